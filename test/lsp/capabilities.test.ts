// What the server sends depends on what the client said it takes (initialize), and it keeps to the
// protocol's lifecycle. Against dist/server.js over stdio, with clients other than VS Code.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeAction, Diagnostic } from 'vscode-languageserver';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CancellationTokenSource, createMessageConnection, Message, type MessageConnection, type NotificationMessage, type RequestMessage, ResponseError, type ResponseMessage, StreamMessageWriter,
} from 'vscode-languageserver/node';
import { agentsTable } from '../support/bigToml';
import { LspClient, withClient, streamReader } from '../support/lspClient';
import { DIST } from '../support/paths';
import { tempDir } from '../support/tempDir';

const TEXT = '[agents.a.tools]\nallowed = ["Shell", "read"]\n';

describe('a client that offers nothing', () => {
  test('gets plain-text completions and hover, `changes` edits, no registration, and its settings from didChangeConfiguration', async () => {
    await withClient({ capabilities: {} }, async (c) => {
      const uri = 'file:///bare/mars.toml';
      await c.open(uri, TEXT);
      const diagnostics = await c.pushed(uri, 1);
      assert.deepEqual(diagnostics.map((d) => d.code), ['non-canonical']);

      const items = (await c.completion(uri, { line: 1, character: 21 }))!;
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

      // No CodeAction literals, and no way to apply an edit: no code actions (see codeActions.test.ts).
      assert.deepEqual(await c.request('textDocument/codeAction', { textDocument: { uri }, range: diagnostics[0]!.range, context: { diagnostics } }), []);

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

  test('with CodeAction literals but not `documentChanges`, gets its edits as `changes`', async () => {
    await withClient({ capabilities: { textDocument: { codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: [] } } } } } }, async (c) => {
      const uri = 'file:///bare-changes/mars.toml';
      await c.open(uri, TEXT);
      const diagnostics = await c.pushed(uri, 1);
      const actions = await c.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: diagnostics[0]!.range, context: { diagnostics } });
      const fix = actions.find((a) => a.title === 'Change to `bash`')!;
      assert.equal(fix.edit?.documentChanges, undefined);
      assert.deepEqual(fix.edit?.changes?.[uri]?.map((e) => e.newText), ['bash']);
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

// The client's error was logged whole, of any length.
test('a refresh the client refuses with an error of 1 MB is logged in one brief line', async () => {
  await withClient({ pull: true }, async (c) => {
    c.conn.onRequest('workspace/diagnostic/refresh', () => new ResponseError(-32603, `no${'o'.repeat(1_000_000)}`));
    const uri = 'file:///refused-long/mars.toml';
    await c.open(uri, TEXT);
    await c.conn.sendNotification('workspace/didChangeConfiguration', { settings: null });
    for (let i = 0; i < 100 && c.logs.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    assert.equal(c.logs.length, 1);
    assert.ok(c.logs[0]!.length < 600, `${c.logs[0]!.length} characters`);
    assert.match(c.logs[0]!, /^diagnostic refresh failed: Error: no{100,150}…o{50,80}$/);
    assert.equal((await c.pulled(uri)).length, 1);
  });
});

test('only mars.toml and mars.local.toml are served, whatever the client attaches the server to', async () => {
  await withClient({}, async (c) => {
    const others = ['file:///p/Cargo.toml', 'file:///p/mars.toml.bak', 'file:///p/xmars.toml', 'untitled:Untitled-1'];
    for (const uri of others) await c.open(uri, '[agents.a.tools]\nallowed = ["Shell"\n[a]\n[a]\n');
    const mars = 'file:///p/sub%20dir/mars.local.toml';
    await c.open(mars, TEXT);
    assert.equal((await c.pushed(mars, 1)).length, 1);
    for (const uri of others) {
      assert.deepEqual(c.allPushed(uri), [], uri);
      assert.equal(await c.request('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 13 } }), null);
      assert.equal(await c.request('textDocument/completion', { textDocument: { uri }, position: { line: 1, character: 13 } }), null);
    }
    // Nor is their close told: an editor would get an empty list of diagnostics for a file the server never spoke for.
    for (const uri of others) await c.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
    await c.request('textDocument/hover', { textDocument: { uri: mars }, position: { line: 0, character: 1 } }); // after the closes
    for (const uri of others) assert.deepEqual(c.allPushed(uri), [], `${uri} closed`);
    const untitledMars = 'untitled:/scratch/mars.toml';
    await c.open(untitledMars, TEXT);
    assert.equal((await c.pushed(untitledMars, 1)).length, 1);
    // A file URI this OS cannot open as a path (another host, an encoded /) still gets completion, without MCP folders.
    for (const uri of ['file://remotehost/share/mars.toml', 'file:///tmp/a%2Fb/mars.toml']) {
      await c.open(uri, TEXT);
      const items = await c.completion(uri, { line: 1, character: 21 });
      assert.ok(items && items.some((i) => i.label === 'read'), uri);
    }
  });
});

// A request waiting for the document's settings (the client slow to answer workspace/configuration)
// is answered "cancelled" as soon as it is cancelled: before a hover sent after the cancel, which
// waits for no settings (a code action, its resolve and the fix-all command were answered once the
// settings came). A pull so cancelled is not answered with an empty report, which would clear the squiggles.
describe('a request cancelled while the settings are read is answered "cancelled" at once', () => {
  const uri = 'file:///cancel-settings/mars.toml';
  const fixAll = { title: 'Fix all Mars problems in this file', kind: 'source.fixAll.mars', data: { uri, version: 1 } };
  const rows: Array<[string, Parameters<typeof LspClient.start>[0], (c: LspClient) => Promise<object>]> = [
    ['textDocument/diagnostic', { pull: true }, async () => ({ textDocument: { uri } })],
    ['textDocument/codeAction', {}, async () => ({ textDocument: { uri }, range: { start: { line: 1, character: 13 }, end: { line: 1, character: 13 } }, context: { diagnostics: [] } })],
    ['codeAction/resolve', { resolve: true }, async () => fixAll],
    // A client that cannot resolve: the fix-all is the server's command, run with the stamp it was offered with.
    ['workspace/executeCommand', { applyEdit: true }, async (c) => {
      const actions = await c.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [] } });
      return actions.find((a) => a.kind === 'source.fixAll.mars')!.command!;
    }],
  ];
  for (const [method, options, paramsOf] of rows) {
    test(method, async () => {
      await withClient({ ...options, settingsDelayMs: 300 }, async (c) => {
        await c.open(uri, TEXT);
        await new Promise((r) => setTimeout(r, 400)); // the open's own settings read
        const params = await paramsOf(c);
        const source = new CancellationTokenSource();
        void c.conn.sendNotification('workspace/didChangeConfiguration', { settings: null }); // forget cached settings
        const answered: string[] = [];
        const pending = c.conn.sendRequest(method, params, source.token)
          .then(() => 'an answer', (e: { code?: number }) => String(e.code)).then((a) => void answered.push(`${method}: ${a}`));
        await new Promise((r) => setTimeout(r, 50));
        source.cancel();
        await c.request('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 13 } });
        answered.push('hover');
        await pending;
        assert.deepEqual(answered, [`${method}: -32800`, 'hover']);
        // Asked again, not cancelled, it is answered (the fix-all command with null, once it has sent its edit).
        await assert.doesNotReject(c.request(method, params));
      });
    });
  }
});

describe('a request cancelled during a long first analysis is answered "cancelled" at once, not once the analysis is done', () => {
  const big = 'file:///cancel-during-analysis/mars.toml';
  const at = { textDocument: { uri: big }, position: { line: 4, character: 29 } };
  const rows: Array<[string, object]> = [
    ['textDocument/diagnostic', { textDocument: { uri: big } }],
    ['textDocument/hover', at],
    ['textDocument/completion', at],
    ['textDocument/codeAction', { textDocument: { uri: big }, range: { start: at.position, end: at.position }, context: { diagnostics: [] } }],
  ];
  for (const [method, params] of rows) {
    test(method, async () => {
      await withClient({ pull: true, resolve: true }, async (c) => {
        const small = 'file:///cancel-during-analysis-small/mars.toml';
        await c.open(small, TEXT);
        await c.pulled(small);
        await c.open(big, agentsTable(3000));
        await new Promise((r) => setTimeout(r, 300)); // its settings read: the request then waits for the analysis alone
        const answered: string[] = [];
        const source = new CancellationTokenSource();
        const pending = c.conn.sendRequest(method, params, source.token)
          .then(() => 'an answer', (e: { code?: number }) => String(e.code)).then((a) => void answered.push(`${method}: ${a}`));
        await new Promise((r) => setTimeout(r, 30));
        source.cancel();
        // Sent after the cancel: the other document's hover does not wait for the big one's analysis, nor should the cancel.
        await c.request('textDocument/hover', { textDocument: { uri: small }, position: { line: 1, character: 13 } });
        answered.push('hover of the other document');
        await pending;
        assert.deepEqual(answered, [`${method}: -32800`, 'hover of the other document']);
        // The analysis went on, for the next request.
        assert.ok((await c.pulled(big)).length > 0);
        assert.notEqual(await c.request(method, params), null);
      });
    });
  }
});

// A request on a text not analysed yet (a fix-all resolved after an edit, or offered for it) waits for
// its analysis a few sections at a time: another document's hover sent after it is answered first,
// where a resolve analysed the whole text in one go (the fix-all of a clean file is then too quick to
// give the hover a turn).
describe('a request waiting for a long first analysis holds up no other request', () => {
  const big = 'file:///waits-for-analysis/mars.toml';
  // Long to analyse, quick to fix all: few sections, each of many entries with nothing to fix.
  const entries = Array.from({ length: 60 }, (_, j) => `"bash(git log ${j})"`).join(', ');
  const text = Array.from({ length: 400 }, (_, i) => `[agents.a${i}.tools]\nallowed = ["read", ${entries}]\n`).join('');
  const rows: Array<[string, object]> = [
    ['textDocument/codeAction', { textDocument: { uri: big }, range: { start: { line: 1, character: 12 }, end: { line: 1, character: 12 } }, context: { diagnostics: [] } }],
    ['codeAction/resolve', { title: 'Fix all Mars problems in this file', kind: 'source.fixAll.mars', data: { uri: big, version: 1 } }],
  ];
  for (const [method, params] of rows) {
    test(method, async () => {
      await withClient({ pull: true, resolve: true }, async (c) => {
        const small = 'file:///waits-for-analysis-small/mars.toml';
        await c.open(small, TEXT);
        await c.pulled(small);
        await c.open(big, text);
        await new Promise((r) => setTimeout(r, 300)); // its settings read: the request then waits for the analysis alone
        const answered: string[] = [];
        const pending = c.conn.sendRequest(method, params).then(() => void answered.push(method));
        await c.request('textDocument/hover', { textDocument: { uri: small }, position: { line: 1, character: 13 } });
        answered.push('hover of the other document');
        await pending;
        assert.deepEqual(answered, ['hover of the other document', method]);
      });
    });
  }
});

describe('the quick fixes of a range over thousands of diagnostics (select-all, in a client that does not cap them) are made a step at a time', () => {
  // [what is done while they are made, the order of the answers]: a cancel is answered at once, and
  // another document's hover sent meanwhile is not held up until every quick fix is made.
  const rows: Array<[string, boolean, string[]]> = [
    ['cancelled, it is answered "cancelled" before a hover sent after the cancel', true, ['code actions: -32800', 'hover of the other document']],
    ['not cancelled, a hover sent meanwhile is answered first', false, ['hover of the other document', 'code actions: an answer']],
  ];
  for (const [name, cancel, expected] of rows) {
    test(name, async () => {
      await withClient({ pull: true, resolve: true }, async (c) => {
        const small = 'file:///many-fixes-small/mars.toml';
        const big = 'file:///many-fixes/mars.toml';
        await c.open(small, TEXT);
        await c.pulled(small);
        const text = agentsTable(3000);
        await c.open(big, text);
        const diagnostics = await c.pulled(big);
        assert.ok(diagnostics.length > 10_000, `${diagnostics.length} diagnostics`);
        // The whole document: over a second of quick fixes made in one go.
        const params = { textDocument: { uri: big }, range: { start: { line: 0, character: 0 }, end: { line: text.split('\n').length - 1, character: 0 } }, context: { diagnostics } };
        const answered: string[] = [];
        const source = new CancellationTokenSource();
        const pending = c.conn.sendRequest<CodeAction[]>('textDocument/codeAction', params, source.token)
          .then(() => 'an answer', (e: { code?: number }) => String(e.code)).then((a) => void answered.push(`code actions: ${a}`));
        await new Promise((r) => setTimeout(r, 30));
        if (cancel) source.cancel();
        await c.request('textDocument/hover', { textDocument: { uri: small }, position: { line: 1, character: 13 } });
        answered.push('hover of the other document');
        await pending;
        assert.deepEqual(answered, expected);
      });
    });
  }
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

// LSP 3.17: after shutdown a client sends nothing but `exit`. One that does (a document closed or
// opened, a change of settings) got a push clearing the closed document, a `workspace/configuration`
// request, a `workspace/diagnostic/refresh` request and a message of the settings.
test('after shutdown the server sends nothing, whatever the client still tells: no push, no request, no message', async () => {
  for (const options of [{}, { pull: true }, { capabilities: { textDocument: { publishDiagnostics: {} } } }]) {
    await withClient(options, async (c) => {
      const sent: string[] = [];
      c.conn.onNotification('window/showMessage', () => void sent.push('window/showMessage'));
      const uri = 'file:///after-shutdown/mars.toml';
      await c.open(uri, TEXT);
      if ('pull' in options) await c.pulled(uri);
      else await c.pushed(uri, 1);
      const [requests, pushes] = [c.serverRequests.length, c.allPushed(uri).length];
      await c.request('shutdown', null);
      await c.conn.sendNotification('workspace/didChangeConfiguration', { settings: { mars: { diagnostics: { 'non-canonical': 'loud' } } } });
      await c.open('file:///after-shutdown/b/mars.toml', TEXT);
      await c.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
      await new Promise((r) => setTimeout(r, 300));
      sent.push(...c.serverRequests.slice(requests), ...c.allPushed(uri).slice(pushes).map(() => 'publishDiagnostics'), ...c.allPushed('file:///after-shutdown/b/mars.toml').map(() => 'publishDiagnostics b'));
      assert.deepEqual(sent, [], JSON.stringify(options));
    });
  }
});

test('a push whose settings come after shutdown is not sent', async () => {
  // The analysis of a small file is done at once; the push waits only for the settings.
  await withClient({ settingsDelayMs: 300 }, async (c) => {
    const uri = 'file:///late-settings-shutdown/mars.toml';
    await c.open(uri, TEXT);
    await new Promise((r) => setTimeout(r, 30));
    await c.request('shutdown', null);
    await new Promise((r) => setTimeout(r, 500));
    assert.deepEqual(c.allPushed(uri), []);
  });
});

// A pull waiting at shutdown (for its settings, here) is refused as a request after shutdown is: an
// empty report would tell the client the file has no problems.
test('a pull whose settings come after shutdown is refused, not answered with an empty report', async () => {
  await withClient({ pull: true, settingsDelayMs: 300 }, async (c) => {
    const uri = 'file:///late-settings-shutdown-pull/mars.toml';
    await c.open(uri, TEXT);
    const pending = c.conn.sendRequest('textDocument/diagnostic', { textDocument: { uri } });
    await new Promise((r) => setTimeout(r, 30));
    await c.request('shutdown', null);
    await assert.rejects(pending, (e: { code?: number }) => e.code === -32600);
  });
});

test('shutdown then exit ends the server: the Node process, and the web worker', async () => {
  for (const transport of ['stdio', 'worker'] as const) {
    const c = await LspClient.start({ transport });
    try {
      await c.request('shutdown', null);
      await c.conn.sendNotification('exit');
      for (let i = 0; i < 100 && c.exitCode === null; i++) await new Promise((r) => setTimeout(r, 20));
      assert.equal(c.exitCode, 0, transport);
    } finally {
      await c.stop();
    }
  }
});

test('a message that is no request, notification or response is answered InvalidRequest with id null over each transport: Node IPC, and the web worker', async () => {
  for (const transport of ['stdio', 'ipc', 'worker'] as const) {
    const c = await LspClient.start({ transport });
    try {
      await c.writeRaw({ jsonrpc: '2.0', id: null, method: 'textDocument/hover', params: { textDocument: { uri: 'file:///x/mars.toml' }, position: { line: 0, character: 0 } } });
      await c.writeRaw([{ jsonrpc: '2.0', id: 'b', method: 'shutdown' }]);
      // Answered in order: once shutdown is, the two before it are.
      assert.equal(await c.request('shutdown', null), null);
      assert.deepEqual(c.answersWithoutId.map((m) => [m.error?.code, m.error?.message]), [
        [-32600, "textDocument/hover came with an id of null: a request's id is a string or a number, and a notification has none"],
        [-32600, 'a message is a JSON object, not an array (LSP has no batches: send each message on its own)'],
      ], transport);
      assert.deepEqual(c.logs, [], transport);
    } finally {
      await c.stop();
    }
  }
});

/**
 * The server over stdio with nothing sent yet: for what happens around `initialize`. `send` writes a
 * request as given (`conn` would send `params: null` as `[null]`) and gives its answer, result or error.
 * What `intercept` takes (true) the connection does not see.
 */
function rawServer(intercept?: (m: Message) => boolean): {
  conn: MessageConnection; send: (method: string, params: unknown) => Promise<ResponseMessage>; notify: (method: string, params: unknown) => Promise<void>;
  stderr: () => string; exited: Promise<number | null>; stop: () => void; raw: (bytes: string) => void; close: () => void;
  rawAnswer: (body: string, id: string | null) => Promise<ResponseMessage>;
} {
  const proc = spawn(process.execPath, [path.join(DIST, 'server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  proc.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', resolve));
  const reader = streamReader(proc.stdout);
  const writer = new StreamMessageWriter(proc.stdin);
  // The answers to `send` are taken before the connection sees them: it made no request of theirs.
  const answers = new Map<string, (m: ResponseMessage) => void>();
  const listen = reader.listen.bind(reader);
  reader.listen = (callback) => listen((m) => {
    const take = Message.isResponse(m) && (typeof m.id === 'string' || m.id === null) ? answers.get(m.id ?? 'null') : undefined;
    if (take) take(m as ResponseMessage);
    else if (!intercept?.(m)) callback(m);
  });
  const conn = createMessageConnection(reader, writer);
  conn.onRequest(() => null);
  conn.onNotification(() => undefined);
  conn.listen();
  // A server that exits fails the connection's requests still waiting, which would wait for ever.
  void exited.then(() => conn.dispose());
  let sent = 0;
  const send = (method: string, params: unknown) => new Promise<ResponseMessage>((resolve) => {
    const id = `raw-${++sent}`;
    answers.set(id, resolve);
    void writer.write({ jsonrpc: '2.0', id, method, params } as RequestMessage);
  });
  // A notification written as given (the connection's would put `null` or `5` in an array, as params by position).
  const notify = (method: string, params: unknown) => writer.write({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) } as NotificationMessage);
  // A body written as given, framed, and the answer with `id` (null: the next answer with id null).
  const rawAnswer = (body: string, id: string | null) => new Promise<ResponseMessage>((resolve) => {
    answers.set(id ?? 'null', resolve);
    proc.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  });
  return { conn, send, notify, stderr: () => stderr, exited, stop: () => { conn.dispose(); proc.kill(); }, raw: (bytes) => void proc.stdin.write(bytes), close: () => void proc.stdin.end(), rawAnswer };
}

/** A message's bytes as a client frames it (Content-Length, a blank line, the JSON). */
const frame = (message: unknown, eol = '\r\n') => {
  const body = JSON.stringify(message);
  return `Content-Length: ${Buffer.byteLength(body)}${eol}${eol}${body}`;
};

/** What `promise` gives, or 'not yet' if it has not settled within `ms` (a server that hangs fails the test, not the run). */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'not yet'>((resolve) => setTimeout(() => resolve('not yet'), ms).unref())]);

/** The server's exit code, or 'not yet' if it has not exited within `ms`. */
const exitedWithin = (s: ReturnType<typeof rawServer>, ms: number) => within(s.exited, ms);

const errorCode = (code: number) => (e: { code?: number }) => e.code === code;

/** Where the notification tests open their document. */
const NOTIFY_URI = 'file:///notify/mars.toml';
/** What the log adds of a didChange the server ignored. */
const OUT_OF_STEP = "; the server's copy of the document may differ from the editor's until it is reopened";

/** `rawServer` (given `intercept`), initialized, with TEXT open at `uri`, and the lines it logs. */
async function openedRawServer(intercept?: (m: Message) => boolean): Promise<{ s: ReturnType<typeof rawServer>; logs: string[] }> {
  const s = rawServer(intercept);
  const logs: string[] = [];
  s.conn.onNotification('window/logMessage', (m: { message: string }) => void logs.push(m.message));
  await s.conn.sendRequest('initialize', { processId: null, rootUri: null, capabilities: {} });
  await s.conn.sendNotification('initialized', {});
  await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: NOTIFY_URI, languageId: 'toml', version: 1, text: TEXT } });
  return { s, logs };
}

/** Runs `body` on a server `openedRawServer` opened, and stops the server after it, whatever happens. */
async function withOpenedRawServer(body: (s: ReturnType<typeof rawServer>, logs: string[]) => Promise<void>, intercept?: (m: Message) => boolean): Promise<void> {
  const { s, logs } = await openedRawServer(intercept);
  try {
    await body(s, logs);
  } finally {
    s.stop();
  }
}

/** The document is as opened, at version 1: the next change (version 2, `Shell` -> `Bash`) applies, as hover shows. */
async function assertFollowsEdits(s: ReturnType<typeof rawServer>): Promise<void> {
  const uri = NOTIFY_URI;
  await s.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: { line: 1, character: 12 }, end: { line: 1, character: 17 } }, text: 'Bash' }] });
  const hover = await s.conn.sendRequest<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 13 } });
  assert.match(hover?.contents.value ?? 'no hover', /^Capability bash/);
}

