// Words about tool names, shared by completion and hover: a capability's documentation, the
// spellings a user may type for it, its scoped snippet, and what Mars makes of one entry. Everything
// is derived from the vocabulary table and the grammar; no names are listed here.

import { ANY_MEANING, ANY_NOTE, capabilityNamed, MCP_MEANING, type Capability, type PatternShape } from '../grammar/vocabulary';
import { isMcpWireToken, parseToolName, splitToolName, render, type ParseResult, type ToolNameError } from '../grammar/toolName';
import {
  canonicalSpelling, charProblemsNote, claudeOldTaskSaid, harnessSaid, illegalChars, isClaudeOldTask, lookalikeSaid, mcpWireRewrite, meantCapability, readsAs, respelling, suggestScoped, writtenWithLegacyPrefix,
} from '../grammar/checks';
import { capitalized, eqIgnoreAsciiCase, inWords, named, rustTrim, shortened, shown, trimmedAway } from '../grammar/text';
import { obviousRepair, passedOn } from '../analysis/verdicts';
import { keyAsEntries } from '../analysis/moves';
import type { ListName, OwnerKind } from '../analysis/policies';

// ---- markdown ----------------------------------------------------------------------------------

/**
 * The longest text a hover or a completion's documentation shows whole: longer than a message's
 * quote (a pattern is worth reading in full), but an entry of megabytes is not sent as one.
 */
const SHOWN_MAX = 400;

/**
 * `s` as inline code, whatever backticks it holds; blank, as the string it is (`named`); its
 * invisible and control characters (line breaks, bidirectional overrides) written as escapes, as the
 * diagnostics write them (`shown`), and past SHOWN_MAX characters shortened.
 */
export function code(s: string): string {
  const text = shortened(shown(named(s)), SHOWN_MAX);
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(longest + 1);
  // A space pads a backtick at either end off the fence; CommonMark then strips one space from each
  // end, so text with a space at both ends (` x `) is padded too, or it would show as `x`.
  const pad = text.startsWith('`') || text.endsWith('`') || (text.startsWith(' ') && text.endsWith(' ')) ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

const list = (names: readonly string[]) => names.map(code).join(', ');

// ---- the lists of a tools table ----------------------------------------------------------------

/**
 * What `allowed` and `disallowed` hold, shown on their keys in completion and hover: one short phrase
 * (a completion item's detail, as a capability's meaning), then a note where there is more.
 */
export const LIST_MEANING: Readonly<Record<ListName, string>> = {
  allowed: 'Tools the agent or skill may use.',
  disallowed: 'Tools denied to the agent or skill.',
};
export const LIST_NOTE: Readonly<Record<ListName, string | null>> = {
  allowed: null,
  disallowed: '`"*"` here makes `allowed` an allowlist.',
};

/** What the parts of a table header's name that lead to a tools table are, shown in completion. */
export const OWNER_NAMED: Readonly<Record<OwnerKind, string>> = { agents: 'An agent this file names.', skills: 'A skill this file names.' };
export const TOOLS_MEANING = 'Its tool policy: the `allowed` and `disallowed` lists.';

/** Names shown in one paragraph before the rest is counted. */
const SHOWN = 30;

/**
 * A list as Mars reads it: each entry in the spelling Mars writes, once, in order, and what it
 * refuses (entries it rejects, and `others`, the source text of items that are not strings).
 */
export function describeList(
  name: ListName,
  entries: ReadonlyArray<{ readonly raw: string; readonly parse: ParseResult }>,
  others: readonly string[] = [],
): string[] {
  const read = new Set<string>();
  const refused = new Set<string>();
  for (const { raw, parse } of entries) {
    // A blank entry shows as the string it is, not as an empty code span.
    if (parse.ok) read.add(render(parse.name));
    else refused.add(rustTrim(raw) === '' ? JSON.stringify(raw) : rustTrim(raw));
  }
  for (const o of others) refused.add(o);
  const some = (names: readonly string[]) =>
    list(names.slice(0, SHOWN)) + (names.length > SHOWN ? ` and ${names.length - SHOWN} more` : '');
  const out = [`**${code(name)}**: ${LIST_MEANING[name]}${LIST_NOTE[name] ? ` ${LIST_NOTE[name]}` : ''}`];
  out.push(read.size === 0 ? 'Mars reads no tool name here.' : `Mars reads: ${some([...read])}.`);
  if (refused.size > 0) out.push(`Mars refuses to load the config for ${some([...refused])}.`);
  return out;
}

// ---- capabilities ------------------------------------------------------------------------------

/** `web_fetch` -> `WebFetch`: the PascalCase spelling harnesses such as Claude Code use. */
function pascalCase(snake: string): string {
  return snake.split('_').map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : '')).join('');
}

