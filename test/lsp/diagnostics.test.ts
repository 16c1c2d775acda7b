// Protocol tests: spawn dist/server.js, speak LSP to it, assert code, severity and exact range.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from 'vscode-languageserver';
import { analyze, visibleFindings } from '../../server/src/analysis/analyze';
import { LineIndex } from '../../server/src/toml/lineIndex';
import { MOST_SENT } from '../../server/src/lsp/problemCap';
import { agentsTable } from '../support/bigToml';
import { LspClient } from '../support/lspClient';
import { ROOT } from '../support/paths';
import { applyTextEdits, rangeOf, show } from '../support/text';

const SEV = { error: 1, warning: 2, information: 3, hint: 4 } as const;
type Expect = [code: string, severity: keyof typeof SEV, needle: string, nth?: number];

function check(text: string, diagnostics: Diagnostic[], expected: Expect[]): void {
  const got = diagnostics.map((d) => `${d.code} ${d.severity} ${show(d.range)}`).sort();
  const want = expected.map(([code, sev, needle, nth]) => `${code} ${SEV[sev]} ${show(rangeOf(text, needle, nth))}`).sort();
  assert.deepEqual(got, want);
  for (const d of diagnostics) assert.equal(d.source, 'mars');
}

// Every TOML spelling of a tools table (SPEC section 2), each with one entry Mars rewrites.
const SPELLINGS = `skills.planner.tools.allowed = ["Read"]
[agents.reviewer.tools]
allowed = ["bash(git log:*)", "read"]
disallowed = ["Agent"]

[agents.coder]
tools.allowed = ["Edit"]
description = "shell, Bash and mcp__x__y are not entries here"

[agents.other]
tools = { disallowed = ["Web"] }

[skills."deep research".tools]
disallowed = ["AGENT"]

[agents]
tester.tools.allowed = ["Bash"]

[dependencies.base]
agents = ["Shell"]
`;

const CATALOGUE = `[agents.a.tools]
allowed = ["bash()", "shell", "bash(npm test:*)", "FooTool", "mcp__github__get_issue", "bash(a,b)", "read", "Read", "grep"]
disallowed = ["grep"]
bash = "allow"

[agents.b.tools]
allowed = "read"
mcp = ["github"]
disallowed = [1]

[agents.c]
tools = ["read"]
`;

const UNICODE = '\ufeff# 🚀 rocket\r\n[agents."🚀 launcher".tools]\r\nallowed = ["read", "Shell"] # é\r\n\tdisallowed = [\t"wébfetch"]\r\n';

const BROKEN = `[agents.a.tools]
allowed = ["Shell", "read"]

[agents.b.tools]
allowed = ["bash(git log:*)
disallowed = ["agent"]

[agents.c.tools]
allowed = ["Edit"]
`;