describe('initialize and the lifecycle', () => {
  test('requests before initialize are refused as "not initialized", known or not', async () => {
    const s = rawServer();
    try {
      const hoverParams = { textDocument: { uri: 'file:///x/mars.toml' }, position: { line: 0, character: 0 } };
      await assert.rejects(s.conn.sendRequest('textDocument/hover', hoverParams), errorCode(-32002));
      await assert.rejects(s.conn.sendRequest('mars/noSuchRequest', {}), errorCode(-32002));
      await assert.rejects(s.conn.sendRequest('shutdown'), errorCode(-32002));
      await s.conn.sendRequest('initialize', { processId: null, rootUri: null, capabilities: {} });
      // Initialized: an unknown request is now just unknown.
      await assert.rejects(s.conn.sendRequest('mars/noSuchRequest', {}), errorCode(-32601));
      assert.equal(await s.conn.sendRequest('textDocument/hover', hoverParams), null);
    } finally {
      s.stop();
    }
  });

  test('notifications before initialize are dropped (LSP 3.17): a document opened then is not served, and nothing is published before the answer', async () => {
    const proc = spawn(process.execPath, [path.join(DIST, 'server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const conn = createMessageConnection(proc.stdout, proc.stdin);
    const heard: string[] = [];
    conn.onRequest(() => null);
    conn.onNotification((method: string) => void heard.push(method));
    conn.listen();
    try {
      const early = 'file:///early/mars.toml';
      await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: early, languageId: 'toml', version: 1, text: TEXT } });
      await conn.sendNotification('textDocument/didClose', { textDocument: { uri: early } });
      await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: early, languageId: 'toml', version: 1, text: TEXT } });
      await conn.sendNotification('workspace/didChangeConfiguration', { settings: { mars: { diagnostics: { 'non-canonical': 'off' } } } });
      await conn.sendRequest('initialize', { processId: null, rootUri: null, capabilities: {} });
      assert.deepEqual(heard.filter((m) => !m.startsWith('window/')), [], 'nothing but messages to the user may come before the initialize answer');
      await conn.sendNotification('initialized', {});
      const hoverParams = { textDocument: { uri: early }, position: { line: 1, character: 13 } };
      assert.equal(await conn.sendRequest('textDocument/hover', hoverParams), null, 'the early open was dropped');
      // The early settings were dropped too: the defaults apply.
      const pushed = new Promise<{ diagnostics: Diagnostic[] }>((resolve) => conn.onNotification('textDocument/publishDiagnostics', resolve));
      await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: early, languageId: 'toml', version: 1, text: TEXT } });
      assert.deepEqual((await pushed).diagnostics.map((d) => d.code), ['non-canonical']);
    } finally {
      conn.dispose();
      proc.kill();
    }
  });

  test('a second initialized registers nothing twice: a client told twice of a change would act on it twice', async () => {
    const proc = spawn(process.execPath, [path.join(DIST, 'server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const conn = createMessageConnection(proc.stdout, proc.stdin);
    const registered: string[] = [];
    conn.onRequest('client/registerCapability', (p: { registrations: Array<{ method: string }> }) => void registered.push(...p.registrations.map((r) => r.method)));
    conn.onRequest(() => null);
    conn.onNotification(() => undefined);
    conn.listen();
    try {
      const workspace = { configuration: true, didChangeConfiguration: { dynamicRegistration: true }, didChangeWatchedFiles: { dynamicRegistration: true } };
      await conn.sendRequest('initialize', { processId: null, rootUri: null, capabilities: { workspace } });
      await conn.sendNotification('initialized', {});
      await conn.sendNotification('initialized', {});
      // A request after both: the server has read them, and sent what they made it send.
      await conn.sendRequest('textDocument/hover', { textDocument: { uri: 'file:///x/mars.toml' }, position: { line: 0, character: 0 } });
      assert.deepEqual(registered.sort(), ['workspace/didChangeConfiguration', 'workspace/didChangeWatchedFiles']);
    } finally {
      conn.dispose();
      proc.kill();
    }
  });

  test('a second shutdown is an invalid request', async () => {
    const s = rawServer();
    try {
      await s.conn.sendRequest('initialize', { processId: null, rootUri: null, capabilities: {} });
      assert.equal(await s.conn.sendRequest('shutdown'), null);
      await assert.rejects(s.conn.sendRequest('shutdown'), errorCode(-32600));
      await assert.rejects(s.conn.sendRequest('mars/noSuchRequest', {}), errorCode(-32600));
    } finally {
      s.stop();
    }
  });

  test('a shutdown refused before initialize is none: exit then ends the server with 1, as exit without shutdown does', async () => {
    for (const initialize of [false, true]) {
      const s = rawServer();
      try {
        await assert.rejects(s.conn.sendRequest('shutdown'), errorCode(-32002));
        if (initialize) await s.conn.sendRequest('initialize', { processId: null, rootUri: null, capabilities: {} });
        await s.conn.sendNotification('exit');
        assert.equal(await s.exited, 1, initialize ? 'initialized after the refused shutdown' : 'not initialized');
      } finally {
        s.stop();
      }
    }
  });

  // JSON-RPC: params are an object or an array, and LSP's (but shutdown's) an object. Without, the
  // library failed reading the work-done token of null: InternalError, before the server's handler.
  test('a request whose params are not an object is refused InvalidParams (after "not initialized" before initialize), with nothing logged', async () => {
    const s = rawServer();
    const logs: string[] = [];
    s.conn.onNotification('window/logMessage', (m: { message: string }) => void logs.push(m.message));
    try {
      const code = async (method: string, params: unknown) => {
        const answer = await s.send(method, params);
        return answer.error ? `${answer.error.code} ${answer.error.message}` : `result ${JSON.stringify(answer.result)}`;
      };
      assert.equal(await code('textDocument/hover', null), '-32002 the server is not initialized');
      await s.conn.sendRequest('initialize', { processId: null, rootUri: null, capabilities: { workspace: { applyEdit: true }, textDocument: { diagnostic: {} } } });
      await s.conn.sendNotification('initialized', {});
      const methods = ['textDocument/hover', 'textDocument/completion', 'textDocument/codeAction', 'codeAction/resolve', 'textDocument/diagnostic',
        'textDocument/definition', 'workspace/executeCommand'];
      for (const method of methods) {
        for (const [params, what] of [[null, 'null'], [5, 'a number'], ['x'.repeat(100_000), 'a string'], [true, 'a boolean']] as const) {
          assert.equal(await code(method, params), `-32602 ${method} takes its params as an object, not ${what}`);
        }
      }
      // Params by position are the library's to refuse, as before; an unknown method is unknown whatever its params.
      assert.match(await code('textDocument/hover', []), /^-32602 /);
      assert.match(await code('mars/noSuchRequest', null), /^-32601 /);
      assert.deepEqual(logs, []);
      // shutdown takes none: null is as good as none.
      assert.equal(await code('shutdown', null), 'result null');
      await s.conn.sendNotification('exit');
      assert.equal(await s.exited, 0);
    } finally {
      s.stop();
    }
  });

  // The server reads stdin through a reader of its own (to hear its errors, below), and still ends when the
  // editor closes stdin, as the library ends it for a stream: 0 after shutdown, else 1.
  test('the server exits when the editor closes its stdin: 0 after shutdown, 1 without', async () => {
    for (const shutdown of [true, false]) {
      const s = rawServer();
      try {
        await s.conn.sendRequest('initialize', { processId: null, rootUri: null, capabilities: {} });
        if (shutdown) await s.conn.sendRequest('shutdown');
        s.close();
        assert.equal(await s.exited, shutdown ? 0 : 1);
      } finally {
        s.stop();
      }
    }
  });

  // A header the reader cannot read leaves the stream out of step: the server read nothing more and
  // answered nothing, saying nothing, for good. Each header is followed by a message that would be
  // answered: the server must not read it (nor hang on the header).
  test('a message header that cannot be read stops the server with a line that says why', async () => {
    const cases: Array<[string, RegExp]> = [
      ['Content-Length: abc\r\n\r\n{}', /its Content-Length is not a whole number of bytes: "abc"/],
      ['Content-Type: x\r\n\r\n{}', /it has no Content-Length/],
      ['Content-Length 2\r\n\r\n{}', /a line of it is not `name: value`: "Content-Length 2"/],
      // The library took -5 as a length and failed on every message after with a TypeError, answering none.
      ['Content-Length: -5\r\n\r\n', /its Content-Length is not a whole number of bytes: "-5"/],
      // It took the number that starts these (12, 0, 1), or the last of two, and read the next message's header as body.
      ['Content-Length: 12.5\r\n\r\n{}', /its Content-Length is not a whole number of bytes: "12.5"/],
      ['Content-Length: 0x10\r\n\r\n{}', /its Content-Length is not a whole number of bytes: "0x10"/],
      ['Content-Length: 1e3\r\n\r\n{}', /its Content-Length is not a whole number of bytes: "1e3"/],
      ['Content-Length: +2\r\n\r\n{}', /its Content-Length is not a whole number of bytes: "\+2"/],
      ['Content-Length: \r\n\r\n{}', /its Content-Length is not a whole number of bytes: ""/],
      ['Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}', /it has two Content-Lengths, 2 and 3/],
      // It waited for ever for bytes no client sends.
      ['Content-Length: 99999999999\r\n\r\n{}', /its Content-Length, 99999999999, is over the 268435456 bytes \(256 MiB\) a message may take/],
      [`Content-Length: ${256 * 1024 * 1024 + 1}\r\n\r\n{}`, /its Content-Length, 268435457, is over the 268435456 bytes/],
      // A header with no end, and JSON with no header: it waited for a blank line for ever.
      [`X-Padding: ${'a'.repeat(9000)}`, /no blank line ends it within its first 8192 bytes/],
      ['{"jsonrpc":"2.0","id":1,"method":"shutdown"}', /it starts with "\{": a message is a header \(Content-Length: <bytes>, then a blank line\), then the JSON/],
    ];
    const next = frame({ jsonrpc: '2.0', id: 'after', method: 'shutdown' });
    // A server each, side by side (each starts in about 0.3 s).
    await Promise.all(cases.map(async ([header, why]) => {
      const s = rawServer();
      const logs: string[] = [];
      s.conn.onNotification('window/logMessage', (m: { message: string }) => void logs.push(m.message));
      try {
        await s.conn.sendRequest('initialize', { processId: null, rootUri: null, capabilities: {} });
        s.raw(header + next);
        assert.equal(await exitedWithin(s, 5000), 1, header);
        assert.match(s.stderr(), /^mars-toml: cannot read a message header from the client \(.+\): the messages after it cannot be told apart, so the server stops\n$/, header);
        assert.match(s.stderr(), why, header);
        assert.deepEqual(logs, [s.stderr().trimEnd()], header);
      } finally {
        s.stop();
      }
    }));
  });

  // A body that is no JSON leaves the stream in step: the library dropped it without a word, and a
  // client that sent it as a request waited for ever. JSON-RPC 2.0 answers it Parse error, id null.
  test('a body that is no JSON is answered ParseError (-32700) with id null, with nothing logged, and the server goes on', async () => {
    const s = rawServer();
    const logs: string[] = [];
    s.conn.onNotification('window/logMessage', (m: { message: string }) => void logs.push(m.message));
    try {
      await s.conn.sendRequest('initialize', { processId: null, rootUri: null, capabilities: {} });
      for (const body of ['{x: 1', '', '{"jsonrpc":"2.0","id":1,"method":"shutdown"}}', `{"a":"${'x'.repeat(100_000)}`]) {
        const answer = await within(s.rawAnswer(body, null), 3000);
        assert.notEqual(answer, 'not yet', body.slice(0, 80));
        if (answer === 'not yet') return;
        assert.equal(answer.error?.code, -32700, body.slice(0, 80));
        assert.match(answer.error?.message ?? '', /^the message is no JSON \(.{1,200}\): it was not read$/, body.slice(0, 80));
      }
      assert.equal(await s.conn.sendRequest('shutdown'), null);
      await s.conn.sendNotification('exit');
      assert.equal(await s.exited, 0);
      assert.deepEqual(logs, []);
    } finally {
      s.stop();
    }
  });

  // A header whose lines end in LF alone (a hand-written client's) was waited on for ever, the server
  // saying nothing: it is read as gopls and clangd read it (a valid header holds no bare LF, so none is read otherwise).
  test('a header whose lines end in LF alone is read, and the messages after it too', async () => {
    await withOpenedRawServer(async (s, logs) => {
      const uri = NOTIFY_URI;
      const change = { jsonrpc: '2.0', method: 'textDocument/didChange', params: { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: { line: 1, character: 12 }, end: { line: 1, character: 17 } }, text: 'Bash' }] } };
      const body = JSON.stringify(change);
      s.raw(`Content-Type: application/vscode-jsonrpc; charset=utf-8\nContent-Length: ${Buffer.byteLength(body)}\n\n${body}`);
      const hover = await s.conn.sendRequest<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 13 } });
      assert.match(hover?.contents.value ?? 'no hover', /^Capability bash/);
      assert.deepEqual(await s.send('shutdown', null).then((m) => m.result), null);
      s.raw(frame({ jsonrpc: '2.0', method: 'exit' }, '\n'));
      assert.equal(await exitedWithin(s, 3000), 0);
      assert.deepEqual(logs, []);
    });
  });

  // JSON-RPC 2.0 answers a message that is no request, notification or response with Invalid Request
  // (-32600), and id null where no id of a request can be read. The library logged the whole message
  // (of any size) and answered nothing: a client waited for ever on a request of an id it cannot take.
  test('a message that is no request, notification or response is answered InvalidRequest with id null, with nothing logged, and the server goes on', async () => {
    await withOpenedRawServer(async (s, logs) => {
      const hover = `"method":"textDocument/hover","params":{"textDocument":{"uri":"${NOTIFY_URI}"},"position":{"line":1,"character":13}},"padding":"${'x'.repeat(100_000)}"`;
      const badId = (kind: string) => `textDocument/hover came with an id of ${kind}: a request's id is a string or a number, and a notification has none`;
      const cases: Array<[string, string | null, string]> = [
        [`{"jsonrpc":"2.0","id":null,${hover}}`, null, badId('null')],
        [`{"jsonrpc":"2.0","id":true,${hover}}`, null, badId('a boolean')],
        [`{"jsonrpc":"2.0","id":{"n":1},${hover}}`, null, badId('an object')],
        [`{"jsonrpc":"2.0","id":[1],${hover}}`, null, badId('an array')],
        // LSP has no batches: one answer, not one for each (a client of LSP reads no list of answers).
        [`[{"jsonrpc":"2.0","id":"b","method":"shutdown"}]`, null, 'a message is a JSON object, not an array (LSP has no batches: send each message on its own)'],
        ['[]', null, 'a message is a JSON object, not an array (LSP has no batches: send each message on its own)'],
        ['"hello"', null, 'a message is a JSON object, not a string'],
        ['5', null, 'a message is a JSON object, not a number'],
        ['0', null, 'a message is a JSON object, not a number'],
        ['null', null, 'a message is a JSON object, not null'],
        ['false', null, 'a message is a JSON object, not a boolean'],
        // A request of an id that can be read is answered under it.
        ['{"jsonrpc":"2.0","id":"m","method":5}', 'm', "a message's method is a string, not a number"],
        ['{"jsonrpc":"2.0","method":null}', null, "a message's method is a string, not null"],
        ['{"jsonrpc":"2.0"}', null, 'a message has a method (a request or a notification), or a result or an error and an id (a response)'],
        ['{"jsonrpc":"2.0","id":true,"result":null}', null, "a response's id is a string, a number or null, not a boolean"],
      ];
      for (const [body, id, why] of cases) {
        const answer = await within(s.rawAnswer(body, id), 3000);
        assert.notEqual(answer, 'not yet', body.slice(0, 80));
        if (answer === 'not yet') return;
        assert.deepEqual([answer.id, answer.error?.code, answer.error?.message, 'result' in answer], [id, -32600, why, false], body.slice(0, 80));
      }
      // An answer to none of the server's requests, of neither a result nor an error, is dropped, as one of a result is.
      s.raw(frame({ jsonrpc: '2.0', id: 'none' }));
      await assertFollowsEdits(s);
      assert.deepEqual(logs, []);
      assert.equal(s.stderr(), '');
    });
  });

  // JSON reads a number as a double: `1e400` as Infinity, written back as null, and a whole number past
  // 2^53 - 1 as another (2^53 + 1 as 2^53). The library ran such a request and answered it under id
  // null or under the other number: a client could tell the answer to no request of its own. It is
  // refused Invalid Request, id null, saying why. Other ids keep their value, and are answered under it.
  test('a request of a number id JSON cannot keep (Infinity, past 2^53 - 1) is refused InvalidRequest with id null; -0, 1.5, "" and 2^53 - 1 are answered under their id', async () => {
    // Answers of the numbers written by hand, taken before the connection (whose own ids are numbers too) sees them.
    const expected = new Set<number>();
    const answers = new Map<unknown, ResponseMessage>();
    await withOpenedRawServer(async (s, logs) => {
      const hover = `"method":"textDocument/hover","params":{"textDocument":{"uri":"${NOTIFY_URI}"},"position":{"line":1,"character":13}}`;
      const tooBig = (id: string) => `textDocument/hover came with an id of a number JSON cannot keep (read as ${id}): a number id is a whole number of at most 9007199254740991 (2^53 - 1) either way; send a smaller one, or a string`;
      for (const [id, shown] of [['1e400', 'Infinity'], ['-1e400', '-Infinity'], ['9007199254740993', '9007199254740992'], ['-1e20', '-100000000000000000000']]) {
        const answer = await within(s.rawAnswer(`{"jsonrpc":"2.0","id":${id},${hover}}`, null), 3000);
        assert.notEqual(answer, 'not yet', id);
        if (answer === 'not yet') return;
        assert.deepEqual([answer.id, answer.error?.code, answer.error?.message, 'result' in answer], [null, -32600, tooBig(shown), false], id);
      }
      // Answered under the id they came with (-0 is 0, the same number in JSON).
      for (const [id, key] of [['-0', 0], ['1.5', 1.5], ['9007199254740991', 9007199254740991], ['""', '']] as const) {
        const answer = typeof key === 'string'
          ? await within(s.rawAnswer(`{"jsonrpc":"2.0","id":${id},${hover}}`, key), 3000)
          : await within(new Promise<ResponseMessage>((resolve) => {
            expected.add(key);
            s.raw(`Content-Length: ${Buffer.byteLength(`{"jsonrpc":"2.0","id":${id},${hover}}`)}\r\n\r\n{"jsonrpc":"2.0","id":${id},${hover}}`);
            const wait = () => (answers.has(key) ? resolve(answers.get(key)!) : setTimeout(wait, 10));
            wait();
          }), 3000);
        assert.notEqual(answer, 'not yet', id);
        if (answer === 'not yet') return;
        assert.match((answer.result as { contents?: { value?: string } } | null)?.contents?.value ?? JSON.stringify(answer), /^Capability bash/, id);
      }
      await assertFollowsEdits(s);
      assert.deepEqual(logs, []);
    }, (m) => Message.isResponse(m) && typeof m.id === 'number' && expected.delete(m.id) && (answers.set(m.id, m), true));
  });

  // The library queued requests under their id as text: one whose id read the same as one still queued
  // (the same id twice, or 41 and "41") took its place, and that one was never answered.
  test('a request of an id in flight (the same, or 41 and "41", which the library cannot tell apart) is refused InvalidRequest, and the first is answered', async () => {
    const ids: unknown[] = ['dup', 41, '41'];
    const answers: ResponseMessage[] = [];
    await withOpenedRawServer(async (s, logs) => {
      const hover = (id: unknown) => frame({ jsonrpc: '2.0', id, method: 'textDocument/hover', params: { textDocument: { uri: NOTIFY_URI }, position: { line: 1, character: 13 } } });
      // In one write, so that each comes while the one before it is queued.
      s.raw(hover('dup') + hover('dup') + hover(41) + hover('41'));
      for (let i = 0; i < 150 && answers.length < 4; i++) await new Promise((r) => setTimeout(r, 20));
      const said = (m: ResponseMessage) => (m.error ? [m.id, m.error.code, m.error.message] : [m.id, /^Capability bash/.test((m.result as { contents: { value: string } }).contents.value)]);
      assert.deepEqual(answers.map(said).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))), [
        ['41', -32600, 'textDocument/hover came with the id "41" while the request of id 41 is not answered yet, which the server cannot tell apart from it: give each request in flight an id of its own'],
        ['dup', -32600, 'textDocument/hover came with the id "dup" while the request of that id is not answered yet: give each request in flight an id of its own'],
        ['dup', true],
        [41, true],
      ]);
      // Once answered, an id may come again.
      s.raw(hover('dup'));
      for (let i = 0; i < 150 && answers.length < 5; i++) await new Promise((r) => setTimeout(r, 20));
      assert.deepEqual(said(answers[4]!), ['dup', true]);
      await assertFollowsEdits(s);
      assert.deepEqual(logs, []);
    }, (m) => Message.isResponse(m) && ids.includes(m.id) && (answers.push(m as ResponseMessage), true));
  });

  // An answer of neither a result nor an error is no message of JSON-RPC's, but not to be answered: the
  // server's request of its id fails (as the library made it fail), and the settings are the defaults.
  test('an answer of the client\'s with neither a result nor an error fails the request it answers, and the server goes on', async () => {
    const answered: unknown[] = [];
    const s = rawServer((m) => {
      if (!Message.isRequest(m) || m.method !== 'workspace/configuration') return false;
      answered.push(m.id);
      s.raw(frame({ jsonrpc: '2.0', id: m.id }));
      return true;
    });
    const logs: string[] = [];
    s.conn.onNotification('window/logMessage', (m: { message: string }) => void logs.push(m.message));
    const published = new Promise<Diagnostic[]>((resolve) => s.conn.onNotification('textDocument/publishDiagnostics', (p: { diagnostics: Diagnostic[] }) => resolve(p.diagnostics)));
    try {
      await s.conn.sendRequest('initialize', { processId: null, rootUri: null, capabilities: { workspace: { configuration: true } } });
      await s.conn.sendNotification('initialized', {});
      await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: NOTIFY_URI, languageId: 'toml', version: 1, text: TEXT } });
      const diagnostics = await within(published, 5000);
      assert.notEqual(diagnostics, 'not yet');
      assert.ok(answered.length > 0);
      assert.deepEqual(logs, []);
    } finally {
      s.stop();
    }
  });

  // A notification cannot be refused: one whose params are not an object (LSP's are, but exit's,
  // which takes none) is dropped with a line that says so (but initialized, whose are not read). Before, the library's handler or ours
  // failed on it with a TypeError ("Cannot read properties of null"), or took a number as params.
  test('a notification whose params are not an object is ignored with one line that says so, and the server goes on', async () => {
    await withOpenedRawServer(async (s, logs) => {
      const cases: Array<[string, unknown, string]> = [
        ['textDocument/didChange', null, 'null'],
        ['textDocument/didChange', 5, 'a number'],
        ['textDocument/didChange', undefined, 'none'],
        ['textDocument/didOpen', [], 'an array'],
        ['textDocument/didOpen', 'x', 'a string'],
        ['textDocument/didClose', null, 'null'],
        ['textDocument/didSave', true, 'a boolean'],
        ['textDocument/willSave', null, 'null'],
        ['workspace/didChangeConfiguration', 7, 'a number'],
        ['workspace/didChangeConfiguration', null, 'null'],
        ['workspace/didChangeWatchedFiles', null, 'null'],
        ['$/setTrace', null, 'null'],
        ['$/progress', null, 'null'],
      ];
      for (const [method, params] of cases) await s.notify(method, params);
      // A cancel is the library's, read before the server sees it: one of odd params is dropped without a word (a `$/` notification may be).
      for (const params of [null, 5, undefined]) await s.notify('$/cancelRequest', params);
      // The server goes on: the document is as opened (an edit after is applied), and the settings are the defaults.
      await assertFollowsEdits(s);
      assert.deepEqual(logs, cases.map(([method, , what]) =>
        `${method} ${what === 'none' ? 'came without its params (an object)' : `takes its params as an object, not ${what}`}: the notification was ignored${method === 'textDocument/didChange' ? OUT_OF_STEP : ''}`));
      assert.equal(s.stderr(), '');
      // exit takes none, and still ends the server whatever it carries.
      await s.conn.sendRequest('shutdown');
      await s.notify('exit', 5);
      assert.equal(await s.exited, 0);
    });
  });

  // The document notifications are read by the library's TextDocuments, which failed on a
  // textDocument that is none, or a didChange without its list of changes, with a TypeError; one
  // under a uri that is no string was kept under it; a string for the changes bumped the version.
  test('a document notification without a textDocument of a string uri, or a didChange without its list of changes, is ignored with one line', async () => {
    await withOpenedRawServer(async (s, logs) => {
      const noDocument = (method: string) => `${method} takes a textDocument with its uri (a string): the notification was ignored`;
      const uri = NOTIFY_URI;
      const cases: Array<[string, unknown, string]> = [
        ['textDocument/didOpen', { textDocument: null }, noDocument('textDocument/didOpen')],
        ['textDocument/didOpen', {}, noDocument('textDocument/didOpen')],
        ['textDocument/didOpen', { textDocument: { uri: 5, languageId: 'toml', version: 1, text: TEXT } }, noDocument('textDocument/didOpen')],
        ['textDocument/didChange', { textDocument: 5, contentChanges: [] }, noDocument('textDocument/didChange') + OUT_OF_STEP],
        ['textDocument/didChange', { textDocument: { uri, version: 2 } }, `textDocument/didChange takes its contentChanges as a list: the notification was ignored${OUT_OF_STEP}`],
        ['textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: 'Bash' }, `textDocument/didChange takes its contentChanges as a list: the notification was ignored${OUT_OF_STEP}`],
        ['textDocument/didClose', {}, noDocument('textDocument/didClose')],
        ['textDocument/didClose', { textDocument: { uri: null } }, noDocument('textDocument/didClose')],
        ['textDocument/didSave', { textDocument: null }, noDocument('textDocument/didSave')],
        ['textDocument/willSave', { textDocument: [], reason: 1 }, noDocument('textDocument/willSave')],
      ];
      for (const [method, params] of cases) await s.notify(method, params);
      // Still open as it was, at version 1: the next change, version 2, applies.
      await assertFollowsEdits(s);
      assert.deepEqual(logs, cases.map(([, , line]) => line));
    });
  });

  // The library dropped it without a word: the editor's text and the server's then differ.
  test('a didChange of a document that is not open is told in one line until the document is opened, and changes nothing', async () => {
    await withOpenedRawServer(async (s, logs) => {
      const other = 'file:///notify-other/mars.toml';
      const change = (version: number) => s.notify('textDocument/didChange', { textDocument: { uri: other, version }, contentChanges: [{ text: '[agents.a.tools]\nallowed = ["Bash"]\n' }] });
      await change(2);
      await change(3);
      assert.equal(await s.conn.sendRequest('textDocument/hover', { textDocument: { uri: other }, position: { line: 1, character: 13 } }), null);
      await s.notify('textDocument/didOpen', { textDocument: { uri: other, languageId: 'toml', version: 1, text: TEXT } });
      await s.notify('textDocument/didClose', { textDocument: { uri: other } });
      await change(4);
      await assertFollowsEdits(s);
      const told = `${other}: a didChange of a document that is not open was ignored, as the next ones are until it is opened (didOpen)`;
      assert.deepEqual(logs, [told, told]);
    });
  });

  // A version that is no whole number is read as the next one, so the text follows the editor's;
  // without a version (or of null) the library failed on the change, logging an error, and dropped it.
  test('a didChange whose version is missing, null or no whole number is applied as the next version, with nothing logged', async () => {
    await withOpenedRawServer(async (s, logs) => {
      const uri = NOTIFY_URI;
      let was = 'Shell';
      for (const [version, tool] of [[undefined, 'grep'], [null, 'glob'], ['3', 'edit'], [1.5, 'write'], [{}, 'read']] as const) {
        const textDocument = version === undefined ? { uri } : { uri, version };
        await s.notify('textDocument/didChange', { textDocument, contentChanges: [{ range: { start: { line: 1, character: 12 }, end: { line: 1, character: 12 + was.length } }, text: tool }] });
        was = tool;
        const hover = await s.conn.sendRequest<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 13 } });
        assert.match(hover?.contents.value ?? 'no hover', new RegExp(`^Capability ${tool}\\b`), JSON.stringify(version));
      }
      assert.deepEqual(logs, []);
    });
  });

  // A range nested too deep for JSON.stringify failed the change with a RangeError, logged as an error.
  test('a change whose range is nested 20,000 deep is told in one line and left out, and the server goes on', async () => {
    await withOpenedRawServer(async (s, logs) => {
      const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
      const body = `{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"${NOTIFY_URI}","version":2},"contentChanges":[{"range":${deep},"text":"x"}]}}`;
      s.raw(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      await assertFollowsEdits(s);
      assert.deepEqual(logs, [`${NOTIFY_URI}: a change whose range is not of whole numbers (an array nested too deep to show) was not applied${OUT_OF_STEP}`]);
    });
  });

  // The action was answered as it came, which the library could not write (JSON.stringify's
  // RangeError): the client got -32603 "Maximum call stack size exceeded".
  test('codeAction/resolve of an action nested 20,000 deep is refused InvalidParams, saying why, and the server goes on', async () => {
    await withOpenedRawServer(async (s, logs) => {
      const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
      const ours = `{"uri":"${NOTIFY_URI}","version":1}`;
      for (const [i, action] of [`{"title":"x","data":${deep}}`, `{"title":"Fix all","data":${ours},"diagnostics":${deep}}`, `{"title":"x","data":{"uri":"${NOTIFY_URI}","version":1,"more":${deep}}}`].entries()) {
        const answer = await s.rawAnswer(`{"jsonrpc":"2.0","id":"deep-${i}","method":"codeAction/resolve","params":${action}}`, `deep-${i}`);
        assert.deepEqual(answer.error, { code: -32602, message: 'codeAction/resolve takes back a code action the server offered: this one is nested too deep to be sent back' }, action.slice(0, 80));
      }
      // One of a sensible depth is still answered as it came.
      const action = { title: 'x', data: JSON.parse(`${'['.repeat(100)}${']'.repeat(100)}`) as unknown };
      assert.deepEqual((await s.send('codeAction/resolve', action)).result, action);
      await assertFollowsEdits(s);
      assert.deepEqual(logs, []);
    });
  });

  // A method, a command or a URI of the client's was written whole into the refusal or the log line
  // (a 1 MB method, 1 MB back): each is now named briefly, as the values in the rest of the log are.
  test('a method, a command or a URI of 1 MB is named briefly in the refusal or the line logged, and the server goes on', async () => {
    const dups: ResponseMessage[] = [];
    await withOpenedRawServer(async (s, logs) => {
      const long = 'm'.repeat(1_000_000);
      const M = 'm{100,150}…m{50,80}';
      const uri = `file:///${'u'.repeat(1_000_000)}/mars.toml`;
      // What is sent, the id it is answered under (none: a line is logged), and the answer's message or the line.
      const cases: Array<[string, string | null | undefined, RegExp]> = [
        [`{"jsonrpc":"2.0","id":true,"method":"${long}"}`, null, new RegExp(`^${M} came with an id of a boolean: a request's id is a string or a number, and a notification has none$`)],
        [`{"jsonrpc":"2.0","id":1e400,"method":"${long}"}`, null, new RegExp(`^${M} came with an id of a number JSON cannot keep \\(read as Infinity\\): `)],
        [`{"jsonrpc":"2.0","id":"u1","method":"${long}","params":{}}`, 'u1', new RegExp(`^Unhandled method ${M}$`)],
        [`{"jsonrpc":"2.0","id":"u2","method":"${long}","params":null}`, 'u2', new RegExp(`^Unhandled method ${M}$`)],
        [`{"jsonrpc":"2.0","id":"c1","method":"workspace/executeCommand","params":{"command":"${long}"}}`, 'c1', new RegExp(`^unknown command ${M}$`)],
        [`{"jsonrpc":"2.0","method":"${long}","params":5}`, undefined, new RegExp(`^${M} takes its params as an object, not a number: the notification was ignored$`)],
        [`{"jsonrpc":"2.0","method":"${long}"}`, undefined, new RegExp(`^${M} came without its params \\(an object\\): the notification was ignored$`)],
        [`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"${uri}","languageId":"toml","version":1}}}`, undefined,
          new RegExp(`^file:///u{100,150}…u{50,80}/mars\\.toml: an open without the text was not applied${OUT_OF_STEP}$`)],
      ];
      for (const [body, id, told] of cases) {
        let said: string;
        if (id === undefined) {
          const before = logs.length;
          s.raw(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
          await s.conn.sendRequest('textDocument/hover', { textDocument: { uri: NOTIFY_URI }, position: { line: 0, character: 0 } });
          assert.equal(logs.length, before + 1, body.slice(0, 80));
          said = logs.pop()!;
        } else said = (await s.rawAnswer(body, id)).error?.message ?? 'no error';
        assert.ok(said.length < 600, `${said.length} characters for ${body.slice(0, 80)}`);
        assert.match(said, told, body.slice(0, 80));
      }
      // A request of an id in flight, in one write with the one before it (of a method of 10,000
      // characters: the server reads both before it answers the first).
      const dup = `{"jsonrpc":"2.0","id":"dup","method":"${long.slice(0, 10_000)}","params":{}}`;
      const framed = `Content-Length: ${Buffer.byteLength(dup)}\r\n\r\n${dup}`;
      s.raw(framed + framed);
      for (let i = 0; i < 150 && dups.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
      const messages = dups.map((m) => m.error?.message ?? 'no error').sort();
      assert.equal(messages.length, 2);
      assert.ok(messages.every((m) => m.length < 600), messages.map((m) => m.length).join(', '));
      assert.match(messages[0]!, new RegExp(`^Unhandled method ${M}$`));
      assert.match(messages[1]!, new RegExp(`^${M} came with the id "dup" while the request of that id is not answered yet: `));
      await assertFollowsEdits(s);
      assert.deepEqual(logs, []);
    }, (m) => Message.isResponse(m) && m.id === 'dup' && (dups.push(m as ResponseMessage), true));
  });

  // The library logged such an error whole (a 1 MB message, 1 MB logged), and failed on one nested too
  // deep ("Processing message queue failed: RangeError: Maximum call stack size exceeded").
  test('an error answered under id null (to a message the client could not read) is logged briefly, of any size or depth', async () => {
    await withOpenedRawServer(async (s, logs) => {
      const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
      const long = 'e'.repeat(1_000_000);
      const cases: Array<[string, RegExp]> = [
        [`{"code":-32700,"message":"${long}"}`, /\{\n {4}"code": -32700,\n {4}"message": "e{100,150}…e{50,80}"\n\}$/],
        [`{"code":-32700,"message":"bad JSON","data":${deep}}`, /\{\n {4}"code": -32700,\n {4}"message": "bad JSON",\n {4}"data": "an array nested too deep to show"\n\}$/],
        [`{"code":-32700,"message":"bad JSON","data":{"text":"${long}"}}`, /"data": "\{\\"text\\":\\"e{100,150}…e{20,80}\\"\}"\n\}$/],
        [`"${long}"`, /"\\"e{100,150}…e{20,80}\\""$/],
        [`{"code":${deep},"message":${deep}}`, /"code": "an array nested too deep to show",\n {4}"message": "an array nested too deep to show"\n\}$/],
      ];
      for (const [error, told] of cases) {
        const body = `{"jsonrpc":"2.0","id":null,"error":${error}}`;
        s.raw(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
        await s.conn.sendRequest('textDocument/hover', { textDocument: { uri: NOTIFY_URI }, position: { line: 0, character: 0 } });
        assert.equal(logs.length, 1, error.slice(0, 80));
        const said = logs.pop()!;
        assert.ok(said.length < 600, `${said.length} characters for ${error.slice(0, 80)}`);
        assert.match(said, /^Received response message without id: Error is: \n/);
        assert.match(said, told, error.slice(0, 80));
      }
      await assertFollowsEdits(s);
      assert.deepEqual(logs, []);
    });
  });

  test('odd but legal capabilities do not stop initialize: resolveSupport without properties', async () => {
    const s = rawServer();
    try {
      const result = await s.conn.sendRequest<{ capabilities: { codeActionProvider: unknown } }>('initialize', {
        processId: null, rootUri: null,
        capabilities: { textDocument: { codeAction: { dataSupport: true, resolveSupport: {}, codeActionLiteralSupport: { codeActionKind: { valueSet: [] } } } } },
      });
      assert.deepEqual(result.capabilities.codeActionProvider, { codeActionKinds: ['quickfix', 'source.fixAll.mars'], resolveProvider: true });
    } finally {
      s.stop();
    }
  });

  test('initialize without capabilities (or without params) is read as declaring none, and the server runs', async () => {
    for (const params of [{ processId: null, rootUri: null }, null, { capabilities: 5 }]) {
      const s = rawServer();
      try {
        const result = await s.conn.sendRequest<{ capabilities: { codeActionProvider: unknown; diagnosticProvider?: unknown } }>('initialize', params);
        // As for `capabilities: {}`: code actions as commands, diagnostics pushed.
        assert.equal(result.capabilities.codeActionProvider, true, JSON.stringify(params));
        assert.equal(result.capabilities.diagnosticProvider, undefined, JSON.stringify(params));
        await s.conn.sendNotification('initialized', {});
        const hoverParams = { textDocument: { uri: 'file:///x/mars.toml' }, position: { line: 0, character: 0 } };
        assert.equal(await s.conn.sendRequest('textDocument/hover', hoverParams), null);
      } finally {
        s.stop();
      }
    }
  });

  test('code action provider and commands as the client takes them', async () => {
    const literals = { codeActionLiteralSupport: { codeActionKind: { valueSet: [] } } };
    const cases: Array<[object, unknown, unknown]> = [
      // VS Code: literals, resolved edits; no command of ours.
      [{ workspace: { applyEdit: true }, textDocument: { codeAction: { ...literals, dataSupport: true, resolveSupport: { properties: ['edit'] } } } },
        { codeActionKinds: ['quickfix', 'source.fixAll.mars'], resolveProvider: true }, undefined],
      // Literals without resolve: the command that computes a fix-all when run.
      [{ workspace: { applyEdit: true }, textDocument: { codeAction: literals } }, { codeActionKinds: ['quickfix', 'source.fixAll.mars'], resolveProvider: true }, { commands: ['mars.fixAll'] }],
      // No literals: `true`, the command that applies an edit, and the fix-all's.
      [{ workspace: { applyEdit: true }, textDocument: { codeAction: {} } }, true, { commands: ['mars.applyEdit', 'mars.fixAll'] }],
      // ...which a client that cannot apply an edit does not get.
      [{ textDocument: { codeAction: literals } }, { codeActionKinds: ['quickfix', 'source.fixAll.mars'], resolveProvider: true }, undefined],
      [{}, true, undefined],
    ];
    for (const [capabilities, provider, commands] of cases) {
      const s = rawServer();
      try {
        const result = await s.conn.sendRequest<{ capabilities: { codeActionProvider: unknown; executeCommandProvider?: unknown } }>('initialize', { processId: null, rootUri: null, capabilities });
        assert.deepEqual(result.capabilities.codeActionProvider, provider, JSON.stringify(capabilities));
        assert.deepEqual(result.capabilities.executeCommandProvider, commands, JSON.stringify(capabilities));
      } finally {
        s.stop();
      }
    }
  });
});

