// What `mars-ignore` comments silence (analysis/suppress.ts), held to an oracle of its own: a seeded,
// bounded property test over the generated mars.toml documents of the fix tests (test/support/marsDocs.ts),
// broken now and then as typing breaks them (test/support/breaks.ts), with random comments put in every
// place one may go: on a line of its own above a line (past blank and comment lines), at a line's end,
// above a header, on the lines of a list over lines, past a syntax error, at the end of the file; valid
// ones (codes, `all`, none, a `-- reason`, a `# remark`), file-wide ones, and ones that silence nothing
// (a misspelt code, `toml-syntax`, a missing colon).
//
// Properties, per document:
// (a) no exception;
// (b) the findings shown are those of the same text with no mars-ignore comment read (each one's keyword
//     made another word of the same length), less exactly those the oracle says a comment silences: a
//     `mars-ignore-file` anywhere, every finding of its codes; a `mars-ignore` at a line's end, those on
//     its line; one on a line of its own, those on the next line with content that is no comment (the
//     header below, at a section's end); one above the line a multi-line string opens on, those on the
//     lines between that one and the one it closes on too. Never a `toml-syntax`. (`invalid-suppression`
//     is left out: it is about the comments themselves, see (c).)
// (c) a comment put in that silences nothing by a name has an `invalid-suppression` on it, unless
//     something silences that code there or the comment is in the guess past a syntax error; and every
//     `invalid-suppression` is on words of a comment's list that silence nothing, or on the keyword
//     of a comment missing its colon;
// (d) each fix of an `invalid-suppression`, applied alone, gives a text without that finding, one fewer
//     on that comment (the colon written, those of the words of the list it now reads, which may name
//     what silences nothing), none new elsewhere, and no other finding new; and (b) holds of it;
// (e) the editor's analyzer, analysing the text as the comments are put in and then each fix (and
//     back), finds what a fresh analysis does, message for message;
// (f) a fix of another finding (three at random) leaves each finding it does not edit silenced, or
//     not, as it was: no comment comes to speak of another line, or goes from one it leaves;
// (g) and each mars-ignore comment it leaves speaks of the line it spoke of, or of what an edit wrote
//     in its place: not of a line written above that one, nor, that line removed, of the next.
// (There is no finding for a comment that silences nothing it names: Mars has no unused-suppression code.)
// Bounded: 400 documents (about 6 s on a quiet machine), stopping early past 10 s (MARS_IGNORE_MS). Replay with
// MARS_IGNORE_SEED=<n>; MARS_IGNORE_ROUNDS=<n> for more documents; MARS_IGNORE_DUMP=<file> writes every failure as JSON.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { analyzeDocument, DocumentAnalyzer, documentFindings, type DocumentAnalysis } from '../../server/src/analysis/document';
import { applyEdits, type Edit } from '../../server/src/analysis/edits';
import type { Finding } from '../../server/src/analysis/findings';
import { CODES } from '../../server/src/analysis/codes';
import type { Span, TomlString, TomlValue } from '../../server/src/toml/model';
import { BREAKS } from '../support/breaks';
import { generator } from '../support/marsDocs';
import { failureReport, js, type Failure } from '../support/failures';
import { rng } from '../support/rng';

const SEED = Number(process.env.MARS_IGNORE_SEED ?? 20_261_206);
const ROUNDS = Number(process.env.MARS_IGNORE_ROUNDS ?? 400);
const TIME_LIMIT_MS = Number(process.env.MARS_IGNORE_MS ?? 10_000);

const ALL_CODES = Object.keys(CODES);
type Codes = ReadonlySet<string> | 'all';
const has = (codes: Codes | undefined, code: string) => codes === 'all' || (codes !== undefined && codes.has(code));

// ---------------------------------------------------------------------------------------------
// The oracle.

