// Bad input (SPEC section 6), seeded and bounded: binary junk, 10 MB files, 10,000-deep nesting,
// invalid UTF-8, lone surrogates, 1 MB lines, thousands of tool tables, and random mutations of a
// valid mars.toml, through the pure analysis, the checker (dist/cli.js) and the language server
// (dist/server.js). Nothing may throw, crash or hang; every document is answered within a bound.
// Then the protocol: well-formed requests of every method (and notifications) with params bad in one
// to three places (wrong types, null, left out, negative, fractional and huge numbers, positions past
// the end, unopened documents, versions going back): each request is answered, with a result or a
// refusal, nothing is logged as an error, and the documents stay right (MARS_PROTOCOL_MESSAGES, 700 a
// client). Replay another run with MARS_FUZZ_SEED=<n>
// (too slow, or a didChange past the document's end).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from 'vscode-languageserver';
import { CancellationTokenSource } from 'vscode-languageserver/node';
import { analyzeDocument as analyze, documentFindings } from '../../server/src/analysis/document';
import { documentFixAll as fixAllEdits } from '../../server/src/analysis/documentFixAll';
import { applyEdits } from '../../server/src/analysis/edits';
import { LspClient } from '../support/lspClient';
import { DIST } from '../support/paths';
import { rng } from '../support/rng';
import { tempDir } from '../support/tempDir';

const SEED = Number(process.env.MARS_FUZZ_SEED ?? 20_260_601);
console.log(`# fuzz seed ${SEED} (replay with MARS_FUZZ_SEED=${SEED})`);

const random = rng(SEED);
const int = (n: number) => Math.floor(random() * n);
const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
const now = () => performance.now();

// A valid mars.toml with every spelling of a tools table and every kind of finding.
const VALID = `# A project's Mars configuration.
skills.scout.tools.allowed = ["read", "grep", "Glob"]

[dependencies.meridian-base]
source = "github:meridian-flow/base"
agents = ["reviewer", "coder"]

[agents.reviewer.tools]
allowed = [
  "bash(git log:*)",   # legacy prefix
  "Read",
  "shell(npm test)",
  "mcp__github__get_issue",
  "mcp(github/list_pulls)",
  "read",
]
disallowed = ["agent", "web", "bash(git log *)"]

[agents.coder]
description = "Writes code."
tools.allowed = ["edit", "write", "WebSearch", "TodoWrite", "ask-user"]
tools.disallowed = ['bash()']

[agents.planner]
tools = { allowed = ["read", "glob", "mcp(linear)"], disallowed = ["mcp", "*(x)"] }

[skills."deep research".tools]
allowed = ["web_fetch(domain:docs.rs)", "read(./notes/**)", "bash(curl a, b)", """grep"""]
disallowed = ["agent"]
mcp = ["search-server"]
bash = "allow"
"*" = "deny"

[agents]
tester.tools.allowed = ["bash(npm test)", "read", "CustomTool"]
triage.tools = ["read"]

# A table of patterns of its own: told what the reviewer's lists, in another section, hold.
[agents.reviewer.tools.bash]
"git log *" = "allow"
"rm *" = "deny"
`;

// ---------------------------------------------------------------------------------------------
// The corpus

interface Doc {
  readonly name: string;
  /** What an editor holds (LSP text). */
  readonly text: string;
  /** What is on disk for the checker; the UTF-8 of `text` when absent. */
  readonly bytes?: Buffer;
  /** Upper bound for one analysis, ms: far above the expected time, so only a hang or a blow-up trips it. */
  readonly boundMs: number;
  /** The checker must say "not a text file" and exit 2. */
  readonly binary?: boolean;
  /** Every finding's fixes are made too, within the bound (what `--format json` and a code action over a selection ask for). */
  readonly everyFix?: boolean;
  /** A code action request with every diagnostic at once (a selection of the whole file) is answered within the bound. */
  readonly everyAction?: boolean;
  /** A completion at this offset is answered within the bound. */
  readonly completeAt?: number;
  /** One fix-all leaves nothing for the next: fix-all on its output makes no edit. */
  readonly settles?: boolean;
}

const SMALL_BOUND = 2_000;
const docs: Doc[] = [];
const add = (name: string, text: string, boundMs = SMALL_BOUND, extra: Partial<Doc> = {}) => docs.push({ name, text, boundMs, ...extra });
const utf8 = (bytes: Buffer) => new TextDecoder('utf-8').decode(bytes);

// Degenerate texts.
add('empty', '');
add('only a BOM', '\ufeff');
add('only line breaks', '\r\n\r\r\n\n');
add('a NUL', '\0');
add('lone [', '[');
add('lone quote', '"');
add('open triple quote', '[agents.a.tools]\nallowed = ["""');

// Binary junk: random bytes with NULs (the checker refuses it) and high bytes without NULs (invalid UTF-8 text).
{
  const junk = Buffer.alloc(64 * 1024);
  for (let i = 0; i < junk.length; i++) junk[i] = int(256);
  junk[10] = 0;
  add('binary junk with NULs', junk.toString('latin1'), SMALL_BOUND, { bytes: junk, binary: true });
  add('binary junk decoded as UTF-8', utf8(junk));
  const high = Buffer.alloc(64 * 1024);
  for (let i = 0; i < high.length; i++) high[i] = 1 + int(255);
  add('high bytes, no NUL', utf8(high), SMALL_BOUND, { bytes: high });
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), junk.subarray(0, 4096)]);
  add('PNG header', png.toString('latin1'), SMALL_BOUND, { bytes: png, binary: true });
}

// 10 MB: a valid head, then filler that is mostly not tool names (comments, other tables, long
// strings, arrays of globs), and 10 MB of printable junk with line breaks.
{
  const parts: string[] = [VALID];
  let size = VALID.length;
  for (let i = 0; size < 10_000_000; i++) {
    const chunk = `\n# section ${i}: ${'lorem ipsum '.repeat(8)}\n[dependencies.dep-${i}]\nsource = "github:org/repo-${i}"\n` +
      `agents = [${Array.from({ length: 8 }, (_, k) => `"agent-${i}-${k}"`).join(', ')}]\n` +
      `notes = '''\n${'multi-line literal text\n'.repeat(4)}'''\n[settings.s${i}]\nmodel_visibility = ["claude-*", "gpt-5*"]\n`;
    parts.push(chunk);
    size += chunk.length;
  }
  add('10 MB of mostly other tables', parts.join(''), 30_000);
  const junk: string[] = [];
  const printable = ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~';
  for (let i = 0; i < 10_000_000; i++) junk.push(int(60) === 0 ? '\n' : printable[int(printable.length)]!);
  add('10 MB of printable junk', junk.join(''), 30_000);
}

// 10,000-deep nesting, closed and unclosed, in tool lists and elsewhere.
{
  const D = 10_000;
  add('10,000-deep arrays in a tool list', `[agents.a.tools]\nallowed = ${'['.repeat(D)}"read"${']'.repeat(D)}\n`);
  add('10,000-deep arrays, unclosed', `x = ${'['.repeat(D)}\n[agents.a.tools]\nallowed = ["Shell"]\n`);
  add('10,000-deep inline tables', `agents = ${'{ a = '.repeat(D)}1${' }'.repeat(D)}\n`);
  add('10,000-deep inline tools tables, unclosed', `[agents.a]\ntools = ${'{ allowed = ['.repeat(D)}\n[agents.b.tools]\nallowed = ["Shell"]\n`);
  add('10,000-deep mixed', `[agents.a.tools]\nallowed = ${'[{a=['.repeat(D / 2)}\n`);
  add('10,000-deep dotted key', `${Array.from({ length: D }, (_, i) => `k${i}`).join('.')} = 1\n[agents.a.tools]\nallowed = ["read"]\n`);
  add('10,000-deep table header', `[${Array.from({ length: D }, () => 'agents').join('.')}]\ntools.allowed = ["read"]\n`);
}

