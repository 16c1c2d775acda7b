// A one-shot report of a whole text (the checker's text output): the findings `documentFindings`
// gives, in the same order, but handed out a unit at a time as the text is analysed, and each unit
// let go once its findings are out. Kept to the end, a big file's 30,000 findings cost the
// collector more than making them: every object kept is copied twice on its way to the old
// generation. What a later unit changes of an earlier one's findings is known when the later one
// is read: a table defined twice is reported at its second definition, and the comments above a
// header are at the end of the unit before. Only a `# mars-ignore-file` comment reaches back, so
// a text holding one is analysed whole first.

import { sectionStartsFrom } from '../toml/split';
import { TableTree } from '../toml/tables';
import { analyze, visibleFindings } from './analyze';
import { analyzeDocument, byPosition, conflictFinding, documentFindings, placeFinding, unitTexts } from './document';
import type { Finding, VerdictMemo } from './findings';
import { SectionAnalysis } from './section';
import type { Outside } from './suppress';

/** Each finding of `text` at its default severity, without its fixes (they would ignore what later units define), in document order. */
export function reportFindings(text: string, each: (f: Finding) => void): void {
  if (text.includes('mars-ignore-file')) {
    for (const f of documentFindings(analyzeDocument(text, 'findings'))) each(f);
    return;
  }
  const memo: VerdictMemo = new Map();
  const tables = new TableTree();
  let before: SectionAnalysis | null = null;
  // Whether an earlier piece of the unit's section cannot be read past its syntax error.
  let unreadableBefore = false;
  for (const u of unitTexts(text, sectionStartsFrom(text, 0), text.length)) {
    const analysis = new SectionAnalysis(analyze(u.analysed, memo), memo, { keep: 'findings', hidden: u.hidden, recent: false });
    if (u.sectionStart) unreadableBefore = false;
    const header = u.sectionStart ? before?.suppressions.pending ?? null : null;
    const outside: Outside = unreadableBefore ? { file: null, header, unreadableBefore } : { file: null, header };
    const base = u.start - u.hidden;
    const found = visibleFindings(analysis, {}, outside).map((f) => placeFinding(f, base));
    analysis.definitions.forEach((defs, index) => {
      for (const conflict of tables.add(defs)) {
        const f = conflictFinding({ analysis, base }, index, conflict);
        if (f) found.push(f);
      }
    });
    for (const f of found.sort(byPosition)) each(f);
    if (analysis.unreadableFrom < analysis.text.length) unreadableBefore = true;
    before = analysis;
  }
}
