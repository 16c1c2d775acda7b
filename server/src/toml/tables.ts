// The tables a document defines, and where two sections' definitions clash: what no section
// parsed alone can see. `[a]` twice, `[[a]]` after `[a]`, a header or a dotted key adding to an
// inline table, an array or a table that a header made. The rules are those of toml_edit 0.22.27,
// Mars's TOML parser (its parser/state.rs), which are smol-toml's (the parser that checks each
// section, toml/syntax.ts) but on dotted keys passing a table a header made on its way: toml_edit
// lets them through that table (`[a.b.c]`, then `b.x.y = 1` under `[a]`) and into the last
// element of an array of tables, never putting a value straight into such a table (`b.d = 1`),
// while smol-toml refuses the first two and takes `b.d = 1` when `b` was made on the way to a
// `[[a.b.c]]`. (TOML parsers differ on this corner: Python 3.11's tomllib and Rust's `toml` 0.9
// even take `b.d = 1`.) A test holds the verdict to toml_edit's own, built to WebAssembly. The
// tree of keys is built a section at a time from what each section defines (`sectionDefinitions`),
// which is small and is compared between versions without its spans (see analysis/document.ts).

import type { Section, Span, TomlValue } from './model';
import { quoted } from '../grammar/text';
import { LINE_BREAK, UNREAD } from './unreadBlanks';

export type ValueKind = 'inline table' | 'array' | 'value';

export interface KeyDefinition {
  /** The key's parts, decoded. */
  readonly parts: readonly string[];
  /** Each part's span, in the offsets of the text the section was parsed in. */
  readonly spans: readonly Span[];
  readonly value: ValueKind;
}

export interface SectionDefinitions {
  /**
   * The section's header. Null for the root table, and for a later piece of a cut section (see
   * toml/chunks.ts): its keys go on in the table of the section before. A header that names nothing
   * yet (`[`, or `[\u2028agents.a]`, read no further) has no names: its keys are in no table another
   * section sees (`keysTable`).
   */
  readonly header: SectionHeader | null;
  readonly keys: readonly KeyDefinition[];
}

/** A header as the checks across sections read it; `whole`: closed, with nothing after it on its line (see `wholeHeader`). */
export interface SectionHeader {
  readonly names: readonly string[];
  readonly array: boolean;
  readonly span: Span;
  readonly whole: boolean;
}

/** Whether the key path `path` starts with `start` (or is it). */
export const pathStartsWith = (path: readonly string[], start: readonly string[]): boolean => start.length <= path.length && start.every((n, i) => path[i] === n);

/** What `section`, of the text `text`, defines. */
export function sectionDefinitions(section: Section, text: string): SectionDefinitions {
  const h = section.header;
  // Made by `map`, exactly as long as it is: a big file keeps one per section. A key with no value
  // (`agents` or `agents.` being typed, `x =`) defines nothing yet: it may yet be another key, and
  // typing it must not make every `[agents.x]` below a clash with a value.
  const keys: KeyDefinition[] = section.entries.filter((kv) => kv.key.parts.length > 0 && kv.value !== null)
    .map((kv) => ({ parts: kv.key.parts.map((p) => p.name), spans: kv.key.parts.map((p) => p.span), value: valueKind(kv.value) }));
  return { header: h && { names: h.key.parts.map((p) => p.name), array: h.array, span: h.span, whole: h.key.parts.length > 0 && wholeHeader(text, h) }, keys };
}

/**
 * The table the keys of a section with `defs` go into, the keys before them going into `before`:
 * its header's; the one before where it has none; none (null) where its header names nothing yet,
 * whose keys then clash with nothing and make nothing another section or a fix must keep clear of
 * (`[\u2028agents.a.tools]` then `allowed = […]` made a `tools.mcp` move into `allowed` above wait).
 */
export function keysTable(defs: SectionDefinitions, before: readonly string[] | null): readonly string[] | null {
  return !defs.header ? before : defs.header.names.length > 0 ? defs.header.names : null;
}

function valueKind(value: TomlValue | null): ValueKind {
  return value?.kind === 'inline-table' ? 'inline table' : value?.kind === 'array' ? 'array' : 'value';
}

/** A place among the definitions given: the `section`-th, its header (`key` -1) or a key's `part`. */
export interface DefinitionPlace {
  readonly section: number;
  readonly key: number;
  readonly part: number;
}

/** A clash, at its place; `earlier`, where the key it clashes with was made or defined. */
export interface TableConflict extends DefinitionPlace {
  readonly message: string;
  readonly earlier: DefinitionPlace;
}

