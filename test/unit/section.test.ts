// What a section keeps of its model between requests (analysis/section.ts): the model of a big
// section is held while a job uses it, not after; fix-all's fixes go with the model, never onto
// the findings the document keeps; and a finding asked for its fixes learns whether one is safe.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import v8 from 'node:v8';
import vm from 'node:vm';
import { DocumentAnalyzer, documentFixAll } from '../../server/src/analysis/document';
import { forgetModel } from '../../server/src/analysis/section';
import type { Code } from '../../server/src/analysis/codes';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
/** A later turn of the event loop: what a job held only for itself may be collected after it. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** One section of about `chars` characters, most of them a comment (cheap to analyse), with a few findings. */
const section = (chars: number) => `[agents.a.tools]\nallowed = ["Bash", "shell", "Bash"]\n# ${'x'.repeat(chars)}\n`;

// The recent models hold 512 KB of text in all; a model of more is held only while used.
const MODELS: Array<[name: string, text: string, edited: boolean, keptAfter: boolean]> = [
  ['a section of 100 KB asked for: kept among the recent models', section(100_000), false, true],
  ['a section of 600 KB asked for: held for the job that asked, then let go', section(600_000), false, false],
  ['a section of 600 KB just edited: held for the job that asked, then let go', section(600_000), true, false],
];

for (const [name, text, edited, keptAfter] of MODELS) {
  test(`section model: ${name}`, async () => {
    const analyzer = new DocumentAnalyzer();
    let da = analyzer.analyze(edited ? text.replace('shell', 'shel') : text);
    if (edited) da = analyzer.analyze(text);
    const unit = da.units[0]!.analysis;
    let model: object | undefined = unit.model();
    // Within one job (a request, a unit of fix-all) it is read many times: made once, whatever its size.
    assert.equal(unit.model(), model);
    for (const f of unit.findings) void f.fixes;
    assert.equal(unit.model(), model, 'each finding asked for its fixes, the same model');
    const held = new WeakRef(model);
    model = undefined;
    await turn();
    gc();
    assert.equal(held.deref() !== undefined, keptAfter);
    assert.deepEqual(unit.model().findings.map((f) => f.message), unit.findings.map((f) => f.message), 'made again, it says the same');
  });
}

test('fix-all reads the fixes off the unit\'s model: the findings the document keeps hold none of them', () => {
  const da = new DocumentAnalyzer().analyze(section(100));
  const unit = da.units[0]!.analysis;
  const model = unit.model();
  // With the count, as the checker's --fix asks it: every finding's fixes are made.
  const counter = { fixed: 0 };
  assert.notDeepEqual(documentFixAll(da, {}, undefined, counter), []);
  // Two spellings, a third one also a duplicate: three rewrites and two removals.
  assert.equal(counter.fixed, 5);
  // The model fix-all read let go, each finding's fixes are made again from the text.
  forgetModel(unit);
  const safe = unit.findings.filter((f) => f.fixes.some((x) => x.safe));
  assert.equal(safe.length, 5);
  for (const f of safe) {
    const i = unit.findings.indexOf(f);
    assert.deepEqual(f.fixes, model.findings[i]!.fixes, f.code);
    assert.notEqual(f.fixes, model.findings[i]!.fixes, `${f.code}: not kept from fix-all`);
  }
});

// A lightbulb request asks whether fix-all has anything to fix: a finding that may have a safe fix
// learns, once its fixes are made, whether it has (then it is not asked again without its model).
const LEARNS: Array<[name: string, text: string, code: Code, safe: boolean]> = [
  ['an alias', '[agents.a.tools]\nallowed = ["Shell"]\n', 'non-canonical', true],
  ['a code no comment names, with the code it may mean', '# mars-ignore: non-canonica\n[agents.a.tools]\nallowed = ["Shell"]\n', 'invalid-suppression', false],
  ['a tool list beside the tools table, moved into it only by hand', '[agents.a]\nallowed = ["read"]\n', 'misplaced-tool-list', false],
];

for (const [name, text, code, safe] of LEARNS) {
  test(`a kept finding learns whether it has a safe fix: ${name}`, () => {
    const da = new DocumentAnalyzer().analyze(text);
    const f = da.units.flatMap((u) => u.analysis.findings).find((x) => x.code === code)!;
    assert.equal(f.mayHaveSafeFix, true, 'before its fixes are made');
    void f.fixes;
    assert.equal(f.mayHaveSafeFix, safe);
  });
}