test('an untitled document named mars.toml, without a path, is served', async () => {
  await withClient({}, async (c) => {
    for (const uri of ['untitled:mars.toml', 'untitled:mars.local.toml', 'untitled:mars.toml?x=1']) {
      await c.open(uri, TEXT);
      assert.deepEqual((await c.pushed(uri, 1)).map((d) => d.code), ['non-canonical'], uri);
    }
    for (const uri of ['untitled:Untitled-2', 'untitled:xmars.toml', 'untitled:a%2Fmars.toml']) {
      await c.open(uri, TEXT);
      assert.equal(await c.request('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 13 } }), null, uri);
    }
  });
});

// A file named as Mars's in other letter cases (`Mars.toml`): served only where Mars reads it,
// which the Node server asks the file system (features/fileName.ts), and told why either way.
describe('a file named as Mars\'s in other letter cases', () => {
  const NOT_READ = /^This file is named Mars\.toml, not mars\.toml: Mars does not read it, and it is not checked \(Mars opens mars\.toml and mars\.local\.toml by those exact names, and this file system tells upper and lower case apart: rename it\)$/;
  const NOT_KNOWN = /^This file is named (Mars\.toml|MARS\.LOCAL\.TOML), not mars(\.local)?\.toml, and it is not checked: Mars opens mars\.toml and mars\.local\.toml by those exact names, and reads it only where the file system does not tell upper and lower case apart \(macOS's and Windows' by default\), not where it does \(Linux's\): rename it$/;
  const BESIDE = /^This file is named Mars\.toml, not mars\.toml: Mars reads the mars\.toml beside it in its place, and this file is not checked$/;
  const READ = /^This file is named Mars\.toml, not mars\.toml: Mars reads it here, as this file system does not tell upper and lower case apart, but not on one that does \(Linux's\): rename it$/;
  const START = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  /** A folder holding `files` (name: text, or the name of a file it is a hard link of, `=mars.toml`). */
  const folder = (files: Record<string, string>) => {
    const dir = tempDir('mars-other-case-');
    for (const [name, text] of Object.entries(files)) {
      if (text.startsWith('=')) fs.linkSync(path.join(dir, text.slice(1)), path.join(dir, name));
      else fs.writeFileSync(path.join(dir, name), text);
    }
    return dir;
  };
  const uriIn = (dir: string, name: string) => pathToFileURL(path.join(dir, name)).href;
  /** The quick fix that renames the file at `uri` to `name`, for its diagnostic `d`. */
  const renameTo = (uri: string, name: string, d: Diagnostic): CodeAction => ({
    title: `Rename this file to \`${name}\``, kind: 'quickfix', diagnostics: [d], isPreferred: true,
    edit: { documentChanges: [{ kind: 'rename', oldUri: uri, newUri: uri.replace(/[^/]*$/, name), options: { overwrite: false, ignoreIfExists: false } }] },
  });
  const actionsAt = (c: LspClient, uri: string, line: number, diagnostics: Diagnostic[], only?: string[]) =>
    c.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: { start: { line, character: 0 }, end: { line, character: 5 } }, context: { diagnostics, ...(only ? { only } : {}) } });
  /**
   * The one diagnostic of a document not served, that nothing else answers for it, and its one
   * action: renamed to `name` (none where renaming is not the fix: the file Mars reads is beside it,
   * or an untitled document has no file).
   */
  const onlyTheName = async (c: LspClient, uri: string, pull: boolean, message: RegExp, name: string | null) => {
    await c.open(uri, TEXT);
    const ds = pull ? await c.pulled(uri) : await c.pushed(uri, 1);
    assert.equal(ds.length, 1, `${uri}: ${JSON.stringify(ds)}`);
    const [d] = ds;
    assert.deepEqual([d!.severity, d!.code, d!.source, d!.range], [2, undefined, 'mars', START], uri);
    assert.match(String(d!.message), message, uri);
    assert.equal(await c.request('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 13 } }), null, uri);
    assert.equal(await c.completion(uri, { line: 1, character: 13 }), null, uri);
    const renamed = name === null ? [] : [renameTo(uri, name, d!)];
    // Asked with its diagnostic (the Problems panel's quick fix), or on the line it is shown on.
    assert.deepEqual(await actionsAt(c, uri, 1, ds), renamed, uri);
    assert.deepEqual(await actionsAt(c, uri, 0, []), renamed, uri);
    // Not on another line without it, nor when only other kinds are asked for.
    assert.deepEqual(await actionsAt(c, uri, 1, []), [], uri);
    assert.deepEqual(await actionsAt(c, uri, 0, ds, ['source.fixAll']), [], uri);
  };

  for (const pull of [false, true]) {
    test(`${pull ? 'pulled' : 'pushed'}: on this file system, which tells case apart, one warning that Mars does not read it (the mars.toml beside it, where there is one), and nothing else`, async () => {
      await withClient({ pull }, async (c) => {
        await onlyTheName(c, uriIn(folder({ 'Mars.toml': TEXT }), 'Mars.toml'), pull, NOT_READ, 'mars.toml');
        await onlyTheName(c, uriIn(folder({ 'mars.toml': TEXT, 'Mars.toml': TEXT }), 'Mars.toml'), pull, BESIDE, null);
        // Where the server cannot tell: a file not saved yet, an untitled or virtual document.
        await onlyTheName(c, 'file:///nowhere/MARS.LOCAL.TOML', pull, NOT_KNOWN, 'mars.local.toml');
        await onlyTheName(c, 'untitled:Mars.toml', pull, NOT_KNOWN, null);
        await onlyTheName(c, 'vscode-vfs://github/o/r/Mars.toml', pull, NOT_KNOWN, 'mars.toml');
      });
    });

    test(`${pull ? 'pulled' : 'pushed'}: the file Mars opens by the exact name (a hard link here, as a file system that does not tell case apart gives it) is served in full, the note first`, async () => {
      await withClient({ pull }, async (c) => {
        const uri = uriIn(folder({ 'mars.toml': TEXT, 'Mars.toml': '=mars.toml' }), 'Mars.toml');
        await c.open(uri, TEXT);
        const ds = pull ? await c.pulled(uri) : await c.pushed(uri, 1);
        assert.deepEqual(ds.map((d) => [d.code, d.severity]), [[undefined, 3], ['non-canonical', 3]]);
        assert.deepEqual(ds[0]!.range, START);
        assert.match(String(ds[0]!.message), READ);
        assert.ok(await c.request('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 13 } }));
        assert.ok((await c.completion(uri, { line: 1, character: 21 }))?.some((i) => i.label === 'read'));
        // Renaming it makes it read on Linux's too: offered at the note, with the entries' fixes where they are.
        const atNote = await actionsAt(c, uri, 0, [ds[0]!]);
        assert.deepEqual(atNote[0], renameTo(uri, 'mars.toml', ds[0]!));
        assert.deepEqual(atNote.map((a) => a.title), ['Rename this file to `mars.toml`', 'Fix all Mars problems in this file']);
        assert.deepEqual((await actionsAt(c, uri, 1, [ds[1]!])).map((a) => a.title), ['Change to `bash`', 'Disable `non-canonical` for this line', 'Disable `non-canonical` for the entire file', 'Fix all Mars problems in this file']);
      });
    });

    test(`${pull ? 'pulled' : 'pushed'}: told again when a file of Mars's names is added or removed (the client's watcher): saved for the first time, a mars.toml put beside it, its name's other entry`, async () => {
      await withClient({ pull, watchFiles: true }, async (c) => {
        const dir = folder({});
        const uri = uriIn(dir, 'Mars.toml');
        const told = async (type: number, name: string) => c.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uriIn(dir, name), type }] });
        /** The diagnostics once the server has taken in the change: pulled, or the push after the `n`th. */
        const diagnostics = async (n: number) => {
          if (pull) return c.pulled(uri);
          for (let i = 0; i < 250 && c.allPushed(uri).length <= n; i++) await new Promise((r) => setTimeout(r, 20));
          return c.allPushed(uri)[n]?.diagnostics ?? [];
        };
        await c.open(uri, TEXT);
        let ds = await diagnostics(0);
        assert.equal(ds.length, 1);
        assert.match(String(ds[0]!.message), NOT_KNOWN, 'not on disk: cannot tell');
        const refreshes = () => c.serverRequests.filter((m) => m === 'workspace/diagnostic/refresh').length;
        const before = refreshes();
        fs.writeFileSync(path.join(dir, 'Mars.toml'), TEXT);
        await told(1, 'Mars.toml');
        ds = await diagnostics(1);
        assert.equal(ds.length, 1);
        assert.match(String(ds[0]!.message), NOT_READ, 'saved: Linux\'s file system tells case apart');
        if (pull) assert.equal(refreshes(), before + 1, 'a pull client is asked to pull again');
        fs.writeFileSync(path.join(dir, 'mars.toml'), TEXT);
        await told(1, 'mars.toml');
        ds = await diagnostics(2);
        assert.equal(ds.length, 1);
        assert.match(String(ds[0]!.message), BESIDE);
        // Another file's change, or one that changes nothing it is told: no new diagnostics.
        await told(2, 'mars.toml');
        await c.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uriIn(dir, 'Cargo.toml'), type: 1 }] });
        await c.request('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 13 } }); // after both
        if (pull) assert.equal(refreshes(), before + 2);
        else assert.equal(c.allPushed(uri).length, 3);
        // `mars.toml` made the same entry as `Mars.toml`, as a file system that does not tell case apart has it: served in full.
        fs.rmSync(path.join(dir, 'mars.toml'));
        fs.linkSync(path.join(dir, 'Mars.toml'), path.join(dir, 'mars.toml'));
        await told(2, 'mars.toml');
        ds = await diagnostics(3);
        assert.deepEqual(ds.map((d) => [d.code, d.severity]), [[undefined, 3], ['non-canonical', 3]]);
        assert.match(String(ds[0]!.message), READ);
      });
    });
  }

  test('a client that cannot rename files (no `rename` among its resource operations) is not offered the rename', async () => {
    const capabilities = { workspace: { workspaceEdit: { documentChanges: true, resourceOperations: ['create'] } }, textDocument: { codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } } } };
    await withClient({ capabilities }, async (c) => {
      const uri = uriIn(folder({ 'Mars.toml': TEXT }), 'Mars.toml');
      await c.open(uri, TEXT);
      const ds = await c.pushed(uri, 1);
      assert.match(String(ds[0]!.message), NOT_READ);
      assert.deepEqual(await actionsAt(c, uri, 0, ds), []);
    });
  });

  test('its close clears its diagnostic; the browser\'s server, with no file system, cannot tell', async () => {
    await withClient({}, async (c) => {
      const uri = uriIn(folder({ 'Mars.toml': TEXT }), 'Mars.toml');
      await c.open(uri, TEXT);
      assert.equal((await c.pushed(uri, 1)).length, 1);
      await c.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
      for (let i = 0; i < 100 && c.allPushed(uri).length < 2; i++) await new Promise((r) => setTimeout(r, 20));
      assert.deepEqual(c.allPushed(uri).at(-1)!.diagnostics, []);
    });
    await withClient({ transport: 'worker' }, async (c) => {
      await onlyTheName(c, uriIn(folder({ 'mars.toml': TEXT, 'Mars.toml': '=mars.toml' }), 'Mars.toml'), false, NOT_KNOWN, 'mars.toml');
    });
  });
});

