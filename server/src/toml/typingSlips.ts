// Typing slips whose syntax error already says what to type, and the rewrite that types it: a comma
// too many (`["read",, "edit"]`), a `;` for a comma (`["read"; "edit"]`), a word without its quotes
// (`[read, edit]`), curly quotes pasted from a document or a chat (`[“read”]`), a closer typed twice
// (`["read"]]`), a list left open before the next statement (`allowed = ["read"` then `model = …`), a
// `:` for a key's `=` or an `=` typed twice, braces for a list's brackets (`{"read"}`), and a header or
// a string left open at its line's end.

import { parse as smolParse } from 'smol-toml';
import { asciiLookalike } from '../grammar/checks';
import { inWords, quoted } from '../grammar/text';
import { lineEndAt, lineStartAt } from './lineIndex';
import { meantBare, NAME } from './bareWords';
import { readsAsValue } from './listWithoutBrackets';
import { BLANKS_AND_COMMENTS, BLANKS_BETWEEN, COMMA_BETWEEN, extendsOver, LINES_BETWEEN, wholeItemsTo } from './missingCommas';
import type { KeyValue, Span, SyntaxProblem, TomlValue } from './model';
import { closedOrLineEnd, closer, commentOrLineEnd, type Container, KEY_LINE, nextIsStatement, onlyCommentsFrom, stringEndFrom } from './syntaxMessages';
import { checkSection } from './smolVerdict';
import { basicString } from './strings';
import { trimUnreadEnd, UNREAD } from './unreadBlanks';
import { plainLines } from './yamlBlockText';
import { yamlFlow } from './yamlFlow';
import { AFTER_QUOTES, quotedLines, seenString, yamlQuoted } from './yamlQuoted';

type Rewrite = NonNullable<SyntaxProblem['rewrite']>;

/**
 * The comma at `at` where a list's value was due (after `[` or another comma), with those right after
 * it (`,,,`): removed, the blanks after them too where a blank or the `[` stands before it (`["a", , "b"]`,
 * `[, "a"]`), else kept (`["a",, "b"]`); alone on its line, with the line; first on its line before an item
 * after a line ending with a comma, that comma instead. Removing a comma changes no value: no guess.
 */
