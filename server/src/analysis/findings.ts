// What is wrong with a mars.toml, as plain data: code, default severity, span, message, and the
// fixes (text edits) for it. No LSP types here; the server and the checker both render these.

import { ERROR_ALLOWED, errorMessage, parseToolName, render, type ParseResult, type ToolName } from '../grammar/toolName';
import {
  byChar, canonicalSpelling, charProblemReason, charRunNote, claudeOldTaskMeant, claudeOldTaskSaid, harnessSaid, illegalChars, isClaudeOldTask, lookalikeSaid, mcpWireRewrite, meantEntry, readsAs, respelling, rewriteLegacyPrefix,
  writtenWithLegacyPrefix, type CharProblemGroup,
} from '../grammar/checks';
import { capitalized, inWords, ownCopy, quoted, rustTrim, shortened, shown, trimmedAway } from '../grammar/text';
import { isMcpWireToken, namesBetweenCommas, splitToolName } from '../grammar/toolName';
import type { KeyPart, KeyValue, Span, TomlArray, TomlDocument, TomlString, TomlValue } from '../toml/model';
import { basicString, escapeBasic, replaceStringValue, stringList } from '../toml/strings';
import { closingQuote, contentSpan, isMultiline, isOpenMultiline, valueSources, valueStart } from '../toml/stringPositions';
import { firstHeldLineOf, firstLineOf, lineContent } from '../toml/lineIndex';
import { lastStartingBefore, stringTowards } from '../toml/sorted';
import { CODES, type Code, type Severity, type SeverityOverrides } from './codes';
import { deleteItems, keptApart, type Edit } from './edits';
import { isWritten, listAfterString, misplacedAt, unownedAt, ownerKey, ownerLabel, ownPolicy, sameOwner, TOOLS_MCP_REMOVED, TOOLS_TABLE_HOLDS, type ListEntry, type ListName, type Owner, type Policies, type UnownedList } from './policies';
import { extraKeyFixes, fewOf, ignoredKeyFixes, patternAdvice, patternFixes, patternTableOfKey, patternTableOfSection, type PatternTable, keyAsEntries, listKeyFixes, mapFormAdvice, mapFormList, groupConflicts, misplacedListFixes, misspeltList, otherList, readsAsMapForm, removeTableFix, shapeConflicts, shapeFixes, strayListConflicts, stringAsList } from './moves';

export interface Fix {
  readonly title: string;
  readonly edits: readonly Edit[];
  /** The one clear fix for its problem (`isPreferred`). */
  readonly preferred: boolean;
  /** Applied by "fix all" and `source.fixAll`: it keeps the meaning Mars gives the file. */
  readonly safe: boolean;
  /**
   * Its edit rewrites its section's first syntax error and what follows it, read from the text, not
   * the model's guess past the error (values written with commas between them and no brackets where a
   * list goes: `allowed = "read", "grep"`): fix-all takes it, when safe, though it reaches past it.
   */
  readonly mendsSyntax?: boolean;
  /**
   * With `mendsSyntax`: what follows its edit on the line may follow a value there (a comment, the
   * line's end; in an inline table its `}`, or a comma and its next key), so the syntax error it
   * rewrites is gone with it, and fix-all counts that error fixed (`SyntaxMended`). Not
   * `allowed = "read", "grep" ]`, where the `]` is an error still.
   */
  readonly clearsSyntax?: boolean;
  /**
   * Its edits and what fix-all writes with them, where that is more: the rewrites of the errors that
   * would show next, once it is written (a syntax error's `next`: the other commas missing in its
   * list or inline table, a pass of fix-all each otherwise, as a section shows one syntax error at a time).
   */
  readonly inFixAll?: readonly Edit[];
  /**
   * The key path the fix writes anew (`agents.x.tools.allowed`). A section is analysed alone, so
   * the document drops the fix where another section defines that path already (see `Outside`).
   */
  readonly creates?: readonly string[];
  /**
   * `creates` is a table header (`[agents.x]` for `[[agents.x]]`): a header below it elsewhere
   * (`[agents.x.tools]`) is no clash, as it would be for a key written there.
   */
  readonly createsHeader?: boolean;
  /**
   * Where this fix also clears the other finding on its entry (`Shell(git:*)`: the spelling and the
   * legacy `:*`, one rewrite): the fix of this one alone, for when the other is off or suppressed.
   */
  readonly alone?: Fix;
  /**
   * Its edits take away the line of its section's header, at the start of the unit: the
   * `mars-ignore` lines just above that header, which spoke of it alone and would speak of the next
   * line with content, go too. The unit before holds them (see `Outside.headerLines`).
   */
  readonly takesHeader?: boolean;
}

/**
 * Of the findings a user sees (`visible`, in document order, or what finds one of them by code
 * and span), whether the other of the pair a fix with `alone` clears is among them.
 */
export function partnersSeen(visible: readonly Finding[] | ((code: Code, span: Span) => Finding | undefined)): (f: Finding) => boolean {
  const seen = typeof visible === 'function' ? visible : (code: Code, span: Span) => findingAt(visible, code, span);
  return (f) => seen(f.code === 'non-canonical' ? 'legacy-prefix' : 'non-canonical', f.span) !== undefined;
}

/**
 * The finding of `code` at `span` among `sorted` (in document order, `byPosition`), the first there
 * `accept` takes: found by
 * halving, not through an index made first, as a request on a list of a million entries would
 * make one of all its findings to look up the few the client sent.
 */
export function findingAt(sorted: readonly Finding[], code: string, span: Span, accept: (f: Finding) => boolean = () => true): Finding | undefined {
  for (let i = firstAtOrAfter(sorted, span.start); i < sorted.length && sorted[i]!.span.start === span.start; i++) {
    const f = sorted[i]!;
    if (f.code === code && f.span.end === span.end && accept(f)) return f;
  }
  return undefined;
}

/** The index of the first of `sorted` (in document order) starting at or after `start`, found by halving. */
export function firstAtOrAfter(sorted: readonly Finding[], start: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]!.span.start < start) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The fix of `f` to apply: its `alone` one unless the other finding it clears is seen too. */
export function fixAmong(fix: Fix, f: Finding, partnerSeen: (f: Finding) => boolean): Fix {
  return fix.alone && !partnerSeen(f) ? fix.alone : fix;
}

export interface Finding {
  readonly code: Code;
  readonly severity: Severity;
  readonly span: Span;
  readonly message: string;
  readonly fixes: readonly Fix[];
  readonly related?: ReadonlyArray<{ readonly span: Span; readonly message: string }>;
  /**
   * False when the finding has no safe fix, known without making its fixes: whether a file has
   * anything for fix-all is asked on every lightbulb request, and making the fixes of a section
   * rebuilds its model (section.ts).
   */
  readonly mayHaveSafeFix: boolean;
  /**
   * A judgement of what the text before it means (an agent that is not a table, a list outside its tools table), made only where
   * all of its section before it was read: not after a syntax error (see `Outside.unreadableBefore`).
   */
  readonly needsReadingBefore?: boolean;
  /**
   * True when it is known to have no fixes, without making them: a wrapper that would filter or
   * extend its fixes (`withoutClashingFixes`, `withHeaderLines`) need not be made. A list of
   * 200,000 integers has as many such findings.
   */
  readonly fixless?: boolean;
}

