// Big sections are cut into pieces analysed apart (toml/chunks.ts): where the cuts fall, when a
// section stays whole, and that a cut document says exactly what the whole text analysed at once
// says, fixes included.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, fixAllEdits, visibleFindings } from '../../server/src/analysis/analyze';
import { applyEdits } from '../../server/src/analysis/edits';
import { analyzeDocument, DocumentAnalyzer, documentFindings, type DocumentAnalysis } from '../../server/src/analysis/document';
import { documentFixAll } from '../../server/src/analysis/documentFixAll';
import type { Finding } from '../../server/src/analysis/findings';
import { readWhole } from '../../server/src/analysis/policies';
import { chunkSection } from '../../server/src/toml/chunks';
import { agentsTable } from '../support/bigToml';
import { rng } from '../support/rng';
import { randomEdits } from '../support/text';
import { tomlEditErrorLine } from '../support/tomlEdit';
// @ts-expect-error: a plain ES module of the benchmark, no types
import { bigMarsToml } from '../../scripts/bench/generate.mjs';

const plain = (fs: readonly Finding[]) =>
  fs.map((f) => ({ code: f.code, severity: f.severity, span: f.span, message: f.message, related: f.related, fixes: f.fixes }));

function wholeText(text: string) {
  const whole = analyze(text);
  return plain(visibleFindings(whole));
}

const pieces = (da: DocumentAnalysis) => da.units.filter((u) => !u.sectionStart).length;

// A table of agents, and the same with its first agent one whose group would be cut before (its hash 0
// modulo 16): a cut is made only between two groups, never before the first.
const CUT_TABLES: Array<[string, () => string]> = [
  ['a table of agents', () => agentsTable(400)],
  ['its first group one a cut would be made before, were it not the first', () => agentsTable(400).replaceAll('"agent 0".', 'first-4.')],
];

for (const [name, make] of CUT_TABLES) test(`chunks: a big table is cut only before a new group, with the comments that lead it: ${name}`, () => {
  const text = make();
  const chunks = chunkSection(text, 0, text.length);
  assert.ok(chunks && chunks.cuts.length > 5, `cuts: ${chunks?.cuts.length}`);
  assert.equal(chunks.header, '[agents]  # every agent of the team\n'.length);
  const owner = (line: string) => /^"?((?:agent|first)[ -]\d+)"?\./.exec(line)?.[1];
  let last = 0;
  for (const cut of chunks.cuts) {
    assert.ok(cut > last && text[cut - 1] === '\n', `cut ${cut} is at a line start, after the one before`);
    const before = text.slice(0, cut - 1).split('\n');
    assert.ok(before.at(-1)!.trim() !== '' && !before.at(-1)!.trim().startsWith('#'), `the line before cut ${cut} is a statement's: ${before.at(-1)}`);
    const previous = before.reverse().map(owner).find((o) => o !== undefined);
    const next = text.slice(cut).split('\n').map(owner).find((o) => o !== undefined);
    assert.ok(previous && next && previous !== next, `cut ${cut} is between two agents: ${previous} | ${next}`);
    last = cut;
  }
});

