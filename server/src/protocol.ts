// What the client and the server agree on, in one place: names of settings, commands and code
// action kinds. Imported by both bundles.

/** The settings section: `mars.diagnostics.<code>`, `mars.trace.server`. */
export const SETTINGS_SECTION = 'mars';

/** The `source` of every diagnostic the server sends: its quick fixes answer only those. */
export const DIAGNOSTIC_SOURCE = 'mars';

/** Code action kind of the file-wide fix (for `editor.codeActionsOnSave`). */
export const FIX_ALL_KIND = 'source.fixAll.mars';

/** The files the server speaks for: Mars opens them by these exact names. */
export const FILE_NAMES = ['mars.toml', 'mars.local.toml'] as const;
export type MarsFileName = (typeof FILE_NAMES)[number];

/**
 * The client's document selector: those names in any letter case (`[mM][aA]…`, VS Code's character
 * ranges), as a file system that does not tell case apart gives Mars a `Mars.toml` for `mars.toml`;
 * the server says what Mars makes of one not named exactly (features/fileName.ts).
 */
export const FILE_GLOB = `**/{${FILE_NAMES.map((n) => n.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`)).join(',')}}`;

/**
 * Which of those files a document URI names, in any letter case: `name`, the one Mars opens, and
 * `exact`, whether so written (`Mars.toml` is not); null for another name. Any scheme: `untitled:`
 * ones too, with a path, `untitled:/scratch/mars.toml`, or without, `untitled:mars.toml`.
 */
export function marsName(uri: string): { readonly written: string; readonly name: MarsFileName; readonly exact: boolean } | null {
  if (typeof uri !== 'string') return null;
  const path = uri.replace(/[?#].*$/, '');
  const slash = path.lastIndexOf('/');
  // No slash: the name is all that follows the scheme.
  let written = slash >= 0 ? path.slice(slash + 1) : path.replace(/^[A-Za-z][A-Za-z0-9+.-]*:/, '');
  try {
    written = decodeURIComponent(written);
  } catch {
    // a stray % is taken as written
  }
  // Lowercased as the checker's search does (`ſ` stays itself, where uppercasing would make it `S`).
  const name = FILE_NAMES.find((n) => n === written.toLowerCase());
  return name === undefined ? null : { written, name, exact: written === name };
}

export const RESTART_COMMAND = 'mars.restartServer';

/**
 * The server's command that applies a code action's edit (its one argument, a `WorkspaceEdit`
 * naming each document's version) through `workspace/applyEdit`: code actions reach a client
 * without CodeAction literals as Commands of it. Offered only to such clients.
 */
export const APPLY_EDIT_COMMAND = 'mars.applyEdit';

/**
 * The server's command that computes a fix-all when it is run and applies it through
 * `workspace/applyEdit` (its arguments: the `FixAllData` of features/codeActions.ts, and the stamp
 * `mars.applyEdit` takes too), as eslint's fix-all command: offered to a client that cannot resolve
 * a code action's edit (`codeAction/resolve`), which would otherwise get every fix-all of the file
 * computed in each lightbulb request.
 */
export const FIX_ALL_COMMAND = 'mars.fixAll';

/**
 * The initialization option (a key of `initializationOptions`) naming the client's command that opens
 * the completion list: VS Code's `editor.action.triggerSuggest`, which the extension sends. A
 * completion item that leaves the cursor where a tool name goes next (`allowed = [|]`) then carries
 * it, so the next list opens at once, as VS Code's JSON completion does after a property; a client
 * that names no such command gets none on any item (it would run a command it does not have).
 */
export const SUGGEST_COMMAND_OPTION = 'suggestCommand';


/** Settings as the client sends them through `workspace/configuration`. */
export interface MarsSettings {
  /** Per code: 'error' | 'warning' | 'information' | 'hint' | 'off'. */
  diagnostics?: Record<string, string>;
  /** The most diagnostics sent for one file, 0 for all (see lsp/diagnosticLists.ts `diagnosticsOf`). */
  maxProblems?: number;
}