/** A comment's text (after `#`) as a directive, read as the README says: the list up to a `--` or a second `#`. */
function directive(text: string): { file: boolean; codes: Codes } | null {
  let rest = text.replace(/^\s+/, '');
  if (!rest.startsWith('mars-ignore')) return null;
  rest = rest.slice('mars-ignore'.length);
  const file = rest.startsWith('-file');
  if (file) rest = rest.slice('-file'.length);
  rest = rest.replace(/^\s+/, '');
  if (rest === '' || rest.startsWith('--') || rest.startsWith('#')) return { file, codes: 'all' };
  if (!rest.startsWith(':')) return null;
  const words = rest.slice(1).split(/--|#/)[0]!.split(/[\s,]+/).filter((w) => w !== '');
  return { file, codes: words.length === 0 || words.includes('all') ? 'all' : new Set(words) };
}

interface Comment { readonly span: Span; readonly text: string }

/** The comments of the document and its multi-line strings closed, in document offsets, as each unit's parse reads them. */
function readText(da: DocumentAnalysis): { comments: Comment[]; strings: TomlString[] } {
  const comments = new Map<number, Comment>();
  const strings: TomlString[] = [];
  for (const u of da.units) {
    const doc = u.analysis.doc;
    const at = (s: Span) => ({ start: s.start + u.base, end: s.end + u.base });
    // Not those of the copy of the header a later piece is analysed under.
    for (const c of doc.comments) if (c.span.start + u.base >= u.start) comments.set(c.span.start + u.base, { span: at(c.span), text: c.text });
    const walk = (v: TomlValue | null): void => {
      if (v?.kind === 'array') v.items.forEach(walk);
      else if (v?.kind === 'inline-table') for (const kv of v.entries) walk(kv.value);
      else if (v?.kind === 'string' && v.terminated && (v.style === 'multiline-basic' || v.style === 'multiline-literal') && v.span.start + u.base >= u.start) strings.push({ ...v, span: at(v.span) });
    };
    for (const section of doc.sections) for (const kv of section.entries) walk(kv.value);
  }
  return { comments: [...comments.values()].sort((a, b) => a.span.start - b.span.start), strings };
}

/**
 * What TOML does not read as a blank (a no-break space, a stray byte order mark: each its own syntax error), which
 * leaves a comment after it on a line of its own.
 */
const UNREAD_BLANKS = /^[ \t\p{Zs}\u0085\u2028\u2029\u180E\u200B\u2060\uFEFF]*/u;

/** Whether line `line` of `da` holds content that is no comment: past spaces and tabs (and the file's byte order mark), a character but `#` (past blanks TOML does not read). */
function contentLine(da: DocumentAnalysis, line: number): boolean {
  let start = da.lines.lineStart(line);
  const end = da.lines.lineEnd(line);
  if (start === 0 && da.text.charCodeAt(0) === 0xfeff) start = 1;
  const content = da.text.slice(start, end).replace(/^[ \t]+/, '').replace(/[ \t\r\n]+$/, '');
  return content !== '' && content.replace(UNREAD_BLANKS, '')[0] !== '#';
}

/** The line a mars-ignore comment `c` (not file-wide) speaks of: its own, or, on a line of its own, the next with content; null when none follows. */
function spokenOf(da: DocumentAnalysis, c: Comment): number | null {
  let line = da.lines.position(c.span.start).line;
  const before = da.text.slice(da.lines.lineStart(line), c.span.start);
  if (before.replace(UNREAD_BLANKS, '') !== '') return line;
  do line++;
  while (line < da.lines.lineCount && !contentLine(da, line));
  return line < da.lines.lineCount ? line : null;
}

/** What the comments of `da` silence: in the file, and by line. */
function silencing(da: DocumentAnalysis): { file: Codes | undefined; lines: Map<number, Codes>; strings: TomlString[] } {
  const { comments, strings } = readText(da);
  let file: Codes | undefined;
  const lines = new Map<number, Codes>();
  const join = (a: Codes | undefined, b: Codes): Codes => (a === undefined ? b : a === 'all' || b === 'all' ? 'all' : new Set([...a, ...b]));
  for (const c of comments) {
    const d = directive(c.text);
    if (!d) continue;
    if (d.file) {
      file = join(file, d.codes);
      continue;
    }
    const line = spokenOf(da, c);
    if (line !== null) lines.set(line, join(lines.get(line), d.codes));
  }
  return { file, lines, strings };
}

/** Whether the oracle says a finding of `code` starting at `at` is silenced. */
function silenced(da: DocumentAnalysis, s: ReturnType<typeof silencing>, code: string, at: number): boolean {
  if (code === 'toml-syntax') return false;
  const line = da.lines.position(at).line;
  if (has(s.file, code) || has(s.lines.get(line), code)) return true;
  return s.strings.some((str) => {
    const [opens, closes] = [da.lines.position(str.span.start).line, da.lines.position(str.span.end).line];
    return str.span.start < at && at < str.span.end && opens < line && line < closes && has(s.lines.get(opens), code);
  });
}

/** `text` with every mars-ignore comment's keyword made another word of its length: no comment read as one. */
function unread(text: string, comments: readonly Comment[]): string {
  let out = text;
  for (const c of comments) {
    const i = c.text.indexOf('mars-ignore');
    if (i >= 0) out = out.slice(0, c.span.start + 1 + i) + 'mars-ignorX' + out.slice(c.span.start + 1 + i + 'mars-ignore'.length);
  }
  return out;
}

const key = (f: Finding) => `${f.code}@${f.span.start}-${f.span.end}`;

/** The multiset difference a - b of finding keys. */
function minus(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const k of b) left.set(k, (left.get(k) ?? 0) + 1);
  return a.filter((k) => {
    const n = left.get(k) ?? 0;
    if (n > 0) left.set(k, n - 1);
    return n === 0;
  });
}

