// What TOML does not read as a blank (toml/unreadBlanks.ts: a no-break space, U+2028, a zero-width
// space, a byte order mark past the start...) written where TOML takes a blank: a seeded, bounded
// property test over the generated mars.toml documents of the fix-all test (test/support/marsDocs.ts),
// each with such characters put, one to three at a time, where a space would be TOML: between
// items, after a comma, at a line's end (before CR LF too), inside inline tables, around `=`, at a
// line's start, beside a comment. The text with each of them made a space (`intended`) is what the
// user meant.
//
// Properties, per document:
// (a) no exception, and no hang: each analysis and fix-all under 5 s (well under 100 ms here);
// (b) every finding's span lies inside the text, and a syntax error that names such a character
//     (by its code point or its name) has it in its span;
// (c) fix-all settles (a second fix-all changes nothing); where `intended` is TOML, fix-all leaves
//     none of them outside strings and comments, its output is TOML, and it means what `intended`
//     means (every entry kept, rejected ones by their one meaning: `keepsMeaning`);
// (d) the quick fixes the server offers (codeActions), applied one at a time, the preferred one of
//     the first diagnostic with a safe fix each time, reach fix-all's text or one fix-all has nothing
//     more for, meaning the same where `intended` is TOML.
// Bounded: 400 documents, stopping early past 20 s (MARS_ODDBLANKS_MS) on a slow machine. Replay
// with MARS_ODDBLANKS_SEED=<n>; MARS_ODDBLANKS_ROUNDS=<n> for more documents.
// What it found (each now a test of its own in syntax.test.ts, split.test.ts, analysis.test.ts): two
// such characters on one line left both unfixed; one at the end of a line of a list over lines, the
// next line closing it, was said to be a missing comma; a header with one in its brackets did not end
// a list left open; `allowed`U+00A0`= []` beside `tools.mcp` made fix-all write a second `allowed`;
// tools.mcp's quick fix moved its grant after a U+200B ending the list, leaving two commas once fixed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TextDocumentEdit, TextEdit } from 'vscode-languageserver';
import { analyzeDocument, documentFindings } from '../../server/src/analysis/document';
import { documentFixAll } from '../../server/src/analysis/documentFixAll';
import { applyEdits, type Edit } from '../../server/src/analysis/edits';
import { codeActions } from '../../server/src/features/codeActions';
import { toDiagnostic } from '../../server/src/features/convert';
import { NAMES } from '../../server/src/toml/unreadBlanks';
import { generator, keepsMeaning, load } from '../support/marsDocs';
import { failureReport, js, type Failure } from '../support/failures';
import { rng } from '../support/rng';

const SEED = Number(process.env.MARS_ODDBLANKS_SEED ?? 20_261_204);
const ROUNDS = Number(process.env.MARS_ODDBLANKS_ROUNDS ?? 400);
const TIME_LIMIT_MS = Number(process.env.MARS_ODDBLANKS_MS ?? 20_000);
const URI = 'file:///odd-blanks/mars.toml';
/** A text as JSON, every character past ASCII escaped (they are what this test is about). */

const ODD = ['\u00A0', '\u2028', '\u2029', '\u200B', '\uFEFF', '\u2003', '\u0085', '\u3000', '\u202F', '\u2060', '\u180E'];
const ODD_RUN = new RegExp(`[${ODD.join('')}]`, 'u');

/** For each character of `text`, whether it is outside strings and comments. */
function codeMask(text: string): boolean[] {
  const n = text.length;
  const code = new Array<boolean>(n).fill(false);
  let i = 0;
  while (i < n) {
    const c = text[i]!;
    if (c === '#') {
      while (i < n && text[i] !== '\n' && text[i] !== '\r') i++;
      continue;
    }
    if (c === '"' || c === "'") {
      const triple = text.startsWith(c.repeat(3), i);
      const q = triple ? c.repeat(3) : c;
      let j = i + q.length;
      for (;;) {
        if (j >= n) return code; // unclosed to the end
        if (c === '"' && text[j] === '\\') {
          j += 2;
          continue;
        }
        if (!triple && (text[j] === '\n' || text[j] === '\r')) break; // unclosed on its line
        if (text.startsWith(q, j)) {
          j += q.length;
          // A triple-quoted string may end in up to two more quotes.
          if (triple) for (let k = 0; k < 2 && text[j] === c; k++) j++;
          break;
        }
        j++;
      }
      i = j;
      continue;
    }
    code[i] = true;
    i++;
  }
  return code;
}

