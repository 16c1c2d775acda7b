// Where a big section can be cut into pieces that are analysed apart (analysis/document.ts). A
// table holding thousands of dotted keys (`[agents]` then `a.tools.allowed = [...]` for each agent,
// or the root table with `skills.b.tools.allowed = [...]`) is one section, and an edit anywhere in it
// would re-analyse all of it.
//
// Two statements of a table interact (a key defined twice, a tools table spread over statements,
// allowed against disallowed) only when their keys share a first part, or the first two parts when
// every key of the section starts with the same part; in an agent's or skill's own table any two
// may (`allowed` is moved into `tools.allowed`), so it stays whole. So a section is cut only between runs of
// statements of different such groups, and only when no group comes back later in the section;
// each later piece is analysed under a copy of the section's header. Where to cut is decided by
// each boundary's own group (a hash of it), not by the distance from the last cut, so typing in one
// piece never moves the cuts after it. Comments and blank lines
// before a statement go with it (a suppression comment speaks of the next line). Whatever the scan
// cannot read simply (a key it cannot lex, a header it is unsure of, an array of tables, an inline
// table left open over lines) leaves the section whole: cutting is only ever an optimisation. The
// pieces after one with a syntax error show what the whole section shows past it (no syntax error
// of their own, nothing for fix-all: see `Outside.unreadableBefore`).

import { lineBreak, lineCodeStart, restOfLine, skipBlank, type LineState } from './split';

/** Sections shorter than this are analysed whole. */
const MIN_SECTION = 16_384;
/** A run boundary is a cut when its group's hash is 0 modulo this: about that many groups a piece. */
const GROUPS_PER_PIECE = 16;

export interface Chunks {
  /** Offsets where the pieces after the first start, ascending, inside the section. */
  readonly cuts: number[];
  /** Length of the section's header line with its line break (0 for the root table): the text later pieces are analysed under. */
  readonly header: number;
}

