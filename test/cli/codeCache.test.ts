// The checker as `mars-toml` runs it: dist/cli.js runs dist/cli-main.js from a V8 code cache in the
// user's cache folder, written by the first check. Where it is, when it is written, and that nothing
// about it changes what the checker says. (How a cache is kept safe, damaged, stale or in a folder
// others can write, is tested on the server, which shares the code: test/lsp/codeCache.test.ts.)
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { DIST } from '../support/paths';
import { tempDir } from '../support/tempDir';

const FILE = '[agents.a.tools]\nallowed = ["Shell", "reed"]\n';
const posix = process.platform !== 'win32';

/** A folder with a mars.toml, and a home of its own. */
function place(): { dir: string; home: string } {
  const dir = tempDir('mars-cli-cache-');
  fs.writeFileSync(path.join(dir, 'mars.toml'), FILE);
  const home = path.join(dir, 'home');
  fs.mkdirSync(home);
  return { dir, home };
}

/** `mars-toml <args>` in `dir` with `env` (and no cache setting but those given); by default a check not said from the results kept (resultCache.ts), which loads no checker. */
function run(dir: string, env: Record<string, string>, args = ['check', '--no-cache']) {
  const base = { ...process.env };
  delete base.XDG_CACHE_HOME;
  delete base.NODE_DISABLE_COMPILE_CACHE;
  const r = spawnSync(process.execPath, [path.join(DIST, 'cli.js'), ...args], { cwd: dir, encoding: 'utf8', env: { ...base, ...env }, timeout: 20_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const caches = (folder: string) => (fs.existsSync(folder) ? fs.readdirSync(folder).filter((n) => n.endsWith('.v8cache')) : []);

test('the first check writes a cache in $XDG_CACHE_HOME/mars-toml, private to the user; the next runs from it without writing it again, and says the same', () => {
  const { dir, home } = place();
  const xdg = path.join(dir, 'xdg');
  const plain = run(dir, { HOME: home, NODE_DISABLE_COMPILE_CACHE: '1' });
  assert.equal(plain.code, 0);
  assert.match(plain.out, /non-canonical/);
  assert.deepEqual(fs.readdirSync(home), [], 'NODE_DISABLE_COMPILE_CACHE: no cache, no folder made');

  assert.deepEqual(run(dir, { HOME: home, XDG_CACHE_HOME: xdg }), plain);
  const folder = path.join(xdg, 'mars-toml');
  const [name] = caches(folder);
  assert.ok(name?.startsWith('cli-'), `a cache was written: ${fs.readdirSync(folder)}`);
  const first = fs.statSync(path.join(folder, name));
  assert.ok(first.size > 50_000, `it holds the compiled checker (${first.size} bytes)`);
  if (posix) {
    assert.equal(fs.statSync(folder).mode & 0o777, 0o700);
    assert.equal(first.mode & 0o777, 0o600);
  }
  assert.deepEqual(run(dir, { HOME: home, XDG_CACHE_HOME: xdg }), plain);
  assert.deepEqual(run(dir, { HOME: home, XDG_CACHE_HOME: xdg }, ['check', '--format', 'json', '--no-cache']).code, 0);
  assert.deepEqual(caches(folder), [name]);
  assert.equal(fs.statSync(path.join(folder, name)).ino, first.ino, 'an accepted cache is not written again');
});

test('without XDG_CACHE_HOME, or with a relative one (which the spec ignores), the cache is in ~/.cache/mars-toml', () => {
  const { dir, home } = place();
  for (const env of [{}, { XDG_CACHE_HOME: 'relative' }] as Array<Record<string, string>>) {
    fs.rmSync(path.join(home, '.cache'), { recursive: true, force: true });
    assert.equal(run(dir, { HOME: home, ...env }).code, 0);
    assert.equal(caches(path.join(home, '.cache', 'mars-toml')).length, 1, JSON.stringify(env));
    assert.ok(!fs.existsSync(path.join(dir, 'relative')));
  }
});

test('only a check writes one: not --version, help or a usage error, whose cache would hold the start alone and be kept', () => {
  const { dir, home } = place();
  const xdg = path.join(dir, 'xdg');
  assert.equal(run(dir, { HOME: home, XDG_CACHE_HOME: xdg }, ['--version']).code, 0);
  assert.equal(run(dir, { HOME: home, XDG_CACHE_HOME: xdg }, ['check', '--help']).code, 0);
  assert.equal(run(dir, { HOME: home, XDG_CACHE_HOME: xdg }, ['check', '--fromat', 'json']).code, 2);
  assert.deepEqual(caches(path.join(xdg, 'mars-toml')), []);
});

test('a damaged cache, or a cache folder that cannot be made, changes nothing the checker says', () => {
  const { dir, home } = place();
  const xdg = path.join(dir, 'xdg');
  const plain = run(dir, { HOME: home, NODE_DISABLE_COMPILE_CACHE: '1' });
  run(dir, { HOME: home, XDG_CACHE_HOME: xdg });
  const folder = path.join(xdg, 'mars-toml');
  const file = path.join(folder, caches(folder)[0]!);
  const damaged = fs.readFileSync(file);
  for (let i = damaged.length >> 1; i < damaged.length; i += 997) damaged[i]! ^= 0xff;
  fs.writeFileSync(file, damaged);
  assert.deepEqual(run(dir, { HOME: home, XDG_CACHE_HOME: xdg }), plain);
  assert.notDeepEqual(fs.readFileSync(file), damaged, 'the damaged cache was written again');
  // XDG_CACHE_HOME a file: no folder can be made in it.
  const notAFolder = path.join(dir, 'mars.toml');
  assert.deepEqual(run(dir, { HOME: home, XDG_CACHE_HOME: notAFolder }), plain);
  assert.equal(fs.readFileSync(notAFolder, 'utf8'), FILE);
});

test('a cache folder in a file system where mkdir says ENOENT under a folder that exists (/proc) costs the cache, not the check: Node\'s recursive mkdir loops there for good', { skip: process.platform !== 'linux' }, () => {
  const { dir, home } = place();
  const plain = run(dir, { HOME: home, NODE_DISABLE_COMPILE_CACHE: '1' });
  assert.deepEqual(run(dir, { HOME: home, XDG_CACHE_HOME: '/proc/mars-test' }), plain);
  assert.deepEqual(run(dir, { HOME: '/proc' }), plain);
});
