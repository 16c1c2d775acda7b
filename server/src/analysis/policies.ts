// The TOML walk: every tool policy (`agents.<name>.tools`, `skills.<name>.tools`) in every TOML
// spelling, its entries with their context, and the shape problems Mars rejects at load.

import type { KeyPart, KeyValue, Section, Span, SyntaxProblem, TableHeader, TomlArray, TomlDocument, TomlInlineTable, TomlString, TomlValue } from '../toml/model';
import { lastAtOrBefore } from '../toml/sorted';
import { dotted, RootArrays, wholeHeader } from '../toml/tables';
import { quoted } from '../grammar/text';
import { namesBetweenCommas, parseToolName } from '../grammar/toolName';
import { stringList } from '../toml/strings';
import { isOpenMultiline } from '../toml/stringPositions';
import { listWithoutBrackets } from '../toml/listWithoutBrackets';
import { holdsListValue, meantList, meantOwner, meantTools, misspeltVerdictList, verdictList } from './meant';
import { dottedPatternRules, inlinePatternRules, movable, patternRules, type PatternRule } from './patterns';
import { type ListsTold, NO_ARRAYS, NO_LISTS, sameSet } from './told';

export type OwnerKind = 'agents' | 'skills';
export type ListName = 'allowed' | 'disallowed';

export interface Owner {
  readonly kind: OwnerKind;
  readonly name: string;
}

/** One string in `allowed` or `disallowed`. */
export interface ListEntry {
  readonly owner: Owner;
  readonly list: ListName;
  readonly index: number;
  readonly string: TomlString;
  /** The array holding it. */
  readonly array: TomlArray;
}

/** A key in a tools table other than `allowed`/`disallowed` (the agent-profile map form, `mcp`). */
export interface ExtraKey {
  readonly owner: Owner;
  readonly table: ToolsTable;
  readonly keyValue: KeyValue;
  /** The key part that names the tool (`bash` in `tools.bash = "allow"`). */
  readonly name: KeyPart;
}

/**
 * Whether the key has a value: one with none is the TOML syntax error's to report, and nothing is
 * said of it (no finding, no hover): half typed (`sub =`), or no key at all (the items of `allowed =`
 * whose `[` is not typed yet, or on the lines below an inline table left open, `b = {`, read as keys).
 * Completion still reads it, to offer its value (`bash = |`).
 */
export const isWritten = (extra: ExtraKey): boolean => extra.keyValue.value !== null;

export type ShapeKind =
  | 'tools-not-table'
  | 'list-not-array'
  | 'entry-not-string'
  | 'list-is-table'
  | 'tools-array-of-tables'
  | 'overlay-not-table';

/**
 * A list meant for an owner's tools table written outside it: beside it (`allowed = […]` in
 * `[agents.x]`), in a table whose name misses `tools` (`tool.allowed`), or under one that misses
 * `agents` or `skills` (`[agent.x.tools]`); or a map-form rule in a table whose name misses `tools`
 * (`[agents.x.tool]` then `bash = "allow"`). Mars does not read it as a tool list.
 */
export interface MisplacedList {
  readonly owner: Owner;
  readonly keyValue: KeyValue;
  /**
   * The list it was meant to be. Its value is a list, or a string beside the tools table (`allowed = "read"`),
   * or a map-form rule's verdict (`rule`).
   */
  readonly list: ListName;
  /** The key part naming the list (`allowed`, `deny`), or a rule's tool (`bash`). */
  readonly key: KeyPart;
  /**
   * Whether it is a map-form rule (`bash = "allow"`, `edit = false`) in a table meant as `tools`, `list` its verdict's, not a
   * list; or OpenCode's table of patterns there (`bash = { "git *" = "allow" }`), `list` its first moved rule's; or one rule
   * of such a table written below the tool (`pattern`), `list` its own.
   */
  readonly rule: boolean;
  /**
   * The pattern of a rule written below its tool, in a table of its own (`[agents.x.permission.bash]` then
   * `"git push" = "deny"`) or dotted (`bash."git push" = "deny"`); null for any other.
   */
  readonly pattern?: KeyPart;
  /** The key part meant to be `tools` (`tool`); null for a list written beside the tools table. */
  readonly tools: KeyPart | null;
  /** The key part meant to be `agents` or `skills` (`agent` of `[agent.x.tools]`); null when it is one. */
  readonly ownerPart: KeyPart | null;
  /** Whether `ownerPart` is in a header that names the owner too (`[agent.x…]`): renaming it renames that one owner's table. */
  readonly ownerHeader: boolean;
  /** Whether it is written beside the tools table (`[agent.x]` then `allowed`): the owner renamed, it is still outside `tools`. */
  readonly beside: boolean;
}

/**
 * Whether a misplaced rule's verdict one typo from `"allow"` or `"deny"` (`"alow"`) is read as the one it was meant as: every
 * rule's is, as in a tools table (moves.ts, `mapFormList`), where the rename of the table or its owner puts it, a key Mars
 * ignores still, told so with its move.
 */
export const readsMisspeltVerdicts = (m: MisplacedList): boolean => m.rule;

/** The key part at fault in a misplaced list: where its finding sits and its rename goes. */
export const misplacedAt = (m: MisplacedList): KeyPart => m.ownerPart ?? m.tools ?? m.key;

/**
 * Whether it is `tools` itself written as the list beside a misspelt owner's table (`[agent.x]` then `tools = ["read"]`),
 * meant as its `allowed`: the owner's rename renames it `tools.allowed` with it (listFixes.ts, `withListKeys`), as alone it
 * would put in force a `tools` that is no table, which stops the load.
 */
export const isToolsAsList = (m: MisplacedList): boolean => m.ownerPart !== null && m.beside && m.key.name === 'tools';

/**
 * A tool list written where no agent or skill is named, meant as a policy for them all: at the root
 * (`allowed = [...]` before any header), or in a root table meant as `tools` (`[tools]`, Claude
 * Code's `[permissions]` then `deny = [...]`, OpenCode's `[permission]` then `edit = "deny"`). Mars
 * reads no tool list there; there is no owner to move it to.
 */
