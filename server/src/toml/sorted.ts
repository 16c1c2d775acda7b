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
