// Where the syntax error is, held to toml_edit (Mars's TOML parser) on random broken documents:
// an error exactly when it refuses the text, and the first one on the line it stops at, never
// after it (a squiggle below the real mistake sends the reader the wrong way).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeDocument, documentFindings } from '../../server/src/analysis/document';
import { documentFixAll } from '../../server/src/analysis/documentFixAll';
import { applyEdits } from '../../server/src/analysis/edits';
import { LineIndex } from '../../server/src/toml/lineIndex';
import { rng } from '../support/rng';
import { tomlEditErrorLine } from '../support/tomlEdit';

/** A small mars.toml-like document: values over lines, inline tables, sections. */
function randomDocument(next: () => number): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  const scalars = ['1', '"s"', "'l'", '"Bash"', '07:32:00', 'true', '["Read", "bash(x)"]', '1979-05-27'];
  let keyNo = 0;
  const value = (depth: number): string => {
    const r = next();
    if (depth > 2 || r < 0.5) return pick(scalars);
    const items = Array.from({ length: Math.floor(next() * 3) }, () => value(depth + 1));
    if (r < 0.75) return `[${items.map((v) => pick([' ', '', '\n  ']) + v).join(',')}${pick([' ', '\n'])}]`;
    return `{ ${items.map((v) => `k${keyNo++} = ${v}`).join(', ')} }`;
  };
  const lines: string[] = [];
  for (let i = 0, n = 2 + Math.floor(next() * 5); i < n; i++) {
    if (next() < 0.2) lines.push(pick([`[t${i}]`, `[agents.a${i}.tools]`, '[[arr]]']));
    lines.push(`${pick([`a${i}`, `"b${i}"`, `c${i}.d`])} = ${value(0)}`);
  }
  return lines.join('\n') + '\n';
}

/** One or two characters deleted or typed. */
function mutate(text: string, next: () => number): string {
  const typed = ['{', '}', '[', ']', ',', '\n', '"', "'", '=', ' ', '#', '.', 'x'];
  for (let n = 1 + Math.floor(next() * 2); n > 0; n--) {
    const at = Math.floor(next() * text.length);
    text = next() < 0.5 ? text.slice(0, at) + text.slice(at + 1) : text.slice(0, at) + typed[Math.floor(next() * typed.length)] + text.slice(at);
  }
  return text;
}

test('random broken documents: a syntax error exactly when toml_edit refuses the text, the first never below the line it stops at, and on it in 99%', async () => {
  const next = rng(16);
  let refused = 0;
  let sameLine = 0;
  for (let i = 0; i < 3000; i++) {
    const text = mutate(randomDocument(next), next);
    const line = await tomlEditErrorLine(text);
    if (line === undefined) continue;
    const first = documentFindings(analyzeDocument(text))
      .filter((f) => f.code === 'toml-syntax')
      .reduce<number | undefined>((a, f) => Math.min(a ?? Infinity, f.span.start), undefined);
    assert.equal(first !== undefined, line !== null, JSON.stringify(text));
    if (first === undefined || line === null) continue;
    refused++;
    const ours = new LineIndex(text).position(first).line;
    // Earlier only where a list left open runs into a header (toml_edit reads the header as an
    // item and stops there; we stop where the `]` is missing) or a line break inside `{ }` follows a list over lines.
    assert.ok(ours <= line, `ours on line ${ours}, toml_edit's on ${line}: ${JSON.stringify(text)}`);
    if (ours === line) sameLine++;
  }
  assert.ok(refused > 2000 && sameLine >= 0.99 * refused, `${sameLine} of ${refused} on toml_edit's line`);
});

const REDEFINED: Array<[text: string, shown: string, message: string, first: string]> = [
  ['[agents.a]\ntools = { allowed = ["x"] }\ntools.disallowed = ["y"]\n', 'tools.disallowed', '`tools.disallowed` adds to `tools`, an inline table, complete as written', 'tools'],
  ['[agents.a]\nmodel = "a"\nmodel = "b"\n', 'model', '`model` is already defined: a key is defined once', 'model'],
  ['[agents.a]\ntools = { allowed = [], allowed = [] }\n', 'allowed', '`allowed` is already defined: a key is defined once', 'allowed'],
  ['[agents.a]\ntools.allowed = ["y"]\ntools = {}\n', 'tools', '`tools` is already defined, as a table, by `tools.allowed`', 'tools.allowed'],
  ['[t]\na.b = 1\n"a" . b.c = 2\n', '"a" . b.c', '`"a" . b.c` adds to `a.b`, a value, not a table', 'a.b'],
];
test('a key still being typed is not taken for one defined twice (smol-toml stops at its start too)', () => {
  for (const text of ['a = 1\na', 'a.b = 1\na', '[agents.x.tools]\nallowed = ["read"]\nallowed', 'x = {a = 1, a']) {
    const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'toml-syntax');
    assert.equal(found.length, 1, text);
    assert.doesNotMatch(found[0]!.message, /already defined/, text);
    assert.equal(found[0]!.related, undefined, text);
  }
});

// ... and across sections, where the first definition may be far above.
const REDEFINED_ACROSS: Array<[text: string, shown: string, message: string, first: string]> = [
  ['[agents.b.tools]\nallowed = []\n[agents.c]\n[agents.b.tools]\n', '[agents.b.tools]', 'table `[agents.b.tools]` is defined twice', '[agents.b.tools]'],
  ['[agents.y]\ntools.allowed = ["read"]\n[agents.y.tools]\n', '[agents.y.tools]', '`[agents.y.tools]` was already defined by a key/value pair', 'tools'],
  ['[[a]]\n[a.b]\n[a]\n', '[a]', '`[a]`: `a` is an array of tables ([[a]]), not a table', '[[a]]'],
  ['[a.b.c]\n[a]\nb.d = 1\n', 'b', '`a.b` is a table that a [header] made; dotted keys cannot add to it', '[a.b.c]'],
];
for (const [text, shown, message, first] of [...REDEFINED, ...REDEFINED_ACROSS]) {
  test(`a key defined twice is shown whole, with the key it clashes with: ${JSON.stringify(text)}`, () => {
    const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'toml-syntax');
    assert.deepEqual(found.map((f) => [text.slice(f.span.start, f.span.end), f.message, f.related?.map((r) => text.slice(r.span.start, r.span.end))]),
      [[shown, `TOML syntax error: ${message}`, [first]]]);
  });
}

