// A small LSP client for the benchmark: spawns a server over stdio, answers what servers ask of an
// editor, and records every publishDiagnostics with the time it arrived.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { createMessageConnection, StreamMessageReader, StreamMessageWriter } = require('vscode-languageserver/node');

export const now = () => Number(process.hrtime.bigint()) / 1e6;

export class LspClient {
  /**
   * @param {string} command
   * @param {string[]} args
   * @param {{ pull?: boolean, cwd?: string, rootUri?: string | null }} options
   */
  constructor(command, args, options = {}) {
    this.spawnedAt = now();
    this.proc = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], cwd: options.cwd });
    this.stderr = '';
    this.proc.stderr.on('data', (d) => {
      if (this.stderr.length < 100_000) this.stderr += d;
    });
    this.exited = new Promise((resolve) => this.proc.on('exit', (code, signal) => resolve({ code, signal })));
    this.proc.on('error', (e) => (this.spawnError = e));
    // Its partial-message timer off: it re-arms every 10 s while a message stays cut (a server killed
    // while writing one), even once disposed, and would keep the bench's process alive.
    const reader = new StreamMessageReader(this.proc.stdout);
    reader.partialMessageTimeout = 0;
    this.conn = createMessageConnection(reader, new StreamMessageWriter(this.proc.stdin));
    this.conn.onError(() => undefined);
    /** @type {Map<string, Array<{ version?: number, count: number, at: number }>>} */
    this.published = new Map();
    this.waiters = new Set();
    this.conn.onNotification('textDocument/publishDiagnostics', (p) => {
      const at = now();
      this.lastPublished = p;
      const list = this.published.get(p.uri) ?? [];
      list.push({ version: p.version, count: p.diagnostics.length, at });
      this.published.set(p.uri, list);
      for (const w of [...this.waiters]) w();
    });
    this.conn.onNotification(() => undefined);
    this.conn.onRequest('workspace/configuration', (p) => p.items.map(() => options.settings ?? null));
    this.conn.onRequest(() => null);
    this.conn.listen();
    this.pull = !!options.pull;
    this.rootUri = options.rootUri ?? null;
  }

  async initialize() {
    this.initializeResult = await this.conn.sendRequest('initialize', {
      processId: process.pid,
      rootUri: this.rootUri,
      workspaceFolders: this.rootUri ? [{ uri: this.rootUri, name: 'bench' }] : null,
      capabilities: {
        workspace: { configuration: true },
        textDocument: {
          synchronization: { didSave: false, dynamicRegistration: false },
          ...(this.pull ? { diagnostic: { dynamicRegistration: false } } : {}),
          publishDiagnostics: { versionSupport: true },
          completion: { completionItem: { snippetSupport: true } },
          hover: { contentFormat: ['markdown', 'plaintext'] },
        },
      },
    });
    await this.conn.sendNotification('initialized', {});
    return this.initializeResult;
  }

  open(uri, text, version = 1, languageId = 'toml') {
    return this.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
  }

  change(uri, version, contentChanges) {
    return this.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges });
  }

  request(method, params) {
    return this.conn.sendRequest(method, params);
  }

  publishedFor(uri) {
    return this.published.get(uri) ?? [];
  }

  /** Resolves with the first publish for `uri` that `accept` takes (index, record), or rejects after `timeoutMs`. */
  waitPublished(uri, accept, timeoutMs = 30_000) {
    return new Promise((resolve, reject) => {
      const check = () => {
        const list = this.publishedFor(uri);
        for (let i = 0; i < list.length; i++) {
          if (accept(list[i], i)) {
            cleanup();
            resolve(list[i]);
            return true;
          }
        }
        return false;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no diagnostics for ${uri} within ${timeoutMs} ms`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      if (!check()) this.waiters.add(check);
    });
  }

  /** The server's peak and current resident memory in MB (Linux), or null. */
  async memory() {
    try {
      const fs = await import('node:fs');
      const status = fs.readFileSync(`/proc/${this.proc.pid}/status`, 'utf8');
      const kb = (k) => Number(new RegExp(`^${k}:\\s+(\\d+)`, 'm').exec(status)?.[1]);
      return { peakMB: kb('VmHWM') / 1024, rssMB: kb('VmRSS') / 1024 };
    } catch {
      return null;
    }
  }

  async stop(timeoutMs = 3000) {
    const timeout = (ms) => new Promise((r) => setTimeout(r, ms));
    try {
      await Promise.race([this.conn.sendRequest('shutdown'), timeout(timeoutMs)]);
      await this.conn.sendNotification('exit');
    } catch {
      // already gone
    }
    const done = await Promise.race([this.exited.then(() => true), timeout(timeoutMs).then(() => false)]);
    this.conn.dispose();
    if (!done && this.proc.exitCode === null) this.proc.kill('SIGKILL');
  }
}
