// The diagnostics catalogue (SPEC section 4): one row per stable code. Settings, docs, the CLI and
// the server read it from here.

import { nearestWord } from '../grammar/checks';

/** From the most to the least severe. */
export const SEVERITIES = ['error', 'warning', 'information', 'hint'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const CODES = {
  'invalid-tool-name': { severity: 'error', summary: 'Mars rejects the entry (and with it the whole config load).' },
  'invalid-tool-policy': { severity: 'error', summary: 'A tools table or tool list of the wrong shape, a non-string entry, the removed `tools.mcp`, or an agent, a skill, `agents` or `skills` that is not a table.' },
  'legacy-prefix': { severity: 'information', summary: "A bash pattern in Claude's legacy `X:*` form, which Mars rewrites to `X *`." },
  'non-canonical': { severity: 'information', summary: 'An alias, casing or spacing that Mars rewrites: to the canonical name, or, for a name Mars does not know, to the spelling it passes on.' },
  'unknown-tool': { severity: 'information', summary: 'A name Mars has no capability for; Mars passes it on in its own spelling (`CustomTool` as `custom_tool`), so only a harness with a tool of that name applies it.' },
  'mcp-wire-token': { severity: 'warning', summary: "Claude's `mcp__server__tool` spelling, which reaches Claude only." },
  'illegal-char': { severity: 'warning', summary: "A comma or control character, which breaks the Claude CLI's tool list or a shell." },
  'duplicate-entry': { severity: 'warning', summary: 'Two entries of one list that mean the same thing.', inert: true },
  'allow-deny-conflict': { severity: 'warning', summary: 'One policy both allows and disallows the same thing.' },
  'unknown-policy-key': { severity: 'warning', summary: 'A key other than `allowed`/`disallowed` in a tools table, which Mars ignores.', inert: true },
  'misplaced-tool-list': { severity: 'warning', summary: 'A tool list, or a string where one goes (`allowed = "read"`), outside the `tools` table, which Mars does not read as a tool list: `allowed` beside it, or in or under a table a typo from `tools`, `agents` or `skills` (`tool`, `agent`); or a map-form rule (`bash = "allow"`, or OpenCode\'s patterns, `bash = { "git *" = "allow" }`) in a table meant as `tools` (`tool`, OpenCode\'s `permission`); or one at the root, which applies to no agent or skill (`allowed = […]` before any header, a root `[tools]` or `tools = ["read"]`, Claude Code\'s `[permissions]`).' },
  'invalid-suppression': { severity: 'warning', summary: 'A `mars-ignore` or `mars-ignore-file` comment names a code it cannot silence (no such code, or `toml-syntax`), or lists codes without its colon.' },
  'toml-syntax': { severity: 'error', summary: 'The file is not valid TOML.' },
} as const satisfies Record<string, { severity: Severity; summary: string; inert?: true }>;

export type Code = keyof typeof CODES;

/**
 * Whether what a finding of `code` marks does nothing in Mars (the later of two equal entries, a
 * key Mars ignores): an editor shows it faded, as unused code (`DiagnosticTag.Unnecessary`).
 */
export function marksInert(code: Code): boolean {
  return 'inert' in CODES[code];
}

export function isCode(value: string): value is Code {
  return Object.prototype.hasOwnProperty.call(CODES, value);
}

/** Per-code severity overrides (the editor's settings, the checker's `--severity`): a severity, or 'off'. */
export type SeverityOverrides = Partial<Record<Code, Severity | 'off'>>;

/** What an override may say: a severity, or `off`. */
export const LEVELS: readonly string[] = [...SEVERITIES, 'off'];

/** The levels, as a message lists them. */
export const LEVELS_SAID = `${LEVELS.slice(0, -1).join(', ')} or ${LEVELS.at(-1)}`;

/**
 * The override `value` says, or undefined when it says none. The short names other linters use
 * are taken too (`info` for `information`, eslint's `warn` for `warning`).
 */
export function levelOf(value: unknown): Severity | 'off' | undefined {
  const level = value === 'info' ? 'information' : value === 'warn' ? 'warning' : value;
  return typeof level === 'string' && LEVELS.includes(level) ? (level as Severity | 'off') : undefined;
}

/** The code a mistyped one most likely means (`nearestWord`), if any. */
export function nearestCode(value: string): Code | undefined {
  return nearestWord(value, Object.keys(CODES) as Code[]);
}
