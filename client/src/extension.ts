// The extension on the desktop and remote hosts: the server runs as a Node process (dist/server.js).
// Over stdio, since there the server writes a big file's diagnostics from JSON it keeps per section
// (Node IPC would serialize every diagnostic again on each push).

import * as vscode from 'vscode';
import { LanguageClient, type ServerOptions, TransportKind } from 'vscode-languageclient/node';
import { activateWith, type MarsExtensionApi } from './activate';

export type { MarsExtensionApi } from './activate';
export { deactivate } from './activate';

export function activate(context: vscode.ExtensionContext): MarsExtensionApi {
  const module = context.asAbsolutePath('dist/server.js');
  // The server's code cache (a quarter of its cold start) lives in the extension's own storage,
  // which only the user can write (server/src/node/codeCache.ts).
  const storage = context.globalStorageUri;
  const codeCache = storage.scheme === 'file' ? vscode.Uri.joinPath(storage, 'code-cache').fsPath : undefined;
  const args = codeCache ? [`--code-cache=${codeCache}`] : [];
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.stdio, args },
    debug: { module, transport: TransportKind.stdio, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  return activateWith(context, {
    newClient: (id, name, options) => new LanguageClient(id, name, serverOptions, options),
    codeCache,
  });
}
