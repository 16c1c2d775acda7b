// Binary search over anything sorted by an offset: lines, sections, statements, comments.

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
