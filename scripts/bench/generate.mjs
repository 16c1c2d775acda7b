// Benchmark inputs: a large mars.toml (about 1 MB: thousands of agent and skill overlays with ten
// entries each, in every spelling Mars reads) and a typical small one. Deterministic for a seed.

/** Mulberry32: a small seeded PRNG, so every run measures the same text. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Entries as users write them: canonical names, aliases, casing, legacy `:*` prefixes, Claude's
// mcp__ wire tokens, valid mcp(...) references, unknown names, and the odd invalid one.
const ENTRIES = [
  'read', 'edit', 'write', 'grep', 'glob', 'agent', 'task', 'web', 'web_search', 'ls',
  'bash(git log *)', 'bash(npm test)', 'read(./src/**)', 'skill(changelog)', 'web_fetch(domain:docs.rs)',
  'Read', 'Bash', 'WebSearch', 'WebFetch', 'TodoWrite', 'GREP', 'Edit', 'NotebookEdit',
  'shell', 'shell(npm run build)', 'terminal', 'cat', 'rg', 'subagent', 'find', 'curl', 'fetch',
  'bash(git log:*)', 'bash(git diff:*)', 'Bash(npm test:*)', 'shell(cargo build:*)',
  'mcp__github__get_issue', 'mcp__linear__create_issue', 'mcp__github', 'mcp__*', 'mcp__slack__*',
  'mcp(github)', 'mcp(github/list_pulls)', 'mcp(*/search)', 'mcp(linear/*)', 'mcp(plugin:demo)',
  'CustomTool', 'custom_tool', 'ask-user', 'workflow(release)', '*',
  'bash()', 'mcp', 'bash(a, b)', '*(x)',
];

function pick(r, list) {
  return list[Math.floor(r() * list.length)];
}

/** Ten entries split between allowed and disallowed, TOML-quoted. */
function lists(r, n = 10) {
  const all = Array.from({ length: n }, () => pick(r, ENTRIES));
  const k = 3 + Math.floor(r() * 5);
  const quoted = all.map((x) => (r() < 0.1 ? `'${x}'` : JSON.stringify(x)));
  const q = (xs) => `[${xs.join(', ')}]`;
  return { allowed: q(quoted.slice(0, k)), disallowed: q(quoted.slice(k)), allowedItems: quoted.slice(0, k) };
}

/**
 * The large file. `overlays` agent and skill overlays (half each), ten entries each, spelled five
 * ways: table header, dotted key in the owner's table, inline table, dotted from the root table
 * (skills, before any header) and dotted from the [agents] table (at the end). Valid TOML.
 * Also returns the offsets of every entry's content, for edits and requests at random entries.
 */
export function bigMarsToml(seed = 1, overlays = 4000) {
  const r = rng(seed);
  const root = [];
  const sections = [];
  const underAgents = [];
  for (let i = 0; i < overlays; i++) {
    const kind = i % 2 === 0 ? 'agents' : 'skills';
    const name = i % 7 === 0 ? `"${kind.slice(0, -1)} ${i}"` : `${kind.slice(0, -1)}-${i}`;
    const { allowed, disallowed, allowedItems } = lists(r);
    const style = i % 5;
    if (i % 2 === 1) sections.push(`# ${kind}: overlay ${i} of ${overlays}, tightened after the review of release ${i % 97}`);
    if (style === 0) {
      sections.push(`[${kind}.${name}.tools]\nallowed = ${allowed}\ndisallowed = ${disallowed}\n`);
    } else if (style === 1) {
      sections.push(`[${kind}.${name}]\ndescription = "Overlay ${i}: shell, Bash and mcp__x__y are not entries here"\n` +
        `tools.allowed = ${allowed}\ntools.disallowed = ${disallowed}\n`);
    } else if (style === 2) {
      sections.push(`[${kind}.${name}]\ntools = { allowed = ${allowed}, disallowed = ${disallowed} }\n`);
    } else if (style === 3 && kind === 'skills') {
      root.push(`skills.${name}.tools.allowed = ${allowed}\nskills.${name}.tools.disallowed = ${disallowed}`);
    } else if (style === 3 || style === 4) {
      if (kind === 'agents') underAgents.push(`${name}.tools.allowed = ${allowed}\n${name}.tools.disallowed = ${disallowed}`);
      else sections.push(`[${kind}.${name}.tools]\nallowed = [\n  ${allowedItems.join(',\n  ')},\n]\ndisallowed = ${disallowed}\n`);
    }
  }
  const text = [
    '# Generated for `npm run bench`: every spelling of a tools table, thousands of times.',
    ...root,
    '',
    '[dependencies.meridian-base]\nsource = "github:meridian-flow/base"\nagents = ["reviewer", "coder"]\n',
    ...sections,
    '[agents]',
    ...underAgents,
    '',
  ].join('\n');
  return { text, entries: entryOffsets(text) };
}

/** Offsets of the insides of quoted strings inside `[...]` on lines that hold `allowed`/`disallowed` or a bare item line. */
function entryOffsets(text) {
  const out = [];
  const re = /(allowed = \[|\n  )(.*)/g;
  let m;
  while ((m = re.exec(text))) {
    const lineStart = m.index + m[1].length;
    const line = m[2];
    const sre = /"([^"\n]+)"|'([^'\n]+)'/g;
    let s;
    while ((s = sre.exec(line))) out.push({ start: lineStart + s.index + 1, end: lineStart + s.index + s[0].length - 1 });
  }
  return out;
}

/** A typical project's mars.toml, about forty lines. */
export function smallMarsToml() {
  return `# A project's Mars configuration.
skills.scout.tools.allowed = ["read", "grep", "Glob"]

[dependencies.meridian-base]
source = "github:meridian-flow/base"
version = "^1.4"
agents = ["reviewer", "coder"]

[settings]
model_visibility = ["claude-*", "gpt-5*"]

[agents.reviewer]
description = "Reviews changes; may run git, read anything, never spawn sub-agents."

[agents.reviewer.tools]
allowed = [
  "bash(git log:*)",
  "bash(git diff *)",
  "Read",
  "shell(npm test)",
  "mcp__github__get_issue",
  "mcp(github/list_pulls)",
]
disallowed = ["agent", "web"]

[agents.coder]
description = "Writes code."
tools.allowed = ["edit", "write", "WebSearch", "TodoWrite", "ask-user"]
tools.disallowed = ["bash()"]

[agents.planner]
tools = { allowed = ["read", "glob", "grep", "mcp(linear)"], disallowed = ["mcp"] }

[skills."deep research".tools]
allowed = ["web_fetch(domain:docs.rs)", "web_search", "read(./notes/**)"]
disallowed = ["agent"]

[agents]
tester.tools.allowed = ["bash(npm test)", "read", "CustomTool"]
`;
}
