import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse as smolParse } from 'smol-toml';
import { type CompletionItem, type CompletionList, InsertTextFormat, type MarkupContent, type Position, type TextEdit } from 'vscode-languageserver';
import { analyze } from '../../server/src/analysis/analyze';
import { analyzeDocument, documentFindings, unitAt } from '../../server/src/analysis/document';
import { documentFixAll } from '../../server/src/analysis/documentFixAll';
import { applyEdits } from '../../server/src/analysis/edits';
import { completions, completionsInDocument, itemsAsClientTakes, snippetText } from '../../server/src/features/completion';
import { hover } from '../../server/src/features/hover';
import { mcpManifestName, mcpServerNames } from '../../server/src/features/mcpServers';
import { plainText } from '../../server/src/features/plainText';
import { CAPABILITIES, capabilityNamed, MCP_MEANING } from '../../server/src/grammar/vocabulary';

// ---- helpers ----------------------------------------------------------------------------------

/** The document without its `|` cursor marker, and the cursor position. */
function at(src: string): { text: string; position: Position } {
  const offset = src.indexOf('|');
  assert.ok(offset >= 0, 'no | cursor marker');
  const text = src.slice(0, offset) + src.slice(offset + 1);
  return { text, position: analyze(text).lines.position(offset) };
}

function run(src: string, servers: readonly string[] = []): CompletionItem[] | null {
  const { text, position } = at(src);
  const result: CompletionItem[] | CompletionList | null = completions(analyze(text), position, servers);
  return result === null ? null : Array.isArray(result) ? result : result.items;
}

type RangeTuple = readonly [number, number, number, number];

const rangeOf = (item: CompletionItem): RangeTuple => {
  const e = item.textEdit as TextEdit;
  return [e.range.start.line, e.range.start.character, e.range.end.line, e.range.end.character];
};

/**
 * The client-side filter, as VS Code applies it: the text from the edit range's start to the cursor
 * must match the filter text (or the label) in order, ignoring case, the first character at the
 * start of a word.
 */
