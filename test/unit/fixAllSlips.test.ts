// Fix-all does not depend on where a syntax error is: a seeded, bounded property test. Valid generated
// documents (test/support/marsDocs.ts) get one line broken by a slip whose syntax error has a safe
// fix (a comma removed between two items on one line, a comma typed twice, a `;` for a comma, a name
// written without its quotes, curly quotes, guillemets, a no-break space for a space, a `;` or `,` ending a
// `key = value` line, a `:` or `==` for its `=`, a header or a string left open, the quotes of a key's part
// that needs them left out, braces for a list's brackets), and fix-all of the broken text must give
// what fix-all of the valid text gives, and count one problem more (the syntax error, fixed on the
// way, and those past the slip that it hid, at most one less each: README, "--fix"). Fixed with the error, what came before it was once judged without what
// comes after (an `mcp__gh__x` renamed in `allowed` made the same rename in `disallowed`, past the
// error, a conflict, so that one was left).
//
// No difference is let through: each slip is one whose fix writes back what was taken (a comma and
// the space after it stay; the quotes written are `"`, as the ones taken). A slip whose error has
// no safe fix (a bare word that is no name, a quote inside a string) is skipped, and counted.
// Replay with MARS_SLIPS_SEED=<n>; MARS_SLIPS_ROUNDS=<n> for more documents. Bounded by time too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeDocument, documentFindings } from '../../server/src/analysis/document';
import { countFixAll, documentFixAll } from '../../server/src/analysis/documentFixAll';
import { reportFindings } from '../../server/src/analysis/report';
import { applyEdits } from '../../server/src/analysis/edits';
import { generator } from '../support/marsDocs';
import { failureReport, type Failure } from '../support/failures';
import { rng } from '../support/rng';
import { meantBare } from '../../server/src/toml/bareWords';
import { readsAsValue } from '../../server/src/toml/listWithoutBrackets';

const SEED = Number(process.env.MARS_SLIPS_SEED ?? 20_261_206);
const ROUNDS = Number(process.env.MARS_SLIPS_ROUNDS ?? 1000);
const TIME_LIMIT_MS = Number(process.env.MARS_SLIPS_MS ?? 30_000);

/** What fix-all writes of `text`, and what it counts as fixed. */
function fixAll(text: string): { text: string; fixed: number } {
  const counter = { fixed: 0 };
  const edits = documentFixAll(analyzeDocument(text), {}, undefined, counter);
  return { text: applyEdits(text, edits), fixed: counter.fixed };
}

const syntaxErrors = (text: string) => documentFindings(analyzeDocument(text)).filter((f) => f.code === 'toml-syntax');

/**
 * How many findings of `valid` the broken text (`text`, which differs from it on line `n` only) does
 * not show: none of its code and message starts at the same place, counted from the line's start before that
 * line, from the text's end after it, and anywhere on the line.
 */
function unseenIn(valid: string, text: string, n: number): number {
  const lineStart = (t: string) => t.split('\n').slice(0, n).join('\n').length;
  const lineEnd = (t: string) => t.split('\n').slice(0, n + 1).join('\n').length;
  const where = (t: string, start: number) =>
    start < lineStart(t) ? `before ${start}` : start > lineEnd(t) ? `after ${t.length - start}` : 'on the line';
  // Said the same too: the slip may make a finding of the same code on its line (braces for brackets: the list "must be a list").
  const shown = documentFindings(analyzeDocument(text)).map((f) => `${f.code} ${where(text, f.span.start)} ${f.message}`);
  let unseen = 0;
  for (const f of documentFindings(analyzeDocument(valid))) {
    const i = shown.indexOf(`${f.code} ${where(valid, f.span.start)} ${f.message}`);
    if (i < 0) unseen++;
    else shown.splice(i, 1);
  }
  return unseen;
}

type Slip = 'comma removed' | 'comma twice' | 'semicolon' | 'bare name' | 'curly quotes' | 'guillemets' | 'no-break space' | 'semicolon ending' | 'comma ending'
  | 'colon' | 'equals twice' | 'header open' | 'string open' | 'key unquoted' | 'braces' | 'comma and quotes' | 'yaml list' | 'yaml text' | 'slashes' | 'lines joined';
