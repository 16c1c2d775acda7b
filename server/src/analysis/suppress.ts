// Inline suppression comments, in the shape TOML users already write comments:
//
//   allowed = ["MyTool"]  # mars-ignore: unknown-tool        (this line)
//   # mars-ignore: unknown-tool, non-canonical -- why        (the next line with content)
//   # mars-ignore-file: legacy-prefix                        (the whole file)
//
// No codes after `mars-ignore`, or `all`, means every code. TOML syntax errors cannot be suppressed
// by a comment (a setting can turn them off, for those who see them from another TOML extension).

import type { Comment, Span, TomlDocument, TomlString, TomlValue } from '../toml/model';
import { parseToml } from '../toml/parse';
import { lineContent, lineEndAt, newLineOf, type Lines } from '../toml/lineIndex';
import { inComment, lastStartingBefore, stringTowards } from '../toml/sorted';
import { lineCodeStart } from '../toml/split';
import { isMultiline } from '../toml/stringPositions';
import type { Writing } from '../toml/tables';
import { lookalikeSaid, nearestWord } from '../grammar/checks';
import { quoted } from '../grammar/text';
import { CODES, isCode, type Code } from './codes';
import type { Edit } from './edits';
import { finding, type Finding, type Fix } from './findings';

export type CodeSet = ReadonlySet<Code> | 'all';

export interface Suppressions {
  readonly file: CodeSet | null;
  /**
   * Codes of comments on lines of their own with no line of content after them in this text: they
   * speak of what follows it, the header of the next section (a section is analysed alone).
   */
  readonly pending: CodeSet | null;
  /**
   * The lines of those `pending` comments, line break included (not a byte order mark before the
   * first): they speak of that header alone, and a fix taking its line away takes them too
   * (`Fix.takesHeader`).
   */
  readonly pendingLines: readonly Span[];
  /** Line number -> the codes suppressed on it. */
  readonly lines: ReadonlyMap<number, CodeSet>;
  /** Line number -> the suppression comment written on that line, for extending it. */
  readonly trailing: ReadonlyMap<number, Comment>;
  /**
   * The multi-line strings that hold a line between the one they open on and the one they close
   * on, where the opening line has codes suppressed, in text order: a finding inside one on such a
   * line (`allowed = ["""` ⏎ `Shell` ⏎ `"""]`) is suppressed by what suppresses the line the string
   * opens on. No comment can go on a line that starts and ends inside a string, nor above it (it
   * would be text of the string), so a comment above the entry is the only one that can speak of
   * it. (The closing line takes one at its end, which speaks of it alone.)
   */
  readonly opened: ReadonlyArray<{ readonly span: Span; readonly line: number; readonly closes: number }>;
}

/** A mars-ignore comment read: whole file or a line, and the words of its list of codes. */
export interface Directive {
  readonly kind: 'line' | 'file';
  /** Where the list of codes starts in the comment's text (after its colon); null without a colon. */
  readonly listAt: number | null;
  /** Each word of the list (split at blanks and commas) and where it starts in the comment's text. */
  readonly words: ReadonlyArray<{ readonly word: string; readonly at: number }>;
}

/**
 * A comment's text (after `#`) read as a mars-ignore directive, or null when it is none: blanks,
 * `mars-ignore` or `mars-ignore-file`, blanks, then nothing, a `-- reason` or a `#` remark, or a
 * colon and the list of codes up to the first `--` or `#` (see `listEnd`). Read by hand in one pass: a regular expression with the blanks
 * around an optional colon split a long run of them every way it could (quadratic).
 */
export function readDirective(comment: string): Directive | null {
  let p = skipSpaces(comment, 0);
  if (!comment.startsWith(KEYWORD, p)) return null;
  p += KEYWORD.length;
  const kind = comment.startsWith('-file', p) ? 'file' : 'line';
  if (kind === 'file') p += '-file'.length;
  p = skipSpaces(comment, p);
  if (comment.charCodeAt(p) !== 0x3a) return p === comment.length || comment.startsWith('--', p) || comment.startsWith('#', p) ? { kind, listAt: null, words: [] } : null;
  const listAt = p + 1;
  const list = comment.slice(listAt, listEnd(comment, listAt));
  return { kind, listAt, words: [...list.matchAll(/[^\s,]+/g)].map((w) => ({ word: w[0], at: listAt + w.index! })) };
}

