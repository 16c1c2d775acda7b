// Generated mars.toml documents and an oracle of what Mars loads, shared by the seeded property
// tests of the fixes (test/unit/fixAllMeaning.test.ts: fix-all; test/unit/quickFixes.test.ts: each
// quick fix alone and the other code actions).
//
// The oracle does not use the fix code: it reads the text with toml_edit (Mars's parser, built
// to WebAssembly: whether Mars can load it) and smol-toml (the values), and for each agent and skill
// computes what Mars loads: every entry of tools.allowed / tools.disallowed by its meaning under the
// grammar (`parseToolName`, rendered canonically), and whether anything stops the load. Claude's
// wire spelling `mcp__server__tool` reaches Claude only (SPEC section 3): it counts as the portable
// `mcp(server/tool)` only where a fix rewrote it (the README makes that rewrite its fix), never as
// holding that grant where it is left as written. A rejected entry counts by "the one thing it can
// mean" where it has one (`bash()` or `bash(` -> `bash`, `bash(git` -> `bash(git)`, `allowed = "read"` ->
// `["read"]`, `tools.mcp = ["gh"]` -> `mcp(gh)` in `allowed`), else as itself (`*(x)` is not `*`);
// keys Mars ignores (map form, misspelt lists) count for nothing, so removing them keeps the
// meaning and moving one into a list does not.
import assert from 'node:assert/strict';
import { parse } from 'smol-toml';
import { namesBetweenCommas, parseToolName, render } from '../../server/src/grammar/toolName';
import { tomlEditTakes } from './tomlEdit';

// ---------------------------------------------------------------------------------------------
// The oracle: what Mars loads.

/** What one owner's policy means: each list as a set of meanings (rejected entries marked `!`). */
export interface Rules {
  readonly allowed: Set<string>;
  readonly disallowed: Set<string>;
}

export interface Loaded {
  /** smol-toml reads the text (TOML 1.1 too): its values are known. */
  readonly parsed: boolean;
  /** toml_edit reads the text (TOML 1.0, as Mars). */
  readonly toml: boolean;
  /** Mars loads it: TOML, and nothing in an overlay it rejects. */
  readonly accepted: boolean;
  /** Per owner (`agents\0name`), the rules; rejected pieces by their one meaning, or marked. */
  readonly owners: Map<string, Rules>;
  /** What stops the load, for messages. */
  readonly rejected: string[];
}

export const isTable = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

/**
 * Marks a grant written in Claude's wire spelling: Mars passes `mcp__gh__x` on verbatim, to Claude
 * only, where `mcp(gh/x)` reaches every harness. Fix-all rewrites the one into the other (the README
 * makes that its fix), so an input's wire grant that the output no longer holds counts as the
 * portable grant it was rewritten to (see `portable`); one the output still holds is still Claude's only.
 */
export const CLAUDE_ONLY = '~claude-only ';

/** `mcp__server__tool` as the `mcp(server/tool)` it stands for (SPEC section 3), or null. */
export function wireMeaning(raw: string): string | null {
  const t = raw.trim();
  if (t.slice(0, 5).toLowerCase() !== 'mcp__' || t.includes('(')) return null;
  const rest = t.slice(5);
  let server: string;
  let tool: string;
  if (rest === '*') [server, tool] = ['*', '*'];
  else {
    const at = rest.indexOf('__');
    [server, tool] = at < 0 ? [rest, '*'] : [rest.slice(0, at), rest.slice(at + 2)];
  }
  if (server === '' || tool === '' || server.includes('/') || tool.includes('/')) return null;
  const p = parseToolName(`mcp(${server}/${tool})`);
  return p.ok && p.name.kind === 'mcp' && p.name.mcp.server === server && p.name.mcp.tool === tool ? render(p.name) : null;
}

/** What Mars makes of an entry it accepts (canonical rendering), or null when it rejects it. */
export function meaningOf(raw: string): string | null {
  const p = parseToolName(raw);
  if (!p.ok) return null;
  const wire = wireMeaning(raw);
  return wire !== null ? `${CLAUDE_ONLY}${wire}` : render(p.name);
}

/**
 * The one thing a rejected entry can mean (README, invalid-tool-name: `bash()` and `bash(` -> `bash`,
 * `bash(git` -> `bash(git)`, `mcp(gh` -> `mcp(gh)`); not `*(x)` -> `*`, every tool, which is offered and never applied unasked.
 */
