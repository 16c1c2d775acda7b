// Code actions (the eslint model): each fix of a diagnostic as a quick fix, one preferred where it
// is clear; "fix all of this kind"; suppress a code on a line; and the file-wide `source.fixAll.mars`.
// Every edit names the document version it was computed against.

import { type CodeAction, CodeActionKind, type CodeActionContext, type Range } from 'vscode-languageserver';
import { seenAt } from '../analysis/analyze';
import { crossFindingsShown, outsideOf, placedLines, unitIndexOf, type DocumentAnalysis } from '../analysis/document';
import { countFixAll, fixAllTakesIn } from '../analysis/documentFixAll';
import type { Edit } from '../analysis/edits';
import { fixAmong, partnersSeen, type Fix } from '../analysis/findings';
import { isCode, type Code, type SeverityOverrides } from '../analysis/codes';
import { openingLine, suppressEdit, suppressFileEdit, type Outside, type ReparseBudget } from '../analysis/suppress';
import type { Span } from '../toml/model';
import { quoted } from '../grammar/text';
import { positionsOf } from '../toml/lineIndex';
import { action, isRange, versionedEdit } from './convert';
import { DIAGNOSTIC_SOURCE, FIX_ALL_KIND } from '../protocol';

const sameRange = (a: Range, b: Range) =>
  a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;

/** One action for one edit of the document, whoever offers it: a fix's title and its edits, `base` added to their offsets (a unit's start). */
const fixKey = (fix: Fix, base: number): string => JSON.stringify([fix.title, fix.edits.map((e) => [e.start + base, e.end + base, e.newText])]);

/**
 * Whether a request that asks only for kinds `only` (none: any) wants an action of `kind`. The empty
 * kind (LSP's `CodeActionKind.Empty`) is above every other, as VS Code's kinds read it: a client
 * that asks for it asks for every kind, and got none.
 */
export function wants(only: readonly string[] | undefined, kind: string): boolean {
  return !only || only.some((o) => o === '' || kind === o || kind.startsWith(`${o}.`));
}

/**
 * What a deferred fix-all action carries until `codeAction/resolve` computes its edits, or what the
 * command that computes them when run (`FIX_ALL_COMMAND`) takes first.
 */
export interface FixAllData {
  readonly uri: string;
  readonly version: number;
  readonly code?: Code;
}

/** Whether `data` is what this server put in a deferred action (a client may send back anything). */
export function isFixAllData(data: unknown): data is FixAllData {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  return typeof d.uri === 'string' && Number.isInteger(d.version) && (d.code === undefined || (typeof d.code === 'string' && isCode(d.code)));
}

/** Whether a diagnostic the client sent back has a range to find its finding by. */
const hasRange = (d: unknown): boolean => isRange((d as { range?: unknown } | null)?.range);

/**
 * The file-wide fixes of a code (all codes when undefined), or null when the request was cancelled
 * while they were computed. The glue supplies it: it knows the request and its cancellation.
 */
export type FixAll = (code: Code | undefined) => Promise<readonly Edit[] | null>;

/**
 * Called between the diagnostics of a request: false stops the work (the request was cancelled, or
 * its document changed). The glue supplies it, giving other requests a turn meanwhile: a range over
 * thousands of diagnostics (select-all in a client that does not cap them) makes tens of thousands
 * of actions, a second or more of work.
 */
export type GoOn = () => Promise<boolean>;

/**
 * The code actions for a request. With `lazy`, the file-wide fixes are returned without edits and
 * with `FixAllData`, so a lightbulb request on every cursor move does not compute them; the
 * client resolves the one the user picks (`resolveFixAll`), or the glue makes it a command that
 * computes them when run. None once `goOn` says to stop: the glue answers the request cancelled.
 */
