// Suppression comments read by hand (analysis/suppress.ts), held to what they replaced or to the
// parser: the reading of a `mars-ignore` comment, and where "Disable for this line" may write one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TextDocumentEdit, TextEdit } from 'vscode-languageserver';
import { analyzeDocument, documentFindings } from '../../server/src/analysis/document';
import { applyEdits } from '../../server/src/analysis/edits';
import { codeActions } from '../../server/src/features/codeActions';
import { toDiagnostic } from '../../server/src/features/convert';
import { readDirective, suppressEdit } from '../../server/src/analysis/suppress';
import { parseToml } from '../../server/src/toml/parse';
import { generator } from '../support/marsDocs';
import { rng } from '../support/rng';

// The regular expression the reading replaced (quadratic on a long run of blanks), as the oracle.
const DIRECTIVE = /^\s*mars-ignore(-file)?\s*(?::([^]*?))?\s*(?:--[^]*)?$/;
function byRegex(comment: string) {
  const m = DIRECTIVE.exec(comment);
  if (m === null) return null;
  const kind = m[1] === undefined ? 'line' : 'file';
  if (m[2] === undefined) return { kind, listAt: null, words: [] };
  const listAt = comment.indexOf(':') + 1;
  return { kind, listAt, words: [...m[2].matchAll(/[^\s,]+/g)].map((w) => ({ word: w[0], at: listAt + w.index! })) };
}

test('a mars-ignore comment reads as the regular expression it replaced did, on 30,000 random comments', () => {
  const random = rng(5);
  const pieces = [' ', '\t', '\u00a0', '\u2028', '\ufeff', ':', '-', '--', 'mars-ignore', 'mars-ignore-file', '-file', 'x', ',', 'non-canonical', 'all', 'a--b', '\n', ' -- '];
  const pick = () => pieces[Math.floor(random() * pieces.length)]!;
  let differ = 0;
  for (let i = 0; i < 30_000; i++) {
    let comment = random() < 0.7 ? `${pieces[Math.floor(random() * 3)]}${random() < 0.5 ? 'mars-ignore' : 'mars-ignore-file'}` : '';
    for (let k = Math.floor(random() * 8); k > 0; k--) comment += pick();
    const [want, got] = [byRegex(comment), readDirective(comment)];
    if (JSON.stringify(want) !== JSON.stringify(got) && differ++ < 5) assert.deepEqual(got, want, JSON.stringify(comment));
  }
  assert.equal(differ, 0);
});

test('a mars-ignore comment with 200,000 blanks in it is read at once', () => {
  const blanks = ' '.repeat(200_000);
  assert.deepEqual(readDirective(` mars-ignore:${blanks}x`), { kind: 'line', listAt: 13, words: [{ word: 'x', at: 13 + blanks.length }] });
  assert.equal(readDirective(` mars-ignore${blanks}x`), null);
  assert.deepEqual(readDirective(` mars-ignore-file${blanks}:${blanks}-- why`), { kind: 'file', listAt: 18 + blanks.length, words: [] });
});

test('"Disable for this line" on broken documents: where it writes a comment, the parser reads that comment there', () => {
  // Before a unit's first syntax error, where a comment can go is read from the model; past it, by
  // parsing again: both must say what parsing the edited text says.
  const random = rng(11);
  const make = generator(random);
  const noise = ['"', '[', ']', '{', '}', '=', ',', '#', '\n', "'", '"""', "'''", '\r', '\\', 'x = '];
  let checked = 0;
  for (let d = 0; d < 300; d++) {
    let text = make();
    for (let k = 1 + Math.floor(random() * 3); k > 0; k--) {
      const at = Math.floor(random() * (text.length + 1));
      text = text.slice(0, at) + noise[Math.floor(random() * noise.length)] + text.slice(at);
    }
    for (const unit of analyzeDocument(text).units) {
      const own = unit.analysis;
      const lineCount = own.lines.position(own.text.length).line + 1;
      for (let line = 0; line < lineCount; line++) {
        const edit = suppressEdit(own.doc, own.lines, own.suppressions, 'unknown-tool', line);
        if (!edit || !edit.newText.includes('# mars-ignore: unknown-tool')) continue; // none, or a comment extended
        const hash = edit.start + edit.newText.indexOf('#');
        const after = parseToml(applyEdits(own.text, [edit]));
        assert.ok(after.comments.some((c) => c.span.start === hash && c.text === ' mars-ignore: unknown-tool'),
          `line ${line} of ${JSON.stringify(own.text)}: ${JSON.stringify(edit)}`);
        checked++;
      }
    }
  }
  assert.ok(checked > 1000, `checked ${checked}`);
});

/** The findings of `text` as `code@line`. */
function shownFindings(text: string): string[] {
  const da = analyzeDocument(text);
  return documentFindings(da).map((f) => `${f.code}@${da.lines.position(f.span.start).line}`);
}

