// Sections: where the text is split, and that analysing a section at a time gives what analysing
// the whole text at once gives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { analyze, visibleFindings } from '../../server/src/analysis/analyze';
import { analyzeDocument, DocumentAnalyzer, documentFindings, type DocumentAnalysis } from '../../server/src/analysis/document';
import { countFixAll, documentFixAll } from '../../server/src/analysis/documentFixAll';
import { NO_ARRAYS, readAlike } from '../../server/src/analysis/told';
import { reportFindings } from '../../server/src/analysis/report';
import { made } from '../../server/src/analysis/section';
import type { Finding } from '../../server/src/analysis/findings';
import { rng } from '../support/rng';
import { randomEdits } from '../support/text';
import { sectionStarts } from '../../server/src/toml/split';
import { ROOT } from '../support/paths';

// The text, with `|` where a section must start (besides 0).
const SPLITS: Array<[string, string]> = [
  ['root only', 'a = 1\nb = [\n  1,\n]\n'],
  ['headers', 'a = 1\n|[x]\nb = 2\n|[[y]]\n|  [z] # indented\n'],
  ['a [ line inside an array is a value', 'a = [\n[1, 2],\n["x"],\n[true],\n]\n|[x]\n'],
  ['multi-line strings hide headers', 'a = """\n[not]\n"""\nb = \'\'\'\n[no]\'\'\'\n|[yes]\n'],
  ['strings and comments hide brackets', 'a = "[" # [\nb = \'[\'\n|[x]\n'],
  ['an unclosed array ends at a header', '[a]\nallowed = ["bash",\n|[agents.b.tools]\nallowed = ["read"]\n'],
  ['an unclosed inline table ends with its line', 'a = { b = [1\n|[x]\n'],
  ['an array inside an inline table goes on over lines', 'x = { a = [\n  ["s", "t"],\n  [true],\n] }\n|[y]\n'],
  ['lists of numbers and words in an array are values', 'x = [\n[-1, 2],\n[1],\n[nan],\n[a, b],\n]\n|[y]\n'],
  ['a key that begins as a value word does is a header', 'x = [\n[true],\n|[true1]\n'],
  ['a negative number alone on a line of a list is a value', 'x = [\n[-1]\n]\n|[y]\n'],
  ['a header whose literal key part ends in a backslash ends an open array', "x = [\n|[a.'C:\\']\n"],
  ['two brackets opened and one closed make no header', 'x = [\n[[a]\n\n]\n|[y]\n'],
  ['a string left open ends at a lone CR, as its line does', 'a = "x\r|[y]\nb = 1\n'],
  ['a multi-line string never closed in a list ends the list with its line too', 'a = ["""oops\n|[x] junk\n'],
  ['only a whole header line ends an open array', 'x = [\n[a] = 1\n[b] junk\n|[agents.b] # comment\n'],
  ['escaped quote in a basic string', 'a = "\\"[" \n|[x]\n'],
  // A backslash escapes nothing in a literal string, one-line or multi-line: the string closes at the quote after it.
  ['a backslash before the closing quote of a literal string', "a = ['C:\\', 1]\n|[\"h\"]\nk = 1\n"],
  ['a backslash before the closing quotes of a multi-line literal string', "a = '''x\\'''\n|[h]\nb = '''y'''\n"],
  // An escaped quote in a header's quoted key does not end it: the line is a whole header, which ends an open array.
  ['a header with an escaped quote in its key ends an open array', 'x = [\n|[a."b\\"c"]\nk = 1\n'],
  // Quotes right after a multi-line string's closing ones open no other: the parser reads one stray `"` after it.
  ['six quotes close a multi-line string and open none', 'a = """x""""""\n|[h]\nb = """y"""\n'],
  ['CRLF', 'a = 1\r\n|[x]\r\nb = 2\r\n'],
  ['BOM: the header shares the first section with it', '\ufeff[x]\na = 1\n|[y]\n'],
  // A header on the first line is one after a BOM as without it: an unclosed one (`[`) opens no array.
  ['BOM: an unclosed header on the first line opens no array', '\ufeff[\n|[skills]\u00a0\nc = 1\n'],
  // What TOML does not read as a blank inside a header's brackets, or after them, is read as a blank
  // there (each is its own syntax error), as the parser reads the line: the header ends an open array.
  ['an open array ends at a header with what TOML does not read as a blank in it', 'x = [\n|[\u200bskills.c]\nc = 1\n|[skills."d r".tools\u2028]\n|[ \u00a0agents . \u3000a ]\u00a0# c\n|[[agents\ufeff]]\u2003\n'],
  // ... and before the brackets, at the line's start, with no list open or one: the line is a header all the same.
  // A byte order mark first on the line stays the section before's: a section starting with one would read it as the file's.
  ['a header after what TOML does not read as a blank at its line\'s start', 'a = 1\n|\u3000[skills.c]\nb = 2\n|\u00a0 \u200b[[agents]]\nx = [\n\u3000[1, 2],\n|\u2028[agents.b]\n\ufeff|[x]\n|\u200b\ufeff[y]\n\ufeff\ufeff|[z]\n'],
  ['... and the file\'s own byte order mark is no section\'s end', '\ufeff\ufeff[x]\na = 1\n'],
  // Left open to the end, a multi-line string is taken to end with its first line, so the sections
  // after it are still analysed while the user types its closing quotes.
  ['a multi-line string never closed ends with its line', "[a]\nd = '''oops [x]\n|[b]\ne = 1 \"\"\"\n|[c]\n"],
  ['... the last one left open, after others closed', 'a = """\n[no]\n"""\nb = """x""" + """\n|[yes]\n'],
  // So is one opened right after text, where the quotes before it in its statement pair the wrong way (a
  // string closed right before a character TOML lets follow none): a quote deleted makes a closing `"""`
  // an opening one, which TOML reads on to the next `"""` of the file, a section's list away.
  ['a multi-line string opened where the quotes before it pair the wrong way ends with its line', '[a]\nallowed = [read", """bash(x)""", "edit"]\n|[b]\nx = ["Shell"]\n|[c]\nd = """y"""\n'],
  ['... the quote before a string deleted, in a list over lines', '[a]\nallowed = [\n  "read, """bash(x)""",\n]\n|[b]\nx = 1\n|[c]\nd = """y"""\n'],
  ['... a quote of the opening ones deleted', "[a]\nallowed = [''bash(x)''', 'edit']\n|[b]\nx = 1\n|[c]\nd = '''y'''\n"],
  ['... alone on a line, after a line ending in no value\'s start (`bash(x)`: no comma after it)', '[a]\nallowed = [read", """\n  bash(x)\n"""]\n|[b]\nx = 1\n|[c]\nd = """y"""\n'],
  ['... on a line below the error, in the same list', '[a]\nallowed = [read", """bash(x)\nmore""", "edit"]\n|[b]\nx = 1\n|[c]\nd = """y"""\n'],
  // Right after text on its line, a syntax error itself, with no quotes before it: its opening quotes deleted, or a line (typing seed 7777).
  ['... right after a bare word, no quote before it in its statement', '[a]\nallowed = [\nbash(x)""",\n  """\n  read"""\n]\n|[b]\nx = ["""y\nz""", 1]\n|[c]\n'],
  ['... not right after what TOML does not read as a blank, its own error (oddBlanks seed 8484)', 'a = [\u200b"""\n[not]\n"""]\n|[yes]\n'],
  // Its list ends with it, and the statements below it read as written: a multi-line string there hides a header as ever.
  ['... and the statements below it read as written', '[a]\nallowed = ["read", ""bash(x)""",\n  "x"]\nd = """\n[not]\n"""\n|[b]\nx = 1\n|[c]\ne = """y"""\n'],
  // Not so where nothing after a string says so, nor for a string opened in a statement below such an error: valid TOML reads as ever.
  ['a multi-line string after strings closed right before what may follow them reads on', 'a = ["x", """\n[not]\n""", \'y\']\n"k"."q" = """\n[no]\n"""\nb = {c = "d"}\n|[yes]\n'],
  ['... and after an error on a line above it', '[a]\nx = "a""\nd = """\n[not]\n"""\n|[b]\nx = "b"c\n|[c]\ne = """\n[no]\n"""\n'],
  // Nor for one opened where a value may start (after a comma): the strings before it may pair right, next to each other.
  ['a multi-line string opened after a comma, past strings with no comma between them, reads on', 'a = ["read, ""x", """\n[not]\n"""]\n|[yes]\n'],
  ['... nor one opened after a blank on its line, past what no value follows', 'a = ["x"\u200b """\n[not]\n"""]\n|[yes]\n'],
  ['... nor one first on its line after a line ending in a string, its comma missing', 'a = ["x"y,\n  "b"\n  """\n[not]\n"""]\n|[yes]\n'],
  ['... nor after what TOML does not read as a blank there (found by fixAllMeaning.test.ts, seed 4040)', 'a = ["x"\u2028\n  """\n[not]\n"""]\n|[yes]\n'],
  ['... a comma on a line above it too', 'a = ["read, ""x",\n\n  """\n[not]\n"""]\n|[yes]\n'],
  ['... nor past a line holding a comment alone (found by fixAllMeaning.test.ts, seed 4545)', 'a = ["x"\u2003\n  # c\n  """\n[not]\n"""]\n|[yes]\n'],
  ['... nor past the comment ending the line above (seed 5555)', 'a = ["x"\u00a0  # mars-ignore: c\n  """\n[not]\n"""]\n|[yes]\n'],
];

