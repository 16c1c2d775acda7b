// The checker and parse-names as a user runs them: spawn dist/cli.js, assert output and exit codes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { CODES } from '../../server/src/analysis/codes';
import { analyzeDocument } from '../../server/src/analysis/document';
import { documentFixAll } from '../../server/src/analysis/documentFixAll';
import { applyEdits } from '../../server/src/analysis/edits';
import { inert, parseCheckArgs, runCheck, seenSaid } from '../../server/src/cli/check';
import { wantsColour } from '../../server/src/cli/colour';
import { findFiles, type Seen, seenNothing } from '../../server/src/cli/search';
import { parseNames } from '../../server/src/cli/parseNames';
import { notADocument, notUtf8, readStdin, readText } from '../../server/src/cli/read';
import { reason } from '../../server/src/cli/files';
import { PassThrough, Readable } from 'node:stream';
import { DIST, ROOT, SHARED } from '../support/paths';
import { tempDir } from '../support/tempDir';

// Text reports are plain unless asked for colour (see the colour test): `node --test` on a terminal
// sets FORCE_COLOR for its test files, which every checker run here would inherit.
delete process.env.FORCE_COLOR;
delete process.env.NO_COLOR;

/** The checker run as a user runs it; not in a GitHub workspace unless `workspace` is given (this suite may run in one). */
const cli = (args: string[], opts: { cwd?: string; input?: string | Buffer; workspace?: string } = {}) => {
  const env = { ...process.env };
  delete env.GITHUB_WORKSPACE;
  if (opts.workspace) env.GITHUB_WORKSPACE = opts.workspace;
  const r = spawnSync(process.execPath, [path.join(DIST, 'cli.js'), ...args], { cwd: opts.cwd ?? ROOT, input: opts.input, encoding: 'utf8', env });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

function workspace(files: Record<string, string | Buffer>): string {
  const dir = tempDir('mars-cli-');
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

/** A git folder as git tells one (setup.c, is_git_directory): a HEAD naming a ref, `objects` and `refs`. */
const gitFolder = (at: string) => ({ [`${at}/HEAD`]: 'ref: refs/heads/main\n', [`${at}/objects/.keep`]: '', [`${at}/refs/.keep`]: '' });

test('text format: file:line:column: severity code message, exit 1 on errors', () => {
  const dir = workspace({ 'mars.toml': '[agents.a.tools]\nallowed = ["Shell", "bash()"]\n' });
  const r = cli(['check', 'mars.toml'], { cwd: dir });
  assert.equal(r.code, 1);
  assert.deepEqual(r.out.trim().split('\n'), [
    'mars.toml:2:13: information non-canonical `Shell` is an alias of `bash`; Mars writes `bash`.',
    'mars.toml:2:22: error invalid-tool-name invalid tool name `bash()`; allowed: scoped payload written as tool(pattern) with a non-empty pattern',
  ]);
  assert.match(r.err, /1 file checked: 1 error, 1 information/);
});

test('text format: the places a finding names (its related information) on indented note lines under it, as rustc and gcc show them', () => {
  const dir = workspace({ 'mars.toml': '[a]\nx=1\n[b]\n[a]\n', 'b/mars.toml': '[agents.a.tools]\nallowed = ["read", "Read"]\ndisallowed = ["read"]\n' });
  const r = cli(['check', 'mars.toml', path.join('b', 'mars.toml')], { cwd: dir });
  assert.deepEqual(r.out.split('\n'), [
    'mars.toml:4:1: error toml-syntax TOML syntax error: table `[a]` is defined twice',
    '  mars.toml:1:1: note: defined here',
    `b${path.sep}mars.toml:2:21: information non-canonical Mars spells \`Read\` as \`read\`.`,
    `b${path.sep}mars.toml:2:21: warning duplicate-entry \`Read\` means the same as \`read\`, already in this list.`,
    `  b${path.sep}mars.toml:2:13: note: first entry`,
    `b${path.sep}mars.toml:3:16: warning allow-deny-conflict agent \`a\` both allows and disallows \`read\`; keep it in one list.`,
    `  b${path.sep}mars.toml:2:13: note: \`read\` in \`allowed\``,
    '',
  ]);
  // The summary counts the findings, not the notes.
  assert.match(r.err, /^2 files checked: 1 error, 2 warnings, 1 information/m);
});

test('text format: an entry with white space Mars trims says so, as the editor does', () => {
  const dir = workspace({ 'mars.toml': '[agents.a.tools]\nallowed = [" read ", "my_tool\u0085"]\n' });
  assert.deepEqual(cli(['check', 'mars.toml'], { cwd: dir }).out.trim().split('\n'), [
    'mars.toml:2:13: information non-canonical ` read ` has spaces around it, which Mars trims: it reads `read`.',
    'mars.toml:2:23: information unknown-tool Mars has no capability named `my_tool`; `my_tool\\u0085` has white space after it, which Mars trims: it passes the entry on as `my_tool`, so only a harness with a tool of that name applies it.',
    'mars.toml:2:23: information non-canonical `my_tool\\u0085` has white space after it, which Mars trims: it reads `my_tool`.',
  ]);
});

test('colour in text lines only when asked by FORCE_COLOR or on a terminal, as ruff and eslint: never piped, never with NO_COLOR, never in json or github', () => {
  const dir = workspace({ 'mars.toml': '[agents.a.tools]\nallowed = ["Shell", "bash()"]\n' });
  const run = (env: Record<string, string>, args: string[] = []) => {
    const r = spawnSync(process.execPath, [path.join(DIST, 'cli.js'), 'check', ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, ...env } });
    return r.stdout;
  };
  const plain = run({});
  assert.doesNotMatch(plain, /\x1b/);
  assert.equal(run({ NO_COLOR: '1' }), plain);
  assert.equal(run({ FORCE_COLOR: '0' }), plain);
  assert.deepEqual(run({ FORCE_COLOR: '1' }).split('\n'), [
    '\x1b[1mmars.toml:2:13:\x1b[22m \x1b[34minformation\x1b[39m \x1b[2mnon-canonical\x1b[22m `Shell` is an alias of `bash`; Mars writes `bash`.',
    '\x1b[1mmars.toml:2:22:\x1b[22m \x1b[31merror\x1b[39m \x1b[2minvalid-tool-name\x1b[22m invalid tool name `bash()`; allowed: scoped payload written as tool(pattern) with a non-empty pattern',
    '',
  ]);
  assert.doesNotMatch(run({ FORCE_COLOR: '1' }, ['--format', 'json']) + run({ FORCE_COLOR: '1' }, ['--format', 'github']), /\x1b/);
  // A terminal, through util-linux's script(1) where there is one (BSD's takes other arguments, and
  // says only its usage): colour, and none with NO_COLOR. One that shows colour, as Node tells it
  // (`hasColors`): a colour TERM, and no CI variable, which makes Node say no colour on any terminal.
  const terminal: NodeJS.ProcessEnv = { ...process.env, TERM: 'xterm-256color' };
  for (const v of ['CI', 'FORCE_COLOR', 'NO_COLOR']) delete terminal[v];
  const script = (env: string) => spawnSync('script', ['-qc', `${env} "${process.execPath}" "${path.join(DIST, 'cli.js')}" check`, '/dev/null'], { cwd: dir, encoding: 'utf8', env: terminal });
  const tty = script('');
  if (!tty.error && tty.stdout.includes('mars.toml:')) {
    assert.match(tty.stdout, /\x1b\[31merror/);
    assert.doesNotMatch(script('NO_COLOR=1').stdout, /\x1b/);
  }
  // A note line is faint, as the code is.
  fs.writeFileSync(path.join(dir, 'mars.toml'), '[agents.a.tools]\nallowed = ["read", "read"]\n');
  assert.deepEqual(run({ FORCE_COLOR: '1' }).split('\n'), [
    '\x1b[1mmars.toml:2:21:\x1b[22m \x1b[33mwarning\x1b[39m \x1b[2mduplicate-entry\x1b[22m `read` is already in this list.',
    '  \x1b[2mmars.toml:2:13: note: first entry\x1b[22m',
    '',
  ]);
});

test('colour as the conventions say: FORCE_COLOR (but 0 or false) anywhere, over NO_COLOR, as in Node; a NO_COLOR not empty none; else only a terminal that shows colour', () => {
  const terminal = { isTTY: true, hasColors: () => true } as unknown as NodeJS.WritableStream;
  // A terminal Node says shows no colour (TERM=dumb, a CI variable), and a pipe that has hasColors but is no terminal.
  const dumb = { isTTY: true, hasColors: () => false } as unknown as NodeJS.WritableStream;
  const pipe = { hasColors: () => true } as unknown as NodeJS.WritableStream;
  const rows: Array<[string, NodeJS.WritableStream, NodeJS.ProcessEnv, boolean]> = [
    ['a terminal', terminal, {}, true],
    ['a terminal without colour', dumb, {}, false],
    ['a pipe', pipe, {}, false],
    ['NO_COLOR', terminal, { NO_COLOR: '1' }, false],
    // no-color.org: NO_COLOR set to the empty string asks for nothing.
    ['NO_COLOR empty', terminal, { NO_COLOR: '' }, true],
    ['FORCE_COLOR into a pipe', pipe, { FORCE_COLOR: '1' }, true],
    ['FORCE_COLOR=0 on a terminal', terminal, { FORCE_COLOR: '0' }, false],
    ['FORCE_COLOR=false on a terminal', terminal, { FORCE_COLOR: 'false' }, false],
    ['FORCE_COLOR over NO_COLOR', pipe, { FORCE_COLOR: '1', NO_COLOR: '1' }, true],
  ];
  for (const [name, stream, env, colour] of rows) assert.equal(wantsColour(stream, env), colour, name);
});

test('--fix -: the report on stderr is coloured as stderr allows, not as stdout, which takes the document', async () => {
  const run = async (stdoutTty: boolean, stderrTty: boolean) => {
    const written = { out: '', err: '' };
    const stream = (which: 'out' | 'err', tty: boolean) =>
      Object.assign(new PassThrough(), { isTTY: tty, hasColors: () => tty, write: (s: string | Buffer) => ((written[which] += s.toString()), true) }) as unknown as NodeJS.WritableStream;
    const input = Readable.from([Buffer.from('[agents.a.tools]\nallowed = ["Shell", "grpe"]\n')]);
    assert.equal(await runCheck(parseCheckArgs(['--fix', '-']), stream('out', stdoutTty), stream('err', stderrTty), input), 0);
    assert.equal(written.out, '[agents.a.tools]\nallowed = ["bash", "grpe"]\n');
    return written.err.split('\n')[0];
  };
  assert.match(await run(false, true), /^\x1b\[1m<stdin>:2:21:\x1b\[22m \x1b\[34minformation\x1b\[39m \x1b\[2munknown-tool\x1b\[22m Mars has no capability named `grpe`/);
  assert.match(await run(true, false), /^<stdin>:2:21: information unknown-tool Mars has no capability named `grpe`/);
});

test('json format: LSP ranges, severities and fixes with edits, each fix saying whether --fix applies it', () => {
  const dir = workspace({ 'mars.toml': '[agents.a.tools]\nallowed = ["Shell", "grpe"]\n' });
  const r = cli(['check', '--format', 'json'], { cwd: dir });
  assert.equal(r.code, 0);
  // No summary on stderr: the text and github formats' (a reader of the JSON has the findings to count).
  assert.equal(r.err, '');
  const at = (start: number, end: number) => ({ start: { line: 1, character: start }, end: { line: 1, character: end } });
  assert.deepEqual(JSON.parse(r.out), [{
    file: 'mars.toml',
    range: at(12, 17),
    severity: 'information',
    code: 'non-canonical',
    message: '`Shell` is an alias of `bash`; Mars writes `bash`.',
    fixes: [{ title: 'Change to `bash`', safe: true, preferred: true, edits: [{ range: at(12, 17), newText: 'bash' }] }],
  }, {
    file: 'mars.toml',
    range: at(21, 25),
    severity: 'information',
    code: 'unknown-tool',
    message: 'Mars has no capability named `grpe`. Did you mean `grep`? Mars passes the entry on as written, so only a harness with a tool of that name applies it.',
    // A guess: offered, not applied by --fix; the one the editor prefers all the same (its lightbulb's first).
    fixes: [{ title: 'Change to `grep`', safe: false, preferred: true, edits: [{ range: at(21, 25), newText: 'grep' }] }],
  }]);
  assert.equal(cli(['check', '--fix'], { cwd: dir }).code, 0);
  assert.equal(fs.readFileSync(path.join(dir, 'mars.toml'), 'utf8'), '[agents.a.tools]\nallowed = ["bash", "grpe"]\n');
  // The places a finding names (the editor's related information): a duplicate's first entry, the allowed entry a denied one conflicts with.
  const twice = workspace({ 'mars.toml': '[agents.a.tools]\nallowed = ["read", "read"]\ndisallowed = ["read"]\n' });
  const related = (JSON.parse(cli(['check', '--format', 'json'], { cwd: twice }).out) as Array<{ code: string; related?: Array<{ range: { start: { line: number; character: number } } }> }>)
    .map((f) => [f.code, f.related?.map((x) => `${x.range.start.line}:${x.range.start.character}`)]);
  assert.deepEqual(related.find(([code]) => code === 'duplicate-entry'), ['duplicate-entry', ['1:12']]);
  assert.deepEqual(related.find(([code]) => code === 'allow-deny-conflict'), ['allow-deny-conflict', ['1:12']]);
});

test('json format: a byte order mark is no character of the first line, as in the text and github formats and the editor, which shows none', () => {
  const dir = workspace({ 'mars.toml': '\uFEFF[a]\nx=1\n[a]\n' });
  const [f] = JSON.parse(cli(['check', '--format', 'json'], { cwd: dir }).out) as Array<{ range: unknown; related: Array<{ range: unknown }> }>;
  assert.deepEqual(f!.range, { start: { line: 2, character: 0 }, end: { line: 2, character: 3 } });
  assert.deepEqual(f!.related.map((r) => r.range), [{ start: { line: 0, character: 0 }, end: { line: 0, character: 3 } }]);
  assert.match(cli(['check'], { cwd: dir }).out, /^ {2}mars\.toml:1:1: note: defined here$/m);
});

test('json format: the bytes JSON.stringify writes (its quoting, no spaces, the keys in order), each finding written out by hand, on a file dense with findings of every shape', () => {
  // Sections of misspelt, aliased, duplicated, legacy and unknown entries, a related place, fixes that
  // clear a partner (`Shell(git:*)`), a move, a string made a list, a BOM, CRLF, escapes and a name to quote,
  // and `##[` in a message, a fix's title and its new text (each string is made inert alone).
  const entries = ['"Shell"', '"Shell"', '"grpe"', '"Shell(git:*)"', '"bash(git:*)"', '"re\\u2028ad"', '"\u202e"', '"CustomTool"', '"mcp__gh__x"', '"##[error]x"', '1', '"tab\\there"', '"Shell(##[x)"'];
  const sections = Array.from({ length: 30 }, (_, i) => `[agents.a${i}.tools]\r\nallowed = [${entries.slice(i % 5).concat(entries.slice(0, i % 5)).join(', ')}]\r\n${i % 3 === 0 ? 'bash = "allow"\r\nmcp = ["gh"]\r\n' : ''}`);
  const dir = workspace({ 'we"ird\\é/mars.toml': `\uFEFF${sections.join('')}[agents.b]\r\ntools = "read"\r\n` });
  const r = cli(['check', '--format', 'json'], { cwd: dir });
  const findings = JSON.parse(r.out) as Array<{ file: string; related?: unknown; fixes: unknown[] }>;
  assert.ok(findings.length > 300 && findings.some((f) => f.related) && findings.some((f) => f.fixes.length > 0), `${findings.length} findings`);
  assert.equal(findings[0]!.file, 'we"ird\\é/mars.toml');
  // `##[` written `##\u005B` (see the test of `##[` below), which reads back as `[`.
  assert.equal(r.out, `${inert(JSON.stringify(findings))}\n`);
  // The keys in the order they were: a reader of the text may rely on it.
  const keys = new Set<string>();
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) x.forEach(walk);
    else if (x && typeof x === 'object') {
      keys.add(Object.keys(x).join());
      Object.values(x).forEach(walk);
    }
  };
  walk(findings);
  assert.deepEqual([...keys].sort(), ['file,range,severity,code,message,fixes', 'file,range,severity,code,message,related,fixes', 'line,character', 'range,message', 'range,newText', 'start,end', 'title,safe,preferred,edits']);
});

test('github format: one workflow command per problem, escaped as GitHub reads it, and the summary on stderr', () => {
  // A folder name with the separators of the properties; a byte order mark, which is no column.
  const dir = workspace({ 'a,b: c/mars.toml': '\uFEFF[agents.a.tools]\nallowed = ["Shell", "bash()", "my%tool"]\n' });
  const r = cli(['check', '--format', 'github'], { cwd: dir });
  assert.equal(r.code, 1);
  assert.deepEqual(r.out.trim().split('\n'), [
    '::notice file=a%2Cb%3A c/mars.toml,line=2,col=13,endLine=2,endColumn=18,title=Mars TOML (non-canonical)::`Shell` is an alias of `bash`; Mars writes `bash`.',
    '::error file=a%2Cb%3A c/mars.toml,line=2,col=22,endLine=2,endColumn=28,title=Mars TOML (invalid-tool-name)::invalid tool name `bash()`; allowed: scoped payload written as tool(pattern) with a non-empty pattern',
    '::notice file=a%2Cb%3A c/mars.toml,line=2,col=32,endLine=2,endColumn=39,title=Mars TOML (unknown-tool)::Mars has no capability named `my%25tool`; it passes the entry on as written, so only a harness with a tool of that name applies it.',
  ]);
  assert.match(r.err, /^1 file checked: 1 error, 2 information \(2 fixable with --fix\)$/m);
  // A warning is one; a hint, as information, a notice (GitHub has no fourth level).
  const level = (severity: string) => cli(['check', '--format', 'github', '--severity', `non-canonical=${severity}`, '--severity', 'invalid-tool-name=off', '--severity', 'unknown-tool=off'], { cwd: dir }).out.split(' ')[0];
  assert.deepEqual(['error', 'warning', 'information', 'hint'].map(level), ['::error', '::warning', '::notice', '::notice']);
});

test('the summary says how many problems --fix would fix, as fix-all counts them: none past a syntax error or in a file not UTF-8, none once fixed, none that --severity turns off', () => {
  // [file, the hint without --fix, the summary of --fix on it]
  const table: Array<[string, string, string]> = [
    ['[agents.a.tools]\nallowed = ["Shell", "Read"]\n', '2 information (2 fixable with --fix)', '2 problems fixed: no problems'],
    // A did-you-mean is no safe fix: --fix leaves it, so it is not counted.
    ['[agents.a.tools]\nallowed = ["bassh"]\n', '1 information', '1 information'],
    ['[agents.a.tools]\nallowed = ["read", "Read", "READ"]\n', '2 warnings, 2 information (4 fixable with --fix)', '4 problems fixed: no problems'],
    // Past a syntax error nothing is fixed, and the syntax error has no safe fix here.
    ['[agents.a.tools]\nallowed = ["Shell"]\n= 1\ndisallowed = ["Read"]\n', '1 error, 2 information (1 fixable with --fix)', '1 problem fixed: 1 error, 1 information'],
    // Nor after a multi-line string never closed, which to Mars runs to the end of the file.
    ['[agents.a.tools]\nallowed = ["Shell"]\n[agents.b.tools]\nx = """\n[agents.c.tools]\nallowed = ["Read"]\n', '1 error, 1 warning, 2 information (1 fixable with --fix)', '1 problem fixed: 1 error, 1 warning, 1 information'],
    // A missing comma is fixed, and then what its error hid in the rest of its section (a later pass of
    // fix-all, as `ruff --fix` runs them): counted as the first pass sees it, fixed all the same.
    ['[agents]\na.tools.allowed = ["read" "grep"]\nb.tools.allowed = ["Bash"]\n', '1 error, 1 information (1 fixable with --fix)', '2 problems fixed: no problems'],
    // Commas missing in a list or an inline table: a section shows one syntax error at a time, and each written counts
    // as one problem fixed, as fixing them one at a time counts it (a no-break space at the start of a line removed
    // first), past where they stop being written in one go (a date) too.
    [`[agents.a.tools]\nallowed = [${Array.from({ length: 4_000 }, (_, i) => `"read(x${i})"`).join(' ')}]\n`, '1 error (1 fixable with --fix)', '3999 problems fixed: no problems'],
    ['[agents.a.tools]\nallowed = [\n\u00a0"bash"\n\u00a0"edit"\n\u00a0"grep"\n]\n', '1 error (1 fixable with --fix)', '3 problems fixed: no problems'],
    ['x = [{ a = 1 b = 2 c = 3 }]\n', '1 error (1 fixable with --fix)', '2 problems fixed: no problems'],
    ['[agents.a.tools]\nallowed = ["bash" "edit" 1979-05-27 "grep" "ls"]\n', '1 error (1 fixable with --fix)', '4 problems fixed: 1 error'],
    // A string then more values where a list goes: the list fix-all writes takes the syntax error away too.
    ['[agents.a.tools]\nallowed = "read", "grep"\n', '2 errors (2 fixable with --fix)', '2 problems fixed: no problems'],
    // Typing slips whose message names the fix, each fixed in turn (a section shows one syntax error at a time): a bare
    // name quoted, curly quotes made straight, a comma too many, a `;` for a comma, a `]` typed twice, a list left open;
    // a bare word with blanks (`read edit`: a comma may be missing) is a guess, which --fix leaves.
    ['[agents.a.tools]\nallowed = [read, “Edit”, grep,, "web"; "bash"]] # c\ndisallowed = ["ls"\n', '1 error (1 fixable with --fix)', '7 problems fixed: no problems'],
    ['[agents.a.tools]\nallowed = [read edit]\n', '1 error', '1 error'],
    // A table of patterns of its own whose rule the list holds once fixed goes in the same run, counted as it was shown.
    ['[agents.a.tools]\nallowed = "bash(git *)"\n[agents.a.tools.bash]\n"git *" = "allow"\n', '1 error, 1 warning (1 fixable with --fix)', '2 problems fixed: no problems'],
    // Its rule held in part before the fix and the rest once the other list is wrapped: its finding counted once.
    ['[agents.a.tools]\nallowed = ["bash(git *)"]\ndisallowed = "bash(rm *)"\n[agents.a.tools.bash]\n"git *" = "allow"\n"rm *" = "deny"\n', '1 error, 1 warning (2 fixable with --fix)', '2 problems fixed: no problems'],
    ['[agents.a.tools]\nallowed = ["bash"]\n', 'no problems', 'no problems'],
  ];
  for (const [body, hint, fixed] of table) {
    const dir = workspace({ 'mars.toml': body });
    const r = cli(['check'], { cwd: dir });
    assert.equal(r.err, `1 file checked: ${hint}\n`, body);
    const f = cli(['check', '--fix'], { cwd: dir });
    assert.equal(f.err, `1 file checked${fixed.includes('fixed') ? ', ' : ': '}${fixed}\n`, body);
  }
  const off = workspace({ 'mars.toml': '[agents.a.tools]\nallowed = ["Shell", "read", "read"]\n' });
  assert.equal(cli(['check', '--severity', 'non-canonical=off'], { cwd: off }).err, '1 file checked: 1 warning (1 fixable with --fix)\n');
  // A file not UTF-8 is never written by --fix.
  const bytes = workspace({});
  fs.writeFileSync(path.join(bytes, 'mars.toml'), Buffer.concat([Buffer.from('# \xff\n', 'latin1'), Buffer.from('[agents.a.tools]\nallowed = ["Shell"]\n')]));
  assert.equal(cli(['check'], { cwd: bytes }).err, '1 file checked: 1 error, 1 information\n');
});

// An agent's front matter pasted whole under its table (Claude's markdown agent): YAML, not TOML, which stops Mars's load
// of the file. --fix removes the `---` fences and writes each `key: text` as the string YAML reads, so the file loads
// as TOML (each syntax error fixed counted: 6); `tools`, a string of names, is then said with the list meant, a fix not in --fix (it puts rules in force).
test('--fix on an agent\'s front matter pasted whole (Claude\'s, OpenCode\'s): TOML that reads, then `tools` said as Mars reads it', () => {
  const dir = workspace({ 'mars.toml': '[agents.reviewer]\n---\nname: reviewer\ndescription: Reviews code, carefully  # why\ntools: Read, Grep\nmodel: sonnet\n---\n' });
  assert.equal(cli(['check', '--fix'], { cwd: dir }).err, '1 file checked, 6 problems fixed: 1 error\n');
  assert.equal(fs.readFileSync(path.join(dir, 'mars.toml'), 'utf8'),
    '[agents.reviewer]\nname = "reviewer"\ndescription = "Reviews code, carefully"  # why\ntools = "Read, Grep"\nmodel = "sonnet"\n');
  const left = JSON.parse(cli(['check', '--format', 'json'], { cwd: dir }).out) as Array<{ code: string; fixes: Array<{ title: string; safe: boolean }> }>;
  assert.deepEqual(left.map((f) => [f.code, f.fixes.map((x) => [x.title, x.safe])]),
    [['invalid-tool-policy', [['Rename to `tools.allowed`, and change `"Read, Grep"` to `["Read", "Grep"]`', false]]]]);
  // OpenCode's, its tools a mapping: its rules written as the dotted keys TOML reads, then said as rules Mars ignores.
  const open = workspace({ 'mars.toml': '[agents.review]\n---\ndescription: Reviews code\ntools:\n  write: false\n---\n' });
  assert.equal(cli(['check', '--fix'], { cwd: open }).err, '1 file checked, 4 problems fixed: 1 warning\n');
  assert.equal(fs.readFileSync(path.join(open, 'mars.toml'), 'utf8'), '[agents.review]\ndescription = "Reviews code"\ntools.write = false\n');
  const rules = JSON.parse(cli(['check', '--format', 'json'], { cwd: open }).out) as Array<{ code: string; fixes: Array<{ title: string }> }>;
  assert.deepEqual(rules.map((f) => [f.code, f.fixes[0]?.title]), [['unknown-policy-key', 'Move "write" into `disallowed`']]);
});

test('--fix on a big section with commas missing (its first piece, a later one, its last), CRLF and a byte order mark: writes what the editor\'s fix-all writes, and counts what was shown and each syntax error fixed', () => {
  // Past 16 KB, cut in pieces (toml/chunks.ts): each error keeps fix-all out of the pieces after it until its comma is in.
  // The commas at lines 300 and 517 were not shown, but counted, as fixing them one at a time counts them; the `Bash`
  // after the first was not shown: not counted.
  const lines: Record<number, string> = { 10: '["read" "grep"]', 200: '["Read"]', 300: '{ allowed = ["read"] disallowed = ["Bash"] }', 517: '["Read" "grep"]', 519: '["Bash"]' };
  const body = Array.from({ length: 520 }, (_, i) => `filler${i}.tools${lines[i]?.startsWith('{') ? '' : '.allowed'} = ${lines[i] ?? '["read", "grep"]'}\n`).join('');
  const base = `[agents]\n${body}[agents.z.tools]\nallowed = ["Shell"]\n`;
  for (const text of [base, `\uFEFF${base.replace(/\n/g, '\r\n')}`]) {
    const dir = workspace({ 'mars.toml': text });
    assert.equal(cli(['check'], { cwd: dir }).err, '1 file checked: 1 error, 4 information (2 fixable with --fix)\n');
    assert.equal(cli(['check', '--fix'], { cwd: dir }).err, '1 file checked, 7 problems fixed: no problems\n');
    assert.equal(fs.readFileSync(path.join(dir, 'mars.toml'), 'utf8'), applyEdits(text, documentFixAll(analyzeDocument(text))));
  }
});

test('github format: a file from the workspace root, where GitHub reads it, whichever folder the step runs in; names that break lines escaped on stderr', () => {
  const dir = workspace({ 'sub/mars.toml': '[agents.a.tools]\nallowed = ["bash()"]\n', 'evil\n::stop-commands::x\n/mars.toml': 'a\0b' });
  const r = cli(['check', '--format', 'github', '.', path.join('..', 'evil\n::stop-commands::x\n')], { cwd: path.join(dir, 'sub'), workspace: dir });
  assert.equal(r.code, 2);
  assert.match(r.out, /^::error file=sub\/mars\.toml,line=2,/);
  assert.ok(!r.err.split('\n').some((l) => l.startsWith('::')), r.err);
  assert.match(r.err, /"\.\.\/evil\\u000A::stop-commands::x\\u000A\/mars\.toml" is not a text file/);
  // Text output shows such a name escaped too; JSON gives it as it is.
  const named = workspace({ 'a\nb/mars.toml': '[agents.a.tools]\nallowed = ["bash()"]\n' });
  assert.match(cli(['check', '.'], { cwd: named }).out, /^a\\u000Ab\/mars\.toml:2:13: error/);
  assert.equal(JSON.parse(cli(['check', '.', '--format', 'json'], { cwd: named }).out)[0].file, 'a\nb/mars.toml');
  // In an annotation, a CR is escaped as a LF is, as GitHub's toolkit escapes it: else it would end the line there.
  const cr = workspace({ 'a\rb/mars.toml': '[agents.a.tools]\nallowed = ["bash()"]\n' });
  assert.match(cli(['check', '.', '--format', 'github'], { cwd: cr }).out, /^::error file=a%0Db\/mars\.toml,line=2,col=13,/);
});

test('github format through a link to the workspace, and a file outside it: named where GitHub finds it; a text line never starts like a command', () => {
  const dir = workspace({ 'repo/sub/mars.toml': '[agents.a.tools]\nallowed = ["bash()"]\n', 'elsewhere/mars.toml': '[agents.a.tools]\nallowed = ["bash()"]\n' });
  fs.symlinkSync(path.join(dir, 'repo'), path.join(dir, 'link'));
  const linked = cli(['check', '--format', 'github'], { cwd: path.join(dir, 'link', 'sub'), workspace: path.join(dir, 'link') });
  assert.match(linked.out, /^::error file=sub\/mars\.toml,line=2,/);
  const outside = cli(['check', '--format', 'github', path.join('..', 'elsewhere')], { cwd: path.join(dir, 'repo'), workspace: path.join(dir, 'repo') });
  assert.ok(outside.out.startsWith(`::error file=${fs.realpathSync(dir)}/elsewhere/mars.toml,line=2,`), outside.out);
  const named = workspace({ '::error title=x::y/mars.toml': '[agents.a.tools]\nallowed = ["bash()"]\n' });
  assert.match(cli(['check', '.'], { cwd: named }).out, /^\.\/::error title=x::y\/mars\.toml:2:13: error/);
  // Only those: a path that starts with a letter or digit of any script is shown as ruff and eslint show it.
  const letters = workspace({ 'é/mars.toml': '[agents.a.tools]\nallowed = ["bash()"]\n', '日本/mars.toml': '[agents.a.tools]\nallowed = ["bash()"]\n', '٣/mars.toml': '[agents.a.tools]\nallowed = ["bash()"]\n' });
  assert.deepEqual(cli(['check', '.'], { cwd: letters }).out.trim().split('\n').map((l) => l.split(':')[0]).sort(), ['é/mars.toml', '日本/mars.toml', '٣/mars.toml'].sort());
});

// GitHub reads an annotation's relative `file` from its workspace, and makes an absolute one under
// it relative. A GITHUB_WORKSPACE that names no folder here (a container that mounts the checkout
// elsewhere, a variable set by hand) cannot place a file: a path from the current folder would be
// read from the wrong one, so each file is named by its absolute path, and stderr says why.
test('github format with a GITHUB_WORKSPACE that is no folder: absolute paths, and one line on stderr that says so', () => {
  const dir = workspace({ 'repo/sub/mars.toml': '[agents.a.tools]\nallowed = ["bash()"]\n', 'a file': 'x' });
  const real = fs.realpathSync(dir);
  for (const [ws, why] of [[path.join(dir, 'gone'), 'no such file or folder'], [path.join(dir, 'a file'), 'it is a file']] as const) {
    const r = cli(['check', '--format', 'github'], { cwd: path.join(dir, 'repo', 'sub'), workspace: ws });
    assert.equal(r.code, 1, r.err);
    assert.ok(r.out.startsWith(`::error file=${real}/repo/sub/mars.toml,line=2,`), r.out);
    assert.equal(r.err.split('\n').filter((l) => l.includes('GITHUB_WORKSPACE')).join('\n'),
      `mars-toml: GITHUB_WORKSPACE names ${ws}, which is not a folder here (${why}): annotations name each file by its absolute path`);
    // Other formats do not read it.
    assert.equal(cli(['check'], { cwd: path.join(dir, 'repo', 'sub'), workspace: ws }).err.includes('GITHUB_WORKSPACE'), false);
  }
});

test('no line of a report holds `##[`, which GitHub takes for a workflow command anywhere in a line (its `[` escaped, read back in JSON)', () => {
  // A tool name, a key and a file name of the repository's, each a command the runner would run and drop from the log.
  const dir = workspace({ '##[notice]x/mars.toml': '[agents.a.tools]\nallowed = ["##[error]pwned"]\n"##[warning]k" = "allow"\n', 'b/mars.toml': 'a\0b' });
  fs.renameSync(path.join(dir, 'b'), path.join(dir, '##[debug]b'));
  const runs = { text: cli(['check', '.', '##[error]gone'], { cwd: dir }), json: cli(['check', '.', '--format', 'json'], { cwd: dir }), github: cli(['check', '.', '--format', 'github'], { cwd: dir }) };
  for (const [format, r] of Object.entries(runs)) {
    assert.equal(r.code, 2, `${format}: ${r.err}`);
    // The runner reads a line as a `::` command first; only a line that is none is searched for `##[`.
    const commands = (r.out + r.err).split('\n').filter((l) => !l.trimStart().startsWith('::') && l.includes('##['));
    assert.deepEqual(commands, [], format);
  }
  assert.match(runs.text.out, /^\.\/##\\u005Bnotice]x\/mars\.toml:2:13: information unknown-tool Mars has no capability named `##\\u005Berror]pwned`/m);
  assert.match(runs.text.err, /^mars-toml: cannot read ##\\u005Berror]gone: no such file or folder$/m);
  assert.match(runs.text.err, /^mars-toml: ##\\u005Bdebug]b\/mars\.toml is not a text file/m);
  const json = JSON.parse(runs.json.out) as Array<{ file: string; message: string }>;
  assert.deepEqual(json.map((f) => f.file), ['##[notice]x/mars.toml', '##[notice]x/mars.toml']);
  assert.match(json[0]!.message, /named `##\[error\]pwned`/);
  assert.match(runs.github.out, /^::notice file=##\[notice\]x\/mars\.toml,.*named `##\[error\]pwned`/m);
});

test('parse-names writes no `##[` on stdout either: its `[` escaped, read back as `[` in JSON', () => {
  const p = cli(['parse-names'], { input: '"a##[error]b"\n"bash(##[x)"\n' });
  assert.equal(p.code, 0, p.err);
  assert.ok(!p.out.includes('##['), p.out);
  assert.deepEqual(p.out.trim().split('\n').map((l) => (JSON.parse(l) as { input: string }).input), ['a##[error]b', 'bash(##[x)']);
});

test('text and github lines are counted as git and grep -n count them, where a lone CR (line ends converted twice) would not end one; JSON keeps LSP ranges', () => {
  const dir = workspace({ 'mars.toml': '\uFEFF[agents.a.tools]\r\r\nallowed = ["Shell"]\r\r\ndisallowed = ["bash()"]\r\r\n' });
  const text = cli(['check'], { cwd: dir });
  assert.deepEqual(text.out.trim().split('\n').map((l) => l.split(' ').slice(0, 3).join(' ')), [
    'mars.toml:1:16: error toml-syntax',
    'mars.toml:2:13: information non-canonical',
    'mars.toml:3:16: error invalid-tool-name',
  ]);
  assert.match(cli(['check', '--format', 'github'], { cwd: dir }).out, /^::error file=mars\.toml,line=3,col=16,endLine=3,endColumn=22,title=Mars TOML \(invalid-tool-name\)/m);
  const json = JSON.parse(cli(['check', '--format', 'json'], { cwd: dir }).out) as Array<{ range: { start: { line: number; character: number } } }>;
  assert.deepEqual(json.map((f) => [f.range.start.line, f.range.start.character]), [[0, 15], [2, 12], [4, 15]]);
});

test('folders are searched for mars.toml and mars.local.toml, skipping node_modules, .git and .mars, in the order of their names on every system', () => {
  const bad = '[agents.a.tools]\nallowed = ["mcp"]\n';
  // Names compared as JavaScript compares them (UTF-16): `\u{1F600}` before `\uFF5E`, which Node
  // lists first here (libuv sorts a folder's names by their UTF-8 bytes); other systems list others.
  const dir = workspace({
    'a/mars.toml': bad, 'b/c/mars.local.toml': bad, 'node_modules/x/mars.toml': bad, '.git/mars.toml': bad, '.mars/mars.toml': bad, 'other.toml': bad,
    '\uFF5E/mars.toml': bad, '\u{1F600}/mars.toml': bad,
  });
  const r = cli(['check', '.', '--format=json'], { cwd: dir });
  assert.equal(r.code, 1);
  assert.deepEqual([...new Set(JSON.parse(r.out).map((f: { file: string }) => f.file))],
    [path.join('a', 'mars.toml'), path.join('b', 'c', 'mars.local.toml'), path.join('\u{1F600}', 'mars.toml'), path.join('\uFF5E', 'mars.toml')]);
});

/** The files a run of the checker reported on, from its JSON (each file's content has a finding). */
const checkedFiles = (r: { out: string }) => [...new Set(JSON.parse(r.out).map((f: { file: string }) => f.file.split(path.sep).join('/')))].sort();

test('a folder search skips what git ignores: .gitignore files in the searched folders, with their negations, a deeper one over an outer one; --no-respect-gitignore and a file named check it all the same', () => {
  const bad = '[agents.a.tools]\nallowed = ["mcp"]\n';
  // As git reads them: `deep/er/mars.toml` holds a slash, so it is matched from the root, two folders
  // down; `mars.toml/` ends with one, so it matches folders only, not dir/mars.toml.
  const dir = workspace({
    ...gitFolder('.git'), '.gitignore': 'build/\n*.local.toml\n!keep/mars.local.toml\ndeep/er/mars.toml\n',
    'sub/.gitignore': '/mars.toml\n', 'other/.gitignore': '!*.local.toml\n', 'dir/.gitignore': 'mars.toml/\n',
    'mars.toml': bad, 'build/mars.toml': bad, 'build/keep/mars.local.toml': bad, 'a/mars.local.toml': bad, 'keep/mars.local.toml': bad,
    'sub/mars.toml': bad, 'sub/x/mars.toml': bad, 'other/mars.local.toml': bad, 'deep/er/mars.toml': bad, 'dir/mars.toml': bad,
  });
  assert.deepEqual(checkedFiles(cli(['check', '--format=json'], { cwd: dir })), ['dir/mars.toml', 'keep/mars.local.toml', 'mars.toml', 'other/mars.local.toml', 'sub/x/mars.toml']);
  assert.deepEqual(checkedFiles(cli(['check', 'sub', '--format=json'], { cwd: dir })), ['sub/x/mars.toml']);
  // A folder named is searched even when git ignores it; what is ignored inside it still is not.
  assert.deepEqual(checkedFiles(cli(['check', 'build', '--format=json'], { cwd: dir })), ['build/mars.toml']);
  assert.deepEqual(checkedFiles(cli(['check', '--format=json', '--no-respect-gitignore'], { cwd: dir })), [
    'a/mars.local.toml', 'build/keep/mars.local.toml', 'build/mars.toml', 'deep/er/mars.toml', 'dir/mars.toml', 'keep/mars.local.toml', 'mars.toml', 'other/mars.local.toml', 'sub/mars.toml', 'sub/x/mars.toml',
  ]);
  assert.deepEqual(checkedFiles(cli(['check', 'build/mars.toml', 'sub/mars.toml', '.', '--format=json'], { cwd: dir })), [
    'build/mars.toml', 'dir/mars.toml', 'keep/mars.local.toml', 'mars.toml', 'other/mars.local.toml', 'sub/mars.toml', 'sub/x/mars.toml',
  ]);
});

test('a .gitignore pattern of many stars, against a long name, is answered at once, as git answers it (a backtracking match took exponential time: the search never ended)', () => {
  const dir = workspace({
    '.gitignore': `*a*a*a*a*a*a*a*a*a*a*a*a*b\n*-*-*-*-*.log\n`, [`${'a'.repeat(60)}`]: '', [`${'-'.repeat(200)}`]: '', 'x-y-z-w-v.log/mars.toml': 'x = 1\n', 'mars.toml': '[agents.a.tools]\nallowed = ["mcp"]\n',
  });
  const r = spawnSync(process.execPath, [path.join(DIST, 'cli.js'), 'check', '--format=json'], { cwd: dir, encoding: 'utf8', timeout: 10_000 });
  assert.equal(r.signal, null, 'the search ended');
  assert.deepEqual(checkedFiles({ out: r.stdout }), ['mars.toml']);
});

test('an ignore file, a .git or a git folder\'s HEAD that is a pipe or a device is not read, as a mars.toml so made is not: the search went on waiting for it, or reading /dev/zero, forever', () => {
  const bad = '[agents.a.tools]\nallowed = ["mcp"]\n';
  const repo = workspace({ ...gitFolder('.git'), '.git/info/.keep': '', 'pkg/mars.toml': bad, 'pkg/sub/mars.toml': bad });
  spawnSync('mkfifo', [path.join(repo, '.gitignore'), path.join(repo, '.git/info/exclude')]);
  fs.symlinkSync('/dev/zero', path.join(repo, 'pkg/.gitignore'));
  // A .git that is a pipe: a worktree's .git file, read for the git folder it names.
  const piped = workspace({ 'pkg/mars.toml': bad });
  spawnSync('mkfifo', [path.join(piped, '.git')]);
  // A .git folder whose HEAD is a pipe, read to tell a git folder: it names none, and pkg is the outer repository's (whose .gitignore skips gen/).
  const head = workspace({ ...gitFolder('.git'), '.gitignore': 'gen/\n', 'pkg/mars.toml': bad, 'pkg/gen/mars.toml': bad, 'pkg/.git/objects/.keep': '', 'pkg/.git/refs/.keep': '' });
  spawnSync('mkfifo', [path.join(head, 'pkg/.git/HEAD')]);
  for (const [cwd, args, files] of [
    [repo, ['pkg'], ['pkg/mars.toml', 'pkg/sub/mars.toml']],
    [path.join(repo, 'pkg'), ['.'], ['mars.toml', 'sub/mars.toml']],
    [piped, ['pkg'], ['pkg/mars.toml']],
    [head, ['.'], ['pkg/mars.toml']],
    [head, ['pkg'], ['pkg/mars.toml']],
    [path.join(head, 'pkg'), ['.'], ['mars.toml']],
  ] as const) {
    const r = spawnSync(process.execPath, [path.join(DIST, 'cli.js'), 'check', '--format=json', ...args], { cwd, encoding: 'utf8', timeout: 15_000 });
    assert.equal(r.signal, null, `the search ended: ${cwd} ${args.join(' ')}`);
    assert.equal(r.status, 1, r.stderr);
    assert.deepEqual(checkedFiles({ out: r.stdout }), files);
  }
});

test('a .gitignore that is a symbolic link is not read, as git (2.32 on) does not follow one in the work tree; info/exclude is followed, as git follows it', () => {
  const bad = '[agents.a.tools]\nallowed = ["mcp"]\n';
  const repo = workspace({ ...gitFolder('.git'), '.git/info/.keep': '', 'patterns': 'mars.toml\n', 'sub/mars.toml': bad, 'pkg/x/mars.toml': bad, 'pkg/mars.toml': bad });
  fs.symlinkSync('../patterns', path.join(repo, 'sub/.gitignore'));
  fs.symlinkSync('../patterns', path.join(repo, 'pkg/.gitignore'));
  fs.symlinkSync('../../patterns', path.join(repo, '.git/info/exclude'));
  // Searched from the root, each linked .gitignore is in a searched folder; from pkg/x, above it.
  assert.deepEqual(checkedFiles(cli(['check', '--format=json', '.'], { cwd: repo })), []);
  fs.unlinkSync(path.join(repo, '.git/info/exclude'));
  assert.deepEqual(checkedFiles(cli(['check', '--format=json', '.'], { cwd: repo })), ['pkg/mars.toml', 'pkg/x/mars.toml', 'sub/mars.toml']);
  assert.deepEqual(checkedFiles(cli(['check', '--format=json', 'x'], { cwd: path.join(repo, 'pkg') })), ['x/mars.toml']);
  // Where a git that follows none is installed, its answer is the same.
  const [major = 0, minor = 0] = (/(\d+)\.(\d+)/.exec(spawnSync('git', ['--version'], { encoding: 'utf8' }).stdout ?? '') ?? []).slice(1).map(Number);
  if ((major > 2 || (major === 2 && minor >= 32)) && spawnSync('git', ['init', '-q'], { cwd: repo }).status === 0) {
    const git = spawnSync('git', ['-c', 'core.excludesFile=', 'ls-files', '--others', '--exclude-standard', '--', '*mars.toml'], { cwd: repo, encoding: 'utf8' });
    assert.deepEqual(git.stdout.trim().split('\n').sort(), ['pkg/mars.toml', 'pkg/x/mars.toml', 'sub/mars.toml'], 'git\'s answer');
  }
});

test('in a git work tree, a folder searched below its root also skips what .git/info/exclude and the .gitignore files above it ignore; outside one, no .gitignore above is read', () => {
  const bad = '[agents.a.tools]\nallowed = ["mcp"]\n';
  const files = { '.gitignore': 'gen/\n', 'pkg/gen/mars.toml': bad, 'pkg/ex/mars.toml': bad, 'pkg/mars.toml': bad };
  const repo = workspace({ ...files, ...gitFolder('.git'), '.git/info/exclude': '/pkg/ex/\n' });
  assert.deepEqual(checkedFiles(cli(['check', 'pkg', '--format=json'], { cwd: repo })), ['pkg/mars.toml']);
  assert.deepEqual(checkedFiles(cli(['check', '.', '--format=json'], { cwd: path.join(repo, 'pkg') })), ['mars.toml']);
  assert.deepEqual(checkedFiles(cli(['check', 'pkg', '--format=json', '--no-respect-gitignore'], { cwd: repo })), ['pkg/ex/mars.toml', 'pkg/gen/mars.toml', 'pkg/mars.toml']);
  // A HEAD that names a commit, not a branch (detached, as CI checks out a pull request), is a git folder's too.
  const detached = workspace({ ...files, ...gitFolder('.git'), '.git/HEAD': `${'0123456789abcdef'.repeat(3).slice(0, 40)}\n`, '.git/info/exclude': '/pkg/ex/\n' });
  assert.deepEqual(checkedFiles(cli(['check', 'pkg', '--format=json'], { cwd: detached })), ['pkg/mars.toml']);
  // A worktree's .git is a file naming its git folder from the worktree (wherever the check runs;
  // its line may end in CRLF, as git reads it), whose commondir holds info/exclude.
  for (const end of ['\n', '\r\n']) {
    const worktree = workspace({
      ...Object.fromEntries(Object.entries(files).map(([k, v]) => [`w/${k}`, v])),
      'w/.git': `gitdir: ../main/.git/worktrees/w${end}`, 'main/.git/worktrees/w/commondir': '../..\n', 'main/.git/info/exclude': 'ex/\n',
    });
    assert.deepEqual(checkedFiles(cli(['check', 'pkg', '--format=json'], { cwd: path.join(worktree, 'w') })), ['pkg/mars.toml'], JSON.stringify(end));
    assert.deepEqual(checkedFiles(cli(['check', 'w/pkg', '--format=json'], { cwd: worktree })), ['w/pkg/mars.toml'], JSON.stringify(end));
  }
  // It is read as git reads it: `gitdir: `, one space, at the file's start, the path kept whole but
  // for the line breaks ending it (a folder may end in a space). A file git refuses as "invalid
  // gitfile format" names no git folder, so no info/exclude is read for it.
  const gitfiles: Array<[string, string, string[]]> = [
    ['gitdir: ../main/.git/worktrees/w \n', 'w ', ['pkg/mars.toml']],
    ['gitdir: ../main/.git/worktrees/w\r\n\n', 'w', ['pkg/mars.toml']],
    ['gitdir:../main/.git/worktrees/w\n', 'w', ['pkg/ex/mars.toml', 'pkg/mars.toml']],
    ['gitdir:  ../main/.git/worktrees/w\n', 'w', ['pkg/ex/mars.toml', 'pkg/mars.toml']],
    ['# linked\ngitdir: ../main/.git/worktrees/w\n', 'w', ['pkg/ex/mars.toml', 'pkg/mars.toml']],
  ];
  for (const [gitfile, folder, checked] of gitfiles) {
    const worktree = workspace({
      ...Object.fromEntries(Object.entries(files).map(([k, v]) => [`w/${k}`, v])),
      'w/.git': gitfile, [`main/.git/worktrees/${folder}/commondir`]: '../..\r\n', 'main/.git/info/exclude': 'ex/\n',
    });
    assert.deepEqual(checkedFiles(cli(['check', 'pkg', '--format=json'], { cwd: path.join(worktree, 'w') })), checked, JSON.stringify(gitfile));
  }
  // `gitdir: ` naming no folder is no gitfile either (git: no path in it), not one naming the work tree itself.
  const noPath = workspace({ ...Object.fromEntries(Object.entries(files).map(([k, v]) => [`w/${k}`, v])), 'w/.git': 'gitdir: \n', 'w/info/exclude': 'ex/\n' });
  assert.deepEqual(checkedFiles(cli(['check', 'pkg', '--format=json'], { cwd: path.join(noPath, 'w') })), ['pkg/ex/mars.toml', 'pkg/mars.toml']);
  const plain = workspace(files);
  assert.deepEqual(checkedFiles(cli(['check', 'pkg', '--format=json'], { cwd: plain })), ['pkg/ex/mars.toml', 'pkg/gen/mars.toml', 'pkg/mars.toml']);
});

test('a repository nested in the searched one is searched by its own ignore files, not the outer ones, as git and ripgrep read it', () => {
  const bad = '[agents.a.tools]\nallowed = ["mcp"]\n';
  const repo = workspace({
    ...gitFolder('.git'), '.gitignore': 'gen/\n', 'gen/mars.toml': bad, 'mars.toml': bad,
    // A repository cloned inside, with its own info/exclude, and a submodule, whose .git file names its git folder.
    ...gitFolder('sub/.git'), 'sub/.git/info/exclude': 'ex/\n', 'sub/gen/mars.toml': bad, 'sub/ex/mars.toml': bad, 'sub/deep/gen/mars.toml': bad,
    'mod/.git': 'gitdir: ../.git/modules/mod\n', ...gitFolder('.git/modules/mod'), '.git/modules/mod/info/exclude': 'x/\n', 'mod/.gitignore': 'y/\n', 'mod/gen/mars.toml': bad, 'mod/x/mars.toml': bad, 'mod/y/mars.toml': bad,
    // A .git git takes for no repository (a worktree whose repository was removed, a submodule copied without its git
    // folder; an empty .git folder): git lists that folder as one of the outer repository's, by its ignore files.
    'gone/.git': 'gitdir: ../elsewhere/.git/worktrees/gone\n', 'gone/gen/mars.toml': bad, 'gone/mars.toml': bad,
    'bare/.git/info/exclude': 'ex/\n', 'bare/gen/mars.toml': bad, 'bare/ex/mars.toml': bad, 'empty/gen/mars.toml': bad, 'empty/mars.toml': bad,
  });
  fs.mkdirSync(path.join(repo, 'empty', '.git'));
  const inner = ['sub/deep/gen/mars.toml', 'sub/gen/mars.toml'];
  assert.deepEqual(checkedFiles(cli(['check', '.', '--format=json'], { cwd: repo })), ['bare/ex/mars.toml', 'empty/mars.toml', 'gone/mars.toml', 'mars.toml', 'mod/gen/mars.toml', ...inner]);
  // A folder whose .git folder git takes for no repository is searched the same when named, or
  // searched from inside: git, looking up for the repository, passes its .git by too. It was taken
  // for the work tree's root there: the outer gen/ was not read, and bare's info/exclude was.
  for (const [cwd, arg, files] of [
    [repo, 'bare', ['bare/ex/mars.toml']], [path.join(repo, 'bare'), '.', ['ex/mars.toml']],
    [repo, 'empty', ['empty/mars.toml']], [path.join(repo, 'empty'), '.', ['mars.toml']],
  ] as const) assert.deepEqual(checkedFiles(cli(['check', arg, '--format=json'], { cwd })), files, `${cwd} ${arg}`);
  // Searched from inside, or named below it, the same.
  assert.deepEqual(checkedFiles(cli(['check', '.', '--format=json'], { cwd: path.join(repo, 'sub') })), inner.map((f) => f.slice('sub/'.length)));
  assert.deepEqual(checkedFiles(cli(['check', 'sub/deep', '--format=json'], { cwd: repo })), ['sub/deep/gen/mars.toml']);
  // Where git is installed, its answer in the nested repository is the same.
  if (spawnSync('git', ['init', '-q'], { cwd: path.join(repo, 'sub') }).status === 0) {
    const git = spawnSync('git', ['-c', 'core.excludesFile=', 'ls-files', '--others', '--exclude-standard', '--', '*mars.toml'], { cwd: path.join(repo, 'sub'), encoding: 'utf8' });
    assert.deepEqual(git.stdout.trim().split('\n').sort(), inner.map((f) => f.slice('sub/'.length)), 'git\'s answer');
  }
  // And in the outer one, which lists the files of the folders it takes for none, not those of the repositories.
  fs.rmSync(path.join(repo, '.git/HEAD'));
  if (spawnSync('git', ['init', '-q'], { cwd: repo }).status === 0) {
    const git = spawnSync('git', ['-c', 'core.excludesFile=', 'ls-files', '--others', '--exclude-standard', '--', '*mars.toml'], { cwd: repo, encoding: 'utf8' });
    assert.deepEqual(git.stdout.trim().split('\n').sort(), ['bare/ex/mars.toml', 'empty/mars.toml', 'gone/mars.toml', 'mars.toml'], 'git\'s answer');
    for (const folder of ['bare', 'empty']) {
      const below = spawnSync('git', ['-c', 'core.excludesFile=', 'ls-files', '--others', '--exclude-standard', '--', '*mars.toml'], { cwd: path.join(repo, folder), encoding: 'utf8' });
      assert.deepEqual(below.stdout.trim().split('\n').sort(), [folder === 'bare' ? 'ex/mars.toml' : 'mars.toml'], `git's answer in ${folder}`);
    }
  }
});

test('a folder of a work tree named through a link from outside it skips what the .gitignore files above it ignore, as when searched from inside', () => {
  const bad = '[agents.a.tools]\nallowed = ["mcp"]\n';
  const repo = workspace({ ...gitFolder('.git'), '.gitignore': 'gen/\n', 'pkg/gen/mars.toml': bad, 'pkg/mars.toml': bad });
  const outside = workspace({});
  fs.symlinkSync(path.join(repo, 'pkg'), path.join(outside, 'link'));
  assert.deepEqual(checkedFiles(cli(['check', '.', '--format=json'], { cwd: path.join(repo, 'pkg') })), ['mars.toml']);
  assert.deepEqual(checkedFiles(cli(['check', 'link', '--format=json'], { cwd: outside })), ['link/mars.toml']);
});

test('a folder named as a link and `..` is the folder on disk above the one linked to, not the one above the link', () => {
  const bad = '[agents.a.tools]\nallowed = ["mcp"]\n';
  const dir = workspace({ 'pkg/mars.toml': bad, 'pkg/y/mars.toml': bad, 'other/mars.toml': bad });
  fs.symlinkSync(path.join(dir, 'pkg', 'y'), path.join(dir, 'other', 'ylink'));
  // The folder on disk is named from the current folder when it was named relative to it (`.` when
  // it is that folder), whole when named whole; so too where the path read as written names nothing
  // (`other/ylink/../y` as `other/y`).
  const real = fs.realpathSync(dir).split(path.sep).join('/');
  const cases: Array<[string, string, string[]]> = [
    [dir, 'other/ylink/..', ['pkg/mars.toml', 'pkg/y/mars.toml']],
    [dir, 'other/ylink/../y', ['pkg/y/mars.toml']],
    [path.join(dir, 'other'), 'ylink/..', ['../pkg/mars.toml', '../pkg/y/mars.toml']],
    [path.join(dir, 'pkg'), '../other/ylink/..', ['mars.toml', 'y/mars.toml']],
    [workspace({}), [dir, 'other', 'ylink', '..'].join(path.sep), [`${real}/pkg/mars.toml`, `${real}/pkg/y/mars.toml`]],
  ];
  for (const [cwd, arg, files] of cases) {
    const run = cli(['check', arg, '--format=json'], { cwd });
    assert.deepEqual([run.err.split('\n')[0], checkedFiles(run)], ['', files], arg);
  }
});

test('a file named through a link and `..` is reported as the file read there, the one above the folder linked to, in every format', () => {
  const dir = workspace({ 'a/mars.toml': '[agents.a.tools]\nallowed = ["Read"]\n', 'other/mars.toml': '[agents.a.tools]\nallowed = ["mcp"]\n' });
  fs.mkdirSync(path.join(dir, 'other', 'x'));
  fs.symlinkSync(path.join('..', 'other', 'x'), path.join(dir, 'a', 'link'));
  const named = ['a', 'link', '..', 'mars.toml'].join(path.sep); // not path.join, which reads the `..` as written
  const text = cli(['check', named], { cwd: dir });
  assert.match(text.out, /^other\/mars\.toml:2:13: error invalid-tool-name /, text.out);
  assert.deepEqual(checkedFiles(cli(['check', named, '--format=json'], { cwd: dir })), ['other/mars.toml']);
  assert.match(cli(['check', named, '--format=github'], { cwd: dir, workspace: dir }).out, /^::error file=other\/mars\.toml,line=2,/);
  // It is not a/mars.toml, which is checked too, under its own name.
  assert.deepEqual(checkedFiles(cli(['check', named, 'a/mars.toml', '--format=json'], { cwd: dir })), ['a/mars.toml', 'other/mars.toml']);
  // Missing there, it is not a/nope, which is reported too, but other/nope, reported once.
  const missing = cli(['check', ['a', 'link', '..', 'nope'].join(path.sep), 'a/nope', 'other/nope'], { cwd: dir });
  assert.deepEqual(missing.err.split('\n').filter((l) => l.includes('cannot read')), ['mars-toml: cannot read a/link/../nope: no such file or folder', 'mars-toml: cannot read a/nope: no such file or folder']);
  // --stdin-filename names the document as that path would.
  assert.match(cli(['check', '-', '--stdin-filename', named], { cwd: dir, input: '[agents.a.tools]\nallowed = ["mcp"]\n' }).out, /^other\/mars\.toml:2:13: error /);
});

test('a path that starts or ends with white space or holds a character a reader could not see is quoted in messages, as git quotes one; an ordinary one is not; report lines keep the path bare', () => {
  const dir = workspace({ ' lead.toml': 'a\0b', ' q"\\/mars.toml': 'a\0b', 'plain.toml': 'a\0b', 'empty /.keep': '' });
  fs.writeFileSync(path.join(dir, 'trail.toml '), Buffer.concat([Buffer.from('[agents.a.tools]\nallowed = ["Shell"]\n# '), Buffer.from([0xff]), Buffer.from('\n')]));
  fs.mkdirSync(path.join(dir, 'piped\t'));
  spawnSync('mkfifo', [path.join(dir, 'piped\t', 'mars.toml')]);
  const said = (args: string[]) => cli(['check', ...args], { cwd: dir }).err.split('\n').filter((l) => l.startsWith('mars-toml: '));
  const cases: Array<[string[], string[]]> = [
    [[' nope'], ['mars-toml: cannot read " nope": no such file or folder']],
    [['nope '], ['mars-toml: cannot read "nope ": no such file or folder']],
    [['no\tpe'], ['mars-toml: cannot read "no\\u0009pe": no such file or folder']],
    [['nope'], ['mars-toml: cannot read nope: no such file or folder']],
    [[' lead.toml'], ['mars-toml: " lead.toml" is not a text file (it contains NUL bytes); Mars reads it as UTF-8 text']],
    [['plain.toml'], ['mars-toml: plain.toml is not a text file (it contains NUL bytes); Mars reads it as UTF-8 text']],
    // Said as named, not as path.join would write it.
    [['./plain.toml'], ['mars-toml: ./plain.toml is not a text file (it contains NUL bytes); Mars reads it as UTF-8 text']],
    // A quote or backslash inside a quoted path is escaped, so its end is where the quote is.
    [[' q"\\'], [`mars-toml: ${JSON.stringify(` q"\\${path.sep}mars.toml`)} is not a text file (it contains NUL bytes); Mars reads it as UTF-8 text`]],
    [['--fix', 'trail.toml '], ['mars-toml: not fixing "trail.toml ": it is not valid UTF-8, and writing it back would replace those bytes']],
    [['empty '], ['mars-toml: no mars.toml or mars.local.toml under "empty "']],
    [['piped\t'], [`mars-toml: no mars.toml or mars.local.toml under "piped\\u0009": "piped\\u0009${path.sep}mars.toml" is a pipe, passed over (only regular files are read)`]],
  ];
  for (const [args, lines] of cases) assert.deepEqual(said(args), lines, JSON.stringify(args));
  // A report line's path stays bare, as eslint's and ruff's: editors and CI problem matchers read
  // `file:line:col:` up to the colon, and would take quotes for part of the name. One that starts
  // with a space gets `./`, as one that starts like a command does; one that ends with one keeps it.
  fs.writeFileSync(path.join(dir, ' lead.toml'), '[agents.a.tools]\nallowed = ["bash()"]\n');
  assert.match(cli(['check', ' lead.toml'], { cwd: dir }).out, new RegExp(`^\\.\\${path.sep} lead\\.toml:2:13: error invalid-tool-name `));
  assert.match(cli(['check', 'trail.toml '], { cwd: dir }).out, /^trail\.toml :2:13: information non-canonical /);
});

test('a folder whose mars.toml files git all ignores says so, and how to check them', () => {
  const dir = workspace({ '.gitignore': 'mars*.toml\n', 'mars.toml': '', 'a/mars.local.toml': '' });
  const r = cli(['check'], { cwd: dir });
  assert.equal(r.code, 0);
  const said = (err: string) => err.split('\n')[0];
  assert.equal(said(r.err), 'mars-toml: no mars.toml or mars.local.toml under . that git does not ignore (2 ignored: name them, or pass --no-respect-gitignore, to check them)');
  fs.rmSync(path.join(dir, 'a'), { recursive: true });
  assert.equal(said(cli(['check'], { cwd: dir }).err), 'mars-toml: no mars.toml or mars.local.toml under . that git does not ignore (1 ignored: name it, or pass --no-respect-gitignore, to check it)');
  fs.rmSync(path.join(dir, 'mars.toml'));
  assert.equal(said(cli(['check'], { cwd: dir }).err), 'mars-toml: no mars.toml or mars.local.toml under .');
  assert.equal(said(cli(['check', '--no-respect-gitignore'], { cwd: dir }).err), 'mars-toml: no mars.toml or mars.local.toml under .');
});

test('exit 0 on a clean file, 2 for a missing file or a bad option, with no stack trace', () => {
  const dir = workspace({ 'mars.toml': '[agents.a.tools]\nallowed = ["read"]\n' });
  assert.equal(cli(['check'], { cwd: dir }).code, 0);
  const missing = cli(['check', 'nope/mars.toml'], { cwd: dir });
  assert.equal(missing.code, 2);
  assert.match(missing.err, /cannot read nope\/mars.toml: no such file or folder/);
  assert.doesNotMatch(missing.err, /at .*\.js:\d+/);
  const usage = cli(['check', '--format', 'xml'], { cwd: dir });
  assert.equal(usage.code, 2);
  assert.match(usage.err, /--format takes text, json or github, not 'xml'/);
  assert.equal(cli(['frobnicate']).code, 2);
  // No command at all: the help, on stderr, as a usage error.
  const none = cli([]);
  assert.deepEqual([none.code, none.out], [2, '']);
  assert.match(none.err, /^usage: mars-toml <command>\n/);
});

test('a glob pattern no shell expanded (quoted, or Windows\' cmd) is not found, and the message says the checker does not expand one either', () => {
  const dir = workspace({ 'mars.toml': '[agents.a.tools]\nallowed = ["read"]\n', 'a/mars.toml': '[agents.a.tools]\nallowed = ["read"]\n', 'b[1].toml': '' });
  for (const p of ['*.toml', '**/mars.toml', 'a/mars.tom?']) {
    const r = cli(['check', p], { cwd: dir });
    assert.equal(r.code, 2, r.err);
    assert.equal(r.err.split('\n')[0], `mars-toml: cannot read ${p}: no such file or folder (a pattern is not expanded: name the files, or a folder to search it)`);
  }
  // A name that holds such a character is a name: read when it is there, not found plainly when not.
  assert.equal(cli(['check', 'b[1].toml'], { cwd: dir }).code, 0);
  assert.equal(cli(['check', 'c[1].toml'], { cwd: dir }).err.split('\n')[0], 'mars-toml: cannot read c[1].toml: no such file or folder');
  // Not read for another reason, that reason is what to fix: a pattern under a file expands to nothing either.
  assert.equal(cli(['check', 'mars.toml/*.toml'], { cwd: dir }).err.split('\n')[0], 'mars-toml: cannot read mars.toml/*.toml: a part of the path is not a folder');
});

test('a reader that stops early (`| head`) ends the output quietly: exit status of the check, no EPIPE trace', async () => {
  const entries = Array.from({ length: 3000 }, (_, i) => `"Tool${i}"`).join(', ');
  const dir = workspace({ 'mars.toml': `[agents.a.tools]\nallowed = ["bash()", ${entries}]\n` });
  // [arguments, the exit status of the check]: with --fix (the file fixed, 3000 findings left, none an error), stdout is the report still, not a document.
  const table: Array<[string[], number]> = [[['--format', 'text'], 1], [['--format', 'json'], 1], [['--format', 'github'], 1], [['--fix'], 0]];
  for (const [args, status] of table) {
    const child = spawn(process.execPath, [path.join(DIST, 'cli.js'), 'check', ...args], { cwd: dir });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    // Read the first chunk, then close the pipe as `head` does.
    await new Promise((resolve) => child.stdout.once('data', resolve));
    child.stdout.destroy();
    const code = await new Promise((resolve) => child.on('close', resolve));
    assert.equal(code, status, `${args.join(' ')}: ${err}`);
    assert.doesNotMatch(err, /EPIPE|Unhandled|at .*\.js:\d+|cannot write/, args.join(' '));
  }
});

// A CI step's log and `2>&1` put stdout and stderr in one pipe. Stdout to a pipe its reader has not emptied is written
// later, a line of stderr at once: the summary and a `cannot read` landed in the middle of a report line.
test('stdout and stderr in one pipe read slowly (a CI log, `2>&1`): each line whole, in the order made, the summary last', { skip: process.platform === 'win32' }, () => {
  const entries = Array.from({ length: 3000 }, (_, i) => `"Tool${i}"`).join(', ');
  const dir = workspace({ 'a/mars.toml': `[agents.a.tools]\nallowed = ["bash()", ${entries}]\n`, 'b/mars.toml': Buffer.from([0x7f, 0x45, 0x00]), 'c/mars.toml': '[agents.a.tools]\nallowed = ["Read"]\n' });
  // [format, how a report line starts]
  const table: Array<[string, RegExp]> = [
    ['text', /^[abc]\/mars\.toml:\d+:\d+: (error|information) /],
    ['github', /^::(error|notice) file=[abc]\/mars\.toml,line=\d+,/],
  ];
  for (const [format, report] of table) {
    const r = spawnSync('sh', ['-c', '"$0" "$@" 2>&1 | (sleep 1; cat)', process.execPath, path.join(DIST, 'cli.js'), 'check', '--format', format, 'a', 'b', 'c'], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 26 });
    const lines = r.stdout.trimEnd().split('\n');
    const said = lines.findIndex((l) => l.startsWith('mars-toml: '));
    assert.deepEqual(lines.filter((l, i) => i !== said && i !== lines.length - 1 && !report.test(l)), [], format);
    assert.equal(lines[said], 'mars-toml: b/mars.toml is not a text file (it contains NUL bytes); Mars reads it as UTF-8 text', format);
    assert.ok(lines.slice(0, said).every((l) => l.includes('a/mars.toml')) && lines.slice(said + 1, -1).every((l) => l.includes('c/mars.toml')), format);
    assert.equal(lines[lines.length - 1], '2 files checked, 1 not checked: 1 error, 6001 information (3002 fixable with --fix)', format);
  }
});

test('--fix - whose reader closed stdout before the document was written says so and exits 2: the document is the output, not a report', async () => {
  // Clean or not, fixed or not: the document is lost either way.
  for (const input of ['[agents.a.tools]\nallowed = ["Shell", "bash()"]\n', '[agents.a.tools]\nallowed = ["bash"]\n']) {
    for (const format of ['text', 'github']) {
      const child = spawn(process.execPath, [path.join(DIST, 'cli.js'), 'check', '--fix', '--format', format, '-']);
      let err = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
      // The reader is gone before the checker has read its input, so before it writes.
      child.stdout.destroy();
      child.stdin.end(input);
      const code = await new Promise((resolve) => child.on('close', resolve));
      assert.equal(code, 2, `${format}: ${err}`);
      assert.match(err, /^mars-toml: cannot write the document to stdout: the reader closed the pipe$/m, format);
      assert.doesNotMatch(err, /EPIPE|Unhandled|at .*\.js:\d+/, format);
    }
  }
});

test('a binary file gets a clear message and exit 2; invalid UTF-8 is an error at each run of bad bytes, the rest still checked, and --fix leaves the file alone', () => {
  const notUtf8 = Buffer.concat([Buffer.from('\ufeff# caf\u00e9 \u{1f680} caf', 'utf8'), Buffer.from([0xe9, 0x20, 0xff]), Buffer.from('\n[agents.a.tools]\nallowed = ["Shell"]\n')]);
  const dir = workspace({ 'bin/mars.toml': Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01]), 'utf/mars.toml': notUtf8, 'local/mars.local.toml': notUtf8 });
  const bin = cli(['check', 'bin'], { cwd: dir });
  assert.equal(bin.code, 2);
  assert.match(bin.err, /not a text file/);
  const utf = cli(['check', 'utf', '--format', 'json'], { cwd: dir });
  assert.equal(utf.code, 1);
  const findings = JSON.parse(utf.out) as { code: string; severity: string; message: string; range: { start: { line: number; character: number } } }[];
  // The BOM is not counted; the rocket is two UTF-16 units; then " caf".
  assert.deepEqual(findings.map((f) => [f.code, f.severity, f.range.start.line, f.range.start.character]),
    [['toml-syntax', 'error', 0, 13], ['toml-syntax', 'error', 0, 15], ['non-canonical', 'information', 2, 12]]);
  assert.match(findings[0]!.message, /Byte 0xE9 here is not UTF-8: Mars reads mars\.toml as UTF-8/);
  assert.match(findings[1]!.message, /Byte 0xFF here is not UTF-8/);
  // The file is named as it is: mars.local.toml is read as UTF-8 too.
  assert.match(cli(['check', 'local'], { cwd: dir }).out, /Byte 0xE9 here is not UTF-8: Mars reads mars\.local\.toml as UTF-8/);
  const fix = cli(['check', '--fix', 'utf'], { cwd: dir });
  assert.equal(fix.code, 2, 'a file --fix cannot fix');
  assert.match(fix.err, /not fixing .*mars\.toml: it is not valid UTF-8/);
  assert.deepEqual(fs.readFileSync(path.join(dir, 'utf/mars.toml')), notUtf8);
  // Refused (exit 2) only where a problem shown has a fix: not for the fix of a finding left out as it quotes the bad
  // bytes (`Re\xFFad` lowercased), which would write them back as U+FFFD. [text, \xff a byte 0xFF; exit code of --fix]
  const refusals: Array<[text: string, code: number]> = [
    ['[agents.a.tools]\nallowed = ["Re\xffad"]\n', 1],
    ['[agents.a.tools]\nallowed = ["mcp__g\xff__x"]\n', 1],
    ['[agents.a.tools]\nallowed = ["r\xff", "r\xff"]\n', 1],
    ['[agents.a.tools]\nallowed = ["read", "Read"] # \xff\n', 2],
  ];
  for (const [text, code] of refusals) {
    const bytes = Buffer.from(text, 'latin1');
    const at = workspace({ 'mars.toml': bytes });
    const r = cli(['check', '--fix'], { cwd: at });
    assert.equal(r.code, code, `${JSON.stringify(text)} ${r.err}`);
    assert.equal(/not fixing/.test(r.err), code === 2, r.err);
    assert.deepEqual(fs.readFileSync(path.join(at, 'mars.toml')), bytes);
  }
});

test('a file saved as UTF-16 (as Windows PowerShell 5 writes `>`) is said to be UTF-16 text, not binary, and one saved as UTF-32 UTF-32; exit 2', () => {
  const text = '[agents.a.tools]\nallowed = ["Shell"]\n';
  const le = Buffer.from(text, 'utf16le');
  const be = Buffer.from(le).swap16();
  // Without a byte order mark, text that starts with a blank line or a tab (control characters, but text) is told too, in either order.
  const blank = Buffer.from('\n\t# tools\n' + text, 'utf16le');
  const dir = workspace({ 'bom/mars.toml': Buffer.concat([Buffer.from([0xff, 0xfe]), le]), 'be/mars.toml': Buffer.concat([Buffer.from([0xfe, 0xff]), be]), 'le/mars.toml': le, 'blank/mars.toml': blank, 'blankbe/mars.toml': Buffer.from(blank).swap16() });
  for (const name of ['bom', 'be', 'le', 'blank', 'blankbe']) {
    const r = cli(['check', name], { cwd: dir });
    assert.equal(r.code, 2, name);
    assert.match(r.err, new RegExp(`${name}/mars\\.toml is UTF-16 text \\(.*\\); Mars reads it as UTF-8: save it as UTF-8`), name);
  }
  // UTF-32 (its byte order mark, FF FE 00 00, starts as UTF-16's does) is said to be UTF-32, with either order.
  const utf32le = Buffer.alloc(text.length * 4 + 4);
  [0xfeff, ...[...text].map((c) => c.charCodeAt(0))].forEach((c, i) => utf32le.writeUInt32LE(c, i * 4));
  const utf32 = workspace({ 'le/mars.toml': utf32le, 'be/mars.toml': Buffer.from(utf32le).swap32() });
  for (const name of ['le', 'be']) {
    const r = cli(['check', name], { cwd: utf32 });
    assert.equal(r.code, 2, name);
    assert.equal(r.err.split('\n')[0], `mars-toml: ${name}/mars.toml is UTF-32 text (it starts with a UTF-32 byte order mark); Mars reads it as UTF-8: save it as UTF-8`, name);
  }
  // Its byte order mark says so with no NUL byte after it too: a document of no character (as Notepad
  // saves an empty one), or of none in ASCII. Each was read as UTF-8, its FF and FE said as bad bytes, exit 1.
  const noNul = workspace({ 'empty/mars.toml': Buffer.from([0xff, 0xfe]), 'be/mars.toml': Buffer.from([0xfe, 0xff]), 'cjk/mars.toml': Buffer.from([0xff, 0xfe, 0xe5, 0x65, 0x2c, 0x67]) });
  for (const name of ['empty', 'be', 'cjk']) {
    const r = cli(['check', name], { cwd: noNul });
    assert.deepEqual([r.code, r.out, r.err.split('\n')[0]], [2, '', `mars-toml: ${name}/mars.toml is UTF-16 text (it starts with a UTF-16 byte order mark); Mars reads it as UTF-8: save it as UTF-8`], name);
  }
  // A NUL byte before ASCII text is not UTF-16's two bytes a character: no text at all.
  const nul = cli(['check', 'mars.toml'], { cwd: workspace({ 'mars.toml': Buffer.concat([Buffer.from([0]), Buffer.from(text)]) }) });
  assert.deepEqual([nul.code, nul.err.split('\n')[0]], [2, 'mars-toml: mars.toml is not a text file (it contains NUL bytes); Mars reads it as UTF-8 text']);
  // An executable is no text at all.
  const bin = cli(['check', 'mars.toml'], { cwd: workspace({ 'mars.toml': Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]) }) });
  assert.match(bin.err, /is not a text file \(it contains NUL bytes\)/);
});

test('a bad byte is said before the syntax error its replacement character makes at the same place, its cause', () => {
  const dir = workspace({ 'mars.toml': Buffer.concat([Buffer.from('[agents.a.tools]\nallowed = ["read" '), Buffer.from([0xff]), Buffer.from(']\n')]) });
  for (const format of ['text', 'json']) {
    const r = cli(['check', '--format', format, 'mars.toml'], { cwd: dir });
    assert.equal(r.code, 1, r.err);
    const said = format === 'json' ? (JSON.parse(r.out) as { message: string; range: { start: { line: number; character: number } } }[]).map((f) => `${f.range.start.line + 1}:${f.range.start.character + 1} ${f.message}`)
      : r.out.trim().split('\n').map((l) => l.replace(/^mars\.toml:/, '').replace(/: error toml-syntax /, ' '));
    assert.deepEqual(said.map((l) => /^2:19 (Byte 0xFF|TOML syntax error)/.exec(l)?.[1]), ['Byte 0xFF', 'TOML syntax error'], format);
  }
});

test('the first bad byte is found where the replacement character\'s own bytes begin it too (EF, EF BF), and a sequence cut at the end of the file', () => {
  const cases: Array<[bytes: number[], line: number, column: number, byte: string]> = [
    [[...Buffer.from('# na'), 0xef, ...Buffer.from('ve\n')], 1, 5, '0xEF'],
    [[...Buffer.from('a = "r'), 0xef, 0xbf, ...Buffer.from('d"\n')], 1, 7, '0xEF'],
    [[0xef, 0xbb, 0xbf, 0xef, 0xbb], 1, 1, '0xEF'],
    // A byte order mark cut short is none: the columns after it count its bytes' U+FFFD, as the editor shows it.
    [[0xef, 0xbb, 0x20, 0xff], 1, 3, '0xFF'],
    [[...Buffer.from('# \u{1f680} '), 0xf0, 0x9f, 0x98], 1, 6, '0xF0'],
    [[...Buffer.from('# '), 0xed, 0xa0, 0x80, ...Buffer.from('\n')], 1, 3, '0xED'],
  ];
  for (const [bytes, line, column, byte] of cases) {
    const dir = workspace({ 'x/mars.toml': Buffer.from(bytes), 'y/mars.toml': '[agents.a.tools]\nallowed = ["Shell"]\n' });
    const r = cli(['check', 'x', 'y'], { cwd: dir });
    assert.equal(r.code, 1, r.err);
    assert.match(r.out, new RegExp(`^${path.join('x', 'mars.toml').replace(/\\/g, '\\\\')}:${line}:${column}: error toml-syntax Byte ${byte} here is not UTF-8`, 'm'), JSON.stringify(bytes));
    assert.match(r.out, /y.mars\.toml:2:13: information non-canonical/, 'the next file is still checked');
  }
});

test('--fix applies the safe fixes in place and reports what is left', () => {
  const text = '\ufeff[agents.a.tools]\r\nallowed = ["Shell(git log:*)", "bash(git log *)", "FooTool", "mcp__gh__get"]\r\nbash = "allow"\r\n';
  const dir = workspace({ 'mars.toml': text });
  const r = cli(['check', '--fix'], { cwd: dir });
  assert.equal(r.code, 0);
  assert.equal(fs.readFileSync(path.join(dir, 'mars.toml'), 'utf8'),
    '\ufeff[agents.a.tools]\r\nallowed = ["bash(git log *)", "foo_tool", "mcp(gh/get)"]\r\nbash = "allow"\r\n');
  assert.deepEqual(r.out.trim().split('\n').map((l) => l.split(' ')[2]), ['unknown-tool', 'unknown-policy-key']);
  assert.match(r.err, /^1 file checked, 5 problems fixed: 1 warning, 1 information$/m);
});

// A map-form rule is never moved by --fix, a boolean one (OpenCode's `bash: true`) no more than a string one: moving it
// would put a rule in force. Its key goes only where its list holds its rule already.
test('--fix moves no map-form rule, a boolean one neither', () => {
  const text = '[agents.a.tools]\nallowed = ["read"]\nbash = true\nweb = "allow"\nwrite = false\n';
  const dir = workspace({ 'mars.toml': text, 'b/mars.toml': '[agents.a.tools]\ndisallowed = ["Write"]\nwrite = false\n' });
  const r = cli(['check', '--fix', 'mars.toml'], { cwd: dir });
  assert.equal(r.code, 0, r.err);
  assert.equal(fs.readFileSync(path.join(dir, 'mars.toml'), 'utf8'), text);
  assert.deepEqual(r.out.trim().split('\n').map((l) => l.split(' ').slice(0, 3).join(' ')), ['mars.toml:3:1: warning unknown-policy-key', 'mars.toml:4:1: warning unknown-policy-key', 'mars.toml:5:1: warning unknown-policy-key']);
  assert.match(r.out, /Put "bash" in `allowed` instead\./);
  assert.match(r.out, /Put "write" in `disallowed` instead\./);
  const b = cli(['check', '--fix', 'b'], { cwd: dir });
  assert.equal(b.code, 0, b.err);
  assert.equal(fs.readFileSync(path.join(dir, 'b/mars.toml'), 'utf8'), '[agents.a.tools]\ndisallowed = ["write"]\n');
  assert.match(b.err, /^1 file checked, 2 problems fixed: no problems$/m);
});

// A map-form key of names between commas (Claude's `tools: Read, Grep` pasted as a key) is moved one entry per tool by
// a quick fix only: what it meant is a guess, so --fix neither moves it nor removes it where its list holds every name.
test('--fix neither moves nor removes a map-form key of names between commas', () => {
  const dir = workspace({ 'a/mars.toml': '[agents.a.tools]\nallowed = ["edit"]\n"Read, Grep" = "allow"\n', 'b/mars.toml': '[agents.a.tools]\nallowed = ["Read", "grep"]\n"Read, Grep" = true\n' });
  const a = cli(['check', '--fix', 'a'], { cwd: dir });
  assert.equal(a.code, 0, a.err);
  assert.equal(fs.readFileSync(path.join(dir, 'a/mars.toml'), 'utf8'), '[agents.a.tools]\nallowed = ["edit"]\n"Read, Grep" = "allow"\n');
  assert.match(a.out, /Put "read", "grep" in `allowed` instead\./);
  const b = cli(['check', '--fix', 'b'], { cwd: dir });
  assert.equal(b.code, 0, b.err);
  assert.equal(fs.readFileSync(path.join(dir, 'b/mars.toml'), 'utf8'), '[agents.a.tools]\nallowed = ["read", "grep"]\n"Read, Grep" = true\n');
  assert.match(b.out, /`allowed` already holds "read", "grep", so the key can go\./);
  assert.match(b.err, /^1 file checked, 1 problem fixed: 2 warnings$/m);
});

test('--fix on a file it cannot write reports the file as it is, and exits 2', (t) => {
  const dir = workspace({ 'mars.toml': '[agents.a.tools]\nallowed = ["Shell", "bash()"]\n' });
  const file = path.join(dir, 'mars.toml');
  fs.chmodSync(dir, 0o755);
  fs.chmodSync(file, 0o444);
  // Root writes whatever the mode: the checker then runs as nobody, from a copy nobody can read
  // wherever the checkout is.
  const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  const r = spawnSync(process.execPath, [programIn(dir), 'check', '--fix', 'mars.toml'], { cwd: dir, encoding: 'utf8', ...asNobody });
  if (r.error || /Cannot find module|EACCES/.test(r.stderr)) return t.skip(`cannot run node as nobody here: ${r.error?.message ?? r.stderr.split('\n')[0]}`);
  assert.equal(r.status, 2, r.stderr);
  assert.match(r.stderr, /cannot write mars\.toml: permission denied/);
  assert.deepEqual(r.stdout.trim().split('\n').map((l) => l.split(' ')[2]), ['non-canonical', 'invalid-tool-name']);
  assert.match(r.stderr, /^1 file checked: 1 error, 1 information$/m);
  assert.equal(fs.readFileSync(file, 'utf8'), '[agents.a.tools]\nallowed = ["Shell", "bash()"]\n');
});

test('--fix counts the problems it fixed, not findings before and after: a fix may make a finding as it removes one', () => {
  // The removed `tools.mcp` is moved into `allowed` as the grant it meant, whose comma Claude splits
  // at: one error before, one warning after.
  const dir = workspace({
    'a/mars.toml': '[agents.a.tools]\nallowed = ["read"]\nmcp = ["a,b"]\n',
    // The inline table's fix covers the entries: theirs wait for a second pass, and still count.
    'b/mars.toml': '[agents.a]\ntools = {\n  allowed = ["Bash", "Read"]\n}\n',
  });
  const a = cli(['check', '--fix', 'a'], { cwd: dir });
  assert.equal(a.code, 0, a.err);
  assert.equal(fs.readFileSync(path.join(dir, 'a/mars.toml'), 'utf8'), '[agents.a.tools]\nallowed = ["read", "mcp(a,b)"]\n');
  assert.match(a.out, /^a.mars\.toml:2:26: warning illegal-char/);
  assert.match(a.err, /^1 file checked, 1 problem fixed: 1 warning$/m);
  const b = cli(['check', '--fix', 'b'], { cwd: dir });
  assert.equal(b.code, 0, b.err);
  assert.equal(fs.readFileSync(path.join(dir, 'b/mars.toml'), 'utf8'), '[agents.a]\ntools = { allowed = ["bash", "read"] }\n');
  assert.match(b.err, /^1 file checked, 3 problems fixed: no problems$/m);
  // A removed duplicate that was also misspelt is two problems fixed; a problem past a syntax error
  // is not fixed, nor counted, though a fix makes one like it before the error.
  const counts: Array<[string, string]> = [
    ['allowed = ["bash", "Shell"]', '2 problems fixed: no problems'],
    ['allowed = ["read", "Read", "READ"]', '4 problems fixed: no problems'],
    // A fix a later pass makes possible counts: the move waits until `allowed` is a list.
    ['allowed = "read"\nmcp = ["gh"]', '2 problems fixed: no problems'],
    ['allowed = ["bash()"]\nbash = "allow"', '2 problems fixed: no problems'],
    // ... as does one past a syntax error whose fix makes it readable.
    ['allowed = ["Shell"]\n\uFEFF[agents.b.tools]\nallowed = ["Shell"]', '3 problems fixed: no problems'],
    ['allowed = ["mcp(gh/x)", "mcp__gh__x"]\n= 1\ndisallowed = ["mcp(gh/x)", "mcp(gh/x)"]', '1 problem fixed: 1 error, 2 warnings'],
    // The rule of a table of patterns of its own that the list holds goes; the table stays for the rule to move by hand.
    ['allowed = ["bash(git *)"]\n[agents.a.tools.bash]\n"git *" = "allow"\n"rm *" = "deny"', '1 problem fixed: 1 warning'],
  ];
  for (const [body, summary] of counts) {
    const c = workspace({ 'mars.toml': `[agents.a.tools]\n${body}\n` });
    const r = cli(['check', '--fix'], { cwd: c });
    assert.match(r.err, new RegExp(`^1 file checked, ${summary}$`, 'm'), body);
    // What is left has nothing --fix fixes: a second run writes nothing.
    const fixed = fs.readFileSync(path.join(c, 'mars.toml'), 'utf8');
    const again = cli(['check', '--fix'], { cwd: c });
    assert.doesNotMatch(again.err, /fixed|fixable/, body);
    assert.equal(fs.readFileSync(path.join(c, 'mars.toml'), 'utf8'), fixed, body);
  }
});

test('in a file not UTF-8, what the checker says of a name never quotes the U+FFFD its bad bytes were decoded to; a U+FFFD written in the file is reported as before', () => {
  const bytes = (...parts: Array<string | number[]>) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));
  const cases: Array<[name: string, file: Buffer, expected: string[]]> = [
    ['a tool name of bad bytes: no unknown tool `��`, one error for the bytes next to each other',
      bytes('[agents.a.tools]\nallowed = ["', [0xff, 0xfe], '"]\n'), ['2:13: error toml-syntax Byte 0xFF']],
    ['bad bytes past the first, in entries and a key: each is an error, no finding quotes them; the others stay',
      bytes('[agents.a.tools]\nallowed = ["re', [0xff], 'ad", "Bash", "gr', [0xfe], '", "Bash(', [0xff], '"]\n"', [0xff], '" = "allow"\n'),
      ['2:15: error toml-syntax Byte 0xFF', '2:22: information non-canonical', '2:32: error toml-syntax Byte 0xFE', '2:42: error toml-syntax Byte 0xFF',
        '3:2: error toml-syntax Byte 0xFF']],
    ['a bad byte in a bare key: only the byte is said, not `�` as a character of the key',
      bytes('[agents.', [0xff], '.tools]\nallowed = ["Bash"]\n'), ['1:9: error toml-syntax Byte 0xFF']],
    ['a U+FFFD written in the file is a name; bad bytes in the other list do not make a conflict with it',
      bytes('# caf', [0xe9], '\n[agents.a.tools]\nallowed = ["\uFFFD"]\ndisallowed = ["', [0xff], '"]\n'),
      ['1:6: error toml-syntax Byte 0xE9', '3:13: information unknown-tool Mars has no capability named `\uFFFD`', '4:16: error toml-syntax Byte 0xFF']],
    ['a finding that does not quote the bad bytes stays', bytes('[agents.a]\ntools = ["', [0xff], '"]\n[agents.b.tools]\nallowed = ["a,b', [0xff], '"]\n'),
      ['2:9: error invalid-tool-policy', '2:11: error toml-syntax Byte 0xFF', '4:14: warning illegal-char', '4:16: error toml-syntax Byte 0xFF']],
  ];
  for (const [name, file, expected] of cases) {
    const r = cli(['check', 'mars.toml'], { cwd: workspace({ 'mars.toml': file }) });
    const lines = r.out.trim().split('\n');
    assert.equal(lines.length, expected.length, `${name}:\n${r.out}`);
    expected.forEach((e, i) => assert.ok(lines[i]!.startsWith(`mars.toml:${e}`), `${name}: ${lines[i]} is not ${e}`));
  }
});

test('the U+FFFD of each run of bad bytes is found where TextDecoder puts it (one per maximal subpart), on random bytes', () => {
  const decode = (b: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b);
  // Lead bytes, continuation bytes at the edges of their ranges, and bytes never in UTF-8.
  const pool = [0x41, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xfe, 0xff];
  let seed = 20261203;
  const next = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8);
  for (let t = 0; t < 20000; t++) {
    const b = Uint8Array.from({ length: 1 + (next() % 8) }, () => (next() % 4 === 0 ? next() % 256 : pool[next() % pool.length]!));
    const text = decode(b);
    // With no U+FFFD written in the bytes, every U+FFFD of the text stands for bad bytes.
    if (Buffer.from(b).includes(Buffer.from('\uFFFD'))) continue;
    const expected = [...text.matchAll(/\uFFFD/g)].map((m) => m.index);
    const { replaced, first } = notUtf8(b);
    assert.deepEqual(replaced, expected, Buffer.from(b).toString('hex'));
    if (expected.length > 0) assert.equal(decode(b.subarray(0, first)).length, expected[0], Buffer.from(b).toString('hex'));
  }
});

test('--fix on a file that is not valid UTF-8 with nothing to fix is a plain check: it refuses only to write', () => {
  const bytes = Buffer.concat([Buffer.from('# caf'), Buffer.from([0xe9]), Buffer.from('\n[agents.a.tools]\nallowed = ["read"]\n')]);
  const dir = workspace({ 'mars.toml': bytes });
  const plain = cli(['check'], { cwd: dir });
  const fix = cli(['check', '--fix'], { cwd: dir });
  assert.equal(plain.code, 1);
  assert.deepEqual([fix.code, fix.out, fix.err], [plain.code, plain.out, plain.err]);
  assert.match(fix.out, /^mars\.toml:1:6: error toml-syntax Byte 0xE9 here is not UTF-8/);
  assert.doesNotMatch(fix.err, /not fixing/);
  assert.deepEqual(fs.readFileSync(path.join(dir, 'mars.toml')), bytes);
});

const FIXABLE = '[agents.a.tools]\nallowed = ["Shell"]\n';
const FIXED = '[agents.a.tools]\nallowed = ["bash"]\n';

// A folder named beside others that holds nothing to read (mistyped, or all of it ignored) is said,
// as when it is the only one: it was passed over without a word while the others were checked.
test('a folder named beside files that are checked, holding no mars.toml of its own, is said, and the others still checked', () => {
  const dir = workspace({ 'mars.toml': FIXABLE, 'empty/.keep': '', 'hidden/.gitignore': 'mars.toml\n', 'hidden/mars.toml': '', 'full/mars.local.toml': '' });
  const said = (args: string[]) => {
    const r = cli(['check', ...args], { cwd: dir });
    return [r.code, r.err.split('\n').filter((l) => l.startsWith('mars-toml: ')), r.out.split('\n').filter((l) => / (error|warning|information) /.test(l)).length];
  };
  const found = said(['mars.toml'])[2];
  assert.ok((found as number) > 0);
  const cases: Array<[string[], string[]]> = [
    [['empty', 'mars.toml'], ['mars-toml: no mars.toml or mars.local.toml under empty']],
    [['mars.toml', 'empty', 'full', 'empty', 'hidden'], ['mars-toml: no mars.toml or mars.local.toml under empty, hidden that git does not ignore (1 ignored: name it, or pass --no-respect-gitignore, to check it)']],
    // `.` holds mars.toml, so `empty` beneath it is said, though reached: it holds none itself.
    [['.', 'empty'], ['mars-toml: no mars.toml or mars.local.toml under empty']],
    [['nope', 'empty', 'mars.toml'], ['mars-toml: cannot read nope: no such file or folder', 'mars-toml: no mars.toml or mars.local.toml under empty']],
    [['full', 'mars.toml'], []],
  ];
  for (const [args, lines] of cases) {
    const [code, err, findings] = said(args);
    assert.deepEqual(err, lines, args.join(' '));
    assert.equal(findings, found, args.join(' '));
    assert.equal(code, args.includes('nope') ? 2 : 0, args.join(' '));
  }
});

test('--fix writes a file in place: mode, owner and a symlink kept, no other file made', () => {
  const dir = workspace({ 'a/mars.toml': FIXABLE, 'b/mars.toml': FIXABLE, 'real/mars.toml': FIXABLE });
  fs.chmodSync(path.join(dir, 'a/mars.toml'), 0o640);
  fs.chmodSync(path.join(dir, 'b/mars.toml'), 0o755);
  fs.mkdirSync(path.join(dir, 'c'));
  fs.symlinkSync(path.join('..', 'real', 'mars.toml'), path.join(dir, 'c/mars.toml'));
  // A file of another user's that root fixes stays theirs.
  if (process.getuid?.() === 0) fs.chownSync(path.join(dir, 'a/mars.toml'), 65534, 65534);
  const before = fs.statSync(path.join(dir, 'a/mars.toml'));
  const r = cli(['check', '--fix', 'a', 'b', 'c'], { cwd: dir });
  assert.equal(r.code, 0, r.err);
  assert.match(r.err, /^3 files checked, 3 problems fixed: no problems$/m);
  for (const [name, mode] of [['a', 0o640], ['b', 0o755]] as const) {
    const stat = fs.statSync(path.join(dir, name, 'mars.toml'));
    assert.equal(fs.readFileSync(path.join(dir, name, 'mars.toml'), 'utf8'), FIXED, name);
    assert.equal(stat.mode & 0o7777, mode, name);
  }
  const after = fs.statSync(path.join(dir, 'a/mars.toml'));
  assert.equal(after.ino, before.ino, 'the same file');
  assert.deepEqual([after.uid, after.gid], [before.uid, before.gid]);
  assert.ok(fs.lstatSync(path.join(dir, 'c/mars.toml')).isSymbolicLink(), 'the link is still a link');
  assert.equal(fs.readFileSync(path.join(dir, 'real/mars.toml'), 'utf8'), FIXED, 'the file it leads to is fixed');
  for (const name of ['a', 'b', 'c', 'real']) assert.deepEqual(fs.readdirSync(path.join(dir, name)), ['mars.toml'], name);
});

/**
 * Runs the checker as a user the modes apply to: nobody when the tests run as root (root writes
 * whatever the mode), from a copy nobody can read wherever the checkout is. null when that cannot be done.
 */
function cliAsUser(dir: string, args: string[]): { code: number | null; out: string; err: string } | null {
  const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  const bin = tempDir('mars-cli-bin-');
  fs.chmodSync(bin, 0o755);
  const r = spawnSync(process.execPath, [programIn(bin), ...args], { cwd: dir, encoding: 'utf8', ...asNobody });
  if (r.error || /Cannot find module|EACCES/.test(r.stderr)) return null;
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** A copy of the checker (dist/cli.js and the bundle it runs) in `folder`, readable by all: its dist/cli.js. */
function programIn(folder: string): string {
  for (const name of ['cli.js', 'cli-main.js']) {
    fs.copyFileSync(path.join(DIST, name), path.join(folder, name));
    fs.chmodSync(path.join(folder, name), 0o644);
  }
  return path.join(folder, 'cli.js');
}

test('--fix fixes a file with hard links (they keep sharing it) or in a folder that allows no new file', (t) => {
  const dir = workspace({ 'hard/mars.toml': FIXABLE, 'locked/mars.toml': FIXABLE });
  fs.chmodSync(dir, 0o755);
  fs.linkSync(path.join(dir, 'hard/mars.toml'), path.join(dir, 'hard/other.toml'));
  const root = process.getuid?.() === 0;
  // The file is the user's to write, the folder is not.
  if (root) fs.chownSync(path.join(dir, 'locked/mars.toml'), 65534, 65534);
  fs.chmodSync(path.join(dir, 'locked'), root ? 0o755 : 0o555);
  const inode = (name: string) => fs.statSync(path.join(dir, name)).ino;
  const before = [inode('hard/mars.toml'), inode('locked/mars.toml')];
  const hard = cli(['check', '--fix', 'hard/mars.toml'], { cwd: dir });
  assert.equal(hard.code, 0, hard.err);
  assert.equal(fs.readFileSync(path.join(dir, 'hard/other.toml'), 'utf8'), FIXED, 'the other link sees the fix');
  assert.equal(inode('hard/mars.toml'), before[0]);
  const locked = cliAsUser(dir, ['check', '--fix', 'locked']);
  fs.chmodSync(path.join(dir, 'locked'), 0o755);
  if (!locked) return t.skip('cannot run node as nobody here');
  assert.equal(locked.code, 0, locked.err);
  assert.match(locked.err, /^1 file checked, 1 problem fixed: no problems$/m);
  assert.equal(fs.readFileSync(path.join(dir, 'locked/mars.toml'), 'utf8'), FIXED);
  assert.equal(inode('locked/mars.toml'), before[1]);
  for (const name of ['hard', 'locked']) assert.deepEqual(fs.readdirSync(path.join(dir, name)).filter((n) => n !== 'other.toml'), ['mars.toml'], name);
});

test('--fix: Ctrl-C (or a CI job\'s timeout) while a file is written ends the run once the write is done, never with the file half written', async (t) => {
  // strace may be missing, or not allowed to trace (a container without ptrace).
  if (spawnSync('strace', ['-qq', '-o', '/dev/null', process.execPath, '-e', '0']).status !== 0) return t.skip('strace cannot trace here');
  const old = '[agents.a.tools]\nallowed = ["read"]\nmcp = ["gh", "linear"]\n';
  const dir = workspace({ 'mars.toml': old });
  const file = path.join(dir, 'mars.toml');
  // The fixed text is longer: its tail goes past the old end first, then the rest over the old
  // text. strace holds that second write for 5 s; SIGINT comes once the first has made the file longer.
  const child = spawn('strace', ['-f', '-qq', '-o', '/dev/null', '-e', 'trace=pwrite64', '-e', 'inject=pwrite64:delay_enter=5000000:when=2', process.execPath, path.join(DIST, 'cli.js'), 'check', '--fix', file]);
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  const until = Date.now() + 20_000;
  while (fs.statSync(file).size <= old.length && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
  const checker = fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim();
  assert.match(checker, /^\d+$/, 'the checker under strace');
  process.kill(Number(checker), 'SIGINT');
  await closed;
  assert.equal(fs.readFileSync(file, 'utf8'), '[agents.a.tools]\nallowed = ["read", "mcp(gh)", "mcp(linear)"]\n');
  assert.doesNotMatch(err, /file checked/, 'the run ended there');
});

test('--fix leaves a file its mode keeps from the user, even in a folder the user may write', (t) => {
  const dir = workspace({ 'mars.toml': FIXABLE });
  fs.chmodSync(dir, 0o755);
  fs.chmodSync(path.join(dir, 'mars.toml'), 0o444);
  if (process.getuid?.() === 0) fs.chownSync(dir, 65534, 65534);
  const r = cliAsUser(dir, ['check', '--fix']);
  if (!r) return t.skip('cannot run node as nobody here');
  assert.equal(r.code, 2, r.err);
  assert.match(r.err, /cannot write mars\.toml: permission denied/);
  assert.equal(fs.readFileSync(path.join(dir, 'mars.toml'), 'utf8'), FIXABLE);
  assert.deepEqual(fs.readdirSync(dir), ['mars.toml']);
});

// A read-only file system or a full disk is made by a preload that fails the checker's open or its
// writes to the file as Node would (its own message, `EROFS: read-only file system, open`, was shown).
test('--fix on a read-only file system or a full disk: the reason in words, the file as it is, exit 2', () => {
  const dir = workspace({ 'mars.toml': FIXABLE });
  const preload = path.join(dir, 'fail.cjs');
  fs.writeFileSync(preload, `const fs = require('node:fs');
const [code, at, times] = process.env.MARS_TEST_FAIL.split(' ');
let left = Number(times);
const fail = (syscall) => Object.assign(new Error(code + ': as Node says it, ' + syscall), { code, syscall });
const open = fs.openSync, write = fs.writeSync;
if (at === 'open') fs.openSync = (f, flags, ...rest) => { if (flags === 'r+') throw fail('open'); return open(f, flags, ...rest); };
if (at === 'write') fs.writeSync = (fd, ...rest) => { if (fd > 2 && left-- > 0) throw fail('write'); return write(fd, ...rest); };
`);
  const cases: Array<[string, string]> = [
    ['EROFS open 1', 'the file system is read-only'],
    ['EROFS write 1', 'the file system is read-only (it was written back as it was)'],
    ['ENOSPC write 1', 'no space left on the device (it was written back as it was)'],
    ['EDQUOT write 1', 'the disk quota is used up (it was written back as it was)'],
    ['ENOSPC write 9', 'no space left on the device (it could not be written back as it was and may be cut short)'],
    // An error with no words of ours: Node's, without its code and the call it failed in.
    ['EIO open 1', 'as Node says it'],
  ];
  for (const [fail, why] of cases) {
    fs.writeFileSync(path.join(dir, 'mars.toml'), FIXABLE);
    const r = spawnSync(process.execPath, ['--require', preload, path.join(DIST, 'cli.js'), 'check', '--fix', 'mars.toml'],
      { cwd: dir, encoding: 'utf8', env: { ...process.env, MARS_TEST_FAIL: fail } });
    assert.equal(r.status, 2, `${fail}: ${r.stderr}`);
    assert.deepEqual(r.stderr.split('\n').filter((l) => l.startsWith('mars-toml:')), [`mars-toml: cannot write mars.toml: ${why}`], fail);
    assert.ok(r.stdout.length > 0, 'the findings of the file as it is');
    if (!fail.endsWith('9')) assert.equal(fs.readFileSync(path.join(dir, 'mars.toml'), 'utf8'), FIXABLE, fail);
  }
});

test('pipes and devices are not read (they would block or never end); a file reached twice is checked once', () => {
  const dir = workspace({ 'mars.toml': '[agents.a.tools]\nallowed = ["Shell"]\n' });
  const fifo = path.join(dir, 'fifo.toml');
  spawnSync('mkfifo', [fifo]);
  fs.mkdirSync(path.join(dir, 'linked'));
  fs.symlinkSync('/dev/zero', path.join(dir, 'linked', 'mars.toml'));
  // Said what it is, and for a pipe (`check <(git show HEAD:mars.toml)`, /dev/stdin) how to check what comes through one.
  for (const [target, what] of [[fifo, 'it is a pipe (for a document piped in, pass - and pipe it to the checker)'], ['/dev/zero', 'it is a device']]) {
    const r = spawnSync(process.execPath, [path.join(DIST, 'cli.js'), 'check', target], { cwd: dir, encoding: 'utf8', timeout: 20_000 });
    assert.equal(r.status, 2, `${target}: ${r.stderr}`);
    assert.equal(r.stderr.split('\n')[0], `mars-toml: ${target} is not a regular file: ${what}`);
    assert.match(r.stderr, /^0 files checked, 1 not checked: no problems in what was checked$/m);
  }
  // A missing path is not checked either; a hard link to a file named already is that file.
  fs.linkSync(path.join(dir, 'mars.toml'), path.join(dir, 'hard.toml'));
  const m = cli(['check', 'mars.toml', 'hard.toml', 'missing.toml'], { cwd: dir });
  assert.equal(m.code, 2);
  assert.match(m.err, /^1 file checked, 1 not checked: 1 information \(1 fixable with --fix\)$/m);
  // In a folder, a link named mars.toml to a device is passed over, as a pipe so named would be.
  const r = cli(['check', '.', 'mars.toml', './mars.toml', path.join(dir, 'mars.toml')], { cwd: dir });
  assert.equal(r.code, 0, r.err);
  assert.equal(r.out.trim().split('\n').length, 1, r.out);
  assert.match(r.err, /^1 file checked: 1 information \(1 fixable with --fix\)$/m);
});

// A socket is said as what it is too, as a pipe and a device are.
test('a socket is not read, and said to be one', async () => {
  const dir = workspace({});
  const sock = path.join(dir, 'sock.toml');
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(sock, resolve));
  try {
    const r = spawnSync(process.execPath, [path.join(DIST, 'cli.js'), 'check', sock], { cwd: dir, encoding: 'utf8', timeout: 20_000 });
    assert.equal(r.status, 2, r.stderr);
    assert.equal(r.stderr.split('\n')[0], `mars-toml: ${sock} is not a regular file: it is a socket`);
  } finally {
    server.close();
  }
});

test('a folder whose only mars.toml files are no regular files (a pipe, a link to a device) says it passed them over, and why', () => {
  const dir = workspace({ 'b/c/.keep': '' });
  fs.mkdirSync(path.join(dir, 'a'));
  spawnSync('mkfifo', [path.join(dir, 'a', 'mars.toml')]);
  fs.symlinkSync('/dev/zero', path.join(dir, 'b', 'mars.local.toml'));
  fs.symlinkSync('c', path.join(dir, 'b', 'mars.toml'));
  const first = (args: string[]) => {
    const r = spawnSync(process.execPath, [path.join(DIST, 'cli.js'), 'check', ...args], { cwd: dir, encoding: 'utf8', timeout: 20_000 });
    return [r.status, r.stderr.split('\n')[0]];
  };
  const cases: Array<[string[], string]> = [
    [['a'], `no mars.toml or mars.local.toml under a: a${path.sep}mars.toml is a pipe, passed over (only regular files are read)`],
    [['b'], `no mars.toml or mars.local.toml under b: b${path.sep}mars.local.toml is a device and b${path.sep}mars.toml a folder, passed over (only regular files are read)`],
    [['.'], `no mars.toml or mars.local.toml under .: a${path.sep}mars.toml is a pipe, b${path.sep}mars.local.toml a device and b${path.sep}mars.toml a folder, passed over (only regular files are read)`],
  ];
  for (const [args, message] of cases) assert.deepEqual(first(args), [0, `mars-toml: ${message}`], args.join(' '));
  // Beside what git ignores, both are said.
  fs.writeFileSync(path.join(dir, 'a', '.gitignore'), 'ignored/\n');
  fs.mkdirSync(path.join(dir, 'a', 'ignored'));
  fs.writeFileSync(path.join(dir, 'a', 'ignored', 'mars.toml'), '');
  assert.deepEqual(first(['a']), [0, `mars-toml: no mars.toml or mars.local.toml under a that git does not ignore (1 ignored: name it, or pass --no-respect-gitignore, to check it); a${path.sep}mars.toml is a pipe, passed over (only regular files are read)`]);
});

test('a folder whose other files are checked still says which mars.toml files it passed over (a pipe, a socket, a link to a folder), as when they are the only ones', async () => {
  const dir = workspace({ 'mars.toml': FIXABLE, 'c/.keep': '' });
  for (const sub of ['a', 'b']) fs.mkdirSync(path.join(dir, sub));
  spawnSync('mkfifo', [path.join(dir, 'a', 'mars.toml')]);
  fs.symlinkSync(path.join('..', 'c'), path.join(dir, 'b', 'mars.local.toml'));
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(path.join(dir, 'b', 'mars.toml'), resolve));
  try {
    const run = (args: string[]) => {
      const r = spawnSync(process.execPath, [path.join(DIST, 'cli.js'), 'check', ...args], { cwd: dir, encoding: 'utf8', timeout: 20_000 });
      return [r.status, r.stderr];
    };
    const passed = `a${path.sep}mars.toml is a pipe, b${path.sep}mars.local.toml a folder and b${path.sep}mars.toml a socket, passed over (only regular files are read)`;
    assert.deepEqual(run(['.']), [0, `mars-toml: ${passed}\n1 file checked: 1 information (1 fixable with --fix)\n`]);
    // Beside a path not read, said as well: its message does not hide them.
    assert.deepEqual(run(['a', 'b', 'missing']), [2, `mars-toml: cannot read missing: no such file or folder\nmars-toml: ${passed}\n0 files checked, 1 not checked: no problems in what was checked\n`]);
    // A folder named mars.toml (a bind mount of a file that was missing makes one) is said too, and searched as a folder.
    fs.mkdirSync(path.join(dir, 'd', 'mars.local.toml'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'd', 'mars.local.toml', 'mars.toml'), FIXABLE);
    assert.deepEqual(run(['d']), [0, `mars-toml: d${path.sep}mars.local.toml is a folder, passed over (only regular files are read)\n1 file checked: 1 information (1 fixable with --fix)\n`]);
    fs.rmSync(path.join(dir, 'd', 'mars.local.toml', 'mars.toml'));
    assert.deepEqual(run(['d']), [0, `mars-toml: no mars.toml or mars.local.toml under d: d${path.sep}mars.local.toml is a folder, passed over (only regular files are read)\n0 files checked: no problems\n`]);
  } finally {
    server.close();
  }
});

test('output that cannot be written (a full disk) exits 2, not 0, and says why', () => {
  const dir = workspace({ 'mars.toml': '[agents.a.tools]\nallowed = ["Shell"]\n' });
  const full = fs.openSync('/dev/full', 'w');
  try {
    for (const args of [['check', '--format', 'json'], ['check'], ['--version']]) {
      const r = spawnSync(process.execPath, [path.join(DIST, 'cli.js'), ...args], { cwd: dir, stdio: ['ignore', full, 'pipe'], encoding: 'utf8' });
      assert.equal(r.status, 2, r.stderr);
      assert.equal(r.stderr.match(/^mars-toml: cannot write the output: no space left on the device$/gm)?.length, 1, `${args.join(' ')}: ${r.stderr}`);
    }
  } finally {
    fs.closeSync(full);
  }
});

test('a Mars.toml (the name in other letter cases) with no mars.toml beside it is said, not passed over in silence: on a file system that tells case apart, as here, Mars does not open it', (t) => {
  const dir = workspace({
    'mars.toml': FIXABLE, 'a/Mars.toml': FIXABLE, 'b/MARS.LOCAL.TOML': FIXABLE, 'b/mars.Local.toml': FIXABLE, 'c/mars.toml': FIXABLE, 'c/Mars.toml': FIXABLE,
    'e/.gitignore': 'Mars.toml\n', 'e/Mars.toml': FIXABLE, 'f/Mars.TOML.bak': FIXABLE,
  });
  if (fs.existsSync(path.join(dir, 'a', 'mars.toml'))) return t.skip('this file system does not tell upper and lower case apart');
  fs.mkdirSync(path.join(dir, 'd'));
  spawnSync('mkfifo', [path.join(dir, 'd', 'mars.toml')]);
  const run = (args: string[]) => {
    const r = spawnSync(process.execPath, [path.join(DIST, 'cli.js'), 'check', ...args], { cwd: dir, encoding: 'utf8', timeout: 20_000 });
    return [r.status, r.stderr];
  };
  const sep = path.sep;
  const why = (them: string) => `passed over (Mars opens mars.toml and mars.local.toml by those exact names, and this file system tells upper and lower case apart: rename ${them})`;
  const cases: Array<[string[], number | null, string]> = [
    [['a'], 0, `mars-toml: no mars.toml or mars.local.toml under a: a${sep}Mars.toml is not named mars.toml, ${why('it')}\n0 files checked: no problems\n`],
    [['b'], 0, `mars-toml: no mars.toml or mars.local.toml under b: b${sep}MARS.LOCAL.TOML is not named mars.local.toml and b${sep}mars.Local.toml not mars.local.toml, ${why('them')}\n0 files checked: no problems\n`],
    // Beside the mars.toml Mars opens, another file is no mistake of its name; nor is a name that is not Mars's (`Mars.TOML.bak`),
    // though the folder named that holds it is said to hold none.
    [['c', 'f'], 0, 'mars-toml: no mars.toml or mars.local.toml under f\n1 file checked: 1 information (1 fixable with --fix)\n'],
    // Beside files checked, and a pipe passed over.
    [['.'], 0, `mars-toml: d${sep}mars.toml is a pipe, passed over (only regular files are read); a${sep}Mars.toml is not named mars.toml, b${sep}MARS.LOCAL.TOML not mars.local.toml and b${sep}mars.Local.toml not mars.local.toml, ${why('them')}\n2 files checked: 2 information (2 fixable with --fix)\n`],
    [['a', 'd'], 0, `mars-toml: no mars.toml or mars.local.toml under a, d: d${sep}mars.toml is a pipe, passed over (only regular files are read); a${sep}Mars.toml is not named mars.toml, ${why('it')}\n0 files checked: no problems\n`],
    // What git ignores is not said; a file named is checked as given.
    [['e'], 0, 'mars-toml: no mars.toml or mars.local.toml under e\n0 files checked: no problems\n'],
    [[path.join('a', 'Mars.toml')], 0, '1 file checked: 1 information (1 fixable with --fix)\n'],
  ];
  for (const [args, code, err] of cases) assert.deepEqual(run(args), [code, err], args.join(' '));
});

test('on a file system that does not tell case apart (macOS\'s, Windows\'), a Mars.toml is the mars.toml Mars opens: checked, or passed over as one so named is, and its name said', () => {
  const dir = workspace({ 'a/Mars.toml': FIXABLE, 'b/MARS.LOCAL.TOML': FIXABLE, 'c/mars.toml': FIXABLE, 'c/MARS.toml': FIXABLE });
  fs.symlinkSync('/dev/zero', path.join(dir, 'b', 'Mars.toml'));
  // Each name in other letter cases taken for the one Mars opens, as such a file system gives it.
  const seen = seenNothing();
  const files = findFiles([dir], [], true, seen, () => true);
  const at = (...p: string[]) => path.join(dir, ...p);
  assert.deepEqual(files, [at('a', 'Mars.toml'), at('b', 'MARS.LOCAL.TOML'), at('c', 'mars.toml')]);
  assert.deepEqual(seen, {
    emptyFolders: [],
    passedOver: [{ path: at('b', 'Mars.toml'), what: 'a device' }],
    otherCase: [{ path: at('a', 'Mars.toml'), name: 'mars.toml', read: true }, { path: at('b', 'MARS.LOCAL.TOML'), name: 'mars.local.toml', read: true }, { path: at('b', 'Mars.toml'), name: 'mars.toml', read: true }],
  });
});

test('what a search passed over and found in other letter cases, in words: each kind with its reason, those Mars reads apart', () => {
  const why = (them: string) => `passed over (Mars opens mars.toml and mars.local.toml by those exact names, and this file system tells upper and lower case apart: rename ${them})`;
  const read = (them: string) => `Mars reads ${them} here, as this file system does not tell upper and lower case apart, but not on one that does (Linux's): rename ${them}`;
  const pipe = { path: 'p/mars.toml', what: 'a pipe' };
  const cases: Array<[Omit<Seen, 'emptyFolders'>, { passed: string; read: string }]> = [
    [{ passedOver: [], otherCase: [] }, { passed: '', read: '' }],
    [{ passedOver: [pipe], otherCase: [] }, { passed: 'p/mars.toml is a pipe, passed over (only regular files are read)', read: '' }],
    [{ passedOver: [], otherCase: [{ path: 'a/Mars.toml', name: 'mars.toml', read: false }] }, { passed: `a/Mars.toml is not named mars.toml, ${why('it')}`, read: '' }],
    [{ passedOver: [pipe], otherCase: [{ path: 'a/Mars.toml', name: 'mars.toml', read: false }, { path: 'a b/MARS.LOCAL.TOML', name: 'mars.local.toml', read: false }] },
      { passed: `p/mars.toml is a pipe, passed over (only regular files are read); a/Mars.toml is not named mars.toml and a b/MARS.LOCAL.TOML not mars.local.toml, ${why('them')}`, read: '' }],
    [{ passedOver: [], otherCase: [{ path: 'a/Mars.toml', name: 'mars.toml', read: true }] }, { passed: '', read: `a/Mars.toml is not named mars.toml: ${read('it')}` }],
    [{ passedOver: [], otherCase: [{ path: 'a/Mars.toml', name: 'mars.toml', read: true }, { path: 'b/Mars.toml', name: 'mars.toml', read: false }, { path: 'c\tMARS.toml', name: 'mars.toml', read: true }] },
      { passed: `b/Mars.toml is not named mars.toml, ${why('it')}`, read: `a/Mars.toml is not named mars.toml and "c\\u0009MARS.toml" not mars.toml: ${read('them')}` }],
  ];
  for (const [seen, said] of cases) assert.deepEqual(seenSaid(seen), said, JSON.stringify(seen));
});

test('help and version on stdout, exit 0; parse-names takes no arguments', () => {
  for (const args of [['check', '--help'], ['check', '-h'], ['help', 'check'], ['--help'], ['help'], ['help', 'parse-names'], ['-h', 'help'], ['help', '-V'], ['help', '--version'], ['parse-names', '--help'], ['parse-names', '-h']]) {
    const r = cli(args);
    assert.equal(r.code, 0, args.join(' '));
    assert.match(r.out, args.includes('check') ? /^usage: mars-toml check [^]*--fix +apply the safe fixes, writing each file in place[^]*--no-respect-gitignore\n +search folders without skipping what git ignores/ : /^usage: mars-toml <command>/);
  }
  // The general help names each form of it the README names, as clap's lists help and --version.
  const usage = cli(['--help']).out;
  assert.match(usage, /^  help \[<command>\] +print this help, or a command's \(mars-toml help check, as mars-toml check --help\)$/m);
  assert.match(usage, /^  --version +print the version$/m);
  const v = cli(['--version']);
  assert.equal(v.code, 0);
  assert.equal(v.out, `mars-toml ${JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version}\n`);
  const p = cli(['parse-names', 'extra'], { input: '"bash"\n' });
  assert.equal(p.code, 2);
  assert.match(p.err, /takes no arguments/);
});

test('an argument quoted in a usage error cannot make a line GitHub reads as a workflow command (a hook passes file names as arguments)', () => {
  const evil = '-x\n::error::injected ##[warning]too';
  for (const args of [['check', evil], ['parse-names', evil], [evil]]) {
    const r = cli(args, { input: '' });
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.err, /'-x\\u000A::error::injected ##\\u005Bwarning\]too'/, r.err);
    assert.deepEqual(r.err.split('\n').filter((l) => l.trimStart().startsWith('::') || l.includes('##[')), [], args[0]);
  }
});

test('the demo example shows every code', () => {
  const r = cli(['check', 'examples/mars.toml', '--format', 'json']);
  assert.equal(r.code, 1);
  const codes = new Set(JSON.parse(r.out).map((f: { code: string }) => f.code));
  // Every code of the catalogue but `toml-syntax`: the example is valid TOML.
  for (const code of Object.keys(CODES).filter((c) => c !== 'toml-syntax')) assert.ok(codes.has(code), `examples/mars.toml shows no ${code}`);
});

test('parse-names answers the conformance vectors line for line', () => {
  const vectors = fs.readFileSync(path.join(SHARED, 'conformance/tool-names.jsonl'), 'utf8');
  const input = vectors.trim().split('\n').map((l) => JSON.stringify(JSON.parse(l).input)).join('\n') + '\n';
  const r = cli(['parse-names'], { input });
  assert.equal(r.code, 0);
  assert.equal(r.out, vectors.endsWith('\n') ? vectors : `${vectors}\n`);
});

test('parse-names: a line that is not a JSON string is reported, the rest still answered', () => {
  const r = cli(['parse-names'], { input: '"bash"\nnot json\n42\n"Shell"\n' });
  assert.equal(r.code, 2);
  assert.equal(r.out.trim().split('\n').length, 2);
  assert.match(r.err, /line 2: expected a JSON string literal/);
  assert.match(r.err, /line 3: expected a JSON string literal/);
  // Each message is the program's and the command's, as the other commands' are (`mars-toml check: …`).
  assert.deepEqual(r.err.split('\n').filter((l) => l && !l.startsWith('mars-toml parse-names: line ')), [], r.err);
  // What a line holds is quoted as the checker quotes: a terminal's escape or a U+202E shown as its code, a long line shortened.
  const odd = cli(['parse-names'], { input: `\u001b[2J\u202e${'x'.repeat(200)}\n` });
  assert.match(odd.err, /got \\u001B\[2J\\u202Ex+…x+\n$/);
  assert.doesNotMatch(odd.err, /[\u001b\u202e]/);
  // Nor can a line make one GitHub reads as a workflow command (`##[` anywhere in it), as the checker's messages cannot.
  const command = cli(['parse-names'], { input: '##[error]injected\n"##[warning]"x\n' });
  assert.equal(command.code, 2);
  assert.deepEqual(command.err.split('\n').slice(0, 2), ['mars-toml parse-names: line 1: expected a JSON string literal such as "bash(git log:*)", got ##\\u005Berror]injected', 'mars-toml parse-names: line 2: expected a JSON string literal such as "bash(git log:*)", got "##\\u005Bwarning]"x']);
  // Half of a surrogate pair, escaped: JSON's grammar, but no name Mars can hold (serde_json refuses it); a whole pair is answered.
  const lone = cli(['parse-names'], { input: '"\\ud800bash"\n"bash\\udc00"\n"\\ud83d\\ude80"\n' });
  assert.equal(lone.code, 2);
  assert.deepEqual(lone.out.trim().split('\n').map((l) => JSON.parse(l).input), ['\u{1F680}']);
  assert.match(lone.err, /^mars-toml parse-names: line 1: \\uD800 is half of a surrogate pair/m);
  assert.match(lone.err, /^mars-toml parse-names: line 2: \\uDC00 is half of a surrogate pair/m);
  const bom = cli(['parse-names'], { input: '\ufeff"Shell"\r\n"read"\r\n' });
  assert.equal(bom.code, 0, bom.err);
  assert.deepEqual(bom.out.trim().split('\n').map((l) => JSON.parse(l).capability), ['bash', 'read']);
  // A blank line, or one of white space only, holds no literal, and is no error.
  const blank = cli(['parse-names'], { input: '"bash"\n\n \t\n"read"\n' });
  assert.equal(blank.code, 0, blank.err);
  assert.deepEqual(blank.out.trim().split('\n').map((l) => JSON.parse(l).input), ['bash', 'read']);
  // A last line without its line break is answered too, one character long as it may be.
  const last = cli(['parse-names'], { input: '"bash"\n7' });
  assert.equal(last.code, 2);
  assert.match(last.err, /^mars-toml parse-names: line 2: expected a JSON string literal such as "bash\(git log:\*\)", got 7$/m);
  // Only the input's first line can start with a byte order mark: on a later line it is text, which no JSON literal starts with.
  const late = cli(['parse-names'], { input: '"Shell"\n\ufeff"read"\n' });
  assert.equal(late.code, 2);
  assert.match(late.err, /^mars-toml parse-names: line 2: expected a JSON string literal/m);
});

test('parse-names: a line that is not UTF-8 is reported, not answered for the name its U+FFFD would make', () => {
  // `café` saved as Latin-1, then a line cut in the middle of a character; the lines around them still answered.
  const input = Buffer.concat([Buffer.from('"bash"\n"caf'), Buffer.from([0xe9]), Buffer.from('"\r\n"\u00e9"\n"x'), Buffer.from('é').subarray(0, 1), Buffer.from('"\n"Read"')]);
  const r = spawnSync(process.execPath, [path.join(DIST, 'cli.js'), 'parse-names'], { input, encoding: 'utf8' });
  assert.equal(r.status, 2, r.stderr);
  assert.deepEqual(r.stdout.trim().split('\n').map((l) => JSON.parse(l).input), ['bash', 'é', 'Read']);
  assert.match(r.stderr, /^mars-toml parse-names: line 2: not UTF-8, as JSON text must be, got "caf\uFFFD"$/m);
  assert.match(r.stderr, /^mars-toml parse-names: line 4: not UTF-8/m);
  assert.equal(r.stderr.trim().split('\n').length, 2, r.stderr);
});

test('parse-names: a line holding a NUL byte is told as soon as it comes and read no further, the lines after it answered (`< /dev/zero` grew a line without end until memory ran out)', async () => {
  const child = spawn(process.execPath, [path.join(DIST, 'cli.js'), 'parse-names']);
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  // Line 2 starts as text, then 128 MiB of NUL bytes, as from /dev/zero; \r ends it.
  child.stdin.write('"bash"\n"read');
  const size = 128 << 20;
  let fed = 0;
  let toldAt = -1;
  let peak = 0; // the checker's memory, where the system says it (Linux)
  const status = `/proc/${child.pid}/status`;
  await new Promise<void>((resolve) => {
    const feed = () => {
      if (fs.existsSync(status)) peak = Math.max(peak, Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(status, 'utf8'))?.[1] ?? 0) * 1024);
      if (toldAt < 0 && err) toldAt = fed;
      while (fed < size) if ((fed += 1 << 20), !child.stdin.write(Buffer.alloc(1 << 20))) return void child.stdin.once('drain', feed);
      resolve();
    };
    feed();
  });
  child.stdin.end('\r\n"Shell"\n7\n');
  const code = await new Promise((resolve) => child.on('close', resolve));
  assert.ok(toldAt >= 0 && toldAt < size, `nothing said before the line ended (${toldAt})`);
  assert.ok(peak < size, `${peak} bytes held`);
  assert.equal(code, 2);
  assert.equal(err, 'mars-toml parse-names: line 2: holds a NUL byte, which no JSON text holds (is the input binary?)\nmars-toml parse-names: line 4: expected a JSON string literal such as "bash(git log:*)", got 7\n');
  assert.deepEqual(out.trim().split('\n').map((l) => JSON.parse(l).input), ['bash', 'Shell']);
});

test('parse-names: a line longer than a string holds is said to be, and read no further; the lines after it, ended by \\r or \\n, answered', async () => {
  const run = async (chunks: string[]) => {
    let out = '';
    let err = '';
    const sink = (add: (s: string) => void) => Object.assign(new PassThrough(), { write: (s: string) => (add(s), true) });
    const code = await parseNames(Readable.from(chunks.map((c) => Buffer.from(c))), sink((s) => (out += s)) as unknown as NodeJS.WritableStream, sink((s) => (err += s)) as unknown as NodeJS.WritableStream, 16);
    return [code, out.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l).input), err];
  };
  const long = 'line 2: longer than 16 bytes, the most a line may hold\n';
  const cases: Array<[string[], unknown[]]> = [
    [['"bash"\n"', 'x'.repeat(10), 'x'.repeat(10), 'x"\n"read"\n'], [2, ['bash', 'read'], `mars-toml parse-names: ${long}`]],
    // Ended by \r, \r\n split between chunks, or the input's end; a name of 16 bytes is not too long.
    [['"bash"\r"', 'x'.repeat(20), '\r"read"\r', '"', 'y'.repeat(20), '\r', '\n"Read"\n'], [2, ['bash', 'read', 'Read'], `mars-toml parse-names: ${long}mars-toml parse-names: line 4: longer than 16 bytes, the most a line may hold\n`]],
    [['"bash"\n"', 'x'.repeat(40)], [2, ['bash'], `mars-toml parse-names: ${long}`]],
    [['"xxxxxxxxxxxxxx"\n'], [0, ['xxxxxxxxxxxxxx'], '']],
  ];
  for (const [chunks, expected] of cases) assert.deepEqual(await run(chunks), expected, JSON.stringify(chunks));
});

test('parse-names answers each line as it comes, not at the end of the input (a harness writes a name and waits for its parse)', async () => {
  const child = spawn(process.execPath, [path.join(DIST, 'cli.js'), 'parse-names']);
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stdin.write('"Bash(git:*)"\n');
  const answered = await new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), 10_000);
    child.stdout.once('data', () => (clearTimeout(timer), resolve(true)));
  });
  child.stdin.end();
  await new Promise((resolve) => child.on('close', resolve));
  assert.ok(answered, 'no answer while stdin stays open');
  assert.equal(JSON.parse(out).rendered, 'bash(git *)');
});

