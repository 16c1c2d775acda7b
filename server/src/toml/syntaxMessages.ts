// What to type, for the TOML error smol-toml stopped at. Its messages name the rule broken
// ("invalid value", "expected comma or end of structure", "control characters are not allowed in
// strings" for a string left open at the end of its line); a user in the middle of typing wants
// the missing piece named. The text around the error and the model's reading of it (the string or
// list left open) say which piece that is; where neither does, smol-toml's message stands.

import { parse as smolParse } from 'smol-toml';
import { asciiLookalike } from '../grammar/checks';
import { quoted, shortened, shown, uPlus } from '../grammar/text';
import { lineEndAt, lineStartAt, nextLineStart } from './lineIndex';
import { bracketed, meantInside, namesWithoutBrackets, readsAsValue, unreadLeftOut, unreadOutsideStrings, valuesBeforeKey, valueThenCloser, valuesWithoutBrackets } from './listWithoutBrackets';
import { BLANKS_AND_COMMENTS, itemsOf, listAsItem, missingComma } from './missingCommas';
import type { KeyPart, KeyValue, Section, Span, SyntaxProblem, TomlString, TomlValue } from './model';
import { lastAtOrBefore } from './sorted';
import { surrogatePairEscape } from './stringPositions';
import { strayBackslashes } from './strayBackslashes';
import { bareWordAt, bracesForList, closedHeader, closedList, closedString, asciiKeyPart, colonForEquals, commaAndQuotedValue, equalsMissing, extraComma, foreignQuote, innerQuotes, joinedStatement, lookalikePunctuation, punctuationLookalike, quoteBeforeComma, quotedKeyPart, quotedValue, semicolonForComma, straightQuotedKey, secondEquals, strayClosers, strayHeaderClosers, strayTerminators } from './typingSlips';
import { BLANKS_AND_UNREAD, EACH_UNREAD, INVISIBLE, LINE_BREAK, NAMES, trimUnreadEnd, UNREAD_BLANK, UNREAD_BLANKS, unreadFixedAs } from './unreadBlanks';
import { jsonDocument } from './jsonPasted';
import { yamlBlock } from './yamlBlockText';
import { FENCE, yamlItems, yamlList, yamlMap } from './yamlLists';

/** A message, with the rewrite that types what it says where there is one. */
const withFix = (message: string, rewrite: Explained['rewrite'] | null): string | Explained => (rewrite ? { message, rewrite } : message);

/** `rewrite`, where there is one, as the part of an `Explained` that says it. */
const fixOf = (rewrite: Explained['rewrite'] | null) => (rewrite ? { rewrite } : {});

export interface Explained {
  /** Without the `TOML syntax error: ` prefix. */
  readonly message: string;
  /** Where to show it, when not at the error's character (a bare word: the whole word). */
  readonly span?: Span;
  /** The character it is said of, where no `span` is given and it is not the error's (what follows a `0`). */
  readonly at?: number;
  readonly related?: ReadonlyArray<{ readonly span: Span; readonly message: string }>;
  /** The text to type, where it leaves no doubt (a comma missing between two items on one line). */
  readonly rewrite?: NonNullable<SyntaxProblem['rewrite']>;
}

/** What to say for smol-toml's message `raw` at offset `at` of `text` (the model's text), in `section`. */
export function explainError(text: string, section: Section, at: number, raw: string): Explained {
  // smol-toml calls a `0` followed by anything it does not take an illegal leading zero (`0,5`,
  // `0s`, `0` U+00A0 `1`): but for a digit, `_` or a base prefix after it, it is what follows the
  // `0` that is wrong, said as after any other digit, there.
  if (raw === 'illegal leading zero') {
    const next = at + (text[at] === '+' || text[at] === '-' ? 2 : 1);
    if (next < text.length && !/[0-9_xXoObB]/.test(text[next]!)) {
      return { at: next, ...explainError(text, section, next, 'illegal character in numeric literal') };
    }
    // Underscores after the `0` and no digit after them (`0_`, `0__`, `0_.5`): no `0` to drop, what follows
    // it is wrong, said as after another digit (`1_`, `1__`, `1_.5`), there.
    const underscores = /^_+/.exec(text.slice(next, next + 64))?.[0].length ?? 0;
    if (underscores > 0 && !/[0-9]/.test(text[next + underscores] ?? '')) {
      const after = next + 1;
      if (after >= text.length || /[ \t\r\n,\]}#]/.test(text[after]!)) return explainError(text, section, at, 'unfinished numeric value');
      return { at: after, ...explainError(text, section, after, text[after] === '_' ? 'illegal underscore' : 'illegal character in numeric literal') };
    }
  }
  const said = explained(text, section, at, raw) ?? raw;
  return typeof said === 'string' ? { message: said } : said;
}

export type Container = Extract<TomlValue, { kind: 'array' | 'inline-table' }>;

/**
 * A list or inline table left open before `at`, named by the key holding it, with where it opens.
 * `atItem`: shown at the end of its last item before `at`, where the closing bracket goes, when the
 * error is at the end of a line or of the text (the character before it may be a comment's last);
 * else at the error, the statement that showed it open, as Mars reports it.
 */
function leftOpen(text: string, section: Section, open: Container, at: number, atItem: boolean): Explained {
  const owner = section.entries.find(({ value: v }) =>
    (v?.kind === 'array' || v?.kind === 'inline-table') && v.span.start <= open.span.start && (open.span.start < v.span.end || !v.closed));
  const key = owner ? text.slice(owner.key.span.start, owner.key.span.end) : null;
  const what = open.kind === 'array' ? 'list' : 'inline table';
  const whose = key === null ? `a ${what}` : owner!.value === open ? `the ${what} of ${quoted(key)}` : `a ${what} in ${quoted(key)}`;
  const items = itemsOf(open);
  const lastEnd = items.reduce((end, i) => (i.span.end <= at ? Math.max(end, i.span.end) : end), open.span.start + 1);
  // A statement's own list, closed after its last item (the statement below, or the text's end, ends it).
  const rewrite = owner?.value === open ? closedList(text, open, lastEnd, at) : null;
  return {
    message: `${whose} is not closed: add \`${closer(open)}\``,
    ...(atItem ? { span: { start: lastEnd - (/[\udc00-\udfff]/.test(text[lastEnd - 1] ?? '') ? 2 : 1), end: lastEnd } } : {}),
    related: [{ span: { start: open.span.start, end: open.span.start + 1 }, message: `the ${what} opens here` }],
    ...(rewrite ? { rewrite } : {}),
  };
}

/** Why a lone carriage return is an error, said of it wherever it stands. */
const LINE_ENDS = 'TOML ends a line with a line feed (`\\n` or `\\r\\n`)';

export const closer = (open: Container) => (open.kind === 'array' ? ']' : '}');

/** What a comma missing in `open` (between two items of a list, two key/values of an inline table) is said as. */
const commasBetween = (open: Container) =>
  open.kind === 'array' ? 'expected `,` or `]`: the items of a list are separated by commas' : 'expected `,` or `}`: the keys of an inline table are separated by commas';

