// Completion of tool names: in the strings of `allowed`/`disallowed` (every spelling of a tools
// table), on an empty slot of those lists (quotes inserted), and for the keys and map-form values
// of a tools table. Every item carries an explicit textEdit: `(`, `:`, `/` and `*` are not word
// characters, so the client's word range would be wrong.

import {
  type CompletionItem, CompletionItemKind, type CompletionList, InsertTextFormat, MarkupKind, type Position, type Range,
} from 'vscode-languageserver';
import type { Analysis } from '../analysis/analyze';
import { appendToArray } from '../analysis/edits';
import { listTarget, sameOwner, type ListName } from '../analysis/policies';
import { eqIgnoreAsciiCase, rustTrim } from '../grammar/text';
import { parseToolName, render } from '../grammar/toolName';
import { CAPABILITIES, type Capability } from '../grammar/vocabulary';
import { positionsOf, type Lines } from '../toml/lineIndex';
import { basicString } from '../toml/strings';
import type { TomlArray, TomlString } from '../toml/model';
import {
  ANY_MEANING, capabilityMarkdown, code, filterTextOf, LIST_MEANING, MCP_MEANING, MCP_SNIPPET, snippetEscape, snippetOf, type Snippet,
} from './describe';
import { cursorContext, type EntryContext, type KeyContext, type ListValueContext, type SlotContext, type ToolsValueContext, type ValueContext } from './context';
import { mcpServerNames } from './mcpServers';
import { plainText } from './plainText';

export { mcpManifestName, mcpServerNames } from './mcpServers';

let workspaceMcpServers: readonly string[] = [];

/** The MCP server names the workspace declares, offered inside `mcp(` (the server keeps this up to date). */
export function setMcpServers(names: readonly string[]): void {
  workspaceMcpServers = [...names];
}

/**
 * Whether the document defines something at or below a key path (`below`), or a table header at
 * exactly that path (`header`), in a section other than the one completion looks at: a new
 * `allowed` written here would then clash with it.
 */
export type DefinedElsewhere = (path: readonly string[], how: 'below' | 'header') => boolean;

/**
 * Completion at `position`. `mcpServers` (the workspace's MCP server names, any order, cleaned here)
 * defaults to what `setMcpServers` last set. Null where the cursor is not on a tool name, or a key
 * or value of a tools table.
 */
export function completions(
  analysis: Analysis,
  position: Position,
  mcpServers: readonly string[] = workspaceMcpServers,
  elsewhere: DefinedElsewhere = () => false,
): CompletionItem[] | CompletionList | null {
  const offset = analysis.lines.offset(position);
  const ctx = cursorContext(analysis, offset);
  if (!ctx) return null;
  const servers = ctx.kind === 'entry' || ctx.kind === 'slot' || ctx.kind === 'list-value' ? mcpServerNames(mcpServers.map((name) => ({ name }))) : [];
  switch (ctx.kind) {
    case 'entry':
      return entryItems(analysis, ctx, servers);
    case 'slot':
      return slotItems(analysis, ctx, servers);
    case 'key':
      return keyItems(analysis, ctx, elsewhere);
    case 'value':
      return valueItems(analysis.lines, ctx);
    case 'list-value':
      return listValueItems(analysis, ctx, servers);
    case 'tools-value':
      return toolsValueItems(analysis, ctx, elsewhere);
  }
}

/**
 * The items for a client without snippet support: each snippet as the text it would insert with
 * every placeholder left at its default (`bash(${1:command} *)` -> `bash(command *)`, `${1|a,b|}` -> `a`).
 */
