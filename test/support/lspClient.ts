// A minimal LSP client for the protocol tests: spawns the bundled dist/server.js and speaks
// JSON-RPC over stdio, as an editor would (or starts the web extension's server, see webWorker.ts).
import { fork, spawn } from 'node:child_process';
import path from 'node:path';
import {
  createMessageConnection, IPCMessageReader, IPCMessageWriter, Message, type MessageConnection, type MessageReader, type MessageWriter, PortMessageReader, PortMessageWriter,
  ResponseError, type ResponseMessage, StreamMessageReader, StreamMessageWriter,
} from 'vscode-languageserver/node';
import type { CompletionItem, CompletionList, Diagnostic, InitializeResult, Position, PublishDiagnosticsParams } from 'vscode-languageserver';
import { DIST } from './paths';
import { browserServer } from './webWorker';

/**
 * vscode-jsonrpc's reader of a stream, with its partial-message timer off. That timer re-arms itself
 * every 10 s for as long as a message stays cut (a server killed while writing one), even once the
 * reader is disposed, and kept a test file's process alive until the runner's 300 s timeout; no test
 * watches the event it fires.
 */
export function streamReader(readable: NodeJS.ReadableStream): StreamMessageReader {
  const reader = new StreamMessageReader(readable);
  reader.partialMessageTimeout = 0;
  return reader;
}

export interface ClientOptions {
  /** Advertise pull diagnostics (textDocument/diagnostic); otherwise the server must push. */
  pull?: boolean;
  /** Answer workspace/configuration with these settings (the `mars` section). */
  settings?: unknown;
  /** Advertise `codeAction/resolve` for edits, as VS Code does. */
  resolve?: boolean;
  /** Advertise `workspace/applyEdit`, as VS Code does (requests for it are answered by `onRequest`'s default: null, unless a test handles them). */
  applyEdit?: boolean;
  /**
   * How to reach the server: stdio (as the extension does), Node IPC, or `worker`: the web
   * extension's server (dist/browser/server.js) in a worker, through messages.
   */
  transport?: 'stdio' | 'ipc' | 'worker';
  /** The client capabilities to declare, in place of VS Code's (the options above then do not apply). */
  capabilities?: object;
  /** Answer workspace/configuration this much later (Infinity: never). */
  settingsDelayMs?: number;
  /** Server requests to answer with an error, as a client that does not know them. */
  refuse?: string[];
  /** Advertise dynamic registration of file watchers (`workspace/didChangeWatchedFiles`), as VS Code does. */
  watchFiles?: boolean;
  /** The workspace folders (URIs) to open with. */
  workspaceFolders?: string[];
  /** `initializationOptions` to send, as the VS Code extension sends its own (none unless given). */
  initializationOptions?: object;
  /** More arguments for dist/server.js over stdio, before `--stdio`, as the VS Code extension passes `--code-cache`. */
  args?: string[];
  /** Node's own options for the server's process over stdio (`--max-old-space-size=100`), before dist/server.js. */
  nodeArgs?: string[];
}

export class LspClient {
  readonly conn: MessageConnection;
  /** The server's exit code once it has exited, else null. */
  exitCode: number | null = null;
  private readonly kill: () => void;
  /** The server's output over stdio, which `pauseReading` stops reading (null over other transports). */
  private output: NodeJS.ReadableStream | null = null;
  private readonly published = new Map<string, PublishDiagnosticsParams[]>();
  private readonly waiters: Array<() => void> = [];
  private readonly exitWaiters: Array<() => void> = [];
  settings: unknown;
  stderr = '';
  /** The requests the server sent, by method. */
  readonly serverRequests: string[] = [];
  /** What the server answered to initialize. */
  initializeResult: InitializeResult | undefined;
  /** What the server registered (`client/registerCapability`), by method, with its options. */
  readonly registrations: Array<{ method: string; registerOptions?: unknown }> = [];
  /** What the server logged (window/logMessage). */
  readonly logs: string[] = [];
  /** The server's answers of id null (to a message it could not read), taken before the connection sees them. */
  readonly answersWithoutId: ResponseMessage[] = [];
  /** Writes a message as given, whatever it is, past the connection. */
  readonly writeRaw: (message: unknown) => Promise<void>;
  /** The answers awaited by `rawRequest`, by id. */
  private readonly rawAnswers = new Map<string, (m: ResponseMessage) => void>();
  private rawSent = 0;

