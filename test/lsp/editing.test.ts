// Completion and hover over the protocol, against dist/server.js.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import util from 'node:util';
import { pathToFileURL } from 'node:url';
import type { CompletionItem, CompletionList, Diagnostic, Hover, Location, LocationLink, MarkupContent, Position, TextEdit } from 'vscode-languageserver';
import { FILE_GLOB, SUGGEST_COMMAND_OPTION } from '../../server/src/protocol';
import { LspClient } from '../support/lspClient';
import { applyTextEdits, positionAt } from '../support/text';
import { tempDir } from '../support/tempDir';

let client: LspClient;
let n = 0;

/** Open `src` (its `|` is the cursor) and ask `method` there. */
async function ask<R>(method: string, src: string, uri = `file:///edit/${++n}/mars.toml`): Promise<{ text: string; result: R }> {
  const at = src.indexOf('|');
  const text = src.slice(0, at) + src.slice(at + 1);
  await client.open(uri, text);
  const result = await client.request<R>(method, { textDocument: { uri }, position: positionAt(text, at) });
  return { text, result };
}

const items = (r: CompletionItem[] | CompletionList | null) => (r === null ? [] : Array.isArray(r) ? r : r.items);
const complete = async (src: string, uri?: string) => {
  const { text, result } = await ask<CompletionItem[] | CompletionList | null>('textDocument/completion', src, uri);
  return { text, items: items(result) };
};
const accept = (text: string, item: CompletionItem) => applyTextEdits(text, [item.textEdit as TextEdit]);

