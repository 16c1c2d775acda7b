// Checks Mars itself does not make, over the same parse: what the Claude CLI would choke on, the
// Claude-only MCP wire spelling, spellings Mars rewrites, and "did you mean" for unknown names.

import { CAPABILITIES, CLAUDE_OLD_TASK, HARNESS_NAMES, OPENCODE_TASK, capabilityNamed, type HarnessName } from './vocabulary';
import { asciiLower, eqIgnoreAsciiCase, isRustWhitespace, quoted, rustTrim, rustTrimEnd, rustTrimStart, uPlus } from './text';
import { isMcpWireToken, parseToolName, pascalToSnake, render, splitToolName, type ToolName } from './toolName';

export interface CharProblem {
  /** Offset in the raw entry. */
  readonly offset: number;
  /** How many of the same character stand there in a row: one problem (a million commas are not a million findings). */
  readonly length: number;
  readonly kind: 'comma' | 'control';
  readonly char: string;
}

const CLAUDE_LISTS = "Claude's tool lists (`--allowed-tools`, `--disallowed-tools`)";

/**
 * One character's problem in an entry: every run of it there, counted. One finding, on its first run
 * (`runs[0]`), the others its related places: two identical lines for one entry (`bash(a, b, c)`) in
 * the Problems panel said one problem twice, as eslint or rust-analyzer would not.
 */
export interface CharProblemGroup {
  readonly kind: CharProblem['kind'];
  readonly char: string;
  /** How many of the character the entry holds, over all its runs. */
  readonly count: number;
  readonly runs: readonly CharProblem[];
}

/** `problems` by character, in the order each first occurs. */
export function byChar(problems: readonly CharProblem[]): CharProblemGroup[] {
  const groups = new Map<string, { kind: CharProblem['kind']; char: string; count: number; runs: CharProblem[] }>();
  for (const p of problems) {
    const g = groups.get(p.char);
    if (g) {
      g.count += p.length;
      g.runs.push(p);
    } else groups.set(p.char, { kind: p.kind, char: p.char, count: p.length, runs: [p] });
  }
  return [...groups.values()];
}

/**
 * Why such a character matters: a diagnostic's message, of an entry or of a map-form key
 * (`"bash(a,b)" = "deny"`), which names a tool as an entry does and would be moved into a list as one.
 * All of the character the entry holds are counted in it: one finding for them (see `CharProblemGroup`).
 */
export function charProblemReason(g: Pick<CharProblemGroup, 'kind' | 'char' | 'count'>, of: 'entry' | 'key' | 'pattern' = 'entry'): string {
  if (g.kind === 'comma') {
    // An entry of either list: Claude takes both as comma-separated lists (seeds/000). A pattern's
    // (`bash = { "a,b" = "allow" }`) is said of the entry its move writes (`bash(a,b)`).
    const read = of === 'entry' ? 'this entry' : of === 'key' ? 'this tool name' : 'the entry this pattern is moved as';
    return `${g.count === 1 ? 'A comma splits' : `${g.count} commas split`} ${CLAUDE_LISTS}, so Claude would read ${read} in pieces; use one ${of === 'key' ? 'name' : 'entry'} per tool.`;
  }
  return `This ${of === 'entry' ? 'entry' : of === 'key' ? 'tool name' : 'pattern'} contains ${describeChar(g.char)}${g.count === 1 ? '' : ` (${g.count} times)`}, which can break the shell command a harness is started with.`;
}

/** What a finding's related place says of a run of its character after the first: `another comma`, `2 more commas`. */
export function charRunNote(run: Pick<CharProblem, 'kind' | 'char' | 'length'>): string {
  if (run.kind === 'comma') return run.length === 1 ? 'another comma' : `${run.length} more commas`;
  return `${describeChar(run.char)} ${run.length === 1 ? 'again' : `${run.length} more times`}`;
}

/**
 * What hover says of an entry's characters, in one sentence beside the diagnostics' (which VS Code
 * shows above it): how many commas, and the first control character and how often it occurs.
 */
