// A didChange's changes applied in order, against `vscode-languageserver-textdocument` applying
// them one at a time (each range first clamped to the text it applies to, as the server did):
// in any order, with ranges past the end, written end first, across `\r\n`; and on a big file
// without a stall.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { applyContentChanges, textAfter, type ContentChange } from '../../server/src/lsp/contentChanges';
import { rng } from '../support/rng';

function oneAtATime(text: string, changes: readonly ContentChange[]): string {
  let doc = TextDocument.create('file:///x', 'toml', 1, text);
  for (const c of changes) {
    const clamp = (p: { line: number; character: number }) => doc.positionAt(doc.offsetAt(p));
    doc = TextDocument.update(doc, [c.range ? { range: { start: clamp(c.range.start), end: clamp(c.range.end) }, text: c.text } : { text: c.text }], doc.version + 1);
  }
  return doc.getText();
}

const CASES: Array<[string, string, ContentChange[], string]> = [
  // Each range is of the text the change before it left (LSP), not of the text before all of them.
  ['top down, the second past the first one\'s line end before it', '[agents.a.tools]\nallowed = [\n',
    [{ range: { start: { line: 1, character: 11 }, end: { line: 1, character: 11 } }, text: '"Shell"' },
      { range: { start: { line: 1, character: 18 }, end: { line: 1, character: 18 } }, text: ']' }],
    '[agents.a.tools]\nallowed = ["Shell"]\n'],
  ['two lines appended, each at the end the one before left', 'a = 1\n',
    [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: 'b = 2\n' },
      { range: { start: { line: 2, character: 0 }, end: { line: 2, character: 0 } }, text: 'c = 3\n' }],
    'a = 1\nb = 2\nc = 3\n'],
  ['bottom up', 'a\nb\nc\n',
    [{ range: { start: { line: 2, character: 0 }, end: { line: 2, character: 1 } }, text: 'C' },
      { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, text: 'A' }],
    'A\nb\nC\n'],
  ['a range written end first', 'abc', [{ range: { start: { line: 0, character: 2 }, end: { line: 0, character: 1 } }, text: 'X' }], 'aXc'],
  ['positions past the end and before the start', 'ab\ncd', [
    { range: { start: { line: 9, character: 0 }, end: { line: 9, character: 4 } }, text: '!' },
    { range: { start: { line: 0, character: 7 }, end: { line: 0, character: 9 } }, text: '?' },
    { range: { start: { line: -1, character: -1 }, end: { line: 0, character: -5 } }, text: '<' }], '<ab?\ncd!'],
  ['a `\\n` typed after a lone `\\r` makes one line break, and the next change counts it as one', 'a\rb', [
    { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: '\n' },
    { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: 'X' }], 'a\r\nXb'],
  ['a `\\r` typed before a `\\n`', 'a\nb', [
    { range: { start: { line: 0, character: 1 }, end: { line: 0, character: 1 } }, text: '\r' },
    { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: 'X' }], 'a\r\nXb'],
  ['the whole text, then a range of it', 'old', [{ text: 'x\ny' }, { range: { start: { line: 1, character: 1 }, end: { line: 1, character: 1 } }, text: 'z' }], 'x\nyz'],
  // A line emptied after a lone `\r`: its `\n` and the `\r` are one line break, and the line after is the next.
  ['a line emptied after a lone `\\r`', 'a\rX\nb', [
    { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 1 } }, text: '' },
    { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: 'Y' },
    ...Array.from({ length: 8 }, () => ({ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '' }))], 'a\r\nYb'],
  ['...and then the line before emptied too', '\ra\n', [
    { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 1 } }, text: '' },
    { range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } }, text: '' }], ''],
  // A message of no change (or of none the server could apply) still says which version the text is.
  ['no change at all', 'a\nb', [], 'a\nb'],
];

test('changes applied in order, each to the text the ones before it left', () => {
  for (const [name, text, changes, want] of CASES) {
    assert.equal(oneAtATime(text, changes), want, `${name}: the oracle`);
    assert.equal(textAfter(text, changes), want, name);
    const doc = applyContentChanges(TextDocument.create('file:///x', 'toml', 1, text), changes, 2);
    assert.deepEqual([doc.getText(), doc.version], [want, 2], `${name}: the document`);
  }
});