describe('completion', () => {
  before(async () => (client = await LspClient.start()));
  after(() => client.stop());

  test('inside a string: canonical names first, the name replaced before a pattern written, a snippet replacing the whole entry', async () => {
    const { text, items: got } = await complete('[agents.a.tools]\nallowed = ["ba|sh(git log:*)"]\n');
    assert.ok(got.length > 20);
    assert.equal(got[0]!.label, 'bash', 'canonical names rank first, in table order');
    const read = got.find((i) => i.label === 'read')!;
    const edit = read.textEdit as TextEdit;
    assert.deepEqual([edit.range.start.character, edit.range.end.character], [12, 16], 'the range is the name, the pattern kept where it is');
    assert.equal(accept(text, read), '[agents.a.tools]\nallowed = ["read(git log:*)"]\n');
    const snippet = (got.find((i) => i.label === 'read(path)')!.textEdit as TextEdit).range;
    assert.deepEqual([snippet.start.character, snippet.end.character], [12, 27], 'the range is the whole entry, `(`, `:` and `*` included');
    // A long pattern is not sent again in every item (37 items of a 2 MB pattern were 56 MB).
    const long = 'x'.repeat(200_000);
    const big = await ask<CompletionItem[] | CompletionList | null>('textDocument/completion', `[agents.a.tools]\nallowed = ["b|ash(${long})"]\n`);
    assert.ok(JSON.stringify(big.result).length < 100_000, `${JSON.stringify(big.result).length} characters`);
    assert.equal(accept(big.text, items(big.result).find((i) => i.label === 'read')!), `[agents.a.tools]\nallowed = ["read(${long})"]\n`);
    // Inside the pattern, only scoped snippets.
    const inPattern = await complete('[agents.a.tools]\nallowed = ["bash(git lo|g)"]\n');
    assert.ok(inPattern.items.length > 0 && inPattern.items.every((i) => i.label.includes('(')), inPattern.items.map((i) => i.label).join(' '));
  });

  test("in a table header: the tools tables of the agents other sections name, none another section writes", async () => {
    // Sections far enough apart to be analysed apart: the names come from the whole document.
    const filler = `model = "${'m'.repeat(20_000)}"\n`.repeat(3);
    const src = `[agents.reviewer]\n${filler}[agents]\ncoder.tools.allowed = ["read"]\n[skills."deep research"]\n${filler}[skills.|]\n`;
    const { text, items: got } = await complete(src);
    assert.deepEqual(got.map((i) => i.label), ['deep research.tools']);
    assert.equal(accept(text, got[0]!), src.replace('|', '"deep research".tools'));
    const agents = await complete(src.replace('[skills.|]', '[agents.|]'));
    assert.deepEqual(agents.items.map((i) => i.label), ['reviewer.tools'], 'not coder, whose tools table its dotted key writes');
    assert.deepEqual((await complete(src.replace('[skills.|]', '[agents.reviewer.to|]'))).items.map((i) => i.label), ['tools']);
  });

  test('typing an alias offers the canonical name (aliases are in the filter text)', async () => {
    const { items: got } = await complete('[agents.a.tools]\nallowed = ["shel|"]\n');
    const bash = got.find((i) => i.label === 'bash')!;
    assert.match(bash.filterText ?? '', /shell/);
    assert.match(JSON.stringify(bash.documentation), /shell/);
    const fetch = got.find((i) => i.label === 'web_fetch')!;
    assert.match(fetch.filterText ?? '', /WebFetch/);
  });

  test('a capitalised alias leads the filter text of its capability, in a list asked again as the word grows', async () => {
    const { result } = await ask<CompletionItem[] | CompletionList | null>('textDocument/completion', '[agents.a.tools]\nallowed = [Shell|]\n');
    assert.ok(result && !Array.isArray(result) && result.isIncomplete);
    const bash = result.items.find((i) => i.label === 'bash')!;
    assert.match(bash.filterText ?? '', /^Shell /);
    assert.equal(bash.detail, 'Run shell commands.');
    for (const item of result.items) assert.ok(!item.detail?.includes('`'), `${item.label}: ${item.detail}`);
  });

  // Neovim's built-in completion (vim.lsp.completion) keeps an item only if its filter text (or
  // label) starts with the text from the edit range's start to the cursor, case and all (with
  // 'smartcase', always once that text has a capital). Typing a harness's spelling with capitals is
  // common (`Bash`, `WebFetch`, `Read(`): the canonical name must survive that filter too.
  const SPELLED: Array<[src: string, label: string]> = [
    ['allowed = ["Bash|"]', 'bash'], ['allowed = ["Shell|"]', 'bash'], ['allowed = [Shell|]', 'bash'], ['allowed = ["WebF|"]', 'web_fetch'],
    ['allowed = ["TodoW|"]', 'task'], ['allowed = ["SHEL|"]', 'bash'], ['allowed = ["Read(|"]', 'read(path)'], ['allowed = ["Sh|)"]', 'bash(command *)'],
    ['allowed = ["MCP(gi|"]', 'mcp(github)'], ['Allo|', 'allowed'],
  ];
  // The same filters read the text typed as written, escapes and all: in a basic string or a quoted
  // key, `\u0053h` is `Sh`, and what it spells must lead the filter text as written, or every item
  // is dropped (VS Code's fuzzy match finds no `\` in `bash shell …`).
  const ESCAPED: Array<[src: string, label: string]> = [
    ['allowed = ["\\u0053h|"]', 'bash'], ['allowed = ["\\u0053he|ll"]', 'bash'], ['allowed = ["\\U00000042a|"]', 'bash'], ['allowed = ["""\n\\u0052e|"""]', 'read'],
    ['"\\u0061llo|" = ["read"]', 'allowed'], ['bash = "\\u0061l|"', 'allow'],
  ];
  // Blanks typed around an MCP server, which Mars trims (`mcp(  gi|  /x)`): they lead the filter text as typed.
  const BLANKED: Array<[src: string, label: string]> = [['allowed = ["mcp(  gi|  /x)"]', 'mcp(github/x)'], ['allowed = ["MCP( gi|)"]', 'mcp(github)']];
  const how = (src: string) => (SPELLED.some(([s]) => s === src) ? 'with capitals' : ESCAPED.some(([s]) => s === src) ? 'with an escape' : 'with blanks');
  for (const [src, label] of [...SPELLED, ...ESCAPED, ...BLANKED]) {
    test(`typed ${how(src)}, ${src} keeps ${label} in a client that filters by the typed prefix, case and all`, async () => {
      const dir = tempDir('mars-case-');
      fs.mkdirSync(path.join(dir, 'mcp/gh'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'mcp/gh/mcp.toml'), 'name = "github"\n');
      const { text, items: got } = await complete(`[agents.a.tools]\n${src}\n`, pathToFileURL(path.join(dir, 'mars.toml')).href);
      const lines = text.split('\n');
      const before = src.slice(0, src.indexOf('|')).split('\n');
      const [cursorLine, cursor] = [before.length, before[before.length - 1]!.length];
      const kept = got.filter((i) => {
        const e = i.textEdit as TextEdit;
        return e.range.start.line === cursorLine && (i.filterText ?? i.label).startsWith(lines[cursorLine]!.slice(e.range.start.character, cursor));
      });
      assert.ok(kept.some((i) => i.label === label), `${label} filtered out: ${got.filter((i) => i.label === label).map((i) => i.filterText).join()}`);
    });
  }

  test('an empty slot and after a comma insert the quotes; what the list holds is not offered', async () => {
    const { text, items: got } = await complete('[agents.a]\ntools.allowed = ["read", |]\n');
    assert.equal(got.find((i) => i.label === 'read'), undefined);
    assert.equal(accept(text, got.find((i) => i.label === 'edit')!), '[agents.a]\ntools.allowed = ["read", "edit"]\n');
    const empty = await complete('[agents.a]\ntools = { disallowed = [|] }\n');
    assert.equal(accept(empty.text, empty.items.find((i) => i.label === 'agent')!), '[agents.a]\ntools = { disallowed = ["agent"] }\n');
  });

  test('scoped snippets and the any-capability', async () => {
    const { items: got } = await complete('[skills."deep research".tools]\nallowed = ["|"]\n');
    const labels = got.map((i) => i.label);
    for (const l of ['bash(command *)', 'read(path)', 'skill(name)', 'web_fetch(domain:host)', 'mcp(server/tool)', '*']) assert.ok(labels.includes(l), l);
    assert.equal(got.find((i) => i.label === 'bash(command *)')!.insertTextFormat, 2);
  });

  test('inside mcp( the servers the workspace declares', async () => {
    const dir = tempDir('mars-mcp-');
    fs.mkdirSync(path.join(dir, 'mcp/gh'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'mcp/gh/mcp.toml'), 'name = "github"\ncommand = "gh-mcp"\n');
    fs.mkdirSync(path.join(dir, 'mcp/linear'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'mcp/linear/mcp.toml'), 'command = "linear-mcp"\n');
    const uri = pathToFileURL(path.join(dir, 'mars.toml')).href;
    const { items: got } = await complete('[agents.a.tools]\nallowed = ["mcp(|"]\n', uri);
    const labels = got.map((i) => i.label);
    assert.ok(labels.some((l) => l.startsWith('mcp(github')), labels.join(' '));
    assert.ok(labels.some((l) => l.startsWith('mcp(linear')), labels.join(' '));
  });

  test('inside mcp( the servers of a workspace folder added after the start, and not of one removed', async () => {
    const root = tempDir('mars-folders-');
    const [a, b] = [path.join(root, 'a'), path.join(root, 'b')];
    fs.mkdirSync(path.join(a, 'sub'), { recursive: true });
    fs.mkdirSync(path.join(b, 'mcp/gh'), { recursive: true });
    fs.writeFileSync(path.join(b, 'mcp/gh/mcp.toml'), 'name = "github"\n');
    const [aUri, bUri] = [pathToFileURL(a).href, pathToFileURL(b).href];
    const c = await LspClient.start({ workspaceFolders: [aUri] });
    try {
      const uri = pathToFileURL(path.join(a, 'sub', 'mars.toml')).href;
      const text = '[agents.a.tools]\nallowed = ["mcp("]\n';
      await c.open(uri, text);
      const servers = async () => items(await c.request<CompletionItem[] | CompletionList | null>('textDocument/completion', { textDocument: { uri }, position: positionAt(text, text.indexOf('(') + 1) }))
        .map((i) => i.label).filter((l) => l.startsWith('mcp(github'));
      assert.deepEqual(await servers(), []);
      await c.conn.sendNotification('workspace/didChangeWorkspaceFolders', { event: { added: [{ uri: bUri, name: 'b' }], removed: [] } });
      assert.ok((await servers()).length > 0, 'the added folder\'s servers are offered');
      await c.conn.sendNotification('workspace/didChangeWorkspaceFolders', { event: { added: [], removed: [{ uri: bUri, name: 'b' }] } });
      assert.deepEqual(await servers(), [], 'the removed folder\'s are not');
    } finally {
      await c.stop();
    }
  });

  // The library hands the event on as it came: a change of another shape failed in our handler with
  // a TypeError logged ("Cannot destructure property 'added'", "removed.map is not a function"), and
  // the folders it did name were not taken. Read as a capability is: a list where one is due.
  test('a folder change of another shape changes what it names, and fails on nothing', async () => {
    const root = tempDir('mars-folders-odd-');
    fs.mkdirSync(path.join(root, 'b/mcp/gh'), { recursive: true });
    fs.writeFileSync(path.join(root, 'b/mcp/gh/mcp.toml'), 'name = "github"\n');
    fs.mkdirSync(path.join(root, 'a'));
    const bUri = pathToFileURL(path.join(root, 'b')).href;
    const c = await LspClient.start({ workspaceFolders: [pathToFileURL(path.join(root, 'a')).href] });
    try {
      const uri = pathToFileURL(path.join(root, 'a', 'mars.toml')).href;
      const text = '[agents.a.tools]\nallowed = ["mcp("]\n';
      await c.open(uri, text);
      const servers = async () => items(await c.request<CompletionItem[] | CompletionList | null>('textDocument/completion', { textDocument: { uri }, position: positionAt(text, text.indexOf('(') + 1) }))
        .map((i) => i.label).filter((l) => l.startsWith('mcp(github'));
      for (const params of [{}, { event: null }, { event: 5 }, { event: {} }, { event: { added: 'x', removed: 5 } }]) {
        await c.conn.sendNotification('workspace/didChangeWorkspaceFolders', params);
      }
      await c.conn.sendNotification('workspace/didChangeWorkspaceFolders', { event: { added: [null, 5, { uri: 5 }, { uri: bUri, name: 'b' }, { uri: bUri, name: 'b' }], removed: [null] } });
      assert.ok((await servers()).length > 0, 'the added folder\'s servers are offered');
      await c.conn.sendNotification('workspace/didChangeWorkspaceFolders', { event: { removed: [{ uri: bUri }] } });
      assert.deepEqual(await servers(), [], 'the removed folder\'s are not: it was added once');
      assert.deepEqual(c.logs, []);
    } finally {
      await c.stop();
    }
  });

  test('a manifest added, renamed or deleted is seen at once when the client\'s file watcher tells of it', async () => {
    const dir = tempDir('mars-watched-');
    const c = await LspClient.start({ watchFiles: true });
    try {
      const uri = pathToFileURL(path.join(dir, 'mars.toml')).href;
      const text = '[agents.a.tools]\nallowed = ["mcp("]\n[agents.b.tools]\nallowed = ["mcp(github)"]\n';
      await c.open(uri, text);
      const servers = async () => items(await c.request<CompletionItem[] | CompletionList | null>('textDocument/completion', { textDocument: { uri }, position: positionAt(text, text.indexOf('(') + 1) }))
        .map((i) => i.label).filter((l) => /^mcp\(\w+\)$/.test(l));
      const definition = () => c.request<LocationLink[] | null>('textDocument/definition', { textDocument: { uri }, position: positionAt(text, text.indexOf('github')) });
      assert.deepEqual(await servers(), []);
      // The watchers the server asked for (before it answered): an mcp/ folder, a server's folder, its
      // manifest; and Mars's files in any letter case (what Mars makes of a `Mars.toml` changes with them).
      const watched = c.registrations.filter((r) => r.method === 'workspace/didChangeWatchedFiles')
        .flatMap((r) => (r.registerOptions as { watchers: Array<{ globPattern: string }> }).watchers.map((w) => w.globPattern));
      assert.deepEqual(watched.sort(), ['**/mcp', '**/mcp/*', '**/mcp/*/mcp.toml', FILE_GLOB]);
      const manifest = path.join(dir, 'mcp/gh/mcp.toml');
      const told = (type: number, file: string) => c.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(file).href, type }] });
      fs.mkdirSync(path.dirname(manifest), { recursive: true });
      fs.writeFileSync(manifest, 'name = "github"\n');
      await told(1, manifest);
      assert.deepEqual(await servers(), ['mcp(github)'], 'added: offered in the next request');
      assert.deepEqual((await definition())?.map((l) => l.targetUri), [pathToFileURL(manifest).href]);
      fs.writeFileSync(manifest, 'name = "gitlab"\n');
      await told(2, manifest);
      assert.deepEqual(await servers(), ['mcp(gitlab)'], 'renamed');
      assert.equal(await definition(), null);
      fs.rmSync(path.join(dir, 'mcp'), { recursive: true });
      await told(3, path.join(dir, 'mcp')); // a folder deleted: the one event
      assert.deepEqual(await servers(), [], 'deleted');
    } finally {
      await c.stop();
    }
  });

  test('keys and map-form values in a tools table', async () => {
    const keys = await complete('[agents.a.tools]\nallowed = ["read"]\n|\n');
    const labels = keys.items.map((i) => i.label);
    assert.ok(labels.includes('disallowed'));
    assert.ok(!labels.includes('allowed'));
    const values = await complete('[agents.a.tools]\nbash = |\n');
    assert.deepEqual(values.items.map((i) => i.label).sort(), ['"allow"', '"deny"']);
  });

  test('accepting a list\'s key reopens the list inside its brackets, only for a client that names its suggest command', async () => {
    // Each place an item leaves the cursor where a tool name goes: a key written with its list, the tools table inline,
    // a list as a dotted key of the agent's table.
    const places = ['[agents.a.tools]\nallowed = ["read"]\n|\n', '[agents.a.tools]\n|\n', '[agents.a]\ntools = |\n', '[agents.a]\n|\n'];
    const reopening = (got: CompletionItem[]) => got.filter((i) => i.command !== undefined).map((i) => `${i.label} ${i.command!.command}`);
    const vscode = await LspClient.start({ initializationOptions: { [SUGGEST_COMMAND_OPTION]: 'editor.action.triggerSuggest' } });
    try {
      const got: string[] = [];
      for (const [i, src] of places.entries()) {
        const at = src.indexOf('|');
        const text = src.slice(0, at) + src.slice(at + 1);
        const uri = `file:///suggest/${i}/mars.toml`;
        await vscode.open(uri, text);
        got.push(...reopening((await vscode.completion(uri, positionAt(text, at)))!));
      }
      assert.deepEqual(got, [
        'disallowed editor.action.triggerSuggest',
        'allowed editor.action.triggerSuggest', 'disallowed editor.action.triggerSuggest',
        '{ allowed = [] } editor.action.triggerSuggest', '{ disallowed = [] } editor.action.triggerSuggest',
        'tools.allowed editor.action.triggerSuggest', 'tools.disallowed editor.action.triggerSuggest',
      ]);
      // Not an item that leaves the cursor elsewhere: a tool name, a map-form value, a key renamed.
      for (const src of ['[agents.a.tools]\nallowed = ["|"]\n', '[agents.a.tools]\nallowed = [|]\n', '[agents.a.tools]\nbash = |\n', '[agents.a.tools]\nallo|wed = []\n']) {
        const at = src.indexOf('|');
        const text = src.slice(0, at) + src.slice(at + 1);
        const uri = `file:///suggest/${++n}/mars.toml`;
        await vscode.open(uri, text);
        const items = (await vscode.completion(uri, positionAt(text, at)))!;
        assert.ok(items.length > 0, src);
        assert.deepEqual(reopening(items), [], src);
      }
    } finally {
      await vscode.stop();
    }
    // Another editor, which names no such command: none on any item.
    for (const src of places) assert.deepEqual(reopening((await complete(src)).items), [], src);
    // One without snippets, whose `allowed = []` leaves the cursor after the brackets: none either.
    const plain = await LspClient.start({ initializationOptions: { [SUGGEST_COMMAND_OPTION]: 'editor.action.triggerSuggest' }, capabilities: {} });
    try {
      const uri = 'file:///suggest/plain/mars.toml';
      await plain.open(uri, '[agents.a.tools]\n\n');
      const items = (await plain.completion(uri, { line: 1, character: 0 }))!;
      assert.equal((items.find((i) => i.label === 'allowed')!.textEdit as TextEdit).newText, 'allowed = []');
      assert.deepEqual(reopening(items), []);
      const agent = 'file:///suggest/plain-agent/mars.toml';
      await plain.open(agent, '[agents.a]\n\n');
      const agentItems = (await plain.completion(agent, { line: 1, character: 0 }))!;
      assert.equal((agentItems.find((i) => i.label === 'tools.allowed')!.textEdit as TextEdit).newText, 'tools.allowed = []');
    } finally {
      await plain.stop();
    }
  });

  test('no tool names in strings that are not tool entries', async () => {
    for (const src of ['[agents.a]\ndescription = "sh|"\n', '[dependencies.x]\nagents = ["|"]\n', '# allowed = ["|"]\n[agents.a.tools]\n']) {
      const { items: got } = await complete(src);
      assert.deepEqual(got.map((i) => i.label), [], src);
    }
  });
});

