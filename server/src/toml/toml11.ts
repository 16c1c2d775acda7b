// What TOML 1.0 refuses in a text smol-toml accepted. Mars reads mars.toml with Rust's `toml` 0.8
// (toml_edit 0.22), a TOML 1.0 parser, while smol-toml (the syntax verdict, syntax.ts) reads TOML
// 1.1: each of these loads in smol-toml and stops Mars's config load. TOML 1.1 added line breaks,
// comments and a trailing comma in inline tables, the `\e` and `\xHH` escapes, and times without
// seconds; each has a rewrite in TOML 1.0 that means the same, offered as its fix. And smol-toml
// takes any day up to 31 in any month (`1979-04-31`), dates with other characters in their digits,
// and integers of any size (told to keep big ones, syntax.ts), which no rewrite can mend; and an
// offset without its colon at the text's end (`+0100`), which one can. Nor can a rewrite mend what
// Mars's parser refuses beyond the spec: a float that overflows to infinity, and values nested or
// keys dotted past toml_edit's recursion limit, which smol-toml's (1,000) passes (the model notes
// where, syntax.ts reports it).
//
// One scan, linear, on valid TOML only (so a `:` outside strings and comments is in a time, and
// every bracket is matched), or on the part of a section before smol-toml's error: there an inline
// table still open across a line break is reported too, as toml_edit stops at that line break,
// before whatever smol-toml, reading TOML 1.1, stopped at later (syntax.ts).

import { readsAsValue } from './listWithoutBrackets';
import type { Span } from './model';
import { stringEnd } from './stringPositions';
import { quoted } from '../grammar/text';

export interface Toml11Construct {
  readonly span: Span;
  readonly message: string;
  /**
   * The TOML 1.0 text that means the same, made when asked for (only fixes need it); null where
   * none keeps the file as written (a comment inside an inline table, an impossible date).
   */
  readonly rewrite: { readonly title: string; readonly span: Span; newText(): string } | null;
}

const LF = 0x0a;
const CR = 0x0d;
const TAB = 0x09;
const SPACE = 0x20;
const QUOTE = 0x22;
const HASH = 0x23;
const APOS = 0x27;
const COMMA = 0x2c;
const COLON = 0x3a;
const EQUALS = 0x3d;
const LBRACKET = 0x5b;
const BACKSLASH = 0x5c;
const RBRACKET = 0x5d;
const LBRACE = 0x7b;
const RBRACE = 0x7d;

const MARS_READS = 'Mars reads TOML 1.0';

