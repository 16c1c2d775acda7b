// A user typing, keystroke by keystroke (SPEC 6: "While the user types, a syntax error in one place
// must not blank out diagnostics, hover or completion elsewhere in the file"): a seeded, bounded
// property test. Documents (examples/mars.toml, with LF, and with CRLF and a `"""` string last, and
// generated ones: test/support/marsDocs.ts) get a line typed into one place, as the server sees it: one
// `DocumentAnalyzer` (the server's, incremental) told every state in turn:
// - typed one character at a time, left to right;
// - deleted one character at a time with backspace (from its end), and with delete (from its start);
// - pasted whole, then undone.
// The typed text is an entry of a list (over lines, or on one line), a key/value, an inline table, a
// header (`[agents.new.tools]`, `[[skills.arr]]`, one spaced), a string with quotes inside, a `"""` or
// `'''` string, a map-form rule, a comment, a line with a quote deleted before a `"""` string in a list (whose closing
// quotes then open one); each on a line of its own made before (as Enter makes it), so no state moves the lines
// below it, or inside a one-line list.
//
// At every state:
// (1) nothing throws, and the analysis answers within TIME_PER_STATE_MS;
// (2) the incremental analysis says what a fresh one of the same text says;
// (3) the findings outside the typed section (and outside what TOML itself reads the typed text on
//     into, below) are those of the final text there, same code, severity, message and range
//     (shifted by what is not typed yet): a syntax error being typed adds, drops and changes nothing
//     in the sections before it or after it;
// (4) hover on an entry outside those sections says what it says in the final text (but for the
//     line saying that Mars cannot load the file while a syntax error is in it, which is true);
// (5) completion inside an entry of a list outside them offers what it offers in the final text.
//
// What is excluded, and why (where TOML, and Mars, legitimately read the typed text on):
// - The section (of the final text, toml/split.ts's) the text is typed into, all of it: a syntax
//   error there is that section's, and a list or inline table left open (`disallowed = [`,
//   `tools = { allowed = [`) reads on to the end of its section (TOML reads on further, to the next
//   `]`; the server ends an open list at the next whole header line, an inline table at the next
//   line starting with `[`: README "Syntax errors").
// - A list left open in the typed text, past a header line that is no whole one (`[agen`, a
//   document cut short): TOML reads that line as items of the list, and so does the split.
// - A `"""` (or `'''`) string opened and not closed yet in the typed text (with the quotes right before and
//   after it: `""` typed before `"bash"` opens one): TOML reads it on to the next one of the file, so
//   the sections up to the one holding that `"""` are the string's (where there is none, the server
//   ends the string with its first line, and nothing past the typed section moves). A quote deleted
//   before a `"""` string (`[read", """bash(x)""", "edit"]`) leaves the count even: the string its
//   closing quotes open, which the server ends with its line (toml/split.ts), excludes nothing.
// - A header deleted from its start (`agents.new.tools]`): its line is no header, so it and the lines
//   below it are the section above's, which is then the typed section too.
// - A `# mars-ignore: …` comment silences the next line with content: where that is the next
//   section's header, that section is the comment's too (one typed, or one last in its section that
//   a `"""` typed above it reads into its text).
// - A section that reads the lists the typed section writes (a table of patterns of its own, said with what its
//   owner's lists hold): Mars reads the typed section only up to a syntax error there, and so is it told.
// Findings of other sections that speak of the typed section (a clash, pointing at its definition):
// - of the typed line itself: said of the text as it is where the line is a key with its `=` and a
//   value begun, or a whole header (`tools.allowed = […]` deleted from the front, under an agent whose
//   `[….tools]` is below, clashes with it); a key with no value yet or a header not closed is still
//   being typed and defines nothing, so no finding elsewhere may speak of it;
// - of the statements below the typed line in its section, where the typed line makes them read
//   otherwise: a line starting with `[` (a broken header, whose table they are then) or a `"""`
//   opened (whose text they are then; and a `# mars-ignore-file` among them no longer silences
//   anything); not a list or an inline table left open, which ends before them.
// A finding there in neither the final text nor the text before the typing is a flicker; one in
// both must stay throughout.
//
// Bounded: DOCS generated documents (about 8 s here), stopping early past TIME_LIMIT_MS. Replay with
// MARS_TYPING_SEED=<n>; MARS_TYPING_DOCS=<n> for more documents. A hand mutation it catches: split.ts
// not ending a `"""` never closed with its first line (every section below it blanked while
// `description = """…` is typed) fails (3), (4) and (5).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CompletionItem, MarkupContent } from 'vscode-languageserver';
import { analyzeDocument, DocumentAnalyzer, documentFindings, placed, refusedOutside, syntaxErrorOutside, tablesBelowToolsOutside, unitAt, type DocumentAnalysis } from '../../server/src/analysis/document';
import type { Finding } from '../../server/src/analysis/findings';
import { completionsInDocument } from '../../server/src/features/completion';
import { hover } from '../../server/src/features/hover';
import { parseToml } from '../../server/src/toml/parse';
import { sectionStarts } from '../../server/src/toml/split';
import { failureReport, js, type Failure } from '../support/failures';
import { generator } from '../support/marsDocs';
import { ROOT } from '../support/paths';
import { rng } from '../support/rng';