// What to type, for the errors met while typing: [text, the text under the squiggle, message,
// the text the related location shows, if any].
const EXPLAINED: Array<[text: string, shown: string, message: string, related?: string]> = [
  ['[agents.a.tools]\nallowed = ["read"], ["grep"]\n', '["read"], ["grep"]', '`["read"], ["grep"]` is not a value TOML knows: write one list, its strings in one pair of brackets (`["read", "grep"]`)'],
  ['[agents.a.tools]\nallowed -= ["read"]\n', '-=', '`-=` is no TOML operator: a key is given its value once, with `=` (to take tools away, list them in `disallowed`)'],
  ['[agents.a.tools]\nallowed = ["grep"]\nallowed += ["read"]\n', '+=', '`+=` is no TOML operator: a key is given its value once, with `=`; `allowed` is written already: add these to its value'],
  ['[agents.a.tools]\nallowed = ["read", "bash\nx = 1\n', 'h', 'a string must end on the line it starts: add the closing `"` (a string over several lines is written between `"""`)'],
  ['[agents.a.tools]\nallowed = [\'bash\r\n', 'h', "a string must end on the line it starts: add the closing `'` (a string over several lines is written between `'''`)"],
  ['[agents.a.tools]\nallowed = ["read", "bash', '"', 'this string is never closed: add the closing `"`'],
  ['x = """abc\n', '"', 'this string is never closed: add the closing `"""`'],
  ['[agents.a.tools]\nallowed = ["a\u0001"]\n', '\u0001', 'control character U+0001 in a string: write it as `\\u0001`'],
  ['[agents.a.tools]\nallowed = [\'a\u0001\']\n', '\u0001', 'control character U+0001 in a literal string: write it as `\\u0001` in a "..." string instead'],
  ['[agents.a.tools\nallowed = ["read"]\n', 's', 'this table header is not closed: add `]`'],
  ['x = 1\r y = 2\n', '1', 'a lone carriage return (U+000D) after the value: TOML ends a line with a line feed (`\\n` or `\\r\\n`)'],
  // After a table header too: an editor shows the lone CR as a line break, and `U+000D` names nothing the user sees.
  ['[agents.a.tools]\rallowed = ["read"]\r', ']', 'a lone carriage return (U+000D) after the table header: TOML ends a line with a line feed (`\\n` or `\\r\\n`)'],
  // Where a key goes (a file of only line ends converted twice, `\r\r\n`; a blank line of one), or within one: not a character to quote in a bare key.
  // Shown where a line break's error is, on the character before (none at the file's start): no range starts with one.
  ['\r', '', 'a lone carriage return (U+000D): TOML ends a line with a line feed (`\\n` or `\\r\\n`)'],
  ['\r\r\n\r\r\n', '', 'a lone carriage return (U+000D): TOML ends a line with a line feed (`\\n` or `\\r\\n`)'],
  ['x = 1\n  \ry = 2\n', '1', 'a lone carriage return (U+000D): TOML ends a line with a line feed (`\\n` or `\\r\\n`)'],
  ['allowed\r= ["read"]\n', 'd', 'a lone carriage return (U+000D): TOML ends a line with a line feed (`\\n` or `\\r\\n`)'],
  // Where an item, a comma or the closing bracket was due: no comma or `]` is missing for it (it said "expected `,` or `]`", or smol-toml's "invalid value").
  ['x = ["a"\r"b"]\n', '"', 'a lone carriage return (U+000D): TOML ends a line with a line feed (`\\n` or `\\r\\n`)'],
  ['x = ["a",\r"b"]\n', ',', 'a lone carriage return (U+000D): TOML ends a line with a line feed (`\\n` or `\\r\\n`)'],
  ['x = ["a"\r]\n', '"', 'a lone carriage return (U+000D): TOML ends a line with a line feed (`\\n` or `\\r\\n`)'],
  ['x = [\r"a"]\n', '[', 'a lone carriage return (U+000D): TOML ends a line with a line feed (`\\n` or `\\r\\n`)'],
  ['x = { a = 1\r}\n', '1', 'a lone carriage return (U+000D): TOML ends a line with a line feed (`\\n` or `\\r\\n`)'],
  // Not "the list of `x` is not closed": its `]` is on the line the editor shows below.
  ['x = ["a"\ry = 1]\n', '"', 'a lone carriage return (U+000D): TOML ends a line with a line feed (`\\n` or `\\r\\n`)'],
  // Not a CR of a `\r\n`, which ends the line.
  ['[agents.a.tools\r\nallowed = ["read"]\r\n', 's', 'this table header is not closed: add `]`'],
  // Dates and times smol-toml refuses, said in the forms TOML writes.
  ['x = 2023-13-01\n', '2023-13-01', '`2023-13-01` is not a date: the month is 01 to 12'],
  ['x = 2023-01-00\n', '2023-01-00', '`2023-01-00` is not a date: the day is 01 to 31'],
  ['x = 2023-01-32\n', '2023-01-32', '`2023-01-32` is not a date: the day is 01 to 31'],
  ['x = 07:32:61\n', '07:32:61', '`07:32:61` is not a time: the second is 00 to 60'],
  ['x = 1979-05-27T25:00:00\n', '1979-05-27T25:00:00', '`1979-05-27T25:00:00` is not a time: the hour is 00 to 23'],
  ['x = 07:61:00\n', '07:61:00', '`07:61:00` is not a time: the minute is 00 to 59'],
  ['x = 1979-05-27T07:32:00+0700\n', '1979-05-27T07:32:00+0700', '`1979-05-27T07:32:00+0700`: a time offset is written with a colon, `1979-05-27T07:32:00+07:00`'],
  ['x = 07:32:0\n', '07:32:0', '`07:32:0` is not a date or time TOML reads: write YYYY-MM-DD, HH:MM:SS, or both joined by `T`, with `Z` or `+HH:MM` for the offset'],
  // smol-toml's "invalid date-time: time part is malformed" (or "date part"), said as its "invalid date" is.
  ['x = 1979-05-27T07\n', '1979-05-27T07', '`1979-05-27T07` is not a date or time TOML reads: write YYYY-MM-DD, HH:MM:SS, or both joined by `T`, with `Z` or `+HH:MM` for the offset'],
  ['x = 1979-05-2\n', '1979-05-2', '`1979-05-2` is not a date or time TOML reads: write YYYY-MM-DD, HH:MM:SS, or both joined by `T`, with `Z` or `+HH:MM` for the offset'],
  ['[[agents.a.tools\n', 's', 'this table header is not closed: add `]]`'],
  ['[agents.a tools]\n', 't', 'expected `.` or `]`: the parts of a table name are joined with `.` (put a name with spaces in quotes)'],
  ['[agents.a.tools]]\n', ']', '`]` after the table header: only a comment may follow it on its line'],
  // A statement after it (a line break lost in a paste): named by its key (see TYPING_SLIPS for its fix).
  ['[agents.a.tools] allowed = ["read"]\n', 'a', '`allowed = …` after the table header: only a comment may follow it on its line'],
  ['[[agents.a.tools]\n', ']', 'a `[[...]]` header ends with `]]`'],
  ['[]\n', ']', 'the table header has no name: write one, such as `[agents.coder.tools]`'],
  ['[agents.a.tools]\nallowed = ["read"\nx = 1\n', 'x', 'the list of `allowed` is not closed: add `]`', '['],
  ['[agents.a.tools]\nallowed = ["read" # c\n"disallowed" = []\n', '"', 'the list of `allowed` is not closed: add `]`', '['],
  ['[a]\ny = [\nx.z = 1\n', 'x', 'the list of `y` is not closed: add `]`', '['],
  // At the end of the text, where the `]` goes: after the last item, not on a comment after it.
  ['[agents.a.tools]\nallowed = ["a", # c\n', '"', 'the list of `allowed` is not closed: add `]`', '['],
  ['[agents.a.tools]\ndisallowed = ["agent", "web" # no web', '"', 'the list of `disallowed` is not closed: add `]`', '['],
  ['[agents.a.tools]\nallowed = ["read",', '[', 'this list is never closed: add `]`'],
  ['[agents.a.tools]\nallowed = ["read" "bash"]\n', '"', 'expected `,` or `]`: the items of a list are separated by commas'],
  // Text right after a string's closing quote, no blank between: most likely a quote meant inside the string.
  ['[agents.a.tools]\nallowed = ["bash(grep "foo")"]\n', 'f', 'expected `,` or `]`: the items of a list are separated by commas. If the `"` before this was meant inside the string, write it `\\"`, or write the string between `\'` quotes'],
  ["[agents.a.tools]\nallowed = ['Shell(echo 'hi')']\n", 'h', 'expected `,` or `]`: the items of a list are separated by commas. If the `\'` before this was meant inside the string, write the string between `"` quotes (a `\'` string cannot hold one)'],
  ['[agents.a.tools]\nallowed = ["bash(echo ""hi"")"]\n', '"', 'expected `,` or `]`: the items of a list are separated by commas. If the `"` before this was meant inside the string, write it `\\"`, or write the string between `\'` quotes'],
  ['[agents.a]\ntools = { allowed = ["bash(grep "x")"] }\n', 'x', 'expected `,` or `]`: the items of a list are separated by commas. If the `"` before this was meant inside the string, write it `\\"`, or write the string between `\'` quotes'],
  ['x = { a = 1 b = 2 }\n', 'b', 'expected `,` or `}`: the keys of an inline table are separated by commas'],
  // White space TOML does not read as a blank, after an item: named (it looks like a space), where smol-toml says what it
  // says of any character after a string, or calls it an illegal character in a number.
  ['[agents.a.tools]\nallowed = ["bash"\u00a0"read"]\n', '\u00a0', 'expected `,` or `]`: the items of a list are separated by commas (U+00A0 here is white space TOML does not read as a blank)'],
  ['[agents.a.tools]\nallowed = ["bash"\u2028"read"]\n', '\u2028', 'expected `,` or `]`: the items of a list are separated by commas (U+2028 here, a line separator, is white space TOML does not read as a blank)'],
  ['[agents.a.tools]\nallowed = ["bash"\u200b"read"]\n', '\u200b', 'expected `,` or `]`: the items of a list are separated by commas (U+200B here, a zero-width space, is an invisible character TOML does not read as a blank)'],
  ['x = { a = 1\ufeff b = 2 }\n', '\ufeff', 'expected `,` or `}`: the keys of an inline table are separated by commas (U+FEFF here, a byte order mark, is an invisible character TOML does not read as a blank)'],
  ['x = [1\u2003 2]\n', '\u2003', 'expected `,` or `]`: the items of a list are separated by commas (U+2003 here is white space TOML does not read as a blank)'],
  // Before the closing bracket no item follows, so no comma is missing: it is named as elsewhere.
  ['x = [1\u2003]\n', '\u2003', 'U+2003 is white space TOML does not read as a blank (its blanks are space and tab): write a space'],
  // smol-toml calls each of these an illegal leading zero; the fix is the prefix's case, or the sign.
  ['x = 07\n', '07', 'a number does not start with `0`: write `7`, not `07`'],
  // Of octal digits, perhaps a file mode: the octal number too.
  ['mode = 0755\n', '0755', 'a number does not start with `0`: write `755`, not `0755` (or `0o755`, an octal number)'],
  ['x = [-0_12, 2]\n', '-0_12', 'a number does not start with `0`: write `-12`, not `-0_12`'],
  ['x = 00.5e3 # r\n', '00.5e3', 'a number does not start with `0`: write `0.5e3`, not `00.5e3`'],
  ['x = 089\n', '089', 'a number does not start with `0`: write `89`, not `089`'],
  // smol-toml calls a `0` followed by anything it does not take a leading zero: what follows is said, as after another digit.
  ['x = 0,5\n', '0,5', '`0,5` is not a value TOML knows: write a decimal point (`0.5`), or a list in brackets (`[0, 5]`)'],
  ['[settings]\ntimeout = 0s\n', '0s', '`0s` is not a value TOML knows: write text in quotes (`"0s"`)'],
  ['x = 0\ud83d\ude00\n', '0\ud83d\ude00', '`0\ud83d\ude00` is not a value TOML knows: write text in quotes (`"0\ud83d\ude00"`)'],
  ['x = [0\u00a01]\n', '\u00a0', 'expected `,` or `]`: the items of a list are separated by commas (U+00A0 here is white space TOML does not read as a blank)'],
  ['x = { a = 0\u00a0b = 1 }\n', '\u00a0', 'expected `,` or `}`: the keys of an inline table are separated by commas (U+00A0 here is white space TOML does not read as a blank)'],
  // Underscores after the `0` and no digit after them: no `0` to drop (it said "write `0_`, not `0_`"), said as after another digit.
  ['x = 0_\n', '0_', '`0_` is unfinished: an underscore in a number goes between two digits (`1_000`)'],
  ['x = [-0_]\n', '-0_', '`-0_` is unfinished: an underscore in a number goes between two digits (`1_000`)'],
  ['x = 0__\n', '_', 'an underscore in a number goes between two digits (`1_000`)'],
  ['x = 0_.5\n', '0_.5', '`0_.5` is not a value TOML knows: write text in quotes (`"0_.5"`)'],
  ['x = 0XFF\n', '0', 'the prefix of a hex, octal or binary number is written in lower case: `0xFF`, not `0XFF`'],
  ['x = 0O755 # mode\n', '0', 'the prefix of a hex, octal or binary number is written in lower case: `0o755`, not `0O755`'],
  ['x = [0B1_0]\n', '0', 'the prefix of a hex, octal or binary number is written in lower case: `0b1_0`, not `0B1_0`'],
  ['x = -0x1\n', '-', 'a hex, octal or binary number takes no sign (`0x1`, not `-0x1`): write a negative number in decimal'],
  ['x = +0o7\n', '+', 'a hex, octal or binary number takes no sign (`0o7`, not `+0o7`)'],
  ['[agents.a.tools]\nallowed = ["a",,"b"]\n', ',', 'expected a value before this `,`: remove the extra comma'],
  ['[agents.a.tools]\nallowed = \n[x]\n', '=', 'a value is missing after `=`'],
  ['[agents.a.tools]\nallowed = [read]\n', 'read', '`read` is not a value TOML knows: write text in quotes (`"read"`)'],
  // A list written in parentheses, as Python writes a tuple: the list in brackets, not `(` as text to quote (`"("`).
  ['[agents.a.tools]\nallowed = ("read", "Bash(git log:*)")  # c\n', '("read", "Bash(git log:*)")', '`("read", "Bash(git log:*)")` is not a value TOML knows: write a list in brackets (`["read", "Bash(git log:*)"]`)'],
  ['[agents.a]\ntools = { allowed = ("read"), x = 1 }\n', '("read")', '`("read")` is not a value TOML knows: write a list in brackets (`["read"]`)'],
  // Where what the parentheses hold is no list (or they are not closed on the line), what to write in general.
  ['[agents.a]\ntools = { allowed = ("read"), disallowed = ("web") }\n', '(', 'a value does not start with `(`: write a list in brackets (`["a", "b"]`), or text in quotes'],
  ['[agents.a.tools]\nallowed = ("read"\n', '(', 'a value does not start with `(`: write a list in brackets (`["a", "b"]`), or text in quotes'],
  ['x = True\n', 'True', '`True` is not a value TOML knows: write text in quotes (`"True"`); true and false are written in lower case'],
  // JSON's, YAML's or Python's null: no text was meant, so no quotes are advised.
  ['[agents.a.tools]\nallowed = null\n', 'null', '`null` is not a value TOML knows: TOML has no null; leave the key out, or write a value (`[]` for an empty list)'],
  ['[agents.a.tools]\nallowed = ["read", None]\n', 'None', '`None` is not a value TOML knows: TOML has no null; leave the item out'],
  // A version, a path or a size written bare: smol-toml reads a number, or no value, and names neither.
  ['[dependencies]\nfoo = 1.2.3\n', '1.2.3', '`1.2.3` is not a value TOML knows: write text in quotes (`"1.2.3"`)'],
  ['[dependencies]\nfoo = { version = ^1.2, path = "x" }\n', '^1.2', '`^1.2` is not a value TOML knows: write text in quotes (`"^1.2"`)'],
  ['[settings]\nroot = ./agents # here\n', './agents', '`./agents` is not a value TOML knows: write text in quotes (`"./agents"`)'],
  ['[settings]\ntimeout = [30s]\n', '30s', '`30s` is not a value TOML knows: write text in quotes (`"30s"`)'],
  // A comma in a number (smol-toml: "illegal character in numeric literal" at the comma): a decimal comma, a digit
  // group, or a list written without its brackets; each offered only where it would be a value TOML reads.
  ['x = 1,5\n', '1,5', '`1,5` is not a value TOML knows: write a decimal point (`1.5`), or a list in brackets (`[1, 5]`)'],
  ['[agents.a.tools]\nallowed = 1,2\n', '1,2', '`1,2` is not a value TOML knows: write a decimal point (`1.2`), or a list in brackets (`[1, 2]`)'],
  // A literal string ends at its next `'`, a backslash before it too (found by hand mutation: M29 read `\'` as an escape).
  ["x = 'C:\\dir\\', 'D:\\' # c\n", "'C:\\dir\\', 'D:\\'", "`'C:\\dir\\', 'D:\\'` is not a value TOML knows: write a list in brackets (`['C:\\dir\\', 'D:\\']`)"],
  ['x = 1, 5 # c\n', '1, 5', '`1, 5` is not a value TOML knows: write a list in brackets (`[1, 5]`)'],
  ['x = -1.5,2,"a"\n', '-1.5,2,"a"', '`-1.5,2,"a"` is not a value TOML knows: write a list in brackets (`[-1.5,2,"a"]`)'],
  ['x = 1,5]\n', '1,5]', '`1,5]` is not a value TOML knows: write a list in brackets (`[1, 5]`)'],
  ['x = 1,000\n', '1,000', '`1,000` is not a value TOML knows: group digits with `_` (`1_000`)'],
  ['x = 12,500\n', '12,500', '`12,500` is not a value TOML knows: group digits with `_` (`12_500`), or write a list in brackets (`[12, 500]`)'],
  ['x = 1,a\n', '1,a', '`1,a` is not a value TOML knows: write text in quotes (`"1,a"`)'],
  ['x = 1, "#,2", [3], # c\n', '1, "#,2", [3],', '`1, "#,2", [3],` is not a value TOML knows: write a list in brackets (`[1, "#,2", [3]]`)'],
  ['x = 1,"a\n', ',', 'a number holds no `,`: a decimal point is `.`, and a list is written in brackets (`[1, 2]`)'],
  // A string left open over lines after them (`"""`): the message is made of this line, not of what lies above it.
  ['# c\nx = 1, 5 """\n', ',', 'a number holds no `,`: a decimal point is `.`, and a list is written in brackets (`[1, 2]`)'],
  // So with what TOML does not read as a blank among them: the string left open is passed over once, to the end.
  ['x = 1,\u00a02 """\n', ',', 'a number holds no `,`: a decimal point is `.`, and a list is written in brackets (`[1, 2]`)'],
  // What TOML does not read as a blank after the comma: named, and left out of the list (not quoted into text).
  ['x = 1,\u00a02\n', '1,\u00a02', '`1,\u00a02` is not a value TOML knows: write a list in brackets (`[1, 2]`); U+00A0 in it is white space TOML does not read as a blank (its blanks are space and tab): the list has a space in its place'],
  ['x = 1,\u200b2\n', '1,\u200b2', '`1,\\u200B2` is not a value TOML knows: write a list in brackets (`[1, 2]`); U+200B in it, a zero-width space, is an invisible character TOML does not read as a blank (its blanks are space and tab): the list leaves it out'],
  // Two of them: both named, and what the list does with each (white space a space, the invisible left out).
  ['x = 1,\u00a0\u20032\n', '1,\u00a0\u20032', '`1,\u00a0\u20032` is not a value TOML knows: write a list in brackets (`[1, 2]`); U+00A0 and U+2003 in it are what TOML does not read as blanks (its blanks are space and tab): the list has a space in its place'],
  ['x = 1,\u00a0\u200b2\n', '1,\u00a0\u200b2', '`1,\u00a0\\u200B2` is not a value TOML knows: write a list in brackets (`[1, 2]`); U+00A0 and U+200B in it are what TOML does not read as blanks (its blanks are space and tab): the list has a space for white space and leaves out the invisible'],
  // A trailing comma after numbers: the list said without it, spaced as TOML is most often written.
  ['x = 1,2,\n', '1,2,', '`1,2,` is not a value TOML knows: write a list in brackets (`[1, 2]`)'],
  // Values after a key with commas between them, as a list is written without its brackets.
  ['[agents.a.tools]\nallowed = "read", "grep"\n', '"read", "grep"', '`"read", "grep"` is not a value TOML knows: write a list in brackets (`["read", "grep"]`)'],
  // A trailing comma: the list said without it, as the same list (not `["read", "grep",]`).
  ['[agents.a.tools]\nallowed = "read", "grep", # c\n', '"read", "grep",', '`"read", "grep",` is not a value TOML knows: write a list in brackets (`["read", "grep"]`)'],
  // In an inline table, up to its next key.
  ['[agents.a]\ntools = { allowed = "read", "grep", disallowed = ["bash"] }\n', '"read", "grep"', '`"read", "grep"` is not a value TOML knows: write a list in brackets (`["read", "grep"]`)'],
  ['[agents.a]\ntools = { disallowed = "bash", \'grep\' }\n', '"bash", \'grep\'', '`"bash", \'grep\'` is not a value TOML knows: write a list in brackets (`["bash", \'grep\']`)'],
  // A comma before the inline table's `}` is the table's, not the list's.
  ['[agents.a]\ntools = { allowed = "read", "grep", }\n', '"read", "grep"', '`"read", "grep"` is not a value TOML knows: write a list in brackets (`["read", "grep"]`)'],
  // What TOML does not read as a blank between them (a no-break space after the comma): named, and left out of the list.
  ['[agents.a.tools]\nallowed = "read",\u00a0"grep"\n', '"read",\u00a0"grep"', '`"read",\u00a0"grep"` is not a value TOML knows: write a list in brackets (`["read", "grep"]`); U+00A0 in it is white space TOML does not read as a blank (its blanks are space and tab): the list has a space in its place'],
  ['[agents.a.tools]\nallowed = "read"\u00a0, "grep"\n', '"read"\u00a0, "grep"', '`"read"\u00a0, "grep"` is not a value TOML knows: write a list in brackets (`["read" , "grep"]`); U+00A0 in it is white space TOML does not read as a blank (its blanks are space and tab): the list has a space in its place'],
  ['x = "a",\u200b"b"\n', '"a",\u200b"b"', '`"a",\\u200B"b"` is not a value TOML knows: write a list in brackets (`["a","b"]`); U+200B in it, a zero-width space, is an invisible character TOML does not read as a blank (its blanks are space and tab): the list leaves it out'],
  // The values, then a key of the inline table with no comma before it: both said, not "expected `=`" after a value read as a key.
  ['[agents.a]\ntools = { allowed = "read", "grep" disallowed = [] }\n', '"read", "grep"', '`"read", "grep"` is not a value TOML knows: write a list in brackets (`["read", "grep"]`), and a comma before the table\'s next key, `disallowed`', 'disallowed'],
  // So with no blank between the last string's closing quote and the key.
  ['[agents.a]\ntools = { allowed = "read", \'grep\'disallowed = [] }\n', '"read", \'grep\'', '`"read", \'grep\'` is not a value TOML knows: write a list in brackets (`["read", \'grep\']`), and a comma before the table\'s next key, `disallowed`', 'disallowed'],
  // A comma missing between two strings among them: said, and put in the list.
  ['[agents.a.tools]\nallowed = "read", "grep" "edit"\n', '"read", "grep" "edit"', '`"read", "grep" "edit"` is not a value TOML knows: write a list in brackets, with a comma after `"grep"` (`["read", "grep", "edit"]`)'],
  ['[agents.a.tools]\nallowed = "read" "grep", "edit" "x"\n', '"read" "grep", "edit" "x"', '`"read" "grep", "edit" "x"` is not a value TOML knows: write a list in brackets, with a comma after `"read"` and `"edit"` (`["read", "grep", "edit", "x"]`)'],
  ['[agents.a]\ntools = { allowed = "read", "grep" "edit" }\n', '"read", "grep" "edit"', '`"read", "grep" "edit"` is not a value TOML knows: write a list in brackets, with a comma after `"grep"` (`["read", "grep", "edit"]`)'],
  // A bare name among them: in quotes in the list (Claude's `tools:` line pasted, its first fixed already).
  ['[agents.a]\ntools = "Read", Grep, bash(git, log) # c\n', '"Read", Grep, bash(git, log)', '`"Read", Grep, bash(git, log)` is not a value TOML knows: write a list in brackets, `Grep` and `bash(git, log)` in quotes (`["Read", "Grep", "bash(git, log)"]`)'],
  // So with the first bare too (the whole line pasted): said on all of them, not as the first name's quotes missing.
  ['[agents.a]\ntools = Read, Grep # c\n', 'Read, Grep', '`Read, Grep` is not a value TOML knows: write a list in brackets, `Read` and `Grep` in quotes (`["Read", "Grep"]`)'],
  ['x = read ,  bash(git, log)\n', 'read ,  bash(git, log)', '`read ,  bash(git, log)` is not a value TOML knows: write a list in brackets, `read` and `bash(git, log)` in quotes (`["read" ,  "bash(git, log)"]`)'],
  ['x = { a = read, b = 1 }\n', 'read', '`read` is not a value TOML knows: write text in quotes (`"read"`)'],
  ['[agents.a]\ntools:\n  write: false\n', ':', '`tools:` then keys indented below it is a table as YAML writes it: TOML writes each value under its dotted key (`tools.write = false`)'],
  // Prose where a key goes (an agent's prompt pasted).
  ['[agents.a]\nYou are a code reviewer, careful and kind.\n', 'You are a code reviewer, careful and kind.', '`You are a code reviewer, careful and kind.` reads as prose, not `key = value`: TOML holds text in a value (`description = "…"`), or in a comment after `#`'],
  // A JSON document pasted whole (a settings file): its `{` said as JSON's, not as a character a bare key cannot hold.
  ['{\n  "permissions": {}\n}\n', '{', 'TOML writes no `{` around a table as JSON does: write `key = value` lines, a table\'s below its `[header]` (`[agents.coder.tools]` then `allowed = ["read"]`)'],
  // A front matter's `---` fence, pasted with it.
  ['[agents.a]\n  ---  \n', '---', '`---` fences YAML front matter, which TOML has no use for: remove the line'],
  ['x = "a", tru\n', ',', '`,` after the value: a line holds one `key = value`, then only a comment'],
  // No comma written, only strings and blanks: the same list, or one string, which other languages write so.
  ['[agents.a.tools]\nallowed = "read" "grep"\n', '"read" "grep"', '`"read" "grep"` is not a value TOML knows: write a list in brackets, with a comma after `"read"` (`["read", "grep"]`), or one string: TOML does not join strings written side by side'],
  // Two strings with no blank between among them: one string with a quote in it may be meant, said as in a list in brackets.
  ["[agents.a.tools]\nallowed = 'read', 'it''s'\n", "'read', 'it''s'", "`'read', 'it''s'` is not a value TOML knows: write a list in brackets, with a comma after `'it'` (`['read', 'it', 's']`). If a `'` of `'it''s'` was meant inside the string, write the string between `\"` quotes (a `'` string cannot hold one)"],
  ['[agents.a.tools]\nallowed = "read","grep""edit"\n', '"read","grep""edit"', '`"read","grep""edit"` is not a value TOML knows: write a list in brackets, with a comma after `"grep"` (`["read","grep", "edit"]`). If a `"` of `"grep""edit"` was meant inside the string, write it `\\"`, or write the string between `\'` quotes'],
  // Two strings with no blank between, twice: the first pair is the one said.
  ["x = 'a''b''c', 'd'\n", "'a''b''c', 'd'", "`'a''b''c', 'd'` is not a value TOML knows: write a list in brackets, with a comma after `'a'` and `'b'` (`['a', 'b', 'c', 'd']`). If a `'` of `'a''b'` was meant inside the string, write the string between `\"` quotes (a `'` string cannot hold one)"],
  // One string with a comma in it, then a comma: one value, no list (the comma inside the string splits nothing).
  ['x = "a,b",\n', ',', '`,` after the value: a line holds one `key = value`, then only a comment'],
  // An inline table among the values: the list as written, its commas as they are (not respaced as a list's).
  ['x = {a=1,b=2}, 3\n', '{a=1,b=2}, 3', '`{a=1,b=2}, 3` is not a value TOML knows: write a list in brackets (`[{a=1,b=2}, 3]`)'],
  ['x = true,false # c\n', 'true,false', '`true,false` is not a value TOML knows: write a list in brackets (`[true, false]`)'],
  ['x = "a", b\n', '"a", b', '`"a", b` is not a value TOML knows: write a list in brackets, `b` in quotes (`["a", "b"]`)'],
  // A comma after a number alone, as after any other value.
  ['x = 1.5,\n', ',', '`,` after the value: a line holds one `key = value`, then only a comment'],
  ['x = -.5\n', '-.5', 'a float starts with a digit: write `-0.5`'],
  ['x = [1, -]\n', '-', 'a number is missing after `-` (`-1`)'],
  ['[agents.a.tools]\n\'\'\'allowed\'\'\' = []\n', "'", "a key is quoted with one `'` on each side, not `'''`"],
  ['x = 0o8\n', '0o8', '`0o8` is not an octal number: its digits are 0 to 7'],
  // A number cut short (a version being typed, `1.`): what it lacks, where smol-toml says "unfinished numeric value".
  ['[dependencies]\nfoo = { version = 1. }\n', '1.', '`1.` is unfinished: a float has digits after its `.`, as in `1.0`'],
  ['x = [-1.5e+]\n', '-1.5e+', '`-1.5e+` is unfinished: an exponent has digits, as in `-1.5e6`'],
  ['x = 0x\n', '0x', '`0x` is unfinished: a hex, octal or binary number has digits after its prefix, as in `0x1`'],
  ['x = 1_\n', '1_', '`1_` is unfinished: an underscore in a number goes between two digits (`1_000`)'],
  ['x = [0b102]\n', '0b102', '`0b102` is not a binary number: its digits are 0 and 1'],
  ['[agents.a.tools]\nallowed = ["read"]]\n', ']', '`]` after the value: a line holds one `key = value`, then only a comment'],
  ['[agents.a.tools]\nallowed "read"\n', '"', 'expected `=` after the key'],
  ['[agents.a.tools]\nallowed\n', 'd', 'expected `=` and a value after the key'],
  ['all@wed = 1\n', '@', '`@` cannot be in a bare key (ASCII letters, digits, `_` and `-`): put the key in quotes'],
  // `é` is a letter: the message names the letters a bare key takes.
  ['[agents.réviseur.tools]\n', 'é', '`é` cannot be in a bare key (ASCII letters, digits, `_` and `-`): put this part of the name in quotes'],
  // A letter drawn as an ASCII one is named, or the message said `е` is no ASCII letter; among ASCII ones, or typed fullwidth,
  // it was meant as that letter: quoted, the key would name a table Mars never reads (see LOOKALIKE_KEYS). A word of another
  // script is quoted.
  ['[agents.a.tools]\nr\u0435ad = "allow"\n', '\u0435', '`\u0435` (U+0435, which looks like `e`) cannot be in a bare key (ASCII letters, digits, `_` and `-`): did you mean `read`?'],
  ['[\u0430gents.a.tools]\n', '\u0430', '`\u0430` (U+0430, which looks like `a`) cannot be in a bare key (ASCII letters, digits, `_` and `-`): did you mean `agents`?'],
  ['[agents.a.tools]\n\uff42ash = "allow"\n', '\uff42', '`\uff42` (U+FF42, which looks like `b`) cannot be in a bare key (ASCII letters, digits, `_` and `-`): did you mean `bash`?'],
  ['[agents.\u0441\u043e\u0440.tools]\n', '\u0441', '`\u0441` (U+0441, which looks like `c`) cannot be in a bare key (ASCII letters, digits, `_` and `-`): put this part of the name in quotes'],
  ['= ["read"]\n', '=', 'a key is missing before `=`'],
  ['a. = 1\n', '=', 'a key part is missing after `.`'],
  ['a..b = 1\n', '.', 'a part of this key is empty: remove the extra `.`, or write an empty name as `""`'],
  ['[agents.a.tools]\nallowed = ["read(C:\\src)"]\n', '\\s', '`\\s` is not an escape TOML knows: write `\\\\` for a backslash, or use a literal string (\'...\'), where a backslash is plain'],
  ['x = "\\u00zz"\n', 'z', '`\\u` takes four hex digits and `\\U` eight (`\\u00E9`)'],
  ['[agents.a.tools]\nallowed = ["""bash(ls my\\ dir)"""]\n', '\\ ', 'a `\\` before a space is not an escape TOML knows: write `\\\\` for a backslash, or use a literal string (\'\'\'...\'\'\'), where a backslash is plain; a `\\` at the end of a line joins it to the next'],
  // smol-toml says "invalid unicode escape" of an escape that names no character; JSON's habit of a surrogate pair is the likely one.
  ['[agents.a.tools]\nallowed = ["x\\uD83D\\uDE00"]\n', '\\uD83D\\uDE00', 'TOML takes no surrogate pair (`\\uD83D\\uDE00`): write U+1F600 as `\\U0001F600`'],
  ['x = "\\udc00"\n', '\\udc00', '`\\udc00` is half of a UTF-16 surrogate pair, no character: TOML writes a character past U+FFFF as `\\U` and eight hex digits (`\\U0001F600`)'],
  ['x = "\\U00110000"\n', '\\U00110000', '`\\U00110000` is past U+10FFFF, the last character Unicode has'],
  ['x = 1__0\n', '_', 'an underscore in a number goes between two digits (`1_000`)'],
  // Met while typing (a typing simulation and a review of the first version of these messages):
  ['[agents.x]\nmodel = "m"\ntools.allowed = ["read",\ntools.disallowed = []\n', 't', 'the list of `tools.allowed` is not closed: add `]`', '['],
  ['[agents.a.tools]\nallowed = ["read", "grep"  # why\n\n[agents.b.tools]\n', '"', 'the list of `allowed` is not closed: add `]`', '['],
  ['\ufeff[agents x]\n', 'x', 'expected `.` or `]`: the parts of a table name are joined with `.` (put a name with spaces in quotes)'],
  ['[agents.b.tools]\nallowed = ["read"]\n\n[agents.a.tools', 's', 'this table header is not closed: add `]`'],
  ['[agents.x# comment\n', '#', 'this table header is not closed: add `]`'],
  // Shown on the name's last character, where the `]` goes, past the blanks after it (tabs too).
  ['[agents.a.tools \t\t', 's', 'this table header is not closed: add `]`'],
  ["['agents.x]\n", ']', "a string must end on the line it starts: add the closing `'` (a string over several lines is written between `'''`)"],
  // A lone CR ends a line for an editor (LSP), so the character before it is underlined.
  ['x = "a\rb"\n', 'a', 'control character U+000D in a string: write it as `\\u000D`'],
  ['[x]\na = 1 # c\rd\n', 'c', 'control character U+000D (a carriage return not followed by a line feed) in a comment: delete it (a comment holds no control character but tab)'],
  ['a = 1 # bell\u0007\n', '\u0007', 'control character U+0007 in a comment: delete it (a comment holds no control character but tab)'],
  ['[agents.a]\ntools = { allowed }\n', '}', 'expected `=` and a value after the key'],
  ['[agents.a]\ntools = { allowed = }\n', '}', 'a value is missing after `=`'],
  ['[agents.a]\ntools = { allowed = ["read"], ', ',', 'expected a key (`allowed = [...]`), or `}`'],
  ['[agents.a.tools]\nallowed == ["read"]\n', '=', 'one `=` between the key and its value'],
  ['[agents.a.tools]\nallowed: ["read"]\n', ':', 'expected `=` after the key (TOML writes `=`, not `:`)'],
  ['[agents.a.tools]\nallowed = [\u201Cread\u201D]\n', '\u201C', '`\u201C` is not a TOML quote: use a straight `"` or `\'`'],
  // The low quotes German and Polish open with, named as the others; and a key in curly quotes, not a character of a bare key.
  ['[agents.a.tools]\nallowed = [\u201Eread\u201C]\n', '\u201E', '`\u201E` is not a TOML quote: use a straight `"` or `\'`'],
  ['x = \u201Aa\u2018\n', '\u201A', '`\u201A` is not a TOML quote: use a straight `"` or `\'`'],
  ['[agents.a.tools]\n\u201Callowed\u201D = ["read"]\n', '\u201C', '`\u201C` is not a TOML quote: use a straight `"` or `\'`'],
  ['[agents.a]\ntools = { a = 1, \u2018allowed\u2019 = [] }\n', '\u2018', '`\u2018` is not a TOML quote: use a straight `"` or `\'`'],
  ['[agents.\u201Ca\u201D.tools]\n', '\u201C', '`\u201C` is not a TOML quote: use a straight `"` or `\'`'],
  // A `;` after a string, before a bare word: a separator of other languages, not a quote meant inside the string.
  ['x = ["a"; b]\n', ';', 'expected `,` or `]`: the items of a list are separated by commas'],
  ['x = ["a"; tru]\n', ';', 'expected `,` or `]`: the items of a list are separated by commas'],
  ['[agents.a.tools]\nallowed = [bash(git *)]\n', 'bash(git *)', '`bash(git *)` is not a value TOML knows: write text in quotes (`"bash(git *)"`)'],
  // What TOML does not read as a blank after it is no part of what is said to quote (it has its own error once quoted).
  ['[agents.a.tools]\nallowed = ["read", bash\u200b]\n', 'bash', '`bash` is not a value TOML knows: write text in quotes (`"bash"`)'],
  ['[agents.a.tools]\nallowed = [read more\t\u200b]\n', 'read more', '`read more` is not a value TOML knows: write text in quotes (`"read more"`)'],
  ['[agents.a.tools]\nallowed = ["read", 1.2.3\u0085 ]\n', '1.2.3', '`1.2.3` is not a value TOML knows: write text in quotes (`"1.2.3"`)'],
  ['x = 1,5\u200b\n', '1,5', '`1,5` is not a value TOML knows: write a decimal point (`1.5`), or a list in brackets (`[1, 5]`)'],
  // So after a tab before it: the values end before both.
  ['x = 1,5\t\u200b\n', '1,5', '`1,5` is not a value TOML knows: write a decimal point (`1.5`), or a list in brackets (`[1, 5]`)'],
  ['x = "a", "b"\t\u200b\n', '"a", "b"', '`"a", "b"` is not a value TOML knows: write a list in brackets (`["a", "b"]`)'],
  ['[agents.a.tools]\nallowed = [\n  "read",\n  Bash = "allow",\n]\n', 'B', 'a list holds values, not `key = value`'],
  // `]` auto-closed after the cursor, so the list is closed after the key typed into it.
  ['[agents.a.tools]\nallowed = ["read", "grep"\nx = 1]\n', 'x', 'a list holds values, not `key = value`'],
  ['[agents.a.tools]\nallowed = ["read", "grep", x = "a # ]"]\n', 'x', 'a list holds values, not `key = value`'],
  ['[agents.a.tools]\nallowed = ["read"\nx = [1]\n[agents.b]\n', 'x', 'the list of `allowed` is not closed: add `]`', '['],
  ['[agents.a]\ntools = { allowed', 'a', 'expected `=` and a value after the key'],
  ['agents.x.\n', '.', 'a key part is missing after `.`'],
  ['a = { "edit", b = 1 }\n', ',', 'expected `=` and a value after the key'],
  ['a = { "edit", }\n', ',', 'an inline table holds `key = value` pairs: a list is written in brackets (`[ "edit", ]`)'],
  ['[agents."my agent"x]\n', 'x', 'expected `.` or `]`: the parts of a table name are joined with `.` (put a name with spaces in quotes)'],
  // After a backslash in a string, white space TOML does not read as a blank is text: the escape is wrong (it said U+00A0 "TOML does not read as a blank").
  ["x = \"a\\\u00a0b\"\n", "\\\u00a0", "a `\\` before U+00A0 is not an escape TOML knows: write `\\\\` for a backslash, or use a literal string ('...'), where a backslash is plain"],
  // After a backslash, a character that shows as a blank, or as nothing, is named, not quoted (it showed `\\u200B`, `\U+0009`).
  ['x = "a\\\u200bb"\n', '\\\u200b', 'a `\\` before U+200B (a zero-width space) is not an escape TOML knows: write `\\\\` for a backslash, or use a literal string (\'...\'), where a backslash is plain'],
  ['x = "a\\\tb"\n', '\\\t', 'a `\\` before a tab is not an escape TOML knows: write `\\\\` for a backslash, or use a literal string (\'...\'), where a backslash is plain'],
  ['x = "a\\ b"\n', '\\ ', 'a `\\` before a space is not an escape TOML knows: write `\\\\` for a backslash, or use a literal string (\'...\'), where a backslash is plain'],
  // A value right after a number, said as after any other value (smol-toml: "illegal character in numeric literal").
  ['x = [1"a"]\n', '"', 'expected `,` or `]`: the items of a list are separated by commas'],
  ["x = [1.5'a']\n", "'", 'expected `,` or `]`: the items of a list are separated by commas'],
  ['x = [1[2]]\n', '[', 'expected `,` or `]`: the items of a list are separated by commas'],
  ['x = { a = 1"b" }\n', '"', 'expected `,` or `}`: the keys of an inline table are separated by commas'],
  ['x = 1"a"\n', '"', '`"` after the value: a line holds one `key = value`, then only a comment'],
  // A `]` after a value alone, its `[` not typed: the list meant (it said "`]` after the value"); not after a list (a `]` typed twice), nor with more after it.
  ['x = "a"]  # c\n', ']', 'this `]` closes no list: write its `[` before the value too (`["a"]`)'],
  ['x = [1]]\n', ']', '`]` after the value: a line holds one `key = value`, then only a comment'],
  ['x = "a"] y\n', ']', '`]` after the value: a line holds one `key = value`, then only a comment'],
  ['n = 1].5e3\n', ']', '`]` after the value: a line holds one `key = value`, then only a comment'],
  ['x = [1}\n', '}', 'expected `,` or `]`: the items of a list are separated by commas'],
  ['n = 1=.5e3\n', '=', '`=` after the value: a line holds one `key = value`, then only a comment'],
  // A lone CR where a value is due: named as elsewhere, shown on the character before it (it was smol-toml's raw "invalid value").
  ['x =\r"a"\n', '=', 'a lone carriage return (U+000D): TOML ends a line with a line feed (`\\n` or `\\r\\n`)'],
  // A header left open at the end of the text, blanks after its `[`: shown on the `[`, not on the blank.
  ['[ ', '[', 'this table header is not closed: add `]`'],
  ['x = 1\n  [\t', '[', 'this table header is not closed: add `]`'],
  // An offset after a time of day, which TOML gives to a date and time only (it said "`Z` after the value"), the offset in the example as TOML writes it.
  ['x = 07:32:00Z\n', 'Z', 'a time of day takes no offset: TOML gives one to a date and time only (`YYYY-MM-DDT07:32:00Z`); without `Z` it is a local time'],
  ['x = [1, 07:32:00.5-0100]\n', '-0100', 'a time of day takes no offset: TOML gives one to a date and time only (`YYYY-MM-DDT07:32:00.5-01:00`); without `-0100` it is a local time'],
  ['x = { a = 07:32:00+01 }\n', '+01', 'a time of day takes no offset: TOML gives one to a date and time only (`YYYY-MM-DDT07:32:00+01:00`); without `+01` it is a local time'],
  ['x = "07:32:00"Z\n', 'Z', '`Z` after the value: a line holds one `key = value`, then only a comment'],
  // Values with their `]` typed and not their `[`: the `]` is the list's (the fix wrote `["a", "b"] ]`); not with more after it.
  ['x = "a", "b" ]  # c\n', '"a", "b" ]', '`"a", "b" ]` is not a value TOML knows: write a list in brackets (`["a", "b"]`)'],
  ['x = { a = "a", "b"] }\n', '"a", "b"]', '`"a", "b"]` is not a value TOML knows: write a list in brackets (`["a", "b"]`)'],
  ['x = "a", "b"] x\n', '"a", "b"', '`"a", "b"` is not a value TOML knows: write a list in brackets (`["a", "b"]`)'],
  // A `}` where a list's item or `]` is due: named (it was smol-toml's raw "invalid value").
  ['[agents.a.tools]\nallowed = [}"read"]\n', '}', 'expected a value, or `]`: this `}` closes no inline table'],
  ['x = { a = [1, }] }\n', '}', 'expected a value, or `]`: this `}` closes no inline table'],
  ['[agents.a.tools]\nallowed = [="read"]\n', '=', 'expected a value, or `]`: a list holds values, not `key = value`'],
  // A key then a comma in an inline table: its `=` and value missing (it said "`,` cannot be in a bare key … put the key in quotes").
  ['t = { x = "a", b, y = 1 }\n', ',', 'expected `=` and a value after the key'],
  // Found by hand mutation of toml/syntaxMessages.ts: each row fails with one of its branches changed.
  ['x = 0_', '0_', '`0_` is unfinished: an underscore in a number goes between two digits (`1_000`)'],
  ["x = '''abc\n", "'", "this string is never closed: add the closing `'''`"],
  ['x = 1\na. ', 'a', 'a key part is missing after `.`'],
  ['a . \t', 'a', 'a key part is missing after `.`'],
  ['x = { a = , b = 1 }\n', ',', 'a value is missing after `=`'],
  ['x = \u2019a\u2019\n', '\u2019', '`\u2019` is not a TOML quote: use a straight `"` or `\'`'],
  [`x = ${'a'.repeat(40)}\n`, 'a'.repeat(40), `\`${'a'.repeat(40)}\` is not a value TOML knows: write text in quotes (\`"${'a'.repeat(40)}"\`)`],
  [`x = ${'1'.repeat(39)}.\n`, `${'1'.repeat(39)}.`, `\`${'1'.repeat(39)}.\` is unfinished: a float has digits after its \`.\`, as in \`${'1'.repeat(39)}.0\``],
  ['x = 0b\n', '0b', '`0b` is unfinished: a hex, octal or binary number has digits after its prefix, as in `0b1`'],
  ['x = 2023-00-01\n', '2023-00-01', '`2023-00-01` is not a date: the month is 01 to 12'],
  ['x = 24:00:00\n', '24:00:00', '`24:00:00` is not a time: the hour is 00 to 23'],
  [`x = ${'1,'.repeat(19)}12\n`, `${'1,'.repeat(19)}12`, `\`${'1,'.repeat(19)}12\` is not a value TOML knows: write a list in brackets (\`[${'1, '.repeat(19)}12]\`)`],
  ["'a\\'.\"b\u0001\" = 1\n", '\u0001', 'control character U+0001 in a string: write it as `\\u0001`'],
];
for (const [text, shown, message, related] of EXPLAINED) {
  test(`the error says what to type: ${JSON.stringify(text)}`, () => {
    const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'toml-syntax');
    assert.deepEqual(found.map((f) => [text.slice(f.span.start, f.span.end), f.message, f.related?.map((r) => text.slice(r.span.start, r.span.end))[0]]),
      [[shown, `TOML syntax error: ${message}`, related]]);
  });
}