test('parse-names stops when its reader goes away, on input that never ends', async () => {
  // [the first line, the exit status]: a line not answered before the reader went still fails the run.
  for (const [first, status] of [['"bash"\n', 0], ['42\n', 2]] as const) {
    const child = spawn(process.execPath, [path.join(DIST, 'cli.js'), 'parse-names']);
    child.stdin.write(first);
    // Lines keep coming, as from `yes '"bash"'`, until the process is gone.
    const feed = setInterval(() => child.stdin.writable && child.stdin.write('"bash"\n'.repeat(1000)), 1);
    child.stdin.on('error', () => {});
    await new Promise((resolve) => child.stdout.once('data', resolve));
    child.stdout.destroy();
    const code = await Promise.race([new Promise((resolve) => child.on('close', resolve)), new Promise((resolve) => setTimeout(() => resolve('still running'), 10_000))]);
    clearInterval(feed);
    child.kill();
    assert.equal(code, status, first);
  }
});

test('a file starting with two byte order marks, which Mars cannot load, is an error; --fix leaves one', () => {
  const dir = workspace({ 'mars.toml': '\ufeff\ufeff[agents.a.tools]\nallowed = ["Shell"]\n' });
  const r = cli(['check'], { cwd: dir });
  assert.equal(r.code, 1);
  // Columns as an editor shows them: the first mark is not one, the second is.
  assert.match(r.out, /^mars\.toml:1:1: error toml-syntax TOML syntax error: an invisible byte order mark \(U\+FEFF\)/);
  assert.equal(cli(['check', '--fix'], { cwd: dir }).code, 0);
  assert.equal(fs.readFileSync(path.join(dir, 'mars.toml'), 'utf8'), '\ufeff[agents.a.tools]\nallowed = ["bash"]\n');
});

