// A message holding lists made of encoded runs is written exactly as JSON.stringify writes it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { concatRuns, EncodedRun, encodeMessage } from '../../server/src/lsp/encodedRuns';

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
type D = ReturnType<typeof diag>;
const diag = (line: number, message: string) => ({ range: { start: { line, character: 1 }, end: { line, character: 4 } }, message });

const CASES: Array<[string, () => unknown]> = [
  ['a message without runs', () => ({ jsonrpc: '2.0', id: 1, result: { items: [1, 'two', null] } })],
  ['a push made of runs, empty ones among them', () => ({
    jsonrpc: '2.0', method: 'textDocument/publishDiagnostics',
    params: { uri: 'file:///m/mars.toml', version: 3, diagnostics: concatRuns([new EncodedRun<D>([]), new EncodedRun([diag(0, 'a "quoted" é 🚀')]), new EncodedRun<D>([]), new EncodedRun([diag(2, 'b'), diag(3, 'c')])]) },
  })],
  ['a list of empty runs only', () => ({ jsonrpc: '2.0', id: 2, result: { kind: 'full', items: concatRuns([new EncodedRun<D>([]), new EncodedRun<D>([])]) } })],
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

// Moving a run by whole lines (an Enter above its section) rewrites its line numbers, nothing else.
const move = (d: D, by: number): D => ({
  ...d, range: { start: { ...d.range.start, line: d.range.start.line + by }, end: { ...d.range.end, line: d.range.end.line + by } },
});
const pushOf = (runs: Array<EncodedRun<D>>, deferred = false) => ({ method: 'textDocument/publishDiagnostics', params: { uri: 'u', diagnostics: concatRuns(runs, deferred) } });
const written = (runs: Array<EncodedRun<D>>) => JSON.parse(decode(encodeMessage(pushOf(runs, true)))) as unknown;
const plain = (items: D[]) => JSON.parse(JSON.stringify(pushOf([new EncodedRun(items)]))) as unknown;

test('a moved run writes its items at their new lines, through chains of moves and across widths', () => {
  // Numbers of several widths in one run, in ASCII text and in text with other characters.
  const ascii = [diag(3, 'a'), diag(120, '"line":1 in a message'), diag(45, 'c')];
  const unicode = [diag(7, 'seven é 🚀'), diag(95, '"line":1 in a message'), diag(8, 'x')];
  for (const [items, moves] of [ascii, unicode].flatMap((items) => [[1], [3, 2], [-3], [900, -890, 5], [2, 2, 2, 2]].map((m) => [items, m] as const))) {
    let run = new EncodedRun(items);
    run.byteLength(); // encoded before the moves, as a pushed run is
    let by = 0;
    for (const m of moves) {
      run = run.moved(m, move);
      by += m;
      assert.deepEqual(written([run]), plain(items.map((d) => move(d, by))), `after moves ${moves.join(', ')}`);
      assert.deepEqual(run.items, items.map((d) => move(d, by)));
    }
  }
});

test('a moved run reuses the bytes it came from, and leaves them as they were', () => {
  const item = diag(5, 'encoded once');
  const run = new EncodedRun([item]);
  const before = decode(encodeMessage(pushOf([run])));
  item.message = 'changed after encoding';
  const moved = run.moved(2, move);
  assert.deepEqual(written([moved]), plain([move(diag(5, 'encoded once'), 2)]));
  assert.equal(decode(encodeMessage(pushOf([run]))), before);
});

test('a deferred list holds no items until it is written some other way', () => {
  const runs = [new EncodedRun([diag(1, 'a')]), new EncodedRun([diag(2, 'b')]).moved(3, move)];
  const list = concatRuns(runs, true);
  assert.equal(list.length, 0);
  const expected = [diag(1, 'a'), diag(5, 'b')];
  // Through the runs, and as plain JSON where the marker text makes the splice impossible.
  assert.deepEqual(JSON.parse(decode(encodeMessage({ params: { diagnostics: list } }))), { params: { diagnostics: expected } });
  const clash = { id: 1, result: { note: '\u0000mars:encoded-runs\u0000', items: list } };
  assert.deepEqual(JSON.parse(decode(encodeMessage(clash))), { id: 1, result: { note: clash.result.note, items: expected } });
});
