// Code actions over the protocol: each fix applied to the text gives the expected file.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeAction, Command, Diagnostic, TextDocumentEdit, TextEdit } from 'vscode-languageserver';
import { CancellationTokenSource, ResponseError } from 'vscode-languageserver/node';
import { agentsTable } from '../support/bigToml';
import { LspClient } from '../support/lspClient';
import { applyTextEdits } from '../support/text';

let client: LspClient;
let n = 0;

async function actionsFor(text: string, only?: string[]): Promise<{ uri: string; diagnostics: Diagnostic[]; actions: CodeAction[] }> {
  const uri = `file:///ca/${++n}/mars.toml`;
  await client.open(uri, text);
  const diagnostics = await client.pushed(uri, 1);
  const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri },
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    context: { diagnostics: only ? [] : diagnostics, ...(only ? { only } : {}) },
  });
  return { uri, diagnostics, actions };
}

function applied(text: string, action: CodeAction, uri: string, version = 1): string {
  const change = action.edit!.documentChanges![0] as TextDocumentEdit;
  assert.equal(change.textDocument.uri, uri);
  assert.equal(change.textDocument.version, version, 'edits name the version they were computed against');
  return applyTextEdits(text, change.edits as TextEdit[]);
}

// input, the code whose preferred fix is applied, expected text
const QUICK_FIXES: Array<[string, string, string]> = [
  ['allowed = ["bash(git log:*)"]', 'legacy-prefix', 'allowed = ["bash(git log *)"]'],
  ['allowed = ["Shell(npm test)"]', 'non-canonical', 'allowed = ["bash(npm test)"]'],
  ['allowed = ["WebSearch"]', 'non-canonical', 'allowed = ["web_search"]'],
  ['allowed = ["mcp__github__get_issue"]', 'mcp-wire-token', 'allowed = ["mcp(github/get_issue)"]'],
  ['allowed = ["mcp__github__*"]', 'mcp-wire-token', 'allowed = ["mcp(github)"]'],
  ['allowed = ["mcp__*"]', 'mcp-wire-token', 'allowed = ["mcp(*/*)"]'],
  ['allowed = ["TodoWrite"]', 'non-canonical', 'allowed = ["task"]'],
  ['allowed = ["bash()"]', 'invalid-tool-name', 'allowed = ["bash"]'],
  ['allowed = ["*(x)"]', 'invalid-tool-name', 'allowed = ["*"]'],
  ["allowed = ['ask-user']", 'unknown-tool', "allowed = ['ask_user']"],
  ['allowed = ["MultiEdit"]', 'unknown-tool', 'allowed = ["edit"]'], // Claude's name for `edit`
  ['allowed = ["read_file(src/**)"]', 'unknown-tool', 'allowed = ["read(src/**)"]'], // Cursor's for `read`
  ['allowed = ["read", "bash", "Read"]', 'duplicate-entry', 'allowed = ["read", "bash"]'],
  ['allowed = ["read"]\nbash = "allow"', 'unknown-policy-key', 'allowed = ["read", "bash"]'],
  ['"*" = "deny"', 'unknown-policy-key', 'disallowed = ["*"]'],
  ['agent = "deny"', 'unknown-policy-key', 'disallowed = ["agent"]'], // SPEC 2's map form, `agent` (sub-agents), not `task`
  ['MultiEdit = "deny"', 'unknown-policy-key', 'disallowed = ["edit"]'], // as the entry's did-you-mean
  ['allowed = "read"', 'invalid-tool-policy', 'allowed = ["read"]'],
  ['allowed = "read", "grep"', 'invalid-tool-policy', 'allowed = ["read", "grep"]'],
  ['allowed = "read", "grep", # c', 'invalid-tool-policy', 'allowed = ["read", "grep"] # c'], // not `["read", "grep",]`
  // The same strings under a misspelt key, or beside the tools table: renamed as that list, mending the syntax error.
  ['allowed = ["edit"]\ndeny = "read", "grep"', 'unknown-policy-key', 'allowed = ["edit"]\ndisallowed = ["read", "grep"]'],
  ['[agents.b]\nallowed = "read", "grep"', 'misplaced-tool-list', '[agents.b]\ntools.allowed = ["read", "grep"]'],
  ['mcp = ["github", "linear"]', 'invalid-tool-policy', 'allowed = ["mcp(github)", "mcp(linear)"]'],
  ['allowed = ["Read, Grep, Bash"]', 'illegal-char', 'allowed = ["Read", "Grep", "Bash"]'],
  // TOML 1.1, which Mars's TOML 1.0 parser refuses, written in TOML 1.0.
  ['allowed = ["read"]\nx = {\n  y = 1,\n}', 'toml-syntax', 'allowed = ["read"]\nx = { y = 1 }'],
  ['allowed = ["\\x62ash"]', 'toml-syntax', 'allowed = ["\\u0062ash"]'],
  // What TOML does not read as a blank: a line separator where a comma is missing, a zero-width space.
  ['allowed = ["read"\u2028"grep"]', 'toml-syntax', 'allowed = ["read", "grep"]'],
  ['allowed = ["read"\u200b]', 'toml-syntax', 'allowed = ["read"]'],
];

