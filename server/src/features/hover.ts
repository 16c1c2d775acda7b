// Hover on a tool entry (a string in `allowed`/`disallowed`), a map-form key of a tools table or a list outside it:
// how Mars reads it, what it means, its aliases and canonical spelling, and for a bad entry why. On
// the key of a list: the list as Mars reads it; on the key of `tools` or a list written in the wrong
// shape, what its diagnostic says and its fix does, and on that value (or one where an agent or a
// skill goes that is no table), the shape Mars wants. On
// `tools`: the owner's tool policy and what it holds; on `[[agents.x]]` where a table goes, why Mars
// refuses it, and on a list below `[[agents.x.tools]]`, its entries and the keys Mars would ignore
// there, that they are not in force.
// A part of a dotted key or header below such a name (`x` of `allowed.x`, of `web.x`), or a key in a
// list written as a table (`x` of `allowed = { x = 1 }`, `y` of `{ x = [{ y = 1 }] }`) or a value
// there by its header or a dotted key (`1` of `allowed.x = 1`), is said as the name is, and so is a
// value of the removed `mcp` that names no server (`mcp = "deny"`), or a key or a value in it
// (`gh` of `[agents.x.tools.mcp]\ngh = "allow"`, `"allow"` of `mcp.gh = "allow"`).
// A string in a list Mars reads no tool list from (`[agents.x]\nallowed = ["read"]`, `Allowed = ["read"]`)
// is said as the entry it would be, as one where a list goes (`allowed = "read"`).
// In a file with a syntax error, first that Mars cannot load it.

import { type Hover, MarkupKind, type Position } from 'vscode-languageserver';
import { inGuessed, type Analysis } from '../analysis/analyze';
import { CODES, isCode, type Code } from '../analysis/codes';
import { findingAt, writesGuess, type Fix } from '../analysis/findings';
import { keyContentSpan, valueFirstLine } from '../analysis/places';
import { asList, unownedGroups, unownedSaid } from '../analysis/policyFindings';
import { ALL_CODES, entryAt, extraKeyAt, onSpan, suppressionCodeAt } from './context';
import { shownSpan, valueSources } from '../toml/stringPositions';
import { ignoredKeyFixes, removeTableFix, keyAsEntries, mapFormAdvice, mapFormList, mcpItemGrant, misspeltList, misspeltListKey, misspeltVerdictOf, misspeltVerdictsSaid, namesTheKey, strayListOf } from '../analysis/moves';
import { shapeConflicts, shapeFixes, shapeFixNames } from '../analysis/listFixes';
import { fewOf } from '../analysis/listsHold';
import { patternAdvice, patternTableOfKey, patternTableOfSection, type PatternTable } from '../analysis/patternFixes';
import { holdsListValue, isMapFormVerdict, meantList, verdictList } from '../analysis/meant';
import { isWritten, misplacedAt, notRenamed, ownerLabel, readsMisspeltVerdicts, refusalOf, sameOwner, shapeList, TOOLS_MCP_REMOVED, unownedAt, type ExtraKey, type ListName, type MisplacedList, type Owner, type ShapeProblem, type UnownedList } from '../analysis/policies';
import { namesBetweenCommas, parseToolName } from '../grammar/toolName';
import { capitalized, inWords, uPlus } from '../grammar/text';
import { asciiLookalike, isClaudeOldTask, lookalikeChar, subAgentsKey, subAgentsKeySaid } from '../grammar/checks';
import { inlinePatternRules, movable, patternRule, patternRules, type PatternRule } from '../analysis/patterns';
import type { KeyPart, KeyValue, Span, TomlDocument, TomlString, TomlValue } from '../toml/model';
import { firstLineOf, positionsOf } from '../toml/lineIndex';
import { dotted } from '../toml/tables';
import { code, describeBetweenCommas, describeList, describeToolName, LIST_MEANING, plainReason } from './describe';

/**
 * `refusedOutside`: why Mars refuses an owner's table that another section writes as an array of
 * tables (`[[agents.x]]` above `[agents.x.tools]`), which the analysis of this one does not see;
 * `syntaxErrorOutside`: whether another section has a syntax error (or the sections together, a
 * table defined twice), which keeps the whole file from loading as one in this section does;
 * `fixBeyond`: the fix of a finding of this section that edits others too (`[[agents]]` made tables by name).
 */
