// `npm run bench`: prints speed and memory figures, side by side with their baselines (Tombi, an
// empty Node language server, a bare smol-toml parse) and each with its target. Nothing here is
// asserted and the exit code is 0 whatever the figures: machines are noisy, so compare the ratios
// measured in one run.
//
//   node scripts/bench.mjs [--profile] [--keep]
//     --profile  also run the checker and the server under `node --cpu-prof` and print their top costs
//     --keep     keep the temp folder (generated files, bundles, profiles)
import * as esbuild from 'esbuild';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PassThrough } from 'node:stream';
import { parse as smolParse } from 'smol-toml';
import { bigMarsToml, rng, smallMarsToml } from './bench/generate.mjs';
import { LspClient, now } from './bench/lsp.mjs';
import { report } from './bench/profile.mjs';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const { StreamMessageReader } = require('vscode-languageserver/node');
const PROFILE = process.argv.includes('--profile');
const KEEP = process.argv.includes('--keep');
const benchStart = now();

// Bundle the pure analysis modules once, so the figures are for the same code the server runs.
await esbuild.build({
  entryPoints: {
    grammar: 'server/src/grammar/toolName.ts', analysis: 'scripts/bench/analysis.ts', completion: 'server/src/features/completion.ts', hover: 'server/src/features/hover.ts',
    actions: 'scripts/bench/actions.ts',
  },
  absWorkingDir: root, bundle: true, platform: 'node', format: 'cjs', outdir: 'out/bench', logLevel: 'warning',
});
const grammar = require(path.join(root, 'out/bench/grammar.js'));
const analysis = require(path.join(root, 'out/bench/analysis.js'));
const completion = require(path.join(root, 'out/bench/completion.js'));
const hoverFeature = require(path.join(root, 'out/bench/hover.js'));
const actions = require(path.join(root, 'out/bench/actions.js'));

const cpus = os.cpus();
console.log(`machine: ${cpus[0]?.model ?? 'unknown cpu'}, ${cpus.length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB, node ${process.version}, ${os.platform()} ${os.release()}`);

function benchGrammar() {
  const base = ['bash', 'Bash(git log:*)', 'shell', 'WebSearch', 'mcp__github__create_issue', 'mcp(github/*)', 'read(./src/**)',
    'TodoWrite', 'custom_tool', 'CustomTool', '*', 'web_fetch(domain:docs.rs)', 'mcp(', 'bash()', '*(x)', ' Edit ', 'ExecCommand', 'ask_user'];
  // Distinct strings, as a real file gives, so no engine cache flatters the figure.
  const names = Array.from({ length: 200_000 }, (_, i) => base[i % base.length] + (i % 7 === 0 ? '' : ' '.repeat(i % 3)));
  let sink = 0;
  for (let i = 0; i < 200_000; i++) sink += grammar.parseToolName(names[i]).ok ? 1 : 0; // warm-up
  const rounds = 5;
  const t0 = process.hrtime.bigint();
  for (let r = 0; r < rounds; r++) for (const n of names) sink += grammar.parseToolName(n).ok ? 1 : 0;
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const perSecond = (names.length * rounds) / seconds;
  console.log(`grammar: ${(perSecond / 1e6).toFixed(2)} M names/s over a mixed input (target >= 2 M/s)${sink < 0 ? '!' : ''}`);
}

benchGrammar();

/**
 * Shapes that were once quadratic (each found by a scaling audit), analysed in-process at n and 4n
 * with every fix made, as `check --format json` makes them, then fixed all and counted, as `check --fix` does:
 * linear is 4x. The code-action shapes are timed by one request for every diagnostic (a whole file selected).
 */
