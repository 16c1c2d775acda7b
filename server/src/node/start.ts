// Entry of dist/server.js: runs the language server (dist/server-main.js, see main.ts for its
// arguments), from a V8 code cache in the folder `--code-cache=<folder>` names, if given: the VS Code
// extension names one in its own storage (see codeCache.ts for why only such a folder).
import path from 'node:path';
import { runWithCodeCache } from './codeCache';

const MAIN = path.join(__dirname, 'server-main.js');
const folder = process.argv.find((a) => a.startsWith('--code-cache='))?.slice('--code-cache='.length);
if (folder) runWithCodeCache(MAIN, folder, 'server-');
else require(MAIN);
