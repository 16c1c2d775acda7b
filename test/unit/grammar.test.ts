import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parseRecord, toJsonLine } from '../../server/src/grammar/record';
import { errorMessage, parseToolName, render } from '../../server/src/grammar/toolName';
import { CAPABILITIES, CLAUDE_OLD_TASK, HARNESS_NAMES, capabilityNamed } from '../../server/src/grammar/vocabulary';
import {
  canonicalSpelling, editDistance, suggestScoped, harnessName, illegalChars, isClaudeOldTask, mcpWireRewrite, nearestWord, respelling, rewriteLegacyPrefix, suggestCapability,
  writtenWithLegacyPrefix,
} from '../../server/src/grammar/checks';
import { SHARED } from '../support/paths';
import { CODES } from '../../server/src/analysis/codes';

const vectors = fs.readFileSync(path.join(SHARED, 'conformance/tool-names.jsonl'), 'utf8').split('\n').filter(Boolean);

test(`all ${vectors.length} conformance vectors from the reference grammar`, () => {
  assert.ok(vectors.length > 400);
  const failures = vectors.filter((line) => toJsonLine(parseRecord(JSON.parse(line).input)) !== line);
  assert.deepEqual(failures, []);
});

// The conformance file's encoding: control characters as `\u00XX`, a backslash as `\\` (a path's
// `\new` must come back as written, not as a line break).
const JSON_LINES: Array<[unknown, string]> = [
  ['a\tb\nc\u0008\u007f', '"a\\u0009b\\u000ac\\u0008\\u007f"'], ['C:\\new\\tmp', '"C:\\\\new\\\\tmp"'],
  ['\\\tx', '"\\\\\\u0009x"'], ['\\\\n', '"\\\\\\\\n"'],
];
for (const [value, line] of JSON_LINES) {
  test(`toJsonLine(${JSON.stringify(value)})`, () => {
    assert.equal(toJsonLine(value), line);
    assert.deepEqual(JSON.parse(line), value);
  });
}

// One row per rule of SPEC section 3: input -> rendered spelling, or the error kind.
const RULES: Array<[string, string]> = [
  // 1. trim; empty; blank head
  ['  read  ', 'read'], ['', '!Empty'], ['\u3000', '!Empty'], ['(git *)', '!Empty'], ['\u0085', '!Empty'],
  ['\ufeff', '\ufeff'], // Rust keeps U+FEFF, JS trim would not
  // 2. MCP references
  ['mcp(github)', 'mcp(github/*)'], ['MCP(GitHub/CreateIssue)', 'mcp(GitHub/CreateIssue)'], ['mcp(*/*)', 'mcp(*/*)'],
  ['mcp(*/tool)', 'mcp(*/tool)'], ['mcp(plugin:demo)', 'mcp(plugin:demo/*)'], ['mcp( a / b )', 'mcp(a/b)'],
  // 3. mcp head that is no valid reference
  ['mcp', '!InvalidMcpRef'], ['Mcp', '!InvalidMcpRef'], ['mcp(a/b/c)', '!InvalidMcpRef'], ['mcp(x/)', '!InvalidMcpRef'], ['mcp(a)b', '!InvalidMcpRef'],
  // 4. payload
  ['bash(git', '!UnbalancedPattern'], ['bash(a)b', '!UnbalancedPattern'], ['bash()', '!EmptyPattern'], ['bash( \t )', '!EmptyPattern'],
  ['bash(echo (hi))', 'bash(echo (hi))'],
  // 5. the any-capability
  ['*', '*'], ['*(x)', '!WildcardPattern'], ['**', '**'],
  // 6. canonicalize the head
  ['mcp__Server__Tool', 'mcp__Server__Tool'], ['Shell', 'bash'], ['TodoWrite', 'task'], ['WEB_FETCH', 'web_fetch'],
  ['MY_TOOL', 'my_tool'], ['CustomTool', 'custom_tool'], ['ExecCommand', 'exec_command'], ['WebSearch', 'web_search'],
  ['my-tool', 'my-tool'], ['ÉDIT', 'Édit'], ['\u212Aill', '\u212Aill'],
  ['ZipTool', 'zip_tool'], // `Z` is a capital too
  // 7. bash legacy prefix only
  ['bash(git log:*)', 'bash(git log *)'], ['shell(ls:*)', 'bash(ls *)'], ['read(./secrets:*)', 'read(./secrets:*)'],
  ['web_fetch(domain:*)', 'web_fetch(domain:*)'], ['bash(a:*:*)', 'bash(a:* *)'],
];

