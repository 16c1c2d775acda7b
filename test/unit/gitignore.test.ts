// .gitignore patterns as git reads them (gitignore(5)): a table of trees, each with its ignore files
// and which of its files git leaves unignored, checked against our matcher and, where git is
// installed, against git itself (`git ls-files --others --exclude-standard`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ignored, parseIgnoreFile, type IgnoreLevel } from '../../server/src/cli/gitignore';
import { tempDir } from '../support/tempDir';

interface Case {
  /** The ignore files: `.gitignore` in any folder, and `.git/info/exclude`. */
  readonly ignore: Record<string, string>;
  /** Every other file of the tree, and whether git ignores it. */
  readonly files: Record<string, boolean>;
}

const CASES: Record<string, Case> = {
  // gitignore(5)'s own examples.
  'a pattern without a wildcard matches the whole name only': { ignore: { '.gitignore': 'build\n' }, files: { 'build': true, 'a/build': true, 'builder': false, 'a/rebuild': false } },
  'a name matches at any depth': { ignore: { '.gitignore': 'hello.*\n' }, files: { 'hello.txt': true, 'a/hello.c': true, 'a/b/hello': false, 'hellox.c': false } },
  'a leading / anchors to the folder of the .gitignore': { ignore: { '.gitignore': '/hello.*\n' }, files: { 'hello.txt': true, 'hello.c': true, 'a/hello.java': false } },
  'a slash in the middle anchors too': { ignore: { '.gitignore': 'doc/frotz\n' }, files: { 'doc/frotz': true, 'a/doc/frotz': false } },
  'a trailing / matches folders only': { ignore: { '.gitignore': 'doc/frotz/\nfrotz/\n' }, files: { 'doc/frotz/x': true, 'a/frotz/x': true, 'b/frotz': false } },
  'foo/* matches one level, and what is under a folder it matches': { ignore: { '.gitignore': 'foo/*\n' }, files: { 'foo/test.json': true, 'foo/bar/hello.c': true, 'a/foo/x': false } },
  '**/ at the start: in any folder': { ignore: { '.gitignore': '**/foo\n**/baz/bar\n' }, files: { 'foo': true, 'a/b/foo': true, 'baz/bar': true, 'a/baz/bar': true, 'a/bar': false } },
  '/** at the end: everything inside': { ignore: { '.gitignore': 'abc/**\n' }, files: { 'abc/x': true, 'abc/y/z': true, 'abcd/x': false, 'x/abc/y': false } },
  '/**/ in the middle: zero or more folders': { ignore: { '.gitignore': 'a/**/b\n' }, files: { 'a/b': true, 'a/x/b': true, 'a/x/y/b': true, 'a/xb': false, 'c/a/b': false } },
  // git compares an anchored pattern's plain start (up to its first `*`, `?`, `[` or `\\`) before matching the rest, and a
  // `**` that starts the rest is read as at the start (dir.c match_pathname): `/b**` is `b` then anything, slashes too.
  '** right after an anchored pattern\'s plain start matches slashes too': {
    ignore: { '.gitignore': '*\n!/b**\n!/q?**\n!/c\\d**\n' }, files: { 'b/c': false, 'bz/y/c': false, 'a': true, 'q1/r/s': true, 'cd/e': true },
  },
  '... and so is one before a /': { ignore: { 'f/.gitignore': 'oo**/bar\n' }, files: { 'f/ooX/Y/bar': true, 'f/oo/bar': true, 'f/ooX/Y/baz': false, 'oo/bar': false } },
  // `**\/`, an escaped slash after it, makes `**` match slashes too, but not nothing.
  '**\\/ matches any run, slashes too, then a slash': { ignore: { '.gitignore': '**\\/b\nc/**\\/d\n' }, files: { 'b': false, 'x/b': true, 'x/y/b': true, 'c/d': false, 'c/x/d': true, 'c/x/y/d': true } },
  'a negated [...] never matches /': { ignore: { '.gitignore': '/a[!x]b\n' }, files: { 'a/b': false, 'ayb': true, 'axb': false } },
  'two stars, or ** and a star': { ignore: { '.gitignore': '*.tar.*\n**/*.log\n' }, files: { 'a.tar.gz': true, 'x/a.tar.gz': true, 'a.tar': false, 'z.log': true, 'x/y/z.log': true, 'x/log': false } },
  'other ** are plain *': { ignore: { '.gitignore': 'x**y\na/**b\n' }, files: { 'xzzy': true, 'sub/xy': true, 'a/zb': true, 'a/z/b': false } },
  '* and ? never match /': { ignore: { '.gitignore': 'a*b\n/c?d\n/e/*.t\n' }, files: { 'a/b': false, 'axxb': true, 'c/d': false, 'cxd': true, 'e/x.t': true, 'e/f/x.t': false } },
  'everything but foo/bar': { ignore: { '.gitignore': '/*\n!.gitignore\n!/foo\n/foo/*\n!/foo/bar\n' }, files: { 'top': true, 'x/y': true, 'foo/z': true, 'foo/bar/keep': false } },
  // Negation.
  '! re-includes what an earlier pattern ignored': { ignore: { '.gitignore': '*.log\n!keep.log\n' }, files: { 'a.log': true, 'keep.log': false, 'd/keep.log': false } },
  'the last pattern that matches decides': { ignore: { '.gitignore': '!keep.log\n*.log\n' }, files: { 'keep.log': true } },
  'nothing under an ignored folder is re-included': { ignore: { '.gitignore': 'build/\n!build/keep\n!keep\n' }, files: { 'build/keep': true, 'build/x': true } },
  '... nor by a .gitignore inside it': { ignore: { '.gitignore': 'build/\n', 'build/.gitignore': '!*\n' }, files: { 'build/keep': true } },
  'a folder\'s contents ignored, not the folder: re-included': { ignore: { '.gitignore': 'build/*\n!build/keep\n' }, files: { 'build/keep': false, 'build/x': true } },
  // Escapes, spaces, comments.
  '\\# and \\! are plain characters': { ignore: { '.gitignore': '#comment\n\\#hash\n\\!bang\n' }, files: { '#comment': false, '#hash': true, '!bang': true } },
  'trailing spaces are dropped unless escaped': { ignore: { '.gitignore': 'a  \nb\\ \nc\\\\ \n' }, files: { 'a': true, 'b ': true, 'b': false, 'c\\': true } },
  'an escaped space alone is a name of one space': { ignore: { '.gitignore': '\\ \n' }, files: { ' ': true, 'x': false } },
  'a line of one space is blank': { ignore: { '.gitignore': ' \n' }, files: { ' ': false } },
  'leading spaces are kept': { ignore: { '.gitignore': ' d\n' }, files: { ' d': true, 'd': false } },
  'a # after leading spaces starts no comment': { ignore: { '.gitignore': ' #x\n' }, files: { ' #x': true, '#x': false } },
  'blank lines, CRLF and a BOM': { ignore: { '.gitignore': '\ufeffa\r\n\r\n\nb\r\n' }, files: { 'a': true, 'b': true, 'c': false } },
  'a backslash makes a wildcard plain': { ignore: { '.gitignore': 'x\\*\nq\\?\n' }, files: { 'x*': true, 'xy': false, 'q?': true, 'qq': false } },
  'a trailing backslash matches nothing': { ignore: { '.gitignore': 'f\\\n' }, files: { 'f': false, 'f\\': false } },
  // Character classes.
  'ranges, negation, ] first, - last': { ignore: { '.gitignore': '[a-c]1\n[!a-c]2\n[^x]3\n[]]4\n[z-]5\n' }, files: { 'b1': true, 'd1': false, 'b2': false, 'd2': true, 'x3': false, 'y3': true, ']4': true, '-5': true, 'z5': true, 'y5': false } },
  // A `^` in a set, not right after its `[`, is one of its characters.
  'an escaped ^ first in a set is plain': { ignore: { '.gitignore': 'a[\\^]b\n' }, files: { 'a^b': true, 'axb': false } },
  // git matches the first character of a range as itself before the range (wildmatch), so a reversed range still matches it.
  'a reversed range matches its first character only': { ignore: { '.gitignore': '[z-a]1\n[c-a-]2\n' }, files: { 'z1': true, 'a1': false, 'y1': false, 'c2': true, '-2': true, 'b2': false } },
  'an escaped end of a range is the range\'s end': { ignore: { '.gitignore': '[a-\\z]1\n' }, files: { 'm1': true, 'z1': true, '\\1': false } },
  // WM_PATHNAME keeps `/` for folders, even from a set that names it (`.` to `0` holds it).
  'a [...] never matches /, even one naming it': { ignore: { '.gitignore': '/a[.-0]b\n' }, files: { 'a/b': false, 'a.b': true, 'a0b': true } },
  // `[:` with no `:]` before the next `]` is a plain `[` in the set.
  'a [: that closes no class is a plain [': { ignore: { '.gitignore': '[[:]2\n[[:x]4\n[[:a]b:]3\n' }, files: { '[2': true, ':2': true, 'a2': false, '[4': true, 'x4': true, 'y4': false, 'ab:]3': true, '[b:]3': true, 'b3': false } },
  'an unknown [:class:] matches nothing': { ignore: { '.gitignore': '[[:word:]]x\nb[[:foo:]\n' }, files: { 'ax': false, 'b[:foo:]': false, 'bf': false } },
  'named classes': { ignore: { '.gitignore': '[[:digit:]]n\n[[:upper:][:space:]]u\n' }, files: { '7n': true, 'an': false, 'Au': true, ' u': true, 'au': false } },
  '? and * match bytes, as git does: é is two': { ignore: { '.gitignore': '/?x\n/??y\n[é]z\n' }, files: { 'ax': true, 'éx': false, 'éy': true, 'ay': false, 'éz': false } },
  // Its bytes made by spreading them into one call overflowed the stack, and the whole file was left unread.
  'a line of 100,000 characters outside ASCII': { ignore: { '.gitignore': `${'é'.repeat(100_000)}\n/x\n` }, files: { 'x': true, 'y': false } },
  'several stars, each way a name can be split tried (without backtracking)': {
    ignore: { '.gitignore': '*a*b*c\n**/x/**/y*z\n/k*/*m*m\n' },
    files: { 'aXbYc': true, 'abc': true, 'xabcabc': true, 'acb': false, 'ab/c': false, 'q/x/r/s/y1z': true, 'x/yz': true, 'x/y/z': false, 'kk/mm': true, 'k/mxm': true, 'k/q/mm': false },
  },
    'an unclosed [ matches nothing': { ignore: { '.gitignore': 'a[b\n' }, files: { 'a[b': false, 'ab': false } },
  // Nested files and info/exclude.
  'a nested .gitignore is relative to its folder': { ignore: { 'sub/.gitignore': '/x\ny/z\n' }, files: { 'x': false, 'sub/x': true, 'sub/a/x': false, 'sub/y/z': true, 'y/z': false } },
  'a deeper .gitignore overrides an outer one': { ignore: { '.gitignore': '*.toml\n', 'keep/.gitignore': '!mars.toml\n' }, files: { 'mars.toml': true, 'keep/mars.toml': false, 'keep/a/mars.toml': false } },
  'info/exclude, which .gitignore files override': { ignore: { '.git/info/exclude': 'secret\nmars.toml\n', '.gitignore': '!mars.toml\n' }, files: { 'secret': true, 'a/secret': true, 'mars.toml': false } },
};

