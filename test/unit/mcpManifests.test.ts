// The MCP manifests a project declares are read from disk without blocking the server, and kept a
// few seconds: completion answers at once with what was read last (reading again for the next
// request), go to definition waits for a fresh read, and a root is read once at a time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { manifestCache } from '../../server/src/node/mcpServers';
import { manifestsOf, touchesManifests, type McpManifest } from '../../server/src/features/mcpServers';
import { tempDir } from '../support/tempDir';

/** A read the test ends by hand, counting the reads started. */
function manualReads() {
  const pending: Array<(m: McpManifest[]) => void> = [];
  let started = 0;
  const read = (_root: string) => {
    started++;
    return new Promise<McpManifest[]>((resolve) => pending.push(resolve));
  };
  const finish = (...names: string[]) => pending.shift()!(names.map((name) => ({ name, uri: `file:///${name}`, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } })));
  const finishLast = (...names: string[]) => pending.pop()!(names.map((name) => ({ name, uri: `file:///${name}`, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } })));
  return { read, finish, finishLast, started: () => started };
}

const names = (ms: readonly McpManifest[]) => ms.map((m) => m.name);

test('older manifests: completion gets them at once while they are read again, definition waits for the new read', async () => {
  let clock = 0;
  const reads = manualReads();
  const servers = manifestCache(5000, () => clock, reads.read);

  const first = servers('/p', 'soon'); // nothing read yet: even completion waits for the first read
  const alsoFirst = servers('/p', 'fresh');
  assert.equal(reads.started(), 1, 'one read of a root at a time');
  reads.finish('github');
  assert.deepEqual(names(await first), ['github']);
  assert.deepEqual(names(await alsoFirst), ['github']);

  clock = 4999;
  assert.deepEqual(names(await servers('/p', 'fresh')), ['github'], 'within the time kept, no read');
  assert.equal(reads.started(), 1);

  clock = 5000;
  assert.deepEqual(names(await servers('/p', 'soon')), ['github'], 'completion does not wait for the disk');
  assert.equal(reads.started(), 2, 'but starts the read for the next request');
  const definition = servers('/p', 'fresh');
  assert.equal(reads.started(), 2, 'the read under way is shared');
  reads.finish('github', 'linear');
  assert.deepEqual(names(await definition), ['github', 'linear']);
  assert.deepEqual(names(await servers('/p', 'soon')), ['github', 'linear']);
  assert.equal(reads.started(), 2);
});

test('forget (the file watcher told of a change): the next request reads again, and a read begun before it is not kept', async () => {
  const reads = manualReads();
  const servers = manifestCache(5000, () => 0, reads.read);
  const first = servers('/p', 'soon');
  servers.forget(); // the change came while the first read was under way
  const second = servers('/p', 'soon');
  assert.equal(reads.started(), 2, 'a read begun after the change');
  reads.finish('old');
  reads.finish('new');
  assert.deepEqual(names(await first), ['old']);
  assert.deepEqual(names(await second), ['new']);
  assert.deepEqual(names(await servers('/p', 'soon')), ['new'], 'what the older read saw is not kept');
  servers.forget();
  const third = servers('/p', 'soon');
  assert.equal(reads.started(), 3, 'within the time kept, but told of a change: read again');
  reads.finish('newer');
  assert.deepEqual(names(await third), ['newer']);
});

test('the file events that touch manifests: an mcp/ folder, a server folder in it, its mcp.toml', () => {
  for (const uri of ['file:///w/mcp', 'file:///w/mcp/gh', 'file:///w/sub/mcp/gh/mcp.toml']) assert.ok(touchesManifests(uri), uri);
  for (const uri of ['file:///w/mars.toml', 'file:///w/mcp/gh/README.md', 'file:///w/mcp.toml', 'file:///w/x/gh/mcp.toml', 42]) assert.ok(!touchesManifests(uri), String(uri));
});

test('a read that fails leaves the list as it was, and the next request reads again', async () => {
  let clock = 0;
  let calls = 0;
  const servers = manifestCache(5000, () => clock, async () => {
    if (++calls === 2) throw new Error('disk gone');
    return [{ name: `s${calls}`, uri: 'file:///m', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }];
  });
  assert.deepEqual(names(await servers('/p', 'soon')), ['s1']);
  clock = 6000;
  // The failing read runs unawaited behind this answer: its rejection must not end the process.
  assert.deepEqual(names(await servers('/p', 'soon')), ['s1']);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(names(await servers('/p', 'fresh')), ['s3']);
});

