// Markdown made plain for clients that show no Markdown (hover, completion documentation).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { plainText } from '../../server/src/features/plainText';
import { code } from '../../server/src/features/describe';

test('markup goes, the words and the lines stay', () => {
  const cases: Array<[string, string]> = [
    ['**Capability** `bash` · pattern `npm test`', 'Capability bash · pattern npm test'],
    ['_In `allowed` of agent `a`._', 'In allowed of agent a.'],
    ['*one* and __two__ and ***three***', 'one and two and three'],
    ['web_search and snake_case_words stay, as do 2 * 3 * 4 and a_b', 'web_search and snake_case_words stay, as do 2 * 3 * 4 and a_b'],
    ['an unclosed **bold and `tick', 'an unclosed **bold and `tick'],
    ['`` a`b `` and ` `` ` and `*not emphasis*`', 'a`b and `` and *not emphasis*'],
    ['\\*not\\* \\_em\\_ \\`x\\` a\\\\b \\q', '*not* _em_ `x` a\\b \\q'],
    ['see [the docs](https://example.com/x "T") or <https://example.com>', 'see the docs or https://example.com'],
    ['[**bold** link](u)', 'bold link'],
    ['# Heading\ntext ##', 'Heading\ntext ##'],
    ['para one\n\npara two\nline two', 'para one\n\npara two\nline two'],
    ['before\n```text\n**kept** `as is`\n```\nafter _it_', 'before\n**kept** `as is`\nafter it'],
    ['~~~~\n```\n~~~~', '```'],
    ['_emphasis\nacross lines_', 'emphasis\nacross lines'],
  ];
  for (const [markdown, plain] of cases) assert.equal(plainText(markdown), plain, markdown);
});

// CommonMark's edge cases of each rule the code reads.
test('the edges of CommonMark\'s rules: what is markup and what is text', () => {
  const cases: Array<[string, string]> = [
    // Code spans: a content of spaces alone keeps them (only one space each side is stripped from one that has more).
    ['a `  ` b', 'a    b'],
    ['a ` x ` b', 'a x b'],
    // A backtick fence's info string has no backtick: then the line is no fence, and its backticks a code span.
    ['```a`b```\n*c*', 'a`b\nc'],
    // A fence closes at a run of its character at least as long as the one that opened it.
    ['````\na\n```\n````\n*b*', 'a\n```\nb'],
    // `_` both left- and right-flanking opens (and closes) where punctuation is before it.
    ['x._(y)_.z', 'x.(y).z'],
    // A heading has 1 to 6 `#`s.
    ['####### seven', '####### seven'],
    ['###### six', 'six'],
    // A backslash before a line end is a hard break: the break stays, the backslash goes.
    ['a\\\nb', 'a\nb'],
    // An autolink's scheme has 2 to 32 characters.
    ['<a:b> <ab:c>', '<a:b> ab:c'],
  ];
  for (const [markdown, plain] of cases) assert.equal(plainText(markdown), plain, JSON.stringify(markdown));
});

test('what describe.ts writes comes back as it was', () => {
  for (const s of ['bash', 'a`b', '`x`', 'mcp__gh__*', 'x_y_z', '*', '\\', '**']) {
    assert.equal(plainText(code(s)), s, s);
    assert.equal(plainText(`**Unknown tool** ${code(s)}`), `Unknown tool ${s}`, s);
  }
  assert.equal(plainText('```text\na\n``\n*b*\n```'), 'a\n``\n*b*', 'a fenced block comes back verbatim');
});