export interface UnownedList {
  readonly keyValue: KeyValue;
  /** The list it was meant to be: its key's (`deny`: `disallowed`), or a map-form rule's verdict's. */
  readonly list: ListName;
  /** The key part naming the list (`allowed`, `deny`), or a rule's tool (`bash`). */
  readonly key: KeyPart;
  /**
   * Whether it is a map-form rule (`bash = "allow"`, `edit = false`), not a list; or OpenCode's table of
   * patterns (`bash = { "git *" = "allow" }`), or one rule of it below the tool (`pattern`), as in an agent's.
   */
  readonly rule: boolean;
  /** The root table's name (`tools` of `[tools]`, of `tools.allowed`); null for a list at the root itself. */
  readonly table: KeyPart | null;
  /** The pattern of a rule written below its tool, dotted or in a table of its own (`[permission.bash]` then `"git push" = "deny"`). */
  readonly pattern?: KeyPart;
}

/** The key part at fault in an unowned list: the table's name, else the list's key. */
export const unownedAt = (u: UnownedList): KeyPart => u.table ?? u.key;

export interface ShapeProblem {
  readonly kind: ShapeKind;
  readonly owner: Owner;
  readonly span: Span;
  /** What is wrong, as a clause: the diagnostic ends it with a period. */
  readonly message: string;
  /**
   * The message with the names it quotes put through `quote`: hover says it in a sentence of its own,
   * its names markdown code spans (a name holding a backtick would break the message's quotes there).
   */
  readonly says: (quote: Quote) => string;
  /** The key/value at fault, when the fix can rewrite it. */
  readonly keyValue?: KeyValue;
  /** `keyValue` is one of an inline table's (`tools = { allowed = "read" }`), which may run over lines. */
  readonly inline?: boolean;
  /** The `[[…]]` header at fault, when the fix can write it as a table's. */
  readonly header?: TableHeader;
  readonly list?: ListName;
  /**
   * The key part naming a list a dotted key or a header makes a table (`allowed` of `allowed.x = […]`,
   * of `[agents.x.tools.allowed]`), the removed `mcp` of a header (`[agents.x.tools.mcp]`), or the key of
   * an owner written as a value that is no table (`x` of `x = 3` under `[agents]`): where hover says it.
   */
  readonly keyPart?: KeyPart;
}

/**
 * The list whose entries the strings of a shape problem's value are once its fix is in: `allowed =
 * "gr"` made `["gr"]`, `tools = ["gr"]` renamed `tools.allowed`, `tools = "gr"` made
 * `tools.allowed = ["gr"]`. Mars reads them as no entry yet; hover describes each as the entry it
 * would be, and completion offers the names there, as in a list. Null for a value that holds no
 * such string (`tools = 3`).
 */
export function shapeList(problem: ShapeProblem): ListName | null {
  const value = problem.keyValue?.value;
  if (problem.kind === 'list-not-array' && value?.kind === 'string') return problem.list!;
  if (problem.kind === 'tools-not-table' && (value?.kind === 'array' || value?.kind === 'string')) return 'allowed';
  return null;
}

/** One spelling of a tools table: where its keys are written, and the key/values written there. */
export interface ToolsTable {
  readonly owner: Owner;
  /** The key/values that land in this tools table, as written (relative to `tools`). */
  readonly members: Array<{ readonly keyValue: KeyValue; readonly relative: readonly KeyPart[] }>;
  /** `[agents.x.tools]` section, inline table, or dotted keys (`tools.allowed = …`). */
  readonly spelling: 'section' | 'inline' | 'dotted';
  /** Where a new key/value for this spelling goes: the prefix a dotted key needs (`tools.`). */
  readonly keyPrefix: string;
  /** The key parts `tools` that write it: its header's, its inline table's key, each dotted key's (hover on them). */
  readonly names: KeyPart[];
  /** The inline table, for spelling `inline`. */
  readonly inline?: TomlInlineTable;
}

export interface Policies {
  readonly entries: ListEntry[];
  readonly extraKeys: ExtraKey[];
  /** Other tables below a tools table, opened by a header (`[agents.x.tools.sub]`): the first key part below `tools`, and the header's section. */
  readonly extraTables: Array<{ readonly owner: Owner; readonly name: KeyPart; readonly section: Section }>;
  readonly shape: ShapeProblem[];
  readonly tables: ToolsTable[];
  /** Every list, for completion and for fixes that append to it. */
  readonly lists: Array<{ readonly owner: Owner; readonly list: ListName; readonly array: TomlArray; readonly keyValue: KeyValue }>;
  /**
   * Lists whose key is written with no value read (`allowed =` half typed, `allowed`U+00A0`= []`: a
   * syntax error before the value): written all the same, so no fix writes another (see `listTarget`).
   */
  readonly valueless: Array<{ readonly owner: Owner; readonly list: ListName }>;
  readonly misplaced: MisplacedList[];
  /** Tool lists at the root, or in a root table meant as `tools`: no agent's or skill's. */
  readonly unowned: UnownedList[];
  /**
   * Key parts one typo from `tools`, `agents` or `skills` whose rename would put in force something
   * Mars rejects (`[agents.x.tool]` holding `mcp = […]`): no fix renames them. With why, as a clause
   * (`Not renamed for you: there, …`), where that is something written (not an array of tables, nor
   * what a syntax error hides).
   */
  readonly unsafeRenames: Map<KeyPart, ((quote: Quote) => string) | null>;
  /**
   * Sections whose header names a table in the last element of an array of tables at the root
   * (`[agents.x.tools]` after `[[agents]]`): no owner's, so nothing in them is read as one's.
   */
  readonly inElements: Set<Section>;
  /**
   * The owners whose being arrays of tables where the text starts changes what is read here (see
   * `findPolicies`): told `arrays` that agree on these, the text is read the same. A section that
   * names no owner in a header reads none: a `[[agents]]` typed above a file's skills leaves them be.
   */
  arraysRead: ReadonlySet<string>;
  /**
   * The owners (`ownerKey`) whose lists, written in other sections, change what is said here: those of
   * a table of patterns of its own (`[agents.x.tools.bash]`, its rules read or half typed), whose rules
   * their `allowed` may hold (see `outsideLists`). Set by `analyze`.
   */
  listsRead: ReadonlySet<string>;
  /**
   * What the owners of `listsRead` hold in lists written in other sections of the document (a
   * section is analysed alone, see analysis/document.ts): their first closed `allowed` and
   * `disallowed`. A list written here comes first (listsHold.ts). Set by `analyze`.
   */
  outsideLists: ListsTold;
  /**
   * The entries in the guess past a syntax error (`"bash"` in `["read" "bash"]`), filled by `analyze`
   * before any finding is made: what a list holds there is a guess, so no move counts it as held or
   * as a conflict (listsHold.ts).
   */
  readonly guessed: Set<TomlString>;
}