const MAY_HOLD = /[{\\]|[0-9]:[0-9]|-[0-9]{2}-(?:29|3)|[0-9]{4}-(?![0-9]{2}-[0-9])|[0-9A-Fa-f_]{16}|[eE]\+?[0-9][0-9_]{2}/;

interface Frame {
  readonly inline: boolean;
  /** A header's brackets. */
  readonly header: boolean;
  readonly open: number;
  /** The first line break or comment directly inside this inline table, or -1. */
  firstBreak: number;
  /** A comment anywhere inside (which a one-line rewrite would swallow). */
  comment: boolean;
  /** The comma last seen at this level, while nothing else has followed it; or -1. */
  comma: number;
  /** The inline tables over lines inside this value, found so far (their indices in `found`). */
  inner: number[] | null;
}

/**
 * Whether `text` may hold something `toml11Constructs` finds: each needs a brace, a backslash, a
 * time's `HH:MM`, a day 29 to 31, a year not followed by `MM-D`, 16 digits or a three-digit
 * exponent, none of them with a blank in it (so a value without any holds none, whatever is beside it).
 */
export const mayHoldToml11 = (text: string): boolean => MAY_HOLD.test(text);

/** What TOML 1.0 refuses in `text` (valid TOML 1.1), in text order (an inline table's at its end). */
export function toml11Constructs(text: string): Toml11Construct[] {
  const found: Toml11Construct[] = [];
  // Most sections hold nothing it may find (a native search).
  if (!mayHoldToml11(text)) return found;
  const stack: Frame[] = [];
  const top = () => stack[stack.length - 1];
  const dropped = new Set<number>();
  const len = text.length;
  let p = 0;
  let lineStart = true; // at the start of a statement (or a header)
  let value = false; // whether a bare token here is a value (after `=`, in a list), not a key
  while (p < len) {
    const c = text.charCodeAt(p);
    if (c === SPACE || c === TAB || c === CR) {
      p++;
      continue;
    }
    const frame = top();
    const statementStart = lineStart;
    if (c === LF) {
      lineStart = stack.length === 0;
      if (lineStart) value = false;
    } else if (c !== HASH) lineStart = false;
    if (c === LF || c === HASH) {
      if (frame?.inline && frame.firstBreak < 0) frame.firstBreak = p;
      if (c === HASH) {
        for (const f of stack) f.comment = true;
        while (p < len && text.charCodeAt(p) !== LF) p++;
      } else p++;
      continue;
    }
    if (c === COMMA) {
      if (frame) frame.comma = p;
      value = frame !== undefined && !frame.inline && !frame.header;
      p++;
      continue;
    }
    if (c === RBRACE || c === RBRACKET) {
      stack.pop();
      if (frame) closed(text, frame, p, found, top(), dropped);
      p++;
      continue;
    }
    if (frame) frame.comma = -1;
    if (c === LBRACE || c === LBRACKET) {
      // A header's brackets (`[x]`, `[[x]]`) hold keys, which may look like dates (`[1979-04-31]`).
      const header = c === LBRACKET && (frame ? frame.header : statementStart);
      stack.push({ inline: c === LBRACE, header, open: p, firstBreak: -1, comment: false, comma: -1, inner: null });
      value = c === LBRACKET && !header;
      p++;
    } else if (c === QUOTE || c === APOS) {
      p = skipString(text, p, found);
    } else if (c === EQUALS) {
      value = true;
      p++;
    } else {
      // A key (which may look like a date: `1979-04-31 = 1`, `2024-x."b" = 1`) or a value: a
      // number or a date-time value is checked.
      const start = p;
      while (p < len && !isStop(text.charCodeAt(p))) p++;
      if (value && p - start >= 5 && ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d)) scalar(text, start, p, found);
    }
  }
  for (const frame of stack) if (frame.inline && frame.firstBreak >= 0) found.push(unclosedInlineTable(text, frame));
  return dropped.size === 0 ? found : found.filter((_, i) => !dropped.has(i));
}

/** What ends a bare token (a key, a number, a date-time). */
const STOP = new Uint8Array(128);
for (const c of [SPACE, TAB, LF, CR, COMMA, HASH, QUOTE, APOS, LBRACE, RBRACE, LBRACKET, RBRACKET, EQUALS]) STOP[c] = 1;
export const isStop = (c: number) => c < 128 && STOP[c] === 1;

/**
 * A list or inline table closed at `close`. An inline table over lines inside another whose rewrite
 * writes it on one line too is not reported apart (999 nested tables are one problem).
 */
function closed(text: string, frame: Frame, close: number, found: Toml11Construct[], parent: Frame | undefined, dropped: Set<number>): void {
  let inner = frame.inner;
  if (frame.inline) {
    const before = found.length;
    inlineTableClosed(text, frame, close, found);
    if (found.length > before && found[before]!.rewrite && frame.firstBreak >= 0) {
      for (const i of inner ?? []) dropped.add(i);
      inner = [before];
    } else if (found.length > before && frame.firstBreak >= 0) {
      (inner ??= []).push(before);
    }
  }
  if (inner && parent) {
    if (!parent.inner) parent.inner = inner;
    else for (const i of inner) parent.inner.push(i);
  }
}

