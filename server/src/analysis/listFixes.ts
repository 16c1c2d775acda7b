// Fixes of a list Mars does not read as written: one meant for an owner's tools table but written
// under another key (outside the table, `[agents.x]` then `allowed`, or under a misspelt one,
// `Allowed`, `deny`), renamed or its names moved into the list written; and one written in a shape
// Mars does not read (a string where the list goes, `tools` as a list, `[[…]]` for a table).

import { inWords, quoted } from '../grammar/text';
import { namesBetweenCommas, parseToolName } from '../grammar/toolName';
import { lastAtOrBefore } from '../toml/sorted';
import type { KeyPart, KeyValue, Section, Span, TomlDocument, TomlString } from '../toml/model';
import { isMultiline, isOpenMultiline } from '../toml/stringPositions';
import { stringList } from '../toml/strings';
import { moreAfterValue } from '../toml/listWithoutBrackets';
import { dotted, pathStartsWith as startsWith } from '../toml/tables';
import { appendToArray, type Edit, keyValueTakenOut, standsAlone } from './edits';
import type { Fix } from './findings';
import { conflictNote, heldByOtherList, meaning, notYetIn, safeListName, strings } from './listsHold';
import { listPath, misspeltListKey } from './moves';
import { type ExtraKey, isToolsAsList, listAfterString, type ListName, listTarget, misplacedAt, type MisplacedList, type Owner, ownPolicy, type Policies, sameOwner, type ShapeProblem } from './policies';

/**
 * The entries of a list under a key Mars does not read (`deny = […]`, `allowed` beside the tools
 * table) that the owner's other list holds, where it becomes, or is moved into, `list` (see `heldByOtherList`).
 * A string with more after it, commas between (`allowed = "read", "grep"`), as the list they make (`listAfterString`),
 * as its message and fix say it: `"grep"` is as much a conflict as `"read"`.
 */
export function strayListConflicts(text: string, policies: Policies, owner: Owner, kv: KeyValue, list: ListName, inline = false): string[] {
  return heldByOtherList(policies, owner, list, notYetIn(policies, owner, list, strayListNames(text, kv, inline)));
}

/** The names a list Mars reads no tool list from holds, or a string written where it goes (as its fix writes them). */
function strayListNames(text: string, kv: KeyValue, inline: boolean): string[] {
  const value = kv.value;
  if (value?.kind !== 'array' && value?.kind !== 'string') return [];
  const run = value.kind === 'string' ? listAfterString(text, value, inline) : null;
  return run ? run.values.filter((v): v is string => typeof v === 'string')
    : value.kind === 'string' ? stringNames(value.value) : value.items.flatMap((i) => (i.kind === 'string' ? [i.value] : []));
}

/**
 * What the `allowed` lists of `group`, renamed together into `tools` (`[agent.x.tools]` then `allowed` and `deny`,
 * `[agents.x.tool]`), hold that its `disallowed` lists hold too, as `allowed` spells them: a conflict the rename puts in
 * force with them (`allow-deny-conflict`), as a single rename's beside a list written (`strayListConflicts`). None for
 * lists beside the tools table (`[agent.x]` then `allowed`), still outside it once renamed.
 */
export function groupConflicts(text: string, group: readonly MisplacedList[]): string[] {
  const all = group.filter((m) => !m.rule);
  if (all.length < 2 || all.some((m) => m.beside)) return [];
  // Only the lists under their own name come into force with it: a key the rename leaves as written (`withListKeys`)
  // is one Mars ignores in `tools` after it.
  const renamed = keysRenamed(group, misplacedAt(group[0]!));
  const lists = all.filter((m) => m.key.name === m.list || renamed.includes(m));
  const allowed = new Map<string, string>();
  for (const m of lists) if (m.list === 'allowed') for (const n of strayListNames(text, m.keyValue, false)) if (!allowed.has(meaning(n))) allowed.set(meaning(n), n);
  const held = lists.flatMap((m) => (m.list === 'disallowed' ? strayListNames(text, m.keyValue, false).flatMap((n) => allowed.get(meaning(n)) ?? []) : []));
  return [...new Set(held)];
}

/** A list under a misspelled key of a tools table: renamed to `list`, or its names moved into the `list` already written. */
export function listKeyFixes(doc: TomlDocument, policies: Policies, extra: ExtraKey, list: ListName): Fix[] {
  const key = misspeltListKey(doc.text, extra);
  const rename = { title: `Rename ${key.dotted ? `${quoted(key.written)} ` : ''}to ${quoted(list)}`, edits: [{ ...key.span, newText: list }], creates: listPath(extra.owner, list) };
  return strayListFixes(doc, policies, extra.owner, extra.keyValue, key.dotted ? key.written : extra.name.name, list, list, rename, extra.table.spelling === 'inline');
}

