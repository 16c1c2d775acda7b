// Optional differential test of our tool-name grammar (server/src/grammar/toolName.ts) against the
// reference, Mars's `parse_mars_tool_name` (../shared/seeds/001_*.txt), compiled with rustc. Not part
// of `npm test`: it needs rustc, and skips with a message where rustc or the seed is absent.
//   node scripts/rust-differential.mjs [--count N] [--seed S]
// First checks the Rust program against every conformance vector (so the harness is right), then
// sends N generated names (default 3,000,000) and every short string over a small alphabet through
// both, and prints each kind of difference with its shortest input; exits 1 on any.
// The seed's `crate::mcp` is not in the seed: rust-differential/mcp.rs stands in for it, written
// from SPEC.md, so MCP references are checked against the SPEC, not Mars.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { rng } from './bench/generate.mjs';

const root = path.resolve(import.meta.dirname, '..');
const shared = path.resolve(root, '../shared');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const COUNT = arg('--count', 3_000_000);
const SEED = arg('--seed', 1);
const BATCH = 100_000;

function skip(why) {
  console.log(`rust-differential: skipped: ${why}`);
  process.exit(0);
}

if (spawnSync('rustc', ['--version']).error) skip('rustc not found (apt-get install rustc)');
const seedDir = path.join(shared, 'seeds');
const seedFile = fs.existsSync(seedDir) && fs.readdirSync(seedDir).find((f) => f.startsWith('001_'));
if (!seedFile) skip(`no seed 001_*.txt in ${seedDir}`);

