// dist/server.js started as the VS Code extension starts it, with `--code-cache=<folder>`: the
// first start writes a V8 code cache there, later starts run from it, and nothing about the cache
// (missing, corrupt, stale, in a folder others can write, not a folder) changes what the server says.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { LspClient } from '../support/lspClient';
import { DIST } from '../support/paths';
import { tempDir } from '../support/tempDir';

const URI = 'file:///cache/mars.toml';
const TEXT = '[agents.a.tools]\nallowed = ["Shell", "reed"]\n';

/** One session: open, diagnostics, quit. The codes it saw, and how the server exited. */
async function session(folder: string): Promise<{ codes: unknown[]; exit: number }> {
  const c = await LspClient.start({ args: [`--code-cache=${folder}`] });
  try {
    await c.open(URI, TEXT);
    const codes = (await c.pushed(URI, 1)).map((d) => d.code);
    return { codes, exit: await c.quit() };
  } finally {
    await c.stop();
  }
}

const caches = (folder: string) => fs.readdirSync(folder).filter((n) => n.endsWith('.v8cache'));
const EXPECTED = ['non-canonical', 'unknown-tool'];
const posix = process.platform !== 'win32';

function tempFolder(): string {
  return tempDir('mars-code-cache-');
}

describe('the server code cache', () => {
  test('is written by the first start, private to the user, and read, not rewritten, by the next', async () => {
    const folder = path.join(tempFolder(), 'storage', 'code-cache'); // made by the server
    assert.deepEqual(await session(folder), { codes: EXPECTED, exit: 0 });
    const [name] = caches(folder);
    assert.ok(name, 'a cache was written at exit');
    const file = path.join(folder, name);
    const first = fs.statSync(file);
    assert.ok(first.size > 100_000, `the cache holds the compiled bundle (${first.size} bytes)`);
    if (posix) {
      assert.equal(fs.statSync(folder).mode & 0o777, 0o700);
      assert.equal(first.mode & 0o777, 0o600);
    }
    assert.deepEqual(await session(folder), { codes: EXPECTED, exit: 0 });
    assert.deepEqual(caches(folder), [name]);
    assert.equal(fs.statSync(file).ino, first.ino, 'an accepted cache is not written again');
  });

  test('is written only once the server has made diagnostics: soon after them, or at exit', async () => {
    const folder = tempFolder();
    // A session that opens no Mars file leaves no cache, which would hold the start alone.
    const idle = await LspClient.start({ args: [`--code-cache=${folder}`] });
    try {
      assert.equal(await idle.quit(), 0);
    } finally {
      await idle.stop();
    }
    assert.deepEqual(caches(folder), []);
    // One that does writes it while still running, without waiting for its exit.
    const c = await LspClient.start({ args: [`--code-cache=${folder}`] });
    try {
      await c.open(URI, TEXT);
      await c.pushed(URI, 1);
      const deadline = Date.now() + 10_000;
      while (caches(folder).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      assert.equal(caches(folder).length, 1, 'written while the server runs');
      assert.equal(c.exitCode, null);
      // Written once: not again for the diagnostics after, soon or at exit.
      const [name] = caches(folder);
      const ino = fs.statSync(path.join(folder, name!)).ino;
      await c.change(URI, 2, [{ text: `${TEXT}# again\n` }]);
      await c.pushed(URI, 2);
      assert.equal(await c.quit(), 0);
      assert.deepEqual(caches(folder), [name]);
      assert.equal(fs.statSync(path.join(folder, name!)).ino, ino, 'not written again');
    } finally {
      await c.stop();
    }
  });

  test('a cache whose payload is whole but that V8 rejects (of another engine) is replaced', async () => {
    const folder = tempFolder();
    await session(folder);
    const [name] = caches(folder);
    const file = path.join(folder, name!);
    // The payload's digest right, so only V8 can reject it.
    const payload = Buffer.alloc(50_000, 7);
    const rejected = Buffer.concat([createHash('sha256').update(payload).digest(), payload]);
    fs.writeFileSync(file, rejected);
    assert.deepEqual(await session(folder), { codes: EXPECTED, exit: 0 });
    assert.deepEqual(caches(folder), [name]);
    assert.notDeepEqual(fs.readFileSync(file), rejected, 'the rejected cache was written again');
  });

  test('the caches of another front in the folder (the checker\'s, `cli-`) are not the server\'s to remove', async () => {
    const folder = tempFolder();
    const checker = path.join(folder, 'cli-0123456789abcdef0123.v8cache');
    fs.writeFileSync(checker, 'the checker\'s');
    assert.deepEqual(await session(folder), { codes: EXPECTED, exit: 0 });
    assert.equal(caches(folder).filter((n) => n.startsWith('server-')).length, 1);
    assert.equal(fs.readFileSync(checker, 'utf8'), 'the checker\'s');
  });

  test('a corrupt cache is rejected and replaced; a stale one is removed', async () => {
    const folder = tempFolder();
    await session(folder);
    const [name] = caches(folder);
    fs.writeFileSync(path.join(folder, name!), Buffer.alloc(50_000, 7));
    fs.writeFileSync(path.join(folder, 'server-0123456789abcdef0123.v8cache'), 'from an older build');
    fs.writeFileSync(path.join(folder, 'notes.txt'), 'not ours');
    assert.deepEqual(await session(folder), { codes: EXPECTED, exit: 0 });
    assert.deepEqual(caches(folder), [name]);
    assert.notDeepEqual(fs.readFileSync(path.join(folder, name!)), Buffer.alloc(50_000, 7));
    assert.ok(fs.existsSync(path.join(folder, 'notes.txt')), 'only caches are removed');
  });

  test('a cache damaged past its header (a lost disk block, a flipped bit) is not run, and is replaced', async () => {
    // V8 checks a cache's header, not its payload (release builds skip the checksum): run, such a
    // cache crashed Node before the server answered, at every start, as it was never rewritten.
    const folder = tempFolder();
    await session(folder);
    const [name] = caches(folder);
    const file = path.join(folder, name!);
    const good = fs.readFileSync(file);
    const damaged = Buffer.from(good);
    damaged.fill(0, damaged.length >> 2, (damaged.length >> 2) + 4096);
    for (let i = damaged.length >> 1; i < damaged.length; i += 997) damaged[i]! ^= 0xff;
    fs.writeFileSync(file, damaged);
    assert.deepEqual(await session(folder), { codes: EXPECTED, exit: 0 });
    assert.deepEqual(caches(folder), [name]);
    assert.notDeepEqual(fs.readFileSync(file), damaged, 'the damaged cache was written again');
    assert.deepEqual(await session(folder), { codes: EXPECTED, exit: 0 });
  });

  test('leaves no temporary file: not from a write that fails, nor from a server killed while writing', { skip: !posix && 'no ulimit' }, async () => {
    // A file size limit fails the write halfway, as a full disk does, at every start.
    const folder = tempFolder();
    const server = path.join(DIST, 'server.js');
    const limited = spawnSync('sh', ['-c', 'ulimit -f 100; exec "$0" "$@"', process.execPath, server, `--code-cache=${folder}`, '--stdio'], { input: '' });
    assert.equal(limited.signal, null);
    assert.deepEqual(fs.readdirSync(folder), []);

    // One a server killed mid-write left (its pid in the name) is removed by the next write...
    const killed = path.join(folder, 'server-0123456789abcdef0123.v8cache.4242.tmp');
    fs.writeFileSync(killed, 'half a cache');
    const old = new Date(Date.now() - 3_600_000);
    fs.utimesSync(killed, old, old);
    // ...but not one a server starting meanwhile is writing now.
    const writing = path.join(folder, 'server-0123456789abcdef0123.v8cache.4243.tmp');
    fs.writeFileSync(writing, 'being written');
    assert.deepEqual(await session(folder), { codes: EXPECTED, exit: 0 });
    assert.equal(caches(folder).length, 1);
    assert.deepEqual(fs.readdirSync(folder).filter((n) => n.endsWith('.tmp')), [path.basename(writing)]);
  });

  test('a write that fails at its rename leaves no temporary file (the ulimit run above makes no diagnostics, so writes nothing)', async () => {
    // The cache's name from a first session; where a second would rename onto it, a folder stands.
    const first = tempFolder();
    await session(first);
    const [name] = caches(first);
    const folder = tempFolder();
    fs.mkdirSync(path.join(folder, name!, 'x'), { recursive: true });
    assert.deepEqual(await session(folder), { codes: EXPECTED, exit: 0 });
    assert.deepEqual(fs.readdirSync(folder), [name]);
  });

  test('a folder others can write is not used, nor a path that is a file', { skip: !posix && 'no mode bits' }, async () => {
    const shared = tempFolder();
    fs.chmodSync(shared, 0o777);
    assert.deepEqual(await session(shared), { codes: EXPECTED, exit: 0 });
    assert.deepEqual(caches(shared), []);
    // Writable by its group alone is shared too.
    const group = tempFolder();
    fs.chmodSync(group, 0o770);
    assert.deepEqual(await session(group), { codes: EXPECTED, exit: 0 });
    assert.deepEqual(caches(group), []);
    // One of another user (as root, who can give it away), private to them, is not this user's.
    if (process.getuid?.() === 0) {
      const theirs = tempFolder();
      fs.chownSync(theirs, 4242, 4242);
      assert.deepEqual(await session(theirs), { codes: EXPECTED, exit: 0 });
      assert.deepEqual(caches(theirs), []);
    }

    const file = path.join(tempFolder(), 'a-file');
    fs.writeFileSync(file, 'x');
    assert.deepEqual(await session(file), { codes: EXPECTED, exit: 0 });
    assert.equal(fs.readFileSync(file, 'utf8'), 'x');
  });
});