export function hover(
  analysis: Analysis, position: Position, refusedOutside: (owner: Owner) => ShapeProblem | undefined = () => undefined, syntaxErrorOutside: () => boolean = () => false,
  tablesOutside: (owner: Owner) => number = () => 0, fixBeyond: (code: Code, span: Span) => Fix | undefined = () => undefined,
): Hover | null {
  const { doc, lines } = analysis;
  const offset = lines.offset(position);
  const hit = (span: Span, open: boolean) => onSpan(analysis, span, offset, open);
  // An owner written as an array of tables (`[[agents.x]]`), here or in another section: the file does not load.
  const refusal = (owner: Owner) => refusalOf(analysis.policies, owner) ?? refusedOutside(owner);

  const suppression = suppressionCodeAt(analysis, offset);
  if (suppression) {
    const word = doc.text.slice(suppression.word.start, suppression.word.end);
    if (word === 'all') return result(analysis, ['**`all`**', ALL_CODES], suppression.word);
    // A word that is no code has its diagnostic, which says what it may mean.
    return isCode(word) ? result(analysis, [`**\`${word}\`** · ${CODES[word].severity} by default`, CODES[word].summary], suppression.word) : null;
  }
  // Mars loads no rule of a file with a syntax error, above it or below, here or in another section
  // (`syntaxErrorOutside`): whatever follows says how Mars would read it, so that is said first, after the title.
  const said = (paragraphs: string[], span: Span) => {
    const unloaded = analysis.findings.some((f) => f.code === 'toml-syntax') || syntaxErrorOutside();
    return result(analysis, unloaded ? [paragraphs[0]!, UNLOADED, ...paragraphs.slice(1)] : paragraphs, span);
  };
  const p = entryAt(analysis, offset);
  if (p) {
    const str = p.entry.string;
    const where = `_In \`${p.entry.list}\` of ${owned(p.entry.owner)}._`;
    return said([...namesFirst(p.raw, describeToolName(p.raw, p.parse, p.entry.list)), ...refusedUnder(refusal(p.entry.owner), 'its rule is not'), where], shownSpan(doc.text, str));
  }
  const wouldBe = wouldBeEntryAt(analysis, offset);
  if (wouldBe) {
    const { str, raw, list, why } = wouldBe;
    const [title, ...rest] = describeToolName(raw, parseToolName(raw), list);
    // The entry it would be, named as written there (`gh` of `mcp` is `mcp(gh)`).
    const of = wouldBe.owner ? ` of ${owned(wouldBe.owner)}` : '';
    const as = `As the entry ${code(raw)} of \`${list}\`${of}${rest.length > 0 ? ':' : '.'}`;
    const refused = wouldBe.refused ?? (wouldBe.owner ? refusal(wouldBe.owner) : undefined);
    // Names between commas in what would be one entry (`allowed = "Read, edit", "grep"`, whose fix makes the list of the
    // strings as written; `[agents.x]` then `allowed = ["Read, edit"]`): the names meant first, as on such an entry.
    const between = describeBetweenCommas(raw);
    if (between) {
      return said([between, `_Not an entry yet: ${why}._`, ...refusedUnder(refused, 'its rule is not'),
        `As written, as the entry ${code(raw)} of \`${list}\`${of}, Mars would read it as one tool name:`, title!, ...rest], wouldBe.span ?? shownSpan(doc.text, str));
    }
    return said([title!, `_Not an entry yet: ${why}._`, ...refusedUnder(refused, 'its rule is not'), as, ...rest],
      wouldBe.span ?? shownSpan(doc.text, str));
  }
  const extra = extraKeyAt(analysis, offset);
  if (extra) return said(describeKey(analysis, extra, refusal(extra.owner)), keyContentSpan(doc.text, extra.name.span));
  // A part below such a key (`x` of `web.x`, of `mcp.x`), whose diagnostic is on that key: the key's hover, said of the part.
  for (const e of analysis.policies.extraKeys) {
    const below = isWritten(e) ? partsAfter(e.keyValue.key.parts, e.name).find((part) => hit(part.span, false)) : undefined;
    if (below) return said(describeKey(analysis, e, refusal(e.owner), below.name), keyContentSpan(doc.text, below.span));
    const held = isWritten(e) ? heldByIgnored(doc, e.keyValue, e.name.name, hit) : undefined;
    if (held) return said(describeKey(analysis, e, refusal(e.owner), held.below), held.span);
  }
  // A table opened below a tools table (`[agents.x.tools.sub]`), whose diagnostic is on its name, or a part below that name (`[….sub.y]`),
  // or a key in its section (`x` of `[….sub]\nx = 1`), said of that part or key.
  for (const table of analysis.policies.extraTables) {
    const on = [table.name, ...partsAfter(table.section.header!.key.parts, table.name)].find((part) => hit(part.span, false)) ??
      innermost(table.section.entries.flatMap((kv) => keyValueHeld(doc, kv, false)), hit)?.part;
    if (!on) continue;
    const patterns = patternTableOfSection(table.owner, table.name, table.section);
    if (patterns && (on === table.name || patterns.rules.some((r) => r.pattern === on))) {
      return said(describePatterns(analysis, patterns, on === table.name ? null : on.name, refusedUnder(refusal(table.owner), null)), keyContentSpan(doc.text, on.span));
    }
    const removal = removeTableFix(doc, table.section);
    return said([ignoredTitle(table.name.name, 'table', on === table.name ? null : on.name), ...refusedUnder(refusal(table.owner), null), ...(removal ? [fixSaid(removal, doc.text)] : []),
      `_In ${toolsTableOf(table.owner)}._`],
      keyContentSpan(doc.text, on.span));
  }
  // `tools` itself, in any spelling: the owner's tool policy.
  for (const t of analysis.policies.tables) {
    const name = t.names.find((n) => hit(n.span, false));
    if (name) return said(describeTools(analysis, t.owner, refusal(t.owner), tablesOutside(t.owner)), keyContentSpan(doc.text, name.span));
  }
  // An array of tables where the table of an agent, a skill or `tools` goes (`[[agents.d]]`): the diagnostic's reason, on the header's key.
  const arrayHeader = analysis.policies.shape.find((p) => (p.kind === 'overlay-not-table' || p.kind === 'tools-array-of-tables') && hit(p.span, false) &&
    doc.sections.some((s) => s.header?.array && s.header.key.span.start === p.span.start));
  if (arrayHeader) return said(describeArrayHeader(analysis, arrayHeader, fixBeyond), arrayHeader.span);
  // A list below a tools table written as an array of tables (`[[agents.d.tools]]`), which the
  // analysis reads as none, or a key Mars would ignore there: read from the section as written, not
  // in force, as the header's hover says.
  for (const { problem, kv } of refusedToolsKeys(analysis)) {
    const key = kv.key.parts[0]!;
    const value = kv.value;
    if (key.name !== 'allowed' && key.name !== 'disallowed') {
      // On the key, or on a part below it (`x` of `web.x`), said of that part.
      const on = kv.key.parts.find((part) => hit(part.span, false));
      // What it holds, as in a tools table.
      const held = on ? undefined : heldByIgnored(doc, kv, key.name, hit);
      const ignoredHeld = held && describeIgnored(doc.text, kv, problem, held.below);
      if (ignoredHeld) return said(ignoredHeld, held.span);
      if (!on) continue;
      const ignored = describeIgnored(doc.text, kv, problem, on === key ? null : on.name);
      if (ignored) return said(ignored, keyContentSpan(doc.text, on.span));
      continue;
    }
    const list: ListName = key.name;
    // A dotted key below it (`allowed.x = […]`) makes the list a table, as in a tools table.
    // On a part below it (`x`), the same, said of that part.
    // So on a key or a value in its value (`[{ y = 1 }]`), said of the key holding it.
    if (kv.key.parts.length !== 1) {
      if (!value) continue;
      const on = kv.key.parts.find((part) => hit(part.span, false));
      if (on) return said(describeListIsTable(list, problem.owner, problem, on === key ? null : on.name), keyContentSpan(doc.text, on.span));
      const held = innermost(dottedHeld(doc, kv), hit);
      if (held) return said(describeListIsTable(list, problem.owner, problem, held.part.name), held.span);
      continue;
    }
    // Its title only: what the list reads is not said, Mars reading none of it.
    if (hit(key.span, false)) {
      return said([describeList(list, [])[0]!, ...refusedUnder(problem, 'none of its rules is'), `_Of ${owned(problem.owner)}._`], keyContentSpan(doc.text, key.span));
    }
    // An item that is no string, as in a tools table.
    const item = value?.kind === 'array' ? value.items.find((i) => i.kind !== 'string' && hit(valueFirstLine(doc, i.span), false)) : undefined;
    if (item) {
      const span = valueFirstLine(doc, item.span);
      return said(describeNotString(doc.text, span, list, problem.owner, problem), span);
    }
    // A value of another shape (`allowed = 1`), as in a tools table, with no fix (no diagnostic there offers one);
    // a key in it (`x` of `allowed = { x = 1 }`, `y` of `{ x = [{ y = 1 }] }`), as in a tools table.
    const inside = value?.kind === 'inline-table' ? innermost(heldIn(doc, value, key, false), hit) : undefined;
    if (inside) return said(describeListIsTable(list, problem.owner, problem, inside.part.name), inside.span);
    if (value && value.kind !== 'array' && value.kind !== 'string') {
      const span = valueFirstLine(doc, value.span);
      if (hit(span, false)) return said(describeWrongValue(doc.text, span, list, problem.owner, problem), span);
      continue;
    }
    // An entry, or a string where the list goes (`allowed = "read"`). Not one left open: it is in the
    // guess past its syntax error (analyze.ts, `guessedAfter`), which `hit` refuses.
    const strings = value?.kind === 'array' ? value.items : value?.kind === 'string' ? [value] : [];
    const str = strings.find((i): i is TomlString => i.kind === 'string' && hit(i.span, false));
    if (str) {
      return said([...namesFirst(str.value, describeToolName(str.value, parseToolName(str.value), list)), ...refusedUnder(problem, 'its rule is not'), `_In \`${list}\` of ${owned(problem.owner)}._`],
        shownSpan(doc.text, str));
    }
  }
  // A pattern of OpenCode's table of patterns in a table Mars reads no rule from (`[agents.x.permission]` or a root
  // `[permission]`, then `bash = { "git *" = "allow" }`): the entry it stands for, as in a tools table, and why it is
  // not one yet, as a string of a list there is said. Its tool's key says the table, as a map-form key there does.
  for (const u of unreadRuleTables(analysis, offset, refusal)) {
    const rule = u.rules.find((r) => hit(r.pattern.span, false));
    if (rule) return said(describeUnreadPattern(doc.text, rule, u.owner, u.why, u.refused), keyContentSpan(doc.text, rule.pattern.span));
  }
  // On the key at fault, or on the list's own where that is another part (`allowed` of `[agents.x.tool]`): what the one at fault says.
  for (const m of analysis.policies.misplaced) {
    const on = [misplacedAt(m), m.key].find((part) => hit(part.span, false));
    if (on) return said(describeMisplaced(doc.text, m, refusal(m.owner), notRenamed(analysis.policies, misplacedAt(m), code).trim()), keyContentSpan(doc.text, on.span));
  }
  // A list of no agent or skill (`[tools]` then `allowed`): on the table's name or the list's key, what the finding says.
  for (const group of unownedGroups(analysis.policies)) {
    const on = group.flatMap((u) => [unownedAt(u), u.key]).find((part) => hit(part.span, false));
    if (on) return said(describeUnowned(doc.text, group), keyContentSpan(doc.text, on.span));
  }
  for (const l of analysis.policies.lists) {
    const key = l.keyValue.key.parts[l.keyValue.key.parts.length - 1]!;
    if (!hit(key.span, false)) continue;
    // Past a syntax error the reading is a guess: what is there is counted, not said as read.
    const written = analysis.entries.filter((p) => p.entry.array === l.array);
    const held = written.filter((p) => !analysis.policies.guessed.has(p.entry.string));
    const items = l.array.items.filter((i) => i.kind !== 'string');
    const others = items.filter((i) => !inGuessed(analysis.guessed, i.span.start)).map((i) => firstLineOf(doc.text, i.span)).map((s) => doc.text.slice(s.start, s.end));
    const past = written.length - held.length + items.length - others.length;
    const unread = past === 0 ? [] : [`${past} ${past === 1 ? 'item' : 'items'} past the syntax error, which Mars cannot read.`];
    return said([...describeList(l.list, held, others), ...unread, ...refusedUnder(refusal(l.owner), 'none of its rules is'), `_Of ${owned(l.owner)}._`],
      keyContentSpan(doc.text, key.span));
  }
  // The key of a value of the wrong shape (`tools = ["read"]`, `allowed = "read"`), whose diagnostic is on the value;
  // the name of a list a dotted key or a header makes a table (`allowed.x = […]`, `[agents.x.tools.allowed]`),
  // or of the removed `mcp` a header makes one, whose diagnostic is on the key.
  for (const problem of analysis.policies.shape) {
    if (problem.kind !== 'tools-not-table' && problem.kind !== 'list-not-array' && !problem.keyPart) continue;
    const parts = problem.keyValue?.key.parts;
    const key = problem.keyPart ?? parts?.[parts.length - 1];
    if (key && problem.kind === 'list-is-table' && !problem.list && hit(key.span, false)) {
      return said([...mcpRemoved(problem.owner), ...refusedUnder(refusal(problem.owner), null)], keyContentSpan(doc.text, key.span));
    }
    // An agent, a skill, `agents` or `skills` written as a value that is no table (`x = 3` under `[agents]`): why, as on its header.
    if (key && problem.kind === 'overlay-not-table' && hit(key.span, false)) {
      return said([notA(key.name, 'a table'), refusalSaid(problem)], keyContentSpan(doc.text, key.span));
    }
    // A part below the list's name or the removed `mcp` (`x` of `allowed.x`, of `[agents.d.tools.allowed.x]`), whose
    // diagnostic is on the whole key: what the name's hover says, said of that part.
    const saidBelow = (name: string) => problem.list
      ? describeListIsTable(problem.list, problem.owner, refusal(problem.owner), name) : [...mcpRemoved(problem.owner), ...refusedUnder(refusal(problem.owner), null)];
    const below = problem.kind === 'list-is-table' ? partsBelow(analysis, problem).find((part) => hit(part.span, false)) : undefined;
    if (below) return said(saidBelow(below.name), keyContentSpan(doc.text, below.span));
    // A key in the list or the removed `mcp` written as a table (`x` of `[agents.d.tools.allowed]\nx = 1`, of `allowed = { x = 1 }`,
    // `gh` of `[agents.d.tools.mcp]\ngh = "allow"`), or a value there but in an inline table, whose value's hover says it
    // (`[{ y = 1 }]` of `allowed.x = …`): the same, of the key holding it.
    const inside = problem.kind === 'list-is-table' || problem.kind === 'list-not-array' ? innermost(heldInside(analysis, problem), hit) : undefined;
    if (inside) return said(saidBelow(inside.part.name), inside.span);
    if (!key || !hit(key.span, false)) continue;
    // Its diagnostic is on the key, shown above the hover: not repeated.
    if (problem.kind === 'list-is-table') return said(describeListIsTable(problem.list!, problem.owner, refusal(problem.owner)), keyContentSpan(doc.text, key.span));
    return said(describeShapeKey(analysis, problem, key.name, refusal(problem.owner)), keyContentSpan(doc.text, key.span));
  }
  // An item of a list that is no string (`allowed = [1]`), on its first line, where its diagnostic is:
  // as on an entry Mars refuses.
  for (const problem of analysis.policies.shape) {
    if (problem.kind !== 'entry-not-string') continue;
    const span = valueFirstLine(doc, problem.span);
    if (hit(span, false)) return said(describeNotString(doc.text, span, problem.list!, problem.owner, refusal(problem.owner)), span);
  }
  // A value of the wrong shape (`tools = 3`, `allowed = {}`), on its first line, where its diagnostic is: the shape
  // Mars wants. Not a string the fix makes entries of (`allowed = "read"`), hovered above as those entries, but for one
  // whose quote is doubled (`allowed = "read""grep", "web"`): the guess starts at it (`read"grep` may be one string), so it
  // is no entry to hover, yet its diagnostic is said over the guess (analyze.ts `saidOverGuess`), and hovered so here.
  for (const problem of analysis.policies.shape) {
    if (problem.kind !== 'tools-not-table' && problem.kind !== 'list-not-array') continue;
    const value = problem.keyValue?.value;
    if (!value) continue;
    const span = valueFirstLine(doc, value.span);
    const overGuess = inGuessed(analysis.guessed, span.start) && findingAt(analysis.findings, 'invalid-tool-policy', span) !== undefined;
    if (value.kind === 'string' && shapeList(problem) && !overGuess) continue;
    if (overGuess ? span.start <= offset && offset < span.end : hit(span, false)) {
      return said(describeWrongValue(doc.text, span, problem.list ?? 'tools', problem.owner, refusal(problem.owner), shapeFixSaid(analysis, problem)), span);
    }
  }
  // An agent, a skill, `agents` or `skills` written as a value that is no table (`reviewer = 3` under `[agents]`), on its first
  // line, where its diagnostic is: the shape Mars wants, as on a value of the wrong shape where `tools` goes. No fix is offered.
  for (const problem of analysis.policies.shape) {
    if (problem.kind !== 'overlay-not-table' || !problem.keyPart) continue;
    const span = valueFirstLine(doc, problem.span);
    if (hit(span, false)) return said(describeOverlayValue(doc.text, span, problem.owner), span);
  }
  // The value of the removed `mcp` where it names no server (`mcp = "deny"`, `mcp = 3`, the brackets of a list),
  // on its first line: what its key's hover says, the key being what Mars refuses whatever its value.
  for (const { kv, owner, refused } of removedMcp(analysis)) {
    const span = kv.value && valueFirstLine(doc, kv.value.span);
    if (span && hit(span, false)) return said([...mcpRemoved(owner), ...refusedUnder(refused ?? refusal(owner), null)], span);
  }
  return null;
}