// A key part whose letters only look like ASCII ones (a Cyrillic `о`, fullwidth letters), among ASCII ones or typed fullwidth:
// the syntax error's fix writes them in ASCII, preferred, not in fix-all (a did-you-mean, as for an entry); quoting them had
// been fix-all's, which turned a visible error into a table Mars never reads, said nowhere. Quoted already, the key is told
// as meant (`tооls` is not `tools`, its character named). A word of another script is quoted, as written.
// [text, the fix's title, the text after it, the finding after it]
const LOOKALIKE_KEYS: Array<[text: string, title: string, after: string, then: string | null]> = [
  ['[agents.x.t\u043e\u043els]\nallowed = ["read"]\n', 'Change to `tools`', '[agents.x.tools]\nallowed = ["read"]\n', null],
  ['[agents.x.tools]\n\u0430ll\u043ewed = ["read"]\n', 'Change to `allowed`', '[agents.x.tools]\nallowed = ["read"]\n', null],
  ['[agents.x]\ntools.\uff44\uff45\uff4e\uff59 = ["bash"]\n', 'Change to `deny`', '[agents.x]\ntools.deny = ["bash"]\n', 'unknown-policy-key'],
  ['[agents.x.tools]\nallowed = ["read"]\n[agents.\u0441\u043e\u0440.tools]\n', 'Change to `"\u0441\u043e\u0440"`', '[agents.x.tools]\nallowed = ["read"]\n[agents."\u0441\u043e\u0440".tools]\n', null],
];
for (const [text, title, after, then] of LOOKALIKE_KEYS) {
  test(`a key's lookalike letters: ${JSON.stringify(text)}`, () => {
    const [error, ...rest] = documentFindings(analyzeDocument(text));
    assert.equal(error?.code, 'toml-syntax');
    assert.deepEqual(rest, []);
    assert.deepEqual(error!.fixes.map((x) => [x.title, x.preferred, x.safe]), [[title, true, title.startsWith('Change to `"')]]);
    assert.equal(applyEdits(text, error!.fixes[0]!.edits), after);
    assert.deepEqual(documentFindings(analyzeDocument(after)).map((f) => f.code), then ? [then] : []);
    // Fix-all takes the quotes of a word of another script, not a guess at the letters meant.
    assert.equal(applyEdits(text, documentFixAll(analyzeDocument(text))), error!.fixes[0]!.safe ? after : text);
  });
}
test('a key quoted with lookalike letters is told as the word it looks like, its character named', () => {
  const said = (text: string) => documentFindings(analyzeDocument(text)).map((f) => [f.code, f.message, f.fixes.map((x) => x.title)]);
  assert.deepEqual(said('[agents.x."t\u043e\u043els"]\nallowed = ["read"]\n'), [['misplaced-tool-list',
    '`t\u043e\u043els` is not `tools`: Mars reads the tool lists of agent `x` only from its `tools` table, so `allowed` here is not part of its policy. It holds U+043E, which looks like `o` but is not an ASCII character.',
    ['Rename `t\u043e\u043els` to `tools`']]]);
  assert.deepEqual(said('[agents.x.tools]\n"\u0430ll\u043ewed" = ["read"]\n'), [['unknown-policy-key',
    'Mars ignores `\u0430ll\u043ewed` here. It holds U+0430, which looks like `a` but is not an ASCII character. Did you mean `allowed`? A tools table holds only `allowed` and `disallowed` lists.',
    ['Rename to `allowed`']]]);
});

// A string's closing quote left out before its comma (`["Read, "Grep"]`), the quote after the comma read as it: put in
// after its name, preferred, not in fix-all (the comma may be meant inside); it had been said as a quote meant inside
// the string after, whose fix made one entry of two (`'Read, "Grep'`).
test('a closing quote left out before a comma is put in', async () => {
  for (const [text, title, fixed] of [
    ['[agents.a.tools]\nallowed = ["Read, "Grep", "Glob"]\n', 'Close `"Read` with `"`, before its comma', '[agents.a.tools]\nallowed = ["Read", "Grep", "Glob"]\n'],
    ['[agents.a.tools]\nallowed = [\'read\', \'grep, \'glob\']\n', 'Close `\'grep` with `\'`, before its comma', '[agents.a.tools]\nallowed = [\'read\', \'grep\', \'glob\']\n'],
  ] as const) {
    const [error] = documentFindings(analyzeDocument(text));
    assert.match(error!.message, /the string before this ends with a comma, where its closing `.` looks left out$/);
    assert.deepEqual(error!.fixes.map((x) => [x.title, x.preferred, x.safe]), [[title, true, false]]);
    assert.equal(applyEdits(text, error!.fixes[0]!.edits), fixed);
    assert.equal(await tomlEditErrorLine(fixed), null);
    assert.deepEqual(documentFixAll(analyzeDocument(text)), []);
  }
});

test('a string closed with the other quote is said so', () => {
  const [error] = documentFindings(analyzeDocument('[agents.a.tools]\nallowed = [\'read\', "edit\']\n'));
  assert.equal(error!.message, 'TOML syntax error: this string opens with `"` and ends with `\'`: close it with the quote it opens with');
});

// Punctuation typed with an East Asian keyboard layout, drawn as TOML's: named, and written in ASCII, each of the line's
// outside strings at once where the line then reads (else the one at the error), in fix-all with the others of its
// section (`next`); in a string it is text, left as written. Before, a `，` after a string was said as a quote meant
// inside it, whose fix made one entry of two (`'read"， "edit'`). [text, message, title, fix-all's text]
const LOOKALIKE_PUNCTUATION: Array<[text: string, message: string, title: string, fixed: string]> = [
  ['[agents.x.tools]\nallowed = ["read"\uff0c "edit"\u3001 "grep"]\n', '`\uff0c` (U+FF0C) looks like `,` but TOML does not read it as one: write `,`',
    'Replace `\uff0c` and `\u3001` with `,`', '[agents.x.tools]\nallowed = ["read", "edit", "grep"]\n'],
  ['[agents.x.tools]\nallowed \uff1d ["read"]\n', '`\uff1d` (U+FF1D) looks like `=` but TOML does not read it as one: write `=`', 'Replace `\uff1d` with `=`', '[agents.x.tools]\nallowed = ["read"]\n'],
  ['\uff3bagents.x.tools\uff3d\nallowed = ["read"]\n', '`\uff3b` (U+FF3B) looks like `[` but TOML does not read it as one: write `[`', 'Replace `\uff3b` and `\uff3d` with `[` and `]`', '[agents.x.tools]\nallowed = ["read"]\n'],
  ['[agents.x.tools]\nallowed = ["r\uff0cead"\uff0c "edit"]\ndisallowed = ["a"\uff0c "b"] # \uff0c\n', '`\uff0c` (U+FF0C) looks like `,` but TOML does not read it as one: write `,`',
    'Replace `\uff0c` with `,`', '[agents.x.tools]\nallowed = ["r\uff0cead", "edit"]\ndisallowed = ["a", "b"] # \uff0c\n'],
];
for (const [text, message, title, fixed] of LOOKALIKE_PUNCTUATION) {
  test(`punctuation typed as an East Asian layout types it: ${JSON.stringify(text)}`, async () => {
    const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'toml-syntax');
    assert.deepEqual(found.map((f) => [f.message, f.fixes.map((x) => [x.title, x.preferred, x.safe])]), [[`TOML syntax error: ${message}`, [[title, true, true]]]]);
    const all = applyEdits(text, documentFixAll(analyzeDocument(text)));
    assert.equal(all, fixed);
    assert.equal(await tomlEditErrorLine(all), null);
  });
}