test('the disk read: a folder per server, named by its manifest or its folder; no mcp.toml, no server', async () => {
  const root = tempDir('mars-mcp-');
  const write = (folder: string, text: string | null) => {
    fs.mkdirSync(path.join(root, 'mcp', folder), { recursive: true });
    if (text !== null) fs.writeFileSync(path.join(root, 'mcp', folder, 'mcp.toml'), text);
  };
  write('gh', '\uFEFFname = "github"\n');
  write('linear', 'command = "linear-mcp"\n');
  write('empty', null);
  const servers = manifestCache();
  const found = (await servers(root, 'fresh')).slice().sort((a, b) => a.name.localeCompare(b.name));
  assert.deepEqual(found.map((m) => [m.name, path.basename(path.dirname(new URL(m.uri).pathname)), m.range.start]), [
    ['github', 'gh', { line: 0, character: 8 }],
    ['linear', 'linear', { line: 0, character: 0 }],
  ]);
});

test('the disk read: a link to a server\'s folder is one; a huge mcp.toml is none; a name that is blank, not closed, dotted or in a table names no server, the folder does', async () => {
  const root = tempDir('mars-mcp-');
  const write = (folder: string, text: string) => {
    fs.mkdirSync(path.join(root, 'mcp', folder), { recursive: true });
    fs.writeFileSync(path.join(root, 'mcp', folder, 'mcp.toml'), text);
  };
  fs.mkdirSync(path.join(root, 'elsewhere', 'real'), { recursive: true });
  fs.writeFileSync(path.join(root, 'elsewhere', 'real', 'mcp.toml'), 'name = "linked"\n');
  fs.mkdirSync(path.join(root, 'mcp'));
  fs.symlinkSync(path.join(root, 'elsewhere', 'real'), path.join(root, 'mcp', 'link'), 'dir');
  write('huge', `name = "huge"\n${'#'.repeat(1 << 20)}\n`);
  write('blank', 'name = "  "\n');
  write('open', 'name = "open\n');
  write('dotted', 'name.x = "dotted"\n');
  write('table', '[server]\nname = "table"\n');
  write(' spaced ', 'command = "x"\n');
  const found = (await manifestCache()(root, 'fresh')).slice().sort((a, b) => a.name.localeCompare(b.name));
  assert.deepEqual(found.map((m) => [m.name, path.basename(path.dirname(fileURLToPath(m.uri))), m.range.start]), [
    ['blank', 'blank', { line: 0, character: 0 }],
    ['dotted', 'dotted', { line: 0, character: 0 }],
    ['linked', 'link', { line: 0, character: 8 }],
    ['open', 'open', { line: 0, character: 0 }],
    ['spaced', ' spaced ', { line: 0, character: 0 }],
    ['table', 'table', { line: 0, character: 0 }],
  ]);
});

test('the manifests of a server: those of its name, each file once', () => {
  const at = (name: string, uri: string): McpManifest => ({ name, uri, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } });
  const all = [at('gh', 'file:///a/mcp.toml'), at('linear', 'file:///b/mcp.toml'), at('gh', 'file:///a/mcp.toml'), at('gh', 'file:///c/mcp.toml')];
  assert.deepEqual(manifestsOf(all, 'gh').map((m) => m.uri), ['file:///a/mcp.toml', 'file:///c/mcp.toml']);
  assert.deepEqual(manifestsOf(all, 'GH'), []);
});

test('forget while a read is under way: the older read ending last is not kept, nor does it end the newer read shared by the next request', async () => {
  const reads = manualReads();
  const servers = manifestCache(5000, () => 0, reads.read);
  const first = servers('/p', 'fresh');
  servers.forget();
  const second = servers('/p', 'fresh');
  assert.equal(reads.started(), 2);
  // The older read ends first, while the newer is under way: the next request shares the newer.
  reads.finish('old');
  assert.deepEqual(names(await first), ['old']);
  const third = servers('/p', 'fresh');
  assert.equal(reads.started(), 2, 'the read begun after the change is shared');
  reads.finish('new');
  assert.deepEqual([names(await second), names(await third)], [['new'], ['new']]);
  assert.deepEqual(names(await servers('/p', 'soon')), ['new']);
  // The newer read ends before the older one: what the older saw is still not kept.
  servers.forget();
  const older = servers('/p', 'fresh');
  servers.forget();
  const newer = servers('/p', 'fresh');
  assert.equal(reads.started(), 4);
  reads.finishLast('newest');
  assert.deepEqual(names(await newer), ['newest']);
  reads.finish('stale');
  assert.deepEqual(names(await older), ['stale']);
  assert.deepEqual(names(await servers('/p', 'soon')), ['newest'], 'the older read, ended last, is not kept');
  assert.equal(reads.started(), 4);
});
