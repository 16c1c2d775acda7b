// Where the syntax error is, held to toml_edit (Mars's TOML parser) on random broken documents:
// an error exactly when it refuses the text, and the first one on the line it stops at, never
// after it (a squiggle below the real mistake sends the reader the wrong way).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeDocument, documentFindings } from '../../server/src/analysis/document';
import { LineIndex } from '../../server/src/toml/lineIndex';
import { rng } from '../support/rng';
import { tomlEditErrorLine } from '../support/tomlEdit';

/** A small mars.toml-like document: values over lines, inline tables, sections. */
function randomDocument(next: () => number): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  const scalars = ['1', '"s"', "'l'", '"Bash"', '07:32:00', 'true', '["Read", "bash(x)"]', '1979-05-27'];
  let keyNo = 0;
  const value = (depth: number): string => {
    const r = next();
    if (depth > 2 || r < 0.5) return pick(scalars);
    const items = Array.from({ length: Math.floor(next() * 3) }, () => value(depth + 1));
    if (r < 0.75) return `[${items.map((v) => pick([' ', '', '\n  ']) + v).join(',')}${pick([' ', '\n'])}]`;
    return `{ ${items.map((v) => `k${keyNo++} = ${v}`).join(', ')} }`;
  };
  const lines: string[] = [];
  for (let i = 0, n = 2 + Math.floor(next() * 5); i < n; i++) {
    if (next() < 0.2) lines.push(pick([`[t${i}]`, `[agents.a${i}.tools]`, '[[arr]]']));
    lines.push(`${pick([`a${i}`, `"b${i}"`, `c${i}.d`])} = ${value(0)}`);
  }
  return lines.join('\n') + '\n';
}

/** One or two characters deleted or typed. */
function mutate(text: string, next: () => number): string {
  const typed = ['{', '}', '[', ']', ',', '\n', '"', "'", '=', ' ', '#', '.', 'x'];
  for (let n = 1 + Math.floor(next() * 2); n > 0; n--) {
    const at = Math.floor(next() * text.length);
    text = next() < 0.5 ? text.slice(0, at) + text.slice(at + 1) : text.slice(0, at) + typed[Math.floor(next() * typed.length)] + text.slice(at);
  }
  return text;
}

test('random broken documents: a syntax error exactly when toml_edit refuses the text, the first never below the line it stops at, and on it in 99%', async () => {
  const next = rng(16);
  let refused = 0;
  let sameLine = 0;
  for (let i = 0; i < 3000; i++) {
    const text = mutate(randomDocument(next), next);
    const line = await tomlEditErrorLine(text);
    if (line === undefined) continue;
    const first = documentFindings(analyzeDocument(text))
      .filter((f) => f.code === 'toml-syntax')
      .reduce<number | undefined>((a, f) => Math.min(a ?? Infinity, f.span.start), undefined);
    assert.equal(first !== undefined, line !== null, JSON.stringify(text));
    if (first === undefined || line === null) continue;
    refused++;
    const ours = new LineIndex(text).position(first).line;
    // Earlier only where a list left open runs into a header (toml_edit reads the header as an
    // item and stops there; we stop where the `]` is missing) or a line break inside `{ }` follows a list over lines.
    assert.ok(ours <= line, `ours on line ${ours}, toml_edit's on ${line}: ${JSON.stringify(text)}`);
    if (ours === line) sameLine++;
  }
  assert.ok(refused > 2000 && sameLine >= 0.99 * refused, `${sameLine} of ${refused} on toml_edit's line`);
});

const REDEFINED: Array<[text: string, shown: string, message: string, first: string]> = [
  ['[agents.a]\ntools = { allowed = ["x"] }\ntools.disallowed = ["y"]\n', 'tools.disallowed', '`tools.disallowed` adds to `tools`, an inline table, complete as written', 'tools'],
  ['[agents.a]\nmodel = "a"\nmodel = "b"\n', 'model', '`model` is already defined: a key is defined once', 'model'],
  ['[agents.a]\ntools = { allowed = [], allowed = [] }\n', 'allowed', '`allowed` is already defined: a key is defined once', 'allowed'],
  ['[agents.a]\ntools.allowed = ["y"]\ntools = {}\n', 'tools', '`tools` is already defined, as a table, by `tools.allowed`', 'tools.allowed'],
  ['[t]\na.b = 1\n"a" . b.c = 2\n', '"a" . b.c', '`"a" . b.c` adds to `a.b`, a value, not a table', 'a.b'],
];
test('a key still being typed is not taken for one defined twice (smol-toml stops at its start too)', () => {
  for (const text of ['a = 1\na', 'a.b = 1\na', '[agents.x.tools]\nallowed = ["read"]\nallowed', 'x = {a = 1, a']) {
    const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'toml-syntax');
    assert.equal(found.length, 1, text);
    assert.doesNotMatch(found[0]!.message, /already defined/, text);
    assert.equal(found[0]!.related, undefined, text);
  }
});

for (const [text, shown, message, first] of REDEFINED) {
  test(`a key defined twice in one table is shown whole, with the key it clashes with: ${JSON.stringify(text)}`, () => {
    const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'toml-syntax');
    assert.deepEqual(found.map((f) => [text.slice(f.span.start, f.span.end), f.message, f.related?.map((r) => text.slice(r.span.start, r.span.end))]),
      [[shown, `TOML syntax error: ${message}`, [first]]]);
  });
}