// Invalid UTF-8 on disk, in entries, keys, comments and at the end of the file.
{
  const bad = [[0xff], [0xfe, 0xff], [0xc3, 0x28], [0xe2, 0x82], [0xf0, 0x9f, 0x98], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0x80], [0xf8, 0x88, 0x80, 0x80, 0x80]];
  const b = (s: string) => Buffer.from(s, 'utf8');
  for (const [i, seq] of bad.entries()) {
    const bytes = Buffer.concat([
      b('# comment '), Buffer.from(seq), b('\n[agents."k'), Buffer.from(seq), b('".tools]\nallowed = ["re'), Buffer.from(seq),
      b('ad", "Shell", "mcp('), Buffer.from(seq), b('/x)"]\n'), Buffer.from(seq),
    ]);
    add(`invalid UTF-8 #${i} (${seq.map((x) => x.toString(16)).join(' ')})`, utf8(bytes), SMALL_BOUND, { bytes });
  }
}

// Lone surrogates (an editor can hold them; JSON carries them as escapes).
add('lone high surrogate in an entry', '[agents.a.tools]\nallowed = ["re\ud800ad", "Shell"]\n');
add('lone low surrogate in a key', '[agents."\udc00".tools]\nallowed = ["Shell"]\n');
add('reversed pair in a pattern', '[agents.a.tools]\nallowed = ["bash(\udc00\ud800)", "mcp(\ud83d/x)"]\n');
add('high surrogate at the very end', '[agents.a.tools]\nallowed = ["Shell"] # \ud83d');
add('surrogates everywhere', VALID.replace(/e/g, '\ud800').replace(/o/g, '\udfff'));

// Line endings, BOM, tabs, non-BMP text.
add('CRLF', VALID.replace(/\n/g, '\r\n'));
add('lone CR', VALID.replace(/\n/g, '\r'));
add('BOM and CRLF', `\ufeff${VALID.replace(/\n/g, '\r\n')}`);
add('tabs', VALID.replace(/ /g, '\t'));
add('emoji', VALID.replace(/agent/g, '🚀agent').replace(/read/g, 're🚀ad'));
add('U+2028 and U+0085', VALID.replace(/\n/g, '\u2028\n\u0085'));

// 1 MB single lines.
{
  // One list of ~80,000 distinct entries in every spelling Mars rewrites (each gets a fix).
  const spell = (i: number) => [`Bash(cmd ${i})`, `shell(npm run t${i})`, `bash(git log ${i}:*)`, `mcp__s${i}__t`, `mcp(s${i}/t)`,
    `read(./src/${i}/**)`, `Read(./x${i})`, `web_fetch(domain:d${i}.rs)`, `skill(s${i})`, `bash(a${i}, b)`][i % 10]!;
  const items: string[] = [];
  for (let n = 0; n < 1_000_000;) {
    const s = JSON.stringify(spell(items.length));
    items.push(s);
    n += s.length + 2;
  }
  add('1 MB line: one tool list', `[agents.a.tools]\nallowed = [${items.join(', ')}]\n`, 30_000);
  {
    // Once quadratic in fix-all: ~90,000 entries of ten spellings, so ~90,000 duplicate-entry fixes in one list.
    const spellings = ['read', 'Shell', 'bash(git log:*)', 'mcp__github__get_issue', 'mcp(github/x)', 'WebSearch', 'bash()', '*', 'grep', 'TodoWrite'];
    const dup: string[] = [];
    for (let n = 0; n < 1_000_000;) {
      const s = `"${spellings[dup.length % spellings.length]}"`;
      dup.push(s);
      n += s.length + 2;
    }
    add('1 MB line: one tool list of duplicates', `[agents.a.tools]\nallowed = [${dup.join(', ')}]\n`, 30_000);
  }
  // Once a stack overflow: findings were gathered with push(...list), 150,000 arguments at once.
  add('1.2 MB line: 150,000 times "read"', `[agents.a.tools]\nallowed = [${Array(150_000).fill('"read"').join(', ')}]\n`, 30_000);
  add('1 MB line: one comment', `# ${'x'.repeat(1_000_000)}\n[agents.a.tools]\nallowed = ["Shell"]\n`, 10_000);
  add('1 MB line: one entry', `[agents.a.tools]\nallowed = ["bash(${'a'.repeat(1_000_000)})", "Shell"]\n`, 10_000);
  add('1 MB line: unterminated entry', `[agents.a.tools]\nallowed = ["${'a('.repeat(500_000)}\ndisallowed = ["Shell"]\n`, 10_000);
  add('1 MB line: one key', `[agents.a.tools]\n${'k'.repeat(1_000_000)} = "allow"\n`, 10_000);
  add('1 MB line: no line break at all', `[agents.a.tools] allowed = ["read"] ${'x = 1 '.repeat(170_000)}`, 10_000);
}

// Once super-linear (a helper timed shapes at doubling sizes): each took seconds to minutes here.
{
  const lines = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join('');
  // The leap-second rewrite read comments between `=` and a time with a regular expression: exponential.
  add('a leap second in the text, and commented-out entries', `[agents.coder.tools]\nallowed = [\n  "read",\n  "webfetch(localhost:6006)",\n${lines(40, () => '  # "bash(tool1 *)",  # disabled for now\n')}]\n`);
  add('`# =` and a run of `#`, and a port ending in :60', `# =${'#'.repeat(60)}\nport = "localhost:6000"\n`);
  // Quadratic: the blanks around a mars-ignore comment's colon; a multi-line string left open, then
  // one per line (each scanned to the end); a comment search per removed key; a walk back over a
  // one-line list per value moved into it.
  add('a mars-ignore comment of 100,000 blanks', `# mars-ignore:${' '.repeat(100_000)}x\n[agents.a.tools]\nallowed = ["Shell"]\n`);
  add('a multi-line string left open, then 30,000 lines of escaped triple quotes', `a = """\n${'k = \\"""\n'.repeat(30_000)}`, 10_000);
  const held = (n: number) => `[agents.a.tools]\nallowed = [${lines(n, (i) => `${i ? ', ' : ''}"bash(x${i})"`)}]\n${lines(n, (i) => `"bash(x${i})" = "allow" # c\n`)}`;
  // Linear now, ~1-2 s each step on a quiet machine; the bound is set for a loaded one (load 10 on
  // two cores tripped 8 s), still far under the minutes the quadratic walks took.
  add('50,000 map-form keys with comments, their rules held (fix-all removes them)', held(50_000), 20_000, { everyFix: true });
  // Found on 2026-12-04: each conflict's removal from the one-line list walked back over the line.
  add('60,000 allow/deny conflicts, the deny list on one line', `[agents.a.tools]\nallowed = [\n${lines(60_000, (i) => `  "bash(x${i})",\n`)}]\ndisallowed = [${lines(60_000, (i) => `${i ? ', ' : ''}"bash(x${i})"`)}]\n`, 20_000, { everyFix: true });
  // Found on 2026-12-04: a menu of one line's fixes named each title's nth on the line by walking
  // that line's other actions of the title for each one (cubic: 5,000 here took 3.4-4.4 s through
  // the server on a quiet machine, 18 s on a loaded one). Linear now: 0.7-1.2 s on a quiet machine
  // (a 12 MB answer), 2.7 s at load 9 on two cores; the bench's scaling row is what tells the shape.
  add('5,000 times "Shell" on one line, every diagnostic in one code action request', `[agents.a.tools]\nallowed = [${lines(5_000, (i) => `${i ? ', ' : ''}"Shell"`)}]\n`, 3_000, { everyAction: true });
  // Found on 2026-12-04: completion compared the word typed so far, whole, with each of hundreds of
  // spellings (its `_` made `-` each time), so typing at the end of a long entry took seconds a keystroke.
  {
    const entry = `[agents.a.tools]\nallowed = ["mcp__${'a__'.repeat(330_000)}", "Shell"]\n`;
    add('a 1 MB entry of `__`, completion at its end', entry, 2_000, { completeAt: entry.indexOf('", "Shell"') });
  }
  // Found on 2026-12-04: a section shows one syntax error at a time, and fix-all wrote one missing comma a pass, reading
  // the list again for each: its bounded passes took seconds and left the list's later commas missing.
  add('10,000 items with no comma between them on one line', `[agents.a.tools]\nallowed = [${lines(10_000, (i) => `${i ? ' ' : ''}"read(x${i})"`)}]\n`, 2_000, { settles: true });
  // Found on 2026-12-04: an inline table's missing commas were still written one a pass, and its 10,000 keys left an error.
  add('10,000 keys of an inline table with no comma between them', `[agents.a]\ntools = { ${lines(10_000, (i) => `${i ? ' ' : ''}"bash(x${i})" = "allow"`)} }\n`, 2_000, { settles: true });
  add('20,000 map-form keys whose moves append to one long line', `[agents.a.tools]\nallowed = [${lines(20_000, (i) => `${i ? ', ' : ''}"read(y${i})"`)}]\n${lines(20_000, (i) => `"bash(x${i})" = "allow"\n`)}`, 20_000, { everyFix: true });
}

