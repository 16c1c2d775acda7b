// Tables across sections (toml/tables.ts): what no section parsed alone can see. Each case is a
// text in, the `toml-syntax` findings out as `text under the span: message`; then the same rules
// against toml_edit's (Mars's parser, built to WebAssembly) on whole documents, and kept right while
// the analyzer reuses sections.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'smol-toml';
import { analyzeDocument, DocumentAnalyzer, documentFindings, type DocumentAnalysis } from '../../server/src/analysis/document';
import { documentFixAll } from '../../server/src/analysis/documentFixAll';
import { applyEdits } from '../../server/src/analysis/edits';
import { rng } from '../support/rng';
import { parseToml } from '../../server/src/toml/parse';
import { KeyIndex, RootArrays, sectionDefinitions, tableConflicts } from '../../server/src/toml/tables';
import { tomlEditTakes } from '../support/tomlEdit';
import { fixClashes, type Finding } from '../../server/src/analysis/findings';

const syntax = (text: string, da: DocumentAnalysis = analyzeDocument(text)) =>
  documentFindings(da).filter((f) => f.code === 'toml-syntax').map((f) => `${text.slice(f.span.start, f.span.end)}: ${f.message.replace('TOML syntax error: ', '')}`);

const CASES: Array<[name: string, text: string, expected: string[]]> = [
  ['a table defined twice', '[a]\nx = 1\n[a]\n', ['[a]: table `[a]` is defined twice']],
  ['a header after the table got sub-tables is its definition', '[a.b.c]\n[a.b]\n[a]\n', []],
  ['a header for a table that a dotted key made', 'a.b = 1\n[a.c]\n[a]\n', ['[a]: `[a]` was already defined by a key/value pair']],
  ['a sub-table of a table that dotted keys made', '[a]\nb.c = 1\n[a.b.d]\n', []],
  ['a header below an inline table', '[agents]\nreviewer = { model = "opus" }\n\n[agents.reviewer.tools]\nallowed = ["Bash"]\n',
    ['[agents.reviewer.tools]: `agents.reviewer` is an inline table; `[agents.reviewer.tools]` cannot add to it']],
  ['a header below an array', '[a]\nb = [1]\n[a.b.c]\n', ['[a.b.c]: `a.b` is an array; `[a.b.c]` cannot add to it']],
  ['a header below a value', 'a = 1\n[a.b]\n', ['[a.b]: `a` is a value, not a table; `[a.b]` cannot add to it']],
  ['dotted keys into a table with its own header', '[agents.coder.tools]\nallowed = ["read"]\n[agents]\ncoder.tools.disallowed = ["edit"]\n',
    ['tools: `agents.coder.tools` is a table that a [header] made; dotted keys cannot add to it']],
  ['dotted keys ending in a table a header made on its way', '[a.b.c]\nz = 9\n[a]\nb.d = 1\n', ['b: `a.b` is a table that a [header] made; dotted keys cannot add to it']],
  // toml_edit takes these three (smol-toml and tomllib do not): through a table a header only made on its way, or an array of tables' last element.
  ['dotted keys through such a table to a new one', '[a.b.c]\n[a]\nb.x.y = 1\n', []],
  ['dotted keys through a table made on the way to [[…]]', '[[a.b.c]]\n[a]\nb.x.y = 1\n', []],
  ['dotted keys through an array of tables to a new table', '[[a.b]]\n[a]\nb.x.y = 1\n', []],
  // ...but not these (smol-toml takes the first).
  ['dotted keys ending in a table made on the way to [[…]]', '[[a.b.c]]\n[a]\nb.x = 1\n', ['b: `a.b` is a table that a [header] made; dotted keys cannot add to it']],
  ['dotted keys ending in an array of tables', '[[a.b]]\n[a]\nb.x = 1\n', ['b: `a.b` is an array of tables; dotted keys cannot add to it']],
  ['dotted keys through a table a header defined', '[a.b]\n[a]\nb.x.y = 1\n', ['b: `a.b` is a table that a [header] made; dotted keys cannot add to it']],
  ['a key that a later section already made a table', '[a.b]\n[a]\nb = 1\n', ['b: `a.b` is already defined, as a table']],
  ['[a] after [[a]]', '[[a]]\n[a]\n', ['[a]: `[a]`: `a` is an array of tables ([[a]]), not a table']],
  ['[[a]] after [a]', '[a]\n[[a]]\n', ['[[a]]: `[[a]]`: `a` is already a table']],
  ['[[a]] after a = [1]', 'a = [1]\n[[a]]\n', ['[[a]]: `[[a]]` was already defined by a key/value pair']],
  ['each [[x]] element has its own sub-tables', '[[x]]\n[x.y]\n[[x]]\n[x.y]\n', []],
  ['one element cannot define a sub-table twice', '[[x]]\n[x.y]\n[x.y]\n', ['[x.y]: table `[x.y]` is defined twice']],
  ['a clash inside one section is the section check\'s, reported once', '[a]\nb = 1\nb = 2\n[a.c]\n', ['b: `b` is already defined: a key is defined once']],
  ['...also when the key passed through a table another section made', '[a.b.c]\n[a]\nb.x.y = 1\nb.x = 2\n', ['b.x: `b.x` is already defined, as a table, by `b.x.y`']],
  ['keys under a header that clashed add no more findings', '[a]\n[a]\nb = 1\n[a.b]\n', ['[a]: table `[a]` is defined twice']],
  // A header that names nothing yet (`[` typed): its keys are in a table of their own, not the one above; only the
  // section's own syntax error is said.
  ['keys under a header being typed', '[a]\nb = 1\n[\nb = 2\n', ['[: this table header is not closed: add `]`']],
];

