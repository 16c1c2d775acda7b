// The findings of a tools table's shape and of keys Mars ignores around it: values of the wrong shape,
// lists misplaced or misnamed, map-form rules and tables of patterns, lists no agent or skill owns.

import { OPENCODE_TASK } from '../grammar/vocabulary';
import { byChar, charProblemReason, harnessSaid, illegalChars, lookalikeSaid, meantEntry, subAgentsKey, subAgentsKeySaid } from '../grammar/checks';
import { capitalized, inWords, quoted, rustTrim, shortened, shown, trimmedAway } from '../grammar/text';
import { ERROR_ALLOWED, namesBetweenCommas, parseToolName, splitToolName } from '../grammar/toolName';
import type { KeyPart, KeyValue, Span, TomlDocument, TomlString, TomlValue } from '../toml/model';
import { closingQuote, isMultiline, isOpenMultiline } from '../toml/stringPositions';
import { basicString, stringList } from '../toml/strings';
import { conflictSaid } from './crossEntry';
import { finding, type Finding, type Fix } from './findings';
import { askList, extraKeyFixes, ignoredKeyFixes, keyAsEntries, mapFormAdvice, mapFormList, misspeltList, misspeltListKey, misspeltVerdictOf, misspeltVerdictsSaid, nestedSettings, nestedTable, readsAsMapForm, removeTableFix } from './moves';
import { groupConflicts, listKeyFixes, misplacedListFixes, shapeConflicts, shapeFixes, strayListConflicts, stringAsList } from './listFixes';
import { fewOf } from './listsHold';
import { headerSection, listsMove, nestedLists, nestedListsMove, nestedTableRename } from './listsMove';
import { patternAdvice, patternFixes, patternMoveAcross, type PatternTable, patternTableOfKey, patternTableOfSection, subAgentsTable } from './patternFixes';
import { movable } from './patterns';
import { charPlaces, charSpans, keyContentSpan, valueFirstLine } from './places';
import { isWritten, listAfterString, misplacedAt, notRenamed, ownerLabel, type Policies, sameOwner, TOOLS_MCP_REMOVED, TOOLS_TABLE_HOLDS, unownedAt, type UnownedList } from './policies';

/**
 * Why Mars ignores a key in a tools table, said last where the message says what to do with it
 * first: a narrow view (the Problems panel, a one-line status) cuts a long message at its end.
 */
const WHY_IGNORED = `${capitalized(TOOLS_TABLE_HOLDS)}.`;

/**
 * A string written where a list goes (`allowed = "read"` beside the tools table), as the list it was
 * meant as (`stringAsList`): ` = ["read"]`, ` = ["Read", "Grep"]` for names between commas; else nothing.
 * Strings after it with commas between (`allowed = "read", "grep"`, a syntax error) are said with it,
 * as the list that error's fix writes, not the first alone, which would drop what the user meant.
 * `inline`: the key/value is an inline table's, whose comma after the values is the table's.
 */
export function asList(text: string, kv: KeyValue, inline = false): string {
  const value = kv.value;
  // One left open over lines runs to a guess of its end: not said. One not closed on its line (`"gr`, being typed) is
  // said closed, as its syntax error's fix closes it (`["gr"]`), not as written in brackets (`["gr]`, no list).
  if (value?.kind !== 'string' || isOpenMultiline(value)) return '';
  if (!value.terminated) return ` = ${stringList(namesBetweenCommas(value.value)?.map((n) => n.name) ?? [value.value])}`;
  const run = listAfterString(text, value, inline);
  if (run && run.values.every((v) => typeof v === 'string')) return ` = ${run.list}`;
  // A multi-line string said as written shows its line breaks as escapes (`["""\u000Aread"""]`): it is said as the
  // entry it is, its value after TOML trims the line break after its quotes (`["read"]`), or, holding a line break
  // still, which an entry said on one line cannot show, as the list alone, as one left open is.
  if (isMultiline(value) && !namesBetweenCommas(value.value)) return /[\r\n]/.test(value.value) ? '' : ` = ${stringList([value.value])}`;
  return ` = ${stringAsList(text, value)}`;
}