describe('code actions', () => {
  before(async () => (client = await LspClient.start()));
  after(() => client.stop());

  test('a line of several diagnostics: every fix first, then the fix-alls, the line\'s Disables, the file\'s', async () => {
    const text = '[agents.a.tools]\nallowed = ["bash", "Shell(git:*)", "Bash", "WebSearch", "mcp__gh__x"]\nx = ["WebSearch", "Bash(a:*)"]\n';
    const { actions } = await actionsFor(text);
    const tier = (title: string) => /^Fix all/.test(title) ? 1 : / for (this line|line \d+)$/.test(title) ? 2 : /for the entire file$/.test(title) ? 3 : 0;
    const quick = actions.filter((a) => a.kind === 'quickfix');
    const tiers = quick.map((a) => tier(a.title));
    assert.deepEqual(tiers, [...tiers].sort((a, b) => a - b), quick.map((a) => a.title).join('\n'));
    assert.deepEqual([...new Set(tiers)], [0, 1, 2, 3], 'each tier offered');
  });

  for (const [body, code, expected] of QUICK_FIXES) {
    test(`${code}: ${body.replace(/\n/g, ' / ')}`, async () => {
      const text = `[agents.a.tools]\n${body}\n`;
      const { uri, diagnostics, actions } = await actionsFor(text);
      const d = diagnostics.find((x) => x.code === code);
      assert.ok(d, `no ${code} diagnostic in ${JSON.stringify(diagnostics.map((x) => x.code))}`);
      const fixes = actions.filter((a) => a.kind === 'quickfix' && a.diagnostics?.[0] === undefined ? false : a.diagnostics?.some((x) => x.code === code) && !a.title.startsWith('Disable') && !a.title.startsWith('Fix all'));
      // The preferred one, as the editor's auto-fix takes it; the first where none is (`*(x)` -> `*`).
      const fix = fixes.find((a) => a.isPreferred) ?? fixes[0];
      assert.ok(fix, `no fix for ${code}: ${actions.map((a) => a.title).join(' | ')}`);
      assert.equal(applied(text, fix, uri), `[agents.a.tools]\n${expected}\n`);
    });
  }

  // SPEC 4's catalogue: `illegal-char` has no quick fix (which piece of `bash(a,b)` was meant is
  // the user's call) but the split of an entry whose pieces are each a name Mars takes (of a
  // map-form key of them, its move): under it only its Disables, and no fix-all of its kind.
  for (const body of ['allowed = ["bash(git log, git status)"]', 'disallowed = ["a\\u0007b"]', '"bash(a,b)" = "allow"', '"read, mcp" = "deny"', 'allowed = ["Shell(a\\tb)"]', 'allowed = ["read, mcp"]']) {
    test(`illegal-char: no fix but its Disables: ${body}`, async () => {
      const { diagnostics, actions } = await actionsFor(`[agents.a.tools]\n${body}\n`);
      assert.ok(diagnostics.some((d) => d.code === 'illegal-char'), JSON.stringify(diagnostics.map((d) => d.code)));
      const under = actions.filter((a) => a.diagnostics?.some((d) => d.code === 'illegal-char')).map((a) => a.title);
      assert.deepEqual(under, ['Disable `illegal-char` for this line', 'Disable `illegal-char` for the entire file']);
    });
  }

  test('illegal-char of an entry of names between commas: its split, preferred, then its Disables; fix-all leaves it', async () => {
    const text = '[agents.a.tools]\nallowed = ["Read, Grep"]\n';
    const { actions } = await actionsFor(text);
    const under = actions.filter((a) => a.diagnostics?.some((d) => d.code === 'illegal-char')).map((a) => [a.title, a.isPreferred === true]);
    assert.deepEqual(under, [['Split into one entry per tool', true], ['Disable `illegal-char` for this line', false], ['Disable `illegal-char` for the entire file', false]]);
    // Nor does the respelling of the whole (`read, _grep`) go in: fix-all writes the rest alone.
    const more = '[agents.a.tools]\nallowed = ["Read, Grep", "Shell"]\n';
    const { uri, actions: fixAll } = await actionsFor(more, ['source.fixAll']);
    assert.deepEqual(fixAll.map((a) => applied(more, a, uri)), ['[agents.a.tools]\nallowed = ["Read, Grep", "bash"]\n']);
  });

  // A map-form key of such names (`"Read, Grep" = "allow"`): its move writes one entry per tool, and
  // is the one fix of both its diagnostics, one preferred action under both; fix-all leaves it.
  test('a map-form key of names between commas: its move, one entry per tool, one preferred action for both its diagnostics; fix-all leaves it', async () => {
    const text = '[agents.a.tools]\nallowed = ["edit"]\n"Read, Grep" = "allow"\n';
    const { uri, diagnostics, actions } = await actionsFor(text);
    assert.deepEqual(diagnostics.map((d) => d.code), ['unknown-policy-key', 'illegal-char']);
    const fixes = actions.filter((a) => a.kind === 'quickfix' && !/^(Disable|Fix all)/.test(a.title));
    assert.deepEqual(fixes.map((a) => [a.title, a.isPreferred === true, a.diagnostics?.map((d) => d.code)]), [
      ['Move "read", "grep" into `allowed`', true, ['unknown-policy-key', 'illegal-char']],
      ['Remove `"Read, Grep"`', false, ['unknown-policy-key']],
    ]);
    assert.equal(applied(text, fixes[0]!, uri), '[agents.a.tools]\nallowed = ["edit", "read", "grep"]\n');
    // Nor is it removed where the list holds every name: what it meant is a guess all the same.
    const held = '[agents.a.tools]\nallowed = ["read", "grep", "Shell"]\n"Read, Grep" = true\n';
    const { uri: heldUri, actions: fixAll } = await actionsFor(held, ['source.fixAll']);
    assert.deepEqual(fixAll.map((a) => applied(held, a, heldUri)), ['[agents.a.tools]\nallowed = ["read", "grep", "bash"]\n"Read, Grep" = true\n']);
  });

  // A list written as a string beside `tools.mcp`: fix-all makes it the list, and leaves the grant, whose move
  // beside it would make a conflict; as the checker's --fix does (it moved both into a conflict).
  test('fix-all makes a string the list and leaves a tools.mcp grant its move would make a conflict of, as --fix does', async () => {
    const text = '[agents.a.tools]\ndisallowed = "mcp(gh)"\nmcp = ["gh"]\n';
    const { uri, actions } = await actionsFor(text, ['source.fixAll']);
    assert.deepEqual(actions.map((a) => applied(text, a, uri)), ['[agents.a.tools]\ndisallowed = ["mcp(gh)"]\nmcp = ["gh"]\n']);
  });

  test('strings with commas and no brackets: the syntax error\'s list and the shape fix are one action, preferred; alone, a guess', async () => {
    const text = '[agents.a.tools]\nallowed = "read", "grep"\n';
    const { uri, diagnostics, actions } = await actionsFor(text);
    assert.deepEqual(diagnostics.map((d) => d.code).sort(), ['invalid-tool-policy', 'toml-syntax']);
    const fixes = actions.filter((a) => a.kind === 'quickfix' && !/^(Disable|Fix all)/.test(a.title));
    assert.deepEqual(fixes.map((a) => [a.title, a.isPreferred === true, a.diagnostics?.map((d) => d.code).sort()]), [
      ['Change to `["read", "grep"]`', true, ['invalid-tool-policy', 'toml-syntax']],
    ]);
    assert.equal(applied(text, fixes[0]!, uri), '[agents.a.tools]\nallowed = ["read", "grep"]\n');
    // The syntax error's guess first among the diagnostics asked about: still preferred, as the shape fix is.
    const reversed = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri }, range: diagnostics[0]!.range, context: { diagnostics: [...diagnostics].sort((a) => (a.code === 'toml-syntax' ? -1 : 1)) },
    });
    assert.deepEqual(reversed.filter((a) => a.title.startsWith('Change')).map((a) => a.isPreferred === true), [true]);
    // Under a misspelt owner no shape fix is made: the guess alone, not preferred.
    const misspelt = '[agent.a]\ntools = "read", "grep"\n';
    const { uri: u, actions: guess } = await actionsFor(misspelt);
    const changes = guess.filter((a) => a.title.startsWith('Change'));
    assert.deepEqual(changes.map((a) => [a.title, a.isPreferred === true]), [['Change to `["read", "grep"]`', false]]);
    assert.equal(applied(misspelt, changes[0]!, u), '[agent.a]\ntools = ["read", "grep"]\n');
  });

  // OpenCode's table of patterns in a table of its own (`[agents.e.tools.bash]`): its move writes the owner's tools table,
  // which only the document knows is written nowhere else; fix-all leaves it (a rule Mars ignored comes into force).
  test('a table of patterns of its own: its move writes the tools table where no other section does, else into it; fix-all leaves it', async () => {
    const text = '[agents.e]\ndescription = "x"\n\n[agents.e.tools.bash]\n"git push" = "deny"\n"*" = "ask"\n';
    const { uri, diagnostics, actions } = await actionsFor(text);
    assert.deepEqual(diagnostics.map((d) => d.code), ['unknown-policy-key']);
    const fixes = actions.filter((a) => a.kind === 'quickfix' && !/^(Disable|Fix all)/.test(a.title));
    assert.deepEqual(fixes.map((a) => [a.title, a.isPreferred === true]), [['Move "bash(git push)" into `disallowed`', true], ['Remove the table `[agents.e.tools.bash]`', false]]);
    assert.equal(applied(text, fixes[0]!, uri), '[agents.e]\ndescription = "x"\n\n[agents.e.tools]\ndisallowed = ["bash(git push)"]\n\n[agents.e.tools.bash]\n"*" = "ask"\n');
    const { actions: fixAll } = await actionsFor(text, ['source.fixAll']);
    assert.deepEqual(fixAll, []);
    // The tools table written in another section: the move into it (read from the whole text), not a new header, which would define it twice.
    const elsewhere = '[agents.e.tools]\nallowed = ["read"]\n\n[agents.e.tools.bash]\n"git push" = "deny"\n';
    const { uri: elsewhereUri, actions: there } = await actionsFor(elsewhere);
    const thereFixes = there.filter((a) => a.kind === 'quickfix' && !/^(Disable|Fix all)/.test(a.title));
    assert.deepEqual(thereFixes.map((a) => [a.title, a.isPreferred === true]), [['Move "bash(git push)" into `disallowed`', true], ['Remove the table `[agents.e.tools.bash]`', false]]);
    assert.equal(applied(elsewhere, thereFixes[0]!, elsewhereUri), '[agents.e.tools]\nallowed = ["read"]\ndisallowed = ["bash(git push)"]\n\n');
    // Its lists there holding one of its rules: that rule goes, preferred and in fix-all, the title saying what is left to
    // move; the move of the rest is offered too, not preferred.
    const partly = '[agents.e.tools]\nallowed = ["bash(git *)"]\n\n[agents.e.tools.bash]\n"git *" = "allow"\n"git push" = "deny"\n';
    const { uri: partlyUri, actions: held } = await actionsFor(partly);
    const heldFixes = held.filter((a) => a.kind === 'quickfix' && !/^(Disable|Fix all)/.test(a.title));
    assert.deepEqual(heldFixes.map((a) => [a.title, a.isPreferred === true]), [
      ['Move "bash(git push)" into `disallowed` (`allowed` already holds "bash(git *)")', false],
      ['Remove `"git *" = "allow"`: `allowed` already holds "bash(git *)"; move "bash(git push)" into `disallowed` by hand', true], ['Remove the table `[agents.e.tools.bash]`', false]]);
    const rest = '[agents.e.tools]\nallowed = ["bash(git *)"]\n\n[agents.e.tools.bash]\n"git push" = "deny"\n';
    assert.equal(applied(partly, heldFixes[1]!, partlyUri), rest);
    const { uri: allUri, actions: heldAll } = await actionsFor(partly, ['source.fixAll']);
    assert.deepEqual(heldAll.map((a) => applied(partly, a, allUri)), [rest]);
  });

  // Claude Code's settings as a table of their own beside the tools table, which their rename would write again: their lists
  // move into it together (read from the whole text), the table taken out; fix-all leaves it (rules Mars ignored come into force).
  // A rule among them moves too, as from the tools table (`bash = { "rm *" = "deny" }` as `bash(rm *)`).
  test('a table of lists meant as `tools` beside the tools table: its lists move into it; fix-all leaves it', async () => {
    const text = '[agents.e.tools]\nallowed = ["read"]\n\n[agents.e.permissions]\nallow = ["Bash(git *)"]\ndeny = ["WebFetch"]\nbash = { "rm *" = "deny" }\n';
    const { uri, diagnostics, actions } = await actionsFor(text);
    assert.deepEqual(diagnostics.map((d) => d.code), ['misplaced-tool-list']);
    const fixes = actions.filter((a) => a.kind === 'quickfix' && !/^(Disable|Fix all)/.test(a.title));
    assert.deepEqual(fixes.map((a) => [a.title, a.isPreferred === true]), [['Move "Bash(git *)" into `allowed` and "WebFetch", "bash(rm *)" into `disallowed`', true]]);
    assert.equal(applied(text, fixes[0]!, uri), '[agents.e.tools]\nallowed = ["read", "Bash(git *)"]\ndisallowed = ["WebFetch", "bash(rm *)"]\n\n');
    const { actions: fixAll } = await actionsFor(text, ['source.fixAll']);
    assert.deepEqual(fixAll, []);
  });

  test('an entry both non-canonical and legacy gets one preferred fix for both, not one per diagnostic', async () => {
    const text = '[agents.a.tools]\nallowed = ["Shell(git log:*)"]\n';
    const { uri, diagnostics, actions } = await actionsFor(text);
    assert.deepEqual(diagnostics.map((d) => d.code), ['non-canonical', 'legacy-prefix']);
    const preferred = actions.filter((a) => a.isPreferred);
    assert.deepEqual(preferred.map((a) => [a.title, a.diagnostics?.map((d) => d.code)]), [['Change to `bash(git log *)`', ['non-canonical', 'legacy-prefix']]]);
    assert.equal(applied(text, preferred[0]!, uri), '[agents.a.tools]\nallowed = ["bash(git log *)"]\n');
  });

  test('wrong-shape tools = [...] becomes tools.allowed', async () => {
    const text = '[agents.a]\ntools = ["read"]\n';
    const { uri, actions } = await actionsFor(text);
    const fix = actions.find((a) => a.title === 'Rename to `tools.allowed`')!;
    assert.equal(applied(text, fix, uri), '[agents.a]\ntools.allowed = ["read"]\n');
  });

  test('one preferred fix per diagnostic, plus fix-all of its kind and a suppression', async () => {
    const text = '[agents.a.tools]\nallowed = ["Shell", "Edit", "Read"]\n';
    const { uri, actions } = await actionsFor(text);
    const forShell = actions.filter((a) => a.diagnostics?.[0]?.range.start.character === 12);
    assert.deepEqual(forShell.map((a) => [a.title, !!a.isPreferred]), [
      ['Change to `bash`', true], ['Fix all `non-canonical` problems in this file', false], ['Disable `non-canonical` for this line', false],
      ['Disable `non-canonical` for the entire file', false],
    ]);
    assert.equal(applied(text, forShell[1]!, uri), '[agents.a.tools]\nallowed = ["bash", "edit", "read"]\n');
    assert.equal(applied(text, forShell[2]!, uri), '[agents.a.tools]\nallowed = ["Shell", "Edit", "Read"]  # mars-ignore: non-canonical\n');
    assert.equal(applied(text, forShell[3]!, uri), '# mars-ignore-file: non-canonical\n[agents.a.tools]\nallowed = ["Shell", "Edit", "Read"]\n');
  });

  test('"Disable for the entire file": one per code for all its diagnostics, at the top (after a BOM), extending a mars-ignore-file comment there', async () => {
    const text = '\uFEFF[agents.a.tools]\r\nallowed = ["Shell", "foo"]\r\n[agents.b.tools]\r\nallowed = ["Edit"]\r\n';
    const { uri, diagnostics, actions } = await actionsFor(text);
    const file = actions.filter((a) => a.title.endsWith('for the entire file'));
    assert.deepEqual(file.map((a) => [a.title, a.diagnostics?.map((d) => d.range.start.line)]), [
      ['Disable `non-canonical` for the entire file', [1, 3]], ['Disable `unknown-tool` for the entire file', [1]],
    ]);
    assert.equal(diagnostics.length, 3);
    const after = applied(text, file[0]!, uri);
    assert.equal(after, `\uFEFF# mars-ignore-file: non-canonical\r\n${text.slice(1)}`);
    const next = await actionsFor(after);
    assert.deepEqual(next.diagnostics.map((d) => d.code), ['unknown-tool']);
    // The comment on the first line takes the next code, before its reason.
    const reason = applied(after.replace('non-canonical', 'non-canonical -- generated'), next.actions.find((a) => a.title === 'Disable `unknown-tool` for the entire file')!, next.uri);
    assert.equal(reason.split('\r\n')[0], '\uFEFF# mars-ignore-file: non-canonical, unknown-tool -- generated');
    assert.deepEqual((await actionsFor(reason)).diagnostics, []);
    // Not a syntax error: a comment cannot take one away.
    const broken = await actionsFor('[agents.a.tools\nallowed = ["Shell"]\n');
    assert.ok(!broken.actions.some((a) => a.title === 'Disable `toml-syntax` for the entire file'), broken.actions.map((a) => a.title).join(', '));
  });

  test('"Disable" writes its comment where it suppresses the entry, in any section, and never inside a string', async () => {
    // A later section: its line numbers are the document's, its suppressions the section's own.
    const text = '[agents.a.tools]\nallowed = ["foo"]\n[agents.b.tools]\nallowed = ["bar"]\nx = 1\ndisallowed = ["shell"]  # mars-ignore: non-canonical\n';
    const { uri, actions } = await actionsFor(text);
    const disable = actions.find((a) => a.title === 'Disable `unknown-tool` for line 4')!;
    const after = applied(text, disable, uri);
    assert.equal(after.split('\n')[3], 'allowed = ["bar"]  # mars-ignore: unknown-tool');
    assert.deepEqual((await actionsFor(after)).diagnostics.map((d) => d.range.start.line), [1, 4]); // foo, and x (bar is suppressed)
    // A line that ends inside a multi-line string takes the comment on a line of its own above it.
    // One that starts inside one and ends outside takes it at its end (the last entry, `ok`).
    const strings = `[agents.a.tools]\nallowed = ["""bar""", """qux\\\n""", """\nok"""]\n`;
    const found = await actionsFor(strings);
    assert.deepEqual(found.diagnostics.map((d) => d.range.start.line), [1, 1, 3]);
    // The two of line 1 share one comment: one action for both.
    const disables = found.actions.filter((a) => a.title.startsWith('Disable'));
    assert.deepEqual(disables.map((a) => a.diagnostics?.map((d) => d.range.start.line)), [[1, 1], [3], [1, 1, 3]]);
    const above = applied(strings, disables[0]!, found.uri);
    assert.equal(above.split('\n')[1], '# mars-ignore: unknown-tool');
    assert.deepEqual((await actionsFor(above)).diagnostics.map((d) => d.range.start.line), [4]);
    const suppressed = applied(strings, disables[1]!, found.uri);
    assert.equal(suppressed.split('\n')[3], 'ok"""]  # mars-ignore: unknown-tool');
    assert.deepEqual((await actionsFor(suppressed)).diagnostics.map((d) => d.range.start.line), [1, 1]);
  });

  test('a suppression comment naming no code: the code it likely means, or the words made its reason; no "Disable" on a comment line', async () => {
    const text = '[agents.a.tools]\n# mars-ignore: non-canonica\nallowed = ["Bash", "foo"]  # mars-ignore: unknown-tool our own tool\n';
    const { uri, diagnostics, actions } = await actionsFor(text);
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range.start.line]), [['invalid-suppression', 1], ['non-canonical', 2], ['invalid-suppression', 2]]);
    const titles = (line: number) => actions.filter((a) => a.diagnostics?.some((d) => d.code === 'invalid-suppression' && d.range.start.line === line)).map((a) => a.title);
    assert.deepEqual(titles(1), ['Change the code to `non-canonical`', 'Disable `invalid-suppression` for the entire file']);
    assert.deepEqual(titles(2), ['Make `our own tool` the reason', 'Disable `invalid-suppression` for line 3', 'Disable `invalid-suppression` for the entire file']);
    const meant = applied(text, actions.find((a) => a.title === 'Change the code to `non-canonical`')!, uri);
    assert.equal(meant.split('\n')[1], '# mars-ignore: non-canonical');
    assert.deepEqual((await actionsFor(meant)).diagnostics.map((d) => d.code), ['invalid-suppression']);
    const reason = applied(text, actions.find((a) => a.title === 'Make `our own tool` the reason')!, uri);
    assert.equal(reason.split('\n')[2], 'allowed = ["Bash", "foo"]  # mars-ignore: unknown-tool -- our own tool');
    assert.deepEqual((await actionsFor(reason)).diagnostics.map((d) => d.code), ['invalid-suppression', 'non-canonical']);
  });

  test('"Disable" for a request over several lines (a selection) names each line, so two of one code are told apart', async () => {
    const text = '[agents.a.tools]\nallowed = ["Shell",\n  "Read"]\ndisallowed = ["Edit"]\n';
    const { uri, diagnostics } = await actionsFor(text);
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range.start.line]), [['non-canonical', 1], ['non-canonical', 2], ['non-canonical', 3]]);
    const ask = async (ds: Diagnostic[]) => (await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri }, range: { start: ds[0]!.range.start, end: ds[ds.length - 1]!.range.end }, context: { diagnostics: ds },
    })).filter((a) => a.title.startsWith('Disable'));
    const two = await ask(diagnostics.slice(0, 2));
    assert.deepEqual(two.map((a) => [a.title, a.diagnostics?.map((d) => d.range.start.line)]), [
      ['Disable `non-canonical` for line 2', [1]], ['Disable `non-canonical` for line 3', [2]], ['Disable `non-canonical` for the entire file', [1, 2]],
    ]);
    assert.equal(applied(text, two[1]!, uri), '[agents.a.tools]\nallowed = ["Shell",\n  "Read"]  # mars-ignore: non-canonical\ndisallowed = ["Edit"]\n');
    // One line asked for: "this line", as before.
    assert.deepEqual((await ask(diagnostics.slice(2))).map((a) => a.title), ['Disable `non-canonical` for this line', 'Disable `non-canonical` for the entire file']);
  });

  test('"Disable" is offered once for two diagnostics of one code on a line, and silences the whole line', async () => {
    const text = '[agents.a.tools]\ndisallowed = [1, true]\nallowed = ["read"]\n';
    const { uri, diagnostics, actions } = await actionsFor(text);
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range.start.line]), [['invalid-tool-policy', 1], ['invalid-tool-policy', 1]]);
    const disables = actions.filter((a) => a.title.startsWith('Disable'));
    assert.deepEqual(disables.map((a) => [a.title, a.diagnostics?.length]), [['Disable `invalid-tool-policy` for this line', 2], ['Disable `invalid-tool-policy` for the entire file', 2]]);
    const after = applied(text, disables[0]!, uri);
    assert.equal(after, '[agents.a.tools]\ndisallowed = [1, true]  # mars-ignore: invalid-tool-policy\nallowed = ["read"]\n');
    assert.deepEqual((await actionsFor(after)).diagnostics, []);
  });

  test('source.fixAll.mars fixes every safe problem at once, without overlapping edits', async () => {
    const text = [
      '[agents.a.tools]',
      'allowed = ["Shell(git log:*)", "bash(git log *)", "Bash(git log *)", "mcp__gh__x", "ask-user", "bash()"]',
      'bash = "allow"',
      '"*" = "deny"',
      'mcp = ["linear"]',
      '',
    ].join('\n');
    const { uri, actions } = await actionsFor(text, ['source.fixAll']);
    assert.deepEqual(actions.map((a) => a.kind), ['source.fixAll.mars']);
    const fixed = applied(text, actions[0]!, uri);
    // `bash = "allow"` goes once `bash()` is `bash`: `allowed` holds its rule.
    assert.equal(fixed, '[agents.a.tools]\nallowed = ["bash(git log *)", "mcp(gh/x)", "ask-user", "bash", "mcp(linear)"]\n"*" = "deny"\n');
    // What is left needs a human: the did-you-mean guess, and a map-form rule Mars ignores (moving
    // it puts a rule in force that was not).
    const { diagnostics } = await actionsFor(fixed);
    assert.deepEqual(diagnostics.map((d) => d.code), ['unknown-tool', 'unknown-policy-key']);
  });

  test('source.fixAll.mars writes a missing comma, then fixes what its error kept fix-all out of, each edit its own', async () => {
    const text = '[agents]\na.tools.allowed = ["read" "grep"]\nb.tools.allowed = ["Bash"]\n';
    const { uri, actions } = await actionsFor(text, ['source.fixAll']);
    assert.deepEqual(actions.map((a) => a.kind), ['source.fixAll.mars']);
    const edits = (actions[0]!.edit!.documentChanges![0] as TextDocumentEdit).edits as TextEdit[];
    assert.deepEqual(edits.map((e) => [e.range.start.line, e.newText]), [[1, ','], [2, 'bash']]);
    assert.equal(applied(text, actions[0]!, uri), '[agents]\na.tools.allowed = ["read", "grep"]\nb.tools.allowed = ["bash"]\n');
  });

  // A kind asked for takes the kinds below it (`source` takes `source.fixAll.mars`), not every kind its text begins;
  // the empty kind (LSP's `CodeActionKind.Empty`) takes every kind, as VS Code's kinds read it.
  const ONLY_KINDS: Array<[string[], string[]]> = [
    [['source.fixAll'], ['source.fixAll.mars']], [['source'], ['source.fixAll.mars']], [['source.fixAll.mars'], ['source.fixAll.mars']],
    [['source.fix'], []], [['source.fixAll.m'], []], [['refactor'], []], [[''], ['source.fixAll.mars']], [['refactor', ''], ['source.fixAll.mars']],
  ];
  for (const [only, kinds] of ONLY_KINDS) {
    test(`only ${JSON.stringify(only)} gives ${JSON.stringify(kinds)}`, async () => {
      const { actions } = await actionsFor('[agents.a.tools]\nallowed = ["Shell"]\n', only);
      assert.deepEqual(actions.map((a) => a.kind), kinds);
    });
  }

  test('source.fixAll.mars on a big section with commas missing (in its first piece, a later one and its last), CRLF and a byte order mark: every comma and what they hid, as the checker writes it', async () => {
    // Past 16 KB, cut in pieces (toml/chunks.ts): each error keeps fix-all out of the pieces after it, until its comma is in.
    const lines: Record<number, string> = { 10: '["read" "grep"]', 200: '["Read"]', 300: '{ allowed = ["read"] disallowed = ["Bash"] }', 517: '["Read" "grep"]', 519: '["Bash"]' };
    const body = (fixed: boolean) => Array.from({ length: 520 }, (_, i) => {
      const value = (lines[i] ?? '["read", "grep"]').replace(/("|\]) ("|disallowed)/g, fixed ? '$1, $2' : '$&').replace(/"(Read|Bash)"/g, (m, name: string) => (fixed ? `"${name.toLowerCase()}"` : m));
      return `filler${i}.tools${value.startsWith('{') ? '' : '.allowed'} = ${value}\n`;
    }).join('');
    const text = `[agents]\n${body(false)}[agents.z.tools]\nallowed = ["Shell"]\n`;
    const expected = `[agents]\n${body(true)}[agents.z.tools]\nallowed = ["bash"]\n`;
    for (const [bom, eol] of [['', '\n'], ['', '\r\n'], ['\uFEFF', '\n'], ['\uFEFF', '\r\n']] as const) {
      const variant = (t: string) => bom + t.replace(/\n/g, eol);
      const { uri, actions } = await actionsFor(variant(text), ['source.fixAll']);
      assert.deepEqual(actions.map((a) => a.kind), ['source.fixAll.mars'], JSON.stringify([bom, eol]));
      const fixed = applied(variant(text), actions[0]!, uri);
      assert.equal(fixed, variant(expected), JSON.stringify([bom, eol]));
      assert.deepEqual((await actionsFor(fixed, ['source.fixAll'])).actions, [], JSON.stringify([bom, eol]));
    }
  });
});

