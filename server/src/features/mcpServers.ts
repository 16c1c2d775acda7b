// MCP server names a workspace declares (`mcp/<name>/mcp.toml`), for completion inside `mcp(`.
// Pure: the server does the file IO and hands the results here.

import { parseToolName } from '../grammar/toolName';
import { rustTrim } from '../grammar/text';
import { parseToml } from '../toml/parse';

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

/** The root `name = "…"` of an `mcp.toml`, or null when it has none. Never throws. */
export function mcpManifestName(text: string): string | null {
  const root = parseToml(text).sections[0];
  if (!root || root.header) return null;
  for (const kv of root.entries) {
    if (kv.key.parts.length === 1 && kv.key.parts[0]!.name === 'name' && kv.value?.kind === 'string' && kv.value.terminated) return kv.value.value;
  }
  return null;
}