async function benchScaling() {
  const list = (n, item) => `[agents.a.tools]\nallowed = [\n${Array.from({ length: n }, (_, i) => `  "${item(i)}",\n`).join('')}]\n`;
  const shapes = {
    'duplicates in one list': (n) => list(n, () => 'bash'),
    'allow/deny conflicts': (n) => list(n, (i) => `bash(x${i})`) + `disallowed = [${Array.from({ length: n }, (_, i) => `"bash(x${i})"`).join(', ')}]\n`,
    'a run of # mars-ignore lines': (n) => `[agents.a.tools]\n${'# mars-ignore: unknown-tool\n'.repeat(n)}allowed = ["grpe"]\n`,
    'strings after a `{` in one section': (n) => list(n, (i) => `bash(git x${i})`).replace('\n', '\n# {\n'),
    'a removed tools.mcp of many servers': (n) => `[agents.a.tools]\nallowed = []\nmcp = [${Array.from({ length: n }, (_, i) => `"s${i}"`).join(', ')}]\n`,
    'entries with both a spelling and a legacy :* to fix': (n) => list(n, (i) => `Shell(x${i}:*)`),
    'map-form keys beside a long list': (n) => list(n, (i) => `bash(x${i})`) + Array.from({ length: n }, (_, i) => `"bash(k${i})" = "allow"\n`).join(''),
    'map-form keys the list holds (fix-all removes them)': (n) => list(n, (i) => `bash(x${i})`) + Array.from({ length: n }, (_, i) => `"bash(x${i})" = "allow"\n`).join(''),
    // A second pass (the move waits until `allowed` is a list), with n findings no pass fixes waiting.
    'findings waiting for a later pass, counted by --fix': (n) => list(2 * n, (i) => (i < n ? `Bash(x${i})` : `zq${i}`)).replace('allowed = [', 'allowed = "read"\nmcp = ["gh"]\ndisallowed = ['),
    // Found on 2026-12-01 (the first was exponential: 16 such comments took minutes).
    'commented-out entries in a section with a :60': (n) => list(1, () => 'webfetch(localhost:6006)').replace(']\n', `${'  # "bash(t *)",  # off\n'.repeat(n)}]\n`),
    'blanks in a mars-ignore comment': (n) => `# mars-ignore:${' '.repeat(4 * n)}x\n[agents.a.tools]\nallowed = ["grpe"]\n`,
    'multi-line strings left open, one a line': (n) => `a = """\n${'k = \\"""\n'.repeat(n)}`,
    'map-form keys with comments the list holds': (n) => list(n, (i) => `bash(x${i})`) + Array.from({ length: n }, (_, i) => `"bash(x${i})" = "allow" # c\n`).join(''),
    // Found on 2026-12-02: each owner's fixes walked every owner's tables (the section left whole by `x0` coming back).
    'owners with a misplaced list each, in one section': (n) => `[agents]\n${Array.from({ length: n }, (_, i) => `x${i}.tool.allowed = ["read"]\nx${i}.tools.disallowed = ["grep"]\n`).join('')}x0.description = "d"\n`,
    // 2026-12-07: each table's move across sections reads the whole text, once for them all.
    'tables of patterns moved into their tools tables in other sections': (n) =>
      Array.from({ length: n }, (_, i) => `[agents.a${i}.tools]\nallowed = ["read"]\n\n[agents.a${i}.tools.bash]\n"git push" = "deny"\n`).join(''),
    'map-form keys moved into a list on one line': (n) => `[agents.a.tools]\nallowed = [${Array.from({ length: n }, (_, i) => `"read(y${i})"`).join(', ')}]\n` +
      Array.from({ length: n }, (_, i) => `"bash(x${i})" = "allow"\n`).join(''),
  };
  const time = (text) => {
    const t0 = performance.now();
    for (const f of analysis.documentFindings(analysis.analyzeDocument(text, 'models'))) void f.fixes;
    analysis.documentFixAll(analysis.analyzeDocument(text, 'findings'), {}, undefined, { fixed: 0 });
    return performance.now() - t0;
  };
  // Found on 2026-12-04: the titles that collide in one menu were told apart by walking the others
  // of each title on its line for each one (cubic on one line, quadratic over many).
  const actionShapes = {
    'one misspelt name many times on one line, one code-action request for every diagnostic': (n) =>
      `[agents.a.tools]\nallowed = [${Array.from({ length: n }, () => '"Shell"').join(', ')}]\n`,
    'tables of patterns beside their tools tables, one code-action request for every diagnostic': (n) =>
      Array.from({ length: n }, (_, i) => `[agents.a${i}.tools]\nallowed = ["read"]\n\n[agents.a${i}.tools.bash]\n"git push" = "deny"\n`).join(''),
    'owners with a misspelt name each, one code-action request for every diagnostic': (n) =>
      `[agents]\n${Array.from({ length: n }, (_, i) => `a${i}.tools = { allowed = ["Shell"] }\n`).join('')}`,
  };
  const timeActions = async (text) => {
    const t0 = performance.now();
    const da = actions.analyzeDocument(text, 'models');
    const diagnostics = actions.documentFindings(da).map((f) => actions.toDiagnostic('file:///bench/mars.toml', da.lines, f));
    await actions.codeActions('file:///bench/mars.toml', 1, da, {}, { diagnostics }, true, async () => []);
    return performance.now() - t0;
  };
  // Found on 2026-12-04: completion compared the whole word typed so far with each spelling (seconds a
  // keystroke at the end of a 1 MB entry). Timed: one completion at the `|`, not the analysis before it.
  // Found on 2026-12-05: on the name of a long entry, each item wrote its pattern where it was not
  // closed (56 MB of items for 2 MB), and every completion in an entry mapped its value a character at
  // a time for the commas between names.
  const completionShapes = {
    'completion at the end of one long entry of `__` (60n characters)': (n) => `[agents.a.tools]\nallowed = ["mcp__${'a__'.repeat(20 * n)}|", "Shell"]\n`,
    'completion on the name of one long entry, its pattern not closed (100n characters)': (n) => `[agents.a.tools]\nallowed = ["b|ash(${'git x '.repeat(17 * n)}\n`,
  };
  // The time of `ask` at the `|` of a text, in the analysis of the section it is in, as the server asks it.
  const timedAt = (ask) => (marked) => {
    const at = marked.indexOf('|');
    const text = marked.slice(0, at) + marked.slice(at + 1);
    const da = analysis.analyzeDocument(text, 'models');
    const unit = analysis.unitAt(da, at);
    const t0 = performance.now();
    ask(da, unit, analysis.placed(da, unit), da.lines.position(at));
    return performance.now() - t0;
  };
  const timeCompletion = timedAt((da, unit, placed, position) => completion.completions(placed, position, [], (p, how) => analysis.definesOutside(da, unit, p, how)));
  // Found on 2026-12-05: a hover on a long map-form key lowered and copied it whole a few times over
  // (is it a list's name?) and split it at its commas once for each fix and message that asked.
  const hoverShapes = {
    'hover on the name of one long map-form key (100n characters)': (n) => `[agents.a.tools]\n"b|ash(${'git x '.repeat(17 * n)})" = "allow"\n`,
  };
  const timeHover = timedAt((da, unit, placed, position) => hoverFeature.hover(placed, position));
  const timed = [...Object.entries(shapes).map(([shape, make]) => [shape, make, time]), ...Object.entries(actionShapes).map(([shape, make]) => [shape, make, timeActions]),
    ...Object.entries(completionShapes).map(([shape, make]) => [shape, make, timeCompletion]), ...Object.entries(hoverShapes).map(([shape, make]) => [shape, make, timeHover])];
  for (const [shape, make, time] of timed) {
    const n = 5000;
    const [small, large] = [make(n), make(4 * n)];
    await time(small); // warm-up
    const a = Math.min(await time(small), await time(small));
    const b = Math.min(await time(large), await time(large));
    // Past 8x (twice linear, above the noise of a busy machine) the row is marked: a regression once
    // went unseen here for a day (2026-12-04, allow/deny conflicts at 15x).
    const flag = b / a > 8 ? '  <- SUPERLINEAR? time it at more sizes' : '';
    console.log(`scaling, ${shape}: ${n} -> ${ms(a)}, ${4 * n} -> ${ms(b)}: ${(b / a).toFixed(1)}x for 4x the input (linear: 4x; before the fix, 6-15x)${flag}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Inputs and programs, in a temp folder. The bundles are copied there first, so a rebuild of dist/
// by someone else while the bench runs cannot mix two versions into one table.

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mars-bench-'));
const bin = path.join(tmp, 'dist');
fs.mkdirSync(bin);
for (const f of ['server.js', 'server-main.js', 'cli.js', 'cli-main.js', 'server-main.js.map', 'cli-main.js.map']) {
  if (fs.existsSync(path.join(root, 'dist', f))) fs.copyFileSync(path.join(root, 'dist', f), path.join(bin, f));
}
// The checker's code cache (see server/src/cli/start.ts) in the bench's folder: written by its first run.
process.env.XDG_CACHE_HOME = path.join(tmp, 'cache');
const SERVER = path.join(bin, 'server.js');
const CLI = path.join(bin, 'cli.js');
const EMPTY_SERVER = path.join(bin, 'empty-server.js');
await esbuild.build({
  entryPoints: [path.join(root, 'scripts/bench/empty-server.ts')], outfile: EMPTY_SERVER,
  absWorkingDir: root, bundle: true, platform: 'node', target: 'node20', format: 'cjs', logLevel: 'warning',
});

const big = bigMarsToml(1, 4000);
const small = smallMarsToml();
const bigFile = path.join(tmp, 'big', 'mars.toml');
const smallFile = path.join(tmp, 'small', 'mars.toml');
fs.mkdirSync(path.dirname(bigFile));
fs.mkdirSync(path.dirname(smallFile));
fs.writeFileSync(bigFile, big.text);
fs.writeFileSync(smallFile, small);
const bigUri = pathToFileURL(bigFile).href;
const smallUri = pathToFileURL(smallFile).href;
const lineCount = (t) => t.split('\n').length;
console.log(`inputs: big ${(Buffer.byteLength(big.text) / 1e6).toFixed(2)} MB, ${lineCount(big.text)} lines, ${big.entries.length} entries; ` +
  `small ${lineCount(small)} lines (${tmp})`);

const TOMBI = findTombi();
/** $TOMBI, else the npm package's binary (@tombi-toml/cli-linux-x64), else `tombi` on PATH. */
function findTombi() {
  const candidates = [process.env.TOMBI, path.join(root, 'node_modules/@tombi-toml/cli-linux-x64/tombi'), 'tombi'].filter(Boolean);
  for (const c of candidates) {
    const r = spawnSync(c, ['--version'], { encoding: 'utf8' });
    if (r.status === 0) return { path: c, version: r.stdout.trim() };
  }
  return null;
}
console.log(TOMBI ? `baseline: ${TOMBI.version} (${TOMBI.path})` : 'baseline: tombi not installed (npm install --no-save @tombi-toml/cli-linux-x64)');

const PUSH_DEBOUNCE_MS = Number(/(?:PUSH_DEBOUNCE_MS|SETTLE_MS)\s*=\s*(\d+)/.exec(safeRead(path.join(root, 'server/src/lsp/openDocuments.ts')))?.[1] ?? NaN);
function safeRead(p) {
  try {
    return fs.readFileSync(p, 'utf8');
  } catch {
    return '';
  }
}

// ---------------------------------------------------------------------------------------------
// Helpers

const median = (xs) => percentile(xs, 50);
function percentile(xs, p) {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}
const ms = (x) => (Number.isFinite(x) ? (x >= 100 ? `${x.toFixed(0)} ms` : x >= 10 ? `${x.toFixed(1)} ms` : `${x.toFixed(2)} ms`) : 'n/a');

/** Wall time of a whole process, stdout and stderr to /dev/null. */
function processMs(command, args, env = {}) {
  const t0 = now();
  const r = spawnSync(command, args, { stdio: 'ignore', cwd: tmp, env: { ...process.env, ...env } });
  const t = now() - t0;
  if (r.error) throw r.error;
  if (r.signal) throw new Error(`${path.basename(command)} died of ${r.signal}`);
  return { t, status: r.status };
}

/** A one-character replacement inside a random entry: same length, so every offset stays valid. */
function makeEditor(seed) {
  const r = rng(seed);
  let text = big.text;
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const position = (offset) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: offset - lineStarts[lo] };
  };
  const randomEntryOffset = () => {
    const e = big.entries[Math.floor(r() * big.entries.length)];
    return e.start + Math.floor(r() * (e.end - e.start));
  };
  return {
    get text() {
      return text;
    },
    position,
    randomEntryOffset,
    edit() {
      const at = randomEntryOffset();
      const old = text[at];
      let ch = String.fromCharCode(97 + Math.floor(r() * 26));
      if (ch === old) ch = ch === 'a' ? 'b' : 'a';
      text = text.slice(0, at) + ch + text.slice(at + 1);
      const start = position(at);
      return { range: { start, end: { line: start.line, character: start.character + 1 } }, text: ch };
    },
  };
}

const rows = [];
/** One row of the table. `ratio` and `pass` are null where there is no baseline or no target. */
function row(measure, ours, baseline, ratio, target, pass) {
  rows.push({ measure, ours, baseline, ratio, target, pass });
}
const ratioText = (r) => (Number.isFinite(r) ? `${r < 10 ? r.toFixed(2) : r.toFixed(1)}x` : '');
function failed(measure, e) {
  row(measure, 'error', String(e instanceof Error ? e.message : e).slice(0, 60), null, '', false);
}

await benchScaling();

/**
 * Typing in one big tools table (never cut into pieces, so one unit): the analysis of each
 * keystroke, then a completion there, in-process. The completion reads the model the edit's
 * analysis made; were it rebuilt, the completion would cost as much as the analysis.
 */
function benchTypingInOneUnit() {
  const n = 20_000;
  const names = ['read', 'Read', 'bash(git log:*)', 'grep', 'mcp__gh__x', 'shell'];
  let text = `[agents.a.tools]\nallowed = [\n${Array.from({ length: n }, (_, i) => `  "${names[i % names.length]}${i % 3 ? '' : `(${i})`}",\n`).join('')}  "gr",\n]\n`;
  const analyzer = new analysis.DocumentAnalyzer();
  analyzer.analyze(text);
  let at = text.indexOf('"gr"') + 3;
  const typed = [];
  const completed = [];
  for (let k = 0; k < 20; k++) {
    text = `${text.slice(0, at)}e${text.slice(at++)}`;
    let t0 = performance.now();
    const da = analyzer.analyze(text);
    typed.push(performance.now() - t0);
    t0 = performance.now();
    const unit = analysis.unitAt(da, at);
    completion.completions(analysis.placed(da, unit), da.lines.position(at), [], (p, how) => analysis.definesOutside(da, unit, p, how));
    completed.push(performance.now() - t0);
  }
  const [a, c] = [median(typed), median(completed)];
  console.log(`typing in one ${n.toLocaleString('en')}-entry tools table: analysing a keystroke ${ms(a)}, a completion after it ${ms(c)} (${(c / a).toFixed(2)}x; about 1x if the edit's model were not kept)`);
}

benchTypingInOneUnit();

// ---------------------------------------------------------------------------------------------
// (a) The checker over the large file, whole process, against `tombi lint --offline`.

const CLI_RUNS = 5;
try {
  const nodeFloor = median(Array.from({ length: CLI_RUNS }, () => processMs(process.execPath, ['-e', '0']).t));
  // A first check: --no-cache, or each run after the first would say again what it kept (below).
  const first = [CLI, 'check', '--no-cache', bigFile, '--format', 'json'];
  processMs(process.execPath, first); // warm the file cache
  const ours = [];
  let status = null;
  for (let i = 0; i < CLI_RUNS; i++) {
    const r = processMs(process.execPath, first);
    ours.push(r.t);
    status = r.status;
  }
  if (status !== 0 && status !== 1) throw new Error(`mars-toml check exited ${status}`);
  const oursMs = median(ours);
  const label = `checker, 1 MB file, whole process, --format json with every fix (median of ${CLI_RUNS})`;
  let tombiMs = NaN;
  if (TOMBI) {
    processMs(TOMBI.path, ['lint', '--offline', bigFile]);
    const theirs = (tombiMs = median(Array.from({ length: CLI_RUNS }, () => processMs(TOMBI.path, ['lint', '--offline', bigFile]).t)));
    row(label, ms(oursMs), `tombi lint ${ms(theirs)}`, oursMs / theirs, '<= 0.5x tombi', oursMs <= 0.5 * theirs);
  } else {
    row(label, ms(oursMs), 'tombi not installed', null, '<= 0.5x tombi', null);
  }
  // The default output: the findings without their fixes, as `tombi lint` prints its own.
  const text = median(Array.from({ length: CLI_RUNS }, () => processMs(process.execPath, [CLI, 'check', '--no-cache', bigFile]).t));
  row('  the same, text output (the default: findings only)', ms(text), TOMBI ? 'tombi lint, as above' : '', TOMBI ? text / tombiMs : null, 'info', null);
  // The file checked again unchanged, as a pre-commit hook or CI step runs it: said again from the
  // results the first check kept (README, "Kept results"), the checker not loaded.
  const again = [CLI, 'check', bigFile, '--format', 'json'];
  const keptRun = processMs(process.execPath, again);
  const kept = median(Array.from({ length: CLI_RUNS }, () => processMs(process.execPath, again)).map((r, i) => {
    if (r.status !== keptRun.status) throw new Error(`run ${i} of the kept check exited ${r.status}, the first ${keptRun.status}`);
    return r.t;
  }));
  row('checker, the same file checked again unchanged (its JSON said again from the kept results)', ms(kept), TOMBI ? 'tombi lint, as above' : 'tombi not installed', TOMBI ? kept / tombiMs : null, '<= 0.5x tombi', TOMBI ? kept <= 0.5 * tombiMs : null);
  row('  node -e 0 (the floor of any Node process)', ms(nodeFloor), TOMBI ? 'tombi lint, as above' : '', TOMBI ? nodeFloor / tombiMs : null, 'floor', null);
  // The floor of any Node checker of this file: Node's start, reading it and a bare smol-toml parse,
  // with nothing analysed and nothing printed.
  const parseOnly = path.join(tmp, 'parse-only.cjs');
  fs.writeFileSync(parseOnly, `require(${JSON.stringify(require.resolve('smol-toml'))}).parse(require('node:fs').readFileSync(process.argv[2], 'utf8'));\n`);
  const parseFloor = median(Array.from({ length: CLI_RUNS }, () => processMs(process.execPath, [parseOnly, bigFile]).t));
  row('  node reading the file and a bare smol-toml parse of it, nothing else', ms(parseFloor), TOMBI ? 'tombi lint, as above' : '',
    TOMBI ? parseFloor / tombiMs : null, 'floor', null);
  // A typical mars.toml, where Node's start and compiling the checker are most of a run: from the
  // code cache its first check wrote, and without it (as the first check runs), alternately.
  const cached = [];
  const compiled = [];
  for (let i = 0; i < 9; i++) {
    cached.push(processMs(process.execPath, [CLI, 'check', '--no-cache', smallFile]).t);
    compiled.push(processMs(process.execPath, [CLI, 'check', '--no-cache', smallFile], { NODE_DISABLE_COMPILE_CACHE: '1' }).t);
  }
  row('checker, typical mars.toml, whole process (median of 9)', ms(median(cached)), `without its code cache ${ms(median(compiled))}`, median(cached) / median(compiled), 'info', null);
} catch (e) {
  failed('checker, 1 MB file', e);
}

// ---------------------------------------------------------------------------------------------
// (b) Cold start: spawn -> first diagnostics of the small file, against the empty server.

async function coldStart(serverJs, args = []) {
  const c = new LspClient(process.execPath, [serverJs, ...args, '--stdio']);
  try {
    await c.initialize();
    await c.open(smallUri, small, 1);
    const p = await c.waitPublished(smallUri, (x) => x.version === 1 || x.version === undefined, 20_000);
    return p.at - c.spawnedAt;
  } finally {
    await c.stop();
  }
}

const COLD_RUNS = 7;
try {
  // As the extension starts it: with a code cache in its storage, written by the first start.
  const cache = [`--code-cache=${path.join(tmp, 'code-cache')}`];
  await coldStart(SERVER, cache); // warm the file cache, and write the code cache
  await coldStart(EMPTY_SERVER);
  const ours = [];
  const first = [];
  const empty = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    ours.push(await coldStart(SERVER, cache));
    first.push(await coldStart(SERVER));
    empty.push(await coldStart(EMPTY_SERVER));
  }
  const [o, f, e] = [median(ours), median(first), median(empty)];
  row(`cold start: spawn -> first diagnostics, small file (median of ${COLD_RUNS})`, ms(o), `empty server ${ms(e)}`, o / e, '<= 1.5x empty', o <= 1.5 * e);
  row('  the same without a code cache (the first start)', ms(f), `empty server ${ms(e)}`, f / e, 'info', null);
} catch (e) {
  failed('cold start', e);
}

// ---------------------------------------------------------------------------------------------
// (c) Edit -> fresh diagnostics on the large file (push, versioned), (d) completion and hover
// latency, (e) peak memory, all on one server session.

const EDITS = 15;
const EDIT_BUDGET_MS = 45_000;
const REQUESTS = 200;

/**
 * Opens the big file, then times one-character edits -> publishDiagnostics of that version; with
 * `enters`, then as many Enters typed at random line starts, each undone right after (every line
 * below moves, twice), the text ending as it was.
 */
async function editLoop(c, { fullSync, seed, enters = 0 }) {
  const editor = makeEditor(seed);
  const t0 = now();
  await c.open(bigUri, editor.text, 1);
  const first = await c.waitPublished(bigUri, (x) => x.version === 1 || x.version === undefined, 60_000);
  const openMs = first.at - t0;
  const times = [];
  const started = now();
  for (let v = 2; v <= EDITS + 1 && now() - started < EDIT_BUDGET_MS; v++) {
    const change = editor.edit();
    const seen = c.publishedFor(bigUri).length;
    const t = now();
    await c.change(bigUri, v, [fullSync ? { text: editor.text } : change]);
    const p = await c.waitPublished(bigUri, (x, i) => x.version === v || (x.version === undefined && i >= seen), 60_000);
    times.push(p.at - t);
  }
  const enterTimes = [];
  const r = rng(seed + 1);
  let v = EDITS + 2;
  for (let i = 0; i < enters; i++) {
    const line = Math.floor(r() * (editor.position(editor.text.length).line + 1));
    for (const change of [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: '\n' },
      { range: { start: { line, character: 0 }, end: { line: line + 1, character: 0 } }, text: '' }]) {
      const version = v++;
      const t = now();
      await c.change(bigUri, version, [change]);
      const p = await c.waitPublished(bigUri, (x) => x.version === version, 60_000);
      enterTimes.push(p.at - t);
    }
  }
  // What the client spends on one push, measured here on the same bytes with no server: decoding
  // it (JSON.parse), and reading it whole the way the client does (vscode-jsonrpc's reader).
  const json = JSON.stringify(c.lastPublished);
  const decodes = [];
  const reads = [];
  const message = JSON.stringify({ jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: c.lastPublished });
  for (let i = 0; i < 5; i++) {
    const t = now();
    JSON.parse(json);
    decodes.push(now() - t);
    reads.push(await readMs(message));
  }
  const decode = { ms: median(decodes), readMs: median(reads), bytes: Buffer.byteLength(json) };
  return { openMs, times, enterTimes, editor, diagnostics: first.count, decode };
}

/** Time for vscode-jsonrpc's stream reader to deliver `message`, fed as a pipe would (64 KB chunks). */
function readMs(message) {
  const body = Buffer.from(message);
  const stream = new PassThrough();
  const reader = new StreamMessageReader(stream);
  return new Promise((resolve) => {
    const t = now();
    reader.listen(() => {
      resolve(now() - t);
      reader.dispose();
    });
    stream.write(`Content-Length: ${body.length}\r\n\r\n`);
    for (let at = 0; at < body.length; at += 1 << 16) stream.write(body.subarray(at, at + (1 << 16)));
  });
}

let oursEdit = null;
let allEdit = null;
let tombiEdit = null;
let parseMs = NaN;
let inProcessMs = NaN;
// As the extension runs it: VS Code's settings are the extension's defaults (package.json), among
// them `mars.maxProblems`, 1,000, as VS Code shows no more of a file.
const manifest = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const VSCODE_SETTINGS = { maxProblems: manifest.contributes.configuration.flatMap((g) => Object.entries(g.properties)).find(([k]) => k === 'mars.maxProblems')[1].default };
try {
  // Every problem sent, as to an editor without that setting.
  const all = new LspClient(process.execPath, [SERVER, '--stdio']);
  try {
    await all.initialize();
    allEdit = await editLoop(all, { fullSync: false, seed: 7 });
  } finally {
    await all.stop();
  }
} catch (e) {
  failed('edit -> diagnostics, every problem sent', e);
}
try {
  const c = new LspClient(process.execPath, [SERVER, '--stdio'], { settings: VSCODE_SETTINGS });
  try {
    await c.initialize();
    const loop = await editLoop(c, { fullSync: false, seed: 7, enters: 8 });
    oursEdit = loop;
    // (d) Completion and hover at random entry positions, one request at a time.
    const r = rng(11);
    const completion = [];
    const hover = [];
    let completionItems = 0;
    let hovers = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const position = loop.editor.position(loop.editor.randomEntryOffset());
      const params = { textDocument: { uri: bigUri }, position };
      if (r() < 0.5) {
        let t = now();
        const res = await c.request('textDocument/completion', params);
        completion.push(now() - t);
        completionItems += Array.isArray(res) ? res.length : res?.items?.length ?? 0;
        t = now();
        hovers += (await c.request('textDocument/hover', params)) ? 1 : 0;
        hover.push(now() - t);
      } else {
        let t = now();
        hovers += (await c.request('textDocument/hover', params)) ? 1 : 0;
        hover.push(now() - t);
        t = now();
        const res = await c.request('textDocument/completion', params);
        completion.push(now() - t);
        completionItems += Array.isArray(res) ? res.length : res?.items?.length ?? 0;
      }
    }
    const mem = await c.memory();
    oursEdit.completion = completion;
    oursEdit.hover = hover;
    oursEdit.memory = mem;
    oursEdit.completionItems = completionItems;
    oursEdit.hovers = hovers;
  } finally {
    await c.stop();
  }
} catch (e) {
  failed('edit -> diagnostics (ours)', e);
}