/**
 * An item of a list that is no string (`allowed = [1]`), hovered on its first line (`span`): as an
 * entry Mars refuses, in plain words (its diagnostic, there, says what it is). `refused`: its owner's
 * refusal, or its tools table's (`[[agents.x.tools]]`), a second reason, said after the first.
 */
function describeNotString(text: string, span: Span, list: ListName, owner: Owner, refused: ShapeProblem | undefined): string[] {
  return [notA(text.slice(span.start, span.end), 'a tool name'), 'A tool list holds tool names, each in quotes (`"read"`).',
    ...(refused ? [refusalSaid(refused)] : []), `_In \`${list}\` of ${owned(owner)}._`];
}

/**
 * A list made a table by a dotted key or a header (`allowed.x = […]`, `[agents.x.tools.allowed]`),
 * hovered on its name, or on a part below it (`below`, `x`): in plain words (its diagnostic, there,
 * says what is wrong), how the list is written. `refused`: its owner's refusal, or its tools table's,
 * a second reason, said after the first.
 */
function describeListIsTable(list: ListName, owner: Owner, refused: ShapeProblem | undefined, below: string | null = null): string[] {
  const title = below === null ? `**${code(list)}** is not a list` : `**${code(below)}**, a key below ${code(list)}, makes it a table, not a list`;
  return [`${title}: Mars refuses to load the config.`, listWritten(list), ...(refused ? [refusalSaid(refused)] : []), `_Of ${owned(owner)}._`];
}