/** Document order: by start, then end. */
export function byPosition(a: Finding, b: Finding): number {
  return a.span.start - b.span.start || a.span.end - b.span.end;
}

/** An entry and how Mars reads it. */
export interface ParsedEntry {
  readonly entry: ListEntry;
  readonly raw: string;
  readonly parse: ParseResult;
  readonly verdict: EntryVerdict;
}

/** Whether findings keep the fixes they make when asked (see `fixesNotKept`). */
let keepingFixes = true;

/**
 * Runs `read`, the fixes it asks of findings made for it and not kept on them (unless they were
 * already): fix-all's count and the checker's JSON ask for every finding's fixes once, and kept,
 * a 10 MB list's came to 0.8 GB beside its model.
 */
export function fixesNotKept<T>(read: () => T): T {
  const was = keepingFixes;
  keepingFixes = false;
  try {
    return read();
  } finally {
    keepingFixes = was;
  }
}

/** Whether fixes asked for now are kept on their findings (see `fixesNotKept`). */
export const fixesKept = (): boolean => keepingFixes;

/**
 * A finding whose fixes are computed when first asked for: a large file has tens of thousands of
 * findings, and only code actions and the checker's JSON ever look at their edits.
 */
class LazyFinding implements Finding {
  private computed?: readonly Fix[];

  constructor(
    readonly code: Code,
    readonly span: Span,
    readonly message: string,
    private readonly makeFixes: (() => Fix[]) | undefined,
    readonly related: Finding['related'],
    readonly mayHaveSafeFix: boolean,
  ) {}

  /** Its code's (`withSeverity` gives another): not a field, of which a list of a million entries makes millions. */
  get severity(): Severity {
    return CODES[this.code].severity;
  }

  get fixes(): readonly Fix[] {
    if (this.computed) return this.computed;
    const made = withReadableTitles(this.make());
    if (keepingFixes) this.computed = made;
    return made;
  }

  protected make(): Fix[] {
    return this.makeFixes ? this.makeFixes() : [];
  }

  /** Whether it has no fixes, known without making them. */
  get fixless(): boolean {
    return this.makeFixes === undefined && this.constructor === LazyFinding;
  }
}

/**
 * A duplicate, whose fix removes it: made from the entry when asked for, without a closure of its
 * own (120 bytes with its context: a list of a million copies of one entry has a million duplicates).
 */
class DuplicateFinding extends LazyFinding {
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
const duplicateTitle = (raw: string) => `Remove the duplicate ${quoted(raw)}`;

/** `mayHaveSafeFix`: false when none of `fixes` will be safe (see `Finding.mayHaveSafeFix`). */
export function finding(code: Code, span: Span, message: string, fixes?: () => Fix[], related?: Finding['related'], mayHaveSafeFix = fixes !== undefined): Finding {
  // Related messages quote entries too: escaped as the message is (a U+202E would flip the Problems
  // panel's line). The list itself when nothing changes: findings may share one.
  const relatedShown = related?.map((r) => withText(r, 'message', readable(r.message)));
  const same = relatedShown?.every((r, i) => r === related![i]);
  return new LazyFinding(code, span, readable(message), fixes, same ? related : relatedShown, mayHaveSafeFix);
}

/** `x` with `text` for its `key`: itself when that is what it holds. */
function withText<T extends object, K extends keyof T>(x: T, key: K, text: T[K]): T {
  return x[key] === text ? x : { ...x, [key]: text };
}

/**
 * A message or title as a reader is shown it. What it quotes from the document is escaped and
 * shortened where it is put in (`quoted`): the finished message cannot tell its quotes apart once an
 * entry holds a backtick. Escaping the whole again is cheap, changes nothing already escaped, and
 * keeps an invisible character that reached a message unquoted (a name in double quotes, a parser's
 * text) from breaking the line, or turning it right to left, in the Problems panel.
 */
const readable = shown;

/** The same finding without the fixes that write a key `defined` elsewhere (see `Fix.creates`), filtered when asked for. */
export function withoutClashingFixes(f: Finding, defined: (path: readonly string[], asHeader: boolean) => boolean): Finding {
  if (f.fixless) return f;
  let kept: readonly Fix[] | undefined;
  return Object.create(f, {
    fixes: { get: () => (kept ??= f.fixes.filter((x) => !x.creates || !defined(x.creates, x.createsHeader === true))), enumerable: true },
  }) as Finding;
}

/**
 * Whether `edit` writes into one of `guessed` (sorted, apart: where the reading past a syntax error is
 * a guess): replaces text there, or inserts strictly inside one (at its start or end it writes beside it).
 */
export function editsGuess(guessed: readonly Span[], edit: Span): boolean {
  let low = 0;
  let high = guessed.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (guessed[mid]!.end <= edit.start) low = mid + 1;
    else high = mid;
  }
  const g = guessed[low];
  if (!g) return false;
  return edit.start < edit.end ? g.start < edit.end : g.start < edit.start && edit.start < g.end;
}

/**
 * The same finding without the fixes that write into text whose reading is a guess (`guessed`): a
 * key moved into a list that ends past the syntax error (`allowed = ["write", "Réad" "read"]`), a
 * key/value rewritten or removed whose value the error is in. Not a fix that mends the error
 * (`Fix.mendsSyntax`), which rewrites it as the text reads, not as the guess does.
 */
export function withoutGuessedFixes(f: Finding, guessed: readonly Span[]): Finding {
  if (f.fixless || guessed.length === 0) return f;
  let kept: readonly Fix[] | undefined;
  return Object.create(f, {
    fixes: { get: () => (kept ??= f.fixes.filter((x) => !writesGuess(guessed, x))), enumerable: true },
  }) as Finding;
}

/** Whether fix `x` writes into `guessed` and does not mend the syntax error (see `withoutGuessedFixes`). */
export const writesGuess = (guessed: readonly Span[], x: Fix): boolean => x.mendsSyntax !== true && x.edits.some((e) => editsGuess(guessed, e));

/** The codes whose fixes may take away their section's header line (`Fix.takesHeader`): a table's removal. */
export const MAY_TAKE_HEADER: ReadonlySet<Code> = new Set(['unknown-policy-key']);

/**
 * `f` with its fixes that take away its section's header (`Fix.takesHeader`) taking `lines` too:
 * the `mars-ignore` lines above that header, in the unit before (see `Outside.headerLines`).
 */
export function withHeaderLines(f: Finding, lines: readonly Span[]): Finding {
  if (f.fixless) return f;
  let made: readonly Fix[] | undefined;
  const above = lines.map((s) => ({ start: s.start, end: s.end, newText: '' }));
  return Object.create(f, {
    fixes: { get: () => (made ??= f.fixes.map((x) => (x.takesHeader ? { ...x, edits: [...above, ...x.edits] } : x))), enumerable: true },
  }) as Finding;
}

/**
 * `f` as plain data, its fixes made: nothing of the model it was found in stays reachable through it
 * (a finding's fixes are made from the model, which it holds until they are).
 */
export function detached(f: Finding): Finding {
  const { code, severity, span, message, related, mayHaveSafeFix, needsReadingBefore, fixes } = f;
  return { code, severity, span, message, related, mayHaveSafeFix, fixes, ...(needsReadingBefore ? { needsReadingBefore } : {}) };
}