/** Shape problems and extra keys of the tools tables. */
export function policyFindings(doc: TomlDocument, policies: Policies): Finding[] {
  const out: Finding[] = [];
  for (const problem of policies.shape) {
    const conflicting = shapeConflicts(doc.text, policies, problem);
    const fixes = shapeFixes(doc.text, problem, conflicting);
    const f = finding('invalid-tool-policy', valueFirstLine(doc, problem.span), `${problem.message}.${problem.list ? conflictSaid(problem.list, conflicting) : ''}`, fixes.length > 0 ? () => fixes : undefined, undefined, fixes.some((x) => x.safe));
    // Judged only up to the section's first syntax error (policies.ts).
    out.push(problem.kind === 'overlay-not-table' ? Object.assign(f, { needsReadingBefore: true }) : f);
  }
  for (const { owner, name, section } of policies.extraTables) {
    // OpenCode's table of patterns (`[agents.x.tools.bash]` then `"git push" = "deny"`): what its rules mean, and their move.
    const patterns = patternTableOfSection(owner, name, section);
    // Its removal, where offered, is never safe: nothing for fix-all (`removeTableFix`). Nor is the move
    // (`patternFixes`), but where the owner's lists, here or in another section, hold every rule: the rules
    // then go, which changes nothing Mars reads, as for a key of patterns (`ignoredKeyFixes`); or hold some,
    // the others to move by hand: the rules held go alone.
    const advice = patterns && patternAdvice(doc.text, policies, patterns, (e) => e, (e) => e);
    const held = advice !== null && advice.held && !subAgentsTable(patterns!);
    // Claude Code's settings pasted as a table below it (`[agents.x.tools.permissions]` then `allow = […]`): said so, and moved into
    // its lists, which are in another section, where the text is analysed whole (`nestedTableMove`, as a document's section gets it
    // from the whole text: `fixesBeyond`).
    const nested = !patterns && nestedTable(name, section);
    out.push(finding('unknown-policy-key', keyContentSpan(doc.text, name.span),
      patterns ? patternMessage(doc.text, policies, patterns, `the table ${quoted(name.name)}`) : `Mars ignores the table ${quoted(name.name)} here: ${TOOLS_TABLE_HOLDS}.${nested ? nestedSaid(section.entries) : ''}`,
      // Where its owner's tools table is in this text too (a text analysed whole), the move into that first, as a document's section
      // gets it from the whole text (`fixesBeyond`).
      () => [...(patterns ? [...patternMoveAcross(doc, policies, patterns), ...patternFixes(doc, policies, patterns)] : []),
        nested ? nestedListsMove(doc, policies, owner, section.entries, null, section) ?? nestedTableRename(doc, owner, section) : null, held ? null : removeTableFix(doc, section)].filter((f) => f !== null),
      undefined, held || (advice !== null && advice.partly && !subAgentsTable(patterns!))));
    if (patterns) out.push(...patternCharFindings(doc.text, patterns));
  }
  // One finding per key at fault: the lists under one header `[agents.x.tool]` share its `tool`.
  for (const [at, group] of groupedBy(policies.misplaced, misplacedAt)) {
    const { owner, tools, ownerPart, list, keyValue } = group[0]!;
    // A rule's rename puts nothing in force (its move then says its own conflict): no note for it.
    // Lists renamed together (`[agent.x.tools]` then `allowed` and `deny`): what they would make in force with one another.
    const conflict = group.length === 1 && !group[0]!.rule ? conflictSaid(list, strayListConflicts(doc.text, policies, owner, keyValue, list))
      : conflictSaid('disallowed', groupConflicts(doc.text, group));
    // A map-form rule named as written (`bash = "allow"`), not by its tool alone, which no list is named; a pattern's below
    // its tool by the dotted key it makes (`bash."git push" = "deny"`), the tool in a header as much as in its key.
    const slice = (span: Span) => doc.text.slice(span.start, span.end);
    const lists = [...new Set(group.map((m) => quoted(m.rule ? `${slice(m.key.span)}${m.pattern ? `.${slice(m.pattern.span)}` : ''} = ${ruleValueShown(doc.text, m.keyValue.value!)}` : m.key.name)))];
    // Past five, counted: a table of 20,000 patterns (`[agents.x.permission.bash]`) was said in a message of 569,024 characters.
    const these = `${fewOf(lists, inWords)} here ${lists.length === 1 ? 'is' : 'are'}`;
    const where = `Mars reads the tool lists of ${ownerLabel(owner)} only from its \`tools\` table`;
    // Judged only up to the section's first syntax error, as an agent that is no table (policies.ts).
    out.push(Object.assign(finding('misplaced-tool-list', keyContentSpan(doc.text, at.span), (ownerPart
      ? `${quoted(ownerPart.name)} is not ${quoted(owner.kind)}: Mars reads tool policies only under \`agents\` and \`skills\`, so ${these} not part of ` +
        (group.every((m) => sameOwner(m.owner, owner)) ? `the policy of ${ownerLabel(owner)}.` : `any ${owner.kind === 'agents' ? 'agent' : 'skill'}'s policy.`)
      : tools ? `${quoted(tools.name)} is not \`tools\`: ${where}, so ${these} not part of its policy.`
      : `${where}: ${lists[0]} here is not part of its policy. Did you mean ${quoted(`tools.${list}${asList(doc.text, keyValue)}`)}?`) +
      // A part that only looks like the word (`tооls`, two Cyrillic `о`): the character said, or the message would say a word is not itself.
      lookalikeSaid((ownerPart ?? tools)?.name ?? '') + conflict + notRenamed(policies, at, quoted),
    () => {
      // Lists whose rename would write the tools table again, written elsewhere, get their move into it: a header's table
      // first, whose rename is dropped only where the document is read whole (`Fix.creates`), keys where nothing else is offered.
      // A header on past the part renamed (`[agents.x.tool.bash]`) renames to a table below the tools table, no second
      // spelling of it: as keys, its rename first.
      const section = headerSection(doc, group);
      const parts = section?.header!.key.parts;
      const header = parts !== undefined && parts[parts.length - 1] === misplacedAt(group[0]!);
      const moved = header ? listsMove(doc, policies, group) : [];
      if (moved.length > 0) return moved;
      const fixes = misplacedListFixes(doc, policies, group);
      return fixes.length > 0 || header ? fixes : listsMove(doc, policies, group);
    }), { needsReadingBefore: true }));
  }
  // No agent to move it to, so no fix: one finding per key at fault, as above (the lists of `[permissions]` share its name).
  for (const group of unownedGroups(policies)) {
    out.push(Object.assign(finding('misplaced-tool-list', keyContentSpan(doc.text, unownedAt(group[0]!).span), unownedSaid(doc.text, group, quoted)), { needsReadingBefore: true }));
  }
  for (const extra of policies.extraKeys) {
    if (!isWritten(extra)) continue;
    const name = extra.name.name;
    if (name === 'mcp') {
      out.push(finding('invalid-tool-policy', keyContentSpan(doc.text, extra.name.span), `${TOOLS_MCP_REMOVED}.`, () => extraKeyFixes(doc, policies, extra)));
      continue;
    }
    const meant = misspeltList(extra);
    if (meant) {
      const conflicting = strayListConflicts(doc.text, policies, extra.owner, extra.keyValue, meant, extra.table.spelling === 'inline');
      // Said of the whole key past the tools table (`permissions.allow`), where that is more than its name.
      const key = misspeltListKey(doc.text, extra);
      const said = key.dotted ? key.written : name;
      out.push(finding('unknown-policy-key', key.shown,
        `Mars ignores ${quoted(said)} here.${lookalikeSaid(said)} Did you mean ${quoted(`${meant}${asList(doc.text, extra.keyValue, extra.table.spelling === 'inline')}`)}?${conflictSaid(meant, conflicting)} ${WHY_IGNORED}`,
        () => listKeyFixes(doc, policies, extra, meant))); // safe only when it removes a key whose entries the list holds
      continue;
    }
    // Its move where one is offered, its removal: those of any key Mars ignores (`ignoredKeyFixes`).
    const ignored = () => {
      const { moves, removal } = ignoredKeyFixes(doc, policies, extra);
      return removal ? [...moves, removal] : moves;
    };
    // Claude Code's third list (`ask = […]`, `permissions.ask`, its settings pasted): said as what it is, which Mars has none of.
    if (askList(extra)) {
      const key = misspeltListKey(doc.text, extra);
      out.push(finding('unknown-policy-key', key.shown, `Mars ignores ${quoted(key.dotted ? key.written : name)} here: Mars has no list of tools to ask about first, as Claude Code's \`ask\` is, so these rules are not in force. ${WHY_IGNORED}`, ignored));
      continue;
    }
    // OpenCode's table of patterns below the tool (`bash = { "git *" = "allow" }`): what its rules mean in Mars, and their move.
    const patterns = patternTableOfKey(extra);
    if (patterns) {
      const held = patternAdvice(doc.text, policies, patterns, (e) => e, (e) => e).held && !subAgentsTable(patterns);
      out.push(finding('unknown-policy-key', keyContentSpan(doc.text, extra.name.span), patternMessage(doc.text, policies, patterns, quoted(name)), ignored, undefined, held));
      out.push(...patternCharFindings(doc.text, patterns));
      continue;
    }
    // Mars ignores the key whatever it is named, so a name it would reject breaks nothing here: it
    // is said in the message, and nothing offers to move it where it would stop the load.
    const parse = parseToolName(name);
    const intent = mapFormList(extra);
    // Names between commas (`"Read, Grep" = "allow"`) are moved one entry per tool, even where the
    // whole is no name Mars takes (`bash(a), read`): what was meant, as an entry's split says it.
    const moved = keyAsEntries(name);
    const split = intent !== null && (moved?.split ?? false);
    // The capability is named by the head, as for an entry (`bassh` of `bassh(git:*)`); what it looks
    // meant as is the entry's did-you-mean, which a move of its own offers (`ignoredKeyFixes`). Not of
    // names between commas, which the split reads: the whole is no name meant (`skill:init,`).
    const head = rustTrim(splitToolName(rustTrim(name))[0]);
    const nearest = parse.ok && parse.name.kind === 'unknown' && !split ? meantEntry(name, parse.name) : null;
    // `task` written for OpenCode, or Claude's old `Task`: sub-agents there, the task list to Mars (`ignoredKeyFixes` offers both).
    const subAgents = parse.ok && intent !== null && !split ? subAgentsKey(name, parse.name) : null;
    const advice = moved !== null && intent !== null ? mapFormAdvice(policies, extra.owner, intent, moved.entries, (e) => shortened(shown(basicString(e))), quoted) : null;
    // Its removal where the list holds its rules is safe, but not of a split key: held only as a guess (`extraKeyFixes`);
    // nor of a `task` key, held as the task list where sub-agents may be meant (`ignoredKeyFixes`).
    const held = (advice?.held ?? false) && !split && !subAgents;
    // What to do with a map-form rule comes first, why Mars ignores it last (see WHY_IGNORED).
    const noEffect = `Mars ignores ${quoted(name)} here, so this rule has no effect${misspeltVerdictOf(doc.text, extra)}`;
    // A key read as an entry (its rule moved into a list, or judged as a tool name) has the white
    // space at its ends said as an entry's is (see `trimmedAway`), after what to do.
    const around = trimmedAway(name);
    const trims = around === null ? '' : ` ${around}.`;
    out.push(finding('unknown-policy-key', keyContentSpan(doc.text, extra.name.span),
      !parse.ok && !split ? `Mars ignores ${quoted(name)} here: ${TOOLS_TABLE_HOLDS}, and it is not a tool name Mars accepts either (allowed: ${ERROR_ALLOWED[parse.error]}).${trims}`
        : advice?.held ? `${noEffect}; ${advice.says}.${subAgents ? ` ${subAgentsKeySaid(subAgents)}` : ''}${trims} ${WHY_IGNORED}`
        : advice?.conflict ? `${noEffect}. ${advice.says}.${trims} ${WHY_IGNORED}`
        : advice ? `${noEffect}. ${capitalized(advice.says)}.${nearest ? ` (Mars has no capability ${quoted(head)}: did you mean ${quoted(nearest.said)}${harnessSaid(nearest.harness)}?${lookalikeSaid(head)})` : ''}${subAgents ? ` ${subAgentsKeySaid(subAgents)}` : ''}${trims} ${WHY_IGNORED}`
        // The map form's note only where the key reads as one: a tool named with a string, or a
        // boolean (OpenCode's verdict, `tools: { bash: true }`).
        : `Mars ignores ${quoted(name)} here: ${TOOLS_TABLE_HOLDS}${readsAsMapForm(extra.keyValue.value) ? ' (the `tool = "allow"` map form belongs to agent profiles).' : '.'}${nestedSaid(nestedSettings(extra) ?? [])}`,
      // Moving a key Mars ignores puts a rule in force: never safe (only `tools.mcp`'s move may be).
      // Removing one whose rule is already in force changes nothing: safe. Else it can be removed, as
      // the user wishes: offered last, never preferred nor safe (`ignoredKeyFixes`).
      ignored, undefined, held));
    // Validated as a tool name, the key is checked as an entry is (`illegalChars`): what a move
    // would write into a list is said before it is moved. Its commas, where the move splits the key
    // at them, get that move, as an entry's commas get its split: one fix of both problems (the
    // code actions make it one action under both diagnostics), not two titles for one edit.
    out.push(...keyCharFindings(doc.text, extra.name, split ? () => extraKeyFixes(doc, policies, extra) : undefined));
  }
  return out;
}

