// Binary search over anything sorted by an offset: lines, sections, statements, comments.

import type { Span, TomlArray, TomlDocument, TomlString, TomlValue } from './model';

/** The last index `i < n` with `key(i) <= value`, or -1 when there is none (`key` ascending). */
export function lastAtOrBefore(n: number, key: (i: number) => number, value: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (key(mid) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** The last of `xs` (in text order) that starts before `offset`: the one `offset` may fall in. */
export function lastStartingBefore<T extends { readonly span: { readonly start: number } }>(xs: readonly T[], offset: number): T | undefined {
  return xs[lastAtOrBefore(xs.length, (i) => xs[i]!.span.start, offset - 1)];
}

/** Whether `offset` is in a comment of `comments` (after its `#`) or at its end. */
export function inComment(comments: ReadonlyArray<{ readonly span: { readonly start: number; readonly end: number } }>, offset: number): boolean {
  const c = lastStartingBefore(comments, offset);
  return c !== undefined && offset <= c.span.end;
}

/**
 * The string value the statement holding `offset` reaches down to, through its lists and inline
 * tables, each level found by halving: with the list holding it and its index there (null and -1
 * for a key's own value, which may not hold `offset`: the caller checks). For a request on a list of
 * a million entries, which must not walk them all.
 */
export function stringTowards(doc: TomlDocument, offset: number): { readonly str: TomlString; readonly array: TomlArray | null; readonly index: number } | null {
  const around = <T extends { readonly span: Span }>(xs: readonly T[]): number => {
    const i = lastAtOrBefore(xs.length, (j) => xs[j]!.span.start, offset);
    return i >= 0 && offset < xs[i]!.span.end ? i : -1;
  };
  const section = doc.sections[around(doc.sections)];
  let v: TomlValue | null | undefined = section?.entries[around(section.entries)]?.value;
  let array: TomlArray | null = null;
  let index = -1;
  while (v) {
    if (v.kind === 'string') return { str: v, array, index };
    if (v.kind === 'array') {
      index = around(v.items);
      array = v;
      v = v.items[index];
    } else if (v.kind === 'inline-table') {
      array = null;
      index = -1;
      v = v.entries[around(v.entries)]?.value;
    } else return null;
  }
  return null;
}