// Thousands of tool tables, in each spelling, and one table defined thousands of times.
{
  const N = 3000;
  const list = (i: number) => `["read", "Shell", "mcp__s${i % 7}__t", "bash(git log:*)"]`;
  add(`${N} [agents.x.tools] tables`, Array.from({ length: N }, (_, i) => `[agents.a${i}.tools]\nallowed = ${list(i)}\n`).join('\n'), 20_000);
  add(`${N} inline tools tables`, Array.from({ length: N }, (_, i) => `[skills.s${i}]\ntools = { allowed = ${list(i)} }\n`).join('\n'), 20_000);
  add(`${N} dotted from the root`, Array.from({ length: N }, (_, i) => `agents.a${i}.tools.allowed = ${list(i)}`).join('\n'), 20_000);
  add(`${N} dotted from [agents]`, `[agents]\n${Array.from({ length: N }, (_, i) => `a${i}.tools.disallowed = ${list(i)}`).join('\n')}`, 20_000);
  add(`${N} times the same table`, Array.from({ length: N }, () => '[agents.a.tools]\nallowed = ["read", "Read"]\n').join('\n'), 20_000);
  add(`${N} map-form keys`, `[agents.a.tools]\n${Array.from({ length: N }, (_, i) => `tool_${i} = "${i % 2 ? 'allow' : 'deny'}"`).join('\n')}\n`, 20_000);
}

// Random mutations of the valid document: delete, insert, duplicate characters and lines.
const NOISE = ['[', ']', '{', '}', '"', "'", '=', '.', ',', '#', '\\', '\n', '\r\n', '\r', '\t', ' ', '"""', "'''", '(', ')', ':*', '__',
  'a', 'Z', '0', '🚀', '\ud800', '\udc00', '\0', '\u2028', '\ufeff', '\x7f', 'é'];
const LINES = ['[agents.x.tools]', '[[agents.x.tools]]', '[agents]', 'tools = {', 'allowed = [', 'disallowed = ["read"', ']', '}',
  'tools.allowed = "read"', 'tools.mcp = ["x"]', 'agents.y.tools = ["read"]', '"""', "'''", 'bash = "allow"', '# mars: disable',
  '# mars-ignore-next-line', 'allowed = [1, 2.5, true, 1979-05-27, {a = 1}]', 'x = "\\u00e9\\U0001F680\\q"',
  '[agents.reviewer.tools.bash]', '"git log *" = "allow"', 'allowed = ["bash(rm *)"]'];

function mutate(text: string, operations: number): string {
  let t = text;
  for (let k = 0; k < operations; k++) {
    const at = int(t.length + 1);
    const lines = t.split('\n');
    const line = int(lines.length);
    switch (int(8)) {
      case 0: t = t.slice(0, at) + t.slice(at + 1 + int(3)); break;
      case 1: t = t.slice(0, at) + pick(NOISE) + t.slice(at); break;
      case 2: { const from = int(t.length + 1); t = t.slice(0, at) + t.slice(from, from + 1 + int(40)) + t.slice(at); break; }
      case 3: lines.splice(line, 1); t = lines.join('\n'); break;
      case 4: lines.splice(line, 0, lines[int(lines.length)] ?? ''); t = lines.join('\n'); break;
      case 5: lines.splice(line, 0, pick(LINES)); t = lines.join('\n'); break;
      case 6: { const other = int(lines.length); [lines[line], lines[other]] = [lines[other]!, lines[line]!]; t = lines.join('\n'); break; }
      default: t = t.slice(0, at) + String.fromCharCode(int(0x10000)) + t.slice(at); break;
    }
  }
  return t;
}

const MUTANTS = 300;
const mutants: Doc[] = [];
for (let i = 0; i < MUTANTS; i++) mutants.push({ name: `mutant ${i}`, text: mutate(VALID, 1 + int(12)), boundMs: SMALL_BOUND });

// Random documents from TOML-ish tokens.
const TOKENS = [...NOISE, ...LINES, 'agents', 'skills', 'tools', 'allowed', 'disallowed', 'mcp', '"read"', '"Shell"', '"mcp(x/y)"',
  '"mcp__a__b"', '"bash(git log:*)"', ' = ', '.', '\n', '\n', '[agents.', 'tools.', '"*"', '1', 'true', '"""\n', "'\\'"];
const RANDOM_DOCS = 150;
const randoms: Doc[] = [];
for (let i = 0; i < RANDOM_DOCS; i++) {
  const n = int(80);
  let t = '';
  for (let k = 0; k < n; k++) t += pick(TOKENS);
  randoms.push({ name: `random ${i}`, text: t, boundMs: SMALL_BOUND });
}

const everything = [...docs, ...mutants, ...randoms];

function show(doc: Doc): string {
  const head = JSON.stringify(doc.text.slice(0, 160));
  return `${doc.name} (${doc.text.length} chars, seed ${SEED}): ${head}${doc.text.length > 160 ? '…' : ''}`;
}

/** An LSP position's offset in `text`: lines end at \r\n, \r or \n; a character past the line's end means its end. */
function lspOffsetAt(text: string, pos: { line: number; character: number }): number {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\r' && text[i + 1] === '\n') i++;
    if (c === '\r' || c === '\n') starts.push(i + 1);
  }
  if (pos.line >= starts.length) return text.length;
  let end = pos.line + 1 < starts.length ? starts[pos.line + 1]! : text.length;
  while (end > starts[pos.line]! && (text[end - 1] === '\n' || text[end - 1] === '\r')) end--;
  return Math.min(starts[pos.line]! + Math.max(0, pos.character), end);
}