/** A rename of a misplaced list's key part, with what it writes anew (`Fix.creates`): the fixes of its group take it. */
type Rename = Pick<Fix, 'title' | 'edits' | 'creates' | 'createsHeader' | 'createsKeys'>;

/**
 * A list meant for an owner's tools table, written outside it (see `MisplacedList`; `group`: those
 * under one misspelt `tools`, a header's): its key made the list's, or its names moved into the list
 * already written.
 */
export function misplacedListFixes(doc: TomlDocument, policies: Policies, group: readonly MisplacedList[]): Fix[] {
  const first = group[0]!;
  const owner = first.owner;
  const at = misplacedAt(first);
  const to = first.ownerPart ? owner.kind : first.tools ? 'tools' : `tools.${first.list}`;
  // The key prefix of the tools table the rename makes (`u.tools.` for `u.allowed` under `[agents]`);
  // none for a header's (`[agents.x.tool]`), which becomes a section of its own.
  const parts = first.keyValue.key.parts;
  const i = parts.indexOf(at);
  const prefix = i < 0 ? null : [...parts.slice(0, i).map((p) => p.name), 'tools', ''].join('.');
  // Renamed only where it makes no second spelling of a tools table this section writes (`tools = { … }`,
  // then `tools.allowed`); the dotted keys of the same table (`tools.allowed` beside `deny`) take one
  // more: those with the key prefix the rename writes (a section's or an inline table's is '', which
  // it never writes). What another section defines drops the fix (`creates`): a part renamed in a key
  // writes the tools table or the owner's as a key would; one in a header writes that header, renamed
  // (`[agents.x.tools]` for `[agent.x.tools]`), and its section's keys below it, which clash only where writing them
  // would, so not beside `[agents.x]` or `[agents.x.tools.sub]`. A misspelt `agents` is renamed only in a header naming one
  // owner (`[agent.x.tools]`): dotted (`agent.x.… = …`), the rename would define `agents.x` with dotted
  // keys, which a header `[agents]` anywhere makes an error.
  const own = ownPolicy(policies, owner);
  // A header renamed is judged in its section alone, what other sections define by `creates` (the text analysed whole
  // reads them too): a tools table there is no second spelling of this one (`[agents.x.tools]` beside `[agents.x.tool.bash]`).
  const section = i < 0 ? doc.sections.find((s) => s.header?.key.parts.includes(at)) ?? null : null;
  const here = (span: Span) => !section || (span.start >= section.span.start && span.start < section.span.end);
  const toolsList = i < 0 ? null : toolsListBeside(doc, own.shape, group, parts, i);
  const clashes = own.tables.some((t) => t.keyPrefix !== prefix && t.names.some((n) => here(n.span))) ||
    own.shape.some((p) => ((p.kind === 'tools-not-table' && p !== toolsList?.problem) || p.kind === 'tools-array-of-tables') && here(p.span)) ||
    (first.ownerPart !== null && !first.ownerHeader) ||
    // The rename puts in force the table's other keys too (`mcp` beside `allowed`): not when one would stop the load.
    policies.unsafeRenames.has(at) ||
    // Nor where the key renamed is one its section defines already (`a.tools.mcp__gh` above `a.tols.mcp__gh`), or a
    // table of it: a second definition.
    // (Beside `tools` written as a list, the only key its rename defines again, which the fix renames too.)
    (i >= 0 && !toolsList && definedAgain(doc, first.keyValue, parts.map((p) => (p === at ? to : p.name))));
  const title = first.ownerPart || first.tools ? `Rename ${quoted(at.name)} to ${quoted(to)}` : `Rename to ${quoted(to)}`;
  const header = section?.header;
  // `tools` written as the list is renamed with the owner, or the owner not at all (`isToolsAsList`).
  const renamedKeys = keysRenamed(group, at);
  const written = header ? headerWritten(header.key.parts.map((p) => (p === at ? to : p.name)), section!, renamedKeys)
    : { creates: first.ownerPart ? [owner.kind, owner.name] : [owner.kind, owner.name, 'tools'] };
  const unrenamed = group.some((m) => isToolsAsList(m) && !renamedKeys.includes(m));
  const edit = { start: at.span.start, end: at.span.end, newText: to };
  const rename = clashes || unrenamed ? null
    : toolsList ? { title: `Rename ${quoted(at.name)} to ${quoted(to)} and ${quoted('tools')} to ${quoted('tools.allowed')}${toolsList.change === null ? '' : `, and change ${toolsList.change}`}`,
      edits: [...toolsList.edits, edit].sort((a, b) => a.start - b.start), ...written }
    : withListKeys(group, at, { title, edits: [edit], ...written });
  // A string under a misspelt owner gets the rename alone, as a rule does: beside the tools table or in a table meant as
  // `tools` (`[agent.x]` then `allowed = "read"`) it is still outside it after, with its own fix then; in `tools` itself
  // (`[agent.x.tools]`) the rename would put in force a string Mars refuses, so it is never offered (`noteRename`).
  const renamedAlone = (m: MisplacedList) => m.rule || (m.ownerPart !== null && m.keyValue.value?.kind === 'string' && !isToolsAsList(m));
  const fixesOf = (m: MisplacedList): Fix[] => renamedAlone(m) ? ruleFixes(rename) : strayListFixes(doc, policies, owner, m.keyValue, m.key.name, m.list, `tools.${m.list}`, rename);
  if (toolsList) {
    // The two lists come into force together: what both hold is a conflict, said as `groupConflicts` says it.
    const allowed = new Map(toolsList.names.map((n) => [meaning(n), n]));
    const note = conflictNote('disallowed', strayListNames(doc.text, first.keyValue, false).flatMap((n) => allowed.get(meaning(n)) ?? []));
    return fixesOf(first).map((f) => (note === '' ? f : { ...f, title: f.title + note, preferred: false }));
  }
  if (group.length === 1) return fixesOf(first);
  // A header `[agent]` over several agents: its rename makes several tools tables, which one fix
  // cannot tell the document it writes (`creates`).
  if (group.some((m) => !sameOwner(m.owner, owner))) return [];
  // A header's table of lists (`[agents.x.tool]`, `[agent.x.tools]`) is renamed whole, when every list in it can be, each
  // string where a list goes changed to that list with it (`disallowed = "web"` to `["web"]`), as its fix alone does
  // (`strayStringFixes`): renamed without that, the string would come into force where Mars refuses one. None where one of
  // them gets no such fix (a name Mars rejects, more after the string on its line: its own change would leave it refused),
  // or would make a conflict, which the one title could not say of each.
  const each = group.map(fixesOf);
  // Nor where one mends a syntax error (`allowed = "read", "grep"`): what follows it in the section is a guess.
  if (!rename || !each.every((fixes) => fixes.length === 1 && fixes[0]!.preferred && !fixes[0]!.mendsSyntax && fixes[0]!.edits[0] === rename.edits[0])) return [];
  const renamed = rename.edits.length;
  const changes = group.flatMap((m) => {
    const value = m.keyValue.value;
    return !renamedAlone(m) && value?.kind === 'string' ? [changedToList(doc.text, value, m.key.name)] : [];
  });
  const fix = changes.length === 0 ? each[0]![0]! : { ...rename, title: `${rename.title}, and change ${inWords(changes)}`, edits: [...rename.edits, ...each.flatMap((fixes) => fixes[0]!.edits.slice(renamed))], preferred: true, safe: false };
  // The lists come into force together: an entry in both is a conflict, said of `disallowed` as `allow-deny-conflict`
  // says it, and the fix not preferred, as a single rename that makes one.
  const conflict = conflictNote('disallowed', groupConflicts(doc.text, group));
  return [conflict === '' ? fix : { ...fix, title: fix.title + conflict, preferred: false }];
}

