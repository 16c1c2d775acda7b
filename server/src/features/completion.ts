// Completion of tool names: in the strings of `allowed`/`disallowed` (every spelling of a tools
// table), in one Mars reads as no entry for its value's shape (`allowed = "gr"`) and in a list Mars
// does not read that is meant as a tool list (`[agents.x]` then `allowed = [""]`), on an empty slot
// of those lists (quotes inserted), and for the keys and map-form values of a tools table. Every item
// carries an explicit textEdit: `(`, `:`, `/` and `*` are not word characters, so the client's word
// range would be wrong. An item's detail is one short phrase of plain text (VS Code shows it as
// written, beside the list and above the documentation, where a narrow pane breaks it mid-word); its
// documentation, Markdown, says the rest and does not repeat it.

import {
  type Command, type CompletionItem, CompletionItemKind, type CompletionList, InsertTextFormat, MarkupKind, type Position, type Range, type TextEdit,
} from 'vscode-languageserver';
import type { Analysis } from '../analysis/analyze';
import { definesOutside, type DocumentAnalysis, OwnersNamed, ownersOutside, placed, type Unit } from '../analysis/document';
import { CODES, type Code } from '../analysis/codes';
import { appendToArray } from '../analysis/edits';
import { mapFormAdvice } from '../analysis/moves';
import { conflictSays, heldByOtherList } from '../analysis/listsHold';
import { listTarget, OWNERS, sameOwner, type ListName, type Owner, type OwnerKind, type Policies } from '../analysis/policies';
import { capitalized, eqIgnoreAsciiCase, rustTrim, rustTrimStart, shown } from '../grammar/text';
import { parseToolName, render } from '../grammar/toolName';
import { CAPABILITIES, type Capability } from '../grammar/vocabulary';
import { lineEndAt, lineStartAt, positionsOf, type Lines } from '../toml/lineIndex';
import { basicString, escapeBasic, fitsLiteral, stringList } from '../toml/strings';
import type { Span, TomlArray, TomlString } from '../toml/model';
import { charEnd, decodeBasic, indexOfDecoded } from '../toml/stringPositions';
import {
  aliasesMarkdown, ANY_MEANING, ANY_NOTE, code, filterTextOf, LIST_MEANING, LIST_NOTE, MCP_MEANING, MCP_SNIPPET, OWNER_NAMED, scopeMarkdown, snippetEscape, snippetOf, startsLike, TOOLS_MEANING,
  type Snippet,
} from './describe';
import { cursorContext, suppressionCodeAt, ALL_CODES, type CursorContext, type EntryContext, type HeaderContext, type KeyContext, type ListValueContext, type OwnerKeyContext, type SlotContext, type ToolsValueContext, type ValueContext } from './context';
import { mcpServerNames } from './mcpServers';
import { plainText } from './plainText';

/**
 * Whether the document defines something at or below a key path (`below`), or a table header at
 * exactly that path (`header`), in a section other than the one completion looks at: a new
 * `allowed` written here would then clash with it.
 */
export type DefinedElsewhere = (path: readonly string[], how: 'below' | 'header') => boolean;

/**
 * Completion at `position` in the section `unit` of a document, told what its other sections define and
 * the owners they name: as the server asks it (and the tests that stand in for it).
 */
export function completionsInDocument(da: DocumentAnalysis, unit: Unit, position: Position, mcpServers: readonly string[], suggest: Command | null = null): CompletionItem[] | CompletionList | null {
  return completions(placed(da, unit), position, mcpServers, (path, how) => definesOutside(da, unit, path, how), suggest, (kind) => ownersOutside(da, unit, kind));
}

/**
 * Completion at `position`. `mcpServers`: the workspace's MCP server names, any order, cleaned
 * here. `suggest`: the client's command that opens the completion list (VS Code's
 * `editor.action.triggerSuggest`), carried by the items that leave the cursor where a tool name goes
 * next (`allowed = [|]`); null for a client that has none. Null where the cursor is not on a tool
 * name, or a key or value of a tools table.
 */
export function completions(
  analysis: Analysis,
  position: Position,
  mcpServers: readonly string[],
  elsewhere: DefinedElsewhere = () => false,
  suggest: Command | null = null,
  ownersElsewhere: OwnersElsewhere = (kind) => new OwnersNamed(kind),
): CompletionItem[] | CompletionList | null {
  const offset = analysis.lines.offset(position);
  const codes = suppressionCodeItems(analysis, offset);
  if (codes) return codes;
  const ctx = cursorContext(analysis, offset);
  if (!ctx) return null;
  const servers = ctx.kind === 'entry' || ctx.kind === 'slot' || ctx.kind === 'list-value' || (ctx.kind === 'key' && ctx.quoted) ? mcpServerNames(mcpServers) : [];
  // The word typed so far, as the client filters on it: from the start of the replaced range; the
  // blanks before it in a string (`" Sh|"`, or a no-break space: the white space Mars trims) lead no
  // spelling. What it spells: in a basic string or key, its escapes decoded (`"\u0053h|"` is `Sh`).
  const typed = analysis.doc.text.slice(ctx.range.start, offset);
  const spelt = { typed, word: withoutBlanks(inBasicString(ctx, analysis.doc.text) ? decodeBasic(typed) : typed) };
  const word = spelt.word;
  switch (ctx.kind) {
    case 'entry':
      return forWord(entryItems(analysis, ctx, servers, word), spelt);
    case 'slot':
      return forWord(slotItems(analysis, ctx, servers, word), spelt);
    case 'key':
      return forWord(keyItems(analysis, ctx, elsewhere, word, suggest, offset, servers), spelt);
    case 'value':
      return forWord(valueItems(analysis.lines, analysis.policies, ctx), spelt);
    case 'list-value':
      return forWord(listValueItems(analysis, ctx, servers, word), spelt);
    case 'tools-value':
      return toolsValueItems(analysis, ctx, elsewhere, suggest);
    case 'owner-key':
      return forWord(ownerKeyItems(analysis, ctx, elsewhere, suggest), spelt);
    case 'header':
      return forWord(headerItems(analysis, ctx, ownersElsewhere), spelt);
  }
}

/** The agents (or skills) that sections other than the one completion looks at name, each with whether its tools table is written there. */
export type OwnersElsewhere = (kind: OwnerKind) => OwnersNamed;

