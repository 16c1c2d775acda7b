// The capability vocabulary: Mars's `CANONICAL_TOOLS` table (seeds/001, tool_names.rs), in the same
// order, plus what each capability gates in plain words and what its pattern scopes. Every feature
// (parse, diagnostics, completion, hover, fixes) reads this one table.

export interface Capability {
  /** The canonical snake_case name Mars writes. */
  readonly name: string;
  /** Accepted legacy and harness spellings, lowercase, as Mars matches them. */
  readonly aliases: readonly string[];
  /**
   * What the capability gates, in one short phrase (at most 35 characters): a completion item's
   * detail, a line VS Code breaks anywhere, mid-word too, where it is narrow.
   */
  readonly meaning: string;
  /** Markdown, said after the meaning where there is more: the harnesses' names for it, what it is not. */
  readonly note?: string;
  /** What `name(pattern)` scopes and how it is written; absent where a pattern is unusual. */
  readonly pattern?: PatternShape;
}

/** What a capability's pattern names: the one place checks and snippets learn it from. */
export type PatternKind = 'command' | 'path' | 'name' | 'host';

export interface PatternShape {
  /**
   * What the pattern names. The checks read it: a path keeps a `/` that begins it (`read/etc` is
   * `read(/etc)`), a bare host is written after `prefix` (`web_fetch:docs.rs`).
   */
  readonly kind: PatternKind;
  /** What `name(pattern)` scopes, in Markdown, said after "the pattern is". */
  readonly scopes: string;
  /** The word a snippet's tab stop holds: `command`, `path`, `host`. */
  readonly placeholder: string;
  /** Written before the placeholder as it stands (`domain:` of `web_fetch(domain:host)`). */
  readonly prefix?: string;
  /** Written after the placeholder as it stands (` *` of `bash(command *)`). */
  readonly suffix?: string;
}

export const CAPABILITIES: readonly Capability[] = [
  { name: 'bash', aliases: ['shell', 'terminal', 'exec_command', 'shell_command'],
    meaning: 'Run shell commands.',
    pattern: { kind: 'command', scopes: 'a command prefix; `X *` matches X with any arguments', placeholder: 'command', suffix: ' *' } },
  { name: 'read', aliases: ['cat', 'view', 'file_read'],
    meaning: 'Read files.',
    pattern: { kind: 'path', scopes: 'a path or glob', placeholder: 'path' } },
  { name: 'write', aliases: ['file_write', 'apply_patch'],
    meaning: 'Create or overwrite files.', note: 'Applying patches too (`apply_patch`).',
    pattern: { kind: 'path', scopes: 'a path or glob', placeholder: 'path' } },
  { name: 'edit', aliases: ['sed', 'str_replace'],
    meaning: 'Edit existing files in place.',
    pattern: { kind: 'path', scopes: 'a path or glob', placeholder: 'path' } },
  { name: 'agent', aliases: ['subagent', 'spawn_agent'],
    meaning: 'Launch sub-agents.', note: 'Claude `Agent`, OpenCode `task`. Not the task list: see `task`.' },
  { name: 'task',
    aliases: ['todo_read', 'todoread', 'todo_write', 'todowrite', 'task_create', 'taskcreate', 'task_get', 'taskget',
      'task_list', 'tasklist', 'task_update', 'taskupdate', 'update_plan'],
    meaning: 'Use the task list.', note: 'Claude `TaskCreate`…`TaskUpdate`, OpenCode `todowrite`, Codex `update_plan`. Not sub-agents: see `agent`.' },
  { name: 'skill', aliases: [],
    meaning: 'Invoke skills.', note: "Through the harness's skill tool.",
    pattern: { kind: 'name', scopes: 'one skill by name', placeholder: 'name' } },
  { name: 'workflow', aliases: [], meaning: 'Run workflows.',
    pattern: { kind: 'name', scopes: 'one workflow by name', placeholder: 'name' } },
  { name: 'glob', aliases: ['find'], meaning: 'Find files by name pattern.' },
  { name: 'grep', aliases: ['rg', 'search', 'ripgrep'], meaning: 'Search file contents.' },
  { name: 'notebook', aliases: ['jupyter', 'notebook_edit', 'notebookedit'], meaning: 'Edit Jupyter notebooks.' },
  { name: 'web', aliases: [], meaning: 'Reach the web.', note: 'Both `web_search` and `web_fetch`.' },
  { name: 'web_search', aliases: ['websearch'], meaning: 'Search the web.' },
  { name: 'web_fetch', aliases: ['webfetch', 'fetch', 'curl'],
    meaning: 'Fetch web pages.',
    pattern: { kind: 'host', scopes: 'a host as `domain:host` (or a URL glob)', placeholder: 'host', prefix: 'domain:' } },
  { name: 'ask_user', aliases: ['askuser', 'request_user_input', 'ask_question', 'ask_user_question', 'askuserquestion'],
    meaning: 'Ask the user a question mid-task.' },
  { name: 'cron', aliases: [], meaning: 'Schedule recurring jobs.' },
  { name: 'notifications', aliases: ['pushnotification', 'push_notification'], meaning: 'Send the user push notifications.' },
  { name: 'plan_mode', aliases: ['planmode', 'switch_mode'], meaning: 'Enter or leave plan mode.' },
  { name: 'worktree', aliases: [], meaning: 'Create and switch git worktrees.' },
  { name: 'lsp', aliases: [], meaning: 'Query language servers.', note: 'Definitions, references, diagnostics.' },
  { name: 'monitor', aliases: [], meaning: 'Watch background processes.', note: 'Their output too.' },
  { name: 'send_user_file', aliases: ['senduserfile'], meaning: 'Send a file to the user.' },
  { name: 'schedule_wakeup', aliases: ['schedulewakeup'], meaning: 'Wake the agent up later.' },
  { name: 'remote_trigger', aliases: ['remotetrigger'], meaning: 'Trigger remote agent runs.' },
  { name: 'tool_search', aliases: ['toolsearch'], meaning: 'Find tools not loaded yet.' },
  { name: 'ls', aliases: [], meaning: 'List one folder.', note: 'OpenCode `list`, Pi `ls`; `glob` finds by name.' },
  { name: 'work', aliases: [], meaning: "Meridian Flow's work tool.", note: 'No harness has an equivalent.' },
  { name: 'image', aliases: ['view_image'], meaning: 'View an image file.', note: 'Codex `view_image`; elsewhere `read` opens images.' },
];