describe('a client without Markdown', () => {
  const MARKUP = /\*\*|`|(^|[\s(])_\S|\S_($|[\s.,;:)])|\\[!-/:-@[-`{-~]|\]\(/m;
  const capabilities = (hover: object | undefined) => ({
    textDocument: {
      ...(hover ? { hover } : {}),
      completion: { completionItem: { documentationFormat: ['plaintext'] } },
    },
  });

  for (const hoverCaps of [{ contentFormat: ['plaintext'] }, undefined]) {
    test(`gets plain text, not Markdown marked plain (hover capability ${JSON.stringify(hoverCaps)})`, async () => {
      await withClient({ capabilities: capabilities(hoverCaps) }, async (c) => {
        const uri = `file:///plain-${hoverCaps ? 'hover' : 'none'}/mars.toml`;
        const text = '[agents.a.tools]\nallowed = ["Shell(npm test)", "mcp__gh__x", "bash()"]\nmcp = ["gh"]\n';
        await c.open(uri, text);
        await c.pushed(uri, 1);
        const hoverAt = async (character: number, line = 1) =>
          (await c.request<{ contents: { kind: string; value: string } }>('textDocument/hover', { textDocument: { uri }, position: { line, character } })).contents;
        const shell = await hoverAt(13);
        assert.equal(shell.kind, 'plaintext');
        assert.match(shell.value, /^Capability bash · pattern npm test\n/);
        assert.match(shell.value, /\nIn allowed of agent a\.$/);
        const invalid = await hoverAt(47);
        // The reason in plain words (Mars's own message is the diagnostic's).
        assert.match(invalid.value, /^Invalid tool name: Mars refuses to load the config\. The parentheses are empty: .*\n\nWrite bash\.\n/);
        for (const h of [shell, await hoverAt(33), invalid, await hoverAt(1, 2)]) {
          assert.equal(h.kind, 'plaintext');
          assert.doesNotMatch(h.value, MARKUP, h.value);
          assert.ok(h.value.includes('\n\n'), 'paragraphs are kept');
        }

        const items = (await c.completion(uri, { line: 1, character: 12 }))!;
        const documented = items.filter((i) => i.documentation !== undefined);
        assert.ok(documented.length > 10);
        for (const i of documented) {
          assert.equal(typeof i.documentation, 'string', i.label);
          assert.doesNotMatch(i.documentation as string, MARKUP, `${i.label}: ${String(i.documentation)}`);
        }
        // A detail is plain text for every client; the documentation, Markdown for others, is too.
        const any = items.find((i) => i.label === '*')!;
        assert.equal(any.detail, 'Every tool not otherwise named.');
        assert.equal(any.documentation, '"*" in disallowed turns the policy into an allowlist.');
      });
    });
  }
});