const WHOLE: Array<[string, string]> = [
  ['a small section', agentsTable(20)],
  ['an array of tables', agentsTable(400).replace('[agents]', '[[agents]]')],
  ['a group that comes back', `${agentsTable(400)}agent-3.tools.disallowed = ["bash"]\n`],
  ['a quoted key with an escape', agentsTable(400).replace('"agent 9"', '"agent\\u0020nine"')],
  ['a header ending with a lone CR', agentsTable(400).replace('team\n\n', 'team\r\r')],
  ['an inline table left open over lines', agentsTable(400).replace('agent-1.description', 'agent-1.extra = { a = 1,\n  b = 2 }\nagent-1.description')],
  // ... its next line read as a key of a group a cut is made before (`first-4`), and of no group that comes back.
  ['an inline table left open over lines, its next line a key a cut would be made before', agentsTable(400).replace(/^(agent-1\.tools\.allowed = .*)$/m, '$1\nagent-1.extra = { a = 1,\n  first-4 = 2 }')],
  // Its keys all act on one another: a map-form key is moved into `allowed`.
  ['a tools table of 2,000 map-form keys', `[agents.x.tools]\nallowed = ["read"]\n${Array.from({ length: 2000 }, (_, i) => `tool_${i} = "allow"\n`).join('')}`],
  ['a tools table under a quoted header', `[ "agents" . 'x' . "tools" ]\nallowed = ["read"]\n${Array.from({ length: 2000 }, (_, i) => `tool_${i} = "allow"\n`).join('')}`],
  // An agent's own table: `allowed` there is moved into `tools.allowed`, whatever lies between.
  ['an agent\'s own table', `[agents.a]\ntools.allowed = ["read"]\n${Array.from({ length: 700 }, (_, i) => `k${i} = "xxxxxxxxxxxxxxxxxxxx"\n`).join('')}allowed = ["Read"]\n`],
  ['a table one typo from `tools`', `[agents.a.tool]\nallowed = ["read"]\n${Array.from({ length: 700 }, (_, i) => `k${i} = "xxxxxxxxxxxxxxxxxxxx"\n`).join('')}deny = ["bash"]\n`],
  // A table below a tools table: its fix removes it whole, header and key/values (moves.ts), of which a piece has only part.
  ['a table below a tools table', `[agents.a.tools.sub]\n${Array.from({ length: 700 }, (_, i) => `k${i} = "xxxxxxxxxxxxxxxxxxxx"\n`).join('')}`],
  ['an [agents] table of one agent', `[agents]\na.tools.allowed = ["read"]\n${Array.from({ length: 700 }, (_, i) => `a.k${i} = "xxxxxxxxxxxxxxxxxxxx"\n`).join('')}a.allowed = ["Read"]\n`],
  // A root table meant as `tools` or `agents`: its lists and rules are said in one finding on its name, of which a piece
  // said its own alone (800 rules: "… and 4 more"; the agents of the first piece, "of agent `a0`").
  ['a root table meant as `tools`', `[permission]\n${Array.from({ length: 800 }, (_, i) => `bash."cmd${i} *" = "allow"\n`).join('')}`],
  ['a root table meant as `tools`, quoted', `[ "Tools" ]\n${Array.from({ length: 1200 }, (_, i) => `tool_${i} = "allow"\n`).join('')}`],
  ['a root table one typo from `agents`', `[agent]\n${Array.from({ length: 800 }, (_, i) => `a${i}.tools.allowed = ["read", "grep"]\n`).join('')}`],
];

for (const [name, text] of WHOLE) {
  test(`chunks: ${name} stays whole`, () => {
    assert.equal(chunkSection(text, 0, text.length, readWhole), null);
  });
}

test('chunks: a root table meant as `tools` is said whole, as the whole text says it', () => {
  const text = `[permission]\n${Array.from({ length: 800 }, (_, i) => `bash."cmd${i} *" = "allow"\n`).join('')}`;
  assert.deepEqual(plain(documentFindings(analyzeDocument(text))), wholeText(text));
  assert.match(documentFindings(analyzeDocument(text))[0]!.message, / and 795 more here apply to no agent or skill\.$/);
});

test('chunks: a tool list far below the tools table of a big agent table is still removed by fix-all, its entries held', () => {
  const text = `[agents.a]\ntools.disallowed = ["grep"]\ndescription = """\n${'d'.repeat(17_000)}\n"""\ndisallowedTools = ["grep"]\n`;
  const findings = plain(documentFindings(analyzeDocument(text)));
  assert.deepEqual(findings, wholeText(text));
  assert.deepEqual(findings.flatMap((f) => f.fixes.map((x) => x.title)), ['Remove `disallowedTools`: `tools.disallowed` already holds its entries']);
  assert.equal(applyEdits(text, documentFixAll(analyzeDocument(text))), text.replace('disallowedTools = ["grep"]\n', ''));
});

