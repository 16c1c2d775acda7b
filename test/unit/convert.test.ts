// Analysis data to LSP types (features/convert.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TextEdit } from 'vscode-languageserver';
import { isPositionIn, isRangeIn, withoutVersions } from '../../server/src/features/convert';
import { LineIndex } from '../../server/src/toml/lineIndex';

test('an edit of 200,000 changes reaches a client without documentChanges whole (spread as arguments, it overflowed the stack)', () => {
  const edits: TextEdit[] = Array.from({ length: 200_000 }, (_, i) => ({ range: { start: { line: i, character: 0 }, end: { line: i, character: 1 } }, newText: 'x' }));
  const changes = withoutVersions({ documentChanges: [{ textDocument: { uri: 'file:///m/mars.toml', version: 3 }, edits }] }).changes!;
  assert.deepEqual(Object.keys(changes), ['file:///m/mars.toml']);
  assert.equal(changes['file:///m/mars.toml']!.length, 200_000);
  assert.deepEqual(changes['file:///m/mars.toml']![199_999], edits[199_999]);
});

test('a position or range a request names is in the text, or not (a character past its line\'s end is, a line past the last is not)', () => {
  const lines = new LineIndex('ab\ncd\r\nef');
  const P = (line: number, character: number) => ({ line, character });
  const positions: Array<[unknown, boolean]> = [
    [P(0, 0), true], [P(2, 2), true], [P(1, 99), true],
    [P(3, 0), false], [P(-1, 0), false], [P(0, -1), false], [P(0.5, 0), false], [null, false], [{ line: 0 }, false],
  ];
  for (const [p, want] of positions) assert.equal(isPositionIn(lines, p), want, JSON.stringify(p));
  const ranges: Array<[unknown, boolean]> = [
    [{ start: P(0, 0), end: P(2, 2) }, true],
    // The start of the line after the last ends a range that takes in the last line's end.
    [{ start: P(0, 0), end: P(3, 0) }, true],
    [{ start: P(0, 0), end: P(3, 1) }, false], [{ start: P(0, 0), end: P(4, 0) }, false], [{ start: P(3, 0), end: P(3, 0) }, false],
    [{ start: P(-1, 0), end: P(0, 0) }, false], [{ start: P(0, 0) }, false], [null, false],
  ];
  for (const [r, want] of ranges) assert.equal(isRangeIn(lines, r), want, JSON.stringify(r));
});