/** The files of a case git leaves unignored, by walking its tree as the checker does: an ignored folder is not entered. */
function kept(c: Case): string[] {
  const levelsAt = (folder: string, outer: readonly IgnoreLevel[]): IgnoreLevel[] => {
    const levels = folder === '' ? [...outer] : outer.map((l) => ({ patterns: l.patterns, prefix: `${l.prefix}${path.posix.basename(folder)}/` }));
    const text = c.ignore[folder === '' ? '.gitignore' : `${folder}/.gitignore`];
    if (text !== undefined) levels.push({ patterns: parseIgnoreFile(text), prefix: '' });
    return levels;
  };
  const root: IgnoreLevel[] = [];
  if (c.ignore['.git/info/exclude'] !== undefined) root.push({ patterns: parseIgnoreFile(c.ignore['.git/info/exclude']), prefix: '' });
  const out: string[] = [];
  for (const file of Object.keys(c.files)) {
    const parts = file.split('/');
    let levels = levelsAt('', root);
    let folder = '';
    let hidden = false;
    for (const [i, name] of parts.entries()) {
      const last = i === parts.length - 1;
      if (ignored(levels, name, !last)) {
        hidden = true;
        break;
      }
      if (!last) (folder = folder ? `${folder}/${name}` : name), (levels = levelsAt(folder, levels));
    }
    if (!hidden) out.push(file);
  }
  return out.sort();
}

