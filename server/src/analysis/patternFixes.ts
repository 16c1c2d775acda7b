// OpenCode's tables of patterns below a tool (`bash = { "git *" = "allow" }`, `[agents.x.tools.bash]`), in
// the form their fixes rewrite: what the owner's lists hold of their rules, what to say of them, and the
// fix that moves the rules into the lists or takes out those the lists hold already.

import { capitalized, inWords, quoted } from '../grammar/text';
import { subAgentsKey } from '../grammar/checks';
import { parseToolName } from '../grammar/toolName';
import { OPENCODE_TASK } from '../grammar/vocabulary';
import { lineStartAt, newLineOf, nextLineStart } from '../toml/lineIndex';
import { lastStartingBefore } from '../toml/sorted';
import type { KeyPart, KeyValue, Section, TomlDocument } from '../toml/model';
import { stringList } from '../toml/strings';
import { appendToArray, commentsWithin, deleteKeyValue, deleteTable, directiveAbove, type Edit, inlineTableKeeping, lineSpokenOf, standsAlone } from './edits';
import type { Fix } from './findings';
import { becomeList, holdsOpenMultiline, listPath } from './moves';
import { conflictNote, conflictSays, fewOf, heldByOtherList, heldIn, notYetIn, strings } from './listsHold';
import { dottedPatternRules, inlinePatternRules, movable, patternRaw, type PatternRule, patternRules } from './patterns';
import { type ExtraKey, isWritten, type ListName, listTarget, type Owner, type OwnPolicy, ownPolicy, type Policies } from './policies';
import { directiveOf } from './suppress';

/**
 * OpenCode's table of patterns below a tool in a tools table (patterns.ts), in a form its move can
 * rewrite: `bash = { "git *" = "allow" }` or `bash."npm test" = "allow"` (`extra`, its key/value),
 * or a table of its own, `[agents.x.tools.bash]` (`section`).
 */
export interface PatternTable {
  readonly owner: Owner;
  /** The key part naming the tool (`bash`). */
  readonly tool: KeyPart;
  readonly rules: readonly PatternRule[];
  readonly extra: ExtraKey | null;
  readonly section: Section | null;
}

/**
 * The moves of a table of patterns (`patternFixesOf`; its owner's tools table in another section: `patternMoveAcrossOf`).
 * Below `task` (OpenCode's `permission: { task: { "explore": "allow" } }`, its sub-agents by name), each also as the
 * sub-agents Mars calls `agent` (`agent(explore)`), neither preferred nor in fix-all: Mars reads `task` as the task list.
 */
export function patternFixes(doc: TomlDocument, policies: Policies, t: PatternTable): Fix[] {
  return withSubAgents(t, (table) => patternFixesOf(doc, policies, table));
}

export function patternMoveAcross(doc: TomlDocument, policies: Policies, t: PatternTable): Fix[] {
  return withSubAgents(t, (table) => patternMoveAcrossOf(doc, policies, table));
}

function withSubAgents(t: PatternTable, fixes: (t: PatternTable) => Fix[]): Fix[] {
  if (!subAgentsTable(t)) return fixes(t);
  const agents: PatternTable = { ...t, rules: rulesBelow(t, OPENCODE_TASK.capability) ?? [] };
  return [...fixes(t), ...(agents.rules.length > 0 ? fixes(agents) : [])].map((f) => ({ ...f, preferred: false, safe: false }));
}

/** Whether a table of patterns is below `task` (any casing), OpenCode's sub-agents by name, as a map-form key is (`subAgentsKey`). */
export function subAgentsTable(t: PatternTable): boolean {
  const parse = parseToolName(t.tool.name);
  return parse.ok && subAgentsKey(t.tool.name, parse.name) !== null;
}

/** The rules of `t`, read as below `tool` instead. */
function rulesBelow(t: PatternTable, tool: string): readonly PatternRule[] | null {
  if (t.section) return patternRules(tool, t.section.entries, true);
  const kv = t.extra!.keyValue;
  const parts = kv.key.parts;
  const at = parts.indexOf(t.extra!.name);
  return at === parts.length - 1 ? inlinePatternRules(tool, kv, true) : dottedPatternRules(tool, parts[at + 1]!, kv, true);
}

