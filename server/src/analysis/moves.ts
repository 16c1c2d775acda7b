// Fixes that move rules between keys of a tools table: map-form keys (`bash = "allow"`) and the
// removed `tools.mcp` into `allowed`/`disallowed`, and keys Mars ignores taken out. Lists under
// misspelt keys or outside the tools table, and wrong shapes, have theirs in listFixes.ts; OpenCode's
// tables of patterns in patternFixes.ts; lists moved into a tools table another section writes in
// listsMove.ts; what the lists hold already, each asks of listsHold.ts.

import { canonicalSpelling, mcpWireRewrite, meantEntry, subAgentsKey } from '../grammar/checks';
import { asciiLower, inWords, quoted, rustTrim } from '../grammar/text';
import { isMcpWireToken, namesBetweenCommas, parseToolName } from '../grammar/toolName';
import { lineStartAt } from '../toml/lineIndex';
import type { KeyPart, KeyValue, Section, Span, TomlArray, TomlDocument, TomlString, TomlValue } from '../toml/model';
import { isOpenMultiline } from '../toml/stringPositions';
import { stringList } from '../toml/strings';
import { appendToArray, commentsWithin, deleteKeyValue, deleteTable, type Edit, keptApart, standsAlone } from './edits';
import type { Fix } from './findings';
import { holdsListValue, isMapFormVerdict, meantList, meantTools, misspeltVerdictList, verdictList } from './meant';
import { patternAdvice, patternFixes, patternTableOfKey } from './patternFixes';
import { type ExtraKey, type ListName, listOf, listTarget, type Owner, type Policies } from './policies';
import { keyContentSpan } from './places';
import { conflictNote, conflictSays, fewOf, heldByOtherList, heldIn, meaning, notYetIn, strings } from './listsHold';
import { directiveOf } from './suppress';
import { nestedListsMove } from './listsMove';

/** The key path of an owner's list: what a fix that writes the list anew creates. */
export const listPath = (owner: Owner, list: ListName): readonly string[] => [owner.kind, owner.name, 'tools', list];

interface Move {
  readonly extra: ExtraKey;
  readonly list: ListName;
  readonly names: readonly string[];
  /** What the key meant is not in doubt, every name one Mars accepts (else the move is offered, never applied by fix-all). */
  readonly sure: boolean;
  /** A map-form key of names between commas, moved as one entry per tool (`keyAsEntries`): a guess at meaning. */
  readonly split: boolean;
}

/**
 * Where an extra key's rule belongs, or null when its intent is not clear or the list it belongs in
 * is written but cannot take it (`allowed = "read"`: the list's own fix comes first).
 */
export function moveOf(text: string, policies: Policies, extra: ExtraKey): Move | null {
  if (!standsAlone(text, extra.keyValue)) return null;
  const move = intendedMove(extra);
  // A move of nothing (`mcp = []`) only deletes its key: the list is not written to.
  return move && (move.names.length === 0 || listTarget(policies, extra.owner, move.list) !== null) ? move : null;
}

/** Whether the extra key is the key/value's last part (`bash = …`), not a table on the way to one (`edit.x = …` makes `edit` a table). */
export const namesTheKey = (extra: ExtraKey): boolean => extra.keyValue.key.parts[extra.keyValue.key.parts.length - 1] === extra.name;

/**
 * Whether the key reads as the map form's tool name: the key itself, and not a list's name, which
 * names no tool (`deny = "allow"` is no rule for a tool `deny`; the diagnostics read `deny = […]`
 * as the `disallowed` list misspelt).
 */
export const namesATool = (extra: ExtraKey): boolean => namesTheKey(extra) && meantList(extra.name.name) === null;

/**
 * The list a map-form rule (`bash = "allow"`, `agent = "deny"`, `write = false`) was meant for, or
 * null; not for a key below the tool's name (`edit.x = "allow"` makes `edit` a table), nor a list's
 * name (`namesATool`). A verdict one typo from `"allow"` or `"deny"` (`bash = "alow"`) is read as the one
 * meant (`misspeltVerdictsSaid` says so): Mars ignores the key either way, and the rule is what the user meant.
 */
