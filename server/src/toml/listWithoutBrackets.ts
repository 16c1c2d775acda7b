// Values written where a list goes with no brackets around them (`allowed = "read", "grep"`, a syntax error
// smol-toml names at the comma): the list in brackets they read as, and what the text around them says.

import { parse as smolParse } from 'smol-toml';
import { inWords, quoted, uPlus } from '../grammar/text';
import { quotableName } from './bareWords';
import { lineEndAt, lineStartAt } from './lineIndex';
import type { KeyValue } from './model';
import { stringList } from './strings';
import { closedOrLineEnd, commentOrLineEnd, type Explained, KEY_LINE, nextKeyAt, onlyCommentsFrom, stringEndFrom, unreadKind } from './syntaxMessages';
import { BLANKS_AND_UNREAD, INVISIBLE, trimUnreadEnd, UNREAD_BLANK, unreadFixedAs } from './unreadBlanks';

/**
 * A comma after a statement's value, more values after it (`allowed = "read", "grep"`): the values
 * written, on the whole of them, as the list they read as in brackets; null where they read as none
 * (`"a", b`), or the value starts on a line above.
 */
export function valuesWithoutBrackets(text: string, entries: readonly KeyValue[], at: number, inline = false): Explained | null {
  const start = valueStartBefore(text, entries, at);
  return start < 0 ? null : valuesFrom(text, start, at, inline);
}

/**
 * A statement's value that is a bare name, a comma after it (`tools = Read, Grep`, Claude's `tools:`
 * line pasted), the error at `at` on that name: said and written as `valuesWithoutBrackets` says the
 * values after a string, the list in brackets with each name in quotes, not the first name alone in
 * quotes (`"Read", Grep`, still no value). Null where they read as no list.
 */
export function namesWithoutBrackets(text: string, at: number): Explained | null {
  return FIRST_NAME_THEN_COMMA.test(text.slice(at, lineEndAt(text, at))) ? valuesFrom(text, at, at, false, true) : null;
}

/** A name, a pattern in parentheses after it (`Bash(git log *)`), then a comma. */
const FIRST_NAME_THEN_COMMA = /^[^\s,()]+(?:\([^)]*\))?[ \t]*,/;

/** The values from `start` said as a list in brackets (`valuesWithoutBrackets`), or null; `asList`: its fix says the values it writes (see `SyntaxProblem`). */
function valuesFrom(text: string, start: number, at: number, inline: boolean, asList = false): Explained | null {
  const run = listWithoutBrackets(text, start, inline);
  // Not where the error is past them (in an inline table, on what follows them).
  if (!run || at > run.end + /^[ \t]*/.exec(text.slice(run.end))![0].length) return null;
  const commas = run.missing.length === 0 ? '' : `, with a comma after ${inWords(run.missing.map(quoted))}`;
  // No comma written between any of them (`description = "say" "hi"`): one string may have been meant, as other languages join strings side by side.
  const joined = run.missing.length === run.values.length - 1 ? ', or one string: TOML does not join strings written side by side' : '';
  const names = run.names.length === 0 ? '' : `, ${inWords(run.names.map(quoted))} in quotes`;
  const span = { start, end: run.end };
  // The list the message says, written as a guess (the values may have been meant otherwise: never preferred, nor in fix-all);
  // not where a quote may have been meant inside a string (`"read""grep"`), which the message says as the other reading.
  const rewrite = run.doubled === undefined ? { title: `Change to ${quoted(run.list)}`, span, newText: () => run.list, guess: true, ...(asList ? { asList: run.values } : {}) } : undefined;
  const write = run.joined ? 'write one list, its strings in one pair of brackets' : `write a list in brackets${commas}${names}`;
  return { message: `${quoted(text.slice(start, run.end))} is not a value TOML knows: ${write} (${quoted(run.list)})${joined}${unreadLeftOut(run.unread)}${quoteMeantInside(run.doubled)}`, span, ...(rewrite ? { rewrite } : {}) };
}