/** Where a place is, in the offsets of its section's text. */
export function placeSpan(defs: SectionDefinitions, c: DefinitionPlace): Span {
  return c.key < 0 ? defs.header!.span : defs.keys[c.key]!.spans[c.part]!;
}

/**
 * A key of the tree being built, as smol-toml keeps it. `dotted`: made by a dotted key (a table on
 * the way, or the value at its end, `defined`); `table`: a [header] made or defined it; `array`: an
 * array of tables, its elements in `elements`; `made by [[…]]`: a table on the way to an array of
 * tables (a later [header] may define it, and dotted keys may pass through it).
 */
interface Node {
  readonly kind: 'dotted' | 'table' | 'array' | 'made by [[…]]';
  defined: boolean;
  /** The section that made the key, or defined it, and where in it (see `DefinitionPlace`). */
  section: number;
  key: number;
  part: number;
  /** For a dotted key's value. */
  value?: ValueKind;
  /** Made with the first child or element: most keys have none, and a big file has hundreds of thousands of keys. */
  children: Map<string, Node> | null;
  elements: Node[] | null;
}

const node = (kind: Node['kind'], at: DefinitionPlace, defined = false): Node =>
  ({ kind, defined, section: at.section, key: at.key, part: at.part, children: null, elements: null });
const placeOf = (n: Node): DefinitionPlace => ({ section: n.section, key: n.key, part: n.part });

/** Where a header or key failed: the part, the key found there, and why. */
interface Failure {
  readonly part: number;
  readonly found: Node;
  readonly message: string;
}

/**
 * The clashes between sections, in document order. A clash inside one section is left to the
 * per-section TOML check, which reports it already; after a clash the section's keys go into a
 * table of their own, so one mistake is reported once.
 */
export function tableConflicts(sections: readonly SectionDefinitions[]): TableConflict[] {
  const tree = new TableTree();
  return sections.flatMap((defs) => tree.add(defs));
}

/**
 * The tree of keys, built a section at a time: a clash is always the later definition's, so each
 * section's clashes are known once it is added (a one-shot report writes them as it goes).
 */
export class TableTree {
  private readonly root = node('table', { section: 0, key: -1, part: 0 }, true);
  private current = this.root;
  private currentPath: readonly string[] = [];
  private added = 0;

  /** The clashes of the next section's definitions with those added before, its `section` numbered from 0. */
  add(defs: SectionDefinitions): TableConflict[] {
    const out: TableConflict[] = [];
    const section = this.added++;
    const header = defs.header;
    if (header) {
      // A header being typed (`[agents`, `[[skills.`, not closed or with more on its line) names no
      // table yet: its section's keys go into a table of their own, clashing with nothing in another
      // section (`[agents` above `[agents]` said `[agents]` defined twice while `[agents.x]` was typed),
      // as do those of a header that clashes.
      const found = header.whole ? peek(this.root, header.names, header.array ? 'array' : 'table', section, -1) : undefined;
      if (found && 'message' in found) out.push({ section, key: -1, part: 0, message: `TOML syntax error: ${found.message}`, earlier: placeOf(found.found) });
      this.current = found && !('message' in found) ? found : node('table', { section, key: -1, part: 0 }, true);
      this.currentPath = header.names;
    }
    defs.keys.forEach((kd, key) => {
      const found = peek(this.current, kd.parts, 'dotted', section, key, this.currentPath);
      if (!('message' in found)) found.value = kd.value;
      else if (found.found.section !== section) out.push({ section, key, part: found.part, message: `TOML syntax error: ${found.message}`, earlier: placeOf(found.found) });
    });
    return out;
  }
}

/**
 * smol-toml's `peekTable`, with toml_edit's rule for dotted keys: walk `names` from `from`, making
 * the keys on the way, and take the last one as a [header] (`table`), a [[header]] (`array`) or a
 * dotted key (`dotted`). Returns the table that the section's keys go into (for a dotted key, the
 * key's own node), or why it cannot be.
 */