/** The tables whose entries are overlays with tools: `[agents.<name>]`, `[skills.<name>]`. */
export const OWNERS: ReadonlySet<string> = new Set(['agents', 'skills']);

export const sameOwner = (a: Owner, b: Owner): boolean => a.kind === b.kind && a.name === b.name;

/** The diagnostic of `owner` written as an array of tables (`[[agents.x]]`), which stops the file's load, if `policies` hold it. */
export const refusalOf = (policies: Policies, owner: Owner): ShapeProblem | undefined =>
  policies.shape.find((p) => p.kind === 'overlay-not-table' && sameOwner(p.owner, owner));

/** An owner as a map key. */
export const ownerKey = (owner: Owner): string => `${owner.kind}\u0000${owner.name}`;

/** What a tools table holds, as the messages about the keys it ignores say it. */
export const TOOLS_TABLE_HOLDS = 'a tools table holds only `allowed` and `disallowed` lists';

/** The removed `tools.mcp`, however it is written (a list, a table): what replaced it. */
export const TOOLS_MCP_REMOVED = '`tools.mcp` was removed: name MCP servers in `allowed` (or `disallowed`) as `mcp(server)` or `mcp(server/tool)`';

/** How a message quotes a name: `quoted` in a diagnostic, a code span in hover's markdown. */
type Quote = (name: string) => string;

/** A shape problem's message, and the same words with other quotes. */
const saying = (says: (quote: Quote) => string) => ({ message: says(quoted), says });

/** What a `[[…]]` header makes, as a shape problem's message names it. */
const ARRAY_OF_TABLES = 'an array of tables (`[[…]]`)';

/**
 * The owner named for a reader (agent `x`), its name put through `quote`: hover passes its markdown
 * code span, which escapes backticks and invisible characters; messages, their quote (`quoted`:
 * escaped and shortened). Both show a blank name as the string it is (`""`), not as an empty quote.
 */
export function ownerLabel(owner: Owner, quote: Quote = quoted): string {
  return `${owner.kind === 'agents' ? 'agent' : 'skill'} ${quote(owner.name)}`;
}

const NO_OWNERS: ReadonlySet<string> = new Set();

const emptyPolicies = (): Policies => ({ entries: [], extraKeys: [], extraTables: [], shape: [], tables: [], lists: [], valueless: [], misplaced: [], unowned: [], unsafeRenames: new Map(), inElements: new Set(), arraysRead: NO_ARRAYS, listsRead: NO_OWNERS, outsideLists: NO_LISTS, guessed: new Set() });

/**
 * `arrays`: the root keys that arrays of tables hold where the text starts, made by `[[…]]` headers
 * before it (a section of a document is analysed alone: see analysis/document.ts). `syntax`: the
 * text's syntax errors (toml/syntax.ts), where Mars stops, which the parser may read through (a key
 * defined twice).
 */
