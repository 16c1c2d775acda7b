// The checker's file system work that is not reading: what an error says, and replacing a file's
// content without ever leaving it cut short.

import fs from 'node:fs';
import { shown } from '../grammar/text';

/**
 * A path as a message names it: as it is, or, when a reader could not tell where it starts and
 * ends or what it holds (white space at either end, a tab, a line break, a control or
 * other invisible character), between double quotes, as git quotes such a path: a quote or
 * backslash in it escaped, and what cannot be seen written as an escape (`shown`, as messages
 * show one: `"a\u0009b"`). `cannot read  a: …` hid the space before `a`. Every message of the
 * checker that names a path (not a report line's `file:line:col:`, which editors read) says it so.
 */
export function pathSaid(p: string): string {
  return /^\s|\s$/u.test(p) || shown(p) !== p ? `"${shown(p.replace(/["\\]/g, '\\$&'))}"` : p;
}

/**
 * `word` as a POSIX shell reads it back, for a command a message suggests pasting (`pathSaid` and
 * `shown` are for reading, not a shell: `a b` would be two paths, `$HOME` expanded): bare when no
 * shell reads a character of it specially, else in single quotes, a quote in it written `'\''`.
 * What a reader could not see (a line break, which would also end the message's line) is written
 * `$'\ooo'`, its UTF-8 bytes in octal, as POSIX.1-2024, bash, zsh and ksh read it; a `##[`, which
 * GitHub would read as a workflow command (see `inert`), is split by an empty quote (`##''[`).
 */
export function shellWord(word: string): string {
  if (/^[\p{L}\p{N}_./,:@%+=-]+$/u.test(word) && shown(word) === word) return word;
  let out = '';
  let seen = ''; // a run of characters a reader sees, quoted once it ends
  let unseen = ''; // a run of those escaped, in octal
  const end = () => {
    if (seen) out += `'${seen.replace(/'/g, "'\\''").replace(/##\[/g, "##''[")}'`;
    if (unseen) out += `$'${unseen}'`;
    seen = unseen = '';
  };
  for (const c of word) {
    if (shown(c) === c) {
      if (unseen) end();
      seen += c;
    } else {
      if (seen) end();
      for (const b of new TextEncoder().encode(c)) unseen += `\\${b.toString(8).padStart(3, '0')}`;
    }
  }
  end();
  return out;
}

/** What went wrong with a file, in words. */
export function reason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file or folder';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a folder';
  if (code === 'ENOTDIR') return 'a part of the path is not a folder';
  if (code === 'ELOOP') return 'too many symbolic links (a loop?)';
  if (code === 'EROFS') return 'the file system is read-only';
  if (code === 'ENOSPC') return 'no space left on the device';
  if (code === 'EDQUOT') return 'the disk quota is used up';
  if (code === 'EFBIG') return 'the file would be larger than the file system allows';
  if (code === 'ENAMETOOLONG') return 'the path, or a name in it, is too long';
  if (!(e instanceof Error)) return String(e);
  // Another error of the system: Node's words without its code before them and the call and the
  // path after (`EIO: i/o error, read` is `i/o error`); the message quotes the path already.
  const { syscall } = e as NodeJS.ErrnoException;
  if (code && syscall && e.message.startsWith(`${code}: `)) {
    const words = e.message.slice(code.length + 2);
    const call = words.indexOf(`, ${syscall}`);
    return call > 0 ? words.slice(0, call) : words;
  }
  return e.message;
}

/**
 * Why `p` could not be read, as `reason` says it, but for a symbolic link that leads nowhere: said
 * to be one, with where it points, where "no such file or folder" seemed to deny the file `ls` lists.
 */
export function notReadBecause(p: string, e: unknown): string {
  if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
    try {
      if (fs.lstatSync(p).isSymbolicLink()) return `it is a broken symbolic link (to ${pathSaid(fs.readlinkSync(p))})`;
    } catch {
      // Not there at all, or a folder on its path missing: no such file.
    }
  }
  return reason(e);
}

