// Text in quotes as YAML writes it on one line (`description: "Reads a\/b"`, `- 'it''s'`, an agent's front
// matter pasted): the string YAML reads, where TOML reads the same quotes otherwise or not at all. YAML's
// double quotes take escapes TOML lacks (`\/`, `\x41`, `\N`, `\_`, `\e`, `\ `), its single quotes a quote
// written twice (`''`), which TOML reads as two strings. js-yaml is the reference (test/unit/yamlPasted.test.ts).

import { basicString } from './strings';
import { UNREAD } from './unreadBlanks';

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
    if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(c)) return null;
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