// ---------------------------------------------------------------------------------------------
// (1) The pure analysis.

describe('fuzz: analysis', () => {
  test(`analyze and fixAllEdits never throw, within bounds (${everything.length} documents)`, (t) => {
    t.diagnostic(`seed ${SEED}`);
    const problems: string[] = [];
    for (const doc of everything) {
      const t0 = now();
      let analysis: ReturnType<typeof analyze>;
      try {
        analysis = analyze(doc.text);
      } catch (e) {
        problems.push(`analyze threw on ${show(doc)}\n${e instanceof Error ? e.stack : e}`);
        continue;
      }
      const analyzeMs = now() - t0;
      if (analyzeMs > doc.boundMs) problems.push(`analyze took ${analyzeMs.toFixed(0)} ms (bound ${doc.boundMs}) on ${show(doc)}`);
      for (const f of documentFindings(analysis)) {
        if (!(f.span.start >= 0 && f.span.start <= f.span.end && f.span.end <= doc.text.length)) {
          problems.push(`finding ${f.code} has span ${f.span.start}-${f.span.end} outside the text on ${show(doc)}`);
          break;
        }
      }
      let fixed: string;
      const t1 = now();
      try {
        fixed = applyEdits(doc.text, fixAllEdits(analysis));
      } catch (e) {
        problems.push(`fixAllEdits/applyEdits threw on ${show(doc)}\n${e instanceof Error ? e.stack : e}`);
        continue;
      }
      const fixMs = now() - t1;
      if (fixMs > doc.boundMs) problems.push(`fixAllEdits took ${fixMs.toFixed(0)} ms (bound ${doc.boundMs}) on ${show(doc)}`);
      if (doc.everyFix) {
        const t2 = now();
        for (const f of documentFindings(analysis)) void f.fixes;
        const everyMs = now() - t2;
        if (everyMs > doc.boundMs) problems.push(`every finding's fixes took ${everyMs.toFixed(0)} ms (bound ${doc.boundMs}) on ${show(doc)}`);
      }
      if (doc.settles) {
        const again = fixAllEdits(analyze(fixed));
        if (again.length > 0) problems.push(`fix-all left ${again.length} edits for the next on ${show(doc)}`);
      }
      if (doc.text.length < 200_000) {
        try {
          analyze(fixed);
        } catch (e) {
          problems.push(`analyze threw on the fixed text of ${show(doc)}\n${e instanceof Error ? e.stack : e}`);
        }
      }
      if (analyzeMs + fixMs > 300) t.diagnostic(`slow: ${doc.name}: analyze ${analyzeMs.toFixed(0)} ms, fix all ${fixMs.toFixed(0)} ms`);
    }
    assert.deepEqual(problems, []);
  });
});

// ---------------------------------------------------------------------------------------------
// (2) The checker, on real files.

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
  ms: number;
}

function cli(args: string[], timeoutMs: number): Promise<Run> {
  return new Promise((resolve) => {
    const t0 = now();
    const p = spawn(process.execPath, [path.join(DIST, 'cli.js'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => (out.length < 64_000_000 ? (out += d) : undefined));
    p.stderr.on('data', (d) => (err.length < 1_000_000 ? (err += d) : undefined));
    const timer = setTimeout(() => p.kill('SIGKILL'), timeoutMs);
    p.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, out, err, ms: now() - t0 });
    });
  });
}

/** Runs `jobs` two at a time (the machine has two cores). */
async function pool<T, R>(items: readonly T[], job: (item: T) => Promise<R>, width = 2): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await job(items[i]!);
    }
  }));
  return results;
}

const CRASH = /\n\s+at .+:\d+:\d+\)?\n|RangeError|TypeError|Maximum call stack|FATAL ERROR|Segmentation/;

describe('fuzz: checker (dist/cli.js)', () => {
  let dir: string;
  before(() => {
    dir = tempDir('mars-fuzz-cli-');
  });

  const write = (sub: string, doc: Doc): string => {
    const file = path.join(dir, sub, 'mars.toml');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, doc.bytes ?? Buffer.from(doc.text, 'utf8'));
    return file;
  };

  test(`each special document: exit 0 or 1 with no crash trace; binary files exit 2 with "not a text file" (${docs.length} files)`, async () => {
    const files = docs.map((d, i) => ({ doc: d, file: write(`special/${i}`, d) }));
    const runs = await pool(files, ({ doc, file }) => cli(['check', file, '--format', int(2) ? 'json' : 'text'], doc.boundMs * 3 + 10_000));
    runs.forEach((r, i) => {
      const doc = files[i]!.doc;
      const what = `${show(doc)}\nexit ${r.code} ${r.signal ?? ''} after ${r.ms.toFixed(0)} ms\nstderr: ${r.err.slice(0, 2000)}`;
      assert.equal(r.signal, null, `checker killed (hang?) on ${what}`);
      assert.doesNotMatch(r.err, CRASH, `crash trace on ${what}`);
      if (doc.binary || (doc.bytes ?? Buffer.from(doc.text)).includes(0)) {
        assert.equal(r.code, 2, `binary file: expected exit 2 on ${what}`);
        assert.match(r.err, /not a text file/, `binary file: expected "not a text file" on ${what}`);
      } else {
        assert.ok(r.code === 0 || r.code === 1, `expected exit 0 or 1 on ${what}`);
      }
    });
  });

  // A NUL makes a file binary for the checker (exit 2, tested above); leave those out of this run.
  const textual = [...mutants, ...randoms].filter((d) => !d.text.includes('\0'));
  test(`mutated and random documents in one run, then --fix on them (${textual.length} files)`, async () => {
    const set = textual;
    set.forEach((d, i) => write(`mutants/${i}`, d));
    const target = path.join(dir, 'mutants');
    for (const args of [['check', target, '--format', 'json'], ['check', target, '--fix'], ['check', target]]) {
      const r = await cli(args, 60_000);
      const what = `mars-toml ${args.join(' ')} (seed ${SEED}): exit ${r.code} ${r.signal ?? ''}\nstderr: ${r.err.slice(0, 2000)}`;
      assert.equal(r.signal, null, `checker killed (hang?): ${what}`);
      assert.doesNotMatch(r.err, CRASH, `crash trace: ${what}`);
      assert.ok(r.code === 0 || r.code === 1, `expected exit 0 or 1: ${what}`);
      if (args.includes('json')) assert.ok(Array.isArray(JSON.parse(r.out)), 'json output is an array');
    }
  });
});

// ---------------------------------------------------------------------------------------------
// (3) The language server over LSP.

const SMALL = '[agents.a.tools]\nallowed = ["Shell", "bash()"]\n';

/** The server still works: a hover answers and a fresh document gets its two findings. */
async function stillAnswers(client: LspClient, tag: string): Promise<void> {
  const uri = `file:///fuzz/alive/${tag}/mars.toml`;
  await client.open(uri, SMALL);
  const diagnostics = await client.pushed(uri, 1, 20_000);
  assert.deepEqual(diagnostics.map((d) => d.code).sort(), ['invalid-tool-name', 'non-canonical'], `fresh document after ${tag}`);
  await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 13 } });
  await client.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
}

function serverErrors(client: LspClient): string[] {
  const errors: string[] = [];
  client.conn.onNotification('window/logMessage', (p: { type: number; message: string }) => {
    if (p.type === 1) errors.push(p.message);
  });
  return errors;
}

