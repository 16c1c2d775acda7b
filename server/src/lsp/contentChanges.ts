// The text a `didChange` leaves: its content changes applied in order, each to the text the ones
// before it left (LSP 3.17, `DidChangeTextDocumentParams`), with `vscode-languageserver-textdocument`'s
// reading of a position (a line past the last is the text's end, a character past a line's end is
// that end) and of a range written end first (swapped). No LSP connection here.
//
// A keystroke is one change, which the document applies keeping its line table. A message of many
// changes (a multi-cursor edit, a fix-all) listed bottom up, as VS Code sends them, is applied in one
// pass; any other (top down, as LSP allows and some editors send) to the text held as its lines, so
// a change costs the lines it touches: applied to the document one at a time, each copied the whole
// text, and 9,000 changes to a 1 MB file took about a minute.

import { TextDocument } from 'vscode-languageserver-textdocument';
import { applyEdits, type Edit } from '../analysis/edits';

/** Up to this many changes are applied to the document one at a time (each copies the text once). */
const FEW = 8;

export interface Position {
  readonly line: number;
  readonly character: number;
}

/** A change already checked to be one: text, and whole-number positions when ranged. */
export interface ContentChange {
  readonly text: string;
  readonly range?: { readonly start: Position; readonly end: Position };
}

/** The lines of `text`, each with its line break (`\r\n`, a lone `\r` or `\n`: those LSP counts); the last has none. */
function splitLines(text: string): string[] {
  const lines: string[] = [];
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 10 && c !== 13) continue;
    if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
    lines.push(text.slice(from, i + 1));
    from = i + 1;
  }
  lines.push(text.slice(from)); // the last line, after the last break (empty when the text ends with one)
  return lines;
}

/** A line's length without its line break. */
function contentLength(line: string): number {
  let n = line.length;
  if (n > 0 && line.charCodeAt(n - 1) === 10) n--;
  if (n > 0 && line.charCodeAt(n - 1) === 13) n--;
  return n;
}

/**
 * `p` read as a place among `count` lines, each `length(line)` long without its break: [line,
 * character], clamped as `TextDocument.offsetAt` clamps (the last line has no break).
 */
function place(count: number, length: (line: number) => number, p: Position): [number, number] {
  if (p.line >= count) return [count - 1, length(count - 1)];
  if (p.line < 0) return [0, 0];
  return [p.line, Math.max(0, Math.min(p.character, length(p.line)))];
}

/**
 * Changes inside one line, each after the one before along it (a list from the top down on one long
 * line, a one-line list's fix-all): kept in the line's text as it was, and the line made once.
 */
class LineRun {
  private readonly edits: Edit[] = [];
  /** How much longer the line is now than it was. */
  delta = 0;
  /** Where the last change's text ends, in the line as it is now. */
  end = 0;

  constructor(readonly line: number, private readonly was: string) {}

  /** A change from `from` to `to` of the line as it is now, at or after `end`. */
  add(from: number, to: number, text: string): void {
    this.edits.push({ start: from - this.delta, end: to - this.delta, newText: text });
    this.delta += text.length - (to - from);
    this.end = from + text.length;
  }

  made(): string {
    return applyEdits(this.was, this.edits);
  }
}

/** `doc` after `changes`, at `version`. */
export function applyContentChanges(doc: TextDocument, changes: readonly ContentChange[], version: number): TextDocument {
  if (changes.length > FEW) return TextDocument.update(doc, [{ text: bottomUp(doc, changes) ?? textAfter(doc.getText(), changes) }], version);
  let current = doc;
  for (const change of changes) {
    // Clamped first: a position past the last line would otherwise put the library's line table out
    // of step with its text, and every later change would land in the wrong place.
    const clamp = (p: Position) => current.positionAt(current.offsetAt(p));
    const range = change.range && { start: clamp(change.range.start), end: clamp(change.range.end) };
    current = TextDocument.update(current, [range ? { range, text: change.text } : { text: change.text }], version);
  }
  return TextDocument.update(current, [], version); // the version, also for a message of no change
}

/**
 * The text after `changes` made in one pass, when they are listed bottom up (each range ends at or
 * before the start of the one listed before it) and every position is one of the text, not
 * clamped: then each reads the same in the text before any of them. VS Code lists a multi-cursor
 * edit and a fix-all so, and 10,000 of them on one long line (a one-line list) would each copy the
 * line. Null for any other list. A change after a lone `\r` is left to the lines: a `\n` put after
 * it joins the two into one line break, and a position at the start of the next line moves.
 */