/**
 * A part of a table header's name after `agents.` or `skills.`: the tools table of each agent (or skill)
 * the file names but for the word typed (`[agents.|]`: `reviewer.tools`, quoted where not bare), and on an
 * owner's name `tools` (`[agents.x.to|]`); none that a section writes already, here or elsewhere
 * (`OwnersNamed`), which the header would define again. Not `agents` or `skills` before it: where the header
 * then names a table written already (`[agents]` twice, or `agents.x = …` at the root), it would break the file.
 */
function headerItems(analysis: Analysis, ctx: HeaderContext, ownersElsewhere: OwnersElsewhere): CompletionItem[] {
  const range = positionsOf(analysis.lines, ctx.range);
  const [kind, name, ...more] = ctx.parts;
  if (kind === undefined || !OWNERS.has(kind) || more.length > 0) return [];
  const owners = kind as OwnerKind;
  // Here, in a header or a key (`[agents.x]`, `x.tools.allowed` under `[agents]`), and in the other sections.
  const here = new OwnersNamed(kind);
  for (const { path, holds } of pathsWritten(analysis, ctx.header)) here.add(path, holds);
  const elsewhere = ownersElsewhere(owners);
  const free = (n: string) => !here.toolsWritten(n) && !elsewhere.toolsWritten(n);
  const item = (label: string, newText: string, about: string, i: number): CompletionItem => ({
    label, kind: CompletionItemKind.Module, ...described(about), sortText: `${RANK.key}${pad(i)}`, textEdit: { range, newText },
  });
  if (name !== undefined) return free(name) ? [item('tools', 'tools', TOOLS_MEANING, 0)] : [];
  if (ctx.partsFollow) return [];
  const names = new Set([...elsewhere.names.keys(), ...here.names.keys()]);
  names.delete(analysis.doc.text.slice(ctx.range.start, ctx.range.end));
  return [...names].filter(free).sort().map((n, i) => item(`${n}.tools`, `${/^[A-Za-z0-9_-]+$/.test(n) ? n : basicString(n)}.tools`, `${OWNER_NAMED[owners]} ${TOOLS_MEANING}`, i));
}

/**
 * The key paths the sections of `analysis` write, but for the one whose header is at `except` (being typed, its
 * keys below it too): each header's, then each key's; `holds`, where what it writes holds the paths below it
 * (an array of tables, an inline table).
 */
function* pathsWritten(analysis: Analysis, except: Span): Generator<{ readonly path: readonly string[]; readonly holds: boolean }> {
  for (const section of analysis.doc.sections) {
    if (section.header?.span.start === except.start) continue;
    const base = section.header?.key.parts.map((p) => p.name) ?? [];
    if (section.header) yield { path: base, holds: section.header.array };
    for (const kv of section.entries) yield { path: [...base, ...kv.key.parts.map((p) => p.name)], holds: kv.value?.kind === 'inline-table' };
  }
}

/**
 * In the code list of a `# mars-ignore:` or `# mars-ignore-file:` comment (not its `-- reason`):
 * the codes a comment can silence, each with its default severity and its summary (as hover on one
 * says them), and `all`; not those the list names already. Null elsewhere.
 */
function suppressionCodeItems(analysis: Analysis, offset: number): CompletionList | null {
  const at = suppressionCodeAt(analysis, offset);
  if (!at) return null;
  const range = positionsOf(analysis.lines, at.word);
  const word = analysis.doc.text.slice(at.word.start, at.word.end);
  const item = (label: string, sort: number, detail: string, ...more: string[]): CompletionItem =>
    ({ label, kind: CompletionItemKind.EnumMember, ...described(detail, ...more), sortText: pad(sort), textEdit: { range, newText: label } });
  const codes = (Object.keys(CODES) as Code[]).filter((c) => c !== 'toml-syntax');
  const items = [...codes.map((c, i) => item(c, i, `${CODES[c].severity} by default`, CODES[c].summary)), item('all', codes.length, ALL_CODES)]
    .filter((i) => !at.listed.has(i.label) || word === i.label);
  // A code typed with a capital (`Non`): its filter text in that case, as for a tool name.
  const typed = analysis.doc.text.slice(at.word.start, offset);
  return forWord(items, { typed, word: typed });
}

/** The text typed (from the start of the replaced range to the cursor), and the word it spells. */
interface Spelt {
  readonly typed: string;
  /** Without the blanks before it, and a basic string's escapes decoded. */
  readonly word: string;
}

/** Whether the text typed at `ctx` is in a basic string or quoted key, whose escapes spell other characters. */
function inBasicString(ctx: CursorContext, text: string): boolean {
  switch (ctx.kind) {
    case 'entry':
      return !ctx.literal;
    case 'key':
      return ctx.quoted && text[ctx.range.start - 1] === '"';
    case 'value':
      return ctx.inString && text[ctx.range.start - 1] === '"';
    default:
      return false;
  }
}

/**
 * Items whose filter texts lead with the spelling the typed word begins (`filterTextOf`), as it was
 * typed (`asTyped`): written for that word, so the list is incomplete and the client asks again as
 * the word grows instead of filtering these texts with a longer one (a request takes a few
 * milliseconds, even on a 1 MB file).
 */
const forWord = (items: CompletionItem[], spelt: Spelt): CompletionList => ({ isIncomplete: true, items: items.map((i) => asTyped(i, spelt)) });

/**
 * `item` with the start of its filter text (or label) as the word was typed, when it spells that
 * word but for ASCII case (`Bash` typed, `bash shell …`; `Allo`, `allowed`), a `-` for `_`
 * (`ask-u`, `ask-user …`) or escapes (`\u0053h`, `shell …`). VS Code matches ignoring case; Neovim's built-in completion keeps only an item whose
 * filter text starts with the typed word as written (with 'smartcase', always once the word has a
 * capital), and dropped the canonical name of every spelling typed with capitals; both read the
 * text as written, and dropped every item after an escape.
 */
function asTyped(item: CompletionItem, { typed, word }: Spelt): CompletionItem {
  const filter = item.filterText ?? item.label;
  if (filter.startsWith(typed)) return item;
  // Blanks typed before the word (`" Sh|"`, which the edit replaces with the rest, as Mars trims
  // them) lead the filter text too, or Neovim's prefix match would drop every item; and VS Code's
  // match, which skips only spaces and tabs, every item after a no-break space.
  if (!startsLike(filter, word)) return item;
  return { ...item, filterText: typed + filter.slice(word.length) };
}