describe('what each action covers', () => {
  before(async () => (client = await LspClient.start({ resolve: true })));
  after(() => client.stop());

  test('fix-all is offered only where it would change something, and under a diagnostic it fixes', async () => {
    // Past the syntax error of its section fix-all writes nothing: no "Fix all" for `Shell` there.
    const broken = await actionsFor('[agents.a.tools]\n= 1\nallowed = ["Shell", "Edit"]\n');
    assert.deepEqual(broken.actions.filter((a) => a.title.startsWith('Fix all')).map((a) => a.title), []);
    // `Edit` in the next section is fixed by it, `Shell` is not: "Fix all `non-canonical`" is not
    // listed under `Shell` (it would fix only `Edit`, which has its own quick fix).
    const text = '[agents.a.tools]\n= 1\nallowed = ["Shell"]\n[agents.b.tools]\nallowed = ["Edit", "Read"]\n';
    const { actions } = await actionsFor(text);
    const fixAlls = actions.filter((a) => a.title.startsWith('Fix all'));
    assert.deepEqual(fixAlls.map((a) => [a.title, a.diagnostics?.map((d) => d.range.start.line)]), [
      ['Fix all `non-canonical` problems in this file', [4]], ['Fix all Mars problems in this file', undefined],
    ]);
  });

  test('nothing is fixed past a multi-line string left open, whose text the rest of the file is', async () => {
    const text = '[agents.a]\ndescription = """Reviewer\n[agents.b.tools]\nallowed = ["Shell", "Edit"]\n';
    const { diagnostics, actions } = await actionsFor(text);
    assert.deepEqual(diagnostics.map((d) => d.code), ['toml-syntax', 'non-canonical', 'non-canonical']);
    assert.deepEqual(actions.filter((a) => a.title.startsWith('Fix all')).map((a) => a.title), []);
    assert.ok(actions.some((a) => a.title === 'Change to `bash`'), 'the quick fixes one at a time are still offered');
  });

  test('two sections alike: each diagnostic gets its own fix, whose title says which', async () => {
    const text = '[agents.a.tools]\nallowed = ["Shell"]\n[agents.b.tools]\nallowed = ["Shell"]\n';
    const { uri, actions } = await actionsFor(text);
    const changes = actions.filter((a) => /^Change `Shell` to `bash` on line \d$/.test(a.title));
    assert.deepEqual(changes.map((a) => [a.title, a.diagnostics?.map((d) => d.range.start.line)]), [
      ['Change `Shell` to `bash` on line 2', [1]], ['Change `Shell` to `bash` on line 4', [3]],
    ]);
    assert.equal(applied(text, changes[1]!, uri), '[agents.a.tools]\nallowed = ["Shell"]\n[agents.b.tools]\nallowed = ["bash"]\n');
  });

  // Two fixes of one title in one menu (a whole line, or more, selected) could not be told apart:
  // where titles collide each names its entry, then its line, as "Disable … for line N" does, then
  // which of the same entry on that line it is. A title no other shares stays short.
  // [tools table, the quick fixes' titles that are not Disable or Fix all, in the order offered]
  const COLLIDING_TITLES: Array<[string, string[]]> = [
    ['allowed = ["Bash", "SHELL"]', ['Change `Bash` to `bash`', 'Change `SHELL` to `bash`', 'Remove the duplicate `SHELL`']],
    ['allowed = ["*(x)", "*()"]', ['Change `*(x)` to `*`', 'Change `*()` to `*`']],
    ['allowed = ["Bash", "read"]', ['Change to `bash`']],
    ['allowed = ["Bash", "Read"]', ['Change to `bash`', 'Change to `read`']],
    // Claude's old `Task`: the respelling, then `agent`, what was likely meant.
    ['allowed = ["Task"]', ['Change to `task`', 'Change to `agent`']],
    ['allowed = ["Shell"]\nx = 1\n[agents.b.tools]\nallowed = ["Shell"]', ['Change `Shell` to `bash` on line 2', 'Remove `x`', 'Change `Shell` to `bash` on line 5']],
    ['allowed = ["Shell", "Shell"]', ['Change `Shell` to `bash` (1st on line 2)', 'Change `Shell` to `bash` (2nd on line 2)', 'Remove the duplicate `Shell`']],
    // A misspelt list's key, renamed: each names the key it renames.
    ['alowed = ["read"]\n[agents.b.tools]\nAllowed = ["grep"]', ['Rename `alowed` to `allowed`', 'Rename `Allowed` to `allowed`']],
  ];
  for (const [body, titles] of COLLIDING_TITLES) {
    test(`no two quick fixes of one menu share a title: ${body.replace(/\n/g, ' / ')}`, async () => {
      const { actions } = await actionsFor(`[agents.a.tools]\n${body}\n`);
      const fixes = actions.filter((a) => a.kind === 'quickfix' && !/^(Disable|Fix all) /.test(a.title)).map((a) => a.title);
      assert.deepEqual(fixes, titles);
      const all = actions.map((a) => a.title);
      assert.equal(new Set(all).size, all.length, all.join(' | '));
    });
  }

  test('the same entry 23 times on a line: each fix says which it is, 11th to 13th as English has them, 21st to 23rd', async () => {
    const { actions } = await actionsFor(`[agents.a.tools]\nallowed = [${Array(23).fill('"Shell"').join(', ')}]\n`);
    const ordinals = '1st 2nd 3rd 4th 5th 6th 7th 8th 9th 10th 11th 12th 13th 14th 15th 16th 17th 18th 19th 20th 21st 22nd 23rd'.split(' ');
    assert.deepEqual(actions.filter((a) => a.title.startsWith('Change ')).map((a) => a.title), ordinals.map((o) => `Change \`Shell\` to \`bash\` (${o} on line 2)`));
  });

  test('removing one side of a conflict removes every entry there that means it', async () => {
    const text = '[agents.a.tools]\nallowed = ["read", "edit", "Read"]\ndisallowed = ["read"]\n';
    const { uri, diagnostics, actions } = await actionsFor(text);
    const remove = actions.find((a) => a.title === 'Remove `read` and `Read` from `allowed`');
    assert.ok(remove, actions.map((a) => a.title).join(' | '));
    const after = applied(text, remove, uri);
    assert.equal(after, '[agents.a.tools]\nallowed = ["edit"]\ndisallowed = ["read"]\n');
    assert.ok(diagnostics.some((d) => d.code === 'allow-deny-conflict'));
    assert.deepEqual((await actionsFor(after)).diagnostics, []);
  });

  test('a misspelt duplicate: removing it is the one preferred fix', async () => {
    const text = '[agents.a.tools]\nallowed = ["bash", "Shell"]\n';
    const { uri, diagnostics, actions } = await actionsFor(text);
    assert.deepEqual(diagnostics.map((d) => d.code).sort(), ['duplicate-entry', 'non-canonical']);
    const preferred = actions.filter((a) => a.isPreferred);
    assert.deepEqual(preferred.map((a) => a.title), ['Remove the duplicate `Shell`']);
    assert.equal(applied(text, preferred[0]!, uri), '[agents.a.tools]\nallowed = ["bash"]\n');
  });
});

