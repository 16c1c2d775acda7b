/// <reference types="mocha" />
// The extension in a real VS Code: the workspace is a copy of test/e2e/fixture. Every wait is on an
// event (diagnostics changed) or a poll with a deadline, never a fixed sleep.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { type Api, codeOf, EXTENSION_ID, fileUri, marsDiagnostics, open, poll, show, untitledMarsToml, waitForDiagnostics, WEB } from './support';

const FIX_ALL_KIND = 'source.fixAll.mars';

/** The range of the content of the first string literal `"text"` at or after `from` (inside the quotes). */
function contentRange(doc: vscode.TextDocument, text: string, from = 0): vscode.Range {
  const at = doc.getText().indexOf(`"${text}"`, from);
  assert.ok(at >= 0, `"${text}" not in ${doc.uri.path}`);
  return new vscode.Range(doc.positionAt(at + 1), doc.positionAt(at + 1 + text.length));
}

function assertDiagnostic(ds: vscode.Diagnostic[], code: string, range: vscode.Range, severity: vscode.DiagnosticSeverity, message?: RegExp) {
  const d = ds.find((x) => codeOf(x) === code && x.range.isEqual(range));
  assert.ok(d, `no ${code} at ${range.start.line}:${range.start.character}-${range.end.line}:${range.end.character}; got ${show(ds)}`);
  assert.equal(d.severity, severity, `${code} severity`);
  if (message) assert.match(d.message, message);
}

async function codeActions(uri: vscode.Uri, range: vscode.Range, kind?: string): Promise<vscode.CodeAction[]> {
  const all = await vscode.commands.executeCommand<(vscode.CodeAction | vscode.Command)[]>('vscode.executeCodeActionProvider', uri, range, kind);
  return (all ?? []).filter((a): a is vscode.CodeAction => 'title' in a && !('command' in a && typeof a.command === 'string'));
}

async function completionLabels(uri: vscode.Uri, position: vscode.Position): Promise<string[]> {
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', uri, position);
  return (list?.items ?? []).map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
}

async function hoverText(uri: vscode.Uri, position: vscode.Position): Promise<string> {
  const hovers = (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, position)) ?? [];
  return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
}