for (const [name, text, expected] of CASES) {
  test(`tables: ${name}`, () => {
    assert.deepEqual(syntax(text), expected);
  });
}

// Where a clash across sections says the earlier definition is ("defined here"): in the earlier
// section, placed from its own start, fresh and after edits that move both sections and edit one
// (the clash kept from the version before, placed again). [name, text, the clashes: under the span, and under the place "defined here"]
const DEFINED_HERE: Array<[name: string, text: string, clashes: Array<[at: string, definedHere: string]>]> = [
  ['a table defined twice', '[a]\nx = 1\n[ "a" ]\n', [['[ "a" ]', '[a]']]],
  ['a header for a table a dotted key made', 'a.b = 1\n[a.c]\n[ a ]\n', [['[ a ]', 'a']]],
  ['dotted keys into a table with its own header', '[agents.coder.tools]\nallowed = ["read"]\n[agents]\ncoder.tools.disallowed = ["edit"]\n', [['tools', '[agents.coder.tools]']]],
  ['an array of tables after a table, two sections apart', '[a]\n[b]\ny = 2\n[[a]]\n', [['[[a]]', '[a]']]],
];

for (const [name, text, clashes] of DEFINED_HERE) {
  test(`tables: "defined here" is the earlier definition: ${name}`, () => {
    const said = (t: string, da: DocumentAnalysis) =>
      documentFindings(da).filter((f) => f.code === 'toml-syntax').map((f) => [t.slice(f.span.start, f.span.end), ...(f.related ?? []).map((r) => t.slice(r.span.start, r.span.end))]);
    const expected = clashes.map(([at, here]) => [at, here]);
    assert.deepEqual(said(text, analyzeDocument(text)), expected, 'fresh');
    const analyzer = new DocumentAnalyzer();
    analyzer.analyze(text);
    // Every section moved by a line above them, then the last one edited, its definitions the same.
    const moved = `# top\n${text}`;
    const edited = `${moved}# end\n`;
    for (const t of [moved, edited]) assert.deepEqual(said(t, analyzer.analyze(t)), expected, JSON.stringify(t));
  });
}

// What a table header written in a section, with the keys below it, clashes with in the others (`fixClashes`, through
// `KeyIndex.defines`, for a fix writing one, `Fix.createsHeader` and `Fix.createsKeys`): the header is written in the text, and
// the verdict is toml_edit's and smol-toml's.
// [name, text, the header, whether another section clashes with it]
const HEADER_CLASHES: Array<[name: string, text: string, header: string, clash: boolean]> = [
  ['below a table another header made', '[agents.d]\ndescription = "x"\n[agents.d.tools]\n', '[agents.d.tools]', false],
  ['above a header below it', '[agents.a.tools]\n[agents.a.tools.sub]\nx = 1\n', '[agents.a.tools]', false],
  ['below a table dotted keys made', '[agents]\nd.model = "m"\n[agents.d.tools]\n', '[agents.d.tools]', false],
  ['below an array of tables written before it: its last element\'s', '[[agents]]\nname = "a"\n[agents.d.tools]\n', '[agents.d.tools]', false],
  // Its own keys go into the element it makes: no clash with the array of tables its own header writes.
  ['as an array of tables, with a key of its own', '[[agents]]\nname = "a"\n', '[[agents]]', false],
  ['at a header', '[agents.d.tools]\n[agents.d.tools]\n', '[agents.d.tools]', true],
  ['at a table dotted keys made', '[agents]\nd.tools.x = 1\n[agents.d.tools]\n', '[agents.d.tools]', true],
  ['at a key', '[agents.d]\ntools = 1\n[agents.d.tools]\n', '[agents.d.tools]', true],
  ['below an inline table', '[agents]\nd = { model = "m" }\n[agents.d.tools]\n', '[agents.d.tools]', true],
  ['below a value', '[agents]\nd = "x"\n[agents.d.tools]\n', '[agents.d.tools]', true],
  ['below an array', '[agents]\nd = [1]\n[agents.d.tools]\n', '[agents.d.tools]', true],
  ['below an array of tables written after it', '[agents.d.tools]\n[[agents]]\nname = "a"\n', '[agents.d.tools]', true],
  ['just below an array of tables written after it', '[agents.d.tools]\n[[agents.d]]\nname = "a"\n', '[agents.d.tools]', true],
  ['below a table dotted keys put a value into after it', '[agents.d.tools]\n[agents]\nd.model = "m"\n', '[agents.d.tools]', true],
  // The header's own keys, written below it: a table a dotted key goes through, a key's path.
  ['with a dotted key through a table a header makes', '[agents.a.tools]\n[agents.a]\ntools.allowed = []\n', '[agents.a]', true],
  ['with a dotted key through a table a header below it made before it', '[agents.a.tools.sub]\n[agents.a]\ntools.allowed = []\n', '[agents.a]', true],
  ['with a dotted key through a table a header below it makes after it', '[agents.a]\ntools.allowed = []\n[agents.a.tools.sub]\n', '[agents.a]', false],
  ['with an inline table a header below it makes a table of', '[agents.a]\ntools = { allowed = [] }\n[agents.a.tools.sub]\n', '[agents.a]', true],
  ['with a key a header makes a table of', '[agents.a.model]\n[agents.a]\nmodel = "m"\n', '[agents.a]', true],
  ['after a header below it, with a key of its own', '[agents.a.tools.sub]\n[agents.a]\nmodel = "m"\n', '[agents.a]', false],
  ['with a dotted key through a table headers below it made before and after it', '[agents.a.tools.sub]\n[agents.a]\ntools.allowed = []\n[agents.a.tools.other]\n', '[agents.a]', true],
];