const expected = (c: Case) => Object.entries(c.files).filter(([, v]) => !v).map(([k]) => k).sort();

for (const [name, c] of Object.entries(CASES)) {
  test(`gitignore: ${name}`, () => assert.deepEqual(kept(c), expected(c)));
}

// Names such as `q?` and `b ` cannot be made on Windows.
const git = process.platform !== 'win32' && spawnSync('git', ['--version']).status === 0;

test('gitignore: the table is what git itself does', { skip: !git && 'needs git, and file names Windows refuses' }, () => {
  // No global or system configuration: a user's core.excludesFile would change the answers.
  const env = { ...process.env, GIT_CONFIG_GLOBAL: os.devNull, GIT_CONFIG_NOSYSTEM: '1' };
  for (const [name, c] of Object.entries(CASES)) {
    const dir = tempDir('mars-gitignore-');
    assert.equal(spawnSync('git', ['init', '-q', dir], { env }).status, 0);
    for (const [file, text] of [...Object.entries(c.ignore), ...Object.keys(c.files).map((f) => [f, ''])]) {
      fs.mkdirSync(path.dirname(path.join(dir, file!)), { recursive: true });
      fs.writeFileSync(path.join(dir, file!), text!);
    }
    const r = spawnSync('git', ['-c', 'core.quotePath=false', 'ls-files', '-z', '--others', '--exclude-standard'], { cwd: dir, env, encoding: 'utf8' });
    const listed = r.stdout.split('\0').filter((f) => f !== '' && path.posix.basename(f) !== '.gitignore').sort();
    assert.deepEqual(listed, expected(c), name);
  }
});
