// The characters TOML does not read as blanks (its blanks are space and tab) that show as one, or as
// nothing, and which TOML takes nowhere outside strings and comments: white space (every space
// separator of Unicode but the space: a no-break space, an em space; and the line and paragraph
// separators and NEL, which TOML does not read as line breaks either), and invisible characters (a
// zero-width space, a word joiner, a byte order mark past the file's start, the Mongolian vowel
// separator). The one place that says which: the syntax error's message and fix name and replace
// them (syntaxMessages.ts), and the model ends a value before them (parse.ts).

/** One of them, as a regular expression's class (`u` flag). */
export const UNREAD = '(?! )[\\p{Zs}\\u0085\\u2028\\u2029\\u180E\\u200B\\u2060\\uFEFF]';
/** One such character. */
export const UNREAD_BLANK = new RegExp(`^${UNREAD}$`, 'u');
/** A run of them. */
export const UNREAD_BLANKS = new RegExp(`^(?:${UNREAD})+`, 'u');
/** A run of them, spaces and tabs among them. */
export const BLANKS_AND_UNREAD = new RegExp(`^(?:[ \\t]|${UNREAD})*`, 'u');

/** Those of them that are no white space: they show as nothing. */
export const INVISIBLE = /[\u180E\u200B\u2060\uFEFF]/;
/** Those of them that are a line break outside TOML. */
export const LINE_BREAK = /[\u0085\u2028\u2029]/;
/** Those of them not known by their code point alone. */
export const NAMES: Readonly<Record<string, string>> = {
  '\u0085': 'a next line, NEL', '\u2028': 'a line separator', '\u2029': 'a paragraph separator',
  '\u180E': 'a Mongolian vowel separator', '\u200B': 'a zero-width space', '\u2060': 'a word joiner', '\uFEFF': 'a byte order mark',
};

/** Each of them, for `replace` (a global expression: used whole, never by `exec` or `test`). */
export const EACH_UNREAD = new RegExp(UNREAD, 'gu');

/**
 * What one of them becomes where it is fixed: nothing where invisible, else a space, or `lineBreak`
 * (where given) for one that is a line break outside TOML. The one rule its own fix, the fixes
 * checked with the line's others fixed in turn, and the lists and tables rewritten around them follow.
 */
export const unreadFixedAs = (c: string, lineBreak?: string): string =>
  INVISIBLE.test(c) ? '' : lineBreak !== undefined && LINE_BREAK.test(c) ? lineBreak : ' ';

/** Whether the UTF-16 unit `c` is one of them (each is one unit; the model's scanner asks of a code, past ASCII only). */
export const isUnreadBlank = (c: number): boolean => c >= 0x80 && UNREAD_BLANK.test(String.fromCharCode(c));

/**
 * `s` without the blanks and those characters at its end (a word said in a message: `bash` U+200B
 * is `bash`; that character has its error). A loop: a regular expression anchored at the end
 * backtracks quadratically on a long run of blanks inside.
 */
export function trimUnreadEnd(s: string): string {
  let end = s.length;
  while (end > 0 && (s[end - 1] === ' ' || s[end - 1] === '\t' || isUnreadBlank(s.charCodeAt(end - 1)))) end--;
  return s.slice(0, end);
}