test('a current folder that was removed: files named by absolute paths are checked and fixed as usual', () => {
  const dir = workspace({ 'mars.toml': '[agents.a.tools]\nallowed = ["Shell", "bash()"]\n' });
  const gone = tempDir('mars-gone-');
  const file = path.join(dir, 'mars.toml');
  const run = (args: string[]) => {
    const r = spawnSync('sh', ['-c', 'cd "$1" && rmdir "$1" && shift && exec "$@"', 'sh', gone, process.execPath, path.join(DIST, 'cli.js'), ...args], { encoding: 'utf8' });
    fs.mkdirSync(gone, { recursive: true });
    return { code: r.status, out: r.stdout, err: r.stderr };
  };
  const check = run(['check', file]);
  assert.equal(check.code, 1, check.err);
  assert.match(check.out, new RegExp(`^${file.replace(/[.\\/]/g, '\\$&')}:2:22: error invalid-tool-name`, 'm'));
  const fix = run(['check', '--fix', file]);
  assert.equal(fix.code, 0, fix.err);
  assert.match(fix.err, /1 file checked, 2 problems fixed: no problems/);
  assert.equal(fs.readFileSync(file, 'utf8'), '[agents.a.tools]\nallowed = ["bash"]\n');
  // A relative path cannot be found from a folder that is gone: it is reported, and the file named after it still checked.
  fs.writeFileSync(file, '[agents.a.tools]\nallowed = ["bash()"]\n');
  const relative = run(['check', 'nope', file]);
  assert.equal(relative.code, 2, relative.err);
  assert.match(relative.err, /^mars-toml: cannot read nope: no such file or folder$/m);
  assert.match(relative.out, /:2:13: error invalid-tool-name/);
  assert.match(relative.err, /^1 file checked, 1 not checked: 1 error \(1 fixable with --fix\)$/m);
  // The folder itself is still there to search, empty; where it was, and so its work tree, cannot be found.
  const here = run(['check', '.']);
  assert.deepEqual([here.code, here.err], [0, 'mars-toml: no mars.toml or mars.local.toml under .\n0 files checked: no problems\n']);
});

