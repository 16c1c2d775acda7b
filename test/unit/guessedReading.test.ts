// What is said past a syntax error, and where: a seeded, bounded property test over the generated
// mars.toml documents of the fix-all test (test/support/marsDocs.ts), broken on purpose in the ways a
// user breaks them while typing (a quote meant inside a string, `"read""grep"`, a comma missing, a
// string where a list goes with more values after it, a `"""`, a bracket, what TOML does not read as a
// blank at a line's start, a `# remark` after a mars-ignore's codes, a key of a map form with a comma).
//
// Properties, per document:
// (a) no exception;
// (b) past a section's first syntax error, where the reading is a guess (`Analysis.guessed`), nothing
//     is said but syntax errors: no finding starts there, none names a place there (`related`: a
//     conflict's other entry, a duplicate's first), and no fix but a syntax error's edits there (an
//     insertion right at the guess's start or end is outside it). But for a string where a list goes
//     whose quote is doubled right after it (`allowed = 'it''s', 'read'`), where the guess starts at
//     its opening quote: its finding is said, as its fix writes the text over from the guess's start
//     as a list, mending the error (`mendsSyntax`);
// (c) every range lies inside the text, on whole characters (not between the two halves of a
//     surrogate pair, nor between the CR and LF of a line break); a finding's range and a place it
//     names lie on one line (an entry's first line, for a string over lines); a syntax error that
//     advises on a quote meant inside a string is right after that quote.
// Bounded: 800 documents (about 8 s here), stopping early past 20 s (MARS_READING_MS). Replay
// with MARS_READING_SEED=<n>; MARS_READING_ROUNDS=<n> for more documents.
// What it found (now cases of analysis.test.ts): an entry in the guess (`allowed = ["x" "bash"]`) made
// a conflict with a `disallowed = ["bash"]` below it, and a duplicate of a `"bash"` on a line below.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeDocument, documentFindings } from '../../server/src/analysis/document';
import type { Span } from '../../server/src/toml/model';
import { BREAKS } from '../support/breaks';
import { generator } from '../support/marsDocs';
import { failureReport, js, type Failure } from '../support/failures';
import { rng } from '../support/rng';

const SEED = Number(process.env.MARS_READING_SEED ?? 20_261_205);
const ROUNDS = Number(process.env.MARS_READING_ROUNDS ?? 800);
const TIME_LIMIT_MS = Number(process.env.MARS_READING_MS ?? 20_000);

/** Whether `offset` is a place between characters: not inside a surrogate pair, nor a CR LF. */
function onBoundary(text: string, offset: number): boolean {
  if (offset <= 0 || offset >= text.length) return offset === 0 || offset === text.length;
  const before = text.charCodeAt(offset - 1);
  const after = text.charCodeAt(offset);
  if (before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff) return false;
  return !(before === 13 && after === 10);
}

function checkDocument(text: string): Failure[] {
  const failures: Failure[] = [];
  const fail = (property: string, detail: string) => failures.push({ property, text, detail: `--- input\n${text}\n--- as JSON\n${js(text)}\n--- ${detail}` });
  try {
    const da = analyzeDocument(text);
    const findings = documentFindings(da);
    // The guessed spans of every unit, in document offsets.
    const guessed: Span[] = [];
    for (const u of da.units) for (const g of u.analysis.guessed) guessed.push({ start: g.start + u.base, end: g.end + u.base });
    const inGuess = (offset: number) => guessed.some((g) => g.start <= offset && offset < g.end);
    const show = (s: Span) => `${s.start}-${s.end} ${js(text.slice(s.start, s.end))}`;
    const inside = (what: string, s: Span) => {
      if (!(s.start >= 0 && s.start <= s.end && s.end <= text.length)) fail(`c: ${what} inside the text`, show(s));
      else if (!onBoundary(text, s.start) || !onBoundary(text, s.end)) fail(`c: ${what} on whole characters`, show(s));
    };
    const oneLine = (what: string, s: Span) => {
      if (/[\n\r]/.test(text.slice(s.start, s.end))) fail(`c: ${what} on one line`, show(s));
    };
    for (const f of findings) {
      const said = `${f.code} at ${show(f.span)}: ${f.message}`;
      inside(`${f.code} range`, f.span);
      if (f.code !== 'toml-syntax') oneLine(`${f.code} range`, f.span);
      for (const r of f.related ?? []) {
        inside(`${f.code} related`, r.span);
        if (f.code !== 'toml-syntax' && inGuess(r.span.start)) fail(`b: ${f.code} names a place in the guess`, `${said}\n--- names ${show(r.span)} (${r.message})\n--- guessed ${guessed.map(show).join(', ')}`);
      }
      for (const x of f.fixes) for (const e of x.edits) inside(`${f.code} fix edit`, e);
      // A fix writes nothing into text whose reading is a guess, but a syntax error's own (its comma, its
      // quote), or one that mends it as the text reads (values without brackets wrapped: `mendsSyntax`).
      if (f.code !== 'toml-syntax') {
        for (const x of f.fixes) {
          if (x.mendsSyntax) continue;
          for (const e of x.edits) {
            const g = guessed.find((g) => (e.start < e.end ? e.start < g.end && g.start < e.end : g.start < e.start && e.start < g.end));
            if (g) fail(`b: a ${f.code} fix edits the guess`, `${said}\n--- fix ${x.title}: ${show(e)} -> ${js(e.newText)}\n--- guessed ${show(g)}`);
          }
        }
      }
      // The advice for a quote meant inside a string speaks of the quote right before the error.
      const quote = /If the `(["'])` before this was meant inside/.exec(f.message)?.[1];
      if (quote !== undefined && text[f.span.start - 1] !== quote) fail('c: the quote advised on is right before the error', said);
      if (f.code === 'toml-syntax') continue;
      const g = guessed.find((g) => g.start <= f.span.start && f.span.start < g.end);
      const rewritesGuess = f.code === 'invalid-tool-policy' && f.fixes.some((x) => x.mendsSyntax && x.edits.some((e) => g && e.start <= g.start && g.start < e.end));
      if (g && !rewritesGuess) fail(`b: ${f.code} said in the guess`, `${said}\n--- guessed ${guessed.map(show).join(', ')}`);
    }
  } catch (e) {
    fail(`a: no exception (${String(e).replace(/\d+/g, 'N')})`, e instanceof Error ? (e.stack ?? e.message) : String(e));
  }
  return failures;
}

test('past a syntax error only syntax errors are said, and every range is on the text', () => {
  const random = rng(SEED);
  const int = (n: number) => Math.floor(random() * n);
  const next = generator(random);
  const started = performance.now();
  const failures: Failure[] = [];
  let documents = 0;
  let broken = 0;
  for (let round = 0; round < ROUNDS; round++, documents++) {
    let text = next();
    for (let k = int(3); k > 0; k--) {
      const again = BREAKS[int(BREAKS.length)]!(text, int);
      if (again !== text) broken++;
      text = again;
    }
    failures.push(...checkDocument(text));
    if (performance.now() - started > TIME_LIMIT_MS) break;
  }
  console.log(`# seed ${SEED}: ${documents} documents, ${broken} breaks, ${failures.length} failures, ${Math.round(performance.now() - started)} ms`);
  assert.equal(failures.length, 0, failureReport(failures));
});
