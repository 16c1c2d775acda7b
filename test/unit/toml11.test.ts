// What TOML 1.1 added, which smol-toml (the syntax verdict) accepts and Mars's TOML 1.0 parser
// (Rust's `toml` 0.8) refuses: found, and rewritten in TOML 1.0. A table of cases, then random
// documents held to a TOML 1.0 parser's verdict (toml-eslint-parser with tomlVersion 1.0.0).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'smol-toml';
import { parseTOML } from 'toml-eslint-parser';
import { toml11Constructs } from '../../server/src/toml/toml11';
import { analyzeDocument, documentFindings } from '../../server/src/analysis/document';
import { documentFixAll } from '../../server/src/analysis/documentFixAll';
import { applyEdits } from '../../server/src/analysis/edits';
import { rng } from '../support/rng';
import { tomlEditTakes } from '../support/tomlEdit';

/** Each construct as `text under its span -> its rewrite` (`-> none` without one). */
function check(input: string, expected: string[]): void {
  const found = toml11Constructs(input).map((c) => `${input.slice(c.span.start, c.span.end)} -> ${c.rewrite ? c.rewrite.newText() : 'none'}`);
  assert.deepEqual(found, expected, JSON.stringify(input));
}

const CASES: Array<[name: string, input: string, expected: string[]]> = [
  ['TOML 1.0 is left alone', 'a = { b = 1, c = [1, 2,] }\nd = 07:32:00\ne = 1979-05-27T07:32:00-07:00\nf = "\\u001B\\n"\n', []],
  ['an array over lines in an inline table is TOML 1.0', 'a = { b = [\n  1, # one\n  2,\n] }\n', []],
  ['a multi-line string in an inline table is TOML 1.0', 'a = { b = """\nx\n""", c = 1 }\n', []],
  ['`\\e` and `\\x` in a literal string are text', "a = 'x\\e\\x41'\nb = '''\\e'''\n", []],
  ['an inline table over lines: on one line', 'tools = {\n  allowed = ["bash"],\n  disallowed = [\n    "web",\n  ],\n}\n', ['{ -> { allowed = ["bash"], disallowed = ["web"] }']],
  ['shown on its first line', 'a = { b = 1,\n  c = 2 }\n', ['{ b = 1, -> { b = 1, c = 2 }']],
  ['shown on its first line, without the blanks at its end', 'a = { b = 1, \t\n  c = 2 }\n', ['{ b = 1, -> { b = 1, c = 2 }']],
  ['an empty one', 'a = {\n}\n', ['{ -> { }']],
  // A comma before `]` with no line break after it is kept, as written (optional there).
  ['a trailing comma before `]` on its line is kept', 'a = {\n  b = [1, 2, ]\n}\n', ['{ -> { b = [1, 2, ] }']],
  ['CRLF', 'a = {\r\n  b = 1\r\n}\r\n', ['{ -> { b = 1 }']],
  ['strings kept as written', 'a = {\n  b = "x  \\" }\\n",\n  c = """\n  y\n  """\n}\n', ['{ -> { b = "x  \\" }\\n", c = """\n  y\n  """ }']],
  // A backslash is text in a literal string: one ending in it is closed by its quotes after it, the rest of the table read on.
  ['a multi-line literal string ending in a backslash', "a = { b = '''C:\\''',\n  c = [1,\n 2] }\n", ["{ b = '''C:\\''', -> { b = '''C:\\''', c = [1, 2] }"]],
  ['with a comment inside: no rewrite', 'a = { # note\n  b = 1\n}\n', ['{ -> none']],
  ['a comment in a nested list still blocks it', 'a = {\n  b = [ # one\n  1 ]\n}\n', ['{ -> none']],
  // Commas leading the items, or on lines of their own: no blank before them once on one line.
  ['an inline table over lines, its list with commas on lines of their own', 'tools = {\n  disallowed = [\n    "web"\n    ,\n    "agent"\n    ,\n  ],\n}\n', ['{ -> { disallowed = ["web", "agent"] }']],
  ['commas leading the items', 'tools = {\n  allowed = [\n    "a"\n    , "b"\n  ]\n  , disallowed = []\n}\n', ['{ -> { allowed = ["a", "b"], disallowed = [] }']],
  ['nested: one problem, whose rewrite writes them all on one line', 'a = {\n  b = {\n    c = 1\n  }\n}\n', ['{ -> { b = { c = 1 } }']],
  ['nested in one with a comment: each inner one has its own', 'a = { # c\n  b = {\n    c = [\n  1 ]\n  }\n}\n', ['{ -> { c = [1 ] }', '{ -> none']],
  ['a time straight after `=`', 'x=07:32\ny = {z=07:32}\n', ['07:32 -> 07:32:00', '07:32 -> 07:32:00']],
  ['a trailing comma before blanks and `}` in a table over lines', 'a = {\n  b = 1, }\n', ['{ -> { b = 1 }']],
  ['a day past its month\'s end (no rewrite); a key that looks like a date is a key', 'a = 1979-04-31\n1979-04-31 = 2\nb = 2000-02-29\nc = [2001-02-29T07:32:00Z]\n', ['1979-04-31 -> none', '2001-02-29 -> none']],
  ['November has 30 days, December 31', 'a = 1979-11-31\nb = 1979-11-30\nc = 1979-12-31\n', ['1979-11-31 -> none']],
  ['a header\'s key that looks like a date is a key', '[1979-04-31]\n[[x. 2001-02-29.y]]\n[z]\nw = 1979-04-31\n', ['1979-04-31 -> none']],
  ['a trailing comma', 'a = { b = 1, }\nc = { d = { e = 1,} }\n', [', -> ', ', -> ']],
  ['`\\e`', 'a = "\\e[0m"\n', ['\\e -> \\u001B']],
  ['`\\xHH`, in keys and headers too', '"k\\x41" = "\\x7e"\n["t\\xff"]\n', ['\\x41 -> \\u0041', '\\x7e -> \\u007E', '\\xff -> \\u00FF']],
  ['in a multi-line basic string', 'a = """\n\\e\\\\e\n"""\n', ['\\e -> \\u001B']],
  ['a time without seconds', 'a = 07:32\nb = 1979-05-27T07:32Z\nc = 1979-05-27 07:32\nd = 1979-05-27t07:32+01:00\n', ['07:32 -> 07:32:00', '07:32 -> 07:32:00', '07:32 -> 07:32:00', '07:32 -> 07:32:00']],
  ['an offset is not a time', 'a = 1979-05-27T07:32:00+07:00\nb = [07:32:00.999]\n', []],
  ['a float that overflows (+infinity only: toml_edit takes `-1e400`)', 'a = 1e400\nb = -1e400\nc = 1.7976931348623157e308\nd = [+1_0E3_09]\ne = 1.8e308\n', ['1e400 -> none', '+1_0E3_09 -> none', '1.8e308 -> none']],
  // smol-toml's date reader skips some characters, and takes `+0100` at the text's end; toml_edit refuses both.
  ['a date with other characters in its digits', 'a = 1979-05- 7\nb = [1979- 5-27]\nc = 1979-0:-27\nd = 1979-05-27\n', ['1979-05- 7 -> none', '1979- 5-27 -> none', '1979-0:-27 -> none']],
  ['an offset without its colon, at the end of the text', 'a = 1979-05-27T00:00:00.5-0130', ['-0130 -> -01:30']],
  ['a key is never a value, whatever follows it; a value is, whatever is in it', 'a = 1979-05-=7\n2024-x."b" = 1\nc = { 2024-y. z = 1, 1979-04-31 = 2 }\n[t]\n1979-04-31."b" = 1\n', ['1979-05-=7 -> none']],
];

