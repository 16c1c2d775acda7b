// What changed between two versions of a text, as one replaced range: the common prefix and the
// common suffix are kept. Editors send ranges, but deriving the change from the texts keeps the
// analysis a function of the text alone, whichever way the text arrived (full or incremental sync).

export interface TextChange {
  /** First offset that differs (the same in both texts). */
  readonly start: number;
  /** End of the replaced range in the old text. */
  readonly oldEnd: number;
  /** End of the replacement in the new text. */
  readonly newEnd: number;
}

/** The smallest single range whose replacement turns `before` into `after`; null when they are equal. */
export function textChange(before: string, after: string): TextChange | null {
  if (before === after) return null;
  const limit = Math.min(before.length, after.length);
  // Whole blocks first (string equality is a memory compare), then the characters of the block that differs.
  let start = 0;
  while (start + BLOCK <= limit && before.slice(start, start + BLOCK) === after.slice(start, start + BLOCK)) start += BLOCK;
  while (start < limit && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  const maxSuffix = limit - start;
  let suffix = 0;
  while (suffix + BLOCK <= maxSuffix && before.slice(before.length - suffix - BLOCK, before.length - suffix) === after.slice(after.length - suffix - BLOCK, after.length - suffix)) suffix += BLOCK;
  while (suffix < maxSuffix && before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)) suffix++;
  return { start, oldEnd: before.length - suffix, newEnd: after.length - suffix };
}

const BLOCK = 1024;