for (const [name, text, header, clash] of HEADER_CLASHES) {
  test(`tables: a header written ${name}`, async () => {
    const sections = parseToml(text).sections;
    const at = sections.findIndex((s) => s.header !== null && text.slice(s.header.span.start, s.header.span.end) === header);
    const names = sections[at]!.header!.key.parts.map((p) => p.name);
    const keys = sections[at]!.entries.map((kv) => [...names, ...kv.key.parts.map((p) => p.name)]);
    const index = new KeyIndex(sections.map((s) => [sectionDefinitions(s, text)]));
    assert.equal(fixClashes({ creates: names, createsHeader: true, createsKeys: keys }, (path, writing) => index.defines(path, at, writing)), clash);
    assert.equal(await tomlEditTakes(text), !clash);
    assert.doesNotThrow(() => (clash ? assert.throws(() => parse(text)) : parse(text)));
  });
}

test('tables: the verdict on whole documents is toml_edit\'s, on 20,000 random ones whose sections are each valid', async () => {
  const random = rng(7);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const path = () => Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(['a', 'b', 'c'])).join('.');
  const value = () => pick(['1', '[1]', '{}', '{ x = 1 }', '[{ y = 2 }]', '"s"']);
  const valid = (t: string) => {
    try {
      parse(t);
      return true;
    } catch {
      return false;
    }
  };
  let compared = 0;
  let invalid = 0;
  let smolDiffers = 0;
  const disagree: string[] = [];
  while (compared < 20_000) {
    const sections: string[] = [];
    const count = 2 + Math.floor(random() * 3);
    for (let s = 0; s < count; s++) {
      const header = s === 0 && random() < 0.5 ? '' : random() < 0.3 ? `[[${path()}]]` : `[${path()}]`;
      const keys = Array.from({ length: Math.floor(random() * 3) }, () => `${path()} = ${value()}`);
      sections.push([header, ...keys].filter(Boolean).join('\n'));
    }
    if (!sections.every(valid)) continue;
    const text = `${sections.join('\n')}\n`;
    compared++;
    const takes = await tomlEditTakes(text);
    if (!takes) invalid++;
    if (takes !== valid(text)) smolDiffers++;
    if (takes !== (syntax(text).length === 0)) disagree.push(JSON.stringify(text));
  }
  assert.ok(invalid > 2_000, `the corpus should hold many clashes (${invalid})`);
  // smol-toml, which checks each section, differs from toml_edit only on dotted keys through tables a header made (see tables.ts).
  assert.ok(smolDiffers > 0 && smolDiffers < 100, `smol-toml and toml_edit differ on ${smolDiffers}`);
  assert.deepEqual(disagree.slice(0, 10), []);
});