/** `typed` without the white space Mars trims before a name (space, tab, a no-break space…). */
const withoutBlanks = (typed: string): string => typed.slice(rustTrimStart(typed));

/**
 * The items for a client without snippet support: each snippet as the text it would insert with
 * every placeholder left at its default (`bash(${1:command} *)` -> `bash(command *)`, `${1|a,b|}` -> `a`).
 */
function withoutSnippets(result: CompletionItem[] | CompletionList | null): CompletionItem[] | CompletionList | null {
  if (result === null) return null;
  const plain = (item: CompletionItem): CompletionItem => {
    if (item.insertTextFormat !== InsertTextFormat.Snippet) return item;
    // Written as plain text, the cursor lands after the item's text, not inside its brackets: no list to reopen there.
    const { command: _, ...rest } = item;
    const out: CompletionItem = { ...rest, insertTextFormat: InsertTextFormat.PlainText };
    if (item.textEdit) out.textEdit = { ...item.textEdit, newText: snippetText(item.textEdit.newText) };
    if (item.insertText !== undefined) out.insertText = snippetText(item.insertText);
    return out;
  };
  return Array.isArray(result) ? result.map(plain) : { ...result, items: result.items.map(plain) };
}

/** What a client takes of completion items, from its `initialize`. */
export interface CompletionClient {
  readonly snippets: boolean;
  readonly markdown: boolean;
  /** The item kinds it declared besides the protocol's first eighteen, which every client takes. */
  readonly kinds: ReadonlySet<number>;
}

/** The completion item kinds of the protocol's first version. */
const FIRST_KINDS = 18;
/** A kind added later, as the nearest of the first ones, for a client that did not declare it. */
const OLDER_KIND: Readonly<Record<number, CompletionItemKind>> = {
  [CompletionItemKind.Folder]: CompletionItemKind.File,
  [CompletionItemKind.EnumMember]: CompletionItemKind.Enum,
  [CompletionItemKind.Constant]: CompletionItemKind.Value,
  [CompletionItemKind.Struct]: CompletionItemKind.Class,
  [CompletionItemKind.Event]: CompletionItemKind.Field,
  [CompletionItemKind.Operator]: CompletionItemKind.Keyword,
  [CompletionItemKind.TypeParameter]: CompletionItemKind.Variable,
};

/** The items as `client` takes them: snippets as plain text, Markdown documentation as plain text, later kinds as older ones. */
export function itemsAsClientTakes(result: CompletionItem[] | CompletionList | null, client: CompletionClient): CompletionItem[] | CompletionList | null {
  if (!client.snippets) result = withoutSnippets(result);
  if (result === null) return null;
  const one = (item: CompletionItem): CompletionItem => {
    let out = item;
    if (!client.markdown && typeof item.documentation === 'object' && item.documentation.kind === MarkupKind.Markdown) {
      out = { ...out, documentation: plainText(item.documentation.value) };
    }
    if (item.kind !== undefined && item.kind > FIRST_KINDS && !client.kinds.has(item.kind)) {
      const { kind: _, ...rest } = out;
      const older = OLDER_KIND[item.kind];
      out = older === undefined ? rest : { ...rest, kind: older };
    }
    return out;
  };
  return Array.isArray(result) ? result.map(one) : { ...result, items: result.items.map(one) };
}

/** A snippet body as plain text (LSP snippet grammar: `$1`, `${1}`, `${1:default}`, `${1|a,b|}`, `\\` escapes). */
export function snippetText(snippet: string): string {
  let i = 0;
  const body = (stop: string): string => {
    let out = '';
    while (i < snippet.length && !stop.includes(snippet[i]!)) {
      const c = snippet[i]!;
      if (c === '\\' && i + 1 < snippet.length) {
        out += snippet[i + 1];
        i += 2;
      } else if (c === '$' && /[0-9]/.test(snippet[i + 1] ?? '')) {
        i++;
        while (/[0-9]/.test(snippet[i] ?? '')) i++;
      } else if (c === '$' && snippet[i + 1] === '{') {
        i += 2;
        while (/[0-9]/.test(snippet[i] ?? '')) i++;
        if (snippet[i] === ':') {
          i++;
          out += body('}');
        } else if (snippet[i] === '|') {
          i++;
          out += body(',|');
          while (i < snippet.length && snippet[i] !== '}') i++;
        }
        i++; // the closing }
      } else {
        out += c;
        i++;
      }
    }
    return out;
  };
  return body('');
}

// ---- building blocks ---------------------------------------------------------------------------

const markdown = (value: string) => ({ kind: MarkupKind.Markdown, value });
const pad = (n: number) => String(n).padStart(3, '0');

/**
 * An item's detail, the first thing said (Markdown, shown as plain text), and its documentation, the
 * paragraphs after it, none when nothing is left to say.
 */
function described(first: string, ...rest: ReadonlyArray<string | null>): Pick<CompletionItem, 'detail' | 'documentation'> {
  const more = paragraphs(rest);
  return more === '' ? { detail: plainText(first) } : { detail: plainText(first), documentation: markdown(more) };
}

const paragraphs = (parts: ReadonlyArray<string | null>) => parts.filter((p) => p !== null && p !== '').join('\n\n');

/** What a capability is: its meaning (the detail), then its note, how a pattern scopes it, its aliases. */
const aboutCapability = (cap: Capability): [string, ...Array<string | null>] => [cap.meaning, cap.note ?? null, scopeMarkdown(cap), aliasesMarkdown(cap)];

/** What the generic `mcp(server/tool)` snippet writes: the detail, MCP_MEANING the documentation. */
const MCP_SNIPPET_DETAIL = 'One tool of an MCP server.';

/**
 * Sort groups: canonical names first, then snippets, `*`, the workspace's MCP servers, and last the
 * generic `mcp(server/tool)`, a template for a server the workspace does not declare: a real one is
 * what is meant more often.
 */
const RANK = { key: '0', capability: '1', snippet: '2', any: '3', server: '4', mcpSnippet: '5' } as const;

/**
 * A canonical name's sort text: in table order, those the typed word begins before those it finds
 * by an alias only (`s`: `skill` before `bash`, which `shell` finds), where the client scores them
 * alike.
 */
const capabilitySort = (cap: Capability, index: number, typed: string) =>
  `${RANK.capability}${startsLike(cap.name, typed) ? 0 : 1}${pad(index)}`;