export function mapFormList(extra: ExtraKey): ListName | null {
  return namesATool(extra) ? verdictList(extra.keyValue.value) ?? misspeltVerdictList(extra.keyValue.value) : null;
}

/**
 * The verdicts of `values` one typo from `"allow"` or `"deny"` with the one each is read as (`mapFormList`, `patternRule`), said
 * after "no effect" where the rule is: ` (`"alow"` read as `"allow"`)`; '' where none is. Each spelling once, past five counted.
 */
export function misspeltVerdictsSaid(text: string, values: ReadonlyArray<TomlValue | null>, quote: (s: string) => string = quoted): string {
  const said = new Set<string>();
  for (const v of values) {
    const list = misspeltVerdictList(v);
    if (list && v) said.add(`${quote(text.slice(v.span.start, v.span.end))} read as ${quote(list === 'allowed' ? '"allow"' : '"deny"')}`);
  }
  return said.size === 0 ? '' : ` (${fewOf([...said], inWords)})`;
}

/** The misspelt verdict of a map-form key Mars ignores (`bash = "alow"`), said as `misspeltVerdictsSaid` says it. */
export const misspeltVerdictOf = (text: string, extra: ExtraKey, quote: (s: string) => string = quoted): string =>
  namesATool(extra) ? misspeltVerdictsSaid(text, [extra.keyValue.value], quote) : '';

/** Whether a value reads as a map-form verdict's shape, a string or a boolean (`"ask"` too, not `3`): what the note on the map form is said for. */
export const readsAsMapForm = (value: TomlValue | null): boolean => value?.kind === 'string' || (value?.kind === 'scalar' && value.type === 'boolean');

function intendedMove(extra: ExtraKey): Move | null {
  const kv = extra.keyValue;
  const value = kv.value;
  if (!value || !namesTheKey(extra)) return null;
  if (extra.name.name === 'mcp') {
    // `mcp = "deny"` is the map form, not a server named deny: what it meant is not clear. (`mcp = false`
    // names no server either: nothing below moves it.)
    if (value.kind === 'string' && isMapFormVerdict(value.value)) return null;
    const servers = value.kind === 'string' ? [value] : value.kind === 'array' ? value.items : [];
    const names: string[] = [];
    let sure = true;
    for (const s of servers) {
      if (s.kind !== 'string' || isOpenMultiline(s)) return null;
      const { grant: ref, written } = mcpItemGrant(s.value);
      if (written) {
        // Already a grant (`"mcp(github)"`), not a server name: moved as it is, not wrapped again; a
        // guess at what the removed key meant, so not in fix-all.
        names.push(ref);
        sure = false;
        continue;
      }
      // `mcp(…)` is an MCP reference to Mars, or an error (`mcp()`): nothing else.
      if (!parseToolName(ref).ok) return null;
      names.push(ref);
    }
    // An empty `mcp = []` granted nothing: deleting it keeps Mars's meaning. (A list with items has a
    // name for each here, or returned above.)
    return names.length > 0 || value.kind === 'array' ? { extra, list: 'allowed', names, sure, split: false } : null;
  }
  const list = mapFormList(extra);
  const entries = keyAsEntries(extra.name.name);
  return list && entries !== null ? { extra, list, names: entries.entries, sure: false, split: entries.split } : null;
}

/**
 * A map-form key's name as the entry of a list that replaces it, spelled as Mars writes it
 * (`Shell` -> `bash`), or null for a name Mars rejects as an entry (`bash()`): it would stop the
 * load there. Each name of a key split at its commas too (`keyAsEntries`, what the others ask).
 */
function keyAsEntry(name: string): string | null {
  const parsed = parseToolName(name);
  // `mcp__github__x`, Claude's wire spelling, is moved as the portable `mcp(github/x)`.
  return parsed.ok ? (mcpWireRewrite(name) ?? canonicalSpelling(name, parsed.name)) : null;
}

/**
 * The entries a map-form key's move writes: its name as one (`keyAsEntry`), or, for names between
 * commas that are each one Mars takes (`"Read, Grep" = "allow"`, Claude's `tools:` line pasted), one
 * entry per tool (`split`), each meaning once: what was meant, as an entry's split in a list reads it
 * (`splitFix` in entryFindings.ts), not one odd tool `read, _grep`. Null for a name Mars rejects.
 * Diagnostics, fixes, hover and completion say the same entries.
 */
