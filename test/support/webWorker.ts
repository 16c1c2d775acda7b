// The web extension's server (dist/browser/server.js) in a Node worker thread dressed as a web
// worker: its global scope posts and receives the messages, and has no `setImmediate`, as in a
// browser. The bundle is built for the browser (a Node import fails that build); this runs it.
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { DIST } from './paths';

const BOOT = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const vm = require('node:vm');
// What the server uses of a web worker's global scope: postMessage, onmessage, addEventListener('error'), close.
globalThis.postMessage = (data) => parentPort.postMessage(data);
Object.defineProperty(globalThis, 'onmessage', { set: (listener) => parentPort.on('message', (data) => listener({ data })) });
globalThis.addEventListener = () => undefined;
globalThis.close = () => process.exit(0);
delete globalThis.setImmediate;
vm.runInThisContext(fs.readFileSync(workerData.script, 'utf8'), { filename: workerData.script });
`;

/** The browser server, started; speak LSP to it with vscode-jsonrpc's PortMessageReader and PortMessageWriter. */
export function browserServer(): Worker {
  return new Worker(BOOT, { eval: true, workerData: { script: path.join(DIST, 'browser', 'server.js') }, stderr: true });
}