/** What the list already holds, by meaning: the canonical rendering of each entry but one. */
function held(array: TomlArray, except: TomlString | null): Set<string> {
  const out = new Set<string>();
  for (const item of array.items) {
    if (item.kind !== 'string' || item === except) continue;
    const parse = parseToolName(item.value);
    if (parse.ok) out.add(render(parse.name));
  }
  return out;
}

const serverHeld = (holds: Set<string>, server: string) => holds.has(`mcp(${server}/*)`);

/** Whether the entry `value` would write what the list holds (`held`) already. */
function isHeld(holds: Set<string>, value: string): boolean {
  const parse = parseToolName(value);
  return parse.ok && holds.has(render(parse.name));
}

/** How text goes where the completion lands: string content (escaped), then the quotes around it. */
interface Writer {
  /** `value` as string content, or null when the string's quoting cannot hold it. */
  content(value: string): string | null;
  /** Content (or a snippet body) with the quotes and separator this place needs. */
  wrap(content: string): string;
}

const plain = (w: Writer, value: string) => {
  const c = w.content(value);
  return c === null ? null : w.wrap(c);
};

/** A canonical name: its meaning, then how a pattern scopes it and its aliases; `more` after those. */
function capabilityItem(cap: Capability, index: number, range: Range, newText: string, typed: string, ...more: string[]): CompletionItem {
  return {
    label: cap.name,
    kind: CompletionItemKind.EnumMember,
    ...described(...aboutCapability(cap), ...more),
    sortText: capabilitySort(cap, index, typed),
    filterText: filterTextOf(cap, cap.name, typed),
    textEdit: { range, newText },
    insertTextFormat: InsertTextFormat.PlainText,
  };
}

/** A scoped snippet: what its canonical name's item says (the meaning; then the note, what the pattern scopes, the aliases). */
function snippetItem(snippet: Snippet, cap: Capability | null, sortText: string, range: Range, newText: string, typed: string): CompletionItem {
  return {
    label: snippet.label,
    kind: CompletionItemKind.Snippet,
    ...(cap ? described(...aboutCapability(cap)) : described(MCP_SNIPPET_DETAIL, MCP_MEANING)),
    sortText,
    filterText: cap ? filterTextOf(cap, snippet.label, typed) : snippet.label,
    textEdit: { range, newText },
    insertTextFormat: InsertTextFormat.Snippet,
  };
}

function anyItem(range: Range, newText: string, ...more: string[]): CompletionItem {
  return {
    label: '*', kind: CompletionItemKind.Constant, ...described(ANY_MEANING, ANY_NOTE, ...more),
    sortText: RANK.any, filterText: '*', textEdit: { range, newText }, insertTextFormat: InsertTextFormat.PlainText,
  };
}

function serverItem(server: string, index: number, width: number, range: Range, newText: string, snippet: boolean, tool: boolean, label = tool ? `mcp(${server}/tool)` : `mcp(${server})`): CompletionItem {
  // The label names the server: the detail stays short whatever its length. Its invisible characters
  // are shown escaped, as the diagnostics and hover show them; the filter text is the name as typed.
  const first = tool ? 'One tool of this MCP server.' : 'Every tool of this MCP server.';
  return {
    label: shown(label), kind: CompletionItemKind.Module, ...described(first, MCP_MEANING),
    sortText: `${RANK.server}${String(index * 2 + (tool ? 1 : 0)).padStart(width, '0')}`, filterText: label, textEdit: { range, newText },
    insertTextFormat: snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
  };
}

/**
 * MCP server items, `mcp(server)` and the `mcp(server/tool)` snippet each, skipping servers the list
 * grants whole. With `tool` (the `/get_issue)` written after the server being typed, as source
 * text; `toolValue`, its value), one item a server, that tool kept: a grant of one tool must not
 * become one of every tool of the server.
 */
function serverItems(servers: readonly string[], typed: string, holds: Set<string>, range: Range, w: Writer, tool = '', toolValue = tool): CompletionItem[] {
  const out: CompletionItem[] = [];
  let offered = 0;
  // Sort texts of one width, compared as strings: `4999` would sort after `41000`.
  const width = String(servers.length * 2).length;
  for (let i = 0; i < servers.length && offered < MAX_SERVERS; i++) {
    const server = servers[i]!;
    const content = w.content(server);
    const kept = `mcp(${server}${toolValue}`; // the entry, its tool kept
    if (content === null || !mayMatch(typed, tool ? kept : `mcp(${server}/tool)`)) continue;
    offered++;
    if (tool) {
      if (!isHeld(holds, kept)) out.push(serverItem(server, i, width, range, w.wrap(`mcp(${content}${tool}`), false, true, kept));
      continue;
    }
    if (!serverHeld(holds, server)) out.push(serverItem(server, i, width, range, w.wrap(`mcp(${content})`), false, false));
    out.push(serverItem(server, i, width, range, w.wrap(`mcp(${snippetEscape(content)}/\${1:tool})`), true, true));
  }
  return out;
}

/**
 * At most this many MCP servers are offered at once, those the typed word may match first: a project
 * declaring thousands sent them all (4 MB) on every keystroke. The list is incomplete (`forWord`),
 * so the client asks again as the word grows, and the servers it narrows to come then.
 */
const MAX_SERVERS = 100;

/**
 * Whether the client could show an item labelled `label` for the typed word: the word's characters
 * in order, case aside (every match of VS Code's fuzzy filter is one). `mcp(server)` is such a
 * subsequence of `mcp(server/tool)`, so one test serves both of a server's items.
 */
function mayMatch(typed: string, label: string): boolean {
  const a = typed.toLowerCase();
  const b = label.toLowerCase();
  let j = 0;
  for (let i = 0; i < b.length && j < a.length; i++) if (b[i] === a[j]) j++;
  return j === a.length;
}

/**
 * Every tool-name item for one place: canonical names (minus those that would write what the list
 * holds), snippets, `*`, MCP servers. `keep` (a pattern already written, as source text; `kept`, its
 * value) follows each canonical name: on `b|(git *)`, `bash` writes `bash(git *)`, which is what
 * must not be held already (plain `bash` may be). `name`: where the pattern is written already, the
 * name's range, which a canonical name's item then replaces alone, `closing` its additional edits
 * (`patternKept`), writing the same text.
 */
