// The checks kept in the user's cache folder (server/src/cli/resultCache.ts): a check of files
// unchanged since, run the same way, is said again from there, byte for byte and with its exit
// status; anything else it depends on makes it run; and only a check whose output depends on
// nothing else is kept. That a check was said from the cache is shown by changing what the cache
// holds: a check that ran would not say the change.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST } from '../support/paths';
import { PassThrough } from 'node:stream';
import { parseCheckArgs, runCheck } from '../../server/src/cli/check';
import { keptRun } from '../../server/src/cli/resultCache';
import { handOver, seenNothing } from '../../server/src/cli/search';
import { tempDir } from '../support/tempDir';

const FILE = '[agents.a.tools]\nallowed = ["Shell", "reed", "Bash(git"]\ndisallowed = ["Bash"]\n';
const posix = process.platform !== 'win32';

/** A folder with a mars.toml, and the cache folder its checks use. */
function place(): { dir: string; folder: string } {
  const dir = tempDir('mars-cli-kept-');
  fs.writeFileSync(path.join(dir, 'mars.toml'), FILE);
  return { dir, folder: path.join(dir, 'xdg', 'mars-toml') };
}

/** The environment a user runs the checker in from `dir`: its caches in `dir`/xdg, no colour asked for, no GitHub workspace; then `extra`. */
function userEnv(dir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_CACHE_HOME: path.join(dir, 'xdg') };
  for (const name of ['NODE_DISABLE_COMPILE_CACHE', 'FORCE_COLOR', 'NO_COLOR', 'GITHUB_WORKSPACE']) delete env[name];
  return { ...env, ...extra };
}

const outcome = (r: SpawnSyncReturns<string>) => ({ code: r.status, out: r.stdout, err: r.stderr });

/** `mars-toml <args>` in `dir`, as a user runs it (`userEnv`) but for `env`. */
function run(dir: string, args: string[], env: Record<string, string> = {}, program = path.join(DIST, 'cli.js'), nodeOptions: string[] = []) {
  return outcome(spawnSync(process.execPath, [...nodeOptions, program, ...args], { cwd: dir, encoding: 'utf8', env: userEnv(dir, env), timeout: 20_000, maxBuffer: 1 << 28 }));
}

const entries = (folder: string) => (fs.existsSync(folder) ? fs.readdirSync(folder).filter((n) => n.startsWith('result-')).map((n) => path.join(folder, n)) : []);

/** Makes every `reed` in the entries' output `REED` (as long): a check said from them says `REED`. */
function mark(folder: string): void {
  for (const entry of entries(folder)) {
    const data = fs.readFileSync(entry);
    const at = data.indexOf(10) + 1;
    fs.writeFileSync(entry, Buffer.concat([data.subarray(0, at), Buffer.from(data.subarray(at).toString('latin1').replace(/reed/g, 'REED'), 'latin1')]));
  }
}
const said = (r: { out: string; err: string }) => /REED/.test(r.out + r.err);

test('keptRun: a check of paths (the current folder by default), with options that only shape the report or the search; nothing else', () => {
  const run = (paths: string[], respectGitignore = true, github = false) => ({ paths, respectGitignore, github });
  const rows: Array<[string[], ReturnType<typeof run> | undefined]> = [
    [['check', 'mars.toml'], run(['mars.toml'])],
    [['check', '--format', 'json', 'a/mars.toml', 'b', '--severity=unknown-tool=off'], run(['a/mars.toml', 'b'])],
    [['check', '--format=github', '--severity', 'x=off', '--no-respect-gitignore', 'mars.toml'], run(['mars.toml'], false, true)],
    [['check', '--format', 'github', '--format=text'], run(['.'])], // the last said, as the check reads it
    [['check'], run(['.'])], // the current folder, searched
    [['check', '--format', 'json', '--no-respect-gitignore'], run(['.'], false)],
    [['check', '--format', 'xml', 'mars.toml'], undefined], // a usage error, said before any search
    [['check', '--format=', 'mars.toml'], undefined],
    [['check', 'mars.toml', '--format'], undefined],
    [['check', '--fix', 'mars.toml'], undefined],
    [['check', 'mars.toml', '--no-cache'], undefined],
    [['check', '-'], undefined],
    [['check', '--', 'mars.toml'], undefined],
    [['check', '--help', 'mars.toml'], undefined],
    [['check', '--stdin-filename=mars.toml', 'mars.toml'], undefined],
    [['check', '', 'mars.toml'], undefined],
    [['check', '--fromat', 'mars.toml'], undefined],
    [['lint', 'mars.toml'], undefined],
    [['parse-names'], undefined],
    [[], undefined],
  ];
  for (const [argv, kept] of rows) assert.deepEqual(keptRun(argv), kept, argv.join(' '));
});

