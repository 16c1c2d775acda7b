// Each quick fix alone keeps what Mars does: a seeded, bounded property test over the generated
// mars.toml documents of the fix-all test (test/support/marsDocs.ts, with its oracle of what Mars
// loads: toml_edit for "Mars can load it", smol-toml for the values, each entry by its meaning).
//
// Every fix of every finding (`documentFindings`, each finding's `fixes` and the `alone` variant a
// fix of two findings has for when the other is not shown), and every quick fix the code actions
// offer for all the diagnostics at once, applied alone:
// (a) the output is TOML (1.1 for smol-toml) whenever the input was, TOML 1.0 (toml_edit) when the
//     input was, and Mars still loads it when it loaded the input;
// (b) a fix marked safe keeps each owner's rules by meaning, a rejected entry turned into its one
//     meaning at most, as fix-all must (`keepsMeaning`, whose failures read "b: same rules" and
//     "c: same rules, rejected entries by their one meaning"); where the generator left out commas
//     (the text not TOML), a safe fix whose output is TOML (the one comma missing written) means
//     what the text with its commas does;
// (c) the finding it fixes is gone: after it, no finding of its code where it was (the findings of
//     that code elsewhere, followed through the edits, do not count; in a text that is not TOML,
//     only a syntax error's own fix is checked);
// (d) its title says what it does, on the values (smol-toml) before and after: "Remove …" only
//     removes, "Change to `x`" makes an entry `x` (or a string a list of it, or of its names between commas), "Move "a" into
//     `allowed`" adds "a" there and nothing else, "Rename to …" keeps the values under another key,
//     a TOML 1.1 -> 1.0 rewrite keeps every value;
// (e) "Disable `code` for this line" (codeActions.ts, what the server answers) changes no value,
//     keeps TOML, and takes away exactly the findings of that code on that line (README: the
//     comment speaks of the whole line), no other finding appearing or going (but for what a syntax
//     error on that line or after it reads differently once the comment is there); "… for the
//     entire file" the same, for the findings of that code anywhere;
// (f) a preferred fix of an entry (the one an editor's auto fix applies unasked) makes no
//     duplicate, nor conflict: no more `duplicate-entry` or `allow-deny-conflict` findings after it
//     than before (`bassh` beside `bash` is removed, not made a second `bash`; beside a disallowed
//     `bash`, its fix is not preferred); not asked of a list's fixes, whose rename into the tools
//     table shows the duplicates it held all along;
// and each quick fix the code actions offer is one of its finding's fixes, a finding with a safe
// fix says so (`mayHaveSafeFix`, which fix-all reads before it makes the fixes).
// Bounded: 1,000 documents (about 18 s here: 5,300 fixes and 10,100 disables applied), stopping
// early past 30 s on a slow machine. Replay another run with MARS_QUICKFIX_SEED=<n>;
// MARS_QUICKFIX_ROUNDS=<n> for more documents; MARS_QUICKFIX_DUMP=<file> writes every failure as JSON.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import type { CodeAction, TextDocumentEdit, TextEdit } from 'vscode-languageserver';
import { analyzeDocument, documentFindings, unitAt, type DocumentAnalysis } from '../../server/src/analysis/document';
import { applyEdits, type Edit } from '../../server/src/analysis/edits';
import type { Finding } from '../../server/src/analysis/findings';
import { codeActions } from '../../server/src/features/codeActions';
import { toDiagnostic } from '../../server/src/features/convert';
import { shown } from '../../server/src/grammar/text';
import type { TomlString, TomlValue } from '../../server/src/toml/model';
import { basicString } from '../../server/src/toml/strings';
import { generator, isTable, keepsMeaning, load, tomlValues, type Loaded } from '../support/marsDocs';
import { failureReport, type Failure } from '../support/failures';
import { rng } from '../support/rng';

const SEED = Number(process.env.MARS_QUICKFIX_SEED ?? 20_261_203);
const ROUNDS = Number(process.env.MARS_QUICKFIX_ROUNDS ?? 1000);
const TIME_LIMIT_MS = Number(process.env.MARS_QUICKFIX_MS ?? 30_000);
const URI = 'file:///quick-fixes/mars.toml';

