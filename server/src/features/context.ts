// What the cursor is on: for completion, an entry of a tool list, an empty slot of one, a key of a
// tools table, or the value of a map-form key. Read from the positional model, so it works in
// half-typed text (unterminated strings, unclosed arrays and inline tables).

import { inGuessed, type Analysis } from '../analysis/analyze';
import type { ParsedEntry } from '../analysis/verdicts';
import { keyAsEntries, namesATool, strayListOf } from '../analysis/moves';
import { meantList, meantOwner, meantTools } from '../analysis/meant';
import { patternRule } from '../analysis/patterns';
import { listEnd, readDirective } from '../analysis/suppress';
import { isWritten, OWNERS, shapeList, type ExtraKey, type ListName, type Owner, type OwnerKind, type Policies, type ToolsTable } from '../analysis/policies';
import type { KeyPart, KeyValue, Section, Span, TableHeader, TomlArray, TomlDocument, TomlInlineTable, TomlString, TomlValue } from '../toml/model';
import { inComment, lastAtOrBefore } from '../toml/sorted';
import { lineStartAt } from '../toml/lineIndex';
import { skipBlank, skipTrivia } from '../toml/split';
import { isRustWhitespace } from '../grammar/text';
import { commaPieces } from '../grammar/toolName';
import { closingQuote, decodeBasic, isMultiline, lineEndingBackslash, valueSources, valueStart } from '../toml/stringPositions';

/**
 * A tool list completion writes names in: one Mars reads, or one it reads no tool list from that is
 * meant as one (`strayListOf`), whose names the diagnostic's fix moves into the list it names; its
 * owner null where no agent or skill is named (`[permissions]` then `allow = […]`).
 */
export interface ToolList extends PolicyList {
  readonly array: TomlArray;
}

/** The list of a policy a name is written for: its owner null where no agent or skill is named. */
export interface PolicyList {
  readonly owner: Owner | null;
  readonly list: ListName;
}

/**
 * Inside a string of `allowed`/`disallowed`, or one Mars reads as no entry for its value's shape
 * (`allowed = "gr"`, a quote typed for a bracket; `tools = ["gr"]`), which hover describes as the
 * entry its fix makes of it (`shapeList`): completed as an entry all the same, its finding and fix kept.
 */
export interface EntryContext {
  readonly kind: 'entry';
  /** The list the string is an entry of, or is written as (a string where a tool list Mars does not read goes); null for a string of a shape problem's value. */
  readonly list: PolicyList | null;
  /** The array whose other strings are entries of the same list (what it holds already), or null for a string written as the whole list. */
  readonly array: TomlArray | null;
  readonly string: TomlString;
  /** The entry text a completion replaces: the string's content on the cursor's line. */
  readonly range: Span;
  /** The source text in `range`. */
  readonly text: string;
  /** The cursor, relative to `range.start`. */
  readonly cursor: number;
  /** The quote that closes an unterminated string, or ''. */
  readonly close: string;
  /** A literal (`'…'`) string: no escapes, no `'`. */
  readonly literal: boolean;
  /**
   * The other names of a string holding names between commas, written as the whole list
   * (`allowed = "read, gr|"`, Claude's comma-separated form) or as an entry (`["read, gr|"]`), as
   * written (escapes not decoded), when `range` is the one at the cursor; else none.
   */
  readonly siblings: readonly string[];
  /** Whether a comma follows the name at the cursor (`re|ad, edit`), in `siblings`' string. */
  readonly commaAfter: boolean;
}

/** Between the items of a tool list, where a new quoted entry goes (or on a bare word typed there). */
export interface SlotContext {
  readonly kind: 'slot';
  readonly list: ToolList;
  /** Empty at the cursor, or the bare word being typed; in a line's indentation, the blanks after the cursor. */
  readonly range: Span;
  /** The source text in `range`. */
  readonly text: string;
  /** The cursor, relative to `range.start`. */
  readonly cursor: number;
  /** What goes before the new item: a space right after a comma (`["read",|]`), as a formatter writes it, the blanks of `range` in a line's indentation, else ''. */
  readonly before: string;
  /** What goes after the new item: `, ` when another item follows with no comma between (`,` when it is on a line below, or a blank already follows); then, in a line's indentation before a comment, a line break and the indentation, the comment kept on a line of its own. */
  readonly after: string;
  /** Where the comma missing after the item before goes (that item on a line above), or null. */
  readonly comma: number | null;
}

/** On a key in a tools table (its own key, or the part after `tools.` of a dotted key). */
export interface KeyContext {
  readonly kind: 'key';
  readonly owner: Owner;
  /** The tables the key before the typed part makes (`agents.x.tools.` from the root: agents, agents.x, agents.x.tools). */
  readonly tables: ReadonlyArray<readonly string[]>;
  /** Where the whole key starts (`tools.` or `agents.x.tools.` before the part being typed). */
  readonly keyStart: number;
  /** The key part being typed (inside the quotes for a quoted key). */
  readonly range: Span;
  /** The key part is quoted. */
  readonly quoted: boolean;
  /** The quote that closes an unterminated quoted key, or ''. */
  readonly close: string;
  /** `=` (or a `.`) already follows the key part. */
  readonly valueFollows: boolean;
  /** A `.` follows the key part: more parts follow, and what it names is a table. */
  readonly partsFollow: boolean;
  /** What goes after a new key: `, ` (inline table) or a line break when another key follows on the line, else ''. */
  readonly after: string;
  /** That other key's name in the tools table, if it is one of it. */
  readonly following: string | null;
  /** The key/value whose key is under the cursor, if any. */
  readonly keyValue: KeyValue | null;
  /** In an inline table (`tools = { … }`), where a key cannot just be taken out: a comma goes with it. */
  readonly inline: boolean;
}

/**
 * On the verdict of a map-form rule (`bash = |`, `bash = "al|"`) in a tools table or a table meant as one
 * (`[agents.x.permission]` then `edit = |`), or of one of OpenCode's patterns below a tool there (`bash = { "git *" = | }`).
 */
export interface ValueContext {
  readonly kind: 'value';
  /** Null for a key of a tools table that names no tool (`edit.x = |`, `deny = |`): no verdict to offer. */
  readonly rule: MapFormRule | null;
  readonly range: Span;
  /** Inside the string: insert without quotes. */
  readonly inString: boolean;
  readonly close: string;
}