describe('fuzz: language server (dist/server.js)', () => {
  let client: LspClient;
  let errors: string[];
  before(async () => {
    client = await LspClient.start();
    errors = serverErrors(client);
  });
  after(() => client.stop());

  const lspDocs = [...docs, ...mutants.slice(0, 80), ...randoms.slice(0, 40)];
  test(`every document gets diagnostics within its bound, and the server keeps answering (${lspDocs.length} documents)`, async (t) => {
    for (const [i, doc] of lspDocs.entries()) {
      const uri = `file:///fuzz/${i}/mars.toml`;
      const t0 = now();
      await client.open(uri, doc.text);
      let pushed: Diagnostic[] = [];
      try {
        pushed = await client.pushed(uri, 1, doc.boundMs * 3 + 5_000);
      } catch (e) {
        assert.fail(`no diagnostics for ${show(doc)}: ${e instanceof Error ? e.message : e}; server exit ${client.exitCode}\n${client.stderr.slice(-2000)}`);
      }
      // Requests at random positions (valid or not) must be answered, not crash the server.
      const lines = doc.text.split('\n').length;
      for (const position of [{ line: int(lines), character: int(200) }, { line: lines + 5, character: 0 }]) {
        await client.request('textDocument/hover', { textDocument: { uri }, position });
        await client.request('textDocument/completion', { textDocument: { uri }, position });
      }
      const range = { start: { line: 0, character: 0 }, end: { line: lines, character: 0 } };
      await client.request('textDocument/codeAction', { textDocument: { uri }, range, context: { diagnostics: [] } });
      if (doc.completeAt !== undefined) {
        const before = doc.text.slice(0, doc.completeAt).split('\n');
        const t1 = now();
        await client.request('textDocument/completion', { textDocument: { uri }, position: { line: before.length - 1, character: before.at(-1)!.length } });
        const completionMs = now() - t1;
        assert.ok(completionMs < doc.boundMs, `completion took ${completionMs.toFixed(0)} ms (bound ${doc.boundMs}) on ${show(doc)}`);
      }
      if (doc.everyAction) {
        const t1 = now();
        await client.request('textDocument/codeAction', { textDocument: { uri }, range, context: { diagnostics: pushed } });
        const actionMs = now() - t1;
        assert.ok(actionMs < doc.boundMs, `code actions for ${pushed.length} diagnostics took ${actionMs.toFixed(0)} ms (bound ${doc.boundMs}) on ${show(doc)}`);
      }
      await client.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
      const ms = now() - t0;
      if (ms > 300) t.diagnostic(`slow: ${doc.name}: ${ms.toFixed(0)} ms for diagnostics, hover, completion and code actions`);
      assert.equal(client.exitCode, null, `server exited after ${show(doc)}\n${client.stderr.slice(-2000)}`);
      assert.deepEqual(errors, [], `server logged an error on ${show(doc)}`);
    }
    await stillAnswers(client, 'corpus');
  });

  // Characters past a line's end and lines past the document's end are clamped (the server clamps
  // them itself: vscode-languageserver-textdocument would corrupt its line table).
  /** The server's text must equal ours: a fresh open of our text gets the diagnostics `uri` has at `version`. */
  const sameAsFresh = async (uri: string, version: number, text: string, what: string) => {
    const got = await client.pushed(uri, version, 20_000);
    const check = `${uri.replace(/\/mars\.toml$/, '')}-check/mars.toml`;
    await client.open(check, text);
    const want = await client.pushed(check, 1, 20_000);
    const key = (d: Diagnostic) => JSON.stringify([d.code, d.range, d.message]);
    assert.deepEqual(got.map(key), want.map(key), `${what} diverged (seed ${SEED}); final text ${JSON.stringify(text.slice(0, 400))}`);
    assert.deepEqual(errors, []);
  };

  test('random incremental edits, including characters past line ends, keep the server consistent', async () => {
    const uri = 'file:///fuzz/edits/mars.toml';
    let text = VALID;
    await client.open(uri, text);
    await client.pushed(uri, 1);
    const offsetAt = (pos: { line: number; character: number }) => lspOffsetAt(text, pos);
    let version = 1;
    for (let k = 0; k < 60; k++) {
      const lines = text.split(/\r\n|\r|\n/).length;
      const a = { line: int(lines + 2), character: int(60) };
      const b = { line: a.line + int(2), character: int(60) };
      const [start, end] = offsetAt(a) <= offsetAt(b) ? [a, b] : [b, a];
      const insert = int(3) === 0 ? '' : Array.from({ length: 1 + int(4) }, () => pick(NOISE)).join('');
      text = text.slice(0, offsetAt(start)) + insert + text.slice(offsetAt(end));
      await client.change(uri, ++version, [{ range: { start, end }, text: insert }]);
      // Some versions are pushed, so later pushes reuse (and move) what earlier ones encoded.
      if (k % 3 === 0) await client.pushed(uri, version, 20_000);
    }
    await sameAsFresh(uri, version, text, 'incremental edits');
  });

  // A multi-cursor keystroke or a fix-all comes as one message of many changes, each on the text the
  // one before it left: the server's text must be the editor's, whichever order they are listed in.
  test('messages of many changes, listed from the bottom up or in any order, keep the server consistent', async () => {
    const uri = 'file:///fuzz/multi/mars.toml';
    let text = VALID.repeat(3);
    await client.open(uri, text);
    await client.pushed(uri, 1);
    const offsetAt = lspOffsetAt;
    let version = 1;
    for (let k = 0; k < 30; k++) {
      const lines = text.split(/\r\n|\r|\n/).length;
      // Positions on distinct lines, from the bottom up; now and then shuffled (applied one at a time then).
      const rows = [...new Set(Array.from({ length: 2 + int(12) }, () => int(lines + 1)))].sort((a, b) => b - a);
      const changes = rows.map((line) => {
        const a = { line, character: int(30) };
        const b = { line, character: a.character + int(4) };
        // Words that keep most of the text readable, so its diagnostics tell two texts apart.
        return { range: { start: a, end: b }, text: pick(['', 'x', 'Shell', ' ', 'grep', '\n', '"Bash", ']) };
      });
      if (int(4) === 0) changes.reverse();
      for (const c of changes) text = text.slice(0, offsetAt(text, c.range.start)) + c.text + text.slice(Math.max(offsetAt(text, c.range.start), offsetAt(text, c.range.end)));
      await client.change(uri, ++version, changes);
    }
    await sameAsFresh(uri, version, text, 'multi-change messages');
  });
});

