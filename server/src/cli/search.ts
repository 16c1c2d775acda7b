// The checker's search: the mars.toml and mars.local.toml files a run's paths name or hold, each
// once, skipping what git ignores, with what could not be read said once.

import fs from 'node:fs';
import path from 'node:path';
import { FILE_NAMES } from '../protocol';
import { notReadBecause, pathSaid, reason } from './files';
import { ignored, parseIgnoreFile, type IgnoreLevel, type IgnorePattern } from './gitignore';
import { notRegular } from './read';
import { sameEntry } from '../node/fileName';

const SKIP_DIRS = new Set(['node_modules', '.git', '.mars']);

/** A path that could not be read: a file (or what was named as one), or a folder. */
export interface PathProblem {
  readonly message: string;
  readonly folder: boolean;
}

/** A mars.toml or mars.local.toml a folder's search found and passed over: `what` it is, as `notRegular` says (a pipe, a device). */
export interface PassedOver {
  readonly path: string;
  readonly what: string;
}

/**
 * A file a folder's search found with the name of one of Mars's in other letter cases (`Mars.toml`),
 * and none so named exactly beside it: `name`, the one Mars opens; `read`, whether the folder's file
 * system gives it for that name (one that does not tell case apart: macOS's, Windows'), so Mars
 * reads it there, and it is checked (where it is a regular file) as one named so exactly is.
 */
export interface OtherCase {
  readonly path: string;
  readonly name: string;
  readonly read: boolean;
}

/** What a folder's search passed over, and found in other letter cases, and the folders named that hold no file it reads or passed over, for the messages. */
export interface Seen {
  readonly passedOver: PassedOver[];
  readonly otherCase: OtherCase[];
  readonly emptyFolders: string[];
}

/** A `Seen` with nothing in it yet. */
export const seenNothing = (): Seen => ({ passedOver: [], otherCase: [], emptyFolders: [] });

/**
 * The mars.toml and mars.local.toml files under `paths` (a file path is taken as given), each once
 * however many paths reach it (links, hard links and `..` included); a path that cannot be read is
 * one problem however many times it is named. With `respectGitignore`, a folder's search skips
 * what git ignores (`outerIgnores`, and each searched folder's .gitignore), as ruff's does. One
 * so named in a folder that is no regular file is not read (a pipe would block, a device never
 * end), but put in `passedOver`, for the message that nothing was found to say why; one
 * named so in other letter cases is put in `otherCase` (see there), and checked where Mars reads it.
 * `sameFile` is what a test replaces, for a file system that does not tell case apart.
 */
