// Offsets <-> (line, character) for one text. Characters are UTF-16 code units, as LSP requires and
// as JS strings index; `\r\n`, `\n` and a lone `\r` all end a line.

import { lastAtOrBefore } from './sorted';
import type { Span } from './model';
import type { TextChange } from './textChange';

export interface Position {
  readonly line: number;
  readonly character: number;
}

/** Offsets <-> positions, as the features use them. */
export interface Lines {
  readonly lineCount: number;
  position(offset: number): Position;
  offset(position: Position): number;
  lineStart(line: number): number;
  lineEnd(line: number): number;
}

/**
 * The part of `span` on its first line: a problem with a value that spans lines is shown where the
 * value starts (the protocol's `\r`, `\n` and `\r\n` all end a line).
 */
export function firstLineOf(text: string, span: { readonly start: number; readonly end: number }): { readonly start: number; readonly end: number } {
  for (let i = span.start; i < span.end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) return { start: span.start, end: i };
  }
  // The span itself: the findings on a list of a million entries share their strings' spans.
  return span;
}

/**
 * As `firstLineOf`, but from the first line that holds any of `span`: a lone CR in a one-line string
 * or quoted key (a syntax error, but a line break to the protocol) may stand first, and a range on
 * the line it ends would be empty.
 */
export function firstHeldLineOf(text: string, span: { readonly start: number; readonly end: number }): { readonly start: number; readonly end: number } {
  let start = span.start;
  while (start < span.end && (text.charCodeAt(start) === 10 || text.charCodeAt(start) === 13)) start++;
  return start === span.start || start === span.end ? firstLineOf(text, span) : firstLineOf(text, { start, end: span.end });
}

/**
 * Where the line holding `at` starts (the protocol's `\r`, `\n` and `\r\n` all end a line), or
 * `floor` if it starts before that. A walk back over the line: `lastIndexOf('\r')` would search to
 * the text's start in a file with none; `floor` bounds it where only a break after `floor` matters.
 */
export function lineStartAt(text: string, at: number, floor = 0): number {
  let i = at;
  while (i > floor && text.charCodeAt(i - 1) !== 10 && text.charCodeAt(i - 1) !== 13) i--;
  return i;
}

/**
 * What [start, end) holds past TOML's blanks: spaces and tabs around it, line breaks at its end, and
 * the file's byte order mark at offset 0. A stray U+FEFF or U+00A0 is content, though JavaScript's
 * trim() takes it away. Empty (start >= end) for a blank line.
 */
export function lineContent(text: string, start: number, end: number): Span {
  if (start === 0 && text.charCodeAt(0) === 0xfeff) start = 1;
  while (start < end && (text[start] === ' ' || text[start] === '\t')) start++;
  while (end > start && (text[end - 1] === ' ' || text[end - 1] === '\t' || text[end - 1] === '\n' || text[end - 1] === '\r')) end--;
  return { start, end };
}

/**
 * The line break a line written into `text` takes: CRLF where it has any, else LF. The last text's
 * kept: the fixes of a text analysed whole each ask, and looking through 1 MB of LF for a CRLF each
 * time made 5,000 tables' moves quadratic.
 */
export function newLineOf(text: string): string {
  if (text !== lastText) [lastText, lastNewLine] = [text, text.includes('\r\n') ? '\r\n' : '\n'];
  return lastNewLine;
}
let lastText = '';
let lastNewLine = '\n';

/** Where the line holding `at` ends: its line break, or the text's end. */
export function lineEndAt(text: string, at: number): number {
  for (let i = at; i < text.length; i++) if (text[i] === '\n' || text[i] === '\r') return i;
  return text.length;
}

/** The offset after the line break ending the line of `at` (the text's length on its last line). */
export function nextLineStart(text: string, at: number): number {
  const end = lineEndAt(text, at);
  return end + (text.startsWith('\r\n', end) ? 2 : end < text.length ? 1 : 0);
}