/** A key Mars ignores in a tools table read as a table of patterns (`bash = { … }`, or one dotted rule `bash."git *" = …`), or null. */
export function patternTableOfKey(extra: ExtraKey): PatternTable | null {
  const kv = extra.keyValue;
  if (!isWritten(extra) || extra.name.name === 'mcp') return null;
  const parts = kv.key.parts;
  const at = parts.indexOf(extra.name);
  const rules = at === parts.length - 1 ? inlinePatternRules(extra.name.name, kv, true)
    : at === parts.length - 2 ? dottedPatternRules(extra.name.name, parts[at + 1]!, kv, true)
    : null;
  return rules && { owner: extra.owner, tool: extra.name, rules, extra, section: null };
}

/** A table opened below a tools table read as a table of patterns (`[agents.x.tools.bash]` then `"git push" = "deny"`), or null. */
export function patternTableOfSection(owner: Owner, name: KeyPart, section: Section): PatternTable | null {
  if (!patternSection(name, section)) return null;
  const rules = patternRules(name.name, section.entries, true);
  return rules && { owner, tool: name, rules, extra: null, section };
}

/**
 * Whether a table opened below a tools table is one of patterns of its own, its rules read or not
 * (yet): its header names it, and a tool OpenCode writes patterns below (`[agents.x.tools.bash]`,
 * `"git *" =` half typed). What its owner's lists hold bears on what is said of it, and on the
 * verdicts completion offers there.
 */
export function patternSection(name: KeyPart, section: Section): boolean {
  const header = section.header;
  return !!header && !header.array && header.key.parts[header.key.parts.length - 1] === name && patternRaw(name.name, '*') !== null;
}

/** What the move of a table of patterns does, list by list: the entries it puts in (`moved`), those the list holds (`held`, as it spells them), and those the other list holds (`conflicts`). */
interface PatternPlan {
  readonly lists: ReadonlyArray<{ readonly list: ListName; readonly moved: readonly string[]; readonly held: readonly string[]; readonly conflicts: readonly string[] }>;
  /** The rules the move takes out: those that go into a list, or that it holds already. */
  readonly taken: readonly PatternRule[];
  /** The rules left in place: `"ask"`, or an entry Mars rejects. */
  readonly left: readonly PatternRule[];
  /** Of `taken`, those whose entries their lists hold already. */
  readonly held: readonly PatternRule[];
}

/** Each table's plan, made once for the policies it was made with: its finding's message, its advice and its fixes each ask. */
const plans = new WeakMap<PatternTable, { readonly policies: Policies; readonly plan: PatternPlan }>();

function patternPlan(policies: Policies, t: PatternTable): PatternPlan {
  const made = plans.get(t);
  if (made?.policies === policies) return made.plan;
  const plan = planOf(policies, t);
  plans.set(t, { policies, plan });
  return plan;
}

function planOf(policies: Policies, t: PatternTable): PatternPlan {
  const lists = (['allowed', 'disallowed'] as const).flatMap((list) => {
    const entries = t.rules.filter(movable).filter((r) => r.list === list).map((r) => r.entry);
    if (entries.length === 0) return [];
    const moved = notYetIn(policies, t.owner, list, entries);
    return [{ list, moved, held: heldIn(policies, t.owner, list, entries), conflicts: heldByOtherList(policies, t.owner, list, moved) }];
  });
  const taken = t.rules.filter(movable);
  const moved = new Map(lists.map((l) => [l.list, new Set(l.moved)]));
  return { lists, taken, left: t.rules.filter((r) => !movable(r)), held: taken.filter((r) => !moved.get(r.list!)!.has(r.entry!)) };
}

/**
 * What to do with a table of patterns, as its diagnostic and hover say it (see `mapFormAdvice`):
 * the conflicts its move would make, else the rules the lists hold already, else the entries to put
 * in each list; and the rules left (`left`, its own sentence, capitalized): `"ask"` has no Mars
 * equivalent, and an entry Mars rejects is not moved. `show` quotes an entry, `q` a list's name or a rule as written.
 */
