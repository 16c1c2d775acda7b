// Fix-all over a whole document (see document.ts): each unit's safe fixes in passes until nothing is left to
// fix, the units an edit touched analysed again between passes, what the passes fix counted for the
// editor's lightbulb and the checker's summary, and where fix-all stops (a string never closed, the
// syntax error of an earlier piece of a section, a root table it leaves to the next pass).

import { lineEndAt, lineStartAt } from '../toml/lineIndex';
import type { Span } from '../toml/model';
import { parseToml } from '../toml/parse';
import { lastAtOrBefore } from '../toml/sorted';
import { keysTable } from '../toml/tables';
import { UNREAD } from '../toml/unreadBlanks';
import { analyze, eachSeen, fixAllEdits, fixAllTakes, fixesSyntax, SyntaxMended, type FixCounter } from './analyze';
import type { Code, SeverityOverrides } from './codes';
import { DocumentAnalyzer, listsReadBy, outsideOf, shiftEdit, type DocumentAnalysis } from './document';
import { applyEdits, composeEdits, type Edit } from './edits';
import type { Finding } from './findings';
import type { SectionAnalysis } from './section';
import type { Outside } from './suppress';

/**
 * Whether fix-all may change the unit that starts at offset `start`, `firstUnclosed` being where the
 * text's first multi-line string never closed: not after that, as to Mars the rest of the file is
 * its text (the split reads on past it as if it closed on its line, so typing one does not blank
 * the diagnostics below). Nor after the syntax error of an earlier piece of its section: the whole
 * section analysed at once changes nothing past that.
 */
export function fixAllReaches(start: number, outside: Outside, firstUnclosed: number | undefined): boolean {
  return !outside.unreadableBefore && (firstUnclosed === undefined || start <= firstUnclosed);
}

/**
 * Every safe fix of the document (see `fixAllEdits`), in document offsets, a unit at a time: it
 * yields after each unit, so a caller that must stay responsive (a server that can be told to
 * cancel) can pause between units. `documentFixAll` runs it through.
 *
 * A syntax error in a piece of a big section keeps fix-all out of the pieces after it (see
 * `fixAllReaches`); where fix-all fixed the error and the piece reads to its end once fixed, the
 * pieces after it are fixed in the same pass (see `fixAllPass`). Where a fix of the error was made
 * but the piece still does not read to its end, those pieces are read
 * again in the fixed text and fixed too, their edits joined to the first pass's (`composeEdits`),
 * as a pass within a unit does: one fix-all leaves nothing for the next. `counter` counts, in those
 * passes, what the units the first pass left out showed at the start, as a pass within a unit
 * counts what was seen at the start (a piece after an error shows no syntax error of its own, nor
 * what needs the reading before it), and, as a pass within a unit does, each syntax error fixed: a
 * second comma missing in a later piece, which no squiggle showed, is a problem fixed all the same.
 */
export function* documentFixAllSteps(da: DocumentAnalysis, overrides: SeverityOverrides = {}, only?: Code, counter?: { fixed: number }): Generator<void, Edit[]> {
  let { edits, waiting, left } = yield* fixAllPass(da, overrides, only, counter);
  // A table of patterns of its own is told what its owner's lists in other units hold: where a pass
  // changed what a unit writes of them (`allowed = "bash(git *)"` wrapped in brackets), the table is
  // read again in the fixed text, so its rules now held go in this fix-all, not the next (a table
  // the pass edited too: its rules held in part went, the rest may be held now). `readers`: where
  // the tables the pass left are in the text fixed so far; none of their findings was fixed yet, so
  // what they showed at the start is counted where a later pass fixes it. Null: none to read again.
  let readers = placedOrNull(readersTold(da, edits), edits);
  for (let passes = 1; (waiting || readers !== null) && edits.length > 0 && passes < MAX_DOCUMENT_PASSES; passes++) {
    const fixed = applyEdits(da.text, edits);
    // Where the units left out are now: no edit of the first pass is in them, those of later passes
    // are within their lines.
    const shown = [...stretchesPlaced(left, edits), ...(readers ?? [])];
    const analysis = yield* new DocumentAnalyzer({ oneShot: true, keep: 'fix-all' }).analyzeSteps(fixed);
    const next = yield* fixAllPass(analysis, overrides, only, counter, shown);
    if (next.edits.length === 0) break;
    readers = placedOrNull(readersTold(analysis, next.edits), next.edits);
    edits = composeEdits(fixed, edits, next.edits);
    waiting = next.waiting;
  }
  return edits;
}