/**
 * `tools` written as the list of names beside a `disallowed` list meant for the tools table (Claude's agent `tools` and
 * `disallowedTools` pasted: `tools = ["Read"]` or `tools = "Read, Grep"`, then `disallowedTools = ["Write"]`), with the
 * same key prefix in the same section: its shape problem, the edits of its own fix (renamed `tools.allowed`, a string
 * made the list of its names), what that fix changes of its value, and its names. The rename of the `disallowed` list
 * into `tools` would define `tools` again; with `tools` renamed too, it makes the tools table of both.
 */
function toolsListBeside(doc: TomlDocument, shape: readonly ShapeProblem[], group: readonly MisplacedList[], parts: readonly KeyPart[], i: number):
  { problem: ShapeProblem; edits: readonly Edit[]; change: string | null; names: string[] } | null {
  const first = group[0]!;
  if (group.length !== 1 || first.list !== 'disallowed' || first.ownerPart || first.tools || first.rule) return null;
  const problem = shape.find((p) => p.kind === 'tools-not-table');
  const kv = problem?.keyValue;
  const value = kv?.value;
  if (!problem || !kv || (value?.kind !== 'array' && value?.kind !== 'string')) return null;
  const tools = kv.key.parts;
  if (tools.length !== i + 1 || tools.slice(0, i).some((p, k) => p.name !== parts[k]!.name)) return null;
  // Found by halving: a text analysed whole may hold thousands of sections, each with such a pair.
  const sectionOf = (at: number) => lastAtOrBefore(doc.sections.length, (k) => doc.sections[k]!.span.start, at);
  if (sectionOf(kv.span.start) !== sectionOf(first.keyValue.span.start)) return null;
  // Its own fix, where it is the one clear one (not strings with commas between, `"Read", "Grep"`, whose syntax error it mends).
  const own = shapeFixesAlone(doc.text, problem);
  if (own.length !== 1 || !own[0]!.preferred || own[0]!.mendsSyntax) return null;
  return { problem, edits: own[0]!.edits, change: value.kind === 'string' ? changedToList(doc.text, value) : null, names: strayListNames(doc.text, kv, !!problem.inline) };
}

