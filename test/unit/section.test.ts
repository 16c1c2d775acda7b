// What a section keeps of its model between requests (analysis/section.ts): the model of a big
// section is held while a job uses it, not after; fix-all's fixes go with the model, never onto
// the findings the document keeps; and a finding asked for its fixes learns whether one is safe.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import v8 from 'node:v8';
import vm from 'node:vm';
import { DocumentAnalyzer, outsideOf, type DocumentAnalysis } from '../../server/src/analysis/document';
import { documentFixAll } from '../../server/src/analysis/documentFixAll';
import { forgetModel, made } from '../../server/src/analysis/section';
import { visibleFindings } from '../../server/src/analysis/analyze';
import { applyEdits } from '../../server/src/analysis/edits';
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

// A lightbulb on a big section (a list of millions of entries near the 10 MB bound) reads one
// finding's fixes and where a comment can go: made from the section's parse alone, not its model
// (its policies, parsed entries and every finding: 1 GB and 20 s on such a list, which ran the
// server out of a 1.5 GB heap). The fixes are the model's, whichever way they are made.
test('a big section\'s entry findings make their fixes from its parse alone, the same as its model\'s', () => {
  const text = bigList(24_000); // one section of more than 512 KB
  const da = new DocumentAnalyzer().analyze(text);
  const unit = da.units[0]!.analysis;
  assert.ok(unit.text.length > 512 * 1024 && unit.findings.length > 20_000);
  forgetModel(unit);
  const before = { ...made };
  // Those of its entries (not a conflict of two lists: its fixes are the model's).
  const fixes = unit.findings.map((f) => (f.code === 'allow-deny-conflict' ? null : f.fixes));
  assert.deepEqual({ models: made.models - before.models, parses: made.parses - before.parses }, { models: 0, parses: 1 });
  const model = unit.model();
  const kinds = new Set<string>();
  unit.findings.forEach((f, i) => {
    const m = model.findings[i]!;
    assert.deepEqual([m.code, m.span], [f.code, f.span]);
    if (fixes[i]) assert.deepEqual(fixes[i], m.fixes, `${f.code} at ${f.span.start}`);
    if (fixes[i] && m.fixes.length > 0) kinds.add(`${f.code} ${m.fixes.some((x) => x.alone) ? 'alone' : ''}`);
  });
  // Every kind of entry fix was among them, an `alone` variant too.
  assert.deepEqual([...kinds].sort(), ['duplicate-entry ', 'invalid-tool-name ', 'legacy-prefix alone', 'legacy-prefix ', 'mcp-wire-token ', 'non-canonical alone', 'non-canonical ', 'unknown-tool '].sort());
});

// Whether a fix would make a conflict depends on the other list of the policy, which an entry's
// parse does not give: such a finding's fixes are read off the model, the others' still from the parse.
test('a big section\'s entry whose fix would make a conflict gets its fixes from the model, the same as the model\'s', () => {
  const text = bigList(24_000).replace('disallowed = ["Bash", "Read"]', 'disallowed = ["Bash", "Read", "grep"]');
  const da = new DocumentAnalyzer().analyze(text);
  const unit = da.units[0]!.analysis;
  forgetModel(unit);
  const before = made.models;
  const spelling = unit.findings.find((f) => f.code === 'non-canonical')!;
  void spelling.fixes;
  assert.equal(made.models - before, 0, 'no model for a fix its parse gives');
  const typo = unit.findings.find((f) => f.code === 'unknown-tool' && text.slice(f.span.start, f.span.end) === 'gerp')!;
  const fixes = typo.fixes;
  assert.deepEqual(fixes.map((x) => [x.title, x.preferred, x.safe]), [['Change to `grep` (a conflict: `disallowed` holds `grep`)', false, false]]);
  const index = unit.findings.indexOf(typo);
  assert.deepEqual(fixes, unit.model().findings[index]!.fixes);
});