test('a clean, realistic mars.toml (every TOML feature, every spelling) gives no diagnostic at all', () => {
  const r = cli(['check', 'test/fixtures/clean', '--format', 'json']);
  assert.equal(r.code, 0);
  assert.deepEqual(JSON.parse(r.out), []);
  assert.match(r.err, /^$|^\s*$/);
});

test('a path that cannot be read is reported once however it is named; a folder not read is not a file not checked', (t) => {
  const dir = workspace({ 'tree/mars.toml': '[agents.a.tools]\nallowed = ["Read"]\n' });
  fs.symlinkSync(path.join(dir, 'nowhere'), path.join(dir, 'dangling.toml'));
  const r = cli(['check', 'nope', 'nope', './nope', 'dangling.toml', `./tree/../dangling.toml`], { cwd: dir });
  assert.equal(r.code, 2);
  assert.deepEqual(r.err.split('\n').filter((l) => l.startsWith('mars-toml: cannot read')).map((l) => l.split(':')[1]), [' cannot read nope', ' cannot read dangling.toml']);
  assert.match(r.err, /^0 files checked, 2 not checked: no problems in what was checked$/m);
  // A broken link found in a folder and named too, in either order.
  fs.mkdirSync(path.join(dir, 'links'));
  fs.symlinkSync(path.join(dir, 'nowhere'), path.join(dir, 'links', 'mars.toml'));
  for (const args of [['links', 'links/mars.toml'], ['links/mars.toml', 'links']]) {
    const b = cli(['check', ...args], { cwd: dir });
    assert.equal(b.err.split('\n').filter((l) => l.includes('cannot read')).length, 1, b.err);
    assert.match(b.err, /^0 files checked, 1 not checked: no problems in what was checked$/m, b.err);
  }
  // Only a user the folder's mode keeps out cannot read it: root can, so as root the check runs as `nobody`.
  const asRoot = process.getuid?.() === 0;
  const nobody = ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath];
  const checkerRuns = (args: string[]) => spawnSync('setpriv', [...nobody, ...args]).status === 0;
  // `nobody` must be able to run node and read the checker (a clone under /root is out of its reach).
  if (asRoot && !checkerRuns(['-e', `require('fs').accessSync(${JSON.stringify(path.join(DIST, 'cli.js'))})`])) {
    return t.diagnostic('run as root, and `nobody` cannot run the checker here: the unreadable folder is not tried');
  }
  fs.mkdirSync(path.join(dir, 'locked'));
  fs.chmodSync(path.join(dir, 'locked'), 0o000);
  fs.chmodSync(dir, 0o755);
  try {
    const args = [path.join(DIST, 'cli.js'), 'check', 'locked', 'locked', 'tree'];
    const run = asRoot
      ? spawnSync('setpriv', [...nobody, ...args], { cwd: dir, encoding: 'utf8' })
      : spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8' });
    const l = { code: run.status, err: run.stderr };
    assert.equal(l.code, 2, l.err);
    assert.equal(l.err.split('\n').filter((x) => x.startsWith('mars-toml: cannot read folder locked')).length, 1, l.err);
    assert.match(l.err, /^1 file checked, 1 folder not read: 1 information \(1 fixable with --fix\)$/m);
  } finally {
    fs.chmodSync(path.join(dir, 'locked'), 0o755);
  }
});

