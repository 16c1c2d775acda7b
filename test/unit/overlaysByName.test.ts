// `[[agents]]` / `[[skills]]` with a `name` key in each element, where Mars reads a table by name
// (analysis/overlaysByName.ts): every element's finding offers the one fix that writes each as
// `[agents.<name>]` and the headers below it as its table's; preferred, never in fix-all. Each case
// is a text in and the text after the fix out (null: no fix), checked against toml_edit (Mars's
// parser) and read again: the array's findings are gone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeDocument, documentFindings } from '../../server/src/analysis/document';
import { documentFixAll } from '../../server/src/analysis/documentFixAll';
import { applyEdits } from '../../server/src/analysis/edits';
import { reportFindings } from '../../server/src/analysis/report';
import { tomlEditTakes } from '../support/tomlEdit';

const ARRAY = /must be a table of (agents|skills) by name/;

const CASES: Array<[name: string, text: string, fixed: string | null]> = [
  ['one element', '[[agents]]\nname = "coder"\ntools.allowed = ["read"]\n', '[agents.coder]\ntools.allowed = ["read"]\n'],
  ['two, a table below the second, and a comment on its name kept',
    '[[agents]]\nname = "coder"\n\n[[agents]]  # second\n  name = "rev" # the reviewer\n[agents.tools]\ndisallowed = ["web"]\n',
    '[agents.coder]\n\n[agents.rev]  # second\n  # the reviewer\n[agents.rev.tools]\ndisallowed = ["web"]\n'],
  ['skills, a name needing quotes, an array of tables below, CRLF and no line break at the end',
    '[[skills]]\r\nname = "deep research"\r\n[[ skills . "tools" ]]\r\n[[skills]]\r\nname = \'b\' # bee',
    '[skills."deep research"]\r\n[[ skills."deep research" . "tools" ]]\r\n[skills.b]\r\n# bee'],
  ['the name last in the text', '[[agents]]\nx = 1\nname = "a"', '[agents.a]\nx = 1\n'],
  ['another table between: a header below still the last element\'s', '[[agents]]\nname = "a"\n[other]\ny = 1\n[agents.tools]\nallowed = []\n',
    '[agents.a]\n[other]\ny = 1\n[agents.a.tools]\nallowed = []\n'],
  ['an element without a name', '[[agents]]\nname = "a"\n[[agents]]\ntools.allowed = ["read"]\n', null],
  ['two of one name', '[[agents]]\nname = "a"\n[[agents]]\nname = "a"\n', null],
  ['a blank name', '[[agents]]\nname = " "\n', null],
  ['a name that is no string', '[[agents]]\nname = 1\n', null],
  ['a name over lines', '[[agents]]\nname = """\na"""\n', null],
  ['a dotted name', '[[agents]]\nname.x = "a"\n', null],
  ['a mars-ignore above the name, which would speak of the next line', '[[agents]]\n# mars-ignore: unknown-tool\nname = "a"\n', null],
  ['a mars-ignore on the name\'s line', '[[agents]]\nname = "a" # mars-ignore\n', null],
  ['a syntax error elsewhere', '[[agents]]\nname = "a"\nx = [1 2]\n', null],
  ['the root table defining agents too', 'agents = [{ name = "b" }]\n', null],
  // Each element's finding carries the fix of them all: not past 64, the checker's JSON writing it with each.
  ['64 elements', Array.from({ length: 64 }, (_, i) => `[[skills]]\nname = "s${i}"\n`).join(''), Array.from({ length: 64 }, (_, i) => `[skills.s${i}]\n`).join('')],
  ['65 elements', Array.from({ length: 65 }, (_, i) => `[[skills]]\nname = "s${i}"\n`).join(''), null],
];

for (const [name, text, fixed] of CASES) {
  test(`[[…]] made tables by name: ${name}`, async () => {
    const found = documentFindings(analyzeDocument(text)).filter((f) => ARRAY.test(f.message));
    assert.ok(found.length > 0);
    const offered = found.map((f) => f.fixes.filter((x) => / as the table of its `name`|, by its `name`$/.test(x.title)));
    if (fixed === null) return assert.deepEqual(offered.flat(), []);
    // The same fix on each element's finding, preferred, and not fix-all's.
    for (const fixes of offered) assert.deepEqual(fixes, offered[0]);
    assert.equal(offered[0]!.length, 1);
    const fix = offered[0]![0]!;
    assert.deepEqual([fix.preferred, fix.safe], [true, false]);
    assert.equal(applyEdits(text, fix.edits), fixed);
    assert.equal(await tomlEditTakes(fixed), true);
    assert.deepEqual(documentFindings(analyzeDocument(fixed)).filter((f) => ARRAY.test(f.message)), []);
    assert.deepEqual(documentFixAll(analyzeDocument(text)), []);
  });
}

test('[[…]] made tables by name: the checker, a section at a time, offers the same fix', () => {
  const text = '[[agents]]\nname = "coder"\n\n[[agents]]\nname = "rev"\n[agents.tools]\ndisallowed = ["web"]\n';
  const checker: string[] = [];
  reportFindings(text, (f) => checker.push(JSON.stringify([f.span, f.fixes.map((x) => applyEdits(text, x.edits))])), true);
  const server = documentFindings(analyzeDocument(text)).map((f) => JSON.stringify([f.span, f.fixes.map((x) => applyEdits(text, x.edits))]));
  assert.deepEqual(checker, server);
  assert.equal(checker.length, 2);
  assert.match(checker[0]!, /\[agents\.rev\.tools\]/);
});