for (const [name, input, expected] of CASES) test(`TOML 1.1: ${name}`, () => check(input, expected));

// The comma goes with the blanks before it and all but the last after it, where a blank follows it: `{ b = 1 , }` left `{ b = 1  }`.
const TRAILING_COMMAS: Array<[string, string]> = [
  ['a = { b = 1, }\n', 'a = { b = 1 }\n'],
  ['a = { b = 1 , }\n', 'a = { b = 1 }\n'],
  ['a = { b = 1 \t,\t}\n', 'a = { b = 1\t}\n'],
  ['a = { b = 1 ,}\n', 'a = { b = 1 }\n'],
  ['a = { b = 1,}\n', 'a = { b = 1}\n'],
  // Blanks after it, none before: all but the last go with it (`,\t }` left `\t }`).
  ['tools = { allowed = ["read"],\t }\n', 'tools = { allowed = ["read"] }\n'],
  ['a = { b = 1,   }\n', 'a = { b = 1 }\n'],
  ['a = { b = 1 , \t }\n', 'a = { b = 1 }\n'],
];
for (const [input, expected] of TRAILING_COMMAS) {
  test(`TOML 1.1: a trailing comma's removal: ${JSON.stringify(input)}`, () => {
    const [c] = toml11Constructs(input);
    assert.ok(c?.rewrite);
    assert.equal(input.slice(0, c.rewrite.span.start) + c.rewrite.newText() + input.slice(c.rewrite.span.end), expected);
  });
}