describe('file-wide fixes on a lightbulb request', () => {
  test('come without edits and are resolved against the document as it is when picked', async () => {
    // As VS Code, which can also apply an edit the server sends: it resolves, and gets no command.
    const resolving = await LspClient.start({ resolve: true, applyEdit: true });
    try {
      const uri = 'file:///ca/resolve/mars.toml';
      const text = '[agents.a.tools]\nallowed = ["Shell", "Edit"]\n';
      await resolving.open(uri, text);
      const diagnostics = await resolving.pushed(uri, 1);
      const actions = await resolving.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri }, range: diagnostics[0]!.range, context: { diagnostics: [diagnostics[0]] },
      });
      const lazy = actions.filter((a) => a.title.startsWith('Fix all'));
      assert.deepEqual(lazy.map((a) => [a.kind, a.edit, a.command, a.data]), [
        ['quickfix', undefined, undefined, { uri, version: 1, code: 'non-canonical' }], ['source.fixAll.mars', undefined, undefined, { uri, version: 1 }],
      ]);
      // Asked for by kind: quick fixes (a key binding's menu, like the lightbulb's) stay deferred; the source action (fix-on-save) is computed now.
      const byKind = async (only: string[]) => (await resolving.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri }, range: diagnostics[0]!.range, context: { diagnostics: [diagnostics[0]], only },
      })).filter((a) => a.title.startsWith('Fix all')).map((a) => [a.kind, a.edit === undefined, a.data]);
      assert.deepEqual(await byKind(['quickfix']), [['quickfix', true, { uri, version: 1, code: 'non-canonical' }]]);
      assert.deepEqual(await byKind(['source.fixAll']), [['source.fixAll.mars', false, undefined]]);
      const resolved = await resolving.request<CodeAction>('codeAction/resolve', lazy[1]);
      assert.equal(applied(text, resolved, uri), '[agents.a.tools]\nallowed = ["bash", "edit"]\n');
      // Offered for version 1 and picked after an edit: every fix of the file as it is now, named for version 2.
      const now = '[agents.a.tools]\nallowed = ["Read"]\n';
      await resolving.change(uri, 2, [{ text: now }]);
      await resolving.pushed(uri, 2);
      const later = await resolving.request<CodeAction>('codeAction/resolve', lazy[1]);
      assert.equal(applied(now, later, uri, 2), '[agents.a.tools]\nallowed = ["read"]\n');
      // Picked once nothing is left to fix: no edit, rather than an empty one.
      await resolving.change(uri, 3, [{ text: '[agents.a.tools]\nallowed = ["read"]\n' }]);
      await resolving.pushed(uri, 3);
      const none = await resolving.request<CodeAction>('codeAction/resolve', lazy[1]);
      assert.deepEqual([none.title, none.edit], ['Fix all Mars problems in this file', undefined]);
    } finally {
      await resolving.stop();
    }
  });
});

