// The text a `didChange` leaves: its content changes applied in order, each to the text the ones
// before it left (LSP 3.17, `DidChangeTextDocumentParams`), with `vscode-languageserver-textdocument`'s
// reading of a position (a line past the last is the text's end, a character past a line's end is
// that end) and of a range written end first (swapped). Pure: no LSP connection, no document object.
//
// The text is held as its lines while the changes go in, so a change costs the lines it touches,
// not the whole text: applied to one string, each change copied all of it, and a message of 9,000
// changes to a 1 MB file (a multi-cursor edit on every line, or a fix-all, listed top down as some
// editors send them, or bottom up as VS Code does) took about a minute.

export interface Position {
  readonly line: number;
  readonly character: number;
}

/** A change already checked to be one: text, and whole-number positions when ranged. */
export interface ContentChange {
  readonly text: string;
  readonly range?: { readonly start: Position; readonly end: Position };
}

/** Where each line break ends: after `\r\n`, a lone `\r` or `\n` (the line breaks LSP counts). */
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

/** `p` read as a place in `lines`: [line, character], clamped as `TextDocument.offsetAt` clamps. */
function place(lines: readonly string[], p: Position): [number, number] {
  if (p.line >= lines.length) return [lines.length - 1, lines[lines.length - 1]!.length];
  if (p.line < 0) return [0, 0];
  return [p.line, Math.max(0, Math.min(p.character, contentLength(lines[p.line]!)))];
}

export function applyContentChanges(text: string, changes: readonly ContentChange[]): string {
  let lines = splitLines(text);
  for (const change of changes) {
    if (!change.range) {
      lines = splitLines(change.text);
      continue;
    }
    let [a, ac] = place(lines, change.range.start);
    let [b, bc] = place(lines, change.range.end);
    if (a > b || (a === b && ac > bc)) [a, ac, b, bc] = [b, bc, a, ac];
    let piece = lines[a]!.slice(0, ac) + change.text + lines[b]!.slice(bc);
    // A line ending in a lone `\r` before a piece starting with `\n`: the two are one line break now.
    if (a > 0 && piece.charCodeAt(0) === 10 && lines[a - 1]!.endsWith('\r')) piece = lines[--a]! + piece;
    const pieces = splitLines(piece);
    // The piece ends with line b's break, unless b is the last line: then nothing follows it.
    if (b < lines.length - 1) pieces.pop();
    lines = replaced(lines, a, b, pieces);
  }
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