export function patternAdvice(text: string, policies: Policies, t: PatternTable, show: (entry: string) => string, q: (s: string) => string):
  { readonly held: boolean; readonly partly: boolean; readonly conflict: boolean; readonly says: string; readonly left: string } {
  const plan = patternPlan(policies, t);
  const shows = (names: readonly string[]) => fewOf(names.map(show));
  const ruleSaid = (r: PatternRule) => q(text.slice(r.keyValue.key.parts[r.keyValue.key.parts.length - 1]!.span.start, r.keyValue.span.end));
  const noVerdict = plan.left.filter((r) => r.list === null);
  const rejected = plan.left.filter((r) => r.list !== null);
  const are = (n: number, one: string, more: string) => (n === 1 ? one : more);
  const left = [
    ...(noVerdict.length > 0 ? [`${capitalized(fewOf(noVerdict.map(ruleSaid), inWords))} ${are(noVerdict.length, 'has', 'have')} no Mars equivalent and ${are(noVerdict.length, 'is', 'are')} left as ${are(noVerdict.length, 'it is', 'they are')}.`] : []),
    ...(rejected.length > 0 ? [`Mars would reject ${shows(rejected.map((r) => r.raw))} as a tool name, so ${fewOf(rejected.map(ruleSaid), inWords)} ${are(rejected.length, 'is', 'are')} left too.`] : []),
  ].join(' ');
  const moving = plan.lists.filter((l) => l.moved.length > 0);
  // Some rules held, others to move: in a table of its own, the held ones can go alone (`heldRemoval`).
  const partly = moving.length > 0 && plan.held.length > 0;
  const conflicts = plan.lists.filter((l) => l.conflicts.length > 0);
  if (conflicts.length > 0) return { held: false, partly, conflict: true, says: conflicts.map((l) => conflictSays(l.list, l.conflicts, show, q)).join('; '), left };
  const holds = inWords(plan.lists.filter((l) => l.held.length > 0).map((l) => `${q(l.list)} already holds ${shows(l.held)}`));
  if (moving.length === 0) return { held: true, partly, conflict: false, says: `${holds}, so ${plan.left.length > 0 ? `${fewOf(plan.taken.map(ruleSaid), inWords)} can go` : t.section ? 'the table can go' : 'the key can go'}`, left };
  return { held: false, partly, conflict: false, says: `put ${inWords(moving.map((l) => `${shows(l.moved)} in ${q(l.list)}`))} instead${holds ? ` (${holds})` : ''}`, left };
}

/**
 * The move of a table of patterns: its rules that Mars reads (`movable`) as entries of their lists,
 * appended to a list written, else written anew; those rules taken out, the whole key (table) where
 * none is left, else the `"ask"` ones kept in place. Like a map-form key's move, it puts rules in
 * force that Mars ignored: never in fix-all, but where the lists hold them all already (it then
 * changes nothing Mars reads). Offered only where every edit is sure: a list written anew beside a
 * key in a section or dotted keys, or after it inside an inline tools table (whose prefix is no key's), an
 * inline table of patterns on one line (rewritten with the rules left), or over lines, with comments or
 * none (each rule moved taken out alone), and a table of its own only where the owner's tools
 * table is written nowhere else (`creates`).
 */
