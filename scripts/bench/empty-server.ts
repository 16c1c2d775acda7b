// The floor for any Node language server: the same vscode-languageserver connection and document
// sync as the real server, and nothing else. On didOpen it publishes empty diagnostics, so the
// benchmark can time spawn -> first diagnostics against the real server's cold start.
import { createConnection, ProposedFeatures, TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);

connection.onInitialize(() => ({
  capabilities: { textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental } },
  serverInfo: { name: 'empty-server', version: '0.0.0' },
}));

documents.onDidOpen((e) => {
  void connection.sendDiagnostics({ uri: e.document.uri, version: e.document.version, diagnostics: [] });
});

documents.listen(connection);
connection.listen();