/** A stretch of text fix-all left to a later pass; `whole`: read to its end when left (see `fixAllPass`). */
interface Stretch {
  readonly start: number;
  readonly end: number;
  readonly whole?: true;
}

/** Stretches of a text where they are once `edits` are made (none across their ends). */
function stretchesPlaced(stretches: readonly Stretch[], edits: readonly Edit[]): Stretch[] {
  return stretches.map((s) => ({ ...s, start: placedAt(s.start, edits), end: placedAt(s.end, edits) }));
}

function placedOrNull(stretches: ReadonlyArray<{ start: number; end: number }> | null, edits: readonly Edit[]): Array<{ start: number; end: number }> | null {
  return stretches && stretchesPlaced(stretches, edits);
}

/**
 * Where `edits` (a pass's, sorted) touch a unit that writes anything of an owner whose lists a unit
 * of `da` reads from other units (`Policies.listsRead`; a list, or a string where one goes), so that
 * what the readers are told may have changed: the readers untouched by `edits`, as stretches of
 * `da.text` (those touched were counted where the pass fixed them). Null where none is to be read
 * again: the usual file, where no unit reads any.
 */
function readersTold(da: DocumentAnalysis, edits: readonly Edit[]): Array<{ start: number; end: number }> | null {
  const wanted = edits.length > 0 ? listsReadBy(da.units) : null;
  if (!wanted) return null;
  const kinds = new Set([...wanted].map((o) => o.slice(0, o.indexOf('\u0000'))));
  // Whether a key at `path` may write an owner's list: a path below a wanted owner, or an inline table above one.
  const ofOwner = (path: readonly string[]) =>
    path.length >= 2 ? wanted.has(`${path[0]}\u0000${path[1]}`) : path.length === 1 && kinds.has(path[0]!);
  const stretches = da.units.map((u, i) => ({ start: u.start, end: da.units[i + 1]?.start ?? da.text.length }));
  // Edits are sorted and do not overlap, so their ends are sorted too: the last starting at or before the stretch's end tells.
  const touched = (s: { start: number; end: number }) => (edits[lastAtOrBefore(edits.length, (j) => edits[j]!.start, s.end)]?.end ?? -1) >= s.start;
  let writes = false;
  let current: readonly string[] | null = [];
  da.units.forEach((u, i) => {
    const edited = u.analysis.listsRead.size === 0 && touched(stretches[i]!);
    // One not read to its end may write a list past its syntax error, which the pass fixed (`allowed \ufeff= […]`).
    if (edited && u.analysis.unreadableFrom < u.analysis.text.length) writes = true;
    for (const defs of u.analysis.definitions) {
      current = keysTable(defs, current);
      if (!writes && current && edited && defs.keys.some((k) => ofOwner([...current!, ...k.parts]))) writes = true;
    }
  });
  if (!writes) return null;
  return da.units.flatMap((u, i) => (u.analysis.listsRead.size > 0 && !touched(stretches[i]!) ? [stretches[i]!] : []));
}

/** Bounds the passes over the document: each reaches past one more syntax error fixed in a section. */
const MAX_DOCUMENT_PASSES = 16;