function survivesFilter(item: CompletionItem, typed: string): boolean {
  const filter = (item.filterText ?? item.label).toLowerCase();
  const word = typed.toLowerCase();
  if (word === '') return true;
  const starts = [...filter].flatMap((_, i) => (i === 0 || /[\s_\-.(/:]/.test(filter[i - 1]!) ? [i] : []));
  return starts.some((s) => {
    if (filter[s] !== word[0]) return false;
    let j = 1;
    for (let i = s + 1; i < filter.length && j < word.length; i++) if (filter[i] === word[j]) j++;
    return j === word.length;
  });
}

/**
 * The client-side filter as Neovim's built-in completion applies it (vim.lsp.completion, without
 * 'ignorecase'): the text from the edit range's start to the cursor must start the filter text (or
 * the label), case and all.
 */
const survivesPrefixFilter = (item: CompletionItem, typed: string): boolean => (item.filterText ?? item.label).startsWith(typed);

/** What the user typed before the cursor inside the edit range. */
function typedBefore(src: string, item: CompletionItem): string {
  const { text, position } = at(src);
  const lines = analyze(text).lines;
  const e = item.textEdit as TextEdit;
  return text.slice(lines.offset(e.range.start), lines.offset(position));
}

// ---- contexts ---------------------------------------------------------------------------------

interface Case {
  readonly name: string;
  readonly doc: string;
  readonly servers?: readonly string[];
  /** Labels that must be offered. */
  readonly present?: readonly string[];
  /** Labels that must not be offered. */
  readonly absent?: readonly string[];
  /** No completion at all. */
  readonly none?: true;
  /** One item's edit. */
  readonly edit?: { readonly label: string; readonly newText: string; readonly range: RangeTuple };
  /** The document once that item is accepted, its additional edits applied too. */
  readonly becomes?: string;
}

const SNIPPETS = ['bash(command *)', 'read(path)', 'skill(name)', 'web_fetch(domain:host)', 'mcp(server/tool)'];

const CASES: Case[] = [
  // every spelling of the tools table
  { name: 'table header, empty string', doc: '[agents.reviewer.tools]\nallowed = ["|"]',
    present: ['bash', 'read', 'agent', 'task', '*', ...SNIPPETS], edit: { label: 'bash', newText: 'bash', range: [1, 12, 1, 12] } },
  { name: 'table header, disallowed', doc: '[agents.reviewer.tools]\ndisallowed = ["ag|"]',
    present: ['agent'], edit: { label: 'agent', newText: 'agent', range: [1, 15, 1, 17] } },
  { name: 'dotted key inside the agent table', doc: '[agents.coder]\ntools.allowed = ["ed|"]',
    present: ['edit'], edit: { label: 'edit', newText: 'edit', range: [1, 18, 1, 20] } },
  { name: 'inline table', doc: '[agents.coder]\ntools = { disallowed = ["we|"] }',
    present: ['web', 'web_fetch'], edit: { label: 'web', newText: 'web', range: [1, 25, 1, 27] } },
  { name: 'inline table in an inline table', doc: 'agents.x = { tools = { allowed = ["|"] } }', present: ['bash'] },
  { name: 'dotted from the root table', doc: 'agents.planner.tools.allowed = ["re|"]',
    present: ['read'], edit: { label: 'read', newText: 'read', range: [0, 33, 0, 35] } },
  { name: 'dotted from the [agents] table', doc: '[agents]\ntester.tools.allowed = ["|"]',
    present: ['bash'], edit: { label: 'bash', newText: 'bash', range: [1, 25, 1, 25] } },
  { name: 'skills with a quoted name', doc: '[skills."deep research".tools]\ndisallowed = ["|"]', present: ['agent', 'web'] },
  { name: 'literal string', doc: "[agents.x.tools]\nallowed = ['we|']",
    present: ['web'], edit: { label: 'web_search', newText: 'web_search', range: [1, 12, 1, 14] } },

  // slots: quotes inserted
  { name: 'empty array', doc: '[agents.x.tools]\nallowed = [|]',
    present: ['bash', '*', ...SNIPPETS], edit: { label: 'bash', newText: '"bash"', range: [1, 11, 1, 11] } },
  // Right after a comma, a space before the new item, as a formatter writes it (`["read", "bash"]`).
  { name: 'after a comma', doc: '[agents.x.tools]\nallowed = ["read",|]',
    absent: ['read'], edit: { label: 'bash', newText: ' "bash"', range: [1, 18, 1, 18] } },
  { name: 'after a comma, a snippet', doc: '[agents.x.tools]\nallowed = ["read",|]',
    edit: { label: 'bash(command *)', newText: ' "bash(${1:command} *)"', range: [1, 18, 1, 18] } },
  { name: 'after a comma, a bare word typed', doc: '[agents.x.tools]\nallowed = ["read",ba|]',
    edit: { label: 'bash', newText: ' "bash"', range: [1, 18, 1, 20] } },
  { name: 'after a comma and a space', doc: '[agents.x.tools]\nallowed = ["read", |]', edit: { label: '*', newText: '"*"', range: [1, 19, 1, 19] } },
  { name: 'snippet in a slot', doc: '[agents.x.tools]\nallowed = [|]',
    edit: { label: 'bash(command *)', newText: '"bash(${1:command} *)"', range: [1, 11, 1, 11] } },
  // A blank already after the slot: the comma only, not a second blank (`["bash", "read"]`).
  { name: 'slot before an item gets a comma', doc: '[agents.x.tools]\nallowed = [| "read"]',
    edit: { label: 'bash', newText: '"bash",', range: [1, 11, 1, 11] } },
  { name: 'multi-line array, own line', doc: '[agents.x.tools]\nallowed = [\n  "read",\n  |\n]',
    edit: { label: 'bash', newText: '"bash"', range: [3, 2, 3, 2] } },
  // An item on a line below: the comma ends the new item's line, with no blank after it.
  { name: 'multi-line array, a slot above an item', doc: '[agents.x.tools]\nallowed = [\n  "read",\n  |\n  "grep",\n]',
    edit: { label: 'bash', newText: '"bash",', range: [3, 2, 3, 2] } },
  { name: 'multi-line array, a slot above a comment and an item', doc: '[agents.x.tools]\nallowed = [\n  "read",\n  |  # note\n  "grep",\n]',
    edit: { label: 'bash', newText: '  "bash",\n    ', range: [3, 2, 3, 4] } },
  // Below a comment written `//` (its own syntax error), which the parser reads as one there: a slot all the same.
  { name: 'multi-line array, below a comment written `//`', doc: '[agents.x.tools]\nallowed = [\n  "read", // note\n  // more\n  |\n]',
    edit: { label: 'bash', newText: '"bash"', range: [4, 2, 4, 2] } },
  { name: 'bare word typed in the array', doc: '[agents.x.tools]\nallowed = [ba|]',
    edit: { label: 'bash', newText: '"bash"', range: [1, 11, 1, 13] } },
  { name: 'no slot right after an item (comma missing)', doc: '[agents.x.tools]\nallowed = ["bash" |]', none: true },
  // On a line below an item with no comma after it: a slot all the same, the comma written too.
  { name: 'multi-line array, the comma after the item above missing', doc: '[agents.x.tools]\nallowed = [\n  "read"\n  |\n]',
    present: ['bash', '*'], absent: ['read'], edit: { label: 'bash', newText: '"bash"', range: [3, 2, 3, 2] } },
  // Past a syntax error on its line, quotes pair the wrong way: `", "` reads as a string, which no entry is (hover and the
  // diagnostics say nothing of it either), and an item would be written over the `, ` (`"b"c"bash"d"]`).
  { name: 'in a string past an error on its line, paired the wrong way: nothing', doc: '[agents.x.tools]\nallowed = ["a", "b"c",| "d"]', none: true },
  // A string at the start of its line, past a syntax error elsewhere or at one (a string not closed): read as typed.
  { name: 'a string at the start of its line, past a syntax error in another section', doc: 'x = = 1\n[agents.x.tools]\nallowed = [\n"r|"]',
    edit: { label: 'read', newText: 'read', range: [3, 1, 3, 2] } },
  { name: 'a string not closed at the start of its line', doc: '[agents.x.tools]\nallowed = [\n"read",\n"r|', edit: { label: 'bash', newText: 'bash"', range: [3, 1, 3, 2] } },
  // Past a syntax error in its statement, a string right after an `=` (no blank between) reads as typed, as one after a blank does.
  { name: 'past a syntax error in its statement, a value right after its `=`', doc: '[agents.x]\ntools = { allowed = ["a" "b"], bash ="al|" }',
    edit: { label: 'allow', newText: 'allow', range: [1, 38, 1, 40] } },
  { name: 'past a syntax error in its statement, a list written as a string right after its `=`', doc: '[agents.x]\ntools = { allowed = ["a" "b"], disallowed ="r|" }',
    edit: { label: 'read', newText: 'read', range: [1, 44, 1, 45] } },
  { name: 'the same past an earlier error of the section', doc: '[agents.x.tools]\nallowed = ["read" "x"]\ndisallowed = ["b"c",| "d"]', none: true },
  // A string after a blank there reads as typed: a comma missing before `"x"` leaves the next entry offered.
  { name: 'an entry typed on the line of a comma missing', doc: '[agents.x.tools]\nallowed = ["read" "x", "sh|', edit: { label: 'bash', newText: 'bash"', range: [1, 24, 1, 26] } },
  { name: 'multi-line array, the comma missing after a string not closed: nothing', doc: '[agents.x.tools]\nallowed = [\n  "read\n  |\n]', none: true },

  // half-typed text
  { name: 'unterminated string at the end of the text', doc: '[agents.x.tools]\nallowed = ["sh|',
    edit: { label: 'bash', newText: 'bash"', range: [1, 12, 1, 14] } },
  { name: 'unterminated string before more lines', doc: '[agents.x.tools]\nallowed = ["sh|\n\n[agents.y]\nmodel = "x"',
    edit: { label: 'bash', newText: 'bash"', range: [1, 12, 1, 14] } },
  { name: 'unterminated string keeps the typed ]', doc: '[agents.x.tools]\nallowed = ["sh|]',
    edit: { label: 'bash', newText: 'bash"', range: [1, 12, 1, 14] } },
  // ... and the `,` typed before it: the quote goes after the name, before the comma.
  { name: 'unterminated string keeps the typed , and ]', doc: '[agents.x.tools]\nallowed = ["sh|,]',
    edit: { label: 'bash', newText: 'bash"', range: [1, 12, 1, 14] }, becomes: '[agents.x.tools]\nallowed = ["bash",]' },
  // A statement's string has no list or table to close after it: a `]` typed in it is its text, replaced with it
  // (found by hoverProperties.test.ts, seed 3333: `"skill(name)"]` was written, a syntax error).
  { name: 'unterminated string where a list goes takes a typed ] as its text', doc: '[agents.x.tools]\nallowed = "sh|]',
    edit: { label: 'bash', newText: 'bash"', range: [1, 11, 1, 14] }, becomes: '[agents.x.tools]\nallowed = "bash"' },
  { name: '... in an inline table, the } closes the table', doc: '[agents.x]\ntools = { allowed = "sh| }',
    edit: { label: 'bash', newText: 'bash"', range: [1, 21, 1, 23] }, becomes: '[agents.x]\ntools = { allowed = "bash" }' },
  { name: 'unclosed array, next line', doc: '[agents.x.tools]\nallowed = [\n  |\n\ndisallowed = ["read"]\n',
    edit: { label: 'read', newText: '"read"', range: [2, 2, 2, 2] } },
  { name: 'unclosed array at the end of the text', doc: '[agents.x.tools]\nallowed = [|', edit: { label: 'bash', newText: '"bash"', range: [1, 11, 1, 11] } },
  { name: 'unclosed array, after a comma', doc: '[agents.x.tools]\nallowed = ["read", |', absent: ['read'], present: ['bash'] },
  { name: 'unclosed inline table', doc: '[agents.x]\ntools = { allowed = ["|"', present: ['bash'] },

  // the whole entry is replaced
  { name: 'range is the whole entry text', doc: '[agents.x.tools]\nallowed = ["web_f|etch"]',
    edit: { label: 'web_fetch', newText: 'web_fetch', range: [1, 12, 1, 21] } },
  // The string and its pattern closed, only the name is replaced: the same text, the pattern (2 MB, maybe) not sent in every item.
  { name: 'changing the name keeps the pattern', doc: '[agents.x.tools]\nallowed = ["sh|(git *)"]',
    edit: { label: 'bash', newText: 'bash', range: [1, 12, 1, 14] } },
  // A pattern not closed yet is closed, as a server's tool is (`mcp(gi|/x`): `ask_user(gh/x` is rejected. The name is
  // still replaced alone, the `)` and the quote written at the end by an additional edit.
  { name: 'changing the name keeps the pattern, in an unterminated string', doc: '[agents.x.tools]\nallowed = ["sh|(git *)',
    edit: { label: 'bash', newText: 'bash', range: [1, 12, 1, 14] }, becomes: '[agents.x.tools]\nallowed = ["bash(git *)"' },
  { name: 'changing the name keeps the pattern, closed, in an unterminated string', doc: '[agents.x.tools]\nallowed = ["mc|p(gh/x',
    edit: { label: 'ask_user', newText: 'ask_user', range: [1, 12, 1, 15] }, becomes: '[agents.x.tools]\nallowed = ["ask_user(gh/x)"' },
  { name: 'changing the name keeps the pattern, closed', doc: '[agents.x.tools]\nallowed = ["sh|(git *"]',
    edit: { label: 'bash', newText: 'bash', range: [1, 12, 1, 14] }, becomes: '[agents.x.tools]\nallowed = ["bash(git *)"]' },
  // A `(` written as an escape (`\u0028`) is one all the same, as Mars reads the decoded value: the pattern kept as written.
  { name: 'changing the name keeps a pattern whose `(` is an escape', doc: '[agents.x.tools]\nallowed = ["sh|\\u0028git *)"]',
    edit: { label: 'bash', newText: 'bash', range: [1, 12, 1, 14] }, becomes: '[agents.x.tools]\nallowed = ["bash\\u0028git *)"]' },
  { name: 'changing the name keeps a pattern whose `)` is an escape too: no second `)`', doc: '[agents.x.tools]\nallowed = ["g|\\u0028a\\u0029"]',
    edit: { label: 'grep', newText: 'grep', range: [1, 12, 1, 13] }, becomes: '[agents.x.tools]\nallowed = ["grep\\u0028a\\u0029"]' },
  { name: 'changing the name keeps a pattern whose `(` is an escape, closed where it is not', doc: '[agents.x.tools]\nallowed = ["g|\\u0028a"]',
    edit: { label: 'grep', newText: 'grep', range: [1, 12, 1, 13] }, becomes: '[agents.x.tools]\nallowed = ["grep\\u0028a)"]' },
  { name: 'a name before a pattern whose `(` is an escape: held by value', doc: '[agents.x.tools]\nallowed = ["bash(git *)", "sh|\\u0028git *)"]',
    absent: ['bash'], present: ['read'] },
  // The codes of a suppression comment: those a comment can silence, and `all`, not the listed ones.
  { name: 'codes after # mars-ignore:', doc: '[agents.x.tools]\nallowed = ["Bash"]  # mars-ignore: non|',
    present: ['non-canonical', 'unknown-tool', 'all', 'invalid-suppression'], absent: ['toml-syntax'], edit: { label: 'non-canonical', newText: 'non-canonical', range: [1, 35, 1, 38] } },
  { name: 'codes in a file-wide comment, the word under the cursor replaced whole, not those listed', doc: '# mars-ignore-file: legacy-prefix, unk|nown-tol -- why\n',
    absent: ['legacy-prefix', 'toml-syntax'], edit: { label: 'unknown-tool', newText: 'unknown-tool', range: [0, 35, 0, 46] } },
  { name: 'the code under the cursor, written whole, is offered still', doc: '# mars-ignore: legacy-prefix, unknown-tool| -- why\n',
    absent: ['legacy-prefix'], edit: { label: 'unknown-tool', newText: 'unknown-tool', range: [0, 30, 0, 42] } },
  { name: 'no codes in the reason of a suppression comment, nor in another comment', doc: '[agents.x.tools]\nallowed = ["Bash"]  # mars-ignore: unknown-tool -- non|',
    none: true },
  { name: 'no codes in the `#` remark after the codes of a suppression comment', doc: '[agents.x.tools]\nallowed = ["Bash"]  # mars-ignore: unknown-tool # non|',
    none: true },
  { name: 'no codes in a comment that is not a suppression', doc: '# mars-ignores: |\n', none: true },
  { name: 'a code list word is what the comment reads as one (an underscore, a digit): replaced whole', doc: '# mars-ignore: unknown_tool2|\n',
    edit: { label: 'unknown-tool', newText: 'unknown-tool', range: [0, 15, 0, 28] } },
  // What is held is what the item writes, the kept pattern with it: not the bare name.
  { name: 'a name before a pattern: not offered when the list holds what it would write', doc: '[agents.x.tools]\nallowed = ["bash(git *)", "b|(git *)"]',
    absent: ['bash'], present: ['read'] },
  { name: 'a name before a pattern: offered when the list holds the bare name only', doc: '[agents.x.tools]\nallowed = ["bash", "b|(git *)"]',
    edit: { label: 'bash', newText: 'bash', range: [1, 20, 1, 21] } },
  { name: 'a name before a pattern: held by meaning (a legacy :* read as Mars reads it)', doc: '[agents.x.tools]\nallowed = ["bash(git *)", "Sh|(git:*)"]',
    absent: ['bash'], present: ['grep'] },
  { name: 'a name before a pattern: held by value (its escapes decoded)', doc: '[agents.x.tools]\nallowed = ["read(ab)", "re|(a\\u0062)"]',
    absent: ['read'], present: ['grep'] },
  { name: 'a name before a pattern: held by value (a literal string)', doc: '[agents.x.tools]\nallowed = ["read(ab)", \'re|(ab)\']',
    absent: ['read'], present: ['grep'] },
  { name: 'snippet replaces the whole entry', doc: '[agents.x.tools]\nallowed = ["web_f|etch(domain:x.com)"]',
    edit: { label: 'web_fetch(domain:host)', newText: 'web_fetch(domain:${1:host})', range: [1, 12, 1, 35] } },
  { name: 'after ( offers the scoped snippets', doc: '[agents.x.tools]\nallowed = ["bash(|"]',
    present: ['bash(command *)'], absent: ['bash', 'read'], edit: { label: 'bash(command *)', newText: 'bash(${1:command} *)', range: [1, 12, 1, 17] } },

  // MCP servers
  { name: 'inside mcp(: server names', doc: '[agents.x.tools]\nallowed = ["mcp(|"]', servers: ['github', 'linear'],
    present: ['mcp(github)', 'mcp(linear)', 'mcp(github/tool)', 'mcp(server/tool)'], absent: ['bash', '*'],
    edit: { label: 'mcp(github)', newText: 'mcp(github)', range: [1, 12, 1, 16] } },
  { name: 'inside mcp( with a half-typed server', doc: '[agents.x.tools]\nallowed = ["mcp(gi|)"]', servers: ['github'],
    edit: { label: 'mcp(github/tool)', newText: 'mcp(github/${1:tool})', range: [1, 12, 1, 19] } },
  { name: 'inside MCP( in an unterminated string', doc: '[agents.x.tools]\nallowed = ["MCP(|', servers: ['github'],
    edit: { label: 'mcp(github)', newText: 'mcp(github)"', range: [1, 12, 1, 16] } },
  // On the server of an entry naming a tool, the tool stays: a grant of one tool never becomes one of the whole server.
  { name: 'on the server of mcp(server/tool): the tool kept', doc: '[agents.x.tools]\nallowed = ["mcp(|github/get_issue)"]', servers: ['github', 'linear'],
    present: ['mcp(linear/get_issue)'], absent: ['mcp(github)', 'mcp(linear)', 'mcp(linear/tool)', 'mcp(server/tool)'],
    edit: { label: 'mcp(linear/get_issue)', newText: 'mcp(linear/get_issue)', range: [1, 12, 1, 33] } },
  // A tool not closed yet (`mcp(gi|/get_issue`) is closed, as `mcp(gi|` writes `mcp(github)`: `mcp(github/get_issue` is rejected.
  { name: 'on the server of mcp(server/tool) with no `)`: the tool kept, closed', doc: '[agents.x.tools]\nallowed = ["mcp(gi|/get_issue"]', servers: ['github'],
    edit: { label: 'mcp(github/get_issue)', newText: 'mcp(github/get_issue)', range: [1, 12, 1, 28] } },
  { name: 'on the server of mcp(server/tool) with no `)`, in an unterminated string', doc: '[agents.x.tools]\nallowed = ["mcp(gi|/x', servers: ['github'],
    edit: { label: 'mcp(github/x)', newText: 'mcp(github/x)"', range: [1, 12, 1, 20] } },
  { name: 'on the server of mcp(server/tool): not a server whose entry, the tool kept, the list holds', doc: '[agents.x.tools]\nallowed = ["mcp(linear/get_issue)", "mcp(|github/get_issue)"]',
    servers: ['github', 'linear'], present: ['mcp(github/get_issue)'], absent: ['mcp(linear/get_issue)'] },
  // A tool left empty (`mcp(gi|/`) is none to keep: `mcp(github/)` is rejected (a segment must not be empty), so the server alone, or its snippet.
  { name: 'on the server of mcp(server/) with no tool: the server, or its snippet, not an empty tool', doc: '[agents.x.tools]\nallowed = ["mcp(gi|/"]', servers: ['github'],
    present: ['mcp(github)', 'mcp(server/tool)'], absent: ['mcp(github/)'], edit: { label: 'mcp(github/tool)', newText: 'mcp(github/${1:tool})', range: [1, 12, 1, 19] } },
  { name: 'on the server of mcp(server/) with a blank tool and `)`: the server, or its snippet', doc: '[agents.x.tools]\nallowed = ["mcp(gi|/ )"]', servers: ['github'],
    absent: ['mcp(github/ )'], edit: { label: 'mcp(github)', newText: 'mcp(github)', range: [1, 12, 1, 21] } },
  // Blanks around the server, which Mars trims: the servers as without them, written trimmed, the filter text as typed.
  { name: 'on a server with blanks around it, the tool kept', doc: '[agents.x.tools]\nallowed = ["mcp(  gi|  /x)"]', servers: ['github'],
    edit: { label: 'mcp(github/x)', newText: 'mcp(github/x)', range: [1, 12, 1, 25] } },
  { name: 'on a server with blanks before it', doc: '[agents.x.tools]\nallowed = ["mcp(  gi|)"]', servers: ['github'],
    present: ['mcp(github/tool)', 'mcp(server/tool)'], edit: { label: 'mcp(github)', newText: 'mcp(github)', range: [1, 12, 1, 21] } },
  // Blanks written as escapes (`\t`, `\u0020`) are blanks to Mars, which reads the decoded value: read past as those typed are.
  { name: 'on a server with escaped tabs around it, the tool kept', doc: '[agents.x.tools]\nallowed = ["mcp(\\tgi|\\t/x)"]', servers: ['github'],
    edit: { label: 'mcp(github/x)', newText: 'mcp(github/x)', range: [1, 12, 1, 25] }, becomes: '[agents.x.tools]\nallowed = ["mcp(github/x)"]' },
  { name: 'on a server with an escaped space before it', doc: '[agents.x.tools]\nallowed = ["mcp(\\u0020gi|)"]', servers: ['github'],
    present: ['mcp(github/tool)', 'mcp(server/tool)'], edit: { label: 'mcp(github)', newText: 'mcp(github)', range: [1, 12, 1, 25] } },
  { name: 'on the server of mcp(server/) with an escaped tab for its tool: none to keep', doc: '[agents.x.tools]\nallowed = ["mcp(gi|/\\t)"]', servers: ['github'],
    absent: ['mcp(github/\\t)'], edit: { label: 'mcp(github)', newText: 'mcp(github)', range: [1, 12, 1, 22] } },
  // The `(` and `/` of `mcp(server/tool)` written as escapes are those characters: the server offered, the tool kept as written.
  { name: 'on the server of mcp(server/tool) whose `(` and `/` are escapes', doc: '[agents.x.tools]\nallowed = ["mcp\\u0028gi|\\u002Fx)"]', servers: ['github'],
    edit: { label: 'mcp(github/x)', newText: 'mcp(github\\u002Fx)', range: [1, 12, 1, 31] }, becomes: '[agents.x.tools]\nallowed = ["mcp(github\\u002Fx)"]' },
  // The typed word may match the entry with its tool (`ge`: the `e` of `get_issue`), as the client filters the item's label.
  { name: 'on the server of mcp(server/tool): a server the typed word matches with the tool kept', doc: '[agents.x.tools]\nallowed = ["mcp(ge|/get_issue)"]',
    servers: ['git'], present: ['mcp(git/get_issue)'] },
  { name: 'on the tool of mcp(server/tool): no server', doc: '[agents.x.tools]\nallowed = ["mcp(github/get|)"]', servers: ['github'], none: true },
  { name: 'right after the slash of mcp(server/tool), on the tool: no server', doc: '[agents.x.tools]\nallowed = ["mcp(github/|)"]', servers: ['github'], none: true },
  // Only servers the typed word may match, and no more than 100 (the list is incomplete: typing narrows it).
  { name: 'servers the typed word cannot match are left out', doc: '[agents.x.tools]\nallowed = ["mcp(lin|"]', servers: ['github', 'linear'],
    present: ['mcp(linear)', 'mcp(linear/tool)'], absent: ['mcp(github)', 'mcp(github/tool)'] },
  { name: 'servers the list grants whole are skipped', doc: '[agents.x.tools]\nallowed = ["mcp(github)", "mcp(|"]', servers: ['github', 'linear'],
    present: ['mcp(linear)', 'mcp(github/tool)'], absent: ['mcp(github)'] },
  // A server's name in a label as the diagnostics and hover show it: an invisible character escaped, not a right-to-left override turning the label around.
  { name: 'server names with invisible characters: labelled with them escaped', doc: '[agents.x.tools]\nallowed = ["mcp(|"]', servers: ['a\u202Eb', 'x\u200By'],
    present: ['mcp(a\\u202Eb)', 'mcp(a\\u202Eb/tool)', 'mcp(x\\u200By)'], absent: ['mcp(a\u202Eb)', 'mcp(x\u200By)'] },
  { name: 'servers offered in a slot too', doc: '[agents.x.tools]\nallowed = [|]', servers: ['github'],
    edit: { label: 'mcp(github)', newText: '"mcp(github)"', range: [1, 11, 1, 11] } },

  // keys and values of a tools table
  { name: 'key line in a tools table', doc: '[agents.x.tools]\n|',
    present: ['allowed', 'disallowed', 'bash'], edit: { label: 'allowed', newText: 'allowed = [$0]', range: [1, 0, 1, 0] } },
  { name: 'a tool name typed as a key', doc: '[agents.x.tools]\nallowed = ["read"]\nba|',
    present: ['bash', 'disallowed'], absent: ['allowed', 'read'], edit: { label: 'bash', newText: '', range: [2, 0, 2, 2] } },
  { name: 'existing map-form key: only the key is replaced', doc: '[agents.x.tools]\nsh|ell = "allow"',
    edit: { label: 'bash', newText: 'bash', range: [1, 0, 1, 5] } },
  // On a key with its `=` and no value yet, the key is renamed: the verdicts are for after the `=`.
  { name: 'on a key whose value is not written yet: the key renamed', doc: '[agents.x.tools]\nba|sh =', present: ['bash'], absent: ['"allow"', '"deny"'],
    edit: { label: 'bash', newText: 'bash', range: [1, 0, 1, 4] } },
  // On a table header's line, before the header or after it: no key goes there.
  { name: 'after a tools table header on its line: nothing', doc: '[agents.x.tools] |', none: true },
  { name: 'after an agent table header on its line: nothing', doc: '[agents.x] |', none: true },
  { name: 'before a tools table header: nothing', doc: '[agents.x.tools]\nallowed = []\n|[agents.y.tools]', none: true },
  { name: 'before an agent table header: nothing', doc: '|[agents.y]', none: true },
  // Renaming a map-form key: not to `*` where another key of the table is `*` already (a duplicate key), the other names kept.
  { name: 'renaming a map-form key: no `*` where another key is `*`', doc: '[agents.x.tools]\n"*" = "deny"\nsh|ell = "allow"', present: ['bash', 'read'], absent: ['*'] },
  { name: 'renaming a map-form key: `*` offered', doc: '[agents.x.tools]\nsh|ell = "allow"', present: ['bash', '*'], edit: { label: '*', newText: '"*"', range: [1, 0, 1, 5] } },
  { name: 'a word typed in an inline tools table', doc: '[agents.x]\ntools = { ba| }',
    present: ['allowed', 'disallowed'], edit: { label: 'bash', newText: 'allowed = ["bash"]', range: [1, 10, 1, 12] } },
  { name: 'a word typed after an entry of an inline tools table', doc: '[agents.x]\ntools = { allowed = ["a"], dis| }',
    edit: { label: 'disallowed', newText: 'disallowed = [$0]', range: [1, 27, 1, 30] } },
  // The slot goes with its comma (INTO_LISTS), as the header form takes the key's line.
  { name: 'in an inline table with `allowed`, a tool name is appended to it', doc: '[agents.x]\ntools = { allowed = ["read"], | }',
    present: ['disallowed', '*', 'bash'], absent: ['read'] },
  { name: 'what `allowed` holds is skipped, by meaning', doc: '[agents.x.tools]\nallowed = ["shell"]\n|', absent: ['bash', 'allowed'], present: ['read', 'disallowed'] },
  { name: 'no tool names where `allowed` cannot take one', doc: '[agents.x.tools]\nallowed = "read"\n|', absent: ['bash'], present: ['disallowed', '*'] },
  // A list's key is not renamed to a tool name: that would make it a map-form key Mars ignores.
  { name: 'on `allowed` of a header table: no tool names', doc: '[agents.x.tools]\nallo|wed = ["read"]',
    present: ['disallowed'], absent: ['bash', 'read', '*'], edit: { label: 'disallowed', newText: 'disallowed', range: [1, 0, 1, 7] } },
  { name: 'on a dotted `disallowed`: no tool names', doc: '[agents.x]\ntools.disall|owed = ["*"]', present: ['allowed'], absent: ['bash', '*'] },
  { name: 'on `allowed` in an inline table: no tool names', doc: '[agents.x]\ntools = { |allowed = ["read"] }', absent: ['bash', '*'] },
  { name: 'on `allowed` dotted from the root: no tool names', doc: 'agents.x.tools.allowed| = ["read"]', absent: ['bash', '*'] },
  { name: 'on a quoted list key: no tool names', doc: '[agents.x.tools]\n"allo|wed" = ["read"]', absent: ['bash', '*'] },
  { name: 'on a map-form key whose value is a list: no tool names', doc: '[agents.x.tools]\nsh|ell = ["x"]', absent: ['bash', '*'] },
  // After the `.` of a dotted key, with more of the key after the cursor: nothing (it would be split or moved).
  { name: 'before a quoted key part', doc: '[agents.s]\ntools.|"allowed" = ["read"]', none: true },
  { name: 'before a bare key part after blanks', doc: '[agents.a]\ntools .| disallowed = ["grep"]', none: true },
  { name: 'before a key part, from the root', doc: 'agents.a.tools.|"allowed" = ["read"]', none: true },
  // A map-form key's pattern is kept as an entry's is: the name alone replaced; a pattern not closed is closed.
  { name: 'a map-form key with a pattern: the name replaced, the pattern kept', doc: '[agents.x.tools]\n"sh|(git *)" = "allow"',
    edit: { label: 'bash', newText: 'bash', range: [1, 1, 1, 3] } },
  { name: 'a map-form key with a pattern not closed: closed', doc: '[agents.x.tools]\n"mc|p(gh/x" = "allow"',
    edit: { label: 'ask_user', newText: 'ask_user', range: [1, 1, 1, 4] }, becomes: '[agents.x.tools]\n"ask_user(gh/x)" = "allow"' },
  { name: 'a map-form key with a pattern whose `(` is an escape: the name replaced, the pattern kept as written', doc: '[agents.x.tools]\n"sh|\\u0028git *)" = "allow"',
    edit: { label: 'bash', newText: 'bash', range: [1, 1, 1, 3] }, becomes: '[agents.x.tools]\n"bash\\u0028git *)" = "allow"' },
  { name: 'a map-form key with a pattern, in its pattern: no tool names, which would drop it', doc: '[agents.x.tools]\n"bash(gi|t *)" = "allow"',
    none: true },
  // On the server of an MCP key, the servers, as in an entry: the tool kept, an empty tool none, blanks read past; not a key another one writes.
  { name: 'a map-form MCP key: the servers', doc: '[agents.x.tools]\n"mcp(gi|" = "allow"', servers: ['github', 'linear'],
    present: ['mcp(github)', 'mcp(github/tool)', 'mcp(server/tool)'], absent: ['mcp(linear)', 'bash'],
    edit: { label: 'mcp(github)', newText: 'mcp(github)', range: [1, 1, 1, 7] }, becomes: '[agents.x.tools]\n"mcp(github)" = "allow"' },
  { name: 'a map-form MCP key naming a tool: the tool kept', doc: '[agents.x.tools]\n"mcp(gi|/x)" = "deny"', servers: ['github'],
    absent: ['mcp(github)', 'mcp(github/tool)'], edit: { label: 'mcp(github/x)', newText: 'mcp(github/x)', range: [1, 1, 1, 10] } },
  { name: 'a map-form MCP key naming a tool not closed: closed', doc: '[agents.x]\ntools = { "mcp(gi|/x" = "allow" }', servers: ['github'],
    edit: { label: 'mcp(github/x)', newText: 'mcp(github/x)', range: [1, 11, 1, 19] }, becomes: '[agents.x]\ntools = { "mcp(github/x)" = "allow" }' },
  { name: 'a map-form MCP key with an empty tool: the server, not `mcp(github/)`', doc: '[agents.x.tools]\n"mcp(gi|/" = "allow"', servers: ['github'],
    present: ['mcp(github)', 'mcp(github/tool)'], absent: ['mcp(github/)'], edit: { label: 'mcp(github)', newText: 'mcp(github)', range: [1, 1, 1, 8] } },
  { name: 'a map-form MCP key with blanks around the server', doc: '[agents.x.tools]\n"mcp(  gi|  /x)" = "allow"', servers: ['github'],
    edit: { label: 'mcp(github/x)', newText: 'mcp(github/x)', range: [1, 1, 1, 14] } },
  { name: 'a map-form MCP key in single quotes', doc: "[agents.x.tools]\n'mcp(gi|/x)' = 'allow'", servers: ['github'],
    edit: { label: 'mcp(github/x)', newText: 'mcp(github/x)', range: [1, 1, 1, 10] } },
  { name: 'a map-form MCP key: not a server another key names whole', doc: '[agents.x.tools]\n"mcp(github)" = "deny"\n"mcp(|" = "allow"', servers: ['github', 'linear'],
    present: ['mcp(linear)', 'mcp(github/tool)'], absent: ['mcp(github)'] },
  { name: 'a map-form MCP key: the tool kept, not what another key names', doc: '[agents.x.tools]\n"mcp(linear/x)" = "deny"\n"mcp(|github/x)" = "allow"', servers: ['github', 'linear'],
    present: ['mcp(github/x)'], absent: ['mcp(linear/x)'] },
  // A snippet writes a tool of the user's choosing, not the key another one names (`mcp(github/tool)` written literally).
  { name: 'a map-form MCP key: the snippets offered though another key is named as one', doc: '[agents.x.tools]\n"mcp(github/tool)" = "deny"\n"mcp(server/tool)" = "ask"\n"mcp(gi|" = "allow"',
    servers: ['github'], present: ['mcp(github)', 'mcp(github/tool)', 'mcp(server/tool)'] },
  { name: 'a map-form key with a pattern, in a key not closed: closed with it', doc: '[agents.x.tools]\n"sh|(git *',
    edit: { label: 'bash', newText: 'bash', range: [1, 1, 1, 3] }, becomes: '[agents.x.tools]\n"bash(git *)"' },
  { name: 'a map-form key with a pattern: not what another key names with it', doc: '[agents.x.tools]\n"bash(git *)" = "deny"\n"sh|(git *)" = "allow"',
    absent: ['bash'], present: ['read'] },
  { name: 'quoted map-form key', doc: '[agents.x.tools]\n"ba|',
    edit: { label: 'bash', newText: 'bash"', range: [1, 1, 1, 3] } },
  // A quote typed before a key (`"|Shell = "allow"`) pairs with the value's: the key read, `Shell = `, is no key being
  // typed, and writing a name over it left `"bash"allow"`.
  { name: 'a quoted key whose closing quote has other text after it: nothing', doc: '[agents.x.tools]\n"Sh|ell = "allow"', none: true },
  // Right after the `.` of a dotted key in an inline table (Ctrl+Space; `.` opens no list): the parser stops that key
  // before its dot, which read as a complete entry before the cursor.
  { name: 'after the dot of a dotted key in an inline table', doc: 'agents.x = { tools.| }',
    present: ['allowed', 'disallowed'], edit: { label: 'allowed', newText: 'allowed = [$0]', range: [0, 19, 0, 19] } },
  { name: 'after the dot of a dotted key, the } right after', doc: 'agents.x = { tools.|}', present: ['allowed'] },
  { name: 'after the dot of a dotted key, blanks around the dot', doc: 'agents.x = { model = "m", tools . | }',
    edit: { label: 'disallowed', newText: 'disallowed = [$0]', range: [0, 34, 0, 34] } },
  { name: 'after the dot of a dotted key, another entry after it', doc: 'agents.x = { tools.|, model = "m" }', present: ['allowed'] },
  { name: 'after the last dot of a dotted key from the agents table', doc: 'agents = { x.tools.| }', present: ['allowed'] },
  { name: 'after the dot of an agent\'s key: its tools lists', doc: 'agents = { x.| }', present: ['tools.allowed', 'tools.disallowed'], absent: ['allowed'] },
  { name: 'after the dot of a key not an agent\'s: nothing', doc: 'agents = { x.y.| }', none: true },
  { name: 'a quoted key before the } of an inline table', doc: '[agents.x]\ntools = { "ba|" }', present: ['bash'] },
  // Nor a bare key with a quote right after it (`ba|sh" = "allow"`): moving it into `allowed` left `" = "allow"` behind.
  { name: 'a bare key with a quote right after it: nothing', doc: '[agents.x.tools]\nba|sh" = "allow"', none: true },
  // Nor into a list a syntax error is in, which Mars stops reading in, as fix-all moves no key into it: where the list
  // ends is a guess (`["a" }` read on to a `]` lines below, where the name went).
  { name: 'a tool name typed as a key, the list below a syntax error in it: not appended', doc: '[agents.x.tools]\nallowed = ["a" }\n"b"]\nre|', present: ['disallowed'], absent: ['read', 'bash'] },
  { name: 'a tool name typed as a key, the list ending in a string left open: not appended', doc: '[agents.x.tools]\n"mcp(g\nallowed = ["a", "b\n]\nre|', present: ['disallowed'], absent: ['read'] },
  { name: 'the same with a comma missing in the list', doc: '[agents.x.tools]\nallowed = ["a" "c"]\nre|', present: ['disallowed'], absent: ['read'] },
  { name: '* as a key goes into disallowed', doc: '[agents.x.tools]\n|', edit: { label: '*', newText: 'disallowed = ["*"]', range: [1, 0, 1, 0] } },
  { name: 'dotted key below the agent table', doc: '[agents.x]\ntools.|',
    present: ['allowed', 'disallowed'], edit: { label: 'disallowed', newText: 'disallowed = [$0]', range: [1, 6, 1, 6] } },
  { name: 'dotted key from the root', doc: 'agents.x.tools.dis|', edit: { label: 'disallowed', newText: 'disallowed = [$0]', range: [0, 15, 0, 18] } },
  { name: 'key in an inline tools table', doc: '[agents.x]\ntools = { allowed = ["read"], | }',
    present: ['disallowed'], absent: ['allowed'], edit: { label: 'disallowed', newText: 'disallowed = [$0]', range: [1, 30, 1, 30] } },
  { name: 'next key after an unclosed list', doc: '[agents.x.tools]\nallowed = ["bash"\ndis|',
    edit: { label: 'disallowed', newText: 'disallowed = [$0]', range: [2, 0, 2, 3] } },
  { name: 'map-form value', doc: '[agents.x.tools]\nbash = |',
    present: ['"allow"', '"deny"'], absent: ['bash'], edit: { label: '"allow"', newText: '"allow"', range: [1, 7, 1, 7] } },
  { name: 'map-form value inside its string', doc: '[agents.x.tools]\nbash = "d|"', edit: { label: 'deny', newText: 'deny', range: [1, 8, 1, 9] } },
  // In a string not closed, the verdict closes it, with the quote it opened with.
  { name: 'map-form value inside its string not closed: closed', doc: '[agents.x.tools]\nbash = "al|', edit: { label: 'allow', newText: 'allow"', range: [1, 8, 1, 10] } },
  { name: 'map-form value inside its literal string not closed: closed', doc: "[agents.x.tools]\nbash = 'de|", edit: { label: 'deny', newText: "deny'", range: [1, 8, 1, 10] } },
  { name: 'map-form value in an inline table', doc: '[agents.x]\ntools = { bash = | }', present: ['"allow"', '"deny"'] },
  // The verdict of one of OpenCode's patterns below a tool, which the diagnostic moves as `bash(git *)`, as a map-form key's.
  { name: 'verdict of a pattern in an inline table', doc: '[agents.x.tools]\nbash = { "git *" = | }',
    present: ['"allow"', '"deny"'], edit: { label: '"deny"', newText: '"deny"', range: [1, 19, 1, 19] } },
  { name: 'verdict of a pattern inside its string', doc: '[agents.x.tools]\nbash = { "git *" = "al|" }', edit: { label: 'allow', newText: 'allow', range: [1, 20, 1, 22] } },
  { name: 'verdict of a pattern after another', doc: '[agents.x.tools]\nbash = { "git *" = "allow", "rm *" = | }', present: ['"allow"', '"deny"'] },
  // In a table meant as `tools` (OpenCode's `permission`), whose rename makes it a map-form key of the tools table.
  { name: 'map-form value in a table meant as tools', doc: '[agents.x.permission]\nedit = |',
    present: ['"allow"', '"deny"'], edit: { label: '"allow"', newText: '"allow"', range: [1, 7, 1, 7] } },
  { name: 'map-form value inside its string in a table meant as tools', doc: '[agents.x.permission]\nedit = "d|"', edit: { label: 'deny', newText: 'deny', range: [1, 8, 1, 9] } },
  { name: 'map-form value in an inline table meant as tools', doc: '[agents.x]\npermission = { edit = | }', present: ['"allow"', '"deny"'] },
  { name: 'verdict of a pattern in a table meant as tools', doc: '[agents.x.permission]\nbash = { "git *" = | }', present: ['"allow"', '"deny"'] },
  // Under an owner one typo from `agents` or `skills`, in its `tools` table or one meant as it, whose rules its diagnostic
  // says with the owner: the owner's rename makes each a map-form key of the tools table.
  { name: 'map-form value in the tools table of a misspelt owner', doc: '[agent.x.tools]\nedit = |',
    present: ['"allow"', '"deny"'], edit: { label: '"allow"', newText: '"allow"', range: [1, 7, 1, 7] } },
  { name: 'map-form value inside its string under a misspelt owner', doc: '[skill.x.tools]\nedit = "d|"', edit: { label: 'deny', newText: 'deny', range: [1, 8, 1, 9] } },
  { name: 'map-form value in a table meant as tools of a misspelt owner', doc: '[agent.x.permission]\nedit = |', present: ['"allow"', '"deny"'] },
  { name: 'map-form value dotted below a misspelt owner', doc: '[agent.x]\ntools.edit = |', present: ['"allow"', '"deny"'] },
  { name: 'verdict of a pattern in a table of its own below a misspelt owner', doc: '[agent.x.tools.bash]\n"git *" = |', present: ['"allow"', '"deny"'] },
  { name: 'no map-form value for a list\'s name under a misspelt owner', doc: '[agent.x.tools]\ndeny = |', none: true },
  { name: 'no map-form value in a misspelt owner\'s own table', doc: '[agent.x]\nedit = |', none: true },
  { name: 'no map-form value under a root key two typos from an owner', doc: '[agnt.x.tools]\nedit = |', none: true },
  // Not for a list's name there, a key of another table, nor at the root, where no agent or skill is named.
  { name: 'no map-form value for a list\'s name in a table meant as tools', doc: '[agents.x.permission]\ndeny = |', none: true },
  { name: 'no map-form value in an agent\'s table', doc: '[agents.x]\nedit = |', none: true },
  { name: 'no map-form value in a root table meant as tools', doc: '[permission]\nedit = |', none: true },
  // A list's name (`deny`, a misspelt `disallowed`) names no tool to allow or deny.
  { name: 'no map-form value for a list\'s name', doc: '[agents.x.tools]\ndeny = |', none: true },
  // Inside its string, the tool names the list it looks meant for takes, as its fix makes that list of the string.
  { name: 'no map-form value inside the string of a list\'s name', doc: '[agents.x.tools]\nAllowed = "a|"', absent: ['allow', 'deny'],
    edit: { label: 'agent', newText: 'agent', range: [1, 11, 1, 12] } },
  { name: 'a line-ending backslash stays', doc: '[agents.x.tools]\nallowed = ["""sh|\\\n  """]', edit: { label: 'bash', newText: 'bash', range: [1, 14, 1, 16] } },
  // A value over lines would be cut in two: only the part on the cursor's line is replaced.
  { name: 'not on a line a pattern continues on', doc: '[agents.x.tools]\nallowed = ["""bash(git \\\n    |log)"""]', none: true },
  { name: 'not on the line it continues from', doc: '[agents.x.tools]\nallowed = ["""ba|sh(git \\\n    log)"""]', none: true },
  { name: 'not before the line break the value starts after', doc: '[agents.x.tools]\nallowed = ["""|\nbash(git log)"""]', none: true },
  { name: 'not in a value holding a line break', doc: '[agents.x.tools]\nallowed = ["""ba|sh\n"""]', none: true },
  { name: 'on the line the value starts on, after that line break', doc: '[agents.x.tools]\nallowed = ["""\nsh|"""]', edit: { label: 'bash', newText: 'bash', range: [2, 0, 2, 2] } },
  // A multi-line string not closed runs to the end of the file: what follows the cursor's line is the
  // rest of the file, not a value over lines being typed, whether the file ends after it or not.
  { name: 'a multi-line string not closed, at the end of a file without a final line break', doc: '[agents.x.tools]\nallowed = ["""gr|', edit: { label: 'grep', newText: 'grep', range: [1, 14, 1, 16] } },
  { name: 'a multi-line string not closed, before the final line break', doc: '[agents.x.tools]\nallowed = ["""gr|\n', edit: { label: 'grep', newText: 'grep', range: [1, 14, 1, 16] } },
  { name: 'a multi-line string not closed, more of the file after it', doc: '[agents.x.tools]\nallowed = ["""gr|\n[agents.y.tools]\nallowed = ["read"]\n', edit: { label: 'grep', newText: 'grep', range: [1, 14, 1, 16] } },
  { name: 'a multi-line literal string not closed, before the final line break', doc: "[agents.x.tools]\nallowed = ['''gr|\n", edit: { label: 'grep', newText: 'grep', range: [1, 14, 1, 16] } },
  { name: 'a multi-line string not closed, right after its quotes', doc: '[agents.x.tools]\nallowed = ["""|\n', edit: { label: 'grep', newText: 'grep', range: [1, 14, 1, 14] } },
  // A `\` ending the line carries the value on to the next, as in a closed string.
  { name: 'a multi-line string not closed, continued on the next line: nothing', doc: '[agents.x.tools]\nallowed = ["""ba|sh(git \\\n    log)\n', none: true },
  { name: 'other white space in a string not closed is content', doc: '[agents.x.tools]\nallowed = ["sh|\u2028# x',
    edit: { label: 'bash', newText: 'bash"', range: [1, 12, 1, 18] } },
  // a word typed before a key on the same line: that key, which the parser skipped, is not offered again
  { name: 'before a list key on the line', doc: '[agents.a.tools]\nba| disallowed = ["x"]', present: ['allowed', 'bash'], absent: ['disallowed', '*'] },
  { name: 'before a list key in an inline table', doc: '[agents.a]\ntools = { ba| allowed = ["x"] }', present: ['disallowed'], absent: ['allowed', 'bash'] },
  // quoted key parts are read as TOML reads them
  { name: 'an owner quoted with an escape', doc: '[agents]\n"a\\u0062".tools.allowed = ["read"]\n"a\\u0062".tools.ba|',
    present: ['disallowed'], absent: ['allowed'], edit: { label: 'bash', newText: '', range: [2, 16, 2, 18] } },
  { name: 'an owner quoted with an escaped quote', doc: '[agents]\n"a\\"b".tools.ba|', present: ['allowed', 'disallowed'] },
  // the value of a list not written yet: a list of the one name
  { name: 'value of `allowed` not written yet', doc: '[agents.x.tools]\nallowed = |',
    present: ['bash', 'read', '*', ...SNIPPETS], edit: { label: 'bash', newText: '["bash"]', range: [1, 10, 1, 10] } },
  { name: 'value of a dotted `disallowed`', doc: '[agents.x]\ntools.disallowed =|', edit: { label: '*', newText: '["*"]', range: [1, 18, 1, 18] } },
  { name: 'value of a list in an inline table', doc: '[agents.x]\ntools = { allowed = | }', edit: { label: 'read', newText: '["read"]', range: [1, 20, 1, 20] } },
  { name: 'a bare word typed as the value of a list', doc: '[agents.x.tools]\nallowed = sh|',
    edit: { label: 'bash', newText: '["bash"]', range: [1, 10, 1, 12] } },
  { name: 'a pattern typed after the word is kept', doc: '[agents.x.tools]\nallowed = sh|(git)', edit: { label: 'bash', newText: '["bash(git)"]', range: [1, 10, 1, 17] } },
  // Under an owner one typo from `agents` or `skills`, whose finding says the list with the owner: as the rename makes it.
  { name: 'value of `allowed` under a misspelt owner', doc: '[agent.x.tools]\nallowed = |',
    present: ['bash', 'read', '*', ...SNIPPETS], edit: { label: 'read', newText: '["read"]', range: [1, 10, 1, 10] } },
  { name: 'value of a dotted `disallowed` under a misspelt owner', doc: '[skill.x]\ntools.disallowed = |', edit: { label: '*', newText: '["*"]', range: [1, 19, 1, 19] } },
  { name: 'value of a list in an inline table under a misspelt owner', doc: '[agent.x]\ntools = { allowed = | }', edit: { label: 'read', newText: '["read"]', range: [1, 20, 1, 20] } },
  { name: 'a bare word typed as the value of a list under a misspelt owner', doc: '[agent.x.tools]\nallowed = sh|',
    edit: { label: 'bash', newText: '["bash"]', range: [1, 10, 1, 12] } },
  { name: 'no value of a list under a root key two typos from an owner', doc: '[agnt.x.tools]\nallowed = |', none: true },
  { name: 'nothing in the pattern of a bare word', doc: '[agents.x.tools]\nallowed = sh(g|it)', none: true },
  { name: 'nothing in the pattern of a bare word, right after its parenthesis', doc: '[agents.x.tools]\nallowed = [sh(|git)]', none: true },
  // A pattern not closed after a bare word: where the word ends is a guess (a `)` may follow past
  // where the parser stopped it), so nothing replaces it, and no item writes it unclosed (`bash(git`).
  { name: 'a pattern not closed after a bare word', doc: '[agents.x.tools]\nallowed = sh|(git', none: true },
  { name: 'a pattern not closed after a bare word in a list', doc: '[agents.x.tools]\nallowed = [sh|(git]', none: true },
  { name: 'a pattern not closed after a bare word at the end of a list', doc: '[agents.x.tools]\nallowed = ["read", sh|(git', none: true },
  // a bare word with a pattern that runs past a blank: where it ends is a guess, so nothing replaces it
  { name: 'a bare word with a spaced pattern after the equals', doc: '[agents.x.tools]\nallowed = sh|(git *)', none: true },
  { name: 'a bare word with a pattern in a list', doc: '[agents.x.tools]\nallowed = [sh|(git *)]', none: true },
  // in a list as after the equals: a pattern ending where the parser stopped the word is kept
  { name: 'a pattern typed after a bare word in a list is kept', doc: '[agents.x.tools]\nallowed = [sh|(git)]',
    present: ['read', '*'], edit: { label: 'bash', newText: '"bash(git)"', range: [1, 11, 1, 18] } },
  { name: 'a bare word with a pattern in a list, an entry after it', doc: '[agents.x.tools]\nallowed = [sh|(git) "read"]',
    edit: { label: 'bash', newText: '"bash(git)",', range: [1, 11, 1, 18] } },
  { name: 'a bare word with a pattern in a list: not offered when the list holds what it would write', doc: '[agents.x.tools]\nallowed = ["bash(git)", b|(git)]',
    present: ['read'], absent: ['bash'] },
  // A bare word with a quote right after it (its opening quote forgotten): that quote opens the next string as the parser
  // reads it, so where the word ends is a guess, and writing `"bash"` over the word left `["bash", ", "grep"]`.
  { name: 'a bare word with a quote right after it, in a list: nothing', doc: '[agents.x.tools]\nallowed = [re|ad", "grep"]', none: true },
  { name: 'a bare word with a quote right after it, as the value of a list: nothing', doc: '[agents.x.tools]\nallowed = re|ad"', none: true },
  { name: 'a bare word with a quote right after it, as a map-form value: nothing', doc: '[agents.x.tools]\nShell = al|low"', none: true },
  // A literal string's quote as much as a basic one's.
  // Inside a comma written as an escape no name is there: an item would replace the names around it (`["grep"]` lost `read`),
  // or cut the escape in two (`"read\\u00grep"`).
  { name: 'inside a comma written as an escape: nothing', doc: '[agents.x.tools]\nallowed = ["read\\u00|2c gr"]', none: true },
  { name: 'inside a comma written as an escape, in a string written as the list: nothing', doc: '[agents.x.tools]\nallowed = "read\\u0|02c gr"', none: true },
  { name: 'right after a comma written as an escape: the name after it alone', doc: '[agents.x.tools]\nallowed = ["read\\u002c|gr"]', present: ['grep'],
    edit: { label: 'grep', newText: 'grep', range: [1, 22, 1, 24] } },
  { name: 'a bare word with a single quote right after it, in a list: nothing', doc: "[agents.x.tools]\nallowed = [re|ad', 'grep']", none: true },
  { name: 'a bare word with a single quote right after it, as the value of a list: nothing', doc: "[agents.x.tools]\nallowed = re|ad'", none: true },
  { name: 'a bare word with a single quote right after it, as a map-form value: nothing', doc: "[agents.x.tools]\nShell = al|low'", none: true },
  { name: 'nothing in the pattern of a bare word in a list', doc: '[agents.x.tools]\nallowed = [sh(g|it)]', none: true },
  // renaming a map-form key to a list's name would not make its value a list
  { name: 'renaming a map-form key: no list keys', doc: '[agents.x.tools]\nba| = "allow"', present: ['bash'], absent: ['allowed', 'disallowed'] },
  // nor to a name another key of the table spells already, in any spelling (`Shell` is `bash`)
  { name: 'renaming a map-form key: not to what another key names', doc: '[agents.x.tools]\nShell = "deny"\nre| = "allow"', present: ['grep'], absent: ['bash'] },
  // nor a part with more after it, which names a table (`allowed.lowed` makes `allowed` one)
  { name: 'the first part of a dotted key: nothing', doc: '[agents.a.tools]\nal|.lowed = ["read"]', none: true },
  { name: 'before the comma after an entry of an inline table: nothing', doc: 'agents.a = { tools = { disallowed = ["x"]|,"" = "deny" } }', none: true },
  { name: 'before the comma after an entry of an inline table, a word after it: nothing', doc: 'agents.a = { tools = { disallowed = ["x"]|,b = "deny" } }', none: true },
  { name: 'the first part of a dotted key, inline: nothing', doc: '[agents.a]\ntools = { al|.lowed = ["read"] }', none: true },
  { name: 'a quoted first part of a dotted key: nothing', doc: 'agents.a.tools."al|".x = ["read"]', none: true },
  { name: 'servers in the value of a list', doc: '[agents.x.tools]\nallowed = |', servers: ['github'], present: ['mcp(github)', 'mcp(github/tool)'] },
  // the value of `tools` not written yet: the table inline, with one list
  { name: 'value of tools', doc: '[agents.x]\ntools = |', present: ['{ allowed = [] }', '{ disallowed = [] }'], absent: ['bash'],
    edit: { label: '{ allowed = [] }', newText: '{ allowed = [$0] }', range: [1, 8, 1, 8] } },
  { name: 'value of a dotted tools', doc: 'skills.s.tools = |', present: ['{ disallowed = [] }'] },
  { name: 'no value of tools the section writes already', doc: '[agents.x]\ntools.allowed = ["read"]\ntools = |', none: true },
  { name: 'no value of tools under an array of tables', doc: '[[agents.x]]\ntools = |', none: true },
  { name: 'no value of another key', doc: '[agents.x]\nmodel = |', none: true },
  // a key of an agent's or skill's own table: its tools lists as dotted keys, as `tools = |` offers them inline
  { name: 'key of an agent table: the tools lists', doc: '[agents.x]\n|', present: ['tools.allowed', 'tools.disallowed'], absent: ['bash', 'allowed'],
    edit: { label: 'tools.allowed', newText: 'tools.allowed = [$0]', range: [1, 0, 1, 0] } },
  { name: 'key of a skill table, typed', doc: '[skills.x]\nmodel = "m"\nto|', present: ['tools.allowed', 'tools.disallowed'],
    edit: { label: 'tools.disallowed', newText: 'tools.disallowed = [$0]', range: [2, 0, 2, 2] } },
  { name: 'key of an agent table, dotted from the root', doc: 'agents.x.|', present: ['tools.allowed', 'tools.disallowed'],
    edit: { label: 'tools.allowed', newText: 'tools.allowed = [$0]', range: [0, 9, 0, 9] } },
  { name: 'key of an agent table, dotted from [agents]', doc: '[agents]\nx.to|', present: ['tools.allowed', 'tools.disallowed'] },
  { name: 'key of an agent table with a list written: the other only', doc: '[agents.x]\ntools.allowed = ["read"]\n|', present: ['tools.disallowed'], absent: ['tools.allowed'] },
  { name: 'the same dotted from the root', doc: 'agents.x.tools.disallowed = ["*"]\nagents.x.|', present: ['tools.allowed'], absent: ['tools.disallowed'] },
  { name: 'key of an agent table with its tools table inline: nothing', doc: '[agents.x]\ntools = { allowed = [] }\n|', none: true },
  { name: 'key of an agent table with its tools section: nothing', doc: '[agents.x.tools]\nallowed = []\n[agents.x]\n|', none: true },
  { name: 'key of an agent table under an array of tables: nothing', doc: '[[agents]]\n[agents.x]\n|', none: true },
  { name: 'key of a table below an agent: nothing', doc: '[agents.x.y]\n|', none: true },
  { name: 'an agent table\'s key already written: nothing', doc: '[agents.x]\nmo|del = "m"', none: true },
  // a dotted key cannot reach into a table a value already wrote whole
  { name: 'dotted key after an inline tools table', doc: '[agents.x]\ntools = { allowed = ["a"] }\ntools.|', none: true },
  { name: 'dotted key after an inline agent table', doc: 'agents.x = {}\nagents.x.tools.|', none: true },

  // not tool entries
  { name: 'description string', doc: '[agents.x]\ndescription = "ba|"', none: true },
  { name: 'dependency agents list', doc: '[dependencies.x]\nagents = ["|"]', none: true },
  { name: 'dependency agents list, empty slot', doc: '[dependencies.x]\nagents = [|]', none: true },
  { name: 'root table', doc: '|', none: true },
  { name: 'table header', doc: '[agents.x.to|ols]', edit: { label: 'tools', newText: 'tools', range: [0, 10, 0, 15] } },
  { name: 'comment', doc: '[agents.x.tools]\nallowed = ["read"] # ba|', none: true },
  { name: 'comment inside a list', doc: '[agents.x.tools]\nallowed = [\n  "read", # ba|\n]', none: true },
  { name: 'tools as an array of tables', doc: '[[agents.x.tools]]\nallowed = ["|"]', none: true },
  // After `[[agents]]`, `[agents.x…]` is a table of the array's last element: no agent's tools.
  { name: 'after [[agents]], a list in [agents.x.tools]', doc: '[[agents]]\n[agents.x.tools]\nallowed = ["|"]', none: true },
  { name: 'after [[agents]], a key in [agents.x.tools]', doc: '[[agents]]\n[agents.x.tools]\n|', none: true },
  { name: 'after [[agents]], the value of allowed', doc: '[[agents]]\n[agents.x.tools]\nallowed = |', none: true },
  { name: 'after [[skills]], a dotted key in [skills.x]', doc: '[[skills]]\n[skills.x]\ntools.|', none: true },
  { name: 'after [[skills]], the value of tools', doc: '[[skills]]\n[skills.x]\ntools = |', none: true },
  { name: 'after [[agents]], a key of tools written inline', doc: '[[agents]]\n[agents.x]\ntools = { | }', none: true },
  { name: 'after [[agents]], a map-form value', doc: '[[agents]]\n[agents.x.tools]\nbash = "|"', none: true },
  { name: 'after [[agents]], skills are still read', doc: '[[agents]]\n[skills.x.tools]\nallowed = ["|"]', present: ['bash'] },
  { name: 'nested list', doc: '[agents.x.tools]\nallowed = [["|"]]', none: true },
  { name: 'tools.mcp value', doc: '[agents.x.tools]\nmcp = |', none: true },

  // A string Mars reads as no entry for its value's shape (a quote typed for a bracket): hover describes the entry its
  // fix makes of it, and completion offers the names there, replacing the string's content; the shape's finding and
  // its fix stay.
  { name: 'allowed written as a string', doc: '[agents.x.tools]\nallowed = "gr|"',
    present: ['grep', 'bash', '*', ...SNIPPETS], edit: { label: 'grep', newText: 'grep', range: [1, 11, 1, 13] } },
  { name: 'allowed written as an empty string', doc: '[agents.x.tools]\nallowed = "|"', present: ['bash', '*'] },
  { name: 'disallowed written as a string', doc: '[agents.x.tools]\ndisallowed = "ag|"', edit: { label: 'agent', newText: 'agent', range: [1, 14, 1, 16] } },
  { name: 'allowed written as a string not closed', doc: '[agents.x.tools]\nallowed = "gr|', edit: { label: 'grep', newText: 'grep"', range: [1, 11, 1, 13] } },
  { name: 'allowed written as a literal string', doc: "[agents.x.tools]\nallowed = 'gr|'", edit: { label: 'grep', newText: 'grep', range: [1, 11, 1, 13] } },
  { name: 'allowed written as a string, a pattern kept', doc: '[agents.x.tools]\nallowed = "sh|(git *)"',
    edit: { label: 'bash', newText: 'bash', range: [1, 11, 1, 13] } },
  { name: 'allowed written as a string, inline', doc: '[agents.x]\ntools = { allowed = "gr|" }', edit: { label: 'grep', newText: 'grep', range: [1, 21, 1, 23] } },
  { name: 'allowed written as a string, dotted', doc: '[agents.x]\ntools.allowed = "gr|"', edit: { label: 'grep', newText: 'grep', range: [1, 17, 1, 19] } },
  { name: 'allowed written as a string, from the root', doc: 'skills.s.tools.allowed = "gr|"', present: ['grep'] },
  { name: 'a string of tools written as a list', doc: '[agents.x]\ntools = ["read", "re|"]',
    absent: ['read'], present: ['read(path)'], edit: { label: 'web', newText: 'web', range: [1, 18, 1, 20] } },
  { name: 'a string of tools written as a list, not closed', doc: '[agents.x]\ntools = ["gr|', edit: { label: 'grep', newText: 'grep"', range: [1, 10, 1, 12] } },
  // Strings the analysis reads as no entry: a string in a list in the list, `allowed` after `[[agents]]` (no agent's), the
  // removed `tools.mcp` (whose strings are servers).
  // Names between commas in a string written as the list (`"read, gr|"`, Claude's comma-separated form): the name being typed
  // is replaced, not the whole string, nor the names beside it (the shape's fix makes a list of them); a comma inside a
  // pattern (`bash(a, b)`) splits nothing. The other names of the string count as held.
  { name: 'allowed written as a string of names between commas', doc: '[agents.x.tools]\nallowed = "read, gr|"',
    absent: ['read'], edit: { label: 'grep', newText: 'grep', range: [1, 17, 1, 19] } },
  { name: 'a name between commas, more after it', doc: '[agents.x.tools]\nallowed = "read, gr|, bash"',
    absent: ['read', 'bash'], edit: { label: 'grep', newText: 'grep', range: [1, 17, 1, 19] } },
  { name: 'the first name before a comma', doc: '[agents.x.tools]\nallowed = "re|, grep"', edit: { label: 'read', newText: 'read', range: [1, 11, 1, 13] } },
  // Before a comma in a string written as the whole list, a pattern is offered still: the shape's fix reads its names apart
  // (`["read(path)", "grep"]`), where in an entry of a list it would make one Mars rejects (BEFORE_A_COMMA).
  { name: 'the first name before a comma, a pattern offered', doc: '[agents.x.tools]\nallowed = "re|, grep"', present: ['read', 'read(path)', 'bash(command *)'] },
  { name: 'a name after a comma with no blank', doc: '[agents.x.tools]\nallowed = "read,gr|"', edit: { label: 'grep', newText: 'grep', range: [1, 16, 1, 18] } },
  { name: 'an empty name after a comma', doc: '[agents.x.tools]\nallowed = "read, |"', absent: ['read'], edit: { label: 'grep', newText: 'grep', range: [1, 17, 1, 17] } },
  { name: 'a name between commas, the string not closed', doc: '[agents.x.tools]\nallowed = "read, gr|', edit: { label: 'grep', newText: 'grep"', range: [1, 17, 1, 19] } },
  { name: 'a name between commas, the string not closed, more after it', doc: '[agents.x.tools]\nallowed = "read, gr|, bash',
    edit: { label: 'grep', newText: 'grep', range: [1, 17, 1, 19] } },
  { name: 'a name between commas in a literal string', doc: "[agents.x.tools]\nallowed = 'read, gr|'", edit: { label: 'grep', newText: 'grep', range: [1, 17, 1, 19] } },
  { name: 'a name between commas, after a pattern holding one', doc: '[agents.x.tools]\nallowed = "bash(git a, b), gr|"',
    edit: { label: 'grep', newText: 'grep', range: [1, 27, 1, 29] } },
  { name: 'a name after a comma written as an escape', doc: '[agents.x.tools]\nallowed = "read\\u002c gr|"',
    absent: ['read'], edit: { label: 'grep', newText: 'grep', range: [1, 22, 1, 24] } },
  // A name written with an escape counts as the name it spells (`\u0072ead` is `read`).
  { name: 'a name between commas after one written with an escape', doc: '[agents.x.tools]\nallowed = "\\u0072ead, gr|"',
    absent: ['read'], edit: { label: 'grep', newText: 'grep', range: [1, 22, 1, 24] } },
  // A blank written as an escape is a blank of the value, kept as a blank written as itself is: the name after it is typed.
  { name: 'a name after a comma and a blank written as an escape', doc: '[agents.x.tools]\nallowed = "read,\\tgr|"',
    edit: { label: 'grep', newText: 'grep', range: [1, 18, 1, 20] } },
  // White space Mars trims around a name, as the fix and hover do (a no-break space, which macOS types with Option-Space): the
  // name after it is typed.
  { name: 'a name after a comma and a no-break space', doc: '[agents.x.tools]\nallowed = "read,\u00a0gr|"',
    absent: ['read'], edit: { label: 'grep', newText: 'grep', range: [1, 17, 1, 19] } },
  { name: 'a name after a comma and a no-break space written as an escape', doc: '[agents.x.tools]\nallowed = "read,\\u00a0gr|"',
    edit: { label: 'grep', newText: 'grep', range: [1, 22, 1, 24] } },
  { name: 'a name before a blank written as an escape', doc: '[agents.x.tools]\nallowed = "re|\\u0020, grep"',
    edit: { label: 'read', newText: 'read', range: [1, 11, 1, 13] } },
  // The cursor inside such an escape: the edit starts at the escape, never in it (`\\u00grep`).
  { name: 'the cursor inside a blank written as an escape', doc: '[agents.x.tools]\nallowed = "read,\\u00|20gr"',
    edit: { label: 'grep', newText: 'grep', range: [1, 16, 1, 24] } },
  { name: 'the cursor inside a blank written as an escape, after the name', doc: '[agents.x.tools]\nallowed = "re\\u00|20, grep"',
    edit: { label: 'read', newText: 'read', range: [1, 11, 1, 19] } },
  { name: 'a comma inside a pattern splits nothing', doc: '[agents.x.tools]\nallowed = "sh|(git a, b)"',
    edit: { label: 'bash', newText: 'bash', range: [1, 11, 1, 13] } },
  { name: 'a name between commas, a pattern after it kept', doc: '[agents.x.tools]\nallowed = "read, sh|(git *)"',
    edit: { label: 'bash', newText: 'bash', range: [1, 17, 1, 19] } },
  { name: 'a name between commas, in a pattern', doc: '[agents.x.tools]\nallowed = "read, bash(|"',
    edit: { label: 'bash(command *)', newText: 'bash(${1:command} *)', range: [1, 17, 1, 22] } },
  // Names between commas in an entry of a list (an `illegal-char` warning, whose split makes one entry per tool): the name
  // being typed is replaced alone, as in the string form; the whole entry replaced dropped the names beside it
  // (`["Read, gr|"]` -> `["grep"]`). The other names count as held, as the list holds them once split.
  { name: 'names between commas in an entry of a list: the name at the cursor replaced', doc: '[agents.x.tools]\nallowed = ["edit", "read, gr|"]',
    absent: ['edit', 'read'], edit: { label: 'grep', newText: 'grep', range: [1, 26, 1, 28] } },
  { name: 'names between commas in an entry of a list, the first one', doc: '[agents.x.tools]\nallowed = ["Re|, grep"]',
    absent: ['grep'], edit: { label: 'read', newText: 'read', range: [1, 12, 1, 14] } },
  { name: 'names between commas in an entry of a list, not closed', doc: '[agents.x.tools]\nallowed = ["Read,  gr|',
    edit: { label: 'grep', newText: 'grep"', range: [1, 19, 1, 21] } },
  { name: 'names between commas in an entry of a list, after a pattern holding one', doc: '[agents.x.tools]\nallowed = ["bash(git a, b), gr|"]',
    edit: { label: 'grep', newText: 'grep', range: [1, 28, 1, 30] } },
  // Before a comma, no pattern: `read(path),edit` is an entry Mars rejects, an error where `read,edit` was one odd name.
  { name: 'names between commas in an entry of a list, a comma after the name: no pattern', doc: '[agents.x.tools]\nallowed = ["re|,edit"]',
    present: ['read', 'grep', '*'], absent: ['edit', 'read(path)', 'bash(command *)', 'mcp(server/tool)'], edit: { label: 'read', newText: 'read', range: [1, 12, 1, 14] } },
  { name: 'names between commas in an entry of a list, the last one: patterns too', doc: '[agents.x.tools]\nallowed = ["read, ba|"]',
    present: ['bash', 'bash(command *)'], edit: { label: 'bash(command *)', newText: 'bash(${1:command} *)', range: [1, 18, 1, 20] } },
  // `tools` written as a string, which its fix renames `tools.allowed` and makes the list of its names: the names of an entry
  // of `allowed`, each name between commas alone (Claude's agent `tools: Read, Grep` pasted).
  { name: 'tools written as a string', doc: '[agents.x]\ntools = "gr|"', present: ['*', ...SNIPPETS], edit: { label: 'grep', newText: 'grep', range: [1, 9, 1, 11] } },
  { name: 'tools written as a string of names between commas', doc: '[skills.s]\ntools = "Read, gr|"', absent: ['read'], edit: { label: 'grep', newText: 'grep', range: [1, 15, 1, 17] } },
  { name: 'a string in a list of tools written as a list', doc: '[agents.x]\ntools = [["gr|"]]', none: true },
  { name: 'after [[agents]], allowed written as a string', doc: '[[agents]]\n[agents.x.tools]\nallowed = "gr|"', none: true },
  { name: 'a server of the removed tools.mcp', doc: '[agents.x.tools]\nmcp = ["gh|"]', none: true },

  // A tool list Mars does not read, which the diagnostic offers to move or rename into the list it is meant as: the names
  // offered as in that list, what it holds already left out. Beside the tools table, in a table one typo from `tools`,
  // under a misspelt owner, under a misspelt key of a tools table, and where no agent or skill is named.
  { name: 'a list beside the tools table', doc: '[agents.x]\nallowed = ["|"]',
    present: ['bash', 'read', '*', ...SNIPPETS], edit: { label: 'bash', newText: 'bash', range: [1, 12, 1, 12] } },
  { name: 'a list in a table one typo from tools', doc: '[agents.x.tool]\nallowed = ["re|"]', edit: { label: 'read', newText: 'read', range: [1, 12, 1, 14] } },
  { name: 'a list under a misspelt owner', doc: '[agent.x.tools]\ndisallowed = [|]', edit: { label: 'bash', newText: '"bash"', range: [1, 14, 1, 14] } },
  { name: 'a list under a misspelt key, an empty slot', doc: '[agents.x.tools]\nAllowed = [|]',
    present: ['bash', '*', ...SNIPPETS], edit: { label: 'bash', newText: '"bash"', range: [1, 11, 1, 11] } },
  { name: 'a list under another harness\'s key, what it holds left out', doc: '[agents.x.tools]\ndeny = ["read", |]',
    absent: ['read'], edit: { label: 'bash', newText: '"bash"', range: [1, 16, 1, 16] } },
  { name: 'a list in Claude\'s root [permissions]', doc: '[permissions]\nallow = ["re|"]', edit: { label: 'read', newText: 'read', range: [1, 10, 1, 12] } },
  { name: 'a list in a root table one typo from Claude\'s [permissions]', doc: '[permisions]\ndeny = ["|"]', present: ['bash', '*'] },
  { name: 'a list in a table one typo from OpenCode\'s permission', doc: '[agents.x.permision]\nallow = [|]', edit: { label: 'bash', newText: '"bash"', range: [1, 9, 1, 9] } },
  { name: 'a list in a root [tools], what it holds left out', doc: '[tools]\ndisallowed = ["*", |]', absent: ['*'], present: ['bash'] },
  { name: 'a list before any header', doc: 'allowed = ["|"]', present: ['bash', '*'] },
  { name: 'a list written as the root tools table', doc: 'tools = ["read", "re|"]', absent: ['read'], edit: { label: 'read(path)', newText: 'read(${1:path})', range: [0, 18, 0, 20] } },
  // A string written where such a list goes, which its fix makes that list of its names: the names as in it, each name
  // between commas alone; so `tools = "…"` at the root, read as `allowed` as an agent's is. Not a verdict under a list's
  // key, nor `tools = "allow"` at the root, which Mars does not report.
  { name: 'a string where a tool list beside the tools table goes', doc: '[agents.x]\nallowed = "gr|"', present: ['*', ...SNIPPETS], edit: { label: 'grep', newText: 'grep', range: [1, 11, 1, 13] } },
  { name: 'a string where a tool list goes in a table one typo from tools', doc: '[agents.x.tool]\nallowed = "gr|"', edit: { label: 'grep', newText: 'grep', range: [1, 11, 1, 13] } },
  { name: 'names between commas where a tool list beside the tools table goes', doc: '[skills.pdf]\nallowed-tools = "Read, gr|"', absent: ['read'], edit: { label: 'grep', newText: 'grep', range: [1, 23, 1, 25] } },
  { name: 'a string where a tool list goes under a misspelt key', doc: '[agents.x.tools]\ndeny = "ba|"', edit: { label: 'bash', newText: 'bash', range: [1, 8, 1, 10] } },
  { name: 'a string where a tool list of Claude\'s root [permissions] goes, not closed', doc: '[permissions]\nallow = "re|', edit: { label: 'read', newText: 'read"', range: [1, 9, 1, 11] } },
  { name: 'tools written at the root as a string', doc: 'tools = "Read, gr|"', absent: ['read'], edit: { label: 'grep', newText: 'grep', range: [0, 15, 0, 17] } },
  { name: 'tools written at the root as a verdict: nothing', doc: 'tools = "allow|"', none: true },
  { name: 'a verdict under a list\'s key in a tools table: no name', doc: '[agents.x.tools]\ndeny = "allow|"', none: true },
  // Lists that are no tool lists, which the analysis does not report either.
  { name: 'a list of skills beside the tools table: nothing', doc: '[agents.x]\nskills = ["|"]', none: true },
  { name: 'a list of skills at the root: nothing', doc: 'skills = ["|"]', none: true },
  { name: 'a list of skills beside a list under a misspelt key: nothing', doc: '[agents.x]\nskills = ["|"]\n[agents.x.tools]\ndeny = ["read"]', none: true },
  { name: 'allowed of a dependency: nothing', doc: '[dependencies.d]\nallowed = ["|"]', none: true },
  { name: 'a list of no string beside the tools table: nothing', doc: '[agents.x]\nallowed = [1, |]', none: true },
  { name: 'another key of a root [tools]: nothing', doc: '[tools]\nversion = ["|"]', none: true },

  // what the list holds is not offered again, by meaning
  { name: 'held by alias and casing', doc: '[agents.x.tools]\nallowed = ["shell", "Read", "WebFetch", "|"]',
    absent: ['bash', 'read', 'web_fetch'], present: ['write', 'bash(command *)', 'read(path)', 'web_fetch(domain:host)'] },
  { name: 'held *', doc: '[agents.x.tools]\ndisallowed = ["*", |]', absent: ['*'], present: ['bash'] },
  { name: 'a scoped entry does not hold the bare capability', doc: '[agents.x.tools]\nallowed = ["bash(git *)", |]', present: ['bash'] },
  { name: 'the other list does not count', doc: '[agents.x.tools]\nallowed = ["bash"]\ndisallowed = ["|"]', present: ['bash'] },
  { name: 'the entry under the cursor does not count', doc: '[agents.x.tools]\nallowed = ["bash|"]', present: ['bash'] },
  { name: 'emoji before the cursor (UTF-16 positions)', doc: '[agents.x.tools]\nallowed = ["😀", "r|"]',
    edit: { label: 'read', newText: 'read', range: [1, 18, 1, 19] } },
  { name: 'CRLF and BOM', doc: '\ufeff[agents.x.tools]\r\nallowed = [\r\n  "read",\r\n  "b|"\r\n]\r\n',
    absent: ['read'], edit: { label: 'bash', newText: 'bash', range: [3, 3, 3, 4] } },
  // A key on the first line after a BOM: the BOM is no part of it.
  { name: 'BOM, a key on the first line', doc: '\ufeffagents.x.tools.gr|', present: ['grep', 'disallowed'],
    edit: { label: 'allowed', newText: 'allowed = [$0]', range: [0, 16, 0, 18] } },
  { name: 'BOM, an owner key on the first line', doc: '\ufeffagents.x.|', edit: { label: 'tools.allowed', newText: 'tools.allowed = [$0]', range: [0, 10, 0, 10] } },
  // An inline table not closed holds the cursor at the end of its line too, where nothing is typed yet or a word is.
  { name: 'an inline table not closed, the cursor at the end of its line', doc: '[agents.x]\ntools = { |', edit: { label: 'allowed', newText: 'allowed = [$0]', range: [1, 10, 1, 10] } },
  { name: 'an inline table not closed, a word typed at the end of its line', doc: '[agents.x]\ntools = { dis|', edit: { label: 'disallowed', newText: 'disallowed = [$0]', range: [1, 10, 1, 13] } },
  // A comment after a quoted key's closing quote is no sign of the quotes paired the wrong way.
  { name: 'a quoted key with a comment after it', doc: '[agents.x.tools]\n"Sh|" # c', edit: { label: 'bash', newText: 'bash', range: [1, 1, 1, 3] } },
  { name: 'a quoted key with a comment right after it', doc: '[agents.x.tools]\n"Sh|"# c', edit: { label: 'bash', newText: 'bash', range: [1, 1, 1, 3] } },
  // An entry not closed in an inline table: the `}` typed after it is not replaced.
  { name: 'an entry not closed in an inline table keeps the } after it', doc: '[agents.x]\ntools = { allowed = ["re| }', edit: { label: 'read', newText: 'read"', range: [1, 22, 1, 24] } },
  // A multi-line literal string has no escapes: `\u0028` is no `(`, so the cursor is on the name, not in a pattern.
  { name: "a multi-line literal string: no escape opens a pattern", doc: "[agents.x.tools]\nallowed = ['''bash\\u0028g|''']", edit: { label: 'bash', newText: 'bash', range: [1, 14, 1, 25] } },
  // A quoted key in an agent's table is one key: `tools.allowed = […]` written inside its quotes would be no dotted key.
  { name: "a quoted key in an agent's table: no owner key", doc: '[agents.x]\n"to|"', none: true },
  { name: "a quoted key in an agent's table not closed: no owner key", doc: '[agents.x]\n"to|', none: true },
  { name: 'a quoted part after an agent dotted from the root: no owner key', doc: 'agents.x."to|"', none: true },
  // Past a missing comma, a string right after a comma (no blank) reads as typed, its quotes paired the right way.
  { name: 'past a missing comma, a string typed right after a comma', doc: '[agents.x.tools]\nallowed = ["read" "x","sh|', edit: { label: 'bash', newText: 'bash"', range: [1, 23, 1, 25] } },
  // A string left open whose names start with a quote (a stray `'` before the list's own strings): none written over
  // them, which left their quotes unpaired (`['"read", edit(x)"']`: hoverProperties seed 5959).
  { name: 'a string left open over strings of the other quote', doc: '[agents.x.tools]\nallowed = [\'"read", "Sh|ell(x)"]', none: true },
  { name: 'a string left open over strings of the other quote, the cursor on the first', doc: '[agents.x.tools]\nallowed = ["\'re|ad\', \'bash\']', none: true },
  // A table header's name: after `agents.` (or `skills.`), the tools table of each agent the file names elsewhere (quoted
  // where not bare; not the word typed), then on a name its `tools`; none that a section writes already. Not `agents`
  // itself, which may name a table written already.
  { name: 'a header: the tools tables of the agents the file names', doc: 'agents.c.model = "m"\n[agents.b]\n[skills.s]\n[agents]\nd.tools = {}\ne = {}\n[agents.|]',
    present: ['b.tools', 'c.tools'], absent: ['s.tools', 'd.tools', 'e.tools', 'tools'], edit: { label: 'b.tools', newText: 'b.tools', range: [6, 8, 6, 8] }, becomes: 'agents.c.model = "m"\n[agents.b]\n[skills.s]\n[agents]\nd.tools = {}\ne = {}\n[agents.b.tools]' },
  { name: 'a header: a name with a blank, in quotes', doc: '[skills."deep research"]\n[skills.d|]', edit: { label: 'deep research.tools', newText: '"deep research".tools', range: [1, 8, 1, 9] } },
  { name: 'a header: not the name typed', doc: '[agents.ab]\n[agents.abc]\n[agents.ab|]\nx = 1', present: ['abc.tools'], absent: ['ab.tools', 'x.tools'] },
  { name: 'a header: no names where the file names none', doc: '[agents.|', none: true },
  { name: 'a header: no names before more of the name', doc: '[agents.a]\n[agents.|.x]', none: true },
  { name: 'a header: no names below an array of tables', doc: '[[agents]]\nname = "a"\n[agents.b]\n[agents.|', none: true },
  { name: 'a header: nothing at its first part', doc: '[agents.a]\n[ag|', none: true },
  { name: "a header: an agent's tools table", doc: '[agents.a]\nmodel = "m"\n[agents.a.t|]', edit: { label: 'tools', newText: 'tools', range: [2, 10, 2, 11] } },
  { name: 'a header: no tools table written already', doc: '[agents.a.tools]\n[agents.a.|', none: true },
  { name: 'a header: no tools table its lists make already', doc: '[agents.a]\ntools.allowed = []\n[agents.a.|', none: true },
  { name: 'a header: nothing below the tools table', doc: '[agents.a.tools.|', none: true },
  { name: 'a header: nothing past the owners', doc: '[permissions.a.|', none: true },
  { name: "an array of tables' header: nothing", doc: '[agents.a]\n[[agents.|', none: true },
  { name: 'a header in a multi-line string: nothing', doc: '[agents.a]\nx = """\n[agents.a.|\n"""', none: true },
  { name: 'a header: nothing after its `]`', doc: '[agents.a]|', none: true },
  { name: 'a header left open below a list left open', doc: '[agents.a.tools]\nallowed = [\n[agents.b]\n[agents.|', present: ['b.tools'], absent: ['a.tools'] },
];

for (const c of CASES) {
  test(`completion: ${c.name}`, () => {
    const items = run(c.doc, c.servers ?? []);
    if (c.none) {
      assert.ok(items === null || items.length === 0, `expected nothing, got ${items?.map((i) => i.label).join(', ')}`);
      return;
    }
    assert.ok(items && items.length > 0, 'expected items');
    const labels = new Set(items.map((i) => i.label));
    for (const l of c.present ?? []) assert.ok(labels.has(l), `missing ${l}`);
    for (const l of c.absent ?? []) assert.ok(!labels.has(l), `unexpected ${l}`);
    assert.equal(labels.size, items.length, 'duplicate labels');
    for (const item of items) {
      assert.ok(item.textEdit && 'range' in item.textEdit, `${item.label} has no explicit textEdit range`);
      const [sl, , el] = rangeOf(item);
      assert.equal(sl, el, 'single-line range');
    }
    if (c.edit) {
      const item = items.find((i) => i.label === c.edit!.label);
      assert.ok(item, `no item ${c.edit.label}`);
      assert.equal((item.textEdit as TextEdit).newText, c.edit.newText);
      assert.deepEqual(rangeOf(item), c.edit.range);
      if (c.becomes !== undefined) assert.equal(applyItem(at(c.doc).text, item), c.becomes);
    }
  });
}

// ---- a tool name typed where a key goes lands in a list, not in the map form --------------------

/** The document after accepting `item` (a snippet with its placeholders left empty), its main and additional edits applied. */
function applyItem(text: string, item: CompletionItem): string {
  const lines = analyze(text).lines;
  const main = item.textEdit as TextEdit;
  const newText = item.insertTextFormat === InsertTextFormat.Snippet ? snippetText(main.newText) : main.newText;
  const edits = [{ ...main, newText }, ...(item.additionalTextEdits ?? [])]
    .map((e) => ({ start: lines.offset(e.range.start), end: lines.offset(e.range.end), newText: e.newText }))
    .sort((a, b) => b.start - a.start);
  return edits.reduce((t, e) => t.slice(0, e.start) + e.newText + t.slice(e.end), text);
}

/** The document after accepting `label` at its `|`. */
function accept(src: string, label: string): string {
  const item = run(src)!.find((i) => i.label === label);
  assert.ok(item, `no item ${label}`);
  return applyItem(at(src).text, item);
}

/** Valid TOML, by our syntax check and by smol-toml's. */
function assertValidToml(text: string, context: string): void {
  const syntax = analyze(text).findings.filter((f) => f.code === 'toml-syntax').map((f) => f.message);
  assert.deepEqual(syntax, [], `${context}: ${JSON.stringify(text)}`);
  assert.doesNotThrow(() => smolParse(text), `${context}: ${JSON.stringify(text)}`);
}

/** Completion as the server runs it: on the cursor's unit of the whole document, seeing what other sections define. */
function runDocument(src: string): CompletionItem[] {
  const { text } = at(src);
  const offset = src.indexOf('|');
  const da = analyzeDocument(text);
  const unit = unitAt(da, offset);
  const result = completionsInDocument(da, unit, da.lines.position(offset), []);
  return result === null ? [] : Array.isArray(result) ? result : result.items;
}

test("completion in the document: a header's name offers the tools tables of the agents other sections name, none written already", () => {
  const labels = (src: string) => {
    const { text } = at(src);
    const offset = src.indexOf('|');
    const da = analyzeDocument(text);
    const unit = unitAt(da, offset);
    const result = completionsInDocument(da, unit, da.lines.position(offset), []);
    return (result === null ? [] : Array.isArray(result) ? result : result.items).map((i) => i.label).sort();
  };
  // Sections far enough apart to be units of their own.
  const filler = `model = "${'m'.repeat(20_000)}"\n`.repeat(3);
  const doc = `[agents.far]\n${filler}[agents]\nnear.tools.allowed = []\nother = {}\n[skills.s]\n${filler}`;
  assert.ok(analyzeDocument(`${doc}[agents.`).units.length > 2, 'the document is cut in units');
  assert.deepEqual(labels(`${doc}[agents.|`), ['far.tools']);
  assert.deepEqual(labels(`${doc}[agents.near.|`), []);
  assert.deepEqual(labels(`${doc}[agents.far.|`), ['tools']);
  // Below an array of tables in another section: its keys name no agent (`name`), and no tools table can follow it (completionProperties seed 16160).
  assert.deepEqual(labels('[[agents]]\nname = "a"\ntools.allowed = []\n\n[agents.|b]\nx = 1\n'), []);
  assert.deepEqual(labels('[[agents]]\nname = "a"\n\n[agents.b.|]\n'), []);
});

test('completion in the document: after [[agents]] in another section, [agents.x…] holds no agent\'s tools', () => {
  for (const doc of ['[[agents]]\n[agents.x.tools]\nallowed = ["|"]', '[[agents]]\nname = "a"\n[agents.x.tools]\n|', '[[agents]]\n[agents.x]\ntools = |', '[[agents]]\n[agents.x]\ntools.allowed = [|]']) {
    assert.deepEqual(runDocument(doc).map((i) => i.label), [], doc);
  }
  assert.ok(runDocument('[agents.x.tools]\nallowed = ["|"]\n[[agents]]\n').some((i) => i.label === 'bash'), 'above [[agents]], which clashes with it, the table is read');
});

test('completion at a key: nothing that would clash with a list or tools table another section defines', () => {
  const cases: Array<[doc: string, absent: string[], present: string[]]> = [
    ['[agents.x.tools]\nallowed = ["read"]\n\n[agents.x]\ntools.ba|', ['bash', 'allowed', 'disallowed'], []],
    ['[agents.x.tools]\ndisallowed = ["read"]\n\n[agents.x]\ntools.|', ['allowed', 'bash'], []],
    ['[agents.x]\ntools = { allowed = ["read"] }\n[agents.x.tools]\n|', ['allowed', 'bash', 'disallowed', '*'], []], // the inline table is closed
    ['agents.x.tools.allowed = ["read"]\n[agents.x.tools]\n|', ['allowed', 'bash'], ['disallowed', '*']],
    ['[agents.y.tools]\nallowed = ["read"]\n[agents.x]\ntools.|', [], ['allowed', 'bash', 'disallowed']],
    // A dotted key makes the tables on its way: a [header] for one of them elsewhere clashes.
    ['agents.x.tools.ba|\n[agents.x]\nmodel = "m"\n', ['bash', 'allowed', '*'], []],
    ['agents.x.tools.ba|\n[agents]\nother = 1\n', ['bash', 'allowed', '*'], []],
    ['[agents]\nx.tools.gr|\n[agents.x]\nmodel = "m"\n', ['grep', 'allowed'], []],
    ['[agents.x]\nmodel = "m"\n[agents]\nx.tools.gr|', ['grep', 'allowed'], []],
    ['agents.x.tools.ba|\n[agents.y]\nmodel = "m"\n', [], ['bash', 'allowed', '*']],
    // Nor a key renamed into one another section defines as a table.
    ['[agents.x.tools]\nallo|wed = ["a"]\n[agents.x.tools.disallowed]\n', ['disallowed'], []],
    ['[agents.x.tools]\nsh|ell = "allow"\n[agents.x.tools.bash]\n', ['bash'], ['read']],
    // Nor one past the syntax error after the key's value on its line, which the parser did not read.
    ['[agents.x.tools]\n"sh|" = 1 bash = "allow"\n', ['bash'], ['read']],
    ['[agents.x.tools]\nsh| = "ask" \'bash\' = "allow"\n', ['bash'], ['read']],
    ['[agents.x]\ntools = { "sh|" = 1 bash = "allow" }\n', ['bash'], ['read']],
    // Nor `tools = { … }` where another section writes that table.
    ['[agents.x]\ntools = |\n[agents.x.tools]\nallowed = []\n', ['{ allowed = [] }', '{ disallowed = [] }'], []],
    ['[agents.x]\ntools = |\n[agents.y.tools]\nallowed = []\n', [], ['{ allowed = [] }']],
    ['agents.x.tools = |\n[agents.x]\nmodel = "m"\n', ['{ allowed = [] }'], []],
    ['[agents]\nx.tools = |\n[agents.x]\nmodel = "m"\n', ['{ allowed = [] }'], []],
    ['agents.x.tools = |\n[agents.y]\nmodel = "m"\n', [], ['{ allowed = [] }']],
    // Nor `tools.allowed` in an agent's table where another section writes its tools table, or one the dotted key makes.
    ['[agents.x]\n|\n[agents.x.tools]\nallowed = []\n', ['tools.allowed', 'tools.disallowed'], []],
    ['[agents.x]\n|\n[agents.y.tools]\nallowed = []\n', [], ['tools.allowed', 'tools.disallowed']],
    ['agents.x.|\n[agents.x]\nmodel = "m"\n', ['tools.allowed'], []],
    ['agents.x.|\n[agents.y]\nmodel = "m"\n', [], ['tools.allowed']],
  ];
  for (const [doc, absent, present] of cases) {
    const labels = runDocument(doc).map((i) => i.label);
    for (const l of absent) assert.ok(!labels.includes(l), `${doc}: unexpected ${l}`);
    for (const l of present) assert.ok(labels.includes(l), `${doc}: missing ${l} in ${labels.join(' ')}`);
  }
});

const INTO_LISTS: Array<[doc: string, label: string, after: string]> = [
  ['[agents.x.tools]\nba|', 'bash', '[agents.x.tools]\nallowed = ["bash"]'],
  ['[agents.x.tools]\nallowed = ["read"]\nba|\n', 'bash', '[agents.x.tools]\nallowed = ["read", "bash"]\n'],
  // The key's line goes with it, indent and line break (a CRLF whole); a comment after it stays.
  ['[agents.x.tools]\r\nallowed = ["read"]\r\n  ba|\r\ndisallowed = []\r\n', 'bash', '[agents.x.tools]\r\nallowed = ["read", "bash"]\r\ndisallowed = []\r\n'],
  ['[agents.x.tools]\n  ba|\nallowed = ["read"]\n', 'bash', '[agents.x.tools]\nallowed = ["read", "bash"]\n'],
  ['[agents.x.tools]\nallowed = ["read"]\nba|  # todo\n', 'bash', '[agents.x.tools]\nallowed = ["read", "bash"]\n  # todo\n'],
  // Blanks after the word go with it: none left trailing on the line before, or on a line left empty.
  ['[agents.x.tools]\n  ba|  \nallowed = ["read"]\n', 'bash', '[agents.x.tools]\nallowed = ["read", "bash"]\n'],
  ['agents.x.tools.gr|\t \nagents.x.tools.allowed = ["read"]', 'grep', '\nagents.x.tools.allowed = ["read", "grep"]'],
  ['[agents.x.tools]\nallowed = []\n|', 'grep', '[agents.x.tools]\nallowed = ["grep"]\n'],
  ['[agents.x.tools]\nallowed = ["read"]\n|', '*', '[agents.x.tools]\nallowed = ["read"]\ndisallowed = ["*"]'],
  ['[agents.x]\ntools = { | }', 'write', '[agents.x]\ntools = { allowed = ["write"] }'],
  // In an inline table the word's slot goes with the comma beside it, none left dangling (TOML 1.1).
  ['[agents.x]\ntools = { allowed = ["read"], b| }', 'bash', '[agents.x]\ntools = { allowed = ["read", "bash"] }'],
  ['[agents.x]\ntools = { allowed = ["read"] ,\tb|ash }', 'bash', '[agents.x]\ntools = { allowed = ["read", "bash"] }'],
  ['[agents.x]\ntools = { b|, allowed = ["read"] }', 'bash', '[agents.x]\ntools = { allowed = ["read", "bash"] }'],
  ['[agents.x]\ntools = { allowed = ["read"], g| , disallowed = [] }', 'grep', '[agents.x]\ntools = { allowed = ["read", "grep"], disallowed = [] }'],
  ['[agents.x]\ntools = { allowed = ["read"], | disallowed = ["edit"] }', '*', '[agents.x]\ntools = { allowed = ["read"], disallowed = ["edit", "*"] }'],
  // Right after a comma, the blank before the next key stays: `],disallowed` glued them.
  ['[agents.x]\ntools = { allowed = ["read"],| disallowed = ["edit"] }', 'grep', '[agents.x]\ntools = { allowed = ["read", "grep"], disallowed = ["edit"] }'],
  ['[agents.x]\ntools = { allowed = ["read"],gr| disallowed = ["edit"] }', 'grep', '[agents.x]\ntools = { allowed = ["read", "grep"], disallowed = ["edit"] }'],
  ['agents.x.tools = { allowed = ["read"], w| }\n', 'write', 'agents.x.tools = { allowed = ["read", "write"] }\n'],
  ['agents.x.tools.ed|', 'edit', 'agents.x.tools.allowed = ["edit"]'],
  ['\ufeffagents.x.tools.ed|', 'edit', '\ufeffagents.x.tools.allowed = ["edit"]'],
  ['[agents.x]\ntools.allowed = ["read"]\ntools.ba|', 'bash', '[agents.x]\ntools.allowed = ["read", "bash"]'],
  ['agents.x.tools.allowed = ["read"]\nagents.x.tools.gr|', 'grep', 'agents.x.tools.allowed = ["read", "grep"]'],
];
for (const [doc, label, after] of INTO_LISTS) {
  test(`completion: ${label} typed as a key in ${JSON.stringify(doc)} lands in a list, and the result is clean`, () => {
    const text = accept(doc, label);
    assert.equal(text, after);
    assert.deepEqual(analyze(text).findings.filter((f) => f.code !== 'duplicate-entry').map((f) => f.code), []);
  });
}

// ---- accepting an item keeps the TOML valid and every key in its table ---------------------------

const ACCEPTED: Array<[doc: string, label: string, after: string]> = [
  // An empty slot right before an entry: the comma goes in, in every spelling and string style.
  ['[agents.a.tools]\nallowed = [|"bash"]', 'read', '[agents.a.tools]\nallowed = ["read", "bash"]'],
  ['[agents.a.tools]\nallowed = [ |"bash"]', 'read', '[agents.a.tools]\nallowed = [ "read", "bash"]'],
  ['[agents.a.tools]\nallowed = ["bash",|"read"]', 'grep', '[agents.a.tools]\nallowed = ["bash", "grep", "read"]'],
  // A blank already between the slot and the entry: no second one.
  ['[agents.a.tools]\nallowed = [| "bash"]', 'read', '[agents.a.tools]\nallowed = ["read", "bash"]'],
  ['[agents.a.tools]\nallowed = ["read",| "grep"]', 'bash', '[agents.a.tools]\nallowed = ["read", "bash", "grep"]'],
  ['[agents.a.tools]\nallowed = ["read", | "grep"]', 'bash', '[agents.a.tools]\nallowed = ["read", "bash", "grep"]'],
  ['[agents.a.tools]\nallowed = [sh|\t"bash"]', 'read', '[agents.a.tools]\nallowed = ["read",\t"bash"]'],
  ['[agents.a.tools]\nallowed = ["read",gr| "edit"]', 'grep', '[agents.a.tools]\nallowed = ["read", "grep", "edit"]'],
  ['[agents.a.tools]\nallowed = [\n  |"bash",\n]', 'read', '[agents.a.tools]\nallowed = [\n  "read", "bash",\n]'],
  // The cursor inside a line's indentation: the item written where the indentation ends, not before it.
  ['[agents.a.tools]\nallowed = [\n  "read",\n|  "grep",\n]', 'bash', '[agents.a.tools]\nallowed = [\n  "read",\n  "bash", "grep",\n]'],
  ['[agents.a.tools]\nallowed = [\n  "read",\n |\t"grep",\n]', 'bash', '[agents.a.tools]\nallowed = [\n  "read",\n \t"bash", "grep",\n]'],
  ['[agents.a.tools]\r\nallowed = [\r\n  "read",\r\n|    "grep"]\r\n', 'bash', '[agents.a.tools]\r\nallowed = [\r\n  "read",\r\n    "bash", "grep"]\r\n'],
  ['[agents.a.tools]\nallowed = [\n  "read",\n|  \n]', 'bash', '[agents.a.tools]\nallowed = [\n  "read",\n  "bash"\n]'],
  ['[agents.a.tools]\nallowed = [\n  "read",\n|  ]', 'bash', '[agents.a.tools]\nallowed = [\n  "read",\n  "bash"]'],
  // ... in a comma-first list: the comma after the item above, as with the cursor where the indentation ends.
  ['[agents.a.tools]\nallowed = [\n  "read"\n|  , "grep"\n]', 'bash', '[agents.a.tools]\nallowed = [\n  "read",\n  "bash", "grep"\n]'],
  // Before a comment on a line of its own: the item on a line of its own above it, at the comment's
  // indentation (the comment speaks of the line below it, a `# mars-ignore` too, not of the item).
  ['[agents.a.tools]\nallowed = [\n  "read",\n|  # c\n]', 'bash', '[agents.a.tools]\nallowed = [\n  "read",\n  "bash"\n  # c\n]'],
  ['[agents.a.tools]\nallowed = [\n  "read",\n  |  # note\n  "grep",\n]', 'bash', '[agents.a.tools]\nallowed = [\n  "read",\n    "bash",\n    # note\n  "grep",\n]'],
  ['[agents.a.tools]\r\nallowed = [\r\n  "read",\r\n  |# mars-ignore\r\n  "Grep",\r\n]', 'bash', '[agents.a.tools]\r\nallowed = [\r\n  "read",\r\n  "bash",\r\n  # mars-ignore\r\n  "Grep",\r\n]'],
  ['[agents.a.tools]\nallowed = [\n  "read"\n|  # c\n]', 'bash', '[agents.a.tools]\nallowed = [\n  "read",\n  "bash"\n  # c\n]'],
  // A comment after the slot on a line with more before it: it stays there, one blank from the item at least.
  ['[agents.a.tools]\nallowed = [|# note\n]', 'bash', '[agents.a.tools]\nallowed = ["bash" # note\n]'],
  ['[agents.a.tools]\nallowed = [\n  "read",|  # note\n]', 'bash', '[agents.a.tools]\nallowed = [\n  "read", "bash"  # note\n]'],
  ['[agents.a]\ntools.allowed = [|"bash"]', 'read', '[agents.a]\ntools.allowed = ["read", "bash"]'],
  ['[agents.a]\ntools = { disallowed = [|"bash"] }', '*', '[agents.a]\ntools = { disallowed = ["*", "bash"] }'],
  ['agents.a.tools.allowed = [|"bash"]', 'bash(command *)', 'agents.a.tools.allowed = ["bash(command *)", "bash"]'],
  ['[agents.a.tools]\nallowed = [|"""bash"""]', 'read', '[agents.a.tools]\nallowed = ["read", """bash"""]'],
  ["[agents.a.tools]\nallowed = [|'bash']", 'read', "[agents.a.tools]\nallowed = [\"read\", 'bash']"],
  ["[agents.a.tools]\nallowed = [|'''bash''']", 'read', "[agents.a.tools]\nallowed = [\"read\", '''bash''']"],
  ['[agents.a.tools]\nallowed = [|"bash", "grep"]\n', 'mcp(server/tool)', '[agents.a.tools]\nallowed = ["mcp(server/tool)", "bash", "grep"]\n'],
  // A string not closed yet keeps the comment after it on the line.
  ['[agents.a.tools]\nallowed = [\n  "read",\n  "sh|   # shell access\n]\n', 'bash', '[agents.a.tools]\nallowed = [\n  "read",\n  "bash"   # shell access\n]\n'],
  // A new key before another on the same line: a line break after it, or `, ` in an inline table.
  ['[agents.a.tools]\n|  allowed = ["bash"]', 'disallowed', '[agents.a.tools]\ndisallowed = []\n  allowed = ["bash"]'],
  ['[agents.a.tools]\r\n|  allowed = ["bash"]\r\n', '*', '[agents.a.tools]\r\ndisallowed = ["*"]\r\n  allowed = ["bash"]\r\n'],
  ['[agents.a.tools]\n|"*" = "deny"', 'allowed', '[agents.a.tools]\nallowed = []\n"*" = "deny"'],
  ['[agents.a.tools]\n|"*" = "deny"', 'bash', '[agents.a.tools]\nallowed = ["bash"]\n"*" = "deny"'],
  ['[agents.a]\ntools = {| allowed = ["bash"] }', 'disallowed', '[agents.a]\ntools = {disallowed = [], allowed = ["bash"] }'],
  ['[agents.a]\ntools = {|"*" = "deny" }', 'grep', '[agents.a]\ntools = {allowed = ["grep"], "*" = "deny" }'],
  ['[agents.a]\ntools = { allowed = ["read"], | bash = "deny" }', '*', '[agents.a]\ntools = { allowed = ["read"], disallowed = ["*"], bash = "deny" }'],
  // A new key before a comment on a line of its own: on a line of its own above it, the comment's
  // indentation kept (it speaks of the line below, a `# mars-ignore` too); after a word typed, one blank before the comment.
  ['[agents.a.tools]\n|# mars-ignore\ndisallowed = ["Bash"]', 'notebook', '[agents.a.tools]\nallowed = ["notebook"]\n# mars-ignore\ndisallowed = ["Bash"]'],
  ['[agents.a.tools]\r\n  |  # note\r\n', 'allowed', '[agents.a.tools]\r\n  allowed = []\r\n    # note\r\n'],
  ['[agents.a.tools]\nal|# note\n', 'allowed', '[agents.a.tools]\nallowed = [] # note\n'],
  ['agents.a.tools.|# note\n', 'allowed', 'agents.a.tools.allowed = [] # note\n'],
  // A tool name before a key with its list already there: appended, the key untouched.
  ['[agents.a.tools]\n|  allowed = ["bash"]', 'read', '[agents.a.tools]\n  allowed = ["bash", "read"]'],
  // A map-form key's pattern kept, as an entry's, in every spelling; one not closed closed.
  ['[agents.a.tools]\n"sh|(git *)" = "allow"', 'bash', '[agents.a.tools]\n"bash(git *)" = "allow"'],
  ['[agents.a]\ntools = { "sh|(git *)" = "allow" }', 'bash', '[agents.a]\ntools = { "bash(git *)" = "allow" }'],
  ["[agents.a.tools]\n'sh|(git *)' = 'allow'", 'bash', "[agents.a.tools]\n'bash(git *)' = 'allow'"],
  ['[agents.a.tools]\n"sh|(a\\u0062)" = "allow"', 'bash', '[agents.a.tools]\n"bash(a\\u0062)" = "allow"'],
  ['[agents.a.tools]\n"mc|p(gh/x" = "allow"', 'ask_user', '[agents.a.tools]\n"ask_user(gh/x)" = "allow"'],
  // A bare word typed in a list, its pattern with it: quoted whole.
  ['[agents.a.tools]\nallowed = [sh|(git)]', 'bash', '[agents.a.tools]\nallowed = ["bash(git)"]'],
  // On a line below an item with no comma after it: the comma goes in after that item.
  ['[agents.a.tools]\nallowed = [\n  "read"\n  |\n]', 'bash', '[agents.a.tools]\nallowed = [\n  "read",\n  "bash"\n]'],
  ['[agents.a.tools]\r\nallowed = [\r\n  """read"""  # note\r\n  gr|\r\n  "edit",\r\n]', 'grep', '[agents.a.tools]\r\nallowed = [\r\n  """read""",  # note\r\n  "grep",\r\n  "edit",\r\n]'],
  ['[agents.a.tools]\nallowed = [\n  "read"\n  sh|(git)\n]', 'bash', '[agents.a.tools]\nallowed = [\n  "read",\n  "bash(git)"\n]'],
  // On a list's key: renamed to the other list only.
  ['[agents.a.tools]\nallo|wed = ["read"]', 'disallowed', '[agents.a.tools]\ndisallowed = ["read"]'],
  // Names between commas in an entry: the one at the cursor completed, the others kept (`illegal-char`'s split makes them entries).
  ['[agents.a.tools]\nallowed = ["Read, gr|"]', 'grep', '[agents.a.tools]\nallowed = ["Read, grep"]'],
  ['[agents.a.tools]\nallowed = ["Read, gr|, Edit"]', 'grep', '[agents.a.tools]\nallowed = ["Read, grep, Edit"]'],
  ["[agents.a.tools]\nallowed = ['Read,\tsh|(git *)']", 'bash', "[agents.a.tools]\nallowed = ['Read,\tbash(git *)']"],
];
for (const [doc, label, after] of ACCEPTED) {
  test(`completion: accepting ${label} at ${JSON.stringify(doc)}`, () => {
    const text = accept(doc, label);
    assert.equal(text, after);
    assertValidToml(text, label);
  });
}

// Before a comma in an entry (`["re|,edit"]`: one odd name to Mars, a warning, which `illegal-char`'s split makes entries),
// no item accepted makes an entry Mars rejects, as a pattern would (`read(path),edit`, an error): a name alone, in every
// string's style, after a name between commas too. Inside a pattern not closed (`["bash(gi|,edit"]`), the comma is the
// pattern's as Mars reads it (its fix writes `bash(gi,edit)`): the items, each a pattern, replace it whole, an entry Mars
// takes. [the list, with its `|`; items that must be offered]
const BEFORE_A_COMMA: Array<[list: string, present: string[]]> = [
  ['["re|,edit"]', ['read']], ['["|,edit"]', ['read', '*']], ['["re| ,edit"]', ['read']], ['["re|\\u002cedit"]', ['read']],
  ["['re|,edit']", ['read']], ['["""re|,edit"""]', ['read']], ['["Read, gr|,edit"]', ['grep']], ['["re|,"]', ['read']],
  ['["bash(gi|,edit"]', ['bash(command *)', 'read(path)']],
];
for (const [list, present] of BEFORE_A_COMMA) {
  test(`completion: no item accepted before a comma makes an entry Mars rejects: ${list}`, () => {
    const src = `[agents.x.tools]\nallowed = ${list}`;
    const items = run(src)!;
    for (const label of present) assert.ok(items.some((i) => i.label === label), `missing ${label}`);
    for (const item of items) {
      const after = applyItem(at(src).text, item);
      const errors = analyze(after).findings.filter((f) => f.code === 'invalid-tool-name' || f.code === 'toml-syntax');
      assert.deepEqual(errors.map((f) => f.message), [], `${item.label}: ${JSON.stringify(after)}`);
    }
  });
}

// An inline table over lines (TOML 1.1, what VS Code makes when Enter is pressed between `{` and
// `}`): keys completed there as on one line, a comma before an entry on a later line; the table
// stays the one syntax error for Mars, whose fix writes it on one line.
const OVER_LINES: Array<[doc: string, label: string, after: string]> = [
  ['[agents.a]\ntools = {\n  |\n}', 'bash', '[agents.a]\ntools = {\n  allowed = ["bash"]\n}'],
  ['[agents.a]\ntools = {\n  |\n  disallowed = ["grep"]\n}', 'read', '[agents.a]\ntools = {\n  allowed = ["read"],\n  disallowed = ["grep"]\n}'],
  ['[agents.a]\ntools = { # note\n  allowed = ["read"],\n  |\n}', '*', '[agents.a]\ntools = { # note\n  allowed = ["read"],\n  disallowed = ["*"]\n}'],
  // Comma-first: the comma is there already on the line below, none doubled.
  ['[agents.a]\ntools = {\n  |\n  , disallowed = ["grep"]\n}', 'read', '[agents.a]\ntools = {\n  allowed = ["read"]\n  , disallowed = ["grep"]\n}'],
];
for (const [doc, label, after] of OVER_LINES) {
  test(`completion: accepting ${label} in an inline table over lines, ${JSON.stringify(doc)}`, () => {
    const text = accept(doc, label);
    assert.equal(text, after);
    assert.doesNotThrow(() => smolParse(text));
    const syntax = analyze(text).findings.filter((f) => f.code === 'toml-syntax');
    assert.deepEqual(syntax.map((f) => text.slice(f.span.start, f.span.end)), ['{']);
    if (text.includes('#')) return; // no one-line rewrite swallows a comment
    const fixed = applyEdits(text, documentFixAll(analyzeDocument(text)));
    assert.deepEqual(analyze(fixed).findings.map((f) => f.code), [], fixed);
  });
}
assert.equal(runDocument('[agents.a]\ntools = {\n  allowed = ["read"]\n  |\n}').length, 0, 'no key where the entry before lacks its comma');
// No tool name goes from a word typed in an inline table into a list there when the table goes on over lines after the
// word (TOML 1.1, which Mars refuses), or a comment follows it (which makes it go on): no slot of the word's goes with a comma.
// A CRLF ends the line as a LF does.
for (const doc of ['[agents.a]\ntools = {\n  allowed = ["read"],\n  ba|\n}', '[agents.a]\r\ntools = {\r\n  allowed = ["read"],\r\n  ba|\r\n}', '[agents.a]\ntools = { allowed = ["read"], ba| # note\n}']) {
  test(`completion: no tool name goes into the list from ${JSON.stringify(doc)}`, () => {
    const labels = runDocument(doc).map((i) => i.label);
    assert.ok(labels.includes('disallowed') && !labels.includes('bash'), labels.join(' '));
  });
}

test('completion: every item offered before an entry or a key, once accepted, leaves valid TOML', () => {
  const docs = [
    '[agents.a.tools]\nallowed = [|"bash"]', '[agents.a.tools]\nallowed = ["bash",|"read"]', '[agents.a.tools]\nallowed = [\n  |"bash",\n]',
    '[agents.a]\ntools = { allowed = [ |"bash"] }', "agents.a.tools.disallowed = [|'''bash''']",
    '[agents.a.tools]\n|  allowed = ["bash"]', '[agents.a.tools]\n|"*" = "deny"', '[agents.a]\ntools = {| allowed = ["bash"] }',
    '[agents.a]\ntools = { |"*" = "deny", allowed = [] }', '[agents.a.tools]\nallowed = ["x"]\n|  bash = "deny" # c',
    '[agents.a.tools]\nba| disallowed = ["x"]', '[agents.a]\ntools = { ba| allowed = ["x"] }',
    '[agents.a]\ntools = |', 'agents.a.tools = | # c', '[agents.a]\n|  model = "m"', 'agents.a.| # c', '[agents]\na = { | }',
    '[agents.a.tools]\nallowed = |', '[agents.a]\ntools = { disallowed =| }', '[agents.a.tools]\nallowed = sh| # c',
  ];
  for (const doc of docs) {
    const items = run(doc);
    assert.ok(items && items.length > 0, `${doc}: expected items`);
    for (const item of items) assertValidToml(applyItem(at(doc).text, item), `${doc} + ${item.label}`);
  }
});

// ---- typing an alias or a harness spelling finds the canonical name --------------------------

const TYPED: Array<[typed: string, canonical: string]> = [
  ['shell', 'bash'], ['Bash', 'bash'], ['exec_command', 'bash'], ['WebF', 'web_fetch'], ['WebFetch', 'web_fetch'], ['curl', 'web_fetch'],
  ['todow', 'task'], ['TodoWrite', 'task'], ['update_plan', 'task'], ['TaskUpdate', 'task'], ['AskUserQuestion', 'ask_user'],
  ['NotebookEdit', 'notebook'], ['jupyter', 'notebook'], ['subagent', 'agent'], ['rg', 'grep'], ['apply_patch', 'write'],
  ['view_image', 'image'], ['ToolSearch', 'tool_search'], ['cat', 'read'], ['web-fetch', 'web_fetch'], ['Ask-User-Q', 'ask_user'],
];

for (const [typed, canonical] of TYPED) {
  test(`completion: typing ${typed} offers ${canonical}`, () => {
    for (const doc of [`[agents.x.tools]\nallowed = ["${typed}|"]`, `[agents.x.tools]\nallowed = ["${typed}|`]) {
      const items = run(doc)!;
      const item = items.find((i) => i.label === canonical);
      assert.ok(item, `no ${canonical}`);
      assert.equal(typedBefore(doc, item), typed);
      assert.ok(survivesFilter(item, typed), `${canonical} filtered out by ${typed}: ${item.filterText}`);
      assert.ok(survivesPrefixFilter(item, typed), `${canonical} filtered out by ${typed} as a prefix: ${item.filterText}`);
    }
  });
}

// An alias typed with its `(` finds the scoped item of the capability it spells (its escapes decoded: `\u0053h` is `Sh`).
for (const [typed, label] of [['shell(', 'bash(command *)'], ['Sh', 'bash(command *)'], ['\\u0053h', 'bash(command *)'], ['curl(', 'web_fetch(domain:host)'], ['cat(', 'read(path)']] as const) {
  test(`completion: typing ${typed} offers ${label}`, () => {
    for (const doc of [`[agents.x.tools]\nallowed = ["${typed}|"]`, `[agents.x.tools]\nallowed = ["${typed}|)"]`]) {
      const item = run(doc)!.find((i) => i.label === label);
      assert.ok(item, `${doc}: no ${label}`);
      assert.ok(survivesFilter(item, typedBefore(doc, item)), `${doc}: ${label} filtered out by ${typedBefore(doc, item)}: ${item.filterText}`);
      assert.ok(survivesPrefixFilter(item, typedBefore(doc, item)), `${doc}: ${label} filtered out as a prefix: ${item.filterText}`);
    }
  });
}

// Blanks typed before the name in its string (`" Sh|"`, or any white space Mars trims: macOS types a no-break space with
// Option-Space): the edit replaces them too, so both filters read them first. VS Code skips only spaces and tabs.
// So after a comma in an entry holding names between commas: the name after it alone is the typed word.
for (const [doc, label] of [['[" Sh|"]', 'bash'], ['["\t WebF|"]', 'web_fetch'], ['[" |"]', 'read'], ['[" r|"]', 'read'],
  ['["\u00a0Sh|"]', 'bash'], ['[" \u3000r|"]', 'read'], ['["\u00a0|"]', 'read'], ['["Read, gr|"]', 'grep'], ['["Read,\u00a0Sh|"]', 'bash']] as const) {
  test(`completion: ${doc} offers ${label} to a prefix filter`, () => {
    const src = `[agents.x.tools]\nallowed = ${doc}`;
    const item = run(src)!.find((i) => i.label === label);
    assert.ok(item, `${doc}: no ${label}`);
    assert.ok(survivesFilter(item, typedBefore(src, item).replace(/^[ \t]+/, '')), `${doc}: ${label} filtered out: ${item.filterText}`);
    assert.ok(survivesPrefixFilter(item, typedBefore(src, item)), `${doc}: ${label} filtered out as a prefix: ${item.filterText ?? item.label}`);
  });
}

// A code typed in a suppression comment with a capital (`Non`, `UNKNOWN-T`): both filters keep the code it begins, which
// is written as Mars spells it.
for (const [typed, label] of [['Non', 'non-canonical'], ['UNKNOWN-T', 'unknown-tool'], ['Al', 'all'], ['dup', 'duplicate-entry']] as const) {
  test(`completion: the suppression code ${typed} offers ${label}`, () => {
    for (const src of [`# mars-ignore: ${typed}|\n`, `[agents.x.tools]\nallowed = ["Bash"]  # mars-ignore: legacy-prefix, ${typed}|-x`]) {
      const item = run(src)!.find((i) => i.label === label);
      assert.ok(item, `${src}: no ${label}`);
      assert.equal((item.textEdit as TextEdit).newText, label);
      assert.ok(survivesFilter(item, typedBefore(src, item)), `${src}: ${label} filtered out by ${typedBefore(src, item)}: ${item.filterText}`);
      assert.ok(survivesPrefixFilter(item, typedBefore(src, item)), `${src}: ${label} filtered out as a prefix: ${item.filterText ?? item.label}`);
    }
  });
}

// A map-form value typed, bare or in its string, in any case: both filters keep the verdict it begins (a bare word's
// label has quotes the word typed does not).
for (const [doc, label] of [['bash = al|', '"allow"'], ['bash = D|', '"deny"'], ['bash = "Al|"', 'allow'], ['bash = "DEN|', 'deny'], ['bash = "d|"', 'deny']] as const) {
  test(`completion: the map-form value ${doc} offers ${label}`, () => {
    const src = `[agents.x.tools]\n${doc}`;
    const item = run(src)!.find((i) => i.label === label);
    assert.ok(item, `${doc}: no ${label}`);
    assert.ok(survivesFilter(item, typedBefore(src, item)), `${doc}: ${label} filtered out by ${typedBefore(src, item)}: ${item.filterText}`);
    assert.ok(survivesPrefixFilter(item, typedBefore(src, item)), `${doc}: ${label} filtered out as a prefix: ${item.filterText ?? item.label}`);
  });
}

// In a literal string or key an escape is its own text (`'\u0053h'` spells a backslash, not `Sh`): no item's filter text
// leads with it, so a prefix filter shows none of them as a match, as none is one.
for (const doc of ["'\\u0053h|' = \"deny\"", "'\\u0053h|", "bash = '\\u0061l|'"] as const) {
  test(`completion: in ${doc} the escape is not decoded`, () => {
    const src = `[agents.x.tools]\n${doc}`;
    const items = run(src)!;
    assert.ok(items.length > 0, `${doc}: expected items`);
    for (const item of items) assert.ok(!survivesPrefixFilter(item, typedBefore(src, item)), `${doc}: ${item.label} kept by ${typedBefore(src, item)}: ${item.filterText}`);
  });
}

// VS Code ranks a match at the start of the filter text far above one in a later word: the word
// typed leads the filter text of the capability it spells, and among the items it leads, the
// canonical name sorts first (`Shell` in `bash shell …` ranked `schedule_wakeup` first). The
// spelling leads in the case typed (the word, then the rest of the spelling: `SHELl`): Neovim's
// built-in completion keeps an item only if its filter text starts with the word as written. The
// texts suit that word only, so the list is incomplete: asked again as the word grows.
const LEADS: Array<[typed: string, canonical: string, lead: string]> = [
  ['Shell', 'bash', 'Shell'], ['SHEL', 'bash', 'SHELl'], ['sh', 'bash', 'shell'], ['Sh', 'bash', 'Shell'], ['Bash', 'bash', 'Bash'],
  ['Terminal', 'bash', 'Terminal'], ['te', 'bash', 'terminal'], ['ShellC', 'bash', 'ShellCommand'], ['shell_', 'bash', 'shell_command'],
  ['WebFetch', 'web_fetch', 'WebFetch'], ['WebF', 'web_fetch', 'WebFetch'], ['TODOWRITE', 'task', 'TODOWRITE'], ['TodoW', 'task', 'TodoWrite'],
  ['todo_w', 'task', 'todo_write'], ['Cat', 'read', 'Cat'], ['AskUserQ', 'ask_user', 'AskUserQuestion'], ['Rg', 'grep', 'Rg'],
  ['s', 'skill', 'skill'], ['Web', 'web', 'Web'],
  // A hyphen typed for an underscore (`ask-user`, which Mars keeps as an unknown tool and the diagnostic asks "did you
  // mean `ask_user`?"): VS Code matches `-` to no `_`, so every item was filtered out.
  ['web-f', 'web_fetch', 'web-fetch'], ['ask-user', 'ask_user', 'ask-user'], ['Exec-C', 'bash', 'Exec-Command'], ['todo-', 'task', 'todo-read'],
];
const firstWord = (item: CompletionItem) => (item.filterText ?? item.label).split(' ')[0]!;
for (const [typed, canonical, lead] of LEADS) {
  test(`completion: ${typed} leads the filter text of ${canonical}, which sorts first of the items it leads`, () => {
    const docs = [`[agents.x.tools]\nallowed = ["${typed}|"]`, `[agents.x.tools]\nallowed = [${typed}|]`, `[agents.x.tools]\nallowed = ${typed}|`,
      `[agents.x.tools]\n${typed}|`];
    for (const doc of docs) {
      const { text, position } = at(doc);
      const result = completions(analyze(text), position, []);
      assert.ok(result && !Array.isArray(result) && result.isIncomplete, `${doc}: not an incomplete list`);
      const item = result.items.find((i) => i.label === canonical)!;
      assert.equal(typedBefore(doc, item), typed);
      assert.equal(firstWord(item), lead, `${doc}: ${item.filterText}`);
      const led = result.items.filter((i) => firstWord(i).toLowerCase().startsWith(typed.toLowerCase()));
      const sorted = [...led].sort((a, b) => (a.sortText! < b.sortText! ? -1 : 1));
      assert.equal(sorted[0]?.label, canonical, `${doc}: ${sorted.map((i) => i.label).join(' ')}`);
    }
  });
}

test('completion: filter text holds the aliases and harness spellings', () => {
  const items = run('[agents.x.tools]\nallowed = ["|"]')!;
  const filter = (label: string) => items.find((i) => i.label === label)!.filterText!;
  for (const [label, words] of [
    ['bash', ['bash', 'shell', 'terminal', 'exec_command', 'Bash']], ['web_fetch', ['webfetch', 'WebFetch', 'curl']],
    ['task', ['todowrite', 'TodoWrite', 'update_plan']], ['ask_user', ['AskUserQuestion']], ['notebook', ['NotebookEdit']],
  ] as const) {
    for (const w of words) assert.ok(filter(label).split(' ').includes(w), `${label}: ${w} not in ${filter(label)}`);
  }
  // Lowercase words first: a client reading only 128 characters still sees every distinct alias.
  for (const cap of CAPABILITIES) {
    const head = filter(cap.name).slice(0, 128).toLowerCase().replace(/_/g, '');
    for (const a of cap.aliases) assert.ok(head.includes(a.replace(/_/g, '')), `${cap.name}: ${a} beyond 128 characters`);
  }
});

// ---- item details ---------------------------------------------------------------------------

test('completion: canonical names first, each with its meaning and aliases', () => {
  const items = run('[agents.x.tools]\nallowed = ["|"]', ['github'])!;
  const sorted = [...items].sort((a, b) => (a.sortText! < b.sortText! ? -1 : a.sortText! > b.sortText! ? 1 : 0));
  const firstNonCanonical = sorted.findIndex((i) => !capabilityNamed(i.label));
  assert.equal(firstNonCanonical, CAPABILITIES.length, 'every canonical name ranks before snippets, * and servers');
  assert.deepEqual(sorted.slice(0, CAPABILITIES.length).map((i) => i.label), CAPABILITIES.map((c) => c.name));
  // The meaning is the detail; the documentation says the rest (pattern scope, aliases), if any.
  for (const cap of CAPABILITIES) {
    const item = items.find((i) => i.label === cap.name)!;
    assert.equal(item.detail, plainText(cap.meaning));
    const doc = item.documentation as { kind: string; value: string } | undefined;
    if (!cap.pattern && cap.aliases.length === 0 && !cap.note) {
      assert.equal(doc, undefined, cap.name);
      continue;
    }
    assert.equal(doc!.kind, 'markdown');
    assert.ok(!doc!.value.includes(cap.meaning), `${cap.name}: the documentation repeats the detail`);
    for (const a of cap.aliases) assert.ok(doc!.value.includes(`\`${a}\``), `${cap.name} documentation lacks ${a}`);
  }
});

// A detail is shown as plain text (VS Code renders no Markdown there), above the documentation.
const DESCRIBED = [
  '[agents.x.tools]\nallowed = ["|"]', '[agents.x.tools]\nallowed = ["mcp(|"]', '[agents.x.tools]\nallowed = [|]', '[agents.x.tools]\n|',
  '[agents.x.tools]\nallowed = ["read"]\nba|', '[agents.x.tools]\nsh|ell = "allow"', '[agents.x.tools]\nbash = |', '[agents.x.tools]\n"bash()" = "|"',
  '[agents.x.tools]\nallowed = |', '[agents.x]\ntools = |', '[agents.x]\n|',
];
for (const doc of DESCRIBED) {
  test(`completion: details are plain text and the documentation does not repeat them, at ${JSON.stringify(doc)}`, () => {
    const items = run(doc, ['github'])!;
    assert.ok(items.length > 0);
    for (const item of items) {
      assert.ok(item.detail, `${item.label}: no detail`);
      assert.ok(!item.detail.includes('`'), `${item.label}: ${item.detail}`);
      const md = (item.documentation as { value: string } | undefined)?.value ?? '';
      assert.ok(!plainText(md).includes(item.detail), `${item.label}: the documentation repeats ${JSON.stringify(item.detail)}`);
    }
  });
}

// VS Code shows a detail in a line of its own above the documentation, and where that is narrow (35
// characters in a review's window) breaks it anywhere, mid-word too ("a comm / and prefix"): an
// item says one short phrase there, the rest in the documentation.
const DETAIL_MAX = 35;
for (const doc of DESCRIBED.concat('[agents.x.tools]\nallowed = ["bash(|"]', '[agents.x.tools]\n"WebFetch(domain:example.com)" = "|"', '# mars-ignore: |\n')) {
  test(`completion: an item's detail is one short phrase, at ${JSON.stringify(doc)}`, () => {
    const items = run(doc, ['github'])!;
    assert.ok(items.length > 0);
    for (const item of items) {
      assert.ok(item.detail!.length <= DETAIL_MAX, `${item.label}: ${item.detail}`);
      assert.match(item.detail!, /^[^.;:]*\.?$/, `${item.label}: one phrase`);
    }
  });
}

test('completion: what does not fit the detail is in the documentation, as Markdown', () => {
  const items = run('[agents.x.tools]\nallowed = ["|"]', ['github'])!;
  const about = (label: string) => {
    const item = items.find((i) => i.label === label)!;
    const doc = item.documentation as { kind: string; value: string };
    assert.equal(doc.kind, 'markdown', label);
    return [item.detail, doc.value];
  };
  const [bashDetail, bashDoc] = about('bash(command *)');
  assert.equal(bashDetail, 'Run shell commands.');
  assert.match(bashDoc!, /Scoped as `bash\(command \*\)`: the pattern is a command prefix; `X \*` matches X with any arguments\./);
  const [taskDetail, taskDoc] = about('task');
  assert.equal(taskDetail, 'Use the task list.');
  assert.match(taskDoc!, /^Claude `TaskCreate`…`TaskUpdate`, OpenCode `todowrite`, Codex `update_plan`\. Not sub-agents: see `agent`\./);
  const [anyDetail, anyDoc] = about('*');
  assert.equal(anyDetail, 'Every tool not otherwise named.');
  assert.match(anyDoc!, /^`"\*"` in `disallowed` turns the policy into an allowlist\.$/);
  const [mcpDetail, mcpDoc] = about('mcp(server/tool)');
  assert.equal(mcpDetail, 'One tool of an MCP server.');
  assert.match(mcpDoc!, /`mcp\(server\)` is every tool of that server/);
  assert.deepEqual(about('mcp(github)'), ['Every tool of this MCP server.', MCP_MEANING]);
});

// The value of a map-form key: where the rule belongs, in the spelling the diagnostic on the key
// writes, and for a key Mars would reject as an entry, that it would.
const MAP_FORM_VALUE: Array<[doc: string, allow: string]> = [
  ['[agents.x.tools]\nbash = |', 'Put `"bash"` in `allowed` instead.'],
  ['[agents.x.tools]\nShell = "|"', 'Put `"bash"` in `allowed` instead.'],
  ['[agents.x.tools]\n"WebFetch(domain:x.com)" = |', 'Put `"web_fetch(domain:x.com)"` in `allowed` instead.'],
  // The entry is a code span, as the diagnostic's TOML string: markdown in the name stays as written.
  ['[agents.x.tools]\n"bash(*x*)" = |', 'Put `"bash(*x*)"` in `allowed` instead.'],
  ['[agents.x.tools]\n"my_tool_" = |', 'Put `"my_tool_"` in `allowed` instead.'],
  ['[agents.x.tools]\n"bash([x](y))" = |', 'Put `"bash([x](y))"` in `allowed` instead.'],
  ['[agents.x.tools]\n"bash(<b>x</b>)" = |', 'Put `"bash(<b>x</b>)"` in `allowed` instead.'],
  ['[agents.x.tools]\n"bash(a`b)" = |', 'Put ``"bash(a`b)"`` in `allowed` instead.'],
  ['[agents.x.tools]\n"bash(a\\\\b \\"c\\")" = |', 'Put `"bash(a\\\\b \\"c\\")"` in `allowed` instead.'],
  ['[agents.x.tools]\n"bash(a\\u202Eb)" = |', 'Put `"bash(a\\u202Eb)"` in `allowed` instead.'],
  ['[agents.x.tools]\n"bash()" = "|"', '`bash()` is not a tool name Mars accepts in a list either.'],
  ['[agents.x.tools]\n"*(x)" = |', '`*(x)` is not a tool name Mars accepts in a list either.'],
  // Names between commas (Claude's `tools: Read, Grep`): one entry per tool, as the key's move writes them.
  ['[agents.x.tools]\n"Read, Grep" = |', 'Put `"read"`, `"grep"` in `allowed` instead.'],
  ['[agents.x.tools]\n"bash(git:*), read" = |', 'Put `"bash(git *)"`, `"read"` in `allowed` instead.'],
  // OpenCode's pattern below a tool, dotted or in a table of its own: the entry its move writes.
  ['[agents.x.tools]\nbash."git log:*" = |', 'Put `"bash(git log *)"` in `allowed` instead.'],
  ['[agents.x.tools.bash]\n"git *" = |', 'Put `"bash(git *)"` in `allowed` instead.'],
  ['[agents.x.tools]\nedit.x = "|"', 'Put `"edit(x)"` in `allowed` instead.'],
];
for (const [doc, allow] of MAP_FORM_VALUE) {
  test(`completion: the map-form value at ${JSON.stringify(doc)} says what the diagnostic says`, () => {
    const items = run(doc)!;
    // The detail, one short phrase, what the value makes; the documentation, where the rule belongs instead.
    const said = (label: string) => {
      const item = items.find((i) => i.label.replace(/"/g, '') === label)!;
      assert.equal(item.detail, 'Map form, which Mars ignores.');
      return (item.documentation as { value: string }).value.split('\n\n')[0];
    };
    assert.equal(said('allow'), allow);
    assert.equal(said('deny'), allow.replace('allowed', 'disallowed'));
    // The diagnostic on the key names the same entry, or says Mars would not accept one.
    const message = analyze(at(doc).text.replace(/= (""|)$/, '= "allow"')).findings.find((f) => f.code === 'unknown-policy-key')!.message;
    const put = /^Put (.*) in /.exec(allow);
    if (put) assert.ok(message.includes(`Put ${put[1]!.replace(/(`+)(".*?")\1/g, '$2')} in `), message);
    else assert.match(message, /not a tool name Mars accepts/);
  });
}

// Where the list already holds the rule, or the other list does, the documentation says so, as the
// diagnostic on the key would with that value, rather than "Put it in the list" (a redundant rule, or a conflict).
const MAP_FORM_VALUE_HELD: Array<[doc: string, allow: string, deny: string]> = [
  ['[agents.x.tools]\nallowed = ["Bash"]\nbash = |', '`allowed` already holds `"Bash"`, so the key can go.',
    '`allowed` holds `"Bash"`, so in `disallowed` it would be both allowed and disallowed.'],
  ['[agents.x.tools]\ndisallowed = ["shell"]\nShell = "|"', '`disallowed` holds `"shell"`, so in `allowed` it would be both allowed and disallowed.',
    '`disallowed` already holds `"shell"`, so the key can go.'],
];
for (const [doc, allow, deny] of MAP_FORM_VALUE_HELD) {
  test(`completion: the map-form value at ${JSON.stringify(doc)}, held by a list, says what the diagnostic says`, () => {
    const items = run(doc)!;
    const said = (label: string) => (items.find((i) => i.label.replace(/"/g, '') === label)!.documentation as { value: string }).value.split('\n\n')[0];
    assert.equal(said('allow'), allow);
    assert.equal(said('deny'), deny);
    for (const [verdict, words] of [['allow', allow], ['deny', deny]] as const) {
      const message = analyze(at(doc).text.replace(/= (""|)$/, `= "${verdict}"`)).findings.find((f) => f.code === 'unknown-policy-key')!.message;
      assert.ok(message.includes(words.replace(/`(")|(")`/g, '$1$2').replace(/\.$/, '')), `${message}\n${words}`);
    }
  });
}

// So in a table of patterns of its own, where the owner's lists are in another section, above it or below, and the rule
// being typed (`"git *" =`) leaves it no table of rules yet: the lists are read all the same, as the server reads the
// document (it said "Put … in `allowed` instead" of a rule `allowed` holds). [doc, allow's words, deny's words, the
// diagnostic with the value "allow" written]
const MAP_FORM_VALUE_HELD_OUTSIDE: Array<[doc: string, allow: string, deny: string, message: string]> = [
  ['[agents.x.tools]\nallowed = ["bash(git *)"]\n[agents.x.tools.bash]\n"git *" = |', '`allowed` already holds `"bash(git *)"`, so the key can go.',
    '`allowed` holds `"bash(git *)"`, so in `disallowed` it would be both allowed and disallowed.', '`allowed` already holds "bash(git *)", so the table can go.'],
  ['[agents.x.tools.bash]\n"rm *" = "deny"\n"git *" = |\n[agents.x.tools]\ndisallowed = ["bash(git *)"]', '`disallowed` holds `"bash(git *)"`, so in `allowed` it would be both allowed and disallowed.',
    '`disallowed` already holds `"bash(git *)"`, so the key can go.', '`disallowed` holds "bash(git *)", so in `allowed` it would be both allowed and disallowed.'],
];
for (const [doc, allow, deny, message] of MAP_FORM_VALUE_HELD_OUTSIDE) {
  test(`completion: the map-form value at ${JSON.stringify(doc)}, held by a list in another section, says what the diagnostic says`, () => {
    const items = runDocument(doc);
    const said = (label: string) => (items.find((i) => i.label.replace(/"/g, '') === label)!.documentation as { value: string }).value.split('\n\n')[0];
    assert.equal(said('allow'), allow);
    assert.equal(said('deny'), deny);
    const text = at(doc).text.replace(/= $/m, '= "allow"');
    assert.ok(documentFindings(analyzeDocument(text)).some((f) => f.code === 'unknown-policy-key' && f.message.includes(message)), text);
  });
}

// A name the other list of the policy holds is offered (the user may be moving it), and its documentation ends by saying
// the conflict it would make, in the words of the map-form value above: it was offered without a word, and a warning
// followed. [the document, the item, how its documentation ends (null: no such words)]
const OTHER_LIST_HOLDS: Array<[doc: string, label: string, ends: string | null]> = [
  ['[agents.x.tools]\nallowed = ["Bash"]\ndisallowed = ["|"]', 'bash', '`allowed` holds `"Bash"`, so in `disallowed` it would be both allowed and disallowed.'],
  ['[agents.x.tools]\nallowed = ["Bash"]\ndisallowed = [|]', 'bash', '`allowed` holds `"Bash"`, so in `disallowed` it would be both allowed and disallowed.'],
  ['[agents.x.tools]\ndisallowed = ["*"]\nallowed = |', '*', '`disallowed` holds `"*"`, so in `allowed` it would be both allowed and disallowed.'],
  ['[agents.x]\ntools = { disallowed = ["cat"], allowed = ["re|"] }', 'read', '`disallowed` holds `"cat"`, so in `allowed` it would be both allowed and disallowed.'],
  // The pattern kept after the name is what is held, or not.
  ['[agents.x.tools]\nallowed = ["bash(git *)"]\ndisallowed = ["sh|(git:*)"]', 'bash', '`allowed` holds `"bash(git *)"`, so in `disallowed` it would be both allowed and disallowed.'],
  ['[agents.x.tools]\nallowed = ["bash(git *)"]\ndisallowed = ["|"]', 'bash', null],
  // A tool name typed where a key goes, which lands in `allowed`.
  ['[agents.x.tools]\nallowed = ["read"]\ndisallowed = ["grep"]\ngr|', 'grep', '`disallowed` holds `"grep"`, so in `allowed` it would be both allowed and disallowed.'],
  ['[agents.x.tools]\nallowed = ["grep"]\ndisallowed = ["read"]\n|', 'bash', null],
];
for (const [doc, label, ends] of OTHER_LIST_HOLDS) {
  test(`completion: ${label} at ${JSON.stringify(doc)}, held by the other list: ${ends === null ? 'no conflict said' : 'the conflict said'}`, () => {
    const item = run(doc)!.find((i) => i.label === label);
    assert.ok(item, `no ${label}`);
    const said = (item.documentation as { value: string } | undefined)?.value ?? '';
    if (ends === null) assert.doesNotMatch(said, /both allowed and disallowed/);
    else assert.ok(said.endsWith(`\n\n${ends}`) || said === ends, said);
  });
}

// Below a tool's name, a key is one of OpenCode's patterns (`edit.x = "|"`, MAP_FORM_VALUE), but below a name Mars does not know as a tool, or two below.
test('completion: no map-form value for a key below a name that is no tool, or below a pattern, which makes it a table', () => {
  assert.deepEqual(run('[agents.x.tools]\nfoo.x = |'), []);
  assert.deepEqual(run('[agents.x.tools]\nedit.x.y = "|"'), []);
});

test('completion: the workspace\'s MCP servers sort before the generic mcp(server/tool), inside mcp( and on a word', () => {
  const bySort = (items: CompletionItem[]) => [...items].sort((a, b) => (a.sortText! < b.sortText! ? -1 : a.sortText! > b.sortText! ? 1 : 0)).map((i) => i.label);
  assert.deepEqual(bySort(run('[agents.x.tools]\nallowed = ["mcp(|"]', ['linear', 'github'])!),
    ['mcp(github)', 'mcp(github/tool)', 'mcp(linear)', 'mcp(linear/tool)', 'mcp(server/tool)']);
  const onWord = bySort(run('[agents.x.tools]\nallowed = ["mc|"]', ['github'])!).filter((l) => l.startsWith('mcp('));
  assert.deepEqual(onWord, ['mcp(github)', 'mcp(github/tool)', 'mcp(server/tool)']);
});

test('completion: servers past the 500th sort in their order too (sort texts of one width)', () => {
  // The servers the word matches straddle the 500th: its sort text `41000` once came before `4998`.
  const servers = [...Array.from({ length: 499 }, (_, i) => `a${String(i).padStart(3, '0')}`), ...Array.from({ length: 10 }, (_, i) => `b${i}`)];
  const items = run('[agents.x.tools]\nallowed = ["mcp(b|"]', servers)!;
  const sorted = [...items].sort((a, b) => (a.sortText! < b.sortText! ? -1 : a.sortText! > b.sortText! ? 1 : 0)).map((i) => i.label);
  assert.deepEqual(sorted.filter((l) => /^mcp\(b\d\)$/.test(l)), Array.from({ length: 10 }, (_, i) => `mcp(b${i})`));
});

test('completion: scoped snippets are snippets with placeholders', () => {
  const items = run('[agents.x.tools]\nallowed = ["|"]')!;
  const expected: Record<string, string> = {
    'bash(command *)': 'bash(${1:command} *)', 'read(path)': 'read(${1:path})', 'skill(name)': 'skill(${1:name})',
    'web_fetch(domain:host)': 'web_fetch(domain:${1:host})', 'mcp(server/tool)': 'mcp(${1:server}/${2:tool})',
  };
  for (const [label, body] of Object.entries(expected)) {
    const item = items.find((i) => i.label === label)!;
    assert.equal(item.insertTextFormat, 2, label);
    assert.equal((item.textEdit as TextEdit).newText, body);
  }
  const bash = items.find((i) => i.label === 'bash')!;
  assert.equal(bash.insertTextFormat, 1);
  const any = items.find((i) => i.label === '*')!;
  assert.ok(String(any.detail).includes('Every tool'));
});

// ---- MCP server names ------------------------------------------------------------------------

test('completion: of thousands of servers, at most 100 a request, those the typed word may match; the rest come as it narrows', () => {
  const servers = Array.from({ length: 5000 }, (_, i) => `server-${i}`);
  const count = (src: string) => run(src, servers)!.filter((i) => String(i.label).startsWith('mcp(server-')).map((i) => String(i.label));
  assert.equal(count('[agents.x.tools]\nallowed = ["mcp(|"]').filter((l) => l.endsWith('/tool)')).length, 100);
  const narrowed = count('[agents.x.tools]\nallowed = ["mcp(server-4999|"]');
  assert.deepEqual(narrowed, ['mcp(server-4999)', 'mcp(server-4999/tool)']);
});

test('completion: the workspace\'s servers are offered cleaned, and written as the string can hold them', () => {
  const labels = (src: string, servers: readonly string[]) => run(src, servers)!.map((i) => i.label);
  const basic = labels('[agents.x.tools]\nallowed = ["mcp(|"]', ['zeta', ' alpha ', 'zeta', '', 'a/b']);
  assert.ok(basic.includes('mcp(alpha)') && basic.includes('mcp(zeta)'));
  assert.ok(!basic.includes('mcp(a/b)') && !basic.includes('mcp()'));
  // A control character is escaped in a basic string, and cannot be written in a literal one.
  const src = '[agents.x.tools]\nallowed = ["mcp(|"]';
  // Labelled with the character escaped, as the diagnostics show it.
  const item = run(src, ['a\u0001b'])!.find((i) => i.label === 'mcp(a\\u0001b)')!;
  const { text } = at(src);
  const e = item.textEdit as TextEdit;
  const lines = analyze(text).lines;
  const done = text.slice(0, lines.offset(e.range.start)) + e.newText + text.slice(lines.offset(e.range.end));
  assert.equal(done, '[agents.x.tools]\nallowed = ["mcp(a\\u0001b)"]');
  assert.deepEqual(documentFindings(analyzeDocument(done)).map((f) => f.code), ['illegal-char']); // Mars's warning, not a TOML error
  assert.ok(!labels("[agents.x.tools]\nallowed = ['mcp(|']", ['a\u0001b', 'ok']).some((l) => l.startsWith('mcp(a')));
  assert.ok(labels("[agents.x.tools]\nallowed = ['mcp(|']", ['a\u0001b', 'ok']).includes('mcp(ok)'));
});

test('completion: mcpServerNames keeps names Mars reads back as that server', () => {
  assert.deepEqual(mcpServerNames(['linear', ' github ', 'github', 'plugin:demo', 'a/b', '*', '/x', '']), ['github', 'linear', 'plugin:demo']);
  assert.deepEqual(mcpManifestName('name = "github"\n[server]\ncommand = "x"\n'), { name: 'github', span: { start: 8, end: 14 } });
  assert.equal(mcpManifestName('[server]\nname = "nested"\n'), null);
  // Only the root table is read, up to the first header: a `[` line in a string is none.
  assert.deepEqual(mcpManifestName('about = """\n[server]\n"""\nname = "gh"\n[env]\nname = "x"\n'), { name: 'gh', span: { start: 33, end: 35 } });
  assert.equal(mcpManifestName('name = "unterminated\n'), null);
  assert.equal(mcpManifestName('\u0000\u0001 junk ['), null);
});

// ---- a string Mars reads as no entry for its value's shape ------------------------------------

test('completion and hover agree on a string of a shape problem: completed where hover describes it as the entry it would be', () => {
  const docs = [
    '[agents.x.tools]\nallowed = "gr"\ndisallowed = \'ba\'',
    '[agents.x]\ntools = { allowed = "gr", disallowed = "" }',
    '[agents.x]\ntools = ["read", "gr", [""], 1]',
    'agents.x.tools.allowed = "Shell(git:*)"',
    '[agents.z]\ntools = "gr"',
    // Hover describes these as other entries (`mcp(gh)`): nothing is completed.
    '[agents.x.tools]\nmcp = ["gh"]\n[agents.y.tools]\nmcp = "gh"',
  ];
  let completed = 0;
  for (const text of docs) {
    const analysis = analyze(text);
    for (const m of text.matchAll(/"([^"]*)"|'([^']*)'/g)) {
      const content = m[1] ?? m[2]!;
      for (let offset = m.index! + 1; offset <= m.index! + 1 + content.length; offset++) {
        const position = analysis.lines.position(offset);
        const h = hover(analysis, position);
        // As the entry written there (an empty one's name is quoted otherwise), not another (`gh` of `mcp` as `mcp(gh)`).
        const value = h === null ? '' : (h.contents as MarkupContent).value;
        const described = value.includes(content === '' ? 'As the entry ' : `As the entry \`${content}\` of`);
        const result = completions(analysis, position, []);
        const items = result === null ? [] : Array.isArray(result) ? result : result.items;
        const where = `${JSON.stringify(text)} at ${offset}`;
        assert.equal(items.length > 0, described, `${where}: ${described ? 'described as an entry, not completed' : 'completed, not described as an entry'}`);
        if (!described) continue;
        completed++;
        // Both on the string's content: completion replaces what hover describes, or its name alone before a pattern written.
        for (const item of items) {
          const { range } = item.textEdit as TextEdit;
          const described = h!.range!;
          assert.deepEqual(range.start, described.start, `${where}: ${item.label}`);
          if (text[analysis.lines.offset(range.end)] !== '(') assert.deepEqual(range.end, described.end, `${where}: ${item.label}`);
        }
      }
    }
  }
  assert.ok(completed > 0);
});

