// replaceFile, the write behind `check --fix`, with a write that fails partway as a full disk makes it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { replaceFile } from '../../server/src/cli/files';
import { tempDir } from '../support/tempDir';

const OLD = Buffer.from('[agents.a.tools]\nallowed = ["Shell"]\n');
const SHORTER = Buffer.from('[agents.a.tools]\nallowed = ["bash"]\n');
const LONGER = Buffer.from('[agents.a.tools]\nallowed = ["bash", "mcp(github/get_issue)"]\n');
/** What was checked: the text the fix was made for. */
const IS_OLD = (b: Buffer) => b.equals(OLD);

function file(): string {
  const dir = tempDir('mars-replace-');
  fs.writeFileSync(path.join(dir, 'mars.toml'), OLD);
  return path.join(dir, 'mars.toml');
}

/** A write that puts half its data in the file, then fails as a full disk does; `times` writes fail, the later ones work. */
function failing(times = Infinity) {
  let calls = 0;
  return (fd: number, data: Uint8Array, at: number) => {
    if (calls++ >= times) return void fs.writeSync(fd, data, 0, data.length, at);
    fs.writeSync(fd, data, 0, data.length >> 1, at);
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  };
}

test('a longer text takes its room past the old end first: a full disk there leaves the file as it was', () => {
  const f = file();
  assert.throws(() => replaceFile(f, LONGER, IS_OLD, failing()), /: no space left on the device \(it is as it was\)/);
  assert.deepEqual(fs.readFileSync(f), OLD);
  replaceFile(f, LONGER, IS_OLD);
  assert.deepEqual(fs.readFileSync(f), LONGER);
});

test('a write that fails over the old text puts it back, and says whether it could', () => {
  for (const text of [SHORTER, LONGER]) {
    const f = file();
    // The longer text's room is taken (one write), then the write over the old text fails once.
    const failFrom = text === LONGER ? 1 : 0;
    let calls = 0;
    const once = failing(1);
    assert.throws(() => replaceFile(f, text, IS_OLD, (fd, data, at) => (calls++ < failFrom ? fs.writeSync(fd, data, 0, data.length, at) : once(fd, data, at))),
      /: no space left on the device \(it was written back as it was\)/);
    assert.deepEqual(fs.readFileSync(f), OLD, text.toString());
  }
  const f = file();
  assert.throws(() => replaceFile(f, SHORTER, IS_OLD, failing()), /\(it could not be written back as it was and may be cut short\)/);
});

test('the file is written in place: the same inode, its mode, its hard links and a symbolic link to it', () => {
  const f = file();
  const dir = path.dirname(f);
  fs.chmodSync(f, 0o640);
  fs.linkSync(f, path.join(dir, 'other.toml'));
  fs.symlinkSync(f, path.join(dir, 'link.toml'));
  const before = fs.statSync(f);
  replaceFile(path.join(dir, 'link.toml'), SHORTER, IS_OLD);
  const after = fs.statSync(f);
  assert.deepEqual([after.ino, after.mode, after.uid, after.gid], [before.ino, before.mode, before.uid, before.gid]);
  assert.deepEqual(fs.readFileSync(path.join(dir, 'other.toml')), SHORTER);
  assert.ok(fs.lstatSync(path.join(dir, 'link.toml')).isSymbolicLink());
  assert.deepEqual(fs.readdirSync(dir).sort(), ['link.toml', 'mars.toml', 'other.toml']);
});

/** A write that lets `save` run first, once: an editor saving while the fix is written. */
function savingFirst(save: () => void) {
  let once = true;
  return (fd: number, data: Uint8Array, at: number) => {
    if (once) {
      once = false;
      save();
    }
    fs.writeSync(fd, data, 0, data.length, at);
  };
}

test('a file that no longer holds what was checked is left alone, and so is one an editor saves over while it is written', () => {
  const f = file();
  const saved = Buffer.from('[agents.a.tools]\nallowed = ["Shell", "saved by the editor"]\n');
  fs.writeFileSync(f, saved);
  assert.equal(replaceFile(f, SHORTER, IS_OLD), 'changed');
  assert.deepEqual(fs.readFileSync(f), saved);
  // Saved as editors do, a new file renamed over the path, after the file was opened to be fixed.
  const g = file();
  const result = replaceFile(g, LONGER, IS_OLD, savingFirst(() => {
    fs.writeFileSync(`${g}.tmp`, saved);
    fs.renameSync(`${g}.tmp`, g);
  }));
  assert.equal(result, 'changed');
  assert.deepEqual(fs.readFileSync(g), saved);
  assert.equal(replaceFile(g, SHORTER, (b) => b.equals(saved)), 'written');
  assert.deepEqual(fs.readFileSync(g), SHORTER);
});

test('a save in place while the fix is written leaves the fixed text whole, never the two mixed', () => {
  const f = file();
  const saved = Buffer.from('[agents.a.tools]\nallowed = ["Shell", "read", "edit", "grep"]\n');
  const result = replaceFile(f, SHORTER, IS_OLD, savingFirst(() => fs.writeFileSync(f, saved))); // the same file, made longer
  assert.equal(result, 'written');
  assert.deepEqual(fs.readFileSync(f), SHORTER);
});
