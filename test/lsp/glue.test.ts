// The protocol glue over the analysis (server/src/lsp): what is asked of the client and when, what
// is pushed and to whom, and what a request answers around edits, closes and shutdown. Each test
// pins a behaviour a careless edit of that layer changed without any other test failing.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ResponseError } from 'vscode-languageserver/node';
import { LspClient, withClient } from '../support/lspClient';
import { tempDir } from '../support/tempDir';

const TEXT = '[agents.a.tools]\nallowed = ["Shell", "read"]\n';

const asked = (c: LspClient) => c.serverRequests.filter((m) => m === 'workspace/configuration').length;

describe('settings through workspace/configuration', () => {
  test('are asked once per open document and kept while it is edited; a closed one\'s are not kept: reopened, it asks again', async () => {
    await withClient({}, async (c) => {
      const uri = 'file:///kept/mars.toml';
      await c.open(uri, TEXT);
      await c.pushed(uri, 1);
      assert.equal(asked(c), 1);
      for (let v = 2; v <= 4; v++) {
        await c.change(uri, v, [{ text: TEXT }]);
        await c.pushed(uri, v);
      }
      assert.equal(asked(c), 1, 'no round trip to the client per edit');
      await c.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
      await c.open(uri, TEXT, 1);
      // The close's empty push, then the reopened document's.
      for (let i = 0; i < 100 && c.allPushed(uri).length < 6; i++) await new Promise((r) => setTimeout(r, 20));
      assert.deepEqual(c.allPushed(uri).map((p) => [p.version, p.diagnostics.length]), [[1, 1], [2, 1], [3, 1], [4, 1], [undefined, 0], [1, 1]]);
      assert.equal(asked(c), 2);
    });
  });

  test('a client that declares workspace/configuration but refuses it gets the settings its didChangeConfiguration carried', async () => {
    await withClient({}, async (c) => {
      c.conn.onRequest('workspace/configuration', () => {
        c.serverRequests.push('workspace/configuration');
        return new ResponseError(-32601, 'Unhandled method workspace/configuration');
      });
      const uri = 'file:///refused-settings/mars.toml';
      await c.open(uri, TEXT);
      assert.deepEqual((await c.pushed(uri, 1)).map((d) => `${d.code}:${d.severity}`), ['non-canonical:3']);
      await c.conn.sendNotification('workspace/didChangeConfiguration', { settings: { mars: { diagnostics: { 'non-canonical': 'error' } } } });
      await c.change(uri, 2, [{ text: TEXT }]);
      assert.deepEqual((await c.pushed(uri, 2)).map((d) => `${d.code}:${d.severity}`), ['non-canonical:1']);
      assert.equal(asked(c), 2);
    });
  });

  test('a client that declares workspace/configuration is not told of what its didChangeConfiguration carries: only what it answers is read', async () => {
    await withClient({ settings: { diagnostics: { 'non-canonical': 'warning' } } }, async (c) => {
      const shown: string[] = [];
      c.conn.onNotification('window/showMessage', (m: { message: string }) => void shown.push(m.message));
      await c.conn.sendNotification('workspace/didChangeConfiguration', { settings: { mars: { diagnostics: { 'non-canonical': 'loud' }, maxProblems: -1 } } });
      const uri = 'file:///payload-unread/mars.toml';
      await c.open(uri, TEXT);
      assert.deepEqual((await c.pushed(uri, 1)).map((d) => `${d.code}:${d.severity}`), ['non-canonical:2']);
      await c.request('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 13 } });
      assert.deepEqual(shown, []);
    });
  });
});

describe('pushed diagnostics', () => {
  // The first answer of workspace/configuration comes late; the others at once.
  const lateFirstSettings = (c: LspClient, ms: number) => {
    let n = 0;
    c.conn.onRequest('workspace/configuration', async (p: { items: unknown[] }) => {
      if (n++ === 0) await new Promise((r) => setTimeout(r, ms));
      return p.items.map(() => ({}));
    });
  };

  test('a push whose settings come after the document changed is not sent: only the newer version is pushed', async () => {
    await withClient({}, async (c) => {
      lateFirstSettings(c, 300);
      const uri = 'file:///overtaken/mars.toml';
      await c.open(uri, TEXT);
      await new Promise((r) => setTimeout(r, 50)); // version 1 analysed, its push waiting for the settings
      await c.change(uri, 2, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '# a comment\n' }]);
      assert.deepEqual((await c.pushed(uri, 2)).map((d) => d.range.start.line), [2]);
      await new Promise((r) => setTimeout(r, 100));
      assert.deepEqual(c.allPushed(uri).map((p) => p.version), [2]);
    });
  });

  test('a push whose settings come after the document was closed and opened again is not sent: the new text\'s diagnostics stay', async () => {
    await withClient({}, async (c) => {
      lateFirstSettings(c, 300);
      const uri = 'file:///reopened-late/mars.toml';
      await c.open(uri, '[agents.a.tools]\nallowed = ["Shell", "grpe"]\n');
      await new Promise((r) => setTimeout(r, 50)); // its push waiting for the settings
      await c.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
      await c.open(uri, '[agents.a.tools]\nallowed = ["bash"]\n');
      assert.deepEqual(await c.pushed(uri, 1), []);
      await new Promise((r) => setTimeout(r, 400)); // past the first settings' answer
      assert.deepEqual(c.allPushed(uri).map((p) => [p.version, p.diagnostics.length]), [[undefined, 0], [1, 0]]);
    });
  });
});

