// Entry of dist/cli.js, the `mars-toml` program: says a check again from the results kept in the
// user's cache folder when its files have not changed (resultCache.ts), else runs the checker
// (dist/cli-main.js, see main.ts) from a V8 code cache in that folder, as the server runs from the
// extension's (see ../node/codeCache.ts). Most of a run on a typical mars.toml is Node's start and
// compiling the checker's functions; from the code cache, only the start. The first check writes it.
import path from 'node:path';
import { ownFolder, runWithCodeCache, userCacheFolder } from '../node/codeCache';
import { keptResult } from './resultCache';

const MAIN = path.join(__dirname, 'cli-main.js');
const folder = userCacheFolder();
const kept = folder && ownFolder(folder) ? keptResult(folder, MAIN, process.argv.slice(2)) : undefined;
if (!kept?.replay()) {
  kept?.record();
  if (folder) runWithCodeCache(MAIN, folder, 'cli-');
  else require(MAIN);
}