for (const mode of ['push', 'pull'] as const) {
  describe(`diagnostics (${mode})`, () => {
    let client: LspClient;
    before(async () => (client = await LspClient.start({ pull: mode === 'pull' })));
    after(() => client.stop());
    const get = async (uri: string, text: string) => {
      await client.open(uri, text);
      return mode === 'pull' ? client.pulled(uri) : client.pushed(uri, 1);
    };

    test('every spelling of a tools table is found; other strings are not tool names', async () => {
      const uri = `file:///${mode}/spellings/mars.toml`;
      check(SPELLINGS, await get(uri, SPELLINGS), [
        ['non-canonical', 'information', 'Read'],
        ['legacy-prefix', 'information', 'bash(git log:*)'],
        ['non-canonical', 'information', 'Agent'],
        ['non-canonical', 'information', 'Edit'],
        ['non-canonical', 'information', 'Web'],
        ['non-canonical', 'information', 'AGENT'],
        ['non-canonical', 'information', 'Bash', 1],
      ]);
    });

    test('every code of the catalogue, with Mars wording for grammar errors', async () => {
      const uri = `file:///${mode}/catalogue/mars.toml`;
      const ds = await get(uri, CATALOGUE);
      check(CATALOGUE, ds, [
        ['invalid-tool-name', 'error', 'bash()'],
        ['non-canonical', 'information', 'shell'],
        ['legacy-prefix', 'information', 'bash(npm test:*)'],
        ['unknown-tool', 'information', 'FooTool'],
        ['non-canonical', 'information', 'FooTool'], // Mars passes it on as `foo_tool`
        ['mcp-wire-token', 'warning', 'mcp__github__get_issue'],
        ['illegal-char', 'warning', ',', CATALOGUE.slice(0, CATALOGUE.indexOf('a,b')).split(',').length - 1],
        ['non-canonical', 'information', 'Read'],
        ['duplicate-entry', 'warning', 'Read'],
        ['allow-deny-conflict', 'warning', 'grep', 1],
        ['unknown-policy-key', 'warning', 'bash', 3],
        ['invalid-tool-policy', 'error', '"read"', 1],
        ['invalid-tool-policy', 'error', 'mcp', 1],
        ['invalid-tool-policy', 'error', '1'],
        ['invalid-tool-policy', 'error', '["read"]', 0],
      ]);
      const invalid = ds.find((d) => d.code === 'invalid-tool-name')!;
      assert.equal(invalid.message, 'invalid tool name `bash()`; allowed: scoped payload written as tool(pattern) with a non-empty pattern');
      assert.match(String(ds.find((d) => d.code === 'unknown-tool')!.message), /foo_tool/);
      assert.match(String(ds.find((d) => d.code === 'mcp-wire-token')!.message), /mcp\(github\/get_issue\)/);
      const conflict = ds.find((d) => d.code === 'allow-deny-conflict')!;
      assert.equal(conflict.relatedInformation?.[0]?.location.uri, uri);
    });

    test('UTF-16 positions with a BOM, CRLF, tabs, emoji and accents', async () => {
      const uri = `file:///${mode}/unicode/mars.toml`;
      check(UNICODE, await get(uri, UNICODE), [
        ['non-canonical', 'information', 'Shell'],
        ['unknown-tool', 'information', 'wébfetch'],
      ]);
    });

    test('a syntax error does not blank out the entries around it', async () => {
      const uri = `file:///${mode}/broken/mars.toml`;
      const ds = await get(uri, BROKEN);
      const byCode = (c: string) => ds.filter((d) => d.code === c).map((d) => show(d.range));
      assert.deepEqual(byCode('non-canonical'), [show(rangeOf(BROKEN, 'Shell')), show(rangeOf(BROKEN, 'Edit'))]);
      assert.equal(byCode('toml-syntax').length, 1);
      assert.equal(ds.find((d) => d.code === 'toml-syntax')!.range.start.line, 4);
      assert.equal(ds.find((d) => d.code === 'toml-syntax')!.severity, SEV.error);
    });

    test('a clean file gives no diagnostic at all', async () => {
      const uri = `file:///${mode}/clean/mars.toml`;
      const clean = '[agents.a.tools]\nallowed = ["bash(git log *)", "read", "mcp(github)", "mcp(linear/get_issue)", "web_fetch(domain:docs.rs)"]\ndisallowed = ["*"]\n';
      assert.deepEqual(await get(uri, clean), []);
    });
  });
}

