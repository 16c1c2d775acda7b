// Lists meant for an owner's tools table, written outside it where their rename would write that table again:
// Claude Code's settings as a table of their own (`[agents.x.permissions]` then `allow = […]` and `deny = […]`)
// beside `[agents.x.tools]`, or as keys (`permissions.deny = […]`, `permissions = { allow = […] }`) beside
// `tools.allowed`. Their entries move into the lists there instead; where that table is written in another
// section, only a text analysed whole sees both (`fixesBeyond`).

import { inWords, quoted } from '../grammar/text';
import { parseToolName } from '../grammar/toolName';
import { lineStartAt } from '../toml/lineIndex';
import type { KeyValue, Section, TomlDocument } from '../toml/model';
import { lastStartingBefore } from '../toml/sorted';
import { isOpenMultiline } from '../toml/stringPositions';
import { deleteKeyValue, directiveAbove, type Edit, inlineTableKeeping, keyValuesOf, standsAlone } from './edits';
import type { Fix } from './findings';
import { conflictNote, heldByOtherList, heldIn, meaning, notYetIn, strings } from './listsHold';
import { keyAsEntries, misspeltVerdictsSaid, readsAsMapForm } from './moves';
import { dottedPatternRules, inlinePatternRules, movable } from './patterns';
import { intoListsAcross, moveTitle, tableTakenOut } from './patternFixes';
import { type ListName, misplacedAt, type MisplacedList, ownPolicy, type Policies, sameOwner } from './policies';

/** The header's section whose key meant as `tools` is `group`'s (`[agents.x.permissions]`), if any: found by halving, as a text may hold thousands. */
export function headerSection(doc: TomlDocument, group: readonly MisplacedList[]): Section | undefined {
  const at = misplacedAt(group[0]!);
  const section = lastStartingBefore(doc.sections, at.span.start + 1);
  return section?.header?.key.parts.includes(at) ? section : undefined;
}

/**
 * The move of the lists of `group` (the misplaced lists under one key meant as `tools`, or one list beside the tools
 * table whose rename would write that table again: `deny` beside `tools = { … }`, or with `[agents.x.tools]` in another
 * section) into the owner's tools table: each list's entries Mars reads appended to its list there (each meaning once,
 * not those it holds), or written as a new list (`intoListsAcross`); then taken out: a header's table whole, or, where it
 * holds other keys (`ask`, `defaultMode`), the lists alone; a key's inline table whole, where it holds them alone, else
 * on one line written again without them; dotted keys each. A rule among them (`bash = "deny"`, `bash = { "git *" =
 * "allow" }`) goes as from a tools table (`ruleEntries`). Only where every list holds strings Mars reads, none left
 * open, and every rule moves. Never safe: it puts rules in force.
 */
