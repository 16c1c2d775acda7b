// The findings of one entry in its list, and their fixes: what a fix writes, told what the entry's
// list and its policy's other list hold already (a duplicate it would make, a conflict).

import { inWords, quoted } from '../grammar/text';
import type { Span, TomlArray, TomlDocument, TomlString } from '../toml/model';
import { stringTowards } from '../toml/sorted';
import { contentSpan, isMultiline, isOpenMultiline, valueStart } from '../toml/stringPositions';
import { basicString, escapeBasic, replaceStringValue } from '../toml/strings';
import type { Code } from './codes';
import { deleteItems, type Edit, keptApart } from './edits';
import { type Finding, type Fix, LazyFinding, readable, withReadableTitles } from './findings';
import { otherList } from './listsHold';
import { charPlaces, charSpans, entrySpan } from './places';
import { type ListEntry, type ListName, ownPolicy, type Policies } from './policies';
import { type ParsedEntry, type Replacement, VerdictMemo } from './verdicts';

/**
 * A duplicate, whose fix removes it: made from the entry when asked for, without a closure of its
 * own (120 bytes with its context: a list of a million copies of one entry has a million duplicates).
 */
export class DuplicateFinding extends LazyFinding {
  constructor(span: Span, message: string, related: Finding['related'], private readonly text: string, private readonly p: ParsedEntry, private readonly title: string) {
    super('duplicate-entry', span, message, undefined, related, true);
  }

  protected override make(): Fix[] {
    return duplicateFixes(this.text, this.p.entry.array, this.p.entry.index, this.title);
  }
}

/** A duplicate's fix: the entry removed from its list. */
function duplicateFixes(text: string, array: TomlArray, index: number, title: string): Fix[] {
  return [{ title, edits: deleteItems(text, array, [index]), preferred: true, safe: true }];
}

/** The title of a duplicate's fix, made of the entry as written. */
export const duplicateTitle = (raw: string) => `Remove the duplicate ${quoted(raw)}`;

function replaceFix(text: string, title: string, str: TomlString, value: string, preferred: boolean, safe: boolean): Fix {
  return { title, edits: respelt(text, str, value), preferred, safe };
}

/**
 * The edits that write `value` into `str`. Written into a multi-line string, the value takes the
 * line its closing quotes are on up to the line it starts on (`"""` ⏎ `Shell` ⏎ `"""`, `"""Shell` ⏎
 * `x"""`): where a `mars-ignore` ends that line, it keeps it apart (`keptApart`), the line break after
 * a line-ending backslash; a literal string, which has no escapes, is written as a basic one there.
 */
function respelt(text: string, str: TomlString, value: string): Edit[] {
  const edit = replaceStringValue(text, str, value);
  if (!str.terminated || !isMultiline(str)) return [edit];
  if (str.style === 'multiline-basic') return keptApart(text, edit, edit.newText.length, true, str.span.end);
  // A literal string as it is where the edit joins no line to the comment's (`'''` ⏎ `Shell'''  # mars-ignore`):
  // written as a basic one, the value would move to the line above the comment's.
  if (keptApart(text, edit, edit.newText.length, false, str.span.end)[0] === edit) return [edit];
  const basic = { start: str.span.start, end: str.span.end, newText: `"""${text.slice(str.content.start, valueStart(text, str))}${escapeBasic(value)}"""` };
  const kept = keptApart(text, basic, basic.newText.length - 3, true);
  return kept.length > 1 ? kept : [edit];
}

/**
 * How far a text is read as Mars reads it, as its analysis says (`Analysis`): to `unreadableFrom`,
 * its first syntax error's reach; past it, where the reading is a guess, `guessed` (sorted, apart:
 * past each error the parser meets, the rest of its line).
 */
export interface Reading {
  readonly unreadableFrom: number;
  readonly guessed: readonly Span[];
}