export function extraComma(text: string, at: number): Rewrite {
  const lineEnd = lineEndAt(text, at);
  const run = /^,(?:[ \t]*,)*/.exec(text.slice(at, lineEnd))![0];
  const title = `Remove the extra comma${run.replace(/[ \t]/g, '').length > 1 ? 's' : ''}`;
  const lineStart = lineStartAt(text, at);
  // Alone on its line (in a list over lines): the line goes with it.
  if (/^[ \t]*$/.test(text.slice(lineStart, at)) && /^[ \t]*$/.test(text.slice(at + run.length, lineEnd)) && lineEnd < text.length) {
    return { title, span: { start: lineStart, end: lineEnd + (text.startsWith('\r\n', lineEnd) ? 2 : 1) }, newText: () => '' };
  }
  // First on its line before an item, the list's commas written there (`"a"` then `, "b"` below): the comma typed
  // at the end of the line above is the extra one, where nothing but blanks follows it there.
  if (run === ',' && /^[ \t]*$/.test(text.slice(lineStart, at)) && /^[ \t]*[^\s,#\]]/.test(text.slice(at + 1, lineEnd)) && lineStart > 0) {
    const above = /,[ \t]*(?:\r\n|\n|\r)$/.exec(text.slice(lineStartAt(text, lineStart - 1), lineStart));
    if (above) {
      const comma = lineStart - above[0].length;
      return { title, span: { start: comma, end: comma + 1 }, newText: () => '' };
    }
  }
  const before = text[at - 1];
  const blanks = before === ' ' || before === '\t' || before === '[' ? /^[ \t]*/.exec(text.slice(at + run.length))![0].length : 0;
  return { title, span: { start: at, end: at + run.length + blanks }, newText: () => '' };
}

/**
 * A `;` at `at` between two items of a list (`["read"; "edit"]`, as Nix or MATLAB separate them), or two
 * key/values of an inline table (`{ a = 1; b = 2 }`): written `,`, where a whole item follows it
 * (in a list on its line, or below it past blanks and comments, not a line that reads as a statement)
 * and what follows that may follow an item (`wholeItemsTo`), or another `;`; in an inline table, where
 * `key =` follows it on its line and a `}` closes the table there. The values are those written either
 * way, and nothing else reads between two values: no guess. In a list, a bare name or a curly-quoted
 * string after it (`["a"; b]`) too, its quotes written with it in fix-all (`next`, as `quotedValue`
 * writes them once the `,` is). Before what closes the list or table (`["a";]`, `{ a = 1; }`), as
 * a separator typed after the last item: removed with the blanks before it, or, in a list whose
 * `]` is on a line below, written `,` (a comma may end a list). Else null (before what reads as no value).
 */
export function semicolonForComma(text: string, open: Container, at: number): Rewrite | null {
  if (text[at] !== ';') return null;
  BLANKS_AND_COMMENTS.lastIndex = at + 1;
  const next = at + 1 + BLANKS_AND_COMMENTS.exec(text)![0].length;
  const title = 'Replace `;` with `,`';
  const span = { start: at, end: at + 1 };
  const lineEnd = lineEndAt(text, at);
  if (text[next] === closer(open)) {
    if (open.kind === 'array' && next > lineEnd) return { title, span, newText: () => ',' };
    return runRemoved(';', blanksFrom(text, at), at + 1);
  }
  if (open.kind === 'inline-table') {
    const rest = text.slice(at + 1, lineEnd).replace(/^[ \t]*/, '');
    return KEY_LINE.test(rest) && text[closedOrLineEnd(text, at + 1, lineEnd)] === '}' ? { title, span, newText: () => ',' } : null;
  }
  const items = open.items;
  const i = items.findIndex((item) => item.span.start === next);
  if (nextIsStatement(text, next, '')) return null;
  // A bare word holding the `;` (the model reads `1;2`, `"a";read` so): what follows the `;` in it, up
  // to another `;`, a value (an item once the `;` is a `,`), or a bare name or curly quotes, as below.
  const within = i < 0 ? items.find((item) => item.kind === 'scalar' && item.type === 'invalid' && item.span.start <= at && at < item.span.end) : undefined;
  if (within) {
    const semicolon = text.indexOf(';', next);
    const end = semicolon >= 0 && semicolon < within.span.end ? semicolon : within.span.end;
    if (readsAsValue(text.slice(next, end)) && (end < within.span.end || FOLLOWS_ITEM.test(text.slice(end)))) return { title, span, newText: () => ',' };
  }
  const item = within ?? items[i];
  if (!item) return null;
  // A bare name or a curly-quoted string, which reads as no value until quoted: its quotes next.
  if (item.kind === 'scalar' && item.type === 'invalid') {
    const quoted = quotedValue(text, next, open);
    if (!quoted || quoted.guess) return null;
    return { title, span, newText: () => ',', next: () => [{ ...quoted.span, newText: quoted.newText() }, ...(quoted.next?.() ?? [])] };
  }
  // Whole items, or one and another `;` after it (`["a"; "b"; "c"]`: each fixed in turn).
  const itemLineEnd = lineEndAt(text, next);
  const written = text.slice(item.span.start, item.span.end);
  const semicolonAfter = item.span.end <= itemLineEnd && /^[ \t]*;/.test(text.slice(item.span.end, itemLineEnd)) && readsAsValue(written);
  if (!semicolonAfter && wholeItemsTo(text, open, next, i) < 0) return null;
  return { title, span, newText: () => ',' };
}

/** What may follow an item of a list on its line: a `,`, its `]`, a `;` (fixed in turn), a comment, the line's end. */
const FOLLOWS_ITEM = /^[ \t]*(?:[,\];#]|\r?\n|$)/;

/**
 * A `;` at `at` ending a statement (`allowed = ["read"];`, as C or JavaScript end one), or a `,` (as a
 * member of a JSON object ends), and those of its kind right after it (`;;`), nothing but a comment
 * after them on the line: removed, with the blanks before them; before another `key =` on the line
 * (`x = 1; y = 2`), written as a line break, the line's indent after it. TOML ends a statement at
 * the line's end, and the values are whole without them: no guess. Not a `,` ending the line after a
 * string of `entries` (`allowed = "read",`), which may begin values written without their list's brackets.
 */
export function strayTerminators(text: string, at: number, entries: readonly KeyValue[] = []): Rewrite | null {
  const c = text[at];
  if (c !== ';' && c !== ',') return null;
  const lineEnd = lineEndAt(text, at);
  const run = new RegExp(`^${c}(?:[ \\t]*${c})*`).exec(text.slice(at, lineEnd))![0];
  const start = blanksFrom(text, at);
  if (onlyCommentsFrom(text, at + run.length, lineEnd)) {
    const afterString = c === ',' && entries.some(({ value: v }) => v?.kind === 'string' && v.span.end === start);
    return afterString ? null : runRemoved(run, start, at + run.length);
  }
  const blanks = /^[ \t]*/.exec(text.slice(at + run.length, lineEnd))![0].length;
  if (!KEY_LINE.test(text.slice(at + run.length + blanks, lineEnd))) return null;
  const newLine = newLineAt(text, at);
  return { title: `Replace ${'`'}${run.replace(/[ \t]/g, '')}${'`'} with a line break`, span: { start, end: at + run.length + blanks }, newText: () => newLine };
}

/** A line break, the one ending the line holding `at`, and that line's indent: what starts a statement below it. */
function newLineAt(text: string, at: number): string {
  const [lineStart, lineEnd] = [lineStartAt(text, at), lineEndAt(text, at)];
  return (text[lineEnd] === '\r' ? '\r\n' : '\n') + /^[ \t]*/.exec(text.slice(lineStart, lineEnd))![0];
}

/**
 * A statement right after another's value on its line (`allowed = ["read"] disallowed = ["bash"]`,
 * a line break lost in a paste): its key as written, and a line break put before it at the line's
 * indent, the blanks before it taken out. Where what follows `at` starts as a `key =` does.
 */
export function joinedStatement(text: string, at: number): { key: string; rewrite: Rewrite } | null {
  const key = KEY_LINE.exec(text.slice(at, lineEndAt(text, at)))?.[0].replace(/[ \t]*=$/, '');
  if (key === undefined) return null;
  const newLine = newLineAt(text, at);
  return { key, rewrite: { title: `Put ${quoted(`${key} = …`)} on a line of its own`, span: { start: blanksFrom(text, at), end: at }, newText: () => newLine } };
}

/**
 * The word written where a value was due at `at` (up to what ends a value, or a `;`, the separator of
 * other languages: `[read; edit]`; each outside parentheses closed on its line, `bash(git add, commit)`
 * being one name; blanks after it left out), as the syntax error names it; undefined where none starts there.
 */
export function bareWordAt(text: string, at: number): string | undefined {
  const line = text.slice(at, lineEndAt(text, at));
  if (!/^[\p{L}_]/u.test(line)) return undefined;
  const end = wordEnd(line, true);
  return trimUnreadEnd(line.slice(0, end < 0 ? wordEnd(line, false) : end).trimEnd());
}

/** Where a bare word at `line`'s start ends (see `bareWordAt`): -1 where `nested` and a parenthesis is left open. */
function wordEnd(line: string, nested: boolean): number {
  let depth = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '"' || c === "'" || c === '=' || c === '#' || c === '\r') return depth > 0 ? -1 : i;
    if ((depth === 0 || !nested) && (c === ',' || c === ']' || c === '}')) return i;
    if (depth === 0 && c === ';') return i;
    if (c === '(') depth++;
    else if (c === ')' && depth > 0) depth--;
  }
  return nested && depth > 0 ? -1 : line.length;
}

/**
 * The word at `at` where a value was due (`[read, edit]`, `model = sonnet`), in quotes, as the message
 * says to write it, where it runs to what ends a value (a comma, a closer, a comment, its line's end), or a `;`.
 * A name (`NAME`: `read`, `bash(git log *)`) can mean nothing else: no guess. Words with blanks between
 * (`read edit`) may be two values, a comma missing: a guess, in a list (`inList`) each word quoted, a comma
 * between (`"read", "edit"`: a list holds names), else one string (`model = claude sonnet`). None for what
 * may be meant bare (`tru`, `True`, `yes`, `NaN`: a boolean or a number), nor a word of other characters.
 */
