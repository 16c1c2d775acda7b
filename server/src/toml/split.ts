// Where a TOML text's sections begin: the root table at 0, then every line that starts a table
// header (`[x]`, `[[x]]`) outside a multi-line string and outside an open array. A section is then
// parsed and analysed on its own, so an edit re-analyses only the section it touches and an error
// cannot spread past the next header.
//
// One allocation-free scan. Recovery mirrors the parser's: an array still open when a line is a
// whole header (`[agents.b]`, never a value such as `[1]`, `[-1, 2],`, `["x"]` or `[true]`) is
// taken as unclosed, and that line as a header; so is an inline table (TOML 1.1 lets one go on over
// lines, which the syntax check reports and the parser reads) at any line starting with `[`; a
// multi-line string never closed is taken to end with its first line, and so is one opened right
// after text where the scan sees the quotes before it in its statement pair the wrong way
// (`LineState.held`).

import { isUnreadBlank } from './unreadBlanks';

const LF = 0x0a;
const CR = 0x0d;
const TAB = 0x09;
const SPACE = 0x20;
const QUOTE = 0x22;
const APOS = 0x27;
const HASH = 0x23;
const BACKSLASH = 0x5c;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const BOM = 0xfeff;

function isBareLetter(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x2d;
}

/** The word at p, when it is a value a bare key could be mistaken for. */
function isWordValue(text: string, p: number): boolean {
  for (const w of ['true', 'false', 'inf', 'nan']) {
    if (text.startsWith(w, p) && !isBareLetter(text.charCodeAt(p + w.length)) && !/[0-9]/.test(text[p + w.length] ?? '')) return true;
  }
  return false;
}

/** The first offset from p that is not a space or a tab. */
export function skipBlank(text: string, p: number): number {
  while (text.charCodeAt(p) === SPACE || text.charCodeAt(p) === TAB) p++;
  return p;
}

/** The first offset from `p` (before `until`) past blanks, line breaks and comments. */
export function skipTrivia(text: string, p: number, until: number): number {
  while (p < until) {
    const c = text[p];
    if (c === '#') while (p < until && text[p] !== '\n' && text[p] !== '\r') p++;
    else if (c === ' ' || c === '\t' || c === '\n' || c === '\r') p++;
    else break;
  }
  return p;
}

/**
 * The first offset from p that is not a space, a tab or what TOML does not read as a blank
 * (unreadBlanks.ts: each is a syntax error of its own, which does not make a header's line another).
 */
export function skipBlankOrUnread(text: string, p: number): number {
  for (;;) {
    const c = text.charCodeAt(p);
    if (c === SPACE || c === TAB || isUnreadBlank(c)) p++;
    else return p;
  }
}

/**
 * Where the code of the line from `p` starts: past spaces and tabs, and, where `[` or a key's first
 * character or a comment's `#` follows (a header, a key/value, an item of a list left open, a comment),
 * past what TOML does not read as a blank too (each its own syntax error, which does not make a
 * header's line another, nor hide a key or a comment: `<U+3000>[skills.c]`, `<U+2003>b.tools.allowed
 * = [...]`, `<U+FEFF># mars-ignore`, which speaks of the next line as it does once fixed). The split, the parser
 * (parse.ts) and the chunks (chunks.ts) read a line's start with it, so they agree on which lines are
 * headers.
 */
export function lineCodeStart(text: string, p: number): number {
  const q = skipBlank(text, p);
  if (!isUnreadBlank(text.charCodeAt(q))) return q;
  const r = skipBlankOrUnread(text, q);
  const c = text.charCodeAt(r);
  return c === LBRACKET || c === QUOTE || c === APOS || c === HASH || isBareLetter(c) || (c >= 0x30 && c <= 0x39) ? r : q;
}

/**
 * Where a section whose header's line starts at `p` (not the file's start) starts: there, but past
 * the byte order marks first on the line (`U+FEFF[agents.x.tools]`), which stay the previous
 * section's last characters. A section starting with one would read it as the file's (the parser,
 * smol-toml and the line index skip it), and its error would be lost; the section before reads it
 * as the stray character it is, its error and fix said there. The split and the parser cut there.
 */
