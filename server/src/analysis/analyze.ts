// The analysis of one TOML text (in the server and the checker, one section of a mars.toml; see
// document.ts): the positional model, its tool policies, and every finding with its fixes.
// Pure (no LSP, no IO).

import { quoted } from '../grammar/text';
import { namesBetweenCommas, parseToolName } from '../grammar/toolName';
import { stringList } from '../toml/strings';
import { LineIndex, lineContent, lineEndAt, type Lines } from '../toml/lineIndex';
import type { KeyPart, KeyValue, Span, SyntaxProblem, TomlArray, TomlDocument, TomlValue } from '../toml/model';
import { parseToml } from '../toml/parse';
import { lastAtOrBefore, stringTowards } from '../toml/sorted';
import { syntaxProblems } from '../toml/syntax';
import { KeyIndex, sectionDefinitions } from '../toml/tables';
import { closedBelow } from '../toml/syntaxMessages';
import { UNREAD } from '../toml/unreadBlanks';
import type { Code, SeverityOverrides } from './codes';
import { applyEdits, composeEdits, deleteItems, nonOverlapping, type Edit } from './edits';
import { byPosition, findingAt, fixAmong, fixesNotKept, partnersSeen, finding, overridden, withoutClashingFixes, withoutGuessedFixes, withHeaderLines, withMoreFixes, MAY_CREATE, MAY_TAKE_HEADER, type Finding } from './findings';
import { crossEntryFindings } from './crossEntry';
import { fromParse, entryFindings, knowFirsts, otherLists } from './entryFindings';
import { entrySpan, keyContentSpan } from './places';
import { policyFindings } from './policyFindings';
import { firstOfEachMeaning, parseEntries, type ParsedEntry, VerdictMemo } from './verdicts';
import { moveEdits, moveOf } from './moves';
import { allowedRename, namesLoad } from './listFixes';
import { patternSection } from './patternFixes';
import { findPolicies, ownerLabel, OWNERS, ownerKey, type Owner, type Policies } from './policies';
import { listsFor, NO_ARRAYS, NO_LISTS, type ListsTold } from './told';
import { meantOwner } from './meant';
import { contentSpan, isOpenMultiline } from '../toml/stringPositions';
import { anySuppression, findSuppressions, isSuppressed, NOTHING_OUTSIDE, suppressionFindings, type Outside, type Suppressions } from './suppress';

export interface Analysis {
  readonly doc: TomlDocument;
  readonly lines: Lines;
  readonly policies: Policies;
  readonly entries: readonly ParsedEntry[];
  /** Every finding, at its default severity, suppressed ones included. */
  readonly findings: readonly Finding[];
  readonly suppressions: Suppressions;
  /** Where the TOML could not be read further (the text's length when it all could): fix-all changes nothing past it. */
  readonly unreadableFrom: number;
  /** Whether it holds a syntax error Mars stops at: before `unreadableFrom`, or at the text's end (a list left open there), where that is its length. */
  readonly stops: boolean;
  /**
   * Where the reading is a guess, past the syntax error Mars stops at (sorted, apart): nothing there
   * is reported or described (see `guessedSpans`).
   */
  readonly guessed: readonly Span[];
  /** The root keys arrays of tables hold where the text starts (see `findPolicies`): a text read again reads with them. */
  readonly arrays: ReadonlySet<string>;
}

/**
 * Analyse one text. `memo` keeps entry verdicts between calls (see `VerdictMemo`). `only`: the
 * findings the analysis holds, where its caller has the others already (see `SectionAnalysis.fixAll`).
 * `arrays`: the root keys arrays of tables hold where the text starts (a section of a document, see
 * `findPolicies`). `lists`: what the owners' lists written in other sections hold (`Policies.outsideLists`).
 */
export function analyze(text: string, memo: VerdictMemo = new VerdictMemo(), only?: (f: Finding) => boolean, arrays: ReadonlySet<string> = NO_ARRAYS, lists: ListsTold = NO_LISTS): Analysis {
  const doc = parseToml(text);
  const lines = new LineIndex(text);
  const problems = syntaxProblems(doc);
  let unreadableFrom = text.length;
  let stops = false;
  for (const problem of problems) if (problem.unreadableFrom !== undefined) [unreadableFrom, stops] = [Math.min(unreadableFrom, problem.unreadableFrom), true];
  const policies = policiesOf(doc, problems, arrays, lists);
  const entries = parseEntries(policies, memo);
  const findings: Finding[] = [];
  const suppressions = findSuppressions(doc, lines);
  for (const problem of problems) {
    const f = syntaxFinding(problem, doc, lines, suppressions, policies);
    if (!only || only(f)) findings.push(f);
  }
  // Past the error, the rest of its line reads as a guess (`["a", "b"c", "d"]` pairs the quotes
  // the wrong way: `", "` an entry, `d` a bare value): what it says there is left to the error.
  const guessed = unreadableFrom < text.length ? guessedSpans(doc, unreadableFrom) : NO_GUESS;
  const said = (f: Finding) => !inGuessed(guessed, f.span.start) && (!only || only(f));
  // Loops, not push(...list): a list of 150,000 entries would overflow the stack as arguments.
  const others = otherLists(policies);
  // Where nothing is a guess, each list's first entry of each meaning serves the fixes' outcomes and the duplicates alike.
  const fixable = new Set<TomlArray>();
  const firsts = guessed.length === 0 ? firstOfEachMeaning(entries, fixable) : undefined;
  if (firsts) knowFirsts(firsts, fixable);
  // An entry is in the guess where its findings would be, or where its string opens (a multi-line one
  // opened past the error on its line, whose text runs on below it): nothing is said of it.
  const guessedEntry = (p: ParsedEntry) => inGuessed(guessed, p.entry.string.span.start) || inGuessed(guessed, entrySpan(text, p.entry.string).start);
  // Nor does a move count it as held by its list (listsHold.ts asks `policies.guessed`).
  if (guessed.length > 0) for (const p of entries) if (guessedEntry(p)) policies.guessed.add(p.entry.string);
  for (const p of entries) {
    if (guessed.length > 0 && inGuessed(guessed, p.entry.string.span.start)) continue;
    for (const f of entryFindings(text, p, memo, { unreadableFrom, guessed }, others)) if (said(f)) findings.push(f);
  }
  // An entry in the guess (where its own findings would be: they are not said) counts for no other
  // either: a conflict or a duplicate of it would hold the guess for Mars's reading.
  const read = policies.guessed.size === 0 ? entries : entries.filter((p) => !policies.guessed.has(p.entry.string));
  for (const f of crossEntryFindings(text, read, said, firsts)) findings.push(f);
  // Their fixes move keys into lists and rewrite or remove key/values: none writes into the guess, nor
  // what another section defines (`Fix.creates`), which the document, analysing each section alone, drops.
  const elsewhere = definedElsewhere(doc);
  for (const f of policyFindings(doc, policies)) if (said(f) || saidOverGuess(f, guessed, only)) findings.push(elsewhere(withoutGuessedFixes(f, guessed)));
  for (const f of suppressionFindings(doc)) if (said(f)) findings.push(f);
  findings.sort(byPosition);
  return { doc, lines, policies, entries, findings, suppressions, unreadableFrom, stops, guessed, arrays };
}