describe('hover', () => {
  before(async () => (client = await LspClient.start()));
  after(() => client.stop());

  const hover = async (src: string) => {
    const { result } = await ask<Hover | null>('textDocument/hover', src);
    return result ? (result.contents as MarkupContent).value : null;
  };

  const CASES: Array<[string, string, RegExp[]]> = [
    ['alias with a legacy pattern', '["she|ll(git log:*)"]', [/bash/, /git log \*/, /Run shell commands/, /alias/i]],
    ['mcp reference', '["mcp(github/get_|issue)"]', [/github/, /get_issue/]],
    ['wire token', '["mcp__gh__|x"]', [/mcp\(gh\/x\)/]],
    ['unknown with a suggestion', '["ask-u|ser"]', [/ask_user/, /as written|passes/i]],
    ['invalid entry', '["bash(|)"]', [/Invalid tool name/, /parentheses are empty/]],
    ['the any-capability', '["|*"]', [/Every tool not otherwise named/]],
    ['task is the task list', '["Todo|Write"]', [/task list/i, /not sub-agents/i]],
  ];
  for (const [name, entry, expect] of CASES) {
    test(name, async () => {
      const md = await hover(`[agents.a.tools]\nallowed = ${entry}\n`);
      assert.ok(md, 'no hover');
      for (const re of expect) assert.match(md, re);
    });
  }

  // `[[agents.a]]` and the tools table below it are sections of their own: the refusal is the other's.
  test('an entry below an agent written as an array of tables, in a section of its own: not in force', async () => {
    const md = await hover('[[agents.a]]\nmodel = "m"\n\n[agents.a.tools]\nallowed = ["re|ad"]\n');
    assert.match(md ?? '', /Mars refuses to load the config, so its rule is not in force\.\n\nAgent `a` must be a table/);
  });

  test('nothing outside tool entries', async () => {
    assert.equal(await hover('[agents.a]\ndescription = "ba|sh"\n'), null);
    assert.equal(await hover('[agents.|a.tools]\nallowed = ["bash"]\n'), null);
  });
});

