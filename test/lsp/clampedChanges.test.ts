// Incremental sync with the positions clients send that name no place of the text, against
// dist/server.js: a seeded differential test. test/lsp/positions.test.ts edits with positions of the
// text; here a change's range may end past its line's end or past the last line (LSP 3.17: a
// character past the line's end is the line's end; editors send a line past the last to mean the
// end), be written end first, span the whole text (delete everything), insert at the end, or be a
// change of the whole text among ranged ones; a message holds up to 20 changes (the server applies
// more than a few in one pass). The expected text is made here, by a reading of positions of its
// own (each line's end before its break; `\r\n`, `\r`, `\n` end a line). Then the final text is
// opened fresh under another URI, and the edited document's diagnostics (pulled, and pushed by a
// client that does not pull), code actions, hover and completion are the fresh one's; the pushed
// diagnostics of a text are the pulled ones.
// Bounded: stops past 15 s. Replay with MARS_CLAMPED_SEED=<n>, MARS_CLAMPED_ROUNDS=<n>.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeAction, Hover } from 'vscode-languageserver';
import { LspClient } from '../support/lspClient';
import { generator } from '../support/marsDocs';
import { failureReport, type Failure } from '../support/failures';
import { rng } from '../support/rng';
import { positionAt } from '../support/text';

const SEED = Number(process.env.MARS_CLAMPED_SEED ?? 20_261_205);
const ROUNDS = Number(process.env.MARS_CLAMPED_ROUNDS ?? 30);
const TIME_LIMIT_MS = Number(process.env.MARS_CLAMPED_MS ?? 15_000);

const INSERTS = ['', '\n', '\r', '\r\n', '😀', '\ud83d', '\ude00', '"', "'", '[', ']', ',', 'Shell', '\u0301', '\t', ' ', 'x', '#',
  '[agents.z.tools]\r\nallowed = ["Bash", "😀"]\r\n', 'allowed = ["Read"]\n', '\ufeff'];

interface Pos { line: number; character: number }
type Change = { text: string; range?: { start: Pos; end: Pos } };

/** The start offset of each line (`\r\n`, `\r`, `\n` end one). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\r' && text[i + 1] === '\n') i++;
    if (c === '\r' || c === '\n') starts.push(i + 1);
  }
  return starts;
}
/** A position read as LSP reads it: past the last line the end, past a line's end that end. */
function offsetOf(text: string, p: Pos): number {
  const starts = lineStarts(text);
  if (p.line >= starts.length) return text.length;
  const start = starts[p.line]!;
  let end = p.line + 1 < starts.length ? starts[p.line + 1]! : text.length;
  if (end > start && text[end - 1] === '\n') end--;
  if (end > start && text[end - 1] === '\r') end--;
  return Math.min(start + p.character, end);
}

/** A position for offset `o` as a client may write it: exact, or past its line's end, or past the last line. */
function sloppy(text: string, o: number, random: () => number): Pos {
  const p = positionAt(text, o);
  const starts = lineStarts(text);
  const lineEnd = offsetOf(text, { line: p.line, character: 1e9 });
  const r = random();
  if (o === lineEnd && r < 0.3) return { line: p.line, character: p.character + 1 + Math.floor(random() * 5) };
  if (o === lineEnd && r < 0.4) return { line: p.line, character: 2 ** 31 - 1 };
  if (o === text.length && r < 0.7) return { line: starts.length + Math.floor(random() * 3), character: Math.floor(random() * 4) };
  return p;
}

function message(text: string, random: () => number): { changes: Change[]; text: string } {
  const int = (n: number) => Math.floor(random() * n);
  const changes: Change[] = [];
  for (let k = random() < 0.3 ? 9 + int(12) : 1 + int(4); k > 0; k--) {
    const r = random();
    const t = INSERTS[int(INSERTS.length)]!;
    if (r < 0.03) {
      changes.push({ text: t });
      text = t;
      continue;
    }
    let a: number, b: number;
    if (r < 0.06) [a, b] = [0, text.length]; // everything
    else if (r < 0.15) [a, b] = [text.length, text.length]; // at the end
    else {
      a = int(text.length + 1);
      b = random() < 0.5 ? a : Math.min(text.length, a + int(8));
      // Ends moved to a line's end, the place a sloppy position names.
      if (random() < 0.3) b = offsetOf(text, { line: positionAt(text, b).line, character: 1e9 });
      if (random() < 0.2) b = text.length;
    }
    // Offsets inside a CRLF have no position: at the CR.
    if (text[a - 1] === '\r' && text[a] === '\n') a--;
    if (text[b - 1] === '\r' && text[b] === '\n') b--;
    let start = sloppy(text, a, random);
    let end = sloppy(text, b, random);
    if (random() < 0.15) [start, end] = [end, start];
    const [s, e] = [offsetOf(text, start), offsetOf(text, end)].sort((x, y) => x - y) as [number, number];
    changes.push({ range: { start, end }, text: t });
    text = text.slice(0, s) + t + text.slice(e);
  }
  return { changes, text };
}

