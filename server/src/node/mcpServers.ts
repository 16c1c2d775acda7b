// The MCP servers a project declares: `mcp/<name>/mcp.toml` beside its mars.toml (and at each
// workspace folder's root), named by the file's `name =` field, else by the folder. Node IO,
// kept out of the server core; results are cached for a few seconds, since completion asks often.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';

const TTL_MS = 5000;
const cache = new Map<string, { at: number; names: string[] }>();

function serversIn(root: string): string[] {
  const hit = cache.get(root);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.names;
  const names: string[] = [];
  let dirs: fs.Dirent[] = [];
  try {
    dirs = fs.readdirSync(path.join(root, 'mcp'), { withFileTypes: true });
  } catch {
    // no mcp/ folder
  }
  for (const d of dirs) {
    if (!d.isDirectory()) continue;
    const file = path.join(root, 'mcp', d.name, 'mcp.toml');
    let name: string | null = null;
    try {
      const text = fs.readFileSync(file, 'utf8');
      try {
        const declared = (parse(text) as { name?: unknown }).name;
        name = typeof declared === 'string' && declared.trim() !== '' ? declared.trim() : d.name;
      } catch {
        name = d.name; // a broken mcp.toml still names its folder
      }
    } catch {
      continue; // a folder without mcp.toml is not a server
    }
    names.push(name);
  }
  const unique = [...new Set(names)].sort();
  cache.set(root, { at: Date.now(), names: unique });
  return unique;
}

/** Server names for a document: from its own folder and from the workspace folders. */
export function mcpServersFor(documentUri: string, workspaceFolders: readonly string[]): string[] {
  const roots: string[] = [];
  if (documentUri.startsWith('file:')) roots.push(path.dirname(fileURLToPath(documentUri)));
  for (const f of workspaceFolders) if (f.startsWith('file:')) roots.push(fileURLToPath(f));
  return [...new Set(roots.flatMap(serversIn))].sort();
}