/** The key parts below the list's name or the removed `mcp` a dotted key or a header makes a table (`x` of `allowed.x`). */
function partsBelow(analysis: Analysis, problem: ShapeProblem): readonly KeyPart[] {
  const parts = problem.keyValue?.key.parts ?? analysis.doc.sections.find((s) => s.header?.key.span.start === problem.span.start)?.header!.key.parts ?? [];
  return problem.keyPart ? partsAfter(parts, problem.keyPart) : [];
}

/**
 * What hover says of in a list (or the removed `mcp`) written as a table, whose diagnostic is on the list's name or value:
 * the keys and values of the section its header opens (`x` of `[agents.d.tools.allowed]\nx = 1`, of
 * `[[….allowed.x]]\nx = 1`, of `[agents.d.tools.mcp]`; not below `[[…allowed]]`, a list of tables), the value of a dotted key
 * below its name (`[1]` of `allowed.x = [1]`), or the keys of its inline table (`allowed = { x = 1 }`,
 * whose value's hover says the rest): each part of a dotted key, and those in tables and lists inside.
 */
function heldInside(analysis: Analysis, problem: ShapeProblem): Held[] {
  const { doc } = analysis;
  const kv = problem.keyValue;
  if (kv) {
    if (problem.kind === 'list-not-array') return kv.value?.kind === 'inline-table' ? heldIn(doc, kv.value, problem.keyPart ?? kv.key.parts[kv.key.parts.length - 1]!, false) : [];
    // A list made a table by a key/value is so by a dotted key below its name (`allowed.x = …`): its value is below the name.
    return dottedHeld(doc, kv);
  }
  const section = doc.sections.find((s) => s.header?.key.span.start === problem.span.start);
  const parts = section?.header?.key.parts;
  // Below `[[…allowed]]`, a list of tables, the header says it; the removed `mcp` is refused whatever it holds.
  if (!section || !parts || (problem.list && section.header!.array && parts[parts.length - 1] === problem.keyPart)) return [];
  return section.entries.flatMap((e) => keyValueHeld(doc, e, true));
}

/** A key part, or a value on its first line (`part` the key holding it), with the span hover answers on. */
interface Held { readonly part: KeyPart; readonly span: Span }

/**
 * What is in `value`, held by the key part `holder`: the value itself (if `values`), and the key
 * parts and values of the tables inside, an item of a list held by the list's key. Outer first.
 */
function heldIn(doc: TomlDocument, value: TomlValue | null | undefined, holder: KeyPart, values: boolean): Held[] {
  if (!value) return [];
  const own = values ? [{ part: holder, span: valueFirstLine(doc, value.span) }] : [];
  if (value.kind === 'array') return [...own, ...value.items.flatMap((item) => heldIn(doc, item, holder, values))];
  if (value.kind === 'inline-table') return [...own, ...value.entries.flatMap((kv) => keyValueHeld(doc, kv, values))];
  return own;
}

/** The parts of a key/value's key, and what its value holds (`heldIn`). */
const keyValueHeld = (doc: TomlDocument, kv: KeyValue, values: boolean): Held[] =>
  [...kv.key.parts.map((part) => ({ part, span: keyContentSpan(doc.text, part.span) })), ...heldIn(doc, kv.value, kv.key.parts[kv.key.parts.length - 1]!, values)];

/** What the value of a dotted key holds (`[{ y = 1 }]` of `allowed.x = …`), the value itself its last part's. */
const dottedHeld = (doc: TomlDocument, kv: KeyValue, values = true): Held[] => heldIn(doc, kv.value, kv.key.parts[kv.key.parts.length - 1]!, values);

/**
 * What a key Mars ignores (`name`) holds under the cursor, said as the key is: in the removed `mcp`,
 * a value below its dotted key (`"allow"` of `mcp.gh = "allow"`; `below` null, as Mars refuses it
 * whatever it holds); elsewhere a key in its inline table (`x` of `web = { x = 1 }`; `below` that
 * key, as a part below the key is said).
 */
function heldByIgnored(doc: TomlDocument, kv: KeyValue, name: string, hit: (span: Span, open: boolean) => boolean): { span: Span; below: string | null } | undefined {
  if (name === 'mcp') {
    const held = kv.key.parts.length > 1 ? innermost(dottedHeld(doc, kv), hit) : undefined;
    return held && { span: held.span, below: null };
  }
  const held = kv.value?.kind === 'inline-table' ? innermost(dottedHeld(doc, kv, false), hit) : undefined;
  return held && { span: held.span, below: held.part.name };
}

/** The innermost of `held` under the cursor (`hit`): the last, as an inner value comes after the one holding it. */
const innermost = (held: readonly Held[], hit: (span: Span, open: boolean) => boolean): Held | undefined =>
  held.filter((h) => hit(h.span, false)).at(-1);

/** How a tool list is written, and what it holds: said where one is written in another shape. */
const listWritten = (list: ListName) => `A tool list is written in brackets, such as ${code(`${list} = ["read"]`)}: ${LIST_MEANING[list]}`;

/**
 * A value of the wrong shape where `tools` or a list goes (`tools = 3`, `allowed = {a = 1}`), hovered
 * on its first line (`span`), where its diagnostic is: in plain words (the diagnostic, there, says what
 * is wrong), the shape Mars wants, and `fixes` (`shapeFixSaid`) as the key's hover says them. `refused`:
 * its owner's refusal, or its tools table's, a second reason, said after the first.
 */
function describeWrongValue(text: string, span: Span, wants: ListName | 'tools', owner: Owner, refused: ShapeProblem | undefined, fixes: string[] = []): string[] {
  return [notA(text.slice(span.start, span.end), wants === 'tools' ? 'a table' : 'a list'),
    wants === 'tools' ? TOOLS_WRITTEN : listWritten(wants), ...(refused ? [refusalSaid(refused)] : []), ...fixes, `_Of ${owned(owner)}._`];
}

/**
 * A value that is no table where an agent or a skill goes, or `agents` or `skills` (`owner.name` empty),
 * hovered on its first line (`span`): in plain words (its diagnostic, there, says what is wrong), the
 * shape Mars wants, as describeWrongValue says it of `tools`.
 */
function describeOverlayValue(text: string, span: Span, owner: Owner): string[] {
  const title = notA(text.slice(span.start, span.end), 'a table');
  if (owner.name === '') return [title, `${code(owner.kind)} is the table of ${owner.kind} by name, such as ${code(`[${owner.kind}.reviewer]`)}.`];
  const one = owner.kind === 'agents' ? 'An agent' : 'A skill';
  return [title, `${one} is written as a table of its own, such as ${code(`[${dotted([owner.kind, owner.name])}]`)}.`, `_Of ${owned(owner)}._`];
}

/** The title of what is written in the wrong shape (`shown`, what it is not): the refusal it makes. */
const notA = (shown: string, what: string): string => `**${code(shown)}** is not ${what}: Mars refuses to load the config.`;

/** What `tools` is, said where it is written in another shape. */
const TOOLS_WRITTEN = '`tools` is the table of the `allowed` and `disallowed` lists, such as `tools = { allowed = ["read"] }`.';

/** What hover says of anything it reads in a file with a TOML syntax error (the diagnostics go on reading past one, Mars does not). */
const UNLOADED = 'Mars cannot load the file until the syntax error is fixed, so none of its rules is in force.';

function result(analysis: Analysis, paragraphs: string[], span: Span): Hover {
  return {
    contents: { kind: MarkupKind.Markdown, value: paragraphs.join('\n\n') },
    range: positionsOf(analysis.lines, span),
  };
}

/**
 * A string Mars does not read as an entry for its shape (`tools = ["read"]`, `allowed = "Read"`,
 * the removed `mcp = ["gh"]`): the entry the shape's fix makes of it, in the list it goes to, and
 * why it is not one yet (the diagnostic's words); `refused`: the refusal of a tools table written
 * as an array of tables above it, which the analysis does not keep. Go to definition links the
 * server it names (`mcpServerAt`), as hover describes it.
 */
