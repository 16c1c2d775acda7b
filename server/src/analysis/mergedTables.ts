// A table defined by two headers (`[agents.a.tools]` … `[agents.a.tools]`, a section pasted in), a
// syntax error Mars stops at: the fix that moves the second's key/values up into the first. What no
// section sees alone, so read from the document's text, when the fix is asked for.

import { quoted } from '../grammar/text';
import { lineEndAt, lineStartAt } from '../toml/lineIndex';
import { parseToml } from '../toml/parse';
import { sectionStartsFrom } from '../toml/split';
import { syntaxProblems } from '../toml/syntax';
import { pathStartsWith as startsWith, sectionDefinitions, type SectionDefinitions } from '../toml/tables';
import type { Edit } from './edits';
import type { Fix } from './findings';

/** What the section of `text` from `start` to `end` defines, or null where it holds a syntax error (its reading a guess). */
function readSection(text: string, start: number, end: number): SectionDefinitions | null {
  const doc = parseToml(text.slice(start, end));
  const section = doc.sections.find((s) => s.header !== null);
  return section && syntaxProblems(doc).length === 0 ? sectionDefinitions(section, doc.text) : null;
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

/** The offset after the line break ending the line of `at` (the text's length on its last line). */
function nextLineStart(text: string, at: number): number {
  const end = lineEndAt(text, at);
  return end + (text.startsWith('\r\n', end) ? 2 : end < text.length ? 1 : 0);
}

/** Whether the line from `at` (a line start) holds only blanks, or is the text's end. */
const blankLineAt = (text: string, at: number) => at >= text.length || /^[ \t]*$/.test(text.slice(at, lineEndAt(text, at)));

/**
 * The fix of the second of two `[table]` headers naming one table, the first at `firstAt` and the
 * second at `secondAt` (document offsets): its key/values moved to the end of the first's (before the
 * blank lines and comments that end it, which may be the next header's), its header and the blank
 * lines before it removed. Only where both read whole, and nothing then clashes: no key of the second
 * is, holds or is held by a key of the first, or a table a header between them names under it
 * (`[agents.a.tools.bash]`, which a dotted `bash.x` moved above it would define first). Where the
 * second holds nothing, its header removed alone. A guess, neither preferred nor in fix-all: the
 * second may have been meant for another table.
 */
export function mergedTables(text: string, firstAt: number, secondAt: number): Fix[] {
  const starts = sectionStartsFrom(text, lineStartAt(text, firstAt), (s) => s > secondAt);
  const end = starts.at(-1)! > secondAt ? starts.pop()! : text.length;
  if (starts.length < 2) return [];
  const a = readSection(text, starts[0]!, starts[1]!);
  const b = readSection(text, starts.at(-1)!, end);
  if (!a?.header?.whole || !b?.header?.whole || a.header.array || b.header.array) return [];
  const names = a.header.names;
  const taken = a.keys.map((k) => k.parts);
  for (let i = 1; i < starts.length - 1; i++) {
    const between = readSection(text, starts[i]!, nextLineStart(text, starts[i]!))?.header?.names;
    if (between === undefined) return [];
    if (startsWith(between, names)) taken.push(between.slice(names.length));
  }
  if (b.keys.some((k) => taken.some((t) => startsWith(k.parts, t) || startsWith(t, k.parts)))) return [];
  const secondLine = starts.at(-1)!;
  const bodyStart = nextLineStart(text, secondLine);
  const bodyEnd = contentEnd(text, bodyStart, end);
  // The blank lines before the header go with it where a blank line or the text's end follows what is removed.
  let removeFrom = secondLine;
  if (blankLineAt(text, bodyEnd)) while (removeFrom > 0 && blankLineAt(text, previousLineStart(text, removeFrom))) removeFrom = previousLineStart(text, removeFrom);
  const header = quoted(text.slice(starts[0]! + a.header.span.start, starts[0]! + a.header.span.end));
  if (bodyEnd === bodyStart) return [{ title: `Remove this header: the ${header} above defines the table`, edits: [{ start: removeFrom, end: bodyEnd, newText: '' }], preferred: false, safe: false }];
  let moved = text.slice(bodyStart, bodyEnd);
  if (bodyEnd === text.length && !moved.endsWith('\n')) moved += text.includes('\r\n') ? '\r\n' : '\n';
  const into = contentEnd(text, nextLineStart(text, starts[0]!), starts[1]!);
  // Nothing but blank lines and comments between the two: one edit, which keeps them after the lines moved.
  const edits: Edit[] = starts.length === 2
    ? [{ start: into, end: bodyEnd, newText: moved + text.slice(into, removeFrom) }]
    : [{ start: into, end: into, newText: moved }, { start: removeFrom, end: bodyEnd, newText: '' }];
  return [{ title: `Merge into the ${header} above`, edits, preferred: false, safe: false }];
}