// A comma missing between two items of a list, or two key/values of an inline table, written on
// one line with only blanks between, or between two items of a list on two lines (the most common:
// a line added at the end of a list): its fix writes it right after the first, preferred and in
// fix-all, as the text can mean nothing else. Not where what follows the error is no whole item on its
// line, followed by what may follow one (its quotes may pair the wrong way). Two strings with no blank between
// (`['it''s']`, SQL's doubled quote meant as one string) may be one string meant: the comma is a guess, offered, not
// preferred nor in fix-all, and the message says how to write a quote inside a string. [text, the text after the fix,
// or null: none; the fix's title, where not `Insert a comma`; whether it is a guess]
const MISSING_COMMAS: Array<[text: string, fixed: string | null, title?: string, guess?: boolean]> = [
  ['[agents.a.tools]\nallowed = ["bash" "read"]\n', '[agents.a.tools]\nallowed = ["bash", "read"]\n'],
  ['[agents.a.tools]\nallowed = ["bash""read"]\n', '[agents.a.tools]\nallowed = ["bash", "read"]\n', undefined, true],
  // A string right after a number (smol-toml stops there with "illegal character in numeric literal").
  ['x = [1"a"]\n', 'x = [1, "a"]\n'],
  ["[agents.a.tools]\nallowed = ['it''s']\n", "[agents.a.tools]\nallowed = ['it', 's']\n", undefined, true],
  ['[agents.a.tools]\nallowed = ["a"\'b\']\n', '[agents.a.tools]\nallowed = ["a", \'b\']\n', undefined, true],
  ['[agents.a.tools]\nallowed = ["bash"\t\'read\']\n', '[agents.a.tools]\nallowed = ["bash",\t\'read\']\n'],
  ['[agents.a.tools]\nallowed = [\n  "bash" "read",\n]\n', '[agents.a.tools]\nallowed = [\n  "bash", "read",\n]\n'],
  ['[agents.a.tools]\nallowed = [\n  "bash" "read" # r\n]\n', '[agents.a.tools]\nallowed = [\n  "bash", "read" # r\n]\n'],
  ['[agents.a.tools]\nallowed = ["a" "b" "c"]\n', '[agents.a.tools]\nallowed = ["a", "b" "c"]\n'],
  ['x = [1 2]\n', 'x = [1, 2]\n'],
  // A string right after a value that is no string, no blank between: no quote meant inside, not a guess.
  ['x = [true"a"]\n', 'x = [true, "a"]\n'],
  // A value right after a string's closing quote that is no string: no quote meant inside, the comma no guess.
  ['x = ["a"1]\n', 'x = ["a", 1]\n'],
  ['x = [["a" "b"]]\n', 'x = [["a", "b"]]\n'],
  ['x = ["a" { b = 1 }]\n', 'x = ["a", { b = 1 }]\n'],
  ['x = { a = 1 b = 2 }\n', 'x = { a = 1, b = 2 }\n'],
  ['x = { a = "s" b.c = [1] }\n', 'x = { a = "s", b.c = [1] }\n'],
  // Not a whole item followed by what may follow one: the quotes may pair the wrong way.
  ['[agents.a.tools]\nallowed = ["a" "b, "c"]\n', null],
  ['[agents.a.tools]\nallowed = ["a" "b"c"]\n', null],
  ['[agents.a.tools]\nallowed = ["a" tru]\n', null],
  // A name that follows, which reads as no value: its quotes too (see the typing slips).
  ['[agents.a.tools]\nallowed = ["a" b]\n', '[agents.a.tools]\nallowed = ["a", "b"]\n', 'Insert a comma, and change `b` to `"b"`'],
  ['x = [1 2.5.3]\n', null],
  ['x = { a = 1 b }\n', null],
  ['x = { a = 1 b = }\n', null],
  // On two lines: after the first item, before any comment.
  ['[agents.a.tools]\nallowed = [\n  "a"\n  "b",\n]\n', '[agents.a.tools]\nallowed = [\n  "a",\n  "b",\n]\n'],
  ['[agents.a.tools]\r\nallowed = [\r\n  "a"  # the first\r\n\r\n  # more\r\n  "b"\r\n]\r\n', '[agents.a.tools]\r\nallowed = [\r\n  "a",  # the first\r\n\r\n  # more\r\n  "b"\r\n]\r\n'],
  ['[agents.a.tools]\nallowed = ["a"\n"b"]\n', '[agents.a.tools]\nallowed = ["a",\n"b"]\n'],
  ['x = [\n  [1]\n  { a = 1 }\n]\n', 'x = [\n  [1],\n  { a = 1 }\n]\n'],
  // A list as the next item reads as a header too (`[3]`), but the `]` below closes the list it is in.
  ['x = [\n  [1, 2]\n  [3]\n]\n', 'x = [\n  [1, 2],\n  [3]\n]\n'],
  ['x = [["a"]\n["b"]]\n', 'x = [["a"],\n["b"]]\n'],
  ['x = [\n  [1]\n  [2]\n  [3] # c\n]\n', 'x = [\n  [1],\n  [2]\n  [3] # c\n]\n'],
  // ... still only where what follows is whole.
  ['[agents.a.tools]\nallowed = [\n  "a"\n  "b, "c"\n]\n', null],
  ['[agents.a.tools]\nallowed = [\n  "a"\n  b c\n]\n', null],
  ['[agents.a.tools]\nallowed = [\n  "a"\n  b\n]\n', '[agents.a.tools]\nallowed = [\n  "a",\n  "b"\n]\n', 'Insert a comma, and change `b` to `"b"`'],
  // The next item a multi-line string over lines (read whole as TOML alone, and what may follow an item after its
  // closing quotes, as for any item); in an inline table, a value over lines, which TOML 1.0 allows there too.
  ['x = ["a" """b\nc"""]\n', 'x = ["a", """b\nc"""]\n'],
  ["x = [\"a\" '''\nb''' # c\n]\n", "x = [\"a\", '''\nb''' # c\n]\n"],
  ['x = ["a" """\nb""" "c"]\n', 'x = ["a", """\nb""" "c"]\n'],
  ['[agents.a.tools]\nallowed = [\n  "a"\n  """\nb"""\n]\n', '[agents.a.tools]\nallowed = [\n  "a",\n  """\nb"""\n]\n'],
  ['[agents.a.tools]\r\nallowed = [\r\n  "a"\r\n  """\r\nb""",\r\n]\r\n', '[agents.a.tools]\r\nallowed = [\r\n  "a",\r\n  """\r\nb""",\r\n]\r\n'],
  ['x = { a = 1 b = [\n2] }\n', 'x = { a = 1, b = [\n2] }\n'],
  ['x = { a = 1 b = """\ns""", c = 3 }\n', 'x = { a = 1, b = """\ns""", c = 3 }\n'],
  // ... still only where what follows it on its closing line may follow an item.
  ['x = ["a" """b\nc""" d]\n', null],
  ['x = ["a" """b\nc""" "d]\n', null],
  ['x = { a = 1 b = [\n2] c }\n', null],
  // Not a list over lines as an item of a list: not known safe (a `[` at a line's start may open a header).
  ['x = ["a" [\n1]]\n', null],
  // White space TOML does not read as a blank (its blanks are space and tab: a no-break space pasted from a web page,
  // an em space), where the comma is missing: it is replaced, with the blanks beside it, by a comma and a space.
  ['[agents.a.tools]\nallowed = ["bash"\u00a0"read"]\n', '[agents.a.tools]\nallowed = ["bash", "read"]\n', 'Replace U+00A0 with `, `'],
  ['[agents.a.tools]\nallowed = ["bash" \u00a0\t"read" "grep"]\n', '[agents.a.tools]\nallowed = ["bash", "read" "grep"]\n', 'Replace U+00A0 with `, `'],
  ['[agents.a.tools]\nallowed = ["bash"\u2003\u00a0"read"] # r\n', '[agents.a.tools]\nallowed = ["bash", "read"] # r\n', 'Replace U+2003 and U+00A0 with `, `'],
  ['x = [1\u3000 2]\n', 'x = [1, 2]\n', 'Replace U+3000 with `, `'],
  ['[agents.a.tools]\nallowed = ["bash"\u00a0"read, "c"]\n', null],
  // Between two words, numbers, or key/values of an inline table too (the model reads no blank into the word after it).
  ['x = [true\u00a0false]\n', 'x = [true, false]\n', 'Replace U+00A0 with `, `'],
  ['x = [1\u00a02]\n', 'x = [1, 2]\n', 'Replace U+00A0 with `, `'],
  // After a `0`, which smol-toml calls a leading zero.
  ['x = [0\u00a02]\n', 'x = [0, 2]\n', 'Replace U+00A0 with `, `'],
  ['x = { a = 0\u00a0b = 2 }\n', 'x = { a = 0, b = 2 }\n', 'Replace U+00A0 with `, `'],
  ['x = [1979-05-27\u2003"a"]\n', 'x = [1979-05-27, "a"]\n', 'Replace U+2003 with `, `'],
  ['x = { a = "s"\u00a0b = 2 }\n', 'x = { a = "s", b = 2 }\n', 'Replace U+00A0 with `, `'],
  ['x = { a = 1\u00a0b = 2 }\n', 'x = { a = 1, b = 2 }\n', 'Replace U+00A0 with `, `'],
  ['x = { a = 1 \u3000 b = 2, c = 3 }\n', 'x = { a = 1, b = 2, c = 3 }\n', 'Replace U+3000 with `, `'],
  ['[agents.a]\ntools = { allowed = ["read"]\u00a0disallowed = ["bash"] }\n', '[agents.a]\ntools = { allowed = ["read"], disallowed = ["bash"] }\n', 'Replace U+00A0 with `, `'],
  // Still only where whole items follow.
  ['x = [1\u00a02 3"]\n', null],
  ['x = { a = 1\u00a0b }\n', null],
  // ... and what TOML reads as no blank besides (its line breaks are LF and CRLF): the line and paragraph separators,
  // NEL, and the invisible characters (a zero-width space, a word joiner, a byte order mark past the file's start).
  ['[agents.a.tools]\nallowed = ["read"\u2028"grep"]\n', '[agents.a.tools]\nallowed = ["read", "grep"]\n', 'Replace U+2028 with `, `'],
  ['[agents.a.tools]\nallowed = ["read"\u2029"grep"]\n', '[agents.a.tools]\nallowed = ["read", "grep"]\n', 'Replace U+2029 with `, `'],
  ['[agents.a.tools]\nallowed = ["read"\u0085"grep"]\n', '[agents.a.tools]\nallowed = ["read", "grep"]\n', 'Replace U+0085 with `, `'],
  ['[agents.a.tools]\nallowed = ["read"\u200b"grep"]\n', '[agents.a.tools]\nallowed = ["read", "grep"]\n', 'Replace U+200B with `, `'],
  ['[agents.a.tools]\nallowed = ["read"\ufeff"grep"]\n', '[agents.a.tools]\nallowed = ["read", "grep"]\n', 'Replace U+FEFF with `, `'],
  ['[agents.a.tools]\nallowed = ["read"\u180e"grep"]\n', '[agents.a.tools]\nallowed = ["read", "grep"]\n', 'Replace U+180E with `, `'],
  ['[agents.a.tools]\nallowed = ["read" \u2060 "grep"]\n', '[agents.a.tools]\nallowed = ["read", "grep"]\n', 'Replace U+2060 with `, `'],
  ['x = ["a"\u200b\u00a0"b"]\n', 'x = ["a", "b"]\n', 'Replace U+200B and U+00A0 with `, `'],
  // At the start of the next item's line, in a list over lines: the comma after the item above, and the character
  // removed, the indentation written before it kept (a space there would indent the line by one).
  ['[agents.a.tools]\nallowed = [\n  "read"\n\u00a0"grep"\n]\n', '[agents.a.tools]\nallowed = [\n  "read",\n"grep"\n]\n', 'Insert a comma, and remove U+00A0'],
  ['[agents.a.tools]\nallowed = [\n  "read"  # r\n\n  \u3000\u200b "grep",\n]\n', '[agents.a.tools]\nallowed = [\n  "read",  # r\n\n   "grep",\n]\n', 'Insert a comma, and remove U+3000 and U+200B'],
  ['[agents.a.tools]\nallowed = [\n  "read"\n\u00a0"gr"ep"\n]\n', null],
  // At the end of the item's line, the next item on a line below: the comma in its place.
  ['[agents.a.tools]\nallowed = [\n  "read"\u00a0\n  "grep",\n]\n', '[agents.a.tools]\nallowed = [\n  "read",\n  "grep",\n]\n', 'Replace U+00A0 with `,`'],
  ['[agents.a.tools]\nallowed = [\n  "read" \u2003 # c\n\n  "grep"\n]\n', '[agents.a.tools]\nallowed = [\n  "read", # c\n\n  "grep"\n]\n', 'Replace U+2003 with `, `'],
  ['[agents.a.tools]\nallowed = [\n  "read"\u00a0\n  "gr"ep",\n]\n', null],
];
for (const [text, fixed, title = 'Insert a comma', guess = false] of MISSING_COMMAS) {
  test(`a missing comma's fix: ${JSON.stringify(text)}`, () => {
    const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'toml-syntax');
    assert.equal(found.length, 1);
    assert.match(found[0]!.message, /separated by commas/);
    const fixes = found[0]!.fixes;
    if (fixed === null) {
      assert.deepEqual(fixes, []);
      assert.deepEqual(documentFixAll(analyzeDocument(text)), []);
      return;
    }
    assert.deepEqual(fixes.map((x) => [x.title, x.preferred, x.safe]), [[title, !guess, !guess]]);
    assert.equal(applyEdits(text, fixes[0]!.edits), fixed);
    if (guess) {
      assert.match(found[0]!.message, /meant inside the string/);
      assert.deepEqual(documentFixAll(analyzeDocument(text)), []);
      return;
    }
    // Fix-all writes it, and the next one missing (`["a" "b" "c"]`): what fix-all then does to the fixed text.
    const fixedHasMore = documentFindings(analyzeDocument(fixed)).some((f) => f.code === 'toml-syntax');
    assert.equal(applyEdits(text, documentFixAll(analyzeDocument(text))), fixedHasMore ? applyEdits(fixed, documentFixAll(analyzeDocument(fixed))) : fixed);
  });
}

test('a `]` after a value alone, its `[` not typed: the list it means is offered, as a guess (neither preferred nor in fix-all)', () => {
  const text = '[agents.a.tools]\nallowed = "read" ]  # c\n';
  const [error] = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'toml-syntax');
  assert.deepEqual(error!.fixes.map((x) => [x.title, x.preferred, x.safe]), [['Change to `["read"]`', false, false]]);
  assert.equal(applyEdits(text, error!.fixes[0]!.edits), '[agents.a.tools]\nallowed = ["read"]  # c\n');
  assert.deepEqual(documentFixAll(analyzeDocument(text)), []);
});

// Where commas are missing, fix-all writes what fixing each syntax error as it is shown (a section shows one at a time),
// with its one fix, then fix-all on the rest, writes: the other commas missing in the list are written with the one
// shown (a list of thousands would take a pass for each), but none past where the errors shown in turn stop being
// fixed (an item that is no value, a comma too many, two strings with no blank between) nor where another error would
// show first (what TOML does not read as a blank, what TOML 1.1 added, each fixed in turn). [text]
const COMMAS_IN_TURN: string[] = [
  '[agents.a.tools]\nallowed = ["a" "b" "c" "d" "e"]\n',
  '[agents.a.tools]\nallowed = ["a"    "b"\t"c" \t "d"] # c\n',
  '[agents.a.tools]\nallowed = ["a" "b", "c" "d", "e" "f", "g"]\n',
  '[agents.a.tools]\nallowed = ["a", "b" "c" ,"d" "e"  ,  "f" "g"]\n',
  "[agents.a.tools]\nallowed = ['a' \"b\" 'c' 'd']\n",
  'x = [1 2 3 true false 1.5 "a" -7]\n',
  'x = [1979-05-27 "a" "b" 07:32:00 "c" "d"]\n',
  // Over lines: after the item above, before its comment.
  '[agents.a.tools]\nallowed = [\n  "a"\n  "b"\n  "c"\n]\n',
  '[agents.a.tools]\r\nallowed = [\r\n  "a"\r\n  "b"  # b\r\n\r\n  # c\r\n  "c"\r\n  "d"\r\n]\r\n',
  '[agents.a.tools]\nallowed = [\n  "a" # one\n\n  # two\n  "b", "c" "d"\n  "e"\n  , "f" "g"\n  "h",\n  "i" "j" # k\n]\n',
  '[agents.a.tools]\nallowed = ["a" "b"\n"c" "d"\n"e"]\n',
  '[agents.a.tools]\nallowed = [\n  "Shell"  # mars-ignore: non-canonical\n  "Read"\n  "grep"\n]\n',
  // Left open: up to the line that reads as a statement.
  '[agents.a.tools]\nallowed = ["a" "b" "c"\ndisallowed = ["d" "e" "f"]\n',
  '[agents.a.tools]\nallowed = ["a" "b"\n"c" "d"\n',
  '[agents.a.tools]\nallowed = [\n  "a"\n  "b"\n"c" = 1\n]\n',
  // In several lists and sections, and in an inline table.
  '[agents]\na.tools.allowed = ["read" "grep" "Bash"]\nb.tools.allowed = ["Read" "edit" "edit"]\n[agents.c.tools]\nallowed = ["a" "b"]\ndisallowed = ["c" "d" "e"]\n',
  '[agents.a]\ntools = { allowed = ["read" "grep" "ls"], disallowed = ["bash" "edit"] }\n',
  '[agents.a]\ntools = { allowed = ["read" "grep" "ls"] disallowed = ["bash" "edit"] }\n',
  // What fixing the errors in turn writes from the list's entries (a duplicate, a spelling), fixed as it does.
  '[agents.a.tools]\nallowed = ["read" "read" "Read" "Shell" "read" "grep"]\n',
  '[agents.a.tools]\nallowed = [\n  "read"\n  "read"\n  "Shell"\n  "READ"\n]\ndisallowed = ["grep" "read" "grep"]\n',
  // A duplicate right before a comma missing: removed once the comma is written, with it and the blanks after it, as
  // in turn (removed first, from the comma before it, it kept the blanks after it: a tab where in turn a space stays).
  '[agents.a.tools]\nallowed = ["Read", "read"\t"edit",\t"Read"]\n',
  '[agents.a.tools]\nallowed = ["edit", "edit"\t"read"\t,"grep"]\n',
  '[agents.a.tools]\nallowed = ["Read",\n  "read"\t"Read"]\n',
  '[agents.a]\ntools = { allowed = ["grep"\t,"grep"  "read"\t"Read"] }\n',
  // Items that are not strings on one line: lists, inline tables, multi-line strings.
  'x = [["a" "b"] ["c" "d"] "e" "f"]\n',
  'x = ["a" "b" { y = 1 } "c" "d"]\n',
  'x = ["a" "b" """c\nd""" "e" "f"]\n',
  "x = [\n  'a'\n  '''\nb'''\n  'c'\n  'd'\n]\n",
  // Where the errors shown in turn stop being fixed.
  '[agents.a.tools]\nallowed = ["a" "b" c "d" "e"]\n',
  '[agents.a.tools]\nallowed = ["a" "b", , "c" "d"]\n',
  '[agents.a.tools]\nallowed = ["a" "b""c" "d" "e"]\n',
  '[agents.a.tools]\nallowed = ["a" "b" "c, "d" "e"]\n',
  '[agents.a.tools]\nallowed = ["a" "b" "c\\q" "d" "e"]\n',
  '[agents.a.tools]\nallowed = [\n  "a"\n  "b" # x\x01y\n  "c"\n  "d"\n]\n',
  '[agents.a.tools]\nallowed = ["a" "b"\r"c" "d"]\n',
  // What TOML does not read as a blank between two items on a line (a no-break space): the comma and a space in its place.
  '[agents.a.tools]\nallowed = ["a"\u00a0"b"\u00a0\u200b"c" \u3000 "d"\u2028"e"\ufeff\t"f"]\n',
  '[agents.a.tools]\nallowed = ["a" "b"\u00a0"c" "d" "e"]\n',
  '[agents.a.tools]\nallowed = ["a"\u00a0"b" "c"\u00a0"d", "e"\u00a0"f"]\n',
  'x = [1\u00a02\u00a0true\u00a0"a" 1.5\u00a0"b"]\n',
  // At the start of the next item's line, in a list over lines: the comma after the item above, the character removed;
  // at the end of the item's line: the comma in its place (and a space before a comment).
  '[agents.a.tools]\nallowed = [\n  "a"\n  "b"\n\u00a0 "c"\n  "d"\n]\n',
  '[agents.a.tools]\nallowed = [\n\u00a0"a"\n\u00a0"b"\n  \u00a0 \u3000"c" # c\n\n  # d\n\u00a0\u00a0"d"\n\u00a0"e" "f"\n]\n',
  '[agents.a.tools]\nallowed = [\n  "a"\u00a0\n  "b" \u00a0 # b\n\n  "c"\u3000\u00a0\n  # d\n  "d" "e"\u00a0\n  "f"\u00a0\n]\n',
  '[agents.a.tools]\r\nallowed = [\r\n  "a"\u00a0\r\n\u00a0"b"\r\n\u00a0"c"\r\n  "d"\u00a0\r\n  "e"\r\n]\r\n',
  'x = [\n  1\u00a0\n  true\n\u00a02.5\n  "a"\n]\n',
  // Where the errors shown in turn stop being fixed, or another would show first: both at once, on a blank line, before a statement.
  '[agents.a.tools]\nallowed = [\n  "a"\n  "b"\u00a0\n\u00a0"c"\n  "d"\n  "e"\n]\n',
  '[agents.a.tools]\nallowed = [\n  "a"\n  "b"\n\u00a0\n  "c"\n  "d"\n]\n',
  '[agents.a.tools]\nallowed = [\n  "a"\n\u00a0"b"\n\u00a0disallowed = ["c"]\n',
  '[agents.a.tools]\nallowed = [\n  "a"\u00a0\n  "b"\u00a0\ndisallowed = ["c"]\n',
  '[agents.a.tools]\nallowed = [\n  "a"\n\u00a0"b"\n\u00a0"\\e"\n\u00a0"c"\n\u00a0"d"\n]\n',
  '[agents.a.tools]\nallowed = [\n  "a"\u00a0\n  "b"\u00a0\n  07:32\u00a0\n  "c"\u00a0\n  "d"\n]\n',
  // The key/values of an inline table, on its line: a comma after each, or a comma and a space in place of what TOML
  // does not read as a blank; up to a key defined before (a dotted one too), a value that is not a string, a number or
  // a boolean, what is no key/value, a line break (TOML 1.1).
  '[agents.a]\ntools = { Bash = "allow" Read = "deny" "bash(x)" = "allow"\tGrep = "allow" }\n',
  '[agents.a]\ntools = { allowed = ["read" "grep"] disallowed = ["bash" "edit"] mcp = ["gh"] }\n',
  '[agents]\na = { description = "d" model = "m" tools = { allowed = ["read" "grep"] disallowed = ["bash"] } x = 1 y = 2 }\n',
  '[agents.a.tools]\nallowed = ["read"]\nBash = { a = "allow" b = "deny" c = "allow" }\n',
  'x = [{ a = 1 b = 2 c = 3 }, { d = 4 e = 5 f = 6 } { g = 7 h = 8 }]\n',
  'x = { a = 1 b = 2, c = 3 d = 4  e = 5\t f = true "g" = \'h\' }\n',
  'x = { a = 1\u00a0b = 2\u00a0\u200bc = 3 \u3000 d = 4 e = 5 }\n',
  'x = { a = 1 b = 2 a = 3 c = 4 }\n',
  'x = { a = 1 b = 2, a = 3 c = 4 }\n',
  'x = { a.b = 1 a.c = 2 d = 3 e = 4 }\n',
  'x = { a = 1 b = 2 a.c = 3 d = 4 }\n',
  'x = { a = 1 "b" = 2 b = 3 c = 4 }\n',
  'x = { a = 1 b = 2 c = [1] d = 4 e = 5 }\n',
  'x = { a = 1 b = """x\ny""" c = 2 d = 3 }\n',
  // A key of Mars's recursion limit (80 parts), which its parser stops at, shown in turn before the commas after it.
  `x = { a = 1 b = 2 ${Array.from({ length: 80 }, (_, i) => `k${i}`).join('.')} = 3 d = 4 e = 5 }\n`,
  'x = { a = 1 b = 2 c = 07:32 d = 4 e = 5 }\n',
  'x = { a = 1 b = 2 c = 1979-05-27 d = 4 e = 5 }\n',
  'x = { a = 1 b = 2 c = "\\e" d = 4 e = 5 }\n',
  'x = { a = 1 b = 2 c = { d = 4 } e = 5 f = 6 }\n',
  'x = { a = 1 b = 2 c = d = 4 e = 5 }\n',
  'x = { a = 1 b = 2 c d = 3 e = 4 }\n',
  'x = { a = 1 b = 2, , c = 3 d = 4 }\n',
  'x = { a = 1 b = 2\n c = 3 d = 4 }\n',
  'x = { a = 1 b = 2,\n c = 3 d = 4 }\n',
  'x = { a = 1 b = 2 c = 3 # c\n}\n',
  // Where another error would show first, fixed in turn: in the item before the first comma too, shown once that comma
  // is written, not hidden by one said at the inline table's `{` (its key/values over lines) once the others are.
  '[agents.a.tools]\nallowed = ["a"\u00a0"b",\u00a0"c"\u00a0"d"]\n',
  'x = { a = 07:32\u00a0b = 1 c = 2,\n c = 3 }\n',
  'x = { a = 07:32 b = 1 c = 2,\n d = 3 e = 4 }\n',
  'x = { y = [07:32 "b" "c"] b = 1\n c = 2 d = 3 }\n',
  '[agents.a.tools]\nallowed = [\n  "a"\u00a0"b"\n\u00a0"c"\u00a0"d"\n  "e"\u00a0\n  "f" "g"\n]\n',
  '[agents.a.tools]\nallowed = ["a" "b" "\\e" "c" "d"]\n',
  '[agents.a.tools]\nallowed = ["a" "b" "x{y}" "c" "d"]\n',
  'x = ["a" "b" 07:32 "c" "d"]\n',
  'x = [{ a = 1, } "b" "c" "d"]\n',
];

/**
 * `text` with the fix of each syntax error shown written in turn, while one has a safe fix (what a
 * person fixing them one at a time writes), then fix-all's, until it makes no edit.
 */
function fixedInTurn(text: string): string {
  for (let n = 0; n < 1_000; n++) {
    const error = documentFindings(analyzeDocument(text)).find((f) => f.code === 'toml-syntax' && f.fixes.some((x) => x.safe));
    const edits = error ? error.fixes.find((x) => x.safe)!.edits : documentFixAll(analyzeDocument(text));
    if (edits.length === 0) return text;
    text = applyEdits(text, edits);
  }
  throw new Error(`no end fixing ${JSON.stringify(text)}`);
}

for (const text of COMMAS_IN_TURN) {
  test(`fix-all where commas are missing writes what fixing each error in turn writes: ${JSON.stringify(text)}`, () => {
    const fixed = applyEdits(text, documentFixAll(analyzeDocument(text)));
    assert.equal(fixed, fixedInTurn(text));
    assert.deepEqual(documentFixAll(analyzeDocument(fixed)), [], 'settled');
  });
}

