// A table that a header and key/values of another section both define (`tools.allowed = […]` under
// `[agents.a]`, and `[agents.a.tools]`; either first), a syntax error Mars stops at: the fix that
// moves the key/values into the header's table, where they then say the same. What no section sees
// alone, so read from the document's text, when the fix is asked for.

import { quoted } from '../grammar/text';
import { lineEndAt, lineStartAt, newLineOf, nextLineStart } from '../toml/lineIndex';
import type { KeyValue, TomlValue } from '../toml/model';
import { parseToml } from '../toml/parse';
import { sectionStarts } from '../toml/split';
import { pathStartsWith as startsWith } from '../toml/tables';
import { directiveAbove, type Edit } from './edits';
import { blankLineAt, joinedItems, listOf, pathOf, readSection, type ReadSection } from './mergedTables';
import type { Fix } from './findings';
import { directiveOf } from './suppress';

/** A table the key/values may go into: the header's, or one a header names under it; what it holds, read when first asked. */
interface Target {
  /** Its path past the header's. */
  readonly path: readonly string[];
  readonly section: number;
  read?: ReadSection | null;
  taken?: Array<readonly string[]>;
  readonly lines: string[];
}

/**
 * The fix of a clash between the header at `headerAt` and the key/value whose key has a part at
 * `keyAt` (document offsets), in another section, before or after it: every key/value of the sections
 * that reach into the header's table (`tools.allowed`, `tools.disallowed` under `[agents.a]`, at the root
 * `agents.a.tools.allowed`; or the entries of `tools = { … }`) written at the top of the header's table,
 * or of the deepest table a header names under it on its key's way (`agents.a.tools.allowed` under
 * `[agents]`, with `[agents.a.tools]` below, goes into that), their keys from the part past it on
 * (`allowed = […]`), and taken from where they were: all of them, as any left would clash with the
 * header then. A list of strings both write joined to the table's, its items held once. Only where
 * those sections read whole and nothing then clashes: no other key moved is, holds or is held by a key
 * the table has or another moved, or puts a value in a table a header names or makes under it; where no
 * table it goes into is an array's (`[[…]]`); and where no mars-ignore is on or above the lines moved
 * (it would come to speak of another line). Preferred, but not in fix-all: it edits other sections
 * than the finding's.
 */
