// The MCP servers a project declares: `mcp/<name>/mcp.toml` beside its mars.toml (and at each
// workspace folder's root), named by the file's `name =` field, else by the folder. Node IO,
// kept out of the server core; results are cached for a few seconds, since completion asks often.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mcpManifestName } from '../features/mcpServers';

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
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue; // a folder without mcp.toml is not a server
    }
    // A broken or nameless mcp.toml still names its folder.
    const name = mcpManifestName(text)?.trim() || d.name;
    names.push(name);
  }
  cache.set(root, { at: Date.now(), names });
  return names;
}

/** Server names for a document: from its own folder and from the workspace folders (completion cleans and sorts them). */
export function mcpServersFor(documentUri: string, workspaceFolders: readonly string[]): string[] {
  const roots: string[] = [];
  const doc = localPath(documentUri);
  if (doc) roots.push(path.dirname(doc));
  for (const f of workspaceFolders) {
    const folder = localPath(f);
    if (folder) roots.push(folder);
  }
  return [...new Set(roots)].flatMap(serversIn);
}

/** The local path of a `file:` URI; null for another scheme and for what this OS cannot open (`file://host/…`, an encoded `/`). */
function localPath(uri: string): string | null {
  if (!uri.startsWith('file:')) return null;
  try {
    return fileURLToPath(uri);
  } catch {
    return null;
  }
}
