// The checker's reading: a file or stdin as text, or a message saying why it is not text Mars reads
// (binary, UTF-16, not UTF-8, too large, not a regular file).

import { constants } from 'node:buffer';
import fs from 'node:fs';
import { notReadBecause, pathSaid, reason } from './files';

const MAX_STRING_LENGTH = constants.MAX_STRING_LENGTH;

/**
 * The encoding `bytes` are in when it is UTF-16 or UTF-32, and how they show it: a byte order mark,
 * or (UTF-16) text that starts with ASCII characters each beside a NUL byte. UTF-32's mark in
 * little-endian order, FF FE 00 00, starts as UTF-16's does: it is looked for first.
 */
function wideEncoding(bytes: Buffer): { encoding: string; how: string } | null {
  const utf32 = { encoding: 'UTF-32', how: 'it starts with a UTF-32 byte order mark' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe && bytes[2] === 0 && bytes[3] === 0) return utf32;
  if (bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 0xfe && bytes[3] === 0xff) return utf32;
  const how = utf16Order(bytes);
  return how === null ? null : { encoding: 'UTF-16', how };
}

/** How `bytes` show they are UTF-16: a byte order mark, or text that starts with ASCII characters each beside a NUL byte. */
function utf16Order(bytes: Buffer): string | null {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return 'it starts with a UTF-16 byte order mark';
  const ascii = (b: number | undefined) => b !== undefined && b >= 0x09 && b < 0x7f && b !== 0;
  const le = ascii(bytes[0]) && bytes[1] === 0 && ascii(bytes[2]) && bytes[3] === 0;
  const be = bytes[0] === 0 && ascii(bytes[1]) && bytes[2] === 0 && ascii(bytes[3]);
  return le || be ? 'each of its first characters is two bytes, one of them NUL' : null;
}

/**
 * A document as text, or why it is not text. `invalid`, for bytes that are not UTF-8 (Mars cannot
 * load such a file at all): `replaced`, where in `text` each U+FFFD stands for such bytes, in order
 * (one written in the file, valid UTF-8, is not among them); `runs`, those next to each other as one,
 * each with its first byte.
 */
export type Read = { text: string; bom: boolean; invalid?: { runs: readonly BadRun[]; replaced: readonly number[] }; bytes?: Buffer } | { error: string };

/** U+FFFDs next to each other in a text, `start` to `end`, for bytes not UTF-8 from `byte` on. */
export type BadRun = { readonly start: number; readonly end: number; readonly byte: number };

export function readText(file: string, maxBytes: number = MAX_STRING_LENGTH): Read {
  let bytes: Buffer;
  const said = pathSaid(file);
  try {
    // A pipe or a device (/dev/zero) would block or never end: only regular files are read.
    const stat = fs.statSync(file);
    if (!stat.isFile()) return { error: `${said} is not a regular file${kind(stat)}` };
    // Past the longest string Node makes (about 512 MiB), the text cannot be held at all.
    if (stat.size > maxBytes) return { error: `${said} is too large to check (${stat.size} bytes; at most ${maxBytes})` };
    bytes = fs.readFileSync(file);
  } catch (e) {
    return { error: `cannot read ${said}: ${notReadBecause(file, e)}` };
  }
  return asText(said, bytes, maxBytes);
}

/** What a file that is not regular is, for the message: a pipe (`check <(git show HEAD:mars.toml)`, /dev/stdin) with the way to check what comes through it. */
function kind(stat: fs.Stats): string {
  const what = notRegular(stat);
  if (what === 'a pipe') return ': it is a pipe (for a document piped in, pass - and pipe it to the checker)';
  return what === null || what === 'not a regular file' ? '' : `: it is ${what}`;
}

/** What a file (a folder entry, or what a link leads to) is in words when it is no regular file: `a pipe`, `a device`. */
export function notRegular(file: Pick<fs.Stats, 'isFile' | 'isDirectory' | 'isFIFO' | 'isCharacterDevice' | 'isBlockDevice' | 'isSocket'>): string | null {
  if (file.isFile()) return null;
  if (file.isFIFO()) return 'a pipe';
  if (file.isCharacterDevice() || file.isBlockDevice()) return 'a device';
  if (file.isSocket()) return 'a socket';
  if (file.isDirectory()) return 'a folder';
  return 'not a regular file';
}

/**
 * Stdin (`-`) to its end, as a file is read (`readText`), `name` said for it: a pipe, a file
 * (`< mars.toml`), a terminal. Reading stops once it is too large: a larger text cannot be held;
 * and at a NUL byte, which no text Mars reads holds.
 * Its `bytes` are kept, for `--fix -` to write back a text that is not UTF-8 as it came.
 */
export async function readStdin(input: NodeJS.ReadableStream, name: string, maxBytes: number = MAX_STRING_LENGTH): Promise<Read> {
  const chunks: Buffer[] = [];
  let size = 0;
  const said = pathSaid(name);
  try {
    const empty = notADocument(input, 'pipe the document in, or name its file in place of -');
    if (empty !== null) return { error: `cannot read ${said}: ${empty}` };
    for await (const data of input) {
      const chunk = typeof data === 'string' ? Buffer.from(data) : (data as Buffer);
      if ((size += chunk.length) > maxBytes) return { error: `${said} is too large to check (more than ${maxBytes} bytes, the most it checks)` };
      chunks.push(chunk);
      // A NUL byte makes it no text Mars reads (binary, or UTF-16, told by its first bytes, read
      // already): what follows cannot change that, and `< /dev/zero` would be read on to 512 MiB.
      if (chunk.includes(0)) break;
    }
  } catch (e) {
    return { error: `cannot read ${said}: ${reason(e)}` };
  }
  const bytes = Buffer.concat(chunks);
  const read = asText(said, bytes, maxBytes);
  return 'error' in read ? read : { ...read, bytes };
}

