// Pulled diagnostics are asked for without a version; vscode-languageclient sets an answer that
// comes back after the user typed on, unless it had cancelled the request first, and a keystroke
// can land before its change is sent. Set on the newer text, such a report puts squiggles where the
// old text had them (a syntax error of a half-typed state flashes on a line now valid), so it is
// dropped: thrown as cancelled, the client asks again for the text as it is.

/** `ask()`'s answer, or `typedPast()` thrown when `version()` moved while it was asked. */
export async function forTheVersionAsked<T>(version: () => number | undefined, ask: () => T | PromiseLike<T>, typedPast: () => unknown): Promise<T> {
  const asked = version();
  const report = await ask();
  if (asked !== undefined && version() !== asked) throw typedPast();
  return report;
}