for (const [input, expected] of RULES) {
  test(`parse ${JSON.stringify(input)} -> ${expected}`, () => {
    const r = parseToolName(input);
    assert.equal(r.ok ? render(r.name) : `!${r.error}`, expected);
  });
}

// Rust's `trim` strips exactly Unicode's White_Space (`char::is_whitespace`), which JS's `\p{White_Space}` names too:
// every code point of the BMP around a name, trimmed or kept as Mars does (U+1680, U+205F are; U+180E, U+200B, U+FEFF are not).
test('the white space trimmed around a name is Unicode White_Space, each code point of it and no other', () => {
  const wrong: string[] = [];
  for (let c = 0; c <= 0xffff; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    const ch = String.fromCharCode(c);
    const r = parseToolName(`${ch}read${ch}`);
    const trimmed = r.ok && render(r.name) === 'read';
    if (trimmed !== /\p{White_Space}/u.test(ch)) wrong.push(`U+${c.toString(16).toUpperCase().padStart(4, '0')}`);
  }
  assert.deepEqual(wrong, []);
});

test("error messages are Mars's own", () => {
  assert.equal(errorMessage('bash(', 'UnbalancedPattern'),
    'invalid tool name `bash(`; allowed: scoped payload written as tool(pattern) with a non-empty pattern');
  assert.equal(errorMessage('*(x)', 'WildcardPattern'), 'invalid tool name `*(x)`; allowed: `*` stands alone; it takes no pattern');
});

test('the vocabulary is the reference table: 28 capabilities, task is not agent, every entry explained', () => {
  assert.equal(CAPABILITIES.length, 28);
  assert.ok(capabilityNamed('task')!.aliases.includes('todowrite'));
  assert.ok(!capabilityNamed('agent')!.aliases.includes('task'));
  for (const c of CAPABILITIES) assert.match(c.meaning, /\S.{8,}/, c.name);
  const all = CAPABILITIES.flatMap((c) => [c.name, ...c.aliases]);
  assert.equal(new Set(all).size, all.length, 'no spelling belongs to two capabilities');
});

const CHARS: Array<[string, string[]]> = [
  ['bash(git log, git status)', ['comma@12']], ['bash,read', ['comma@4']], ['bash\u0000', ['control@4']],
  ['bash(\u001b[31m)', ['control@5']], ['bash(git log)', []], [' \tbash\n', []], ['ba\tsh', ['control@2']],
  // A run of one character is one problem; another character, or one between, starts the next.
  // Unicode's control characters: C0, DEL and C1 up to U+009F; U+00A0 is none.
  ['a\u007fb\u0080c\u009fd\u00a0e', ['control@1', 'control@3', 'control@5']],
  // White space Mars trims beside the last `)` (not the first) is dropped; beside a `/` only in an MCP reference, where it is trimmed.
  ['bash(a) b\t)', []], ['bash(a\t/b)', ['control@6']], ['mcp(a\t/b)', []],
  ['a,,,b,c', ['comma@1x3', 'comma@5']], ['a\t\t\u0000b', ['control@1x2', 'control@3']], [',,', ['comma@0x2']], ['a,\t,b', ['comma@1', 'control@2', 'comma@3']],
];
for (const [input, expected] of CHARS) {
  test(`illegal characters in ${JSON.stringify(input)}`, () => {
    assert.deepEqual(illegalChars(input).map((p) => `${p.kind}@${p.offset}${p.length > 1 ? `x${p.length}` : ''}`), expected);
  });
}