function inlineTableClosed(text: string, frame: Frame, close: number, found: Toml11Construct[]): void {
  if (frame.firstBreak >= 0) {
    found.push({
      span: firstLine(text, frame),
      message: `an inline table must be on one line (${MARS_READS}; line breaks and comments inside \`{ }\` are TOML 1.1)`,
      rewrite: frame.comment ? null : { title: 'Write the inline table on one line', span: { start: frame.open, end: close + 1 }, newText: () => oneLine(text, frame.open, close + 1) },
    });
  } else if (frame.comma >= 0) {
    found.push(trailingComma(text, frame.comma));
  }
}

function unclosedInlineTable(text: string, frame: Frame): Toml11Construct {
  return {
    span: firstLine(text, frame),
    // Closed nowhere: TOML 1.1, which takes line breaks inside `{ }`, would refuse it too.
    message: `an inline table must be closed with \`}\` on the line it opens (${MARS_READS}, where an inline table is one line)`,
    rewrite: null,
  };
}

/** The most of a text a JSON object pasted as an inline table is looked for in (`jsonObjectOnOneLine`): a settings file's. */
const JSON_OBJECT_MAX = 20_000;

/**
 * The inline table opened at `open` over lines that smol-toml stopped reading inside (the section's `text`, past
 * that error: `syntax.ts`), where it is an object as JSON writes one (`{` ⏎ `"allow": ["Bash(npm test)"],` ⏎ `}`,
 * Claude's settings pasted, its key's `:` made `=` already): on one line, as one over lines that reads is written,
 * each key's `:` written ` =`, where that reads as TOML. Its `}` is found by matching brackets past the error,
 * outside strings. None where a comment is inside (the line would swallow it), or it does not read so.
 */
export function jsonObjectOnOneLine(text: string, open: number): Toml11Construct['rewrite'] {
  const colons: number[] = [];
  // JSON's `\/` in a "..." string, which TOML lacks: `/` to JSON, whose object this is where a key has a `:`.
  const slashes: number[] = [];
  let depth = 0;
  const stop = Math.min(text.length, open + JSON_OBJECT_MAX);
  for (let p = open; p < stop; p++) {
    const c = text.charCodeAt(p);
    if (c === QUOTE || c === APOS) {
      const end = stringEnd(text, p);
      if (text.charCodeAt(end - 1) !== c || end - 1 === p) return null;
      for (let q = p + 1; c === QUOTE && q < end - 1; q++) {
        if (text.charCodeAt(q) !== BACKSLASH) continue;
        if (text[q + 1] === '/') slashes.push(q);
        q++;
      }
      p = end - 1;
    } else if (c === HASH) return null;
    else if (c === LBRACE || c === LBRACKET) depth++;
    else if (c === RBRACKET) depth--;
    else if (c === RBRACE && --depth === 0) {
      const json = colons.length > 0;
      const edits = [...colons.map((at) => [at, 1, /[ \t]/.test(text[at - 1]!) ? '=' : ' ='] as const), ...(json ? slashes.map((at) => [at, 2, '/'] as const) : [])]
        .sort((a, b) => a[0] - b[0]);
      let table = '';
      let from = open;
      for (const [at, length, written] of edits) {
        table += text.slice(from, at) + written;
        from = at + length;
      }
      table += text.slice(from, p + 1);
      const line = oneLine(table, 0, table.length);
      const title = `Write the inline table on one line${json ? ', each `:` as `=`' : ''}${json && slashes.length > 0 ? ', JSON\'s `\\/` as `/`' : ''}`;
      return readsAsValue(line) ? { title, span: { start: open, end: p + 1 }, newText: () => line } : null;
    } else if (c === COLON && /^[ \t]/.test(text[p + 1] ?? '')) colons.push(p);
  }
  return null;
}

/** An inline table over lines is shown on its first line, from `{` to its last character before the break. */
function firstLine(text: string, frame: Frame): Span {
  let end = frame.firstBreak;
  while (end > frame.open + 1 && /[ \t\r]/.test(text[end - 1]!)) end--;
  return { start: frame.open, end };
}

