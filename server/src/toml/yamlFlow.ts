// YAML's collections written in brackets and braces on one line (`[Read, Grep]`, `{write: false, bash: ask}`,
// `{"git push": ask}`), as a value in a mapping or a list of mappings pasted (yamlLists.ts, yamlNested.ts):
// the TOML value YAML reads, a list or an inline table, each scalar as YAML reads it (words in quotes, `ask`
// -> `"ask"`; booleans and decimal numbers as written). None where a scalar is one YAML and TOML may read
// otherwise (`yes`, `.5`, `null`), a key holds nothing, or what follows is more than a comment.

import { basicString } from './strings';
import { yamlText } from './typingSlips';
import { AFTER_QUOTES, seenString, yamlQuoted } from './yamlQuoted';

/** A boolean or a decimal number (no leading zero), which YAML and TOML read alike: written as it is. */
export const YAML_AS_TOML = /^(?:true|false|[+-]?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)$/;
/** A bare key TOML takes as written. */
export const BARE_KEY = /^[A-Za-z0-9_-]+$/;
/** The deepest nesting read (toml_edit refuses 80 levels in one value; a front matter has two or three). */
const DEEPEST = 32;

/**
 * The collection `rest` starts with (`[` or `{`), closed on its line, as TOML writes it, the comment after it
 * (`''` where none), and how long it is as written. Null where it is none of those YAML and TOML read alike once written so.
 */
export function yamlFlow(rest: string): { value: string; comment: string; length: number } | null {
  const reader = new FlowReader(rest);
  const value = reader.node(0);
  if (value === null || (rest[0] !== '[' && rest[0] !== '{')) return null;
  const after = rest.slice(reader.at);
  return AFTER_QUOTES.test(after) ? { value, comment: after.trim(), length: reader.at } : null;
}

class FlowReader {
  at = 0;
  constructor(private readonly text: string) {}

  node(depth: number): string | null {
    this.blanks();
    const c = this.text[this.at];
    if (c === '[' || c === '{') return depth >= DEEPEST ? null : this.collection(c, depth + 1);
    if (c === '"' || c === "'") {
      const q = yamlQuoted(this.text.slice(this.at));
      if (!q) return null;
      this.at += q.length;
      return seenString(q.value);
    }
    const plain = this.plain();
    if (plain === null) return null;
    if (YAML_AS_TOML.test(plain)) return plain;
    const text = yamlText(plain);
    return text === null ? null : basicString(text);
  }

  /** `[…]` or `{…}`, from its opening bracket, items or key/values between commas (a comma after the last too). */
  private collection(open: string, depth: number): string | null {
    const close = open === '[' ? ']' : '}';
    const items: string[] = [];
    const keys = new Set<string>();
    this.at++;
    for (;;) {
      this.blanks();
      if (this.text[this.at] === close) {
        this.at++;
        break;
      }
      let item: string | null;
      if (open === '{') {
        const key = this.key();
        // A key twice is an error to YAML; one with no value is YAML's null, which TOML has no value for.
        if (key === null || keys.has(key)) return null;
        keys.add(key);
        this.blanks();
        if (this.text[this.at] !== ':') return null;
        this.at++;
        const value = this.node(depth);
        item = value === null ? null : `${key} = ${value}`;
      } else item = this.node(depth);
      if (item === null) return null;
      items.push(item);
      this.blanks();
      const c = this.text[this.at];
      if (c === ',') this.at++;
      else if (c !== close) return null;
    }
    if (open === '[') return `[${items.join(', ')}]`;
    return items.length === 0 ? '{}' : `{ ${items.join(', ')} }`;
  }

  /** A mapping's key: in quotes (written as TOML quotes it), or plain up to its `:`. */
  private key(): string | null {
    const c = this.text[this.at];
    if (c === '"' || c === "'") {
      const q = yamlQuoted(this.text.slice(this.at));
      if (!q) return null;
      this.at += q.length;
      return BARE_KEY.test(q.value) ? q.value : basicString(q.value);
    }
    const plain = this.plain();
    return plain === null ? null : BARE_KEY.test(plain) ? plain : basicString(plain);
  }

  /** A plain scalar: up to a flow indicator (`,`, a bracket or brace), a `:` before a blank or one, or a ` #` comment. */
  private plain(): string | null {
    const start = this.at;
    for (; this.at < this.text.length; this.at++) {
      const c = this.text[this.at]!;
      if (',[]{}'.includes(c)) break;
      if (c === ':' && /^(?:[ \t,[\]{}]|$)/.test(this.text.slice(this.at + 1, this.at + 2))) break;
      if (c === '#' && /[ \t]/.test(this.text[this.at - 1] ?? '')) break;
    }
    const plain = this.text.slice(start, this.at).trim();
    return plain === '' ? null : plain;
  }

  private blanks(): void {
    while (this.text[this.at] === ' ' || this.text[this.at] === '\t') this.at++;
  }
}
