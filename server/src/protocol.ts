// What the client and the server agree on, in one place: names of settings, commands and code
// action kinds. Imported by both bundles.

/** The settings section: `mars.diagnostics.<code>`, `mars.trace.server`. */
export const SETTINGS_SECTION = 'mars';

/** Code action kind of the file-wide fix (for `editor.codeActionsOnSave`). */
export const FIX_ALL_KIND = 'source.fixAll.mars';

/** The files the server speaks for. */
export const FILE_NAMES = ['mars.toml', 'mars.local.toml'] as const;

/** Whether a document URI names one of those files (any scheme: `untitled:` ones too). */
export function isMarsFile(uri: string): boolean {
  const path = uri.replace(/[?#].*$/, '');
  let name = path.slice(path.lastIndexOf('/') + 1);
  try {
    name = decodeURIComponent(name);
  } catch {
    // a stray % is taken as written
  }
  return (FILE_NAMES as readonly string[]).includes(name);
}

export const RESTART_COMMAND = 'mars.restartServer';


/** Settings as the client sends them through `workspace/configuration`. */
export interface MarsSettings {
  /** Per code: 'error' | 'warning' | 'information' | 'hint' | 'off'. */
  diagnostics?: Record<string, string>;
}