// ---------------------------------------------------------------------------------------------
// Offsets through edits.

/** Where `offset` is after `edits` (sorted, non-overlapping); inside an edit: its new text's start, or end with `end`. */
function mapOffset(offset: number, edits: readonly Edit[], end = false): number {
  let shift = 0;
  for (const e of edits) {
    const delta = e.newText.length - (e.end - e.start);
    if (e.end < offset || (e.end === offset && (e.start < offset || !end))) shift += delta;
    else if (e.start < offset) return e.start + shift + (end ? e.newText.length : 0);
    else break;
  }
  return offset + shift;
}

/** A finding's span after `edits`, or null when an edit rewrote part of it. */
/** What a finding says of its text, whether of a key or an entry (`This tool name contains …`, `This entry contains …`). */
const whatItSays = (f: Finding) => f.message.replace(/^This (tool name|entry) /, '');

function followed(f: Finding, edits: readonly Edit[]): { start: number; end: number } | null {
  if (edits.some((e) => e.start < f.span.end && f.span.start < e.end)) return null;
  return { start: mapOffset(f.span.start, edits), end: mapOffset(f.span.end, edits, true) };
}

/** A span after an insertion: one it falls inside grows; the insertion at a span's start goes before it, at its end after it. */
function inserted(span: { start: number; end: number }, e: Edit): { start: number; end: number } {
  const n = e.newText.length;
  return { start: span.start >= e.start ? span.start + n : span.start, end: span.end > e.start || span.end === span.start && span.start === e.start ? span.end + n : span.end };
}

const sortEdits = (edits: readonly Edit[]) => [...edits].sort((a, b) => a.start - b.start || a.end - b.end);

// ---------------------------------------------------------------------------------------------
// The values, flattened: [path, value] for each scalar, [`path[]`, value] for each item of a list
// of scalars, [path, `[]`] and [path, `{}`] for an empty list or table; a multiset.

function leavesOf(text: string): Map<string, number> | null {
  let doc: unknown;
  try {
    doc = tomlValues(text);
  } catch {
    return null;
  }
  const out = new Map<string, number>();
  const add = (path: string, value: string) => {
    const leaf = JSON.stringify([path, value]);
    out.set(leaf, (out.get(leaf) ?? 0) + 1);
  };
  const visit = (path: string, v: unknown): void => {
    if (Array.isArray(v)) {
      if (v.length === 0) add(path, '[]');
      for (const item of v) visit(`${path}[]`, item);
    } else if (isTable(v)) {
      const keys = Object.keys(v);
      if (keys.length === 0 && path !== '') add(path, '{}');
      for (const k of keys) visit(`${path}${path ? '.' : ''}${JSON.stringify(k)}`, v[k]);
    } else add(path, JSON.stringify(v));
  };
  visit('', doc);
  return out;
}

/** The leaves of `a` not in `b` (as a multiset difference). */
function minus(a: Map<string, number>, b: Map<string, number>): Array<{ path: string; value: string }> {
  const out: Array<{ path: string; value: string }> = [];
  for (const [leaf, n] of a) {
    const [path, value] = JSON.parse(leaf) as [string, string];
    for (let i = n - (b.get(leaf) ?? 0); i > 0; i--) out.push({ path, value });
  }
  return out;
}

const empty = (l: { value: string }) => l.value === '[]' || l.value === '{}';
const decoded = (l: { value: string }): unknown => (empty(l) ? l.value : JSON.parse(l.value));
const inList = (list: string) => (l: { path: string }) => l.path.endsWith(`."tools"."${list}"[]`);
const sameValues = (a: ReadonlyArray<{ value: string }>, b: ReadonlyArray<{ value: string }>) =>
  JSON.stringify(a.map((l) => l.value).sort()) === JSON.stringify(b.map((l) => l.value).sort());

