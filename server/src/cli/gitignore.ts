// The patterns of a .gitignore (or .git/info/exclude) file, with git's semantics (gitignore(5), and
// git's wildmatch for `*`, `?`, `**` and `[...]`), for the checker's folder search. Pure: the
// caller reads the files and walks the folders.

/** One pattern line of an ignore file. */
export interface IgnorePattern {
  /** The line as written, for messages and tests. */
  readonly source: string;
  /** `!pattern`: a path it matches is not ignored (unless a folder above it is). */
  readonly negated: boolean;
  /** `pattern/`: matches folders only. */
  readonly folderOnly: boolean;
  /** A slash at its start or in its middle: matched against the path from the file's folder, else against the name alone. */
  readonly anchored: boolean;
  /** Null for a pattern git never matches (a `[` not closed, an unknown `[:class:]`, a trailing `\`). */
  readonly glob: Glob | null;
}

/** The patterns of an ignore file's text: comments, blank lines and patterns that can match nothing dropped. */
export function parseIgnoreFile(text: string): IgnorePattern[] {
  const out: IgnorePattern[] = [];
  if (text.startsWith('\ufeff')) text = text.slice(1); // git skips a UTF-8 BOM
  for (let line of text.split('\n')) {
    if (line.endsWith('\r')) line = line.slice(0, -1); // git reads CRLF lines as LF ones
    const p = parsePattern(line);
    if (p) out.push(p);
  }
  return out;
}

function parsePattern(line: string): IgnorePattern | undefined {
  if (line.startsWith('#')) return undefined;
  let body = trimTrailingSpaces(line);
  let negated = false;
  if (body.startsWith('!')) (negated = true), (body = body.slice(1));
  let folderOnly = false;
  if (body.endsWith('/')) (folderOnly = true), (body = body.slice(0, -1));
  if (body === '') return undefined; // a blank line, `/`, `!` or `!/`: git matches nothing with them
  const anchored = body.includes('/');
  if (body.startsWith('/')) body = body.slice(1);
  return { source: line, negated, folderOnly, anchored, glob: compileGlob(body, anchored) };
}

/** Trailing spaces are dropped, but one escaped with a backslash (`a\ `) is kept with everything before it. */
function trimTrailingSpaces(line: string): string {
  let end = line.length;
  while (end > 0 && line[end - 1] === ' ') end--;
  if (end === line.length) return line;
  // The space right after the kept text stays if that text ends in an odd run of backslashes.
  let slashes = 0;
  while (end - slashes - 1 >= 0 && line[end - slashes - 1] === '\\') slashes++;
  return slashes % 2 === 1 ? line.slice(0, end + 1) : line.slice(0, end);
}

const CLASSES: Readonly<Record<string, string>> = {
  alnum: 'a-zA-Z0-9', alpha: 'a-zA-Z', blank: ' \\t', cntrl: '\\x00-\\x1f\\x7f', digit: '0-9',
  graph: '\\x21-\\x7e', lower: 'a-z', print: '\\x20-\\x7e', punct: '!-\\/:-@\\[-`{-~', space: ' \\t\\n\\v\\f\\r',
  upper: 'A-Z', xdigit: '0-9a-fA-F',
};

/**
 * `s` as its UTF-8 bytes, one character each: git matches bytes, so `?` is one byte, and never é,
 * which is two (ASCII, most names, is the same either way).
 */
function bytes(s: string): string {
  if (/^[\x00-\x7f]*$/.test(s)) return s;
  // Not `fromCharCode(...encoded)`: spread, a line of some 100 KB overflows the stack. (Buffer's
  // latin1 is a byte a character; TextDecoder's is windows-1252, per WHATWG.)
  return Buffer.from(s, 'utf8').toString('latin1');
}

// What a regex class needs escaped.
const escapeInClass = (c: string) => (/[\\^\]\[-]/.test(c) ? `\\${c}` : c);

/**
 * One step of a glob: a character it matches (a literal, `?`, `[...]`), `*` (any run of characters
 * but `/`), `**` at its end (any run at all), or `**` before a `/` (any folders, or none).
 */
type Step = ((c: string) => boolean) | 'star' | 'all' | 'folders';