// A header is whole (closed, nothing after it on its line but blanks or a comment) before a CRLF line break too: in a
// CRLF file `[[agents]]` makes `agents` an array of tables; one still being typed, or with text after it, makes nothing.
const ROOT_ARRAYS: Array<[text: string, arrays: string[]]> = [
  ['[[agents]]\r\nx = 1\r\n', ['agents']],
  ['[[agents]] \t# c\r\n[[skills]]\r\n', ['agents', 'skills']],
  ['[[agents]]', ['agents']],
  ['[[agents\r\n[[skills]] x\r\n', []],
  // Keys under a header that names nothing yet are not the root table's: `agents = 1` there leaves `[[agents]]` an array of tables.
  ['[\nagents = 1\n[[agents]]\n', ['agents']],
  // Blanks TOML does not read after one leave it whole, a syntax error of their own (a no-break space, or a line
  // separator, which ends the line outside TOML); the sections below are read against it from the first.
  ['[[agents]]\u00a0\u3000# c\n[skills.x]\u2028\n[[skills]]\n', ['agents']],
  ['[[agents]]\u2028x = 1\n', ['agents']],
  ['[[agents]]\u00a0x\n', []],
];
for (const [text, arrays] of ROOT_ARRAYS) {
  test(`tables: the root arrays of tables of ${JSON.stringify(text)}`, () => {
    const roots = new RootArrays();
    for (const section of parseToml(text).sections) roots.addDefinitions(sectionDefinitions(section, text));
    assert.deepEqual(roots.arrays(), arrays);
  });
}

// A clash inside one section is left to the section's own TOML check (which reports it at the key or before it):
// the clashes across sections hold none of them, so a one-shot report or an analysis does not say one twice.
test('tables: tableConflicts holds no clash inside one section', () => {
  for (const text of ['[a]\nb = 1\nb = 2\n[a.c]\n', '[a.b.c]\n[a]\nb.x.y = 1\nb.x = 2\n']) {
    const conflicts = tableConflicts(parseToml(text).sections.map((s) => sectionDefinitions(s, text)));
    assert.deepEqual(conflicts.map((c) => c.message), [], text);
  }
});

// What was reached before a place, for an edit there to read on from: not what that place itself reached (its text is the edit's).
test('tables: RootArrays.before(at) holds what the places before `at` reached, not what `at` did', () => {
  const roots = new RootArrays();
  roots.add(null, () => ['x'], 0);
  roots.add({ names: ['agents'], array: true, whole: true }, () => [], 1);
  roots.add({ names: ['skills'], array: true, whole: true }, () => [], 2);
  assert.deepEqual([0, 1, 2, 3].map((at) => roots.before(at).arrays()), [[], [], ['agents'], ['agents', 'skills']]);
});

test('tables: the root keys RootArrays reads as arrays of tables are those smol-toml reads as arrays, on 5,000 random valid documents', () => {
  const random = rng(11);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const path = () => Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(['a', 'b'])).join('.');
  let compared = 0;
  let arrays = 0;
  while (compared < 5_000) {
    const sections: string[] = [];
    for (let s = 0, count = 1 + Math.floor(random() * 4); s < count; s++) {
      const header = s === 0 && random() < 0.5 ? '' : random() < 0.4 ? `[[${path()}]]` : `[${path()}]`;
      const keys = Array.from({ length: Math.floor(random() * 2) }, () => `${path()} = ${pick(['1', '[{ y = 2 }]', '{}'])}`);
      sections.push([header, ...keys].filter(Boolean).join('\n'));
    }
    const text = `${sections.join('\n')}\n`;
    let values: Record<string, unknown>;
    try {
      values = parse(text);
    } catch {
      continue;
    }
    compared++;
    const roots = new RootArrays();
    for (const section of parseToml(text).sections) {
      const defs = sectionDefinitions(section, text);
      roots.add(defs.header, () => defs.keys.map((k) => k.parts[0]!));
    }
    for (const name of ['a', 'b']) {
      // An inline array at the root is no array of tables: a header below it is a clash, not an element.
      const firstHeader = text.search(/^\[/m);
      const rootTable = firstHeader < 0 ? text : text.slice(0, firstHeader);
      const made = Array.isArray(values[name]) && !rootTable.split('\n').some((l) => l.startsWith(`${name} = [`));
      if (made) arrays++;
      assert.equal(roots.has(name), made, `${name} in ${JSON.stringify(text)}`);
    }
  }
  assert.ok(arrays > 500, `the corpus should hold many arrays of tables (${arrays})`);
});

test('tables: a clash stays where its key is while edits move it inside its section and elsewhere', () => {
  const analyzer = new DocumentAnalyzer();
  const versions = [
    '[a.b]\n[a]\nc = 1\nb = 1\n[z]\n',
    '[a.b]\n[a]\nc = 12345\nb = 1\n[z]\n', // the clash moves inside its section: definitions the same
    '# top\n[a.b]\n[a]\nc = 12345\nb = 1\n[z]\n', // every section moves
    '# top\n[a.b]\n[a]\nc = 12345\nbb = 1\n[z]\n', // no clash
    '# top\n[a.b]\n[a]\nc = 12345\nb = 1\n[z]\nq = 1\n', // back, with another section edited
  ];
  for (const text of versions) assert.deepEqual(syntax(text, analyzer.analyze(text)), syntax(text), text);
  assert.deepEqual(syntax(versions[1]!), ['b: `a.b` is already defined, as a table']);
});