describe('settings, suppression and edits', () => {
  test('severity per code from workspace/configuration, and off', async () => {
    const client = await LspClient.start({ settings: { diagnostics: { 'non-canonical': 'warning', 'legacy-prefix': 'off' } } });
    try {
      const text = '[agents.a.tools]\nallowed = ["Shell", "bash(git:*)"]\n';
      await client.open('file:///s/mars.toml', text);
      const ds = await client.pushed('file:///s/mars.toml', 1);
      assert.deepEqual(ds.map((d) => `${d.code}:${d.severity}`), ['non-canonical:2']);
    } finally {
      await client.stop();
    }
  });

  // A client that declares workspace/configuration but is slow to answer it, or never does: the
  // defaults apply after CONFIGURATION_WAIT_MS (3 s), told once in the log, and an answer that comes
  // later is applied, pushed again or, for a pulling client, with a refresh asked.
  test('settings the client does not answer for within 3 s: the defaults apply, and a later answer is applied when it comes', async () => {
    const settings = { diagnostics: { 'non-canonical': 'warning' } };
    const text = '[agents.a.tools]\nallowed = ["Shell"]\n';
    const [never, late, latePull] = await Promise.all([
      LspClient.start({ settings, settingsDelayMs: Infinity }),
      LspClient.start({ settings, settingsDelayMs: 4000 }),
      LspClient.start({ settings, settingsDelayMs: 4000, pull: true }),
    ]);
    try {
      const severities = (ds: Diagnostic[]) => ds.map((d) => `${d.code}:${d.severity}`);
      await Promise.all([never, late, latePull].map((c) => c.open('file:///w/mars.toml', text)));
      const started = Date.now();
      const firstPull = latePull.pulled('file:///w/mars.toml');
      assert.deepEqual(severities(await never.pushed('file:///w/mars.toml', 1)), ['non-canonical:3']);
      assert.ok(Date.now() - started >= 2500, 'pushed before the wait was over');
      assert.deepEqual(severities(await firstPull), ['non-canonical:3']);
      await never.open('file:///w2/mars.toml', text);
      assert.deepEqual(severities(await never.pushed('file:///w2/mars.toml', 1)), ['non-canonical:3']);
      assert.deepEqual(never.logs.filter((l) => l.includes('workspace/configuration')), ['The client has not answered workspace/configuration within 3 s: the default settings apply until it does.']);
      for (let i = 0; i < 50 && late.allPushed('file:///w/mars.toml').length < 2; i++) await new Promise((r) => setTimeout(r, 100));
      assert.deepEqual(late.allPushed('file:///w/mars.toml').map((p) => severities(p.diagnostics)), [['non-canonical:3'], ['non-canonical:2']]);
      for (let i = 0; i < 50 && !latePull.serverRequests.includes('workspace/diagnostic/refresh'); i++) await new Promise((r) => setTimeout(r, 100));
      assert.ok(latePull.serverRequests.includes('workspace/diagnostic/refresh'), 'no refresh asked once the settings came');
      assert.deepEqual(severities(await latePull.pulled('file:///w/mars.toml')), ['non-canonical:2']);
    } finally {
      await Promise.all([never, late, latePull].map((c) => c.stop()));
    }
  });

  test('a setting the server cannot read is named to the user once, in one message, and the rest still apply', async () => {
    const settings = { diagnostics: { 'non-canonical': 'loud', 'unknown-tol': 'off', 'legacy-prefix': 'off', 'mcp-wire-token': 3 } };
    // Each code named by its setting's ID, `mars.diagnostics.<code>` (package.json), as settings.json and the Settings editor name it.
    const told = 'Mars TOML settings: mars.diagnostics.non-canonical: "loud" is not a severity (error, warning, information, hint or off); non-canonical keeps its default, information.'
      + ' mars.diagnostics.unknown-tol: no Mars TOML diagnostic has the code "unknown-tol" (did you mean mars.diagnostics.unknown-tool?); the setting is ignored.'
      + ' mars.diagnostics.mcp-wire-token: 3 is not a severity (error, warning, information, hint or off); mcp-wire-token keeps its default, warning.';
    const declared = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { contributes: { configuration: Array<{ properties: object }> } })
      .contributes.configuration.flatMap((c) => Object.keys(c.properties));
    for (const id of ['mars.diagnostics.non-canonical', 'mars.diagnostics.unknown-tool', 'mars.diagnostics.mcp-wire-token']) assert.ok(declared.includes(id), id);
    for (const viaPayload of [false, true]) {
      // Without workspace/configuration a client sends its settings with didChangeConfiguration.
      const client = await LspClient.start(viaPayload ? { capabilities: { textDocument: { publishDiagnostics: { versionSupport: true } } } } : { settings });
      try {
        const shown: string[] = [];
        client.conn.onNotification('window/showMessage', (m: { type: number; message: string }) => void shown.push(`${m.type} ${m.message}`));
        const change = () => client.conn.sendNotification('workspace/didChangeConfiguration', { settings: viaPayload ? { mars: settings } : null });
        if (viaPayload) await change();
        const text = '[agents.a.tools]\nallowed = ["Shell", "bash(git:*)", "mcp__a__b"]\n';
        for (const name of ['a', 'b']) await client.open(`file:///${name}/mars.toml`, text);
        const ds = await client.pushed('file:///b/mars.toml', 1);
        assert.deepEqual(ds.map((d) => `${d.code}:${d.severity}`), ['non-canonical:3', 'mcp-wire-token:2']);
        // VS Code's client tells a change twice: the same settings are not told again.
        await change();
        await change();
        await client.request('textDocument/hover', { textDocument: { uri: 'file:///a/mars.toml' }, position: { line: 1, character: 13 } });
        await new Promise((r) => setTimeout(r, 100));
        assert.deepEqual(shown, [`2 ${told}`], viaPayload ? 'from didChangeConfiguration' : 'from workspace/configuration');
      } finally {
        await client.stop();
      }
    }
  });

  test('in a workspace of two folders, each document has its folder\'s settings, and a setting one folder gets wrong is told once while it stays, not at each of its documents', async () => {
    const client = await LspClient.start({ workspaceFolders: ['file:///A', 'file:///B'] });
    try {
      const shown: string[] = [];
      client.conn.onNotification('window/showMessage', (m: { message: string }) => void shown.push(m.message));
      let bad = true;
      let asked = 0;
      client.conn.onRequest('workspace/configuration', (p: { items: Array<{ scopeUri: string }> }) => p.items.map((i) => {
        asked++;
        if (!i.scopeUri.startsWith('file:///A/')) return { diagnostics: { 'unknown-tool': 'error' } };
        return { diagnostics: { 'unknown-tool': bad ? 'loud' : 'hint', 'non-canonical': 'off' } };
      }));
      const told = 'Mars TOML: mars.diagnostics.unknown-tool: "loud" is not a severity (error, warning, information, hint or off); unknown-tool keeps its default, information.';
      const text = '[agents.a.tools]\nallowed = ["Shell", "FooTool"]\n';
      const uris = ['file:///A/1/mars.toml', 'file:///B/1/mars.toml', 'file:///A/2/mars.toml', 'file:///B/2/mars.toml'];
      for (const uri of uris) await client.open(uri, text);
      const codes = async (uri: string, version: number) => (await client.pushed(uri, version)).map((d) => `${d.code}:${d.severity}`);
      for (const uri of uris) {
        assert.deepEqual(await codes(uri, 1), uri.startsWith('file:///A/') ? ['unknown-tool:3'] : ['non-canonical:3', 'unknown-tool:1', 'non-canonical:3'], uri);
      }
      assert.deepEqual(shown, [told]);
      // Each change read by every document, one folder's after the other's.
      let version = 1;
      const change = async (times = 1) => {
        const before = asked;
        for (let i = 0; i < times; i++) await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: null });
        for (let i = 0; i < 200 && asked < before + uris.length; i++) await new Promise((r) => setTimeout(r, 10));
        assert.equal(asked, before + uris.length);
        version++;
        for (const uri of uris) await client.change(uri, version, [{ text }]);
      };
      await change(2);
      assert.deepEqual(await codes(uris[2]!, version), ['unknown-tool:3']);
      assert.deepEqual(shown, [told], 'the same problem, not told again');
      bad = false;
      await change();
      assert.deepEqual(await codes(uris[2]!, version), ['unknown-tool:4']);
      bad = true;
      await change();
      assert.deepEqual(await codes(uris[2]!, version), ['unknown-tool:3']);
      assert.deepEqual(shown, [told, told], 'set right, then wrong again: told again');
    } finally {
      await client.stop();
    }
  });

  test('mars.maxProblems: the problems VS Code would keep, and a note of the rest; without it, all', async () => {
    const text = '[agents.a.tools]\nallowed = ["Shell", "bash()", "mcp__a__b", "Read", "bash(", "x,y"]\n';
    const all = await LspClient.start();
    const few = await LspClient.start({ settings: { maxProblems: 4 } });
    try {
      await all.open('file:///all/mars.toml', text);
      assert.equal((await all.pushed('file:///all/mars.toml', 1)).length, 7);
      await few.open('file:///few/mars.toml', text);
      const ds = await few.pushed('file:///few/mars.toml', 1);
      assert.deepEqual(ds.map((x) => [x.code ?? null, x.severity]), [['invalid-tool-name', 1], ['mcp-wire-token', 2], ['invalid-tool-name', 1], [null, 3]]);
      assert.match(String(ds[3]!.message), /shows 3 of the 7 problems/);
      // "All" stops at MOST_SENT: 2 million findings made a message too long to write, and none was sent.
      const packed = `[agents.a.tools]\nallowed = [${'"", '.repeat(MOST_SENT + 1)}]\n`;
      await all.open('file:///packed/mars.toml', packed);
      const sent = await all.pushed('file:///packed/mars.toml', 1, 60_000);
      assert.equal(sent.length, MOST_SENT);
      assert.match(String(sent.at(-1)!.message), new RegExp(`shows ${MOST_SENT - 1} of the ${MOST_SENT + 1} problems`));
    } finally {
      await all.stop();
      await few.stop();
    }
  });

  test('suppression comments for one entry and for the file', async () => {
    const client = await LspClient.start();
    try {
      const text = '# mars-ignore-file: legacy-prefix\n[agents.a.tools]\nallowed = [\n  "Shell",  # mars-ignore: non-canonical\n  # mars-ignore\n  "FooTool",\n  "bash(x:*)",\n  "Read",\n]\n';
      await client.open('file:///sup/mars.toml', text);
      const ds = await client.pushed('file:///sup/mars.toml', 1);
      assert.deepEqual(ds.map((d) => `${d.code} ${show(d.range)}`), [`non-canonical ${show(rangeOf(text, 'Read'))}`]);
    } finally {
      await client.stop();
    }
  });

  test('a burst of edits is coalesced and only the newest version is published', async () => {
    const client = await LspClient.start();
    try {
      const uri = 'file:///burst/mars.toml';
      await client.open(uri, '[agents.a.tools]\nallowed = [""]\n');
      await client.pushed(uri, 1);
      // A flood: every keystroke sent before the server has analysed the first.
      const word = 'shell'.repeat(40);
      const sent: Promise<void>[] = [];
      for (let i = 0; i < word.length; i++) {
        sent.push(client.change(uri, i + 2, [{ range: { start: { line: 1, character: 12 + i }, end: { line: 1, character: 12 + i } }, text: word[i] }]));
      }
      await Promise.all(sent);
      const ds = await client.pushed(uri, word.length + 1);
      assert.deepEqual(ds.map((d) => d.code), ['unknown-tool']);
      const pushes = client.allPushed(uri).length - 1;
      assert.ok(pushes <= word.length / 4, `pushed ${pushes} times for ${word.length} edits`);
      assert.ok(client.allPushed(uri).every((p, i, all) => i === 0 || (p.version ?? 0) > (all[i - 1]!.version ?? 0)), 'versions only go up');
    } finally {
      await client.stop();
    }
  });
});