test('completion in a string of a shape problem: the name accepted is the entry hover describes, the finding and its fix kept', () => {
  const out = accept('[agents.x.tools]\nallowed = "gr|"', 'grep');
  assert.equal(out, '[agents.x.tools]\nallowed = "grep"');
  const analysis = analyze(out);
  const h = hover(analysis, { line: 1, character: 12 });
  assert.ok(h && (h.contents as MarkupContent).value.includes('As the entry `grep` of `allowed`'));
  const shape = analysis.findings.filter((f) => f.code === 'invalid-tool-policy');
  assert.deepEqual(shape.map((f) => f.fixes.map((x) => x.edits.map((e) => e.newText))), [[['["grep"]']]]);
});

// ---- never throws ----------------------------------------------------------------------------

test('completion and ranges hold at every offset of half-typed and broken documents', () => {
  const docs = [
    '[agents.x.tools]\nallowed = ["sh\ndisallowed = [\n  "read", # c\n  ba\n[agents.y]\ntools = { allowed = ["a", ',
    '\ufeff[agents.x.tools]\r\nallowed = [\'re\', """bash\n""", "mcp(", 1, [["x"]], {a = 1}]\r\n"q = "allow"\r\nbash = \r\n',
    'agents.x.tools.\n[agents]\nx.tools = { bash = , "*" = "deny", allowed = [ }\n[[agents.x.tools]]\nallowed = ["\u0000😀"]',
    '\u0000\u0001[[[{{{"""\'\'\'\\\n= = ]]]',
  ];
  for (const text of docs) {
    const analysis = analyze(text);
    for (let offset = 0; offset <= text.length; offset++) {
      const position = analysis.lines.position(offset);
      if (analysis.lines.offset(position) !== offset) continue; // between \r and \n: no LSP position
      const result = completions(analysis, position, ['github']);
      const items = result === null ? [] : Array.isArray(result) ? result : result.items;
      for (const item of items) {
        const e = item.textEdit as TextEdit;
        assert.equal(e.range.start.line, e.range.end.line);
        assert.equal(e.range.start.line, position.line, 'range on the cursor line');
        assert.ok(e.range.start.character <= position.character && position.character <= e.range.end.character, 'range contains the cursor');
      }
    }
  }
});