function toolItems(
  range: Range, typed: string, w: Writer, holds: Set<string>, servers: readonly string[], keep = '', kept = keep, conflict: Conflict = NO_CONFLICT, name: Range | null = null,
  closing: TextEdit[] = [],
): CompletionItem[] {
  const out: CompletionItem[] = [];
  CAPABILITIES.forEach((cap, i) => {
    const content = w.content(cap.name);
    if (content === null || isHeld(holds, cap.name + kept)) return;
    const item = name ? closedBy(capabilityItem(cap, i, name, content, typed, ...conflict(cap.name + kept)), closing)
      : capabilityItem(cap, i, range, w.wrap(content + keep), typed, ...conflict(cap.name + kept));
    out.push(item);
  });
  out.push(...snippetItems(range, typed, w));
  const any = plain(w, '*');
  if (!holds.has('*') && any !== null) out.push(anyItem(range, any, ...conflict('*')));
  out.push(...serverItems(servers, typed, holds, range, w));
  return out;
}

/** `item` with the edits that close what it keeps (`patternKept`), if any. */
const closedBy = (item: CompletionItem, closing: TextEdit[]): CompletionItem => (closing.length === 0 ? item : { ...item, additionalTextEdits: closing });

/** What an item writing an entry says last, where the other list of its policy holds the entry: the conflict it would make. */
type Conflict = (entry: string) => string[];
const NO_CONFLICT: Conflict = () => [];

/** The `Conflict` of an entry written in `list` of `owner` (as the map-form value says it: `mapFormAdvice`). */
function conflictIn(policies: Policies, owner: Owner | null, list: ListName): Conflict {
  // A list where no agent or skill is named goes to no policy: none conflicts with it.
  if (owner === null) return NO_CONFLICT;
  return (entry) => {
    const [other] = heldByOtherList(policies, owner, list, [entry]);
    return other === undefined ? [] : [`${capitalized(conflictSays(list, [other], (e) => code(basicString(e)), code))}.`];
  };
}

function snippetItems(range: Range, typed: string, w: Writer): CompletionItem[] {
  const out: CompletionItem[] = [];
  CAPABILITIES.forEach((cap, i) => {
    const snippet = snippetOf(cap);
    if (snippet) out.push(snippetItem(snippet, cap, `${RANK.snippet}${pad(i)}`, range, w.wrap(snippet.body), typed));
  });
  out.push(mcpSnippetItem(range, typed, w));
  return out;
}

function mcpSnippetItem(range: Range, typed: string, w: Writer): CompletionItem {
  return snippetItem(MCP_SNIPPET, null, RANK.mcpSnippet, range, w.wrap(MCP_SNIPPET.body), typed);
}

// ---- contexts ----------------------------------------------------------------------------------

function entryItems(analysis: Analysis, ctx: EntryContext, servers: readonly string[], typed: string): CompletionItem[] {
  const range = positionsOf(analysis.lines, ctx.range);
  const holds = ctx.array ? held(ctx.array, ctx.string) : new Set<string>();
  // The other names of a string of names between commas are what the list holds once the shape's fix (or `illegal-char`'s) splits it.
  for (const name of ctx.siblings) {
    const parse = parseToolName(ctx.literal ? name : decodeBasic(name));
    if (parse.ok) holds.add(render(parse.name));
  }
  const w: Writer = {
    content: (value) => (ctx.literal ? (fitsLiteral(value) ? value : null) : escapeBasic(value)),
    wrap: (content) => content + ctx.close,
  };
  // Mars reads the decoded value: `bash\u0028git *)` is `bash(git *)`, its `(` the escape's start.
  const paren = indexOfDecoded(ctx.text, '(', 0, !ctx.literal);
  if (paren >= 0 && ctx.cursor > paren) {
    // In the payload: server names inside `mcp(`, else the scoped snippets.
    return mcpItems(ctx.text, ctx.cursor, paren, !ctx.literal, servers, holds, range, w, typed) ?? snippetItems(range, typed, w);
  }
  // On the name: a pattern already written after it is kept (`sh|(git *)` -> `bash(git *)`).
  const { keep, name, closing } = patternKept(analysis.lines, ctx.text, ctx.range.start, paren, ctx.close, !ctx.literal);
  const conflict = ctx.list ? conflictIn(analysis.policies, ctx.list.owner, ctx.list.list) : NO_CONFLICT;
  const items = toolItems(range, typed, w, holds, servers, keep, ctx.literal ? keep : decodeBasic(keep), conflict, name, closing);
  // In an entry of a list, a pattern written before a comma (`read(path),edit`) makes an entry Mars rejects, an error
  // that stops the load where the entry was one odd name: only names without one there, until it is split.
  // (A string written as the whole list is the shape's to fix, which reads its names apart.)
  if (ctx.array === null || !ctx.commaAfter || paren >= 0) return items;
  return items.filter((item) => !item.textEdit?.newText.includes('('));
}

/**
 * On the server of `mcp(server/tool)` (`source`, the text of a string's content or a quoted key's, its
 * `(` at `paren`, the cursor at `cursor`): the servers; null where the name before the `(` is not
 * `mcp`. Read as Mars reads the decoded value (`basic`: a double-quoted one, whose escapes spell
 * other characters: `mcp(\tgi|\t/x)` is `mcp(<tab>gi<tab>/x)`), each character kept as written.
 */
function mcpItems(
  source: string, cursor: number, paren: number, basic: boolean, servers: readonly string[], holds: Set<string>, range: Range, w: Writer, typed: string,
): CompletionItem[] | null {
  const decoded = (s: string) => (basic ? decodeBasic(s) : s);
  if (!eqIgnoreAsciiCase(rustTrim(decoded(source.slice(0, paren))), 'mcp')) return null;
  const open = charEnd(source, paren, basic);
  // On the server of `mcp(server/tool)`, the tool after it stays; on the tool, no server fits.
  const slash = indexOfDecoded(source, '/', open, basic);
  if (slash >= 0 && cursor > slash) return [];
  // Blanks before the server (`mcp(  gi|`, `mcp(\tgi|`), which Mars trims, match no server's name: the
  // word is matched without them, and the filter text leads with them as typed, or the client drops the item.
  let server = open;
  for (let next = charEnd(source, server, basic); next <= cursor && rustTrim(decoded(source.slice(server, next))) === ''; next = charEnd(source, next, basic)) server = next;
  const word = decoded(source.slice(0, open)) + decoded(source.slice(server, cursor));
  const lead = source.slice(0, server);
  const asWritten = (items: CompletionItem[]) => (server === open ? items : items.map((i) => ({ ...i, filterText: lead + (i.filterText ?? i.label).slice(4) })));
  const afterSlash = slash >= 0 ? charEnd(source, slash, basic) : -1;
  const close = slash >= 0 ? indexOfDecoded(source, ')', afterSlash, basic) : -1;
  // A tool left empty (`mcp(gi|/`) is no tool to keep: `mcp(github/)` is rejected, as a segment must not be empty.
  if (slash >= 0 && rustTrim(decoded(source.slice(afterSlash, close >= 0 ? close : undefined))) !== '') {
    // A tool not closed yet is closed, as `mcp(gi|` writes `mcp(github)`: `mcp(github/x` is rejected.
    const tool = source.slice(slash) + (close >= 0 ? '' : ')');
    return asWritten(serverItems(servers, word, holds, range, w, tool, decoded(tool)));
  }
  return [...asWritten(serverItems(servers, word, holds, range, w)), mcpSnippetItem(range, typed, w)];
}