test('a push is never labelled with a version newer than the text it analysed', async () => {
  // The settings arrive late, so the analysis of version 1 is done when version 2 comes in.
  const client = await LspClient.start({ settingsDelayMs: 150 });
  try {
    const uri = 'file:///late/mars.toml';
    await client.open(uri, '[agents.a.tools]\nallowed = ["Shell"]\n');
    await new Promise((r) => setTimeout(r, 40));
    await client.change(uri, 2, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '# one\n# two\n' }]);
    assert.deepEqual((await client.pushed(uri, 2)).map((d) => d.range.start.line), [3]);
    for (const p of client.allPushed(uri)) {
      assert.deepEqual(p.diagnostics.map((d) => d.range.start.line), [p.version === 1 ? 1 : 3], `v${p.version}`);
    }
  } finally {
    await client.stop();
  }
});

test('the changes of one didChange apply in order, each to the text the one before it left, whichever way they are listed', async () => {
  const client = await LspClient.start();
  try {
    const at = (line: number, character: number) => ({ start: { line, character }, end: { line, character } });
    const row = (i: number) => (i % 2 ? `allowed = ["Shell", "grpe${i}"]\n` : `[agents.a${i}.tools]\n`);
    const cases: Array<[string, string, unknown[], string]> = [
      // The second position is past the first line's end before the first change: it was read there.
      ['top down on one line', '[agents.a.tools]\nallowed = [\n', [{ range: at(1, 11), text: '"Shell"' }, { range: at(1, 18), text: ']' }], '[agents.a.tools]\nallowed = ["Shell"]\n'],
      // The second line is past the end before the first change: it was put before the first.
      ['two lines appended', '[agents.a.tools]\n', [{ range: at(1, 0), text: 'allowed = ["Shell"]\n' }, { range: at(2, 0), text: 'disallowed = ["read"]\n' }],
        '[agents.a.tools]\nallowed = ["Shell"]\ndisallowed = ["read"]\n'],
      ['bottom up', '[agents.a.tools]\nallowed = ["read"]\ndisallowed = ["read"]\n', [{ range: at(2, 14), text: '"Shell", ' }, { range: at(1, 11), text: '"Bash", ' }],
        '[agents.a.tools]\nallowed = ["Bash", "read"]\ndisallowed = ["Shell", "read"]\n'],
      // Past a few changes, the server applies them to the text held as lines.
      ['twelve lines appended, top down', '', Array.from({ length: 12 }, (_, i) => ({ range: at(i, 0), text: row(i) })), Array.from({ length: 12 }, (_, i) => row(i)).join('')],
    ];
    for (const [i, [name, text, changes, want]] of cases.entries()) {
      const uri = `file:///in-order/${i}/mars.toml`;
      await client.open(uri, text);
      await client.pushed(uri, 1);
      await client.change(uri, 2, changes);
      const fresh = `file:///in-order-fresh/${i}/mars.toml`;
      await client.open(fresh, want);
      const shown = (ds: Diagnostic[]) => ds.map((d) => [d.code, d.range.start.line, d.range.start.character, d.message]);
      assert.deepEqual(shown(await client.pushed(uri, 2)), shown(await client.pushed(fresh, 1)), name);
      assert.ok((await client.pushed(fresh, 1)).length > 0, `${name}: the text has findings to compare`);
    }
  } finally {
    await client.stop();
  }
});

