// What an owner's lists hold, by meaning, asked by every fix that moves entries into a list (a map-form key's, a
// misplaced list's, a table of patterns'), by their messages and by completion: the entries a move puts in, those
// the list holds already, and the conflicts a move makes with the other list; and how a title or message says them.

import { quoted, rustTrim, shortened, shown } from '../grammar/text';
import { isMcpWireToken, namesBetweenCommas, parseToolName, render } from '../grammar/toolName';
import type { TomlArray, TomlString } from '../toml/model';
import { isOpenMultiline } from '../toml/stringPositions';
import { basicString } from '../toml/strings';
import { fixedValueOf } from './verdicts';
import { type ListName, listOf, type Owner, ownerKey, ownPolicy, type Policies } from './policies';

/** What an entry means to Mars (its rendering), or the entry itself when Mars rejects it. */
export function meaning(raw: string): string {
  const p = parseToolName(raw);
  return p.ok ? render(p.name) : raw;
}

const NOTHING: ReadonlyMap<string, string> = new Map();

const listMeanings = new WeakMap<TomlArray, ReadonlyMap<string, string>>();

/**
 * What a list's entries mean, each with its first spelling, made once per list: every map-form key
 * beside a long list asks. Not those in the guess past a syntax error (`Policies.guessed`).
 */
function meanings(policies: Policies, array: TomlArray): ReadonlyMap<string, string> {
  let found = listMeanings.get(array);
  if (!found) {
    const made = new Map<string, string>();
    for (const i of array.items) if (i.kind === 'string' && !policies.guessed.has(i) && !made.has(meaning(i.value))) made.set(meaning(i.value), i.value);
    listMeanings.set(array, (found = made));
  }
  return found;
}

/**
 * Of `names`, those the owner's `list` does not already hold by meaning (`mcp(github)` is there as
 * `mcp(github/*)`). A Claude-only `mcp__github` does not hold it: a `mars-ignore` or a setting may
 * keep it as written, and taking the key away would lose the grant every other harness reads.
 */
export function notYetIn(policies: Policies, owner: Owner, list: ListName, names: readonly string[]): string[] {
  const present = listMeaningsOf(policies, owner, list) ?? NOTHING;
  return [...new Set(names)].filter((n) => !present.has(meaning(n)));
}

/**
 * What the owner's `list` holds of `names` by meaning, as it spells them (`Shell`, where `bash` is
 * moved in): what a message says the list holds is what it holds.
 */
export function heldIn(policies: Policies, owner: Owner, list: ListName, names: readonly string[]): string[] {
  const present = listMeaningsOf(policies, owner, list);
  if (!present) return [];
  return [...new Set(names.flatMap((n) => present.get(meaning(n)) ?? []))];
}

/**
 * What the owner's first closed `list` holds (`meanings`): one written here, else one another section
 * of the document writes, as it tells this one (`Policies.outsideLists`); null where there is none.
 */
function listMeaningsOf(policies: Policies, owner: Owner, list: ListName): ReadonlyMap<string, string> | null {
  const existing = listOf(policies, owner, list);
  if (existing) return meanings(policies, existing.array);
  if (policies.outsideLists.size === 0) return null;
  const outside = policies.outsideLists.get(ownerKey(owner))?.[list];
  return outside ? stringMeanings(outside) : null;
}

const toldMeanings = new WeakMap<readonly string[], ReadonlyMap<string, string>>();

/** What the strings of a list told from another section mean, each with its first spelling, as `meanings`. */
function stringMeanings(values: readonly string[]): ReadonlyMap<string, string> {
  let found = toldMeanings.get(values);
  if (!found) {
    const made = new Map<string, string>();
    for (const v of values) if (!made.has(meaning(v))) made.set(meaning(v), v);
    toldMeanings.set(values, (found = made));
  }
  return found;
}

/**
 * What the owner's other list holds of `names` moved into its `list`, as that list spells them (see
 * `heldIn`): moved, the policy would both allow and disallow them, an allow/deny conflict the fix
 * would make (the rule `Outcome` in entryFindings.ts is for an entry's rewrite).
 */
export function heldByOtherList(policies: Policies, owner: Owner, list: ListName, names: readonly string[]): string[] {
  const other = otherList(list);
  const held = heldIn(policies, owner, other, names);
  const existing = listOf(policies, owner, other);
  // A string written for the other list (`disallowed = "read"`), which fix-all makes that list in the same pass: it holds its names.
  if (!existing) return stringListHeld(policies, owner, other, names, held);
  // And what it will hold once fix-all fixed its entries (`bash()` -> `bash`): moved beside it, fix-all would make the conflict.
  const fixed = fixedMeanings(policies, existing.array);
  if (fixed.size === 0) return held;
  const present = meanings(policies, existing.array);
  const more = [...new Set(names)].flatMap((n) => (present.has(meaning(n)) ? [] : fixed.get(meaning(n)) ?? []));
  return more.length === 0 ? held : [...new Set([...held, ...more])];
}