/**
 * Every spelling that should find the capability in a completion list: its name, its aliases, and
 * the PascalCase harness forms of the snake_case ones (`Bash`, `WebFetch`, `TodoWrite`,
 * `AskUserQuestion`). Clients may cut a long filter text (VS Code reads 128 characters) and match
 * ignoring case and gaps, so distinct words go first, then twins (`todowrite` after `todo_write`),
 * then the PascalCase forms.
 */
function spellingsOf(cap: Capability): string[] {
  const words = [cap.name, ...cap.aliases];
  const squashed = new Set<string>();
  const distinct: string[] = [];
  const twins: string[] = [];
  for (const w of words) {
    const key = w.replace(/_/g, '');
    (squashed.has(key) ? twins : distinct).push(w);
    squashed.add(key);
  }
  const pascal = words.filter((w, i) => i === 0 || w.includes('_')).map(pascalCase);
  return [...new Set([...distinct, ...twins, ...pascal])];
}

/**
 * The filter text of a completion item for `cap`: its spellings, `label` first, or first the one the
 * word typed so far (`typed`) begins, ignoring case (`startsLike`). VS Code scores a match at the start of the
 * filter text far above one in a later word (which takes a late-start penalty), so with
 * `bash shell …` the word `Shell` ranked `schedule_wakeup` first; with `shell …` first, the
 * capability spelled so ranks first, and items led by the word alike score alike (their order is
 * then the sort text's). The text suits this one word: a list of such items is incomplete, asked
 * again as the word grows.
 */
export function filterTextOf(cap: Capability, label: string = cap.name, typed = ''): string {
  // A scoped item (`bash(command *)`) is also found by an alias typed with its `(` (`shell(`).
  const spellings = spellingsOf(cap);
  const words = [...new Set([label, ...(label.includes('(') ? spellings.map((w) => `${w}(`) : []), ...spellings])];
  const lead = words.find((w) => startsLike(w, typed));
  return (lead === undefined ? words : [lead, ...words.filter((w) => w !== lead)]).join(' ');
}

/**
 * Whether `word` starts with `prefix`, ignoring ASCII case, as Mars folds names (the vocabulary is
 * ASCII), and `-` typed for `_` (`ask-user`, whose diagnostic asks "did you mean `ask_user`?"):
 * VS Code matches a `-` to no `_`, and filtered every item out.
 */
export function startsLike(word: string, prefix: string): boolean {
  // A prefix longer than the word is none of it; checked first, as the word typed may be a whole
  // long entry, and this is asked of hundreds of spellings a keystroke.
  if (prefix.length > word.length) return false;
  const dashed = (s: string) => s.replace(/_/g, '-');
  return eqIgnoreAsciiCase(dashed(word.slice(0, prefix.length)), dashed(prefix));
}

/** What `name(pattern)` scopes, in Markdown, or null for a capability written without a pattern. */
export function scopeMarkdown(cap: Capability): string | null {
  return cap.pattern ? `Scoped as ${code(scopedLabel(cap, cap.pattern))}: the pattern is ${cap.pattern.scopes}.` : null;
}

