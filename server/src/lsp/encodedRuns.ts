// Large results written as JSON once. A big file's diagnostics are tens of thousands of objects,
// and after a keystroke all but a few sections' diagnostics are the ones sent last time: encoding
// them again is most of what a push costs. A section's diagnostics are kept as a run whose JSON
// is made on first need and reused; a list made of runs is still a plain array (any transport can
// send it), but `encodeMessage` writes it from the runs' bytes. Lines added or removed above a
// section move its run: the moved run keeps the bytes, and only its line numbers are written anew.

const utf8 = new TextEncoder();

/** A position's line number follows this key; it cannot occur inside a JSON string (quotes there are escaped). */
const LINE_KEY = '"line":';
const LINE_KEY_BYTES = utf8.encode(LINE_KEY);

/** A run's JSON: the bytes, and where its line numbers are (padded to one width). */
interface Encoded {
  readonly bytes: Uint8Array;
  /** Where each line number's slot starts in `bytes`, and the number written there. */
  readonly slots: Int32Array;
  readonly lines: Int32Array;
  readonly width: number;
  readonly max: number;
}

/**
 * Items whose JSON (the elements, without brackets) is encoded at most once. Their `"line"`
 * numbers (LSP positions) are written padded with spaces to one width, so a run moved by whole
 * lines (an Enter typed above it) shares the bytes of the run it came from and only its line
 * numbers are written anew, into the message. Runs never change: a message waiting to be written
 * still says what it said when it was sent.
 *
 * The items are made from `source` by `make` only when read or encoded, and the objects an
 * encoding made are not kept: a file with a finding every few bytes would otherwise hold a
 * diagnostic object per finding (half a kilobyte each), where the editor is sent the first 1,000.
 */
export class EncodedRun<T, S = T> {
  private made?: readonly T[];
  private encoded?: Encoded;
  /** Lines to add to the encoded ones. */
  private encodedBy = 0;

  /** Items that are their own source. */
  constructor(items: readonly T[]);
  /** `shift`: the items are `source` made and moved by `shift.by` lines. */
  constructor(source: readonly S[], make: (s: S) => T, shift?: { readonly by: number; readonly move: (item: T, by: number) => T });
  constructor(
    private readonly source: readonly S[],
    private readonly make: (s: S) => T = (s) => s as unknown as T,
    private readonly shift?: { readonly by: number; readonly move: (item: T, by: number) => T },
  ) {}

  get items(): readonly T[] {
    return (this.made ??= this.source.map((s) => this.item(s)));
  }

  get length(): number {
    return this.source.length;
  }

  /** The items whose source `keep` takes, made: only those are made. */
  pick(keep: (s: S) => boolean): T[] {
    const out: T[] = [];
    for (const s of this.source) if (keep(s)) out.push(this.item(s));
    return out;
  }

  /** The run with every line moved by `by`; `move` moves one item. */
  moved(by: number, move: (item: T, by: number) => T): EncodedRun<T, S> {
    const run = new EncodedRun(this.source, this.make, { by: (this.shift?.by ?? 0) + by, move });
    const e = this.encoded;
    const to = this.encodedBy + by;
    // Lines that no longer fit the width are encoded afresh when needed. (A moved run's lines are
    // where its section's diagnostics are in the text now: never below 0.)
    if (e && e.max + to < 10 ** e.width) {
      run.encoded = e;
      run.encodedBy = to;
    }
    return run;
  }

  private item(s: S): T {
    const x = this.make(s);
    return this.shift ? this.shift.move(x, this.shift.by) : x;
  }

  private encoding(): Encoded {
    return (this.encoded ??= encode(this.made ?? this.source.map((s) => this.item(s))));
  }

  /** The length of the run's JSON. */
  byteLength(): number {
    return this.encoding().bytes.length;
  }

  /** Writes the run's JSON into `out` at `at`. */
  writeInto(out: Uint8Array, at: number): void {
    const e = this.encoding();
    out.set(e.bytes, at);
    if (this.encodedBy !== 0) for (let i = 0; i < e.slots.length; i++) writePadded(out, at + e.slots[i]!, e.width, e.lines[i]! + this.encodedBy);
  }
}