/**
 * What a table meant as the tools table it is in (`permissions = { allow = […] }`) looks meant to hold there, the lists its
 * move puts its rules in (`nestedLists`, read from it alone); '' where nothing of it moves.
 */
function nestedSaid(entries: readonly KeyValue[]): string {
  const found = nestedLists(entries);
  return found ? ` It looks meant as this table's own: its rules go in ${inWords([...found.names.keys()].map((l) => quoted(l)))}.` : '';
}

/** The unowned lists (see `UnownedList`) grouped by the key part at fault, in order. */
export function unownedGroups(policies: Policies): UnownedList[][] {
  return [...groupedBy(policies.unowned, unownedAt).values()];
}

/** `items` grouped by `key`, the groups and each group's items in the order they come. */
function groupedBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/**
 * A rule's value as a message names it: as written, but for OpenCode's table of patterns over lines
 * (TOML 1.1, perhaps with a comment in it), whose line breaks and comments would show in the message
 * as `\u000A` and `# …`: its key/values then on one line (`{ "git *" = "allow", "*" = "ask" }`).
 */
function ruleValueShown(text: string, value: TomlValue): string {
  const written = text.slice(value.span.start, value.span.end);
  if (value.kind !== 'inline-table' || !/[\r\n]/.test(written)) return written;
  return `{ ${value.entries.map((kv) => text.slice(kv.span.start, kv.span.end)).join(', ')} }`;
}