export function wouldBeEntryAt(
  analysis: Analysis, offset: number,
): { str: TomlString; raw: string; list: ListName; owner: Owner | null; why: string; span?: Span; refused?: ShapeProblem | undefined } | null {
  const on = (v: TomlValue | null | undefined): TomlString[] => (v?.kind === 'string' ? [v] : v?.kind === 'array' ? v.items.flatMap((i) => (i.kind === 'string' ? [i] : [])) : []);
  // A string left open is in the guess past its syntax error, which onSpan refuses: none is hovered, as an entry left open is not.
  const at = (v: TomlValue | null | undefined) => on(v).find((s) => onSpan(analysis, s.span, offset, false));
  // Names between commas (`allowed = "read, edit"`), which the preferred fix makes a list of: the one under the cursor.
  // On a quote, the name beside it, as on the quote of an entry; on a comma or blank, none, the first name's or not.
  const nameAt = (str: TomlString, names: ReturnType<typeof namesBetweenCommas>): { raw: string; span?: Span } | null => {
    const sources = names && valueSources(analysis.doc.text, str);
    if (!names || !sources) return { raw: str.value };
    const spans = names.map((n) => ({ name: n.name, span: { start: sources.starts[n.start]!, end: sources.ends[n.end - 1]! } }));
    const found = offset < str.content.start ? spans[0] : offset >= str.content.end ? spans[spans.length - 1] : spans.find((n) => n.span.start <= offset && offset < n.span.end);
    return found ? { raw: found.name, span: found.span } : null;
  };
  for (const problem of analysis.policies.shape) {
    const value = problem.keyValue?.value;
    if (!value || value.span.end < offset || value.span.start > offset) continue;
    const list = shapeList(problem);
    const str = list && at(value);
    if (!str) continue;
    const named = nameAt(str, shapeFixNames(analysis.doc.text, problem));
    return named && { str, ...named, list, owner: problem.owner, why: problem.says(code) };
  }
  // The removed `mcp` in a tools table, or below one written as an array of tables (`[[agents.d.tools]]`),
  // which the analysis skips (read as written there, its refusal with it).
  for (const { kv, owner, refused } of removedMcp(analysis)) {
    const str = at(kv.value);
    // `mcp = "deny"` is the map form, no server named deny (moves.ts).
    if (str && !(kv.value!.kind === 'string' && isMapFormVerdict(str.value))) return { str, raw: mcpItemGrant(str.value).grant, list: 'allowed', owner, why: TOOLS_MCP_REMOVED, refused };
  }
  // A string in a list Mars reads no tool list from, the one it looks meant as: outside a tools table
  // (`[agents.x]\nallowed = ["read"]`, `[agents.x.tool]`, `[agent.x.tools]`), or under a misspelt key of one
  // (`Allowed = ["read"]`), here or below `[[agents.x.tools]]`; or a string written where such a list goes
  // (`[agents.x]\nallowed = "read, edit"`), the entry under the cursor of the list its fix makes, as for
  // a string where a list goes in a tools table, where completion writes one (`strayListOf`).
  const inArray = (v: TomlValue | null | undefined) => (v?.kind === 'array' ? at(v) : undefined);
  const stray = (v: TomlValue | null | undefined, why: string, list: ListName, owner: Owner | null) => {
    if (v?.kind !== 'string') {
      const str = inArray(v);
      return str && { str, raw: str.value, list, owner, why };
    }
    const str = strayListOf(analysis.policies, v) ? at(v) : undefined;
    const named = str && nameAt(str, namesBetweenCommas(str.value));
    return str && named && { str, ...named, list, owner, why };
  };
  for (const m of analysis.policies.misplaced) {
    const found = m.rule ? null : stray(m.keyValue.value, misplacedWhy(m), m.list, m.owner);
    if (found) return found;
  }
  // Or where no agent or skill is named (`[permissions]` then `allow = ["read"]`, `tools = ["read"]` at the root): no owner's.
  for (const u of analysis.policies.unowned) {
    const found = u.rule ? null : stray(u.keyValue.value, unownedWhy(u), u.list, null);
    if (found) return found;
  }
  const misspelt = [
    ...analysis.policies.extraKeys.map((extra) => ({ kv: extra.keyValue, meant: misspeltList(extra), owner: extra.owner, refused: undefined })),
    ...[...refusedToolsKeys(analysis)].filter(({ kv }) => kv.key.parts.length === 1 && kv.value?.kind === 'array' && !isListName(kv.key.parts[0]!.name))
      .map(({ kv, problem }) => ({ kv, meant: meantList(kv.key.parts[0]!.name), owner: problem.owner, refused: problem })),
  ];
  for (const { kv, meant, owner, refused } of misspelt) {
    const found = meant ? stray(kv.value, `Mars ignores ${code(kv.key.parts[0]!.name)} here; it looks meant for ${code(meant)}`, meant, owner) : null;
    if (found) return { ...found, refused };
  }
  return null;
}

/** `allowed` or `disallowed`, a list's own name, which no key is misspelt as. */
const isListName = (name: string) => name === 'allowed' || name === 'disallowed';

/** The character of `name` that only looks like an ASCII one (`о` of `tооls`), named in parentheses; '' for none. */
function lookalikeNamed(name: string): string {
  const c = lookalikeChar(name);
  return c === undefined ? '' : ` (it holds ${uPlus(c.codePointAt(0)!)}, which looks like ${code(asciiLookalike(c))})`;
}

/** Why Mars reads no tool list from a list outside a tools table; the part at fault `shown` as the hover on its key shows it (bold). */
const misplacedWhy = (m: MisplacedList, shown = code): string =>
  m.ownerPart ? `${shown(m.ownerPart.name)} is not ${code(m.owner.kind)}${lookalikeNamed(m.ownerPart.name)}: Mars reads no tool policy under it`
  : m.tools ? `${shown(m.tools.name)} is not \`tools\`${lookalikeNamed(m.tools.name)}: Mars reads no tool list in it`
  : `Mars reads the tool lists of ${owned(m.owner)} only from its \`tools\` table`;

/**
 * The removed `mcp` in a tools table, or below one written as an array of tables (`[[agents.d.tools]]`),
 * which the analysis skips, with that refusal (`refused`); not a table below it (`mcp.x = …`).
 */
function removedMcp(analysis: Analysis): Array<{ kv: KeyValue; owner: Owner; refused: ShapeProblem | undefined }> {
  return [
    ...analysis.policies.extraKeys.filter((extra) => extra.name.name === 'mcp' && namesTheKey(extra)).map((extra) => ({ kv: extra.keyValue, owner: extra.owner, refused: undefined })),
    ...[...refusedToolsKeys(analysis)].filter(({ kv }) => kv.key.parts.length === 1 && kv.key.parts[0]!.name === 'mcp').map(({ kv, problem }) => ({ kv, owner: problem.owner, refused: problem })),
  ];
}

/**
 * The key/values below a tools table written as an array of tables (`[[agents.d.tools]]`), which the
 * analysis skips, with that refusal (`problem`): hover reads them as written.
 */
function* refusedToolsKeys(analysis: Analysis): Generator<{ problem: ShapeProblem; kv: KeyValue }> {
  for (const problem of analysis.policies.shape) {
    if (problem.kind !== 'tools-array-of-tables') continue;
    const section = analysis.doc.sections.find((s) => s.header !== null && s.header === problem.header);
    for (const kv of section?.entries ?? []) yield { problem, kv };
  }
}

/** The owner in markdown: its name a code span, escaped as every name the hover quotes. */
const owned = (owner: Owner) => ownerLabel(owner, code);

/**
 * A list outside its owner's tools table, hovered on the key at fault: what its diagnostic takes it
 * for; `refused`: its owner's refusal (`[[agents.x]]`), said before whose it is.
 */
const bold = (name: string) => `**${code(name)}**`;

