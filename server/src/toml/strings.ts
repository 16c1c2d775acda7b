// Writing a value back into a TOML string: the edit that replaces an entry's text keeps the
// string's quoting where it can.

import type { TomlString } from './model';
import { valueStart } from './stringPositions';

/** A basic (double-quoted) TOML string holding `value`. */
export function basicString(value: string): string {
  return `"${escapeBasic(value)}"`;
}

/** Strings as a TOML list on one line, each a basic string (`["read", "grep"]`): what a fix writes anew. */
export function stringList(values: readonly string[]): string {
  return `[${values.map(basicString).join(', ')}]`;
}

/** `value` as the content of a basic string: quotes, backslashes and control characters escaped. */
export function escapeBasic(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f"\\]/g, (c) => {
    switch (c) {
      case '"': return '\\"';
      case '\\': return '\\\\';
      case '\n': return '\\n';
      case '\t': return '\\t';
      case '\r': return '\\r';
      default: return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
    }
  });
}

/**
 * The edit that makes `str` hold `value`: its content when the string's own quoting can hold the
 * value, else the whole token as a basic string. A multi-line string keeps the line break it opens
 * with (not part of its value): every line after it stays where it was, and with it what a
 * suppression comment speaks of.
 */
export function replaceStringValue(text: string, str: TomlString, value: string): { start: number; end: number; newText: string } {
  const literal = str.style === 'literal' || str.style === 'multiline-literal';
  if (str.terminated && (!literal || fitsLiteral(value))) {
    // In a multi-line basic string, a line-ending backslash before the value, with the blanks and line breaks
    // after it, is nothing TOML reads: kept, the value is written on the line it was on, which a `mars-ignore`
    // there speaks of (`"""\` then `  Read"""  # mars-ignore`), not on the quotes' line above.
    let start = valueStart(text, str);
    if (str.style === 'multiline-basic') start += LEADING_CONTINUATIONS.exec(text.slice(start, str.content.end))![0].length;
    return { start, end: str.content.end, newText: literal ? value : escapeBasic(value) };
  }
  return { start: str.span.start, end: str.span.end, newText: basicString(value) };
}

/** Line-ending backslashes at a multi-line basic string's start, each with the blanks and line breaks after it. */
const LEADING_CONTINUATIONS = /^(?:\\[ \t]*(?:\r\n|\n)[ \t\r\n]*)*/;

/** Whether a literal (single-quoted, one-line) string can hold `value`: no `'`, no control character but tab. */
export function fitsLiteral(value: string): boolean {
  return !/['\u0000-\u0008\u000a-\u001f\u007f]/.test(value);
}
