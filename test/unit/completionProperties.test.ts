// Completion and hover at every offset of generated mars.toml documents: a seeded, bounded property
// test over the generator of the fix-all test (test/support/marsDocs.ts), its documents mutated as
// a user leaves them mid-edit (cut short, a stray quote or bracket, CRLF, tabs, emoji, an entry
// retyped with a pattern after its name).
//
// At each offset (every one of a small document, a sample of a big one):
// (a) nothing throws; each item's range is on the cursor's line, holds the cursor, and splits no
//     surrogate pair and no CRLF; a filter text that spells the word typed but for case or a basic
//     string's escapes, as typed;
// (b) inside an entry or on a slot (empty or a bare word), a canonical name is offered exactly when
//     what it would write (with the pattern already written after the name) means something the
//     list does not hold yet (SPEC 5: "skip what the list already holds");
// (c) in a document toml_edit reads, an accepted item (a sample of them; snippets with their
//     placeholders' defaults) leaves one toml_edit reads, and in a tool list an entry Mars takes
//     (unless the entry was rejected before) that no other entry of the list means already, and in a
//     string Mars reads as no entry for its value's shape (`allowed = "gr"`) one hover still describes
//     as the entry it would be; and no spacing oddity the document did not have (two blanks in a
//     row, `,,`, a comma right before `]` or `}`, a blank before a comma or at a line's end, a comment
//     glued to what is before it);
// and hover on every offset of every entry answers with its range inside the string, a rejected
// entry's reason or a valid entry's parse (capability and pattern, MCP server and tool).
// Bounded: 100 documents (about 10 s here), stopping early past 20 s on a slow machine. Replay
// another run with MARS_COMPLETION_SEED=<n>; MARS_COMPLETION_ROUNDS=<n> for more documents.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type CompletionItem, InsertTextFormat, type MarkupContent, type TextEdit } from 'vscode-languageserver';
import { inGuessed } from '../../server/src/analysis/analyze';
import { analyzeDocument, documentFindings, placed, unitAt, type DocumentAnalysis } from '../../server/src/analysis/document';
import type { ParsedEntry } from '../../server/src/analysis/verdicts';
import { completionsInDocument, snippetText } from '../../server/src/features/completion';
import { cursorContext } from '../../server/src/features/context';
import { code, plainReason, startsLike } from '../../server/src/features/describe';
import { hover } from '../../server/src/features/hover';
import { parseToolName, render } from '../../server/src/grammar/toolName';
import { CAPABILITIES } from '../../server/src/grammar/vocabulary';
import { decodeBasic } from '../../server/src/toml/stringPositions';
import { generator } from '../support/marsDocs';
import { failureReport, type Failure } from '../support/failures';
import { rng } from '../support/rng';
import { tomlEditTakes } from '../support/tomlEdit';

const SEED = Number(process.env.MARS_COMPLETION_SEED ?? 20_261_201);
const ROUNDS = Number(process.env.MARS_COMPLETION_ROUNDS ?? 100);
const TIME_LIMIT_MS = Number(process.env.MARS_COMPLETION_MS ?? 20_000);
/** Up to this length every offset is tried; past it, a sample. */
const SMALL = 500;
const SAMPLED_OFFSETS = 120;
/** Items accepted per offset (each is a toml_edit parse), the rest only checked in place. */
const ACCEPTED_PER_OFFSET = 3;
const SERVERS = ['gh', 'linear', 'plugin:demo', 'we$ird}'];

/**
 * Spacing an accepted item should not make: counted in the document before and after. Blanks that
 * indent a line are the document's style (an item on a line of its own copies them, a comma-first
 * list's `  , "x"` too), not counted.
 */
