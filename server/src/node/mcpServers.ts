// The MCP servers a project declares: `mcp/<name>/mcp.toml` beside its mars.toml (and at each
// workspace folder's root), named by the file's `name =` field, else by the folder, and where it is. Node IO,
// kept out of the server core; results are cached for a few seconds, since completion asks often.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mcpManifestName, type McpManifest } from '../features/mcpServers';
import { LineIndex, positionsOf } from '../toml/lineIndex';

const TTL_MS = 5000;
const cache = new Map<string, { at: number; manifests: McpManifest[] }>();
const START = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

function serversIn(root: string): McpManifest[] {
  const hit = cache.get(root);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.manifests;
  const manifests: McpManifest[] = [];
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
    const named = mcpManifestName(text);
    const name = named?.name.trim() || d.name;
    const range = named && named.name.trim() ? positionsOf(new LineIndex(text), named.span) : START;
    manifests.push({ name, uri: pathToFileURL(file).href, range });
  }
  cache.set(root, { at: Date.now(), manifests });
  return manifests;
}

/** The MCP servers declared for a document: in its own folder and at the workspace folders' roots. */
export function mcpServersFor(documentUri: string, workspaceFolders: readonly string[]): McpManifest[] {
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