test('the same text as changes applied one at a time, on 3,000 random messages', () => {
  const random = rng(73);
  const int = (n: number) => Math.floor(random() * n);
  const PIECES = ['a', 'bc', ' ', '\n', '\r\n', '\r', '😀', '"Shell"', ''];
  const words = (n: number) => Array.from({ length: n }, () => PIECES[int(PIECES.length)]).join('');
  for (let k = 0; k < 3000; k++) {
    const text = words(int(30));
    const lines = text.split(/\r\n|\r|\n/).length;
    const position = () => ({ line: int(lines + 2) - (int(20) === 0 ? 2 : 0), character: int(8) - (int(20) === 0 ? 3 : 0) });
    // Now and then a list bottom up, as VS Code sends one (applied in one pass when no position is clamped).
    const changes: ContentChange[] = int(3) === 0 ? bottomUpList(text, random) : Array.from({ length: 1 + int(12) }, () =>
      int(15) === 0 ? { text: words(int(5)) } : { range: { start: position(), end: position() }, text: words(int(4)) });
    const want = oneAtATime(text, changes);
    const shown = `${JSON.stringify(text)} with ${JSON.stringify(changes)}`;
    assert.equal(textAfter(text, changes), want, shown);
    // Few changes go to the document one at a time, many through the lines: either way, its line table is the text's.
    const doc = applyContentChanges(TextDocument.create('file:///x', 'toml', 1, text), changes, 2);
    assert.equal(doc.getText(), want, `${shown}: the document`);
    assert.equal(doc.version, 2);
    const fresh = TextDocument.create('file:///y', 'toml', 1, want);
    for (let o = 0; o <= want.length; o++) assert.deepEqual(doc.positionAt(o), fresh.positionAt(o), `${shown}: offset ${o}`);
  }
});

/** 9-20 ranges of `text` that do not overlap, the last in the text first, each written end first now and then; a position past its line's end now and then. */
function bottomUpList(text: string, random: () => number): ContentChange[] {
  const doc = TextDocument.create('file:///z', 'toml', 1, text);
  const int = (n: number) => Math.floor(random() * n);
  const offsets = Array.from({ length: 2 * (9 + int(12)) }, () => int(text.length + 1)).sort((a, b) => a - b);
  const changes: ContentChange[] = [];
  for (let i = offsets.length - 2; i >= 0; i -= 2) {
    const [start, end] = [doc.positionAt(offsets[i]!), doc.positionAt(offsets[i + 1]!)];
    if (int(30) === 0) start.character += 5;
    changes.push({ range: int(8) === 0 ? { start: end, end: start } : { start, end }, text: ['', 'x', '\n', '\r', '\r\n', '"Shell"'][int(6)]! });
  }
  return changes;
}

test('line breaks typed into a long line, enough to make the lines again from one string midway: the text of one change at a time', () => {
  const text = `allowed = [${Array(12_500).fill('"Bash"').join(', ')}]\n`; // 100 KB on one line
  // Top down, each a character of the line the one before left made a line break (20 pieces of about 100 KB: past the room of 1.4 MB).
  const changes = Array.from({ length: 20 }, (_, k) => ({ range: { start: { line: k, character: 19 }, end: { line: k, character: 20 } }, text: '\n  ' }));
  assert.equal(textAfter(text, changes), oneAtATime(text, changes));
  assert.equal(applyContentChanges(TextDocument.create('file:///x', 'toml', 1, text), changes, 2).getText(), oneAtATime(text, changes));
});