export function keyAsEntries(name: string): KeyEntries | null {
  // A key's diagnostic, its fixes and its hover each ask this of the same name, read in full each
  // time (a map-form key of 2 MB): the last answer is kept.
  if (lastKeyEntries?.name !== name) lastKeyEntries = { name, entries: keyEntries(name) };
  return lastKeyEntries.entries;
}

type KeyEntries = { readonly entries: readonly string[]; readonly split: boolean };
let lastKeyEntries: { readonly name: string; readonly entries: KeyEntries | null } | null = null;

function keyEntries(name: string): KeyEntries | null {
  const between = namesBetweenCommas(name);
  if (!between) {
    const entry = keyAsEntry(name);
    return entry === null ? null : { entries: [entry], split: false };
  }
  const byMeaning = new Map<string, string>();
  for (const n of between) {
    const entry = keyAsEntry(n.name)!; // each a name Mars takes (`namesBetweenCommas`)
    if (!byMeaning.has(meaning(entry))) byMeaning.set(meaning(entry), entry);
  }
  return { entries: [...byMeaning.values()], split: true };
}

/**
 * What to do with a map-form rule (`bash = "allow"`) whose entries (`keyAsEntries`) go in `list`, as
 * its diagnostic, hover and completion all say it: the key can go where the list holds them all
 * already (`held`), a conflict where the other list holds one it would move (`conflict`), else put
 * them in the list (saying those it holds already, as the move's title does). `show` quotes an entry
 * as the caller writes it, `q` a list's name; a list is said to hold what it holds, as it spells it
 * (`Shell`); `what` names what can go where it holds them (a pattern's rule, not the key). The sentence starts lower case
 * (`put …`) and has no full stop: each place writes it into its own.
 */
export function mapFormAdvice(policies: Policies, owner: Owner, list: ListName, entries: readonly string[], show: (entry: string) => string, q: (s: string) => string, what = 'the key'): { readonly held: boolean; readonly conflict: boolean; readonly says: string } {
  const shows = (names: readonly string[]) => names.map(show).join(', ');
  const held = heldIn(policies, owner, list, entries);
  const moved = notYetIn(policies, owner, list, entries);
  if (moved.length === 0) return { held: true, conflict: false, says: `${q(list)} already holds ${shows(held)}, so ${what} can go` };
  const others = heldByOtherList(policies, owner, list, moved);
  if (others.length > 0) return { held: false, conflict: true, says: conflictSays(list, others, show, q) };
  return { held: false, conflict: false, says: `put ${shows(moved)} in ${q(list)} instead${held.length > 0 ? ` (it already holds ${shows(held)})` : ''}` };
}

/**
 * The grant an item of the removed `tools.mcp` becomes in `allowed`: a server name wrapped
 * (`gh` -> `mcp(gh)`), one written as a grant already as it is (`written`); what its move writes and
 * its hover describes.
 */
export function mcpItemGrant(value: string): { readonly grant: string; readonly written: boolean } {
  const written = grantWritten(value);
  return written ? { grant: written, written: true } : { grant: `mcp(${rustTrim(value)})`, written: false };
}

/** An MCP grant as Mars writes it, when `value` is written as one (`mcp(github)`, `mcp__github`); else null. */
function grantWritten(value: string): string | null {
  if (isMcpWireToken(rustTrim(value))) return mcpWireRewrite(value);
  const parsed = parseToolName(value);
  return parsed.ok && parsed.name.kind === 'mcp' ? canonicalSpelling(value, parsed.name) : null;
}

/**
 * One set of edits moving the rules of `extras` (all of one owner) into its lists: appended to a
 * list that exists, else the first moved key/value becomes the list. Never two edits in one place.
 */