function explained(text: string, section: Section, at: number, raw: string): string | Explained | null {
  const c = text[at];
  const lineStart = lineStartAt(text, at);
  const before = text.slice(lineStart, at);
  // The line is a header (the model may not have read it as one: a `[` typed at the file's end).
  const header = /^\uFEFF?[ \t]*\[/.test(before) && !openContainer(section.entries, at);
  // A lone CR is a control character to TOML, not a line break.
  const atLineEnd = at >= text.length || c === '\n' || (c === '\r' && text[at + 1] === '\n');
  const last = before.trimEnd().at(-1); // the character before, past blanks
  const open = () => openContainer(section.entries, at);
  // The backslashes that begin no escape of the string or quoted key part at `at`, each written `\\`.
  const strayAt = (at: number) => {
    const str = stringAt(section, at) ?? quotedKeyAt(text, section, at);
    return str ? strayBackslashes(text, str, at) : null;
  };
  // Punctuation typed with an East Asian keyboard layout (`["read"， "edit"]`, `allowed ＝ […]`): drawn as TOML's, read as no punctuation.
  const ascii = punctuationLookalike(c);
  if (ascii) {
    const rewrite = lookalikePunctuation(text, section.span.start, section.span.end, at);
    if (rewrite) return { message: `${quoted(c!)} (${uPlus(c!.codePointAt(0)!)}) looks like ${quoted(ascii)} but TOML does not read it as one: write ${quoted(ascii)}`, rewrite };
  }
  const headerBrackets = /^\uFEFF?[ \t]*\[\[/.test(before) ? ']]' : ']';
  const headerNotClosed = `this table header is not closed: add \`${headerBrackets}\``;
  // A character TOML does not read as a blank (a no-break space, a zero-width space) right after an
  // item, where its comma is missing before the next: smol-toml says what it says of any character
  // after a string or a number there (after a comma, or a `[`, it says "invalid value").
  // Not where what closes the list or table, or a comma, follows it (`["read"` U+00A0 `]`): no item
  // follows, so no comma is missing; it is named as elsewhere (`unreadBlank`).
  // Not after a backslash in a string (`"a\` U+00A0 `b"`), where it is text: the escape is what is wrong.
  if (UNREAD_BLANK.test(c ?? '') && raw !== 'unrecognised escape sequence') {
    const afterItem = raw === 'expected comma or end of structure' || raw === 'illegal character in numeric literal';
    // What follows, past blanks and such characters; at the line's end (or a comment), on the next
    // line with code (`"a"` U+3000, then `]` or `, "b"` below: no comma is missing either).
    const itemFollows = () => {
      const lineEnd = lineEndAt(text, at);
      const rest = text.slice(at, lineEnd).replace(BLANKS_AND_UNREAD, '');
      if (rest !== '' && !rest.startsWith('#')) return !/^[\]},]/.test(rest);
      BLANKS_AND_COMMENTS.lastIndex = lineEnd;
      return !/[\]},]/.test(text[lineEnd + BLANKS_AND_COMMENTS.exec(text)![0].length] ?? '');
    };
    const o = afterItem && itemFollows() ? open() : null;
    if (!o) {
      // Among values written without the brackets of their list (`"read"` U+00A0 `, "grep"`): that list, which names it.
      const inside = open();
      const values = !inside ? valuesWithoutBrackets(text, section.entries, at) : inside.kind === 'inline-table' ? valuesWithoutBrackets(text, inside.entries, at, true) : null;
      return values ?? unreadBlank(text, section, at);
    }
    const message = `${commasBetween(o)} (${unreadKind(c!, ' here')} TOML does not read as a blank)`;
    const comma = missingComma(text, o, at, before);
    return comma ? { message, rewrite: comma } : message;
  }
  // In an inline table, values after a key's value with commas between them, where smol-toml read
  // the second as a key (`tools = { allowed = "read", "grep" }`): the list they make, as after a
  // statement's value.
  const table = open();
  if (table?.kind === 'inline-table') {
    const said = valuesWithoutBrackets(text, table.entries, at, true) ?? valuesBeforeKey(text, table.entries, at);
    if (said) return said;
  }
  // A lone CR where an item, a comma or the closing bracket was due (`["a"` CR `"b"]`): a control
  // character to TOML, which an editor shows as a line break; no comma or `]` is missing for it.
  // Where a value is due too (`x =` CR `"a"`).
  if (c === '\r' && !atLineEnd && (raw === 'invalid value' || (raw === 'expected comma or end of structure' && open()))) return `a lone carriage return (U+000D): ${LINE_ENDS}`;
  const slashes = last !== '=' && open()?.kind !== 'inline-table' ? slashComment(text, at, before) : null;
  if (slashes) return slashes;
  switch (raw) {
    case 'invalid date':
    case 'invalid date-time: date part is malformed':
    case 'invalid date-time: time part is malformed': {
      // Shown on the whole date or time, as a bad word is, not on its first digit.
      const token = /^[0-9][0-9:.+\-TtZz ]*/.exec(text.slice(at, lineEndAt(text, at)))?.[0].trimEnd() ?? '';
      return token === '' ? dateError(token) : { message: dateError(token), span: { start: at, end: at + token.length } };
    }
    case 'control characters are not allowed in strings': {
      const quote = quoteOpenAt(text, section, lineStart, at);
      if (atLineEnd) {
        const message = `a string must end on the line it starts: add the closing \`${quote}\` (a string over several lines is written between \`${quote.repeat(3)}\`)`;
        // A value's string (not a quoted key's): closed after its text, or where the other quote closes it, with the one it opens with.
        const str = stringAt(section, at);
        const closed = str && str.span.start >= lineStart ? closedString(text, str.span.start, openContainer(section.entries, str.span.start) !== null) : null;
        const other = quote === '"' ? "'" : '"';
        if (closed && closed.span.end === closed.span.start + 1 && text[closed.span.start] === other) return { message: `this string opens with \`${quote}\` and ends with \`${other}\`: close it with the quote it opens with`, rewrite: closed };
        return withFix(message, closed);
      }
      const code = uPlus(text.charCodeAt(at));
      return quote === "'"
        ? `control character ${code} in a literal string: write it as \`\\u${code.slice(2)}\` in a "..." string instead`
        : `control character ${code} in a string: write it as \`\\u${code.slice(2)}\``;
    }
    case 'control characters are not allowed in comments':
      // A lone CR shows as a line break in most editors: named, so the error is not on nothing.
      return `control character ${uPlus(text.charCodeAt(at))}${c === '\r' ? ' (a carriage return not followed by a line feed)' : ''} in a comment: delete it (a comment holds no control character but tab)`;
    case 'unfinished string': {
      const triple = text.startsWith('"""', at) || text.startsWith("'''", at);
      const message = `this string is never closed: add the closing \`${(text[at] === "'" ? "'" : '"').repeat(triple ? 3 : 1)}\``;
      // A value's one-line string at the text's end (the model reads no quoted key as a string).
      return withFix(message, !triple && stringAt(section, at + 1) ? closedString(text, at, open() !== null) : null);
    }
    case 'unfinished array':
      return 'this list is never closed: add `]`';
    case 'unfinished table':
      return 'this inline table is never closed: add `}`';
    case 'expected end of table array declaration':
      return 'a `[[...]]` header ends with `]]`';
    case 'unrecognised escape sequence': {
      // Shown on the backslash and its character, as in a multi-line string.
      const json = text[at] === '/' ? ' (JSON reads `\\/` as `/`)' : '';
      const message = `${escapeWritten(text, at)} is not an escape TOML knows${json}: write \`\\\\\` for a backslash, or use a literal string ('...'), where a backslash is plain`;
      return text[at - 1] === '\\' ? { message, span: { start: at - 1, end: at + (text.codePointAt(at)! > 0xffff ? 2 : 1) }, ...fixOf(strayAt(at)) } : withFix(message, strayAt(at));
    }
    case 'invalid escape: only line-ending whitespace may be escaped':
      // A multi-line string's `\` before blanks that do not run to the line's end (`a\ b`): in a
      // one-line string smol-toml calls the same `\ ` an unrecognised escape, said at its blank.
      return { message: `${escapeWritten(text, at + 1)} is not an escape TOML knows: write \`\\\\\` for a backslash, or use a literal string ('''...'''), where a backslash is plain; a \`\\\` at the end of a line joins it to the next`, span: { start: at, end: at + 2 }, ...fixOf(strayAt(at)) };
    case 'illegal quoted key: multiline strings are not allowed': {
      const q = text[at] === "'" ? "'" : '"';
      return `a key is quoted with one \`${q}\` on each side, not \`${q.repeat(3)}\``;
    }
    case 'invalid unicode escape':
      return badCodePoint(text, at);
    case 'invalid non-hex character in unicode escape':
      // `C:\\Users`: a backslash, not a code, where no hex digit follows.
      return text[at - 2] === '\\' ? withFix(`${quoted(text.slice(at - 2, at))} begins a Unicode escape (${text[at - 1] === 'u' ? 'four' : 'eight'} hex digits): write \`\\\\\` for a backslash, or use a literal string ('...'), where a backslash is plain`, strayAt(at))
        : '`\\u` takes four hex digits and `\\U` eight (`\\u00E9`)';
    case 'illegal underscore':
      return 'an underscore in a number goes between two digits (`1_000`)';
    case 'illegal leading zero': {
      // smol-toml says this of any `0` followed by what it does not take: a base prefix in upper
      // case (`0XFF`) or after a sign (`-0x1`) is no leading zero, and the advice would mislead.
      const [token, sign, base] = /^([+-]?)0([xXoObB])[0-9A-Za-z_]*/.exec(text.slice(at, lineEndAt(text, at))) ?? [];
      if (token === undefined) return leadingZero(text, at);
      const lower = `0${base!.toLowerCase()}${token.slice(sign!.length + 2)}`;
      return sign
        ? `a hex, octal or binary number takes no sign (${quoted(lower)}, not ${quoted(token)})${sign === '-' ? ': write a negative number in decimal' : ''}`
        : `the prefix of a hex, octal or binary number is written in lower case: ${quoted(lower)}, not ${quoted(token)}`;
    }
    case 'illegal empty bare key':
      return `a part of this key is empty: remove the extra \`.\`, or write an empty name as \`""\``;
    case 'unexpected end of key':
      if (last === '.') return 'a key part is missing after `.`';
      if (header || last === '[') return 'the table header has no name: write one, such as `[agents.coder.tools]`';
      return 'a key is missing before `=`';
    case 'incomplete key-value: cannot find end of key':
      // The line ran out before its `=` (at the end of the file: nothing after the key).
      if (header) {
        // Shown at the line's end, where the `]` goes, not at the key's start.
        let end = lineEndAt(text, at);
        while (end > lineStart + 1 && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
        return { message: headerNotClosed, span: { start: end - 1, end }, ...fixOf(closedHeader(text, end, headerBrackets)) };
      }
      if (/\.[ \t]*$/.test(text.slice(at, lineEndAt(text, at)))) return 'a key part is missing after `.`';
      // Reported at the key's start: a key there is only missing its `=`.
      if (open()?.kind === 'inline-table' && (last === '{' || last === ',') && !/^[A-Za-z0-9_"'-]/.test(c ?? '')) return expectedKey(text, at);
      return 'expected `=` and a value after the key';
    case 'illegal character in key': {
      // Where a key goes or within one (a line of line ends converted twice, `\r\r\n`): named as
      // what an editor shows, a line break, which is no character of a key to quote.
      if (c === '\r' && !atLineEnd) return `a lone carriage return (U+000D): ${LINE_ENDS}`;
      // A key in curly quotes (`“allowed” = [...]`, `[“agents”.a]`): its quotes named, as in a value.
      if (foreignQuote(c) && (last === undefined || last === '.' || last === ',' || last === '{' || (header && last === '['))) {
        const message = `${quoted(c!)} is not a TOML quote: use a straight \`"\` or \`'\``;
        const rewrite = straightQuotedKey(text, at, header);
        return withFix(message, rewrite);
      }
      if (header) {
        if (atLineEnd || c === '#') return withFix(headerNotClosed, closedHeader(text, at, headerBrackets));
        if (c === '[') return 'expected `]` before this `[`: a header names one table (is its `]` missing?)';
        if (/[ \t"']$/.test(before)) return withFix('expected `.` or `]`: the parts of a table name are joined with `.` (put a name with spaces in quotes)', quotedKeyPart(text, at, true));
        return notBare(text, at, true, null, 'put this part of the name in quotes');
      }
      if (last === '.' && (atLineEnd || c === '#' || c === '=' || c === ' ' || c === '\t')) return 'a key part is missing after `.`';
      const inline = open()?.kind === 'inline-table';
      if (inline && (last === '{' || last === ',')) return expectedKey(text, at);
      // Braces around values where a list's brackets go (`{"read", "edit"}`): no key/value was meant.
      const braces = inline && (c === '}' || c === ',') ? bracesForList(text, open()!) : null;
      if (braces) return { message: `an inline table holds \`key = value\` pairs: a list is written in brackets (${quoted(braces.newText())})`, rewrite: braces };
      if (atLineEnd && !open() && FENCE.test(text.slice(lineStart, lineEndAt(text, at)))) return frontMatterFence(text, lineStart);
      // A `{` first on its line where a key goes: a JSON document's (a settings file pasted whole), which TOML writes otherwise.
      if (c === '{' && !open() && before.trim() === '') {
        return withFix('TOML writes no `{` around a table as JSON does: write `key = value` lines, a table\'s below its `[header]` (`[agents.coder.tools]` then `allowed = ["read"]`)', jsonDocument(text, at));
      }
      // In an inline table, a key then its `,` or `}` (`{ x = "a", b, y = 1 }`): its `=` and value are missing.
      if (atLineEnd || c === '#' || (inline && (c === '}' || c === ','))) return 'expected `=` and a value after the key';
      if (c === ':') return yamlList(text, at) ?? (open() ? null : yamlBlock(text, at) ?? yamlMap(text, at)) ?? withFix('expected `=` after the key (TOML writes `=`, not `:`)', colonForEquals(text, at, !open()));
      const o = open();
      const operator = assignedWith(text, at, o?.kind === 'inline-table' ? o.entries : section.entries, before);
      if (operator) return operator;
      // After blanks or a quoted key, the key is complete: what follows it is out of place.
      // Words after it (not a value, its `=` missing: `allowed ["read", "grep", "x"]`, `x "a b c"`) may be prose.
      const prose = !open() && /^\p{L}/u.test(c ?? '') && /^[ \t]*[^\s"'=]+[ \t]+$/.test(before) ? proseLines(text, lineStart) : null;
      if (prose) return prose;
      if (/[ \t"']$/.test(before)) {
        const equals = equalsMissing(text, at);
        const quotes = equals ? null : quotedKeyPart(text, at, false, open());
        return quotes ? { message: 'expected `=` after the key (put a key with spaces in quotes)', rewrite: quotes } : withFix('expected `=` after the key', equals);
      }
      return notBare(text, at, false, open(), 'put the key in quotes');
    }
    case 'each key-value declaration must be followed by an end-of-line':
      // A lone CR shows as a line break in most editors: named as one, after a header as after a value.
      if (text[at] === '\r') return `a lone carriage return (U+000D) after ${header ? 'the table header' : 'the value'}: ${LINE_ENDS}`;
      return header
        ? afterHeader(text, at)
        : ((c === ',' || c === '"' || c === "'") && valuesWithoutBrackets(text, section.entries, at)) || valueThenCloser(text, section.entries, at) || offsetOnTime(text, at) || quoteInside(text, at) || strayCloser(text, section.entries, at);
    case 'expected comma or end of structure': {
      const o = open();
      if (!o) return null;
      const offset = offsetOnTime(text, at);
      if (offset) return offset; // said as where no list is: no comma is missing
      // A `key =` line, or a header, where an item was due: the list above it was left open.
      // Shown on the statement that showed it open, when the error is on it; else after the last item.
      // Not a list as the item (`[3]`, `["b"]`, headers too) in a list the `]` below closes.
      const statement = o.kind === 'array' && nextIsStatement(text, at, before) && !listAsItem(text, o, at);
      if (statement && !/\S/.test(before) && closedBelow(text, at)) return 'a list holds values, not `key = value`';
      if (statement) return leftOpen(text, section, o, at, /\S/.test(before) || at >= text.length || /^[ \t]*$/.test(text.slice(at, lineEndAt(text, at))));
      // A `;` for the comma (`["read"; "edit"]`); in an inline table, a `]` typed twice after a key's list (`{ a = [1]] }`).
      const slip = semicolonForComma(text, o, at) ?? (o.kind === 'inline-table' ? strayClosers(text, o.entries, at, true) : null);
      if (slip) return { message: commasBetween(o), rewrite: slip };
      const comma = missingComma(text, o, at, before);
      // A name after an item, no comma between (`"read"` then `edit` on the line below): the comma, and its quotes.
      const quotedToo = comma ? null : commaAndQuotedValue(text, o, at);
      if (quotedToo) {
        return { message: `${commasBetween(o)}, and text is written in quotes`, span: { start: at, end: quotedToo.span.end }, rewrite: quotedToo };
      }
      // Text right after a string's closing quote, no blank between (`"bash(grep "foo")"`, a doubled
      // `""`): most often a quote meant inside the string, where no comma mends it. Where a whole string
      // follows (`["a""b"]`, SQL's `['it''s']`) a comma is offered, as a guess (see `missingComma`).
      const quote = before.at(-1);
      // A string's closing quote left out before its comma (`["Read, "Grep"]`): the quote after the comma read as it.
      const late = !comma && o.kind === 'array' ? quoteBeforeComma(text, section.span.start, section.span.end, at) : null;
      if (late) return { message: `expected \`,\` or \`]\`: the string before this ends with a comma, where its closing \`${quote}\` looks left out`, rewrite: late };
      // Not a `;` (`["a"; tru]`): a separator of other languages, as with a fix (`semicolonForComma`).
      const inside = (!comma || comma.guess === true) && (quote === '"' || quote === "'") && !/[\s,\]}#;]/.test(c ?? ' ');
      const message = inside ? `${commasBetween(o)}${meantInside(quote!, `the \`${quote}\` before this`)}` : commasBetween(o);
      return withFix(message, comma ?? (inside ? innerQuotes(text, at, o.kind === 'array' ? FOLLOWS_IN_LIST : FOLLOWS_IN_TABLE) : null));
    }
    case 'unfinished numeric value':
      return unfinishedNumber(text, at);
    case 'illegal character in numeric literal': {
      if (c === ',') return commaInNumber(text, at);
      // A value started right after a number (`[1"a"]`, `[1[2]]`), a bracket closing nothing
      // (`n = 1]`), an `=` or a `;`: said as after any other value (`[true"a"]`, `"a"]`), where a comma is
      // missing, or where the line was to end.
      const inside = open();
      if (c === '"' || c === "'" || c === ']' || c === '}' || c === '=' || c === ';' || ((c === '[' || c === '{') && inside)) {
        return explained(text, section, at, inside ? 'expected comma or end of structure' : 'each key-value declaration must be followed by an end-of-line');
      }
      // A version, a path or a size written bare (`1.2.3`, `30s`): smol-toml read a number up to here.
      return unquotedText(text, at);
    }
    case 'invalid value': {
      // A list written as YAML writes one on the lines below (`allowed =` ⏎ `  - Read`), outside a list or an inline
      // table; so for a block of text (`description = |` ⏎ `  Reviews code.`, its `:` replaced alone).
      const equals = lineStart + before.trimEnd().length - 1;
      const yaml = last === '=' && !open() ? (atLineEnd || c === '#' ? yamlList(text, equals) : c === '|' || c === '>' ? yamlBlock(text, equals) : null) : null;
      if (yaml) return yaml;
      if (last === '=' && (atLineEnd || c === '#' || c === '}' || c === ']' || c === ',')) return 'a value is missing after `=`';
      if (c === '=' && last === '=') return { message: 'one `=` between the key and its value', rewrite: secondEquals(text, at) };
      const o = open();
      if (atLineEnd || c === '#') {
        if (!o) return 'a value is missing after `=`';
        // Nothing but comments to the end: the list was left open.
        return onlyCommentsFrom(text, at) ? leftOpen(text, section, o, at, true) : `expected a value, or \`${closer(o)}\``;
      }
      if (c === ',') {
        const message = 'expected a value before this `,`: remove the extra comma';
        return o?.kind === 'array' ? { message, rewrite: extraComma(text, at) } : message;
      }
      // A `}` where a list's item or its `]` is due (`[1, }]`, `[}"read"]`): it closes nothing open there.
      if (c === '}' && o?.kind === 'array') return 'expected a value, or `]`: this `}` closes no inline table';
      if (c === '=' && o?.kind === 'array') return 'expected a value, or `]`: a list holds values, not `key = value`';
      // Curly quotes, and the low ones German and Polish open with (`„read“`, `‚read‘`).
      if (foreignQuote(c)) {
        const message = `${quoted(c)} is not a TOML quote: use a straight \`"\` or \`'\``;
        const rewrite = quotedValue(text, at, o);
        return withFix(message, rewrite);
      }
      if (o?.kind === 'array' && KEY_LINE.test(text.slice(at, lineEndAt(text, at)))) {
        // `Bash = "allow",` inside a list closed further down, or a list left open above a `key =` line.
        return closedBelow(text, at) ? 'a list holds values, not `key = value`' : leftOpen(text, section, o, at, false);
      }
      if (c === '(') return inParentheses(text, at);
      // `- Read` on a line of its own in a list: its items written as YAML writes them.
      const dashed = c === '-' && o?.kind === 'array' ? yamlItems(text, o.span) : null;
      if (dashed) return dashed;
      const word = bareWordAt(text, at);
      if (word === undefined) return unquotedText(text, at);
      const span = { start: at, end: at + word.length };
      if (word.length > 40) return { message: 'text here must be in quotes', span }; // a word that long is not typed
      // JSON's, YAML's or Python's null: no text meant, so no quotes advised.
      if (/^(?:null|nil|none|undefined)$/i.test(word)) {
        const instead = o?.kind === 'array' ? 'leave the item out' : 'leave the key out, or write a value (`[]` for an empty list)';
        return { message: `${quoted(word)} is not a value TOML knows: TOML has no null; ${instead}`, span };
      }
      const names = o ? null : namesWithoutBrackets(text, at);
      if (names) return names;
      const lower = /^(?:true|false)$/i.test(word) ? '; true and false are written in lower case' : '';
      const rewrite = quotedValue(text, at, o);
      // Words with blanks between in a list: each in quotes, as its fix writes them (two names, their comma missing).
      const written = rewrite?.span.end === span.end ? rewrite.newText() : `"${word}"`;
      const how = written.startsWith(`"${word}"`) ? 'write text in quotes' : 'write each value in quotes, a comma between them';
      return { message: `${quoted(word)} is not a value TOML knows: ${how} (${quoted(written)})${lower}`, span, ...(rewrite ? { rewrite } : {}) };
    }
    default:
      return null;
  }
}

