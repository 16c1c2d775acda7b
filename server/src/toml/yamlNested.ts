// A YAML list whose items are mappings, below a key (Claude's agent `hooks:` ⏎ `  PreToolUse:` ⏎
// `    - matcher: "Bash"` ⏎ `      hooks:` ⏎ `        - type: command`): the TOML value it makes, a
// list of inline tables, nested as YAML nests them, on one line. TOML 1.0 writes an inline table on
// one line and no comment inside it, so there is none where a comment is among its lines.

import { lineEndAt } from './lineIndex';
import { lineBreak } from './split';

/** A line of the block: its indent (spaces), what follows it, and where the line ends. */
interface Line {
  readonly indent: number;
  readonly text: string;
  readonly end: number;
}

/** What a mapping's key or a scalar is written as in TOML (yamlLists.ts: `keyPart`, `scalarOf`), null where it is none. */
export interface Writers {
  key(raw: string): string | null;
  scalar(rest: string): { value: string; comment: string } | null;
}

// `- ` then what the item holds, or `-` alone (the item on the lines below).
const ITEM = /^-(?:[ ]+|$)/;
// A mapping's key (quoted, or plain up to the `:`), then `:` and what follows, as `MAP_LINE` reads one.
const KEY = /^("(?:[^"\\]|\\.)*"|'[^']*'|[^\s:#"'\-?[\]{},][^:#]*?)[ ]*:(?:[ ]+(.*))?$/;
/** The most lines such a list is looked for in. */
const MOST_LINES = 2_000;

/**
 * The list of mappings below the line ending at `from`, its items indented at least as deep as that line's key
 * (`depth`), as TOML writes it (`[{ matcher = "Bash", hooks = [{ type = "command" }] }]`), and where its last line
 * ends. Null where the lines below are no such list, or hold what an inline table cannot (a comment, a block of
 * text, text going on over lines, an empty value: YAML's null), or an item is none TOML and YAML read alike.
 */
export function mappingsBelow(text: string, from: number, depth: number, writers: Writers): { value: string; end: number } | null {
  const lines: Line[] = [];
  for (let at = from; at < text.length && lines.length <= MOST_LINES; ) {
    const start = lineBreak(text, at);
    if (start === at) break;
    at = lineEndAt(text, start);
    const line = text.slice(start, at);
    const indent = /^ */.exec(line)![0].length;
    const rest = line.slice(indent).trimEnd();
    if (rest === '') {
      if (line.includes('\t')) return null;
      continue; // an empty line: nothing of the value
    }
    if (line[indent] === '\t') return null;
    // The block ends at a line no deeper than the key's, but for the list's own items, which YAML lets stand as deep.
    if (indent < depth || (indent === depth && !ITEM.test(rest))) break;
    // Not a list's item first: a mapping, read line by line where it is met (yamlLists.ts), not read to its end here.
    if (rest.startsWith('#') || (lines.length === 0 && !ITEM.test(rest))) return null;
    lines.push({ indent, text: rest, end: at });
  }
  if (lines.length === 0 || lines.length > MOST_LINES) return null;
  const reader = new Reader(lines, writers);
  const value = reader.sequence(0, lines[0]!.indent);
  // Mappings among the items, or the list is one of scalars (yamlLists.ts writes that, comments and all).
  if (!value || reader.at !== lines.length || !reader.mappings) return null;
  return { value, end: lines[lines.length - 1]!.end };
}

/** Reads the lines as YAML's block nodes, each written as TOML writes it; `at`: the line read next. */
class Reader {
  at = 0;
  mappings = false;
  constructor(private readonly lines: readonly Line[], private readonly writers: Writers) {}

  /** The list whose items start at line `i`, each `- ` indented `indent`. */
  sequence(i: number, indent: number): string | null {
    const items: string[] = [];
    this.at = i;
    while (this.at < this.lines.length) {
      const line = this.lines[this.at]!;
      if (line.indent !== indent || !ITEM.test(line.text)) break;
      const rest = line.text.replace(ITEM, '');
      const column = indent + line.text.length - rest.length;
      let item: string | null;
      if (rest === '') item = this.below(this.at + 1, indent);
      else if (KEY.test(rest)) item = this.mapping(this.at, column, rest);
      else {
        item = this.scalar(rest);
        this.at++;
      }
      if (item === null) return null;
      items.push(item);
    }
    return `[${items.join(', ')}]`;
  }

  /** The mapping whose keys are indented `indent`, from line `i` (whose text is `first`, past an item's `- `). */
  mapping(i: number, indent: number, first: string): string | null {
    const entries: string[] = [];
    const seen = new Set<string>();
    this.mappings = true;
    this.at = i;
    for (let text: string | null = first; text !== null; ) {
      const m = KEY.exec(text);
      const key = m && this.writers.key(m[1]!.trim());
      // A key twice is an error to YAML.
      if (!key || seen.has(key)) return null;
      seen.add(key);
      const rest = (m[2] ?? '').trim();
      let value: string | null;
      if (rest === '') {
        const next = this.lines[this.at + 1];
        // A list may stand as deep as its key; anything else below a key is deeper, or the key holds YAML's null.
        value = next && next.indent === indent && ITEM.test(next.text) ? this.sequence(this.at + 1, indent) : this.below(this.at + 1, indent);
      } else {
        value = this.scalar(rest);
        this.at++;
      }
      if (value === null) return null;
      entries.push(`${key} = ${value}`);
      const next = this.lines[this.at];
      if (next && next.indent > indent) return null; // text going on over lines, or a key indented as none of its mapping's
      text = next && next.indent === indent && !ITEM.test(next.text) ? next.text : null;
    }
    return `{ ${entries.join(', ')} }`;
  }

  /** The node on the lines from `i`, deeper than `outer`: a list, or a mapping. */
  private below(i: number, outer: number): string | null {
    const line = this.lines[i];
    if (!line || line.indent <= outer) return null;
    return ITEM.test(line.text) ? this.sequence(i, line.indent) : this.mapping(i, line.indent, line.text);
  }

  /** A scalar as TOML writes it: not a block of text (`|`), nor with a comment after it, which the line written could not keep. */
  private scalar(rest: string): string | null {
    if (/^[|>]/.test(rest)) return null;
    const s = this.writers.scalar(rest);
    return s && s.comment === '' ? s.value : null;
  }
}
