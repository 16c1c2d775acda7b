// What is wrong with a mars.toml, as plain data: a finding (code, default severity, span, message) and
// its fixes (text edits), and what is done to them before they are shown. No LSP types here; the server
// and the checker both render these. What makes them: entryFindings.ts, crossEntry.ts, policyFindings.ts.

import { shown } from '../grammar/text';
import type { Span } from '../toml/model';
import { INDEXED_DEPTH, type Writing } from '../toml/tables';
import { type Code, CODES, type Severity, type SeverityOverrides } from './codes';
import type { Edit } from './edits';

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
   * With `createsHeader`, the full paths of the keys of the section below the header it writes, which come to be
   * written there too (`[agent.x]` renamed `[agents.x]`: its `tools.allowed` is agents.x.tools.allowed): a key
   * another section defines, or a table a dotted one puts its value into that a header made
   * (`[agents.x.tools]` then `disallowed = […]`), is a clash, as the header's own path is.
   */
  readonly createsKeys?: readonly (readonly string[])[];
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
export class LazyFinding implements Finding {
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

/** `mayHaveSafeFix`: false when none of `fixes` will be safe (see `Finding.mayHaveSafeFix`). */
export function finding(code: Code, span: Span, message: string, fixes?: () => Fix[], related?: Finding['related'], mayHaveSafeFix = fixes !== undefined): Finding {
  // Related messages quote entries too: escaped as the message is (a U+202E would flip the Problems
  // panel's line). The list itself when nothing changes: findings may share one.
  const relatedShown = related?.map((r) => withText(r, 'message', readable(r.message)));
  const same = relatedShown?.every((r, i) => r === related![i]);
  return new LazyFinding(code, span, readable(message), fixes, same ? related : relatedShown, mayHaveSafeFix);
}

/** `x` with `text` for its `key`: itself when that is what it holds. */
export function withText<T extends object, K extends keyof T>(x: T, key: K, text: T[K]): T {
  return x[key] === text ? x : { ...x, [key]: text };
}

/**
 * A message or title as a reader is shown it. What it quotes from the document is escaped and
 * shortened where it is put in (`quoted`): the finished message cannot tell its quotes apart once an
 * entry holds a backtick. Escaping the whole again is cheap, changes nothing already escaped, and
 * keeps an invisible character that reached a message unquoted (a name in double quotes, a parser's
 * text) from breaking the line, or turning it right to left, in the Problems panel.
 */
export const readable = shown;

/** The same finding without the fixes that write a key `defined` elsewhere (see `Fix.creates`), filtered when asked for. */
export function withoutClashingFixes(f: Finding, defined: (path: readonly string[], writing: Writing) => boolean): Finding {
  if (f.fixless) return f;
  let kept: readonly Fix[] | undefined;
  return Object.create(f, {
    fixes: { get: () => (kept ??= f.fixes.filter((x) => !fixClashes(x, defined))), enumerable: true },
  }) as Finding;
}

/** Whether what `x` writes (its key or header, and a header's keys) clashes with what is `defined` elsewhere. */
export function fixClashes(x: Pick<Fix, 'creates' | 'createsHeader' | 'createsKeys'>, defined: (path: readonly string[], writing: Writing) => boolean): boolean {
  return x.creates !== undefined && (defined(x.creates, x.createsHeader ? 'header' : 'key') ||
    (x.createsKeys ?? []).some((key) => keyClashes(key, x.creates!.length, defined)));
}

/**
 * Whether a key written at `path` below a header of its first `from` names clashes with what is `defined` elsewhere: the
 * key, or a table a dotted key puts its value into on its way. Past the paths indexed, the longest indexed start stands
 * for the key: anything defined below it is taken for a clash.
 */
function keyClashes(path: readonly string[], from: number, defined: (path: readonly string[], writing: Writing) => boolean): boolean {
  const depth = Math.min(path.length, INDEXED_DEPTH);
  for (let n = from + 1; n < depth; n++) if (defined(path.slice(0, n), 'dotted')) return true;
  return defined(path.slice(0, depth), 'key');
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

/** `f` with the fixes `more` makes, when asked, before its own: those of the whole document (see `Outside.beyond`). */
export function withMoreFixes(f: Finding, more: () => readonly Fix[]): Finding {
  let made: readonly Fix[] | undefined;
  return Object.create(f, {
    fixless: { value: false, enumerable: true },
    fixes: { get: () => (made ??= [...more(), ...f.fixes]), enumerable: true },
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

/** Fixes as a finding gives them (`LazyFinding.fixes`): their titles as a reader is shown them. */
export const withReadableTitles = (fixes: Fix[]): Fix[] => fixes.map((f) => withText(f, 'title', readable(f.title)));

/**
 * The codes whose fixes may write a list anew (`Fix.creates`): the moves of extra keys below, and a
 * comma in a map-form key's name (`"Read, Grep" = "allow"`), whose fix is the key's move, split at it.
 */
export const MAY_CREATE: ReadonlySet<Code> = new Set(['invalid-tool-policy', 'unknown-policy-key', 'misplaced-tool-list', 'illegal-char']);