export function findFiles(paths: readonly string[], problems: PathProblem[], respectGitignore = false, seen: Seen = seenNothing(), sameFile = sameEntry): string[] {
  const { passedOver, otherCase, emptyFolders } = seen;
  const out: string[] = [];
  /** How many files the searches have found to read, each time one is reached; with those passed over, what a folder's search met. */
  let reads = 0;
  const met = () => reads + passedOver.length + otherCase.length;
  // A file by device and inode; a path that cannot be read (a missing file, a broken link, a
  // folder) by where it resolves to: whichever way it is reached first decides how it is reported.
  const reached = new Set<string>();
  const first = (id: string) => !reached.has(id) && !!reached.add(id);
  const problem = (p: string, message: string, folder: boolean) => {
    if (first(resolved(p))) problems.push({ message, folder });
  };
  const add = (file: string) => {
    let id: string;
    try {
      const { dev, ino } = fs.statSync(file);
      id = `${dev}:${ino}`;
    } catch {
      id = resolved(file); // reported when it is read
    }
    if (first(id)) out.push(file);
  };
  /** A file Mars reads by its name (`p`, as `e` in its folder): checked when it is a regular file, else passed over. */
  const found = (e: fs.Dirent, p: string) => {
    const what = e.isSymbolicLink() ? behind(p) : notRegular(e);
    if (what === null) add(p), reads++;
    else passedOver.push({ path: p, what });
  };
  // `levels`: the ignore files that apply to the entries of `dir`, outermost first; none without respectGitignore.
  // `nested`: `dir` was entered by the walk, not named (whose repository `outerIgnores` found).
  // Whether `dir` could be read.
  const walk = (dir: string, levels: readonly IgnoreLevel[], nested = false): boolean => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (e) {
      problem(dir, `cannot read folder ${pathSaid(dir)}: ${reason(e)}`, true);
      return false;
    }
    if (respectGitignore) {
      // A repository of its own (a `.git` folder, or a submodule's or worktree's `.git` file): git
      // reads its files by its ignore files alone, not the outer repository's, as ripgrep does. A
      // `.git` git takes for no repository leaves it a folder of the outer one (see `isRepository`).
      if (nested && entries.some((e) => e.name === '.git') && isRepository(dir)) levels = excludeOf(dir);
      const own = readIgnoreFile(path.join(dir, '.gitignore'));
      if (own.length > 0) levels = [...levels, { patterns: own, prefix: '' }];
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const p = path.join(dir, e.name);
      // A name that is not UTF-8 comes decoded with U+FFFD in it, and no longer names anything (a
      // file so named is no mars.toml; a folder is reported, not searched).
      if (e.name.includes('\uFFFD') && !fs.existsSync(p)) {
        if (e.isDirectory()) problem(p, `cannot read folder ${pathSaid(p)}: its name is not UTF-8`, true);
        continue;
      }
      if (ignored(levels, e.name, e.isDirectory())) continue;
      if (e.isDirectory()) {
        // A folder so named (a bind mount of a file that was missing makes one) is searched, and said.
        if ((FILE_NAMES as readonly string[]).includes(e.name)) passedOver.push({ path: p, what: notRegular(e)! });
        if (!SKIP_DIRS.has(e.name)) walk(p, levels.map((l) => ({ patterns: l.patterns, prefix: `${l.prefix}${e.name}/` })), true);
      } else if ((FILE_NAMES as readonly string[]).includes(e.name)) found(e, p);
      else {
        // Mars opens its files by their names exactly: `Mars.toml` only where the file system does
        // not tell case apart, and then as the file of that name (which cannot be beside it).
        const name = e.name.toLowerCase();
        if (!(FILE_NAMES as readonly string[]).includes(name) || entries.some((other) => other.name === name)) continue;
        const read = sameFile(p, path.join(dir, name));
        otherCase.push({ path: p, name, read });
        if (read) found(e, p);
      }
    }
    return true;
  };
  for (const p of paths) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(p);
    } catch (e) {
      // Said once for each file it names, as the system reads the path (`link/../x` is not `./x`).
      problem(namedAs(p), `cannot read ${pathSaid(p)}: ${namedNotUtf8(p) ? 'its name is not UTF-8' : notReadBecause(p, e)}${unexpanded(p, e) ? ` (${UNEXPANDED})` : ''}`, false);
      continue;
    }
    if (stat.isDirectory()) {
      const dir = walkedAs(p);
      // One that held only files passed over is not empty: they are said, and why.
      const before = met();
      if (walk(dir, respectGitignore ? outerIgnores(dir) : []) && met() === before && !emptyFolders.includes(p)) emptyFolders.push(p);
    }
    else add(namedAs(p));
  }
  return out;
}

/** What a search of a run's paths found: the files to check, the paths that could not be read, and what it passed over. */
export interface Search {
  readonly files: string[];
  readonly problems: PathProblem[];
  readonly seen: Seen;
}

/**
 * Where dist/cli.js leaves the search it made before it loaded the checker, to name the result kept
 * of the check (resultCache.ts), for the check to take: what it reads is then what that name says
 * (a file added meanwhile is read by neither). The two are bundles of their own, each with its own
 * copy of this module, in one process: a symbol of the process's registry is what they share.
 */
const HANDED_OVER = Symbol.for('mars-toml.search');
type Handed = { [HANDED_OVER]?: { paths: string; respectGitignore: boolean; search: Search } };

