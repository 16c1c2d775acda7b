// Where a string's value sits in the text: the line a problem with it is shown on, the text each of
// its characters comes from (escapes and line-ending backslashes decoded), and the backslash that
// ends a line of a multi-line basic string (text, but not value).

import { firstHeldLineOf } from './lineIndex';
import type { Span, TomlString } from './model';

const isBlank = (c: number) => c === 0x20 || c === 0x09;

export const isMultiline = (str: TomlString) => str.style === 'multiline-basic' || str.style === 'multiline-literal';

/** A multi-line string left open: where it was meant to end is a guess, so no fix edits it. */
export const isOpenMultiline = (str: TomlString) => !str.terminated && isMultiline(str);

/** Where a string's value starts: a multi-line string's first line break is not part of it. */
export function valueStart(text: string, str: TomlString): number {
  const start = str.content.start;
  if (!isMultiline(str)) return start;
  if (text.charCodeAt(start) === 13 && text.charCodeAt(start + 1) === 10) return start + 2;
  return text.charCodeAt(start) === 10 ? start + 1 : start;
}

/**
 * The first line break in [from, to), or `to`: LF, CR LF, or a lone CR, which TOML does not take
 * for one but the protocol's positions do.
 */
function lineBreak(text: string, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) return i;
  }
  return to;
}

/** Where the line after a line break at `at` starts. */
const nextLine = (text: string, at: number) => at + (text.charCodeAt(at) === 13 && text.charCodeAt(at + 1) === 10 ? 2 : 1);

/**
 * The backslash that ends the line [lineStart, lineEnd) of a multi-line basic string (`\`, then only
 * blanks): it joins the next line, and is not part of the value. -1 when there is none.
 */
export function lineEndingBackslash(text: string, lineStart: number, lineEnd: number): number {
  let e = lineEnd;
  while (e > lineStart && isBlank(text.charCodeAt(e - 1))) e--;
  let b = e;
  while (b > lineStart && text.charCodeAt(b - 1) === 0x5c) b--;
  return (e - b) % 2 === 1 ? e - 1 : -1;
}

/**
 * The span a problem with a string is shown on: its content's first line with something on it
 * (a multi-line string may open with blank lines, or a line-ending backslash, which its value does
 * not hold), without a line-ending backslash; for a string of nothing but white space, an empty
 * span where its value starts. Never past a line break: a range that is ends on the next line.
 */
export function contentSpan(text: string, str: TomlString): Span {
  const { end } = str.content;
  if (!isMultiline(str)) return firstHeldLineOf(text, str.content);
  const basic = str.style === 'multiline-basic';
  let lineStart = valueStart(text, str);
  const first = lineStart;
  // After a line-ending backslash the value goes on at the next text: the blanks before it are not in it.
  let joined = false;
  while (lineStart < end) {
    const lineEnd = lineBreak(text, lineStart, end);
    const backslash = basic ? lineEndingBackslash(text, lineStart, lineEnd) : -1;
    const contentEnd = backslash >= 0 ? backslash : lineEnd;
    let s = lineStart;
    while (s < contentEnd && isBlank(text.charCodeAt(s))) s++;
    if (s < contentEnd) return { start: joined ? s : lineStart, end: contentEnd };
    joined ||= backslash >= 0;
    lineStart = nextLine(text, lineEnd);
  }
  return { start: first, end: first };
}

/**
 * The span hover and go to definition show for a string: its content, but a multi-line string's
 * from where `contentSpan` starts it (past the line break after the opening quotes, which the value
 * does not hold, and a line-ending backslash with the blanks it joins over) to its end; of one left
 * open, `contentSpan` alone (where it was meant to end is a guess).
 */
export function shownSpan(text: string, str: TomlString): Span {
  if (!isMultiline(str)) return str.content;
  const first = contentSpan(text, str);
  return str.terminated ? { start: first.start, end: str.content.end } : first;
}

