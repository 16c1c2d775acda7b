// Text edits over the positional model, as plain data: offsets into the document text. The fixes
// are built from these, and they keep the user's formatting where they can.

import type { KeyValue, TomlArray } from '../toml/model';
import { basicString } from '../toml/strings';

export interface Edit {
  readonly start: number;
  readonly end: number;
  readonly newText: string;
}

/** Remove the items at `indices` of `array`, with their commas, in non-overlapping edits. */
export function deleteItems(text: string, array: TomlArray, indices: Iterable<number>): Edit[] {
  const items = array.items;
  const remove = [...new Set(indices)].filter((i) => i >= 0 && i < items.length).sort((a, b) => a - b);
  const edits: Edit[] = [];
  let k = 0;
  while (k < remove.length) {
    const first = remove[k]!;
    let last = first;
    while (k + 1 < remove.length && remove[k + 1] === last + 1) last = remove[++k]!;
    k++;
    const start = items[first]!.span.start;
    const end = afterComma(text, items[last]!.span.end);
    // Items on lines of their own go with their lines (and a comment after them there); the lines
    // around, comments included (a suppression comment speaks of the next line), stay. An array may
    // end with a comma, so the comma before them can stay too.
    const lines = wholeLines(text, start, end);
    if (lines) edits.push({ ...lines, newText: '' });
    else if (last + 1 < items.length) edits.push({ start, end: skipSpaces(text, end), newText: '' });
    else if (first > 0) edits.push({ start: items[first - 1]!.span.end, end: items[last]!.span.end, newText: '' });
    else edits.push({ start, end, newText: '' });
  }
  return edits;
}

function skipSpaces(text: string, i: number): number {
  while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i++;
  return i;
}

/** [start, end) widened to whole lines, line break included, when nothing else is on them but blanks and a comment; else null. */
function wholeLines(text: string, start: number, end: number): { start: number; end: number } | null {
  let from = start;
  while (from > 0 && (text[from - 1] === ' ' || text[from - 1] === '\t')) from--;
  if (from > 0 && text[from - 1] !== '\n' && text[from - 1] !== '\r') return null;
  let to = skipSpaces(text, end);
  if (text[to] === '#') while (to < text.length && text[to] !== '\n' && text[to] !== '\r') to++;
  if (to < text.length && text[to] !== '\n' && text[to] !== '\r') return null;
  if (text[to] === '\r') to++;
  if (text[to] === '\n') to++;
  return { start: from, end: to };
}

/** Append quoted `values` at the end of `array`, after its last item. */
export function appendToArray(text: string, array: TomlArray, values: readonly string[]): Edit {
  const quoted = values.map(basicString).join(', ');
  const last = array.items[array.items.length - 1];
  if (last) return { start: last.span.end, end: last.span.end, newText: `, ${quoted}` };
  const open = text.indexOf('[', array.span.start);
  return { start: open + 1, end: open + 1, newText: quoted };
}

/**
 * Remove a key/value: its whole line when nothing else is on it (a comment after it goes too),
 * else just the key/value and a comma beside it (inside an inline table).
 */
export function deleteKeyValue(text: string, kv: KeyValue): Edit {
  let lineStart = kv.span.start;
  while (lineStart > 0 && (text[lineStart - 1] === ' ' || text[lineStart - 1] === '\t')) lineStart--;
  const atLineStart = lineStart === 0 || text[lineStart - 1] === '\n' || text[lineStart - 1] === '\r';
  let end = kv.span.end;
  while (end < text.length && (text[end] === ' ' || text[end] === '\t')) end++;
  if (text[end] === '#') while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++;
  const atLineEnd = end >= text.length || text[end] === '\n' || text[end] === '\r';
  if (atLineStart && atLineEnd) {
    if (text[end] === '\r') end++;
    if (text[end] === '\n') end++;
    return { start: lineStart, end, newText: '' };
  }
  // In an inline table: take the comma after, else the comma before.
  const after = afterComma(text, kv.span.end);
  if (after !== kv.span.end) {
    let next = after;
    while (next < text.length && (text[next] === ' ' || text[next] === '\t')) next++;
    return { start: kv.span.start, end: next, newText: '' };
  }
  let before = kv.span.start;
  while (before > 0 && (text[before - 1] === ' ' || text[before - 1] === '\t')) before--;
  if (text[before - 1] === ',') before--;
  return { start: before, end: kv.span.end, newText: '' };
}

/** The offset after a comma that follows `at` (white space allowed before it), else `at`. */
function afterComma(text: string, at: number): number {
  let i = at;
  while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i++;
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

/** Whether two edits touch the same text: a shared interior, or two insertions at one point. */
function overlaps(a: Edit, b: Edit): boolean {
  if (a.start < b.end && b.start < a.end) return true;
  return a.start === a.end && b.start === b.end && a.start === b.start;
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
  const clashes = new Map<number, number[]>();
  const clash = (a: number, b: number) => {
    (clashes.get(a) ?? clashes.set(a, []).get(a)!).push(b);
    (clashes.get(b) ?? clashes.set(b, []).get(b)!).push(a);
  };
  // Edits that may still overlap what comes next: those ending after its start, and insertions
  // at its very start.
  let active: typeof items = [];
  for (const it of items) {
    active = active.filter((a) => a.e.end > it.e.start || (a.e.start === a.e.end && a.e.start === it.e.start));
    for (const a of active) if (a.g !== it.g && overlaps(a.e, it.e)) clash(a.g, it.g);
    active.push(it);
  }
  const kept = new Set<number>();
  for (let g = 0; g < groups.length; g++) {
    if (!(clashes.get(g) ?? []).some((other) => kept.has(other))) kept.add(g);
  }
  return items.filter((it) => kept.has(it.g)).map((it) => it.e);
}