for (const [name, marked] of SPLITS) {
  test(`split: ${name}`, () => {
    const text = marked.replace(/\|/g, '');
    const expected = [0];
    let removed = 0;
    for (let i = 0; i < marked.length; i++) if (marked[i] === '|') expected.push(i - removed++);
    if (expected[1] === 0) expected.shift();
    assert.deepEqual(sectionStarts(text), expected);
  });
}

const SAMPLES = [
  fs.readFileSync(path.join(ROOT, 'examples/mars.toml'), 'utf8'),
  '# mars-ignore-file: non-canonical\n[agents.a.tools]\nallowed = ["Bash", "x"]\n[agents.b.tools]\nallowed = ["Shell(git:*)"]\n',
  '[agents.a.tools]\nallowed = ["Read", "cat"]\ndisallowed = ["view"]\n[agents]\nb.tools.allowed = ["x", "ask-user"]\n',
  // Past `[[agents]]`, `[agents.x.tools]` is a table of its last element (see policies.ts): what a
  // section is told of the sections before it.
  '[[agents]]\nname = "a"\n[agents.x.tools]\nallowed = ["Bash"]\n[[skills]]\n[skills.z.tools]\nallowed = ["Read"]\n[[agents]]\n[agents.y]\ntools.allowed = ["Shell"]\n',
  // An array of tables that is no owner's (`[[agent]]`, one typo from `agents`) is never told to the
  // sections below it: `[agent.x.tools]` is read as a list under the misspelt owner, whole or not.
  '[[agent]]\nname = "a"\n[agent.x.tools]\nallowed = ["Bash"]\n[[dependencies]]\n[dependencies.d]\nagents = ["Bash"]\n',
  // A `[[agents` being typed makes no array of tables yet: the tables below it are still agents'.
  '[[agents\nname = "a"\n[agents.x.tools]\nallowed = ["Bash"]\n[[skills]] x\n[skills.s.tools]\nallowed = ["Read"]\n',
  // A table of patterns of its own is told what its owner's lists hold in other sections, above it or below (`Policies.outsideLists`).
  '[agents.p.tools.bash]\n"git *" = "allow"\n"rm *" = "deny"\n[agents.p.tools]\nallowed = ["Bash(git *)"]\n[agents.q.tools]\ndisallowed = ["bash(git *)"]\n[agents.q.tools.bash]\n"git *" = "allow"\n' +
    '[agents]\nr.tools.allowed = ["read", "bash(npm *)"]\n[agents.r.tools.bash]\n"npm *" = "allow"\n"*" = "ask"\n',
  // A fix that writes what another section defines (`Fix.creates`) is offered by neither: the rename of `tool` to `tools`
  // in a key beside a table below `tools`, of `allowed` to `tools.allowed` beside one. A part renamed in a header writes
  // that header, offered by both where it is valid TOML: `[agents.a.tools]` beside `[agents.a.tools.sub]`, `[agents.d.tools]`
  // beside `[agents.d]`.
  '[agents.a.tool]\nallowed = ["read"]\n[agents.a.tools.sub]\nx = 1\n[agents.b]\ntool = { allowed = ["read"] }\n[agents.b.tools.bash]\n"git *" = "allow"\n' +
    '[agents.c]\nallowed = ["read"]\n[agents.c.tools.sub]\n[agent.d.tools]\nallowed = ["read"]\n[agents.d]\ndescription = "d"\n[agents.e.permissions]\nallow = ["read"]\n[agents.e.tools.sub]\n',
  // ...and dropped by both where writing that header would clash: below a value or an inline table, at a header or a table
  // dotted keys made, below an array of tables written after it (not before it: then it is its last element's).
  '[agents]\nf = "x"\ng = { model = "m" }\n[agent.f.tools]\nallowed = ["read"]\n[agent.g.tools]\nallowed = ["read"]\n[agents.h.tools]\n[agents.h.tool]\nallowed = ["read"]\n' +
    '[agents.i]\ntools.x = 1\n[agents.i.permissions]\nallow = ["read"]\n[agent.j.tools]\nallowed = ["read"]\n[[agents.j]]\n[agent.j.tool.bash]\n"git *" = "allow"\n' +
    // A tools table in another section is no second spelling of the one a header renamed writes (`[agents.k.tools.bash]`).
    '[agents.k.tool.bash]\n"git *" = "allow"\n[agents.k.tools]\nallowed = ["read"]\n[agent.l]\nallowed = ["read"]\n[agents.l.tools]\ndisallowed = ["web"]\n' +
    // The keys of a header renamed are written under it: `tools.disallowed` clashes with `[agents.m.tools]`, not `[agents.n.tools.sub]` after it.
    '[agent.m]\ntools.disallowed = ["web"]\n[agents.m.tools]\nallowed = ["read"]\n[agent.n]\ntools.disallowed = ["web"]\n[agents.n.tools.sub]\n',
  // A key's rename beside a table below `tools`, with two sections only, the top level's and one table's.
  'agents.a.tool.allowed = ["read"]\n[agents.a.tools.sub]\nx = 1\n',
  // A header a fix writes is no clash with a table below it that another section defines: `[[agents.a]]` written as `[agents.a]` beside `[agents.a.tools]`.
  '[[agents.a]]\nmodel = "x"\n[agents.a.tools]\nallowed = ["read"]\n',
];