export function keysIntoTable(text: string, headerAt: number, keyAt: number): Fix[] {
  const starts = sectionStarts(text);
  const sectionAt = (at: number) => {
    let i = starts.length - 1;
    while (i > 0 && starts[i]! > at) i--;
    return i;
  };
  const h = sectionAt(headerAt);
  const read = (i: number) => readSection(text, starts[i]!, starts[i + 1] ?? text.length);
  const table = read(h);
  if (!table?.header?.whole || table.header.array) return [];
  const names = table.names;
  // The tables the key/values may go into (the header's, those headers name under it), and the sections that may reach
  // into them, those whose table is one the header's is in (the root's, `[agents]`, `[agents.a]`).
  const targets: Target[] = [{ path: [], section: h, read: table, lines: [] }];
  const sources: ReadSection[] = [];
  for (let i = 0; i < starts.length; i++) {
    if (i === h) continue;
    const line = headerLine(text, starts[i]!);
    if (line === null) return [];
    const under = line.names;
    if (under.length > names.length && startsWith(under, names)) targets.push({ path: under.slice(names.length), section: i, lines: [] });
    if (under.length < names.length && startsWith(names, under)) {
      const from = read(i);
      if (!from || (from.header && (!from.header.whole || from.header.array))) return [];
      sources.push(from);
    }
  }
  const reachingOf = (from: ReadSection) => from.entries.filter((kv) => kv.value !== null && startsWith(pathOf(kv), names.slice(from.names.length)));
  if (!sources.some((from) => reachingOf(from).some((kv) => kv.key.parts.some((p) => p.span.start + from.base === keyAt)))) return [];
  const removed: Edit[] = [];
  // A key both write as a list of strings (`disallowed` here and in the table): its items joined to the table's, but for
  // those it holds (mergedTables.ts), where its lines hold no comment, which the join would lose.
  const joins: Edit[] = [];
  const joined: string[] = [];
  const keys: string[] = [];
  // Where the file's first line starts: past its byte order mark, which stays.
  const fileStart = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (const from of sources) {
    const depth = names.length - from.names.length;
    const at = (offset: number) => from.base + offset;
    // Each key/value moved: its lines taken whole (none a mars-ignore, nor one above), and the lines it writes in the
    // table, its key from the part past the table on, or, for the table written inline, its entries a line each; a
    // comment after it on its line goes with it.
    for (const kv of reachingOf(from)) {
      const parts = kv.key.parts;
      const value = kv.value!;
      const start = Math.max(lineStartAt(text, at(kv.span.start)), fileStart);
      const end = nextLineStart(text, at(value.span.end));
      const comments = from.comments.filter((c) => at(c.span.start) >= start && at(c.span.start) < end);
      if (directiveAbove(text, start, true) || comments.some((c) => directiveOf(c.text) !== null)) return [];
      const written: Array<{ parts: KeyValue['key']['parts']; start: number; value: TomlValue | null }> | null = parts.length > depth ? [{ parts: parts.slice(depth), start: parts[depth]!.span.start, value }]
        : value.kind === 'inline-table' && value.closed ? value.entries.map((e) => ({ parts: e.key.parts, start: e.span.start, value: e.value }))
        : null;
      if (written === null) return [];
      const was = indentAt(text, start);
      let last: Target | null = null;
      for (const w of written) {
        const whole = w.parts.map((p) => p.name);
        // Into the deepest table a header names on its way, its key from there on.
        const target = targets.reduce((best, t) => (t.path.length > best.path.length && t.path.length < whole.length && startsWith(whole, t.path) ? t : best), targets[0]!);
        const path = whole.slice(target.path.length);
        // A dotted key moved may pass through a table a header makes on its way, but neither enter one a header names nor
        // put a value straight into either (toml/tables.ts).
        const below = targets.filter((t) => t !== target && startsWith(t.path, target.path)).map((t) => t.path.slice(target.path.length));
        if (below.some((t) => startsWith(path, t) || startsWith(t, path) || (path.length > 1 && startsWith(t, path.slice(0, -1))))) return [];
        const into = (target.read ??= read(target.section));
        if (!into?.header?.whole || into.header.array) return [];
        const taken = (target.taken ??= into.entries.map(pathOf));
        const clashes = taken.filter((t) => startsWith(path, t) || startsWith(t, path));
        if (clashes.length > 0) {
          const list = comments.length === 0 && clashes.length === 1 ? listOf(into.entries, path) : null;
          const items = w.value?.kind === 'array' && w.value.closed && w.value.items.every((i) => i.kind === 'string') ? w.value.items : null;
          if (!list || !items) return [];
          joins.push(...joinedItems(text, into.base, list.list, from.base, items));
          joined.push(quoted(path.join('.')));
          continue;
        }
        taken.push(path);
        const indent = into.entries.length > 0 ? indentAt(text, into.base + into.entries[0]!.span.start) : '';
        const key = w.parts[w.parts.length - path.length]!;
        target.lines.push(indent + reindented(text.slice(at(key.span.start), at(w.value?.span.end ?? w.start)), was, indent));
        last = target;
      }
      const rest = text.slice(at(value.span.end), lineEndAt(text, at(value.span.end))).trimEnd();
      if (last && rest !== '') last.lines[last.lines.length - 1] += rest;
      // The blank lines after the file's first statement go with it: the file does not start with one.
      removed.push({ start, end: start === fileStart ? blanksEnd(text, end) : end, newText: '' });
      keys.push(quoted(`${text.slice(at(kv.key.span.start), at(kv.key.span.end))} = …`));
    }
  }
  // Two lists moved join the table's one at one place: their edits would clash.
  if (new Set(joined).size < joined.length) return [];
  const eol = newLineOf(text);
  const added: Edit[] = [];
  const into: string[] = [];
  for (const t of targets) {
    if (!t.read?.header || (t.lines.length === 0 && t.taken === undefined)) continue;
    into.push(quoted(text.slice(t.read.base + t.read.header.span.start, t.read.base + t.read.header.span.end)));
    if (t.lines.length === 0) continue;
    const at = nextLineStart(text, t.read.base + t.read.header.span.end);
    const newLine = at === text.length && !/[\r\n]$/.test(text) ? eol : '';
    added.push({ start: at, end: at, newText: newLine + t.lines.map((l) => l + eol).join('') });
  }
  const lists = joined.length === 0 ? '' : joined.length === 1 ? `, its ${joined[0]} list joined to the one there` : `, each of its ${joined.join(' and ')} lists joined to the one there`;
  const title = `Move ${and(keys)} into ${and(into)}${lists}`;
  return [{ title, edits: [...removed, ...added, ...joins].sort((a, b) => a.start - b.start), preferred: true, safe: false }];
}

/** Things said in a row: `a`, `a and b`, `a, b and c`. */
const and = (xs: readonly string[]) => (xs.length === 1 ? xs[0]! : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`);

/** The header on the line at `start`, a section's start (none for the root table's), or null where it cannot be read. */
function headerLine(text: string, start: number): ReadSection | null {
  const line = readSection(text, start, nextLineStart(text, start));
  if (line?.header) return line;
  // The root table's first line may be a statement's first (a list over lines), no error of a header's.
  const root = { names: [], header: null, entries: [], comments: [], base: 0 };
  return start === 0 && !parseToml(text.slice(0, nextLineStart(text, 0))).sections.some((s) => s.header) ? root : null;
}

/** The blanks a line starts with, from its start `at`. */
const indentAt = (text: string, at: number) => /^[ \t]*/.exec(text.slice(lineStartAt(text, at), lineEndAt(text, at)))![0];

/** The start of the first line from `at` (a line start) holding more than blanks, or the text's end. */
function blanksEnd(text: string, at: number): number {
  while (at < text.length && blankLineAt(text, at)) at = nextLineStart(text, at);
  return at;
}

/**
 * A key/value's text written at the indent `to`, its lines after the first at `was` (their key/value's) indented there
 * too, so a list over lines keeps its shape; as written where it holds a multi-line string, whose lines are its text.
 */
function reindented(written: string, was: string, to: string): string {
  if (was === to || /"""|\'\'\'/.test(written)) return written;
  return written.replace(/(\r?\n)([ \t]*)/g, (all, eol: string, blanks: string) => (blanks.startsWith(was) ? eol + to + blanks.slice(was.length) : all));
}