function peek(from: Node, names: readonly string[], as: 'table' | 'array' | 'dotted', section: number, key: number, prefix: readonly string[] = []): Node | Failure {
  // Messages are made only on failure: a big document peeks hundreds of thousands of keys.
  const what = () => (as === 'table' ? quoted(`[${dotted(names)}]`) : as === 'array' ? quoted(`[[${dotted(names)}]]`) : 'a dotted key');
  const path = (i: number) => quoted(dotted([...prefix, ...names.slice(0, i + 1)]));
  let holder = from; // the key whose children the next name is one of
  let n: Node | undefined;
  let existed = false;
  for (let i = 0; i < names.length; i++) {
    if (i > 0) {
      // Into the key before. A dotted key goes through a table a header only made on its way, and
      // into an array of tables' last element, but it neither enters a table a header defined nor
      // puts its value straight into either (toml_edit's `descend_path` and `on_keyval`).
      const into = n!.kind === 'array' ? n!.elements!.at(-1)! : n!;
      if (as === 'dotted' && n!.kind !== 'dotted' && (i === names.length - 1 || (n!.kind !== 'array' && n!.defined))) {
        // When this section made the key already (`b.x.y = 1`, then `b.x = 2`), the clash is its own.
        const own = into.children?.get(names[i]!);
        return { part: i - 1, found: own?.section === section ? own : n!, message: `${path(i - 1)} is ${n!.kind === 'array' ? 'an array of tables' : 'a table that a [header] made'}; dotted keys cannot add to it` };
      }
      holder = into;
    }
    n = holder.children?.get(names[i]!);
    existed = n !== undefined;
    if (n && n.kind === 'dotted' && n.defined) {
      if (i === names.length - 1) return { part: i, found: n, message: as === 'dotted' ? `${path(i)} is already defined` : `${what()} was already defined by a key/value pair` };
      return { part: i, found: n, message: `${path(i)} is ${describe(n.value)}; ${what()} cannot add to it` };
    }
    if (!n) (holder.children ??= new Map()).set(names[i]!, (n = node(i < names.length - 1 && as === 'array' ? 'made by [[…]]' : as, { section, key, part: i })));
  }
  const last = names.length - 1;
  let target = n!;
  if (target.kind !== as && !(as === 'table' && target.kind === 'made by [[…]]')) {
    const kind = target.kind === 'array' ? 'an array of tables' : target.kind === 'dotted' ? 'a key/value' : 'a table';
    const message = as === 'dotted' ? `${path(last)} is already defined, as ${kind === 'a key/value' ? 'a table' : kind}`
      : as === 'table' && target.kind === 'array' ? `${what()}: ${path(last)} is an array of tables ([[${dotted(names)}]]), not a table`
      : target.kind === 'dotted' ? `${what()} was already defined by a key/value pair`
      : `${what()}: ${path(last)} is already a table`;
    return { part: last, found: target, message };
  }
  if (as === 'array') {
    target.defined = true;
    (target.elements ??= []).push((target = node('table', { section, key, part: last })));
  }
  if (target.defined) return { part: last, found: target, message: as === 'dotted' ? `${path(last)} is already defined` : `table ${what()} is defined twice` };
  if (as === 'dotted' && existed) return { part: last, found: target, message: `${path(last)} is already defined, as a table` };
  target.defined = true;
  target.section = section;
  target.key = key;
  target.part = last;
  return target;
}

/**
 * The root keys an array of tables holds, read a section at a time as TableTree reads them but
 * without its tree (a unit's analysis is told them, see analysis/told.ts): a root key is what
 * first reaches it makes it, an array of tables only when that is a `[[key]]` header, and nothing
 * later changes it (a later `[key]`, `[[key]]` or `key = …` clashes). A header below one
 * (`[agents.x.tools]` after `[[agents]]`) names a table in its last element, not a key of `key`.
 * Each is noted with the place (`at`, the caller's count: a unit of a document) that reached it.
 */
export class RootArrays {
  /** Each root key reached so far: whether an array of tables, and where reached. */
  private readonly made = new Map<string, { readonly array: boolean; readonly at: number }>();
  /** Where the first header was (past it, keys are not the root table's); Infinity before one. */
  private headerAt = Infinity;

  /**
   * `followed`: which root keys are asked about (`agents`, `skills`), the only ones noted, or null for all:
   * a document may have thousands of root tables, and what is noted is copied on every edit (`before`).
   */
  constructor(private readonly followed: ((name: string) => boolean) | null = null) {}

  /** Root keys an array of tables holds before the text read (a header made them, so the root table is behind). */
  static holding(arrays: Iterable<string>): RootArrays {
    const roots = new RootArrays();
    for (const name of arrays) roots.made.set(name, { array: true, at: -1 });
    if (roots.made.size > 0) roots.headerAt = -1;
    return roots;
  }