if (TOMBI) {
  try {
    const c = new LspClient(TOMBI.path, ['lsp', '--offline'], { cwd: path.dirname(bigFile), rootUri: pathToFileURL(path.dirname(bigFile)).href });
    try {
      const init = await c.initialize();
      const sync = init.capabilities?.textDocumentSync;
      const fullSync = (typeof sync === 'number' ? sync : sync?.change) !== 2;
      tombiEdit = await editLoop(c, { fullSync, seed: 7 });
      tombiEdit.memory = await c.memory();
      tombiEdit.fullSync = fullSync;
    } finally {
      await c.stop();
    }
  } catch (e) {
    failed('edit -> diagnostics (tombi lsp)', e);
  }
}

// The floor: a bare smol-toml parse of the same text after the same kind of edit, in-process; and
// the project's own analysis in-process (no LSP, no debounce, no JSON), for the breakdown.
try {
  const editor = makeEditor(7);
  for (let i = 0; i < 2; i++) smolParse(editor.text);
  const parses = [];
  for (let i = 0; i < 9; i++) {
    editor.edit();
    const t = now();
    smolParse(editor.text);
    parses.push(now() - t);
  }
  parseMs = median(parses);
  const analyzer = new analysis.DocumentAnalyzer();
  analyzer.analyze(editor.text);
  const runs = [];
  for (let i = 0; i < 9; i++) {
    editor.edit();
    const t = now();
    analyzer.analyze(editor.text);
    runs.push(now() - t);
  }
  inProcessMs = median(runs);
} catch (e) {
  failed('bare parse / in-process analysis', e);
}