/**
 * Entries and map-form keys written with escapes or around an MCP server, completed at every offset:
 * each item's edits one line each, the main one on the cursor's and holding it; accepted (snippets
 * with their placeholders' defaults) in a document that was valid TOML, valid TOML still, and the
 * entry or key the item writes no name Mars rejects.
 */
const EVERY_OFFSET: string[] = [
  '[agents.x.tools]\nallowed = ["sh\\u0028git *)", "g\\u0028a", "mcp\\u0028gi\\u002Fx)", "b\\u0028x\\u0029"]\n',
  '[agents.x.tools]\nallowed = ["mcp(\\tgi\\t/x)", "mcp(\\u0020gi)", "mcp(gi/\\t)", "mcp(\\tgi\\t/"]\n',
  '[agents.x.tools]\n"sh\\u0028git *)" = "allow"\n"mcp(gi" = "allow"\n"mcp(gi/x)" = "deny"\n"mcp(  gi  /x)" = "deny"\n\'mcp(gi/y)\' = \'allow\'\n"mcp(\\tgi\\t/z)" = "allow"\n"mcp(gi/" = "allow"\n',
  '[agents.x]\ntools = { "mcp(gi/x" = "allow", "mcp\\u0028li" = "deny" }\n',
  '[agents.x.tools]\n"mcp(gi',
  '[agents.x.tools]\nallowed = ["mcp(\\tgi',
];
for (const text of EVERY_OFFSET) {
  test(`completion at every offset, each item accepted: ${JSON.stringify(text)}`, () => {
    const analysis = analyze(text);
    const valid = !analysis.findings.some((f) => f.code === 'toml-syntax');
    for (let offset = 0; offset <= text.length; offset++) {
      const position = analysis.lines.position(offset);
      const result = completions(analysis, position, ['github', 'linear']);
      for (const item of result === null ? [] : Array.isArray(result) ? result : result.items) {
        const main = item.textEdit as TextEdit;
        const at = `${item.label} at ${offset}`;
        for (const e of [main, ...(item.additionalTextEdits ?? [])]) assert.equal(e.range.start.line, e.range.end.line, at);
        assert.equal(main.range.start.line, position.line, at);
        assert.ok(main.range.start.character <= position.character && position.character <= main.range.end.character, at);
        const after = applyItem(text, item);
        if (valid) assertValidToml(after, at);
        const written = analysis.lines.offset(main.range.start);
        const rejected = analyze(after).findings.filter((f) => f.code === 'invalid-tool-name' && f.span.start <= written && written <= f.span.end);
        assert.deepEqual(rejected.map((f) => f.message), [], `${at}: ${JSON.stringify(after)}`);
      }
    }
  });
}