test('a pulling client is pushed nothing, not even on a close; nor is a pushed client of a file the server does not serve', async () => {
  for (const pull of [true, false]) {
    await withClient({ pull }, async (c) => {
      const uri = 'file:///closed-pull/mars.toml';
      const other = 'file:///closed-pull/Cargo.toml';
      await c.open(uri, TEXT);
      await c.open(other, TEXT);
      if (pull) assert.equal((await c.pulled(uri)).length, 1);
      else assert.equal((await c.pushed(uri, 1)).length, 1);
      for (const u of [uri, other]) await c.conn.sendNotification('textDocument/didClose', { textDocument: { uri: u } });
      // Requests are answered in turn, after the closes: what they pushed is here by then.
      await c.open(uri, TEXT, 2);
      if (pull) assert.equal((await c.pulled(uri)).length, 1);
      else assert.equal((await c.pushed(uri, 2)).length, 1);
      assert.deepEqual(c.allPushed(uri).map((p) => [p.version, p.diagnostics.length]), pull ? [] : [[1, 1], [undefined, 0], [2, 1]]);
      assert.deepEqual(c.allPushed(other), []);
    });
  }
});

test('a didChange without a version is the next version: its push is labelled so, and its fixes are of that version', async () => {
  await withClient({}, async (c) => {
    const uri = 'file:///unversioned/mars.toml';
    await c.open(uri, TEXT, 7);
    await c.pushed(uri, 7);
    await c.conn.sendNotification('textDocument/didChange', { textDocument: { uri }, contentChanges: [{ range: { start: { line: 1, character: 12 }, end: { line: 1, character: 17 } }, text: 'Grep' }] });
    const ds = await c.pushed(uri, 8);
    assert.deepEqual(ds.map((d) => String(d.message).match(/`\w+`/)?.[0]), ['`Grep`']);
    const actions = await c.request<Array<{ title: string; edit?: { documentChanges?: Array<{ textDocument: { version: number } }> } }>>('textDocument/codeAction', { textDocument: { uri }, range: ds[0]!.range, context: { diagnostics: ds } });
    const fix = actions.find((a) => a.title === 'Change to `grep`');
    assert.equal(fix?.edit?.documentChanges?.[0]?.textDocument.version, 8);
  });
});

test('a pulling client is asked for a document\'s settings when it opens it, so a pull then does not wait for the round trip', async () => {
  await withClient({ pull: true, settingsDelayMs: 200 }, async (c) => {
    const uri = 'file:///prefetched/mars.toml';
    await c.open(uri, TEXT);
    for (let i = 0; i < 100 && asked(c) === 0; i++) await new Promise((r) => setTimeout(r, 20));
    assert.equal(asked(c), 1, 'asked on open, before any pull');
    assert.equal((await c.pulled(uri)).length, 1);
    assert.equal(asked(c), 1);
  });
});