describe('go to definition', () => {
  // A workspace declaring two servers: one named in its manifest, one by its folder.
  const dir = tempDir('mars-def-');
  fs.mkdirSync(path.join(dir, 'mcp/gh'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'mcp/gh/mcp.toml'), '# the GitHub server\nname = "github"\ncommand = "gh-mcp"\n');
  fs.mkdirSync(path.join(dir, 'mcp/linear'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'mcp/linear/mcp.toml'), 'command = "linear-mcp"\n');
  // A folder linked in from elsewhere is a server too.
  const shared = tempDir('mars-def-shared-');
  fs.writeFileSync(path.join(shared, 'mcp.toml'), 'name = "sentry"\n');
  fs.symlinkSync(shared, path.join(dir, 'mcp/sentry'));
  // A name in a multi-line string, its value on the line after the quotes.
  fs.mkdirSync(path.join(dir, 'mcp/long'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'mcp/long/mcp.toml'), 'name = """\r\nlinear-long"""\n');
  const manifest = (folder: string) => pathToFileURL(path.join(dir, 'mcp', folder, 'mcp.toml')).href;
  const uri = pathToFileURL(path.join(dir, 'mars.toml')).href;
  const at = (c: LspClient, src: string) => {
    const cursor = src.indexOf('|');
    const text = src.slice(0, cursor) + src.slice(cursor + 1);
    return c.open(uri, text).then(() => c.request<Location[] | LocationLink[] | null>('textDocument/definition', { textDocument: { uri }, position: positionAt(text, cursor) }));
  };
  const range = (l1: number, c1: number, l2: number, c2: number) => ({ start: { line: l1, character: c1 }, end: { line: l2, character: c2 } });

  before(async () => (client = await LspClient.start()));
  after(() => client.stop());

  test('on mcp(server) or mcp(server/tool): the manifest, at its name, the whole entry the link', async () => {
    assert.deepEqual(await at(client, '[agents.a.tools]\nallowed = ["read", "mcp(git|hub/get_issue)"]\n'), [
      { originSelectionRange: range(1, 20, 1, 41), targetUri: manifest('gh'), targetRange: range(1, 8, 1, 14), targetSelectionRange: range(1, 8, 1, 14) },
    ]);
    // A manifest with no name names its folder; the link goes to the file's start.
    const linear = await at(client, '[agents.a.tools]\ndisallowed = [" mcp(linear)| "]\n') as LocationLink[];
    assert.deepEqual(linear.map((l) => [l.targetUri, l.targetRange]), [[manifest('linear'), range(0, 0, 0, 0)]]);
    // A map-form key names the server as an entry does; a linked folder's manifest is found.
    const key = await at(client, '[agents.a.tools]\n"mcp(sen|try)" = "allow"\n') as LocationLink[];
    assert.deepEqual(key.map((l) => [l.originSelectionRange, l.targetUri, l.targetRange]), [[range(1, 1, 1, 12), manifest('sentry'), range(0, 8, 0, 14)]]);
  });

  // TOML trims the line break after a multi-line string's opening quotes: the link starts where the
  // value does, as the entry's diagnostic and hover do, and so does the name it goes to.
  test('an entry or a name in a multi-line string: from and to where its value starts', async () => {
    const links = await at(client, '[agents.a.tools]\nallowed = ["""\nmcp(linear-lo|ng)"""]\n') as LocationLink[];
    assert.deepEqual(links.map((l) => [l.originSelectionRange, l.targetUri, l.targetRange]), [[range(2, 0, 2, 16), manifest('long'), range(1, 0, 1, 11)]]);
  });

  test('nothing on a server not declared, every server, another capability or outside an entry', async () => {
    for (const src of ['allowed = ["mcp(git|lab)"]', 'allowed = ["mcp(|*)"]', 'allowed = ["mcp__git|lab__x"]', 'allowed = ["mcp_|_*"]', '"mcp__|*" = "deny"', 'allowed = ["re|ad"]', 'allowed = ["bash(mcp(github|))"]', 'allowed| = ["mcp(github)"]', '# "mcp(git|hub)"']) {
      assert.equal(await at(client, `[agents.a.tools]\n${src}\n`), null, src);
    }
  });

  // Where hover describes a string as the entry its fix makes of it (a list written as a string,
  // `tools` written as a list, the removed `tools.mcp`, a list outside the tools table or under a misspelt key), the server it names is linked as an entry's.
  // So is the server of Claude's wire spelling (`mcp__github__get_issue`), an entry or a map-form key, which its fix
  // writes `mcp(github/get_issue)`, and of a map-form key `"mcp(github)"`, in a tools table or one Mars reads no rule from
  // (`[agents.a.permission]`, the root `[permission]`).
  test('on a string Mars reads as no entry yet, or a wire token, which hover describes as mcp(server): the manifest, as on the entry', async () => {
    const cases: Array<[string, number, number]> = [
      ['[agents.a.tools]\nallowed = ["mcp__git|hub__get_issue"]\n', 12, 34],
      ['[agents.a.tools]\nmcp__git|hub__get_issue = "allow"\n', 0, 22],
      ['[agents.a.tools]\n"MCP__git|hub" = "deny"\n', 1, 12],
      ['[agents.a.tools]\nallowed = "mcp__git|hub__x"\n', 11, 25],
      ['[agents.a.tools]\n"mcp(git|hub)" = "allow"\n', 1, 12],
      ['[agents.a.tools]\nallowed = "mcp(git|hub/get_issue)"\n', 11, 32],
      ['[agents.a.tools]\ndisallowed = "read, mcp(git|hub)"\n', 20, 31],
      ['[agents.a]\ntools = ["mcp(git|hub)"]\n', 10, 21],
      ['[agents.a.tools]\nmcp = ["read", "git|hub"]\n', 16, 22],
      ['[agents.a.tools]\nmcp = "git|hub"\n', 7, 13],
      ['[agents.a]\nallowed = ["mcp(git|hub)"]\n', 12, 23],
      ['[agents.a.tools]\nAllowed = ["mcp(git|hub)"]\n', 12, 23],
      ['[agents.a.permission]\n"mcp__git|hub__get_issue" = "allow"\n', 1, 23],
      ['[agents.a.tool]\n"mcp(git|hub)" = "deny"\n', 1, 12],
      ['[permission]\n"mcp__git|hub__get_issue" = "allow"\n', 1, 23],
    ];
    for (const [src, start, end] of cases) {
      const links = await at(client, src) as LocationLink[] | null;
      assert.deepEqual(links?.map((l) => [l.originSelectionRange, l.targetUri, l.targetRange]), [[range(1, start, 1, end), manifest('gh'), range(1, 8, 1, 14)]], src);
      const cursor = src.indexOf('|');
      const text = src.slice(0, cursor) + src.slice(cursor + 1);
      const shown = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: positionAt(text, cursor) });
      assert.deepEqual(shown?.range, range(1, start, 1, end), `hover's range, ${src}`);
    }
  });

  // A string not closed is not written yet: hover does not describe it (`"mcp(github]` would be read
  // with its bracket), and definition does not link it; completion, for what is being typed, answers.
  test('nothing in a string not closed, as hover says nothing there; completion answers', async () => {
    const cases = ['allowed = ["mcp(git|hub', 'allowed = ["mcp(git|hub\n', 'allowed = ["mcp(git|hub)\n', 'allowed = ["mcp(github)|\n', 'allowed = ["mcp(git|hub/x)]\n',
      'allowed = ["read", "mcp(git|hub)\n', 'allowed = "mcp(git|hub)\n', 'allowed = ["""mcp(git|hub)'];
    for (const tail of cases) {
      const src = `[agents.a.tools]\n${tail}`;
      const cursor = src.indexOf('|');
      const text = src.slice(0, cursor) + src.slice(cursor + 1);
      const position = positionAt(text, cursor);
      assert.equal(await at(client, src), null, src);
      assert.equal(await client.request('textDocument/hover', { textDocument: { uri }, position }), null, `hover, ${src}`);
      assert.notEqual(await client.request('textDocument/completion', { textDocument: { uri }, position }), null, `completion, ${src}`);
    }
  });

  test('a workspace folder named with a trailing slash is the document\'s folder: each manifest once', async () => {
    const c = await LspClient.start({ workspaceFolders: [`${pathToFileURL(dir).href}/`] });
    try {
      const links = await at(c, '[agents.a.tools]\nallowed = ["mcp(github|)"]\n') as LocationLink[];
      assert.deepEqual(links.map((l) => l.targetUri), [manifest('gh')]);
    } finally {
      await c.stop();
    }
  });

  test('a client without link support gets locations', async () => {
    const c = await LspClient.start({ capabilities: { textDocument: {} } });
    try {
      assert.deepEqual(await at(c, '[agents.a.tools]\nallowed = ["mcp(github|)"]\n'), [{ uri: manifest('gh'), range: range(1, 8, 1, 14) }]);
    } finally {
      await c.stop();
    }
  });

  test('a document opened through a link to its folder: each manifest once', async () => {
    const link = path.join(tempDir('mars-def-link-'), 'ws');
    fs.symlinkSync(dir, link);
    const c = await LspClient.start({ workspaceFolders: [pathToFileURL(dir).href] });
    try {
      const linked = pathToFileURL(path.join(link, 'mars.toml')).href;
      const text = '[agents.a.tools]\nallowed = ["mcp(github)"]\n';
      await c.open(linked, text);
      const links = await c.request<LocationLink[]>('textDocument/definition', { textDocument: { uri: linked }, position: positionAt(text, text.indexOf('github')) });
      assert.deepEqual(links.map((l) => l.targetUri), [manifest('gh')]);
    } finally {
      await c.stop();
    }
  });
});

