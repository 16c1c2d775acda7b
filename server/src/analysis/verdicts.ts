// What one entry string means to Mars and what is wrong with it, as a pure function of the string
// (memoized: a big file repeats the same few spellings), and the fix each problem calls for.

import { asciiParentheses, byChar, canonicalSpelling, type CharProblemGroup, charProblemReason, claudeOldTaskMeant, claudeOldTaskSaid, harnessSaid, illegalChars, isClaudeOldTask, lookalikeSaid, mcpWireRewrite, meantEntry, readsAs, respelling, rewriteLegacyPrefix, writtenWithLegacyPrefix } from '../grammar/checks';
import { ownCopy, quoted, rustTrim, trimmedAway } from '../grammar/text';
import { errorMessage, isMcpWireToken, namesBetweenCommas, type ParseResult, parseToolName, render, splitToolName, type ToolName } from '../grammar/toolName';
import type { Code } from './codes';
import { readable, withText } from './findings';
import type { ListEntry, Policies } from './policies';
import type { TomlArray } from '../toml/model';

/** An entry and how Mars reads it. */
export interface ParsedEntry {
  readonly entry: ListEntry;
  readonly raw: string;
  readonly parse: ParseResult;
  readonly verdict: EntryVerdict;
}

/** What one entry string means and what is wrong with it: a pure function of the string. */
export interface EntryVerdict {
  readonly parse: ParseResult;
  readonly issues: readonly EntryIssue[];
  /** What the entry means to Mars, for duplicate and conflict checks: its canonical rendering (null when invalid). */
  readonly meaning: string | null;
  /** The entry as Mars writes it (`mcp(gh)`, not its meaning `mcp(gh/*)`), what messages name; as written when invalid. */
  readonly written: string;
  /** What fix-all writes for it where that means something else (see `fixedValue`); null where nothing. */
  readonly fixedTo: string | null;
}

export interface Replacement {
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

/**
 * Each list's first entry of each meaning (entries that mean nothing left out), the lists in the
 * order first met: what duplicates are told by, and what a fix that writes another value asks of
 * its list and the policy's other list (`holding` in entryFindings.ts), made once for both.
 */
export function firstOfEachMeaning(parsed: readonly ParsedEntry[], fixable?: Set<TomlArray>): Map<TomlArray, Map<string, ParsedEntry>> {
  const out = new Map<TomlArray, Map<string, ParsedEntry>>();
  // A list's entries come together: its map is looked up again only when the list changes.
  let lastArray: TomlArray | null = null;
  let seen: Map<string, ParsedEntry> | undefined;
  for (const p of parsed) {
    // `fixable`: the lists that hold an entry fix-all makes mean something else (`fixedTo`).
    if (fixable && p.verdict.fixedTo !== null) fixable.add(p.entry.array);
    const m = p.verdict.meaning;
    if (m === null) continue;
    const array = p.entry.array;
    if (array !== lastArray || !seen) {
      lastArray = array;
      seen = out.get(array);
      if (!seen) out.set(array, (seen = new Map()));
    }
    if (!seen.has(m)) seen.set(m, p);
  }
  return out;
}

/**
 * The value fix-all writes for an entry where that means something else than the entry as written
 * (a repair, `bash()` -> `bash`; a wire token's portable spelling, `mcp__gh__x` -> `mcp(gh/x)`): its
 * first issue's safe value (fix-all writes one value an entry); null where none, or a respelling.
 * What a conflict check asks of the other list, as it will be once fixed (`otherHolding` in
 * entryFindings.ts, `heldByOtherList` in listsHold.ts).
 */
function fixedValue(issues: readonly EntryIssue[], meaning: string | null): string | null {
  for (const i of issues) {
    const r = i.replacement;
    if (!r?.safe || r.remove) continue;
    const parsed = parseToolName(r.value);
    const m = parsed.ok ? render(parsed.name) : null;
    return m !== null && m !== meaning ? r.value : null;
  }
  return null;
}

/** The value fix-all writes for an entry, where it means something else (`fixedValue`), of a string alone: what a message says an entry is fixed to. */
export function fixedValueOf(raw: string): string | null {
  return ownMemo.verdict(raw).fixedTo;
}
const ownMemo = new VerdictMemo();

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
    // An MCP reference whose tool is left out after its `/` (`mcp(github/)`): the server's, every tool of it, as most
    // likely meant; offered, preferred, not in fix-all (a tool may have been about to be named).
    const server = fix === null ? /^mcp\([ \t]*([^/()\s*][^/()]*?)[ \t]*\/[ \t]*\)$/i.exec(rustTrim(raw))?.[1] : undefined;
    const serverRef = server !== undefined && parseToolName(`mcp(${server})`).ok ? `mcp(${server})` : null;
    const replacement: Replacement | null = fix ? { value: fix, preferred: safe, safe }
      : serverRef ? { value: serverRef, preferred: true, safe: false }
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
      // Names between commas (`mcp__gh__a, mcp__gh__b`, Claude's `--allowedTools` pasted): no one reference is meant, so
      // the message says to split the entry first (`illegal-char`'s fix), each name then rewritten; the whole's rewrite
      // keeps Mars's reading, offered as for any respelling of such names (neither preferred nor in fix-all).
      const split = (namesBetweenCommas(trimmed)?.length ?? 0) > 1;
      const portable = mcpWireRewrite(raw);
      const write = portable && (split ? 'Claude-only MCP wire spelling, in an entry of names between commas: split it into one entry each, then write each as `mcp(server/tool)` so every harness applies it.'
        : `Claude-only MCP wire spelling; write ${quoted(portable)} so every harness applies it.`);
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
  const meaning = parse.ok ? render(parse.name) : null;
  return {
    parse, issues: issues.map((i) => withText(i.replacement?.held === undefined ? i : { ...i, replacement: { ...i.replacement, held: readable(i.replacement.held) } }, 'message', readable(i.message))),
    meaning, written: parse.ok ? canonicalSpelling(raw, parse.name) : raw, fixedTo: fixedValue(issues, meaning),
  };
}

/** What a message says where the list already holds what the fix would write (see `Replacement.held`). */
const HELD = 'which this list already holds, so this entry can go.';

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
  // A parenthesis typed fullwidth (`bash(git log）`) was meant as the ASCII one: closing the pattern after it would keep it in.
  const parenthesized = asciiParentheses(raw);
  if (parenthesized !== null && parseToolName(parenthesized).ok) return parenthesized;
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