/** A span's ends as positions: the shape of an LSP range, for the server and the checker's JSON alike. */
export function positionsOf(lines: Pick<Lines, 'position'>, span: { readonly start: number; readonly end: number }): { start: Position; end: Position } {
  return { start: lines.position(span.start), end: lines.position(span.end) };
}

/**
 * An array grown by pushes keeps room for more (17 slots for 3 lines); a section's index is kept by
 * each of a big file's many sections, so a small one is copied to its exact size.
 */
const exact = (starts: number[]): number[] => (starts.length < 1024 ? starts.slice() : starts);

/** Whether `offset` is on line `line` of `starts`. */
const holds = (starts: readonly number[], line: number, offset: number): boolean =>
  line < starts.length && starts[line]! <= offset && (line + 1 === starts.length || offset < starts[line + 1]!);

/** Appends to `starts` the line starts after `from` (a line start) up to `last`. */
function lineStarts(text: string, starts: number[], from: number, last: number): number[] {
  for (let i = from; i < last && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
    if ((c === 10 || c === 13) && i + 1 <= last) starts.push(i + 1);
  }
  return starts;
}

export class LineIndex implements Lines {
  private made: number[] | undefined;
  /** The line of the last position answered (see `position`). */
  private near = 0;

  constructor(private readonly text: string, starts?: number[]) {
    this.made = starts && exact(starts);
  }

  /** Scanned when first asked for: most sections of a big file are never asked a position. */
  private get starts(): number[] {
    return (this.made ??= exact(lineStarts(this.text, [0], 0, this.text.length)));
  }

  /**
   * The index of `text`, which is this index's text with `change` applied: the lines before the
   * change are kept, the changed ones scanned and the ones after it shifted.
   */
  edited(text: string, change: TextChange): LineIndex {
    const old = this.starts;
    // A line start depends on the character before it and its own (`\r` then `\n` is one break),
    // so the starts before `change.start` hold, and those after `oldEnd + 1` only move.
    const kept = Math.max(1, lastAtOrBefore(old.length, (i) => old[i]!, change.start - 1) + 1);
    const starts = lineStarts(text, old.slice(0, kept), old[kept - 1]!, change.newEnd);
    const delta = change.newEnd - change.oldEnd;
    for (let i = kept; i < old.length; i++) if (old[i]! > change.oldEnd) starts.push(old[i]! + delta);
    return new LineIndex(text, starts);
  }

  get lineCount(): number {
    return this.starts.length;
  }

  position(offset: number): Position {
    const o = Math.max(0, Math.min(offset, this.text.length));
    const starts = this.starts;
    // Positions are mostly asked in text order (findings, then their fixes' edits nearby): the line
    // of the last answer, or the next, before a search of the whole file's lines.
    let line = this.near;
    if (!holds(starts, line, o) && !holds(starts, ++line, o)) line = lastAtOrBefore(starts.length, (i) => starts[i]!, o); // starts[0] is 0: never -1
    this.near = line;
    return { line, character: o - starts[line]! };
  }

  offset(position: Position): number {
    if (position.line < 0) return 0;
    if (position.line >= this.starts.length) return this.text.length;
    return Math.min(this.starts[position.line]! + Math.max(0, position.character), this.lineEnd(position.line));
  }

  lineStart(line: number): number {
    return this.starts[Math.max(0, Math.min(line, this.starts.length - 1))]!;
  }

  /** The offset of the line's end, before its line break. */
  lineEnd(line: number): number {
    const next = line + 1 < this.starts.length ? this.starts[line + 1]! : this.text.length + 1;
    let end = next - 1;
    if (end > this.text.length) end = this.text.length;
    else if (this.text.charCodeAt(end) === 10 || this.text.charCodeAt(end) === 13) {
      if (end > 0 && this.text.charCodeAt(end) === 10 && this.text.charCodeAt(end - 1) === 13) end--;
    }
    return Math.max(this.starts[line]!, end);
  }
}
