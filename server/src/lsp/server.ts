// The language server core, independent of how it is connected (`node/main.ts` and
// `browser/main.ts` pass their connections). Thin glue: documents in, analysis, LSP results out.

import {
  type CancellationToken, type CodeAction, type Command, type Connection, type Diagnostic,
  DidChangeConfigurationNotification, DidChangeWatchedFilesNotification, DocumentDiagnosticReportKind, ErrorCodes, type InitializeError, type InitializeParams, type InitializeResult,
  type MarkupContent, MarkupKind, type Range, type TextDocumentEdit, TextDocumentSyncKind, TextDocuments, CodeActionKind, LSPErrorCodes, ResponseError,
  type WorkspaceEdit, type Location, type LocationLink, DiagnosticTag,
} from 'vscode-languageserver';
import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { visibleFindings, type Analysis } from '../analysis/analyze';
import { crossFindingsShown, DocumentAnalyzer, documentFixAllSteps, definesOutside, outsideOf, placed, refusedOutside, syntaxErrorOutside, tablesBelowToolsOutside, unitAt, type DocumentAnalysis, type Unit } from '../analysis/document';
import { lineStartAt, type Lines } from '../toml/lineIndex';
import type { SeverityOverrides } from '../analysis/codes';
import { codeActions, isFixAllData, resolveFixAll, type FixAll, type FixAllData } from '../features/codeActions';
import { completions, itemsAsClientTakes, type CompletionClient } from '../features/completion';
import { hover } from '../features/hover';
import { MANIFEST_GLOBS, manifestsOf, mcpServerAt, touchesManifests, type McpManifest } from '../features/mcpServers';
import { APPLY_EDIT_COMMAND, DIAGNOSTIC_SOURCE, FILE_GLOB, FIX_ALL_COMMAND, FIX_ALL_KIND, marsName, SETTINGS_SECTION, SUGGEST_COMMAND_OPTION, type MarsSettings } from '../protocol';
import { version } from '../../../package.json';
import { isPosition, isPositionIn, isRange, isRangeIn, SEVERITY, toDiagnostic, versionedEdit, withoutVersions, type DiagnosticClient } from '../features/convert';
import { nameCheck, renameAction, type NameCheck, type ReadByMars } from '../features/fileName';
import { plainText } from '../features/plainText';
import type { CodeSet } from '../analysis/suppress';
import type { Finding } from '../analysis/findings';
import { applyContentChanges, type ContentChange } from './contentChanges';
import { concatRuns, EncodedRun } from './encodedRuns';
import { capped } from './problemCap';
import { SettingsCache, settingsFrom } from './settings';
import { briefly, briefName, kindOf, writable } from './told';
import { IGNORED_NOTIFICATION, isObject, NotParams } from './incoming';
import { pace, runSteps } from './steps';

/**
 * Pushed diagnostics wait until edits stop arriving for this long: enough for the edits already
 * in the pipe (the connection handles one message per event-loop turn) to be applied first,
 * short enough that a keystroke's squiggle is not visibly late.
 */
const SETTLE_MS = 5;
/** ...but a continuous flood of edits still gets diagnostics this often. */
const MAX_WAIT_MS = 150;

interface DocState {
  readonly analyzer: DocumentAnalyzer;
  /**
   * Stamps the document's text, from one count for every document that only grows: what its
   * analyses are kept by, and what a command's edit is checked against. Not its version, which a
   * client that breaks the protocol may send twice for two texts, and which a close and reopen
   * starts again.
   */
  stamp: number;
  cached?: { readonly stamp: number; readonly analysis: DocumentAnalysis };
  /** An analysis made a few sections at a time (see `analysisSoon`), for this text. */
  running?: { readonly stamp: number; readonly analysis: Promise<DocumentAnalysis | null> };
  /** A push is scheduled; it will analyse whatever version is newest when it runs. */
  timer?: ReturnType<typeof setTimeout>;
  /** When the first edit not yet analysed arrived. */
  since?: number;
  /** A push is being made or written; `again`: the timer fired meanwhile, and the next starts once it is written. */
  publishing?: boolean;
  again?: boolean;
}


/** What the server needs from its host that a browser could not give: the file system. */
export interface ServerHost {
  /**
   * MCP servers declared near a document (`mcp/<name>/mcp.toml`), for completion in `mcp(` and go
   * to definition: `'soon'` may answer with what was read a few seconds ago, `'fresh'` may not.
   */
  mcpServers?(documentUri: string, workspaceFolders: readonly string[], want: 'soon' | 'fresh'): Promise<readonly McpManifest[]>;
  /** The client's file watcher told of a change under an `mcp/` folder: `mcpServers` reads the disk again when next asked. */
  mcpServersChanged?(): void;
  /**
   * Every message is written by `encodeMessage` (see encodedRuns.ts), so lists of diagnostics can
   * leave their items unmade; another transport needs them made.
   */
  readonly encodesRuns?: boolean;
  /** Diagnostics were made for a document (each time): the Node entry then writes its code cache, which holds the code that ran. */
  diagnosed?(): void;
  /** Whether Mars reads a document named as its file in other letter cases (`Mars.toml`): see `ReadByMars`. Without it, the server cannot tell. */
  readonly readByMars?: ReadByMars;
}

function codeSetKey(set: CodeSet | null): string {
  return set === null ? '' : set === 'all' ? '*' : [...set].sort().join(',');
}

