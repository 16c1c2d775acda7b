// A lenient, positional TOML 1.0 parser. It never throws: every problem becomes a SyntaxProblem and
// parsing resumes at the next line (or, inside a broken array or inline table, at the first point
// from which the rest of the file can still be read). One pass, charCodeAt scanning, linear time.
//
// Recovery rules, in short:
// - a broken statement skips to the end of its line; at most one problem is reported per line
//   unless the problems come from distinct tokens;
// - an inline table goes on over lines (TOML 1.1, which the syntax check reports as an error, since
//   Mars reads TOML 1.0) when its `}` comes before the next header; else it ends with its line, as
//   in TOML 1.0 (typing `tools = {` above other statements leaves those statements out of it);
// - an unclosed array ends before a line that can only be a statement: a table header whose
//   contents start with a bare-key letter (`[agents.b]`, `[[x]]`), or `bare.key =`;
// - values nest at most MAX_DEPTH deep; anything deeper is skipped as one invalid scalar. Where
//   Mars's parser would stop (RECURSION_LIMIT: nesting, key parts) is noted for syntax.ts.

import {
  type Comment, type Key, type KeyPart, type KeyValue, RECURSION_LIMIT, type Section, type Span, type StringStyle, type SyntaxProblem,
  type TableHeader, type TomlArray, type TomlDocument, type TomlInlineTable, type TomlScalar, type TomlString, type TomlValue,
} from './model';
import { lineCodeStart, sectionCut, skipBlankOrUnread } from './split';
import { stringEnd, surrogatePairEscape } from './stringPositions';
import { isUnreadBlank } from './unreadBlanks';

const MAX_DEPTH = 128;

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const QUOTE = 0x22;
const HASH = 0x23;
const APOS = 0x27;
const COMMA = 0x2c;
const DOT = 0x2e;
const SLASH = 0x2f;
const EQ = 0x3d;
const LBRACKET = 0x5b;
const BACKSLASH = 0x5c;
const RBRACKET = 0x5d;
const LBRACE = 0x7b;
const RBRACE = 0x7d;

/** A-Z a-z 0-9 _ - */
const BARE = new Uint8Array(128);
/** Characters that end a scalar token (number, boolean, date or junk). */
const SCALAR_STOP = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  if ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x2d) BARE[c] = 1;
}
for (const c of [TAB, LF, CR, SPACE, QUOTE, HASH, APOS, COMMA, EQ, LBRACKET, RBRACKET, LBRACE, RBRACE]) SCALAR_STOP[c] = 1;

function isBare(c: number): boolean {
  return c < 128 && BARE[c] === 1;
}

/** A letter or `_`: what a bare word that cannot be a value starts with. */
function isBareLetter(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
}

function isKeyStart(c: number): boolean {
  return isBare(c) || c === QUOTE || c === APOS;
}

function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

const INT_RE = /^[+-]?(?:0|[1-9](?:_?[0-9])*)$|^0x[0-9A-Fa-f](?:_?[0-9A-Fa-f])*$|^0o[0-7](?:_?[0-7])*$|^0b[01](?:_?[01])*$/;
const FLOAT_RE = /^[+-]?(?:0|[1-9](?:_?[0-9])*)(?:\.[0-9](?:_?[0-9])*)?(?:[eE][+-]?[0-9](?:_?[0-9])*)?$|^[+-]?(?:inf|nan)$/;
// Seconds optional, as TOML 1.1 reads a time (a syntax error for Mars, toml11.ts: the model reads on).
const DATE_RE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}(?:[Tt ][0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]+)?)?(?:[Zz]|[+-][0-9]{2}:[0-9]{2})?)?$|^[0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]+)?)?$/;
const DATE_ONLY_RE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

function classify(t: string): TomlScalar['type'] {
  if (t === 'true' || t === 'false') return 'boolean';
  const c = t.charCodeAt(0);
  // digits, + - i(nf) n(an)
  if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x69 || c === 0x6e) {
    if (INT_RE.test(t)) return 'integer';
    if (FLOAT_RE.test(t)) return 'float';
    if (DATE_RE.test(t)) return 'datetime';
  }
  return 'invalid';
}

function isWordValue(w: string): boolean {
  return w === 'true' || w === 'false' || w === 'inf' || w === 'nan';
}

/**
 * Whether the line starting at p can only be a statement, never the continuation of an array:
 * `[bare...` / `[[bare...` (a table header) or `bare.key =`, whose parts after the first may be
 * quoted (`skills."deep research".tools.x =`: a bare word then a dot is no value either).
 */