// A section's diagnostics are converted once and kept with its analysis, which an edit elsewhere
// leaves as it was; what bears on them from outside the section (a mars-ignore comment just above
// its header, in the section before; a syntax error in an earlier piece of its big table) changes
// them all the same.
test('an edit outside a section that changes what bears on it: the section\'s diagnostics as a fresh server gives them', async () => {
  const client = await LspClient.start();
  try {
    const at = (line: number, character: number, toLine = line, toCharacter = character) => ({ start: { line, character }, end: { line: toLine, character: toCharacter } });
    const big = `${agentsTable(400)}agent-late.tool.allowed = ["read"]\n`;
    const end = big.split('\n')[3]!.length;
    const cases: Array<[string, string, Array<{ range: ReturnType<typeof at>; text: string }>]> = [
      // The comment speaks of the header's own finding (`tool` is not `tools`); the section after it is as it was.
      ['a mars-ignore typed above a header, then taken away', '[agents.a.tools]\nallowed = ["read"]\n[agents.b.tool]\nallowed = ["Shell"]\n',
        [{ range: at(2, 0), text: '# mars-ignore: misplaced-tool-list\n' }, { range: at(2, 0, 3, 0), text: '' }]],
      // ` x` after the first agent's description (line 3) is a syntax error in the table's first piece,
      // past which the last piece's `tool` (not `tools`) is not judged.
      ['a syntax error typed in the first piece of a big table, then mended', big, [{ range: at(3, end), text: ' x' }, { range: at(3, end, 3, end + 2), text: '' }]],
      // A table of patterns of its own is told what its owner's lists below it hold: "…, so the table can go", then "Put … instead" again.
      ['a rule of a table of patterns of its own typed into its owner\'s list below it, then taken out', '[agents.a.tools.bash]\n"git *" = "allow"\n[agents.a.tools]\nallowed = ["read"]\n',
        [{ range: at(3, 17), text: ', "bash(git *)"' }, { range: at(3, 17, 3, 32), text: '' }]],
      // A byte order mark first on a header's line stays the section before's: the section's text, and its analysis, stay,
      // while its header line's diagnostics (`tool` is not `tools`) move a column right, then back.
      ['a byte order mark typed before a header below the first line, then taken away', '[agents.a.tools]\nallowed = ["read"]\n[agents.b.tool]\nallowed = ["Shell"]\n',
        [{ range: at(2, 0), text: '\ufeff' }, { range: at(2, 0, 2, 1), text: '' }]],
    ];
    const shown = (ds: Diagnostic[]) => ds.map((d) => `${d.code} ${show(d.range)} ${d.message}`);
    for (const [i, [name, text, changes]] of cases.entries()) {
      const uri = `file:///outside/${i}/mars.toml`;
      await client.open(uri, text);
      let now = text;
      const seen = [shown(await client.pushed(uri, 1))];
      for (const [k, change] of changes.entries()) {
        await client.change(uri, k + 2, [change]);
        now = applyTextEdits(now, [{ range: change.range, newText: change.text }]);
        const fresh = `file:///outside-fresh/${i}/${k}/mars.toml`;
        await client.open(fresh, now);
        const got = shown(await client.pushed(uri, k + 2));
        assert.deepEqual(got, shown(await client.pushed(fresh, 1)), `${name}: change ${k + 1}`);
        seen.push(got);
      }
      assert.notDeepEqual(seen[1], seen[0], `${name}: the first change changes what the section shows`);
    }
  } finally {
    await client.stop();
  }
});

