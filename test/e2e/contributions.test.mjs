// What the extension contributes statically, checked without starting VS Code: the TextMate grammars
// in syntaxes/ tokenized with vscode-textmate + vscode-oniguruma (the engine VS Code uses): our TOML
// grammar, the tool-entry injection on top of it, and the injection on top of a stand-in for another
// extension's `source.toml` (the case when Even Better TOML or Tombi is installed and VS Code picks
// their grammar); the JSON schema for mars.toml; the settings in package.json; and a little of the
// client's own code, run with a stand-in for the `vscode` module.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import Module, { createRequire } from 'node:module';
import { mock, test } from 'node:test';

const require = createRequire(import.meta.url);
const vsctm = require('vscode-textmate');
const oniguruma = require('vscode-oniguruma');

const ROOT = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const grammarFile = (scope) => {
  const g = manifest.contributes.grammars.find((x) => x.scopeName === scope);
  assert.ok(g, `package.json contributes no grammar ${scope}`);
  return path.join(ROOT, g.path);
};
const INJECTION = 'mars.tool-entry.injection';
/** Every grammar package.json injects into `source.toml`: the tool entries, and the tools tables' sections. */
const INJECTIONS = manifest.contributes.grammars.filter((g) => g.injectTo?.includes('source.toml')).map((g) => g.scopeName);