export function findPolicies(doc: TomlDocument, arrays: ReadonlySet<string> = NO_ARRAYS, syntax: readonly SyntaxProblem[] = []): Policies {
  const out = emptyPolicies();
  const problemStarts = [...doc.problems.map((p) => p.span.start), ...syntax.flatMap((p) => (p.unreadableFrom === undefined ? [] : [p.unreadableFrom]))].sort((a, b) => a - b);
  const roots = RootArrays.holding(arrays);
  // What `arrays` is asked of (see `arraysRead`): whether a header's owner is an array, that is, the
  // owners headers name first. And whether arrays are told at all, when keys come before the first
  // header: told none, the text may start in the root table, whose `agents.q = 1` makes `agents` a table.
  const read = new Set<string>();
  let named = false;
  let rootKeys = false;
  for (const section of doc.sections) {
    const base = section.header ? section.header.key.parts : [];
    const names = base.map((p) => p.name);
    const header = section.header;
    if (names.length > 0) {
      named = true;
      if (OWNERS.has(names[0]!)) read.add(names[0]!);
    } else if (!named && section.entries.length > 0) rootKeys = true;
    // A header being typed (`[agents].coder]`, `[[agents]`) names no table for sure: no array of
    // tables is taken from it, and the keys below it are not judged as overlays (`description = "…"`
    // is no agent named description). That needs no check of its own below: a header not whole is a
    // problem the parser meets on its line, so `readUpTo`, which stops at the keys after a line the
    // parser could not read (`,[dependencies.x]` puts `agents = […]` at the root), stops at them.
    const whole = !header || wholeHeader(doc.text, header);
    roots.add(header && { names, array: header.array, whole }, () => section.entries.map((kv) => kv.key.parts[0]?.name ?? ''));
    // After `[[agents]]`, `[agents.x.tools]` is a table of the array's last element: there is no
    // agent `x` (Mars, which wants `agents` a table, cannot load the file, as `[[agents]]` is told).
    if (names.length >= 2 && OWNERS.has(names[0]!) && roots.has(names[0]!)) {
      out.inElements.add(section);
      continue;
    }
    let sectionTable: ToolsTable | null = null;
    // `[[agents]]`, `[[agents.x]]`: Mars reads each agent (skill) as one table. The keys below
    // `[[agents.x]]` are still read as x's; those below `[[agents]]` name no agent.
    const readUpTo = firstProblemIn(problemStarts, section.span);
    // A header's misspelt part is not renamed where what it makes cannot be known to load: an array
    // of tables (`[[agents.x.tools]]` is refused), or a section not read to its end.
    if (header && (header.array || readUpTo < section.span.end)) {
      for (const p of base) if (meantTools(p.name) || meantOwner(p.name)) out.unsafeRenames.set(p, null);
    }
    if (header?.array && names.length <= 2 && OWNERS.has(names[0]!) && whole) {
      out.shape.push({ ...overlayNotTable(base, header.key.span, () => ARRAY_OF_TABLES), ...(names.length === 2 ? { header } : {}) });
      if (names.length === 1) continue;
    }
    if (section.header && names.length >= 3 && OWNERS.has(names[0]!) && names[2] === 'tools') {
      const owner = { kind: names[0] as OwnerKind, name: names[1]! };
      if (section.header.array && names.length === 3) {
        out.shape.push({ kind: 'tools-array-of-tables', owner, span: section.header.key.span, header: section.header,
          ...saying((q) => `\`tools\` of ${ownerLabel(owner, q)} must be a table, not ${ARRAY_OF_TABLES}`) });
        continue;
      }
      if (names.length === 3) {
        sectionTable = { owner, members: [], spelling: 'section', keyPrefix: '', names: [base[2]!] };
        out.tables.push(sectionTable);
      } else {
        headerBelowTools(out, owner, base.slice(3), section);
        continue;
      }
    }
    // OpenCode's table of patterns of its own below a table meant as `tools` (`[agents.x.permission.bash]`), read whole;
    // under a misspelt owner too (`[agent.x.permission.bash]`), as with the owner spelt right, and below its `tools`
    // itself (`[agent.x.tools.bash]`), as a rule there is (`misplacedList`). Below the `tools` of an owner spelt right
    // (`[agents.x.tools.bash]`), patternFixes.ts says it.
    if (names.length === 4 && header && !header.array && whole && (meantTools(names[2]!) || (names[2] === 'tools' && !OWNERS.has(names[0]!)))) {
      const kind = OWNERS.has(names[0]!) ? names[0] as OwnerKind : meantOwner(names[0]!);
      if (kind) patternSectionRules(out, base, section.entries.filter((kv) => kv.span.start < readUpTo), kind, kind === names[0] ? null : base[0]!);
    }
    // Most sections of a mars.toml are not under [agents] or [skills]: skip them without building
    // paths. (A tools table's header names an owner, so it is never one of them.)
    if (base.length > 0 && !OWNERS.has(names[0]!)) {
      // `[tools]`, `[permissions]`: a root table meant as a policy for every agent. Not `[[tools]]`, nor a table below one (`[tools.x]`).
      const stray = meantOwner(names[0]!) !== null;
      const unowned = names.length === 1 && !header!.array && rootTools(names[0]!);
      // OpenCode's global `permission` with its patterns below a tool, as a converter writes it (`[permission.bash]`).
      if (names.length === 2 && !header!.array && whole && rootTools(names[0]!)) {
        // Not below an array of tables (`[[tools]]`), whose last element it is a table of: asked of `arrays`.
        read.add(names[0]!);
        const rules = roots.has(names[0]!) ? null : patternRules(names[1]!, section.entries.filter((kv) => kv.span.start < readUpTo));
        for (const r of rules?.filter(rootRule) ?? []) {
          out.unowned.push({ keyValue: r.keyValue, list: r.list, key: base[1]!, rule: true, table: base[0]!, pattern: r.pattern });
        }
      }
      if (stray || unowned) {
        for (const kv of section.entries) {
          if (kv.span.start >= readUpTo) continue;
          if (stray) strayOwner(out, doc.text, [...base, ...kv.key.parts], kv, base.length);
          else rootList(out, [...base, ...kv.key.parts], kv);
        }
      }
      continue;
    }
    for (const kv of section.entries) {
      if (sectionTable) {
        sectionTable.members.push({ keyValue: kv, relative: kv.key.parts });
        member(out, doc.text, sectionTable, kv, kv.key.parts);
      } else if (base.length > 0 || OWNERS.has(kv.key.parts[0]?.name ?? '')) {
        visit(out, doc.text, [...base, ...kv.key.parts], base.length, kv, kv.span.start < readUpTo);
      } else if (kv.span.start < readUpTo && meantOwner(kv.key.parts[0]?.name ?? '')) {
        strayOwner(out, doc.text, kv.key.parts, kv, 0);
      } else if (kv.span.start < readUpTo) {
        rootList(out, kv.key.parts, kv);
      }
    }
  }
  out.arraysRead = read.size === 0 ? NO_ARRAYS : sameSet(new Set(rootKeys ? [...OWNERS, ...read] : read));
  return out;
}

/** Where the parser's first problem in `span` is, or the span's end; `starts`: the problems' starts, ascending. */
function firstProblemIn(starts: readonly number[], span: Span): number {
  const i = lastAtOrBefore(starts.length, (k) => starts[k]!, span.start - 1) + 1;
  return i < starts.length && starts[i]! < span.end ? starts[i]! : span.end;
}

/**
 * A key/value of `text` whose full path is `path`; `keyStart` is where its own key begins in the path.
 * `overlays`: whether a value at `agents.x` is judged (not under a header being typed).
 */
function visit(out: Policies, text: string, path: readonly KeyPart[], keyStart: number, kv: KeyValue, overlays = true): void {
  if (path.length === 0 || !OWNERS.has(path[0]!.name)) return;
  if (path.length <= 2) {
    // `agents = { x = { tools = … } }`, `agents.x = { tools = … }`
    const value = kv.value;
    if (value?.kind === 'inline-table') for (const inner of value.entries) visit(out, text, [...path, ...inner.key.parts], path.length, inner, overlays);
    // A string, number, boolean or date cannot be read as one. Nor can a list as `agents` (a map of
    // names); as one agent, Mars's serde reads a struct from a list by position (`agents.x = []`
    // loads), but not from a list of tables (`agents.x = [{ … }]`, the value `[[agents.x]]` makes).
    else if (overlays && value && !(value.kind === 'scalar' && value.type === 'invalid')) {
      // Its key (the path's last part), where hover says it.
      const keyPart = path[path.length - 1]!;
      if (value.kind !== 'array') out.shape.push({ ...overlayNotTable(path, value.span, (q) => describeValue(value, q)), keyPart });
      else if (path.length === 1 || value.items[0]?.kind === 'inline-table') out.shape.push({ ...overlayNotTable(path, value.span, () => 'a list'), keyPart });
    }
    return;
  }
  const owner = { kind: path[0]!.name as OwnerKind, name: path[1]!.name };
  if (path[2]!.name !== 'tools') {
    if (!overlays) return;
    const tools = meantTools(path[2]!.name);
    if (tools) noteRename(out, text, path, keyStart, kv, path[2]!, 'tools');
    // `tool = { allowed = […] }`: the lists of a table one typo from `tools`, written inline.
    if (path.length === 3 && kv.value?.kind === 'inline-table' && tools) {
      for (const inner of kv.value.entries) misplacedList(out, owner, [...path, ...inner.key.parts], inner);
    } else misplacedList(out, owner, path, kv);
    return;
  }
  if (path.length === 3) {
    // `tools = …` (own key, dotted, or inside an inline table)
    const value = kv.value;
    if (!value) return;
    if (value.kind === 'inline-table') {
      const table: ToolsTable = { owner, members: [], spelling: 'inline', keyPrefix: '', names: [path[2]!], inline: value };
      out.tables.push(table);
      for (const inner of value.entries) {
        table.members.push({ keyValue: inner, relative: inner.key.parts });
        member(out, text, table, inner, inner.key.parts);
      }
      return;
    }
    out.shape.push({
      kind: 'tools-not-table', owner, span: value.span, keyValue: kv,
      ...saying((q) => `\`tools\` of ${ownerLabel(owner, q)} must be a table with \`allowed\` and \`disallowed\` lists, not ${describeValue(value, q)}`),
    });
    return;
  }
  // `tools.allowed = …` written as a dotted key: one more spelling of the owner's tools table.
  const prefixParts = kv.key.parts.slice(0, 3 - keyStart);
  const table = dottedTable(out, owner, prefixParts);
  table.names.push(path[2]!);
  const relative = path.slice(3);
  table.members.push({ keyValue: kv, relative });
  member(out, text, table, kv, relative);
}