test('pulled diagnostics carry related information for a client that declares it the LSP 3.17 way', async () => {
  const capabilities = { textDocument: { diagnostic: {}, publishDiagnostics: { relatedInformation: true } } };
  await withClient({ capabilities }, async (c) => {
    const uri = 'file:///related-317/mars.toml';
    await c.open(uri, '[agents.a.tools]\nallowed = ["grep"]\ndisallowed = ["grep"]\n');
    const conflict = (await c.pulled(uri)).find((d) => d.code === 'allow-deny-conflict')!;
    assert.equal(conflict.relatedInformation?.[0]?.location.uri, uri);
  });
  // Declared nowhere: left out.
  await withClient({ capabilities: { textDocument: { diagnostic: {} } } }, async (c) => {
    const uri = 'file:///related-none/mars.toml';
    await c.open(uri, '[agents.a.tools]\nallowed = ["grep"]\ndisallowed = ["grep"]\n');
    const conflict = (await c.pulled(uri)).find((d) => d.code === 'allow-deny-conflict')!;
    assert.equal(conflict.relatedInformation, undefined);
  });
});

test('what does nothing in Mars is tagged Unnecessary (shown faded) for a client that takes the tag, pushed and pulled', async () => {
  const text = '[agents.a.tools]\nallowed = ["grep", "Grep", "bash"]\ndisallowed = ["bash"]\nedit = "allow"\n';
  const tagged = (ds: Diagnostic[]) => ds.map((d) => `${d.code} ${JSON.stringify(d.tags ?? [])}`).sort();
  const expected = ['allow-deny-conflict []', 'duplicate-entry [1]', 'non-canonical []', 'unknown-policy-key [1]'];
  for (const pull of [false, true]) {
    await withClient({ pull }, async (c) => {
      const uri = `file:///tags-${pull}/mars.toml`;
      await c.open(uri, text);
      assert.deepEqual(tagged(pull ? await c.pulled(uri) : await c.pushed(uri, 1)), expected);
    });
  }
  // Declared nowhere, or without Unnecessary: left out.
  for (const publishDiagnostics of [{}, { tagSupport: { valueSet: [2] } }]) {
    await withClient({ capabilities: { textDocument: { publishDiagnostics } } }, async (c) => {
      const uri = 'file:///tags-none/mars.toml';
      await c.open(uri, text);
      assert.deepEqual(tagged(await c.pushed(uri, 1)), expected.map((e) => e.replace('[1]', '[]')));
    });
  }
});

