// Node entry of the language server: `node dist/server.js --stdio` (as the VS Code client starts
// it), or `--node-ipc`, `--socket=<port>`, `--pipe=<name>`. Over stdio, messages are encoded by
// `encodeMessage`, which writes a big file's diagnostics from the JSON kept for each section.
import {
  createConnection, ProposedFeatures, StreamMessageWriter, type Connection, type Message,
} from 'vscode-languageserver/node';
import { encodeMessage } from '../lsp/encodedRuns';
import { connectionOptions, startServer } from '../lsp/server';
import { codeIsWarm } from './codeCache';
import { mcpServersChanged, mcpServersFor } from './mcpServers';

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
  // stdin as a stream, so the library still exits when the editor closes it; it accepts a writer
  // in the stream's place at run time (the typings only allow both streams or both endpoints).
  const connection = createConnection(ProposedFeatures.all, process.stdin, writer as unknown as NodeJS.WritableStream, connectionOptions());
  // stdout carries the protocol: anything logged goes to the client's output channel instead.
  console.log = console.info = (...args: unknown[]) => connection.console.log(args.join(' '));
  console.warn = (...args: unknown[]) => connection.console.warn(args.join(' '));
  console.error = (...args: unknown[]) => connection.console.error(args.join(' '));
  return connection;
}

const stdio = process.argv.includes('--stdio');
startServer(stdio ? stdioConnection() : createConnection(ProposedFeatures.all, connectionOptions()), { mcpServers: mcpServersFor, mcpServersChanged, encodesRuns: stdio, diagnosed: codeIsWarm });
