// MCP servers a workspace declares (`mcp/<name>/mcp.toml`), for completion inside `mcp(` and
// go to definition on an `mcp(server)` entry (or Claude's `mcp__server__tool`).
// Pure: the server does the file IO and hands the results here.

import { parseToolName, type ParseResult } from '../grammar/toolName';
import { rustTrim } from '../grammar/text';
import { mcpWireRewrite } from '../grammar/checks';
import { parseToml } from '../toml/parse';
import { sectionStartsFrom } from '../toml/split';
import type { Position, Range } from 'vscode-languageserver';
import type { Analysis } from '../analysis/analyze';
import { positionsOf } from '../toml/lineIndex';
import type { KeyPart, Span } from '../toml/model';
import { keyContentSpan } from '../analysis/places';
import { entryAt, extraKeyAt, onSpan } from './context';
import { shownSpan } from '../toml/stringPositions';
import { wouldBeEntryAt } from './hover';

/**
 * The server names worth offering (one per manifest): trimmed, only names Mars reads back as
 * exactly that server in `mcp(name)`, without duplicates, sorted.
 */
export function mcpServerNames(names: readonly string[]): string[] {
  const out = new Set<string>();
  for (const name of names) {
    const trimmed = rustTrim(name);
    if (trimmed === '' || trimmed === '*') continue;
    const back = parseToolName(`mcp(${trimmed})`);
    if (back.ok && back.name.kind === 'mcp' && back.name.mcp.server === trimmed && back.name.mcp.tool === '*') out.add(trimmed);
  }
  return [...out].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The root `name = "…"` of an `mcp.toml`, with the span of its text (inside the quotes), or null when it has none. Never throws. */
export function mcpManifestName(text: string): { name: string; span: Span } | null {
  // Only the root table is read: the tables below it can be long, and never hold the name.
  const root = parseToml(text.slice(0, sectionStartsFrom(text, 0, () => true)[1])).sections[0];
  if (!root || root.header) return null;
  for (const kv of root.entries) {
    if (kv.key.parts.length === 1 && kv.key.parts[0]!.name === 'name' && kv.value?.kind === 'string' && kv.value.terminated) return { name: kv.value.value, span: shownSpan(text, kv.value) };
  }
  return null;
}

/**
 * What a file watcher is asked to tell of: an `mcp/` folder, a server's folder in it, and its
 * manifest (a folder deleted is told of as the folder alone, not each file in it).
 */
export const MANIFEST_GLOBS = ['**/mcp', '**/mcp/*', '**/mcp/*/mcp.toml'] as const;

/** Whether a file event's URI is one of those (a client may tell of every file it watches). */
export function touchesManifests(uri: unknown): boolean {
  if (typeof uri !== 'string') return false;
  const parts = uri.replace(/[?#].*$/, '').split('/');
  const at = (i: number) => parts[parts.length - i];
  return at(1) === 'mcp' || at(2) === 'mcp' || (at(1) === 'mcp.toml' && at(3) === 'mcp');
}

/** An MCP server a workspace declares: its name, and where (the manifest, and its `name` or the file's start). */
export interface McpManifest {
  readonly name: string;
  readonly uri: string;
  readonly range: Range;
}

/**
 * The server an `mcp(server)` or `mcp(server/tool)` entry at `position` names (or a map-form key,
 * `"mcp(github)" = "allow"`, in a tools table or one Mars reads none from, or a string hover describes as the entry it would be, `allowed =
 * "mcp(github)"`), and the range hover gives it; null elsewhere. Claude's wire spelling
 * (`mcp__github__get_issue`, an entry or a key) names the server its portable spelling does, which
 * its fix writes (`mcpWireRewrite`): to Mars an unknown tool, but the user meant the server.
 */
export function mcpServerAt(analysis: Analysis, position: Position): { server: string; range: Range } | null {
  const offset = analysis.lines.offset(position);
  const named = (): { raw: string; parse: ParseResult; span: Span } | null => {
    const p = entryAt(analysis, offset);
    if (p) return { raw: p.raw, parse: p.parse, span: shownSpan(analysis.doc.text, p.entry.string) };
    const wouldBe = wouldBeEntryAt(analysis, offset);
    if (wouldBe) return { raw: wouldBe.raw, parse: parseToolName(wouldBe.raw), span: wouldBe.span ?? shownSpan(analysis.doc.text, wouldBe.str) };
    const extra = extraKeyAt(analysis, offset);
    // A map-form rule's key where Mars reads no rule (`[agents.x.permission]` then `"mcp__github__x" = "allow"`, OpenCode's
    // root `[permission]`): meant for a tools table, where the key names the server; hover describes it, not the key.
    const key = extra?.name ?? ruleKeyAt(analysis, offset);
    return key ? { raw: key.name, parse: parseToolName(key.name), span: keyContentSpan(analysis.doc.text, key.span) } : null;
  };
  const at = named();
  if (!at) return null;
  const portable = at.parse.ok && at.parse.name.kind === 'unknown' ? mcpWireRewrite(at.raw) : null;
  const parse = portable === null ? at.parse : parseToolName(portable);
  if (!parse.ok || parse.name.kind !== 'mcp' || parse.name.mcp.server === '*') return null;
  return { server: parse.name.mcp.server, range: positionsOf(analysis.lines, at.span) };
}

/** The tool's key of a map-form rule in a table Mars reads no tool list from, misplaced or of no owner, under the cursor. */
function ruleKeyAt(analysis: Analysis, offset: number): KeyPart | undefined {
  const { misplaced, unowned } = analysis.policies;
  return [...misplaced, ...unowned].find((m) => m.rule && onSpan(analysis, m.key.span, offset, false))?.key;
}

/** The manifests of `server` (names come trimmed as Mars reads them back), each file once. */
export function manifestsOf(manifests: readonly McpManifest[], server: string): McpManifest[] {
  const seen = new Set<string>();
  return manifests.filter((m) => m.name === server && !seen.has(m.uri) && !!seen.add(m.uri));
}