const WIRE: Array<[string, string | null]> = [
  ['mcp__github__create_issue', 'mcp(github/create_issue)'], ['mcp__github', 'mcp(github)'], ['mcp__github__*', 'mcp(github)'],
  ['mcp__*', 'mcp(*/*)'], ['MCP__Server__Tool', 'mcp(Server/Tool)'], ['mcp__a__b__c', 'mcp(a/b__c)'],
  ['mcp__github__x(arg)', null], ['mcp__', null], ['mcp____x', null], ['mcp__x__', null], ['mcp__a/b__c', null], ['bash', null],
];
for (const [input, expected] of WIRE) {
  test(`wire token ${input} -> ${expected}`, () => assert.equal(mcpWireRewrite(input), expected));
}

const SPELLING: Array<[string, string | null]> = [
  ['shell', 'alias:bash'], ['Bash', 'casing:bash'], ['WebSearch', 'casing:web_search'], ['TodoWrite', 'alias:task'],
  ['todowrite', 'alias:task'], ['bash', null], ['bash(git log:*)', null], ['bash (git)', 'spacing'], [' read', 'spacing'],
  ['MCP(github)', 'casing:mcp'], ['mcp(github)', null], ['mcp(github/*)', null], ['mcp( a / b )', 'spacing'], ['custom_tool', null], ['*', null],
  // An unknown name Mars passes on in another spelling (SPEC 3, step 6): its casing or its blanks.
  ['CustomTool', 'casing:custom_tool'], ['MY_TOOL', 'casing:my_tool'], ['FOO(bar)', 'casing:foo'], [' custom ', 'spacing'],
  ['custom( x )', 'spacing'],
  // `exec_command`, what Mars passes `ExecCommand` on as, reads as `bash`: no spelling means the same. A wire token is verbatim.
  ['ExecCommand', null], [' ExecCommand', 'spacing'], ['MCP__Server__Tool', null], ['mcp__gh__x(a)', null],
];
for (const [input, expected] of SPELLING) {
  test(`respelling of ${JSON.stringify(input)}`, () => {
    const r = parseToolName(input);
    assert.ok(r.ok);
    const s = respelling(input, r.name);
    assert.equal(s === null ? null : s.kind === 'spacing' ? 'spacing' : `${s.kind}:${s.canonical}`, expected);
  });
}

test('legacy prefix: detected on bash only, rewritten in place', () => {
  const legacy = (s: string) => { const r = parseToolName(s); return r.ok && writtenWithLegacyPrefix(s, r.name); };
  assert.equal(legacy('bash(git log:*)'), true);
  assert.equal(legacy('Shell(npm run test:*)'), true);
  assert.equal(legacy('bash(git log *)'), false);
  assert.equal(legacy('read(./x:*)'), false);
  assert.equal(rewriteLegacyPrefix('Bash(git log:*)'), 'Bash(git log *)');
  assert.equal(rewriteLegacyPrefix('bash( git:* )'), 'bash( git * )');
  // White space as Rust has it: U+0085 is (Mars reads `git *`), U+FEFF is not (no legacy prefix then).
  assert.equal(legacy('bash(git:*\u0085)'), true);
  assert.equal(rewriteLegacyPrefix('bash(git:*\u0085)'), 'bash(git *\u0085)');
  assert.equal(legacy('bash(git:*\ufeff)'), false);
  assert.equal(rewriteLegacyPrefix('bash(git:*\ufeff)'), 'bash(git:*\ufeff)');
});