export function listsMove(doc: TomlDocument, policies: Policies, group: readonly MisplacedList[]): Fix[] {
  const first = group[0]!;
  const owner = first.owner;
  if (first.ownerPart || group.some((m) => !sameOwner(m.owner, owner))) return [];
  const own = ownPolicy(policies, owner);
  if (own.tables.length === 0) return [];
  // What goes into each list, each meaning once, as written first (`allow` and `allowed` both there go into one).
  const names = new Map<ListName, Map<string, string>>();
  // Names between commas in a rule's key (`"Read, Grep" = "allow"`) moved one entry each: a guess at what was meant.
  let guess = false;
  // The inline tables of patterns whose `"ask"` rules stay, each with them.
  const kept = new Map<KeyValue, readonly KeyValue[]>();
  for (const m of group) {
    const entries = m.rule ? ruleEntries(m) : listEntries(m);
    if (!entries) return [];
    guess ||= entries.guess;
    if (entries.kept) kept.set(m.keyValue, entries.kept);
    for (const { list, entry } of entries.each) {
      const into = names.get(list) ?? new Map<string, string>();
      names.set(list, into);
      if (!into.has(meaning(entry))) into.set(meaning(entry), entry);
    }
  }
  const section = headerSection(doc, group);
  const taken = section ? takenFromTable(doc, section, group, kept) : takenAsKeys(doc, group, kept);
  if (!taken) return [];
  const lists = [...names].map(([list, byMeaning]) => {
    const entries = [...byMeaning.values()];
    return { list, moved: notYetIn(policies, owner, list, entries), held: heldIn(policies, owner, list, entries) };
  });
  const moving = lists.filter((l) => l.moved.length > 0);
  // Empty lists alone: their removal, which the table's own unit offers (`misplacedListFixes`).
  if (!lists.some((l) => l.moved.length > 0 || l.held.length > 0)) return [];
  const edits = intoListsAcross(doc, policies, owner, own, moving);
  if (!edits) return [];
  edits.push(...taken.edits);
  // A conflict the move makes: an entry its list gets that the other list holds, or gets from this move too (said once, of `allowed`).
  const movedInto = (list: ListName) => new Set((lists.find((l) => l.list === list)?.moved ?? []).map(meaning));
  const conflict = moving.map((l) => conflictNote(l.list, [...heldByOtherList(policies, owner, l.list, l.moved),
    ...(l.list === 'allowed' ? l.moved.filter((n) => movedInto('disallowed').has(meaning(n))) : [])])).join('');
  const heldSaid = lists.filter((l) => l.held.length > 0).map((l) => `${quoted(l.list)} already holds ${strings(l.held)}`);
  const what = taken.what ?? inWords(group.map((m) => quoted(m.key.name)));
  // A map-form rule's verdict one typo from `"allow"` or `"deny"` (`bash = "alow"`) goes where it was meant: said, as the rule's
  // message in a tools table says it (the misplaced list's says it once renamed there, which the move skips).
  const misspelt = misspeltVerdictsSaid(doc.text, group.filter((m) => m.rule && !m.pattern).map((m) => m.keyValue.value));
  const title = `${moving.length > 0 ? moveTitle(moving, heldSaid, conflict) : `Remove ${what}: ${inWords(heldSaid)}`}${misspelt}`;
  return [{ title, edits: edits.sort((a, b) => a.start - b.start), preferred: conflict === '' && !guess, safe: false }];
}

/**
 * What one misplaced key moves: each entry with the list it goes into; `guess` where what was meant is not sure;
 * `kept`, of an inline table of patterns, its rules that stay (`"ask"`), which it is written again with.
 */
interface Moved {
  readonly each: ReadonlyArray<{ readonly list: ListName; readonly entry: string }>;
  readonly guess: boolean;
  readonly kept?: readonly KeyValue[];
}

/** The entries of a list moved, as written: each a string Mars reads, none left open; null where one is not. */
function listEntries(m: MisplacedList): Moved | null {
  const value = m.keyValue.value;
  if (value?.kind !== 'array') return null;
  const each: Array<{ list: ListName; entry: string }> = [];
  for (const item of value.items) {
    if (item.kind !== 'string' || isOpenMultiline(item) || !parseToolName(item.value).ok) return null;
    each.push({ list: m.list, entry: item.value });
  }
  return { each, guess: false };
}

/**
 * The entries a rule moved writes, as from a tools table: a map-form rule's (`bash = "deny"`, `edit = false`:
 * `keyAsEntries`, into the list of its verdict; names between commas in its key one entry each, a guess), or each
 * rule's of OpenCode's table of patterns (`bash = { "git *" = "allow" }`, `bash."git *" = …`, a header of its own:
 * `bash(git *)` into its verdict's list). Null for a name Mars rejects. A rule with no verdict Mars reads (`"ask"`)
 * stays where it is, as one dotted or in a table of its own does (no misplaced list, it is not in the group), and as it
 * does in a tools table (`patternPlan`): in its inline table written again without the rest (`kept`).
 */