/** What a fix's title says about the values, checked: null when it holds (or the title is one this does not read), else why not. */
function titleSays(title: string, removed: ReturnType<typeof minus>, added: ReturnType<typeof minus>): string | null {
  const real = added.filter((l) => !empty(l));
  let m: RegExpExecArray | null;
  if ((m = /^Remove the duplicate `([^]*)`$/.exec(title))) {
    const ok = added.length === 0 && removed.length === 1 && removed[0]!.path.endsWith('[]') && shown(String(decoded(removed[0]!))) === m[1];
    return ok ? null : 'removes that one entry, nothing else';
  }
  if ((m = /^Remove ([^]*) from `(allowed|disallowed)`$/.exec(title))) {
    const names = new Set([...m[1]!.matchAll(/`([^`]*)`/g)].map((x) => x[1]));
    const ok = real.length === 0 && removed.length > 0 && removed.every((l) => inList(m![2]!)(l) && names.has(shown(String(decoded(l)))));
    return ok ? null : `removes only ${m[1]} from ${m[2]}`;
  }
  if (/^Remove `/.test(title)) return real.length === 0 && removed.length > 0 ? null : 'only removes';
  // Names written as the edit writes them, TOML basic strings (`"shel\\"l"`).
  // Each list's names (`Move "a" into \`allowed\` and "b", "c" into \`disallowed\``), not where a count stands for some ("and 3 more").
  const moves = /^Move "/.test(title) && !/ more into `/.test(title) ? [...title.matchAll(/((?:"(?:[^"\\]|\\.)*"(?:, | and )?)+) into `(allowed|disallowed)`/g)] : [];
  if (moves.length > 0) {
    const names = moves.flatMap((x) => [...x[1]!.matchAll(/"(?:[^"\\]|\\.)*"/g)].map((n) => `${x[2]} ${n[0]}`));
    const listOf = (l: { path: string }) => (inList('allowed')(l) ? 'allowed' : inList('disallowed')(l) ? 'disallowed' : '?');
    const ok = JSON.stringify(real.map((l) => `${listOf(l)} ${shown(basicString(String(decoded(l))))}`).sort()) === JSON.stringify([...names].sort()) && removed.length > 0;
    return ok ? null : `adds ${names.join(', ')}, nothing else`;
  }
  if ((m = /^Move the entries of `[^]*` into `(allowed|disallowed)`$/.exec(title))) {
    return real.length > 0 && real.every(inList(m[1]!)) && removed.length > 0 ? null : `adds entries to ${m[1]} only`;
  }
  if ((m = /^Rename to `(allowed|disallowed|tools\.allowed)`$/.exec(title))) {
    const to = m[1] === 'tools.allowed' ? 'allowed' : m[1]!;
    return real.every(inList(to)) && sameValues(removed.filter((l) => !empty(l)), real) ? null : `the same values, now in ${to}`;
  }
  // Where the other list holds the value, the title says so: "Change to `bash` (a conflict: `disallowed` holds `bash`)".
  if ((m = /^Change to `([^]*)`(?: \(a conflict: `(?:allowed|disallowed)` holds `[^]*`\))?$/.exec(title))) {
    // A string of names between commas where a list goes made the list of those names (a comma inside a pattern's
    // parentheses splits none; an empty name makes no entry).
    if (removed.length === 1 && real.length >= 1 && real.every((l) => l.path === `${removed[0]!.path}[]`)) {
      const names = (String(decoded(removed[0]!)).match(/(?:\([^()]*\)|[^,(])+/g) ?? []).map((n) => n.trim()).filter((n) => n !== '');
      if (JSON.stringify(real.map((l) => String(decoded(l))).sort()) === JSON.stringify(names.sort())) return null;
      if (real.length > 1) return `the string becomes the list of its names, ${m[1]}`;
    }
    if (removed.length !== 1 || real.length !== 1) return `one value changed to ${m[1]}`;
    const [was, now] = [removed[0]!, real[0]!];
    // An entry rewritten, or a string where a list goes made a list of it.
    if (was.path === now.path && now.path.endsWith('[]')) return shown(String(decoded(now))) === m[1] ? null : `the entry becomes ${m[1]}`;
    return `${was.path}[]` === now.path && was.value === now.value ? null : 'the string becomes a list of it';
  }
  // An entry of names between commas split into entries of those names, but those its list holds.
  if (/^Split into one entry per tool(?: \(a conflict: `(?:allowed|disallowed)` holds `[^]*`\))?$/.test(title)) {
    const [was] = removed;
    const names = was && (String(decoded(was)).match(/(?:\([^()]*\)|[^,(])+/g) ?? []).map((n) => n.trim());
    return removed.length === 1 && names && real.length > 0 && real.every((l) => l.path === was.path && names.includes(String(decoded(l)))) ? null : 'the entry becomes entries of its names';
  }
  if (/^(Change the code to `[a-z-]+`|Make `[^`]*` the reason|Write the colon after `mars-ignore(-file)?`)$/.test(title)) return removed.length === 0 && added.length === 0 ? null : 'a comment changed, no value';
  // `[[agents]]` made tables by name: each element's values under `agents.<its name>`, its `name` gone into the key.
  if ((m = /^Write (?:as the table `\[(agents|skills)\.[^]*\]`, by its `name`|each `\[\[(agents|skills)\]\]` as the table of its `name`: [^]*)$/.exec(title))) {
    const kind = m[1] ?? m[2]!;
    const array = `"${kind}"[]`;
    const names = removed.filter((l) => l.path === `${array}."name"`).map((l) => `"${kind}".${JSON.stringify(decoded(l))}`);
    const moved = (ls: ReturnType<typeof minus>, prefix: (l: { path: string }) => string | undefined) => JSON.stringify(ls.filter((l) => !empty(l) && !l.path.endsWith('."name"'))
      .map((l) => { const p = prefix(l); return p === undefined ? null : [l.path.slice(p.length), l.value]; }).sort());
    const ok = names.length > 0 && moved(removed, (l) => (l.path.startsWith(array) ? array : undefined)) === moved(added, (l) => names.find((n) => l.path.startsWith(`${n}.`)));
    return ok ? null : 'each element the table of its name, its values kept';
  }
  if (/^(Write |Remove the trailing comma$|Remove the byte order marks?$)/.test(title)) {
    return removed.length === 0 && added.length === 0 ? null : 'TOML 1.1 written in TOML 1.0 keeps every value';
  }
  // Only a text that is not TOML misses a comma: there are no values before to compare.
  if (title === 'Insert a comma') return 'inserted where a comma was missing, in a text that is not TOML';
  unreadTitles.add(title.replace(/`[^`]*`/g, '`…`').replace(/"[^"]*"/g, '"…"'));
  return null;
}

const unreadTitles = new Set<string>();

/** The codes of one entry's findings whose fixes rewrite it (`f`). */
const ENTRY_CODES: ReadonlySet<string> = new Set(['invalid-tool-name', 'mcp-wire-token', 'non-canonical', 'legacy-prefix', 'unknown-tool', 'illegal-char']);

// ---------------------------------------------------------------------------------------------
// The properties.

/** A fix to apply alone: the findings it fixes, whether it is marked safe (unknown for a code action matching none). */
interface Candidate {
  readonly title: string;
  readonly edits: readonly Edit[];
  readonly safe: boolean;
  /** Preferred by a finding it fixes. */
  preferred: boolean;
  readonly findings: Finding[];
}

/** The code actions the server answers for every diagnostic of the document, with their edits as offsets. */
async function actionsOf(da: DocumentAnalysis, findings: readonly Finding[]): Promise<Array<{ action: CodeAction; edits: Edit[]; fixes: Finding[] }>> {
  const diagnostics = findings.map((f) => toDiagnostic(URI, da.lines, f));
  const actions = await codeActions(URI, 1, da, {}, { diagnostics }, true, async () => null);
  const byRange = (d: { code?: unknown; range: { start: { line: number; character: number }; end: { line: number; character: number } } }) =>
    findings.filter((f) => f.code === d.code && f.span.start === da.lines.offset(d.range.start) && f.span.end === da.lines.offset(d.range.end));
  return actions.flatMap((action) => {
    const change = action.edit?.documentChanges?.[0] as TextDocumentEdit | undefined;
    if (!change) return []; // a deferred fix-all: fixAllMeaning.test.ts checks those
    const edits = (change.edits as TextEdit[]).map((e) => ({ start: da.lines.offset(e.range.start), end: da.lines.offset(e.range.end), newText: e.newText }));
    return [{ action, edits: sortEdits(edits), fixes: (action.diagnostics ?? []).flatMap(byRange) }];
  });
}

interface Counts {
  fixes: number;
  safe: number;
  disables: number;
}

async function checkDocument(text: string, counts: Counts, intended: string | null = null): Promise<Failure[]> {
  const failures: Failure[] = [];
  try {
    await checkOrThrow(text, counts, intended, (property, detail) => failures.push({ property, text, detail }));
  } catch (e) {
    failures.push({ property: `no exception (${String(e).replace(/\d+/g, 'N')})`, text, detail: `--- input\n${text}\n--- ${e instanceof Error ? e.stack : String(e)}` });
  }
  return failures;
}

async function checkOrThrow(text: string, counts: Counts, intended: string | null, fail: (property: string, detail: string) => void): Promise<void> {
  const da = analyzeDocument(text);
  const findings = documentFindings(da);
  const before = await load(text);
  const leaves = leavesOf(text);
  const candidates = new Map<string, Candidate>();
  const add = (title: string, edits: readonly Edit[], safe: boolean, f: Finding, preferred: boolean) => {
    const key = JSON.stringify(sortEdits(edits));
    const known = candidates.get(key);
    if (known) {
      known.findings.push(f);
      known.preferred ||= preferred;
    } else candidates.set(key, { title, edits: sortEdits(edits), safe, preferred, findings: [f] });
  };
  for (const f of findings) {
    if (f.fixes.some((x) => x.safe) && !f.mayHaveSafeFix) fail('a safe fix is known to be there (mayHaveSafeFix)', `--- input\n${text}\n--- ${f.code} at ${f.span.start}`);
    for (const fix of f.fixes) {
      add(fix.title, fix.edits, fix.safe, f, fix.preferred);
      if (fix.alone) add(fix.alone.title, fix.alone.edits, fix.alone.safe, f, fix.alone.preferred);
    }
  }
  const disables: Array<{ title: string; edits: Edit[]; fixes: Finding[] }> = [];
  for (const { action, edits, fixes } of await actionsOf(da, findings)) {
    if (action.title.startsWith('Disable ')) disables.push({ title: action.title, edits, fixes });
    else if (!candidates.has(JSON.stringify(edits))) fail('a quick fix is one of its finding\'s fixes', `--- input\n${text}\n--- ${action.title}: ${JSON.stringify(edits)}`);
  }

  const analysed = new Map<string, { loaded: Loaded; findings: Finding[] }>();
  const after = async (out: string) => {
    let a = analysed.get(out);
    if (!a) analysed.set(out, (a = { loaded: await load(out), findings: documentFindings(analyzeDocument(out)) }));
    return a;
  };

  for (const c of candidates.values()) {
    counts.fixes++;
    if (c.safe) counts.safe++;
    const out = applyEdits(text, c.edits);
    const codes = [...new Set(c.findings.map((f) => f.code))].join(', ');
    const show = `--- input\n${text}\n--- fix "${c.title}" (${codes}${c.safe ? ', safe' : ''})\n--- output\n${out}`;
    const { loaded, findings: left } = await after(out);
    // (a), (b)
    if (c.safe) keepsMeaning(before, loaded, show, ' (a safe quick fix)', fail);
    // Commas the generator left out: a safe fix that makes the text TOML (the one comma missing
    // written) gives it the meaning the text with its commas has.
    if (c.safe && intended !== null && !before.parsed && loaded.parsed) keepsMeaning(await load(intended), loaded, `${show}\n--- with its commas\n${intended}`, ' (a safe quick fix, commas left out)', fail);
    else {
      if (before.toml && !loaded.toml) fail('a: output is TOML', show);
      if (before.parsed && !loaded.parsed) fail('a: output is TOML 1.1 at least', show);
    }
    if (!c.safe && before.accepted && !loaded.accepted) fail('a: Mars still loads it', `${show}\n--- now rejected: ${loaded.rejected.join('; ')}`);
    // (c) Each finding it fixes gone: none of its code where it was, but for the others of that code followed there.
    // Past a syntax error the reading is a guess (a key written twice: its two lists one policy), but for the error's own fix.
    for (const f of c.findings.filter((g) => before.parsed || g.code === 'toml-syntax')) {
      const at = { start: mapOffset(f.span.start, c.edits), end: mapOffset(f.span.end, c.edits, true) };
      const others = new Set(findings.filter((g) => g !== f && g.code === f.code).flatMap((g) => {
        const s = followed(g, c.edits);
        return s ? [`${s.start}:${s.end}`] : [];
      }));
      // A finding the edit moved with its text (the control character of a key of names between commas,
      // `"\u0007Read, Grep" = "deny"`, whose move fixes its comma) is that other finding, said of an entry now.
      const carried = new Set(findings.filter((g) => g.code === f.code && !c.findings.includes(g) && !followed(g, c.edits)).map((g) => whatItSays(g)));
      // Another syntax error there (a `\x62` inside the inline table written on one line) is another finding.
      const still = left.filter((g) => g.code === f.code && (f.code !== 'toml-syntax' || g.message === f.message) && !others.has(`${g.span.start}:${g.span.end}`) && !carried.has(whatItSays(g))
        && (at.start === at.end ? g.span.start <= at.start && at.start < g.span.end : g.span.start < at.end && at.start < g.span.end));
      // A move that leaves rules without a Mars equivalent (`"*" = "ask"`) leaves their table, still ignored, said with nothing to
      // move; the removal of the rules its owner's lists hold, with those left to move by hand, said with them alone.
      if (f.code === 'unknown-policy-key' && /^Move /.test(c.title)) still.splice(0, still.length, ...still.filter((g) => /\bPut\b/.test(g.message)));
      if (f.code === 'unknown-policy-key' && /` already holds /.test(c.title)) still.splice(0, still.length, ...still.filter((g) => / already holds /.test(g.message)));
      if (still.length > 0) fail(`c: the finding it fixes is gone (${f.code})`, `${show}\n--- still: ${still.map((g) => `${g.code} at ${g.span.start}: ${g.message}`).join(' | ')}`);
    }
    // (f) Past a syntax error the reading is a guess.
    const ofEntries = c.findings.every((g) => ENTRY_CODES.has(g.code));
    for (const [code, what] of [['duplicate-entry', 'duplicate'], ['allow-deny-conflict', 'conflict']] as const) {
      const count = (fs: readonly Finding[]) => fs.filter((g) => g.code === code).length;
      if (c.preferred && ofEntries && before.parsed && count(left) > count(findings)) fail(`f: a preferred fix makes no ${what} (${codes})`, show);
    }
    // (d)
    const now = leavesOf(out);
    if (leaves && now) {
      const why = titleSays(c.title, minus(leaves, now), minus(now, leaves));
      if (why !== null) fail(`d: the title says what it does (${c.title.replace(/`[^`]*`/g, '`…`').replace(/"[^"]*"/g, '"…"')})`, `${show}\n--- expected: ${why}\n--- removed ${JSON.stringify(minus(leaves, now))}\n--- added ${JSON.stringify(minus(now, leaves))}`);
    }
  }

  // (e) A suppression comment takes away the findings of its code on its line, and nothing else.
  for (const d of disables) {
    counts.disables++;
    const out = applyEdits(text, d.edits);
    const show = `--- input\n${text}\n--- "${d.title}"\n--- output\n${out}`;
    const code = d.fixes[0]?.code;
    if (!code || d.edits.length !== 1 || d.edits[0]!.start !== d.edits[0]!.end) {
      fail('e: a disable is one insertion for its diagnostics', `${show}\n--- ${JSON.stringify(d.edits)}`);
      continue;
    }
    const line = spokenLine(da, d.fixes[0]!);
    const wholeFile = d.title.endsWith(' for the entire file');
    const { loaded, findings: left } = await after(out);
    if (before.toml && !loaded.toml) fail('e: output is TOML', show);
    if (before.parsed && !loaded.parsed) fail('e: output is TOML 1.1 at least', show);
    const now = leavesOf(out);
    if (leaves && now && (minus(leaves, now).length > 0 || minus(now, leaves).length > 0)) fail('e: a comment changes no value', show);
    const e = d.edits[0]!;
    const key = (f: Finding, s = f.span) => `${f.code} ${s.start}-${s.end} ${f.message}`;
    const silenced = new Set(findings.filter((f) => f.code === code && (wholeFile || spokenLine(da, f) === line)).map((f) => key(f, inserted(f.span, e))));
    const kept = left.filter((f) => silenced.has(key(f)) || (wholeFile && f.code === code));
    if (kept.length > 0) fail(`e: the findings of its code ${wholeFile ? 'in the file' : 'on its line'} go`, `${show}\n--- line ${line}\n--- still: ${kept.map((f) => key(f)).join(' | ')}`);
    // No other finding comes or goes; but past a syntax error on this line or after it, the comment
    // may change how the text not finished there reads (`agents.a = { tools = { mcp = true,  # …` at
    // the end of the file): from that error on nothing is compared, nor a syntax error reaching the
    // line, or in the statement the line is part of (a list left open, named at its `[` above the
    // line: the comment moves where the text ends, and so what is said of what it leaves open).
    const lineStart = da.lines.lineStart(line);
    // (A line on its own at the top changes how nothing reads.)
    const cut = wholeFile ? Infinity : Math.min(...findings.filter((f) => f.code === 'toml-syntax' && f.span.end >= lineStart).map((f) => f.span.start));
    const unit = unitAt(da, lineStart);
    const statement = unit.analysis.model().doc.sections.flatMap((s) => s.entries).find((kv) => kv.span.start + unit.base < lineStart && lineStart <= kv.span.end + unit.base);
    const reach = wholeFile ? Infinity : Math.min(lineStart, statement ? statement.span.start + unit.base : lineStart);
    const compared = (f: Finding, upTo: number) => f.span.start < upTo && !(f.code === 'toml-syntax' && f.span.end >= reach);
    const expected = findings.filter((f) => compared(f, cut)).map((f) => key(f, inserted(f.span, e))).filter((k) => !silenced.has(k)).sort();
    const got = left.filter((f) => compared(f, inserted({ start: cut, end: cut }, e).start)).map((f) => key(f)).filter((k) => !silenced.has(k)).sort();
    const gone = expected.filter((k) => !got.includes(k));
    const came = got.filter((k) => !expected.includes(k));
    if (gone.length + came.length > 0) fail('e: no other finding comes or goes', `${show}\n--- line ${line}\n--- gone: ${gone.join(' | ')}\n--- came: ${came.join(' | ')}`);
  }
}

/**
 * The line a mars-ignore comment for `f` speaks of: its own, but for a finding inside a multi-line
 * string on a line between the one the string opens on and the one it closes on, where no comment
 * can go, the line the string opens on.
 */
function spokenLine(da: DocumentAnalysis, f: Finding): number {
  const line = da.lines.position(f.span.start).line;
  const unit = unitAt(da, f.span.start);
  const at = f.span.start - unit.base;
  const strings = (v: TomlValue | null): TomlString[] => (v?.kind === 'string' ? [v] : v?.kind === 'array' ? v.items.flatMap(strings)
    : v?.kind === 'inline-table' ? v.entries.flatMap((kv) => strings(kv.value)) : []);
  for (const str of unit.analysis.model().doc.sections.flatMap((s) => s.entries).flatMap((kv) => strings(kv.value))) {
    if (!str.terminated || !str.style.startsWith('multiline') || at <= str.span.start || at >= str.span.end) continue;
    const [opens, closes] = [da.lines.position(str.span.start + unit.base).line, da.lines.position(str.span.end + unit.base).line];
    if (opens < line && line < closes) return opens;
  }
  return line;
}

/**
 * Now and then a TOML syntax error with a fix the generator rarely makes: TOML 1.1 (a trailing comma
 * in an inline table, `\e`, a time without seconds), a stray byte order mark, or a comma missing
 * between two strings.
 */
function variant(text: string, random: () => number): string {
  if (random() > 0.15) return text;
  const lines = text.split('\n');
  const at = Math.floor(random() * lines.length);
  switch (Math.floor(random() * 5)) {
    case 4:
      return text.replace(/" ?, ?"/, '" "');
    case 0:
      return text.replace(/(["\]]) \}/, '$1, }');
    case 1:
      return text.replace(/"([A-Za-z])/, '"\\e$1');
    case 2:
      return `${text}\n[dependencies.t]\nat = 07:32\n`;
    default:
      return at === 0 ? text : [...lines.slice(0, at), `\uFEFF${lines[at]}`, ...lines.slice(at + 1)].join('\n');
  }
}

test('each quick fix alone keeps what Mars does and fixes its finding; a disable silences exactly its line', async () => {
  const random = rng(SEED);
  const next = generator(random);
  const started = performance.now();
  const failures: Failure[] = [];
  const counts: Counts = { fixes: 0, safe: 0, disables: 0 };
  let documents = 0;
  for (let round = 0; round < ROUNDS; round++, documents++) {
    const text = next();
    const changed = variant(text, random);
    failures.push(...(await checkDocument(changed, counts, changed === text ? next.intended : null)));
    // Bounded: a slow machine checks fewer documents, never runs long.
    if (performance.now() - started > TIME_LIMIT_MS) break;
  }
  console.log(`# seed ${SEED}: ${documents} documents, ${counts.fixes} fixes applied (${counts.safe} safe), ${counts.disables} disables, ${failures.length} failures, ${Math.round(performance.now() - started)} ms`);
  if (process.env.MARS_QUICKFIX_DUMP) writeFileSync(process.env.MARS_QUICKFIX_DUMP, JSON.stringify(failures, null, 1));
  if (unreadTitles.size > 0) console.log(`# titles not read: ${[...unreadTitles].join(' | ')}`);
  assert.equal(failures.length, 0, failureReport(failures));
});

// The smallest failure this test found (seed 4, 3,000 documents), not fixed yet: a `mars-ignore`
// written on a line of its own speaks of the next line with content, and suppress.ts skips a line
// whose text, trimmed by JavaScript's `trim()` (which drops U+FEFF, U+00A0, U+3000, …), starts with
// `#`. Past an earlier syntax error of its section, a stray byte order mark before a comment is read
// as an entry (`invalid-tool-policy`); its "Disable" goes above the line (it has a comment), and then
// silences the next line instead (here the `1`), the finding it was for staying.
test('a disable above a line that starts with a byte order mark silences that line', async () => {
  const text = '[agents.a.tools]\ndisallowed = []\ndisallowed = []\nallowed = [\n\uFEFF  # c\n  1,\n]\n';
  const failures = await checkDocument(text, { fixes: 0, safe: 0, disables: 0 });
  assert.deepEqual(failures.map((f) => `${f.property}\n${f.detail}`), []);
});

// Seeds 101 and 202: the move of a map-form key of names between commas (`"\eRead, Grep"`) fixes
// its comma; its control character goes with the name into the list, another finding said again there.
test('a move that carries a finding it does not fix along with its text', async () => {
  const text = 'skills.c.tools."\\u0007Read, Grep" = "allow"\n';
  const failures = await checkDocument(text, { fixes: 0, safe: 0, disables: 0 });
  assert.deepEqual(failures.map((f) => `${f.property}\n${f.detail}`), []);
});
