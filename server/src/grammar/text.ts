// String helpers with Rust's semantics, where Mars's behaviour depends on them; and how a string is
// shown to a reader.

// Rust's `char::is_whitespace` (Unicode White_Space). Unlike JS `trim`, it keeps U+FEFF and
// strips U+0085.
export function isRustWhitespace(c: number): boolean {
  return (
    (c >= 0x09 && c <= 0x0d) || c === 0x20 || c === 0x85 || c === 0xa0 || c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000
  );
}

/** Rust's `str::trim`. */
export function rustTrim(s: string): string {
  const n = s.length;
  // Fast path: printable ASCII at both ends, which is nearly every real entry.
  if (n > 0) {
    const a = s.charCodeAt(0);
    const z = s.charCodeAt(n - 1);
    if (a > 0x20 && a < 0x7f && z > 0x20 && z < 0x7f) return s;
  }
  let start = 0;
  let end = s.length;
  while (start < end && isRustWhitespace(s.charCodeAt(start))) start++;
  while (end > start && isRustWhitespace(s.charCodeAt(end - 1))) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

/** Offset of the first character `rustTrim` keeps (s.length when all is white space). */
export function rustTrimStart(s: string): number {
  let start = 0;
  while (start < s.length && isRustWhitespace(s.charCodeAt(start))) start++;
  return start;
}

/**
 * What `rustTrim` takes off `raw`, said of it (`` ` read ` has spaces around it, which Mars trims``;
 * `a space after it`, `white space before it`: U+0085, a tab), with no stop after it; null when there
 * is none, or when `raw` is only white space (not a name with white space around it: what is empty
 * once trimmed). One wording for the diagnostics, the hover and the checker; `quote` writes `raw`.
 */
export function trimmedAway(raw: string, quote: (s: string) => string = quoted): string | null {
  const start = rustTrimStart(raw);
  const end = rustTrimEnd(raw);
  if ((start === 0 && end === raw.length) || start === raw.length) return null;
  const removed = raw.slice(0, start) + raw.slice(Math.max(start, end));
  const what = !/^ +$/.test(removed) ? 'white space' : removed.length === 1 ? 'a space' : 'spaces';
  return `${quote(raw)} has ${what} ${start > 0 && end < raw.length ? 'around' : start > 0 ? 'before' : 'after'} it, which Mars trims`;
}

/** Offset after the last character `rustTrim` keeps (0 when all is white space). */
export function rustTrimEnd(s: string): number {
  let end = s.length;
  while (end > 0 && isRustWhitespace(s.charCodeAt(end - 1))) end--;
  return end;
}

const ASCII_UPPER_RUN = /[A-Z]+/g;

/** Rust's `to_ascii_lowercase`: only A-Z fold (JS `toLowerCase` would fold `İ`, `Ω`, …). */
export function asciiLower(s: string): string {
  let upper = false;
  let ascii = true;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 65 && c <= 90) upper = true;
    else if (c > 127) ascii = false;
  }
  if (!upper) return s;
  // All-ASCII (the common case) may use the fast built-in; otherwise fold only the ASCII runs.
  return ascii ? s.toLowerCase() : s.replace(ASCII_UPPER_RUN, (run) => run.toLowerCase());
}

/** Rust's `eq_ignore_ascii_case`. */
export function eqIgnoreAsciiCase(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x >= 65 && x <= 90) x += 32;
    if (y >= 65 && y <= 90) y += 32;
    if (x !== y) return false;
  }
  return true;
}

// Control characters (C0, DEL, C1), line and paragraph separators, format characters (zero widths,
// bidirectional controls, the BOM, tags) and the others Unicode says to draw as nothing (variation
// selectors, Hangul fillers, the combining grapheme joiner).
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
const INVISIBLES = new RegExp(INVISIBLE.source, 'gu');

/**
 * `text` with the characters a reader could not see (or that would break the line, or turn the
 * text around it right to left) written as escapes, as in the TOML source: for every place a name
 * is quoted to a reader, diagnostics and hover alike, so both show it the same way.
 */