/** The findings for one entry on its own, placed at its string. `reading`: of the text it is in. */
export function entryFindings(text: string, p: ParsedEntry, memo: VerdictMemo, reading: Reading = { unreadableFrom: text.length, guessed: [] }, others: OtherLists = NO_OTHER_LISTS): Finding[] {
  const str = p.entry.string;
  const issues = p.verdict.issues;
  if (issues.length === 0) return [];
  const span = entrySpan(text, str);
  const charSpan = issues.some((i) => i.chars) ? charSpans(text, str) : null;
  const out: Finding[] = [];
  // No two issues say the same: each code is found once, but illegal-char, once a character, whose message names it.
  for (const issue of issues) {
    const chars = issue.chars && charPlaces(issue.chars, charSpan!, span);
    const at = chars?.at ?? span;
    if (issue.split && !isMultiline(str)) {
      const names = issue.split;
      out.push(new LazyFinding(issue.code, at, issue.message, () => [splitFix(text, memo, p.entry, names, reading, others)], chars?.related, false));
      continue;
    }
    const r = isOpenMultiline(str) ? undefined : issue.replacement;
    if (!r) {
      out.push(new LazyFinding(issue.code, at, issue.message, undefined, chars?.related, false));
      continue;
    }
    const o = outcome(memo, p.entry, r.value, reading, others);
    const also = r.also ? outcome(memo, p.entry, r.also.value, reading, others) : null;
    const message = r.held === undefined || o === null ? issue.message
      : o.kind === 'held' ? r.held
      : withConflict(issue.message, r, conflictNote(o, r.value));
    out.push(new ReplacementFinding(issue.code, at, message, text, p.entry, r, o, also, o?.kind === 'conflict' ? false : r.safe));
  }
  return out;
}

/**
 * The fix of an entry of names between commas: each name an entry of its own in its place, in the
 * entry's quotes where they hold it. What the list already holds by meaning, or a name before it
 * does, is left out, as other fixes write no duplicate (see `holding`); the entry goes where nothing
 * is left. Not safe, as it changes what Mars reads, but what the user meant: preferred, unless the
 * other list of its policy holds one of them, which it would make a conflict (titled so, as `outcome`'s).
 */
function splitFix(text: string, memo: VerdictMemo, entry: ListEntry, names: readonly string[], reading: Reading, others: OtherLists): Fix {
  const str = entry.string;
  const written = new Set<string>();
  const held: string[] = [];
  const kept = names.filter((name) => {
    const m = memo.verdict(name).meaning!;
    const by = holding(memo, entry.array, m, str, reading);
    if (by !== null && !held.includes(by)) held.push(by);
    if (written.has(m) || by !== null) return false;
    written.add(m);
    return true;
  });
  if (kept.length === 0) {
    return { title: `Remove ${quoted(str.value)}: the list already holds ${inWords(held.map(quoted))}`, edits: deleteItems(text, entry.array, [entry.index]), preferred: true, safe: false };
  }
  const literal = str.style === 'literal';
  const newText = kept.map((n) => (literal ? `'${n}'` : basicString(n))).join(', ');
  let conflict: OtherHeld | null = null;
  for (const other of others(entry)) {
    for (const name of kept) conflict ??= otherHolding(memo, other, memo.verdict(name).meaning!, str, reading);
  }
  const title = `Split into one entry per tool${conflict === null ? '' : ` (a conflict: ${quoted(otherList(entry.list))} holds ${heldSaid(conflict)})`}`;
  return { title, edits: [{ start: str.span.start, end: str.span.end, newText }], preferred: conflict === null, safe: false };
}

/** `message` with the conflict its fix would make said in it: where `r.around` puts it, else after it. */
function withConflict(message: string, r: Replacement, note: string): string {
  const [before, after] = r.around ?? [message, ''];
  return readable(`${before} ${note}${after === '' ? '' : ` ${after}`}`);
}