test('a section at a time finds what the whole text finds, at the same places, with the same fixes', () => {
  for (const text of SAMPLES) {
    const whole = analyze(text);
    const said = (f: Finding) => `${f.code}@${f.span.start}-${f.span.end}:${f.message} [${f.fixes.map((x) => x.title).join(' | ')}]`;
    const expected = visibleFindings(whole).map(said);
    const got = documentFindings(analyzeDocument(text)).map(said);
    assert.deepEqual(got, expected);
  }
});

test('an edit re-analyses only the section it touches', () => {
  const analyzer = new DocumentAnalyzer();
  const text = SAMPLES[0]!;
  const before = analyzer.analyze(text);
  const at = text.indexOf('"Read"');
  const edited = `${text.slice(0, at)}"Reed"${text.slice(at + 6)}`;
  const after = analyzer.analyze(edited);
  assert.equal(after.units.length, before.units.length);
  const fresh = after.units.filter((u, i) => u.analysis !== before.units[i]!.analysis);
  assert.equal(fresh.length, 1);
  assert.ok(fresh[0]!.analysis.doc.text.includes('"Reed"'));
  // The fixes of a reused section land at its new place.
  const moved = analyzer.analyze(`# one more line\n${edited}`);
  assert.ok(moved.units.slice(1).every((u, i) => u.analysis === after.units[i + 1]!.analysis), 'sections below the edit are reused');
  const f = documentFindings(moved).find((x) => x.code === 'mcp-wire-token')!;
  const edit = f.fixes[0]!.edits[0]!;
  assert.equal(`# one more line\n${edited}`.slice(edit.start, edit.end), 'mcp__github__get_issue');
});