/** A rule a verdict is written for, as its diagnostic reads it. */
export interface MapFormRule {
  readonly owner: Owner;
  /** The key as written (`bash`), or a pattern's entry as put together (`bash(git *)`). */
  readonly name: string;
  /** The entries it means in a list (names between commas one each), or null where Mars rejects it as one. */
  readonly entries: readonly string[] | null;
}

/** On the value of `allowed`/`disallowed` not written yet (`allowed = |`), or a bare word typed there. */
export interface ListValueContext {
  readonly kind: 'list-value';
  readonly owner: Owner;
  readonly list: ListName;
  /** Empty at the cursor, or the bare word being typed. */
  readonly range: Span;
  /** The source text in `range`. */
  readonly text: string;
  /** The cursor, relative to `range.start`. */
  readonly cursor: number;
}

/** On the value of `tools` not written yet (`[agents.x]` then `tools = |`). */
export interface ToolsValueContext {
  readonly kind: 'tools-value';
  readonly owner: Owner;
  /** The table path of `tools`, for the clash check. */
  readonly path: readonly string[];
  /** The tables a dotted key makes on its way there (`agents.x.tools =` from the root: agents, agents.x). */
  readonly tables: ReadonlyArray<readonly string[]>;
  readonly range: Span;
}

/**
 * On a key of an agent's or skill's own table (`[agents.x]` then `to|`, `agents.x.|` from the root),
 * where a list goes as `tools.allowed = […]`.
 */
export interface OwnerKeyContext {
  readonly kind: 'owner-key';
  readonly owner: Owner;
  /** The tables the key makes on its way (`agents.x.` from the root: agents, agents.x; then agents.x.tools). */
  readonly tables: ReadonlyArray<readonly string[]>;
  /** The key part being typed (empty at the cursor). */
  readonly range: Span;
  /** What goes after the new key/value (see `KeyContext.after`). */
  readonly after: string;
}

/**
 * In a table header, on a part of its name typed bare (`[agents.re|]`, `[skills.x.|`): where an owner's
 * name, or its `tools` table, goes.
 */
export interface HeaderContext {
  readonly kind: 'header';
  /** The parts of the name before the one typed. */
  readonly parts: readonly string[];
  /** The part typed (empty at the cursor), to the end of its word. */
  readonly range: Span;
  /** Whether more of the name follows it (`[agents.|.tools]`). */
  readonly partsFollow: boolean;
  /** The header's own span, which names no other owner. */
  readonly header: Span;
}

export type CursorContext = EntryContext | SlotContext | KeyContext | ValueContext | ListValueContext | ToolsValueContext | OwnerKeyContext | HeaderContext;


type Parent = { readonly kind: 'array'; readonly array: TomlArray } | { readonly kind: 'kv'; readonly kv: KeyValue };

interface Found {
  readonly node: TomlValue;
  readonly parent: Parent;
  /** The full key path of an inline table (null inside arrays and arrays of tables). */
  readonly path: readonly string[] | null;
  /** Whether it is inside a list or an inline table, whose closer may follow a string left open (`["re|]`). */
  readonly inside: boolean;
}

const names = (parts: readonly KeyPart[]) => parts.map((p) => p.name);
const samePath = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((n, i) => n === b[i]);
/** The tables a dotted key makes on its way along `path`, from its part `from` up to (not with) `to`. */
const tablesMade = (path: readonly string[], from: number, to: number) => path.slice(from, to).map((_, j) => path.slice(0, from + j + 1));