describe('MCP manifests an editor would show otherwise, or could not read', () => {
  const dir = tempDir('mars-odd-mcp-');
  const write = (folder: string, text: string) => {
    fs.mkdirSync(path.join(dir, 'mcp', folder), { recursive: true });
    fs.writeFileSync(path.join(dir, 'mcp', folder, 'mcp.toml'), text);
  };
  write('bom', '\uFEFFname = "bomname"\n');
  write(' spaced ', 'command = "x"\n');
  write('blank', 'name = " "\n'); // a name Mars trims to nothing: the folder's
  // Manifests of 1 MiB at most are read: one of exactly that size is, one a byte longer is passed over (not a server).
  const sized = (name: string, bytes: number) => `name = "${name}"\n#${'x'.repeat(bytes - name.length - 12)}\n`;
  write('edge', sized('edge', 2 ** 20));
  write('over', sized('over', 2 ** 20 + 1));
  // A FIFO where a manifest would be: reading it would block the server until something writes to it.
  fs.mkdirSync(path.join(dir, 'mcp/fifo'), { recursive: true });
  const fifo = spawnSync('mkfifo', [path.join(dir, 'mcp/fifo/mcp.toml')]).status === 0;
  const uri = pathToFileURL(path.join(dir, 'mars.toml')).href;
  const src = '[agents.a.tools]\nallowed = ["mcp(bomname)", "mcp(spaced)", "mcp("]\n';

  before(async () => (client = await LspClient.start()));
  after(() => client.stop());

  test('a byte order mark is no column of the name\'s range; a folder\'s name is trimmed as a manifest\'s, and stands for a blank one; a FIFO, or a file over 1 MiB, is passed over', async () => {
    await client.open(uri, src);
    const definition = (word: string) => client.request<LocationLink[] | null>('textDocument/definition', { textDocument: { uri }, position: positionAt(src, src.indexOf(word)) });
    assert.deepEqual((await definition('bomname'))!.map((l) => l.targetRange), [{ start: { line: 0, character: 8 }, end: { line: 0, character: 15 } }]);
    assert.deepEqual((await definition('spaced'))!.map((l) => l.targetUri), [pathToFileURL(path.join(dir, 'mcp/ spaced /mcp.toml')).href]);
    const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: positionAt(src, src.lastIndexOf('mcp(') + 4) });
    const labels = list.items.map((i) => i.label);
    // (The list grants both servers whole already: each is offered with a tool only.)
    assert.ok(labels.includes('mcp(bomname/tool)') && labels.includes('mcp(spaced/tool)'), labels.join(' '));
    assert.ok(labels.includes('mcp(blank)') && !labels.includes('mcp()'), labels.join(' '));
    assert.ok(labels.includes('mcp(edge)') && !labels.some((l) => l.startsWith('mcp(over')), labels.join(' '));
    assert.ok(fifo, 'mkfifo made the FIFO');
    assert.ok(!labels.some((l) => l.startsWith('mcp(fifo')), 'a FIFO is no manifest');
  });
});