/**
 * Everything a document analysis tells, in plain data: units, lines, findings and their fixes, and
 * where the strings never closed begin (the next edit re-splits from them, and fix-all stops at the first).
 */
function snapshot(da: DocumentAnalysis) {
  const lines = Array.from({ length: da.lines.lineCount }, (_, i) => da.lines.lineStart(i));
  return {
    units: da.units.map((u) => ({ base: u.base, startLine: u.startLine, text: u.analysis.doc.text })),
    lines,
    findings: documentFindings(da).map((f) => ({ code: f.code, span: f.span, message: f.message, fixes: f.fixes.map((x) => x.edits) })),
    unclosed: da.unclosed,
  };
}

// Insertions that move section boundaries and line breaks: headers, brackets, quotes that open
// multi-line strings, CR and LF alone and together.
const INSERTS = ['\n', '\r', '\r\n', '\ufeff', '🚀', '[', ']', '[x]\n', '"""', "'''", '"', "'", '#', 'a = [', '{', 'x', '\n[agents.z.tools]\nallowed = ["Bash"]\n', '\n[[agents]]\n', '',
  // A table of patterns of its own, and its rule put in a list: what the owners' lists in other sections hold is told (`tellLists`).
  '\n[agents.z.tools.bash]\n"git *" = "allow"\n', '"bash(git *)", '];

test('an analyzer fed edit after edit agrees with a fresh analysis of each text', () => {
  const r = rng(42);
  const extra = ['a = 1\r\n[x]\r\nb = """\r\n[y]\r\n"""\r\n[z]\rc = 2\r', '\ufeff[agents."🚀".tools]\r\nallowed = ["read", "Shell"] # é\r\n[x]\n',
    // One text on both sides of `[[agents]]`: a unit's analysis is found by its text, and reused
    // only where it reads alike (see `Policies.arraysRead`).
    '[agents.x.tools]\nallowed = ["Bash"]\n[skills.s]\ntools.allowed = ["Read"]\n[[agents]]\n[agents.x.tools]\nallowed = ["Bash"]\n[skills.s]\ntools.allowed = ["Read"]\n[[skills]]\n'];
  for (const sample of [...SAMPLES, ...extra]) {
    const analyzer = new DocumentAnalyzer();
    analyzer.analyze(sample);
    let step = 0;
    for (const { text, label } of randomEdits(sample, r, INSERTS, 150)) {
      const da = analyzer.analyze(text);
      assert.deepEqual(snapshot(da), snapshot(new DocumentAnalyzer().analyze(text)), label);
      // The checker, reading the text once, a unit at a time, says the same (every few steps: it is most of the time).
      if (step++ % 5 !== 0) continue;
      const reported: unknown[] = [];
      reportFindings(text, (f) => reported.push({ code: f.code, span: f.span, message: f.message, fixes: f.fixes.map((x) => x.edits) }), true);
      assert.deepEqual(reported, snapshot(da).findings, `${label}: the checker`);
    }
  }
});

test('a `[[agents]]` typed above an agent\'s tools table, and taken away: the sections below it are analysed again', () => {
  const tables = '[agents.x.tools]\nallowed = ["Bash"]\n[skills.s]\ntools.allowed = ["Read"]\n[agents.y]\ntools = { allowed = ["Shell"] }\n';
  // A `[[agents]]` with more typed after it on its line may be a header being typed: it takes nothing.
  const versions = [tables, `[[agents]]\n${tables}`, `[[agents]] x\n${tables}`, `[[agents]]\n${tables}`, tables, `[[skills]]\n[[agents]]\n${tables}`, `${tables}[[agents]]\n`];
  const codes = (da: DocumentAnalysis) => documentFindings(da).map((f) => `${f.code}@${da.text.slice(f.span.start, f.span.end)}`);
  const analyzer = new DocumentAnalyzer();
  const got = versions.map((text) => {
    const da = analyzer.analyze(text);
    assert.deepEqual(snapshot(da), snapshot(new DocumentAnalyzer().analyze(text)), JSON.stringify(text));
    return codes(da);
  });
  assert.deepEqual(got, [
    ['non-canonical@Bash', 'non-canonical@Read', 'non-canonical@Shell'],
    ['invalid-tool-policy@agents', 'non-canonical@Read'],
    ['toml-syntax@x', 'non-canonical@Bash', 'non-canonical@Read', 'non-canonical@Shell'],
    ['invalid-tool-policy@agents', 'non-canonical@Read'],
    ['non-canonical@Bash', 'non-canonical@Read', 'non-canonical@Shell'],
    ['invalid-tool-policy@skills', 'invalid-tool-policy@agents'],
    // Below the tables, `[[agents]]` clashes with them: they stay read.
    ['non-canonical@Bash', 'non-canonical@Read', 'non-canonical@Shell', 'toml-syntax@[[agents]]', 'invalid-tool-policy@agents'],
  ]);
});

