// Text in quotes as YAML writes it on one line (`description: "Reads a\/b"`, `- 'it''s'`, an agent's front
// matter pasted): the string YAML reads, where TOML reads the same quotes otherwise or not at all. YAML's
// double quotes take escapes TOML lacks (`\/`, `\x41`, `\N`, `\_`, `\e`, `\ `), its single quotes a quote
// written twice (`''`), which TOML reads as two strings. js-yaml is the reference (test/unit/yamlPasted.test.ts).

import { lineEndAt, nextLineStart } from './lineIndex';
import { basicString } from './strings';
import { YAML_TEXT_MAX } from './typingSlips';
import { UNREAD } from './unreadBlanks';

/** What may follow text in quotes on its line: blanks, then a comment after one at most. */
export const AFTER_QUOTES = /^(?:[ \t]+#.*|[ \t]*)$/;

/** A double-quoted escape's character, by the letter after the backslash (YAML 1.2, 5.7), but those of a code. */
const ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0', a: '\x07', b: '\b', t: '\t', '\t': '\t', n: '\n', v: '\v', f: '\f', r: '\r', e: '\x1b', ' ': ' ',
  '"': '"', '/': '/', '\\': '\\', N: '\u0085', _: '\u00a0', L: '\u2028', P: '\u2029',
};

/** The digits of a code escape, by its letter. */
const CODE_DIGITS: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };

/**
 * The string YAML reads from the quoted text `rest` starts with, and how long that is; null where it is no
 * quoted text closed on its line, or holds what YAML refuses (an unknown escape, a control character, a code
 * past Unicode's or a lone surrogate's).
 */
export function yamlQuoted(rest: string): { value: string; length: number } | null {
  const q = rest[0];
  if (q !== '"' && q !== "'") return null;
  let value = '';
  for (let i = 1; i < rest.length; ) {
    const c = rest[i]!;
    // A line break only where `quotedLines` folded lines into one.
    if (/[\u0000-\u0008\u000b-\u001f\u007f]/.test(c)) return null;
    if (c === q) {
      if (q === "'" && rest[i + 1] === "'") {
        value += "'";
        i += 2;
        continue;
      }
      return { value, length: i + 1 };
    }
    if (c !== '\\' || q === "'") {
      value += c;
      i++;
      continue;
    }
    const letter = rest[i + 1] ?? '';
    const digits = CODE_DIGITS[letter];
    if (digits !== undefined) {
      const hex = rest.slice(i + 2, i + 2 + digits);
      const code = /^[0-9A-Fa-f]+$/.test(hex) && hex.length === digits ? parseInt(hex, 16) : -1;
      if (code < 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return null;
      value += String.fromCodePoint(code);
      i += 2 + digits;
    } else if (letter in ESCAPES) {
      value += ESCAPES[letter];
      i += 2;
    } else return null;
  }
  return null;
}

/** What shows as nothing or as a blank TOML does not read (a NEL, a no-break space), and C1's control characters. */
const UNSEEN = new RegExp(`[\\u0080-\\u009f]|${UNREAD}`, 'gu');

/** `value` in TOML's double quotes, what would not be seen in them escaped (`\u00A0`): YAML's `\N`, `\_`, `\L`. */
export function seenString(value: string): string {
  return basicString(value).replace(UNSEEN, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}

/**
 * YAML's text in quotes from `quoteAt` going on over the lines below (`description: "Reviews code,` ⏎ `  carefully."`),
 * each indented deeper than `outer` (its key's indent), to its closing quote: the string YAML reads (the blanks around
 * a line break dropped, the break a blank, an empty line a line break; in double quotes, a `\` ending a line joins it
 * to the next), and where its closing quote ends. Null where it closes on its first line (`yamlQuoted`), never closes,
 * a line going on is not deeper (or indented with a tab), or it holds what YAML refuses.
 */
export function quotedLines(text: string, quoteAt: number, outer: number): { value: string; end: number } | null {
  const q = text[quoteAt];
  if (q !== '"' && q !== "'") return null;
  let folded = '';
  let empty = 0;
  for (let at = quoteAt + 1, first = true; at < text.length; first = false) {
    const lineEnd = lineEndAt(text, at);
    let line = text.slice(at, lineEnd);
    if (!first) {
      if (line.trim() === '') {
        if (line.includes('\t')) return null;
        // Empty lines after a `\` that escaped the line break are its too (YAML's s-double-escaped): nothing put between.
        if (empty >= 0) empty++;
        at = nextLineStart(text, at);
        continue;
      }
      const spaces = /^ */.exec(line)![0].length;
      if (spaces <= outer || line[spaces] === '\t' || line.length > YAML_TEXT_MAX) return null;
      line = line.trimStart();
    }
    const close = closingQuote(line, q);
    if (close < 0) {
      // Going on: its end's blanks dropped; in double quotes a `\` there escapes the line break (nothing put between).
      const trailing = /\\*$/.exec(line.trimEnd())![0].length;
      if (q === '"' && trailing % 2 === 1) {
        if (/[ \t]$/.test(line)) return null;
        folded += (first ? '' : separator(empty, q)) + line.slice(0, -1);
        empty = -1; // joined: nothing between this line and the next
      } else {
        folded += (first ? '' : separator(empty, q)) + line.trimEnd();
        empty = 0;
      }
      at = nextLineStart(text, at);
      continue;
    }
    if (first) return null;
    const rest = line.slice(close + 1);
    if (!AFTER_QUOTES.test(rest)) return null;
    folded += separator(empty, q) + line.slice(0, close);
    const read = yamlQuoted(`${q}${folded}${q}`);
    return read && { value: read.value, end: lineEnd - rest.length };
  }
  return null;
}

/** What a line break between two lines of quoted text becomes: a blank, a line break for each empty line between, nothing after an escaped break. */
const separator = (empty: number, q: string) => (empty < 0 ? '' : empty === 0 ? ' ' : (q === '"' ? '\\n' : '\n').repeat(empty));

/** Where the quote `q` closing quoted text is in `line` (a `\` escaping in double quotes, `''` a quote in single ones), or -1. */
function closingQuote(line: string, q: string): number {
  for (let i = 0; i < line.length; i++) {
    if (q === '"' && line[i] === '\\') i++;
    else if (line[i] === q) {
      if (q === "'" && line[i + 1] === "'") i++;
      else return i;
    }
  }
  return -1;
}
