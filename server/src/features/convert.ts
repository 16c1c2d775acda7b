// Plain analysis data -> LSP types. Offsets become (line, UTF-16 character) through the line index.

import {
  type CodeAction, CodeActionKind, type Diagnostic, DiagnosticSeverity, DiagnosticTag, type Position, type Range, type TextEdit, type WorkspaceEdit,
} from 'vscode-languageserver';
import { marksInert, type Severity } from '../analysis/codes';
import type { Edit } from '../analysis/edits';
import type { Finding } from '../analysis/findings';
import { DIAGNOSTIC_SOURCE } from '../protocol';
import { positionsOf, type Lines } from '../toml/lineIndex';

export const SEVERITY: Readonly<Record<Severity, DiagnosticSeverity>> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** What a client shows of a diagnostic besides its range, severity, code and message. */
export interface DiagnosticClient {
  /** Related information (else it is left out of the message). */
  readonly related: boolean;
  /** The tag `Unnecessary` (text shown faded). */
  readonly unnecessary: boolean;
}

const EVERY_PART: DiagnosticClient = { related: true, unnecessary: true };

export function toDiagnostic(uri: string, lines: Pick<Lines, 'position'>, f: Finding, client: DiagnosticClient = EVERY_PART): Diagnostic {
  const d: Diagnostic = { range: positionsOf(lines, f.span), severity: SEVERITY[f.severity], code: f.code, source: DIAGNOSTIC_SOURCE, message: f.message };
  if (f.related && client.related) d.relatedInformation = f.related.map((r) => ({ location: { uri, range: positionsOf(lines, r.span) }, message: r.message }));
  if (client.unnecessary && marksInert(f.code)) d.tags = [DiagnosticTag.Unnecessary];
  return d;
}

export const isPosition = (p: unknown): p is Position =>
  typeof p === 'object' && p !== null && Number.isInteger((p as Record<string, unknown>).line) && Number.isInteger((p as Record<string, unknown>).character);

/** Whether a range a client sent is one (it may send anything). */
export const isRange = (r: unknown): r is Range =>
  typeof r === 'object' && r !== null && isPosition((r as Range).start) && isPosition((r as Range).end);

/**
 * Whether a position a request names is a place in a text of `lines`: of numbers not below 0, on a
 * line the text has. A character past its line's end is the line's end (LSP 3.17: it "defaults back
 * to the line length"; `Lines.offset` reads it so); a line past the last is no place (`Lines.offset`
 * would read it as the text's end, and an answer there would not be where it was asked).
 */
export const isPositionIn = (lines: Pick<Lines, 'lineCount'>, p: unknown): p is Position =>
  isPosition(p) && p.line >= 0 && p.character >= 0 && p.line < lines.lineCount;

/**
 * The same for a range: its start a place in the text, and its end one too, or the start of the
 * line after the last (LSP 3.17: a range that takes in a line's end ends at the next line's start).
 */
export const isRangeIn = (lines: Pick<Lines, 'lineCount'>, r: unknown): r is Range =>
  isRange(r) && isPositionIn(lines, r.start) && (r.end.line === lines.lineCount ? r.end.character === 0 : isPositionIn(lines, r.end));

function toTextEdits(lines: Lines, edits: readonly Edit[]): TextEdit[] {
  return edits.map((e) => ({ range: positionsOf(lines, e), newText: e.newText }));
}

/** A workspace edit against one version of one document, so it never lands on a newer text. */
export function versionedEdit(uri: string, version: number, lines: Lines, edits: readonly Edit[]): WorkspaceEdit {
  return { documentChanges: [{ textDocument: { uri, version }, edits: toTextEdits(lines, edits) }] };
}

/**
 * The same edit as `changes`, for a client that cannot take `documentChanges`: the version check
 * is lost, which is why `documentChanges` is used wherever the client takes it.
 */
export function withoutVersions(edit: WorkspaceEdit): WorkspaceEdit {
  const changes: NonNullable<WorkspaceEdit['changes']> = {};
  // One at a time: a fix-all of a big file has more edits than a call takes arguments (`push(...edits)` overflowed the stack).
  for (const c of edit.documentChanges ?? []) if ('edits' in c) for (const e of c.edits as TextEdit[]) (changes[c.textDocument.uri] ??= []).push(e);
  return { changes };
}

export function action(title: string, kind: CodeActionKind, edit: WorkspaceEdit, diagnostics?: Diagnostic[], isPreferred?: boolean): CodeAction {
  const a: CodeAction = { title, kind, edit };
  if (diagnostics) a.diagnostics = diagnostics;
  if (isPreferred) a.isPreferred = true;
  return a;
}