test('a finding on a line inside a multi-line string is silenced by a mars-ignore above the line the string opens on', () => {
  // No comment can go on `Shell` (a line of the string) nor above it (it would be text of the
  // string): the one above the entry is the only one that can speak of it.
  const string = 'allowed = ["""\nShell\n""", "Bash"]\n';
  assert.deepEqual(shownFindings(`[agents.a.tools]\n${string}`), ['non-canonical@2', 'non-canonical@3', 'duplicate-entry@3']);
  assert.deepEqual(shownFindings(`[agents.a.tools]\n# mars-ignore: non-canonical\n${string}`), ['non-canonical@4', 'duplicate-entry@4']);
  // In an inline table too.
  assert.deepEqual(shownFindings(`[agents.a]\n# mars-ignore: non-canonical\ntools = { allowed = ["""\nShell\n"""] }\n`), []);
  // Not another code, nor an entry after the string on the line it closes on (which a comment at its end speaks of).
  assert.deepEqual(shownFindings(`[agents.a.tools]\n# mars-ignore: unknown-tool\n${string}`), ['non-canonical@3', 'non-canonical@4', 'duplicate-entry@4']);
  assert.deepEqual(shownFindings(`[agents.a.tools]\n${string.replace('"Bash"]', '"Bash"]  # mars-ignore: non-canonical')}`), ['non-canonical@2', 'duplicate-entry@3']);
  // Nor an entry on the line it closes on, inside it (`Read"""`): a comment at that line's end speaks of it.
  assert.deepEqual(shownFindings('[agents.a.tools]\n# mars-ignore: non-canonical\nallowed = ["""\n\nRead"""]\n'), ['non-canonical@4']);
});

test('"Disable for this line" on a line inside a multi-line string writes its comment above the line the string opens on', async () => {
  const text = '[agents.a.tools]\nallowed = ["""\nShell\n"""]\n';
  const da = analyzeDocument(text);
  const uri = 'file:///mars.toml';
  const diagnostics = documentFindings(da).map((f) => toDiagnostic(uri, da.lines, f));
  const disables = (await codeActions(uri, 1, da, {}, { diagnostics }, true, async () => null)).filter((a) => a.title === 'Disable `non-canonical` for this line');
  assert.equal(disables.length, 1);
  const edits = ((disables[0]!.edit!.documentChanges![0] as TextDocumentEdit).edits as TextEdit[])
    .map((e) => ({ start: da.lines.offset(e.range.start), end: da.lines.offset(e.range.end), newText: e.newText }));
  const fixed = applyEdits(text, edits);
  assert.equal(fixed, '[agents.a.tools]\n# mars-ignore: non-canonical\nallowed = ["""\nShell\n"""]\n');
  assert.deepEqual(shownFindings(fixed), []);
});

// The "Disable"s a request answers, by the lines of the diagnostics it holds (0-based): over several
// lines (a selection), each names its line (1-based), so two of one code are told apart.
const DISABLE_TITLES: Array<[string, number[], string[]]> = [
  ['allowed = ["Shell", "Read"]', [1], ['Disable `non-canonical` for this line']],
  ['allowed = ["Shell",\n  "Read"]', [1], ['Disable `non-canonical` for this line']],
  ['allowed = ["Shell",\n  "Read"]', [1, 2], ['Disable `non-canonical` for line 2', 'Disable `non-canonical` for line 3']],
  ['allowed = ["Shell",\n  "foo"]', [1, 2], ['Disable `non-canonical` for line 2', 'Disable `unknown-tool` for line 3']],
  // A line inside a multi-line string shares the comment above the line the string opens on: one action, named by its first line.
  ['allowed = ["Shell", """\nRead\n"""]', [1, 2], ['Disable `non-canonical` for line 2']],
  // One that ends outside it takes its comment at its end: two actions.
  ['allowed = ["Shell", """\nRead"""]', [1, 2], ['Disable `non-canonical` for line 2', 'Disable `non-canonical` for line 3']],
  // One that ends where another opens: no comment can speak of that line (the one above the first
  // string's opening line speaks of the lines inside it, not of the one it closes on), so no Disable but the file's.
  ['allowed = ["""\nRead""", """\nShell\n"""]', [2], []],
];

for (const [body, lines, titles] of DISABLE_TITLES) {
  test(`"Disable" titles for diagnostics on lines ${lines.join(', ')} of ${JSON.stringify(body)}`, async () => {
    const text = `[agents.a.tools]\n${body}\n`;
    const da = analyzeDocument(text);
    const uri = 'file:///mars.toml';
    const diagnostics = documentFindings(da).map((f) => toDiagnostic(uri, da.lines, f)).filter((d) => lines.includes(d.range.start.line));
    const actions = await codeActions(uri, 1, da, {}, { diagnostics }, true, async () => null);
    assert.deepEqual(actions.map((a) => a.title).filter((t) => t.startsWith('Disable') && !t.endsWith('entire file')), titles);
  });
}
