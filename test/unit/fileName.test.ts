// Which documents are Mars's files by their names (protocol.ts): the client's selector takes the
// names in any letter case, and the server says what Mars makes of one not named exactly
// (features/fileName.ts), by what the host tells of its file system.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FILE_GLOB, marsName } from '../../server/src/protocol';
import { nameCheck, renameAction } from '../../server/src/features/fileName';

test('a document is a Mars file by its name in any letter case; exactly when so written', () => {
  const rows: Array<[uri: string, name: string | null, exact?: boolean]> = [
    ['file:///p/mars.toml', 'mars.toml', true],
    ['file:///p/mars.local.toml', 'mars.local.toml', true],
    ['file:///p/Mars.toml', 'mars.toml', false],
    ['file:///p/MARS.LOCAL.TOML', 'mars.local.toml', false],
    ['file:///p/mars.TOML', 'mars.toml', false],
    ['file:///p/sub%20dir/Mars.Local.toml', 'mars.local.toml', false],
    // Encoded as a client may: %4D is `M`.
    ['file:///p/%4Dars.toml', 'mars.toml', false],
    ['untitled:Mars.toml', 'mars.toml', false],
    ['untitled:mars.toml?x=1', 'mars.toml', true],
    ['file:///p/mars.tom', null],
    ['file:///p/xmars.toml', null],
    ['file:///p/mars.toml.bak', null],
    ['file:///p/MARS.TOML.BAK', null],
    ['file:///p/Cargo.toml', null],
    ['untitled:Untitled-1', null],
    ['untitled:a%2FMars.toml', null],
    // A `K` (U+212A, Kelvin) lowercases to `k`, an `ſ` uppercases to `S`: neither is an ASCII letter
    // of the names, and no file system Mars runs on takes them for one.
    ['file:///p/mar\u017F.toml', null],
    ['file:///p/MAR%C5%BF.TOML', null],
  ];
  for (const [uri, name, exact] of rows) {
    const got = marsName(uri);
    assert.deepEqual(got && { name: got.name, exact: got.exact }, name === null ? null : { name, exact }, uri);
  }
  assert.equal(marsName(42 as unknown as string), null);
});

