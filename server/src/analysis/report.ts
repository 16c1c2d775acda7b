// A one-shot report of a whole text (the checker's output): the findings `documentFindings` gives,
// in the same order, but handed out a unit at a time as the text is analysed, and each unit let go
// once its findings are out. Kept to the end, a big file's 30,000 findings cost the collector more
// than making them: every object kept is copied twice on its way to the old generation. What a
// later unit changes of an earlier one's findings is mostly known when the later one is read: a
// table defined twice is reported at its second definition, and the comments above a header are
// at the end of the unit before. Three things reach back: a `# mars-ignore-file` comment (the
// comments of a text holding one are read first); for a fix that writes a list anew, whether
// another section defines it (such a finding, and those after it, wait for the end); and for a
// table of patterns of its own (`[agents.x.tools.bash]`), what its owner's lists hold, which a later
// section may write (its findings, and those after it, wait for the end, when it is read again told them).

import { sectionStartsFrom } from '../toml/split';
import { RootArrays, TableTree, type SectionDefinitions } from '../toml/tables';
import type { Span } from '../toml/model';
import { analyze, fixAllTakes, fixesSyntax, SyntaxMended, visibleFindings, type Reach } from './analyze';
import { conflictFinding, definitionSpan, fileSuppressionsOf, placeFinding, shiftedLines, unitTexts } from './document';
import { fixAllReaches, OpenedRoots } from './documentFixAll';
import { KeyIndex } from '../toml/tables';
import type { SeverityOverrides } from './codes';
import { byPosition, detached, fixesNotKept, MAY_CREATE, overridden, withoutClashingFixes, type Finding } from './findings';
import { VerdictMemo } from './verdicts';
import { followedArrays, followedRoot, listsTold, writersByOwner, type ListWriter } from './told';
import { SectionAnalysis } from './section';
import type { Outside } from './suppress';
import { fixesBeyond } from './beyondUnit';

/**
 * Each finding of `text` at the severity `overrides` give it (its default where they say nothing),
 * in document order; with `fixes`, their fixes made (without them, a finding's fixes would not know
 * what later units define). With `fixable`, its `count` is raised by how many of them fix-all
 * fixes (as `countFixAll` counts them), for the checker's hint that `--fix` would.
 */
