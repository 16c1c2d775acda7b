// What the client said it takes, read from initialize: nothing is sent that it did not offer.

import { type Command, DiagnosticTag, type InitializeParams, MarkupKind } from 'vscode-languageserver';
import type { CompletionClient } from '../features/completion';
import type { DiagnosticClient } from '../features/convert';
import { APPLY_EDIT_COMMAND, FIX_ALL_COMMAND, SUGGEST_COMMAND_OPTION } from '../protocol';

export interface ClientTakes {
  readonly pull: boolean;
  /** The client tells of folders added and removed (VS Code's multi-root workspaces). */
  readonly folderChanges: boolean;
  readonly resolveEdits: boolean;
  readonly diagnosticClient: DiagnosticClient;
  readonly refresh: boolean;
  readonly registerConfiguration: boolean;
  readonly registerWatchers: boolean;
  readonly documentChanges: boolean;
  /** Whether the client applies a workspace edit's file renames (`renameAction`). */
  readonly renamesFiles: boolean;
  readonly markdownHover: boolean;
  readonly definitionLinks: boolean;
  readonly literals: boolean;
  readonly applyEdit: boolean;
  /** The server's commands this client is offered (`executeCommandProvider`), and the only ones it runs. */
  readonly commands: ReadonlySet<string>;
  readonly completionClient: CompletionClient;
  /** The client's command that opens the completion list, if it named one (SUGGEST_COMMAND_OPTION). */
  readonly suggest: Command | null;
}

/** Before initialize. */
export const NOTHING_TAKEN: ClientTakes = {
  pull: false,
  folderChanges: false,
  resolveEdits: false,
  diagnosticClient: { related: false, unnecessary: false },
  refresh: false,
  registerConfiguration: false,
  registerWatchers: false,
  documentChanges: false,
  renamesFiles: false,
  markdownHover: false,
  definitionLinks: false,
  literals: false,
  applyEdit: false,
  commands: new Set(),
  completionClient: { snippets: false, markdown: false, kinds: new Set() },
  suggest: null,
};

/** A list the client declared, or none: a capability of another shape is read as not declared. */
const declared = (v: unknown): readonly unknown[] => (Array.isArray(v) ? v : []);

/** The URIs of a list of workspace folders the client sent, each once; what is not a folder with a string URI is passed over. */
export const folderUris = (list: unknown): string[] =>
  [...new Set(declared(list).map((f) => (f as { uri?: unknown } | null)?.uri).filter((u): u is string => typeof u === 'string'))];

/** The workspace folders initialize names. */
export const foldersOf = (params: InitializeParams): string[] =>
  Array.isArray(params.workspaceFolders) ? folderUris(params.workspaceFolders) : typeof params.rootUri === 'string' ? [params.rootUri] : [];

// Capabilities are read defensively (a list where a list is due, else none): a client's odd but
// harmless declaration must not fail initialize, after which the server could never start.
export function clientTakes(params: InitializeParams): ClientTakes {
  const caps = params.capabilities ?? {};
  const text = caps.textDocument;
  const pull = !!text?.diagnostic;
  // LSP 3.17: without literal support, code actions are sent as Commands (see codeActionRequests.ts).
  const literals = !!text?.codeAction?.codeActionLiteralSupport;
  const applyEdit = !!caps.workspace?.applyEdit;
  // A deferred fix-all needs the client to send back both its data and ask for its edit.
  const resolveEdits = literals && declared(text?.codeAction?.resolveSupport?.properties).includes('edit') && !!text?.codeAction?.dataSupport;
  const suggestCommand: unknown = (params.initializationOptions as Record<string, unknown> | null | undefined)?.[SUGGEST_COMMAND_OPTION];
  const documentChanges = !!caps.workspace?.workspaceEdit?.documentChanges;
  // Pull clients of LSP 3.17 declare what they show of diagnostics only where they are pushed (3.18 both places).
  const shows = <K extends 'relatedInformation' | 'tagSupport'>(k: K) => (pull ? text?.diagnostic?.[k] : undefined) ?? text?.publishDiagnostics?.[k];
  return {
    pull,
    folderChanges: caps.workspace?.workspaceFolders === true,
    resolveEdits,
    diagnosticClient: {
      related: !!shows('relatedInformation'),
      unnecessary: declared(shows('tagSupport')?.valueSet).includes(DiagnosticTag.Unnecessary),
    },
    refresh: !!caps.workspace?.diagnostics?.refreshSupport,
    registerConfiguration: !!caps.workspace?.didChangeConfiguration?.dynamicRegistration,
    registerWatchers: !!caps.workspace?.didChangeWatchedFiles?.dynamicRegistration,
    documentChanges,
    renamesFiles: documentChanges && declared(caps.workspace?.workspaceEdit?.resourceOperations).includes('rename'),
    markdownHover: declared(text?.hover?.contentFormat).includes(MarkupKind.Markdown),
    definitionLinks: text?.definition?.linkSupport === true,
    literals,
    applyEdit,
    commands: new Set([
      // Without literals, every action is a command that applies its edit.
      ...(!literals && applyEdit ? [APPLY_EDIT_COMMAND] : []),
      // A fix-all the client cannot resolve is computed when run, not in every lightbulb request.
      ...(!resolveEdits && applyEdit ? [FIX_ALL_COMMAND] : []),
    ]),
    completionClient: {
      snippets: !!text?.completion?.completionItem?.snippetSupport,
      markdown: declared(text?.completion?.completionItem?.documentationFormat).includes(MarkupKind.Markdown),
      kinds: new Set(declared(text?.completion?.completionItemKind?.valueSet).filter((k): k is number => typeof k === 'number')),
    },
    suggest: typeof suggestCommand === 'string' && suggestCommand !== '' ? { title: 'Suggest', command: suggestCommand } : null,
  };
}