// The seed as a module that builds with plain rustc: its file-list preamble cut, serde dropped.
const seedText = fs.readFileSync(path.join(seedDir, seedFile), 'utf8');
const toolNames = seedText
  .slice(seedText.indexOf('//! Mars tool-name grammar'))
  .replace(/^use serde::.*\n/m, '')
  .replace(/^\s*#\[serde\(.*\)\]\n/gm, '')
  .replace(/,\s*(Serialize|Deserialize)\b/g, '');
const here = path.join(import.meta.dirname, 'rust-differential');
const sources = { 'tool_names.rs': toolNames, 'mcp.rs': fs.readFileSync(path.join(here, 'mcp.rs'), 'utf8'), 'main.rs': fs.readFileSync(path.join(here, 'main.rs'), 'utf8') };
const hash = crypto.createHash('sha256').update(JSON.stringify(sources)).digest('hex').slice(0, 12);
const work = path.join(os.tmpdir(), `mars-rust-differential-${hash}`);
const binary = path.join(work, 'reference');
if (!fs.existsSync(binary)) {
  fs.mkdirSync(work, { recursive: true });
  for (const [name, text] of Object.entries(sources)) fs.writeFileSync(path.join(work, name), text);
  const built = spawnSync('rustc', ['--edition', '2021', '-O', 'main.rs', '-o', binary], { cwd: work, encoding: 'utf8' });
  if (built.status !== 0) {
    console.error(built.stderr);
    process.exit(1);
  }
}

// Ours, bundled as the tests bundle it.
const bundle = path.join(work, `toolName-${process.pid}.cjs`);
await esbuild.build({ entryPoints: [path.join(root, 'server/src/grammar/toolName.ts')], bundle: true, platform: 'node', format: 'cjs', outfile: bundle, logLevel: 'warning' });
const { parseToolName, render } = createRequire(import.meta.url)(bundle);
fs.rmSync(bundle);

const hex = (s) => Buffer.from(s, 'utf8').toString('hex');
const unhex = (h) => Buffer.from(h, 'hex').toString('utf8');

/** The reference's reading of each input, as { ok, kind, capability, pattern, rendered } or { ok: false, error }. */
function reference(inputs) {
  const run = spawnSync(binary, { input: inputs.map(hex).join('\n') + '\n', maxBuffer: 1 << 30, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`reference failed: ${run.stderr}`);
  const lines = run.stdout.split('\n');
  return inputs.map((_, i) => {
    const [tag, a, b, c, d] = lines[i].split(' ');
    return tag === 'ERR' ? { ok: false, error: a } : { ok: true, kind: a, capability: unhex(b), pattern: c === '-' ? null : unhex(c), rendered: unhex(d) };
  });
}

function ours(input) {
  const r = parseToolName(input);
  if (!r.ok) return { ok: false, error: r.error };
  const n = r.name;
  const capability = n.kind === 'any' ? '*' : n.kind === 'mcp' ? 'mcp' : n.capability;
  return { ok: true, kind: n.kind, capability, pattern: n.kind === 'any' || n.kind === 'mcp' ? null : n.pattern, rendered: render(n) };
}

// Invisible and combining characters escaped, so that a difference can be seen.
const show = (s) => (s === null ? 'null' : JSON.stringify(s).replace(/[\p{White_Space}\p{Cf}\p{M}\u0080-\u009f]/gu, (c) => `\\u{${c.codePointAt(0).toString(16)}}`));
const said = (r) => (r.ok ? `${r.kind} ${show(r.rendered)} (capability ${show(r.capability)}, pattern ${show(r.pattern)})` : `error ${r.error}`);
// What kind of difference: the outcomes, and for two parses the fields apart.
function kindOf(a, b) {
  const outcome = (r) => (r.ok ? r.kind : r.error);
  const fields = a.ok && b.ok ? ['capability', 'pattern', 'rendered'].filter((f) => a[f] !== b[f]).join('+') : '';
  return `Mars ${outcome(a)}, ours ${outcome(b)}${fields ? ` (${fields} differ)` : ''}`;
}

// 1. The harness: the reference must say what every conformance vector says.
const vectors = fs.readFileSync(path.join(shared, 'conformance/tool-names.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const fromVector = (v) => (v.ok ? { ok: true, kind: v.kind, capability: v.capability, pattern: v.pattern, rendered: v.rendered } : { ok: false, error: v.error });
const vectorMisses = reference(vectors.map((v) => v.input)).flatMap((r, i) =>
  said(r) === said(fromVector(vectors[i])) ? [] : [`${JSON.stringify(vectors[i].input)}: reference ${said(r)}, vector ${said(fromVector(vectors[i]))}`],
);
if (vectorMisses.length > 0) {
  console.error(`rust-differential: the reference disagrees with ${vectorMisses.length} conformance vectors, so the harness is wrong:\n${vectorMisses.join('\n')}`);
  process.exit(1);
}
console.log(`rust-differential: the reference agrees with all ${vectors.length} conformance vectors`);

// 2. Generated inputs: the vectors mutated, and Unicode chosen where Rust and JS differ.
const random = rng(SEED);
const pick = (list) => list[Math.floor(random() * list.length)];

const SPACES = ['\u0009', '\u000a', '\u000b', '\u000c', '\u000d', ' ', '\u0085', '\u00a0', '\u1680', '\u2000', '\u2001', '\u2002', '\u2003', '\u2004',
  '\u2005', '\u2006', '\u2007', '\u2008', '\u2009', '\u200a', '\u200b', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff', '\u180e', '\u200c', '\u200d',
  '\u2060', '\u00ad', '\u061c', '\u200e', '\u200f', '\u0000', '\u001f', '\u007f'];
const CASEY = ['İ', 'ı', 'ß', 'ẞ', 'Σ', 'σ', 'ς', 'ǅ', 'ǆ', 'Ǆ', 'ﬀ', 'ﬃ', 'ŉ', 'ΐ', 'K', 'Å', 'ſ', 'Ꭰ', 'ꭰ', 'Ᏸ', 'ᏸ', 'Ა', 'ა', 'Ჾ', '𐐀', '𐐨', '𞤀', '𞤢',
  'Ω', 'Ⅰ', 'ⅰ', 'Ⓐ', 'ⓐ', 'Ａ', 'ａ', 'É', 'é', 'ÿ', 'Ÿ', 'µ'];
const MARKS = ['\u0301', '\u0307', '\u0345', '\u20dd', '\u0e31', '\ufe0f', '\u{e0041}', '🎉', '🚀', '👩‍💻'];
const DIGITS = ['٣', '۳', '३', '৩', '๓', '３', '𝟑', '①', '²', '⁵', '½'];
const ASCII = ['(', ')', ':*', '*', '_', '/', ' ', '__', 'mcp', 'MCP', 'mcp__', 'mcp(', ':', '-', '.', ',', '"', '\\', 'A', 'z', '0'];
const INSERTS = [...ASCII, ...ASCII, ...SPACES, ...CASEY, ...MARKS, ...DIGITS];
const MIXED = ['WebSearch', 'WEBSEARCH', 'webSearch', 'Web_Search', 'HTTPRequest', 'ABCd', 'aBC', 'WebFetch', 'web_Fetch', 'AskUserQuestion', 'ASK_USER',
  'NotebookEdit', 'TaskCreate', 'TodoWrite', 'PlanMode', 'SendUserFile', 'ToolSearch', 'ViewImage', 'LS', 'Ls', 'lS', 'Lsp', 'BashTool', 'Read', 'REad', 'rEAD',
  'ScheduleWakeup', 'RemoteTrigger', 'PushNotification', 'SwitchMode', 'ExecCommand', 'ZipTool', 'A', 'a', 'Z_', '_A', 'A_b', 'Bash(git log:*)'];
// Our vocabulary is what is under test: the bases are read from the seed's table instead.
const seedNames = [...toolNames.slice(toolNames.indexOf('const CANONICAL_TOOLS'), toolNames.indexOf('pub fn parse_mars_tool_name')).matchAll(/"([a-z_]+)"/g)].map((m) => m[1]);
const pascal = (s) => s.split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
const BASES = [...new Set([...vectors.map((v) => v.input), ...MIXED, ...seedNames, ...seedNames.map(pascal), ...seedNames.map((s) => s.toUpperCase())])];
const PATTERNS = ['git *', 'git log:*', ':*', '*', './secrets:*', 'domain:*', 'a/b', '(a)', 'x)(y', ' ', '', 'GitHub/*', '*/*'];

function flipCase(c) {
  const r = random();
  if (r < 0.4) return c.toUpperCase();
  if (r < 0.8) return c.toLowerCase();
  return c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase();
}

function mutate(s) {
  let cps = Array.from(s);
  const steps = 1 + Math.floor(random() * 4);
  for (let k = 0; k < steps; k++) {
    const at = Math.floor(random() * (cps.length + 1));
    const r = random();
    if (r < 0.25 && cps.length > 0) {
      const i = Math.min(at, cps.length - 1);
      cps.splice(i, 1, ...Array.from(flipCase(cps[i])));
    } else if (r < 0.6) cps.splice(at, 0, ...Array.from(pick(INSERTS)));
    else if (r < 0.7 && cps.length > 0) cps.splice(Math.min(at, cps.length - 1), 1);
    else if (r < 0.78) cps = Array.from(`${pick(SPACES)}${cps.join('')}${pick(SPACES)}`);
    else if (r < 0.86) cps = Array.from(`${cps.join('')}(${pick(PATTERNS)})`);
    else if (r < 0.92) cps = Array.from(random() < 0.5 ? cps.join('').toUpperCase() : cps.join('').toLowerCase());
    else cps = Array.from(cps.join('') + pick(BASES));
  }
  return cps.join('');
}

function generate() {
  const r = random();
  if (r < 0.001) {
    // Very long: up to 20,000 characters.
    const unit = mutate(pick(BASES));
    return mutate(unit.repeat(1 + Math.floor(random() * Math.min(2000, 20000 / Math.max(1, unit.length)))));
  }
  if (r < 0.05) return Array.from({ length: 1 + Math.floor(random() * 8) }, () => pick(INSERTS)).join('');
  return mutate(pick(BASES));
}

// Besides, every string of up to 5 characters over the grammar's own characters and a few Unicode
// ones whose trimming or case differs between Rust and JS (13^5 + ... = 402,233).
const ALPHABET = ['m', 'c', 'p', 'A', '_', '(', ')', '/', '*', ':', ' ', '\u0085', '\ufeff'];
function* exhaustive() {
  let level = [''];
  for (let n = 1; n <= 5; n++) {
    level = level.flatMap((s) => ALPHABET.map((c) => s + c));
    yield* level;
  }
}

const differences = new Map();
let compared = 0;
const started = Date.now();
const small = exhaustive();
let smallLeft = true;
for (let done = 0; done < COUNT || smallLeft; done += BATCH) {
  const inputs = [];
  for (let i = 0; i < Math.min(BATCH, COUNT - done); i++) {
    const s = generate();
    if (s.isWellFormed()) inputs.push(s);
  }
  for (let i = 0; i < BATCH && smallLeft; i++) {
    const next = small.next();
    if (next.done) smallLeft = false;
    else inputs.push(next.value);
  }
  const theirs = reference(inputs);
  inputs.forEach((input, i) => {
    const mine = ours(input);
    const a = said(theirs[i]);
    const b = said(mine);
    if (a !== b) {
      // The shortest input of each kind kept.
      const key = kindOf(theirs[i], mine);
      const seen = differences.get(key);
      if (!seen) differences.set(key, { count: 1, input, mars: a, ours: b });
      else {
        seen.count++;
        if (input.length < seen.input.length) Object.assign(seen, { input, mars: a, ours: b });
      }
    }
  });
  compared += inputs.length;
}
const total = [...differences.values()].reduce((n, d) => n + d.count, 0);
console.log(`rust-differential: ${compared} inputs compared (seed ${SEED}) in ${((Date.now() - started) / 1000).toFixed(0)} s, ${total} differ`);
for (const [key, d] of differences) console.log(`  ${key}: ${d.count}x, e.g. ${show(d.input)}: Mars ${d.mars}, ours ${d.ours}`);
process.exit(total === 0 ? 0 : 1);