test('a `[[agents]]` typed above, and taken away, analyses again only the sections that name an agent in their header', () => {
  const tables = '[skills.s.tools]\nallowed = ["Read"]\n[agents.x.tools]\nallowed = ["Bash"]\n[dependencies.d]\nx = 1\n[skills.t]\ntools.allowed = ["Shell"]\n[agents.y]\ntools.allowed = ["Grep"]\n';
  const analyzer = new DocumentAnalyzer();
  const analyses = (da: DocumentAnalysis) => da.units.map((u) => u.analysis);
  const before = analyses(analyzer.analyze(`# top\n${tables}`));
  for (const text of [`[[agents]]\n${tables}`, `# top\n${tables}`]) {
    const { da, steps } = stepped(analyzer.analyzeSteps(text));
    assert.deepEqual(snapshot(da), snapshot(new DocumentAnalyzer().analyze(text)), JSON.stringify(text));
    const again = da.units.flatMap((u, i) => (i > 0 && u.analysis !== before[i] ? [u.analysis.text.split('\n')[0]] : []));
    assert.deepEqual(again, ['[agents.x.tools]', '[agents.y]'], JSON.stringify(text));
    // A step for each section analysed, the first line's included: a server reads messages between them.
    assert.equal(steps, again.length + 1, JSON.stringify(text));
  }
});

// A table of patterns of its own reads what its owner's lists hold in other sections (`Policies.listsRead`): an edit of
// those lists analyses it again (its message changes), an edit elsewhere, of the table itself or of another owner's
// lists, does not analyse the lists' section again. Edit after edit: [what the edit does, the text after it, the
// sections analysed again (their first lines), the table's message after it, from what it says on (past `here, so`, or `here` where it reads no rule)]
const LISTS_TOLD = '[agents.a.tools.bash]\n"git *" = "allow"\n[skills.s.tools]\nallowed = ["read"]\n[agents.a.tools]\nallowed = ["read"]\n';
const LISTS_HOLD = LISTS_TOLD.replace('[agents.a.tools]\nallowed = ["read"]', '[agents.a.tools]\nallowed = ["read", "Bash(git *)"]');
const LISTS_CONFLICT = LISTS_TOLD.replace('[agents.a.tools]\nallowed = ["read"]', '[agents.a.tools]\nallowed = ["read"]\ndisallowed = ["bash(git *)"]');
const OTHER_OWNER = LISTS_CONFLICT.replace('[skills.s.tools]\nallowed = ["read"]', '[skills.s.tools]\nallowed = ["read", "bash(git *)"]');
const LISTS_EDITS: Array<[edit: string, text: string, again: string[], message: string]> = [
  ['the rule put in the list below', LISTS_HOLD, ['[agents.a.tools.bash]', '[agents.a.tools]'], 'this rule has no effect; `allowed` already holds "Bash(git *)", so the table can go.'],
  ['the rule taken out of it again', LISTS_TOLD, ['[agents.a.tools.bash]', '[agents.a.tools]'], 'this rule has no effect. Put "bash(git *)" in `allowed` instead.'],
  // The list as long as before, another entry in place of one: what it holds is compared, not how many.
  ['the list\'s one entry replaced by the rule', LISTS_TOLD.replace('allowed = ["read"]\n[agents.a.tools]\nallowed = ["read"]', 'allowed = ["read"]\n[agents.a.tools]\nallowed = ["bash(git *)"]'),
    ['[agents.a.tools.bash]', '[agents.a.tools]'], 'this rule has no effect; `allowed` already holds "bash(git *)", so the table can go.'],
  // Its `]` taken out, the list is left open, what it defines the same: the section writes no closed list, and the table is told none.
  ['the list left open', LISTS_TOLD.replace('allowed = ["read"]\n[agents.a.tools]\nallowed = ["read"]', 'allowed = ["read"]\n[agents.a.tools]\nallowed = ["bash(git *)"'),
    ['[agents.a.tools.bash]', '[agents.a.tools]'], 'this rule has no effect. Put "bash(git *)" in `allowed` instead.'],
  ['the list closed again', LISTS_TOLD.replace('allowed = ["read"]\n[agents.a.tools]\nallowed = ["read"]', 'allowed = ["read"]\n[agents.a.tools]\nallowed = ["bash(git *)"]'),
    ['[agents.a.tools.bash]', '[agents.a.tools]'], 'this rule has no effect; `allowed` already holds "bash(git *)", so the table can go.'],
  ['the rule put in the other list', LISTS_CONFLICT, ['[agents.a.tools.bash]', '[agents.a.tools]'], 'this rule has no effect. `disallowed` holds "bash(git *)", so in `allowed` it would be both allowed and disallowed.'],
  ['another owner\'s list edited', OTHER_OWNER, ['[skills.s.tools]'], 'this rule has no effect. `disallowed` holds "bash(git *)", so in `allowed` it would be both allowed and disallowed.'],
  // Its keys the same, what it defines is too: the edit goes no further than the table, which is told the lists again.
  ['the table\'s rule edited, its pattern the same', OTHER_OWNER.replace('"git *" = "allow"', '"git *" = "deny"'), ['[agents.a.tools.bash]'],
    'this rule has no effect; `disallowed` already holds "bash(git *)", so the table can go.'],
  ['the table edited: the lists read again, their section not', OTHER_OWNER.replace('"git *" = "allow"', '"git *" = "deny"\n"*" = "ask"'),
    ['[agents.a.tools.bash]'], 'these rules have no effect; `disallowed` already holds "bash(git *)", so `"git *" = "deny"` can go.'],
  // A rule no more (its verdict a number), the table reads no list; made one again, its keys the same, it is told them again.
  ['the table\'s rule made no rule', OTHER_OWNER.replace('"git *" = "allow"', '"git *" = 1'), ['[agents.a.tools.bash]'], ': a tools table holds only `allowed` and `disallowed` lists.'],
  ['the table\'s rule made a rule again', OTHER_OWNER.replace('"git *" = "allow"', '"git *" = "deny"'), ['[agents.a.tools.bash]'],
    'this rule has no effect; `disallowed` already holds "bash(git *)", so the table can go.'],
];

