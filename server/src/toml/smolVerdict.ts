// smol-toml's verdict on a text, as the syntax check and the typing slips' rewrites ask it: where it stops reading,
// with the leap seconds and the integers past 2^53 it would refuse where Mars's parser takes them.

import { parse as smolParse } from 'smol-toml';
import { LineIndex } from './lineIndex';
import { stringEnd } from './stringPositions';
import { isStop } from './toml11';

export interface SectionVerdict {
  /** Offset relative to the section's start, and smol-toml's message; null when the section is valid. */
  readonly error: { readonly offset: number; readonly message: string } | null;
}

// A leap second (`23:59:60`): TOML 1.0 and Mars's parser take it, smol-toml does not. Read as
// `:59` for the verdict (same length, so offsets hold; valid wherever the other is), in a value: a
// time that starts a value (after `=`, `[`, `,` or `{`, blanks and comments between) or follows a
// date (`1979-05-27T23:59:60`, `1979-05-27 23:59:60`). One pass that skips strings and comments: a
// regular expression that reads comments between `=` and the time backtracks exponentially on a
// run of them.
function withoutLeapSeconds(text: string): string {
  let out: string[] | null = null;
  let from = 0;
  let last = 0; // the last character that is not blank or in a comment or string
  const len = text.length;
  for (let p = 0; p < len; ) {
    const c = text.charCodeAt(p);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) {
      p++;
      continue;
    }
    if (c === 0x23) {
      while (p < len && text.charCodeAt(p) !== 0x0a && text.charCodeAt(p) !== 0x0d) p++;
      continue;
    }
    if (c === 0x22 || c === 0x27) {
      p = stringEnd(text, p);
      last = c;
      continue;
    }
    if (!isDigit(c)) {
      last = c;
      p++;
      continue;
    }
    // A bare token: a time at its start (a value, or after a date and a space), or after a `T`.
    const start = p;
    while (p < len && !isStop(text.charCodeAt(p))) p++;
    const valueStart = last === 0x3d || last === 0x5b || last === 0x2c || last === 0x7b ||
      (text.charCodeAt(start - 1) === 0x20 && isDigit(text.charCodeAt(start - 2)) && isDigit(text.charCodeAt(start - 3)));
    for (let at = text.indexOf(':60', start); at >= 0 && at + 3 <= p; at = text.indexOf(':60', at + 1)) {
      const h = at - 5; // HH:MM before `:60`
      if (h < start || !isDigit(text.charCodeAt(h)) || !isDigit(text.charCodeAt(h + 1)) || text.charCodeAt(h + 2) !== 0x3a ||
        !isDigit(text.charCodeAt(h + 3)) || !isDigit(text.charCodeAt(h + 4))) continue;
      const afterDate = h - 3 >= start && (text[h - 1] === 'T' || text[h - 1] === 't') && isDigit(text.charCodeAt(h - 2)) && isDigit(text.charCodeAt(h - 3));
      if (!(h === start ? valueStart : afterDate)) continue;
      (out ??= []).push(text.slice(from, at + 1), '59');
      from = at + 3;
    }
    last = text.charCodeAt(p - 1);
  }
  return out ? out.join('') + text.slice(from) : text;
}

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

/** smol-toml's verdict on a section's text (a whole text too): where it stops reading, and why. */
export function checkSection(text: string): SectionVerdict {
  try {
    // Big integers kept (smol-toml otherwise refuses any past 2^53, which Mars reads); toml11.ts checks the 64 bits.
    smolParse(text.includes(':60') ? withoutLeapSeconds(text) : text, { integersAsBigInt: 'asNeeded' });
    return { error: null };
  } catch (e) {
    const err = e as { line?: number; column?: number; message?: string };
    const message = cleanMessage(String(err.message ?? e));
    if (typeof err.line !== 'number' || typeof err.column !== 'number') return { error: { offset: 0, message } };
    const index = new LineIndex(text);
    return { error: { offset: index.offset({ line: err.line - 1, character: err.column - 1 }), message } };
  }
}

function cleanMessage(message: string): string {
  return message.split('\n')[0]!.replace(/^Invalid TOML document:\s*/, '').trim() || 'invalid document';
}