/** The aliases Mars rewrites to `cap`, in Markdown, or null when it has none. */
export function aliasesMarkdown(cap: Capability): string | null {
  return cap.aliases.length > 0 ? `Aliases Mars rewrites to ${code(cap.name)}: ${list(cap.aliases)}.` : null;
}

/** Escapes text for a snippet body. */
export function snippetEscape(s: string): string {
  return s.replace(/[$}\\]/g, (c) => `\\${c}`);
}

export interface Snippet {
  /** `bash(command *)`. */
  readonly label: string;
  /** `bash(${1:command} *)`. */
  readonly body: string;
}

/** `bash(command *)`, `web_fetch(domain:host)`: a capability's scoped entry with its placeholder. */
const scopedLabel = (cap: Capability, p: PatternShape): string => `${cap.name}(${p.prefix ?? ''}${p.placeholder}${p.suffix ?? ''})`;

/**
 * The scoped snippet of a capability that takes a pattern: its placeholder is the tab stop, what
 * the vocabulary writes before and after it stays as it is (`${1:command} *`, `domain:${1:host}`).
 */
export function snippetOf(cap: Capability): Snippet | null {
  const p = cap.pattern;
  if (!p) return null;
  return {
    label: scopedLabel(cap, p),
    body: `${snippetEscape(cap.name)}(${snippetEscape(p.prefix ?? '')}\${1:${snippetEscape(p.placeholder)}}${snippetEscape(p.suffix ?? '')})`,
  };
}

export const MCP_SNIPPET: Snippet = { label: 'mcp(server/tool)', body: 'mcp(${1:server}/${2:tool})' };

export { ANY_MEANING, ANY_NOTE, MCP_MEANING };

/** A capability's meaning with its note, as hover says it in one paragraph. */
export const meaningMarkdown = (cap: Capability): string => (cap.note ? `${cap.meaning} ${cap.note}` : cap.meaning);

// ---- one entry ---------------------------------------------------------------------------------

/** What writing the capability's name alone does in `list`: in `disallowed` it denies the whole tool. */
const WHOLE_TOOL: Readonly<Record<ListName, string>> = { allowed: 'to allow the whole tool', disallowed: 'to deny the whole tool' };

const REASONS: Readonly<Record<Exclude<ToolNameError, 'EmptyPattern'>, string>> = {
  Empty: 'The tool name is empty.',
  InvalidMcpRef:
    '`mcp` always names an MCP server: write `mcp(server)` for every tool of a server or `mcp(server/tool)` for one tool, ' +
    'with non-empty parts, at most one `/`, and `*` as the only wildcard.',
  UnbalancedPattern: 'A scoped entry is written `tool(pattern)`: the text after the name must start with `(` and end with `)`.',
  WildcardPattern: '`*` stands for every tool and takes no pattern.',
};

const MCP_UNBALANCED = 'An MCP reference is written `mcp(server)` or `mcp(server/tool)`: the text after `mcp` must start with `(` and end with `)`.';

/** Why Mars rejects `raw`, in plain words; `list` is where it is written (null: in no list, a map-form key). */
export function plainReason(raw: string, error: ToolNameError, list: ListName | null): string {
  if (error === 'Empty' && rustTrim(raw) !== '') return 'There is no tool name before `(`.';
  // `*()`: the name alone is `*`, every tool, not the whole of one.
  if (error === 'EmptyPattern' && rustTrim(raw.slice(0, raw.indexOf('('))) === '*') return REASONS.WildcardPattern;
  if (error === 'EmptyPattern') return `The parentheses are empty: write the name alone${list ? ` ${WHOLE_TOOL[list]}` : ' for the whole tool'}, or put a pattern inside.`;
  // `mcp(github` or `mcp(github)x`: a reference whose parentheses are at fault, said as for `bash(git`;
  // Mars's one error for every bad reference would have the hover explain what `mcp` names instead.
  const trimmed = rustTrim(raw);
  const open = trimmed.indexOf('(');
  if (error === 'InvalidMcpRef' && open >= 0 && !trimmed.endsWith(')') && rustTrim(trimmed.slice(open + 1)) !== '') return MCP_UNBALANCED;
  return REASONS[error];
}