export function cursorContext(analysis: Analysis, offset: number): CursorContext | null {
  const { doc, policies } = analysis;
  if (inComment(doc.comments, offset)) return null;
  const layout = new Layout(analysis, offset);
  const header = layout.section?.header;
  if (header && offset > header.span.start && layout.lineOf(offset) === layout.lineOf(header.span.start)) return headerContext(layout, header, offset);
  const found = layout.innermost(offset);
  const node = found?.node;

  if (found && node && (node.kind === 'string' || node.kind === 'scalar')) {
    if (node.kind === 'string' && pairedWrong(analysis, node)) return null;
    const list = found.parent.kind === 'array' ? listOf(policies, found.parent.array) : undefined;
    // A bare word with a pattern (`sh(git *)`) may run on past where the parser stopped it (at a
    // blank, a comma): where it ends is a guess, unless at a `)`, so it is not replaced. So is one
    // with a quote right after it (`[re|ad", "grep"]`, its opening quote forgotten), which the
    // parser reads as opening the next string.
    const bare = node.kind === 'scalar' ? layout.text.slice(node.span.start, node.span.end) : '';
    const quoteAfter = node.kind === 'scalar' && /["']/.test(layout.text[node.span.end] ?? '');
    const endGuessed = (bare.includes('(') && !bare.endsWith(')')) || quoteAfter;
    if (list) {
      if (node.kind === 'string') return valueOnCursorLine(layout.text, node, offset) ? entryContext(layout, list, list.array, node, offset, found.inside) : null;
      if (endGuessed) return null;
      const slot = slotContext(layout, list, offset, node);
      if (slot) return slot;
      return fallsThroughToKey(layout, list.array, node.span.start) ? keyContext(layout, offset, null) : null;
    }
    // A string of a shape problem's value (`allowed = "gr|"`, `tools = ["gr|"]`): the entry hover says it would be.
    const array = found.parent.kind === 'array' ? found.parent.array : null;
    // A string where a tool list Mars does not read goes (`[agents.x]` then `allowed = "gr|"`), which
    // its fix makes that list of its names: completed as a name of it, as in such a list in brackets.
    const stray = node.kind === 'string' && found.parent.kind === 'kv' ? strayListOf(policies, node) : null;
    if (node.kind === 'string' && stray) return valueOnCursorLine(layout.text, node, offset) ? entryContext(layout, stray, null, node, offset, found.inside) : null;
    if (node.kind === 'string' && policies.shape.some((p) => p.keyValue?.value === (array ?? node) && shapeList(p) !== null)) {
      return valueOnCursorLine(layout.text, node, offset) ? entryContext(layout, null, array, node, offset, found.inside) : null;
    }
    if (node.kind === 'scalar' && found.parent.kind === 'kv') {
      const key = listKeyOf(policies, found.parent.kv) ?? misspeltOwnerList(found.path);
      if (key) return endGuessed ? null : { kind: 'list-value', ...key, range: node.span, text: bare, cursor: offset - node.span.start };
    }
    const rule = found.parent.kind === 'kv' ? ruleOf(layout, found.parent.kv, found.path) : undefined;
    if (rule !== undefined) {
      if (node.kind === 'scalar') return quoteAfter ? null : { kind: 'value', rule, range: node.span, inString: false, close: '' };
      const { range, close } = stringRange(layout, node, offset, found.inside);
      return { kind: 'value', rule, range, inString: true, close };
    }
    return null;
  }
  if (node?.kind === 'array') {
    const list = listOf(policies, node);
    if (!list) return null;
    const slot = slotContext(layout, list, offset, null);
    if (slot) return slot;
    return fallsThroughToKey(layout, node, offset) ? keyContext(layout, offset, null) : null;
  }
  const value = valueAfterEquals(layout, offset);
  if (value) return value;
  return keyContext(layout, offset, found && node?.kind === 'inline-table' ? { table: node, path: found.path } : null);
}

// ---- layout ------------------------------------------------------------------------------------

/**
 * The cursor's section of the document, with what the model leaves implicit: where unclosed arrays
 * and inline tables end. Values never reach past their section (a header only counts outside
 * values), so nothing else of the document is read.
 */
class Layout {
  readonly text: string;
  readonly doc: TomlDocument;
  /** The section holding the cursor. */
  readonly section: Section | null;
  /**
   * The path of the section's table, where an owner's table may be: null under an array of tables'
   * header, or one naming a table in an element of one (`[agents.x]` after `[[agents]]`, see `Policies.inElements`).
   */
  readonly base: readonly string[] | null;
  /** Starts of the statements (key/values) of the section, then the next section's start. */
  private readonly statements: number[];

  constructor(readonly analysis: Analysis, offset: number) {
    this.doc = analysis.doc;
    this.text = analysis.doc.text;
    const sections = this.doc.sections;
    const i = lastAtOrBefore(sections.length, (k) => sections[k]!.span.start, offset);
    this.section = i >= 0 ? sections[i]! : null;
    const header = this.section?.header;
    this.base = header?.array || (this.section && analysis.policies.inElements.has(this.section)) ? null : names(header?.key.parts ?? []);
    const starts = this.section ? this.section.entries.map((kv) => kv.span.start) : [];
    if (i + 1 < sections.length) starts.push(sections[i + 1]!.span.start);
    this.statements = starts;
  }

  lineOf(offset: number): number {
    return this.analysis.lines.position(offset).line;
  }

  lineStart(offset: number): number {
    return this.analysis.lines.lineStart(this.lineOf(offset));
  }

  lineEnd(offset: number): number {
    return this.analysis.lines.lineEnd(this.lineOf(offset));
  }

  /** The first statement starting after `offset`, or past the end of the text. */
  nextStatement(offset: number): number {
    const i = lastAtOrBefore(this.statements.length, (k) => this.statements[k]!, offset) + 1;
    return i < this.statements.length ? this.statements[i]! : this.text.length + 1;
  }

  /** Whether the cursor at `offset` is inside `v` (between its delimiters, or on a bare value). */
  contains(v: TomlValue, offset: number): boolean {
    switch (v.kind) {
      case 'string':
        return v.content.start <= offset && offset <= v.content.end;
      case 'scalar':
        return v.span.start <= offset && offset <= v.span.end;
      case 'array':
        return v.span.start < offset && (v.closed ? offset < v.span.end : offset < this.nextStatement(v.span.end));
      case 'inline-table':
        return v.span.start < offset && (v.closed ? offset < v.span.end : offset <= Math.max(v.span.end, this.lineEnd(v.span.start)));
    }
  }

  /** The innermost value containing the cursor. */
  innermost(offset: number): Found | null {
    let best: Found | null = null;
    const consider = (node: TomlValue, parent: Parent, path: readonly string[] | null, inside: boolean): void => {
      if (node.span.start > offset) return;
      if (this.contains(node, offset) && (!best || node.span.start >= best.node.span.start)) best = { node, parent, path, inside };
      if (node.kind === 'array') {
        if (node.closed && node.span.end <= offset) return;
        for (const item of node.items) consider(item, { kind: 'array', array: node }, null, true);
      } else if (node.kind === 'inline-table') {
        if (node.closed && node.span.end <= offset) return;
        for (const kv of node.entries) if (kv.value) consider(kv.value, { kind: 'kv', kv }, path ? [...path, ...names(kv.key.parts)] : null, true);
      }
    };
    const section = this.section;
    if (!section) return null;
    const base = this.base;
    for (const kv of section.entries) {
      if (kv.span.start > offset) break;
      if (kv.value) consider(kv.value, { kind: 'kv', kv }, base ? [...base, ...names(kv.key.parts)] : null, false);
    }
    return best;
  }
}

function listOf(policies: Policies, array: TomlArray): ToolList | undefined {
  const stray = (): ToolList | undefined => {
    const meant = strayListOf(policies, array);
    return meant ? { ...meant, array } : undefined;
  };
  return policies.lists.find((l) => l.array === array) ?? stray();
}

/**
 * The map-form rule whose verdict `kv` writes (`path`: its full key path, null under an array of tables): a key of a
 * tools table (null where it names no tool), or where Mars reads none yet: in a table meant as `tools`
 * (`[agents.x.permission]` then `edit = …`), a key naming a tool, or a pattern below a tool in either (`bash = { "git *" = … }`),
 * as their findings read them (`misplaced-tool-list`, `unknown-policy-key`); so under an owner one typo from `agents` or
 * `skills` (`[agent.x.tools]`), in its `tools` table too, whose rules its finding says with the owner. Undefined for any other key.
 */
function ruleOf(layout: Layout, kv: KeyValue, path: readonly string[] | null): MapFormRule | null | undefined {
  const extra = extraOf(layout.analysis.policies, kv);
  if (extra && extra.name.name !== 'mcp' && namesATool(extra)) return { owner: extra.owner, name: extra.name.name, entries: keyAsEntries(extra.name.name)?.entries ?? null };
  // Below the tool's name (`bash."git *" = …`), a pattern, else no rule (`edit.x.y = …`, `deny = …`).
  const none = extra && extra.name.name !== 'mcp' ? null : undefined;
  const kind = !path ? null : OWNERS.has(path[0]!) ? path[0] as OwnerKind : meantOwner(path[0]!);
  if (!path || !kind) return none;
  const owner = { kind, name: path[1]! };
  // The owner's rename makes its `tools` table the one Mars reads, and a rule there a map-form key of it.
  const meant = (table: string) => meantTools(table) || (table === 'tools' && kind !== path[0]);
  if (path.length === 4 && meant(path[2]!) && meantList(path[3]!) === null) {
    const entries = keyAsEntries(path[3]!)?.entries;
    return entries ? { owner, name: path[3]!, entries } : none;
  }
  const pattern = kv.key.parts[kv.key.parts.length - 1]!;
  if (path.length === 5 && (path[2] === 'tools' || meantTools(path[2]!)) && pattern.name === path[4]) {
    const rule = patternRule(path[3]!, pattern, kv);
    if (rule) return { owner, name: rule.raw, entries: rule.entry === null ? null : [rule.entry] };
  }
  return none;
}

function extraOf(policies: Policies, kv: KeyValue): ExtraKey | undefined {
  return policies.extraKeys.find((e) => e.keyValue === kv);
}

const LISTS: ReadonlySet<string> = new Set<ListName>(['allowed', 'disallowed']);

/** The list a member of a tools table is (`allowed`, not `allowed.x`), if it is one. */
const listNameOf = (m: ToolsTable['members'][number]): ListName | null =>
  m.relative.length === 1 && LISTS.has(m.relative[0]!.name) ? (m.relative[0]!.name as ListName) : null;

/**
 * The list a key of the `tools` table of an owner one typo from `agents` or `skills` is (`[agent.x.tools]` then `allowed`,
 * `path` its full key path), as the owner's rename makes it, with that owner: its finding says the list with the owner.
 */
function misspeltOwnerList(path: readonly string[] | null): { owner: Owner; list: ListName } | undefined {
  if (!path || path.length !== 4 || path[2] !== 'tools' || !LISTS.has(path[3]!) || OWNERS.has(path[0]!)) return undefined;
  const kind = meantOwner(path[0]!);
  return kind ? { owner: { kind, name: path[1]! }, list: path[3] as ListName } : undefined;
}

/** The owner and list a key/value is the `allowed`/`disallowed` of, if it is one. */
function listKeyOf(policies: Policies, kv: KeyValue): { owner: Owner; list: ListName } | undefined {
  for (const table of policies.tables) {
    for (const m of table.members) {
      if (m.keyValue !== kv) continue;
      const list = listNameOf(m);
      return list ? { owner: table.owner, list } : undefined;
    }
  }
  return undefined;
}

// ---- strings and slots -------------------------------------------------------------------------

/**
 * The part of a string's content a completion replaces, and the quote an unterminated one needs.
 * `inside`: the string is in a list or an inline table, whose closer may be typed after it.
 */
function stringRange(layout: Layout, str: TomlString, offset: number, inside: boolean): { range: Span; close: string } {
  const text = layout.text;
  const start = Math.max(str.content.start, layout.lineStart(offset));
  let end = Math.min(str.content.end, layout.lineEnd(offset));
  // A line-ending backslash joins the next line: it stays.
  const backslash = str.style === 'multiline-basic' ? lineEndingBackslash(text, start, end) : -1;
  if (backslash >= offset) end = backslash;
  let close = '';
  if (!str.terminated && !isMultiline(str)) {
    // An unterminated string runs to the end of the line: leave a comment after the cursor (a `#`
    // after a blank is one, the string being typed not closed yet), and, in a list or an inline
    // table, the `]`, `,` or `}` typed after it (a statement's string has none to close: they are its
    // text, `allowed = "['read']`). Blanks are TOML's, space and tab: other white space is content.
    const comment = text.slice(offset, end).search(/[ \t]#/);
    if (comment >= 0) end = offset + comment;
    const after = inside ? /[ \t\],}]/ : /[ \t]/;
    while (end > offset && after.test(text[end - 1]!)) end--;
    close = str.style === 'literal' ? "'" : '"';
  }
  return { range: { start, end: Math.max(end, offset) }, close };
}