function patternFixesOf(doc: TomlDocument, policies: Policies, t: PatternTable): Fix[] {
  const text = doc.text;
  const plan = patternPlan(policies, t);
  const moving = plan.lists.filter((l) => l.moved.length > 0);
  const targets = moving.map((l) => ({ ...l, target: listTarget(policies, t.owner, l.list) }));
  if (targets.some((l) => l.target === null)) return [];
  const fresh = targets.filter((l) => l.target === 'new');
  const edits: Edit[] = [];
  for (const l of targets) {
    if (l.target === 'new') continue;
    const append = appendToArray(text, l.target!.array, l.moved);
    if (append === null) return [];
    edits.push(append);
  }
  const written = fresh.map((l) => `${l.list} = ${stringList(l.moved)}`);
  let creates: readonly string[] | undefined = fresh.length > 0 ? listPath(t.owner, fresh[0]!.list) : undefined;
  let createsHeader = false;
  let createsKeys: ReadonlyArray<readonly string[]> | undefined;
  let takesHeader = false;
  if (t.extra) {
    const kv = t.extra.keyValue;
    if (!standsAlone(text, kv) || holdsOpenMultiline(kv.value!)) return [];
    const keyStart = t.tool.span.start;
    const lineStart = lineStartAt(text, kv.span.start);
    // What the line holds before the tool's name: blanks and the dotted key's prefix (`tools.`), written before each new list.
    const prefix = text.slice(lineStart, keyStart);
    // One list written anew where the key was is written as a map-form key's is, inline too. In an inline tools table, where
    // the line's prefix is no key's, more lists go beside it in the table (`bash = { "*" = "ask" }, allowed = […]`), where
    // no `mars-ignore` speaks of its line, which would silence them.
    const inline = t.extra.table.spelling === 'inline';
    const inPlace = plan.left.length === 0 && fresh.length <= 1;
    // Outside one, the prefix is repeated before each new list: only where it is the key's own parts (`tools.`, `"tools".`),
    // with blanks alone before them, not more of the line (`a = { tools.`), which each list would repeat; and only for a key
    // of a section, not one in an inline table over lines (TOML 1.1, `a = {` then `tools.bash = …`), where a line above needs a comma.
    const ownPrefix = kv.key.span.start >= lineStart && /^[ \t]*$/.test(text.slice(lineStart, kv.key.span.start)) &&
      doc.sections.some((s) => s.span.start <= kv.span.start && kv.span.end <= s.span.end && s.entries.includes(kv));
    if (!inPlace && fresh.length > 0 && (inline ? lineSpokenOf(text, kv.span.end) : !ownPrefix)) return [];
    const eol = /\r?\n|\r/.exec(text.slice(kv.span.start))?.[0] ?? '\n';
    if (plan.left.length === 0) {
      // Nothing is left of the key: the first list written anew takes its place, as a map-form key's move writes it.
      edits.push(...(written.length > 0 ? becomeList(doc, kv, keyStart, written.join(inline ? ', ' : `${eol}${prefix}`)) : deleteKeyValue(text, kv, doc.comments)));
    } else {
      // Rules are left only in an inline table of them: a dotted rule (`bash."git *" = …`) is one, which moves or makes no table of patterns.
      const value = kv.value!;
      if (written.length > 0) {
        edits.push(inline ? { start: kv.span.end, end: kv.span.end, newText: `, ${written.join(', ')}` }
          : { start: lineStart, end: lineStart, newText: written.map((w) => `${prefix}${w}${eol}`).join('') });
      }
      // On one line it holds no comment, which would run past its `}` (one after an inline table left open is not in its span).
      const rewritten = value.kind === 'inline-table' ? inlineTableKeeping(text, value, plan.left.map((r) => r.keyValue)) : null;
      if (rewritten) {
        edits.push(rewritten);
      } else {
        // Over lines, maybe with a comment (TOML 1.1): the rewrite would join the lines and lose the comments, so the rules
        // moved are taken out, their comments kept on their lines: those side by side on a line as one run, from the first's
        // key to the last's value, as one key/value is (its line where nothing else is on it, else with one comma beside it),
        // since each alone would take the comma between them, two removals meeting there; not where they still would.
        const runs: KeyValue[] = [];
        let side = false; // whether the rule before was moved too, the last run its
        for (const r of t.rules) {
          const kv = r.keyValue;
          const last = runs[runs.length - 1];
          if (side && movable(r) && last && !/[\r\n]/.test(text.slice(last.span.end, kv.span.start))) runs[runs.length - 1] = { ...last, span: { start: last.span.start, end: kv.span.end } };
          else if (movable(r)) runs.push(kv);
          side = movable(r);
        }
        const removals = runs.flatMap((kv) => deleteKeyValue(text, kv, doc.comments)).sort((a, b) => a.start - b.start);
        if (removals.some((e, i) => i > 0 && e.start < removals[i - 1]!.end)) return [];
        edits.push(...removals);
      }
    }
  } else {
    const section = t.section!;
    const header = section.header!;
    // A table of its own is read alone: the lists of the owner's tools table are in another section, which the move cannot
    // write into (what they hold it is told: `Policies.outsideLists`). So entries move only where the owner writes none
    // here, a header of it written anew, which the document drops where another section writes the table (`creates`);
    // where the lists hold every rule, the rules are only taken out, wherever the lists are.
    const own = ownPolicy(policies, t.owner);
    if (doc.problems.some((p) => p.span.start < section.span.end && p.span.end > section.span.start)) return [];
    // Lists that hold some of its rules are written, and so in another section: the rest cannot move, but the rules held
    // can go, which changes nothing Mars reads, the title saying what is left to move by hand.
    if (moving.length > 0 && plan.held.length > 0) return heldRemoval(doc, t, plan, moving);
    if (moving.length > 0 && (own.tables.length > 0 || own.lists.length > 0 || own.shape.length > 0 || fresh.length !== moving.length)) return [];
    const eol = /\r?\n|\r/.exec(text.slice(header.span.end))?.[0] ?? '\n';
    const parts = header.key.parts;
    const made = `[${text.slice(header.key.span.start, parts[parts.length - 2]!.span.end)}]${eol}${written.map((w) => `${w}${eol}`).join('')}`;
    if (written.length > 0) {
      creates = [t.owner.kind, t.owner.name, 'tools'];
      createsHeader = true;
      // And the lists below it: another section may define one as a table (`[agents.x.tools.allowed]`), a clash too.
      createsKeys = fresh.map((l) => listPath(t.owner, l.list));
    }
    if (plan.left.length === 0 && written.length === 0) {
      const removal = deleteTable(text, section, doc.comments);
      if (!removal) return [];
      edits.push(...removal);
      takesHeader = true;
    } else if (plan.left.length === 0) {
      const removal = deleteTable(text, section, doc.comments);
      if (!removal) return [];
      // The table's comments stay, above the lists its rules went into, as a key's do when it becomes a list (`becomeList`);
      // not a `mars-ignore`, which spoke of a line taken out.
      const kept = removal.flatMap((e) => commentsWithin(doc.comments, e.start, e.end)).filter((c) => directiveOf(c.text) !== 'line');
      const withComments = `${made.slice(0, made.indexOf(eol) + eol.length)}${kept.map((c) => `${text.slice(c.span.start, c.span.end)}${eol}`).join('')}${made.slice(made.indexOf(eol) + eol.length)}`;
      edits.push(...removal.map((e, i) => (i === 0 ? { ...e, newText: withComments } : e)));
      takesHeader = true;
    } else {
      if (!eachStandsAlone(text, section)) return [];
      // After a byte order mark the text starts with, which must stay first (TOML reads one nowhere else).
      const lineStart = Math.max(lineStartAt(text, header.span.start), text.charCodeAt(0) === 0xfeff ? 1 : 0);
      if (written.length > 0) edits.push({ start: lineStart, end: lineStart, newText: `${made}${eol}` });
      for (const r of plan.taken) edits.push(...deleteKeyValue(text, r.keyValue, doc.comments));
    }
  }
  const conflict = plan.lists.map((l) => conflictNote(l.list, l.conflicts)).join('');
  const heldSaid = heldSays(plan);
  const whole = plan.left.length === 0;
  // What a removal takes out: the table or key whole, else the rules the lists hold (the `"ask"` ones stay).
  const what = whole && t.section ? `the table ${quoted(text.slice(t.section.header!.span.start, t.section.header!.span.end))}`
    : whole ? quoted(text.slice(t.extra!.keyValue.key.span.start, t.extra!.keyValue.key.span.end))
    : rulesSaid(text, plan.taken);
  const fix: Fix = {
    title: moving.length === 0 ? `Remove ${what}: ${inWords(heldSaid)}`
      : moveTitle(moving, heldSaid, conflict),
    edits,
    preferred: conflict === '',
    safe: moving.length === 0,
    ...(creates ? { creates } : {}),
    ...(createsHeader ? { createsHeader } : {}),
    ...(createsKeys ? { createsKeys } : {}),
    ...(takesHeader ? { takesHeader } : {}),
  };
  return [fix];
}