test('chunks: a map-form key far below `allowed` in a big tools table is still moved into it', () => {
  const text = `[agents.x.tools]\nallowed = ["read"]  # ${'c'.repeat(17_000)}\nplan_mode = "allow"\n`;
  const findings = plain(documentFindings(analyzeDocument(text)));
  assert.deepEqual(findings, wholeText(text));
  assert.deepEqual(findings.flatMap((f) => f.fixes.map((x) => x.title)), ['Move "plan_mode" into `allowed`', 'Remove `plan_mode`']);
});

// The root table holding thousands of `agents.<name>.tools.<list>` keys, its lines broken and begun every way.
const rootTable = () => Array.from({ length: 1500 }, (_, i) => `agents.a${i}.tools.${i % 5 ? 'allowed' : 'disallowed'} = ["Read", "shel"${i % 11 ? '' : ', "bash(git log:*)"'}]\n`).join('');
const ROOT_TABLE: Array<[string, () => string]> = [
  ['LF', rootTable],
  ['CRLF', () => rootTable().replace(/\n/g, '\r\n')],
  ['a byte order mark', () => `\ufeff${rootTable()}`],
  ['a byte order mark and CRLF', () => `\ufeff${rootTable()}`.replace(/\n/g, '\r\n')],
];

const SAMPLES: Array<[string, () => string]> = [
  ['an [agents] table of 400 agents', () => agentsTable(400)],
  ['the benchmark file at 1,200 overlays (a cut root table and [agents] table)', () => bigMarsToml(3, 1200).text],
  ['CRLF line breaks', () => agentsTable(300, 2).replace(/\n/g, '\r\n')],
  // A byte order mark before the header, or before the root table's first key, is no key the scan cannot read.
  ['a byte order mark', () => `\ufeff${agentsTable(300, 2)}`],
  ['a byte order mark and CRLF line breaks', () => `\ufeff${agentsTable(300, 2)}`.replace(/\n/g, '\r\n')],
  ...ROOT_TABLE.map(([name, make]): [string, () => string] => [`a root table of agent keys, ${name}`, make]),
  // Past the section's syntax error (two statements joined by a Backspace): one syntax error, no
  // judgement of what later keys are (`broken` is no agent table), and fix-all stops there.
  ['a syntax error early in the table', () => {
    const lines = agentsTable(400).split('\n');
    lines.splice(4, 2, `${lines[4]}${lines[5]}`);
    return `${lines.join('\n')}broken = "x"\nlast.tools.allowed = ["read" "grep"]\n`;
  }],
  // Past the error, a list beside the tools table (`disallowedTools`, `tool.allowed`) is judged by
  // the whole section no more than an agent that is no table: its piece must not say it is misplaced.
  ['lists outside the tools table past a syntax error', () => {
    const lines = agentsTable(400).split('\n');
    lines.splice(4, 2, `${lines[4]}${lines[5]}`);
    return `${lines.join('\n')}late.disallowedTools = ["grep"]\nlater.tool.allowed = ["read"]\n`;
  }],
  // A later piece's first error is a later error of the whole section: past it, both guess alike. Quotes paired the
  // wrong way leave its list open over the line below, whose key read as an entry of it in the whole section only.
  ['a later error whose quotes leave its list open, past an error in an earlier piece', () => {
    const lines = agentsTable(400).split('\n');
    lines.splice(4, 2, `${lines[4]}${lines[5]}`);
    return `${lines.join('\n')}late.tools.allowed = ["gre"p", "grep"]\n"c d".tools.allowed = ["grep"]\n`;
  }],
  // So is a list of no agent or skill (`allowed` at the root, `tools.deny`) in a later piece of a root table, cut between
  // its keys' first names, past its error.
  ['lists of no agent or skill past a syntax error early in the root table', () => {
    const lines = Array.from({ length: 1500 }, (_, i) => `k${i}.name = "xxxxxxxxxxxxxxxxxxxx"`);
    lines.splice(4, 2, `${lines[4]}${lines[5]}`);
    return `${lines.join('\n')}\nallowed = ["read"]\ntools.deny = ["web"]\n`;
  }],
  // The same past an error the parser reads through (a key defined twice): Mars stops there too.
  ['lists outside the tools table and an agent that is no table past a key defined twice', () => {
    const lines = agentsTable(400).split('\n');
    lines.splice(5, 0, lines[4]!);
    return `${lines.join('\n')}late.disallowedTools = ["grep"]\nlater.tool.allowed = ["read"]\nbroken = "x"\n`;
  }],
];