test('a symbolic link that leads nowhere is said to be one, named or found in a folder: "no such file or folder" seemed to deny the file ls lists', () => {
  const dir = workspace({});
  fs.mkdirSync(path.join(dir, 'found'));
  fs.symlinkSync('nowhere.toml', path.join(dir, 'dangling.toml'));
  fs.symlinkSync(path.join('..', 'dangling.toml'), path.join(dir, 'found', 'mars.toml'));
  const cases: Array<[string, string]> = [
    ['dangling.toml', 'cannot read dangling.toml: it is a broken symbolic link (to nowhere.toml)'],
    [path.join('found', 'mars.toml'), `cannot read found${path.sep}mars.toml: it is a broken symbolic link (to ..${path.sep}dangling.toml)`],
    ['found', `cannot read found${path.sep}mars.toml: it is a broken symbolic link (to ..${path.sep}dangling.toml)`],
    // What is not there at all is still missing.
    ['nowhere.toml', 'cannot read nowhere.toml: no such file or folder'],
  ];
  for (const [arg, message] of cases) {
    const r = cli(['check', arg], { cwd: dir });
    assert.equal(r.code, 2, arg);
    assert.equal(r.err, `mars-toml: ${message}\n0 files checked, 1 not checked: no problems in what was checked\n`, arg);
  }
});