// Typing slips whose message already names the fix (toml/typingSlips.ts): a comma too many, a `;` for a comma, a word
// without its quotes, curly quotes pasted from a document or a chat, a `]` or `}` typed twice, a list left open before
// the next statement. The fix writes what the message says, preferred and in fix-all where the text can mean nothing
// else; a guess (words with blanks between, which may be two values) is offered, neither preferred nor in fix-all.
// Fix-all writes what fixing each error in turn writes (the other bare words and curly quotes of the list with the
// first, `next`), and toml_edit (Mars's parser) reads what it leaves. [text, the text after the error's fix, or null:
// none; its title; whether a guess; the text after fix-all, where it writes more than the fix; whether toml_edit reads that]
const TYPING_SLIPS: Array<[text: string, fixed: string | null, title?: string, guess?: boolean, all?: string, reads?: boolean]> = [
  // A comma where a list's value was due: removed, with its blank where one stands before it, or its line where alone on it.
  ['x = ["read",, "edit"]\n', 'x = ["read", "edit"]\n', 'Remove the extra comma'],
  ['x = ["read", , "edit"]\n', 'x = ["read", "edit"]\n', 'Remove the extra comma'],
  ['x = ["read",,, "edit"] # c\r\n', 'x = ["read", "edit"] # c\r\n', 'Remove the extra commas'],
  ['x = [, "read"]\n', 'x = ["read"]\n', 'Remove the extra comma'],
  ['x = ["read",,]\n', 'x = ["read",]\n', 'Remove the extra comma'],
  ['x = [\r\n  "read",\r\n  ,\r\n  "edit",\r\n]\r\n', 'x = [\r\n  "read",\r\n  "edit",\r\n]\r\n', 'Remove the extra comma'],
  ['x = ["a",, "b",, "c"]\n', 'x = ["a", "b",, "c"]\n', 'Remove the extra comma', false, 'x = ["a", "b", "c"]\n'],
  // First on its line before an item (commas written there), after a line that ends with one: that one goes.
  ['x = [\n  "a",\n  , "b"\n]\n', 'x = [\n  "a"\n  , "b"\n]\n', 'Remove the extra comma'],
  ['x = [\r\n  "a", # c\r\n  , "b"\r\n]\r\n', 'x = [\r\n  "a", # c\r\n  "b"\r\n]\r\n', 'Remove the extra comma'],
  // A `;` between two items of a list: a comma, where a whole item follows it (a number before it too).
  ['x = ["read"; "edit"]\n', 'x = ["read", "edit"]\n', 'Replace `;` with `,`'],
  ['x = ["read";"edit"] # c\r\n', 'x = ["read","edit"] # c\r\n', 'Replace `;` with `,`'],
  ['x = [1; 2]\n', 'x = [1, 2]\n', 'Replace `;` with `,`'],
  ['x = [true; false]\n', 'x = [true, false]\n', 'Replace `;` with `,`'],
  ['x = [\n  "a";  # c\n  "b"\n]\n', 'x = [\n  "a",  # c\n  "b"\n]\n', 'Replace `;` with `,`'],
  ['x = ["a"; "b"; "c"]\n', 'x = ["a", "b"; "c"]\n', 'Replace `;` with `,`', false, 'x = ["a", "b", "c"]\n'],
  // Before the `]`: removed with the blanks before it, or a `,` where the `]` is on a line below (a comma may end a list).
  ['x = ["a" ;]\n', 'x = ["a"]\n', 'Remove `;`'],
  ['x = [\r\n  "a";  # c\r\n]\r\n', 'x = [\r\n  "a",  # c\r\n]\r\n', 'Replace `;` with `,`'],
  ['x = ["a"; "b]\n', null],
  ['x = ["a";\ny = 1\n', null],
  // Before a bare name or curly quotes: the `,`, then its quotes (in fix-all, as in turn); not before what they do not quote.
  ['x = ["a"; b]\n', 'x = ["a", b]\n', 'Replace `;` with `,`', false, 'x = ["a", "b"]\n'],
  ['x = ["a"; \u201Cb\u201D, c] # c\r\n', 'x = ["a", \u201Cb\u201D, c] # c\r\n', 'Replace `;` with `,`', false, 'x = ["a", "b", "c"] # c\r\n'],
  ['x = [1;2;3]\n', 'x = [1,2;3]\n', 'Replace `;` with `,`', false, 'x = [1,2,3]\n'],
  ['x = ["a";read]\n', 'x = ["a",read]\n', 'Replace `;` with `,`', false, 'x = ["a","read"]\n'],
  ['x = ["a";1x]\n', null],
  ['x = ["a"; b; c]\n', 'x = ["a", b; c]\n', 'Replace `;` with `,`', false, 'x = ["a", "b", "c"]\n'],
  // A bare name before a `;` (outside its parentheses): in quotes, then the `;` a `,`.
  ['x = [read; edit]\n', 'x = ["read"; edit]\n', 'Change to `"read"`', false, 'x = ["read", "edit"]\n'],
  ['x = [bash(a; b);read] # c\r\n', 'x = ["bash(a; b)";read] # c\r\n', 'Change to `"bash(a; b)"`', false, 'x = ["bash(a; b)","read"] # c\r\n'],
  ['x = ["a"; tru]\n', null],
  ['x = ["a"; read edit]\n', null],
  // Between two key/values of an inline table, where the table reads with it a `,` (and each `;` after it), on its line.
  ['x = { a = 1; b = 2 }\n', 'x = { a = 1, b = 2 }\n', 'Replace `;` with `,`'],
  ['x = { a = 1;b = "x;y"; c = [1] } # c\r\n', 'x = { a = 1,b = "x;y"; c = [1] } # c\r\n', 'Replace `;` with `,`', false, 'x = { a = 1,b = "x;y", c = [1] } # c\r\n'],
  ['t = { a = { b = 1; c = 2 } }\n', 't = { a = { b = 1, c = 2 } }\n', 'Replace `;` with `,`'],
  ['x = { a = 1; b = read }\n', 'x = { a = 1, b = read }\n', 'Replace `;` with `,`', false, 'x = { a = 1, b = "read" }\n'],
  ['x = { a = 1 ; }\n', 'x = { a = 1 }\n', 'Remove `;`'],
  ['x = { a = 1; b }\n', null],
  ['x = { a = 1; b = 2 \n', null],
  ['x = { a = 1;\n  b = 2 }\n', null],
  // A comma where an inline table's key was due: removed, as in a list.
  ['x = { a = 1,, b = 2 }\n', 'x = { a = 1, b = 2 }\n', 'Remove the extra comma'],
  ['x = { a = 1, ,, b = 2 } # c\r\n', 'x = { a = 1, b = 2 } # c\r\n', 'Remove the extra commas'],
  ['x = { , a = 1 }\n', 'x = { a = 1 }\n', 'Remove the extra comma'],
  ['x = { a = 1,, }\n', 'x = { a = 1, }\n', 'Remove the extra comma', false, 'x = { a = 1 }\n'],
  // A bare word where a value was due: in quotes, as the message says, where it is a name (and the others of its list
  // after it with it, in fix-all); a guess where words have blanks between: in a list each word, a comma between
  // (`[read edit]`: the comma most likely missing), else one text. A statement's first, values after it (Claude's
  // `tools:` line pasted): the list they make, the names among them in quotes, not the first alone (an error still); a
  // guess but where the key is an `allowed` or `disallowed` list and each is a name Mars accepts.
  ['x = [read, edit]\n', 'x = ["read", edit]\n', 'Change to `"read"`', false, 'x = ["read", "edit"]\n'],
  ["x = [read, \"edit\", 'grep', 1, bash(git log *)]  # c\r\n", "x = [\"read\", \"edit\", 'grep', 1, bash(git log *)]  # c\r\n", 'Change to `"read"`', false,
    "x = [\"read\", \"edit\", 'grep', 1, \"bash(git log *)\"]  # c\r\n"],
  ['x = [\n  read,  # c\n\n  mcp__gh__x,\n  web-fetch\n]\n', 'x = [\n  "read",  # c\n\n  mcp__gh__x,\n  web-fetch\n]\n', 'Change to `"read"`', false,
    'x = [\n  "read",  # c\n\n  "mcp__gh__x",\n  "web-fetch"\n]\n'],
  ['x = read # c\n', 'x = "read" # c\n', 'Change to `"read"`'],
  // A comma inside a pattern's parentheses is the pattern's (not where they are left open on the line).
  ['x = [Bash(git add, commit), Read]\n', 'x = ["Bash(git add, commit)", Read]\n', 'Change to `"Bash(git add, commit)"`', false, 'x = ["Bash(git add, commit)", "Read"]\n'],
  ['x = [a(b, c]\n', null],
  ['[x]\ntools = Read, "Grep", bash(git log *) # c\n', '[x]\ntools = ["Read", "Grep", "bash(git log *)"] # c\n', 'Change to `["Read", "Grep", "bash(git log *)"]`', true],
  ['[agents.a.tools]\nallowed = Read, Grep\n', '[agents.a.tools]\nallowed = ["Read", "Grep"]\n', 'Change to `["Read", "Grep"]`', false, '[agents.a.tools]\nallowed = ["read", "grep"]\n'],
  ['[agents.a]\ntools.disallowed = Shell, "Read", bash(git push *)  # c\r\n', '[agents.a]\ntools.disallowed = ["Shell", "Read", "bash(git push *)"]  # c\r\n',
    'Change to `["Shell", "Read", "bash(git push *)"]`', false, '[agents.a]\ntools.disallowed = ["bash", "read", "bash(git push *)"]  # c\r\n'],
  ['[agents.a.tools]\nallowed = Read, "Grep, Edit"\n', '[agents.a.tools]\nallowed = ["Read", "Grep, Edit"]\n', 'Change to `["Read", "Grep, Edit"]`', true],
  ['x = Read, Grep\n', 'x = ["Read", "Grep"]\n', 'Change to `["Read", "Grep"]`', true],
  // Lists of text side by side: one list of their strings (not a list of lists, as of numbers).
  ['[agents.a.tools]\nallowed = ["read"], [], [\'grep\', "edit"]  # c\n', '[agents.a.tools]\nallowed = ["read", "grep", "edit"]  # c\n', 'Change to `["read", "grep", "edit"]`', true],
  ['x = [1], [2]\n', 'x = [[1], [2]]\n', 'Change to `[[1], [2]]`', true],
  ['[agents.a.tools]\nallowed = Bash(git log *), Read\n', '[agents.a.tools]\nallowed = ["Bash(git log *)", "Read"]\n', 'Change to `["Bash(git log *)", "Read"]`', false,
    '[agents.a.tools]\nallowed = ["bash(git log *)", "read"]\n'],
  ['x = read, tru, edit\n', 'x = "read", tru, edit\n', 'Change to `"read"`', false, undefined, false],
  ['model = claude sonnet\n', 'model = "claude sonnet"\n', 'Change to `"claude sonnet"`', true],
  ['x = { a = réad, b = 1 }\n', 'x = { a = "réad", b = 1 }\n', 'Change to `"réad"`'],
  ['x = [read edit]\n', 'x = ["read", "edit"]\n', 'Change to `"read", "edit"`', true],
  // A list written as YAML writes one, an item a line, no commas: each name in quotes, the comma after the item above it too
  // (past comments); after a string too (`["read" edit]`), on its line. Not before what they do not quote, nor a value.
  ['x = [\n  read\n  edit # e\n\n  bash(git log *)\n]\n', 'x = [\n  "read"\n  edit # e\n\n  bash(git log *)\n]\n', 'Change to `"read"`', false,
    'x = [\n  "read",\n  "edit", # e\n\n  "bash(git log *)"\n]\n'],
  ['x = [\r\n  "read" # r\r\n  edit\r\n]\r\n', 'x = [\r\n  "read", # r\r\n  "edit"\r\n]\r\n', 'Insert a comma, and change `edit` to `"edit"`'],
  ['x = ["read" edit, grep]\n', 'x = ["read", "edit", grep]\n', 'Insert a comma, and change `edit` to `"edit"`', false, 'x = ["read", "edit", "grep"]\n'],
  ['x = ["read" \u201Cedit\u201D]\n', 'x = ["read", "edit"]\n', 'Insert a comma, and change `\u201Cedit\u201D` to `"edit"`'],
  ['x = [\n  read\n  "edit"\n  grep\n]\n', 'x = [\n  "read"\n  "edit"\n  grep\n]\n', 'Change to `"read"`', false, 'x = [\n  "read",\n  "edit",\n  "grep"\n]\n'],
  ['x = [\n  "read"\n  tru\n]\n', null],
  ['x = [\n  "read"\n  read edit\n]\n', null],
  ['x = ["read"edit]\n', null],
  // ... past what the fix writes in turn: up to an error with no fix (`tru`), where fix-all stops too.
  ['x = [read, edit, tru, grep]\n', 'x = ["read", edit, tru, grep]\n', 'Change to `"read"`', false, 'x = ["read", "edit", tru, grep]\n', false],
  // Not what may be meant bare (a boolean, a number, nothing), nor a word of other characters, nor one more follows.
  ['x = [tru]\n', null],
  ['x = [True]\n', null],
  ['x = [flase]\n', null],
  ['x = [yes]\n', null],
  ['x = [NaN]\n', null],
  ['x = [mcp?]\n', null],
  ['x = [a\\b]\n', null],
  ["x = [read 'edit']\n", null],
  // A list written as YAML writes one under a key whose `:` or `=` ends its line (pasted from an agent's front matter):
  // the TOML list of its items, names in quotes, on the key's line; an item a line where comments or blank lines are
  // among them, each kept. Up to the next statement (YAML's next key too) or the text's end; not past another line.
  ['[agents.a.tools]\nallowed:\n  - Read\n  - "bash(git log *)"\n', '[agents.a.tools]\nallowed = ["Read", "bash(git log *)"]\n', 'Write the list as TOML: `["Read", "bash(git log *)"]`', false,
    '[agents.a.tools]\nallowed = ["read", "bash(git log *)"]\n'],
  ['[agents.a.tools]\r\nallowed =  # tools\r\n  - Read # files\r\n\r\n  # more\r\n  - \'mcp__gh__x\'\r\ndisallowed:\r\n- Bash\r\n',
    '[agents.a.tools]\r\nallowed = [ # tools\r\n  "Read", # files\r\n\r\n  # more\r\n  \'mcp__gh__x\',\r\n]\r\ndisallowed:\r\n- Bash\r\n', 'Write the list as TOML: `["Read", \'mcp__gh__x\']`', false,
    '[agents.a.tools]\r\nallowed = [ # tools\r\n  "read", # files\r\n\r\n  # more\r\n  \'mcp(gh/x)\',\r\n]\r\ndisallowed = ["bash"]\r\n'],
  // (An agent's `tools` gets its rename to `tools.allowed` first: see the test of `tools:` pasted as YAML.)
  ['[x]\ntools:\n- Read\n\n[agents.b]\n', '[x]\ntools = ["Read"]\n\n[agents.b]\n', 'Write the list as TOML: `["Read"]`'],
  // Where the list on its key's line would run past 80 characters, an item a line; indented two spaces in from the key where YAML wrote them no deeper.
  ['[agents.a]\ntools:\n- Read\n- Bash(git log *)\n- Bash(git diff *)\n- WebFetch\n- mcp__github__create_issue\n',
    '[agents.a]\ntools = [\n  "Read",\n  "Bash(git log *)",\n  "Bash(git diff *)",\n  "WebFetch",\n  "mcp__github__create_issue",\n]\n',
    'Write the list as TOML: `["Read", "Bash(git log *)", "Bash(git diff *)", "W…p__github__create_issue"]`'],
  ['allowed:\n  - Read\n  -Grep\n', null],
  ['allowed:\n  - Read\n    more\n', null],
  // A boolean or a decimal number, which YAML and TOML write alike, as written; not YAML's others (`yes`, `.inf`, `01`).
  ['allowed:\n  - 1\n  - -2.5e3\n', 'allowed = [1, -2.5e3]\n', 'Write the list as TOML: `[1, -2.5e3]`'],
  ['allowed:\n  - true\n', 'allowed = [true]\n', 'Write the list as TOML: `[true]`'],
  // Text in quotes TOML reads otherwise (YAML's escapes, a quote written twice): the string YAML reads.
  ["allowed:\n  - \"mcp\\/x\"  # c\n  - 'it''s'\n", 'allowed = [\n  "mcp/x", # c\n  "it\'s",\n]\n', 'Write the list as TOML: `["mcp/x", "it\'s"]`'],
  ['allowed:\n  - yes\n', null],
  ['allowed:\n  - .inf\n', null],
  ['allowed:\n  - 01\n', null],
  ['allowed:\n  - "a\n', null],
  ['allowed: # c\n', null],
  // ... and its items in a list's brackets, its `[` and `]` each on a line of their own: each item's `-` gone, in quotes, a comma after it.
  ['x = [ # c\r\n  - read\r\n\r\n  # more\r\n  - "grep" # g\r\n]\r\n', 'x = [ # c\r\n  "read",\r\n\r\n  # more\r\n  "grep", # g\r\n]\r\n', 'Write the list as TOML: `["read", "grep"]`'],
  ['x = [\n  - read\n  - 1\n]\n', 'x = [\n  "read",\n  1,\n]\n', 'Write the list as TOML: `["read", 1]`'],
  ['x = [\n  - read\n  - {}\n]\n', null],
  ['x = [\n  - read\n', null],
  ['x = [ - read ]\n', null],
  // Curly quotes: straight ones of their kind, the string's text as written (an apostrophe inside passed).
  // The low ones German and Polish open with (`„read“`, `„read”`, `‚read‘`) too.
  ['x = [\u201Eread\u201C]\n', 'x = ["read"]\n', 'Change to `"read"`'],
  ['x = [\u201Aread\u2018, \u201Eedit\u201D] # c\r\n', "x = ['read', \u201Eedit\u201D] # c\r\n", "Change to `'read'`", false, 'x = [\'read\', "edit"] # c\r\n'],
  ['x = \u201Eread\u201C\n', 'x = "read"\n', 'Change to `"read"`'],
  ['x = [\u201Eread]\n', null],
  // Guillemets (French `«read»`, German `»read«`, single `‹read›`): straight quotes too.
  ['x = [\u00ABread\u00BB, \u00BBedit\u00AB, \u2039grep\u203A]\n', 'x = ["read", \u00BBedit\u00AB, \u2039grep\u203A]\n', 'Change to `"read"`', false, 'x = ["read", "edit", \'grep\']\n'],
  ['\u00ABallowed\u00BB = 1\n', '"allowed" = 1\n', 'Change to `"allowed"`'],
  ['x = [\u00ABa\u00BB \u00ABb\u00BB]\n', null],
  // A key, or a part of one, in curly quotes: straight ones (a quoted key is the bare one: the policy key `allowed` read, its `Read` then fixed).
  ['[agents.a.tools]\n\u201Callowed\u201D = ["Read"]\n', '[agents.a.tools]\n"allowed" = ["Read"]\n', 'Change to `"allowed"`', false, '[agents.a.tools]\n"allowed" = ["read"]\n'],
  ["\u2018allowed\u2019 = 1 # c\r\n", "'allowed' = 1 # c\r\n", "Change to `'allowed'`"],
  ['[agents.a]\ntools = { disallowed = [], \u201Eallowed\u201C = ["Read"] }\n', '[agents.a]\ntools = { disallowed = [], "allowed" = ["Read"] }\n', 'Change to `"allowed"`', false,
    '[agents.a]\ntools = { disallowed = [], "allowed" = ["read"] }\n'],
  ['a.\u201Cb\u201D = 1\n', 'a."b" = 1\n', 'Change to `"b"`'],
  ['[\u201Cagents\u201D.a.tools]\r\nallowed = ["Read"]\r\n', '["agents".a.tools]\r\nallowed = ["Read"]\r\n', 'Change to `"agents"`', false, '["agents".a.tools]\r\nallowed = ["read"]\r\n'],
  // Not a header's part where more than a comment follows the `]` found: a list's, as a line of code given a `[` (chunks seed 10304).
  ['[a.tools = { allowed = ["read"], disallowed = [] }\n', null],
  ['\u201Callowed = 1\n', null],
  ['\u201Ca"b\u201D = 1\n', null],
  ['\u201Ca b\u201D c = 1\n', null],
  ['x = [“read”]\n', 'x = ["read"]\n', 'Change to `"read"`'],
  ['x = [“read”, ‘edit’, ”grep”] # c\r\n', 'x = ["read", ‘edit’, ”grep”] # c\r\n', 'Change to `"read"`', false, 'x = ["read", \'edit\', "grep"] # c\r\n'],
  ['x = ‘it’s’\n', "x = 'it’s'\n", "Change to `'it’s'`"],
  ['x = [“bash(git log *)”, “read"]\n', 'x = ["bash(git log *)", “read"]\n', 'Change to `"bash(git log *)"`', false, 'x = ["bash(git log *)", "read"]\n'],
  ['x = [“a\\b”]\n', null],
  ['x = [“say "hi"”]\n', null],
  ['x = [“read]\n', null],
  // Two strings, their comma missing, not one string of both (it wrote `"a” “b"`, preferred and in fix-all); a key's too.
  ['x = [“a” “b”]\n', null],
  ['x = [‘a’‘b’, “c”]\n', null],
  ['“a” “b” = 1\n', null],
  // A `]` or `}` after a statement's list or inline table, closing nothing: removed; in an inline table, a `]` after a key's list.
  ['x = ["read"]]\n', 'x = ["read"]\n', 'Remove `]`'],
  ['x = ["read"] ] ] # c\r\n', 'x = ["read"] # c\r\n', 'Remove `]]`'],
  ['x = { a = 1 }}\n', 'x = { a = 1 }\n', 'Remove `}`'],
  ['x = ["read"]}\n', 'x = ["read"]\n', 'Remove `}`'],
  ['t = { a = [1]], b = 2 }\n', 't = { a = [1], b = 2 }\n', 'Remove `]`'],
  ['t = { a = [1] ] }\n', 't = { a = [1] }\n', 'Remove `]`'],
  ['x = ["read"]] y\n', null],
  // A `;` ending a statement: removed (those right after it too), with the blanks before it; before another
  // `key =` on the line, a line break, the line's indent after it.
  ['x = ["read"];  # c\r\n', 'x = ["read"]  # c\r\n', 'Remove `;`'],
  ['x = 1;\n', 'x = 1\n', 'Remove `;`'],
  ['x = true ;;', 'x = true', 'Remove `;;`'],
  ['model = sonnet;\n', 'model = "sonnet";\n', 'Change to `"sonnet"`', false, 'model = "sonnet"\n'],
  ['x = 1; y = 2\n', 'x = 1\ny = 2\n', 'Replace `;` with a line break'],
  ['  x = "a" ;  y = [1]; z = 3 # c\r\n', '  x = "a"\r\n  y = [1]; z = 3 # c\r\n', 'Replace `;` with a line break', false, '  x = "a"\r\n  y = [1]\r\n  z = 3 # c\r\n'],
  ['[t]\nx = 1; [u]\n', null],
  ['x = 1; y\n', null],
  // So a `,` (a JSON object's member ends with one), where no value follows it (that is a list without its brackets).
  ['x = ["read"],  # c\r\n', 'x = ["read"]  # c\r\n', 'Remove `,`'],
  ['x = [\n  "a"\n],,\n', 'x = [\n  "a"\n]\n', 'Remove `,,`'],
  ['x = 1,\n', 'x = 1\n', 'Remove `,`'],
  ['x = "a", y = 2\n', 'x = "a"\ny = 2\n', 'Replace `,` with a line break'],
  ['  x = 1, y = true\n', '  x = 1\n  y = true\n', 'Replace `,` with a line break'],
  ['x = 1,5\n', null],
  ['x = "a",  # c\n', null],
  // After a table header: a `]` typed twice (an array of tables' too), removed with the blanks before it.
  ['[agents.a.tools]]\nallowed = ["Read"]\n', '[agents.a.tools]\nallowed = ["Read"]\n', 'Remove `]`', false, '[agents.a.tools]\nallowed = ["read"]\n'],
  ['[[agents.a]]]\nx = 1\n', '[[agents.a]]\nx = 1\n', 'Remove `]`'],
  ['[t] ] ] # c\r\nx = 1\r\n', '[t] # c\r\nx = 1\r\n', 'Remove `]]`'],
  ['[t]]', '[t]', 'Remove `]`'],
  ['[t]] x\n', null],
  // Values with commas between them and no brackets, a `}` closing nothing after them: the list takes it in.
  ['x = "read", "edit", }\n', 'x = ["read", "edit"]\n', 'Change to `["read", "edit"]`', true],
  ['x = "read", "edit" }  # c\n', 'x = ["read", "edit"]  # c\n', 'Change to `["read", "edit"]`', true],
  // A statement's list left open before the next statement (or the text's end): closed after its last item, on its line.
  ['x = ["read"\ny = 1\n', 'x = ["read"]\ny = 1\n', 'Close the list with `]`'],
  ['x = ["read", # c\r\ny = 1\r\n', 'x = ["read"] # c\r\ny = 1\r\n', 'Close the list with `]`'],
  ['x = [\n  "read",\n  "edit"  # c\n\n# d\n[t]\n', 'x = [\n  "read",\n  "edit"]  # c\n\n# d\n[t]\n', 'Close the list with `]`'],
  ['x = ["read"\n', 'x = ["read"]\n', 'Close the list with `]`'],
  ['x = ["read" # c', 'x = ["read"] # c', 'Close the list with `]`'],
  ['x = [\ny = 1\n', 'x = []\ny = 1\n', 'Close the list with `]`'],
  ['x = [[1, 2]\ny = 1\n', 'x = [[1, 2]]\ny = 1\n', 'Close the list with `]`'],
  // Not a list in a list (closing it would leave the other open), nor before a statement on the item's line.
  ['x = [[1, 2\ny = 1\n', null],
  ['x = ["a", y = 1\n', null],
  // A `:` or `:=` for a key's `=`: `=`, a blank on each side; not where no value follows.
  ['[agents.a.tools]\nallowed: ["Read"]\n', '[agents.a.tools]\nallowed = ["Read"]\n', 'Replace `:` with `=`', false, '[agents.a.tools]\nallowed = ["read"]\n'],
  ['x:1 # c\r\n', 'x = 1 # c\r\n', 'Replace `:` with `=`'],
  ['x :=  "a"\n', 'x = "a"\n', 'Replace `:=` with `=`'],
  // Text as YAML writes it (a front matter pasted): in quotes too, the string YAML reads, names between commas too (the
  // section then reads on); not what TOML reads, a word meant bare, nor what YAML reads otherwise.
  ['description: Reviews code  # why\n', 'description = "Reviews code"  # why\n', 'Replace `: Reviews code` with `= "Reviews code"`'],
  ['[x]\ntools: Read, Grep\nmodel: sonnet\n', '[x]\ntools = "Read, Grep"\nmodel: sonnet\n', 'Replace `: Read, Grep` with `= "Read, Grep"`', false,
    '[x]\ntools = "Read, Grep"\nmodel = "sonnet"\n'],
  ['x: Say "hi" \\ now\r\n', 'x = "Say \\"hi\\" \\\\ now"\r\n', 'Replace `: Say "hi" \\ now` with `= "Say \\"hi\\" \\\\ now"`'],
  ['x: 1.2.3\n', 'x = "1.2.3"\n', 'Replace `: 1.2.3` with `= "1.2.3"`'],
  // Text in quotes TOML reads otherwise, or not at all (YAML's escapes TOML lacks, a quote written twice): the string YAML
  // reads, what would not be seen escaped; as written where TOML reads the same.
  ['x: "a\\/b\\x41\\N\\_\\e\\ "  # c\n', 'x = "a/bA\\u0085\\u00A0\\u001b "  # c\n', 'Replace `: "a\\/b\\x41\\N\\_\\e\\ "` with `= "a/bA\\u0085\\u00A0\\u001b "`'],
  ["x: 'it''s'\n", 'x = "it\'s"\n', 'Replace `: \'it\'\'s\'` with `= "it\'s"`'],
  ['x: "a\\tb"\n', 'x = "a\\tb"\n', 'Replace `:` with `=`'],
  ['x: "a\\qb"\n', 'x = "a\\qb"\n', 'Replace `:` with `=`', false, 'x = "a\\\\qb"\n'],
  // ... going on over the lines below, deeper than its key, to its closing quote (a break a blank, an empty line a
  // line break, a `\` ending a line joining it to the next); not where a line going on is not deeper, nor where it never closes.
  ['[agents.a]\ndescription: "Reviews code,\n  carefully.\n\n  Then \\"why\\", jo\\\n  ined."  # c\nmodel = "m"\n',
    '[agents.a]\ndescription = "Reviews code, carefully.\\nThen \\"why\\", joined."  # c\nmodel = "m"\n',
    'Replace `: "Reviews code,` and the 4 lines below with `= "Reviews code, carefully.\\nThen \\"why\\", joined."`'],
  // Empty lines after a `\` that escaped the line break are the escape's too: nothing between (sweep, yamlPasted seed 9292).
  ['mode: "joined\\\n\n  the end."\n', 'mode = "joinedthe end."\n', 'Replace `: "joined\\` and the 2 lines below with `= "joinedthe end."`'],
  ["x: 'it''s\r\n   on'\r\n", 'x = "it\'s on"\r\n', 'Replace `: \'it\'\'s` and the line below with `= "it\'s on"`'],
  ['x: "a\nb"\n', 'x = "a\nb"\n', 'Replace `:` with `=`', false, 'x = "a"\nb"\n', false],
  ['x: "a\n  b\n', 'x = "a\n  b\n', 'Replace `:` with `=`', false, 'x = "a"\n  b\n', false],
  // With the lines it goes on over, indented deeper than its key (YAML's plain text: a blank between, a line break for an
  // empty line), up to a line TOML reads as its own; not where YAML reads no such text (a key's `: `, a comment).
  ['[agents.a]\ndescription: Reviews code,\n  carefully.\n\n    Then why.\nmodel = "m"\n', '[agents.a]\ndescription = "Reviews code, carefully.\\nThen why."\nmodel = "m"\n',
    'Replace `: Reviews code,` and the 3 lines below with `= "Reviews code, carefully.\\nThen why."`'],
  ['x: a\r\n  b\r\n  y = 1\r\n', 'x = "a b"\r\n  y = 1\r\n', 'Replace `: a` and the line below with `= "a b"`'],
  ['x: a\n  b: c\n', null],
  ['x: a # c\n  b\n', null],
  ['x: yes\n', 'x = yes\n', 'Replace `:` with `=`', false, undefined, false],
  // Not in an inline table, where its `,` or `}` ends the value (YAML's flow mapping, `{write: false, bash: ask}`; yamlPasted).
  ['x = {a: 1, b: ask}\n', 'x = {a = 1, b: ask}\n', 'Replace `:` with `=`', false, 'x = {a = 1, b = "ask"}\n'],
  // Text with a `: ` in it, an error to YAML, which an agent's front matter holds as Claude reads it (`Examples: …`): in
  // quotes too, a guess.
  ['description: Use it. Examples: <example>user: "hi"</example>  # c\n', 'description = "Use it. Examples: <example>user: \\"hi\\"</example>"  # c\n',
    'Replace `: Use it. Examples: <example>user: "hi"</example>` with `= "Use it. Examples: <example>user: \\"hi\\"</example>"`', true],
  ['x: a: b\n  c\n', 'x = a: b\n  c\n', 'Replace `:` with `=`', false, undefined, false],
  // Text up to 10,000 characters (an agent's description, examples and all); not past it, found in linear time (a run of
  // 100,000 blanks in it took 13 s).
  [`description: Use this agent ${"to review code, ".repeat(100).trimEnd()}\n`, `description = "Use this agent ${"to review code, ".repeat(100).trimEnd()}"\n`,
    'Replace `: Use this agent to review code, to review code, …, to review code,` with `= "Use this agent to review code, to review code, …, to review code,"`'],
  [`x: a${' '.repeat(100_000)}b\n`, `x = a${' '.repeat(100_000)}b\n`, 'Replace `:` with `=`', false, undefined, false],
  // The `---` fences of the front matter, pasted with it: removed, lines and all (fix-all then reads on, to the next).
  ['[agents.a]\n---\nmodel = "m"\n', '[agents.a]\nmodel = "m"\n', 'Remove the line `---`'],
  ['---\r\ndescription: Reviews code\r\n---\r\n', 'description: Reviews code\r\n---\r\n', 'Remove the line `---`', false, 'description = "Reviews code"\r\n'],
  ['x = [\n---\n]\n', null],
  // An agent's prompt pasted below its front matter, prose where a key goes: its lines made a comment, up to a blank
  // line, a guess (it may be meant as a value, or not at all); not a key missing its `=` (two words at most).
  ['[agents.a]\nYou are a code reviewer.\r\n- Check the tests\r\n  and the docs.\n\nmodel = "m"\n', '[agents.a]\n# You are a code reviewer.\r\n# - Check the tests\r\n  # and the docs.\n\nmodel = "m"\n', 'Make the 3 lines a comment', true],
  ['model sonnet\n', null],
  ['allowed ["read", "grep", "x"]\n', 'allowed = ["read", "grep", "x"]\n', 'Insert `=`'],
  // The closing fence ends a list written as YAML writes one, as the next statement does (yamlPasted seed 20261207).
  ['[agents.a]\n---\ntools:\n  - Read\n---\n', '[agents.a]\ntools:\n  - Read\n---\n', 'Remove the line `---`', false, '[agents.a]\ntools = ["Read"]\n'],
  // A table written as YAML writes a mapping, its keys indented below `key:` (an OpenCode agent's front matter): each
  // value under its dotted key, on its line, comments and blank lines kept; not where YAML reads what TOML does not write.
  ['[agents.a]\ntools:\n  write: false\n  edit: false\n', '[agents.a]\ntools.write = false\ntools.edit = false\n', 'Write the table as TOML: `tools.write = false` and 1 more'],
  ['[agents.a]\r\n  permission:  # from OpenCode\r\n    bash:\r\n      "git push": ask\r\n\r\n      # else\r\n      git *: allow\r\n    edit: deny\r\nmodel = "m"\r\n',
    '[agents.a]\r\n  # from OpenCode\r\n  permission.bash."git push" = "ask"\r\n\r\n  # else\r\n  permission.bash."git *" = "allow"\r\n  permission.edit = "deny"\r\nmodel = "m"\r\n',
    'Write the table as TOML: `permission.bash."git push" = "ask"` and 2 more'],
  ['x:\n  a: yes\n', null],
  ['x:\n  a:\n', null],
  ['x:\n  a:\n  b: 1\n', null],
  ['x:\n  a: 0x1F\n', null],
  ['x:\n  - inf\n', null],
  ['x:\n  a: 1\n   b: 2\n', null],
  ['x:\n  a: 1  # mars-ignore\n', null],
  // A list below a nested key (its items as deep as the key too, as YAML takes them), and a block of text (`|`, `>`).
  ['[agents.a]\ntools:\n  allowed:\n    - Read\n    - Grep\n  disallowed:  # no\n  - Write  # w\n', '[agents.a]\ntools.allowed = ["Read", "Grep"]\n# no\ntools.disallowed = [\n  "Write", # w\n]\n',
    'Write the table as TOML: `tools.allowed = ["Read", "Grep"]` and 1 more', false, '[agents.a]\ntools.allowed = ["read", "grep"]\n# no\ntools.disallowed = [\n  "write", # w\n]\n'],
  ['x:\n  a: >\n    b\n    c\n  d: 1\n', 'x.a = "b c\\n"\nx.d = 1\n', 'Write the table as TOML: `x.a = "b c\\n"` and 1 more'],
  ['x:\n  a:\n    - b\n    c: 1\n', null],
  ['x:\n  a: ask\n    more\n  b: 1\n', 'x.a = "ask more"\nx.b = 1\n', 'Write the table as TOML: `x.a = "ask more"` and 1 more'],
  ['x:\n  a: "ask"\n    more\n', null],
  // Nor a line no front matter writes, too long to try as a key (its blanks tried every way around it: 100,000 took 16 s).
  [`x:\n  a${' '.repeat(100_000)}b\n`, null],
  // Text as YAML writes a block (`|`: lines kept; `>`: folded; `-`/`+`: no line break, or all, kept at its end): the string
  // YAML reads, in `"""` where it holds a line break before its end; with `=` typed for the `:` too. Not where YAML reads
  // other text or none (a line less indented than the first but a comment, a tab in an indent): no fix, `=` alone neither.
  ['[agents.a]\ndescription: |\n  Reviews code.\n  Says "why" \\ then\n\nmodel = "m"\n', '[agents.a]\ndescription = """\nReviews code.\nSays "why" \\\\ then\n"""\n\nmodel = "m"\n', 'Write the text as TOML: 2 lines in `"""`'],
  ['x: >-  # why\r\n  Reviews\r\n    code\r\n  now\r\n', 'x = """\r\nReviews\r\n  code\r\nnow""" # why\r\n', 'Write the text as TOML: 3 lines in `"""`'],
  ['x = |\n  a\n', 'x = "a\\n"\n', 'Write the text as TOML: `"a\\n"`'],
  ['x: |+\n  a"\n\n # after\ny = 1\n', 'x = """\na\\"\n\n"""\n\n # after\ny = 1\n', 'Write the text as TOML: 2 lines in `"""`'],
  ['x: >\ny = 1\n', 'x = ""\ny = 1\n', 'Write the text as TOML: `""`'],
  ['x: |\n    a\n  b\n', null],
  // A list of mappings (Claude's agent `hooks:`, `mcpServers:`): a list of inline tables, nested as YAML nests them;
  // not with a comment among its lines (an inline table holds none), a block of text, or a key holding nothing (null).
  ['hooks:\n  PreToolUse:\n    - matcher: "Bash"\n      hooks:\n        - type: command\n          command: "./check.sh"\n',
    'hooks.PreToolUse = [{ matcher = "Bash", hooks = [{ type = "command", command = "./check.sh" }] }]\n', 'Write the table as TOML: `hooks.PreToolUse = [{ matcher = "Bash", hooks = [{…mand = "./check.sh" }] }]`'],
  ['mcpServers:  # c\n- name: gh\n  args:\n  - stdio\n\n- name: linear\n  env:\n    TOKEN: x\n', 'mcpServers = [{ name = "gh", args = ["stdio"] }, { name = "linear", env = { TOKEN = "x" } }] # c\n', 'Write the list as TOML: `mcpServers = [{ name = "gh", args = ["stdio"] }, { … { TOKEN = "x" } }]`'],
  // A list in brackets TOML reads as written (`["-y", "x"]`) is the value YAML reads too, nested or not.
  ['mcpServers:\n  - github:\n      command: npx\n      args: ["-y", "@modelcontextprotocol/server-github"]\n',
    'mcpServers = [{ github = { command = "npx", args = ["-y", "@modelcontextprotocol/server-github"] } }]\n', 'Write the list as TOML: `mcpServers = [{ github = { command = "npx", args = …erver-github"] } }]`'],
  ['mcpServers:\n- name: gh  # c\n', null],
  // So at the top, where `:` is the key's (`tools: {write: false, bash: ask}`): at once; `=` alone where TOML reads it as written.
  ['tools: {write: false, bash: ask}  # c\n', 'tools = { write = false, bash = "ask" }  # c\n', 'Replace `: {write: false, bash: ask}` with `= { write = false, bash = "ask" }`'],
  ["allowed: ['read']\n", "allowed = ['read']\n", 'Replace `:` with `=`'],
  // So for a list's item in quotes over lines below its `-`.
  ['allowed:\n  - "Read(\n    x)"\n  - Grep\n', 'allowed = ["Read( x)", "Grep"]\n', 'Write the list as TOML: `["Read( x)", "Grep"]`'],
  // Text in quotes over lines as a nested key's value, a comment after it kept.
  ["permission:\n  note: 'it''s\n    over'  # c\n  bash: ask\n", 'permission.note = "it\'s over" # c\npermission.bash = "ask"\n', 'Write the table as TOML: `permission.note = "it\'s over" # c` and 1 more'],
  // A list or a mapping in brackets or braces as a nested value (YAML's flow style): the list or inline table YAML reads;
  // not with a scalar TOML may read otherwise (`yes`), or more than a comment after it.
  ['permission:\n  bash: {"git push": ask, "*": allow}  # c\n', 'permission.bash = { "git push" = "ask", "*" = "allow" } # c\n',
    'Write the table as TOML: `permission.bash = { "git push" = "ask", "*" = "allow" } # c`'],
  ['permission:\n  allowed: [Read, "a\\/b", 1.5]\n', 'permission.allowed = ["Read", "a/b", 1.5]\n', 'Write the table as TOML: `permission.allowed = ["Read", "a/b", 1.5]`'],
  ['permission:\n  x: {a: yes}\n', null],
  ['permission:\n  x: [a, b] c\n', null],
  // Text YAML reads that starts with `-` or `?` and no blank (`--stdio`), a list's item of words (`a b`): in quotes; not a
  // number as only YAML writes one (`.5`, `0777`, `1.`), which TOML reads otherwise: `:` alone.
  ['args:\n  - --stdio\n  - a b\n', 'args = ["--stdio", "a b"]\n', 'Write the list as TOML: `["--stdio", "a b"]`'],
  ['x: --stdio\n', 'x = "--stdio"\n', 'Replace `: --stdio` with `= "--stdio"`'],
  ['x: .5\n', 'x = .5\n', 'Replace `:` with `=`', false, undefined, false],
  ['mcpServers:\n- name: gh\n  note: |\n    x\n', null],
  // `- type:` is a mapping holding nothing to YAML, not the text `type:`.
  ['x:\n- type:\n- a\n', null],
  ['x: |\n  a\n \tb\n', null],
  ['x: |2\n  a\n', null],
  // An object as JSON writes one over lines (Claude's settings pasted, its key's `:` made `=`): on one line, each key's
  // `:` as `=`, its `}` found past the error; not with a comment inside, nor where it then does not read.
  ['[agents.a]\ntools = {\n  "allowed": ["a:b", "c"],\n  disallowed: ["d"]\n}\n', '[agents.a]\ntools = { "allowed" = ["a:b", "c"], disallowed = ["d"] }\n', 'Write the inline table on one line, each `:` as `=`'],
  // JSON's `\/` in its strings, which TOML lacks, written `/` as JSON reads it; `\\/` is a backslash then `/` to both.
  ['[agents.a]\ntools = {\n  "allowed": ["Bash(ls \\/tmp)", "Bash(sed s\\\\/a)"]\n}\n', '[agents.a]\ntools = { "allowed" = ["Bash(ls /tmp)", "Bash(sed s\\\\/a)"] }\n', 'Write the inline table on one line, each `:` as `=`, JSON\'s `\\/` as `/`', false,
    '[agents.a]\ntools = { "allowed" = ["bash(ls /tmp)", "bash(sed s\\\\/a)"] }\n'],
  ['x = {\n  a: 1 # c\n}\n', null],
  // A JSON object pasted whole where a key goes (Claude's settings): each value under its dotted key, in the table it
  // was pasted in, a line each; not where JSON reads no object there, or it holds a null.
  ['[agents.a]\n{\n  "tools": { "allowed": ["Read"], "disallowed": [] },\n  "model": "m"\n}\n', '[agents.a]\ntools.allowed = ["Read"]\ntools.disallowed = []\nmodel = "m"\n',
    'Write the JSON object as TOML: `tools.allowed = ["Read"]` and 2 more', false, '[agents.a]\ntools.allowed = ["read"]\ntools.disallowed = []\nmodel = "m"\n'],
  ['  {"a": {"b": [1, 2.5]}, "c d": true, "e": [{"f": "g"}], "h": {}}\r\n', '  a.b = [1, 2.5]\r\n  "c d" = true\r\n  e = [{ f = "g" }]\r\n  h = {}\r\n', 'Write the JSON object as TOML: `a.b = [1, 2.5]` and 3 more'],
  ['{\n  "a": null\n}\n', null],
  ['{"id": 12345678901234567890}\n', null],
  ['{\n  a = 1\n}\n', null],
  ['x = {\n  a: [1,\n}\n', null],
  ['x:\n', null],
  ['x: # c\n', null],
  // Another language's `+=` (or `|=`) for a key's `=`: an agent's list adds to its policy as `+=` means; not where the key
  // is written above (it would be defined twice), nor for another operator (`-=` meant to take away).
  ['[agents.a.tools]\nallowed += ["read"]  # c\n', '[agents.a.tools]\nallowed = ["read"]  # c\n', 'Replace `+=` with `=`'],
  ['x|=1\r\n', 'x = 1\r\n', 'Replace `|=` with `=`'],
  ['x = { a +=1 }\n', 'x = { a = 1 }\n', 'Replace `+=` with `=`'],
  ['[agents.a.tools]\nallowed = ["grep"]\nallowed += ["read"]\n', null],
  // `allowed -=` meant to take tools away: written in `disallowed`, a guess, where none is written yet.
  ['[agents.a.tools]\nallowed -=["read"]\n', '[agents.a.tools]\ndisallowed = ["read"]\n', 'Write them in `disallowed`', true],
  ['[agents.a]\n  tools.allowed -= ["read"]  # c\n', '[agents.a]\n  tools.disallowed = ["read"]  # c\n', 'Write them in `disallowed`', true],
  ['[agents.a.tools]\ndisallowed = ["x"]\nallowed -= ["read"]\n', null],
  ['x -= 1\n', null],
  ['x = { a = 1, a += 2 }\n', null],
  // An `=` typed twice: the second removed; one missing before a value no key starts with: inserted.
  ['x == 1\n', 'x = 1\n', 'Remove the second `=`'],
  ['x = = "a" # c\r\n', 'x = "a" # c\r\n', 'Remove the second `=`'],
  ['allowed ["read"]\n', 'allowed = ["read"]\n', 'Insert `=`'],
  ['"a"{ b = 1 } # c\n', '"a" = { b = 1 } # c\n', 'Insert `=`'],
  ['"a" "b" = 1\n', null],
  ['x [1\n', null],
  // Braces around values where a list goes (`{"read"}`, a set as Python writes it): brackets, where the list reads whole.
  ['[agents.a.tools]\nallowed = {"Read"}\n', '[agents.a.tools]\nallowed = ["Read"]\n', 'Change to `["Read"]`', false, '[agents.a.tools]\nallowed = ["read"]\n'],
  ['[agents.a]\ntools = { allowed = { "read", "bash(a, b)" } } # c\n', '[agents.a]\ntools = { allowed = [ "read", "bash(a, b)" ] } # c\n', 'Change to `[ "read", "bash(a, b)" ]`'],
  ['x = {1, 2}\n', 'x = [1, 2]\n', 'Change to `[1, 2]`'],
  // Not where the list would not read (a table in it, its `}` not on its line): the braces may hold what was meant otherwise.
  ['x = {"a", {"b"}}\n', null],
  ['x = {"a", "b"\n', null],
  // A header left open at its line's end: closed after its name, before blanks and a comment.
  ['[agents.a.tools\nallowed = ["Read"]\n', '[agents.a.tools]\nallowed = ["Read"]\n', 'Close the header with `]`', false, '[agents.a.tools]\nallowed = ["read"]\n'],
  ['[t  # c\r\nx = 1\r\n', '[t]  # c\r\nx = 1\r\n', 'Close the header with `]`'],
  ['[[t\nx = 1\n', '[[t]]\nx = 1\n', 'Close the header with `]]`'],
  ['[t', '[t]', 'Close the header with `]`'],
  ['[t.\nx = 1\n', null],
  // A statement after a header on its line: put on a line of its own, at the header's indent.
  ['[agents.a.tools] allowed = ["read"]\n', '[agents.a.tools]\nallowed = ["read"]\n', 'Put `allowed = …` on a line of its own'],
  ['  [agents.a.tools]   allowed = ["read"] # c\r\n', '  [agents.a.tools]\r\n  allowed = ["read"] # c\r\n', 'Put `allowed = …` on a line of its own'],
  // A one-line string left open: closed after its text; in a list, before the closers and commas it ends with.
  ['x = ["read]\n', 'x = ["read"]\n', 'Close the string with `"`'],
  ["x = [\r\n  'read,  \r\n  'edit',\r\n]\r\n", "x = [\r\n  'read',  \r\n  'edit',\r\n]\r\n", "Close the string with `'`"],
  ['x = "sonnet  \n', 'x = "sonnet"  \n', 'Close the string with `"`'],
  ['x = "sonnet', 'x = "sonnet"', 'Close the string with `"`'],
  ['x = ["a\\\\]\n', 'x = ["a\\\\"]\n', 'Close the string with `"`'],
  // Closed with the other quote (quotes mixed as typed): that quote made the one it opens with, not kept inside it
  // (`"edit'"`, which the fix closing it after its text wrote); a guess outside a list, where it may be text (`"users'`).
  ['x = [\'read\', "edit\']\n', 'x = [\'read\', "edit"]\n', 'Change the closing `\'` to `"`'],
  ["x = ['read\"]\n", "x = ['read']\n", 'Change the closing `"` to `\'`'],
  ['x = "users\'\n', 'x = "users"\n', 'Change the closing `\'` to `"`', true],
  // ... a guess where a `#` in it may have begun a comment, or a closer at its end in no list may close nothing.
  ['x = "read # why\n', 'x = "read # why"\n', 'Close the string with `"`', true],
  ['x = "sonnet]\n', 'x = "sonnet]"\n', 'Close the string with `"`', true],
  ['x = "\n', null],
  // A key's part, or a header's, holding a character a bare key does not take or a blank: in quotes (`'` where it holds
  // a `"`); the parts split at a `.` outside parentheses; in an inline table, from its `{` or the `,` before. Not a part
  // with both quotes.
  ['[agents.a.tools]\nbash(git log *) = "allow"\n', '[agents.a.tools]\n"bash(git log *)" = "allow"\n', 'Change to `"bash(git log *)"`'],
  ['tools.bash(cat *.txt) = 1 # c\r\n', 'tools."bash(cat *.txt)" = 1 # c\r\n', 'Change to `"bash(cat *.txt)"`'],
  ['x.bash(say "hi") = 1\n', 'x.\'bash(say "hi")\' = 1\n', 'Change to `\'bash(say "hi")\'`'],
  ['git  log = 1\n', '"git  log" = 1\n', 'Change to `"git  log"`'],
  ['[agents.code reviewer.tools]\r\n', '[agents."code reviewer".tools]\r\n', 'Change to `"code reviewer"`'],
  ['[[ a . é ]]\n', '[[ a . "é" ]]\n', 'Change to `"é"`'],
  ['t = { a = [1, 2], bash(git *) = "allow" }\n', 't = { a = [1, 2], "bash(git *)" = "allow" }\n', 'Change to `"bash(git *)"`'],
  ['x = { a = { my key = 1 } } # c\r\n', 'x = { a = { "my key" = 1 } } # c\r\n', 'Change to `"my key"`'],
  ['"a" "b" = 1\n', null],
  ['say "hi" \'x\' = 1\n', null],
  // A string closed right before more text, its quote most likely meant inside it: the string meant, to the first
  // later quote that what may follow a value follows, written to hold its quotes; a guess (the quote may close it).
  ['x = ["bash(grep "foo")", "read"]\n', 'x = [\'bash(grep "foo")\', "read"]\n', 'Change to `\'bash(grep "foo")\'`', true],
  ["x = ['bash(echo 'hi')'] # c\r\n", 'x = ["bash(echo \'hi\')"] # c\r\n', 'Change to `"bash(echo \'hi\')"`', true],
  ['x = "say "hi" now"  # c\n', 'x = \'say "hi" now\'  # c\n', 'Change to `\'say "hi" now\'`', true],
  ['x = "it\'s "so" nice"\n', 'x = "it\'s \\"so\\" nice"\n', 'Change to `"it\'s \\"so\\" nice"`', true],
  ['t = { a = "x "y" z", b = 1 }\n', 't = { a = \'x "y" z\', b = 1 }\n', 'Change to `\'x "y" z\'`', true],
  ['x = "a\\\\b "c" d"\n', null],
  ['x = "a"b\n', null],
  // Not to a quote that ends a `"""`, which opens a multi-line string (suppressProperties seed 16665).
  ['x = ["bash"[, """\nread""", "grep"]\n', null],
  // A statement's list defined again below it (pasted in): its items appended to the first's, its lines removed, but
  // for the comments not between its items, kept a line each where it was; as a guess (it may have been meant in place
  // of the first); not where it shares its line, nor a value that is no list.
  ['x = ["read"]\r\nx = ["edit", "grep"]  # c\r\ny = []\r\n', 'x = ["read", "edit", "grep"]\r\n# c\r\ny = []\r\n', 'Merge the two `x` lists', true],
  ['x = []\ny = 1\n  x = [ # a\n  "b", # b\n  # c\n  "d", # d\n  # e\n] # f', 'x = ["b", # b\n  # c\n  "d"]\ny = 1\n  # a\n  # d\n  # e\n  # f', 'Merge the two `x` lists', true],
  ['x = []\ny = 1\nx = [\n  "a",\n]\n', 'x = ["a"]\ny = 1\n', 'Merge the two `x` lists', true],
  ['a.x = ["read"]\na.x = []', 'a.x = ["read"]\n', 'Merge the two `a.x` lists', true],
  // After a comment beside the first's last item, its items go on a line of their own below it: the comment stays with its item.
  ['x = [\n  "read"  # for docs\n]\nx = ["edit"]\n', 'x = [\n  "read",  # for docs\n  "edit"\n]\n', 'Merge the two `x` lists', true],
  ['x = [\r\n  "read",  # for docs\r\n]\r\nx = ["edit", "grep"]\r\n', 'x = [\r\n  "read",  # for docs\r\n  "edit", "grep",\r\n]\r\n', 'Merge the two `x` lists', true],
  ['x = "a"\nx = ["b"]\n', null],
  // A comment written with `//` (as JavaScript writes one), where a key, a value's end or an item goes: made `#`. Not
  // where a value is due (a value left unquoted), nor in an inline table, which holds no comment.
  ['// allow reading\r\n[agents.a.tools]\r\n', '# allow reading\r\n[agents.a.tools]\r\n', 'Change `//` to `#`'],
  ['[agents.a.tools] // the tools\nallowed = ["read"] // why\ndisallowed = [ /// first\n  "bash", // no shell\n  // nor this\n  "edit" //last\n]\nx = { a = 1 }\t// t\n',
    '[agents.a.tools] # the tools\nallowed = ["read"] // why\ndisallowed = [ /// first\n  "bash", // no shell\n  // nor this\n  "edit" //last\n]\nx = { a = 1 }\t// t\n', 'Change `//` to `#`', false,
    '[agents.a.tools] # the tools\nallowed = ["read"] # why\ndisallowed = [ # first\n  "bash", # no shell\n  # nor this\n  "edit" #last\n]\nx = { a = 1 }\t# t\n'],
  ['x = //a\n', null],
  // Not where it takes away all a line holds before a mars-ignore at its end, which would then speak of the next line.
  ['[agents.a.tools]\nallowed = [\n  "read",\n  , # mars-ignore: non-canonical\n  "Bash",\n]\n', null],
  // Before a mars-ignore on its line, read as part of the comment (it silences nothing before the fix, nor after it).
  ['[agents.a.tools]\nallowed = [\n  "MCP(gh)",  // note  # mars-ignore\n]\n', '[agents.a.tools]\nallowed = [\n  "MCP(gh)",  # note  # mars-ignore\n]\n', 'Change `//` to `#`', false,
    '[agents.a.tools]\nallowed = [\n  "mcp(gh)",  # note  # mars-ignore\n]\n'],
  // A statement right after another's value on its line (a line break lost in a paste): put on a line of its own.
  ['[agents.a.tools]\nallowed=["read"]disallowed=["bash"]\n', '[agents.a.tools]\nallowed=["read"]\ndisallowed=["bash"]\n', 'Put `disallowed = …` on a line of its own'],
  ['[a]\r\n  x = 1  "y z".w = 2\t# c\r\n', '[a]\r\n  x = 1\r\n  "y z".w = 2\t# c\r\n', 'Put `"y z".w = …` on a line of its own'],
  ['x = { a = 1 } y = 2 z = 3', 'x = { a = 1 }\ny = 2 z = 3', 'Put `y = …` on a line of its own', false, 'x = { a = 1 }\ny = 2\nz = 3'],
  ['x = { //a\n}\n', null],
  ['t = { x = [1], x = [2] }\n', null],  // A backslash that begins no escape in a "..." string: the backslash meant, written `\\` (every such one in the string);
  // JSON's `\/` (`/` to JSON, a sed pattern's `\/` as written) a guess; `\u12` (a code cut short?) none.
  ['[agents.a.tools]\nallowed = ["a\\qb"]\n', '[agents.a.tools]\nallowed = ["a\\\\qb"]\n', 'Write the backslash as `\\\\` (`\\\\q`)'],
  ['[agents.a.tools]\nallowed = ["bash(grep \\d+ \\s)", "read"]\n', '[agents.a.tools]\nallowed = ["bash(grep \\\\d+ \\\\s)", "read"]\n', 'Write each backslash that begins no escape as `\\\\` (`\\\\d`, `\\\\s`)'],
  ['[agents.a.tools]\nallowed = ["read(C:\\Users\\me\\x)"]\n', '[agents.a.tools]\nallowed = ["read(C:\\\\Users\\\\me\\\\x)"]\n', 'Write each backslash that begins no escape as `\\\\` (`\\\\U`, `\\\\m`, `\\\\x`)'],
  ['x = "a\\ b\\tc"\n', 'x = "a\\\\ b\\tc"\n', 'Write the backslash as `\\\\`'],
  ['x = """a\\d \\\n  b\\ c"""\n', 'x = """a\\\\d \\\n  b\\\\ c"""\n', 'Write each backslash that begins no escape as `\\\\`'],
  ['[agents.a.tools]\nallowed = ["bash(sed s\\/a\\/b)"]\n', '[agents.a.tools]\nallowed = ["bash(sed s\\\\/a\\\\/b)"]\n', 'Write each backslash that begins no escape as `\\\\` (`\\\\/`)', true],
  ['x = "\\u12 \\q"\n', null],
  // So in a quoted key: a map-form rule's (its move is another fix) and a header's.
  ['[agents.a.tools]\n"Bash(grep \\d)" = "allow"\n', '[agents.a.tools]\n"Bash(grep \\\\d)" = "allow"\n', 'Write the backslash as `\\\\` (`\\\\d`)'],
  ['[agents."a\\qb".tools]\nallowed = ["read"]\n', '[agents."a\\\\qb".tools]\nallowed = ["read"]\n', 'Write the backslash as `\\\\` (`\\\\q`)'],
];
for (const [text, fixed, title, guess = false, all = fixed ?? text, reads = true] of TYPING_SLIPS) {
  test(`a typing slip's fix: ${JSON.stringify(text)}`, async () => {
    const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'toml-syntax');
    assert.equal(found.length, 1);
    const fixes = found[0]!.fixes;
    if (fixed === null) {
      assert.deepEqual(fixes, []);
      assert.deepEqual(documentFixAll(analyzeDocument(text)), []);
      return;
    }
    assert.deepEqual(fixes.map((x) => [x.title, x.preferred, x.safe]), [[title, !guess, !guess]]);
    assert.equal(applyEdits(text, fixes[0]!.edits), fixed);
    if (guess) {
      assert.deepEqual(documentFixAll(analyzeDocument(text)), []);
      assert.equal(await tomlEditErrorLine(fixed), null);
      return;
    }
    const once = applyEdits(text, documentFixAll(analyzeDocument(text)));
    assert.equal(once, all);
    assert.equal(once, fixedInTurn(text), 'what fixing each error in turn writes');
    assert.deepEqual(documentFixAll(analyzeDocument(once)), [], 'settled');
    assert.equal(await tomlEditErrorLine(once) === null, reads);
  });
}