/**
 * Markdown paragraphs describing how Mars reads one tool name: the parse, the meaning, the aliases,
 * the spelling Mars writes, and for an entry Mars rejects or does not know, what happens to it.
 * `inList` is the list it is written in (null: a map-form key, in no list).
 */
export function describeToolName(raw: string, parse: ParseResult, inList: ListName | null): string[] {
  const out: string[] = [];
  const trimmed = rustTrim(raw);
  if (!parse.ok) {
    // Mars's own message is the diagnostic's, which the editor shows above this hover: it is not
    // repeated here. The reason in plain words is, so a hover on an entry whose diagnostic is turned
    // off or suppressed still says why Mars refuses it (the hover does not know the settings).
    out.push(`**Invalid tool name**: Mars refuses to load the config. ${plainReason(raw, parse.error, inList)}`);
    const repair = obviousRepair(raw);
    if (repair !== null) out.push(repair === '*' ? `Write ${code('*')} alone only to mean every tool.` : `Write ${code(repair)}.`);
    return withCharProblems(out, raw);
  }
  const name = parse.name;
  switch (name.kind) {
    case 'any':
      out.push(`**Any capability** ${code('*')}`, `${ANY_MEANING} ${ANY_NOTE}`);
      break;
    case 'mcp': {
      const { server, tool } = name.mcp;
      // A wildcard is said in words; a named server and tool, the heading says already.
      const scope = server === '*' || tool === '*' ? `: ${mcpScope(server, tool)}.` : '';
      out.push(`**MCP** server ${code(server)} · tool ${code(tool)}${scope}`, MCP_MEANING);
      break;
    }
    case 'builtin': {
      const cap = capabilityNamed(name.capability)!;
      out.push(`**Capability** ${code(cap.name)}` + (name.pattern === null ? '' : ` · pattern ${code(name.pattern)}`));
      out.push(meaningMarkdown(cap));
      if (name.pattern !== null) {
        out.push(cap.pattern ? `The pattern scopes ${cap.pattern.scopes}.` : 'Mars passes the pattern on as written.');
      }
      if (cap.aliases.length > 0) out.push(`Aliases: ${list(cap.aliases)}.`);
      break;
    }
    case 'unknown': {
      if (isMcpWireToken(trimmed)) {
        const portable = mcpWireRewrite(raw);
        out.push(`**MCP wire token** ${code(trimmed)}`);
        out.push(
          `Claude's MCP wire spelling: Mars passes it through ${render(name) === raw ? 'verbatim' : `as ${code(render(name))}`} and only Claude understands it.` +
            (portable ? ` The portable spelling is ${code(portable)}.`
            : name.pattern !== null ? ' `mcp(server/tool)` holds no pattern, so no spelling keeps this rule for the other harnesses.'
            : ' Write it as `mcp(server/tool)` so every harness applies it.'),
        );
        if (portable) out.push(MCP_MEANING);
        return withCharProblems(out, raw);
      }
      const head = rustTrim(splitToolName(trimmed)[0]);
      out.push(`**Unknown tool** ${code(name.capability)}` + (name.pattern === null ? '' : ` · pattern ${code(name.pattern)}`));
      // The heading names it: quoted again only where it reads otherwise (a long name would fill the hover).
      const named = head === name.capability ? 'of that name' : `named ${code(head)}`;
      // A name in look-alikes of ASCII reads as the capability suggested below: the character is named, as in its diagnostic.
      out.push(`Mars has no capability ${named}: it ${passedOn(raw, name, code)}${lookalikeSaid(head)}`);
      const scoped = name.pattern === null ? suggestScoped(head) : null;
      const nearest = scoped === null ? meantCapability(name, head) : null;
      const suggested = nearest ? capabilityNamed(nearest.capability) : undefined;
      if (scoped !== null) out.push(`A scoped entry is written \`tool(pattern)\`: did you mean ${code(scoped)}?`);
      else if (nearest?.harness && suggested) out.push(`Did you mean ${code(suggested.name)}${harnessSaid(nearest.harness, code)}? ${suggested.meaning}`);
      else if (suggested) out.push(`Nearest canonical name: ${code(suggested.name)}. ${suggested.meaning}`);
      return withCharProblems(out, raw);
    }
  }
  const spelling = respelling(raw, name);
  const canonical = canonicalSpelling(raw, name);
  if (canonical !== trimmed || spelling !== null) {
    // Mars writes `bash(:*)` as `bash( *)`, which it would read as `bash(*)`: there the `:*` stays.
    const legacy = !writtenWithLegacyPrefix(raw, name) ? ''
      : readsAs(render(name), name) ? " (`:*` is Claude's legacy prefix form)" : ` (Claude's legacy \`:*\` kept: ${code(render(name))}, as Mars writes it, would read as another pattern)`;
    // An alias and the spelling Mars writes are one sentence: two said `bash` twice over.
    const lead = spelling?.kind === 'alias' ? `${code(spelling.written)} is an alias of ${code(spelling.canonical)}; canonical spelling` : 'Canonical spelling';
    out.push(`${lead}: ${code(canonical)}${legacy}.`);
  }
  if (isClaudeOldTask(raw, name)) out.push(claudeOldTaskSaid(code));
  return withCharProblems(out, raw);
}

