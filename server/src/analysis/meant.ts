// What a misspelt key of a tool policy was meant to be: a list (`Allowed`, `deny`, `disallowedTools`, Codex's `enabled_tools`),
// the `tools` table itself (`tool`, `Tools`, Claude Code's `permissions`, OpenCode's `permission`), or the table of agents or skills (`agent`); and the list a
// map-form verdict was meant for (`bash = "allow"`: `allowed`). The walk (policies.ts), the findings, their fixes and hover all read
// a key the same way from here.

import { asciiLookalike, editDistance } from '../grammar/checks';
import { asciiLower, rustTrim } from '../grammar/text';
import type { TomlValue } from '../toml/model';
import type { ListName, OwnerKind } from './policies';

// `enabled_tools` and `disabled_tools` are Codex's names for the tool lists of an MCP server (`[mcp_servers.x]`);
// not `enabled` alone, which an agent's table may hold as a switch.
const LIST_WORDS: ReadonlyMap<string, ListName> = new Map([
  ['allowed', 'allowed'], ['allow', 'allowed'], ['allowlist', 'allowed'], ['allowedtools', 'allowed'], ['allowtools', 'allowed'], ['enabledtools', 'allowed'],
  ['disallowed', 'disallowed'], ['disallow', 'disallowed'], ['deny', 'disallowed'], ['denied', 'disallowed'], ['denylist', 'disallowed'],
  ['disallowedtools', 'disallowed'], ['blocked', 'disallowed'], ['blocklist', 'disallowed'], ['disabledtools', 'disallowed'],
]);
/** The words a typo is measured against: one edit away, and nearer one list than the other. */
const TYPO_TARGETS: ReadonlyArray<readonly [string, ListName]> = [['allowed', 'allowed'], ['allow', 'allowed'], ['disallowed', 'disallowed'], ['disallow', 'disallowed']];

/** The most characters but `-`, `_` and spaces a key meant as a list has: `disallowedtools` (a typo is one edit from a shorter word). */
const LONGEST_LIST_WORD = Math.max(...[...LIST_WORDS.keys(), ...TYPO_TARGETS.map(([target]) => target + ' ')].map((w) => w.length));

/**
 * `name` with the letters that only look like ASCII ones written so (a Cyrillic `о` of `tооls` quoted, `ａｌｌｏｗｅｄ` typed
 * fullwidth): Mars reads no such key, but it was meant as the one it looks like, and the message says the character.
 */
const ascii = (name: string): string => (/[^\x00-\x7f]/.test(name) ? asciiLookalike(name) : name);

/** The list a key holding a list was meant to be (`Allowed`, `allow`, `deny`, `alowed`), or null. */
export function meantList(name: string): ListName | null {
  // A key too long to be one is let go before it is lowered and copied: a map-form key of 2 MB is
  // asked this several times a hover.
  let kept = 0;
  for (let i = 0; i < name.length && kept <= LONGEST_LIST_WORD; i++) {
    const c = name.charCodeAt(i);
    if (c !== 0x2d && c !== 0x5f && c !== 0x20) kept++;
  }
  if (kept > LONGEST_LIST_WORD) return null;
  const key = asciiLower(ascii(name)).replace(/[-_ ]/g, '');
  const word = LIST_WORDS.get(key);
  if (word) return word;
  if (key.length < 4) return null;
  let best: ListName | null = null;
  let bestDistance = 2; // so a word is one edit away at most where it is `best`
  for (const [target, list] of TYPO_TARGETS) {
    const d = editDistance(key, target, 1);
    if (d < bestDistance) [best, bestDistance] = [list, d];
    else if (d === bestDistance && best !== list) best = null; // as near to both: no guess
  }
  return best;
}

/**
 * Whether a key that is not `tools` was meant to be it: another casing (`Tools`) or one edit away (`tool`, `tols`); or
 * another harness's name for it, in any casing or one edit away too (`permisions`, `Permission`), as a paste is retyped.
 */
export function meantTools(name: string): boolean {
  const key = asciiLower(ascii(name));
  // `permissions`: Claude Code's settings name their lists so (`permissions.allow`, `.deny`), pasted over.
  // `permission`: OpenCode's agent config names its map of verdicts so (`permission: { edit: deny }`).
  // A key one edit from either is hardly anything else: `permissive`, `permits` are further.
  return name !== 'tools' && ['tools', 'permissions', 'permission'].some((word) => editDistance(key, word, 1) <= 1);
}

/** The table of owners a key that is not `agents` or `skills` was meant to be: another casing, the singular (`agent`), or one edit away (`agnets`). */
export function meantOwner(name: string): OwnerKind | null {
  if (name === 'agents' || name === 'skills') return null;
  const key = asciiLower(ascii(name));
  for (const owner of ['agents', 'skills'] as const) {
    if (key === owner || key === owner.slice(0, -1) || (key.length >= 5 && editDistance(key, owner, 1) <= 1)) return owner;
  }
  return null;
}

/**
 * The list a map-form verdict puts its tool in (`"allow"`: `allowed`), or null. A string is read as
 * `tools.mcp`'s map-form check reads it: `"Allow"`, `" deny "` leave no doubt what was meant (the
 * move is never in fix-all anyway); `"ask"` names no list. A boolean is the verdict of OpenCode's
 * agent config (`tools: { bash: true, write: false }`), copied into a tools table as the strings are:
 * `true` allows, `false` denies (TOML spells them so, lower case only). Another value (`3`, `"true"`) is no verdict.
 */
export function verdictList(value: TomlValue | null): ListName | null {
  if (value?.kind === 'scalar') return value.type !== 'boolean' ? null : value.text === 'true' ? 'allowed' : 'disallowed';
  if (value?.kind !== 'string') return null;
  const verdict = asciiLower(rustTrim(value.value));
  return verdict === 'allow' ? 'allowed' : verdict === 'deny' ? 'disallowed' : null;
}

/**
 * The list a map-form verdict one typo from `"allow"` or `"deny"` was meant to put its tool in (`"alow"`: `allowed`), or
 * null; not one `verdictList` reads, nor `"ask"`.
 */
export function misspeltVerdictList(value: TomlValue | null): ListName | null {
  if (value?.kind !== 'string' || verdictList(value) !== null) return null;
  const verdict = asciiLower(rustTrim(value.value));
  if (verdict.length < 3 || isMapFormVerdict(verdict)) return null;
  return editDistance(verdict, 'allow', 1) <= 1 ? 'allowed' : editDistance(verdict, 'deny', 1) <= 1 ? 'disallowed' : null;
}

const MAP_FORM_VALUES: ReadonlySet<string> = new Set(['allow', 'deny', 'ask']);

/** Whether a string reads as a map-form verdict (`"allow"`, `" Deny "`, `"ask"`), no server or tool name. */
export const isMapFormVerdict = (value: string): boolean => MAP_FORM_VALUES.has(asciiLower(rustTrim(value)));

/** Whether a value under a misspelt list's key is what the list would hold: a list, or a string where it goes, not a verdict (`misspeltList`). */
export function holdsListValue(value: TomlValue | null | undefined): boolean {
  return value?.kind === 'array' || (value?.kind === 'string' && !isMapFormVerdict(value.value));
}