function quotedWord(text: string, at: number, inList: boolean): Rewrite | null {
  const word = bareWordAt(text, at);
  if (word === undefined || word === '' || word.length > 40 || meantBare(word)) return null;
  const rest = text.slice(at + word.length, lineEndAt(text, at)).replace(/^[ \t]*/, '');
  if (rest !== '' && !/^[,\]}#;]/.test(rest)) return null;
  const name = NAME.test(word);
  if (!name && !word.split(/[ \t]+/).every((w) => NAME.test(w))) return null;
  const written = name || !inList ? `"${word}"` : word.split(/[ \t]+/).map((w) => `"${w}"`).join(', ');
  if (!readsAsValue(inList ? `[${written}]` : written)) return null;
  return { title: `Change to ${'`'}${written}${'`'}`, span: { start: at, end: at + word.length }, newText: () => written, ...(name ? {} : { guess: true }) };
}

/**
 * A quote TOML does not take (one the message names): curly, low (`„`), and guillemets (`«read»`,
 * `»read«`, `‹read›`), with the quotes that may close the string it opens, the straight one it stands for last.
 */
const CLOSERS: Readonly<Record<string, string>> = {
  '\u201C': '\u201C\u201D"',
  '\u201D': '\u201C\u201D"',
  '\u201E': '\u201C\u201D"', // `„read“` (German), `„read”` (Polish)
  '\u2018': "\u2018\u2019'",
  '\u2019': "\u2018\u2019'",
  '\u201A': "\u2018\u2019'", // `‚read‘`
  '\u00AB': '\u00BB"', // `«read»` (French, Russian)
  '\u00BB': '\u00AB\u00BB"', // `»read«` (German), `»read»` (Swedish)
  '\u2039': "\u203A'",
  '\u203A': "\u2039\u203A'",
};

/** Whether `c` is a quote of `CLOSERS`, which a syntax error names as no TOML quote. */
export const foreignQuote = (c: string | undefined): boolean => c !== undefined && c in CLOSERS;

/**
 * The string opened at `at` with a curly quote (`“read”`, `‘read’`, pasted from a document or a
 * chat): written between straight quotes of its kind, where it closes on its line with a curly quote
 * (or a straight one) that what ends a value follows (a comma, a closer, a comment, the line's end: an
 * apostrophe inside, `‘it’s’`, is passed), and holds no straight quote of that kind (nor, between `"`,
 * a backslash, which would escape). Its text is what was written: no guess. None where a quote closes
 * it before another string opens (`[“a” “b”]`: two strings, their comma missing, not `"a” “b"`).
 */
function straightQuotes(text: string, at: number, follows = (rest: string) => rest === '' || /^[,\]}#]/.test(rest)): Rewrite | null {
  const closers = CLOSERS[text[at]!];
  if (closers === undefined) return null;
  const q = closers.at(-1)!;
  const lineEnd = lineEndAt(text, at);
  for (let i = at + 1; i < lineEnd; i++) {
    if (!closers.includes(text[i]!)) continue;
    const rest = text.slice(i + 1, lineEnd).replace(/^[ \t]*/, '');
    // Another string opened after it (`“a” “b”`, a comma missing): two strings, not one to write.
    if (rest[0] === '"' || rest[0] === "'" || foreignQuote(rest[0])) return null;
    if (!follows(rest)) continue;
    const content = text.slice(at + 1, i);
    if (content.includes(q) || (q === '"' && content.includes('\\'))) return null;
    const written = `${q}${content}${q}`;
    return readsAsValue(written) ? { title: `Change to ${'`'}${written}${'`'}`, span: { start: at, end: i + 1 }, newText: () => written } : null;
  }
  return null;
}

/**
 * A key, or a part of one, opened at `at` with a curly quote (`“allowed” = [...]`, `[“agents”.a]`):
 * written between straight quotes of its kind, as `straightQuotes` writes a value, where it closes on
 * its line before what may follow a key's part (`=` or `.`, in a header `]`). A quoted key names what
 * the bare one does (`"allowed"` is `allowed`): the quotes typed are kept, made straight, the least
 * change that reads as it was meant. No guess.
 */
export function straightQuotedKey(text: string, at: number, header: boolean): Rewrite | null {
  return straightQuotes(text, at, (rest) => (header ? /^[.\]]/ : /^[.=]/).test(rest));
}

/**
 * The rewrite of a value written where one was due at `at` that reads as none: curly quotes made
 * straight, or a bare word quoted. In a list (`open`), where it is no guess, the others of its kind
 * after it in the list go with it in fix-all (`next`): a section shows one syntax error at a time.
 */
export function quotedValue(text: string, at: number, open: Container | null): Rewrite | null {
  const rewrite = valueRewrite(text, at, open?.kind === 'array');
  if (!rewrite || rewrite.guess || open?.kind !== 'array') return rewrite;
  return { ...rewrite, next: () => quotedAfter(text, open.items, rewrite.span.end) };
}

/**
 * The comma missing before a value at `at` of the list `open` that reads as none, written as
 * `quotedValue` writes it where that is no guess: a list written as YAML writes one, an item a line
 * (`read` then `edit` below it, `"read"` then `edit`), or a name after a string (`["read" edit]`). The
 * comma goes right after the item before, with only blanks between on its line, or on a line above
 * with blanks, comments and line breaks between; the items of its kind after it go with it in fix-all.
 */
export function commaAndQuotedValue(text: string, open: Container, at: number): Rewrite | null {
  if (open.kind !== 'array') return null;
  const previous = [...open.items].reverse().find((item) => item.span.end < at);
  if (!previous) return null;
  const gap = text.slice(previous.span.end, at);
  if (!BLANKS_BETWEEN.test(gap) && !LINES_BETWEEN.test(gap)) return null;
  const rewrite = valueRewrite(text, at, true);
  if (!rewrite || rewrite.guess) return null;
  const written = rewrite.newText();
  return {
    title: `Insert a comma, and change ${quoted(text.slice(at, rewrite.span.end))} to ${quoted(written)}`,
    span: { start: previous.span.end, end: rewrite.span.end },
    newText: () => `,${gap}${written}`,
    next: () => quotedAfter(text, open.items, rewrite.span.end),
  };
}