// vscode-eslint's model: a client that cannot resolve an action's edit but can apply one the server
// sends runs the fix-all as the server's command, computed then, not in every lightbulb request.
describe('file-wide fixes for a client that cannot resolve them', () => {
  const text = '[agents.a.tools]\nallowed = ["Shell", "Edit", "bash(git:*)"]\n';
  type Run = { command: string; arguments?: unknown[] };
  /** A client that applies an edit the server sends as editors do: its change is sent before its answer. */
  async function applyingClient(options: Parameters<typeof LspClient.start>[0]) {
    const c = await LspClient.start(options);
    const doc = { text: '', version: 1 };
    const sent: Array<{ documentChanges?: TextDocumentEdit[]; changes?: Record<string, TextEdit[]> }> = [];
    c.conn.onRequest('workspace/applyEdit', async (p: { edit: (typeof sent)[number] }) => {
      sent.push(p.edit);
      const [uri, edits] = p.edit.documentChanges ? [p.edit.documentChanges[0]!.textDocument.uri, p.edit.documentChanges[0]!.edits] : Object.entries(p.edit.changes!)[0]!;
      doc.text = applyTextEdits(doc.text, edits as TextEdit[]);
      await c.change(uri, ++doc.version, [{ text: doc.text }]);
      return { applied: true };
    });
    const run = (r: Run) => c.request('workspace/executeCommand', { command: r.command, arguments: r.arguments });
    const refused = (r: Run) => run(r).then(() => 'applied', (e: { code?: number }) => e.code);
    return { c, doc, sent, run, refused };
  }
  const lightbulb = <A = CodeAction>(c: LspClient, uri: string, diagnostic: Diagnostic) =>
    c.request<A[]>('textDocument/codeAction', { textDocument: { uri }, range: diagnostic.range, context: { diagnostics: [diagnostic] } });

  test('with CodeAction literals: the actions carry the command, which computes the edit when run and applies it for the text it was offered for', async () => {
    const { c, doc, sent, run, refused } = await applyingClient({ applyEdit: true });
    try {
      const uri = 'file:///ca/fix-all-command/mars.toml';
      doc.text = text;
      await c.open(uri, text);
      const diagnostics = await c.pushed(uri, 1);
      const actions = await lightbulb(c, uri, diagnostics.find((d) => d.code === 'non-canonical')!);
      const fixAlls = actions.filter((a) => a.title.startsWith('Fix all'));
      assert.deepEqual(fixAlls.map((a) => [a.kind, a.edit, a.data, a.command?.command, a.command?.arguments?.[0]]), [
        ['quickfix', undefined, undefined, 'mars.fixAll', { uri, version: 1, code: 'non-canonical' }],
        ['source.fixAll.mars', undefined, undefined, 'mars.fixAll', { uri, version: 1 }],
      ]);
      assert.ok(actions.filter((a) => !a.title.startsWith('Fix all')).every((a) => a.edit && !a.command), 'the other actions carry their edits');
      assert.equal(sent.length, 0);
      // Run twice at once: the first applies (for version 1), the second finds the text changed.
      const [first, second] = await Promise.allSettled([run(fixAlls[0]!.command!), run(fixAlls[0]!.command!)]);
      assert.equal(first.status, 'fulfilled');
      assert.equal(second.status === 'rejected' && (second.reason as { code?: number }).code, -32801);
      assert.equal(sent.length, 1);
      assert.deepEqual(sent[0]!.documentChanges!.map((x) => x.textDocument), [{ uri, version: 1 }]);
      assert.equal(doc.text, '[agents.a.tools]\nallowed = ["bash", "edit", "bash(git:*)"]\n');
      // Offered for version 1, run on version 2: refused, nothing sent.
      assert.equal(await refused(fixAlls[1]!.command!), -32801);
      assert.equal(sent.length, 1);
      // Offered again, for version 2.
      await c.pushed(uri, 2);
      const again = (await lightbulb(c, uri, (await c.pushed(uri, 2))[0]!)).find((a) => a.kind === 'source.fixAll.mars')!;
      assert.deepEqual(again.command?.arguments?.[0], { uri, version: 2 });
      await run(again.command!);
      assert.deepEqual(sent[1]!.documentChanges!.map((x) => x.textDocument), [{ uri, version: 2 }]);
      assert.equal(doc.text, '[agents.a.tools]\nallowed = ["bash", "edit", "bash(git *)"]\n');
      // What the client sends back is checked.
      for (const args of [[], [{ uri, version: 'one' }], [{ uri, version: 3, code: 'no-such-code' }]]) {
        assert.equal(await refused({ command: 'mars.fixAll', arguments: args }), -32602, JSON.stringify(args));
      }
      assert.equal(await refused({ command: 'mars.applyEdit', arguments: [actions[0]!.edit] }), -32602, 'a client with literals is offered no mars.applyEdit');
    } finally {
      await c.stop();
    }
  });

  // The client's answer was read as `{ applied }` without a look: null failed with a TypeError, logged
  // with its stack as the command's failure.
  test('an answer to workspace/applyEdit that is no ApplyWorkspaceEditResult is told in one line, and the command still answers', async () => {
    const c = await LspClient.start({ applyEdit: true });
    const answers: unknown[] = [null, {}, { applied: 'yes' }, 5];
    c.conn.onRequest('workspace/applyEdit', () => answers.shift());
    try {
      const uri = 'file:///ca/odd-apply-answer/mars.toml';
      await c.open(uri, text);
      const diagnostics = await c.pushed(uri, 1);
      const fixAll = (await lightbulb(c, uri, diagnostics[0]!)).find((a) => a.kind === 'source.fixAll.mars')!;
      for (let i = 0; i < 4; i++) assert.equal(await c.request('workspace/executeCommand', fixAll.command), null);
      assert.deepEqual(c.logs, ['null', 'an object without applied', '{"applied":"yes"}', '5'].map((what) =>
        `the client answered workspace/applyEdit with ${what}, not { applied: true or false }: whether the edit was applied is not known`));
    } finally {
      await c.stop();
    }
  });

  // The client's failureReason was logged whole, of any length.
  test('an edit the client did not apply is told in one line, with its reason briefly', async () => {
    const c = await LspClient.start({ applyEdit: true });
    const answers: unknown[] = [{ applied: false }, { applied: false, failureReason: 'the file is read-only' }, { applied: false, failureReason: `r${'\n'.repeat(10)}${'r'.repeat(1_000_000)}` }];
    c.conn.onRequest('workspace/applyEdit', () => answers.shift());
    try {
      const uri = 'file:///ca/not-applied/mars.toml';
      await c.open(uri, text);
      const diagnostics = await c.pushed(uri, 1);
      const fixAll = (await lightbulb(c, uri, diagnostics[0]!)).find((a) => a.kind === 'source.fixAll.mars')!;
      for (let i = 0; i < 3; i++) assert.equal(await c.request('workspace/executeCommand', fixAll.command), null);
      assert.equal(c.logs.length, 3);
      assert.deepEqual(c.logs.slice(0, 2), ['the edit was not applied', 'the edit was not applied: the file is read-only']);
      assert.match(c.logs[2]!, /^the edit was not applied: r(\\u000A){10}r{30,150}…r{50,80}$/);
    } finally {
      await c.stop();
    }
  });

  // The client's error was thrown on as the command's own answer, whole (a 1 MB message, its data of
  // any depth: this test's client cannot write data nested too deep, but the server no longer sends it back).
  test('an edit the client refuses with an error is told in one line, briefly, and the command still answers', async () => {
    const c = await LspClient.start({ applyEdit: true });
    const answers: unknown[] = [new ResponseError(-32803, 'the file is read-only'), new ResponseError(-32803, `n${'o'.repeat(1_000_000)}`, { more: 'o'.repeat(1_000_000) })];
    c.conn.onRequest('workspace/applyEdit', () => answers.shift());
    try {
      const uri = 'file:///ca/apply-refused/mars.toml';
      await c.open(uri, text);
      const diagnostics = await c.pushed(uri, 1);
      const fixAll = (await lightbulb(c, uri, diagnostics[0]!)).find((a) => a.kind === 'source.fixAll.mars')!;
      for (let i = 0; i < 2; i++) assert.equal(await c.request('workspace/executeCommand', fixAll.command), null);
      assert.equal(c.logs.length, 2);
      assert.equal(c.logs[0], 'the edit was not applied: the client refused it (-32803 the file is read-only)');
      assert.match(c.logs[1]!, /^the edit was not applied: the client refused it \(-32803 no{100,150}…o{50,80}\)$/);
    } finally {
      await c.stop();
    }
  });

  test('asked for by kind (fix-on-save), the file-wide fix still carries its edit', async () => {
    const { c, sent } = await applyingClient({ applyEdit: true });
    try {
      const uri = 'file:///ca/fix-all-on-save/mars.toml';
      await c.open(uri, text);
      await c.pushed(uri, 1);
      const actions = await c.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [], only: ['source.fixAll'] },
      });
      assert.deepEqual(actions.map((a) => [a.kind, a.command]), [['source.fixAll.mars', undefined]]);
      assert.equal(applied(text, actions[0]!, uri), '[agents.a.tools]\nallowed = ["bash", "edit", "bash(git *)"]\n');
      assert.equal(sent.length, 0);
    } finally {
      await c.stop();
    }
  });

  test('without CodeAction literals: the same command, as a Command', async () => {
    const { c, doc, sent, run, refused } = await applyingClient({ capabilities: { workspace: { applyEdit: true }, textDocument: { codeAction: {}, publishDiagnostics: {} } } });
    try {
      const uri = 'file:///ca/fix-all-command-no-literals/mars.toml';
      doc.text = text;
      await c.open(uri, text);
      const diagnostics = await c.pushed(uri, 1);
      const answer = await lightbulb<Command>(c, uri, diagnostics.find((d) => d.code === 'non-canonical')!);
      assert.deepEqual(answer.map((a) => [a.title, a.command]), [
        ['Change to `bash`', 'mars.applyEdit'], ['Fix all `non-canonical` problems in this file', 'mars.fixAll'],
        ['Disable `non-canonical` for this line', 'mars.applyEdit'], ['Disable `non-canonical` for the entire file', 'mars.applyEdit'],
        ['Fix all Mars problems in this file', 'mars.fixAll'],
      ]);
      const fixAll = answer[4]!;
      assert.deepEqual(Object.keys(fixAll).sort(), ['arguments', 'command', 'title']);
      assert.deepEqual(fixAll.arguments![0], { uri, version: 1 });
      await run(fixAll);
      // Without documentChanges, the edit comes as `changes`.
      assert.deepEqual(sent.map((e) => [e.documentChanges, Object.keys(e.changes!)]), [[undefined, [uri]]]);
      assert.equal(doc.text, '[agents.a.tools]\nallowed = ["bash", "edit", "bash(git *)"]\n');
      assert.equal(await refused(answer[1]!), -32801, 'offered for version 1, run on version 2');
      assert.equal(sent.length, 1);
    } finally {
      await c.stop();
    }
  });

  test('its run stops when the document changes or the request is cancelled, and sends nothing', async () => {
    const { c, doc, sent, run, refused } = await applyingClient({ applyEdit: true });
    try {
      const uri = 'file:///ca/fix-all-command-stopped/mars.toml';
      doc.text = agentsTable(1500);
      await c.open(uri, doc.text);
      await c.pushed(uri, 1, 30_000);
      const offered = async () => (await c.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [] },
      })).find((a) => a.kind === 'source.fixAll.mars')!.command!;
      // Edited once the fix is being made (it takes far longer than this).
      const edited = refused(await offered());
      setTimeout(() => {
        doc.text = `# a line\n${doc.text}`;
        void c.change(uri, ++doc.version, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '# a line\n' }]);
      }, 50);
      assert.equal(await edited, -32801);
      await c.pushed(uri, 2, 30_000);
      const source = new CancellationTokenSource();
      const command = await offered();
      const cancelled = c.conn.sendRequest('workspace/executeCommand', { command: command.command, arguments: command.arguments }, source.token);
      setTimeout(() => source.cancel(), 50);
      assert.equal(await cancelled.then(() => 'applied', (e: { code?: number }) => e.code), -32800);
      assert.equal(sent.length, 0);
      // Not stopped, it is applied, named for version 2 and nothing on the line typed.
      await run(command);
      const edit = sent[0]!.documentChanges![0]!;
      assert.equal(edit.textDocument.version, 2);
      assert.ok(edit.edits.length > 10 && edit.edits.every((e) => e.range.start.line >= 1));
    } finally {
      await c.stop();
    }
  });
});