function encode(items: readonly unknown[]): Encoded {
  const json = JSON.stringify(items).slice(1, -1);
  // Each line number: where its digits start and end in the JSON, and its value.
  const starts: number[] = [];
  const ends: number[] = [];
  const numbers: number[] = [];
  let width = 1;
  for (let at = json.indexOf(LINE_KEY); at !== -1; at = json.indexOf(LINE_KEY, at)) {
    at += LINE_KEY.length;
    let n = 0;
    const start = at;
    for (let c = json.charCodeAt(at); c >= 0x30 && c <= 0x39; c = json.charCodeAt(++at)) n = n * 10 + c - 0x30;
    starts.push(start);
    ends.push(at);
    numbers.push(n);
    width = Math.max(width, at - start);
  }
  // Pad the shorter numbers with spaces; slots are where the padded numbers start.
  const parts: string[] = [];
  const slots = new Int32Array(numbers.length);
  let from = 0;
  let added = 0;
  for (let i = 0; i < numbers.length; i++) {
    slots[i] = starts[i]! + added;
    const pad = width - (ends[i]! - starts[i]!);
    if (pad === 0) continue;
    parts.push(json.slice(from, starts[i]), ' '.repeat(pad));
    from = starts[i]!;
    added += pad;
  }
  const padded = parts.length === 0 ? json : parts.join('') + json.slice(from);
  const bytes = utf8.encode(padded);
  // String offsets are byte offsets in ASCII text; a message with other characters is searched.
  if (bytes.length !== padded.length) {
    for (let i = 0, at = 0; i < numbers.length; i++) slots[i] = at = indexOfBytes(bytes, LINE_KEY_BYTES, at) + LINE_KEY_BYTES.length;
  }
  let max = -Infinity;
  for (const n of numbers) max = Math.max(max, n);
  return { bytes, slots, lines: Int32Array.from(numbers), width, max };
}

function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  outer: for (let i = from; i <= haystack.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** `n` right-aligned in `width` ASCII characters at `at`. */
function writePadded(bytes: Uint8Array, at: number, width: number, n: number): void {
  for (let i = at + width - 1; i >= at; i--) {
    bytes[i] = n > 0 || i === at + width - 1 ? 0x30 + (n % 10) : 0x20;
    n = Math.floor(n / 10);
  }
}

/** What writing a list needs of its runs. */
type Run = Pick<EncodedRun<unknown, unknown>, 'items' | 'length' | 'byteLength' | 'writeInto'>;

const runsOf = new WeakMap<readonly unknown[], readonly Run[]>();

/**
 * The runs' items as one array, which `encodeMessage` writes from the runs' JSON. `deferred`: for
 * a host whose every message goes through `encodeMessage` (the node server over stdio), the array
 * stays empty and the items are made only if the list is written some other way: a push after an
 * Enter then moves 30,000 diagnostics without making 30,000 new objects.
 */
export function concatRuns<T, S>(runs: ReadonlyArray<EncodedRun<T, S>>, deferred = false): T[] {
  const list: T[] = [];
  if (deferred) deferredLists.add(list);
  else for (const run of runs) for (const x of run.items) list.push(x);
  runsOf.set(list, runs);
  return list;
}

const deferredLists = new WeakSet<readonly unknown[]>();

/** JSON.stringify's replacer that writes a deferred list's items in its place. */
const withDeferredItems = (_key: string, value: unknown) =>
  Array.isArray(value) && deferredLists.has(value) ? runsOf.get(value)!.flatMap((run) => run.items) : value;

// Stands for the list in the message's own JSON; the NULs keep it out of any real text, and a
// count check below catches the impossible case anyway.
const MARK = '\u0000mars:encoded-runs\u0000';
const MARK_JSON = JSON.stringify(MARK);

/**
 * The message with its list of runs replaced by MARK, and the runs. Diagnostics travel in two
 * places: a push's `params.diagnostics` and a pull report's `result.items`.
 */
function markRuns(msg: unknown): { shell: unknown; runs: readonly Run[] } | null {
  const { params, result } = msg as { params?: { diagnostics?: unknown }; result?: { items?: unknown } };
  const pushed = Array.isArray(params?.diagnostics) ? runsOf.get(params.diagnostics) : undefined;
  if (pushed) return { shell: { ...(msg as object), params: { ...params, diagnostics: MARK } }, runs: pushed };
  const pulled = Array.isArray(result?.items) ? runsOf.get(result.items) : undefined;
  if (pulled) return { shell: { ...(msg as object), result: { ...result, items: MARK } }, runs: pulled };
  return null;
}

/**
 * `msg` as UTF-8 JSON, as `JSON.stringify` would write it (but for spaces before a run's line
 * numbers); diagnostics made by `concatRuns` are taken from their runs' bytes. `into(n)`, if
 * given, supplies the n bytes such a message is written to (a caller that writes one message at a
 * time can hand out the same memory each time: megabytes of fresh memory per push cost page faults
 * and garbage).
 */
export function encodeMessage(msg: unknown, into: (length: number) => Uint8Array = (n) => new Uint8Array(n)): Uint8Array {
  const marked = markRuns(msg);
  const pieces = marked ? JSON.stringify(marked.shell).split(MARK_JSON) : [];
  if (!marked || pieces.length !== 2) return utf8.encode(JSON.stringify(msg, withDeferredItems));
  const head = utf8.encode(`${pieces[0]}[`);
  const tail = utf8.encode(`]${pieces[1]}`);
  const runs = marked.runs.filter((run) => run.length > 0);
  let length = head.length + tail.length + Math.max(0, runs.length - 1);
  for (const run of runs) length += run.byteLength();
  const out = into(length);
  out.set(head, 0);
  let at = head.length;
  for (const [i, run] of runs.entries()) {
    if (i > 0) out[at++] = 0x2c; // ,
    run.writeInto(out, at);
    at += run.byteLength();
  }
  out.set(tail, at);
  return out;
}