// A table defined by two headers: the second's key/values moved up into the first, its header and the blank lines
// before it removed (the comments ending the first, which may be the next header's, stay after them); a guess (the
// second may have been meant for another table), never preferred nor in fix-all. Not where the merge would clash (a
// key of both, but for a list of strings in each, joined; a table a header between names under it), nor for `[[…]]`. [text, the text after the fix, or null: none]
const MERGES: Array<[text: string, fixed: string | null]> = [
  ['[agents.a.tools]\nallowed = ["read"]\n\n[agents.a.tools]\ndisallowed = ["bash"]\n', '[agents.a.tools]\nallowed = ["read"]\ndisallowed = ["bash"]\n'],
  ['[a]\nx = 1\n# b\'s\n[b]\ny = 2\n\n[a]\nz = """\n[q]\n"""  # c\n\n# c\'s\n[c]\n', '[a]\nx = 1\nz = """\n[q]\n"""  # c\n# b\'s\n[b]\ny = 2\n\n# c\'s\n[c]\n'],
  ['[a]\r\nx = 1\r\n[a]\r\ny = 2', '[a]\r\nx = 1\r\ny = 2\r\n'],
  ['[a]\r\nx = 1\r\n\r\n[b]\r\n\r\n[a]\r\ny = 2\r\n\r\n', '[a]\r\nx = 1\r\ny = 2\r\n\r\n[b]\r\n\r\n'],
  ['[a]\nx.y = 1\n[a.b]\n[a]\nx.z = 2\n', '[a]\nx.y = 1\nx.z = 2\n[a.b]\n'],
  // Nothing under the second: its header removed (its comment stays where it is).
  ['[a]\nx = 1\n[a]\n# nothing\n\n[b]\n', '[a]\nx = 1\n# nothing\n\n[b]\n'],
  // A key both define as a list of strings on one line: the second's items joined to the first's, those it holds left out.
  ['[agents.a.tools]\nallowed = ["read"]\n\n[agents.a.tools]\nallowed = [\'edit\', "read"]\ndisallowed = ["bash"]\n',
    '[agents.a.tools]\nallowed = ["read", \'edit\']\ndisallowed = ["bash"]\n'],
  ['[agents.a.tools]\r\nallowed = []\r\ndisallowed = ["x"] # c\r\n\r\n[agents.a.tools]\r\ndisallowed = ["bash", "x"]\r\nallowed = ["edit"]',
    '[agents.a.tools]\r\nallowed = ["edit"]\r\ndisallowed = ["x", "bash"] # c\r\n'],
  ['[a]\nx = ["a"]\n[a]\nx = ["a"]\n', '[a]\nx = ["a"]\n'],
  // Over lines: the first's laid out a line an item gets one a line, after the comma ending its last's line if any.
  ['[a]\nx = ["a"]\n[a]\nx = [\n"b"]\n', '[a]\nx = ["a", "b"]\n'],
  ['[a]\nx = [\n  "a",\n]\n[a]\nx = [\n  "b",\n  "c"\n]\ny = 1\n', '[a]\nx = [\n  "a",\n  "b",\n  "c",\n]\ny = 1\n'],
  ['[a]\r\nx = [\r\n    "a" # aa\r\n]\r\n[a]\r\nx = ["b", "c"]', '[a]\r\nx = [\r\n    "a", # aa\r\n    "b",\r\n    "c"\r\n]\r\n'],
  ['[a]\nx = [\n  "a"\n]\n[a]\nx = ["b"]\n', '[a]\nx = [\n  "a",\n  "b"\n]\n'],
  ['[a]\nx = [\n  "a", "b"\n  , "c"\n]\n[a]\nx = ["d"]\n', '[a]\nx = [\n  "a", "b"\n  , "c", "d"\n]\n'],
  // The comments on the second's lines kept, a line each where it was; not a mars-ignore there or above it, which
  // would come to speak of another line.
  ['[a]\nx = ["a"]\n\n[a]\nx = ["b"]  # why\ny = 1\n', '[a]\nx = ["a", "b"]\n# why\ny = 1\n'],
  ['[a]\nx = ["a"]\n[a]\n  x = [ # b\n    "b", # c\n  ]', '[a]\nx = ["a", "b"]\n  # b\n  # c\n'],
  // A comment on the second header's line kept, a line of its own with what moves, or where the header was; a mars-ignore-file
  // is the file's wherever it is (suppressProperties seed 8686: its merge took one away); not a mars-ignore of that line.
  ['[a]\nx = 1\n[a]  # mars-ignore-file: unknown-tool\ny = 2\n', '[a]\nx = 1\n# mars-ignore-file: unknown-tool\ny = 2\n'],
  ['[a]\nx = 1\n[a] # more\n\n[b]\n', '[a]\nx = 1\n# more\n\n[b]\n'],
  ['[a]\nx = 1\n[a]  # mars-ignore: unknown-tool\ny = 2\n', null],
  // Nor one above it, which spoke of it and would come to speak of the line after it (suppressProperties seed 15453).
  ['[agents.b.tools]\n# mars-ignore\n[agents.b.tools]\n\n[b]\n', null],
  ['[a]\nx = 1\n# mars-ignore: unknown-tool\n\n[a]\ny = 2\n', null],
  ['[a]\nx = ["a"]\n[a]\nx = ["b"] # mars-ignore: unknown-tool\n', null],
  ['[a]\nx = ["a"]\n[a]\n# mars-ignore: unknown-tool\n\nx = ["b"]\ny = 1\n', null],
  ['[a]\nx = 1\n[a]\nx = 2\n', null],
  ['[a]\nx = [1]\n[a]\nx = [2]\n', null],
  ['[a]\nx = ["a"]\n[a.x]\n[a]\nx = ["b"]\n', null],
  ['[a]\nx = { y = 1 }\n[a]\nx.z = 2\n', null],
  ['[a]\n[a.b]\nc = 1\n[a]\nb.d = 2\n', null],
  ['[a]\ny = [1 2]\n[a]\nx = 1\n', null],
];
/**
 * The one fix across sections of the clash `f` of `text` (a merge, a move), made when asked and in no fix-all: none where
 * `fixed` is null, else one, `preferred` or not, never safe, writing `fixed`, which toml_edit reads.
 */
