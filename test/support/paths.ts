// Where the tests find the project and the shared reference material, from the bundled test file.
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from './tempDir';

function findRoot(start: string): string {
  let dir = start;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${start}`);
    dir = up;
  }
  return dir;
}

export const ROOT = findRoot(__dirname);
/** shared/ sits beside the checkout (../shared), in a session and in CI alike. */
export const SHARED = process.env.MARS_SHARED_DIR ?? path.resolve(ROOT, '../shared');
export const DIST = path.join(ROOT, 'dist');

// Every dist/cli.js a test spawns keeps its code cache (see server/src/cli/start.ts) in a folder of
// this test process's own, not in the user's ~/.cache: the first run writes it, the others run from it.
process.env.XDG_CACHE_HOME = tempDir('mars-test-cache-');
