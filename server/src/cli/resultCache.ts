// What a check said, kept in the user's cache folder beside the code cache, as ruff keeps its
// results: a check run again on files holding the same bytes, named the same way from the same
// folder, with the same options, by the same build, says it again from there without loading the
// checker. A check of the 1 MB bench file from cold code takes 0.6-0.8 s, and said again about
// 70 ms, most of it Node's start (docs/performance.md, "The checker").
//
// Only a check whose output depends on nothing else is kept: of files named or found by a folder's
// search (not stdin), read-only (not --fix), and ended with 0 or 1 (never a usage error, a file not
// read, or output not written), with nothing of Node's or another's in its output (NODE_DEBUG's
// lines, a warning, a module preloaded). What else it depends on is in the entry's name: the
// bundles' bytes (the checker's, and dist/cli.js's, which keeps and says the entries), Node's
// version and options (NODE_OPTIONS: a smaller heap may crash the check) and the process's resource
// limits (ulimit: less memory or CPU time may too), the current folder, the arguments, the
// environment the report reads (colour, and GITHUB_WORKSPACE where it writes GitHub's
// annotations) and whether stdout and stderr show colour, what the search found and passed over
// (made here, before the checker loads, and handed to the check, which reads what it found), and
// each file as the report shows it (shownPaths.ts); the files' bytes are in the entry, so that an
// edit replaces it rather than adding one. Anything amiss (no folder of ours, an entry cut short, a
// file changed during the check, even changed back, or where it is shown from) costs the cache,
// never the check.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { leftByKilled, rm, writeWhole } from '../node/codeCache';
import { wantsColour } from './colour';
import { watchOutput } from './outputErrors';
import { handOver, type Search, searchOf } from './search';
import { FORMATS, shownPaths } from './shownPaths';

const PREFIX = 'result-';
/**
 * The most output kept, in bytes. A check streams its report (a dense 10 MB file makes 700 MB of
 * JSON): past this, it stops keeping a copy, and the run is not kept.
 */
const MOST_KEPT = 64 << 20;
/** Entries not used for this long are removed when another is written. */
const UNUSED_FOR_MS = 30 * 24 * 3600_000;
/**
 * The most all entries hold, in bytes: past it, those used longest ago are removed when another is
 * written (a caller that checks a new temporary copy each time makes an entry each time).
 */
const MOST_HELD = 256 << 20;
/** Bytes read at a time of a file hashed, and first of an entry: its head is in them. */
const BLOCK = 1 << 20;

/** The head of an entry, a line of JSON before the output's bytes. */
interface Head {
  /**
   * SHA-256 of the SHA-256 of each file's bytes, in the order found: one hash however many files a
   * search finds (one for each put a search of 16,000 past the block a head is read in, and its
   * entry, written at every run, was never said).
   */
  files: string;
  exit: number;
  /** The output as written: to stdout (1) or stderr (2), so many bytes, a write at a time, in order. */
  chunks: [1 | 2, number][];
}

/**
 * The paths a run of `argv` names (the current folder where it names none), whether its search
 * skips what git ignores and whether it writes GitHub's annotations, if it is one that can be kept:
 * `check`, then paths and the options that only shape the report or the search. Anything else
 * (`--fix`, `--no-cache`, `-`, `--help`, `--`, a format not known) is run as it comes.
 */
export function keptRun(argv: readonly string[]): { paths: string[]; respectGitignore: boolean; github: boolean } | undefined {
  if (argv[0] !== 'check') return undefined;
  const paths: string[] = [];
  let respectGitignore = true;
  let format: string | undefined = 'text';
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--format') format = argv[++i];
    else if (a.startsWith('--format=')) format = a.slice('--format='.length);
    else if (a === '--severity') i++;
    else if (a.startsWith('--severity=')) continue;
    else if (a === '--no-respect-gitignore') respectGitignore = false;
    else if (a === '' || a.startsWith('-')) return undefined;
    else paths.push(a);
    // A usage error, exit 2, said before any search.
    if (!(FORMATS as readonly (string | undefined)[]).includes(format)) return undefined;
  }
  return { paths: paths.length > 0 ? paths : ['.'], respectGitignore, github: format === 'github' };
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Each file's bytes' hash, or undefined when one is not a regular file that can be read. Read a
 * block at a time: a file may be as large as the checker reads (512 MiB), and it reads it again.
 * `stamps` gets each file's size and times as it was read: an edit undone while a check ran (its
 * bytes the same again at its end) changes them, where it leaves the hash as it was.
 */