for (const [name, make] of SAMPLES) {
  test(`chunks: ${name} gives what the whole text gives, fixes included`, () => {
    const text = make();
    const da = analyzeDocument(text);
    assert.ok(pieces(da) > 5, `pieces: ${pieces(da)}`);
    assert.deepEqual(plain(documentFindings(da)), wholeText(text));
    // Released models are rebuilt under the same hidden header.
    assert.deepEqual(plain(documentFindings(new DocumentAnalyzer().analyze(text))), wholeText(text));
    // Fix-all settles each piece on its own, and lands where it does on the whole text.
    assert.equal(applyEdits(text, documentFixAll(da)), applyEdits(text, fixAllEdits(analyze(text))));
  });
}

test('chunks: an edit in a piece re-analyses that piece only, and the result is what a fresh analysis gives', () => {
  const text = agentsTable(400);
  const analyzer = new DocumentAnalyzer();
  const before = analyzer.analyze(text);
  const at = text.indexOf('"shell"', text.length >> 1);
  const edited = `${text.slice(0, at)}"shel"${text.slice(at + 7)}`;
  const after = analyzer.analyze(edited);
  const fresh = after.units.filter((u, i) => u.analysis !== before.units[i]?.analysis);
  assert.equal(fresh.length, 1);
  assert.deepEqual(plain(documentFindings(after)), wholeText(edited));
});

test('chunks: random edits of a cut table agree with a fresh analysis of each text', () => {
  const r = rng(9);
  const inserts = ['\n', 'x', '"', '\n[agents.z.tools]\nallowed = ["Bash"]\n', '# mars-ignore\n', 'agent-5.tools.allowed = ["ls"]\n', '', '[', '"""'];
  const analyzer = new DocumentAnalyzer();
  const table = agentsTable(300, 4);
  analyzer.analyze(table);
  for (const { text, label } of randomEdits(table, r, inserts, 60)) {
    const got = analyzer.analyze(text);
    const expected = new DocumentAnalyzer().analyze(text);
    assert.deepEqual(got.units.map((u) => [u.start, u.base, u.startLine]), expected.units.map((u) => [u.start, u.base, u.startLine]), label);
    assert.deepEqual(plain(documentFindings(got)), plain(documentFindings(expected)), label);
  }
});

// A piece is analysed under a hidden copy of its section's header, so `[agents]` + piece is the
// same text as a section `[agents]` holding that piece: the two analyses define different things
// and must never stand in for each other.
test('a piece and a section with the same text are not mistaken for each other, edited or in one file', () => {
  const head = '[agents]\n';
  const text = head + Array.from({ length: 600 }, (_, i) => `a${i}.tools.allowed = ["read"]\n`).join('');
  const analyzer = new DocumentAnalyzer();
  const before = analyzer.analyze(text);
  const cut = before.units[1]!.start;
  assert.ok(pieces(before) > 0, 'the section is cut');
  const codes = (da: DocumentAnalysis) => documentFindings(da).map((f) => `${f.code}@${f.span.start}: ${f.message}`);
  // A second [agents] header right where a piece starts: its text is the piece's analysed text.
  const edited = `${text.slice(0, cut)}${head}${text.slice(cut)}`;
  const fresh = codes(new DocumentAnalyzer().analyze(edited));
  assert.deepEqual(fresh, [`toml-syntax@${cut}: TOML syntax error: table \`[agents]\` is defined twice`]);
  assert.deepEqual(codes(analyzer.analyze(edited)), fresh);
  assert.deepEqual(codes(analyzer.analyze(text)), [], 'and removing it again leaves no stale error');
  // In one file: a later section whose text is an earlier piece's analysed text.
  const pieceText = text.slice(before.units[1]!.start, before.units[2]!.start);
  const twice = `${text}${head}${pieceText}`;
  assert.deepEqual(codes(analyzeDocument(twice)), [`toml-syntax@${text.length}: TOML syntax error: table \`[agents]\` is defined twice`]);
});