/**
 * The offsets of `text` where TOML takes a blank: outside strings and comments, beside a space or a
 * tab, after `,` `[` `{` `=`, before `,` `]` `}` `=`, a line's end (before its CR LF), a line's start.
 * Not between the two brackets of `[[` or `]]`, nor between CR and LF.
 */
function blankPlaces(text: string): number[] {
  const code = codeMask(text);
  const out: number[] = [];
  for (let i = 0; i <= text.length; i++) {
    const prev = i > 0 && code[i - 1] ? text[i - 1]! : '';
    const c = i < text.length && code[i] ? text[i]! : '';
    // Code on one side at least: a place between a string's end and code is code's.
    const before = i > 0 ? text[i - 1]! : '\n';
    if (before === '\r' || (prev === '[' && c === '[') || (prev === ']' && c === ']')) continue;
    const lineStart = before === '\n';
    if (!(i < text.length ? code[i] : true) && !(i > 0 && code[i - 1])) continue;
    if (lineStart && (i === text.length || code[i]) || (prev !== '' && ' \t,[{='.includes(prev)) || (c !== '' && ' \t,]}=\r\n'.includes(c))) out.push(i);
  }
  return out;
}

/** `text` with 1-3 runs of odd blanks at places TOML takes a blank; and the same with each a space. */
function withOddBlanks(text: string, random: () => number): { text: string; intended: string } {
  const places = blankPlaces(text);
  const int = (k: number) => Math.floor(random() * k);
  const picked = new Set<number>();
  for (let k = 1 + int(3); k > 0 && places.length > 0; k--) picked.add(places[int(places.length)]!);
  let out = '';
  let intended = '';
  let last = 0;
  for (const p of [...picked].sort((a, b) => a - b)) {
    const run = Array.from({ length: 1 + (random() < 0.2 ? int(3) : 0) }, () => (random() < 0.15 ? ' ' : ODD[int(ODD.length)]!)).join('');
    out += text.slice(last, p) + run;
    intended += text.slice(last, p) + ' '.repeat(run.length);
    last = p;
  }
  return { text: out + text.slice(last), intended: intended + text.slice(last) };
}

/** Odd blanks left outside strings and comments (a byte order mark at the start is none). */
function oddLeft(text: string): number[] {
  const code = codeMask(text);
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) if (code[i] && ODD_RUN.test(text[i]!) && !(i === 0 && text[i] === '\uFEFF')) out.push(i);
  return out;
}

const timed = <T>(what: string, f: () => T, fail: (p: string, d: string) => void, text: string): T => {
  const t0 = performance.now();
  const r = f();
  const ms = performance.now() - t0;
  if (ms > 5000) fail(`a: ${what} in under 5 s`, `--- input\n${text}\n--- ${Math.round(ms)} ms`);
  return r;
};

/** The text the preferred quick fixes reach, one at a time (the first diagnostic with a safe fix each time). */
async function quickFixesOneByOne(text: string): Promise<{ text: string; steps: number; stuck: string | null }> {
  let t = text;
  for (let steps = 0; steps < 200; steps++) {
    const da = analyzeDocument(t);
    const findings = documentFindings(da);
    const f = findings.find((x) => x.fixes.some((y) => y.safe));
    if (!f) return { text: t, steps, stuck: null };
    const d = toDiagnostic(URI, da.lines, f);
    const actions = await codeActions(URI, 1, da, {}, { diagnostics: [d] }, true, async () => null);
    // The finding's own fixes (a "Disable" and the fix-alls aside), the preferred one first; its
    // fix may read otherwise beside a finding not shown (`fixAmong`): `Bash( git log:* )` under a
    // legacy-prefix turned off is made `bash(git log:*)`.
    const own = actions.filter((x) => !x.title.startsWith('Disable ') && !x.title.startsWith('Fix all '));
    // The safe fix, not a preferred guess beside it (`grpe = true` moved as its did-you-mean `grep`, which adds a rule).
    const safe = f.fixes.find((y) => y.safe)!.title;
    const a = own.find((x) => x.title === safe) ?? own.find((x) => x.isPreferred) ?? own[0];
    const change = a?.edit?.documentChanges?.[0] as TextDocumentEdit | undefined;
    if (!change) return { text: t, steps, stuck: `no code action for the safe fix of ${f.code} at ${f.span.start}-${f.span.end} (${f.fixes.map((x) => x.title).join(' | ')}); actions: ${actions.map((x) => x.title).join(' | ')}` };
    const edits: Edit[] = (change.edits as TextEdit[]).map((e) => ({ start: da.lines.offset(e.range.start), end: da.lines.offset(e.range.end), newText: e.newText })).sort((x, y) => x.start - y.start);
    const next = applyEdits(t, edits);
    if (next === t) return { text: t, steps, stuck: `the fix "${a!.title}" of ${f.code} changed nothing` };
    t = next;
  }
  return { text: t, steps: 200, stuck: 'still fixing after 200 quick fixes' };
}

