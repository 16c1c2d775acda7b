// Findings across entries: entries of one list that mean the same (`duplicate-entry`), and rules a
// policy both allows and disallows (`allow-deny-conflict`).

import { inWords, quoted, shortened, shown } from '../grammar/text';
import type { TomlArray } from '../toml/model';
import { contentSpan, isOpenMultiline } from '../toml/stringPositions';
import { basicString } from '../toml/strings';
import { deleteItems } from './edits';
import { DuplicateFinding, duplicateTitle } from './entryFindings';
import { finding, type Finding, type Fix, readable } from './findings';
import { heldShown, otherList } from './listsHold';
import { type ListName, type Owner, ownerKey, ownerLabel } from './policies';
import { firstOfEachMeaning, type ParsedEntry } from './verdicts';

/**
 * Entries of one list that mean the same, and rules a policy both allows and disallows; those `keep`
 * takes (a list of a million duplicates, all made and then dropped, would be held all at once).
 * `firsts`: each list's first entry of each meaning among `parsed` (`firstOfEachMeaning`), where the
 * analysis has made it already.
 */
export function crossEntryFindings(
  text: string, parsed: readonly ParsedEntry[], keep: (f: Finding) => boolean = () => true,
  firsts: ReadonlyMap<TomlArray, ReadonlyMap<string, ParsedEntry>> = firstOfEachMeaning(parsed),
): Finding[] {
  const out: Finding[] = [];
  // Keyed by object where one is at hand: a string key per entry is what a large file pays for.
  // A map is made only when something goes in it: a big file has thousands of sections, most of one
  // owner, with no duplicate. An owner's lists mostly come together: its policy is looked up again
  // only when the owner changes. A policy keeps its lists' arrays, not a second map of what they
  // mean, read only where it has both lists (an edit of a list of 50,000 entries filled one for nothing).
  const byPolicy = new Map<string, { allowed?: TomlArray[]; disallowed?: TomlArray[] }>();
  let lastOwner: Owner | null = null;
  let current: { allowed?: TomlArray[]; disallowed?: TomlArray[] } | undefined;
  firsts.forEach((seen, array) => {
    const { owner, list } = seen.values().next().value!.entry;
    if (owner !== lastOwner || !current) {
      lastOwner = owner;
      const policyId = ownerKey(owner);
      current = byPolicy.get(policyId);
      if (!current) byPolicy.set(policyId, (current = {}));
    }
    (current[list] ??= []).push(array);
  });
  // What the duplicates of one entry say, made once for each spelling in a row: a list of a million
  // copies of one entry has a million duplicates, whose own messages and related lists were a sixth
  // of its model's memory, and more of what the server keeps of it.
  let said: Map<ParsedEntry, { raw: string; message: string; title: string; related: Finding['related'] }> | undefined;
  let lastArray: TomlArray | null = null;
  let seen: ReadonlyMap<string, ParsedEntry> | undefined;
  for (const p of parsed) {
    const m = p.verdict.meaning;
    if (m === null) continue;
    if (p.entry.array !== lastArray || !seen) {
      lastArray = p.entry.array;
      seen = firsts.get(lastArray)!;
    }
    const earlier = seen.get(m)!;
    if (earlier === p) continue;
    let words = said?.get(earlier);
    if (words?.raw !== p.raw) {
      // What both mean, in the spelling Mars writes, unless one of them is written so already.
      const written = earlier.verdict.written;
      const same = earlier.raw === p.raw ? `${quoted(p.raw)} is already in this list`
        : `${quoted(p.raw)} means the same as ${quoted(earlier.raw)}${earlier.raw === written || p.raw === written ? '' : ` (${quoted(written)})`}, already in this list`;
      const related = words?.related ?? [{ span: contentSpan(text, earlier.entry.string), message: 'first entry' }];
      (said ??= new Map()).set(earlier, (words = { raw: p.raw, message: readable(`${same}.`), title: duplicateTitle(p.raw), related }));
    }
    // Not a string left open: where it ends is a guess.
    const span = contentSpan(text, p.entry.string);
    const f = isOpenMultiline(p.entry.string) ? finding('duplicate-entry', span, words.message, undefined, words.related) : new DuplicateFinding(span, words.message, words.related, text, p, words.title);
    if (keep(f)) out.push(f);
  }
  // Each list's entries by meaning, made when a conflict's fixes are first asked for.
  let byMeaning: Map<TomlArray, Map<string, ParsedEntry[]>> | undefined;
  const sameMeaning = () => {
    if (byMeaning) return byMeaning;
    byMeaning = new Map();
    for (const p of parsed) {
      if (p.verdict.meaning === null) continue;
      let lists = byMeaning.get(p.entry.array);
      if (!lists) byMeaning.set(p.entry.array, (lists = new Map()));
      const same = lists.get(p.verdict.meaning);
      if (same) same.push(p);
      else lists.set(p.verdict.meaning, [p]);
    }
    return byMeaning;
  };
  for (const policy of byPolicy.values()) {
    const allowedIn = policy.allowed;
    const deniedIn = policy.disallowed;
    if (!deniedIn || !allowedIn) continue;
    // An entry of a list written twice (a list of a table of `[[agents]]`, or past a syntax error) is
    // the first of its meaning in the first array that holds it.
    const firstIn = (arrays: readonly TomlArray[], m: string) => {
      for (const a of arrays) {
        const p = firsts.get(a)!.get(m);
        if (p) return p;
      }
      return undefined;
    };
    const visited = deniedIn.length > 1 ? new Set<string>() : null;
    // Every meaning the list holds is visited, in the order first written: by `forEach`, no [key,
    // value] pair is made and taken apart for each, and only a conflict makes the closures of its
    // fixes (written in the loop, each visit made the scope they close over).
    for (const a of deniedIn) {
      firsts.get(a)!.forEach((denied, m) => {
        if (visited) {
          if (visited.has(m)) return;
          visited.add(m);
        }
        const allowed = firstIn(allowedIn, m);
        if (!allowed) return;
        const f = allowDenyConflict(text, m, denied, allowed, sameMeaning);
        if (keep(f)) out.push(f);
      });
    }
  }
  return out;
}