// Past a piece with a syntax error, each later piece is read on its own, as the section's scan cut it, and the scan
// and the parser may pair quotes apart past the error: here the scan reads a list left open (`["read"[, …]`) to the
// `]` below `late` and a `'''` in a key as a string's opening, which the `'''` of `late` closes, while the parser
// ends that list at the next key (`mid0`), reads no string in the key, and opens one at `late` that runs to the end
// of the section. Its pieces read the agents below as written; the whole section reads them as that string. By
// design: Mars stops at the first error, which both say; past it each is a guess, and fix-all changes nothing there
// (nor anything else: both write the same). Merging the pieces past an error would re-analyse the rest of a big
// section at each key typed while it holds one. (Why the differential test compares findings only up to a second
// piece with an error, or to the first piece past an error that starts inside a statement of the whole section's
// reading: a `'''` put in after a lone CR, past an error, that opens a string to the end of the section.)
test('chunks: past an error, a piece and the whole section may pair quotes apart; both say the first error, and fix-all writes the same', () => {
  const lines = agentsTable(400).split('\n');
  lines.splice(1, 0, 'early.tools.allowed = ["read"[, "edit"]', 'mid0.tools.allowed = ["read"]', "mid.t'''x = 1", 'mid2.tools.allowed = ["read"]', "late.tools.allowed = ['''", ']');
  const text = lines.join('\n');
  const da = analyzeDocument(text);
  assert.ok(pieces(da) > 5, `pieces: ${pieces(da)}`);
  const late = text.indexOf("'''", text.indexOf('late'));
  const syntax = (fs: readonly { code: string; span: { start: number } }[]) => fs.filter((f) => f.code === 'toml-syntax').map((f) => f.span.start);
  const cut = plain(documentFindings(da));
  const whole = wholeText(text);
  assert.deepEqual(syntax(cut), [text.indexOf('[, "edit"]')]);
  assert.deepEqual(syntax(whole), syntax(cut));
  // Up to the string the parser opens, the same; past it, the whole section says nothing, the pieces what they read.
  assert.deepEqual(cut.filter((f) => f.span.start < late), whole.filter((f) => f.span.start < late));
  assert.deepEqual(whole.filter((f) => f.span.start >= late), []);
  assert.ok(cut.filter((f) => f.span.start >= late).length > 1000);
  assert.equal(applyEdits(text, documentFixAll(da)), applyEdits(text, fixAllEdits(analyze(text))));
});

// ---------------------------------------------------------------------------------------------
// Pieces against the whole text: a seeded, bounded differential test. Big `[agents]` tables (or
// root tables of `agents.…` keys) of a few hundred agents, with what fix-all meets in every piece:
// aliases, duplicates, map-form keys, misspelt and misplaced lists, allowed against disallowed,
// mars-ignore lines, comments, lists over lines, inline tables, commas left out (in several pieces:
// each keeps fix-all out of the pieces after it until its comma is in), other syntax errors, CRLF,
// a byte order mark, tabs, what TOML does not read as a blank (U+2028, U+200B, U+FEFF) between
// items and after a value, values without brackets in an inline table, names with white space
// around them; in half the documents, syntax characters and table headers put in at random. Cut
// in pieces, the document must say what it says with no section cut (up to a second piece with a
// syntax error, or a piece the whole section reads inside a statement past an error: past the
// first error, each later piece is read on its own, and may pair quotes apart from the whole
// section: see the test above), and fix-all must write the same text and count the same, as the
// server and as the checker's --fix read it, and settle; the first syntax error is said where Mars
// (toml_edit) finds one, on its line or above it.
// Replay another run with MARS_CHUNKS_SEED=<n>; MARS_CHUNKS_ROUNDS=<n> for more documents.
const CHUNKS_SEED = Number(process.env.MARS_CHUNKS_SEED ?? 20_261_203);
const CHUNKS_ROUNDS = Number(process.env.MARS_CHUNKS_ROUNDS ?? 24);
const CHUNKS_MS = 20_000;