test('a document closed and opened again at the same version is served from its new text only', async () => {
  const before = '[agents.a.tools]\nallowed = ["Shell", "grpe", "bash()"]\n';
  const reopened = '[agents.a.tools]\nallowed = ["bash"]\n';
  for (const pull of [true, false]) {
    // The settings arrive late, so requests on the first text are still waiting when it is closed.
    const client = await LspClient.start({ pull, settingsDelayMs: 100 });
    try {
      const uri = 'file:///reopen/mars.toml';
      await client.open(uri, before);
      const early = pull ? client.pulled(uri) : client.request('textDocument/codeAction', { textDocument: { uri }, range: { start: { line: 1, character: 13 }, end: { line: 1, character: 13 } }, context: { diagnostics: [] } });
      await new Promise((r) => setTimeout(r, 20));
      await client.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
      await client.open(uri, reopened);
      await early;
      await new Promise((r) => setTimeout(r, 200));
      if (pull) assert.deepEqual(await client.pulled(uri), [], 'pulled');
      else assert.deepEqual(client.allPushed(uri).at(-1)?.diagnostics, [], 'last push');
      const actions = await client.request<unknown[]>('textDocument/codeAction', { textDocument: { uri }, range: { start: { line: 1, character: 13 }, end: { line: 1, character: 13 } }, context: { diagnostics: [] } });
      assert.deepEqual(actions, [], `code actions (${pull ? 'pull' : 'push'})`);
    } finally {
      await client.stop();
    }
  }
});