describe('completion item kinds', () => {
  const at = { line: 1, character: 12 };
  const kindsFor = async (capabilities: object) => {
    let kinds: Array<number | undefined> = [];
    await withClient({ capabilities }, async (c) => {
      const uri = 'file:///kinds/mars.toml';
      await c.open(uri, TEXT);
      const items = (await c.completion(uri, at))!;
      kinds = items.map((i) => i.kind);
    });
    return new Set(kinds);
  };

  test('a client that declares every kind gets EnumMember and Constant', async () => {
    const all = Array.from({ length: 25 }, (_, i) => i + 1);
    const kinds = await kindsFor({ textDocument: { completion: { completionItem: {}, completionItemKind: { valueSet: all } } } });
    assert.ok(kinds.has(20) && kinds.has(21), [...kinds].join());
  });

  test('a client that declares no kinds gets only the first protocol version\'s, 1 to 18', async () => {
    for (const capabilities of [{}, { textDocument: { completion: { completionItemKind: {} } } }]) {
      const kinds = await kindsFor(capabilities);
      assert.ok(kinds.size > 1);
      for (const k of kinds) assert.ok(k === undefined || (k >= 1 && k <= 18), `kind ${k}`);
    }
  });

  test('a client that declares some later kinds gets those, and the others as one of the first 18', async () => {
    const kinds = await kindsFor({ textDocument: { completion: { completionItemKind: { valueSet: [1, 9, 10, 12, 15, 20] } } } });
    assert.ok(kinds.has(20));
    for (const k of kinds) assert.ok(k === undefined || k <= 18 || k === 20, `kind ${k}`);
  });
});

