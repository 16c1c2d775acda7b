// The extension on VS Code for the Web (vscode.dev, github.dev): the server runs in a web worker
// (dist/browser/server.js). Files there come from virtual file systems too.

import * as vscode from 'vscode';
import { BrowserMessageReader, BrowserMessageWriter, LanguageClient, type MessageTransports } from 'vscode-languageclient/browser';
import { activateWith, type MarsExtensionApi } from './activate';

export { deactivate } from './activate';

// What this file uses of web workers (the project's typings have no DOM lib).
declare const Worker: new (url: string) => WebWorker;
interface WebWorker {
  terminate(): void;
}

export function activate(context: vscode.ExtensionContext): MarsExtensionApi {
  const script = vscode.Uri.joinPath(context.extensionUri, 'dist/browser/server.js');
  let url: Promise<string> | undefined;
  let worker: WebWorker | undefined;
  context.subscriptions.push({ dispose: () => worker?.terminate() });
  // A new worker for each start: a restart must not talk to the worker the stopped client left.
  // Transports, not the worker: the client tells a worker by `instanceof Worker`, which VS Code's
  // own Worker in its web worker host does not pass.
  const transports = async (): Promise<MessageTransports> => {
    worker?.terminate();
    // A failed fetch is tried again at the next start (Mars: Restart Language Server).
    url ??= workerUrl(script, context).catch((e: unknown) => {
      url = undefined;
      throw e;
    });
    const port = (worker = new Worker(await url)) as unknown as ConstructorParameters<typeof BrowserMessageReader>[0];
    return { reader: new BrowserMessageReader(port), writer: new BrowserMessageWriter(port) };
  };
  return activateWith(context, {
    newClient: (id, name, options) => new LanguageClient(id, name, transports, options),
  });
}

/**
 * Where the server's worker starts from. VS Code's web worker host starts no worker from a script
 * of an extension served by a remote (`vscode-remote:`, a web extension run from a VS Code server)
 * but fetches from there: the script is then fetched once and started from its text.
 */
async function workerUrl(script: vscode.Uri, context: vscode.ExtensionContext): Promise<string> {
  if (script.scheme !== 'vscode-remote') return script.toString(true);
  const response = await fetch(script.toString(true));
  if (!response.ok) throw new Error(`${script.toString(true)}: ${response.status} ${response.statusText}`);
  const url = URL.createObjectURL(new Blob([await response.text()], { type: 'text/javascript' }));
  context.subscriptions.push({ dispose: () => URL.revokeObjectURL(url) });
  return url;
}