  private constructor(options: ClientOptions) {
    this.settings = options.settings ?? {};
    const server = path.join(DIST, 'server.js');
    let reader: MessageReader;
    let writer: MessageWriter;
    if (options.transport === 'worker') {
      const worker = browserServer();
      [reader, writer] = [new PortMessageReader(worker), new PortMessageWriter(worker)];
      worker.stderr.on('data', (d) => (this.stderr += d));
      worker.on('error', (e) => (this.stderr += String(e.stack ?? e)));
      worker.on('exit', (code) => (this.exitCode = code));
      this.kill = () => void worker.terminate();
    } else {
      const proc = options.transport === 'ipc'
        ? fork(server, ['--node-ipc'], { silent: true })
        : spawn(process.execPath, [...(options.nodeArgs ?? []), server, ...(options.args ?? []), '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
      [reader, writer] = options.transport === 'ipc'
        ? [new IPCMessageReader(proc), new IPCMessageWriter(proc)]
        : [streamReader(proc.stdout!), new StreamMessageWriter(proc.stdin!)];
      if (options.transport !== 'ipc') this.output = proc.stdout!;
      proc.stderr!.on('data', (d) => (this.stderr += d));
      proc.on('exit', (code) => {
        this.exitCode = code ?? 1;
        for (const w of this.exitWaiters.splice(0)) w();
      });
      this.kill = () => proc.kill();
    }
    const listen = reader.listen.bind(reader);
    reader.listen = (callback) => listen((m) => {
      const raw = Message.isResponse(m) && typeof m.id === 'string' ? this.rawAnswers.get(m.id) : undefined;
      if (raw) {
        this.rawAnswers.delete((m as ResponseMessage).id as string);
        raw(m as ResponseMessage);
      } else if (Message.isResponse(m) && m.id === null) this.answersWithoutId.push(m);
      else callback(m);
    });
    this.writeRaw = (message) => writer.write(message as Message);
    this.conn = createMessageConnection(reader, writer);
    this.conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      this.published.set(p.uri, [...(this.published.get(p.uri) ?? []), p]);
      for (const w of this.waiters.splice(0)) w();
    });
    this.conn.onRequest('workspace/configuration', async (p: { items: unknown[] }) => {
      this.serverRequests.push('workspace/configuration');
      // Infinity: never answered (no timer, which would keep the test's process alive).
      if (options.settingsDelayMs === Infinity) await new Promise(() => undefined);
      if (options.settingsDelayMs) await new Promise((r) => setTimeout(r, options.settingsDelayMs));
      return p.items.map(() => this.settings);
    });
    this.conn.onRequest((method: string, params: unknown) => {
      this.serverRequests.push(method);
      if (method === 'client/registerCapability') this.registrations.push(...((params as { registrations?: [] } | undefined)?.registrations ?? []));
      if (options.refuse?.includes(method)) return new ResponseError(-32601, `Unhandled method ${method}`);
      return null; // client/registerCapability, workspace/diagnostic/refresh
    });
    this.conn.onNotification('window/logMessage', (m: { message: string }) => void this.logs.push(m.message));
    this.conn.listen();
  }

