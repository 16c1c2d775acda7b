// A comma missing between the items of a list or an inline table (`["read" "grep"]`), where smol-toml stops:
// the rewrite that puts it in, with the others missing in the same list, and what reads as one item.

import { inWords, uPlus } from '../grammar/text';
import { lineEndAt } from './lineIndex';
import { readsAsValue } from './listWithoutBrackets';
import type { Span, SyntaxProblem, TomlValue } from './model';
import { isMultiline } from './stringPositions';
import { closedBelow, type Container, nextIsStatement, onlyCommentsFrom } from './syntaxMessages';
import { mayHoldToml11 } from './toml11';
import { BLANKS_AND_UNREAD, EACH_UNREAD, UNREAD, UNREAD_BLANK } from './unreadBlanks';

/**
 * The comma missing at `at`, inside `open`, between two items of a list or two key/values of an
 * inline table with only blanks between (`["bash" "read"]`, `{ a = 1 b = 2 }`), or two items of a
 * list on two lines with only blanks, line breaks and comments between (`"a"` on one line, `"b"` on
 * the next), written right after the first: null unless what follows the error is whole items, on
 * that line, each read as TOML alone, only blanks between them (their commas missing too: `"a" "b"
 * "c"`), and after the last what may follow an item (a comma, the closing bracket, or for a list the
 * line's end or a comment). Else quotes may pair the wrong way (`"a" "b, "c"`), and where the comma
 * goes is a guess. smol-toml read the item before `at`: it is whole. Where `at` holds white space TOML
 * does not read as a blank (`"bash"` U+00A0 `"read"`, itself an error), it is replaced by the comma
 * and a space, with the blanks beside it (`UNREAD_BLANK`). Between two strings with no blank between
 * (`["a""b"]`), the comma is a `guess`: one string with a quote in it may be meant (`['it''s']`).
 */
