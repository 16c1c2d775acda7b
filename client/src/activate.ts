// The VS Code extension, a thin client, whichever host runs it (extension.ts on the desktop and
// remote hosts, browser.ts on VS Code for the Web): it starts the language server for every
// mars.toml / mars.local.toml, whatever language id another extension gives the file (and for those
// named so in other letter cases, `Mars.toml`, which the server tells of), and forwards the `mars.*`
// settings. Everything a user sees comes from the server.

import * as vscode from 'vscode';
import { type BaseLanguageClient, type LanguageClientOptions, State } from 'vscode-languageclient';
import { FILE_GLOB, RESTART_COMMAND, SETTINGS_SECTION, SUGGEST_COMMAND_OPTION } from '../../server/src/protocol';
import { forTheVersionAsked } from './freshReports';

/** What `activate` returns: for tests and for other extensions, nothing a user relies on. */
export interface MarsExtensionApi {
  /** `Date.now()` when `activate` was entered. */
  readonly activatedAt: number;
  /**
   * Settles when the server answered `initialize` or failed to start. The server starts once a Mars
   * file is open or found in the workspace, so this may wait for one.
   */
  readonly ready: Promise<void>;
  /** `Date.now()` when the server first answered `initialize`. */
  readonly serverReadyAt: () => number | undefined;
  /** The running client (replaced by a restart). */
  client(): BaseLanguageClient | undefined;
  /** The folder of the server's code cache (server/src/node/codeCache.ts); none for the web extension. */
  readonly codeCache?: string;
}

/**
 * The URI schemes of the documents served, on every host: files, new files, and virtual workspaces
 * (a GitHub repository opened without cloning it is `vscode-vfs:`, on the desktop as on the web);
 * the server needs only a document's text. A list of those served, not of those left out: the old
 * side of a diff (`git:`, `gitlens:`, a pull request's `review:`, local history...) names the same
 * mars.toml and would show each problem twice, and no such list is ever complete; a document filter
 * cannot leave a scheme out, so every hook of the client would have to. Remote hosts (SSH, WSL,
 * containers) run the extension beside the files, as `file:`; a file system of another extension
 * (`sftp:`, `ssh:`) is not served.
 */
const SCHEMES = ['file', 'untitled', 'vscode-vfs', 'vscode-remote', 'vscode-test-web'];

/** The context key set once the server was first started in the window (a `when` in package.json). */
const SERVER_STARTED_CONTEXT = 'mars.serverStarted';

/** What differs between the hosts. */
export interface ClientHost {
  /** A client for the bundled server, not started. */
  newClient(id: string, name: string, options: LanguageClientOptions): BaseLanguageClient;
  /** Where the server keeps its code cache, if it keeps one. */
  codeCache?: string;
}

let client: BaseLanguageClient | undefined;

/** How long a starting server may take to answer `initialize`. */
const START_TIMEOUT_MS = 30_000;

