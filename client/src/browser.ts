// The extension on VS Code for the Web (vscode.dev, github.dev): the server runs in a web worker
// (dist/browser/server.js). Files there come from virtual file systems too.

import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/browser';
import { activateWith, type MarsExtensionApi } from './activate';

export { deactivate } from './activate';

// What this file uses of web workers (the project's typings have no DOM lib).
declare const Worker: new (url: string) => WebWorker;
interface WebWorker {
  terminate(): void;
}

export function activate(context: vscode.ExtensionContext): MarsExtensionApi {
  const script = vscode.Uri.joinPath(context.extensionUri, 'dist/browser/server.js').toString(true);
  let worker: WebWorker | undefined;
  // A new worker for each start: a restart must not talk to the worker the stopped client left.
  const newWorker = () => {
    worker?.terminate();
    return (worker = new Worker(script));
  };
  return activateWith(context, {
    schemes: ['file', 'untitled', 'vscode-vfs', 'vscode-remote', 'vscode-test-web'],
    newClient: (id, name, options) => new LanguageClient(id, name, async () => newWorker(), options),
  });
}