/** A value at `at` that reads as none, written as one: curly quotes made straight, or a bare word quoted. */
const valueRewrite = (text: string, at: number, inList: boolean): Rewrite | null => straightQuotes(text, at) ?? quotedWord(text, at, inList);

/**
 * The rewrites `quotedValue` makes of the items of a list from `from`, each the error shown once
 * those before it are written: past items that read as values on one line (`extendsOver`), up to a gap
 * that is no comma (blanks, comments and line breaks around it), an item that is neither, or one it
 * makes no rewrite of, or a guess. After a gap of lines with no comma (a list written as YAML writes
 * one), the comma too, where the item is one it rewrites (`commaAndQuotedValue`).
 */
function quotedAfter(text: string, items: readonly TomlValue[], from: number): Array<Span & { newText: string }> {
  const out: Array<Span & { newText: string }> = [];
  let end = from;
  for (const item of items) {
    if (item.span.start < end) continue; // the model reads `“git log”` as two items
    const gap = text.slice(end, item.span.start);
    const comma = COMMA_BETWEEN.test(gap);
    if (comma && extendsOver(text, item)) {
      end = item.span.end;
      continue;
    }
    // Past a gap of lines with no comma, only a value it rewrites (see `commaAndQuotedValue`).
    if (!comma && !LINES_BETWEEN.test(gap)) break;
    const rewrite = item.kind === 'scalar' && item.type === 'invalid' ? valueRewrite(text, item.span.start, true) : null;
    if (!rewrite || rewrite.guess) break;
    out.push(comma ? { ...rewrite.span, newText: rewrite.newText() } : { start: end, end: rewrite.span.end, newText: `,${gap}${rewrite.newText()}` });
    end = rewrite.span.end;
  }
  return out;
}

/**
 * A run of `]` and `}` at `at` right after a statement's value, a list or an inline table it closes
 * nothing of (`allowed = ["read"]]`, `tools = { … }}`), nothing but a comment after it on its line:
 * removed, with the blanks before it. In an inline table (`inline`), a run of `]` after a key's list
 * or table, its `,` or `}` after it. The value is whole without it: no guess (`[1]]` is a `]` typed
 * twice more likely than a list of a list).
 */
export function strayClosers(text: string, entries: readonly KeyValue[], at: number, inline = false): Rewrite | null {
  if (text[at] !== ']' && (inline || text[at] !== '}')) return null;
  const value = entries.find((kv) => kv.value && kv.value.span.end <= at && /^[ \t]*$/.test(text.slice(kv.value.span.end, at)))?.value;
  if (!value || (value.kind !== 'array' && value.kind !== 'inline-table') || !value.closed) return null;
  const lineEnd = lineEndAt(text, at);
  const run = (inline ? /^\](?:[ \t]*\])*/ : /^[\]}](?:[ \t]*[\]}])*/).exec(text.slice(at, lineEnd))![0];
  const after = at + run.length;
  if (inline ? !/^[ \t]*[,}]/.test(text.slice(after, lineEnd)) : !onlyCommentsFrom(text, after, lineEnd)) return null;
  return runRemoved(run, value.span.end, after);
}

/** Where the blanks (space, tab) right before `at` start: `at` where none stands there. */
export function blanksFrom(text: string, at: number): number {
  while (text[at - 1] === ' ' || text[at - 1] === '\t') at--;
  return at;
}

/** The removal of a run of closers or `;` (`run`, blanks between them), from `start` (the blanks before it) to `end`. */
const runRemoved = (run: string, start: number, end: number): Rewrite => ({ title: `Remove ${'`'}${run.replace(/[ \t]/g, '')}${'`'}`, span: { start, end }, newText: () => '' });

/**
 * A run of `]` at `at` right after a table header (`[agents.a.tools]]`, `[[agents.a]]]`), nothing but a
 * comment after it on its line: removed, with the blanks before it. The header is whole without it,
 * and a mars.toml holds no array of tables (`[[…]]`) the `]` might have begun to write: no guess.
 */
export function strayHeaderClosers(text: string, at: number): Rewrite | null {
  if (text[at] !== ']') return null;
  const lineEnd = lineEndAt(text, at);
  const run = /^\](?:[ \t]*\])*/.exec(text.slice(at, lineEnd))![0];
  const after = at + run.length;
  if (!onlyCommentsFrom(text, after, lineEnd)) return null;
  return runRemoved(run, blanksFrom(text, at), after);
}

/**
 * The list `open` left open before the statement that ends it (a `key =` line or a header below, or the
 * text's end: no item can follow), closed with `]` right after its last item, `lastEnd` (after its `[`
 * where it has none), on that item's line, before any comment; in place of a comma after that item.
 * Only a statement's own list (not one in another, which would leave that open), and only where
 * nothing but blanks and comments stands between the item and `at`, where the error is, on a line below.
 */
export function closedList(text: string, open: Container, lastEnd: number, at: number): Rewrite | null {
  if (open.kind !== 'array') return null;
  const lineEnd = lineEndAt(text, lastEnd);
  const comma = /^[ \t]*,/.exec(text.slice(lastEnd, lineEnd))?.[0] ?? '';
  const end = lastEnd + comma.length;
  // The statement on a line below, or the text's end (not `["a", y = 1`, which `]` there would leave after the list).
  if ((at <= lineEnd && at < text.length) || !onlyCommentsFrom(text, end, at)) return null;
  return { title: 'Close the list with `]`', span: { start: lastEnd, end }, newText: () => ']' };
}

/**
 * A `:` (or `:=`) at `at` right after a key, where its `=` goes (`allowed: ["read"]`, as YAML and JSON
 * write it), a value after it on its line: written `=`, a blank on each side, as `key = value` is. The
 * key and the value are those written: no guess. A statement's text as YAML writes it (`description: Reviews
 * code`, a front matter pasted) is in quotes too, the string YAML reads (`yamlText`), with the lines it goes on
 * over; not an inline table's, which its `,` or `}` ends (`{ bash: ask }`), as a bare word's fix after it quotes.
 */
