// Text written as YAML writes a block (`description: |` ⏎ `  Reviews code.` ⏎ `  Says why.`, an agent's front
// matter pasted under its table), or plain text going on over lines indented below its key's: the string YAML
// reads from its lines, written as TOML writes that string. js-yaml is the reference for what YAML reads
// (test/unit/yamlPasted.test.ts).

import { quoted } from '../grammar/text';
import { lineEndAt, lineStartAt } from './lineIndex';
import type { SyntaxProblem } from './model';
import { lineBreak } from './split';
import { escapeBasic } from './strings';
import { KEY_LINE } from './syntaxMessages';
import { blanksFrom, YAML_TEXT_MAX } from './typingSlips';
import { UNREAD } from './unreadBlanks';

type Rewrite = NonNullable<SyntaxProblem['rewrite']>;

const TRIPLE = '"""';

/**
 * A block's header after its key's `:` (or `=`): `|` (its lines kept as they are) or `>` (folded: lines
 * joined by a blank), then `-` (no line break kept at its end) or `+` (all kept), then a comment at most.
 * No indentation digit, which front matter does not write.
 */
const HEADER = /^[ \t]*([|>])([-+]?)(?:[ \t]+(#.*))?[ \t]*$/;

/** A block's header (`|`, `>-`), its text, the comment on its header's line (`''` where none), and where its last line (its header's where none) ends. */
export interface BlockText {
  readonly header: string;
  readonly value: string;
  readonly comment: string;
  readonly end: number;
}

/**
 * The text of the block whose header follows the key's `:` or `=` at `sep`: its lines below, each indented
 * deeper than the key's line, up to a line that is not (or the text's end), its indent (the first's) taken
 * from each, empty lines among them, comments indented less than the text after it. Null where YAML would
 * read no such text or some other: a line indented less than the first but a comment, a tab in an indent,
 * an empty line deeper than the first line's indent.
 */
export function blockText(text: string, sep: number): BlockText | null {
  const headerEnd = lineEndAt(text, sep);
  const header = HEADER.exec(text.slice(sep + 1, headerEnd));
  if (!header) return null;
  const [, style, chomping, comment = ''] = header;
  const outer = /^ */.exec(text.slice(lineStartAt(text, sep), sep))![0].length;
  // Each line's text from the block's indent; null for an empty line.
  const rows: Array<string | null> = [];
  let indent = -1;
  let deepestEmpty = 0;
  let end = headerEnd;
  let lastRow = -1;
  let commented = false;
  for (let at = headerEnd; at < text.length; ) {
    const start = lineBreak(text, at);
    if (start >= text.length) break; // no line after the last line break
    const lineEnd = lineEndAt(text, start);
    const line = text.slice(start, lineEnd);
    const spaces = /^ */.exec(line)![0].length;
    if (/^[ \t]*$/.test(line) && !commented) {
      // Blanks past the block's indent would be text of its own, a tab in an indent none YAML takes.
      if (line.includes('\t') || (indent >= 0 && spaces > indent)) return null;
      deepestEmpty = Math.max(deepestEmpty, spaces);
      rows.push(null);
      at = lineEnd;
      continue;
    }
    if (spaces <= outer) break;
    if (indent < 0) {
      if (deepestEmpty > spaces) return null;
      indent = spaces;
    }
    // A comment indented less than the text ends it: past it, comments only (left as TOML's), empty lines
    // (the text's no more) and the line that ends the block.
    if (spaces < indent && line[spaces] === '#') commented = true;
    else if (spaces < indent || commented) return null;
    if (commented) {
      at = lineEnd;
      continue;
    }
    rows.push(line.slice(indent));
    lastRow = rows.length - 1;
    at = end = lineEnd;
  }
  // No line of text: nothing, or with `+` a line break for each empty line.
  if (lastRow < 0) return { header: style! + chomping, value: chomping === '+' ? '\n'.repeat(rows.length) : '', comment, end };
  const trailing = rows.length - 1 - lastRow;
  const lines = rows.slice(0, lastRow + 1);
  const body = style === '|' ? lines.map((l) => l ?? '').join('\n') : folded(lines);
  const last = chomping === '-' ? '' : chomping === '+' ? '\n'.repeat(trailing + 1) : '\n';
  return { header: style! + chomping, value: body + last, comment, end };
}

/**
 * Lines of a `>` block joined as YAML folds them: a blank between two lines of text, each empty line
 * between them a line break instead; where either is indented deeper than the block (`spaced`), its line
 * break kept, and each empty line's too. Empty lines before the first line are line breaks.
 */
function folded(lines: ReadonlyArray<string | null>): string {
  const spaced = (line: string) => line.startsWith(' ') || line.startsWith('\t');
  let out = '';
  let previous: string | null = null;
  let empty = 0;
  for (const line of lines) {
    if (line === null) {
      if (previous === null) out += '\n';
      else empty++;
      continue;
    }
    if (previous !== null) out += spaced(previous) || spaced(line) ? '\n'.repeat(empty + 1) : empty > 0 ? '\n'.repeat(empty) : ' ';
    out += line;
    previous = line;
    empty = 0;
  }
  return out;
}

/**
 * `value` as a TOML string: over lines where it holds a line break before its end (`"""` ⏎ `Reviews code.` ⏎
 * `Says why.` ⏎ `"""`), each line break the document's (`newLine`; toml_edit, Mars's reader, reads a CR LF in
 * it as a line feed), a backslash and a quote that would end it escaped; else on one line, in quotes.
 */
export function tomlText(value: string, newLine: string): string {
  if (!value.slice(0, -1).includes('\n')) return `"${escapeBasic(value)}"`;
  const lines = value.split('\n').map((line) =>
    line.replace(/[\u0000-\u0008\u000b-\u001f\u007f\\]|"(?="|$)/g, (c) => (c === '"' || c === '\\' ? `\\${c}` : escapeBasic(c))),
  );
  return `${TRIPLE}${newLine}${lines.join(newLine)}${TRIPLE}`;
}

/**
 * The block of text after the key whose `:` (or `=`, the `:` replaced alone) is at `sep` (`blockText`),
 * written as the TOML string YAML reads it as, from the key's end (`description = """` ⏎ …), the header's
 * comment after it. No guess: YAML reads the block so.
 */
export function yamlBlock(text: string, sep: number): { message: string; rewrite: Rewrite } | null {
  const block = blockText(text, sep);
  if (!block) return null;
  const keyEnd = blanksFrom(text, sep);
  const key = text.slice(lineStartAt(text, sep), keyEnd).trim();
  const lines = block.value.replace(/\n$/, '').split('\n').length;
  const value = tomlText(block.value, newLineAt(text, sep));
  const written = `${value}${block.comment === '' ? '' : ` ${block.comment}`}`;
  return {
    message: `${quoted(`${key}${text[sep] === ':' ? ':' : ' ='} ${block.header}`)} then lines indented below it is text as YAML writes it, a block: TOML writes text in quotes, ${'`' + TRIPLE + '`'} around one over lines`,
    rewrite: { title: `Write the text as TOML: ${lines > 1 ? `${lines} lines in ${'`' + TRIPLE + '`'}` : quoted(value)}`, span: { start: keyEnd, end: block.end }, newText: () => ` = ${written}` },
  };
}

/** The line break ending the line `at` is on (a line feed where it is the last). */
export const newLineAt = (text: string, at: number): string => (text.startsWith('\r\n', lineEndAt(text, at)) ? '\r\n' : '\n');

/**
 * What plain text (`description: Reviews code,`, YAML's plain scalar) goes on with on the lines after `from`
 * (its first line's end) indented deeper than its key's (`outer`): each line's text, blanks around it
 * taken off, after a blank, or after a line break for each empty line between (`suffix`, `''` where none
 * goes on), and where its last line ends. It runs to a line indented no deeper, a comment, or a line TOML
 * reads as its own statement (`key = value`, a header), which ends it. Null where YAML would read no such
 * text: a tab in an indent, a line holding `: ` (an error to YAML) or a comment (` #`), a control character
 * or what TOML does not read as a blank.
 */
export function plainLines(text: string, from: number, outer: number): { suffix: string; end: number } | null {
  let suffix = '';
  let empty = 0;
  let end = from;
  for (let at = from; at < text.length; ) {
    const start = lineBreak(text, at);
    if (start >= text.length) break;
    const lineEnd = lineEndAt(text, start);
    const line = text.slice(start, lineEnd);
    const code = line.trim();
    const spaces = /^ */.exec(line)![0].length;
    if (code === '' && !line.includes('\t')) {
      empty++;
      at = lineEnd;
      continue;
    }
    if ((spaces <= outer && line[spaces] !== '\t') || code.startsWith('#') || code.startsWith('[') || KEY_LINE.test(code)) break;
    if (/^ *\t/.test(line) || line.length > YAML_TEXT_MAX || NOT_PLAIN.test(code)) return null;
    suffix += empty > 0 ? '\n'.repeat(empty) : ' ';
    suffix += code;
    empty = 0;
    at = end = lineEnd;
  }
  return { suffix, end };
}


/** What plain text going on holds where YAML reads no text: a key's `: `, a comment, a control character, what TOML does not read as a blank. */
const NOT_PLAIN = new RegExp(`:(?: |$)|[ \\t]#|[\\u0000-\\u001f\\u007f]|${UNREAD}`, 'u');
