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

// Stands for an array of runs in the message's own JSON; the NULs keep it out of any real text,
// and a count check below catches the impossible case anyway.
const MARK = '\u0000mars:encoded-runs\u0000';
const MARK_JSON = JSON.stringify(MARK);

/**
 * `msg` as UTF-8 JSON, as `JSON.stringify` would write it, arrays made by `concatRuns` taken from
 * their runs. `into(n)`, if given, supplies the n bytes a message with runs is written to (a
 * caller that writes one message at a time can hand out the same memory each time: megabytes of
 * fresh memory per push cost page faults and garbage).
 */
export function encodeMessage(msg: unknown, into: (length: number) => Uint8Array = (n) => new Uint8Array(n)): Uint8Array {
  const found: Array<ReadonlyArray<EncodedRun<unknown>>> = [];
  const json = JSON.stringify(msg, (_key, value: unknown) => {
    const runs = Array.isArray(value) ? runsOf.get(value) : undefined;
    if (!runs) return value;
    found.push(runs);
    return MARK;
  });
  if (found.length === 0) return utf8.encode(json);
  const pieces = json.split(MARK_JSON);
  if (pieces.length !== found.length + 1) return utf8.encode(JSON.stringify(msg));
  const chunks: Uint8Array[] = [];
  const comma = utf8.encode(',');
  pieces.forEach((piece, i) => {
    chunks.push(utf8.encode(i === 0 ? piece : `]${piece}`));
    if (i === found.length) return;
    chunks.push(utf8.encode('['));
    let first = true;
    for (const run of found[i]!) {
      if (run.items.length === 0) continue;
      if (!first) chunks.push(comma);
      chunks.push(run.json());
      first = false;
    }
  });
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