test('9,000 changes to a 1 MB text listed top down or bottom up, and 20,000 on one long line: the text each way, and no stall', () => {
  const line = 'skills.skill-3.tools.allowed = ["write", "custom_tool", "Bash"]\n';
  const text = line.repeat(18_000);
  const rows = Array.from({ length: 9_000 }, (_, i) => 2 * i);
  // Top down: each change one line lower than the last, which moved nothing; bottom up: as VS Code lists them.
  const topDown = rows.map((r) => ({ range: { start: { line: r, character: 0 }, end: { line: r, character: 0 } }, text: '#' }));
  const bottomUp = [...rows].reverse().map((r) => ({ range: { start: { line: r, character: 0 }, end: { line: r, character: 0 } }, text: '#' }));
  // Deleting every other line, bottom up: each change moves the lines below it.
  const deletions = [...rows].reverse().map((r) => ({ range: { start: { line: r, character: 0 }, end: { line: r + 1, character: 0 } }, text: '' }));
  const want = text.split('\n').map((l, i) => (i % 2 === 0 && i < 18_000 && l ? `#${l}` : l)).join('\n');
  // A line break before every other line, top down, each a line lower than the one before left it:
  // each costs the lines it touches (the lines are made again from one string only past a few times
  // the text's length sliced, not for each).
  const breaks = rows.map((r, i) => ({ range: { start: { line: r + i, character: 0 }, end: { line: r + i, character: 0 } }, text: '\n' }));
  const breaksWant = text.split('\n').map((l, i) => (i % 2 === 0 && i < 18_000 ? `\n${l}` : l)).join('\n');
  // 20,000 on one line of 960 KB (a fix-all of a one-line list), bottom up: each would copy the line.
  const long = `allowed = [${Array(120_000).fill('"Bash"').join(', ')}]\n`;
  const oneLine = Array.from({ length: 20_000 }, (_, k) => 12 + (119_999 - k) * 8).map((c) => ({ range: { start: { line: 0, character: c }, end: { line: 0, character: c + 1 } }, text: 'b' }));
  const longWant = `allowed = [${[...Array(100_000).fill('"Bash"'), ...Array(20_000).fill('"bash"')].join(', ')}]\n`;
  // Top down, each position in the line as the changes before it left it (each adds a character).
  const oneLineDown = Array.from({ length: 20_000 }, (_, k) => 12 + (100_000 + k) * 8 + k).map((c) => ({ range: { start: { line: 0, character: c }, end: { line: 0, character: c } }, text: 'x' }));
  const longDownWant = `allowed = [${[...Array(100_000).fill('"Bash"'), ...Array(20_000).fill('"xBash"')].join(', ')}]\n`;
  // Top down, each starting where the one before ended (an item and the `, ` after it, as a fix-all of
  // adjoining items): one run along the line, not a copy of the line for each.
  const adjoining = Array.from({ length: 20_000 }, (_, k) => 11 + (99_999 + k) * 8).map((c) => ({ range: { start: { line: 0, character: c }, end: { line: 0, character: c + 8 } }, text: '"bash", ' }));
  const adjoiningWant = `allowed = [${[...Array(99_999).fill('"Bash"'), ...Array(20_000).fill('"bash"'), '"Bash"'].join(', ')}]\n`;
  for (const [name, changes, expected, from] of [['top down', topDown, want, text], ['bottom up', bottomUp, want, text], ['deletions', deletions, line.repeat(9_000), text],
    ['line breaks, top down', breaks, breaksWant, text], ['one long line, bottom up', oneLine, longWant, long], ['one long line, top down', oneLineDown, longDownWant, long],
    ['one long line, top down, each where the one before ended', adjoining, adjoiningWant, long]] as const) {
    const t = performance.now();
    const got = applyContentChanges(TextDocument.create('file:///x', 'toml', 1, from), changes, 2).getText();
    const ms = performance.now() - t;
    assert.equal(got, expected, name);
    assert.ok(ms < 5_000, `${name}: ${ms.toFixed(0)} ms, a bound far above its 0.1 s`);
  }
});

test('300,000 lines pasted by one change of ten: the text, not a stack overflow', () => {
  const text = 'a = 1\n'.repeat(10);
  const pasted = 'x = 2\n'.repeat(300_000);
  // Ten changes, so the text is kept as lines between them; the paste replaces one line with 300,001.
  const changes = Array.from({ length: 10 }, (_, k) => ({ range: { start: { line: k, character: 0 }, end: { line: k, character: 1 } }, text: k === 4 ? pasted : 'b' }));
  const want = oneAtATime(text, changes);
  assert.equal(textAfter(text, changes), want);
  assert.equal(applyContentChanges(TextDocument.create('file:///x', 'toml', 1, text), changes, 2).getText(), want);
});