function ruleEntries(m: MisplacedList): Moved | null {
  const kv = m.keyValue;
  const parts = kv.key.parts;
  const rules = m.pattern ? dottedPatternRules(m.key.name, m.pattern, kv) : kv.value?.kind === 'inline-table' ? inlinePatternRules(m.key.name, kv) : undefined;
  if (rules !== undefined) {
    const moving = rules?.filter(movable) ?? [];
    if (!rules || moving.length === 0 || rules.some((r) => r.list !== null && r.entry === null)) return null;
    const each = moving.map((r) => ({ list: r.list, entry: r.entry }));
    return moving.length === rules.length ? { each, guess: false } : { each, guess: false, kept: rules.filter((r) => !movable(r)).map((r) => r.keyValue) };
  }
  if (parts[parts.length - 1] !== m.key || !readsAsMapForm(kv.value)) return null;
  const entries = keyAsEntries(m.key.name);
  return entries && { each: entries.entries.map((entry) => ({ list: m.list, entry })), guess: entries.split };
}

/** What a move takes out of where the lists were (`edits`), and what a removal's title calls it where not the lists by name (`what`). */
interface Taken {
  readonly edits: readonly Edit[];
  readonly what?: string;
}

/**
 * Out of a header's table: the table whole, else its lists alone (`kept`: see `keysTaken`); none where a `mars-ignore`
 * above its header speaks of it.
 */
function takenFromTable(doc: TomlDocument, section: Section, group: readonly MisplacedList[], kept: ReadonlyMap<KeyValue, readonly KeyValue[]>): Taken | null {
  const text = doc.text;
  if (!group.every((m) => section.entries.includes(m.keyValue))) return null;
  // Taken out, the comment would speak of what follows.
  if (directiveAbove(text, lineStartAt(text, section.header!.span.start))) return null;
  if (section.entries.length === group.length && kept.size === 0) {
    const edits = tableTakenOut(doc, section);
    return edits && { edits, what: `the table ${quoted(text.slice(section.header!.span.start, section.header!.span.end))}` };
  }
  return keysTaken(doc, group.map((m) => m.keyValue), kept);
}

/**
 * Out of a section's keys: each dotted key (`permissions.deny = […]`), or the key whose inline table holds the lists
 * alone (`permissions = { allow = […] }`); where it holds more (Claude's `ask`, `defaultMode`), the inline table on one
 * line written again without them (`permissions = { ask = […] }`); none for one over lines (TOML 1.1), or one deeper.
 */
function takenAsKeys(doc: TomlDocument, group: readonly MisplacedList[], kept: ReadonlyMap<KeyValue, readonly KeyValue[]>): Taken | null {
  const { direct, holders } = keyValuesOf(doc);
  if (group.every((m) => direct.has(m.keyValue))) return keysTaken(doc, group.map((m) => m.keyValue), kept);
  const holder = holders.get(group[0]!.keyValue);
  const value = holder?.value;
  // (Rules kept in an inline table in one are not: that table is written again whole.)
  if (!holder || value?.kind !== 'inline-table' || !group.every((m) => holders.get(m.keyValue) === holder) || kept.size > 0) return null;
  if (value.entries.length === group.length) return keysTaken(doc, [holder], new Map(), quoted(doc.text.slice(holder.key.span.start, holder.key.span.end)));
  const moved = new Set(group.map((m) => m.keyValue));
  const edit = value.closed ? inlineTableKeeping(doc.text, value, value.entries.filter((kv) => !moved.has(kv))) : null;
  return edit && { edits: [edit] };
}

/**
 * Each of `kvs` taken out, where each stands alone on its lines; or, where `kept` holds rules that stay in its inline
 * table of patterns, that table written again with them alone, on its one line (none over lines).
 */
function keysTaken(doc: TomlDocument, kvs: readonly KeyValue[], kept: ReadonlyMap<KeyValue, readonly KeyValue[]>, what?: string): Taken | null {
  if (!kvs.every((kv) => standsAlone(doc.text, kv))) return null;
  const edits: Edit[] = [];
  for (const kv of kvs) {
    const rules = kept.get(kv);
    const rewritten = rules && kv.value?.kind === 'inline-table' && kv.value.closed ? inlineTableKeeping(doc.text, kv.value, rules) : null;
    if (rules && !rewritten) return null;
    edits.push(...(rewritten ? [rewritten] : deleteKeyValue(doc.text, kv, doc.comments)));
  }
  return { edits, ...(what ? { what } : {}) };
}
