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
  let worker: WebWorker | undefined;
  // A new worker for each start: a restart must not talk to the worker the stopped client left.
  // Transports, not the worker: the client tells a worker by `instanceof Worker`, which VS Code's
  // own Worker in its web worker host does not pass.
  const transports = async (): Promise<MessageTransports> => {
    worker?.terminate();
    const port = (worker = await serverWorker(script)) as unknown as ConstructorParameters<typeof BrowserMessageReader>[0];
    return { reader: new BrowserMessageReader(port), writer: new BrowserMessageWriter(port) };
  };
  return activateWith(context, {
    schemes: ['file', 'untitled', 'vscode-vfs', 'vscode-remote', 'vscode-test-web'],
    newClient: (id, name, options) => new LanguageClient(id, name, transports, options),
  });
}

/**
 * The server's worker. VS Code's web worker host starts no worker from a script of an extension
 * served by a remote (`vscode-remote:`, a web extension run from a VS Code server) but fetches from
 * there: the script is then started from its text.
 */
async function serverWorker(script: vscode.Uri): Promise<WebWorker> {
  if (script.scheme !== 'vscode-remote') return new Worker(script.toString(true));
  const response = await fetch(script.toString(true));
  if (!response.ok) throw new Error(`${script.toString(true)}: ${response.status} ${response.statusText}`);
  return new Worker(URL.createObjectURL(new Blob([await response.text()], { type: 'text/javascript' })));
}