/** `title` of a rename (`Rename …`) with `change` said after it, after the change it says already, if any. */
const andChange = (title: string, change: string): string => `${title}${title.includes(', and change ') ? ' and' : ', and change'} ${change}`;

/** Whether a key/value of the section holding `kv` other than it has the key path `path`, or one path starts the other. */
function definedAgain(doc: TomlDocument, kv: KeyValue, path: readonly string[]): boolean {
  const keys = sectionKeysOf(doc).get(kv);
  if (!keys) return false;
  const own = kv.key.parts.map((p) => p.name);
  // Counted without `kv`'s own path and its prefixes.
  const others = (counts: ReadonlyMap<string, number>, names: readonly string[], mine: boolean) => (counts.get(pathKey(names)) ?? 0) - (mine ? 1 : 0);
  // Another path that `path` starts (or is): a prefix of it, counted among the prefixes of all.
  if (others(keys.prefixes, path, startsWith(own, path)) > 0) return true;
  // Another path that starts `path`: one of its prefixes is a whole path.
  for (let k = 1; k < path.length; k++) if (others(keys.whole, path.slice(0, k), own.length === k && startsWith(path, own)) > 0) return true;
  return false;
}

// Joined as `KeyIndex` joins paths.
const pathKey = (names: readonly string[]) => names.join('\u0000');

/** For each key/value of `doc`, how many key/values of its section have each key path (`whole`), and each path that starts one (`prefixes`, whole ones too). */
const sectionKeys = new WeakMap<TomlDocument, Map<KeyValue, { whole: Map<string, number>; prefixes: Map<string, number> }>>();
function sectionKeysOf(doc: TomlDocument): Map<KeyValue, { whole: Map<string, number>; prefixes: Map<string, number> }> {
  let byKeyValue = sectionKeys.get(doc);
  if (byKeyValue) return byKeyValue;
  sectionKeys.set(doc, (byKeyValue = new Map()));
  for (const section of doc.sections) {
    const keys = { whole: new Map<string, number>(), prefixes: new Map<string, number>() };
    const count = (counts: Map<string, number>, names: readonly string[]) => {
      const key = pathKey(names);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    };
    for (const kv of section.entries) {
      const names = kv.key.parts.map((p) => p.name);
      count(keys.whole, names);
      for (let k = 1; k <= names.length; k++) count(keys.prefixes, names.slice(0, k));
      byKeyValue.set(kv, keys);
    }
  }
  return byKeyValue;
}

/**
 * What a header renamed to `names` writes: the header, and the keys of its section below it (`createsKeys`), those of
 * `renamed` lists under their list's name.
 */
function headerWritten(names: readonly string[], section: Section, renamed: readonly MisplacedList[]): Pick<Fix, 'creates' | 'createsHeader' | 'createsKeys'> {
  const list = new Map(renamed.map((m) => [m.key, renamedTo(m)]));
  const keys = section.entries.filter((kv) => kv.key.parts.length > 0).map((kv) => [...names, ...kv.key.parts.flatMap((p) => list.get(p) ?? [p.name])]);
  return { creates: names, createsHeader: true, createsKeys: keys };
}

/**
 * The rename of a table meant as `tools` (`[agents.x.permissions]`), with the keys of its lists renamed too where
 * they are misspelt (Claude Code's `allow`, `deny`): renamed alone, they would be ignored keys of the tools table,
 * each with a fix of its own to rename it. Not where two keys are meant as one list (`allow` beside `allowed`), whose
 * entries the second step moves into one. A key of the list's name that is no list of names (`allowed = 1`, `allowed.x`)
 * holds back the rename itself (`unsafeRenames`), so no key renamed clashes with one written.
 */
function withListKeys(group: readonly MisplacedList[], at: KeyPart, rename: Rename): Rename {
  const keys = keysRenamed(group, at);
  if (keys.length === 0) return rename;
  const edits = [...rename.edits, ...keys.map((m) => ({ start: m.key.span.start, end: m.key.span.end, newText: renamedTo(m).join('.') }))];
  const to = rename.edits[0]!.newText;
  return { ...rename, title: `Rename ${inWords([`${quoted(at.name)} to ${quoted(to)}`, ...keys.map((m) => `${quoted(m.key.name)} to ${quoted(renamedTo(m).join('.'))}`)])}`, edits };
}