export function sectionCut(text: string, p: number): number {
  while (p > 0 && text.charCodeAt(p) === BOM) p++;
  return p;
}

/**
 * Whether the `[` at p opens a header even inside an open array: a whole header line, `[key]` or
 * `[[key]]` and nothing after it but a comment, whose key starts with a letter or `_` (not a value
 * such as `[1]`, `[-1, 2],`, `["x"]` or `[true]`). What TOML does not read as a blank counts as one
 * here (`[`U+200B`skills]`), as the parser reads the line (parse.ts, `looksLikeHeader`).
 */
function startsHeader(text: string, p: number): boolean {
  const double = text.charCodeAt(p + 1) === LBRACKET;
  let q = skipBlankOrUnread(text, double ? p + 2 : p + 1);
  const first = text.charCodeAt(q);
  if (!(isBareLetter(first) && first !== 0x2d) || isWordValue(text, q)) return false;
  // The key: bare parts and quoted ones, joined by dots.
  for (;;) {
    const c = text.charCodeAt(q);
    if (c === QUOTE || c === APOS) {
      q++;
      while (q < text.length && text.charCodeAt(q) !== c && text.charCodeAt(q) !== LF) q += text.charCodeAt(q) === BACKSLASH && c === QUOTE ? 2 : 1;
      if (text.charCodeAt(q) !== c) return false;
      q++;
    } else if (isBareLetter(c) || (c >= 0x30 && c <= 0x39)) {
      while (isBareLetter(text.charCodeAt(q)) || (text.charCodeAt(q) >= 0x30 && text.charCodeAt(q) <= 0x39)) q++;
    } else return false;
    q = skipBlankOrUnread(text, q);
    if (text.charCodeAt(q) !== 0x2e) break;
    q = skipBlankOrUnread(text, q + 1);
  }
  if (text.charCodeAt(q) !== RBRACKET || (double && text.charCodeAt(q + 1) !== RBRACKET)) return false;
  q = skipBlankOrUnread(text, q + (double ? 2 : 1));
  const after = text.charCodeAt(q);
  return q >= text.length || after === LF || after === CR || after === HASH;
}

/** Offsets where sections start; the first is always 0. */
export function sectionStarts(text: string): number[] {
  return sectionStartsFrom(text, 0);
}

/**
 * The section starts from `from` on (`from` must itself be a section start, and is the first).
 * Every section starts in the same state (no open array, no open string), so a scan can begin at
 * any start; `stop` ends it at the first later start it accepts (which is included), for a caller
 * that knows the starts from there on already. `unclosed` gets where each multi-line string never
 * closed begins: an edit after one can close it, and change the starts before the edit.
 */