// Bare names between commas as an agent's `tools` (Claude's `tools:` line pasted, its `:` made `=`): first, preferred but
// no safe fix, the key renamed `tools.allowed` with the list written, as for strings between commas there (moves.ts).
test("bare names between commas as an agent's tools: renamed `tools.allowed` and written as the list, in one fix", () => {
  for (const [text, values, list, fixed] of [
    ['[agents.a]\ntools = Read, "Grep", bash(git log *) # c\n', 'Read, "Grep", bash(git log *)', '["Read", "Grep", "bash(git log *)"]', '[agents.a]\ntools.allowed = ["Read", "Grep", "bash(git log *)"] # c\n'],
    ['skills.s.tools = Read, Grep\r\n', 'Read, Grep', '["Read", "Grep"]', 'skills.s.tools.allowed = ["Read", "Grep"]\r\n'],
  ] as const) {
    const [syntax] = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'toml-syntax');
    assert.deepEqual(syntax!.fixes.map((x) => [x.title, x.preferred, x.safe]), [[`Rename to \`tools.allowed\`, and change \`${values}\` to \`${list}\``, true, false], [`Change to \`${list}\``, false, false]]);
    assert.equal(applyEdits(text, syntax!.fixes[0]!.edits), fixed);
    assert.deepEqual(documentFindings(analyzeDocument(fixed)).filter((f) => f.code === 'toml-syntax' || f.code === 'invalid-tool-policy'), []);
  }
  // Not where a name is none Mars accepts, nor the tools of no agent.
  for (const text of ['[agents.a]\ntools = Read, a b\n', '[x]\ntools = Read, Grep\n', '[agents.a]\nmodel = Read, Grep\n']) {
    const [syntax] = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'toml-syntax');
    assert.ok(syntax!.fixes.every((x) => !x.title.startsWith('Rename')), text);
  }
});