test('canonical spelling keeps the pattern and the short mcp form', () => {
  const canon = (s: string, legacy = true) => { const r = parseToolName(s); assert.ok(r.ok); return canonicalSpelling(s, r.name, legacy); };
  assert.equal(canon('Shell(git log:*)'), 'bash(git log *)');
  assert.equal(canon('Shell(git log:*)', false), 'bash(git log:*)');
  assert.equal(canon('MCP( github )'), 'mcp(github)');
  assert.equal(canon('mcp(github/*)'), 'mcp(github/*)');
  // `bash(:*)` reads as the pattern ` *`; written `bash( *)` it would read as `*` (the inside is trimmed).
  assert.equal(canon('bash(:*)'), 'bash(:*)');
  assert.equal(canon('Shell( :* )'), 'bash(:*)');
});

// Every spelling offered (in hover, messages and fixes) must mean what the entry means: Mars reads
// it back as the same name, on every input of the reference grammar and on the unknown heads' fixes.
test('a canonical spelling reads back as the name it spells, on every conformance vector', () => {
  const failures: string[] = [];
  const inputs = vectors.map((line) => JSON.parse(line).input as string);
  for (const raw of [...inputs, ...inputs.map((i) => `Bassh${i.slice(i.indexOf('('))}`)]) {
    const r = parseToolName(raw);
    if (!r.ok) continue;
    for (const legacy of [true, false]) {
      const spelled = canonicalSpelling(raw, r.name, legacy);
      const back = parseToolName(spelled);
      if (!back.ok || render(back.name) !== render(r.name)) failures.push(`${JSON.stringify(raw)} (${legacy}) -> ${JSON.stringify(spelled)}`);
    }
  }
  assert.deepEqual(failures, []);
});

test("the unknown-tool summary (the setting's description) says what Mars passes on, as the grammar does", () => {
  const summary = CODES['unknown-tool'].summary;
  const examples = [...summary.matchAll(/`([^`]+)` as `([^`]+)`/g)];
  assert.ok(examples.length > 0, summary);
  for (const [, written, passed] of examples) {
    const r = parseToolName(written!);
    assert.ok(r.ok && r.name.kind === 'unknown' && render(r.name) === passed, `${written} -> ${passed}`);
  }
  assert.doesNotMatch(summary, /as written/);
});

const SUGGEST: Array<[string, string | null]> = [
  ['ask-user', 'ask_user'], ['ExecCommand', 'bash'], ['ShellCommand', 'bash'], ['FileRead', 'read'], ['web-search', 'web_search'],
  ['bsh', 'bash'], ['wirte', 'write'], ['grpe', 'grep'], ['bahs', 'bash'], ['reda', 'read'], ['eidt', 'edit'], ['gerp', 'grep'], ['grepp', 'grep'], ['totally_custom_thing', null], ['mcp__x', null], ['xyz', null],
  ['ls\u001f', 'ls'], ['gr\u0000ep', 'grep'], ['ls\u200b', 'ls'], ['ls\u00ad', 'ls'],
  // A word of one capability's names: `patch` of `apply_patch` is `write`, not `web_fetch` two edits
  // away; a word several capabilities' names hold (`user`, `file`), or a generic one, says nothing.
  ['patch', 'write'], ['ask', 'ask_user'], ['Ask', 'ask_user'], ['todo', 'task'], ['mode', 'plan_mode'], ['user', null], ['file', null], ['get', null], ['list', null], ['update', null],
  // Short names are near everything at one edit: two letters near nothing, three-letter names only by a swap.
  ['rm', null], ['ps', null], ['fs', null], ['lst', null], ['ls1', null], ['lps', 'lsp'], ['rgep', 'grep'],
  // The README's: `web` by a swap (`wbe`), not by another edit (`wev`); a two-letter swap (`sl` of `ls`) near nothing.
  ['wbe', 'web'], ['Wbe', 'web'], ['wev', null], ['sl', null],
  // One edit up to six letters (`patch` is two from `fetch`), two from seven; no guess between two capabilities as near.
  ['wrtie', 'write'], ['websearc', 'web_search'], ['serach', 'grep'], ['tash', null], ['skell', null], ['notebk', null],  // Look-alikes of ASCII letters: NFKC's (`ＢＡＳＨ`, a Kelvin sign) and Cyrillic or Greek ones, which NFKC keeps.
  // Dots are separators too (`l.s` is `ls`, which a name of three letters would be near only by a swap); `tool`, `switch` and
  // `request` are words of several names' or generic ones: none is near one capability alone (not `tool_search`, `plan_mode`, `ask_user`).
  ['l.s', 'ls'], ['Web.Fetch', 'web_fetch'], ['tool', null], ['switch', null], ['request', null],
  ['\uff22\uff21\uff33\uff28', 'bash'], ['r\u0435\u0430d', 'read'], ['\u0455kill', 'skill'], ['\u039cONITOR', 'monitor'], ['\u04cfsp', 'lsp'], ['r\u00e9ad', 'read'], ['r\u00e9\u00e9d', null],
];
for (const [input, expected] of SUGGEST) {
  test(`did you mean for ${input}`, () => assert.equal(suggestCapability(input), expected));
}