export function moveEdits(doc: TomlDocument, policies: Policies, moves: readonly Move[]): Edit[] {
  const text = doc.text;
  const edits: Edit[] = [];
  const removals: Edit[][] = [];
  for (const list of ['allowed', 'disallowed'] as const) {
    const group = moves.filter((m) => m.list === list);
    if (group.length === 0) continue;
    const owner = group[0]!.extra.owner;
    const existing = listOf(policies, owner, list);
    const names = notYetIn(policies, owner, list, group.flatMap((m) => m.names));
    let rest = group;
    if (names.length > 0 && existing) {
      const append = appendToArray(text, existing.array, names);
      if (append === null) return []; // no fix: the moved names would be silenced, or text of a string left open
      edits.push(append);
    } else if (names.length > 0) {
      const first = group[0]!.extra;
      edits.push(...becomeList(doc, first.keyValue, first.name.span.start, `${list} = ${stringList(names)}`));
      rest = group.slice(1);
    }
    for (const m of rest) removals.push(deleteKeyValue(text, m.extra.keyValue, doc.comments));
  }
  // The last two keys of an inline table would both take the comma between them: in text order, a
  // removal that overlaps one kept before it waits (fix-all's next pass removes it, its rule then held).
  // None overlaps the list's edits: an append is inside the list, and the key/value that becomes the
  // list is rewritten from its key, or from its line's start where it stands alone on its lines
  // (`standsAlone`, asked of every key moved).
  let keptEnd = -1;
  for (const removal of removals.sort((a, b) => (a[0]?.start ?? 0) - (b[0]?.start ?? 0))) {
    if (removal.some((r) => r.start < keptEnd)) continue;
    edits.push(...removal);
    for (const r of removal) keptEnd = Math.max(keptEnd, r.end);
  }
  return edits;
}

/**
 * Rewrite a key/value, from `keyStart` (its last key part) on, as `newText` (`list = [names]`). The comments
 * inside its value (`mcp = [` over lines, `"github",  # mars-ignore-file: …`) are kept, each on a
 * line of its own above it: a file-wide suppression among them still holds.
 */
export function becomeList(doc: TomlDocument, kv: KeyValue, keyStart: number, newText: string): Edit[] {
  const text = doc.text;
  // A `mars-ignore` among them spoke of a line of the value, not of the list it becomes.
  const inside = commentsWithin(doc.comments, keyStart, kv.span.end).filter((c) => c.span.end <= kv.span.end && directiveOf(c.text) !== 'line');
  // Its last line, where a `mars-ignore` ends it, stays apart, a line break before the `]`.
  if (inside.length === 0) return keptApart(text, { start: keyStart, end: kv.span.end, newText }, newText.length - 1);
  const lineStart = lineStartAt(text, kv.span.start);
  const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
  const eol = /\r?\n|\r/.exec(text.slice(kv.span.start))?.[0] ?? '\n';
  const above = inside.map((c) => `${indent}${text.slice(c.span.start, c.span.end)}${eol}`).join('');
  const written = `${above}${text.slice(lineStart, keyStart)}${newText}`;
  return keptApart(text, { start: lineStart, end: kv.span.end, newText: written }, written.length - 1);
}

export function extraKeyFixes(doc: TomlDocument, policies: Policies, extra: ExtraKey): Fix[] {
  const move = moveOf(doc.text, policies, extra);
  return move ? moveFixes(doc, policies, move) : [];
}

/**
 * The fix of a move (`moveOf`); `meant`: of the entry a map-form key looks meant as (`meantMove`),
 * not the one Mars reads it as, a guess never in fix-all.
 */
function moveFixes(doc: TomlDocument, policies: Policies, move: Move, meant = false): Fix[] {
  const extra = move.extra;
  if (move.names.length === 0) {
    return [{ title: `Remove ${quoted(`${doc.text.slice(extra.keyValue.key.span.start, extra.keyValue.key.span.end)} = []`)}: it grants nothing`, edits: moveEdits(doc, policies, [move]), preferred: true, safe: true }];
  }
  const key = doc.text.slice(extra.keyValue.key.span.start, extra.keyValue.key.span.end);
  const moved = notYetIn(policies, extra.owner, move.list, move.names);
  const adds = new Set(moved);
  const held = move.names.filter((n) => !adds.has(n));
  const edits = moveEdits(doc, policies, [move]);
  if (edits.length === 0) return [];
  // Moved where the other list holds them: offered, titled so, but neither preferred nor in fix-all.
  const conflict = conflictNote(move.list, heldByOtherList(policies, extra.owner, move.list, moved));
  const fix: Fix = {
    title: moved.length === 0 ? `Remove ${quoted(key)}: ${quoted(move.list)} already holds ${strings(heldIn(policies, extra.owner, move.list, held))}`
      : `Move ${strings(moved)} into ${quoted(move.list)}${held.length > 0 ? ` (it already holds ${strings(heldIn(policies, extra.owner, move.list, held))})` : ''}${conflict}`,
    edits,
    preferred: conflict === '',
    // The removed `tools.mcp` meant these grants, so moving them keeps Mars's meaning; a map-form key
    // is ignored by Mars, and moving it makes a rule that was not in force: offered, never in fix-all.
    // Removing one whose rule the list already holds changes nothing, as a duplicate's removal does;
    // but a key split at its commas (`Read, Grep`) is held only as a guess at what it meant, as an
    // entry's split is (`splitFix` in entryFindings.ts): not in fix-all either.
    safe: !meant && !move.split && (moved.length === 0 || (conflict === '' && move.sure)),
  };
  return [listOf(policies, extra.owner, move.list) ? fix : { ...fix, creates: listPath(extra.owner, move.list) }];
}