export async function codeActions(
  uri: string, version: number, da: DocumentAnalysis, overrides: SeverityOverrides, context: CodeActionContext, lazy: boolean, fixAllEdits: FixAll,
  goOn: GoOn = async () => true,
): Promise<CodeAction[]> {
  const fixAll = async (title: string, kind: string, code: Code | undefined, diagnostics?: CodeAction['diagnostics']): Promise<CodeAction | null> => {
    // A source action asked for by kind (fix-on-save) is computed now: a save does not wait for a
    // resolve. Quick fixes asked for by kind (`only: ["quickfix"]`, a common key binding) are shown
    // in a menu like the lightbulb's, and stay deferred.
    if (lazy && !(context.only && kind !== CodeActionKind.QuickFix)) {
      const a: CodeAction = { title, kind, data: { uri, version, ...(code ? { code } : {}) } satisfies FixAllData };
      if (diagnostics) a.diagnostics = diagnostics;
      return a;
    }
    const edits = await fixAllEdits(code);
    return edits && edits.length > 0 ? action(title, kind, versionedEdit(uri, version, da.lines, edits), diagnostics) : null;
  };
  const out: CodeAction[] = [];
  const only = Array.isArray(context.only) ? context.only : undefined;
  if (wants(only, CodeActionKind.QuickFix)) {
    const fixAllOffered = new Set<string>();
    // In tiers, as a menu reads best when several diagnostics meet (a whole line selected): every
    // diagnostic's own fixes, then the fix-alls, the line's "Disable"s, the file's.
    const fixAlls: CodeAction[] = [];
    const quickFixes = new Map<string, CodeAction>();
    // What each quick fix fixes (its first diagnostic's text and place), for titles that collide.
    const fixedAt = new Map<CodeAction, FixedAt>();
    // One "Disable" per code and comment: two diagnostics of one code on a line get the same comment.
    const disables = new Map<string, CodeAction>();
    // The lines of the diagnostics asked about: over several (a selection), each "Disable" names its line.
    const askedLines = new Set<number>();
    const fileDisables = new Map<Code, CodeAction>();
    // What a unit's user sees at a place, found by halving its findings: not the list of all it
    // sees, which a lightbulb on a list of a million entries made of 2 million findings.
    const outsides = new Map<number, Outside>();
    const seenIn = (index: number) => {
      let outside = outsides.get(index);
      if (!outside) outsides.set(index, (outside = outsideOf(da, index)));
      const analysis = da.units[index]!.analysis;
      return (code: Code, span: Span) => seenAt(analysis, overrides, outside, code, span);
    };
    const suppressions = new Map<string, Edit | null>();
    // Past a syntax error a "Disable" is checked by parsing its unit again: 4 MB of that a request, some 100 ms.
    const budget: ReparseBudget = { chars: 4_000_000 };
    // Each diagnostic on its own: one the client mangled is skipped, the others still get their fixes.
    for (const d of Array.isArray(context.diagnostics) ? context.diagnostics : []) {
      if (!(await goOn())) return [];
      if (!hasRange(d) || d.source !== DIAGNOSTIC_SOURCE || typeof d.code !== 'string' || !isCode(d.code)) continue;
      const code = d.code;
      // The diagnostic's section: its own analysis (whose line numbers its suppressions use), seen in
      // document positions (the same offsets).
      const index = unitIndexOf(da, da.lines.offset(d.range.start));
      const unit = da.units[index]!;
      // Not `placed(da, unit).lines`, which makes the unit's model: a quick fix reads of a big one
      // only what its parse says (see `SectionAnalysis.parsed`).
      const lines = placedLines(da, unit);
      const seen = seenIn(index);
      const f = seen(code, { start: lines.offset(d.range.start), end: lines.offset(d.range.end) });
      if (!f && code === 'toml-syntax') {
        // A table defined twice is no finding of a section: the document's, in its offsets, with its own fixes (a merge).
        const cross = crossFindingsShown(da, overrides).find((x) => x.code === code && sameRange(positionsOf(da.lines, x.span), d.range));
        for (const fix of cross?.fixes ?? []) quickFixes.set(fixKey(fix, 0), action(fix.title, CodeActionKind.QuickFix, versionedEdit(uri, version, da.lines, fix.edits), [d], fix.preferred));
        continue;
      }
      if (!f || !sameRange(positionsOf(lines, f.span), d.range)) continue;
      askedLines.add(d.range.start.line);
      for (const fix of f.fixes.map((x) => fixAmong(x, f, partnersSeen(seen)))) {
        // One action for one edit: two problems of an entry fixed by one rewrite (`Shell(git:*)`)
        // share it, as two units' findings do one fix of the document (each `[[agents]]` made a table).
        const key = fixKey(fix, unit.base);
        const same = quickFixes.get(key);
        if (same) {
          same.diagnostics!.push(d);
          // Preferred where either offers it so (a syntax error's guess, `"read", "grep"` in brackets, is the shape fix of its list).
          if (fix.preferred) same.isPreferred = true;
          continue;
        }
        const a = action(fix.title, CodeActionKind.QuickFix, versionedEdit(uri, version, lines, fix.edits), [d], fix.preferred);
        quickFixes.set(key, a);
        fixedAt.set(a, { name: da.text.slice(da.lines.offset(d.range.start), da.lines.offset(d.range.end)), line: d.range.start.line, character: d.range.start.character });
      }
      // Under the diagnostic it fixes, and when it fixes more than that one.
      if (!fixAllOffered.has(code) && fixAllTakesIn(da, index, f) && countFixAll(da, overrides, code, 2) > 1) {
        fixAllOffered.add(code);
        const a = await fixAll(`Fix all \`${code}\` problems in this file`, CodeActionKind.QuickFix, code, [d]);
        if (a) fixAlls.push(a);
      }
      if (code !== 'toml-syntax') {
        const own = unit.analysis;
        const line = own.lines.position(f.span.start).line;
        const editFor = (line: number) => {
          const asked = `${index}\u0000${code}\u0000${line}`;
          if (!suppressions.has(asked)) suppressions.set(asked, suppressEdit(own.parsed(), own.lines, own.suppressions, code, line, budget));
          return suppressions.get(asked)!;
        };
        let edit = editFor(line);
        // A line inside a multi-line string takes no comment: the one above the line the string opens on speaks of it.
        if (!edit) {
          const opens = openingLine(own.parsed(), own.lines, f.span.start, line);
          if (opens !== null) edit = editFor(opens);
        }
        if (edit) {
          // The comment silences the code on the whole line (every entry there), and the title says so.
          const workspaceEdit = versionedEdit(uri, version, lines, [edit]);
          const key = JSON.stringify([code, workspaceEdit]);
          const same = disables.get(key);
          if (same) same.diagnostics!.push(d);
          else {
            disables.set(key, action(`Disable \`${code}\` for this line`, CodeActionKind.QuickFix, workspaceEdit, [d]));
          }
        }
        const inFile = fileDisables.get(code);
        if (inFile) inFile.diagnostics!.push(d);
        else fileDisables.set(code, action(`Disable \`${code}\` for the entire file`, CodeActionKind.QuickFix,
          versionedEdit(uri, version, da.lines, [suppressFileEdit(da.text, code)]), [d]));
      }
    }
    // Two of one code on two lines would read the same, "for this line": over several lines each
    // says which (the line of its first diagnostic; lines inside a multi-line string share the
    // comment above the line it opens on). eslint keeps one per rule, the last line's, under "for
    // this line", which silences one line of a selection without saying which.
    if (askedLines.size > 1) for (const a of disables.values()) a.title = a.title.replace(/ for this line$/, ` for line ${a.diagnostics![0]!.range.start.line + 1}`);
    distinguish(fixedAt);
    // The file's "Disable"s after every other fix (they are the widest), one per code, as eslint offers them.
    // Pushed one at a time: as the arguments of one call, the 130,000 actions of a range over 78,000
    // diagnostics overflowed the stack.
    for (const group of [quickFixes.values(), fixAlls, disables.values(), fileDisables.values()]) for (const a of group) out.push(a);
  }
  preferRemovingDuplicates(out);
  if (wants(only, FIX_ALL_KIND) && countFixAll(da, overrides, undefined, 1) > 0) {
    const a = await fixAll('Fix all Mars problems in this file', FIX_ALL_KIND, undefined);
    if (a) out.push(a);
  }
  return out;
}

