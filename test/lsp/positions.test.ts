// Positions and ranges over the protocol, against dist/server.js: a seeded, bounded property test.
// Documents mix what moves a UTF-16 position away from a naive one: astral characters (two units)
// and combining marks before and inside names, keys and comments, CRLF and lone CR, a byte order
// mark, tabs, escaped and dotted keys, inline tables, arrays of tables, multi-line strings (basic
// and literal), a long line; half of them from the generator of the fix tests (test/support/marsDocs.ts).
// Each is opened, then edited through didChange as a client may edit it: one change or several in
// a message, top down (each change in the text the one before left) or bottom up (VS Code's
// multi-cursor edit), an edit that puts half of a surrogate pair or a lone CR or LF, and positions
// between the halves of a pair (UTF-16 counts them). Then the text the edits make is opened fresh
// under another URI, and:
// (a) incremental sync is full sync: the edited document's diagnostics (pulled, or pushed for the
//     last version) are the fresh one's, and so are the code actions of its diagnostics (a sample),
//     hover and completion at a sample of positions;
// (b) every range the server sends (diagnostics and their related information, code action edits,
//     hover, completion edits) is one of the text: in it, start before end, splitting no surrogate pair
//     and no CRLF; a diagnostic's range on one line (but a TOML syntax error's), and none of them, nor
//     a hover's, starting with a line break (the one after a multi-line string's opening quotes is not
//     part of its value); a completion edit's on the cursor's line, around the cursor;
// (c) the diagnostic of an entry is on the string's content: between its quotes (up to the end of the
//     line, left open), or a line of a multi-line string; on its quotes when its first line holds none.
// Bounded: 40 documents (about 10 s here), stopping early past 20 s on a slow machine. Replay another
// run with MARS_POSITIONS_SEED=<n>; MARS_POSITIONS_ROUNDS=<n> for more documents.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeAction, CompletionItem, Hover, Range, TextDocumentEdit, TextEdit } from 'vscode-languageserver';
import { LspClient } from '../support/lspClient';
import { generator } from '../support/marsDocs';
import { failureReport, type Failure } from '../support/failures';
import { rng } from '../support/rng';
import { offsetAt, positionAt } from '../support/text';

const SEED = Number(process.env.MARS_POSITIONS_SEED ?? 20_261_203);
const ROUNDS = Number(process.env.MARS_POSITIONS_ROUNDS ?? 40);
const TIME_LIMIT_MS = Number(process.env.MARS_POSITIONS_MS ?? 20_000);
/** Diagnostics whose code actions are compared, per document; positions asked for hover and completion. */
const ACTIONS_PER_DOCUMENT = 12;
const POSITIONS_PER_DOCUMENT = 12;

const BLOCKS = [
  `[agents.a.tools]\nallowed = ["Shell", 'Bash', "😀x"]\n`,
  `[agents."a b".tools]\nallowed = [ "bash(git:*)" , "Re\u0301ad" ]\n`,
  `[skills."😀 s".tools]\ndisallowed = ["WebFetch", """\nRead""", '''Grep''']\n`,
  `agents.planner.tools.allowed = ["read", "bash(git:*)", "𠀀"]\n`,
  `"agents"."a 😀".tools.allowed = ["Shell"]\n`,
  `[agents.c]\ntools = { allowed = ["mcp__gh__x", "Bash"], disallowed = ['TodoWrite'] }\n`,
  `[[agents]]\n`,
  `# 𠀀 comment 😀 "Shell"\n`,
  `[agents.e.tools]\nallowed = ["\\u00e9Shell", "Sh\\tell", "\\u0042ash", "x\\"y", "\\U0001F600Read"]\n`,
  `[agents.t.tools]\n\tallowed\t=\t[\t"Shell",\t'Bash'\t]\t# 😀\n`,
  `[agents.m.tools]\nbash = "allow"\n"*" = "deny"\n'Sh😀ell' = "allow"\nmcp = ["gh"]\n`,
  `[agents."😀".tools]\nallowed = ["read", "Read", "read"]  # mars-ignore: duplicate-entry, 😀\ndisallowed = ["read"]\n`,
  `[agents.l.tools]\nallowed = [${Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? '"Shell"' : i % 3 === 1 ? `"x${i}😀"` : "'Bash'")).join(', ')}]\n`,
  `[agents.ml.tools]\nallowed = [\n  """Shell\n""",\n  '''\n😀Bash''',\n  """\\\n    grep""",\n]\n`,
  `[agents.bad.tools]\nallowed = ["Shell\n`,
  `[agents.x]\ntools.allowed = ['rea`,
  `x = """\n[agents.no.tools]\nallowed = ["Shell"]\n"""\n`,
];
// What an edit puts: line breaks and their halves, a surrogate pair and each half, quotes, brackets.
const INSERTS = ['', '\n', '\r', '\r\n', '😀', '\ud83d', '\ude00', '"', "'", '"""', "'''", '[', ']', ',', '\\', 'Shell', 'é', '\u0301', '\t', ' ',
  '[agents.z.tools]\nallowed = ["Bash"]\n', 'x', '#', '{', '}'];