function bigSection(r: () => number): string {
  const int = (n: number) => Math.floor(r() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const chance = (p: number) => r() < p;
  const odd = pick([0, 0.01, 0.03, 0.08]);
  const dropRate = pick([0, 0.002, 0.01, 0.03]);
  // A bounded number of errors: the whole text, the oracle, takes a pass over all of it for each.
  let drops = 0;
  const comma = () => (drops < 20 && chance(dropRate) ? (drops++, '') : ',');
  const str = (s: string) => (chance(0.1) ? `'${s}'` : JSON.stringify(s));
  const items = ['read', 'grep', 'Read', 'Bash', 'shell', 'bash(git log:*)', 'mcp__gh__x', 'bash()', 'grpe', 'web_fetch', 'cat'];
  const list = (n: number, multi: boolean) => {
    const xs = Array.from({ length: n }, () => (chance(odd) ? pick(items) : pick(['read', 'grep', 'edit'])));
    if (!multi) return `[${xs.map((x, i) => `${i ? `${comma()} ` : ''}${str(x)}`).join('')}]`;
    return `[\n${xs.map((x, i) => `  ${str(x)}${i < n - 1 ? comma() : chance(0.5) ? ',' : ''}${chance(0.1) ? '  # c' : ''}\n`).join('')}]`;
  };
  const root = chance(0.2);
  const lines: string[] = [];
  for (let i = 0, n = 450 + int(150); i < n; i++) {
    const a = `${root ? 'agents.' : ''}${chance(0.05) ? `"a ${i}"` : `a${i}`}`;
    const k = int(100);
    if (chance(0.05)) lines.push(pick(['# note', '# mars-ignore', '# mars-ignore: non-canonical', '', '# mars-ignore: unknown-tool, duplicate-entry']));
    if (chance(odd)) {
      lines.push(pick([
        `${a}.tools.allowed = "read", "grep"`, `${a}.tools.allowed = "Read"`, `${a}.tools = { allowed = ["read"] disallowed = ["Bash"] }`,
        `${a}.tools = { allowed = ["read"], bash = "allow" }`, `${a}.tools.bash = "allow"`, `${a}.tools.allow = ["read"]`,
        `${a}.disallowedTools = ["grep"]`, `${a}.tool.allowed = ["Read"]`, `${a}.tools.allowed = ["read", "read"]`, `${a}.tools.mcp = ["gh"]`,
        `${a}.tools.allowed = ["read"\u00a0"grep"]`, `${a}.tools.allowed = ["read" "grep" "Bash"]`, `${a}.tools.allowed = ["read", "Read"]  # mars-ignore: non-canonical`,
        `${a}.x = `, `${a}.tools.allowed = ["read" # x`, `${a}.tools.allowed = ["read"] ["grep"]`, `${a} = "x"`,
        `${a}.tools.allowed = ["read"]\n${a}.tools.allowed = ["grep"]`, `${a}.tools.disallowed = ["read"]\n${a}.tools.allowed = ["read"]`,
        // What TOML does not read as a blank, between items or after a value; values without brackets in an inline table; names trimmed.
        `${a}.tools.allowed = ["read"\u2028"grep"]`, `${a}.tools.allowed = ["read"\u200b "Bash"]`, `${a}.tools.allowed = ["read"]\ufeff`, `${a}.tools.allowed = ["Read"]\u2028`,
        `${a}.tools = { allowed = "read", "Bash", disallowed = ["grep"] }`, `${a}.tools = { allowed = "read" "grep" }`, `${a}.tools.allowed = [" Bash ", "read\u0085", " foo "]`,
      ]));
    } else if (k < 60) lines.push(`${a}.tools.allowed = ${list(1 + int(3), chance(0.2))}`);
    else if (k < 75) lines.push(`${a}.tools = { allowed = ${list(1 + int(2), false)}${comma()} disallowed = ${list(1, false)} }`);
    else if (k < 90) lines.push(`${a}.description = "d ${i}"`, `${a}.tools.disallowed = ${list(1 + int(2), chance(0.2))}`);
    else lines.push(`${a}.tools.allowed = ${list(2, false)}${chance(0.3) ? '  # trailing' : ''}`);
  }
  let text = `${root ? '' : `${chance(0.2) ? '[agents.pre.tools]\nallowed = ["read"]\n\n' : ''}${chance(0.3) ? '[agents]  # all' : '[agents]'}\n`}${lines.join('\n')}\n`;
  if (chance(0.3)) text = text.replace(/\n/g, '\r\n');
  if (chance(0.15)) text = `\ufeff${text}`;
  if (chance(0.1)) text = text.replace(/ {2}/g, '\t');
  return text;
}

// Syntax characters and table headers put in at random (a bounded number a document): quotes and triple quotes that
// pair the wrong way, brackets and braces left open or closed twice, a lone CR, and headers that split the section
// in two (`[agents]` again: a table defined twice; `[[agents]]`: an array of tables after the table).
const SYNTAX = ['[', ']', '"', "'", '"""', "'''", '{', '}', ',', '=', '#', '\n', '\r', '.', '\\'];
const HEADERS = ['[agents]\n', '[agents.x.tools]\n', '[[agents]]\n', '[x]\n', '[a1]\n'];

function withSyntax(text: string, r: () => number): { text: string; put: string[] } {
  const put: string[] = [];
  for (let k = 0, n = 1 + Math.floor(r() * 5); k < n; k++) {
    let at = Math.floor(r() * (text.length + 1));
    const header = r() < 0.3;
    const s = header ? HEADERS[Math.floor(r() * HEADERS.length)]! : SYNTAX[Math.floor(r() * SYNTAX.length)]!;
    // A header at a line start, or where it falls (a line cut in two by it).
    if (header && r() < 0.7) at = text.lastIndexOf('\n', at - 1) + 1;
    text = text.slice(0, at) + s + text.slice(at);
    put.push(`${JSON.stringify(s)} at ${at}`);
  }
  return { text, put };
}

/**
 * Where a piece past a piece with a syntax error starts inside a statement of the whole section's reading (the
 * parser's quotes paired apart from the scan's, see the test above): from there on, each reads its own guess.
 */
function pairedApart(cut: DocumentAnalysis, whole: DocumentAnalysis): number {
  let erred = false;
  for (const u of cut.units) {
    if (u.sectionStart) erred = false;
    else if (erred) {
      const w = [...whole.units].reverse().find((x) => x.start <= u.start)!;
      if (w.analysis.doc.sections.some((s) => s.entries.some((kv) => w.base + kv.span.start < u.start && u.start < w.base + kv.span.end))) return u.start;
    }
    if (u.analysis.unreadableFrom < u.analysis.text.length) erred = true;
  }
  return Infinity;
}

test('chunks: a big section cut in pieces says and fixes what the whole text does (seeded, bounded)', async () => {
  const r = rng(CHUNKS_SEED);
  const started = performance.now();
  const failures: string[] = [];
  let documents = 0;
  let cut = 0;
  for (; documents < CHUNKS_ROUNDS && performance.now() - started < CHUNKS_MS; documents++) {
    // Half the documents get syntax characters or headers put in.
    const { text, put } = r() < 0.5 ? withSyntax(bigSection(r), r) : { text: bigSection(r), put: [] };
    const label = `document ${documents} of seed ${CHUNKS_SEED}${put.length ? ` (${put.join(', ')} put in)` : ''}`;
    const da = analyzeDocument(text);
    if (pieces(da) > 0) cut++;
    // The reference: the same document, no section cut in pieces. Not the text analysed at once (`analyze`): that
    // checks each section's syntax alone and leaves what only the whole document shows (a table defined twice by a
    // header put in, `[[agents]]` after `[agents]`) to the document, and its fix-all stops at the text's first
    // error, where the document's goes on in the sections after it.
    const whole = new DocumentAnalyzer({ oneShot: true, uncut: true }).analyze(text);
    // A piece errs where its reading stops, or where it holds any syntax error: one the model reads past (a trailing comma in an
    // inline table, TOML 1.1) is the section's first all the same, after which the whole section says no other (seed 22018).
    const syntaxAt = documentFindings(da).filter((f) => f.code === 'toml-syntax').map((f) => f.span.start);
    const errors = da.units.filter((u) => u.analysis.unreadableFrom < u.analysis.text.length || syntaxAt.some((at) => at >= u.start && at < u.start + u.analysis.text.length));
    // Up to a second piece with an error, or to a piece the whole section reads inside a statement past an error.
    const upTo = Math.min(errors[1]?.start ?? Infinity, pairedApart(da, whole));
    const said = (fs: readonly Finding[]) => plain(fs.filter((f) => f.span.start < upTo));
    try {
      assert.deepEqual(said(documentFindings(da)), said(documentFindings(whole)), `${label}: findings`);
    } catch (e) {
      failures.push(String(e).slice(0, 2000));
    }
    // The first error Mars stops at (toml_edit's), which matters most: one is said where Mars finds one, on Mars's
    // line or above it (a list or a string left open is said where it opens; Mars stops where it finds it open).
    const mars = await tomlEditErrorLine(text);
    const first = documentFindings(da).filter((f) => f.code === 'toml-syntax').map((f) => da.lines.position(f.span.start).line).sort((a, b) => a - b)[0] ?? null;
    if (mars !== undefined && ((mars === null) !== (first === null) || (mars !== null && first! > mars))) failures.push(`${label}: the first syntax error is said on line ${first}, Mars's is on line ${mars}`);
    const counted = { fixed: 0 };
    const fixed = applyEdits(text, documentFixAll(da, {}, undefined, counted));
    const wholeCounted = { fixed: 0 };
    const wholeFixed = applyEdits(text, documentFixAll(whole, {}, undefined, wholeCounted));
    if (fixed !== wholeFixed) failures.push(`${label}: fix-all writes another text than on the whole text`);
    if (counted.fixed !== wholeCounted.fixed) failures.push(`${label}: fix-all counts ${counted.fixed}, ${wholeCounted.fixed} on the whole text`);
    const checker = { fixed: 0 };
    const asChecker = applyEdits(text, documentFixAll(analyzeDocument(text, 'fix-all'), {}, undefined, checker));
    if (asChecker !== fixed || checker.fixed !== counted.fixed) failures.push(`${label}: read as --fix reads it, fix-all counts ${checker.fixed} of ${counted.fixed}${asChecker === fixed ? '' : ', another text'}`);
    const again = documentFixAll(analyzeDocument(fixed));
    if (again.length > 0) failures.push(`${label}: fix-all leaves ${again.length} edits to a second run`);
  }
  console.log(`# seed ${CHUNKS_SEED}: ${documents} documents, ${cut} cut in pieces, ${failures.length} failures, ${Math.round(performance.now() - started)} ms`);
  // About half the documents are cut, by chance: 10 or 12 of 24 at seeds 808 and 1616, 7 at seed 3333 (a third
  // fails about one seed in 30; a quarter, one in 300): the guard is that the generator still cuts.
  assert.ok(cut >= documents / 4, `${cut} of ${documents} cut in pieces`);
  assert.deepEqual(failures, []);
});