export function charProblemsNote(problems: readonly CharProblem[]): string | null {
  const count = (char: string) => problems.reduce((n, p) => n + (p.char === char ? p.length : 0), 0);
  const commas = count(',');
  const control = problems.find((p) => p.kind === 'control');
  const parts = [
    ...(commas === 0 ? [] : [`${commas === 1 ? 'a comma, which splits' : `${commas} commas, which split`} ${CLAUDE_LISTS}`]),
    ...(control ? [`${describeChar(control.char)}${count(control.char) === 1 ? '' : ` (${count(control.char)} times)`}, which can break a shell`] : []),
  ];
  return parts.length === 0 ? null : `Holds ${parts.join(', and ')}.`;
}

/**
 * Commas (they split the Claude CLI's `--allowed-tools` and `--disallowed-tools` lists) and control characters (they can
 * break a shell), after trimming as the CLI wrapper does (seeds/000); a run of one character is one problem. Not a
 * control character Mars drops itself, white space it trims inside the entry (`bash(\tx)`, `mcp(gh\t/x)`, which it
 * passes on as `bash(x)`, `mcp(gh/x)`): that never reaches a harness's shell.
 */
export function illegalChars(raw: string): CharProblem[] {
  const found = charRuns(raw);
  if (!found.some((p) => p.kind === 'control')) return found;
  const parse = parseToolName(raw);
  if (!parse.ok) return found;
  // Mars trims inside an entry only beside its `(`, its last `)` and, in an MCP reference, its `/`:
  // the white space on each side of those goes whole or stays whole. One parse per side, so an
  // entry of a million tabs costs a few parses, not one a tab.
  const passed = render(parse.name);
  const paren = raw.indexOf('(');
  const edges = paren < 0 ? [] : [paren, raw.lastIndexOf(')'), raw.indexOf('/', paren)].filter((i) => i >= 0);
  const dropped: Array<readonly [number, number]> = [];
  const dropsWhole = (start: number, end: number) => {
    if (start >= end) return;
    const without = parseToolName(raw.slice(0, start) + raw.slice(end));
    if (without.ok && render(without.name) === passed) dropped.push([start, end]);
  };
  for (const e of new Set(edges)) {
    let before = e;
    while (before > 0 && isRustWhitespace(raw.charCodeAt(before - 1))) before--;
    dropsWhole(before, e);
    let after = e + 1;
    while (after < raw.length && isRustWhitespace(raw.charCodeAt(after))) after++;
    dropsWhole(e + 1, after);
  }
  return found.filter((p) => p.kind !== 'control' || !dropped.some(([start, end]) => start <= p.offset && p.offset + p.length <= end));
}

function charRuns(raw: string): CharProblem[] {
  const out: CharProblem[] = [];
  const start = rustTrimStart(raw);
  const end = start + rustTrim(raw).length;
  for (let i = start; i < end; i++) {
    const c = raw.charCodeAt(i);
    // Unicode's control characters (Cc): C0, DEL and C1 (U+0080-U+009F; U+009B is a terminal's CSI).
    const kind = c === 0x2c ? 'comma' : c < 0x20 || (c >= 0x7f && c <= 0x9f) ? 'control' : null;
    if (kind === null) continue;
    let length = 1;
    while (i + length < end && raw.charCodeAt(i + length) === c) length++;
    out.push({ offset: i, length, kind, char: raw[i]! });
    i += length - 1;
  }
  return out;
}

/** A character Mars flags in an entry, named for messages: `a comma`, `control character U+0009`. */
function describeChar(char: string): string {
  return char === ',' ? 'a comma' : `control character ${uPlus(char.charCodeAt(0))}`;
}

/**
 * The portable `mcp(server/tool)` spelling of a Claude wire token, or null when there is none
 * (a pattern, an empty server or tool, a segment Mars would read differently). The first `__` after
 * `mcp__` separates server from tool; `mcp__server` and `mcp__server__*` mean `mcp(server)`;
 * `mcp__*` means every tool of every server.
 */
