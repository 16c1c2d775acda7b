// Lists meant for an owner's tools table, written outside it where their rename would write that table again:
// Claude Code's settings as a table of their own (`[agents.x.permissions]` then `allow = […]` and `deny = […]`)
// beside `[agents.x.tools]`, or as keys (`permissions.deny = […]`, `permissions = { allow = […] }`) beside
// `tools.allowed`. Their entries move into the lists there instead; where that table is written in another
// section, only a text analysed whole sees both (`fixesBeyond`).

import { inWords, quoted } from '../grammar/text';
import { parseToolName } from '../grammar/toolName';
import { lineStartAt } from '../toml/lineIndex';
import type { KeyPart, KeyValue, Section, TomlDocument, TomlValue } from '../toml/model';
import { lastStartingBefore } from '../toml/sorted';
import { isOpenMultiline } from '../toml/stringPositions';
import { deleteKeyValue, directiveAbove, type Edit, inlineTableKeeping, keyValuesOf, standsAlone } from './edits';
import type { Fix } from './findings';
import { conflictNote, heldByOtherList, heldIn, meaning, notYetIn, strings } from './listsHold';
import { keyAsEntries, listPath, misspeltVerdictsSaid, readsAsMapForm } from './moves';
import { dottedPatternRules, inlinePatternRules, movable } from './patterns';
import { intoListsAcross, moveTitle, tableTakenOut } from './patternFixes';
import { type ListName, misplacedAt, type MisplacedList, type Owner, ownPolicy, type Policies, sameOwner } from './policies';
import { meantList, misspeltVerdictList, verdictList } from './meant';

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
    const entries = m.rule ? ruleEntries(m) : listEntries(m.keyValue, m.list);
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
  // A map-form rule's verdict one typo from `"allow"` or `"deny"` (`bash = "alow"`) goes where it was meant: said, as the rule's
  // message in a tools table says it (the misplaced list's says it once renamed there, which the move skips).
  const misspelt = misspeltVerdictsSaid(doc.text, group.filter((m) => m.rule && !m.pattern).map((m) => m.keyValue.value));
  const fix = movedInto(doc, policies, owner, names, taken.edits, taken.what ?? inWords(group.map((m) => quoted(m.key.name))), guess, misspelt);
  return fix ? [fix] : [];
}

/**
 * The fix putting `names` (by list, each meaning once) into the owner's lists, `taken` the edits taking them out of where
 * they were: titled by what it moves, or, where the lists hold it all, as the removal of `what`. Null where there is
 * nothing to move or hold (empty lists alone), or a list cannot take its entries.
 */
function movedInto(doc: TomlDocument, policies: Policies, owner: Owner, names: ReadonlyMap<ListName, ReadonlyMap<string, string>>, taken: readonly Edit[], what: string, guess: boolean, misspelt: string): Fix | null {
  const own = ownPolicy(policies, owner);
  const lists = [...names].map(([list, byMeaning]) => {
    const entries = [...byMeaning.values()];
    return { list, moved: notYetIn(policies, owner, list, entries), held: heldIn(policies, owner, list, entries) };
  });
  const moving = lists.filter((l) => l.moved.length > 0);
  // Empty lists alone: their removal, which the table's own unit offers (`misplacedListFixes`).
  if (!lists.some((l) => l.moved.length > 0 || l.held.length > 0)) return null;
  const edits = intoListsAcross(doc, policies, owner, own, moving);
  if (!edits) return null;
  edits.push(...taken);
  // A conflict the move makes: an entry its list gets that the other list holds, or gets from this move too (said once, of `allowed`).
  const movedTo = (list: ListName) => new Set((lists.find((l) => l.list === list)?.moved ?? []).map(meaning));
  const conflict = moving.map((l) => conflictNote(l.list, [...heldByOtherList(policies, owner, l.list, l.moved),
    ...(l.list === 'allowed' ? l.moved.filter((n) => movedTo('disallowed').has(meaning(n))) : [])])).join('');
  const heldSaid = lists.filter((l) => l.held.length > 0).map((l) => `${quoted(l.list)} already holds ${strings(l.held)}`);
  const title = `${moving.length > 0 ? moveTitle(moving, heldSaid, conflict) : `Remove ${what}: ${inWords(heldSaid)}`}${misspelt}`;
  return { title, edits: edits.sort((a, b) => a.start - b.start), preferred: conflict === '' && !guess, safe: false };
}