// An agent's `tools:` pasted as YAML gives it a list (a YAML list below it, or names between commas after `: `): its fix
// alone writes `tools = [...]`, a value that is no table, which stops Mars's load too. So first, preferred but not safe, the
// key renamed `tools.allowed` with the list written, its message saying why; the rewrite alone stays fix-all's.
test("an agent's `tools:` pasted as YAML: renamed `tools.allowed` with its list written, in one fix", () => {
  for (const [text, list, fixed] of [
    ['[agents.a]\ntools:\n  - Read\n  - Grep\n', '["Read", "Grep"]', '[agents.a]\ntools.allowed = ["Read", "Grep"]\n'],
    ['[agents]\na.tools:\n  - Read\n', '["Read"]', '[agents]\na.tools.allowed = ["Read"]\n'],
    ['[skills.s]\ntools: Read, Grep, Glob\n', '["Read", "Grep", "Glob"]', '[skills.s]\ntools.allowed = ["Read", "Grep", "Glob"]\n'],
    ['[agents.a]\ntools: Read\n', '["Read"]', '[agents.a]\ntools.allowed = ["Read"]\n'],
  ] as const) {
    const [syntax, ...rest] = documentFindings(analyzeDocument(text));
    assert.deepEqual(rest, [], text);
    assert.match(syntax!.message, /\. `tools` of (agent `a`|skill `s`) is a table: the list looks meant as its `allowed`$/);
    assert.deepEqual(syntax!.fixes.map((x) => [x.title, x.preferred, x.safe]).slice(0, 1), [[`Rename to \`tools.allowed\`, and write \`${list}\``, true, false]]);
    assert.deepEqual(syntax!.fixes.slice(1).map((x) => [x.preferred, x.safe]), [[false, true]]);
    assert.equal(applyEdits(text, syntax!.fixes[0]!.edits), fixed);
    assert.deepEqual(documentFindings(analyzeDocument(fixed)).filter((f) => f.code === 'toml-syntax' || f.code === 'invalid-tool-policy'), []);
  }
  // Not a list meant for the tools table itself, nor the tools of no agent, nor a value that is no list of names.
  for (const text of ['[agents.a.tools]\nallowed:\n  - Read\n', '[x]\ntools:\n  - Read\n', '[agents.a]\ntools: Read Grep\n']) {
    const [syntax] = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'toml-syntax');
    assert.ok(syntax!.fixes.every((x) => !x.title.startsWith('Rename')), text);
  }
});

/** 8,000 items of a list, a line each (over 100 KB), and a list of them. */
const LONG_ITEMS = Array.from({ length: 8_000 }, (_, i) => `  "read(x${i})",\n`).join('');
const LONG_LIST = `tools = [\n${LONG_ITEMS}]\n`;
// Over 100 KB of keys (`k0 = 1` …), each read again short (`k0 = 0`): as long as the section's text.
const MANY_KEYS = Array.from({ length: 12_000 }, (_, i) => `k${i} = 1\n`).join('');

