// Hover and completion against the diagnostics: a seeded, bounded property test over the generated
// mars.toml documents of the fix-all test (test/support/marsDocs.ts), broken now and then as a user
// breaks them while typing (test/support/breaks.ts), and now and then a header of an agent or skill
// written as an array of tables (`[[agents.a]]`), a backtick in a string, or a list written in another
// shape (`allowed.x = […]`, `allowed = 1`, `tools = […]`). completionProperties.test.ts checks what is
// offered and hover's parse of an entry; this checks that what they say agrees with the analysis.
//
// Hover, at every offset (of a small document; a sample of a big one):
// (a) no exception; its range on whole characters of the text; its markdown is well formed: every code span
//     closed (a run of backticks, not escaped, closed by a run as long, in its paragraph), and no `undefined`,
//     `null`, `NaN` or `[object` outside code spans;
// (b) on a tool entry, the reading its diagnostic says (`reads this entry as`, `it reads`, `Mars
//     writes`) is the one hover gives (its canonical spelling, or what it passes an unknown name on as);
// (c) past a syntax error, where the reading is a guess (`Analysis.guessed`, `Policies.guessed`),
//     no reading of an entry there: none on the entry, and none among what its list's key says Mars reads;
// (d) in an overlay Mars refuses (`[[agents.x]]`, by the oracle of marsDocs.ts), hover on an entry
//     says that Mars refuses to load the config, as on its `tools`;
// (f) in a document with a syntax error (a toml-syntax finding, in any section), hover on an entry
//     says that Mars cannot load the file;
// (g) on the last character of what a diagnostic of a key, a table or a value marks (`x` of `allowed.x`,
//     `1` of `allowed = 1`), a hover, and in a document with a syntax error, one that says so.
// Completion, at a sample of offsets, each item accepted (its textEdit and additionalTextEdits,
// snippets with their placeholders' defaults), in a document read or broken:
// (e) no syntax error the document did not have; no error-severity finding on the inserted text but
//     one that was on the entry before; in a tool list, the entry written is the item's label (one of its names
//     between commas, in an entry of such names).
// Bounded: 40 documents (about 5 s here), stopping early past 10 s (MARS_HOVER_MS). Replay with
// MARS_HOVER_SEED=<n>; MARS_HOVER_ROUNDS=<n> for more documents.
// What it found (now cases of hover.test.ts, completion.test.ts, test/lsp/editing.test.ts): a list's
// key said entries past a syntax error as read; an entry of `[[agents.x]]` was read as in force, in
// its section or in `[agents.x.tools]` below it; a tool name accepted as a key right after a comma
// of an inline table glued the next key to it (`],disallowed`); a fix's title quoting a text with a
// backtick left a code span open; (b) read a diagnostic's reading holding a backtick as a
// code span (a message is plain text). (g), run against the hover before it was added (300 documents), found
// values of the wrong shape (`allowed = 1`) and parts below a list's name (`x` of `allowed.x`) with none.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type CompletionItem, InsertTextFormat, type MarkupContent, type TextEdit } from 'vscode-languageserver';
import { analyzeDocument, documentFindings, placed, refusedOutside, syntaxErrorOutside, tablesBelowToolsOutside, unitAt, type DocumentAnalysis } from '../../server/src/analysis/document';
import { entrySpan } from '../../server/src/analysis/places';
import type { ParsedEntry } from '../../server/src/analysis/verdicts';
import { completionsInDocument, snippetText } from '../../server/src/features/completion';
import { cursorContext } from '../../server/src/features/context';
import { code } from '../../server/src/features/describe';
import { hover } from '../../server/src/features/hover';
import { rustTrim } from '../../server/src/grammar/text';
import type { Span } from '../../server/src/toml/model';
import { decodeBasic } from '../../server/src/toml/stringPositions';
import { BREAKS } from '../support/breaks';
import { generator, load } from '../support/marsDocs';
import { failureReport, js, type Failure } from '../support/failures';
import { rng } from '../support/rng';

const SEED = Number(process.env.MARS_HOVER_SEED ?? 20_261_203);
const ROUNDS = Number(process.env.MARS_HOVER_ROUNDS ?? 40);
const TIME_LIMIT_MS = Number(process.env.MARS_HOVER_MS ?? 10_000);
/** Up to this length every offset is hovered; past it, a sample. */
const SMALL = 600;
const SAMPLED_OFFSETS = 150;
/** Offsets completed per document, and items accepted at each. */
const COMPLETED_OFFSETS = 12;
const ACCEPTED_PER_OFFSET = 4;
const SERVERS = ['gh', 'linear'];