// A scoped entry written without its parentheses, its pattern over lines: the pattern whole (Mars takes a line break in it).
test('a scoped entry without its parentheses keeps a pattern with line breaks whole', () => {
  assert.equal(suggestScoped('bash: echo a\nb'), 'bash(echo a\nb)');
  assert.equal(suggestScoped('read ./a\u2028b'), 'read(./a\u2028b)');
});

// A name in look-alikes of ASCII with its pattern after a blank, `:` or `/` (a Cyrillic layout left on): read as the
// letters it looks like, as a name alone is (`rеad`: `read`); the pattern as written. It got no suggestion.
const SCOPED_LOOKALIKES: Array<[string, string | null]> = [
  ['r\u0435ad x', 'read(x)'], ['r\u0435ad:x', 'read(x)'], ['r\u0435ad/etc', 'read(/etc)'], ['b\u0430sh git log', 'bash(git log)'],
  ['\uff52\uff45\uff41\uff44 x', 'read(x)'], ['r\u0435ad \u0441\u0430.txt', 'read(\u0441\u0430.txt)'], ['r\u00e9ad x', null],
];
for (const [input, expected] of SCOPED_LOOKALIKES) {
  test(`a scoped entry in look-alikes without its parentheses: ${input}`, () => assert.equal(suggestScoped(input), expected));
}

// Other harnesses' names for a capability that Mars has no alias for: matched as Mars reads the name
// (its case and camel-case folding, a pattern or none), suggested, never read as the capability.
// [entry, the capability suggested, the harness's name said]
const HARNESS: Array<[entry: string, meant: string | null, said?: string]> = [
  ['MultiEdit', 'edit', 'MultiEdit'], ['multiEdit', 'edit', 'MultiEdit'], ['MULTI_EDIT', 'edit', 'MultiEdit'], ['multi_edit', 'edit', 'MultiEdit'],
  ['ExitPlanMode', 'plan_mode', 'ExitPlanMode'], ['EnterPlanMode', 'plan_mode', 'EnterPlanMode'],
  ['read_file', 'read', 'read_file'], ['readFile', 'read', 'read_file'], ['read_file(src/**)', 'read', 'read_file'], [' edit_file ', 'edit', 'edit_file'],
  ['list_dir', 'ls', 'list_dir'], ['run_terminal_cmd(git log:*)', 'bash', 'run_terminal_cmd'], ['grep_search', 'grep', 'grep_search'], ['file_search', 'glob', 'file_search'],
  ['list', 'ls', 'list'], ['List', 'ls', 'list'], ['multiedit', 'edit', 'multiedit'], ['MULTIEDIT', 'edit', 'multiedit'],
  // Names that do not plainly name one capability, Mars's own names and aliases, and a wire token: none.
  ['codebase_search', null], ['KillShell', null], ['BashOutput', null], ['NotebookRead', null], ['delete_file', null], ['readfile', null],
  ['edit', null], ['Edit', null], ['Task', null], ['mcp__read_file', null],
];
for (const [entry, meant, said] of HARNESS) {
  test(`another harness's name: ${JSON.stringify(entry)}`, () => {
    const r = parseToolName(entry);
    assert.ok(r.ok);
    const row = harnessName(r.name);
    assert.deepEqual(row && [row.capability, row.name], meant === null ? null : [meant, said]);
  });
}

