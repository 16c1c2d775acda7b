#!/usr/bin/env node
// `npm run test:web`: the web extension's language server (dist/browser/server.js) in a real browser
// worker, in Debian's headless Chromium (installed with code-server by install-code-server.sh). The
// page speaks LSP to the worker over postMessage as the web client does; each answer must equal the
// Node server's (dist/server.js over stdio) on the same requests, and be a real one.
//
//   node test/e2e/web-worker.mjs [--vsix X.vsix]   (--vsix: the server packaged in X.vsix)
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { installVsix, launchChromium } from './code-server.mjs';
import { LspClient } from '../../scripts/bench/lsp.mjs';
import { bigMarsToml } from '../../scripts/bench/generate.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const offlineDir = path.resolve(process.env.VSCODE_OFFLINE || path.join(ROOT, '.vscode-offline'));
const vsixArg = process.argv.indexOf('--vsix');
const vsix = vsixArg >= 0 ? path.resolve(process.argv[vsixArg + 1]) : null;
const URI = 'file:///project/mars.toml';
const TEXT = fs.readFileSync(path.join(ROOT, 'examples/mars.toml'), 'utf8');
/** The same `initialize` for both servers, with what VS Code declares for the features compared. */
const INIT = {
  processId: null, rootUri: null,
  capabilities: {
    workspace: { configuration: true, workspaceEdit: { documentChanges: true } },
    textDocument: {
      publishDiagnostics: { relatedInformation: true, versionSupport: true },
      completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } },
      hover: { contentFormat: ['markdown', 'plaintext'] },
      codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source', 'source.fixAll'] } } },
    },
  },
};

/** The requests both servers answer, after the document is open: completion, hover, code actions. */
function requestsFor(diagnostics) {
  const at = (d) => ({ textDocument: { uri: URI }, position: d.range.start });
  const entry = diagnostics.find((d) => d.code === 'non-canonical') ?? diagnostics[0];
  return [
    ['textDocument/completion', at(entry)],
    ['textDocument/hover', at(entry)],
    ['textDocument/codeAction', { textDocument: { uri: URI }, range: entry.range, context: { diagnostics: [entry] } }],
  ];
}

/** In the page: starts the worker, opens the document, waits for its diagnostics, then asks `requests`. */
async function inBrowser({ uri, text, init }) {
  const worker = new Worker('/server.js');
  let nextId = 1;
  const pending = new Map();
  let onDiagnostics;
  const diagnostics = new Promise((resolve) => (onDiagnostics = resolve));
  const errors = [];
  // A worker that fails, or never publishes, ends the wait with what is known.
  worker.onerror = (e) => {
    errors.push(String(e.message ?? e));
    onDiagnostics(null);
  };
  setTimeout(() => onDiagnostics(null), 30_000);
  worker.onmessage = ({ data }) => {
    if (data.id !== undefined && data.method === undefined) {
      pending.get(data.id)?.(data);
      pending.delete(data.id);
    } else if (data.method === 'textDocument/publishDiagnostics') {
      if (data.params.uri === uri) onDiagnostics(data.params);
      opened.get(data.params.uri)?.(data.params);
    } else if (data.id !== undefined) {
      // A request from the server (configuration, registration): answered as an editor with no settings.
      worker.postMessage({ jsonrpc: '2.0', id: data.id, result: data.method === 'workspace/configuration' ? data.params.items.map(() => null) : null });
    }
  };
  const request = (method, params) => new Promise((resolve) => {
    const id = nextId++;
    pending.set(id, resolve);
    worker.postMessage({ jsonrpc: '2.0', id, method, params });
  });
  const notify = (method, params) => worker.postMessage({ jsonrpc: '2.0', method, params });
  const opened = new Map();
  globalThis.marsOpen = (u, t) => new Promise((resolve) => {
    const t0 = performance.now();
    opened.set(u, (published) => resolve({ ...published, inPage: performance.now() - t0 }));
    notify('textDocument/didOpen', { textDocument: { uri: u, languageId: 'toml', version: 1, text: t } });
  });
  const initialized = await Promise.race([request('initialize', init), diagnostics]);
  if (!initialized) return { errors };
  notify('initialized', {});
  notify('textDocument/didOpen', { textDocument: { uri, languageId: 'toml', version: 1, text } });
  const published = await diagnostics;
  if (!published) return { errors: [...errors, 'no diagnostics published within 30 s'] };
  globalThis.marsRequest = request;
  return { init: initialized, published, errors, hasSetImmediate: typeof setImmediate === 'function' };
}