const SLIPS: readonly Slip[] = ['comma removed', 'comma twice', 'semicolon', 'bare name', 'curly quotes', 'guillemets', 'no-break space', 'semicolon ending', 'comma ending',
  'colon', 'equals twice', 'header open', 'string open', 'key unquoted', 'braces', 'comma and quotes', 'yaml list', 'yaml text', 'slashes', 'lines joined'];

// Two double-quoted items on one line with `, ` between them; a double-quoted item of a list (after
// `[` or `, `, before `,` or `]`) that is a plain name.
const BETWEEN = /"(?:[^"\\]|\\.)*", (?=")/g;
const ITEM = /(?<=\[|, )"([A-Za-z_][A-Za-z0-9_]*)"(?=,|\])/g;
// A `key = value` line (a header's or a list's line is not), its value ending on it.
const STATEMENT = /^[ \t]*[A-Za-z0-9_"'.-]+[ \t]*=[ \t]*\S.*[\]}"'0-9a-z]$/;
// A bare key's ` = ` (a quoted key's may hold one); a header's closing brackets, no blank before them (the
// fix writes them before blanks); the last double-quoted string of a line, closers, commas and blanks after it only,
// not ending in a blank (the fix cannot know it was in the string: `"a ` is taken as `"a"`, and `"a ]` is a guess).
const KEY_EQUALS = /^([ \t]*[A-Za-z0-9_.-]+) = /;
// A double-quoted part of a key or a header's name (before `=`, `.`, `]`) that a bare key cannot write (not a
// `.`, which would split it, nor what TOML reads another way unquoted: a quote, a backslash, `=`, `#`, brackets).
const QUOTED_PART = /(?<=^[ \t]*\[{0,2}(?:[^=]*\.)?[ \t]*)"([^"\\.=#[\]{}'\s](?:[^"\\.=#[\]{}']*[^"\\.=#[\]{}'\s])?)"(?=[ \t]*[.=\]])/g;
// ... and of an inline table's key, right after its `{` or a `,`, before its `=`.
const QUOTED_INLINE_PART = /(?<=[{,][ \t]*)"([^"\\.=#[\]{}'\s](?:[^"\\.=#[\]{}']*[^"\\.=#[\]{}'\s])?)"(?=[ \t]*=)/g;
// A key's list of strings on one line (not empty: `{}` is a table), whose brackets a set's braces may take (`{"read"}`).
const STRINGS_LIST = /(?<== )\[("(?:[^"\\]|\\.)*"(?:, "(?:[^"\\]|\\.)*")*)\]/g;
// A statement whose value is a list of strings on its line, the list all of it (YAML writes one an item a line).
const KEY_LIST = /^([ \t]*[A-Za-z0-9_.-]+) = \[("(?:[^"\\]|\\.)*"(?:, "(?:[^"\\]|\\.)*")*)\]$/;
// A statement whose value is a string YAML writes bare as the same text (a front matter's `key: text`): plain, starting
// with a letter, no quote, backslash, `#` or `:` in it, no blank at its end.
const KEY_TEXT = /^([ \t]*[A-Za-z0-9_.-]+) = "([A-Za-z_](?:[^"\\#:]*[^"\\#:\s])?)"$/;
const HEADER = /^(\[\[?[^\]"']*[^\]"'\s])(\]\]?)$/;
const LAST_STRING = /"(?:(?:[^"\\]|\\.)*[^"\\\s])?"[ \t,\]}]*$/;
// A line's comment, first on it or after a blank: its `#` the last, no quote after it (not one in a string).
const COMMENT = /^(|.*[ \t])#(?=[^"'#]*$)/;

/** `line` broken by `slip` at a place `pick` chooses among those where it can be made, or null. */
function broken(line: string, slip: Slip, pick: (n: number) => number): string | null {
  const at = (re: RegExp) => [...line.matchAll(re)];
  const choose = <T>(xs: readonly T[]): T | null => (xs.length === 0 ? null : xs[pick(xs.length)]!);
  if (slip === 'semicolon ending' || slip === 'comma ending') return STATEMENT.test(line) && !/[\[{]$/.test(line) ? `${line}${slip === 'comma ending' ? ',' : ';'}` : null;
  if (slip === 'colon' || slip === 'equals twice') {
    const key = KEY_EQUALS.exec(line)?.[1];
    return key === undefined ? null : `${key}${slip === 'colon' ? ': ' : ' == '}${line.slice(key.length + 3)}`;
  }
  if (slip === 'header open') return HEADER.exec(line)?.[1] ?? null;
  if (slip === 'yaml text') {
    // Not what TOML reads bare, nor a word meant bare (`tru`), which YAML text is not taken for.
    const m = KEY_TEXT.exec(line);
    return m && !readsAsValue(m[2]!) && !meantBare(m[2]!) ? `${m[1]}: ${m[2]}` : null;
  }
  if (slip === 'slashes') {
    // A comment written as JavaScript writes one (`# note` -> `// note`): the only slip made where a line has a `#`.
    // Not a mars-ignore, which then silences nothing, so fix-all fixes what it names (README, Syntax errors).
    const m = line.includes('mars-ignore') ? null : COMMENT.exec(line);
    return m ? `${m[1]}//${line.slice(m[0].length)}` : null;
  }
  if (slip === 'braces') {
    const m = choose(at(STRINGS_LIST));
    return m ? `${line.slice(0, m.index)}{${m[1]}}${line.slice(m.index! + m[0].length)}` : null;
  }
  if (slip === 'key unquoted') {
    const m = choose([...at(QUOTED_PART), ...at(QUOTED_INLINE_PART)].filter((m) => !/^[A-Za-z0-9_-]+$/.test(m[1]!)));
    return m ? line.slice(0, m.index) + m[1]! + line.slice(m.index! + m[0].length) : null;
  }
  if (slip === 'string open') {
    const m = LAST_STRING.exec(line);
    if (!m) return null;
    const quote = m.index + m[0].lastIndexOf('"');
    return line.slice(0, quote) + line.slice(quote + 1);
  }
  if (slip === 'yaml list') {
    // `key = ["a", "b"]` as YAML writes it: `key:`, then `  - a` a line, plain names bare. Where it fits on its line
    // (80 characters): a longer one is written back an item a line.
    const m = line.length <= 80 ? KEY_LIST.exec(line) : null;
    return m ? `${m[1]}:${[...m[2]!.matchAll(/"(?:[^"\\]|\\.)*"/g)].map(([s]) => `\n  - ${/^"[A-Za-z_][A-Za-z0-9_]*"$/.test(s) ? s.slice(1, -1) : s}`).join('')}` : null;
  }
  if (slip === 'comma and quotes') {
    // The comma before a plain name dropped, and its quotes (`"a", "b"` -> `"a" b`).
    const m = choose(at(ITEM).filter((m) => line.slice(0, m.index).endsWith('", ') && !/^(true|false|inf|nan)$/.test(m[1]!)));
    return m ? `${line.slice(0, m.index! - 2)} ${m[1]}${line.slice(m.index! + m[0].length)}` : null;
  }
  if (slip === 'bare name' || slip === 'curly quotes' || slip === 'guillemets') {
    const m = choose(at(ITEM).filter((m) => !/^(true|false|inf|nan)$/.test(m[1]!)));
    if (!m) return null;
    const item = slip === 'bare name' ? m[1]! : slip === 'curly quotes' ? `\u201c${m[1]}\u201d` : `\u00ab${m[1]}\u00bb`;
    return line.slice(0, m.index) + item + line.slice(m.index! + m[0].length);
  }
  const m = choose(at(BETWEEN));
  if (!m) return null;
  const comma = m.index! + m[0].length - 2;
  const to = slip === 'comma removed' ? '' : slip === 'comma twice' ? ',,' : slip === 'semicolon' ? ';' : ',\u00a0';
  return line.slice(0, comma) + to + line.slice(comma + (slip === 'no-break space' ? 2 : 1));
}

test('fix-all of a text with one slip gives what fix-all of the text without it gives', () => {
  const random = rng(SEED);
  const next = generator(random);
  const int = (n: number) => Math.floor(random() * n);
  const failures: Failure[] = [];
  const started = performance.now();
  const tried = new Map<Slip, number>(SLIPS.map((s) => [s, 0]));
  let skipped = 0;
  let documents = 0;
  for (; documents < ROUNDS && performance.now() - started < TIME_LIMIT_MS; documents++) {
    const valid = next();
    // Valid TOML as Mars reads it, with no multi-line string a broken line could be in.
    if (/"""|'''/.test(valid) || syntaxErrors(valid).length > 0) continue;
    const lines = valid.split('\n');
    const slip = SLIPS[int(SLIPS.length)]!;
    // Lines joined: a statement and the next, neither indented, on one line (a line break lost in a paste).
    const joins = slip === 'lines joined';
    const joinable = (i: number) => [lines[i]!, lines[i + 1] ?? ''].every((l) => KEY_EQUALS.test(l) && /^\S/.test(l) && !l.includes('#')) && STATEMENT.test(lines[i]!);
    const candidates = lines.flatMap((l, i) => ((slip === 'slashes') === l.includes('#') && (joins ? joinable(i) : broken(l, slip, () => 0) !== null) ? [i] : []));
    if (candidates.length === 0) continue;
    const n = candidates[int(candidates.length)]!;
    const text = joins ? [...lines.slice(0, n), `${lines[n]} ${lines[n + 1]}`, ...lines.slice(n + 2)].join('\n') : [...lines.slice(0, n), broken(lines[n]!, slip, int)!, ...lines.slice(n + 1)].join('\n');
    const errors = syntaxErrors(text);
    if (!errors.some((f) => f.fixes.some((x) => x.safe))) {
      skipped++;
      continue;
    }
    tried.set(slip, tried.get(slip)! + 1);
    try {
      const [want, got] = [fixAll(valid), fixAll(text)];
      const show = `--- slip: ${slip}, line ${n + 1}\n--- valid\n${valid}\n--- broken\n${text}\n--- fix-all of the valid text (${want.fixed} fixed)\n${want.text}\n--- fix-all of the broken text (${got.fixed} fixed)\n${got.text}`;
      if (got.text !== want.text) failures.push({ property: `the same text (${slip})`, text, detail: show });
      else {
        // The count: what was shown at the start and fixed, and the slip. What the slip hid (the
        // entries past it on its line, read as a guess) is fixed but not counted: at most one less each.
        const hidden = unseenIn(valid, text, n);
        if (got.fixed > want.fixed + 1 || got.fixed < want.fixed + 1 - hidden) failures.push({ property: `counts what was shown, and the slip (${slip})`, text, detail: `${show}\n--- hidden by the slip: ${hidden}` });
      }
    } catch (e) {
      failures.push({ property: `no exception (${String(e).replace(/\d+/g, 'N')})`, text, detail: `--- input\n${text}\n--- ${e instanceof Error ? e.stack : String(e)}` });
    }
  }
  console.log(`# seed ${SEED}: ${documents} documents, slips ${[...tried].map(([s, k]) => `${s} ${k}`).join(', ')}, ${skipped} with no safe fix, ${failures.length} failures, ${Math.round(performance.now() - started)} ms`);
  assert.ok([...tried.values()].every((k) => k > 0), 'every slip tried');
  assert.equal(failures.length, 0, failureReport(failures));
});

// What this test found, each on its own: fix-all fixed an entry before a syntax error in the pass
// that fixed the error, judged without the entries past it, read as a guess. (1) The same rename
// past the error was then one that makes a conflict (`allowed` holding `mcp(gh/x)` already), and was
// left: `mcp__gh__x` in one list, `mcp(gh/x)` in the other, where fix-all of the text without the
// slip renames both (the conflict is there as written). (2) The entry's own fix made the conflict,
// its partner past the error (`'Shell( '` and `" shell"` both made `bash`; `bash(` made `bash` beside
// an allowed `bash`). Now a pass that fixes a syntax error fixes that alone, and counts it; the next
// fixes the rest as in the text without the slip, counting what was shown at the start.
// [text, fix-all's output, what it counts as fixed]
const FOUND: ReadonlyArray<readonly [string, string, number]> = [
  ['[agents.a.tools]\nallowed = ["mcp__gh__x", "a" "b"]\ndisallowed = ["mcp__gh__x"]\n', '[agents.a.tools]\nallowed = ["mcp(gh/x)", "a", "b"]\ndisallowed = ["mcp(gh/x)"]\n', 3],
  ['[agents.a.tools]\nallowed = ["mcp__gh__x",, "a"]\ndisallowed = ["mcp__gh__x"]\n', '[agents.a.tools]\nallowed = ["mcp(gh/x)", "a"]\ndisallowed = ["mcp(gh/x)"]\n', 3],
  ['[agents.a.tools]\nallowed = ["mcp__gh__x", a]\ndisallowed = ["mcp__gh__x"]\n', '[agents.a.tools]\nallowed = ["mcp(gh/x)", "a"]\ndisallowed = ["mcp(gh/x)"]\n', 3],
  ['[agents.a.tools]\nallowed = ["mcp__gh__x",\u00a0"a"]\ndisallowed = ["mcp__gh__x"]\n', '[agents.a.tools]\nallowed = ["mcp(gh/x)", "a"]\ndisallowed = ["mcp(gh/x)"]\n', 3],
  ['[agents.a.tools]\nallowed = ["mcp__gh__x", \u201ca\u201d]\ndisallowed = ["mcp__gh__x"]\n', '[agents.a.tools]\nallowed = ["mcp(gh/x)", "a"]\ndisallowed = ["mcp(gh/x)"]\n', 3],
  ['[agents.a.tools]\nallowed = ["mcp__gh__x"]]\ndisallowed = ["mcp__gh__x"]\n', '[agents.a.tools]\nallowed = ["mcp(gh/x)"]\ndisallowed = ["mcp(gh/x)"]\n', 3],
  ['[agents.a.tools]\nallowed = ["mcp__gh__x"\ndisallowed = ["mcp__gh__x"]\n', '[agents.a.tools]\nallowed = ["mcp(gh/x)"]\ndisallowed = ["mcp(gh/x)"]\n', 3],
  // (2) The rename before the error makes a conflict with the list past it: neither made nor promised.
  ['[agents.a.tools]\nallowed = ["mcp__gh__x", "a" "b"]\ndisallowed = ["mcp(gh/x)"]\n', '[agents.a.tools]\nallowed = ["mcp__gh__x", "a", "b"]\ndisallowed = ["mcp(gh/x)"]\n', 1],
  // No conflict made; the syntax error fixed, and what the two shown lists held respelt alone.
  ['[agents.a.tools]\nallowed = [\'Shell( \', "x" "y"]\ndisallowed = [" shell"]\n', '[agents.a.tools]\nallowed = [\'Shell( \', "x", "y"]\ndisallowed = ["bash"]\n', 2],
  ['[agents.a.tools]\ndisallowed = ["bash(", "x" "y"]\nallowed = ["bash"]\n', '[agents.a.tools]\ndisallowed = ["bash(", "x", "y"]\nallowed = ["bash"]\n', 1],
  ['[skills.c]\ntools.allowed = [\'Shell( \', \u201cTerminal\u201d, "x"]\ntools."bash()" = true\n', '[skills.c]\ntools.allowed = ["bash", "x"]\ntools."bash()" = true\n', 2],
  // A header left open (`[agents.b`), the sections of its root below it left to fix-all's next pass: what they showed
  // is counted there, a finding that needs the reading before it in its section too (`x-y.tool.Allowed` beside
  // `x-y.tools.allowed`), as the text without the slip counts it (seed 4545).
  ['[agents.b\n[agents]\nx-y.tools.allowed = ["read"]\nx-y.tool.Allowed = []\n', '[agents.b]\n[agents]\nx-y.tools.allowed = ["read"]\n', 2],
];

for (const [text, want, count] of FOUND) {
  test(`fix-all past a syntax error: ${JSON.stringify(text)}`, () => {
    const got = fixAll(text);
    assert.deepEqual(got, { text: want, fixed: count });
    // What the lightbulb and the checker's "(N fixable with --fix)" promise: no more than it fixes.
    const promised = countFixAll(analyzeDocument(text), {}, undefined, Infinity);
    const fixable = { count: 0 };
    reportFindings(text, () => {}, false, {}, fixable);
    assert.ok(promised <= count && fixable.count === promised, `promised ${promised}, fixable ${fixable.count}, fixed ${count}`);
  });
}
