// The checker and the server say the same of a file: each diagnostic's range, code and message, and
// the quick fixes the editor offers for it are the fixes `check --format json` lists (a helper's
// differential over 1,100 generated documents found them apart where a mars-ignore or a
// setting hid one of an entry's two findings).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodeAction, Diagnostic, Position, Range, TextDocumentEdit, TextEdit } from 'vscode-languageserver';
import { LspClient } from '../support/lspClient';
import { DIST, ROOT } from '../support/paths';
import { BREAKS } from '../support/breaks';
import { generator } from '../support/marsDocs';
import { rng } from '../support/rng';
import { tempDir } from '../support/tempDir';

let client: LspClient;
before(async () => (client = await LspClient.start()));
after(() => client.stop());

const DOCUMENTS: Array<[string, string]> = [
  ['the example', fs.readFileSync(path.join(ROOT, 'examples/mars.toml'), 'utf8')],
  ['a spelling kept by a mars-ignore', '[agents.a.tools]\n# mars-ignore: non-canonical\nallowed = ["Bash(npm test:*)"]\n'],
  ['a legacy :* kept by a mars-ignore', '[agents.a.tools]\nallowed = ["Bash(npm test:*)"] # mars-ignore: legacy-prefix\n'],
  ['a spelling kept file-wide', '# mars-ignore-file: non-canonical\n[agents.a.tools]\nallowed = ["Shell(git:*)", "Bash"]\n'],
  ['both seen', '[agents.a.tools]\nallowed = ["Shell(git:*)", "bash(x:*)", "Read"]\ndisallowed = ["read"]\nmcp__gh = "allow"\n'],
  // A section starts after the marks (they are the section before's): its header line's columns count them.
  ['byte order marks first on a line below the first (two files joined)', 'x = 1\n\uFEFF[[skills]]\n\uFEFF\uFEFF[agents.x.tools] # mars-ignore: bogus\nallowed = ["Shell"]\n'],
  // The file's byte order mark is no character of the text: a lone carriage return after it is marked on itself.
  ['a lone carriage return after the byte order mark', '\uFEFF\rtools.allowed = ["Shell"]\n'],
  ['a byte order mark before a finding and its fixes', '\uFEFFagents.a.tools.allowed = ["Shell"]\n'],
  // A table defined by two headers: the merge, read from the whole text by both, the checker's one section at a time.
  ['a table defined twice, merged', '[agents.a.tools]\nallowed = ["Read"]\n\n[agents.b]\n\n[agents.a.tools]\ndisallowed = ["bash"]\n[agents.a]\n[agents.a]\n'],
  // Key/values moved into the table a header of another section defines (either first), read from the whole text by both.
  ['key/values moved into a table a header defines', '[agents.a]\ntools.allowed = ["Read"]\ntools.disallowed = ["web"]\n\n[agents.a.tools]\ndisallowed = ["bash"]\n[agents.b.tools]\n[agents.b]\ntools = { allowed = ["grep"] }\n'],
  // What a misspelt owner holds that a tools table would, read whole as the server reads a section of patterns below it.
  // A part renamed in a header, the rename kept beside what other sections define below or above it, dropped where they clash
  // (`[[agents.f]]` after `[agent.f.tools]`, which the checker reads only past it).
  ['headers renamed beside other sections', '[agents.d]\n[agent.d.tools]\nallowed = ["read"]\n[agents.a.tool]\nallowed = ["read"]\n[agents.a.tools.sub]\n' +
    '[agent.f.tools]\nallowed = ["read"]\n[[agents.f]]\n[agents]\ng = "x"\n[agent.g.tools]\nallowed = ["read"]\n' +
    // The keys of a renamed header's section, written under it: `tools.disallowed` clashes with `[agents.h.tools]`.
    '[agent.h]\ntools.disallowed = ["web"]\n[agents.h.tools]\nallowed = ["read"]\n'],
  // `[[agents]]` by `name`: one fix of the whole text, offered on each element's header by both.
  ['arrays of agents and skills by name', '[[agents]]\nname = "coder"\ntools.allowed = ["Bash"]\n\n[[agents]]\nname = "rev"\n[agents.tools]\ndisallowed = ["web"]\n[[skills]]\nname = "s"\n'],
  // A table of patterns moved into the owner's tools table of another section, read from the whole text by both.
  ['a table of patterns beside its tools table', '[agents.a.tools]\nallowed = ["read"]\n\n[agents.a.tools.bash]\n# from OpenCode\n"git push" = "deny"\n"git *" = "allow"\n[agents.b]\ntools.disallowed = ["bash(x)"]\n[agents.b.tools.bash]\n"x" = "deny"\n"y" = "allow"\n'],
  // Claude Code's settings beside the tools table, in a table of their own or dotted: moved into it, read from the whole text by both.
  ['lists meant for a tools table in another section', '[agents.a.tools]\nallowed = ["read"]\n\n[agents.a.permissions]\nallow = ["Bash(git *)"]\ndeny = ["WebFetch"]\nask = ["Edit"]\n' +
    '[agents.b]\npermissions.allow = ["grep"]\n[agents.b.tools]\ndisallowed = ["web"]\n' +
    // Rules among them move too.
    '[agents.c.tools]\nallowed = ["read"]\n[agents.c.permissions]\nbash = "deny"\nedit."src/*" = "allow"\n'],
  ['rules under a misspelt owner', '[agent.a.permission]\nbash."x *" = "allow"\n[skill.s.permission.bash]\n"x *" = "allow"\n"y *" = "deny"\n[agent.b]\nallowed = "read"\n[agent.c.tools]\nallowed = "read"\n'],
];