/** What a move puts in each list: the entries `moved` into `list`. */
export type ListMoves = ReadonlyArray<{ readonly list: ListName; readonly moved: readonly string[] }>;

/** The entries a move puts in each list, as a title says them (`"bash(git *)" into \`allowed\``). */
const intoLists = (moving: ListMoves): string => inWords(moving.map((l) => `${strings(l.moved)} into ${quoted(l.list)}`));

/** A move's title: what it puts in each list, what they hold already (`heldSays`), and the conflict it makes (`conflictNote`). */
export const moveTitle = (moving: ListMoves, heldSaid: readonly string[], conflict: string): string =>
  `Move ${intoLists(moving)}${heldSaid.length > 0 ? ` (${inWords(heldSaid)})` : ''}${conflict}`;

/** What the lists hold of a plan's rules, as a title says it (`\`allowed\` already holds "bash(git *)"`), a list at a time. */
const heldSays = (plan: PatternPlan): string[] => plan.lists.filter((l) => l.held.length > 0).map((l) => `${quoted(l.list)} already holds ${strings(l.held)}`);

/** Rules as a title names them, as written (`\`"git *" = "allow"\``). */
const rulesSaid = (text: string, rules: readonly PatternRule[]): string => fewOf(rules.map((r) => quoted(text.slice(r.keyValue.span.start, r.keyValue.span.end))), inWords);