const SIMPLE_HEADER = /^[ \t]*\[(?:[^[\]#"'\r\n]|"[^"\\\r\n]*"|'[^'\r\n]*')+\][ \t]*(?:#[^\r\n]*)?$/;

const OWNER = `(?:agents|skills|"agents"|"skills"|'agents'|'skills')`;
// No blanks before the dot: the blanks after the previous part are its, or a run of them between
// two parts would be split between them every way it can (quadratic in the run).
const PART = `\\.[ \\t]*(?:[A-Za-z0-9_-]+|"[^"\\\\\\r\\n]*"|'[^'\\r\\n]*')[ \\t]*`;

/**
 * An agent's or skill's own table (`[agents.x]`) or one below it (`[agents.x.tools]`, or
 * `[agents.x.tool]` misspelt): there statements act on one another whatever their keys (a map-form
 * or misspelt key is moved into `allowed`; `allowed` beside `tools.allowed` is moved into it), and
 * the fix of a table below a tools table (`[agents.x.tools.sub]`) removes it whole, so such a
 * section is never cut.
 */
const OWNER_TABLE_HEADER = new RegExp(`^[ \\t]*\\[[ \\t]*${OWNER}[ \\t]*(?:${PART})+\\]`);
/** `[agents]`, `[skills]`: when all its keys name one owner (`a.tools.allowed`, `a.allowed`), they are that owner's table's. */
const OWNERS_HEADER = new RegExp(`^[ \\t]*\\[[ \\t]*${OWNER}[ \\t]*\\]`);

/** A header's first name, bare or quoted (one SIMPLE_HEADER matches: no escapes). */
const FIRST_NAME = /^[ \t]*\[[ \t]*(?:([A-Za-z0-9_-]+)|"([^"\\\r\n]*)"|'([^'\r\n]*)')/;

/**
 * The cuts of the section [start, end) of `text`, or null to keep it whole. `whole`: whether a
 * header's first name keeps its section whole (the analysis says which: a root table meant as
 * `tools`, `[permission]`, whose lists and rules are said in one finding on its name).
 */
export function chunkSection(text: string, start: number, end: number, whole: (name: string) => boolean = () => false): Chunks | null {
  if (end - start < MIN_SECTION) return null;
  // A byte order mark starts the first section: the scan reads past it, and a header after it is
  // copied with it (the copy starts the text each later piece is analysed as, where one is read as such).
  let p = start === 0 && text.charCodeAt(0) === 0xfeff ? 1 : start;
  let header = 0;
  let owners = false;
  if (text.charCodeAt(lineCodeStart(text, p)) === 0x5b) {
    let lineEnd = p;
    while (lineEnd < end && text.charCodeAt(lineEnd) !== 0x0a && text.charCodeAt(lineEnd) !== 0x0d) lineEnd++;
    const line = text.slice(p, lineEnd);
    if (!SIMPLE_HEADER.test(line) || OWNER_TABLE_HEADER.test(line)) return null; // also `[[array]]`: each piece would be a new element
    const first = FIRST_NAME.exec(line);
    if (first && whole(first[1] ?? first[2] ?? first[3]!)) return null;
    owners = OWNERS_HEADER.test(line);
    p = lineBreak(text, lineEnd);
    header = p - start;
    // A lone CR before a piece that starts with LF would read as one line break, not two.
    if (text.charCodeAt(p - 1) !== 0x0a) return null;
  }
  const statements: Array<{ at: number; first: string; second: string | null }> = [];
  const state: LineState = { arrays: 0, multiline: 0 };
  let block: number | null = null; // where the comments and blank lines before the next statement begin
  while (p < end) {
    const lineStart = p;
    if (state.arrays === 0 && !state.multiline) {
      const q = lineCodeStart(text, p);
      const c = text.charCodeAt(q);
      if (q >= end || c === 0x0a || c === 0x0d || c === 0x23) {
        block ??= lineStart;
      } else {
        const parts = keyParts(text, q);
        if (!parts) return null;
        statements.push({ at: block ?? lineStart, first: parts[0]!, second: parts[1] ?? null });
        block = null;
      }
    }
    p = restOfLine(text, p, state);
    if (state.braces) return null; // an inline table over lines: where its statement ends is the parser's guess
    p = lineBreak(text, p);
  }
  const sameFirst = statements.every((s) => s.first === statements[0]?.first);
  if (sameFirst && (owners || statements.some((s) => s.second === null))) return null;
  const group = (s: (typeof statements)[number]) => (sameFirst ? `${s.first}\u0000${s.second}` : s.first);
  const seen = new Set<string>();
  const cuts: number[] = [];
  let previous: string | null = null;
  for (const s of statements) {
    const g = group(s);
    if (g === previous) continue;
    if (seen.has(g)) return null; // the group comes back: its statements must stay together
    seen.add(g);
    if (previous !== null && hash(g) % GROUPS_PER_PIECE === 0) cuts.push(s.at);
    previous = g;
  }
  return cuts.length > 0 ? { cuts, header } : null;
}

/** FNV-1a. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The first two parts of the key at `p` (bare, or quoted without escapes), or null when it is not that simple. */
function keyParts(text: string, p: number): string[] | null {
  const parts: string[] = [];
  for (;;) {
    p = skipBlank(text, p);
    const c = text.charCodeAt(p);
    let part: string;
    if (c === 0x22 || c === 0x27) {
      const close = text.indexOf(String.fromCharCode(c), p + 1);
      if (close < 0) return null;
      part = text.slice(p + 1, close);
      if (/[\\\r\n]/.test(part)) return null;
      p = close + 1;
    } else {
      const q = p;
      while (isBare(text.charCodeAt(p))) p++;
      if (p === q) return null;
      part = text.slice(q, p);
    }
    if (parts.length < 2) parts.push(part);
    p = skipBlank(text, p);
    const next = text.charCodeAt(p);
    if (next === 0x3d) return parts; // =
    if (next !== 0x2e) return null; // .
    p++;
  }
}

function isBare(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x2d;
}