export function colonForEquals(text: string, at: number, statement: boolean): Rewrite | null {
  const lineEnd = lineEndAt(text, at);
  const run = /^:=?[ \t]*/.exec(text.slice(at, lineEnd))![0];
  const rest = text.slice(at + run.length, lineEnd);
  // Not before YAML's block of text (`description: |`) or a list's item (`- read`), which `=` alone leaves unread.
  if (rest === '' || /^(?:[#=:|>]|-[ \t])/.test(rest)) return null;
  const blank = blanksFrom(text, at) < at ? '' : ' ';
  const yamlRun = statement && /^:[ \t]/.test(run);
  const yaml = yamlRun ? yamlText(rest) : null;
  // Going on over the lines below, indented deeper than the key (`plainLines`): all of it, where YAML reads it.
  const indent = /^ */.exec(text.slice(lineStartAt(text, at), at))![0].length;
  const more = yamlRun ? plainLines(text, lineEnd, indent) : null;
  // Text in quotes TOML reads otherwise, or not at all (`"a\/b"`, `'it''s'`): the string YAML reads, in TOML's quotes.
  const inQuotes = yamlRun ? yamlQuotedAlone(rest) : null;
  if (inQuotes) {
    const written = seenString(inQuotes.value);
    const raw = rest.slice(0, inQuotes.length);
    return { title: `Replace ${quoted(`: ${raw}`)} with ${quoted(`= ${written}`)}`, span: { start: at, end: at + run.length + raw.length }, newText: () => `${blank}= ${written}` };
  }
  // ... and going on over the lines below, to its closing quote.
  const overLines = yamlRun && /^["']/.test(rest) ? quotedLines(text, at + run.length, indent) : null;
  if (overLines) {
    const written = seenString(overLines.value);
    const below = text.slice(lineEnd, overLines.end).split('\n').length - 1;
    return { title: `Replace ${quoted(`: ${rest.trimEnd()}`)} and the ${below === 1 ? 'line' : `${below} lines`} below with ${quoted(`= ${written}`)}`, span: { start: at, end: overLines.end }, newText: () => `${blank}= ${written}` };
  }
  // A list or a mapping in brackets or braces (`tools: {write: false, bash: ask}`): the list or inline table YAML reads, at
  // once; `=` alone where TOML reads it as written (`['read']`), which YAML reads the same.
  const flow = yamlRun && /^[[{]/.test(rest) ? yamlFlow(rest) : null;
  if (flow && !readsAsValue(rest.slice(0, flow.length))) {
    const raw = rest.slice(0, flow.length);
    return { title: `Replace ${quoted(`: ${raw}`)} with ${quoted(`= ${flow.value}`)}`, span: { start: at, end: at + run.length + raw.length }, newText: () => `${blank}= ${flow.value}` };
  }
  if (yaml !== null) {
    if (!more || (more.suffix !== '' && rest.trim() !== yaml)) return null;
    const written = basicString(yaml + more.suffix);
    const below = text.slice(lineEnd, more.end).split('\n').length - 1;
    const said = `${quoted(`: ${yaml}`)}${below === 0 ? '' : ` and the ${below === 1 ? 'line' : `${below} lines`} below`}`;
    return { title: `Replace ${said} with ${quoted(`= ${written}`)}`, span: { start: at, end: below === 0 ? at + run.length + yaml.length : more.end }, newText: () => `${blank}= ${written}` };
  }
  // Text with a `: ` in it (`description: Use it. Examples: …`), an error to YAML, which a front matter's lenient reader
  // (an agent's, as Claude reads it) takes whole: in quotes too, on one line, but as a guess.
  const lenient = more?.suffix === '' ? yamlText(rest, true) : null;
  if (lenient !== null) {
    const written = basicString(lenient);
    return { title: `Replace ${quoted(`: ${lenient}`)} with ${quoted(`= ${written}`)}`, span: { start: at, end: at + run.length + lenient.length }, newText: () => `${blank}= ${written}`, guess: true };
  }
  return { title: `Replace ${'`'}${run.trimEnd()}${'`'} with ${'`'}=${'`'}`, span: { start: at, end: at + run.length }, newText: () => `${blank}= ` };
}

/**
 * The text YAML reads as a string after `key: ` (its plain scalar, up to a ` #` comment), where TOML reads
 * no value and it can mean no other: not what starts as YAML's other values do (a list, a quote, `- `, `|`),
 * nor holds a `: ` (but with `colons`, the text a lenient reader takes), a control character or what TOML does
 * not read as a blank, nor a word meant bare (`True`, `yes`, `null`). Else null. Names between commas too
 * (Claude's `tools: Read, Grep`): YAML reads one string, which Mars's checks then say as the list meant, the
 * section read on past it.
 */
export function yamlText(rest: string, colons = false): string | null {
  // Found, not replaced: `/[ \t]+#.*$/` tried every run of blanks to its end (quadratic on a long one).
  const hash = rest.search(/[ \t]#/);
  const value = (hash < 0 ? rest : rest.slice(0, hash)).trimEnd();
  // Not what starts as YAML's other nodes do; `-` and `?` start text where no blank follows (`--stdio`).
  if (value === '' || value.length > YAML_TEXT_MAX || /^(?:[:,[\]{}#&*!|>'"%@`]|[-?](?:[ \t]|$))/.test(value) || (colons ? CONTROL : CONTROL_OR_COLON).test(value) || UNREAD_IN.test(value)) return null;
  return readsAsValue(value) || meantBare(value) || YAML_NOT_TEXT.test(value) ? null : value;
}

/**
 * YAML's text in quotes that `rest` starts with, alone on its line but for a comment, where TOML reads those
 * quotes otherwise or not at all (an escape TOML lacks, a quote written twice): the string YAML reads. Null
 * where TOML reads them as written, which means the same (`"a\tb"`, `'a\b'`).
 */
export function yamlQuotedAlone(rest: string): { value: string; length: number } | null {
  const q = yamlQuoted(rest);
  return q && AFTER_QUOTES.test(rest.slice(q.length)) && !readsAsValue(rest.slice(0, q.length)) ? q : null;
}

const UNREAD_IN = new RegExp(UNREAD, 'u');
/**
 * What YAML (js-yaml's schema) reads as no string, and TOML as no value or another: nothing (`null`, `~`), a number as
 * only YAML writes one (`.5`, `1.`, `.inf`, `0777`, `+1`; `1_000` too, a string to YAML 1.2 but a number to 1.1), a date
 * and time with a blank (`2001-12-14 21:59:43`). Not taken as text.
 */
const YAML_NOT_TEXT = /^(?:null|~|yes|no|on|off)$|^[-+]?(?:[0-9][0-9_]*(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?|\.[0-9_]+(?:[eE][-+]?[0-9]+)?|\.(?:inf|Inf|INF)|0x[0-9a-fA-F_]+|0o[0-7_]+|0b[01_]+)$|^\.(?:nan|NaN|NAN)$|^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt ]|$)/i;
const CONTROL = /[\u0000-\u001f\u007f]/;
const CONTROL_OR_COLON = /: |[\u0000-\u001f\u007f]/;

/** The longest line of YAML text taken as a string (an agent's description, examples and all, runs to a few thousand characters). */
export const YAML_TEXT_MAX = 10_000;

/**
 * An inline table whose braces hold values, not key/values (`allowed = {"read", "edit"}`, as Python
 * writes a set), the error where its first key's `=` was due: its braces made brackets, where the list
 * then reads whole, its `}` on its line. The values are those written: no guess.
 */
export function bracesForList(text: string, table: Container): Rewrite | null {
  const open = table.span.start;
  const lineEnd = lineEndAt(text, open);
  let depth = 0;
  for (let i = open; i < lineEnd; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") i = Math.max(i, stringEndFrom(text, i));
    else if (c === '[' || c === '{') depth++;
    else if ((c === ']' || c === '}') && --depth === 0) {
      const list = `[${text.slice(open + 1, i)}]`;
      if (c !== '}' || !readsAsValue(list)) return null;
      return { title: `Change to ${quoted(list)}`, span: { start: open, end: i + 1 }, newText: () => list };
    }
  }
  return null;
}

/** A second `=` at `at` after a key's (`allowed == ["read"]`, `x = = 1`): removed, with the blanks between the two. No guess. */
export function secondEquals(text: string, at: number): Rewrite {
  return { title: 'Remove the second `=`', span: { start: blanksFrom(text, at), end: at + 1 }, newText: () => '' };
}

/**
 * A key followed by a value on its line with no `=` between them (`allowed ["read"]`), the error at the
 * value's start, `at`: `=` inserted before it, where what follows (up to a comment) reads whole as a
 * value that no key starts with (a list, an inline table, a string: `my key = 1` is a key with a blank
 * in it, not a value). No guess.
 */
export function equalsMissing(text: string, at: number): Rewrite | null {
  if (!/^["'[{]/.test(text[at] ?? '')) return null;
  const value = text.slice(at, commentOrLineEnd(text, at)).trimEnd();
  if (!readsAsValue(value)) return null;
  const blank = blanksFrom(text, at) < at ? '' : ' ';
  return { title: 'Insert `=`', span: { start: at, end: at }, newText: () => `${blank}= ` };
}

/**
 * A table header left open at the end of its line, or before its comment (`[agents.a.tools`), `end`
 * (blanks before it passed): `]` (`]]` for `[[`) written after its name, where the line then reads as a
 * header. No guess.
 */
export function closedHeader(text: string, end: number, brackets: ']' | ']]'): Rewrite | null {
  end = blanksFrom(text, end);
  if (!readsAsTable(`${text.slice(lineStartAt(text, end), end).replace(/^\uFEFF/, '')}${brackets}`)) return null;
  return { title: `Close the header with ${'`'}${brackets}${'`'}`, span: { start: end, end }, newText: () => brackets };
}

/**
 * The one-line string whose quote is at `quoteAt`, left open at its line's end: closed with its quote
 * after its text, before the commas and closers it ends with where it is in a list or an inline
 * table (`inside`: `["read]`, `"read",` in a list over lines), else at the line's end (blanks at the end
 * left out), where the string then reads. Not where a backslash would escape the quote. A `#` in its text
 * may have begun a comment (`"read # why`), and a closer at its end in no list may close nothing
 * (`model = "sonnet]`): a guess. Else its text is what was written: no guess.
 */
export function closedString(text: string, quoteAt: number, inside: boolean): Rewrite | null {
  const q = text[quoteAt]!;
  const lineEnd = lineEndAt(text, quoteAt);
  const content = text.slice(quoteAt + 1, lineEnd);
  const tail = (inside ? /(?:[,\]}](?:[ \t]*[,\]}])*)?[ \t]*$/ : /[ \t]*$/).exec(content)![0];
  const body = content.slice(0, content.length - tail.length);
  if (body === '' || (q === '"' && /(?:^|[^\\])(?:\\\\)*\\$/.test(body)) || !readsAsValue(`${q}${body}${q}`)) return null;
  const at = quoteAt + 1 + body.length;
  // Closed with the other quote (`["read', "edit']`, quotes mixed as one types them): that quote made the one it opened with,
  // not kept inside the string (`"edit'"`). In a list or an inline table, before what ends an item there, no guess.
  const other = q === '"' ? "'" : '"';
  if (body.length > 1 && body.endsWith(other) && !body.slice(0, -1).includes(other) && readsAsValue(`${q}${body.slice(0, -1)}${q}`)) {
    const sure = inside && /^[,\]}]/.test(tail);
    return { title: `Change the closing ${'`'}${other}${'`'} to ${'`'}${q}${'`'}`, span: { start: at - 1, end: at }, newText: () => q, ...(sure ? {} : { guess: true }) };
  }
  // A `#` in its text, or, in no list, a closer at its end (`model = "sonnet]`), may not be meant in it;
  // nor a blank before the closers or commas it ends with (`"read ]`: `"read" ]`, or `"read "]`).
  const guess = body.includes('#') || /[\]}]$/.test(body) || (/^[,\]}]/.test(tail) && /[ \t]$/.test(body));
  return { title: `Close the string with ${'`'}${q}${'`'}`, span: { start: at, end: at }, newText: () => q, ...(guess ? { guess } : {}) };
}

/** Where the key of the inline table `table` that `at` is in starts: after its `{`, or the last `,` between its key/values before `at`. */
function inlineKeyStart(text: string, table: Container, at: number): number {
  let start = table.span.start + 1;
  let depth = 0;
  for (let i = start; i < at; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") i = stringEndFrom(text, i);
    else if (c === '[' || c === '{' || c === '(') depth++;
    else if (c === ']' || c === '}' || c === ')') depth--;
    else if (c === ',' && depth === 0) start = i + 1;
  }
  return start;
}

/** Whether `line` reads as a table header alone. */
function readsAsTable(line: string): boolean {
  try {
    smolParse(line);
    return true;
  } catch {
    return false;
  }
}

/**
 * The part of a statement's key, or of a header's name, or of a key of the inline table `table`,
 * holding `at`: a character a bare key does not take, or a blank inside it (`bash(git log *) = "allow"`,
 * `[agents.code reviewer]`, `tools.bash(x) = …`, `{ bash(git *) = "allow" }`), as the message says to
 * write it: in quotes, `"`, or `'` where it holds a `"` or a backslash, where the key then reads. The
 * parts are split at a `.` outside quotes and parentheses (`bash(cat *.txt)` is one). The name is what
 * was written: no guess. Not a part quoted already, nor one of a header with more than a comment after its `]`.
 */
export function quotedKeyPart(text: string, at: number, header: boolean, table: Container | null = null): Rewrite | null {
  const part = keyPartAt(text, at, header, table);
  if (!part) return null;
  const { name, span } = part;
  const q = /["\\]/.test(name) ? "'" : '"';
  const written = `${q}${name}${q}`;
  if (name.includes(q) || !part.reads(written)) return null;
  return { title: `Change to ${'`'}${written}${'`'}`, span, newText: () => written };
}

/**
 * The key part holding `at` (as `quotedKeyPart` finds it) written with the ASCII characters its others only
 * look like (`tооls` with two Cyrillic `о`, `ａｌｌｏｗｅｄ` typed fullwidth): what was meant, quoted it would name
 * a table Mars never reads. Only where that is a bare key, and the part mixes them with ASCII letters or
 * digits or is typed fullwidth, not a word of another script (`[agents.сор]`, which is quoted). A guess,
 * preferred but not applied by fix-all, as a lookalike's did-you-mean in an entry is.
 */
export function asciiKeyPart(text: string, at: number, header: boolean, table: Container | null = null): Rewrite | null {
  const part = keyPartAt(text, at, header, table);
  if (!part) return null;
  const { name, span } = part;
  const ascii = asciiLookalike(name);
  if (ascii === name || !/^[A-Za-z0-9_-]+$/.test(ascii) || !(/[A-Za-z0-9]/.test(name) || /^[\uff01-\uff5e]+$/.test(name.replace(/[\x00-\x7f]/g, ''))) || !part.reads(ascii)) return null;
  return { title: `Change to ${'`'}${ascii}${'`'}`, span, newText: () => ascii, guess: true, likely: true };
}

/**
 * The part holding `at` of a key, or a header's name, as written (`name`, at `span`, not quoted already), and
 * whether the key reads with `written` for it (`reads`); null where none is found.
 */
function keyPartAt(text: string, at: number, header: boolean, table: Container | null): { name: string; span: Span; reads: (written: string) => boolean } | null {
  const lineEnd = lineEndAt(text, at);
  const start = table?.kind === 'inline-table'
    ? inlineKeyStart(text, table, at)
    : /^\uFEFF?[ \t]*(?:\[\[?[ \t]*)?/.exec(text.slice(lineStartAt(text, at), lineEnd))![0].length + lineStartAt(text, at);
  const parts: Span[] = [];
  let from = start;
  let depth = 0;
  let end = -1;
  for (let i = start; i < lineEnd && end < 0; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      const close = stringEndFrom(text, i);
      if (close >= lineEnd || close === i || text[close] !== c) return null; // left open
      i = close;
    } else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && c === '.') {
      parts.push({ start: from, end: i });
      from = i + 1;
    } else if (depth === 0 && c === (header ? ']' : '=')) end = i;
  }
  // A header's name runs to its `]`, nothing after it but a comment: else the `]` found may be a list's
  // (`[a.tools = { allowed = ["read"] }`), and quoting up to it would leave the rest of the line behind.
  if (end < 0 || (header && !/^\]{1,2}[ \t]*(?:#.*)?$/.test(text.slice(end, lineEnd)))) return null;
  parts.push({ start: from, end });
  const part = parts.find((p) => p.start <= at && at < p.end);
  if (!part) return null;
  const name = text.slice(part.start, part.end).replace(/^[ \t]+|[ \t]+$/g, '');
  const s = part.start + text.slice(part.start, part.end).indexOf(name);
  if (name === '' || name[0] === '"' || name[0] === "'") return null;
  const reads = (written: string) => {
    const key = `${text.slice(start, s)}${written}${text.slice(s + name.length, end)}`;
    return readsAsTable(header ? `[${key}]` : `${key} = 0`);
  };
  return { name, span: { start: s, end: s + name.length }, reads };
}

/**
 * The string closed at `at - 1` right before more text (`"bash(grep "foo")"`, `'it's'`), its quote
 * most likely meant inside it: the string meant, from its opening quote to the first later quote of its
 * kind on the line that what may follow a value there follows (`follows`: in a list `,`, `]`, a comment
 * or the line's end), written so that it holds its quotes: a `"` string between `'` quotes where its
 * text holds no `'`, else with each `"` escaped; a `'` string between `"` quotes. Not a text with a
 * backslash, whose meaning would change, nor a string over lines, nor one ending in `"""`. A guess: the quote may close the
 * string as meant (`["a""b"]`, a comma missing).
 */
export function innerQuotes(text: string, at: number, follows: RegExp): Rewrite | null {
  const q = text[at - 1];
  if (q !== '"' && q !== "'") return null;
  const lineStart = lineStartAt(text, at);
  const lineEnd = lineEndAt(text, at);
  let open = -1;
  for (let i = lineStart; i < at - 1; i++) {
    const c = text[i];
    if (c === '#') return null;
    if (c !== '"' && c !== "'") continue;
    if (text.startsWith(c.repeat(3), i)) return null;
    const end = stringEndFrom(text, i);
    if (end === at - 1) open = i;
    i = end;
  }
  if (open < 0) return null;
  for (let j = at; j < lineEnd; j++) {
    if (text[j] !== q || !follows.test(text.slice(j + 1, lineEnd).replace(/^[ \t]*/, ''))) continue;
    const content = text.slice(open + 1, j);
    // Nor where that quote ends a run of three (`"bash"[, """` then `read"""`): the text opens a multi-line string there,
    // which taken in would leave the one closing it to open another, running on to the text's end.
    if (content.includes('\\') || (j - 2 > open && text.startsWith(q.repeat(3), j - 2))) return null;
    const written = q === '"' && !content.includes("'") ? `'${content}'` : `"${content.replace(/"/g, '\\"')}"`;
    return readsAsValue(written) ? { title: `Change to ${'`'}${written}${'`'}`, span: { start: open, end: j + 1 }, newText: () => written, guess: true } : null;
  }
  return null;
}

/**
 * Punctuation drawn as TOML's that TOML reads as no punctuation: typed with an East Asian keyboard layout (a
 * fullwidth `，`, the ideographic `、`), or pasted from a document. Each with the ASCII one meant.
 */
const PUNCTUATION_LOOKALIKES: ReadonlyMap<string, string> = new Map([
  ['\uff0c', ','], ['\u3001', ','], ['\uff64', ','], ['\ufe50', ','], ['\ufe51', ','],
  ['\uff1d', '='], ['\uff3b', '['], ['\uff3d', ']'], ['\u3010', '['], ['\u3011', ']'], ['\uff5b', '{'], ['\uff5d', '}'], ['\uff0e', '.'],
]);

export const punctuationLookalike = (c: string | undefined): string | undefined => (c === undefined ? undefined : PUNCTUATION_LOOKALIKES.get(c));

/**
 * The punctuation lookalikes (`PUNCTUATION_LOOKALIKES`) on the line of `at` (the error, on one of them), outside
 * strings and before a comment, written as the ASCII they look like; or, where the section (from `sectionStart` to
 * `sectionEnd`) does not read so past the line, the one at `at` alone, where it then reads past it. In `next`, the
 * same for each such error after it in the section, as each would show once those before are mended. Null where
 * neither mends the error. No guess: the character means nothing else there, and in a string it is left as written.
 * (Each is one UTF-16 unit written as one: offsets hold.)
 */
export function lookalikePunctuation(text: string, sectionStart: number, sectionEnd: number, at: number): Rewrite | null {
  const mend = (from: string, where: number): Rewrite | null => {
    const lineEnd = lineEndAt(from, where);
    const all = outsideStrings(from, lineStartAt(from, where), lineEnd).filter((i) => PUNCTUATION_LOOKALIKES.has(from[i]!));
    if (!all.includes(where)) return null;
    const written = (positions: readonly number[]): Rewrite => {
      const start = positions[0]!;
      const end = positions[positions.length - 1]! + 1;
      const newText = [...from.slice(start, end)].map((c, i) => (positions.includes(start + i) ? PUNCTUATION_LOOKALIKES.get(c)! : c)).join('');
      const chars = [...new Set(positions.map((i) => from[i]!))];
      const meant = [...new Set(chars.map((c) => PUNCTUATION_LOOKALIKES.get(c)!))];
      return { title: `Replace ${inWords(chars.map((c) => quoted(c)))} with ${inWords(meant.map((c) => quoted(c)))}`, span: { start, end }, newText: () => newText };
    };
    const readsPast = (r: Rewrite, past: number): boolean => {
      const error = errorOffset(`${from.slice(sectionStart, r.span.start)}${r.newText()}${from.slice(r.span.end, sectionEnd)}`);
      return error === null || sectionStart + error > past;
    };
    const every = written(all);
    if (all.length > 1 && readsPast(every, lineEnd)) return every;
    const one = written([where]);
    return readsPast(one, where) ? one : null;
  };
  const first = mend(text, at);
  return first && {
    ...first,
    // The others of the section, each the error once those before are mended (a section shows one at a time).
    next: () => {
      const out: Array<Span & { newText: string }> = [];
      let written = `${text.slice(0, first.span.start)}${first.newText()}${text.slice(first.span.end)}`;
      for (let n = 0; n < 1000; n++) {
        const error = errorOffset(written.slice(sectionStart, sectionEnd));
        const r = error === null ? null : mend(written, sectionStart + error);
        if (!r) break;
        out.push({ ...r.span, newText: r.newText() });
        written = `${written.slice(0, r.span.start)}${r.newText()}${written.slice(r.span.end)}`;
      }
      return out;
    },
  };
}

/**
 * A string closed right before more text (`["Read, "Grep", "Glob"]`) whose text ends with a comma: its closing quote
 * left out, the quote after the comma read as it, where it opens the next string. The quote put in after its name
 * (`"Read", "Grep"`), where
 * the section (from `sectionStart` to `sectionEnd`) then reads past the line. A guess, preferred (`likely`), not in
 * fix-all: the comma may be meant inside the string.
 */
export function quoteBeforeComma(text: string, sectionStart: number, sectionEnd: number, at: number): Rewrite | null {
  const q = text[at - 1];
  if (q !== '"' && q !== "'") return null;
  const open = text.lastIndexOf(q, at - 2);
  if (open < lineStartAt(text, at)) return null;
  const m = /^([^"'\\,]*[^\s"'\\,])[ \t]*,[ \t]*$/.exec(text.slice(open + 1, at - 1));
  if (!m) return null;
  const insert = open + 1 + m[1]!.length;
  // The quote after the comma then opens the next string, as was meant.
  const error = errorOffset(`${text.slice(sectionStart, insert)}${q}${text.slice(insert, sectionEnd)}`);
  if (error !== null && sectionStart + error <= lineEndAt(text, at)) return null;
  return { title: `Close ${quoted(`${q}${m[1]}`)} with ${quoted(q)}, before its comma`, span: { start: insert, end: insert }, newText: () => q, guess: true, likely: true };
}

/** The offsets from `start` to `end` (one line) outside strings, before a comment. */
function outsideStrings(text: string, start: number, end: number): number[] {
  const out: number[] = [];
  for (let i = start; i < end && text[i] !== '#'; i++) {
    if (text[i] !== '"' && text[i] !== "'") out.push(i);
    else if ((i = stringEndFrom(text, i)) < 0) break; // a multi-line string left open: the rest is its text
  }
  return out;
}

/** Where smol-toml stops reading `text` (an offset into it), or null where it reads it all. */
const errorOffset = (text: string): number | null => checkSection(text).error?.offset ?? null;
