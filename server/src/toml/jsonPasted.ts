// A JSON object pasted where a key goes (Claude's `settings.json` whole, `{` ⏎ `"permissions": {` …): the dotted
// keys TOML writes its values under, in the table it was pasted in, as a YAML mapping pasted is written (yamlLists.ts).

import { quoted } from '../grammar/text';
import { lineStartAt } from './lineIndex';
import type { SyntaxProblem } from './model';
import { basicString } from './strings';
import { stringEndFrom } from './syntaxMessages';
import { newLineAt } from './yamlBlockText';

type Rewrite = NonNullable<SyntaxProblem['rewrite']>;

/** The most of a text a JSON object pasted is looked for in: a settings file's. */
const JSON_DOCUMENT_MAX = 100_000;

/**
 * The JSON object whose `{` is at `open`, where a key goes: its `}` found by matching braces outside strings, the
 * text between read by `JSON.parse`, each value written under its dotted key (`permissions.allow = ["Bash(npm
 * test)"]`), a line each, indented as the `{`. No guess: JSON reads it so. None where it is no JSON object, or
 * holds what TOML has no value for (`null`), or an empty key path.
 */
export function jsonDocument(text: string, open: number): Rewrite | null {
  const stop = Math.min(text.length, open + JSON_DOCUMENT_MAX);
  let depth = 0;
  let close = -1;
  for (let p = open; p < stop && close < 0; p++) {
    const c = text[p]!;
    if (c === '"') p = stringEndFrom(text, p);
    else if (c === '{' || c === '[') depth++;
    else if ((c === '}' || c === ']') && --depth === 0) close = p;
    if (p < 0) return null;
  }
  if (close < 0 || text[close] !== '}') return null;
  let read: unknown;
  try {
    read = JSON.parse(text.slice(open, close + 1));
  } catch {
    return null;
  }
  const lines: string[] = [];
  if (!dotted(read as Record<string, unknown>, '', lines) || lines.length === 0) return null;
  const indent = /^[ \t]*/.exec(text.slice(lineStartAt(text, open), open))![0];
  const newLine = newLineAt(text, open);
  const said = `${quoted(lines[0]!)}${lines.length > 1 ? ` and ${lines.length - 1} more` : ''}`;
  return { title: `Write the JSON object as TOML: ${said}`, span: { start: open, end: close + 1 }, newText: () => lines.join(`${newLine}${indent}`) };
}

/** Each value of `object` as `path.key = value` into `lines`, a nested object's below its key; false where one has none TOML writes. */
function dotted(object: Record<string, unknown>, path: string, lines: string[]): boolean {
  for (const [key, value] of Object.entries(object)) {
    const at = `${path}${/^[A-Za-z0-9_-]+$/.test(key) ? key : basicString(key)}`;
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0) {
      if (!dotted(value as Record<string, unknown>, `${at}.`, lines)) return false;
      continue;
    }
    const written = tomlValue(value);
    if (written === null) return false;
    lines.push(`${at} = ${written}`);
  }
  return true;
}

/** A JSON value as TOML writes it (a list in brackets, an object as an inline table); null for `null`, which TOML has no value for, or a number it may not hold. */
function tomlValue(value: unknown): string | null {
  if (typeof value === 'string') return basicString(value);
  if (typeof value === 'boolean') return String(value);
  // Not an integer past 2^53, which JSON.parse has rounded already (nor one past TOML's 64 bits).
  if (typeof value === 'number') return Number.isFinite(value) && (!Number.isInteger(value) || Number.isSafeInteger(value)) ? String(value) : null;
  if (Array.isArray(value)) {
    const items = value.map(tomlValue);
    return items.includes(null) ? null : `[${items.join(', ')}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => [k, tomlValue(v)] as const);
    if (entries.some(([, v]) => v === null)) return null;
    return entries.length === 0 ? '{}' : `{ ${entries.map(([k, v]) => `${/^[A-Za-z0-9_-]+$/.test(k) ? k : basicString(k)} = ${v}`).join(', ')} }`;
  }
  return null;
}