/** Whether each key/value of a section stands alone on one line, so each can be taken out alone. */
const eachStandsAlone = (text: string, section: Section): boolean => section.entries.every((kv) => standsAlone(text, kv) && !/[\r\n]/.test(text.slice(kv.span.start, kv.span.end)));

/**
 * The removal of the rules of a table of patterns of its own that the owner's lists, in another section, hold already,
 * where others are still to move there (`moving`), which no fix can write: it changes nothing Mars reads, so it is safe and
 * in fix-all, as the removal of every rule held is; its title says what is left to move by hand, the finding staying for it.
 */
function heldRemoval(doc: TomlDocument, t: PatternTable, plan: PatternPlan, moving: PatternPlan['lists']): Fix[] {
  const text = doc.text;
  if (!eachStandsAlone(text, t.section!)) return [];
  const edits = plan.held.flatMap((r) => deleteKeyValue(text, r.keyValue, doc.comments));
  const conflict = moving.map((l) => conflictNote(l.list, l.conflicts)).join('');
  const rest = `move ${intoLists(moving)} by hand${conflict}`;
  return [{ title: `Remove ${rulesSaid(text, plan.held)}: ${inWords(heldSays(plan))}; ${rest}`, edits, preferred: true, safe: true }];
}

/**
 * The move of a table of patterns of its own (`[agents.x.tools.bash]`) into its owner's tools table
 * written in another section, which the table's own unit cannot write (see `patternFixes`): made
 * from an analysis of the whole text (`doc`, `policies`: a document's, asked by `fixesBeyond`, or a
 * text analysed whole, whose findings offer it first). Each entry is
 * appended to its list, or a list is written anew on a line of its own below the owner's last list
 * (with that key's prefix, `tools.` for a dotted one), else below its `[….tools]` header; the table
 * goes, its comments kept where it was (but a `mars-ignore` of a line, which spoke of a line taken
 * out), or where rules without a Mars equivalent (`"ask"`) stay, the rules moved alone. Only where
 * the owner writes a tools table, no `mars-ignore` above the header speaks of it, and every edit is
 * sure. Never in fix-all: it puts rules in force that Mars ignored.
 */
function patternMoveAcrossOf(doc: TomlDocument, policies: Policies, t: PatternTable): Fix[] {
  const text = doc.text;
  const section = t.section!;
  const own = ownPolicy(policies, t.owner);
  const plan = patternPlan(policies, t);
  const moving = plan.lists.filter((l) => l.moved.length > 0);
  if (moving.length === 0 || own.tables.length === 0 || directiveAbove(text, lineStartAt(text, section.header!.span.start))) return [];
  const edits = intoListsAcross(doc, policies, t.owner, own, moving);
  if (!edits) return [];
  if (plan.left.length === 0) {
    const removal = tableTakenOut(doc, section);
    if (!removal) return [];
    edits.push(...removal);
  } else {
    if (!eachStandsAlone(text, section)) return [];
    for (const r of plan.taken) edits.push(...deleteKeyValue(text, r.keyValue, doc.comments));
  }
  const conflict = plan.lists.map((l) => conflictNote(l.list, l.conflicts)).join('');
  const heldSaid = heldSays(plan);
  return [{ title: moveTitle(moving, heldSaid, conflict), edits: edits.sort((a, b) => a.start - b.start),
    // Where the lists hold some rules already, their removal alone (`heldRemoval`, its own unit's) is the one preferred: it is fix-all's.
    preferred: conflict === '' && plan.held.length === 0, safe: false }];
}

