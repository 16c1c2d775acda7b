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
import { analyzeDocument, documentFindings } from '../../server/src/analysis/document';
import { countFixAll, documentFixAll } from '../../server/src/analysis/documentFixAll';
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
 * safe fix of the first syntax error shown that has one, else the safe fix of a finding where a syntax error is, as
 * the list fix-all writes for `allowed = "read", "grep"` takes its error away; else, where an error has none until
 * another finding is fixed, the safe fix of the first finding that has one, the errors shown after it not counted,
 * being those shown before, said again: `allowed = "a", "b"` in an inline table over lines; else fix-all): more
 * than fix-all can have fixed unseen.
 */
function syntaxShownLater(text: string): number {
  let shown = 0;
  let counted = false;
  for (let step = 0; step < 200; step++) {
    const findings = documentFindings(analyzeDocument(text));
    const found = findings.filter((f) => f.code === 'toml-syntax');
    if (counted) shown += found.length;
    const safe = (f: Finding) => f.fixes.some((x) => x.safe);
    const error = found.find(safe) ?? findings.find((f) => safe(f) && found.some((e) => e.span.start === f.span.start));
    const other = error || found.length === 0 ? undefined : findings.find(safe);
    const edits = (error ?? other)?.fixes.find((x) => x.safe)!.edits ?? documentFixAll(analyzeDocument(text));
    if (edits.length === 0) break;
    counted = other === undefined;
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
    // A syntax error shown once the list fix-all writes takes the first away (a zero-width space), counted as fixed.
    ['[agents.a]\ntools.allowed = "read", "Bash"\ntools.Shell = "allow"\u200b\n', {}, undefined],
    // A header that names nothing yet (a line separator before its first name): its `allowed` was taken for one of the
    // section above, so the move of `tools.mcp` there waited for a pass fix-all did not make (oddBlanks seed 505).
    ['[skills.c.tools]\nmcp = ["gh"]\n\n[\u2028agents.a.tools]\nallowed = ["read"]\n', {}, undefined],
    // A list left open at the text's end: fix-all closes it alone, then judges the rest, where `"edit"` wrapped would be
    // both allowed and disallowed; it was promised all the same, the error being at the end (seed 5252).
    ['[agents.a.tools]\nallowed = "edit"\ndisallowed = [\n  # mars-ignore: invalid-tool-policy\n  "edit"', {}, undefined],
    // An inline table over lines written on one, which mends a U+2028 in it: the key past it the list holds, removed in
    // the next pass, was lost from the count with the place the rewrite rewrote (seed 6767).
    ['[agents.a]\ntools = {\n  allowed = [\n  "mcp(gh/*)" \u2028\n  ,\n],\n  disallowed = [],\n  "mcp(gh)" = "allow"\n}\n', {}, undefined],
    // Values without their list's brackets in an inline table over lines: its error has a fix once the list is written,
    // and then a byte order mark after its `}`, shown once that is fixed, counted too (seed 7878).
    ['[agents.b]\ntools = {\n  allowed = "write", "Tool"\n}\ufeff\n', {}, undefined],
    // A zero-width space before a multi-line string: the string was taken to end with its line, as one opened right after
    // text, so fix-all left the sections below it for a second fix-all (oddBlanks seed 8484).
    ['[skills.c.tools]\ndisallowed = [\u200b"""\nRead"""]\n[agents]\nx-y.tools.mcp = ["gh"]\n', {}, undefined],
    // `tools.mcp` defined twice, the first moved into `allowed`: the second, no longer defined twice, counted as fixed,
    // where a zero-width space before them hid the error its definition makes (seed 13231).
    ['[agents.x-y]\u200b\n"tools"."allowed" = ["READ"]\n"tools"."mcp" = [" gh "]\n"tools"."mcp" = [" gh "]\n', {}, undefined],
    // Three times: the error on the third, shown once the first moved, counted when the second moves.
    ['[agents.x]\ntools.allowed = ["READ"]\ntools.mcp = ["gh"]\ntools.mcp = ["gh"]\ntools.mcp = ["lin"]\n', {}, undefined],
  ];
  const failures: Failure[] = [];
  for (const [text, overrides, only] of inputs) {
    failures.push(...(Object.keys(overrides).length === 0 && only === undefined ? (await checkDocument(text)).failures : await checkWithSettings(text, null, overrides, only)));
  }
  assert.deepEqual(failures.map((f) => `${f.property}\n${f.detail}`), []);
});