/**
 * The column of the document where a unit's analysis starts its line 0: 0, but for a section cut
 * after the byte order marks first on its line (`U+FEFF[[skills]]` below the first line: see
 * `sectionCut`), which stay the section before's; its header line's diagnostics were a column short
 * per mark (and so got no quick fix, whose range is the document's). A piece analysed under a hidden
 * header starts at a line start.
 */
function startColumn(text: string, u: Unit): number {
  if (u.base !== u.start) return 0;
  return u.start - lineStartAt(text, u.start);
}

/** `lines` with the characters of line 0 counted from `column`. */
function shiftedFirstLine(lines: Lines, column: number): Pick<Lines, 'position'> {
  return {
    position(offset) {
      const p = lines.position(offset);
      return p.line === 0 ? { line: 0, character: p.character + column } : p;
    },
  };
}

function shiftDiagnostic(d: Diagnostic, lines: number): Diagnostic {
  const range = (r: Range): Range => ({ start: { line: r.start.line + lines, character: r.start.character }, end: { line: r.end.line + lines, character: r.end.character } });
  const out: Diagnostic = { ...d, range: range(d.range) };
  if (d.relatedInformation) out.relatedInformation = d.relatedInformation.map((r) => ({ ...r, location: { uri: r.location.uri, range: range(r.location.range) } }));
  return out;
}


/**
 * Apply content changes in order (`contentChanges.ts`). A change that is not one (a position not of
 * whole numbers, text not a string: a client's bug) is left out and told to `bad`: applied, it would
 * corrupt the text for good.
 */
function applyChanges(doc: TextDocument, changes: TextDocumentContentChangeEvent[], version: number, bad: (why: string) => void): TextDocument {
  const valid: ContentChange[] = [];
  for (const change of Array.isArray(changes) ? changes : []) {
    if (typeof change?.text !== 'string') bad('a change without its text');
    else if (!('range' in change)) valid.push({ text: change.text });
    else if (!isRange(change.range)) bad(`a change whose range is not of whole numbers (${briefly(change.range)})`);
    else valid.push({ text: change.text, range: change.range });
  }
  return applyContentChanges(doc, valid, version);
}

/** A list the client declared, or none: a capability of another shape is read as not declared. */
const declared = (v: unknown): readonly unknown[] => (Array.isArray(v) ? v : []);

/** The URIs of a list of workspace folders the client sent, each once; what is not a folder with a string URI is passed over. */
const folderUris = (list: unknown): string[] =>
  [...new Set(declared(list).map((f) => (f as { uri?: unknown } | null)?.uri).filter((u): u is string => typeof u === 'string'))];

/** The edit a `mars.applyEdit` command carries: what `versionedEdit` makes, each document named with its version. */
function isVersionedEdit(e: unknown): e is WorkspaceEdit & { documentChanges: TextDocumentEdit[] } {
  const changes = (e as WorkspaceEdit | null)?.documentChanges;
  return Array.isArray(changes) && changes.length > 0 && changes.every((change: unknown) => {
    const c = change as Partial<TextDocumentEdit> | null;
    return typeof c?.textDocument?.uri === 'string' && Number.isInteger(c.textDocument.version) && Array.isArray(c.edits)
      && c.edits.every((t: unknown) => isRange((t as { range?: unknown } | null)?.range) && typeof (t as { newText?: unknown }).newText === 'string');
  });
}

