// replaceFile, the write behind `check --fix`, with a write that fails partway as a full disk makes it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { replaceFile } from '../../server/src/cli/files';

const OLD = Buffer.from('[agents.a.tools]\nallowed = ["Shell"]\n');
const NEW = Buffer.from('[agents.a.tools]\nallowed = ["bash"]\n');

function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mars-replace-'));
  fs.writeFileSync(path.join(dir, 'mars.toml'), OLD);
  return dir;
}

/** A write that puts half its data at the start of the file, then fails as a full disk does; `times` writes fail, the later ones work. */
function failing(times = Infinity) {
  let calls = 0;
  return (fd: number, data: Uint8Array) => {
    if (calls++ >= times) return void fs.writeSync(fd, data, 0, data.length, 0);
    fs.writeSync(fd, data, 0, data.length >> 1, 0);
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  };
}

test('a write that fails leaves the file as it was and no temporary file', () => {
  const dir = folder();
  const file = path.join(dir, 'mars.toml');
  assert.throws(() => replaceFile(file, NEW, OLD, failing()), /no space left on device.*\(it is as it was\)/);
  assert.deepEqual(fs.readFileSync(file), OLD);
  assert.deepEqual(fs.readdirSync(dir), ['mars.toml']);
  replaceFile(file, NEW, OLD);
  assert.deepEqual(fs.readFileSync(file), NEW);
  assert.deepEqual(fs.readdirSync(dir), ['mars.toml']);
});

test('in place (a hard-linked file), a write that fails puts the old text back, and says whether it could', () => {
  const dir = folder();
  const file = path.join(dir, 'mars.toml');
  const other = path.join(dir, 'other.toml');
  fs.linkSync(file, other);
  assert.throws(() => replaceFile(file, NEW, OLD, failing(1)), /no space left on device.*\(it was written back as it was\)/);
  assert.deepEqual(fs.readFileSync(file), OLD);
  assert.throws(() => replaceFile(file, NEW, OLD, failing()), /\(it could not be written back as it was and may be cut short\)/);
  replaceFile(file, NEW, OLD);
  assert.deepEqual(fs.readFileSync(other), NEW, 'the links still share the file');
  assert.deepEqual(fs.readdirSync(dir).sort(), ['mars.toml', 'other.toml']);
});