/**
 * Claude Code's settings (or OpenCode's) pasted into a tools table as a table of their own there, meant as that tools table
 * (`permissions = { allow = […], deny = […] }`, `[agents.x.tools.permissions]`, `permission = { edit = "deny" }`): its lists,
 * map-form rules and tables of patterns moved into the tools table's lists, as from a table meant as `tools` beside it
 * (`listsMove`); the rest (`ask`, `defaultMode`) stays, the inline table on one line written again with it alone, or the
 * section's keys moved taken out. Null where an entry is one Mars rejects, nothing moves, or the table cannot be so
 * written. `entries`: its key/values; `inline`: the key/value holding them written inline, else `section`, its header's.
 */
export function nestedListsMove(doc: TomlDocument, policies: Policies, owner: Owner, entries: readonly KeyValue[], inline: KeyValue | null, section: Section | null): Fix | null {
  const found = nestedLists(entries);
  if (!found) return null;
  const { names, kept, guess, rules } = found;
  const text = doc.text;
  let taken: Edit[] | null;
  let what: string;
  if (inline) {
    what = quoted(text.slice(inline.key.span.start, inline.key.span.end));
    const value = inline.value;
    if (value?.kind !== 'inline-table' || !value.closed || !standsAlone(text, inline)) return null;
    const rewritten = kept.length === 0 ? null : inlineTableKeeping(text, value, kept);
    taken = kept.length === 0 ? deleteKeyValue(text, inline, doc.comments) : rewritten && [rewritten];
  } else {
    what = `the table ${quoted(text.slice(section!.header!.span.start, section!.header!.span.end))}`;
    if (directiveAbove(text, lineStartAt(text, section!.header!.span.start))) return null;
    const moved = entries.filter((kv) => !kept.includes(kv));
    taken = kept.length === 0 ? tableTakenOut(doc, section!) : moved.every((kv) => standsAlone(text, kv)) ? moved.flatMap((kv) => deleteKeyValue(text, kv, doc.comments)) : null;
  }
  return taken && movedInto(doc, policies, owner, names, taken, what, guess, misspeltVerdictsSaid(text, rules));
}

/**
 * Claude Code's settings as a table below a tools table (`[agents.x.tools.permissions]` then `allow = […]`): its header
 * renamed the tools table's (`[agents.x.tools]`), and its lists' keys the lists' names (`allow` -> `allowed`), as a table
 * meant as `tools` beside it is renamed with its keys; what has no list (`ask`, map-form rules) then keys Mars ignores
 * in the tools table, each with its own fix. It writes the tools table (`creates`): where another section writes it, the
 * document drops it, and the move into that table's lists is offered instead (`nestedListsMove`). Null where an entry
 * is one Mars rejects, nothing moves, or two keys are meant as one list (`allow` beside `allowed`).
 */
