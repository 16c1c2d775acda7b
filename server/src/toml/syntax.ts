// TOML syntax errors. The verdict comes from smol-toml (a well-kept, spec-tested parser), run on
// each section alone, so an error in one section cannot hide another section's (and the document
// analysis re-checks only the sections an edit touched). What a per-section check cannot see, a
// table defined twice across sections, is checked on the positional model (`tableRedefinitions`).

import { parse as smolParse } from 'smol-toml';
import type { Section, Span, SyntaxProblem, TomlDocument } from './model';
import { LineIndex } from './lineIndex';

interface SectionVerdict {
  /** Offset relative to the section's start, and the message; null when the section is valid. */
  readonly error: { readonly offset: number; readonly message: string } | null;
}

/** smol-toml's verdict on each section of the document, placed in the document. */
export function syntaxProblems(doc: TomlDocument): SyntaxProblem[] {
  const problems: SyntaxProblem[] = [];
  for (const section of doc.sections) {
    let start = section.span.start;
    if (start === 0 && doc.text.charCodeAt(0) === 0xfeff) start = 1;
    const verdict = checkSection(doc.text.slice(start, section.span.end));
    if (verdict.error) problems.push({ span: errorSpan(doc.text, start + verdict.error.offset), message: verdict.error.message });
  }
  return problems;
}

function checkSection(text: string): SectionVerdict {
  try {
    smolParse(text);
    return { error: null };
  } catch (e) {
    const err = e as { line?: number; column?: number; message?: string };
    const message = cleanMessage(String(err.message ?? e));
    if (typeof err.line !== 'number' || typeof err.column !== 'number') return { error: { offset: 0, message } };
    const index = new LineIndex(text);
    return { error: { offset: index.offset({ line: err.line - 1, character: err.column - 1 }), message } };
  }
}

function cleanMessage(message: string): string {
  const first = message.split('\n')[0]!.replace(/^Invalid TOML document:\s*/, '').trim();
  return `TOML syntax error: ${first || 'invalid document'}`;
}

// One character at the error; at a line's end or the text's end (an unterminated string, an
// unclosed list), the last character before it, so the squiggle shows where the thing was left open.
function errorSpan(text: string, at: number): Span {
  const c = text.charCodeAt(at);
  if (at < text.length && c !== 10 && c !== 13) return { start: at, end: at + 1 };
  let end = at;
  while (end > 0 && /\s/.test(text[end - 1]!)) end--;
  return end > 0 ? { start: end - 1, end } : { start: at, end: at };
}

/** What one section defines: its header's table and the paths its key/values define. */
export interface SectionDefinitions {
  /** The header's path joined by NUL, for a standard `[table]` (null for the root and `[[x]]`). */
  readonly table: string | null;
  readonly header: { readonly names: readonly string[]; readonly span: Span } | null;
  /** Every path a key/value defines, dotted prefixes included. */
  readonly keys: readonly string[];
}

export function sectionDefinitions(section: Section): SectionDefinitions {
  const names = section.header ? section.header.key.parts.map((p) => p.name) : [];
  const base = names.join('\u0000');
  const keys: string[] = [];
  if (!section.header?.array) {
    // Each [[x]] element is a fresh table: its keys cannot clash with another element's.
    for (const kv of section.entries) {
      let path = base;
      for (const part of kv.key.parts) {
        path = path === '' && names.length === 0 ? part.name : `${path}\u0000${part.name}`;
        keys.push(path);
      }
    }
  }
  const standard = section.header !== null && !section.header.array;
  return { table: standard ? base : null, header: standard ? { names, span: section.header!.span } : null, keys };
}

/**
 * `[a.b]` twice, or a header for a table that a key/value already defined: what no section can see
 * on its own. Sections may come from separately parsed texts, each placed at its `base` offset.
 */
export function tableRedefinitions(placed: Iterable<{ readonly defs: SectionDefinitions; readonly base: number }>): SyntaxProblem[] {
  const problems: SyntaxProblem[] = [];
  const headers = new Set<string>();
  const keyDefined = new Set<string>();
  for (const { defs, base } of placed) {
    if (defs.table !== null && defs.header) {
      const span = { start: defs.header.span.start + base, end: defs.header.span.end + base };
      if (headers.has(defs.table)) problems.push({ span, message: `TOML syntax error: table [${dotted(defs.header.names)}] is defined twice` });
      else if (keyDefined.has(defs.table)) problems.push({ span, message: `TOML syntax error: [${dotted(defs.header.names)}] was already defined by a key/value` });
      headers.add(defs.table);
    }
    for (const k of defs.keys) keyDefined.add(k);
  }
  return problems;
}

function dotted(path: readonly string[]): string {
  return path.map((p) => (/^[A-Za-z0-9_-]+$/.test(p) ? p : JSON.stringify(p))).join('.');
}