function looksLikeStatement(text: string, p: number): boolean {
  let c = text.charCodeAt(p);
  while (c === SPACE || c === TAB) c = text.charCodeAt(++p);
  if (c === LBRACKET) return looksLikeHeader(text, p);
  if (!isBareLetter(c)) return false;
  let first = true;
  for (;;) {
    const s = p;
    const q = text.charCodeAt(p);
    if (!first && (q === QUOTE || q === APOS)) {
      // A quoted part (one left open ends at its line's end, where no `=` or `.` follows); a `"""` opens none.
      if (text.charCodeAt(p + 1) === q && text.charCodeAt(p + 2) === q) return false;
      p = stringEnd(text, p);
    } else while (isBare(text.charCodeAt(p))) p++;
    if (p === s || (first && isWordValue(text.slice(s, p)))) return false;
    first = false;
    c = text.charCodeAt(p);
    while (c === SPACE || c === TAB) c = text.charCodeAt(++p);
    if (c === EQ) return true;
    if (c !== DOT) return false;
    c = text.charCodeAt(++p);
    while (c === SPACE || c === TAB) c = text.charCodeAt(++p);
  }
}

/**
 * Whether the line starting at p opens a table header: `[bare...` or `[[bare...`; what TOML does not
 * read as a blank after the brackets is read as a blank (`[`U+200B`skills]`: its own error), as the
 * section split reads it (split.ts, `startsHeader`).
 */
function looksLikeHeader(text: string, p: number): boolean {
  p = lineCodeStart(text, p);
  let c = text.charCodeAt(p);
  if (c !== LBRACKET) return false;
  c = text.charCodeAt(++p);
  if (c === LBRACKET) ++p;
  p = skipBlankOrUnread(text, p);
  c = text.charCodeAt(p);
  if (!isBareLetter(c)) return false;
  const s = p;
  while (isBare(text.charCodeAt(p))) p++;
  return !isWordValue(text.slice(s, p));
}

/**
 * The `{` of `text` whose `}` comes, as the parser reads: strings and comments skipped, and no `}`
 * taken past a header (a line starting with `[` where no list is open, or `[bare…` anywhere), nor
 * a list past its recovery (a `bare.key =` line ends the lists open). One linear pass, made only
 * for a text with an inline table that goes past its line.
 */
function closedBraces(text: string): Set<number> {
  const closed = new Set<number>();
  const open: number[] = []; // offsets of the `{` and `[` open
  const inList = () => open.length > 0 && text.charCodeAt(open[open.length - 1]!) === LBRACKET;
  const len = text.length;
  let p = 0;
  while (p < len) {
    // At a line start.
    let q = lineCodeStart(text, p);
    if (text.charCodeAt(q) === LBRACKET && (!inList() || looksLikeHeader(text, q))) {
      open.length = 0;
      while (q < len && text.charCodeAt(q) !== LF) q++; // the header line, quoted keys and all
      p = q + 1;
      continue;
    }
    if (inList() && looksLikeStatement(text, q)) while (inList()) open.pop();
    // The rest of the line (and the lines a multi-line string takes).
    for (p = q; p < len; ) {
      const c = text.charCodeAt(p);
      if (c === LF || c === CR) {
        p++;
        if (c === CR && text.charCodeAt(p) === LF) p++;
        break;
      }
      if (c === HASH) {
        // To the line feed, as the parser reads a comment (a lone CR does not end one).
        while (p < len && text.charCodeAt(p) !== LF) p++;
      } else if (c === QUOTE || c === APOS) {
        p = stringEnd(text, p);
      } else {
        if (c === LBRACE || c === LBRACKET) open.push(p);
        else if (c === RBRACE && open.length > 0 && !inList()) closed.add(open.pop()!);
        else if (c === RBRACKET && inList()) open.pop();
        p++;
      }
    }
  }
  return closed;
}

