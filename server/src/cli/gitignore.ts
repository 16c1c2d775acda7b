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
  readonly regex: RegExp | null;
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
  if (line === '' || line.startsWith('#')) return undefined;
  let body = trimTrailingSpaces(line);
  let negated = false;
  if (body.startsWith('!')) (negated = true), (body = body.slice(1));
  let folderOnly = false;
  if (body.endsWith('/')) (folderOnly = true), (body = body.slice(0, -1));
  if (body === '') return undefined; // `/`, `!` or `!/`: git matches nothing with them
  const anchored = body.includes('/');
  if (body.startsWith('/')) body = body.slice(1);
  return { source: line, negated, folderOnly, anchored, regex: compileGlob(body) };
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
  return String.fromCharCode(...new TextEncoder().encode(s));
}

// What a regex needs escaped, outside a class and in one.
const escapeRegex = (c: string) => (/[\\^$.*+?()[\]{}|/]/.test(c) ? `\\${c}` : c);
const escapeInClass = (c: string) => (/[\\^\]\[-]/.test(c) ? `\\${c}` : c);

/**
 * A glob as git's wildmatch reads it with WM_PATHNAME: `*` and `?` never match `/`, `**` between
 * slashes (or at an end) matches any number of folders, `[...]` a character from the set (`!` or
 * `^` negates, `]` first is one of them, `a-z`, `[:alpha:]`), `\` makes the next character plain.
 */
export function compileGlob(glob: string): RegExp | null {
  glob = bytes(glob);
  let re = '';
  let i = 0;
  while (i < glob.length) {
    const c = glob[i]!;
    if (c === '\\') {
      if (i + 1 >= glob.length) return null; // git: a trailing backslash matches nothing
      re += escapeRegex(glob[i + 1]!);
      i += 2;
    } else if (c === '*') {
      let j = i;
      while (glob[j] === '*') j++;
      const atStart = i === 0 || glob[i - 1] === '/';
      if (j - i >= 2 && atStart && (j === glob.length || glob[j] === '/')) {
        // At the end, everything from here on; else (`**/` at the start, `/**/` in the middle, whose
        // first `/` is written) zero or more folders.
        if (j === glob.length) re += '.*';
        else (re += '(?:.*/)?'), j++;
      } else re += '[^/]*';
      i = j;
    } else if (c === '?') {
      re += '[^/]';
      i++;
    } else if (c === '[') {
      const cls = bracket(glob, i);
      if (!cls) return null;
      re += cls.re;
      i = cls.end;
    } else {
      re += escapeRegex(c);
      i++;
    }
  }
  return new RegExp(`^${re}$`, 's');
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
    if (c === '[' && glob[i + 1] === ':') {
      const close = glob.indexOf(':]', i + 2);
      if (close < 0) return null;
      const cls = CLASSES[glob.slice(i + 2, close)];
      if (cls === undefined) return null;
      set += cls;
      i = close + 2;
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
      if (hi < c) continue; // an empty range matches nothing
      set += `${escapeInClass(c)}-${escapeInClass(hi)}`;
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
  if (!pattern.regex || (pattern.folderOnly && !folder)) return false;
  return pattern.regex.test(bytes(pattern.anchored ? rel : rel.slice(rel.lastIndexOf('/') + 1)));
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