test('a check of files unchanged since is said again from the cache, stdout, stderr and exit status alike; an edit, or --no-cache, checks them', () => {
  const { dir, folder } = place();
  fs.writeFileSync(path.join(dir, 'mars.local.toml'), '[skills.s.tools]\nallowed = ["Read"]\n');
  for (const format of ['text', 'json', 'github']) {
    const args = ['check', '--format', format, 'mars.toml', 'mars.local.toml'];
    const first = run(dir, args);
    assert.equal(first.code, 1, first.err);
    assert.match(first.out, /reed/);
    assert.deepEqual(run(dir, args), first, format);
    mark(folder);
    const again = run(dir, args);
    assert.ok(said(again), `${format}: said from the cache: ${again.out}`);
    assert.equal(again.code, 1);
    assert.deepEqual(run(dir, [...args, '--no-cache']), first, `${format} --no-cache`);
  }
  assert.equal(entries(folder).length, 3, 'one entry for each way of running it');
  // An edit: the file is checked, and what it says now is kept in the same entry.
  fs.writeFileSync(path.join(dir, 'mars.toml'), FILE.replace('"Bash"', '"Bash", "reed"'));
  const edited = run(dir, ['check', '--format', 'text', 'mars.toml', 'mars.local.toml']);
  assert.ok(!said(edited));
  assert.match(edited.out, /mars\.toml:3:24: warning allow-deny-conflict/);
  assert.deepEqual(run(dir, ['check', '--format', 'text', 'mars.toml', 'mars.local.toml']), edited);
  assert.equal(entries(folder).length, 3);
  // No error: exit 0, kept too.
  fs.writeFileSync(path.join(dir, 'mars.toml'), '[agents.a.tools]\nallowed = ["read"]\n');
  const clean = run(dir, ['check', 'mars.toml']);
  assert.deepEqual(clean, { code: 0, out: '', err: '1 file checked: no problems\n' });
  assert.deepEqual(run(dir, ['check', 'mars.toml']), clean);
  if (posix) for (const entry of entries(folder)) assert.equal(fs.statSync(entry).mode & 0o777, 0o600);
});

