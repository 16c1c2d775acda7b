// The open documents: the server's copies, kept in step with the editor's, and their diagnostics,
// pushed on a schedule (a flood of edits coalesced) or pulled.

import { type CancellationToken, type Connection, type Diagnostic, DocumentDiagnosticReportKind, TextDocuments } from 'vscode-languageserver';
import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import type { DocumentAnalysis } from '../analysis/document';
import { isRange } from '../features/convert';
import { nameCheck } from '../features/fileName';
import { applyContentChanges, type ContentChange } from './contentChanges';
import type { ServerContext } from './context';
import { diagnosticLists } from './diagnosticLists';
import { cancelled, untilCancelled, type Requests } from './requests';
import { briefly, briefName } from './told';

/**
 * Pushed diagnostics wait until edits stop arriving for this long: enough for the edits already
 * in the pipe (the connection handles one message per event-loop turn) to be applied first,
 * short enough that a keystroke's squiggle is not visibly late.
 */
const SETTLE_MS = 5;
/** ...but a continuous flood of edits still gets diagnostics this often. */
const MAX_WAIT_MS = 150;

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

export function openDocuments(connection: Connection): TextDocuments<TextDocument> {
  // What a client sends is checked before it is applied: a document of bad parts would fail every request on it.
  const outOfStep = (uri: string, why: string) =>
    connection.console.warn(`${briefName(uri)}: ${why} was not applied; the server's copy of the document may differ from the editor's until it is reopened`);
  return new TextDocuments<TextDocument>({
    create: (uri, languageId, version, text) => {
      if (typeof text !== 'string') outOfStep(uri, 'an open without the text');
      return TextDocument.create(uri, languageId, Number.isInteger(version) ? version : 0, typeof text === 'string' ? text : '');
    },
    update: (doc, changes, version) => applyChanges(doc, changes, Number.isInteger(version) ? version : doc.version + 1, (why) => outOfStep(doc.uri, why)),
  });
}

/**
 * `documents` listening on `connection`, but a didChange of a document that is not open is told in
 * the log, once for each until it is opened: the library drops it without a word, and the server's
 * copy then differs from the editor's (an open lost, or sent after its edits).
 */
export function listenDocuments(documents: TextDocuments<TextDocument>, connection: Connection): void {
  const told = new Set<string>();
  documents.onDidOpen((e) => void told.delete(e.document.uri));
  documents.listen({
    onDidOpenTextDocument: (h) => connection.onDidOpenTextDocument(h),
    onDidChangeTextDocument: (h) => connection.onDidChangeTextDocument((params, ...rest) => {
      const { uri } = params.textDocument;
      if (!documents.get(uri) && !told.has(uri)) {
        told.add(uri);
        connection.console.warn(`${briefName(uri)}: a didChange of a document that is not open was ignored, as the next ones are until it is opened (didOpen)`);
      }
      return h(params, ...rest);
    }),
    onDidCloseTextDocument: (h) => connection.onDidCloseTextDocument(h),
    onWillSaveTextDocument: (h) => connection.onWillSaveTextDocument(h),
    onWillSaveTextDocumentWaitUntil: (h) => connection.onWillSaveTextDocumentWaitUntil(h),
    onDidSaveTextDocument: (h) => connection.onDidSaveTextDocument(h),
  });
}

export interface DocumentDiagnostics {
  /**
   * Push: a flood of edits is coalesced into one analysis of the newest version, never queued.
   * `settle`: how long to wait for more; an open has no flood to wait for (an edit soon after it
   * drops the run, as any edit does).
   */
  readonly schedulePush: (doc: TextDocument, settle?: number) => void;
  /** Takes the documents' opens, edits and closes, and pull requests. */
  readonly listen: () => void;
}

export function documentDiagnostics(ctx: ServerContext, { guard, refuseUnlessRunning, settingsOf }: Requests): DocumentDiagnostics {
  const { connection, documents, states, settings, names, nameOf, marsDoc, isOpen } = ctx;
  const diagnosticsOf = diagnosticLists(ctx);

  const schedulePush = (doc: TextDocument, settle = SETTLE_MS) => {
    if (ctx.client.pull || ctx.lifecycle !== 'running' || !nameOf(doc.uri)) return;
    const state = states.of(doc.uri);
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
    const [{ overrides, maxProblems }, analysis] = await Promise.all([settings.get(uri), states.analysisSoon(doc)]);
    if (!analysis || !isOpen(doc, version)) return; // a newer version (or a reopened document) has its own push coming
    // Shut down while the settings came (the analysis stops by itself): the client is done with the server.
    if (ctx.lifecycle !== 'running') return;
    await connection.sendDiagnostics({ uri, version, diagnostics: diagnosticsOf(uri, analysis, overrides, maxProblems, nameOf(uri)?.diagnostic ?? null) });
  });

  const listen = () => {
    documents.onDidOpen((e) => {
      // A second open without a close (a client's mistake) replaces the text: nothing of the first is kept.
      states.drop(e.document.uri);
      const name = nameCheck(e.document.uri, ctx.host.readByMars);
      if (name) names.set(e.document.uri, name);
      else names.delete(e.document.uri);
      // Ask for the document's settings now: the round trip to the client overlaps the settle delay
      // (and a pull request's wait) instead of following it.
      // Not once shut down (a client's mistake to open one then): the client is done with the server, which asks it nothing more.
      if (name?.served && ctx.lifecycle === 'running') void settings.get(e.document.uri);
      schedulePush(e.document, 0);
    });
    documents.onDidChangeContent((e) => {
      states.changed(e.document.uri);
      schedulePush(e.document);
    });
    documents.onDidClose((e) => {
      states.drop(e.document.uri);
      settings.forget(e.document.uri);
      if (!ctx.client.pull && ctx.lifecycle === 'running' && nameOf(e.document.uri)) void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
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
        while (doc && ctx.lifecycle === 'running' && !token.isCancellationRequested && !(da = await untilCancelled(states.analysisSoon(doc), token))) doc = marsDoc(params.textDocument.uri);
        // An empty report would clear the squiggles: a cancelled pull is answered as cancelled.
        if (token.isCancellationRequested) throw cancelled();
        // Shut down meanwhile: refused as a request sent after shutdown, not an empty report (no problems) that would clear the squiggles.
        refuseUnlessRunning();
        if (!doc || !da) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
        return { kind: DocumentDiagnosticReportKind.Full, items: diagnosticsOf(doc.uri, da, overrides, maxProblems, nameOf(doc.uri)?.diagnostic ?? null) };
      }));
  };
  return { schedulePush, listen };
}
