// The fixes of a unit's finding that edit other units too (`Outside.beyond`): read from the
// document's whole text when asked, as the merge of a table defined twice is. What no section sees
// alone: each `[[agents]]` made the table of its name at once (overlaysByName.ts), and a table of
// patterns moved into its owner's lists written in another section (`patternMoveAcross`).

import { lineStartAt } from '../toml/lineIndex';
import type { TomlDocument } from '../toml/model';
import { parseToml } from '../toml/parse';
import { syntaxProblems } from '../toml/syntax';
import { sectionDefinitions, tableConflicts } from '../toml/tables';
import { analyze } from './analyze';
import type { Edit } from './edits';
import type { Finding, Fix } from './findings';
import { overlaysByName } from './overlaysByName';
import { patternMoveAcross, patternTableOfSection } from './patternFixes';

/**
 * The fixes of the finding `f` of the unit at `base` in `text` that edit beyond the unit, in the
 * unit's offsets, made when asked; null for a finding with none: most, known from its code and the
 * text before it on its line.
 */
export function fixesBeyond(text: string, base: number, f: Pick<Finding, 'code' | 'span'>): (() => Fix[]) | null {
  const at = base + f.span.start;
  const before = () => text.slice(lineStartAt(text, at), at);
  // On the key of a `[[agents]]` header.
  if (f.code === 'invalid-tool-policy' && /^[ \t\ufeff]*\[\[[ \t]*$/.test(before())) {
    const key = `[[${text.slice(at, base + f.span.end)}]]`;
    return () => {
      const { overlays } = memoOf(text);
      let fixes = overlays.get(key);
      if (!fixes) {
        const doc = parseToml(text);
        overlays.set(key, (fixes = readsWhole(doc) ? overlaysByName(doc, at) : []));
      }
      return inUnit(fixes, base);
    };
  }
  // On the last key of a `[….tools.bash]` header.
  if (f.code === 'unknown-policy-key' && /^[ \t\ufeff]*\[(?!\[)[^\]\r\n]*$/.test(before())) return () => inUnit(patternsMovedAcross(text, at), base);
  return null;
}

/**
 * What was made of the last text asked about: every element's finding asks for the same fix, and the
 * checker's JSON asks each. `overlays` by the `[[…]]` header's key, `patterns` (once made) by the line
 * each table's header starts.
 */
let memo: { text: string; overlays: Map<string, Fix[]>; patterns: Map<number, Fix[]> | null } | null = null;

function memoOf(text: string): NonNullable<typeof memo> {
  if (memo?.text !== text) memo = { text, overlays: new Map(), patterns: null };
  return memo;
}

/**
 * The longest text analysed whole for a move across sections: the 1 MB bench file takes 250-700 ms,
 * which a lightbulb request waits for; one of 10 MB, seconds.
 */
const MOST_ANALYSED = 2_000_000;

/**
 * The move across sections of the table of patterns whose header holds `at`. The whole text is
 * analysed once for every such table of it, the moves kept and the analysis let go: where its TOML
 * reads without an error or a clash, and it is at most `MOST_ANALYSED` long.
 */
function patternsMovedAcross(text: string, at: number): Fix[] {
  if (text.length > MOST_ANALYSED) return [];
  const m = memoOf(text);
  if (!m.patterns) {
    m.patterns = new Map();
    const a = analyze(text);
    if (readsWhole(a.doc)) {
      for (const { owner, name, section } of a.policies.extraTables) {
        const t = patternTableOfSection(owner, name, section);
        if (t) m.patterns.set(lineStartAt(text, section.header!.span.start), patternMoveAcross(a.doc, a.policies, t));
      }
    }
  }
  return m.patterns.get(lineStartAt(text, at)) ?? [];
}

/** Whether TOML reads the whole of `doc` without an error or a clash of tables: a fix of it all is no guess. */
const readsWhole = (doc: TomlDocument): boolean => syntaxProblems(doc).length === 0 && tableConflicts(doc.sections.map((s) => sectionDefinitions(s, doc.text))).length === 0;

/** Fixes in the document's offsets, in those of the unit at `base`. */
const inUnit = (fixes: readonly Fix[], base: number): Fix[] => fixes.map((x) => ({ ...x, edits: x.edits.map((e: Edit) => ({ start: e.start - base, end: e.end - base, newText: e.newText })) }));