/** A `---` line (`FENCE`) at `lineStart`: said as YAML's, which TOML has no use for, and its line removed (no guess: it means nothing here). */
function frontMatterFence(text: string, lineStart: number): Explained {
  const start = text.indexOf('---', lineStart);
  return {
    message: '`---` fences YAML front matter, which TOML has no use for: remove the line',
    span: { start, end: start + 3 },
    rewrite: { title: 'Remove the line `---`', span: { start: lineStart, end: nextLineStart(text, lineStart) }, newText: () => '' },
  };
}

/** A line of prose: words with blanks between, three at least, no `=` (a statement's key missing its `=` has two words or fewer, or its `=` after). */
const PROSE = /^[ \t]*[^\s=#[][^\s=]*(?:[ \t]+[^\s=]+){2,}[ \t]*$/;

/**
 * Lines of prose from `lineStart` where a key goes (an agent's prompt pasted with its front matter: `You are a code
 * reviewer.`), the error after its first word: said as such, not as a key missing its `=`; each line of the run
 * (up to a blank line, a comment, a header, or a line with an `=`) made a comment, a guess (offered, neither
 * preferred nor in fix-all: the text may be meant as a value, or not at all). Null where the line is no prose.
 */
function proseLines(text: string, lineStart: number): Explained | null {
  const first = text.slice(lineStart, lineEndAt(text, lineStart));
  if (!PROSE.test(first)) return null;
  const starts: number[] = [];
  let end = lineStart;
  for (let at = lineStart; at < text.length; at = nextLineStart(text, at)) {
    const lineEnd = lineEndAt(text, at);
    if (!PROSE.test(text.slice(at, lineEnd)) && !(starts.length > 0 && /^[ \t]*[^\s=#[][^=]*$/.test(text.slice(at, lineEnd)))) break;
    starts.push(at);
    end = lineEnd;
    if (lineEnd >= text.length) break;
  }
  const indent = (at: number) => at + /^[ \t]*/.exec(text.slice(at, lineEndAt(text, at)))![0].length;
  return {
    message: `${quoted(shortened(first.trim()))} reads as prose, not \`key = value\`: TOML holds text in a value (\`description = "…"\`), or in a comment after \`#\``,
    span: { start: indent(lineStart), end: lineStart + first.trimEnd().length },
    rewrite: { title: starts.length === 1 ? 'Make the line a comment' : `Make the ${starts.length} lines a comment`, span: { start: indent(lineStart), end }, guess: true,
      newText: () => starts.map((at, i) => `${i === 0 ? '' : text.slice(lineEndAt(text, starts[i - 1]!), indent(at))}# ${text.slice(indent(at), lineEndAt(text, at))}`).join('') },
  };
}

/** `c`, one of `UNREAD_BLANK`, named, what it is said after (`U+200B (a zero-width space) here is an invisible character`). */
export const unreadKind = (c: string, where = '') =>
  `${uPlus(c.codePointAt(0)!)}${NAMES[c] ? (where ? `${where}, ${NAMES[c]},` : ` (${NAMES[c]})`) : where} is ${INVISIBLE.test(c) ? 'an invisible character' : 'white space'}`;

/** How much of a section a fix is checked by reading again (`unreadBlank`): all of it, or the part around the fix's line (`rereadHead`). */
const REREAD_MAX = 100_000;

/**
 * A character TOML does not read as a blank at `at` (and those of them right after it), where
 * smol-toml stopped: named, as it shows as a space or as nothing. White space is replaced by spaces,
 * an invisible character deleted, where `section` then reads past its line (not `my key = 1`, where
 * a space is an error too), white space too at the start or the end of its line (blanks beside it
 * at most: the indentation before it kept, the blanks before it at the end removed); else a line or
 * paragraph separator, or NEL, by a line break where that reads (`x = 1` U+2028 `y = 2`). A byte
 * order mark keeps its own message (files joined together leave theirs inside), and its fix.
 */
function unreadBlank(text: string, section: Section, at: number): Explained {
  const run = UNREAD_BLANKS.exec(text.slice(at, lineEndAt(text, at)))![0];
  const span = { start: at, end: at + run.length };
  const c = text[at]!;
  const u = uPlus(c.codePointAt(0)!);
  if (c === '\uFEFF') {
    // Removed in one fix with those right after it (files joined more than once), as a run of
    // other such characters is.
    const n = /^\uFEFF+/.exec(run)![0].length;
    const marks = { start: at, end: at + n };
    return { message: strayBom(n), span: marks, rewrite: { title: `Remove the byte order mark${n > 1 ? 's' : ''}`, span: marks, newText: () => '' } };
  }
  const message = `${unreadKind(c)} TOML does not read as a blank (its blanks are space and tab)`;
  const end = section.span.end;
  const lineStart = lineStartAt(text, at);
  const head = rereadHead(text, section, lineStart);
  if (head === null) return { message, span };
  const line = lineEndAt(text, at);
  const lineNo = (t: string) => t.split(/\r\n|\n/).length;
  const lineBreak = text[line] === '\r' ? '\r\n' : '\n';
  // In a long section, read to the line's end only: a list or inline table open there is then left
  // open at the end of what is read, where smol-toml's error is on a line below, as an error further
  // on would be. (A string over lines opening on the line is said to be left open at its start, on
  // the line: no fix, as where it is never closed.)
  const cut = head.length + (end - lineStart) > REREAD_MAX;
  const after = cut ? text.slice(line, Math.min(end, line + lineBreak.length)) : text.slice(line, end);
  // Whether the section reads past the line with `newText` in place of `s` (the run), the rest of
  // the line's such characters fixed as they will be in turn, each in its own error (a space, or
  // nothing where invisible; else a line break where one of them may be that): not withheld because
  // another of them follows on the line (`["a",` U+00A0 `"b",` U+00A0 `"c"]`).
  const reads = (newText: string, s: Span = span) => {
    const fixedAs = (breaks: boolean) => text.slice(s.end, line).replace(EACH_UNREAD, (ch) => unreadFixedAs(ch, breaks ? lineBreak : undefined));
    const spaced = fixedAs(false);
    const broken = fixedAs(true);
    return readsWith(newText, s, spaced) || (broken !== spaced && readsWith(newText, s, broken));
  };
  const readsWith = (newText: string, s: Span, rest: string) => {
    const upTo = head + text.slice(lineStart, s.start) + newText + rest;
    try {
      smolParse(upTo + after, { integersAsBigInt: 'asNeeded' });
    } catch (e) {
      // Still an error on its line (or one above, which smol-toml read past before).
      const errLine = (e as { line?: number }).line;
      if (typeof errLine !== 'number' || errLine <= lineNo(upTo)) return false;
    }
    return true;
  };
  // At the end of its line (blanks around it at most): removed with those blanks, white space too,
  // where a space would be white space left at the line's end.
  const rest = text.slice(span.end, line);
  if (/^[ \t]*$/.test(rest)) {
    const removed = { start: at - /[ \t]*$/.exec(text.slice(lineStartAt(text, at), at))![0].length, end: line };
    if (reads('', removed)) {
      return { message: `${message}: delete it`, span, rewrite: { title: `Remove ${u}`, span: removed, newText: () => '' } };
    }
  }
  // At the start of its line (blanks before it at most): removed, white space too, where a space
  // would indent the line by one more; the indentation written before it is kept.
  const blanks = [...run].map((ch) => unreadFixedAs(ch)).join('');
  const atLineStart = /^[ \t]*$/.test(text.slice(lineStartAt(text, at), at));
  const written = atLineStart && blanks !== '' && reads('') ? '' : reads(blanks) ? blanks : null;
  if (written !== null) {
    const [title, say] = written === '' ? [`Remove ${u}`, 'delete it'] : [`Replace ${u} with a space`, 'write a space'];
    return { message: `${message}: ${say}`, span, rewrite: { title, span, newText: () => written } };
  }
  if (LINE_BREAK.test(c) && run === c && reads(lineBreak)) {
    return { message: `${message}, nor as a line break (LF or CRLF): write a line break`, span, rewrite: { title: `Replace ${u} with a line break`, span, newText: () => lineBreak } };
  }
  return { message, span };
}

/**
 * The text smol-toml reads of `section` before the line at `lineStart`, for `unreadBlank` to read
 * again: where that is longer than REREAD_MAX, the statement the line is in, with the items before
 * it left out of each list that holds it but the last (read with no error, they leave the list as
 * that item does: after an item, or after its comma); an inline table's key/values are kept (a key
 * on the line may be one of them). A line in no list gets the keys defined above it in the section,
 * each with a short value: a key on the line may be one of them, or inside one (`a = 1` then `a.b`),
 * which a value written in full says as one written short does. Null where that is long too, or the
 * line is inside a value that is no list (a string over lines).
 */
function rereadHead(text: string, section: Section, lineStart: number): string | null {
  const start = section.span.start;
  if (lineStart - start <= REREAD_MAX) return text.slice(start, lineStart);
  const entries = section.entries;
  const above = lastAtOrBefore(entries.length, (i) => entries[i]!.span.start, lineStart - 1);
  const kv = entries[above];
  let v: TomlValue | null | undefined = kv?.value;
  if (!kv || v?.kind !== 'array' || !holdsLine(v, lineStart)) {
    if (kv && kv.span.end > lineStart) return null;
    let keys = '';
    for (let i = 0; i <= above && keys.length <= REREAD_MAX; i++) keys += `${text.slice(entries[i]!.key.span.start, entries[i]!.key.span.end)} = 0\n`;
    return keys.length <= REREAD_MAX ? keys : null;
  }
  let head = text.slice(kv.span.start, v.span.start);
  let from = v.span.start;
  while (v?.kind === 'array') {
    const items: readonly TomlValue[] = v.items;
    const j = lastAtOrBefore(items.length, (i) => items[i]!.span.start, lineStart - 1);
    if (j > 0) {
      head += text.slice(from, items[0]!.span.start);
      from = items[j]!.span.start;
    }
    const inner: TomlValue | undefined = items[j];
    v = inner && (inner.kind === 'array' || inner.kind === 'inline-table') && holdsLine(inner, lineStart) ? inner : undefined;
  }
  head += text.slice(from, lineStart);
  return head.length <= REREAD_MAX ? head : null;
}

/** Whether the line at `lineStart` is inside `v` (after where it opens, before where it closes). */
const holdsLine = (v: Container, lineStart: number) => v.span.start < lineStart && (lineStart < v.span.end || !v.closed);

/** `n` byte order marks past the file's start, where smol-toml stops at the first. */
const strayBom = (n: number) => `${n > 1 ? `${n} invisible byte order marks` : 'an invisible byte order mark'} (U+FEFF) here: Mars reads one only as the first character of the file; delete ${n > 1 ? 'them' : 'it'}`;

/** A number's prefix: the base it names, and that base's digits. */
const BASES: Readonly<Record<string, readonly [string, string]>> = {
  '0x': ['a hex number', '0 to 9 and A to F'],
  '0o': ['an octal number', '0 to 7'],
  '0b': ['a binary number', '0 and 1'],
};

/**
 * A comment written as JavaScript or C write one (`// allow reading`, `allowed = ["read"] // why`),
 * where a key, a value's end or an item goes: first on its line, or after a blank or what ends a
 * value. Its slashes made `#`, which leaves no doubt: nothing in TOML starts with `/` there. Not
 * where a value is due (`source = //host/x`, a value left unquoted) nor in an inline table, which
 * holds no comment.
 */
function slashComment(text: string, at: number, before: string): Explained | null {
  if (!text.startsWith('//', at) || !/(?:^\uFEFF?|[ \t\]}"',[])$/.test(before)) return null;
  const slashes = /^\/+/.exec(text.slice(at, at + 256))![0];
  return {
    message: `a TOML comment starts with \`#\`, not \`${slashes}\``,
    span: { start: at, end: at + slashes.length },
    rewrite: { title: `Change \`${slashes}\` to \`#\``, span: { start: at, end: at + slashes.length }, newText: () => '#' },
  };
}

/**
 * A value written bare that reads as no number (`1.2.3`, `^1.2`, `./agents`, `30s`), with the error
 * at `at` inside it: the whole of it, which is most likely text that needs its quotes. Not a value
 * cut short where a separator follows a number (`1,5`: see `commaInNumber`), which is not text.
 */
function unquotedText(text: string, at: number): Explained | null {
  const lineStart = lineStartAt(text, at);
  let start = at;
  while (start > lineStart && !/[\s=,[{]/.test(text[start - 1]!)) start--;
  const found = /^[^\s,\]}#"'=]+/.exec(text.slice(start, lineEndAt(text, at)))?.[0];
  const token = found === undefined ? undefined : trimUnreadEnd(found) || undefined;
  if (token === undefined || at >= start + token.length || token.length > 40) return null;
  const span = { start, end: start + token.length };
  if (token === '-' || token === '+') return { message: `a number is missing after ${quoted(token)} (${quoted(`${token}1`)})`, span };
  if (/^[+-]?\.[0-9]+$/.test(token)) return { message: `a float starts with a digit: write ${quoted(token.replace('.', '0.'))}`, span };
  const base = BASES[token.slice(0, 2)];
  if (base) return { message: `${quoted(token)} is not ${base[0]}: its digits are ${base[1]}`, span };
  return { message: `${quoted(token)} is not a value TOML knows: write text in quotes (${quoted(`"${token}"`)})`, span };
}

/**
 * A value opened with `(` (`allowed = ("read", "grep")`, a tuple as Python writes one): a list in
 * brackets, the values as written where they read as one (`["read", "grep"]`), on the parentheses and
 * what they hold; not text to quote (`"("`), which `unquotedText` would say.
 */
function inParentheses(text: string, at: number): Explained {
  const end = commentOrLineEnd(text, at);
  const close = text.lastIndexOf(')', end - 1);
  const list = close > at ? `[${text.slice(at + 1, close)}]` : null;
  if (list !== null && readsAsValue(list)) {
    const span = { start: at, end: close + 1 };
    // The list written, as a guess (a tuple may have been meant otherwise: not preferred, nor in fix-all), where nothing but
    // blanks follows it on its line (a comment at most): else the line would read no better.
    const rewrite = /^[ \t]*$/.test(text.slice(close + 1, end)) ? { rewrite: { title: `Change to ${quoted(list)}`, span, newText: () => list, guess: true } } : {};
    return { message: `${quoted(text.slice(at, close + 1))} is not a value TOML knows: write a list in brackets (${quoted(list)})`, span, ...rewrite };
  }
  return { message: 'a value does not start with `(`: write a list in brackets (`["a", "b"]`), or text in quotes', span: { start: at, end: at + 1 } };
}

/**
 * A number written with a leading zero (`07`, `0755`, `00.5`): the number without it, and where its
 * digits are octal ones, the octal number it may have meant (a file mode).
 */
function leadingZero(text: string, at: number): Explained {
  const token = /^[+-]?[0-9_]+(?:\.[0-9_]+)?(?:[eE][+-]?[0-9_]+)?/.exec(text.slice(at, lineEndAt(text, at)))![0];
  const span = { start: at, end: at + token.length };
  const unsigned = token.replace(/^[+-]/, '');
  const fixed = `${token.slice(0, token.length - unsigned.length)}${unsigned.replace(/^[0_]+(?=[0-9])/, '')}`;
  // Of one digit, the octal number is the same.
  const digits = unsigned.replace(/^[0_]+(?=[0-7])/, '');
  const octal = /^[0-7_]*$/.test(unsigned) && token === unsigned && /[0-7].*[0-7]/.test(digits) ? ` (or ${quoted(`0o${digits}`)}, an octal number)` : '';
  return { message: `a number does not start with \`0\`: write ${quoted(fixed)}, not ${quoted(token)}${octal}`, span };
}

/**
 * An offset right after a time of day (`07:32:00Z`, `07:32:00+01:00`), where smol-toml stops as after
 * any value: TOML gives an offset to a date and time only. Shown on the offset.
 */
function offsetOnTime(text: string, at: number): Explained | null {
  const offset = /^(?:[Zz]|[+-][0-9]{2}(?::?[0-9]{2})?)/.exec(text.slice(at, at + 6))?.[0];
  if (offset === undefined) return null;
  const time = /(?:^|[^0-9:.Tt-])([0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]+)?)$/.exec(text.slice(lineStartAt(text, at), at))?.[1];
  if (time === undefined) return null;
  // The offset in the example as TOML writes it (`+01:00`, not `+0100` or `+01`).
  const written = offset.length === 1 ? offset : `${offset.slice(0, 3)}:${offset.length > 3 ? offset.slice(-2) : '00'}`;
  return {
    message: `a time of day takes no offset: TOML gives one to a date and time only (\`YYYY-MM-DDT${time}${written}\`); without ${quoted(offset)} it is a local time`,
    span: { start: at, end: at + offset.length },
  };
}

/**
 * A character after a table header, where only a comment may follow; a run of `]` there (`[agents.a.tools]]`,
 * `[[agents.a]]]`, a `]` typed twice), nothing but a comment after it, removed with the blanks before
 * it (`strayHeaderClosers`): the header read whole before it.
 */
function afterHeader(text: string, at: number): string | Explained {
  // A statement after it on its line (`[agents.x.tools] allowed = ["read"]`, a line break lost in a paste): named, and put below it.
  const statement = strayHeaderClosers(text, at) ? null : joinedStatement(text, at);
  if (statement) return { message: `${quoted(`${statement.key} = …`)} after the table header: only a comment may follow it on its line`, rewrite: statement.rewrite };
  const message = `${quoted(shownChar(text, at))} after the table header: only a comment may follow it on its line`;
  const rewrite = strayHeaderClosers(text, at);
  return withFix(message, rewrite);
}

/** Where a key of an inline table was due; a comma there (`{ a = 1,, b = 2 }`, `{ , a = 1 }`) removed, as in a list (`extraComma`). */
function expectedKey(text: string, at: number): string | Explained {
  const message = 'expected a key (`allowed = [...]`), or `}`';
  return text[at] === ',' ? { message, rewrite: extraComma(text, at) } : message;
}

/** A character after a statement's value (`"a",`, `1 5`), where only a comment may follow. */
const afterValue = (text: string, at: number, what = shownChar(text, at)) => `${quoted(what)} after the value: a line holds one \`key = value\`, then only a comment`;

/** What may follow a value in a list, an inline table, a statement: past blanks, the rest of the line starts so. */
const FOLLOWS_IN_LIST = /^(?:[,\]#]|$)/;
const FOLLOWS_IN_TABLE = /^(?:[,}#]|$)/;
const FOLLOWS_STATEMENT = /^(?:#|$)/;

/**
 * Text right after a statement's string, a quote of its kind further on the line (`description = "say "hi"
 * now"`): what `afterValue` says, and that the quote before it may have been meant inside the string,
 * with that string's rewrite (`innerQuotes`). Null where a blank or what ends a value stands there (said as after any value).
 */
function quoteInside(text: string, at: number): Explained | null {
  const q = text[at - 1];
  if ((q !== '"' && q !== "'") || /[\s,\]}#;]/.test(text[at] ?? ' ')) return null;
  // No quote of its kind further on the line (`"07:32:00"Z`): nothing says it was meant inside.
  const later = text.indexOf(q, at);
  if (later < 0 || later >= lineEndAt(text, at)) return null;
  return { message: `${afterValue(text, at)}${meantInside(q, `the \`${q}\` before it`)}`, ...fixOf(innerQuotes(text, at, FOLLOWS_STATEMENT)) };
}

/** What `afterValue` says, with the fix that removes a `]` or `}` there closing nothing after a list or an inline table (`strayClosers`), or a `;` or `,` ending the statement (`strayTerminators`). */
function strayCloser(text: string, entries: readonly KeyValue[], at: number): string | Explained {
  const rewrite = strayClosers(text, entries, at) ?? strayTerminators(text, at, entries);
  if (rewrite) return { message: afterValue(text, at), rewrite };
  // The next statement on the same line (`allowed = ["read"] disallowed = ["bash"]`, a line break lost).
  const next = joinedStatement(text, at);
  return next ? { message: afterValue(text, at, next.key), rewrite: next.rewrite } : afterValue(text, at);
}

/**
 * A comma right after a number (`x = 1,5`, `allowed = 1,2`), where smol-toml stops as at any
 * character a number does not hold (not one ending the statement, `x = 1,`: `strayTerminators`):
 * the value written, up to a comment, on the whole of it, and what
 * it may mean, each where what it says to write is a value TOML reads: a decimal comma (`1.5`), digits
 * grouped (`1_000`), a list without its brackets (`[1, 5]`, a `]` typed already too). Else text to
 * quote (`1,a`), and after a number alone (`1.5,`), what a comma after any value gets.
 */
function commaInNumber(text: string, at: number): Explained | null {
  // A comma ending the statement (`x = 1,`), or before the next one on its line (`x = 1, y = 2`): said as after any value.
  const terminator = strayTerminators(text, at);
  if (terminator) return { message: afterValue(text, at), rewrite: terminator };
  const lineStart = lineStartAt(text, at);
  let start = at;
  while (start > lineStart && /[0-9A-Za-z_.:+-]/.test(text[start - 1]!)) start--;
  const token = trimUnreadEnd(text.slice(start, commentOrLineEnd(text, at)).trimEnd());
  // Where nothing more is known: what a comma in a number may have meant.
  const unsaid = { message: 'a number holds no `,`: a decimal point is `.`, and a list is written in brackets (`[1, 2]`)', span: { start: at, end: at + 1 } };
  if (token.length > 40) return unsaid;
  // A `]` typed already, its `[` not (`1,5]`).
  const inList = /^[^[]*\]$/.test(token) ? token.slice(0, -1).trimEnd() : token;
  if (/^[^,]*,\s*$/.test(inList)) return { message: afterValue(text, at) };
  const ways: string[] = [];
  if (/^[+-]?[0-9]+,[0-9]+$/.test(token) && !/^[+-]?[0-9]+,[0-9]{3}$/.test(token) && readsAsValue(token.replace(',', '.'))) ways.push(`write a decimal point (${quoted(token.replace(',', '.'))})`);
  if (/^[+-]?[0-9]{1,3}(?:,[0-9]{3})+$/.test(token) && readsAsValue(token.replace(/,/g, '_'))) ways.push(`group digits with \`_\` (${quoted(token.replace(/,/g, '_'))})`);
  // What TOML does not read as a blank between the values (`1,` U+00A0 `2`): named, and left out of the list.
  const { written, unread } = unreadOutsideStrings(inList);
  const list = bracketed(written);
  if (list !== null) ways.push(`${ways.some((w) => w.startsWith('write ')) ? '' : 'write '}a list in brackets (${quoted(list)})${unreadLeftOut(unread)}`);
  const span = { start, end: start + token.length };
  if (ways.length === 0) return /["'\[{]/.test(token) ? unsaid : { message: `${quoted(token)} is not a value TOML knows: write text in quotes (${quoted(`"${token}"`)})`, span };
  return { message: `${quoted(token)} is not a value TOML knows: ${ways.join(', or ')}`, span };
}

/**
 * The first place from `at` to `end`, outside quotes, where `stop` holds of its character, given
 * how deep in brackets and braces opened after `at` it is; or `end` (also where a string there is
 * not closed before it).
 */
function scanOutsideQuotes(text: string, at: number, end: number, stop: (c: string, i: number, depth: number) => boolean): number {
  let depth = 0;
  for (let i = at; i < end; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      const close = stringEndFrom(text, i);
      if (close < 0 || close >= end) return end;
      i = close;
    } else if (stop(c, i, depth)) return i;
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') depth--;
  }
  return end;
}

/** Where the line of `at` ends, or a comment on it starts (a `#` outside quotes), from `at` on. */
export const commentOrLineEnd = (text: string, at: number): number => scanOutsideQuotes(text, at, lineEndAt(text, at), (c) => c === '#');

/** Where a bracket or brace closes before `end` that was not opened after `at` (quotes skipped), or `end`. */
export const closedOrLineEnd = (text: string, at: number, end: number): number =>
  scanOutsideQuotes(text, at, end, (c, _, depth) => depth === 0 && (c === ']' || c === '}'));

/** Where the first comma before a key is from `at` to `end`, in the inline table they are in (quotes and what opens after `at` skipped), or `end`. */
export const nextKeyAt = (text: string, at: number, end: number): number =>
  scanOutsideQuotes(text, at, end, (c, i, depth) => c === ',' && depth === 0 && KEY_LINE.test(text.slice(i + 1, end).replace(BLANKS_AND_UNREAD, '')));

/**
 * A number that stops where TOML wants more (`1.`, `1e`, `1_`, `0x`): what is missing, on the whole
 * number. smol-toml points at its start, or past a base prefix at the line's end.
 */
function unfinishedNumber(text: string, at: number): Explained | null {
  const lineStart = lineStartAt(text, at);
  let start = at;
  while (start > lineStart && /[0-9A-Za-z_.+-]/.test(text[start - 1]!)) start--;
  const token = /^[+-]?[0-9][0-9A-Za-z_.+-]*/.exec(text.slice(start, lineEndAt(text, at)))?.[0];
  if (token === undefined || token.length > 40) return null;
  const span = { start, end: start + token.length };
  const lacking = /^[+-]?0[xob]$/.test(token) ? `a hex, octal or binary number has digits after its prefix, as in ${quoted(`${token}1`)}`
    : /[eE][+-]?$/.test(token) ? `an exponent has digits, as in ${quoted(token.replace(/[eE][+-]?$/, 'e6'))}`
    : /\.$/.test(token) ? `a float has digits after its \`.\`, as in ${quoted(`${token}0`)}`
    : /_$/.test(token) ? 'an underscore in a number goes between two digits (`1_000`)'
    : null;
  return lacking === null ? null : { message: `${quoted(token)} is unfinished: ${lacking}`, span };
}

/**
 * The quote of the string open at `at`: the model's reading of a value, else the line read up to
 * `at` (a quoted key or header part, which the model does not keep as strings).
 */
function quoteOpenAt(text: string, section: Section, lineStart: number, at: number): '"' | "'" {
  const str = stringAt(section, at);
  if (str) return str.style === 'literal' || str.style === 'multiline-literal' ? "'" : '"';
  let open: '"' | "'" | null = null;
  for (let i = lineStart; i < at; i++) {
    const ch = text[i];
    if (open === null) {
      if (ch === '#') break;
      if (ch === '"' || ch === "'") open = ch;
    } else if (ch === '\\' && open === '"') i++;
    else if (ch === open) open = null;
  }
  return open ?? '"';
}

/**
 * Whether a statement (a `key =` or a header) stands where an item was due: at `at`, on a line
 * holding nothing before it; or, when the rest of `at`'s line is empty or a comment, on the next
 * line with content, or the section ends (a header or the file's end follows).
 */
export function nextIsStatement(text: string, at: number, before: string): boolean {
  let i = at;
  if (/\S/.test(before)) {
    const rest = text.slice(at, lineEndAt(text, at)).trim();
    if (rest !== '' && !rest.startsWith('#')) return false; // something on the line itself is out of place
    // Past the rest of this line (a comment), to the next line with content.
    i = lineEndAt(text, at);
    while (i < text.length) {
      const start = i + (text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1);
      const line = text.slice(start, lineEndAt(text, start));
      i = start;
      if (line.trim() !== '' && !line.trim().startsWith('#')) break;
      i = lineEndAt(text, start);
      if (i >= text.length) return true; // the section's end: a header, or the file's end, follows
    }
  }
  if (i >= text.length) return true;
  const line = text.slice(i, lineEndAt(text, i)).trimStart();
  return KEY_LINE.test(line) || /^\[\[?[ \t]*[A-Za-z0-9_"'-]/.test(line);
}

/**
 * Whether the list `at` is in is closed further on: a `]` that closes it (past strings, comments and
 * the brackets opened after `at`) comes before a line that reads as a header. `listsAsItems`: a line
 * that reads whole as a list (`[3]`, a header too) is read as an item of it.
 */
export function closedBelow(text: string, at: number, listsAsItems = false): boolean {
  let depth = 0;
  const limit = Math.min(text.length, at + 100_000);
  const listLine = (start: number) => listsAsItems && readsAsValue(text.slice(start, commentOrLineEnd(text, start)).trim());
  for (let i = at; i < limit; i++) {
    const c = text[i];
    if (c === '\n' || c === '\r') {
      const line = text.slice(i + 1, lineEndAt(text, i + 1)).trim();
      if (depth === 0 && /^\[\[?[ \t]*[A-Za-z0-9_"'-][^,]*\]\]?[ \t]*(?:#.*)?$/.test(line) && !/^\[[ \t]*["']/.test(line) && !listLine(i + 1)) return false;
    } else if (c === '#') i = lineEndAt(text, i) - 1;
    else if (c === '"' || c === "'") {
      const end = stringEndFrom(text, i);
      if (end < 0) return false;
      i = end;
    } else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') {
      if (depth === 0) return c === ']';
      depth--;
    }
  }
  return false;
}

/**
 * An operator of another language where a key's `=` goes (`allowed += ["read"]`, `x -= 1`): TOML gives a key
 * its value once, with `=`, the names `+=` (or `|=`) adds being its list (which Mars lays over the agent's own
 * policy): replaced with `=`, but where the key is written before in its table (meant to add to that list, which
 * `=` would define again). `allowed -=`, meant to take away (`=` would grant): written in `disallowed`, a guess;
 * no fix for another.
 */
function assignedWith(text: string, at: number, entries: readonly KeyValue[], before: string): Explained | null {
  const op = /^[-+*/|&%^]=/.exec(text.slice(at, at + 2))?.[0];
  if (!op) return null;
  // The key: in an inline table, after its `{` or the comma before it.
  const keyAt = Math.max(before.lastIndexOf('{'), before.lastIndexOf(',')) + 1;
  const key = before.slice(keyAt).trim();
  const adds = op === '+=' || op === '|=';
  // Written before it (the key itself may be read, with no value).
  const again = adds && entries.some((kv) => kv.key.span.end <= at - before.length + keyAt && text.slice(kv.key.span.start, kv.key.span.end) === key);
  // `allowed -= [...]`, meant to take tools away: where its last part `allowed` starts in the key.
  const deny = op === '-=' ? /(?:^|\.)allowed$/.exec(key) : null;
  const listAt = deny ? deny.index + (deny[0].startsWith('.') ? 1 : 0) : -1;
  const message = `\`${op}\` is no TOML operator: a key is given its value once, with \`=\`${again ? `; ${quoted(key)} is written already: add these to its value`
    : deny ? ' (to take tools away, list them in `disallowed`)' : ''}`;
  const span = { start: at, end: at + 2 };
  const blankAfter = /^[ \t]/.test(text.slice(at + 2, at + 3)) ? '' : ' ';
  // Denied in `disallowed`, where none is written yet (not the same as no longer allowed: a guess).
  if (deny && !entries.some((kv) => text.slice(kv.key.span.start, kv.key.span.end) === `${key.slice(0, listAt)}disallowed`)) {
    const keyStart = at - before.length + keyAt + before.slice(keyAt).search(/\S/) + listAt;
    return { message, span, rewrite: { title: `Write them in \`disallowed\``, span: { start: keyStart, end: at + 2 }, newText: () => `disallowed =${blankAfter}`, guess: true } };
  }
  if (!adds || again) return { message, span };
  const written = `${/[ \t]$/.test(before) ? '' : ' '}=${blankAfter}`;
  return { message, span, rewrite: { title: `Replace \`${op}\` with \`=\``, span, newText: () => written } };
}

/** A line that starts with `key =` (dotted, quoted parts too). */
export const KEY_LINE = /^(?:[A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*')(?:[ \t]*\.[ \t]*(?:[A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*'))*[ \t]*=/;

/** The string `at` is in, or at the end of where it was left open, if the model read one. */
function stringAt(section: Section, at: number): Extract<TomlValue, { kind: 'string' }> | null {
  let found: Extract<TomlValue, { kind: 'string' }> | null = null;
  visit(section.entries, (v) => {
    if (v.kind !== 'string' || v.span.start >= at || (found && v.span.start <= found.span.start)) return;
    if (at < v.span.end || (!v.terminated && at <= v.content.end + 1)) found = v;
  });
  return found;
}

/** The innermost list or inline table `at` is inside of, or after, where it was left open. */
function openContainer(entries: readonly KeyValue[], at: number): Container | null {
  let found: Container | null = null;
  visit(entries, (v) => {
    if ((v.kind === 'array' || v.kind === 'inline-table') && v.span.start < at && (at < v.span.end || !v.closed) && (!found || v.span.start > found.span.start)) found = v;
  });
  return found;
}

/**
 * The `"..."` key part holding `at`, of the section's header or of a key (in an inline table too), as
 * the string it is written as; closed on its line. Null where none.
 */
function quotedKeyAt(text: string, section: Section, at: number): Pick<TomlString, 'style' | 'content'> | null {
  const holds = (p: KeyPart) => p.span.start < at && at < p.span.end && text[p.span.start] === '"' && p.span.end - p.span.start >= 2 && text[p.span.end - 1] === '"';
  const keyParts = (entries: readonly KeyValue[]): KeyPart | undefined => {
    for (const kv of entries) {
      const part = kv.key.parts.find(holds) ?? (kv.value?.kind === 'inline-table' ? keyParts(kv.value.entries) : undefined);
      if (part) return part;
    }
    return undefined;
  };
  const part = section.header?.key.parts.find(holds) ?? keyParts(section.entries);
  return part ? { style: 'basic', content: { start: part.span.start + 1, end: part.span.end - 1 } } : null;
}

function visit(entries: readonly KeyValue[], f: (v: TomlValue) => void): void {
  const value = (v: TomlValue): void => {
    f(v);
    if (v.kind === 'array') v.items.forEach(value);
    else if (v.kind === 'inline-table') visit(v.entries, f);
  };
  for (const kv of entries) if (kv.value) value(kv.value);
}

/**
 * Whether the text from `at` (up to `to`) holds only white space and comments (a loop: a regex for
 * it backtracks exponentially on `# # # ...`).
 */
export function onlyCommentsFrom(text: string, at: number, to = text.length): boolean {
  for (let i = at; i < to; i++) {
    const c = text[i]!;
    if (c === '#') while (i + 1 < to && text[i + 1] !== '\n') i++;
    else if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') return false;
  }
  return true;
}

/** The index of the last character of the string opening at `i` (its line's last, left open on it), or -1 for a multi-line one never closed. */
export function stringEndFrom(text: string, i: number): number {
  const q = text[i]!;
  if (text.startsWith(q.repeat(3), i)) {
    const end = text.indexOf(q.repeat(3), i + 3);
    return end < 0 ? -1 : end + 2;
  }
  for (let k = i + 1; k < text.length; k++) {
    const ch = text[k];
    if (ch === '\n' || ch === '\r') return k - 1;
    if (q === '"' && ch === '\\') k++;
    else if (ch === q) return k;
  }
  return text.length - 1;
}

/**
 * A character at `at` a bare key does not take: its part quoted (`advice`), or, where its others only look like ASCII
 * (`tооls`), written in ASCII, asked as a did-you-mean (`asciiKeyPart`): quoted, it would name a table Mars never reads.
 */
function notBare(text: string, at: number, header: boolean, table: Container | null, advice: string): Explained {
  const said = `${notInBareKey(text, at)} cannot be in a bare key (ASCII letters, digits, \`_\` and \`-\`)`;
  const ascii = asciiKeyPart(text, at, header, table);
  if (ascii) return { message: `${said}: did you mean ${quoted(ascii.newText())}?`, rewrite: ascii };
  const quotes = quotedKeyPart(text, at, header, table);
  return quotes ? { message: `${said}: ${advice}`, rewrite: quotes } : { message: `${said}: ${advice}` };
}

/**
 * The character at `at`, which a bare key does not take, quoted; one drawn as an ASCII letter or
 * digit (a Cyrillic `е`, a fullwidth `ｂ`) is named too, or the message would say `е` is none.
 */
function notInBareKey(text: string, at: number): string {
  const c = shownChar(text, at);
  const looks = asciiLookalike(c);
  return looks !== c && /^[A-Za-z0-9]$/.test(looks) ? `${quoted(c)} (${uPlus(c.codePointAt(0)!)}, which looks like ${quoted(looks)})` : quoted(c);
}

/**
 * The escape a backslash before `at` makes, as a message names it: quoted where its character shows
 * (`\s`); else the character after the backslash named (a space, a tab, U+00A0, U+200B (a
 * zero-width space)), which quoted would show as a blank, as nothing, or as an escape of its own.
 */
function escapeWritten(text: string, at: number): string {
  if (text[at] === ' ' || text[at] === '\t') return `a \`\\\` before a ${text[at] === ' ' ? 'space' : 'tab'}`;
  const c = shownChar(text, at);
  if (c.startsWith('U+') || UNREAD_BLANK.test(c) || shown(c) !== c) {
    const cp = text.codePointAt(at)!;
    return `a \`\\\` before ${uPlus(cp)}${NAMES[c] ? ` (${NAMES[c]})` : ''}`;
  }
  return quoted(`\\${c}`);
}

/** The character at `at` as a message shows it (a control character by its code). */
function shownChar(text: string, at: number): string {
  const cp = text.codePointAt(at);
  if (cp === undefined) return '';
  return cp < 0x20 || cp === 0x7f || (cp >= 0x80 && cp < 0xa0) ? uPlus(cp) : String.fromCodePoint(cp);
}

/**
 * A `\\u` or `\\U` escape at `at` that names no character: half of a UTF-16 surrogate pair (JSON's
 * and JavaScript's way to write U+1F600 is `\\uD83D\\uDE00`, TOML's is `\\U0001F600`), or past U+10FFFF.
 * Shown on the escape, the pair when both halves are there.
 */
function badCodePoint(text: string, at: number): Explained | null {
  const escape = /^\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8}))/.exec(text.slice(at, at + 10));
  if (!escape) return null;
  const cp = parseInt(escape[1] ?? escape[2]!, 16);
  const span = { start: at, end: at + escape[0].length };
  if (cp > 0x10ffff) return { message: `${quoted(escape[0])} is past U+10FFFF, the last character Unicode has`, span };
  const pair = surrogatePairEscape(text, at);
  if (pair !== null) {
    const end = at + 12;
    const written = `\\U${pair.codePointAt(0)!.toString(16).toUpperCase().padStart(8, '0')}`;
    return { message: `TOML takes no surrogate pair (${quoted(text.slice(at, end))}): write ${uPlus(pair.codePointAt(0)!)} as ${quoted(written)}`, span: { start: at, end } };
  }
  return { message: `${quoted(escape[0])} is half of a UTF-16 surrogate pair, no character: TOML writes a character past U+FFFF as \`\\U\` and eight hex digits (\`\\U0001F600\`)`, span };
}

/** What is wrong with a date or time smol-toml refuses (`2023-13-01`, `07:32:00+0700`), in the forms TOML writes. */
function dateError(token: string): string {
  const written = quoted(token);
  const date = /^([0-9]{4})-([0-9]{2})-([0-9]{2})/.exec(token);
  if (date && (Number(date[2]) < 1 || Number(date[2]) > 12)) return `${written} is not a date: the month is 01 to 12`;
  if (date && (Number(date[3]) < 1 || Number(date[3]) > 31)) return `${written} is not a date: the day is 01 to 31`;
  const time = /(?:^|[Tt ])([0-9]{2}):([0-9]{2})(?::([0-9]{2}))?/.exec(token);
  if (time && Number(time[1]) > 23) return `${written} is not a time: the hour is 00 to 23`;
  if (time && Number(time[2]) > 59) return `${written} is not a time: the minute is 00 to 59`;
  if (time?.[3] !== undefined && Number(time[3]) > 60) return `${written} is not a time: the second is 00 to 60`;
  if (/[+-][0-9]{4}$/.test(token)) return `${written}: a time offset is written with a colon, ${quoted(`${token.slice(0, -2)}:${token.slice(-2)}`)}`;
  return `${written} is not a date or time TOML reads: write YYYY-MM-DD, HH:MM:SS, or both joined by \`T\`, with \`Z\` or \`+HH:MM\` for the offset`;
}
