// The MCP servers a project declares: `mcp/<name>/mcp.toml` beside its mars.toml (and at each
// workspace folder's root), named by the file's `name =` field, else by the folder, and where it is. Node IO,
// kept out of the server core; results are cached for a few seconds, since completion asks often.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mcpManifestName, type McpManifest } from '../features/mcpServers';
import { LineIndex, positionsOf } from '../toml/lineIndex';
import { rustTrim } from '../grammar/text';

const TTL_MS = 5000;
const MAX_MANIFEST_BYTES = 1 << 20;
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
    // A folder, or a link to one (a file named here has no mcp.toml below it, and is passed over).
    if (!d.isDirectory() && !d.isSymbolicLink()) continue;
    const file = path.join(root, 'mcp', d.name, 'mcp.toml');
    let text: string;
    try {
      // A regular file only, and not a huge one: a FIFO (or a link to /dev/zero) would block the
      // server in the read, and every request with it.
      const stat = fs.statSync(file);
      if (!stat.isFile() || stat.size > MAX_MANIFEST_BYTES) continue;
      // Without a byte order mark, which an editor leaves out of the text it shows: positions are in that text.
      text = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
    } catch {
      continue; // a folder without mcp.toml is not a server
    }
    // A broken or nameless mcp.toml still names its folder. A name is trimmed as Mars reads one
    // back in `mcp(name)` (Rust's trim, which keeps a U+FEFF).
    const named = mcpManifestName(text);
    const name = named ? rustTrim(named.name) : '';
    const uri = pathToFileURL(file).href;
    manifests.push(named && name ? { name, uri, range: positionsOf(new LineIndex(text), named.span) } : { name: rustTrim(d.name), uri, range: START });
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
  // By real path, so `/ws`, `/ws/` and a link to it are one root, read once (one file found twice
  // would make go to definition a list to pick from).
  return [...new Set(roots.map(realPath))].flatMap(serversIn);
}

function realPath(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
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
