// What the server keeps of each open document: the stamp of its text, its analysis (made at once or
// a few sections at a time) and the state of its push.

import type { CancellationToken } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentAnalyzer, type DocumentAnalysis } from '../analysis/document';
import { runSteps } from './steps';

export interface DocState {
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

export interface DocumentStates {
  /** The state kept under `uri`, made if there is none. */
  of(uri: string): DocState;
  get(uri: string): DocState | undefined;
  /** The document's text changed: it gets a new stamp. */
  changed(uri: string): void;
  drop(uri: string): void;
  values(): IterableIterator<DocState>;
  /**
   * The analysis of the document's current text, computed once per text (of an open document: kept
   * under its URI), made a few sections at a time with the event loop free in between (see steps.ts): the
   * first analysis of a 10 MB file takes many seconds, and meanwhile other documents, requests and
   * edits are served. Null when the document changed or closed first: the run is dropped, and
   * what it made is reused by the next (see DocumentAnalyzer.analyzeSteps).
   */
  analysisSoon(doc: TextDocument): Promise<DocumentAnalysis | null>;
}

/** `isOpen`: as `ServerContext.isOpen`; `running`: whether the server is running (a run stops once it is not). */
export function documentStates(isOpen: (doc: TextDocument) => boolean, running: () => boolean): DocumentStates {
  const states = new Map<string, DocState>();
  // The last stamp given to a text (see `DocState.stamp`).
  let lastStamp = 0;

  const stateOf = (uri: string): DocState => {
    let s = states.get(uri);
    if (!s) states.set(uri, (s = { analyzer: new DocumentAnalyzer(), stamp: ++lastStamp }));
    return s;
  };

  return {
    of: stateOf,
    get: (uri) => states.get(uri),
    changed: (uri) => {
      const state = states.get(uri);
      if (state) state.stamp = ++lastStamp;
    },
    drop: (uri) => {
      const state = states.get(uri);
      if (state?.timer) clearTimeout(state.timer);
      states.delete(uri);
    },
    values: () => states.values(),
    analysisSoon: (doc) => {
      // A document closed and opened again may come back at the same version with another text: a
      // request still holding the closed one must not analyse it into the new document's state.
      if (!isOpen(doc)) return Promise.resolve(null);
      const state = stateOf(doc.uri);
      const stamp = state.stamp;
      if (state.cached?.stamp === stamp) return Promise.resolve(state.cached.analysis);
      if (state.running?.stamp === stamp) return state.running.analysis;
      const outdated = { get isCancellationRequested() { return !isOpen(doc) || state.stamp !== stamp || !running(); } } as CancellationToken;
      const analysis = runSteps(state.analyzer.analyzeSteps(doc.getText()), outdated).then((da) => {
        if (state.running?.analysis === analysis) state.running = undefined;
        if (da && state.cached?.stamp !== stamp) state.cached = { stamp, analysis: da };
        return da;
      });
      state.running = { stamp, analysis };
      return analysis;
    },
  };
}
