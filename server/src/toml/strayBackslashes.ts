// A backslash TOML reads as no escape in a "..." string (`"grep \d+"`, `"read(C:\Users)"`, a shell's
// `my\ dir`): the string does not load, but what was meant is plain, the backslash itself, which is
// what the model reads it as already (parse.ts keeps an unread escape's text). Written `\\`, the
// string means that. JSON's `\/` is the one doubt: JSON reads it as `/`, a sed pattern as written.

import { quoted, shown } from '../grammar/text';
import type { SyntaxProblem, TomlString } from './model';

const BACKSLASH = 0x5c;
/** What may follow a backslash in TOML 1.0 or 1.1 and name one character (`\e` is TOML 1.1's: toml11.ts rewrites it). */
const ESCAPED = new Set(['b', 't', 'n', 'f', 'r', '"', '\\', 'e']);
const HEX_DIGITS: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };
/** The escapes a fix's title names, at most. */
const SHOWN = 3;

/**
 * The rewrite of `str`'s backslashes that begin no escape, each written `\\`, where the error at `at`
 * (on the backslash or the character after it) is on one of them. Null where the string holds an
 * escape cut short (`\u12`: a code meant, or a backslash?), where it is not a "..." string, or where
 * the error is on something else.
 */
export function strayBackslashes(text: string, str: Pick<TomlString, 'style' | 'content'>, at: number): NonNullable<SyntaxProblem['rewrite']> | null {
  const multiline = str.style === 'multiline-basic';
  if (str.style !== 'basic' && !multiline) return null;
  const { start, end } = str.content;
  const strays: number[] = [];
  for (let p = start; p < end; p++) {
    if (text.charCodeAt(p) !== BACKSLASH) continue;
    const c = text[p + 1];
    if (c === undefined || p + 1 >= end) return null;
    if (ESCAPED.has(c)) {
      p++;
      continue;
    }
    const count = HEX_DIGITS[c];
    if (count !== undefined) {
      let digits = 0;
      while (digits < count && /[0-9A-Fa-f]/.test(text[p + 2 + digits] ?? '')) digits++;
      if (digits === count) {
        p += 1 + count;
        continue;
      }
      if (digits > 0) return null;
    } else if (c === '\n' || c === '\r' || (multiline && /^[ \t]*\r?\n/.test(text.slice(p + 1, p + 1 + 200)))) {
      // A line ending backslash in a multi-line string joins the lines; a one-line string left open at it has no fix here.
      if (!multiline) return null;
      continue;
    }
    strays.push(p);
  }
  // smol-toml says an unknown escape at its character, a `\ ` in a multi-line string at its backslash, and `\Users` at the first non-hex.
  if (!strays.some((p) => at === p || at === p + 1 || (at === p + 2 && text[p + 1]! in HEX_DIGITS))) return null;
  const first = strays[0]!;
  const last = strays[strays.length - 1]! + 1;
  // Each as written, but one before a character a message would not show as itself (a space: `\\ `).
  const written = [...new Set(strays.map((p) => String.fromCodePoint(text.codePointAt(p + 1)!)))];
  const named = written.every((c) => c.trim() === c && shown(c) === c)
    ? ` (${written.slice(0, SHOWN).map((c) => quoted(`\\\\${c}`)).join(', ')}${written.length > SHOWN ? ', …' : ''})` : '';
  return {
    title: `Write ${strays.length === 1 ? 'the backslash' : 'each backslash that begins no escape'} as \`\\\\\`${named}`,
    span: { start: first, end: last },
    newText: () => {
      let out = '';
      let from = first;
      for (const p of strays) {
        out += `${text.slice(from, p)}\\`;
        from = p;
      }
      return out + text.slice(from, last);
    },
    ...(strays.some((p) => text[p + 1] === '/') ? { guess: true } : {}),
  };
}