await oniguruma.loadWASM(fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm')).buffer);
const onigLib = Promise.resolve({ createOnigScanner: (p) => new oniguruma.OnigScanner(p), createOnigString: (s) => new oniguruma.OnigString(s) });

/** A stand-in for another TOML extension's grammar: different rule names and shapes, same usual scope names. */
const OTHER_TOML = {
  scopeName: 'source.toml',
  patterns: [{ include: '#comment' }, { include: '#header' }, { include: '#keyEq' }, { include: '#value' }],
  repository: {
    comment: { match: '\\s*((#).*)$', captures: { 1: { name: 'comment.line.number-sign.toml' } } },
    header: { match: '^\\s*(\\[)([^\\[\\]]*)(\\])', name: 'meta.table.toml', captures: { 2: { name: 'variable.key.table.toml' } } },
    keyEq: { match: '\\s*((?<!\\s*=\\s*)[^\\[{,=#]*)\\s*(=)', captures: { 1: { name: 'variable.key.toml' }, 2: { name: 'punctuation.eq.toml' } } },
    value: {
      patterns: [
        { name: 'string.quoted.single.basic.line.toml', begin: '"', end: '"' },
        { name: 'meta.array.toml', begin: '\\[', end: '\\]', patterns: [{ include: '#comment' }, { include: '#value' }] },
        { name: 'meta.table.inline.toml', begin: '\\{', end: '\\}', patterns: [{ include: '#keyEq' }, { include: '#value' }] },
      ],
    },
  },
};

async function tokenizer(host) {
  const registry = new vsctm.Registry({
    onigLib,
    loadGrammar: async (scope) => {
      if (scope === 'source.toml' && host === 'other') return OTHER_TOML;
      const file = grammarFile(scope);
      return vsctm.parseRawGrammar(fs.readFileSync(file, 'utf8'), file);
    },
    getInjections: (scope) => (scope === 'source.toml' ? INJECTIONS : undefined),
  });
  const grammar = await registry.loadGrammar('source.toml');
  /** Every token of the text as [text, scopes]. */
  return (text) => {
    let state = vsctm.INITIAL;
    const out = [];
    for (const line of text.split('\n')) {
      const r = grammar.tokenizeLine(line, state);
      for (const t of r.tokens) out.push([line.slice(t.startIndex, t.endIndex), t.scopes]);
      state = r.ruleStack;
    }
    return out;
  };
}

const has = (scopes, prefix) => scopes.some((s) => s === prefix || s.startsWith(`${prefix}.`));
/** Some token whose text is `text` has a scope `prefix` (or `prefix.*`). */
function assertScope(tokens, text, prefix) {
  const hits = tokens.filter(([t]) => t === text);
  assert.ok(hits.length > 0, `no token ${JSON.stringify(text)} in ${JSON.stringify(tokens.map(([t]) => t))}`);
  assert.ok(hits.some(([, scopes]) => has(scopes, prefix)), `no ${JSON.stringify(text)} with ${prefix}: ${hits.map(([, s]) => s.join(' ')).join(' | ')}`);
}
/** The scopes that mark a section by what Mars reads in it (mars-tools-table.injection): no colour of their own. */
const SECTIONS = ['meta.tools-table.mars', 'meta.owners-table.mars', 'meta.owner-table.mars', 'meta.plain-table.mars'];
/** No token whose text contains `text` has a scope of ours (`*.mars`). */
function assertPlain(tokens, text) {
  const hits = tokens.filter(([t]) => t.includes(text));
  assert.ok(hits.length > 0, `no token containing ${JSON.stringify(text)}`);
  // No scope of ours but the sections that mark which lists are tool lists there.
  for (const [t, scopes] of hits) assert.ok(!scopes.some((s) => s.endsWith('.mars') && !SECTIONS.includes(s)), `${JSON.stringify(t)}: ${scopes.join(' ')}`);
}

const CAP = 'entity.name.function.capability';
const SAMPLE = `# policy
agents.planner.tools.allowed = ["mcp(plugin:demo)"]
[agents.reviewer]
description = "Reviews code: bash(git log) and read"
tools.allowed = ["bash(git log:*)", 'read(./src/**)', "*"]
[agents.coder]
tools = { disallowed = ["mcp(github/create_issue)", "mcp__linear__*"] }

[skills."deep research".tools]
disallowed = [
  "agent", # no sub-agents
  "WebFetch",
]
[settings]
version = 3
`;

for (const host of ['ours', 'other']) {
  test(`tool entries are coloured inside allowed/disallowed (host grammar: ${host})`, async () => {
    const tokens = (await tokenizer(host))(SAMPLE);
    assertScope(tokens, 'bash', CAP);
    assertScope(tokens, '(', 'punctuation.section.parens.begin');
    assertScope(tokens, 'git log:', 'meta.pattern');
    assertScope(tokens, '*', 'keyword.operator.wildcard');
    assertScope(tokens, 'read', CAP);
    assertScope(tokens, './src/', 'meta.pattern');
    assertScope(tokens, '*', 'constant.language.wildcard'); // the lone "*" entry
    assertScope(tokens, 'github', 'entity.name.namespace.mcp-server');
    assertScope(tokens, '/', 'punctuation.separator.mcp');
    assertScope(tokens, 'create_issue', 'entity.name.function.mcp-tool');
    assertScope(tokens, 'linear', 'entity.name.namespace.mcp-server');
    assertScope(tokens, 'agent', CAP);
    assertScope(tokens, 'WebFetch', CAP);
    assertScope(tokens, 'plugin:demo', 'entity.name.namespace.mcp-server');
    // entries keep the usual TOML string scope, so themes colour them as strings
    assertScope(tokens, 'agent', 'string.quoted.single.basic.line.toml');
    assertScope(tokens, 'read', 'string.quoted.single.literal.line.toml');
    // a comment inside a multi-line tool list stays a comment, and the list ends at its bracket
    assertScope(tokens, ' no sub-agents', 'comment.line.number-sign.toml');
    assertPlain(tokens, '3');
  });

  test(`strings outside tool lists are plain strings (host grammar: ${host})`, async () => {
    const tokens = (await tokenizer(host))(SAMPLE);
    assertPlain(tokens, 'Reviews code: bash(git log) and read');
    // A dotted list not under `tools` is no tool list (`[agents.x]` forgetting `.tools`, any other TOML file).
    const dotted = (await tokenizer(host))('agents.y."tools".\'allowed\' = ["shell"]\n[agents.x]\nnot.allowed = ["bsh"]\n[package.metadata]\nx.disallowed = ["nope(x"]\n' +
      'tools.allowed = ["q4"]\nagents.z.tools.allowed = ["q5"]\nx = { allowed = ["q6"] }\n');
    assertPlain(dotted, 'bsh');
    assertPlain(dotted, 'nope(x');
    // Under a table Mars reads no tool list in, none: dotted through `tools`, from `agents`, inline.
    for (const plain of ['q4', 'q5', 'q6']) assertPlain(dotted, plain);
    assertScope(dotted, 'shell', CAP);
    // Before `tools`, a dotted key names an agent or skill: `<name>.` (under `[agents]`) or
    // `agents.<name>.` / `skills.<name>.`; `agent.planner.tools.allowed` (a typo Mars ignores) is no tool list.
    const prefixes = (await tokenizer(host))('agent.planner.tools.allowed = ["rd"]\nx.y.z.tools.disallowed = ["rd2"]\n' +
      '"skills" . \'deep research\' . tools.allowed = ["read"]\n[agents]\ntester.tools.disallowed = ["grep"]\n');
    assertPlain(prefixes, 'rd');
    assertPlain(prefixes, 'rd2');
    assertScope(prefixes, 'read', CAP);
    assertScope(prefixes, 'grep', CAP);
    // A quoted list key is coloured as the other quoted keys of its line.
    assertScope(dotted, "'", 'string.quoted.key.toml');
    assertScope(tokens, 'Reviews code: bash(git log) and read', 'string.quoted.single.basic.line.toml');
    assertPlain(tokens, 'skills');
    assertPlain(tokens, 'version');
  });

  test(`a list is a tool list only with the prefix Mars reads where it is (host grammar: ${host})`, async () => {
    const tokenize = await tokenizer(host);
    // [document, entries of the lists Mars reads, entries of those it does not] (as the checker says:
    // it reports each entry read as an unknown tool). `tools.allowed` directly under `[agents]` names
    // an agent `tools`; `x.tools.allowed` under `[agents.a]`, a key `x` of agent a.
    const cases = [
      [`tools.allowed = ["w1"]
x.tools.disallowed = ["w2"]
y = { tools = { allowed = ["w3"] } }
agents.a.allowed = ["w4"]
agents.b.tools.allowed = ["r1"]
agents.c.tools = { allowed = ["r2"] }
agents.d = { tools.disallowed = ["r3"] }
agents.e = { description = "d", tools = { allowed = ["r4"] } }
skills = { f.tools.allowed = ["r5"], g = { tools = { allowed = ["r6"] } }, h.tools = { disallowed = ["r7"] }, tools = { allowed = ["w5"] } }
`, ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7'], ['w1', 'w2', 'w3', 'w4', 'w5']],
      [`[agents]
tools.allowed = ["w6"]
agents.a.tools.allowed = ["w8"]
b = { allowed = ["w9"] }
c.tools.allowed = ["r8"]
d.tools = { allowed = ["r9"] }
e = { tools.allowed = ["r10"] }
f = { model = "m", tools = { allowed = ["r11"] } }
[skills]
tools = { disallowed = ["w7"] }
g.tools.disallowed = ["r12"]
`, ['r8', 'r9', 'r10', 'r11', 'r12'], ['w6', 'w7', 'w8', 'w9']],
      [`[agents.a]
x.tools.allowed = ["w11"]
agents.b.tools.allowed = ["w12"]
y = { tools = { allowed = ["w13"] } }
z = { allowed = ["w14"] }
tools = { x = 1, disallowed = ["r13"] }
[skills.b]
tools.allowed = ["r14"]
[[agents.c]]
x.tools.allowed = ["w15"]
tools.disallowed = ["r15"]
`, ['r13', 'r14', 'r15'], ['w11', 'w12', 'w13', 'w14', 'w15']],
    ];
    for (const [doc, read, unread] of cases) {
      const tokens = tokenize(doc);
      for (const entry of read) assertScope(tokens, entry, CAP);
      for (const entry of unread) assertPlain(tokens, entry);
    }
  });

  test(`a bare list is a tool list in a tools table's section only (host grammar: ${host})`, async () => {
    const tokens = (await tokenizer(host))(`[agents.x]
allowed = ["bsh"]
[package]
disallowed = ["zz"]
[ agents . "a b" . 'tools' ] # spaced, quoted
# a comment, then a blank line

allowed = ["read"]
tools.allowed = ["q1"]
[agents.x.tools.extra]
allowed = ["q2"]
[skills.y.tools]
disallowed = [
  "grep",
]
[settings]
allowed = ["q3"]
`);
    for (const plain of ['bsh', 'zz', 'q1', 'q2', 'q3']) assertPlain(tokens, plain);
    assertScope(tokens, 'read', CAP);
    assertScope(tokens, 'grep', CAP);
    // The headers keep the host grammar's colours.
    const header = tokens.find(([t]) => t.includes('"a b"'));
    assert.ok(has(header[1], host === 'ours' ? 'entity.name.type.table' : 'variable.key.table'), header[1].join(' '));
  });
}

test('our TOML grammar: headers, keys, values', async () => {
  const tokens = (await tokenizer('ours'))(`[a."b c".d] # x
[[arr]]
key = "v\\n" # c
'lit' = 'raw'
n = 1_000
f = -3.5e+2
h = 0xFF
t = true
d = 1979-05-27T07:32:00Z
ml = """
one \\
two"""
inl = { x.y = 1, z = [1, 2] }
`);
  assertScope(tokens, 'a', 'entity.name.type.table');
  assertScope(tokens, '"b c"', 'entity.name.type.table');
  assertScope(tokens, 'arr', 'entity.name.type.table');
  assertScope(tokens, 'key', 'support.type.property-name');
  assertScope(tokens, '\\n', 'constant.character.escape');
  assertScope(tokens, ' c', 'comment.line.number-sign');
  assertScope(tokens, "'lit'", 'support.type.property-name');
  assertScope(tokens, 'raw', 'string.quoted.single.literal.line');
  assertScope(tokens, '1_000', 'constant.numeric.integer');
  assertScope(tokens, '-3.5e+2', 'constant.numeric.float');
  assertScope(tokens, '0xFF', 'constant.numeric.integer.hex');
  assertScope(tokens, 'true', 'constant.language.boolean');
  assertScope(tokens, '1979-05-27T07:32:00Z', 'constant.other.time.datetime.offset');
  assertScope(tokens, 'two', 'string.quoted.triple.basic.block');
  assertScope(tokens, 'x', 'support.type.property-name');
  assertScope(tokens, '2', 'constant.numeric.integer');
});

test('our grammar: a bracket or brace left open while typing does not run on into the next table', async () => {
  const tokens = (await tokenizer('ours'))(`[agents.a
description = "x"
[agents.b]
tools = { allowed = ["bash"]
[agents.c.tools]
allowed = ["x"
disallowed = ["Bash"]
[agents.e]
x = [
  [1, 2],
  [inf],
  ["q"],
]
y = 1
`);
  const only = (text) => {
    const hits = tokens.filter(([t]) => t === text);
    assert.equal(hits.length, 1, `${JSON.stringify(text)}: ${hits.length} tokens`);
    return hits[0][1];
  };
  const depth = (scopes, name) => scopes.filter((s) => s === name).length;
  for (const table of ['b', 'c', 'e']) {
    const scopes = only(table);
    assert.ok(has(scopes, 'entity.name.type.table'), `${table}: ${scopes.join(' ')}`);
    assert.ok(!scopes.some((s) => s.startsWith('meta.array') || s.startsWith('meta.table.inline') || s.startsWith('meta.tool-list')), `${table}: ${scopes.join(' ')}`);
  }
  assert.ok(!has(only('description'), 'meta.array'), 'the line after an unclosed header is a key');
  // The list left open ends at the next key; that key's list is a tool list of its own, not nested.
  assert.equal(depth(only('disallowed'), 'meta.tool-list.mars'), 1);
  assert.ok(has(only('Bash'), CAP));
  // Nested arrays on lines of their own are values, not headers: the outer array holds them to its bracket.
  assert.equal(depth(only('q'), 'meta.array.toml'), 2);
  assert.equal(depth(only('inf'), 'meta.array.toml'), 2);
  assert.ok(!has(only('y'), 'meta.array'));
});

test('multi-line string entries are entries; a header whose first part is quoted ends a list or brace left open', async () => {
  const tokens = (await tokenizer('ours'))(`[agents.a.tools]
allowed = ["""read""", \'\'\'grep\'\'\']
[agents.b]
tools = { allowed = ["x"]
['agents'.c.tools]
disallowed = ["edit"]
[agents.d]
tools.allowed = ["bash",
["skills".e]
description = "plain"
`);
  for (const entry of ['read', 'grep']) assertScope(tokens, entry, 'meta.tool-entry');
  assertScope(tokens, 'edit', CAP);
  const description = tokens.find(([t]) => t === 'description')[1];
  assert.ok(!description.some((s) => s.startsWith('meta.array') || s.startsWith('meta.tool-list')), description.join(' '));
});

test('an entry with escapes in its pattern is coloured, its escapes too', async () => {
  const tokens = (await tokenizer('ours'))('[agents.a.tools]\nallowed = ["Bash(echo \\"hi\\")"]\n');
  assertScope(tokens, 'Bash', CAP);
  assertScope(tokens, 'hi', 'meta.pattern');
  assertScope(tokens, '\\"', 'constant.character.escape');
  assertScope(tokens, ')', 'punctuation.section.parens.end');
});

test('an entry\'s parts are matched after its opening quote only, never after an escaped one', async () => {
  const tokens = (await tokenizer('ours'))('[agents.a.tools]\nallowed = ["*", "x\\"*", \'*\', "mcp(gh)"]\n');
  const stars = tokens.filter(([t]) => t === '*');
  assert.deepEqual(stars.map(([, scopes]) => has(scopes, 'constant.language.wildcard')), [true, false, true]);
  assertScope(tokens, 'gh', 'entity.name.namespace.mcp-server');
});

test('no entry pattern starts at `\\G`: Oniguruma does not anchor a search there, so a long one-line list would take quadratic time', () => {
  const grammar = JSON.parse(fs.readFileSync(grammarFile(INJECTION), 'utf8'));
  const patterns = ['entry-basic', 'entry-literal'].flatMap((rule) => grammar.repository[rule].patterns.filter((p) => p.match));
  assert.ok(patterns.length >= 8);
  for (const p of patterns) assert.ok(!p.match.includes('\\G'), p.match);
});

test('TOML 1.1 escapes, which Mars (TOML 1.0) refuses, are coloured as invalid, in a tool list and out of one', async () => {
  const tokens = (await tokenizer('ours'))('[agents.a.tools]\nallowed = ["Bash\\e", "x\\x41"]\n[agents.b]\nd = "\\e\\u001B"\n');
  for (const [escape, count] of [['\\e', 2], ['\\x', 1]]) {
    const hits = tokens.filter(([t]) => t === escape);
    assert.equal(hits.length, count, escape);
    for (const [, scopes] of hits) assert.ok(has(scopes, 'invalid.illegal.escape'), `${escape}: ${scopes.join(' ')}`);
  }
  assertScope(tokens, '\\u001B', 'constant.character.escape');
});

test('package.json wires the grammars and the language as VS Code expects', () => {
  const { languages, grammars } = manifest.contributes;
  const toml = languages.find((l) => l.id === 'toml');
  assert.deepEqual(toml.filenames, ['mars.toml', 'mars.local.toml']);
  // Install's promise: a Mars file at any depth of the workspace, or any TOML file opened.
  assert.deepEqual(manifest.activationEvents, ['workspaceContains:**/mars.toml', 'workspaceContains:**/mars.local.toml', 'onLanguage:toml']);
  assert.ok(fs.existsSync(path.join(ROOT, toml.configuration)));
  assert.deepEqual(grammars.find((g) => g.scopeName === 'source.toml').language, 'toml');
  assert.deepEqual(INJECTIONS, [INJECTION, 'mars.tools-table.injection']);
  for (const file of [toml.configuration, ...grammars.map((g) => g.path)]) JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));
});

