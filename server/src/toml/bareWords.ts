// Words written bare where a value goes (`[read, edit]`, `tools = Read, Grep`): which are names meant in
// quotes, and which may be meant bare (a boolean, a number, nothing), as the fixes that quote them ask.

import { editDistance } from '../grammar/checks';

/** A name as a tool, a model or a path is written: letters, digits and `_.-/*:@+~`, a pattern in parentheses at its end (`bash(git log *)`). */
export const NAME = /^[\p{L}_][\p{L}\p{N}_.\/*:@+~-]*(?:\([^()\\"'\r\n]*\))?$/u;

/** What TOML (or YAML, JSON) writes bare for a boolean, a number or nothing: such a word is not text meant in quotes. */
const KEYWORD = /^(?:true|false|yes|no|on|off|null|nil|none|nan|inf|infinity|undefined)$/i;

/** Whether `word` is one edit (a letter added, dropped, changed, two swapped) from `true` or `false`, in any case: `tru`, `flase`, `Ture`. */
const likeBoolean = (word: string): boolean => ['true', 'false'].some((b) => editDistance(word.toLowerCase(), b, 1) <= 1);

/** Whether `word` may be meant bare: a boolean (`tru`, `True`, `yes`), a number (`NaN`) or nothing (`null`). */
export const meantBare = (word: string): boolean => KEYWORD.test(word) || likeBoolean(word);

/** Whether `word` is a name meant in quotes: a `NAME`, not what may be meant bare. */
export const quotableName = (word: string): boolean => word.length <= 40 && NAME.test(word) && !meantBare(word);