describe('positions the document does not have', () => {
  // LSP 3.17: a character past its line's end "defaults back to the line length". A line the
  // document does not have, or a number below 0, names no place in it: answered empty, as a request
  // without its position is, whatever the request (a range's end may be the start of the line after
  // the last: LSP's end of a range that takes in its last line's end).
  const dir = tempDir('mars-positions-');
  fs.mkdirSync(path.join(dir, 'mcp/gh'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'mcp/gh/mcp.toml'), 'name = "github"\n');
  const uri = pathToFileURL(path.join(dir, 'mars.toml')).href;
  // The last line without a line break and ending in an entry (a line past it would be read as its
  // end); line 1 ends in one too, of a multi-line string (go to definition takes no unclosed string).
  const text = '[agents.a.tools]\nallowed = ["Shell", """mcp(github)\n"""]\ndisallowed = ["mcp(github)';
  const lines = text.split('\n');
  let diagnostics: Diagnostic[] = [];
  const range = (start: Position, end = start) => ({ start, end });
  const asks: Record<string, { ask: (p: Position) => Promise<unknown>; empty: unknown }> = {
    hover: { ask: (position) => client.request('textDocument/hover', { textDocument: { uri }, position }), empty: null },
    completion: { ask: (position) => client.request('textDocument/completion', { textDocument: { uri }, position }), empty: null },
    definition: { ask: (position) => client.request('textDocument/definition', { textDocument: { uri }, position }), empty: null },
    codeAction: { ask: (position) => client.request('textDocument/codeAction', { textDocument: { uri }, range: range(position), context: { diagnostics } }), empty: [] },
  };
  const OFF: Position[] = [{ line: 4, character: 0 }, { line: 9, character: 4 }, { line: -1, character: 0 }, { line: 1, character: -1 }, { line: 3, character: -30 }];
  const PAST: Array<[Position, Position]> = [
    [{ line: 3, character: lines[3]!.length + 1 }, { line: 3, character: lines[3]!.length }],
    [{ line: 3, character: 1e6 }, { line: 3, character: lines[3]!.length }],
    [{ line: 1, character: 99 }, { line: 1, character: lines[1]!.length }],
  ];

  before(async () => {
    client = await LspClient.start();
    await client.open(uri, text);
    diagnostics = await client.pushed(uri, 1);
  });
  after(() => client.stop());

  for (const [name, { ask, empty }] of Object.entries(asks)) {
    test(`${name}: empty off the document, at the line's end past it`, async () => {
      for (const p of OFF) assert.deepEqual(await ask(p), empty, JSON.stringify(p));
      for (const [past, end] of PAST) assert.deepEqual(await ask(past), await ask(end), JSON.stringify(past));
      // A line's end is a place with an answer: the clamp is seen.
      const answers = await Promise.all(PAST.map(([, end]) => ask(end)));
      assert.ok(answers.some((a) => !util.isDeepStrictEqual(a, empty)), 'no answer at a line\'s end');
    });
  }

  test('codeAction: a range with an end off the document is empty, but for the start of the line after the last', async () => {
    const actions = (r: unknown) => client.request('textDocument/codeAction', { textDocument: { uri }, range: r, context: { diagnostics } });
    const whole = await actions(range({ line: 0, character: 0 }, { line: 3, character: lines[3]!.length }));
    assert.notDeepEqual(whole, []);
    assert.deepEqual(await actions(range({ line: 0, character: 0 }, { line: 4, character: 0 })), whole);
    for (const end of [{ line: 4, character: 1 }, { line: 5, character: 0 }, { line: 1, character: -1 }]) {
      assert.deepEqual(await actions(range({ line: 0, character: 0 }, end)), [], JSON.stringify(end));
    }
    assert.deepEqual(await actions(range({ line: 4, character: 0 })), []);
  });
});