/** The key parts a list's key is renamed to with its table (`withListKeys`): its list's name, below `tools` for `tools` itself (`isToolsAsList`). */
const renamedTo = (m: MisplacedList): readonly string[] => (isToolsAsList(m) ? ['tools', m.list] : [m.list]);

/**
 * The lists of `group` whose misspelt keys its rename at `at` renames too (`withListKeys`): none where two keys are meant as
 * one list; nor one holding a string in the tools table of a misspelt owner (`[agent.x.tools]` then `deny = "web"`), which,
 * renamed, would come into force as it is, a string where Mars refuses one: left as written, it is a key Mars ignores there.
 */
function keysRenamed(group: readonly MisplacedList[], at: KeyPart): MisplacedList[] {
  const lists = group.filter((m) => !m.rule);
  if (new Set(lists.map((m) => m.list)).size < lists.length) return [];
  return lists.filter((m) => m.key !== at && m.key.name !== m.list && !(m.ownerPart !== null && !m.beside && m.keyValue.value?.kind === 'string'));
}

/**
 * A map-form rule in a table meant as `tools` (`[agents.x.tool]` then `bash = "allow"`): only the
 * rename, as a list there gets where the list is not written yet. It puts nothing in force: in
 * `tools`, Mars ignores the rule too, which then gets its move into the list (`intendedMove`).
 */
function ruleFixes(rename: Rename | null): Fix[] {
  return rename ? [{ ...rename, preferred: true, safe: false }] : [];
}

/**
 * A list under a key Mars does not read: where the owner writes no such list, `rename` (when it can
 * be, else nothing); else its names moved into the list written, `into`.
 */
function strayListFixes(doc: TomlDocument, policies: Policies, owner: Owner, kv: KeyValue, key: string, list: ListName, into: string,
  rename: Rename | null, inline = false): Fix[] {
  const text = doc.text;
  const value = kv.value;
  const target = listTarget(policies, owner, list);
  if (value?.kind === 'string' && target !== null) return strayStringFixes(doc, policies, owner, kv, value, key, list, into, target, rename, inline);
  if (value?.kind !== 'array' || target === null) return [];
  // Mars does not read the key, so an entry it would reject (a name, or no string at all) breaks
  // nothing there; in the list it would stop the load.
  if (value.items.some((i) => i.kind !== 'string' || !parseToolName(i.value).ok)) return [];
  // Where the other list holds an entry: offered, titled so, not preferred (see `heldByOtherList`).
  const conflict = conflictNote(list, strayListConflicts(text, policies, owner, kv, list, inline));
  if (target === 'new') return rename ? [{ ...rename, title: rename.title + conflict, preferred: conflict === '', safe: false }] : [];
  if (!standsAlone(text, kv)) return [];
  if (value.items.some((item) => item.kind === 'string' && isOpenMultiline(item))) return [];
  // Each meaning once, as written first, and not when the list holds it already (in any spelling).
  const byMeaning = new Map<string, string>();
  for (const item of value.items) {
    if (item.kind !== 'string') continue;
    const m = meaning(item.value);
    if (!byMeaning.has(m)) byMeaning.set(m, item.value);
  }
  const names = notYetIn(policies, owner, list, [...byMeaning.values()]);
  return moveOrRemove(doc, kv, target, names, conflict, `Move the entries of ${quoted(key)} into ${quoted(into)}`,
    value.items.length === 0 ? `Remove ${quoted(`${key} = []`)}: it holds nothing` : `Remove ${quoted(key)}: ${quoted(into)} already holds its entries`);
}

/**
 * `kv`'s `names` (those `target` does not hold yet) appended to `target`, and `kv` removed: titled
 * `moved` (then the `conflict` note) where names move, else `removed`. Moving puts rules in force
 * that were not; removing a key whose entries already are changes nothing (safe).
 */
function moveOrRemove(doc: TomlDocument, kv: KeyValue, target: Policies['lists'][number], names: readonly string[], conflict: string, moved: string, removed: string): Fix[] {
  const append = names.length > 0 ? appendToArray(doc.text, target.array, names) : null;
  if (names.length > 0 && append === null) return []; // the moved names would be silenced, or text of a string left open
  const edits = [...(append ? [append] : []), ...keyValueTakenOut(doc, kv)];
  return [{ title: names.length > 0 ? moved + conflict : removed, edits, preferred: conflict === '', safe: names.length === 0 }];
}

/** The entries a string written where a list goes makes: names between commas one each (`"Read, Grep"`), else itself. */
function stringNames(value: string): string[] {
  return namesBetweenCommas(value)?.map((n) => n.name) ?? [value];
}