// Over stdio the server writes diagnostics from JSON it encoded earlier (lsp/encodedRuns.ts); over
// Node IPC, and from the web extension's server in a worker, the same lists go through plain
// serialization. All must say the same, and after an edit that moves every section below it (and
// another that moves half of them again), what a server that never saw the old text says.
test('stdio, Node IPC and the web worker carry the same diagnostics, pushed and pulled, after edits too', async () => {
  const text = [SPELLINGS, CATALOGUE, UNICODE, BROKEN].join('\n');
  const uri = 'file:///transport/mars.toml';
  const edited = `# one more line\n${text.replace('"Read"', '"Reed"')}`;
  // Then, incrementally, twelve lines in the middle (later sections move again, past a power of ten).
  const middle = { line: Math.floor(edited.split('\n').length / 2), character: 0 };
  const twelve = '#\n'.repeat(12);
  const editedLines = edited.split('\n');
  const again = [...editedLines.slice(0, middle.line), ...twelve.slice(0, -1).split('\n'), ...editedLines.slice(middle.line)].join('\n');
  const freshPush = async (t: string) => {
    const fresh = await LspClient.start();
    try {
      await fresh.open(uri, t);
      return await fresh.pushed(uri, 1);
    } finally {
      await fresh.stop();
    }
  };
  const expected = { first: await freshPush(text), second: await freshPush(edited), third: await freshPush(again) };
  assert.ok(expected.first.length > 10 && expected.second.some((d) => d.code === 'unknown-tool'));
  for (const transport of ['stdio', 'ipc', 'worker'] as const) {
    for (const pull of [false, true]) {
      const c = await LspClient.start({ transport, pull });
      try {
        await c.open(uri, text);
        const first = pull ? await c.pulled(uri) : await c.pushed(uri, 1);
        await c.change(uri, 2, [{ text: edited }]);
        const second = pull ? await c.pulled(uri) : await c.pushed(uri, 2);
        await c.change(uri, 3, [{ range: { start: middle, end: middle }, text: twelve }]);
        const third = pull ? await c.pulled(uri) : await c.pushed(uri, 3);
        assert.deepEqual({ first, second, third }, expected, `${transport}, ${pull ? 'pulled' : 'pushed'}`);
      } finally {
        await c.stop();
      }
    }
  }
});