test('what went wrong with a file, in words: each error of the system the checker meets, and another in Node\'s words without its code, call or path', () => {
  const rows: Array<[unknown, string]> = [
    [{ code: 'ENOENT' }, 'no such file or folder'],
    [{ code: 'EACCES' }, 'permission denied'],
    // What an immutable file (chattr +i) or a file system refuses even to root says.
    [{ code: 'EPERM' }, 'permission denied'],
    [{ code: 'EISDIR' }, 'it is a folder'],
    [{ code: 'ENOTDIR' }, 'a part of the path is not a folder'],
    [{ code: 'ELOOP' }, 'too many symbolic links (a loop?)'],
    [{ code: 'EROFS' }, 'the file system is read-only'],
    [{ code: 'ENOSPC' }, 'no space left on the device'],
    [{ code: 'EDQUOT' }, 'the disk quota is used up'],
    [{ code: 'EFBIG' }, 'the file would be larger than the file system allows'],
    [{ code: 'ENAMETOOLONG' }, 'the path, or a name in it, is too long'],
    [Object.assign(new Error("EIO: i/o error, read '/x/mars.toml'"), { code: 'EIO', syscall: 'read' }), 'i/o error'],
    [Object.assign(new Error('EBUSY: resource busy or locked'), { code: 'EBUSY', syscall: 'open' }), 'resource busy or locked'],
    [new Error('something else'), 'something else'],
    ['a string', 'a string'],
  ];
  for (const [e, said] of rows) assert.equal(reason(e), said, JSON.stringify(e));
});