  /**
   * The next section's header (null for the root table and a later piece of a cut section), then,
   * asked only while in the root table, its keys' first parts. A header being typed (`[[agents`,
   * `[[agents.`) reaches nothing: it may yet name another table, and typing it must not take the
   * tables below it from their agents.
   */
  add(header: Pick<SectionHeader, 'names' | 'array' | 'whole'> | null, firstParts: () => Iterable<string>, at = 0): void {
    if (header) {
      if (this.headerAt === Infinity) this.headerAt = at;
      const name = header.names[0];
      if (name !== undefined && !this.made.has(name) && header.whole && this.follows(name)) this.made.set(name, { array: header.array && header.names.length === 1, at });
    } else if (this.headerAt === Infinity) {
      for (const name of firstParts()) if (!this.made.has(name) && this.follows(name)) this.made.set(name, { array: false, at });
    }
  }

  /** `add` for what a section defines (`sectionDefinitions`): its header, else its keys' first parts. */
  addDefinitions(defs: SectionDefinitions, at = 0): void {
    this.add(defs.header, () => defs.keys.map((k) => k.parts[0]!), at);
  }

  private follows(name: string): boolean {
    return this.followed === null || this.followed(name);
  }

  has(name: string): boolean {
    return this.made.get(name)?.array === true;
  }

  /** The root keys noted as arrays of tables. */
  arrays(): string[] {
    const names: string[] = [];
    for (const [name, m] of this.made) if (m.array) names.push(name);
    return names;
  }

  /** What was reached before place `at`. */
  before(at: number): RootArrays {
    const roots = new RootArrays(this.followed);
    for (const [name, m] of this.made) if (m.at < at) roots.made.set(name, m);
    if (this.headerAt < at) roots.headerAt = this.headerAt;
    return roots;
  }
}

/** Whether a header is closed (`]`, `]]`) with nothing but blanks or a comment after it on its line. */
export function wholeHeader(text: string, header: { readonly array: boolean; readonly span: Span }): boolean {
  if (!text.startsWith(header.array ? ']]' : ']', header.span.end - (header.array ? 2 : 1))) return false;
  // Read in place, however many blanks: a slice of 256 characters took 300 blanks and text for a line's end.
  LINE_REST.lastIndex = header.span.end;
  return LINE_REST.test(text);
}

/**
 * Blanks up to a comment or the line's end (`$`: the text's end). Blanks TOML does not read count too
 * (`[agents.a]` then a no-break space), and those that break a line outside TOML end it (U+2028): a
 * syntax error of their own, they leave a header nobody is typing, whose tables the sections below are
 * read against from the first (read as being typed, `[[agents]]` below made `agents` an array, and
 * fixing the blank changed what the tables below meant: findings fix-all fixed that no one was shown).
 */
const LINE_REST = new RegExp(`(?:[ \\t]|${UNREAD})*?(?:#|\\r|\\n|${LINE_BREAK.source}|$)`, 'uy');

function describe(value: ValueKind | undefined): string {
  return value === 'inline table' ? 'an inline table' : value === 'array' ? 'an array' : 'a value, not a table';
}

export function dotted(path: readonly string[]): string {
  return path.map((p) => (/^[A-Za-z0-9_-]+$/.test(p) ? p : JSON.stringify(p))).join('.');
}

/** Paths as long as a fix ever writes (`agents.<name>.tools.<list>`); longer ones are indexed by their start. */
export const INDEXED_DEPTH = 4;

/**
 * What a fix writes at a path, as `KeyIndex.defines` judges it: a key (`key`), a table header
 * (`header`), or a table a dotted key it writes puts its value into (`dotted`: agents.x.tools for
 * `tools.allowed` under `[agents.x]`).
 */
export type Writing = 'key' | 'header' | 'dotted';

/**
 * Which units (the sections analysed apart, or the sections of a text analysed whole) define a key
 * at or below a path of up to INDEXED_DEPTH names, as `definesOutside` reads them, built once per
 * document analysis when a fix first asks: a file with thousands of such fixes asks thousands of times.
 */