test('the analysis reports each as a toml-syntax error with its rewrite as the preferred, safe fix', () => {
  const text = '[agents.a]\ntools = {\n  allowed = ["Bash"],\n}\n[agents.b.tools]\nallowed = ["re\\x61d", "b\\e"]\n';
  const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'toml-syntax');
  assert.deepEqual(found.map((f) => [text.slice(f.span.start, f.span.end), f.severity, f.fixes.map((x) => [x.title, x.preferred, x.safe])]), [
    ['{', 'error', [['Write the inline table on one line', true, true]]],
    ['\\x61', 'error', [['Write `\\u0061`', true, true]]],
    ['\\e', 'error', [['Write `\\u001B`', true, true]]],
  ]);
  assert.match(found[0]!.message, /^TOML syntax error: an inline table must be on one line \(Mars reads TOML 1\.0/);
  const fixed = applyEdits(text, documentFixAll(analyzeDocument(text)));
  assert.equal(fixed, '[agents.a]\ntools = { allowed = ["bash"] }\n[agents.b.tools]\nallowed = ["re\\u0061d", "b\\u001B"]\n');
});

// What TOML does not read as a blank in an inline table over lines stopped smol-toml there: the table was
// said to be closed on no line, with no fix, and the character was not named.
test('an inline table over lines holding what TOML does not read as a blank: both said, each with its fix', () => {
  for (const [odd, name] of [['\u00a0', 'U+00A0'], ['\u200b', 'U+200B'], ['\u3000', 'U+3000']] as const) {
    const text = `[agents.a]\ntools = {\n  allowed = ["read"],${odd}\n  disallowed = ["bash"],\n  x = "a${odd}b",\n}\n`;
    const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'toml-syntax');
    assert.deepEqual(found.map((f) => [text.slice(f.span.start, f.span.end), f.fixes.filter((x) => x.preferred).length]), [['{', 1], [odd, 1]], name);
    assert.match(found[0]!.message, /^TOML syntax error: an inline table must be on one line \(Mars reads TOML 1\.0/, name);
    assert.equal(found[0]!.fixes[0]!.title, 'Write the inline table on one line', name);
    assert.ok(found[1]!.message.startsWith(`TOML syntax error: ${name} `), found[1]!.message);
    const expected = `[agents.a]\ntools = { allowed = ["read"], disallowed = ["bash"], x = "a${odd}b" }\n`; // strings kept as written
    assert.equal(applyEdits(text, documentFixAll(analyzeDocument(text))), expected, name);
    for (const f of found) {
      const once = applyEdits(text, f.fixes[0]!.edits);
      assert.equal(applyEdits(once, documentFixAll(analyzeDocument(once))), expected, `${name}: ${f.fixes[0]!.title} first`);
    }
  }
});

test('a leap second is TOML 1.0, as Mars reads it (smol-toml refuses it)', () => {
  const text = 'a = 1990-12-31T23:59:60Z\nb = 23:59:60.5\nc = "23:59:60"\n';
  assert.deepEqual(documentFindings(analyzeDocument(text)), []);
  assert.equal(documentFindings(analyzeDocument('a = 23:60:60\n')).length, 1, 'a minute past 59 is still no time');
  assert.deepEqual(documentFindings(analyzeDocument('"10:00:60" = 1\n"10:00:59" = 2\nb = [1990-12-31 23:59:60, {c = 00:00:60}]\n')), [], 'keys are not times');
  assert.deepEqual(documentFindings(analyzeDocument('a = [ # c\n  23:59:60,\n  # leap\n  23:59:60\n]\n')), [], 'after comments');
});