/**
 * The text each UTF-16 unit of the string's value comes from, as [start, end) pairs: an escape gives
 * its whole sequence to the units it makes. Null when the text does not decode to the value the
 * parser gave (a reading this module does not share), so that no range is made up.
 */
export function valueSources(text: string, str: TomlString): { readonly starts: number[]; readonly ends: number[] } | null {
  const starts: number[] = [];
  const ends: number[] = [];
  let decoded = '';
  const add = (units: string, start: number, end: number) => {
    decoded += units;
    for (let k = 0; k < units.length; k++) {
      starts.push(start);
      ends.push(end);
    }
  };
  const basic = str.style === 'basic' || str.style === 'multiline-basic';
  const end = str.content.end;
  let p = valueStart(text, str);
  const multiline = isMultiline(str);
  while (p < end) {
    // A CR LF line break of a multi-line string is one LF of its value (the parser's `lf`).
    if (multiline && text.charCodeAt(p) === 13 && text.charCodeAt(p + 1) === 10 && p + 1 < end) {
      add('\n', p, p + 2);
      p += 2;
      continue;
    }
    if (!basic || text.charCodeAt(p) !== 0x5c) {
      add(text[p]!, p, p + 1);
      p++;
      continue;
    }
    if (str.style === 'multiline-basic') {
      const lineEnd = lineBreak(text, p, end);
      const joins = text.charCodeAt(lineEnd) === 10 || (text.charCodeAt(lineEnd) === 13 && text.charCodeAt(lineEnd + 1) === 10);
      if (joins && lineEndingBackslash(text, p, lineEnd) === p && lineEnd < end) {
        // Joins the next text: no value, up to the first character that is not white space.
        p = lineEnd;
        while (p < end && (isBlank(text.charCodeAt(p)) || text.charCodeAt(p) === 10 || (text.charCodeAt(p) === 13 && text.charCodeAt(p + 1) === 10))) p++;
        continue;
      }
    }
    const q = escapeEnd(text, p, end);
    add(decodeEscape(text.slice(p, q)), p, q);
    p = q;
  }
  return decoded === str.value ? { starts, ends } : null;
}

const SIMPLE: Readonly<Record<string, string>> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', '"': '"', '\\': '\\', e: '\x1b' };
const HEX_DIGITS: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };

/**
 * The character JSON's surrogate pair escape at `p` spells (`\\uD83D\\uDE00`, an error for TOML), or
 * null: the parser reads it as that character, as the error's advice writes it (`\\U0001F600`), not
 * as twelve characters of text, and so does every other reading of an escape.
 */
export function surrogatePairEscape(text: string, p: number): string | null {
  const pair = /^\\u([dD][89abAB][0-9a-fA-F]{2})\\u([dD][c-fC-F][0-9a-fA-F]{2})/.exec(text.slice(p, p + 12));
  return pair ? String.fromCharCode(parseInt(pair[1]!, 16), parseInt(pair[2]!, 16)) : null;
}

/** Where the escape at `p` (a backslash) ends, as the parser reads it. */
function escapeEnd(text: string, p: number, end: number): number {
  const n = text[p + 1];
  if (n === undefined || p + 1 >= end) return p + 1;
  if (n in SIMPLE) return p + 2;
  if (n === 'u' && p + 12 <= end && surrogatePairEscape(text, p) !== null) return p + 12;
  const count = HEX_DIGITS[n];
  if (count !== undefined) {
    let q = p + 2;
    while (q < p + 2 + count && q < end && /[0-9A-Fa-f]/.test(text[q]!)) q++;
    return q;
  }
  if (n === '\n' || (n === '\r' && text[p + 2] === '\n')) return p + 1;
  return p + 1 + (/[\uD800-\uDBFF]/.test(n) && /[\uDC00-\uDFFF]/.test(text[p + 2] ?? '') ? 2 : 1);
}