if (oursEdit) {
  const o = median(oursEdit.times);
  const label = `edit -> diagnostics, 1 MB file (median of ${oursEdit.times.length})`;
  if (tombiEdit) {
    const t = median(tombiEdit.times);
    row(label, ms(o), `tombi lsp ${ms(t)}`, o / t, '<= 0.2x tombi', o <= 0.2 * t);
  } else {
    row(label, ms(o), 'tombi not installed', null, '<= 0.2x tombi', null);
  }
  row('', '', `smol-toml parse ${ms(parseMs)}`, o / parseMs, '<= 8x parse', o <= 8 * parseMs);
  row(`  the server as VS Code runs it: mars.maxProblems ${VSCODE_SETTINGS.maxProblems}, ${oursEdit.diagnostics} of the file's problems sent`, '', '', null, 'info', null);

  if (Number.isFinite(PUSH_DEBOUNCE_MS)) row(`  of which the server's settle delay (openDocuments.ts)`, ms(PUSH_DEBOUNCE_MS), '', null, 'info', null);
  row('  of which analysing the edit (DocumentAnalyzer.analyze, in-process)', ms(inProcessMs), '', null, 'info', null);
  if (oursEdit.decode) {
    const { bytes, readMs: read } = oursEdit.decode;
    row(`  of which the client decoding the message (JSON.parse, ${(bytes / 1e6).toFixed(1)} MB)`, ms(oursEdit.decode.ms),
      `${oursEdit.diagnostics} diagnostics`, null, 'info', null);
    // The floor for any server sending these findings to this client: the message read with no server.
    row('  the client reading that message with no server (vscode-jsonrpc)', ms(read), tombiEdit ? `tombi lsp ${ms(median(tombiEdit.times))}` : '',
      tombiEdit ? read / median(tombiEdit.times) : null, 'floor', null);
  }
  if (oursEdit.enterTimes.length > 0) {
    row(`  Enter typed and undone (every later line moves; median of ${oursEdit.enterTimes.length})`, ms(median(oursEdit.enterTimes)), '', null, 'info', null);
  }
  row('  open 1 MB file -> first diagnostics', ms(oursEdit.openMs), tombiEdit ? `tombi lsp ${ms(tombiEdit.openMs)}` : '',
    tombiEdit ? oursEdit.openMs / tombiEdit.openMs : null, 'info', null);
  if (allEdit) {
    const a = median(allEdit.times);
    row(`edit -> diagnostics, every problem sent (${allEdit.diagnostics}: an editor without that setting)`, ms(a),
      tombiEdit ? `tombi lsp ${ms(median(tombiEdit.times))}` : '', tombiEdit ? a / median(tombiEdit.times) : null, 'info', null);
    if (allEdit.decode) {
      row(`  of which the client reading that message with no server (${(allEdit.decode.bytes / 1e6).toFixed(1)} MB)`, ms(allEdit.decode.readMs),
        tombiEdit ? `tombi lsp ${ms(median(tombiEdit.times))}` : '', tombiEdit ? allEdit.decode.readMs / median(tombiEdit.times) : null, 'floor', null);
    }
  }
  if (oursEdit.completion) {
    const p50 = percentile(oursEdit.completion, 50);
    const p95 = percentile(oursEdit.completion, 95);
    row(`completion p50 / p95, 1 MB file (${oursEdit.completion.length} requests)`, `${ms(p50)} / ${ms(p95)}`,
      oursEdit.completionItems === 0 ? '(all results empty)' : `${(oursEdit.completionItems / oursEdit.completion.length).toFixed(1)} items/request`,
      null, 'p95 < 20 ms', p95 < 20);
    const h50 = percentile(oursEdit.hover, 50);
    const h95 = percentile(oursEdit.hover, 95);
    row(`hover p50 / p95, 1 MB file (${oursEdit.hover.length} requests)`, `${ms(h50)} / ${ms(h95)}`,
      oursEdit.hovers === 0 ? '(all results null)' : `${oursEdit.hovers} non-null`, null, 'p95 < 20 ms', h95 < 20);
  }
  if (oursEdit.memory) {
    const m = oursEdit.memory.peakMB;
    row('server peak memory (VmHWM) after the edit loop, 1 MB file', `${m.toFixed(0)} MB`,
      tombiEdit?.memory ? `tombi lsp ${tombiEdit.memory.peakMB.toFixed(0)} MB` : '', tombiEdit?.memory ? m / tombiEdit.memory.peakMB : null,
      '< 200 MB', m < 200);
  }
}