/** VS Code's glob as far as the selector's uses it: `**\/`, `{a,b}`, `[xX]`, `.`. */
function globRegExp(glob: string): RegExp {
  const body = glob
    .replace(/^\*\*\//, '')
    .replace(/[.]/g, '\\.')
    .replace(/\{/g, '(?:')
    .replace(/\}/g, ')')
    .replace(/,/g, '|');
  return new RegExp(`(?:^|/)${body}$`);
}

test('the client\'s selector takes the names in any letter case, and no other name', () => {
  assert.equal(FILE_GLOB, '**/{[mM][aA][rR][sS].[tT][oO][mM][lL],[mM][aA][rR][sS].[lL][oO][cC][aA][lL].[tT][oO][mM][lL]}');
  const re = globRegExp(FILE_GLOB);
  const rows: Array<[path: string, matched: boolean]> = [
    ['/p/mars.toml', true], ['/p/mars.local.toml', true], ['/p/Mars.toml', true], ['/p/MARS.LOCAL.TOML', true], ['/p/mars.TOML', true], ['mars.toml', true],
    ['/p/mars.tom', false], ['/p/xmars.toml', false], ['/p/mars.toml.bak', false], ['/p/marsXtoml', false], ['/p/Cargo.toml', false],
  ];
  for (const [path, matched] of rows) assert.equal(re.test(path), matched, path);
});

// What the server makes of a document by its name, with what the host says of its file system: the
// document's file is the one Mars opens by the exact name (true: a file system that does not tell
// case apart), is not (false), another file is ('another'), or the host cannot tell (undefined: a browser, an `untitled:` document).
test('a document named so in other letter cases: served with a note where Mars reads it, else one warning', () => {
  const asked: string[] = [];
  const host = (answer: boolean | 'another' | undefined) => (uri: string, name: string) => (asked.push(`${uri} ${name}`), answer);
  const rows: Array<[uri: string, answer: boolean | 'another' | undefined, served: boolean, severity: number | null, message: RegExp | null]> = [
    ['file:///p/mars.toml', undefined, true, null, null],
    ['file:///p/Mars.toml', true, true, 3, /^This file is named Mars\.toml, not mars\.toml: Mars reads it here, as this file system does not tell upper and lower case apart, but not on one that does \(Linux's\): rename it$/],
    ['file:///p/MARS.LOCAL.TOML', false, false, 2, /^This file is named MARS\.LOCAL\.TOML, not mars\.local\.toml: Mars does not read it, and it is not checked \(Mars opens mars\.toml and mars\.local\.toml by those exact names, and this file system tells upper and lower case apart: rename it\)$/],
    // On Linux's, with the file Mars opens beside it: renaming it would clash with that one.
    ['file:///p/Mars.toml', 'another', false, 2, /^This file is named Mars\.toml, not mars\.toml: Mars reads the mars\.toml beside it in its place, and this file is not checked$/],
    ['untitled:Mars.toml', undefined, false, 2, /^This file is named Mars\.toml, not mars\.toml, and it is not checked: Mars opens mars\.toml and mars\.local\.toml by those exact names, and reads it only where the file system does not tell upper and lower case apart \(macOS's and Windows' by default\), not where it does \(Linux's\): rename it$/],
  ];
  for (const [uri, answer, served, severity, message] of rows) {
    asked.length = 0;
    const got = nameCheck(uri, host(answer))!;
    assert.equal(got.served, served, uri);
    if (severity === null) {
      assert.equal(got.diagnostic, null, uri);
      assert.deepEqual(asked, [], 'a file named exactly asks the file system nothing');
      continue;
    }
    assert.deepEqual(asked, [`${uri} ${marsName(uri)!.name}`], uri);
    const d = got.diagnostic!;
    assert.equal(d.severity, severity, uri);
    assert.match(d.message as string, message!, uri);
    assert.equal(d.source, 'mars');
    assert.equal(d.code, undefined, 'no code: no setting turns it off, as none silences the checker\'s note');
    assert.deepEqual(d.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
  }
  // A host that cannot ask (the browser's) is one that cannot tell.
  assert.equal(nameCheck('file:///p/Mars.toml')!.served, false);
  assert.equal(nameCheck('file:///p/Cargo.toml', host(true)), null);
});

// The quick fix where renaming the file is the fix: every system reads the file by its exact name.
test('a document named so in other letter cases is renamed to the name Mars opens; not onto the file beside it, nor an untitled one', () => {
  const rows: Array<[uri: string, answer: boolean | 'another' | undefined, renamed: string | null]> = [
    ['file:///p/Mars.toml', false, 'file:///p/mars.toml'],
    ['file:///p/Mars.toml', true, 'file:///p/mars.toml'],
    ['file:///p/sub%20dir/MARS.LOCAL.TOML', undefined, 'file:///p/sub%20dir/mars.local.toml'],
    ['file:///p/%4Dars.toml', false, 'file:///p/mars.toml'],
    ['vscode-vfs://github/o/r/Mars.toml?ref=main#x', undefined, 'vscode-vfs://github/o/r/mars.toml?ref=main#x'],
    // A `/` in the query or the fragment is not the one before the file's name.
    ['vscode-vfs://github/o/r/Mars.toml?ref=feature/x#a/b', undefined, 'vscode-vfs://github/o/r/mars.toml?ref=feature/x#a/b'],
    ['file:///p/Mars.toml', 'another', null],
    ['untitled:Mars.toml', undefined, null],
    ['untitled:/scratch/Mars.toml', undefined, null],
    ['file:///p/mars.toml', true, null],
  ];
  const start = { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } };
  for (const [uri, answer, renamed] of rows) {
    const check = nameCheck(uri, () => answer)!;
    assert.equal(check.rename?.uri ?? null, renamed, uri);
    const action = renameAction(uri, check, start, { diagnostics: [] });
    if (renamed === null) {
      assert.equal(action, null, uri);
      continue;
    }
    assert.deepEqual(action, {
      title: `Rename this file to \`${marsName(uri)!.name}\``, kind: 'quickfix', diagnostics: [check.diagnostic], isPreferred: true,
      edit: { documentChanges: [{ kind: 'rename', oldUri: uri, newUri: renamed, options: { overwrite: false, ignoreIfExists: false } }] },
    }, uri);
  }
});

test('the rename is offered where the request is about its diagnostic, and for the kinds asked', () => {
  const uri = 'file:///p/Mars.toml';
  const check = nameCheck(uri, () => false)!;
  const note = check.diagnostic!;
  const other = { ...note, message: 'another' };
  const at = (line: number) => ({ start: { line, character: 2 }, end: { line, character: 4 } });
  const rows: Array<[line: number, diagnostics: unknown[], only: string[] | undefined, offered: boolean]> = [
    [0, [], undefined, true],
    [0, [note], undefined, true],
    [3, [note], undefined, true],
    [3, [], undefined, false],
    [3, [other], undefined, false],
    [3, [{ ...note, source: 'eslint' }], undefined, false],
    [3, [null, note], undefined, true],
    [0, [], ['quickfix'], true],
    [0, [], ['quickfix.mars'], false],
    [0, [], ['source'], false],
    [0, [], ['source.fixAll', 'quickfix'], true],
  ];
  for (const [line, diagnostics, only, offered] of rows) {
    const got = renameAction(uri, check, at(line), { diagnostics: diagnostics as never, ...(only ? { only } : {}) });
    assert.equal(got !== null, offered, JSON.stringify([line, diagnostics.length, only]));
  }
});
