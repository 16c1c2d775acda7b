// A message holding lists made of encoded runs is written exactly as JSON.stringify writes it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { concatRuns, EncodedRun, encodeMessage } from '../../server/src/lsp/encodedRuns';

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const diag = (line: number, message: string) => ({ range: { start: { line, character: 1 }, end: { line, character: 4 } }, message });

const CASES: Array<[string, () => unknown]> = [
  ['a message without runs', () => ({ jsonrpc: '2.0', id: 1, result: { items: [1, 'two', null] } })],
  ['a push made of runs, empty ones among them', () => ({
    jsonrpc: '2.0', method: 'textDocument/publishDiagnostics',
    params: { uri: 'file:///m/mars.toml', version: 3, diagnostics: concatRuns([new EncodedRun([]), new EncodedRun([diag(0, 'a "quoted" é 🚀')]), new EncodedRun([]), new EncodedRun([diag(2, 'b'), diag(3, 'c')])]) },
  })],
  ['a list of empty runs only', () => ({ jsonrpc: '2.0', id: 2, result: { kind: 'full', items: concatRuns([new EncodedRun([]), new EncodedRun([])]) } })],
  ['a pull report made of runs', () => ({ jsonrpc: '2.0', id: 3, result: { kind: 'full', items: concatRuns([new EncodedRun([diag(1, 'x')]), new EncodedRun([diag(2, 'y'), diag(3, 'z')])]) } })],
  ['runs anywhere else are written as a plain list', () => ({ a: concatRuns([new EncodedRun([diag(1, 'x')])]), params: { other: concatRuns([new EncodedRun([diag(2, 'y')])]) } })],
  ['a string that holds the marker text', () => ({ jsonrpc: '2.0', id: 4, result: { note: '\u0000mars:encoded-runs\u0000', items: concatRuns([new EncodedRun([diag(1, 'x')])]) } })],
];

for (const [name, make] of CASES) {
  test(`encodeMessage: ${name}`, () => {
    const msg = make();
    assert.equal(decode(encodeMessage(msg)), JSON.stringify(msg));
  });
}

test('a run is encoded once, however many messages carry it', () => {
  const item = diag(5, 'once');
  const run = new EncodedRun([item]);
  const report = () => ({ result: { items: concatRuns([run]) } });
  const first = decode(encodeMessage(report()));
  item.message = 'changed after encoding';
  assert.equal(decode(encodeMessage(report())), first);
});

test('a message with runs is written into the memory the caller hands out', () => {
  const scratch = new Uint8Array(1 << 16);
  const msg = { method: 'textDocument/publishDiagnostics', params: { uri: 'u', diagnostics: concatRuns([new EncodedRun([diag(1, 'x')]), new EncodedRun([diag(2, 'y')])]) } };
  const bytes = encodeMessage(msg, (n) => scratch.subarray(0, n));
  assert.equal(bytes.buffer, scratch.buffer);
  assert.equal(decode(bytes), JSON.stringify(msg));
});