// ---------------------------------------------------------------------------------------------
// The properties.

interface Put { readonly span: Span; readonly silencesNothing: boolean }

/** What the runs checked, told at the end: a test that silences nothing would hold nothing. */
const counted = { silenced: 0, said: 0, fixes: 0, kept: 0 };

/** The findings as compared between an analysis made fresh and one made by editing: where, what, and what they say. */
const told = (findings: readonly Finding[]) => findings.map((f) => `${key(f)} ${f.message}`).join('\n');

/**
 * `analyzer`: the editor's analyzer (not one shot), which analysed the text as it was put together:
 * what it finds, analysing `text` and each fixed text in turn, is what a fresh analysis finds (e).
 */
function checkText(text: string, put: readonly Put[], fail: (property: string, detail: string) => void, analyzer: DocumentAnalyzer | null): void {
  const da = analyzeDocument(text);
  const shown = documentFindings(da);
  const edited = (next: string, fresh: readonly Finding[], what: string) => {
    const got = told(documentFindings(analyzer!.analyze(next)));
    if (got !== told(fresh)) fail('e: an analysis made by editing finds what a fresh one does', `${what}\n--- fresh\n${told(fresh)}\n--- by editing\n${got}`);
  };
  if (analyzer) edited(text, shown, 'the comments put in');
  const s = silencing(da);
  const raw = documentFindings(analyzeDocument(unread(text, readText(da).comments)));
  const describe = (k: string) => {
    const [code, span] = k.split('@') as [string, string];
    const [start, end] = span.split('-').map(Number) as [number, number];
    return `${code} at line ${da.lines.position(start).line + 1}: ${js(text.slice(start, end))}`;
  };
  // (b)
  const expected = raw.filter((f) => f.code !== 'invalid-suppression' && !silenced(da, s, f.code, f.span.start)).map(key);
  const got = shown.filter((f) => f.code !== 'invalid-suppression').map(key);
  counted.silenced += raw.length - expected.length;
  const missing = minus(expected, got);
  const extra = minus(got, expected);
  if (missing.length > 0) fail('b: silenced by no comment, yet not shown', missing.map(describe).join('\n'));
  if (extra.length > 0) fail('b: silenced by a comment, yet shown', extra.map(describe).join('\n'));
  // (c)
  const guessed = da.units.flatMap((u) => u.analysis.guessed.map((g) => ({ start: g.start + u.base, end: g.end + u.base })));
  for (const p of put) {
    if (!p.silencesNothing || silenced(da, s, 'invalid-suppression', p.span.start)) continue;
    if (guessed.some((g) => g.start <= p.span.start && p.span.start < g.end)) continue;
    counted.said++;
    if (!shown.some((f) => f.code === 'invalid-suppression' && p.span.start <= f.span.start && f.span.end <= p.span.end)) {
      fail('c: a comment that silences nothing by a name says so', `comment at line ${da.lines.position(p.span.start).line + 1}: ${js(text.slice(p.span.start, p.span.end))}`);
    }
  }
  // (c) the other way: an invalid-suppression is on a comment's words that silence nothing (no code,
  // or `toml-syntax`), or on the keyword of one whose list has no colon before it.
  const comments = readText(da).comments;
  for (const f of shown) {
    if (f.code !== 'invalid-suppression') continue;
    const c = comments.find((c) => c.span.start < f.span.start && f.span.end <= c.span.end);
    const said = text.slice(f.span.start, f.span.end);
    const words = said.split(/[\s,]+/).filter((w) => w !== '');
    const right = c !== undefined && (directive(c.text)
      ? words.length > 0 && words.every((w) => w === 'toml-syntax' || (w !== 'all' && !ALL_CODES.includes(w)))
      : /^mars-ignore(-file)?$/.test(said));
    if (!right) fail('c: an invalid-suppression is on words that silence nothing', `${describe(key(f))}: ${f.message}\n--- in the comment ${c ? js(c.text) : 'none'}`);
  }
  // (d)
  if (!analyzer) return;
  for (const f of shown) {
    if (f.code !== 'invalid-suppression') continue;
    for (const fix of f.fixes) {
      const fixed = applyEdits(text, fix.edits);
      counted.fixes++;
      const said = `${describe(key(f))}\n--- fix ${fix.title}\n--- output\n${fixed}`;
      const shift = fixed.length - text.length;
      // Its edits are inside the comment, past its finding's start: what ends past that moved.
      const back = (o: number) => (o > f.span.start ? o - shift : o);
      const moved = (g: Finding) => `${g.code}@${back(g.span.start)}-${back(g.span.end)}`;
      const fixedDa = analyzeDocument(fixed);
      const after = documentFindings(fixedDa);
      // On the comment: the edits stay inside its line.
      const line = da.lines.position(f.span.start).line;
      const onLine = (g: Finding, lines = da.lines) => lines.position(g.span.start).line === line;
      const afterLines = fixedDa.lines;
      const before = shown.filter((g) => g.code === 'invalid-suppression' && onLine(g)).length;
      const left = after.filter((g) => g.code === 'invalid-suppression' && onLine(g, afterLines));
      if (left.some((g) => moved(g) === key(f))) fail('d: the fix takes its finding away', `${said}\n--- still there`);
      // Once its colon is in, a comment's list is read: a code there that silences nothing is said then.
      const colon = fix.title.startsWith('Write the colon');
      if (colon ? left.some((g) => back(g.span.start) < f.span.end) : left.length !== before - 1) fail('d: the fix takes its finding away', `${said}\n--- ${before} on the line before, ${left.length} after`);
      const fresh = minus(after.filter((g) => !(g.code === 'invalid-suppression' && onLine(g, afterLines))).map(moved), shown.map(key));
      if (fresh.length > 0) fail('d: the fix makes no finding', `${said}\n--- new: ${fresh.join(', ')}`);
      edited(fixed, after, said);
      edited(text, shown, `${said}\n--- and back`);
      checkText(fixed, [], (property, detail) => fail(`${property} (after a fix)`, `${detail}\n--- fix ${fix.title} of ${describe(key(f))}\n--- input\n${text}`), null);
    }
  }
}