export function startServer(connection: Connection, host: ServerHost = {}): void {
  // What a client sends is checked before it is applied: a document of bad parts would fail every request on it.
  const outOfStep = (uri: string, why: string) =>
    connection.console.warn(`${briefName(uri)}: ${why} was not applied; the server's copy of the document may differ from the editor's until it is reopened`);
  const documents = new TextDocuments<TextDocument>({
    create: (uri, languageId, version, text) => {
      if (typeof text !== 'string') outOfStep(uri, 'an open without the text');
      return TextDocument.create(uri, languageId, Number.isInteger(version) ? version : 0, typeof text === 'string' ? text : '');
    },
    update: (doc, changes, version) => applyChanges(doc, changes, Number.isInteger(version) ? version : doc.version + 1, (why) => outOfStep(doc.uri, why)),
  });
  const states = new Map<string, DocState>();
  // The last stamp given to a text (see `DocState.stamp`).
  let lastStamp = 0;
  const settings = new SettingsCache(connection);
  let pull = false;
  let workspaceFolders: string[] = [];
  /** The client tells of folders added and removed (VS Code's multi-root workspaces). */
  let folderChanges = false;
  let resolveEdits = false;
  let diagnosticClient: DiagnosticClient = { related: false, unnecessary: false };
  // What the client said it takes (initialize); nothing is sent that it did not offer.
  let refresh = false;
  let registerConfiguration = false;
  let registerWatchers = false;
  let documentChanges = false;
  /** Whether the client applies a workspace edit's file renames (`renameAction`). */
  let renamesFiles = false;
  let markdownHover = false;
  let definitionLinks = false;
  let literals = false;
  let applyEdit = false;
  /** The server's commands this client is offered (`executeCommandProvider`), and the only ones it runs. */
  let commands: ReadonlySet<string> = new Set();
  let completionClient: CompletionClient = { snippets: false, markdown: false, kinds: new Set() };
  /** The client's command that opens the completion list, if it named one (SUGGEST_COMMAND_OPTION). */
  let suggest: Command | null = null;
  let lifecycle: 'new' | 'running' | 'shut down' = 'new';

  /**
   * What the server does with each open document of a Mars file's name (`nameCheck`), decided when
   * it is opened: not every TOML file an editor attaches it to is one, and one named in other letter
   * cases is served only where Mars reads it.
   */
  const names = new Map<string, NameCheck>();
  const nameOf = (uri: string): NameCheck | undefined => names.get(uri);

  /** An open document the server speaks for: mars.toml or mars.local.toml (or, where Mars reads it, Mars.toml). */
  const marsDoc = (uri: string): TextDocument | undefined => (nameOf(uri)?.served ? documents.get(uri) : undefined);

  /** Whether `doc` is still the open document of its URI (edits update it in place; a reopen makes another), at `version` if given. */
  const isOpen = (doc: TextDocument, version = doc.version): boolean => documents.get(doc.uri) === doc && doc.version === version;

  const stateOf = (uri: string): DocState => {
    let s = states.get(uri);
    if (!s) states.set(uri, (s = { analyzer: new DocumentAnalyzer(), stamp: ++lastStamp }));
    return s;
  };

  const dropState = (uri: string) => {
    const state = states.get(uri);
    if (state?.timer) clearTimeout(state.timer);
    states.delete(uri);
  };

  /** The analysis of the document's current text, computed once per text (of an open document: kept under its URI). */
  const analysisOf = (doc: TextDocument): DocumentAnalysis => {
    const state = stateOf(doc.uri);
    if (state.cached?.stamp !== state.stamp) state.cached = { stamp: state.stamp, analysis: state.analyzer.analyze(doc.getText()) };
    return state.cached.analysis;
  };

  /**
   * The same, made a few sections at a time with the event loop free in between (see steps.ts): the
   * first analysis of a 10 MB file takes many seconds, and meanwhile other documents, requests and
   * edits are served. Null when the document changed or closed first: the run is dropped, and
   * what it made is reused by the next (see DocumentAnalyzer.analyzeSteps).
   */
  const analysisSoon = (doc: TextDocument): Promise<DocumentAnalysis | null> => {
    // A document closed and opened again may come back at the same version with another text: a
    // request still holding the closed one must not analyse it into the new document's state.
    if (!isOpen(doc)) return Promise.resolve(null);
    const state = stateOf(doc.uri);
    const stamp = state.stamp;
    if (state.cached?.stamp === stamp) return Promise.resolve(state.cached.analysis);
    if (state.running?.stamp === stamp) return state.running.analysis;
    const outdated = { get isCancellationRequested() { return !isOpen(doc) || state.stamp !== stamp || lifecycle !== 'running'; } } as CancellationToken;
    const analysis = runSteps(state.analyzer.analyzeSteps(doc.getText()), outdated).then((da) => {
      if (state.running?.analysis === analysis) state.running = undefined;
      if (da && state.cached?.stamp !== stamp) state.cached = { stamp, analysis: da };
      return da;
    });
    state.running = { stamp, analysis };
    return analysis;
  };

  /**
   * What makes a unit's diagnostics when they are first asked for, kept with them. Made out here, as
   * it holds nothing but its arguments: a closure made inside `diagnosticsOf` kept that call's scope
   * (V8 shares it among the closures made there), and with it the whole analysis `da` of its
   * version, every section and the diagnostics they kept in turn, version after version (the 1 MB
   * bench file past 1 GB after 1,000 edits).
   */
  const diagnosticMaker = (uri: string, lines: Pick<Lines, 'position'>) => (f: Finding) => toDiagnostic(uri, lines, f, diagnosticClient);

  // Each section's diagnostics are converted (and encoded) once and kept with the section's
  // analysis (which is reused while its text is unchanged), placed at the section's line; when the
  // section moves, they are moved by the difference.
  const converted = new WeakMap<Analysis, { readonly key: string; line: number; run: EncodedRun<Diagnostic, Finding> }>();
  // `note`: what the document's name calls for (`nameCheck`), first.
  const diagnosticsOf = (uri: string, da: DocumentAnalysis, overrides: SeverityOverrides, maxProblems: number, note: Diagnostic | null = null): Diagnostic[] => {
    const documentKey = `${uri}\u0000${JSON.stringify(overrides)}\u0000${codeSetKey(da.fileSuppressed)}`;
    const runs: Array<EncodedRun<Diagnostic, Finding>> = [];
    for (let i = 0; i < da.units.length; i++) {
      const u = da.units[i]!;
      // Without what the other units define, which only a finding's fixes read: it holds the whole
      // analysis `da`, and the findings kept here for the versions after it (as long as the unit's
      // text stays) held every older version's in turn.
      const { defines: _, ...outside } = outsideOf(da, i);
      // What from outside the unit decides what it shows: its header's suppressions, and an earlier piece's syntax error.
      const column = startColumn(da.text, u);
      const key = `${documentKey}${outside.header === null ? '' : `\u0000${codeSetKey(outside.header)}`}${outside.unreadableBefore ? '\u0000after an error' : ''}${column ? `\u0000column ${column}` : ''}`;
      let c = converted.get(u.analysis);
      if (c?.key !== key) {
        const lines = column ? shiftedFirstLine(u.analysis.lines, column) : u.analysis.lines;
        c = { key, line: 0, run: new EncodedRun(visibleFindings(u.analysis, overrides, outside), diagnosticMaker(uri, lines)) };
        converted.set(u.analysis, c);
      }
      if (c.line !== u.startLine) {
        const by = u.startLine - c.line;
        c.run = c.run.moved(by, shiftDiagnostic);
        c.line = u.startLine;
      }
      runs.push(c.run);
    }
    runs.push(new EncodedRun(crossFindingsShown(da, overrides), diagnosticMaker(uri, da.lines)));
    host.diagnosed?.();
    // With a note (a file named in other letter cases, seldom), the list is made whole to put it first.
    if (note) return [note, ...(capped(runs, maxProblems, (f) => SEVERITY[f.severity], 1) ?? concatRuns(runs))];
    return capped(runs, maxProblems, (f) => SEVERITY[f.severity]) ?? concatRuns(runs, host.encodesRuns);
  };

  /**
   * Refuses requests outside the running state, as the protocol says, then params that are none
   * (`NotParams`); a failure is logged and answered with `fallback(...args)`.
   */
  const guard = <A extends unknown[], R>(name: string, fallback: (...args: NoInfer<A>) => R, fn: (...args: A) => R | Promise<R>) =>
    async (...args: A): Promise<R> => {
      refuseUnlessRunning();
      const params: unknown = args[0];
      if (params instanceof NotParams) throw new ResponseError(ErrorCodes.InvalidParams, params.why);
      try {
        return await fn(...args);
      } catch (e) {
        if (e instanceof ResponseError) throw e; // an answer, such as "cancelled"
        connection.console.error(`${name} failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
        return fallback(...args);
      }
    };
  const refuseUnlessRunning = () => {
    if (lifecycle === 'new') throw new ResponseError(ErrorCodes.ServerNotInitialized, 'the server is not initialized');
    if (lifecycle === 'shut down') throw new ResponseError(ErrorCodes.InvalidRequest, 'the server is shut down');
  };

  connection.onInitialize((params: InitializeParams): InitializeResult | ResponseError<InitializeError> => {
    if (lifecycle !== 'new') return new ResponseError(ErrorCodes.InvalidRequest, 'initialize was already sent', { retry: false });
    // Capabilities are read defensively (a list where a list is due, else none): a client's odd but
    // harmless declaration must not fail initialize, after which the server could never start.
    const caps = params.capabilities ?? {};
    const text = caps.textDocument;
    workspaceFolders = Array.isArray(params.workspaceFolders) ? folderUris(params.workspaceFolders) : typeof params.rootUri === 'string' ? [params.rootUri] : [];
    folderChanges = caps.workspace?.workspaceFolders === true;
    pull = !!text?.diagnostic;
    // LSP 3.17: without literal support, code actions are sent as Commands (see onCodeAction).
    literals = !!text?.codeAction?.codeActionLiteralSupport;
    applyEdit = !!caps.workspace?.applyEdit;
    // A deferred fix-all needs the client to send back both its data and ask for its edit.
    resolveEdits = literals && declared(text?.codeAction?.resolveSupport?.properties).includes('edit') && !!text?.codeAction?.dataSupport;
    commands = new Set([
      // Without literals, every action is a command that applies its edit.
      ...(!literals && applyEdit ? [APPLY_EDIT_COMMAND] : []),
      // A fix-all the client cannot resolve is computed when run, not in every lightbulb request.
      ...(!resolveEdits && applyEdit ? [FIX_ALL_COMMAND] : []),
    ]);
    refresh = !!caps.workspace?.diagnostics?.refreshSupport;
    registerConfiguration = !!caps.workspace?.didChangeConfiguration?.dynamicRegistration;
    registerWatchers = !!caps.workspace?.didChangeWatchedFiles?.dynamicRegistration;
    markdownHover = declared(text?.hover?.contentFormat).includes(MarkupKind.Markdown);
    definitionLinks = text?.definition?.linkSupport === true;
    completionClient = {
      snippets: !!text?.completion?.completionItem?.snippetSupport,
      markdown: declared(text?.completion?.completionItem?.documentationFormat).includes(MarkupKind.Markdown),
      kinds: new Set(declared(text?.completion?.completionItemKind?.valueSet).filter((k): k is number => typeof k === 'number')),
    };
    const suggestCommand: unknown = (params.initializationOptions as Record<string, unknown> | null | undefined)?.[SUGGEST_COMMAND_OPTION];
    suggest = typeof suggestCommand === 'string' && suggestCommand !== '' ? { title: 'Suggest', command: suggestCommand } : null;
    documentChanges = !!caps.workspace?.workspaceEdit?.documentChanges;
    renamesFiles = documentChanges && declared(caps.workspace?.workspaceEdit?.resourceOperations).includes('rename');
    // Pull clients of LSP 3.17 declare what they show of diagnostics only where they are pushed (3.18 both places).
    const shows = <K extends 'relatedInformation' | 'tagSupport'>(k: K) => (pull ? text?.diagnostic?.[k] : undefined) ?? text?.publishDiagnostics?.[k];
    diagnosticClient = {
      related: !!shows('relatedInformation'),
      unnecessary: declared(shows('tagSupport')?.valueSet).includes(DiagnosticTag.Unnecessary),
    };
    settings.supported = !!caps.workspace?.configuration;
    lifecycle = 'running';
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        diagnosticProvider: pull ? { identifier: DIAGNOSTIC_SOURCE, interFileDependencies: false, workspaceDiagnostics: false } : undefined,
        // CodeActionOptions only for a client that takes CodeAction literals (LSP 3.17).
        codeActionProvider: literals ? { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND], resolveProvider: true } : true,
        executeCommandProvider: commands.size > 0 ? { commands: [...commands] } : undefined,
        completionProvider: { triggerCharacters: ['"', "'", '(', '/', '[', ',', ' '] },
        hoverProvider: true,
        definitionProvider: host.mcpServers ? true : undefined,
        workspace: folderChanges ? { workspaceFolders: { supported: true, changeNotifications: true } } : undefined,
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
    if (settings.supported && registerConfiguration) void connection.client.register(DidChangeConfigurationNotification.type, { section: SETTINGS_SECTION }).catch(() => undefined);
    // MCP manifests are kept a few seconds (completion asks on every keystroke): the client's
    // watcher tells when one is added, changed or deleted, so none is offered or linked to stale.
    // Mars's files, in any letter case: one added or removed may change what Mars makes of an open
    // document named in other letter cases (`recheckNames`).
    const globs = [...(host.mcpServersChanged ? MANIFEST_GLOBS : []), ...(host.readByMars ? [FILE_GLOB] : [])];
    if (globs.length > 0 && registerWatchers) {
      void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: globs.map((globPattern) => ({ globPattern })) }).catch(() => undefined);
    }
    // The folders completion looks in for `mcp/<name>/mcp.toml`, kept as the user adds and removes
    // them. The library passes the event on as it came: read as the folders of initialize are.
    if (folderChanges) {
      connection.workspace.onDidChangeWorkspaceFolders((event: unknown) => {
        const { added, removed } = (event ?? {}) as { added?: unknown; removed?: unknown };
        const gone = new Set(folderUris(removed));
        workspaceFolders = [...new Set([...workspaceFolders.filter((f) => !gone.has(f)), ...folderUris(added)])];
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
    if (lifecycle !== 'running') return;
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
    if (changed && pull) refreshPulled();
  };
  const refreshPulled = () => {
    if (refresh) void connection.languages.diagnostics.refresh().catch((e: unknown) => connection.console.warn(`diagnostic refresh failed: ${briefName(String(e))}`));
  };
  connection.onShutdown(() => {
    refuseUnlessRunning(); // a second shutdown is an invalid request
    lifecycle = 'shut down';
    for (const s of states.values()) if (s.timer) clearTimeout(s.timer);
  });

  connection.onDidChangeConfiguration((change) => {
    settings.forget();
    // Without workspace/configuration, the settings are what this message carries: none means the defaults.
    // (Only what the server reads is told of: with workspace/configuration, the payload is no settings.)
    const payload = (change.settings as Partial<Record<typeof SETTINGS_SECTION, MarsSettings>> | null)?.[SETTINGS_SECTION];
    settings.global = settings.supported ? settingsFrom(payload) : settings.read(payload);
    if (!pull) for (const doc of documents.all()) schedulePush(doc);
    else refreshPulled();
  });

  // Push: a flood of edits is coalesced into one analysis of the newest version, never queued.
  // `settle`: how long to wait for more; an open has no flood to wait for (an edit soon after it
  // drops the run, as any edit does).
  const schedulePush = (doc: TextDocument, settle = SETTLE_MS) => {
    if (pull || lifecycle !== 'running' || !nameOf(doc.uri)) return;
    const state = stateOf(doc.uri);
    const now = Date.now();
    state.since ??= now;
    if (state.timer) clearTimeout(state.timer);
    state.timer = setTimeout(() => {
      state.timer = undefined;
      state.since = undefined;
      // One push of a document at a time, the next made once the last is written out: a client that
      // reads slower than a big file's pushes come (typing in the 1 MB bench file, 31,000 problems,
      // 9 MB a push) had them queued in the writer, each for a version already gone, without end
      // (the server out of memory) and each later than the one before.
      if (state.publishing) return void (state.again = true);
      state.publishing = true;
      void publish(doc.uri).catch(() => undefined).finally(() => { // refused only once shut down
        state.publishing = false;
        if (!state.again) return;
        state.again = false;
        if (states.get(doc.uri) === state) schedulePush(doc, 0);
      });
    }, Math.max(0, Math.min(settle, state.since + MAX_WAIT_MS - now)));
  };
  const publish = guard('publishDiagnostics', () => undefined, async (uri: string) => {
    // One Mars does not read (or may not) is told so, and nothing else (`nameCheck`).
    const name = nameOf(uri);
    const unserved = name && !name.served && documents.get(uri);
    if (unserved) return void (await connection.sendDiagnostics({ uri, version: unserved.version, diagnostics: [name.diagnostic] }));
    const doc = marsDoc(uri);
    if (!doc) return;
    // The version now: the document object is updated in place by an edit meanwhile.
    const version = doc.version;
    const [{ overrides, maxProblems }, analysis] = await Promise.all([settings.get(uri), analysisSoon(doc)]);
    if (!analysis || !isOpen(doc, version)) return; // a newer version (or a reopened document) has its own push coming
    // Shut down while the settings came (the analysis stops by itself): the client is done with the server.
    if (lifecycle !== 'running') return;
    await connection.sendDiagnostics({ uri, version, diagnostics: diagnosticsOf(uri, analysis, overrides, maxProblems, nameOf(uri)?.diagnostic ?? null) });
  });

  documents.onDidOpen((e) => {
    // A second open without a close (a client's mistake) replaces the text: nothing of the first is kept.
    dropState(e.document.uri);
    const name = nameCheck(e.document.uri, host.readByMars);
    if (name) names.set(e.document.uri, name);
    else names.delete(e.document.uri);
    // Ask for the document's settings now: the round trip to the client overlaps the settle delay
    // (and a pull request's wait) instead of following it.
    if (name?.served) void settings.get(e.document.uri);
    schedulePush(e.document, 0);
  });
  documents.onDidChangeContent((e) => {
    const state = states.get(e.document.uri);
    if (state) state.stamp = ++lastStamp;
    schedulePush(e.document);
  });
  documents.onDidClose((e) => {
    dropState(e.document.uri);
    settings.forget(e.document.uri);
    if (!pull && nameOf(e.document.uri)) void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
    names.delete(e.document.uri);
  });

  connection.languages.diagnostics.on(guard('diagnostics', () => ({ kind: DocumentDiagnosticReportKind.Full, items: [] as Diagnostic[] }),
    async (params, token: CancellationToken) => {
      const name = nameOf(params?.textDocument?.uri);
      // One Mars does not read (or may not) is told so, and nothing else (`nameCheck`).
      if (name && !name.served) return { kind: DocumentDiagnosticReportKind.Full, items: documents.get(params.textDocument.uri) ? [name.diagnostic] : [] };
      let doc = marsDoc(params?.textDocument?.uri);
      if (!doc) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
      const { overrides, maxProblems } = await settingsOf(doc.uri, token);
      // Made a step at a time; an edit meanwhile starts a run on the new text, which reuses the work.
      let da: DocumentAnalysis | null = null;
      while (doc && lifecycle === 'running' && !token.isCancellationRequested && !(da = await untilCancelled(analysisSoon(doc), token))) doc = marsDoc(params.textDocument.uri);
      // An empty report would clear the squiggles: a cancelled pull is answered as cancelled.
      if (token.isCancellationRequested) throw cancelled();
      // Shut down meanwhile: refused as a request sent after shutdown, not an empty report (no problems) that would clear the squiggles.
      refuseUnlessRunning();
      if (!doc || !da) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
      return { kind: DocumentDiagnosticReportKind.Full, items: diagnosticsOf(doc.uri, da, overrides, maxProblems, nameOf(doc.uri)?.diagnostic ?? null) };
    }));

  // File-wide fixes, computed a unit at a time so that a cancel stops them (see steps.ts).
  const fixAllOf = (da: DocumentAnalysis, overrides: SeverityOverrides, token: CancellationToken): FixAll =>
    (code) => runSteps(documentFixAllSteps(da, overrides, code), token);
  const cancelled = () => new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');

  /**
   * The settings of the document at `uri`, or "cancelled" as soon as `token` is: they may take a round
   * trip to the client (after a change of them), and a request cancelled meanwhile was answered only
   * once they came.
   */
  const settingsOf = async (uri: string, token: CancellationToken) => {
    const read = await untilCancelled(settings.get(uri), token);
    if (!read) throw cancelled();
    return read;
  };

  /**
   * `work`'s result, or null as soon as `token` is cancelled: a pull cancelled during a big file's
   * first analysis was answered only once the analysis was done, seconds later. The work goes on,
   * shared, for the next request to reuse.
   */
  const untilCancelled = <T>(work: Promise<T>, token: CancellationToken): Promise<T | null> => {
    if (token.isCancellationRequested) return Promise.resolve(null);
    return new Promise<T | null>((resolve, reject) => {
      const told = token.onCancellationRequested(() => resolve(null));
      work.then(resolve, reject).finally(() => told.dispose());
    });
  };

  /**
   * Actions are made a step at a time, and an edit may come in between: their edits would then be of
   * a text the client no longer has, and a client without versioned edits would apply them to the
   * new one. So the work stops, and the request fails with ContentModified (LSP 3.17), when the
   * document no longer holds the text of `stamp`.
   */
  const whileHolds = (doc: TextDocument, stamp: number, token: CancellationToken) => {
    // Open (this document object, not one opened again since) and of the same text.
    const holds = () => isOpen(doc) && states.get(doc.uri)?.stamp === stamp;
    const stepToken = { get isCancellationRequested() { return token.isCancellationRequested || !holds(); } } as CancellationToken;
    const check = () => {
      if (token.isCancellationRequested) throw cancelled();
      if (!holds()) throw contentModified();
    };
    return { stepToken, check };
  };
  const contentModified = () => new ResponseError(LSPErrorCodes.ContentModified, 'the document changed while its code actions were made');

  const asClientTakes = (a: CodeAction): CodeAction => (a.edit && !documentChanges ? { ...a, edit: withoutVersions(a.edit) } : a);

  /**
   * An action as a Command, for a client without CodeAction literals (LSP 3.17): the server applies
   * its edit when the command is run (`mars.applyEdit`, through `workspace/applyEdit`), with the
   * stamp of the text it was made for.
   */
  const asCommand = (a: CodeAction, stamp: number): Command => ({ title: a.title, command: APPLY_EDIT_COMMAND, arguments: [a.edit, { stamp }] });

  /**
   * A deferred fix-all as the action that runs it, for a client that cannot resolve it: the command
   * computes its edits when it is run, with the stamp of the text it was offered for.
   */
  const runsFixAll = (a: CodeAction, data: FixAllData, stamp: number): CodeAction => {
    const { data: _, ...rest } = a;
    return { ...rest, command: { title: a.title, command: FIX_ALL_COMMAND, arguments: [data, { stamp }] } };
  };

  connection.onCodeAction(guard('codeAction', () => [], async (params, token: CancellationToken): Promise<Array<CodeAction | Command>> => {
    // A file named in other letter cases is renamed (a client without literals gets no rename: its
    // actions are commands that apply text edits).
    const name = nameOf(params.textDocument?.uri);
    const rename = name && literals && renamesFiles && isRange(params.range) ? renameAction(params.textDocument.uri, name, params.range, params.context ?? { diagnostics: [] }) : null;
    const doc = marsDoc(params.textDocument?.uri);
    // Without literals, an action the client could not apply is no action.
    if (!doc || (!literals && !applyEdit)) return rename ? [rename] : [];
    // The range and diagnostics are of the text held now. The settings may take a round trip to the
    // client (after a change of them), and edits meanwhile would have the actions made for a text the
    // request was not about, at its version: answered as for an edit during the analysis.
    const asked = stateOf(doc.uri).stamp;
    const { overrides } = await settingsOf(doc.uri, token);
    if (!isOpen(doc) || stateOf(doc.uri).stamp !== asked) return [];
    const da = await untilCancelled(analysisSoon(doc), token);
    if (token.isCancellationRequested) throw cancelled();
    if (!da) return []; // the document changed: the client asks again for the new version
    if (!isRangeIn(da.lines, params.range)) return []; // a range the document does not have, as a position (`analysedAt`)
    const stamp = stateOf(doc.uri).stamp; // of the text `da` is of: nothing ran in between
    const { stepToken, check } = whileHolds(doc, stamp, token);
    const lazy = resolveEdits || commands.has(FIX_ALL_COMMAND);
    const actions = await codeActions(doc.uri, doc.version, da, overrides, params.context ?? { diagnostics: [] }, lazy, fixAllOf(da, overrides, stepToken), pace(stepToken));
    check();
    // A deferred fix-all is resolved by a client that can, else run as the server's command.
    const taken = resolveEdits ? actions : actions.map((a) => (!a.edit && isFixAllData(a.data) ? runsFixAll(a, a.data, stamp) : a));
    return literals ? [...(rename ? [rename] : []), ...taken.map(asClientTakes)] : taken.map((a) => a.command ?? asCommand(a, stamp));
  }));

  /** A command's run on a document, until the client has answered its `workspace/applyEdit`. */
  const commandRuns = new Map<string, Promise<unknown>>();

  /**
   * Runs a command on a document once the runs on it before it are done: an edit of this document
   * still being applied changes its text first (the client sends its change before it answers), so
   * a command run twice finds the text changed and applies once.
   */
  const inTurn = (uri: string, run: () => Promise<void>): Promise<void> => {
    const mine = (commandRuns.get(uri) ?? Promise.resolve()).then(run);
    const settled = mine.catch(() => undefined);
    commandRuns.set(uri, settled);
    void settled.then(() => {
      if (commandRuns.get(uri) === settled) commandRuns.delete(uri);
    });
    return mine;
  };

  /**
   * Whether the document still holds the text a command was offered for: its edit, or the fix-all
   * it computes, would land in the wrong place on another. The version alone does not tell (a
   * reopen starts the count again): the server's stamp, the command's second argument, does.
   */
  const stillOffered = (uri: string, version: number | null, args: unknown[] | undefined): boolean =>
    documents.get(uri)?.version === version && (args?.[1] as { stamp?: unknown } | null | undefined)?.stamp === states.get(uri)?.stamp;
  const changedSinceOffered = () => new ResponseError(LSPErrorCodes.ContentModified, 'the document changed since the action was offered');

  const applyThroughClient = async (edit: WorkspaceEdit) => {
    // As the client sent it: null from a client that does not read the request (a TypeError here, once).
    // An error it answered was the command's own answer: whole, or unwritable when nested too deep.
    let result: unknown;
    try {
      result = await connection.workspace.applyEdit(documentChanges ? edit : withoutVersions(edit));
    } catch (e) {
      if (!(e instanceof ResponseError)) throw e;
      const { code, message }: { code: unknown; message: unknown } = e;
      const said = `${typeof code === 'number' ? code : briefly(code)} ${typeof message === 'string' ? briefName(message) : briefly(message)}`;
      return void connection.console.warn(`the edit was not applied: the client refused it (${said})`);
    }
    if (!isObject(result) || typeof result.applied !== 'boolean') {
      const what = isObject(result) && !('applied' in result) ? 'an object without applied' : briefly(result);
      connection.console.warn(`the client answered workspace/applyEdit with ${what}, not { applied: true or false }: whether the edit was applied is not known`);
    } else if (!result.applied) connection.console.warn(`the edit was not applied${typeof result.failureReason === 'string' && result.failureReason ? `: ${briefName(result.failureReason)}` : ''}`);
  };

  /** `mars.applyEdit`: the edit of an action, as it was made. */
  const applyEditCommand = (args: unknown[] | undefined): Promise<void> => {
    const edit: unknown = args?.[0];
    if (!isVersionedEdit(edit)) throw new ResponseError(ErrorCodes.InvalidParams, `${APPLY_EDIT_COMMAND} takes the edit of a code action`);
    const changes: readonly TextDocumentEdit[] = edit.documentChanges;
    const uri = changes[0]!.textDocument.uri;
    return inTurn(uri, async () => {
      if (changes.some((c) => c.textDocument.uri !== uri || !stillOffered(uri, c.textDocument.version, args))) throw changedSinceOffered();
      await applyThroughClient(edit);
    });
  };

  /** `mars.fixAll`: a fix-all computed now, for the text it was offered for, cancellable and stopped by an edit. */
  const fixAllCommand = (args: unknown[] | undefined, token: CancellationToken): Promise<void> => {
    const data: unknown = args?.[0];
    if (!isFixAllData(data)) throw new ResponseError(ErrorCodes.InvalidParams, `${FIX_ALL_COMMAND} takes the data of a fix-all action`);
    return inTurn(data.uri, async () => {
      const doc = marsDoc(data.uri);
      if (!doc || !stillOffered(data.uri, data.version, args)) throw changedSinceOffered();
      const { stepToken, check } = whileHolds(doc, stateOf(doc.uri).stamp, token);
      const { overrides } = await settingsOf(doc.uri, token);
      check();
      const da = await analysisSoon(doc);
      check();
      if (!da) throw contentModified();
      const edits = await fixAllOf(da, overrides, stepToken)(data.code);
      check();
      // Nothing left to fix (a setting turned its code off since): nothing to apply.
      if (edits && edits.length > 0) await applyThroughClient(versionedEdit(doc.uri, doc.version, da.lines, edits));
    });
  };

  connection.onExecuteCommand(guard('executeCommand', () => null, async (params, token: CancellationToken) => {
    const command: unknown = params.command;
    if (command === undefined) throw new ResponseError(ErrorCodes.InvalidParams, 'workspace/executeCommand came without its command (a string)');
    if (typeof command !== 'string') throw new ResponseError(ErrorCodes.InvalidParams, `workspace/executeCommand takes its command as a string, not ${kindOf(command)}`);
    if (!commands.has(command)) throw new ResponseError(ErrorCodes.InvalidParams, `unknown command ${briefName(command)}`);
    await (params.command === FIX_ALL_COMMAND ? fixAllCommand(params.arguments, token) : applyEditCommand(params.arguments));
    return null;
  }));

  // An action this server did not make (or a resolve that fails) is answered unchanged; one that
  // cannot be (nested too deep for the writer's JSON.stringify, which failed with -32603 "Maximum
  // call stack size exceeded") is refused, as no action the server offered is.
  connection.onCodeActionResolve(guard('codeAction/resolve', (a: CodeAction, _token: CancellationToken) => a, async (a, token: CancellationToken) => {
    if (!writable(a)) throw new ResponseError(ErrorCodes.InvalidParams, 'codeAction/resolve takes back a code action the server offered: this one is nested too deep to be sent back');
    const data: unknown = a.data;
    const doc = isFixAllData(data) ? marsDoc(data.uri) : undefined;
    if (!doc) return a;
    const { overrides } = await settingsOf(doc.uri, token);
    if (!isOpen(doc)) throw contentModified(); // closed (and perhaps opened again) while the settings came
    const da = analysisOf(doc);
    const { stepToken, check } = whileHolds(doc, stateOf(doc.uri).stamp, token);
    const resolved = await resolveFixAll(a, doc.version, da, fixAllOf(da, overrides, stepToken));
    check();
    return asClientTakes(resolved);
  }));

  /**
   * What a request at a position is about: the document, its analysis, and the unit at the position.
   * None for a document the server does not speak for, a request without a position, or a position
   * the document does not have (`isPositionIn`): answered empty, whatever the request. Cancelled while
   * it waits for the analysis (a big file's first, seconds long), it is answered so at once.
   */
  const analysedAt = async (params: { textDocument?: { uri?: unknown }; position?: unknown } | null, token: CancellationToken) => {
    const position: unknown = params?.position;
    const doc = isPosition(position) ? marsDoc(params?.textDocument?.uri as string) : undefined;
    const da = doc && (await untilCancelled(analysisSoon(doc), token));
    if (token.isCancellationRequested) throw cancelled();
    if (!doc || !da || !isPositionIn(da.lines, position)) return null;
    return { doc, da, position, unit: unitAt(da, da.lines.offset(position)) };
  };

  // Requests wait for the analysis of the version they were made on without blocking the others
  // (a huge file's first analysis takes seconds); answered empty if that version is gone meanwhile.
  connection.onCompletion(guard('completion', () => null, async (params, token: CancellationToken) => {
    const at = await analysedAt(params, token);
    if (!at) return null;
    const { doc, da, unit, position } = at;
    const servers = (await host.mcpServers?.(doc.uri, workspaceFolders, 'soon')) ?? [];
    const items = completions(placed(da, unit), position, servers.map((m) => m.name),
      (path, how) => definesOutside(da, unit, path, how), suggest);
    return itemsAsClientTakes(items, completionClient);
  }));

  connection.onHover(guard('hover', () => null, async (params, token: CancellationToken) => {
    const at = await analysedAt(params, token);
    if (!at) return null;
    const h = hover(placed(at.da, at.unit), at.position, (owner) => refusedOutside(at.da, at.unit, owner), () => syntaxErrorOutside(at.da, at.unit),
      (owner) => tablesBelowToolsOutside(at.da, at.unit, owner));
    return h && !markdownHover ? { ...h, contents: { kind: MarkupKind.PlainText, value: plainText((h.contents as MarkupContent).value) } } : h;
  }));

  // On `mcp(server)`: the manifest that declares the server.
  connection.onDefinition(guard('definition', () => null, async (params, token: CancellationToken) => {
    const at = host.mcpServers && (await analysedAt(params, token));
    if (!at) return null;
    const hit = mcpServerAt(placed(at.da, at.unit), at.position);
    const targets = hit ? manifestsOf(await host.mcpServers!(at.doc.uri, workspaceFolders, 'fresh'), hit.server) : [];
    if (!hit || targets.length === 0) return null;
    return definitionLinks
      ? targets.map((t): LocationLink => ({ originSelectionRange: hit.range, targetUri: t.uri, targetRange: t.range, targetSelectionRange: t.range }))
      : targets.map((t): Location => ({ uri: t.uri, range: t.range }));
  }));

  documents.listen(connection);
  connection.listen();
}
