// The checker hands out findings a unit at a time as the text is analysed (analysis/report.ts): it
// must say exactly what `documentFindings` says of the whole text, in the same order, fixes
// included, whatever a later unit does to an earlier one's findings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { analyzeDocument, documentFindings } from '../../server/src/analysis/document';
import { countFixAll } from '../../server/src/analysis/documentFixAll';
import type { SeverityOverrides } from '../../server/src/analysis/codes';
import type { Finding } from '../../server/src/analysis/findings';
import { reportFindings } from '../../server/src/analysis/report';
import { agentsTable } from '../support/bigToml';
import { ROOT } from '../support/paths';
import { rng } from '../support/rng';
import { randomEdits } from '../support/text';
// @ts-expect-error: a plain ES module of the benchmark, no types
import { bigMarsToml } from '../../scripts/bench/generate.mjs';

const plain = (f: Finding) => ({ code: f.code, severity: f.severity, span: f.span, message: f.message, related: f.related });
const withFixes = (f: Finding) => ({ ...plain(f), fixes: f.fixes });

function check(text: string, label: string): number {
  const reported: ReturnType<typeof plain>[] = [];
  const fixable = { count: 0 };
  reportFindings(text, (f) => reported.push(plain(f)), false, {}, fixable);
  const whole = analyzeDocument(text, 'findings');
  assert.deepEqual(reported, documentFindings(whole).map(plain), label);
  // The checker's hint counts what fix-all fixes, as the editor's "Fix all" counts it.
  assert.equal(fixable.count, countFixAll(whole, {}, undefined, Infinity), `${label}, fixable`);
  const fixed: ReturnType<typeof withFixes>[] = [];
  reportFindings(text, (f) => fixed.push(withFixes(f)), true);
  assert.deepEqual(fixed, documentFindings(analyzeDocument(text, 'models')).map(withFixes), `${label}, with fixes`);
  return reported.length;
}

const broken = () => {
  const lines = agentsTable(400).split('\n');
  lines.splice(4, 2, `${lines[4]}${lines[5]}`);
  return `${lines.join('\n')}broken = "x"\nlast.tools.allowed = ["read" "grep"]\n`;
};

const CASES: Array<[string, string, number]> = [
  ['the bundled example', fs.readFileSync(path.join(ROOT, 'examples/mars.toml'), 'utf8'), 10],
  ['the benchmark file at 300 overlays, its big tables cut into pieces', bigMarsToml(3, 300).text, 1000],
  ['a syntax error in the first piece of a cut table (later pieces read nothing before it)', broken(), 1],
  // Reported at the second definition, in the unit that holds it, among that unit's findings.
  ['a table defined twice, and a dotted key into a table a later header defines',
    '[agents.a.tools]\nallowed = ["bash"]\n[agents.b]\nx.y = 1\n[agents.a.tools]\nallowed = ["Bash"]\n[agents.b.x]\nz = 2\n', 2],
  ['a conflict on the same line as another finding', '[agents.a]\ntools.allowed = ["shel"]\n[agents.a.tools]\n', 2],
  // A comment above a header is the end of the unit before; it speaks of the header's section.
  ['a suppression above a header', '[agents.a]\ndescription = "x"\n# mars-ignore: invalid-tool-policy\n[agents.b.tools.allowed]\nx = 1\n[agents.c.tools.allowed]\n', 1],
  // Only these reach back: the text is analysed whole first.
  ['a file-wide suppression at the end', '[agents.a.tools]\nallowed = ["grpe", "Bash"]\n[agents.b]\n# mars-ignore-file: unknown-tool\n', 1],
  // A fix that writes a list anew waits for the end: a later section may define that list. The
  // findings after it wait with it, in order; those before it were written already.
  ...['mcp = ["github"]', 'bash = "allow"', 'Allowed = ["read"]'].map((key): [string, string, number] =>
    [`a fix of \`${key}\` that would write a list a later section defines`,
      `[agents.w.tools]\nallowed = ["Bash"]\n[agents.x.tools]\n${key}\n[agents.y.tools]\nallowed = ["Read"]\n[agents.x.tools.allowed]\nfoo = 1\n[agents.z.tools]\n${key}\nallowed = ["Grep"]\n`, 4]),
  // The removal of a table takes the `mars-ignore` lines above its header, which the unit before holds: here the
  // last piece of a cut table, analysed under a copy of its header.
  ['a table removal after a cut table, with a suppression above its header', `${agentsTable(400)}# mars-ignore: unknown-tool\n[agents.a.tools.sub]\nx = 1\n`, 1],
  // A table of patterns of its own is read again at the end, told what its owner's lists hold: its findings, and those
  // after it, wait, their fixes with them; a table it defines again is said among its findings.
  ['findings with fixes after a table of patterns of its own', '[agents.x.tools.bash]\n"git *" = "allow"\n[agents.y.tools]\nallowed = ["Bash"]\n', 2],
  ['a table of patterns of its own defined twice', '[agents.x.tools.bash]\n"git *" = "allow"\n[agents.y]\n[agents.x.tools.bash]\n"rm *" = "deny"\n', 3],
  ['a table of patterns of its own past a multi-line string never closed (fix-all does not reach it)', '[agents.a]\nx = \"\"\"\n[agents.e.tools]\nallowed = ["bash(git *)"]\n[agents.e.tools.bash]\n"git *" = "allow"\n', 1],
  ['a table of patterns of its own before the section writing its owner\'s list', '[agents.e.tools.bash]\n"git *" = "allow"\n[agents.e.tools]\nallowed = ["bash(git *)"]\n', 1],
  ['a multi-line string never closed', '[agents.a.tools]\nallowed = ["Bash"]\nx = """\n[agents.b.tools]\nallowed = ["grpe"]\n', 1],
];

for (const [name, text, least] of CASES) {
  test(`report: ${name}`, () => {
    const n = check(text, name);
    assert.ok(n >= least, `${n} findings`);
  });
}

test('report: random edits of a cut table report what the whole analysis reports', () => {
  const r = rng(12);
  const inserts = ['\n', 'x', '"', '\n[agents.z.tools]\nallowed = ["Bash"]\n', '# mars-ignore\n', '[agents]\n', 'agent-5.tools.allowed = ["ls"]\n', '', '[', '"""'];
  for (const { text, label } of randomEdits(agentsTable(200, 5), r, inserts, 40)) check(text, label);
});

// The severities a setting or `--severity` gives: the report says each finding at it, or not at all when `off`, as the
// whole analysis does, a table defined twice (found as the units are put together) too.
const OVERRIDDEN: Array<[name: string, text: string, overrides: SeverityOverrides, least: number]> = [
  ['a table defined twice, its code turned down', '[agents.a.tools]\nallowed = ["Bash"]\n[agents.a.tools]\nallowed = ["Read"]\n', { 'toml-syntax': 'warning' }, 3],
  ['a table defined twice, its code turned off', '[agents.a.tools]\nallowed = ["Bash"]\n[agents.a.tools]\nallowed = ["Read"]\n', { 'toml-syntax': 'off' }, 2],
];

for (const [name, text, overrides, least] of OVERRIDDEN) {
  test(`report, with severities set: ${name}`, () => {
    const reported: ReturnType<typeof plain>[] = [];
    reportFindings(text, (f) => reported.push(plain(f)), false, overrides);
    assert.deepEqual(reported, documentFindings(analyzeDocument(text, 'findings'), overrides).map(plain));
    assert.ok(reported.length >= least, `${reported.length} findings`);
  });
}