/**
 * Other harnesses' tool names that plainly name one capability but are no alias of it: Mars passes
 * them on as written (only that harness applies the rule), so they are only ever suggested, never
 * read as the capability. Each as its harness writes it; matched as Mars reads the name (`MultiEdit`
 * is `multi_edit`). Only names that mean the capability and nothing more: not Cursor's
 * `codebase_search` (a semantic search, no grep) nor Claude's `BashOutput` (only reads a shell's output).
 */
export interface HarnessName {
  readonly harness: string;
  readonly name: string;
  /** The canonical name of the capability it names. */
  readonly capability: string;
}

export const HARNESS_NAMES: readonly HarnessName[] = [
  { harness: 'Claude', name: 'MultiEdit', capability: 'edit' },
  { harness: 'Claude', name: 'EnterPlanMode', capability: 'plan_mode' },
  { harness: 'Claude', name: 'ExitPlanMode', capability: 'plan_mode' },
  { harness: 'Cursor', name: 'read_file', capability: 'read' },
  { harness: 'Cursor', name: 'edit_file', capability: 'edit' },
  { harness: 'Cursor', name: 'list_dir', capability: 'ls' },
  { harness: 'Cursor', name: 'run_terminal_cmd', capability: 'bash' },
  { harness: 'Cursor', name: 'grep_search', capability: 'grep' },
  { harness: 'Cursor', name: 'file_search', capability: 'glob' },
  { harness: 'OpenCode', name: 'list', capability: 'ls' },
  { harness: 'OpenCode', name: 'multiedit', capability: 'edit' },
];

/**
 * A harness's name that is a Mars name for another capability: Claude's old `Task` launched
 * sub-agents (now `Agent`), where Mars reads `Task` as `task`, the task list. Only as Claude writes
 * it: a lower-case `task` is Mars's own.
 */
export const CLAUDE_OLD_TASK: HarnessName = { harness: 'Claude', name: 'Task', capability: 'agent' };

/**
 * OpenCode's `task` launches sub-agents too, where Mars reads `task` as the task list: a key of a map-form rule
 * (`task = "deny"`, OpenCode's shape, its `permission` or `tools` pasted) was written for OpenCode. Not an entry of a
 * list, Mars's own shape, where `task` is Mars's.
 */
export const OPENCODE_TASK: HarnessName = { harness: 'OpenCode', name: 'task', capability: 'agent' };

/** The two special spellings that are not rows of the table (a meaning, then a note, as a capability's). */
export const ANY_MEANING = 'Every tool not otherwise named.';
export const ANY_NOTE = '`"*"` in `disallowed` turns the policy into an allowlist.';
export const MCP_MEANING = 'Tools of an MCP server: `mcp(server)` is every tool of that server, `mcp(server/tool)` one tool.';

const byName = new Map<string, Capability>();
const byAlias = new Map<string, Capability>();
for (const cap of CAPABILITIES) {
  byName.set(cap.name, cap);
  for (const alias of cap.aliases) byAlias.set(alias, cap);
}

/** Mars's `canonical_tool_name`: exact match on a canonical name. */
export function capabilityNamed(name: string): Capability | undefined {
  return byName.get(name);
}

/** Mars's `canonical_alias`: exact match on an alias. */
export function capabilityWithAlias(alias: string): Capability | undefined {
  return byAlias.get(alias);
}
