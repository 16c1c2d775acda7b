// Fix-all keeps what Mars does: a seeded, bounded property test over small generated mars.toml
// documents (every spelling of a tools table, entries of every kind, map-form keys, misspelt list
// keys, tools.mcp, comments and mars-ignore lines; a few broken on purpose).
//
// The oracle and the generator are in test/support/marsDocs.ts (shared with quickFixes.test.ts).
//
// Properties, per document: (a) the output is TOML (1.0, and 1.1 for smol-toml) whenever the input
// was; (b) a document Mars loads still loads, and each owner's rules are the same; (c) the same with
// rejected entries by their one meaning: fix-all changes one only into that; (d) fix-all on its own
// output changes nothing; (e) the checker's count (`counter.fixed`) is no more than the problems
// seen and the syntax errors shown once those before them are fixed, at least what `countFixAll` promised, at least one when the text changed and none when it
// did not, and every problem with a safe fix when the output has none left, and for a third of the
// documents, the same edits and count where the text is read as the checker's --fix reads it
// (keep 'fix-all'). Where the generator left out commas, an output that is TOML means what the text
// with its commas does, by (a) to (c). A third of the documents again with some codes turned off,
// or fix-all of one code: (a) to (d) there too.
// Bounded: 3,000 documents (about 10 s here), stopping early past 40 s on a slow machine.
// Replay another run with MARS_FIXALL_SEED=<n>; MARS_FIXALL_ROUNDS=<n> for more documents.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CODES, type Code, type SeverityOverrides } from '../../server/src/analysis/codes';
import { analyzeDocument, countFixAll, documentFindings, documentFixAll } from '../../server/src/analysis/document';
import { applyEdits } from '../../server/src/analysis/edits';
import type { Finding } from '../../server/src/analysis/findings';
import { generator, keepsMeaning, load } from '../support/marsDocs';
import { failureReport, type Failure } from '../support/failures';
import { rng } from '../support/rng';

const SEED = Number(process.env.MARS_FIXALL_SEED ?? 20_261_202);
const ROUNDS = Number(process.env.MARS_FIXALL_ROUNDS ?? 3000);
const ALL_CODES = Object.keys(CODES) as Code[];
const TIME_LIMIT_MS = Number(process.env.MARS_FIXALL_MS ?? 40_000);

// ---------------------------------------------------------------------------------------------
// The properties.

interface Checked {
  readonly failures: Failure[];
  readonly toml: boolean;
  readonly changed: boolean;
  /** Where the generator left out commas: whether fix-all's output is TOML. */
  readonly commasFixed?: boolean;
}

/**
 * Every property on one document; the failures (empty when it holds). `intended`: the text with the
 * commas the generator left out (test/support/marsDocs.ts), whose meaning fix-all's output keeps
 * where that is TOML (a comma inserted is the fix's one meaning).
 */
async function checkDocument(text: string, intended: string | null = null, asChecker = false): Promise<Checked> {
  const failures: Failure[] = [];
  try {
    return await checkOrThrow(text, intended, asChecker, failures);
  } catch (e) {
    failures.push({ property: `no exception (${String(e).replace(/\d+/g, 'N')})`, text, detail: `--- input\n${text}\n--- ${e instanceof Error ? e.stack : String(e)}` });
    return { failures, toml: false, changed: false };
  }
}