/**
 * A string written where a list goes as the list it was meant as (what its fixes write, and its
 * message says): in brackets as written (`["read"]`), or names between commas one entry each
 * (`["Read", "Grep"]`), not one entry of them all, which Claude would split at its commas.
 */
export function stringAsList(text: string, value: TomlString): string {
  return namesBetweenCommas(value.value) ? stringList(stringNames(value.value)) : `[${text.slice(value.span.start, value.span.end)}]`;
}

/**
 * How a fix title says the change of a string written where a list goes to that list (`stringAsList`): `"read"` to
 * `["read"]`. A multi-line string whose line break a title on one line would show as an escape (`"""\u000Aread"""` to
 * `["""\u000Aread"""]`) is said as the list TOML reads its wrapping as (`["read"]`), as its message says it, or, its
 * value holding a line break still, as that list alone. `key`: the key whose string it is, where a title changes several.
 */
function changedToList(text: string, value: TomlString, key?: string): string {
  const raw = text.slice(value.span.start, value.span.end);
  const from = !/[\r\n]/.test(raw) ? quoted(raw) : key === undefined ? 'its string' : `the string of ${quoted(key)}`;
  return `${from} to ${listSaid(text, value)}`;
}

/** The list a string written where a list goes is changed to (`stringAsList`), as `changedToList` says it. */
function listSaid(text: string, value: TomlString): string {
  const made = stringAsList(text, value);
  if (!/[\r\n]/.test(made)) return quoted(made);
  return isMultiline(value) && !/[\r\n]/.test(value.value) ? quoted(stringList([value.value])) : 'a list holding it';
}

/**
 * A string beside the tools table where a list goes (`allowed = "read"`): the move a list there gets,
 * of the one name, in brackets; names between commas (a skill's `allowed-tools: Read, Grep` pasted)
 * as the list of them, as a string where a list goes in the tools table is (`shapeFixesAlone`).
 * Renamed (`tools.allowed = ["read"]`) where the owner writes no such list, else moved into the list
 * written, or removed where that list holds it: not in fix-all for names between commas, held only as
 * a guess at what they meant, as an entry's split is. Only names Mars accepts, on their own (not with
 * more after the string on the line, which a fix of the string alone would leave an error).
 */
function strayStringFixes(doc: TomlDocument, policies: Policies, owner: Owner, kv: KeyValue, value: TomlString, key: string, list: ListName, into: string,
  target: Policies['lists'][number] | 'new', rename: Rename | null, inline: boolean): Fix[] {
  const text = doc.text;
  const run = listAfterString(text, value, inline);
  if (run) return target === 'new' ? stringsRenamed(text, policies, owner, value, list, run, inline, rename) : [];
  const between = namesBetweenCommas(value.value) !== null;
  if (isOpenMultiline(value) || (!between && !parseToolName(value.value).ok) || moreAfterValue(text, value.span.end)) return [];
  const conflict = conflictNote(list, strayListConflicts(text, policies, owner, kv, list, inline));
  if (target === 'new') {
    if (!rename) return [];
    const made = stringAsList(text, value);
    const wrap = { start: value.span.start, end: value.span.end, newText: made };
    return [{ ...rename, title: `${andChange(rename.title, changedToList(text, value))}${conflict}`, edits: [...rename.edits, wrap], preferred: conflict === '', safe: false }];
  }
  if (!standsAlone(text, kv)) return [];
  const names = notYetIn(policies, owner, list, stringNames(value.value));
  const fixes = moveOrRemove(doc, kv, target, names, conflict, `Move ${strings(names)} into ${quoted(into)}`, `Remove ${quoted(key)}: ${quoted(into)} already holds its entries`);
  return between ? fixes.map((f) => ({ ...f, safe: false })) : fixes;
}

/** Whether each of `values` is one tool name Mars accepts: the list they make loads (a string holding names between commas is a guess of which list was meant). */
export const namesLoad = (values: readonly unknown[]): boolean => values.every((v) => typeof v === 'string' && parseToolName(v).ok && !namesBetweenCommas(v));

/**
 * Strings with commas between them where a list goes, beside the tools table or under a misspelt key of
 * it (`allowed = "read", "grep"`, a syntax error): the rename, and the strings made the list in brackets
 * the message says (`["read", "grep"]`), as one string is (`strayStringFixes`). The edit mends the
 * syntax error (`Fix.mendsSyntax`); only where the line then reads (`clearsSyntax`), each string is
 * one name Mars accepts, and no comma is put in between two strings with no blank between (`'it''s'`,
 * a guess). Not in fix-all, as the rename of one string is not: a rule Mars ignored comes into force.
 * No move into a list written: taking the key out would leave the strings after it.
 */
