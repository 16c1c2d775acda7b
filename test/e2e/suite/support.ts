// What the suites of test/e2e/suite share: the extension's id and API, the workspace, diagnostics,
// waits on events or polls with a deadline (never a fixed sleep), and the command palette where the
// runner can look at it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

export const EXTENSION_ID = 'mars-toml.mars-toml';
/** Set by run.mjs --web: the web extension under test, in the web worker extension host. */
export const WEB = process.env.E2E_HOST === 'web';

export interface Api {
  readonly activatedAt: number;
  readonly ready: Promise<void>;
  readonly serverReadyAt: () => number | undefined;
  /** The running client: `state` 2 is running, 1 stopped (vscode-languageclient's `State`). */
  client(): { readonly state: number; sendNotification(method: string): Promise<void>; onDidChangeState(listener: (e: { newState: number }) => void): vscode.Disposable } | undefined;
  readonly codeCache?: string;
}

export const folder = () => {
  const f = vscode.workspace.workspaceFolders?.[0];
  assert.ok(f, 'the e2e runner opens a copy of a folder of test/e2e as the workspace');
  return f.uri;
};
export const fileUri = (...segments: string[]) => vscode.Uri.joinPath(folder(), ...segments);

export const marsDiagnostics = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'mars');
export const codeOf = (d: vscode.Diagnostic) => (typeof d.code === 'object' ? String(d.code.value) : String(d.code));
export const show = (ds: readonly vscode.Diagnostic[]) =>
  ds.map((d) => `${codeOf(d)}@${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character}`).join(', ') || '(none)';

/** Resolves with the mars diagnostics of `uri` once `accept` takes them; waits on onDidChangeDiagnostics. */
export function waitForDiagnostics(uri: vscode.Uri, accept: (ds: vscode.Diagnostic[]) => boolean, what: string, timeoutMs = 20_000): Promise<vscode.Diagnostic[]> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const ds = marsDiagnostics(uri);
      if (!accept(ds)) return false;
      finish();
      resolve(ds);
      return true;
    };
    const sub = vscode.languages.onDidChangeDiagnostics((e) => {
      if (e.uris.some((u) => u.toString() === uri.toString())) check();
    });
    const timer = setTimeout(() => {
      finish();
      reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what} in ${uri.path}; diagnostics now: ${show(marsDiagnostics(uri))}`));
    }, timeoutMs);
    const finish = () => {
      clearTimeout(timer);
      sub.dispose();
    };
    check();
  });
}

/** Polls `probe` until it returns a value (not undefined), or fails after the deadline. */
export async function poll<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The range of the content of the first string literal `"text"` at or after `from` (inside the quotes). */

export async function open(uri: vscode.Uri): Promise<vscode.TextDocument> {
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc, { preview: false });
  return doc;
}

/** An untitled `mars.toml` in a folder of its own (`name`), shown in an editor, holding `text`. */
export async function untitledMarsToml(name: string, text: string): Promise<{ uri: vscode.Uri; doc: vscode.TextDocument; editor: vscode.TextEditor }> {
  const uri = vscode.Uri.joinPath(folder(), name, 'mars.toml').with({ scheme: 'untitled' });
  const doc = await vscode.workspace.openTextDocument(uri);
  const editor = await vscode.window.showTextDocument(doc);
  const edit = new vscode.WorkspaceEdit();
  edit.insert(uri, new vscode.Position(0, 0), text);
  assert.ok(await vscode.workspace.applyEdit(edit));
  return { uri, doc, editor };
}

/** Set by run.mjs on the code-server route, whose runner drives the workbench's UI when a test asks. */
const UI = process.env.E2E_UI === 'code-server';
let uiRequests = 0;

/**
 * The titles of the commands the command palette lists for `query`, as a user typing it sees them
 * (what `when` clauses leave in: no API tells), or undefined where the runner cannot look (the
 * desktop route). The request is a log line the runner reads; it writes its answer into the workspace.
 */
export async function paletteTitles(query: string): Promise<string[] | undefined> {
  if (!UI) return undefined;
  const id = `palette-${++uiRequests}`;
  console.log(`E2E_UI ${JSON.stringify({ id, palette: query })}`);
  const answer = fileUri('.e2e-ui', `${id}.json`);
  // Read until it parses: a runner writing it in place could be read half written.
  const read = (b: Uint8Array) => {
    try {
      return JSON.parse(new TextDecoder().decode(b)) as { titles?: string[]; error?: string };
    } catch {
      return undefined;
    }
  };
  const { titles, error } = await poll(async () => vscode.workspace.fs.readFile(answer).then(read, () => undefined), `the runner's answer ${answer.path}`, 30_000);
  assert.ok(titles, `the runner could not read the command palette: ${error}`);
  return titles;
}