/** For messages: a short, printable rendering of a piece of source. */
function shown(s: string): string {
  const t = s.length > 40 ? s.slice(0, 40) + '…' : s;
  return t.replace(/`/g, "'");
}

class Parser {
  private pos = 0;
  private readonly len: number;
  readonly comments: Comment[] = [];
  readonly problems: SyntaxProblem[] = [];
  readonly tooDeep: Span[] = [];
  readonly longKeys: Key[] = [];
  /** Where the top-level statement being read starts. */
  private statement = 0;

  constructor(private readonly text: string) {
    this.len = text.length;
  }

  parse(): TomlDocument {
    const text = this.text;
    const len = this.len;
    const sections: Section[] = [];
    let header: TableHeader | null = null;
    let entries: KeyValue[] = [];
    let sectionStart = 0;
    this.pos = len > 0 && text.charCodeAt(0) === 0xfeff ? 1 : 0;

    while (this.pos < len) {
      const lineStart = this.pos;
      this.skipWs();
      if (this.pos >= len) break;
      // What TOML does not read as a blank before a header's `[` or a key: its own error, the line read all the same.
      const code = lineCodeStart(text, this.pos);
      const odd = code > this.pos;
      if (odd) {
        this.problem(this.spanAt(this.pos), `expected a key or a [table] header, found \`${shown(this.charAt(this.pos))}\``);
        this.pos = code;
      }
      const c = text.charCodeAt(this.pos);
      if (c === LF) {
        this.pos++;
        continue;
      }
      if (c === CR && text.charCodeAt(this.pos + 1) === LF) {
        this.pos += 2;
        continue;
      }
      const before = this.problems.length;
      let what = 'the value';
      if (c === HASH) {
        this.readComment();
      } else if (c === LBRACKET) {
        // With the characters before its `[` (their error is the section's), but byte order marks first on the line (see `sectionCut`).
        const cut = odd ? sectionCut(text, lineStart) : lineStart;
        sections.push({ header, entries, span: { start: sectionStart, end: cut } });
        header = this.parseHeader();
        entries = [];
        sectionStart = odd ? cut : header.span.start;
        what = 'the table header';
      } else if (isKeyStart(c)) {
        this.statement = this.pos;
        entries.push(this.parseKeyValue(0));
      } else {
        this.problem(this.spanAt(this.pos), `expected a key or a [table] header, found \`${shown(this.charAt(this.pos))}\``);
        this.pos = this.lineEnd(this.pos);
      }
      this.endOfLine(before, what);
    }
    sections.push({ header, entries, span: { start: sectionStart, end: len } });
    return { text, sections, comments: this.comments, problems: this.problems, tooDeep: this.tooDeep, longKeys: this.longKeys };
  }

  // ---- helpers -------------------------------------------------------------------------------

  private problem(span: Span, message: string, leftOpen?: true): void {
    this.problems.push(leftOpen ? { span, message, leftOpen } : { span, message });
  }

  /** The (whole) code point at p, or '' at the end. */
  private charAt(p: number): string {
    const c = this.text.charCodeAt(p);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = this.text.charCodeAt(p + 1);
      if (d >= 0xdc00 && d <= 0xdfff) return this.text.slice(p, p + 2);
    }
    return this.text.slice(p, p + 1);
  }

  /** The code point at p, or an empty span at p at the end of a line or of the text. */
  private spanAt(p: number): Span {
    const c = this.text.charCodeAt(p);
    if (p >= this.len || c === LF || (c === CR && this.text.charCodeAt(p + 1) === LF)) return { start: p, end: p };
    return { start: p, end: p + this.charAt(p).length };
  }

  private skipWs(): void {
    const text = this.text;
    let p = this.pos;
    for (;;) {
      const c = text.charCodeAt(p);
      if (c !== SPACE && c !== TAB) break;
      p++;
    }
    this.pos = p;
  }

  /** The end of the line containing p: the index of its `\n`, or of the `\r` of its `\r\n`. */
  private lineEnd(p: number): number {
    const i = this.text.indexOf('\n', p);
    if (i < 0) return this.len;
    return i > p && this.text.charCodeAt(i - 1) === CR ? i - 1 : i;
  }

  private readComment(): void {
    const start = this.pos;
    const end = this.lineEnd(start);
    this.comments.push({ span: { start, end }, text: this.text.slice(start + 1, end) });
    this.pos = end;
  }

  /** After a statement: optional blanks and comment, then a newline (consumed) or the end. */
  private endOfLine(problemsBefore: number, what: string): void {
    this.skipWs();
    const text = this.text;
    let c = text.charCodeAt(this.pos);
    if (c === HASH) {
      this.readComment();
      c = text.charCodeAt(this.pos);
    }
    if (this.pos >= this.len) return;
    if (c === LF) {
      this.pos++;
      return;
    }
    if (c === CR && text.charCodeAt(this.pos + 1) === LF) {
      this.pos += 2;
      return;
    }
    const end = this.lineEnd(this.pos);
    // One problem per broken statement: the rest of a line that already had one is skipped quietly.
    if (this.problems.length === problemsBefore) {
      let e = end;
      while (e > this.pos && (text.charCodeAt(e - 1) === SPACE || text.charCodeAt(e - 1) === TAB)) e--;
      this.problem({ start: this.pos, end: e }, `expected the end of the line after ${what}`);
    }
    this.pos = end;
    if (text.charCodeAt(this.pos) === CR) this.pos++;
    if (text.charCodeAt(this.pos) === LF) this.pos++;
  }

  // ---- statements ----------------------------------------------------------------------------

  private parseHeader(): TableHeader {
    const text = this.text;
    const start = this.pos;
    const array = text.charCodeAt(start + 1) === LBRACKET;
    this.pos = start + (array ? 2 : 1);
    this.skipWs();
    const key = this.parseKey();
    let end = key.parts.length > 0 ? key.span.end : this.pos;
    if (!this.keyBad) {
      if (key.parts.length === 0) {
        this.problem(this.spanAt(this.pos), 'expected a key in the table header');
      } else {
        this.skipWs();
        if (array) {
          if (text.charCodeAt(this.pos) === RBRACKET && text.charCodeAt(this.pos + 1) === RBRACKET) {
            this.pos += 2;
            end = this.pos;
          } else {
            this.problem(this.spanAt(this.pos), 'expected `]]` to close the array-of-tables header');
          }
        } else if (text.charCodeAt(this.pos) === RBRACKET) {
          this.pos++;
          end = this.pos;
        } else {
          this.problem(this.spanAt(this.pos), 'expected `]` to close the table header');
        }
      }
    }
    return { key, array, span: { start, end } };
  }

  /** Set by parseKey: whether it recorded a problem. */
  private keyBad = false;

  /**
   * A possibly dotted key at pos. Sets `keyBad` when a problem was recorded (an unterminated quoted
   * part or a dot with no key after it). An empty key (no parts) is not reported here.
   */
  private parseKey(): Key {
    const text = this.text;
    const parts: KeyPart[] = [];
    const start = this.pos;
    let bad = false;
    for (;;) {
      const c = text.charCodeAt(this.pos);
      if (isBare(c)) {
        const s = this.pos;
        let p = s + 1;
        while (isBare(text.charCodeAt(p))) p++;
        this.pos = p;
        parts.push({ name: text.slice(s, p), span: { start: s, end: p } });
      } else if (c === QUOTE || c === APOS) {
        const str = c === QUOTE ? this.readBasic() : this.readLiteral();
        parts.push(str.unread ? { name: str.value, span: str.span, unread: true } : { name: str.value, span: str.span });
        if (!str.terminated) {
          bad = true;
          break;
        }
      } else {
        if (parts.length > 0) {
          this.problem(this.spanAt(this.pos), 'expected a key after `.`');
          bad = true;
        }
        break;
      }
      const save = this.pos;
      this.skipWs();
      if (text.charCodeAt(this.pos) !== DOT) {
        this.pos = save;
        break;
      }
      this.pos++;
      this.skipWs();
    }
    // Spans are immutable, so a one-part key shares its part's span.
    const span = parts.length === 1 ? parts[0].span
      : parts.length > 0 ? { start: parts[0].span.start, end: parts[parts.length - 1].span.end } : { start, end: start };
    this.keyBad = bad;
    const key = { parts, span };
    if (parts.length >= RECURSION_LIMIT) this.longKeys.push(key);
    return key;
  }

  /** `key = value` at pos (which holds a key's first character). */
  private parseKeyValue(depth: number): KeyValue {
    const text = this.text;
    const key = this.parseKey();
    if (this.keyBad) return { key, value: null, span: key.span };
    this.skipWs();
    if (text.charCodeAt(this.pos) !== EQ) {
      this.problem(key.span, 'expected `=` after key');
      return { key, value: null, span: key.span };
    }
    const eq = this.pos++;
    this.skipWs();
    const value = this.pos < this.len ? this.parseValue(depth) : null;
    if (value === null) {
      this.problem({ start: eq, end: eq + 1 }, 'expected a value after `=`');
      return { key, value: null, span: { start: key.span.start, end: eq + 1 } };
    }
    return { key, value, span: { start: key.span.start, end: value.span.end } };
  }

  // ---- values --------------------------------------------------------------------------------

  /** A value at pos, or null (nothing consumed) when the character there cannot start one. */
  private parseValue(depth: number): TomlValue | null {
    const text = this.text;
    if (this.pos >= this.len) return null;
    const c = text.charCodeAt(this.pos);
    switch (c) {
      case QUOTE:
        return text.charCodeAt(this.pos + 1) === QUOTE && text.charCodeAt(this.pos + 2) === QUOTE ? this.readMultilineBasic() : this.readBasic();
      case APOS:
        return text.charCodeAt(this.pos + 1) === APOS && text.charCodeAt(this.pos + 2) === APOS ? this.readMultilineLiteral() : this.readLiteral();
      case LBRACKET:
        if (depth >= MAX_DEPTH) return this.skipTooDeep();
        this.opens(depth + 1);
        return this.parseArray(depth + 1);
      case LBRACE:
        if (depth >= MAX_DEPTH) return this.skipTooDeep();
        this.opens(depth + 1);
        return this.parseInlineTable(depth + 1);
      default:
        if (c < 128 && SCALAR_STOP[c] === 1) return null;
        return this.readScalar();
    }
  }

  /** A list or inline table opens at pos, `depth` deep: the statement's first at Mars's recursion limit is noted. */
  private opens(depth: number): void {
    const last = this.tooDeep[this.tooDeep.length - 1];
    if (depth === RECURSION_LIMIT && !(last && last.start >= this.statement)) this.tooDeep.push(this.spanAt(this.pos));
  }

  private readScalar(): TomlScalar {
    const text = this.text;
    const start = this.pos;
    let p = start;
    // A run of what TOML does not read as a blank (a no-break space, a zero-width space: see
    // unreadBlanks.ts) is a value of its own (an invalid one), not the start of the word after it; a
    // word ends before one, and in an inline table what follows one is read as the next key/value,
    // its comma missing (`[1` U+00A0 `2]`: see missingCommas.ts's `missingComma`).
    const odd = isUnreadBlank(text.charCodeAt(p));
    for (;;) {
      const c = text.charCodeAt(p);
      if (p >= this.len || (c < 128 && SCALAR_STOP[c] === 1) || isUnreadBlank(c) !== odd) break;
      p++;
    }
    // `1979-05-27 07:32:00`: a date, a space and a time are one value.
    if (p - start === 10 && text.charCodeAt(p) === SPACE && isDigit(text.charCodeAt(p + 1)) && isDigit(text.charCodeAt(p + 2)) &&
        text.charCodeAt(p + 3) === 0x3a && DATE_ONLY_RE.test(text.slice(start, p))) {
      p++;
      for (;;) {
        const c = text.charCodeAt(p);
        if (p >= this.len || (c < 128 && SCALAR_STOP[c] === 1) || isUnreadBlank(c)) break;
        p++;
      }
    }
    this.pos = p;
    const t = text.slice(start, p);
    const type = classify(t);
    const span = { start, end: p };
    if (type === 'invalid') {
      const c = t.charCodeAt(0);
      this.problem(span, isBareLetter(c) ? `invalid value \`${shown(t)}\` (strings must be quoted)` : `invalid value \`${shown(t)}\``);
    }
    return { kind: 'scalar', span, text: t, type };
  }

  /** Too deep: skip the bracketed construct at pos as a whole and return it as an invalid scalar. */
  private skipTooDeep(): TomlScalar {
    const text = this.text;
    const len = this.len;
    const start = this.pos;
    this.problem(this.spanAt(start), 'nested too deeply');
    let depth = 0;
    let p = start;
    while (p < len) {
      const c = text.charCodeAt(p);
      if (c === LBRACKET || c === LBRACE) {
        depth++;
      } else if (c === RBRACKET || c === RBRACE) {
        if (--depth === 0) {
          p++;
          break;
        }
      } else if (c === QUOTE || c === APOS) {
        // Skipped whole (multi-line ones too), so its brackets do not count.
        p = stringEnd(text, p);
        continue;
      } else if (c === HASH) {
        p = this.lineEnd(p);
        continue;
      } else if (c === LF && looksLikeStatement(text, p + 1)) {
        break;
      }
      p++;
    }
    if (p > len) p = len;
    this.pos = p;
    let end = p;
    for (;;) {
      const c = text.charCodeAt(end - 1);
      if (end <= start + 1 || (c !== SPACE && c !== TAB && c !== LF && c !== CR)) break;
      end--;
    }
    return { kind: 'scalar', span: { start, end }, text: text.slice(start, end), type: 'invalid' };
  }

  private parseArray(depth: number): TomlArray {
    const text = this.text;
    const start = this.pos++;
    const items: TomlValue[] = [];
    let closed = false;
    let end = this.pos;
    let expectingValue = true;
    let lastBad = false;
    for (;;) {
      if (!this.skipTrivia()) break;
      const c = text.charCodeAt(this.pos);
      if (c === RBRACKET) {
        closed = true;
        end = ++this.pos;
        break;
      }
      if (c === COMMA) {
        if (expectingValue && !lastBad) this.problem({ start: this.pos, end: this.pos + 1 }, 'expected a value before `,`');
        end = ++this.pos;
        expectingValue = true;
        lastBad = false;
        continue;
      }
      const before = this.problems.length;
      const at = this.pos;
      const value = this.parseValue(depth);
      const itemBad = this.problems.length > before;
      // A missing comma is reported after an item that was fine, before the next item's own problems
      // (`["grep"[, "edit"]`): where the reading went wrong first, which a guess starts from.
      if (value !== null && !expectingValue && !lastBad) {
        const span = this.spanAt(at);
        if (itemBad) this.problems.splice(before, 0, { span, message: 'missing `,` between array items' });
        else this.problem(span, 'missing `,` between array items');
      }
      if (value === null) {
        const s = this.spanAt(this.pos);
        this.problem(s, `unexpected \`${shown(this.charAt(this.pos))}\` in an array`);
        this.pos = s.end > s.start ? s.end : this.pos + 1;
        lastBad = true;
        continue;
      }
      items.push(value);
      end = value.span.end;
      expectingValue = false;
      lastBad = itemBad;
    }
    if (!closed) this.problem({ start, end: start + 1 }, 'expected `]` to close the array', true);
    return { kind: 'array', span: { start, end }, items, closed };
  }

  /**
   * Skips blanks, and the line breaks and comments inside an array, or an inline table whose `}`
   * comes (`open`: its `{`; TOML 1.1 lets one go on over lines). False (pos left on the line
   * ending) when the value cannot go on: at the end of the text; before a line that can only be a
   * statement (an array) or a header (an inline table); at the end of an inline table's line when
   * its `}` never comes (`tools = {` typed above other statements leaves them out of it).
   */
  private skipTrivia(open = -1): boolean {
    const text = this.text;
    const inline = open >= 0;
    for (;;) {
      this.skipWs();
      if (this.pos >= this.len) return false;
      const c = text.charCodeAt(this.pos);
      if (c === HASH) {
        this.readComment();
        continue;
      }
      // A comment written as JavaScript writes one (`// why`) between a list's items is that, to the line's end: not
      // items (`//`, `why`), nor a comment from a `#` in it (`// see #mars-ignore: x`, no mars-ignore once the fix makes
      // `//` the `#` it means). The syntax error is smol-toml's verdict's, explained there (syntaxMessages.ts).
      if (!inline && c === SLASH && text.charCodeAt(this.pos + 1) === SLASH) {
        const end = this.lineEnd(this.pos);
        this.problem({ start: this.pos, end }, 'a TOML comment starts with `#`, not `//`');
        this.pos = end;
        continue;
      }
      let next = -1;
      if (c === LF) next = this.pos + 1;
      else if (c === CR && text.charCodeAt(this.pos + 1) === LF) next = this.pos + 2;
      else if (c === CR && inline) return false; // a lone CR ends the line, and the table
      if (next < 0) return true;
      if (inline && !(this.closedBraces ??= closedBraces(text)).has(open)) return false;
      // In an inline table (not in a list in it) a line cannot go on with `[`: it is a header.
      if (inline ? text.charCodeAt(lineCodeStart(text, next)) === LBRACKET : looksLikeStatement(text, next)) return false;
      this.pos = next;
    }
  }

  /** The `{` whose `}` comes (see `closedBraces`), found when an inline table first reaches a line's end. */
  private closedBraces: Set<number> | null = null;

  private parseInlineTable(depth: number): TomlInlineTable {
    const text = this.text;
    const start = this.pos++;
    const entries: KeyValue[] = [];
    let closed = false;
    let end = this.pos;
    let expectingKey = true;
    let lastBad = false;
    for (;;) {
      if (!this.skipTrivia(start)) break;
      const c = text.charCodeAt(this.pos);
      // A comma before `}` is TOML 1.1 (a syntax error for Mars, toml11.ts): the model reads on.
      if (c === RBRACE) {
        closed = true;
        end = ++this.pos;
        break;
      }
      if (c === COMMA) {
        if (expectingKey && !lastBad) this.problem({ start: this.pos, end: this.pos + 1 }, 'expected a key before `,`');
        end = ++this.pos;
        expectingKey = true;
        lastBad = false;
        continue;
      }
      const before = this.problems.length;
      let entryBad = true;
      if (isKeyStart(c)) {
        const at = this.pos;
        const kv = this.parseKeyValue(depth);
        entryBad = this.problems.length > before;
        if (!expectingKey && !lastBad && !entryBad) {
          this.problem(this.spanAt(at), 'missing `,` between inline table entries');
        }
        entries.push(kv);
        end = kv.span.end;
      } else if (isUnreadBlank(c)) {
        // Passed over, as a blank is, so that the key/value after it is read (its comma missing).
        this.problem(this.spanAt(this.pos), `expected a key in the inline table, found \`${shown(this.charAt(this.pos))}\``);
        while (isUnreadBlank(text.charCodeAt(this.pos))) this.pos++;
        lastBad = true;
        continue;
      } else {
        this.problem(this.spanAt(this.pos), `expected a key in the inline table, found \`${shown(this.charAt(this.pos))}\``);
      }
      expectingKey = false;
      lastBad = entryBad;
      if (lastBad) {
        // resynchronise at the next `,` or `}` of this line
        let p = this.pos;
        for (;;) {
          const d = text.charCodeAt(p);
          if (p >= this.len || d === COMMA || d === RBRACE || d === LF || d === CR || d === HASH) break;
          p++;
        }
        this.pos = p;
      }
    }
    if (!closed) this.problem({ start, end: start + 1 }, 'expected `}` to close the inline table', true);
    return { kind: 'inline-table', span: { start, end }, entries, closed };
  }

  // ---- strings -------------------------------------------------------------------------------

  private str(start: number, end: number, cs: number, ce: number, value: string, style: StringStyle, terminated: boolean): TomlString {
    const unread = this.unreadEscape;
    this.unreadEscape = false;
    return unread ? { kind: 'string', span: { start, end }, content: { start: cs, end: ce }, value, style, terminated, unread }
      : { kind: 'string', span: { start, end }, content: { start: cs, end: ce }, value, style, terminated };
  }

  private controlProblem(p: number): void {
    this.problem({ start: p, end: p + 1 }, 'control characters must be escaped in strings');
  }

  /**
   * The escape sequence at p (a backslash) of a basic string: sets `escValue` to its decoded text
   * (the raw text when invalid) and returns the index after it. An escape of no meaning in any TOML
   * sets `unreadEscape`, which the string read next takes (see `TomlString.unread`).
   */
  private escValue = '';
  private unreadEscape: true | false = false;
  private readEscape(p: number): number {
    const text = this.text;
    const n = text.charCodeAt(p + 1);
    switch (n) {
      case 0x62: this.escValue = '\b'; return p + 2;
      case 0x74: this.escValue = '\t'; return p + 2;
      case 0x6e: this.escValue = '\n'; return p + 2;
      case 0x66: this.escValue = '\f'; return p + 2;
      case 0x72: this.escValue = '\r'; return p + 2;
      case QUOTE: this.escValue = '"'; return p + 2;
      case BACKSLASH: this.escValue = '\\'; return p + 2;
      // TOML 1.1's `\e` and `\xHH`: a syntax error for Mars (toml11.ts), read as TOML 1.1 reads them.
      case 0x65: this.escValue = '\x1b'; return p + 2;
      case 0x78: // x
      case 0x75: // u
      case 0x55: { // U
        const count = n === 0x78 ? 2 : n === 0x75 ? 4 : 8;
        let q = p + 2;
        let cp = 0;
        while (q < p + 2 + count && isHex(text.charCodeAt(q))) {
          cp = cp * 16 + parseInt(text[q], 16);
          q++;
        }
        const pair = q === p + 2 + count && cp >= 0xd800 && cp <= 0xdbff && n === 0x75 ? surrogatePairEscape(text, p) : null;
        if (q === p + 2 + count && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff)) {
          this.escValue = String.fromCodePoint(cp);
        } else if (pair !== null) {
          this.escValue = pair;
          this.problem({ start: p, end: p + 12 }, `invalid Unicode escape \`${text.slice(p, p + 12)}\` (a UTF-16 surrogate pair)`);
          return p + 12;
        } else {
          this.escValue = text.slice(p, q);
          this.unreadEscape = true;
          this.problem({ start: p, end: q }, q === p + 2 + count
            ? `invalid Unicode escape \`${text.slice(p, q)}\` (not a Unicode scalar value)`
            : `invalid Unicode escape \`${shown(text.slice(p, q))}\` (expected ${count} hex digits)`);
        }
        return q;
      }
      default: {
        if (p + 1 >= this.len || n === LF || (n === CR && text.charCodeAt(p + 2) === LF)) {
          this.escValue = '\\';
          this.unreadEscape = true;
          this.problem({ start: p, end: p + 1 }, 'invalid escape: `\\` at the end of the line');
          return p + 1;
        }
        const raw = text.slice(p, p + 1 + this.charAt(p + 1).length);
        this.escValue = raw;
        this.unreadEscape = true;
        this.problem({ start: p, end: p + raw.length }, `invalid escape sequence \`${raw}\``);
        return p + raw.length;
      }
    }
  }

  /** `"..."` at pos. */
  private readBasic(): TomlString {
    const text = this.text;
    const len = this.len;
    const start = this.pos;
    const cs = start + 1;
    let p = cs;
    let seg = cs;
    let out = '';
    for (;;) {
      const c = text.charCodeAt(p);
      if (c > BACKSLASH ? c !== 0x7f : c >= SPACE && c !== QUOTE && c !== BACKSLASH) {
        p++;
        continue;
      }
      if (c === QUOTE) {
        const value = seg === cs ? text.slice(cs, p) : out + text.slice(seg, p);
        this.pos = p + 1;
        return this.str(start, p + 1, cs, p, value, 'basic', true);
      }
      if (c === BACKSLASH) {
        out += text.slice(seg, p);
        p = this.readEscape(p);
        out += this.escValue;
        seg = p;
        continue;
      }
      if (p >= len || c === LF || (c === CR && text.charCodeAt(p + 1) === LF)) {
        const value = seg === cs ? text.slice(cs, p) : out + text.slice(seg, p);
        this.problem({ start, end: p }, 'unterminated string');
        this.pos = p;
        return this.str(start, p, cs, p, value, 'basic', false);
      }
      if ((c < 0x20 && c !== TAB) || c === 0x7f) this.controlProblem(p);
      p++;
    }
  }

  /** `'...'` at pos. */
  private readLiteral(): TomlString {
    const text = this.text;
    const len = this.len;
    const start = this.pos;
    const cs = start + 1;
    let p = cs;
    for (;;) {
      const c = text.charCodeAt(p);
      if (c === APOS) {
        this.pos = p + 1;
        return this.str(start, p + 1, cs, p, text.slice(cs, p), 'literal', true);
      }
      if (p >= len || c === LF || (c === CR && text.charCodeAt(p + 1) === LF)) {
        this.problem({ start, end: p }, 'unterminated string');
        this.pos = p;
        return this.str(start, p, cs, p, text.slice(cs, p), 'literal', false);
      }
      if ((c < 0x20 && c !== TAB) || c === 0x7f) this.controlProblem(p);
      p++;
    }
  }

  /** Skips the newline right after an opening `"""`/`'''`. */
  private afterOpening(p: number): number {
    const c = this.text.charCodeAt(p);
    if (c === LF) return p + 1;
    if (c === CR && this.text.charCodeAt(p + 1) === LF) return p + 2;
    return p;
  }

  /** `"""..."""` at pos. */
  private readMultilineBasic(): TomlString {
    const text = this.text;
    const len = this.len;
    const start = this.pos;
    const cs = start + 3;
    const vs = this.afterOpening(cs);
    let p = vs;
    let seg = vs;
    let out = '';
    for (;;) {
      if (p >= len) {
        this.problem({ start, end: cs }, 'unterminated multi-line string');
        this.pos = len;
        return this.str(start, len, cs, len, out + lf(text.slice(seg, len)), 'multiline-basic', false);
      }
      const c = text.charCodeAt(p);
      if (c === QUOTE) {
        // Where the string closes depends on the first five of a run: a longer run is not counted
        // further, as the strings read one after another from it would each count it to its end.
        let q = p + 1;
        while (q - p < 5 && text.charCodeAt(q) === QUOTE) q++;
        const run = q - p;
        if (run >= 3) {
          const ce = p + Math.min(run - 3, 2);
          const value = seg === vs ? lf(text.slice(vs, ce)) : out + lf(text.slice(seg, ce));
          this.pos = ce + 3;
          return this.str(start, ce + 3, cs, ce, value, 'multiline-basic', true);
        }
        p = q;
        continue;
      }
      if (c === BACKSLASH) {
        const n = text.charCodeAt(p + 1);
        if (n === SPACE || n === TAB || n === LF || n === CR) {
          // line-ending backslash: `\`, blanks, a newline, then all white space up to the next text
          let q = p + 1;
          while (text.charCodeAt(q) === SPACE || text.charCodeAt(q) === TAB) q++;
          const e = text.charCodeAt(q);
          if (e === LF || (e === CR && text.charCodeAt(q + 1) === LF)) {
            out += lf(text.slice(seg, p));
            for (;;) {
              const d = text.charCodeAt(q);
              if (d !== SPACE && d !== TAB && d !== LF && !(d === CR && text.charCodeAt(q + 1) === LF)) break;
              q += d === CR ? 2 : 1;
            }
            p = seg = q;
            continue;
          }
        }
        out += lf(text.slice(seg, p));
        p = this.readEscape(p);
        out += this.escValue;
        seg = p;
        continue;
      }
      if ((c < 0x20 && c !== TAB && c !== LF && !(c === CR && text.charCodeAt(p + 1) === LF)) || c === 0x7f) this.controlProblem(p);
      p++;
    }
  }

  /** `'''...'''` at pos. */
  private readMultilineLiteral(): TomlString {
    const text = this.text;
    const len = this.len;
    const start = this.pos;
    const cs = start + 3;
    const vs = this.afterOpening(cs);
    let p = vs;
    for (;;) {
      if (p >= len) {
        this.problem({ start, end: cs }, 'unterminated multi-line string');
        this.pos = len;
        return this.str(start, len, cs, len, lf(text.slice(vs, len)), 'multiline-literal', false);
      }
      const c = text.charCodeAt(p);
      if (c === APOS) {
        // Where the string closes depends on the first five of a run: a longer run is not counted
        // further, as the strings read one after another from it would each count it to its end.
        let q = p + 1;
        while (q - p < 5 && text.charCodeAt(q) === APOS) q++;
        const run = q - p;
        if (run >= 3) {
          const ce = p + Math.min(run - 3, 2);
          this.pos = ce + 3;
          return this.str(start, ce + 3, cs, ce, lf(text.slice(vs, ce)), 'multiline-literal', true);
        }
        p = q;
        continue;
      }
      if ((c < 0x20 && c !== TAB && c !== LF && !(c === CR && text.charCodeAt(p + 1) === LF)) || c === 0x7f) this.controlProblem(p);
      p++;
    }
  }
}

/**
 * Raw text of a multi-line string as its value: a CR LF line break in it is one LF, as toml_edit
 * (Mars's parser) reads it, so `"""Read(a<CR LF>b)"""` in a CRLF file is `read(a\nb)` to Mars, holds
 * no CR, and is the same entry as `"read(a\nb)"`. An escaped `\r` is no line break and stays.
 */
function lf(raw: string): string {
  return raw.indexOf('\r') < 0 ? raw : raw.replace(/\r\n/g, '\n');
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** Parses `text` leniently; never throws. See the header comment for the recovery rules. */
export function parseToml(text: string): TomlDocument {
  return new Parser(text).parse();
}