async function holdsFixAcross(text: string, f: Finding, fixed: string | null, preferred: boolean): Promise<void> {
  const fixes = f.fixes;
  assert.equal(f.mayHaveSafeFix, false);
  if (fixed === null) return assert.deepEqual(fixes, []);
  assert.equal(fixes.length, 1);
  assert.deepEqual([fixes[0]!.preferred, fixes[0]!.safe], [preferred, false]);
  assert.equal(applyEdits(text, fixes[0]!.edits), fixed);
  assert.equal(await tomlEditTakes(fixed), true);
  assert.deepEqual(documentFixAll(analyzeDocument(text)), []);
}

for (const [text, fixed] of MERGES) {
  test(`a table defined twice, merged: ${JSON.stringify(text)}`, async () => {
    const found = documentFindings(analyzeDocument(text)).filter((f) => / is defined twice$/.test(f.message));
    assert.equal(found.length, 1);
    await holdsFixAcross(text, found[0]!, fixed, false);
  });
}

// A table a header and key/values of another section both define (either first): the key/values moved into the
// header's table, at its top, their keys from the part past it on (the entries of one written inline, a line each), a
// comment after one on its line going with it, their lines re-indented as the table's; a list of strings both write
// joined to the table's. Preferred (it says what the text does), but not in fix-all: it edits two sections. Not where a
// key moved would clash otherwise (with one of the table, or a table a header names under it), where a mars-ignore is on
// or above its lines, nor where the table is written as a value.
// [text, the text after the fix, or null: none; the clash's text, where not the first clash]
const MOVES: Array<[text: string, fixed: string | null, on?: string]> = [
  ['agents.a.tools.allowed = ["read"]\n\n[agents.a.tools]\ndisallowed = ["bash"]\n', '[agents.a.tools]\nallowed = ["read"]\ndisallowed = ["bash"]\n'],
  ['agents.a.tools.allowed = [\n  "read",\n]\n[agents.a.tools]\n', '[agents.a.tools]\nallowed = [\n  "read",\n]\n'],
  ['\ufeffagents.a.tools.allowed = ["read"]\n\n[agents.a.tools]\n', '\ufeff[agents.a.tools]\nallowed = ["read"]\n'],
  ['[a]\nb.c = ["x"]  # why\nb.d = [\n  "y",\n]\ne = "f"\n\n[a.b]\n  g = 1\n', '[a]\ne = "f"\n\n[a.b]\n  c = ["x"]  # why\n  d = [\n    "y",\n  ]\n  g = 1\n'],
  ['[agents.a.tools]\ndisallowed = ["bash"]\n\n[agents.a]\ntools.allowed = ["read"]\n', '[agents.a.tools]\nallowed = ["read"]\ndisallowed = ["bash"]\n\n[agents.a]\n'],
  ['[a.b]\nc = 1\n\n[a]\nb = { d = 2, e.f = 3 }  # c\n', '[a.b]\nd = 2\ne.f = 3  # c\nc = 1\n\n[a]\n'],
  ['[a]\r\nb.c = 1\r\n[a.b]', '[a]\r\n[a.b]\r\nc = 1\r\n'],
  // A multi-line string's lines are its text: written as they were.
  ['[a]\n  b.c = """\n  x\n  """\n[a.b]\nd = 1\n', '[a]\n[a.b]\nc = """\n  x\n  """\nd = 1\n'],
  // A list of strings both write: the items joined to the table's, but for those it holds; not where the list moved has a comment.
  ['[agents.a]\ntools.disallowed = ["read", "bash"]\ntools.allowed = ["grep"]\n\n[agents.a.tools]\ndisallowed = [\n  "bash",\n]\n',
    '[agents.a]\n\n[agents.a.tools]\nallowed = ["grep"]\ndisallowed = [\n  "bash",\n  "read",\n]\n'],
  ['[a.b]\nc = ["x"]\n[a]\nb = { c = ["x"] }\n', '[a.b]\nc = ["x"]\n[a]\n'],
  ['[a]\nb.c = ["x"]  # why\n[a.b]\nc = ["y"]\n', null],
  ['[a]\nb.c = ["x"]\n[a.b]\nc = [1]\n', null],
  // Every section reaching into the table, at the root and under an owner: any left would clash with the header then.
  ['agents.a.tools.allowed = ["read"]\n[agents.a]\ntools.disallowed = ["bash"]\n[agents.a.tools]\n', '[agents.a]\n[agents.a.tools]\nallowed = ["read"]\ndisallowed = ["bash"]\n', '[agents.a.tools]'],
  // Not a value put straight into a table a header makes on its way (`tools`, by `[agents.b.tools.bash]`), nor one entered that a header names.
  ['agents.b.tools.allowed = ["read"]\n[agents.b.tools.bash]\nx = 1\n[agents.b]\nmodel = "m"\n', null],
  // Into the deepest table a header names on the key's way: `b.c` under `[a]` goes into `[a.b]`.
  ['a.b.c = 1\n[a.b]\n[a]\n', '[a.b]\nc = 1\n[a]\n', '[a]'],
  ['agents.zz.tools.allowed = ["read"]\n\n[agents]\nx.model = "m"\n[agents.zz.tools]\ndisallowed = ["bash"]\n', '[agents]\nx.model = "m"\n[agents.zz.tools]\nallowed = ["read"]\ndisallowed = ["bash"]\n', '[agents]'],
  ['[a]\nb = { c = 1 }\n[a.b]\n[a.b.c]\n', null],
  ['[a]\nb.c = 1\n[a.b]\nc = 2\n', null],
  ['[a]\nb.c.d = 1\n[a.b]\n[a.b.c]\n', '[a]\n[a.b]\n[a.b.c]\nd = 1\n'],
  ['[a]\nb.x = 1\n[a.b.x]\n', null],
  ['[a]\n# mars-ignore\nb.c = 1\n\n[a.b]\n', null],
  ['[a]\nb.c = 1  # mars-ignore: unknown-tool\n[a.b]\n', null],
  ['[a.b]\n[a]\nb = { c = 1 \n', null],
];
for (const [text, fixed, on] of MOVES) {
  test(`a table a header and key/values both define, the key/values moved: ${JSON.stringify(text)}`, async () => {
    const found = documentFindings(analyzeDocument(text)).filter((f) => /defined by a key\/value pair|dotted keys cannot add to it|already defined, as a table|is a value, not a table/.test(f.message)
      && (on === undefined || text.slice(f.span.start, f.span.end) === on));
    assert.ok(found.length > 0);
    await holdsFixAcross(text, found[0]!, fixed, true);
  });
}

