// The language server core, independent of how it is connected (`node/main.ts` and
// `browser/main.ts` pass their connections). Thin glue: documents in, analysis, LSP results out.
// What the handlers share is made here and passed to the modules that register them, in this order.

import type { Connection } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { NameCheck } from '../features/fileName';
import { NOTHING_TAKEN } from './clientTakes';
import { listenCodeActions } from './codeActionRequests';
import type { ServerContext, ServerHost } from './context';
import { documentStates } from './documentStates';
import { listenLifecycle } from './lifecycle';
import { documentDiagnostics, listenDocuments, openDocuments } from './openDocuments';
import { listenPositionRequests } from './positionRequests';
import { requests } from './requests';
import { SettingsCache } from './settings';

export type { ServerHost } from './context';

export function startServer(connection: Connection, host: ServerHost = {}): void {
  const documents = openDocuments(connection);
  const names = new Map<string, NameCheck>();
  const isOpen = (doc: TextDocument, version = doc.version): boolean => documents.get(doc.uri) === doc && doc.version === version;
  const ctx: ServerContext = {
    connection,
    host,
    documents,
    states: documentStates((doc) => isOpen(doc), () => ctx.lifecycle === 'running'),
    settings: new SettingsCache(connection),
    names,
    client: NOTHING_TAKEN,
    workspaceFolders: [],
    lifecycle: 'new',
    nameOf: (uri) => names.get(uri),
    marsDoc: (uri) => (names.get(uri)?.served ? documents.get(uri) : undefined),
    isOpen,
  };
  const r = requests(ctx);
  const diagnostics = documentDiagnostics(ctx, r);
  listenLifecycle(ctx, r, diagnostics.schedulePush);
  diagnostics.listen();
  listenCodeActions(ctx, r);
  listenPositionRequests(ctx, r);

  listenDocuments(documents, connection);
  connection.listen();
}