/** Where `offset` of a text is once `edits` (sorted, non-overlapping, none across it) are made. */
function placedAt(offset: number, edits: readonly Edit[]): number {
  let at = offset;
  for (const e of edits) {
    if (e.end > offset) break;
    at += e.newText.length - (e.end - e.start);
  }
  return at;
}

/**
 * One pass of fix-all over the units it reaches. `waiting`: whether it left out a piece after the
 * syntax error of an earlier piece of its section where it fixed something in that piece, which
 * may have made the rest readable. `left`: the stretches of text of the units it left out.
 * `shown`: where given (a later pass), `counter` counts only what the units in these stretches
 * showed when they were left out (their findings but syntax errors and what needs the reading before
 * them, but for a stretch left `whole`: below a header the pass made whole, read to its end), and the
 * syntax errors fixed there.
 */
function* fixAllPass(da: DocumentAnalysis, overrides: SeverityOverrides, only: Code | undefined, counter: { fixed: number } | undefined, shown?: readonly Stretch[]): Generator<void, { edits: Edit[]; waiting: boolean; left: Stretch[] }> {
  const edits: Edit[] = [];
  const left: Stretch[] = [];
  let waiting = false;
  let fixedUnreadable = false; // in this section
  // Whether the pieces of this section so far, once fixed, read to their end: where one's syntax
  // error was fixed with the rest of it, the pieces after it are fixed in this pass too, as they
  // would be read in the fixed text (a piece is analysed alone: the text before it changes nothing
  // of its analysis), rather than in one more pass over the whole document for each error.
  let readsOn = true;
  const opened = new OpenedRoots();
  for (const [i, u] of da.units.entries()) {
    let outside = outsideOf(da, i, true);
    if (u.sectionStart) (fixedUnreadable = false), (readsOn = true);
    if (opened.leaves(u.analysis, u.sectionStart)) {
      waiting = true;
      left.push({ start: u.start, end: da.units[i + 1]?.start ?? da.text.length, whole: true });
      readsOn = false;
      continue;
    }
    // What the pieces left out showed: their findings but syntax errors and what needs the reading
    // before them; each syntax error fixed counts all the same (see `fixAllEdits`).
    let showed = !!outside.unreadableBefore;
    if (showed && readsOn) {
      const { unreadableBefore: _, ...read } = outside;
      outside = read;
    }
    if (!fixAllReaches(u.start, outside, da.unclosed[0])) {
      // Read again once fixed: past an error of its section this pass fixed, or past a multi-line string
      // that never closed, where this pass made an edit before it (a U+3000 before the `'''` that opens the
      // string meant, which then closes it: oddBlanks seed 3232).
      waiting ||= (fixedUnreadable && !!outside.unreadableBefore) || (da.unclosed[0] !== undefined && u.start > da.unclosed[0] && edits.length > 0);
      left.push({ start: u.start, end: da.units[i + 1]?.start ?? da.text.length });
      readsOn = false;
      continue;
    }
    showed ||= !!shown;
    const from = shown?.find((s) => s.start <= u.start && u.start < s.end);
    const wasLeft = !shown || from !== undefined;
    const unreadable = u.analysis.unreadableFrom < u.analysis.text.length;
    // A unit's model is made only where there may be something to fix, and read with its own
    // findings, whose fixes go when it goes (see `fixAll`): kept on the unit's findings, a 10 MB
    // list's fixes stayed beside its next version's analysis.
    if (u.analysis.mayFix(overrides, only, outside)) {
      const unit: FixCounter | undefined = counter && showed ? { fixed: 0, counts: (f) => wasLeft && (f.code === 'toml-syntax' || !f.needsReadingBefore || from?.whole === true) } : counter;
      const own = u.analysis.fixAll((a) => fixAllEdits(a, overrides, only, outside, unit));
      if (counter && unit !== counter) counter.fixed += unit!.fixed;
      for (const e of own) edits.push(u.base === 0 ? e : shiftEdit(e, u.base));
      opened.fixedIn(u.analysis, own);
      fixedUnreadable ||= own.length > 0 && unreadable;
      if (unreadable && readsOn) readsOn = own.length > 0 && da.units[i + 1]?.sectionStart === false && readsToEnd(applyEdits(u.analysis.text, own.filter((e) => e.start >= 0)), u.analysis.arrays);
    } else if (unreadable) readsOn = false;
    yield;
  }
  return { edits, waiting, left };
}