/** An entry's finding whose fix writes another value for it: made when asked for, without a closure (see `DuplicateFinding`). */
class ReplacementFinding extends LazyFinding {
  constructor(
    code: Code, span: Span, message: string, private readonly text: string, private readonly entry: ListEntry, private readonly r: Replacement,
    private readonly o: Outcome, private readonly also: Outcome, safe: boolean,
  ) {
    super(code, span, message, undefined, undefined, safe);
  }

  protected override make(): Fix[] {
    return replacementFixes(this.text, this.entry.string, this.entry.array, this.entry.index, this.r, this.o, this.also);
  }

  /** Whether a fix of it would make a conflict: known only with the other lists of its policy, not from its parse alone. */
  get conflicts(): boolean {
    return this.o?.kind === 'conflict' || this.also?.kind === 'conflict';
  }
}

/**
 * What writing `value` for `entry` leads to, besides clearing its finding, where `value` means what
 * the entry does not (a did-you-mean, a wire token's portable spelling, a repair; not a respelling,
 * which means what the entry does already: a copy of it is a duplicate, or a conflict, before the
 * fix as after it). Null when nothing else; `held` (`by`: the entry as written) when its list holds
 * what `value` means (`"bassh"` beside `"bash"`): written, it would be a duplicate, so the fix
 * removes the entry instead, and a message that offered `value` says so; else `conflict` when the
 * other list of its policy, `list`, does (`"bassh"` allowed, `"bash"` disallowed): written, the
 * policy would both allow and disallow it, so the fix is still offered, but titled so, neither
 * preferred nor in fix-all, and a message that offered `value` says so. One rule for every fix that
 * writes another value for an entry. `others`: the other lists of its policy (none known where a
 * fix is made again from a parse alone, which a conflict's finding never is: see `fromParse`).
 * `reading`: of its text, where a syntax error leaves it a guess (see `holding`).
 */
type Outcome = { readonly kind: 'held'; readonly by: string } | ({ readonly kind: 'conflict'; readonly list: ListName; readonly already: string | null } & OtherHeld) | null;

/**
 * What the other list of a policy holds that a value means: `by`, its entry as written, and where that
 * entry means it only once fixed (`bash()`, whose repair fix-all writes, `bash`), `fixedTo`, what its fix writes.
 */
interface OtherHeld {
  readonly by: string;
  readonly fixedTo?: string;
}

/** An entry of the other list as a title or message names it: as written, and what its fix writes where that is what holds it. */
const heldSaid = (h: OtherHeld): string => (h.fixedTo === undefined ? quoted(h.by) : `${quoted(h.by)}, fixed to ${quoted(h.fixedTo)}`);

function outcome(memo: VerdictMemo, entry: Pick<ListEntry, 'array' | 'string' | 'list'>, value: string, reading: Reading, others: OtherLists): Outcome {
  const meaning = memo.verdict(value).meaning;
  const own = memo.verdict(entry.string.value).meaning;
  if (meaning === null || meaning === own) return null;
  const held = holding(memo, entry.array, meaning, entry.string, reading);
  if (held !== null) return { kind: 'held', by: held };
  for (const other of others(entry)) {
    // `already`: what that list holds of the entry as written, a conflict before the fix too (allow-deny-conflict's).
    const already = own === null ? null : holding(memo, other, own, entry.string, reading);
    // Not what that list holds once fixed where it holds the entry as written: fix-all rewriting both
    // (`mcp__slack__*` in each list, each made `mcp(slack)`) keeps the conflict there, and makes none.
    const by = otherHolding(memo, other, meaning, entry.string, reading, already === null);
    if (by !== null) return { kind: 'conflict', list: otherList(entry.list), ...by, already };
  }
  return null;
}

/**
 * What the other list `array` of a policy holds that means `meaning`, as written (`holding`), else once
 * fix-all has fixed it: an entry whose own finding has a safe fix writing a value of that meaning
 * (`allowed = ["bash("]` beside `disallowed = ["bash()"]`, each fixed to `bash`). Each fix judged
 * against the other list as written alone, both were in fix-all, which then made the conflict.
 * `onceFixed` false: as written only.
 */