export function mcpWireRewrite(raw: string): string | null {
  const trimmed = rustTrim(raw);
  if (!isMcpWireToken(trimmed) || trimmed.includes('(')) return null;
  const rest = trimmed.slice(5);
  let server: string;
  let tool: string;
  if (rest === '*') [server, tool] = ['*', '*'];
  else {
    const sep = rest.indexOf('__');
    server = sep < 0 ? rest : rest.slice(0, sep);
    // `mcp__x__` names a tool with an empty name, which matches none: not every tool of `x`.
    tool = sep < 0 ? '*' : rest.slice(sep + 2);
  }
  const portable = tool === '*' && server !== '*' ? `mcp(${server})` : `mcp(${server}/${tool})`;
  // Only offer what Mars reads back as exactly this server and tool.
  const back = parseToolName(portable);
  return back.ok && back.name.kind === 'mcp' && back.name.mcp.server === server && back.name.mcp.tool === tool
    ? portable
    : null;
}

export type Respelling =
  | { readonly kind: 'alias'; readonly written: string; readonly canonical: string }
  | { readonly kind: 'casing'; readonly written: string; readonly canonical: string }
  | { readonly kind: 'spacing' };

/**
 * How an accepted entry's spelling differs from the one Mars writes, leaving aside the legacy
 * bash `:*` (see `writtenWithLegacyPrefix`), or null when it does not. Surrounding or inner white
 * space counts as a respelling. An unknown name too is one when Mars passes it on in another
 * spelling that it reads back the same (`CustomTool` as `custom_tool`; not `ExecCommand`, passed on
 * as `exec_command`, an alias of `bash`); a wire token passes verbatim (`mcpWireRewrite` is its fix).
 */
export function respelling(raw: string, name: ToolName): Respelling | null {
  const trimmed = rustTrim(raw);
  const head = rustTrim(splitToolName(trimmed)[0]);
  if (name.kind === 'unknown') {
    if (isMcpWireToken(trimmed)) return null;
    const read = canonicalSpelling(raw, name);
    if (read === raw) return null;
    return head !== name.capability && readsAs(render(name), name) ? { kind: 'casing', written: head, canonical: name.capability } : { kind: 'spacing' };
  }
  if (name.kind === 'builtin' && head !== name.capability) {
    const sameWord = asciiLower(head) === name.capability || pascalToSnake(head) === name.capability;
    return { kind: sameWord ? 'casing' : 'alias', written: head, canonical: name.capability };
  }
  if (name.kind === 'mcp' && head !== 'mcp') return { kind: 'casing', written: head, canonical: 'mcp' };
  return raw === canonicalSpelling(raw, name, false) ? null : { kind: 'spacing' };
}

/**
 * The spelling Mars writes for `raw`, keeping what the user wrote where Mars means the same:
 * `mcp(server)` stays short, and with `normalizeLegacy` false a bash `X:*` pattern stays as written.
 * Always a spelling Mars reads back as `name`: hover, messages and fixes offer it in place of `raw`.
 */
export function canonicalSpelling(raw: string, name: ToolName, normalizeLegacy = true): string {
  const spelled = spelling(raw, name, normalizeLegacy);
  if (readsAs(spelled, name)) return spelled;
  // Mars writes a few names in a spelling it would read as another: `bash(:*)` has the pattern ` *`,
  // and `bash( *)` reads as `*` (the inside is trimmed); the unknown `ExecCommand` passes on as
  // `exec_command`, an alias of `bash`. Then the pattern keeps its `:*`, or the entry stays as written.
  const kept = normalizeLegacy ? spelling(raw, name, false) : spelled;
  return kept !== spelled && readsAs(kept, name) ? kept : rustTrim(raw);
}

function spelling(raw: string, name: ToolName, normalizeLegacy: boolean): string {
  if (name.kind === 'mcp') {
    const inner = rustTrim(splitToolName(rustTrim(raw))[1]);
    const shortForm = name.mcp.tool === '*' && !inner.includes('/');
    return shortForm ? `mcp(${name.mcp.server})` : render(name);
  }
  if (!normalizeLegacy && name.kind === 'builtin' && name.pattern !== null) {
    const inner = rustTrim(rustTrim(splitToolName(rustTrim(raw))[1]).slice(1, -1));
    return `${name.capability}(${inner})`;
  }
  return render(name);
}

/** Whether Mars reads `value` as it reads `name`. */
export function readsAs(value: string, name: ToolName): boolean {
  const again = parseToolName(value);
  return again.ok && render(again.name) === render(name);
}

