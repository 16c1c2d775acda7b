// The VS Code extension, a thin client, whichever host runs it (extension.ts on the desktop and
// remote hosts, browser.ts on VS Code for the Web): it starts the language server for every
// mars.toml / mars.local.toml, whatever language id another extension gives the file, and forwards
// the `mars.*` settings. Everything a user sees comes from the server.

import * as vscode from 'vscode';
import { type BaseLanguageClient, type LanguageClientOptions, State } from 'vscode-languageclient';
import { FILE_NAMES, RESTART_COMMAND, SETTINGS_SECTION } from '../../server/src/protocol';

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
}

const FILE_GLOB = `**/{${FILE_NAMES.join(',')}}`;

/** What differs between the hosts. */
export interface ClientHost {
  /** The URI schemes of the documents served (`file:` and `untitled:` everywhere). */
  readonly schemes: readonly string[];
  /** A client for the bundled server, not started. */
  newClient(id: string, name: string, options: LanguageClientOptions): BaseLanguageClient;
}

let client: BaseLanguageClient | undefined;

export function activateWith(context: vscode.ExtensionContext, host: ClientHost): MarsExtensionApi {
  const activatedAt = Date.now();
  const output = vscode.window.createOutputChannel('Mars TOML', { log: true });
  context.subscriptions.push(output);

  // By file name, not language id: Even Better TOML, Tombi or no TOML extension at all.
  const DOCUMENT_SELECTOR = host.schemes.map((scheme) => ({ scheme, pattern: FILE_GLOB }));
  const clientOptions: LanguageClientOptions = {
    documentSelector: DOCUMENT_SELECTOR,
    synchronize: { configurationSection: SETTINGS_SECTION },
    outputChannel: output,
    // `mars.trace.server` is read by the client itself (id `mars`); traces go to the same channel.
    traceOutputChannel: output,
  };

  const status = vscode.languages.createLanguageStatusItem('mars.server', DOCUMENT_SELECTOR);
  status.name = 'Mars TOML';
  status.text = 'Mars';
  status.detail = 'not started';
  status.command = { title: 'Restart', command: RESTART_COMMAND, tooltip: 'Mars: Restart Language Server' };
  context.subscriptions.push(status);
  const showState = () => {
    const state = client?.state;
    status.busy = state === State.Starting;
    status.detail = state === State.Running ? 'language server running' : state === State.Starting ? 'starting' : 'language server stopped';
    status.severity = state === State.Stopped ? vscode.LanguageStatusSeverity.Warning : vscode.LanguageStatusSeverity.Information;
  };

  let serverReadyAt: number | undefined;
  const start = async (): Promise<void> => {
    client = host.newClient(SETTINGS_SECTION, 'Mars TOML', clientOptions);
    context.subscriptions.push(client.onDidChangeState(showState));
    try {
      await client.start();
      serverReadyAt ??= Date.now();
    } catch (e) {
      output.error(`the language server did not start: ${e instanceof Error ? e.message : String(e)}`);
    }
    showState();
  };

  // The server starts when it has work: at once when a Mars file is open or the workspace holds one
  // (the workspaceContains activation), else (activated by some other TOML file) when the first Mars
  // file opens. A workspace with only a Cargo.toml starts no server process.
  let starting: Promise<void> | undefined;
  const startOnce = () => (starting ??= start());
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

  context.subscriptions.push(
    vscode.commands.registerCommand(RESTART_COMMAND, async () => {
      output.info('restarting the language server');
      if (!client) {
        await startOnce();
      } else if (client.state !== State.Stopped) {
        await client.stop();
        await client.start();
      } else {
        await client.dispose().catch(() => undefined);
        await start();
      }
      showState();
    }),
  );

  return { activatedAt, ready, serverReadyAt: () => serverReadyAt, client: () => client };
}

export async function deactivate(): Promise<void> {
  const c = client;
  client = undefined;
  if (c) await c.stop().catch(() => undefined);
}