test('whatever else the output depends on makes the check run: the folder it runs in, the options, the colour, the workspace (and whether it is a folder), Node\'s options, the resource limits, the build, files linked or not, a link on the path', () => {
  const { dir, folder } = place();
  fs.mkdirSync(path.join(dir, 'sub'));
  const first = run(dir, ['check', 'mars.toml']);
  // [why, a check, the same check but for that]: the first is said from the cache, the second runs.
  const sub = path.join(dir, 'sub');
  const xdg = { XDG_CACHE_HOME: path.join(dir, 'xdg') };
  const pairs: Array<[string, () => ReturnType<typeof run>, () => ReturnType<typeof run>]> = [
    ['another folder', () => run(dir, ['check', path.join(dir, 'mars.toml')]), () => run(sub, ['check', path.join(dir, 'mars.toml')], xdg)],
    ['another spelling of the path', () => run(dir, ['check', 'mars.toml']), () => run(dir, ['check', './mars.toml'])],
    ['another format', () => run(dir, ['check', 'mars.toml']), () => run(dir, ['check', '--format=json', 'mars.toml'])],
    ['a severity', () => run(dir, ['check', 'mars.toml']), () => run(dir, ['check', '--severity', 'unknown-tool=off', 'mars.toml'])],
    ['FORCE_COLOR', () => run(dir, ['check', 'mars.toml']), () => run(dir, ['check', 'mars.toml'], { FORCE_COLOR: '1' })],
    ['NO_COLOR', () => run(dir, ['check', 'mars.toml'], { FORCE_COLOR: '1' }), () => run(dir, ['check', 'mars.toml'], { FORCE_COLOR: '1', NO_COLOR: '1' })],
    ['GITHUB_WORKSPACE', () => run(dir, ['check', '--format', 'github', 'mars.toml']), () => run(dir, ['check', '--format', 'github', 'mars.toml'], { GITHUB_WORKSPACE: sub })],
    // The same workspace path, no longer a folder: annotations name files by their absolute paths, and say why.
    ['the workspace a file', () => (fs.rmSync(ws, { recursive: true, force: true }), fs.mkdirSync(ws), run(dir, ['check', '--format', 'github', 'mars.toml'], { GITHUB_WORKSPACE: ws })),
      () => (fs.rmSync(ws, { recursive: true }), fs.writeFileSync(ws, ''), run(dir, ['check', '--format', 'github', 'mars.toml'], { GITHUB_WORKSPACE: ws }))],
    // Node's options: a heap too small for the file crashes the check that a larger one finishes.
    ['NODE_OPTIONS', () => run(dir, ['check', 'mars.toml']), () => run(dir, ['check', 'mars.toml'], { NODE_OPTIONS: '--max-old-space-size=1000' })],
    ["node's own options", () => run(dir, ['check', 'mars.toml']), () => run(dir, ['check', 'mars.toml'], {}, path.join(DIST, 'cli.js'), ['--max-old-space-size=1000'])],
  ];
  const ws = path.join(dir, 'ws');
  if (posix) {
    // `d/../mars.toml`, `d` a link to a folder two down: the file above the folder linked to, named
    // from there (other/mars.toml). Linked elsewhere, the same file (the link there leads to it) is named so.
    for (const other of ['other', 'other2']) {
      fs.mkdirSync(path.join(dir, other, 'X'), { recursive: true });
      fs.symlinkSync('../mars.toml', path.join(dir, other, 'mars.toml'));
    }
    const linked = (to: string, ...more: string[]) => {
      fs.rmSync(path.join(dir, 'd'), { force: true });
      fs.symlinkSync(to, path.join(dir, 'd'));
      return run(dir, ['check', 'd/../mars.toml', ...more]);
    };
    assert.match(linked('other/X', '--no-cache').out, /^other\/mars\.toml:2:13:/);
    assert.match(linked('other2/X', '--no-cache').out, /^other2\/mars\.toml:2:13:/);
    pairs.push(['a link on the path', () => linked('other/X'), () => linked('other2/X')]);
  }
  // A resource limit (ulimit), where the system says them (Linux): less memory or CPU time may end the check.
  if (fs.existsSync('/proc/self/limits')) {
    const limited = () => {
      return outcome(spawnSync('sh', ['-c', 'ulimit -S -t 3600 && exec "$0" "$@"', process.execPath, path.join(DIST, 'cli.js'), 'check', 'mars.toml'], { cwd: dir, encoding: 'utf8', env: userEnv(dir) }));
    };
    pairs.push(['a CPU time limit', () => run(dir, ['check', 'mars.toml']), limited]);
  }
  // A terminal that shows colour: script(1) gives the check one.
  const script = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;
  if (script) {
    // One that shows colour, as Node tells it: no CI variable either, with which it says none on any terminal.
    const env = userEnv(dir, { TERM: 'xterm-256color' });
    delete env.CI;
    const onTerminal = () => outcome(spawnSync('script', ['-qec', `"${process.execPath}" "${path.join(DIST, 'cli.js')}" check mars.toml`, '/dev/null'], { cwd: dir, encoding: 'utf8', env }));
    pairs.push(['a terminal', () => run(dir, ['check', 'mars.toml']), onTerminal]);
  }
  for (const [why, kept, other] of pairs) {
    kept();
    mark(folder);
    assert.ok(said(kept()), `${why}: the first is said from the cache`);
    const r = other();
    assert.ok(!said(r), `${why}: ${r.out}`);
    assert.equal(r.code, 1, why);
  }
  assert.match(run(dir, ['check', 'mars.toml'], { FORCE_COLOR: '1' }).out, /\x1b\[/);
  if (script) assert.match(pairs.at(-1)![2]().out, /\x1b\[/, 'in colour on the terminal');
  // A build of its own: the same bundle with a byte more.
  const build = tempDir('mars-cli-build-');
  for (const name of ['cli.js', 'cli-main.js']) fs.copyFileSync(path.join(DIST, name), path.join(build, name));
  fs.appendFileSync(path.join(build, 'cli-main.js'), '\n');
  mark(folder);
  assert.deepEqual(run(dir, ['check', 'mars.toml'], {}, path.join(build, 'cli.js')), first, 'another build');
  // The same checker said again by another dist/cli.js, whose entries may be read and written otherwise.
  const front = tempDir('mars-cli-build-');
  for (const name of ['cli.js', 'cli-main.js']) fs.copyFileSync(path.join(DIST, name), path.join(front, name));
  fs.appendFileSync(path.join(front, 'cli.js'), '\n');
  mark(folder);
  assert.deepEqual(run(dir, ['check', 'mars.toml'], {}, path.join(front, 'cli.js')), first, 'another dist/cli.js');
  // The same file named twice through a hard link is checked once; as two files, twice.
  fs.linkSync(path.join(dir, 'mars.toml'), path.join(dir, 'link.toml'));
  const once = run(dir, ['check', 'mars.toml', 'link.toml']);
  assert.match(once.err, /^1 file checked/m);
  fs.rmSync(path.join(dir, 'link.toml'));
  fs.writeFileSync(path.join(dir, 'link.toml'), FILE);
  const twice = run(dir, ['check', 'mars.toml', 'link.toml']);
  assert.match(twice.err, /^2 files checked/m, twice.err);
});

test("a folder's search is kept too: said again while it finds the same files holding the same bytes and passes over the same; a file added, ignored, removed or passed over makes the check run", () => {
  const { dir, folder } = place();
  fs.mkdirSync(path.join(dir, 'sub'));
  fs.writeFileSync(path.join(dir, 'sub', 'mars.local.toml'), '[skills.s.tools]\nallowed = ["Read"]\n');
  /** `check` in `dir`, after `change`: whether it was said from the cache, and what it said. */
  const after = (change: () => void, args = ['check']) => {
    change();
    const first = run(dir, args);
    assert.ok(!said(first), `${change}: it ran`);
    assert.deepEqual(run(dir, args), first, `${change}: the same again`);
    mark(folder);
    const again = run(dir, args);
    assert.ok(said(again), `${change}: said from the cache`);
    return { ...first, entries: entries(folder).length };
  };
  const both = after(() => {});
  assert.equal(both.code, 1);
  assert.match(both.out, /^mars\.toml:2:22: information unknown-tool/m);
  assert.match(both.err, /^2 files checked:/m);
  // The same search named otherly is another run.
  assert.ok(!said(run(dir, ['check', '.'])));
  assert.equal(entries(folder).length, 2);
  // A file added in a folder searched; then ignored by a .gitignore; then searched without it.
  const added = after(() => fs.mkdirSync(path.join(dir, 'new')) ?? fs.writeFileSync(path.join(dir, 'new', 'mars.toml'), FILE));
  assert.match(added.err, /^3 files checked:/m);
  assert.match(added.out, /^new\/mars\.toml:2:22:/m);
  const ignored = after(() => fs.writeFileSync(path.join(dir, '.gitignore'), 'sub/\n'));
  assert.match(ignored.err, /^2 files checked:/m);
  assert.doesNotMatch(ignored.out, /^sub/m);
  assert.match(after(() => {}, ['check', '--no-respect-gitignore']).err, /^3 files checked:/m);
  // One removed; a folder named as Mars's file, passed over and said.
  assert.match(after(() => fs.rmSync(path.join(dir, 'new', 'mars.toml'))).err, /^1 file checked:/m);
  const passed = after(() => fs.mkdirSync(path.join(dir, 'new', 'mars.toml')));
  assert.match(passed.err, /new\/mars\.toml is a folder, passed over/);
  if (posix) {
    // A link to a file found by another name: the same file, read the same, and named otherly.
    fs.mkdirSync(path.join(dir, 'l'));
    const linked = after(() => fs.symlinkSync('../mars.toml', path.join(dir, 'l', 'mars.toml')));
    assert.match(linked.out, /^l\/mars\.toml:2:22:/m, 'the file, and the link to it, are one file, read once, found first by the link');
    assert.doesNotMatch(linked.out, /^mars\.toml/m);
    const renamed = after(() => fs.renameSync(path.join(dir, 'l', 'mars.toml'), path.join(dir, 'l', 'mars.local.toml')));
    assert.equal(renamed.out, linked.out.replace(/l\/mars\.toml/g, 'l/mars.local.toml'));
  }
  // A folder named that holds nothing to read is searched again to say why (what git ignores
  // there), and a search that finds nothing says so: neither is kept.
  fs.mkdirSync(path.join(dir, 'empty'));
  fs.mkdirSync(path.join(dir, 'only', 'mars.toml'), { recursive: true });
  const kept = entries(folder).length;
  for (const args of [['check', 'mars.toml', 'empty'], ['check', 'empty']]) assert.match(run(dir, args).err, /^mars-toml: no mars\.toml or mars\.local\.toml under empty$/m);
  assert.match(run(dir, ['check', 'only']).err, /^mars-toml: no mars\.toml or mars\.local\.toml under only: only\/mars\.toml is a folder, passed over/m);
  assert.equal(entries(folder).length, kept);
});

test('a search of thousands of files is said again: its entry\'s head holds one hash of their bytes (one for each, past 15,600 files, was longer than the block a head is read in: never said, and written again at every run)', () => {
  const { dir, folder } = place();
  for (let i = 0; i < 16_000; i++) {
    fs.mkdirSync(path.join(dir, `d${i}`));
    fs.writeFileSync(path.join(dir, `d${i}`, 'mars.toml'), '');
  }
  const first = run(dir, ['check']);
  assert.match(first.err, /^16001 files checked: /m);
  const [entry] = entries(folder);
  assert.ok(fs.readFileSync(entry!).indexOf(10) < 1000, 'a short head');
  mark(folder);
  const again = run(dir, ['check']);
  assert.ok(said(again), 'said from the cache');
  assert.deepEqual({ ...again, out: again.out.replace(/REED/g, 'reed') }, first);
  // An edit in one of them: it runs.
  fs.writeFileSync(path.join(dir, 'd7', 'mars.toml'), '# edited\n');
  assert.ok(!said(run(dir, ['check'])));
  fs.rmSync(dir, { recursive: true });
});

test('the check reads what the search that named its entry found, handed over in the process: a file added meanwhile is read by neither', async () => {
  const { dir } = place();
  const other = path.join(dir, 'other.toml');
  fs.writeFileSync(other, FILE);
  let report = '';
  const sink = Object.assign(new PassThrough(), { write: (s: string) => ((report += s), true) }) as unknown as NodeJS.WritableStream;
  const check = async (paths: string[]) => {
    report = '';
    return runCheck(parseCheckArgs(paths), sink, sink, new PassThrough());
  };
  // Handed over for these paths, taken by the check of them, once: the next searches again.
  handOver([dir], true, { files: [other], problems: [], seen: seenNothing() });
  assert.equal(await check([dir]), 1);
  assert.match(report, /other\.toml:2:22: information unknown-tool/);
  assert.match(report, /^1 file checked:/m);
  assert.equal(await check([dir]), 1);
  assert.match(report, /mars\.toml:2:22: information unknown-tool/);
  assert.doesNotMatch(report, /other\.toml/);
  // A search of other paths is not theirs.
  handOver([other], true, { files: [], problems: [], seen: seenNothing() });
  assert.equal(await check([dir]), 1);
  assert.match(report, /^1 file checked:/m);
  assert.equal(await check([other]), 1, 'taken by the check before, though not used');
  // And dist/cli.js hands its search to the checker it loads.
  const build = tempDir('mars-cli-build-');
  fs.copyFileSync(path.join(DIST, 'cli.js'), path.join(build, 'cli.js'));
  fs.writeFileSync(path.join(build, 'cli-main.js'), "process.stdout.write(JSON.stringify(globalThis[Symbol.for('mars-toml.search')].search.files));");
  assert.deepEqual(JSON.parse(run(dir, ['check'], {}, path.join(build, 'cli.js')).out), ['mars.toml']);
});

test('a run that is not kept (a path not read, a folder named that holds nothing, a file not hashed) reads the search made to name its entry too: no run walks the folders twice', () => {
  const { dir, folder } = place();
  fs.mkdirSync(path.join(dir, 'empty'));
  const build = tempDir('mars-cli-build-');
  fs.copyFileSync(path.join(DIST, 'cli.js'), path.join(build, 'cli.js'));
  // The checker says what was handed to it: the files and paths not read of the search, or nothing.
  fs.writeFileSync(path.join(build, 'cli-main.js'), "const h = globalThis[Symbol.for('mars-toml.search')]; process.stdout.write(JSON.stringify(h ? [h.search.files, h.search.problems.length, h.search.seen.emptyFolders] : null));");
  const rows: Array<[string[], unknown]> = [
    [['check'], [['mars.toml'], 0, []]],
    [['check', '.', 'missing.toml'], [['mars.toml'], 1, []]],
    [['check', 'empty'], [[], 0, ['empty']]],
    [['check', 'mars.toml', 'empty'], [['mars.toml'], 0, ['empty']]],
    [['check', '--format', 'json', 'missing'], [[], 1, []]],
    [['check', '--no-cache'], null], // no search made before the checker loads
  ];
  if (posix) {
    spawnSync('mkfifo', [path.join(dir, 'piped.toml')]);
    rows.push([['check', 'piped.toml', '.'], [['piped.toml', 'mars.toml'], 0, []]]); // a pipe named: not hashed, and read by the check (which says what it is)
  }
  for (const [args, handed] of rows) assert.deepEqual(JSON.parse(run(dir, args, {}, path.join(build, 'cli.js')).out), handed, args.join(' '));
  // Checked from it, each says what a check of its own search says.
  const kept = entries(folder).length;
  for (const [args] of rows) assert.deepEqual(run(dir, args), run(dir, [...args, '--no-cache']), args.join(' '));
  assert.equal(entries(folder).length, kept + 1, 'only the first is kept');
});

test('only a check whose output depends on what it reads alone is kept: not --fix, stdin, a file not read, a usage error, --no-cache', () => {
  const { dir, folder } = place();
  const runs: Array<[string[], number]> = [
    [['check', 'mars.toml', 'missing.toml'], 2],
    [['check', '--format', 'xml', 'mars.toml'], 2],
    [['check', '--severity', 'nothing', 'mars.toml'], 2],
    [['check', 'mars.toml', '--no-cache'], 1],
    [['check', '--fix', 'mars.toml'], 0], // last: it writes the file
  ];
  for (const [args, code] of runs) assert.equal(run(dir, args).code, code, args.join(' '));
  const stdin = spawnSync(process.execPath, [path.join(DIST, 'cli.js'), 'check', '-'], { cwd: dir, input: FILE, encoding: 'utf8', env: userEnv(dir) });
  assert.equal(stdin.status, 1);
  assert.deepEqual(entries(folder), []);
  assert.ok(fs.readdirSync(folder).some((n) => n.endsWith('.v8cache')), 'the code cache was written');
});

test('a check that ends in a bug of ours (an uncaught exception, exit 1), or whose file changed while it ran (even changed back), is not kept', () => {
  const { dir, folder } = place();
  const build = tempDir('mars-cli-build-');
  fs.copyFileSync(path.join(DIST, 'cli.js'), path.join(build, 'cli.js'));
  const runs = path.join(dir, 'runs');
  const checker = (body: string) => fs.writeFileSync(path.join(build, 'cli-main.js'), `require('fs').appendFileSync(${JSON.stringify(runs)}, 'x');\nprocess.stdout.write('said\\n');\n${body}\n`);
  const twice = (why: string) => {
    fs.rmSync(runs, { force: true });
    for (let i = 0; i < 2; i++) assert.equal(run(dir, ['check', 'mars.toml'], {}, path.join(build, 'cli.js')).code, 1, why);
    assert.equal(fs.readFileSync(runs, 'utf8'), 'xx', `${why}: it ran each time`);
  };
  checker(`setTimeout(() => { throw new Error('a bug'); });`);
  twice('an uncaught exception');
  checker(`require('fs').appendFileSync('mars.toml', '# more\\n'); process.exitCode = 1;`);
  twice('the file changed');
  // Written over and back, a moment after the start (a file's times may be a few ms apart).
  checker(`setTimeout(() => { const fs = require('fs'); const was = fs.readFileSync('mars.toml'); fs.writeFileSync('mars.toml', '# meanwhile\\n'); fs.writeFileSync('mars.toml', was); process.exitCode = 1; }, 50);`);
  twice('the file changed and changed back');
  checker(`process.stdout.write(Buffer.alloc(65 << 20)); process.exitCode = 1;`);
  twice('output past what is kept');
  assert.deepEqual(entries(folder), []);
  // The same checker with the file left alone: kept, and said again without running.
  checker('process.exitCode = 1;');
  fs.rmSync(runs, { force: true });
  for (let i = 0; i < 2; i++) assert.deepEqual(run(dir, ['check', 'mars.toml'], {}, path.join(build, 'cli.js')), { code: 1, out: 'said\n', err: '' });
  assert.equal(fs.readFileSync(runs, 'utf8'), 'x');
});

test("a run during which Node wrote on its own, a warning or NODE_DEBUG's lines, each naming its process, or with a module preloaded, is not kept", () => {
  const { dir, folder } = place();
  const checked = run(dir, ['check', 'mars.toml', '--no-cache']);
  // NODE_DEBUG's lines, written through stderr as the check runs: the run after, without it, said them.
  const debug = run(dir, ['check', 'mars.toml'], { NODE_DEBUG: 'module' });
  assert.match(debug.err, /^MODULE \d+: /m);
  assert.deepEqual(entries(folder), []);
  assert.deepEqual(run(dir, ['check', 'mars.toml']), checked);
  fs.rmSync(folder, { recursive: true });
  // A flag in NODE_OPTIONS that Node warns of (Node 20: `--experimental-permission`), as the check
  // runs: one warning, the run's own, each time.
  const flag = '--experimental-permission --allow-fs-read=* --allow-fs-write=*';
  if (/ExperimentalWarning/.test(spawnSync(process.execPath, [...flag.split(' '), '-e', '0'], { encoding: 'utf8' }).stderr)) {
    for (let i = 0; i < 2; i++) {
      const r = run(dir, ['check', 'mars.toml'], { NODE_OPTIONS: flag });
      assert.equal(r.code, 1);
      assert.equal(r.err.match(/ExperimentalWarning/g)?.length, 1, r.err);
    }
    assert.deepEqual(entries(folder), []);
  }
  // A module preloaded (`--require`, `--import`, on Node's command line or in NODE_OPTIONS) runs in
  // the check: what it writes meanwhile, once a run, whatever its bytes; never kept.
  const preload = path.join(dir, 'writes.js');
  fs.writeFileSync(preload, "setImmediate(() => process.stdout.write('preloaded\\n'));\n");
  for (const [env, options] of [[{ NODE_OPTIONS: `--require ${preload}` }, []], [{}, ['-r', preload]], [{}, [`--import=${pathToFileURL(preload).href}`]]] as const) {
    for (let i = 0; i < 2; i++) {
      const r = run(dir, ['check', 'mars.toml'], env, path.join(DIST, 'cli.js'), [...options]);
      assert.equal(r.code, 1);
      assert.equal(r.out.match(/^preloaded$/gm)?.length, 1, `${JSON.stringify([env, options])}: ${r.out}`);
    }
  }
  assert.deepEqual(entries(folder), []);
});

test('an entry cut short or changed is not said: the check runs and keeps it again; nor is one in a folder others can write', () => {
  const { dir, folder } = place();
  const first = run(dir, ['check', '--format', 'json', 'mars.toml']);
  const [entry] = entries(folder);
  const whole = fs.readFileSync(entry!);
  // A head damaged as the entry's length still allows: its writes' lengths add up to the bytes after it.
  const at = whole.indexOf(10) + 1;
  const head = JSON.parse(whole.subarray(0, at).toString()) as { files: string; exit: number; chunks: [number, number][] };
  const body = whole.subarray(at);
  assert.deepEqual(head.chunks, [[1, body.length]], 'the JSON, one write');
  const n = body.length;
  const heads = [
    { ...head, exit: 7 }, { ...head, exit: 256 }, { ...head, exit: -1 }, { ...head, exit: '1' }, { ...head, exit: undefined },
    { ...head, chunks: [[3, n]] }, { ...head, chunks: [['1', n]] }, { ...head, chunks: [[1, String(n)]] }, { ...head, chunks: [[1, n, 0]] },
    // A write of -100 bytes, then 100 more than the report: a whole block of memory was written to stderr.
    { ...head, chunks: [[2, -100], [1, n + 100]] },
    { ...head, chunks: [[1, n - 0.5], [2, 0.5]] },
    { ...head, files: [head.files] }, { ...head, files: undefined }, { ...head, chunks: { 0: [1, n], length: 1 } },
  ];
  for (const damaged of [whole.subarray(0, whole.length - 1), Buffer.concat([whole, Buffer.from('x')]), whole.subarray(0, 10), Buffer.from('not json\n'), ...heads.map((h) => Buffer.concat([Buffer.from(`${JSON.stringify(h)}\n`), body]))]) {
    fs.writeFileSync(entry!, damaged);
    assert.deepEqual(run(dir, ['check', '--format', 'json', 'mars.toml']), first, damaged.subarray(0, damaged.indexOf(10)).toString());
    assert.deepEqual(fs.readFileSync(entry!), whole, 'kept again');
  }
  if (posix) {
    mark(folder);
    fs.chmodSync(folder, 0o777);
    assert.deepEqual(run(dir, ['check', '--format', 'json', 'mars.toml']), first, 'a folder others can write is not read');
  }
});

test('said from the cache, output that cannot be written ends as the check would: exit 2 and why on a full disk, the exit status of the check when the reader stops early; through a slow pipe, stdout and stderr in the order written', { skip: !fs.existsSync('/dev/full') }, () => {
  const { dir, folder } = place();
  const env = userEnv(dir);
  run(dir, ['check', 'mars.toml']);
  assert.equal(entries(folder).length, 1);
  // Stdout on a full disk: the check's stderr byte for byte, the failure said where the check says
  // it: after the summary when the report was one write, before it when a write after the first failed one was held back.
  const onFull = (...extra: string[]) => {
    const full = fs.openSync('/dev/full', 'w');
    try {
      const r = spawnSync(process.execPath, [path.join(DIST, 'cli.js'), 'check', 'mars.toml', ...extra], { cwd: dir, stdio: ['ignore', full, 'pipe'], encoding: 'utf8', env });
      return { code: r.status, err: r.stderr };
    } finally {
      fs.closeSync(full);
    }
  };
  const small = onFull();
  assert.equal(small.code, 2, small.err);
  assert.match(small.err, /^mars-toml: cannot write the output: no space left on the device$/m);
  assert.deepEqual(small, onFull('--no-cache'));
  const big = `${FILE}${Array.from({ length: 3000 }, (_, i) => `[agents.a${i}.tools]\nallowed = ["reed"]\n`).join('')}`;
  fs.writeFileSync(path.join(dir, 'mars.toml'), big);
  run(dir, ['check', 'mars.toml']);
  assert.deepEqual(onFull(), onFull('--no-cache'));
  const r = spawnSync('bash', ['-c', '"$0" "$@" | head -c 10; exit ${PIPESTATUS[0]}', process.execPath, path.join(DIST, 'cli.js'), 'check', 'mars.toml'], { cwd: dir, encoding: 'utf8', env });
  assert.equal(r.stdout.length, 10);
  assert.equal(r.status, 1, 'the exit status of the check');
  assert.doesNotMatch(r.stderr, /EPIPE|Unhandled|cannot write/);
  // stdout and stderr one pipe, read slowly (a write waits): in the order the check wrote them.
  const slowly = (...extra: string[]) => spawnSync('sh', ['-c', '"$0" "$@" 2>&1 | (sleep 1; cat)', process.execPath, path.join(DIST, 'cli.js'), 'check', 'mars.toml', ...extra], { cwd: dir, encoding: 'utf8', env, maxBuffer: 1 << 28 }).stdout;
  const checked = slowly('--no-cache');
  assert.ok(checked.length > 300_000 && checked.endsWith('1 file checked: 1 error, 1 warning, 3003 information (3 fixable with --fix)\n'), checked.slice(-200));
  assert.equal(slowly(), checked);
});

/** Whether a folder can be mounted read-only over itself in a namespace of our own (`unshare`: Linux, user namespaces allowed). */
const readOnlyMounts = posix && spawnSync('unshare', ['-rm', 'sh', '-c', 'mount --bind "$0" "$0" && mount -o remount,ro,bind "$0" "$0"', os.tmpdir()]).status === 0;

test('said from a cache on a file system mounted read-only, as the check says it: exit 1, nothing more on stderr', { skip: !readOnlyMounts }, () => {
  const { dir, folder } = place();
  const first = run(dir, ['check', 'mars.toml']);
  mark(folder);
  const env = userEnv(dir);
  const mounted = 'mount --bind "$1" "$1" && mount -o remount,ro,bind "$1" "$1" && exec "$0" "$2" check mars.toml';
  const r = spawnSync('unshare', ['-rm', 'sh', '-c', mounted, process.execPath, folder, path.join(DIST, 'cli.js')], { cwd: dir, encoding: 'utf8', env });
  assert.deepEqual(outcome(r), { ...first, out: first.out.replace(/reed/g, 'REED') });
});

test('an entry no check has used for a month is removed when another is written, and those used longest ago while all hold more than 256 MiB; one said again is used', () => {
  const { dir, folder } = place();
  const made = (args: string[]) => {
    const before = entries(folder);
    run(dir, args);
    return entries(folder).find((e) => !before.includes(e))!;
  };
  const text = made(['check', 'mars.toml']);
  const json = made(['check', '--format', 'json', 'mars.toml']);
  const github = made(['check', '--format', 'github', 'mars.toml']);
  const daysAgo = (entry: string, days: number) => {
    const then = new Date(Date.now() - days * 24 * 3600_000);
    fs.utimesSync(entry, then, then);
  };
  daysAgo(text, 40);
  daysAgo(json, 40);
  daysAgo(github, 10);
  run(dir, ['check', 'mars.toml']); // said again: its entry is used
  const added = made(['check', '--format=json', 'mars.toml']); // a new one: the unused for a month are removed
  assert.deepEqual(new Set(entries(folder)), new Set([text, github, added]));
  // All held past 256 MiB: those used longest ago go first (entries made as sparse files, of 100 MiB each).
  const big = [3, 2, 1].map((days) => {
    const entry = path.join(folder, `result-${'0'.repeat(39)}${days}`);
    fs.writeFileSync(entry, '');
    fs.truncateSync(entry, 100 << 20);
    daysAgo(entry, days);
    return entry;
  });
  const newest = made(['check', '--format', 'json', '--severity', 'unknown-tool=off', 'mars.toml']);
  // Removed: github's (used 10 days ago), then the one of 3 days; then 200 MiB and a little are held.
  assert.deepEqual(new Set(entries(folder)), new Set([text, added, ...big.slice(1), newest]));
});
