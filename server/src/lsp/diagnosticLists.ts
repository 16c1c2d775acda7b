// A document's list of diagnostics, from its analysis: each section's converted (and encoded) once
// and kept with the section's analysis, capped by `mars.maxProblems`; pushed and pulled alike.

import type { Diagnostic, Range } from 'vscode-languageserver';
import { visibleFindings, type Analysis } from '../analysis/analyze';
import type { SeverityOverrides } from '../analysis/codes';
import { crossFindingsShown, outsideOf, type DocumentAnalysis, type Unit } from '../analysis/document';
import type { Finding } from '../analysis/findings';
import type { CodeSet } from '../analysis/suppress';
import { SEVERITY, toDiagnostic } from '../features/convert';
import { lineStartAt, type Lines } from '../toml/lineIndex';
import type { ServerContext } from './context';
import { concatRuns, EncodedRun } from './encodedRuns';
import { capped } from './problemCap';

function codeSetKey(set: CodeSet | null): string {
  return set === null ? '' : set === 'all' ? '*' : [...set].sort().join(',');
}

/**
 * The column of the document where a unit's analysis starts its line 0: 0, but for a section cut
 * after the byte order marks first on its line (`U+FEFF[[skills]]` below the first line: see
 * `sectionCut`), which stay the section before's; its header line's diagnostics were a column short
 * per mark (and so got no quick fix, whose range is the document's). A piece analysed under a hidden
 * header starts at a line start.
 */
function startColumn(text: string, u: Unit): number {
  if (u.base !== u.start) return 0;
  return u.start - lineStartAt(text, u.start);
}

/** `lines` with the characters of line 0 counted from `column`. */
function shiftedFirstLine(lines: Lines, column: number): Pick<Lines, 'position'> {
  return {
    position(offset) {
      const p = lines.position(offset);
      return p.line === 0 ? { line: 0, character: p.character + column } : p;
    },
  };
}

function shiftDiagnostic(d: Diagnostic, lines: number): Diagnostic {
  const range = (r: Range): Range => ({ start: { line: r.start.line + lines, character: r.start.character }, end: { line: r.end.line + lines, character: r.end.character } });
  const out: Diagnostic = { ...d, range: range(d.range) };
  if (d.relatedInformation) out.relatedInformation = d.relatedInformation.map((r) => ({ ...r, location: { uri: r.location.uri, range: range(r.location.range) } }));
  return out;
}

export type DiagnosticsOf = (uri: string, da: DocumentAnalysis, overrides: SeverityOverrides, maxProblems: number, note?: Diagnostic | null) => Diagnostic[];

export function diagnosticLists(ctx: ServerContext): DiagnosticsOf {
  const { host } = ctx;
  /**
   * What makes a unit's diagnostics when they are first asked for, kept with them. Made out here, as
   * it holds nothing but its arguments: a closure made inside `diagnosticsOf` kept that call's scope
   * (V8 shares it among the closures made there), and with it the whole analysis `da` of its
   * version, every section and the diagnostics they kept in turn, version after version (the 1 MB
   * bench file past 1 GB after 1,000 edits).
   */
  const diagnosticMaker = (uri: string, lines: Pick<Lines, 'position'>) => (f: Finding) => toDiagnostic(uri, lines, f, ctx.client.diagnosticClient);

  // Each section's diagnostics are converted (and encoded) once and kept with the section's
  // analysis (which is reused while its text is unchanged), placed at the section's line; when the
  // section moves, they are moved by the difference.
  const converted = new WeakMap<Analysis, { readonly key: string; line: number; run: EncodedRun<Diagnostic, Finding> }>();
  // `note`: what the document's name calls for (`nameCheck`), first.
  const diagnosticsOf = (uri: string, da: DocumentAnalysis, overrides: SeverityOverrides, maxProblems: number, note: Diagnostic | null = null): Diagnostic[] => {
    const documentKey = `${uri}\u0000${JSON.stringify(overrides)}\u0000${codeSetKey(da.fileSuppressed)}`;
    const runs: Array<EncodedRun<Diagnostic, Finding>> = [];
    for (let i = 0; i < da.units.length; i++) {
      const u = da.units[i]!;
      // Without what the other units define and the fixes beyond the unit, which only a finding's fixes read: they hold the whole
      // analysis `da`, and the findings kept here for the versions after it (as long as the unit's
      // text stays) held every older version's in turn.
      const { defines: _, beyond: __, ...outside } = outsideOf(da, i);
      // What from outside the unit decides what it shows: its header's suppressions, and an earlier piece's syntax error.
      const column = startColumn(da.text, u);
      const key = `${documentKey}${outside.header === null ? '' : `\u0000${codeSetKey(outside.header)}`}${outside.unreadableBefore ? '\u0000after an error' : ''}${column ? `\u0000column ${column}` : ''}`;
      let c = converted.get(u.analysis);
      if (c?.key !== key) {
        const lines = column ? shiftedFirstLine(u.analysis.lines, column) : u.analysis.lines;
        c = { key, line: 0, run: new EncodedRun(visibleFindings(u.analysis, overrides, outside), diagnosticMaker(uri, lines)) };
        converted.set(u.analysis, c);
      }
      if (c.line !== u.startLine) {
        const by = u.startLine - c.line;
        c.run = c.run.moved(by, shiftDiagnostic);
        c.line = u.startLine;
      }
      runs.push(c.run);
    }
    runs.push(new EncodedRun(crossFindingsShown(da, overrides), diagnosticMaker(uri, da.lines)));
    host.diagnosed?.();
    // With a note (a file named in other letter cases, seldom), the list is made whole to put it first.
    if (note) return [note, ...(capped(runs, maxProblems, (f) => SEVERITY[f.severity], 1) ?? concatRuns(runs))];
    return capped(runs, maxProblems, (f) => SEVERITY[f.severity]) ?? concatRuns(runs, host.encodesRuns);
  };
  return diagnosticsOf;
}
