// The positional TOML model the analysis walks. Every span is a pair of UTF-16 offsets into the
// document text (JS string indices), so LSP positions follow from a line table alone.

export interface Span {
  readonly start: number;
  readonly end: number;
}

export interface KeyPart {
  /** The decoded key (quotes removed, escapes resolved). */
  readonly name: string;
  readonly span: Span;
  /** A quoted part with an escape of no meaning in any TOML (see `TomlString.unread`). */
  readonly unread?: true;
}

/** A possibly dotted key: `a."b c".d`. */
export interface Key {
  readonly parts: readonly KeyPart[];
  readonly span: Span;
}

export type StringStyle = 'basic' | 'literal' | 'multiline-basic' | 'multiline-literal';

export interface TomlString {
  readonly kind: 'string';
  /** The whole token, quotes included. */
  readonly span: Span;
  /** Between the quotes (to the end of the line, or of the text, when unterminated). */
  readonly content: Span;
  /** The decoded value. */
  readonly value: string;
  readonly style: StringStyle;
  readonly terminated: boolean;
  /**
   * An escape in it has no meaning in any TOML (`\q`, a lone surrogate `\ud83d`, `\u` short of its
   * digits): a syntax error, kept as written in `value`, whose meaning (a backslash? a typo?) is a guess.
   */
  readonly unread?: true;
}

export interface TomlArray {
  readonly kind: 'array';
  readonly span: Span;
  readonly items: readonly TomlValue[];
  readonly closed: boolean;
}

export interface TomlInlineTable {
  readonly kind: 'inline-table';
  readonly span: Span;
  readonly entries: readonly KeyValue[];
  readonly closed: boolean;
}

/** A number, boolean or date-time, or text that is none of them (`invalid`). */
export interface TomlScalar {
  readonly kind: 'scalar';
  readonly span: Span;
  readonly text: string;
  readonly type: 'integer' | 'float' | 'boolean' | 'datetime' | 'invalid';
}

export type TomlValue = TomlString | TomlArray | TomlInlineTable | TomlScalar;

export interface KeyValue {
  readonly key: Key;
  /** Null when the line stops before a value (`allowed =`). */
  readonly value: TomlValue | null;
  readonly span: Span;
}

export interface TableHeader {
  readonly key: Key;
  /** `[[array.of.tables]]`. */
  readonly array: boolean;
  readonly span: Span;
}

/** The root table (header null) or one `[header]` and the key/values under it. */
export interface Section {
  readonly header: TableHeader | null;
  readonly entries: readonly KeyValue[];
  /** From the header's first character (or 0) to the next header (or the end). */
  readonly span: Span;
}

export interface Comment {
  /** From `#` to the end of the line. */
  readonly span: Span;
  /** The text after `#`. */
  readonly text: string;
}

export interface SyntaxProblem {
  readonly span: Span;
  readonly message: string;
  /**
   * Text for `span` that means the same and is valid, made when asked for: what TOML 1.1 added, in
   * TOML 1.0; a stray byte order mark removed; a comma missing between two items; a typing slip whose message names the
   * fix (typingSlips.ts: a comma too many, a bare name, curly quotes, a list left open). With `guess`,
   * only one reading of several (a comma between two strings with no blank between, `['it''s']`,
   * which may be one string meant): offered, but neither preferred nor applied by fix-all. `next`:
   * the rewrites of the errors that would show next, each once those before it are written, which
   * fix-all writes with this one (the other commas missing in its list or inline table: a section
   * shows one error at a time, and a list of thousands took a pass of fix-all for each), in text
   * order, apart.
   */
  readonly rewrite?: {
    readonly title: string;
    readonly span: Span;
    newText(): string;
    readonly guess?: boolean;
    /** A guess that is the reading to prefer all the same (a key's lookalike letters in ASCII, `tооls` as `tools`): preferred, not in fix-all. */
    readonly likely?: boolean;
    /** A statement's value written as the list these values make (`Read, Grep`): a guess, but where its key is a list of tool names. */
    readonly asList?: readonly unknown[];
    readonly next?: () => ReadonlyArray<Span & { readonly newText: string }>;
  } | null;
  /** Other places the problem is about (a key defined before), with what each is. */
  readonly related?: ReadonlyArray<{ readonly span: Span; readonly message: string }>;
  /** Where the parser gave up (at or after `span`): past it, the model's reading is a guess. */
  readonly unreadableFrom?: number;
  /** A list or inline table left open, named at its `[` or `{` (not a problem found there, such as a comma missing before it). */
  readonly leftOpen?: true;
}

/**
 * toml_edit's recursion limit (Mars reads mars.toml with toml_edit 0.22.27, whose parser has
 * `LIMIT = 80`, refusing `LIMIT <= depth`): a list or inline table nested this deep in one value,
 * or a key of this many parts, stops the load. (Its changelog says 100 from 0.22.8; the source says 80.)
 */
export const RECURSION_LIMIT = 80;

export interface TomlDocument {
  readonly text: string;
  readonly sections: readonly Section[];
  readonly comments: readonly Comment[];
  /** What the lenient parser noticed while recovering; not a full TOML validation. */
  readonly problems: readonly SyntaxProblem[];
  /**
   * Where the text reaches RECURSION_LIMIT, noted as it is parsed (syntax.ts reports it where the
   * TOML is otherwise valid): each statement's first `[` or `{` that deep, and each key of that many parts.
   */
  readonly tooDeep: readonly Span[];
  readonly longKeys: readonly Key[];
}