test('an edit of the lists a table of patterns of its own reads analyses it again; an edit elsewhere does not', () => {
  const analyzer = new DocumentAnalyzer();
  // What a section's lists hold is kept as it is analysed: no model is made again to read them (one holding a 10 MB list took seconds).
  const modelsMade = (run: () => DocumentAnalysis) => {
    const models = made.models;
    const da = run();
    return { da, models: made.models - models };
  };
  const first = modelsMade(() => analyzer.analyze(LISTS_TOLD));
  assert.equal(first.models, 0, 'models made again by the first analysis');
  let before = first.da.units.map((u) => u.analysis);
  for (const [edit, text, again, message] of LISTS_EDITS) {
    const { da, models } = modelsMade(() => analyzer.analyze(text));
    assert.equal(models, 0, `${edit}: models made again`);
    assert.deepEqual(snapshot(da), snapshot(new DocumentAnalyzer().analyze(text)), edit);
    assert.deepEqual(da.units.flatMap((u, i) => (u.analysis !== before[i] ? [u.analysis.text.split('\n')[0]] : [])), again, edit);
    before = da.units.map((u) => u.analysis);
    const said = documentFindings(da).find((f) => f.code === 'unknown-policy-key')!.message;
    assert.ok(said.startsWith(`Mars ignores the table \`bash\` here${message.startsWith(':') ? '' : ', so '}${message}`), `${edit}: ${said}`);
    // The checker reads the text once, a unit at a time, and says the same, with the same fixes, and counts what fix-all fixes as the editor does.
    const reported: unknown[] = [];
    const fixable = { count: 0 };
    reportFindings(text, (f) => reported.push([f.message, f.fixes.map((x) => x.edits)]), true);
    assert.deepEqual(reported, documentFindings(da).map((f) => [f.message, f.fixes.map((x) => x.edits)]), edit);
    reportFindings(text, () => {}, false, {}, fixable);
    assert.equal(fixable.count, countFixAll(da, {}, undefined, Infinity), edit);
  }
});

/** The analysis a run ends with, and how many steps it took (it yields after each section it analyses). */
function stepped(run: Generator<void, DocumentAnalysis>): { da: DocumentAnalysis; steps: number } {
  for (let steps = 0; ; steps++) {
    const step = run.next();
    if (step.done) return { da: step.value, steps };
  }
}

// The server drops a run when the text changes before it ends (a big file's first analysis takes
// seconds); the sections it analysed are left for the next run, so a huge file under typing still
// gets there. Each is taken where it reads alike told what the sections before it now make arrays of tables.
test('a run given up leaves its sections to the next: each taken where it reads alike, analysed again where it does not', () => {
  const tables = '[agents.x.tools]\nallowed = ["Bash"]\n[skills.s]\ntools.allowed = ["Read"]\n';
  // The first run given up after its three sections: `[agents.x.tools]` was read as the last `[[agents]]` element's table.
  const first = new DocumentAnalyzer();
  const given = first.analyzeSteps(`[[agents]]\n${tables}`);
  for (let i = 0; i < 3; i++) assert.equal(given.next().done, false);
  const text = `# top\n${tables}`;
  const next = stepped(first.analyzeSteps(text));
  assert.deepEqual(snapshot(next.da), snapshot(new DocumentAnalyzer().analyze(text)));
  assert.equal(next.steps, 2, '`# top` and `[agents.x.tools]` analysed; `[skills.s]`, which reads no agent, taken');
  // A run after an edit, given up once it analysed `[[agents]]` and `[agents.x.tools]` again: the next
  // takes both (the text before the edit had them otherwise), and analyses only the section added.
  const edited = new DocumentAnalyzer();
  edited.analyze(text);
  const dropped = edited.analyzeSteps(`[[agents]]\n${tables}`);
  for (let i = 0; i < 2; i++) assert.equal(dropped.next().done, false);
  const later = `[[agents]]\n${tables}[dependencies.d]\nx = 1\n`;
  const after = stepped(edited.analyzeSteps(later));
  assert.deepEqual(snapshot(after.da), snapshot(new DocumentAnalyzer().analyze(later)));
  assert.equal(after.steps, 1);
});