/** The value of one escape sequence; an invalid one stands for itself, as in the parser. */
function decodeEscape(seq: string): string {
  if (seq.length === 2 && seq[1]! in SIMPLE) return SIMPLE[seq[1]!]!;
  if (seq.length === 12) return surrogatePairEscape(seq, 0) ?? seq;
  const count = HEX_DIGITS[seq[1] ?? ''];
  if (count !== undefined && seq.length === 2 + count) {
    const cp = parseInt(seq.slice(2), 16);
    if (cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff)) return String.fromCodePoint(cp);
  }
  return seq;
}

/**
 * Where a basic (`"`) or literal (`'`) string whose content starts at `from` is closed: its closing
 * quote (an escaped `\"` does not close a basic one), or -1 when the line ends first (at LF or CR LF:
 * TOML takes a lone CR for a control character in the string, not a line's end).
 */
export function closingQuote(text: string, from: number, quote: '"' | "'", lineEnd: number): number {
  for (let i = from; i < lineEnd; i++) {
    const c = text[i];
    if (c === quote) return i;
    if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) return -1;
    if (c === '\\' && quote === '"') i++;
  }
  return -1;
}

/** The value of a one-line basic string's content: its escapes decoded as the parser decodes them. */
export function decodeBasic(content: string): string {
  let out = '';
  let p = 0;
  while (p < content.length) {
    const b = content.indexOf('\\', p);
    if (b < 0) return out + content.slice(p);
    const q = escapeEnd(content, b, content.length);
    out += content.slice(p, b) + decodeEscape(content.slice(b, q));
    p = q;
  }
  return out;
}

/**
 * Where the character `ch` is first written in `content` at or after `from` (a character's start):
 * in a basic string's content (`basic`), as itself or as an escape that stands for it (`\u0028`
 * for `(`), as Mars reads the decoded value; -1 where it is not.
 */
export function indexOfDecoded(content: string, ch: string, from: number, basic: boolean): number {
  if (!basic) return content.indexOf(ch, from);
  // The next `ch` written as itself is looked for again only once an escape has taken it in: one
  // pass over a long pattern of escapes with no `)`, not one per escape.
  let c = content.indexOf(ch, from);
  let p = from;
  for (;;) {
    const b = content.indexOf('\\', p);
    if (b < 0 || (c >= 0 && c < b)) return c;
    const q = escapeEnd(content, b, content.length);
    // Only a hex escape (`\u0028`) or a simple one (`\t`) can stand for `ch`: no other one decoded.
    const n = content[b + 1] ?? '';
    if ((HEX_DIGITS[n] !== undefined || SIMPLE[n] === ch) && decodeEscape(content.slice(b, q)) === ch) return b;
    p = q;
    if (c >= 0 && c < p) c = content.indexOf(ch, p);
  }
}

/** The end of the character written at `p` of `content`: past its escape in a basic string's (`basic`). */
export const charEnd = (content: string, p: number, basic: boolean): number =>
  basic && content[p] === '\\' ? escapeEnd(content, p, content.length) : p + 1;

/** The index after the string at p: its closing quote, the end of its line (one-line, unterminated) or of the text. */
export function stringEnd(text: string, p: number): number {
  const quote = text.charCodeAt(p);
  const len = text.length;
  if (text.charCodeAt(p + 1) === quote && text.charCodeAt(p + 2) === quote) {
    for (let q = p + 3; q < len; q++) {
      const c = text.charCodeAt(q);
      if (c === 0x5c && quote === 0x22) q++;
      else if (c === quote && text.charCodeAt(q + 1) === quote && text.charCodeAt(q + 2) === quote) {
        let end = q + 3;
        for (let k = 0; k < 2 && text.charCodeAt(end) === quote; k++) end++;
        return end;
      }
    }
    return len;
  }
  for (let q = p + 1; q < len; q++) {
    const c = text.charCodeAt(q);
    if (c === 0x0a || c === 0x0d) return q;
    if (c === 0x5c && quote === 0x22 && text.charCodeAt(q + 1) !== 0x0a && text.charCodeAt(q + 1) !== 0x0d) q++;
    else if (c === quote) return q + 1;
  }
  return len;
}
