// What the server sends depends on what the client said it takes (initialize), and it keeps to the
// protocol's lifecycle. Against dist/server.js over stdio, with clients other than VS Code.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeAction, CompletionItem, Diagnostic } from 'vscode-languageserver';
import { CancellationTokenSource } from 'vscode-languageserver/node';
import { LspClient } from '../support/lspClient';

const TEXT = '[agents.a.tools]\nallowed = ["Shell", "read"]\n';

async function withClient(options: Parameters<typeof LspClient.start>[0], body: (c: LspClient) => Promise<void>): Promise<void> {
  const c = await LspClient.start(options);
  try {
    await body(c);
  } finally {
    await c.stop();
  }
}

describe('a client that offers nothing', () => {
  test('gets plain-text completions and hover, `changes` edits, no registration, and its settings from didChangeConfiguration', async () => {
    await withClient({ capabilities: {} }, async (c) => {
      const uri = 'file:///bare/mars.toml';
      await c.open(uri, TEXT);
      const diagnostics = await c.pushed(uri, 1);
      assert.deepEqual(diagnostics.map((d) => d.code), ['non-canonical']);

      const items = await c.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position: { line: 1, character: 21 } });
      assert.ok(items.some((i) => i.label === 'bash(command *)'), 'scoped items are still offered');
      for (const i of items) {
        assert.notEqual(i.insertTextFormat, 2, `${i.label} is a snippet`);
        assert.doesNotMatch((i.textEdit as { newText: string }).newText, /\$\{|\$\d/, i.label);
      }
      assert.equal((items.find((i) => i.label === 'bash(command *)')!.textEdit as { newText: string }).newText, 'bash(command *)');
      for (const i of items) assert.ok(i.documentation === undefined || typeof i.documentation === 'string', `${i.label}: Markdown documentation`);
      const h = await c.request<{ contents: { kind: string; value: string } }>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 13 } });
      assert.equal(h.contents.kind, 'plaintext');
      assert.match(h.contents.value, /bash/);

      const actions = await c.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: diagnostics[0]!.range, context: { diagnostics } });
      const fix = actions.find((a) => a.title === 'Change to `bash`')!;
      assert.equal(fix.edit?.documentChanges, undefined);
      assert.deepEqual(fix.edit?.changes?.[uri]?.map((e) => e.newText), ['bash']);

      // No workspace/configuration: the settings are what didChangeConfiguration carries, and none means the defaults.
      await c.conn.sendNotification('workspace/didChangeConfiguration', { settings: { mars: { diagnostics: { 'non-canonical': 'off' } } } });
      await c.change(uri, 2, [{ text: TEXT }]);
      assert.deepEqual(await c.pushed(uri, 2), []);
      await c.conn.sendNotification('workspace/didChangeConfiguration', { settings: {} });
      await c.change(uri, 3, [{ text: TEXT }]);
      assert.deepEqual((await c.pushed(uri, 3)).map((d) => d.code), ['non-canonical']);
      assert.deepEqual(c.serverRequests, []);
    });
  });

  test('pulling without refresh support: a settings change sends no refresh, and the server goes on', async () => {
    await withClient({ capabilities: { workspace: { configuration: true }, textDocument: { diagnostic: {} } } }, async (c) => {
      const uri = 'file:///bare-pull/mars.toml';
      await c.open(uri, TEXT);
      assert.equal((await c.pulled(uri)).length, 1);
      await c.conn.sendNotification('workspace/didChangeConfiguration', { settings: null });
      assert.equal((await c.pulled(uri)).length, 1);
      assert.ok(!c.serverRequests.includes('workspace/diagnostic/refresh'), c.serverRequests.join());
    });
  });

  test('a refresh the client refuses is logged, not fatal', async () => {
    await withClient({ pull: true, refuse: ['workspace/diagnostic/refresh'] }, async (c) => {
      const uri = 'file:///refused/mars.toml';
      await c.open(uri, TEXT);
      await c.conn.sendNotification('workspace/didChangeConfiguration', { settings: null });
      await new Promise((r) => setTimeout(r, 300));
      assert.ok(c.serverRequests.includes('workspace/diagnostic/refresh'));
      assert.equal((await c.pulled(uri)).length, 1);
      assert.equal(c.exitCode, null);
    });
  });
});

test('only mars.toml and mars.local.toml are served, whatever the client attaches the server to', async () => {
  await withClient({}, async (c) => {
    const others = ['file:///p/Cargo.toml', 'file:///p/mars.toml.bak', 'file:///p/MARS.TOML', 'untitled:Untitled-1'];
    for (const uri of others) await c.open(uri, '[agents.a.tools]\nallowed = ["Shell"\n[a]\n[a]\n');
    const mars = 'file:///p/sub%20dir/mars.local.toml';
    await c.open(mars, TEXT);
    assert.equal((await c.pushed(mars, 1)).length, 1);
    for (const uri of others) {
      assert.deepEqual(c.allPushed(uri), [], uri);
      assert.equal(await c.request('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 13 } }), null);
      assert.equal(await c.request('textDocument/completion', { textDocument: { uri }, position: { line: 1, character: 13 } }), null);
    }
    const untitledMars = 'untitled:/scratch/mars.toml';
    await c.open(untitledMars, TEXT);
    assert.equal((await c.pushed(untitledMars, 1)).length, 1);
    // A file URI this OS cannot open as a path (another host, an encoded /) still gets completion, without MCP folders.
    for (const uri of ['file://remotehost/share/mars.toml', 'file:///tmp/a%2Fb/mars.toml']) {
      await c.open(uri, TEXT);
      const items = await c.request<CompletionItem[] | null>('textDocument/completion', { textDocument: { uri }, position: { line: 1, character: 21 } });
      assert.ok(items && items.some((i) => i.label === 'read'), uri);
    }
  });
});

test('a pull cancelled while the settings are read is answered "cancelled", not with an empty report', async () => {
  await withClient({ pull: true, settingsDelayMs: 300 }, async (c) => {
    const uri = 'file:///cancel-pull/mars.toml';
    await c.open(uri, TEXT);
    await new Promise((r) => setTimeout(r, 400)); // the open's own settings read
    const source = new CancellationTokenSource();
    c.conn.sendNotification('workspace/didChangeConfiguration', { settings: null }); // forget cached settings
    const pending = c.conn.sendRequest<{ items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri } }, source.token);
    setTimeout(() => source.cancel(), 50);
    await assert.rejects(pending, (e: { code?: number }) => e.code === -32800);
    assert.equal((await c.pulled(uri)).length, 1);
  });
});

test('lifecycle: initialize once; after shutdown requests are refused and nothing more is pushed', async () => {
  await withClient({}, async (c) => {
    await assert.rejects(c.request('initialize', { processId: null, rootUri: null, capabilities: {} }), (e: { code?: number }) => e.code === -32600);
    const uri = 'file:///life/mars.toml';
    await c.open(uri, TEXT);
    await c.pushed(uri, 1);
    await c.request('shutdown', null);
    await c.change(uri, 2, [{ text: TEXT }]);
    await assert.rejects(c.request('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 13 } }), (e: { code?: number }) => e.code === -32600);
    await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(c.allPushed(uri).map((p) => p.version), [1]);
  });
});
