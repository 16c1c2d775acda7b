// Code actions, their resolve, and the server's commands that apply them (`mars.applyEdit`,
// `mars.fixAll`) for a client that cannot resolve or take literals; a fix-all made a step at a
// time, stopped by a cancel or an edit.

import {
  type CancellationToken, type CodeAction, type Command, ErrorCodes, LSPErrorCodes, ResponseError, type TextDocumentEdit, type WorkspaceEdit,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { SeverityOverrides } from '../analysis/codes';
import { type DocumentAnalysis } from '../analysis/document';
import { documentFixAllSteps } from '../analysis/documentFixAll';
import { codeActions, isFixAllData, resolveFixAll, type FixAll, type FixAllData } from '../features/codeActions';
import { isRange, isRangeIn, versionedEdit, withoutVersions } from '../features/convert';
import { renameAction } from '../features/fileName';
import { APPLY_EDIT_COMMAND, FIX_ALL_COMMAND } from '../protocol';
import type { ServerContext } from './context';
import { isObject } from './incoming';
import { cancelled, untilCancelled, type Requests } from './requests';
import { pace, runSteps } from './steps';
import { briefly, briefName, kindOf, writable } from './told';

/** The edit a `mars.applyEdit` command carries: what `versionedEdit` makes, each document named with its version. */
function isVersionedEdit(e: unknown): e is WorkspaceEdit & { documentChanges: TextDocumentEdit[] } {
  const changes = (e as WorkspaceEdit | null)?.documentChanges;
  return Array.isArray(changes) && changes.length > 0 && changes.every((change: unknown) => {
    const c = change as Partial<TextDocumentEdit> | null;
    return typeof c?.textDocument?.uri === 'string' && Number.isInteger(c.textDocument.version) && Array.isArray(c.edits)
      && c.edits.every((t: unknown) => isRange((t as { range?: unknown } | null)?.range) && typeof (t as { newText?: unknown }).newText === 'string');
  });
}

// File-wide fixes, computed a unit at a time so that a cancel stops them (see steps.ts).
const fixAllOf = (da: DocumentAnalysis, overrides: SeverityOverrides, token: CancellationToken): FixAll =>
  (code) => runSteps(documentFixAllSteps(da, overrides, code), token);

const contentModified = () => new ResponseError(LSPErrorCodes.ContentModified, 'the document changed while its code actions were made');

/**
 * An action as a Command, for a client without CodeAction literals (LSP 3.17): the server applies
 * its edit when the command is run (`mars.applyEdit`, through `workspace/applyEdit`), with the
 * stamp of the text it was made for.
 */
const asCommand = (a: CodeAction, stamp: number): Command => ({ title: a.title, command: APPLY_EDIT_COMMAND, arguments: [a.edit, { stamp }] });

/**
 * A deferred fix-all as the action that runs it, for a client that cannot resolve it: the command
 * computes its edits when it is run, with the stamp of the text it was offered for.
 */
const runsFixAll = (a: CodeAction, data: FixAllData, stamp: number): CodeAction => {
  const { data: _, ...rest } = a;
  return { ...rest, command: { title: a.title, command: FIX_ALL_COMMAND, arguments: [data, { stamp }] } };
};

const changedSinceOffered = () => new ResponseError(LSPErrorCodes.ContentModified, 'the document changed since the action was offered');

export function listenCodeActions(ctx: ServerContext, { guard, settingsOf }: Requests): void {
  const { connection, documents, states, nameOf, marsDoc, isOpen } = ctx;

  /**
   * Actions are made a step at a time, and an edit may come in between: their edits would then be of
   * a text the client no longer has, and a client without versioned edits would apply them to the
   * new one. So the work stops, and the request fails with ContentModified (LSP 3.17), when the
   * document no longer holds the text of `stamp`.
   */
  const whileHolds = (doc: TextDocument, stamp: number, token: CancellationToken) => {
    // Open (this document object, not one opened again since) and of the same text.
    const holds = () => isOpen(doc) && states.get(doc.uri)?.stamp === stamp;
    const stepToken = { get isCancellationRequested() { return token.isCancellationRequested || !holds(); } } as CancellationToken;
    const check = () => {
      if (token.isCancellationRequested) throw cancelled();
      if (!holds()) throw contentModified();
    };
    return { stepToken, check };
  };

  const asClientTakes = (a: CodeAction): CodeAction => (a.edit && !ctx.client.documentChanges ? { ...a, edit: withoutVersions(a.edit) } : a);

  connection.onCodeAction(guard('codeAction', () => [], async (params, token: CancellationToken): Promise<Array<CodeAction | Command>> => {
    const { literals, renamesFiles, applyEdit, resolveEdits, commands } = ctx.client;
    // A file named in other letter cases is renamed (a client without literals gets no rename: its
    // actions are commands that apply text edits).
    const name = nameOf(params.textDocument?.uri);
    const rename = name && literals && renamesFiles && isRange(params.range) ? renameAction(params.textDocument.uri, name, params.range, params.context ?? { diagnostics: [] }) : null;
    const doc = marsDoc(params.textDocument?.uri);
    // Without literals, an action the client could not apply is no action.
    if (!doc || (!literals && !applyEdit)) return rename ? [rename] : [];
    // The range and diagnostics are of the text held now. The settings may take a round trip to the
    // client (after a change of them), and edits meanwhile would have the actions made for a text the
    // request was not about, at its version: answered as for an edit during the analysis.
    const asked = states.of(doc.uri).stamp;
    const { overrides } = await settingsOf(doc.uri, token);
    if (!isOpen(doc) || states.of(doc.uri).stamp !== asked) return [];
    const da = await untilCancelled(states.analysisSoon(doc), token);
    if (token.isCancellationRequested) throw cancelled();
    if (!da) return []; // the document changed: the client asks again for the new version
    if (!isRangeIn(da.lines, params.range)) return []; // a range the document does not have, as a position (`analysedAt`)
    const stamp = states.of(doc.uri).stamp; // of the text `da` is of: nothing ran in between
    const { stepToken, check } = whileHolds(doc, stamp, token);
    const lazy = resolveEdits || commands.has(FIX_ALL_COMMAND);
    const actions = await codeActions(doc.uri, doc.version, da, overrides, params.context ?? { diagnostics: [] }, lazy, fixAllOf(da, overrides, stepToken), pace(stepToken));
    check();
    // A deferred fix-all is resolved by a client that can, else run as the server's command.
    const taken = resolveEdits ? actions : actions.map((a) => (!a.edit && isFixAllData(a.data) ? runsFixAll(a, a.data, stamp) : a));
    return literals ? [...(rename ? [rename] : []), ...taken.map(asClientTakes)] : taken.map((a) => a.command ?? asCommand(a, stamp));
  }));

  /** A command's run on a document, until the client has answered its `workspace/applyEdit`. */
  const commandRuns = new Map<string, Promise<unknown>>();

  /**
   * Runs a command on a document once the runs on it before it are done: an edit of this document
   * still being applied changes its text first (the client sends its change before it answers), so
   * a command run twice finds the text changed and applies once.
   */
  const inTurn = (uri: string, run: () => Promise<void>): Promise<void> => {
    const mine = (commandRuns.get(uri) ?? Promise.resolve()).then(run);
    const settled = mine.catch(() => undefined);
    commandRuns.set(uri, settled);
    void settled.then(() => {
      if (commandRuns.get(uri) === settled) commandRuns.delete(uri);
    });
    return mine;
  };

  /**
   * Whether the document still holds the text a command was offered for: its edit, or the fix-all
   * it computes, would land in the wrong place on another. The version alone does not tell (a
   * reopen starts the count again): the server's stamp, the command's second argument, does.
   */
  const stillOffered = (uri: string, version: number | null, args: unknown[] | undefined): boolean =>
    documents.get(uri)?.version === version && (args?.[1] as { stamp?: unknown } | null | undefined)?.stamp === states.get(uri)?.stamp;

  const applyThroughClient = async (edit: WorkspaceEdit) => {
    // As the client sent it: null from a client that does not read the request (a TypeError here, once).
    // An error it answered was the command's own answer: whole, or unwritable when nested too deep.
    let result: unknown;
    try {
      result = await connection.workspace.applyEdit(ctx.client.documentChanges ? edit : withoutVersions(edit));
    } catch (e) {
      if (!(e instanceof ResponseError)) throw e;
      const { code, message }: { code: unknown; message: unknown } = e;
      const said = `${typeof code === 'number' ? code : briefly(code)} ${typeof message === 'string' ? briefName(message) : briefly(message)}`;
      return void connection.console.warn(`the edit was not applied: the client refused it (${said})`);
    }
    if (!isObject(result) || typeof result.applied !== 'boolean') {
      const what = isObject(result) && !('applied' in result) ? 'an object without applied' : briefly(result);
      connection.console.warn(`the client answered workspace/applyEdit with ${what}, not { applied: true or false }: whether the edit was applied is not known`);
    } else if (!result.applied) connection.console.warn(`the edit was not applied${typeof result.failureReason === 'string' && result.failureReason ? `: ${briefName(result.failureReason)}` : ''}`);
  };

  /** `mars.applyEdit`: the edit of an action, as it was made. */
  const applyEditCommand = (args: unknown[] | undefined): Promise<void> => {
    const edit: unknown = args?.[0];
    if (!isVersionedEdit(edit)) throw new ResponseError(ErrorCodes.InvalidParams, `${APPLY_EDIT_COMMAND} takes the edit of a code action`);
    const changes: readonly TextDocumentEdit[] = edit.documentChanges;
    const uri = changes[0]!.textDocument.uri;
    return inTurn(uri, async () => {
      if (changes.some((c) => c.textDocument.uri !== uri || !stillOffered(uri, c.textDocument.version, args))) throw changedSinceOffered();
      await applyThroughClient(edit);
    });
  };

  /** `mars.fixAll`: a fix-all computed now, for the text it was offered for, cancellable and stopped by an edit. */
  const fixAllCommand = (args: unknown[] | undefined, token: CancellationToken): Promise<void> => {
    const data: unknown = args?.[0];
    if (!isFixAllData(data)) throw new ResponseError(ErrorCodes.InvalidParams, `${FIX_ALL_COMMAND} takes the data of a fix-all action`);
    return inTurn(data.uri, async () => {
      const doc = marsDoc(data.uri);
      if (!doc || !stillOffered(data.uri, data.version, args)) throw changedSinceOffered();
      const { stepToken, check } = whileHolds(doc, states.of(doc.uri).stamp, token);
      const { overrides } = await settingsOf(doc.uri, token);
      check();
      const da = await states.analysisSoon(doc);
      check();
      if (!da) throw contentModified();
      const edits = await fixAllOf(da, overrides, stepToken)(data.code);
      check();
      // Nothing left to fix (a setting turned its code off since): nothing to apply.
      if (edits && edits.length > 0) await applyThroughClient(versionedEdit(doc.uri, doc.version, da.lines, edits));
    });
  };

  connection.onExecuteCommand(guard('executeCommand', () => null, async (params, token: CancellationToken) => {
    const command: unknown = params.command;
    if (command === undefined) throw new ResponseError(ErrorCodes.InvalidParams, 'workspace/executeCommand came without its command (a string)');
    if (typeof command !== 'string') throw new ResponseError(ErrorCodes.InvalidParams, `workspace/executeCommand takes its command as a string, not ${kindOf(command)}`);
    if (!ctx.client.commands.has(command)) throw new ResponseError(ErrorCodes.InvalidParams, `unknown command ${briefName(command)}`);
    await (params.command === FIX_ALL_COMMAND ? fixAllCommand(params.arguments, token) : applyEditCommand(params.arguments));
    return null;
  }));

  // An action this server did not make (or a resolve that fails) is answered unchanged; one that
  // cannot be (nested too deep for the writer's JSON.stringify, which failed with -32603 "Maximum
  // call stack size exceeded") is refused, as no action the server offered is.
  connection.onCodeActionResolve(guard('codeAction/resolve', (a: CodeAction, _token: CancellationToken) => a, async (a, token: CancellationToken) => {
    if (!writable(a)) throw new ResponseError(ErrorCodes.InvalidParams, 'codeAction/resolve takes back a code action the server offered: this one is nested too deep to be sent back');
    const data: unknown = a.data;
    const doc = isFixAllData(data) ? marsDoc(data.uri) : undefined;
    if (!doc) return a;
    const { overrides } = await settingsOf(doc.uri, token);
    if (!isOpen(doc)) throw contentModified(); // closed (and perhaps opened again) while the settings came
    // A text not analysed yet (an edit since the action was offered; a 10 MB file's first analysis
    // takes seconds) is analysed a few sections at a time, as for a code action: other requests,
    // and a cancel, are read meanwhile.
    const da = await untilCancelled(states.analysisSoon(doc), token);
    if (token.isCancellationRequested) throw cancelled();
    if (!da) throw contentModified(); // changed or closed during the analysis: resolved again by the client if it still wants it
    const { stepToken, check } = whileHolds(doc, states.of(doc.uri).stamp, token); // of the text `da` is of: nothing ran in between
    const resolved = await resolveFixAll(a, doc.version, da, fixAllOf(da, overrides, stepToken));
    check();
    return asClientTakes(resolved);
  }));
}
