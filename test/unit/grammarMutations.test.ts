// Our grammar against the reference's rules on the conformance vectors mutated: a seeded, bounded
// differential test. The oracle is `parse_mars_tool_name` of the Rust seed (shared/seeds/001_*.txt)
// written again here from its text, and its vocabulary read from the seed's `CANONICAL_TOOLS` table,
// not from ours (server/src/grammar/vocabulary.ts). The MCP reference parser (`mcp.rs`) is not in the
// seed: an input whose head is `mcp` in any casing is held to SPEC 3's rules for it instead (segments
// trimmed, non-empty, at most one `/`), checked against the vectors themselves where they say it.
// Mutations, one to three a vector: ASCII case flips anywhere, white space (Rust's, and what it does
// not trim: U+200B, U+FEFF) inserted anywhere, `(`, `)`, `()`, `:*`, `_`, `*` inserted anywhere.
// Bounded: 20,000 inputs (well under a second here). Replay with MARS_GRAMMAR_SEED=<n>;
// MARS_GRAMMAR_ROUNDS=<n> for more.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parseToolName, render } from '../../server/src/grammar/toolName';
import { SHARED } from '../support/paths';
import { rng } from '../support/rng';

const SEED = Number(process.env.MARS_GRAMMAR_SEED ?? 20_261_206);
const ROUNDS = Number(process.env.MARS_GRAMMAR_ROUNDS ?? 20_000);

// ---------------------------------------------------------------------------------------------
// The oracle, from the seed's text.

const seedDir = path.join(SHARED, 'seeds');
const seed = fs.readFileSync(path.join(seedDir, fs.readdirSync(seedDir).find((f) => f.startsWith('001_'))!), 'utf8');
const table = seed.slice(seed.indexOf('const CANONICAL_TOOLS'), seed.indexOf('pub fn parse_mars_tool_name'));
const TOOLS: Array<{ name: string; aliases: string[] }> = [...table.matchAll(/name: "([^"]+)",\s*aliases: &\[([^\]]*)\]/g)].map((m) => ({
  name: m[1]!,
  aliases: [...m[2]!.matchAll(/"([^"]+)"/g)].map((a) => a[1]!),
}));

// Rust's char::is_whitespace (Unicode White_Space).
const WS = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000]);
function trim(s: string): string {
  let a = 0;
  let z = s.length;
  while (a < z && WS.has(s.charCodeAt(a))) a++;
  while (z > a && WS.has(s.charCodeAt(z - 1))) z--;
  return s.slice(a, z);
}
const lower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
const named = (n: string) => TOOLS.find((t) => t.name === n)?.name;
const aliased = (n: string) => TOOLS.find((t) => t.aliases.includes(n))?.name;

type Oracle = { error: string } | { capability: string; kind: 'builtin' | 'unknown' | 'any'; pattern: string | null } | { mcp: true };

function oracle(raw: string): Oracle {
  const trimmed = trim(raw);
  if (trimmed === '') return { error: 'Empty' };
  const i = trimmed.indexOf('(');
  const head = trim(i < 0 ? trimmed : trimmed.slice(0, i));
  const payload = i < 0 ? '' : trimmed.slice(i);
  if (head === '') return { error: 'Empty' };
  if (lower(head) === 'mcp') return { mcp: true };
  const p = trim(payload);
  let pattern: string | null = null;
  if (p !== '') {
    if (!(p.startsWith('(') && p.endsWith(')') && p.length >= 2)) return { error: 'UnbalancedPattern' };
    pattern = trim(p.slice(1, -1));
    if (pattern === '') return { error: 'EmptyPattern' };
  }
  if (head === '*') return pattern === null ? { capability: '*', kind: 'any', pattern: null } : { error: 'WildcardPattern' };
  let kind: 'builtin' | 'unknown';
  let capability: string;
  if (lower(trim(head).slice(0, 5)) === 'mcp__') [kind, capability] = ['unknown', head];
  else {
    const l = lower(head);
    const known = named(l) ?? aliased(l);
    if (known) [kind, capability] = ['builtin', known];
    else if (head.includes('_') || (/[A-Z]/.test(head) && !/[a-z]/.test(head))) [kind, capability] = ['unknown', l];
    else if (/[A-Z]/.test(head) && /[a-z]/.test(head)) {
      let snake = '';
      // Rust's chars().enumerate(): the index of a character, not of a UTF-16 unit; only 0 matters.
      [...head].forEach((c, k) => (snake += /[A-Z]/.test(c) ? `${k > 0 ? '_' : ''}${c.toLowerCase()}` : c));
      const canonical = named(snake);
      [kind, capability] = canonical ? ['builtin', canonical] : ['unknown', snake];
    } else [kind, capability] = ['unknown', head];
  }
  if (pattern !== null && kind === 'builtin' && capability === 'bash' && pattern.endsWith(':*')) pattern = `${pattern.slice(0, -2)} *`;
  return { capability, kind, pattern };
}