/**
 * Whether a string's value is all on the cursor's line, the cursor in it: a completion replaces
 * what is on that line, so a multi-line string's value over lines (a pattern continued after a
 * `\`), or the line break before it, would be cut into. A `\` that only trims the blanks after it is no continuation.
 * A multi-line string not closed runs to the end of the file: past the cursor's line (or its first
 * line break, the cursor before it) is the rest of the file, not a value typed over lines, unless a
 * `\` ending the line carries the value on; as a one-line string not closed ends at its line's end.
 */
function valueOnCursorLine(text: string, str: TomlString, offset: number): boolean {
  if (!isMultiline(str)) return true;
  const start = valueStart(text, str);
  const rest = text.slice(offset, str.content.end).search(/[\r\n]/);
  const lineEnd = rest < 0 ? str.content.end : offset + rest;
  const continued = rest >= 0 && str.style === 'multiline-basic' && lineEndingBackslash(text, Math.min(start, offset), lineEnd) >= 0;
  if (!str.terminated && !continued) return offset < start ? /^[ \t]*$/.test(text.slice(str.content.start, offset)) : !/[\r\n]/.test(text.slice(start, offset));
  if (offset < start || /[\r\n]/.test(text.slice(start, offset))) return false;
  if (rest < 0) return true;
  return continued && /^[ \t\r\n]*$/.test(text.slice(lineEnd, str.content.end));
}

