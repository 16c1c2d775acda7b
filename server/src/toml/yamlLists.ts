// A list written as YAML writes one, under a key whose `:` or `=` ends its line (`allowed:` ⏎ `  - Read` ⏎
// `  - Grep`, pasted from an agent's front matter): the TOML list its items make, which says the same. So
// for a table written as a YAML mapping (`tools:` ⏎ `  write: false`): the dotted keys TOML reads it as.

import { quoted, shortened } from '../grammar/text';
import { quotableName } from './bareWords';
import { lineEndAt, lineStartAt } from './lineIndex';
import { readsAsValue } from './listWithoutBrackets';
import type { Span, SyntaxProblem } from './model';
import { lineBreak } from './split';
import { KEY_LINE } from './syntaxMessages';
import { basicString } from './strings';
import { blanksFrom, yamlText } from './typingSlips';
import { AFTER_QUOTES, quotedLines, seenString, yamlQuoted } from './yamlQuoted';
import { blockText, newLineAt, plainLines, tomlText } from './yamlBlockText';
import { BARE_KEY, yamlFlow, YAML_AS_TOML } from './yamlFlow';
import { mappingsBelow, type Writers } from './yamlNested';

type Rewrite = NonNullable<SyntaxProblem['rewrite']>;

/** A line of the list: its indent, its item as written and as TOML writes it, its comment (`''` where none), and the blank and comment lines above it. */
interface Item {
  readonly indent: string;
  readonly raw: string;
  readonly value: string;
  readonly comment: string;
  readonly above: readonly string[];
}

