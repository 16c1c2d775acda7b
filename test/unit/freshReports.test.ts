// The client's guard against pulled diagnostics made for text the user has typed past.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { forTheVersionAsked } from '../../client/src/freshReports';

test('a report is kept when the document did not change while it was asked for, dropped (thrown as cancelled) when it did', async () => {
  let version = 3;
  const typedPast = () => new Error('cancelled');
  assert.equal(await forTheVersionAsked(() => version, async () => 'report of 3', typedPast), 'report of 3');
  await assert.rejects(forTheVersionAsked(() => version, async () => {
    version++; // a keystroke while the server works
    return 'report of 3';
  }, typedPast), /cancelled/);
  // A document known by its URI only has no version to compare: its report is kept.
  assert.equal(await forTheVersionAsked(() => undefined, () => 'report', typedPast), 'report');
});