const SEED = Number(process.env.MARS_TYPING_SEED ?? 20_261_206);
const DOCS = Number(process.env.MARS_TYPING_DOCS ?? 18);
const TIME_LIMIT_MS = Number(process.env.MARS_TYPING_MS ?? 20_000);
/** One keystroke's analysis, generous for a slow machine (a few ms here). */
const TIME_PER_STATE_MS = 1_000;
/** Typings per document (a snippet, a place, a way of typing). */
const TYPINGS_PER_DOC = 6;
/** Generated documents longer than this are skipped (a 16 KB section is cut in pieces; chunks.test.ts has those). */
const MAX_LENGTH = 6_000;
const HOVERS = 4;
const COMPLETIONS = 3;

const UNLOADED = 'Mars cannot load the file until the syntax error is fixed';

/**
 * A whole header line (closed, its quoted key parts too, nothing but a comment after it), whose key starts with a
 * letter: the one an open list ends at. Not `[agents".x-y]`, a quote deleted, which the split reads on past.
 */
const WHOLE_HEADER = /^[ \t]*\[\[?[ \t]*[A-Za-z_](?:[\w\-. \t]|"[^"\\\r\n]*"|'[^'\r\n]*')*\]\]?[ \t]*(#.*)?\r?$/;

/** What was checked, so a run that checks nothing fails. */
const counts = { typings: 0, states: 0, hovers: 0, completions: 0 };

/** What is typed on a line of its own (a key/value, a header, a comment). */
const LINES: readonly string[] = [
  'disallowed = ["Shell", "webfetch"]',
  'tools = { allowed = ["read"] }',
  'allowed = [\'bash(echo "a b")\', "grep"]',
  'description = """say "hi" here"""',
  '# a comment: "quoted" [not a header] { }',
  '# mars-ignore: unknown-tool',
  'agents.typed.tools.allowed = ["bash(git push)", "Read"]',
  '[agents.new.tools]',
  '[[skills.arr]]',
  "tools.allowed = '''x'''",
  '"a.b".c = 1',
  '[ agents . x . tools ]',
  'skills.s = { tools = { disallowed = ["Shell"] } }',
  'bash = "allow"',
  'allowed = ["read", """bash(x)""", "edit"]',
  // A quote deleted: the closing quotes of the multi-line string then open one (toml/split.ts ends it with its line).
  'allowed = [read", """bash(x)""", "edit"]',
  "tools.allowed = ['read, '''bash(x)''']",
];
/** What is typed as an item of a list over lines, on a line of its own. */
const ITEMS: readonly string[] = ['  "read", """bash(x)""",', '  ""bash(x)""",', '  "bash(git push)",', '  "bash(grep \\"foo\\")",', '  "mcp(gh/x)",  # a comment', '  \'say "x"\','];
/** What is typed right after the `[` of a list on one line. */
const INLINE_ITEMS: readonly string[] = ['"bash(git push)", ', '"Shell", ', '"read", """bash(x)""", ', '"read, """x""", '];

type Mode = 'type' | 'backspace' | 'delete' | 'paste-undo';
const MODES: readonly Mode[] = ['type', 'backspace', 'delete', 'paste-undo'];

interface Place {
  /** The text before the typing, with the line to type on made. */
  readonly before: string;
  /** Where the typing goes. */
  readonly at: number;
  readonly snippets: readonly string[];
}

/** The line starts of `text` with no list, inline table or multi-line string open (a crude scan; strings and comments skipped). */
function places(text: string): Place[] {
  const out: Place[] = [];
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  let arrays = 0;
  let braces = 0;
  let multi = '';
  let lineStart = true;
  const lineStarts: Array<{ at: number; clean: boolean; inList: boolean }> = [];
  for (let i = 0; i <= text.length; i++) {
    if (lineStart) {
      lineStarts.push({ at: i, clean: arrays === 0 && braces === 0 && multi === '', inList: arrays > 0 && braces === 0 && multi === '' });
      lineStart = false;
    }
    if (i === text.length) break;
    const c = text[i]!;
    if (multi) {
      if (text.startsWith(multi, i)) (multi = ''), (i += 2);
      else if (c === '\\' && multi === '"""') i++;
      else if (c === '\n') lineStart = true;
      continue;
    }
    if (c === '\n') lineStart = true;
    else if (c === '#') {
      while (i + 1 < text.length && text[i + 1] !== '\n') i++;
    } else if (c === '"' || c === "'") {
      if (text.startsWith(c.repeat(3), i)) (multi = c.repeat(3)), (i += 2);
      else {
        i++;
        while (i < text.length && text[i] !== c && text[i] !== '\n') i += text[i] === '\\' && c === '"' ? 2 : 1;
        if (text[i] === '\n') i--;
      }
    } else if (c === '[') {
      // A header line resets (as every section starts fresh).
      const lineHead = text.slice(text.lastIndexOf('\n', i - 1) + 1, i).trim();
      if (lineHead === '' && arrays === 0) {
        while (i + 1 < text.length && text[i + 1] !== '\n') i++;
        continue;
      }
      arrays++;
    } else if (c === ']') arrays = Math.max(0, arrays - 1);
    else if (c === '{') braces++;
    else if (c === '}') braces = Math.max(0, braces - 1);
  }
  const bom = text.startsWith('\uFEFF') ? 1 : 0;
  for (const { at, clean, inList } of lineStarts) {
    if (at < bom || (at === 0 && bom)) continue;
    const line = text.slice(at, text.indexOf('\n', at) < 0 ? text.length : text.indexOf('\n', at));
    if (clean) out.push({ before: text.slice(0, at) + eol + text.slice(at), at, snippets: LINES });
    else if (inList && /^\s*["']/.test(line)) out.push({ before: text.slice(0, at) + eol + text.slice(at), at, snippets: ITEMS });
  }
  // Lists on one line: after the `[` of `= ["`.
  for (const m of text.matchAll(/= \[(?=["'])/g)) out.push({ before: text, at: m.index + m[0].length, snippets: INLINE_ITEMS });
  return out;
}

/** The states of one typing of `snippet` at `at` of `before`: [text, how many of its characters are in it, from where]. */
function states(mode: Mode, before: string, at: number, snippet: string): Array<{ text: string; from: number; to: number }> {
  const withPart = (from: number, to: number) => ({ text: before.slice(0, at) + snippet.slice(from, to) + before.slice(at), from, to });
  const n = snippet.length;
  const range = (k: number) => Array.from({ length: k }, (_, i) => i);
  switch (mode) {
    case 'type':
      return range(n + 1).map((k) => withPart(0, k));
    case 'backspace':
      return range(n + 1).map((k) => withPart(0, n - k));
    case 'delete':
      return range(n + 1).map((k) => withPart(k, n));
    case 'paste-undo':
      return [withPart(0, 0), withPart(0, n), withPart(0, 0)];
  }
}

const keyOf = (f: Finding, span: { start: number; end: number }) => `${f.code} ${f.severity} ${span.start}-${span.end} ${f.message}`;

function hoverText(da: DocumentAnalysis, o: number): string | null {
  const unit = unitAt(da, o);
  const h = hover(placed(da, unit), da.lines.position(o), (owner) => refusedOutside(da, unit, owner), () => syntaxErrorOutside(da, unit), (owner) => tablesBelowToolsOutside(da, unit, owner));
  if (!h) return null;
  // Whether the file loads is the file's, typed text included: said while a syntax error is anywhere.
  return (h.contents as MarkupContent).value.split('\n\n').filter((p) => !p.startsWith(UNLOADED)).join('\n\n');
}

function memo<T>(m: Map<number, T>, o: number, make: () => T): T {
  if (!m.has(o)) m.set(o, make());
  return m.get(o)!;
}

function completionLabels(da: DocumentAnalysis, o: number): string {
  const unit = unitAt(da, o);
  const r = completionsInDocument(da, unit, da.lines.position(o), ['gh']);
  const items: CompletionItem[] = r === null ? [] : Array.isArray(r) ? r : r.items;
  return items.map((i) => i.label).sort().join(' ');
}

/** Checks one typing; failures go to `fail`. */
function checkTyping(before: string, at: number, snippet: string, mode: Mode, random: () => number, fail: (property: string, detail: string) => void): void {
  const n = snippet.length;
  const final = before.slice(0, at) + snippet + before.slice(at);
  const fa = analyzeDocument(final);
  const ba = analyzeDocument(before);
  // The final text's sections, [start, end).
  const starts = sectionStarts(final);
  const sections = starts.map((s, i) => ({ start: s, end: starts[i + 1] ?? final.length }));
  const sectionAt = (o: number) => {
    let i = 0;
    while (i + 1 < sections.length && sections[i + 1]!.start <= o) i++;
    return i;
  };
  const typedSection = sectionAt(at);
  /** The first name of the header the final text's `i`-th section opens with, if any. */
  const rootOf = (i: number) => parseToml(final.slice(sections[i]!.start, final.indexOf('\n', sections[i]!.start) < 0 ? final.length : final.indexOf('\n', sections[i]!.start))).sections.find((x) => x.header)?.header?.key.parts[0]?.name;
  // Sections that read the lists the typed section writes (a table of patterns of its own, told what its owner's lists
  // hold: `Policies.listsRead`): while a syntax error is typed there, Mars reads that section only up to it, and so are they told.
  const typedOwners = new Set<string>();
  for (const u of fa.units) if (sectionAt(u.start) === typedSection) for (const o of u.analysis.listsWritten.keys()) typedOwners.add(o);
  for (const u of ba.units) if (sectionAt(u.start <= at ? u.start : u.start + n) === typedSection) for (const o of u.analysis.listsWritten.keys()) typedOwners.add(o);
  const readers = new Set<number>();
  for (const u of fa.units) if ([...u.analysis.listsRead].some((o) => typedOwners.has(o))) readers.add(sectionAt(u.start));
  const finalFindings = documentFindings(fa);
  const beforeFindings = documentFindings(ba);
  // Entries of the final text (for hover and completion), by the spans of their strings.
  const entrySpans: Array<{ start: number; end: number }> = [];
  fa.units.forEach((u) => {
    for (const p of placed(fa, u).entries) entrySpans.push({ start: u.base + p.entry.string.content.start, end: u.base + p.entry.string.content.end });
  });
  // What the final text and the text before answer, by final offset: the same at every state.
  const [finalHovers, beforeHovers] = [new Map<number, string | null>(), new Map<number, string | null>()];
  const [finalCompletions, beforeCompletions] = [new Map<number, string>(), new Map<number, string>()];
  const analyzer = new DocumentAnalyzer();
  const sequence = states(mode, before, at, snippet);
  for (const [step, { text, from, to }] of sequence.entries()) {
    const k = to - from; // characters of the snippet in the text
    const gone = n - k; // characters of the final text not in it
    const where = `${mode} of ${js(snippet)} at ${at}, step ${step}: ${js(snippet.slice(from, to))}`;
    // Offsets of this text <-> the final text's: the text before `at` is the same; after the typed part, shifted.
    const toFinal = (o: number) => (o <= at ? o : o >= at + k ? o + gone : -1);
    const toHere = (o: number) => (o <= at ? o : o >= at + n ? o - gone : -1);
    // (1)
    let da: DocumentAnalysis;
    const t0 = performance.now();
    try {
      da = analyzer.analyze(text);
    } catch (e) {
      fail('1: no throw', `${where}: ${e instanceof Error ? e.stack : String(e)}`);
      return;
    }
    const ms = performance.now() - t0;
    counts.states++;
    if (ms > TIME_PER_STATE_MS) fail('1: answered quickly', `${where}: ${ms.toFixed(0)} ms`);
    const found = documentFindings(da);
    // (2)
    const fresh = documentFindings(analyzeDocument(text));
    const show = (fs: Finding[]) => fs.map((f) => keyOf(f, f.span)).join('\n');
    if (show(found) !== show(fresh)) {
      fail('2: incremental = fresh', `${where}\n--- text\n${js(text)}\n--- incremental\n${show(found)}\n--- fresh\n${show(fresh)}`);
      return;
    }
    // The final sections whose findings are compared.
    const excluded = new Set<number>([typedSection, ...readers]);
    // A root key the text typed so far makes an array of tables, or no longer does, where the text before and the final
    // one agree (`[` typed above root keys `agents.a.… = …`: they are the broken header's now, and `[[agents]]` below makes
    // `agents` an array): the tables under it are the array's elements' while it does, or agents' (README "Syntax errors").
    const arrays = [da.roots, fa.roots, ba.roots].map((r) => new Set(r.arrays()));
    const flipped = [...new Set(arrays.flatMap((a) => [...a]))].filter((r) => arrays[0]!.has(r) !== arrays[1]!.has(r) && arrays[1]!.has(r) === arrays[2]!.has(r));
    if (flipped.length > 0) sections.forEach((_, i) => flipped.includes(rootOf(i) ?? '') && excluded.add(i));
    const typed = snippet.slice(from, to);
    if (mode === 'delete' && snippet.startsWith('[') && !typed.trimStart().startsWith('[') && typedSection > 0) excluded.add(typedSection - 1);
    // With the quotes the text has right before and after it: `""` typed before `"bash"` opens a `"""`.
    let runStart = at;
    while (runStart > 0 && (text[runStart - 1] === '"' || text[runStart - 1] === "'")) runStart--;
    let runEnd = at + k;
    while (runEnd < text.length && (text[runEnd] === '"' || text[runEnd] === "'")) runEnd++;
    const run = text.slice(runStart, runEnd);
    const opened = ['"""', "'''"].find((q) => (run.split(q).length - 1) % 2 === 1);
    const opensString = opened !== undefined;
    if (opened) {
      const close = final.indexOf(opened, toFinal(runEnd));
      if (close >= 0) for (let s = typedSection; s <= sectionAt(close); s++) excluded.add(s);
    }
    // A list left open in the typed text reads on past the next header line that is not a whole one
    // (`[agen`, the document's own typo): TOML reads it as items, and so does the split (toml/split.ts).
    if (/\[/.test(typed) && typed.split('[').length > typed.split(']').length) {
      for (let s = typedSection + 1; s < sections.length && !WHOLE_HEADER.test(final.slice(sections[s]!.start, final.indexOf('\n', sections[s]!.start) < 0 ? final.length : final.indexOf('\n', sections[s]!.start))); s++) excluded.add(s);
    }
    if (typed.startsWith('# mars-ignore') && typedSection + 1 < sections.length && /^\s*$/.test(final.slice(at + n, sections[typedSection + 1]!.start))) excluded.add(typedSection + 1);
    // So is one the typed text reads on into (a `"""` opened: its text to the section's end), last in its section.
    if (opensString && typedSection + 1 < sections.length && /#[ \t]*mars-ignore[^\r\n]*\s*$/.test(final.slice(at + n, sections[typedSection + 1]!.start))) excluded.add(typedSection + 1);
    const outside = (finalOffset: number) => !excluded.has(sectionAt(finalOffset));
    // The typed text's line, where it is a key with its `=` and a value begun, or a whole header: a
    // clash of another section's table with what it defines (`tools.allowed = […]` typed, deleted
    // from the front, under an agent whose `[….tools]` is below) is the text's as it is. A key with no
    // value yet, or a header not closed, defines nothing: it may yet be another.
    const lineStart = Math.max(text.lastIndexOf('\n', at - 1) + 1, 0);
    const lineEnd = text.indexOf('\n', at + k) < 0 ? text.length : text.indexOf('\n', at + k);
    const line = text.slice(lineStart, lineEnd);
    const read = /^[ \t]*[^\s[#=][^=]*=[ \t]*[^ \t\r\n#]/.test(line) || WHOLE_HEADER.test(line);
    // A typed line starting with `[` (` ["Shell", "webfetch"]`, deleted from the front) is a header to TOML, a broken one: the
    // statements below it, to the next header, are its table's, not the one they were in; a `"""` opened takes them into its
    // string. A clash of theirs with another section's table is theirs as they now read (not one with the typed line itself,
    // which defines nothing being typed). A list or an inline table left open does not take them (README "Syntax errors").
    const rereadsBelow = /^[ \t]*\[/.test(text.slice(lineStart, lineEnd)) || opensString;
    // So does a `# mars-ignore-file: …` below it in its section: the codes it names may be said anywhere while it is read so.
    const fileWide = new Set<string>();
    if (rereadsBelow) {
      const sectionEnd = sections[typedSection]!.end - gone;
      for (const m of text.slice(lineEnd, sectionEnd).matchAll(/mars-ignore-file:?([^\r\n]*)/g)) {
        for (const c of m[1]!.split('--')[0]!.split(/[,\s]+/)) if (c) fileWide.add(c);
        if (!/[a-z]/.test(m[1]!.split('--')[0]!)) fileWide.add('*');
      }
    }
    const relatedToTyped = (f: Finding) => fileWide.has(f.code) || fileWide.has('*') || fileWide.has('all') || (f.related ?? []).some((r) => (read && r.span.start >= lineStart && r.span.start <= lineEnd) ||
      (rereadsBelow && r.span.start > lineEnd && toFinal(r.span.start) >= 0 && !outside(toFinal(r.span.start))));
    // The text before the typing, in final offsets (its typing place holds none of the snippet).
    const beforeToFinal = (o: number) => (o <= at ? o : o + n);
    // A clash that, before the typing and after it, is with a statement below the typed line in its section, which a `"""`
    // opened there takes into its string (`agents.x-y = …` below, `[[agents]]` further down): while it is open, the clash is
    // with the next definition there is (`[agents.a.tools]`), said in its own words, at the same place.
    const withReread = new Set<string>();
    const spanOf = (code: string, s: number, e: number) => `${code} ${s}-${e}`;
    if (opensString) {
      for (const [fs, shift] of [[finalFindings, (o: number) => o], [beforeFindings, beforeToFinal]] as const) {
        for (const f of fs) {
          if ((f.related ?? []).some((r) => shift(r.span.start) > toFinal(lineEnd) && !outside(shift(r.span.start)))) withReread.add(spanOf(f.code, shift(f.span.start), shift(f.span.end)));
        }
      }
    }
    const rereadClash = (f: Finding) => withReread.has(spanOf(f.code, toFinal(f.span.start), toFinal(f.span.end)));
    // (3) in final offsets; a finding on the typed text's section, or spanning into it, is not compared.
    const here = new Set<string>();
    for (const f of found) {
      const s = toFinal(f.span.start);
      const e = toFinal(f.span.end);
      if (s < 0 || e < 0 || !outside(s) || !outside(Math.max(s, e - 1)) || relatedToTyped(f) || rereadClash(f)) continue;
      here.add(keyOf(f, { start: s, end: e }));
    }
    // In the final text and the one before, in final offsets (a clash with the typed line's statement left out, as above).
    const there = (fs: Finding[], shift: (o: number) => number, related: boolean) => {
      const out = new Set<string>();
      const from = Math.max(final.lastIndexOf('\n', at - 1) + 1, 0);
      const to = final.indexOf('\n', at + n) < 0 ? final.length : final.indexOf('\n', at + n);
      for (const f of fs) {
        const s = shift(f.span.start);
        const e = shift(f.span.end);
        if (s < 0 || e < 0 || !outside(s) || !outside(Math.max(s, e - 1))) continue;
        if (!related && (fileWide.has(f.code) || fileWide.has('*') || fileWide.has('all'))) continue;
        if (!related && (f.related ?? []).some((r) => (shift(r.span.start) >= from && shift(r.span.start) <= to) || (rereadsBelow && shift(r.span.start) > to && !outside(shift(r.span.start))))) continue;
        out.add(keyOf(f, { start: s, end: e }));
      }
      return out;
    };
    const inFinal = there(finalFindings, (o) => o, true);
    const inBefore = there(beforeFindings, beforeToFinal, true);
    const added = [...here].filter((x) => !inFinal.has(x) && !inBefore.has(x));
    const stays = there(beforeFindings, beforeToFinal, false);
    const dropped = [...there(finalFindings, (o) => o, false)].filter((x) => stays.has(x) && !here.has(x));
    if (added.length > 0 || dropped.length > 0) {
      fail('3: findings elsewhere stay', `${where}\n--- text\n${js(text)}\n--- added (in final offsets)\n${added.join('\n')}\n--- dropped\n${dropped.join('\n')}`);
    }
    // (4) and (5), on a few entries of the final text outside.
    const untouched = entrySpans.filter((s) => outside(s.start) && toHere(s.start) >= 0);
    for (let i = 0; i < Math.min(HOVERS, untouched.length); i++) {
      const s = untouched[Math.floor(random() * untouched.length)]!;
      const o = s.start + Math.floor(random() * (s.end - s.start + 1));
      const want = memo(finalHovers, o, () => hoverText(fa, o));
      if (want !== null) counts.hovers++;
      const got = hoverText(da, toHere(o));
      const was = memo(beforeHovers, o, () => hoverText(ba, o <= at ? o : o - n));
      if (got !== want && got !== was) fail('4: hover elsewhere stays', `${where}, hover at final offset ${o}\n--- text\n${js(text)}\n--- final\n${want}\n--- here\n${got}`);
    }
    for (let i = 0; i < Math.min(COMPLETIONS, untouched.length); i++) {
      const s = untouched[Math.floor(random() * untouched.length)]!;
      const o = s.start + Math.floor(random() * (s.end - s.start + 1));
      const want = memo(finalCompletions, o, () => completionLabels(fa, o));
      if (want !== '') counts.completions++;
      const got = completionLabels(da, toHere(o));
      const was = memo(beforeCompletions, o, () => completionLabels(ba, o <= at ? o : o - n));
      if (got !== want && got !== was) fail('5: completion elsewhere stays', `${where}, completion at final offset ${o}\n--- text\n${js(text)}\n--- final\n${want}\n--- here\n${got}`);
    }
  }
}

function checkDocument(text: string, random: () => number, failures: Failure[]): void {
  const ps = places(text);
  if (ps.length === 0) return;
  for (let i = 0; i < TYPINGS_PER_DOC; i++) {
    const p = ps[Math.floor(random() * ps.length)]!;
    const snippet = p.snippets[Math.floor(random() * p.snippets.length)]!;
    const mode = MODES[Math.floor(random() * MODES.length)]!;
    counts.typings++;
    const fail = (property: string, detail: string) => failures.push({ property, text: p.before, detail: `--- before\n${js(p.before)}\n--- ${detail}` });
    checkTyping(p.before, p.at, snippet, mode, random, fail);
  }
}

test('typing one line, keystroke by keystroke, changes nothing said elsewhere', () => {
  const random = rng(SEED);
  const failures: Failure[] = [];
  const example = readFileSync(path.join(ROOT, 'examples/mars.toml'), 'utf8');
  const t0 = Date.now();
  // With CRLF, and a multi-line string last, which a `"""` opened above reads on to (TOML's reading), sections below it.
  const withNotes = `${example}\n[skills.notes]\ndescription = """\nSay "hi" [not a header]\n"""\n`;
  for (const doc of [example, withNotes.replace(/\n/g, '\r\n')]) checkDocument(doc, random, failures);
  const generate = generator(random);
  for (let i = 0; i < DOCS && Date.now() - t0 < TIME_LIMIT_MS; i++) {
    const doc = generate();
    if (doc.length > MAX_LENGTH) continue;
    checkDocument(doc, random, failures);
  }
  assert.ok(counts.typings > 60 && counts.hovers > 1000 && counts.completions > 1000, `too little checked: ${JSON.stringify(counts)}`);
  assert.equal(failures.length, 0, `seed ${SEED}: ${failures.length} failures in ${JSON.stringify(counts)}\n${failureReport(failures)}`);
});