function describeMisplaced(text: string, m: MisplacedList, refused: ShapeProblem | undefined, notRenamed: string): string[] {
  const owner = owned(m.owner);
  const refusedToo = [...(notRenamed ? [notRenamed] : []), ...refusedUnder(refused, null)];
  if (m.ownerPart) {
    return [`${misplacedWhy(m, bold)}; none of its rules is in force.`,
      `It looks meant for ${code(m.owner.kind)}, the table of ${m.owner.kind} by name.`, ...refusedToo, `_Of ${owner}._`];
  }
  // A table one typo from `tools` may hold both lists (`[agents.x.tool]`): the table is what it was meant to be.
  if (m.tools) {
    return [`${misplacedWhy(m, bold)}; none of its rules is in force.`,
      'It looks meant for `tools`, the table of the `allowed` and `disallowed` lists.', ...refusedToo, `_Of ${owner}._`];
  }
  // A string where the list goes (`allowed = "read"`): the list it looks meant as, in brackets.
  const value = m.keyValue.value;
  if (value?.kind === 'string') {
    return [`**${code(m.key.name)}**: a string outside the tools table; Mars does not read it as a tool list, and its rule is not in force.`,
      `It looks meant for ${code(`tools.${m.list}${asList(text, m.keyValue)}`)}: ${LIST_MEANING[m.list]}`, ...refusedToo, `_Of ${owner}._`];
  }
  return [`**${code(m.key.name)}**: a list outside the tools table; Mars does not read it as a tool list, and none of its rules is in force.`,
    `It looks meant for ${code(`tools.${m.list}`)}: ${LIST_MEANING[m.list]}`, ...refusedToo, `_Of ${owner}._`];
}

/** Why Mars reads no tool list where no agent or skill is named (`u`), as a clause. */
const unownedWhy = (u: UnownedList): string =>
  `Mars reads no tool list ${u.table ? `in a table ${code(u.table.name)} at the root` : 'at the root'}: it applies to no agent or skill`;

/**
 * OpenCode's tables of patterns at `offset` in a table Mars reads no rule from, in a table meant as `tools`
 * (`[agents.x.permission]`) or at the root (`[permission]`): written inline (`bash = { "git *" = "allow" }`),
 * dotted (`bash."git *" = …`) or in a table of their own (`[permission.bash]`), with why Mars does not read
 * them (`why`, a clause) and their owner's refusal. Only those at the cursor are read: a hover in a table
 * of thousands of rules reads each once.
 */
function* unreadRuleTables(analysis: Analysis, offset: number, refusal: (owner: Owner) => ShapeProblem | undefined):
  Generator<{ rules: readonly PatternRule[]; owner: Owner | null; why: string; refused: ShapeProblem | undefined }> {
  const within = (span: Span, inner: Span) => span.start <= inner.start && inner.end <= span.end;
  const own = analysis.doc.sections.find((s) => s.span.start <= offset && offset <= s.span.end);
  let ownRead = false;
  // `misspelt`: its verdicts one typo from `"allow"` or `"deny"` read as the finding reads them (`readsMisspeltVerdicts`).
  const rulesOf = (key: KeyPart, kv: KeyValue, pattern: KeyPart | undefined, misspelt = false): readonly PatternRule[] => {
    // A table of its own is read whole, once: its `"ask"` rules, which no finding takes, are hovered too.
    if (pattern && !ownRead && own && own.header?.key.parts.at(-1) === key && within(own.span, kv.span)) {
      ownRead = true;
      const all = patternRules(key.name, own.entries, misspelt);
      if (all) return all;
    }
    if (!within(kv.span, { start: offset, end: offset })) return [];
    if (!pattern) return inlinePatternRules(key.name, kv) ?? [];
    const rule = patternRule(key.name, pattern, kv, misspelt);
    return rule ? [rule] : [];
  };
  for (const m of analysis.policies.misplaced) {
    const rules = m.rule ? rulesOf(m.key, m.keyValue, m.pattern, readsMisspeltVerdicts(m)) : [];
    if (rules.length > 0) yield { rules, owner: m.owner, why: misplacedWhy(m), refused: refusal(m.owner) };
  }
  for (const u of analysis.policies.unowned) {
    const rules = u.rule ? rulesOf(u.key, u.keyValue, u.pattern) : [];
    if (rules.length > 0) yield { rules, owner: null, why: unownedWhy(u), refused: undefined };
  }
}

/**
 * A pattern of OpenCode's table of patterns in a table Mars reads no rule from (`unreadRuleTables`), hovered: the
 * entry it stands for (`bash(git *)`) and why it is none yet, as a string of a list there (`wouldBeEntryAt`);
 * `"ask"`, with no Mars equivalent, and an entry Mars rejects, as in a tools table (`describePatterns`).
 */
function describeUnreadPattern(text: string, rule: PatternRule, owner: Owner | null, why: string, refused: ShapeProblem | undefined): string[] {
  const notRead = `_${capitalized(why)}._`;
  const refusedToo = refusedUnder(refused, 'its rule is not');
  if (rule.list === null) return [`**${code(text.slice(rule.pattern.span.start, rule.keyValue.span.end))}**: Mars has no equivalent of this rule.`, notRead, ...refusedToo];
  const parse = parseToolName(rule.raw);
  // The entry is null exactly where Mars rejects the rule's name (patterns.ts, `entryOf`).
  if (!parse.ok) return [rejectedKey(rule.raw, parse.error, rule.list), notRead, ...refusedToo];
  const entry = rule.entry!;
  const [title, ...rest] = describeToolName(entry, parseToolName(entry), rule.list);
  const of = owner ? ` of ${owned(owner)}` : '';
  return [title!, `_Not an entry yet: ${why}._`, ...refusedToo, `As the entry ${code(entry)} of \`${rule.list}\`${of}${rest.length > 0 ? ':' : '.'}`, ...rest];
}

/** A list of no agent or skill (see `UnownedList`), hovered on its key or its table's name: its diagnostic's words, and where it goes. */
function describeUnowned(text: string, group: readonly UnownedList[]): string[] {
  return [`${unownedSaid(text, group, code)} None of its rules is in force.`,
    'To give an agent these rules, write them in its `tools` table: `[agents.<name>.tools]` then `allowed = [...]` or `disallowed = [...]` (`[skills.<name>.tools]` for a skill).'];
}

/**
 * The key of `tools` that is no table, or of a list that is none, hovered: what its diagnostic says
 * (on the value), and what its fix does, as its title says it. `refused`: its owner's refusal
 * (`[[agents.x]]`), a second reason the config does not load, said after the first as the hover on
 * its strings says both.
 */
function describeShapeKey(analysis: Analysis, problem: ShapeProblem, name: string, refused: ShapeProblem | undefined): string[] {
  return [
    notA(name, problem.kind === 'tools-not-table' ? 'a table' : 'a list'),
    `${problem.says(code)}.`,
    // The title says the refusal already: only why.
    ...(refused ? [refusalSaid(refused)] : []),
    ...shapeFixSaid(analysis, problem),
  ];
}

/** The fix of a value of the wrong shape, as hover says it on its key and on the value. */
function shapeFixSaid(analysis: Analysis, problem: ShapeProblem): string[] {
  const text = analysis.doc.text;
  const fix = shapeFixes(text, problem, shapeConflicts(text, analysis.policies, problem))[0];
  if (!fix) return [];
  // The one fix of `tools` written as a list renames it `tools.allowed`: what that list is.
  return [...(problem.kind === 'tools-not-table' ? [`It looks meant for \`tools.allowed\`: ${LIST_MEANING.allowed}`] : []), fixSaid(fix, text)];
}

/**
 * `tools` of an owner, hovered: what the table is, what Mars does with it, and what it holds (in the
 * section analysed, and `tablesOutside`, the tables below it that other sections open).
 */