type WriteAt = (fd: number, data: Uint8Array, at: number) => void;

/** Writes all of `data` at offset `at` of the file. */
function writeAt(fd: number, data: Uint8Array, at: number): void {
  for (let done = 0; done < data.length; ) done += fs.writeSync(fd, data, done, data.length - done, at + done);
}

/**
 * Replaces the content of `file` (through a symbolic link, which stays one) with `text`, in place,
 * as editors save: the file keeps its inode, so its owner, mode, ACLs, extended attributes and
 * hard links stay as they were (a new file renamed over it keeps none of these for certain). The
 * file is opened once, and what it holds then must be what was checked (`checked`), else it is
 * left alone: `changed`; so it is too when another file is renamed over it while it is written
 * (an editor's save: the text went to the file that was replaced). A write that fails partway (a
 * full disk, a quota) must not leave it cut short, so the room a longer text needs is taken first,
 * past the old end: a full disk fails there, and the file is cut back to what it was. A failure
 * after that puts the original back, and the error says whether that worked. `write` is the step
 * a test makes fail, or uses to save over the file meanwhile.
 */
export function replaceFile(file: string, text: Uint8Array, checked: (original: Buffer) => boolean, write: WriteAt = writeAt): 'written' | 'changed' {
  const fd = fs.openSync(file, 'r+');
  try {
    const original = fs.readFileSync(fd);
    if (!checked(original)) return 'changed';
    if (text.length > original.length) {
      try {
        write(fd, text.subarray(original.length), original.length);
      } catch (e) {
        throw new Error(`${reason(e)} (${attempt(() => fs.ftruncateSync(fd, original.length)) ? 'it is as it was' : UNSURE})`);
      }
    }
    try {
      write(fd, text.subarray(0, Math.min(text.length, original.length)), 0);
      // Cut at the text's end even when it is not shorter: what a save in place made longer meanwhile goes.
      fs.ftruncateSync(fd, text.length);
      fs.fsyncSync(fd);
    } catch (e) {
      const restored = attempt(() => {
        write(fd, original, 0);
        fs.ftruncateSync(fd, original.length);
      });
      throw new Error(`${reason(e)} (${restored ? 'it was written back as it was' : UNSURE})`);
    }
    const written = fs.fstatSync(fd);
    const now = statOrNull(file); // a file removed meanwhile is not the one written
    return now !== null && now.ino === written.ino && now.dev === written.dev ? 'written' : 'changed';
  } finally {
    fs.closeSync(fd);
  }
}

/** The signals that end a run: Ctrl-C, a terminal closed, a CI job's timeout or cancel. */
const ENDING: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Runs `step`, a file's write, with the signals that end a run held until it is done, then ends
 * the run by the one that came meanwhile, if one did: such a signal between the writes of
 * replaceFile killed the checker with the file half written (the old text, then the new text's
 * tail). Held only while writing: elsewhere they end the run at once, as they always did. A held
 * signal is taken from the event loop before the listeners go; removed first, they would drop it.
 * `raise` is what a test replaces, to see the signal without being ended by it.
 */
export async function uninterrupted<T>(step: () => T, signals: readonly NodeJS.Signals[] = ENDING, raise = (s: NodeJS.Signals) => void process.kill(process.pid, s)): Promise<T> {
  let came: NodeJS.Signals | null = null;
  const hold = (s: NodeJS.Signals) => void (came ??= s);
  for (const s of signals) process.on(s, hold);
  try {
    return step();
  } finally {
    await new Promise<void>((resolve) => setImmediate(resolve));
    for (const s of signals) process.off(s, hold);
    // With no listener left, the signal's own action applies again: the run ends as the signal says.
    if (came) raise(came);
  }
}

const UNSURE = 'it could not be written back as it was and may be cut short';

function statOrNull(file: string): fs.Stats | null {
  try {
    return fs.statSync(file);
  } catch {
    return null;
  }
}

/** Whether `step` ran without throwing. */
function attempt(step: () => void): boolean {
  try {
    step();
    return true;
  } catch {
    return false;
  }
}
