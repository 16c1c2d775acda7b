// The MCP servers a project declares: `mcp/<name>/mcp.toml` beside its mars.toml (and at each
// workspace folder's root), named by the file's `name =` field, else by the folder, and where it is. Node IO,
// kept out of the server core.

import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { mcpManifestName, type McpManifest } from '../features/mcpServers';
import { LineIndex, positionsOf } from '../toml/lineIndex';
import { rustTrim } from '../grammar/text';
import { localPath } from './fileName';

const TTL_MS = 5000;
const MAX_MANIFEST_BYTES = 1 << 20;
const START = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

// How long manifests are read before the server answers what else has come in: a project may
// declare thousands. (Each read is small; reading them all at once through fs.promises is 3-5
// times slower: 0.6-1.2 s for 5,000, against 0.1-0.25 s.)
const READ_SLICE_MS = 10;

/** The manifests under `root`'s `mcp/` folder. */
async function readServers(root: string): Promise<McpManifest[]> {
  let dirs: fs.Dirent[] = [];
  try {
    dirs = fs.readdirSync(path.join(root, 'mcp'), { withFileTypes: true });
  } catch {
    // no mcp/ folder
  }
  const manifests: McpManifest[] = [];
  let since = performance.now();
  for (const d of dirs) {
    if (performance.now() - since > READ_SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      since = performance.now();
    }
    // A folder, or a link to one (a file named here has no mcp.toml below it, and is passed over).
    const m = d.isDirectory() || d.isSymbolicLink() ? readServer(root, d.name) : null;
    if (m) manifests.push(m);
  }
  return manifests;
}

function readServer(root: string, folder: string): McpManifest | null {
  const file = path.join(root, 'mcp', folder, 'mcp.toml');
  let text: string;
  try {
    // A regular file only, and not a huge one: a FIFO (or a link to /dev/zero) would block the
    // server in the read, and every request with it.
    const stat = fs.statSync(file);
    if (!stat.isFile() || stat.size > MAX_MANIFEST_BYTES) return null;
    // Without a byte order mark, which an editor leaves out of the text it shows: positions are in that text.
    text = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  } catch {
    return null; // a folder without mcp.toml is not a server
  }
  // A broken or nameless mcp.toml still names its folder. A name is trimmed as Mars reads one
  // back in `mcp(name)` (Rust's trim, which keeps a U+FEFF).
  const named = mcpManifestName(text);
  const name = named ? rustTrim(named.name) : '';
  const uri = pathToFileURL(file).href;
  return named && name ? { name, uri, range: positionsOf(new LineIndex(text), named.span) } : { name: rustTrim(folder), uri, range: START };
}

/**
 * The servers of each root, kept for a few seconds (completion asks on every keystroke). Once they
 * are older, `'soon'` answers with them at once and reads them again for the next request (typing
 * never waits on the disk), and `'fresh'` waits for that read (go to definition opens a file, which
 * must still be there). One read of a root at a time. `forget`, when the client's file watcher
 * tells of a change: every request after it waits for a read begun after it (a server just added
 * is offered at once, a manifest just deleted is no definition).
 */
export function manifestCache(ttlMs = TTL_MS, now = Date.now, read = readServers) {
  const cache = new Map<string, { at: number; manifests: McpManifest[] }>();
  const reading = new Map<string, Promise<McpManifest[]>>();
  // A read begun before a `forget` may have seen the files as they were: it answers its own callers but is not kept.
  let generation = 0;
  const reread = (root: string) => {
    let r = reading.get(root);
    if (!r) {
      const at = now();
      const mine = generation;
      r = read(root).then((manifests) => {
        if (mine === generation) cache.set(root, { at, manifests });
        return manifests;
      }).finally(() => {
        if (reading.get(root) === r) reading.delete(root);
      });
      reading.set(root, r);
      // A read that fails leaves the list as it was; unawaited (completion answers without it), its
      // rejection would end the process.
      r.catch(() => undefined);
    }
    return r;
  };
  const servers = async (root: string, want: 'soon' | 'fresh'): Promise<McpManifest[]> => {
    const hit = cache.get(root);
    if (hit && now() - hit.at < ttlMs) return hit.manifests;
    const r = reread(root);
    return hit && want === 'soon' ? hit.manifests : r;
  };
  const forget = () => {
    generation++;
    cache.clear();
    reading.clear();
  };
  return Object.assign(servers, { forget });
}

const serversIn = manifestCache();

/** Files under an `mcp/` folder were created, changed or deleted: the manifests are read again when next asked for. */
export function mcpServersChanged(): void {
  serversIn.forget();
}

/** The MCP servers declared for a document: in its own folder and at the workspace folders' roots. */
export async function mcpServersFor(documentUri: string, workspaceFolders: readonly string[], want: 'soon' | 'fresh'): Promise<McpManifest[]> {
  const roots: string[] = [];
  const doc = localPath(documentUri);
  if (doc) roots.push(path.dirname(doc));
  for (const f of workspaceFolders) {
    const folder = localPath(f);
    if (folder) roots.push(folder);
  }
  // By real path, so `/ws`, `/ws/` and a link to it are one root, read once (one file found twice
  // would make go to definition a list to pick from).
  return (await Promise.all([...new Set(roots.map(realPath))].map((root) => serversIn(root, want)))).flat();
}

function realPath(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}