// The marketplace and the Extensions view show a PNG icon of 128 px; the .vsix must carry it.
test('package.json names a 128 px PNG icon, and the .vsix takes it', () => {
  const png = fs.readFileSync(path.join(ROOT, manifest.icon));
  assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
  assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [128, 128]);
  assert.match(fs.readFileSync(path.join(ROOT, '.vscodeignore'), 'utf8'), new RegExp(`^!${manifest.icon.replace('.', '\\.')}$`, 'm'));
});

// The extension reads the files it checks and runs nothing of the workspace's, so it is safe in
// Restricted Mode; VS Code disables an extension with a `main` there unless it says so. It needs no
// disk either (the web extension reads documents only), so it works in virtual workspaces (github.dev).
test('package.json declares support for untrusted and virtual workspaces', () => {
  assert.deepEqual(manifest.capabilities, { untrustedWorkspaces: { supported: true }, virtualWorkspaces: true });
  assert.ok(manifest.main && manifest.browser, 'a Node entry and a web entry');
});

test('the JSON schema accepts every spelling of a tool policy and rejects wrong shapes', async () => {
  const { default: Ajv } = await import('ajv');
  const { parse } = await import('smol-toml');
  const schemaPath = manifest.contributes.tomlValidation[0].url;
  assert.deepEqual(manifest.contributes.tomlValidation[0].fileMatch, ['mars.toml', 'mars.local.toml']);
  const validate = new Ajv({ allErrors: true, strict: false }).compile(JSON.parse(fs.readFileSync(path.join(ROOT, schemaPath), 'utf8')));
  const ok = (toml) => {
    const valid = validate(parse(toml));
    assert.ok(valid, `${toml}\n${JSON.stringify(validate.errors)}`);
  };
  const bad = (toml, where) => {
    assert.equal(validate(parse(toml)), false, toml);
    assert.ok(validate.errors.some((e) => e.instancePath.startsWith(where)), JSON.stringify(validate.errors));
  };
  // The fixture's one entry Mars refuses at load (a bare `mcp`) is all the schema can see of its problems.
  const fixture = fs.readFileSync(path.join(ROOT, 'test/e2e/fixture/mars.toml'), 'utf8');
  bad(fixture, '/agents/reviewer/tools/disallowed/0');
  assert.deepEqual(validate.errors.map((e) => e.instancePath).filter((p, i, all) => all.indexOf(p) === i), ['/agents/reviewer/tools/disallowed/0']);
  ok(fixture.replace('["mcp"]', '["mcp(github)"]'));
  ok(SAMPLE);
  ok(`[dependencies]
base = "1.2"
tools = { url = "https://example.com/tools.git", version = "^2", agents = ["coder"] }
[settings]
targets = [".claude", ".codex"]
unknown_future_key = { a = 1 }
[models]
fast = "claude-haiku"
[agents.coder]
model = "fast"
tools = { allowed = ["read"], disallowed = [] }
`);
  bad('[agents.a.tools]\nallowed = "read"\n', '/agents/a/tools/allowed');
  bad('[agents.a.tools]\nallowed = [1]\n', '/agents/a/tools/allowed/0');
  bad('[skills.s]\ntools = ["read"]\n', '/skills/s/tools');
  bad('[agents.a.tools]\nmcp = ["github"]\n', '/agents/a/tools');
  for (const name of ['', '  ', 'mcp', 'MCP', 'bash()', 'read( )']) bad(`[agents.a.tools]\nallowed = ["read", ${JSON.stringify(name)}]\n`, '/agents/a/tools/allowed/1');
  // Keys Mars ignores are the extension's warning (unknown-policy-key), not a schema error: Mars loads the file.
  ok('[agents.a.tools]\nallowed = ["read"]\nbash = "allow"\n[agents.a.tools.extra]\nx = 1\n');
  // Against the reference grammar's vectors: never an error for a name Mars accepts, and what the
  // schema can tell (all but the MCP references) caught. JavaScript's `\s` is not Rust's white space
  // (U+FEFF is one to JavaScript, U+0085 is not), so those vectors are left to the editors' Rust engines.
  const shared = process.env.MARS_SHARED_DIR ?? path.resolve(ROOT, '../shared');
  const vectors = fs.readFileSync(path.join(shared, 'conformance/tool-names.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const judged = vectors.filter((v) => !/[\ufeff\u0085]/.test(v.input));
  const schemaSays = (name) => validate({ agents: { a: { tools: { allowed: [name] } } } });
  for (const v of judged.filter((x) => x.ok)) assert.ok(schemaSays(v.input), `Mars accepts ${JSON.stringify(v.input)}: ${JSON.stringify(validate.errors)}`);
  const missed = judged.filter((x) => !x.ok && schemaSays(x.input));
  assert.ok(missed.every((v) => v.error === 'InvalidMcpRef'), `missed: ${missed.filter((v) => v.error !== 'InvalidMcpRef').map((v) => JSON.stringify(v.input)).join(' ')}`);
});

test('every diagnostic code has a setting, defaulting to its severity', async () => {
  const { configuration } = await import('../../scripts/manifest.mjs');
  assert.deepEqual(manifest.contributes.configuration, await configuration(), 'run `node scripts/manifest.mjs`');
  const props = Object.assign({}, ...manifest.contributes.configuration.map((c) => c.properties));
  assert.deepEqual(props['mars.trace.server'].enum, ['messages', 'verbose']);
  assert.equal(props['mars.diagnostics.invalid-tool-name'].default, 'error');
  assert.equal(manifest.contributes.configurationDefaults['[toml]']['editor.quickSuggestions'].strings, 'on');
});

// The README's Settings table is where users look a setting up; package.json is what VS Code offers.
// A setting added, renamed or given another default in one and not the other would drift unseen.
test("the README's Settings table names each setting package.json contributes, with its values and default", () => {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const table = readme.slice(readme.indexOf('### Settings')).split('\n\n')[1].split('\n').slice(2);
  const ticked = (cell) => [...cell.matchAll(/`([^`]*)`/g)].map((m) => m[1]);
  const rows = Object.fromEntries(table.map((line) => {
    const [name, values, dflt] = line.split('|').slice(1, 4);
    // A range is written "`0` to `1000`", then what a value means (`0` sends all).
    const range = /`(\d+)` to `(\d+)`/.exec(values);
    return [ticked(name)[0], { values: range ? range.slice(1) : ticked(values), default: ticked(dflt)[0] }];
  }));
  const props = Object.assign({}, ...manifest.contributes.configuration.map((c) => c.properties));
  const expected = {};
  for (const [id, p] of Object.entries(props)) {
    const name = id.startsWith('mars.diagnostics.') ? 'mars.diagnostics.<code>' : id;
    // The diagnostics' defaults differ by code: the row says so in words, held to CODES by the test above.
    const dflt = name === id ? String(p.default) : undefined;
    const values = p.enum ?? [String(p.minimum), String(p.maximum)];
    expected[name] = { values, default: dflt };
  }
  assert.deepEqual(rows, expected);
});

/**
 * Runs `fn` with `require('vscode')` answering `known`, and an empty class for any other name: the
 * client-side code run here needs only a few of the module's names.
 */
function withVscode(known, fn) {
  const vscode = new Proxy(known, { get: (k, name) => (name in k ? k[name] : class {}) });
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function (request, ...rest) {
    return request === 'vscode' ? 'vscode' : resolve.call(this, request, ...rest);
  };
  require.cache.vscode = { id: 'vscode', filename: 'vscode', loaded: true, exports: vscode };
  try {
    return fn();
  } finally {
    Module._resolveFilename = resolve;
    delete require.cache.vscode;
  }
}

test('mars.trace.server: each value traces what it says once the Mars TOML channel\'s log level is Trace, and no value traces below it', () => {
  // vscode-languageclient (10 and later) traces only at the output channel's log level Trace, and
  // reads the setting for how much; its refreshTrace decides, run here with a stand-in for the
  // `vscode` module (the only one it needs for that).
  const LogLevel = { Off: 0, Trace: 1, Debug: 2, Info: 3, Warning: 4, Error: 5 };
  let settings = {};
  withVscode({ LogLevel, workspace: { getConfiguration: () => ({ get: (key, fallback) => settings[key] ?? fallback }) } }, () => {
    const { BaseLanguageClient } = require('vscode-languageclient');
    const { Trace } = require('vscode-languageserver-protocol');
    const traced = (value, level) => {
      settings = { 'trace.server': value };
      let trace;
      const client = { _id: 'mars', _traceLogLevel: level, _tracer: {}, error: (e) => assert.fail(String(e)) };
      BaseLanguageClient.prototype.refreshTrace.call(client, { trace: async (t) => void (trace = t) });
      return Trace.toString(trace);
    };
    const setting = Object.assign({}, ...manifest.contributes.configuration.map((c) => c.properties))['mars.trace.server'];
    for (const value of setting.enum) {
      assert.equal(traced(value, LogLevel.Trace), value, `mars.trace.server: ${value} at the log level Trace`);
      for (const level of ['Debug', 'Info', 'Warning']) assert.equal(traced(value, LogLevel[level]), 'off', `mars.trace.server: ${value} at the log level ${level}`);
    }
    assert.ok(setting.enum.includes(setting.default));
    assert.match(setting.markdownDescription, /log level.*Trace/, 'the description says what turns the trace on');
  });
});

const nothing = { dispose() {} };

/**
 * activate.ts bundled as dist/client.js bundles it, compiled against a stand-in for VS Code: the
 * names `vscode` overrides, over a window, status item, workspace and commands that do nothing. The
 * tests stand in for the client too (the host's newClient), setting its states as
 * vscode-languageclient would.
 */
async function activateModule(vscode = {}) {
  const { outputFiles: [bundle] } = (await import('esbuild')).buildSync({
    entryPoints: [path.join(ROOT, 'client/src/activate.ts')], bundle: true, platform: 'node', format: 'cjs', write: false, external: ['vscode', 'vscode-languageclient'],
  });
  return withVscode({
    LanguageStatusSeverity: { Information: 0, Warning: 1, Error: 2 },
    window: { createOutputChannel: () => ({ info() {}, warn() {}, error() {}, dispose() {} }) },
    languages: { createLanguageStatusItem: () => ({}), match: () => 1 },
    workspace: { textDocuments: [{}], onDidOpenTextDocument: () => nothing, findFiles: async () => [] },
    commands: { registerCommand: () => nothing, executeCommand: async () => undefined },
    ...vscode,
  }, () => {
    const m = new Module(path.join(ROOT, 'client/src/activate.js'));
    m.paths = Module._nodeModulePaths(m.id);
    m._compile(bundle.text, m.id);
    return { activateWith: m.exports.activateWith, State: require('vscode-languageclient').State };
  });
}

/** A document of the stand-in workspace, at `path`; the stand-in `languages.match` matches it by its file name. */
const documentAt = (path) => ({ uri: { path }, fileName: path });
const marsByName = (_selector, doc) => (/(^|\/)mars(\.local)?\.toml$/.test(doc.uri.path) ? 1 : 0);

test('the language status says what the server is doing: a server that came up after our start gave up on it, then crashed, is shown starting again while the client restarts it', async () => {
  const status = {};
  const { activateWith, State } = await activateModule({ languages: { createLanguageStatusItem: () => status, match: () => 1 } });
  let state = State.Stopped;
  const listeners = [];
  const fake = {
    get state() { return state; },
    onDidChangeState: (l) => (listeners.push(l), nothing),
    start: () => (become(State.Starting), new Promise(() => {})), // no answer to initialize, for now
  };
  const become = (s) => {
    const oldState = state;
    state = s;
    for (const l of listeners) l({ oldState, newState: s });
  };
  const shown = () => `${status.detail}${status.busy ? ' (busy)' : ''}, ${['information', 'warning', 'error'][status.severity]}`;
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    activateWith({ subscriptions: [] }, { newClient: () => fake });
    const steps = [
      ['our start begins', () => {}, 'starting (busy), information'],
      ['no answer in 30 s', async () => {
        mock.timers.tick(30_000);
        await new Promise(setImmediate);
      }, 'the language server did not start, warning'],
      ['the server answers after all', () => become(State.Running), 'language server running, information'],
      ['it crashes and the client restarts it', () => become(State.Starting), 'starting (busy), information'],
      ['it runs again', () => become(State.Running), 'language server running, information'],
    ];
    for (const [step, act, want] of steps) {
      await act();
      assert.equal(shown(), want, step);
    }
  } finally {
    mock.timers.reset();
  }
});

test('the settings categories are titled by what they hold, not again by the extension the Settings editor lists them under', () => {
  // Its table of contents shows each under "Mars TOML" in a narrow column: "Mars TOML: Diagnostics"
  // and "Mars TOML: Language Server" were both cut to "Mars TOML: …".
  assert.deepEqual(manifest.contributes.configuration.map((c) => c.title), ['Diagnostics', 'Language Server']);
  for (const c of manifest.contributes.configuration) assert.ok(!c.title.includes(manifest.displayName), c.title);
});

test('Mars: Restart Language Server is in the command palette only once the server was started in the window: a context key the client sets says so', async () => {
  const [entry, ...more] = (manifest.contributes.menus?.commandPalette ?? []).filter((m) => m.command === 'mars.restartServer');
  assert.ok(entry && more.length === 0, 'one commandPalette entry for mars.restartServer');
  assert.match(entry.when ?? '', /^[\w.]+$/, 'a when clause of one context key');
  // Activated by a Cargo.toml in a workspace with no Mars file: nothing to restart; a mars.toml opens: there is.
  const contexts = {};
  let open;
  const { activateWith } = await activateModule({
    languages: { createLanguageStatusItem: () => ({}), match: marsByName },
    workspace: { textDocuments: [documentAt('/w/Cargo.toml')], onDidOpenTextDocument: (l) => ((open = l), nothing), findFiles: async () => [] },
    commands: { registerCommand: () => nothing, executeCommand: async (command, key, value) => void (command === 'setContext' && (contexts[key] = value)) },
  });
  let clients = 0;
  activateWith({ subscriptions: [] }, { newClient: () => (clients++, { state: 1, onDidChangeState: () => nothing, start: async () => undefined }) });
  await new Promise(setImmediate);
  assert.deepEqual({ clients, contexts }, { clients: 0, contexts: {} }, 'a Cargo.toml alone');
  open(documentAt('/w/mars.toml'));
  await new Promise(setImmediate);
  assert.deepEqual({ clients, contexts }, { clients: 1, contexts: { [entry.when]: true } }, 'a mars.toml opened');
});

test('activated by any TOML file (onLanguage:toml), the extension starts the server only once a Mars file is open, opens, or is in the workspace', async () => {
  // [documents open at activation, Mars files the workspace search finds, documents opened after, clients made after each]
  const cases = [
    [['/w/Cargo.toml'], [], ['/w/pyproject.toml', '/w/sub/mars.local.toml', '/w/mars.toml'], [0, 0, 1, 1]],
    [['/w/Cargo.toml'], ['/w/deep/mars.toml'], ['/w/mars.toml'], [1, 1]],
    [['/w/Cargo.toml', '/w/mars.toml'], [], ['/w/mars.local.toml'], [1, 1]],
    [[], [], [], [0]],
  ];
  for (const [atStart, inWorkspace, opened, want] of cases) {
    const listeners = [];
    const { activateWith } = await activateModule({
      languages: { createLanguageStatusItem: () => ({}), match: marsByName },
      workspace: {
        textDocuments: atStart.map(documentAt),
        onDidOpenTextDocument: (l) => (listeners.push(l), { dispose: () => listeners.splice(listeners.indexOf(l), 1) }),
        findFiles: async () => inWorkspace.map((p) => ({ path: p })),
      },
    });
    let clients = 0;
    activateWith({ subscriptions: [] }, { newClient: () => (clients++, { state: 1, onDidChangeState: () => nothing, start: async () => undefined }) });
    const made = [];
    for (const doc of [undefined, ...opened]) {
      if (doc) for (const l of [...listeners]) l(documentAt(doc));
      await new Promise(setImmediate);
      made.push(clients);
    }
    assert.deepEqual(made, want, `open ${atStart.join(', ') || 'nothing'}; in the workspace ${inWorkspace.join(', ') || 'nothing'}; then ${opened.join(', ')}`);
  }
});
