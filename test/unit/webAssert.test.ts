// The assert the end-to-end suite uses in VS Code's web worker extension host (test/e2e/suite/assert.ts)
// must pass and fail where Node's strict assert does, or a web run could pass what a Node run fails.
import { test } from 'node:test';
import nodeAssert from 'node:assert/strict';
import * as webAssert from '../e2e/suite/assert';

const passes = (f: () => void) => {
  try {
    f();
    return true;
  } catch {
    return false;
  }
};

test('the web assert agrees with node:assert/strict', () => {
  const values: unknown[] = [0, -0, 1, '', '1', 'a', null, undefined, NaN, true, false, [], [1], [1, 2], [[1]], {}, { a: 1 }, { a: 1, b: undefined }, { a: [1] }, { b: 1 }];
  for (const a of values) {
    nodeAssert.equal(passes(() => webAssert.ok(a)), passes(() => nodeAssert.ok(a)), `ok(${String(a)})`);
    for (const b of values) {
      const pair = `${JSON.stringify(a)} / ${JSON.stringify(b)}`;
      nodeAssert.equal(passes(() => webAssert.equal(a, b)), passes(() => nodeAssert.equal(a, b)), `equal ${pair}`);
      nodeAssert.equal(passes(() => webAssert.deepEqual(a, b)), passes(() => nodeAssert.deepEqual(a, b)), `deepEqual ${pair}`);
    }
  }
  for (const [s, re] of [['abc', /b/], ['abc', /d/], ['', /^$/]] as const) {
    nodeAssert.equal(passes(() => webAssert.match(s, re)), passes(() => nodeAssert.match(s, re)), `match ${s} ${re}`);
  }
  nodeAssert.throws(() => webAssert.equal(1, 2, 'the message'), { message: 'the message' });
});
