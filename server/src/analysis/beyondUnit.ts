// The fixes of a unit's finding that edit other units too (`Outside.beyond`): read from the
// document's whole text when asked, as the merge of a table defined twice is. What no section sees
// alone: each `[[agents]]` made the table of its name at once (overlaysByName.ts), and, into the
// owner's tools table written in another section, a table of patterns moved (`patternMoveAcross`) and
// lists meant for it (`[agents.x.permissions]`, `permissions.allow` under `[agents.x]`: listsMove.ts).

import { lineStartAt } from '../toml/lineIndex';
import type { TomlDocument } from '../toml/model';
import { parseToml } from '../toml/parse';
import { syntaxProblems } from '../toml/syntax';
import { sectionDefinitions, tableConflicts } from '../toml/tables';
import { definedElsewhere, policiesOf } from './analyze';
import type { Edit } from './edits';
import type { Finding, Fix } from './findings';
import { overlaysByName } from './overlaysByName';
import { policyFindings } from './policyFindings';
import { patternMoveAcross, patternTableOfSection } from './patternFixes';
import { nestedListsMove } from './listsMove';
import { nestedTable } from './moves';

/**
 * The fixes of the finding `f` of the unit at `base` in `text` that edit beyond the unit, in the
 * unit's offsets, made when asked; null for a finding with none: most, known from its code and the
 * text before it on its line. `clashesDropped`: `f`'s fixes that would write what another section
 * defines are dropped already (a document's: `Outside.defines`), not later (the checker's).
 */
export function fixesBeyond(text: string, base: number, f: Pick<Finding, 'code' | 'span'> & Partial<Pick<Finding, 'fixes'>>, clashesDropped = false): (() => Fix[]) | null {
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
  if (f.code === 'unknown-policy-key' && /^[ \t\ufeff]*\[(?!\[)[^\]\r\n]*$/.test(before())) return () => inUnit(movedAcross(text).patterns.get(lineStartAt(text, at)) ?? [], base);
  // A misplaced list's where its unit's finding has none, or, where they are dropped later, none but renames another
  // section may clash with (`Fix.creates`): the move into a tools table another section writes, which the rename would
  // write again. Those of the text analysed whole that it has not (by title), which most such findings need not read.
  if (f.code === 'misplaced-tool-list') {
    return () => {
      const own = f.fixes ?? [];
      if (own.some((x) => clashesDropped || !x.creates)) return [];
      return inUnit((movedAcross(text).misplaced.get(at) ?? []).filter((x) => !own.some((o) => o.title === x.title)), base);
    };
  }
  return null;
}

/**
 * What was made of the last text asked about: every element's finding asks for the same fix, and the
 * checker's JSON asks each. `overlays` by the `[[…]]` header's key, `moves` (once made) as `movedAcross` keeps them.
 */
let memo: { text: string; overlays: Map<string, Fix[]>; moves: Moves | null } | null = null;

function memoOf(text: string): NonNullable<typeof memo> {
  if (memo?.text !== text) memo = { text, overlays: new Map(), moves: null };
  return memo;
}

/**
 * The longest text analysed whole for a move across sections: the 1 MB bench file takes 250-700 ms,
 * which a lightbulb request waits for; one of 10 MB, seconds.
 */
const MOST_ANALYSED = 2_000_000;

/**
 * The moves across sections of a text: of each table of patterns, or of Claude Code's settings below a tools table
 * (`[agents.x.tools.permissions]`), by the line its header starts, and
 * the fixes of each misplaced list's finding, by where it starts (those its unit cannot make among them).
 */
interface Moves {
  readonly patterns: Map<number, Fix[]>;
  readonly misplaced: Map<number, Fix[]>;
}

/**
 * The moves across sections of `text`, analysed whole once for all of them, the moves kept and the
 * analysis let go: where its TOML reads without an error or a clash, and it is at most `MOST_ANALYSED` long.
 */
function movedAcross(text: string): Moves {
  const m = memoOf(text);
  if (m.moves) return m.moves;
  const moves: Moves = { patterns: new Map(), misplaced: new Map() };
  m.moves = moves;
  if (text.length > MOST_ANALYSED) return moves;
  const doc = parseToml(text);
  if (!readsWhole(doc)) return moves;
  // Not the whole analysis: the moves need only the policies, and the misplaced lists' findings among theirs, as
  // `analyze` says them where nothing is a guess (every entry's verdict and findings had doubled the checker's time).
  const policies = policiesOf(doc, []);
  for (const { owner, name, section } of policies.extraTables) {
    const t = patternTableOfSection(owner, name, section);
    if (t) moves.patterns.set(lineStartAt(text, section.header!.span.start), patternMoveAcross(doc, policies, t));
    // Claude Code's settings as a table below the tools table (`[agents.x.tools.permissions]`): its lists moved into the tools table's.
    const nested = !t && nestedTable(name, section) ? nestedListsMove(doc, policies, owner, section.entries, null, section) : null;
    if (nested) moves.patterns.set(lineStartAt(text, section.header!.span.start), [nested]);
  }
  const elsewhere = definedElsewhere(doc);
  for (const found of policyFindings(doc, policies)) {
    if (found.code !== 'misplaced-tool-list') continue;
    const f = elsewhere(found);
    // Never safe, as no fix beyond a unit is: fix-all, a unit at a time, makes none of them.
    if (f.fixes.length > 0) moves.misplaced.set(f.span.start, f.fixes.map((x) => (x.safe ? { ...x, safe: false } : x)));
  }
  return moves;
}

/** Whether TOML reads the whole of `doc` without an error or a clash of tables: a fix of it all is no guess. */
const readsWhole = (doc: TomlDocument): boolean => syntaxProblems(doc).length === 0 && tableConflicts(doc.sections.map((s) => sectionDefinitions(s, doc.text))).length === 0;

/** Fixes in the document's offsets, in those of the unit at `base`. */
const inUnit = (fixes: readonly Fix[], base: number): Fix[] => fixes.map((x) => ({ ...x, edits: x.edits.map((e: Edit) => ({ start: e.start - base, end: e.end - base, newText: e.newText })) }));
