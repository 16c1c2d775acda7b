// A whole mars.toml, analysed a section at a time: the text is split where table headers start
// (toml/split.ts), a big section is cut into pieces (toml/chunks.ts), and each unit is analysed on
// its own (analyze.ts). An analyzer keeps the last version: an edit splits again only around the
// change and re-analyses only the units it touched; the rest are reused as they are, wherever they
// moved. Unit analyses work in their own offsets; a unit's `base` places them. What no unit can see
// alone (a table defined twice, a file-wide suppression) is added here; a unit is told only which
// owners (`agents`, `skills`) a `[[…]]` header above it made arrays of tables (see `findPolicies`),
// and, if it is a table of patterns of its own (`[agents.x.tools.bash]`), what its owner's lists hold
// in other units (see `tellLists`); it is analysed again when what it reads of either changes.

import { LineIndex, lineStartAt, type Lines, type Position } from '../toml/lineIndex';
import type { Span } from '../toml/model';
import { chunkSection } from '../toml/chunks';
import { lastAtOrBefore } from '../toml/sorted';
import { sectionStartsFrom } from '../toml/split';
import { textChange, type TextChange } from '../toml/textChange';
import { KeyIndex, keysTable, placeSpan, RootArrays, tableConflicts, type DefinitionPlace, type SectionDefinitions, type TableConflict, type Writing } from '../toml/tables';
import { analyze, visibleFindings, type Analysis } from './analyze';
import type { Code, SeverityOverrides } from './codes';
import type { Edit } from './edits';
import { byPosition, finding, overridden, type Finding, type Fix } from './findings';
import { keysIntoTable } from './keysIntoTable';
import { mergedTables } from './mergedTables';
import { fixesBeyond } from './beyondUnit';
import { VerdictMemo } from './verdicts';
import { ownCopy } from '../grammar/text';
import { readWhole, refusalOf, sameOwner, type Owner, type ShapeProblem } from './policies';
import { followedArrays, followedRoot, listsAlike, listsFor, listsTold, NO_LISTS, readAlike, writersByOwner, type ListsTold } from './told';
import { forgetModel, SectionAnalysis, type Keep } from './section';
import { findSuppressions, type CodeSet, type Outside } from './suppress';
import { parseToml } from '../toml/parse';

/**
 * One section of the document (or a piece of a big one, see toml/chunks.ts) and its analysis. A
 * piece after the first is analysed under a copy of its section's header line, which the analysis
 * hides: its offset 0 lies before the piece, at `base`.
 */
export interface Unit {
  /** Offset of the unit's first character in the document. */
  readonly start: number;
  /** The document offset of the analysis's offset 0 (`start`, less a hidden header). */
  readonly base: number;
  /**
   * The document line of the analysis's line 0. Units start at line starts, so characters need no
   * shift, but a section cut after the byte order marks first on its line (`sectionCut`).
   */
  readonly startLine: number;
  /** Whether a section starts here (not a later piece of one). */
  readonly sectionStart: boolean;
  readonly analysis: SectionAnalysis;
}

export interface CrossConflict {
  readonly unit: number;
  readonly index: number;
  readonly conflict: TableConflict;
  /** The unit and definitions index of `conflict.earlier`. */
  readonly earlier: { readonly unit: number; readonly index: number };
}

export interface DocumentAnalysis {
  readonly text: string;
  readonly lines: LineIndex;
  readonly units: readonly Unit[];
  /** Findings across sections, in document offsets, at default severity. */
  readonly crossFindings: readonly Finding[];
  /** Where those are: the `index`-th definitions of unit `unit` (kept while the sections' definitions are the same). */
  readonly crossConflicts: readonly CrossConflict[];
  /** Codes a `# mars-ignore-file` comment anywhere in the file turns off. */
  readonly fileSuppressed: CodeSet | null;
  /** Where each multi-line string never closed begins (see toml/split.ts), ascending. */
  readonly unclosed: readonly number[];
  /** The root keys arrays of tables hold, each noted with the index of the unit that reached it first. */
  readonly roots: RootArrays;
}

/** Keeps section analyses between versions of one document; use one per document. */
export class DocumentAnalyzer {
  private last: DocumentAnalysis | null = null;
  private readonly memo = new VerdictMemo();
  /**
   * Sections analysed by runs not finished yet, by text: a run given up for a newer version (see
   * `analyzeSteps`) leaves its work here for the next, so a huge file under typing still gets there.
   */
  private partial = new Map<string, SectionAnalysis>();