/** SPEC 3's MCP reference: `mcp(server)` or `mcp(server/tool)`, segments trimmed and non-empty. */
function mcpOracle(raw: string): string | null {
  const trimmed = trim(raw);
  const i = trimmed.indexOf('(');
  const p = trim(trimmed.slice(i < 0 ? trimmed.length : i));
  if (!(p.length >= 2 && p.startsWith('(') && p.endsWith(')'))) return null;
  const segments = trim(p.slice(1, -1)).split('/');
  if (segments.length > 2) return null;
  const [server, tool] = [trim(segments[0]!), segments.length === 2 ? trim(segments[1]!) : '*'];
  return server === '' || tool === '' ? null : `mcp(${server}/${tool})`;
}

// ---------------------------------------------------------------------------------------------

const vectors = fs.readFileSync(path.join(SHARED, 'conformance/tool-names.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);

test('the oracle, written from the seed, agrees with every conformance vector', () => {
  assert.ok(TOOLS.length >= 25, `read ${TOOLS.length} tools from the seed`);
  const wrong = vectors.flatMap((v) => {
    const o = oracle(v.input as string);
    const said = 'error' in o ? `!${o.error}` : 'mcp' in o ? (mcpOracle(v.input as string) ?? '!InvalidMcpRef') : o.pattern === null ? o.capability : `${o.capability}(${o.pattern})`;
    const expected = v.ok ? (v.rendered as string) : `!${v.error as string}`;
    return said === expected ? [] : [`${JSON.stringify(v.input)}: oracle ${said}, vector ${expected}`];
  });
  assert.deepEqual(wrong, []);
});

const INSERTS = [' ', '\t', '\u00A0', '\u3000', '\u0085', '\u2028', '\u200B', '\uFEFF', '(', ')', '()', ':*', '_', '*', '/', 'A', 'z'];

test('our grammar says what the reference\'s rules say of the conformance vectors mutated', () => {
  const random = rng(SEED);
  const int = (n: number) => Math.floor(random() * n);
  const wrong = new Map<string, string>();
  for (let round = 0; round < ROUNDS; round++) {
    let s = vectors[int(vectors.length)]!.input as string;
    for (let k = 1 + int(3); k > 0; k--) {
      const at = int(s.length + 1);
      if (random() < 0.4 && s.length > 0) {
        // Flip the ASCII case of a run of characters.
        const end = Math.min(s.length, at + 1 + int(6));
        s = s.slice(0, at) + s.slice(at, end).replace(/[A-Za-z]/g, (c) => (random() < 0.6 ? (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) : c)) + s.slice(end);
      } else s = s.slice(0, at) + INSERTS[int(INSERTS.length)]! + s.slice(at);
    }
    const o = oracle(s);
    const ours = parseToolName(s);
    let expected: string;
    let said: string;
    if ('mcp' in o) {
      // The reference's MCP parser is not in the seed: an error or a reference, as SPEC 3 reads it.
      expected = mcpOracle(s) ?? '!InvalidMcpRef';
      said = ours.ok ? render(ours.name) : `!${ours.error}`;
    } else {
      expected = 'error' in o ? `!${o.error}` : `${o.kind} ${o.pattern === null ? o.capability : `${o.capability}(${o.pattern})`}`;
      said = ours.ok ? `${ours.name.kind} ${render(ours.name)}` : `!${ours.error}`;
    }
    if (said !== expected && wrong.size < 20) wrong.set(s, `${JSON.stringify(s)}: ours ${said}, the reference's rules ${expected}`);
  }
  assert.deepEqual([...wrong.values()], []);
});