test('the fix moving key/values into a table says which, and where', () => {
  const titles = (text: string) => documentFindings(analyzeDocument(text)).flatMap((f) => f.fixes.map((x) => x.title));
  assert.deepEqual(titles('[agents.a]\ntools.allowed = ["read"]\ntools.disallowed = ["bash"]\n[agents.a.tools]\n'), ['Move `tools.allowed = …` and `tools.disallowed = …` into `[agents.a.tools]`']);
  assert.deepEqual(titles('[agents.a.tools]\n[agents]\na.tools = { allowed = ["read"] }\n'), ['Move `a.tools = …` into `[agents.a.tools]`']);
  assert.deepEqual(titles('[agents.a]\ntools.allowed = ["read"]\n[agents.a.tools]\nallowed = ["grep"]\n'), ['Move `tools.allowed = …` into `[agents.a.tools]`, its `allowed` list joined to the one there']);
  // Into two tables, the header's and one a header names under it.
  assert.deepEqual(titles('agents.a.x = 1\nagents.a.tools.allowed = ["read"]\n[agents.a]\n[agents.a.tools]\n').filter((t) => t.startsWith('Move')),
    ['Move `agents.a.x = …` and `agents.a.tools.allowed = …` into `[agents.a]` and `[agents.a.tools]`', 'Move `agents.a.tools.allowed = …` into `[agents.a.tools]`']);
});