for (const [name, text] of DOCUMENTS) {
  test(`the server and the checker agree: ${name}`, async () => {
    const dir = tempDir('mars-agree-');
    const file = path.join(dir, 'mars.toml');
    fs.writeFileSync(file, text);
    const r = spawnSync(process.execPath, [path.join(DIST, 'cli.js'), 'check', file, '--format', 'json'], { encoding: 'utf8' });
    const checker = JSON.parse(r.stdout) as Array<{ range: Diagnostic['range']; code: string; message: string; fixes: Array<{ title: string; safe: boolean; preferred: boolean; edits: unknown[] }> }>;
    assert.ok(checker.length > 0, r.stderr);
    // `safe` (whether --fix applies it) is the checker's alone: an editor's action has no such field. `preferred` is `isPreferred`.
    const expected = checker.map(({ range, code, message, fixes }) => ({ range, code, message, fixes: fixes.map(({ title, preferred, edits }) => ({ title, preferred, edits })) }));
    const said = async (uri: string, sent: string) => {
      await client.open(uri, sent);
      const diagnostics = await client.pushed(uri, 1);
      const server = [];
      for (const d of diagnostics) {
        const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: d.range, context: { diagnostics: [d], only: ['quickfix'] } });
        // A diagnostic's own fixes: not fix-all of its code, nor the comment that disables it.
        const fixes = actions.filter((a) => !/^(Fix all|Disable) /.test(a.title)).map((a) => ({ title: a.title, preferred: a.isPreferred === true, edits: (a.edit!.documentChanges![0] as TextDocumentEdit).edits }));
        server.push({ range: d.range, code: d.code, message: d.message, fixes });
      }
      return server;
    };
    if (!text.startsWith('\uFEFF')) {
      assert.deepEqual(await said(pathToFileURL(file).href, text), expected);
      return;
    }
    // A file's byte order mark, which the checker counts no column for: the same places as VS Code sends the text,
    // without it; sent with it, a column later on the first line, none of them on the mark.
    assert.deepEqual(await said(pathToFileURL(file).href, text.slice(1)), expected);
    const on = (p: Position) => (p.line === 0 ? { line: 0, character: p.character + 1 } : p);
    const past = (r: Range) => ({ start: on(r.start), end: on(r.end) });
    const withMark = expected.map((d) => ({ ...d, range: past(d.range), fixes: d.fixes.map((f) => ({ ...f, edits: (f.edits as TextEdit[]).map((e) => ({ ...e, range: past(e.range) })) })) }));
    assert.deepEqual(await said(pathToFileURL(path.join(dir, 'marked', 'mars.toml')).href, text), withMark);
  });
}