/**
 * A list whose key is meant for the owner's tools table (see `MisplacedList`): `path` is its full key
 * path, `tools` not its third part, or `ownerPart` (its first) not `agents` or `skills`.
 */
function misplacedList(out: Policies, owner: Owner, path: readonly KeyPart[], kv: KeyValue, ownerPart: KeyPart | null = null, ownerHeader = false): void {
  // A list of no string (`allowed = [1]`) is hardly one of tool names. A string beside the tools
  // table (`allowed = "read"` in `[agents.x]`) was meant as `tools.allowed = ["read"]`.
  const value = kv.value;
  // Under a misspelt owner (`ownerPart`), whose whole root key Mars ignores, what would be said with the owner spelt
  // right is said (`[agent.x]` then `allowed = "read"`), and a list in its `tools` table besides (`[agent.x.tools]`).
  const beside = path.length === 3;
  // One rule of OpenCode's patterns dotted below its tool (`bash."git push" = "deny"`), read as in `tools`
  // (patternFixes.ts, `patternTableOfKey`): the tool is the key, the path one part longer. Below a header naming
  // the tool (`[agents.x.permission.bash]`), the table is read whole (`patternSectionRules`).
  const dottedRule = path.length === 5 && kv.key.parts.includes(path[3]!) ? path[4]! : null;
  const tools = (path.length === 4 || dottedRule) && meantTools(path[2]!.name) ? path[2]! : null;
  // Under a misspelt owner, its `tools` table holds lists, and strings where they go, as one meant as `tools` does, and
  // map-form rules, OpenCode's patterns dotted below the tool too (`bash."git *" = "allow"`): the owner renamed, such a rule is a key Mars ignores there still, told so with its move
  // (`unknown-policy-key`), but until then it is said with the owner, which Mars ignores whole, not left unsaid.
  const inTools = ownerPart !== null && (path.length === 4 || dottedRule !== null) && path[2]!.name === 'tools';
  const key = dottedRule ? path[3]! : path[path.length - 1]!;
  // A map-form rule in a table meant as `tools` (`[agents.x.tool]` then `bash = "allow"`, OpenCode's
  // `[agents.x.permission]` then `edit = false`): ignored there as a list is. So is OpenCode's table of
  // patterns below the tool (`bash = { "git *" = "allow" }`), read as its first rule that moves: in
  // `tools`, it gets its move (patterns.ts). Not `"ask"` alone, nor a dotted pattern
  // (`bash."git push" = "allow"`), which makes the path longer than a rule's: no verdict Mars could read.
  // A verdict one typo from `"allow"` or `"deny"` (`bash = "alow"`, `bash."x *" = "alow"`) is read as the one meant, as in a
  // tools table (moves.ts, `mapFormList`), where the rename puts it, told so then with its move (`unknown-policy-key`).
  // A dotted one is read as a pattern is (`patternRules`): below a name that is no tool (`foo."x *"`), none.
  const rule = (tools !== null || inTools) && dottedRule ? patternRules(key.name, [{ ...kv, key: { ...kv.key, parts: [dottedRule] } }], true)?.find(movable)?.list ?? null
    : (tools !== null || inTools) && meantList(key.name) === null ? verdictList(value) ?? patternTableList(key.name, kv) ?? misspeltVerdictList(value) : null;
  // A string in a table meant as `tools` (`[agents.x.tool]` then `allowed = "read"`) is as much a list
  // Mars does not read as `allowed = ["read"]` there; not a verdict (`deny = "allow"`), which names no tool.
  const string = value?.kind === 'string' && (beside || ((tools !== null || inTools) && holdsListValue(value)));
  if (rule === null && !string && !mayListTools(value)) return;
  if (!beside && tools === null && !inTools) return;
  // `tools` itself written as the list beside a misspelt owner's table (`[agent.x]` then `tools = ["read"]`), meant as its
  // `allowed` as at the root: with the owner spelt right it is a shape Mars refuses (`invalid-tool-policy`), so not left unsaid.
  const list = rule ?? (ownerPart !== null && beside && key.name === 'tools' ? 'allowed' : meantList(key.name));
  if (list) out.misplaced.push({ owner, keyValue: kv, list, key, tools, ownerPart, ownerHeader, beside, rule: rule !== null, ...(dottedRule ? { pattern: dottedRule } : {}) });
}

/**
 * OpenCode's table of patterns of its own in a table meant as `tools` (`[agents.x.permission.bash]` then
 * `"git push" = "deny"`): each rule that moves, read as the table is read whole in `tools` (patternFixes.ts,
 * `patternTableOfSection`), so one key that is no rule makes none of them one. `entries`: those read;
 * `ownerPart`: the owner's key where it is misspelt (`agent`), else null.
 */