function stringsRenamed(text: string, policies: Policies, owner: Owner, value: TomlString, list: ListName,
  run: NonNullable<ReturnType<typeof listAfterString>>, inline: boolean, rename: Rename | null): Fix[] {
  if (!rename || run.doubled !== undefined || moreAfterValue(text, run.end, inline)) return [];
  if (!namesLoad(run.values)) return [];
  const names = run.values as string[];
  const conflict = conflictNote(list, heldByOtherList(policies, owner, list, notYetIn(policies, owner, list, names)));
  const wrap = { start: value.span.start, end: run.end, newText: run.list };
  return [{ ...rename, title: `${andChange(rename.title, `${quoted(text.slice(value.span.start, run.end))} to ${quoted(run.list)}`)}${conflict}`,
    edits: [...rename.edits, wrap], preferred: conflict === '', safe: false, mendsSyntax: true, clearsSyntax: true }];
}

/**
 * The names a shape problem's preferred fix makes entries of (`allowed = "read"` -> `["read"]`) that
 * the owner's other list holds: that fix would make them a conflict (see `heldByOtherList`).
 */
export function shapeConflicts(text: string, policies: Policies, problem: ShapeProblem): string[] {
  const written = stringForList(text, problem);
  if (!written) return [];
  const { value, run } = written;
  const names = run ? run.values : (namesBetweenCommas(value.value)?.map((n) => n.name) ?? [value.value]);
  return heldByOtherList(policies, problem.owner, problem.list!, names);
}

/**
 * The string of a shape problem written where a list goes (`allowed = "read"`), with the values
 * after it, commas between, that make a list without its brackets (`allowed = "read", "grep"`, a
 * syntax error: `listAfterString`), and the strings among them; null for another problem, or a
 * string left open.
 */
function stringForList(text: string, problem: ShapeProblem): { value: TomlString; run: { end: number; list: string; values: string[]; onlyStrings: boolean; doubled?: string } | null } | null {
  const value = problem.keyValue?.value;
  if (problem.kind !== 'list-not-array' || value?.kind !== 'string' || isOpenMultiline(value)) return null;
  const run = listAfterString(text, value, problem.inline);
  return { value, run: run && { ...run, values: run.values.filter((v) => typeof v === 'string'), onlyStrings: run.values.every((v) => typeof v === 'string') } };
}

/** `conflicting`: what the preferred fix would make a conflict of (`shapeConflicts`); then no fix is preferred or safe, the first titled so. */
export function shapeFixes(text: string, problem: ShapeProblem, conflicting: readonly string[] = []): Fix[] {
  const fixes = shapeFixesAlone(text, problem);
  if (conflicting.length === 0 || fixes.length === 0 || problem.kind !== 'list-not-array') return fixes;
  return fixes.map((f, i) => ({ ...f, title: i === 0 ? `${f.title}${conflictNote(problem.list!, conflicting)}` : f.title, preferred: false, safe: false }));
}

/** The edit renaming an owner's `tools` key (`kv`'s) `tools.allowed`: a list written as its value was meant as that list. */
export function allowedRename(kv: KeyValue): Edit {
  const last = kv.key.parts[kv.key.parts.length - 1]!;
  return { start: last.span.end, end: last.span.end, newText: '.allowed' };
}