function describeTools(analysis: Analysis, owner: Owner, refused: ShapeProblem | undefined, tablesOutside: number): string[] {
  const { policies } = analysis;
  const lists = (['allowed', 'disallowed'] as const).map((list) => {
    if (!policies.lists.some((l) => sameOwner(l.owner, owner) && l.list === list)) return `\`${list}\`: not written`;
    const written = analysis.entries.filter((p) => sameOwner(p.entry.owner, owner) && p.entry.list === list);
    // Past a syntax error the reading is a guess: those entries are counted apart.
    const past = written.filter((p) => policies.guessed.has(p.entry.string)).length;
    const n = written.length - past;
    return `\`${list}\`: ${n === 0 ? 'no entry' : n === 1 ? '1 entry' : `${n} entries`}${past === 0 ? '' : ` and ${past} past the syntax error`}`;
  });
  // Keys and tables counted apart: `[agents.x.tools.sub]` is no key.
  const keys = policies.extraKeys.filter((e) => sameOwner(e.owner, owner) && isWritten(e)).length;
  const tables = policies.extraTables.filter((t) => sameOwner(t.owner, owner)).length + tablesOutside;
  const ignored = [...(keys > 0 ? [`${keys} other ${keys === 1 ? 'key' : 'keys'}`] : []), ...(tables > 0 ? [`${tables} ${tables === 1 ? 'table' : 'tables'}`] : [])];
  if (ignored.length > 0) lists.push(`${ignored.join(' and ')}, which Mars ignores`);
  // Its owner written as an array of tables (`[[agents.x]]`, `refused`): the file does not load, as the header's hover says.
  if (refused) {
    return [
      `**\`tools\`**: the tool policy of ${owned(owner)}; Mars refuses to load the config, so none of its rules is in force.`,
      refusalSaid(refused),
      `${lists.join('; ')}.`,
    ];
  }
  return [
    `**\`tools\`**: the tool policy of ${owned(owner)}.`,
    `Mars lays its \`allowed\` and \`disallowed\` lists over the tool policy ${owned(owner)} comes with; it reads no other key here.`,
    `${lists.join('; ')}.`,
  ];
}

/**
 * What a hover on a list's key or an entry says under an owner written as an array of tables
 * (`refused`, its diagnostic), or on a key, table or list Mars ignores there (`subject` null): the
 * file does not load, in the words of the hover on its `tools` and its header; nothing under one
 * that loads. Every hover under such an owner says it through here, so in the same words; those on
 * `tools` and on a key of the wrong shape, whose titles say the refusal, say only why (refusalSaid).
 */
function refusedUnder(refused: ShapeProblem | undefined, subject: 'none of its rules is' | 'its rule is not' | null): string[] {
  // A key Mars ignores has no rule to be in force: only the refusal is said.
  return refused ? [`Mars refuses to load the config${subject ? `, so ${subject} in force` : ''}.`, refusalSaid(refused)] : [];
}

/** Why Mars refuses a table written as an array of tables, as a sentence: the diagnostic's words, less the refusal the hover says first. */
function refusalSaid(problem: ShapeProblem): string {
  const says = problem.says(code).replace(/: Mars cannot load the file$/, '');
  return `${capitalized(says)}.`;
}

/** An array of tables where a table goes (`[[agents.d]]`), hovered on its header: the diagnostic's reason, and its fix. */
function describeArrayHeader(analysis: Analysis, problem: ShapeProblem, fixBeyond: (code: Code, span: Span) => Fix | undefined): string[] {
  const text = analysis.doc.text;
  const header = analysis.doc.sections.find((s) => s.header?.key.span.start === problem.span.start)!.header!;
  const fix = shapeFixes(text, problem)[0] ?? fixBeyond('invalid-tool-policy', problem.span);
  return [
    `**${code(text.slice(header.span.start, header.span.end))}**: Mars refuses to load the config.`,
    refusalSaid(problem),
    ...(fix ? [fixSaid(fix, text)] : []),
  ];
}

/** The table named once: "in the tools table of …: a tools table holds only …" said it twice. */
const toolsTableOf = (owner: Owner) => `the tools table of ${owned(owner)}, which holds only \`allowed\` and \`disallowed\` lists`;

/**
 * A fix as a hover says it, in the words of its title (`Its fix: remove \`foo\`.`). A title quotes
 * between single backticks (`quoted`), which a quoted text holding a backtick breaks as Markdown (a
 * code span closed inside it, another left open): where the text has one, the title is shown as it
 * is written, escaped where Markdown would read it as markup. `text`: the document's.
 */
const fixSaid = (fix: Fix, text: string): string => {
  const title = `${fix.title[0]!.toLowerCase()}${fix.title.slice(1)}`;
  return `Its fix: ${text.includes('`') ? title.replace(/[\\`*_[\]<>!&~|]/g, '\\$&') : title}.`;
};

/**
 * A key below a tools table written as an array of tables (`[[agents.d.tools]]`, `refused`), which
 * the analysis does not read: the removed `mcp`, a list under a misspelt key (`Allowed = […]`, or a
 * string where it goes, `deny = "bash"`), a map-form key (`bash = "allow"`) or any other key, a dotted
 * one too (`web.x = "allow"`), said as in a tools table (`describeKey`), with the refusal, and no fix
 * (no diagnostic there offers one); null for a key with no value, the syntax error's to report
 * (`isWritten`). `below`: the part of a dotted key hovered below the first (`x` of `web.x`), said of it.
 */
function describeIgnored(text: string, kv: KeyValue, refused: ShapeProblem, below: string | null = null): string[] | null {
  const name = kv.key.parts[0]!.name;
  const value = kv.value;
  if (!value) return null;
  // `mcp = "deny"` too, as in a tools table: the key is what Mars refuses, whatever its value.
  if (name === 'mcp') return [...mcpRemoved(refused.owner), ...refusedUnder(refused, null)];
  // A dotted key (`web.x = "allow"`) makes a table of its first part, no list nor map-form rule (`namesTheKey`);
  // so a key in its inline table (`x` of `web = { x = 1 }`, `below`).
  if (kv.key.parts.length !== 1 || below !== null) return [ignoredTitle(name, 'key', below), ...refusedUnder(refused, null), `_Of ${owned(refused.owner)}._`];
  const meant = meantList(name);
  // A list, or a string where it goes (`deny = "bash"`), as `misspeltList` reads it in a tools table; not a verdict (`deny = "allow"`).
  if (meant && holdsListValue(value)) {
    return [...ignoredList(name, meant, text, kv), ...refusedUnder(refused, null), `_Of ${owned(refused.owner)}._`];
  }
  // A list's name names no tool (`deny = "allow"`, `namesATool`): only a key Mars ignores.
  const list = meant ? null : verdictList(value);
  if (!list) return [`**${code(name)}**: a key Mars ignores.`, ...refusedUnder(refused, null), `_Of ${owned(refused.owner)}._`];
  const parse = parseToolName(name);
  const ignored = '_Map-form key: Mars ignores it._';
  const between = describeBetweenCommas(name);
  if (!parse.ok) return between ? [between, ignored, ...refusedUnder(refused, null), AS_ONE_ENTRY, rejectedKey(name, parse.error, list)] : [rejectedKey(name, parse.error, list), ignored, ...refusedUnder(refused, null)];
  const [title, ...rest] = describeToolName(name, parse, list);
  if (between) return [between, ignored, ...refusedUnder(refused, null), AS_ONE_ENTRY, title!, ...rest];
  return [title!, ignored, ...refusedUnder(refused, null), 'As an entry of a list:', ...rest];
}

/**
 * Names between commas in one string (`"Read, Grep"`, Claude's `tools:` line pasted) are the names
 * meant, each said with its meaning (`describeBetweenCommas`), before `read`, what the hover says of
 * the whole as Mars reads it as written: one odd tool (`read, _grep`), which the user did not mean.
 */
function namesFirst(raw: string, read: string[]): string[] {
  const between = describeBetweenCommas(raw);
  return between ? [between, 'As written, Mars reads it as one tool name:', ...read] : read;
}

/** Before what a map-form key of names between commas would be as written, as one entry of a list. */
const AS_ONE_ENTRY = 'As written, as one entry of a list, Mars would read it as one tool name:';

/** The title of a key or table Mars ignores, hovered on its name or on a part below it (`below`, `x` of `web.x`). */
const ignoredTitle = (name: string, what: 'key' | 'table', below: string | null): string =>
  below === null ? `**${code(name)}**: a ${what} Mars ignores.` : `**${code(below)}** is below ${code(name)}, a ${what} Mars ignores.`;

/** The parts of a dotted key or a header after `part` (`x` of `web.x`). */
const partsAfter = (parts: readonly KeyPart[], part: KeyPart): readonly KeyPart[] => {
  const at = parts.indexOf(part);
  return at < 0 ? [] : parts.slice(at + 1);
};