function bottomUp(doc: TextDocument, changes: readonly ContentChange[]): string | null {
  const text = doc.getText();
  const exact = (p: Position): number => {
    const offset = doc.offsetAt(p);
    const back = doc.positionAt(offset);
    return back.line === p.line && back.character === p.character ? offset : -1;
  };
  const spans: Edit[] = [];
  for (const change of changes) {
    if (!change.range) return null;
    let start = exact(change.range.start);
    let end = exact(change.range.end);
    if (start < 0 || end < 0) return null;
    if (start > end) [start, end] = [end, start];
    const above = spans[spans.length - 1];
    if ((above && end > above.start) || text.charCodeAt(start - 1) === 13) return null;
    spans.push({ start, end, newText: change.text });
  }
  // In text order; two inserts at one place, the one listed later (applied later, before it) first.
  return applyEdits(text, spans.reverse());
}

/** The text after `changes`, applied to it held as lines. */
export function textAfter(text: string, changes: readonly ContentChange[]): string {
  let lines = splitLines(text);
  // The new lines of a change are slices of the string its piece was made into, and each keeps all
  // of it alive: 5,000 line breaks typed into a 1 MB line kept 5,000 such strings (out of memory at
  // 4 GB). Past a few times the text's length made so, the lines are made again from one string.
  let sliced = 0;
  let room = 4 * text.length + (1 << 20);
  let run: LineRun | null = null;
  const flush = () => {
    if (run) lines[run.line] = run.made();
    run = null;
  };
  const length = (line: number) => contentLength(lines[line]!) + (run?.line === line ? run.delta : 0);
  for (const change of changes) {
    if (!change.range) {
      run = null;
      lines = splitLines(change.text);
      [sliced, room] = [0, 4 * change.text.length + (1 << 20)];
      continue;
    }
    let [a, ac] = place(lines.length, length, change.range.start);
    let [b, bc] = place(lines.length, length, change.range.end);
    if (a > b || (a === b && ac > bc)) [a, ac, b, bc] = [b, bc, a, ac];
    // Inside one line, adding no line break: into the line's run, if it goes on along the line. Not
    // a change that empties a line after a lone `\r`: its `\n` and that `\r` are one line break then.
    const empties = a > 0 && ac === 0 && bc === length(a) && change.text === '' && lines[a - 1]!.endsWith('\r');
    if (a === b && !/[\r\n]/.test(change.text) && !empties) {
      if (run && (run.line !== a || ac < run.end)) flush();
      (run ??= new LineRun(a, lines[a]!)).add(ac, bc, change.text);
      continue;
    }
    flush();
    const before = lines[a]!.slice(0, ac);
    const after = lines[b]!.slice(bc); // the rest of line b, with its line break
    let pieces: string[];
    const t = change.text;
    // A lone `\r` and a `\n` that meet at either end are one line break.
    const joinsAbove = a > 0 && (before || t || after).charCodeAt(0) === 10 && lines[a - 1]!.endsWith('\r');
    const joinsBelow = t.endsWith('\r') && after.charCodeAt(0) === 10;
    if (!joinsAbove && !joinsBelow) {
      // The line breaks are the text's and line b's own: the text's lines, the first after `before`,
      // the last before `after` (neither is scanned: on a long line, that was most of the time).
      pieces = splitLines(t);
      pieces[0] = before + pieces[0];
      pieces[pieces.length - 1] += after;
    } else {
      // The lines are read from the piece, with the line above when they join.
      let piece = before + t + after;
      if (joinsAbove) piece = lines[--a]! + piece;
      pieces = splitLines(piece);
      // The piece ends with line b's break, unless b is the last line: then nothing follows it.
      if (b < lines.length - 1) pieces.pop();
    }
    lines = replaced(lines, a, b, pieces);
    if ((sliced += before.length + after.length) > room) {
      const now = lines.join('');
      [lines, sliced, room] = [splitLines(now), 0, 4 * now.length + (1 << 20)];
    }
  }
  flush();
  return lines.join('');
}

/** `lines` with lines `a` to `b` replaced by `pieces`: in place when as many, else spliced (a spread of a huge list would overflow the stack). */
function replaced(lines: string[], a: number, b: number, pieces: string[]): string[] {
  if (pieces.length === b - a + 1) {
    for (let i = 0; i < pieces.length; i++) lines[a + i] = pieces[i]!;
    return lines;
  }
  if (pieces.length < 10_000) {
    lines.splice(a, b - a + 1, ...pieces);
    return lines;
  }
  return lines.slice(0, a).concat(pieces, lines.slice(b + 1));
}
