// Entry of dist/cli.js, the `mars-toml` program: runs the checker (dist/cli-main.js, see main.ts)
// from a V8 code cache in the user's cache folder, as the server runs from the extension's (see
// ../node/codeCache.ts). Most of a run on a typical mars.toml is Node's start and compiling the
// checker's functions; from the cache, only the start. The first check writes it.
import path from 'node:path';
import { runWithCodeCache, userCacheFolder } from '../node/codeCache';

const MAIN = path.join(__dirname, 'cli-main.js');
const folder = userCacheFolder();
if (folder) runWithCodeCache(MAIN, folder, 'cli-');
else require(MAIN);