/**
 * The root keys of `u`'s headers that are not whole (`[[skills`, `[agents.b]]`): such a header reaches no
 * root key (`RootArrays.add`), so the tables below it of that key were read without it, as the owners' own (`[skills.x]`
 * after `[[skills`), or as an array's (`[agents.a]` after `[[agents]]`, below `[agents.b]]`). Once fix-all
 * has made it whole they may be read otherwise: their units are left to its next pass, which reads them so, and
 * not promised by its count (a `Read` written `read` where the text with its header whole leaves it). `fixed`: the
 * spans fixed in `u` (its offsets); `root`: whether `u` is in the root table, where a key/value fixed may make a root
 * key too (`rootKeysMade`).
 */
function unwholeRoots(a: SectionAnalysis, fixed: readonly Span[], root: boolean): string[] {
  const text = a.text;
  const fixes = (from: number, to: number) => fixed.some((e) => e.start <= to && e.end >= from);
  const made = root ? rootKeysMade(a, fixed) : [];
  return [...made, ...a.definitions.flatMap((d) => {
    const h = d.header;
    if (!h || h.whole) return [];
    // Made whole by a fix on its line (`]]` written, a character after it taken away), not by others of its unit.
    const [from, to] = [lineStartAt(text, h.span.start), lineEndAt(text, h.span.end)];
    if (!fixes(from, to)) return [];
    // A header whose key the parser could not read (`[[` U+FEFF `agents]]`): its key as read once what TOML does not read as a blank is taken out.
    const root = h.names[0] ?? parseToml(text.slice(from, to).replace(UNREAD_ALL, '')).sections.find((s) => s.header)?.header?.key.parts[0]?.name;
    return root === undefined ? [] : [root];
  })];
}

/**
 * The root keys that key/values of the root table fixed on their lines (`fixed`, in `u`'s offsets) start with, and no
 * key `u` reads: a key not read for a character TOML does not read as a blank in it (`agents.a` U+2060 ` = {…}`)
 * defines its root once fix-all takes it out, and the tables of it below may be read otherwise (`[agents.b]` after
 * `[[agents]]`, an array's table, becomes agent b's), as below a header made whole.
 */
function rootKeysMade(a: SectionAnalysis, fixed: readonly Span[]): string[] {
  const text = a.text;
  const read = new Set(a.definitions.flatMap((d) => d.keys.map((k) => k.parts[0])));
  const made = new Set<string>();
  let line = -1;
  for (const e of fixed) {
    if (e.start < 0 || e.start > text.length) continue;
    const from = lineStartAt(text, e.start);
    if (from === line) continue;
    line = from;
    const key = ROOT_KEY.exec(text.slice(from, lineEndAt(text, from)).replace(UNREAD_ALL, ''));
    const name = key?.[1] ?? key?.[2] ?? key?.[3];
    if (name !== undefined && !read.has(name)) made.add(name);
  }
  return [...made];
}

/** A key/value's first key part at its line's start (bare, or quoted with no escape), a `.` or its `=` after it. */
const ROOT_KEY = /^[ \t]*(?:([A-Za-z0-9_-]+)|"([^"\\]*)"|'([^']*)')[ \t]*[.=]/;

const UNREAD_ALL = new RegExp(UNREAD, 'gu');

/**
 * The root keys fix-all makes readable as it goes through a text's units (`unwholeRoots`), and whether a unit is below
 * a header of one: left to fix-all's next pass, and not promised by its count. Fix-all, `countFixAll` and the checker's
 * count of what `--fix` would fix (report.ts) ask it alike.
 */