function patternSectionRules(out: Policies, base: readonly KeyPart[], entries: readonly KeyValue[], kind: OwnerKind, ownerPart: KeyPart | null): void {
  const owner = { kind, name: base[1]!.name };
  // A verdict one typo from `"allow"` or `"deny"` too, as a rule dotted there is (`misplacedList`).
  for (const r of patternRules(base[3]!.name, entries, true)?.filter(movable) ?? []) {
    out.misplaced.push({ owner, keyValue: r.keyValue, list: r.list, key: base[3]!, tools: base[2]!, ownerPart, ownerHeader: ownerPart !== null, beside: false, rule: true, pattern: r.pattern });
  }
}

/** The list the first rule of OpenCode's table of patterns (`bash = { "git *" = "allow" }`) that moves goes in, or null for none. */
function patternTableList(tool: string, kv: KeyValue): ListName | null {
  return inlinePatternRules(tool, kv, true)?.find(movable)?.list ?? null;
}

/**
 * A rule of OpenCode's patterns at the root that moves, of a verdict it writes there (`"allow"`, `"deny"`): not a
 * boolean, which OpenCode writes for a tool, not a pattern, so that below a tool (`[tools.edit]` then `enabled = true`)
 * is as likely a project's own setting (as `debug = true` in `[tools]` is, see `unownedList`).
 */
const rootRule = (r: PatternRule): r is PatternRule & { readonly list: ListName; readonly entry: string } => movable(r) && r.keyValue.value?.kind === 'string';

/**
 * Whether a root table's name was meant as a tool policy: `tools` itself (no root key of Mars's),
 * or what `meantTools` reads as meant for it (`tool`, `permissions`, `permission`).
 */
export const rootTools = (name: string): boolean => name === 'tools' || meantTools(name);

/**
 * Whether a section under a header whose first name is `name` is analysed whole, never cut in pieces
 * (toml/chunks.ts): a root table meant as `tools` (`[permission]`, `[tools]`) or as `agents` or
 * `skills` (`[agent]`), whose lists and rules one finding on its name says together; a piece would
 * say its own alone (a root `[permission]` of 800 rules: "… and 4 more").
 */
export const readWhole = (name: string): boolean => rootTools(name) || meantOwner(name) !== null;

/**
 * A key/value at the root, `path` its full key path: a list there (`allowed = […]`), or in a root
 * table meant as `tools` (`tools.allowed`, `[permissions]` then `deny`, `tools = { … }`), is a
 * policy of no agent or skill (see `UnownedList`). Deeper keys are not (`tools.x.allowed`): a
 * table below it is no more a policy under an owner (`tool.sub.allowed`).
 */
function rootList(out: Policies, path: readonly KeyPart[], kv: KeyValue): void {
  const first = path[0];
  if (!first) return;
  const table = rootTools(first.name);
  if (path.length === 1 && table && kv.value?.kind === 'inline-table') {
    for (const inner of kv.value.entries) rootList(out, [first, ...inner.key.parts], inner);
  } else if (path.length === 1 && first.name === 'tools') {
    // A list written where the table goes (`tools = ["read"]`, `tools = "read"`), as an agent's
    // `tools = [...]` is meant as its `allowed`. Only `tools` itself: a root `permissions = [...]` may be a project's own.
    unownedList(out, null, first, kv, 'allowed');
  } else if (path.length === 1 && !table) unownedList(out, null, first, kv);
  else if (path.length === 2 && table) unownedList(out, first, path[1]!, kv);
  else if (path.length === 3 && table && kv.key.parts.includes(path[1]!)) {
    // One rule of OpenCode's patterns dotted below its tool (`[permission]` then `bash."git push" = "deny"`), as in an agent's.
    const list = dottedPatternRules(path[1]!.name, path[2]!, kv)?.find(rootRule)?.list;
    if (list) out.unowned.push({ keyValue: kv, list, key: path[1]!, rule: true, table: first, pattern: path[2]! });
  }
}

/** `kv`, its key `key`, in the root table `table` (or at the root, null), as the list it is meant as, if any: read as `misplacedList` reads one. */
function unownedList(out: Policies, table: KeyPart | null, key: KeyPart, kv: KeyValue, meant = meantList(key.name)): void {
  const value = kv.value;
  // A map-form rule only in a table meant as `tools` (OpenCode's root `[permission]`, `[tools]`); a
  // key of the root itself (`bash = "allow"`) is no more a rule than beside an agent's tools table.
  // A boolean only under a name Mars knows as a tool (`webfetch = false`): a root `[tools]` of a
  // project's own settings (`debug = true`) is none.
  const known = value?.kind !== 'scalar' || parsedKind(key.name) !== 'unknown';
  const rule = table !== null && meant === null && known ? verdictList(value) ?? inlinePatternRules(key.name, kv)?.find(rootRule)?.list ?? null : null;
  const string = value?.kind === 'string' && holdsListValue(value);
  if (rule === null && !string && !mayListTools(value)) return;
  const list = rule ?? meant;
  if (list) out.unowned.push({ keyValue: kv, list, key, rule: rule !== null, table });
}

/**
 * A key/value under a table one typo from `agents` or `skills` (`agent.x.tools.allowed`,
 * `[agent.x.tools]`): `path` its full key path, of which a header wrote the first `header` parts.
 */
function strayOwner(out: Policies, text: string, path: readonly KeyPart[], kv: KeyValue, header: number): void {
  const value = kv.value;
  if (path.length < 4 && value?.kind === 'inline-table') {
    for (const inner of value.entries) strayOwner(out, text, [...path, ...inner.key.parts], inner, header);
    return;
  }
  const meant = meantOwner(path[0]!.name);
  if (meant) noteRename(out, text, path, header, kv, path[0]!, meant);
  if (meant && path.length >= 3) misplacedList(out, { kind: meant, name: path[1]!.name }, path, kv, path[0]!, header >= 2);
}

/**
 * Notes `part` as unsafe to rename to `name` when `kv` (at `path`, its own key from `keyStart`)
 * would then be read as Mars reads an owner's tools and be refused: a list that is not one of names
 * Mars accepts, `mcp`, `tools` not a table. Judged by reading it so, on the side.
 */
