// Text edits over the positional model, as plain data: offsets into the document text. The fixes
// are built from these, and they keep the user's formatting where they can.

import { lineContent, lineEndAt, lineStartAt } from '../toml/lineIndex';
import type { Comment, KeyValue, Section, TomlArray, TomlDocument, TomlInlineTable, TomlValue } from '../toml/model';
import { lastAtOrBefore, lastStartingBefore } from '../toml/sorted';
import { type LineState, restOfLine, skipBlank, skipTrivia } from '../toml/split';
import { basicString } from '../toml/strings';
import { isUnreadBlank, UNREAD } from '../toml/unreadBlanks';
import { directiveOf } from './suppress';

export interface Edit {
  readonly start: number;
  readonly end: number;
  readonly newText: string;
}

/**
 * `edit` keeping apart the line a line-ending `# mars-ignore` is on, which it would join to the line
 * above (it takes away a line break before that line, with text before it on the line it joins):
 * that comment speaks of its own line alone (see `Suppressions.opened`), and would come to speak of
 * what is above too. So too where a `# mars-ignore` on a line of its own speaks of the line above,
 * and would come to speak of what the joined line holds (a multi-line string opened on it). The
 * last line break it took stays, untouched with the blanks after it, and the edit becomes two
 * around it: `newText` up to `at` (where a line break may go: between a list's items, before its
 * `]`) before the break, the rest after. `inString`: the break falls inside a multi-line basic
 * string, where it goes after a line-ending backslash, which TOML reads, with the line break and
 * blanks after it, as nothing. Else `edit` as it is. `outside`: where the text after the edit is outside
 * any string again (past the closing quotes of the string the edit writes into).
 */
export function keptApart(text: string, edit: Edit, at = edit.newText.length, inString = false, outside = edit.end): Edit[] {
  // Bounded by the edit's start: each removal from a one-line list of n items would walk back over
  // the line (quadratic in n), yet only a break inside the edit matters.
  const lineStart = lineStartAt(text, edit.end, edit.start);
  if (lineStart <= edit.start) return [edit];
  const comment = commentFrom(text, outside);
  const spoken = (comment !== null && directiveOf(comment) === 'line') || directiveAbove(text, lineStartAt(text, edit.start));
  if (!spoken) return [edit];
  const before = text.slice(lineStartAt(text, edit.start), edit.start) + edit.newText.slice(0, at);
  if (!/[^ \t]/.test(before)) return [edit];
  const breakStart = text[lineStart - 2] === '\r' && text[lineStart - 1] === '\n' ? lineStart - 2 : lineStart - 1;
  if (breakStart < edit.start) return [edit];
  const blanks = Math.min(edit.end, lineStart + /^[ \t]*/.exec(text.slice(lineStart, edit.end))![0].length);
  const after = { start: blanks, end: edit.end, newText: edit.newText.slice(at) };
  const written = `${edit.newText.slice(0, at)}${inString ? '\\' : ''}`;
  // Nothing written before the line break: the blanks before the edit would trail there.
  let start = edit.start;
  if (written === '') while (text[start - 1] === ' ' || text[start - 1] === '\t') start--;
  return [{ start, end: breakStart, newText: written }, ...(after.start < after.end || after.newText !== '' ? [after] : [])];
}

/**
 * Remove the items at `indices` of `array`, each with one of the commas that separate it from its
 * neighbours (see the loop for which), in non-overlapping edits. Everything else between the items
 * stays: comments (a suppression comment speaks of the next line) and line breaks. A line left
 * with nothing but blanks goes, a comment after the removed item on it kept on a line of its own
 * (the user's note; not a `mars-ignore` of that line, which would come to speak of the next), and
 * the `mars-ignore` lines above that spoke of it go (see `directivesAbove`).
 */
