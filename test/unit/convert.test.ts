// Analysis data to LSP types (features/convert.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TextEdit } from 'vscode-languageserver';
import { withoutVersions } from '../../server/src/features/convert';

test('an edit of 200,000 changes reaches a client without documentChanges whole (spread as arguments, it overflowed the stack)', () => {
  const edits: TextEdit[] = Array.from({ length: 200_000 }, (_, i) => ({ range: { start: { line: i, character: 0 }, end: { line: i, character: 1 } }, newText: 'x' }));
  const changes = withoutVersions({ documentChanges: [{ textDocument: { uri: 'file:///m/mars.toml', version: 3 }, edits }] }).changes!;
  assert.deepEqual(Object.keys(changes), ['file:///m/mars.toml']);
  assert.equal(changes['file:///m/mars.toml']!.length, 200_000);
  assert.deepEqual(changes['file:///m/mars.toml']![199_999], edits[199_999]);
});