function noteRename(out: Policies, text: string, path: readonly KeyPart[], keyStart: number, kv: KeyValue, part: KeyPart, name: string): void {
  if (out.unsafeRenames.has(part)) return;
  const side = emptyPolicies();
  visit(side, text, path.map((p) => (p === part ? { ...p, name } : p)), keyStart, kv);
  // A string where a list goes (`allowed = "read"`) in a table meant as `tools` is no reason: it is a
  // misplaced list of its own, whose fix renames the table only as it wraps the string in brackets
  // (listFixes.ts, `strayStringFixes`), never alone. Under a misspelt owner, the owner's rename would put one in its
  // `tools` table (`[agent.x.tools]`) in force as it is, refused: no rename (its misplaced list gets no fix).
  const wrapped = (p: ShapeProblem) => name === 'tools' && p.kind === 'list-not-array' && p.keyValue?.value?.kind === 'string' && holdsListValue(p.keyValue.value);
  // Nor `tools` itself written as the list beside the owner's table (`[agent.x]` then `tools = ["read"]`), which the owner's
  // rename renames `tools.allowed` (`isToolsAsList`), its string made a list, where each of its names is one Mars accepts.
  const renamedWith = (p: ShapeProblem) => name !== 'tools' && p.kind === 'tools-not-table' && p.keyValue === kv && path.length === 3 && toolsAsListValue(kv.value);
  const shape = side.shape.find((p) => !wrapped(p) && !renamedWith(p));
  const mcp = side.extraKeys.some((k) => k.name.name === 'mcp');
  // Of `tools` written as the list, renamed with the owner only where it holds names alone: the first that is none.
  const asList = shape?.kind === 'tools-not-table' && shape.keyValue === kv && kv.value?.kind === 'array' ? kv.value.items : [];
  const entry = side.entries.map((e) => e.string).concat(asList.filter((i) => i.kind === 'string')).find((str) => !parseToolName(str.value).ok);
  const refused = mcp ? (q: Quote) => `its ${q('mcp')} would stop Mars's load (${q('tools.mcp')} was removed: name MCP servers in ${q('allowed')} as ${q('mcp(server)')} first)`
    : entry ? (q: Quote) => `${q(entry.value)} would stop Mars's load, as it is no tool name Mars accepts`
    : shape ? (q: Quote) => `Mars would refuse it, as ${shape.says(q)}` : null;
  if (refused) out.unsafeRenames.set(part, refused);
}

/** Why the key part `part` at fault is not renamed for you, as a sentence after one; '' where nothing written says it. */
export function notRenamed(policies: Policies, part: KeyPart, quote: Quote): string {
  const why = policies.unsafeRenames.get(part);
  return why ? ` Not renamed for you: there, ${why(quote)}.` : '';
}

/** Whether `tools` written as a list (`tools = ["read"]`, `tools = "read"`) holds only names Mars accepts, strings of them between commas too. */
function toolsAsListValue(value: TomlValue | null | undefined): boolean {
  if (value?.kind === 'string') return holdsListValue(value);
  return value?.kind === 'array' && value.items.every((i) => i.kind === 'string' && parseToolName(i.value).ok);
}

/** The dotted-key tools tables found so far, by owner and key prefix (a file has thousands). */
const dottedIndex = new WeakMap<Policies, Map<string, ToolsTable>>();

function dottedTable(out: Policies, owner: Owner, prefixParts: readonly KeyPart[]): ToolsTable {
  const keyPrefix = prefixParts.map((p) => p.name).join('.') + '.';
  let index = dottedIndex.get(out);
  if (!index) dottedIndex.set(out, (index = new Map()));
  const id = `${ownerKey(owner)}\u0000${keyPrefix}`;
  const found = index.get(id);
  if (found) return found;
  const table: ToolsTable = { owner, members: [], spelling: 'dotted', keyPrefix, names: [] };
  index.set(id, table);
  out.tables.push(table);
  return table;
}

/** What one owner's policy is written as: its tools tables, lists and shape problems. */
export interface OwnPolicy {
  readonly tables: ToolsTable[];
  readonly lists: Policies['lists'];
  readonly shape: ShapeProblem[];
}

const NO_POLICY: OwnPolicy = { tables: [], lists: [], shape: [] };
const ownIndex = new WeakMap<Policies, Map<string, OwnPolicy>>();

/**
 * What `owner` writes, from an index of the policies made once: a fix of one owner's key asks, and a
 * section of thousands of owners each with one such key made it quadratic to walk them all.
 */
export function ownPolicy(policies: Policies, owner: Owner): OwnPolicy {
  let index = ownIndex.get(policies);
  if (!index) {
    const made = new Map<string, OwnPolicy>();
    const of = (o: Owner) => {
      const key = ownerKey(o);
      let own = made.get(key);
      if (!own) made.set(key, (own = { tables: [], lists: [], shape: [] }));
      return own;
    };
    for (const t of policies.tables) of(t.owner).tables.push(t);
    for (const l of policies.lists) of(l.owner).lists.push(l);
    for (const p of policies.shape) of(p.owner).shape.push(p);
    ownIndex.set(policies, (index = made));
  }
  return index.get(ownerKey(owner)) ?? NO_POLICY;
}

/** The first closed `list` of an owner, where a fix can append to it. */
export function listOf(policies: Policies, owner: Owner, list: ListName): Policies['lists'][number] | undefined {
  return ownPolicy(policies, owner).lists.find((l) => l.list === list && l.array.closed);
}

/**
 * Where a new rule for an owner's `list` goes: the closed list to append to, `new` when the owner
 * writes no such list yet (a new key/value), or null when it writes one that cannot take it (a
 * string, a table, an unclosed list, a key whose value is not read: a second `allowed` would be a
 * TOML error).
 */
export function listTarget(policies: Policies, owner: Owner, list: ListName): Policies['lists'][number] | 'new' | null {
  const found = listOf(policies, owner, list);
  if (found) return found;
  const own = ownPolicy(policies, owner);
  const written = own.lists.some((l) => l.list === list) || own.shape.some((p) => p.list === list) || policies.valueless.some((v) => v.list === list && sameOwner(v.owner, owner));
  return written ? null : 'new';
}