function slotItems(analysis: Analysis, ctx: SlotContext, servers: readonly string[], typed: string): CompletionItem[] {
  const range = positionsOf(analysis.lines, ctx.range);
  const w: Writer = { content: escapeBasic, wrap: (content) => `${ctx.before}"${content}"${ctx.after}` };
  const items = bareWordItems(ctx, range, typed, w, held(ctx.list.array, null), servers, conflictIn(analysis.policies, ctx.list.owner, ctx.list.list));
  if (ctx.comma === null) return items;
  // On a line above the cursor's: an edit there moves nothing the main edit replaces.
  const comma = { range: positionsOf(analysis.lines, { start: ctx.comma, end: ctx.comma }), newText: ',' };
  return items.map((item) => ({ ...item, additionalTextEdits: [comma] }));
}

/**
 * A pattern written after a name, kept by an item on the name: `source` is the text of a string's
 * content from `start`, its `(` at `paren` (none: -1), in a basic string's (`basic`) maybe an escape
 * (`sh|\u0028git *)`), kept as written. `keep`, the pattern, closed where it is not
 * yet (`mc|p(gh/x` -> `ask_user(gh/x)`: `ask_user(gh/x` is rejected); `name`, the name's range,
 * which an item replaces alone, with `closing` as its additional edit where the pattern or the
 * string is not closed (the `)` and `close` written at the end): the same text written, without
 * sending a long pattern (2 MB) in every item.
 */
function patternKept(lines: Lines, source: string, start: number, paren: number, close: string, basic: boolean): KeptPattern {
  if (paren < 0) return { keep: '', name: null, closing: [] };
  const closed = indexOfDecoded(source, ')', paren, basic) >= 0;
  const closing = (closed ? '' : ')') + close;
  const end = start + source.length;
  return {
    keep: source.slice(paren) + (closed ? '' : ')'),
    name: positionsOf(lines, { start, end: start + paren }),
    closing: closing === '' ? [] : [{ range: positionsOf(lines, { start: end, end }), newText: closing }],
  };
}

interface KeptPattern {
  readonly keep: string;
  readonly name: Range | null;
  readonly closing: TextEdit[];
}

/** `allowed = |`: a list of the one name. */
function listValueItems(analysis: Analysis, ctx: ListValueContext, servers: readonly string[], typed: string): CompletionItem[] {
  const range = positionsOf(analysis.lines, ctx.range);
  const w: Writer = { content: escapeBasic, wrap: (content) => `["${content}"]` };
  return bareWordItems(ctx, range, typed, w, new Set(), servers, conflictIn(analysis.policies, ctx.owner, ctx.list));
}

/**
 * On a bare word (or nothing) where an entry goes, which the item writes quoted: a pattern typed after
 * the name (`sh|(git *)`) is kept, quoted with it; nothing in the pattern itself. Unlike in a string
 * (`entryItems`) the kept pattern needs no closing: the context offers no bare word whose pattern
 * does not end at `)` (context.ts, `endGuessed`), where the word's end is a guess.
 */
function bareWordItems(ctx: SlotContext | ListValueContext, range: Range, typed: string, w: Writer, holds: Set<string>, servers: readonly string[], conflict: Conflict): CompletionItem[] {
  const paren = ctx.text.indexOf('(');
  if (paren >= 0 && ctx.cursor > paren) return [];
  const kept = paren >= 0 ? ctx.text.slice(paren) : '';
  return toolItems(range, typed, w, holds, servers, escapeBasic(kept), kept, conflict);
}

const LIST_KEYS = (['allowed', 'disallowed'] as const).map((key) => ({ key, about: described(LIST_MEANING[key], LIST_NOTE[key]) }));

/** The command (if any) of an item that leaves the cursor where a tool name goes: the next list opens at once. */
const reopening = (suggest: Command | null): Pick<CompletionItem, 'command'> => (suggest ? { command: suggest } : {});

/** `tools = |`: the tools table inline, with one list; nothing where another section writes that table. */
function toolsValueItems(analysis: Analysis, ctx: ToolsValueContext, elsewhere: DefinedElsewhere, suggest: Command | null): CompletionItem[] {
  if (elsewhere(ctx.path, 'below') || ctx.tables.some((t) => elsewhere(t, 'header'))) return [];
  const range = positionsOf(analysis.lines, ctx.range);
  return LIST_KEYS.map(({ key, about }, i) => ({
    label: `{ ${key} = [] }`, kind: CompletionItemKind.Struct, ...about, sortText: `${RANK.key}${pad(i)}`,
    filterText: key, textEdit: { range, newText: `{ ${key} = [$0] }` }, insertTextFormat: InsertTextFormat.Snippet, ...reopening(suggest),
  }));
}

/**
 * A key of an agent's or skill's table (`[agents.x]` then `to|`): its tools lists as dotted keys,
 * `tools.allowed = […]`, as `tools = |` offers them inline. Not where the tools table is written
 * another way (a `[agents.x.tools]` section, `tools = { … }`), where they go in it, nor a list
 * written already (a duplicate key).
 */