test('a pull whose document is edited during its long first analysis is answered for the edited text, not the one it began on', async () => {
  await withClient({ pull: true }, async (c) => {
    const uri = 'file:///edited-during-pull/mars.toml';
    await c.open(uri, Array.from({ length: 20_000 }, (_, i) => `[agents.a${i}.tools]\nallowed = ["read"]\n`).join(''));
    await new Promise((r) => setTimeout(r, 300)); // its settings read: the pull waits for the analysis alone
    const pulled = c.pulled(uri);
    await new Promise((r) => setTimeout(r, 30));
    await c.change(uri, 2, [{ range: { start: { line: 1, character: 12 }, end: { line: 1, character: 16 } }, text: 'Shell' }]);
    const items = await pulled;
    assert.deepEqual(items.map((d) => [d.code, d.range.start.line]), [['non-canonical', 1]]);
  });
});

test("after shutdown, a file of Mars's names the client's watcher tells of changes nothing it is sent: no refresh, no push", async () => {
  for (const pull of [true, false]) {
    await withClient({ pull, watchFiles: true }, async (c) => {
      const dir = tempDir('mars-glue-');
      const uri = pathToFileURL(path.join(dir, 'Mars.toml')).href;
      await c.open(uri, TEXT);
      assert.equal((pull ? await c.pulled(uri) : await c.pushed(uri, 1)).length, 1);
      const [requests, pushes] = [c.serverRequests.length, c.allPushed(uri).length];
      await c.request('shutdown', null);
      // Saved for the first time: before shutdown, what Mars makes of it is told anew (capabilities.test.ts).
      fs.writeFileSync(path.join(dir, 'Mars.toml'), TEXT);
      await c.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri, type: 1 }] });
      // Refused, but answered after the notification is handled.
      await assert.rejects(c.request('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 13 } }));
      await new Promise((r) => setTimeout(r, 100));
      assert.deepEqual([...c.serverRequests.slice(requests), ...c.allPushed(uri).slice(pushes).map(() => 'publishDiagnostics')], [], pull ? 'pull' : 'push');
    });
  }
});