/** The finding of `denied` and `allowed`, entries of one policy's two lists that mean `m`; `sameMeaning`: each list's entries by meaning. */
function allowDenyConflict(text: string, m: string, denied: ParsedEntry, allowed: ParsedEntry, sameMeaning: () => Map<TomlArray, Map<string, ParsedEntry[]>>): Finding {
  const who = ownerLabel(denied.entry.owner);
  // Every entry of the list that means it (duplicates too): removing one would leave the conflict.
  const remove = (p: ParsedEntry, from: string): Fix[] => {
    const all = sameMeaning().get(p.entry.array)!.get(m)!;
    if (all.some((q) => isOpenMultiline(q.entry.string))) return [];
    const names = inWords([...new Set(all.map((q) => quoted(q.raw)))]);
    return [{ title: `Remove ${names} from ${quoted(from)}`, edits: deleteItems(text, p.entry.array, all.map((q) => q.entry.index)), preferred: false, safe: false }];
  };
  return finding('allow-deny-conflict', contentSpan(text, denied.entry.string),
    `${who} both allows and disallows ${quoted(denied.verdict.written)}; keep it in one list.`,
    () => [...remove(denied, 'disallowed'), ...remove(allowed, 'allowed')],
    [{ span: contentSpan(text, allowed.entry.string), message: `${quoted(allowed.raw)} in \`allowed\`` }], false);
}

/** What a message of a list adds where, as `list`, its entries would make a conflict (see `strayListConflicts`): `''` where none. */
export function conflictSaid(list: ListName, conflicting: readonly string[]): string {
  if (conflicting.length === 0) return '';
  const names = conflicting.map((n) => heldShown(n, (e) => shortened(shown(basicString(e))))); // each once (`heldIn`)
  return ` ${quoted(otherList(list))} holds ${names.join(', ')}, so in ${quoted(list)} ${names.length === 1 ? 'it' : 'they'} would be both allowed and disallowed.`;
}
