// Mars's tool-name grammar, ported from `parse_mars_tool_name` (seeds/001, tool_names.rs) and
// checked against shared/conformance/tool-names.jsonl. Same results and errors on every input,
// quirks included: only ASCII letters fold, and `trim` is Rust's (Unicode White_Space), not JS's.

import { capabilityNamed, capabilityWithAlias } from './vocabulary';
import { asciiLower, eqIgnoreAsciiCase, quoted, rustTrim, rustTrimEnd, rustTrimStart } from './text';

export type ToolNameError = 'Empty' | 'InvalidMcpRef' | 'UnbalancedPattern' | 'EmptyPattern' | 'WildcardPattern';

/** Mars's `allowed` text for each error, verbatim. */
export const ERROR_ALLOWED: Readonly<Record<ToolNameError, string>> = {
  Empty: 'non-empty tool name; known tools use snake_case and scoped payloads use tool(pattern)',
  InvalidMcpRef:
    'valid mcp(server), mcp(server/tool), mcp(server/*), mcp(*/tool), or mcp(*/*) reference (* is the only wildcard; segments non-empty)',
  UnbalancedPattern: 'scoped payload written as tool(pattern) with a non-empty pattern',
  EmptyPattern: 'scoped payload written as tool(pattern) with a non-empty pattern',
  WildcardPattern: '`*` stands alone; it takes no pattern',
};

export interface McpRef {
  readonly server: string;
  /** `*` for every tool of the server. */
  readonly tool: string;
}

export type ToolName =
  | { readonly kind: 'any' }
  | { readonly kind: 'mcp'; readonly mcp: McpRef }
  | { readonly kind: 'builtin' | 'unknown'; readonly capability: string; readonly pattern: string | null };

export type ParseResult = { readonly ok: true; readonly name: ToolName } | { readonly ok: false; readonly error: ToolNameError };

/** Mars's error message for an entry it rejects, the entry quoted as messages quote one. */
export function errorMessage(raw: string, error: ToolNameError): string {
  return `invalid tool name ${quoted(raw)}; allowed: ${ERROR_ALLOWED[error]}`;
}

export function parseToolName(raw: string): ParseResult {
  const trimmed = rustTrim(raw);
  if (trimmed === '') return fail('Empty');
  const paren = trimmed.indexOf('(');
  const head = rustTrim(paren < 0 ? trimmed : trimmed.slice(0, paren));
  const payload = paren < 0 ? '' : trimmed.slice(paren);
  if (head === '') return fail('Empty');

  const mcp = parseMcpReference(head, payload);
  if (mcp) return { ok: true, name: { kind: 'mcp', mcp } };
  // `mcp` is only ever a reference: bare `mcp`, `MCP` or a malformed `mcp(...)` is an error.
  if (eqIgnoreAsciiCase(head, 'mcp')) return fail('InvalidMcpRef');

  const pattern = parsePattern(payload);
  if (pattern !== null && typeof pattern !== 'string') return pattern;

  if (head === '*') return pattern === null ? { ok: true, name: { kind: 'any' } } : fail('WildcardPattern');

  const { kind, capability } = canonicalizeHead(head);
  const normalized = pattern !== null && kind === 'builtin' && capability === 'bash' ? normalizeBashPattern(pattern) : pattern;
  return { ok: true, name: { kind, capability, pattern: normalized } };
}

/** The canonical spelling Mars writes for a parsed name (`bash(git log *)`, `mcp(github/*)`). */
export function render(name: ToolName): string {
  switch (name.kind) {
    case 'any':
      return '*';
    case 'mcp':
      return `mcp(${name.mcp.server}/${name.mcp.tool})`;
    default:
      return name.pattern === null ? name.capability : `${name.capability}(${name.pattern})`;
  }
}

/** The `capability` field Mars publishes: `*`, `mcp`, or the (canonical or unknown) name. */
export function capabilityOf(name: ToolName): string {
  return name.kind === 'any' ? '*' : name.kind === 'mcp' ? 'mcp' : name.capability;
}

/** Mars's `split_tool_name`: `head(payload)` at the first `(`. */
export function splitToolName(value: string): [head: string, payload: string] {
  const index = value.indexOf('(');
  return index < 0 ? [value, ''] : [value.slice(0, index), value.slice(index)];
}

/**
 * Where `value` splits at its commas outside a pattern's parentheses, as a comma-separated list of
 * tool names (Claude's form) reads it: `bash(git a, b), grep` is two names. Each piece as
 * [start, end) offsets, blanks kept; one piece for a value with no such comma.
 */
