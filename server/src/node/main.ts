// Node entry of the language server: `node dist/server.js --stdio` (as the VS Code client starts
// it), or `--node-ipc`, `--socket=<port>`, `--pipe=<name>`. Over stdio, a socket or a pipe, messages
// are encoded by `encodeMessage`, which writes a big file's diagnostics from the JSON kept for each
// section, and read by our reader (stdioReader.ts).
import net from 'node:net';
import {
  createConnection, ErrorCodes, IPCMessageReader, IPCMessageWriter, ProposedFeatures, StreamMessageWriter, type Connection, type Message, type ResponseMessage,
} from 'vscode-languageserver/node';
import { encodeMessage } from '../lsp/encodedRuns';
import { connectionOptions, refuseIdsInFlight } from '../lsp/incoming';
import { startServer } from '../lsp/server';
import { codeIsWarm } from './codeCache';
import { readByMars } from './fileName';
import { mcpServersChanged, mcpServersFor } from './mcpServers';
import { StdioMessageReader } from './stdioReader';

/**
 * A connection over a stream each way: stdio, or a socket or a pipe (one stream both ways). The
 * library read a socket's or a pipe's messages with its own reader, which dropped a body that is no
 * JSON without a word and misread or waited on a header it could not read; each transport now reads
 * and answers alike.
 */
function streamConnection(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Connection {
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
  const writer = new StreamMessageWriter(output, { contentTypeEncoder: { name: 'application/json', encode } });
  // The input is read by a reader of ours, which checks each header (stdioReader.ts); given the input's `on`
  // (and a `read`), the library still exits when the editor closes it, as it does for a stream. It
  // accepts a reader and a writer in the streams' place at run time (the typings only allow both
  // streams or both endpoints).
  // A body that is no JSON is answered Parse error under id null, as JSON-RPC 2.0 says (the library dropped it without a word).
  const parseError = (why: string) => void writer.write({ jsonrpc: '2.0', id: null, error: { code: ErrorCodes.ParseError, message: why } } as ResponseMessage).catch(() => undefined);
  const reader = new StdioMessageReader(input, (why) => stopOnBadHeader(why, connection), parseError);
  refuseIdsInFlight(reader, writer);
  const stream = Object.assign(reader, { read: () => null, on: (event: string, listener: () => void) => input.on(event, listener) });
  const connection = createConnection(ProposedFeatures.all, stream as unknown as NodeJS.ReadableStream, writer as unknown as NodeJS.WritableStream, connectionOptions(writer));
  // stdout carries the protocol over stdio: anything logged goes to the client's output channel instead (over any stream, alike).
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

/** Over Node IPC, the reader and writer the library would make, made here to answer what it cannot read (connectionOptions, refuseIdsInFlight). */
function ipcConnection(): Connection {
  const [reader, writer] = [new IPCMessageReader(process), new IPCMessageWriter(process)];
  refuseIdsInFlight(reader, writer);
  return createConnection(ProposedFeatures.all, reader, writer, connectionOptions(writer));
}

/** Ends the server before it has a connection, saying why on stderr. */
function fail(why: string, code: number): never {
  process.stderr.write(`mars-toml: ${why}\n`);
  process.exit(code);
}

/**
 * The socket or pipe `--socket=<port>` or `--pipe=<name>` names (`--socket 5007` as `--socket=5007`,
 * as the library reads them), connected to: the client listens there. The library threw from inside
 * the bundle on a port that is none, and exited 0 without a word when nothing listened.
 */
function clientSocket(argv: readonly string[]): net.Socket {
  const at = argv.findIndex((a) => /^--(?:socket|pipe)(?:=|$)/.test(a));
  const arg = argv[at]!;
  const kind = arg.startsWith('--socket') ? 'socket' : 'pipe';
  const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[at + 1] ?? '';
  let socket: net.Socket;
  let where: string;
  if (kind === 'socket') {
    const port = /^[0-9]{1,5}$/.test(value) ? Number(value) : 0;
    if (port < 1 || port > 65535) fail(`--socket takes the port the client listens at (a whole number from 1 to 65535), not ${JSON.stringify(value.slice(0, 100))}`, 2);
    where = `port ${port} of 127.0.0.1`;
    socket = net.createConnection(port, '127.0.0.1');
  } else {
    if (value === '') fail('--pipe takes the name of the pipe the client listens at', 2);
    where = `the pipe ${value}`;
    socket = net.createConnection(value);
  }
  const unreached = (e: NodeJS.ErrnoException) => fail(`cannot connect to the client at ${where} (${e.code ?? e.message}): is it listening?`, 1);
  socket.once('error', unreached);
  socket.once('connect', () => socket.off('error', unreached));
  return socket;
}

const argv = process.argv.slice(2);
// The ways to talk the library reads from the command line.
const transport = argv.find((a) => /^--(?:stdio|node-ipc|socket|pipe)(?:=|$)/.test(a))?.replace(/=.*/s, '');
if (transport) {
  const ipc = transport === '--node-ipc';
  let connection: Connection;
  if (transport === '--stdio') connection = streamConnection(process.stdin, process.stdout);
  else if (ipc) connection = ipcConnection();
  else {
    const socket = clientSocket(argv);
    connection = streamConnection(socket, socket);
  }
  startServer(connection, { mcpServers: mcpServersFor, mcpServersChanged, encodesRuns: !ipc, diagnosed: codeIsWarm, readByMars });
} else {
  // Started by hand: the library would throw from inside the bundle (a stack and minified source).
  process.stderr.write('usage: node dist/server.js --stdio (or --node-ipc, --socket=<port>, --pipe=<name>) [--code-cache=<folder>]\nthe Mars TOML language server: an editor starts it and speaks LSP to it\n');
  process.exitCode = 2;
}