describe('cancelling a file-wide fix', () => {
  test('stops it in the middle: the request is answered "cancelled" and the server goes on', async () => {
    const c = await LspClient.start();
    try {
      const uri = 'file:///cancel-fix-all/mars.toml';
      const text = agentsTable(1500);
      await c.open(uri, text);
      await c.pushed(uri, 1, 30_000);
      const params = { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        context: { diagnostics: [], only: ['source.fixAll'] } };
      // Cancelled once it is running (the handler has started: it computes for far longer than this).
      const source = new CancellationTokenSource();
      const running = c.conn.sendRequest<CodeAction[]>('textDocument/codeAction', params, source.token);
      setTimeout(() => source.cancel(), 50);
      const outcome = await running.then(() => 'answered', (e: { code?: number }) => e.code);
      assert.equal(outcome, -32800);
      // Not cancelled, the same request is answered with the fix.
      const [fixAll] = await c.request<CodeAction[]>('textDocument/codeAction', params);
      assert.ok((fixAll?.edit?.documentChanges?.[0] as TextDocumentEdit).edits.length > 10);
    } finally {
      await c.stop();
    }
  });
});

describe('an edit while a file-wide fix is made', () => {
  // Its edits would be of the text before the edit: a client without versioned edits applies them
  // to its new text, one line off. The request fails with ContentModified (LSP 3.17) instead.
  for (const resolve of [false, true]) {
    test(`fails the ${resolve ? 'resolve' : 'request'} with ContentModified, and the next one is of the new text`, async () => {
      const c = await LspClient.start({ resolve });
      try {
        const uri = `file:///modified-fix-all/${resolve}/mars.toml`;
        const text = agentsTable(1500);
        await c.open(uri, text);
        await c.pushed(uri, 1, 30_000);
        // Asked for by kind, the fix is made in the request; in a lightbulb's list, when resolved.
        const params = { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
          context: resolve ? { diagnostics: [] } : { diagnostics: [], only: ['source.fixAll'] } };
        const offered = async () => {
          const action = (await c.request<CodeAction[]>('textDocument/codeAction', params)).find((a) => a.kind === 'source.fixAll.mars')!;
          assert.equal(action.edit === undefined, resolve, resolve ? 'left for resolve' : 'made in the request');
          return action;
        };
        const ask = async () => (resolve ? c.conn.sendRequest<CodeAction>('codeAction/resolve', await offered()) : offered());
        // Edited once the fix is being made (it takes far longer than this).
        const running = resolve ? c.conn.sendRequest<CodeAction>('codeAction/resolve', await offered()) : offered();
        setTimeout(() => void c.change(uri, 2, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '# a line\n' }]), 50);
        const outcome = await running.then(() => 'answered', (e: { code?: number }) => e.code);
        assert.equal(outcome, -32801);
        // Asked again, the fix is of the new text, at its version.
        const fixAll = await ask();
        const edit = fixAll.edit?.documentChanges?.[0] as TextDocumentEdit;
        assert.equal(edit.textDocument.version, 2);
        assert.ok(edit.edits.length > 10 && edit.edits.every((e) => e.range.start.line >= 1), 'nothing on the line typed');
      } finally {
        await c.stop();
      }
    });
  }
});

