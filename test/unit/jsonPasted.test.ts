// A JSON object pasted whole where a key goes (Claude's settings.json): fix-all must write TOML that reads and
// means what `JSON.parse` reads, in the table it was pasted in. Seeded objects, nested, of strings (quotes,
// backslashes, line breaks, emoji, `/` escaped now and then), numbers, booleans, lists (of objects too) and empty ones,
// keys TOML writes bare and keys it quotes, serialised on one line or over lines, under a header or at the root, or as
// a key's value, LF or CR LF.
// Replay with MARS_JSON_SEED=<n>; MARS_JSON_ROUNDS=<n> for more objects.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'smol-toml';
import { analyzeDocument, documentFindings } from '../../server/src/analysis/document';
import { documentFixAll } from '../../server/src/analysis/documentFixAll';
import { applyEdits } from '../../server/src/analysis/edits';
import { failureReport, type Failure } from '../support/failures';
import { rng } from '../support/rng';

const SEED = Number(process.env.MARS_JSON_SEED ?? 20_261_207);
const ROUNDS = Number(process.env.MARS_JSON_ROUNDS ?? 300);

const KEYS = ['permissions', 'env', 'model', 'hooks', 'a b', 'x.y', 'é', 'k-1', 'k_2', 'say "q"', ''];
const STRINGS = ['x', 'say "hi"', 'back\\slash', 'line\nbreak', 'tab\there', 'é😀', '', 'Bash(npm test)', 'Read(/etc/*)'];

function value(random: () => number, depth: number): unknown {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const kind = Math.floor(random() * (depth > 2 ? 5 : 7));
  if (kind === 0) return pick(STRINGS);
  if (kind === 1) return Math.floor(random() * 2000) - 1000;
  if (kind === 2) return Math.round(random() * 10_000) / 100 + 0.01;
  if (kind === 3) return random() < 0.5;
  if (kind === 4) return Array.from({ length: Math.floor(random() * 3) }, () => pick(STRINGS));
  if (kind === 5) return Array.from({ length: 1 + Math.floor(random() * 2) }, () => object(random, depth + 1));
  return object(random, depth + 1);
}

function object(random: () => number, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let n = Math.floor(random() * 4); n > 0; n--) out[KEYS[Math.floor(random() * KEYS.length)]!] = value(random, depth);
  return out;
}

test('a JSON object pasted whole: fix-all writes TOML that means what JSON reads', () => {
  const random = rng(SEED);
  const failures: Failure[] = [];
  let written = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const meant = object(random, 0);
    if (Object.keys(meant).length === 0) continue;
    const indent = [0, 2, 4][Math.floor(random() * 3)]!;
    const spaced = JSON.stringify(meant, null, indent);
    const header = random() < 0.5;
    // Pasted as a key's value (`pasted = {`) now and then: an inline table, each key's `:` as `=`.
    const asValue = random() < 0.3;
    // As some writers do (PHP's json_encode), `/` escaped: `\/`, which TOML lacks (a `/` is only ever in a string). Not in
    // an object on one line pasted as a value, whose keys' `:` are made `=` one error at a time: past the last, nothing
    // says the `\/` left is JSON's (see README).
    const json = random() < 0.25 && !(asValue && indent === 0) ? spaced.replace(/\//g, '\\/') : spaced;
    const text = `${header ? '[agents.x]\n' : ''}${asValue ? 'pasted = ' : ''}${json}\n`.replace(/\n/g, random() < 0.2 ? '\r\n' : '\n');
    const fixed = applyEdits(text, documentFixAll(analyzeDocument(text)));
    const show = `--- input\n${text}\n--- fix-all\n${fixed}`;
    let read: Record<string, unknown>;
    try {
      const doc = parse(fixed) as Record<string, unknown>;
      const table = header ? ((doc.agents as Record<string, unknown>).x as Record<string, unknown>) : doc;
      read = asValue ? (table.pasted as Record<string, unknown>) : table;
    } catch (e) {
      failures.push({ property: 'the fixed text reads as TOML', text, detail: `${show}\n--- ${String(e)}` });
      continue;
    }
    written++;
    if (JSON.stringify(sorted(read)) !== JSON.stringify(sorted(meant))) {
      failures.push({ property: 'it means what JSON reads', text, detail: `${show}\n--- JSON reads ${JSON.stringify(meant)}\n--- TOML reads ${JSON.stringify(read)}` });
      continue;
    }
    const syntax = documentFindings(analyzeDocument(fixed)).filter((f) => f.code === 'toml-syntax');
    if (syntax.length > 0) failures.push({ property: 'no syntax error is left', text, detail: `${show}\n--- ${syntax[0]!.message}` });
  }
  console.log(`# seed ${SEED}: ${ROUNDS} objects, ${written} read, ${failures.length} failures`);
  assert.ok(written > ROUNDS / 2, `${written} read`);
  assert.equal(failures.length, 0, failureReport(failures));
});

/** `v` with its objects' keys in order, for comparing what two readers read. */
function sorted(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sorted);
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted((v as Record<string, unknown>)[k])]));
}