/** The tool policies of `doc`, its syntax `problems` found, told `arrays` and `lists` as `analyze` is. */
export function policiesOf(doc: TomlDocument, problems: readonly SyntaxProblem[], arrays: ReadonlySet<string> = NO_ARRAYS, lists: ListsTold = NO_LISTS): Policies {
  const policies = findPolicies(doc, arrays, problems);
  // A table of patterns of its own (`[agents.x.tools.bash]`) is said with what the owner's lists
  // hold, which another section writes: the document tells them (see `Policies.outsideLists`). So is
  // one whose rules are half typed (`"git *" =`), for the verdicts completion offers.
  let listsRead: Set<string> | null = null;
  for (const { owner, name, section } of policies.extraTables) if (patternSection(name, section)) (listsRead ??= new Set()).add(ownerKey(owner));
  if (listsRead) {
    policies.listsRead = listsRead;
    policies.outsideLists = listsFor(listsRead, lists);
  }
  return policies;
}

/**
 * `f` without the fixes that write what a section of `doc` other than its own defines (`Fix.creates`:
 * the rename of `[agents.a.tool]` to `[agents.a.tools]` beside `[agents.a.tools.sub]`), as the document
 * drops them from a section analysed alone (`Outside.defines`): the text analysed whole offers what the
 * server and the checker do.
 */
export function definedElsewhere(doc: TomlDocument): (f: Finding) => Finding {
  const sections = doc.sections;
  if (sections.length < 2) return (f) => f;
  let index: KeyIndex | null = null;
  return (f) => {
    if (!MAY_CREATE.has(f.code) || !f.fixes.some((x) => x.creates)) return f;
    index ??= new KeyIndex(sections.map((s) => [sectionDefinitions(s, doc.text)]));
    const own = lastAtOrBefore(sections.length, (i) => sections[i]!.span.start, f.span.start);
    return withoutClashingFixes(f, (path, writing) => index!.defines(path, own, writing));
  };
}

/** A text read to its end: shared, as a big file has hundreds of thousands of sections. */
const NO_GUESS: readonly Span[] = Object.freeze([]);

/**
 * Where the reading is a guess past the syntax error at `from`: the rest of its line and of its
 * statement's problems (see `guessedAfter`), and past that, the same for each problem the parser
 * finds further on, which Mars never reaches and so is not reported: quotes pair the wrong way there
 * too (`allowed = ["a" "b"]` above `disallowed = ["c", "d"e", "f"]` made tools of `, ` and `]`), and
 * may leave a list open over the lines below, whose keys then read as its entries (`"x".tools…`).
 */
function guessedSpans(doc: TomlDocument, from: number): Span[] {
  const found = [...doc.problems].sort((a, b) => a.span.start - b.span.start);
  const problems = found.map((p) => p.span.start);
  const first = guessedAfter(doc, from, problems);
  const out = first.end > first.start ? [first] : [];
  let covered = Math.max(from, first.end);
  for (const p of found) {
    const at = p.span.start;
    // Not a list or inline table left open, named at its `[` or `{`: its items read as written. A
    // comma missing before one (`["a" ["b"]]`) is found at that `[` too, and is a guess as the first error is.
    if (at < covered || p.leftOpen) continue;
    // As past the first error, a `"""` or `'''` too (its statement): the reading does not depend on
    // which error Mars stops at, so a big section's later piece, whose first error is a later one of
    // the whole section, reads as the whole section does (a cut is never inside a string).
    const guess = guessedAfter(doc, at, problems);
    const start = Math.max(guess.start, covered);
    if (guess.end > start) {
      out.push({ start, end: guess.end });
      covered = guess.end;
    }
  }
  return out;
}

/** Whether `offset` is in one of `guessed` (sorted, apart). */
export function inGuessed(guessed: readonly Span[], offset: number): boolean {
  return guessAt(guessed, offset) !== null;
}

/** The one of `guessed` (sorted, apart) that `offset` is in, or null. */
function guessAt(guessed: readonly Span[], offset: number): Span | null {
  const i = lastAtOrBefore(guessed.length, (j) => guessed[j]!.start, offset);
  return i >= 0 && offset < guessed[i]!.end ? guessed[i]! : null;
}

/**
 * Whether a policy finding in the guess is said all the same: a string where a list goes, more
 * values after it with commas between, its quote doubled right after it (`allowed = 'it''s', 'read'`).
 * The guess starts at its opening quote (`it's` may be one string), yet in either reading it is no
 * list, and its fix writes the text over from there, the guess's start, as the list the values make
 * (it mends the syntax error): offered as where the doubled string comes later (`'read', 'it''s'`),
 * neither preferred nor in fix-all (`shapeFixes`). Only `invalid-tool-policy` has such a fix: no
 * other finding's fixes are made to be asked.
 */