export class KeyIndex {
  /** Each path start of each defined key and header, with the first two units defining there. */
  private readonly below = new Map<string, number[]>();
  /**
   * Each key's own path, by its path, the same way: nothing is written below it from elsewhere, by a key or a header.
   * An inline table holds all its keys; any other value is no table (`[agents]` `d = "x"`, then `[agents.d.tools]`).
   */
  private readonly closed = new Map<string, number[]>();
  /**
   * Each array of tables' path (`[[agents]]`), with the last unit writing it: a table made above it first, by a header
   * below it (`[agents.x.tools]`, then `[[agents]]`), makes the `[[…]]` after an error; after it, that header is its last element's.
   */
  private readonly arrays = new Map<string, number>();
  /** Each header's own path, and the tables a key makes below its header (`x.y` under `[agents]`: agents.x and agents.x.y), the same way. */
  private readonly made = new Map<string, number[]>();
  /**
   * Each table a dotted key puts its value into or passes on its way, below its header (`d.model` or `d.x.y` under
   * `[agents]`: agents.d), with the last unit writing there: toml_edit refuses a key putting its value straight into
   * such a table after a header that made the table on its way (`[agents.d.tools]`), and smol-toml one passing it too
   * (see the top of this file), so a fix writes neither.
   */
  private readonly filled = new Map<string, number>();
  /**
   * Each table a header below it makes on its way (`[agents.d.tools.sub]`: agents, agents.d, agents.d.tools), with the
   * first unit making it so: toml_edit refuses a dotted key putting a value into it after that header, not before it.
   */
  private readonly headedBelow = new Map<string, number>();

  /** `units`: what each unit defines, in document order. */
  constructor(units: ReadonlyArray<readonly SectionDefinitions[]>) {
    let current: readonly string[] | null = [];
    units.forEach((definitions, unit) => {
      for (const defs of definitions) {
        current = keysTable(defs, current);
        if (!current) continue;
        if (defs.header) {
          this.addStarts(current, unit);
          if (current.length <= INDEXED_DEPTH) add(this.made, current.join('\u0000'), unit);
          if (defs.header.array && current.length < INDEXED_DEPTH) this.arrays.set(current.join('\u0000'), unit);
          for (let n = 1; n < current.length && n <= INDEXED_DEPTH; n++) {
            const above = current.slice(0, n).join('\u0000');
            if (!this.headedBelow.has(above)) this.headedBelow.set(above, unit);
          }
        }
        for (const k of defs.keys) {
          const full = [...current, ...k.parts];
          this.addStarts(full, unit);
          for (let n = current.length + 1; n <= Math.min(full.length, INDEXED_DEPTH); n++) add(this.made, full.slice(0, n).join('\u0000'), unit);
          if (full.length < INDEXED_DEPTH) add(this.closed, full.join('\u0000'), unit);
          for (let n = current.length + 1; n < full.length && n <= INDEXED_DEPTH; n++) this.filled.set(full.slice(0, n).join('\u0000'), unit);
        }
      }
    });
  }

  private addStarts(path: readonly string[], unit: number): void {
    for (let n = 1; n <= Math.min(path.length, INDEXED_DEPTH); n++) add(this.below, path.slice(0, n).join('\u0000'), unit);
  }

  /**
   * Whether a unit other than `except` defines a key at or below `path` (`writing` a key); as `header`, what a table
   * header written at `path` clashes with: a header there, a key there or through it, a key's value
   * above it (an inline table, or no table), but not a table a header or dotted keys make above it
   * (`[agents.x.tools]` beside `[agents.x]`, or beside `[agents]` then `x.model = "m"`), as TOML allows,
   * nor an array of tables above it written before it (`[[agents]]`), only one written after it, nor dotted keys putting
   * a value into a table above it, or passing it, before it (`[agents]` then `d.model = "m"`), only after it. As `dotted`, what a
   * dotted key of `except` putting a value into the table at `path` clashes with: what a header there does, and a header
   * below it written before it (`[agents.x.tools.sub]`, then `[agents.x]` and `tools.allowed`), not one after it.
   */
  defines(path: readonly string[], except: number, writing: Writing): boolean {
    if (path.length > INDEXED_DEPTH) throw new Error(`paths longer than ${INDEXED_DEPTH} names are not indexed`);
    const asHeader = writing !== 'key';
    if (writing === 'dotted' && (this.headedBelow.get(path.join('\u0000')) ?? Infinity) < except) return true;
    const other = (units: number[] | undefined) => units !== undefined && units.some((u) => u !== except);
    if (other((asHeader ? this.made : this.below).get(path.join('\u0000')))) return true;
    for (let n = 1; n < path.length; n++) {
      const above = path.slice(0, n).join('\u0000');
      if (other(this.closed.get(above)) || (this.arrays.get(above) ?? -1) > except || (asHeader && (this.filled.get(above) ?? -1) > except)) return true;
    }
    return false;
  }
}

function add(map: Map<string, number[]>, key: string, unit: number): void {
  const units = map.get(key);
  if (!units) map.set(key, [unit]);
  else if (units.length < 2 && units[0] !== unit) units.push(unit);
}