/** The same finding at another severity (its fixes still computed once, when asked for). */
export function withSeverity(f: Finding, severity: Severity): Finding {
  return Object.create(f, { severity: { value: severity, enumerable: true } }) as Finding;
}

/** `f` at the severity `overrides` give its code; null when they turn it off. */
export function overridden(f: Finding, overrides: SeverityOverrides): Finding | null {
  const severity = overrides[f.code] ?? f.severity;
  return severity === 'off' ? null : severity === f.severity ? f : withSeverity(f, severity);
}

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
  if (str.style === 'multiline-basic') return keptApart(text, edit, edit.newText.length, true);
  const basic = { start: str.span.start, end: str.span.end, newText: `"""${text.slice(str.content.start, valueStart(text, str))}${escapeBasic(value)}"""` };
  const kept = keptApart(text, basic, basic.newText.length - 3, true);
  return kept.length > 1 ? kept : [edit];
}

/** A key part's span inside its quotes, when it has them (as a string's content is). */
export function keyContentSpan(text: string, span: Span): Span {
  const q = text[span.start];
  if (q !== '"' && q !== "'") return span;
  // A quoted key not closed on its line (a syntax error) is shown up to the line's end.
  const closeAt = closingQuote(text, span.start + 1, q, span.end);
  const content = firstHeldLineOf(text, { start: span.start + 1, end: closeAt >= 0 ? closeAt : span.end });
  // An empty key is shown on its quotes, as an empty entry is (see `entrySpan`).
  return content.start < content.end ? content : firstLineOf(text, span);
}

/** Where part of a run of characters of a string's value comes from in the text, and how many of them it holds. */
interface RunPlace {
  readonly span: Span;
  readonly length: number;
}

/**
 * Where a run of characters of a string's decoded value comes from in the text (an escape: all of
 * it), the string's sources made once: a place a line, as a line-ending backslash joins a run of the
 * value from two lines of the text (`,\` then `,` on the next). A part that is itself a line break
 * has none (a range over it ends on another line; the first line is shown instead); nor has a run
 * when the sources are not known.
 */
function charSpans(text: string, str: TomlString): (offset: number, length: number) => RunPlace[] {
  let sources: ReturnType<typeof valueSources> | undefined;
  return (offset, length) => {
    sources ??= valueSources(text, str);
    const last = offset + length - 1;
    if (!sources || last >= sources.starts.length) return [];
    const { starts, ends } = sources;
    const places: RunPlace[] = [];
    const add = (span: Span, n: number) => {
      if (!/[\r\n]/.test(text.slice(span.start, span.end))) places.push({ span, length: n });
    };
    let span = { start: starts[offset]!, end: ends[offset]! };
    let n = 1;
    for (let k = offset + 1; k <= last; k++) {
      // Two units of one escape share its text; the next character's text follows on, or is past a join.
      if (starts[k]! < span.end) n++;
      else if (starts[k] === span.end) {
        span = { start: span.start, end: ends[k]! };
        n++;
      } else {
        add(span, n);
        span = { start: starts[k]!, end: ends[k]! };
        n = 1;
      }
    }
    add(span, n);
    return places;
  };
}

const MORE_CHARS_SHOWN = 20;

/**
 * Where a character's finding in an entry (or a map-form key) is placed, and its related places: on
 * the first place of its first run (`fallback`, the first line, when that has none), then the rest
 * of that run and its other runs, each place said as a run of its own (`another comma`).
 */
function charPlaces(g: CharProblemGroup, placesOf: (offset: number, length: number) => RunPlace[], fallback: Span): { at: Span; related: Finding['related'] } {
  const [first, ...rest] = g.runs;
  const [own, ...more] = placesOf(first!.offset, first!.length);
  const at = own?.span ?? fallback;
  const related: Array<{ span: Span; message: string }> = [];
  // The message counts them all: an entry of a million commas apart relates the first few places, not a million.
  for (const place of [...more, ...rest.slice(0, MORE_CHARS_SHOWN).flatMap((r) => placesOf(r.offset, r.length))].slice(0, MORE_CHARS_SHOWN)) {
    if (place.span.start !== at.start) related.push({ span: place.span, message: charRunNote({ kind: g.kind, char: g.char, length: place.length }) });
  }
  return { at, related: related.length === 0 ? undefined : related };
}

/** What one entry string means and what is wrong with it: a pure function of the string. */
export interface EntryVerdict {
  readonly parse: ParseResult;
  readonly issues: readonly EntryIssue[];
  /** What the entry means to Mars, for duplicate and conflict checks: its canonical rendering (null when invalid). */
  readonly meaning: string | null;
  /** The entry as Mars writes it (`mcp(gh)`, not its meaning `mcp(gh/*)`), what messages name; as written when invalid. */
  readonly written: string;
}

interface Replacement {
  readonly value: string;
  readonly preferred: boolean;
  readonly safe: boolean;
  /** The value that fixes this finding alone (see `Fix.alone`). */
  readonly alone?: string;
  /** The entry is removed, not rewritten (`value` is then empty): an empty entry, which can mean nothing. */
  readonly remove?: true;
  /**
   * Only for a message that offers `value` (a did-you-mean, a wire token's portable spelling): the
   * message where the entry's list already holds what `value` means, so that the fix removes the
   * entry. Such a message also says where the other list of the policy holds it (see `Outcome`).
   */
  readonly held?: string;
  /**
   * Only with `held`, for a message that ends in what Mars does with the entry: the message before
   * that sentence, and the sentence. A conflict the fix would make is said between them, right after
   * what to write (a narrow view cuts a long message at its end); without it, after the message.
   */
  readonly around?: readonly [before: string, after: string];
  /**
   * A second value, offered after this one, never preferred nor in fix-all (`agent` for Claude's
   * old `Task`): what the user more likely meant, where `value` keeps what Mars reads.
   */
  readonly also?: Replacement;
}

interface EntryIssue {
  readonly code: Code;
  /** As a reader is shown it (`readable`). */
  readonly message: string;
  /** The entry's replacement value, for its fix. */
  readonly replacement?: Replacement;
  /** For characters of the value (a comma, a run of control characters): where they are in it, and where more of them are. */
  readonly chars?: CharProblemGroup;
  /** For its commas, where each piece is a name Mars takes: those names, each the entry its fix writes (see `splitFix`). */
  readonly split?: readonly string[];
}

const MEMO_LIMIT = 50_000;

/**
 * Entry verdicts by string. Large files repeat the same few spellings, so each is judged once. Two
 * generations of up to MEMO_LIMIT each: a section of more distinct entries than that, emptying one
 * map, judged them all again on every keystroke. Keys and verdicts are made from a copy of the
 * entry of its own: a slice of the section's text would keep every version of it alive.
 */
export class VerdictMemo {
  private current = new Map<string, EntryVerdict>();
  private previous = new Map<string, EntryVerdict>();

  verdict(raw: string): EntryVerdict {
    const found = this.current.get(raw);
    if (found) return found;
    const own = ownCopy(raw);
    const verdict = this.previous.get(raw) ?? entryVerdict(own);
    if (this.current.size >= MEMO_LIMIT) [this.previous, this.current] = [this.current, new Map()];
    this.current.set(own, verdict);
    return verdict;
  }
}

