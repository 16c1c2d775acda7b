// Code actions (the eslint model): each fix of a diagnostic as a quick fix, one preferred where it
// is clear; "fix all of this kind"; suppress for this entry; and the file-wide `source.fixAll.mars`.
// Every edit names the document version it was computed against.

import { type CodeAction, CodeActionKind, type CodeActionContext, type Range } from 'vscode-languageserver';
import { fixAllEdits, visibleFindings, type Analysis } from '../analysis/analyze';
import { isCode, type SeverityOverrides } from '../analysis/codes';
import { suppressEdit } from '../analysis/suppress';
import { action, toRange, versionedEdit } from '../lsp/convert';
import { FIX_ALL_KIND } from '../protocol';

const sameRange = (a: Range, b: Range) =>
  a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;

function wants(only: readonly string[] | undefined, kind: string): boolean {
  return !only || only.some((o) => kind === o || kind.startsWith(`${o}.`));
}

export function codeActions(uri: string, version: number, analysis: Analysis, overrides: SeverityOverrides, context: CodeActionContext): CodeAction[] {
  const out: CodeAction[] = [];
  const only = context.only;
  const { lines } = analysis;
  const visible = visibleFindings(analysis, overrides);
  if (wants(only, CodeActionKind.QuickFix)) {
    const fixAllOffered = new Set<string>();
    for (const d of context.diagnostics) {
      if (d.source !== 'mars' || typeof d.code !== 'string' || !isCode(d.code)) continue;
      const code = d.code;
      const f = visible.find((x) => x.code === code && sameRange(toRange(lines, x.span), d.range));
      if (!f) continue;
      for (const fix of f.fixes) {
        out.push(action(fix.title, CodeActionKind.QuickFix, versionedEdit(uri, version, lines, fix.edits), [d], fix.preferred));
      }
      const sameKind = visible.filter((x) => x.code === code && x.fixes.some((fx) => fx.safe));
      if (sameKind.length > 1 && !fixAllOffered.has(code)) {
        fixAllOffered.add(code);
        const edits = fixAllEdits(analysis, overrides, code);
        if (edits.length > 0) out.push(action(`Fix all \`${code}\` problems in this file`, CodeActionKind.QuickFix, versionedEdit(uri, version, lines, edits), [d]));
      }
      if (code !== 'toml-syntax') {
        const edit = suppressEdit(analysis.doc, lines, analysis.suppressions, code, lines.position(f.span.start).line);
        out.push(action(`Disable \`${code}\` for this entry`, CodeActionKind.QuickFix, versionedEdit(uri, version, lines, [edit]), [d]));
      }
    }
  }
  if (wants(only, FIX_ALL_KIND) && visible.some((f) => f.fixes.some((x) => x.safe))) {
    const edits = fixAllEdits(analysis, overrides);
    if (edits.length > 0) out.push(action('Fix all Mars problems in this file', FIX_ALL_KIND, versionedEdit(uri, version, lines, edits)));
  }
  return out;
}