/**
 * Where the list of codes starting at `from` ends: at a `-- reason`, or at a second `#`, which starts
 * a remark that is not read (ruff reads `# noqa: X # comment` so), whichever comes first.
 */
export function listEnd(comment: string, from: number): number {
  const reason = comment.indexOf('--', from);
  const remark = comment.indexOf('#', from);
  const ends = [reason, remark].filter((i) => i >= 0);
  return ends.length > 0 ? Math.min(...ends) : comment.length;
}

const KEYWORD = 'mars-ignore';
const SPACE = /\s/;

/** Past the white space (JavaScript's `\s`) at `p`. */
function skipSpaces(text: string, p: number): number {
  while (p < text.length && SPACE.test(text[p]!)) p++;
  return p;
}

/** What a comment's text (after `#`) suppresses: codes on a line (`mars-ignore`), in the file (`mars-ignore-file`), or nothing. */
export function directiveOf(comment: string): 'line' | 'file' | null {
  return readDirective(comment)?.kind ?? null;
}

/** The codes a directive silences: every code when it lists none, or lists `all`. */
function codesOf(d: Directive): CodeSet {
  const words = d.words.map((w) => w.word);
  return words.length === 0 || words.includes('all') ? 'all' : new Set(words.filter(isCode));
}

function union(a: CodeSet | undefined, b: CodeSet): CodeSet {
  if (a === undefined) return b;
  if (a === 'all' || b === 'all') return 'all';
  return new Set([...a, ...b]);
}

/**
 * A code a mars-ignore comment names that silences nothing (a misspelt code, which the comment
 * would otherwise drop without a word, or `toml-syntax`, which no comment silences), with the code
 * it most likely means as a fix. Words that are like no code in a row are one finding: most often a
 * reason written without its ` -- `.
 */
export function suppressionFindings(doc: TomlDocument): Finding[] {
  const out: Finding[] = [];
  for (const comment of doc.comments) {
    if (!comment.text.includes('mars-ignore')) continue;
    const d = readDirective(comment.text);
    if (!d) {
      const colon = missingColon(comment.text);
      if (colon) out.push(missingColonFinding(comment, colon));
      continue;
    }
    let codesBefore = false;
    let prose: Span | null = null;
    // `last`: nothing follows in the list, which could become part of the reason.
    const endProse = (last: boolean) => {
      if (prose) out.push(proseFinding(doc.text, prose, codesBefore && last));
      prose = null;
    };
    for (const { word: name, at } of d.words) {
      const span = { start: comment.span.start + 1 + at, end: comment.span.start + 1 + at + name.length };
      const meant = name === 'all' || isCode(name) ? null : nearestCode(name);
      if (!meant && name !== 'all' && !isCode(name)) {
        // A lone CR ends no comment, but an editor shows it as a line break: a run stops there, so a
        // finding is on one line.
        if (prose && doc.text.slice(prose.end, span.start).includes('\r')) endProse(false);
        prose = prose ? { start: prose.start, end: span.end } : span;
        continue;
      }
      endProse(false);
      if (name === 'toml-syntax') {
        out.push(finding('invalid-suppression', span, 'A comment cannot silence `toml-syntax`: Mars cannot load a file with a syntax error. The setting `mars.diagnostics.toml-syntax` can turn it down in the editor.'));
      } else if (meant) {
        const message = `${quoted(name)} is not a Mars TOML code, so this comment silences nothing by that name.${lookalikeSaid(name)} Did you mean ${quoted(meant)}?`;
        out.push(finding('invalid-suppression', span, message, () => [{ title: `Change the code to ${quoted(meant)}`, edits: [{ ...span, newText: meant }], preferred: true, safe: false }]));
      } else codesBefore = true;
    }
    endProse(true);
  }
  return out;
}

/**
 * Words like no code, from `span.start` to `span.end`. With `asReason` (codes before them, nothing
 * after), making them the comment's reason is a fix: with no code before them it would silence every
 * code, and a code after them would become part of the reason.
 */