export function reportFindings(text: string, each: (f: Finding) => void, fixes = false, overrides: SeverityOverrides = {}, fixable?: { count: number }): void {
  // A `# mars-ignore-file` comment hides the findings above it too: its codes are read first. (Such a
  // text was analysed whole, and its findings all kept, with their fixes for JSON: a 10 MB list's
  // ran the checker out of memory.)
  const file = text.includes('mars-ignore-file') ? fileSuppressionsOf(text) : null;
  const memo = new VerdictMemo();
  const tables = new TableTree();
  // The root keys arrays of tables hold, as the units before reached them (see `findPolicies`).
  const roots = new RootArrays(followedRoot);
  // Each section's definitions and where its unit starts: a clash points at the key it clashes with.
  const sections: Array<{ defs: SectionDefinitions; base: number }> = [];
  // For fixes: what each unit defines, and the findings waiting for all of it, with their unit.
  const definitions: Array<readonly SectionDefinitions[]> = [];
  const waiting: Array<{ f: Finding; unit: number }> = [];
  // For `fixable`: the findings whose fix writes a list anew, which fix-all drops where a later unit
  // defines that list, with what their unit's reach was.
  const countLater: Array<{ f: Finding; unit: number; reach: Reach }> = [];
  // The comments ending the unit before (of it, only they are kept while the next is analysed).
  let pending: SectionAnalysis['suppressions']['pending'] = null;
  // Their lines, in document offsets (`Outside.headerLines`).
  let pendingLines: readonly Span[] = [];
  // Whether an earlier piece of the unit's section cannot be read past its syntax error.
  let unreadableBefore = false;
  const unclosed: number[] = [];
  // A table of patterns of its own (`[agents.x.tools.bash]`) is said with what its owner's lists hold,
  // which any other unit, later ones too, may write (see `Policies.listsRead`): its findings, and all
  // after it, in order, wait for the end, when it is analysed again told them (as `tellLists` in
  // document.ts does). For that, what the units writing owners' lists hold, kept as each is read.
  const writing: ListWriter[] = [];
  let held: Array<{ f: Finding; unit: number } | Reader> | null = null;
  // A finding of unit `unit` (its index among `definitions`), once known: written, or left waiting (see above).
  const route = (f: Finding, unit: number) => {
    if (fixes && (waiting.length > 0 || writesListAnew(f))) waiting.push({ f: detached(f), unit });
    else each(f);
  };
  // A unit's findings, or, after a table of patterns of its own, held: without their model, their fixes made where they are asked.
  const emit = (found: Finding[], unit: number) => fixesNotKept(() => {
    for (const f of found.sort(byPosition)) {
      if (held) held.push({ f: fixes ? detached(f) : withoutFixes(f), unit });
      else route(f, unit);
    }
  });
  // The roots fix-all makes readable as it goes, below whose headers it leaves units to its next pass, not counted (see `countFixAll`).
  const opened = new OpenedRoots();
  // The findings fix-all fixes among a unit's visible ones (`reach`: where it reaches), as `countFixAll` counts them.
  const count = (analysis: SectionAnalysis, visible: readonly Finding[], unit: number) => fixesNotKept(() => {
    const mended = new SyntaxMended();
    // Where fix-all fixes a syntax error it stops at, only that (see `countFixAll`).
    const later = analysis.stops ? fixesSyntax(analysis, visible) : null;
    const taken: Span[] = [];
    for (const f of visible) {
      if (later?.(f)) continue;
      if (f.mayHaveSafeFix && writesListAnew(f)) {
        countLater.push({ f: detached(f), unit, reach: { unreadableFrom: analysis.unreadableFrom, doc: { text: analysis.doc.text } } });
        continue;
      }
      if (!mended.takes(analysis, f)) continue;
      fixable!.count++;
      if (f.code === 'toml-syntax') taken.push(f.span);
    }
    fixable!.count += mended.count();
    opened.fixedIn(analysis, taken);
  });
  let unitIndex = 0;
  for (const u of unitTexts(text, sectionStartsFrom(text, 0, undefined, unclosed), text.length)) {
    // The unit is let go once its findings are out, so it keeps its model meanwhile (no finding is
    // copied off it), and the fixes written are not kept on its findings (a 10 MB list's are 0.8
    // GB); a finding that waits takes its fixes with it, not its model.
    const arrays = followedArrays(roots);
    const analysis = new SectionAnalysis(analyze(u.analysed, memo, undefined, arrays), memo, { keep: 'models', hidden: u.hidden });
    if (analysis.listsWritten.size > 0) writing.push({ index: unitIndex, lists: analysis.listsWritten });
    // What bears on the unit from outside it, as `outsideOf` (document.ts) reads it from a whole
    // analysis: the file-wide comments (see above), the comments ending the unit before, and
    // whether an earlier piece of its section stopped at a syntax error.
    if (u.sectionStart) unreadableBefore = false;
    const header = u.sectionStart ? pending : null;
    const base = u.start - u.hidden;
    // Fixes beyond a unit are never safe, so fix-all's count wants none: only an output giving fixes asks the whole text for them.
    const beyond = fixes ? { beyond: (f: Finding) => fixesBeyond(text, base, f) } : {};
    let outside: Outside = unreadableBefore ? { file, header, unreadableBefore, ...beyond } : { file, header, ...beyond };
    if (header) outside = { ...outside, headerLines: shiftedLines(pendingLines, -base) };
    const reads = analysis.listsRead.size > 0;
    const visible = reads ? [] : visibleFindings(analysis, overrides, outside);
    // Asked of every unit, in order (it follows where the root table ends).
    const left = fixable !== undefined && opened.leaves(analysis, u.sectionStart);
    const reaches = fixAllReaches(u.start, outside, unclosed[0]) && !left;
    if (fixable && reaches && !reads) count(analysis, visible, definitions.length);
    const found = visible.map((f) => placeFinding(f, base));
    // The tables it defines again go among its findings; a reader's are kept, to be said with its findings at the end.
    const conflicts: Finding[] = reads ? [] : found;
    analysis.definitions.forEach((defs, index) => {
      sections.push({ defs, base });
      roots.addDefinitions(defs);
      for (const conflict of tables.add(defs)) {
        const earlier = sections[conflict.earlier.section]!;
        const f = conflictFinding({ analysis, base }, index, conflict, definitionSpan(earlier.defs, earlier.base, conflict.earlier), text);
        const shown = f && overridden(f, overrides);
        if (shown) conflicts.push(shown);
      }
    });
    if (reads) {
      (held ??= []).push({ index: unitIndex, analysed: u.analysed, hidden: u.hidden, base, arrays, read: analysis.listsRead, outside, reaches, unit: definitions.length, conflicts: fixesNotKept(() => conflicts.map(detached)) });
    } else emit(found, definitions.length);
    if (fixes || fixable) definitions.push(analysis.definitions);
    if (analysis.unreadableFrom < analysis.text.length) unreadableBefore = true;
    pending = analysis.suppressions.pending;
    pendingLines = shiftedLines(analysis.suppressions.pendingLines, base);
    unitIndex++;
  }
  if (held) {
    const waited = held;
    held = null;
    const writers = writersByOwner(writing);
    for (const r of waited) {
      if (!('read' in r)) {
        fixesNotKept(() => route(r.f, r.unit));
        continue;
      }
      const told = listsTold(r.read, writers, r.index);
      const analysis = new SectionAnalysis(analyze(r.analysed, memo, undefined, r.arrays, told), memo, { keep: 'models', hidden: r.hidden });
      const visible = visibleFindings(analysis, overrides, r.outside);
      if (fixable && r.reaches) count(analysis, visible, r.unit);
      emit([...visible.map((f) => placeFinding(f, r.base)), ...r.conflicts], r.unit);
    }
  }
  if (waiting.length === 0 && countLater.length === 0) return;
  const keys = new KeyIndex(definitions);
  // `f`'s fixes but those that would write what a unit other than its own, `unit`, defines.
  const clashFree = (f: Finding, unit: number) => withoutClashingFixes(f, (path, writing) => keys.defines(path, unit, writing));
  for (const { f, unit, reach } of countLater) if (fixAllTakes(reach, clashFree(f, unit))) fixable!.count++;
  for (const { f, unit } of waiting) each(MAY_CREATE.has(f.code) ? clashFree(f, unit) : f);
}

/** A unit reading owners' lists written elsewhere (`Policies.listsRead`), analysed again at the end with what they hold. */
interface Reader {
  readonly index: number;
  readonly analysed: string;
  readonly hidden: number;
  readonly base: number;
  readonly arrays: ReadonlySet<string>;
  readonly read: ReadonlySet<string>;
  readonly outside: Outside;
  /** Whether fix-all reaches it (`fixAllReaches`). */
  readonly reaches: boolean;
  /** Its index among the units' `definitions`. */
  readonly unit: number;
  /** The tables it defines again, found as it was read (see `TableTree`). */
  readonly conflicts: readonly Finding[];
}

/** `f` without its fixes, for a report that writes none: a finding held keeps no model. */
function withoutFixes(f: Finding): Finding {
  const { code, severity, span, message, related, mayHaveSafeFix, needsReadingBefore } = f;
  return { code, severity, span, message, related, mayHaveSafeFix, fixes: [], ...(needsReadingBefore ? { needsReadingBefore } : {}) };
}

/** Whether a fix of `f` writes a list anew (`Fix.creates`), which a later unit's definitions may clash with. */
const writesListAnew = (f: Finding) => MAY_CREATE.has(f.code) && f.fixes.some((x) => x.creates);