test('a path too long for the system is said to be in words, the path quoted once, not in Node\'s code with the path again', () => {
  const dir = workspace({ 'mars.toml': '[agents.a.tools]\nallowed = ["read"]\n' });
  // A name past the 255 bytes a folder entry holds, as a file and as a folder; a path past PATH_MAX.
  const long = 'x'.repeat(300);
  const deep = Array(1500).fill('abc').join('/');
  for (const p of [`${long}.toml`, long, `${deep}/mars.toml`]) {
    const r = cli(['check', p, 'mars.toml'], { cwd: dir });
    assert.equal(r.code, 2, r.err);
    assert.deepEqual(r.err.split('\n').filter((l) => l.includes('cannot read')), [`mars-toml: cannot read ${p}: the path, or a name in it, is too long`]);
    assert.match(r.err, /^1 file checked, 1 not checked: no problems in what was checked$/m);
  }
});

test('a file under the current folder is shown by its relative path, even one whose name starts with two dots', () => {
  const dir = workspace({ '..foo/mars.toml': 'agents.a.tools.allowed = ["Read"]\n' });
  const r = cli(['check', path.join(dir, '..foo', 'mars.toml')], { cwd: dir });
  assert.match(r.out, /^\.\.foo\/mars\.toml:1:28: information non-canonical/m);
});

test('a file too large to hold as text (past 512 MiB) is refused with the reason, not an internal error', () => {
  const dir = workspace({});
  const big = path.join(dir, 'mars.toml');
  fs.writeFileSync(big, '');
  fs.truncateSync(big, 600 * 2 ** 20); // sparse: no disk used
  const r = cli(['check', big], { cwd: dir });
  assert.equal(r.code, 2);
  assert.match(r.err, /mars-toml: .*mars\.toml is too large to check \(629145600 bytes; at most \d+\)/);
  assert.doesNotMatch(r.err, /internal error/);
});

test('a file or stdin of as many bytes as the checker holds is read; one byte more is refused (a limit of a few bytes here)', async () => {
  const file = path.join(workspace({ 'mars.toml': '[a]\n' }), 'mars.toml');
  assert.deepEqual(readText(file, 4), { text: '[a]\n', bom: false });
  assert.match((readText(file, 3) as { error: string }).error, /mars\.toml is too large to check \(4 bytes; at most 3\)$/);
  const stdin = (...chunks: string[]) => readStdin(Readable.from(chunks.map((c) => Buffer.from(c))), '<stdin>', 4);
  assert.equal(((await stdin('[a', ']\n')) as { text: string }).text, '[a]\n');
  assert.deepEqual(await stdin('[a', ']\n', ' '), { error: '<stdin> is too large to check (more than 4 bytes, the most it checks)' });
});

test('a folder whose name is not UTF-8 is reported as such, not as missing', (t) => {
  const dir = workspace({ 'mars.toml': '[agents.a.tools]\nallowed = ["read"]\n' });
  const bad = Buffer.concat([Buffer.from(`${dir}/bad`), Buffer.from([0xff]), Buffer.from('dir')]);
  try {
    fs.mkdirSync(bad);
  } catch {
    return t.skip('this file system takes only UTF-8 names');
  }
  fs.writeFileSync(Buffer.concat([bad, Buffer.from('/mars.toml')]), '[agents.a.tools]\nallowed = ["bash()"]\n');
  // A file so named is no mars.toml, and nothing to say: not a folder not read.
  fs.writeFileSync(Buffer.concat([Buffer.from(`${dir}/file`), Buffer.from([0xff]), Buffer.from('.toml')]), '');
  const r = cli(['check', '.'], { cwd: dir });
  assert.equal(r.code, 2, r.err);
  assert.match(r.err, /^mars-toml: cannot read folder bad\uFFFDdir: its name is not UTF-8$/m);
  assert.match(r.err, /^1 file checked, 1 folder not read: no problems in what was checked$/m);
  // Two, said in the plural.
  fs.mkdirSync(Buffer.concat([Buffer.from(`${dir}/bad2`), Buffer.from([0xfe]), Buffer.from('dir')]));
  assert.match(cli(['check', '.'], { cwd: dir }).err, /^1 file checked, 2 folders not read: no problems in what was checked$/m);
  // Named on the command line, as a hook passes it: Node gives the name with U+FFFD, which names nothing.
  const script = 'exec "$0" "$1" check "$(printf \'bad\\377dir/mars.toml\')" "$2" "$3"';
  const named = spawnSync('sh', ['-c', script, process.execPath, path.join(DIST, 'cli.js'), 'nope\uFFFD', 'mars.toml/nope\uFFFD'], { cwd: dir, encoding: 'utf8' });
  assert.equal(named.status, 2, named.stderr);
  assert.match(named.stderr, /^mars-toml: cannot read bad\uFFFDdir\/mars\.toml: its name is not UTF-8$/m);
  assert.match(named.stderr, /^mars-toml: cannot read nope\uFFFD: no such file or folder$/m);
  // Under a file, nothing is found by any name: that is what is said.
  assert.match(named.stderr, /^mars-toml: cannot read mars\.toml\/nope\uFFFD: a part of the path is not a folder$/m);
  // A U+FFFD written in a name (as UTF-8) is a character like any other: its folder is searched, and
  // what cannot be read in it is said for its own reason.
  const okDir = workspace({ 'ok\uFFFDdir/mars.toml': '[agents.a.tools]\nallowed = ["bash()"]\n' });
  const written = cli(['check', '.'], { cwd: okDir });
  assert.equal(written.code, 1, written.err);
  assert.match(written.out, /^ok\uFFFDdir\/mars\.toml:2:13: error invalid-tool-name /m);
  assert.match(written.err, /^1 file checked: 1 error \(1 fixable with --fix\)$/m);
  fs.symlinkSync('nowhere', path.join(okDir, 'ok\uFFFDdir', 'gone.toml'));
  assert.equal(cli(['check', 'ok\uFFFDdir/gone.toml'], { cwd: okDir }).err.split('\n')[0], 'mars-toml: cannot read ok\uFFFDdir/gone.toml: it is a broken symbolic link (to nowhere)');
});

test('--severity sets a code\'s level as the editor\'s setting does: the report, the exit code, the summary, --fix', () => {
  const text = '[agents.a.tools]\nallowed = ["Shell", "bash()", "my_tool"]\n';
  const dir = workspace({ 'mars.toml': text });
  // Raised to an error, an alias fails the run; lowered, an invalid entry does not; off, it is gone.
  const r = cli(['check', 'mars.toml', '--severity', 'non-canonical=error', '--severity=invalid-tool-name=warning', '--severity', 'unknown-tool=off'], { cwd: dir });
  assert.equal(r.code, 1);
  assert.deepEqual(r.out.trim().split('\n').map((l) => l.split(' ').slice(1, 3).join(' ')), ['error non-canonical', 'warning invalid-tool-name']);
  assert.match(r.err, /^1 file checked: 1 error, 1 warning \(2 fixable with --fix\)$/m);
  assert.equal(cli(['check', 'mars.toml', '--severity', 'non-canonical=info'], { cwd: dir }).code, 1);
  // eslint's short name for a warning, as its users type it.
  const warn = cli(['check', 'mars.toml', '--severity', 'invalid-tool-name=warn'], { cwd: dir });
  assert.equal(warn.code, 0, warn.err);
  assert.match(warn.out, /^mars\.toml:2:22: warning invalid-tool-name /m);
  assert.equal(cli(['check', 'mars.toml', '--severity', 'invalid-tool-name=hint'], { cwd: dir }).code, 0);
  // The JSON says the level given; --fix leaves what is off as it was.
  const json = JSON.parse(cli(['check', '--format', 'json', '--severity', 'non-canonical=warning'], { cwd: dir }).out) as Array<{ code: string; severity: string }>;
  assert.equal(json.find((f) => f.code === 'non-canonical')?.severity, 'warning');
  const alias = workspace({ 'mars.toml': '[agents.a.tools]\nallowed = ["Shell"]\n' });
  assert.equal(cli(['check', '--fix', '--severity', 'non-canonical=off'], { cwd: alias }).code, 0);
  assert.equal(fs.readFileSync(path.join(alias, 'mars.toml'), 'utf8'), '[agents.a.tools]\nallowed = ["Shell"]\n');
  assert.equal(cli(['check', '--fix'], { cwd: alias }).code, 0);
  assert.equal(fs.readFileSync(path.join(alias, 'mars.toml'), 'utf8'), '[agents.a.tools]\nallowed = ["bash"]\n');
  // toml-syntax too, as the editor's setting can turn it down.
  const broken = workspace({ 'mars.toml': '[agents.a.tools\n' });
  assert.equal(cli(['check', '--severity', 'toml-syntax=warning'], { cwd: broken }).code, 0);
});

test('check - reads the document from stdin, as a file: every format, --severity, named <stdin> or by --stdin-filename', () => {
  const dir = workspace({});
  const findings = '[agents.a.tools]\nallowed = ["Shell", "bash()"]\n';
  const text = cli(['check', '-'], { cwd: dir, input: findings });
  assert.equal(text.code, 1);
  assert.deepEqual(text.out.trim().split('\n'), [
    '<stdin>:2:13: information non-canonical `Shell` is an alias of `bash`; Mars writes `bash`.',
    '<stdin>:2:22: error invalid-tool-name invalid tool name `bash()`; allowed: scoped payload written as tool(pattern) with a non-empty pattern',
  ]);
  assert.equal(text.err, '1 file checked: 1 error, 1 information (2 fixable with --fix)\n');
  const json = cli(['check', '--format', 'json', '-'], { cwd: dir, input: findings });
  assert.equal(json.code, 1);
  assert.deepEqual((JSON.parse(json.out) as Array<{ file: string; code: string }>).map((f) => [f.file, f.code]), [['<stdin>', 'non-canonical'], ['<stdin>', 'invalid-tool-name']]);
  // Named, the document is shown as a file at that path is: from the current folder, or GitHub's workspace.
  const named = cli(['check', '-', '--stdin-filename', path.join(dir, 'sub', 'mars.local.toml'), '--severity', 'invalid-tool-name=off'], { cwd: dir, input: findings });
  assert.equal(named.code, 0);
  assert.equal(named.out, 'sub/mars.local.toml:2:13: information non-canonical `Shell` is an alias of `bash`; Mars writes `bash`.\n');
  // A name that starts with `-`, written with `=` as the usage error says, is the name, not an option.
  const dashed = cli(['check', '--stdin-filename=--fix', '-'], { cwd: dir, input: findings });
  assert.equal(dashed.code, 1, dashed.err);
  assert.match(dashed.out, /^\.\/--fix:2:22: error invalid-tool-name /m);
  const github = cli(['check', '--format', 'github', '--stdin-filename=mars.toml', '-'], { cwd: path.join(dir), workspace: path.dirname(dir), input: findings });
  assert.match(github.out, new RegExp(`^::error file=${path.basename(dir)}/mars\\.toml,line=2,col=22,`, 'm'));
  // A clean document, and an empty one, which is a document with nothing in it.
  for (const input of ['[agents.a.tools]\nallowed = ["read"]\n', '']) {
    const clean = cli(['check', '-'], { cwd: dir, input });
    assert.deepEqual([clean.code, clean.out, clean.err], [0, '', '1 file checked: no problems\n'], JSON.stringify(input));
  }
});