/** `o` through `edits` (apart): null where an edit replaces or removes the text at it; moved past an insertion right there. */
function through(edits: readonly Edit[], o: number): number | null {
  let delta = 0;
  for (const e of edits) {
    if (e.start <= o && o < e.end) return null;
    if (e.end <= o) delta += e.newText.length - (e.end - e.start);
  }
  return o + delta;
}

/** The findings of `da` a comment silences, and those it does not, by `code@start`, of those `raw` (no comment read) holds. */
function silencedOf(da: DocumentAnalysis, raw: readonly Finding[]): { silenced: Set<string>; shown: Set<string> } {
  const shown = new Set(documentFindings(da).map((f) => `${f.code}@${f.span.start}`));
  const silenced = new Set<string>();
  for (const f of raw) if (!shown.has(`${f.code}@${f.span.start}`)) silenced.add(`${f.code}@${f.span.start}`);
  return { silenced, shown };
}

/**
 * (f) A fix that leaves a finding where it was (no edit on its start) leaves it silenced or not as it
 * was: it makes no mars-ignore comment speak of another line (a line written between one on a line of
 * its own and the line it spoke of, lines joined), nor takes one away from a line it leaves. But for
 * a syntax error's fix, after which the comment ending its line is read (past the error, it was not).
 */
