// The cap on the diagnostics sent for one file (lsp/problemCap.ts): the ones VS Code would keep.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver';
import { EncodedRun } from '../../server/src/lsp/encodedRuns';
import { capped, MOST_SENT } from '../../server/src/lsp/problemCap';

const d = (line: number, severity: 1 | 2 | 3 | 4): Diagnostic => ({
  range: { start: { line, character: 0 }, end: { line, character: 1 } }, severity, source: 'mars', message: `${line}`,
});
const moved = (x: Diagnostic, by: number): Diagnostic => ({
  ...x, range: { start: { ...x.range.start, line: x.range.start.line + by }, end: { ...x.range.end, line: x.range.end.line + by } },
});

test('a capped list: errors first, then warnings, information and hints, each in the order sent, and a note of the rest', () => {
  const runs = [new EncodedRun([d(0, 3), d(1, 1), d(2, 2)]), new EncodedRun([d(3, 4), d(4, 2), d(5, 1)]).moved(10, moved), new EncodedRun([d(20, 3)])];
  const severity = (x: Diagnostic) => x.severity ?? 1;
  assert.equal(capped(runs, 7, severity), null, 'no more than the cap: sent as they are');
  assert.equal(capped(runs, 0, severity), null, '0: every problem');
  const out = capped(runs, 4, severity)!;
  assert.deepEqual(out.slice(0, -1).map((x) => [x.range.start.line, x.severity]), [[1, 1], [2, 2], [15, 1]]);
  const note = out.at(-1)!;
  assert.deepEqual([note.range.start, note.severity, note.source], [{ line: 0, character: 0 }, 3, 'mars']);
  assert.match(String(note.message), /shows 3 of the 7 problems of this file, errors first \(setting mars\.maxProblems\);/, 'a cap the user lowered is no limit of VS Code');
  const many = new EncodedRun(Array.from({ length: 1001 }, (_, i) => d(i, 1)));
  assert.match(String(capped([many], 1000, severity)!.at(-1)!.message), /shows 999 of the 1001 problems .*, as VS Code shows no more than 1,000\)/);
  assert.deepEqual(capped(runs, 6, severity)!.slice(0, -1).map((x) => x.range.start.line), [0, 1, 2, 14, 15]);
});

test('places taken by a diagnostic sent before the list (the note on a file named Mars.toml) are left out of the cap', () => {
  const runs = [new EncodedRun([d(0, 3), d(1, 1), d(2, 2)]), new EncodedRun([d(3, 4)])];
  const severity = (x: Diagnostic) => x.severity ?? 1;
  assert.equal(capped(runs, 5, severity, 1), null, 'four and the one before: within five');
  const out = capped(runs, 4, severity, 1)!;
  assert.deepEqual(out.slice(0, -1).map((x) => x.range.start.line), [1, 2]);
  assert.match(String(out.at(-1)!.message), /shows 2 of the 4 problems of this file/);
  assert.deepEqual(capped(runs, 1, severity, 1)!.map((x) => x.message), [capped(runs, 1, severity, 1)!.at(-1)!.message], 'no room left: the note of the cap alone');
});

test('past MOST_SENT, whatever the setting, the rest is a note: a message of them all could not be written', () => {
  const severity = (x: Diagnostic) => x.severity ?? 1;
  const runs = [new EncodedRun(Array.from({ length: MOST_SENT - 1 }, (_, i) => d(i, 3))), new EncodedRun([d(0, 1), d(1, 2)])];
  for (const max of [0, MOST_SENT + 5]) {
    const out = capped(runs, max, severity)!;
    assert.equal(out.length, MOST_SENT);
    assert.deepEqual(out.slice(-3, -1).map((x) => x.severity), [1, 2], 'the error and the warning kept, information left out');
    assert.match(String(out.at(-1)!.message), new RegExp(`shows ${MOST_SENT - 1} of the ${MOST_SENT + 1} problems .*\\(the most it sends: `));
  }
  assert.equal(capped(runs.slice(0, 1), 0, severity), null, 'up to MOST_SENT: all sent');
  assert.match(String(capped(runs, MOST_SENT, severity)!.at(-1)!.message), /\(setting mars\.maxProblems\);/, 'a setting of MOST_SENT is the setting, not VS Code\'s limit');
});

test('a capped list makes only the diagnostics it sends, reading severities from the runs\' sources', () => {
  let made = 0;
  const make = (n: number): Diagnostic => (made++, d(n, n % 2 === 0 ? 1 : 3));
  const runs = [new EncodedRun([0, 1, 2, 3], make), new EncodedRun([4, 5, 6, 7, 8, 9], make).moved(100, moved)];
  const out = capped(runs, 4, (n) => (n % 2 === 0 ? 1 : 3))!;
  assert.deepEqual(out.slice(0, -1).map((x) => x.range.start.line), [0, 2, 104]);
  assert.equal(made, 3, 'one diagnostic made per diagnostic sent');
});