// Fix-all on a big section in the server reads the findings the document keeps, beside a model made
// without its own copy of them (0.4 GB of a 10 MB list's 1 GB model: with the kept ones beside it,
// fix-all ran the server out of a 1.5 GB heap); the fixes it asks of them are not kept on them.
test('fix-all on a big section makes no full model, and makes the edits the full model makes', () => {
  // A rule in map form too, which its list holds: its fix (the key removed) is not made from an
  // entry, but read off the model fix-all made.
  // One section (a small one after it makes its model to fix it).
  const list = bigList(24_000);
  const text = list.slice(0, list.indexOf('[agents.b]')).replace('disallowed = ["Bash", "Read"]\n', 'disallowed = ["Bash", "Read"]\nbash = "deny"\n');
  const da = new DocumentAnalyzer().analyze(text);
  const unit = da.units[0]!.analysis;
  assert.ok(da.units.length === 1 && unit.text.length > 512 * 1024 && unit.findings.some((f) => f.code === 'unknown-policy-key'));
  forgetModel(unit);
  const before = { ...made };
  const counter = { fixed: 0 };
  const edits = documentFixAll(da, {}, undefined, counter);
  assert.deepEqual({ models: made.models - before.models, fixModels: made.fixModels - before.fixModels }, { models: 0, fixModels: 1 });
  // Its fixes not kept: a duplicate asked for its fixes makes them again, from a parse of the text.
  const parses = made.parses;
  void unit.findings.find((f) => f.code === 'duplicate-entry')!.fixes;
  assert.equal(made.parses - parses, 1, 'made again');
  // Another analysis of the text, its model at hand (held here): fix-all reads it, with its findings.
  const other = new DocumentAnalyzer().analyze(text);
  const model = other.units[0]!.analysis.model();
  const otherCounter = { fixed: 0 };
  assert.deepEqual(documentFixAll(other, {}, undefined, otherCounter), edits);
  assert.equal(other.units[0]!.analysis.model(), model);
  assert.equal(counter.fixed, otherCounter.fixed);
  const fixed = applyEdits(text, edits);
  assert.ok(!fixed.includes('bash = "deny"') && fixed.length < text.length / 2, 'the rule and the duplicates removed');
});

test('a lightbulb on a big section makes no model, and offers what it offers with the model at hand', async () => {
  const text = bigList(24_000);
  const uri = 'file:///big/mars.toml';
  const lightbulbs = async (da: DocumentAnalysis) => {
    const seen = visibleFindings(da.units[0]!.analysis, {}, outsideOf(da, 0));
    const out = [];
    for (const code of ['duplicate-entry', 'unknown-tool', 'non-canonical', 'legacy-prefix', 'mcp-wire-token', 'invalid-tool-name']) {
      const f = seen.filter((x) => x.code === code)[3]!;
      out.push(await codeActions(uri, 1, da, {}, { diagnostics: [toDiagnostic(uri, da.lines, f)] }, true, async () => []));
    }
    return out;
  };
  const da = new DocumentAnalyzer().analyze(text);
  forgetModel(da.units[0]!.analysis);
  const before = made.models;
  const fromParse = await lightbulbs(da);
  assert.equal(made.models - before, 0, 'no model made');
  // Another analysis of the text, its model at hand (held here): fixes read off its findings.
  const other = new DocumentAnalyzer().analyze(text);
  const model = other.units[0]!.analysis.model();
  assert.deepEqual(await lightbulbs(other), fromParse);
  assert.equal(other.units[0]!.analysis.model(), model);
  assert.ok(fromParse.every((actions) => actions.some((a) => a.title.startsWith('Disable'))));
  assert.ok(fromParse.filter((actions) => actions.some((a) => a.isPreferred)).length >= 5, 'the fixes are among them');
});

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

test('a range over every diagnostic of a big section gets the fixes of each, not an error', async () => {
  // Select-all in a client that does not cap the problems it shows (the server sends up to 100,000):
  // 78,000 diagnostics make 130,000 actions, too many for the arguments of one call.
  const da = new DocumentAnalyzer().analyze(bigList(24_000));
  const uri = 'file:///big/mars.toml';
  const diagnostics = visibleFindings(da.units[0]!.analysis, {}, outsideOf(da, 0)).map((f) => toDiagnostic(uri, da.lines, f));
  const actions = await codeActions(uri, 1, da, {}, { diagnostics }, true, async () => []);
  assert.ok(actions.length > diagnostics.length, `${actions.length} actions for ${diagnostics.length} diagnostics`);
  const fixed = new Set(actions.filter((a) => !a.title.startsWith('Disable')).flatMap((a) => a.diagnostics ?? []));
  assert.ok(fixed.size > diagnostics.length / 2, `${fixed.size} of ${diagnostics.length} diagnostics with a fix`);
  const disabled = new Set(actions.filter((a) => a.title.endsWith('for the entire file')).flatMap((a) => a.diagnostics ?? []));
  assert.equal(disabled.size, diagnostics.length, 'each with its "Disable"');
});