export function shown(text: string): string {
  return INVISIBLE.test(text) ? text.replace(INVISIBLES, (c) => {
    const code = c.codePointAt(0)!;
    return code > 0xffff ? `\\U${code.toString(16).toUpperCase().padStart(8, '0')}` : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
  }) : text;
}

/** `s` with its first character upper case: a sentence made of a phrase written to go inside another. */
export const capitalized = (s: string): string => (s === '' ? s : s[0]!.toUpperCase() + s.slice(1));

/** Phrases as a series in a sentence: `a`, `a and b`, `a, b and c`. */
export const inWords = (items: readonly string[]): string =>
  items.length <= 2 ? items.join(' and ') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** A code point as messages name one: `U+212A`. */
export const uPlus = (cp: number): string => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/** The longest text a message or a fix's title quotes whole. */
export const QUOTED_MAX = 80;

/**
 * `s` as quoted to a reader: past `max` characters, its first 5/8 and last 5/16 of `max` (50 and
 * 25 of QUOTED_MAX), never half a surrogate pair nor half of an escape `shown` wrote (`\u200B`, `\U000E0041`).
 * A list (`["read", "grep", …]`) is cut between its items where both cuts find a `, ` near them:
 * `["Read0", "Read1", …, "Read29"]`, not `["Read0", "Rea…d29"]`.
 */
export function shortened(s: string, max = QUOTED_MAX): string {
  if (s.length <= max) return s;
  const headLength = Math.round((max * 5) / 8);
  const tailLength = Math.round((max * 5) / 16);
  const headComma = s.lastIndexOf(', ', headLength - 2);
  const tailComma = s.indexOf(', ', s.length - tailLength - 2);
  if (headComma >= headLength / 2 && tailComma >= 0 && tailComma + 2 <= s.length - tailLength / 2 && headComma < tailComma) {
    return `${s.slice(0, headComma)}, …, ${s.slice(tailComma + 2)}`;
  }
  const low = (i: number) => (s.charCodeAt(i) & 0xfc00) === 0xdc00;
  // The escape a cut at `i` would split: where it starts and ends, or null.
  const escapeAround = (i: number): [number, number] | null => {
    for (const m of s.slice(Math.max(0, i - 9), i + 9).matchAll(/\\(?:u[0-9A-F]{4}|U[0-9A-F]{8})/g)) {
      const start = Math.max(0, i - 9) + m.index;
      if (start < i && i < start + m[0].length) return [start, start + m[0].length];
    }
    return null;
  };
  let head = low(headLength) ? headLength - 1 : headLength;
  head = escapeAround(head)?.[0] ?? head;
  let tail = low(s.length - tailLength) ? s.length - tailLength + 1 : s.length - tailLength;
  tail = escapeAround(tail)?.[1] ?? tail;
  return `${s.slice(0, head)}…${s.slice(tail)}`;
}

/**
 * A name as a reader is shown it: a blank one (empty, or white space only) as the string it is
 * (`""`, `" "`), which empty quotes (\`\`) would hide; any other as written.
 */
export function named(text: string): string {
  return rustTrimEnd(text) === 0 ? JSON.stringify(text) : text;
}

/**
 * Text from the document (an entry, a key, a token) as a message or a fix's title quotes it, between
 * backticks: a blank one as the string it is (`named`), then escaped (`shown`) before it is
 * shortened, so a cut never splits an escape. Quoted where it is put into the message: the finished
 * message cannot tell its quotes apart once the quoted text holds a backtick itself.
 */
export function quoted(text: string): string {
  return `\`${shortened(shown(named(text)))}\``;
}

/**
 * The string's characters in a string of their own. A slice shares its parent's memory, so a
 * string kept past its text (a cached section, a memo's key) would otherwise keep that whole text alive.
 */
export function ownCopy(s: string): string {
  // A JSON round trip builds a new string in any JS engine (the analysis stays free of Node APIs).
  // V8 makes any slice of 13 characters or more a view of its parent (SlicedString::kMinLength).
  return s.length < 13 ? s : (JSON.parse(JSON.stringify(s)) as string);
}
