// Runs a CommonJS bundle from a V8 code cache kept in a folder: the bytecode of the bundle and of
// every function it had compiled by the time the cache was written, so a later start neither parses
// the bundle nor compiles the functions its first work runs (the server's first diagnostics came
// 174 -> 132 ms after spawn, where an empty Node server takes about 117).
//
// V8 runs a cache's bytecode as it finds it, checking only its header: the source's length, the
// engine's version and flags, the payload's length (release builds skip the payload's checksum, and
// a damaged payload crashes Node). So the cache is named by a hash of the source and the engine,
// begins with a hash of its payload, checked before V8 sees it, and it is read only from a folder
// that no one but this user can write (the extension's own storage). Anything amiss (no
// cache, a rejected one, a folder not ours, a write that fails) costs the cache, never the start.

import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';

const SUFFIX = '.v8cache';
/** Ends the name of a file being written (`writeWhole`), renamed to its own name once whole. */
const TEMP = '.tmp';
/** A file being written for longer than this was left by a process killed meanwhile. */
const KILLED_AFTER_MS = 60_000;
/** How long after the first diagnostics a new cache is written, if the process does not exit before. */
const WRITE_AFTER_MS = 2_000;
/**
 * How the server (dist/server-main.js, a bundle of its own) tells this loader (dist/server.js) it
 * made diagnostics: a function in the global symbol registry, the one thing both bundles share.
 */
const WARM = Symbol.for('mars-toml.codeCache.warm');
type WarmHook = Record<symbol, (() => void) | undefined>;

/** Called by the server each time it has made diagnostics: the code a first analysis runs has run. */
export function codeIsWarm(): void {
  (globalThis as WarmHook)[WARM]?.();
}
/** Bytes of the payload's SHA-256 the file begins with. */
const DIGEST = 32;

/**
 * Loads `file` as a CommonJS module whose code cache lives in `folder` (made if missing), in a file
 * named `<prefix><hash>.v8cache`: the only names there it removes.
 */
export function runWithCodeCache(file: string, folder: string, prefix: string): void {
  const source = fs.readFileSync(file, 'utf8');
  const safe = ownFolder(folder);
  const key = createHash('sha256').update(source).update(`${process.version} ${process.arch} ${process.execArgv.join(' ')}`).digest('hex').slice(0, 20);
  const cacheFile = path.join(folder, `${prefix}${key}${SUFFIX}`);
  let cachedData: Buffer | undefined;
  if (safe) {
    try {
      cachedData = intact(fs.readFileSync(cacheFile));
    } catch {
      // none yet
    }
  }
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
  if (safe && (!cachedData || script.cachedDataRejected)) {
    // Written once the server has made its first diagnostics (a little later, so the requests that
    // follow them have compiled too), or at exit if sooner; never before: a cache of the start alone
    // (a session that opened no Mars file) speeds up nothing, and would be kept for good.
    let state: 'cold' | 'warm' | 'written' = 'cold';
    const write = () => {
      if (state !== 'warm') return;
      state = 'written';
      writeCache(folder, cacheFile, script, prefix);
    };
    (globalThis as WarmHook)[WARM] = () => {
      if (state !== 'cold') return;
      state = 'warm';
      setTimeout(write, WRITE_AFTER_MS).unref();
    };
    process.once('exit', write);
  }
  const module = { exports: {}, filename: file, id: file, loaded: false };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
}

/**
 * The folder of this user's caches for Mars TOML, where each system keeps them (as pip's and
 * ruff's own folders are): `%LOCALAPPDATA%\\mars-toml\\Cache`, `~/Library/Caches/mars-toml`, or
 * `$XDG_CACHE_HOME/mars-toml` (`~/.cache/mars-toml`). None where Node's own compile cache is turned
 * off (`NODE_DISABLE_COMPILE_CACHE`), or no home is known.
 */
