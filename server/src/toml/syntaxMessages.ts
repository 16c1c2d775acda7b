// What to type, for the TOML error smol-toml stopped at. Its messages name the rule broken
// ("invalid value", "expected comma or end of structure", "control characters are not allowed in
// strings" for a string left open at the end of its line); a user in the middle of typing wants
// the missing piece named. The text around the error and the model's reading of it (the string or
// list left open) say which piece that is; where neither does, smol-toml's message stands.

import type { KeyValue, Section, Span, TomlValue } from './model';

export interface Explained {
  /** Without the `TOML syntax error: ` prefix. */
  readonly message: string;
  readonly related?: ReadonlyArray<{ readonly span: Span; readonly message: string }>;
}

/** What to say for smol-toml's message `raw` at offset `at` of `text` (the model's text), in `section`. */
export function explainError(text: string, section: Section, at: number, raw: string): Explained {
  const said = explained(text, section, at, raw) ?? raw;
  return typeof said === 'string' ? { message: said } : said;
}

type Container = Extract<TomlValue, { kind: 'array' | 'inline-table' }>;

/** A list or inline table left open before `at`, named by its key, with where it opens. */
function leftOpen(text: string, section: Section, open: Container): Explained {
  const owner = section.entries.find((kv) => kv.value && kv.value.span.start <= open.span.start && (open.span.start < kv.value.span.end || !('closed' in kv.value) || !kv.value.closed));
  const key = owner ? text.slice(owner.key.span.start, owner.key.span.end) : null;
  const what = open.kind === 'array' ? 'list' : 'inline table';
  const whose = key === null ? `a ${what}` : owner!.value === open ? `the ${what} of \`${key}\`` : `a ${what} in \`${key}\``;
  return {
    message: `${whose} is not closed: add \`${open.kind === 'array' ? ']' : '}'}\``,
    related: [{ span: { start: open.span.start, end: open.span.start + 1 }, message: `the ${what} opens here` }],
  };
}