/**
 * The comma at `at`, before `}`: removed, where a blank follows it, with the blanks before it and
 * all but the last after it, which is kept before `}` (`{ b = 1 , }` left two spaces, `{ b = 1,\t }` a tab).
 */
function trailingComma(text: string, at: number): Toml11Construct {
  let start = at;
  let end = at + 1;
  const blank = (i: number) => text[i] === ' ' || text[i] === '\t';
  if (blank(at + 1)) {
    while (blank(start - 1)) start--;
    while (blank(end + 1)) end++;
  }
  return {
    span: { start: at, end: at + 1 },
    message: `an inline table cannot end with a comma (${MARS_READS}; the trailing comma is TOML 1.1)`,
    rewrite: { title: 'Remove the trailing comma', span: { start, end }, newText: () => '' },
  };
}

/**
 * The inline table at [start, end) (with no comment in it) on one line: each run of blanks with a
 * line break becomes one space, or nothing after `[` and before `]` or a comma; a comma left before `}` goes
 * (TOML 1.1), and before `]` when a line break was between (optional there). Strings are kept as
 * they are. Built in parts, linear in the table's length.
 */
function oneLine(text: string, start: number, end: number): string {
  const parts: string[] = [];
  let comma = -1; // the part holding the last comma, while only blanks have followed it
  let last = ''; // the last character written that is not a blank
  let p = start;
  while (p < end) {
    const c = text.charCodeAt(p);
    if (c === SPACE || c === TAB || c === CR || c === LF) {
      let q = p;
      let broken = false;
      for (; q < end && /[ \t\r\n]/.test(text[q]!); q++) if (text.charCodeAt(q) === LF) broken = true;
      const next = text.charCodeAt(q);
      if (broken && next === RBRACKET && comma >= 0) parts[comma] = '';
      if (!broken) parts.push(text.slice(p, q));
      else if (next === RBRACKET || next === COMMA || last === '[') parts.push('');
      else parts.push(' ');
      p = q;
      continue;
    }
    if (c === RBRACE && comma >= 0) parts[comma] = '';
    const q = c === QUOTE || c === APOS ? stringEnd(text, p) : p + 1;
    parts.push(text.slice(p, q));
    comma = c === COMMA ? parts.length - 1 : -1;
    last = text[q - 1]!;
    p = q;
  }
  return parts.join('');
}

/** `table`, an inline table over lines with no comment in it (`{` to `}`), written on one line as its rewrite writes it. */
export const inlineTableOnOneLine = (table: string): string => oneLine(table, 0, table.length);

/** The index after the string at p, its TOML 1.1 escapes reported into `found`. */
function skipString(text: string, p: number, found: Toml11Construct[]): number {
  const end = stringEnd(text, p);
  if (text.charCodeAt(p) !== QUOTE) return end;
  // Within the string only: `indexOf` would run on to the section's end for every string without one.
  for (let q = p + 1; q < end; q++) {
    if (text.charCodeAt(q) !== BACKSLASH) continue;
    const n = text.charCodeAt(++q);
    if (n === 0x65) found.push(escape(text, { start: q - 1, end: q + 1 }, '\\u001B'));
    else if (n === 0x78) found.push(escape(text, { start: q - 1, end: q + 3 }, `\\u00${text.slice(q + 1, q + 3).toUpperCase()}`));
  }
  return end;
}

function escape(text: string, span: Span, rewrite: string): Toml11Construct {
  const written = text.slice(span.start, span.end);
  return {
    span,
    message: `${quoted(written)} is not an escape (${MARS_READS}; ${quoted(written.slice(0, 2))} is TOML 1.1): write ${quoted(rewrite)}`,
    rewrite: { title: `Write ${quoted(rewrite)}`, span, newText: () => rewrite },
  };
}