// ---------------------------------------------------------------------------------------------
// Fixes right alone, wrong together: documents whose entries collide (few names, each in many
// spellings: repairs, respellings, wire tokens, strings written for lists, map-form rules with
// misspelt verdicts, `tools.mcp`, lists under misspelt keys, tables of patterns, misspelt owners
// and `tools`, mars-ignore comments), one or two owners. Per document: (a) to (d) as above; the
// checker's reading (keep 'fix-all') fixes the same; and, where the text reads to its end, fix-all
// leaves no more findings of a kind than were there, plus what each finding's safe fix made alone
// (a conflict, a duplicate, an illegal character, a name Mars rejects: none that only fixes together
// make). It found `disallowed = "mcp(gh)"` beside `tools.mcp = ["gh"]` made a conflict (see above).
// MARS_COLLIDE_SEED, MARS_COLLIDE_ROUNDS replay or lengthen it. About 8 s here.

const COLLIDE_SEED = Number(process.env.MARS_COLLIDE_SEED ?? 2);
const COLLIDE_ROUNDS = Number(process.env.MARS_COLLIDE_ROUNDS ?? 1500);
const NAMES = ['bash(', 'bash()', 'bash', 'Bash', 'Shell', 'shell', 'Shell(git:*)', 'bash(git *)', 'bash(git:*)', 'Bash(git *)', 'mcp__gh__x', 'mcp(gh/x', 'mcp(gh/x)',
  'mcp__gh', 'mcp(gh', 'mcp(gh)', 'mcp__gh__*', 'mcp(gh/*)', 'read', 'Read', 'read,edit', 'bash\u0007', 'mcp', 'bash(git', 'Shell( ', 'READ', 'cat', 'read(', 'read()',
  'mcp__gh__x(y)', 'MCP__gh__x', 'mcp(gh/x)y', 'edit', 'Edit', 'bash(git *', 'Shell(git', '*', '*(', 'mcp(*/*)', 'mcp__*', 'CustomTool', 'custom_tool', ' read ', 'mcp( gh )',
  'mcp(gh/ x)', 'web', 'WebSearch', 'web_search', 'Read,Edit'];
const RULE_KEYS = ['bash', 'Shell', 'read', 'Read', 'mcp__gh__x', 'mcp__gh', 'bash()', 'mcp(gh)', 'mcp(gh', 'bash(', '"bash(git:*)"', 'edit', 'cat', 'custom_tool', 'CustomTool', 'mcp'];
const VERDICTS = ['"allow"', '"deny"', '"Allow"', '"alow"', '"deny "', 'true', 'false', '"ask"', '"disallow"', '"DENY"', '"allowed"'];
const LIST_KEYS = ['allowed', 'disallowed', 'allowed', 'disallowed', 'allow', 'deny', 'Allowed', 'Disallowed', 'disallow', 'allowed_tools'];
const GRANTS = ['["gh"]', '["gh", "linear"]', '["gh/x"]', '["mcp__gh"]', '["gh", "gh"]', '[" gh "]', '["mcp(gh)"]', '["GH"]', '["gh/*"]'];
const IGNORES = ['  # mars-ignore', '  # mars-ignore: allow-deny-conflict', '  # mars-ignore: invalid-tool-name', '  # mars-ignore: non-canonical'];
const SEEN_CODES: readonly Code[] = ['allow-deny-conflict', 'duplicate-entry', 'illegal-char', 'invalid-tool-name', 'invalid-tool-policy', 'mcp-wire-token', 'legacy-prefix', 'misplaced-tool-list', 'unknown-policy-key', 'toml-syntax'];