/**
 * `held`, and the owner's `list` where it is written as a string that fix-all makes a list of one
 * name (`safeListName`) meaning one of `names` (`disallowed = "mcp(gh)"`, or `"mcp(gh),"`): it does so
 * in the pass that moves `names` beside it (`mcp = ["gh"]`), or makes another string a list
 * (`allowed = "mcp(gh)"`). Judged against a string, which holds no entry, each was in fix-all, which
 * made the conflict.
 */
function stringListHeld(policies: Policies, owner: Owner, list: ListName, names: readonly string[], held: string[]): string[] {
  const value = ownPolicy(policies, owner).shape.find((p) => p.list === list && p.keyValue?.value?.kind === 'string')?.keyValue?.value;
  const name = value?.kind === 'string' ? safeListName(value) : null;
  if (value?.kind !== 'string' || name === null) return held;
  const m = meaning(name);
  return names.some((n) => meaning(n) === m) && !held.includes(value.value) ? [...held, value.value] : held;
}

/**
 * The one name a string written where a list goes is made the list of by its safe fix, which fix-all
 * applies (`"read"` and `"read,"`: `["read"]`); null for names between commas (which list was meant is
 * a guess), a name Mars rejects (the list would stop the load still) and a string left open.
 */
export function safeListName(value: TomlString): string | null {
  if (!value.terminated || isOpenMultiline(value)) return null;
  const names = namesBetweenCommas(value.value);
  if (names) return names.length === 1 ? names[0]!.name : null;
  return parseToolName(value.value).ok ? value.value : null;
}

const listFixedMeanings = new WeakMap<TomlArray, ReadonlyMap<string, string>>();

/**
 * What a list's entries mean once fix-all fixed them, where that is not what they mean as written
 * (`fixedValue`), each with its first spelling as written; made once per list, as `meanings`. Only
 * an entry Mars rejects or a wire token has such a fix: no other is judged.
 */
function fixedMeanings(policies: Policies, array: TomlArray): ReadonlyMap<string, string> {
  let found = listFixedMeanings.get(array);
  if (!found) {
    const made = new Map<string, string>();
    for (const i of array.items) {
      if (i.kind !== 'string' || policies.guessed.has(i) || isOpenMultiline(i)) continue;
      const p = parseToolName(i.value);
      if (p.ok && !isMcpWireToken(rustTrim(i.value))) continue;
      const to = fixedValueOf(i.value);
      if (to !== null && !made.has(meaning(to))) made.set(meaning(to), i.value);
    }
    listFixedMeanings.set(array, (found = made));
  }
  return found;
}

/** An entry of the other list a conflict is said of (`show`: as written), with what fix-all writes for it where that is what holds it. */
export const heldShown = (entry: string, show: (entry: string) => string): string => {
  const to = fixedValueOf(entry);
  return to === null ? show(entry) : `${show(entry)}, fixed to ${show(to)}`;
};

export const otherList = (list: ListName): ListName => (list === 'allowed' ? 'disallowed' : 'allowed');

/**
 * That `held`, which the other list of `list`'s policy holds, in `list` too would be a conflict
 * (lower case, no full stop; `show` quotes an entry, `q` a list's name).
 */
export const conflictSays = (list: ListName, held: readonly string[], show: (entry: string) => string, q: (s: string) => string): string =>
  `${q(otherList(list))} holds ${fewOf(held.map((h) => heldShown(h, show)))}, so in ${q(list)} ${held.length === 1 ? 'it' : 'they'} would be both allowed and disallowed`;

/** What a move's title adds where it would make a conflict (`conflicting`: see `heldByOtherList`): `''` where none. */
export const conflictNote = (list: ListName, conflicting: readonly string[]): string =>
  conflicting.length > 0 ? ` (a conflict: ${quoted(otherList(list))} holds ${fewOf([...new Set(conflicting)].map((h) => heldShown(h, (n) => shortened(shown(basicString(n))))))})` : '';

/** Names as a move's edit writes them (`shel\"l`), so a name holding a quote reads as one name. */
export const strings = (names: readonly string[]) => fewOf([...new Set(names)].map((n) => shortened(shown(basicString(n)))));

/**
 * The most items a message or title of a move names (a table of 20,000 OpenCode patterns was said in
 * a message and a title of 349,030 characters each); the rest are counted, while the fix moves them all.
 */
const ITEMS_SHOWN = 5;

/**
 * `said`, joined (`join`: with commas), past ITEMS_SHOWN the first of them and how many more: `"a", "b", "c", "d", "e" and
 * 19995 more`, a plain number as every count the project says is (`and 3 more` of a list's hover, `1500 more commas`, the
 * checker's `3999 problems fixed`), and not a comma in it that reads as one more between the items.
 */
export function fewOf(said: readonly string[], join: (items: readonly string[]) => string = (items) => items.join(', ')): string {
  if (said.length <= ITEMS_SHOWN) return join(said);
  return `${said.slice(0, ITEMS_SHOWN).join(', ')} and ${said.length - ITEMS_SHOWN} more`;
}