export function withoutSnippets(result: CompletionItem[] | CompletionList | null): CompletionItem[] | CompletionList | null {
  if (result === null) return null;
  const plain = (item: CompletionItem): CompletionItem => {
    if (item.insertTextFormat !== InsertTextFormat.Snippet) return item;
    const out: CompletionItem = { ...item, insertTextFormat: InsertTextFormat.PlainText };
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

/** Sort groups: canonical names first, then snippets, `*`, MCP servers. */
const RANK = { key: '0', capability: '1', snippet: '2', any: '3', server: '4' } as const;

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

function capabilityItem(cap: Capability, index: number, range: Range, newText: string, snippet: boolean): CompletionItem {
  return {
    label: cap.name,
    kind: CompletionItemKind.EnumMember,
    detail: cap.meaning,
    documentation: markdown(capabilityMarkdown(cap)),
    sortText: `${RANK.capability}${pad(index)}`,
    filterText: filterTextOf(cap),
    textEdit: { range, newText },
    insertTextFormat: snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
  };
}

function snippetItem(snippet: Snippet, cap: Capability | null, sortText: string, range: Range, newText: string): CompletionItem {
  return {
    label: snippet.label,
    kind: CompletionItemKind.Snippet,
    detail: cap ? `${cap.meaning} Scoped by ${cap.pattern!.scopes}.` : MCP_MEANING,
    documentation: markdown(cap ? capabilityMarkdown(cap) : MCP_MEANING),
    sortText,
    filterText: cap ? filterTextOf(cap, snippet.label) : snippet.label,
    textEdit: { range, newText },
    insertTextFormat: InsertTextFormat.Snippet,
  };
}

function anyItem(range: Range, newText: string): CompletionItem {
  return {
    label: '*', kind: CompletionItemKind.Constant, detail: ANY_MEANING, documentation: markdown(ANY_MEANING),
    sortText: RANK.any, filterText: '*', textEdit: { range, newText }, insertTextFormat: InsertTextFormat.PlainText,
  };
}

function serverItem(server: string, index: number, range: Range, newText: string, snippet: boolean, tool: boolean): CompletionItem {
  const label = tool ? `mcp(${server}/tool)` : `mcp(${server})`;
  const detail = tool ? `One tool of the MCP server \`${server}\`.` : `Every tool of the MCP server \`${server}\`.`;
  return {
    label, kind: CompletionItemKind.Module, detail, documentation: markdown(`${detail}\n\n${MCP_MEANING}`),
    sortText: `${RANK.server}${pad(index * 2 + (tool ? 1 : 0))}`, filterText: label, textEdit: { range, newText },
    insertTextFormat: snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
  };
}

/** MCP server items, `mcp(server)` and the `mcp(server/tool)` snippet each, skipping servers the list grants whole. */
function serverItems(servers: readonly string[], holds: Set<string>, range: Range, w: Writer): CompletionItem[] {
  const out: CompletionItem[] = [];
  servers.forEach((server, i) => {
    const content = w.content(server);
    if (content === null) return;
    if (!serverHeld(holds, server)) out.push(serverItem(server, i, range, w.wrap(`mcp(${content})`), false, false));
    out.push(serverItem(server, i, range, w.wrap(`mcp(${snippetEscape(content)}/\${1:tool})`), true, true));
  });
  return out;
}

/**
 * Every tool-name item for one place: canonical names (minus what the list holds), snippets, `*`,
 * MCP servers. `keep` (a pattern already written) follows each canonical name.
 */
function toolItems(range: Range, w: Writer, holds: Set<string>, servers: readonly string[], keep = ''): CompletionItem[] {
  const out: CompletionItem[] = [];
  CAPABILITIES.forEach((cap, i) => {
    const content = w.content(cap.name);
    if (!holds.has(cap.name) && content !== null) out.push(capabilityItem(cap, i, range, w.wrap(content + keep), false));
  });
  out.push(...snippetItems(range, w));
  const any = plain(w, '*');
  if (!holds.has('*') && any !== null) out.push(anyItem(range, any));
  out.push(...serverItems(servers, holds, range, w));
  return out;
}

function snippetItems(range: Range, w: Writer): CompletionItem[] {
  const out: CompletionItem[] = [];
  CAPABILITIES.forEach((cap, i) => {
    const snippet = snippetOf(cap);
    if (snippet) out.push(snippetItem(snippet, cap, `${RANK.snippet}${pad(i)}`, range, w.wrap(snippet.body)));
  });
  out.push(snippetItem(MCP_SNIPPET, null, `${RANK.snippet}${pad(CAPABILITIES.length)}`, range, w.wrap(MCP_SNIPPET.body)));
  return out;
}

const escapeBasic = (s: string) => s.replace(/["\\]/g, (c) => `\\${c}`);

// ---- contexts ----------------------------------------------------------------------------------

function entryItems(analysis: Analysis, ctx: EntryContext, servers: readonly string[]): CompletionItem[] {
  const range = positionsOf(analysis.lines, ctx.range);
  const holds = held(ctx.list.array, ctx.string);
  const w: Writer = {
    content: (value) => (ctx.literal ? (value.includes("'") ? null : value) : escapeBasic(value)),
    wrap: (content) => content + ctx.close,
  };
  const paren = ctx.text.indexOf('(');
  if (paren >= 0 && ctx.cursor > paren) {
    // In the payload: server names inside `mcp(`, else the scoped snippets.
    if (eqIgnoreAsciiCase(rustTrim(ctx.text.slice(0, paren)), 'mcp')) {
      return [
        ...serverItems(servers, holds, range, w),
        snippetItem(MCP_SNIPPET, null, `${RANK.snippet}${pad(0)}`, range, w.wrap(MCP_SNIPPET.body)),
      ];
    }
    return snippetItems(range, w);
  }
  // On the name: a pattern already written after it is kept (`sh|(git *)` -> `bash(git *)`).
  return toolItems(range, w, holds, servers, paren >= 0 ? ctx.text.slice(paren) : '');
}

function slotItems(analysis: Analysis, ctx: SlotContext, servers: readonly string[]): CompletionItem[] {
  const range = positionsOf(analysis.lines, ctx.range);
  const w: Writer = { content: escapeBasic, wrap: (content) => `"${content}"${ctx.after}` };
  return toolItems(range, w, held(ctx.list.array, null), servers);
}

/** `allowed = |`: a list of the one name; a pattern typed after the name (`sh|(git *)`) is kept. */
function listValueItems(analysis: Analysis, ctx: ListValueContext, servers: readonly string[]): CompletionItem[] {
  const range = positionsOf(analysis.lines, ctx.range);
  const w: Writer = { content: escapeBasic, wrap: (content) => `["${content}"]` };
  const paren = ctx.text.indexOf('(');
  if (paren >= 0 && ctx.cursor > paren) return [];
  return toolItems(range, w, new Set(), servers, paren >= 0 ? escapeBasic(ctx.text.slice(paren)) : '');
}

const LIST_KEYS = (['allowed', 'disallowed'] as const).map((key) => ({ key, detail: LIST_MEANING[key] }));

/** `tools = |`: the tools table inline, with one list; nothing where another section writes that table. */
function toolsValueItems(analysis: Analysis, ctx: ToolsValueContext, elsewhere: DefinedElsewhere): CompletionItem[] {
  if (elsewhere(ctx.path, 'below') || ctx.tables.some((t) => elsewhere(t, 'header'))) return [];
  const range = positionsOf(analysis.lines, ctx.range);
  return LIST_KEYS.map(({ key, detail }, i) => ({
    label: `{ ${key} = [] }`, kind: CompletionItemKind.Struct, detail, documentation: markdown(detail), sortText: `${RANK.key}${pad(i)}`,
    filterText: key, textEdit: { range, newText: `{ ${key} = [$0] }` }, insertTextFormat: InsertTextFormat.Snippet,
  }));
}

const MAP_FORM_NOTE =
  '_Map form_ (`tool = "allow"`) belongs to agent profiles: Mars ignores such keys in mars.toml. Prefer `allowed = ["…"]`.';

function keyItems(analysis: Analysis, ctx: KeyContext, elsewhere: DefinedElsewhere): CompletionItem[] {
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
  // A key renamed to a list's name keeps its value: only a list makes a list.
  const renamesNonList = !withValue && ctx.keyValue?.value != null && ctx.keyValue.value.kind !== 'array';
  LIST_KEYS.forEach(({ key: name, detail }, i) => {
    if (keys.has(name) || (withValue && clashes(name)) || renameClashes(name) || renamesNonList) return;
    out.push({
      label: name, kind: CompletionItemKind.Property, detail, documentation: markdown(detail), sortText: `${RANK.key}${pad(i)}`,
      textEdit: { range, newText: withValue ? `${name} = [$0]${ctx.after}` : key(name) },
      insertTextFormat: withValue ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
    });
  });
  if (!withValue) {
    // Renaming a key already written (map form, which the diagnostics flag): its canonical spelling.
    // Not a list's key (`allo|wed = […]`): renamed to a tool name it would become a map-form key.
    if (ctx.keyValue?.value?.kind === 'array') return out;
    CAPABILITIES.forEach((cap, i) => {
      if (holds.has(cap.name) || keys.has(cap.name) || renameClashes(cap.name)) return;
      const item = capabilityItem(cap, i, range, key(cap.name), false);
      item.documentation = markdown(`${capabilityMarkdown(cap)}\n\n${MAP_FORM_NOTE}`);
      out.push(item);
    });
    if (!holds.has('*')) out.push(anyItem(range, key('*')));
    return out;
  }
  // A tool name typed where a key goes lands in a list (`*` in `disallowed`, the rest in `allowed`),
  // not in the map form Mars ignores: appended to the list, or written as a new one here.
  const into = (list: ListName, name: string): Pick<CompletionItem, 'textEdit' | 'additionalTextEdits' | 'detail'> | null => {
    const target = listTarget(analysis.policies, ctx.owner, list);
    if (target === null) return null;
    const detail = `Adds "${name}" to \`${list}\``;
    if (target === 'new') return clashes(list) || keys.has(list) ? null : { detail, textEdit: { range, newText: `${list} = [${basicString(name)}]${ctx.after}` } };
    if (held(target.array, null).has(name) || ctx.inline) return null;
    // The typed word goes, and the key before it (`tools.`, `agents.x.tools.`) with it.
    const e = appendToArray(analysis.doc.text, target.array, [name]);
    const additionalTextEdits = [{ range: positionsOf(analysis.lines, e), newText: e.newText }];
    if (ctx.keyStart < ctx.range.start) additionalTextEdits.push({ range: positionsOf(analysis.lines, { start: ctx.keyStart, end: ctx.range.start }), newText: '' });
    return { detail, textEdit: { range, newText: '' }, additionalTextEdits };
  };
  CAPABILITIES.forEach((cap, i) => {
    const edits = into('allowed', cap.name);
    if (edits) out.push({ ...capabilityItem(cap, i, range, '', false), ...edits, documentation: markdown(`${capabilityMarkdown(cap)}\n\n${edits.detail}.`) });
  });
  const any = into('disallowed', '*');
  if (any) out.push({ ...anyItem(range, ''), ...any, documentation: markdown(`${ANY_MEANING}\n\n${any.detail}.`) });
  return out;
}

function valueItems(lines: Lines, ctx: ValueContext): CompletionItem[] {
  const range = positionsOf(lines, ctx.range);
  const name = ctx.extra.name.name;
  return (['allow', 'deny'] as const).map((verdict, i) => {
    const list = verdict === 'allow' ? 'allowed' : 'disallowed';
    const detail = `Map form: Mars ignores it; put ${code(name)} in \`${list}\` instead.`;
    return {
      label: ctx.inString ? verdict : `"${verdict}"`,
      kind: CompletionItemKind.Value,
      detail,
      documentation: markdown(`${detail}\n\n${MAP_FORM_NOTE}`),
      sortText: `${RANK.key}${pad(i)}`,
      textEdit: { range, newText: ctx.inString ? verdict + ctx.close : `"${verdict}"` },
      insertTextFormat: InsertTextFormat.PlainText,
    };
  });
}