function otherHolding(memo: VerdictMemo, array: TomlArray, meaning: string, str: TomlString, reading: Reading, onceFixed = true): OtherHeld | null {
  const by = holding(memo, array, meaning, str, reading);
  if (by !== null || !onceFixed) return by === null ? null : { by };
  const fixed = fixedOfMeaning(memo, array, reading).get(meaning);
  return fixed ? { by: fixed.value, fixedTo: fixed.to } : null;
}

/**
 * Each list's first entry of each meaning its fix-all fix writes, where that is not what it means as
 * written (a repair, a wire token's portable spelling), made when first asked, once per list as
 * `firstOfMeaning` is. Only an entry fix-all fixes: before the first syntax error's reach, not in a
 * guess, and not a multi-line string left open. Its first issue with a safe value is the one counted
 * (the fix-all of an entry writes one value); a fix that conflicts or is held in its own turn is
 * counted too: the conflict is then said of both, and fix-all writes neither.
 */
const fixedOfMeanings = new WeakMap<TomlArray, ReadonlyMap<string, { readonly value: string; readonly to: string }>>();

function fixedOfMeaning(memo: VerdictMemo, array: TomlArray, reading: Reading): ReadonlyMap<string, { readonly value: string; readonly to: string }> {
  let made = fixedOfMeanings.get(array);
  if (made) return made;
  // Most lists hold no such entry, as the analysis that read them told (`knowFirsts`): not read again to know it.
  if (knownFixable && !knownFixable.has(array) && known?.has(array)) return NO_FIXED;
  const out = new Map<string, { readonly value: string; readonly to: string }>();
  const readAsWritten = notGuessed(reading);
  for (const item of array.items) {
    if (item.kind !== 'string') continue;
    const v = memo.verdict(item.value);
    if (v.issues.length === 0) continue;
    if (item.span.end > reading.unreadableFrom) break;
    if (!readAsWritten(item.span) || isOpenMultiline(item)) continue;
    const to = v.fixedTo;
    if (to === null) continue;
    const m = memo.verdict(to).meaning!;
    if (!out.has(m)) out.set(m, { value: item.value, to });
  }
  fixedOfMeanings.set(array, (made = out));
  return made;
}

/**
 * Whether a span lies outside every span of `reading` that is a guess, asked of spans in text order
 * (a list's items): the guessed spans are in text order too, so each is passed once.
 */
function notGuessed(reading: Reading): (span: Span) => boolean {
  const guessed = reading.guessed;
  let g = 0;
  return (span) => {
    // The first guessed span not ended before this one.
    while (g < guessed.length && guessed[g]!.end <= span.start) g++;
    return !(g < guessed.length && guessed[g]!.start < span.end);
  };
}

/** What a message that offers `value` says of the conflict `o` writing it makes, or that is there already. */
function conflictNote(o: Extract<Outcome, { kind: 'conflict' }>, value: string): string {
  const by = o.fixedTo === undefined ? quoted(o.by) : `${quoted(o.by)}, which its fix makes ${quoted(o.fixedTo)}`;
  return o.already === null
    ? `${quoted(o.list)} holds ${by}, so ${quoted(value)} here would be both allowed and disallowed.`
    : `${quoted(o.list)} holds ${by} as well as ${quoted(o.already)}, so this entry is both allowed and disallowed, as written or as ${quoted(value)}.`;
}

/** The arrays of the other list of an entry's policy (`disallowed` for an entry of `allowed`). */
export type OtherLists = (entry: Pick<ListEntry, 'array'>) => readonly TomlArray[];

const NO_OTHER_LISTS: OtherLists = () => [];

/**
 * The other lists of each entry's policy among `policies` (the owner's, `ownPolicy`), found for each
 * list once, when first asked; a string written where the other list goes (`disallowed = "mcp(gh)"`)
 * as the list of it its fix writes, whose entry a fix here would make a conflict with.
 */