/** What a hover on an entry starts with: the reading it gives (or the refusal). */
const READING = /^\*\*(Capability|Any capability|MCP|MCP wire token|Unknown tool|Invalid tool name)\*\*/;

interface Placed {
  readonly p: ParsedEntry;
  readonly base: number;
  /** In the guess past a syntax error, as the analysis counts it (`Policies.guessed`). */
  readonly guessed: boolean;
}

function entriesOf(da: DocumentAnalysis): Placed[] {
  return da.units.flatMap((u) => {
    const a = placed(da, u);
    return a.entries.map((p) => ({ p, base: u.base, guessed: a.policies.guessed.has(p.entry.string) }));
  });
}

/** What is wrong with the markdown, or null: a code span left open, or a word of JavaScript's outside code spans. */
function markdownProblem(md: string): string | null {
  for (const paragraph of md.split('\n\n')) {
    let prose = '';
    // As CommonMark reads it: outside a code span a backslash escapes a punctuation character (`\``
    // is a backtick); a run of backticks opens a code span the next run as long closes, with no
    // escape inside.
    for (let i = 0; i < paragraph.length;) {
      if (paragraph[i] === '\\' && /[!-/:-@[-`{-~]/.test(paragraph[i + 1] ?? '')) {
        prose += paragraph[i + 1];
        i += 2;
        continue;
      }
      if (paragraph[i] !== '`') {
        prose += paragraph[i++];
        continue;
      }
      const open = /^`+/.exec(paragraph.slice(i))![0];
      const rest = paragraph.slice(i + open.length);
      const close = [...rest.matchAll(/`+/g)].find((r) => r[0].length === open.length);
      if (!close) return `a code span opened by ${open} is not closed in ${js(paragraph)}`;
      i += open.length + close.index! + close[0].length;
    }
    const word = /\b(undefined|null|NaN)\b|\[object/.exec(prose);
    if (word) return `${word[0]} in ${js(paragraph)}`;
  }
  return null;
}

/**
 * The readings a diagnostic of an entry may say, as hover quotes them (a Markdown code span, `code`), or
 * null where it says none. A message is plain text, its quotes single backticks (`quoted`), so a reading
 * holding a backtick (`m\`cp(gh)`) has no code span to match: its quote may end at any backtick after
 * its lead, and every such end is a candidate.
 */
function readingSaid(message: string): string[] | null {
  const m = /(?:reads this entry as|: it reads|; Mars writes) `/.exec(message);
  if (!m) return null;
  const rest = message.slice(m.index + m[0].length);
  return [...rest.matchAll(/`/g)].map((close) => code(rest.slice(0, close.index)));
}

/** The codes of diagnostics on a key, a table or a value (not an entry), which hover answers on (g). */
const MARKED: ReadonlySet<string> = new Set(['invalid-tool-policy', 'unknown-policy-key', 'misplaced-tool-list']);
const UNLOADED = 'Mars cannot load the file until the syntax error is fixed';

/** Where hover says the spelling Mars reads: the canonical spelling of a known name, or the one it passes an unknown one on as. */
const READ_AS = ['anonical spelling: ', 'passes the entry on as ', 'passes it through as '];