/** Whether a bash entry was written with Claude's legacy `X:*` prefix form. */
export function writtenWithLegacyPrefix(raw: string, name: ToolName): boolean {
  if (name.kind !== 'builtin' || name.capability !== 'bash' || name.pattern === null) return false;
  const inner = rustTrim(rustTrim(splitToolName(rustTrim(raw))[1]).slice(1, -1));
  return inner.endsWith(':*');
}

/**
 * `raw` with only its legacy `:*` suffix rewritten to ` *`, the rest as written. The suffix is
 * found as Mars finds it, before white space in Rust's sense (U+0085 is, U+FEFF is not).
 */
export function rewriteLegacyPrefix(raw: string): string {
  const close = raw.lastIndexOf(')');
  const inside = raw.slice(0, close);
  const end = rustTrimEnd(inside);
  if (!inside.slice(0, end).endsWith(':*')) return raw;
  return `${inside.slice(0, end - 2)} *${inside.slice(end)}${raw.slice(close)}`;
}

// Separators, and control and format characters (a stray one typed into `ls`, or an invisible
// zero-width space, makes it no nearer `lsp`).
const squash = (s: string) => asciiLower(s).replace(/[-_\s.\p{Cc}\p{Cf}]/gu, '');

const SUGGESTION_KEYS: ReadonlyArray<readonly [key: string, canonical: string, chars: number]> = CAPABILITIES.flatMap((c) =>
  [c.name, ...c.aliases].map((n) => [squash(n), c.name, charSet(squash(n))] as const),
);

/** Each name and alias, squashed, to its capability: the same letters ignoring case and separators. */
const EXACT: ReadonlyMap<string, string> = new Map(SUGGESTION_KEYS.map(([key, canonical]) => [key, canonical]));

/**
 * Words of aliases that say nothing of their capability alone: `get` is no more `task_get` than a
 * web fetch, and `list` (OpenCode's folder listing) no more `task_list`.
 */
const GENERIC_WORDS: ReadonlySet<string> = new Set(['get', 'create', 'list', 'update', 'tool', 'request', 'switch']);

/**
 * A word of a name or alias (`patch` of `apply_patch`, `ask` of `ask_user`), of three letters or
 * more, to the one capability whose names hold it; null when several do (`user`, `file`).
 */
const WORDS: ReadonlyMap<string, string | null> = (() => {
  const words = new Map<string, string | null>();
  for (const c of CAPABILITIES) {
    for (const n of [c.name, ...c.aliases]) {
      for (const w of n.split('_')) {
        if (w.length < 3 || GENERIC_WORDS.has(w)) continue;
        words.set(w, words.has(w) && words.get(w) !== c.name ? null : c.name);
      }
    }
  }
  return words;
})();

/**
 * The canonical capability an unknown name most likely means: the same letters ignoring case and
 * separators (`ask-user`, `ExecCommand`), else the capability one of whose names holds it as a word
 * (`patch`: `apply_patch`, so `write`), else the nearest name or alias (one edit for up to six
 * letters, two from seven), when only one capability is that near. A name or alias of three letters
 * or fewer is only near when two of its letters are swapped (`wbe`), and a name of two letters
 * (`rm`, `ps`) near nothing: at one edit every short word is near one. A name in look-alikes of
 * ASCII (`ＢＡＳＨ`) is read as the letters they look like.
 */
export function suggestCapability(head: string): string | null {
  const asWritten = suggestAscii(head);
  if (asWritten !== null || !lookalikeChar(head)) return asWritten;
  return suggestAscii(asciiLookalike(head));
}

/** Each of `HARNESS_NAMES` by the name Mars reads it as (`MultiEdit`: `multi_edit`), as an unknown name's `capability` holds it. */
const HARNESS_KEYS: ReadonlyMap<string, HarnessName> = new Map(HARNESS_NAMES.map((row) => {
  const r = parseToolName(row.name);
  return [r.ok && r.name.kind === 'unknown' ? r.name.capability : row.name, row] as const;
}));

/**
 * The row of `HARNESS_NAMES` an unknown name is, as Mars reads it (`MultiEdit`, `multiEdit`,
 * `read_file(src/**)`), whose capability it names. Null for any other name.
 */
export function harnessName(name: ToolName): HarnessName | null {
  return name.kind === 'unknown' ? HARNESS_KEYS.get(name.capability) ?? null : null;
}