export function otherLists(policies: Policies): OtherLists {
  let byArray: Map<TomlArray, readonly TomlArray[]> | undefined;
  return (entry) => {
    byArray ??= new Map(policies.lists.map((l) => {
      const own = ownPolicy(policies, l.owner);
      const strings = own.shape.flatMap((p) => (p.kind === 'list-not-array' && p.list !== l.list && p.keyValue?.value?.kind === 'string' ? [stringAsArray(p.keyValue.value)] : []));
      return [l.array, [...own.lists.filter((m) => m.list !== l.list).map((m) => m.array), ...strings]];
    }));
    return byArray.get(entry.array) ?? [];
  };
}

/** A string where a list goes, read as the list of it (one entry, as written). */
const stringAsArray = (str: TomlString): TomlArray => ({ kind: 'array', span: str.span, items: [str], closed: true });

/**
 * The fix of an entry's finding that writes another value for it (the `index`th of `array`), as its
 * outcome `o` says: where the list already holds what the value means, the entry is removed instead.
 */
function replacementFixes(text: string, str: TomlString, array: TomlArray, index: number, r: Replacement, o: Outcome, also: Outcome): Fix[] {
  const fixes = valueFixes(text, str, array, index, r, o);
  return r.also ? [...fixes, ...valueFixes(text, str, array, index, r.also, also)] : fixes;
}

/** The fix that writes `r.value` for an entry, as its outcome `o` says (see `replacementFixes`). */
function valueFixes(text: string, str: TomlString, array: TomlArray, index: number, r: Replacement, o: Outcome): Fix[] {
  if (r.remove) return [{ title: `Remove ${quoted(str.value)}`, edits: deleteItems(text, array, [index]), preferred: r.preferred, safe: r.safe }];
  if (o?.kind === 'held') {
    return [{ title: `Remove ${quoted(str.value)}: the list already holds ${quoted(o.by)}`, edits: deleteItems(text, array, [index]), preferred: r.preferred, safe: r.safe }];
  }
  if (o?.kind === 'conflict') {
    return [replaceFix(text, `Change to ${quoted(r.value)} (a conflict: ${quoted(o.list)} holds ${heldSaid(o)})`, str, r.value, false, false)];
  }
  const fix = (value: string) => replaceFix(text, `Change to ${quoted(value)}`, str, value, r.preferred, r.safe);
  return [r.alone === undefined ? fix(r.value) : { ...fix(r.value), alone: fix(r.alone) }];
}

/**
 * Each list's first entry of each meaning, by meaning, made when a fix first asks: fix-all asks of
 * every finding, and a list of a million wire tokens would be read a million times over. Not an
 * entry where the reading is a guess (`Reading.guessed`): the arrays of one parse are read with the
 * one reading of its text. Where nothing is a guess, the analysis tells it what it made for its
 * duplicates (`knowFirsts`): a list of 50,000 entries is not read again for it on every keystroke.
 */
const firstOfMeaning = new WeakMap<TomlArray, (meaning: string) => TomlString | undefined>();

/** Each list's first entry of each meaning (`firstOfEachMeaning`), made by an analysis whose reading of its text holds no guess. */
export function knowFirsts(firsts: ReadonlyMap<TomlArray, ReadonlyMap<string, ParsedEntry>>, fixable: ReadonlySet<TomlArray> | null = null): void {
  // Kept whole, not put in the WeakMap array by array: the checker's thousands of lists are mostly never asked.
  known = firsts;
  // And the lists among them that hold an entry fix-all makes mean something else (`fixedOfMeaning`).
  knownFixable = fixable;
}
let known: ReadonlyMap<TomlArray, ReadonlyMap<string, ParsedEntry>> | null = null;
let knownFixable: ReadonlySet<TomlArray> | null = null;
const NO_FIXED: ReadonlyMap<string, { readonly value: string; readonly to: string }> = new Map();

