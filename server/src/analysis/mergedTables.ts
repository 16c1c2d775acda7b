// A table defined by two headers (`[agents.a.tools]` … `[agents.a.tools]`, a section pasted in), a
// syntax error Mars stops at: the fix that moves the second's key/values up into the first. What no
// section sees alone, so read from the document's text, when the fix is asked for.

import { quoted } from '../grammar/text';
import { lineEndAt, lineStartAt, newLineOf, nextLineStart } from '../toml/lineIndex';
import type { Comment, KeyValue, Span, TomlArray, TomlValue } from '../toml/model';
import { parseToml } from '../toml/parse';
import { sectionStartsFrom } from '../toml/split';
import { commentLines, syntaxProblems } from '../toml/syntax';
import { pathStartsWith as startsWith, wholeHeader } from '../toml/tables';
import { directiveAbove, type Edit } from './edits';
import type { Fix } from './findings';
import { directiveOf } from './suppress';

/** A section of the document read alone: its table's path, key/values and comments, their spans from `base`, where it starts. */
export interface ReadSection {
  readonly names: readonly string[];
  readonly header: { readonly span: Span; readonly array: boolean; readonly whole: boolean } | null;
  readonly entries: readonly KeyValue[];
  readonly comments: readonly Comment[];
  readonly base: number;
}

/** The section of `text` from `start` to `end`, or null where it holds a syntax error (its reading a guess). */
export function readSection(text: string, start: number, end: number): ReadSection | null {
  const doc = parseToml(text.slice(start, end));
  if (syntaxProblems(doc).length > 0) return null;
  const section = doc.sections.find((s) => s.header !== null) ?? doc.sections[0]!;
  const h = section.header;
  return {
    names: h?.key.parts.map((p) => p.name) ?? [],
    header: h && { span: h.span, array: h.array, whole: wholeHeader(doc.text, h) },
    entries: section.entries,
    comments: doc.comments,
    base: start,
  };
}

/** A key/value's key, its parts' names. */
export const pathOf = (kv: KeyValue): string[] => kv.key.parts.map((p) => p.name);

/**
 * The edits joining the strings `items` (read from `base`) to the list `into` (read from `intoBase`), but for those it
 * holds (as written): appended after its last item (`appended`).
 */
export function joinedItems(text: string, intoBase: number, into: TomlArray, base: number, items: readonly TomlValue[]): Edit[] {
  const itemText = (offset: number) => (i: { span: Span }) => text.slice(offset + i.span.start, offset + i.span.end);
  const held = new Set(into.items.map(itemText(intoBase)));
  const added = [...new Set(items.map(itemText(base)))].filter((i) => !held.has(i));
  return added.length > 0 ? appended(text, intoBase, into, added) : [];
}

/** The key/value of `entries` whose key is `parts`, its value a list holding only strings, with that list; or null. */
export function listOf(entries: readonly KeyValue[], parts: readonly string[]): { kv: KeyValue; list: TomlArray } | null {
  const kv = entries.find((e) => e.key.parts.length === parts.length && e.key.parts.every((p, i) => p.name === parts[i]));
  const v = kv?.value;
  return kv && v?.kind === 'array' && v.closed && v.items.every((i) => i.kind === 'string') ? { kv, list: v } : null;
}

/**
 * The edits appending `added` (items as written) to `list` (read from `offset`): after its last item
 * on that item's line, or, where the list runs over lines with its last item on a line of its own
 * and its `]` below, a line each at that item's indent, after the comma ending its line if it has one
 * (a comma each then, as the list is written), else a comma put after that item.
 */