function proseFinding(text: string, span: Span, asReason: boolean): Finding {
  const words = text.slice(span.start, span.end);
  // A reason after another dash (`— our own tool`, `- ours`): that dash is the separator meant, written ` -- `.
  const dash = asReason ? /^[\u2014\u2013\u2012\u2015-](?=[ \t])/.exec(words)?.[0] : undefined;
  if (dash) {
    const message = `${quoted(dash)} does not begin a reason, so this comment silences nothing by the words after it: a reason goes after \` -- \`.`;
    return finding('invalid-suppression', span, message, () => [{ title: `Change ${quoted(dash)} to \`--\``, edits: [{ start: span.start, end: span.start + dash.length, newText: '--' }], preferred: true, safe: false }]);
  }
  const one = !/[\s,]/.test(words);
  const message = `${quoted(words)} ${one ? 'is not a Mars TOML code' : 'are not Mars TOML codes'}, so this comment silences nothing by ${one ? 'that name' : 'those names'}. A reason goes after \` -- \`.`;
  if (!asReason) return finding('invalid-suppression', span, message);
  return finding('invalid-suppression', span, message, () => [{ title: `Make ${quoted(words)} the reason`, edits: [{ start: span.start, end: span.start, newText: '-- ' }], preferred: true, safe: false }]);
}

/**
 * A mars-ignore comment that lists codes without its colon (`mars-ignore unknown-tool`, as eslint's
 * `eslint-disable-line no-console` reads): it is no directive, so it silences nothing, and would do
 * so without a word. Where the colon goes and the words after it (up to a `-- reason`), when the first
 * of them is a code, `all`, or one a typo away (a word of prose, `mars-ignore because …`, is left alone).
 */
function missingColon(comment: string): { readonly at: number; readonly words: Span } | null {
  let p = skipSpaces(comment, 0);
  if (!comment.startsWith(KEYWORD, p)) return null;
  p += KEYWORD.length;
  if (comment.startsWith('-file', p)) p += '-file'.length;
  const first = skipSpaces(comment, p);
  if (first === p) return null;
  const word = /[^\s,]+/y;
  word.lastIndex = first;
  const w = word.exec(comment)?.[0];
  if (w === undefined || (w !== 'all' && !isCode(w) && nearestCode(w) === null)) return null;
  return { at: p, words: { start: first, end: first + comment.slice(first, listEnd(comment, first)).trimEnd().length } };
}

function missingColonFinding(comment: Comment, colon: { readonly at: number; readonly words: Span }): Finding {
  const base = comment.span.start + 1; // past the `#`
  const from = skipSpaces(comment.text, 0);
  const keyword = comment.text.slice(from, colon.at);
  // On the keyword the colon belongs to: a code misspelt after it has its own finding once the colon is in.
  const span = { start: base + from, end: base + colon.at };
  const written = comment.text.slice(colon.words.start, colon.words.end);
  const message = `Without a colon after \`${keyword}\`, this comment silences nothing: write ${quoted(`${keyword}: ${written}`)}.`;
  return finding('invalid-suppression', span, message, () => [{
    title: `Write the colon after \`${keyword}\``, edits: [{ start: base + colon.at, end: base + colon.at, newText: ':' }], preferred: true, safe: false,
  }]);
}

const SUPPRESSIBLE = (Object.keys(CODES) as Code[]).filter((c) => c !== 'toml-syntax');

/**
 * The code `word` is most likely meant for: the one code it begins (`duplicate`), else one within
 * two edits (one for short words), case aside.
 */
function nearestCode(word: string): Code | null {
  const lower = word.toLowerCase();
  // A code in the plural (`duplicate-entries`, `unknown-tools`): the code, however far the plural's letters are.
  const singular = lower.endsWith('ies') ? `${lower.slice(0, -3)}y` : lower.endsWith('s') ? lower.slice(0, -1) : null;
  const plural = singular === null ? undefined : SUPPRESSIBLE.find((code) => code === singular);
  if (plural) return plural;
  const begun = lower.length >= 6 ? SUPPRESSIBLE.filter((code) => code.startsWith(lower)) : [];
  if (begun.length === 1) return begun[0]!;
  return nearestWord(lower, SUPPRESSIBLE) ?? null;
}

/** What a text without suppression comments suppresses: shared, as most sections have none. */
const NONE: Suppressions = { file: null, pending: null, pendingLines: [], lines: new Map(), trailing: new Map(), opened: [] };