function saidOverGuess(f: Finding, guessed: readonly Span[], only: ((f: Finding) => boolean) | undefined): boolean {
  if (f.code !== 'invalid-tool-policy' || (only && !only(f))) return false;
  const guess = guessAt(guessed, f.span.start);
  return guess !== null && f.fixes.some((x) => x.mendsSyntax === true && x.edits.some((e) => e.start <= guess.start && guess.start < e.end));
}

/**
 * From a syntax error to the end of its line, and of a string that runs on past it (a multi-line
 * one: its text is no entries); from the opening quote of a string left open there (the entry it
 * reads as is not written yet), or of one the error is an escape of no meaning in (`\q`: Mars reads
 * no entry there, and which one was meant is a guess; in a key, its whole statement, and in a
 * header, its whole section, where they may name a place tool names are read: `mayNameTools`).
 * Quotes pair the wrong way on the error's line only (but for a `"""` there): a string of one line
 * ends with it, so the lines below it (the items of a list over lines) read as written.
 */
function guessedAfter(doc: TomlDocument, from: number, problems: readonly number[]): Span {
  const text = doc.text;
  let start = from;
  let end = lineEndAt(text, from);
  // Found by halving: asked past each of a section's problems, a walk over its statements (and over
  // its problems, below) would be quadratic where there are thousands of both.
  const sections = doc.sections;
  const section = sections[lastAtOrBefore(sections.length, (i) => sections[i]!.span.end, from) + 1] ?? sections[sections.length - 1];
  const entries = section?.entries ?? [];
  // The parser's problems in a statement from `from` on (`problems`: where they start, in order):
  // past the error Mars stops at, they are not reported, and what the statement reads as around them
  // is a guess, to the end of the last one's line.
  const problemsEnd = (kv: KeyValue) => {
    const last = problems[lastAtOrBefore(problems.length, (i) => problems[i]!, kv.span.end - 1)];
    return last === undefined || last < from ? -1 : lineEndAt(text, last);
  };
  // An error at the very start of a statement after a list left open (`allowed = ["a"`, then
  // `disallowed = [...]` below it, where Mars stops) is the open list's, which ended before it: the
  // parser reads this statement on its own, as written, so it is no guess. Not when a `]` further on
  // closes that list (`x = 1]`): the statement was typed into it; nor when the parser has problems
  // with the statement itself (its quotes may pair the wrong way).
  const last = lastAtOrBefore(entries.length, (i) => entries[i]!.span.start, from); // the last statement starting at or before it
  const at = last >= 0 && entries[last]!.span.start === from ? last : -1;
  const before = at > 0 ? entries[at - 1]!.value : null;
  if (before?.kind === 'array' && !before.closed && !closedBelow(text, from) && problemsEnd(entries[at]!) < 0) return { start: from, end: from };
  // Where a `"""` or `'''` follows the error on its line, quotes paired the wrong way may have made a
  // string of several lines of it, or text of one: the whole statement is a guess.
  const tripled = /"""|'''/.test(text.slice(from, end));
  // The statements it is in (they follow one another: those before them end before it).
  let first = last;
  while (first > 0 && entries[first - 1]!.span.end >= from) first--;
  for (const kv of entries.slice(Math.max(first, 0), last + 1)) {
    if (kv.span.start > from || from > kv.span.end) continue;
    if (tripled) end = Math.max(end, kv.span.end);
    end = Math.max(end, problemsEnd(kv));
    // In text order: a string taken in moves the end, which a later one may then cross.
    const visit = (v: TomlValue): void => {
      if (v.kind === 'string') {
        // Left open, or holding an escape of no meaning where the error is (`"Bash(a\qb)"`): the entry is a guess.
        if ((!v.terminated || (v.unread && from < v.span.end)) && v.span.start <= from) start = Math.min(start, v.span.start);
        if (v.span.start < end && v.span.end > end) end = lineEndAt(text, v.span.end);
      } else if (v.kind === 'array') v.items.forEach(visit);
      else if (v.kind === 'inline-table') for (const e of v.entries) if (e.value) visit(e.value);
    };
    // A key holding it names what Mars cannot read (`"a\qb".tools.allowed = [` over lines): the whole statement is a guess.
    for (const part of kv.key.parts) {
      if (part.unread && part.span.start <= from && from < part.span.end && mayNameTools([...(section?.header?.key.parts ?? []), ...kv.key.parts], part)) {
        start = Math.min(start, part.span.start);
        end = Math.max(end, kv.span.end);
      }
    }
    if (kv.value) visit(kv.value);
  }
  // A header holding it (`[agents."a\qb".tools]`) names a table Mars cannot read: what the section
  // holds is a guess, as the statement of such a key is; the sections after it read as written.
  const header = section?.header?.key.parts ?? [];
  const unreadPart = header.find((p) => p.unread && p.span.start <= from && from < p.span.end);
  if (unreadPart && mayNameTools(header, unreadPart)) {
    start = Math.min(start, unreadPart.span.start);
    end = Math.max(end, section!.span.end);
  }
  return { start: Math.min(start, guessFrom(doc, from)), end };
}

/**
 * Whether the key path `path` (a header's parts, or a statement's full path), which holds `unread`, a
 * part with an escape of no meaning, may name a place where tool names are read: its root is that
 * part (which root was meant is a guess), `agents` or `skills`, or one meant for them (`agent`, as
 * policies.ts reads it). Elsewhere (`[mcp."a\qb"]`) no tool name is read whatever the part was
 * meant to be, so its section (statement) is no guess: only the rest of the error's line is, as past
 * any error, and a mars-ignore comment below it is read and said of as anywhere.
 */
function mayNameTools(path: readonly KeyPart[], unread: KeyPart): boolean {
  const root = path[0]!;
  return root === unread || OWNERS.has(root.name) || meantOwner(root.name) !== null;
}

/**
 * Where the guess starts for a problem at `at`: at the opening quote of a string closed right there,
 * no blank between (`"bash(grep "foo")"`, `"b"c"`), whose quotes may pair the wrong way too: the
 * entry meant is `bash(grep "foo")`, not `bash(grep `, whose repair (`bash(grep)`) fix-all wrote into
 * the string. Not before what ends a value (`"a"]`, `"a",`). Else `at`.
 */
function guessFrom(doc: TomlDocument, at: number): number {
  const text = doc.text;
  const quote = text[at - 1];
  if ((quote !== '"' && quote !== "'") || at >= text.length || /[\s,\]}#]/.test(text[at]!)) return at;
  // Found by halving, each level: a list over a million lines may have a problem on each.
  const found = stringTowards(doc, at - 1);
  return found && found.str.terminated && found.str.span.end === at ? found.str.span.start : at;
}

function syntaxFinding(problem: SyntaxProblem, doc: TomlDocument, lines: Lines, suppressions: Suppressions, policies: Policies): Finding {
  const text = doc.text;
  const rewrite = movesSpokenOf(problem.rewrite, text, lines, suppressions) ? undefined : problem.rewrite;
  const sure = !rewrite?.guess || listOfNames(rewrite, policies);
  const renamed = rewrite && !sure ? toolsListRenamed(rewrite, policies) : null;
  const valueless = rewrite && !renamed ? valuelessToolsRenamed(rewrite, doc) : null;
  const fix = rewrite && (() => {
    const edit = { ...rewrite.span, newText: rewrite.newText() };
    const next = sure && rewrite.next ? rewrite.next() : [];
    const own = { title: rewrite.title, edits: [edit], preferred: !valueless && (sure || rewrite.likely === true), safe: sure, ...(next.length > 0 ? { inFixAll: [edit, ...next] } : {}) };
    // The list its `tools` key's rename makes the agent's `allowed` too, as for strings between commas (listFixes.ts), preferred.
    if (renamed) return [{ title: `Rename to \`tools.allowed\`, and change ${quoted(text.slice(edit.start, edit.end))} to ${quoted(edit.newText)}`, edits: [renamed, edit], preferred: true, safe: false }, own];
    // So for a list given to a `tools` key written with no value (Claude's `tools:` pasted): preferred, the rewrite alone still fix-all's.
    if (valueless) return [{ title: `Rename to \`tools.allowed\`, and write ${quoted(valueless.list)}`, edits: [valueless.rename, { ...edit, newText: valueless.newText }], preferred: true, safe: false }, own];
    return [own];
  });
  const message = valueless ? `${problem.message}. \`tools\` of ${ownerLabel(valueless.owner)} is a table: the list looks meant as its \`allowed\`` : problem.message;
  return finding('toml-syntax', problem.span, message, fix ?? undefined, problem.related, !!fix && sure);
}

/**
 * Where `rewrite` gives a value to an agent's or skill's `tools` key written with none (Claude's `tools:` pasted, a
 * YAML list below it, or `tools: Read, Grep` made the string `"Read, Grep"`): the edit renaming the key `tools.allowed`,
 * which the list is meant as, and the rewrite's text with such a string made the list of its names (`list`, as said).
 * Alone, the rewrite gives `tools` a list, a value that is no table, which stops Mars's load too. Null elsewhere.
 */
function valuelessToolsRenamed(rewrite: NonNullable<SyntaxProblem['rewrite']>, doc: TomlDocument): { rename: Edit; newText: string; list: string; owner: Owner } | null {
  const text = doc.text;
  const at = rewrite.span.start;
  const section = doc.sections[lastAtOrBefore(doc.sections.length, (i) => doc.sections[i]!.span.start, at)];
  // The statement the rewrite is on, found by halving: a section may hold thousands of statements, and as many problems.
  const entries = section?.entries ?? [];
  const kv = entries[lastAtOrBefore(entries.length, (i) => entries[i]!.span.start, at)];
  const header = section?.header;
  if (!kv || kv.value !== null || kv.key.span.end > at || !/^[ \t]*$/.test(text.slice(kv.key.span.end, at)) || header?.array) return null;
  const names = [...(header?.key.parts ?? []), ...kv.key.parts].map((p) => p.name);
  if (names.length !== 3 || !OWNERS.has(names[0]!) || names[2] !== 'tools') return null;
  const written = rewrite.newText();
  // A string of names between commas, or one name: the list of them.
  const str = /^([ \t]*=[ \t]*)"([^"\\]*)"$/.exec(written);
  const each = str ? namesBetweenCommas(str[2]!)?.map((n) => n.name) ?? (/^[^\s]+$/.test(str[2]!) && parseToolName(str[2]!).ok ? [str[2]!] : null) : null;
  const newText = str && each ? `${str[1]}${stringList(each)}` : written;
  const list = /^[ \t]*=[ \t]*(\[[^\r\n]*\])$/.exec(newText)?.[1];
  return list ? { rename: allowedRename(kv), newText, list, owner: { kind: names[0] as Owner['kind'], name: names[1]! } } : null;
}

/**
 * Where `rewrite` writes the value of an agent's or skill's `tools` key as the list of its names (`tools = Read,
 * Grep`, Claude's `tools:` line pasted), each one Mars accepts: the edit renaming the key `tools.allowed`, which
 * that list was meant as. Null elsewhere.
 */
function toolsListRenamed(rewrite: NonNullable<SyntaxProblem['rewrite']>, policies: Policies): Edit | null {
  const problem = rewrite.asList && namesLoad(rewrite.asList) ? policies.shape.find((p) => p.kind === 'tools-not-table' && p.span.start === rewrite.span.start) : undefined;
  return problem?.keyValue ? allowedRename(problem.keyValue) : null;
}

/**
 * Whether `rewrite` writes the value of an `allowed` or `disallowed` list (`allowed = Read, Grep`,
 * Claude's `tools:` line pasted) as the list of its values (`asList`), each a name Mars accepts: no
 * guess there, where a list is what the key holds, as for strings between commas (`allowed = "Read",
 * "Grep"`: listFixes.ts).
 */
function listOfNames(rewrite: NonNullable<SyntaxProblem['rewrite']>, policies: Policies): boolean {
  // The model reads the first name as a value of no kind (`invalid`), which the list's shape problem is on.
  return !!rewrite.asList && namesLoad(rewrite.asList) && policies.shape.some((p) => p.kind === 'list-not-array' && p.span.start === rewrite.span.start);
}

/**
 * Whether a rewrite changes what a `mars-ignore` speaks of. One spanning lines it speaks of (`tools = {`
 * over lines, `}  # mars-ignore`) that moves what they hold: written on one line, what the comment
 * says of one of them would come to cover them all; not one that keeps each line's text on its line
 * (a comma put in after an item, a byte order mark taken out of the line below). One making such a
 * line a comment (`// note` -> `# note`): a comment above would come to speak of the next line; or
 * taking away all a line holds before a mars-ignore at its end, which would then speak of the next.
 * (A `# mars-ignore` after `//` on its line is read as part of that comment already: parse.ts.)
 */
function movesSpokenOf(rewrite: SyntaxProblem['rewrite'], text: string, lines: Lines, suppressions: Suppressions): boolean {
  if (!rewrite || suppressions.lines.size === 0) return false;
  const [first, last] = [lines.position(rewrite.span.start).line, lines.position(rewrite.span.end).line];
  if (first === last) {
    if (!suppressions.lines.has(first)) return false;
    const line = lineContent(text, lines.lineStart(first), lines.lineEnd(first));
    const newText = rewrite.newText();
    if (newText.startsWith('#')) return rewrite.span.start === line.start;
    // Taking away all its line holds before a mars-ignore at its end (` , # mars-ignore: …`, a comma too many removed):
    // on a line of its own then, the comment would speak of the next line.
    const trailing = suppressions.trailing.get(first);
    return trailing !== undefined && newText.trim() === '' && text.slice(line.start, rewrite.span.start).trim() === '' && text.slice(rewrite.span.end, trailing.span.start).trim() === '';
  }
  for (let line = first; line <= last; line++) if (suppressions.lines.has(line)) return !keepsLines(text.slice(rewrite.span.start, rewrite.span.end), rewrite.newText());
  return false;
}

/** What a line holds but blanks, commas and what TOML does not read as a blank. */
const PUNCTUATION = new RegExp(`[ \\t,]|${UNREAD}`, 'gu');

/** Whether `after`, written in place of `before`, has its line breaks and, between them, the same text but for `PUNCTUATION`. */
function keepsLines(before: string, after: string): boolean {
  const [was, is] = [before.split(/\r?\n/), after.split(/\r?\n/)];
  return was.length === is.length && was.every((line, i) => line.replace(PUNCTUATION, '') === is[i]!.replace(PUNCTUATION, ''));
}

/**
 * The findings a user sees: suppressed ones and codes turned off dropped, severities overridden.
 * `outside`: what suppresses them from outside the analysed text (see `Outside`).
 */
export function visibleFindings(analysis: Analysis, overrides: SeverityOverrides = {}, outside: Outside = NOTHING_OUTSIDE): Finding[] {
  return seenOf(analysis, overrides, outside, undefined);
}

/**
 * The visible findings (of code `only`, of every code when not given) one at a time, as
 * `visibleFindings` gives them: for a caller that may stop early (fix-all's count stops at the
 * first two), without a list of all of a big section's millions.
 */
export function* eachSeen(analysis: Analysis, overrides: SeverityOverrides, outside: Outside, only: Code | undefined): Generator<Finding> {
  const suppressible = anySuppression(analysis.suppressions, outside);
  for (const f of analysis.findings) {
    if (only !== undefined && f.code !== only) continue;
    const seen = seenAs(analysis, f, overrides, outside, suppressible);
    if (seen) yield seen;
  }
}

/** `f` as the user sees it (see `visibleFindings`), or null when not seen. `suppressible`: `anySuppression` of the analysis. */
function seenAs(analysis: Analysis, f: Finding, overrides: SeverityOverrides, outside: Outside, suppressible: boolean): Finding | null {
  if (!isSeen(analysis, f, overrides, outside, suppressible)) return null;
  let seen = outside.defines && MAY_CREATE.has(f.code) ? withoutClashingFixes(f, outside.defines) : f;
  if (outside.headerLines && MAY_TAKE_HEADER.has(f.code)) seen = withHeaderLines(seen, outside.headerLines);
  // Asked of the finding as seen, its fixes that would clash with another section's dropped.
  const more = outside.beyond?.(seen);
  if (more) seen = withMoreFixes(seen, more);
  return overridden(seen, overrides);
}

/** Whether the user sees `f` (see `seenAs`), known without making it as they see it. */
function isSeen(analysis: Analysis, f: Finding, overrides: SeverityOverrides, outside: Outside, suppressible: boolean): boolean {
  if ((overrides[f.code] ?? f.severity) === 'off') return false;
  if (outside.unreadableBefore && (f.code === 'toml-syntax' || f.needsReadingBefore)) return false;
  return !(suppressible && isSuppressed(analysis.suppressions, f.code, analysis.lines.position(f.span.start).line, outside, f.span.start));
}

/**
 * The visible finding of `code` at `span` (`findingAt` among `visibleFindings`), found by halving
 * the analysis's findings (in document order) and judging only those there: a lightbulb on a list
 * of a million entries made the list of its 2 million visible findings to look up one.
 */
export function seenAt(analysis: Analysis, overrides: SeverityOverrides, outside: Outside, code: Code, span: Span): Finding | undefined {
  const suppressible = anySuppression(analysis.suppressions, outside);
  let seen: Finding | null = null;
  findingAt(analysis.findings, code, span, (f) => (seen = seenAs(analysis, f, overrides, outside, suppressible)) !== null);
  return seen ?? undefined;
}

/**
 * Every safe fix of the visible findings as one set of non-overlapping edits against this text
 * (what "fix all" and `source.fixAll.mars` apply). A syntax error's fix goes first, alone, in a pass
 * of its own; then structural fixes (removals, moves) and values, in the mended text.
 * `counter.fixed` is raised by how many of the findings seen at the start it fixes: those it has a
 * fix for (see `countFixAll`), and those a later pass fixes where the first had none (`allowed =
 * "read"` beside a `tools.mcp`: the move waits until `allowed` is a list). Not what a fix makes as
 * it goes (`mcp__gh__x` becoming an `mcp(gh/x)` the other list denies). But each syntax error it
 * fixes, in whichever pass it shows, and each comma written with one (`Fix.inFixAll`): a section
 * shows one syntax error at a time, and fixing them one at a time counts each (a list of 4,000 items
 * without commas is 3,999 problems fixed, not the one shown). With `counter.counts`, only the
 * findings it takes count (a later pass over the document: those shown at the start, and syntax errors).
 */
export function fixAllEdits(analysis: Analysis, overrides: SeverityOverrides = {}, only?: Code, outside: Outside = NOTHING_OUTSIDE, counter?: FixCounter): Edit[] {
  // What a fix takes before the text (the `mars-ignore` lines above a header it takes away, in the unit
  // before: `Fix.takesHeader`) is not in the text each pass reads again: kept apart, given back at the end.
  const above = new Map<string, Edit>();
  const within = (edits: Edit[]): Edit[] => {
    if (!edits.some((e) => e.start < 0)) return edits;
    for (const e of edits) if (e.start < 0) above.set(`${e.start} ${e.end}`, e);
    return edits.filter((e) => e.start >= 0);
  };
  const withAbove = (edits: Edit[]): Edit[] => (above.size === 0 ? edits : [...[...above.values()].sort((a, b) => a.start - b.start), ...edits]);
  const first = within(fixPass(analysis, overrides, only, outside));
  // The findings the first pass leaves (past a syntax error too: its fix may make them readable), by
  // where they are and their code, followed through each pass's edits.
  let waiting: Finding[] = [];
  // The syntax errors a pass counted, followed through its edits: one still there after them was not
  // fixed (its edit gave way to another's), and is not counted again.
  let syntaxCounted: Finding[] = [];
  const count = (f: Finding) => {
    counter!.fixed += 1 + commasWith(f);
    if (f.code === 'toml-syntax') syntaxCounted.push(f);
  };
  if (counter) {
    // The count asks for every finding's fixes (a duplicate's removal, which the pass makes a list
    // at a time): made for it alone, not kept on the findings beside the model.
    fixesNotKept(() => {
      const mended = new SyntaxMended();
      const seen = seenOf(analysis, overrides, outside, only);
      const later = fixesSyntax(analysis, seen);
      for (const f of seen) {
        if (counter.counts && !counter.counts(f)) continue;
        if (later?.(f)) waiting.push(f);
        else if (mended.takes(analysis, f)) count(f);
        else waiting.push(f);
      }
      counter.fixed += mended.count();
    });
  }
  if (first.length === 0) return withAbove(first);
  // A fix can make another problem (moving `bash = "allow"` next to a `bash()` that becomes
  // `bash`): run further passes on the result, each one's edits joined to those before.
  let text = applyEdits(analysis.doc.text, first);
  // The text `edits` were made on.
  let before = analysis.doc.text;
  let edits = first;
  let all = first;
  // Past the bound, a pass runs only after one that fixed a syntax error (a section shows one at a
  // time: the missing commas of a list or an inline table are written in one pass, `Fix.inFixAll`,
  // but what stops them, such as a date, takes a pass), within a bound on the text read again.
  let afterError = analysis.unreadableFrom < analysis.doc.text.length;
  let work = 0;
  for (let passes = 1; passes < MAX_FIX_PASSES || (afterError && (work += text.length) <= MAX_FIX_WORK); passes++) {
    const next = analyze(text, undefined, undefined, analysis.arrays, analysis.policies.outsideLists);
    afterError = next.unreadableFrom < text.length;
    if (counter && (waiting.length > 0 || next.findings.some((f) => f.code === 'toml-syntax'))) {
      const left = placedAfter(waiting, edits, before);
      const counted = placedAfter(syntaxCounted, edits, before);
      waiting = [];
      syntaxCounted = [];
      fixesNotKept(() => {
        // A syntax error shown now, but for one counted before that is still there: counted as in the
        // first pass, with those it has no fix for that a fix taken clears.
        const mended = new SyntaxMended();
        const seen = seenOf(next, overrides, outside, only);
        const later = fixesSyntax(next, seen);
        for (const f of seen) {
          const at = `${f.span.start} ${f.code}`;
          if (left.has(at)) {
            if (later?.(f)) waiting.push(f);
            else if (mended.takes(next, f)) count(f);
            else waiting.push(f);
          } else if (f.code !== 'toml-syntax') {
            // Not counted, but a fix taken of it may take away the other definition of a key an error is on.
            if (KEY_FIXES.has(f.code)) mended.takes(next, f);
          } else if (counter.counts && !counter.counts(f)) continue;
          else if (counted.has(at)) syntaxCounted.push(f);
          else if (mended.takes(next, f)) count(f);
        }
        counter.fixed += mended.count();
      });
    }
    edits = within(fixPass(next, overrides, only, outside));
    if (edits.length === 0) break;
    all = composeEdits(text, all, edits);
    before = text;
    text = applyEdits(text, edits);
  }
  return withAbove(all);
}

/** How many commas missing after `f`, a syntax error's, its fix writes with it in fix-all (`Fix.inFixAll`): each an error fixed. */
function commasWith(f: Finding): number {
  if (f.code !== 'toml-syntax') return 0;
  const written = f.fixes.find((x) => x.safe)?.inFixAll;
  return written ? written.length - 1 : 0;
}

/**
 * Asks `fixAllTakes` of each visible finding of an analysis (where fixes are made: see
 * `fixesNotKept`), and counts beside it the syntax errors fix-all fixes though they have no fix of
 * their own: one that a fix it takes of another finding rewrites, leaving its line reading
 * (`Fix.clearsSyntax`: `allowed = "read", "grep"` made a list, the error on those values), and a key
 * defined twice whose other definition such a fix takes away (`tools.mcp` twice: the first moved
 * into `allowed`, the second no longer defined twice). Only the fixes of a key's findings are read
 * (the codes in `KEY_FIXES`): an entry's finding makes neither.
 */
export class SyntaxMended {
  private readonly errors: Span[] = [];
  /** The untaken errors of a key defined twice, each with where it was defined first. */
  private readonly twice: { span: Span; first: Span }[] = [];
  private readonly edits: Edit[] = [];
  private readonly removals: Edit[] = [];

  /** `fixAllTakes(analysis, f)`, noted. */
  takes(analysis: Reach, f: Finding): boolean {
    const taken = fixAllTakes(analysis, f);
    if (f.code === 'toml-syntax') {
      if (taken) return taken;
      const first = f.related?.length === 1 && f.related[0].message === 'defined here' ? f.related[0].span : undefined;
      if (first) this.twice.push({ span: f.span, first });
      else this.errors.push(f.span);
    } else if (taken && KEY_FIXES.has(f.code)) {
      const fix = f.fixes.find((x) => x.safe);
      if (fix?.clearsSyntax) this.edits.push(...fix.edits);
      if (fix) this.removals.push(...fix.edits.filter((e) => e.newText === ''));
    }
    return taken;
  }

  count(): number {
    const within = (s: Span, edits: Edit[]) => edits.some((e) => e.start <= s.start && s.start < e.end);
    const rewritten = this.edits.length === 0 ? 0 : this.errors.filter((s) => within(s, this.edits)).length;
    // (A section shows one syntax error: a key defined a third time is said as it is, not as defined twice again.)
    const freed = this.twice.filter((t) => this.removals.some((e) => e.start <= t.first.start && t.first.end <= e.end));
    return rewritten + freed.length;
  }
}

/** The codes of a key's findings, whose fixes may rewrite a line a syntax error is on or take away a key's other definition. */
const KEY_FIXES: ReadonlySet<Code> = new Set(['invalid-tool-policy', 'unknown-policy-key', 'misplaced-tool-list']);

/** How many findings fix-all fixed; `counts`: which findings of the analysis count (all without it). */
export interface FixCounter {
  fixed: number;
  readonly counts?: (f: Finding) => boolean;
}

/**
 * Where the findings of `text` start after `edits` (sorted, non-overlapping), each keyed with its
 * code. One an edit rewrote, where its text is once in what the edit writes (an inline table over
 * lines written on one keeps its keys), there; else not. One walk over both, the findings in text order.
 */
function placedAfter(findings: readonly Finding[], edits: readonly Edit[], text: string): Set<string> {
  const out = new Set<string>();
  let i = 0;
  let shift = 0;
  for (const f of [...findings].sort(byPosition)) {
    const at = f.span.start;
    for (let e = edits[i]; e && e.end <= at; e = edits[++i]) shift += e.newText.length - (e.end - e.start);
    const e = edits[i];
    if (e && e.start <= at) {
      const written = text.slice(f.span.start, f.span.end);
      const k = written === '' ? -1 : e.newText.indexOf(written);
      if (k >= 0 && e.newText.indexOf(written, k + 1) < 0) out.add(`${e.start + shift + k} ${f.code}`);
      continue;
    }
    out.add(`${at + shift} ${f.code}`);
  }
  return out;
}

/**
 * Passes run until one has nothing to fix: a chain of fixes that each wait for the one before (a
 * list made of a string, then a rule moved into it, then the key it made redundant removed) can
 * take several. The bound only stops fixes that would undo each other, which none is known to.
 */
const MAX_FIX_PASSES = 32;
/** Bounds the passes past `MAX_FIX_PASSES` by the text they read again: a section of 20 KB, 200 more. */
const MAX_FIX_WORK = 4_000_000;

/** What fix-all's reach in an analysis depends on (an analysis, or these read off one let go). */
export type Reach = { readonly unreadableFrom: number; readonly doc: { readonly text: string } };

// Past a syntax error the model's reading is a guess (a stray `"""` pairs every quote after it the
// wrong way, and the text between two strings reads as an entry): nothing there is changed unasked,
// whether a finding is there or a fix would write there (a move appending to a list the error is
// in). Mars's parser stops at the error too. The syntax error's own fix is its own.
const readable = (analysis: Reach, f: Finding) => f.span.start < analysis.unreadableFrom || f.code === 'toml-syntax';
const before = (analysis: Reach, edits: readonly Edit[]) => edits.every((e) => e.start < analysis.unreadableFrom && e.end <= analysis.unreadableFrom);

/**
 * Whether fix-all fixes `f`, a visible finding of `analysis`: it has a safe fix, and that is not
 * past a syntax error. (Duplicates and moves are applied a list or an owner at a time, with edits
 * in the same list or table as their own.) Makes the fixes only of a finding that may have one.
 */
export function fixAllTakes(analysis: Reach, f: Finding): boolean {
  if (!f.mayHaveSafeFix || !readable(analysis, f)) return false;
  // An entry's own fix (a respelling, a duplicate's removal: `fromParse`) is safe as the finding
  // says and edits only its list, so where nothing is unreadable it need not be made to be known:
  // the checker's count of what --fix would fix asks of tens of thousands.
  const own = fromParse(f);
  if ((own === 'replacement' || own === 'duplicate') && analysis.unreadableFrom >= analysis.doc.text.length) return true;
  const fix = f.fixes.find((x) => x.safe);
  return !!fix && (f.code === 'toml-syntax' || before(analysis, fix.edits) || (fix.mendsSyntax === true && fix.edits.every((e) => e.start < analysis.unreadableFrom)));
}

/** The visible findings of code `only` (of every code when not given). */
export function seenOf(analysis: Analysis, overrides: SeverityOverrides, outside: Outside, only: Code | undefined): Finding[] {
  // A loop, not `eachSeen`: a generator's step costs more, and the checker's fix-all reads millions.
  const out: Finding[] = [];
  const suppressible = anySuppression(analysis.suppressions, outside);
  for (const f of analysis.findings) {
    if (only !== undefined && f.code !== only) continue;
    const seen = seenAs(analysis, f, overrides, outside, suppressible);
    if (seen) out.push(seen);
  }
  return out;
}

/**
 * Whether fix-all may change anything among `visible` findings of `analysis`, known without their
 * fixes or the model: a section that let its model go would have to make it again.
 */
const mayFix = (analysis: Analysis, visible: readonly Finding[]) => visible.some((f) => f.mayHaveSafeFix && readable(analysis, f));

/** Whether fix-all may change anything in `analysis` (see `mayFix`): where not, it need not be given the model. */
export function fixAllMayChange(analysis: Analysis, overrides: SeverityOverrides = {}, only?: Code, outside: Outside = NOTHING_OUTSIDE): boolean {
  // Asked of every unit by the checker's --fix: the findings are not made as the user sees them
  // (wrapped, overridden), which for 200,000 integers in lists took a second (`mayFix` reads
  // nothing a wrapper changes), and the first that may be fixed answers.
  const suppressible = anySuppression(analysis.suppressions, outside);
  for (const f of analysis.findings) {
    if (only !== undefined && f.code !== only) continue;
    if (f.mayHaveSafeFix && readable(analysis, f) && isSeen(analysis, f, overrides, outside, suppressible)) return true;
  }
  return false;
}

function fixPass(analysis: Analysis, overrides: SeverityOverrides, only: Code | undefined, outside: Outside): Edit[] {
  const seen = seenOf(analysis, overrides, outside, only);
  if (!mayFix(analysis, seen)) return [];
  const visible = seen.filter((f) => readable(analysis, f));
  const text = analysis.doc.text;
  // A syntax error's fix alone (see the end): what its edits touch (a duplicate's removal beside a
  // comma missing after it), and everything else, is made on the text it mends, next pass.
  const syntax: Array<readonly Edit[]> = [];
  const structural: Array<readonly Edit[]> = [];
  const values: Array<readonly Edit[]> = [];
  // Findings on a key of a tools table (`bash = "allow"`, `tools.mcp`): their fixes move rules.
  const extraAt = new Set(analysis.policies.extraKeys.map((e) => keyContentSpan(text, e.name.span).start));
  const isMove = (f: Finding) => (f.code === 'unknown-policy-key' || f.code === 'invalid-tool-policy') && extraAt.has(f.span.start);
  const partnerSeen = partnersSeen(visible);
  for (const f of visible) {
    if (isMove(f) || f.code === 'duplicate-entry' || !fixAllTakes(analysis, f)) continue; // duplicates and moves: grouped below
    const fix = fixAmong(f.fixes.find((x) => x.safe)!, f, partnerSeen);
    const single = fix.edits.length === 1 && fix.edits[0]!.newText !== '';
    (f.code === 'toml-syntax' ? syntax : single ? values : structural).push(fix.inFixAll ?? fix.edits);
  }
  // Duplicates, one edit set per list, so removing neighbours never leaves two edits on one comma.
  const duplicateAt = new Set(visible.filter((f) => f.code === 'duplicate-entry').map((f) => f.span.start));
  const byArray = new Map<TomlArray, number[]>();
  for (const p of analysis.entries) {
    // Not a string left open: where it ends is a guess (such a duplicate has no fix either).
    if (!duplicateAt.has(contentSpan(text, p.entry.string).start) || isOpenMultiline(p.entry.string)) continue;
    const indices = byArray.get(p.entry.array);
    if (indices) indices.push(p.entry.index);
    else byArray.set(p.entry.array, [p.entry.index]);
  }
  for (const [array, indices] of byArray) {
    const edits = deleteItems(text, array, indices);
    if (before(analysis, edits)) structural.push(edits);
  }
  // Map-form keys and `tools.mcp`, one edit set per owner so two keys never both become a list.
  const movable = new Map(visible.filter((f) => isMove(f) && f.fixes.some((x) => x.safe)).map((f) => [f.span.start, f]));
  const byOwner = new Map<string, NonNullable<ReturnType<typeof moveOf>>[]>();
  for (const extra of analysis.policies.extraKeys) {
    const f = movable.get(keyContentSpan(text, extra.name.span).start);
    if (!f) continue;
    const move = moveOf(text, analysis.policies, extra);
    if (!move) {
      // Not a move: a misspelt list whose entries the list holds, removed.
      const edits = f.fixes.find((x) => x.safe)!.edits;
      if (before(analysis, edits)) structural.push(edits);
      continue;
    }
    const id = ownerKey(extra.owner);
    const moves = byOwner.get(id);
    if (moves) moves.push(move);
    else byOwner.set(id, [move]);
  }
  for (const moves of byOwner.values()) {
    const edits = moveEdits(analysis.doc, analysis.policies, moves);
    if (edits.length > 0 && before(analysis, edits)) structural.push(edits);
  }
  // A pass that fixes a syntax error makes only that fix: the next reads the mended text, past the
  // error too, and fixes what is there as fix-all of the text written so would, together. Fixed
  // with the error, what came before it was judged without what comes after (an `mcp__gh__x`
  // renamed in `allowed` made the same rename in `disallowed`, past a missing comma, a conflict
  // left for the user, where fix-all of the text with the comma renames both).
  return nonOverlapping(syntax.length > 0 ? syntax : [...structural, ...values]);
}

/**
 * Where fix-all's pass over `analysis` fixes a syntax error among `seen` (its visible findings),
 * and so that alone (see `fixPass`): which findings wait to be counted in the next pass, which
 * judges them in the mended text (an entry before a missing comma, whose fix may make a conflict
 * with one past it); null where the pass fixes none.
 */
export function fixesSyntax(analysis: Reach, seen: Iterable<Finding>): ((f: Finding) => boolean) | null {
  const edits: Edit[] = [];
  for (const f of seen) {
    if (f.code !== 'toml-syntax' || !fixAllTakes(analysis, f)) continue;
    const fix = f.fixes.find((x) => x.safe)!;
    edits.push(...(fix.inFixAll ?? fix.edits));
  }
  // A finding whose place the fix rewrites (an inline table over lines written on one) is not
  // followed into the next pass: counted now where fix-all takes it, its fix made in the rewrite.
  return edits.length === 0 ? null : (f) => f.code !== 'toml-syntax' && !edits.some((e) => e.start <= f.span.start && f.span.start < e.end);
}