// Edits whose sections, analysed again, depend on the text above them: which owners a `[[…]]` above
// makes arrays of tables, and where a string left open starts. Each version as a fresh analysis reads it.
const LONG_COMMENT = `# ${'x'.repeat(200)}\n`;
// `d = """` is left open, two sections above `e = 1`.
const LEFT_OPEN = `${LONG_COMMENT}[agents.a]\nd = """\n[agents.b]\n[agents.e]\ne = 1\n[agents.c.tools]\nallowed = ["Bash"]\n`;
const MOVED_UP = LEFT_OPEN.replace(LONG_COMMENT, '# \n');
const RESPLIT: Array<[string, string[]]> = [
  // `[agents.x.tools] x`, a header with more after it on its line, reaches no owner, so the
  // `[[agents]]` below it makes an array of tables; the section, analysed again as `"` is typed in
  // its header, is told only of what is above it.
  ['a header typed in a section above a `[[agents]]`', ['[skills.s]\nx = 1\n[dependencies.d]\ny = 1\n[agents.x.tools] x\nallowed = ["Bash"]\n[[agents]]\n[agents.y.tools]\nallowed = ["Read"]\n',
    '[skills.s]\nx = 1\n[dependencies.d]\ny = 1\n[agents.x.tools"] x\nallowed = ["Bash"]\n[[agents]]\n[agents.y.tools]\nallowed = ["Read"]\n']],
  // Where a string is left open moves with the text: a deletion above it, then `"""` typed below, which closes it.
  ['a string left open, moved up, then closed two sections below', [LEFT_OPEN, MOVED_UP, MOVED_UP.replace('e = 1\n', 'e = 1"""\n')]],
  // `x\"""` (a quote escaped, then two) made `\\"""`: the backslashes escape each other, and the quotes close the string.
  ['a string left open, closed two sections below by a backslash before the quotes it escaped', [LEFT_OPEN.replace('e = 1', 'e = "x\\"""'), LEFT_OPEN.replace('e = 1', 'e = "\\\\"""')]],
];

for (const [name, versions] of RESPLIT) {
  test(`an edit analysed with what is above it: ${name}`, () => {
    const analyzer = new DocumentAnalyzer();
    for (const text of versions) assert.deepEqual(snapshot(analyzer.analyze(text)), snapshot(new DocumentAnalyzer().analyze(text)), JSON.stringify(text));
  });
}

test('a text told arrays of tables that agree on the owners it reads (arraysRead) is read the same', () => {
  const told = [NO_ARRAYS, new Set(['agents']), new Set(['skills']), new Set(['agents', 'skills'])];
  // Keys before the first header (`agents.q = 1`): told none, the text may be the root table's.
  const parts = ['agents.q = 1\n', 'skills.q.tools.allowed = ["Bash"]\n', '[[agents]]\n', '[[skills]]\n', '[agents.x.tools]\nallowed = ["Bash"]\n',
    '[skills.s]\ntools.allowed = ["Shell"]\n', '[dependencies.d]\nx = 1\n', '[[agents]] x\n', '[agents]\ny.tools.allowed = ["Read"]\n', '[]\nagents.z = 2\n'];
  const r = rng(7);
  const read = (text: string, arrays: ReadonlySet<string>) => {
    const a = analyze(text, undefined, undefined, arrays);
    return { inElements: a.policies.inElements.size, findings: a.findings.map((f) => `${f.code}@${f.span.start}:${f.message}`) };
  };
  let alike = 0;
  for (let n = 0; n < 400; n++) {
    const text = Array.from({ length: 1 + Math.floor(r() * 5) }, () => parts[Math.floor(r() * parts.length)]!).join('');
    const reads = analyze(text).policies.arraysRead;
    for (const a of told) {
      for (const b of told) {
        if (a === b || !readAlike(reads, a, b)) continue;
        alike++;
        assert.deepEqual(read(text, a), read(text, b), `${JSON.stringify(text)} told ${[...a]} or ${[...b]}`);
      }
    }
  }
  assert.ok(alike > 1000, `${alike} pairs told alike`);
});

