// Positions in test fixtures, found by the text they point at (UTF-16, as LSP counts).
import type { Range, TextEdit } from 'vscode-languageserver';

export function positionAt(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  const lines = before.split(/\r\n|\r|\n/);
  return { line: lines.length - 1, character: lines[lines.length - 1]!.length };
}

/** The range of the `nth` occurrence of `needle` (0-based). */
export function rangeOf(text: string, needle: string, nth = 0): Range {
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`fixture has no occurrence ${nth} of ${JSON.stringify(needle)}`);
  }
  return { start: positionAt(text, at), end: positionAt(text, at + needle.length) };
}

export function offsetAt(text: string, pos: { line: number; character: number }): number {
  const re = /\r\n|\r|\n/g;
  let line = 0;
  let start = 0;
  while (line < pos.line) {
    const m = re.exec(text);
    if (!m) return text.length;
    start = m.index + m[0].length;
    line++;
  }
  return start + pos.character;
}

export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = edits.map((e) => ({ s: offsetAt(text, e.range.start), e: offsetAt(text, e.range.end), t: e.newText })).sort((a, b) => b.s - a.s);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.s) + e.t + out.slice(e.e);
  return out;
}

export const show = (r: Range) => `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`;

/** `steps` random edits of `text`, one after another: at a random offset, up to 7 characters removed and one of `inserts` put in. */
export function* randomEdits(text: string, r: () => number, inserts: readonly string[], steps: number): Generator<{ text: string; label: string }> {
  for (let step = 0; step < steps; step++) {
    const at = Math.floor(r() * (text.length + 1));
    const removed = r() < 0.5 ? 0 : Math.floor(r() * 8);
    const inserted = inserts[Math.floor(r() * inserts.length)]!;
    text = text.slice(0, at) + inserted + text.slice(at + removed);
    yield { text, label: `step ${step}: ${JSON.stringify(inserted)} at ${at}, ${removed} removed` };
  }
}