async function checkDocument(text: string, random: () => number, counts: { hovers: number; accepted: number }): Promise<Failure[]> {
  const failures: Failure[] = [];
  const fail = (property: string, detail: string) => failures.push({ property, text, detail: `--- input\n${text}\n--- as JSON\n${js(text)}\n--- ${detail}` });
  const da = analyzeDocument(text);
  const findings = documentFindings(da);
  const entries = entriesOf(da);
  const unloaded = findings.some((f) => f.code === 'toml-syntax');
  // The owners whose overlay Mars refuses (`[[agents.x]]`): none of their rules is in force.
  const refused = new Set([...(await load(text)).owners].filter(([, r]) => [...r.allowed].some((m) => m.startsWith('!overlay'))).map(([owner]) => owner));
  const hoverAt = (o: number) => {
    const unit = unitAt(da, o);
    return hover(placed(da, unit), da.lines.position(o), (owner) => refusedOutside(da, unit, owner), () => syntaxErrorOutside(da, unit),
      (owner) => tablesBelowToolsOutside(da, unit, owner));
  };
  const onBoundary = (o: number) => !(text.charCodeAt(o - 1) >= 0xd800 && text.charCodeAt(o - 1) <= 0xdbff) && !(text[o - 1] === '\r' && text[o] === '\n');
  const offsets = text.length <= SMALL ? Array.from({ length: text.length + 1 }, (_, i) => i) : Array.from({ length: SAMPLED_OFFSETS }, () => Math.floor(random() * (text.length + 1)));
  for (const o of offsets) {
    if (!onBoundary(o)) continue;
    counts.hovers++;
    const at = `hover at ${o} (${js(text.slice(Math.max(0, o - 12), o))}|${js(text.slice(o, o + 12))})`;
    let h;
    try {
      h = hoverAt(o);
    } catch (e) {
      fail('a: hover does not throw', `${at}: ${e instanceof Error ? e.stack : String(e)}`);
      continue;
    }
    if (!h) continue;
    const value = (h.contents as MarkupContent).value;
    const said = `${at}\n--- hover\n${value}`;
    if (h.range) {
      const [start, end] = [da.lines.offset(h.range.start), da.lines.offset(h.range.end)];
      if (!(start <= end && end <= text.length) || !onBoundary(start) || !onBoundary(end)) fail('a: the hover\'s range is on whole characters of the text', `${said}\n--- range ${start}-${end}`);
    }
    const problem = markdownProblem(value);
    if (problem) fail('a: the markdown is well formed', `${said}\n--- ${problem}`);
    // (c) An entry in the guess is read by no hover.
    const on = entries.find(({ p, base }) => p.entry.string.span.start + base <= o && o <= p.entry.string.span.end + base);
    if (on?.guessed && READING.test(value)) fail('c: no reading of an entry in the guess', `${said}\n--- entry ${js(on.p.raw)}`);
  }
  for (const { p, base, guessed } of entries) {
    if (guessed) continue;
    const s = entrySpan(text.slice(base), p.entry.string);
    const span: Span = { start: s.start + base, end: s.end + base };
    const o = Math.min(span.start + 1, span.end);
    if (!onBoundary(o)) continue;
    const h = hoverAt(o);
    const value = h ? (h.contents as MarkupContent).value : '';
    const at = `hover on ${js(p.raw)} at ${o}\n--- hover\n${value}`;
    if (!READING.test(value)) continue;
    // (b)
    for (const f of findings) {
      if (f.span.start < span.start || f.span.end > span.end) continue;
      const read = readingSaid(f.message);
      if (read !== null && !read.some((r) => READ_AS.some((lead) => value.includes(`${lead}${r}`)))) {
        fail('b: hover gives the reading the diagnostic says', `${at}\n--- ${f.code}: ${f.message}`);
      }
    }
    // (d)
    if (refused.has(`${p.entry.owner.kind}\u0000${p.entry.owner.name}`) && !/refuses to load|cannot load/.test(value)) fail('d: in an overlay Mars refuses, hover on an entry says so', at);
    // (f)
    if (unloaded && !value.includes('Mars cannot load the file until the syntax error is fixed')) fail('f: in a file with a syntax error, hover on an entry says Mars cannot load it', at);
  }
  // (g) On the last character of what a diagnostic of a key, a table or a value marks: a hover, and past a syntax error, one that says it first.
  for (const f of findings) {
    if (!MARKED.has(f.code) || f.span.end <= f.span.start) continue;
    const o = f.span.end - 1 - (onBoundary(f.span.end - 1) ? 0 : 1);
    const h = hoverAt(o);
    const at = `hover at ${o} (${js(text.slice(Math.max(0, o - 12), o))}|${js(text.slice(o, o + 12))}) on ${f.code}: ${f.message}`;
    if (!h) fail('g: a hover on what a diagnostic of a key, a table or a value marks', at);
    else if (unloaded && !(h.contents as MarkupContent).value.includes(UNLOADED)) fail('g: past a syntax error, that hover says Mars cannot load the file', `${at}\n--- hover\n${(h.contents as MarkupContent).value}`);
  }
  // (c) On a list's key and on `tools`: the entries it reads, none in the guess.
  for (const u of da.units) {
    const a = placed(da, u);
    for (const l of a.policies.lists) {
      const key = l.keyValue.key.parts[l.keyValue.key.parts.length - 1]!;
      const o = key.span.start + u.base;
      const h = hoverAt(o);
      if (!h) continue;
      const value = (h.contents as MarkupContent).value;
      const read = a.entries.filter((p) => p.entry.array === l.array && !a.policies.guessed.has(p.entry.string) && p.parse.ok).map((p) => code(p.verdict.meaning!));
      const names = /Mars reads: (.*)\./.exec(value)?.[1] ?? '';
      const guessed = a.entries.filter((p) => p.entry.array === l.array && a.policies.guessed.has(p.entry.string) && p.parse.ok && !read.includes(code(p.verdict.meaning!)));
      const claimed = guessed.filter((p) => names.split(', ').includes(code(p.verdict.meaning!)));
      if (claimed.length > 0) fail('c: a list\'s hover reads no entry in the guess', `hover on ${js(key.name)} at ${o}\n--- hover\n${value}\n--- in the guess: ${claimed.map((p) => js(p.raw)).join(', ')}`);
    }
  }
  // (e)
  const syntaxErrors = (fs: readonly { code: string }[]) => fs.filter((f) => f.code === 'toml-syntax').length;
  const before = syntaxErrors(findings);
  for (let k = 0; k < COMPLETED_OFFSETS; k++) {
    const offset = Math.floor(random() * (text.length + 1));
    if (!onBoundary(offset)) continue;
    const unit = unitAt(da, offset);
    const a = placed(da, unit);
    const pos = da.lines.position(offset);
    // As the server asks: what other sections define, and the owners they name (a header's `tools` only where none writes it; seed 17372).
    const r = completionsInDocument(da, unit, pos, SERVERS);
    const items: CompletionItem[] = r === null ? [] : Array.isArray(r) ? r : r.items;
    const ctx = cursorContext(a, a.lines.offset(pos));
    // A string with a quote right after it (`"""read""""""`, a syntax error) reads its last quotes again once its content changes: not checked.
    if (ctx?.kind === 'entry' && /^["']/.test(text.slice(ctx.string.span.end + unit.base))) continue;
    const was = ctx?.kind === 'entry' ? findings.filter((f) => f.severity === 'error' && f.span.start <= ctx.string.span.end + unit.base && f.span.end >= ctx.string.span.start + unit.base) : [];
    for (const item of items.filter((i) => i.textEdit).sort(() => random() - 0.5).slice(0, ACCEPTED_PER_OFFSET)) {
      counts.accepted++;
      const e = item.textEdit as TextEdit;
      const newText = item.insertTextFormat === InsertTextFormat.Snippet ? snippetText(e.newText) : e.newText;
      const edits = [{ start: da.lines.offset(e.range.start), end: da.lines.offset(e.range.end), newText, main: true }];
      for (const x of item.additionalTextEdits ?? []) edits.push({ start: da.lines.offset(x.range.start), end: da.lines.offset(x.range.end), newText: x.newText, main: false });
      edits.sort((x, y) => y.start - x.start);
      const out = edits.reduce((t, x) => t.slice(0, x.start) + x.newText + t.slice(x.end), text);
      const main = edits.find((x) => x.main)!;
      const start = main.start + edits.filter((x) => !x.main && x.end <= main.start).reduce((n, x) => n + x.newText.length - (x.end - x.start), 0);
      const end = start + main.newText.length;
      const show = `completion at ${offset} (${ctx?.kind ?? 'no context'}): ${js(item.label)}\n--- output\n${out}\n--- as JSON\n${js(out)}`;
      const da2 = analyzeDocument(out);
      const after = documentFindings(da2);
      // Not one a key of no meaning written in its place shows too: a key defined twice, renamed, lets the text past it read on
      // (an inline table over lines read as TOML 1.1), where an error it hid shows then (seed 17069).
      const plainKey = () => syntaxErrors(documentFindings(analyzeDocument(text.slice(0, main.start) + 'zz_plain' + text.slice(main.end))));
      if (syntaxErrors(after) > before && !(ctx?.kind === 'key' && plainKey() >= syntaxErrors(after))) fail('e: an accepted item makes no syntax error', `${show}\n--- ${after.filter((f) => f.code === 'toml-syntax').map((f) => f.message).join('\n')}`);
      const errors = after.filter((f) => f.severity === 'error' && f.code !== 'toml-syntax' && f.span.start < Math.max(end, start + 1) && f.span.end > start);
      // One said before elsewhere (a key the edit moved) is no new one.
      const said = (fs: readonly { code: string; message: string }[], f: { code: string; message: string }) => fs.filter((x) => x.code === f.code && x.message === f.message).length;
      // A string where a list goes is that list's shape problem (`allowed = "re|`), which one left open hid: not the item's.
      const shape = (f: { code: string }) => f.code === 'invalid-tool-policy' && ctx?.kind === 'entry' && ctx.array === null;
      const fresh = errors.filter((f) => !was.some((w) => w.code === f.code) && !shape(f) && said(after, f) > said(findings, f));
      if (fresh.length > 0) fail('e: an accepted item makes no error on what it writes', `${show}\n--- ${fresh.map((f) => `${f.code}: ${f.message}`).join('\n')}`);
      if (ctx && (ctx.kind === 'entry' || ctx.kind === 'slot') && ctx.list !== null) {
        const mine = entriesOf(da2).filter(({ p, base }) => p.entry.string.span.start + base < Math.max(end, start + 1) && p.entry.string.span.end + base > start);
        // The pattern written after the name stays (`read( )` -> `ask_user( )`), closed if it is not yet
        // (`read(x` -> `ask_user(x)`), or goes with it (`*`).
        const paren = ctx.text.indexOf('(');
        const keep = paren >= 0 && ctx.cursor <= paren ? ctx.text.slice(paren) + (ctx.text.includes(')', paren) ? '' : ')') : '';
        const kept = item.label.includes('(') ? '' : ctx.kind === 'entry' && !ctx.literal ? decodeBasic(keep) : keep;
        // A string never closed runs on to the end of the text, past the item. In an entry of names between
        // commas (`"read,ed|it"`), the item writes the name at the cursor, one of them.
        const written = (raw: string) => raw === item.label || raw === item.label + kept;
        // So with a comma and blanks alone after the name (`"Bash(x)\t, "`: no sibling), which stay.
        const one = (raw: string) => written(raw) || (ctx.kind === 'entry' && raw.split(',').some((n) => written(rustTrim(n))));
        if (mine.length === 1 && mine[0]!.p.entry.string.terminated && !one(mine[0]!.p.raw)) fail('e: the entry written is the item\'s label', `${show}\n--- entry ${js(mine[0]!.p.raw)}`);
      }
    }
  }
  return failures;
}

test('hover and completion agree with the diagnostics, at every offset of generated documents, broken or not', async () => {
  const random = rng(SEED);
  const int = (n: number) => Math.floor(random() * n);
  const next = generator(random);
  const started = performance.now();
  const failures: Failure[] = [];
  const counts = { hovers: 0, accepted: 0 };
  let documents = 0;
  for (let round = 0; round < ROUNDS; round++, documents++) {
    let text = next();
    for (let k = int(3); k > 0; k--) text = BREAKS[int(BREAKS.length)]!(text, int);
    // A backtick in a string (an entry, a key, a table's name), which the hover's code spans must hold.
    if (random() < 0.1) {
      const strings = [...text.matchAll(/"[^"\n\\]+"/g)];
      const m = strings[int(strings.length)];
      if (m) text = `${text.slice(0, m.index! + 2)}\`${text.slice(m.index! + 2)}`;
    }
    // A table header written as an array of tables (`[[agents.a]]`, `[[skills.c.tools]]`): an overlay Mars refuses.
    if (random() < 0.2) {
      const headers = [...text.matchAll(/^\[((?:agents|skills)\.[^\]\n]+)\]$/gm)];
      const m = headers[int(headers.length)];
      if (m) text = `${text.slice(0, m.index)}[[${m[1]}]]${text.slice(m.index! + m[0].length)}`;
    }
    // A list written in another shape, which (g) hovers on: a key below its name (`allowed.x = […]`), a value of
    // one line that is no list (`allowed = 1`), or its `tools.allowed` written `tools`, a list where the table goes.
    if (random() < 0.15) {
      const lists = [...text.matchAll(/\b(tools\.)?((?:dis)?allowed)(\s*=\s*)(\[[^\]\n]*\])?/g)];
      const m = lists[int(lists.length)];
      const how = int(3);
      if (m) {
        const [whole, tools, name, is, list] = m;
        const key = m.index! + (tools?.length ?? 0) + name!.length;
        if (how === 0) text = `${text.slice(0, key)}.x${text.slice(key)}`;
        else if (how === 1 && list) text = `${text.slice(0, key + is!.length)}${['1', 'true', '{ a = 1 }'][int(3)]}${text.slice(m.index! + whole.length)}`;
        else if (how === 2 && tools) text = `${text.slice(0, m.index! + tools.length - 1)}${text.slice(key)}`;
      }
    }
    failures.push(...(await checkDocument(text, random, counts)));
    if (performance.now() - started > TIME_LIMIT_MS) break;
  }
  console.log(`# seed ${SEED}: ${documents} documents, ${counts.hovers} hovers, ${counts.accepted} items accepted, ${failures.length} failures, ${Math.round(performance.now() - started)} ms`);
  assert.equal(failures.length, 0, failureReport(failures));
});
