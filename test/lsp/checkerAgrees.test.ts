// The checker and the server say the same of a file: each diagnostic's range, code and message, and
// the quick fixes the editor offers for it are the fixes `check --format json` lists (a helper's
// differential over 1,100 generated documents found them apart where a mars-ignore or a
// setting hid one of an entry's two findings).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodeAction, Diagnostic, TextDocumentEdit } from 'vscode-languageserver';
import { LspClient } from '../support/lspClient';
import { DIST, ROOT } from '../support/paths';

let client: LspClient;
before(async () => (client = await LspClient.start()));
after(() => client.stop());

const DOCUMENTS: Array<[string, string]> = [
  ['the example', fs.readFileSync(path.join(ROOT, 'examples/mars.toml'), 'utf8')],
  ['a spelling kept by a mars-ignore', '[agents.a.tools]\n# mars-ignore: non-canonical\nallowed = ["Bash(npm test:*)"]\n'],
  ['a legacy :* kept by a mars-ignore', '[agents.a.tools]\nallowed = ["Bash(npm test:*)"] # mars-ignore: legacy-prefix\n'],
  ['a spelling kept file-wide', '# mars-ignore-file: non-canonical\n[agents.a.tools]\nallowed = ["Shell(git:*)", "Bash"]\n'],
  ['both seen', '[agents.a.tools]\nallowed = ["Shell(git:*)", "bash(x:*)", "Read"]\ndisallowed = ["read"]\nmcp__gh = "allow"\n'],
];

for (const [name, text] of DOCUMENTS) {
  test(`the server and the checker agree: ${name}`, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mars-agree-'));
    const file = path.join(dir, 'mars.toml');
    fs.writeFileSync(file, text);
    const r = spawnSync(process.execPath, [path.join(DIST, 'cli.js'), 'check', file, '--format', 'json'], { encoding: 'utf8' });
    const checker = JSON.parse(r.stdout) as Array<{ range: Diagnostic['range']; code: string; message: string; fixes: Array<{ title: string; safe: boolean; edits: unknown[] }> }>;
    assert.ok(checker.length > 0, r.stderr);
    const uri = pathToFileURL(file).href;
    await client.open(uri, text);
    const diagnostics = await client.pushed(uri, 1);
    const server = [];
    for (const d of diagnostics) {
      const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: d.range, context: { diagnostics: [d], only: ['quickfix'] } });
      // A diagnostic's own fixes: not fix-all of its code, nor the comment that disables it.
      const fixes = actions.filter((a) => !/^(Fix all|Disable) /.test(a.title)).map((a) => ({ title: a.title, edits: (a.edit!.documentChanges![0] as TextDocumentEdit).edits }));
      server.push({ range: d.range, code: d.code, message: d.message, fixes });
    }
    // `safe` (whether --fix applies it) is the checker's alone: an editor's action has no such field.
    assert.deepEqual(server, checker.map(({ range, code, message, fixes }) => ({ range, code, message, fixes: fixes.map(({ title, edits }) => ({ title, edits })) })));
  });
}