function hashes(paths: readonly string[], stamps: string[] = []): string[] | undefined {
  const block = Buffer.allocUnsafe(BLOCK);
  try {
    return paths.map((p) => {
      // Not opened unless a regular file, and never waiting: opening a pipe waits for a writer.
      if (!fs.statSync(p).isFile()) throw new Error('not a regular file');
      const fd = fs.openSync(p, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
      try {
        const stat = fs.fstatSync(fd, { bigint: true });
        if (!stat.isFile()) throw new Error('not a regular file');
        stamps.push(stampOf(stat));
        const hash = createHash('sha256');
        for (let n; (n = fs.readSync(fd, block, 0, BLOCK, null)) > 0; ) hash.update(block.subarray(0, n));
        return hash.digest('hex');
      } finally {
        fs.closeSync(fd);
      }
    });
  } catch {
    return undefined;
  }
}

/** A file's size and times, in ns: any write changes them, though its bytes end as they were. */
const stampOf = (stat: fs.BigIntStats) => `${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;

/**
 * Times a file system may round a file's times to, and a network file system's clock be behind
 * this one's, in ns (FAT's are 2 s; Linux takes them from a clock a few ms coarse).
 */
const ROUNDED_NS = 60_000_000_000n;

/**
 * Whether the files hold, at the end of the check, the bytes they held at its start (`since`, ns
 * of the clock files' times are in) when `files` and `stamps` were taken (`hashes`): their times
 * and sizes the same, and, where they were written so shortly before that a write during the
 * check could have left them so, their bytes hashed again. A search finds thousands of files, whose
 * hashing takes a tenth of a second each time (5,000: 108 ms).
 */
function unchangedSince(since: bigint, paths: readonly string[], files: readonly string[], stamps: readonly string[]): boolean {
  return paths.every((p, i) => {
    let stat: fs.BigIntStats;
    try {
      stat = fs.statSync(p, { bigint: true });
    } catch {
      return false;
    }
    if (stampOf(stat) !== stamps[i]) return false;
    const written = stat.mtimeNs > stat.ctimeNs ? stat.mtimeNs : stat.ctimeNs;
    return written < since - ROUNDED_NS || hashes([p])?.[0] === files[i];
  });
}

/**
 * The kept result of running `bundle` with `argv`, in `folder` (one only this user can write: see
 * codeCache.ts): `replay` says it again and tells whether it could; `record` keeps what the run
 * about to start says. Undefined for a run that cannot be kept.
 */
export function keptResult(folder: string, bundle: string, argv: readonly string[]): { replay(): boolean; record(): void } | undefined {
  // Node's own debug output (NODE_DEBUG=module: `MODULE 4123: load …`) is written through stderr, with
  // its pid, as the check runs: a run kept with it said it again, another's, in every run after.
  if (process.env.NODE_DEBUG || preloads()) return undefined;
  const run = keptRun(argv);
  if (!run) return undefined;
  // What the check reads: the files named, and those its folders' searches find (search.ts). A run
  // that could not read a path ends with exit 2, and one that found nothing in a folder named
  // searches it again to say why (what git ignores there), which this search does not know.
  const search = findOrNot(run.paths, run.respectGitignore);
  if (!search) return undefined;
  // The check that runs reads what this search found, whether or not it is kept (a path not read,
  // nothing found, a file that cannot be hashed): no run walks the folders twice. Its entry's name
  // holds what this search found, not what one of its own would find meanwhile.
  handOver(run.paths, run.respectGitignore, search);
  if (search.problems.length > 0 || search.files.length === 0 || search.seen.emptyFolders.length > 0) return undefined;
  const since = BigInt(Date.now()) * 1_000_000n;
  const stamps: string[] = [];
  const files = hashes(search.files, stamps);
  if (!files) return undefined;
  const bytes = sha256(files.join());
  let build: string;
  try {
    // The checker's bundle, and this one's (dist/cli.js), which reads and writes the entries.
    build = sha256(Buffer.concat([fs.readFileSync(bundle), fs.readFileSync(__filename)]));
  } catch {
    return undefined;
  }
  const entry = entryOf(folder, build, argv, run.github, search);
  if (entry === undefined) return undefined;
  return {
    replay: () => replay(entry, bytes),
    // Kept only if, at its end, all it depends on is as it was at its start: the files, and where they are shown from.
    record: () => record(folder, entry, bytes, () => unchangedSince(since, search.files, files, stamps) && entryOf(folder, build, argv, run.github, search) === entry),
  };
}

/** The search of `paths`, or undefined where it failed (the current folder removed meanwhile): the check then says why. */
function findOrNot(paths: readonly string[], respectGitignore: boolean): Search | undefined {
  try {
    return searchOf(paths, respectGitignore);
  } catch {
    return undefined;
  }
}

/** The entry of a run of `argv` by the build `build` (its bundle's hash): its name says all else the output depends on. */
function entryOf(folder: string, build: string, argv: readonly string[], github: boolean, { files, seen }: Search): string | undefined {
  try {
    const env = process.env;
    const { show, problem } = shownPaths(github);
    const said = [
      build, process.version, process.platform, process.execArgv, env.NODE_OPTIONS, limits(), process.cwd(), argv,
      [env.FORCE_COLOR, env.NO_COLOR], [wantsColour(process.stdout), wantsColour(process.stderr)],
      // Each file as the search names it (which the check reads it by: the search is handed to it,
      // a file reached twice found once) and as the report shows it (from a GitHub workspace, through
      // the links to its folder), and what is said of the workspace.
      files.map((p) => [p, show(p)]), problem,
      // What the search passed over, or found in other letter cases, said in the report.
      seen,
    ];
    return path.join(folder, `${PREFIX}${sha256(JSON.stringify(said)).slice(0, 40)}`);
  } catch {
    return undefined; // the current folder removed meanwhile
  }
}

/**
 * Whether Node runs code of another's before the checker (`--require`, `--import`, a loader, on its
 * command line or in NODE_OPTIONS): it runs in the check, and what it writes meanwhile was kept and
 * said again beside what it writes in the run that says it (`preloaded says <the time>`, twice);
 * what it does is in no bytes the entry's name holds.
 */
function preloads(): boolean {
  const options = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  return options.some((o) => /^(?:-r|--require|--import|--(?:experimental-)?loader)(?:=|$)/.test(o));
}

/**
 * The process's resource limits, as `ulimit` sets them (Linux: /proc/self/limits): less memory or
 * CPU time ends a check that finished without (`ulimit -v 900000` on the bench's 1 MB file: exit 134),
 * where its kept result, said in a few ms within them, said exit 0 and the whole report. None known
 * elsewhere (macOS, Windows).
 */
function limits(): string {
  try {
    return fs.readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return '';
  }
}

/**
 * Whether `head` is one `record` writes: an exit status of a check kept (0 or 1), and each write to
 * stdout (1) or stderr (2), of a whole number of bytes. A damaged one whose lengths still add up
 * (`[2, -100]` then `[1, 754]`) wrote a whole block of memory to stderr, another stream than the
 * entry's, or an exit status of no check (7, or 256 for 0).
 */
function wellFormed(head: Head): boolean {
  const { files, exit, chunks } = head as Partial<Record<keyof Head, unknown>>;
  return typeof files === 'string' && (exit === 0 || exit === 1) && Array.isArray(chunks) &&
    chunks.every((c) => Array.isArray(c) && c.length === 2 && (c[0] === 1 || c[0] === 2) && Number.isSafeInteger(c[1]) && (c[1] as number) >= 0);
}

/**
 * Says the entry again, if it is whole and of these files' bytes: whether it does. Written as the
 * check wrote it (check.ts, `inOrder`), a write at a time, read a write at a time rather than whole
 * (reading the 1 MB file's 13 MB of JSON whole took a third of a replay): a write the stream holds
 * back is waited for before the next, as stdout and stderr may be one pipe, whose reader must get
 * them in the order written; one it took whole is not, so that where a write fails (a full disk)
 * its failure is said among the rest where the check says it. An entry is never written in place
 * (see `record`), so the one open is read whole whatever is renamed over it.
 */
function replay(entry: string, files: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(entry, 'r');
  } catch {
    return false; // none yet
  }
  let block = Buffer.allocUnsafe(BLOCK);
  let head: Head | undefined;
  let at = 0;
  try {
    const read = fs.readSync(fd, block, 0, BLOCK, 0);
    at = block.subarray(0, read).indexOf(10) + 1;
    head = JSON.parse(block.toString('utf8', 0, at)) as Head;
    if (at === 0 || !wellFormed(head) || head.files !== files || head.chunks.reduce((n, [, length]) => n + length, at) !== fs.fstatSync(fd).size) head = undefined;
  } catch {
    // Not one of ours (a head longer than a block is not one either: a miss).
  }
  if (!head) {
    fs.closeSync(fd);
    return false;
  }
  const { chunks, exit } = head;
  watchOutput(() => false);
  const said = async () => {
    for (const [out, length] of chunks) {
      const stream = out === 1 ? process.stdout : process.stderr;
      // One buffer for all: a write the stream took whole is written, and one held back is waited for.
      if (block.length < length) block = Buffer.allocUnsafe(length);
      const bytes = block.subarray(0, length);
      for (let got = 0; got < length; ) {
        const read = fs.readSync(fd, bytes, got, length - got, at + got);
        if (read === 0) throw new Error('it was cut short while it was read');
        got += read;
      }
      at += length;
      // Called on an error too (a reader gone: watchOutput says it), so nothing waits for ever.
      const written = new Promise((done) => stream.write(bytes, done));
      if ((stream as { writableLength?: number }).writableLength) await written;
    }
    process.exitCode = Math.max(exit, Number(process.exitCode ?? 0));
    const now = new Date();
    try {
      fs.futimesSync(fd, now, now); // used: kept from the pruning of entries no longer used
    } catch {
      // A cache on a file system mounted read-only (EROFS), an entry not ours to mark: said all the same.
    }
  };
  said()
    .catch((e: unknown) => {
      // Part of the output may be written: said, and a failure, as a check that could not finish.
      process.stderr.write(`mars-toml: cannot read the result kept in ${entry}: ${e instanceof Error ? e.message : String(e)} (run check with --no-cache)\n`);
      process.exitCode = 2;
    })
    .finally(() => fs.closeSync(fd));
  return true;
}

/** Keeps a copy of what the process writes to stdout and stderr, written to `entry` at its exit if the run can be kept. */
function record(folder: string, entry: string, files: string, unchanged: () => boolean): void {
  const chunks: [1 | 2, Buffer][] = [];
  let size = 0;
  for (const [fd, stream] of [[1, process.stdout], [2, process.stderr]] as const) {
    const write = stream.write;
    stream.write = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]) {
      if (size <= MOST_KEPT) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk, typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array);
        chunks.push([fd, bytes]);
        size += bytes.length;
      }
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof stream.write;
  }
  // A bug of ours that ends the run with an uncaught exception exits 1 too: that is no check's output.
  let crashed = false;
  process.on('uncaughtExceptionMonitor', () => (crashed = true));
  // A warning Node wrote (`(node:4123) ExperimentalWarning: …`, of a flag in NODE_OPTIONS or of a
  // module it preloads) names its process: said again, it was another's, beside the run's own.
  let warned = false;
  process.on('warning', () => (warned = true));
  process.once('exit', (code) => {
    // A file changed while it was checked (even changed back), or a link on its path: what was said
    // is of neither its old bytes nor its new, nor named as the entry's name says.
    if ((code !== 0 && code !== 1) || crashed || warned || size > MOST_KEPT || !unchanged()) return;
    // Each write kept apart: said again write for write (see `replay`).
    const head: Head = { files, exit: code, chunks: chunks.map(([fd, bytes]) => [fd, bytes.length]) };
    // Not written (a full disk): the next check runs, as this one did.
    if (!writeWhole(entry, [Buffer.from(`${JSON.stringify(head)}\n`), ...chunks.map(([, bytes]) => bytes)])) return;
    prune(folder);
  });
}

/**
 * Removes the entries no check has used for a month, then those used longest ago while all hold
 * more than MOST_HELD, and what a check killed while writing one left.
 */
function prune(folder: string): void {
  const now = Date.now();
  const kept: { file: string; used: number; size: number }[] = [];
  try {
    for (const name of fs.readdirSync(folder)) {
      if (!name.startsWith(PREFIX)) continue;
      const file = path.join(folder, name);
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (!stat) continue;
      // An entry's name has no `.`: one with is being written (writeWhole), or was by a check killed meanwhile.
      if (name.includes('.')) {
        if (leftByKilled(file)) rm(file);
      } else if (now - stat.mtimeMs > UNUSED_FOR_MS) rm(file);
      else kept.push({ file, used: stat.mtimeMs, size: stat.size });
    }
  } catch {
    return; // a folder gone meanwhile
  }
  let held = kept.reduce((n, e) => n + e.size, 0);
  for (const e of kept.sort((a, b) => a.used - b.used)) {
    if (held <= MOST_HELD) break;
    rm(e.file);
    held -= e.size;
  }
}