export function findSuppressions(doc: TomlDocument, index: Lines): Suppressions {
  if (!doc.comments.some((c) => c.text.includes('mars-ignore'))) return NONE;
  let file: CodeSet | null = null;
  let pending: CodeSet | null = null;
  const pendingLines: Span[] = [];
  const lines = new Map<number, CodeSet>();
  const trailing = new Map<number, Comment>();
  const text = doc.text;
  let scanned = { from: -1, to: -1 };
  for (const comment of doc.comments) {
    const d = readDirective(comment.text);
    if (!d) continue;
    const codes = codesOf(d);
    if (d.kind === 'file') {
      file = union(file ?? undefined, codes);
      continue;
    }
    const pos = index.position(comment.span.start);
    let line = pos.line;
    const before = lineContent(text, index.lineStart(pos.line), comment.span.start);
    if (before.start >= before.end || lineCodeStart(text, before.start) === comment.span.start) {
      // On its own line, but for what TOML does not read as a blank before it (a stray byte order mark, its own syntax
      // error): it speaks of the next line with content, as it does once that is fixed. A run of such lines shares the
      // scan (the lines from the last scan's start to its end hold nothing), or k of them cost k².
      line++;
      if (line >= scanned.from && line <= scanned.to) line = scanned.to;
      else {
        const from = line;
        while (line < index.lineCount) {
          const content = lineContent(text, index.lineStart(line), index.lineEnd(line));
          if (content.start < content.end && text.charCodeAt(lineCodeStart(text, content.start)) !== 0x23 && !cutBeforeHeader(text, content)) break;
          line++;
        }
        scanned = { from, to: line };
      }
      if (line >= index.lineCount) {
        pending = union(pending ?? undefined, codes);
        const start = index.lineStart(pos.line);
        const next = pos.line + 1 < index.lineCount ? index.lineStart(pos.line + 1) : text.length;
        pendingLines.push({ start: start === 0 && text.charCodeAt(0) === 0xfeff ? 1 : start, end: next });
        continue;
      }
    } else {
      trailing.set(line, comment);
    }
    lines.set(line, union(lines.get(line), codes));
  }
  const opened: Array<{ span: Span; line: number; closes: number }> = [];
  if (lines.size > 0) {
    // Every value walked once, only in a text with a mars-ignore speaking of a line.
    const walk = (v: TomlValue | null): void => {
      if (v?.kind === 'array') v.items.forEach(walk);
      else if (v?.kind === 'inline-table') for (const kv of v.entries) walk(kv.value);
      // One left open reports on its first line only.
      else if (v?.kind === 'string' && v.terminated && isMultiline(v)) {
        const line = index.position(v.span.start).line;
        const closes = index.position(v.span.end).line;
        if (lines.has(line) && closes > line + 1) opened.push({ span: v.span, line, closes });
      }
    };
    for (const section of doc.sections) for (const kv of section.entries) walk(kv.value);
  }
  return { file, pending, pendingLines, lines, trailing, opened };
}

/**
 * Whether a line's `content` is the byte order marks a section cut leaves at the end of the one
 * before (`U+FEFF[agents.a.tools]`, see split.ts `sectionCut`): the header's line goes on in the
 * next section, so a comment above speaks of that header, as it does in the whole text.
 */
function cutBeforeHeader(text: string, content: Span): boolean {
  if (content.end !== text.length) return false;
  for (let i = content.start; i < content.end; i++) if (text.charCodeAt(i) !== 0xfeff) return false;
  return true;
}

/**
 * The line the multi-line string holding offset `at` opens on, when `line` (the finding's) is
 * between that line and the one it closes on: where "Disable for this line" writes its comment,
 * above that line, as `line` takes none (see `Suppressions.opened`). Null otherwise.
 */
export function openingLine(doc: TomlDocument, index: Lines, at: number, line: number): number | null {
  const str = stringAround(doc, at);
  if (!str || !str.terminated || !isMultiline(str)) return null;
  const opens = index.position(str.span.start).line;
  return opens < line && line < index.position(str.span.end).line ? opens : null;
}

/**
 * What bears on the findings of a unit from outside it: what suppresses them (`# mars-ignore-file`
 * anywhere in the file, and a comment just above the unit's header, which the unit before holds:
 * its `pending`), and what the other units define, which some fixes must not write again.
 */