test('check -: what is not text gets the message a file gets, and exit 2; not UTF-8 is said for the name given', () => {
  const bin = cli(['check', '-'], { input: Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01]) });
  assert.equal(bin.code, 2);
  assert.equal(bin.out, '');
  assert.match(bin.err, /^mars-toml: <stdin> is not a text file \(it contains NUL bytes\); Mars reads it as UTF-8 text$/m);
  assert.match(bin.err, /^0 files checked, 1 not checked: no problems in what was checked$/m);
  const utf16 = cli(['check', '-', '--stdin-filename', 'mars.toml'], { input: Buffer.from('[agents.a.tools]\n', 'utf16le') });
  assert.equal(utf16.code, 2);
  assert.match(utf16.err, /^mars-toml: mars\.toml is UTF-16 text \(.*\); Mars reads it as UTF-8: save it as UTF-8$/m);
  // Its byte order mark alone (no NUL byte) says it too: `--fix -` wrote it back as a text not UTF-8, exit 1.
  const bomOnly = cli(['check', '--fix', '-'], { input: Buffer.from([0xff, 0xfe]) });
  assert.deepEqual([bomOnly.code, bomOnly.out, bomOnly.err.split('\n')[0]], [2, '', 'mars-toml: <stdin> is UTF-16 text (it starts with a UTF-16 byte order mark); Mars reads it as UTF-8: save it as UTF-8']);
  const notUtf8 = Buffer.concat([Buffer.from('# caf'), Buffer.from([0xe9]), Buffer.from('\n')]);
  const unnamed = cli(['check', '-'], { input: notUtf8 });
  assert.equal(unnamed.code, 1);
  assert.equal(unnamed.out, '<stdin>:1:6: error toml-syntax Byte 0xE9 here is not UTF-8: Mars reads mars.toml as UTF-8 and cannot load this file. Save it as UTF-8.\n');
  assert.match(cli(['check', '-', '--stdin-filename', 'a/mars.local.toml'], { input: notUtf8 }).out, /^a\/mars\.local\.toml:1:6: error toml-syntax .*Mars reads mars\.local\.toml as UTF-8/);
});

test('check -: stdin that is not text is told as soon as a NUL byte comes, not read on to 512 MiB (`< /dev/zero`, a binary piped in that never ends)', async () => {
  for (const [args, head, message] of [
    [['check', '-'], Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01]), /^mars-toml: <stdin> is not a text file \(it contains NUL bytes\); Mars reads it as UTF-8 text$/m],
    [['check', '--fix', '-'], Buffer.from('[agents.a.tools]\n', 'utf16le'), /^mars-toml: <stdin> is UTF-16 text \(.*\); Mars reads it as UTF-8: save it as UTF-8$/m],
  ] as const) {
    const child = spawn(process.execPath, [path.join(DIST, 'cli.js'), ...args]);
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.stdin.on('error', () => {});
    // Its first bytes, then more of them as long as the checker reads, as from /dev/zero.
    child.stdin.write(head);
    const feed = setInterval(() => child.stdin.writable && child.stdin.write(Buffer.alloc(1 << 16)), 1);
    const code = await Promise.race([new Promise((resolve) => child.on('close', resolve)), new Promise((resolve) => setTimeout(() => resolve('still reading'), 10_000))]);
    clearInterval(feed);
    child.kill();
    assert.equal(code, 2, err);
    assert.match(err, message);
    assert.equal(out, '', 'no document written back');
  }
});

test('check - on a terminal says it reads the document from there, and how to check a file named - when the current folder holds one', async () => {
  const terminal = () => Object.assign(Readable.from([Buffer.from('[agents.a.tools]\nallowed = ["read"]\n')]), { isTTY: true });
  const first = async (dir: string) => {
    let err = '';
    const sink = Object.assign(new PassThrough(), { write: (s: string) => ((err += s), true) }) as unknown as NodeJS.WritableStream;
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      assert.equal(await runCheck(parseCheckArgs(['-']), sink, sink, terminal()), 0);
    } finally {
      process.chdir(cwd);
    }
    return err.split('\n')[0];
  };
  const said = 'mars-toml: reading the document from the terminal: end it with Ctrl-D (Ctrl-Z, Enter on Windows)';
  assert.equal(await first(workspace({})), said);
  assert.equal(await first(workspace({ '-': FIXABLE })), `${said}; for the file named -, write .${path.sep}-`);
  // Checking files, stdin is not read: a terminal there (a run typed by hand) is nothing to say.
  let err = '';
  const sink = Object.assign(new PassThrough(), { write: (s: string) => ((err += s), true) }) as unknown as NodeJS.WritableStream;
  const file = path.join(workspace({ 'mars.toml': '[agents.a.tools]\nallowed = ["read"]\n' }), 'mars.toml');
  assert.equal(await runCheck(parseCheckArgs([file]), sink, sink, terminal()), 0);
  assert.equal(err, '1 file checked: no problems\n');
});

test('check - with a folder for stdin (`< .`) says so, exit 2, rather than check an empty document', () => {
  const dir = workspace({ 'mars.toml': '' });
  const r = spawnSync('sh', ['-c', '"$0" "$1" check - < .', process.execPath, path.join(DIST, 'cli.js')], { cwd: dir, encoding: 'utf8' });
  assert.equal(r.status, 2, r.stderr);
  assert.match(r.stderr, /^mars-toml: cannot read <stdin>: it is a folder$/m);
  assert.match(r.stderr, /^0 files checked, 1 not checked/m);
});

test('parse-names with a folder for stdin (`< .`) says so, exit 2, as check - does, rather than answer nothing and pass', () => {
  const dir = workspace({});
  const r = spawnSync('sh', ['-c', '"$0" "$1" parse-names < .', process.execPath, path.join(DIST, 'cli.js')], { cwd: dir, encoding: 'utf8' });
  assert.equal(r.status, 2, r.stderr);
  assert.equal(r.stderr, 'mars-toml parse-names: cannot read stdin: it is a folder\n');
  assert.equal(r.stdout, '');
});

test('check - and parse-names with stdin closed (`<&-`, which Node opens as /dev/null) or /dev/null say there is nothing to read, exit 2, rather than pass an empty document; an empty file or pipe is one still', () => {
  const dir = workspace({ 'empty.toml': '' });
  const sh = (command: string) => spawnSync('sh', ['-c', `exec "$0" "$1" ${command}`, process.execPath, path.join(DIST, 'cli.js')], { cwd: dir, encoding: 'utf8', timeout: 20_000 });
  const check = 'mars-toml: cannot read <stdin>: it is closed, or /dev/null, which holds nothing (pipe the document in, or name its file in place of -)\n0 files checked, 1 not checked: no problems in what was checked\n';
  const names = 'mars-toml parse-names: cannot read stdin: it is closed, or /dev/null, which holds nothing (pipe the names in, one JSON string literal a line)\n';
  const cases: Array<[string, number, string]> = [
    ['check - <&-', 2, check],
    ['check - < /dev/null', 2, check],
    ['check --fix - <&-', 2, check],
    ['parse-names <&-', 2, names],
    ['parse-names < /dev/null', 2, names],
    // A document that is empty is one: a file, or a pipe that ends at once.
    ['check - < empty.toml', 0, '1 file checked: no problems\n'],
    ['parse-names < empty.toml', 0, ''],
  ];
  for (const [command, code, err] of cases) {
    const r = sh(command);
    assert.deepEqual([r.status, r.stderr, r.stdout], [code, err, ''], command);
  }
  const piped = cli(['check', '-'], { cwd: dir, input: '' });
  assert.deepEqual([piped.code, piped.err, piped.out], [0, '1 file checked: no problems\n', '']);
  // --stdin-filename names the document, not what stdin is; a child spawned with its stdin ignored gets /dev/null.
  const ignored = spawnSync(process.execPath, [path.join(DIST, 'cli.js'), 'check', '-', '--stdin-filename', 'a/mars.toml'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  assert.deepEqual([ignored.status, ignored.stderr.split('\n')[0]], [2, 'mars-toml: cannot read a/mars.toml: it is closed, or /dev/null, which holds nothing (pipe the document in, or name its file in place of -)']);
});

test('a stdin whose fd is not open at all (closed, where Node did not open /dev/null in its place) is said as a closed one; a stream with no fd, or a file, is a document', () => {
  const dir = workspace({ 'empty.toml': '' });
  const fd = fs.openSync(path.join(dir, 'empty.toml'), 'r');
  try {
    const cases: Array<[NodeJS.ReadableStream, string | null]> = [
      [Object.assign(Readable.from([]), { fd: 1 << 20 }), 'it is closed, or /dev/null, which holds nothing (pipe it)'],
      [Object.assign(Readable.from([]), { fd }), null],
      [new PassThrough(), null],
    ];
    for (const [input, said] of cases) assert.equal(notADocument(input, 'pipe it'), said);
  } finally {
    fs.closeSync(fd);
  }
});

test('--fix -: the document on stdout, fixed or as it came, the findings left on stderr; no file touched', () => {
  const before = '\uFEFF[agents.a.tools]\r\nallowed = ["Shell", "mcp__gh__x", "MyTool"]\r\n';
  const dir = workspace({ 'mars.toml': before });
  const r = cli(['check', '--fix', '-', '--stdin-filename', 'mars.toml'], { cwd: dir, input: before });
  assert.equal(r.code, 0, r.err);
  assert.equal(r.out, '\uFEFF[agents.a.tools]\r\nallowed = ["bash", "mcp(gh/x)", "my_tool"]\r\n');
  assert.deepEqual(r.err.split('\n'), [
    'mars.toml:2:34: information unknown-tool Mars has no capability named `my_tool`; it passes the entry on as written, so only a harness with a tool of that name applies it.',
    '1 file checked, 3 problems fixed: 1 information',
    '',
  ]);
  assert.equal(fs.readFileSync(path.join(dir, 'mars.toml'), 'utf8'), before, 'the file named is not written');
  assert.deepEqual(fs.readdirSync(dir), ['mars.toml']);
  // Nothing to fix: the document as it came. The github format's annotations go to stderr too.
  const clean = cli(['check', '--fix', '--format', 'github', '-'], { input: 'agents.a.tools.allowed = ["bash()"]\n' });
  assert.deepEqual([clean.code, clean.out], [0, 'agents.a.tools.allowed = ["bash"]\n']);
  const github = cli(['check', '--fix', '--format', 'github', '-'], { input: 'agents.a.tools.allowed = ["bash", "*(x)"]\n' });
  assert.deepEqual([github.code, github.out], [1, 'agents.a.tools.allowed = ["bash", "*(x)"]\n']);
  assert.match(github.err, /^::error file=<stdin>,line=1,col=36,.*invalid-tool-name/m);
  // Not UTF-8: not fixed, its bytes written back as they came (exit 2, as for a file); not text: nothing.
  const notUtf8 = Buffer.concat([Buffer.from('# caf'), Buffer.from([0xe9]), Buffer.from('\nagents.a.tools.allowed = ["Shell"]\n')]);
  const bad = spawnSync(process.execPath, [path.join(DIST, 'cli.js'), 'check', '--fix', '-'], { input: notUtf8 });
  assert.equal(bad.status, 2);
  assert.deepEqual(bad.stdout, notUtf8);
  assert.match(bad.stderr.toString(), /^mars-toml: not fixing <stdin>: it is not valid UTF-8/m);
  const bin = cli(['check', '--fix', '-'], { input: Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01]) });
  assert.deepEqual([bin.code, bin.out], [2, '']);
  assert.match(bin.err, /<stdin> is not a text file/);
});

test('check -: stdin with another path, twice, --stdin-filename without it, or --fix - --format json, is a usage error; so is an empty path', () => {
  const cases: Array<[string[], RegExp]> = [
    // `check "$FILE"` with FILE unset said "cannot read : no such file or folder".
    [['.', ''], /an empty path \(''\) names no file or folder: was a variable left unset\?/],
    [['-', '-'], /- \(stdin\) is named twice: it is read once/],
    [['-', 'mars.toml'], /- reads one document from stdin: no other path goes with it/],
    [['.', '--', '-'], /- reads one document from stdin: no other path goes with it/],
    [['--stdin-filename', 'mars.toml'], /--stdin-filename names the document read from stdin: give - as the path/],
    [['-', '--stdin-filename'], /--stdin-filename takes the path the document read from stdin is reported as/],
    [['-', '--stdin-filename='], /--stdin-filename takes the path the document read from stdin is reported as$/m],
    // The option after it is not its value, as clap reads it: `--fix` was the name, and nothing was fixed.
    [['--stdin-filename', '--fix', '-'], /--stdin-filename takes the path the document read from stdin is reported as, not '--fix', read as an option \(for a path so named, write --stdin-filename=--fix\)$/m],
    [['--fix', '--format', 'json', '-'], /--fix - writes the document to stdout and the findings to stderr: not as JSON, which would be mixed with messages there \(for the findings as JSON, run check --format json - without --fix\)$/m],
  ];
  for (const [args, message] of cases) {
    const r = cli(['check', ...args], { input: '' });
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.err, message, args.join(' '));
    assert.match(r.err, /^usage: mars-toml check /m);
  }
});

test('a mistyped option or command is a usage error that names the one it most likely means, as ruff\'s and eslint\'s', () => {
  const dir = workspace({ 'mars.toml': '', '-x.toml': '', '-a b.toml': '', '--fx': '' });
  const cases: Array<[string[], RegExp]> = [
    [['check', '--fromat', 'json'], /^mars-toml check: unknown option '--fromat' \(did you mean --format\?\)$/m],
    // A path there that starts with `-`: how to name it, as quoted for a shell, over an option near it.
    [['check', '-x.toml'], /^mars-toml check: unknown option '-x.toml' \(for the path so named, write \.\/-x\.toml\)$/m],
    [['check', '-a b.toml'], /^mars-toml check: unknown option '-a b.toml' \(for the path so named, write '\.\/-a b\.toml'\)$/m],
    [['check', '--fx'], /^mars-toml check: unknown option '--fx' \(for the path so named, write \.\/--fx\)$/m],
    [['check', '-y.toml'], /^mars-toml check: unknown option '-y.toml'$/m],
    [['check', '-fix'], /^mars-toml check: unknown option '-fix' \(did you mean --fix\?\)$/m],
    [['check', '--severty=unknown-tool=off'], /unknown option '--severty=unknown-tool=off' \(did you mean --severity\?\)$/m],
    [['check', '--quiet'], /^mars-toml check: unknown option '--quiet'$/m],
    // Other tools' names for --format: ruff's, biome's, eslint's.
    [['check', '--output-format=github'], /unknown option '--output-format=github' \(did you mean --format\?\)$/m],
    [['check', '--reporter', 'github'], /unknown option '--reporter' \(did you mean --format\?\)$/m],
    [['check', '-f', 'json'], /unknown option '-f' \(did you mean --format\?\)$/m],
    [['check', '--no-ignore'], /unknown option '--no-ignore' \(did you mean --no-respect-gitignore\?\)$/m],
    // biome's and prettier's name for --stdin-filename; eslint's --stdin, which is our path -.
    [['check', '-', '--stdin-filepath', 'mars.toml'], /unknown option '--stdin-filepath' \(did you mean --stdin-filename\?\)$/m],
    [['check', '--stdin'], /unknown option '--stdin' \(did you mean -, the path that reads stdin\?\)$/m],
    [['check', '--no-respect-git-ignore'], /unknown option '--no-respect-git-ignore' \(did you mean --no-respect-gitignore\?\)$/m],
    [['--no-respect-gitignore'], /unknown command '--no-respect-gitignore' \(did you mean mars-toml check --no-respect-gitignore\?\)$/m],
    [['chek'], /^mars-toml: unknown command 'chek' \(did you mean check\?\)$/m],
    [['parse-name'], /unknown command 'parse-name' \(did you mean parse-names\?\)$/m],
    [['--fix'], /unknown command '--fix' \(did you mean mars-toml check --fix\?\)$/m],
    // An option of check written with its value after `=`, as it is pasted.
    [['--format=json'], /unknown command '--format=json' \(did you mean mars-toml check --format=json\?\)$/m],
    [['mars.toml'], /unknown command 'mars.toml' \(did you mean mars-toml check mars.toml\?\)$/m],
    [['frobnicate'], /^mars-toml: unknown command 'frobnicate'$/m],
    // An empty one (`mars-toml "$CMD"`, CMD unset) is said, as `help ''` says it, not answered by the help alone.
    [[''], /^mars-toml: unknown command ''$/m],
    // What other tools call a command of ours: eslint's and node's -v, tombi's lint, a fix command.
    [['-v'], /^mars-toml: unknown command '-v' \(did you mean --version\?\)$/m],
    [['lint', '.'], /^mars-toml: unknown command 'lint' \(did you mean check\?\)$/m],
    [['fix'], /^mars-toml: unknown command 'fix' \(did you mean mars-toml check --fix\?\)$/m],
    // `help <command>` of a command that does not exist says so, as clap's and git's do, rather than
    // print the general help with exit 0 as if `chek` were one.
    [['help', 'chek'], /^mars-toml help: unknown command 'chek' \(did you mean check\?\)$/m],
    [['--help', 'frobnicate'], /^mars-toml help: unknown command 'frobnicate'$/m],
    // An argument after --version or help's command is not dropped, as clap's: it is a usage error,
    // as one after parse-names is (a run that said nothing of it would seem to have done it).
    [['--version', 'extra'], /^mars-toml --version: it takes no arguments, not 'extra'$/m],
    [['-V', '--fix'], /^mars-toml --version: it takes no arguments, not '--fix'$/m],
    [['help', 'check', 'extra'], /^mars-toml help: it takes one command, not also 'extra'$/m],
    [['--help', 'parse-names', 'check'], /^mars-toml help: it takes one command, not also 'check'$/m],
  ];
  for (const [args, message] of cases) {
    const r = cli(args, { cwd: dir });
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.err, message, args.join(' '));
  }
  // `--` before them reads a path that starts with `-` as the path, as the README says.
  for (const name of ['-x.toml', '--fx']) {
    const r = cli(['check', '--', name], { cwd: dir });
    assert.deepEqual([r.code, r.err], [0, '1 file checked: no problems\n'], name);
  }
  // The error, the usage line and where the rest is: not the whole help, which would scroll the error away.
  assert.deepEqual(cli(['check', '--fromat', 'json'], { cwd: dir }).err.split('\n').slice(1), [
    'usage: mars-toml check [paths... | -] [--format text|json|github] [--fix] [--severity <code>=<level>]... [--stdin-filename <path>] [--no-respect-gitignore] [--no-cache]',
    'more: mars-toml check --help',
    '',
  ]);
});

test('a path given as the command gets a did-you-mean that, pasted into a shell, checks it: quoted as a POSIX shell reads it, on one line, never a workflow command', () => {
  // A Hangul filler is a letter, and draws as nothing.
  const names = ['a b.toml', "it's.toml", '$HOME.toml', '-x.toml', '*.toml', '~.toml', 'a\nb.toml', 'tab\tend.toml', '##[error]x.toml', 'é.toml', 'a\u3164b.toml'];
  const dir = workspace(Object.fromEntries(names.map((n) => [n, FIXABLE])));
  for (const name of [...names, path.join(dir, 'a b.toml')]) {
    const r = cli([name], { cwd: dir });
    assert.equal(r.code, 2, name);
    const lines = r.err.split('\n');
    const suggested = /\(did you mean (mars-toml check .+)\?\)$/.exec(lines[0]!)?.[1];
    assert.ok(suggested, `${JSON.stringify(name)}: ${r.err}`);
    // Nothing in it a reader could not see: what cannot be seen is written as its bytes.
    assert.doesNotMatch(suggested, /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/u, name);
    assert.deepEqual(lines.filter((l) => l.trimStart().startsWith('::') || l.includes('##[')), [], name);
    // Run as pasted: `$'…'`, which POSIX.1-2024 reads (as bash, zsh and ksh do), by bash, as dash 0.5.12 predates it.
    const shell = suggested.includes("$'") ? 'bash' : 'sh';
    const run = spawnSync(shell, ['-c', `"$0" "$1" ${suggested.slice('mars-toml '.length)}`, process.execPath, path.join(DIST, 'cli.js')], { cwd: dir, encoding: 'utf8', env: { ...process.env, HOME: '/nonexistent' } });
    assert.equal(run.status, 0, `${suggested}: ${run.stderr}`);
    assert.equal(run.stderr, '1 file checked: 1 information (1 fixable with --fix)\n', suggested);
  }
  // A plain path is left bare.
  assert.match(cli(['-x.toml'], { cwd: dir }).err, /\(did you mean mars-toml check \.\/-x\.toml\?\)$/m);
  assert.match(cli(['é.toml'], { cwd: dir }).err, /\(did you mean mars-toml check é\.toml\?\)$/m);
});

test('--severity: a code or level not known is a usage error that says what is', () => {
  const cases: Array<[string[], RegExp]> = [
    [['--severity', 'unknwn-tool=off'], /'unknwn-tool' is not a diagnostic code \(did you mean unknown-tool\?\); the codes: invalid-tool-name, /],
    [['--severity', 'unknown-tool=loud'], /'loud' is not a level: error, warning, information, hint or off/],
    [['--severity', 'unknown-tool'], /--severity takes <code>=<level>, as unknown-tool=error, not 'unknown-tool'/],
    // The code ends at the first `=`: what follows is the level, here not one.
    [['--severity', 'unknown-tool=error=x'], /--severity: 'error=x' is not a level: error, warning, information, hint or off/],
    [['--severity'], /--severity takes <code>=<level>, as unknown-tool=error\n/],
  ];
  for (const [args, message] of cases) {
    const r = cli(['check', ...args]);
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.err, message);
  }
});