describe('fuzz: edit floods and cancellation', () => {
  let client: LspClient;
  before(async () => (client = await LspClient.start()));
  after(() => client.stop());

  test('200 rapid didChange edits are coalesced; the last version published is the last edit', async (t) => {
    const uri = 'file:///flood/mars.toml';
    let text = VALID;
    await client.open(uri, text);
    await client.pushed(uri, 1);
    const before = client.allPushed(uri).length;
    const EDITS = 200;
    const sends: Promise<void>[] = [];
    // Type at the start of the reviewer's "Read" entry, one character at a time.
    const at = text.indexOf('"Read"') + 1;
    for (let v = 2; v <= EDITS + 1; v++) {
      const ch = String.fromCharCode(97 + (v % 26));
      text = text.slice(0, at) + ch + text.slice(at);
      const pos = { line: text.slice(0, at).split('\n').length - 1, character: at - text.lastIndexOf('\n', at - 1) - 1 };
      sends.push(client.change(uri, v, [{ range: { start: pos, end: pos }, text: ch }]));
    }
    await Promise.all(sends);
    const last = EDITS + 1;
    await client.pushed(uri, last, 20_000);
    await new Promise((r) => setTimeout(r, 500)); // nothing stale may follow
    const published = client.allPushed(uri).slice(before);
    const versions = published.map((p) => p.version);
    t.diagnostic(`${EDITS} edits -> ${published.length} publishes, versions ${versions.join(', ')}`);
    assert.ok(published.length <= 10, `expected the flood coalesced into a few publishes, got ${published.length}: ${versions}`);
    assert.equal(versions[versions.length - 1], last, `last published version ${versions[versions.length - 1]}, expected ${last}`);
    for (let i = 1; i < versions.length; i++) assert.ok(versions[i]! > versions[i - 1]!, `versions out of order: ${versions}`);
    // And the server's text is ours.
    const check = 'file:///flood-check/mars.toml';
    await client.open(check, text);
    const want = await client.pushed(check, 1);
    const got = published[published.length - 1]!.diagnostics;
    assert.deepEqual(got.map((d) => [d.code, d.range]), want.map((d) => [d.code, d.range]));
  });

  test('a huge file analysed a few sections at a time: other files are served meanwhile, and an edit during it is what gets published', async (t) => {
    // 30,000 sections: its first analysis takes seconds, during which the loop stays free.
    const big = Array.from({ length: 30_000 }, (_, i) => `[agents.a${i}.tools]\nallowed = ["x${i}"]\n`).join('');
    const bigUri = 'file:///slices/big/mars.toml';
    const smallUri = 'file:///slices/small/mars.toml';
    const t0 = now();
    await client.open(bigUri, big);
    await new Promise((r) => setTimeout(r, 50)); // the big analysis is under way
    await client.open(smallUri, '[agents.a.tools]\nallowed = ["Shell"]\n');
    const small = await client.pushed(smallUri, 1, 20_000);
    const smallMs = now() - t0;
    const hover = await client.request<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri: smallUri }, position: { line: 1, character: 13 } });
    // An edit to the big file while its analysis runs: the first line's entry becomes "Shell".
    await client.change(bigUri, 2, [{ range: { start: { line: 1, character: 12 }, end: { line: 1, character: 14 } }, text: 'Shell' }]);
    // A hover on the big file waits for its analysis, without holding up anything else.
    const bigHover = await client.request<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri: bigUri }, position: { line: 1, character: 14 } });
    assert.match(bigHover?.contents.value ?? '', /alias of `bash`/);
    const pushed = await client.pushed(bigUri, 2, 120_000);
    const bigMs = now() - t0;
    t.diagnostic(`small file's diagnostics after ${smallMs.toFixed(0)} ms; the big file's after ${bigMs.toFixed(0)} ms`);
    assert.deepEqual(small.map((d) => d.code), ['non-canonical']);
    assert.match(hover?.contents.value ?? '', /alias of `bash`/);
    assert.ok(smallMs < bigMs / 2, `the small file waited for the big one: ${smallMs.toFixed(0)} ms vs ${bigMs.toFixed(0)} ms`);
    assert.deepEqual(client.allPushed(bigUri).map((p) => p.version), [2], 'no push for the version replaced while it was analysed');
    assert.equal(pushed.length, 30_000);
    assert.deepEqual([pushed[0]!.code, pushed[0]!.range.start], ['non-canonical', { line: 1, character: 12 }]);
  });

  test('a client that reads slower than a big file\'s pushes come gets the newest, not a queue of every version gone', async (t) => {
    const slow = await LspClient.start();
    try {
      // 1,500 problems, 400 KB a push: more than the pipe holds.
      const uri = 'file:///slow-reader/mars.toml';
      await slow.open(uri, Array.from({ length: 1500 }, (_, i) => `[agents.a${i}.tools]\nallowed = ["Shell"]\n`).join(''));
      await slow.pushed(uri, 1, 20_000);
      const before = slow.allPushed(uri).length;
      // The client busy for 1.5 s while the user types: a push is made at least every 150 ms.
      slow.pauseReading();
      let version = 1;
      for (let k = 0; k < 60; k++) {
        await slow.change(uri, ++version, [{ range: { start: { line: 1, character: 12 }, end: { line: 1, character: 12 } }, text: 'x' }]);
        await new Promise((r) => setTimeout(r, 25));
      }
      slow.resumeReading();
      await slow.pushed(uri, version, 20_000);
      await new Promise((r) => setTimeout(r, 300)); // nothing older may follow
      const versions = slow.allPushed(uri).slice(before).map((p) => p.version);
      t.diagnostic(`pushes read once the client read again: versions ${versions.join(', ')}`);
      // The one being written when the client stopped reading, and the newest once it was written.
      assert.ok(versions.length <= 2, `the server queued a push for each version it made one of: ${versions.join(', ')}`);
      assert.equal(versions.at(-1), version);
    } finally {
      await slow.stop();
    }
  });

  test('the analyses of versions gone are not kept: 2 MB edited a section at a time, in a server of 100 MB of heap', async () => {
    const small = await LspClient.start({ pull: true, nodeArgs: ['--max-old-space-size=100'] });
    try {
      // Each version's text is 2 MB; one kept per section edited (each a finding whose fix may write a
      // table, which reads what the other sections define) ran the server out of memory by the 40th.
      const uri = 'file:///versions-gone/mars.toml';
      const sections = 2000;
      await small.open(uri, Array.from({ length: sections }, (_, i) => `[agents.a${i}]\ndisallowed = ["web"]\n# ${'x'.repeat(1000)}\n`).join(''));
      // A pull the server died under is never answered.
      let poll: ReturnType<typeof setInterval> | undefined;
      const exited = new Promise<never>((_, reject) => {
        poll = setInterval(() => small.exitCode !== null && reject(new Error(`the server exited: ${small.stderr.split('\n').find((l) => /heap/.test(l))}`)), 50);
      });
      const pulls = (async () => {
        assert.equal((await small.pulled(uri)).length, sections);
        for (let k = 0; k < 80; k++) {
          const line = ((k * 37) % sections) * 3 + 2;
          await small.change(uri, k + 2, [{ range: { start: { line, character: 2 }, end: { line, character: 2 } }, text: 'y' }]);
          assert.equal((await small.pulled(uri)).length, sections);
        }
      })();
      try {
        await Promise.race([pulls, exited]);
      } finally {
        clearInterval(poll);
      }
      assert.equal(small.exitCode, null);
    } finally {
      await small.stop();
    }
  });

  test('$/cancelRequest for pending, finished and unknown requests does not break the server', async (t) => {
    // A large document keeps the server busy with a fix-all while the next requests and their
    // cancels queue up behind it, so the cancels reach requests that are still pending.
    const uri = 'file:///cancel/mars.toml';
    const big = Array.from({ length: 1500 }, (_, i) => `[agents.a${i}.tools]\nallowed = ["Shell", "read", "bash(git log:*)", "mcp__s__t"]\n`).join('\n');
    await client.open(uri, big);
    await client.pushed(uri, 1, 30_000);
    await client.change(uri, 2, [{ range: { start: { line: 1, character: 12 }, end: { line: 1, character: 13 } }, text: 's' }]);
    const fixAll = { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 9000, character: 0 } },
      context: { diagnostics: [], only: ['source.fixAll'] } };
    const requests = [
      ['textDocument/codeAction', fixAll],
      ['textDocument/completion', { textDocument: { uri }, position: { line: 1, character: 13 } }],
      ['textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 13 } }],
    ] as const;
    const busy = client.conn.sendRequest('textDocument/codeAction', fixAll);
    const pending = requests.map(([method, params]) => {
      const source = new CancellationTokenSource();
      const p = client.conn.sendRequest(method, params, source.token);
      source.cancel();
      return p.then(() => `${method}: answered`, (e: { code?: number }) => `${method}: rejected ${e.code}`);
    });
    const outcomes = await Promise.all(pending);
    await busy;
    // Cancels for a request already answered, and for ids that never existed.
    await client.conn.sendNotification('$/cancelRequest', { id: 1 });
    await client.conn.sendNotification('$/cancelRequest', { id: 987_654 });
    await client.conn.sendNotification('$/cancelRequest', { id: 'no-such-request' });
    await client.conn.sendNotification('$/cancelRequest', {});
    for (const o of outcomes) t.diagnostic(o);
    for (const o of outcomes) assert.match(o, /answered|rejected -32800/, o);
    await client.pushed(uri, 2, 30_000);
    assert.equal(client.exitCode, null);
    await stillAnswers(client, 'cancel');
  });

  test('requests with bad parameters are answered and do not break the server', async () => {
    const uri = 'file:///bad-params/mars.toml';
    await client.open(uri, VALID);
    await client.pushed(uri, 1);
    const bad: Array<[string, unknown]> = [
      ['textDocument/hover', { textDocument: { uri }, position: { line: -5, character: 1e9 } }],
      ['textDocument/hover', { textDocument: { uri: 'file:///never/opened/mars.toml' }, position: { line: 0, character: 0 } }],
      ['textDocument/completion', { textDocument: { uri }, position: { line: 1e9, character: -1 } }],
      ['textDocument/completion', { textDocument: { uri } }],
      ['textDocument/codeAction', { textDocument: { uri }, range: { start: { line: 9, character: 9 }, end: { line: 0, character: 0 } }, context: { diagnostics: [] } }],
      ['textDocument/codeAction', { textDocument: { uri }, range: null, context: null }],
      ['textDocument/hover', null],
    ];
    for (const [method, params] of bad) {
      await client.conn.sendRequest(method, params).catch(() => undefined);
    }
    await client.conn.sendNotification('textDocument/didChange', { textDocument: { uri: 'file:///never/opened/mars.toml', version: 3 }, contentChanges: [{ text: 'x' }] });
    await client.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [] });
    assert.equal(client.exitCode, null);
    await stillAnswers(client, 'bad-params');
  });
});