/**
 * The capability a name Mars does not know was likely meant as, for every "did you mean" (`head`:
 * its name before any pattern, as written): another harness's name for one (`harnessName`), with its
 * row to say so, before the nearest spelling (`suggestCapability`). Null where none is near.
 */
export function meantCapability(name: ToolName, head: string): { readonly capability: string; readonly harness: HarnessName | null } | null {
  const harness = harnessName(name);
  if (harness) return { capability: harness.capability, harness };
  const capability = suggestCapability(head);
  return capability === null ? null : { capability, harness: null };
}

/**
 * The entry an unknown name was likely meant as, as Mars writes it, its pattern kept
 * (`Bassh(git log:*)`: `bash(git log *)`), with what the did-you-mean names (`said`: a scoped entry
 * written without its parentheses, `skill:init` -> `skill(init)`, before `meantCapability`'s) and the
 * harness row it comes from; null where nothing is near. An entry's unknown-tool and a map-form key
 * (`MultiEdit = "deny"`) both offer it, so the two say and write the same.
 */
export function meantEntry(raw: string, name: Extract<ToolName, { kind: 'builtin' | 'unknown' }>): { readonly said: string; readonly entry: string; readonly harness: HarnessName | null } | null {
  // Parentheses typed fullwidth (`Read（src/**）`): the entry they make in ASCII, where Mars knows it.
  const parenthesized = asciiParentheses(raw);
  const folded = parenthesized === null ? null : parseToolName(parenthesized);
  if (folded?.ok && folded.name.kind !== 'unknown') {
    const entry = canonicalSpelling(parenthesized!, folded.name);
    return { said: entry, entry, harness: null };
  }
  const head = rustTrim(splitToolName(rustTrim(raw))[0]);
  // A scoped entry without its parentheses (`skill:init`) before the nearest name, as more precise.
  const scoped = name.pattern === null ? suggestScoped(head) : null;
  const nearest = scoped === null ? meantCapability(name, head) : null;
  const said = scoped ?? nearest?.capability;
  if (said === undefined) return null;
  // Written as Mars would write it, so the fixed entry is clean (`Bassh(git log:*)` -> `bash(git log *)`).
  return { said, entry: writtenWith(said, name.pattern), harness: nearest?.harness ?? null };
}

/** Parentheses that only look like ASCII ones, typed with an East Asian keyboard layout: `（` and `）`, the small `﹙` and `﹚`. */
const PARENTHESES = /[\uff08\uff09\ufe59\ufe5a]/g;

/** `raw` with its parentheses that only look like ASCII ones (`PARENTHESES`) written so; null where it has none. */
export function asciiParentheses(raw: string): string | null {
  const ascii = raw.replace(PARENTHESES, (c) => (c === '\uff08' || c === '\ufe59' ? '(' : ')'));
  return ascii === raw ? null : ascii;
}

/** Where a harness's name comes from, after what it suggests: `` (Claude's `MultiEdit`)``, quoted by `quote`; nothing for no row. */
export function harnessSaid(row: HarnessName | null, quote: (text: string) => string = quoted): string {
  return row ? ` (${row.harness}'s ${quote(row.name)})` : '';
}

/**
 * Whether `raw` is Claude's old `Task` (as Claude writes it, a pattern or none), which launched
 * sub-agents: Mars reads it as `task`, the task list (see `CLAUDE_OLD_TASK`).
 */
export function isClaudeOldTask(raw: string, name: ToolName): boolean {
  return name.kind === 'builtin' && name.capability === 'task' && rustTrim(splitToolName(rustTrim(raw))[0]) === CLAUDE_OLD_TASK.name;
}

/** What Claude's old `Task` meant, as Mars writes it, its pattern kept (`Task(reviewer)`: `agent(reviewer)`). */
export function claudeOldTaskMeant(name: ToolName): string {
  return writtenWith(CLAUDE_OLD_TASK.capability, name.kind === 'builtin' ? name.pattern : null);
}

