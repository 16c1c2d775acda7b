// The published shape of one parse, as in shared/conformance/tool-names.jsonl.

import { capabilityOf, ERROR_ALLOWED, parseToolName, render } from './toolName';

export type ParseRecord =
  | { input: string; ok: true; kind: string; capability: string; pattern: string | null; mcp: string | null; rendered: string }
  | { input: string; ok: false; error: string; allowed: string };

export function parseRecord(input: string): ParseRecord {
  const result = parseToolName(input);
  if (!result.ok) return { input, ok: false, error: result.error, allowed: ERROR_ALLOWED[result.error] };
  const name = result.name;
  return {
    input,
    ok: true,
    kind: name.kind,
    capability: capabilityOf(name),
    pattern: name.kind === 'builtin' || name.kind === 'unknown' ? name.pattern : null,
    mcp: name.kind === 'mcp' ? `${name.mcp.server}/${name.mcp.tool}` : null,
    rendered: render(name),
  };
}

/** JSON with control characters written `\u00XX`, as the conformance file writes them. */
export function toJsonLine(value: unknown): string {
  // An escaped backslash is taken whole first, so the `\n` of `C:\\new` is not read as an escape.
  return JSON.stringify(value).replace(/\\\\|\\[tnbfr]|[\u0000-\u001f\u007f]/g, (m) => {
    if (m === '\\\\') return m;
    const c = m.length === 2 ? { t: 9, n: 10, b: 8, f: 12, r: 13 }[m[1] as 't' | 'n' | 'b' | 'f' | 'r'] : m.charCodeAt(0);
    return `\\u${c.toString(16).padStart(4, '0')}`;
  });
}