export function activateWith(context: vscode.ExtensionContext, host: ClientHost): MarsExtensionApi {
  const activatedAt = Date.now();
  const output = vscode.window.createOutputChannel('Mars TOML', { log: true });
  context.subscriptions.push(output);

  // By file name, not language id: Even Better TOML, Tombi or no TOML extension at all.
  const DOCUMENT_SELECTOR = SCHEMES.map((scheme) => ({ scheme, pattern: FILE_GLOB }));
  const clientOptions: LanguageClientOptions = {
    documentSelector: DOCUMENT_SELECTOR,
    // No `synchronize.configurationSection`: the server registers for changes of `mars` itself (as
    // it does with any client that can), and both would tell it of each change twice.
    outputChannel: output,
    // `mars.trace.server` is read by the client itself (id `mars`); traces go to the same channel, at
    // its log level Trace only (the library's switch; the setting says how much).
    traceOutputChannel: output,
    // Accepting `allowed` (`allowed = [|]`) opens the list of tool names at once.
    initializationOptions: { [SUGGEST_COMMAND_OPTION]: 'editor.action.triggerSuggest' },
    middleware: {
      provideDiagnostics: (document, previousResultId, token, next) =>
        forTheVersionAsked(() => (document instanceof vscode.Uri ? undefined : document.version), () => next(document, previousResultId, token), () => new vscode.CancellationError()),
    },
  };

  const status = vscode.languages.createLanguageStatusItem('mars.server', DOCUMENT_SELECTOR);
  status.name = 'Mars TOML';
  status.text = 'Mars';
  status.detail = 'not started';
  status.command = { title: 'Restart', command: RESTART_COMMAND, tooltip: 'Mars: Restart Language Server' };
  context.subscriptions.push(status);
  /** The last start failed, or got no answer in time (the client may still say it is starting). */
  let failed = false;
  const showState = () => {
    const state = client?.state;
    // A server that answered after our start gave up on it is up: if it then dies, the client's own
    // restart of it is starting, not a start that failed.
    if (state === State.Running) failed = false;
    const starting = state === State.Starting && !failed;
    status.busy = starting;
    status.detail = state === State.Running ? 'language server running'
      : starting ? 'starting'
      : failed || state === State.StartFailed ? 'the language server did not start' : 'language server stopped';
    status.severity = state === State.Running || starting ? vscode.LanguageStatusSeverity.Information : vscode.LanguageStatusSeverity.Warning;
  };

  let serverReadyAt: number | undefined;
  /** The latest start, settled once its client answered, failed, or timed out (never rejects). */
  let latestStart: Promise<void> = Promise.resolve();
  const start = (): Promise<void> => (latestStart = startClient());
  const startClient = async (): Promise<void> => {
    failed = false;
    const mine = (client = host.newClient(SETTINGS_SECTION, 'Mars TOML', clientOptions));
    context.subscriptions.push(mine.onDidChangeState(showState));
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      // A server that never answers (a web worker whose script failed to load) must not leave the
      // client starting for ever: the status says so, and a restart begins again.
      await Promise.race([mine.start(), new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer to initialize in ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
      })]);
      serverReadyAt ??= Date.now();
    } catch (e) {
      // A client replaced by a restart meanwhile says nothing of the one that replaced it.
      if (client !== mine) return;
      failed = true;
      output.error(`the language server did not start: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      clearTimeout(timer);
    }
    showState();
  };

  // The server starts when it has work: at once when a Mars file is open or the workspace holds one
  // (the workspaceContains activation), else (activated by some other TOML file) when the first Mars
  // file opens. A workspace with only a Cargo.toml starts no server process.
  let starting: Promise<void> | undefined;
  const startOnce = () => {
    // Mars: Restart Language Server is in the command palette only where this is set (package.json's
    // `when`): a window with no Mars file has no server to restart. Never unset: a server that
    // failed to start or stopped is what the command is for.
    if (!starting) void vscode.commands.executeCommand('setContext', SERVER_STARTED_CONTEXT, true);
    return (starting ??= start());
  };
  const isMars = (doc: vscode.TextDocument) => vscode.languages.match(DOCUMENT_SELECTOR, doc) > 0;
  const ready = vscode.workspace.textDocuments.some(isMars)
    ? startOnce()
    : new Promise<void>((resolve) => {
        const go = () => {
          opened.dispose();
          void startOnce().then(resolve);
        };
        const opened = vscode.workspace.onDidOpenTextDocument((doc) => {
          if (isMars(doc)) go();
        });
        context.subscriptions.push(opened);
        vscode.workspace.findFiles(FILE_GLOB, '**/node_modules/**', 1).then((found) => {
          if (found.length > 0) go();
        }, () => undefined);
      });

  // A restart stops a running client and starts a new one. A client still starting is let finish
  // first: disposed while starting, it would try to restart itself and fail loudly. That is our own
  // start (latestStart, with its timeout) or the client's own restart of a server that died, which
  // has no timeout of ours: disposed, it went on starting, and its server ran beside the new one,
  // each sending its diagnostics. One that did not answer in time, or failed to start, cannot be
  // stopped, only disposed. Restarts run one after another.
  const restart = async () => {
    output.info('restarting the language server');
    const old = client;
    if (!old) return startOnce();
    if (old.state === State.Starting) await latestStart;
    if (old.state === State.Starting && !failed) await doneStarting(old, START_TIMEOUT_MS);
    if (old.state === State.Running) await old.stop().catch((e: unknown) => output.warn(`stopping the language server: ${String(e)}`));
    try {
      await old.dispose();
    } catch {
      // never started: nothing to stop
    }
    await start();
  };
  let restarting: Promise<void> = Promise.resolve();
  context.subscriptions.push(vscode.commands.registerCommand(RESTART_COMMAND, () => (restarting = restarting.then(restart, restart))));

  return { activatedAt, ready, serverReadyAt: () => serverReadyAt, client: () => client, codeCache: host.codeCache };
}

/** Settles when `c` is no longer starting, or after `ms`. */
function doneStarting(c: BaseLanguageClient, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      sub.dispose();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const sub = c.onDidChangeState(({ newState }) => {
      if (newState !== State.Starting) done();
    });
  });
}

export async function deactivate(): Promise<void> {
  const c = client;
  client = undefined;
  if (c) await c.stop().catch(() => undefined);
}