/** A compiled glob: whether it matches a whole path (as `bytes` gives it). */
export interface Glob {
  test(path: string): boolean;
}

/**
 * A glob as git's wildmatch reads it with WM_PATHNAME: `*` and `?` never match `/`, `**` between
 * slashes (or at an end) matches any number of folders, `[...]` a character from the set (`!` or
 * `^` negates, `]` first is one of them, `a-z`, `[:alpha:]`), `\` makes the next character plain.
 * It is matched over the path every way at once (`matches`), never by backtracking: a regex of its
 * stars took exponential time on a long name (`*a*a*a*a*a*a*b` against `aaa…`: the search never
 * ended), which git answers at once. `anchored`: git compares such a pattern's plain start (up to its
 * first `*`, `?`, `[` or `\\`) apart and matches the rest alone, so a `**` right after it is at a start.
 */
export function compileGlob(glob: string, anchored = false): Glob | null {
  glob = bytes(glob);
  const steps: Step[] = [];
  let i = 0;
  const plainStart = anchored ? glob.search(/[*?[\\]/) : 0;
  while (i < glob.length) {
    const c = glob[i]!;
    if (c === '\\') {
      if (i + 1 >= glob.length) return null; // git: a trailing backslash matches nothing
      const plain = glob[i + 1]!;
      steps.push((x) => x === plain);
      i += 2;
    } else if (c === '*') {
      let j = i;
      while (glob[j] === '*') j++;
      // `i === plainStart` holds a `*` that starts the glob, anchored or not.
      const atStart = glob[i - 1] === '/' || i === plainStart;
      if (j - i >= 2 && atStart && (j === glob.length || glob[j] === '/' || glob.startsWith('\\/', j))) {
        // At the end, everything from here on; before `\\/`, any run then that `/` (wildmatch tries no
        // folders only before a `/`); else (`**/` at the start, `/**/` in the middle, whose first `/`
        // is written) zero or more folders.
        if (j === glob.length || glob[j] === '\\') steps.push('all');
        else steps.push('folders'), j++;
      } else steps.push('star');
      i = j;
    } else if (c === '?') {
      steps.push((x) => x !== '/');
      i++;
    } else if (c === '[') {
      const cls = bracket(glob, i);
      if (!cls) return null;
      const one = new RegExp(`^${cls.re}$`, 's');
      steps.push((x) => one.test(x));
      i = cls.end;
    } else {
      steps.push((x) => x === c);
      i++;
    }
  }
  // One star, or none, the common case (`*.log`, `build`), cannot be matched two ways: its steps
  // before and after it take the path's two ends, and what is between is the star's.
  const wild = steps.filter((step) => typeof step !== 'function').length;
  return { test: (path) => (wild <= 1 ? matchesAtEnds(steps, path) : matches(steps, path)) };
}

/** Whether `steps`, with one star, `**` or `**` before a `/` at most, match the whole of `path`. */
function matchesAtEnds(steps: readonly Step[], path: string): boolean {
  const k = steps.findIndex((step) => typeof step !== 'function');
  const head = k < 0 ? steps.length : k;
  const tail = k < 0 ? 0 : steps.length - k - 1;
  if (k < 0 ? path.length !== head : path.length < head + tail) return false;
  for (let i = 0; i < head; i++) if (!(steps[i] as (c: string) => boolean)(path[i]!)) return false;
  for (let i = 1; i <= tail; i++) if (!(steps[steps.length - i] as (c: string) => boolean)(path[path.length - i]!)) return false;
  if (k < 0) return true;
  const middle = path.slice(head, path.length - tail);
  const star = steps[k];
  return star === 'all' || (star === 'star' ? !middle.includes('/') : middle === '' || middle.endsWith('/'));
}

/**
 * Whether `steps` match the whole of `path`: the set of places in them the path so far leads to, a
 * character at a time (time linear in the path for each step). Place k is before step k (k = m:
 * past them all); place m + 1 + k is inside the folders of step k, where only a `/` ends them.
 */
function matches(steps: readonly Step[], path: string): boolean {
  const m = steps.length;
  let now = new Uint8Array(2 * m + 1);
  let next = new Uint8Array(2 * m + 1);
  // A place, and the places after it that a star, `**` or `**/` matching nothing leads on to.
  const reach = (set: Uint8Array, k: number) => {
    for (; !set[k]; k++) {
      set[k] = 1;
      if (k === m || typeof steps[k] === 'function') return;
    }
  };
  reach(now, 0);
  for (const c of path) {
    next.fill(0);
    for (let k = 0; k < now.length; k++) {
      if (!now[k] || k === m) continue;
      const step = k < m ? steps[k]! : 'inside';
      if (step === 'folders' || step === 'inside') {
        const at = k < m ? k : k - m - 1;
        next[m + 1 + at] = 1;
        if (c === '/') reach(next, at + 1);
      } else if (step === 'star') {
        if (c !== '/') reach(next, k);
      } else if (step === 'all') reach(next, k);
      else if (step(c)) reach(next, k + 1);
    }
    [now, next] = [next, now];
    if (!now.includes(1)) return false;
  }
  return now[m] === 1;
}

/** The bracket expression starting at `glob[start]` (`[`) as a regex class, and where it ends; null when not closed or with an unknown class. */
function bracket(glob: string, start: number): { re: string; end: number } | null {
  let i = start + 1;
  let negated = false;
  if (glob[i] === '!' || glob[i] === '^') (negated = true), i++;
  let set = '';
  let first = true;
  for (;;) {
    if (i >= glob.length) return null;
    let c = glob[i]!;
    if (c === ']' && !first) break;
    first = false;
    // `[:name:]` up to the first `]`; a `[:` with no `:` right before that `]` is a plain `[` (wildmatch).
    const close = c === '[' && glob[i + 1] === ':' ? glob.indexOf(']', i + 2) : -1;
    if (close >= 0 && close > i + 2 && glob[close - 1] === ':') {
      const cls = CLASSES[glob.slice(i + 2, close - 1)];
      if (cls === undefined) return null;
      set += cls;
      i = close + 1;
      continue;
    }
    if (c === '\\') {
      if (i + 1 >= glob.length) return null;
      c = glob[++i]!;
    }
    i++;
    // A range `a-z` (not when `-` is last, before `]`).
    if (glob[i] === '-' && i + 1 < glob.length && glob[i + 1] !== ']') {
      let hi = glob[i + 1]!;
      i += 2;
      if (hi === '\\') {
        if (i >= glob.length) return null;
        hi = glob[i++]!;
      }
      // git matches the first character as itself, then the range: `[z-a]` is `z`.
      set += hi < c ? escapeInClass(c) : `${escapeInClass(c)}-${escapeInClass(hi)}`;
    } else set += escapeInClass(c);
  }
  // Never `/`, which WM_PATHNAME keeps for folders.
  if (negated) return { re: `[^/${set}]`, end: i + 1 };
  return { re: set === '' ? '(?!)' : `(?!/)[${set}]`, end: i + 1 };
}

/**
 * Whether `pattern` matches the path `rel` (from its file's folder, `/` between names), a folder or
 * not. The caller asks for each path it meets, folder by folder, so what is under an ignored
 * folder is never asked about: git's "a file cannot be re-included if a folder above it is excluded".
 */
export function patternMatches(pattern: IgnorePattern, rel: string, folder: boolean): boolean {
  if (!pattern.glob || (pattern.folderOnly && !folder)) return false;
  return pattern.glob.test(bytes(pattern.anchored ? rel : rel.slice(rel.lastIndexOf('/') + 1)));
}

/** The patterns of one ignore file, and the path from its folder to the folder being searched (`''` there, else ending in `/`). */
export interface IgnoreLevel {
  readonly patterns: readonly IgnorePattern[];
  readonly prefix: string;
}

/**
 * Whether `name` in the folder being searched is ignored by `levels`, outermost first: the last
 * pattern that matches decides, a deeper file's over an outer one's, as git's precedence has it.
 */
export function ignored(levels: readonly IgnoreLevel[], name: string, folder: boolean): boolean {
  for (let l = levels.length - 1; l >= 0; l--) {
    const { patterns, prefix } = levels[l]!;
    const rel = prefix + name;
    for (let p = patterns.length - 1; p >= 0; p--) {
      if (patternMatches(patterns[p]!, rel, folder)) return !patterns[p]!.negated;
    }
  }
  return false;
}