/** `capability` with `pattern` (or none), as Mars writes the entry (`bash` and `git log:*`: `bash(git log *)`), or as put together where Mars rejects it. */
function writtenWith(capability: string, pattern: string | null): string {
  const candidate = pattern === null ? capability : `${capability}(${pattern})`;
  const parsed = parseToolName(candidate);
  return parsed.ok ? canonicalSpelling(candidate, parsed.name) : candidate;
}

/**
 * The harness whose sub-agents a map-form rule's key names, where Mars reads it as `task`, the task list: Claude's old
 * `Task` as Claude writes it, else OpenCode's `task` in any casing (`task = "deny"`: `OPENCODE_TASK`). Null for any other key.
 */
export function subAgentsKey(raw: string, name: ToolName): HarnessName | null {
  if (name.kind !== 'builtin' || name.capability !== 'task' || name.pattern !== null) return null;
  if (isClaudeOldTask(raw, name)) return CLAUDE_OLD_TASK;
  // `task` itself, not an alias of the task list (`todowrite`, `TodoWrite`, `update_plan`: each harness's to-do tool).
  return eqIgnoreAsciiCase(rustTrim(raw), OPENCODE_TASK.name) ? OPENCODE_TASK : null;
}

/** What is said of a map-form rule's `task` key (`subAgentsKey`'s row), in a message or hover. */
export function subAgentsKeySaid(row: HarnessName, quote: (text: string) => string = quoted): string {
  return row === CLAUDE_OLD_TASK ? claudeOldTaskSaid(quote)
    : `${row.harness}'s ${quote(row.name)} launches sub-agents, which Mars calls ${quote(row.capability)}; Mars reads ${quote('task')} as the task list.`;
}

/** What is said of Claude's old `Task`, in a message or hover (`quote`: a message's `quoted`, hover's `code`). */
export function claudeOldTaskSaid(quote: (text: string) => string = quoted): string {
  return `${CLAUDE_OLD_TASK.harness}'s old ${quote(CLAUDE_OLD_TASK.name)} launched sub-agents, which Mars calls ${quote(CLAUDE_OLD_TASK.capability)}.`;
}

/**
 * A scoped entry written without its parentheses (`skill:init`, `Bash: npm test`, `read ./src/**`,
 * `mcp/github/get_issue`): the entry it most likely means, as Mars writes it (`skill(init)`,
 * `bash(npm test)`, `read(./src/**)`, `mcp(github/get_issue)`). Only where the word before the first
 * `:`, `/` or blank names a capability that takes a pattern (or is `mcp`), and the entry so written
 * is one Mars takes; else null (`task list` means the task list, not a pattern of it). A `/` that
 * begins a path or command is kept (`read /etc/passwd` -> `read(/etc/passwd)`), and a bare host
 * gets the `domain:` web_fetch scopes hosts by (`web_fetch:docs.rs` -> `web_fetch(domain:docs.rs)`).
 */
export function suggestScoped(head: string): string | null {
  // The separator: a `:` (blanks around it or not), blanks, or a `/` right after the name. A `/`
  // after blanks begins the pattern (`bash /usr/bin/ls`), and one after a path's name begins the
  // path (`read/etc`): dropped, an absolute path would become one relative to the project.
  // A name in look-alikes of ASCII (`rеad x`, a Cyrillic `е`) is read as the letters it looks like;
  // the pattern is kept as written (a path may hold such letters).
  const looks = lookalikeChar(head) === undefined ? undefined : /^[^ \t:/]+/.exec(head)?.[0];
  const m = /^([A-Za-z][A-Za-z0-9_-]*)(?:[ \t]*:[ \t]*|[ \t]+|(\/))([^ \t].*)$/s.exec(looks === undefined ? head : asciiLookalike(looks) + head.slice(looks.length));
  if (!m) return null;
  const [, word, slash, rest] = m as unknown as [string, string, string | undefined, string];
  let pattern = rest;
  let parsed = parseToolName(`${word}(${pattern})`);
  const shape = parsed.ok && parsed.name.kind === 'builtin' ? capabilityNamed(parsed.name.capability)?.pattern : undefined;
  // What the pattern names says how it is written: a path keeps its `/`, and a bare host the
  // prefix that makes it one (`web_fetch(docs.rs)` would be a URL glob, which no URL matches).
  if (slash && shape?.kind === 'path') pattern = slash + rest;
  else if (shape?.kind === 'host' && shape.prefix !== undefined && BARE_HOST.test(rest)) pattern = shape.prefix + rest;
  if (pattern !== rest) parsed = parseToolName(`${word}(${pattern})`); // the same capability, its pattern written so
  if (!parsed.ok) return null;
  return parsed.name.kind === 'mcp' || shape !== undefined ? canonicalSpelling(`${word}(${pattern})`, parsed.name) : null;
}