// A big table is analysed in pieces, each under a hidden copy of its header (toml/chunks.ts): the
// server must still place every diagnostic where the whole text, analysed at once, puts it.
test('a big table cut into pieces: every diagnostic where the whole text puts it', async () => {
  const text = agentsTable(400);
  const uri = 'file:///pieces/mars.toml';
  const whole = analyze(text);
  const lines = new LineIndex(text);
  const expected = visibleFindings(whole)
    .map((f) => `${f.code} ${show({ start: lines.position(f.span.start), end: lines.position(f.span.end) })} ${f.message}`);
  const c = await LspClient.start();
  try {
    await c.open(uri, text);
    const got = (await c.pushed(uri, 1)).map((d) => `${d.code} ${show(d.range)} ${d.message}`);
    assert.ok(expected.length > 1000);
    assert.deepEqual(got, expected);
    // Hover and completion in a late piece answer about the entry under the cursor, in its place.
    const shell = rangeOf(text, 'shell', 390);
    const hover = await c.request<{ contents: { value: string }; range: unknown }>('textDocument/hover', { textDocument: { uri }, position: shell.start });
    assert.match(hover.contents.value, /alias of `bash`/);
    assert.deepEqual(hover.range, shell);
    const items = (await c.completion(uri, shell.end))!;
    assert.deepEqual((items.find((i) => i.label === 'bash')?.textEdit as { range: unknown } | undefined)?.range, shell);
  } finally {
    await c.stop();
  }
});

test('a [[agents]] typed above an agent\'s tools table: the table is its last element\'s, no agent\'s; taken away, the agent\'s again', async () => {
  const client = await LspClient.start();
  try {
    const uri = 'file:///array-of-agents/mars.toml';
    await client.open(uri, '[agents.x.tools]\nallowed = ["Shell"]\n');
    assert.deepEqual((await client.pushed(uri, 1)).map((d) => d.code), ['non-canonical']);
    const top = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    await client.change(uri, 2, [{ range: top, text: '[[agents]]\n' }]);
    assert.deepEqual((await client.pushed(uri, 2)).map((d) => `${d.code}@${d.range.start.line}`), ['invalid-tool-policy@0']);
    const entry = { line: 2, character: 14 };
    assert.deepEqual(await client.completion(uri, entry), null);
    assert.equal(await client.request('textDocument/hover', { textDocument: { uri }, position: entry }), null);
    const actions = await client.request<unknown[]>('textDocument/codeAction', {
      textDocument: { uri }, range: { start: { line: 2, character: 12 }, end: { line: 2, character: 17 } }, context: { diagnostics: [] },
    });
    assert.deepEqual(actions, []);
    await client.change(uri, 3, [{ range: { start: top.start, end: { line: 1, character: 0 } }, text: '' }]);
    assert.deepEqual((await client.pushed(uri, 3)).map((d) => d.code), ['non-canonical']);
    assert.ok((await client.completion(uri, { line: 1, character: 14 }))?.some((i) => i.label === 'bash'));
  } finally {
    await client.stop();
  }
});