function colliding(random: () => number): () => string {
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const chance = (p: number) => random() < p;
  const s = (v: string) => JSON.stringify(v);
  const list = () => `[${Array.from({ length: 1 + int(3) }, () => s(pick(NAMES))).join(', ')}]`;
  const pattern = () => s(pick(['git *', 'x', 'git:*', 'a,b', '*']));
  const pairs = (): Array<[string, string]> => {
    const out: Array<[string, string]> = [];
    const add = (k: string, v: string) => (out.some(([x]) => x === k) ? undefined : out.push([k, v]));
    for (let i = 1 + int(3); i > 0; i--) add(pick(LIST_KEYS), chance(0.15) ? s(pick(NAMES)) : list());
    for (let i = int(3); i > 0; i--) {
      const k = pick(RULE_KEYS);
      add(/^[a-z_]+$/i.test(k) || k.startsWith('"') ? k : s(k), chance(0.2) ? `{ ${pattern()} = ${pick(VERDICTS)} }` : pick(VERDICTS));
    }
    if (chance(0.3)) add('mcp', pick(GRANTS));
    return out;
  };
  return () => {
    const dotted: string[] = [];
    const sections: string[] = [];
    for (let o = 1 + int(2); o > 0; o--) {
      const owner = `${pick(['agents', 'skills', 'agent', 'agents'])}.${pick(['a', 'b'])}`;
      const ps = pairs();
      const tools = chance(0.1) ? pick(['tool', 'Tools', 'permission']) : 'tools';
      const lines = (prefix: string) => ps.map(([k, v]) => `${prefix}${k} = ${v}${chance(0.1) ? pick(IGNORES) : ''}\n`).join('');
      switch (int(7)) {
        case 0: sections.push(`[${owner}.${tools}]\n${lines('')}`); break;
        case 1: sections.push(`[${owner}]\n${lines(`${tools}.`)}`); break;
        case 2: sections.push(`[${owner}]\n${tools} = { ${ps.map(([k, v]) => `${k} = ${v}`).join(', ')} }\n`); break;
        case 3: dotted.push(lines(`${owner}.${tools}.`)); break;
        case 4: sections.push(`[${owner}.${tools}]\n${lines('')}[${owner}.${tools}.${pick(['bash', 'Shell', 'read'])}]\n${pattern()} = ${pick(VERDICTS)}\n`); break;
        case 5: {
          const beside = pick([`tools = ${list()}`, `tools = ${s(pick(NAMES))}`, `allowed = ${list()}`, `disallowed = ${list()}`, `tool.allowed = ${list()}`, `tools.bash = { ${pattern()} = ${pick(VERDICTS)} }`]);
          sections.push(`[${owner}]\n${beside}\n${lines('tools.')}`);
          break;
        }
        default: sections.push(`[${owner}.${tools}]\n${lines('')}${pick(['bash', 'Shell', 'read', 'mcp__gh'])}.${pattern()} = ${pick(VERDICTS)}\n`);
      }
    }
    return dotted.join('') + sections.join('\n');
  };
}

async function checkColliding(text: string, failures: Failure[]): Promise<void> {
  const fail = (property: string, detail: string) => failures.push({ property, text, detail });
  const da = analyzeDocument(text);
  const fixed = applyEdits(text, documentFixAll(da));
  const show = `--- input\n${text}\n--- output\n${fixed}`;
  keepsMeaning(await load(text), await load(fixed), show, '', fail);
  const second = documentFixAll(analyzeDocument(fixed));
  if (second.length > 0) fail('d: settles', `${show}\n--- second pass\n${applyEdits(fixed, second)}`);
  const checker = applyEdits(text, documentFixAll(analyzeDocument(text, 'fix-all')));
  if (checker !== fixed) fail('the checker fixes the same', `${show}\n--- the checker's\n${checker}`);
  const seen = documentFindings(da);
  if (seen.some((f) => f.code === 'toml-syntax')) return;
  const count = (fs: readonly Finding[], c: Code) => fs.filter((f) => f.code === c).length;
  // What each safe fix alone leaves more of, on top of what was there: all fix-all may leave.
  const most = new Map(SEEN_CODES.map((c) => [c, count(seen, c)]));
  for (const f of seen) {
    const safe = f.fixes.find((x) => x.safe);
    if (!safe) continue;
    const alone = documentFindings(analyzeDocument(applyEdits(text, safe.edits)));
    for (const c of SEEN_CODES) most.set(c, most.get(c)! + Math.max(0, count(alone, c) - count(seen, c)));
  }
  const left = documentFindings(analyzeDocument(fixed));
  for (const c of SEEN_CODES) {
    if (count(left, c) > most.get(c)!) fail(`no ${c} only fixes together make`, `${show}\n--- left\n${left.filter((f) => f.code === c).map((f) => f.message).join('\n')}`);
  }
}

test('fix-all of colliding entries makes nothing that no fix alone makes', async () => {
  const next = colliding(rng(COLLIDE_SEED));
  const failures: Failure[] = [];
  const started = performance.now();
  let documents = 0;
  for (; documents < COLLIDE_ROUNDS && performance.now() - started < TIME_LIMIT_MS; documents++) {
    const text = next();
    try {
      await checkColliding(text, failures);
    } catch (e) {
      failures.push({ property: `no exception (${String(e).replace(/\d+/g, 'N')})`, text, detail: `--- input\n${text}\n--- ${e instanceof Error ? e.stack : String(e)}` });
    }
  }
  console.log(`# colliding seed ${COLLIDE_SEED}: ${documents} documents, ${failures.length} failures, ${Math.round(performance.now() - started)} ms`);
  assert.equal(failures.length, 0, failureReport(failures));
});
