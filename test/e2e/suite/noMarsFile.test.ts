/// <reference types="mocha" />
// The extension in a workspace with no Mars file: a copy of test/e2e/fixture-cargo, a Cargo.toml
// alone. VS Code 1.100 has no TOML language of its own, so the Cargo.toml opens as plain text until
// the suite gives it the id `toml`, as another TOML extension (Even Better TOML, Tombi) would. The
// tests run in order: each takes the window as the one before left it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { type Api, EXTENSION_ID, fileUri, marsDiagnostics, open, paletteTitles, poll, show, untitledMarsToml, waitForDiagnostics } from './support';

const RESTART_COMMAND = 'mars.restartServer';
const RESTART_TITLE = 'Mars: Restart Language Server';
/** What a user types in the command palette: lists the workbench's own restart commands too. */
const PALETTE_QUERY = 'Restart';
/** The Mars files the extension looks for in the workspace, in any letter case (protocol.ts FILE_GLOB). */
const MARS_FILES = '**/{[mM][aA][rR][sS].[tT][oO][mM][lL],[mM][aA][rR][sS].[lL][oO][cC][aA][lL].[tT][oO][mM][lL]}';

suite('A workspace with no Mars file (a Cargo.toml alone)', () => {
  let ext: vscode.Extension<Api>;
  let cargoToml: vscode.Uri;

  suiteSetup(() => {
    const found = vscode.extensions.getExtension<Api>(EXTENSION_ID);
    assert.ok(found, `extension ${EXTENSION_ID} is not installed`);
    ext = found;
    cargoToml = fileUri('Cargo.toml');
  });

  test('the window opens and the Cargo.toml opens without activating the extension', async () => {
    assert.deepEqual(await vscode.workspace.findFiles(MARS_FILES), [], 'the fixture holds no Mars file');
    assert.equal(ext.isActive, false, 'activated with no Mars file and no toml document (activationEvents)');
    const doc = await open(cargoToml);
    assert.equal(doc.languageId, 'plaintext', 'no TOML language here but the one a toml document would give');
    assert.equal(ext.isActive, false, 'activated by a Cargo.toml in plain text');
  });

  test('given the language id toml, the Cargo.toml activates the extension (onLanguage:toml), which starts no language server, shows no Mars diagnostics and keeps its restart command out of the command palette', async () => {
    const doc = await vscode.languages.setTextDocumentLanguage(await open(cargoToml), 'toml');
    assert.equal(doc.languageId, 'toml');
    await poll(async () => ext.isActive || undefined, 'the extension activated by a toml document');
    // The extension searched the workspace for a Mars file on activation: the same search finds none.
    assert.deepEqual(await vscode.workspace.findFiles(MARS_FILES, '**/node_modules/**'), []);
    assert.equal(ext.exports.client(), undefined, 'a language server started for a workspace with no Mars file');
    assert.equal(show(marsDiagnostics(cargoToml)), '(none)', 'Mars diagnostics on the Cargo.toml');
    // Registered, so the palette leaves it out by its `when` clause, not for want of a command.
    assert.ok((await vscode.commands.getCommands(true)).includes(RESTART_COMMAND), `${RESTART_COMMAND} registered on activation`);
    const titles = await paletteTitles(PALETTE_QUERY);
    if (titles) {
      assert.ok(titles.length > 0, `the palette lists VS Code's own commands for "${PALETTE_QUERY}"`);
      assert.ok(!titles.includes(RESTART_TITLE), `"${RESTART_TITLE}" in the palette with no server started: ${titles.join(' | ')}`);
    }
  });

  test('a mars.toml opened later starts the server: its diagnostics, the restart command in the palette, and still none for the Cargo.toml', async () => {
    const { uri } = await untitledMarsToml('later', '[agents.a.tools]\nallowed = ["shell"]\n');
    await waitForDiagnostics(uri, (d) => d.length === 1, 'the alias in the mars.toml opened later');
    assert.equal(ext.exports.client()?.state, 2, 'the client runs');
    const titles = await paletteTitles(PALETTE_QUERY);
    if (titles) assert.ok(titles.includes(RESTART_TITLE), `"${RESTART_TITLE}" not in the palette once the server started: ${titles.join(' | ')}`);
    assert.equal(show(marsDiagnostics(cargoToml)), '(none)', 'Mars diagnostics on the Cargo.toml beside a running server');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