/**
 * Why Mars reads no tool list in `group` (lists under one key part at fault, see `unownedGroups`),
 * names put through `quote`: the diagnostic's message, and hover's first paragraph.
 */
export function unownedSaid(text: string, group: readonly UnownedList[], quote: (name: string) => string): string {
  // A map-form rule named as written (`bash = "allow"`), as for a misplaced one.
  const slice = (span: Span) => text.slice(span.start, span.end);
  const lists = [...new Set(group.map((u) => quote(u.rule ? `${slice(u.key.span)}${u.pattern ? `.${slice(u.pattern.span)}` : ''} = ${ruleValueShown(text, u.keyValue.value!)}` : u.key.name)))];
  const table = group[0]!.table;
  return `Mars reads tool lists only in an agent's or a skill's \`tools\` table (${quote('[agents.<name>.tools]')})` +
    `${table ? `, not in a table ${quote(table.name)} at the root` : ''}, so ${fewOf(lists, inWords)} here ${lists.length === 1 ? 'applies' : 'apply'} to no agent or skill.`;
}

/**
 * The message of OpenCode's table of patterns below a tool (`what`: the key or table, quoted), as a
 * map-form key's: what to do with its rules first (`patternAdvice`), the rules left, why Mars ignores it last.
 */
function patternMessage(text: string, policies: Policies, t: PatternTable, what: string): string {
  const advice = patternAdvice(text, policies, t, (e) => shortened(shown(basicString(e))), quoted);
  const noEffect = `Mars ignores ${what} here, so ${t.rules.length === 1 ? 'this rule has' : 'these rules have'} no effect${misspeltVerdictsSaid(text, t.rules.map((r) => r.keyValue.value))}`;
  const todo = advice.held ? `${noEffect}; ${advice.says}.` : advice.conflict ? `${noEffect}. ${advice.says}.` : `${noEffect}. ${capitalized(advice.says)}.`;
  // Below `task`: OpenCode's sub-agents by name, where Mars reads `task` as the task list (`patternFixes` offers both).
  const subAgents = subAgentsTable(t) ? ` ${subAgentsKeySaid(OPENCODE_TASK)}` : '';
  return `${todo}${advice.left ? ` ${advice.left}` : ''}${subAgents} ${WHY_IGNORED}`;
}

