// What a section keeps of its model between requests (analysis/section.ts): the model of a big
// section is held while a job uses it, not after; fix-all's fixes go with the model, never onto
// the findings the document keeps; and a finding asked for its fixes learns whether one is safe.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import v8 from 'node:v8';
import vm from 'node:vm';
import { DocumentAnalyzer, documentFixAll, outsideOf } from '../../server/src/analysis/document';
import { forgetModel } from '../../server/src/analysis/section';
import { visibleFindings } from '../../server/src/analysis/analyze';
import { codeActions } from '../../server/src/features/codeActions';
import { toDiagnostic } from '../../server/src/features/convert';
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

// One section of more than 512 KB (more text than the recent models may hold), a list of
// every kind of entry with a fix, duplicates, comments, and an inline table after it.
const BIG_ENTRIES = [
  '"x"', '"Bash"', '"bash"', '"Shell(git log:*)"', '"bash(git log:*)"', '"mcp__github__get_issue"', '"bash()"', '"*(x)"',
  '""', "'read'", '"Read"', '"ask-user"', '"gerp"', '"web_fetch(domain:docs.rs)"', '"""Edit"""', '"\\u0062ash"',
];
const bigList = (n: number) => {
  const items = Array.from({ length: n }, (_, i) => `${BIG_ENTRIES[i % BIG_ENTRIES.length]}, ${BIG_ENTRIES[(i * 7) % BIG_ENTRIES.length]},${i % 5 === 0 ? ' # note' : ''}\n`);
  return `[agents.a.tools]\nallowed = [\n${items.join('')}]\ndisallowed = ["Bash", "Read"]\n` +
    `[agents.b]\ntools = { allowed = ["Shell", "shell", ${items.slice(0, 200).join('')}] }\n`;
};

test('a lightbulb reads the findings at its diagnostic and the few fix-all\'s count needs, not all of its section\'s', async () => {
  const da = new DocumentAnalyzer().analyze(bigList(24_000));
  const unit = da.units[0]!.analysis;
  const uri = 'file:///big/mars.toml';
  const seen = visibleFindings(unit, {}, outsideOf(da, 0));
  const asked = [seen.filter((f) => f.code === 'duplicate-entry')[5000]!, seen.filter((f) => f.code === 'unknown-tool')[5000]!];
  // Every finding of the section it reads, counted.
  const read = new Set<string>();
  const findings = unit.findings;
  Object.defineProperty(unit, 'findings', {
    value: new Proxy(findings, { get: (target, key, receiver) => (typeof key === 'string' && /^\d+$/.test(key) && read.add(key), Reflect.get(target, key, receiver)) }),
  });
  for (const f of asked) {
    read.clear();
    const actions = await codeActions(uri, 1, da, {}, { diagnostics: [toDiagnostic(uri, da.lines, f)] }, true, async () => []);
    assert.ok(actions.some((a) => a.title.startsWith('Fix all Mars')), 'fix-all offered');
    // Halving to it (17 steps of 78,000), the few at its place, and fix-all's count: it stops at the
    // first findings with a safe fix (of the diagnostic's code, of any code).
    assert.ok(read.size < 100, `${f.code}: read ${read.size} of ${findings.length} findings`);
  }
});