// ---------------------------------------------------------------------------------------------
// (4) The protocol: well-formed requests and notifications of every method, with bad params.

/** What a client may send in the place of any part of a message's params (Infinity cannot be written: JSON has none). */
const BAD_VALUES: readonly unknown[] = [
  null, -1, -0, 0.5, 1.5, -2_147_483_649, 2_147_483_648, 2 ** 53, 1e308, -1e308, 1e21, '', '0', 'x', true, false, [], [0, 1], {},
  { line: 0 }, { start: {}, end: null }, { line: 1, character: 2 }, '\0', 'file:///', 'x'.repeat(10_000), [[[[[[]]]]]],
];
/** Numbers a position or a version may hold, in the document and past it. */
const NUMBERS: readonly number[] = [0, 1, 2, 5, 39, 40, 41, 200, 1e9, -1, -5, 0.5, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 2 ** 53 - 1];
const OMIT = Symbol('left out');
type Path = Array<string | number>;

/** Every path to a value in `v`, through objects and arrays, the root's ([]) first. */
function pathsIn(v: unknown, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) pathsIn(x, [...at, Array.isArray(v) ? Number(k) : k], out);
  return out;
}

/** `v` with the value at `path` replaced by `by` (left out for OMIT). */
function replacedAt(v: unknown, path: Path, by: unknown): unknown {
  if (path.length === 0) return by === OMIT ? undefined : by;
  const copy: Record<string | number, unknown> | unknown[] = Array.isArray(v) ? [...v] : { ...(v as object) };
  const [k, ...rest] = path as [string | number, ...Path];
  const inner = replacedAt((copy as Record<string | number, unknown>)[k], rest, by);
  if (inner === undefined && rest.length === 0) {
    if (Array.isArray(copy)) copy.splice(k as number, 1);
    else delete (copy as Record<string | number, unknown>)[k];
  } else (copy as Record<string | number, unknown>)[k] = inner;
  return copy;
}

/** The error codes a request of bad params may be answered with (InternalError, -32603, is a failure: the library's, on a TypeError). */
const REFUSALS: ReadonlyMap<number, string> = new Map([
  [-32602, 'InvalidParams'], [-32601, 'MethodNotFound'], [-32600, 'InvalidRequest'], [-32800, 'RequestCancelled'], [-32801, 'ContentModified'],
]);

describe('fuzz: the protocol, every method with bad params', () => {
  const PROTOCOL_MESSAGES = Number(process.env.MARS_PROTOCOL_MESSAGES ?? 700);
  const PROTOCOL_MS = Number(process.env.MARS_PROTOCOL_MS ?? 8_000);
  // VS Code's way (code action literals, a fix-all resolved), and a client without literals, whose
  // actions are the server's commands (workspace/executeCommand), their edits applied through it.
  const clients: ReadonlyArray<[string, () => Promise<LspClient>]> = [
    ['code actions resolved', () => LspClient.start({ pull: true, resolve: true, applyEdit: true })],
    ['code actions as commands', () => LspClient.start({
      capabilities: { workspace: { applyEdit: true, configuration: true }, textDocument: { diagnostic: {}, hover: { contentFormat: ['markdown'] }, codeAction: {} } },
    })],
  ];
  for (const [i, [kind, start]] of clients.entries()) {
    test(`${kind}: every request is answered, with a result or a refusal, and the server's documents stay right (${PROTOCOL_MESSAGES} messages)`, async (t) => {
      const client = await start();
      try {
        await protocolFuzz(client, SEED + 4 + i, PROTOCOL_MESSAGES, PROTOCOL_MS, t);
      } finally {
        await client.stop();
      }
    });
  }
});