// `- item`, then blanks and a comment at most; a line of blanks and a comment at most.
const ITEM_LINE = /^([ \t]*)-[ \t]+(.*)$/;
const BLANK_LINE = /^[ \t]*(#.*)?$/;


/**
 * The item of a YAML list's line (what follows its `- `) as TOML writes it, and its comment: a name
 * in quotes (`quotableName`: not what may be meant bare, `null`, `yes`), a boolean or a number as
 * written, or a string on one line TOML reads (`"Read"`, `'bash(git *)'`). Null for another (a map,
 * a nested list).
 */
function itemOf(rest: string): { raw: string; value: string; comment: string } | null {
  const q = rest[0];
  if (q === '"' || q === "'") {
    const yaml = yamlQuoted(rest);
    if (!yaml) return null;
    const raw = rest.slice(0, yaml.length);
    const after = rest.slice(yaml.length);
    if (BLANK_LINE.test(after) && readsAsValue(raw)) return { raw, value: raw, comment: after.trim() };
    // What TOML reads otherwise, or not at all (`"a\/b"`, `'it''s'`): the string YAML reads, in TOML's quotes.
    return AFTER_QUOTES.test(after) && !readsAsValue(raw) ? { raw, value: seenString(yaml.value), comment: after.trim() } : null;
  }
  // YAML starts a comment at a `#` after a blank.
  const hash = rest.search(/[ \t]#/);
  const word = (hash < 0 ? rest : rest.slice(0, hash)).trim();
  const comment = hash < 0 ? '' : rest.slice(hash).trim();
  // A boolean or a decimal number, which YAML and TOML write alike (not YAML's `yes` or `.inf`), as written.
  if (YAML_AS_TOML.test(word)) return { raw: word, value: word, comment };
  // A key then `:` (`- type:`, `- name: x`) is a mapping to YAML, not text.
  if (/:(?:[ \t]|$)/.test(word)) return null;
  // Not what TOML reads as another value (`0x1F`, `1979-05-27`, `inf`), which YAML may read as one too.
  if (quotableName(word) && !readsAsValue(word)) return { raw: word, value: `"${word}"`, comment };
  // Other text YAML reads as a string (`a b  c`, `--stdio`), in quotes.
  const text = yamlText(word);
  return text === null ? null : { raw: word, value: basicString(text), comment };
}

/** YAML's `---` on a line of its own, which fences a front matter (an agent's, pasted with it). */
export const FENCE = /^[ \t]*---[ \t]*$/;

/** Whether `line` starts a statement: a header, or a key then `=`, or `:` (the next key of YAML pasted with the list), or ends the front matter (`---`). */
function statement(line: string): boolean {
  const code = line.trimStart();
  return code.startsWith('[') || KEY_LINE.test(code) || KEY_LINE.test(code.replace(/:/, '=')) || FENCE.test(code);
}

/**
 * The lines of a YAML list after the line ending at `from`: each `- item` (see `itemOf`), blank lines
 * and comments between, up to a line `ends` says ends them (not taken in) or, where `toEnd`, the
 * text's end; with where the last item's line ends. Null where there is no item, or a line is none of
 * these (an item's line going on, `    more`, or `-Grep`: what YAML reads there is no guess to make).
 */
function itemLines(text: string, from: number, ends: (line: string) => boolean, toEnd: boolean): { items: Item[]; end: number } | null {
  const items: Item[] = [];
  let above: string[] = [];
  let end = from;
  for (let at = from; ; ) {
    if (at >= text.length) return toEnd && items.length > 0 ? { items, end } : null;
    const start = lineBreak(text, at);
    at = lineEndAt(text, start);
    const line = text.slice(start, at);
    const m = ITEM_LINE.exec(line);
    if (m) {
      let item = itemOf(m[2]!.trimEnd());
      // Text in quotes going on over the lines below, deeper than its `-` (`quotedLines`): the string YAML folds it to.
      const over = item || !/^["']/.test(m[2]!) ? null : quotedLines(text, start + line.length - m[2]!.length, m[1]!.length);
      if (over) {
        at = lineEndAt(text, over.end);
        item = { raw: `${m[2]!.trimEnd()} …`, value: seenString(over.value), comment: text.slice(over.end, at).trim() };
      }
      if (!item) return null;
      items.push({ indent: m[1]!, ...item, above });
      above = [];
      end = at;
    } else if (BLANK_LINE.test(line)) above.push(line);
    else return ends(line) && items.length > 0 ? { items, end } : null;
  }
}

/**
 * `items` written as a TOML list's lines, each after a line break: as indented (two spaces more than
 * the list's line, `outer`, where YAML wrote them no deeper: `tools:` ⏎ `- Read`), a comma after
 * each, its comment, and the lines above it kept.
 */
const listLines = (items: readonly Item[], lineBreak: string, outer: string) =>
  items.map((item) => `${item.above.map((l) => lineBreak + l).join('')}${lineBreak}${item.indent.length > outer.length ? item.indent : `${outer}  `}${item.value},${item.comment === '' ? '' : ` ${item.comment}`}`).join('');

/** The indentation of the line `at` is on. */
const indentOf = (text: string, at: number) => /^[ \t]*/.exec(text.slice(lineStartAt(text, at), at))![0];

/** The most a list written on its key's line takes, as a formatter's column limit (taplo's default: 80). */
const ONE_LINE = 80;

const asList = (items: readonly Item[]) => `[${items.map((item) => item.value).join(', ')}]`;

const itemSaid = (items: readonly Item[]) => `${quoted(`- ${items[0]!.raw}`)} is a list's item as YAML writes it`;

/**
 * The list written as YAML writes one after the key whose `:` or `=` is at `sep`, nothing after it on
 * its line but a comment: its lines (`itemLines`) up to the next statement (a header, a key then `=`
 * or `:`) or the text's end, written as a TOML list in their place, from the key's end, its `=`
 * written. On the key's line (`allowed = ["Read", "Grep"]`) where no comment or blank line is among
 * them and it fits (`ONE_LINE`); else an item a line (`listLines`), and the `]` on a line of its own.
 * No guess: the list says what its lines do.
 */
export function yamlList(text: string, sep: number): { message: string; rewrite: Rewrite } | null {
  const lineEnd = lineEndAt(text, sep);
  const keyComment = text.slice(sep + 1, lineEnd).trim();
  if (!BLANK_LINE.test(keyComment)) return null;
  const found = itemLines(text, lineEnd, statement, true);
  if (!found) return null;
  const { items, end } = found;
  const keyEnd = blanksFrom(text, sep); // from the end of the key, blanks after it too
  const lineStart = lineStartAt(text, sep);
  const list = asList(items);
  const oneLine = keyComment === '' && items.every((item) => item.comment === '' && item.above.length === 0) && keyEnd - lineStart + list.length + 3 <= ONE_LINE;
  const lineBreak = newLineAt(text, lineEnd);
  const indent = indentOf(text, sep);
  const written = oneLine ? ` = ${list}` : ` = [${keyComment === '' ? '' : ` ${keyComment}`}${listLines(items, lineBreak, indent)}${lineBreak}${indent}]`;
  return {
    message: `${itemSaid(items)}: TOML writes a list in brackets, each text in quotes, a comma between them (${quoted(`${text.slice(lineStart, keyEnd).trim()} = ${list}`)})`,
    rewrite: { title: `Write the list as TOML: ${quoted(list)}`, span: { start: keyEnd, end }, newText: () => written },
  };
}

/**
 * The items of the list opened at `open` (its `[` ending its line, but for a comment) written as YAML
 * writes them, a line each (`[` ⏎ `  - Read` ⏎ `  - Grep` ⏎ `]`), up to the line of its `]`: each
 * written as a TOML list's item (`listLines`), its `-` gone, a comma after it. No guess either.
 */
export function yamlItems(text: string, open: Span): { message: string; rewrite: Rewrite } | null {
  const lineEnd = lineEndAt(text, open.start);
  if (!BLANK_LINE.test(text.slice(open.start + 1, lineEnd))) return null;
  const found = itemLines(text, lineEnd, (line) => line.trimStart().startsWith(']'), false);
  if (!found) return null;
  const { items, end } = found;
  return {
    message: `${itemSaid(items)}: a TOML list's items are written without \`-\`, each text in quotes, a comma between them`,
    rewrite: { title: `Write the list as TOML: ${quoted(asList(items))}`, span: { start: lineEnd, end }, newText: () => listLines(items, newLineAt(text, lineEnd), indentOf(text, open.start)) },
  };
}

// A line of a YAML mapping: its indent, its key (quoted, or plain up to the `:`), then `:` and what follows it.
const MAP_LINE = /^([ \t]+)("(?:[^"\\]|\\.)*"|'[^']*'|[^\s:#"'\-?][^:#]*?)[ \t]*:(?:[ \t]+(.*))?$/;

const MAP_LINE_MAX = 1_000;

/** A YAML key as a TOML key part: bare where TOML takes it so, quoted as written where TOML reads that, else in quotes. */
function keyPart(raw: string): string | null {
  if (BARE_KEY.test(raw)) return raw;
  if (raw.startsWith('"') || raw.startsWith("'")) return readsAsValue(raw) ? raw : null;
  return basicString(raw);
}

/** A mapping's value after `key: ` as TOML writes it (`itemOf`, or YAML's text in quotes: `yamlText`), and its comment. */
function scalarOf(rest: string): { value: string; comment: string } | null {
  // A list or a mapping in brackets or braces (`[Read, Grep]`, `{"git push": ask}`): the list or inline table YAML reads.
  if (rest.startsWith('[') || rest.startsWith('{')) return yamlFlow(rest);
  const item = itemOf(rest);
  if (item) return item;
  const hash = rest.search(/[ \t]#/);
  const text = yamlText(hash < 0 ? rest : rest.slice(0, hash));
  return text === null ? null : { value: basicString(text), comment: hash < 0 ? '' : rest.slice(hash).trim() };
}

/** How a list of mappings (yamlNested.ts) writes its keys and scalars: as a mapping's here. */
const WRITERS: Writers = { key: keyPart, scalar: scalarOf };

/**
 * A table written as YAML writes a mapping, under a key whose `:` at `sep` ends its line (`tools:` ⏎ `  write:
 * false` ⏎ `  edit: false`, an OpenCode agent's front matter pasted; `permission:` ⏎ `  bash:` ⏎ `    "git push":
 * ask`): each value written as the dotted key TOML reads it at (`tools.write = false`, `permission.bash."git push"
 * = "ask"`), on the key's line and those below it, in the mapping's place; the comments and blank lines among
 * them kept. A list of mappings below it, or below a nested key (`hooks:` ⏎ `  - matcher: …`), is the list of
 * inline tables YAML nests (yamlNested.ts); a list or mapping in brackets or braces, the one YAML reads (yamlFlow.ts). It runs to a line indented no deeper than the key's, or the text's end. No guess: YAML reads
 * it so. None where a line is no such key (a list's item, a value going on), one is indented as none of its
 * mapping's keys, a nested key holds nothing, a value is none TOML and YAML read alike or text (`yes`, `[…]`),
 * or a comment is a `mars-ignore`, which would come to speak of another line.
 */
export function yamlMap(text: string, sep: number): { message: string; rewrite: Rewrite } | null {
  const lineEnd = lineEndAt(text, sep);
  const keyComment = text.slice(sep + 1, lineEnd).trim();
  if (!BLANK_LINE.test(keyComment)) return null;
  const indent = indentOf(text, sep);
  const keyStart = lineStartAt(text, sep) + indent.length;
  const root = keyPart(text.slice(keyStart, sep).trimEnd());
  if (root === null) return null;
  // A list of mappings right below the key (`hooks:` ⏎ `  - matcher: "Bash"`): the list of inline tables it makes.
  const mappings = mappingsBelow(text, lineEnd, indent.length, WRITERS);
  if (mappings) {
    const said = quoted(`${root} = ${shortened(mappings.value, 60)}`);
    return {
      message: `${quoted(text.slice(keyStart, sep + 1))} then a list of mappings below it is a list as YAML writes one: TOML writes it in brackets, each mapping an inline table (${said})`,
      rewrite: { title: `Write the list as TOML: ${said}`, span: { start: keyStart, end: mappings.end }, newText: () => `${root} = ${mappings.value}${keyComment === '' ? '' : ` ${keyComment}`}` },
    };
  }
  // Each level open: the indent of the line that opened it, its path, and the indent of its keys (once one is read).
  const levels: Array<{ indent: number; path: string; keys?: number }> = [{ indent: indent.length, path: root }];
  const written: string[] = keyComment === '' ? [] : [keyComment];
  const newLine = newLineAt(text, lineEnd);
  let above: string[] = [];
  let end = -1;
  for (let at = lineEnd; at < text.length; ) {
    const start = lineBreak(text, at);
    at = lineEndAt(text, start);
    const line = text.slice(start, at);
    if (BLANK_LINE.test(line)) {
      above.push(line.trim());
      continue;
    }
    const depth = /^[ \t]*/.exec(line)![0].length;
    if (depth <= indent.length) break;
    // Not a line no front matter writes, whose blanks `MAP_LINE` would try every way around its key.
    const m = line.length <= MAP_LINE_MAX ? MAP_LINE.exec(line) : null;
    if (!m) return null;
    // A nested key closed holding nothing is YAML's null, which TOML has no value for.
    while (depth <= levels.at(-1)!.indent) if (levels.pop()!.keys === undefined) return null;
    const level = levels.at(-1)!;
    if ((level.keys ??= depth) !== depth) return null;
    const part = keyPart(m[2]!.trim());
    if (part === null) return null;
    const path = `${level.path}.${part}`;
    const rest = (m[3] ?? '').trim();
    written.push(...above);
    above = [];
    if (rest === '' || rest.startsWith('#')) {
      if (rest !== '') written.push(rest);
      // A list below the key (`allowed:` ⏎ `    - Read`), its items indented alike, no less than the key.
      const list = itemLines(text, at, () => true, true); // the line after it read as the mapping's next
      // A list of mappings (`PreToolUse:` ⏎ `  - matcher: "Bash"`): a list of inline tables. Never one `itemLines` reads
      // (`itemOf` takes no `key:` for an item), so read only where that read none.
      const mappings = list ? null : mappingsBelow(text, at, depth, WRITERS);
      if (list && list.items.every((item) => item.indent.length >= depth && item.indent === list.items[0]!.indent)) {
        const { items } = list;
        const oneLine = items.every((item) => item.comment === '' && item.above.length === 0) && indent.length + path.length + asList(items).length + 3 <= ONE_LINE;
        written.push(`${path} = ${oneLine ? asList(items) : `[${listLines(items, newLine, indent)}${newLine}${indent}]`}`);
        at = end = list.end;
      } else if (mappings) {
        written.push(`${path} = ${mappings.value}`);
        at = end = mappings.end;
      } else levels.push({ indent: depth, path });
      continue;
    }
    // A block of text (`description: |` ⏎ `    Reviews code.`), its lines read past.
    const block = /^[|>]/.test(rest) ? blockText(text, start + line.indexOf(':', m[1]!.length + m[2]!.length)) : null;
    if (block) {
      written.push(`${path} = ${tomlText(block.value, newLine)}${block.comment === '' ? '' : ` ${block.comment}`}`);
      at = end = block.end;
      continue;
    }
    const scalar = scalarOf(rest);
    // Text in quotes going on over the lines below, deeper than its key, to its closing quote (`quotedLines`), a comment after it kept.
    const over = scalar ? null : quotedLines(text, start + line.length - m[3]!.length, depth);
    if (over) {
      const comment = text.slice(over.end, lineEndAt(text, over.end)).trim();
      written.push(`${path} = ${seenString(over.value)}${comment === '' ? '' : ` ${comment}`}`);
      at = end = lineEndAt(text, over.end);
      continue;
    }
    // Plain text going on over the lines below (`plainLines`), with no comment after its first line's.
    const more = scalar && plainLines(text, at, depth);
    if (!more || (more.suffix !== '' && (scalar.comment !== '' || /^["'[{]/.test(rest)))) return null;
    const value = more.suffix === '' ? scalar.value : basicString(rest + more.suffix);
    written.push(`${path} = ${value}${scalar.comment === '' ? '' : ` ${scalar.comment}`}`);
    at = end = more.end;
  }
  // So with one holding nothing below the last value.
  if (end < 0 || levels.some((l) => l.keys === undefined && l.indent > indent.length) || written.some((l) => l.includes('mars-ignore'))) return null;
  const values = written.filter((l) => !l.startsWith('#') && l !== '');
  // A value over lines (a list with comments, a block of text) said by its first.
  const first = values[0]!.replace(/\r?\n[^]*/, ' …');
  const said = `${quoted(first)}${values.length > 1 ? ` and ${values.length - 1} more` : ''}`;
  return {
    message: `${quoted(text.slice(keyStart, sep + 1))} then keys indented below it is a table as YAML writes it: TOML writes each value under its dotted key (${said})`,
    rewrite: { title: `Write the table as TOML: ${said}`, span: { start: keyStart, end }, newText: () => written.map((l, i) => (i === 0 ? l : `${newLine}${l === '' ? '' : indent}${l}`)).join('') },
  };
}