export interface Outside {
  readonly file: CodeSet | null;
  readonly header: CodeSet | null;
  /**
   * The lines of those comments just above the unit's header (`Suppressions.pendingLines` of the
   * unit before), in the unit's offsets (before its start, so below 0): a fix taking the header's
   * line away (`Fix.takesHeader`) removes them too. Absent when there are none.
   */
  readonly headerLines?: readonly Span[];
  /**
   * Whether another section defines a key at or below `path` (a fix must not write it again), or
   * what a table header, or a dotted key's table, written at `path` would clash with (`KeyIndex.defines`); unknown when absent.
   */
  readonly defines?: (path: readonly string[], writing: Writing) => boolean;
  /**
   * Whether an earlier piece of the unit's section (a big section is analysed in pieces, see
   * toml/chunks.ts) has a syntax error past which it cannot be read. The unit then is what the
   * whole section has after that error: no syntax error of its own (Mars stops at the first), no
   * judgement that holds only if all before it was read, and nothing for fix-all.
   */
  readonly unreadableBefore?: boolean;
  /**
   * The fixes of a finding that edit beyond the unit, read from the whole document when asked (in
   * the unit's offsets: `[[agents]]` made tables by name, see `fixesBeyond`); null for one with none.
   * Never safe: fix-all is given none.
   */
  readonly beyond?: (f: Finding) => (() => readonly Fix[]) | null;
}

export const NOTHING_OUTSIDE: Outside = { file: null, header: null };

/** Whether anything could suppress a finding of a unit: most hold no mars-ignore, and then no finding's line is looked up. */
export function anySuppression(s: Suppressions, outside: Outside = NOTHING_OUTSIDE): boolean {
  return s.file !== null || s.lines.size > 0 || outside.file !== null || outside.header !== null;
}

/** Whether `code` is suppressed for a finding on `line` starting at offset `at` (see `Suppressions.opened`). */
export function isSuppressed(s: Suppressions, code: Code, line: number, outside: Outside = NOTHING_OUTSIDE, at?: number): boolean {
  if (code === 'toml-syntax') return false;
  const has = (set: CodeSet | null | undefined) => set === 'all' || (set instanceof Set && set.has(code));
  if (has(s.file) || has(s.lines.get(line)) || has(outside.file) || (line === 0 && has(outside.header))) return true;
  if (at === undefined || s.opened.length === 0) return false;
  const str = lastStartingBefore(s.opened, at);
  return str !== undefined && at < str.span.end && str.line < line && line < str.closes && has(s.lines.get(str.line));
}

/** How much text the edits of one request may parse again to tell where a comment can go (see `readsAsComment`). */
export interface ReparseBudget {
  chars: number;
}

/**
 * The edit that suppresses `code` on `line`: extend its mars-ignore comment, or add one at the end
 * of the line or on a line of its own above it. Null where a comment cannot go: the line starts
 * inside a string, so a line above would be part of it, and its end is no place either; or, past a
 * syntax error, where only parsing the unit again could tell and `budget` is spent.
 */
export function suppressEdit(doc: TomlDocument, index: Lines, s: Suppressions, code: Code, line: number, budget: ReparseBudget = { chars: Infinity }): Edit | null {
  const text = doc.text;
  const existing = s.trailing.get(line);
  if (existing) return extended(existing, code);
  const lineStart = index.lineStart(line);
  const lineEnd = index.lineEnd(line);
  // A line that is a comment (a misspelt code in a mars-ignore of its own line): a comment above
  // would speak of the next line with content, past it, and its end is the comment's.
  const content = lineContent(text, lineStart, lineEnd);
  // The last comment starting on the line, by binary search: a selection asks for thousands of lines.
  const last = lastStartingBefore(doc.comments, lineEnd);
  const onLine = last !== undefined && last.span.start >= lineStart;
  if (onLine && last.span.start === content.start) return null;
  // At the end of the line, unless a comment is there or the `#` would not start one (in a string
  // left open, or after a syntax error); else on a line of its own above.
  const end = { start: lineEnd, end: lineEnd, newText: `  # mars-ignore: ${code}` };
  if (!onLine && readsAsComment(doc, end, lineEnd + 2, lineEnd + end.newText.length, budget)) return end;
  // After a byte order mark, which must stay the file's first character.
  const at = lineStart === 0 && text.charCodeAt(0) === 0xfeff ? 1 : lineStart;
  const indent = /^[ \t]*/.exec(text.slice(at, lineEnd))![0];
  const eol = eolOf(doc);
  const above = { start: at, end: at, newText: `${indent}# mars-ignore: ${code}${eol}` };
  const hash = at + indent.length;
  return readsAsComment(doc, above, hash, hash + above.newText.length - indent.length - eol.length, budget) ? above : null;
}