export function commaPieces(value: string): Array<{ readonly start: number; readonly end: number }> {
  const pieces: Array<{ start: number; end: number }> = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 0x28) depth++; // (
    else if (c === 0x29) depth = Math.max(0, depth - 1); // )
    else if (c === 0x2c && depth === 0) { // ,
      pieces.push({ start, end: i });
      start = i + 1;
    }
  }
  pieces.push({ start, end: value.length });
  return pieces;
}

/**
 * The names of a string written for a list as names between commas (`"read, edit"`), which the
 * shape's preferred fix makes the entries of a list (a comma inside a pattern's parentheses splits
 * nothing), each trimmed with where it is in the value; the empty ones between two commas or after
 * the last (`"read,,edit,"`) hold nothing and make no entry, as completion leaves them out. Null when
 * the fix makes one entry of it: no such comma, no name, or one Mars rejects.
 */
export function namesBetweenCommas(value: string): Array<{ readonly name: string; readonly start: number; readonly end: number }> | null {
  const pieces = commaPieces(value);
  if (pieces.length < 2) return null;
  const names = pieces.flatMap(({ start, end }) => {
    const piece = value.slice(start, end);
    const name = rustTrim(piece);
    return name === '' ? [] : [{ name, start: start + rustTrimStart(piece), end: start + rustTrimEnd(piece) }];
  });
  return names.length > 0 && names.every((n) => parseToolName(n.name).ok) ? names : null;
}

/** Mars's `is_mcp_wire_token`: a Claude-style `mcp__…` name (prefix matched ignoring ASCII case). */
export function isMcpWireToken(name: string): boolean {
  return eqIgnoreAsciiCase(rustTrim(name).slice(0, 5), 'mcp__');
}

function fail(error: ToolNameError): ParseResult {
  return { ok: false, error };
}

// `mcp(server)`, `mcp(server/tool)`: head `mcp` in any ASCII casing, segments trimmed and non-empty,
// at most one `/`, case kept. `mcp(server)` means `server/*`.
function parseMcpReference(head: string, payload: string): McpRef | null {
  if (!eqIgnoreAsciiCase(head, 'mcp')) return null;
  const inner = stripParens(rustTrim(payload));
  if (inner === null) return null;
  const segments = rustTrim(inner).split('/');
  if (segments.length > 2) return null;
  const server = rustTrim(segments[0]!);
  const tool = segments.length === 2 ? rustTrim(segments[1]!) : '*';
  return server === '' || tool === '' ? null : { server, tool };
}

function stripParens(payload: string): string | null {
  return payload.length >= 2 && payload.startsWith('(') && payload.endsWith(')') ? payload.slice(1, -1) : null;
}

function parsePattern(rawPayload: string): string | null | ParseResult {
  const payload = rustTrim(rawPayload);
  if (payload === '') return null;
  const inner = stripParens(payload);
  if (inner === null) return fail('UnbalancedPattern');
  const pattern = rustTrim(inner);
  return pattern === '' ? fail('EmptyPattern') : pattern;
}

// Claude's legacy `git log:*` and `git log *` mean the same; Mars writes only the space form, and
// only for bash (`read(./secrets:*)` keeps its colon, which is part of the path).
function normalizeBashPattern(pattern: string): string {
  return pattern.endsWith(':*') ? `${pattern.slice(0, -2)} *` : pattern;
}

function canonicalizeHead(head: string): { kind: 'builtin' | 'unknown'; capability: string } {
  if (isMcpWireToken(head)) return { kind: 'unknown', capability: head };
  const lower = asciiLower(head);
  const known = capabilityNamed(lower) ?? capabilityWithAlias(lower);
  if (known) return { kind: 'builtin', capability: known.name };
  if (head.includes('_') || isAllCaps(head)) return { kind: 'unknown', capability: lower };
  if (isMixedCase(head)) {
    const snake = pascalToSnake(head);
    const canonical = capabilityNamed(snake);
    return canonical ? { kind: 'builtin', capability: canonical.name } : { kind: 'unknown', capability: snake };
  }
  return { kind: 'unknown', capability: head };
}

const isUpper = (c: number) => c >= 65 && c <= 90;
const isLower = (c: number) => c >= 97 && c <= 122;

function isAllCaps(s: string): boolean {
  let hasUpper = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (isLower(c)) return false;
    if (isUpper(c)) hasUpper = true;
  }
  return hasUpper;
}

function isMixedCase(s: string): boolean {
  let upper = false;
  let lower = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    upper ||= isUpper(c);
    lower ||= isLower(c);
  }
  return upper && lower;
}

/** Mars's `pascal_to_snake`: `_` before every ASCII capital but a leading one, then lowercase it. */
export function pascalToSnake(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (isUpper(c)) out += (i > 0 ? '_' : '') + String.fromCharCode(c + 32);
    else out += s[i];
  }
  return out;
}
