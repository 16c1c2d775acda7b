// A "..." string's backslashes that begin no escape (`\d`, `C:\Users`, a shell's `my\ dir`): the fix
// writes each `\\`, so the string loads holding what the model reads it as (the backslash as
// written). Generated strings of escapes good and bad, one and three quotes, values and keys; toml_edit the oracle.
// Replay with MARS_STRAY_SEED=<n>.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeDocument, documentFindings } from '../../server/src/analysis/document';
import { documentFixAll } from '../../server/src/analysis/documentFixAll';
import { applyEdits } from '../../server/src/analysis/edits';
import { parseToml } from '../../server/src/toml/parse';
import type { TomlString } from '../../server/src/toml/model';
import { rng } from '../support/rng';
import { tomlEditValue } from '../support/tomlEdit';

const SEED = Number(process.env.MARS_STRAY_SEED ?? 7);
const ROUNDS = 1_500;

const PLAIN = ['a', 'Bash(', ')', ' ', '\t', '😀', 'é', '\\n', '\\"', '\\\\', '\\u0061', '\\U0001F600', "'"];
const STRAY = ['\\d', '\\q', '\\.', '\\(', '\\Users', '\\user', '\\ ', '\\\t', '\\😀', '\\xyz', '\\$'];
const JSON_SLASH = '\\/';
/** Escapes a fix cannot read the meaning of: a code cut short (a character after it that is no hex digit, whatever follows). */
const CUT_SHORT = ['\\u12 ', '\\U0001F6)'];
/** Only in a multi-line string: a line ending backslash, and a line break. */
const MULTILINE = ['\\\n  ', '\\  \n', '\n'];

const isBackslashFix = (title: string) => /^Write (the|each) backslash/.test(title);
const valueOf = (text: string, keyed: boolean) => {
  const kv = parseToml(text).sections[0]!.entries[0]!;
  return keyed ? kv.key.parts[0]!.name : (kv.value as TomlString).value;
};

test('a string\'s backslashes that begin no escape: written `\\\\`, the string then loads as the model read it', async () => {
  const random = rng(SEED);
  let picked = new Set<string>();
  const pick = (from: readonly string[]) => {
    const piece = from[Math.floor(random() * from.length)]!;
    picked.add(piece);
    return piece;
  };
  const tally = { fixed: 0, guessed: 0, none: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    picked = new Set();
    const multiline = random() < 0.4;
    const kinds = random();
    const pieces = [...PLAIN, ...STRAY, ...(kinds < 0.15 ? [JSON_SLASH] : []), ...(kinds > 0.9 ? CUT_SHORT : []), ...(multiline ? MULTILINE : [])];
    let body = pick(kinds < 0.15 ? [JSON_SLASH] : kinds > 0.9 ? CUT_SHORT : STRAY);
    for (let n = Math.floor(random() * 6); n > 0; n--) body = random() < 0.5 ? body + pick(pieces) : pick(pieces) + body;
    // A quote right before the closing ones would close the string early.
    if (multiline) body = body.replace(/(\\*)("+)$/, (all, slashes: string) => (slashes.length % 2 === 1 ? all : `${all}x`));
    const quotes = multiline ? '"""' : '"';
    // Now and then a quoted key (one line only, as TOML writes a key).
    const keyed = !multiline && random() < 0.3;
    const text = keyed ? `"${body}" = 1\n` : `x = ${quotes}${body}${quotes}\n`;
    const what = JSON.stringify(text);
    const syntax = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'toml-syntax');
    // A blank after a backslash, then a line break: a multi-line string's line ending backslash, no error.
    if (syntax.length === 0 && multiline && /\\[ \t]*\n/.test(body)) {
      assert.notEqual(await tomlEditValue(text), null, what);
      continue;
    }
    assert.equal(syntax.length, 1, `one error shown: ${what}`);
    const fix = syntax[0]!.fixes.find((x) => isBackslashFix(x.title));
    const cutShort = CUT_SHORT.some((c) => picked.has(c));
    if (cutShort) {
      assert.equal(fix, undefined, `no fix where a code is cut short: ${what}`);
      tally.none++;
      continue;
    }
    assert.ok(fix, `a fix: ${what} (${syntax[0]!.message})`);
    const guess = picked.has(JSON_SLASH);
    assert.deepEqual([fix.preferred, fix.safe], [!guess, !guess], `a guess only where JSON's \`\\/\` is: ${what}`);
    const fixed = applyEdits(text, fix.edits);
    const read = (await tomlEditValue(fixed)) as Record<string, unknown> | null;
    assert.ok(read, `toml_edit reads ${JSON.stringify(fixed)}`);
    assert.equal(keyed ? Object.keys(read)[0] : read.x, valueOf(text, keyed), `the string holds what the model read: ${what}`);
    assert.deepEqual(documentFindings(analyzeDocument(fixed)).filter((f) => f.code === 'toml-syntax'), [], JSON.stringify(fixed));
    // Fix-all writes the same, where it writes it.
    assert.equal(applyEdits(text, documentFixAll(analyzeDocument(text))), guess ? text : fixed, `fix-all: ${what}`);
    tally[guess ? 'guessed' : 'fixed']++;
  }
  assert.ok(tally.fixed > ROUNDS / 2 && tally.guessed > 50 && tally.none > 50, JSON.stringify(tally));
});
