// Files on this machine for the Node entries: a document URI's local path, and whether Mars reads a
// file named as one of its own in other letter cases, which the file system decides (one that does
// not tell upper and lower case apart gives `Mars.toml` for `mars.toml`): the checker's search and
// the server ask it here.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReadByMars } from '../features/fileName';

/** Whether the paths `a` and `b` name one folder entry (not following a link): `b`, `a`'s name in other letter cases, on a file system that does not tell case apart. */
export function sameEntry(a: string, b: string): boolean {
  try {
    const [x, y] = [fs.lstatSync(a), fs.lstatSync(b)];
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false; // no such entry: case told apart
  }
}

/**
 * `ReadByMars` for a document on this machine's disk: whether its file is the entry of the exact
 * name in its folder, or another entry is. Undefined for a document that is not there (another scheme, a file not saved
 * yet): what file system it will be on is not known.
 */
export const readByMars: ReadByMars = (uri, name) => {
  const file = localPath(uri);
  if (file === null) return undefined;
  try {
    fs.lstatSync(file);
  } catch {
    return undefined;
  }
  const exact = path.join(path.dirname(file), name);
  if (sameEntry(file, exact)) return true;
  try {
    fs.lstatSync(exact);
    return 'another';
  } catch {
    return false;
  }
};

/** The local path of a `file:` URI; null for another scheme and for what this OS cannot open (`file://host/…`, an encoded `/`). */
export function localPath(uri: string): string | null {
  if (!uri.startsWith('file:')) return null;
  try {
    return fileURLToPath(uri);
  } catch {
    return null;
  }
}