function checkFixesKeepSilenced(text: string, random: () => number, fail: (property: string, detail: string) => void): void {
  const da = analyzeDocument(text);
  const raw = documentFindings(analyzeDocument(unread(text, readText(da).comments))).filter((f) => f.code !== 'toml-syntax' && f.code !== 'invalid-suppression');
  const before = silencedOf(da, raw);
  const fixes = documentFindings(da).filter((f) => f.code !== 'invalid-suppression').flatMap((f) => f.fixes.map((x) => ({ f, x })));
  for (let k = 0; k < 3 && fixes.length > 0; k++) {
    const { f, x } = fixes.splice(Math.floor(random() * fixes.length), 1)[0]!;
    const edits = [...x.edits].sort((a, b) => a.start - b.start);
    const fixed = applyEdits(text, edits);
    const afterDa = analyzeDocument(fixed);
    const afterRaw = documentFindings(analyzeDocument(unread(fixed, readText(afterDa).comments))).filter((g) => g.code !== 'toml-syntax' && g.code !== 'invalid-suppression');
    const after = silencedOf(afterDa, afterRaw);
    const stays = new Set(afterRaw.map((g) => `${g.code}@${g.span.start}`));
    counted.kept++;
    // (g) Each mars-ignore comment the fix leaves speaks of the line it spoke of (where that line now
    // starts), or of what an edit wrote in its place; not of a line written before it, nor, that line
    // removed, of the next.
    const left = new Map(readText(afterDa).comments.map((c) => [c.span.start, c]));
    for (const c of readText(da).comments) {
      const d = directive(c.text);
      const target = d && !d.file ? spokenOf(da, c) : null;
      const moved = through(edits, c.span.start);
      const still = moved === null ? undefined : left.get(moved);
      if (target === null || still === undefined || still.text !== c.text) continue;
      const start = da.lines.lineStart(target);
      const now = spokenOf(afterDa, still);
      // Where that line starts after the fix; in an edit, where the edit starts: a line's first
      // characters taken away (a byte order mark) or rewritten from its start. Removed, line break
      // and all, it starts nowhere.
      const inEdit = edits.find((e) => e.start <= start && start < e.end);
      const removed = inEdit !== undefined && inEdit.newText === '' && /[\r\n]/.test(text.slice(inEdit.start, inEdit.end));
      // An edit over a line break that keeps its line breaks (a comma put in at the end of the line above, with a
      // character taken from this one's start) starts the line after the same break of what it wrote.
      const keptBreak = (e: Edit): number | null => {
        const breaks = (s: string) => s.match(/\r\n|\r|\n/g)?.length ?? 0;
        const k = breaks(text.slice(e.start, start));
        if (k === 0 || breaks(text.slice(e.start, e.end)) !== breaks(e.newText)) return null;
        const after = [...e.newText.matchAll(/\r\n|\r|\n/g)][k - 1]!;
        return through(edits.filter((x) => x !== e), e.start)! + after.index! + after[0].length;
      };
      const expected = inEdit === undefined ? through(edits, start) : removed ? null : keptBreak(inEdit) ?? through(edits.filter((e) => e !== inEdit), inEdit.start);
      // A byte order mark stays where it is, at the text's start: the first line then starts before it.
      if (now !== null && (afterDa.lines.lineStart(now) === expected || (now === 0 && expected === 1 && fixed.startsWith('\uFEFF')))) continue;
      const line = (_: DocumentAnalysis, l: number | null) => (l === null ? 'none' : String(l + 1));
      fail('g: a fix leaves a mars-ignore comment speaking of the line it spoke of',
        `${js(c.text)} at line ${line(da, da.lines.position(c.span.start).line)} spoke of line ${line(da, target)}, after the fix of line ${line(afterDa, now)}\n--- fix ${x.title} of ${f.code} at line ${line(da, da.lines.position(f.span.start).line)}\n--- output\n${fixed}`);
    }
    for (const g of raw) {
      const at = through(edits, g.span.start);
      if (at === null || !stays.has(`${g.code}@${at}`)) continue;
      const was = before.silenced.has(`${g.code}@${g.span.start}`);
      const is = after.silenced.has(`${g.code}@${at}`);
      if (was === is) continue;
      // A syntax error's fix on the line makes the comment ending it read, which its reading past the error left unread.
      if (!was && f.code === 'toml-syntax' && da.lines.position(g.span.start).line === da.lines.position(f.span.start).line) continue;
      // Past a multi-line string never closed Mars reads the rest of the file as its text, and the analysis there is a guess:
      // the split reads on as if the string closed on its line, while the unit holding it reads it to the unit's end, so
      // comments a fix moves into that unit are read as string (seed 19493: a table taken out between them).
      const pastUnclosed = (d: DocumentAnalysis, o: number) => d.unclosed.length > 0 && o >= d.unclosed[0]!;
      if (pastUnclosed(da, g.span.start) || pastUnclosed(afterDa, at)) continue;
      const line = (d: DocumentAnalysis, o: number) => d.lines.position(o).line + 1;
      fail(`f: a fix leaves a finding it does not touch ${was ? 'silenced' : 'shown'}`,
        `${g.code} at line ${line(da, g.span.start)} (${line(afterDa, at)} after): ${js(text.slice(g.span.start, g.span.end))}\n--- fix ${x.title} of ${f.code} at line ${line(da, f.span.start)}\n--- output\n${fixed}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The comments put in.

function putComments(text: string, random: () => number, analyzer: DocumentAnalyzer): { text: string; put: Put[] } {
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const chance = (p: number) => random() < p;
  const put: Array<{ at: number; length: number; silencesNothing: boolean }> = [];
  let da = analyzer.analyze(text);
  for (let k = 1 + int(4); k > 0; k--) {
    const findings = documentFindings(da).filter((f) => f.code !== 'toml-syntax');
    const lineCount = da.lines.lineCount;
    // The line: one with a finding, a header, or any.
    const headers = [...Array(lineCount).keys()].filter((l) => /^[ \t]*\[/.test(text.slice(da.lines.lineStart(l), da.lines.lineEnd(l))));
    // Or the line a multi-line string opens on, for the findings on its lines: no comment can go on them.
    const strings = readText(da).strings;
    const str = strings.length > 0 && chance(0.15) ? pick(strings) : null;
    // Or where a big section is cut into pieces analysed apart (toml/chunks.ts).
    const cuts = da.units.filter((u) => !u.sectionStart).map((u) => da.lines.position(u.start).line);
    const line = str ? da.lines.position(str.span.start).line
      : cuts.length > 0 && chance(0.3) ? pick(cuts) + pick([0, 0, -1, 1])
      : findings.length > 0 && chance(0.5) ? da.lines.position(pick(findings).span.start).line : headers.length > 0 && chance(0.3) ? pick(headers) : int(lineCount);
    const there = findings.filter((f) => (str ? str.span.start <= f.span.start && f.span.start < str.span.end : da.lines.position(f.span.start).line === line)).map((f) => f.code);
    const code = there.length > 0 && chance(0.8) ? pick(there) : pick(ALL_CODES.filter((c) => c !== 'toml-syntax'));
    // Spelt every way the README allows: blanks or none around the keyword and the colon, commas or
    // blanks between codes, a reason, a remark.
    const sep = () => pick([', ', ',', ' ', ' , ']);
    const codes = chance(0.2) ? `${code}${sep()}${pick(ALL_CODES)}` : code;
    const keyword = (file: boolean) => `#${pick([' ', ' ', '', '\t', '  '])}mars-ignore${file ? '-file' : ''}`;
    const colon = () => pick([': ', ': ', ':', ' : ', ':\t']);
    const tail = () => pick(['', '', '', ' -- on purpose', ' --why', ' # remark', ',']);
    const typo = pick([code.slice(0, -1), `${code.slice(0, 2)}${code.slice(3)}`, code.toUpperCase(), code.split('-')[0]!]);
    const kind = int(10);
    const [comment, silencesNothing] = (
      kind === 0 ? [`${keyword(false)}${pick(['', `${colon()}all`, ' -- ours', colon(), ' # ours'])}`, false]
      : kind === 1 ? [`${keyword(true)}${colon()}${codes}${tail()}`, false]
      : kind === 2 ? [`${keyword(chance(0.2))}${colon()}${typo}${tail()}`, typo.length > 1]
      : kind === 3 ? [`${keyword(chance(0.2))} ${codes}${tail()}`, true]
      : kind === 4 ? [`${keyword(false)}${colon()}toml-syntax${sep()}${codes}${tail()}`, true]
      : kind === 5 ? [`${keyword(false)}${colon()}${codes} our own tool`, true]
      : [`${keyword(false)}${colon()}${codes}${tail()}`, false]
    ) as [string, boolean];
    const eol = text.includes('\r\n') ? '\r\n' : '\n';
    const lineStart = da.lines.lineStart(line);
    const lineEnd = da.lines.lineEnd(line);
    let at: number;
    let insert: string;
    if (chance(0.4)) {
      at = lineEnd;
      insert = `  ${comment}`;
    } else if (chance(0.05)) {
      at = text.length;
      insert = `${/[\r\n]$/.test(text) || text === '' ? '' : eol}${comment}${eol}`;
    } else {
      at = lineStart === 0 && text.charCodeAt(0) === 0xfeff ? 1 : lineStart;
      const indent = /^[ \t]*/.exec(text.slice(at, lineEnd))![0];
      // Now and then a comment line or a blank line between it and the line it speaks of.
      insert = `${indent}${comment}${eol}${pick(['', '', '', `${indent}# note${eol}`, eol])}`;
    }
    const next = text.slice(0, at) + insert + text.slice(at);
    const hash = at + insert.indexOf('#');
    // Only where the parser reads it as that comment (not inside a string, nor run on past a lone CR).
    const after = analyzer.analyze(next);
    if (!readText(after).comments.some((c) => c.span.start === hash && c.text === comment.slice(1))) continue;
    for (const p of put) if (p.at >= at) p.at += insert.length;
    put.push({ at: hash, length: comment.length, silencesNothing });
    text = next;
    da = after;
  }
  return { text, put: put.map((p) => ({ span: { start: p.at, end: p.at + p.length }, silencesNothing: p.silencesNothing })) };
}

test('a mars-ignore comment silences exactly what it speaks of, says so when it silences nothing by a name, and its fixes do what they say', () => {
  const random = rng(SEED);
  const int = (n: number) => Math.floor(random() * n);
  const next = generator(random);
  const started = performance.now();
  const failures: Failure[] = [];
  let documents = 0;
  let comments = 0;
  for (let round = 0; round < ROUNDS; round++, documents++) {
    let text = next();
    if (random() < 0.05) text = `\ufeff${text}`;
    // An entry over three lines now and then: its middle line takes no comment (see `Suppressions.opened`).
    if (random() < 0.3) text = text.replace(/(?<=[[,] *)"([A-Za-z][^"\\\r\n]*)"/, (_, name: string) => `"""\n${name}\n"""`);
    if (random() < 0.3) for (let k = 1 + int(2); k > 0; k--) text = BREAKS[int(BREAKS.length)]!(text, int);
    let put: Put[] = [];
    try {
      const analyzer = new DocumentAnalyzer();
      ({ text, put } = putComments(text, random, analyzer));
      comments += put.length;
      const fail = (property: string, detail: string) => failures.push({ property, text, detail: `--- input\n${text}\n--- as JSON\n${js(text)}\n--- ${detail}` });
      checkText(text, put, fail, analyzer);
      checkFixesKeepSilenced(text, random, fail);
    } catch (e) {
      failures.push({ property: `a: no exception (${String(e).replace(/\d+/g, 'N')})`, text, detail: `--- input\n${js(text)}\n--- ${e instanceof Error ? e.stack : String(e)}` });
    }
    if (performance.now() - started > TIME_LIMIT_MS) break;
  }
  console.log(`# seed ${SEED}: ${documents} documents, ${comments} comments put in, ${counted.silenced} findings silenced, ${counted.said} comments that silence nothing by a name, ${counted.fixes} fixes of them applied, ${counted.kept} other fixes, ${failures.length} failures, ${Math.round(performance.now() - started)} ms`);
  if (process.env.MARS_IGNORE_DUMP) writeFileSync(process.env.MARS_IGNORE_DUMP, JSON.stringify(failures, null, 1));
  assert.equal(failures.length, 0, failureReport(failures));
});

// Seed 1919: the first line removed from a text starting with a byte order mark, the mark stays, and the line that was
// second starts before it; its comment speaks of it still.
test('a mars-ignore comment on the line a fix makes first, after a byte order mark, speaks of that line', () => {
  const text = '\uFEFFskills.c.tools.mcp = ["gh"]\r\nskills.c.tools.disallowed = ["bash(git:*)"]  # mars-ignore: legacy-prefix\r\nskills.c.tools.allowed = ["read"]\r\n';
  const failures: string[] = [];
  checkFixesKeepSilenced(text, rng(1), (property, detail) => failures.push(`${property}\n${detail}`));
  assert.deepEqual(failures, []);
});