/**
 * A list under a misspelt key (`Allowed = […]`), or a string where that list goes (`deny = "bash"`, with
 * `kv`), hovered on its key: what Mars does with it and what it looks meant for, as its diagnostic says it.
 */
const ignoredList = (name: string, meant: ListName, text = '', kv?: KeyValue, inline = false): string[] => kv?.value?.kind === 'string'
  ? [`**${code(name)}**: a string Mars ignores; its rule is not in force.`, `It looks meant for ${code(`${meant}${asList(text, kv, inline)}`)}: ${LIST_MEANING[meant]}`]
  : [`**${code(name)}**: a list Mars ignores; none of its rules is in force.`, `It looks meant for ${code(meant)}: ${LIST_MEANING[meant]}`];

/** A map-form key Mars's grammar rejects, hovered: why, as an entry of `list` would be rejected. */
const rejectedKey = (name: string, error: Parameters<typeof plainReason>[1], list: ListName): string =>
  `**Not a tool name Mars accepts**: ${plainReason(name, error, list)} As an entry of a list it would stop the load.`;

/** The removed `tools.mcp` of an owner, hovered on its key: what Mars does with it and what to write instead. */
const mcpRemoved = (owner: Owner): string[] => [
  `**${code('tools.mcp')}** was removed.`,
  `Mars refuses it: grant MCP servers in \`allowed\` of ${owned(owner)} as ${code('mcp(server)')} or ${code('mcp(server/tool)')}.`,
];

/**
 * OpenCode's table of patterns below a tool in a tools table (`bash = { "git *" = "allow" }`,
 * `[agents.x.tools.bash]`), hovered on the tool's name (`pattern` null) or on a pattern (`"git *"`):
 * the entries Mars reads once it is moved, what to do as the diagnostic says it, and the rules left
 * (`"ask"`, no Mars equivalent); on a pattern, that rule alone, as a map-form key is said. `refusedToo`:
 * the owner's refusal, said after what Mars does with it.
 */
function describePatterns(analysis: Analysis, t: PatternTable, pattern: string | null, refusedToo: string[]): string[] {
  const { doc, policies } = analysis;
  const table = toolsTableOf(t.owner);
  const tool = t.tool.name;
  if (pattern === null) {
    const advice = patternAdvice(doc.text, policies, t, code, code);
    const reads = (['allowed', 'disallowed'] as const).flatMap((list) => {
      const entries = [...new Set(t.rules.filter(movable).filter((r) => r.list === list).map((r) => r.entry))];
      return entries.length > 0 ? [`${fewOf(entries.map(code))} in \`${list}\``] : [];
    });
    return [`**${code(tool)}**: OpenCode's rules by pattern for ${code(tool)}. Once moved, Mars reads ${inWords(reads)}.`,
      `_Table of patterns in ${table}: Mars ignores it${misspeltVerdictsSaid(doc.text, t.rules.map((r) => r.keyValue.value), code)}; ${advice.says}._`, ...(advice.left ? [advice.left] : []), ...refusedToo];
  }
  const rule = t.rules.find((r) => r.pattern.name === pattern);
  if (!rule) return [ignoredTitle(tool, 'key', pattern), ...refusedToo];
  const written = code(doc.text.slice(rule.pattern.span.start, rule.keyValue.span.end));
  const ignored = `_Pattern rule of ${code(tool)} in ${table}: Mars ignores it${misspeltVerdictsSaid(doc.text, [rule.keyValue.value], code)}`;
  if (rule.list === null) return [`**${written}**: Mars has no equivalent of this rule; its move leaves it as it is.`, `${ignored}._`, ...refusedToo];
  const parse = parseToolName(rule.raw);
  if (!parse.ok) return [rejectedKey(rule.raw, parse.error, rule.list), `${ignored}; its move leaves it as it is._`, ...refusedToo];
  const [title, ...rest] = describeToolName(rule.entry!, parseToolName(rule.entry!), rule.list);
  const todo = mapFormAdvice(policies, t.owner, rule.list, [rule.entry!], code, code, 'the rule').says;
  return [title!, `${ignored}; ${todo}._`, ...refusedToo, `As the entry ${code(rule.entry!)} of a list:`, ...rest];
}

/**
 * A key Mars ignores in a tools table, hovered, or a part below it (`below`, `x` of `web.x`); `refused`:
 * its owner's refusal (`[[agents.x]]`), said after what Mars does with the key.
 */
function describeKey(analysis: Analysis, extra: ExtraKey, refused: ShapeProblem | undefined, below: string | null = null): string[] {
  const { policies } = analysis;
  const name = extra.name.name;
  const table = toolsTableOf(extra.owner);
  // Ignored or refused, the key has no rule in force: only the owner's refusal is said.
  const refusedToo = refusedUnder(refused, null);
  if (name === 'mcp') return [...mcpRemoved(extra.owner), ...refusedToo];
  // A list under a misspelt key (`Allowed = ["read"]`): what its diagnostic and fixes take it for, a
  // list, not a tool name.
  const meant = misspeltList(extra);
  if (meant) {
    return [...ignoredList(misspeltListKey(analysis.doc.text, extra).written, meant, analysis.doc.text, extra.keyValue, extra.table.spelling === 'inline'), ...refusedToo, `_In ${table}._`];
  }
  // OpenCode's table of patterns below the tool (`bash = { "git *" = "allow" }`): what Mars reads of it once moved.
  const patterns = patternTableOfKey(extra);
  if (patterns) return describePatterns(analysis, patterns, below, refusedToo);
  const list = mapFormList(extra);
  const parse = parseToolName(name);
  // Where no fix moves the key, its removal, where the diagnostic offers it.
  // Not those that write into the guess past a syntax error, which the diagnostic does not offer.
  const fixes = ignoredKeyFixes(analysis.doc, policies, extra);
  const moves = fixes.moves.filter((x) => !writesGuess(analysis.guessed, x));
  const removal = fixes.removal && !writesGuess(analysis.guessed, fixes.removal) ? fixes.removal : null;
  const removed = moves.length === 0 && removal ? [fixSaid(removal, analysis.doc.text)] : [];
  // Only `tool = "allow"` or `"deny"` (or `true`, `false`) is the map form, the one a move is offered for; any other key is just ignored.
  // A dotted key (`web.x`) is never the map form: a part below its first is hovered only here.
  if (!list) return [ignoredTitle(name, 'key', below), ...refusedToo, ...removed, `_In ${table}._`];
  const ignored = `_Map-form key in ${table}: Mars ignores it${misspeltVerdictOf(analysis.doc.text, extra, code)}`;
  // The entries as the diagnostic and its move write them: names between commas one entry each (`bash(a), read` too).
  const written = keyAsEntries(name);
  // What to do, as the diagnostic says it: not "put it in" a list that holds it, or where the other list does.
  const todo = written && mapFormAdvice(policies, extra.owner, list, written.entries, code, code).says;
  // Ignored, so the config loads: what the name would do as an entry is the question. Names between
  // commas are the names meant first, then the whole as written (`namesFirst`).
  const between = describeBetweenCommas(name);
  if (!parse.ok) {
    const rejected = rejectedKey(name, parse.error, list);
    const said = [`${ignored}${todo ? `; ${todo}` : ''}._`, ...refusedToo, ...removed];
    return between ? [between, ...said, AS_ONE_ENTRY, rejected] : [rejected, ...said];
  }
  const [title, ...rest] = describeToolName(name, parse, list);
  if (between) return [between, `${ignored}; ${todo}._`, ...refusedToo, ...removed, AS_ONE_ENTRY, title!, ...rest];
  // `task` written for OpenCode: sub-agents there, as the diagnostic says (Claude's old `Task` is said as an entry's).
  const subAgents = subAgentsKey(name, parse.name);
  const opencode = subAgents && !isClaudeOldTask(name, parse.name) ? [subAgentsKeySaid(subAgents, code)] : [];
  return [title!, `${ignored}; ${todo}._`, ...opencode, ...refusedToo, ...removed, 'As an entry of a list:', ...rest];
}
