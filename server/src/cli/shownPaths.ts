// The checker's report formats, how the report shows a file's path, and what it says of a GitHub
// workspace it cannot show them from: one place for the check (check.ts) and the name of its kept
// result (resultCache.ts), which holds each path as shown.

import fs from 'node:fs';
import path from 'node:path';
import { pathSaid, reason } from './files';

/** The report's formats (`--format`). */
export const FORMATS = ['text', 'json', 'github'] as const;

/** `show` gives a file's path as the report shows it; `problem`, what is said first, if anything, of the workspace. */
export interface ShownPaths {
  readonly show: (file: string) => string;
  readonly problem: string | null;
}

/**
 * Paths are shown from the current folder. GitHub reads an annotation's `file` (`github`) from the
 * workspace (the repository's root) whichever folder the step runs in: from there (through links,
 * which the current folder has resolved), or whole when the file is outside it, or when the
 * workspace is no folder here (the runner makes a whole path in its workspace relative): a path
 * from the current folder would be read from the wrong one.
 */
export function shownPaths(github: boolean): ShownPaths {
  const workspace = github ? process.env.GITHUB_WORKSPACE : undefined;
  let from: string | null = null;
  let problem: string | null = null;
  if (workspace) {
    let why: string | null = null;
    try {
      const real = fs.realpathSync(path.resolve(workspace));
      if (fs.statSync(real).isDirectory()) from = real;
      else why = 'it is a file';
    } catch (e) {
      why = reason(e);
    }
    if (why !== null) problem = `GITHUB_WORKSPACE names ${pathSaid(workspace)}, which is not a folder here (${why}): annotations name each file by its absolute path`;
  } else {
    try {
      from = process.cwd();
    } catch {
      // The current folder was removed (files named by absolute paths are still checked): paths are shown as found.
    }
  }
  // A folder's files are many, in one folder: it is resolved once.
  const realFolders = new Map<string, string>();
  const realFolder = (dir: string): string => {
    let real = realFolders.get(dir);
    if (real === undefined) {
      try {
        real = fs.realpathSync(dir);
      } catch {
        real = dir; // shown as resolved
      }
      realFolders.set(dir, real);
    }
    return real;
  };
  const show = (file: string): string => {
    if (from === null && !workspace) return file;
    let target = path.resolve(file);
    if (workspace) target = path.join(realFolder(path.dirname(target)), path.basename(target));
    const relative = from === null ? '' : path.relative(from, target);
    if (relative && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative)) return relative;
    return workspace ? target : file;
  };
  return { show, problem };
}