/** A key/value of `text` inside a tools table, `relative` being its key below `tools`. */
function member(out: Policies, text: string, table: ToolsTable, kv: KeyValue, relative: readonly KeyPart[]): void {
  const owner = table.owner;
  const first = relative[0];
  if (!first) return;
  const name = first.name;
  if ((name === 'allowed' || name === 'disallowed') && relative.length === 1) {
    list(out, text, owner, name, kv, table.spelling === 'inline');
    return;
  }
  // A longer key (`allowed.x = […]`; the key alone is the list, above): a table where the list goes.
  if (name === 'allowed' || name === 'disallowed') {
    out.shape.push(listIsTable(owner, name, kv.key.span, 'a table', { keyValue: kv, keyPart: first }));
    return;
  }
  out.extraKeys.push({ owner, table, keyValue: kv, name: first });
}

/**
 * A string of `text` written where a list goes with more values after it on its line, commas between
 * them, which make a list without its brackets (`allowed = "read", "grep"`, a syntax error): where
 * they end, the list in brackets they read as (as written) and its values; null where there are no
 * more, or they read as no list (`"a", b`). What the syntax error's message says to write, the fix of
 * the string writes, and the example of its message shows. `inline`: the string is an inline
 * table's value, whose comma after the values is the table's.
 */
export function listAfterString(text: string, str: TomlString, inline = false): ReturnType<typeof listWithoutBrackets> {
  return isOpenMultiline(str) ? null : listWithoutBrackets(text, str.span.start, inline);
}

/**
 * A string of `text` written where a list goes, as the list its fix makes of it (`"read, grep"`:
 * `["read", "grep"]`; `"read", "grep"` after the key: as written); null where that is no list of
 * names Mars takes (`"bash("`, `"grep", 1`, a string left open).
 */
function stringAsList(text: string, str: TomlString, inline: boolean): string | null {
  if (!str.terminated) return null;
  const run = listAfterString(text, str, inline);
  if (run) return run.values.every((v) => typeof v === 'string' && parseToolName(v).ok) ? run.list : null;
  const names = namesBetweenCommas(str.value)?.map((n) => n.name) ?? (parseToolName(str.value).ok ? [str.value] : null);
  return names && stringList(names);
}

function list(out: Policies, text: string, owner: Owner, name: ListName, kv: KeyValue, inline: boolean): void {
  const value = kv.value;
  if (!value) {
    // Half typed (`allowed =`), or a syntax error before the value: the TOML syntax error says it.
    out.valueless.push({ owner, list: name });
    return;
  }
  if (value.kind !== 'array') {
    // A string of names: the example is the list of them its fix writes (`allowed = "grep"`: `["grep"]`, not `["read"]`).
    const example = value.kind === 'string' ? stringAsList(text, value, inline) : null;
    out.shape.push({ kind: 'list-not-array', owner, span: value.span, keyValue: kv, list: name, ...(inline ? { inline } : {}),
      ...saying((q) => `${q(name)} of ${ownerLabel(owner, q)} must be a list of tool names, such as ${example === null ? `\`${name} = ["read"]\`` : q(`${name} = ${example}`)}`) });
    return;
  }
  out.lists.push({ owner, list: name, array: value, keyValue: kv });
  value.items.forEach((item: TomlValue, index) => {
    if (item.kind === 'string') out.entries.push({ owner, list: name, index, string: item, array: value });
    else
      out.shape.push({ kind: 'entry-not-string', owner, span: item.span, list: name,
        ...saying((q) => `${q(name)} of ${ownerLabel(owner, q)} holds tool names in quotes; this entry is ${describeValue(item, q)}`) });
  });
}

/** `allowed` or `disallowed` written as `what`: a table (`allowed.x = […]`, `[agents.x.tools.allowed]`) or an array of tables. */
const listIsTable = (owner: Owner, list: ListName, span: Span, what: string, at: Pick<ShapeProblem, 'keyValue' | 'keyPart'> = {}): ShapeProblem =>
  ({ kind: 'list-is-table', owner, span, list, ...at, ...saying((q) => `${q(list)} of ${ownerLabel(owner, q)} must be a list of tool names, not ${what}`) });

function headerBelowTools(out: Policies, owner: Owner, below: readonly KeyPart[], section: Section): void {
  const { key, array } = section.header!;
  const name = below[0]!.name;
  if (name === 'allowed' || name === 'disallowed') {
    // `[[agents.x.tools.allowed]]` makes the list one of tables; `[[….allowed.y]]`, a table holding one.
    out.shape.push(listIsTable(owner, name, key.span, array && below.length === 1 ? ARRAY_OF_TABLES : 'a table', { keyPart: below[0]! }));
  } else if (name === 'mcp') {
    out.shape.push({ kind: 'list-is-table', owner, span: key.span, keyPart: below[0]!,
      ...saying(() => TOOLS_MCP_REMOVED) });
  } else {
    out.extraTables.push({ owner, name: below[0]!, section });
  }
}

/** `agents`, `agents.x` (or `skills…`) written as something other than a table. */
function overlayNotTable(path: readonly KeyPart[], span: Span, what: (quote: Quote) => string): ShapeProblem {
  const kind = path[0]!.name as OwnerKind;
  const owner = { kind, name: path[1]?.name ?? '' };
  const says = (q: Quote) => path.length === 1
    ? `${q(kind)} must be a table of ${kind} by name (${q(`[${kind}.<name>]`)}), not ${what(q)}: Mars cannot load the file`
    : `${ownerLabel(owner, q)} must be a table (${q(`[${dotted([kind, path[1]!.name])}]`)}), not ${what(q)}: Mars cannot load the file`;
  return { kind: 'overlay-not-table', owner, span, ...saying(says) };
}

function describeValue(value: TomlValue, quote: Quote): string {
  switch (value.kind) {
    case 'array': return 'a list';
    case 'inline-table': return 'a table';
    case 'string': return 'a string';
    default: return value.type === 'invalid' ? quote(value.text) : value.type === 'integer' ? 'an integer' : `a ${value.type}`;
  }
}

/** The kind of name Mars reads `name` as (`builtin` for `webfetch`, `unknown` for `debug`), or null where it rejects it. */
function parsedKind(name: string): string | null {
  const parsed = parseToolName(name);
  return parsed.ok ? parsed.name.kind : null;
}

/** Whether `value` is a list that may be a tool list: one holding a string, or an empty one (`[1]` is none). */
const mayListTools = (value: TomlValue | null): boolean => value?.kind === 'array' && (value.items.length === 0 || value.items.some((i) => i.kind === 'string'));
