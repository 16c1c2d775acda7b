// Long work a request can be cancelled in the middle of. Messages, cancellations among them, are
// read between event-loop turns, so work done in one go cannot notice a cancel: a file-wide fix of
// a large file (a second or more) is done a unit at a time, as are the quick fixes of a request over
// thousands of diagnostics, and every few milliseconds the loop gets a turn to read what arrived.

import type { CancellationToken } from 'vscode-languageserver';

const SLICE_MS = 10;

/** Runs `steps` to its end, or stops at the first turn after `token` is cancelled (null). */
export async function runSteps<T>(steps: Generator<void, T>, token: CancellationToken): Promise<T | null> {
  let since = Date.now();
  for (;;) {
    if (token.isCancellationRequested) return null;
    const step = steps.next();
    if (step.done) return step.value;
    if (Date.now() - since >= SLICE_MS) {
      await turn();
      since = Date.now();
    }
  }
}

/**
 * A checkpoint for work done in an async loop, called between its units: resolves true to go on,
 * having given the event loop a turn when a slice is used up, or false once `token` is cancelled.
 */
export function pace(token: CancellationToken): () => Promise<boolean> {
  let since = Date.now();
  return async () => {
    if (token.isCancellationRequested) return false;
    if (Date.now() - since < SLICE_MS) return true;
    await turn();
    since = Date.now();
    return !token.isCancellationRequested;
  };
}

/**
 * One turn of the event loop, messages read. `setImmediate` where there is one (Node); in a web
 * worker a message to itself: a timer waits at least 1 ms there, and 4 ms once timers nest, nearly
 * half of a slice spent idle.
 */
const turn: () => Promise<void> = typeof setImmediate === 'function'
  ? () => new Promise((resolve) => setImmediate(resolve))
  : typeof MessageChannel === 'function' ? selfMessages() : () => new Promise((resolve) => setTimeout(resolve, 0));

function selfMessages(): () => Promise<void> {
  const channel = new MessageChannel();
  const waiting: Array<() => void> = [];
  // The DOM's `onmessage` (which also starts the port); the project's typings are Node's.
  (channel.port1 as unknown as { onmessage: () => void }).onmessage = () => waiting.shift()?.();
  return () => new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
}