// ---- snippets for clients that take none --------------------------------------------------------

const AS_PLAIN: Array<[snippet: string, plain: string]> = [
  ['bash(${1:command} *)', 'bash(command *)'],
  ['mcp(${1:server}/${2:tool})', 'mcp(server/tool)'],
  ['allowed = [$0]', 'allowed = []'],
  ['bash = "${1|allow,deny|}"', 'bash = "allow"'],
  ['read(${1:./src/\\}**})', 'read(./src/}**)'],
  ['cost: \\$5 ${1:a ${2:nested}}$3', 'cost: $5 a nested'],
  // A backslash at the end escapes nothing: kept as written.
  ['C:\\', 'C:\\'],
];
for (const [snippet, plain] of AS_PLAIN) test(`snippet as plain text: ${snippet}`, () => assert.equal(snippetText(snippet), plain));

// As a client takes the items: one without snippets gets their text as plain text, with no command reopening the list
// (its cursor lands after the text, where no name goes); one that reads Markdown gets the documentation as written.
test('completion: the items as a client takes them', () => {
  const { text, position } = at('[agents.a]\ntools = |');
  const suggest = { title: 'Suggest', command: 'editor.action.triggerSuggest' };
  const items = completions(analyze(text), position, [], () => false, suggest) as CompletionItem[];
  assert.deepEqual(items.map((i) => [i.command?.command, i.insertTextFormat]), [['editor.action.triggerSuggest', 2], ['editor.action.triggerSuggest', 2]]);
  const taken = (snippets: boolean, markdown: boolean) => itemsAsClientTakes(items, { snippets, markdown, kinds: new Set([22]) }) as CompletionItem[];
  assert.deepEqual(taken(false, true).map((i) => [i.command, i.insertTextFormat, (i.textEdit as TextEdit).newText]), [[undefined, 1, '{ allowed = [] }'], [undefined, 1, '{ disallowed = [] }']]);
  assert.deepEqual(taken(true, true).map((i) => i.documentation), items.map((i) => i.documentation));
  assert.ok(items.some((i) => (i.documentation as MarkupContent | undefined)?.kind === 'markdown'));
  assert.ok(taken(true, false).some((i) => typeof i.documentation === 'string'));
  assert.ok(taken(true, false).every((i) => i.documentation === undefined || typeof i.documentation === 'string'));
});

// The map form's note names no file: the same completion serves mars.local.toml, where "in mars.toml" was wrong.
test('completion: the map form\'s note names no file', () => {
  for (const doc of ['[agents.x.tools]\nba|sh = "allow"', '[agents.x.tools]\nbash = |']) {
    const notes = run(doc)!.map((i) => (i.documentation as MarkupContent | undefined)?.value ?? '').filter((v) => v.includes('_Map form_'));
    assert.ok(notes.length > 0, doc);
    for (const note of notes) assert.doesNotMatch(note, /mars\.toml/, note);
  }
});