export function nestedTableRename(doc: TomlDocument, owner: Owner, section: Section): Fix | null {
  const header = section.header!;
  const parts = header.key.parts;
  if (header.array || parts.length < 2 || !nestedLists(section.entries)) return null;
  const lists = new Set<ListName>();
  const renamed: Array<{ key: KeyPart; list: ListName }> = [];
  for (const kv of section.entries) {
    const key = kv.key.parts[0]!;
    const list = kv.key.parts.length === 1 && kv.value?.kind === 'array' ? meantList(key.name) : null;
    if (!list) continue;
    if (lists.has(list)) return null;
    lists.add(list);
    if (key.name !== list) renamed.push({ key, list });
  }
  const text = doc.text;
  const [tools, last] = [parts[parts.length - 2]!, parts[parts.length - 1]!];
  const written = `[${text.slice(header.key.span.start, tools.span.end)}]`;
  const keys = renamed.map((r) => `${quoted(r.key.name)} to ${quoted(r.list)}`);
  return {
    title: `Rename ${inWords([`${quoted(text.slice(header.span.start, header.span.end))} to ${quoted(written)}`, ...keys])}`,
    edits: [{ start: tools.span.end, end: last.span.end, newText: '' }, ...renamed.map((r) => ({ start: r.key.span.start, end: r.key.span.end, newText: r.list }))],
    preferred: true, safe: false, creates: [owner.kind, owner.name, 'tools'], createsHeader: true, createsKeys: [...lists].map((l) => listPath(owner, l)),
  };
}

/**
 * What the key/values of a table meant as the tools table it is in move into that table's lists (`names`: by list, each
 * meaning once, as written first), and those that stay (`kept`); null where an entry is one Mars rejects, or nothing
 * moves. Read from them alone: what a finding says of them is the same wherever the lists are.
 */
export function nestedLists(entries: readonly KeyValue[]): { names: Map<ListName, Map<string, string>>; kept: KeyValue[]; guess: boolean; rules: Array<TomlValue | null> } | null {
  const names = new Map<ListName, Map<string, string>>();
  const kept: KeyValue[] = [];
  let guess = false;
  const rules: Array<TomlValue | null> = [];
  for (const kv of entries) {
    const moved = kv.key.parts.length === 1 ? nestedEntries(kv) : { each: [], guess: false };
    if (!moved) return null;
    if (moved.each.length === 0) {
      kept.push(kv);
      continue;
    }
    guess ||= moved.guess;
    if (kv.value?.kind !== 'array') rules.push(kv.value);
    for (const { list, entry } of moved.each) {
      const into = names.get(list) ?? new Map<string, string>();
      names.set(list, into);
      if (!into.has(meaning(entry))) into.set(meaning(entry), entry);
    }
  }
  return names.size === 0 ? null : { names, kept, guess, rules };
}

/**
 * What a key/value of a table meant as `tools` moves into its lists: a list's entries (`allow = […]`, each one Mars
 * reads), a map-form rule's (`edit = "deny"`), an inline table of patterns' (`bash = { "git *" = "allow" }`, all of
 * them moving). No entries where it holds none of them (`ask = […]`, `defaultMode`): it stays. Null for a name Mars rejects.
 */
function nestedEntries(kv: KeyValue): Moved | null {
  const key = kv.key.parts[0]!;
  const list = meantList(key.name);
  if (list && kv.value?.kind === 'array') return listEntries(kv, list);
  const patterns = kv.value?.kind === 'inline-table' ? inlinePatternRules(key.name, kv) : null;
  if (patterns) return patterns.every(movable) ? { each: patterns.map((r) => ({ list: r.list, entry: r.entry })), guess: false } : { each: [], guess: false };
  const verdict = readsAsMapForm(kv.value) ? verdictList(kv.value) ?? misspeltVerdictList(kv.value) : null;
  const entries = verdict && keyAsEntries(key.name);
  return entries ? { each: entries.entries.map((entry) => ({ list: verdict, entry })), guess: entries.split } : { each: [], guess: false };
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

/** The entries of `kv`'s list moved into `list`, as written: each a string Mars reads, none left open; null where one is not. */
function listEntries(kv: KeyValue, list: ListName): Moved | null {
  const value = kv.value;
  if (value?.kind !== 'array') return null;
  const each: Array<{ list: ListName; entry: string }> = [];
  for (const item of value.items) {
    if (item.kind !== 'string' || isOpenMultiline(item) || !parseToolName(item.value).ok) return null;
    each.push({ list, entry: item.value });
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