export function parseEntries(policies: Policies, memo: VerdictMemo = new VerdictMemo()): ParsedEntry[] {
  return policies.entries.map((entry) => {
    const raw = entry.string.value;
    const verdict = memo.verdict(raw);
    return { entry, raw, parse: verdict.parse, verdict };
  });
}

function entryVerdict(raw: string): EntryVerdict {
  const parse = parseToolName(raw);
  const issues: EntryIssue[] = [];
  // Names between commas (`Read, Grep`, pasted from Claude's `tools:` line) were meant as entries of
  // their own: split so, the entry's one preferred fix; a respelling of the whole keeps Mars's
  // reading but buries that, so it is offered, neither preferred nor in fix-all.
  const between = namesBetweenCommas(raw);
  const sure = between === null;
  if (!parse.ok) {
    const fix = obviousRepair(raw);
    // `*(x)` or `*()` -> `*` grants (or denies) every tool, far more than was written: offered, not in
    // fix-all, and not preferred either (an editor's auto fix applies a lone preferred fix unasked).
    const safe = fix === null || rustTrim(fix) !== '*';
    // An empty entry (`""`, a quote typed and its pair closed) means nothing: removed, its only fix, so
    // preferred; not in fix-all, which makes a rejected entry mean the one thing it can, and this means none.
    const replacement: Replacement | null = fix ? { value: fix, preferred: safe, safe }
      : parse.error === 'Empty' && rustTrim(raw) === '' ? { value: '', preferred: true, safe: false, remove: true } : null;
    // Mars's own message, verbatim, then the white space at its ends, as other findings say it: it is
    // not what Mars rejects (`` ` bash( ` ``). Not of an entry that is only white space (see `trimmedAway`).
    const around = trimmedAway(raw);
    const trims = around === null ? '' : `. ${around}.`;
    issues.push({ code: 'invalid-tool-name', message: errorMessage(raw, parse.error) + trims, ...(replacement ? { replacement } : {}) });
  } else {
    const name = parse.name;
    const trimmed = rustTrim(raw);
    // White space at its ends, which Mars trims (and the fixes drop), said after what is wrong, in one
    // wording: `` ` read ` has spaces around it, which Mars trims`` (`unknownTool` says what it passes on).
    const around = trimmedAway(raw);
    const trims = around === null ? '' : ` ${around}.`;
    if (isMcpWireToken(trimmed)) {
      const portable = mcpWireRewrite(raw);
      const write = portable && `Claude-only MCP wire spelling; write ${quoted(portable)} so every harness applies it.`;
      issues.push({
        code: 'mcp-wire-token',
        message: (write
          // `mcp(…)` names a server or a tool, never a pattern of one: no spelling keeps this rule for the others.
          || (name.kind === 'unknown' && name.pattern !== null ? 'Claude-only MCP wire spelling with a pattern, which `mcp(server/tool)` cannot hold: only Claude applies this rule.'
          : 'Claude-only MCP wire spelling; write it as `mcp(server/tool)` so every harness applies it.')) + trims,
        ...(portable && write ? {
          replacement: {
            value: portable, preferred: sure, safe: sure, held: `Claude-only MCP wire spelling of ${quoted(portable)}, ${HELD}${trims}`,
            // A conflict the fix would make is said right after what to write, before the white space.
            ...(trims === '' ? {} : { around: [write, trims.slice(1)] as const }),
          },
        } : {}),
      });
    } else {
      // An unknown name is told as such, and, as a known one, when Mars passes it on in another spelling.
      const unknown = name.kind === 'unknown' ? unknownTool(raw, name) : null;
      if (unknown) issues.push(sure || !unknown.replacement ? unknown : { ...unknown, replacement: { ...unknown.replacement, preferred: false } });
      const spelling = respelling(raw, name);
      const legacy = writtenWithLegacyPrefix(raw, name);
      const read = canonicalSpelling(raw, name);
      // Whether the spelling Mars writes drops the `:*`: not for `bash(:*)`, which no spelling without it keeps.
      const normalized = legacy && !writtenWithLegacyPrefix(read, name);
      // Both: each fix writes the entry as Mars does, so either one clears both (one fix per entry).
      const both = spelling !== null && normalized;
      if (spelling) {
        // Claude's old `Task` launched sub-agents, which Mars reads as the task list: said, and
        // `agent` offered beside the respelling, which keeps Mars's reading and stays the preferred fix.
        const oldTask = isClaudeOldTask(raw, name);
        // The fix changes the spelling only (a legacy `:*` has its own fix); the message says what Mars reads.
        const target = both ? read : canonicalSpelling(raw, name, false);
        // White space at its ends is said as such (`" read "` read as `read` hid what differs), as `trims`; inside, in general.
        const message =
          spelling.kind === 'alias' ? `${quoted(spelling.written)} is an alias of ${quoted(spelling.canonical)}; ${readsAs(render(name), name) ? 'Mars writes' : 'write it'} ${quoted(read)}.${trims}`
          : spelling.kind === 'casing'
            // What Mars renders (`bash( *)` for `Bash(:*)`) is not always a spelling that means what the entry does.
            ? `Mars spells ${quoted(spelling.written)} as ${quoted(spelling.canonical)}${read === spelling.canonical ? '' : readsAs(render(name), name) ? `; it reads this entry as ${quoted(read)}` : `; write it ${quoted(read)}`}.${oldTask ? ` ${claudeOldTaskSaid()}` : ''}${trims}`
          : around !== null ? `${around}: it reads ${quoted(read)}.`
          : `Mars reads this entry as ${quoted(read)}; the extra white space is dropped.`;
        // Beside a did-you-mean (`Bash: npm test`: `bash(npm test)`?), the entry's likelier fix, offered
        // but not preferred: one preferred fix an entry, for the editor's auto-fix.
        const preferred = !unknown?.replacement && sure;
        // What the user likely meant changes what Mars passes on: neither preferred nor in fix-all.
        const also = oldTask ? { also: { value: claudeOldTaskMeant(name), preferred: false, safe: false } } : {};
        issues.push({ code: 'non-canonical', message, replacement: { value: target, preferred, safe: sure, ...(both ? { alone: canonicalSpelling(raw, name, false) } : {}), ...also } });
      }
      if (legacy) {
        const pattern = name.kind === 'builtin' ? name.pattern ?? '' : '';
        // `bash(:*)` reads as ` *`, which no spelling without `:*` keeps (`bash( *)` reads as `*`): no fix then.
        const value = both ? read : rewriteLegacyPrefix(raw);
        issues.push({
          code: 'legacy-prefix',
          message: `Legacy \`:*\` prefix: Mars rewrites the pattern to ${quoted(pattern)}, the only form it writes (OpenCode takes \`:\` literally).${trims}`,
          ...(normalized && readsAs(value, name) ? { replacement: { value, preferred: sure, safe: sure, ...(both && readsAs(rewriteLegacyPrefix(raw), name) ? { alone: rewriteLegacyPrefix(raw) } : {}) } } : {}),
        });
      }
    }
  }
  for (const g of byChar(illegalChars(raw))) {
    issues.push({ code: 'illegal-char', chars: g, message: charProblemReason(g), ...(g.kind === 'comma' && between ? { split: between.map((n) => n.name) } : {}) });
  }
  // Made readable here, once per spelling (verdicts are memoized), not once per finding.
  return {
    parse, issues: issues.map((i) => withText(i.replacement?.held === undefined ? i : { ...i, replacement: { ...i.replacement, held: readable(i.replacement.held) } }, 'message', readable(i.message))),
    meaning: parse.ok ? render(parse.name) : null, written: parse.ok ? canonicalSpelling(raw, parse.name) : raw,
  };
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
  let conflict: string | null = null;
  for (const other of others(entry)) {
    for (const name of kept) conflict ??= holding(memo, other, memo.verdict(name).meaning!, str, reading);
  }
  const title = `Split into one entry per tool${conflict === null ? '' : ` (a conflict: ${quoted(otherList(entry.list))} holds ${quoted(conflict)})`}`;
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

/** What a message says where the list already holds what the fix would write (see `Replacement.held`). */
const HELD = 'which this list already holds, so this entry can go.';

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
type Outcome = { readonly kind: 'held'; readonly by: string } | { readonly kind: 'conflict'; readonly list: ListName; readonly by: string; readonly already: string | null } | null;

function outcome(memo: VerdictMemo, entry: Pick<ListEntry, 'array' | 'string' | 'list'>, value: string, reading: Reading, others: OtherLists): Outcome {
  const meaning = memo.verdict(value).meaning;
  const own = memo.verdict(entry.string.value).meaning;
  if (meaning === null || meaning === own) return null;
  const held = holding(memo, entry.array, meaning, entry.string, reading);
  if (held !== null) return { kind: 'held', by: held };
  for (const other of others(entry)) {
    const by = holding(memo, other, meaning, entry.string, reading);
    // `already`: what that list holds of the entry as written, a conflict before the fix too (allow-deny-conflict's).
    if (by !== null) return { kind: 'conflict', list: otherList(entry.list), by, already: own === null ? null : holding(memo, other, own, entry.string, reading) };
  }
  return null;
}

/** What a message that offers `value` says of the conflict `o` writing it makes, or that is there already. */
function conflictNote(o: Extract<Outcome, { kind: 'conflict' }>, value: string): string {
  return o.already === null
    ? `${quoted(o.list)} holds ${quoted(o.by)}, so ${quoted(value)} here would be both allowed and disallowed.`
    : `${quoted(o.list)} holds ${quoted(o.by)} as well as ${quoted(o.already)}, so this entry is both allowed and disallowed, as written or as ${quoted(value)}.`;
}

/** The arrays of the other list of an entry's policy (`disallowed` for an entry of `allowed`). */
export type OtherLists = (entry: Pick<ListEntry, 'array'>) => readonly TomlArray[];

const NO_OTHER_LISTS: OtherLists = () => [];

/** The other lists of each entry's policy among `policies` (the owner's, `ownPolicy`), found for each list once, when first asked. */
export function otherLists(policies: Policies): OtherLists {
  let byArray: Map<TomlArray, readonly TomlArray[]> | undefined;
  return (entry) => {
    byArray ??= new Map(policies.lists.map((l) => [l.array, ownPolicy(policies, l.owner).lists.filter((m) => m.list !== l.list).map((m) => m.array)]));
    return byArray.get(entry.array) ?? [];
  };
}

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
    return [replaceFix(text, `Change to ${quoted(r.value)} (a conflict: ${quoted(o.list)} holds ${quoted(o.by)})`, str, r.value, false, false)];
  }
  const fix = (value: string) => replaceFix(text, `Change to ${quoted(value)}`, str, value, r.preferred, r.safe);
  return [r.alone === undefined ? fix(r.value) : { ...fix(r.value), alone: fix(r.alone) }];
}