test('integers: any of 64 bits, as Mars reads them (smol-toml refused those past 2^53); past 64 bits an error', () => {
  const text = 'a = 9007199254740993\nb = -9223372036854775808\nc = 9_223_372_036_854_775_807\nd = 0x7FFFFFFFFFFFFFFF\ne = 9223372036854775808\nf = [0xFFFFFFFFFFFFFFFF]\n12345678901234567890 = 1\n';
  const found = documentFindings(analyzeDocument(text));
  assert.deepEqual(found.map((f) => `${f.code}@${text.slice(f.span.start, f.span.end)}`), ['toml-syntax@9223372036854775808', 'toml-syntax@0xFFFFFFFFFFFFFFFF']);
  assert.match(found[0]!.message, /out of range: TOML integers are 64-bit/);
});

test('every fix in an inline table over lines, in the leading-comma styles, leaves TOML smol-toml reads', () => {
  for (const text of [
    '[agents.x]\ntools = { bash = "allow"\n        , allowed = ["read"]\n        }\n',
    '[agents.x]\ntools = {\n  allowed = ["read"],\n  bash = "allow"\n  , disallowed = ["web"]\n}\n',
    '[agents.x]\ntools = {\n  allowed = ["read"]\n  ,\n  bash = "allow"\n  ,\n  disallowed = ["web"]\n}\n',
    '[agents.x]\ntools = {\n  "*" = "deny"\n  , disallowed = ["web"]\n}\n',
    '[agents.x]\ntools = {\n  bash = "allow"\n  , allowed = ["read"]\n}\n',
    '[agents.x]\ntools = { allowed = ["read"],\n  bash = "allow" }\n',
    // Last on its line after a comma, nothing after it but the line break.
    '[agents.x]\ntools = {\n  allowed = ["read"], bash = "allow"\n}\n',
    // A comment between the `{` and the entry: the comma starting the next line goes all the same.
    '[agents.x]\ntools = { # the agent\'s tools\n  bash = "allow"\n  , allowed = ["read"]\n}\n',
  ]) {
    const fixes = documentFindings(analyzeDocument(text)).flatMap((f) => f.fixes);
    assert.ok(fixes.some((x) => x.title.startsWith('Move')), text);
    for (const x of fixes) assert.doesNotThrow(() => parse(applyEdits(text, x.edits)), `${x.title} in ${JSON.stringify(text)}`);
    assert.doesNotThrow(() => parse(applyEdits(text, documentFixAll(analyzeDocument(text)))), JSON.stringify(text));
  }
});

test('a section with an error smol-toml reports gets one: the first Mars\'s parser meets', () => {
  const found = (text: string) =>
    documentFindings(analyzeDocument(text))
      .filter((f) => f.code === 'toml-syntax')
      .map((f) => `${text.slice(f.span.start, f.span.end)}: ${f.message.replace(/ \(.*/, '')}`);
  // What TOML 1.1 added after smol-toml's error is not reported; before it, it is what Mars stops at.
  assert.deepEqual(found('[a]\ny = [\nx = "\\e"\n[b]\nz = "\\e"\n'), [
    'x: TOML syntax error: the list of `y` is not closed: add `]`',
    '\\e: TOML syntax error: `\\e` is not an escape',
  ]);
  assert.deepEqual(found('[a]\nx = "\\e"\ny = [\n'), ['\\e: TOML syntax error: `\\e` is not an escape']);
  // An inline table left open at a line break: smol-toml (TOML 1.1) reads on into the next
  // statements, toml_edit stops at the break.
  assert.deepEqual(found('[a]\ntools = { allowed = ["x"]\nmodel = "m"\nb = { c = 1 }\n'), [
    '{ allowed = ["x"]: TOML syntax error: an inline table must be closed with `}` on the line it opens',
  ]);
  // Closed nowhere, which TOML 1.1 refuses too: its message does not put the line break down to TOML 1.1.
  assert.deepEqual(documentFindings(analyzeDocument('[a]\ntools = { allowed = ["x"]\nmodel = "m"\n')).map((f) => f.message),
    ['TOML syntax error: an inline table must be closed with `}` on the line it opens (Mars reads TOML 1.0, where an inline table is one line)']);
  // A value smol-toml's error cuts off is not judged (`07:32x` is not a time without seconds); one before it is.
  assert.deepEqual(found('a = 07:32x\n'), ['x: TOML syntax error: `x` after the value: a line holds one `key = value`, then only a comment']);
  assert.deepEqual(found('a = 07:32 x\n'), ['07:32: TOML syntax error: a time needs its seconds']);
});