async function checkOrThrow(text: string, intended: string | null, asChecker: boolean, failures: Failure[]): Promise<Checked> {
  const fail = (property: string, detail: string) => failures.push({ property, text, detail });
  const da = analyzeDocument(text);
  const counter = { fixed: 0 };
  const fixed = applyEdits(text, documentFixAll(da, {}, undefined, counter));
  const before = await load(text);
  const after = await load(fixed);
  const show = `--- input\n${text}\n--- output\n${fixed}`;
  keepsMeaning(before, after, show, '', fail);
  // Commas left out: where fix-all's output is TOML, it means what the text with its commas does.
  if (intended !== null && !before.parsed && after.parsed) keepsMeaning(await load(intended), after, `${show}\n--- with its commas\n${intended}`, ' (commas left out)', fail);
  // (d)
  const again = analyzeDocument(fixed);
  const second = documentFixAll(again);
  if (second.length > 0) fail('d: settles', `${show}\n--- second pass\n${applyEdits(fixed, second)}`);
  // (e)
  const seen = documentFindings(da);
  const left = documentFindings(again);
  const changed = fixed !== text;
  // And the syntax errors shown only once those before them are fixed (a section shows one at a time), each counted.
  if (counter.fixed > seen.length && counter.fixed > seen.length + syntaxShownLater(text)) fail('e: fixed <= seen', `${show}\n--- fixed ${counter.fixed}, seen ${seen.length}`);
  // What the lightbulb says fix-all fixes (countFixAll) is fixed and counted.
  const promised = countFixAll(da, {}, undefined, Infinity);
  if (counter.fixed < promised) fail('e: counts what countFixAll promised', `${show}\n--- fixed ${counter.fixed}, countFixAll ${promised}`);
  if (promised > 0 && !changed) fail('e: countFixAll promised a change', `${show}\n--- countFixAll ${promised}`);
  if (changed && counter.fixed === 0) fail('e: a change counts', `${show}\n--- fixed 0`);
  if (!changed && counter.fixed > 0) fail('e: no change, nothing counted', `${show}\n--- fixed ${counter.fixed}`);
  // The checker's --fix reads the text keeping no findings fix-all makes again (keep 'fix-all'): the same edits, the same count.
  if (asChecker) {
    const checker = { fixed: 0 };
    const edits = documentFixAll(analyzeDocument(text, 'fix-all'), {}, undefined, checker);
    if (applyEdits(text, edits) !== fixed || checker.fixed !== counter.fixed) fail('e: the checker fixes and counts the same', `${show}\n--- the checker's\n${applyEdits(text, edits)}\n--- fixed ${checker.fixed}, not ${counter.fixed}`);
  }
  // (f) No allow/deny conflict it made: a fix that would make one is not in fix-all, judged against the other list as
  // fix-all leaves it (`bash(` allowed and `bash()` disallowed, each fixed to `bash`, made one). Counted: one there
  // already may be said in another spelling once fixed (`mcp__slack__*` in both lists, both made `mcp(slack)`).
  const conflicts = (fs: readonly Finding[]) => fs.filter((f) => f.code === 'allow-deny-conflict').map((f) => f.message);
  // Where the text reads to its end: a comma mended shows a conflict written, which the reading past it hid.
  const made = seen.some((f) => f.code === 'toml-syntax') ? [] : conflicts(left);
  if (made.length > conflicts(seen).length) fail('f: makes no conflict', `${show}\n--- ${made.join('\n')}\n--- before\n${conflicts(seen).join('\n')}`);
  if (left.length === 0) {
    const safe = seen.filter((f) => f.fixes.some((x) => x.safe)).length;
    if (counter.fixed < safe) {
      fail('e: all fixed, all counted', `${show}\n--- fixed ${counter.fixed}, seen ${seen.length} (${seen.map((f) => f.code).join(' ')}), ${safe} with a safe fix`);
    }
  }
  return { failures, toml: before.toml, changed, ...(intended !== null ? { commasFixed: after.toml } : {}) };
}

/**
 * How many syntax errors are shown, summed over the texts fixing them one at a time goes through after `text` (the
 * safe fix of the first syntax error shown that has one, else fix-all): more than fix-all can have fixed unseen.
 */
function syntaxShownLater(text: string): number {
  let shown = 0;
  for (let step = 0; step < 200; step++) {
    const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'toml-syntax');
    if (step > 0) shown += found.length;
    const error = found.find((f) => f.fixes.some((x) => x.safe));
    const edits = error ? error.fixes.find((x) => x.safe)!.edits : documentFixAll(analyzeDocument(text));
    if (edits.length === 0) break;
    text = applyEdits(text, edits);
  }
  return shown;
}

/** The same with some codes turned off, or fix-all of one code: what it does fix still keeps the meaning, and settles. */
async function checkWithSettings(text: string, intended: string | null, overrides: SeverityOverrides, only: Code | undefined): Promise<Failure[]> {
  const failures: Failure[] = [];
  const how = ` (${JSON.stringify(overrides)}${only ? `, only ${only}` : ''})`;
  const fail = (property: string, detail: string) => failures.push({ property, text, detail: `${detail}\n--- settings${how}` });
  try {
    const fixed = applyEdits(text, documentFixAll(analyzeDocument(text), overrides, only));
    const show = `--- input\n${text}\n--- output\n${fixed}`;
    const [before, after] = [await load(text), await load(fixed)];
    keepsMeaning(before, after, show, how, fail);
    if (intended !== null && !before.parsed && after.parsed) keepsMeaning(await load(intended), after, `${show}\n--- with its commas\n${intended}`, ` (commas left out)${how}`, fail);
    const second = documentFixAll(analyzeDocument(fixed), overrides, only);
    if (second.length > 0) fail(`d: settles${how}`, `${show}\n--- second pass\n${applyEdits(fixed, second)}`);
  } catch (e) {
    fail(`no exception (${String(e).replace(/\d+/g, 'N')})${how}`, `--- input\n${text}\n--- ${e instanceof Error ? e.stack : String(e)}`);
  }
  return failures;
}

