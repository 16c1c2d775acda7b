// What Mars makes of a file named as one of its own in other letter cases (`Mars.toml`), in words:
// the checker's messages (cli/check.ts `seenSaid`) and the editor's (features/fileName.ts) say it
// alike. Mars opens its files by their exact names, so a file system that does not tell upper and
// lower case apart (macOS's and Windows' by default) gives it `Mars.toml`, and one that does (Linux's,
// and so most CI) does not.

import { FILE_NAMES } from '../protocol';

/** Why Mars does not read such a file where the file system tells case apart, and what to do (`it`: the file or files). */
export const notReadWhy = (it: string): string => `Mars opens ${FILE_NAMES.join(' and ')} by those exact names, and this file system tells upper and lower case apart: rename ${it}`;

/** That Mars reads such a file here, where the file system does not tell case apart, but would not elsewhere. */
export const readHere = (it: string): string => `Mars reads ${it} here, as this file system does not tell upper and lower case apart, but not on one that does (Linux's): rename ${it}`;

/** Where it is not known what file system the file is on (a browser's, a new file's): read on some, not on others. */
export const readWhere = (it: string): string => `Mars opens ${FILE_NAMES.join(' and ')} by those exact names, and reads ${it} only where the file system does not tell upper and lower case apart (macOS's and Windows' by default), not where it does (Linux's): rename ${it}`;
