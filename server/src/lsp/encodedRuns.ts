// Large results written as JSON once. A big file's diagnostics are tens of thousands of objects,
// and after a keystroke all but a few sections' diagnostics are the ones sent last time: encoding
// them again is most of what a push costs. A section's diagnostics are kept as a run whose JSON
// is made on first need and reused; a list made of runs is still a plain array (any transport can
// send it), but `encodeMessage` writes it from the runs' bytes.

const utf8 = new TextEncoder();

/** Items whose JSON (the elements, without brackets) is encoded at most once. */
export class EncodedRun<T> {
  private bytes?: Uint8Array;
  constructor(readonly items: readonly T[]) {}

  json(): Uint8Array {
    return (this.bytes ??= utf8.encode(JSON.stringify(this.items).slice(1, -1)));
  }
}

const runsOf = new WeakMap<readonly unknown[], ReadonlyArray<EncodedRun<unknown>>>();

/** The runs' items as one array, which `encodeMessage` writes from the runs' JSON. */
export function concatRuns<T>(runs: ReadonlyArray<EncodedRun<T>>): T[] {
  const items: T[] = [];
  for (const run of runs) for (const x of run.items) items.push(x);
  runsOf.set(items, runs);
  return items;
}

// Stands for the list in the message's own JSON; the NULs keep it out of any real text, and a
// count check below catches the impossible case anyway.
const MARK = '\u0000mars:encoded-runs\u0000';
const MARK_JSON = JSON.stringify(MARK);

/**
 * The message with its list of runs replaced by MARK, and the runs. Diagnostics travel in two
 * places: a push's `params.diagnostics` and a pull report's `result.items`.
 */
function markRuns(msg: unknown): { shell: unknown; runs: ReadonlyArray<EncodedRun<unknown>> } | null {
  const { params, result } = msg as { params?: { diagnostics?: unknown }; result?: { items?: unknown } };
  const pushed = Array.isArray(params?.diagnostics) ? runsOf.get(params.diagnostics) : undefined;
  if (pushed) return { shell: { ...(msg as object), params: { ...params, diagnostics: MARK } }, runs: pushed };
  const pulled = Array.isArray(result?.items) ? runsOf.get(result.items) : undefined;
  if (pulled) return { shell: { ...(msg as object), result: { ...result, items: MARK } }, runs: pulled };
  return null;
}

/**
 * `msg` as UTF-8 JSON, as `JSON.stringify` would write it; diagnostics made by `concatRuns` are
 * taken from their runs' bytes. `into(n)`, if given, supplies the n bytes such a message is written
 * to (a caller that writes one message at a time can hand out the same memory each time:
 * megabytes of fresh memory per push cost page faults and garbage).
 */
export function encodeMessage(msg: unknown, into: (length: number) => Uint8Array = (n) => new Uint8Array(n)): Uint8Array {
  const marked = markRuns(msg);
  const pieces = marked ? JSON.stringify(marked.shell).split(MARK_JSON) : [];
  if (!marked || pieces.length !== 2) return utf8.encode(JSON.stringify(msg));
  const chunks: Uint8Array[] = [utf8.encode(`${pieces[0]}[`)];
  const comma = utf8.encode(',');
  for (const run of marked.runs) {
    if (run.items.length === 0) continue;
    if (chunks.length > 1) chunks.push(comma);
    chunks.push(run.json());
  }
  chunks.push(utf8.encode(`]${pieces[1]}`));
  let length = 0;
  for (const c of chunks) length += c.length;
  const out = into(length);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