const unnamed = (x: unknown) => JSON.stringify(x).replace(/file:\/\/\/clamped\/\d+\/mars\.toml/g, 'URI').replace(/"version":\d+/g, '"version":0');

let pullClient: LspClient;
let pushClient: LspClient;
before(async () => ([pullClient, pushClient] = await Promise.all([LspClient.start({ pull: true }), LspClient.start()])));
after(() => Promise.all([pullClient.stop(), pushClient.stop()]));

test('incremental sync with positions past a line, past the text and end first gives what a fresh open does', async () => {
  const random = rng(SEED);
  const int = (n: number) => Math.floor(random() * n);
  const generated = generator(random);
  const failures: Failure[] = [];
  const started = Date.now();
  let n = 0;
  let rounds = 0;
  for (let round = 0; round < ROUNDS && Date.now() - started < TIME_LIMIT_MS; round++, rounds++) {
    let text = generated();
    if (random() < 0.4) text = text.replace(/\n/g, () => (random() < 0.7 ? '\r\n' : random() < 0.5 ? '\r' : '\n'));
    if (random() < 0.2) text = `\ufeff${text}`;
    const original = text;
    const edited = [`file:///clamped/${++n}/mars.toml`, `file:///clamped/${++n}/mars.toml`];
    await Promise.all([pullClient.open(edited[0]!, text), pushClient.open(edited[1]!, text)]);
    const sent: Change[][] = [];
    let version = 1;
    for (let steps = 1 + int(6); steps > 0; steps--) {
      const m = message(text, random);
      text = m.text;
      sent.push(m.changes);
      version++;
      await Promise.all([pullClient.change(edited[0]!, version, m.changes), pushClient.change(edited[1]!, version, m.changes)]);
    }
    const fresh = [`file:///clamped/${++n}/mars.toml`, `file:///clamped/${++n}/mars.toml`];
    await Promise.all([pullClient.open(fresh[0]!, text), pushClient.open(fresh[1]!, text)]);
    const fail = (property: string, detail: string) =>
      failures.push({ property, text, detail: `--- opened\n${JSON.stringify(original)}\n--- changes\n${sent.map((c) => JSON.stringify(c)).join('\n')}\n--- text\n${JSON.stringify(text)}\n--- ${detail}` });
    const pulled = [await pullClient.pulled(edited[0]!), await pullClient.pulled(fresh[0]!)];
    const pushed = [await pushClient.pushed(edited[1]!, version), await pushClient.pushed(fresh[1]!, 1)];
    if (unnamed(pulled[0]) !== unnamed(pulled[1])) fail('pulled: edited is fresh', `${unnamed(pulled[0])}\n--- fresh\n${unnamed(pulled[1])}`);
    if (unnamed(pushed[0]) !== unnamed(pushed[1])) fail('pushed: edited is fresh', `${unnamed(pushed[0])}\n--- fresh\n${unnamed(pushed[1])}`);
    if (unnamed(pushed[1]) !== unnamed(pulled[1])) fail('pushed is pulled', `${unnamed(pushed[1])}\n--- pulled\n${unnamed(pulled[1])}`);
    for (const d of pulled[1]!.slice(0, 6)) {
      const ask = (uri: string) => pullClient.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: d.range, context: { diagnostics: [d] } });
      const [a, b] = [await ask(edited[0]!), await ask(fresh[0]!)];
      if (unnamed(a) !== unnamed(b)) fail('code actions: edited is fresh', `for ${d.code} ${JSON.stringify(d.range)}\n${unnamed(a)}\n--- fresh\n${unnamed(b)}`);
    }
    for (let k = 0; k < 6; k++) {
      let o = int(text.length + 1);
      if (text[o - 1] === '\r' && text[o] === '\n') o--;
      const position = positionAt(text, o);
      const hover = (uri: string) => pullClient.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position });
      const [ha, hb] = [await hover(edited[0]!), await hover(fresh[0]!)];
      if (unnamed(ha) !== unnamed(hb)) fail('hover: edited is fresh', `at ${JSON.stringify(position)}\n${unnamed(ha)}\n--- fresh\n${unnamed(hb)}`);
      const [ca, cb] = [await pullClient.completion(edited[0]!, position), await pullClient.completion(fresh[0]!, position)];
      if (unnamed(ca) !== unnamed(cb)) fail('completion: edited is fresh', `at ${JSON.stringify(position)}`);
    }
  }
  console.log(`# seed ${SEED}: ${rounds} documents, ${failures.length} failures, ${Date.now() - started} ms`);
  assert.equal(failures.length, 0, failureReport(failures));
});