test('sections that let their models go give the same findings, fixes and model when asked again', () => {
  // More sections than models are kept, so the first ones are rebuilt from their text.
  const text = Array.from({ length: 150 }, (_, i) => `[agents.a${i}.tools]\nallowed = ["Bash(git log:*)", "shell", "mcp__gh__x", "shell"]\n`).join('');
  const kept = analyzeDocument(text);
  const released = new DocumentAnalyzer().analyze(text);
  const plain = (da: DocumentAnalysis) => documentFindings(da).map((f) => ({ code: f.code, span: f.span, message: f.message, fixes: f.fixes }));
  assert.deepEqual(plain(released), plain(kept));
  assert.deepEqual(released.units[0]!.analysis.entries.map((e) => e.raw), kept.units[0]!.analysis.entries.map((e) => e.raw));
  assert.equal(released.units[0]!.analysis.doc.text, kept.units[0]!.analysis.doc.text);
});

test('sections kept across edits do not keep the text of the version they came from alive', () => {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  // Sections of 26 characters: V8 makes a slice of 13 or more a view of the whole text.
  const count = 20_000;
  let text = Array.from({ length: count }, (_, i) => `[agents.a${String(i).padStart(5, '0')}]\nmodel = 'x'\n`).join('');
  const analyzer = new DocumentAnalyzer();
  analyzer.analyze(text);
  const heap = () => (gc(), process.memoryUsage().heapUsed);
  const start = heap();
  // Each edit in another section: each version's text (0.5 MB) must not stay behind.
  for (let k = 0; k < 60; k++) {
    const at = text.indexOf(`[agents.a${String(k * 300).padStart(5, '0')}]`) + 26;
    text = `${text.slice(0, at)}y${text.slice(at + 1)}`;
    analyzer.analyze(text);
  }
  const grown = (heap() - start) / 2 ** 20;
  assert.ok(grown < 10, `the heap grew by ${grown.toFixed(1)} MB over 60 edits`);
});

test('every string left open is remembered: an edit that closes a later one, after the first was closed, splits as a fresh analysis does', () => {
  const v1 = "a = '''\n[agents.b]\nx = \"\"\"\n[agents.c]\n[agents.d]\ntools.allowed = [\"bsh\"]\n";
  const v2 = v1.replace("a = '''", 'a = 1');
  const v3 = `${v2}"""\n`;
  const analyzer = new DocumentAnalyzer();
  for (const text of [v1, v2, v3]) assert.deepEqual(snapshot(analyzer.analyze(text)), snapshot(new DocumentAnalyzer().analyze(text)), JSON.stringify(text));
  assert.deepEqual(documentFindings(analyzer.analyze(v3)), [], 'x = """ ... """ is one valid string');
  // Typing far below an open string re-splits only around the change, and still agrees.
  const big = `a = """\n${Array.from({ length: 200 }, (_, i) => `[agents.a${i}.tools]\nallowed = ["Bash"]\n`).join('')}`;
  analyzer.analyze(big);
  const at = big.lastIndexOf('Bash');
  for (const edit of ['x', '"', '""', '"""']) {
    const text = `${big.slice(0, at)}${edit}${big.slice(at)}`;
    assert.deepEqual(snapshot(analyzer.analyze(text)), snapshot(new DocumentAnalyzer().analyze(text)), edit);
  }
});

// Small documents of lines that move section starts, open and close strings, clash across sections,
// turn codes off file-wide, and read or write an owner's lists from another section; each edited at
// random, edit after edit, by an analyzer that keeps its last version, against a fresh analysis of
// each text: findings, fixes, where the strings never closed begin, and fix-all.
const EDIT_LINES = ['[a]', '[a.b]', 'b = 1', 'b.c = 2', '[[agents]]', '[agents.x.tools]', '[agents.x.tools.bash]', '"git *" = "allow"', 'allowed = ["bash(git *)", "Shell"]',
  'disallowed = ["read"]', 'x = """', 'y = \'\'\'', '"""', '\'\'\'', 'z = "\\"""', '# mars-ignore-file: non-canonical', '# mars-ignore: non-canonical', 'v = [', ']', '[skills.s]',
  'tools.allowed = ["Read", "grpe"]', '\ufeff[y]', 'k = 1\r', '[agents.x.tools]\nallowed = ["bash(git *)"]', '[agents.x.tools.bash]\n"git *" = "allow"', '[agents]\nx.tools.disallowed = ["bash(git *)"]'];
const EDIT_INSERTS = ['\n', '\r', '[', ']', '"', '"""', "'''", '\\', '#', 'a', '[a]\n', '[a.b]\n', 'b = 1\n', '\n[[agents]]\n', '# mars-ignore-file: non-canonical\n', '', 'allowed = ["bash(git *)"]\n'];

test('edits after edits of small documents of every kind of line: what a fresh analysis of each text gives, fix-all included', () => {
  const r = rng(5);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  for (let round = 0; round < 60; round++) {
    const sample = `${Array.from({ length: 4 + Math.floor(r() * 10) }, () => pick(EDIT_LINES)).join('\n')}\n`;
    const analyzer = new DocumentAnalyzer();
    analyzer.analyze(sample);
    for (const { text, label } of randomEdits(sample, r, EDIT_INSERTS, 25)) {
      const da = analyzer.analyze(text);
      const fresh = new DocumentAnalyzer().analyze(text);
      assert.deepEqual({ ...snapshot(da), fixAll: documentFixAll(da) }, { ...snapshot(fresh), fixAll: documentFixAll(fresh) }, `${JSON.stringify(sample)} ${label}`);
    }
  }
});