/**
 * A key Mars ignores in a tools table (`foo = 1`, a map-form rule) removed, its line taken as a move
 * takes it (`deleteKeyValue`): for one who wants it gone rather than kept for another program. Never
 * preferred (a map-form rule may be meant for a list that cannot take it yet, `allowed = "read"`),
 * never in fix-all: it deletes what the user wrote, and a move, where one is offered, keeps it. Null
 * where taking it out would join lines (`standsAlone`) or it holds a multi-line string left open (to
 * Mars the rest of the file is its text).
 */
function removeKeyFix(doc: TomlDocument, extra: ExtraKey): Fix | null {
  const kv = extra.keyValue;
  if (!standsAlone(doc.text, kv) || (kv.value && holdsOpenMultiline(kv.value))) return null;
  const key = doc.text.slice(kv.key.span.start, kv.key.span.end);
  return { title: `Remove ${quoted(key)}`, edits: deleteKeyValue(doc.text, kv, doc.comments), preferred: false, safe: false };
}

/**
 * The fixes of a key Mars ignores in a tools table (not `mcp`, nor a list under a misspelt key): its
 * move where one is offered (`extraKeyFixes`), and its removal (`removeKeyFix`), but not where the
 * list holds its rule already, whose move removes it. What its diagnostic offers, and its hover says
 * where no move is offered.
 */
export function ignoredKeyFixes(doc: TomlDocument, policies: Policies, extra: ExtraKey): { readonly moves: Fix[]; readonly removal: Fix | null } {
  // Claude Code's settings pasted as an inline table (`permissions = { allow = […] }`): their lists moved into this table's.
  const nested = nestedSettingsMove(doc, policies, extra);
  if (nested) return { moves: [nested], removal: nested.title.startsWith('Remove ') ? null : removeKeyFix(doc, extra) };
  // OpenCode's table of patterns (`bash = { "git *" = "allow" }`): its move, as a map-form key's.
  const patterns = patternTableOfKey(extra);
  if (patterns) {
    const held = patternAdvice(doc.text, policies, patterns, (e) => e, (e) => e).held;
    return { moves: patternFixes(doc, policies, patterns), removal: held ? null : removeKeyFix(doc, extra) };
  }
  const list = mapFormList(extra);
  const entries = list && keyAsEntries(extra.name.name);
  const held = list !== null && entries !== null && notYetIn(policies, extra.owner, list, entries.entries).length === 0;
  const moves = extraKeyFixes(doc, policies, extra);
  const meant = meantMove(doc, policies, extra);
  if (!meant) return { moves, removal: held ? null : removeKeyFix(doc, extra) };
  // `task` written for OpenCode or Claude's old `Task` (sub-agents, Mars's `agent`), which Mars reads as the task list:
  // both moves offered, neither preferred, the message saying the two readings; nor in fix-all, not even the removal of
  // a key whose `task` the list holds, which would lose the rule meant for sub-agents.
  if (meant.subAgents) return { moves: [...moves.map((f) => ({ ...f, preferred: false, safe: false })), { ...meant, preferred: false }], removal: held ? null : removeKeyFix(doc, extra) };
  // As an entry's did-you-mean (`"MultiEdit"`: `edit`), the move of what the key looks meant as is
  // the one preferred fix, for the editor's auto-fix; the move that keeps Mars's reading stays, in
  // fix-all where it was. Where the list holds what it meant, that move is the key's removal already.
  return {
    moves: [...(meant.preferred ? moves.map((f) => ({ ...f, preferred: false })) : moves), meant],
    removal: held || meant.edits.every((e) => e.newText === '') ? null : removeKeyFix(doc, extra),
  };
}