const acceptedBy10 = (text: string) => {
  try {
    parseTOML(text, { tomlVersion: '1.0.0' });
    return true;
  } catch {
    return false;
  }
};
const acceptedBy11 = (text: string) => {
  try {
    parse(text);
    return true;
  } catch {
    return false;
  }
};

/** A random document of TOML 1.0 and 1.1 pieces (and some that are neither). */
function randomDocument(next: () => number): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  const scalars = ['1', '1e400', '-1e400', '+1.8e308', '"s"', "'l\\e'", '"a\\e"', '"\\x41\\u0042"', '"\\\\e"', '07:32', '07:32:00', '1979-05-27T07:32Z', '1979-05-27 07:32:00+07:00', '1979-05-27 07:32', '"""\nm\\e\n"""', "'''\\x41'''", 'true', '1979-04-31', '2000-02-29'];
  const blank = () => pick([' ', '', '\n  ', ' # c\n ', '\r\n']);
  let keyNo = 0;
  const value = (depth: number): string => {
    const r = next();
    if (depth > 2 || r < 0.5) return pick(scalars);
    const n = Math.floor(next() * 3);
    const items = Array.from({ length: n }, () => value(depth + 1));
    if (r < 0.75) return `[${blank()}${items.join(`,${blank()}`)}${n && next() < 0.3 ? ',' : ''}${blank()}]`;
    const entries = items.map((v) => `k${keyNo++}${pick([' = ', '='])}${v}`);
    return `{${blank()}${entries.join(`,${blank()}`)}${n && next() < 0.2 ? pick([',', ', ']) : ''}${blank()}}`;
  };
  const lines: string[] = [];
  for (let i = 0, n = 1 + Math.floor(next() * 4); i < n; i++) {
    if (next() < 0.2) lines.push(pick(['[t' + i + ']', '["q\\e' + i + '"]', '[[arr]]']));
    const k = `${i}_${keyNo++}`;
    lines.push(`${pick([`a${k}`, `"b\\x41${k}"`, `'c${k}'`])} = ${value(0)}`);
  }
  return lines.join('\n') + '\n';
}

test('random documents: a construct is found exactly where TOML 1.0 parsers (toml-eslint-parser and toml_edit, Mars\'s) refuse what smol-toml accepts, and the rewrite means the same in TOML 1.0', async () => {
  const next = rng(11);
  let checked = 0;
  let refused = 0;
  let rewritten = 0;
  for (let i = 0; i < 3000; i++) {
    const text = randomDocument(next);
    if (!acceptedBy11(text)) continue;
    checked++;
    const found = toml11Constructs(text);
    assert.equal(found.length > 0, !(await tomlEditTakes(text)), JSON.stringify(text));
    // toml-eslint-parser takes a float that overflows (as infinity): toml_edit alone refuses it.
    if (!/e(?:400|308)/.test(text)) assert.equal(found.length > 0, !acceptedBy10(text), JSON.stringify(text));
    if (found.length === 0) continue;
    refused++;
    if (found.some((c) => !c.rewrite)) continue;
    const fixed = applyEdits(text, documentFixAll(analyzeDocument(text)));
    assert.ok(acceptedBy10(fixed) && (await tomlEditTakes(fixed)), `${JSON.stringify(text)} -> ${JSON.stringify(fixed)}`);
    assert.deepEqual(JSON.parse(JSON.stringify(parse(fixed))), JSON.parse(JSON.stringify(parse(text))), JSON.stringify(text));
    rewritten++;
  }
  assert.ok(checked > 1000 && refused > 300 && rewritten > 200, `${checked} checked, ${refused} refused, ${rewritten} rewritten`);
});
