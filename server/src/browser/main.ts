// Browser entry of the language server: a web worker started by the web extension
// (client/src/browser.ts) on vscode.dev, github.dev or any VS Code for the Web. The same server
// core as the Node entry, less what a worker cannot do: there is no file system to find the
// project's MCP servers in (completion in `mcp(` offers only its snippet), and messages go through
// postMessage as objects, so they are not written from encoded runs.
import { BrowserMessageReader, BrowserMessageWriter, createConnection } from 'vscode-languageserver/browser';
import { connectionOptions, refuseIdsInFlight } from '../lsp/incoming';
import { startServer } from '../lsp/server';

// The worker's global scope is its message port (the project's typings have no WebWorker lib).
const port = globalThis as unknown as ConstructorParameters<typeof BrowserMessageReader>[0];
const [reader, writer] = [new BrowserMessageReader(port), new BrowserMessageWriter(port)];
refuseIdsInFlight(reader, writer);
const connection = createConnection(reader, writer, connectionOptions(writer));
startServer(connection);
// `exit` ends the worker, as it ends the Node process: a stopped client leaves no server behind.
connection.onExit(() => (globalThis as { close?: () => void }).close?.());