const eols = new WeakMap<TomlDocument, string>();

/** The line break a new line of `doc` takes: CRLF when it has any, else LF (found once: a request asks for many lines of one). */
function eolOf(doc: TomlDocument): string {
  let eol = eols.get(doc);
  if (eol === undefined) eols.set(doc, (eol = newLineOf(doc.text)));
  return eol;
}

/**
 * The edit that suppresses `code` in the whole file of `text`: extend a `# mars-ignore-file`
 * comment on the first line, or add one on a line of its own at the top, where eslint puts its
 * file-wide comments. Read from the text alone (not a section's model, which a big first section
 * would rebuild): nothing is open before the first line, so a `#` starting it starts a comment.
 */
export function suppressFileEdit(text: string, code: Code): Edit {
  // After a byte order mark, which must stay the file's first character.
  const at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const end = lineEndAt(text, at);
  const content = lineContent(text, at, end);
  const first = { span: { start: content.start, end }, text: text.slice(content.start + 1, end) };
  if (text[content.start] === '#' && directiveOf(first.text) === 'file') return extended(first, code);
  return { start: at, end: at, newText: `# mars-ignore-file: ${code}${newLineOf(text)}` };
}

/** `code` added to the codes of a mars-ignore comment (before its `-- reason`; after a comma the list ends with, not a second one). */
function extended(comment: Comment, code: Code): Edit {
  const directive = readDirective(comment.text);
  const list = comment.text.slice(0, listEnd(comment.text, directive?.listAt ?? 0)).trimEnd();
  const at = comment.span.start + 1 + list.length;
  const separator = (directive?.listAt ?? null) === null ? ': ' : list.endsWith(',') ? ' ' : ', ';
  return { start: at, end: at, newText: `${separator}${code}` };
}

/**
 * Whether, with `edit` (an insertion) made, a comment is exactly [hash, end). In a text the parser
 * read without a problem, a `#` starts one anywhere outside a string. Past a problem (a string left
 * open, a lone carriage return, which a comment would run on past) only the parser can say: the
 * edited text is parsed again (the cost of a big unit, on a broken one only).
 */
function readsAsComment(doc: TomlDocument, edit: Edit, hash: number, end: number, budget: ReparseBudget): boolean {
  // Before the first problem the text reads as if it had none (the parser reads from the start), so
  // the model says it: not in a string, nor in a comment (one run on past a lone CR). A random test
  // holds this to the reparse on broken documents. A selection sends a thousand lines of a unit broken further down.
  if (firstProblemAt(doc) > edit.start + 2) return !insideString(doc, edit.start) && !inComment(doc.comments, edit.start);
  // A selection of a thousand lines of a big unit broken near its top would parse it a thousand times.
  if (budget.chars < doc.text.length) return false;
  budget.chars -= doc.text.length;
  const edited = doc.text.slice(0, edit.start) + edit.newText + doc.text.slice(edit.end);
  return parseToml(edited).comments.some((c) => c.span.start === hash && c.span.end === end);
}

const firstProblems = new WeakMap<TomlDocument, number>();

/** Where the parser's first problem in `doc` starts (Infinity when it has none). */
function firstProblemAt(doc: TomlDocument): number {
  let at = firstProblems.get(doc);
  if (at === undefined) firstProblems.set(doc, (at = doc.problems.reduce((min, p) => Math.min(min, p.span.start), Infinity)));
  return at;
}

/** Whether `offset` falls inside a string token (after its opening quotes, before its closing ones). */
function insideString(doc: TomlDocument, offset: number): boolean {
  return stringAround(doc, offset) !== undefined;
}

/** The string token `offset` falls inside (after its opening quotes, before its closing ones). */
function stringAround(doc: TomlDocument, offset: number): TomlString | undefined {
  const str = stringTowards(doc, offset)?.str;
  return str && offset > str.span.start && offset < str.span.end ? str : undefined;
}