export function userCacheFolder(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  if (process.platform === 'win32') return env.LOCALAPPDATA ? path.join(env.LOCALAPPDATA, 'mars-toml', 'Cache') : undefined;
  let home = '';
  try {
    home = os.homedir();
  } catch {
    // No home (a user with no entry in the password database): no cache.
  }
  if (process.platform === 'darwin') return home ? path.join(home, 'Library', 'Caches', 'mars-toml') : undefined;
  // The spec ignores a relative XDG_CACHE_HOME.
  const xdg = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : home && path.join(home, '.cache');
  return xdg ? path.join(xdg, 'mars-toml') : undefined;
}

/** The payload of a cache file, or undefined when it is not the one written (a lost block, a bit flipped). */
function intact(file: Buffer): Buffer | undefined {
  const payload = file.subarray(DIGEST);
  return file.length > DIGEST && createHash('sha256').update(payload).digest().equals(file.subarray(0, DIGEST)) ? payload : undefined;
}

/** Whether `folder` is (or is now made) a folder this user owns and no one else can write. */
export function ownFolder(folder: string): boolean {
  try {
    makeFolder(folder);
    const stat = fs.lstatSync(folder);
    if (!stat.isDirectory()) return false;
    // Windows has no owner ids or mode bits here: its user profile folders are the user's own.
    return process.getuid === undefined || (stat.uid === process.getuid() && (stat.mode & 0o022) === 0);
  } catch {
    return false;
  }
}

/**
 * Makes `folder` and the folders missing above it, private to the user (as XDG asks of its base
 * folder), one by one: Node's `mkdirSync(…, { recursive: true })` loops for good where mkdir says
 * ENOENT under a folder that exists (/proc: HOME=/proc, XDG_CACHE_HOME=/proc/x). Throws where one
 * cannot be made.
 */
function makeFolder(folder: string): void {
  const missing: string[] = [];
  for (let dir = path.resolve(folder); !fs.existsSync(dir); dir = path.dirname(dir)) {
    if (path.dirname(dir) === dir) break;
    missing.push(dir);
  }
  for (const dir of missing.reverse()) {
    try {
      fs.mkdirSync(dir, { mode: 0o700 });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e; // made meanwhile by another check
    }
  }
}

function writeCache(folder: string, cacheFile: string, script: vm.Script, prefix: string): void {
  let payload: Buffer;
  try {
    payload = script.createCachedData();
  } catch {
    return;
  }
  // Not written (a full disk, a folder gone): the next start compiles, as this one did, and tries again.
  if (!writeWhole(cacheFile, [createHash('sha256').update(payload).digest(), payload])) return;
  // The caches of earlier builds or Node versions are never read again, nor the half written by a
  // server killed meanwhile (another server's write in progress is newer than that).
  try {
    for (const name of fs.readdirSync(folder)) {
      const file = path.join(folder, name);
      if (!name.startsWith(prefix) || file === cacheFile) continue;
      if (name.endsWith(SUFFIX) || leftByKilled(file)) rm(file);
    }
  } catch {
    // A folder gone meanwhile.
  }
}

/**
 * Writes `file`, private to the user, whole or not at all, for a process reading it meanwhile: as
 * `<file>.<pid>.<random>.tmp` (a pid alone may be another container's), renamed to `file` once
 * written. Whether it was; where it was not, nothing of it is left (each failed try would leave one).
 */
export function writeWhole(file: string, parts: readonly Uint8Array[]): boolean {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}${TEMP}`;
  try {
    const fd = fs.openSync(temp, 'w', 0o600);
    try {
      for (const part of parts) fs.writeSync(fd, part);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temp, file);
    return true;
  } catch {
    rm(temp);
    return false;
  }
}

/** Whether `file` is one `writeWhole` began and a process killed meanwhile left (another's write in progress is newer). */
export function leftByKilled(file: string): boolean {
  return file.endsWith(TEMP) && Date.now() - (fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) > KILLED_AFTER_MS;
}

/** Removes `file` if it can (a cache's, or one half written): nothing is read from one left. */
export function rm(file: string): void {
  try {
    fs.rmSync(file, { force: true });
  } catch {
    // Gone, or not ours to remove.
  }
}