/**
 * Why stdin (`input`) holds no document though Node reads it as an empty stream, or null: a folder
 * (`< .`), or /dev/null, which is also what a closed stdin is (`<&-`, a job started without one):
 * Node opens /dev/null in place of a closed fd 0 as it starts, so the two cannot be told apart.
 * Neither is a document anyone meant to check, and an empty one passed as fine hid the mistake; an
 * empty file or a pipe that ends at once is one still. `instead`: what to do, said for the latter.
 */
export function notADocument(input: NodeJS.ReadableStream, instead: string): string | null {
  const fd = (input as { fd?: unknown }).fd;
  if (typeof fd !== 'number') return null;
  let stat: fs.Stats;
  try {
    stat = fs.fstatSync(fd);
  } catch (e) {
    // Closed, where Node did not open /dev/null in its place; anything else, reading it says.
    return (e as NodeJS.ErrnoException).code === 'EBADF' ? `${CLOSED} (${instead})` : null;
  }
  if (stat.isDirectory()) return reason({ code: 'EISDIR' });
  return isNullDevice(stat) ? `${CLOSED} (${instead})` : null;
}

const CLOSED = 'it is closed, or /dev/null, which holds nothing';

/** Whether `stat` is of /dev/null, by its device number: the same under any path (a container's /dev). */
function isNullDevice(stat: fs.Stats): boolean {
  if (!stat.isCharacterDevice()) return false;
  try {
    return stat.rdev === fs.statSync('/dev/null').rdev;
  } catch {
    return false; // no /dev/null (Windows)
  }
}

/** `bytes`, the content of the file `file` names (as `pathSaid` says it), as text (`Read`). */
function asText(file: string, bytes: Buffer, maxBytes: number): Read {
  if (bytes.length > maxBytes) return { error: `${file} is too large to check (${bytes.length} bytes; at most ${maxBytes})` };
  // Windows PowerShell 5 writes `>` and Out-File as UTF-16: text, in an encoding Mars does not read.
  // Its byte order mark says so with no NUL byte after it too (an empty document, `FF FE`; text of
  // characters none of them ASCII): FF and FE are no UTF-8, where each was said as a bad byte.
  const wide = wideEncoding(bytes);
  if (wide || bytes.includes(0)) {
    return { error: wide ? `${file} is ${wide.encoding} text (${wide.how}); Mars reads it as UTF-8: save it as UTF-8` : `${file} is not a text file (it contains NUL bytes); Mars reads it as UTF-8 text` };
  }
  // The BOM stays in the text: the analysis skips one, as Mars's parser does, so a second one is
  // the error it is for Mars (a decoder's default would drop the first and the analysis the other).
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const decode = (b: Uint8Array, fatal = false) => new TextDecoder('utf-8', { fatal, ignoreBOM: true }).decode(b);
  try {
    return { text: decode(bytes, true), bom };
  } catch {
    const { replaced, leads } = notUtf8(bytes);
    const runs: BadRun[] = [];
    replaced.forEach((at, i) => {
      const last = runs[runs.length - 1];
      if (last?.end === at) runs[runs.length - 1] = { ...last, end: at + 1 };
      else runs.push({ start: at, end: at + 1, byte: leads[i]! });
    });
    return { text: decode(bytes), bom, invalid: { runs, replaced } };
  }
}

/**
 * The bytes of `bytes` that do not belong to a well-formed UTF-8 sequence (Unicode table 3-7): where
 * in the decoded text the U+FFFD that stands for each run of them is, the first byte of each, and
 * the index of the first such byte. A decoder puts one U+FFFD for each maximal subpart of an ill-formed sequence (a lead
 * byte and the continuation bytes that may follow it, cut short) and one for each other bad byte, as
 * the WHATWG decoder (TextDecoder) and Unicode's recommended practice do.
 */
export function notUtf8(bytes: Uint8Array): { replaced: number[]; leads: number[]; first: number } {
  const replaced: number[] = [];
  const leads: number[] = [];
  let first = -1;
  const n = bytes.length;
  let i = 0;
  let at = 0; // UTF-16 units decoded so far
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      at++;
      continue;
    }
    let length = 0;
    let low = 0x80;
    let high = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) length = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      length = 3;
      if (b === 0xe0) low = 0xa0;
      else if (b === 0xed) high = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4;
      if (b === 0xf0) low = 0x90;
      else if (b === 0xf4) high = 0x8f;
    }
    // The bytes of the sequence that are where they may be: the lead, then continuation bytes (the
    // second in its lead's range).
    let k = length === 0 ? 0 : 1;
    while (k > 0 && k < length && i + k < n && bytes[i + k]! >= (k === 1 ? low : 0x80) && bytes[i + k]! <= (k === 1 ? high : 0xbf)) k++;
    if (k === length && length > 0) {
      i += length;
      at += length === 4 ? 2 : 1;
      continue;
    }
    if (first < 0) first = i;
    replaced.push(at);
    leads.push(b);
    i += Math.max(k, 1);
    at++;
  }
  return { replaced, leads, first };
}