/**
 * The edits putting `moving` (each list's entries) into the owner's tools table written in another
 * section: appended to a list written, else written as a new list (`newListLines`). Null where one cannot be.
 */
export function intoListsAcross(doc: TomlDocument, policies: Policies, owner: Owner, own: OwnPolicy, moving: ListMoves): Edit[] | null {
  const edits: Edit[] = [];
  const fresh: string[] = [];
  for (const l of moving) {
    const target = listTarget(policies, owner, l.list);
    if (target === null) return null;
    if (target === 'new') {
      fresh.push(`${l.list} = ${stringList(l.moved)}`);
      continue;
    }
    const append = appendToArray(doc.text, target.array, l.moved);
    if (!append) return null;
    edits.push(append);
  }
  if (fresh.length > 0) {
    const lines = newListLines(doc, own, fresh);
    if (!lines) return null;
    edits.push(lines);
  }
  return edits;
}

/**
 * The removal of a table of its own whose rules or lists moved into another section: its comments kept
 * where it was, but a `mars-ignore` of a line, which spoke of a line taken out. Null as for `deleteTable`.
 */
export function tableTakenOut(doc: TomlDocument, section: Section): Edit[] | null {
  const text = doc.text;
  const removal = deleteTable(text, section, doc.comments);
  if (!removal) return null;
  const eol = newLineOf(text);
  const kept = removal.flatMap((e) => commentsWithin(doc.comments, e.start, e.end)).filter((c) => directiveOf(c.text) !== 'line');
  return removal.map((e, i) => (i === 0 ? { ...e, newText: kept.map((c) => `${text.slice(c.span.start, c.span.end)}${eol}`).join('') } : e));
}

/**
 * The edit writing `lines` (new lists) into an owner's tools table: each on a line of its own below
 * its last list that is alone on its line, a key/value of a section (not of an inline table), with
 * what that line holds before the list's name (`  tools.`); else below a `[….tools]` header; else,
 * where it is written only inline, after its last key/value (`tools = { allowed = […], disallowed = […] }`).
 * Null where it is written only by dotted keys of no list, or inline over lines (TOML 1.1, where a
 * comment may end a line), left open, or on a line a `# mars-ignore` speaks of, which would silence them.
 */
function newListLines(doc: TomlDocument, own: OwnPolicy, lines: readonly string[]): Edit | null {
  const text = doc.text;
  const eol = newLineOf(text);
  const below = (at: number, prefix: string): Edit => {
    const start = nextLineStart(text, at);
    const written = lines.map((l) => `${prefix}${l}`);
    // On the text's last line, with no line break after it: one before them.
    return start === text.length && !/[\r\n]$/.test(text) ? { start, end: start, newText: `${eol}${written.join(eol)}` } : { start, end: start, newText: written.map((w) => `${w}${eol}`).join('') };
  };
  const list = [...own.lists].reverse().find((l) => standsAlone(text, l.keyValue) && !/[\r\n]/.test(text.slice(l.keyValue.span.start, l.keyValue.span.end)) &&
    /^[ \t]*$/.test(text.slice(lineStartAt(text, l.keyValue.span.start), l.keyValue.span.start)) && !!lastStartingBefore(doc.sections, l.keyValue.span.start + 1)?.entries.includes(l.keyValue));
  if (list) {
    const parts = list.keyValue.key.parts;
    return below(list.keyValue.span.end, text.slice(lineStartAt(text, list.keyValue.span.start), parts[parts.length - 1]!.span.start));
  }
  const header = own.tables.find((t) => t.spelling === 'section')?.names[0];
  if (header) return below(header.span.start, '');
  const inline = own.tables.find((t) => t.inline)?.inline;
  if (!inline?.closed || /[\r\n]/.test(text.slice(inline.span.start, inline.span.end)) || lineSpokenOf(text, inline.span.end)) return null;
  const last = inline.entries[inline.entries.length - 1];
  return last ? { start: last.span.end, end: last.span.end, newText: `, ${lines.join(', ')}` }
    : { start: inline.span.start, end: inline.span.end, newText: `{ ${lines.join(', ')} }` };
}
