// OpenCode's rules by pattern, pasted below a tool in a tools table (`bash = { "git *" = "allow" }`,
// `[agents.x.tools.bash]`, `bash."npm test" = "allow"`): what each rule means to Mars, the entry
// `tool(pattern)` in the list of its verdict. The walk (policies.ts), the moves, the findings and
// hover all read a pattern table from here.

import { canonicalSpelling } from '../grammar/checks';
import { rustTrim } from '../grammar/text';
import { namesBetweenCommas, parseToolName, render } from '../grammar/toolName';
import type { KeyPart, KeyValue } from '../toml/model';
import { meantList, misspeltVerdictList, verdictList } from './meant';
import type { ListName } from './policies';

/** One rule of a pattern table: `"git *" = "allow"` below `bash`. */
export interface PatternRule {
  /** The key/value written for it: in the inline table, in the table's section, or the dotted key whole (`bash."npm test" = …`). */
  readonly keyValue: KeyValue;
  /** The key part naming its pattern (`"git *"`). */
  readonly pattern: KeyPart;
  /** The list its verdict puts it in (`"allow"`: `allowed`); null for `"ask"`, which Mars has no equivalent of, or another string (`"maybe"`). */
  readonly list: ListName | null;
  /** The entry it means in Mars, spelled as Mars writes it (`bash(git *)`; the bare `bash` for `"*"`); null where Mars rejects it (`bash()`). */
  readonly entry: string | null;
  /** The entry as put together before it is checked (`bash()`), what a message says Mars would reject. */
  readonly raw: string;
}

/** Whether a rule goes into a list: a verdict Mars reads, of an entry it accepts. */
export const movable = (rule: PatternRule): rule is PatternRule & { readonly list: ListName; readonly entry: string } => rule.list !== null && rule.entry !== null;

/**
 * `tool` with a pattern put together as OpenCode means it, `tool(pattern)`, and `*`, every use of the
 * tool, as the bare tool. Null where the key names no tool Mars knows, alone: OpenCode writes patterns
 * below its own tools (`bash`, `edit`, `webfetch`), each one Mars knows, while below a name it does not
 * know (`web = { x = "allow" }`, `web.x = …`) a key is as likely a setting of another program's as a
 * pattern; nor a name with a pattern already (`bash(git *)`), names between commas, or a list's name.
 */
export function patternRaw(tool: string, pattern: string): string | null {
  const head = parseToolName(tool);
  if (!head.ok || head.name.kind !== 'builtin' || head.name.pattern !== null) return null;
  if (meantList(tool) !== null || namesBetweenCommas(tool) !== null) return null;
  return rustTrim(pattern) === '*' ? rustTrim(tool) : `${rustTrim(tool)}(${pattern})`;
}

/**
 * The entry `raw` (`patternRaw`) makes, as Mars writes it (`Bash(git log:*)` -> `bash(git log *)`), or null where Mars rejects it.
 * Never Claude's wire spelling (`mcp__x`) to rewrite: `patternRaw` takes a built-in tool's name only, which no `mcp__` name is.
 */
function entryOf(raw: string): string | null {
  const parsed = parseToolName(raw);
  return parsed.ok ? canonicalSpelling(raw, parsed.name) : null;
}

/**
 * One rule: `kv`'s verdict for the pattern `pattern` of `tool`; null where `tool` takes no pattern (`patternRaw`).
 * `misspelt`: a verdict one typo from `"allow"` or `"deny"` (`"alow"`) is read as the one it was meant as, where the
 * rule is said for a reason it keeps once the verdict is spelt right: in a tools table, which Mars ignores it in either way
 * (patternFixes.ts), or in the `tools` of a misspelt owner (policies.ts); not in a table meant as `tools` (`[agents.x.tool]`),
 * where, the table renamed, it would be said nowhere.
 */
export function patternRule(tool: string, pattern: KeyPart, kv: KeyValue, misspelt = false): PatternRule | null {
  const raw = patternRaw(tool, pattern.name);
  if (raw === null) return null;
  const list = verdictList(kv.value) ?? (misspelt ? misspeltVerdictList(kv.value) : null);
  return { keyValue: kv, pattern, list, entry: entryOf(raw), raw };
}

/**
 * The rules of a table of patterns below `tool` (`kvs`: an inline table's key/values, or a section's),
 * or null where it is none Mars could read a rule of: a key/value that is no rule (`"git".x = …`, one
 * half typed, a value no verdict is written as, `3` or a table), or none that moves (only `"ask"`, or
 * only entries Mars rejects). `misspelt`: its verdicts one typo from `"allow"` or `"deny"` read too (`patternRule`).
 */
export function patternRules(tool: string, kvs: readonly KeyValue[], misspelt = false): PatternRule[] | null {
  const rules: PatternRule[] = [];
  for (const kv of kvs) {
    const value = kv.value;
    if (kv.key.parts.length !== 1 || !(value?.kind === 'string' || (value?.kind === 'scalar' && value.type === 'boolean'))) return null;
    const rule = patternRule(tool, kv.key.parts[0]!, kv, misspelt);
    if (!rule) return null;
    rules.push(rule);
  }
  // Two patterns that mean one entry (`"git log:*" = "allow"`, `"git log *" = "deny"`) would be moved into
  // both lists: which was meant is not clear, so the table is read as none.
  const lists = new Map<string, ListName>();
  for (const r of rules.filter(movable)) {
    const parsed = parseToolName(r.entry);
    const meaning = parsed.ok ? render(parsed.name) : r.entry;
    if ((lists.get(meaning) ?? r.list) !== r.list) return null;
    lists.set(meaning, r.list);
  }
  return lists.size > 0 ? rules : null;
}

/**
 * The rule of a key dotted below `tool` (`bash."npm test" = "allow"`, `pattern` its part after the tool), read as a
 * table of one rule, or null; its key/value the dotted one whole.
 */
export function dottedPatternRules(tool: string, pattern: KeyPart, kv: KeyValue, misspelt = false): PatternRule[] | null {
  return patternRules(tool, [{ ...kv, key: { ...kv.key, parts: [pattern] } }], misspelt)?.map((r) => ({ ...r, keyValue: kv })) ?? null;
}

/** The rules of a value written below `tool` as OpenCode's table of patterns (`{ "git *" = "allow" }`), or null. */
export function inlinePatternRules(tool: string, kv: KeyValue, misspelt = false): PatternRule[] | null {
  return kv.value?.kind === 'inline-table' ? patternRules(tool, kv.value.entries, misspelt) : null;
}