test('a resolve whose document is closed and opened again while its settings come leaves the new text its own analysis', async () => {
  const c = await LspClient.start({ resolve: true, pull: true, settingsDelayMs: 800 });
  try {
    const uri = 'file:///reopened-resolve/mars.toml';
    const first = '[agents.a.tools]\nallowed = ["grpe", "bash()"]\n';
    const second = '[agents.b.tools]\ndisallowed = ["Shell"]\n';
    await c.open(uri, first);
    const resolving = c.conn.sendRequest<CodeAction>('codeAction/resolve', { title: 'Fix all', kind: 'source.fixAll.mars', data: { uri, version: 1 } });
    await new Promise((r) => setTimeout(r, 100));
    await c.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
    await c.open(uri, second);
    assert.equal(await resolving.then(() => 'answered', (e: { code?: number }) => e.code), -32801);
    const pulled = await c.conn.sendRequest<{ items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri } });
    assert.deepEqual(pulled.items.map((d) => [d.code, d.range.start.line, d.range.start.character]), [['non-canonical', 1, 15]]);
  } finally {
    await c.stop();
  }
});

test('a request the document changes under while its settings come is answered empty, not with the actions of the new text at its range', async () => {
  const c = await LspClient.start({ pull: true, settingsDelayMs: 300 });
  try {
    const uri = 'file:///changed-while-settings-come/mars.toml';
    await c.open(uri, '[agents.a.tools]\nallowed = ["Shell"]\n');
    const [d] = await c.pulled(uri);
    const params = { textDocument: { uri }, range: d!.range, context: { diagnostics: [d] } };
    // The settings changed: the request asks the client for them again, and a line is typed above meanwhile,
    // which puts agent b's `Shell` where agent a's was.
    await c.conn.sendNotification('workspace/didChangeConfiguration', { settings: null });
    const asked = c.request<CodeAction[]>('textDocument/codeAction', params);
    await c.change(uri, 2, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '[agents.b.tools]\nallowed = ["Shell"]\n' }]);
    assert.deepEqual((await asked).map((a) => a.title), []);
    // Asked again of the new text: its actions, at its version.
    const again = await c.request<CodeAction[]>('textDocument/codeAction', params);
    assert.ok(again.some((a) => a.title === 'Change to `bash`'));
    assert.deepEqual([...new Set(again.map((a) => (a.edit?.documentChanges?.[0] as TextDocumentEdit | undefined)?.textDocument.version ?? (a.command?.arguments?.[0] as { version?: number }).version))], [2]);
  } finally {
    await c.stop();
  }
});