/** The advice for two strings with no blank between (`'it''s'`, see `commasBetweenStrings`), which may be one string with a quote meant inside it. */
const quoteMeantInside = (doubled: string | undefined): string =>
  doubled === undefined ? '' : meantInside(doubled[0]!, `a \`${doubled[0]}\` of ${quoted(doubled)}`);

/** What to write for a quote `q` (`"` or `'`), named by `which`, that may have been meant inside its string. */
export const meantInside = (q: string, which: string): string => q === '"'
  ? `. If ${which} was meant inside the string, write it \`\\"\`, or write the string between \`'\` quotes`
  : `. If ${which} was meant inside the string, write the string between \`"\` quotes (a \`'\` string cannot hold one)`;

/**
 * In an inline table, values with commas between them and no brackets, then its next key with no
 * comma before it (`{ allowed = "read", "grep" disallowed = [] }`), the error at that key, where
 * smol-toml read the last value as a key: both said (the list they make, the comma), on the values,
 * the key shown as related; not "expected `=`" after a value read as a key. No fix: which of the two
 * was meant is a guess only where both are needed.
 */
export function valuesBeforeKey(text: string, entries: readonly KeyValue[], at: number): Explained | null {
  const key = KEY_LINE.exec(text.slice(at, lineEndAt(text, at)))?.[0];
  // After a blank, or right after the last value's closing quote (`"grep"disallowed = []`): not inside a word.
  if (key === undefined || !/[ \t"']$/.test(text.slice(0, at))) return null;
  const start = valueStartBefore(text, entries, at);
  if (start < 0) return null;
  const token = trimUnreadEnd(text.slice(start, at).trimEnd());
  const { written, unread } = unreadOutsideStrings(token);
  const list = token.length <= 80 && !token.endsWith(',') ? bracketed(written) : null;
  if (list === null) return null;
  const name = key.slice(0, -1).trimEnd();
  return {
    message: `${quoted(token)} is not a value TOML knows: write a list in brackets (${quoted(list)}), and a comma before the table's next key, ${quoted(name)}${unreadLeftOut(unread)}`,
    span: { start, end: start + token.length },
    related: [{ span: { start: at, end: at + name.length }, message: 'a comma is missing before this key' }],
  };
}

/**
 * A `]` right after a statement's one value, its `[` not typed (`allowed = "read"]`, nothing but a
 * comment after it): the list meant, shown on the `]`, written over the value and the `]` as a guess
 * (the `]` may be stray: never preferred, nor in fix-all). Null where the error at `at` is no such `]`.
 */
export function valueThenCloser(text: string, entries: readonly KeyValue[], at: number): Explained | null {
  if (!listCloserAt(text, at, false)) return null;
  const start = valueStartBefore(text, entries, at);
  if (start < 0) return null;
  const value = text.slice(start, at).trimEnd();
  const list = `[${value}]`;
  // Not after a list (`[1]]`): a `]` typed twice, more likely than a list of a list.
  if (value.startsWith('[') || !readsAsValue(list)) return null;
  const span = { start, end: at + 1 };
  return {
    message: `this \`]\` closes no list: write its \`[\` before the value too (${quoted(list)})`,
    span: { start: at, end: at + 1 },
    rewrite: { title: `Change to ${quoted(list)}`, span, newText: () => list, guess: true },
  };
}

/**
 * Whether `at` holds a `]` typed after values whose `[` was not (`allowed = "read"]`): then nothing but
 * a comment follows it on its line, or in an inline table (`inline`) its `,` or `}`. The `]` is the
 * list's, which the list written in its place takes in (`listWithoutBrackets`, `valueThenCloser`).
 */
function listCloserAt(text: string, at: number, inline: boolean): boolean {
  if (text[at] !== ']') return false;
  const after = text.slice(at + 1, lineEndAt(text, at)).replace(BLANKS_AND_UNREAD, '');
  return inline ? /^[,}]/.test(after) : onlyCommentsFrom(after, 0);
}

/** Where the last value of `entries` on the line of `at` that ends before `at` starts, or -1. */
function valueStartBefore(text: string, entries: readonly KeyValue[], at: number): number {
  const lineStart = lineStartAt(text, at);
  let start = -1;
  for (const kv of entries) if (kv.value && kv.value.span.start >= lineStart && kv.value.span.end <= at) start = kv.value.span.start;
  return start;
}

/** What a list said in a message does with `unread`, what TOML does not read as a blank among the values it is made of (`listWithoutBrackets`). */
export function unreadLeftOut(unread: readonly string[]): string {
  if (unread.length === 0) return '';
  const invisible = unread.every((c) => INVISIBLE.test(c));
  const does = invisible ? 'the list leaves it out' : unread.some((c) => INVISIBLE.test(c)) ? 'the list has a space for white space and leaves out the invisible' : 'the list has a space in its place';
  const said = unread.length === 1
    ? `${unreadKind(unread[0]!, ' in it')} TOML does not read as a blank`
    : `${inWords(unread.map((c) => uPlus(c.codePointAt(0)!)))} in it are what TOML does not read as blanks`;
  return `; ${said} (its blanks are space and tab): ${does}`;
}

/**
 * The values from `start` to the end of its line (or a comment on it, or the `}` or `]` that closes
 * what they are in: `tools = { allowed = "read", "grep" }`; in an inline table, the comma before its
 * next key: `{ allowed = "read", "grep", disallowed = [] }`) with commas between them and no brackets
 * (`"read", "grep"`): where they end, the list in brackets they read as, and its values (the syntax
 * error's message and the fix that wraps a string value in a list say the same list). A comma missing
 * between two strings among them (`"read", "grep" "edit"`) is put in the list, as the fix of a list
 * in brackets puts it in (`["grep" "edit"]`): `missing` holds the strings it goes after. Where no
 * comma is written between any of them, only strings with blanks between (`"read" "grep"`): the list
 * of them too, every comma missing, as in a list in brackets; not strings with no blank between
 * (`'it''s'`), said as a quote meant inside (`quoteInside`), nor with other text among them. A bare
 * name between commas (`"Read", Grep`) is put in quotes (`names`), as its own fix would, but in an inline table.
 */
export function listWithoutBrackets(text: string, start: number, inline: boolean): { end: number; list: string; values: unknown[]; unread: string[]; missing: string[]; names: string[]; doubled?: string; joined?: true } | null {
  let end = closedOrLineEnd(text, start, commentOrLineEnd(text, start));
  const closes = text[end] === '}';
  if (closes) end = nextKeyAt(text, start, end);
  let token = trimUnreadEnd(text.slice(start, end).trimEnd());
  // In an inline table, a comma after the values (before its `}`, or at the line's end over lines)
  // is the table's: `{ allowed = "read", "grep", }` is `{ allowed = ["read", "grep"], }`.
  if ((closes || inline) && token.endsWith(',')) token = trimUnreadEnd(token.slice(0, -1).trimEnd());
  // What TOML does not read as a blank between them (`"read",` U+00A0 `"grep"`) is left out of the
  // list: white space made a space, an invisible character removed, as its own fix does.
  const { written: read, unread } = unreadOutsideStrings(token);
  if (token.length > 80) return null;
  // Not in an inline table, where a bare word after a comma may be its next key, its `=` missing (`{ x = "a", b, y = 1 }`).
  const { written, names } = inline ? { written: read, names: [] } : namesQuoted(read);
  let list = bracketed(written);
  let missing: string[] = [];
  let doubled: string | undefined;
  if (list === null) {
    const commas = commasBetweenStrings(written);
    if (commas) [list, missing, doubled] = [bracketed(commas.written), commas.after, commas.doubled];
  }
  if (list === null) return null;
  let values = listValues(list)!;
  // Lists of text side by side (`["read"], ["grep"]`): one list of their strings was meant, not a list of lists.
  const joined = values.length > 1 && values.every((v) => Array.isArray(v) && v.every((s) => typeof s === 'string'));
  if (joined) [values, list] = [values.flat(), stringList(values.flat() as string[])];
  // Their `]` typed and not their `[` (`allowed = "read", "grep"]`): what the list replaces takes it in; so does a
  // statement's `}` that closes nothing, no `{` open before it on the line (`allowed = "read", "grep", }`), with the
  // comma before it, where nothing but a comment follows it.
  const taken = listCloserAt(text, end, inline) || (!inline && text[end] === '}' && !inlineTableOpen(text, start) && onlyCommentsFrom(text.slice(end + 1, lineEndAt(text, end)), 0));
  return { end: taken ? end + 1 : start + token.length, list, values, unread, missing, names, ...(doubled !== undefined ? { doubled } : {}), ...(joined ? { joined } : {}) };
}

/**
 * `values` with each value between its commas that is a bare name (`Grep`, `bash(git log *)`, Claude's
 * `tools:` line pasted) in quotes, as the fix of a bare word writes it, and those names.
 */
function namesQuoted(values: string): { written: string; names: string[] } {
  const names: string[] = [];
  let written = '';
  let from = 0;
  let depth = 0;
  const value = (to: number) => {
    const part = values.slice(from, to);
    const word = part.trim();
    if (word !== '' && quotableName(word)) {
      names.push(word);
      written += part.replace(word, `"${word}"`);
    } else written += part;
  };
  for (let i = 0; i < values.length; i++) {
    const c = values[i]!;
    if (c === '"' || c === "'") {
      const close = stringEndFrom(values, i);
      if (close < i || values[close] !== c) return { written: values, names: [] }; // a string not closed
      i = close;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) {
      value(i);
      written += ',';
      from = i + 1;
    }
  }
  value(values.length);
  return { written, names };
}

/**
 * `values` with a comma put in after each closed string that only blanks separate from the next
 * string (`"grep" "edit"`: `"grep", "edit"`), and those strings; null where there is none, or where
 * no comma is written outside the strings and more than they and blanks are. `doubled`: the
 * first two strings with no blank between (`'it''s'`), which may be one string with a quote in it,
 * as SQL doubles one: there the list is a guess, as the comma is in a list in brackets (`missingComma`).
 */
function commasBetweenStrings(values: string): { written: string; after: string[]; doubled?: string } | null {
  let written = '';
  const after: string[] = [];
  let comma = false;
  let doubled: string | undefined;
  for (let i = 0; i < values.length; i++) {
    const c = values[i]!;
    if (c !== '"' && c !== "'") {
      if (c === ',') comma = true;
      written += c;
      continue;
    }
    const close = stringEndFrom(values, i);
    if (close <= i || values[close] !== c) return null; // a string not closed
    const str = values.slice(i, close + 1);
    written += str;
    i = close;
    const blanks = /^[ \t]*/.exec(values.slice(close + 1))![0];
    const next = values[close + 1 + blanks.length];
    if (next === '"' || next === "'") {
      written += blanks === '' ? ', ' : ',';
      after.push(str);
      if (blanks === '' && doubled === undefined) {
        const nextClose = stringEndFrom(values, close + 1);
        doubled = values.slice(i - str.length + 1, nextClose < 0 ? values.length : nextClose + 1);
      }
    }
  }
  if (after.length === 0) return null;
  // No comma written: a list only where nothing but its strings and the blanks between them is (`"read" "grep"`).
  if (!comma && (doubled !== undefined || !/^(?:(?:"(?:[^"\\]|\\.)*"|'[^']*')(?:,[ \t]+|$))+$/.test(written))) return null;
  return { written, after, ...(doubled !== undefined ? { doubled } : {}) };
}

/** `values` with what TOML does not read as a blank outside its strings made a space (white space) or removed (invisible), and those characters (each once). */
export function unreadOutsideStrings(values: string): { written: string; unread: string[] } {
  if (!/[^\x00-\x7f]/.test(values)) return { written: values, unread: [] };
  let written = '';
  const unread = new Set<string>();
  for (let i = 0; i < values.length; i++) {
    const c = values[i]!;
    if (c === '"' || c === "'") {
      const close = stringEndFrom(values, i);
      const to = close < 0 ? values.length : close + 1;
      written += values.slice(i, to);
      i = to - 1;
    } else if (UNREAD_BLANK.test(c)) {
      unread.add(c);
      written += unreadFixedAs(c);
    } else written += c;
  }
  return { written, unread: [...unread] };
}

/**
 * Whether more follows the value of a key/value ending at `end` on its line than may follow it: a
 * comment, the line's end, and in an inline table the `}` that closes it, or a comma and its next key
 * or `}`, or the line's end (over lines). More: `allowed = "read" "grep"`, `allowed = "read", grep`,
 * `allowed = "read",`, where a fix of the value alone would leave an error after it. `inline`: the
 * key/value is known to be an inline table's (its `}` may be on a line below); else only where that
 * `}` is on its line, a `{` open before it there.
 */
export function moreAfterValue(text: string, end: number, inline = false): boolean {
  const lineEnd = commentOrLineEnd(text, end);
  const rest = text.slice(end, lineEnd).replace(/^[ \t]*/, '');
  // A `}` with no `{` open before it on the line closes no inline table (`tools = "read", "grep"}`): more, an error still.
  const inTable = inline || (text[closedOrLineEnd(text, end, lineEnd)] === '}' && inlineTableOpen(text, end));
  if (rest === '' || (inTable && rest[0] === '}')) return false;
  if (rest[0] !== ',' || !inTable) return true;
  // Past blanks, and what TOML does not read as one (its own error): `, `U+00A0`disallowed = []`.
  const next = rest.slice(1).replace(BLANKS_AND_UNREAD, '');
  return !(next === '' || next[0] === '}' || KEY_LINE.test(next));
}

/**
 * Whether a `{` opened on the line of `at`, before it, is not closed there (quotes skipped): the key/value
 * at `at` is in an inline table, which the model may not say once a syntax error stopped its reading.
 */
function inlineTableOpen(text: string, at: number): boolean {
  let open = 0;
  for (let i = lineStartAt(text, at); i < at; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      const close = stringEndFrom(text, i);
      if (close < 0 || close >= at) break;
      i = close;
    } else if (c === '{') open++;
    else if (c === '}' && open > 0) open--;
  }
  return open > 0;
}

/**
 * Values written with commas between them (`1, 5`, `"read","grep"`, a trailing comma too) as the
 * list in brackets that reads as TOML, or null: spaced as TOML is most often written, but as written
 * where a comma may be in a string or a nested list. Not one value and a comma (`1,`).
 */
export function bracketed(values: string): string | null {
  const items = values.split(',').map((i) => i.trim());
  const trailing = items.length > 2 && items.at(-1) === '';
  if (trailing) items.pop(); // `1, 2,`: a list's trailing comma
  if (items.length < 2 || items.some((i) => i === '')) return null;
  // As written, but for a trailing comma (`"read", "grep",`): in the list, `["read", "grep",]`, it reads as one more
  // entry being typed, where the list means the same without it. Kept where the list then reads as none (the comma in
  // a string left open), which `listValues` below refuses either way.
  const asWritten = /["'[{]/.test(values);
  const written = trailing && asWritten ? `[${values.replace(/,[ \t]*$/, '')}]` : null;
  const list = written !== null && listValues(written) !== null ? written : asWritten ? `[${values}]` : `[${items.join(', ')}]`;
  // Two values at least: a comma inside the one string there is (`"read, edit"`) makes no list.
  return (listValues(list)?.length ?? 0) >= 2 ? list : null;
}

/** `value` as TOML reads it, or undefined where it reads as none. */
function valueOf(value: string): unknown {
  // What starts as no value does (a name, `Read`): said without the parse's error, which takes its stack
  // (a YAML list of 50,000 names asked it of each: 0.5 s of 1.5).
  if (NO_VALUE_START.test(value)) return undefined;
  try {
    return smolParse(`x = ${value}`).x;
  } catch {
    return undefined;
  }
}

/** A first character no TOML value starts with: not a quote, a bracket, a brace, a digit, a sign, nor `true`'s, `false`'s, `inf`'s or `nan`'s. */
const NO_VALUE_START = /^[ \t]*(?:[^"'[{0-9+\-tfin \t]|$)/;

/** The values of `list` as TOML reads it, or null where it reads as none. */
const listValues = (list: string): unknown[] | null => (valueOf(list) as unknown[] | undefined) ?? null;

/** Whether `value` reads as a TOML value. */
export const readsAsValue = (value: string): boolean => valueOf(value) !== undefined;
