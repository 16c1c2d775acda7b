// Text from the document is quoted where a message or a fix's title puts it in (`quoted`): escaped,
// then shortened, whatever it holds. A backtick in an entry once broke the pairing of the finished
// message's quotes, and the entry was then shortened in the wrong place, or not at all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeDocument, documentFindings } from '../../server/src/analysis/document';
import { ERROR_ALLOWED } from '../../server/src/grammar/toolName';

/** The message and the first fix's title (if any) of the first finding of `code` in a tools table holding `body`. */
function said(body: string, code: string): string[] {
  const f = documentFindings(analyzeDocument(`[agents.a.tools]\n${body}\n`)).find((x) => x.code === code);
  assert.ok(f, `no ${code} for ${body}`);
  return [f.message, ...f.fixes.slice(0, 1).map((x) => x.title)];
}

const y = (n: number) => 'y'.repeat(n);
const z = (n: number) => 'z'.repeat(n);

// The entries, as TOML strings write them (`\u200b` is TOML's escape, read as the character).
const ONE_TICK = `bash(echo \`date ${y(80)})`; // 97 characters: unpaired, not shortened before
const TWO_TICKS = `Bash(echo \`date\` ${y(80)})`; // paired with the wrong backticks: cut after `date`
const HIDDEN = `bash(echo \`${y(38)}\\u200b${z(60)}\\u202e${z(20)})`; // escapes where both cuts fall