function ownerKeyItems(analysis: Analysis, ctx: OwnerKeyContext, elsewhere: DefinedElsewhere, suggest: Command | null): CompletionItem[] {
  const tools = ctx.tables[ctx.tables.length - 1]!;
  if (elsewhere(tools, 'below') || ctx.tables.some((t) => elsewhere(t, 'header'))) return [];
  const written = new Set<string>();
  for (const table of analysis.policies.tables) {
    if (!sameOwner(table.owner, ctx.owner)) continue;
    if (table.spelling !== 'dotted') return [];
    for (const m of table.members) if (m.relative[0]) written.add(m.relative[0].name);
  }
  const range = positionsOf(analysis.lines, ctx.range);
  const out: CompletionItem[] = [];
  LIST_KEYS.forEach(({ key, about }, i) => {
    if (written.has(key)) return;
    out.push({
      label: `tools.${key}`, kind: CompletionItemKind.Property, ...about, sortText: `${RANK.key}${pad(i)}`,
      textEdit: { range, newText: `tools.${key} = [$0]${ctx.after}` }, insertTextFormat: InsertTextFormat.Snippet, ...reopening(suggest),
    });
  });
  return out;
}

const MAP_FORM_VALUE = 'Map form, which Mars ignores.';
const MAP_FORM_NOTE =
  '_Map form_ (`tool = "allow"`) belongs to agent profiles: Mars ignores such keys in a tools table. Write the \`allowed\` and \`disallowed\` lists instead.';

function keyItems(analysis: Analysis, ctx: KeyContext, elsewhere: DefinedElsewhere, typed: string, suggest: Command | null, offset: number, servers: readonly string[]): CompletionItem[] {
  const range = positionsOf(analysis.lines, ctx.range);
  const keys = new Set<string>();
  const holds = new Set<string>();
  for (const table of analysis.policies.tables) {
    if (!sameOwner(table.owner, ctx.owner)) continue;
    for (const m of table.members) {
      if (m.keyValue === ctx.keyValue || !m.relative[0]) continue;
      const name = m.relative[0].name;
      keys.add(name);
      const parse = parseToolName(name);
      if (parse.ok) holds.add(render(parse.name));
    }
  }
  if (ctx.following !== null) keys.add(ctx.following);
  const bare = /^[A-Za-z0-9_-]+$/;
  const withValue = !ctx.quoted && !ctx.valueFollows;
  const key = (name: string) => (ctx.quoted ? escapeBasic(name) + ctx.close : bare.test(name) ? name : `"${escapeBasic(name)}"`);
  const out: CompletionItem[] = [];
  // A list written here must not clash with another section: with `allowed` there, or, for a dotted
  // key (`tools.allowed`), with any definition of the tools table there, or with a [header] of a
  // table the dotted key makes on its way (`[agents.x]` against `agents.x.tools.allowed`).
  const tools = [ctx.owner.kind, ctx.owner.name, 'tools'];
  const clashes = (list: ListName) => ctx.tables.length > 0
    ? elsewhere(tools, 'below') || ctx.tables.some((t) => elsewhere(t, 'header'))
    : elsewhere([...tools, list], 'below');
  // A key renamed must not become one another section defines (`[agents.x.tools.disallowed]`).
  const renameClashes = (name: string) => !withValue && elsewhere([...tools, name], 'below');
  // A key renamed to a list's name keeps its value: only a list makes a list; and a part with more
  // after it (`al|.lowed = […]`) names a table.
  const renamesNonList = !withValue && (ctx.partsFollow || (ctx.keyValue?.value != null && ctx.keyValue.value.kind !== 'array'));
  LIST_KEYS.forEach(({ key: name, about }, i) => {
    if (keys.has(name) || (withValue && clashes(name)) || renameClashes(name) || renamesNonList) return;
    out.push({
      label: name, kind: CompletionItemKind.Property, ...about, sortText: `${RANK.key}${pad(i)}`,
      textEdit: { range, newText: withValue ? `${name} = [$0]${ctx.after}` : key(name) },
      insertTextFormat: withValue ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
      // Written with its list, `allowed = [|]`, the key leaves the cursor where a tool name goes.
      ...(withValue ? reopening(suggest) : {}),
    });
  });
  if (!withValue) {
    // Renaming a key already written (map form, which the diagnostics flag): its canonical spelling.
    // Not a list's key (`allo|wed = […]`): renamed to a tool name it would become a map-form key.
    if (ctx.keyValue?.value?.kind === 'array') return out;
    // A pattern after the name (`"ba|sh(git *)" = "allow"`) is kept, as an entry's is: the name is
    // what is renamed. In the pattern itself, no name: renaming the key there would drop it; on the
    // server of `"mcp(gi|" = "allow"`, the servers, as in an entry, but for a key another one writes.
    const source = ctx.quoted ? analysis.doc.text.slice(ctx.range.start, ctx.range.end) : '';
    const basic = analysis.doc.text[ctx.range.start - 1] === '"';
    const paren = indexOfDecoded(source, '(', 0, basic);
    const cursor = offset - ctx.range.start;
    if (paren >= 0 && cursor > paren) {
      const w: Writer = { content: (value) => (basic ? escapeBasic(value) : fitsLiteral(value) ? value : null), wrap: (content) => content + ctx.close };
      const mcp = mcpItems(source, cursor, paren, basic, servers, holds, range, w, typed) ?? [];
      return [...out, ...mcp.filter((i) => i.insertTextFormat === InsertTextFormat.Snippet || !(keys.has(i.label) || renameClashes(i.label)))];
    }
    const { keep, name: nameRange, closing } = patternKept(analysis.lines, source, ctx.range.start, paren, ctx.close, basic);
    const kept = basic ? decodeBasic(keep) : keep;
    CAPABILITIES.forEach((cap, i) => {
      const full = cap.name + kept;
      if (isHeld(holds, full) || keys.has(full) || renameClashes(full)) return;
      out.push(nameRange ? closedBy(capabilityItem(cap, i, nameRange, escapeBasic(cap.name), typed, MAP_FORM_NOTE), closing)
        : capabilityItem(cap, i, range, key(cap.name), typed, MAP_FORM_NOTE));
    });
    if (!holds.has('*')) out.push(anyItem(range, key('*'), MAP_FORM_NOTE));
    return out;
  }
  // A tool name typed where a key goes lands in a list (`*` in `disallowed`, the rest in `allowed`),
  // not in the map form Mars ignores: appended to the list, or written as a new one here.
  const into = (list: ListName, name: string): Pick<CompletionItem, 'textEdit' | 'additionalTextEdits' | 'detail'> | null => {
    const target = listTarget(analysis.policies, ctx.owner, list);
    if (target === null) return null;
    const detail = `Adds "${name}" to ${list}.`;
    if (target === 'new') return clashes(list) || keys.has(list) ? null : { detail, textEdit: { range, newText: `${list} = ${stringList([name])}${ctx.after}` } };
    if (held(target.array, null).has(name)) return null;
    // Not into a list the syntax error Mars stops at is in, as fix-all moves no key into it: where it
    // ends is a guess (`allowed = ["a" }` read on to a `]` lines below).
    const { span } = target.array;
    if (span.start < analysis.unreadableFrom && analysis.unreadableFrom < span.end) return null;
    const text = analysis.doc.text;
    // In an inline table the word's slot goes with a comma beside it: none left dangling (`{ a = 1, }`
    // is TOML 1.1, which Mars refuses).
    const slot = ctx.inline ? inlineSlot(text, ctx) : null;
    if (ctx.inline && slot === null) return null;
    // The typed word goes, and the key before it (`tools.`, `agents.x.tools.`) with it.
    const e = appendToArray(text, target.array, [name]);
    if (e === null) return null; // it would land on a line a `mars-ignore` silences
    const additionalTextEdits = [{ range: positionsOf(analysis.lines, e), newText: e.newText }];
    if (slot) {
      for (const gone of [{ start: slot.start, end: ctx.range.start }, { start: ctx.range.end, end: slot.end }]) {
        if (gone.start < gone.end) additionalTextEdits.push({ range: positionsOf(analysis.lines, gone), newText: '' });
      }
      return { detail, textEdit: { range, newText: '' }, additionalTextEdits };
    }
    // Typed alone on its line, the key takes the line with it (from the line break before it), not leave it blank.
    const lineStart = lineStartAt(text, ctx.keyStart);
    const lineEnd = lineEndAt(text, ctx.range.end);
    const blanksAfter = /^[ \t]*$/.test(text.slice(ctx.range.end, lineEnd));
    const alone = lineStart > 0 && ctx.range.end > ctx.keyStart && /^[ \t]*$/.test(text.slice(lineStart, ctx.keyStart)) && blanksAfter;
    const from = alone ? lineStart - (text[lineStart - 1] === '\n' && text[lineStart - 2] === '\r' ? 2 : 1) : ctx.keyStart;
    if (from < ctx.range.start) additionalTextEdits.push({ range: positionsOf(analysis.lines, { start: from, end: ctx.range.start }), newText: '' });
    // The blanks after the word go too, else they trail (at the end of the line before, when the
    // line goes): in the main edit, as VS Code does not move an additional edit starting at the cursor.
    const main = blanksAfter ? positionsOf(analysis.lines, { start: ctx.range.start, end: lineEnd }) : range;
    return { detail, textEdit: { range: main, newText: '' }, additionalTextEdits };
  };
  // The detail says where the name goes; the documentation, what it is.
  const conflict = (list: ListName, entry: string) => conflictIn(analysis.policies, ctx.owner, list)(entry);
  CAPABILITIES.forEach((cap, i) => {
    const edits = into('allowed', cap.name);
    if (edits) out.push({ ...capabilityItem(cap, i, range, '', typed), ...edits, documentation: markdown(paragraphs([...aboutCapability(cap), ...conflict('allowed', cap.name)])) });
  });
  const any = into('disallowed', '*');
  if (any) out.push({ ...anyItem(range, ''), ...any, documentation: markdown(paragraphs([ANY_MEANING, ANY_NOTE, ...conflict('disallowed', '*')])) });
  return out;
}