const SPACING: ReadonlyArray<[what: string, re: RegExp]> = [
  ['two blanks in a row', /[^ \t\r\n][ \t]{2}/g],
  ['blank before a comma', /[^ \t\r\n][ \t]+,/g],
  ['comma after a comma', /,[ \t]*,/g],
  ['comma right before ]', /,[ \t]*\]/g],
  ['comma right before }', /,[ \t]*\}/g],
  ['blank at the end of a line', /[ \t]\r?(\n|$)/g],
  ['comment right after an item', /[^ \t\r\n[{]#/g],
];

interface Placed {
  readonly p: ParsedEntry;
  readonly base: number;
  readonly unit: number;
}

/** The entries of the document, each with its unit's base (their spans are the unit's). */
function entriesOf(da: DocumentAnalysis): Placed[] {
  return da.units.flatMap((u, unit) => placed(da, u).entries.map((p) => ({ p, base: u.base, unit })));
}

/** What a user leaves mid-edit. */
function mutate(text: string, random: () => number): string {
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const at = int(text.length + 1);
  switch (int(10)) {
    case 0:
      return text.slice(0, at);
    case 1:
      return text.slice(0, at) + pick(['"', "'", '[', ']', ',', '{', '}', '"""', '(', ')', '\\', '#']) + text.slice(at);
    case 2:
      return text.replace(/\n/g, '\r\n');
    case 3:
      return text.replace(/ /g, () => (random() < 0.5 ? '\t' : ' '));
    case 4:
      return text.slice(0, at) + pick(['😀', '🦀x', 'é', '\u202E']) + text.slice(at);
    case 5:
      return text.slice(0, at) + text.slice(at + 1 + int(4));
    default: {
      // An entry retyped: the start of a name, maybe with a pattern after it.
      const strings = [...text.matchAll(/"([^"\n\\]*)"/g)];
      if (strings.length === 0) return text;
      const m = pick(strings);
      // Escapes too (the strings are basic): `\u0053hell` is `Shell`, typed a character at a time.
      const name = pick(['bash', 'read', 'Shell', 'web_fetch', 'WebFetch', 'mcp', 'grep', 'skill', 'xyz', '*', 'mcp__gh__x', 'Edit', '', '\\u0053hell', 'b\\u0061sh']);
      const pattern = pick(['', '', '(git *)', '(git:*)', '(gh)', '(gh/x)', '(', '()', '(x', '(domain:x)', '(./a)']);
      const start = m.index! + 1;
      return text.slice(0, start) + name.slice(0, int(name.length + 1)) + pattern + text.slice(start + m[1]!.length);
    }
  }
}

/** Whether a basic string's text holds a backslash that starts no escape TOML 1.0 knows. */
function unknownEscape(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '\\') continue;
    const escape = /^\\(?:[btnfr"\\]|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8})/.exec(text.slice(i));
    if (!escape) return true;
    i += escape[0].length - 1;
  }
  return false;
}

async function checkDocument(text: string, random: () => number, counts: { offsets: number; accepted: number; hovers: number }): Promise<Failure[]> {
  const failures: Failure[] = [];
  const fail = (property: string, detail: string) => failures.push({ property, text, detail: `--- input\n${JSON.stringify(text)}\n--- ${detail}` });
  const da = analyzeDocument(text);
  const readable = (t: string) => tomlEditTakes(t.startsWith('\uFEFF') ? t.slice(1) : t);
  const valid = (await readable(text)) === true;
  const entries = entriesOf(da);
  const offsets = text.length <= SMALL ? Array.from({ length: text.length + 1 }, (_, i) => i) : Array.from({ length: SAMPLED_OFFSETS }, () => Math.floor(random() * (text.length + 1)));
  for (const offset of offsets) {
    // Never inside a surrogate pair or a CRLF: no editor puts the cursor there.
    const before = text.charCodeAt(offset - 1);
    if ((before >= 0xd800 && before <= 0xdbff) || (text[offset - 1] === '\r' && text[offset] === '\n')) continue;
    counts.offsets++;
    const unit = unitAt(da, offset);
    const a = placed(da, unit);
    const pos = da.lines.position(offset);
    const at = `offset ${offset} (${pos.line}:${pos.character})`;
    let items: CompletionItem[];
    try {
      // As the server asks: what other sections define, and the owners they name (a header's `tools` is offered only where none writes it).
      const r = completionsInDocument(da, unit, pos, SERVERS);
      items = r === null ? [] : Array.isArray(r) ? r : r.items;
    } catch (e) {
      fail('a: completion does not throw', `${at}: ${e instanceof Error ? e.stack : String(e)}`);
      continue;
    }
    // (a)
    const ctx = cursorContext(a, a.lines.offset(pos));
    for (const item of items) {
      const r = (item.textEdit as TextEdit | undefined)?.range;
      if (!r) continue;
      if (r.start.line !== pos.line || r.end.line !== pos.line || r.start.character > pos.character || r.end.character < pos.character) {
        fail('a: a range on the cursor\'s line, holding it', `${at}: ${item.label} ${JSON.stringify(r)}`);
      }
      for (const o of [da.lines.offset(r.start), da.lines.offset(r.end)]) {
        const c = text.charCodeAt(o - 1);
        // A high surrogate before a low one (a lone one, an emoji typed half-way, splits nothing).
        const low = text.charCodeAt(o);
        if ((c >= 0xd800 && c <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) || (text[o - 1] === '\r' && text[o] === '\n')) fail('a: a range splits no surrogate pair or CRLF', `${at}: ${item.label} ${JSON.stringify(r)}`);
      }
      // A filter text that spells the word typed (from the range's start) but for ASCII case spells
      // it as typed (a `-` typed for `_` too): Neovim's built-in completion keeps only an item it starts, case and all.
      // So does one that spells it with a basic string's escapes decoded (`\u0053h`, `Sh`): the
      // clients filter on the text as written.
      const typed = text.slice(da.lines.offset(r.start), offset);
      const spelt = ctx?.kind === 'entry' && !ctx.literal ? decodeBasic(typed) : typed;
      const filter = item.filterText ?? item.label;
      if (!filter.startsWith(typed) && (startsLike(filter, typed) || startsLike(filter, spelt))) {
        fail('a: a filter text starts with the word typed, as typed', `${at}: ${item.label} ${JSON.stringify(typed)} ${filter}`);
      }
    }
    // (b) On the name (not in the pattern) of an entry, or on a slot (empty, or a bare word typed there).
    // Not in a string Mars reads as no entry for its value's shape (`allowed = "gr"`): no entry holds it, nor it one.
    // Not in a string written where a list Mars does not read goes (`[agents.x]` then `allowed = "gr"`) either: a list of its names once fixed.
    const array = ctx?.kind === 'slot' ? ctx.list.array : ctx?.kind === 'entry' && ctx.list !== null ? ctx.array : null;
    if (ctx && (ctx.kind === 'slot' || ctx.kind === 'entry') && array !== null) {
      const paren = ctx.text.indexOf('(');
      // A name holding an escape TOML does not know (`"b\(git *)"`) has no value Mars reads, nor a `(` to keep a pattern
      // from: an item writes the whole string anew.
      const unread = ctx.kind === 'entry' && !ctx.literal && unknownEscape(ctx.text.slice(0, paren < 0 ? ctx.text.length : paren));
      if ((paren < 0 || ctx.cursor <= paren) && !unread) {
        const keep = paren >= 0 ? ctx.text.slice(paren) : '';
        const kept = ctx.kind === 'entry' && !ctx.literal ? decodeBasic(keep) : keep;
        const listStart = array.span.start + unit.base;
        const self = ctx.kind === 'entry' ? ctx.string.span.start + unit.base : -1;
        // A list Mars does not read (`[agents.x]` then `allowed = […]`) holds no entry: what its strings would mean as ones.
        const stray = !a.policies.lists.some((l) => l.array === array);
        const held = stray
          ? new Set(array.items.flatMap((i) => {
            const parse = i.kind === 'string' && i.span.start + unit.base !== self ? parseToolName(i.value) : null;
            return parse?.ok ? [render(parse.name)] : [];
          }))
          : new Set(entries.filter(({ p, base }) => p.entry.array.span.start + base === listStart && p.entry.string.span.start + base !== self).map(({ p }) => p.verdict.meaning));
        // The other names between commas of the entry at the cursor (`["read, gr|"]`) are what the list holds once it is split.
        if (ctx.kind === 'entry') {
          for (const name of ctx.siblings) {
            const parse = parseToolName(ctx.literal ? name : decodeBasic(name));
            if (parse.ok) held.add(render(parse.name));
          }
        }
        for (const cap of CAPABILITIES) {
          const parse = parseToolName(cap.name + kept);
          // A name the string's quoting cannot hold is not offered either way.
          if (!parse.ok || (ctx.kind === 'entry' && ctx.literal && /'/.test(cap.name + kept))) continue;
          const expected = !held.has(render(parse.name));
          if (expected !== items.some((i) => i.label === cap.name)) {
            fail(`b: a name offered exactly when the list does not hold what it writes (${ctx.kind})`, `${at}: ${cap.name}${kept} ${expected ? 'not offered' : 'offered'}; the list holds ${[...held].join(' | ')}`);
          }
        }
      }
    }
    // (c)
    if (!valid || !ctx) continue;
    const accepted = items.filter((i) => i.textEdit).sort(() => random() - 0.5).slice(0, ACCEPTED_PER_OFFSET);
    for (const item of accepted) {
      counts.accepted++;
      const e = item.textEdit as TextEdit;
      const newText = item.insertTextFormat === InsertTextFormat.Snippet ? snippetText(e.newText) : e.newText;
      const edits = [{ start: da.lines.offset(e.range.start), end: da.lines.offset(e.range.end), newText, main: true }];
      for (const x of item.additionalTextEdits ?? []) edits.push({ start: da.lines.offset(x.range.start), end: da.lines.offset(x.range.end), newText: x.newText, main: false });
      edits.sort((x, y) => y.start - x.start);
      const out = edits.reduce((t, x) => t.slice(0, x.start) + x.newText + t.slice(x.end), text);
      const show = `${at}: ${item.label}\n--- output\n${JSON.stringify(out)}`;
      if ((await readable(out)) === false) {
        fail(`c: toml_edit still reads it (${ctx.kind})`, show);
        continue;
      }
      // No spacing oddity the document did not have: each is counted before and after.
      for (const [what, re] of SPACING) {
        const n = (t: string) => t.match(re)?.length ?? 0;
        if (n(out) > n(text)) fail(`c: no ${what} where there was none (${ctx.kind})`, show);
      }
      if (ctx.kind !== 'entry' && ctx.kind !== 'slot' && ctx.kind !== 'list-value') continue;
      // Where the main edit lands in the output.
      const main = edits.find((x) => x.main)!;
      const start = main.start + edits.filter((x) => !x.main && x.end <= main.start).reduce((n, x) => n + x.newText.length - (x.end - x.start), 0);
      if (ctx.kind === 'entry' && (ctx.list === null || ctx.array === null)) {
        // A string of a shape problem's value stays one, its finding kept: hover describes what was written as the entry it would be;
        // so does one where a list Mars does not read goes.
        const da2 = analyzeDocument(out);
        const h = hover(placed(da2, unitAt(da2, start)), da2.lines.position(start));
        if (!h || !(h.contents as MarkupContent).value.includes('_Not an entry yet')) fail('c: in a string of a shape problem, the accepted item is the entry hover describes', show);
        continue;
      }
      // In a list Mars does not read, no entry is made until the list is moved where it belongs: (b) holds what is offered.
      if (ctx.kind !== 'list-value' && !a.policies.lists.some((l) => l.array === (ctx.kind === 'slot' ? ctx.list.array : ctx.array))) continue;
      const outDa = analyzeDocument(out);
      // So for a list written where a value was: where Mars reads no list (`[agent.x.tools]`, its owner misspelt).
      if (ctx.kind === 'list-value') {
        const u = unitAt(outDa, start);
        if (!placed(outDa, u).policies.lists.some((l) => l.array.span.start + u.base <= start && start < l.array.span.end + u.base)) continue;
      }
      const after = entriesOf(outDa);
      const mine = after.filter(({ p, base }) => p.entry.string.span.start + base < start + Math.max(1, main.newText.length) && p.entry.string.span.end + base > start);
      if (mine.length !== 1) {
        fail(`c: the accepted item is one entry (${ctx.kind})`, `${show}\n--- entries there: ${mine.length}`);
        continue;
      }
      const { p } = mine[0]!;
      const was = ctx.kind === 'entry' ? entries.find(({ p: q, base }) => q.entry.string.span.start + base === ctx.string.span.start + unit.base)?.p : undefined;
      if (!p.parse.ok && (was === undefined || was.parse.ok)) fail(`c: the accepted entry is one Mars takes (${ctx.kind})`, `${show}\n--- ${JSON.stringify(p.raw)}`);
      const same = after.find(({ p: q }) => q !== p && q.entry.array === p.entry.array && q.verdict.meaning === p.verdict.meaning);
      if (p.parse.ok && same && was?.verdict.meaning !== p.verdict.meaning) fail(`c: the accepted entry is not in the list already (${ctx.kind})`, `${show}\n--- ${JSON.stringify(p.raw)} means what ${JSON.stringify(same.p.raw)} means`);
    }
  }
  // Hover, on every offset of every entry not past a syntax error.
  const rejected = documentFindings(da).filter((f) => f.code === 'invalid-tool-name');
  for (const { p, base, unit } of entries) {
    const a = placed(da, da.units[unit]!);
    const s = { start: p.entry.string.span.start + base, end: p.entry.string.span.end + base };
    if (inGuessed(a.guessed, s.start - base)) continue;
    if (p.parse.ok && rejected.some((f) => f.span.start >= s.start && f.span.end <= s.end)) fail('hover: the diagnostic and the parse agree', JSON.stringify(p.raw));
    for (let o = s.start; o < s.end; o++) {
      if (text[o - 1] === '\r' && text[o] === '\n') continue;
      counts.hovers++;
      const at = `hover at ${o} on ${JSON.stringify(p.raw)}`;
      let h;
      try {
        h = hover(placed(da, unitAt(da, o)), da.lines.position(o));
      } catch (e) {
        fail('hover: does not throw', `${at}: ${e instanceof Error ? e.stack : String(e)}`);
        continue;
      }
      if (!h) {
        fail('hover: answers on an entry', at);
        continue;
      }
      if (h.range && (da.lines.offset(h.range.start) < s.start || da.lines.offset(h.range.end) > s.end)) fail('hover: its range is inside the string', `${at}: ${JSON.stringify(h.range)}`);
      const value = (h.contents as MarkupContent).value;
      let expected: string;
      if (!p.parse.ok) expected = `**Invalid tool name**: Mars refuses to load the config. ${plainReason(p.raw, p.parse.error, p.entry.list)}`;
      else {
        const n = p.parse.name;
        const pattern = n.kind !== 'mcp' && n.kind !== 'any' && n.pattern !== null ? ` · pattern ${code(n.pattern)}` : '';
        expected = n.kind === 'any' ? '**Any capability**'
          : n.kind === 'mcp' ? `**MCP** server ${code(n.mcp.server)} · tool ${code(n.mcp.tool)}`
          : n.kind === 'builtin' ? `**Capability** ${code(n.capability)}${pattern}`
          : /^\s*mcp__/i.test(p.raw) ? '**MCP wire token**' : `**Unknown tool** ${code(n.capability)}${pattern}`;
      }
      if (!value.includes(expected)) fail('hover: says the reason or the parse', `${at}: expected ${JSON.stringify(expected)}\n--- got ${JSON.stringify(value.slice(0, 300))}`);
    }
  }
  return failures;
}

test('completion and hover at every offset of generated documents, mid-edit: ranges, what is offered, what accepting it leaves', async () => {
  const random = rng(SEED);
  const next = generator(random);
  const started = performance.now();
  const failures: Failure[] = [];
  const counts = { offsets: 0, accepted: 0, hovers: 0 };
  let documents = 0;
  for (let round = 0; round < ROUNDS; round++, documents++) {
    let text = next();
    const r = random();
    if (r < 0.6) text = mutate(text, random);
    if (r < 0.2) text = mutate(text, random);
    failures.push(...(await checkDocument(text, random, counts)));
    // Bounded: a slow machine checks fewer documents, never runs long.
    if (performance.now() - started > TIME_LIMIT_MS) break;
  }
  console.log(`# seed ${SEED}: ${documents} documents, ${counts.offsets} offsets, ${counts.accepted} items accepted, ${counts.hovers} hovers, ${failures.length} failures, ${Math.round(performance.now() - started)} ms`);
  assert.equal(failures.length, 0, failureReport(failures));
});