export class OpenedRoots {
  private readonly opened = new Set<string>();
  // Whether the units so far are in the root table: no header read before them, nor in them.
  private root = true;
  private below = false;

  /** Whether the next unit, analysed as `a`, is left: its section below a header of a root made readable. Asked of each unit, in order. */
  leaves(a: SectionAnalysis, sectionStart: boolean): boolean {
    this.root &&= !a.definitions.some((d) => d.header !== null);
    if (sectionStart) this.below = this.opened.size > 0 && a.definitions.some((d) => d.header?.names[0] !== undefined && this.opened.has(d.header.names[0]));
    return this.below;
  }

  /** What fix-all fixes in the unit last asked of (`fixed`: spans in its offsets), which may make a root readable. */
  fixedIn(a: SectionAnalysis, fixed: readonly Span[]): void {
    if (fixed.length > 0) for (const name of unwholeRoots(a, fixed, this.root)) this.opened.add(name);
  }
}

/** Whether `text`, a unit's analysed text, has no syntax error (`arrays`: as its analysis was told). */
function readsToEnd(text: string, arrays: ReadonlySet<string>): boolean {
  return analyze(text, undefined, undefined, arrays).unreadableFrom >= text.length;
}

/**
 * How many findings (of `code`, when given) fix-all fixes, counted up to `enough`: those it has a
 * fix for (each is fixed, by its own edit, by one that takes its entry away, or in a later pass when
 * it waited for an overlapping one); not what a fix makes or takes away as it goes.
 */
export function countFixAll(da: DocumentAnalysis, overrides: SeverityOverrides, code: Code | undefined, enough: number): number {
  let n = 0;
  // As fix-all leaves them to a later pass, the sections below a header not whole it fixes (`unwholeRoots`).
  const opened = new OpenedRoots();
  for (const [i, u] of da.units.entries()) {
    if (opened.leaves(u.analysis, u.sectionStart)) continue;
    const outside = outsideOf(da, i, true);
    if (!fixAllReaches(u.start, outside, da.unclosed[0])) continue;
    // One at a time: the count stops at `enough` (a lightbulb asks for 1 or 2), not after making
    // the list of all of a big section's visible findings.
    const mended = new SyntaxMended();
    // Where fix-all fixes a syntax error it stops at, it fixes that alone, and the rest once it is
    // fixed, judged then (a rename before a missing comma may make a conflict with an entry past
    // it): not promised. Asked only where the reading stops (at the text's end too: a list left open there): a big
    // section's lightbulb reads a few findings.
    const stops = u.analysis.stops && (code === undefined || code === 'toml-syntax');
    const later = stops ? fixesSyntax(u.analysis, eachSeen(u.analysis, overrides, outside, 'toml-syntax')) : null;
    const taken: Finding[] = [];
    for (const f of eachSeen(u.analysis, overrides, outside, code)) {
      if (later?.(f)) continue;
      if (!mended.takes(u.analysis, f)) continue;
      if (++n >= enough) return n;
      if (f.code === 'toml-syntax') taken.push(f);
    }
    n += mended.count();
    if (n >= enough) return n;
    opened.fixedIn(u.analysis, taken.map((f) => f.span));
  }
  return n;
}

/** Whether fix-all fixes `f`, a visible finding of unit `index` (in the unit's offsets). */
export function fixAllTakesIn(da: DocumentAnalysis, index: number, f: Finding): boolean {
  return fixAllReaches(da.units[index]!.start, outsideOf(da, index), da.unclosed[0]) && fixAllTakes(da.units[index]!.analysis, f);
}

export function documentFixAll(da: DocumentAnalysis, overrides: SeverityOverrides = {}, only?: Code, counter?: { fixed: number }): Edit[] {
  const steps = documentFixAllSteps(da, overrides, only, counter);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