/**
 * The move of a key of a tools table written as a table meant as that tools table (`permissions = { allow = […] }`,
 * `tools = { … }`, Claude Code's settings pasted; a dotted key's is `misspeltList`'s) into its lists (`nestedListsMove`),
 * or null.
 */
export function nestedSettingsMove(doc: TomlDocument, policies: Policies, extra: ExtraKey): Fix | null {
  const entries = nestedSettings(extra);
  return entries && nestedListsMove(doc, policies, extra.owner, entries, extra.keyValue, null);
}

/** The key/values of a key of a tools table written as a table meant as that tools table (`permissions = { … }`), or null. */
export function nestedSettings(extra: ExtraKey): readonly KeyValue[] | null {
  const value = extra.keyValue.value;
  return value?.kind === 'inline-table' && extra.keyValue.key.parts.at(-1) === extra.name && meantAsTools(extra.name.name) ? value.entries : null;
}

/** Whether a key below a tools table names a table meant as it: `tools` again, or one `meantTools` reads so (`permissions`). */
export const meantAsTools = (name: string): boolean => name === 'tools' || meantTools(name);

/** Whether a table below a tools table (`name`, of `section`'s header) is one meant as it, its header ending there (`[agents.x.tools.permissions]`). */
export const nestedTable = (name: KeyPart, section: Section): boolean => meantAsTools(name.name) && section.header?.key.parts.at(-1) === name;

/**
 * The move of a map-form key whose name Mars does not know (`MultiEdit = "deny"`, `grpe = "allow"`)
 * as the entry it looks meant as (`edit`, `grep`: `meantEntry`, an entry's did-you-mean), or null:
 * not of names between commas, moved one entry per tool already.
 */
function meantMove(doc: TomlDocument, policies: Policies, extra: ExtraKey): (Fix & { readonly subAgents?: true }) | null {
  const move = moveOf(doc.text, policies, extra);
  if (!move || move.split || move.names.length !== 1) return null;
  const parse = parseToolName(extra.name.name);
  // `task = "deny"`, written for OpenCode (or Claude's old `Task`): its sub-agents, `agent`.
  const subAgents = parse.ok ? subAgentsKey(extra.name.name, parse.name) : null;
  if (subAgents) {
    const fix = moveFixes(doc, policies, { ...move, names: [subAgents.capability], sure: false }, true)[0];
    return fix ? { ...fix, subAgents: true } : null;
  }
  const meant = parse.ok && parse.name.kind === 'unknown' ? meantEntry(extra.name.name, parse.name) : null;
  if (!meant || meaning(meant.entry) === meaning(move.names[0]!)) return null;
  return moveFixes(doc, policies, { ...move, names: [meant.entry], sure: false }, true)[0] ?? null;
}

/**
 * A table below a tools table (`[agents.x.tools.sub]`), which Mars ignores, removed with its
 * key/values (`deleteTable`): as a key Mars ignores is (`removeKeyFix`), never preferred nor in
 * fix-all. Null where its section holds a syntax error (what is its own is then a guess), and for
 * one table of an array of them (`[[…]]`): taken out, a header below it (`[agents.x.tools.sub.y]`)
 * would add to the element before it. The `mars-ignore` lines above the header go too: the unit
 * before holds them (`takesHeader`), as a section's unit starts at its header.
 */
export function removeTableFix(doc: TomlDocument, section: Section): Fix | null {
  const header = section.header;
  if (!header || header.array || doc.problems.some((p) => p.span.start < section.span.end && p.span.end > section.span.start)) return null;
  const edits = deleteTable(doc.text, section, doc.comments);
  return edits && { title: `Remove the table ${quoted(doc.text.slice(header.span.start, header.span.end))}`, edits, preferred: false, safe: false, takesHeader: true };
}