test('fix-all keeps what Mars does, settles, and counts what it fixed', async () => {
  const random = rng(SEED);
  const next = generator(random);
  const started = performance.now();
  const failures: Failure[] = [];
  let loaded = 0;
  let changedCount = 0;
  let documents = 0;
  const commas = { left: 0, fixed: 0 };
  for (let round = 0; round < ROUNDS; round++, documents++) {
    const text = next();
    const intended = next.intended;
    const checked = await checkDocument(text, intended, round % 3 === 1);
    failures.push(...checked.failures);
    if (checked.toml) loaded++;
    if (checked.changed) changedCount++;
    if (checked.commasFixed !== undefined) commas.left++;
    if (checked.commasFixed) commas.fixed++;
    if (round % 3 === 0) {
      const overrides: SeverityOverrides = {};
      for (let k = Math.floor(random() * 3); k > 0; k--) overrides[ALL_CODES[Math.floor(random() * ALL_CODES.length)]!] = 'off';
      const only = random() < 0.5 ? ALL_CODES[Math.floor(random() * ALL_CODES.length)] : undefined;
      failures.push(...(await checkWithSettings(text, intended, overrides, only)));
    }
    // Bounded: a slow machine checks fewer documents, never runs long.
    if (performance.now() - started > TIME_LIMIT_MS) break;
  }
  console.log(`# seed ${SEED}: ${documents} documents, ${loaded} TOML, ${changedCount} changed by fix-all, ${commas.left} with commas left out (${commas.fixed} TOML after fix-all), ${failures.length} failures, ${Math.round(performance.now() - started)} ms`);
  assert.equal(failures.length, 0, failureReport(failures));
});

// The smallest inputs of what this test found, each on its own: (1) two keys side by side at the end
// of an inline table, both removed by fix-all (held map-form keys, or a held one beside `mcp`): each
// removal takes the comma between them, and fix-all throws `overlapping edits` (the checker:
// "internal error", exit 2). (2) `tools.mcp = ["gh"]` removed because `allowed` holds `mcp__gh`,
// which fix-all leaves as written when its mcp-wire-token finding is not seen (a mars-ignore, the
// setting off, or fix-all of one code): the grant for every harness is lost, Claude's alone is left.
test('fix-all: the smallest failures this property test found', async () => {
  const inputs: Array<[string, SeverityOverrides, Code | undefined]> = [
    ['[agents.a]\ntools = { allowed = ["bash"], bash = "allow", Shell = "allow" }\n', {}, undefined],
    ['[agents.a]\ntools = { allowed = ["read"], mcp = ["gh"], read = "allow" }\n', {}, undefined],
    ['[agents.a]\ntools = { allowed = ["mcp(gh)"], mcp = [], "mcp(gh)" = "allow" }\n', {}, undefined],
    ['[agents.a.tools]\nallowed = ["mcp__gh"]  # mars-ignore: mcp-wire-token\nmcp = ["gh"]\n', {}, undefined],
    ['[agents.a.tools]\nallowed = ["mcp__gh"]\nmcp = ["gh"]\n', { 'mcp-wire-token': 'off' }, undefined],
    ['[agents.a.tools]\nallowed = ["mcp__gh"]\nmcp = ["gh"]\n', {}, 'invalid-tool-policy'],
    // (3) Each fix of two entries judged against the other list as written: both in fix-all, which made a conflict.
    ['[agents.a.tools]\nallowed = ["bash("]\ndisallowed = ["bash()"]\n', {}, undefined],
    ['[agents.a.tools]\nallowed = ["mcp__gh__x"]\ndisallowed = ["mcp(gh/x"]\n', {}, undefined],
    ['[agents.a.tools]\nmcp = ["gh"]\ndisallowed = ["mcp(gh"]\n', {}, undefined],
    // (4) A list written as a string, made a list in the pass that moved `tools.mcp` beside it, or made another string a list.
    ['[agents.a.tools]\ndisallowed = "mcp(gh)"\nmcp = ["gh"]\n', {}, undefined],
    ['[agents.a]\ntools = { disallowed = "mcp(gh/*)", mcp = ["gh"] }\n', {}, undefined],
    ['[agents.a.tools]\nallowed = "read"\ndisallowed = "Read"\n', {}, undefined],
    // A conflict written, which fix-all keeps in the spelling it writes: not one it makes.
    ['[agents.a.tools]\nallowed = ["mcp__gh__*"]\ndisallowed = ["mcp__gh__*"]\n', {}, undefined],
  ];
  const failures: Failure[] = [];
  for (const [text, overrides, only] of inputs) {
    failures.push(...(Object.keys(overrides).length === 0 && only === undefined ? (await checkDocument(text)).failures : await checkWithSettings(text, null, overrides, only)));
  }
  assert.deepEqual(failures.map((f) => `${f.property}\n${f.detail}`), []);
});
