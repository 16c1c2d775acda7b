// Initialize, initialized and shutdown, and what the client tells of around the documents: a
// change of settings, of watched files, of workspace folders; and what no handler takes.

import {
  CodeActionKind, DidChangeConfigurationNotification, DidChangeWatchedFilesNotification, ErrorCodes, type InitializeError, type InitializeParams,
  type InitializeResult, ResponseError, TextDocumentSyncKind,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { nameCheck } from '../features/fileName';
import { MANIFEST_GLOBS, touchesManifests } from '../features/mcpServers';
import { DIAGNOSTIC_SOURCE, FILE_GLOB, FIX_ALL_KIND, marsName, SETTINGS_SECTION, type MarsSettings } from '../protocol';
import { version } from '../../../package.json';
import { clientTakes, folderUris, foldersOf } from './clientTakes';
import type { ServerContext } from './context';
import { IGNORED_NOTIFICATION, NotParams } from './incoming';
import type { Requests } from './requests';
import { settingsFrom } from './settings';
import { briefName } from './told';

/** `schedulePush`: see `DocumentDiagnostics`. */
export function listenLifecycle(ctx: ServerContext, { refuseUnlessRunning }: Requests, schedulePush: (doc: TextDocument, settle?: number) => void): void {
  const { connection, host, documents, settings, names } = ctx;

  connection.onInitialize((params: InitializeParams): InitializeResult | ResponseError<InitializeError> => {
    if (ctx.lifecycle !== 'new') return new ResponseError(ErrorCodes.InvalidRequest, 'initialize was already sent', { retry: false });
    const client = clientTakes(params);
    ctx.client = client;
    ctx.workspaceFolders = foldersOf(params);
    settings.supported = !!(params.capabilities ?? {}).workspace?.configuration;
    ctx.lifecycle = 'running';
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        diagnosticProvider: client.pull ? { identifier: DIAGNOSTIC_SOURCE, interFileDependencies: false, workspaceDiagnostics: false } : undefined,
        // CodeActionOptions only for a client that takes CodeAction literals (LSP 3.17).
        codeActionProvider: client.literals ? { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND], resolveProvider: true } : true,
        executeCommandProvider: client.commands.size > 0 ? { commands: [...client.commands] } : undefined,
        completionProvider: { triggerCharacters: ['"', "'", '(', '/', '[', ',', ' '] },
        hoverProvider: true,
        definitionProvider: host.mcpServers ? true : undefined,
        workspace: client.folderChanges ? { workspaceFolders: { supported: true, changeNotifications: true } } : undefined,
      },
      serverInfo: { name: 'mars-toml', version },
    };
  });

  // Dropped, as the protocol lets a server drop what it cannot read: a changed document's copy is then out of step.
  connection.onNotification(IGNORED_NOTIFICATION, (params: unknown) => {
    if (!(params instanceof NotParams)) return;
    const outOfStep = params.method === 'textDocument/didChange' ? "; the server's copy of the document may differ from the editor's until it is reopened" : '';
    connection.console.warn(`${params.why}: the notification was ignored${outOfStep}`);
  });


  // Requests no handler takes: refused as not initialized (or shut down) first, as for the others.
  connection.onRequest((method: string) => {
    refuseUnlessRunning();
    throw new ResponseError(ErrorCodes.MethodNotFound, `Unhandled method ${briefName(method)}`);
  });

  // Once: a client that sends `initialized` again would otherwise get each registration twice (two
  // watchers, each change told twice).
  let initialized = false;
  connection.onInitialized(() => {
    if (initialized) return;
    initialized = true;
    if (settings.supported && ctx.client.registerConfiguration) void connection.client.register(DidChangeConfigurationNotification.type, { section: SETTINGS_SECTION }).catch(() => undefined);
    // MCP manifests are kept a few seconds (completion asks on every keystroke): the client's
    // watcher tells when one is added, changed or deleted, so none is offered or linked to stale.
    // Mars's files, in any letter case: one added or removed may change what Mars makes of an open
    // document named in other letter cases (`recheckNames`).
    const globs = [...(host.mcpServersChanged ? MANIFEST_GLOBS : []), ...(host.readByMars ? [FILE_GLOB] : [])];
    if (globs.length > 0 && ctx.client.registerWatchers) {
      void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: globs.map((globPattern) => ({ globPattern })) }).catch(() => undefined);
    }
    // The folders completion looks in for `mcp/<name>/mcp.toml`, kept as the user adds and removes
    // them. The library passes the event on as it came: read as the folders of initialize are.
    if (ctx.client.folderChanges) {
      connection.workspace.onDidChangeWorkspaceFolders((event: unknown) => {
        const { added, removed } = (event ?? {}) as { added?: unknown; removed?: unknown };
        const gone = new Set(folderUris(removed));
        ctx.workspaceFolders = [...new Set([...ctx.workspaceFolders.filter((f) => !gone.has(f)), ...folderUris(added)])];
      });
    }
  });
  // Also from a client that watches files of its own accord (and may tell of every file).
  connection.onDidChangeWatchedFiles((params) => {
    if (!Array.isArray(params?.changes)) return;
    if (params.changes.some((c) => touchesManifests(c?.uri))) host.mcpServersChanged?.();
    if (params.changes.some((c) => marsName(c?.uri) !== null)) recheckNames();
  });

  /**
   * What Mars makes of an open document named in other letter cases, asked again: its file saved
   * for the first time (a new file is not on disk when it opens, so the server could not tell), or
   * a file of the exact name added beside it or removed. A document whose verdict changed gets its
   * diagnostics anew.
   */
  const recheckNames = () => {
    if (ctx.lifecycle !== 'running') return;
    let changed = false;
    for (const [uri, before] of names) {
      if (before.diagnostic === null) continue; // named exactly: served whatever the file system says
      const now = nameCheck(uri, host.readByMars);
      if (!now || (now.served === before.served && now.diagnostic?.message === before.diagnostic.message)) continue;
      names.set(uri, now);
      changed = true;
      const doc = documents.get(uri);
      if (doc) schedulePush(doc, 0);
    }
    if (changed && ctx.client.pull) refreshPulled();
  };
  const refreshPulled = () => {
    if (ctx.client.refresh) void connection.languages.diagnostics.refresh().catch((e: unknown) => connection.console.warn(`diagnostic refresh failed: ${briefName(String(e))}`));
  };
  // Settings that came after the defaults were used for a document (a slow client): its diagnostics are made again with them.
  settings.answeredLate = (uri) => {
    if (ctx.lifecycle !== 'running') return;
    const doc = ctx.marsDoc(uri);
    if (!ctx.client.pull) {
      if (doc) schedulePush(doc, 0);
    } else refreshPulled();
  };
  connection.onShutdown(() => {
    refuseUnlessRunning(); // a second shutdown is an invalid request
    ctx.lifecycle = 'shut down';
    for (const s of ctx.states.values()) if (s.timer) clearTimeout(s.timer);
  });

  connection.onDidChangeConfiguration((change) => {
    settings.forget();
    // Once shut down (a client's mistake to tell of a change then), nothing more is sent: no refresh asked, no message shown.
    if (ctx.lifecycle !== 'running') return;
    // Without workspace/configuration, the settings are what this message carries: none means the defaults.
    // (Only what the server reads is told of: with workspace/configuration, the payload is no settings.)
    const payload = (change.settings as Partial<Record<typeof SETTINGS_SECTION, MarsSettings>> | null)?.[SETTINGS_SECTION];
    settings.global = settings.supported ? settingsFrom(payload) : settings.read(payload);
    if (!ctx.client.pull) for (const doc of documents.all()) schedulePush(doc);
    else refreshPulled();
  });
}