export function sectionStartsFrom(text: string, from: number, stop?: (start: number) => boolean, unclosed?: number[]): number[] {
  const starts = [from];
  const n = text.length;
  const state: LineState = { arrays: 0, multiline: 0 };
  // The kinds of multi-line string found open to the end. A later one of the same kind is open to
  // the end too: its content's first character is one the first string's scan read as content (the
  // one before it, a quote, escapes nothing), and from there the two scans read alike, so it is not
  // scanned again (`a = """` then lines of `k = \"""` took a scan to the end each).
  const openToEnd = new Set<number>();
  let p = from;
  for (;;) {
    if (p >= n || (state.multiline && openToEnd.has(state.multiline))) {
      // A multi-line string left open to the end would make the rest of the file one string, and
      // blank out every section after it while the user types: the string is taken to end with the
      // line it opened on (the parser reports it unterminated), and the scan goes on from there.
      if (!state.multiline) break;
      openToEnd.add(state.multiline);
      unclosed?.push(state.openedAt!);
      // No start was taken while the string was open, so this is past the last one.
      p = lineBreak(text, lineEnd(text, state.openedAt!));
      state.multiline = 0;
      state.arrays = 0;
      state.braces = 0;
      continue;
    }
    // At a line start.
    if (!state.multiline) {
      // A byte order mark is no part of the first line (the parser skips it): `\uFEFF[x]` is a header.
      const q = lineCodeStart(text, p === 0 && text.charCodeAt(0) === BOM ? 1 : p);
      // In an inline table (not in a list in it) a line cannot go on with `[`: it is a header.
      if (text.charCodeAt(q) === LBRACKET && (state.arrays === 0 || startsHeader(text, q))) {
        if (p > from) {
          const cut = sectionCut(text, p);
          starts.push(cut);
          if (stop?.(cut)) return starts;
        }
        state.arrays = 0;
        state.braces = 0;
        // The header line itself: skip to its end (a comment or junk after it is the parser's).
        p = lineEnd(text, p);
        p = lineBreak(text, p);
        continue;
      }
    }
    // Outside a list or an inline table, a line starts a statement: quotes seen to pair the wrong way were the last one's.
    if (!state.arrays && !state.braces) state.misread = false;
    p = restOfLine(text, p, state);
    if (state.multiline && state.held) {
      // A multi-line string opened right after text (`bash(x)"""`), where the quotes before it in its
      // statement pair the wrong way (`[read", """bash(x)""", "edit"]`, a quote deleted: the closing
      // `"""` opens one), is read on by TOML to the next `"""` of the file, sections below. That reading
      // is a guess past a syntax error the user is mending, and the string most likely the one closing
      // there: it is taken to end with its first line too, as one never closed, and the list it is in
      // with it (the parser reports its section's first error, before it, all the same; a valid
      // document holds none).
      unclosed?.push(state.openedAt!);
      state.multiline = 0;
      state.arrays = 0;
      state.braces = 0;
    }
    p = lineBreak(text, p);
  }
  return starts;
}

/** What a line leaves open for the next: arrays, inline tables and a multi-line string. */
export interface LineState {
  arrays: number;
  /** Inline tables open (TOML 1.1 lets them go on over lines). */
  braces?: number;
  multiline: 0 | typeof QUOTE | typeof APOS; // inside """ or '''
  /** Where the multi-line string still open began. */
  openedAt?: number;
  /**
   * The statement so far shows a syntax error the scan can see: a string closed right before a
   * character TOML lets follow none (`"a""`, `""bash`: its quotes pair the wrong way). Never so in a
   * valid document. `sectionStartsFrom` clears it at each line start outside a list or inline table.
   */
  misread?: boolean;
  /**
   * The multi-line string still open was opened where `misread` was set, or right after text on its
   * line, after what no value follows, on its line or the last line above with code (`bash(x)"""`: most
   * likely the closing quotes of a string whose opening ones the scan read otherwise, or were deleted):
   * `sectionStartsFrom` ends it with its first line.
   */
  held?: boolean;
  /** The offset of the last character of code (not a blank, nor a comment) on the lines scanned, or -1. */
  lastCode?: number;
}