// LSP 3.17: a client that did not declare `codeActionLiteralSupport` takes `Command`s only.
describe('a client without CodeAction literals', () => {
  const text = '[agents.a.tools]\nallowed = ["Shell", "Edit"]\n';
  const caps = (applyEdit: boolean, documentChanges: boolean) => ({
    workspace: { applyEdit, workspaceEdit: { documentChanges } }, textDocument: { codeAction: {}, publishDiagnostics: {} },
  });

  for (const documentChanges of [true, false]) {
    test(`gets Commands that the server applies through workspace/applyEdit (documentChanges: ${documentChanges})`, async () => {
      const c = await LspClient.start({ capabilities: caps(true, documentChanges) });
      try {
        const applied: unknown[] = [];
        c.conn.onRequest('workspace/applyEdit', (p: { edit: unknown }) => {
          applied.push(p.edit);
          return { applied: true };
        });
        const uri = `file:///ca/commands-${documentChanges}/mars.toml`;
        await c.open(uri, text);
        const diagnostics = await c.pushed(uri, 1);
        const answer = await c.request<Array<Record<string, unknown>>>('textDocument/codeAction', {
          textDocument: { uri }, range: diagnostics[0]!.range, context: { diagnostics: [diagnostics[0]] },
        });
        assert.ok(answer.length > 0);
        for (const a of answer) {
          assert.equal(typeof a.command, 'string', `${String(a.title)} is not a Command`);
          assert.deepEqual(Object.keys(a).sort(), ['arguments', 'command', 'title']);
        }
        assert.deepEqual(answer.map((a) => a.title), [
          'Change to `bash`', 'Fix all `non-canonical` problems in this file', 'Disable `non-canonical` for this line', 'Disable `non-canonical` for the entire file',
          'Fix all Mars problems in this file',
        ]);
        const fix = answer[0]!;
        assert.equal(fix.command, 'mars.applyEdit');
        assert.equal(await c.request('workspace/executeCommand', { command: fix.command, arguments: fix.arguments }), null);
        assert.equal(applied.length, 1);
        const edit = applied[0] as { documentChanges?: TextDocumentEdit[]; changes?: Record<string, TextEdit[]> };
        const edits = documentChanges ? edit.documentChanges![0]!.edits as TextEdit[] : edit.changes![uri]!;
        if (documentChanges) assert.deepEqual(edit.documentChanges![0]!.textDocument, { uri, version: 1 });
        else assert.equal(edit.documentChanges, undefined);
        assert.equal(applyTextEdits(text, edits), '[agents.a.tools]\nallowed = ["bash", "Edit"]\n');

        // Its edit made to name another document besides: not the edit offered for this one, and not applied.
        const [offered, ...rest] = fix.arguments as [{ documentChanges: TextDocumentEdit[] }, ...unknown[]];
        const other = { documentChanges: [...offered.documentChanges, { ...offered.documentChanges[0]!, textDocument: { uri: 'file:///elsewhere/mars.toml', version: 1 } }] };
        await assert.rejects(c.request('workspace/executeCommand', { command: fix.command, arguments: [other, ...rest] }), (e: { code?: number }) => e.code === -32801);
        assert.equal(applied.length, 1);

        // Run after the document changed: the edit was made for another text, and is not applied.
        await c.change(uri, 2, [{ text: `${text}# x\n` }]);
        await assert.rejects(c.request('workspace/executeCommand', { command: fix.command, arguments: fix.arguments }), (e: { code?: number }) => e.code === -32801);
        assert.equal(applied.length, 1);
        // Not an edit a code action carries (an edit of no document among them): refused as such.
        for (const junk of [{ junk: 1 }, { documentChanges: [] }]) {
          await assert.rejects(c.request('workspace/executeCommand', { command: fix.command, arguments: [junk] }), (e: { code?: number; message?: string }) =>
            e.code === -32602 && e.message === 'mars.applyEdit takes the edit of a code action', JSON.stringify(junk));
        }
        // A command that is no string is said as what it is (null was "of type object").
        for (const [command, message] of [['mars.nothing', 'unknown command mars.nothing'], [null, 'workspace/executeCommand takes its command as a string, not null'],
          [undefined, 'workspace/executeCommand came without its command (a string)'],
          [['mars.applyEdit'], 'workspace/executeCommand takes its command as a string, not an array'], [5, 'workspace/executeCommand takes its command as a string, not a number']] as const) {
          await assert.rejects(c.request('workspace/executeCommand', { command, arguments: [] }), (e: { code?: number; message?: string }) => e.code === -32602 && e.message === message);
        }
      } finally {
        await c.stop();
      }
    });
  }

  // The version alone does not tell two texts apart: a close and reopen starts it again, and a
  // command run twice is checked before the first run's edit lands.
  test('a command run after a close and reopen at the same version, or run twice, is refused: its edit was made for another text', async () => {
    const c = await LspClient.start({ capabilities: caps(true, true) });
    try {
      const texts = new Map<string, { text: string; version: number }>();
      const applied: unknown[] = [];
      // As editors do: the change is sent before the answer.
      c.conn.onRequest('workspace/applyEdit', async (p: { edit: { documentChanges: TextDocumentEdit[] } }) => {
        applied.push(p.edit);
        const { textDocument, edits } = p.edit.documentChanges[0]!;
        const doc = texts.get(textDocument.uri)!;
        doc.text = applyTextEdits(doc.text, edits as TextEdit[]);
        await c.change(textDocument.uri, ++doc.version, [{ text: doc.text }]);
        return { applied: true };
      });
      const offered = async (uri: string) => {
        texts.set(uri, { text, version: 1 });
        await c.open(uri, text);
        const diagnostics = await c.pushed(uri, 1);
        const answer = await c.request<Array<{ title: string; command: string; arguments: unknown[] }>>('textDocument/codeAction', {
          textDocument: { uri }, range: diagnostics[0]!.range, context: { diagnostics: [diagnostics[0]] },
        });
        return answer.find((a) => a.title === 'Change to `bash`')!;
      };
      const run = (fix: { command: string; arguments: unknown[] }) => c.request('workspace/executeCommand', { command: fix.command, arguments: fix.arguments });

      const twice = 'file:///ca/twice/mars.toml';
      const fix = await offered(twice);
      const [first, second] = await Promise.allSettled([run(fix), run(fix)]);
      assert.equal(first.status, 'fulfilled');
      assert.equal(second.status === 'rejected' && (second.reason as { code?: number }).code, -32801);
      assert.equal(texts.get(twice)!.text, '[agents.a.tools]\nallowed = ["bash", "Edit"]\n');

      const reopened = 'file:///ca/reopened/mars.toml';
      const stale = await offered(reopened);
      await c.conn.sendNotification('textDocument/didClose', { textDocument: { uri: reopened } });
      await c.open(reopened, '[agents.a.tools]\nallowed = ["read", "grep"]\n', 1);
      await assert.rejects(run(stale), (e: { code?: number }) => e.code === -32801);
      assert.equal(applied.length, 1);
    } finally {
      await c.stop();
    }
  });

  test('that cannot apply an edit gets no actions', async () => {
    const c = await LspClient.start({ capabilities: caps(false, true) });
    try {
      const uri = 'file:///ca/no-apply/mars.toml';
      await c.open(uri, text);
      const diagnostics = await c.pushed(uri, 1);
      assert.deepEqual(await c.request('textDocument/codeAction', { textDocument: { uri }, range: diagnostics[0]!.range, context: { diagnostics } }), []);
    } finally {
      await c.stop();
    }
  });
});

describe('code action requests with bad parts', () => {
  test('a diagnostic without a range is skipped; the others still get their fixes', async () => {
    const c = await LspClient.start();
    try {
      const uri = 'file:///ca/bad-range/mars.toml';
      await c.open(uri, '[agents.a.tools]\nallowed = ["Shell"]\n');
      const [good] = await c.pushed(uri, 1);
      for (const bad of [{ ...good!, range: null }, { ...good!, range: { start: { line: 'x' } } }, null]) {
        const actions = await c.request<CodeAction[]>('textDocument/codeAction', {
          textDocument: { uri }, range: good!.range, context: { diagnostics: [bad, good] },
        });
        assert.deepEqual(actions.map((a) => a.title), ['Change to `bash`', 'Disable `non-canonical` for this line', 'Disable `non-canonical` for the entire file', 'Fix all Mars problems in this file'], JSON.stringify(bad));
      }
      // Another tool's diagnostic of the same code and range is not Mars's to fix or silence.
      const other = await c.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri }, range: good!.range, context: { diagnostics: [{ ...good!, source: 'other-linter' }] },
      });
      assert.deepEqual(other.map((a) => a.title), ['Fix all Mars problems in this file']);
    } finally {
      await c.stop();
    }
  });

  test('a diagnostic whose range is not a finding\'s, though it reads as one once held to its lines, gets no fix', async () => {
    const c = await LspClient.start();
    try {
      const uri = 'file:///ca/clamped-range/mars.toml';
      await c.open(uri, '[agents.a.tools]\nallowed = "Shell"\n');
      const [good] = await c.pushed(uri, 1);
      assert.deepEqual([good!.code, good!.range.end], ['invalid-tool-policy', { line: 1, character: 17 }]);
      // A copy from before an edit that shortened the line, ending past its end: its end, held to
      // the line, would be the finding's.
      const past = { ...good!, range: { start: good!.range.start, end: { line: 1, character: 40 } } };
      const actions = await c.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri }, range: good!.range, context: { diagnostics: [past] },
      });
      assert.deepEqual(actions.map((a) => a.title), ['Fix all Mars problems in this file']);
    } finally {
      await c.stop();
    }
  });

  test('codeAction/resolve with data it did not make answers the action unchanged', async () => {
    const c = await LspClient.start({ resolve: true });
    try {
      const uri = 'file:///ca/junk-resolve/mars.toml';
      await c.open(uri, '[agents.a.tools]\nallowed = ["Shell"]\n');
      await c.pushed(uri, 1);
      for (const data of [{ uri: 123 }, { uri, version: 1, code: 'no-such-code' }, { uri, version: 'one' }, 'text', null, [uri]]) {
        const action = { title: 'Fix all', kind: 'source.fixAll.mars', data };
        assert.deepEqual(await c.request('codeAction/resolve', action), action, JSON.stringify(data));
      }
      const noData = { title: 'x' };
      assert.deepEqual(await c.request('codeAction/resolve', noData), noData);
    } finally {
      await c.stop();
    }
  });
});