// ---------------------------------------------------------------------------------------------
// The table.

const headers = ['measure', 'ours', 'baseline', 'ratio', 'target', ''];
const cells = rows.map((r) => [r.measure, r.ours, r.baseline, ratioText(r.ratio), r.target, r.pass === null ? '' : r.pass ? 'PASS' : 'MISS']);
const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
const line = (c) => c.map((x, i) => (i === 1 || i === 3 ? x.padStart(widths[i]) : x.padEnd(widths[i]))).join('  ').trimEnd();
console.log('');
console.log(line(headers));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const c of cells) console.log(line(c));
const misses = rows.filter((r) => r.pass === false).length;
const passes = rows.filter((r) => r.pass === true).length;
console.log(`\n${passes} PASS, ${misses} MISS${tombiEdit?.fullSync ? '; tombi asks for full-text sync, so its edits carry the whole text' : ''}` +
  `; ${((now() - benchStart) / 1000).toFixed(0)} s`);

// ---------------------------------------------------------------------------------------------
// --profile: where the checker's and the server's time goes.

if (PROFILE) {
  const profDir = path.join(tmp, 'profiles');
  fs.mkdirSync(profDir);
  try {
    const dir = path.join(profDir, 'cli');
    spawnSync(process.execPath, ['--cpu-prof', '--cpu-prof-dir', dir, CLI, 'check', '--no-cache', bigFile, '--format', 'json'], { stdio: 'ignore', cwd: tmp });
    for (const f of fs.readdirSync(dir)) console.log(`\n${report(path.join(dir, f), 'checker (mars-toml check --format json, 1 MB file)')}`);
  } catch (e) {
    console.log(`checker profile failed: ${e instanceof Error ? e.message : e}`);
  }
  try {
    const dir = path.join(profDir, 'server');
    const c = new LspClient(process.execPath, ['--cpu-prof', '--cpu-prof-dir', dir, SERVER, '--stdio']);
    await c.initialize();
    const editor = makeEditor(7);
    await c.open(bigUri, editor.text, 1);
    await c.waitPublished(bigUri, (x) => x.version === 1, 60_000);
    for (let v = 2; v <= 6; v++) {
      await c.change(bigUri, v, [editor.edit()]);
      await c.waitPublished(bigUri, (x) => x.version === v, 60_000);
    }
    for (let i = 0; i < 50; i++) {
      const position = editor.position(editor.randomEntryOffset());
      await c.request('textDocument/completion', { textDocument: { uri: bigUri }, position });
      await c.request('textDocument/hover', { textDocument: { uri: bigUri }, position });
    }
    await c.stop(10_000);
    for (const f of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      console.log(`\n${report(path.join(dir, f), 'server (open 1 MB file, 5 edits, 50 completions + hovers)')}`);
    }
  } catch (e) {
    console.log(`server profile failed: ${e instanceof Error ? e.message : e}`);
  }
}

if (KEEP) console.log(`\nkept ${tmp}`);
else fs.rmSync(tmp, { recursive: true, force: true });
process.exit(0);