/**
 * The first entry of `array`, as written, that means `meaning`, for the fix of `str`; null when none
 * does. Meanings are the verdicts' (`EntryVerdict.meaning`), which the analysis put in `memo`, not
 * parsed again. Only an entry read before a syntax error that could change what the list holds:
 * for the fix of an entry before the first error's reach (`Reading.unreadableFrom`), which fix-all
 * applies, nothing from there on (`"a"b"x"c"` reads `"x"` as an entry, which the string meant may
 * not hold, and the entry removed for it would take its rule with it, unasked); past it, where
 * fix-all changes nothing and a quick fix asked for reads on, nothing where the reading is a guess
 * (`"read" "grep"`, a comma missing: `"grep"` and the rest of its line), but the lines below, read as written.
 */
function holding(memo: VerdictMemo, array: TomlArray, meaning: string, str: TomlString, reading: Reading): string | null {
  const meaningOf = (raw: string) => memo.verdict(raw).meaning;
  let first = firstOfMeaning.get(array);
  const seen = first ? undefined : known?.get(array);
  if (seen) firstOfMeaning.set(array, (first = (m) => seen.get(m)?.entry.string));
  if (!first) {
    const made = new Map<string, TomlString>();
    const readAsWritten = notGuessed(reading);
    for (const item of array.items) {
      if (item.kind !== 'string' || !readAsWritten(item.span)) continue;
      const m = meaningOf(item.value);
      if (m !== null && !made.has(m)) made.set(m, item);
    }
    firstOfMeaning.set(array, (first = (m) => made.get(m)));
  }
  const held = first(meaning);
  const readTo = reading.unreadableFrom;
  return held && (held.span.end <= readTo || str.span.start >= readTo) ? held.value : null;
}

/**
 * How a finding's fixes can be made again without its model (see `fixesFromParse`): it has none
 * (most findings of a big list: an unknown tool with no name it may mean), or they are made from its
 * entry alone, so from a parse of its text. Null: only from the model.
 */
export type FromParse = 'none' | 'duplicate' | 'replacement';

export function fromParse(f: Finding): FromParse | null {
  return f instanceof DuplicateFinding ? 'duplicate' : f instanceof ReplacementFinding ? (f.conflicts ? null : 'replacement') : f instanceof LazyFinding && f.fixless ? 'none' : null;
}

/**
 * The fixes of a finding on one entry (a duplicate, or one whose fix writes another value: see
 * `fromParse`) made from a parse of the text it was found in, without the rest of the model
 * (policies, parsed entries, every finding): those are most of a big section's model, and a quick
 * fix asks for one finding's. The same fixes the finding makes, as made from the same entry; null
 * when no entry there has them (then the caller asks the model).
 */
export function fixesFromParse(doc: TomlDocument, memo: VerdictMemo, kind: Exclude<FromParse, 'none'>, code: Code, span: Span, reading: Reading): readonly Fix[] | null {
  const text = doc.text;
  const at = stringTowards(doc, span.start);
  if (!at?.array) return null;
  const { array, index, str } = at;
  if (kind === 'duplicate') {
    if (code !== 'duplicate-entry' || isOpenMultiline(str)) return null;
    const content = contentSpan(text, str);
    if (content.start !== span.start || content.end !== span.end) return null;
    return withReadableTitles(duplicateFixes(text, array, index, duplicateTitle(str.value)));
  }
  const place = entrySpan(text, str);
  if (place.start !== span.start || place.end !== span.end || isOpenMultiline(str)) return null;
  const r = memo.verdict(str.value).issues.find((i) => i.code === code)?.replacement;
  if (!r) return null;
  const entry = { array, string: str, list: 'allowed' } as const;
  const also = r.also ? outcome(memo, entry, r.also.value, reading, NO_OTHER_LISTS) : null;
  return withReadableTitles(replacementFixes(text, str, array, index, r, outcome(memo, entry, r.value, reading, NO_OTHER_LISTS), also));
}
