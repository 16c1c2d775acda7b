// `[[agents]]`, each element naming its agent in a `name` key (the shape of many tools' configs),
// where Mars reads a table of agents by name, `[agents.<name>]`: it cannot load the file. The fix
// writes each element as the table of its name, its `name` key then said by the header, and the
// headers below an element (`[agents.tools]`, which TOML reads as the last element's) as that
// table's. Read from the document's whole text, when asked: every element changes at once, since
// one left in the array beside tables made of the others is a clash.

import { quoted } from '../grammar/text';
import { lineContent, lineEndAt, lineStartAt, newLineOf, nextLineStart } from '../toml/lineIndex';
import type { KeyValue, Section, TomlDocument } from '../toml/model';
import { dotted } from '../toml/tables';
import { directiveAbove, type Edit } from './edits';
import type { Fix } from './findings';
import { directiveOf } from './suppress';

/** The owners' tables Mars reads by name. */
const OWNERS = new Set(['agents', 'skills']);

/**
 * The most elements the fix rewrites. Each element's finding carries the fix of them all, which the
 * checker's JSON writes out with each: 4,000 of them made 48 million edits (out of memory).
 */
const MOST_ELEMENTS = 64;

/** One element of the array: its header, and its `name` key/value. */
interface Element {
  readonly section: Section;
  readonly name: string;
  readonly kv: KeyValue;
}

/**
 * The fix of the `[[agents]]` (or `[[skills]]`) header whose key holds `at` (an offset of `doc`):
 * each element written `[agents.<its name>]`, its `name` line removed (a comment on it kept), and
 * each header below an element given its name. Only in a text TOML reads whole and without a clash,
 * where every element has a `name` of its own on a line of its own (no `mars-ignore` on or above it,
 * which would come to speak of the next line), nothing else defines the owners' table, and there are
 * at most `MOST_ELEMENTS`. Preferred,
 * as what the names say, but not in fix-all: it rewrites the file's shape. `doc`: the text's, read
 * whole without an error or a clash (`readsWhole`).
 */
export function overlaysByName(doc: TomlDocument, at: number): Fix[] {
  const { text, sections, comments } = doc;
  const header = sections.find((s) => s.header && s.header.span.start <= at && at < s.header.span.end)?.header;
  const kind = header?.array && header.key.parts.length === 1 ? header.key.parts[0]!.name : null;
  if (kind === null || !OWNERS.has(kind)) return [];
  const edits: Edit[] = [];
  const elements: Element[] = [];
  for (const section of sections) {
    const parts = section.header?.key.parts;
    if (!parts) {
      // The root table defining the owners' (`agents.x.tools = …`, `agents = [{ … }]`): not made tables here.
      if (section.entries.some((kv) => kv.key.parts[0]?.name === kind)) return [];
      continue;
    }
    if (parts[0]!.name !== kind) continue;
    if (section.header!.array && parts.length === 1) {
      const element = elementOf(text, section);
      if (!element || elements.length === MOST_ELEMENTS) return [];
      elements.push(element);
      continue;
    }
    // A header below the last element (`[agents.tools]`): its table's. None before the first (a clash, or `[agents]`).
    const name = elements.at(-1)?.name;
    if (name === undefined || parts.length === 1) return [];
    edits.push({ start: parts[0]!.span.end, end: parts[0]!.span.end, newText: `.${dotted([name])}` });
  }
  const names = elements.map((e) => e.name);
  if (new Set(names).size !== names.length) return [];
  const eol = newLineOf(text);
  for (const { section, name, kv } of elements) {
    edits.push({ ...section.header!.span, newText: `[${dotted([kind, name])}]` });
    // The `name` line goes, but for its comment: kept on the line, where it said what it says.
    const start = lineStartAt(text, kv.span.start);
    const end = lineEndAt(text, kv.span.end);
    const comment = comments.find((c) => c.span.start >= kv.span.end && c.span.start < end);
    if (directiveAbove(text, start) || (comment && directiveOf(comment.text) !== null)) return [];
    const indent = text.slice(start, kv.span.start);
    edits.push({ start, end: nextLineStart(text, start), newText: comment ? `${indent}${text.slice(comment.span.start, comment.span.end).trimEnd()}${end < text.length ? eol : ''}` : '' });
  }
  const shown = names.slice(0, 3).map((n) => quoted(`[${dotted([kind, n])}]`)).join(', ') + (names.length > 3 ? ', …' : '');
  const title = names.length === 1 ? `Write as the table ${shown}, by its \`name\`` : `Write each \`[[${kind}]]\` as the table of its \`name\`: ${shown}`;
  return [{ title, edits: edits.sort((a, b) => a.start - b.start), preferred: true, safe: false }];
}

/**
 * An element and its name: the string of its `name` key, not blank, written on a line of its own
 * (but for a comment after it), or null.
 */
function elementOf(text: string, section: Section): Element | null {
  const kv = section.entries.find((e) => e.key.parts.length === 1 && e.key.parts[0]!.name === 'name');
  const value = kv?.value;
  if (!kv || value?.kind !== 'string' || value.value.trim() === '' || /[\r\n]/.test(value.value + text.slice(kv.span.start, kv.span.end))) return null;
  const line = lineContent(text, lineStartAt(text, kv.span.start), lineEndAt(text, kv.span.end));
  if (line.start !== kv.span.start || !/^[ \t]*(?:#.*)?$/.test(text.slice(kv.span.end, line.end))) return null;
  return { section, name: value.value, kv };
}