/** What an MCP reference names, in words: `every tool of the MCP server `github``, `the tool `search` of every MCP server`. */
const mcpScope = (server: string, tool: string): string =>
  `${tool === '*' ? 'every tool' : `the tool ${code(tool)}`} of ${server === '*' ? 'every MCP server' : `the MCP server ${code(server)}`}`;

/**
 * Names between commas in one string (`"Read, Grep"`, Claude's `tools:` line pasted as an entry or a
 * map-form key): the names meant, as Mars writes each and as the split or the key's move writes them
 * (`keyAsEntries`), each with its meaning in one line, said before how Mars reads the whole as
 * written (one odd tool, `read, _grep`); null for anything else. One paragraph of the hover, its
 * heading and the names together: what hover says after its title (that Mars cannot load a file
 * with a syntax error) comes after the names, not between them and their heading.
 */
export function describeBetweenCommas(raw: string): string | null {
  const read = keyAsEntries(raw);
  if (!read?.split) return null;
  const names = read.entries;
  return `**Names between commas**: ${inWords(names.map(code))}, ${names.length === 1 ? 'written with a comma' : 'written in one string, meant as one entry each'}.\n\n` +
    names.map((n) => `- ${code(n)}: ${meaningInOneLine(n)}`).join('\n');
}

/** What an entry Mars takes (each of `keyAsEntries`) means, in one line: a capability's meaning, an MCP reference's scope. */
function meaningInOneLine(entry: string): string {
  const parse = parseToolName(entry);
  // Not met: every name between commas is one Mars takes (`namesBetweenCommas`).
  if (!parse.ok) return plainReason(entry, parse.error, null);
  const name = parse.name;
  switch (name.kind) {
    case 'any':
      return ANY_MEANING;
    case 'mcp':
      return `${capitalized(mcpScope(name.mcp.server, name.mcp.tool))}.`;
    case 'builtin':
      return capabilityNamed(name.capability)!.meaning;
    case 'unknown':
      return 'Mars has no capability of that name.';
  }
}

function withCharProblems(out: string[], raw: string): string[] {
  // White space Mars trims, as the diagnostic says it (the heading names the entry as Mars reads it).
  const around = trimmedAway(raw, code);
  if (around !== null) out.push(`${around}.`);
  const note = charProblemsNote(illegalChars(raw));
  if (note) out.push(note);
  return out;
}
