// Composing two rounds of edits (`composeEdits`): the edits of the first text that make what the
// second round makes of the first round's result, each still the fixes' own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyEdits, composeEdits, nonOverlapping, type Edit } from '../../server/src/analysis/edits';
import { rng } from '../support/rng';

const edit = (start: number, end: number, newText: string): Edit => ({ start, end, newText });

// [original, earlier (edits of original), later (edits of what earlier made), the composed edits]
const CASES: Array<[string, Edit[], Edit[], Edit[]]> = [
  // Apart: each stays as it was, the later one moved back to the original's offsets.
  ['["a" "b"] ["C"]', [edit(4, 4, ',')], [edit(12, 13, 'c')], [edit(4, 4, ','), edit(11, 12, 'c')]],
  // The later edit inside what the earlier wrote: one edit, the earlier's span.
  ['abc', [edit(1, 2, 'XYZ')], [edit(2, 3, 'q')], [edit(1, 2, 'XqZ')]],
  // Overlapping its end, and touching it: one edit.
  ['abcdef', [edit(1, 2, 'XY')], [edit(2, 5, '')], [edit(1, 4, 'X')]],
  ['abcdef', [edit(1, 2, 'XY')], [edit(3, 3, '!')], [edit(1, 2, 'XY!')]],
  ['abcdef', [edit(1, 2, 'XY')], [edit(1, 1, '!')], [edit(1, 2, '!XY')]],
  // A deletion's point: a later edit at it joins it, one before or after it does not.
  ['abcdef', [edit(2, 4, '')], [edit(2, 2, '-')], [edit(2, 4, '-')]],
  ['abcdef', [edit(2, 4, '')], [edit(0, 1, 'A'), edit(3, 4, 'F')], [edit(0, 1, 'A'), edit(2, 4, ''), edit(5, 6, 'F')]],
  // One later edit over two earlier ones: all one.
  ['abcdefgh', [edit(1, 2, 'B'), edit(5, 6, 'F')], [edit(1, 6, '')], [edit(1, 6, '')]],
  // Nothing later: the earlier edits as they were.
  ['abc', [edit(0, 1, 'A'), edit(2, 3, '')], [], [edit(0, 1, 'A'), edit(2, 3, '')]],
];

for (const [original, earlier, later, composed] of CASES) {
  test(`compose ${JSON.stringify(original)}: ${JSON.stringify(earlier)} then ${JSON.stringify(later)}`, () => {
    const between = applyEdits(original, earlier);
    const out = composeEdits(between, earlier, later);
    assert.deepEqual(out, composed);
    assert.equal(applyEdits(original, out), applyEdits(between, later));
  });
}

// Applying edits given in any order (a fix's own edits come as it made them): sorted by where they start, an insertion
// before an edit starting at the same offset. [text, edits, the text after them]
const APPLIED: Array<[string, Edit[], string]> = [
  ['abc', [edit(2, 3, 'C'), edit(0, 1, 'A')], 'AbC'],
  ['abc', [edit(1, 2, 'X'), edit(1, 1, 'Y')], 'aYXc'],
  ['abc', [edit(1, 1, 'Y'), edit(1, 2, 'X')], 'aYXc'],
];

for (const [text, edits, after] of APPLIED) {
  test(`apply ${JSON.stringify(edits)} to ${JSON.stringify(text)}`, () => {
    assert.equal(applyEdits(text, edits), after);
  });
}

// The groups of edits (each a fix's, in priority order) a pass of fix-all writes together: each that
// overlaps or touches no group kept before it, whole or not at all; one that clashes only with a
// group left out is kept, not lost to the next pass. [groups, the edits kept, sorted]
const KEPT: Array<[Edit[][], Edit[]]> = [
  [[[edit(0, 2, 'a')], [edit(1, 3, 'b')], [edit(3, 4, 'c')]], [edit(0, 2, 'a'), edit(3, 4, 'c')]],
  [[[edit(0, 2, 'a')], [edit(2, 2, 'b')]], [edit(0, 2, 'a')]],
  [[[edit(5, 6, 'a')], [edit(0, 1, 'b'), edit(5, 5, 'c')]], [edit(5, 6, 'a')]],
  [[[edit(4, 6, 'a')], [edit(0, 5, 'b')], [edit(0, 1, 'c')]], [edit(0, 1, 'c'), edit(4, 6, 'a')]],
  [[[edit(4, 6, 'a')], [edit(0, 3, 'b')], [edit(3, 4, 'c')], [edit(7, 8, 'd')]], [edit(0, 3, 'b'), edit(4, 6, 'a'), edit(7, 8, 'd')]],
];

for (const [groups, kept] of KEPT) {
  test(`the groups kept of ${JSON.stringify(groups)}`, () => {
    assert.deepEqual(nonOverlapping(groups), kept);
  });
}

/** Up to `n` sorted, non-overlapping random edits of `text`. */
function randomEdits(random: () => number, text: string, n: number): Edit[] {
  const points = Array.from({ length: 2 * n }, () => Math.floor(random() * (text.length + 1))).sort((a, b) => a - b);
  const out: Edit[] = [];
  for (let i = 0; i < points.length; i += 2) {
    if (out.length > 0 && points[i]! <= out[out.length - 1]!.end) continue; // touching edits are one
    if (random() < 0.3) continue;
    out.push(edit(points[i]!, points[i + 1]!, 'xyz'.slice(0, Math.floor(random() * 4))));
  }
  return out;
}

test('composed edits make what the two rounds make, sorted and apart, no more of them than the two rounds had', () => {
  const random = rng(20_261_203);
  for (let round = 0; round < 5000; round++) {
    const original = 'abcdefghij'.slice(0, Math.floor(random() * 11));
    const earlier = randomEdits(random, original, 1 + Math.floor(random() * 4));
    const between = applyEdits(original, earlier);
    const later = randomEdits(random, between, 1 + Math.floor(random() * 4));
    const out = composeEdits(between, earlier, later);
    const what = `${JSON.stringify(original)} ${JSON.stringify(earlier)} ${JSON.stringify(later)}`;
    assert.equal(applyEdits(original, out), applyEdits(between, later), what);
    assert.ok(out.length <= earlier.length + later.length, what);
    out.forEach((e, i) => assert.ok(e.start <= e.end && (i === 0 || out[i - 1]!.end < e.start), `${what}: ${JSON.stringify(out)}`));
  }
});