// The move, on generated documents: an agent's tools written by a header and by key/values of other sections (dotted
// keys under `[agents.a]` or at the root, `tools = { … }`), either first, with tables of patterns under them, comments,
// CRLF, indents and a byte order mark. Applying each clash's move: the clash is gone and no clash is made (but those the text has with the
// key/values taken away), and where the text then reads
// as TOML (toml_edit, Mars's reader), it holds what its sections say read each alone and put together (a list both
// write joined, its items held once): the fix moves what was written, and loses or changes nothing.
test('the key/values moved into a table: what the sections say, put together, on 1,500 generated documents', async () => {
  const random = rng(Number(process.env.MARS_MOVE_SEED ?? 6));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const list = () => `[${[...new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(['"read"', '"grep"', '"bash"', '"edit"'])))].join(', ')}]`;
  const comment = () => pick(['', '', '  # why']);
  let moved = 0;
  let read = 0;
  for (let round = 0; round < 1_500; round++) {
    const sections: string[] = [];
    for (let n = 2 + Math.floor(random() * 3); n > 0; n--) {
      const owner = pick(['a', 'b']);
      const indent = pick(['', '', '  ']);
      const kind = Math.floor(random() * 5);
      if (kind === 0) sections.push(`[agents.${owner}]\n${indent}model = "m"\n${indent}tools.allowed = ${list()}${comment()}\n${random() < 0.5 ? `${indent}tools.disallowed = ${list()}\n` : ''}`);
      else if (kind === 1) sections.push(`[agents.${owner}]\n${indent}tools = { ${pick(['allowed', 'disallowed'])} = ${list()} }${comment()}\n`);
      else if (kind === 2) sections.push(`[agents.${owner}.tools]\n${indent}${pick(['allowed', 'disallowed'])} = ${list()}${comment()}\n`);
      else if (kind === 3) sections.push(`[agents.${owner}.tools.bash]\n${indent}"git *" = "allow"\n`);
      else sections.unshift(`agents.${owner}.tools.${pick(['allowed', 'disallowed'])} = [\n  "read",\n]\n`);
    }
    const newLine = random() < 0.2 ? '\r\n' : '\n';
    const text = (random() < 0.1 ? '\ufeff' : '') + sections.join(pick(['', '\n'])).replace(/\n/g, newLine);
    const findings = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'toml-syntax');
    for (const f of findings) {
      const fix = f.fixes.find((x) => / into `\[/.test(x.title));
      if (!fix) continue;
      moved++;
      const fixed = applyEdits(text, fix.edits);
      const show = `--- input\n${text}\n--- ${fix.title}\n${fixed}`;
      const clashes = (t: string) => tableConflicts(parseToml(t).sections.map((s) => sectionDefinitions(s, t))).length;
      // No clash but those of the text with the key/values taken away (a dotted `tools.allowed` of the table's own below a
      // `[agents.b.tools.bash]`, which the root's `agents.b.tools.allowed` made no clash while it made `agents.b.tools`).
      assert.ok(clashes(fixed) <= clashes(applyEdits(text, fix.edits.filter((e) => e.newText === ''))), `none made\n${show}`);
      assert.ok(!documentFindings(analyzeDocument(fixed)).some((g) => g.message === f.message && g.span.start === mapped(f.span.start, fix.edits)), `the clash is gone\n${show}`);
      if ((await tomlEditTakes(fixed.replace(/^\ufeff/, ''))) !== true) continue;
      assert.equal(fixed.startsWith('\ufeff'), text.startsWith('\ufeff'), `the byte order mark kept\n${show}`);
      read++;
      assert.deepEqual(sortedLists(parse(fixed)), sortedLists(together(text)), show);
    }
  }
  assert.ok(moved > 200 && read > 100, `moved ${moved}, read ${read}`);
});

/** Where offset `at` is after `edits` (in order, apart), or -1 where one takes it away. */
function mapped(at: number, edits: readonly { start: number; end: number; newText: string }[]): number {
  let shift = 0;
  for (const e of edits) {
    if (e.end <= at && e.start < at) shift += e.newText.length - (e.end - e.start);
    else if (e.start < at) return -1;
  }
  return at + shift;
}

/** What the sections of `text` say, each read alone, put together: tables merged, a list both write joined, its items once. */
function together(text: string): Record<string, unknown> {
  const starts = parseToml(text).sections.map((s) => s.span.start);
  const out: Record<string, unknown> = {};
  const merge = (into: Record<string, unknown>, from: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(from)) {
      const had = into[k];
      if (Array.isArray(had) && Array.isArray(v)) into[k] = [...had, ...v.filter((x) => !had.includes(x))];
      else if (had && typeof had === 'object' && v && typeof v === 'object') merge(had as Record<string, unknown>, v as Record<string, unknown>);
      else into[k] = v;
    }
  };
  starts.forEach((s, i) => merge(out, parse(text.slice(s, starts[i + 1] ?? text.length)) as Record<string, unknown>));
  return out;
}

/** `v` as plain data, its lists sorted: which comes first, the lists moved or the table's, Mars does not read. */
function sortedLists(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedLists).sort();
  return v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, sortedLists(x)])) : v;
}