// What TOML does not read as a blank (space and tab are its blanks: toml/unreadBlanks.ts), where smol-toml stops at it
// (before a key's `=`, after `=` or a comma, after a value): named, as it looks like a space or like nothing, and
// replaced by a space (white space) or removed (an invisible character) where the section then reads past it; not
// where a space there is an error too (`my key`: a bare key holds none), nor between two items, where it takes the
// place of their comma (above). Preferred and in fix-all, as the comma: it can mean nothing else.
// [text, the message, the text after its fix, or null: none]
const UNREAD_BLANKS: Array<[text: string, message: string, fixed: string | null]> = [
  ['x\u00a0= 1\n', 'U+00A0 is white space TOML does not read as a blank (its blanks are space and tab): write a space', 'x = 1\n'],
  ['x =\u00a01\n', 'U+00A0 is white space TOML does not read as a blank (its blanks are space and tab): write a space', 'x = 1\n'],
  ['[agents.a.tools]\nallowed = ["a",\u00a0"b"]\n', 'U+00A0 is white space TOML does not read as a blank (its blanks are space and tab): write a space', '[agents.a.tools]\nallowed = ["a", "b"]\n'],
  ['x = "a"\u2003\u2003# c\n', 'U+2003 is white space TOML does not read as a blank (its blanks are space and tab): write a space', 'x = "a"  # c\n'],
  ['my\u00a0key = 1\n', 'U+00A0 is white space TOML does not read as a blank (its blanks are space and tab)', null],
  // Before what closes a list or an inline table, or a comma: no item follows, so no comma is missing.
  ['[agents.a.tools]\nallowed = ["read"\u00a0]\n', 'U+00A0 is white space TOML does not read as a blank (its blanks are space and tab): write a space', '[agents.a.tools]\nallowed = ["read" ]\n'],
  ['x = { a = 1\u00a0}\n', 'U+00A0 is white space TOML does not read as a blank (its blanks are space and tab): write a space', 'x = { a = 1 }\n'],
  ['[agents.a]\ntools = { allowed = ["read"]\u3000 }\n', 'U+3000 is white space TOML does not read as a blank (its blanks are space and tab): write a space', '[agents.a]\ntools = { allowed = ["read"]  }\n'],
  ['x = [1\u00a0, 2]\n', 'U+00A0 is white space TOML does not read as a blank (its blanks are space and tab): write a space', 'x = [1 , 2]\n'],
  // The line and paragraph separators and NEL: white space TOML reads as no blank, nor a line break; a line break where a space would not read.
  ['x\u2028= 1\n', 'U+2028 (a line separator) is white space TOML does not read as a blank (its blanks are space and tab): write a space', 'x = 1\n'],
  ['x =\u2029"a"\n', 'U+2029 (a paragraph separator) is white space TOML does not read as a blank (its blanks are space and tab): write a space', 'x = "a"\n'],
  ['[agents.a.tools]\nallowed = ["a",\u0085"b"]\n', 'U+0085 (a next line, NEL) is white space TOML does not read as a blank (its blanks are space and tab): write a space', '[agents.a.tools]\nallowed = ["a", "b"]\n'],
  ['x = 1\u2028y = 2\n', 'U+2028 (a line separator) is white space TOML does not read as a blank (its blanks are space and tab), nor as a line break (LF or CRLF): write a line break', 'x = 1\ny = 2\n'],
  ['x = 1\u0085y = 2\n', 'U+0085 (a next line, NEL) is white space TOML does not read as a blank (its blanks are space and tab), nor as a line break (LF or CRLF): write a line break', 'x = 1\ny = 2\n'],
  ['x = 1\r\ny = 2\u2029z = 3\r\n', 'U+2029 (a paragraph separator) is white space TOML does not read as a blank (its blanks are space and tab), nor as a line break (LF or CRLF): write a line break', 'x = 1\r\ny = 2\r\nz = 3\r\n'],
  ['my\u2028key = 1\n', 'U+2028 (a line separator) is white space TOML does not read as a blank (its blanks are space and tab)', null],
  // Invisible characters: deleted.
  ['x\u200b= 1\n', 'U+200B (a zero-width space) is an invisible character TOML does not read as a blank (its blanks are space and tab): delete it', 'x= 1\n'],
  ['x = \u2060"a"\n', 'U+2060 (a word joiner) is an invisible character TOML does not read as a blank (its blanks are space and tab): delete it', 'x = "a"\n'],
  ['[agents.a.tools]\nallowed = ["read"\u180e]\n', 'U+180E (a Mongolian vowel separator) is an invisible character TOML does not read as a blank (its blanks are space and tab): delete it', '[agents.a.tools]\nallowed = ["read"]\n'],
  ['x = 1\u200b # c\n', 'U+200B (a zero-width space) is an invisible character TOML does not read as a blank (its blanks are space and tab): delete it', 'x = 1 # c\n'],
  // At the end of its line: removed, white space too (a space would be trailing white space).
  ['[agents.a.tools]\nallowed = ["read",\u2028\n"grep"]\n', 'U+2028 (a line separator) is white space TOML does not read as a blank (its blanks are space and tab): delete it', '[agents.a.tools]\nallowed = ["read",\n"grep"]\n'],
  ['x = 1 \u00a0\n', 'U+00A0 is white space TOML does not read as a blank (its blanks are space and tab): delete it', 'x = 1\n'],
  ['x = 1\u2003\u3000  \r\n', 'U+2003 is white space TOML does not read as a blank (its blanks are space and tab): delete it', 'x = 1\r\n'],
  // After an item at the end of its line, in a list over lines whose next line closes it or holds the
  // comma (found by test/unit/oddBlanks.test.ts): no comma is missing, as before `]` on its line.
  ['x = [\n  "a"\u3000\n  , "b"\n]\n', 'U+3000 is white space TOML does not read as a blank (its blanks are space and tab): delete it', 'x = [\n  "a"\n  , "b"\n]\n'],
  ['x = [\n  "a" \u00a0\r\n]\r\n', 'U+00A0 is white space TOML does not read as a blank (its blanks are space and tab): delete it', 'x = [\n  "a"\r\n]\r\n'],
  ['x = [\n  "a"\u200b\n  # c\n\n]\n', 'U+200B (a zero-width space) is an invisible character TOML does not read as a blank (its blanks are space and tab): delete it', 'x = [\n  "a"\n  # c\n\n]\n'],
  ['x = { a = [\n  1\u00a0\n] }\n', 'U+00A0 is white space TOML does not read as a blank (its blanks are space and tab): delete it', 'x = { a = [\n  1\n] }\n'],
  // At the start of its line (blanks before it at most), before a header, a key or an item: removed,
  // white space too (a space would indent the line by one), the indentation written before it kept.
  ['[a]\nx = 1\n\u3000[skills.c]\n', 'U+3000 is white space TOML does not read as a blank (its blanks are space and tab): delete it', '[a]\nx = 1\n[skills.c]\n'],
  ['\u00a0x = 1\n', 'U+00A0 is white space TOML does not read as a blank (its blanks are space and tab): delete it', 'x = 1\n'],
  ['[a]\r\n\u2003\u3000[[b]]\r\n', 'U+2003 is white space TOML does not read as a blank (its blanks are space and tab): delete it', '[a]\r\n[[b]]\r\n'],
  ['[a]\n  \u00a0x = 1\n', 'U+00A0 is white space TOML does not read as a blank (its blanks are space and tab): delete it', '[a]\n  x = 1\n'],
  ['[a]\n\t\u2028y = 2\n', 'U+2028 (a line separator) is white space TOML does not read as a blank (its blanks are space and tab): delete it', '[a]\n\ty = 2\n'],
  ['x = [\n  \u3000"a",\n]\n', 'U+3000 is white space TOML does not read as a blank (its blanks are space and tab): delete it', 'x = [\n  "a",\n]\n'],
  ['x = [\n  "a"\n\u00a0  , "b"\n]\n', 'U+00A0 is white space TOML does not read as a blank (its blanks are space and tab): delete it', 'x = [\n  "a"\n  , "b"\n]\n'],
  // In a section over 100 KB (a list of 8,000 items, which is not cut in pieces), read again around its line
  // only: in a header, and at the start or the end of a long list's lines (its items before left out, the
  // list taken as closed where it is), it had no fix.
  [`[\u00a0agents.a]\n${LONG_LIST}`, 'U+00A0 is white space TOML does not read as a blank (its blanks are space and tab): write a space', `[ agents.a]\n${LONG_LIST}`],
  [`[agents.a\u3000]\n${LONG_LIST}`, 'U+3000 is white space TOML does not read as a blank (its blanks are space and tab): write a space', `[agents.a ]\n${LONG_LIST}`],
  [`x = [\n\u00a0${LONG_ITEMS}]\n`, 'U+00A0 is white space TOML does not read as a blank (its blanks are space and tab): delete it', `x = [\n${LONG_ITEMS}]\n`],
  [`x = [\n${LONG_ITEMS}  "z"\u00a0\n]\n`, 'U+00A0 is white space TOML does not read as a blank (its blanks are space and tab): delete it', `x = [\n${LONG_ITEMS}  "z"\n]\n`],
  [`x = [[\n${LONG_ITEMS}  "z"\u200b\n], 1]\n`, 'U+200B (a zero-width space) is an invisible character TOML does not read as a blank (its blanks are space and tab): delete it', `x = [[\n${LONG_ITEMS}  "z"\n], 1]\n`],
  // At the top level of such a section, past 100 KB (below a long list, or a long string over lines), read again
  // after the keys defined above it: it had no fix; none where its key is one of them, as in a short section.
  [`[agents.a]\n${LONG_LIST}model\u00a0= "x"\n`, 'U+00A0 is white space TOML does not read as a blank (its blanks are space and tab): write a space', `[agents.a]\n${LONG_LIST}model = "x"\n`],
  [`[agents.a]\nprompt = """\n${LONG_ITEMS}"""\nmodel =\u00a0"x"\n`, 'U+00A0 is white space TOML does not read as a blank (its blanks are space and tab): write a space', `[agents.a]\nprompt = """\n${LONG_ITEMS}"""\nmodel = "x"\n`],
  [`[agents.a]\n${LONG_LIST}x = 1\n\u200b"y" = 2\n`, 'U+200B (a zero-width space) is an invisible character TOML does not read as a blank (its blanks are space and tab): delete it', `[agents.a]\n${LONG_LIST}x = 1\n"y" = 2\n`],
  [`[agents.a]\n${LONG_LIST}model = "y"\nmodel\u00a0= "x"\n`, 'U+00A0 is white space TOML does not read as a blank (its blanks are space and tab)', null],
  [`[agents.a]\nm = 1\n${LONG_LIST}m.b\u00a0= "x"\n`, 'U+00A0 is white space TOML does not read as a blank (its blanks are space and tab)', null],
  // A line that starts inside a string over lines is not read again: from its start it would read as a statement (`k = `).
  [`[agents.a]\nprompt = """\n${LONG_ITEMS}k = """\u00a0"""\n`, 'U+00A0 is white space TOML does not read as a blank (its blanks are space and tab)', null],
  // The keys above it over 100 KB even written short: not read again (the line alone cannot tell `model` from a key above), so no fix.
  [`[agents.a]\n${MANY_KEYS}model\u00a0= "x"\n`, 'U+00A0 is white space TOML does not read as a blank (its blanks are space and tab)', null],
];
for (const [text, message, fixed] of UNREAD_BLANKS) {
  test(`what TOML does not read as a blank: ${JSON.stringify(text.length > 200 ? `${text.slice(0, 100)}... (${text.length} characters)` : text)}`, () => {
    const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'toml-syntax');
    // Shown on the character (JavaScript's trim() keeps U+0085, U+180E, U+200B and U+2060).
    assert.deepEqual(found.map((f) => [text.slice(f.span.start, f.span.end).replace(/[\s\u0085\u180e\u200b\u2060]/g, ''), f.message]), [['', `TOML syntax error: ${message}`]]);
    const fixes = found[0]!.fixes;
    assert.deepEqual(fixes.map((x) => [x.preferred, x.safe]), fixed === null ? [] : [[true, true]]);
    if (fixed !== null) assert.equal(applyEdits(text, fixes[0]!.edits), fixed);
    assert.equal(applyEdits(text, documentFixAll(analyzeDocument(text))), fixed ?? text);
  });
}

// Two of them on one line, or on two (found by test/unit/oddBlanks.test.ts): the first is fixed as if it were
// alone, the second then as it is: the first's fix is not withheld because the line still does not
// read with the second in it. [text, the text after the first's fix, the text after fix-all]
const UNREAD_BLANKS_ON_ONE_LINE: Array<[text: string, first: string, all: string]> = [
  ['x = ["a",\u00a0"b",\u00a0"c"]\n', 'x = ["a", "b",\u00a0"c"]\n', 'x = ["a", "b", "c"]\n'],
  ['x = ["a",\u00a0"b"]\u00a0\n', 'x = ["a", "b"]\u00a0\n', 'x = ["a", "b"]\n'],
  ['x\u00a0=\u00a01\n', 'x =\u00a01\n', 'x = 1\n'],
  ['x = { a = 1,\u00a0b = 2 }\u200b\n', 'x = { a = 1, b = 2 }\u200b\n', 'x = { a = 1, b = 2 }\n'],
  ['\u3000[agents.a.tools \u180e]\nallowed = []\n', '[agents.a.tools \u180e]\nallowed = []\n', '[agents.a.tools ]\nallowed = []\n'],
  ['x\u00a0= 1\u2028y = 2\r\n', 'x = 1\u2028y = 2\r\n', 'x = 1\r\ny = 2\r\n'],
  // A comma missing, then another of them before the list's end.
  ['x = ["a"\u00a0"b"\u00a0]\n', 'x = ["a", "b"\u00a0]\n', 'x = ["a", "b" ]\n'],
  ['x = ["a"\u00a0"b"]\u2003\n', 'x = ["a", "b"]\u2003\n', 'x = ["a", "b"]\n'],
  ['x = ["a"\u00a0"b"\u00a0"c"]\n', 'x = ["a", "b"\u00a0"c"]\n', 'x = ["a", "b", "c"]\n'],
  ['x = { a = 1\u00a0b = 2\u200b}\n', 'x = { a = 1, b = 2\u200b}\n', 'x = { a = 1, b = 2}\n'],  // At a line's end before a comment, another on the next line before the comma: no comma is missing.
  ['x = [\n  "a" \u2029 # c\n  \u2060, "b"\n]\n', 'x = [\n  "a"   # c\n  \u2060, "b"\n]\n', 'x = [\n  "a"   # c\n  , "b"\n]\n'],
  ['x = [\n  "a"\u00a0\n\u3000]\n', 'x = [\n  "a"\n\u3000]\n', 'x = [\n  "a"\n]\n'],
];
for (const [text, first, all] of UNREAD_BLANKS_ON_ONE_LINE) {
  test(`what TOML does not read as a blank, twice: ${JSON.stringify(text)}`, () => {
    const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'toml-syntax');
    assert.equal(found.length, 1);
    assert.deepEqual(found[0]!.fixes.map((x) => [x.preferred, x.safe]), [[true, true]], found[0]!.message);
    assert.equal(applyEdits(text, found[0]!.fixes[0]!.edits), first);
    assert.equal(applyEdits(text, documentFixAll(analyzeDocument(text))), all);
  });
}

// A list left open, then a header with what TOML does not read as a blank inside its brackets (found by
// test/unit/oddBlanks.test.ts): the header ends the list, as one without it does, so the list is said
// not to be closed (not "separated by commas"), the character is named and fixed, and what the
// section below holds is fixed with it: one fix-all, nothing left for a second.
test('a list left open, then a header with what TOML does not read as a blank in it', () => {
  const NOT_CLOSED = 'TOML syntax error: the list of `allowed` is not closed: add `]`';
  for (const [text, said, fixed] of [
    ['[agents.a.tools]\nallowed = ["Bash"\n[\u00a0skills.c]\ntools = { allowed = ["read", "read"] }\n',
      'U+00A0 is white space TOML does not read as a blank (its blanks are space and tab): write a space', '[agents.a.tools]\nallowed = ["bash"]\n[ skills.c]\ntools = { allowed = ["read"] }\n'],
    ['[agents.a.tools]\nallowed = ["Bash"\n[skills.c\u200b]\ntools = { allowed = ["read", "read"] }\n',
      'U+200B (a zero-width space) is an invisible character TOML does not read as a blank (its blanks are space and tab): delete it', '[agents.a.tools]\nallowed = ["bash"]\n[skills.c]\ntools = { allowed = ["read"] }\n'],
  ] as const) {
    const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'toml-syntax');
    // The list closed before the header (as it reads once the character is fixed), the character fixed, in one fix-all.
    assert.deepEqual(found.map((f) => [f.message, f.fixes.length]), [[NOT_CLOSED, 1], [`TOML syntax error: ${said}`, 1]]);
    const once = applyEdits(text, documentFixAll(analyzeDocument(text)));
    assert.equal(once, fixed);
    assert.deepEqual(documentFixAll(analyzeDocument(once)), []);
  }
});

// ... and before its brackets, at the line's start, with no list open: the line is a header as
// without it (the split, the parser and the chunks read the line's start alike), so the section
// below is not read as the table above's ("Mars ignores `tools` here"), and the character is named and fixed.
test('a header after what TOML does not read as a blank at its line\'s start', () => {
  for (const odd of ['\u3000', '\u00a0', '\u200b', '\u2028']) {
    const text = `[agents.a.tools]\nallowed = ["Bash"]\n${odd}[skills.c]\ntools = { allowed = ["read", "read"] }\n`;
    const found = documentFindings(analyzeDocument(text));
    // skills.c's tools table, read as such: its "read" twice is said, and nothing is "ignored here".
    assert.deepEqual(found.filter((f) => f.code !== 'non-canonical' && f.code !== 'toml-syntax').map((f) => f.code), ['duplicate-entry'], JSON.stringify(odd));
    const syntax = found.filter((f) => f.code === 'toml-syntax');
    assert.deepEqual(syntax.map((f) => [text.slice(f.span.start, f.span.end), f.fixes.length]), [[odd, 1]], JSON.stringify(odd));
    const once = applyEdits(text, documentFixAll(analyzeDocument(text)));
    assert.equal(once, '[agents.a.tools]\nallowed = ["bash"]\n[skills.c]\ntools = { allowed = ["read"] }\n', JSON.stringify(odd));
    assert.deepEqual(documentFixAll(analyzeDocument(once)), [], JSON.stringify(odd));
  }
});

// ... and before a key: the key/value is read (found by the odd-blanks property test, seed 1), so
// tools.mcp's fix appends to the list written there, not a second `b.tools.allowed` that check --fix
// left defined twice.
test('a key/value after what TOML does not read as a blank at its line\'s start is read', () => {
  for (const odd of ['\u2003', '\u00a0\u2029', '\u200b']) {
    const text = `[agents]\nb.tools.mcp = "gh"\n${odd}b.tools.allowed = ["fetch"]\n`;
    const fixed = (t: string) => applyEdits(t, documentFixAll(analyzeDocument(t)));
    const once = fixed(text);
    assert.equal(fixed(once), '[agents]\nb.tools.allowed = ["web_fetch", "mcp(gh)"]\n', JSON.stringify(odd));
  }
});

test('fix-all writes every comma missing between items on one line', () => {
  const text = '[agents.a.tools]\nallowed = ["a" "b" "Bash"]\n[t]\nx = { a = 1 b = 2 c = 3 }\n';
  assert.equal(applyEdits(text, documentFixAll(analyzeDocument(text))), '[agents.a.tools]\nallowed = ["a", "b", "bash"]\n[t]\nx = { a = 1, b = 2, c = 3 }\n');
});

test('fix-all writes a missing comma and fixes what its error hid in the rest of its section, in one go, each edit its own', () => {
  // The fix-all property test (seed 34301): the error keeps fix-all out of the section's later pieces
  // (`a` and `b` are apart), which the first pass left for a second fix-all.
  const text = '[agents]\na.tools.allowed = ["read" "grep"]\nb.tools.allowed = ["Bash"]\n';
  const edits = documentFixAll(analyzeDocument(text));
  assert.equal(applyEdits(text, edits), '[agents]\na.tools.allowed = ["read", "grep"]\nb.tools.allowed = ["bash"]\n');
  assert.deepEqual(edits.map((e) => text.slice(e.start, e.end) + ' -> ' + e.newText), [' -> ,', 'Bash -> bash']);
  // Two errors, one after the other: each pass reaches past one more.
  const two = '[agents]\na.tools.allowed = ["read" "grep"]\nb.tools.allowed = ["Bash" "Read"]\nc.tools.allowed = ["Grep"]\n';
  assert.equal(applyEdits(two, documentFixAll(analyzeDocument(two))), '[agents]\na.tools.allowed = ["read", "grep"]\nb.tools.allowed = ["bash", "read"]\nc.tools.allowed = ["grep"]\n');
  // An error fix-all cannot fix keeps it out as before.
  const stuck = '[agents]\na.tools.allowed = ["read" tru]\nb.tools.allowed = ["Bash"]\n';
  assert.deepEqual(documentFixAll(analyzeDocument(stuck)), []);
});

test('fix-all writes every comma of a list written without them, past its 32 passes, in one go', () => {
  // A list pasted without its commas: each pass over the section writes one and reaches the next.
  for (const n of [40, 200]) {
    const names = Array.from({ length: n }, (_, i) => `"mcp(server_${i})"`);
    const text = `[agents.a.tools]\r\nallowed = [${names.join(' ')}]\r\ndisallowed = ["Bash"]\r\n`;
    const counter = { fixed: 0 };
    const fixed = applyEdits(text, documentFixAll(analyzeDocument(text), {}, undefined, counter));
    assert.equal(fixed, `[agents.a.tools]\r\nallowed = [${names.join(', ')}]\r\ndisallowed = ["bash"]\r\n`, `${n} names`);
    // What was shown: the error, and `Bash` past it; counted, each comma written too (a section shows one syntax
    // error at a time, and fixing them one at a time counts each), and `Bash`.
    assert.deepEqual(documentFindings(analyzeDocument(text)).map((f) => f.code), ['toml-syntax', 'non-canonical']);
    assert.equal(counter.fixed, n);
    assert.deepEqual(documentFixAll(analyzeDocument(fixed)), []);
  }
});

// A big section (past 16 KB, cut in pieces: server/src/toml/chunks.ts) with a comma missing in one
// piece: fix-all writes it, then fixes the pieces after it, which the error kept it out of. It counts
// (the checker's "N problems fixed") what the user was shown at the start (the findings shown past the
// error), and each syntax error it fixed: a second missing comma in a later piece too, which no
// squiggle showed (a piece after an error shows no syntax error of its own), as fixing them one at a
// time fixes each, and as it counts the second of `["a" "b" "c"]`, written with the first.
// [lines of the section by number (the others `fillerN.tools.allowed = ["read", "grep"]`), findings shown, counted]
const BIG_SECTION_COUNTS: Array<[lines: Record<number, string>, shown: number, counted: number]> = [
  // Found by the fix-all property test (the generator leaving out commas): counted the same on the whole section.
  [{ 255: '["read" "grep"]', 340: '["read" "grep"]' }, 1, 2],
  [{ 255: '["read" "grep"]', 340: '["Read"]' }, 2, 2],
  [{ 255: '["read" "grep"]', 340: '["read" "grep"]', 519: '["Bash"]' }, 2, 3],
  // In the last piece, `Read` before the error on its line, shown, and `Bash` after it.
  [{ 10: '["read" "grep"]', 300: '["read" "grep"]', 517: '["Read" "grep"]', 519: '["Bash"]' }, 3, 5],
  [{ 255: '["read" "grep"]', 340: '["Read"]', 519: '["Bash"]' }, 3, 3],
  // More errors than passes over the document (16): each comma written lets fix-all on into the next piece.
  [{ ...Object.fromEntries(Array.from({ length: 25 }, (_, k) => [10 + 20 * k, '["read" "grep"]'])), 515: '["Read"]' }, 2, 26],
];
for (const [lines, shown, counted] of BIG_SECTION_COUNTS) {
  const body = (comma: boolean) => Array.from({ length: 520 }, (_, i) => `filler${i}.tools.allowed = ${(lines[i] ?? '["read", "grep"]').replace(/" "/g, comma ? '", "' : '$&')}\n`).join('');
  const text = `[agents]\n${body(false)}`;
  test(`fix-all in a big section with commas missing at lines ${Object.keys(lines).join(', ')} counts what it fixed: ${counted}, ${shown} shown`, () => {
    assert.equal(documentFindings(analyzeDocument(text)).length, shown);
    // As the server reads it, and as the checker's --fix does (the findings fix-all makes again not kept).
    for (const da of [analyzeDocument(text), analyzeDocument(text, 'fix-all')]) {
      const counter = { fixed: 0 };
      const fixed = applyEdits(text, documentFixAll(da, {}, undefined, counter));
      assert.equal(fixed, `[agents]\n${body(true)}`.replace(/"(Read|Bash)"/g, (_, n: string) => `"${n.toLowerCase()}"`));
      assert.equal(counter.fixed, counted);
    }
  });
}

test('past a syntax error, its statement says nothing more: the quotes after it pair the wrong way', () => {
  const text = '[agents.reviewer.tools]\nallowed = ["Read", "t"grep", "mcp(github/list_pulls)"]\ndisallowed = ["Bash"]\n';
  const found = documentFindings(analyzeDocument(text)).map((f) => `${f.code}@${text.slice(f.span.start, f.span.end)}`);
  // Before the error, and in the next statement, as without it; `"t"`, closed right where the error starts, is a guess too.
  assert.deepEqual(found, ['non-canonical@Read', 'toml-syntax@g', 'non-canonical@Bash']);
});

test('a string left open reads as no entry: what it holds is not written yet', () => {
  const cases: Array<[string, string[]]> = [
    ['[agents.a.tools]\nallowed = ["read", "gr', ['toml-syntax@"']],
    ['[agents.a.tools]\nallowed = ["read", "\nx = 1\n', ['toml-syntax@"', 'unknown-policy-key@x']],
    ["[agents.a.tools]\nallowed = ['Read', 'gr\r\n", ['non-canonical@Read', 'toml-syntax@r']],
  ];
  for (const [text, expected] of cases) {
    const found = documentFindings(analyzeDocument(text)).map((f) => `${f.code}@${text.slice(f.span.start, f.span.end)}`);
    assert.deepEqual(found, expected, JSON.stringify(text));
  }
});

test('a table defined twice is not reported from a guess: the statements read after a syntax error on its line or above', () => {
  const syntax = (text: string) => documentFindings(analyzeDocument(text)).filter((f) => f.code === 'toml-syntax').map((f) => f.message);
  assert.deepEqual(syntax('[agents.q.tools]\nallowed = ["read"]\n\n[agents.q\ntools = { allowed = ["grep"] }\n'), ['TOML syntax error: this table header is not closed: add `]`']);
  assert.deepEqual(syntax('[agents.q.tools]\nallowed = ["read"]\n\n[agents.q.tools[agents.planner]\nx = 1\n'),
    ['TOML syntax error: expected `]` before this `[`: a header names one table (is its `]` missing?)']);
  // Without an error, as before.
  assert.deepEqual(syntax('[a]\nx = 1\n[a]\ny = 2\n'), ['TOML syntax error: table `[a]` is defined twice']);
});