export function holdsOpenMultiline(v: TomlValue): boolean {
  if (v.kind === 'string') return isOpenMultiline(v);
  if (v.kind === 'array') return v.items.some(holdsOpenMultiline);
  return v.kind === 'inline-table' && v.entries.some((e) => e.value !== null && holdsOpenMultiline(e.value));
}

/**
 * The list a key of a tools table was meant to be, when it holds a list (`Allowed = ["read"]`,
 * `deny = […]`) or a string where the list goes (`deny = "bash"`, a skill's `allowed-tools = "Read, Grep"`,
 * as a string beside the tools table is read), or null: what its diagnostic, fixes and hover all
 * speak of. Not a verdict (`deny = "allow"`), which names no tool (`namesATool`).
 */
export function misspeltList(extra: ExtraKey): ListName | null {
  const part = holdsListValue(extra.keyValue.value) ? listPart(extra) : null;
  // `tools = [...]` in the tools table too is Claude's agent `tools:`, the tools allowed, as beside it (`shapeList`).
  return part === null ? null : part === extra.name && part.name === 'tools' ? 'allowed' : meantList(part.name);
}

/** Claude Code's third list in a tools table (`ask = […]`, `permissions.ask`): one Mars has no place for. */
export const askList = (extra: ExtraKey): boolean => extra.keyValue.value?.kind === 'array' && asciiLower(listPart(extra)?.name ?? '') === 'ask';

/**
 * The key part that may name a list in a tools table: the key itself (`Allowed`), or, past the tools table written again
 * (`tools.allowed` under `[agents.x.tools]`) or Claude Code's settings pasted in (`permissions.allow = […]`, what their
 * JSON's `"permissions": { "allow": … }` is written as), its last part. Null for a key below a tool (`bash.x`).
 */
function listPart(extra: ExtraKey): KeyPart | null {
  const parts = extra.keyValue.key.parts;
  if (namesTheKey(extra)) return extra.name;
  return parts[parts.length - 2] === extra.name && (extra.name.name === 'tools' || meantTools(extra.name.name)) ? parts[parts.length - 1]! : null;
}

/**
 * A list key's part past the tools table (`listPart`) as written: the key's name (`Allowed`), or, `dotted`, the table
 * meant again and the list's part (`permissions.allow`); `shown`, where a finding of it is shown (inside quotes).
 */
export function misspeltListKey(text: string, extra: ExtraKey): { readonly span: Span; readonly shown: Span; readonly written: string; readonly dotted: boolean } {
  const parts = extra.keyValue.key.parts;
  const last = parts[parts.length - 1]!;
  const span = { start: extra.name.span.start, end: last.span.end };
  const shown = { start: keyContentSpan(text, extra.name.span).start, end: keyContentSpan(text, last.span).end };
  return { span, shown, written: text.slice(span.start, span.end), dotted: last !== extra.name };
}

/**
 * What a list Mars reads no tool list from (`value`, a key's value) is meant as, where the analysis
 * reports it as one: misplaced (`[agents.x]` then `allowed = […]`, `[agents.x.tool]`), written where
 * no agent or skill is named (`[permissions]` then `allow = […]`: no owner), or under a misspelt key
 * of a tools table (`Allowed = […]`, `deny = […]`). So of a string written where such a list goes
 * (`[agents.x]` then `allowed = "read"`), which its fix makes the list of its names, and of
 * `tools = "read"` at the root, read as `allowed` as an agent's `tools = "read"` is (`shapeList`).
 * Null for any other (`skills = […]`, a list of no string, a verdict `deny = "allow"`).
 */
export function strayListOf(policies: Policies, value: TomlArray | TomlString): { readonly owner: Owner | null; readonly list: ListName } | null {
  const misplaced = policies.misplaced.find((m) => !m.rule && m.keyValue.value === value);
  if (misplaced) return { owner: misplaced.owner, list: misplaced.list };
  const unowned = policies.unowned.find((u) => !u.rule && u.keyValue.value === value);
  if (unowned) return { owner: null, list: unowned.list };
  for (const extra of policies.extraKeys) {
    const list = extra.keyValue.value === value ? misspeltList(extra) : null;
    if (list) return { owner: extra.owner, list };
  }
  return null;
}