suite('Mars TOML in VS Code', () => {
  let api: Api;
  let marsToml: vscode.Uri;

  suiteSetup(async () => {
    const ext = vscode.extensions.getExtension<Api>(EXTENSION_ID);
    assert.ok(ext, `extension ${EXTENSION_ID} is not installed`);
    api = await ext.activate();
    marsToml = fileUri('mars.toml');
  });

  test('activates for the workspace, gives mars.toml the toml language and publishes its diagnostics', async () => {
    const openedAt = Date.now();
    const doc = await open(marsToml);
    const ds = await waitForDiagnostics(marsToml, (d) => d.length >= 4, 'the four problems of the fixture');
    const firstAt = Date.now();
    await api.ready;
    const ready = api.serverReadyAt();
    console.log(`[timing] cold: extension activation -> first diagnostic ${firstAt - api.activatedAt} ms (activation -> server ready ${ready ? ready - api.activatedAt : '?'} ms; mars.toml opened -> diagnostics ${firstAt - openedAt} ms)`);
    assert.equal(doc.languageId, 'toml');
    assert.ok(vscode.extensions.getExtension(EXTENSION_ID)?.isActive);
    // In the browser (code-server's workbench) the only local host is the web worker one.
    if (WEB) assert.equal(vscode.extensions.getExtension(EXTENSION_ID)?.extensionKind, vscode.ExtensionKind.UI, 'runs in the web worker extension host');

    assert.equal(ds.length, 4, `exactly the fixture's four problems, got ${show(ds)}`);
    const { Error, Information } = vscode.DiagnosticSeverity;
    assertDiagnostic(ds, 'non-canonical', contentRange(doc, 'shell'), Information, /`shell` is an alias of `bash`/);
    assertDiagnostic(ds, 'legacy-prefix', contentRange(doc, 'bash(git log:*)'), Information, /git log \*/);
    assertDiagnostic(ds, 'invalid-tool-name', contentRange(doc, 'mcp'), Error, /^invalid tool name `mcp`; allowed: valid mcp\(server\)/);
    assertDiagnostic(ds, 'non-canonical', contentRange(doc, 'WebSearch'), Information, /web_search/);
    // nothing in the description, the dependency or the canonical entries
    const description = doc.lineAt(contentRange(doc, 'Reviews code: bash, read and grep').start.line).range;
    assert.ok(!ds.some((d) => d.range.intersection(description)), show(ds));
  });

  test('a severity setting changes and turns off a code, and the default comes back', async () => {
    const doc = await open(marsToml);
    const config = () => vscode.workspace.getConfiguration('mars');
    assert.equal(config().get('diagnostics.non-canonical'), 'information', 'contributed default');
    try {
      await config().update('diagnostics.non-canonical', 'off', vscode.ConfigurationTarget.Global);
      await waitForDiagnostics(marsToml, (d) => d.length === 2 && !d.some((x) => codeOf(x) === 'non-canonical'), 'non-canonical turned off');
      await config().update('diagnostics.legacy-prefix', 'warning', vscode.ConfigurationTarget.Global);
      const ds = await waitForDiagnostics(marsToml, (d) => d.some((x) => codeOf(x) === 'legacy-prefix' && x.severity === vscode.DiagnosticSeverity.Warning), 'legacy-prefix as a warning');
      assertDiagnostic(ds, 'legacy-prefix', contentRange(doc, 'bash(git log:*)'), vscode.DiagnosticSeverity.Warning);
    } finally {
      await config().update('diagnostics.non-canonical', undefined, vscode.ConfigurationTarget.Global);
      await config().update('diagnostics.legacy-prefix', undefined, vscode.ConfigurationTarget.Global);
    }
    await waitForDiagnostics(marsToml, (d) => d.length === 4 && d.every((x) => x.severity !== vscode.DiagnosticSeverity.Warning), 'the default severities again');
  });

  test('quick fixes: the preferred rewrite for an alias and a legacy prefix, none that guesses for `mcp`', async () => {
    const doc = await open(marsToml);
    await waitForDiagnostics(marsToml, (d) => d.length === 4, 'the fixture diagnostics');

    const alias = await codeActions(marsToml, contentRange(doc, 'shell'), vscode.CodeActionKind.QuickFix.value);
    const toBash = alias.find((a) => a.title === 'Change to `bash`');
    assert.ok(toBash, `quick fixes for "shell": ${alias.map((a) => a.title).join(' | ')}`);
    assert.equal(toBash.isPreferred, true);
    const edits = toBash.edit?.get(marsToml) ?? [];
    assert.equal(edits.length, 1);
    assert.equal(edits[0]!.newText, 'bash');
    assert.ok(edits[0]!.range.isEqual(contentRange(doc, 'shell')));

    const legacy = await codeActions(marsToml, contentRange(doc, 'bash(git log:*)'), vscode.CodeActionKind.QuickFix.value);
    assert.ok(legacy.some((a) => a.title === 'Change to `bash(git log *)`'), legacy.map((a) => a.title).join(' | '));

    const mcp = await codeActions(marsToml, contentRange(doc, 'mcp'), vscode.CodeActionKind.QuickFix.value);
    assert.ok(!mcp.some((a) => a.title.startsWith('Change to')), `no rewrite is obvious for "mcp": ${mcp.map((a) => a.title).join(' | ')}`);

    const fixAll = await codeActions(marsToml, new vscode.Range(0, 0, doc.lineCount, 0), FIX_ALL_KIND);
    assert.equal(fixAll.length, 1, fixAll.map((a) => a.title).join(' | '));
    assert.equal(fixAll[0]!.kind?.value, FIX_ALL_KIND);
  });

  test('the quick fix of `[[agents]]` by name writes every element, and the table below one, as the table of its name', async () => {
    const text = '[[agents]]\nname = "coder"\ntools.allowed = ["read"]\n\n[[agents]]\nname = "rev"\n[agents.tools]\ndisallowed = ["web"]\n';
    const { uri, doc } = await untitledMarsToml('agents-by-name', text);
    const ds = await waitForDiagnostics(uri, (d) => d.length === 2, 'a problem on each [[agents]] header');
    const second = ds.find((d) => d.range.start.line === 4);
    assert.ok(second, show(ds));
    const actions = await codeActions(uri, second.range, vscode.CodeActionKind.QuickFix.value);
    const fix = actions.find((a) => a.title === 'Write each `[[agents]]` as the table of its `name`: `[agents.coder]`, `[agents.rev]`');
    assert.ok(fix?.edit, `quick fixes: ${actions.map((a) => a.title).join(' | ')}`);
    assert.equal(fix.isPreferred, true);
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    assert.equal(doc.getText(), '[agents.coder]\ntools.allowed = ["read"]\n\n[agents.rev]\n[agents.rev.tools]\ndisallowed = ["web"]\n');
    await waitForDiagnostics(uri, (d) => d.length === 0, 'no problems once each agent is a table by name');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('completion offers canonical names inside a tool-list string and no tool names in the description', async () => {
    const doc = await open(marsToml);
    await waitForDiagnostics(marsToml, (d) => d.length === 4, 'the fixture diagnostics (the server is up)');
    const inList = contentRange(doc, 'read').start;
    const inDescription = contentRange(doc, 'Reviews code: bash, read and grep').end;
    const listLabels = await completionLabels(marsToml, inList);
    const descriptionLabels = await completionLabels(marsToml, inDescription);
    for (const name of ['grep', 'edit', 'web_fetch', 'agent']) assert.ok(listLabels.includes(name), `"${name}" not offered: ${listLabels.join(', ')}`);
    assert.ok(!listLabels.includes('shell'), 'aliases are not offered as names of their own');
    const toolNames = ['bash', 'read', 'grep', 'edit', 'web_fetch', 'agent', 'task'];
    assert.deepEqual(descriptionLabels.filter((l) => toolNames.includes(l)), [], 'no tool names inside the description');
  });

  test('hover explains an alias and the reason an entry is rejected', async () => {
    const doc = await open(marsToml);
    await waitForDiagnostics(marsToml, (d) => d.length === 4, 'the fixture diagnostics (the server is up)');
    const aliasHover = await hoverText(marsToml, contentRange(doc, 'shell').start.translate(0, 2));
    const invalidHover = await hoverText(marsToml, contentRange(doc, 'mcp').start.translate(0, 1));
    const descriptionHover = await hoverText(marsToml, contentRange(doc, 'Reviews code: bash, read and grep').start.translate(0, 15));
    assert.match(aliasHover, /\bbash\b/, aliasHover);
    assert.match(aliasHover, /[Rr]un shell commands/, aliasHover);
    assert.match(invalidHover, /mcp\(server\)/, invalidHover);
    assert.equal(descriptionHover, '', 'no hover in the description');
  });

  test('go to definition on mcp(server) opens the manifest that declares it (not in the web worker: no file system there)', async () => {
    const doc = await open(marsToml);
    const entry = contentRange(doc, 'mcp(github/get_issue)');
    const found = (await vscode.commands.executeCommand<Array<vscode.Location | vscode.LocationLink>>('vscode.executeDefinitionProvider', marsToml, entry.start.translate(0, 6))) ?? [];
    const targets = found.map((d) => ('targetUri' in d ? { uri: d.targetUri, range: d.targetRange } : d));
    if (WEB) return assert.deepEqual(targets, []);
    assert.deepEqual(targets.map((t) => t.uri.path), [fileUri('mcp', 'gh', 'mcp.toml').path]);
    assert.ok(targets[0]!.range.isEqual(new vscode.Range(1, 8, 1, 14)), `the manifest's name, not ${JSON.stringify(targets[0]!.range)}`);
  });

  test('fix all (source.fixAll.mars) rewrites every safe fix and leaves the rest', async () => {
    const doc = await open(marsToml);
    await waitForDiagnostics(marsToml, (d) => d.length === 4, 'the fixture diagnostics');
    const [fixAll] = await codeActions(marsToml, new vscode.Range(0, 0, doc.lineCount, 0), FIX_ALL_KIND);
    assert.ok(fixAll?.edit, 'a fix-all action with an edit');
    assert.ok(await vscode.workspace.applyEdit(fixAll.edit), 'the edit applies');
    const text = doc.getText();
    assert.match(text, /^allowed = \["bash", "bash\(git log \*\)", "read"\]$/m);
    assert.match(text, /^disallowed = \["mcp"\]$/m);
    assert.match(text, /^tools = \{ allowed = \["web_search", "grep"\] \}$/m);
    assert.match(text, /^description = "Reviews code: bash, read and grep"$/m);
    const ds = await waitForDiagnostics(marsToml, (d) => d.length === 1, 'only the invalid name left');
    assertDiagnostic(ds, 'invalid-tool-name', contentRange(doc, 'mcp'), vscode.DiagnosticSeverity.Error);
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await waitForDiagnostics(marsToml, (d) => d.length === 4, 'the fixture diagnostics after revert');
  });

  test('fix all writes a missing comma and fixes what its syntax error hid, in one go', async () => {
    const text = '[agents]\na.tools.allowed = ["read" "grep"]\nb.tools.allowed = ["Bash"]\n';
    const { uri, doc } = await untitledMarsToml('comma', text);
    await waitForDiagnostics(uri, (d) => d.length === 2, 'the missing comma and the alias after it');
    const [fixAll] = await codeActions(uri, new vscode.Range(0, 0, doc.lineCount, 0), FIX_ALL_KIND);
    assert.ok(fixAll?.edit, 'a fix-all action with an edit');
    assert.ok(await vscode.workspace.applyEdit(fixAll.edit), 'the edit applies');
    assert.equal(doc.getText(), '[agents]\na.tools.allowed = ["read", "grep"]\nb.tools.allowed = ["bash"]\n');
    await waitForDiagnostics(uri, (d) => d.length === 0, 'no problems after fix all');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('mars.local.toml two folders down: diagnostics (a duplicate faded), and fix-on-save with editor.codeActionsOnSave', async () => {
    const uri = fileUri('nested', 'deeper', 'mars.local.toml');
    const openedAt = Date.now();
    const doc = await open(uri);
    const ds = await waitForDiagnostics(uri, (d) => d.length === 4, 'the four problems of mars.local.toml');
    console.log(`[timing] warm: mars.local.toml opened -> diagnostics ${Date.now() - openedAt} ms`);
    assert.deepEqual(ds.map(codeOf).sort(), ['duplicate-entry', 'legacy-prefix', 'non-canonical', 'non-canonical']);
    // The later "task" does nothing (TodoWrite is task): it is shown faded.
    const duplicate = ds.find((d) => codeOf(d) === 'duplicate-entry')!;
    assert.ok(duplicate.range.isEqual(contentRange(doc, 'task')), show(ds));
    assert.deepEqual(duplicate.tags, [vscode.DiagnosticTag.Unnecessary]);
    assert.ok(ds.every((d) => d === duplicate || !d.tags?.length), 'only what does nothing is faded');
    const editor = vscode.workspace.getConfiguration('editor', doc);
    await editor.update('codeActionsOnSave', { [FIX_ALL_KIND]: 'explicit' }, vscode.ConfigurationTarget.Global);
    try {
      await vscode.window.showTextDocument(doc);
      await vscode.commands.executeCommand('workbench.action.files.save');
      await poll(async () => (doc.getText().includes('"bash(npm test *)", "task"') ? true : undefined), 'the fixes applied on save');
      assert.match(doc.getText(), /^allowed = \["bash\(npm test \*\)", "task"\]$/m);
      await waitForDiagnostics(uri, (d) => d.length === 0, 'no problems after fix-on-save');
    } finally {
      await editor.update('codeActionsOnSave', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  test('the file name decides, not the language id, and an untitled mars.toml is checked too', async () => {
    const doc = await open(marsToml);
    await waitForDiagnostics(marsToml, (d) => d.length === 4, 'the fixture diagnostics');
    const plain = await vscode.languages.setTextDocumentLanguage(doc, 'plaintext');
    assert.equal(plain.languageId, 'plaintext');
    await waitForDiagnostics(marsToml, (d) => d.length === 4, 'diagnostics with language id plaintext');
    await vscode.languages.setTextDocumentLanguage(plain, 'toml');

    const { uri: untitled, doc: scratch } = await untitledMarsToml('scratch', '[agents.a.tools]\nallowed = ["TodoWrite"]\n');
    const ds = await waitForDiagnostics(untitled, (d) => d.length === 1, 'the alias in the untitled mars.toml');
    assertDiagnostic(ds, 'non-canonical', contentRange(scratch, 'TodoWrite'), vscode.DiagnosticSeverity.Information);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('a Mars.toml is opened too: on this file system, which tells case apart (in the web worker, which cannot tell), one warning at its start and nothing else; its fix renames it, and the file is then checked', async () => {
    const uri = fileUri('other-case', 'Mars.toml');
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode('[agents.a.tools]\nallowed = ["TodoWrite"]\n'));
    try {
      await open(uri);
      const [d] = await waitForDiagnostics(uri, (ds) => ds.length === 1, 'the warning on Mars.toml');
      assert.equal(d!.severity, vscode.DiagnosticSeverity.Warning);
      assert.ok(d!.range.isEqual(new vscode.Range(0, 0, 0, 0)), show([d!]));
      assert.match(d!.message, WEB ? /^This file is named Mars\.toml, not mars\.toml, and it is not checked: / : /^This file is named Mars\.toml, not mars\.toml: Mars does not read it, and it is not checked \(/);
      assert.equal(await hoverText(uri, new vscode.Position(1, 14)), '');
      // Its fix renames the file, which VS Code then serves as Mars's own: the entry's diagnostic comes.
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, new vscode.Range(0, 0, 0, 0));
      const rename = actions.find((a) => a.title === 'Rename this file to `mars.toml`');
      assert.ok(rename?.edit, `the rename among ${actions.map((a) => a.title).join(', ')}`);
      assert.ok(await vscode.workspace.applyEdit(rename.edit));
      const renamed = vscode.Uri.joinPath(uri, '..', 'mars.toml');
      assert.deepEqual((await vscode.workspace.fs.readDirectory(vscode.Uri.joinPath(uri, '..'))).map(([name]) => name), ['mars.toml']);
      await open(renamed);
      const ds = await waitForDiagnostics(renamed, (d) => d.length === 1, 'the alias in the renamed file');
      assertDiagnostic(ds, 'non-canonical', new vscode.Range(1, 12, 1, 21), vscode.DiagnosticSeverity.Information);
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    } finally {
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(uri, '..'), { recursive: true });
    }
  });

  test('accepting `allowed` in a tools table opens the list of names in its brackets: the extension asks for the suggest command', async () => {
    const { uri: untitled } = await untitledMarsToml('suggest', '[agents.a.tools]\nal\n');
    await waitForDiagnostics(untitled, (d) => d.length === 1, 'the key being typed');
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', untitled, new vscode.Position(1, 2));
    const allowed = list?.items.find((i) => (typeof i.label === 'string' ? i.label : i.label.label) === 'allowed');
    assert.ok(allowed, 'allowed offered at the key');
    assert.equal(allowed.command?.command, 'editor.action.triggerSuggest');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('one edit of many changes (a multi-cursor keystroke, a replace-all) leaves the server the editor\'s text', async () => {
    const owners = Array.from({ length: 12 }, (_, i) => `[agents.a${i}.tools]\nallowed = ["read"]\n`).join('');
    const { uri: untitled, doc, editor } = await untitledMarsToml('multi', owners);
    await waitForDiagnostics(untitled, (d) => d.length === 0, 'a clean file');
    // Each `"read"` replaced, and a line above each header: one message of 24 changes, each line
    // moved by those above it.
    const many = new vscode.WorkspaceEdit();
    for (let i = 0; i < 12; i++) {
      many.insert(untitled, new vscode.Position(2 * i, 0), `# owner ${i}\n`);
      many.replace(untitled, contentRange(doc, 'read', doc.offsetAt(new vscode.Position(2 * i + 1, 0))), 'Shell');
    }
    assert.ok(await vscode.workspace.applyEdit(many));
    // A paste at a cursor on each list: one message of 12 changes.
    assert.ok(await editor.edit((b) => { for (let i = 0; i < 12; i++) b.insert(new vscode.Position(3 * i + 2, 11), '"WebFetch", '); }));
    const want = Array.from({ length: 12 }, (_, i) => [contentRange(doc, 'WebFetch', doc.offsetAt(new vscode.Position(3 * i + 2, 0))), contentRange(doc, 'Shell', doc.offsetAt(new vscode.Position(3 * i + 2, 0)))]).flat();
    const ds = await waitForDiagnostics(untitled, (d) => d.length === 24, 'an alias and a spelling on each of twelve lines');
    for (const range of want) assertDiagnostic(ds, 'non-canonical', range, vscode.DiagnosticSeverity.Information);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('"Mars: Restart Language Server" restarts it and diagnostics keep coming', async () => {
    const doc = await open(marsToml);
    await waitForDiagnostics(marsToml, (d) => d.length === 4, 'the fixture diagnostics');
    const commands = await vscode.commands.getCommands(true);
    assert.ok(commands.includes('mars.restartServer'));
    const before = api.client();
    assert.equal(before?.state, 2, 'the server runs before the restart');
    await vscode.commands.executeCommand('mars.restartServer');
    // A new client, running; the old one stopped.
    assert.ok(api.client() !== before, 'the restart made a new client');
    assert.equal(api.client()?.state, 2, 'the new client runs');
    assert.equal(before.state, 1, 'the old client stopped');
    const edit = new vscode.WorkspaceEdit();
    const at = contentRange(doc, 'read').end.translate(0, 1);
    edit.insert(marsToml, at, ', "WebFetch"');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const ds = await waitForDiagnostics(marsToml, (d) => d.length === 5, 'a new diagnostic from the restarted server');
    assertDiagnostic(ds, 'non-canonical', contentRange(doc, 'WebFetch'), vscode.DiagnosticSeverity.Information);
    await vscode.commands.executeCommand('workbench.action.files.revert');
    // The stopped server wrote its code cache as it exited, in the extension's storage (not on the web: no Node server there).
    if (WEB) assert.equal(api.codeCache, undefined);
    else {
      const cache = vscode.Uri.file(api.codeCache ?? assert.fail('a code cache folder is named'));
      const files = await poll(async () => {
        const names = (await vscode.workspace.fs.readDirectory(cache).then((es) => es, () => [])).map(([n]) => n).filter((n) => n.endsWith('.v8cache'));
        return names.length > 0 ? names : undefined;
      }, 'a code cache written by the stopped server');
      assert.equal(files.length, 1, files.join(', '));
    }
  });
  test('mars.maxProblems takes effect when changed, without a reload', async () => {
    await open(marsToml);
    await waitForDiagnostics(marsToml, (d) => d.length === 4, 'the fixture diagnostics');
    const config = () => vscode.workspace.getConfiguration('mars');
    try {
      await config().update('maxProblems', 2, vscode.ConfigurationTarget.Global);
      const ds = await waitForDiagnostics(marsToml, (d) => d.length === 2, 'the error and the note of the rest');
      assert.equal(codeOf(ds[0]!), 'invalid-tool-name', show(ds));
      assert.match(ds[1]!.message, /shows 1 of the 4 problems/, ds[1]!.message);
    } finally {
      await config().update('maxProblems', undefined, vscode.ConfigurationTarget.Global);
    }
    await waitForDiagnostics(marsToml, (d) => d.length === 4, 'all four again');
  });

  test('a server that dies is started again by the client, and diagnostics keep coming', async function () {
    // An `exit` without `shutdown` ends the Node server with 1, as a crash would; a web worker closes, unseen by the client.
    if (WEB) this.skip();
    const doc = await open(marsToml);
    await waitForDiagnostics(marsToml, (d) => d.length === 4, 'the fixture diagnostics');
    const client = api.client() ?? assert.fail('a client');
    const states: number[] = [];
    const restarted = new Promise<void>((resolve) => {
      const sub = client.onDidChangeState(({ newState }) => {
        states.push(newState);
        if (newState === 2) resolve(sub.dispose());
      });
    });
    await client.sendNotification('exit');
    await Promise.race([restarted, new Promise((_, reject) => setTimeout(() => reject(new Error(`no restart in 20 s; states ${states.join(', ')}`)), 20_000))]);
    assert.equal(api.client(), client, 'the same client, restarted by vscode-languageclient');
    const edit = new vscode.WorkspaceEdit();
    edit.insert(marsToml, contentRange(doc, 'read').end.translate(0, 1), ', "WebFetch"');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const ds = await waitForDiagnostics(marsToml, (d) => d.length === 5, 'a new diagnostic from the server started again');
    assertDiagnostic(ds, 'non-canonical', contentRange(doc, 'WebFetch'), vscode.DiagnosticSeverity.Information);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });
  test('a restart asked for while the client starts its dead server again leaves one server running, not two', async function () {
    if (WEB) this.skip();
    const doc = await open(marsToml);
    await waitForDiagnostics(marsToml, (d) => d.length === 4, 'the fixture diagnostics');
    const before = api.client() ?? assert.fail('a client');
    const states: number[] = [];
    const stateIs = (wanted: (state: number) => boolean, what: string) => new Promise<void>((resolve, reject) => {
      if (wanted(before.state)) return resolve();
      const timer = setTimeout(() => reject(new Error(`${what}: not in 20 s; states ${states.join(', ')}`)), 20_000);
      const sub = before.onDidChangeState(({ newState }) => {
        states.push(newState);
        if (wanted(newState)) resolve(void (sub.dispose(), clearTimeout(timer)));
      });
    });
    const starting = stateIs((s) => s === 3, 'the client starting its server again');
    await before.sendNotification('exit');
    await starting;
    await vscode.commands.executeCommand('mars.restartServer');
    assert.ok(api.client() !== before, 'the restart made a new client');
    assert.equal(api.client()?.state, 2, 'the new client runs');
    await stateIs((s) => s !== 3, 'the old client done starting');
    assert.equal(before.state, 1, `the old client stopped (states ${states.join(', ')})`);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(marsToml, contentRange(doc, 'read').end.translate(0, 1), ', "WebFetch"');
    assert.ok(await vscode.workspace.applyEdit(edit));
    await waitForDiagnostics(marsToml, (d) => d.some((x) => x.message.includes('WebFetch')), 'a diagnostic of the edit');
    assert.equal(marsDiagnostics(marsToml).length, 5, show(marsDiagnostics(marsToml)));
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });
});