test("other harnesses' names are no name Mars takes, and each names a capability", () => {
  for (const row of HARNESS_NAMES) {
    const r = parseToolName(row.name);
    assert.ok(r.ok && r.name.kind === 'unknown', `${row.name} is Mars's own`);
    assert.ok(capabilityNamed(row.capability), row.capability);
  }
  // Claude's old `Task` is Mars's `task`, and names another capability.
  const task = parseToolName(CLAUDE_OLD_TASK.name);
  assert.ok(task.ok && task.name.kind === 'builtin' && task.name.capability === 'task');
  assert.ok(capabilityNamed(CLAUDE_OLD_TASK.capability));
});

// Claude's old `Task` only as Claude writes it: a pattern or none; not `task`, `TASK` or an alias.
const OLD_TASK: Array<[entry: string, old: boolean]> = [
  ['Task', true], ['Task(reviewer)', true], [' Task ', true], ['Task (x)', true],
  ['task', false], ['TASK', false], ['task(x)', false], ['TodoWrite', false], ['TaskCreate', false], ['Agent', false],
];
for (const [entry, old] of OLD_TASK) {
  test(`Claude's old Task: ${JSON.stringify(entry)}`, () => {
    const r = parseToolName(entry);
    assert.ok(r.ok);
    assert.equal(isClaudeOldTask(entry, r.name), old);
  });
}

// The word a mistyped option, command or code means: one edit for four letters or fewer (leading dashes aside), two past that.
const NEAREST: Array<[typed: string, words: string[], meant: string | undefined]> = [
  ['chek', ['check', 'parse-names'], 'check'], ['cehk', ['check', 'parse-names'], undefined], ['CHECK', ['check'], 'check'],
  ['--fxi', ['--fix', '--format'], '--fix'], ['--fromat', ['--fix', '--format'], '--format'],
  ['non-canonicl', ['non-canonical', 'unknown-tool'], 'non-canonical'],
  // Leading dashes are no letters of the word: `--abx` is a word of three letters, two edits from `--fix`.
  ['--abx', ['--fix', '--format'], undefined],
];
for (const [typed, words, meant] of NEAREST) {
  test(`nearest word to ${typed}`, () => assert.equal(nearestWord(typed, words), meant));
}

test('editDistance agrees with the textbook table of edits and adjacent transpositions (its shortcuts never change an answer)', () => {
  const levenshtein = (a: string, b: string) => {
    const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
    for (let i = 1; i <= a.length; i++) {
      for (let j = 1; j <= b.length; j++) {
        d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
      }
    }
    return d[a.length]![b.length]!;
  };
  let seed = 7;
  const random = (n: number) => ((seed = (seed * 1103515245 + 12345) >>> 0) % n);
  const alphabet = 'abcAB019_-é\u{1F600}(';
  const word = () => Array.from({ length: random(9) }, () => [...alphabet][random([...alphabet].length)]).join('');
  for (let round = 0; round < 20_000; round++) {
    const [a, b, limit] = [word(), word(), random(4)];
    const exact = levenshtein(a, b);
    assert.equal(editDistance(a, b, limit), exact <= limit ? exact : limit + 1, `${JSON.stringify(a)} ~ ${JSON.stringify(b)} within ${limit}`);
  }
  // Past the limit it says limit + 1, not how far past, even where the limit is passed only on the last row
  // (`aab` to `baca` is three edits), which the random words above never met.
  assert.equal(editDistance('aab', 'baca', 1), 2);
  assert.equal(editDistance('aab', 'baca', 3), 3);
  // Long strings grow the reused rows.
  assert.equal(editDistance('a'.repeat(200), 'a'.repeat(199) + 'b', 2), 1);
});