/**
 * A host name, or a glob of one by its first label (`docs.rs`, `*.docs.rs`): no scheme, port or
 * path, which a URL glob has.
 */
const BARE_HOST = /^(?:\*\.)?[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*$/u;

/**
 * Cyrillic and Greek letters drawn as ASCII ones (Unicode's intentional confusables), which NFKC
 * keeps as they are: typed with a Cyrillic or Greek keyboard layout left on (`rеаd`), or pasted.
 */
const SCRIPT_LOOKALIKES: ReadonlyMap<string, string> = new Map([
  ['\u0430', 'a'], ['\u0441', 'c'], ['\u0501', 'd'], ['\u0435', 'e'], ['\u04bb', 'h'], ['\u0456', 'i'], ['\u0458', 'j'], ['\u04cf', 'l'],
  ['\u043e', 'o'], ['\u0440', 'p'], ['\u051b', 'q'], ['\u0455', 's'], ['\u051d', 'w'], ['\u0445', 'x'], ['\u0443', 'y'],
  ['\u0410', 'A'], ['\u0412', 'B'], ['\u0421', 'C'], ['\u0415', 'E'], ['\u041d', 'H'], ['\u0406', 'I'], ['\u0408', 'J'], ['\u041a', 'K'],
  ['\u041c', 'M'], ['\u041e', 'O'], ['\u0420', 'P'], ['\u051a', 'Q'], ['\u0405', 'S'], ['\u0422', 'T'], ['\u051c', 'W'], ['\u0425', 'X'],
  ['\u04ae', 'Y'], ['\u03bf', 'o'], ['\u03f2', 'c'], ['\u03f3', 'j'], ['\u0391', 'A'], ['\u0392', 'B'], ['\u03f9', 'C'], ['\u0395', 'E'],
  ['\u0397', 'H'], ['\u0399', 'I'], ['\u039a', 'K'], ['\u039c', 'M'], ['\u039d', 'N'], ['\u039f', 'O'], ['\u03a1', 'P'], ['\u03a4', 'T'],
  ['\u03a5', 'Y'], ['\u03a7', 'X'], ['\u0396', 'Z'],
]);

/** `text` as the ASCII it looks like: NFKC (`Ｂ`, a Kelvin sign for `K`), then the letters above; the rest as it is. */
export function asciiLookalike(text: string): string {
  return text.normalize('NFKC').replace(/[^\x00-\x7f]/g, (c) => SCRIPT_LOOKALIKES.get(c) ?? c);
}

/**
 * The first character of `head` that only looks like ASCII (`Ｂ` of `ＢＡＳＨ`, a Kelvin sign for
 * `K`, a Cyrillic `а`), when all of it reads as ASCII so (`asciiLookalike`); Mars folds ASCII
 * letters only, so such a name is unknown to it however much it looks like a capability's.
 * Undefined for any other name.
 */
export function lookalikeChar(head: string): string | undefined {
  if (!/[^\x00-\x7f]/.test(head)) return undefined;
  // Blanks too: they part a name from a pattern written without parentheses (`rеad x`).
  return /^[\t\x20-\x7e]+$/.test(asciiLookalike(head)) ? [...head].find((c) => c.charCodeAt(0) > 0x7e) : undefined;
}

/**
 * What a message says, after the sentence that quotes `word`, of a word in look-alikes of ASCII
 * (`lookalikeChar`): ` It holds U+0430, which looks like `a` but is not an ASCII character.`, else
 * nothing. Quoted alone, such a word reads as the one a "did you mean" then offers.
 */
export function lookalikeSaid(word: string): string {
  const c = lookalikeChar(word);
  return c === undefined ? '' : ` It holds ${uPlus(c.codePointAt(0)!)}, which looks like ${quoted(asciiLookalike(c))} but is not an ASCII character.`;
}

function suggestAscii(head: string): string | null {
  if (isMcpWireToken(head) || eqIgnoreAsciiCase(head, 'mcp')) return null;
  const key = squash(head);
  if (key === '') return null;
  const exact = EXACT.get(key);
  if (exact) return exact;
  const word = WORDS.get(key);
  if (word !== undefined) return word;
  if (key.length <= 2) return null;
  let best: string | null = null;
  let tied = false;
  let bestDistance = key.length <= 6 ? 1 : 2;
  // Every name of an unknown-heavy file comes here: most candidates are turned away by length, or
  // by the key's kinds of characters the candidate lacks (each needs an edit), before any table.
  const keyChars = charSet(key);
  for (const [candidate, canonical, chars] of SUGGESTION_KEYS) {
    if (Math.abs(candidate.length - key.length) > bestDistance || bitCount(keyChars & ~chars) > bestDistance) continue;
    if (candidate.length <= 3 && !swapsTwo(key, candidate)) continue;
    const d = editDistance(key, candidate, bestDistance);
    if (d < bestDistance || (d === bestDistance && best === null)) [best, bestDistance, tied] = [canonical, d, false];
    else if (d === bestDistance && canonical !== best) tied = true;
  }
  return tied ? null : best;
}

/** Whether `a` is `b` with two neighbouring letters swapped. */
function swapsTwo(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i + 1 < a.length && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/**
 * Edit distance with adjacent transpositions (optimal string alignment: `grpe` is one edit from
 * `grep`, as typos are), giving up (returning limit + 1) once it exceeds `limit`. Every name in an
 * unknown-heavy file is measured against the whole vocabulary, so this is on the checker's hot path:
 * a cheap lower bound (characters of one string that the other lacks must each be edited) turns most
 * pairs away before the table is filled, and the rows are reused.
 */
/**
 * Of `words`, the one `typed` most likely means, if any: the nearest in edits, at most one for a
 * short word (four letters, leading dashes aside) and two for a longer (a mistyped option, command
 * or diagnostic code).
 */
export function nearestWord<W extends string>(typed: string, words: readonly W[]): W | undefined {
  const lower = typed.toLowerCase();
  const limit = lower.replace(/^-+/, '').length <= 4 ? 1 : 2;
  let best: W | undefined;
  let bestDistance = limit + 1;
  for (const w of words) {
    const d = editDistance(lower, w, limit);
    if (d < bestDistance) [best, bestDistance] = [w, d];
  }
  return best;
}

export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (Math.max(missing(a, charSet(b)), missing(b, charSet(a))) > limit) return limit + 1;
  if (rows[0].length <= b.length) rows = [new Int32Array(b.length + 1), new Int32Array(b.length + 1), new Int32Array(b.length + 1)];
  let [before, prev, cur] = rows;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  let prevMin = 0;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const bj = b.charCodeAt(j - 1);
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj && before[j - 2]! + 1 < v) v = before[j - 2]! + 1;
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    // A later cell comes from this row, or by a transposition from the row before plus one.
    if (rowMin > limit && prevMin >= limit) return limit + 1;
    prevMin = rowMin;
    [before, prev, cur] = [prev, cur, before];
  }
  return prev[b.length]!;
}

let rows: [Int32Array, Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** The characters of `s` as a set of `charBit`s. */
function charSet(s: string): number {
  let bits = 0;
  for (let i = 0; i < s.length; i++) bits |= charBit(s.charCodeAt(i));
  return bits;
}

function bitCount(bits: number): number {
  let n = 0;
  for (; bits !== 0; bits &= bits - 1) n++;
  return n;
}

/** How many characters of `s` are not in `set`. */
function missing(s: string, set: number): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) if ((set & charBit(s.charCodeAt(i))) === 0) n++;
  return n;
}

/**
 * A bit for a character; equal characters get the same bit, which is all the bound needs (others
 * sharing one only weakens it): letters of either case, digits by remainder, the rest in one.
 */
function charBit(c: number): number {
  const lower = c | 0x20;
  if (lower >= 0x61 && lower <= 0x7a) return 1 << (lower - 0x61);
  if (c >= 0x30 && c <= 0x39) return 1 << (26 + (c % 5));
  return 1 << 31;
}