export function oneMeaning(raw: string): string | null {
  const p = parseToolName(raw);
  if (p.ok) return null;
  const t = raw.trim();
  const head = t.split('(')[0]!.trim();
  let candidate: string | null = null;
  if (p.error === 'EmptyPattern' || p.error === 'WildcardPattern') candidate = head;
  else if ((p.error === 'UnbalancedPattern' || p.error === 'InvalidMcpRef') && t.includes('(') && !t.includes(')')) {
    // Nothing after the `(` (`bash(`): the name alone, as for `bash()`.
    candidate = /^[^(]*\(\s*$/.test(t) ? head : `${t})`;
  }
  const m = candidate === null ? null : meaningOf(candidate);
  return m === '*' ? null : m;
}

export const lenient = (raw: string): string => meaningOf(raw) ?? oneMeaning(raw) ?? `!${JSON.stringify(raw)}`;

/** What a `tools.mcp` value grants in the `allowed` it was replaced by, or a mark where that is a guess. */
export function mcpGrants(value: unknown): string[] {
  const one = (s: unknown, asString: boolean): string => {
    if (typeof s !== 'string') return `!mcp ${JSON.stringify(s)}`;
    if (asString && ['allow', 'deny', 'ask'].includes(s.trim().toLowerCase())) return `!mcp ${JSON.stringify(s)}`;
    // Already written as a grant (`"mcp(gh)"`, `"mcp__gh"`): read as that grant. (Fix-all never moves
    // one, a guess at what the key meant, but removes the key when `allowed` holds the grant already.)
    const p = parseToolName(s);
    if (p.ok && p.name.kind === 'mcp') return render(p.name);
    const wire = wireMeaning(s);
    if (wire !== null) return `${CLAUDE_ONLY}${wire}`;
    if (s.trim().toLowerCase().startsWith('mcp__')) return `!mcp ${JSON.stringify(s)}`;
    const ref = parseToolName(`mcp(${s.trim()})`);
    return ref.ok && ref.name.kind === 'mcp' ? render(ref.name) : `!mcp ${JSON.stringify(s)}`;
  };
  if (typeof value === 'string') return [one(value, true)];
  if (Array.isArray(value)) return value.map((v) => one(v, false));
  return [`!mcp ${JSON.stringify(value)}`];
}

/**
 * The values of a TOML text as Mars reads them, by smol-toml: a byte order mark at the start is no
 * part of the text (to Mars as to an editor), and a CR LF line break is read as LF, as toml_edit
 * reads one inside a multi-line string (smol-toml keeps it there; elsewhere it is a line break either way).
 */
export function tomlValues(text: string): unknown {
  return parse((text.startsWith('\uFEFF') ? text.slice(1) : text).replace(/\r\n/g, '\n'));
}

export async function load(text: string): Promise<Loaded> {
  const owners = new Map<string, Rules>();
  const rejected: string[] = [];
  const toml = (await tomlEditTakes(text.startsWith('\uFEFF') ? text.slice(1) : text)) === true;
  let doc: Record<string, unknown>;
  try {
    doc = tomlValues(text) as Record<string, unknown>;
  } catch {
    return { parsed: false, toml, accepted: false, owners, rejected: ['not TOML'] };
  }
  if (!toml) rejected.push('not TOML 1.0 (toml_edit)');
  for (const kind of ['agents', 'skills'] as const) {
    const group = doc[kind];
    if (group === undefined) continue;
    if (!isTable(group)) {
      rejected.push(`${kind} is not a table`);
      owners.set(`${kind} !shape`, { allowed: new Set([`!${JSON.stringify(group)}`]), disallowed: new Set() });
      continue;
    }
    for (const [name, overlay] of Object.entries(group)) {
      const rules: Rules = { allowed: new Set(), disallowed: new Set() };
      owners.set(`${kind}\u0000${name}`, rules);
      if (!isTable(overlay)) {
        rejected.push(`${kind}.${name} is not a table`);
        rules.allowed.add(`!overlay ${JSON.stringify(overlay)}`);
        continue;
      }
      const tools = overlay.tools;
      if (tools === undefined) continue;
      if (!isTable(tools)) {
        rejected.push(`${kind}.${name}.tools is not a table`);
        rules.allowed.add(`!tools ${JSON.stringify(tools)}`);
        continue;
      }
      for (const [key, value] of Object.entries(tools)) {
        if (key === 'allowed' || key === 'disallowed') {
          const set = rules[key];
          if (Array.isArray(value)) {
            for (const item of value) {
              if (typeof item !== 'string') {
                rejected.push(`${kind}.${name}.tools.${key} holds ${JSON.stringify(item)}`);
                set.add(`!item ${JSON.stringify(item)}`);
              } else {
                if (meaningOf(item) === null) rejected.push(`${kind}.${name}.tools.${key} holds ${JSON.stringify(item)}`);
                set.add(lenient(item));
              }
            }
          } else if (typeof value === 'string') {
            // A string where a list goes: the one thing it can mean is a list of it; of one name and a stray comma (`"read,"`,
            // `",Bash"`), of that name, as fix-all reads it (moves.ts, `safeListName`), not an entry holding the comma.
            rejected.push(`${kind}.${name}.tools.${key} is a string`);
            const names = namesBetweenCommas(value);
            set.add(lenient(names?.length === 1 ? names[0]!.name : value));
          } else {
            rejected.push(`${kind}.${name}.tools.${key} is not a list`);
            set.add(`!list ${JSON.stringify(value)}`);
          }
        } else if (key === 'mcp') {
          rejected.push(`${kind}.${name}.tools.mcp`);
          for (const g of mcpGrants(value)) rules.allowed.add(g);
        }
        // Any other key: Mars ignores it.
      }
    }
  }
  return { parsed: true, toml, accepted: toml && rejected.length === 0, owners, rejected };
}

/** Owners with something in force, as sorted lists (an owner with empty lists means what an absent one does). */
export function meaningOfAll(l: Loaded): Record<string, { allowed: string[]; disallowed: string[] }> {
  const out: Record<string, { allowed: string[]; disallowed: string[] }> = {};
  for (const [owner, r] of [...l.owners].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (r.allowed.size === 0 && r.disallowed.size === 0) continue;
    out[owner.replace('\u0000', '.')] = { allowed: [...r.allowed].sort(), disallowed: [...r.disallowed].sort() };
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The generator.

const CANONICAL = ['read', 'bash', 'edit', 'write', 'web', 'web_search', 'web_fetch', 'agent', 'task', 'grep', 'glob', '*'];
const ALIASES = ['Shell', 'shell', 'Bash', 'BASH', 'READ', 'Read', 'WebSearch', 'websearch', 'TodoWrite', 'cat', 'Cat', ' read ', 'rg', 'Terminal', 'fetch',
  // White space at the ends, which Mars trims (Rust's trim: a tab, NEL, U+2028 too).
  ' Bash ', ' shell', 'Bash(git log *)\t', 'read\u0085', '\u2028Read'];
const SCOPED = ['bash(git log *)', 'bash(git log:*)', 'Bash(git:*)', 'Shell(git:*)', 'shell(npm test)', 'bash(:*)', 'bash( git log:* )', 'read(./secrets:*)',
  'web_fetch(domain:example.com)', 'skill(x)', 'Read(./a/**)', 'bash(git *)',
  // Astral characters (two UTF-16 units each) and a combining mark, before and inside names and patterns.
  'bash(echo 😀:*)', 'Read(./😀/**)'];
const MCP = ['mcp(gh)', 'mcp(gh/*)', 'mcp(gh/x)', 'MCP(gh)', 'mcp( gh / x )', 'mcp(*/*)', 'mcp(*/x)', 'mcp(plugin:demo)', 'Mcp(linear)', 'mcp(😀)', 'mcp(gh/😀x)'];
const WIRE = ['mcp__gh__x', 'mcp__gh', 'mcp__gh__*', 'mcp__*', 'MCP__gh__x', 'mcp__gh__x(y)', 'mcp__gh__', 'mcp__linear__list_issues', 'mcp__gh__x__y', 'mcp__😀__x'];
const REJECTED = ['bash()', 'bash(git', 'Shell()', 'read( )', '*(x)', '*()', 'mcp', 'MCP', 'mcp()', '', ' ', 'mcp(a/b/c)', 'bash(x)y', 'mcp(gh', 'web_fetch(domain:x', 'bash(', 'Shell( ', 'mcp(', '*('];
const UNKNOWN = ['CustomTool', 'grpe', 'my_tool', 'ask-user', 'read,edit', 'bash\u0007', 'EXEC', 'ExecCommand', ' foo ', ' mcp__gh__x ', 'read\u200B',
  '😀', 'Re\u0301ad', '𠀀Tool', 'rea😀d'];
const POOLS = [CANONICAL, CANONICAL, ALIASES, SCOPED, MCP, WIRE, REJECTED, UNKNOWN];
/** Entries written other than as a plain basic string (TOML text): escapes, multi-line and literal strings. */
const ODD_STRINGS = ['"\\u0053hell"', '"""Shell"""', "'''bash(git:*)'''", '"""\nread"""', '"b\\u0061sh()"', '"""\\\n  Read"""', "'mcp__gh__x'", '"\\x62ash"',
  '"""Shell\nx"""', "'bash(git log:*)'",
  // Astral characters (two UTF-16 units each), escaped and not, and a combining mark, in multi-line strings too.
  '"\\U0001F600Shell"', "'''\n😀Bash'''", '"""\n\tRe\u0301ad"""'];

const MAP_KEYS = ['bash', 'Shell', 'bash(git:*)', 'read', 'Read', 'mcp__gh__x', 'mcp__gh', '*', 'bash()', 'mcp(gh)', 'web', 'grpe', 'edit', 'mcp', 'MCP', 'WebSearch', 'Read, Grep', 'read,bash'];
const MAP_VALUES = ['"allow"', '"deny"', '"ask"', 'true', '"allow"', 'false'];
// `tools` (Claude's agent `tools:`, the tools allowed); dotted: the tools table written again first, and Claude Code's
// settings pasted in (what the fix of their JSON writes).
const MISSPELT = ['allow', 'Allowed', 'deny', 'alowed', 'disallow', 'Disallowed', 'allowed_tools', 'blocked', 'tools', 'tools.allowed', 'permissions.allow', 'permissions.deny'];
const MCP_VALUES = ['["gh"]', '["gh", "linear"]', '[]', '"gh"', '["mcp(gh)"]', '["a/b/c"]', '"deny"', '[" gh "]', '["gh", "gh"]', '["gh/x"]', '["mcp__gh"]', '[1]'];
const COMMENTS = ['# note', '# 😀 note', '# mars-ignore', '# mars-ignore: non-canonical -- 😀', '# mars-ignore: non-canonical', '# mars-ignore: duplicate-entry, unknown-policy-key', '# mars-ignore: invalid-tool-name',
  '# mars-ignore: legacy-prefix -- on purpose', '# mars-ignore: mcp-wire-token', '# mars-ignore: invalid-tool-policy',
  // Codes that silence nothing (invalid-suppression): misspelt, and one no comment silences.
  '# mars-ignore: non-canonica', '# mars-ignore: unkown-tool, toml-syntax -- typo', '# mars-ignore: unknown-tool our own tool',
  // Written as JavaScript writes a comment: a syntax error. (Not a mars-ignore, which would silence nothing until
  // fixed, and then what fix-all did not fix: the properties count what a mars-ignore silences at the start.)
  '// note'];
const OWNERS: ReadonlyArray<readonly [kind: 'agents' | 'skills', key: string]> = [
  ['agents', 'a'], ['agents', 'b'], ['skills', 'c'], ['skills', '"deep research"'], ['agents', 'x-y'], ['agents', '"😀 e\u0301"'],
];

/**
 * Where the generator left out a comma between two items of a list or two key/values of an inline
 * table: the generated text has nothing there, `intended` a comma.
 */
const DROPPED = '\u0001';
/** Brackets the generator left out around values where a list goes: the text has nothing there, `intended` `[` and `]`. */
const OPENED = '\u0002';
const CLOSED = '\u0003';
/**
 * What TOML does not read as a blank (toml/unreadBlanks.ts), written now and then where a comma is
 * left out (`"read"` U+200B `"grep"`), or after a value (a byte order mark past the file's start).
 */
const UNREAD = ['\u00A0', '\u2028', '\u200B', '\uFEFF', '\u2003'];

/**
 * Generated documents, one a call. After each, `intended` is the text with every comma (and
 * every list's brackets) the generator left out put back (a TOML text, as the generator meant it;
 * the same edits of line breaks and byte order mark), or null where it left out none (or broke the
 * text at random too, or put what TOML does not read as a blank after a value).
 */
export function generator(random: () => number): (() => string) & { intended: string | null } {
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const chance = (p: number) => random() < p;
  // In about a document in eight, a comma between items is left out now and then.
  let dropping = 0;
  const comma = () => (chance(dropping) ? DROPPED : ',');

  const str = (s: string) => (s.startsWith('\u0000') ? s.slice(1) : chance(0.1) && !/['\n\r\u0000-\u001f\u007f]/.test(s) ? `'${s}'` : JSON.stringify(s));
  const key = (s: string) => (/^[A-Za-z0-9_-]+$/.test(s) || MISSPELT.includes(s) ? s : JSON.stringify(s));
  const trailing = () => (chance(0.1) ? `  ${pick(COMMENTS)}` : '');

  const entries = (): string[] => {
    const n = int(5);
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(chance(0.15) && out.length > 0 ? pick(out) : chance(0.05) ? `\u0000${pick(ODD_STRINGS)}` : pick(pick(POOLS)));
    return out;
  };

  /** A list; `multiline` allowed where the value may run over lines. */
  const list = (items: readonly string[], multiline: boolean): string => {
    if (items.length === 0) return '[]';
    if (!multiline || chance(0.55)) return `[${items.map((item, i) => `${i > 0 ? `${comma()} ` : ''}${str(item)}`).join('')}${chance(0.1) ? ',' : ''}]`;
    // Commas after the items, leading the items, or on lines of their own (a comment after one).
    const layout = pick(['after', 'after', 'after', 'leading', 'own line']);
    let body = '[\n';
    items.forEach((item, i) => {
      if (chance(0.2)) body += `  ${pick(COMMENTS)}\n`;
      const last = i === items.length - 1;
      if (layout === 'leading') body += `  ${i > 0 ? `${comma()} ` : ''}${str(item)}${trailing()}\n`;
      else if (layout === 'own line') body += `  ${str(item)}${trailing()}\n${last && chance(0.5) ? '' : `  ${last ? ',' : comma()}${trailing()}\n`}`;
      else body += `  ${str(item)}${last && chance(0.5) ? '' : last ? ',' : comma()}${trailing()}\n`;
    });
    return `${body}]`;
  };

  /** The key/value pairs of one owner's tools table: [key text, value text (may run over lines)]. */
  const toolsPairs = (multiline: boolean): Array<[string, string]> => {
    const pairs: Array<[string, string]> = [];
    const used = new Set<string>();
    const add = (k: string, v: string) => {
      if (used.has(k) && !chance(0.02)) return; // a key twice: now and then, a TOML error
      used.add(k);
      pairs.push([k, v]);
    };
    if (chance(0.8)) add('allowed', chance(0.05) ? str(pick(pick(POOLS))) : list(entries(), multiline));
    if (chance(0.5)) add('disallowed', list(entries(), multiline));
    for (let i = int(3); i > 0; i--) add(key(pick(MAP_KEYS)), pick(MAP_VALUES));
    if (chance(0.2)) add(key(pick(MISSPELT)), list(entries(), multiline));
    if (chance(0.2)) add('mcp', pick(MCP_VALUES));
    if (chance(0.03)) add('allowed', '["read", 1]');
    // Values where a list goes without its brackets (`allowed = "read", "grep"`; in an inline table,
    // before its next key), their commas left out now and then: `intended` has the list.
    if (chance(0.04)) add(pick(['allowed', 'disallowed']), `${OPENED}${entries().concat(pick(pick(POOLS)), pick(pick(POOLS))).slice(-3).map(str).join(`${comma()} `)}${CLOSED}`);
    if (chance(0.02)) add('disallowed', pick(['{ bash = "deny" }', '1', '"Shell"', '"bash()"', '"*(x)"']));
    // Keys below a tool's name (`edit.x = "allow"` makes `edit` a table), escaped key names.
    if (chance(0.04)) add(pick(['edit.x', '"bash".y', 'sub.deep.key']), pick(MAP_VALUES));
    if (chance(0.04)) add(pick(['"\\u0053hell"', "'Shell'", '"mcp\\u005f_gh"']), pick(MAP_VALUES));
    // Map-form keys first, or mixed: where they stand does not matter to Mars.
    for (let i = pairs.length - 1; i > 0; i--) {
      if (!chance(0.4)) continue;
      const j = int(i + 1);
      [pairs[i], pairs[j]] = [pairs[j]!, pairs[i]!];
    }
    return pairs;
  };

  const line = (s: string) => `${chance(0.12) ? `${pick(COMMENTS)}\n` : ''}${s}${trailing()}\n`;
  // Now and then a list written outside the tools table, which Mars does not read as one: beside
  // it (`tools.` forgotten), in a table one typo from `tools`, or Claude Code's settings' `permissions`.
  const misplaced = () => pick(['', 'tool.', 'Tools.', 'permissions.']);
  const tools = (k: string) => (chance(0.06) && (k === 'allowed' || k === 'disallowed' || MISSPELT.includes(k)) ? misplaced() : 'tools.');

  /** An inline table's key/values on one line. */
  const inline = (pairs: ReadonlyArray<[string, string]>) => pairs.map(([k, v], i) => `${i > 0 ? `${comma()} ` : ''}${k} = ${v}`).join('');

  /**
   * The statements of a big `[agents]` section (past 16 KB: the analysis cuts it into pieces), one
   * agent each. Where commas are left out, also some entries to fix in every part of it (a piece
   * after one whose comma is missing is fixed only once the comma is in), and a few of its commas
   * left out, now and then in its last statements (the section's last piece).
   */
  const filler = (): string[] => {
    const n = 520;
    const odd = dropping > 0 ? 0.04 : 0;
    const out = Array.from({ length: n }, (_, i) => `filler${i}.tools.allowed = ["read", ${chance(odd) ? str(pick(ALIASES)) : '"grep"'}]\n`);
    if (dropping > 0) {
      for (let k = 1 + int(4); k > 0; k--) {
        const i = chance(0.3) ? n - 1 - int(20) : int(n);
        out[i] = pick([
          `filler${i}.tools.allowed = ["read"${DROPPED} ${str(pick(ALIASES))}]\n`,
          `filler${i}.tools.allowed = [\n  "read"${DROPPED}\n  ${str(pick(pick(POOLS)))},\n]\n`,
          `filler${i}.tools = { allowed = ["read"]${DROPPED} disallowed = [${str(pick(ALIASES))}] }\n`,
          `filler${i}.tools.allowed = ["read"${DROPPED} "grep"${DROPPED} ${str(pick(ALIASES))}]\n`,
        ]);
      }
    }
    return out;
  };

  const next = (): string => {
    dropping = chance(0.12) ? pick([0.1, 0.25, 0.5]) : 0;
    const root: string[] = [];
    const agentsTable: string[] = [];
    const skillsTable: string[] = [];
    const sections: string[] = [];
    const count = 1 + int(3);
    const chosen = new Set<number>();
    while (chosen.size < count) chosen.add(int(OWNERS.length));
    for (const o of chosen) {
      const [kind, name] = OWNERS[o]!;
      const form = int(10);
      const pairs = toolsPairs((form !== 2 && form !== 7) || chance(0.3));
      if (pairs.length === 0 && chance(0.5)) continue;
      switch (form) {
        case 0: // [agents.x.tools]
        case 5:
          // Header spaced now and then; the overlay's own table beside it, before or after.
          // Now and then Claude Code's settings as its inline table there, with a key Mars has no list for, which stays.
          if (chance(0.15)) sections.push(`[${kind}.${name}]\ndescription = "d"\n${chance(0.2) ? `permissions = { allow = ${list(entries(), false)}${pick(['', ', ask = ["Edit"]', ', defaultMode = "plan"'])} }\n` : ''}`);
          sections.push(`${chance(0.1) ? `${pick(COMMENTS)}\n` : ''}${chance(0.1) ? `[ ${kind} . ${name} . tools ]` : `[${chance(0.02) ? kind.slice(0, -1) : kind}.${name}.${chance(0.03) ? pick(['tool', 'Tools', 'permissions']) : 'tools'}]`}\n${pairs.map(([k, v]) => line(`${k}${chance(0.1) ? '\t=\t' : ' = '}${v}`)).join('')}`);
          // A list written as a table (Mars rejects it), where no key wrote that list.
          if (chance(0.04) && !pairs.some(([k]) => k === 'allowed')) sections.push(`[${kind}.${name}.tools.allowed]\nx = 1\n`);
          // OpenCode's table of patterns of its own, before or after the tools table: its move writes into that.
          if (chance(0.04)) sections.push(`[${kind}.${name}.tools.bash]\n${pick(['', '# from OpenCode\n'])}"git *" = "allow"\n${pick(['"rm *" = "deny"\n', '"*" = "ask"\n', ''])}`);
          // Claude Code's settings as a table of their own beside it: its lists' move writes into that.
          // A rule among them now and then (map-form, or OpenCode's by pattern), which moves with the lists where it can.
          if (chance(0.04)) sections.push(`[${kind}.${name}.permissions]\n${pick(['', '# settings.json\n'])}allow = ${list(entries(), false)}\n${pick([`deny = ${list(entries(), false)}\n`, 'ask = ["Edit"]\n', ''])}${pick(['', '', 'bash = "deny"\n', 'WebFetch = false\n', '"Read, Grep" = "allow"\n', 'bash = { "git *" = "allow", "rm *" = "deny" }\n', 'bash = { "git *" = "allow", "*" = "ask" }\n', 'bash."npm *" = "ask"\n'])}`);
          // What a header a fix renames must not clash with, before it or after it: the owner's table or its tools table
          // under a misspelt root key (`[agent.a]` then `tools.allowed`), a table below its tools, dotted keys through its table.
          if (chance(0.05)) {
            const beside = pick([`[${kind.slice(0, -1)}.${name}]\ntools.${pick(['allowed', 'disallowed'])} = ${list(entries(), false)}\n`,
              `[${kind.slice(0, -1)}.${name}.tools]\n${pick(['allowed', 'deny', 'bash."git *" = "allow"\nallowed'])} = ${list(entries(), false)}\n`,
              `[${kind}.${name}.tools.sub]\nx = 1\n`, '']);
            if (beside !== '') sections.push(beside);
            else (kind === 'agents' ? agentsTable : skillsTable).push(`${name}.x.y = 1\n`);
          }
          break;
        case 1: // [agents.x] tools.k = v
          sections.push(`[${kind}.${name}]\n${chance(0.3) ? 'description = "d"\n' : ''}${pairs.map(([k, v]) => line(`${tools(k)}${k} = ${v}`)).join('')}`);
          break;
        case 2: // [agents.x] tools = { ... }
          // Now and then a list meant for it beside it, or Claude Code's settings: their moves write into the inline table.
          sections.push(`[${kind}.${name}]\n${line(`tools = { ${inline(pairs)} }`)}${chance(0.06) ? `${pick(['deny', 'disallowedTools', 'permissions.deny', 'allowed'])} = ${list(entries(), false)}\n` : ''}`);
          if (chance(0.04)) sections.push(`[${kind}.${name}.permissions]\n${pick(['allow', 'deny'])} = ${list(entries(), false)}\n`);
          break;
        case 3: // agents.x.tools.k = v at the root
          root.push(...pairs.map(([k, v]) => line(`${kind}.${name}.${tools(k)}${k} = ${v}`)));
          break;
        case 4: // [agents] x.tools.k = v
          (kind === 'agents' ? agentsTable : skillsTable).push(...pairs.map(([k, v]) => line(`${name}.${tools(k)}${k} = ${v}`)));
          break;
        case 6: // [agents.x] "tools"."k" = v, or the inline table over lines (TOML 1.1: Mars refuses it)
          if (chance(0.5)) sections.push(`[${kind}.${name}]\n${pairs.map(([k, v]) => line(`"tools".${k.startsWith('"') ? k : `"${k}"`}\t= ${v}`)).join('')}`);
          else sections.push(`[${kind}.${name}]\ntools = {\n${pairs.map(([k, v], i) => `${i > 0 ? `${comma()}\n` : ''}  ${k} = ${v}`).join('')}${chance(0.3) ? ',' : ''}\n}\n`);
          break;
        case 7: // agents.x = { tools = { … } } at the root, one statement
          root.push(line(`${kind}.${name} = { tools = { ${inline(pairs)} } }`));
          break;
        case 8: // [[agents]] name = "x" (Mars reads no array of agents; a clash beside another form of them)
          sections.push(`[[${kind}]]\n${line(`name = ${name.startsWith('"') ? name : `"${name}"`}`)}${pairs.map(([k, v]) => line(`tools.${k} = ${v}`)).join('')}`);
          break;
        case 9: { // [agents.x] tools = […] beside disallowedTools = […] (Claude's agent front matter written as TOML)
          const value = (k: string) => pairs.find(([key]) => key === k)?.[1] ?? list(entries(), false);
          const both = [line(`tools = ${chance(0.3) ? `"${pick(['Read, Grep', 'Read', 'Bash, Edit', 'read,edit', 'Shell'])}"` : value('allowed')}`),
            line(`${pick(['disallowedTools', 'disallowed-tools', 'disallowed_tools'])} = ${value('disallowed')}`)];
          sections.push(`[${kind}.${name}]\n${(chance(0.5) ? both : both.reverse()).join('')}`);
          break;
        }
      }
    }
    // Now and then a section past 16 KB, which the analysis cuts into pieces between owners.
    if (chance(dropping > 0 ? 0.1 : 0.03)) {
      const lines = filler();
      const at = int(lines.length);
      agentsTable.splice(0, 0, ...lines.slice(0, at));
      agentsTable.push(...lines.slice(at));
    }
    if (agentsTable.length > 0) sections.push(`[agents]\n${agentsTable.join('')}`);
    if (skillsTable.length > 0) sections.push(`[skills]\n${skillsTable.join('')}`);
    for (let i = sections.length - 1; i > 0; i--) {
      const j = int(i + 1);
      [sections[i], sections[j]] = [sections[j]!, sections[i]!];
    }
    if (chance(0.1)) sections.push('[dependencies.base]\nsource = "github:x/y"\n');
    let text = `${chance(0.05) ? '# mars-ignore-file: legacy-prefix\n' : ''}${root.join('')}${root.length > 0 && sections.length > 0 ? '\n' : ''}${sections.join('\n')}`;
    let intended: string | null = /[\u0001-\u0003]/.test(text) ? text.replaceAll(DROPPED, ',').replaceAll(OPENED, '[').replaceAll(CLOSED, ']') : null;
    // A comma left out: nothing there, or now and then what TOML does not read as a blank.
    text = text.replaceAll(DROPPED, () => (chance(0.2) ? pick(UNREAD) : '')).replaceAll(OPENED, '').replaceAll(CLOSED, '');
    // After a value, a character TOML does not read as a blank (a byte order mark mid-file).
    if (chance(0.03)) {
      const ends = [...text.matchAll(/["\]}](?=[ \t]*\r?\n)/g)];
      if (ends.length > 0) {
        const at = pick(ends).index + 1;
        text = `${text.slice(0, at)}${pick(UNREAD)}${text.slice(at)}`;
        intended = null;
      }
    }
    if (chance(0.08)) {
      text = mutate(text);
      intended = null;
    }
    if (chance(0.08)) {
      text = text.replace(/\n/g, '\r\n');
      intended = intended?.replace(/\n/g, '\r\n') ?? null;
    }
    if (chance(0.03)) {
      text = `\uFEFF${text}`;
      intended = intended === null ? null : `\uFEFF${intended}`;
    }
    out.intended = intended;
    return text;
  };
  const out = Object.assign(next, { intended: null as string | null });
  return out;

  function mutate(text: string): string {
    const at = int(text.length + 1);
    switch (int(4)) {
      case 0:
        return text.slice(0, at) + text.slice(at + 1);
      case 1:
        return text.slice(0, at) + pick(['"', '[', ']', '{', '}', '=', ',', '#', '\n', "'", '"""']) + text.slice(at);
      case 2:
        return text.slice(0, at);
      default: {
        const lines = text.split('\n');
        const i = int(lines.length);
        lines.splice(i, 0, lines[i] ?? '');
        return lines.join('\n');
      }
    }
  }
}


// ---------------------------------------------------------------------------------------------
// Meaning kept.

export type Meaning = ReturnType<typeof meaningOfAll>;

/**
 * `before` with each wire grant read as the portable grant where fix-all rewrote it: where the same
 * list of `after` no longer holds it as written, or holds both (one of two entries rewritten).
 */
export function portable(before: Meaning, after: Meaning): Meaning {
  const out: Meaning = {};
  for (const [owner, lists] of Object.entries(before)) {
    const map = (list: 'allowed' | 'disallowed') => {
      const kept = new Set(after[owner]?.[list] ?? []);
      const out = new Set<string>();
      for (const m of lists[list]) {
        if (!m.startsWith(CLAUDE_ONLY)) {
          out.add(m);
          continue;
        }
        // Rewritten (all of its entries, or some: one of two kept by a mars-ignore), or kept.
        const grant = m.slice(CLAUDE_ONLY.length);
        if (kept.has(m)) out.add(m);
        if (!kept.has(m) || kept.has(grant)) out.add(grant);
      }
      return [...out].sort();
    };
    out[owner] = { allowed: map('allowed'), disallowed: map('disallowed') };
  }
  return out;
}

/** (a), (b), (c): the output is TOML where the input was, and means what it did. */
export function keepsMeaning(before: Loaded, after: Loaded, show: string, how: string, fail: (property: string, detail: string) => void): void {
  if (before.toml && !after.toml) fail(`a: output is TOML${how}`, show);
  if (before.parsed && !after.parsed) fail(`a: output is TOML 1.1 at least${how}`, show);
  if (before.accepted && !after.accepted) fail(`b: Mars still loads it${how}`, `${show}\n--- now rejected: ${after.rejected.join('; ')}`);
  if (!before.parsed || !after.parsed) return;
  const m1 = meaningOfAll(after);
  const m0 = portable(meaningOfAll(before), m1);
  try {
    assert.deepEqual(m1, m0);
  } catch {
    fail(`${before.accepted ? 'b: same rules' : 'c: same rules, rejected entries by their one meaning'}${how}`, `${show}\n--- before ${JSON.stringify(m0)}\n--- after  ${JSON.stringify(m1)}`);
  }
}

