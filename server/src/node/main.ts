// Node entry of the language server: `node dist/server.js --stdio` (as the VS Code client starts
// it), or `--node-ipc`, `--socket=<port>`, `--pipe=<name>`. Over stdio, messages are encoded by
// `encodeMessage`, which writes a big file's diagnostics from the JSON kept for each section.
import {
  createConnection, ErrorCodes, IPCMessageReader, IPCMessageWriter, ProposedFeatures, StreamMessageWriter, type Connection, type Message, type ResponseMessage,
} from 'vscode-languageserver/node';
import { encodeMessage } from '../lsp/encodedRuns';
import { connectionOptions, startServer } from '../lsp/server';
import { codeIsWarm } from './codeCache';
import { mcpServersChanged, mcpServersFor } from './mcpServers';
import { StdioMessageReader } from './stdioReader';

function stdioConnection(): Connection {
  // The writer encodes a message only once the one before it is written out, so the bytes of a
  // message with runs can live in the same memory every time (sized to the recent messages: a huge
  // file's push does not pin its size after the file is closed).
  let scratch = new Uint8Array(0);
  const into = (n: number) => {
    if (scratch.length < n || scratch.length > 4 * n + (1 << 20)) scratch = new Uint8Array(Math.ceil(n * 1.25));
    return scratch.subarray(0, n);
  };
  const encode = (msg: Message) => {
    try {
      return Promise.resolve(encodeMessage(msg, into));
    } catch (e) {
      return Promise.reject(e);
    }
  };
  const writer = new StreamMessageWriter(process.stdout, { contentTypeEncoder: { name: 'application/json', encode } });
  // stdin is read by a reader of ours, which checks each header (stdioReader.ts); given stdin's `on`
  // (and a `read`), the library still exits when the editor closes stdin, as it does for a stream. It
  // accepts a reader and a writer in the streams' place at run time (the typings only allow both
  // streams or both endpoints).
  // A body that is no JSON is answered Parse error under id null, as JSON-RPC 2.0 says (the library dropped it without a word).
  const parseError = (why: string) => void writer.write({ jsonrpc: '2.0', id: null, error: { code: ErrorCodes.ParseError, message: why } } as ResponseMessage).catch(() => undefined);
  const reader = new StdioMessageReader(process.stdin, (why) => stopOnBadHeader(why, connection), parseError);
  const input = Object.assign(reader, { read: () => null, on: (event: string, listener: () => void) => process.stdin.on(event, listener) });
  const connection = createConnection(ProposedFeatures.all, input as unknown as NodeJS.ReadableStream, writer as unknown as NodeJS.WritableStream, connectionOptions(writer));
  // stdout carries the protocol: anything logged goes to the client's output channel instead.
  console.log = console.info = (...args: unknown[]) => connection.console.log(args.join(' '));
  console.warn = (...args: unknown[]) => connection.console.warn(args.join(' '));
  console.error = (...args: unknown[]) => connection.console.error(args.join(' '));
  return connection;
}

/**
 * A message header that cannot be read (stdioReader.ts) leaves the stream out of step: every later
 * message would be misread, and the server went quiet for good, saying nothing. It now says why and
 * exits (1), as rust-analyzer's lsp-server does, so the editor can start it again.
 */
function stopOnBadHeader(problem: string, connection: Connection): void {
  const why = `mars-toml: cannot read a message header from the client (${problem}): the messages after it cannot be told apart, so the server stops`;
  process.stderr.write(`${why}\n`);
  void connection.console.error(why);
  // Once the log line is written out (the writer encodes a message at a time, asynchronously).
  setTimeout(() => process.exit(1), 100);
}

/** Over Node IPC, the reader and writer the library would make, made here to answer what it cannot read (connectionOptions). */
function ipcConnection(): Connection {
  const writer = new IPCMessageWriter(process);
  return createConnection(ProposedFeatures.all, new IPCMessageReader(process), writer, connectionOptions(writer));
}

const stdio = process.argv.includes('--stdio');
// The ways to talk the library reads from the command line (`--socket 5007` as `--socket=5007`).
const transport = process.argv.slice(2).some((a) => /^--(?:stdio|node-ipc|socket|pipe)(?:=|$)/.test(a));
if (transport) {
  const connection = stdio ? stdioConnection() : process.argv.includes('--node-ipc') ? ipcConnection() : createConnection(ProposedFeatures.all, connectionOptions());
  startServer(connection, { mcpServers: mcpServersFor, mcpServersChanged, encodesRuns: stdio, diagnosed: codeIsWarm });
} else {
  // Started by hand: the library would throw from inside the bundle (a stack and minified source).
  process.stderr.write('usage: node dist/server.js --stdio (or --node-ipc, --socket=<port>, --pipe=<name>) [--code-cache=<folder>]\nthe Mars TOML language server: an editor starts it and speaks LSP to it\n');
  process.exitCode = 2;
}