test('a fix-all command run once a setting has turned its code off sends no edit: nothing is left to fix', async () => {
  await withClient({ applyEdit: true }, async (c) => {
    const applied: unknown[] = [];
    c.conn.onRequest('workspace/applyEdit', (p: { edit: unknown }) => {
      applied.push(p.edit);
      return { applied: true };
    });
    const uri = 'file:///fix-all-turned-off/mars.toml';
    await c.open(uri, TEXT);
    const [d] = await c.pushed(uri, 1);
    const actions = await c.request<Array<{ title: string; command?: { command: string; arguments?: unknown[] } }>>('textDocument/codeAction', { textDocument: { uri }, range: d!.range, context: { diagnostics: [d] } });
    const fixAll = actions.find((a) => a.title.startsWith('Fix all') && a.command?.command === 'mars.fixAll')!.command!;
    c.settings = { diagnostics: { 'non-canonical': 'off' } };
    await c.conn.sendNotification('workspace/didChangeConfiguration', { settings: null });
    for (let i = 0; i < 100 && c.allPushed(uri).length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(c.allPushed(uri).map((p) => [p.version, p.diagnostics.length]), [[1, 1], [1, 0]]);
    assert.equal(await c.request('workspace/executeCommand', fixAll), null);
    assert.deepEqual(applied, []);
    // The code on again: the same command fixes it.
    c.settings = {};
    await c.conn.sendNotification('workspace/didChangeConfiguration', { settings: null });
    assert.equal(await c.request('workspace/executeCommand', fixAll), null);
    assert.equal(applied.length, 1);
  });
});

test('a fix-all resolved for a client without documentChanges comes as `changes`, as its quick fixes do', async () => {
  const capabilities = { textDocument: { codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source'] } }, dataSupport: true, resolveSupport: { properties: ['edit'] } } } };
  await withClient({ capabilities }, async (c) => {
    const uri = 'file:///resolve-changes/mars.toml';
    await c.open(uri, TEXT);
    const [d] = await c.pushed(uri, 1);
    type Action = { title: string; data?: unknown; edit?: { changes?: Record<string, Array<{ newText: string }>>; documentChanges?: unknown } };
    const actions = await c.request<Action[]>('textDocument/codeAction', { textDocument: { uri }, range: d!.range, context: { diagnostics: [d] } });
    const fixAll = actions.find((a) => a.title.startsWith('Fix all') && a.data !== undefined)!;
    assert.equal(fixAll.edit, undefined, 'resolved when picked');
    const resolved = await c.request<Action>('codeAction/resolve', fixAll);
    assert.equal(resolved.edit?.documentChanges, undefined);
    assert.deepEqual(resolved.edit?.changes?.[uri]?.map((e) => e.newText), ['bash']);
  });
});

test('a file Mars reads under a name in other letter cases: its note takes one of the places of mars.maxProblems', async () => {
  for (const pull of [false, true]) {
    await withClient({ pull, settings: { maxProblems: 3 } }, async (c) => {
      const text = '[agents.a.tools]\nallowed = ["Shell", "Grep", "Glob", "Edit"]\n';
      const dir = tempDir('mars-glue-');
      fs.writeFileSync(path.join(dir, 'mars.toml'), text);
      // A hard link: the one file under both names, as a file system that does not tell case apart has it.
      fs.linkSync(path.join(dir, 'mars.toml'), path.join(dir, 'Mars.toml'));
      const uri = pathToFileURL(path.join(dir, 'Mars.toml')).href;
      await c.open(uri, text);
      const ds = pull ? await c.pulled(uri) : await c.pushed(uri, 1);
      assert.deepEqual(ds.map((d) => d.code ?? String(d.message).slice(0, 30)), ['This file is named Mars.toml, ', 'non-canonical', 'Mars TOML shows 1 of the 4 pro'], pull ? 'pulled' : 'pushed');
    });
  }
});

test('a pulling client of LSP 3.18 that declares related information and tags where it pulls, not where it is pushed, gets them', async () => {
  const capabilities = { textDocument: { diagnostic: { relatedInformation: true, tagSupport: { valueSet: [1] } } } };
  await withClient({ capabilities }, async (c) => {
    const uri = 'file:///declared-3-18/mars.toml';
    await c.open(uri, '[agents.a.tools]\nallowed = ["grep", "Grep"]\ndisallowed = ["grep"]\n');
    const items = await c.pulled(uri);
    assert.equal(items.find((d) => d.code === 'allow-deny-conflict')?.relatedInformation?.[0]?.location.uri, uri);
    assert.ok(items.some((d) => d.tags?.includes(1)), JSON.stringify(items.map((d) => [d.code, d.tags])));
  });
});

test('a client that resolves edits but keeps no data (no dataSupport) gets each fix-all with its edit, not one left to resolve', async () => {
  const capabilities = { textDocument: { codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source'] } }, resolveSupport: { properties: ['edit'] } } } };
  await withClient({ capabilities }, async (c) => {
    const uri = 'file:///resolve-without-data/mars.toml';
    await c.open(uri, TEXT);
    const [d] = await c.pushed(uri, 1);
    const actions = await c.request<Array<{ title: string; data?: unknown; edit?: { changes?: Record<string, Array<{ newText: string }>> } }>>('textDocument/codeAction', { textDocument: { uri }, range: d!.range, context: { diagnostics: [d] } });
    const fixAlls = actions.filter((a) => a.title.startsWith('Fix all'));
    assert.ok(fixAlls.length > 0);
    for (const a of fixAlls) {
      assert.equal(a.data, undefined, a.title);
      assert.deepEqual(a.edit?.changes?.[uri]?.map((e) => e.newText), ['bash'], a.title);
    }
  });
});

// Only a client that says `workspaceFolders: true` takes folder changes (LSP: a boolean); `{}`, as a
// client of another shape may send, is not read as true.
test('folder change notifications are offered to a client that declares workspaceFolders as true, and only to it', async () => {
  for (const [declared, offered] of [[true, true], [{}, false], ['true', false], [false, false], [undefined, false]] as const) {
    await withClient({ capabilities: { workspace: { workspaceFolders: declared } } }, async (c) => {
      const workspace = c.initializeResult?.capabilities.workspace;
      assert.deepEqual(workspace, offered ? { workspaceFolders: { supported: true, changeNotifications: true } } : undefined, JSON.stringify(declared));
    });
  }
});