/** Scans from `p` to the end of its line (the offset of the line break), strings and comments skipped. */
export function restOfLine(text: string, p: number, state: LineState): number {
  const n = text.length;
  let braces = state.braces ?? 0;
  const start = p;
  let codeEnd = -1; // where a comment starts on the line
  while (p < n) {
    const c = text.charCodeAt(p);
    if (c === LF || c === CR) break;
    if (state.multiline) {
      if (c === BACKSLASH && state.multiline === QUOTE) p += 2;
      else if (c === state.multiline && text.charCodeAt(p + 1) === c && text.charCodeAt(p + 2) === c) {
        p += 3;
        while (text.charCodeAt(p) === state.multiline) p++; // up to two quotes may end the content
        state.multiline = 0;
        if (!followsString(text.charCodeAt(p))) state.misread = true;
      } else p++;
      continue;
    }
    if (c === HASH) {
      codeEnd = p;
      p = lineEnd(text, p);
      break;
    }
    if (c === QUOTE || c === APOS) {
      if (text.charCodeAt(p + 1) === c && text.charCodeAt(p + 2) === c) {
        state.multiline = c;
        state.openedAt = p;
        // Right after text on its line (`bash(x)"""`) no multi-line string opens in a valid document: a syntax error too.
        // Not after what TOML does not read as a blank (`[` U+200B `"""`), its own error, the string read on past it.
        const before = text.charCodeAt(p - 1);
        state.held = (state.misread === true || (!startsValue(before) && !isUnreadBlank(before))) && openedAfterText(text, p, state.lastCode ?? -1);
        p += 3;
        continue;
      }
      p++;
      while (p < n) {
        const d = text.charCodeAt(p);
        if (d === LF || d === CR) break; // unterminated: ends with its line
        if (d === BACKSLASH && c === QUOTE) p += 2;
        else if (d === c) {
          p++;
          if (!followsString(text.charCodeAt(p))) state.misread = true;
          break;
        } else p++;
      }
      continue;
    }
    if (c === LBRACE) braces++;
    else if (c === RBRACE) braces = Math.max(0, braces - 1);
    else if (c === LBRACKET) state.arrays++;
    else if (c === RBRACKET) state.arrays = Math.max(0, state.arrays - 1);
    p++;
  }
  state.braces = braces;
  // The line's last character of code, read back at its end from its comment or its end past blanks.
  let code = (codeEnd < 0 ? Math.min(p, n) : codeEnd) - 1;
  while (code >= start && (text.charCodeAt(code) === SPACE || text.charCodeAt(code) === TAB)) code--;
  if (code >= start) state.lastCode = code;
  return p;
}

/**
 * Whether TOML lets `c` follow a string (a value, or a key's quoted part): a blank, `,`, `]`, `}`,
 * `.`, `=`, a comment, the line's end or the text's (NaN).
 */
function followsString(c: number): boolean {
  return c !== c || c === SPACE || c === TAB || c === 0x2c || c === RBRACKET || c === RBRACE || c === 0x2e || c === 0x3d || c === HASH || c === LF || c === CR;
}

/** Whether TOML lets a value start right after `c`: a blank, `=`, `[`, `,`, `{`, or the line's start (a line break, or NaN). */
function startsValue(c: number): boolean {
  return c !== c || c === SPACE || c === TAB || c === 0x3d || c === LBRACKET || c === 0x2c || c === LBRACE || c === LF || c === CR;
}

/**
 * Whether a string opening at `p` is opened right after what no value follows: on its line, the
 * character before it (`bash(x)"""`); where only blanks stand before it on its line, the last
 * character of code above (`lastCode`: comments left out), where that ends no value either (`allowed = [read", """`
 * ⏎ `bash(x)` ⏎ `"""]`, a quote deleted; not a quote or a closer, `"a"` ⏎ `"""b"""`, two values, a
 * comma missing). Asked only where `misread` is set, past a syntax error already.
 */
function openedAfterText(text: string, p: number, lastCode: number): boolean {
  const blank = (c: number) => c === SPACE || c === TAB;
  let i = p - 1;
  while (i >= 0 && blank(text.charCodeAt(i))) i--;
  if (i >= 0 && text.charCodeAt(i) !== LF && text.charCodeAt(i) !== CR) return !startsValue(text.charCodeAt(p - 1));
  // Past what TOML does not read as a blank too (`"a"` U+2028 ⏎ `'''b'''`, `"a"` U+00A0 `# c` ⏎ `'''b'''`: a value ends there).
  i = lastCode;
  while (i >= 0 && (blank(text.charCodeAt(i)) || text.charCodeAt(i) === LF || text.charCodeAt(i) === CR || isUnreadBlank(text.charCodeAt(i)))) i--;
  const c = text.charCodeAt(i);
  return i >= 0 && !startsValue(c) && c !== QUOTE && c !== APOS && c !== RBRACKET && c !== RBRACE;
}

function lineEnd(text: string, p: number): number {
  while (p < text.length && text.charCodeAt(p) !== LF && text.charCodeAt(p) !== CR) p++;
  return p;
}

export function lineBreak(text: string, p: number): number {
  if (text.charCodeAt(p) === CR) p++;
  if (text.charCodeAt(p) === LF) p++;
  return p;
}