  static async start(options: ClientOptions = {}): Promise<LspClient> {
    const c = new LspClient(options);
    c.initializeResult = await c.conn.sendRequest<InitializeResult>('initialize', {
      processId: process.pid,
      rootUri: null,
      workspaceFolders: options.workspaceFolders?.map((uri, i) => ({ uri, name: `folder ${i}` })) ?? null,
      ...(options.initializationOptions ? { initializationOptions: options.initializationOptions } : {}),
      capabilities: options.capabilities ?? {
        // As VS Code declares them.
        workspace: { ...(options.applyEdit ? { applyEdit: true } : {}), ...(options.watchFiles ? { didChangeWatchedFiles: { dynamicRegistration: true } } : {}), configuration: true, workspaceFolders: true, workspaceEdit: { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'] }, diagnostics: { refreshSupport: true }, didChangeConfiguration: { dynamicRegistration: true } },
        textDocument: {
          ...(options.pull ? { diagnostic: { dynamicRegistration: false, relatedInformation: true } } : {}),
          publishDiagnostics: { relatedInformation: true, versionSupport: true, tagSupport: { valueSet: [1, 2] } },
          completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } },
          hover: { contentFormat: ['markdown', 'plaintext'] },
          definition: { linkSupport: true },
          codeAction: {
            codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source', 'source.fixAll'] } },
            ...(options.resolve ? { dataSupport: true, resolveSupport: { properties: ['edit'] } } : {}),
          },
        },
      },
    });
    await c.conn.sendNotification('initialized', {});
    return c;
  }

  open(uri: string, text: string, version = 1): Promise<void> {
    return this.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'toml', version, text } });
  }

  change(uri: string, version: number, changes: unknown[]): Promise<void> {
    return this.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: changes });
  }

  /** Pushed diagnostics for `uri` at `version` (waits for them). */
  async pushed(uri: string, version: number, timeoutMs = 10_000): Promise<Diagnostic[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.published.get(uri)?.find((p) => p.version === version);
      if (hit) return hit.diagnostics;
      if (Date.now() > deadline) throw new Error(`no diagnostics pushed for ${uri} v${version}; got versions ${this.published.get(uri)?.map((p) => p.version)}`);
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 200);
      });
    }
  }

  allPushed(uri: string): PublishDiagnosticsParams[] {
    return this.published.get(uri) ?? [];
  }

  async pulled(uri: string): Promise<Diagnostic[]> {
    const report = await this.conn.sendRequest<{ kind: string; items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri } });
    return report.items;
  }

  /**
   * A request written as given, past the connection (whose `sendRequest` puts params that are not an
   * object in a list: `null` as `[null]`), `params` left out if undefined: its answer, result or error.
   */
  rawRequest(method: string, params: unknown): Promise<ResponseMessage> {
    const id = `raw-${++this.rawSent}`;
    return new Promise((resolve) => {
      this.rawAnswers.set(id, resolve);
      void this.writeRaw({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
    });
  }

  request<R>(method: string, params: unknown): Promise<R> {
    return this.conn.sendRequest<R>(method, params);
  }

  /** The completion items at `position`, from a list or an array (a tool-name list comes incomplete), or null. */
  async completion(uri: string, position: Position): Promise<CompletionItem[] | null> {
    const result = await this.request<CompletionItem[] | CompletionList | null>('textDocument/completion', { textDocument: { uri }, position });
    return result === null ? null : Array.isArray(result) ? result : result.items;
  }

  /** Stops reading what the server writes over stdio, as a client busy elsewhere: the pipe fills, and the server's writes wait. */
  pauseReading(): void {
    this.output!.pause();
  }

  resumeReading(): void {
    this.output!.resume();
  }

  /** Shuts the server down as an editor does (`shutdown`, then `exit`) and waits for its process to end: its exit code. */
  async quit(): Promise<number> {
    const ended = new Promise<void>((r) => (this.exitCode === null ? this.exitWaiters.push(r) : r()));
    await this.conn.sendRequest('shutdown');
    await this.conn.sendNotification('exit');
    await ended;
    this.conn.dispose();
    return this.exitCode!;
  }

  async stop(): Promise<void> {
    try {
      await Promise.race([this.conn.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 2000))]);
      await this.conn.sendNotification('exit');
    } catch {
      // the server may already be gone
    }
    this.conn.dispose();
    if (this.exitCode === null) this.kill();
  }
}

/** A client started with `options`, given to `body`, and stopped whatever `body` does. */
export async function withClient(options: Parameters<typeof LspClient.start>[0], body: (c: LspClient) => Promise<void>): Promise<void> {
  const c = await LspClient.start(options);
  try {
    await body(c);
  } finally {
    await c.stop();
  }
}