const CASES: Array<[name: string, body: string, code: string, expected: string[]]> = [
  ['an entry of 97 characters holding a backtick is shortened in the message and the fix title',
    `allowed = ["${ONE_TICK}", "${ONE_TICK}"]`, 'duplicate-entry', [
      `\`bash(echo \`date ${y(34)}…${y(24)})\` is already in this list.`,
      `Remove the duplicate \`bash(echo \`date ${y(34)}…${y(24)})\``,
    ]],
  ['an entry holding two backticks is shortened as a whole, not from its second backtick on',
    `allowed = ["${TWO_TICKS}"]`, 'non-canonical', [
      `Mars spells \`Bash\` as \`bash\`; it reads this entry as \`bash(echo \`date\` ${y(33)}…${y(24)})\`.`,
      `Change to \`bash(echo \`date\` ${y(33)}…${y(24)})\``,
    ]],
  ['a long entry with invisible characters is escaped, then shortened at neither escape',
    `allowed = ["${HIDDEN}", "${HIDDEN}"]`, 'duplicate-entry', [
      `\`bash(echo \`${y(38)}…${z(20)})\` is already in this list.`,
      `Remove the duplicate \`bash(echo \`${y(38)}…${z(20)})\``,
    ]],
  ['a map-form key holding a backtick: Mars\'s own long prose of what it allows stays whole',
    '"mcp(`/)" = "allow"', 'unknown-policy-key', [
      `Mars ignores \`mcp(\`/)\` here: a tools table holds only \`allowed\` and \`disallowed\` lists, and it is not a tool name Mars accepts either (allowed: ${ERROR_ALLOWED.InvalidMcpRef}).`,
      'Remove `"mcp(`/)"`',
    ]],
  ['a map-form key holding a backtick, over 80 characters, is shortened in the message as in the fix title',
    `"mcp(${y(45)}\`${y(45)})" = "allow"`, 'unknown-policy-key', [
      `Mars ignores \`mcp(${y(45)}\`…${y(24)})\` here, so this rule has no effect. Put "mcp(${y(45)}…${y(23)})" in \`allowed\` instead. A tools table holds only \`allowed\` and \`disallowed\` lists.`,
      `Move "mcp(${y(45)}…${y(23)})" into \`allowed\``,
    ]],
  // The TOML string a key becomes keeps U+202E as it is: escaped before it is shortened, as a quote is.
  ['a long map-form key with an invisible character where it is cut: the escape is cut whole',
    `"${y(48)}\\u202e${z(60)}" = "allow"`, 'unknown-policy-key', [
      `Mars ignores \`${y(48)}…${z(25)}\` here, so this rule has no effect. Put "${y(48)}…${z(24)}" in \`allowed\` instead. A tools table holds only \`allowed\` and \`disallowed\` lists.`,
      `Move "${y(48)}…${z(24)}" into \`allowed\``,
    ]],
  ['a TOML syntax error quoting a key that holds a backtick shortens it too',
    `"a\`${y(90)}" = 1\n"a\`${y(90)}" = 2`, 'toml-syntax', [
      `TOML syntax error: \`"a\`${y(47)}…${y(24)}"\` is already defined: a key is defined once`,
    ]],
  // QUOTED_MAX (80) characters are quoted whole; past it, the cut keeps an escape whole even where one starts right at it.
  ['an entry of exactly 80 characters is quoted whole',
    `allowed = ["bash(${y(74)})", "bash(${y(74)})"]`, 'duplicate-entry', [
      `\`bash(${y(74)})\` is already in this list.`,
      `Remove the duplicate \`bash(${y(74)})\``,
    ]],
  ['a long entry whose end part starts right at an escape keeps the escape',
    `allowed = ["bash(${y(61)}\\u200b${z(18)})", "bash(${y(61)}\\u200b${z(18)})"]`, 'duplicate-entry', [
      `\`bash(${y(45)}…\\u200B${z(18)})\` is already in this list.`,
      `Remove the duplicate \`bash(${y(45)}…\\u200B${z(18)})\``,
    ]],
  // A list is cut between its items, not inside one (`"Rea…d27"`).
  ['a long list written in braces is shortened between its items in the message and the fix title',
    `allowed = {${Array.from({ length: 30 }, (_, i) => `"Read${i}"`).join(', ')}}`, 'toml-syntax', [
      'TOML syntax error: an inline table holds `key = value` pairs: a list is written in brackets (`["Read0", "Read1", "Read2", "Read3", "Read4", …, "Read28", "Read29"]`)',
      'Change to `["Read0", "Read1", "Read2", "Read3", "Read4", …, "Read28", "Read29"]`',
    ]],
  // An empty or blank name (a key, an entry, a table) is quoted as the string it is, not as empty backticks.
  ['an empty map-form key is quoted as the string it is',
    '"" = "deny"', 'unknown-policy-key', [
      `Mars ignores \`""\` here: a tools table holds only \`allowed\` and \`disallowed\` lists, and it is not a tool name Mars accepts either (allowed: ${ERROR_ALLOWED.Empty}).`,
      'Remove `""`',
    ]],
  ['an empty entry is quoted as the string it is',
    'allowed = [""]', 'invalid-tool-name', [`invalid tool name \`""\`; allowed: ${ERROR_ALLOWED.Empty}`, 'Remove `""`']],
  ['a blank entry is quoted as the string it is',
    'allowed = [" "]', 'invalid-tool-name', [`invalid tool name \`" "\`; allowed: ${ERROR_ALLOWED.Empty}`, 'Remove `" "`']],
  ['a blank entry of a tab is quoted as the string it is, the tab escaped as TOML escapes it',
    'allowed = ["\\t"]', 'invalid-tool-name', [`invalid tool name \`"\\t"\`; allowed: ${ERROR_ALLOWED.Empty}`, 'Remove `"\\t"`']],
  // Blank as Mars has it: U+0085 is white space (Rust trims it), U+FEFF is not (a name of one character, an unknown tool).
  ['a blank entry of U+0085 is quoted as the string it is',
    'allowed = ["\\u0085"]', 'invalid-tool-name', [`invalid tool name \`"\\u0085"\`; allowed: ${ERROR_ALLOWED.Empty}`, 'Remove `"\\u0085"`']],
  ['an entry of U+FEFF, which Mars keeps, is quoted as a name',
    'allowed = ["\\ufeff"]', 'unknown-tool', [
      'Mars has no capability named `\\uFEFF`; it passes the entry on as written, so only a harness with a tool of that name applies it.',
    ]],
  ['an empty table name in a tools table is quoted as the string it is',
    '[agents.a.tools.""]\nx = 1', 'unknown-policy-key', [
      'Mars ignores the table `""` here: a tools table holds only `allowed` and `disallowed` lists.',
      'Remove the table `[agents.a.tools.""]`',
    ]],
];

for (const [name, body, code, expected] of CASES) {
  test(`quoting: ${name}`, () => assert.deepEqual(said(body, code), expected));
}