// Serve the bundle to the page.
let serverJs = path.join(ROOT, 'dist/browser/server.js');
let extensionsDir;
if (vsix) {
  extensionsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mars-web-ext-'));
  await installVsix(offlineDir, vsix, extensionsDir);
  const installed = fs.readdirSync(extensionsDir).find((f) => f.startsWith('mars-toml.'));
  serverJs = path.join(extensionsDir, installed, 'dist/browser/server.js');
}
const http_ = http.createServer((req, res) => {
  if (req.url === '/server.js') {
    res.writeHead(200, { 'content-type': 'text/javascript' });
    res.end(fs.readFileSync(serverJs));
  } else {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>mars web worker</title>');
  }
});
await new Promise((r) => http_.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${http_.address().port}`;

const node = new LspClient(process.execPath, [path.join(ROOT, 'dist/server.js'), '--stdio']);
let browser;
try {
  await node.conn.sendRequest('initialize', INIT);
  await node.conn.sendNotification('initialized', {});
  await node.open(URI, TEXT, 1);
  await node.waitPublished(URI, (p) => p.version === 1, 20_000);
  const expected = node.lastPublished;

  browser = await launchChromium(offlineDir);
  const page = await browser.newPage();
  await page.goto(origin);
  const t0 = Date.now();
  const got = await page.evaluate(inBrowser, { uri: URI, text: TEXT, init: INIT });
  assert.deepEqual(got.errors, []);
  console.log(`[web] the worker published ${got.published.diagnostics.length} diagnostics ${Date.now() - t0} ms after it was created`);
  assert.equal(got.hasSetImmediate, false, 'a browser worker has no setImmediate');
  assert.ok(got.init.result?.capabilities?.completionProvider, 'initialize answered with the capabilities');
  assert.equal(got.published.version, 1);
  assert.ok(expected.diagnostics.length > 5, 'the example has findings');
  assert.deepEqual(got.published.diagnostics, expected.diagnostics, 'the same diagnostics as the Node server');
  for (const [method, params] of requestsFor(expected.diagnostics)) {
    const theirs = await node.request(method, params);
    const ours = await page.evaluate(([m, p]) => globalThis.marsRequest(m, p), [method, params]);
    assert.ok(ours.result && (Array.isArray(ours.result) ? ours.result.length > 0 : true), `${method}: a real answer`);
    assert.deepEqual(ours.result, theirs, `${method}: the same answer as the Node server`);
    console.log(`[web] ${method}: the same answer as the Node server`);
  }
  // A file big enough that its first analysis is made a section at a time, the worker's event loop
  // let in between (a message to itself, lsp/steps.ts).
  const BIG = 'file:///project/big/mars.toml';
  const big = bigMarsToml(1, 600).text;
  await node.open(BIG, big, 1);
  await node.waitPublished(BIG, (p) => p.version === 1, 60_000);
  const bigExpected = node.lastPublished;
  const bigGot = await page.evaluate(([u, t]) => globalThis.marsOpen(u, t), [BIG, big]);
  console.log(`[web] ${(big.length / 1e3).toFixed(0)} KB: ${bigGot.diagnostics.length} diagnostics ${bigGot.inPage.toFixed(0)} ms after it was opened`);
  assert.ok(bigExpected.diagnostics.length > 1000);
  assert.deepEqual(bigGot.diagnostics, bigExpected.diagnostics, 'the same diagnostics as the Node server, for a big file');
  console.log(`[web] ${vsix ? path.basename(vsix) : 'development build'}: the browser server answers as the Node server does`);
} finally {
  await browser?.close().catch(() => {});
  await node.stop();
  http_.close();
  if (extensionsDir) fs.rmSync(extensionsDir, { recursive: true, force: true });
}