/**
 * What a word typed as a key of an inline table takes with it when it goes (`b` of `{ a = [], b| }`):
 * the comma before it at the table's end (` , b`), the comma after it before another entry (`b, `),
 * or only the blanks after it when an entry follows with no comma (`b c = 1`: the comma before it,
 * if any, then separates the two). Null where the table goes on over lines (TOML 1.1, which Mars refuses).
 */
function inlineSlot(text: string, ctx: KeyContext): Span | null {
  const blanksFrom = (p: number) => {
    while (text[p] === ' ' || text[p] === '\t') p++;
    return p;
  };
  const next = blanksFrom(ctx.range.end);
  const c = text[next];
  if (c === undefined || c === '\r' || c === '\n' || c === '#') return null;
  if (c === ',') return { start: ctx.keyStart, end: blanksFrom(next + 1) };
  // Before the next key: the blanks between go too, but not right after a comma (`],disallowed`).
  if (c !== '}') return { start: ctx.keyStart, end: text[ctx.keyStart - 1] === ',' ? ctx.range.end : next };
  let before = ctx.keyStart;
  while (text[before - 1] === ' ' || text[before - 1] === '\t') before--;
  if (text[before - 1] !== ',') return { start: ctx.keyStart, end: ctx.range.end };
  before--;
  while (text[before - 1] === ' ' || text[before - 1] === '\t') before--;
  return { start: before, end: ctx.range.end };
}

/**
 * `allow`/`deny` for a map-form key, saying where the rule belongs instead: the key's name as the
 * diagnostic and its fix write it in the list (names between commas one entry each: `keyAsEntries`),
 * or, for a name Mars rejects as an entry, that; where the list holds it already, or the other list
 * does, that, as the diagnostic says it with that value.
 */
function valueItems(lines: Lines, policies: Policies, ctx: ValueContext): CompletionItem[] {
  // A key below the tool's name (`edit.x = `) makes it a table, and a list's name (`deny = `) names
  // no tool: no map form.
  if (!ctx.rule) return [];
  const range = positionsOf(lines, ctx.range);
  const { name, entries, owner } = ctx.rule;
  return (['allow', 'deny'] as const).map((verdict, i) => {
    const list = verdict === 'allow' ? 'allowed' : 'disallowed';
    // The detail says what the value makes; where the rule belongs instead, which names the entry, goes below.
    const instead = entries === null
      ? `${code(name)} is not a tool name Mars accepts in a list either.`
      : `${capitalized(mapFormAdvice(policies, owner, list, entries, (e) => code(basicString(e)), code).says)}.`;
    return {
      label: ctx.inString ? verdict : `"${verdict}"`,
      kind: CompletionItemKind.Value,
      ...described(MAP_FORM_VALUE, instead, MAP_FORM_NOTE),
      sortText: `${RANK.key}${pad(i)}`,
      // The verdict alone: a bare word typed (`al`) has no quote to match the label's.
      filterText: verdict,
      textEdit: { range, newText: ctx.inString ? verdict + ctx.close : `"${verdict}"` },
      insertTextFormat: InsertTextFormat.PlainText,
    };
  });
}