export function deleteItems(text: string, array: TomlArray, indices: Iterable<number>): Edit[] {
  const items = array.items;
  const remove = new Set([...indices].filter((i) => i >= 0 && i < items.length));
  const edits: Edit[] = [];
  // Removed items at the end, on the line of the last item kept: from that item's end (`[a, b, c]` -> `[a]`).
  // No comment can lie between them without a line break after it; a `#` there is a string's (`"bash(echo #)"`).
  let kept = items.length - 1;
  while (kept >= 0 && remove.has(kept)) kept--;
  let upTo = items.length;
  if (kept >= 0 && kept < items.length - 1 && !/[\r\n]/.test(text.slice(items[kept]!.span.end, items[items.length - 1]!.span.end))) {
    edits.push({ start: items[kept]!.span.end, end: items[items.length - 1]!.span.end, newText: '' });
    upTo = kept + 1;
  }
  const cuts: Array<{ start: number; end: number; isComment: IsComment }> = [];
  const taken = new Set<number>(); // commas already removed with an item
  const free = (c: number) => (c >= 0 && !taken.has(c) ? c : -1);
  // The removed indices in order, not every item: a list of 10,000 duplicates asks for each one's fix.
  const order = [...remove].sort((a, b) => a - b);
  for (let r = 0; r < order.length && order[r]! < upTo; r++) {
    let k = order[r]!;
    // Removed neighbours on one line go as one item, the commas between them with them: removed
    // apart, each would leave the other on the line, and the line would stay, blank.
    const first = k;
    while (k + 1 < upTo && remove.has(k + 1) && !/[#\r\n]/.test(text.slice(items[k]!.span.end, items[k + 1]!.span.start))) k++;
    while (r + 1 < order.length && order[r + 1]! <= k) r++;
    const start = items[first]!.span.start;
    const end = items[k]!.span.end;
    // A comma on the item's own line first; else the one after it on a later line (`a\n, b`); the
    // last item keeps the comma before it, which then ends the list, as TOML allows.
    const afterNear = free(text[skipBlank(text, end)] === ',' ? skipBlank(text, end) : -1);
    const beforeNear = free(commaBeside(text, start));
    const afterFar = free(commaFrom(text, end, array.span.end));
    const beforeFar = first > 0 && k < items.length - 1 ? free(commaFrom(text, items[first - 1]!.span.end, start)) : -1;
    const comma = [afterNear, beforeNear, afterFar, beforeFar].find((c) => c >= 0) ?? -1;
    // Between the item before and this one there are only commas, blanks and comments.
    const gap = first > 0 ? items[first - 1]!.span.end : array.span.start;
    const isComment = (at: number) => at > gap && at < start;
    const none = () => false;
    if (comma < 0) cuts.push({ start, end, isComment }); // the only item, the last one, or its commas went with its neighbours
    else if (comma === afterNear) cuts.push({ start, end: skipBlank(text, comma + 1), isComment });
    else if (comma === beforeNear) cuts.push({ start: comma, end, isComment });
    // A comma on a later line: between the item and it too there are only commas, blanks and comments.
    else if (comma === afterFar) cuts.push({ start, end, isComment }, { start: comma, end: skipBlank(text, comma + 1), isComment: (at) => at > end && at < comma });
    else cuts.push({ start, end, isComment }, { start: comma, end: comma + 1, isComment: none });
    if (comma >= 0) taken.add(comma);
  }
  // Cuts with only blanks between are one (a comma taken from the start of a line, then the item
  // after it), so a line they empty is seen as empty and goes.
  cuts.sort((a, b) => a.start - b.start);
  for (let i = 0; i < cuts.length; i++) {
    let { start, end, isComment } = cuts[i]!;
    for (let next; (next = cuts[i + 1]) && skipBlank(text, end) >= next.start; i++) {
      const before = isComment;
      const also = next.isComment;
      end = Math.max(end, next.end);
      isComment = (at) => before(at) || also(at);
    }
    edits.push(...widened(text, start, end, isComment));
  }
  return edits;
}

/** The first comma from `from` (before `limit`), over blanks, line breaks and comments; -1 when something else comes first. */
function commaFrom(text: string, from: number, limit: number): number {
  const i = skipTrivia(text, from, limit);
  return i < limit && text[i] === ',' ? i : -1;
}

/**
 * Whether the character at `i` is a blank between a value and its comma: a space or a tab, or white space TOML
 * does not read as one (a no-break space), its own syntax error, which a fix taking the comma takes with it
 * (`{ mcp = []\u2003, web = "ask" }`: the comma left behind made `{\u2003, web`).
 */
const blankAt = (text: string, i: number): boolean => text[i] === ' ' || text[i] === '\t' || isUnreadBlank(text.charCodeAt(i));

/** The comma just before `i`, blanks between, or -1. */
function commaBeside(text: string, i: number): number {
  let j = i;
  while (j > 0 && blankAt(text, j - 1)) j--;
  return text[j - 1] === ',' ? j - 1 : -1;
}

/** Whether a comment starts at an offset: told by the model, as a `#` in a string is none. */
type IsComment = (at: number) => boolean;

/**
 * [start, end) as an edit, widened to its whole line when nothing else is on it (see `wholeLine`: its
 * comments kept, but a `mars-ignore` of that line, on a line of their own); then with the `# mars-ignore`
 * lines above that spoke of that line.
 * Else the line a `mars-ignore` ends stays apart (`keptApart`), below an item over lines (`"""` ⏎ `read""",`).
 */
function widened(text: string, start: number, end: number, isComment: IsComment): Edit[] {
  const line = wholeLine(text, start, end, [], true);
  if (line) return [...directivesAbove(text, line.start, isComment), line];
  // Nothing left after it on its line (`"a", "b",` -> `"a",`): the blanks before it would trail there.
  if (end >= text.length || text[end] === '\n' || text[end] === '\r') while (start > 0 && (text[start - 1] === ' ' || text[start - 1] === '\t')) start--;
  return keptApart(text, { start, end, newText: '' });
}

/**
 * Removals of the `# mars-ignore` comment lines that speak of the line starting at `lineStart` (a
 * comment on a line of its own speaks of the next line with content, see suppress.ts): removing
 * that line would turn them on the next one. Other comments, blank lines and a byte order mark stay.
 */
function directivesAbove(text: string, lineStart: number, isComment: IsComment): Edit[] {
  const edits: Edit[] = [];
  const top = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let end = lineStart;
  while (end > top) {
    let start = end - 1;
    if (text[start] === '\n' && text[start - 1] === '\r') start--;
    while (start > top && text[start - 1] !== '\n' && text[start - 1] !== '\r') start--;
    const content = lineContent(text, start, end);
    if (content.start >= content.end) {
      end = start; // a blank line
      continue;
    }
    if (text[content.start] !== '#' || !isComment(content.start)) break; // content: the comments above speak of it
    if (directiveOf(text.slice(content.start + 1, content.end)) === 'line') edits.unshift({ start, end, newText: '' });
    end = start;
  }
  return edits;
}

/**
 * The comments of `comments` (in text order) that start inside (start, end), found by binary search:
 * a fix-all removing thousands of keys asks once per key.
 */
export function commentsWithin(comments: readonly Comment[], start: number, end: number): Comment[] {
  const out: Comment[] = [];
  for (let i = lastAtOrBefore(comments.length, (k) => comments[k]!.span.start, start) + 1; i < comments.length && comments[i]!.span.start < end; i++) out.push(comments[i]!);
  return out;
}

/** Whether a comment of `comments` (in text order) starts at `at`. */
function commentStarts(comments: readonly Comment[]): IsComment {
  return (at) => lastStartingBefore(comments, at + 1)?.span.start === at;
}

/**
 * The removal of the whole line around [start, end), line break and a comment after it included,
 * when nothing else is on it; else null. A `mars-ignore-file` comment on it, or among `inside` (the
 * comments in [start, end)), speaks of the whole file: the line is left holding only those. With
 * `keepComments` (a list's entry removed, a moved rule: the user's notes), every comment but a
 * `mars-ignore`, which spoke of this line, stays.
 */
function wholeLine(text: string, start: number, end: number, inside: readonly Comment[] = [], keepComments = false): Edit | null {
  let from = start;
  while (from > 0 && (text[from - 1] === ' ' || text[from - 1] === '\t')) from--;
  let to = skipBlank(text, end);
  const keep = (comment: string) => (keepComments ? directiveOf(comment) !== 'line' : directiveOf(comment) === 'file');
  const kept = inside.filter((c) => keep(c.text)).map((c) => text.slice(c.span.start, c.span.end));
  if (text[to] === '#') {
    const hash = to;
    while (to < text.length && text[to] !== '\n' && text[to] !== '\r') to++;
    if (keep(text.slice(hash + 1, to))) kept.push(text.slice(hash, to));
  }
  // A line starts after a line break, at the text's start, or after the byte order mark there.
  const atLineStart = from === 0 || text[from - 1] === '\n' || text[from - 1] === '\r' || (from === 1 && text.charCodeAt(0) === 0xfeff);
  const alone = atLineStart && (to >= text.length || text[to] === '\n' || text[to] === '\r');
  if (!alone) return null;
  const eolAt = to;
  if (text[to] === '\r') to++;
  if (text[to] === '\n') to++;
  const indent = text.slice(from, start);
  const eol = text.slice(eolAt, to) || '\n';
  return { start: from, end: to, newText: kept.map((c) => `${indent}${c}${eol}`).join('') };
}

/**
 * Append quoted `values` at the end of `array`, after its last item; null when they could go only
 * on a line a `# mars-ignore` speaks of (a list in a table written inline), which would silence them,
 * or the last item is a string left open (`["a", "b` then `]` below), whose text they would become.
 */
export function appendToArray(text: string, array: TomlArray, values: readonly string[]): Edit | null {
  const quoted = values.map(basicString).join(', ');
  // What TOML does not read as a blank after the last item (`["read",`U+200B`]`) is read as an item of
  // its own (an invalid one): the values go before it, where its removal (its syntax error's fix)
  // leaves no two commas side by side.
  let n = array.items.length;
  while (n > 0 && isUnreadItem(array.items[n - 1]!)) n--;
  const last = array.items[n - 1];
  if (last?.kind === 'string' && !last.terminated) return null;
  if (last) {
    const own = lineAfter(text, array, last.span, values) ?? belowSuppressed(text, array, last.span, values);
    if (own) return own;
    return spokenOf(text, array, last.span.end) ? null : { start: last.span.end, end: last.span.end, newText: `, ${quoted}` };
  }
  const inside = text.indexOf('[', array.span.start) + 1;
  const own = belowSuppressed(text, array, null, values);
  if (own) return own;
  return spokenOf(text, array, inside) ? null : { start: inside, end: inside, newText: quoted };
}

/** An item that is only what TOML does not read as a blank (toml/unreadBlanks.ts). */
const isUnreadItem = (item: TomlValue): boolean => item.kind === 'scalar' && item.type === 'invalid' && UNREAD_ONLY.test(item.text);
const UNREAD_ONLY = new RegExp(`^(?:${UNREAD})+$`, 'u');

const knownSpoken = new WeakMap<TomlArray, { readonly at: number; readonly spoken: boolean }>();

/**
 * Whether a `# mars-ignore` speaks of the line holding `at`, where values would join `array` (after
 * its last item, or its `[`): later on it, or on a line of its own above it. Found once per list:
 * every value moved into a list of one long line asks, and walking that line (or a long block of
 * comments above it) each time was quadratic.
 */
function spokenOf(text: string, array: TomlArray, at: number): boolean {
  const known = knownSpoken.get(array);
  if (known?.at === at) return known.spoken;
  const spoken = lineSpokenOf(text, at);
  knownSpoken.set(array, { at, spoken });
  return spoken;
}

/** Whether a `# mars-ignore` speaks of the line holding `at` (outside any string): later on it, or on a line of its own above it. */
export function lineSpokenOf(text: string, at: number): boolean {
  const comment = commentFrom(text, at);
  return (comment !== null && directiveOf(comment) === 'line') || directiveAbove(text, lineStartAt(text, at));
}

/**
 * The comment ending the line from `at`, outside any string there, after its `#`; null where there is none. A `#`
 * in a string is none (`"#edit", "read"]  # mars-ignore: …`), nor one after a string that does not close on the line.
 */
export function commentFrom(text: string, at: number): string | null {
  // The split's scan of a line, strings skipped: after it, only blanks lie between the line's last code and its comment.
  const state: LineState = { arrays: 0, multiline: 0, lastCode: at - 1 };
  const end = restOfLine(text, at, state);
  // A multi-line string not closed on the line: open at its end, or read on over a line-ending backslash.
  if (state.multiline || end !== lineEndAt(text, at)) return null;
  const hash = text.indexOf('#', state.lastCode! + 1);
  return hash >= 0 && hash < end ? text.slice(hash + 1, end) : null;
}

/**
 * A list on one line that a `# mars-ignore` speaks of (after it, or on a line of its own above):
 * the values on a line of their own before its `]`, which the comment does not speak of, the
 * comment staying on the first line (`allowed = ["read", # mars-ignore: …` / `  "foo"]`; an empty
 * list `allowed = [ # mars-ignore: …`). Null when nothing silences its line, or other text follows
 * the list on it (a table written inline).
 */
function belowSuppressed(text: string, array: TomlArray, last: { start: number; end: number } | null, values: readonly string[]): Edit | null {
  // The `]` on the line of the last item (or of the `[`, for an empty list).
  const from = last ? last.end : text.indexOf('[', array.span.start) + 1;
  if (!array.closed || /[\r\n]/.test(text.slice(from, array.span.end))) return null;
  const lineStart = closingLineStart(text, array);
  const after = /^[ \t]*(#[^\r\n]*)?(?=\r?\n|$)/.exec(text.slice(array.span.end, array.span.end + 10_000));
  if (!after || !spokenOf(text, array, from)) return null;
  const trailing = after[1] !== undefined && directiveOf(after[1].slice(1)) === 'line';
  const lineEnd = array.span.end + after[0].length;
  const eol = text[lineEnd] === '\r' ? '\r\n' : '\n';
  // Indented as the items above, or one step in from a list that opens on this line.
  const indent = `${/^[ \t]*/.exec(text.slice(lineStart))![0]}${array.span.start >= lineStart ? '  ' : ''}`;
  const items = `${eol}${indent}${values.map(basicString).join(`,${eol}${indent}`)}]`;
  // After the last item and a comma, or after the `[` of an empty list.
  const comma = last ? ',' : '';
  return trailing
    ? { start: from, end: lineEnd, newText: `${comma}${text.slice(array.span.end, lineEnd)}${items}` }
    : { start: from, end: array.span.end, newText: `${comma}${items}` };
}

const closingLines = new WeakMap<TomlArray, number>();

/**
 * Where the line of a list's `]` starts, found once per list: every value moved into a list of one
 * long line asks, and walking back over it each time was quadratic.
 */
function closingLineStart(text: string, array: TomlArray): number {
  let start = closingLines.get(array);
  if (start === undefined) closingLines.set(array, (start = lineStartAt(text, array.span.end - 1)));
  return start;
}

/**
 * Whether a `# mars-ignore` on a line of its own above the line at `lineStart` speaks of it (blank and
 * comment lines between); `orFile`: or a `# mars-ignore-file` is among those comment lines.
 */
export function directiveAbove(text: string, lineStart: number, orFile = false): boolean {
  for (let end = lineStart - 1; end > 0; ) {
    if (text[end] === '\n' && text[end - 1] === '\r') end--;
    const start = lineStartAt(text, end);
    const content = lineContent(text, start, end);
    const line = text.slice(content.start, content.end);
    if (line !== '' && !line.startsWith('#')) return false;
    const directive = line.startsWith('#') ? directiveOf(line.slice(1)) : null;
    if (directive === 'line' || (orFile && directive === 'file')) return true;
    end = start - 1;
  }
  return false;
}

/**
 * In a list written an item a line (the last item alone on its line, after a leading comma or
 * before a comment perhaps, the `]` on a later line): the values on lines of their own below it,
 * indented as it is, with its leading comma, or its trailing comma or none. Not on its line: there they would read as the subject of its comment
 * (`# mars-ignore: …` included). Null for a list written otherwise.
 */
function lineAfter(text: string, array: TomlArray, last: { start: number; end: number }, values: readonly string[]): Edit | null {
  if (/[\r\n]/.test(text.slice(last.start, last.end))) return null;
  const after = /^[ \t]*(,?)[ \t]*(#[^\r\n]*)?(?=\r?\n)/.exec(text.slice(last.end, last.end + 10_000));
  if (!after || !array.closed || array.span.end <= last.end + after[0].length) return null;
  // Only now: on a list of one long line, walking back to its start for every value moved in is quadratic.
  const lineStart = lineStartAt(text, last.start);
  // `  "read",` or, in the leading-comma style, `  , "read"`; or a line of several items that a
  // `mars-ignore` speaks of, which the new lines keep out of (indented as that line).
  const lead = /^([ \t]*)(,[ \t]*)?$/.exec(text.slice(lineStart, last.start)) ??
    (spokenOf(text, array, last.end) ? /^([ \t]*)()/.exec(text.slice(lineStart)) : null);
  if (!lead) return null;
  const lineEnd = last.end + after[0].length;
  const eol = text[lineEnd] === '\r' ? '\r\n' : '\n';
  const [, indent, leading] = lead;
  const comma = leading === '' ? undefined : leading;
  if (comma !== undefined) {
    // A trailing comma besides leading ones would make the next item's comma a second one.
    return after[1] ? null : { start: lineEnd, end: lineEnd, newText: values.map((v) => `${eol}${indent}${comma}${basicString(v)}`).join('') };
  }
  const lines = values.map((v) => `${eol}${indent}${basicString(v)}`);
  // The trailing comma kept as written: after each new item, or only between them.
  if (after[1]) return { start: lineEnd, end: lineEnd, newText: lines.map((l) => `${l},`).join('') };
  return { start: last.end, end: lineEnd, newText: `,${text.slice(last.end, lineEnd)}${lines.join(',')}` };
}

/**
 * Remove a key/value whose rule a move takes elsewhere: its whole lines when nothing else is on
 * them (the comments in and after it stay, each on a line of its own, but not a `mars-ignore`,
 * which spoke of it, nor the `mars-ignore` lines above), else just the key/value and a comma
 * beside it (inside an inline table), its line too where they were all it held. `comments`: the document's.
 */
export function deleteKeyValue(text: string, kv: KeyValue, comments: readonly Comment[]): Edit[] {
  const inside = commentsWithin(comments, kv.span.start, kv.span.end);
  const line = wholeLine(text, kv.span.start, kv.span.end, inside, true);
  if (line) {
    const edits = [...directivesAbove(text, line.start, commentStarts(comments)), line];
    // An entry of an inline table over lines whose comma starts a later line (`{` or `,` /
    // `bash = "allow"` / `, allowed = […]`): that comma goes too.
    const comma = /^[{,]$/.test(significantBefore(text, kv.span.start, comments)) ? commaFrom(text, line.end, text.length) : -1;
    if (comma >= 0) edits.push({ start: comma, end: skipBlank(text, comma + 1), newText: '' });
    return edits;
  }
  // In an inline table: take the comma after, else the comma before.
  const after = afterComma(text, kv.span.end);
  // With its comma, and its line when that leaves it blank (an inline table over lines), and the
  // `mars-ignore` lines above, which spoke of it.
  if (after !== kv.span.end) {
    const whole = wholeLine(text, kv.span.start, after, inside, true);
    return whole ? [...directivesAbove(text, whole.start, commentStarts(comments)), whole] : [{ start: kv.span.start, end: skipBlank(text, after), newText: '' }];
  }
  let before = kv.span.start;
  while (before > 0 && blankAt(text, before - 1)) before--;
  // With the comma before, the blanks before it (`{ a = 1 , mcp = [] }`): the blank after the last entry left
  // is the one after it. Not a comma's indentation, where it starts its line (see below).
  if (text[before - 1] === ',') {
    let blanks = --before;
    while (blanks > 0 && blankAt(text, blanks - 1)) blanks--;
    if (blanks > 0 && text[blanks - 1] !== '\n' && text[blanks - 1] !== '\r') before = blanks;
  }
  // The first entry, on the `{` line, of a table whose commas start the next lines: the next comma goes.
  const next = text[before - 1] === '{' ? commaFrom(text, kv.span.end, text.length) : -1;
  if (next >= 0) return [{ start: kv.span.start, end: kv.span.end, newText: '' }, { start: next, end: skipBlank(text, next + 1), newText: '' }];
  // Its comma starting its line (`, "git *" = "allow"`, an inline table over lines written comma first): the line goes
  // with them where nothing else is on it, not a line of indentation left.
  const whole = wholeLine(text, before, kv.span.end, inside, true);
  if (whole) return [...directivesAbove(text, whole.start, commentStarts(comments)), whole];
  return [{ start: before, end: kv.span.end, newText: '' }];
}

/**
 * Remove a table opened by a header, with its key/values: from the header's line to the end of its
 * last key/value's line, the comments among them too, but a `mars-ignore-file`, which speaks of the
 * whole file and stays on a line of its own. The blank and comment lines after its last key/value
 * stay: they come before the next header, and most likely speak of it. Null where the header or a
 * key/value shares a line with more. `text` is the section's unit, which starts at its header: the
 * `mars-ignore` lines above the header, which spoke of it, are the unit before's, and the fix takes
 * them (`Fix.takesHeader`).
 */
export function deleteTable(text: string, section: Section, comments: readonly Comment[]): Edit[] | null {
  const header = section.header;
  const first = header && wholeLine(text, header.span.start, header.span.end);
  if (!first) return null;
  let end = first.end;
  for (const kv of section.entries) {
    const line = wholeLine(text, kv.span.start, kv.span.end);
    if (!line) return null;
    end = line.end;
  }
  const eol = /\r\n|\n|\r/.exec(text.slice(header.span.end, end))?.[0] ?? '\n';
  const kept = commentsWithin(comments, first.start, end).filter((c) => directiveOf(c.text) === 'file').map((c) => `${text.slice(c.span.start, c.span.end)}${eol}`);
  return [{ start: first.start, end, newText: kept.join('') }];
}

const keysIndex = new WeakMap<TomlDocument, { direct: Set<KeyValue>; holders: Map<KeyValue, KeyValue> }>();

/** The key/values of the sections of `doc` (`direct`), and of each one's inline table, the key/value holding it: made once, as a text of thousands of owners asks for each. */
export function keyValuesOf(doc: TomlDocument): { direct: Set<KeyValue>; holders: Map<KeyValue, KeyValue> } {
  let found = keysIndex.get(doc);
  if (!found) {
    found = { direct: new Set(), holders: new Map() };
    for (const section of doc.sections) {
      for (const kv of section.entries) {
        found.direct.add(kv);
        if (kv.value?.kind === 'inline-table') for (const inner of kv.value.entries) found.holders.set(inner, kv);
      }
    }
    keysIndex.set(doc, found);
  }
  return found;
}

/**
 * `kv` taken out (`deleteKeyValue`), or, where it is all a section's key's inline table holds, that key/value, where it
 * stands alone on its lines: `permissions = { allow = […] }` moved leaves no `permissions = { }` behind.
 */
export function keyValueTakenOut(doc: TomlDocument, kv: KeyValue): Edit[] {
  const holder = keyValuesOf(doc).holders.get(kv);
  const whole = holder?.value?.kind === 'inline-table' && holder.value.closed && holder.value.entries.length === 1 && standsAlone(doc.text, holder);
  return deleteKeyValue(doc.text, whole ? holder : kv, doc.comments);
}

/**
 * Whether a key/value can be taken out, or rewritten on one line, without joining lines: it is
 * alone on its lines, or on one line in an inline table. (Inside an inline table, a list over lines
 * would take its lines with it: the comments in it would have no line of their own to stay on, and a
 * comment after it would come to speak of the line it joined.)
 */
export function standsAlone(text: string, kv: KeyValue): boolean {
  if (wholeLine(text, kv.span.start, kv.span.end) !== null) return true;
  if (/[\r\n]/.test(text.slice(kv.span.start, kv.span.end))) return false;
  // On one line with more: an inline table's, a comma or brace beside it. Else its line holds text
  // Mars cannot read (`foo = 1; bar = 2`), which taking it out would leave to load (`bar = 2`).
  let before = kv.span.start;
  while (before > 0 && blankAt(text, before - 1)) before--;
  const after = skipBlank(text, kv.span.end);
  return text[before - 1] === '{' || text[before - 1] === ',' || text[after] === ',' || text[after] === '}';
}

/**
 * The inline table `table` written again on its line holding only `kept` of its key/values, as written;
 * null where it runs over lines (TOML 1.1), whose line breaks and comments one line would lose.
 */
export function inlineTableKeeping(text: string, table: TomlInlineTable, kept: readonly KeyValue[]): Edit | null {
  if (/[\r\n]/.test(text.slice(table.span.start, table.span.end))) return null;
  return { start: table.span.start, end: table.span.end, newText: `{ ${kept.map((kv) => text.slice(kv.span.start, kv.span.end)).join(', ')} }` };
}

/** The character before `at`, past blanks, line breaks and comments; '' at the start. */
function significantBefore(text: string, at: number, comments: readonly Comment[]): string {
  let i = at;
  for (;;) {
    while (i > 0 && /[ \t\r\n]/.test(text[i - 1]!)) i--;
    const c = lastStartingBefore(comments, i);
    if (!c || c.span.end !== i) return text[i - 1] ?? '';
    i = c.span.start;
  }
}

/** The offset after a comma that follows `at` (white space allowed before it), else `at`. */
function afterComma(text: string, at: number): number {
  let i = at;
  while (i < text.length && blankAt(text, i)) i++;
  return text[i] === ',' ? i + 1 : at;
}

/** Apply edits (offsets into `text`) that do not overlap. */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let at = 0;
  for (const e of sorted) {
    if (e.start < at) throw new Error(`overlapping edits at ${e.start}`);
    out += text.slice(at, e.start) + e.newText;
    at = e.end;
  }
  return out + text.slice(at);
}

/**
 * Edits of `original` that make what `later` (edits of `between`, which `earlier` made of
 * `original`) makes of `between`: where an edit of `later` meets or touches text an edit of
 * `earlier` wrote, the two become one edit, so each edit is still the fixes' own, not a rewrite of
 * everything between the first change and the last. Both lists sorted and non-overlapping.
 */
export function composeEdits(between: string, earlier: readonly Edit[], later: readonly Edit[]): Edit[] {
  // Every edit as the stretch of `between` it covers: `earlier`'s as the text it wrote.
  const spans: Array<{ start: number; end: number; later?: Edit }> = [];
  let shift = 0;
  for (const e of earlier) {
    const start = e.start + shift;
    spans.push({ start, end: start + e.newText.length });
    shift += e.newText.length - (e.end - e.start);
  }
  for (const e of later) spans.push({ start: e.start, end: e.end, later: e });
  spans.sort((a, b) => a.start - b.start || a.end - b.end);
  // `between`'s offset back in `original`, for the start or the end of a stretch: past the edits of
  // `earlier` whose text ends before it, or at it (for an end: that edit is in the stretch).
  let e = 0;
  let back = 0;
  const toOriginal = (at: number, isEnd: boolean) => {
    for (let x = earlier[e]; x; x = earlier[++e]) {
      const writtenEnd = x.start + back + x.newText.length;
      if (writtenEnd > at || (writtenEnd === at && !isEnd)) break;
      back += x.newText.length - (x.end - x.start);
    }
    return at - back;
  };
  const out: Edit[] = [];
  for (let i = 0; i < spans.length; ) {
    const start = spans[i]!.start;
    let end = spans[i]!.end;
    const inside: Edit[] = [];
    for (; i < spans.length && spans[i]!.start <= end; i++) {
      end = Math.max(end, spans[i]!.end);
      if (spans[i]!.later) inside.push(spans[i]!.later!);
    }
    const from = toOriginal(start, false);
    const to = toOriginal(end, true);
    const written = between.slice(start, end);
    out.push({ start: from, end: to, newText: inside.length === 0 ? written : applyEdits(written, inside.map((x) => ({ start: x.start - start, end: x.end - start, newText: x.newText }))) });
  }
  return out;
}

/**
 * Whether two edits touch the same text: a shared interior, or a shared end. Two fixes meeting at
 * a point each assume the text beside it: removing a list's last item keeps the comma before it,
 * which an append after that item (an insertion there, or a rewrite of the item's line end) would double.
 */
function overlaps(a: Edit, b: Edit): boolean {
  return a.start <= b.end && b.start <= a.end;
}

/**
 * The edits of the groups that do not overlap a group kept before them, in priority order. One
 * sweep over all edits sorted by offset finds which groups clash (files with tens of thousands of
 * fixes stay linear-logarithmic); a group's own edits never overlap each other.
 */
export function nonOverlapping(groups: ReadonlyArray<readonly Edit[]>): Edit[] {
  const items: Array<{ readonly e: Edit; readonly g: number }> = [];
  groups.forEach((group, g) => group.forEach((e) => items.push({ e, g })));
  items.sort((a, b) => a.e.start - b.e.start || a.e.end - b.e.end);
  // Each group's clashes with groups before it (only those can be kept when it is weighed): one
  // group of a million removals clashing with a million rewrites kept a list of all of them.
  const clashes = new Map<number, number[]>();
  const clash = (a: number, b: number) => {
    const later = Math.max(a, b);
    (clashes.get(later) ?? clashes.set(later, []).get(later)!).push(Math.min(a, b));
  };
  // Edits that may still overlap what comes next: those ending at or after its start.
  let active: typeof items = [];
  for (const it of items) {
    active = active.filter((a) => a.e.end >= it.e.start);
    for (const a of active) if (a.g !== it.g && overlaps(a.e, it.e)) clash(a.g, it.g);
    active.push(it);
  }
  const kept = new Set<number>();
  for (let g = 0; g < groups.length; g++) {
    if (!(clashes.get(g) ?? []).some((other) => kept.has(other))) kept.add(g);
  }
  return items.filter((it) => kept.has(it.g)).map((it) => it.e);
}