/** Leaves `search`, made of `paths`, for the check of those paths about to run in this process (`searchOf`). */
export function handOver(paths: readonly string[], respectGitignore: boolean, search: Search): void {
  (globalThis as Handed)[HANDED_OVER] = { paths: JSON.stringify(paths), respectGitignore, search };
}

/** The search of `paths` (`findFiles`): the one handed over for them, taken once, or one made now. */
export function searchOf(paths: readonly string[], respectGitignore: boolean): Search {
  const handed = (globalThis as Handed)[HANDED_OVER];
  delete (globalThis as Handed)[HANDED_OVER];
  if (handed && handed.paths === JSON.stringify(paths) && handed.respectGitignore === respectGitignore) return handed.search;
  const problems: PathProblem[] = [];
  const seen = seenNothing();
  return { files: findFiles(paths, problems, respectGitignore, seen), problems, seen };
}

const UNEXPANDED = 'a pattern is not expanded: name the files, or a folder to search it';

/**
 * Whether `p`, not found, is most likely a glob pattern no shell expanded (quoted, or typed in
 * Windows' cmd, which expands none), which the checker does not expand either:
 * a `*` or `?` in it. A `[` alone is not taken for one: names hold it (`notes[1]`).
 */
function unexpanded(p: string, e: unknown): boolean {
  return (e as NodeJS.ErrnoException).code === 'ENOENT' && /[*?]/.test(p);
}

/**
 * The folder `p` as the walk writes the paths under it. `path.join` reads a `..` as written, so
 * `link/..` would be the folder holding the link, where the system reads the folder above the one
 * linked to: there, that folder on disk (relative to the current folder when `p` is).
 */
function walkedAs(p: string): string {
  // `.native`, the system's: Node's own resolves `..` as written first.
  let real: string;
  try {
    real = fs.realpathSync.native(p);
  } catch {
    return p;
  }
  try {
    if (fs.realpathSync.native(path.normalize(p)) === real) return p;
  } catch {
    // No folder there as written: the one on disk.
  }
  try {
    return path.isAbsolute(p) ? real : path.relative(process.cwd(), real) || '.';
  } catch {
    return real;
  }
}

/**
 * The file `p` as the report names it: in the folder `walkedAs` gives its folder, so that
 * `link/../mars.toml` is the mars.toml the system reads, above the folder linked to, not the one
 * beside the link (which `path.resolve`, reading `..` as written, would name). As given otherwise.
 */
export function namedAs(p: string): string {
  const dir = path.dirname(p);
  const folder = walkedAs(dir);
  return folder === dir ? p : path.join(folder, path.basename(p));
}

/**
 * The patterns of an ignore file; none when it cannot be read (git warns and goes on), or is no
 * regular file. A .gitignore that is a symbolic link is not followed, as git (2.32 on) does not
 * follow one in the work tree (gitignore(5)); info/exclude is (`follow`), as git reads it.
 */
function readIgnoreFile(file: string, follow = false): IgnorePattern[] {
  const text = regularText(file, follow);
  return text === undefined ? [] : parseIgnoreFile(text);
}

/**
 * The text of `file` when it is a regular file (through links, with `follow`), else undefined: a
 * pipe would keep the search waiting for a writer, and a device (a link to /dev/zero) never ends,
 * as the files checked are not read from either (`readText`).
 */