function explained(text: string, section: Section, at: number, raw: string): string | Explained | null {
  const c = text[at];
  const lineStart = lineStartOf(text, at);
  const before = text.slice(lineStart, at);
  const header = /^[ \t]*\[/.test(before) && section.header !== null && section.header.span.start >= lineStart;
  const atLineEnd = at >= text.length || c === '\n' || c === '\r';
  switch (raw) {
    case 'control characters are not allowed in strings': {
      const str = stringAt(section, at);
      if (atLineEnd) {
        const quote = str?.style === 'literal' ? "'" : '"';
        return `a string must end on the line it starts: add the closing \`${quote}\` (a string over several lines is written between \`${quote.repeat(3)}\`)`;
      }
      const code = `U+${text.charCodeAt(at).toString(16).toUpperCase().padStart(4, '0')}`;
      return str?.style === 'literal' || str?.style === 'multiline-literal'
        ? `control character ${code} in a literal string: write it as \`\\u${code.slice(2)}\` in a "..." string instead`
        : `control character ${code} in a string: write it as \`\\u${code.slice(2)}\``;
    }
    case 'unfinished string': {
      const quote = { basic: '"', literal: "'", 'multiline-basic': '"""', 'multiline-literal': "'''" }[stringAt(section, at + 1)?.style ?? 'basic'];
      return `this string is never closed: add the closing \`${quote}\``;
    }
    case 'unfinished array':
      return 'this list is never closed: add `]`';
    case 'unfinished table':
      return 'this inline table is never closed: add `}`';
    case 'expected end of table array declaration':
      return 'a `[[...]]` header ends with `]]`';
    case 'unrecognised escape sequence':
      return `\`\\${shownChar(text, at)}\` is not an escape TOML knows: write \`\\\\\` for a backslash, or use a literal string ('...'), where a backslash is plain`;
    case 'invalid non-hex character in unicode escape':
      return '`\\u` takes four hex digits and `\\U` eight (`\\u00E9`)';
    case 'illegal underscore':
      return 'an underscore in a number goes between two digits (`1_000`)';
    case 'illegal leading zero':
      return 'a number does not start with `0` (write `7`, not `07`)';
    case 'illegal empty bare key':
      return `a part of this key is empty: remove the extra \`.\`, or write an empty name as \`""\``;
    case 'unexpected end of key': {
      const last = before.trimEnd().at(-1);
      if (last === '.') return 'a key part is missing after `.`';
      if (header || last === '[') return 'the table header has no name (`[agents.coder.tools]`)';
      return 'a key is missing before `=`';
    }
    case 'incomplete key-value: cannot find end of key':
      return 'expected `=` and a value after the key';
    case 'illegal character in key': {
      if (header) {
        if (atLineEnd) return `this table header is not closed: add \`${/^[ \t]*\[\[/.test(before) ? ']]' : ']'}\``;
        return /[ \t]$/.test(before)
          ? 'expected `.` or `]`: the parts of a table name are joined with `.` (put a name with spaces in quotes)'
          : `\`${shownChar(text, at)}\` cannot be in a bare key (letters, digits, \`_\` and \`-\`): put this part of the name in quotes`;
      }
      if (atLineEnd) return 'expected `=` and a value after the key';
      return /[ \t]$/.test(before)
        ? 'expected `=` after the key'
        : `\`${shownChar(text, at)}\` cannot be in a bare key (letters, digits, \`_\` and \`-\`): put the key in quotes`;
    }
    case 'each key-value declaration must be followed by an end-of-line':
      return header
        ? `\`${shownChar(text, at)}\` after the table header: only a comment may follow it on its line`
        : `\`${shownChar(text, at)}\` after the value: a line holds one \`key = value\`, then only a comment`;
    case 'expected comma or end of structure': {
      const open = openContainer(section.entries, at);
      if (!open) return null;
      // A `key =` line: the list above it was left open.
      if (!/\S/.test(before) && KEY_LINE.test(text.slice(at, lineEndOf(text, at)))) return leftOpen(text, section, open);
      return open.kind === 'array' ? 'expected `,` or `]`: the items of a list are separated by commas' : 'expected `,` or `}`: the keys of an inline table are separated by commas';
    }
    case 'invalid value': {
      if (atLineEnd || c === '#') {
        const open = openContainer(section.entries, at);
        if (!open) return 'a value is missing after `=`';
        // Nothing but comments to the end: the list was left open.
        return onlyCommentsFrom(text, at) ? leftOpen(text, section, open) : 'expected a value, or `]`';
      }
      if (c === ',') return 'expected a value before this `,`: remove the extra comma';
      const word = /^[A-Za-z_][A-Za-z0-9_-]*/.exec(text.slice(at, at + 41))?.[0];
      if (word === undefined) return null;
      const open = openContainer(section.entries, at);
      if (open?.kind === 'array' && KEY_LINE.test(text.slice(at, lineEndOf(text, at)))) return leftOpen(text, section, open);
      if (word.length > 40) return 'text here must be in quotes'; // a word that long is not typed
      return `\`${word}\` is not a value TOML knows: write text in quotes (\`"${word}"\`)${/^(?:true|false)$/i.test(word) ? '; true and false are written in lower case' : ''}`;
    }
    default:
      return null;
  }
}

/** A line that starts with `key =` (dotted, quoted parts too). */
const KEY_LINE = /^(?:[A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*')(?:[ \t]*\.[ \t]*(?:[A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*'))*[ \t]*=/;

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

function visit(entries: readonly KeyValue[], f: (v: TomlValue) => void): void {
  const value = (v: TomlValue): void => {
    f(v);
    if (v.kind === 'array') v.items.forEach(value);
    else if (v.kind === 'inline-table') visit(v.entries, f);
  };
  for (const kv of entries) if (kv.value) value(kv.value);
}

/** Whether the text from `at` holds only white space and comments (a loop: a regex for it backtracks exponentially on `# # # ...`). */
function onlyCommentsFrom(text: string, at: number): boolean {
  for (let i = at; i < text.length; i++) {
    const c = text[i]!;
    if (c === '#') while (i + 1 < text.length && text[i + 1] !== '\n') i++;
    else if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') return false;
  }
  return true;
}

/** The character at `at` as a message shows it (a control or invisible one by its code). */
function shownChar(text: string, at: number): string {
  const cp = text.codePointAt(at);
  if (cp === undefined) return '';
  return cp < 0x20 || cp === 0x7f || (cp >= 0x80 && cp < 0xa0) ? `U+${cp.toString(16).toUpperCase().padStart(4, '0')}` : String.fromCodePoint(cp);
}

function lineStartOf(text: string, at: number): number {
  const n = text.lastIndexOf('\n', at - 1);
  const r = text.lastIndexOf('\r', at - 1);
  return Math.max(n, r) + 1;
}

function lineEndOf(text: string, at: number): number {
  for (let i = at; i < text.length; i++) if (text[i] === '\n' || text[i] === '\r') return i;
  return text.length;
}