// The same over generated documents (test/support/marsDocs.ts, broken as typing breaks them,
// test/support/breaks.ts): seeded, bounded (MARS_AGREE_SEED, MARS_AGREE_ROUNDS: 60 documents, one
// checker run for all of them). Each diagnostic's range, severity, code, message and related places,
// against `check --format json`; and the text format's line:column of each against the JSON's range,
// counted as the text format counts lines (only `\n` ends one), a byte order mark at the start no column.
test('the server and the checker agree on generated documents', async () => {
  const SEED = Number(process.env.MARS_AGREE_SEED ?? 20_261_207);
  const ROUNDS = Number(process.env.MARS_AGREE_ROUNDS ?? 60);
  const random = rng(SEED);
  const int = (n: number) => Math.floor(random() * n);
  const next = generator(random);
  const dir = tempDir('mars-agree-seeded-');
  const texts: string[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    let text = next();
    for (let k = int(3); k > 0; k--) text = BREAKS[int(BREAKS.length)]!(text, int);
    texts.push(text);
    fs.mkdirSync(path.join(dir, String(i)));
    fs.writeFileSync(path.join(dir, String(i), 'mars.toml'), text);
  }
  const run = (format: string) => spawnSync(process.execPath, [path.join(DIST, 'cli.js'), 'check', dir, '--format', format], { encoding: 'utf8', maxBuffer: 1 << 28 });
  type Json = { file: string; fixes: unknown; range: Diagnostic['range']; severity: string; code: string; message: string; related?: Array<{ range: Diagnostic['range']; message: string }> };
  const json = JSON.parse(run('json').stdout) as Json[];
  const textLines = run('text').stdout.split('\n').filter((l) => l !== '' && !l.startsWith('  '));
  const SEVERITIES = ['', 'error', 'warning', 'information', 'hint'];
  const wrong: string[] = [];
  let said = 0;
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i]!;
    const file = path.join(dir, String(i), 'mars.toml');
    const uri = pathToFileURL(file).href;
    // As VS Code sends it: the byte order mark the file starts with, taken for its encoding, is left
    // out (the checker counts no column for it either: README, Encodings). Not a second one there,
    // which VS Code drops too and the checker reports.
    const sent = text.startsWith('\uFEFF') ? text.slice(1) : text;
    if (sent.startsWith('\uFEFF')) continue;
    await client.open(uri, sent);
    const server = (await client.pushed(uri, 1)).map((d) => ({
      range: d.range, severity: SEVERITIES[d.severity ?? 0], code: d.code, message: d.message,
      ...(d.relatedInformation?.length ? { related: d.relatedInformation.map((r) => ({ range: r.location.range, message: r.message })) } : {}),
    }));
    const own = json.filter((f) => path.resolve(f.file) === path.resolve(file)).map(({ file: _f, fixes: _x, ...f }) => f);
    said += own.length;
    // In document order, as the checker writes them; the server sends findings across sections (a table defined twice) last.
    const order = (a: { range: Diagnostic['range']; code: unknown; message: unknown }, b: typeof a) =>
      a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character || a.range.end.line - b.range.end.line ||
      a.range.end.character - b.range.end.character || String(a.code).localeCompare(String(b.code)) || String(a.message).localeCompare(String(b.message));
    try {
      assert.deepEqual([...server].sort(order), [...own].sort(order));
    } catch (e) {
      wrong.push(`--- document ${i} ${JSON.stringify(text)}\n${(e as Error).message}`);
    }
    // The text format: `file:line:column:` from the JSON's range start, lines ended by `\n` alone.
    const lspLines = text.split(/\r\n|\r|\n/);
    const lineStarts: number[] = [0];
    for (const m of text.matchAll(/\r\n|\r|\n/g)) lineStarts.push(m.index + m[0].length);
    const shown = textLines.filter((l) => l.startsWith(`${path.relative(process.cwd(), file)}:`) || l.startsWith(`${file}:`));
    const expected = own.map((f) => {
      const bom = f.range.start.line === 0 && text.startsWith('\uFEFF') ? 1 : 0;
      const offset = lineStarts[f.range.start.line]! + Math.min(f.range.start.character + bom, lspLines[f.range.start.line]!.length);
      const before = text.slice(0, offset);
      const line = before.split('\n').length;
      const column = offset - (before.lastIndexOf('\n') + 1) + 1 - (line === 1 && text.startsWith('\uFEFF') ? 1 : 0);
      return `${line}:${column}: ${f.severity} ${f.code} ${f.message}`;
    });
    const got = shown.map((l) => l.slice(l.indexOf('mars.toml:') + 'mars.toml:'.length));
    if (JSON.stringify(got) !== JSON.stringify(expected)) wrong.push(`--- document ${i} ${JSON.stringify(text)} text format\n${got.join('\n')}\n--- from the JSON\n${expected.join('\n')}`);
  }
  console.log(`# seed ${SEED}: ${texts.length} documents, ${said} findings, ${wrong.length} apart`);
  assert.deepEqual(wrong, []);
});