function regularText(file: string, follow = true): string | undefined {
  try {
    return (follow ? fs.statSync(file) : fs.lstatSync(file)).isFile() ? fs.readFileSync(file, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The ignore files above the searched folder `dir` that apply to it: in a git work tree, the
 * repository's .git/info/exclude and the .gitignore files from the work tree's root down to `dir`'s
 * parent (`dir`'s own is read by the walk). Outside one, none: git reads no .gitignore there, and a
 * folder above may be anyone's. The user's global core.excludesFile is left out: it differs from one
 * machine to another (and on CI), where a check should give the same answer.
 */
function outerIgnores(dir: string): IgnoreLevel[] {
  // Where `dir` is on disk, links followed, as git finds the work tree of the folder it runs in: a
  // folder named through a link from outside its work tree (or `link/..`) is searched there.
  let abs: string;
  try {
    abs = fs.realpathSync(dir);
  } catch {
    return [];
  }
  const folders = [abs]; // from `dir` up to the work tree's root
  while (!isWorkTreeRoot(folders[folders.length - 1]!)) {
    const up = path.dirname(folders[folders.length - 1]!);
    if (up === folders[folders.length - 1]) return []; // not in a work tree
    folders.push(up);
  }
  folders.reverse();
  const root = folders[0]!;
  // The path from a folder to `dir`, as a prefix of the paths the walk matches.
  const prefix = (folder: string) => folders.slice(folders.indexOf(folder) + 1).map((f) => `${path.basename(f)}/`).join('');
  const levels = excludeOf(root, prefix(root));
  for (const folder of folders.slice(0, -1)) {
    const patterns = readIgnoreFile(path.join(folder, '.gitignore'));
    if (patterns.length > 0) levels.push({ patterns, prefix: prefix(folder) });
  }
  return levels;
}

/**
 * Whether git, looking from a folder below `dir` for its repository, stops at `dir` (setup.c,
 * setup_git_directory_gently_1): at a `.git` folder that is a git folder, and at a `.git` file (a
 * worktree's or a submodule's, which git reads, or refuses as no gitfile). It looks on past a `.git`
 * that is neither (an empty `.git` folder, a pipe), as the walk searches the folder holding one as
 * one of the outer repository's (`isRepository`): `check sub` must skip what `check .` skips there.
 */
function isWorkTreeRoot(dir: string): boolean {
  const found = dotGitIn(dir);
  return found !== null && (found.stat.isFile() || (found.stat.isDirectory() && isGitFolder(found.dotGit)));
}

/** The `.git` in `dir` and what it is, or null where there is none. */
function dotGitIn(dir: string): { dotGit: string; stat: fs.Stats } | null {
  const dotGit = path.join(dir, '.git');
  try {
    return { dotGit, stat: fs.statSync(dotGit) };
  } catch {
    return null;
  }
}

/** The level of the info/exclude of the repository whose work tree's root is `root`, if it has patterns. */
function excludeOf(root: string, prefix = ''): IgnoreLevel[] {
  const git = gitDir(root);
  const exclude = git === undefined ? [] : readIgnoreFile(path.join(git, 'info', 'exclude'), true);
  return exclude.length > 0 ? [{ patterns: exclude, prefix }] : [];
}

/** The folder that holds a work tree's info/exclude: its .git folder, or, where .git is a file (a linked worktree, a submodule), the one it names, or that one's common folder. */
function gitDir(root: string): string | undefined {
  const dotGit = path.join(root, '.git');
  try {
    if (fs.statSync(dotGit).isDirectory()) return dotGit;
  } catch {
    return undefined;
  }
  const text = regularText(dotGit);
  const own = text === undefined ? undefined : gitfileFolder(root, text);
  return own === undefined ? undefined : commonFolder(own);
}

/**
 * The folder a gitfile (`root`'s `.git` file) names, as git reads it (setup.c: read_gitfile_gently; a
 * commondir the same, get_common_dir_noenv): `gitdir: `, one space, at the file's start, then the rest
 * of the file but the line breaks ending it (CRLF too); a space in the path is kept. None where git
 * calls it an "invalid gitfile format".
 */
function gitfileFolder(root: string, text: string): string | undefined {
  if (!text.startsWith('gitdir: ')) return undefined;
  const named = withoutLineEnds(text.slice('gitdir: '.length));
  return named === '' ? undefined : path.resolve(root, named);
}

/** A git folder's common folder: the one its `commondir` names (a linked worktree's: its repository's), else itself. */
function commonFolder(own: string): string {
  const common = regularText(path.join(own, 'commondir'));
  return common === undefined ? own : path.resolve(own, withoutLineEnds(common));
}

/**
 * Whether git takes the folder `dir`, holding a `.git`, for a repository nested in the one searched,
 * as it does before it lists that folder's files (dir.c, is_nonbare_repository_dir): a `.git` folder
 * that is a git folder, or a `.git` file naming one (or that cannot be read); not an empty `.git`
 * folder, nor a `.git` file naming no git folder (a worktree whose repository was removed, a
 * submodule copied without it), whose folder git lists as one of the outer repository's, by its
 * ignore files.
 */
function isRepository(dir: string): boolean {
  const found = dotGitIn(dir);
  if (!found) return false;
  const { dotGit, stat } = found;
  if (stat.isDirectory()) return isGitFolder(dotGit);
  // Not read where it is no regular file: a pipe would keep the search waiting.
  if (!stat.isFile()) return false;
  let text: string;
  try {
    text = fs.readFileSync(dotGit, 'utf8');
  } catch {
    return true; // git takes a gitfile it cannot open or read for one
  }
  const named = gitfileFolder(dir, text);
  return named !== undefined && isGitFolder(named);
}

/**
 * Whether `folder` is a git folder, as git tells one (setup.c, is_git_directory): a HEAD that names a
 * ref (`ref: refs/…`, or a link to `refs/…`) or an object (hex), and, in its common folder (a linked
 * worktree's is its repository's), `objects` and `refs`. A HEAD that is no regular file (a pipe,
 * which kept the search waiting for a writer) names neither.
 */
function isGitFolder(folder: string): boolean {
  const head = path.join(folder, 'HEAD');
  try {
    const stat = fs.lstatSync(head);
    if (stat.isSymbolicLink()) {
      if (!fs.readlinkSync(head).startsWith('refs/')) return false;
    } else {
      if (!stat.isFile()) return false;
      const text = fs.readFileSync(head, 'utf8');
      if (!(text.startsWith('ref:') ? text.slice(4).trimStart().startsWith('refs/') : /^[0-9a-f]{40}/i.test(text))) return false;
    }
  } catch {
    return false;
  }
  const root = commonFolder(folder);
  return ['objects', 'refs'].every((d) => {
    try {
      return fs.statSync(path.join(root, d)).isDirectory();
    } catch {
      return false;
    }
  });
}

/** `text` without the CRs and LFs that end it, as git reads a gitfile and a commondir. */
function withoutLineEnds(text: string): string {
  let end = text.length;
  while (end > 0 && (text[end - 1] === '\n' || text[end - 1] === '\r')) end--;
  return text.slice(0, end);
}

/**
 * `p` made absolute, or as written when it cannot be: path.resolve asks for the current folder, which
 * throws once that folder was removed, and a relative path named then must be reported as missing,
 * not end the run before the absolute paths after it are checked.
 */
function resolved(p: string): string {
  try {
    return path.resolve(p);
  } catch {
    return path.normalize(p);
  }
}

/**
 * Whether `p`, not found, names a file or folder whose name is not UTF-8: Node hands an argument
 * over decoded, with U+FFFD for such bytes, and that name is no longer the one on disk. So it is
 * when the first part of the path not found is, decoded as Node decodes, a name in its folder.
 */
function namedNotUtf8(p: string): boolean {
  if (!p.includes('\uFFFD')) return false;
  let dir = path.dirname(p);
  let name = path.basename(p);
  while (!fs.existsSync(dir) && path.dirname(dir) !== dir) (name = path.basename(dir)), (dir = path.dirname(dir));
  try {
    return name.includes('\uFFFD') && fs.readdirSync(dir, { encoding: 'buffer' }).some((n) => n.toString('utf8') === name);
  } catch {
    return false;
  }
}

/** What a link found in a folder leads to when it is no regular file (`notRegular`: a folder, a pipe or a device named mars.toml is passed over, as is one not linked). */
function behind(link: string): string | null {
  try {
    return notRegular(fs.statSync(link));
  } catch {
    return null; // a broken link: reading it says why
  }
}