async function protocolFuzz(client: LspClient, seed: number, PROTOCOL_MESSAGES: number, PROTOCOL_MS: number, t: { diagnostic: (m: string) => void }): Promise<void> {
  const errors = serverErrors(client);
  const random = rng(seed);
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  t.diagnostic(`seed ${seed} (replay with MARS_FUZZ_SEED=${SEED})`);

  const known = 'file:///protocol/known/mars.toml';
  const scratch = 'file:///protocol/scratch/mars.toml';
  const unopened = 'file:///protocol/never/mars.toml';
  await client.open(known, VALID);
  await client.open(scratch, VALID);
  const lines = VALID.split('\n').length;
  // What the known document answers before: the same after, whatever came between.
  const hoverAt = { textDocument: { uri: known }, position: { line: 10, character: 5 } };
  const hoverBefore = await client.request<{ contents: { value: string } } | null>('textDocument/hover', hoverAt);
  assert.match(hoverBefore?.contents.value ?? 'no hover', /^\*\*Capability\*\* `read`/);
  const diagnostics = await client.pulled(known);
  const actions = await client.request<Array<{ title: string; edit?: unknown; data?: unknown; command?: string | { command: string; arguments?: unknown[] }; arguments?: unknown[] }>>('textDocument/codeAction', {
    textDocument: { uri: known }, range: { start: { line: 0, character: 0 }, end: { line: lines, character: 0 } }, context: { diagnostics },
  });
  assert.ok(diagnostics.length > 5 && actions.length > 5);
  // The client's answers to the server's edits: applied, refused, or of a shape a broken client sends.
  client.conn.onRequest('workspace/applyEdit', () => pick<unknown>([{ applied: true }, { applied: false, failureReason: 'no' }, { applied: false }, null, {}, { applied: 'yes' }]));

  const uri = () => pick([known, known, known, scratch, unopened, 'file:///protocol/other.toml', 'untitled:mars.toml', '']);
  const position = () => ({ line: int(lines + 3), character: int(70) });
  const range = () => ({ start: position(), end: position() });
  let version = 1;
  const requests: Array<() => [string, unknown]> = [
    () => ['textDocument/hover', { textDocument: { uri: uri() }, position: position() }],
    () => ['textDocument/completion', { textDocument: { uri: uri() }, position: position(), context: { triggerKind: pick([1, 2, 3]), triggerCharacter: pick(['"', '(', ',']) } }],
    () => ['textDocument/definition', { textDocument: { uri: uri() }, position: position() }],
    () => ['textDocument/codeAction', {
      textDocument: { uri: uri() }, range: range(),
      context: { diagnostics: pick([[], [pick(diagnostics)], diagnostics.slice(0, 4)]), ...(int(2) ? { only: pick([['quickfix'], ['source.fixAll'], ['source'], []]) } : {}), triggerKind: pick([1, 2]) },
    }],
    () => ['codeAction/resolve', pick(actions)],
    () => ['textDocument/diagnostic', { textDocument: { uri: uri() }, ...(int(2) ? { identifier: 'mars', previousResultId: 'x' } : {}) }],
    () => {
      // An action's command (a Command, or the command of a fix-all), as offered, or one made up.
      const a = pick(actions);
      const offered = typeof a.command === 'string' ? { command: a.command, arguments: a.arguments } : a.command;
      if (offered && int(3)) return ['workspace/executeCommand', offered];
      return ['workspace/executeCommand', int(2)
        ? { command: 'mars.applyEdit', arguments: [a.edit ?? {}, { stamp: int(5) }] }
        : { command: 'mars.fixAll', arguments: [a.data ?? { uri: known, version: 1, code: null }, { stamp: int(5) }] }];
    },
    () => ['textDocument/formatting', { textDocument: { uri: uri() }, options: { tabSize: 2, insertSpaces: true } }],
    () => ['textDocument/rangeFormatting', { textDocument: { uri: uri() }, range: range(), options: { tabSize: 2, insertSpaces: true } }],
    () => ['textDocument/documentSymbol', { textDocument: { uri: uri() } }],
    () => ['mars/noSuchRequest', {}],
  ];
  // Not of the known document, which the requests' answers are checked on.
  const otherUri = () => pick([scratch, scratch, scratch, unopened, `file:///protocol/${int(20)}/mars.toml`, 'file:///protocol/other.toml', '']);
  const notifications: Array<() => [string, unknown]> = [
    () => {
      version += pick([1, 1, 1, 0, -3]);
      const change = () => (int(5) === 0 ? { text: pick(NOISE) } : { range: range(), text: pick(NOISE) });
      return ['textDocument/didChange', { textDocument: { uri: otherUri(), version }, contentChanges: Array.from({ length: 1 + int(3) }, change) }];
    },
    () => ['textDocument/didOpen', { textDocument: { uri: `file:///protocol/${int(20)}/mars.toml`, languageId: 'toml', version: int(3), text: pick([SMALL, VALID, '', '[']) } }],
    () => ['textDocument/didClose', { textDocument: { uri: `file:///protocol/${int(20)}/mars.toml` } }],
    () => ['textDocument/didSave', { textDocument: { uri: otherUri() }, text: SMALL }],
    () => ['$/cancelRequest', { id: pick<unknown>([`raw-${int(50)}`, int(50), 'none']) }],
    () => ['workspace/didChangeWatchedFiles', { changes: [{ uri: 'file:///protocol/mcp/x/mcp.toml', type: pick([1, 2, 3]) }] }],
  ];
  /** A template's params, bad in one to three places (now and then wholly). */
  const spoil = (params: unknown): unknown => {
    let p = params;
    for (let k = 1 + int(3); k > 0; k--) {
      const all = pathsIn(p);
      const at = int(20) === 0 ? [] : all.length > 1 ? pick(all.slice(1)) : [];
      p = replacedAt(p, at, int(5) === 0 ? OMIT : int(3) === 0 ? pick(NUMBERS) : pick(BAD_VALUES));
      if (p === undefined || p === null || typeof p !== 'object') break;
    }
    return p;
  };

  const problems: string[] = [];
  const refused = new Map<string, number>();
  let answered = 0;
  const started = now();
  let sent = 0;
  while (sent < PROTOCOL_MESSAGES && now() - started < PROTOCOL_MS) {
    // A few at a time, answered in any order, notifications among them.
    const batch: Array<Promise<void>> = [];
    for (let b = 1 + int(8); b > 0 && sent < PROTOCOL_MESSAGES; b--, sent++) {
      if (int(3) === 0) {
        const [method, params] = pick(notifications)();
        await client.writeRaw({ jsonrpc: '2.0', method, ...(int(4) ? { params: spoil(params) } : { params }) });
        continue;
      }
      const [method, template] = pick(requests)();
      const params = int(6) ? spoil(template) : template;
      const what = `${method} ${JSON.stringify(params)?.slice(0, 300)}`;
      const timeout = new Promise<'silence'>((resolve) => setTimeout(() => resolve('silence'), 10_000).unref());
      batch.push(Promise.race([client.rawRequest(method, params), timeout]).then((answer) => {
        if (answer === 'silence') return void problems.push(`no answer within 10 s: ${what}`);
        answered++;
        if (answer.error) {
          const name = REFUSALS.get(answer.error.code);
          if (!name) problems.push(`answered ${answer.error.code} (${answer.error.message}): ${what}`);
          else if (!answer.error.message) problems.push(`${name} without a message: ${what}`);
          else refused.set(`${method}: ${name}`, (refused.get(`${method}: ${name}`) ?? 0) + 1);
        } else if (!('result' in answer)) problems.push(`answered with neither a result nor an error: ${what}`);
      }));
    }
    await Promise.all(batch);
    if (client.exitCode !== null) {
      problems.push(`the server exited (${client.exitCode}) after ${sent} messages\n${client.stderr.slice(-2000)}`);
      break;
    }
  }
  t.diagnostic(`${sent} messages, ${answered} requests answered in ${(now() - started).toFixed(0)} ms; refusals: ${[...refused].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  assert.deepEqual(problems, [], `seed ${SEED}`);
  assert.deepEqual(errors, [], `the server logged an error (seed ${SEED})`);

  // The known document answers as before; the scratch one, given a whole text, is that text.
  const hoverAfter = await client.request<{ contents: { value: string } } | null>('textDocument/hover', hoverAt);
  assert.deepEqual(hoverAfter, hoverBefore);
  assert.deepEqual(await client.pulled(known), diagnostics);
  await client.change(scratch, 1e7, [{ text: SMALL }]);
  const fresh = 'file:///protocol/fresh/mars.toml';
  await client.open(fresh, SMALL);
  const key = (d: Diagnostic) => JSON.stringify([d.code, d.range, d.message]);
  assert.deepEqual((await client.pulled(scratch)).map(key), (await client.pulled(fresh)).map(key), `seed ${SEED}`);
  assert.equal(client.exitCode, null);
}