/** Codes whose diagnostic is on an entry's string. */
const ENTRY_CODES = new Set(['non-canonical', 'unknown-tool', 'legacy-prefix', 'mcp-wire-token', 'invalid-tool-name', 'duplicate-entry', 'allow-deny-conflict']);

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;
/** Whether offset `o` of `text` is between the two halves of a surrogate pair or of a CRLF. */
const splits = (text: string, o: number) => (isHigh(text.charCodeAt(o - 1)) && isLow(text.charCodeAt(o))) || (text[o - 1] === '\r' && text[o] === '\n');
/** Past a CR that a LF follows: no position names that place. */
const addressable = (text: string, o: number) => (text[o - 1] === '\r' && text[o] === '\n' ? o - 1 : o);

function document(random: () => number, generated: () => string): string {
  const int = (n: number) => Math.floor(random() * n);
  let text: string;
  if (random() < 0.5) {
    text = generated();
    for (let k = int(4); k > 0; k--) {
      const at = addressable(text, int(text.length + 1));
      if (!splits(text, at)) text = text.slice(0, at) + ['😀', '𠀀', '\u0301', '\t', 'é'][int(5)] + text.slice(at);
    }
    return text;
  }
  text = Array.from({ length: 1 + int(5) }, () => BLOCKS[int(BLOCKS.length)]!).join('');
  const eol = random();
  if (eol < 0.3) text = text.replace(/\n/g, '\r\n');
  else if (eol < 0.4) text = text.replace(/\n/g, () => (random() < 0.5 ? '\r\n' : '\n'));
  else if (eol < 0.45) text = text.replace(/\n/g, () => (random() < 0.2 ? '\r' : '\n'));
  return random() < 0.2 ? `\ufeff${text}` : text;
}

/** A message's changes, and the text after them. */
function message(text: string, random: () => number): { changes: Array<{ range: Range; text: string }>; text: string } {
  const int = (n: number) => Math.floor(random() * n);
  const insert = () => INSERTS[int(INSERTS.length)]!;
  const span = (): [number, number] => {
    const a = addressable(text, int(text.length + 1));
    let b = random() < 0.5 ? a : Math.min(text.length, a + int(6));
    if (text[b - 1] === '\r' && text[b] === '\n') b++;
    return [a, b];
  };
  const changes: Array<{ range: Range; text: string }> = [];
  if (random() < 0.25) {
    // Bottom up, every range in the text before the message, none overlapping.
    const spans: Array<[number, number, string]> = [];
    let below = text.length + 1;
    for (const a of Array.from({ length: 2 + int(20) }, () => int(text.length + 1)).sort((x, y) => y - x)) {
      const start = addressable(text, a);
      let end = random() < 0.5 ? start : Math.min(text.length, start + int(4));
      if (text[end - 1] === '\r' && text[end] === '\n') end++;
      if (end > below) continue;
      below = start;
      spans.push([start, end, insert()]);
    }
    for (const [a, b, t] of spans) changes.push({ range: { start: positionAt(text, a), end: positionAt(text, b) }, text: t });
    for (const [a, b, t] of spans) text = text.slice(0, a) + t + text.slice(b);
    return { changes, text };
  }
  // Top down: each in the text the one before it left.
  for (let k = random() < 0.2 ? 2 + int(12) : 1; k > 0; k--) {
    const [a, b] = span();
    const t = insert();
    changes.push({ range: { start: positionAt(text, a), end: positionAt(text, b) }, text: t });
    text = text.slice(0, a) + t + text.slice(b);
  }
  return { changes, text };
}