function entryContext(layout: Layout, list: PolicyList | null, array: TomlArray | null, str: TomlString, offset: number, inside: boolean): EntryContext | null {
  const whole = stringRange(layout, str, offset, inside);
  // Names between commas, each completed alone: in a string written as the whole list, which its fix
  // makes a list of, and in an entry of a list, which `illegal-char`'s split makes one entry per tool;
  // replacing the whole entry would drop the names beside the one typed (`["Read, gr|"]` -> `["grep"]`).
  const between = nameBetweenCommas(layout.text, whole.range, splittingCommas(layout.text, str, whole.range), offset);
  if (!between) return null;
  const { range, siblings, commaAfter } = between;
  // A string left open whose names start with a quote (`['"read", "Sh|ell"]`, a stray `'` before the list's
  // own strings): those quotes are not the name's, and a name written over one would leave them unpaired.
  if (!str.terminated && /^[ \t]*["']/.test(layout.text.slice(range.start, range.end))) return null;
  // The quote that closes the string goes after its last name, not after one with more following.
  const close = range.end === whole.range.end ? whole.close : '';
  return {
    kind: 'entry', list, array, string: str, range, text: layout.text.slice(range.start, range.end), cursor: offset - range.start, close,
    literal: str.style === 'literal' || str.style === 'multiline-literal', siblings, commaAfter,
  };
}

/**
 * The commas in `range` of a string's text that split its value into names (`commaPieces`), and its
 * blanks (the white space Mars trims from a name, as the fix and hover do: space, tab, a no-break
 * space…): found in its value, escapes decoded (`\\u002c` is a comma, `\\t` a blank), where the
 * text maps onto it; else in the text.
 */
function splittingCommas(text: string, str: TomlString, range: Span): { commas: Span[]; blanks: Span[] } {
  // No comma that splits, no name beside the one typed (`nameBetweenCommas` asks for no blanks then):
  // a long entry (2 MB) is not mapped a character at a time on every keystroke.
  if (commaPieces(str.value).length === 1 && commaPieces(text.slice(range.start, range.end)).length === 1) return { commas: [], blanks: [] };
  const sources = valueSources(text, str);
  const at = (i: number): Span => (sources ? { start: sources.starts[i]!, end: sources.ends[i]! } : { start: range.start + i, end: range.start + i + 1 });
  const value = sources ? str.value : text.slice(range.start, range.end);
  const inRange = (c: Span) => range.start <= c.start && c.end <= range.end;
  const blanks: Span[] = [];
  for (let i = 0; i < value.length; i++) if (isRustWhitespace(value.charCodeAt(i))) blanks.push(at(i));
  return { commas: commaPieces(value).slice(0, -1).map((p) => at(p.end)).filter(inRange), blanks: blanks.filter(inRange) };
}

/**
 * In `range`, the name at the cursor between the `commas` (`read, gr|, bash`), blanks around it
 * left out, and the other names; the whole range when there is no comma.
 */
function nameBetweenCommas(text: string, range: Span, { commas, blanks }: { commas: readonly Span[]; blanks: readonly Span[] }, offset: number): { range: Span; siblings: string[]; commaAfter: boolean } | null {
  // None inside a comma written as an escape (`\\u00|2c`): no name is there, and the item would replace the names around it.
  if (commas.some((c) => c.start < offset && offset < c.end)) return null;
  if (commas.length === 0) return { range, siblings: [], commaAfter: false };
  const bounds = [{ start: range.start, end: range.start }, ...commas, { start: range.end, end: range.end }];
  // Blanks around a name, written as themselves or as escapes (`\\t`), by where they start and end.
  const blankFrom = new Map(blanks.map((b) => [b.start, b.end]));
  const blankTo = new Map(blanks.map((b) => [b.end, b.start]));
  const pieces = bounds.slice(1).map((comma, k) => {
    let start = bounds[k]!.end;
    let end = comma.start;
    for (let b = blankFrom.get(start); b !== undefined && b <= end; b = blankFrom.get(start)) start = b;
    for (let b = blankTo.get(end); b !== undefined && b >= start; b = blankTo.get(end)) end = b;
    return { start, end, upTo: comma.start };
  });
  // The piece up to whose comma the cursor is (one right after a comma is on the next).
  const k = pieces.findIndex((p) => offset <= p.upTo);
  const piece = pieces[k]!;
  // A cursor inside a blank written as an escape (`\\u00|20`): the name's range takes the whole escape in.
  const inBlank = blanks.find((b) => b.start < offset && offset < b.end);
  const at = { start: Math.min(piece.start, inBlank?.start ?? offset), end: Math.max(piece.end, inBlank?.end ?? offset) };
  return { range: at, siblings: pieces.filter((_, j) => j !== k).map((p) => text.slice(p.start, p.end)).filter((n) => n !== ''), commaAfter: k < pieces.length - 1 };
}

/**
 * Text between two offsets with comments and white space removed: between a list's items, a comment
 * written `//` too, which the parser reads there as one to its line's end (its syntax error aside).
 */
function significant(text: string, from: number, to: number): string {
  return text.slice(from, Math.max(from, to)).replace(/(?:#|\/\/)[^\r\n]*/g, '').replace(/\s+/g, '');
}

/**
 * A new entry at the cursor, or replacing the bare `word` typed there (the cursor on it), when that
 * is where an entry can go: right after `[` or after a comma.
 */
function slotContext(layout: Layout, list: ToolList, offset: number, word: TomlValue | null): SlotContext | null {
  const { array } = list;
  const text = layout.text;
  // With nothing typed and the cursor inside a line's indentation (blanks before it at most), the
  // item is written where the indentation ends, not before it (`|  "grep"` gives `  "bash", "grep"`,
  // not `"bash",  "grep"`): the range (which holds the cursor, as a client asks) takes the blanks
  // after the cursor, written back before the item. Before a comment on a line of its own, the item
  // goes on a line of its own above it, the comment's indentation on both (`|  # c` gives
  // `  "bash",` then `  # c`): the comment speaks of the line below, a `# mars-ignore` too, and
  // written after the item it would speak of that item instead.
  const lineStart = lineStartAt(text, offset);
  const inIndent = word === null && skipBlank(text, lineStart) >= offset;
  const blanksEnd = inIndent ? skipBlank(text, offset) : offset;
  const indent = text.slice(offset, blanksEnd);
  const aboveComment = inIndent && text[blanksEnd] === '#';
  const range = word ? word.span : { start: offset, end: blanksEnd };
  const before = array.items.filter((i) => i.span.end <= range.start);
  const prev = before[before.length - 1];
  const between = significant(text, prev ? prev.span.end : array.span.start + 1, range.start);
  // On a line below an item with no comma after it, in a list closed further on, a new entry is
  // being typed (in a list not closed, more likely the table's next key: `fallsThroughToKey`): the
  // comma goes in too. Not after a string not closed, where it would be content.
  const comma = prev?.kind === 'string' && prev.terminated && between === '' && array.closed && /[\r\n]/.test(text.slice(prev.span.end, range.start))
    ? prev.span.end : null;
  if (between !== (prev ? ',' : '') && comma === null) return null;
  // The next item is told by identity, not by position: with nothing typed it may start right at
  // the cursor (`[|"bash"]`), and still needs the comma.
  const next = array.items.find((i) => i !== word && i.span.start >= range.end);
  // On a line below, the comma ends the new item's line: a blank after it would trail there. With a
  // blank already after the slot (`[| "read"]`), the comma only: that blank separates them.
  const separator = next && !significant(text, range.end, next.span.start).includes(',')
    ? (/[\r\n]/.test(text.slice(range.end, next.span.start)) || text[range.end] === ' ' || text[range.end] === '\t' ? ',' : ', ') : '';
  // A comment right after a slot not in the indentation (`[|# c`) is kept one blank away from the item.
  const after = aboveComment ? separator + lineBreakOf(layout, offset) + text.slice(lineStart, blanksEnd)
    : separator + (text[range.end] === '#' ? ' ' : '');
  const lead = indent || (text[range.start - 1] === ',' ? ' ' : '');
  return { kind: 'slot', list, range, text: text.slice(range.start, range.end), cursor: offset - range.start, before: lead, after, comma };
}

/**
 * In an unclosed array, a line that cannot continue it (no comma after the last item) is more
 * likely the next key of the table being typed: `allowed = ["bash"` then `dis|` on the next line.
 */
function fallsThroughToKey(layout: Layout, array: TomlArray, at: number): boolean {
  if (array.closed || layout.lineOf(at) === layout.lineOf(array.span.start)) return false;
  const prev = array.items.filter((i) => i.span.end <= at).pop();
  return significant(layout.text, prev ? prev.span.end : array.span.start + 1, layout.lineStart(at)) !== (prev ? ',' : '');
}

// ---- values not written yet ---------------------------------------------------------------------

/** The key/value whose `=` the cursor follows with only blanks between, its value not written yet. */
function valueless(kv: KeyValue, text: string, offset: number): boolean {
  const eq = kv.span.end - 1;
  return kv.value === null && eq >= kv.key.span.end && text[eq] === '=' && offset >= kv.span.end && /^[ \t]*$/.test(text.slice(kv.span.end, offset));
}

/** `bash = |` (a map-form key) or `allowed = |`: the cursor after the `=` of a key that has no value yet. */
function valueAfterEquals(layout: Layout, offset: number): ValueContext | ListValueContext | ToolsValueContext | null {
  const { text, analysis } = layout;
  const range = { start: offset, end: offset };
  // A key of the section, or of an inline table in it (`bash = { "git *" = | }`), its full key path with it.
  const valuelessIn = (kvs: readonly KeyValue[], path: readonly string[] | null): ValueContext | ListValueContext | null => {
    for (const kv of kvs) {
      const at = path && [...path, ...names(kv.key.parts)];
      if (kv.value?.kind === 'inline-table' && kv.value.span.start < offset) {
        const inner = valuelessIn(kv.value.entries, at);
        if (inner) return inner;
      }
      const rule = valueless(kv, text, offset) ? ruleOf(layout, kv, at) : undefined;
      if (rule !== undefined) return { kind: 'value', rule, range, inString: false, close: '' };
      const list = valueless(kv, text, offset) ? misspeltOwnerList(at) : undefined;
      if (list) return { kind: 'list-value', ...list, range, text: '', cursor: 0 };
    }
    return null;
  };
  const verdict = valuelessIn(layout.section?.entries ?? [], layout.base);
  if (verdict) return verdict;
  for (const table of analysis.policies.tables) {
    for (const m of table.members) {
      const list = listNameOf(m);
      if (list && valueless(m.keyValue, text, offset)) return { kind: 'list-value', owner: table.owner, list, range, text: '', cursor: 0 };
    }
  }
  return toolsValue(layout, offset);
}

/**
 * `tools = |` in a table (its own key or dotted): the tools table written inline, unless this section
 * already writes part of it with another key (`tools.allowed = […]`), which would define it twice.
 */
function toolsValue(layout: Layout, offset: number): ToolsValueContext | null {
  const section = layout.section;
  const base = layout.base;
  if (!section || !base) return null;
  const kv = section.entries.find((e) => valueless(e, layout.text, offset));
  if (!kv) return null;
  const path = [...base, ...names(kv.key.parts)];
  if (path.length !== 3 || !OWNERS.has(path[0]!) || path[2] !== 'tools') return null;
  const writesTools = (e: KeyValue) => e !== kv && [...base, ...names(e.key.parts)].slice(0, 3).every((n, i) => n === path[i]);
  if (section.entries.some(writesTools)) return null;
  const tables = tablesMade(path, base.length, 2);
  return { kind: 'tools-value', owner: { kind: path[0] as OwnerKind, name: path[1]! }, path, tables, range: { start: offset, end: offset } };
}

// ---- keys --------------------------------------------------------------------------------------

const isBare = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_-]/.test(c);
const trimBlanks = (s: string) => s.replace(/^[ \t]+/, '');

interface KeyPrefix {
  /** Where the key starts. */
  readonly start: number;
  /** The complete key parts before the one being typed. */
  readonly parts: string[];
  readonly range: Span;
  readonly quoted: boolean;
  readonly close: string;
  readonly valueFollows: boolean;
  readonly partsFollow: boolean;
  /** The rest of the line after the key part, from its first non-blank character. */
  readonly rest: string;
}

/**
 * Reads `a.b."c".par` from `from` to the cursor: the complete parts, and the part being typed
 * (extended right over the rest of its word). Null when the text there is not a key being typed.
 */
function scanKeyPrefix(text: string, from: number, offset: number, lineEnd: number): KeyPrefix | null {
  let p = from;
  while (p < offset && (text[p] === ' ' || text[p] === '\t')) p++;
  const start = p;
  const parts: string[] = [];
  for (;;) {
    const c = text[p];
    if (p === offset || isBare(c)) {
      const s = p;
      while (p < offset && isBare(text[p])) p++;
      if (p === offset) {
        let e = p;
        while (e < lineEnd && isBare(text[e])) e++;
        // A quote right after the word (`ba|sh" = "allow"`) opens what the parser reads next: where the key ends is a guess.
        if (e > s && (text[e] === '"' || text[e] === "'")) return null;
        const rest = trimBlanks(text.slice(e, lineEnd));
        return { start, parts, range: { start: s, end: e }, quoted: false, close: '', valueFollows: /^[=.]/.test(rest), partsFollow: rest.startsWith('.'), rest };
      }
      parts.push(text.slice(s, p));
    } else if (c === '"' || c === "'") {
      const s = p + 1;
      const closeAt = closingQuote(text, s, c, lineEnd);
      if (closeAt < 0 || closeAt >= offset) {
        if (text.slice(s, offset).includes('\n')) return null;
        const end = closeAt >= 0 ? closeAt : lineEnd;
        const rest = closeAt >= 0 ? trimBlanks(text.slice(closeAt + 1, lineEnd)) : '';
        // Other text right after the closing quote (`"Sh|ell = "allow"`): that quote was the value's, paired the wrong way.
        if (rest !== '' && !/^[=.#,}]/.test(rest)) return null;
        return { start, parts, range: { start: s, end }, quoted: true, close: closeAt >= 0 ? '' : c, valueFollows: /^[=.]/.test(rest), partsFollow: rest.startsWith('.'), rest };
      }
      parts.push(keyPart(text, s, closeAt, c));
      p = closeAt + 1;
    } else {
      return null;
    }
    while (p < offset && (text[p] === ' ' || text[p] === '\t')) p++;
    if (p >= offset || text[p] !== '.') return null;
    p++;
    while (p < offset && (text[p] === ' ' || text[p] === '\t')) p++;
  }
}

/** A quoted key part's name: a basic one's escapes decoded. */
const keyPart = (text: string, start: number, end: number, quote: string) =>
  quote === '"' ? decodeBasic(text.slice(start, end)) : text.slice(start, end);

/** The parts of the key written at `from` up to its `=` (`a."b".c =`), or null when there is none. */
function keyAt(text: string, from: number, lineEnd: number): string[] | null {
  const parts: string[] = [];
  let p = from;
  for (;;) {
    while (p < lineEnd && (text[p] === ' ' || text[p] === '\t')) p++;
    const c = text[p];
    if (c === '"' || c === "'") {
      const closeAt = closingQuote(text, p + 1, c, lineEnd);
      if (closeAt < 0) return null;
      parts.push(keyPart(text, p + 1, closeAt, c));
      p = closeAt + 1;
    } else if (isBare(c)) {
      const s = p;
      while (p < lineEnd && isBare(text[p])) p++;
      parts.push(text.slice(s, p));
    } else {
      return null;
    }
    while (p < lineEnd && (text[p] === ' ' || text[p] === '\t')) p++;
    if (text[p] === '=') return parts;
    if (text[p] !== '.') return null;
    p++;
  }
}

/**
 * On a part of a table header's name typed bare, from its `[` up to the cursor, before its `]` (or the
 * line's end, or more of the name). Not in an array of tables' (`[[agents.x]]`, which Mars refuses for an
 * owner), nor in a quoted part.
 */
function headerContext(layout: Layout, header: TableHeader, offset: number): HeaderContext | null {
  if (header.array) return null;
  const prefix = scanKeyPrefix(layout.text, header.span.start + 1, offset, layout.lineEnd(offset));
  if (!prefix || prefix.quoted || !/^(?:[.\]#]|$)/.test(prefix.rest)) return null;
  return { kind: 'header', parts: prefix.parts, range: prefix.range, partsFollow: prefix.partsFollow, header: header.span };
}

/**
 * A key of a tools table at the cursor: on its own line in a section (`[agents.x.tools]`, or
 * dotted below `[agents.x]`, `[agents]` or the root), or in an inline table (`tools = { | }`).
 */
function keyContext(layout: Layout, offset: number, inline: { table: TomlInlineTable; path: readonly string[] | null } | null): KeyContext | OwnerKeyContext | null {
  const text = layout.text;
  let from: number;
  let base: readonly string[];
  let candidates: readonly KeyValue[];
  if (inline) {
    if (!inline.path) return null;
    base = inline.path;
    candidates = inline.table.entries;
    // The entry before the cursor's, not the half-typed key under the cursor itself (`{ ba| }`), nor
    // one whose dot the parser left out of it (`{ tools.| }` reads as the key `tools`, with no value).
    const typing = (kv: KeyValue) => kv.value === null && /^[ \t]*\.[ \t]*$/.test(text.slice(kv.key.span.end, offset));
    const prev = inline.table.entries.filter((kv) => kv.span.end <= offset && kv.key.span.end < offset && !typing(kv)).pop();
    // Over line breaks and comments too: a table written over lines (TOML 1.1, a syntax error for
    // Mars, with its fix; VS Code makes one when Enter is pressed between `{` and `}`).
    from = skipTrivia(text, prev ? prev.span.end : inline.table.span.start + 1, offset);
    if (prev) {
      // At or before the comma that ends the entry before (`["x"]|, "b"`), the cursor is on no key.
      if (text[from] !== ',' || from >= offset) return null;
      from = skipTrivia(text, from + 1, offset);
    }
  } else {
    const section = layout.section;
    if (!section) return null;
    const header = section.header;
    if (!layout.base || (header && layout.lineOf(offset) === layout.lineOf(header.span.start))) return null;
    base = layout.base;
    candidates = section.entries;
    from = layout.lineStart(offset);
    if (from === 0 && text.charCodeAt(0) === 0xfeff) from = 1;
  }
  const prefix = scanKeyPrefix(text, from, offset, layout.lineEnd(offset));
  if (!prefix) return null;
  const path = [...base, ...prefix.parts];
  if (path.length === 2 && OWNERS.has(path[0]!)) return ownerKeyContext(layout, prefix, path, base, candidates, inline !== null, offset);
  if (path.length !== 3 || !OWNERS.has(path[0]!) || path[2] !== 'tools') return null;
  const tables = tablesMade(path, base.length, path.length);
  // A dotted key cannot add to a table a value here already wrote whole (`tools = { … }` above `tools.|`).
  if (candidates.some((kv) => kv.value !== null && tables.some((t) => samePath([...base, ...names(kv.key.parts)], t)))) return null;
  const after = keySeparator(layout, prefix, inline !== null, offset);
  if (after === null) return null;
  // The key after the cursor on the line (`ba| disallowed = […]`), which the parser, reading `ba`
  // as a key with no value, skipped: a new key here must not be it.
  // With a key after the cursor (`|"*" = "deny"`) the cursor is before that key, not on it.
  const keyValue = after ? null : candidates.find((kv) => kv.key.span.start <= offset && offset <= kv.key.span.end) ?? null;
  // Nor, renaming a key, the one after its value on the line (`"sh|" = 1 bash = "allow"`), which the
  // parser, stopping there, did not read either.
  const nextFrom = after ? prefix.range.end : keyValue?.value ? keyValue.span.end : -1;
  let following: string | null = null;
  if (nextFrom >= 0) {
    const next = keyAt(text, nextFrom, layout.lineEnd(nextFrom));
    const full = next && [...base, ...next];
    if (full && full.length > 3 && samePath(full.slice(0, 3), path)) following = full[3]!;
  }
  return {
    kind: 'key', owner: { kind: path[0] as OwnerKind, name: path[1]! }, tables,
    keyStart: prefix.start, range: prefix.range, quoted: prefix.quoted,
    close: prefix.close, valueFollows: prefix.valueFollows, partsFollow: prefix.partsFollow, after, following, keyValue, inline: inline !== null,
  };
}

/**
 * A new key typed in an owner's table (not one already written, quoted, or with more parts after
 * it): none where the tools table is written whole here (`tools = { … }`), whose keys go in it.
 */
function ownerKeyContext(layout: Layout, prefix: KeyPrefix, path: readonly string[], base: readonly string[], candidates: readonly KeyValue[], inline: boolean, offset: number): OwnerKeyContext | null {
  if (prefix.quoted || prefix.valueFollows || prefix.partsFollow) return null;
  const tables = [...tablesMade(path, base.length, 2), [...path, 'tools']];
  if (candidates.some((kv) => kv.value !== null && tables.some((t) => samePath([...base, ...names(kv.key.parts)], t)))) return null;
  const after = keySeparator(layout, prefix, inline, offset);
  if (after === null) return null;
  return { kind: 'owner-key', owner: { kind: path[0] as OwnerKind, name: path[1]! }, tables, range: prefix.range, after };
}

/**
 * What must follow a new key written at the cursor so the line stays valid TOML: nothing at the end
 * of the line, but `, ` in an inline table or a line break outside when another key follows
 * (`|  allowed = […]`, `{| allowed = […] }`). Null after the `.` of a dotted key with more key
 * after the cursor (`tools.|"allowed" = […]`): that is the rest of the same key, which a completion
 * must neither glue onto nor cut off (taking `tools.` away moves the key out of its table).
 */
function keySeparator(layout: Layout, prefix: KeyPrefix, inline: boolean, offset: number): string | null {
  const { rest } = prefix;
  const text = layout.text;
  // Before a comment on a line of its own (nothing but blanks before the key), the key goes on a
  // line of its own above it, the comment's indentation kept: the comment speaks of the line below
  // it, a `# mars-ignore` too, and after the key it would speak of that key instead. After a word
  // typed, the comment stays on its line, one blank away at least.
  const lineStart = lineStartAt(text, offset);
  const comment = !rest.startsWith('#') || prefix.quoted ? ''
    : skipBlank(text, lineStart) >= prefix.range.end ? lineBreakOf(layout, offset) + text.slice(lineStart, offset)
    : text[prefix.range.end] === '#' ? ' ' : '';
  // At the end of a line of an inline table written over lines, an entry on a later line needs the comma.
  if (inline && !prefix.quoted && !prefix.valueFollows && (rest === '' || rest.startsWith('#'))) {
    const next = text[skipTrivia(text, layout.lineEnd(offset), text.length)];
    return (next === undefined || next === ',' || next === '}' ? '' : ',') + comment;
  }
  if (rest.startsWith('#') && !prefix.quoted && !prefix.valueFollows) return comment;
  if (prefix.quoted || prefix.valueFollows || rest === '' || (inline && /^[,}]/.test(rest))) return '';
  if (prefix.parts.length > 0) return null;
  if (inline) return /[ \t]/.test(text[prefix.range.end] ?? '') ? ',' : ', ';
  return lineBreakOf(layout, offset);
}

/** The line break that ends the line of `offset`: CRLF where that line has one, else LF. */
function lineBreakOf(layout: Layout, offset: number): string {
  return layout.text.startsWith('\r\n', layout.lineEnd(offset)) ? '\r\n' : '\n';
}

// What hover and go to definition are on: an entry, or a key Mars ignores in a tools table.

/**
 * Whether `offset` is on `span` (or at its end, for a string left `open`). Past a syntax error its
 * statement reads as a guess (an entry not written yet): nothing there is described.
 */
export function onSpan(analysis: Analysis, span: Span, offset: number, open: boolean): boolean {
  return !inGuessed(analysis.guessed, span.start) && span.start <= offset && (offset < span.end || (open && offset === span.end));
}

/**
 * Whether a string starts inside the guess past a syntax error where its quotes pair the wrong way:
 * its opening quote right after other text (`"b"c", "d"` reads `", "` as one, whose first quote
 * closes `"b"c"`). No entry, so completion writes none over it (`"b"c"bash"d"`), as hover and the
 * diagnostics say nothing of it. Not the string the guess starts at, being typed (`["rea|`, left
 * open) or where a comma is missing (`["read" "x"]`), nor one after a blank or a comma there
 * (`["read" "x", "sh|`), which reads as typed.
 */
function pairedWrong(analysis: Analysis, str: TomlString): boolean {
  const guessed = analysis.guessed;
  const i = lastAtOrBefore(guessed.length, (j) => guessed[j]!.start, str.span.start);
  const inGuess = i >= 0 && guessed[i]!.start < str.span.start && str.span.start < guessed[i]!.end;
  return inGuess && !/[ \t,[{=]/.test(analysis.doc.text[str.span.start - 1]!);
}

/** The entry whose string (quotes included) is at `offset`, if any. */
export function entryAt(analysis: Analysis, offset: number): ParsedEntry | undefined {
  // Entries are in document order: the one at the cursor, if any, is the last starting at or before it.
  const entries = analysis.entries;
  const p = entries[lastAtOrBefore(entries.length, (i) => entries[i]!.entry.string.span.start, offset)];
  return p && onSpan(analysis, p.entry.string.span, offset, !p.entry.string.terminated) ? p : undefined;
}

/** The key of a tools table Mars ignores (map form, `tools.mcp`, a misspelt list) at `offset`, if any: one with a value, as the diagnostics say (`isWritten`). */
export function extraKeyAt(analysis: Analysis, offset: number): ExtraKey | undefined {
  return analysis.policies.extraKeys.find((extra) => isWritten(extra) && onSpan(analysis, extra.name.span, offset, false));
}

/** What `all` in a suppression comment means. */
export const ALL_CODES = 'Every code a comment can silence.';

/**
 * On the code list of a `# mars-ignore:` or `# mars-ignore-file:` comment (not its `-- reason` or `#` remark):
 * the word under the cursor (empty between words) and the words the list holds.
 */
export function suppressionCodeAt(analysis: Analysis, offset: number): { readonly word: Span; readonly listed: ReadonlySet<string> } | null {
  const comment = analysis.doc.comments.find((c) => c.span.start < offset && offset <= c.span.end);
  const directive = comment && readDirective(comment.text);
  if (!comment || !directive || directive.listAt === null) return null;
  const at = offset - comment.span.start - 1; // in the comment's text
  if (at < directive.listAt || at > listEnd(comment.text, directive.listAt)) return null;
  const base = comment.span.start + 1;
  const w = directive.words.find((x) => x.at <= at && at <= x.at + x.word.length);
  return { word: w ? { start: base + w.at, end: base + w.at + w.word.length } : { start: offset, end: offset }, listed: new Set(directive.words.map((x) => x.word)) };
}