/** Where a quick fix applies: the text its (first) diagnostic covers, and where that starts. */
interface FixedAt {
  readonly name: string;
  readonly line: number;
  readonly character: number;
}

const ORDINAL = (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;

/** The actions of each title two or more share. */
function collisions(actions: Iterable<CodeAction>): CodeAction[][] {
  const byTitle = new Map<string, CodeAction[]>();
  for (const a of actions) {
    const group = byTitle.get(a.title);
    if (group) group.push(a);
    else byTitle.set(a.title, [a]);
  }
  return [...byTitle.values()].filter((group) => group.length > 1);
}

/**
 * Two fixes of one title in one menu (a whole line selected: "Change to `bash`" for `Bash` and for
 * `SHELL`) cannot be told apart. Where titles collide, each names what it changes ("Change `SHELL` to
 * `bash`"); where they still do, its line ("… on line 4", as the "Disable"s say theirs); and the same
 * text twice on a line, which one ("… (2nd on line 2)"). A title no other shares stays as it is.
 */
function distinguish(fixedAt: ReadonlyMap<CodeAction, FixedAt>): void {
  for (const group of collisions(fixedAt.keys())) {
    for (const a of group) {
      const { name } = fixedAt.get(a)!;
      const to = /^(Change|Rename) to /.exec(a.title);
      if (to && name.length > 0 && !name.includes('\n')) a.title = `${to[1]} ${quoted(name)} to ${a.title.slice(to[0].length)}`;
    }
  }
  for (const group of collisions(fixedAt.keys())) {
    // The group's actions on each line, in the group's order; each line's sorted once, by where its
    // text starts, the group's order breaking ties (a selection of one long line holds thousands).
    const byLine = new Map<number, CodeAction[]>();
    for (const a of group) {
      const { line } = fixedAt.get(a)!;
      const same = byLine.get(line);
      if (same) same.push(a);
      else byLine.set(line, [a]);
    }
    const titles = new Map<CodeAction, string>();
    for (const [line, same] of byLine) {
      if (same.length === 1) {
        titles.set(same[0]!, `${same[0]!.title} on line ${line + 1}`);
        continue;
      }
      // A stable sort: among actions at one character, the group's order stays.
      const ordered = [...same].sort((a, b) => fixedAt.get(a)!.character - fixedAt.get(b)!.character);
      ordered.forEach((a, i) => titles.set(a, `${a.title} (${ORDINAL(i + 1)} on line ${line + 1})`));
    }
    for (const a of group) a.title = titles.get(a)!;
  }
}

/**
 * An entry that is a duplicate and also misspelt (`"Shell"` after `"bash"`) has two preferred
 * fixes, so an editor's auto-fix asks which: removing the duplicate fixes both, and is the one.
 */
function preferRemovingDuplicates(actions: CodeAction[]): void {
  const removed = new Set(actions.filter((a) => a.isPreferred && a.diagnostics?.some((d) => d.code === 'duplicate-entry')));
  const key = (r: Range) => `${r.start.line}:${r.start.character}:${r.end.line}:${r.end.character}`;
  const removedAt = new Set([...removed].flatMap((r) => r.diagnostics!.map((x) => key(x.range))));
  for (const a of actions) {
    if (!a.isPreferred || removed.has(a)) continue;
    if (a.diagnostics?.every((d) => removedAt.has(key(d.range)))) delete a.isPreferred;
  }
}

/**
 * The edits of a deferred fix-all action, against the document's current version: a fix-all asks
 * for every fix of its kind in the file, which holds after an edit too (the edit names the version
 * it was made for). The action unchanged when the request was cancelled.
 */
export async function resolveFixAll(a: CodeAction, version: number, da: DocumentAnalysis, fixAllEdits: FixAll): Promise<CodeAction> {
  const data: unknown = a.data;
  if (!isFixAllData(data)) return a;
  const edits = await fixAllEdits(data.code);
  // Nothing left to fix (an edit since it was offered): no edit, rather than an empty one.
  return edits && edits.length > 0 ? { ...a, edit: versionedEdit(data.uri, version, da.lines, edits) } : a;
}
