// What the server checks of each incoming message before vscode-languageserver sees it, per
// connection (`connectionOptions`, `refuseIdsInFlight`): the library fails, logs whole or never
// answers on messages LSP and JSON-RPC do not allow, so they are refused or read here instead.

import { type ConnectionOptions, ErrorCodes, Message, type MessageReader, type MessageWriter, type NotificationMessage, type RequestMessage, type ResponseMessage } from 'vscode-languageserver';
import { briefly, briefName, kindOf } from './told';

/**
 * What `connectionOptions` puts in the place of a request's params that are not an object (`null`,
 * a number: JSON-RPC's params are an object or an array, and LSP's an object but for `shutdown`,
 * which takes none). Left as they came, `null` failed in the library with a TypeError
 * (InternalError) before our handler ran, and a number reached it as if it were params. Every
 * handler (`guard`) refuses it with InvalidParams, once the lifecycle has not refused the request.
 * A notification the server cannot read comes as one too (`IGNORED_NOTIFICATION`).
 */
export class NotParams {
  /** `why`: what is wrong, for a message (`textDocument/hover takes its params as an object, not null`). */
  constructor(readonly method: string, readonly why: string) {}
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Params that are not an object, as `NotParams`. */
function notAnObject(method: string, given: unknown): NotParams {
  if (given === undefined) return new NotParams(method, `${briefName(method)} came without its params (an object)`);
  return new NotParams(method, `${briefName(method)} takes its params as an object, not ${kindOf(given)}`);
}

/** The notifications of a document, which the library's TextDocuments reads (their `textDocument.uri`, a didChange's list). */
const DOCUMENT_NOTIFICATIONS: ReadonlySet<string> = new Set(['textDocument/didOpen', 'textDocument/didChange', 'textDocument/didClose', 'textDocument/didSave', 'textDocument/willSave']);

/** What the server cannot read in a notification's params, or null. */
function unreadableNotification(method: string, params: unknown): NotParams | null {
  if (!isObject(params)) return notAnObject(method, params);
  if (!DOCUMENT_NOTIFICATIONS.has(method)) return null;
  const document = params.textDocument;
  if (!isObject(document) || typeof document.uri !== 'string') return new NotParams(method, `${method} takes a textDocument with its uri (a string)`);
  if (method === 'textDocument/didChange' && !Array.isArray(params.contentChanges)) return new NotParams(method, `${method} takes its contentChanges as a list`);
  return null;
}

/**
 * A didChange without a version (or of null) with one that is no whole number, which `update` reads
 * as the next: the library failed on the change (logging an error) and dropped it, and the server's
 * text went out of step with the editor's for good. Other notifications as they came.
 */
function versioned(message: NotificationMessage): NotificationMessage {
  if (message.method !== 'textDocument/didChange') return message;
  const params = message.params as { textDocument: { version?: unknown } };
  if (params.textDocument.version !== undefined && params.textDocument.version !== null) return message;
  return { ...message, params: { ...params, textDocument: { ...params.textDocument, version: Number.NaN } } };
}

/**
 * The method a notification the server cannot read comes under (with `NotParams`), to be logged
 * as ignored: no handler reads it, and a client's message of that name is not one.
 */
export const IGNORED_NOTIFICATION = 'notification without params (ignored)';

const isId = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';

/**
 * Whether a number read from JSON is the one the client wrote, to answer under: JSON reads a number as
 * a double, `1e400` as Infinity (written back as null) and a whole number past 2^53 - 1 as another
 * (2^53 + 1 as 2^53). LSP's ids are 32-bit integers; those up to 2^53 - 1, and fractions, keep their value.
 */
const keepsValue = (n: number) => Number.isFinite(n) && (Number.isSafeInteger(n) || !Number.isInteger(n));

/**
 * What makes a message none of JSON-RPC's (a request, a notification, a response), and the id to
 * answer it under: the request's if it can be read, else null (JSON-RPC 2.0, Invalid Request). Not an
 * answer of the client's with an id but neither a result nor an error (see `connectionOptions`).
 */
function notJsonRpc(message: unknown): { why: string; id: string | number | null } | null {
  if (!isObject(message)) {
    // A list is JSON-RPC's batch, which LSP has none of: answered once, as a client of LSP reads no list of answers.
    return { why: `a message is a JSON object, not ${kindOf(message)}${Array.isArray(message) ? ' (LSP has no batches: send each message on its own)' : ''}`, id: null };
  }
  const { method, id } = message;
  if (method !== undefined) {
    if (typeof method !== 'string') return { why: `a message's method is a string, not ${kindOf(method)}`, id: isId(id) && (typeof id === 'string' || keepsValue(id)) ? id : null };
    if (id !== undefined && !isId(id)) return { why: `${briefName(method)} came with an id of ${kindOf(id)}: a request's id is a string or a number, and a notification has none`, id: null };
    if (typeof id === 'number' && !keepsValue(id)) {
      return { why: `${briefName(method)} came with an id of a number JSON cannot keep (read as ${String(id)}): a number id is a whole number of at most 9007199254740991 (2^53 - 1) either way; send a smaller one, or a string`, id: null };
    }
    return null;
  }
  if (message.result === undefined && !message.error) return { why: 'a message has a method (a request or a notification), or a result or an error and an id (a response)', id: null };
  if (id === undefined) return { why: "a response has an id (null if the request's could not be read)", id: null };
  if (id !== null && !isId(id)) return { why: `a response's id is a string, a number or null, not ${kindOf(id)}`, id: null };
  return null;
}

/**
 * An error the client answered under id null (to a message of the server's it could not read), each
 * part brief, for the library to log: it logged it whole (a 1 MB message, 1 MB logged), and one
 * nested too deep failed it with a RangeError.
 */
function brieflyError(error: unknown): unknown {
  if (!isObject(error)) return briefly(error);
  const { code, message, data } = error;
  return {
    code: typeof code === 'number' ? code : briefly(code),
    message: typeof message === 'string' ? briefName(message) : briefly(message),
    ...(data === undefined ? {} : { data: briefly(data) }),
  };
}

/**
 * For each entry's connection (one each), what the library must not see as it came:
 * - Notifications before `initialize` are dropped, but `exit` (LSP 3.17): a document opened then
 *   was kept but never diagnosed, and one closed then was published before the server answered
 *   `initialize`, which the protocol forbids.
 * - A client that leaves `capabilities` (or all params) out of `initialize` breaks the protocol, but
 *   the library would fail on it with a TypeError before our handler runs, and the server could never
 *   start: it is read as declaring no capabilities.
 * - A request's params that are not an object come as `NotParams` (`initialize`'s are read as above;
 *   `shutdown` takes none).
 * - A notification whose params are not an object (or none), or a document's without a textDocument
 *   of a string uri (a didChange's without its list of changes), comes as `NotParams`, under
 *   `IGNORED_NOTIFICATION`: it cannot be refused, and the handlers (the library's too) would fail on
 *   it with a TypeError, read a number as params, or keep a document under a uri that is none. Not
 *   `exit` (it takes none) nor `initialized`, whose params nothing reads, and without which the
 *   server would never register what it registers then.
 * - A `shutdown` before `initialize` comes under another name, which no handler takes: refused as
 *   not initialized, as any request then, without the library counting it as the shutdown after
 *   which `exit` ends the process with 0 (LSP 3.17: 1 without one).
 * - A message that is none of JSON-RPC's (`notJsonRpc`: a list, a string, a request of an id of null)
 *   is answered Invalid Request through `writer` (the entry's), under id null unless a
 *   request's id can be read, as JSON-RPC 2.0 says, over each transport. The library logged the whole
 *   message, of any size, and answered nothing. An answer of the client's with an id but neither a
 *   result nor an error comes as an error: the server's request of that id fails, as the library
 *   made it fail, without the log of it. An error answered under id null comes with each part brief
 *   (`brieflyError`).
 */
export function connectionOptions(writer: Pick<MessageWriter, 'write'>): ConnectionOptions {
  let initializeSeen = false;
  return {
    messageStrategy: {
      handleMessage(message, next) {
        const m: unknown = message;
        if (isObject(m) && m.method === undefined && isId(m.id) && m.result === undefined && !m.error) {
          const refused: ResponseMessage = { jsonrpc: '2.0', id: m.id, error: { code: ErrorCodes.InvalidRequest, message: 'the client answered with neither a result nor an error' } };
          return next(refused);
        }
        if (isObject(m) && m.method === undefined && m.id === null && m.error) {
          const told: ResponseMessage = { jsonrpc: '2.0', id: null, error: brieflyError(m.error) as ResponseMessage['error'] };
          return next(told);
        }
        const invalid = notJsonRpc(m);
        if (invalid) return writer.write({ jsonrpc: '2.0', id: invalid.id, error: { code: ErrorCodes.InvalidRequest, message: invalid.why } } as ResponseMessage);
        if (!initializeSeen && Message.isNotification(message) && message.method !== 'exit') return;
        if (Message.isNotification(message)) {
          const unreadable = message.method === 'exit' || message.method === 'initialized' ? null : unreadableNotification(message.method, message.params);
          return next(unreadable ? ({ jsonrpc: message.jsonrpc, method: IGNORED_NOTIFICATION, params: unreadable } as NotificationMessage) : versioned(message));
        }
        if (!Message.isRequest(message)) return next(message);
        if (!initializeSeen && message.method === 'shutdown') {
          const refused: RequestMessage = { ...message, method: 'shutdown (before initialize)' };
          return next(refused);
        }
        const given: unknown = message.params;
        if (message.method !== 'initialize') {
          const bad = given !== undefined && (typeof given !== 'object' || given === null) && message.method !== 'shutdown';
          return next(bad ? { ...message, params: notAnObject(message.method, given) } : message);
        }
        initializeSeen = true;
        const params = isObject(given) ? given : {};
        if (isObject(params.capabilities)) return next(message);
        const read: RequestMessage = { ...message, params: { ...params, capabilities: {} } };
        return next(read);
      },
    },
  };
}

/**
 * Each entry's reader and writer (the ones given to the connection), made to refuse a request whose id
 * is that of one not answered yet. The library queues the messages it has not handled under each
 * request's id as text (`req-41`): one that reads the same as a request still queued (the same id
 * twice, or 41 and "41") took its place, and that one was never answered, its client waiting for
 * ever. It is refused Invalid Request under its id before the library sees it (a client sends each
 * request in flight under an id of its own); an id may come again once its request is answered. Ids
 * the server answers under null (`keepsValue`) are not kept.
 */
export function refuseIdsInFlight(reader: Pick<MessageReader, 'listen'>, writer: Pick<MessageWriter, 'write'>): void {
  /** The requests not answered yet: their ids, by the text the library keys them by. */
  const inFlight = new Map<string, string | number>();
  const write = writer.write.bind(writer);
  writer.write = (message) => {
    if (Message.isResponse(message) && isId(message.id) && inFlight.get(String(message.id)) === message.id) inFlight.delete(String(message.id));
    return write(message);
  };
  const listen = reader.listen.bind(reader);
  reader.listen = (callback) => listen((message) => {
    const id = Message.isRequest(message) ? message.id : null;
    if (Message.isRequest(message) && id !== null && (typeof id === 'string' || keepsValue(id))) {
      const { method } = message;
      const taken = inFlight.get(String(id));
      if (taken === undefined) inFlight.set(String(id), id);
      else {
        const which = taken === id ? 'that id is not answered yet' : `id ${briefly(taken)} is not answered yet, which the server cannot tell apart from it`;
        const why = `${briefName(method)} came with the id ${briefly(id)} while the request of ${which}: give each request in flight an id of its own`;
        void write({ jsonrpc: '2.0', id, error: { code: ErrorCodes.InvalidRequest, message: why } } as ResponseMessage).catch(() => undefined);
        return;
      }
    }
    callback(message);
  });
}