const TIME = /(?:^|[Tt])([0-9]{2}:[0-9]{2})(?!:)/;
const OFFSET_WITHOUT_COLON = /[0-9]([+-][0-9]{2})([0-9]{2})$/;
const DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})/;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const INTEGER = /^[+-]?(?:0x[0-9A-Fa-f_]+|0o[0-7_]+|0b[01_]+|[0-9_]+)$/;
const FLOAT = /^\+?[0-9_]+(?:\.[0-9_]+)?(?:[eE][+-]?[0-9_]+)?$/;
const I64 = [-(2n ** 63n), 2n ** 63n - 1n] as const;

/**
 * A number or date-time value at [start, end): an integer past 64 bits (smol-toml, told to keep
 * big integers, takes any size; TOML's are 64-bit), a float past the largest (toml_edit refuses
 * +infinity), a time written without seconds (TOML 1.1), a day past its month's end
 * (`1979-04-31`, `2001-02-29`), a date with other characters in its digits (`1979-05- 7`) or an
 * offset without its colon (`+0100`), which smol-toml lets through and TOML 1.0 parsers refuse.
 */
function scalar(text: string, start: number, end: number, found: Toml11Construct[]): void {
  const token = text.slice(start, end);
  if (end - start >= 16 && INTEGER.test(token)) {
    const digits = token.replace(/_/g, '');
    const negative = digits.startsWith('-');
    const magnitude = BigInt(digits.replace(/^[+-]/, ''));
    const value = negative ? -magnitude : magnitude;
    if (value < I64[0] || value > I64[1]) {
      found.push({ span: { start, end }, message: `${quoted(token)} is out of range: TOML integers are 64-bit (from -2^63 to 2^63-1), and Mars cannot load it`, rewrite: null });
    }
    return;
  }
  // Rust's float parse and JavaScript's round alike (to nearest), so they overflow alike. toml_edit
  // refuses +infinity only: `-1e400` loads, as -infinity.
  if (FLOAT.test(token) && Number(token.replace(/_/g, '')) === Infinity) {
    found.push({ span: { start, end }, message: `${quoted(token)} is too large for a float: Mars's TOML parser reads it as infinity, refuses it, and cannot load the file (write \`inf\` if infinity is meant)`, rewrite: null });
    return;
  }
  const date = DATE.exec(token);
  if (!date && /^[0-9]{4}-/.test(token)) {
    // smol-toml's date reader does not look at the month's digits or the day's first (`1979-05- 7`).
    let to = start;
    while (to < start + 10 && to < text.length && text.charCodeAt(to) !== LF && text.charCodeAt(to) !== CR) to++;
    const written = text.slice(start, to);
    found.push({ span: { start, end: to }, message: `${quoted(written)} is not a date: write it as YYYY-MM-DD (${MARS_READS}, which refuses it)`, rewrite: null });
    return;
  }
  if (date) {
    const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
    const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
    if (month >= 1 && month <= 12 && day > days) {
      found.push({
        span: { start, end: start + 10 },
        message: `${quoted(date[0])} is not a date: ${MONTHS[month - 1]} ${year} has ${days} days (${MARS_READS}, which refuses it)`,
        rewrite: null,
      });
    }
  }
  const m = TIME.exec(token);
  if (m) {
    const at = start + m.index + m[0].length - 5;
    const span = { start: at, end: at + 5 };
    found.push({
      span,
      message: `a time needs its seconds (${MARS_READS}; a time without seconds is TOML 1.1): write ${quoted(`${m[1]}:00`)}`,
      rewrite: { title: `Write ${quoted(`${m[1]}:00`)}`, span, newText: () => `${m[1]}:00` },
    });
  }
  // `+0100`, which smol-toml takes at the very end of the text.
  const offset = token.includes(':') ? OFFSET_WITHOUT_COLON.exec(token) : null;
  if (offset) {
    const span = { start: start + offset.index + 1, end };
    const rewrite = `${offset[1]}:${offset[2]}`;
    found.push({ span, message: `${quoted(text.slice(span.start, end))} is not an offset: write ${quoted(rewrite)} (${MARS_READS}, which refuses it)`, rewrite: { title: `Write ${quoted(rewrite)}`, span, newText: () => rewrite } });
  }
}