export function missingComma(text: string, open: Container, at: number, before: string): Rewrite | null {
  const blanks = /[ \t]*$/.exec(before)![0].length;
  let end = at - blanks; // where the item before ends
  // A character TOML does not read as a blank at the error (a no-break space): the next item is
  // after it and the blanks beside it, whose place the comma and a space take.
  const odd = UNREAD_BLANK.test(text[at] ?? '') ? BLANKS_AND_UNREAD.exec(text.slice(at, lineEndAt(text, at)))![0] : '';
  if (odd !== '') {
    const next = at + odd.length;
    const chars = [...new Set([...odd].filter((c) => UNREAD_BLANK.test(c)))].map((c) => uPlus(c.codePointAt(0)!));
    if (end === at - before.length) {
      // At the start of its line (blanks before it at most), in a list over lines: the item before is
      // on a line above, only blanks and comments between. The comma goes after it, and the character
      // is removed, the indentation before it kept, as at a line's start elsewhere (a space would
      // indent the line by one): one edit, from the item to the next.
      const previous = open.kind === 'array' ? [...open.items].reverse().find((item) => item.span.end <= at) : undefined;
      if (!previous || !onlyCommentsFrom(text, previous.span.end, at)) return null;
      const kept = `${text.slice(previous.span.end, at)}${[...odd].filter((c) => !UNREAD_BLANK.test(c)).join('')}`;
      return withCommasAfter(text, open, next, { title: `Insert a comma, and remove ${inWords(chars)}`, span: { start: previous.span.end, end: next }, newText: () => `,${kept}` });
    }
    const replaced = withCommasAfter(text, open, next, { title: `Replace ${inWords(chars)} with \`, \``, span: { start: end, end: next }, newText: () => ', ' });
    if (replaced) return replaced;
    // At the end of the item's line (a comment after it at most), in a list over lines: the next item
    // on a line below, only blanks and comments between, the comma in its place (and a space before a comment).
    if (open.kind !== 'array' || !onlyCommentsFrom(text, next, lineEndAt(text, next))) return null;
    const following = open.items.find((item) => item.span.start >= next);
    if (!following || !onlyCommentsFrom(text, next, following.span.start)) return null;
    const comma = next === lineEndAt(text, next) ? ',' : ', ';
    return withCommasAfter(text, open, following.span.start, { title: `Replace ${inWords(chars)} with \`${comma}\``, span: { start: end, end: next }, newText: () => comma });
  }
  if (end === at - before.length) {
    // Nothing before it on the line: in a list, the item before on an earlier line, then only blanks and comments.
    const previous = open.kind === 'array' ? [...open.items].reverse().find((item) => item.span.end <= at) : undefined;
    if (!previous || !onlyCommentsFrom(text, previous.span.end, at)) return null;
    end = previous.span.end;
  }
  // A string right after a string, no blank between (`["a""b"]`, `['it''s']`): one string with a quote
  // in it may be meant, so the comma is a guess (neither preferred nor in fix-all).
  const guess = end === at && /["']/.test(text[at - 1] ?? '') && /["']/.test(text[at] ?? '');
  const comma = { title: 'Insert a comma', span: { start: end, end }, newText: () => (end === at ? ', ' : ',') };
  return withCommasAfter(text, open, at, guess ? { ...comma, guess } : comma);
}

type Rewrite = NonNullable<SyntaxProblem['rewrite']>;

/**
 * `rewrite`, the comma missing before the item of `open` at `at`, where what follows on its line is
 * whole items (`wholeItemsTo`), else null; but for a guess, with the commas missing after it
 * (`commasAfter`), which fix-all writes with it.
 */
function withCommasAfter(text: string, open: Container, at: number, rewrite: Rewrite): Rewrite | null {
  const i = itemsOf(open).findIndex((item) => item.span.start === at);
  const last = wholeItemsTo(text, open, at, i);
  if (last < 0) return null;
  return rewrite.guess ? rewrite : { ...rewrite, next: () => commasAfter(text, open, i, last) };
}

/** The items of a list, or the key/values of an inline table. */
export const itemsOf = (open: Container): readonly { span: Span }[] => (open.kind === 'array' ? open.items : open.entries);

/**
 * The commas missing in `open` after the one missing before its item `i` (the items of whose line
 * run whole to item `last`: see `wholeItemsTo`), each written as `missingComma` writes it where it is
 * the error shown, once those before it are written: right after the item before, where the next
 * item follows it on its line after blanks (a comma and a space in place of them, where they hold
 * what TOML does not read as a blank); in a list, also on a line below after only blanks and
 * comments (not a line that reads as a statement, where the list was left open), what TOML does not
 * read as a blank at the start of its line removed, or at the end of the line above in the comma's
 * place; and what follows it on its line is whole items. Up to where the error shown next would be
 * another, or have no fix: an item Mars's parser may stop at first, or a key defined before it (see
 * `itemsReadPast`; none where the item before the first comma is not plain either), a gap between two items that is none of these (a comma too many; what TOML does not
 * read as a blank at both ends of a line break, or on a line of its own; an inline table's key/values
 * over lines, which TOML 1.0 does not allow), an item after a comma that reads as no value. One walk
 * over the items and their lines.
 */
function commasAfter(text: string, open: Container, i: number, last: number): Array<Span & { newText: string }> {
  const items = itemsOf(open);
  const list = open.kind === 'array';
  const out: Array<Span & { newText: string }> = [];
  // The item before the first comma too: once that comma is written, what TOML 1.1 added in it is
  // shown first (Mars's parser stops there), and fixed in turn before the next comma; written with
  // them, it could be left behind an error shown before it that has no fix (an inline table over
  // lines, said at its `{`).
  let before = i - 1;
  while (list && before >= 0 && isUnreadRun(text, open.items[before]!)) before--;
  const readPast = itemsReadPast(text, open, i);
  if (before < 0 || !plainItem(text, open, before) || !readPast(i)) return out;
  let lineEnd = lineEndAt(text, items[i]!.span.start);
  for (let j = i, k = i + 1; k < items.length; j = k++) {
    // What TOML does not read as a blank is read as an item of its own in a list (an invalid one): past it.
    while (list && k < items.length && isUnreadRun(text, open.items[k]!)) k++;
    if (k >= items.length || !readPast(k)) break;
    const end = items[j]!.span.end;
    const at = items[k]!.span.start;
    if (at > lineEnd) {
      // An inline table's key/values over lines: TOML 1.1 (see `toml11Constructs`).
      if (!list) break;
      lineEnd = lineEndAt(text, at);
    }
    const gap = text.slice(end, at);
    if ((list ? COMMA_BETWEEN : COMMA_ON_LINE).test(gap)) {
      // No error here: smol-toml reads on, through the item after the comma.
      if (!readsAsValue(list ? text.slice(at, items[k]!.span.end) : `{ ${text.slice(at, items[k]!.span.end)} }`)) break;
      continue;
    }
    // On the line of whole items read before (`"a" "b" "c"`), or after a comma on it (`"a", "b" "c"`).
    const sameLine = BLANKS_BETWEEN.test(gap) ? ',' : UNREAD_BETWEEN.test(gap) ? ', ' : null;
    if (sameLine !== null) {
      if (k > last && (last = wholeItemsTo(text, open, at, k, lineEnd)) < 0) break;
      // Blanks TOML does not read as such (a no-break space) give their place to the comma and a space.
      out.push(sameLine === ',' ? { start: end, end, newText: ',' } : { start: end, end: at, newText: ', ' });
      continue;
    }
    const comma = list ? commaOverLines(gap) : null;
    if (comma === null || nextIsStatement(text, at, '') || (last = wholeItemsTo(text, open, at, k, lineEnd)) < 0) break;
    out.push({ start: end + comma.start, end: end + comma.end, newText: comma.newText });
  }
  return out;
}

/**
 * The comma missing in `gap`, between two items of a list on two lines (only blanks and comments
 * between), as `missingComma` writes it, its span within `gap`: right after the item above; with
 * what TOML does not read as a blank at the start of the item's line removed (the blanks beside it
 * kept), or in its place at the end of the line above (and a space before a comment). Null for
 * another gap: a line break among such characters at both ends, or such characters on a line of
 * their own, are errors of their own, shown first.
 */
function commaOverLines(gap: string): (Span & { newText: string }) | null {
  if (LINES_BETWEEN.test(gap)) return { start: 0, end: 0, newText: ',' };
  const lineStart = gap.lastIndexOf('\n') + 1;
  const above = gap.slice(0, lineStart);
  const indent = gap.slice(lineStart);
  if (lineStart > 0 && LINES_BETWEEN.test(above) && UNREAD_BETWEEN.test(indent)) return { start: 0, end: gap.length, newText: `,${above}${indent.replace(EACH_UNREAD, '')}` };
  const atEnd = UNREAD_AT_LINE_END.exec(gap);
  if (atEnd) return { start: 0, end: atEnd[1]!.length, newText: atEnd[2] === undefined ? ',' : ', ' };
  return null;
}

/** Whether `v` is a run of what TOML does not read as a blank, which the model reads as a value of its own. */
const isUnreadRun = (text: string, v: TomlValue) => v.kind === 'scalar' && v.type === 'invalid' && UNREAD_BLANK.test(text[v.span.start] ?? '');

/**
 * Whether item `k` of `open` may be read past in `commasAfter`, asked of its items in turn from `i`:
 * a plain item (`plainItem`), and in an inline table one whose key's first part no key/value of the
 * table has before it (`a = 1 a = 2`, `a = 1 a.b = 2`: once the comma before it is written, smol-toml's
 * error is that the key is defined; `a.b = 1 a.c = 2` is not, but is rare).
 */
function itemsReadPast(text: string, open: Container, i: number): (k: number) => boolean {
  if (open.kind === 'array') return (k) => plainItem(text, open, k);
  const firstParts = new Set(open.entries.slice(0, i).map((kv) => kv.key.parts[0]?.name));
  return (k) => {
    const first = open.entries[k]!.key.parts[0]?.name;
    if (first === undefined || firstParts.has(first) || !plainItem(text, open, k)) return false;
    firstParts.add(first);
    return true;
  };
}

/**
 * Whether item `k` of `open` is one Mars's parser stops at nothing in before smol-toml's error after
 * it, which would be shown first (what TOML 1.1 added, `"\e"` or a time without seconds; its
 * recursion limit): in a list, a string on one line, a number or a boolean, holding nothing
 * `toml11Constructs` may find; not a date (a time after it and a blank is one value with it), a list,
 * an inline table, or what reads as no value. In an inline table, a key/value whose value is such,
 * its key of a few parts holding nothing `toml11Constructs` may find either.
 */
function plainItem(text: string, open: Container, k: number): boolean {
  if (open.kind === 'array') return extendsOver(text, open.items[k]!);
  const { key, value, span } = open.entries[k]!;
  return !!value && key.parts.length <= MANY_PARTS && extendsOver(text, value) && !mayHoldToml11(text.slice(span.start, span.end));
}

/** The most key parts `plainItem` reads past: a key of many is rare, and Mars's parser stops at `RECURSION_LIMIT`. */
const MANY_PARTS = 8;

/** Whether `v` is a plain value on one line (see `plainItem`). */
export function extendsOver(text: string, v: TomlValue): boolean {
  const plain = v.kind === 'string' ? v.terminated && !v.unread && !isMultiline(v) : v.kind === 'scalar' && v.type !== 'datetime' && v.type !== 'invalid';
  return plain && !mayHoldToml11(text.slice(v.span.start, v.span.end));
}

// Between two items of a list: blanks on one line, or those and what TOML does not read as a blank
// (a no-break space: smol-toml stops at the first); a comma, with blanks, line breaks and comments
// around it (in an inline table, on one line: TOML 1.0 reads no line break there); no comma, over
// lines; such a character at the end of the line above, then the next line (the run of them and
// blanks, and a comment after). A comment holds no control character but tab (smol-toml stops at
// one), and a line ends with LF or CRLF.
export const BLANKS_BETWEEN = /^[ \t]+$/;

const UNREAD_BETWEEN = new RegExp(`^[ \\t]*${UNREAD}(?:[ \\t]|${UNREAD})*$`, 'u');

const COMMENT = '#[^\\x00-\\x08\\x0a-\\x1f\\x7f]*';

const LINES = `(?:\\r?\\n[ \\t]*(?:${COMMENT})?)`;

export const COMMA_BETWEEN = new RegExp(`^[ \\t]*(?:${COMMENT})?${LINES}*,[ \\t]*(?:${COMMENT})?${LINES}*$`);

const COMMA_ON_LINE = /^[ \t]*,[ \t]*$/;

export const LINES_BETWEEN = new RegExp(`^[ \\t]*(?:${COMMENT})?${LINES}+$`);

const UNREAD_AT_LINE_END = new RegExp(`^([ \\t]*${UNREAD}(?:[ \\t]|${UNREAD})*)(${COMMENT})?${LINES}+$`, 'u');

/**
 * The index of the last of the whole items of `open` from `at` on its line, or -1 where they are
 * none: each read as TOML alone, only blanks between them (their commas missing too: `"a" "b" "c"`),
 * and after the last what may follow an item (a comma, the closing bracket, or for a list the line's
 * end or a comment). An item may run over lines where it is a multi-line string, or in an inline
 * table a value TOML 1.0 lets run over lines there (a list, a multi-line string): what follows is
 * then read on the line it ends on. (Not a list over lines as a list's item: a `[` at a line's start
 * there may be a header's.) `i`, the index of the item at `at`, and `lineEnd`, where its line ends,
 * where known.
 */
export function wholeItemsTo(text: string, open: Container, at: number, i?: number, lineEnd = lineEndAt(text, at)): number {
  const items = itemsOf(open);
  // A key/value of an inline table with no value (`b =`) is no whole item.
  const valueless = (i: number) => open.kind === 'inline-table' && open.entries[i]!.value === null;
  const overLines = (i: number) => {
    const v = open.kind === 'array' ? open.items[i]! : open.entries[i]!.value;
    return v?.kind === 'string' ? isMultiline(v) : v?.kind === 'array' && open.kind === 'inline-table';
  };
  // Blanks between and after them, or what TOML does not read as one (each its own error, fixed in turn).
  const follows = open.kind === 'array' ? FOLLOWS_IN_LIST : FOLLOWS_IN_TABLE;
  i ??= items.findIndex((item) => item.span.start === at);
  for (let from = at; i >= 0 && i < items.length; i++) {
    const item = items[i]!;
    if (item.span.start !== from || valueless(i)) return -1;
    if (item.span.end > lineEnd) {
      if (!overLines(i)) return -1;
      lineEnd = lineEndAt(text, item.span.end);
    }
    const written = text.slice(item.span.start, item.span.end);
    if (!readsAsValue(open.kind === 'array' ? written : `{ ${written} }`)) return -1;
    const rest = text.slice(item.span.end, lineEnd);
    if (follows.test(rest)) return i;
    // Another item after blanks, its comma missing too.
    from = item.span.end + BLANKS_AND_UNREAD.exec(rest)![0].length;
    if (from === item.span.end) return -1;
    // What TOML does not read as a blank is read as an item of its own (an invalid one): past it.
    while (items[i + 1] !== undefined && items[i + 1]!.span.end <= from) i++;
  }
  return -1;
}

/** Blanks, line breaks, comments, and what TOML does not read as a blank (each its own error). */
export const BLANKS_AND_COMMENTS = new RegExp(`(?:[ \\t\\r\\n]|#[^\\n]*|${UNREAD})*`, 'uy');

const FOLLOWS_IN_LIST = new RegExp(`^(?:[ \\t]|${UNREAD})*(?:[,\\]#]|\\r?$)`, 'u');

const FOLLOWS_IN_TABLE = new RegExp(`^(?:[ \\t]|${UNREAD})*[,}]`, 'u');

/**
 * Whether the item of `open` at `at` is a list read whole (`[3]`, `["b"]`, which read as headers
 * too) and the list it is in is closed below it, past more such lines: an item, its comma missing,
 * not a header.
 */
export function listAsItem(text: string, open: Extract<Container, { kind: 'array' }>, at: number): boolean {
  const item = open.items.find((i) => i.span.start === at);
  return item?.kind === 'array' && item.closed && readsAsValue(text.slice(item.span.start, item.span.end)) && closedBelow(text, at, true);
}