/** What a client gets for a document, with its URI and versions taken out (two documents' answers compare). */
const unnamed = (x: unknown) => JSON.stringify(x).replace(/file:\/\/\/positions\/\d+\/mars\.toml/g, 'URI').replace(/"version":\d+/g, '"version":0');

let pullClient: LspClient;
let pushClient: LspClient;
before(async () => ([pullClient, pushClient] = await Promise.all([LspClient.start({ pull: true }), LspClient.start()])));
after(() => Promise.all([pullClient.stop(), pushClient.stop()]));

test('positions and ranges: incremental sync gives what full sync does, and every range is one of the text', async () => {
  console.log(`# positions seed ${SEED} (replay with MARS_POSITIONS_SEED=${SEED})`);
  const random = rng(SEED);
  const int = (n: number) => Math.floor(random() * n);
  const generated = generator(random);
  const failures: Failure[] = [];
  const started = Date.now();
  let documents = 0;
  let n = 0;
  const counts = { edits: 0, diagnostics: 0, actions: 0, positions: 0 };
  for (let round = 0; round < ROUNDS && Date.now() - started < TIME_LIMIT_MS; round++, documents++) {
    const push = round % 3 === 2;
    const client = push ? pushClient : pullClient;
    const original = document(random, generated);
    let text = original;
    const edited = `file:///positions/${++n}/mars.toml`;
    await client.open(edited, text);
    const sent: unknown[] = [];
    let version = 1;
    for (let steps = random() < 0.3 ? 0 : 1 + int(6); steps > 0; steps--) {
      const m = message(text, random);
      text = m.text;
      sent.push(m.changes);
      counts.edits += m.changes.length;
      await client.change(edited, ++version, m.changes);
      if (push && random() < 0.5) await client.pushed(edited, version);
    }
    const fresh = `file:///positions/${++n}/mars.toml`;
    await client.open(fresh, text);
    const fail = (property: string, detail: string) =>
      failures.push({ property, text, detail: `--- opened\n${JSON.stringify(original)}\n--- changes\n${sent.map((c) => JSON.stringify(c)).join('\n')}\n--- text\n${JSON.stringify(text)}\n--- ${detail}` });
    const [mine, theirs] = push
      ? [await client.pushed(edited, version), await client.pushed(fresh, 1)]
      : [await client.pulled(edited), await client.pulled(fresh)];
    if (unnamed(mine) !== unnamed(theirs)) fail('a: the edited document\'s diagnostics are the fresh one\'s', `edited\n${unnamed(mine)}\n--- fresh\n${unnamed(theirs)}`);
    counts.diagnostics += theirs.length;

    // (b) A range of the text.
    const rangeFault = (r: Range): string | null => {
      const s = offsetAt(text, r.start);
      const e = offsetAt(text, r.end);
      const back = [positionAt(text, s), positionAt(text, e)];
      if (back[0]!.line !== r.start.line || back[0]!.character !== r.start.character || back[1]!.line !== r.end.line || back[1]!.character !== r.end.character) return 'a position the text does not have';
      if (s > e) return 'its start after its end';
      if (splits(text, s) || splits(text, e)) return 'an end inside a surrogate pair or a CRLF';
      return null;
    };
    const covered = (r: Range) => text.slice(offsetAt(text, r.start), offsetAt(text, r.end));
    for (const d of theirs) {
      const fault = rangeFault(d.range) ?? d.relatedInformation?.map((i) => rangeFault(i.location.range)).find((x) => x !== null) ?? null;
      if (fault) fail('b: a diagnostic\'s range is one of the text', `${d.code} ${JSON.stringify(d.range)}: ${fault}`);
      const on = covered(d.range);
      if (d.code !== 'toml-syntax' && /[\r\n]/.test(on)) fail('b: a diagnostic\'s range is on one line', `${d.code} ${JSON.stringify(d.range)} covers ${JSON.stringify(on)}`);
      if (/^[\r\n]/.test(on)) fail('b: no range starts with a line break', `${d.code} ${JSON.stringify(d.range)} covers ${JSON.stringify(on)}`);
      // (c) On the string's content: after its opening quote, up to its closing one or the line's end.
      if (ENTRY_CODES.has(String(d.code)) && !fault) {
        const s = offsetAt(text, d.range.start);
        const e = offsetAt(text, d.range.end);
        const quote = text[s - 1]!;
        const lineStart = offsetAt(text, { line: d.range.start.line, character: 0 });
        const multiLine = text.slice(s - 3, s) === quote.repeat(3) || /^[ \t]*$/.test(text.slice(lineStart, s));
        const closes = e === text.length || text[e] === quote || text[e] === '\n' || text[e] === '\r';
        // Nothing on the string's first line (`""`, or `"` then a line break): on its quotes.
        const onQuotes = /^(""|'')$/.test(on) || (/^["']$/.test(on) && (e === text.length || text[e] === '\n' || text[e] === '\r'));
        if (!multiLine && !onQuotes && (!(quote === '"' || quote === "'") || !closes)) {
          fail('c: an entry\'s diagnostic is on its string\'s content', `${d.code} ${JSON.stringify(d.range)} covers ${JSON.stringify(on)} on ${JSON.stringify(text.split(/\r\n|\r|\n/)[d.range.start.line])}`);
        }
      }
    }
    const picked = theirs.length > ACTIONS_PER_DOCUMENT ? theirs.filter(() => random() < ACTIONS_PER_DOCUMENT / theirs.length) : theirs;
    for (const d of picked) {
      const ask = (uri: string) => client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: d.range, context: { diagnostics: [d] } });
      const [a, b] = [await ask(edited), await ask(fresh)];
      counts.actions += b.length;
      if (unnamed(a) !== unnamed(b)) fail('a: the edited document\'s code actions are the fresh one\'s', `for ${d.code} ${JSON.stringify(d.range)}\n${unnamed(a)}\n--- fresh\n${unnamed(b)}`);
      for (const action of b) {
        for (const edit of ((action.edit?.documentChanges?.[0] as TextDocumentEdit | undefined)?.edits ?? []) as TextEdit[]) {
          const fault = rangeFault(edit.range);
          if (fault) fail('b: a code action\'s edit is of the text', `${action.title} ${JSON.stringify(edit)}: ${fault}`);
        }
      }
    }
    for (let k = 0; k < POSITIONS_PER_DOCUMENT; k++) {
      let o = addressable(text, int(text.length + 1));
      if (splits(text, o)) o--;
      const position = positionAt(text, o);
      counts.positions++;
      const hover = (uri: string) => client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position });
      const [ha, hb] = [await hover(edited), await hover(fresh)];
      if (JSON.stringify(ha) !== JSON.stringify(hb)) fail('a: the edited document\'s hover is the fresh one\'s', `at ${JSON.stringify(position)}\n${JSON.stringify(ha)}\n--- fresh\n${JSON.stringify(hb)}`);
      if (hb?.range) {
        const fault = rangeFault(hb.range) ?? (/^[\r\n]/.test(covered(hb.range)) ? 'a line break at its start' : null);
        if (fault) fail('b: a hover\'s range is of the text', `at ${JSON.stringify(position)}: ${JSON.stringify(hb.range)} covers ${JSON.stringify(covered(hb.range))}: ${fault}`);
      }
      const [ca, cb] = [await client.completion(edited, position), await client.completion(fresh, position)];
      if (unnamed(ca) !== unnamed(cb)) fail('a: the edited document\'s completion is the fresh one\'s', `at ${JSON.stringify(position)}`);
      for (const item of (cb ?? []) as CompletionItem[]) {
        const r = (item.textEdit as TextEdit | undefined)?.range;
        if (!r) continue;
        const fault = rangeFault(r) ?? (r.start.line !== position.line || r.end.line !== position.line ? 'off the cursor\'s line'
          : r.start.character > position.character || r.end.character < position.character ? 'not around the cursor' : null);
        if (fault) {
          fail('b: a completion edit is around the cursor', `${item.label} at ${JSON.stringify(position)}: ${JSON.stringify(r)} covers ${JSON.stringify(covered(r))}: ${fault}`);
          break;
        }
      }
    }
  }
  console.log(`# seed ${SEED}: ${documents} documents, ${counts.edits} changes, ${counts.diagnostics} diagnostics, ${counts.actions} actions compared, ${counts.positions} positions, ${failures.length} failures, ${Date.now() - started} ms`);
  assert.equal(failures.length, 0, failureReport(failures));
});