function shapeFixesAlone(text: string, problem: ShapeProblem): Fix[] {
  const header = problem.header;
  if (header?.array) {
    // Written once, `[[agents.x]]` (`[[agents.x.tools]]`) was meant as the one table Mars reads there:
    // a bracket less on each side. Not where another section defines the table too (`creates`): a
    // second `[[agents.x]]`, or `x.y` under `[agents]`, would then clash with it.
    const names = header.key.parts.map((p) => p.name);
    return [{ title: `Write as the table ${quoted(`[${dotted(names)}]`)}`, preferred: true, safe: false, creates: names, createsHeader: true,
      edits: [{ start: header.span.start, end: header.span.start + 1, newText: '' }, { start: header.span.end - 1, end: header.span.end, newText: '' }] }];
  }
  const kv = problem.keyValue;
  const value = kv?.value;
  // A string left open is the syntax error's, which says to close it: its list would hold the
  // unclosed text (`"grep` to `["grep]`), a fix no diagnostic offers (the hover on its key said it).
  if (!kv || !value || (value.kind === 'string' && !value.terminated)) return [];
  if (problem.kind === 'tools-not-table' && value.kind === 'array') {
    // A list of tool names was meant for `allowed`; with anything else in it (`1`, a table, as in
    // `tools = [{ allowed = […] }]`) the renamed list would still stop the load, on that item, as a
    // misplaced list with one is not moved either.
    if (value.items.some((i) => i.kind !== 'string')) return [];
    return [{ title: 'Rename to `tools.allowed`', edits: [allowedRename(kv)], preferred: true, safe: false }];
  }
  if (problem.kind === 'tools-not-table' && value.kind === 'string') {
    // One tool name (`tools = "read"`) was meant as that list of one, in brackets, as a string beside
    // the tools table is (`strayStringFixes`); names between commas (Claude's agent `tools: Read, Grep`
    // pasted) as the list of them, as a string where a list goes is (below). Not a name Mars rejects,
    // nor with more after it on the line, which the fix would leave an error.
    const rename = allowedRename(kv);
    // Strings with commas between them (`tools = "Read", "Grep"`, a syntax error): all of them, as the list in brackets
    // the error's message says, as beside the tools table (`stringsRenamed`), mending that error; where each is one name
    // Mars accepts, nothing follows them, and no comma would be guessed between two strings with no blank between.
    const run = listAfterString(text, value, problem.inline);
    if (run) {
      if (run.doubled !== undefined || moreAfterValue(text, run.end, problem.inline)) return [];
      if (!namesLoad(run.values)) return [];
      return [{ title: `Rename to \`tools.allowed\`, and change ${quoted(text.slice(value.span.start, run.end))} to ${quoted(run.list)}`, preferred: true, safe: false,
        edits: [rename, { start: value.span.start, end: run.end, newText: run.list }], mendsSyntax: true, clearsSyntax: true }];
    }
    const names = namesBetweenCommas(value.value);
    if (isOpenMultiline(value) || (!names && !parseToolName(value.value).ok) || moreAfterValue(text, value.span.end, problem.inline)) return [];
    const list = stringAsList(text, value);
    return [{ title: `Rename to \`tools.allowed\`, and change ${changedToList(text, value)}`, preferred: true, safe: false,
      edits: [rename, { start: value.span.start, end: value.span.end, newText: list }] }];
  }
  const written = stringForList(text, problem);
  if (written) {
    const { value, run } = written;
    const change = (list: string, preferred: boolean, safe: boolean, said = quoted(list)): Fix =>
      ({ title: `Change to ${said}`, edits: [{ start: value.span.start, end: value.span.end, newText: list }], preferred, safe });
    // More values after it with commas between them (`allowed = "read", "grep"`, a syntax error):
    // all of them, as the error's message says, not the first alone (`["read"], "grep"`, an error still);
    // safe where the list they make loads, as for one string.
    if (run) {
      // Names between commas in one of them (`"read, edit", "grep"`): which list was meant is a guess.
      const loads = run.onlyStrings && namesLoad(run.values);
      const clearsSyntax = !moreAfterValue(text, run.end, problem.inline);
      // Two strings with no blank between (`'it''s'`) may be one with a quote in it: the comma put in
      // there is a guess, offered but neither preferred nor in fix-all, as in a list in brackets.
      const sure = run.doubled === undefined;
      return [{ ...change(run.list, sure, sure && loads), edits: [{ start: value.span.start, end: run.end, newText: run.list }], mendsSyntax: true, ...(clearsSyntax ? { clearsSyntax } : {}) }];
    }
    // More after it that makes no list with it (`allowed = "read", grep`, `"read" "grep"`): no fix of
    // the string alone, which would leave the rest an error still.
    if (moreAfterValue(text, value.span.end, problem.inline)) return [];
    const wrapped = `[${text.slice(value.span.start, value.span.end)}]`;
    // Names between commas (`"read, edit"`) were most likely meant as a list of them, not one entry
    // holding commas: that list first, and neither in fix-all (which of the two is a guess). One name
    // and a stray comma (`"read,"`) can only mean that name: safe, as `"read"` alone.
    const names = namesBetweenCommas(value.value);
    // Safe when the list it makes loads (an entry Mars rejects would trade one error for another), of one name.
    const safe = safeListName(value) !== null;
    if (names) return [change(stringList(names.map((n) => n.name)), true, safe), change(wrapped, false, false)];
    return [change(wrapped, true, safe, listSaid(text, value))];
  }
  return [];
}

/**
 * The names the shape problem's preferred fix makes the entries of a list of, when it splits its
 * string at commas (`allowed = "read, edit"`), as `shapeFixes` does; else null.
 */
export function shapeFixNames(text: string, problem: ShapeProblem): ReturnType<typeof namesBetweenCommas> {
  const value = problem.keyValue?.value;
  // `tools = "read, edit"`, which its fix renames `tools.allowed` and makes the list of its names; not
  // where more values follow it (`tools = "read, edit", "grep"`), which no fix makes a list of.
  if (problem.kind === 'tools-not-table' && value?.kind === 'string') {
    return isOpenMultiline(value) || listAfterString(text, value, problem.inline) ? null : namesBetweenCommas(value.value);
  }
  const written = stringForList(text, problem);
  return written && !written.run ? namesBetweenCommas(written.value.value) : null;
}