/**
 * Each list's first entry of each meaning, as written, and where it ends, made when a fix first
 * asks: fix-all asks of every finding, and a list of a million wire tokens would be read a million
 * times over. Not an entry where the reading is a guess (`Reading.guessed`): the arrays of one parse
 * are read with the one reading of its text.
 */
const firstOfMeaning = new WeakMap<TomlArray, ReadonlyMap<string, { readonly value: string; readonly end: number }>>();

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
  if (!first) {
    const made = new Map<string, { value: string; end: number }>();
    const guessed = reading.guessed;
    let g = 0;
    for (const item of array.items) {
      if (item.kind !== 'string') continue;
      // The guessed spans and the items are both in text order: the first span not ended before the item.
      while (g < guessed.length && guessed[g]!.end <= item.span.start) g++;
      if (g < guessed.length && guessed[g]!.start < item.span.end) continue;
      const m = meaningOf(item.value);
      if (m !== null && !made.has(m)) made.set(m, { value: item.value, end: item.span.end });
    }
    firstOfMeaning.set(array, (first = made));
  }
  const held = first.get(meaning);
  const readTo = reading.unreadableFrom;
  return held && (held.end <= readTo || str.span.start >= readTo) ? held.value : null;
}

/** The span an entry's finding is placed at (see `entryFindings`). */
export function entrySpan(text: string, str: TomlString): Span {
  const content = contentSpan(text, str);
  // An empty entry is shown on its quotes: an empty range is drawn on the character after it (the
  // closing quote), where a squiggle stays, misplaced, while the user types into the string.
  return content.start < content.end ? content : firstLineOf(text, str.span);
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

/** Fixes as a finding gives them (`LazyFinding.fixes`): their titles as a reader is shown them. */
const withReadableTitles = (fixes: Fix[]): Fix[] => fixes.map((f) => withText(f, 'title', readable(f.title)));


/**
 * What Mars does with an unknown name, in one sentence the diagnostic and hover both say (after
 * "Mars" or "it"): `passes the entry on as written, so only a harness with a tool of that name
 * applies it.`, or `as` what Mars writes it as, quoted by `quote` (a message's `quoted`, hover's `code`).
 */
export function passedOn(raw: string, name: ToolName, quote: (text: string) => string): string {
  const asRead = render(name);
  return `passes the entry on ${asRead === raw ? 'as written' : `as ${quote(asRead)}`}, so only a harness with a tool of that name applies it.`;
}

function unknownTool(raw: string, name: Extract<ToolName, { kind: 'builtin' | 'unknown' }>): EntryIssue {
  const head = rustTrim(splitToolName(rustTrim(raw))[0]);
  const meant = meantEntry(raw, name);
  const from = harnessSaid(meant?.harness ?? null);
  // White space Mars trims is said as such: 'named `foo`; it passes it on as `foo`' hid what differs.
  const around = trimmedAway(raw);
  const trims = around === null ? '' : `${around}: `;
  const passes = passedOn(raw, name, quoted);
  // A name in characters that only look like ASCII reads as a capability's: the first is named.
  const looks = lookalikeSaid(head);
  if (!meant) return { code: 'unknown-tool', message: `Mars has no capability named ${quoted(head)}; ${trims}it ${passes}${looks}` };
  // What to write comes right after what is wrong, and what Mars passes on last: a narrow view (the
  // Problems panel, a one-line status) cuts a long message at its end.
  const first = `Mars has no capability named ${quoted(head)}.${looks}`;
  const last = `${trims === '' ? 'Mars' : `${trims}it`} ${passes}`;
  const replacement = meant.entry;
  return {
    code: 'unknown-tool', message: `${first} Did you mean ${quoted(meant.said)}${from}? ${last}`,
    replacement: { value: replacement, preferred: true, safe: false, held: `${first} It looks like ${quoted(replacement)}${from}, ${HELD} ${last}`, around: [`${first} Did you mean ${quoted(meant.said)}${from}?`, last] },
  };
}

/**
 * The fix for an entry Mars rejects, where only one reading makes sense: `bash()` -> `bash`, `*(x)` -> `*`,
 * `bash(git` -> `bash(git)`, and `mcp(github` -> `mcp(github)` (Mars says InvalidMcpRef there, not
 * UnbalancedPattern); with nothing after the `(`, `bash(` -> `bash`, as `bash()`. `mcp(` has none:
 * a bare `mcp` is no reference either.
 */
export function obviousRepair(raw: string): string | null {
  const r = parseToolName(raw);
  if (r.ok) return null;
  const trimmed = rustTrim(raw);
  const head = rustTrim(splitToolName(trimmed)[0]);
  let candidate: string | null = null;
  if (r.error === 'EmptyPattern' || r.error === 'WildcardPattern') candidate = head;
  else if ((r.error === 'UnbalancedPattern' || r.error === 'InvalidMcpRef') && trimmed.includes('(') && !trimmed.includes(')')) {
    candidate = `${trimmed})`;
    // Closed, an empty pattern: the name alone, as for `bash()`.
    const closed = parseToolName(candidate);
    if (!closed.ok && closed.error === 'EmptyPattern') candidate = head;
  }
  if (candidate === null) return null;
  const back = parseToolName(candidate);
  return back.ok ? candidate : null;
}

/**
 * Entries of one list that mean the same, and rules a policy both allows and disallows; those `keep`
 * takes (a list of a million duplicates, all made and then dropped, would be held all at once).
 */
export function crossEntryFindings(text: string, parsed: readonly ParsedEntry[], keep: (f: Finding) => boolean = () => true): Finding[] {
  const out: Finding[] = [];
  // Keyed by object where one is at hand: a string key per entry is what a large file pays for.
  // A map is made only when something goes in it: a big file has thousands of sections, most of one
  // owner, with no duplicate. An owner's entries mostly come together: its policy is looked up again
  // only when the owner changes.
  const firstInList = new Map<TomlArray, Map<string, ParsedEntry>>();
  const byPolicy = new Map<string, { allowed?: Map<string, ParsedEntry>; disallowed?: Map<string, ParsedEntry> }>();
  let lastOwner: Owner | null = null;
  let current: { allowed?: Map<string, ParsedEntry>; disallowed?: Map<string, ParsedEntry> } | undefined;
  // What the duplicates of one entry say, made once for each spelling in a row: a list of a million
  // copies of one entry has a million duplicates, whose own messages and related lists were a sixth
  // of its model's memory, and more of what the server keeps of it.
  let said: Map<ParsedEntry, { raw: string; message: string; title: string; related: Finding['related'] }> | undefined;
  for (const p of parsed) {
    const m = p.verdict.meaning;
    if (m === null) continue;
    const { owner, list, array } = p.entry;
    let seen = firstInList.get(array);
    if (!seen) firstInList.set(array, (seen = new Map()));
    const earlier = seen.get(m);
    if (earlier) {
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
      continue;
    }
    seen.set(m, p);
    if (owner !== lastOwner || !current) {
      lastOwner = owner;
      const policyId = ownerKey(owner);
      current = byPolicy.get(policyId);
      if (!current) byPolicy.set(policyId, (current = {}));
    }
    const meanings = (current[list] ??= new Map());
    if (!meanings.has(m)) meanings.set(m, p);
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
    if (!policy.disallowed || !allowedIn) continue;
    // Every meaning the list holds is visited: by `forEach`, no [key, value] pair is made and taken
    // apart for each, and only a conflict makes the closures of its fixes (written in the loop, each
    // visit made the scope they close over).
    policy.disallowed.forEach((denied, m) => {
      const allowed = allowedIn.get(m);
      if (!allowed) return;
      const f = allowDenyConflict(text, m, denied, allowed, sameMeaning);
      if (keep(f)) out.push(f);
    });
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
function conflictSaid(list: ListName, conflicting: readonly string[]): string {
  if (conflicting.length === 0) return '';
  const names = conflicting.map((n) => shortened(shown(basicString(n)))); // each once (`heldIn`)
  return ` ${quoted(otherList(list))} holds ${names.join(', ')}, so in ${quoted(list)} ${names.length === 1 ? 'it' : 'they'} would be both allowed and disallowed.`;
}

/**
 * Why Mars ignores a key in a tools table, said last where the message says what to do with it
 * first: a narrow view (the Problems panel, a one-line status) cuts a long message at its end.
 */
const WHY_IGNORED = `${capitalized(TOOLS_TABLE_HOLDS)}.`;

/**
 * A string written where a list goes (`allowed = "read"` beside the tools table), as the list it was
 * meant as (`stringAsList`): ` = ["read"]`, ` = ["Read", "Grep"]` for names between commas; else nothing.
 * Strings after it with commas between (`allowed = "read", "grep"`, a syntax error) are said with it,
 * as the list that error's fix writes, not the first alone, which would drop what the user meant.
 * `inline`: the key/value is an inline table's, whose comma after the values is the table's.
 */
export function asList(text: string, kv: KeyValue, inline = false): string {
  const value = kv.value;
  // One left open over lines runs to a guess of its end: not said. One not closed on its line (`"gr`, being typed) is
  // said closed, as its syntax error's fix closes it (`["gr"]`), not as written in brackets (`["gr]`, no list).
  if (value?.kind !== 'string' || isOpenMultiline(value)) return '';
  if (!value.terminated) return ` = ${stringList(namesBetweenCommas(value.value)?.map((n) => n.name) ?? [value.value])}`;
  const run = listAfterString(text, value, inline);
  if (run && run.values.every((v) => typeof v === 'string')) return ` = ${run.list}`;
  // A multi-line string said as written shows its line breaks as escapes (`["""\u000Aread"""]`): it is said as the
  // entry it is, its value after TOML trims the line break after its quotes (`["read"]`), or, holding a line break
  // still, which an entry said on one line cannot show, as the list alone, as one left open is.
  if (isMultiline(value) && !namesBetweenCommas(value.value)) return /[\r\n]/.test(value.value) ? '' : ` = ${stringList([value.value])}`;
  return ` = ${stringAsList(text, value)}`;
}

/** The codes whose fixes may write a list anew (`Fix.creates`): the moves of extra keys below. */
export const MAY_CREATE: ReadonlySet<Code> = new Set(['invalid-tool-policy', 'unknown-policy-key', 'misplaced-tool-list']);

/**
 * The first line of a value (`[` of a list over lines), up to a comment on that line: the range
 * would otherwise run under `# note`, or a `# mars-ignore` written there by "Disable".
 */
export function valueFirstLine(doc: TomlDocument, span: Span): Span {
  const line = firstLineOf(doc.text, span);
  if (line.end === span.end) return line;
  const comments = doc.comments;
  const c = lastStartingBefore(comments, line.end);
  // The value's first character (`[`) is no blank: the blanks before the comment are all lineContent takes.
  return lineContent(doc.text, line.start, c && c.span.start > line.start ? c.span.start : line.end);
}

/** Shape problems and extra keys of the tools tables. */
export function policyFindings(doc: TomlDocument, policies: Policies): Finding[] {
  const out: Finding[] = [];
  for (const problem of policies.shape) {
    const conflicting = shapeConflicts(doc.text, policies, problem);
    const fixes = shapeFixes(doc.text, problem, conflicting);
    const f = finding('invalid-tool-policy', valueFirstLine(doc, problem.span), `${problem.message}.${problem.list ? conflictSaid(problem.list, conflicting) : ''}`, fixes.length > 0 ? () => fixes : undefined, undefined, fixes.some((x) => x.safe));
    // Judged only up to the section's first syntax error (policies.ts).
    out.push(problem.kind === 'overlay-not-table' ? Object.assign(f, { needsReadingBefore: true }) : f);
  }
  for (const { owner, name, section } of policies.extraTables) {
    // OpenCode's table of patterns (`[agents.x.tools.bash]` then `"git push" = "deny"`): what its rules mean, and their move.
    const patterns = patternTableOfSection(owner, name, section);
    // Its removal, where offered, is never safe: nothing for fix-all (`removeTableFix`). Nor is the move
    // (`patternFixes`), but where the owner's lists, here or in another section, hold every rule: the rules
    // then go, which changes nothing Mars reads, as for a key of patterns (`ignoredKeyFixes`); or hold some,
    // the others to move by hand: the rules held go alone.
    const advice = patterns && patternAdvice(doc.text, policies, patterns, (e) => e, (e) => e);
    const held = advice !== null && advice.held;
    out.push(finding('unknown-policy-key', keyContentSpan(doc.text, name.span),
      patterns ? patternMessage(doc.text, policies, patterns, `the table ${quoted(name.name)}`) : `Mars ignores the table ${quoted(name.name)} here: ${TOOLS_TABLE_HOLDS}.`,
      () => [...(patterns ? patternFixes(doc, policies, patterns) : []), held ? null : removeTableFix(doc, section)].filter((f) => f !== null), undefined, held || (advice !== null && advice.partly)));
  }
  // One finding per key at fault: the lists under one header `[agents.x.tool]` share its `tool`.
  for (const [at, group] of groupedBy(policies.misplaced, misplacedAt)) {
    const { owner, tools, ownerPart, list, keyValue } = group[0]!;
    // A rule's rename puts nothing in force (its move then says its own conflict): no note for it.
    // Lists renamed together (`[agent.x.tools]` then `allowed` and `deny`): what they would make in force with one another.
    const conflict = group.length === 1 && !group[0]!.rule ? conflictSaid(list, strayListConflicts(doc.text, policies, owner, keyValue, list))
      : conflictSaid('disallowed', groupConflicts(doc.text, group));
    // A map-form rule named as written (`bash = "allow"`), not by its tool alone, which no list is named; a pattern's below
    // its tool by the dotted key it makes (`bash."git push" = "deny"`), the tool in a header as much as in its key.
    const slice = (span: Span) => doc.text.slice(span.start, span.end);
    const lists = [...new Set(group.map((m) => quoted(m.rule ? `${slice(m.key.span)}${m.pattern ? `.${slice(m.pattern.span)}` : ''} = ${ruleValueShown(doc.text, m.keyValue.value!)}` : m.key.name)))];
    // Past five, counted: a table of 20,000 patterns (`[agents.x.permission.bash]`) was said in a message of 569,024 characters.
    const these = `${fewOf(lists, inWords)} here ${lists.length === 1 ? 'is' : 'are'}`;
    const where = `Mars reads the tool lists of ${ownerLabel(owner)} only from its \`tools\` table`;
    // Judged only up to the section's first syntax error, as an agent that is no table (policies.ts).
    out.push(Object.assign(finding('misplaced-tool-list', keyContentSpan(doc.text, at.span), (ownerPart
      ? `${quoted(ownerPart.name)} is not ${quoted(owner.kind)}: Mars reads tool policies only under \`agents\` and \`skills\`, so ${these} not part of ` +
        (group.every((m) => sameOwner(m.owner, owner)) ? `the policy of ${ownerLabel(owner)}.` : `any ${owner.kind === 'agents' ? 'agent' : 'skill'}'s policy.`)
      : tools ? `${quoted(tools.name)} is not \`tools\`: ${where}, so ${these} not part of its policy.`
      : `${where}: ${lists[0]} here is not part of its policy. Did you mean ${quoted(`tools.${list}${asList(doc.text, keyValue)}`)}?`) + conflict,
    () => misplacedListFixes(doc, policies, group)), { needsReadingBefore: true }));
  }
  // No agent to move it to, so no fix: one finding per key at fault, as above (the lists of `[permissions]` share its name).
  for (const group of unownedGroups(policies)) {
    out.push(Object.assign(finding('misplaced-tool-list', keyContentSpan(doc.text, unownedAt(group[0]!).span), unownedSaid(doc.text, group, quoted)), { needsReadingBefore: true }));
  }
  for (const extra of policies.extraKeys) {
    if (!isWritten(extra)) continue;
    const name = extra.name.name;
    if (name === 'mcp') {
      out.push(finding('invalid-tool-policy', keyContentSpan(doc.text, extra.name.span), `${TOOLS_MCP_REMOVED}.`, () => extraKeyFixes(doc, policies, extra)));
      continue;
    }
    const meant = misspeltList(extra);
    if (meant) {
      const conflicting = strayListConflicts(doc.text, policies, extra.owner, extra.keyValue, meant, extra.table.spelling === 'inline');
      out.push(finding('unknown-policy-key', keyContentSpan(doc.text, extra.name.span),
        `Mars ignores ${quoted(name)} here.${lookalikeSaid(name)} Did you mean ${quoted(`${meant}${asList(doc.text, extra.keyValue, extra.table.spelling === 'inline')}`)}?${conflictSaid(meant, conflicting)} ${WHY_IGNORED}`,
        () => listKeyFixes(doc, policies, extra, meant))); // safe only when it removes a key whose entries the list holds
      continue;
    }
    // OpenCode's table of patterns below the tool (`bash = { "git *" = "allow" }`): what its rules mean in Mars, and their move.
    const patterns = patternTableOfKey(extra);
    if (patterns) {
      const held = patternAdvice(doc.text, policies, patterns, (e) => e, (e) => e).held;
      out.push(finding('unknown-policy-key', keyContentSpan(doc.text, extra.name.span), patternMessage(doc.text, policies, patterns, quoted(name)), () => {
        const { moves, removal } = ignoredKeyFixes(doc, policies, extra);
        return removal ? [...moves, removal] : moves;
      }, undefined, held));
      continue;
    }
    // Mars ignores the key whatever it is named, so a name it would reject breaks nothing here: it
    // is said in the message, and nothing offers to move it where it would stop the load.
    const parse = parseToolName(name);
    const intent = mapFormList(extra);
    // Names between commas (`"Read, Grep" = "allow"`) are moved one entry per tool, even where the
    // whole is no name Mars takes (`bash(a), read`): what was meant, as an entry's split says it.
    const moved = keyAsEntries(name);
    const split = intent !== null && (moved?.split ?? false);
    // The capability is named by the head, as for an entry (`bassh` of `bassh(git:*)`); what it looks
    // meant as is the entry's did-you-mean, which a move of its own offers (`ignoredKeyFixes`). Not of
    // names between commas, which the split reads: the whole is no name meant (`skill:init,`).
    const head = rustTrim(splitToolName(rustTrim(name))[0]);
    const nearest = parse.ok && parse.name.kind === 'unknown' && !split ? meantEntry(name, parse.name) : null;
    const advice = moved !== null && intent !== null ? mapFormAdvice(policies, extra.owner, intent, moved.entries, (e) => shortened(shown(basicString(e))), quoted) : null;
    // Its removal where the list holds its rules is safe, but not of a split key: held only as a guess (`extraKeyFixes`).
    const held = (advice?.held ?? false) && !split;
    // What to do with a map-form rule comes first, why Mars ignores it last (see WHY_IGNORED).
    const noEffect = `Mars ignores ${quoted(name)} here, so this rule has no effect`;
    // A key read as an entry (its rule moved into a list, or judged as a tool name) has the white
    // space at its ends said as an entry's is (see `trimmedAway`), after what to do.
    const around = trimmedAway(name);
    const trims = around === null ? '' : ` ${around}.`;
    out.push(finding('unknown-policy-key', keyContentSpan(doc.text, extra.name.span),
      !parse.ok && !split ? `Mars ignores ${quoted(name)} here: ${TOOLS_TABLE_HOLDS}, and it is not a tool name Mars accepts either (allowed: ${ERROR_ALLOWED[parse.error]}).${trims}`
        : advice?.held ? `${noEffect}; ${advice.says}.${trims} ${WHY_IGNORED}`
        : advice?.conflict ? `${noEffect}. ${advice.says}.${trims} ${WHY_IGNORED}`
        : advice ? `${noEffect}. ${capitalized(advice.says)}.${nearest ? ` (Mars has no capability ${quoted(head)}: did you mean ${quoted(nearest.said)}${harnessSaid(nearest.harness)}?${lookalikeSaid(head)})` : ''}${trims} ${WHY_IGNORED}`
        // The map form's note only where the key reads as one: a tool named with a string, or a
        // boolean (OpenCode's verdict, `tools: { bash: true }`).
        : `Mars ignores ${quoted(name)} here: ${TOOLS_TABLE_HOLDS}${readsAsMapForm(extra.keyValue.value) ? ' (the `tool = "allow"` map form belongs to agent profiles).' : '.'}`,
      // Moving a key Mars ignores puts a rule in force: never safe (only `tools.mcp`'s move may be).
      // Removing one whose rule is already in force changes nothing: safe. Else it can be removed, as
      // the user wishes: offered last, never preferred nor safe (`ignoredKeyFixes`).
      () => {
        const { moves, removal } = ignoredKeyFixes(doc, policies, extra);
        return removal ? [...moves, removal] : moves;
      }, undefined, held));
    // Validated as a tool name, the key is checked as an entry is (`illegalChars`): what a move
    // would write into a list is said before it is moved. Its commas, where the move splits the key
    // at them, get that move, as an entry's commas get its split: one fix of both problems (the
    // code actions make it one action under both diagnostics), not two titles for one edit.
    out.push(...keyCharFindings(doc.text, extra.name, split ? () => extraKeyFixes(doc, policies, extra) : undefined));
  }
  return out;
}

/** The unowned lists (see `UnownedList`) grouped by the key part at fault, in order. */
export function unownedGroups(policies: Policies): UnownedList[][] {
  return [...groupedBy(policies.unowned, unownedAt).values()];
}

/** `items` grouped by `key`, the groups and each group's items in the order they come. */
function groupedBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/**
 * A rule's value as a message names it: as written, but for OpenCode's table of patterns over lines
 * (TOML 1.1, perhaps with a comment in it), whose line breaks and comments would show in the message
 * as `\u000A` and `# …`: its key/values then on one line (`{ "git *" = "allow", "*" = "ask" }`).
 */
function ruleValueShown(text: string, value: TomlValue): string {
  const written = text.slice(value.span.start, value.span.end);
  if (value.kind !== 'inline-table' || !/[\r\n]/.test(written)) return written;
  return `{ ${value.entries.map((kv) => text.slice(kv.span.start, kv.span.end)).join(', ')} }`;
}

/**
 * Why Mars reads no tool list in `group` (lists under one key part at fault, see `unownedGroups`),
 * names put through `quote`: the diagnostic's message, and hover's first paragraph.
 */
export function unownedSaid(text: string, group: readonly UnownedList[], quote: (name: string) => string): string {
  // A map-form rule named as written (`bash = "allow"`), as for a misplaced one.
  const slice = (span: Span) => text.slice(span.start, span.end);
  const lists = [...new Set(group.map((u) => quote(u.rule ? `${slice(u.key.span)}${u.pattern ? `.${slice(u.pattern.span)}` : ''} = ${ruleValueShown(text, u.keyValue.value!)}` : u.key.name)))];
  const table = group[0]!.table;
  return `Mars reads tool lists only in an agent's or a skill's \`tools\` table (${quote('[agents.<name>.tools]')})` +
    `${table ? `, not in a table ${quote(table.name)} at the root` : ''}, so ${fewOf(lists, inWords)} here ${lists.length === 1 ? 'applies' : 'apply'} to no agent or skill.`;
}

/**
 * The message of OpenCode's table of patterns below a tool (`what`: the key or table, quoted), as a
 * map-form key's: what to do with its rules first (`patternAdvice`), the rules left, why Mars ignores it last.
 */
function patternMessage(text: string, policies: Policies, t: PatternTable, what: string): string {
  const advice = patternAdvice(text, policies, t, (e) => shortened(shown(basicString(e))), quoted);
  const noEffect = `Mars ignores ${what} here, so ${t.rules.length === 1 ? 'this rule has' : 'these rules have'} no effect`;
  const todo = advice.held ? `${noEffect}; ${advice.says}.` : advice.conflict ? `${noEffect}. ${advice.says}.` : `${noEffect}. ${capitalized(advice.says)}.`;
  return `${todo}${advice.left ? ` ${advice.left}` : ''} ${WHY_IGNORED}`;
}

/**
 * The commas and control characters of a map-form key (as of an entry), each on the key's text it
 * comes from; the commas with `splitMove`, where the key's move splits it at them (never safe).
 */
function keyCharFindings(text: string, part: KeyPart, splitMove?: () => Fix[]): Finding[] {
  const problems = illegalChars(part.name);
  if (problems.length === 0) return [];
  const shown = keyContentSpan(text, part.span);
  const q = text[part.span.start];
  const closed = q !== '"' && q !== "'" || closingQuote(text, part.span.start + 1, q, part.span.end) >= 0;
  // Read as the string it is written as: a bare key as a literal one, of no quotes and no escapes.
  const str: TomlString | null = closed
    ? { kind: 'string', span: part.span, content: shown, value: part.name, style: q === '"' ? 'basic' : 'literal', terminated: true }
    : null;
  const placesOf = str ? charSpans(text, str) : () => [];
  return byChar(problems).map((g) => {
    const { at, related } = charPlaces(g, placesOf, shown);
    return finding('illegal-char', at, charProblemReason(g, 'key'), g.kind === 'comma' ? splitMove : undefined, related, false);
  });
}