test('what a client sends wrong is refused or told, never applied half: bad ranges, a version sent twice, missing parts', async () => {
  const client = await LspClient.start();
  try {
    const uri = 'file:///wrong/mars.toml';
    const text = '[agents.a.tools]\nallowed = ["read"]\n';
    await client.open(uri, text);
    await client.pushed(uri, 1);
    // A range of fractions is not applied (it would put the line table out of step for good): told in the log.
    await client.change(uri, 2, [{ range: { start: { line: 1.5, character: 0 }, end: { line: 1.5, character: 0 } }, text: '# x\n' }]);
    assert.deepEqual(await client.pushed(uri, 2), []);
    assert.ok(client.logs.some((l) => l.includes('a change whose range is not of whole numbers') && l.includes(uri)), client.logs.join('\n'));
    // Told in a line of the range's start and end, however big the range is.
    const huge = { start: { line: 'x'.repeat(1_000_000), character: 0 }, end: { line: 0, character: 0 } };
    await client.change(uri, 2, [{ range: huge, text: '# x\n' }]);
    await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } });
    const told = client.logs.find((l) => l.includes('{"start":{"line":"xxx'));
    assert.match(told ?? 'not told', /^file:\/\/\/wrong\/mars\.toml: a change whose range is not of whole numbers \(\{"start":\{"line":"x{100,200}…x+","character":0\},"end":\{"line":0,"character":0\}\}\) was not applied; /);
    // A client that sends a version twice gets the analysis of the text it sent last.
    await client.change(uri, 2, [{ range: { start: { line: 1, character: 12 }, end: { line: 1, character: 16 } }, text: 'Shell' }]);
    const hover = async () => client.request<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 13 } });
    for (let i = 0; i < 50 && !(await hover())?.contents.value.includes('`Shell`'); i++) await new Promise((r) => setTimeout(r, 20));
    assert.match((await hover())!.contents.value, /`Shell` is an alias/);
    // Requests without their parts are answered empty, with no stack in the log.
    const logged = client.logs.length;
    assert.equal(await client.request('textDocument/hover', {}), null);
    assert.equal(await client.request('textDocument/completion', { textDocument: { uri } }), null);
    assert.equal(await client.request('textDocument/hover', { textDocument: { uri }, position: null }), null);
    assert.deepEqual(client.logs.slice(logged), []);
    // An open without a version or text is served as version 0 or empty, not failed on every request.
    await client.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: 'file:///wrong/b/mars.toml', languageId: 'toml', text: '[agents.a.tools]\nallowed = ["Shell"]\n' } });
    assert.deepEqual((await client.pushed('file:///wrong/b/mars.toml', 0)).map((d) => d.code), ['non-canonical']);
    assert.deepEqual(client.logs.slice(logged), []);
  } finally {
    await client.stop();
  }
});