  /**
   * `oneShot`: the text is analysed once and not edited (the checker); sections share the text
   * instead of copying it, and keep their models, or only their findings' fixes, or only their
   * findings (a 10 MB file's models would not fit in memory), or not even those where fix-all
   * will read them off the model (see `Keep`).
   * Otherwise a section keeps what pushes need and rebuilds its model on demand (see section.ts).
   * `uncut`: no big section is cut in pieces (toml/chunks.ts), the reference that cutting, only ever
   * an optimisation, is tested against.
   */
  constructor(private readonly options: { readonly oneShot?: boolean; readonly keep?: Keep; readonly uncut?: boolean } = {}) {}

  analyze(text: string): DocumentAnalysis {
    const steps = this.analyzeSteps(text);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /**
   * `analyze`, yielding after each section analysed: a server reads messages between steps (a big
   * file's first analysis takes seconds), and may drop the run for a newer version. Runs may
   * interleave: each ends with an analysis of its own text, and the next starts from the last done.
   */
  *analyzeSteps(text: string): Generator<void, DocumentAnalysis> {
    const result = yield* this.analysisOf(text);
    this.partial = new Map();
    return (this.last = result);
  }

  private *analysisOf(text: string): Generator<void, DocumentAnalysis> {
    const last = this.last;
    if (!last) return yield* this.fresh(text);
    const change = textChange(last.text, text);
    if (!change) return last;
    const lines = last.lines.edited(text, change);
    const { units, replaced, unclosed } = yield* this.editedUnits(last, text, lines, change);
    // What the change did not touch across sections stays: only the sections it replaced are compared.
    const sameCross = units.length === last.units.length &&
      units.slice(replaced.from, replaced.to).every((u, i) => crossSignature(u.analysis) === crossSignature(last.units[replaced.from + i]!.analysis));
    if (!sameCross) return yield* this.whole(text, lines, units, unclosed);
    if (listsTouched(last.units, units, replaced.from, replaced.to)) yield* this.tellLists(units, new Map(), true);
    const crossFindings = crossFindingsOf(text, units, last.crossConflicts);
    return { text, lines, units, crossFindings, crossConflicts: last.crossConflicts, fileSuppressed: last.fileSuppressed, unclosed, roots: last.roots };
  }

  private *fresh(text: string): Generator<void, DocumentAnalysis> {
    const lines = new LineIndex(text);
    const unclosed: number[] = [];
    const starts = sectionStartsFrom(text, 0, undefined, unclosed);
    const reusable = this.options.oneShot ? new Map<string, SectionAnalysis>() : this.partial;
    return yield* this.whole(text, lines, yield* this.unitsFrom(text, lines, starts, text.length, reusable, new RootArrays(followedRoot)), unclosed, reusable);
  }

  /**
   * The document from its units, with what only the whole document shows. A unit analysed as if
   * other root keys were arrays of tables where it starts than now are (a `[[agents]]` above it
   * typed or taken away) is analysed again (see `findPolicies`), yielding after each: only one whose
   * reading looks at them (`[agents.x.tools]`, not `[skills.s.tools]`: see `Policies.arraysRead`).
   */
  private *whole(text: string, lines: LineIndex, units: Unit[], unclosed: readonly number[], reusable = new Map<string, SectionAnalysis>()): Generator<void, DocumentAnalysis> {
    const roots = new RootArrays(followedRoot);
    for (let i = 0; i < units.length; i++) {
      const u = units[i]!;
      const arrays = followedArrays(roots);
      if (!readAlike(u.analysis.arraysRead, u.analysis.arrays, arrays)) {
        const { analysis, made } = this.unitAnalysis(u.analysis.text, u.analysis.hidden, arrays, u.analysis.outsideLists, reusable, !this.options.oneShot);
        units[i] = { ...u, analysis };
        if (made) yield;
      }
      addRoots(roots, units[i]!.analysis, i);
    }
    yield* this.tellLists(units, reusable, !this.options.oneShot);
    const all: SectionDefinitions[] = [];
    const at: Array<{ unit: number; index: number }> = [];
    units.forEach((u, unit) => u.analysis.definitions.forEach((defs, index) => (all.push(defs), at.push({ unit, index }))));
    const crossConflicts = tableConflicts(all).map((conflict) => ({ ...at[conflict.section]!, conflict, earlier: at[conflict.earlier.section]! }));
    let fileSuppressed: CodeSet | null = null;
    for (const u of units) fileSuppressed = union(fileSuppressed, u.analysis.suppressions.file);
    return { text, lines, units, crossFindings: crossFindingsOf(text, units, crossConflicts), crossConflicts, fileSuppressed, unclosed, roots };
  }

  /**
   * The analysis of a unit's text (`hidden`: its hidden header's length) told `arrays` (see
   * `findPolicies`): one in `reusable`, or left by a run not finished, that reads alike told them,
   * else a new one (`made`). `edited`: an edit's, whose model is kept among the recent (see section.ts).
   */
  private unitAnalysis(analysed: string, hidden: number, arrays: ReadonlySet<string>, lists: ListsTold | null, reusable: Map<string, SectionAnalysis>, edited: boolean): { analysis: SectionAnalysis; made: boolean } {
    const key = unitKey(analysed, hidden);
    // `lists` null: not known yet (the lists may be written below), told next (`tellLists`); any reading of them is taken.
    const alike = (a: SectionAnalysis | undefined) =>
      (a && readAlike(a.arraysRead, a.arrays, arrays) && (lists === null || listsAlike(a.outsideLists, listsFor(a.listsRead, lists))) ? a : undefined);
    let analysis = alike(reusable.get(key)) ?? alike(this.partial.get(key));
    let made = false;
    const oneShot = this.options.oneShot ?? false;
    if (!analysis) {
      // A section kept across versions outlives this text, so it gets its own copy (see ownCopy).
      const keep = !oneShot ? 'findings' : this.options.keep ?? 'models';
      analysis = new SectionAnalysis(analyze(oneShot ? analysed : ownCopy(analysed), this.memo, undefined, arrays, lists ?? NO_LISTS), this.memo, { keep, hidden, recent: edited && !oneShot });
      if (!oneShot) this.partial.set(key, analysis);
      made = true;
    }
    reusable.set(key, analysis);
    return { analysis, made };
  }

  /**
   * The units that read what owners' lists written in other units hold (`Policies.listsRead`: a table of
   * patterns of its own, `[agents.x.tools.bash]`, whose rules the owner's `allowed` may hold), analysed again
   * where those lists hold other than they were told, yielding after each made. Only such units are looked
   * at, and only the units writing their owners' lists read (`listsWritten`): the lists
   * may be written below the unit, so this comes once every unit is analysed, and the units it analyses
   * again write no list of theirs (their reading of the lists changes no list they write).
   */
  private *tellLists(units: Unit[], reusable: Map<string, SectionAnalysis>, edited: boolean): Generator<void, void> {
    const wanted = listsReadBy(units);
    if (!wanted) return;
    const writers = writersByOwner(units.map((u, index) => ({ index, lists: u.analysis.listsWritten })), wanted);
    for (let i = 0; i < units.length; i++) {
      const u = units[i]!;
      if (u.analysis.listsRead.size === 0) continue;
      const told = listsTold(u.analysis.listsRead, writers, i);
      if (listsAlike(u.analysis.outsideLists, told)) continue;
      const { analysis, made } = this.unitAnalysis(u.analysis.text, u.analysis.hidden, u.analysis.arrays, told, reusable, edited);
      units[i] = { ...u, analysis };
      if (made) yield;
    }
  }

  /**
   * The units after `change`: those before it are kept, the text from the section before the
   * change is split again up to the first section start past the change that was a start before
   * (every section starts in the same scanner state, so the old starts hold from there on), and
   * the sections after that are kept, moved. `replaced`: the new units in place of old ones.
   */
  private *editedUnits(last: DocumentAnalysis, text: string, lines: LineIndex, change: TextChange): Generator<void, EditedUnits> {
    const old = last.units;
    const delta = change.newEnd - change.oldEnd;
    const sectionOf = (i: number) => {
      while (i > 0 && !old[i]!.sectionStart) i--;
      return i;
    };
    // The section holding the change may stop being one, and whether it is depends on the line
    // before it; the section before that starts on a line the change cannot reach.
    const holding = sectionOf(unitIndexAt(old, change.start));
    let from = holding > 0 ? sectionOf(holding - 1) : 0;
    // A string left open before the change is closed by it when the change makes a closing `"""` or
    // `'''`, which moves the starts from that string on; then the split is made again from there.
    const first = last.unclosed[0];
    if (first !== undefined && first < change.start && makesTriple(text, change)) from = Math.min(from, sectionOf(unitIndexAt(old, first)));
    let resync: number | undefined; // the old unit the new split meets again
    const found: number[] = [];
    const starts = sectionStartsFrom(text, old[from]!.start, (start) => {
      if (start < change.newEnd) return false;
      const i = unitIndexAt(old, start - delta);
      if (old[i]!.start !== start - delta || !old[i]!.sectionStart) return false;
      resync = i;
      return true;
    }, found);
    // Before the split made again and past the resync point, the old split holds, its unclosed strings included.
    const unclosed = [
      ...last.unclosed.filter((u) => u < old[from]!.start),
      ...found,
      ...(resync === undefined ? [] : last.unclosed.filter((u) => u >= old[resync!]!.start).map((u) => u + delta)),
    ];
    const end = resync === undefined ? text.length : starts.pop()!;
    const reusable = new Map<string, SectionAnalysis>();
    // The models of the sections the edit replaces are asked for no more (only a request still on
    // the old version would, and rebuild one), and go before the new ones are made: the recent ones
    // are the kept memory, and a 10 MB section's old model (1.5 GB) held beside its new analysis
    // ran the server out of memory on a keystroke.
    for (let i = from; i < (resync ?? old.length); i++) {
      reusable.set(unitKey(old[i]!.analysis.text, old[i]!.analysis.hidden), old[i]!.analysis);
      forgetModel(old[i]!.analysis);
    }
    const units = old.slice(0, from).concat(yield* this.unitsFrom(text, lines, starts, end, reusable, last.roots.before(from), from, true));
    const replaced = { from, to: units.length };
    if (resync !== undefined) {
      const lineDelta = lines.lineCount - last.lines.lineCount;
      for (let i = resync; i < old.length; i++) {
        const u = old[i]!;
        units.push({ ...u, start: u.start + delta, base: u.base + delta, startLine: u.startLine + lineDelta });
      }
    }
    return { units, replaced, unclosed };
  }

  /**
   * Units for the sections at `starts`, the last ending at `end`, yielding after each one made;
   * analyses in `reusable`, or left by a run not finished, are used again. `roots`: what the units
   * before them (`first` of them) reached, read on through these. `edited`: the units are an edit's,
   * whose models are kept among the recent (see section.ts).
   */
  private *unitsFrom(text: string, lines: LineIndex, starts: readonly number[], end: number, reusable: Map<string, SectionAnalysis>, roots: RootArrays, first = 0, edited = false): Generator<void, Unit[]> {
    const units: Unit[] = [];
    for (const { start, hidden, sectionStart, analysed } of unitTexts(text, starts, end, !this.options.uncut)) {
      const { analysis, made } = this.unitAnalysis(analysed, hidden, followedArrays(roots), null, reusable, edited);
      addRoots(roots, analysis, first + units.length);
      // A hidden header is one line.
      units.push({ start, base: start - hidden, startLine: lines.position(start).line - (hidden ? 1 : 0), sectionStart, analysis });
      if (made) yield;
    }
    return units;
  }
}

/** Where a unit starts, the length of the header copy it is analysed under, and the text it is analysed as. */
export interface UnitText {
  readonly start: number;
  readonly hidden: number;
  readonly sectionStart: boolean;
  readonly analysed: string;
}

/** The units of the sections at `starts`, the last ending at `end`: each section, or its pieces (toml/chunks.ts) where `cut`. */
export function* unitTexts(text: string, starts: readonly number[], end: number, cut = true): Generator<UnitText> {
  for (let i = 0; i < starts.length; i++) {
    const sectionStart = starts[i]!;
    const sectionEnd = starts[i + 1] ?? end;
    const chunks = cut ? chunkSection(text, sectionStart, sectionEnd, readWhole) : null;
    const pieces = chunks ? [sectionStart, ...chunks.cuts] : [sectionStart];
    for (let j = 0; j < pieces.length; j++) {
      const start = pieces[j]!;
      const hidden = j === 0 ? 0 : chunks!.header;
      const piece = text.slice(start, pieces[j + 1] ?? sectionEnd);
      yield { start, hidden, sectionStart: j === 0, analysed: hidden ? text.slice(sectionStart, sectionStart + hidden) + piece : piece };
    }
  }
}

interface EditedUnits {
  readonly units: Unit[];
  /** The new units in place of old ones. */
  readonly replaced: { readonly from: number; readonly to: number };
  readonly unclosed: readonly number[];
}

/**
 * What a unit's analysis is found by: its text and the length of the header it hides (a piece
 * analysed under a hidden `[agents]` line has the same text as a section `[agents]` followed by that
 * piece, and defines less). It is reused if it reads alike told the owners arrays of tables hold
 * where the unit starts (see `unitAnalysis`); of two units of one text told unlike, the later is kept.
 */
function unitKey(text: string, hidden: number): string {
  return hidden === 0 ? text : `${hidden}\u0000${text}`;
}

/**
 * Whether an edit that replaced the units `from` to `to` (as many as before, the rest kept in their
 * order) may change what a unit reading owners' lists is told (see `tellLists`): a reader among the
 * new ones, or a unit writing the lists of an owner one reads, before the edit or after. Else none is
 * looked at again: an edit elsewhere costs nothing more where a file has such a unit. A reader the
 * edit replaced by a unit reading none needs no look: what a unit is told is what others write, and
 * a reader writes no list (its header names a table below an owner's tools table).
 */
function listsTouched(old: readonly Unit[], units: readonly Unit[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (units[i]!.analysis.listsRead.size > 0) return true;
  const wanted = listsReadBy(units);
  if (!wanted) return false;
  for (let i = from; i < to; i++) {
    for (const o of old[i]!.analysis.listsWritten.keys()) if (wanted.has(o)) return true;
    for (const o of units[i]!.analysis.listsWritten.keys()) if (wanted.has(o)) return true;
  }
  return false;
}

/** The owners whose lists some unit reads from other units (`Policies.listsRead`), or null where none does (the usual file). */
export function listsReadBy(units: readonly Unit[]): Set<string> | null {
  let wanted: Set<string> | null = null;
  // Checked by size first: asked on each edit, of thousands of units that read none, an iterator each would add up.
  for (const u of units) if (u.analysis.listsRead.size > 0) for (const o of u.analysis.listsRead) (wanted ??= new Set()).add(o);
  return wanted;
}

/** What unit `at`'s definitions reach of the root keys (see `RootArrays`). */
function addRoots(roots: RootArrays, analysis: SectionAnalysis, at: number): void {
  for (const defs of analysis.definitions) roots.addDefinitions(defs, at);
}

/**
 * Whether a closing `"""` or `'''` overlaps the changed text or what it joins: only that can close
 * a string left open. (Backslashes right after the change are taken in too: their pairing decides
 * whether the quotes after them are escaped.)
 */
function makesTriple(text: string, change: TextChange): boolean {
  let end = change.newEnd;
  while (text.charCodeAt(end) === 0x5c) end++;
  const window = text.slice(Math.max(0, change.start - 3), end + 3);
  return window.includes('"""') || window.includes("'''");
}

/** The index of the unit holding `offset`. */
function unitIndexAt(units: readonly Unit[], offset: number): number {
  return Math.max(0, lastAtOrBefore(units.length, (i) => units[i]!.start, offset));
}

/**
 * The conflicts as findings, placed where their units are now; not one past its section's syntax
 * error, where what the text defines is a guess (`[agents.q` left open reads the lines below as its).
 */
function crossFindingsOf(text: string, units: readonly Unit[], conflicts: readonly CrossConflict[]): Finding[] {
  return conflicts.flatMap(({ unit, index, conflict, earlier }) => {
    const first = units[earlier.unit]!;
    return conflictFinding(units[unit]!, index, conflict, definitionSpan(first.analysis.definitions[earlier.index]!, first.base, conflict.earlier), text) ?? [];
  });
}

/** A place among `defs`, the definitions of a unit starting at `base`, in document offsets. */
export function definitionSpan(defs: SectionDefinitions, base: number, at: DefinitionPlace): Span {
  const span = placeSpan(defs, at);
  return { start: span.start + base, end: span.end + base };
}

/**
 * A conflict at the `index`-th definitions of `u`, as a finding in document offsets, pointing at
 * `earlier` (the key it clashes with, in document offsets); null past the unit's syntax error.
 */
export function conflictFinding(u: Pick<Unit, 'analysis' | 'base'>, index: number, conflict: TableConflict, earlier: Span, docText: string): Finding | null {
  const span = definitionSpan(u.analysis.definitions[index]!, u.base, conflict);
  // From the error's line: a header with an error in it is a guess too.
  const text = u.analysis.text;
  const from = u.analysis.unreadableFrom;
  if (span.start - u.base >= lineStartAt(text, from) && from < text.length) return null;
  // A header naming a table a header defined: the second's key/values may be merged into the first (a guess); a header
  // and key/values of another section defining one table: the key/values moved into the header's (made when asked).
  const [isHeader, wasHeader] = [conflict.key < 0, conflict.earlier.key < 0];
  const fix = isHeader && wasHeader ? () => mergedTables(docText, earlier.start, span.start)
    : isHeader ? () => keysIntoTable(docText, span.start, earlier.start)
    : wasHeader ? () => keysIntoTable(docText, earlier.start, span.start)
    : undefined;
  return finding('toml-syntax', span, conflict.message, fix, [{ span: earlier, message: 'defined here' }], false);
}

const signatures = new WeakMap<SectionAnalysis, string>();

/**
 * What a unit gives the document-wide checks (definitions, file suppressions), as one comparable
 * string. Spans are left out: where a definition sits does not change what clashes, and the
 * findings are placed from the new units' spans.
 */
function crossSignature(analysis: SectionAnalysis): string {
  let sig = signatures.get(analysis);
  if (sig === undefined) {
    const file = analysis.suppressions.file;
    signatures.set(analysis, (sig = JSON.stringify([analysis.definitions, file === null || file === 'all' ? file : [...file].sort()], withoutSpans)));
  }
  return sig;
}

function withoutSpans(key: string, value: unknown): unknown {
  return key === 'span' || key === 'spans' ? undefined : value;
}

/** One text, analysed once: every model kept, or only the findings' fixes, or only the findings, or those fix-all does not read (see `Keep`). */
export function analyzeDocument(text: string, keep: Keep = 'models'): DocumentAnalysis {
  return new DocumentAnalyzer({ oneShot: true, keep }).analyze(text);
}

/**
 * The codes `# mars-ignore-file` comments of `text` turn off, as a document analysis finds them
 * (`fileSuppressed`), read from each unit's comments alone: what a report streamed a unit at a time
 * must know before the first.
 */
export function fileSuppressionsOf(text: string): CodeSet | null {
  let file: CodeSet | null = null;
  // Only a unit holding the words can hold such a comment: the others are not parsed a second time.
  for (const u of unitTexts(text, sectionStartsFrom(text, 0), text.length)) {
    if (u.analysed.includes('mars-ignore-file')) file = union(file, findSuppressions(parseToml(u.analysed), new LineIndex(u.analysed)).file);
  }
  return file;
}

function union(a: CodeSet | null, b: CodeSet | null): CodeSet | null {
  if (a === null) return b;
  if (b === null) return a;
  if (a === 'all' || b === 'all') return 'all';
  return new Set([...a, ...b]);
}

/**
 * Lines of the document seen from a unit: positions are the document's, offsets the unit's. A
 * feature given `placed(da, unit)` answers in document positions without knowing about units.
 */
class PlacedLines implements Lines {
  constructor(private readonly doc: LineIndex, private readonly base: number, private readonly length: number) {}
  get lineCount(): number {
    return this.doc.lineCount;
  }
  position(offset: number): Position {
    return this.doc.position(offset + this.base);
  }
  offset(position: Position): number {
    return Math.max(0, Math.min(this.length, this.doc.offset(position) - this.base));
  }
  lineStart(line: number): number {
    return this.clamp(this.doc.lineStart(line) - this.base);
  }
  lineEnd(line: number): number {
    return this.clamp(this.doc.lineEnd(line) - this.base);
  }
  private clamp(offset: number): number {
    return Math.max(0, Math.min(this.length, offset));
  }
}

/** A unit's analysis with document positions (offsets stay the unit's). */
export function placed(da: DocumentAnalysis, unit: Unit): Analysis {
  const { doc, policies, entries, findings, suppressions, unreadableFrom, stops, guessed, arrays } = unit.analysis.model();
  return { doc, policies, entries, findings, suppressions, unreadableFrom, stops, guessed, arrays, lines: placedLines(da, unit) };
}

/** A unit's lines with document positions (offsets stay the unit's), without its model. */
export function placedLines(da: DocumentAnalysis, unit: Unit): Lines {
  return new PlacedLines(da.lines, unit.base, unit.analysis.text.length);
}

/**
 * Whether a unit other than `except` defines something at or below `path` (a header, a dotted key,
 * or an inline table that may hold it), or with `header`, has a table header at exactly `path`;
 * read from what the units define, without their models: for completion, which sees one unit.
 */
export function definesOutside(da: DocumentAnalysis, except: Unit, path: readonly string[], how: 'below' | 'header' = 'below'): boolean {
  // `base` then `parts` (a full key) against `path`: it defines there when it runs through it, or
  // stops short of it at an inline table.
  const reaches = (base: readonly string[], parts: readonly string[], inline: boolean): boolean => {
    const n = base.length + parts.length;
    for (let i = 0; i < Math.min(n, path.length); i++) if ((i < base.length ? base[i] : parts[i - base.length]) !== path[i]) return false;
    return n >= path.length || inline;
  };
  let current: readonly string[] | null = [];
  for (const u of da.units) {
    for (const defs of u.analysis.definitions) {
      current = keysTable(defs, current);
      if (u === except || !current) continue;
      if (how === 'header') {
        if (defs.header && defs.header.names.length === path.length && defs.header.names.every((n, i) => n === path[i])) return true;
        continue;
      }
      if (defs.header && reaches(defs.header.names, [], false)) return true;
      for (const k of defs.keys) if (reaches(current, k.parts, k.value === 'inline table')) return true;
    }
  }
  return false;
}

/**
 * The agents (or skills, by `kind`) that key paths written name (a header's, a key's: `add`), each with whether its
 * `tools` table is written at or below one, or held in an inline table (or an array of tables, `holds`) above it,
 * `held` where the table of them all is: a header naming that table would then clash. For completion of a
 * header's name, in one walk of what is written, not one for each name.
 */
export class OwnersNamed {
  readonly names = new Map<string, boolean>();
  private held = false;

  constructor(private readonly kind: string) {}

  add(path: readonly string[], holds: boolean): void {
    if (path[0] !== this.kind) return;
    if (path.length === 1) {
      this.held ||= holds;
      return;
    }
    const name = path[1]!;
    this.names.set(name, this.names.get(name) === true || (path.length === 2 ? holds : path[2] === 'tools'));
  }

  /** Whether the `tools` table of `name` is written, or held, along the paths added. */
  toolsWritten(name: string): boolean {
    return this.held || this.names.get(name) === true;
  }
}

/**
 * The agents (or skills) that units other than `except` name (`OwnersNamed`): in a header (`[agents.x]`,
 * `[agents.x.tools]`) or a key (`x.tools.allowed` under `[agents]`, `agents.x = { … }` at the root); read from
 * what the units define, as `definesOutside` reads it.
 */
export function ownersOutside(da: DocumentAnalysis, except: Unit, kind: string): OwnersNamed {
  const owners = new OwnersNamed(kind);
  let current: readonly string[] | null = [];
  for (const u of da.units) {
    for (const defs of u.analysis.definitions) {
      current = keysTable(defs, current);
      if (u === except || !current) continue;
      // An array of tables holds whatever a header below it names (`[[agents]]`: no `[agents.x.tools]` can follow it).
      if (defs.header) owners.add(defs.header.names, defs.header.array);
      for (const k of defs.keys) owners.add([...current, ...k.parts], k.value === 'inline table');
    }
  }
  return owners;
}

/**
 * Why Mars refuses the table of `owner` where a unit other than `except` writes it as an array of
 * tables (`[[agents.x]]`, and `[agents.x.tools]` a section of its own below it): the shape problem
 * that unit says on its header, if one does. Only the unit with such a header is read to its model.
 */
export function refusedOutside(da: DocumentAnalysis, except: Unit, owner: Owner): ShapeProblem | undefined {
  const names = [owner.kind, owner.name];
  for (const u of da.units) {
    if (u === except || !u.analysis.definitions.some((d) => d.header?.array && d.header.names.length === 2 && d.header.names.every((n, i) => n === names[i]))) continue;
    const problem = refusalOf(u.analysis.model().policies, owner);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * How many tables below the tools table of `owner` units other than `except` open by a header
 * (`[agents.x.tools.sub]`): each is a section of its own, which the hover on `tools` in another
 * section counts with its own. Only a unit whose section starts with a header below that tools
 * table is read to its model (a later piece of a section repeats its header, hidden).
 */
export function tablesBelowToolsOutside(da: DocumentAnalysis, except: Unit, owner: Owner): number {
  const names = [owner.kind, owner.name, 'tools'];
  let n = 0;
  for (const u of da.units) {
    if (u === except || !u.sectionStart || !u.analysis.definitions.some((d) => d.header && d.header.names.length > names.length && names.every((x, i) => d.header!.names[i] === x))) continue;
    n += u.analysis.model().policies.extraTables.filter((t) => sameOwner(t.owner, owner)).length;
  }
  return n;
}

/**
 * Whether Mars cannot load the document for a syntax error outside the unit `except`: in another
 * unit, or across units (a table defined twice). Read from the findings the units keep, without
 * their models (every unit keeps them but in a one-shot fix-all, which asks no hover).
 */
export function syntaxErrorOutside(da: DocumentAnalysis, except: Unit): boolean {
  const syntax = (f: Finding) => f.code === 'toml-syntax';
  return da.crossFindings.some(syntax) || da.units.some((u) => u !== except && u.analysis.findings.some(syntax));
}

/** The unit holding `offset` (a section's first offset belongs to it; the text's end to the last). */
export function unitAt(da: DocumentAnalysis, offset: number): Unit {
  return da.units[unitIndexAt(da.units, offset)]!;
}

/** The index of the unit holding `offset` in the document's units. */
export function unitIndexOf(da: DocumentAnalysis, offset: number): number {
  return unitIndexAt(da.units, offset);
}

export function shiftEdit(e: Edit, by: number): Edit {
  return { start: e.start + by, end: e.end + by, newText: e.newText };
}

/** A unit's finding in document offsets (its fixes shifted when they are asked for). */
class PlacedFinding implements Finding {
  readonly span: Span;
  private shifted?: readonly Fix[];

  constructor(private readonly inner: Finding, private readonly base: number) {
    this.span = { start: inner.span.start + base, end: inner.span.end + base };
  }

  get code() {
    return this.inner.code;
  }
  get severity() {
    return this.inner.severity;
  }
  get message() {
    return this.inner.message;
  }
  get mayHaveSafeFix() {
    return this.inner.mayHaveSafeFix;
  }
  get needsReadingBefore() {
    return this.inner.needsReadingBefore;
  }
  get fixless() {
    return this.inner.fixless;
  }
  get related() {
    const base = this.base;
    return this.inner.related?.map((r) => ({ span: { start: r.span.start + base, end: r.span.end + base }, message: r.message }));
  }
  get fixes(): readonly Fix[] {
    const shift = (x: Fix): Fix => ({
      ...x,
      edits: x.edits.map((e) => shiftEdit(e, this.base)),
      ...(x.alone ? { alone: shift(x.alone) } : {}),
      ...(x.inFixAll ? { inFixAll: x.inFixAll.map((e) => shiftEdit(e, this.base)) } : {}),
    });
    return (this.shifted ??= this.inner.fixes.map(shift));
  }
}

export function placeFinding(f: Finding, base: number): Finding {
  return base === 0 ? f : new PlacedFinding(f, base);
}

/**
 * What bears on a unit's findings from outside it: the file-wide comments; for a unit that starts a
 * section, the comments just above its header, at the end of the unit before; the keys the
 * other units define; and, but for fix-all (`safeOnly`: they are never safe), the fixes that edit beyond the unit.
 */
export function outsideOf(da: DocumentAnalysis, i: number, safeOnly = false): Outside {
  const before = i > 0 && da.units[i]!.sectionStart ? da.units[i - 1]! : null;
  const header = before ? before.analysis.suppressions.pending : null;
  const base = da.units[i]!.base;
  const defines = (path: readonly string[], writing: Writing) => keyIndexOf(da).defines(path, i, writing);
  let outside: Outside = safeOnly ? { file: da.fileSuppressed, header, defines } : { file: da.fileSuppressed, header, defines, beyond: (f) => fixesBeyond(da.text, base, f, true) };
  if (before && header) outside = { ...outside, headerLines: shiftedLines(before.analysis.suppressions.pendingLines, before.base - base) };
  return unreadableBefore(da, i) ? { ...outside, unreadableBefore: true } : outside;
}

/** The first fix of `unit`'s finding of `code` at `span` (its offsets) that edits beyond it (see `Outside.beyond`), for hover to name. */
export function fixBeyond(da: DocumentAnalysis, unit: Unit, code: Code, span: Span): Fix | undefined {
  return fixesBeyond(da.text, unit.base, { code, span })?.()[0];
}

/** `lines` moved by `by`: from the offsets of one unit to those of another. */
export function shiftedLines(lines: readonly Span[], by: number): Span[] {
  return lines.map((s) => ({ start: s.start + by, end: s.end + by }));
}

const unreadables = new WeakMap<DocumentAnalysis, Uint8Array>();

/**
 * Whether an earlier piece of unit `i`'s section cannot be read past its syntax error: for every
 * unit, in one pass, once per document analysis (each unit asks on every push; walking back over
 * the pieces of a big section each time was quadratic).
 */
function unreadableBefore(da: DocumentAnalysis, i: number): boolean {
  let flags = unreadables.get(da);
  if (!flags) {
    flags = new Uint8Array(da.units.length);
    for (let j = 1; j < da.units.length; j++) {
      const earlier = da.units[j - 1]!.analysis;
      flags[j] = !da.units[j]!.sectionStart && (flags[j - 1] === 1 || earlier.unreadableFrom < earlier.text.length) ? 1 : 0;
    }
    unreadables.set(da, flags);
  }
  return flags[i] === 1;
}

const keyIndexes = new WeakMap<DocumentAnalysis, KeyIndex>();

function keyIndexOf(da: DocumentAnalysis): KeyIndex {
  let index = keyIndexes.get(da);
  if (!index) keyIndexes.set(da, (index = new KeyIndex(da.units.map((u) => u.analysis.definitions))));
  return index;
}

/** The findings a user sees, in document offsets and document order. */
export function documentFindings(da: DocumentAnalysis, overrides: SeverityOverrides = {}): Finding[] {
  const out: Finding[] = [];
  da.units.forEach((u, i) => {
    for (const f of visibleFindings(u.analysis, overrides, outsideOf(da, i))) out.push(placeFinding(f, u.base));
  });
  for (const f of crossFindingsShown(da, overrides)) out.push(f);
  return out.sort(byPosition);
}

/** The findings across units at the severity `overrides` give them, those turned off left out. */
export function crossFindingsShown(da: DocumentAnalysis, overrides: SeverityOverrides): Finding[] {
  const out: Finding[] = [];
  for (const f of da.crossFindings) {
    const shown = overridden(f, overrides);
    if (shown) out.push(shown);
  }
  return out;
}