function appended(text: string, offset: number, list: TomlArray, added: readonly string[]): Edit[] {
  const last = list.items.at(-1);
  const [start, end] = [offset + list.span.start, offset + list.span.end];
  const after = last ? offset + last.span.end : start + 1;
  const inLine: Edit[] = [{ start: after, end: after, newText: `${last ? ', ' : ''}${added.join(', ')}` }];
  if (!last) return inLine;
  const lineStart = lineStartAt(text, offset + last.span.start);
  const lineEnd = lineEndAt(text, after);
  if (lineStart <= start || lineEnd >= end) return inLine;
  const indent = /^[ \t]*/.exec(text.slice(lineStart, offset + last.span.start))![0];
  if (indent.length !== offset + last.span.start - lineStart) return inLine;
  const eol = newLineOf(text);
  const rest = text.slice(after, lineEnd);
  if (/^[ \t]*,/.test(rest)) return [{ start: lineEnd, end: lineEnd, newText: added.map((i) => `${eol}${indent}${i},`).join('') }];
  // No comma after the last item on its line: one on a line below (`  , "x"` style) takes the list as written.
  if (!/^[ \t]*(?:#.*)?$/.test(rest) || /^[ \t]*,/m.test(text.slice(lineEnd, end - 1).replace(/#.*/g, ''))) return inLine;
  const lines = added.map((i) => `${eol}${indent}${i}`).join(',');
  return /\S/.test(rest) ? [{ start: after, end: after, newText: ',' }, { start: lineEnd, end: lineEnd, newText: lines }] : [{ start: after, end: after, newText: `,${lines}` }];
}

/** The start of the line before the one starting at `at` (past its whole line break, `\r\n` too). */
const previousLineStart = (text: string, at: number) => lineStartAt(text, at - (text.startsWith('\r\n', at - 2) ? 2 : 1));

/** Where the lines of `text` from `from` to `end` (a line start) stop holding more than blanks and comments, read back from `end`: a line start. */
function contentEnd(text: string, from: number, end: number): number {
  let at = end;
  while (at > from) {
    const lineStart = previousLineStart(text, at);
    if (lineStart < from || !/^[ \t]*(?:#.*)?$/.test(text.slice(lineStart, lineEndAt(text, lineStart)))) break;
    at = lineStart;
  }
  return at;
}

/** Whether the line from `at` (a line start) holds only blanks, or is the text's end. */
export const blankLineAt = (text: string, at: number) => at >= text.length || /^[ \t]*$/.test(text.slice(at, lineEndAt(text, at)));

/**
 * The fix of the second of two `[table]` headers naming one table, the first at `firstAt` and the
 * second at `secondAt` (document offsets): its key/values moved to the end of the first's (before the
 * blank lines and comments that end it, which may be the next header's), its header and the blank
 * lines before it removed (a comment on the header's line kept, a line of its own moved with them; not
 * where it is a mars-ignore of that line). Only where both read whole, and nothing then clashes: no key of the second
 * is, holds or is held by a key of the first, or a table a header between them names under it
 * (`[agents.a.tools.bash]`, which a dotted `bash.x` moved above it would define first); but for a key
 * both define as a list of strings (`allowed` in both), whose items in the second are joined to the
 * first's, but for those it holds. Where the second holds nothing, its header removed
 * alone. A guess, neither preferred nor in fix-all: the second may have been meant for another table.
 */
export function mergedTables(text: string, firstAt: number, secondAt: number): Fix[] {
  const starts = sectionStartsFrom(text, lineStartAt(text, firstAt), (s) => s > secondAt);
  const end = starts.at(-1)! > secondAt ? starts.pop()! : text.length;
  if (starts.length < 2) return [];
  const a = readSection(text, starts[0]!, starts[1]!);
  const b = readSection(text, starts.at(-1)!, end);
  if (!a?.header?.whole || !b?.header?.whole || a.header.array || b.header.array) return [];
  const names = a.names;
  const taken = a.entries.map(pathOf);
  for (let i = 1; i < starts.length - 1; i++) {
    const between = readSection(text, starts[i]!, nextLineStart(text, starts[i]!));
    if (!between?.header) return [];
    if (startsWith(between.names, names)) taken.push(between.names.slice(names.length));
  }
  const secondLine = starts.at(-1)!;
  // A key both define as a list of strings (`allowed` twice): the second's items joined to the
  // first's, those it holds already left out, and its lines not moved. Any other clash: no merge.
  const joins: Edit[] = [];
  const dropped: Edit[] = [];
  const joined: string[] = [];
  for (const path of b.entries.map(pathOf)) {
    const clashes = taken.filter((t) => startsWith(path, t) || startsWith(t, path));
    if (clashes.length === 0) continue;
    const first = clashes.length === 1 && clashes[0]!.length === path.length ? listOf(a.entries, path) : null;
    const second = first && listOf(b.entries, path);
    if (!first || !second) return [];
    joins.push(...joinedItems(text, starts[0]!, first.list, secondLine, second.list.items));
    // Its lines removed, but for their comments, kept a line each; a mars-ignore there, or above (speaking
    // of its first line), would come to speak of another line: no merge.
    const lines = { start: lineStartAt(text, secondLine + second.kv.span.start), end: nextLineStart(text, secondLine + second.kv.span.end) };
    const local = { start: lines.start - secondLine, end: lines.end - secondLine };
    if (directiveAbove(text, lines.start, true) || b.comments.some((c) => c.span.start >= local.start && c.span.start < local.end && directiveOf(c.text) !== null)) return [];
    dropped.push({ ...lines, newText: commentLines(text.slice(secondLine), b.comments, local, text.slice(lines.start, secondLine + second.kv.span.start)) });
    joined.push(quoted(path.join('.')));
  }
  const bodyStart = nextLineStart(text, secondLine);
  const bodyEnd = contentEnd(text, bodyStart, end);
  // A comment on the second header's line stays, on a line of its own, with what moves (a mars-ignore-file is the
  // file's wherever it is); not a mars-ignore speaking of that line, on it or above it, which would come to speak of another.
  const onHeader = b.comments.filter((c) => secondLine + c.span.start < bodyStart);
  if (onHeader.some((c) => directiveOf(c.text) === 'line') || directiveAbove(text, secondLine)) return [];
  const kept = onHeader.map((c) => `${text.slice(secondLine + c.span.start, secondLine + c.span.end).trimEnd()}${newLineOf(text)}`).join('');
  // The blank lines before the header go with it where a blank line or the text's end follows what is removed.
  let removeFrom = secondLine;
  if (blankLineAt(text, bodyEnd)) while (removeFrom > 0 && blankLineAt(text, previousLineStart(text, removeFrom))) removeFrom = previousLineStart(text, removeFrom);
  const header = quoted(text.slice(starts[0]! + a.header.span.start, starts[0]! + a.header.span.end));
  if (bodyEnd === bodyStart) return [{ title: `Remove this header: the ${header} above defines the table`, edits: [{ start: removeFrom, end: bodyEnd, newText: kept }], preferred: false, safe: false }];
  // The lines moved, but for those of the lists joined above.
  let moved = kept;
  let from = bodyStart;
  for (const d of dropped.sort((x, y) => x.start - y.start)) {
    moved += text.slice(from, d.start) + d.newText;
    from = Math.max(from, d.end);
  }
  moved += text.slice(from, Math.max(from, bodyEnd));
  const title = `Merge into the ${header} above${joined.length === 0 ? '' : joined.length === 1 ? `, its ${joined[0]} list joined to the one there` : `, each of its ${joined.join(' and ')} lists joined to the one there`}`;
  // Nothing left to move but the header's comment: it stays where the header was.
  if (!/\S/.test(moved.slice(kept.length))) return [{ title, edits: [...joins, { start: removeFrom, end: bodyEnd, newText: kept }], preferred: false, safe: false }];
  if (!moved.endsWith('\n')) moved += newLineOf(text);
  const into = contentEnd(text, nextLineStart(text, starts[0]!), starts[1]!);
  // Nothing but blank lines and comments between the two: one edit, which keeps them after the lines moved.
  const edits: Edit[] = starts.length === 2
    ? [{ start: into, end: bodyEnd, newText: moved + text.slice(into, removeFrom) }]
    : [{ start: into, end: into, newText: moved }, { start: removeFrom, end: bodyEnd, newText: '' }];
  return [{ title, edits: [...joins, ...edits], preferred: false, safe: false }];
}
