// What the client and the server agree on, in one place: names of settings, commands and code
// action kinds. Imported by both bundles.

/** The settings section: `mars.diagnostics.<code>`, `mars.trace.server`. */
export const SETTINGS_SECTION = 'mars';

/** Code action kind of the file-wide fix (for `editor.codeActionsOnSave`). */
export const FIX_ALL_KIND = 'source.fixAll.mars';

/** The files the server speaks for. */
export const FILE_NAMES = ['mars.toml', 'mars.local.toml'] as const;

export const RESTART_COMMAND = 'mars.restartServer';

/**
 * Node flags the server runs with. A 2 MB young generation instead of V8's default 16 MB
 * semi-spaces: the server allocates in bursts (a push, a section re-analysed) and keeps little of
 * it, so the smaller nursery costs no measurable time and keeps about 30 MB less resident on a
 * 1 MB file (`npm run bench`).
 */
export const SERVER_EXEC_ARGV: readonly string[] = ['--max-semi-space-size=2'];

/** Settings as the client sends them through `workspace/configuration`. */
export interface MarsSettings {
  /** Per code: 'error' | 'warning' | 'information' | 'hint' | 'off'. */
  diagnostics?: Record<string, string>;
}
