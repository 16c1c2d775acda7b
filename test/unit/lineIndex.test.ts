// The line index against a line count done by hand: positions asked in text order (the checker's
// findings), in random order (hover, completion), and after edits (the index kept, then edited).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LineIndex } from '../../server/src/toml/lineIndex';
import { textChange } from '../../server/src/toml/textChange';
import { rng } from '../support/rng';

/** The line and UTF-16 column of `offset`, counted from the start: `\r\n`, `\n` and `\r` each end a line. */
function naive(text: string, offset: number): { line: number; character: number } {
  let line = 0;
  let start = 0;
  for (let i = 0; i < offset; i++) {
    const c = text[i];
    if (c !== '\n' && c !== '\r') continue;
    if (c === '\r' && text[i + 1] === '\n') {
      if (i + 1 === offset) break; // between \r and \n: still on the line
      i++;
    }
    line++;
    start = i + 1;
  }
  return { line, character: offset - start };
}

const random = rng(41);
const int = (n: number) => Math.floor(random() * n);
const PIECES = ['a', 'bc', ' ', '\n', '\r\n', '\r', '\n\n', '😀', '"x"'];
const text = (n: number) => Array.from({ length: n }, () => PIECES[int(PIECES.length)]).join('');

const CASES: Array<[string, string]> = [
  ['empty', ''],
  ['no line break', 'abc'],
  ['LF', 'a\nb\n'],
  ['CRLF', 'a\r\nb\r\n'],
  ['CR alone', 'a\rb\r'],
  ['blank lines of each kind', '\n\r\n\r\n\r'],
];

test('positions in text order, in random order, past the end and before the start', () => {
  const texts = [...CASES, ...Array.from({ length: 60 }, (_, i): [string, string] => [`random ${i}`, text(int(80))])];
  for (const [name, t] of texts) {
    const ascending = new LineIndex(t);
    for (let o = 0; o <= t.length; o++) assert.deepEqual(ascending.position(o), naive(t, o), `${name}: offset ${o} in order`);
    const shuffled = new LineIndex(t);
    for (let k = 0; k < 3 * (t.length + 1); k++) {
      const o = int(t.length + 1);
      assert.deepEqual(shuffled.position(o), naive(t, o), `${name}: offset ${o} at random`);
    }
    assert.deepEqual(shuffled.position(t.length + 5), naive(t, t.length), `${name}: past the end`);
    assert.deepEqual(shuffled.position(-3), { line: 0, character: 0 }, `${name}: before the start`);
    assert.equal(ascending.lineCount, naive(t, t.length).line + 1, `${name}: line count`);
  }
});

test('an edited index answers as a fresh one, whatever was asked of it before', () => {
  for (let k = 0; k < 200; k++) {
    const before = text(int(40));
    const at = int(before.length + 1);
    const cut = at + int(before.length - at + 1);
    const after = before.slice(0, at) + text(int(6)) + before.slice(cut);
    const change = textChange(before, after);
    const index = new LineIndex(before);
    index.position(int(before.length + 1)); // an answer remembered before the edit
    const edited = change ? index.edited(after, change) : new LineIndex(after);
    for (let o = 0; o <= after.length; o++) assert.deepEqual(edited.position(o), naive(after, o), `${JSON.stringify(before)} -> ${JSON.stringify(after)}: offset ${o}`);
  }
});

// The change between two texts: the smallest range, its common prefix and suffix kept (they never
// overlap: `aa` -> `aaa` inserts after both `a`s, not over one), and none for equal texts.
const a = (n: number) => 'a'.repeat(n);
const CHANGES: Array<[before: string, after: string, change: [start: number, oldEnd: number, newEnd: number] | null]> = [
  ['abc', 'abc', null], ['', '', null],
  ['abc', 'abd', [2, 3, 3]], ['abc', 'xbc', [0, 1, 1]], ['xaby', 'xy', [1, 3, 1]], ['', 'a', [0, 0, 1]], ['a', '', [0, 1, 0]],
  ['aa', 'aaa', [2, 2, 3]], ['aaa', 'aa', [2, 3, 2]], ['ab', 'abab', [2, 2, 4]],
  // Past a block of 1,024 characters compared at once, from either end.
  [`${a(3000)}X${a(3000)}`, `${a(3000)}YZ${a(3000)}`, [3000, 3001, 3002]], [a(2048), a(2049), [2048, 2048, 2049]],
];
for (const [before, after, change] of CHANGES) {
  const show = (t: string) => (t.length > 12 ? `${t.length} characters` : JSON.stringify(t));
  test(`textChange: ${show(before)} -> ${show(after)}`, () => {
    const got = textChange(before, after);
    assert.deepEqual(got && [got.start, got.oldEnd, got.newEnd], change);
  });
}