async function checkDocument(text: string, intended: string, fail: (property: string, detail: string) => void): Promise<{ toml: boolean }> {
  const da = timed('analysis', () => analyzeDocument(text), fail, text);
  const findings = documentFindings(da);
  const show = `--- input ${js(text)}\n--- intended ${js(intended)}`;
  // (b)
  for (const f of findings) {
    if (!(f.span.start >= 0 && f.span.start <= f.span.end && f.span.end <= text.length)) fail('b: span inside the text', `${show}\n--- ${f.code} ${f.span.start}-${f.span.end} of ${text.length}`);
    if (f.code === 'toml-syntax') {
      const cp = /U\+([0-9A-F]{4})/.exec(f.message);
      const named = Object.entries(NAMES).find(([, name]) => f.message.includes(name));
      const ch = cp ? String.fromCodePoint(parseInt(cp[1]!, 16)) : named?.[0];
      if (ch !== undefined && !text.slice(f.span.start, f.span.end).includes(ch)) {
        fail('b: a syntax error naming a character has it in its span', `${show}\n--- ${f.span.start}-${f.span.end} ${js(text.slice(f.span.start, f.span.end))}: ${f.message}`);
      }
    }
  }
  // (c)
  const fixed = applyEdits(text, timed('fix-all', () => documentFixAll(da), fail, text));
  const out = `${show}\n--- output ${js(fixed)}`;
  const second = documentFixAll(analyzeDocument(fixed));
  if (second.length > 0) fail('c: fix-all settles', `${out}\n--- second pass ${js(applyEdits(fixed, second))}`);
  const meant = await load(intended);
  if (meant.toml) {
    const left = oddLeft(fixed);
    if (left.length > 0) fail('c: nothing odd left where the rest is TOML', `${out}\n--- left at ${left.join(', ')}`);
    keepsMeaning(meant, await load(fixed), out, '', fail);
  }
  // (d)
  const quick = await quickFixesOneByOne(text);
  const qshow = `${out}\n--- quick fixes one by one (${quick.steps}) ${js(quick.text)}`;
  if (quick.stuck !== null) fail(`d: quick fixes one by one go on (${quick.stuck.replace(/\d+/g, 'N').replace(/\(.*$/, '')})`, `${qshow}\n--- ${quick.stuck}`);
  else if (quick.text !== fixed && documentFixAll(analyzeDocument(quick.text)).length > 0) {
    fail('d: quick fixes one by one reach fix-all\'s text, or nothing to fix', `${qshow}\n--- fix-all then ${js(applyEdits(quick.text, documentFixAll(analyzeDocument(quick.text))))}`);
  }
  if (meant.toml && quick.stuck === null) keepsMeaning(meant, await load(quick.text), qshow, ' (quick fixes one by one)', fail);
  return { toml: meant.toml };
}

test('odd blanks where TOML takes a blank: fixed, kept in meaning, by fix-all and quick fixes alike', async () => {
  const random = rng(SEED);
  const next = generator(random);
  const started = performance.now();
  const failures: Failure[] = [];
  let documents = 0;
  let toml = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const base = next();
    const { text, intended } = withOddBlanks(base, random);
    documents++;
    const fail = (property: string, detail: string) => failures.push({ property, text, detail });
    try {
      if ((await checkDocument(text, intended, fail)).toml) toml++;
    } catch (e) {
      fail(`no exception (${String(e).replace(/\d+/g, 'N')})`, `--- input ${js(text)}\n--- ${e instanceof Error ? e.stack : String(e)}`);
    }
    if (performance.now() - started > TIME_LIMIT_MS) break;
  }
  console.log(`# seed ${SEED}: ${documents} documents, ${toml} TOML with their odd blanks made spaces, ${failures.length} failures, ${Math.round(performance.now() - started)} ms`);
  assert.equal(failures.length, 0, failureReport(failures));
});
