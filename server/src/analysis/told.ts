// What a section analysed alone is told of the rest of its document (see document.ts): what the owners'
// lists written in other sections hold, for a table of patterns of its own (`[agents.x.tools.bash]`),
// whose rules they may hold; and which root keys arrays of tables hold where it starts (`[[agents]]`
// above it). With what each section writes of them, and whether two tellings read a section alike.

import type { TomlString } from '../toml/model';
import type { RootArrays } from '../toml/tables';
import { type Owner, ownerKey, OWNERS, type Policies, rootTools, sameOwner } from './policies';

/** What an owner's lists hold: the strings of its first closed `allowed` and `disallowed` that are no guess (see `Policies.guessed`). */
export interface OwnerLists {
  readonly allowed?: readonly string[];
  readonly disallowed?: readonly string[];
}

/** What a section is told of the owners' lists in other sections, by `ownerKey`. */
export type ListsTold = ReadonlyMap<string, OwnerLists>;

export const NO_LISTS: ListsTold = new Map();

/** `told` of the owners a text reads (`Policies.listsRead`) only: what its reading depends on. */
export function listsFor(read: ReadonlySet<string>, told: ListsTold): ListsTold {
  if (read.size === 0 || told.size === 0) return NO_LISTS;
  const out = new Map<string, OwnerLists>();
  for (const o of read) {
    const lists = told.get(o);
    if (lists) out.set(o, lists);
  }
  return out.size === 0 ? NO_LISTS : out;
}

/** Whether two tellings of the owners' lists say the same. */
export function listsAlike(a: ListsTold, b: ListsTold): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  const same = (x: readonly string[] | undefined, y: readonly string[] | undefined) =>
    x === y || (x !== undefined && y !== undefined && x.length === y.length && x.every((v, i) => v === y[i]));
  for (const [o, lists] of a) {
    const other = b.get(o);
    if (!other || !same(lists.allowed, other.allowed) || !same(lists.disallowed, other.disallowed)) return false;
  }
  return true;
}

/**
 * What `policies` write of the lists of each owner (`ownerKey`) they write a closed list of: its first
 * closed `allowed` and `disallowed`, for a section that reads them from elsewhere (`Policies.listsRead`).
 * Read once, while the model is at hand, and kept instead of it: asked later, a section whose model was
 * let go made it again, seconds for a section holding a 10 MB list. In one pass: a section of a big
 * `[agents]` table holds hundreds of owners, and looking each up among the others was quadratic.
 */
export function listsWritten(policies: Policies): ReadonlyMap<string, OwnerLists> {
  let out: Map<string, { allowed?: readonly string[]; disallowed?: readonly string[] }> | null = null;
  let last: Owner | null = null;
  let lists: { allowed?: readonly string[]; disallowed?: readonly string[] } | undefined;
  for (const l of policies.lists) {
    if (!l.array.closed) continue;
    if (!last || !sameOwner(last, l.owner)) {
      const key = ownerKey(l.owner);
      lists = (out ??= new Map()).get(key);
      if (!lists) out.set(key, (lists = {}));
      last = l.owner;
    }
    if (lists![l.list]) continue;
    // At its exact size: a list grown by pushes has room for more, kept with every section.
    lists![l.list] = l.array.items.filter((i): i is TomlString => i.kind === 'string' && !policies.guessed.has(i)).map((i) => i.value);
  }
  return out ?? NO_LISTS;
}

/** A unit writing owners' lists (`index`: its place in the document) and what they hold (`listsWritten`). */
export interface ListWriter {
  readonly index: number;
  readonly lists: ListsTold;
}

/** The writers of each owner's lists, in document order; with `wanted`, of those owners only. */
export function writersByOwner(writers: Iterable<ListWriter>, wanted?: ReadonlySet<string>): Map<string, ListWriter[]> {
  const out = new Map<string, ListWriter[]>();
  for (const w of writers) {
    for (const o of w.lists.keys()) {
      if (wanted && !wanted.has(o)) continue;
      const at = out.get(o);
      if (at) at.push(w);
      else out.set(o, [w]);
    }
  }
  return out;
}

/**
 * What a unit reading the lists of the owners `read` (`Policies.listsRead`) is told they hold, as units
 * other than itself (`except`, its index) write them: the first closed `allowed` and `disallowed` of
 * each, in document order, above it or below.
 */
export function listsTold(read: ReadonlySet<string>, writers: ReadonlyMap<string, readonly ListWriter[]>, except: number): ListsTold {
  const out = new Map<string, OwnerLists>();
  for (const o of read) {
    let allowed: readonly string[] | undefined;
    let disallowed: readonly string[] | undefined;
    for (const w of writers.get(o) ?? []) {
      if (w.index === except) continue;
      const lists = w.lists.get(o);
      allowed ??= lists?.allowed;
      disallowed ??= lists?.disallowed;
      if (allowed && disallowed) break;
    }
    if (allowed || disallowed) out.set(o, { ...(allowed ? { allowed } : {}), ...(disallowed ? { disallowed } : {}) });
  }
  return out.size === 0 ? NO_LISTS : out;
}

/** No root key is an array of tables where the text starts. */
export const NO_ARRAYS: ReadonlySet<string> = new Set();
const ARRAY_SETS = new Map<string, ReadonlySet<string>>();

/**
 * The root keys whose being arrays of tables a section's reading may look at: the owners (`agents`,
 * `skills`), and a root table meant as `tools` (`[[tools]]` makes `[tools.bash]` a table of its last
 * element, no root table of OpenCode's patterns).
 */
export const followedRoot = (name: string): boolean => OWNERS.has(name) || rootTools(name);

/**
 * Of the root keys followed (`followedRoot`), those arrays of tables hold at a point `roots` was read
 * to: what a section analysed alone is told (`findPolicies`), the same set for the same keys.
 */
export function followedArrays(roots: RootArrays): ReadonlySet<string> {
  // Asked for every unit of a document, most often of none: nothing is sorted or joined for that.
  const names = roots.arrays();
  return names.length === 0 ? NO_ARRAYS : sameSet(names);
}

/** A set of `names`, the same set for the same names. */
export function sameSet(names: Iterable<string>): ReadonlySet<string> {
  const key = [...names].sort().join('\u0000');
  if (key === '') return NO_ARRAYS;
  let set = ARRAY_SETS.get(key);
  if (!set) ARRAY_SETS.set(key, (set = new Set(key.split('\u0000'))));
  return set;
}

/** Whether `a` and `b`, told where a text starts, have it read the same: they agree on the owners its reading looks at (`Policies.arraysRead`). */
export function readAlike(read: ReadonlySet<string>, a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a === b) return true;
  for (const o of read) if (a.has(o) !== b.has(o)) return false;
  return true;
}