// Started by hand without a way to talk (`node dist/server.js`, `--help`), the server threw the
// library's error from inside the bundle: a stack trace and a line of minified source.
test('started without --stdio, --node-ipc, --socket or --pipe, the server says how to start it and exits 2', () => {
  for (const args of [[], ['--help'], ['--code-cache=/nonexistent']]) {
    const r = spawnSync(process.execPath, [path.join(DIST, 'server.js'), ...args], { encoding: 'utf8', timeout: 10_000 });
    assert.equal(r.status, 2, args.join(' '));
    assert.equal(r.stdout, '', args.join(' '));
    assert.equal(r.stderr, 'usage: node dist/server.js --stdio (or --node-ipc, --socket=<port>, --pipe=<name>) [--code-cache=<folder>]\nthe Mars TOML language server: an editor starts it and speaks LSP to it\n', args.join(' '));
  }
});

/**
 * The server started with `--socket=<port>` or `--pipe=<name>` (as a client that listens starts it),
 * connected to a listener of ours: what it sends, as messages, and raw bytes to send it.
 */
async function socketServer(mode: 'socket' | 'pipe'): Promise<{
  send: (body: string) => void; raw: (bytes: string) => void; next: (test: (m: ResponseMessage & NotificationMessage) => boolean) => Promise<ResponseMessage & NotificationMessage>;
  received: Array<ResponseMessage & NotificationMessage>; exited: Promise<number | null>; stderr: () => string; hangUp: () => void; stop: () => void;
}> {
  const listener = net.createServer();
  const pipe = path.join(os.tmpdir(), `mars-lsp-${process.pid}-${Math.random().toString(36).slice(2)}.sock`);
  await new Promise<void>((resolve) => (mode === 'socket' ? listener.listen(0, '127.0.0.1', resolve) : listener.listen(pipe, resolve)));
  const where = mode === 'socket' ? `--socket=${(listener.address() as net.AddressInfo).port}` : `--pipe=${pipe}`;
  const proc = spawn(process.execPath, [path.join(DIST, 'server.js'), where], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  proc.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', resolve));
  // Connected, or the test fails saying why (not waiting for ever on a server that exited or never connects).
  const socket = await new Promise<net.Socket>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${where}: the server did not connect within 10 s; stderr: ${stderr}`)), 10_000);
    listener.once('connection', (c) => (clearTimeout(timer), resolve(c)));
    void exited.then((code) => (clearTimeout(timer), reject(new Error(`${where}: the server exited (${code}) before it connected; stderr: ${stderr}`))));
  }).finally(() => listener.close());
  const received: Array<ResponseMessage & NotificationMessage> = [];
  let waiting: Array<() => void> = [];
  const reader = streamReader(socket);
  reader.listen((m) => {
    received.push(m as ResponseMessage & NotificationMessage);
    for (const w of waiting.splice(0)) w();
  });
  const next = (test: (m: ResponseMessage & NotificationMessage) => boolean) => new Promise<ResponseMessage & NotificationMessage>((resolve) => {
    const look = () => {
      const found = received.find(test);
      if (found) resolve(found);
      else waiting.push(look);
    };
    look();
  });
  socket.on('error', () => undefined);
  return {
    send: (body) => void socket.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`),
    raw: (bytes) => void socket.write(bytes),
    next, received, exited, stderr: () => stderr,
    hangUp: () => void socket.end(),
    stop: () => {
      waiting = [];
      socket.destroy();
      proc.kill();
    },
  };
}

// Over a socket or a pipe the library read the messages, and a body that was no JSON, or a header
// it could not read, was dropped without a word (or waited on for ever), where stdio answers it.
test('over a socket and a pipe, what the client sends wrong is answered as over stdio: ParseError, InvalidRequest, and a header that cannot be read stops the server saying why', async () => {
  for (const mode of ['socket', 'pipe'] as const) {
    const s = await socketServer(mode);
    try {
      s.send(JSON.stringify({ jsonrpc: '2.0', id: 'init', method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } }));
      assert.ok((await within(s.next((m) => m.id === 'init'), 5000)) !== 'not yet', `${mode}: initialize`);
      s.send('{x: 1');
      const parse = await within(s.next((m) => m.id === null && m.error?.code === -32700), 3000);
      assert.notEqual(parse, 'not yet', `${mode}: no JSON`);
      if (parse === 'not yet') return;
      assert.match(parse.error?.message ?? '', /^the message is no JSON \(.{1,200}\): it was not read$/, mode);
      s.send('[]');
      const invalid = await within(s.next((m) => m.id === null && m.error?.code === -32600), 3000);
      assert.notEqual(invalid, 'not yet', `${mode}: a list`);
      if (invalid === 'not yet') return;
      assert.equal(invalid.error?.message, 'a message is a JSON object, not an array (LSP has no batches: send each message on its own)', mode);
      s.send('{"jsonrpc":"2.0","id":"s","method":"shutdown"}');
      assert.notEqual(await within(s.next((m) => m.id === 's'), 3000), 'not yet', `${mode}: shutdown`);
      assert.deepEqual(s.received.filter((m) => m.method === 'window/logMessage').map((m) => m.params), [], mode);
      s.raw('Content-Length: 12.5\r\n\r\n{}');
      assert.equal(await within(s.exited, 5000), 1, mode);
      assert.match(s.stderr(), /^mars-toml: cannot read a message header from the client \(its Content-Length is not a whole number of bytes: "12.5"\): the messages after it cannot be told apart, so the server stops\n$/, mode);
    } finally {
      s.stop();
    }
  }
});

test('over a socket and a pipe, shutdown then the client\'s hanging up ends the server with 0, and hanging up without shutdown with 1', async () => {
  for (const mode of ['socket', 'pipe'] as const) {
    for (const shutdown of [true, false]) {
      const s = await socketServer(mode);
      try {
        s.send(JSON.stringify({ jsonrpc: '2.0', id: 'init', method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } }));
        assert.notEqual(await within(s.next((m) => m.id === 'init'), 5000), 'not yet', `${mode}: initialize`);
        if (shutdown) {
          s.send('{"jsonrpc":"2.0","id":"s","method":"shutdown"}');
          assert.notEqual(await within(s.next((m) => m.id === 's'), 5000), 'not yet', `${mode}: shutdown`);
        }
        s.hangUp();
        assert.equal(await within(s.exited, 5000), shutdown ? 0 : 1, `${mode}, shutdown ${shutdown}`);
        assert.equal(s.stderr(), '', mode);
      } finally {
        s.stop();
      }
    }
  }
});

// The library threw from inside the bundle on `--socket=abc` (a stack and minified source), and
// exited 0 without a word when nothing listened at the port or the pipe.
test('a socket or pipe the server cannot reach, or a port that is none, is told on stderr and ends the server with 1 or 2', () => {
  const run = (arg: string) => spawnSync(process.execPath, [path.join(DIST, 'server.js'), arg], { encoding: 'utf8', timeout: 10_000 });
  const missing = path.join(os.tmpdir(), `mars-lsp-none-${process.pid}.sock`);
  for (const [arg, status, stderr] of [
    ['--socket=abc', 2, /^mars-toml: --socket takes the port the client listens at \(a whole number from 1 to 65535\), not "abc"\n/],
    ['--socket=70000', 2, /^mars-toml: --socket takes the port the client listens at \(a whole number from 1 to 65535\), not "70000"\n/],
    ['--socket=0', 2, /^mars-toml: --socket takes the port the client listens at \(a whole number from 1 to 65535\), not "0"\n/],
    // The ends of the range are ports: the server tries them (nothing listens there).
    ['--socket=65535', 1, /^mars-toml: cannot connect to the client at port 65535 of 127\.0\.0\.1 \(ECONNREFUSED\): is it listening\?\n$/],
    ['--pipe=', 2, /^mars-toml: --pipe takes the name of the pipe the client listens at\n/],
    ['--socket=1', 1, /^mars-toml: cannot connect to the client at port 1 of 127\.0\.0\.1 \(ECONNREFUSED\): is it listening\?\n$/],
    [`--pipe=${missing}`, 1, new RegExp(`^mars-toml: cannot connect to the client at the pipe ${missing.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(ENOENT\\): is it listening\\?\\n$`)],
  ] as const) {
    const r = run(arg);
    assert.equal(r.status, status, arg);
    assert.equal(r.stdout, '', arg);
    assert.match(r.stderr, stderr, arg);
  }
});
