// TOML syntax errors. The verdict comes from smol-toml (a well-kept, spec-tested parser), run on
// each section alone: an error in one section cannot hide another section's, and an edit only
// re-checks the section it touched (results are cached by section text). What a per-section check
// cannot see, a table defined twice across sections, is checked here on the positional model.

import { parse as smolParse } from 'smol-toml';
import type { Section, Span, SyntaxProblem, TomlDocument } from './model';
import { LineIndex } from './lineIndex';

interface SectionVerdict {
  /** Offset relative to the section's start, and the message; null when the section is valid. */
  readonly error: { readonly offset: number; readonly message: string } | null;
}

export class SyntaxChecker {
  private cache = new Map<string, SectionVerdict>();

  check(doc: TomlDocument): SyntaxProblem[] {
    const next = new Map<string, SectionVerdict>();
    const problems: SyntaxProblem[] = [];
    for (const section of doc.sections) {
      let start = section.span.start;
      if (start === 0 && doc.text.charCodeAt(0) === 0xfeff) start = 1;
      const text = doc.text.slice(start, section.span.end);
      const verdict = this.cache.get(text) ?? next.get(text) ?? checkSection(text);
      next.set(text, verdict);
      if (verdict.error) {
        const at = start + verdict.error.offset;
        problems.push({ span: errorSpan(doc.text, at), message: verdict.error.message });
      }
    }
    // Keep only what the current text uses, so the cache follows the document, not its history.
    this.cache = next;
    problems.push(...tableRedefinitions(doc.sections));
    return problems.sort((a, b) => a.span.start - b.span.start);
  }
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

// One character at the error, or the line's last character when the error is at the line's end
// (an unterminated string), so the squiggle shows.
function errorSpan(text: string, at: number): Span {
  const c = text.charCodeAt(at);
  if (at < text.length && c !== 10 && c !== 13) return { start: at, end: at + 1 };
  let start = at;
  while (start > 0 && text.charCodeAt(start - 1) !== 10 && text.charCodeAt(start - 1) !== 13) start--;
  return start < at ? { start: at - 1, end: at } : { start: at, end: at };
}

/** `[a.b]` twice, or a header for a table that a key/value already defined. */
function tableRedefinitions(sections: readonly Section[]): SyntaxProblem[] {
  const problems: SyntaxProblem[] = [];
  // Paths as keys joined by NUL, built a part at a time (a file has thousands of key/values).
  const headers = new Set<string>();
  const keyDefined = new Set<string>();
  for (const section of sections) {
    const names = section.header ? section.header.key.parts.map((p) => p.name) : [];
    const base = names.join('\u0000');
    if (section.header && !section.header.array) {
      if (headers.has(base)) problems.push({ span: section.header.span, message: `TOML syntax error: table [${dotted(names)}] is defined twice` });
      else if (keyDefined.has(base)) problems.push({ span: section.header.span, message: `TOML syntax error: [${dotted(names)}] was already defined by a key/value` });
      headers.add(base);
    }
    if (section.header?.array) continue; // each [[x]] element is a fresh table
    for (const kv of section.entries) {
      let path = base;
      for (const part of kv.key.parts) {
        path = path === '' && names.length === 0 ? part.name : `${path}\u0000${part.name}`;
        keyDefined.add(path);
      }
    }
  }
  return problems;
}

function dotted(path: readonly string[]): string {
  return path.map((p) => (/^[A-Za-z0-9_-]+$/.test(p) ? p : JSON.stringify(p))).join('.');
}
