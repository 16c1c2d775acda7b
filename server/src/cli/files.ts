// The checker's file system work that is not reading: what an error says, and replacing a file's
// content without ever leaving it cut short.

import fs from 'node:fs';
import path from 'node:path';

/** What went wrong with a file, in words. */
export function reason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file or folder';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a folder';
  if (code === 'ENOTDIR') return 'a part of the path is not a folder';
  if (code === 'ELOOP') return 'too many symbolic links (a loop?)';
  return e instanceof Error ? e.message : String(e);
}

type WriteAll = (fd: number, data: Uint8Array) => void;

/** Writes all of `data` at the start of the file (a descriptor's own position is wherever a failed write left it). */
function writeAll(fd: number, data: Uint8Array): void {
  for (let at = 0; at < data.length; ) at += fs.writeSync(fd, data, at, data.length - at, at);
}

const errno = (e: unknown) => (e as NodeJS.ErrnoException).code;

/**
 * Replaces the content of `file` (through its links: a symlink stays one) with `text`. A write that
 * fails partway (a full disk, a quota, a kill) must not leave it cut short: the text goes to a
 * temporary file beside it, with its mode and owner, renamed over it once on disk. In place only
 * when a rename would do harm or cannot be done: a file with hard links (they would no longer share
 * it) or a folder that allows no new file; a failed write there puts `original` back, and the
 * error says whether that worked. `write` is the step a test makes fail.
 */
export function replaceFile(file: string, text: Uint8Array, original: Uint8Array, write: WriteAll = writeAll): void {
  const target = fs.realpathSync(file);
  const stat = fs.statSync(target);
  // A file its mode makes read-only is left so, as a write in place would leave it (root may write it).
  fs.accessSync(target, fs.constants.W_OK);
  if (stat.nlink === 1 && replaceByRename(target, stat, text, write)) return;
  const fd = fs.openSync(target, 'r+');
  try {
    fs.ftruncateSync(fd, 0);
    write(fd, text);
  } catch (e) {
    let restored = false;
    try {
      fs.ftruncateSync(fd, 0);
      write(fd, original);
      restored = true;
    } catch {
      // said below
    }
    throw new Error(`${reason(e)} (${restored ? 'it was written back as it was' : 'it could not be written back as it was and may be cut short'})`);
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes `text` to a new file beside `target` and renames it over `target`; false, with nothing changed, when the folder does not allow that. */
function replaceByRename(target: string, stat: fs.Stats, text: Uint8Array, write: WriteAll): boolean {
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}-${Math.random().toString(36).slice(2, 8)}.tmp`);
  let fd: number;
  try {
    fd = fs.openSync(temp, 'wx', 0o600);
  } catch (e) {
    if (['EACCES', 'EPERM', 'EROFS'].includes(errno(e)!)) return false;
    throw new Error(`${reason(e)} (it is as it was)`);
  }
  let written = false;
  try {
    try {
      // The owner before the mode, which a change of owner can clear bits of. One who may not give a
      // file away (not root) still keeps its group when a member of it; else the file becomes theirs.
      const owned = (uid: number) => {
        try {
          fs.fchownSync(fd, uid, stat.gid);
          return true;
        } catch (e) {
          if (errno(e) !== 'EPERM') throw e;
          return false;
        }
      };
      if (!owned(stat.uid)) owned(-1);
      fs.fchmodSync(fd, stat.mode & 0o7777);
      write(fd, text);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    written = true;
    fs.renameSync(temp, target);
    return true;
  } catch (e) {
    try {
      fs.rmSync(temp, { force: true });
    } catch {
      // the error that matters is the one below
    }
    // A file mounted on its own (a container's bind mount) cannot be renamed over: written in place.
    if (written && ['EBUSY', 'EXDEV'].includes(errno(e)!)) return false;
    throw new Error(`${reason(e)} (it is as it was)`);
  }
}