/**
 * The commas and control characters of the patterns of a table of them whose rules are moved
 * (`bash = { "a,b" = "allow" }`): each is said on its key, as the entry its move writes
 * (`bash(a,b)`) would be, before it is moved, as a map-form key's are. Not of a rule left in place
 * (`"ask"`, an entry Mars rejects), which becomes no entry. No fix: a comma inside a pattern's
 * parentheses splits no names.
 */
function patternCharFindings(text: string, t: PatternTable): Finding[] {
  const out: Finding[] = [];
  for (const rule of t.rules) if (movable(rule)) out.push(...keyCharFindings(text, rule.pattern, undefined, 'pattern'));
  return out;
}

/**
 * The commas and control characters of a map-form key (as of an entry), each on the key's text it
 * comes from; the commas with `splitMove`, where the key's move splits it at them (never safe).
 * `of`: what the key is, as the message names it (a tool name, or a pattern: `patternCharFindings`).
 */
function keyCharFindings(text: string, part: KeyPart, splitMove?: () => Fix[], of: 'key' | 'pattern' = 'key'): Finding[] {
  const problems = illegalChars(part.name);
  if (problems.length === 0) return [];
  const shown = keyContentSpan(text, part.span);
  const q = text[part.span.start];
  const closed = q !== '"' && q !== "'" || closingQuote(text, part.span.start + 1, q, part.span.end) >= 0;
  // Read as the string it is written as: a bare key as a literal one, of no quotes and no escapes.
  const str: TomlString | null = closed
    ? { kind: 'string', span: part.span, content: shown, value: part.name, style: q === '"' ? 'basic' : 'literal', terminated: true }
    : null;
  const placesOf = str ? charSpans(text, str) : () => [];
  return byChar(problems).map((g) => {
    const { at, related } = charPlaces(g, placesOf, shown);
    return finding('illegal-char', at, charProblemReason(g, of), g.kind === 'comma' ? splitMove : undefined, related, false);
  });
}
