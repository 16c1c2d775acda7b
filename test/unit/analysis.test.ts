// Data-driven analysis tests (rust-analyzer style): a mars.toml text in, the findings out as
// `code@text` (the text under the finding's span), pure, with no server in between.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeDocument, DocumentAnalyzer, documentFindings, outsideOf } from '../../server/src/analysis/document';
import { countFixAll, documentFixAll } from '../../server/src/analysis/documentFixAll';
import { CODES, type Code, type SeverityOverrides } from '../../server/src/analysis/codes';
import { parse } from 'smol-toml';
import { applyEdits } from '../../server/src/analysis/edits';
import { fixAmong, partnersSeen, type Finding } from '../../server/src/analysis/findings';
import { fixesFromParse } from '../../server/src/analysis/entryFindings';
import { VerdictMemo } from '../../server/src/analysis/verdicts';
import { parseToml } from '../../server/src/toml/parse';
import { rng } from '../support/rng';
import { ERROR_ALLOWED } from '../../server/src/grammar/toolName';
import { meantList, meantOwner } from '../../server/src/analysis/meant';
import { suppressEdit, suppressFileEdit } from '../../server/src/analysis/suppress';
import { analyze, fixAllMayChange, visibleFindings } from '../../server/src/analysis/analyze';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, SHARED } from '../support/paths';
import { tomlEditTakes } from '../support/tomlEdit';

function check(input: string, expected: string[]): void {
  const a = analyzeDocument(input);
  assert.deepEqual(documentFindings(a).map((f) => `${f.code}@${input.slice(f.span.start, f.span.end)}`), expected);
}

/** `n` lists nested in one another, and a key of `n` parts. */
const nest = (n: number) => '['.repeat(n) + ']'.repeat(n);
const parts = (n: number, k = 'k') => Array.from({ length: n }, (_, i) => `${k}${i}`).join('.');

const CASES: Array<[name: string, input: string, expected: string[]]> = [
  ['table header', '[agents.r.tools]\nallowed = ["Bash"]\n', ['non-canonical@Bash']],
  ['dotted in agent table', '[agents.c]\ntools.allowed = ["Bash"]\n', ['non-canonical@Bash']],
  ['inline table', '[agents.o]\ntools = { disallowed = ["Web"] }\n', ['non-canonical@Web']],
  ['quoted skill name', '[skills."deep research".tools]\ndisallowed = ["Agent"]\n', ['non-canonical@Agent']],
  ['dotted from root', 'agents.p.tools.allowed = ["Read"]\n', ['non-canonical@Read']],
  ['dotted from [agents]', '[agents]\nt.tools.allowed = ["Bash"]\n', ['non-canonical@Bash']],
  ['inline agent', '[agents]\nq = { tools = { allowed = ["Bash"] } }\n', ['non-canonical@Bash']],
  ['quoted dotted keys', '"agents"."x"."tools"."allowed" = ["Bash"]\n', ['non-canonical@Bash']],
  ['mars.local shape, other tables ignored', '[dependencies.a]\nagents = ["Bash"]\n[settings]\nx = ["shell"]\n[agents.a]\ndescription = "Bash"\n', []],
  ['tools.mcp removed', '[agents.a.tools]\nmcp = ["gh"]\n', ['invalid-tool-policy@mcp']],
  ['tools is not a table', '[agents.a]\ntools = "bash"\n', ['invalid-tool-policy@"bash"']],
  ['allowed is a table', '[agents.a.tools.allowed]\nx = 1\n', ['invalid-tool-policy@agents.a.tools.allowed']],
  ['other tables below a tools table', '[agents.a.tools.sub]\nx = 1\n[[skills.b.tools."Bash".c]]\n', ['unknown-policy-key@sub', 'unknown-policy-key@Bash']],
  ['non-string entry', '[agents.a.tools]\nallowed = ["read", true]\n', ['invalid-tool-policy@true']],
  // A list meant for the tools table, written beside it or in a table that misses `tools`: Mars does
  // not read it as one, so its entries are not judged as tool names.
  ['a tool list beside the tools table', '[agents.a]\nallowed = ["Bash"]\n[agents]\nb.deny = []\nc = { disallowedTools = ["x"] }\n', ['misplaced-tool-list@allowed', 'misplaced-tool-list@deny', 'misplaced-tool-list@disallowedTools']],
  // Separators between the words are no characters of a list's name, long as the key is (`meantList` lets a longer one go unread).
  ['a tool list beside the tools table, with separators', '[agents.a]\ndisallowed-tools = ["x"]\n[agents.b]\ndisallowed_tools = ["x"]\n[agents.c]\n"disallowed tools" = ["x"]\n',
    ['misplaced-tool-list@disallowed-tools', 'misplaced-tool-list@disallowed_tools', 'misplaced-tool-list@disallowed tools']],
  ['tool lists in a table that misses `tools`: one finding on the name', '[agents.a.tool]\nallowed = ["read"]\ndisallowed = ["web"]\n[skills.b]\nTools.deny = ["x"]\n', ['misplaced-tool-list@tool', 'misplaced-tool-list@Tools']],
  ['tool lists in an inline table one typo from `tools`', '[agents.a]\ntool = { allowed = ["read"], x = 1 }\n[agents]\nb = { Tools = { deny = ["x"] } }\n', ['misplaced-tool-list@tool', 'misplaced-tool-list@Tools']],
  // Mars ignores the whole misspelt root key: what an owner spelt right would be told of (a list beside its tools table, as
  // `[agent.w]` holds) is said there too, by the one finding on the owner's name.
  ['tool lists under a table one typo from `agents` or `skills`', 'agent.r.tools.allowed = ["Bash"]\n[Skills.y]\ntools = { allowed = ["x"] }\n[agnets.z.tool]\nallowed = ["read"]\n[agent.w]\ndescription = "d"\nallowed = ["read"]\n[agency.v.tools]\nallowed = ["read"]\n',
    ['misplaced-tool-list@agent', 'misplaced-tool-list@Skills', 'misplaced-tool-list@agnets', 'misplaced-tool-list@agent']],
  // OpenCode's rules of patterns in a table meant as `tools`, dotted or in a table of their own, a string beside the tools table
  // or in it, a list in a table meant as `tools` or dotted through `tools`: each one finding on the misspelt owner, as
  // `[agent.a.tools]` then `allowed = ["read"]` gets, none of its own (the rename to `agents` is what puts them where they are told).
  ['what a misspelt owner holds that a tools table would: one finding on its name', '[agent.a.permission]\nbash."x *" = "allow"\n[skill.s.permission.bash]\n"x *" = "allow"\n' +
    '[agent.b]\nallowed = "read"\n[agent.c.tools]\nallowed = "read"\n[agent.d.permission]\nallow = ["read"]\n[agent.e]\ntools.allowed = ["read"]\nallowed = "grep"\n[Agents]\nf = { deny = "web" }\n',
    ['misplaced-tool-list@agent', 'misplaced-tool-list@skill', 'misplaced-tool-list@agent', 'misplaced-tool-list@agent', 'misplaced-tool-list@agent', 'misplaced-tool-list@agent', 'misplaced-tool-list@Agents']],
  // Under a misspelt owner, nothing is said of what no tools table would hold with the owner spelt right: a verdict, `"ask"` alone, a
  // key of no list, a string of no tool name in `tools`, a list a table deeper.
  ['what a misspelt owner holds that no tools table would: nothing said', '[agent.a.permission]\nbash."x *" = "ask"\n[skill.s.permission.bash]\n"*" = "ask"\n' +
    '[agent.b]\ndescription = "read"\nmodel.allowed = ["read"]\n[agent.c.tools]\nallowed = "allow"\n[agent.e.tool.sub]\ndeny = ["bash"]\n', []],
  // A rule below `tools` itself (`bash = "allow"`, `[agent.x.tools.bash]`) is said with the owner, as a list there is: renamed, it is a
  // key Mars ignores there still, told so then with its move, but Mars ignores the misspelt root key whole (it was said nowhere).
  ['rules below a misspelt owner\'s `tools`: said with the owner', '[agent.c.tools]\nallowed = "allow"\nbash = "allow"\n[agent.d.tools.bash]\n"x *" = "allow"\n[skill.e.tools]\nbash = { "git *" = "deny" }\n',
    ['misplaced-tool-list@agent', 'misplaced-tool-list@agent', 'misplaced-tool-list@skill']],
  // Codex's names for an MCP server's tool lists, written as its `[mcp_servers.x]` holds them; not `enabled` alone, a switch.
  ['Codex\'s tool lists beside the tools table', '[agents.a]\nenabled_tools = ["read"]\ndisabled_tools = "write"\nenabled = "yes"\n', ['misplaced-tool-list@enabled_tools', 'misplaced-tool-list@disabled_tools']],
  // A list where no agent or skill is named, meant for them all: at the root, or in a root table meant as `tools` (Claude Code's
  // settings' `[permissions]`, OpenCode's `[permission]` and `[tools]`). One finding per name at fault, as above.
  ['tool lists at the root, or in a root table meant as `tools`: no agent\'s or skill\'s', 'allowed = ["x"]\ndeny = "bash"\ntools.allowed = ["read"]\nTools = { disallowed = ["web"] }\n' +
    '[permissions]\nallow = ["Bash(npm test:*)"]\ndeny = ["WebFetch"]\nask = ["Edit"]\n[permission]\nedit = "deny"\nbash = "ask"\n[tool]\nbash = true\n',
    ['misplaced-tool-list@allowed', 'misplaced-tool-list@deny', 'misplaced-tool-list@tools', 'misplaced-tool-list@Tools', 'misplaced-tool-list@permissions', 'misplaced-tool-list@permission', 'misplaced-tool-list@tool']],
  ['root tool lists with CRLF line ends', 'allowed = ["x"]\r\n[permissions]\r\ndeny = ["bash"]\r\n', ['misplaced-tool-list@allowed', 'misplaced-tool-list@permissions']],
  ['a root tool list silenced by its comment, the next one not', '[tools] # mars-ignore: misplaced-tool-list\nallowed = ["read"]\n[permissions]\ndeny = ["bash"]\n', ['misplaced-tool-list@permissions']],
  ['a root tool list past a syntax error in its section is not judged', '[tools]\nallowed = ["read"]\nx = [1 2]\ndeny = ["bash"]\n', ['misplaced-tool-list@tools', 'toml-syntax@2']],
  // A root table of the user's own settings named so, a verdict (under a list's name too), a rule or a list deeper than the
  // table, an array of tables, Mars's own root tables, an owner's own tools table, a root list named as another harness names
  // `tools` (`permission = [...]`, which may be a project's own; only `tools = [...]` is read as `allowed`): none is a tool
  // list meant for every agent.
  ['what no root tool list is', 'bash = "allow"\ndeny = "allow"\npermissions.x.allow = ["a"]\npermission = ["read"]\n[tools]\nversion = 1\ndebug = true\nbash = "ask"\nallowed = [1]\ndeny = "allow"\n' +
    '[tools.x]\nallowed = ["a"]\n[[Tool]]\nallowed = ["b"]\n[agents]\nallowed = ["c"]\n[agents.b.tools]\nallowed = ["read"]\n[package]\nallowed = ["d"]\n[settings]\ndeny = ["e"]\n', []],
  // `tools` written at the root as the list (as an agent's `tools = [...]` is meant as its `allowed`) is one too; not a verdict
  // or another value that names no tool.
  ['a root `tools` written as a list', 'tools = ["read"]\n[agents.a.tools]\nallowed = []\n', ['misplaced-tool-list@tools']],
  ['a root `tools` written as a string', 'tools = "read, grep"\n', ['misplaced-tool-list@tools']],
  ['a root `tools` of a verdict is no tool list', 'tools = "allow"\n', []],
  ['a root `tools` of no string is no tool list', 'tools = [1, 2]\n', []],
  ['a root `tools` of a boolean is no tool list', 'tools = true\n', []],
  ['a key two edits from `permissions` or `permission` is none meant as `tools`', '[agents.a]\npermissive = ["read"]\n[agents.b.permits]\ndeny = ["bash"]\n[permissible]\nallow = ["x"]\n', []],
  ['a list of no string is no tool list', '[agents.a]\nallowed = [1]\ndeny = [["bash"]]\n', []],
  // A list a table deeper below the misspelt `tools`: renamed, it would be no list of the tools table but a table below it.
  ['a list in a table below one a typo from `tools` is no tool list', '[agents.a]\ntool.sub.allowed = ["read"]\n[agents.b.tool.sub]\ndeny = ["bash"]\n', []],
  ['other keys and lists of an agent are not tool lists', '[agents.a]\nskills = ["x"]\nmodel.allowed = ["x"]\ntools.allowed = ["read"]\n[dependencies.d]\nallowed = ["x"]\n', []],
  // A string where the list goes, beside the tools table: meant as `tools.allowed = ["read"]`, no more read by Mars than a list there.
  ['a tool name written beside the tools table, as a string', '[agents.a]\nallowed = "read"\n[agents]\nb.deny = "bash"\nc = { disallowed = "web" }\n', ['misplaced-tool-list@allowed', 'misplaced-tool-list@deny', 'misplaced-tool-list@disallowed']],
  // So is one in a table one typo from `tools`, as a list there is; not a verdict, which names no tool.
  ['a tool name as a string in a table one typo from `tools`', '[agents.a]\ntool.allowed = "read"\n[agents.b.Tools]\ndeny = "bash"\n[agents.c.tool]\nallowed = "allow"\n' +
    // Under a misspelt owner, a string is as much a list Mars ignores, there or in its tools table (`[agent.d.tools]`): said on the owner.
    '[agnets.d.tool]\nallowed = "read"\n', ['misplaced-tool-list@tool', 'misplaced-tool-list@Tools', 'misplaced-tool-list@agnets']],
  // Mars reads each agent and skill as one table: anything else stops the load (a list excepted,
  // which its serde reads as the table's fields by position).
  ['an agent written as an array of tables: its tools still read', '[[agents.x]]\ntools.allowed = ["Bash"]\n', ['invalid-tool-policy@agents.x', 'non-canonical@Bash']],
  ['[[agents]]: the keys below name no agent', '[[agents]]\nname = "x"\ntools.allowed = ["Bash"]\n', ['invalid-tool-policy@agents']],
  // After `[[agents]]` (or `[[skills]]`), a header below it names a table in the array's last
  // element (toml_edit and smol-toml agree: `{ agents = [{ x = { tools = … } }] }`), not agent x's.
  ['after [[agents]], [agents.x.tools] is no agent\'s tools table', '[[agents]]\nname = "a"\n[agents.x.tools]\nallowed = ["Bash", "mcp__gh__x", "bash"]\nsub = "allow"\n', ['invalid-tool-policy@agents']],
  ['after [[agents]], nor is tools under [agents.x], dotted or inline, or a list beside it', '[[agents]]\n[agents.x]\ntools.allowed = ["Bash"]\nallowed = ["read"]\n[agents.y]\ntools = { disallowed = ["Web"] }\n[agents.z]\ntools = 1\n', ['invalid-tool-policy@agents']],
  ['after [[agents]], a table below tools, a list written as a table, [[agents.x]]: none is an agent\'s', '[[agents]]\n[agents.x.tools.sub]\n[agents.y.tools.allowed]\n[[agents.z]]\n[agents.w.tool]\nallowed = ["read"]\n', ['invalid-tool-policy@agents']],
  ['[[skills]] the same; [agents] tables stay read, and each [[…]] is told', '[agents.a.tools]\nallowed = ["Bash"]\n[[skills]]\n[skills.y.tools]\nallowed = ["Bash"]\n[[skills]]\n[agents.b.tools]\nallowed = ["Web"]\n', ['non-canonical@Bash', 'invalid-tool-policy@skills', 'invalid-tool-policy@skills', 'non-canonical@Web']],
  // Where `agents` was a table first, `[[agents]]` is a TOML error and changes nothing after it; so
  // is `[agents]` after `[[agents]]`, and a header adding to a list written as a value: Mars stops
  // at the error, and either definition may be the one to go, so what follows is read as written.
  // So after `[[tools]]` (or `[[permission]]`), `[tools.bash]` is a table of its last element, no root table of OpenCode's patterns.
  ['after [[tools]], [tools.bash] is no root table of patterns', '[[tools]]\nname = "x"\n[tools.bash]\n"git *" = "allow"\n[[permission]]\n[permission.edit]\n"*.md" = "deny"\n', []],
  // OpenCode writes no boolean for a pattern: at the root, where a `[tools]` may be a project's own, one below a tool is a setting.
  ['a boolean below a tool in a root table is no rule of patterns', '[tools.edit]\nenabled = true\n[tools]\nbash = { debug = false }\ngrep.ignore_case = true\n', []],
  ['[[agents]] after [agents.x.tools], or [agents] after [[agents]]: a clash, the tables still read', '[agents.x.tools]\nallowed = ["Bash"]\n[[agents]]\n[agents.y.tools]\nallowed = ["Read"]\n', ['non-canonical@Bash', 'toml-syntax@[[agents]]', 'invalid-tool-policy@agents', 'non-canonical@Read']],
  ['[agents] after [[agents]]: a clash, its keys still read', '[[agents]]\n[agents]\nx.tools.allowed = ["Bash"]\n', ['invalid-tool-policy@agents', 'toml-syntax@[agents]', 'non-canonical@Bash']],
  // A `[[agents` being typed may yet be `[[agents.y]]`: the tables below it keep their agents meanwhile.
  ['[[agents being typed above [agents.x.tools]: the table is still read', '[[agents\n[agents.x.tools]\nallowed = ["Bash"]\n[[agents.\n[agents.y.tools]\nallowed = ["Read"]\n[[agents] # x\n[agents.z.tools]\nallowed = ["Web"]\n', ['toml-syntax@s', 'non-canonical@Bash', 'toml-syntax@.', 'non-canonical@Read', 'toml-syntax@ ', 'non-canonical@Web']],
  // Nor does it clash with a table of another section: `[agents.` typed above `[agents]` (on the way to `[agents.new.tools]`) said
  // `[agents]` defined twice, `[[skills.` above `[skills]` said it an array of tables, till the header was closed.
  ['a header being typed clashes with no table below it', '[agents.\n[agents]\nx.tools.allowed = ["Bash"]\n[[skills.\n[skills]\ny.tools.allowed = ["Read"]\n', ['toml-syntax@.', 'non-canonical@Bash', 'toml-syntax@.', 'non-canonical@Read']],
  ['nor with a table above it', '[agents]\nx.tools.allowed = ["Bash"]\n[agents\ny.tools.allowed = ["Read"]\n', ['non-canonical@Bash', 'toml-syntax@s', 'non-canonical@Read']],
  // A key being typed (no `=`, or no value yet) defines nothing: `agents` typed at the root (on the way to `agents.x.tools.allowed = […]`)
  // said every `[agents.…]` header below it a clash with a value.
  ['a key being typed clashes with no table below it', 'agents\n[agents.a]\ntools.allowed = ["Bash"]\n', ['toml-syntax@s', 'non-canonical@Bash']],
  ['a dotted key being typed, the same', 'agents.\n[agents.a.tools]\nallowed = ["Bash"]\n', ['toml-syntax@.', 'non-canonical@Bash']],
  ['a key with no value yet, the same', 'skills =\n[skills.b.tools]\nallowed = ["Bash"]\n', ['toml-syntax@=', 'non-canonical@Bash']],
  ['a header adding to `agents` written as a list: a clash, the table still read', 'agents = []\n[agents.x.tools]\nallowed = ["Bash"]\n', ['invalid-tool-policy@[]', 'toml-syntax@[agents.x.tools]', 'non-canonical@Bash']],
  ['an agent or skill written as a value', 'agents.x = "reviewer"\nskills = { y = 1, z = [], w = { tools.allowed = ["read"] } }\n', ['invalid-tool-policy@"reviewer"', 'invalid-tool-policy@1']],
  ['an agent written as a value under [agents]', '[agents]\n"q r" = true\n', ['invalid-tool-policy@true']],
  ['`agents` itself written as a value', 'agents = "x"\n', ['invalid-tool-policy@"x"']],
  // A value that is no TOML (`0x`) is its syntax error alone: what it was meant as is not known.
  ['an agent written as a value that is no TOML: only its syntax error', '[agents]\nx = 1979-05-27T07:32:00Z\ny = 0x\n', ['invalid-tool-policy@1979-05-27T07:32:00Z', 'toml-syntax@0x']],
  ['a list as `agents`, or of tables as one agent (the value [[agents.x]] makes)', 'agents = []\nskills = { s = [{ tools = { allowed = ["Bash"] } }], t = [], u = ["d"] }\n', ['invalid-tool-policy@[]', 'invalid-tool-policy@[{ tools = { allowed = ["Bash"] } }]']],
  ['a header being typed, or a line the parser cannot read, judges no overlay below it', '[agents].coder]\ndescription = "x"\n[skills]\n,junk\ny = "z"\n', ['toml-syntax@.', 'toml-syntax@,']],
  ['what TOML 1.1 added is Mars\'s syntax error, and the overlays after it are still judged', '[agents]\nx = { a = 1, t = 07:32, }\nz = "s"\n', ['toml-syntax@07:32', 'toml-syntax@,', 'invalid-tool-policy@"s"']],
  ['a float past the largest is a syntax error for Mars (toml_edit refuses infinity)', '[agents]\nx.tools.allowed = ["Read"]\ny = { n = 1e400 }\n', ['non-canonical@Read', 'toml-syntax@1e400']],
  ['`allowed =` before its `[` is typed: the items read as keys are not policy keys', '[agents.a]\ntools = { allowed =\n  "Bash",\n]}\n[agents.b.tools]\nsub =\n', ['toml-syntax@=', 'toml-syntax@=']],
  // toml_edit's recursion limit (80), which smol-toml's (1,000) passes.
  ['nesting: 79 levels load, 80 do not, reported once a statement at the 80th', `a = ${nest(79)}\nb = [${nest(80)}, ${nest(80)}]\nc = ${'{ x = '.repeat(79)}[1]${' }'.repeat(79)}\n`,
    ['toml-syntax@[', 'toml-syntax@[']],
  ['a key of 79 parts loads, of 80 does not (in a header, in an inline table, spaced)', `${parts(79)} = 1\n${parts(80, 'l')} = 1\n[${parts(80, 'm')}]\n[[${parts(80, 'n').replace(/\./g, ' . ')}]]\nx = { b = {}, ${parts(80)} = 1.5 }\n`,
    [`toml-syntax@${parts(80, 'l')}`, `toml-syntax@${parts(80, 'm')}`, `toml-syntax@${parts(80, 'n').replace(/\./g, ' . ')}`, `toml-syntax@${parts(80)}`]],
  ['dots in strings and values are not key parts', `a = "${'.'.repeat(120)}"\n"${'.'.repeat(120)}" = [${Array(120).fill('1.5').join(', ')}]\n`, []],
  // A section reports the first error Mars's parser meets: a limit smol-toml passes, before the error it finds.
  ['a section with a syntax error reports the first alone', `a = ${nest(79)}\nb = \nc = ${nest(80)}\n`, ['toml-syntax@=']],
  ['nesting past the limit, then another error: the nesting', `a = ${nest(80)}\nb = \n`, ['toml-syntax@[']],
  ['a key past the limit, then another error: the key', `[agents.x.tools]\n${parts(100)} = 1\ny =\n`, [`unknown-policy-key@k0`, `toml-syntax@${parts(100)}`]],
  ['past the model\'s own depth (128), a multi-line string\'s brackets do not count', `a = ${'['.repeat(130)}'''\n]]\n'''${']'.repeat(130)}\nb = ${nest(80)}\n`, ['toml-syntax@[', 'toml-syntax@[']],
  ['[[agents] half typed: the keys below are still read', '[[agents]\nx.tools.allowed = ["Read"]\n', ['toml-syntax@]', 'non-canonical@Read']],
  // Mars ignores the key, so a name it would reject does not stop the load: no error, no move.
  ['map form key with invalid name', '[agents.a.tools]\n"mcp()" = "allow"\n', ['unknown-policy-key@mcp()']],
  ['inline agents table at the root', 'agents = { a = { tools = { allowed = ["Bash"] } } }\nskills = { b.tools.disallowed = ["Web"] }\n', ['non-canonical@Bash', 'non-canonical@Web']],
  ['duplicates only within one list', '[agents.a.tools]\nallowed = ["read", "cat"]\ndisallowed = ["view"]\n', ['non-canonical@cat', 'duplicate-entry@cat', 'non-canonical@view', 'allow-deny-conflict@view']],
  // A list written twice (a syntax error; the second over lines, read as written): a meaning it holds twice is one conflict.
  ['a disallowed list defined twice, each holding what allowed does: one conflict', '[agents.a.tools]\ndisallowed = ["bash"]\nallowed = ["bash"]\ndisallowed = [\n"bash"]\n', ['allow-deny-conflict@bash', 'toml-syntax@disallowed']],
  // An allowed list written twice: what either holds conflicts, the first of them too.
  ['an allowed list defined twice, the first holding what disallowed does: the conflict still said', '[agents.a.tools]\nallowed = ["bash"]\ndisallowed = ["bash"]\nallowed = [\n"read"]\n', ['allow-deny-conflict@bash', 'toml-syntax@allowed']],
  ['an allowed list defined twice, the second holding what disallowed does: the conflict still said', '[agents.a.tools]\nallowed = ["read"]\ndisallowed = ["bash"]\nallowed = [\n"bash"]\n', ['allow-deny-conflict@bash', 'toml-syntax@allowed']],
  // One section's entries of an owner, another's between them: each list's entries are still held by their own policy.
  ['conflict of an owner whose lists another owner\'s come between', 'agents.a.tools.allowed = ["read"]\nagents.b.tools.allowed = ["grep"]\nagents.b.tools.disallowed = ["write"]\nagents.a.tools.disallowed = ["read", "grep"]\n', ['allow-deny-conflict@read']],
  ['conflict across spellings of one policy', '[agents.a.tools]\nallowed = ["bash"]\n[agents.b]\ntools.disallowed = ["bash"]\n', []],
  ['wire token with a pattern has no rewrite', '[agents.a.tools]\nallowed = ["mcp__gh__x(y)"]\n', ['mcp-wire-token@mcp__gh__x(y)']],
  ['C1 control char (U+009B, a terminal\'s CSI)', '[agents.a.tools]\nallowed = ["read\u009bx"]\n', ['unknown-tool@read\u009bx', 'illegal-char@\u009b']],
  ['escaped control char: its escape', '[agents.a.tools]\nallowed = ["bash\\u0007"]\n', ['unknown-tool@bash\\u0007', 'illegal-char@\\u0007']],
  // One finding a character an entry holds, on its first escape (the others are its related places).
  ['one finding a character, on its first escape', '[agents.a.tools]\nallowed = ["bash(a\\tb\\tc)"]\n', ['illegal-char@\\t']],
  ['a run of one character is one finding over the run; escapes too', '[agents.a.tools]\nallowed = ["bash(a,,,b)", "bash(a\\t\\tb)", "read,\\u002C"]\n',
    ['illegal-char@,,,', 'illegal-char@\\t\\t', 'unknown-tool@read,\\u002C', 'illegal-char@,\\u002C']],
  // A run over a line-ending backslash: its part on the first line (its part on the next is a related place).
  ['a run over a line-ending backslash: its part on the first line', '[agents.a.tools]\nallowed = ["""read,\\\n  ,x"""]\n', ['unknown-tool@read,', 'illegal-char@,']],
  ['commas after an escape: one finding, on the first', '[agents.a.tools]\nallowed = ["re\\u0061d,x,y"]\n', ['unknown-tool@re\\u0061d,x,y', 'illegal-char@,']],
  ['a comma in a multi-line string', '[agents.a.tools]\nallowed = ["""\nread,x"""]\n', ['unknown-tool@read,x', 'illegal-char@,']],
  ['an escaped line break: its escape', '[agents.a.tools]\nallowed = ["read\\nx"]\n', ['unknown-tool@read\\nx', 'illegal-char@\\n']],
  ['two raw line breaks: one finding on the first line', '[agents.a.tools]\nallowed = ["""Foo\nbar\nbaz"""]\n', ['unknown-tool@Foo', 'non-canonical@Foo', 'illegal-char@Foo']],
  ['a multi-line string opening with blank lines: its first line with text', '[agents.a.tools]\nallowed = ["""\r\n\r\n  \r\nShell"""]\n', ['non-canonical@Shell']],
  ['after a line-ending backslash: the text it joins, without the backslash', '[agents.a.tools]\nallowed = ["""\\\n   Shell \\\n  """]\n', ['non-canonical@Shell ']],
  // An empty range would be drawn on the character after it, and stay there while the string is typed into.
  ['a multi-line string of white space: the first line of its quotes', '[agents.a.tools]\nallowed = ["""\n  \n"""]\n', ['invalid-tool-name@"""']],
  ['an empty string: its quotes', '[agents.a.tools]\nallowed = ["read", "", \'\']\n', ['invalid-tool-name@""', 'invalid-tool-name@\'\'']],
  // White space Mars trims inside an entry (in the parentheses, before them, around an MCP segment) never reaches a
  // harness: no control character is said to break its shell there, only the respelling Mars writes (the fix).
  ['a control character Mars trims inside the parentheses: not passed on', '[agents.a.tools]\nallowed = ["bash(\\ttab)", "Read(x\\u000B)", "mcp(gh\\t/x)", "foo\\t(x)"]\n',
    ['non-canonical@bash(\\ttab)', 'non-canonical@Read(x\\u000B)', 'non-canonical@mcp(gh\\t/x)', 'unknown-tool@foo\\t(x)', 'non-canonical@foo\\t(x)']],
  ['a control character between the words of a pattern: passed on', '[agents.a.tools]\nallowed = ["bash(\\tgit\\tlog)"]\n', ['non-canonical@bash(\\tgit\\tlog)', 'illegal-char@\\t']],
  ['a control character Mars trims in a map-form key: not passed on', '[agents.a.tools]\n"bash(x\\t)" = "allow"\n', ['unknown-policy-key@bash(x\\t)']],
  // A map-form key is validated as a tool name too (SPEC section 2): the same character checks, on the key's text.
  ['a comma in a map-form key: on the key', '[agents.a.tools]\n"bash(a,b)" = "deny"\n', ['unknown-policy-key@bash(a,b)', 'illegal-char@,']],
  ['an escaped control char in a map-form key: its escape', '[agents.a.tools]\n"bash(x\\ty)" = "allow"\n', ['unknown-policy-key@bash(x\\ty)', 'illegal-char@\\t']],
  ['a comma in a literal map-form key and in an inline table\'s', "[agents.a]\ntools = { 'read,grep' = 'allow' }\n", ['unknown-policy-key@read,grep', 'illegal-char@,']],
  ['a bare map-form key holds no comma: nothing more', '[agents.a.tools]\nbash = "allow"\n', ['unknown-policy-key@bash']],
  ['multi-line string: first line', '[agents.a.tools]\nallowed = ["""\nShell\nx"""]\n', ['unknown-tool@Shell', 'non-canonical@Shell', 'illegal-char@Shell']],
  ['a multi-line string\'s line ending in an escaped backslash: the escape is its value\'s, in the span', '[agents.a.tools]\nallowed = ["""Shell\\\\\n"""]\n', ['unknown-tool@Shell\\\\', 'non-canonical@Shell\\\\']],
  ['a literal key ending in a backslash: its content, up to its closing quote', '[agents.a.tools]\n\'C:\\\' = "allow"\n', ['unknown-policy-key@C:\\']],
  // A backslash in a literal key escapes nothing: the comma after it is found where it is written.
  ['a comma after a backslash in a literal map-form key: on the comma', '[agents.a.tools]\n\'a\\t,b\' = "deny"\n', ['unknown-policy-key@a\\t,b', 'illegal-char@,']],
  ['a multi-line string past a line-ending backslash and a blank line: from the text it joins', '[agents.a.tools]\nallowed = ["""\\\n\n  Shell"""]\n', ['non-canonical@Shell']],
  ['a multi-line string\'s first line of content: from the line\'s start, blanks and all', '[agents.a.tools]\nallowed = ["""\n  Shell"""]\n', ['non-canonical@  Shell']],
  ['suppressed by code', '[agents.a.tools]\nallowed = ["Bash"] # mars-ignore: non-canonical -- harness name\n', []],
  // A mars-ignore reads as it will once its line's syntax error is fixed: on its own line after a stray byte order mark, it
  // speaks of the next; a `#` inside a comment written `//` (one to its line's end, none of its words list items) is none.
  ['a mars-ignore on its own line after a stray byte order mark: of the next line', '[agents.a.tools]\n\ufeff# mars-ignore: non-canonical\nallowed = ["Bash"]\n', ['toml-syntax@\ufeff']],
  ['a `//` comment between items: no mars-ignore from a `#` in it, no items', '[agents.a.tools]\nallowed = [\n  "Bash",  // see #mars-ignore: non-canonical\n  "Read",\n]\n',
    ['non-canonical@Bash', 'toml-syntax@//', 'non-canonical@Read']],
  // Mars reads TOML 1.0: TOML 1.1's escapes are syntax errors, and the entries are read as TOML 1.1 reads them.
  ['TOML 1.1 escapes', '[agents.a.tools]\nallowed = ["\\x62ash", "Re\\x61d"]\n', ['toml-syntax@\\x62', 'non-canonical@Re\\x61d', 'toml-syntax@\\x61']],
  // JSON's surrogate pair is an error too, read as the character it spells (`Shell😀`, not a name of backslashes and letters).
  ['a surrogate pair escape: the error on the pair, the entry read as the character', '[agents.a.tools]\nallowed = [\n  "Shell\\uD83D\\uDE00",\n  "shell\u{1F600}",\n]\n',
    ['unknown-tool@Shell\\uD83D\\uDE00', 'non-canonical@Shell\\uD83D\\uDE00', 'toml-syntax@\\uD83D\\uDE00', 'unknown-tool@shell\u{1F600}', 'duplicate-entry@shell\u{1F600}']],
  ['a comma before a surrogate pair escape: on the comma, the positions read the pair as the parser does', '[agents.a.tools]\nallowed = ["a,b\\uD83D\\uDE00"]\n',
    ['unknown-tool@a,b\\uD83D\\uDE00', 'illegal-char@,', 'toml-syntax@\\uD83D\\uDE00']],
  // An escape with no meaning in any TOML (`\q`, a lone surrogate `\ud83d`): Mars cannot read the entry, and what it was
  // meant to be is a guess (a backslash? a typo?): nothing is said of it but the syntax error, no respelling picks a
  // meaning for it (`"bash(a\\qb)"`), and it counts for no other entry. The entries before it, and below it, read as written.
  ['an unknown escape: its entry is a guess', '[agents.a.tools]\nallowed = ["Read", "Bash(a\\qb)"]\ndisallowed = [\n  "x\\q",\n  "Grep",\n]\n',
    ['non-canonical@Read', 'toml-syntax@\\q', 'non-canonical@Grep']],
  ['a lone surrogate escape: the same', '[agents.a.tools]\nallowed = ["mcp( \\ud83d \\ude80/tool)"]\n', ['toml-syntax@\\ud83d']],
  ['an unknown escape in a map-form key: the same (its move wrote `"bash\\\\q"`)', '[agents.a.tools]\n"Bash\\q" = "allow"\nedit = "allow"\n', ['toml-syntax@\\q', 'unknown-policy-key@edit']],
  ['an unknown escape makes no duplicate of an entry below it', '[agents.a.tools]\nallowed = [\n  "bash(a\\qb)",\n  "bash(a\\\\qb)",\n]\n', ['toml-syntax@\\q']],
  // The same in a header, or a dotted key, naming the agent (`[agents."a\qb".tools]`): Mars reads no agent there, and the
  // section under the header (the statement under the key) is a guess; the sections after it read as written.
  ['an unknown escape in a header: its section is a guess', '[agents."a\\qb".tools]\nallowed = ["Read"]\ndisallowed = ["Grep"]\n[agents.b.tools]\nallowed = ["Edit"]\n',
    ['toml-syntax@\\q', 'non-canonical@Edit']],
  ['an unknown escape in a header with a misspelt part before it: the header too is a guess', '[agent."a\\qb".tools]\nallowed = ["Read"]\n', ['toml-syntax@\\q']],
  ['an unknown escape in a header above the tools table: the same', '[agents."a\\qb"]\ntools.allowed = ["Read"]\n', ['toml-syntax@\\q']],
  ['an unknown escape in a dotted key: its statement over lines is a guess', '[agents]\n"a\\qb".tools.allowed = [\n  "Read",\n]\nb.tools.allowed = ["Edit"]\n',
    ['toml-syntax@\\q', 'non-canonical@Edit']],
  // Only where a tool name could be read: under a header (a key) whose root is not `agents` or `skills`, nor one meant for
  // them, nothing is said of tool names, whatever the part Mars cannot read was meant to be. There the guess is the rest
  // of the error's line, as past any error, and a mars-ignore comment's misspelt code below it is said as anywhere else.
  ['an unknown escape in a header no tool name is read under: the rest of its line alone is a guess', '[mcp."a\\qb"]\n# mars-ignore non-canonicl\nurl = "u"  # mars-ignore: unkown-tool\n[mcp.b]\n',
    ['toml-syntax@\\q', 'invalid-suppression@mars-ignore', 'invalid-suppression@unkown-tool']],
  ['the same in a dotted key over lines', '[mcp]\n"a\\qb".args = [\n  # mars-ignore: unkown-tool\n  "x",\n]\n', ['toml-syntax@\\q', 'invalid-suppression@unkown-tool']],
  ['an unknown escape in a header\'s root key: which root it names is a guess, and its section too', '["agent\\s".a.tools]\n# mars-ignore: unkown-tool\nallowed = ["Read"]\n', ['toml-syntax@\\s']],
  ['an unknown escape in a header\'s root key of no owner\'s name: which root it names is a guess, and its section too', '["x\\qy".a.tools]\n# mars-ignore: unkown-tool\nallowed = ["Read"]\n', ['toml-syntax@\\q']],
  ['an unknown escape in a header under a misspelt `agents`: its section is a guess', '[agent.a.tools."Bash(a\\qb)"]\n# mars-ignore: unkown-tool\nx = 1\n', ['toml-syntax@\\q']],
  ['an unknown escape in a string where a list goes: a guess, of which no shape is said', '[agents.a.tools]\nallowed = "a\\qb", "read"\n', ['toml-syntax@\\q']],
  ['the same alone', '[agents.a.tools]\nallowed = "a\\qb"\n', ['toml-syntax@\\q']],
  ['the same in an inline table', '[agents.a]\ntools = { allowed = "a\\qb" }\n', ['toml-syntax@\\q']],
  ['an unknown escape in a header under `agents`: its section is a guess, below the tools table too', '[agents.a.tools."Bash(a\\qb)"]\n# mars-ignore: unkown-tool\nx = 1\n', ['toml-syntax@\\q']],
  ['an inline tools table over lines (TOML 1.1): an error, and its entries read', '[agents.a]\ntools = {\n  allowed = ["Bash"],\n}\n', ['toml-syntax@{', 'non-canonical@Bash']],
  ['one left open while typing above other statements: those are the section\'s', '[agents.a]\ntools = {\n  allowed = ["Bash"]\ndescription = "Shell"\n[agents.b.tools]\nallowed = ["Read"]\n', ['toml-syntax@{', 'non-canonical@Read']],
  ['one left open above a list of the section', '[agents.a.tools]\nallowed = {\ndisallowed = ["Bash"]\n', ['toml-syntax@{', 'invalid-tool-policy@{', 'non-canonical@Bash']],
  ['one left open above a header that starts with a quote', '[agents.a]\nmodel = {\n["agents".b.tools]\nallowed = ["bsh"]\n', ['toml-syntax@{', 'unknown-tool@bsh']],
  ['`all` suppresses every code', '[agents.a.tools]\nallowed = ["Bash", "foo"] # mars-ignore: all\n', []],
  ['suppression of another code does not hide', '[agents.a.tools]\nallowed = ["Bash"] # mars-ignore: unknown-tool\n', ['non-canonical@Bash']],
  ['a misspelt code silences nothing, and says so on its word', '[agents.a.tools]\nallowed = ["Bash"] # mars-ignore: non-canonica\n', ['non-canonical@Bash', 'invalid-suppression@non-canonica']],
  ['no comment silences toml-syntax, not even those silencing every code in the file and on its line', '# mars-ignore-file\n[agents.a.tools]\nallowed = ["read"] x  # mars-ignore\n', ['toml-syntax@x']],
  ['no comment silences toml-syntax: named, it is said; the other codes still count', '[agents.a.tools]\nallowed = ["foo"] # mars-ignore: toml-syntax, unknown-tool\n', ['invalid-suppression@toml-syntax']],
  ['a file-wide comment\'s codes too, not its reason', '# mars-ignore-file: legacy-prfix -- not-a-code\n[agents.a.tools]\nallowed = ["bash(x:*)"]\n', ['invalid-suppression@legacy-prfix', 'legacy-prefix@bash(x:*)']],
  ['a misspelt code silenced by the comment it is in', '[agents.a.tools]\nallowed = ["read"] # mars-ignore: xyz, invalid-suppression\n', []],
  // eslint's spelling (`eslint-disable-line no-console`) has no colon: the comment is no mars-ignore, and says so.
  ['codes without the colon silence nothing, and say so on the keyword; prose after `mars-ignore` is left alone',
    '[agents.a.tools]\nallowed = ["foo"] # mars-ignore unknown-tool, non-canonicl -- ours\ndisallowed = ["bar"] # mars-ignore because ours\n# mars-ignore-file legacy-prefix\n',
    ['unknown-tool@foo', 'invalid-suppression@mars-ignore', 'unknown-tool@bar', 'invalid-suppression@mars-ignore-file']],
  ['a reason written without its --: one finding for the words in a row, the codes still count', '[agents.a.tools]\nallowed = ["foo"] # mars-ignore: unknown-tool our own tool\n', ['invalid-suppression@our own tool']],
  ['words like no code around a near miss: each run its own finding', '[agents.a.tools]\nallowed = ["foo"] # mars-ignore: our tool, unkown-tool xyz\n', ['unknown-tool@foo', 'invalid-suppression@our tool', 'invalid-suppression@unkown-tool', 'invalid-suppression@xyz']],
  // A lone CR does not end a comment (TOML), but an editor shows it as a line break: a finding over it would be on two lines.
  ['a run of words like no code stops at a lone carriage return: each line its own finding', '[agents.a.tools]\nallowed = ["read"] # mars-ignore: our\rown tool\n',
    ['invalid-suppression@our', 'toml-syntax@r', 'invalid-suppression@own tool']],
  // A lone CR first in a quoted key ends a line for an editor: its findings are shown on what follows, not on an empty range
  // at the line's end; an empty key on its quotes, as an empty entry is.
  ['a quoted key opening with a lone carriage return is shown on the line that holds the rest', "[agents.a.tools]\n'\r,' = \"allow\"\n",
    ["toml-syntax@'", 'unknown-policy-key@,', 'illegal-char@,']],
  ['an empty key is shown on its quotes', "[agents.a.tools]\n'' = \"allow\"\n[agents.b.tools]\n\"\" = 1\n", ["unknown-policy-key@''", 'unknown-policy-key@""']],
  ['a mars-ignore above a header speaks of the header line alone, not of the section below it', '[agents.a.tools]\nallowed = ["read"]\n# mars-ignore: unknown-tool\n[agents.b.tools]\nallowed = ["foo"]\n', ['unknown-tool@foo']],
  // ruff reads `# noqa: X # comment` so: a `#` after the codes starts a remark, not more codes.
  ['a second `#` after the codes starts a remark that is not read', '[agents.a.tools]\nallowed = ["foo"] # mars-ignore: unknown-tool # our own tool, non-canonicl\n', []],
  ['a second `#` right after the colon: no codes, so every code', '[agents.a.tools]\nallowed = ["foo", "Read"] # mars-ignore:# ours\n', []],
  ['a second `#` in a file-wide comment: its codes still count', '# mars-ignore-file: legacy-prfix # note\n[agents.a.tools]\nallowed = ["bash(x:*)"]\n', ['invalid-suppression@legacy-prfix', 'legacy-prefix@bash(x:*)']],
  ['a `#` in the reason is the reason\'s', '[agents.a.tools]\nallowed = ["foo"] # mars-ignore: unknown-tool -- see #12\n', []],
  ['a name of a JavaScript object\'s own is no code', '[agents.a.tools]\nallowed = ["foo"] # mars-ignore: constructor\n', ['unknown-tool@foo', 'invalid-suppression@constructor']],
  ['a word run on into `mars-ignore` is no directive, nor one missing its colon', '[agents.a.tools]\nallowed = ["foo"] # mars-ignoreall\n', ['unknown-tool@foo']],
  ['a mars-ignore on a line of its own speaks of the next line with content, past comment lines', '[agents.a.tools]\n# mars-ignore: unknown-tool\n# our own tool\nallowed = ["foo"]\n', []],
  ['two mars-ignore comments speaking of one line: what either silences, every code where the second lists none', '[agents.a.tools]\n# mars-ignore: unknown-tool\nallowed = ["foo", "Read"] # mars-ignore\n', []],
  // A comment of its own line speaks of the next: a word it named as no code would be said on its own line, unsilenced.
  ['`all` in a mars-ignore of its own line is no word like no code: nothing said on the comment', '[agents.a.tools]\n# mars-ignore: all\nallowed = ["foo"]\n', []],
  ['no codes, `all`, and text that only mentions mars-ignore: nothing to say', '[agents.a.tools]\n# not a mars-ignore: x\nallowed = ["read"] # mars-ignore\ndisallowed = ["grep"] # mars-ignore: all\n', []],
  // Typing a list above a statement: Mars stops at the statement's first character, but the parser reads it on its own.
  ['a list left open: the statement below it reads as written', '[agents.a.tools]\nallowed = ["Read", "Edit"\ndisallowed = ["Grep"]\nbash = "allow"\n',
    ['non-canonical@Read', 'non-canonical@Edit', 'toml-syntax@d', 'non-canonical@Grep', 'unknown-policy-key@bash']],
  // Its key's parts after the first may be quoted: `agents.x.tools.allowed = [` typed above `skills."deep research".tools.WebSearch = "ask"`
  // took that line into the list (no unknown-policy-key on it, and no clash of `skills` with a `[skills]` in another section), as a bare key's is not.
  ['a list left open above a dotted key with quoted parts: the same', 'allowed = ["grep"\nskills."deep research".tools.\'Shell\' = "ask"\n[skills]\nc.tools.allowed = ["Read"]\n',
    ['misplaced-tool-list@allowed', 'toml-syntax@s', 'unknown-policy-key@Shell', 'toml-syntax@[skills]', 'non-canonical@Read']],
  ['a list over lines left open: the same', '[agents.a]\ntools.allowed = [\n  "Read",\n\ntools.disallowed = ["Grep"]\n', ['non-canonical@Read', 'toml-syntax@t', 'non-canonical@Grep']],
  // A string of one line ends with it: past the error's line, the items of a list over lines read as written.
  ['a comma missing in a list over lines: the items on the lines below still count', '[agents.a.tools]\nallowed = [\n  "Read",\n  "bash"\n  "Edit",\n  "Grep",\n  "Shell",\n]\n',
    ['non-canonical@Read', 'toml-syntax@"', 'non-canonical@Grep', 'non-canonical@Shell', 'duplicate-entry@Shell']],
  ['a string left open in a list over lines: the same', '[agents.a.tools]\nallowed = [\n  "Read",\n  "bas\n  "Edit",\n]\n', ['non-canonical@Read', 'toml-syntax@s', 'non-canonical@Edit']],
  ['a list over lines never closed, at the end of the file: its items count', '[agents.a.tools]\nallowed = [\n  "Shell",\n  "Read",', ['toml-syntax@[', 'non-canonical@Shell', 'non-canonical@Read']],
  ['a `"""` past the error on its line: its statement reads as a guess', '[agents.a.tools]\nallowed = [\n  "b"c", """\n  "Edit",\n  """, "Grep",\n]\n', ['toml-syntax@c']],
  // A string closed right where the error starts, no blank between, may be paired the wrong way too: the entry
  // meant is `bash(grep "foo")`, not `bash(grep ` (whose repair, `bash(grep)`, fix-all wrote into the string).
  ['a string closed right where the error starts: a guess too', '[agents.a.tools]\nallowed = ["Read", "bash(grep "foo")"]\n', ['non-canonical@Read', 'toml-syntax@f']],
  ['the same with a literal string', "[agents.a.tools]\nallowed = ['Shell(echo 'hi')']\n", ['toml-syntax@h']],
  ['a blank between the string and the error: read as written', '[agents.a.tools]\nallowed = ["Shell" "read"]\n', ['non-canonical@Shell', 'toml-syntax@"']],
  // A second error further in the statement (Mars stops at the first): to the end of its line, the reading is a guess too.
  ['a second error in a list over lines: the lines to it say nothing, those below it do', '[agents.a.tools]\nallowed = [\n  "read"\n  "Edit",\n  "b"c", "d",\n  "Shell",\n]\n', ['toml-syntax@"', 'non-canonical@Shell']],
  // Mars stops at the first error of a section; the parser reads on, and past each problem it finds there the rest of the line is a guess too.
  ['an error in a later statement of the section: the rest of its line says nothing', '[agents.a.tools]\nallowed = ["read" "x"]\ndisallowed = ["a", "b"c", "d"]\nbash = "allow"\n',
    ['toml-syntax@"', 'unknown-tool@a', 'unknown-policy-key@bash']],
  // Quotes paired the wrong way may leave its list open over the lines below, where a key reads as an entry: as past the
  // first error, the statement is a guess to the end of the line of the parser's last problem in it.
  ['an error in a later statement whose list its quotes leave open: the key below it is no entry', '[agents.a.tools]\nallowed = ["read" "x"]\ndisallowed = ["b"c", "d"]\n"Shell" = "allow"\n',
    ['toml-syntax@"']],
  ['the same in an [agents] table', '[agents]\na.tools.allowed = ["read" "grep"]\nb.tools.allowed = ["gre"p", "grep"]\n"c d".tools.allowed = ["grep"]\n',
    ['toml-syntax@"']],
  // A `"""` after a later error: its statement is a guess, as after the first error; what follows the string it makes
  // reads as written either way (all the rest was a guess past a later error only, and a big section's later piece,
  // whose first error that is, said what followed it where the whole section did not).
  ['a `"""` after the first error: its statement is a guess, what follows it reads as written', '[agents]\nb.tools.allowed = ["grep"""", "read"]\nc.description = "d"""\nd.tools.allowed = ["Shell"]\n',
    ['toml-syntax@"', 'non-canonical@Shell']],
  ['a `"""` after a later error: the same', '[agents]\na.tools.allowed = ["read" "x"]\nb.tools.allowed = ["grep"""", "read"]\nc.description = "d"""\nd.tools.allowed = ["Shell"]\n',
    ['toml-syntax@"', 'non-canonical@Shell']],
  ['a `"""` after a later error left open: its statement, the rest of the section, is a guess', '[agents.a.tools]\nallowed = ["read" "x"]\ndisallowed = ["b"c", """\n"Shell"]\n[agents.b.tools]\nallowed = ["Shell"]\n',
    ['toml-syntax@"', 'non-canonical@Shell']],
  // A comma missing before a list or an inline table as an item: the parser's problem is at its `[` or `{`, as is a list
  // left open, but it is no list left open: the rest of the line is a guess, after a later error as after the first.
  ['a comma missing before a list as an item, the first error: the rest of its line says nothing', '[agents]\nb.tools.allowed = ["read", "grep"["Bash"]]\nc.tools.allowed = ["Shell"]\n',
    ['toml-syntax@[', 'non-canonical@Shell']],
  ['a comma missing before a list as an item, after a later error: the same', '[agents]\na.tools.allowed = ["read" "x"]\nb.tools.allowed = ["read", "grep"["Bash"]]\nc.tools.allowed = ["Shell"]\n',
    ['toml-syntax@"', 'non-canonical@Shell']],
  ['a comma missing before an inline table as an item, after a later error: the same', '[agents]\na.tools.allowed = ["read" "x"]\nb.tools.allowed = ["read" { x = "Bash" }]\nc.tools.allowed = ["Shell"]\n',
    ['toml-syntax@"', 'non-canonical@Shell']],
  // ... before a list with an error of its own (`[, "edit"]`): the parser told the comma missing only before a list
  // read whole, so the guess started at the inner error and the list was said to be of the wrong shape.
  ['a comma missing before a list with an error of its own, after a later error: the same', '[agents.x.tools]\nallowed = ["read" "x"]\ndisallowed = ["Grep"[, "edit"]\nbash = "allow"\n',
    ['toml-syntax@"', 'unknown-policy-key@bash']],
  ['the same before an inline table with an error of its own', '[agents.x.tools]\nallowed = ["read" "x"]\ndisallowed = ["Grep"{ , x = 1 }]\nbash = "allow"\n',
    ['toml-syntax@"', 'unknown-policy-key@bash']],
  ['the same with a blank before the list: the entry before it reads as written', '[agents.x.tools]\nallowed = ["read" "x"]\ndisallowed = ["Grep" [, "edit"]\n',
    ['toml-syntax@"', 'non-canonical@Grep']],
  ['a list left open in a later statement: its items still count', '[agents.a.tools]\nallowed = ["read" "x"]\ndisallowed = ["Shell",\n', ['toml-syntax@"', 'non-canonical@Shell']],
  ['a statement below a list left open, with an error of its own: a guess', '[agents.a.tools]\nallowed = ["read"\ndisallowed = ["a", "b"c", "d"]\n', ['toml-syntax@d']],
  // A byte order mark first on a line below the first (TOML reads none there as a blank): its own error, named, and the
  // line read as the header the user meant, as for other white space TOML does not read (the table defined twice too).
  ['a byte order mark before a header mid-file: the section below is that header\'s', '[agents.a]\ndescription = "d"\n\ufeff[agents.x.tools]\nbash = "allow"\nallowed = ["Shell"]\n',
    ['toml-syntax@\ufeff', 'unknown-policy-key@bash', 'non-canonical@Shell']],
  ['the same below root keys, and the table defined twice said', 'x = 1\n\ufeff[agents.x.tools]\nallowed = ["Shell"]\n[agents.x.tools]\n',
    ['toml-syntax@\ufeff', 'non-canonical@Shell', 'toml-syntax@[agents.x.tools]']],
  ['the same after the file\'s own byte order mark, and before `[[`', '\ufeff\ufeff[agents.x.tools]\nallowed = ["Shell"]\n# c\r\n\ufeff[[z]]\n',
    ['toml-syntax@\ufeff', 'non-canonical@Shell', 'toml-syntax@\ufeff']],
  // An entry in the reading's guess (past an error on its line) is said nothing of, and neither is anything it would
  // make of another entry read as written: a conflict, or a duplicate of it, would hold the guess for Mars's reading.
  ['an entry past the error on its line makes no conflict for the other list', '[agents.a.tools]\nallowed = ["x" "bash"]\ndisallowed = ["bash"]\n', ['unknown-tool@x', 'toml-syntax@"']],
  // Its string opens in the guess, a multi-line one that runs on below the error's line: its entry is in the guess too
  // (its respelling wrote from the `\` that ends the guessed line).
  ['an entry whose multi-line string opens on the error\'s line past the error', '[agents.a]\n\u200btools.allowed = ["""\\\n  Read"""]\ntools.disallowed = ["Grep"]\n',
    ['toml-syntax@\u200b', 'non-canonical@Grep']],
  ['nor a duplicate of an entry on a line below', '[agents.a.tools]\nallowed = [\n  "x" "bash",\n  "Bash",\n  "bash",\n]\n', ['unknown-tool@x', 'toml-syntax@"', 'non-canonical@Bash', 'duplicate-entry@bash']],
  ['syntax error kept apart', '[agents.a.tools]\nallowed = ["Bash"\n[agents.b.tools]\nallowed = ["Read"]\n', ['non-canonical@Bash', 'toml-syntax@"', 'non-canonical@Read']],
  // A quote deleted before a multi-line string in a list: its closing quotes open one, which TOML reads on to the next
  // multi-line string of the file, and that is taken to end with its line, so the section between keeps its findings.
  ['a multi-line string opened where the quotes pair the wrong way does not blank out the sections after it',
    '[agents.a.tools]\nallowed = [read", """bash(x)""", "edit"]\n\n[agents.b.tools]\nallowed = ["Shell"]\n\n[skills.c]\ndescription = """y"""\n',
    ['toml-syntax@read', 'non-canonical@Shell']],
  ['... nor in a list over lines, after one of its quotes deleted, with more strings in its section', '[agents.a.tools]\nallowed = [\n  "Read",\n  ""bash(x)""",\n]\ndescription = """\ntext\n"""\n[agents.b.tools]\nallowed = ["Shell"]\n[skills.c]\ndescription = """y"""\n',
    ['non-canonical@Read', 'toml-syntax@b', 'non-canonical@Shell']],
  ['an unclosed multi-line string does not blank out the sections after it', '[agents.x]\ndescription = """oops\n[agents.a.tools]\nallowed = ["Shell"]\n', ['toml-syntax@"', 'non-canonical@Shell']],
  ['a line break in a multi-line entry: its first line', '[agents.a.tools]\nallowed = ["""Foo\nbar"""]\n', ['unknown-tool@Foo', 'non-canonical@Foo', 'illegal-char@Foo']],
  ['a key below a map-form name is no rule for a list', '[agents.a.tools]\nedit.x = "allow"\n', ['unknown-policy-key@edit']],
  ['a syntax error on a character outside the BMP: all of it', '[agents.a.tools]\nallowed = [\u{1F600}]\n', ['toml-syntax@\u{1F600}']],
  ['left open after a character outside the BMP: all of it', '[agents.a]\nx = [1, \u{1F600}', ['toml-syntax@\u{1F600}']],
  ['a value of the wrong shape over several lines: its first line', '[agents.a]\ntools = [\n  "bash",\n]\n', ['invalid-tool-policy@[']],
  ['a multi-line string where a list goes: its first line', '[agents.a.tools]\nallowed = """bash\nread"""\n', ['invalid-tool-policy@"""bash']],
  // Its CR is a control character, said on the first line as of an entry `'a\rb'`.
  ['a quoted key with a line break in it: its first line', "[agents.a.tools]\n'a\rb' = \"allow\"\n", ['toml-syntax@a', 'unknown-policy-key@a', 'illegal-char@a']],
  ['table defined twice', '[agents.a.tools]\nallowed = ["read"]\n[agents.a.tools]\ndisallowed = ["bash"]\n', ['toml-syntax@[agents.a.tools]']],
  // Mars stops at a key defined twice, which the parser reads through: a list below it, before a
  // problem the parser meets further on in the section (`[1 2]`), is not read either.
  ['a list past a key defined twice, with a parser problem below it', '[agent.a.tools]\nx = 1\nx = 2\nallowed = ["read"]\ny = [1 2]\n[agents.b]\nx = 1\nx = 2\nallowed = ["read"]\ny = [1 2]\n',
    ['toml-syntax@x', 'toml-syntax@x']],
  // The same for a list under a misspelt owner in the root table, past a syntax error or a key defined twice.
  ['a list under a misspelt owner at the root, past a syntax error', 'x = [1 2]\nagent.r.tools.allowed = ["read"]\n', ['toml-syntax@2']],
  ['a list under a misspelt owner at the root, past a key defined twice', 'x = 1\nx = 2\nagent.r.tools.allowed = ["read"]\n', ['toml-syntax@x']],
  ['a list under a misspelt owner at the root, past a syntax error on the first character', ',\nagent.r.tools.allowed = ["read"]\n', ['toml-syntax@,']],
  // toml_edit (Mars's parser) reads a CR LF line break inside a multi-line string as one LF: no CR to flag, and the same entry as `\n`.
  ['a CR LF in a multi-line string is an LF to Mars', '[agents.a.tools]\r\nallowed = ["""Read(a\r\nb)""", "read(a\\nb)", \'\'\'Grep(x\r\ny)\'\'\']\r\n',
    ['non-canonical@Read(a', 'illegal-char@Read(a', 'duplicate-entry@read(a\\nb)', 'illegal-char@\\n', 'non-canonical@Grep(x', 'illegal-char@Grep(x']],
  // SPEC section 3's examples of what Mars reads as written: a colon outside bash's legacy `:*` is part of
  // the path or the host, and a server name may hold one; nothing to say of any of them.
  ['SPEC 3: a colon outside bash is kept, a server name may hold one', '[agents.a.tools]\nallowed = ["read(./secrets:*)", "web_fetch(domain:*)", "mcp(plugin:demo)", "mcp(plugin:demo/x)"]\n', []],
  // SPEC section 3, rule 3: a head `mcp` in any casing that is no valid reference is an error; the five valid forms are quiet.
  ['SPEC 3: `mcp` in any casing is only ever a reference', '[agents.a.tools]\nallowed = ["mcp", "MCP", "mcp(a/b/c)", "mcp(s1)", "mcp(s2/tool)", "mcp(s3/*)", "mcp(*/tool)", "mcp(*/*)"]\n',
    ['invalid-tool-name@mcp', 'invalid-tool-name@MCP', 'invalid-tool-name@mcp(a/b/c)']],
];

for (const [name, input, expected] of CASES) test(name, () => check(input, expected));

const FIX_ALL: Array<[string, string]> = [
  ['allowed = ["Shell(git:*)", "Bash", "bash"]', 'allowed = ["bash(git *)", "bash"]'],
  ['allowed = ["a", "read", "cat", "view"]\n', 'allowed = ["a", "read"]\n'],
  ['allowed = ["cat"]\ndisallowed = ["view", "agent"]', 'allowed = ["read"]\ndisallowed = ["read", "agent"]'],
  // Only fixes that keep what Mars does: map-form keys Mars ignores stay (moving one would put a rule
  // in force), `*(x)` stays (`*` grants every tool), the removed `tools.mcp` becomes the grants it meant.
  ['bash = "allow"\nagent = "deny"\nallowed = ["*(x)", "bash(git"]', 'bash = "allow"\nagent = "deny"\nallowed = ["*(x)", "bash(git)"]'],
  ['allowed = ["read"]\nmcp = ["gh", "jira/search"]', 'allowed = ["read", "mcp(gh)", "mcp(jira/search)"]\n'],
  ['allowed = ["read"]\nmcp = "deny"', 'allowed = ["read"]\nmcp = "deny"'],
  // A boolean verdict (OpenCode's `bash: true`) is the map form too: not moved either.
  ['bash = true\nagent = false\nallowed = ["read"]', 'bash = true\nagent = false\nallowed = ["read"]'],
  ['allowed = ["read"]\nmcp = true', 'allowed = ["read"]\nmcp = true'],
  // A key below `mcp` makes it a table, no list of servers: nothing to move.
  ['allowed = ["read"]\nmcp.gh = "github"', 'allowed = ["read"]\nmcp.gh = "github"'],
  // Written anew as basic strings, escaped as people write them: a tab as `\t`, DEL (which TOML takes only escaped) as `\u007f`.
  ['allowed = ["read"]\nmcp = ["g\\th", "x\\u007Fy"]', 'allowed = ["read", "mcp(g\\th)", "mcp(x\\u007fy)"]\n'],
  // An empty `tools.mcp` granted nothing: it goes, and no list is written for it (`allowed = []` allows nothing).
  ['mcp = []\ndisallowed = ["read"]', 'disallowed = ["read"]'],
  ['mcp = [ ]\nallowed = ["read"]', 'allowed = ["read"]'],
  ['mcp = []', ''],
  // A moved rule's comments stay where it was, each on a line of its own; a `mars-ignore` that spoke of it goes.
  ['allowed = ["read"]\nmcp = [ # servers\n  "github", # issues\n  # mars-ignore: unknown-tool\n  "gitlab",\n]  # moved in 2026', 'allowed = ["read", "mcp(github)", "mcp(gitlab)"]\n# servers\n# issues\n# moved in 2026\n'],
  ['allowed = ["read"]\nmcp = ["github"]  # mars-ignore: unknown-tool\n', 'allowed = ["read", "mcp(github)"]\n'],
  ['mcp = [\n  "gh", # mars-ignore\n  "a,b",\n]', 'allowed = ["mcp(gh)", "mcp(a,b)"]'],
  ['allowed = [\n  "read"\n  , "edit"\n]\nmcp = ["gh"]', 'allowed = [\n  "read"\n  , "edit"\n  , "mcp(gh)"\n]\n'],
  // Leading commas and a trailing one: a line `, "mcp(gh)"` below would make the trailing comma a second one.
  ['allowed = [\n  "read"\n  , "edit",\n]\nmcp = ["gh"]', 'allowed = [\n  "read"\n  , "edit", "mcp(gh)",\n]\n'],
  // A one-line list a `# mars-ignore` speaks of: the moved names on a line of their own, which it does not.
  ['# mars-ignore: unknown-tool\nallowed = ["read"]\nmcp = ["gh"]', '# mars-ignore: unknown-tool\nallowed = ["read",\n  "mcp(gh)"]\n'],
  // ... a comment after its `]` that is no `mars-ignore` staying there, after the names moved in.
  ['# mars-ignore: unknown-tool\nallowed = ["read"]  # note\nmcp = ["gh"]', '# mars-ignore: unknown-tool\nallowed = ["read",\n  "mcp(gh)"]  # note\n'],
  // Names already there in another spelling are not added again.
  ['allowed = [\n  "mcp__github", "mcp(jira/*)"]\nmcp = ["github", "jira", "slack"]', 'allowed = [\n  "mcp(github)", "mcp(jira/*)", "mcp(slack)"]\n'],
  ['allowed = ["read"]  # mars-ignore: unknown-tool\r\nmcp = ["gh", "jira"]\r\n', 'allowed = ["read",  # mars-ignore: unknown-tool\r\n  "mcp(gh)",\r\n  "mcp(jira)"]\r\n'],
  // A list written an item a line gets the moved items on lines of their own, trailing comma or not
  // as written: never on the last item's line, where its comment would read as theirs.
  ['allowed = [\n  "read",  # mars-ignore: unknown-tool\n]\nmcp = ["github"]', 'allowed = [\n  "read",  # mars-ignore: unknown-tool\n  "mcp(github)",\n]\n'],
  ['allowed = [\r\n\t"read" # keep\r\n]\r\nmcp = ["a", "b"]\r\n', 'allowed = [\r\n\t"read", # keep\r\n\t"mcp(a)",\r\n\t"mcp(b)"\r\n]\r\n'],
  // A removed entry's comment stays, on a line of its own where the entry was (nothing the user wrote is lost).
  ['allowed = [\n  "bash",\n  "bash",  # again\n  # mars-ignore: unknown-tool\n  "foo",\n]', 'allowed = [\n  "bash",\n  # again\n  # mars-ignore: unknown-tool\n  "foo",\n]'],
  ['allowed = ["web", "web", # note\n  "bar"]  # mars-ignore: unknown-tool', 'allowed = ["web", # note\n  "bar"]  # mars-ignore: unknown-tool'],
  ['allowed = [\n  "read",\n  # the last one\n  "read"\n]', 'allowed = [\n  "read",\n  # the last one\n]'],
  ['allowed = [\n  "read", # keep me\n  "read" ]', 'allowed = [\n  "read", # keep me\n   ]'],
  ['allowed = [\n  "read",\n  "read",\n  # --- group B ---\n  "read",\n  "grep",\n]', 'allowed = [\n  "read",\n  # --- group B ---\n  "grep",\n]'],
  ['allowed = [\n  "read", "read", # about read\n  "read", "grep",\n]', 'allowed = [\n  "read", # about read\n  "grep",\n]'],
  ['allowed = [\n  "read",\n  "grep"\n  , "read"\n  , "edit"\n]', 'allowed = [\n  "read",\n  "grep"\n  , "edit"\n]'],
  // A comma taken from a line of its own leaves the comment on that line: no removed item's.
  ['allowed = [\n  "read",\n  "read"\n  , # grep: needed by the indexer\n  "grep",\n]', 'allowed = [\n  "read",\n  # grep: needed by the indexer\n  "grep",\n]'],
  ['allowed = [\n  "read",\n  "read"\n  , # keep me\n]', 'allowed = [\n  "read",\n  # keep me\n]'],
  // ... but where the item after it goes too, the comment after that item is its own, and goes with it.
  ['allowed = ["grep", "read",\n  "grep"\n  , "read" # the second\n  , "edit"]', 'allowed = ["grep", "read",\n  # the second\n  "edit"]'],
  // The comma taken from the next line goes with the blank after it: the next item keeps its indent.
  ['allowed = [\n  "grep",\n  "grep"\n  , "edit"\n]', 'allowed = [\n  "grep",\n  "edit"\n]'],
  // Removing the last item keeps the comma before it; the move appends after the item kept, next pass.
  ['allowed = ["bash", "read",\n  "Bash"]\nmcp = ["github"]', 'allowed = ["bash", "read", "mcp(github)",\n  ]\n'],
  // ... and so does the item whose line a `mars-ignore` holds (the append is a rewrite from that item's end, not an insertion).
  ['allowed = ["read",\n  "read"]  # mars-ignore: unknown-tool\nmcp = ["gh"]', 'allowed = ["read", "mcp(gh)",\n  ]  # mars-ignore: unknown-tool\n'],
  ['allowed = ["read",\n  # mars-ignore: unknown-tool\n  "read"]\nmcp = ["gh"]', 'allowed = ["read", "mcp(gh)",\n  # mars-ignore: unknown-tool\n  ]\n'],
  // A key Mars ignores whose rule the list holds goes (`bash` by meaning, or once a fix makes it
  // `bash`); one whose rule is not there stays: moving it would put a rule in force.
  ['allowed = ["Shell"]\nbash = "allow"\nedit = "allow"', 'allowed = ["bash"]\nedit = "allow"'],
  ['allowed = ["bash()"]\nbash = "allow"', 'allowed = ["bash"]\n'],
  ['allowed = ["Shell"]\nbash = true\nedit = false', 'allowed = ["bash"]\nedit = false'],
  ['disallowed = ["Write"]\nwrite = false', 'disallowed = ["write"]\n'],
  ['allowed = ["read"]\nallow = ["Read"]\ndeny = ["edit"]\nAllowed = []\nDisallowed = []', 'allowed = ["read"]\ndeny = ["edit"]\nDisallowed = []'],
  // An item written as a grant is not a server name: moved as it is, by a quick fix only.
  ['allowed = ["read"]\nmcp = ["mcp(github)"]', 'allowed = ["read"]\nmcp = ["mcp(github)"]'],
  ['allowed = ["*()"]', 'allowed = ["*()"]'],
  // Names between commas (Claude's `tools: Read, Grep`) were meant as entries of their own: no
  // respelling of the whole, which would bury that (`read, _grep`), nor a wire token's portable spelling.
  ['allowed = ["Read, Grep"]', 'allowed = ["Read, Grep"]'],
  ['allowed = ["bash(a), grep(b:*)"]', 'allowed = ["bash(a), grep(b:*)"]'],
  ['allowed = ["mcp__gh__x, read"]', 'allowed = ["mcp__gh__x, read"]'],
  ['allowed = ["Read, Grep", "Shell"]', 'allowed = ["Read, Grep", "bash"]'],
  // ... nor a map-form key of them moved, nor removed where the list holds each name (a guess at meaning).
  ['allowed = ["Shell"]\n"Read, Grep" = "allow"', 'allowed = ["bash"]\n"Read, Grep" = "allow"'],
  ['allowed = ["Read", "grep"]\n"Read, Grep" = "allow"\n"Grep" = true', 'allowed = ["read", "grep"]\n"Read, Grep" = "allow"\n'],
  // A `mars-ignore` line goes with the line it spoke of, or it would speak of the next one (`Foo`).
  ['allowed = [\n  "bash",\n  # mars-ignore: unknown-tool\n\n  # why\n  "bash",\n  "foo",\n]', 'allowed = [\n  "bash",\n\n  # why\n  "foo",\n]'],
  ['allowed = [\r\n  "bash",\r\n  # mars-ignore: unknown-tool\r\n\r\n  "bash",\r\n  "foo",\r\n]', 'allowed = [\r\n  "bash",\r\n\r\n  "foo",\r\n]'],
  // ... but a line of a string that reads like one is no comment, and a file-wide one stays.
  ['allowed = [\n  "bash", """\n# mars-ignore -- x""",\n  "bash",\n]', 'allowed = [\n  "bash", """\n# mars-ignore -- x""",\n]'],
  ['allowed = [\n  "read",\n  "read", # mars-ignore-file: unknown-tool\n  "mytool",\n]', 'allowed = [\n  "read",\n  # mars-ignore-file: unknown-tool\n  "mytool",\n]'],
  ['allowed = [\n  "read",\n  # mars-ignore-file: unknown-tool\n  "read",\n  "mytool",\n]', 'allowed = [\n  "read",\n  # mars-ignore-file: unknown-tool\n  "mytool",\n]'],
  ['allowed = [\r\n  "read",\r\n  "read", # mars-ignore-file: unknown-tool\r\n  "mytool",\r\n]', 'allowed = [\r\n  "read",\r\n  # mars-ignore-file: unknown-tool\r\n  "mytool",\r\n]'],
  ['allowed = [\n  "bash",\n  # mars-ignore: unknown-tool\n  "bash", # mars-ignore-file: legacy-prefix\n  "mytool",\n]', 'allowed = [\n  "bash",\n  # mars-ignore-file: legacy-prefix\n  "mytool",\n]'],
  ['allowed = ["read"]\n# mars-ignore: unknown-tool\nmcp = [\n  "github", # mars-ignore-file: legacy-prefix\n  "gitlab",\n]\ndisallowed = ["mytool", "bash(git:*)"]', 'allowed = ["read", "mcp(github)", "mcp(gitlab)"]\n# mars-ignore-file: legacy-prefix\ndisallowed = ["mytool", "bash(git:*)"]'],
  // With no list to move into, `tools.mcp` becomes one; the comments inside it stay, above it.
  ['disallowed = ["bash(git log *)"]\nmcp = [\n  "github", # mars-ignore-file: legacy-prefix\n]', 'disallowed = ["bash(git log *)"]\n# mars-ignore-file: legacy-prefix\nallowed = ["mcp(github)"]'],
  ['disallowed = ["mytool"]\n  mcp = [ # servers\r\n  "github", # for issues\r\n  "linear", # mars-ignore-file: unknown-tool\r\n]', 'disallowed = ["mytool"]\n  # servers\r\n  # for issues\r\n  # mars-ignore-file: unknown-tool\r\n  allowed = ["mcp(github)", "mcp(linear)"]'],
  // Neighbours on one line go together, and so does their line when nothing else is left on it.
  ['allowed = [\n  "read", "bash",\n  "Read", "Bash"\n]', 'allowed = [\n  "read", "bash",\n]'],
  ['allowed = [\n  "read",\n  "Read", "READ",\n  "grep",\n]', 'allowed = [\n  "read",\n  "grep",\n]'],
  ['allowed = [\n  "read", "bash"\n  , "Read", "Bash"\n]', 'allowed = [\n  "read", "bash"\n]'],
  ['allowed = [\n  "read", "bash",\n  "Read", "Bash"  # both again\n]', 'allowed = [\n  "read", "bash",\n  # both again\n]'],
  // The last item of a line going, with its comma: no blank left trailing after the one before it.
  ['allowed = [\n  "read", "Read",\n  "grep",\n]', 'allowed = [\n  "read",\n  "grep",\n]'],
  ['allowed = [\r\n  "bash",\t"Shell" ,\r\n  "grep"\r\n]', 'allowed = [\r\n  "bash",\r\n  "grep"\r\n]'],
  // The last items going, a `#` in one of them (a string's, no comment): from the end of the item kept, no blank left before `]`.
  ['allowed = ["bash(echo #)" , "read" , "bash(echo #)"]', 'allowed = ["bash(echo #)" , "read"]'],
  ['allowed = ["grep" , "read" , "grep"]', 'allowed = ["grep" , "read"]'],
  // A multi-line string keeps the line break it opens with: the lines below stay where they were.
  ['# mars-ignore: unknown-tool\nallowed = ["""\nWebFetch""", "mytool"]', '# mars-ignore: unknown-tool\nallowed = ["""\nweb_fetch""", "mytool"]'],
  // A CR LF inside a multi-line string is an LF to Mars: the rewrite writes `\n`, never a `\r` Mars did not read.
  ['allowed = [\'\'\'Shell(a\r\nb:*)\'\'\']\r\n', 'allowed = ["bash(a\\nb *)"]\r\n'],
];
test('fix-all after [[agents]] changes nothing in [agents.x.tools], a table of its last element, whatever the sections keep; the skills below it are fixed', () => {
  const text = '[[agents]]\n[agents.x.tools]\nallowed = ["Shell", "Bash"]\nbash = "allow"\n[skills.s.tools]\nallowed = ["Shell"]\n';
  const expected = text.replace('allowed = ["Shell"]', 'allowed = ["bash"]');
  for (const keep of ['models', 'findings', 'fix-all'] as const) assert.equal(applyEdits(text, documentFixAll(analyzeDocument(text, keep))), expected, keep);
  assert.equal(countFixAll(analyzeDocument(text), {}, undefined, 10), 1);
});

test('fix-all after a BOM and an unclosed header on the first line fixes what it fixes without the BOM, in one application', () => {
  for (const bom of ['', '\ufeff']) {
    const text = `${bom}[\n[skills]\u00a0\nc.tools.allowed=["Shell"]\n`;
    const fixed = applyEdits(text, documentFixAll(analyzeDocument(text)));
    assert.equal(fixed, `${bom}[\n[skills]\nc.tools.allowed=["bash"]\n`, JSON.stringify(bom));
    assert.deepEqual(documentFixAll(analyzeDocument(fixed)), [], 'settled');
  }
});

for (const [input, expected] of FIX_ALL) {
  test(`fix all: ${input.replace(/\n/g, ' / ')}`, () => {
    const text = `[agents.a.tools]\n${input}`;
    const fixed = applyEdits(text, documentFixAll(analyzeDocument(text)));
    assert.equal(fixed, `[agents.a.tools]\n${expected}`);
    assert.doesNotThrow(() => parse(fixed), 'the fixed text is TOML');
    assert.deepEqual(documentFixAll(analyzeDocument(fixed)), [], 'fix-all settles in one application');
  });
}

// Whole files, where what a fix takes out meets the file's start (a byte order mark) or its line breaks (CRLF).
const FIX_ALL_FILES: Array<[string, string]> = [
  // The `mars-ignore` above a key taken out goes with it; the byte order mark before it stays.
  ['\uFEFF# mars-ignore: unknown-tool\nagents.a.tools.mcp = []\nagents.a.tools.allowed = ["read"]\n', '\uFEFFagents.a.tools.allowed = ["read"]\n'],
  // A key right after the byte order mark is alone on its line: the line goes, not the key alone.
  ['\uFEFFagents.a.tools.mcp = []\nagents.a.tools.allowed = ["read"]\n', '\uFEFFagents.a.tools.allowed = ["read"]\n'],
  // The comments of a moved rule stay on lines of their own, ended as the file ends its lines.
  ['[agents.a.tools]\r\nallowed = ["read"]\r\nmcp = [ # servers\r\n  "gh",\r\n]\r\n', '[agents.a.tools]\r\nallowed = ["read", "mcp(gh)"]\r\n# servers\r\n'],
];
for (const [text, expected] of FIX_ALL_FILES) {
  test(`fix all, the whole file: ${JSON.stringify(text)}`, () => {
    assert.equal(applyEdits(text, documentFixAll(analyzeDocument(text))), expected);
  });
}

test('fix-all writes nothing past a multi-line string taken to end with its line as its quotes pair the wrong way, which Mars reads on', () => {
  const text = '[agents.a.tools]\nallowed = [read", """bash(x)""", "edit"]\n[agents.b.tools]\nallowed = ["Shell"]\n[skills.c]\ndescription = """y"""\n';
  const shell = documentFindings(analyzeDocument(text)).find((f) => f.code === 'non-canonical');
  assert.ok(shell && shell.fixes.length > 0, 'the section below says its finding, with its fix');
  assert.deepEqual(documentFixAll(analyzeDocument(text)), []);
});

test('fix-all writes nothing into a string closed right where a syntax error starts: its quotes may pair the wrong way', () => {
  // Read as Mars's parser reads it, the entry is `bash(grep `, whose repair wrote `bash(grep)"foo")"`.
  for (const text of ['[agents.a.tools]\nallowed = ["bash(grep "foo")"]\n', '[agents.a.tools]\nallowed = ["read", "Shell(echo "hi")"]\n']) {
    assert.deepEqual(documentFixAll(analyzeDocument(text)), [], text);
  }
});

// No fix writes into text whose reading is a guess past a syntax error (but one that mends the error): not a key
// moved into a list that ends there, nor a key/value rewritten or removed whose value the error is in. A list over
// lines whose error is on a line above its `]` is read as written there: the move is offered.
const NO_FIX_INTO_THE_GUESS: Array<[string, string, string[]]> = [
  ['mcp__gh = "allow"\nallowed = ["write", "Réad" "read"]\n', 'unknown-policy-key', ['Remove `mcp__gh`']],
  ['mcp__gh = "allow"\nallowed = [\n  "write" "x",\n  "read",\n]\n', 'unknown-policy-key', ['Move "mcp(gh)" into `allowed`', 'Remove `mcp__gh`']],
  ['mcp = ["gh"]\nallowed = ["write", "Réad" "read"]\n', 'invalid-tool-policy', []],
  ['mcp = ["gh"]\nallowed = ["write"]\n', 'invalid-tool-policy', ['Move "mcp(gh)" into `allowed`']],
  ['mcp = ["gh""linear"]\nallowed = ["write"]\n', 'invalid-tool-policy', []],
  ['deny = ["bash"]\ndisallowed = ["read" "x"]\n', 'unknown-policy-key', []],
  ['mcp__gh = tr\n', 'unknown-policy-key', []],
  ['mcp__gh = true\nallowed = ["write", "Réad" "read"]\n', 'unknown-policy-key', ['Remove `mcp__gh`']],
  // A table of patterns holding a multi-line string left open, which runs on to the file's end: no move rewrites it.
  ['bash = { "git *" = "allow", "x" = """ask\n', 'unknown-policy-key', []],
];
for (const [input, code, titles] of NO_FIX_INTO_THE_GUESS) {
  test(`no fix writes into the guess past a syntax error: ${JSON.stringify(input)}`, () => {
    const text = `[agents.a.tools]\n${input}`;
    assert.deepEqual(documentFindings(analyzeDocument(text)).filter((f) => f.code === code).flatMap((f) => f.fixes.map((x) => x.title)), titles);
  });
}

const firstFix = (t: string) => documentFindings(analyzeDocument(t)).flatMap((f) => f.fixes.filter((x) => x.preferred))[0];

test('a map-form key is not moved into a list that is written as something else: a second `allowed` would be a TOML error', () => {
  let text = '[agents.a.tools]\nedit = "allow"\nallowed = "read"\n';
  const fixes = (t: string) => documentFindings(analyzeDocument(t)).map((f) => `${f.code}: ${f.fixes.map((x) => x.title).join(' | ')}`);
  // No move, and its removal is not preferred: the list's fix comes first, then the move.
  assert.deepEqual(fixes(text), ['unknown-policy-key: Remove `edit`', 'invalid-tool-policy: Change to `["read"]`']);
  // Each step applies the first finding's preferred fix, as a user clicking through would.
  const steps: string[] = [];
  for (let f = firstFix(text); f; f = firstFix(text)) {
    text = applyEdits(text, f.edits);
    steps.push(text);
    assert.ok(!documentFindings(analyzeDocument(text)).some((x) => x.code === 'toml-syntax'), text);
  }
  assert.deepEqual(steps, ['[agents.a.tools]\nedit = "allow"\nallowed = ["read"]\n', '[agents.a.tools]\nallowed = ["read", "edit"]\n']);
  assert.deepEqual(fixes('[agents.a.tools]\nedit = "allow"\nallowed = ["read"\n').filter((f) => f.startsWith('unknown')), ['unknown-policy-key: Remove `edit`'], 'nor into an unclosed list');
  assert.deepEqual(fixes('[agents.a.tools]\nbash = { "git *" = "allow" }\nallowed = "read"\n'), ['unknown-policy-key: Remove `bash`', 'invalid-tool-policy: Change to `["read"]`'], 'nor OpenCode\'s table of patterns');
  // An empty `mcp = []` writes to no list: its removal is offered all the same.
  assert.deepEqual(fixes('[agents.a.tools]\nmcp = []\nallowed = "read"\n'), ['invalid-tool-policy: Remove `mcp = []`: it grants nothing', 'invalid-tool-policy: Change to `["read"]`']);
});

// A key removed from an inline table, white space TOML does not read as a blank between it and its
// comma (`mcp = []\u2003,`, found by oddBlanks.test.ts, seed 808): its removal left the comma, `{ , web`,
// an error more. The blank now goes with the comma; the fix then touches the error, so it is offered
// once the blank's own fix is made, or, the blank before the key, takes it away.
test('fixes: a key removed from an inline table leaves no comma behind an odd blank', () => {
  let applied = 0;
  for (const text of ['agents.x = { tools = { mcp = []\u2003, web = "ask", allowed = [] } }\n', 'agents.x = { tools = { allowed = [], web = "ask",\u2003mcp = [] } }\n']) {
    for (const f of documentFindings(analyzeDocument(text))) {
      for (const x of f.code === 'toml-syntax' ? [] : f.fixes) {
        const out = applyEdits(text, x.edits);
        applied++;
        // A section shows one syntax error at a time: the blank's own, made a space, would hide no other.
        const errors = documentFindings(analyzeDocument(out.replaceAll('\u2003', ' '))).filter((g) => g.code === 'toml-syntax');
        assert.deepEqual(errors.map((g) => g.message), [], `${x.title}: ${JSON.stringify(out)}`);
      }
    }
  }
  assert.equal(applied, 1, 'the removal of `web` from the second (`mcp = []` past the error there); none in the first, whose removal takes the error');
  const fixes = (t: string) => documentFindings(analyzeDocument(t)).flatMap((f) => f.fixes.map((x) => x.title));
  assert.ok(fixes('agents.x = { tools = { mcp = [] , web = "ask", allowed = [] } }\n').includes('Remove `mcp = []`: it grants nothing'));
});

// The last key of an inline table, a blank before its comma (`["read"] , mcp = []`): its removal takes
// the comma and the blanks before it, one blank left before the `}`, not two.
test('fixes: the last key removed from an inline table leaves one blank before its `}`', () => {
  for (const [text, want] of [
    ['agents.x = { tools = { allowed = ["read"] , mcp = [] } }\n', 'agents.x = { tools = { allowed = ["read"] } }\n'],
    ['agents.x = { tools = { allowed = ["read"]\t,  mcp = [] } } # c\r\n', 'agents.x = { tools = { allowed = ["read"] } } # c\r\n'],
    ['agents.x = { tools = { allowed = ["read"], mcp = [] } }\n', 'agents.x = { tools = { allowed = ["read"] } }\n'],
  ]) {
    const removal = documentFindings(analyzeDocument(text)).flatMap((f) => f.fixes).find((x) => x.title === 'Remove `mcp = []`: it grants nothing');
    assert.equal(removal && applyEdits(text, removal.edits), want);
  }
});

// A list whose key is written but whose value cannot be read for a syntax error between them
// (`allowed`U+00A0`= []`, the `=` missing) is a list written all the same: a fix that would write
// another `allowed` (tools.mcp moved, a misspelt list renamed) waits for the error's fix, and then
// appends to it; it made fix-all write a second `allowed`, a TOML error once the first was fixed
// (found by test/unit/oddBlanks.test.ts).
const WAITS_FOR_THE_LIST: Array<[text: string, fixAll: string | null]> = [
  ['[skills.c.tools]\nmcp = ["gh"]\nallowed\u00a0= []\n', '[skills.c.tools]\nallowed = ["mcp(gh)"]\n'],
  ['[skills.c]\ntools = { mcp = ["gh"], allowed\u2028 = [] }\n', '[skills.c]\ntools = { allowed  = ["mcp(gh)"] }\n'],
  ['[skills.c.tools]\nmcp = ["gh"]\nallowed\u200b = ["read"]\n', '[skills.c.tools]\nallowed = ["read", "mcp(gh)"]\n'],
  // The rename of `deny` (never in fix-all) is not offered: once the error is fixed, its move is.
  ['[agents.a.tools]\ndeny = ["bash"]\ndisallowed\u00a0= ["read"]\n', '[agents.a.tools]\ndeny = ["bash"]\ndisallowed = ["read"]\n'],
  // Half typed: the map-form rule's move (never in fix-all) is not offered either.
  ['[agents.a.tools]\nbash = "deny"\ndisallowed =\n', null],
];
for (const [text, fixed] of WAITS_FOR_THE_LIST) {
  test(`no second list written beside one whose value is not read: ${JSON.stringify(text)}`, () => {
    const da = analyzeDocument(text);
    // No fix writes the key again while the error is there.
    for (const f of documentFindings(da)) {
      for (const x of f.fixes) assert.ok(!x.edits.some((e) => /\b(dis)?allowed = /.test(e.newText)), `${f.code}: ${x.title}`);
    }
    if (fixed !== null) assert.equal(applyEdits(text, documentFixAll(da)), fixed);
  });
}

// ... but only its own owner's: another agent's rule in the section still moves into a new list of its
// own. [text, the text after the move]
const OTHER_OWNER_VALUELESS: Array<[text: string, moved: string]> = [
  ['[agents]\nb.tools.bash = "allow"\na.tools.allowed =\n', '[agents]\nb.tools.allowed = ["bash"]\na.tools.allowed =\n'],
  ['[agents]\nb.tools.bash = "allow"\na.tools.allowed\u00a0= []\n', '[agents]\nb.tools.allowed = ["bash"]\na.tools.allowed\u00a0= []\n'],
  ['[agents]\nb = { tools = { bash = "allow" } }\na = { tools = { allowed = } }\n', '[agents]\nb = { tools = { allowed = ["bash"] } }\na = { tools = { allowed = } }\n'],
];
for (const [text, moved] of OTHER_OWNER_VALUELESS) {
  test(`a list whose value is not read holds back no other owner's list: ${JSON.stringify(text)}`, () => {
    const f = documentFindings(analyzeDocument(text)).find((x) => x.code === 'unknown-policy-key')!;
    const move = f.fixes.find((x) => x.title === 'Move "bash" into `allowed`');
    assert.ok(move, f.fixes.map((x) => x.title).join());
    assert.equal(applyEdits(text, move.edits), moved);
  });
}

// What TOML does not read as a blank after a list's last item (`["read",`U+200B`]`), which the parser
// reads as an item of its own (an invalid one): a rule moved into the list goes after the last item
// it holds, not after that character, where the character's removal left two commas side by side
// (`"read",, "mcp(gh)"`), a TOML error (found by test/unit/oddBlanks.test.ts, applying the quick
// fixes one at a time). [text, the text after the move alone, then after fix-all]
const MOVED_PAST_UNREAD: Array<[string, string, string]> = [
  ['[skills.c.tools]\nmcp = ["gh"]\nallowed = ["read",\u200b]\n', '[skills.c.tools]\nallowed = ["read", "mcp(gh)",\u200b]\n', '[skills.c.tools]\nallowed = ["read", "mcp(gh)",]\n'],
  ['[skills.c.tools]\nmcp = ["gh"]\nallowed = ["read"\u00a0]\n', '[skills.c.tools]\nallowed = ["read", "mcp(gh)"\u00a0]\n', '[skills.c.tools]\nallowed = ["read", "mcp(gh)" ]\n'],
  ['[skills.c.tools]\nmcp = ["gh"]\nallowed = [\u2060]\n', '[skills.c.tools]\nallowed = ["mcp(gh)"\u2060]\n', '[skills.c.tools]\nallowed = ["mcp(gh)"]\n'],
];
for (const [text, moved, fixed] of MOVED_PAST_UNREAD) {
  test(`a rule moved into a list ending in what TOML does not read as a blank: ${JSON.stringify(text)}`, () => {
    const move = documentFindings(analyzeDocument(text)).find((f) => f.code === 'invalid-tool-policy')!.fixes.find((x) => x.preferred)!;
    const once = applyEdits(text, move.edits);
    assert.equal(once, moved);
    assert.equal(applyEdits(once, documentFixAll(analyzeDocument(once))), fixed);
  });
}

// The move into a tools table of another section reads the whole text: not past 2 MB, which a lightbulb would wait seconds for.
test('a table of patterns is moved across sections in a text of up to 2 MB', () => {
  const titles = (padding: number) => {
    const text = `[agents.e.tools]\nallowed = ["read"]\n${'# a comment line of forty characters ..\n'.repeat(padding)}[agents.e.tools.bash]\n"git push" = "deny"\n`;
    return documentFindings(analyzeDocument(text)).filter((f) => f.code === 'unknown-policy-key').flatMap((f) => f.fixes.map((x) => x.title));
  };
  assert.deepEqual(titles(49_000), ['Move "bash(git push)" into `disallowed`', 'Remove the table `[agents.e.tools.bash]`']);
  assert.deepEqual(titles(51_000), ['Remove the table `[agents.e.tools.bash]`']);
});

// A `[[…` header being typed reaches no root key, so the tables below it are read as the owners' own; closed by fix-all, they
// are its last element's, no one's tools: fix-all leaves them to its next pass, which reads them so (fixAllSlips seed 101).
test('fix-all closing a `[[skills` header fixes nothing in the tables below it that it makes an element\'s', () => {
  const valid = '[[skills]]\nname = "c"\n\n[skills."deep research"]\ntools = { allowed = ["Read"] }\n\n[agents.a.tools]\nallowed = "*"\n';
  const fixAll = (text: string) => applyEdits(text, documentFixAll(analyzeDocument(text)));
  assert.equal(fixAll(valid), valid.replace('allowed = "*"', 'allowed = ["*"]'));
  assert.equal(fixAll(valid.replace('[[skills]]', '[[skills')), fixAll(valid));
  // Nor does the lightbulb's count promise them: a header with a no-break space after it is made whole too.
  const spaced = valid.replace('[[skills]]', '[[skills]]\u00a0');
  assert.equal(fixAll(spaced), fixAll(valid));
  const counter = { fixed: 0 };
  documentFixAll(analyzeDocument(spaced), {}, undefined, counter);
  assert.deepEqual([countFixAll(analyzeDocument(spaced), {}, undefined, Infinity), counter.fixed], [2, 2]);
  // A header whose key the parser could not read (a byte order mark inside it): its key once the mark is out (oddBlanks seed 1818).
  const marked = valid.replace('[[skills]]', '[[\ufeffskills]]');
  assert.equal(fixAll(marked), fixAll(valid));
});

// A header made whole by fix-all (`[agents.b]` then U+2028) reaches `agents` first: a `[[agents]]` below it is then a clash,
// and `[agents.a]` below that agent a's own, not an element's table, its entries fixed in the same fix-all (oddBlanks seed 707).
test('fix-all making a header whole reads the tables below it again, and settles', () => {
  const text = '[agents.b]\u2028\ntools.allowed = []\n\n[[agents]]\nname = "x"\n\n[agents.a]\ntools = { allowed = ["fetch"] }\n';
  const once = applyEdits(text, documentFixAll(analyzeDocument(text)));
  assert.equal(once, text.replace('\u2028', '').replace('"fetch"', '"web_fetch"'));
  assert.deepEqual(documentFixAll(analyzeDocument(once)), []);
});

// So with a root key/value whose key reads once fix-all takes a character out of it (`agents.a` U+2060 ` = {…}`): it makes
// `agents` a table, `[[agents]]` below it a clash, and `[agents.b]` agent b's own, its duplicate removed in the same
// fix-all (oddBlanks seed 3939). A fix of a root line whose key was read already leaves the tables below to the same pass.
test('fix-all making a root key readable reads the tables below it again, and settles', () => {
  const text = 'agents.a\u2060 = { tools = { allowed = ["bash"] } }\n\n[[agents]]\nname = "x"\n\n[agents.b]\ntools.disallowed = ["mcp(gh)", "mcp(gh)"]\n';
  const once = applyEdits(text, documentFixAll(analyzeDocument(text)));
  assert.equal(once, text.replace('\u2060', '').replace(', "mcp(gh)"]', ']'));
  assert.deepEqual(documentFixAll(analyzeDocument(once)), []);
  const counter = { fixed: 0 };
  documentFixAll(analyzeDocument(text), {}, undefined, counter);
  // The count promises the one shown (the duplicate, in an element's table then, is not); fix-all fixes both.
  assert.deepEqual([countFixAll(analyzeDocument(text), {}, undefined, Infinity), counter.fixed], [1, 2]);
  const read = 'agents.a = { tools = { allowed = ["Bash"] } }\n\n[agents.b]\ntools.disallowed = ["Read"]\n';
  assert.equal(applyEdits(read, documentFixAll(analyzeDocument(read))), read.replace('Bash', 'bash').replace('Read', 'read'));
});

// Past a multi-line string that never closes, to Mars the rest of the file is its text and fix-all leaves it; where a fix
// before it makes it close (a U+2003 made a comma, and a U+3000 taken from before the `'''` that opens the string
// meant), fix-all reads the sections below again in the same go (oddBlanks seed 3232: it left them to the next).
test('fix-all closing a multi-line string left open reads the sections below it again, and settles', () => {
  const text = "[agents.a.tools]\nallowed = [\n  'Glob'\u2003\n  '''\nBash''',\n  \u3000'''\nRead''',\n]\n\n[agents.b.tools]\nallowed = [\"Grep\"]\n";
  assert.ok(analyzeDocument(text).unclosed.length > 0, 'a multi-line string never closes');
  const once = applyEdits(text, documentFixAll(analyzeDocument(text)));
  assert.equal(once, "[agents.a.tools]\nallowed = [\n  'glob',\n  '''\nbash''',\n  '''\nread''',\n]\n\n[agents.b.tools]\nallowed = [\"grep\"]\n");
  assert.deepEqual(documentFixAll(analyzeDocument(once)), []);
});

// Fixes that wait for one another (removals beside one another in an inline table share a comma; a
// rewrite makes a key redundant), more passes' worth than a few: fix-all still settles in one go.
const FIX_CHAINS: Array<[string, string]> = [
  ['tools = { allowed = ["mcp__gh__x"], mcp__gh__x = "allow", "mcp(gh/x)" = "allow", Allow = ["mcp(gh/x)"], allow = ["mcp(gh/x)"] }', 'tools = { allowed = ["mcp(gh/x)"] }'],
  ['tools = { allowed = ["read"], "read" = "allow", Allow = ["read"], allowed_tools = ["read"], Allowed = ["read"], allow = ["read"], mcp = [] }', 'tools = { allowed = ["read"] }'],
  // A table of patterns of its own, in a section apart, is told what its owner's lists hold: once the list is fixed (a
  // string wrapped in brackets, an entry mended, a comma written), it holds the table's rules, and the table goes too.
  ['tools.allowed = "bash(git *)"\n[agents.a.tools.bash]\n"git *" = "allow"', 'tools.allowed = ["bash(git *)"]'],
  ['tools.disallowed = ["bash(rm *"]\n[agents.a.tools.bash]\n"rm *" = "deny"\n"*" = "ask"', 'tools.disallowed = ["bash(rm *)"]\n[agents.a.tools.bash]\n"*" = "ask"'],
  ['tools.allowed = [\n  "read"\n  "bash(git *)"\n]\n[agents.a.tools.bash]\n"git *" = "allow"', 'tools.allowed = [\n  "read",\n  "bash(git *)"\n]'],
  // The table's rules held in part before the fix (`"git *"` taken out alone) and the rest once the other list is
  // wrapped: the table the first pass edited is read again too, and goes.
  ['tools.allowed = ["bash(git *)"]\ntools.disallowed = "bash(rm *)"\n[agents.a.tools.bash]\n"git *" = "allow"\n"rm *" = "deny"', 'tools.allowed = ["bash(git *)"]\ntools.disallowed = ["bash(rm *)"]'],
  // The list past a syntax error (a byte order mark before its `=`): the section defined no list until the pass fixed it,
  // then wrote `"Bash(git:*)"` as the table's rule, which goes in the same fix-all (oddBlanks seed 14039).
  ['tools.allowed \ufeff= [\n  "Bash(git:*)"\n]\n[agents.a.tools.bash]\n"git *" = "allow"\n"rm *" = "deny"', 'tools.allowed = [\n  "bash(git *)"\n]\n[agents.a.tools.bash]\n"rm *" = "deny"'],
];
for (const [input, expected] of FIX_CHAINS) {
  test(`fix all, a chain of fixes: ${input}`, () => {
    const text = `[agents.a]\n${input}\n`;
    const fixed = applyEdits(text, documentFixAll(analyzeDocument(text)));
    assert.equal(fixed, `[agents.a]\n${expected}\n`);
    assert.deepEqual(documentFixAll(analyzeDocument(fixed)), [], 'settled');
  });
}

// Commas missing in a list or an inline table, thousands of them: a section shows one syntax error at a time, and fix-all
// wrote one comma a pass, so its bounded passes left a syntax error (4,000 on one line: the 157th). Each is written, a
// comma after its item, and fix-all settles in one go. [name, text, the text fix-all writes, the problems it counts fixed]
const MANY_COMMAS: Array<[string, string, string, number]> = (() => {
  const items = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i));
  const tool = (i: number) => `"read(x${i})"`;
  const list = (n: number) => items(n, tool);
  return [
    ['10,000 items, no comma, one line', `[agents.a.tools]\nallowed = [${list(10_000).join(' ')}]\n`, `[agents.a.tools]\nallowed = [${list(10_000).join(', ')}]\n`, 9_999],
    ['4,000 items, a no-break space between each', `[agents.a.tools]\nallowed = [${list(4_000).join('\u00a0')}]\n`, `[agents.a.tools]\nallowed = [${list(4_000).join(', ')}]\n`, 3_999],
    ['8,000 items, every other comma missing', `[agents.a.tools]\nallowed = [${list(8_000).map((t, i) => (i === 0 ? t : `${i % 2 ? ' ' : ', '}${t}`)).join('')}]\n`, `[agents.a.tools]\nallowed = [${list(8_000).join(', ')}]\n`, 4_000],
    ['4,000 items on lines of their own, no comma', `[agents.a.tools]\nallowed = [\n${list(4_000).map((t) => `  ${t}\n`).join('')}]\n`, `[agents.a.tools]\nallowed = [\n${list(4_000).map((t, i) => `  ${t}${i < 3_999 ? ',' : ''}\n`).join('')}]\n`, 3_999],
    ['300 sections of 40 items, no comma', items(300, (s) => `[agents.a${s}.tools]\nallowed = [${list(40).join(' ')}]\n`).join(''), items(300, (s) => `[agents.a${s}.tools]\nallowed = [${list(40).join(', ')}]\n`).join(''), 11_700],
    ['2,000 lines of 5 items in one list, no comma', `[agents]\na.tools.allowed = [\n${items(2_000, (l) => `  ${items(5, (k) => tool(l * 5 + k)).join(' ')}\n`).join('')}]\n`, `[agents]\na.tools.allowed = [\n${items(2_000, (l) => `  ${items(5, (k) => tool(l * 5 + k)).join(', ')}${l < 1_999 ? ',' : ''}\n`).join('')}]\n`, 9_999],
    // A no-break space at the start or the end of each item's line: the comma after the item, the character removed.
    // In a section over 100 KB too (8,000 items), the one after `[` or before `]` (its fix checked by reading around its line).
    ...[3_000, 8_000].flatMap((n): Array<[string, string, string, number]> => [
      [`${n} items on lines of their own, a no-break space before each`, `[agents.a]\ntools = [\n${list(n).map((t) => `\u00a0${t}\n`).join('')}]\n`, `[agents.a]\ntools = [\n${list(n).map((t, i) => `${t}${i < n - 1 ? ',' : ''}\n`).join('')}]\n`, n],
      [`${n} items on lines of their own, a no-break space after each`, `[agents.a]\ntools = [\n${list(n).map((t) => `${t}\u00a0\n`).join('')}]\n`, `[agents.a]\ntools = [\n${list(n).map((t, i) => `${t}${i < n - 1 ? ',' : ''}\n`).join('')}]\n`, n],
    ]),
    ['12,000 items on lines of their own, a no-break space before each but the first', `[agents.a.tools]\nallowed = [\n${list(12_000).map((t, i) => `  ${i ? '\u00a0' : ''}${t}\n`).join('')}]\n`, `[agents.a.tools]\nallowed = [\n${list(12_000).map((t, i) => `  ${t}${i < 11_999 ? ',' : ''}\n`).join('')}]\n`, 11_999],
    ['12,000 items on lines of their own, a no-break space after each but the last', `[agents.a.tools]\nallowed = [\n${list(12_000).map((t, i) => `  ${t}${i < 11_999 ? '\u00a0' : ''}\n`).join('')}]\n`, `[agents.a.tools]\nallowed = [\n${list(12_000).map((t, i) => `  ${t}${i < 11_999 ? ',' : ''}\n`).join('')}]\n`, 11_999],
    // The key/values of an inline table: a comma after each, as in a list.
    ['12,000 keys of an inline table, no comma', `[agents.a]\ntools = { ${list(12_000).map((t) => `${t} = "allow"`).join(' ')} }\n`, `[agents.a]\ntools = { ${list(12_000).map((t) => `${t} = "allow"`).join(', ')} }\n`, 11_999],
    ['3,000 keys of an inline table in a list, a no-break space between each', `x = [{ ${items(3_000, (i) => `k${i} = ${i + 1}`).join('\u00a0')} }]\n`, `x = [{ ${items(3_000, (i) => `k${i} = ${i + 1}`).join(', ')} }]\n`, 2_999],
  ];
})();
for (const [name, text, expected, counted] of MANY_COMMAS) {
  test(`fix all, commas missing: ${name}`, () => {
    const counter = { fixed: 0 };
    const fixed = applyEdits(text, documentFixAll(analyzeDocument(text), {}, undefined, counter));
    assert.ok(fixed === expected, `fixed differs from the expected text at ${[...fixed].findIndex((c, i) => c !== expected[i])}`);
    // Each error fixed counts, as fixing them one at a time would count it: the checker's "N problems fixed".
    assert.equal(counter.fixed, counted);
    assert.deepEqual(documentFixAll(analyzeDocument(fixed)), [], 'settled');
  });
}

test('a comma\'s message fits either list and any number of commas: Claude splits both lists at each', () => {
  const messages = documentFindings(analyzeDocument('[agents.a.tools]\ndisallowed = ["a,b"]\n')).filter((f) => f.code === 'illegal-char').map((f) => f.message);
  assert.deepEqual(messages, ["A comma splits Claude's tool lists (`--allowed-tools`, `--disallowed-tools`), so Claude would read this entry in pieces; use one entry per tool."]);
});

// Commas apart in one entry (`bash(a, b, c)`) were a finding each, of one message: two identical lines
// in the Problems panel for one problem. Now one finding a character an entry (or a map-form key)
// holds, on its first run, counting them all, its other runs its related places, as rustc's one
// diagnostic with a label a place. [the table, the illegal-char findings: message, where, related places]
const CHARS_APART: Array<[table: string, found: Array<[message: string, at: string, related: Array<[at: string, note: string]>]>]> = [
  ['disallowed = ["bash(a, b, c)"]', [["2 commas split Claude's tool lists (`--allowed-tools`, `--disallowed-tools`), so Claude would read this entry in pieces; use one entry per tool.", ', b', [[', c', 'another comma']]]]],
  ['allowed = ["a,b,,c"]', [["3 commas split Claude's tool lists (`--allowed-tools`, `--disallowed-tools`), so Claude would read this entry in pieces; use one entry per tool.", ',b', [[',,c', '2 more commas']]]]],
  ['allowed = ["bash(a\\tb\\tc)"]', [['This entry contains control character U+0009 (2 times), which can break the shell command a harness is started with.', '\\tb', [['\\tc', 'control character U+0009 again']]]]],
  ['allowed = ["bash(a\\tb\\t\\tc)"]', [['This entry contains control character U+0009 (3 times), which can break the shell command a harness is started with.', '\\tb', [['\\t\\tc', 'control character U+0009 2 more times']]]]],
  // Two characters: a finding each.
  ['allowed = ["a,b\\tc,d\\u0007e"]', [
    ["2 commas split Claude's tool lists (`--allowed-tools`, `--disallowed-tools`), so Claude would read this entry in pieces; use one entry per tool.", ',b', [[',d', 'another comma']]],
    ['This entry contains control character U+0009, which can break the shell command a harness is started with.', '\\tc', []],
    ['This entry contains control character U+0007, which can break the shell command a harness is started with.', '\\u0007e', []]]],
  ['"bash(a,b,c)" = "deny"', [["2 commas split Claude's tool lists (`--allowed-tools`, `--disallowed-tools`), so Claude would read this tool name in pieces; use one name per tool.", ',b', [[',c', 'another comma']]]]],
  // OpenCode's patterns below a tool: each moved one said as the entry its move writes (`bash(a,b)`) would be, on
  // its key, as a map-form key's (it was said only once moved); not one left in place (`"ask"`), which becomes none.
  ['bash = { "a,b" = "allow" }', [["A comma splits Claude's tool lists (`--allowed-tools`, `--disallowed-tools`), so Claude would read the entry this pattern is moved as in pieces; use one entry per tool.", ',b', []]]],
  ['bash."a,b,c" = "deny"', [["2 commas split Claude's tool lists (`--allowed-tools`, `--disallowed-tools`), so Claude would read the entry this pattern is moved as in pieces; use one entry per tool.", ',b', [[',c', 'another comma']]]]],
  ['bash = { "x,y" = "ask", "git\\u0007" = "allow" }', [['This pattern contains control character U+0007, which can break the shell command a harness is started with.', '\\u0007', []]]],
  ['allowed = ["read"]\n[agents.a.tools.bash]\n"a,b" = "allow"\n"c,d" = "ask"', [["A comma splits Claude's tool lists (`--allowed-tools`, `--disallowed-tools`), so Claude would read the entry this pattern is moved as in pieces; use one entry per tool.", ',b', []]]],
  // A run of the value that a line-ending backslash joins from two lines of the text: each line's
  // part is a place of its own (a range over both would end on the next line). It was placed on the
  // string's first line, its other part unsaid.
  ['allowed = ["""a,\\\n  ,b"""]', [["2 commas split Claude's tool lists (`--allowed-tools`, `--disallowed-tools`), so Claude would read this entry in pieces; use one entry per tool.", ',\\', [[',b', 'another comma']]]]],
  ['allowed = ["""x\\\n  y,\\\n  ,z,w"""]', [["3 commas split Claude's tool lists (`--allowed-tools`, `--disallowed-tools`), so Claude would read this entry in pieces; use one entry per tool.", ',\\', [[',z', 'another comma'], [',w', 'another comma']]]]],
  ['allowed = ["""p,,\\\n  ,,,q"""]', [["5 commas split Claude's tool lists (`--allowed-tools`, `--disallowed-tools`), so Claude would read this entry in pieces; use one entry per tool.", ',,\\', [[',,,q', '3 more commas']]]]],
  ['allowed = ["""p\\t\\\n\\tq"""]', [['This entry contains control character U+0009 (2 times), which can break the shell command a harness is started with.', '\\t\\', [['\\tq', 'control character U+0009 again']]]]],
  // A run of line breaks is on no one line: the first line stands for it, as before.
  ['allowed = ["""a,\n\nb"""]', [
    ['This entry contains control character U+000A (2 times), which can break the shell command a harness is started with.', 'a,', []],
    ["A comma splits Claude's tool lists (`--allowed-tools`, `--disallowed-tools`), so Claude would read this entry in pieces; use one entry per tool.", ',\n', []]]],
];
for (const [table, found] of CHARS_APART) {
  test(`one illegal-char finding a character an entry holds, counting them: ${table}`, () => {
    const text = `[agents.a.tools]\n${table}\n`;
    // Each place as the text from it, long enough to tell it apart.
    const from = (span: { start: number; end: number }, like: string) => text.slice(span.start, span.start + like.length);
    for (const findings of [documentFindings(analyzeDocument(text)), analyze(text).findings]) {
      const chars = findings.filter((f) => f.code === 'illegal-char');
      assert.deepEqual(chars.map((f) => [f.message, from(f.span, found[chars.indexOf(f)]?.[1] ?? ''), (f.related ?? []).map((r, i) => [from(r.span, found[chars.indexOf(f)]?.[2][i]?.[0] ?? ''), r.message])]), found);
    }
  });
}

// Its related places are the first 20, however many places its runs have (a run a line-ending backslash joins from
// two lines has two); the message counts them all.
test('one illegal-char finding relates the first 20 places of its character, counting all of them', () => {
  const text = `[agents.a.tools]\nallowed = ["""${'a,\\\n,'.repeat(25)}b"""]\n`;
  for (const findings of [documentFindings(analyzeDocument(text)), analyze(text).findings]) {
    const [f, ...others] = findings.filter((x) => x.code === 'illegal-char');
    assert.equal(others.length, 0);
    assert.match(f!.message, /^50 commas split /);
    assert.equal(f!.related?.length, 20);
  }
});

// A pattern holding a comma in a table meant as `tools`, under a misspelt owner, or at the root gets no `illegal-char`, as
// an entry of a list there gets none (README, `misplaced-tool-list`: Mars reads no tool list there, so nothing in it is
// judged as a tool name; hover says the character): the rename into `tools` brings it in, where its own follows (the
// pattern's as the entry its move writes, the list's entry's as such). [the text, the illegal-char messages after every rename]
const COMMA_IN_PATTERN = "A comma splits Claude's tool lists (`--allowed-tools`, `--disallowed-tools`), so Claude would read the entry this pattern is moved as in pieces; use one entry per tool.";
const CHARS_ONCE_RENAMED: Array<[text: string, after: string[]]> = [
  ['[agents.a.tool]\nbash = { "a,b" = "allow" }\n', [COMMA_IN_PATTERN]],
  ['[agents.a.tool]\nbash."a,b" = "alow"\n', [COMMA_IN_PATTERN]],
  ['[agents.a.permission]\nbash = { "a,b" = "allow" }\n', [COMMA_IN_PATTERN]],
  ['[agents.a.permission.bash]\n"a,b" = "deny"\n', [COMMA_IN_PATTERN]],
  ['[agents.a]\ntool.bash."a,b" = "allow"\n', [COMMA_IN_PATTERN]],
  ['[agent.a.tools]\nbash = { "a,b" = "allow" }\n', [COMMA_IN_PATTERN]],
  ['[agent.a.tools.bash]\n"a,b" = "allow"\n', [COMMA_IN_PATTERN]],
  ['[agents.a.tool]\nallowed = ["bash(a,b)"]\n', ["A comma splits Claude's tool lists (`--allowed-tools`, `--disallowed-tools`), so Claude would read this entry in pieces; use one entry per tool."]],
  // No owner to rename it to: none, before or after.
  ['[permission]\nbash = { "a,b" = "allow" }\n', []],
];
for (const [text, after] of CHARS_ONCE_RENAMED) {
  test(`a comma in a pattern meant for \`tools\` is said once the rename brings it in: ${JSON.stringify(text)}`, () => {
    const chars = (t: string) => documentFindings(analyzeDocument(t)).filter((f) => f.code === 'illegal-char');
    assert.ok(documentFindings(analyzeDocument(text)).some((f) => f.code === 'misplaced-tool-list'));
    assert.deepEqual(chars(text), []);
    const renamed = everyMisplacedFix(text);
    assert.deepEqual(chars(renamed).map((f) => [f.message, renamed.slice(f.span.start, f.span.end)]), after.map((m) => [m, ',']));
  });
}

// A key Mars ignores in a tools table: what to do (put the rule in its list, take the list it looks
// meant for, remove the key) comes right after what is wrong, and why Mars ignores it last, as a
// narrow view (the Problems panel) cuts a long message at its end. A key there is nothing to do for
// is said as before. [the tools table, the message of its unknown-policy-key finding]
/** `n` rules of OpenCode's patterns, `"p0 *" = "allow"` and on, joined by `sep`. */
const patterns = (n: number, verdict = 'allow', sep = ', ') => Array.from({ length: n }, (_, i) => `"p${i} *" = "${verdict}"`).join(sep);

const IGNORED_KEY_MESSAGES: Array<[table: string, message: string]> = [
  ['bash = "allow"', 'Mars ignores `bash` here, so this rule has no effect. Put "bash" in `allowed` instead. A tools table holds only `allowed` and `disallowed` lists.'],
  // A list holding it past a syntax error on its line holds it as a guess: not said to hold it.
  ['bash = "allow"\nallowed = ["read" "bash"]', 'Mars ignores `bash` here, so this rule has no effect. Put "bash" in `allowed` instead. A tools table holds only `allowed` and `disallowed` lists.'],
  // A boolean verdict (OpenCode's `tools: { bash: true }`) is the map form too, said in the same words.
  ['bash = true', 'Mars ignores `bash` here, so this rule has no effect. Put "bash" in `allowed` instead. A tools table holds only `allowed` and `disallowed` lists.'],
  ['write = false', 'Mars ignores `write` here, so this rule has no effect. Put "write" in `disallowed` instead. A tools table holds only `allowed` and `disallowed` lists.'],
  ['allowed = ["Bash"]\nbash = true', 'Mars ignores `bash` here, so this rule has no effect; `allowed` already holds "Bash", so the key can go. A tools table holds only `allowed` and `disallowed` lists.'],
  // A verdict one typo from `"allow"` or `"deny"` is read as the one meant, said so: Mars ignores the key either way.
  ['bash = "alow"', 'Mars ignores `bash` here, so this rule has no effect (`"alow"` read as `"allow"`). Put "bash" in `allowed` instead. A tools table holds only `allowed` and `disallowed` lists.'],
  ["write = 'Dny'", 'Mars ignores `write` here, so this rule has no effect (`\'Dny\'` read as `"deny"`). Put "write" in `disallowed` instead. A tools table holds only `allowed` and `disallowed` lists.'],
  ['allowed = ["Bash"]\nbash = "allw"', 'Mars ignores `bash` here, so this rule has no effect (`"allw"` read as `"allow"`); `allowed` already holds "Bash", so the key can go. A tools table holds only `allowed` and `disallowed` lists.'],
  ['allowed = ["bash"]\nShell = "deby"', 'Mars ignores `Shell` here, so this rule has no effect (`"deby"` read as `"deny"`). `allowed` holds "bash", so in `disallowed` it would be both allowed and disallowed. A tools table holds only `allowed` and `disallowed` lists.'],
  ['bash = { "git *" = "alow", "rm *" = "dny", "x *" = "alow" }', 'Mars ignores `bash` here, so these rules have no effect (`"alow"` read as `"allow"` and `"dny"` read as `"deny"`). Put "bash(git *)", "bash(x *)" in `allowed` and "bash(rm *)" in `disallowed` instead. A tools table holds only `allowed` and `disallowed` lists.'],
  // Past five spellings, the rest counted, as a list of entries is.
  ['bash = { "a *" = "alow", "b *" = "allw", "c *" = "alloww", "d *" = "dny", "e *" = "deby", "f *" = "dey" }', 'Mars ignores `bash` here, so these rules have no effect (`"alow"` read as `"allow"`, `"allw"` read as `"allow"`, `"alloww"` read as `"allow"`, `"dny"` read as `"deny"`, `"deby"` read as `"deny"` and 1 more). Put "bash(a *)", "bash(b *)", "bash(c *)" in `allowed` and "bash(d *)", "bash(e *)", "bash(f *)" in `disallowed` instead. A tools table holds only `allowed` and `disallowed` lists.'],
  // Not further off, nor `"ask"` one typo away.
  ['bash = "allowed"', 'Mars ignores `bash` here: a tools table holds only `allowed` and `disallowed` lists (the `tool = "allow"` map form belongs to agent profiles).'],
  ['bash = "ask "', 'Mars ignores `bash` here: a tools table holds only `allowed` and `disallowed` lists (the `tool = "allow"` map form belongs to agent profiles).'],
  ['bash = "asks"', 'Mars ignores `bash` here: a tools table holds only `allowed` and `disallowed` lists (the `tool = "allow"` map form belongs to agent profiles).'],
  ['allowed = ["bash"]\nShell = false', 'Mars ignores `Shell` here, so this rule has no effect. `allowed` holds "bash", so in `disallowed` it would be both allowed and disallowed. A tools table holds only `allowed` and `disallowed` lists.'],
  ['bassh = "deny"', 'Mars ignores `bassh` here, so this rule has no effect. Put "bassh" in `disallowed` instead. (Mars has no capability `bassh`: did you mean `bash`?) A tools table holds only `allowed` and `disallowed` lists.'],
  // A scoped entry without its parentheses, as an entry's did-you-mean says it.
  ['"skill:init" = "allow"', 'Mars ignores `skill:init` here, so this rule has no effect. Put "skill:init" in `allowed` instead. (Mars has no capability `skill:init`: did you mean `skill(init)`?) A tools table holds only `allowed` and `disallowed` lists.'],
  // Names between commas are read split, not as one name a did-you-mean would take whole (`skill(init,)`).
  ['"skill:init," = "allow"', 'Mars ignores `skill:init,` here, so this rule has no effect. Put "skill:init" in `allowed` instead. A tools table holds only `allowed` and `disallowed` lists.'],
  ['MultiEdit = "deny"', "Mars ignores `MultiEdit` here, so this rule has no effect. Put \"multi_edit\" in `disallowed` instead. (Mars has no capability `MultiEdit`: did you mean `edit` (Claude's `MultiEdit`)?) A tools table holds only `allowed` and `disallowed` lists."],
  ['allowed = ["Bash"]\nbash = "allow"', 'Mars ignores `bash` here, so this rule has no effect; `allowed` already holds "Bash", so the key can go. A tools table holds only `allowed` and `disallowed` lists.'],
  // Held twice, in two spellings: said as written first.
  ['allowed = ["Shell", "Bash"]\nbash = "allow"', 'Mars ignores `bash` here, so this rule has no effect; `allowed` already holds "Shell", so the key can go. A tools table holds only `allowed` and `disallowed` lists.'],
  ['allowed = ["bash"]\nShell = "deny"', 'Mars ignores `Shell` here, so this rule has no effect. `allowed` holds "bash", so in `disallowed` it would be both allowed and disallowed. A tools table holds only `allowed` and `disallowed` lists.'],
  // A misspelt name the other list holds as well: the conflict, and no did-you-mean (the entry's own finding says it).
  ['disallowed = ["bassh"]\nbassh = "allow"', 'Mars ignores `bassh` here, so this rule has no effect. `disallowed` holds "bassh", so in `allowed` it would be both allowed and disallowed. A tools table holds only `allowed` and `disallowed` lists.'],
  ['deny = ["bash"]', 'Mars ignores `deny` here. Did you mean `disallowed`? A tools table holds only `allowed` and `disallowed` lists.'],
  ['enabled_tools = ["bash"]', 'Mars ignores `enabled_tools` here. Did you mean `allowed`? A tools table holds only `allowed` and `disallowed` lists.'],
  ['disabledTools = "bash"', 'Mars ignores `disabledTools` here. Did you mean `disallowed = ["bash"]`? A tools table holds only `allowed` and `disallowed` lists.'],
  ['allowed = ["bash"]\ndeny = ["bash"]', 'Mars ignores `deny` here. Did you mean `disallowed`? `allowed` holds "bash", so in `disallowed` it would be both allowed and disallowed. A tools table holds only `allowed` and `disallowed` lists.'],
  // What a list holds, as it spells it: `allowed` holds "bash", not the "Shell" that would move in.
  ['allowed = ["bash"]\ndeny = ["Shell"]', 'Mars ignores `deny` here. Did you mean `disallowed`? `allowed` holds "bash", so in `disallowed` it would be both allowed and disallowed. A tools table holds only `allowed` and `disallowed` lists.'],
  // A key with white space at its ends, which Mars trims when it reads it as an entry: said as an entry's is, after what to do.
  ['" Bash" = "allow"', 'Mars ignores ` Bash` here, so this rule has no effect. Put "bash" in `allowed` instead. ` Bash` has a space before it, which Mars trims. A tools table holds only `allowed` and `disallowed` lists.'],
  ['" bassh " = "deny"', 'Mars ignores ` bassh ` here, so this rule has no effect. Put "bassh" in `disallowed` instead. (Mars has no capability `bassh`: did you mean `bash`?) ` bassh ` has spaces around it, which Mars trims. A tools table holds only `allowed` and `disallowed` lists.'],
  ['allowed = ["Bash"]\n" bash" = "allow"', 'Mars ignores ` bash` here, so this rule has no effect; `allowed` already holds "Bash", so the key can go. ` bash` has a space before it, which Mars trims. A tools table holds only `allowed` and `disallowed` lists.'],
  ['allowed = ["bash"]\n"Shell\\t" = "deny"', 'Mars ignores `Shell\\u0009` here, so this rule has no effect. `allowed` holds "bash", so in `disallowed` it would be both allowed and disallowed. `Shell\\u0009` has white space after it, which Mars trims. A tools table holds only `allowed` and `disallowed` lists.'],
  [`" bash( " = "allow"`, `Mars ignores \` bash( \` here: a tools table holds only \`allowed\` and \`disallowed\` lists, and it is not a tool name Mars accepts either (allowed: ${ERROR_ALLOWED.UnbalancedPattern}). \` bash( \` has spaces around it, which Mars trims.`],
  // Nothing to do but remove it, or keep it for another program: said as before.
  ['foo = 1', 'Mars ignores `foo` here: a tools table holds only `allowed` and `disallowed` lists.'],
  // A key below a list's name misspelt (`Allowed.x`) makes it a table, no list: not taken for `allowed`.
  ['allowed = ["read"]\nAllowed.x = ["grep"]', 'Mars ignores `Allowed` here: a tools table holds only `allowed` and `disallowed` lists.'],
  ['" foo " = 1', 'Mars ignores ` foo ` here: a tools table holds only `allowed` and `disallowed` lists.'],
  // A name in letters drawn as ASCII ones (a Cyrillic `а`) is said so, or it read as the name its did-you-mean offers.
  ['"\u0430llowed" = ["read"]', 'Mars ignores `\u0430llowed` here. It holds U+0430, which looks like `a` but is not an ASCII character. Did you mean `allowed`? A tools table holds only `allowed` and `disallowed` lists.'],
  ['"b\u0430sh" = "deny"', 'Mars ignores `b\u0430sh` here, so this rule has no effect. Put "b\u0430sh" in `disallowed` instead. (Mars has no capability `b\u0430sh`: did you mean `bash`? It holds U+0430, which looks like `a` but is not an ASCII character.) A tools table holds only `allowed` and `disallowed` lists.'],
  ['bash = "ask"', 'Mars ignores `bash` here: a tools table holds only `allowed` and `disallowed` lists (the `tool = "allow"` map form belongs to agent profiles).'],
  // Below a name with a pattern already, a `"*"` is no pattern of a tool: a key Mars ignores, no rule to move.
  ['"bash(git *)" = { "*" = "allow" }', 'Mars ignores `bash(git *)` here: a tools table holds only `allowed` and `disallowed` lists.'],
  // `"*"` with blanks around it is every use of the tool too; a key below a pattern (`"git".x`) is no rule, nor are two
  // patterns of one entry into both lists (which was meant is not clear): then the table is a key Mars ignores.
  ['bash = { " * " = "allow" }', 'Mars ignores `bash` here, so this rule has no effect. Put "bash" in `allowed` instead. A tools table holds only `allowed` and `disallowed` lists.'],
  // The tool's name trimmed as Mars trims it in the entry it would reject too.
  ['" bash " = { "" = "allow", "git *" = "allow" }', 'Mars ignores ` bash ` here, so these rules have no effect. Put "bash(git *)" in `allowed` instead. Mars would reject "bash()" as a tool name, so `"" = "allow"` is left too. A tools table holds only `allowed` and `disallowed` lists.'],
  ['bash = { "git".x = "allow" }', 'Mars ignores `bash` here: a tools table holds only `allowed` and `disallowed` lists.'],
  ['bash = { "git log:*" = "allow", "git log *" = "deny" }', 'Mars ignores `bash` here: a tools table holds only `allowed` and `disallowed` lists.'],
  // OpenCode's table of patterns whose rules the list holds already: the key can go.
  ['allowed = ["Bash(git *)"]\nbash = { "git *" = "allow" }', 'Mars ignores `bash` here, so this rule has no effect; `allowed` already holds "Bash(git *)", so the key can go. A tools table holds only `allowed` and `disallowed` lists.'],
  // A table of them of its own (`[agents.a.tools.bash]`), a section apart from the lists: what they hold is told it, as the hover says.
  ['allowed = ["Bash(git *)"]\n[agents.a.tools.bash]\n"git *" = "allow"', 'Mars ignores the table `bash` here, so this rule has no effect; `allowed` already holds "Bash(git *)", so the table can go. A tools table holds only `allowed` and `disallowed` lists.'],
  ['allowed = ["bash(git *)"]\n[agents.a.tools.bash]\n"git *" = "allow"\n"rm *" = "deny"', 'Mars ignores the table `bash` here, so these rules have no effect. Put "bash(rm *)" in `disallowed` instead (`allowed` already holds "bash(git *)"). A tools table holds only `allowed` and `disallowed` lists.'],
  ['disallowed = ["bash(git *)"]\n[agents.a.tools.bash]\n"git *" = "allow"', 'Mars ignores the table `bash` here, so this rule has no effect. `disallowed` holds "bash(git *)", so in `allowed` it would be both allowed and disallowed. A tools table holds only `allowed` and `disallowed` lists.'],
  // Told only what the owner's first closed lists hold, as a section holding both reads them: not a list left open, a list
  // written again (its entries on lines past the error's, no guess), or the guess past a syntax error; and each owner's
  // lists of a section of many owners apart.
  ['allowed = ["bash(git *)",\n[agents.a.tools.bash]\n"git *" = "allow"', 'Mars ignores the table `bash` here, so this rule has no effect. Put "bash(git *)" in `allowed` instead. A tools table holds only `allowed` and `disallowed` lists.'],
  ['allowed = ["read"]\nallowed = [\n  "bash(git *)",\n]\n[agents.a.tools.bash]\n"git *" = "allow"', 'Mars ignores the table `bash` here, so this rule has no effect. Put "bash(git *)" in `allowed` instead. A tools table holds only `allowed` and `disallowed` lists.'],
  ['allowed = ["read" "bash(git *)"]\n[agents.a.tools.bash]\n"git *" = "allow"', 'Mars ignores the table `bash` here, so this rule has no effect. Put "bash(git *)" in `allowed` instead. A tools table holds only `allowed` and `disallowed` lists.'],
  ['[agents]\nb.tools.allowed = ["read"]\nc.tools.allowed = ["bash(git *)"]\n[agents.c.tools.bash]\n"git *" = "allow"', 'Mars ignores the table `bash` here, so this rule has no effect; `allowed` already holds "bash(git *)", so the table can go. A tools table holds only `allowed` and `disallowed` lists.'],
  // An entry the list holds twice, spelt two ways: said as first spelt, as where the list is in the table's section.
  ['allowed = ["Bash(git *)", "bash(git *)"]\n[agents.a.tools.bash]\n"git *" = "allow"', 'Mars ignores the table `bash` here, so this rule has no effect; `allowed` already holds "Bash(git *)", so the table can go. A tools table holds only `allowed` and `disallowed` lists.'],
  // Of two sections writing the list (a TOML error), the first in the document, as a section holding both reads them.
  ['allowed = ["read"]\n[agents.a.tools.bash]\n"git *" = "allow"\n[agents]\na.tools.allowed = ["bash(git *)"]', 'Mars ignores the table `bash` here, so this rule has no effect. Put "bash(git *)" in `allowed` instead. A tools table holds only `allowed` and `disallowed` lists.'],
  // Many patterns (20,000 were said in 349,030 characters): the first few named, the rest counted.
  [`bash = { ${patterns(20_000)} }`, 'Mars ignores `bash` here, so these rules have no effect. Put "bash(p0 *)", "bash(p1 *)", "bash(p2 *)", "bash(p3 *)", "bash(p4 *)" and 19995 more in `allowed` instead. A tools table holds only `allowed` and `disallowed` lists.'],
  // Five, the most named, are all named: none counted (not "… and 0 more").
  [`bash = { ${patterns(5)} }`, 'Mars ignores `bash` here, so these rules have no effect. Put "bash(p0 *)", "bash(p1 *)", "bash(p2 *)", "bash(p3 *)", "bash(p4 *)" in `allowed` instead. A tools table holds only `allowed` and `disallowed` lists.'],
  [`[agents.a.tools.bash]\n${patterns(7, 'ask', '\n')}\n"git *" = "allow"`, 'Mars ignores the table `bash` here, so these rules have no effect. Put "bash(git *)" in `allowed` instead. `"p0 *" = "ask"`, `"p1 *" = "ask"`, `"p2 *" = "ask"`, `"p3 *" = "ask"`, `"p4 *" = "ask"` and 2 more have no Mars equivalent and are left as they are. A tools table holds only `allowed` and `disallowed` lists.'],
  [`allowed = [${patterns(7).replace(/"(p\d) \*" = "allow"/g, '"bash($1 *)"')}]\n[agents.a.tools.bash]\n${patterns(7, 'allow', '\n')}`, 'Mars ignores the table `bash` here, so these rules have no effect; `allowed` already holds "bash(p0 *)", "bash(p1 *)", "bash(p2 *)", "bash(p3 *)", "bash(p4 *)" and 2 more, so the table can go. A tools table holds only `allowed` and `disallowed` lists.'],
  // ... and with a rule left (`"ask"`), the rules that can go are named as few.
  [`allowed = [${patterns(7).replace(/"(p\d) \*" = "allow"/g, '"bash($1 *)"')}]\n[agents.a.tools.bash]\n${patterns(7, 'allow', '\n')}\n"*" = "ask"`, 'Mars ignores the table `bash` here, so these rules have no effect; `allowed` already holds "bash(p0 *)", "bash(p1 *)", "bash(p2 *)", "bash(p3 *)", "bash(p4 *)" and 2 more, so `"p0 *" = "allow"`, `"p1 *" = "allow"`, `"p2 *" = "allow"`, `"p3 *" = "allow"`, `"p4 *" = "allow"` and 2 more can go. `"*" = "ask"` has no Mars equivalent and is left as it is. A tools table holds only `allowed` and `disallowed` lists.'],
  [`disallowed = [${patterns(7).replace(/"(p\d) \*" = "allow"/g, '"bash($1 *)"')}]\nbash = { ${patterns(7)} }`, 'Mars ignores `bash` here, so these rules have no effect. `disallowed` holds "bash(p0 *)", "bash(p1 *)", "bash(p2 *)", "bash(p3 *)", "bash(p4 *)" and 2 more, so in `allowed` they would be both allowed and disallowed. A tools table holds only `allowed` and `disallowed` lists.'],
  [`bash = { ${patterns(6)}, ${patterns(6, 'ask').replace(/p(\d)/g, 'q$1')} }`, 'Mars ignores `bash` here, so these rules have no effect. Put "bash(p0 *)", "bash(p1 *)", "bash(p2 *)", "bash(p3 *)", "bash(p4 *)" and 1 more in `allowed` instead. `"q0 *" = "ask"`, `"q1 *" = "ask"`, `"q2 *" = "ask"`, `"q3 *" = "ask"`, `"q4 *" = "ask"` and 1 more have no Mars equivalent and are left as they are. A tools table holds only `allowed` and `disallowed` lists.'],
  // Six patterns Mars rejects (blank ones): the rules left are named as few too.
  [`bash = { ${Array.from({ length: 6 }, (_, i) => `"${' '.repeat(i)}" = "allow"`).join(', ')}, "git *" = "allow" }`, 'Mars ignores `bash` here, so these rules have no effect. Put "bash(git *)" in `allowed` instead. Mars would reject "bash()", "bash( )", "bash(  )", "bash(   )", "bash(    )" and 1 more as a tool name, so `"" = "allow"`, `" " = "allow"`, `"  " = "allow"`, `"   " = "allow"`, `"    " = "allow"` and 1 more are left too. A tools table holds only `allowed` and `disallowed` lists.'],
  // A string under a misspelt list's key (`deny = "bash"`, a skill's `allowed-tools: Read, Grep` pasted) is the list meant, in
  // brackets, as beside the tools table; no map form. A verdict there (`deny = "allow"`) names no tool: a key Mars ignores.
  ['deny = "bash"', 'Mars ignores `deny` here. Did you mean `disallowed = ["bash"]`? A tools table holds only `allowed` and `disallowed` lists.'],
  ["allowed-tools = 'Read, Grep'", 'Mars ignores `allowed-tools` here. Did you mean `allowed = ["Read", "Grep"]`? A tools table holds only `allowed` and `disallowed` lists.'],
  ['allowed = ["read"]\ndeny = "Read"', 'Mars ignores `deny` here. Did you mean `disallowed = ["Read"]`? `allowed` holds "read", so in `disallowed` it would be both allowed and disallowed. A tools table holds only `allowed` and `disallowed` lists.'],
  // More strings after it with commas between (a syntax error): all of them, as that error's fix writes the list.
  ['deny = "read", "grep"', 'Mars ignores `deny` here. Did you mean `disallowed = ["read", "grep"]`? A tools table holds only `allowed` and `disallowed` lists.'],
  // Not closed on its line (being typed): said closed, as its syntax error's fix closes it, not `["ba]`.
  ['deny = "ba', 'Mars ignores `deny` here. Did you mean `disallowed = ["ba"]`? A tools table holds only `allowed` and `disallowed` lists.'],
  // A multi-line string: the entry it is, its value after TOML trims the line break after its quotes, not as written
  // (`["""\u000Aread"""]`, a line break shown as an escape); the list alone where its value holds a line break still.
  ['deny = """\nread"""', 'Mars ignores `deny` here. Did you mean `disallowed = ["read"]`? A tools table holds only `allowed` and `disallowed` lists.'],
  ['deny = """\nread\n"""', 'Mars ignores `deny` here. Did you mean `disallowed`? A tools table holds only `allowed` and `disallowed` lists.'],
  // Names between commas in one are each an entry, as in a string on one line.
  ['deny = """\nRead, Grep"""', 'Mars ignores `deny` here. Did you mean `disallowed = ["Read", "Grep"]`? A tools table holds only `allowed` and `disallowed` lists.'],
  ['deny = "allow"', 'Mars ignores `deny` here: a tools table holds only `allowed` and `disallowed` lists (the `tool = "allow"` map form belongs to agent profiles).'],
  ['deny = "ask"', 'Mars ignores `deny` here: a tools table holds only `allowed` and `disallowed` lists (the `tool = "allow"` map form belongs to agent profiles).'],
  ['bash = "true"', 'Mars ignores `bash` here: a tools table holds only `allowed` and `disallowed` lists (the `tool = "allow"` map form belongs to agent profiles).'],
  // Names between commas (Claude's `tools: Read, Grep` pasted as a key), each one Mars takes: one entry per tool,
  // not one tool `read, _grep`; those the list holds said so, as the move's title says them. A name Mars rejects
  // between them (`mcp`) makes no such list: the key is one name.
  ['"Read, Grep" = "allow"', 'Mars ignores `Read, Grep` here, so this rule has no effect. Put "read", "grep" in `allowed` instead. A tools table holds only `allowed` and `disallowed` lists.'],
  ['allowed = ["Read"]\n"Read, Grep" = true', 'Mars ignores `Read, Grep` here, so this rule has no effect. Put "grep" in `allowed` instead (it already holds "Read"). A tools table holds only `allowed` and `disallowed` lists.'],
  ['allowed = ["Read", "grep"]\n"Read, Grep" = "allow"', 'Mars ignores `Read, Grep` here, so this rule has no effect; `allowed` already holds "Read", "grep", so the key can go. A tools table holds only `allowed` and `disallowed` lists.'],
  ['allowed = ["read", "bash"]\n"Read, Bash, Edit" = false', 'Mars ignores `Read, Bash, Edit` here, so this rule has no effect. `allowed` holds "read", "bash", so in `disallowed` they would be both allowed and disallowed. A tools table holds only `allowed` and `disallowed` lists.'],
  // The whole no name Mars takes (`bash(git:*), read` is no pattern), each piece one: moved so all the same.
  ['"bash(git:*), read" = "deny"', 'Mars ignores `bash(git:*), read` here, so this rule has no effect. Put "bash(git *)", "read" in `disallowed` instead. A tools table holds only `allowed` and `disallowed` lists.'],
  ['"read, mcp" = "deny"', 'Mars ignores `read, mcp` here, so this rule has no effect. Put "read, mcp" in `disallowed` instead. A tools table holds only `allowed` and `disallowed` lists.'],
];
for (const [table, message] of IGNORED_KEY_MESSAGES) {
  test(`an ignored key's message, what to do first: ${JSON.stringify(table)}`, () => {
    const text = `[agents.a.tools]\n${table}\n`;
    assert.deepEqual(documentFindings(analyzeDocument(text)).filter((f) => f.code === 'unknown-policy-key').map((f) => f.message), [message]);
  });
}

// A key Mars ignores in a tools table can be removed, its line taken as a move takes it (the
// `mars-ignore` lines above go, a comment after it stays): offered beside a move, never preferred
// (it may be kept for another program, or be a rule to move once its list can take it), never in
// fix-all (it deletes what the user wrote). Not for a list under a misspelt key, whose rules are
// meant for a list, nor where the list holds the key's rule already (that removal says so).
// [text, the fixes of its unknown-policy-key finding: title, preferred, safe; the text after the removal]
const IGNORED_KEY_REMOVALS: Array<[text: string, fixes: Array<[string, boolean, boolean]>, after: string | null]> = [
  ['[agents.a.tools]\nallowed = ["read"]\nfoo = 1\n', [['Remove `foo`', false, false]], '[agents.a.tools]\nallowed = ["read"]\n'],
  ['[agents.a.tools]\nallowed = ["read"]\n# mars-ignore: unknown-tool\nfoo = 1 # kept for x\n[agents.b]\n', [['Remove `foo`', false, false]], '[agents.a.tools]\nallowed = ["read"]\n# kept for x\n[agents.b]\n'],
  ['[agents.a.tools]\nsub = { x = 1 }\nallowed = ["read"]\n', [['Remove `sub`', false, false]], '[agents.a.tools]\nallowed = ["read"]\n'],
  ['[agents.a.tools]\nbash = "ask"\n', [['Remove `bash`', false, false]], '[agents.a.tools]\n'],
  // A comment right after the value, no blank between: kept once, on a line of its own.
  ['[agents.a.tools]\nallowed = ["read"]\nfoo = 1#kept\n', [['Remove `foo`', false, false]], '[agents.a.tools]\nallowed = ["read"]\n#kept\n'],
  ['[agents.a.tools]\n"bash()" = "allow"\n', [['Remove `"bash()"`', false, false]], '[agents.a.tools]\n'],
  ['[agents.a]\ntools = { allowed = ["read"], foo = 1 }\n', [['Remove `foo`', false, false]], '[agents.a]\ntools = { allowed = ["read"] }\n'],
  ['[agents.a]\ntools = { foo = 1, allowed = ["read"] }\n', [['Remove `foo`', false, false]], '[agents.a]\ntools = { allowed = ["read"] }\n'],
  ['[agents.a]\ntools = { foo = 1 , allowed = ["read"] }\n', [['Remove `foo`', false, false]], '[agents.a]\ntools = { allowed = ["read"] }\n'],
  ['[agents.a]\ntools.foo = 1\ntools.allowed = ["read"]\n', [['Remove `tools.foo`', false, false]], '[agents.a]\ntools.allowed = ["read"]\n'],
  // The first key of an inline table over lines (TOML 1.1) whose commas start the lines: the comma after it goes too.
  ['[agents.a]\ntools = { # c\n  foo = 1\n  , allowed = ["read"] }\n', [['Remove `foo`', false, false]], '[agents.a]\ntools = { # c\n  allowed = ["read"] }\n'],
  ['[agents.a]\ntools = {\n  # about foo\n  foo = 1\n  , allowed = ["read"] }\n', [['Remove `foo`', false, false]], '[agents.a]\ntools = {\n  # about foo\n  allowed = ["read"] }\n'],
  // A later key there, its comma starting its line: the line goes with them, no line of indentation left.
  ['[agents.a]\ntools = { # c\n  allowed = ["read"]\n  , foo = 1\n}\n', [['Remove `foo`', false, false]], '[agents.a]\ntools = { # c\n  allowed = ["read"]\n}\n'],
  // Beside a move, which stays the preferred fix.
  ['[agents.a.tools]\nallowed = ["read"]\nbash = "allow"\n', [['Move "bash" into `allowed`', true, false], ['Remove `bash`', false, false]], '[agents.a.tools]\nallowed = ["read"]\n'],
  ['[agents.a.tools]\ndisallowed = ["bash"]\nbash = "allow"\n', [['Move "bash" into `allowed` (a conflict: `disallowed` holds "bash")', false, false], ['Remove `bash`', false, false]], '[agents.a.tools]\ndisallowed = ["bash"]\n'],
  ['[agents.a.tools]\nallowed = ["read"]\nbash = false\n', [['Move "bash" into `disallowed`', true, false], ['Remove `bash`', false, false]], '[agents.a.tools]\nallowed = ["read"]\n'],
  ['[agents.a.tools]\ndisallowed = ["bash"]\nbash = true\n', [['Move "bash" into `allowed` (a conflict: `disallowed` holds "bash")', false, false], ['Remove `bash`', false, false]], '[agents.a.tools]\ndisallowed = ["bash"]\n'],
  // The list holds it already: that removal alone, which says so.
  ['[agents.a.tools]\nallowed = ["bash"]\nbash = "allow"\n', [['Remove `bash`: `allowed` already holds "bash"', true, true]], null],
  ['[agents.a.tools]\ndisallowed = ["bash"]\nbash = false\n', [['Remove `bash`: `disallowed` already holds "bash"', true, true]], null],
  // A key of names between commas (`"Read, Grep"`, Claude's `tools:` line): moved one entry per tool, no move of the
  // whole as one entry; removed where the list holds them all, but that is a guess at what it meant: never safe.
  ['[agents.a.tools]\n"Read, Grep" = "allow"\n', [['Move "read", "grep" into `allowed`', true, false], ['Remove `"Read, Grep"`', false, false]], '[agents.a.tools]\n'],
  ['[agents.a.tools]\nallowed = ["read"]\n"READ, grep" = true\n', [['Move "grep" into `allowed` (it already holds "read")', true, false], ['Remove `"READ, grep"`', false, false]], '[agents.a.tools]\nallowed = ["read"]\n'],
  ['[agents.a.tools]\ndisallowed = ["bash"]\n"Read, Bash" = "allow"\n', [['Move "read", "bash" into `allowed` (a conflict: `disallowed` holds "bash")', false, false], ['Remove `"Read, Bash"`', false, false]], '[agents.a.tools]\ndisallowed = ["bash"]\n'],
  ['[agents.a.tools]\nallowed = ["read", "grep"]\n"Read, Grep" = "allow"\n', [['Remove `"Read, Grep"`: `allowed` already holds "read", "grep"', true, false]], null],
  // OpenCode's table of patterns of only `"ask"`, or of entries Mars rejects, holds no rule to move: removed as any key.
  ['[agents.a.tools]\nbash = { "*" = "ask", "git *" = "ask" }\n', [['Remove `bash`', false, false]], '[agents.a.tools]\n'],
  ['[agents.a.tools]\nbash = { " " = "allow" }\n', [['Remove `bash`', false, false]], '[agents.a.tools]\n'],
  // One of its rules as a dotted key (`bash."npm test" = …`): moved as that rule, beside its removal.
  ['[agents.a.tools]\nbash."npm test" = "allow"\n', [['Move "bash(npm test)" into `allowed`', true, false], ['Remove `bash."npm test"`', false, false]], '[agents.a.tools]\n'],
  // Its rules held by their list already, and by the other one too (a conflict written before): the key can go, changing nothing.
  ['[agents.a.tools]\nallowed = ["bash(git *)"]\ndisallowed = ["bash(git *)"]\nbash = { "git *" = "allow" }\n', [['Remove `bash`: `allowed` already holds "bash(git *)"', true, true]], null],
  // Its move writes a list beside the key inside an inline tools table (see the table of pattern moves); over lines with a
  // comment, it takes out the rule moved alone. The removal takes the key whole.
  ['[agents.a]\ntools = { bash = { "git *" = "allow", "*" = "ask" } }\n', [['Move "bash(git *)" into `allowed`', true, false], ['Remove `bash`', false, false]], '[agents.a]\ntools = { }\n'],
  ['[agents.a.tools]\nbash = { "git *" = "allow", # why\n  "*" = "ask" }\n', [['Move "bash(git *)" into `allowed`', true, false], ['Remove `bash`', false, false]], '[agents.a.tools]\n# why\n'],
  // A name Mars does not know, moved as it looks meant (an entry's did-you-mean: `"MultiEdit"` -> `edit`), the one
  // preferred fix, never in fix-all; the move that keeps Mars's reading stays, safe where it was. Not preferred where
  // the move would make a conflict, and no removal beside it where it removes the key already (the list holds `edit`).
  ['[agents.a.tools]\nMultiEdit = "deny"\n', [['Move "multi_edit" into `disallowed`', false, false], ['Move "edit" into `disallowed`', true, false], ['Remove `MultiEdit`', false, false]], '[agents.a.tools]\n'],
  ['[agents.a.tools]\nallowed = ["read"]\ngrpe = "allow"\n', [['Move "grpe" into `allowed`', false, false], ['Move "grep" into `allowed`', true, false], ['Remove `grpe`', false, false]], '[agents.a.tools]\nallowed = ["read"]\n'],
  ['[agents.a.tools]\n"Bassh(git log:*)" = "deny"\n', [['Move "bassh(git log:*)" into `disallowed`', false, false], ['Move "bash(git log *)" into `disallowed`', true, false], ['Remove `"Bassh(git log:*)"`', false, false]], '[agents.a.tools]\n'],
  ['[agents.a.tools]\n"skill:init" = "allow"\n', [['Move "skill:init" into `allowed`', false, false], ['Move "skill(init)" into `allowed`', true, false], ['Remove `"skill:init"`', false, false]], '[agents.a.tools]\n'],
  ['[agents.a.tools]\nallowed = ["edit"]\nMultiEdit = "deny"\n', [['Move "multi_edit" into `disallowed`', true, false], ['Move "edit" into `disallowed` (a conflict: `allowed` holds "edit")', false, false], ['Remove `MultiEdit`', false, false]], '[agents.a.tools]\nallowed = ["edit"]\n'],
  ['[agents.a.tools]\ndisallowed = ["multi_edit"]\nMultiEdit = "deny"\n', [['Remove `MultiEdit`: `disallowed` already holds "multi_edit"', false, true], ['Move "edit" into `disallowed`', true, false]], null],
  ['[agents.a.tools]\ndisallowed = ["edit"]\nMultiEdit = "deny"\n', [['Move "multi_edit" into `disallowed`', false, false], ['Remove `MultiEdit`: `disallowed` already holds "edit"', true, false]], null],
  // `task` as a map-form key, OpenCode's shape (`permission: { task: deny }`) or Claude's old `Task`: sub-agents there, Mars's
  // `agent`, where Mars reads `task` as the task list. Both moves, neither preferred nor in fix-all: not even the removal
  // of a key whose `task` the list holds, which would lose a rule meant for sub-agents.
  ['[agents.a.tools]\ntask = "deny"\n', [['Move "task" into `disallowed`', false, false], ['Move "agent" into `disallowed`', false, false], ['Remove `task`', false, false]], '[agents.a.tools]\n'],
  ['[agents.a.tools]\nTask = false\n', [['Move "task" into `disallowed`', false, false], ['Move "agent" into `disallowed`', false, false], ['Remove `Task`', false, false]], '[agents.a.tools]\n'],
  ['[agents.a.tools]\ndisallowed = ["task"]\ntask = "deny"\n', [['Remove `task`: `disallowed` already holds "task"', false, false], ['Move "agent" into `disallowed`', false, false]], null],
  // Not the task list's other names (each harness's to-do tool, which Mars reads as `task` too): moved as any rule.
  ['[agents.a.tools]\ntodowrite = "allow"\n', [['Move "task" into `allowed`', true, false], ['Remove `todowrite`', false, false]], '[agents.a.tools]\n'],
  // Nor OpenCode's sub-agents by name (`task = { "explore" = "allow" }`): each rule moved as `task(…)` or as `agent(…)`.
  ['[agents.a.tools]\ntask = { "*" = "deny", "explore" = "allow" }\n', [['Move "task(explore)" into `allowed` and "task" into `disallowed`', false, false],
    ['Move "agent(explore)" into `allowed` and "agent" into `disallowed`', false, false], ['Remove `task`', false, false]], '[agents.a.tools]\n'],
  ['[agents.a.tools]\nallowed = ["task(explore)"]\ntask = { "explore" = "allow" }\n', [['Remove `task`: `allowed` already holds "task(explore)"', false, false],
    ['Move "agent(explore)" into `allowed`', false, false]], null],
  // Names between commas: split as before, no did-you-mean of the whole (`skill(init,)`).
  ['[agents.a.tools]\n"skill:init," = "allow"\n', [['Move "skill:init" into `allowed`', true, false], ['Remove `"skill:init,"`', false, false]], '[agents.a.tools]\n'],
  // A list under a misspelt key: its rules are meant for a list.
  ['[agents.a.tools]\ndeny = ["bash"]\n', [['Rename to `disallowed`', true, false]], null],
  // So is a string where that list goes (`deny = "bash"`), not a rule to remove; removed where the list holds it already.
  ['[agents.a.tools]\ndeny = "bash"\n', [['Rename to `disallowed`, and change `"bash"` to `["bash"]`', true, false]], null],
  ['[agents.a.tools]\ndeny = """\nbash"""\n', [['Rename to `disallowed`, and change its string to `["bash"]`', true, false]], null],
  ['[agents.a.tools]\ndisallowed = ["bash"]\nblocklist = "Bash"\n', [['Remove `blocklist`: `disallowed` already holds its entries', true, true]], null],
  // Names between commas (a skill's `allowed-tools: Read, Grep` pasted): the list of them, as beside the tools table;
  // removed where the list holds them all, but that reads the commas as meant: a guess, never safe.
  ['[agents.a.tools]\nallowed-tools = "Read, Grep"\n', [['Rename to `allowed`, and change `"Read, Grep"` to `["Read", "Grep"]`', true, false]], null],
  ['[agents.a.tools]\nallowed = ["read"]\nallowed-tools = "Read, Grep"\n', [['Move "Grep" into `allowed`', true, false]], null],
  ['[agents.a.tools]\nallowed = ["read", "grep"]\nallowed-tools = "Read, Grep"\n', [['Remove `allowed-tools`: `allowed` already holds its entries', true, false]], null],
  // Its line holds more, which Mars cannot read (a syntax error): taken out, the rest would be left to load as a key of
  // its own (`bar = 2`), so neither the removal nor the move is offered.
  ['[agents.a.tools]\nfoo = 1; bar = 2\n', [], null],
  ['[agents.a.tools]\nallowed = ["read"]\nbash = "allow" "b"\n', [], null],
  ['[agents.a.tools]\nallowed = ["read"]\nbash = { "git *" = "allow" } "b"\n', [], null],
];
for (const [text, fixes, after] of IGNORED_KEY_REMOVALS) {
  test(`a key Mars ignores can be removed: ${JSON.stringify(text)}`, () => {
    const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'unknown-policy-key');
    assert.equal(found.length, 1);
    assert.deepEqual(found[0]!.fixes.map((x) => [x.title, x.preferred, x.safe]), fixes);
    const removal = found[0]!.fixes.find((x) => /^Remove `[^]*`$/.test(x.title) && !x.safe);
    assert.equal(removal && applyEdits(text, removal.edits), after ?? undefined);
    if (after !== null) assert.deepEqual(documentFixAll(analyzeDocument(text)), []);
  });
}

test('a map-form `task` key says what OpenCode (or Claude, as `Task`) meant by it: sub-agents, Mars\'s `agent`', () => {
  const message = (text: string) => documentFindings(analyzeDocument(text)).find((f) => f.code === 'unknown-policy-key')!.message;
  assert.equal(message('[agents.a.tools]\ntask = "deny"\n'), 'Mars ignores `task` here, so this rule has no effect. Put "task" in `disallowed` instead. OpenCode\'s `task` launches sub-agents, which Mars calls `agent`; Mars reads `task` as the task list. A tools table holds only `allowed` and `disallowed` lists.');
  assert.match(message('[agents.a.tools]\nTask = "allow"\n'), /Put "task" in `allowed` instead\. Claude's old `Task` launched sub-agents, which Mars calls `agent`\. A tools/);
  assert.match(message('[agents.a.tools]\ndisallowed = ["task"]\ntask = false\n'), /so the key can go\. OpenCode's `task` launches sub-agents/);
  // An entry of a list is Mars's own shape, where `task` is Mars's: no such note; nor a key of the task list's other names.
  assert.deepEqual(documentFindings(analyzeDocument('[agents.a.tools]\nallowed = ["task"]\n')), []);
  assert.doesNotMatch(message('[agents.a.tools]\nTodoWrite = "allow"\n'), /sub-agents/);
  assert.match(message('[agents.a.tools]\ntask = { "explore" = "allow" }\n'), /Put "task\(explore\)" in `allowed` instead\. OpenCode's `task` launches sub-agents, which Mars calls `agent`; Mars reads `task` as the task list\. A tools/);
});

// OpenCode's table of patterns below a tool, in each form its move rewrites: inline (CRLF kept), in a tools table of
// dotted keys or inline (one list in the key's place), a table of its own (`[agents.e.tools.bash]`: the owner's tools table
// written anew above it, or in its place; or, where the owner writes one in another section, into that, read from the
// whole text: beyondUnit.ts). Never in fix-all, a rule Mars ignored coming into force, but for the rules the lists hold already.
// [text, the fixes of its unknown-policy-key finding: title, preferred, safe; the text after the first]
const PATTERN_MOVES: Array<[text: string, fixes: Array<[string, boolean, boolean]>, after: string | null]> = [
  // Many: the title names the first few and counts the rest, the fix moves them all.
  [`[agents.a.tools]\nbash = { ${patterns(8)} }\n`, [['Move "bash(p0 *)", "bash(p1 *)", "bash(p2 *)", "bash(p3 *)", "bash(p4 *)" and 3 more into `allowed`', true, false], ['Remove `bash`', false, false]],
    `[agents.a.tools]\nallowed = [${Array.from({ length: 8 }, (_, i) => `"bash(p${i} *)"`).join(', ')}]\n`],
  [`[agents.a.tools]\nallowed = [${Array.from({ length: 20_000 }, (_, i) => `"bash(p${i} *)"`).join(', ')}]\n\n[agents.a.tools.bash]\n${patterns(20_000, 'allow', '\n')}\n`,
    [['Remove the table `[agents.a.tools.bash]`: `allowed` already holds "bash(p0 *)", "bash(p1 *)", "bash(p2 *)", "bash(p3 *)", "bash(p4 *)" and 19995 more', true, true]],
    `[agents.a.tools]\nallowed = [${Array.from({ length: 20_000 }, (_, i) => `"bash(p${i} *)"`).join(', ')}]\n\n`],
  // With a rule left (`"ask"`), the rules taken out are named as few.
  [`[agents.a.tools]\nallowed = [${Array.from({ length: 7 }, (_, i) => `"bash(p${i} *)"`).join(', ')}]\n\n[agents.a.tools.bash]\n${patterns(7, 'allow', '\n')}\n"*" = "ask"\n`,
    [['Remove `"p0 *" = "allow"`, `"p1 *" = "allow"`, `"p2 *" = "allow"`, `"p3 *" = "allow"`, `"p4 *" = "allow"` and 2 more: `allowed` already holds "bash(p0 *)", "bash(p1 *)", "bash(p2 *)", "bash(p3 *)", "bash(p4 *)" and 2 more', true, true]],
    `[agents.a.tools]\nallowed = [${Array.from({ length: 7 }, (_, i) => `"bash(p${i} *)"`).join(', ')}]\n\n[agents.a.tools.bash]\n"*" = "ask"\n`],
  ['[agents.a.tools]\r\nbash = { "git *" = "allow", "*" = "deny" }\r\n', [['Move "bash(git *)" into `allowed` and "bash" into `disallowed`', true, false], ['Remove `bash`', false, false]],
    '[agents.a.tools]\r\nallowed = ["bash(git *)"]\r\ndisallowed = ["bash"]\r\n'],
  // A verdict one typo from `"allow"` or `"deny"` is read as the one meant, as a map-form key's is: dotted, inline, in a table of its own.
  ['[agents.a.tools]\nbash."git *" = "alow"\n', [['Move "bash(git *)" into `allowed`', true, false], ['Remove `bash."git *"`', false, false]], '[agents.a.tools]\nallowed = ["bash(git *)"]\n'],
  ['[agents.a.tools]\nbash = { "git *" = "Alow", "rm *" = \'dny\' }\n', [['Move "bash(git *)" into `allowed` and "bash(rm *)" into `disallowed`', true, false], ['Remove `bash`', false, false]],
    '[agents.a.tools]\nallowed = ["bash(git *)"]\ndisallowed = ["bash(rm *)"]\n'],
  ['[agents.a.tools.bash]\n"git *" = "alow"\n"*" = "ask"\n', [['Move "bash(git *)" into `allowed`', true, false], ['Remove the table `[agents.a.tools.bash]`', false, false]],
    '[agents.a.tools]\nallowed = ["bash(git *)"]\n\n[agents.a.tools.bash]\n"*" = "ask"\n'],
  ['[agents.a.tools]\nallowed = ["bash(git *)"]\nbash."git *" = "allw"\n', [['Remove `bash."git *"`: `allowed` already holds "bash(git *)"', true, true]], '[agents.a.tools]\nallowed = ["bash(git *)"]\n'],
  // Not two typos off: no rule (a table of patterns holding one is none).
  ['[agents.a.tools]\nbash."git *" = "alowd"\n', [['Remove `bash."git *"`', false, false]], '[agents.a.tools]\n'],
  ['[agents.a.tools]\r\nbash = { "git *" = "allow", "*" = "ask" }\r\n', [['Move "bash(git *)" into `allowed`', true, false], ['Remove `bash`', false, false]],
    '[agents.a.tools]\r\nallowed = ["bash(git *)"]\r\nbash = { "*" = "ask" }\r\n'],
  ['[agents.a]\ntools.bash = { "git *" = "allow", "*" = "ask" }\n', [['Move "bash(git *)" into `allowed`', true, false], ['Remove `tools.bash`', false, false]],
    '[agents.a]\ntools.allowed = ["bash(git *)"]\ntools.bash = { "*" = "ask" }\n'],
  ['[agents.a]\ntools = { bash = { "git *" = "allow" } }\n', [['Move "bash(git *)" into `allowed`', true, false], ['Remove `bash`', false, false]],
    '[agents.a]\ntools = { allowed = ["bash(git *)"] }\n'],
  // In an inline tools table, the lists written anew go beside the key in it, after the rules left, or in its place.
  ['[agents.a]\ntools = { bash = { "git *" = "allow", "rm *" = "deny", "*" = "ask" } }\n',
    [['Move "bash(git *)" into `allowed` and "bash(rm *)" into `disallowed`', true, false], ['Remove `bash`', false, false]],
    '[agents.a]\ntools = { bash = { "*" = "ask" }, allowed = ["bash(git *)"], disallowed = ["bash(rm *)"] }\n'],
  ['agents = { a = { tools = { bash = { "git *" = "allow", "*" = "ask" }, disallowed = ["web"] } } }\n', [['Move "bash(git *)" into `allowed`', true, false], ['Remove `bash`', false, false]],
    'agents = { a = { tools = { bash = { "*" = "ask" }, allowed = ["bash(git *)"], disallowed = ["web"] } } }\n'],
  ['[skills.s]\ntools = { bash = { "git *" = "allow", "rm *" = "deny" } }\n', [['Move "bash(git *)" into `allowed` and "bash(rm *)" into `disallowed`', true, false], ['Remove `bash`', false, false]],
    '[skills.s]\ntools = { allowed = ["bash(git *)"], disallowed = ["bash(rm *)"] }\n'],
  // Not on a line a `mars-ignore` speaks of, which would silence the list written there.
  ['[agents.a]\ntools = { bash = { "git *" = "allow", "*" = "ask" } } # mars-ignore: unknown-tool\n', [['Remove `bash`', false, false]], null],
  ['[agents.e.tools.bash]\n"git push" = "deny"\n"git *" = "allow"\n',
    [['Move "bash(git *)" into `allowed` and "bash(git push)" into `disallowed`', true, false], ['Remove the table `[agents.e.tools.bash]`', false, false]],
    '[agents.e.tools]\nallowed = ["bash(git *)"]\ndisallowed = ["bash(git push)"]\n'],
  ['[agents.e]\ndescription = "x"\n\n[agents.e.tools.bash]\n"git push" = "deny"\n"*" = "ask"\n',
    [['Move "bash(git push)" into `disallowed`', true, false], ['Remove the table `[agents.e.tools.bash]`', false, false]],
    '[agents.e]\ndescription = "x"\n\n[agents.e.tools]\ndisallowed = ["bash(git push)"]\n\n[agents.e.tools.bash]\n"*" = "ask"\n'],
  // Over lines or with a comment (TOML 1.1, a `toml-syntax` whose join drops comments): each rule moved is taken out alone,
  // its comments kept; the whole table of its own, its comments kept above the lists (not a `mars-ignore` that spoke of a rule).
  ['[agents.a.tools]\nbash = {\n  "git *" = "allow", # why\n  "*" = "ask",\n}\n', [['Move "bash(git *)" into `allowed`', true, false], ['Remove `bash`', false, false]],
    '[agents.a.tools]\nallowed = ["bash(git *)"]\nbash = {\n  # why\n  "*" = "ask",\n}\n'],
  ['[agents.a.tools]\nbash = { # from opencode\n  "git *" = "allow", "*" = "ask"\n}\n', [['Move "bash(git *)" into `allowed`', true, false], ['Remove `bash`', false, false]],
    '[agents.a.tools]\nallowed = ["bash(git *)"]\nbash = { # from opencode\n  "*" = "ask"\n}\n'],
  ['[agents.e.tools.bash] # from opencode\n"git *" = "allow" # why\n\n# mars-ignore: unknown-policy-key\n"rm *" = "deny"\n',
    [['Move "bash(git *)" into `allowed` and "bash(rm *)" into `disallowed`', true, false], ['Remove the table `[agents.e.tools.bash]`', false, false]],
    '[agents.e.tools]\n# from opencode\n# why\nallowed = ["bash(git *)"]\ndisallowed = ["bash(rm *)"]\n'],
  // Rules moved side by side on a line are taken out as one run, where each alone would take the comma between them: beside a
  // rule left (the comma before them going), or the whole line (a blank line of indentation left otherwise).
  ['[agents.a.tools]\nbash = { # from opencode\n  "*" = "ask", "git *" = "allow", "rm *" = "deny"\n}\n',
    [['Move "bash(git *)" into `allowed` and "bash(rm *)" into `disallowed`', true, false], ['Remove `bash`', false, false]],
    '[agents.a.tools]\nallowed = ["bash(git *)"]\ndisallowed = ["bash(rm *)"]\nbash = { # from opencode\n  "*" = "ask"\n}\n'],
  ['[agents.a.tools]\nbash = {\n  "*" = "ask", # kept\n  "git *" = "allow", "rm *" = "deny" # why\n}\n',
    [['Move "bash(git *)" into `allowed` and "bash(rm *)" into `disallowed`', true, false], ['Remove `bash`', false, false]],
    '[agents.a.tools]\nallowed = ["bash(git *)"]\ndisallowed = ["bash(rm *)"]\nbash = {\n  "*" = "ask", # kept\n  # why\n}\n'],
  ['[agents.a.tools]\nbash = { # from opencode\n  "git *" = "allow", "rm *" = "deny",\n  "*" = "ask",\n}\n',
    [['Move "bash(git *)" into `allowed` and "bash(rm *)" into `disallowed`', true, false], ['Remove `bash`', false, false]],
    '[agents.a.tools]\nallowed = ["bash(git *)"]\ndisallowed = ["bash(rm *)"]\nbash = { # from opencode\n  "*" = "ask",\n}\n'],
  // Written comma first, the comma before a run (or a rule) starting its line: the line goes with them where nothing else is on
  // it, its comment kept on a line of its own.
  ['[agents.a.tools]\nbash = { # from opencode\n  "*" = "ask"\n  , "git *" = "allow", "rm *" = "deny"\n}\n',
    [['Move "bash(git *)" into `allowed` and "bash(rm *)" into `disallowed`', true, false], ['Remove `bash`', false, false]],
    '[agents.a.tools]\nallowed = ["bash(git *)"]\ndisallowed = ["bash(rm *)"]\nbash = { # from opencode\n  "*" = "ask"\n}\n'],
  ['[agents.a.tools]\r\nbash = { # from opencode\r\n  "*" = "ask"\r\n  , "git *" = "allow" # why\r\n  , "rm *" = "deny"\r\n}\r\n',
    [['Move "bash(git *)" into `allowed` and "bash(rm *)" into `disallowed`', true, false], ['Remove `bash`', false, false]],
    '[agents.a.tools]\r\nallowed = ["bash(git *)"]\r\ndisallowed = ["bash(rm *)"]\r\nbash = { # from opencode\r\n  "*" = "ask"\r\n  # why\r\n}\r\n'],
  // Not onto the line of a list a `mars-ignore` speaks of, which would silence what is appended; nor after a prefix that holds
  // more than a dotted key's parts (`a = { tools.`), which each new list would repeat.
  ['[agents.a]\ntools = { allowed = ["read"], bash = { "git *" = "allow" } } # mars-ignore: unknown-tool\n', [['Remove `bash`', false, false]], null],
  ['[agents]\na = { tools.bash = { "git *" = "allow", "*" = "ask" } }\n', [['Remove `tools.bash`', false, false]], null],
  // Nor in an inline table over lines (TOML 1.1; a comment keeps fix-all from joining them), where a line written above the
  // key would need a comma after it.
  ['[agents]\na = { # reviewer\n  tools.bash = { "git *" = "allow", "*" = "ask" }\n}\n', [['Remove `tools.bash`', false, false]], null],
  ['[agents]\na = { # reviewer\n  "tools".bash = { "git *" = "allow", "*" = "ask" },\n}\n', [['Remove `"tools".bash`', false, false]], null],
  // A quoted part of the prefix is a key's as much as a bare one: each new list repeats it.
  ['[agents.a]\n"tools".bash = { "git *" = "allow", "*" = "ask" }\n', [['Move "bash(git *)" into `allowed`', true, false], ['Remove `"tools".bash`', false, false]],
    '[agents.a]\n"tools".allowed = ["bash(git *)"]\n"tools".bash = { "*" = "ask" }\n'],
  ["[agents]\n'a' . \"tools\".bash = { \"git *\" = \"allow\", \"rm *\" = \"deny\" }\n", [['Move \"bash(git *)\" into `allowed` and \"bash(rm *)\" into `disallowed`', true, false], ["Remove `'a' . \"tools\".bash`", false, false]],
    "[agents]\n'a' . \"tools\".allowed = [\"bash(git *)\"]\n'a' . \"tools\".disallowed = [\"bash(rm *)\"]\n"],
  // Nor where nothing is left but two lists are written anew: only one takes the key's place, the other going beside it.
  ['[agents.a]\ntools = { bash = { "git *" = "allow", "rm *" = "deny" } } # mars-ignore: unknown-tool\n', [['Remove `bash`', false, false]], null],
  ['[agents]\na = { tools.bash = { "git *" = "allow", "rm *" = "deny" } }\n', [['Remove `tools.bash`', false, false]], null],
  // A table of its own keeping a rule: not where a rule is written over lines, each rule moved being taken out alone.
  ['[agents.e.tools.bash]\n"git push" = """\ndeny"""\n"*" = "ask"\n', [['Remove the table `[agents.e.tools.bash]`', false, false]], null],
  // Into the owner's tools table in another section, above or below: a list written anew below its last (with its key's
  // prefix), or below its header, the table's comments kept where it was; not where a mars-ignore above the header speaks of it.
  ['[agents.e.tools]\nallowed = ["read"]\n[agents.e.tools.bash]\n"git push" = "deny"\n',
    [['Move "bash(git push)" into `disallowed`', true, false], ['Remove the table `[agents.e.tools.bash]`', false, false]], '[agents.e.tools]\nallowed = ["read"]\ndisallowed = ["bash(git push)"]\n'],
  ['[agents.e]\n  tools.allowed = ["read"] # mine\n[agents.e.tools.bash]\n# from OpenCode\n"git push" = "deny"\n"git *" = "allow"',
    [['Move "bash(git *)" into `allowed` and "bash(git push)" into `disallowed`', true, false], ['Remove the table `[agents.e.tools.bash]`', false, false]],
    '[agents.e]\n  tools.allowed = ["read", "bash(git *)"] # mine\n  tools.disallowed = ["bash(git push)"]\n# from OpenCode\n'],
  // Not past a TOML error (`tools.allowed` cannot add to the table the header above made).
  ['[agents.e.tools.bash]\n"git push" = "deny"\n[agents.e]\ntools.allowed = ["read"]\n', [['Remove the table `[agents.e.tools.bash]`', false, false]], null],
  ['[agents.e.tools]\n\n[agents.e.tools.bash]\n"git push" = "deny"\n',
    [['Move "bash(git push)" into `disallowed`', true, false], ['Remove the table `[agents.e.tools.bash]`', false, false]], '[agents.e.tools]\ndisallowed = ["bash(git push)"]\n\n'],
  ['[agents.e.tools]\nallowed = ["read"]\n# mars-ignore: bogus\n[agents.e.tools.bash]\n"git push" = "deny"\n', [['Remove the table `[agents.e.tools.bash]`', false, false]], null],
  // Not into a tools table written inline, which takes no line.
  ['[agents.e]\ntools = { disallowed = ["read"] }\n[agents.f.tools.bash]\n"git push" = "deny"\n[agents.f]\ntools = { allowed = ["read"] }\n', [['Remove the table `[agents.f.tools.bash]`', false, false]], null],
  // The header written anew clashes with no table below it in another section (`[agents.e.tools.mcp]`), as a key there would.
  ['[agents.e.tools.bash]\n"git push" = "deny"\n\n[agents.e.tools.mcp]\n',
    [['Move "bash(git push)" into `disallowed`', true, false], ['Remove the table `[agents.e.tools.bash]`', false, false]],
    '[agents.e.tools]\ndisallowed = ["bash(git push)"]\n\n[agents.e.tools.mcp]\n'],
  // The table's header taken away, the `mars-ignore` above it, which spoke of it, goes too: it would speak of the header written in its place.
  ['[agents.e]\ndescription = "x"\n# mars-ignore: unknown-tool\n[agents.e.tools.bash]\n"git push" = "deny"\n',
    [['Move "bash(git push)" into `disallowed`', true, false], ['Remove the table `[agents.e.tools.bash]`', false, false]],
    '[agents.e]\ndescription = "x"\n[agents.e.tools]\ndisallowed = ["bash(git push)"]\n'],
  // Where the owner's lists, in another section, above it or below, hold its rules: the rules go, changing nothing Mars
  // reads (safe, in fix-all), the `"ask"` ones left; no header written.
  ['[agents.e.tools]\nallowed = ["bash(git *)"]\n\n[agents.e.tools.bash]\n"git *" = "allow"\n',
    [['Remove the table `[agents.e.tools.bash]`: `allowed` already holds "bash(git *)"', true, true]], '[agents.e.tools]\nallowed = ["bash(git *)"]\n\n'],
  ['[agents.e.tools.bash]\n"git *" = "allow"\n"*" = "ask"\n[agents.e.tools]\nallowed = ["bash(git *)"]\n',
    [['Remove `"git *" = "allow"`: `allowed` already holds "bash(git *)"', true, true]], '[agents.e.tools.bash]\n"*" = "ask"\n[agents.e.tools]\nallowed = ["bash(git *)"]\n'],
  ['[agents]\ne.tools.disallowed = ["bash(rm *)"]\n[agents.e.tools.bash]\n"rm *" = "deny"\n',
    [['Remove the table `[agents.e.tools.bash]`: `disallowed` already holds "bash(rm *)"', true, true]], '[agents]\ne.tools.disallowed = ["bash(rm *)"]\n'],
  // The `mars-ignore` above its header, which spoke of it, goes with it, in fix-all too (the section before holds it: fix-all
  // stopped there with an internal error, "overlapping edits"); one above the list, which speaks of the list, stays.
  ['[agents.e.tools]\nallowed = ["frobnicate", "bash(git *)"]\n# mars-ignore: unknown-tool\n[agents.e.tools.bash]\n"git *" = "allow"\n',
    [['Remove the table `[agents.e.tools.bash]`: `allowed` already holds "bash(git *)"', true, true]], '[agents.e.tools]\nallowed = ["frobnicate", "bash(git *)"]\n'],
  ['[agents.e.tools]\n# mars-ignore: unknown-tool\nallowed = ["frobnicate", "bash(git *)"]\n[agents.e.tools.bash]\n"git *" = "allow"\n',
    [['Remove the table `[agents.e.tools.bash]`: `allowed` already holds "bash(git *)"', true, true]], '[agents.e.tools]\n# mars-ignore: unknown-tool\nallowed = ["frobnicate", "bash(git *)"]\n'],
  // Where they hold some of its rules, the others to move into them: the move of the document, not preferred, and the
  // removal of the rules held alone (the table's own unit's, safe, in fix-all, preferred), whose title says what is left
  // to move, as the message goes on saying.
  ['[agents.e.tools]\nallowed = ["bash(git *)"]\n[agents.e.tools.bash]\n"git *" = "allow"\n"rm *" = "deny"\n',
    [['Move "bash(rm *)" into `disallowed` (`allowed` already holds "bash(git *)")', false, false],
      ['Remove `"git *" = "allow"`: `allowed` already holds "bash(git *)"; move "bash(rm *)" into `disallowed` by hand', true, true], ['Remove the table `[agents.e.tools.bash]`', false, false]],
    '[agents.e.tools]\nallowed = ["bash(git *)"]\ndisallowed = ["bash(rm *)"]\n'],
  ['[agents.e.tools.bash]\n"git *" = "allow"\n"rm *" = "deny"\n"*" = "ask"\n[agents.e.tools]\ndisallowed = ["bash(rm *)"]\n',
    [['Move "bash(git *)" into `allowed` (`disallowed` already holds "bash(rm *)")', false, false],
      ['Remove `"rm *" = "deny"`: `disallowed` already holds "bash(rm *)"; move "bash(git *)" into `allowed` by hand', true, true], ['Remove the table `[agents.e.tools.bash]`', false, false]],
    '[agents.e.tools.bash]\n"*" = "ask"\n[agents.e.tools]\ndisallowed = ["bash(rm *)"]\nallowed = ["bash(git *)"]\n'],
  // A rule left that the other list holds: the title says the conflict, as a move's does.
  ['[agents.e.tools]\nallowed = ["bash(git *)"]\ndisallowed = ["bash(ls *)"]\n[agents.e.tools.bash]\n"git *" = "allow"\n"ls *" = "allow"\n',
    [['Move "bash(ls *)" into `allowed` (`allowed` already holds "bash(git *)") (a conflict: `disallowed` holds "bash(ls *)")', false, false],
      ['Remove `"git *" = "allow"`: `allowed` already holds "bash(git *)"; move "bash(ls *)" into `allowed` by hand (a conflict: `disallowed` holds "bash(ls *)")', true, true], ['Remove the table `[agents.e.tools.bash]`', false, false]],
    '[agents.e.tools]\nallowed = ["bash(git *)", "bash(ls *)"]\ndisallowed = ["bash(ls *)"]\n'],
  // One list written anew where the key was, in an inline table that is not the tools table (`a = { tools.bash = … }`),
  // whose line's prefix no list could repeat: in place, as a map-form key's move writes it.
  ['[agents]\na = { tools.bash = { "git *" = "allow" } }\n', [['Move "bash(git *)" into `allowed`', true, false], ['Remove `tools.bash`', false, false]],
    '[agents]\na = { tools.allowed = ["bash(git *)"] }\n'],
  // Nor where the list it would write below the header written anew is a table another section defines (`[….tools.allowed]`):
  // `allowed` defined twice (quickFixes' seed 20261203 once marsDocs wrote Claude's settings inline).
  ['[agents.a.tools.allowed]\nx = 1\n\n[agents.a.tools.bash]\n"git *" = "allow"\n', [['Remove the table `[agents.a.tools.bash]`', false, false]], null],
  // A table of its own holding a syntax error: its reading is a guess, and nothing moves.
  ['[agents.a.tools.bash]\n"git *" = "allow"\n"x" = "a\\u12 "\n', [], null],
  // The header written anew after a byte order mark the text starts with, which stays first (quickFixes' seed 22523: written
  // before it, the mark was in the middle of the text, which no TOML reads).
  ['\ufeff[agents.a.tools.bash]\n"git *" = "allow"\n"*" = "ask"\n', [['Move "bash(git *)" into `allowed`', true, false], ['Remove the table `[agents.a.tools.bash]`', false, false]],
    '\ufeff[agents.a.tools]\nallowed = ["bash(git *)"]\n\n[agents.a.tools.bash]\n"*" = "ask"\n'],
];
for (const [text, fixes, after] of PATTERN_MOVES) {
  test(`OpenCode's table of patterns moved into the lists: ${JSON.stringify(text)}`, () => {
    const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'unknown-policy-key');
    assert.equal(found.length, 1);
    assert.deepEqual(found[0]!.fixes.map((x) => [x.title, x.preferred, x.safe]), fixes);
    if (after !== null) assert.equal(applyEdits(text, found[0]!.fixes[0]!.edits), after);
    // In fix-all only where the lists hold every rule: its edits are the fix's.
    const safe = found[0]!.fixes.find((x) => x.safe);
    assert.deepEqual(documentFixAll(analyzeDocument(text)), safe ? safe.edits : []);
  });
}

// Claude Code's settings (or OpenCode's) pasted into a tools table as a table there, meant as that tools table: inline
// (`permissions = { allow = […] }`, what fix-all makes of their JSON pasted there), or a table of its own, whose lists are
// in another section (read from the whole text). Its lists, map-form rules and tables of patterns move into the tools
// table's lists; the rest stays. Before, only its removal was offered. [text, the finding's message's end, its fixes:
// title, preferred, safe; the text after the first]
const NESTED_SETTINGS: Array<[text: string, said: string, fixes: Array<[string, boolean, boolean]>, after: string | null]> = [
  ['[agents.x.tools]\nallowed = ["grep"]\npermissions = { allow = ["Read"], deny = ["WebFetch"] }\n', 'its rules go in `allowed` and `disallowed`.',
    [['Move "Read" into `allowed` and "WebFetch" into `disallowed`', true, false], ['Remove `permissions`', false, false]], '[agents.x.tools]\nallowed = ["grep", "Read"]\ndisallowed = ["WebFetch"]\n'],
  ['[agents.x.tools]\npermission = { edit = "deny", bash = { "git *" = "allow" } }\n', 'its rules go in `disallowed` and `allowed`.',
    [['Move "edit" into `disallowed` and "bash(git *)" into `allowed`', true, false], ['Remove `permission`', false, false]], '[agents.x.tools]\ndisallowed = ["edit"]\nallowed = ["bash(git *)"]\n'],
  // What has no list in Mars stays (Claude's `ask`, `defaultMode`), the inline table written again with it alone.
  ['[agents.x.tools]\nallowed = ["grep"]\npermissions = { allow = ["Read"], ask = ["Edit"], defaultMode = "plan" }\n', 'its rules go in `allowed`.',
    [['Move "Read" into `allowed`', true, false], ['Remove `permissions`', false, false]], '[agents.x.tools]\nallowed = ["grep", "Read"]\npermissions = { ask = ["Edit"], defaultMode = "plan" }\n'],
  // Held by the lists already: its removal, the one offered.
  ['[agents.x.tools]\nallowed = ["read"]\npermissions = { allow = ["Read"] }\n', 'its rules go in `allowed`.', [['Remove `permissions`: `allowed` already holds "read"', true, false]], '[agents.x.tools]\nallowed = ["read"]\n'],
  ['[agents.x.tools]\ntools = { allowed = ["read"] }\n', 'its rules go in `allowed`.', [['Move "read" into `allowed`', true, false], ['Remove `tools`', false, false]], '[agents.x.tools]\nallowed = ["read"]\n'],
  // A table of its own: moved into the lists of the tools table's section, its other keys left.
  ['[agents.x.tools]\nallowed = ["grep"]\n\n[agents.x.tools.permissions]\nallow = ["Read"]\nask = ["Edit"]\n', 'its rules go in `allowed`.',
    [['Move "Read" into `allowed`', true, false], ['Remove the table `[agents.x.tools.permissions]`', false, false]], '[agents.x.tools]\nallowed = ["grep", "Read"]\n\n[agents.x.tools.permissions]\nask = ["Edit"]\n'],
  // A table of its own whose owner writes no tools table: renamed it, its lists' keys with it (`ask` a key Mars ignores there
  // then, with its own fix); not where another section defines a list it would write (`creates`), nor two keys meant as one.
  ['[agents.r]\nmodel = "m"\n\n[agents.r.tools.permissions]\nallow = ["Read"]\ndeny = ["WebFetch"]\nask = ["Edit"]\n', 'its rules go in `allowed` and `disallowed`.',
    [['Rename `[agents.r.tools.permissions]` to `[agents.r.tools]`, `allow` to `allowed` and `deny` to `disallowed`', true, false], ['Remove the table `[agents.r.tools.permissions]`', false, false]],
    '[agents.r]\nmodel = "m"\n\n[agents.r.tools]\nallowed = ["Read"]\ndisallowed = ["WebFetch"]\nask = ["Edit"]\n'],
  ['[agents.r.tools.permissions]\nallow = ["Read"]\n[agents.r.tools.allowed]\nx = 1\n', 'its rules go in `allowed`.', [['Remove the table `[agents.r.tools.permissions]`', false, false]], null],
  ['[agents.r.tools.permissions]\nallow = ["Read"]\nallowed = ["Grep"]\n', 'its rules go in `allowed`.', [['Remove the table `[agents.r.tools.permissions]`', false, false]], null],
  // None where an entry is one Mars rejects (moved, it would stop the load): said as any key Mars ignores.
  ['[agents.x.tools]\npermissions = { allow = ["bash()"] }\n', 'lists.', [['Remove `permissions`', false, false]], null],
];
for (const [text, said, fixes, after] of NESTED_SETTINGS) {
  test(`settings pasted into a tools table as a table there, moved into its lists: ${JSON.stringify(text)}`, () => {
    const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'unknown-policy-key' && /^Mars ignores (the table )?`(permissions?|tools)`/.test(f.message));
    assert.equal(found.length, 1, JSON.stringify(found.map((f) => f.message)));
    assert.ok(found[0]!.message.endsWith(said), found[0]!.message);
    assert.deepEqual(found[0]!.fixes.map((x) => [x.title, x.preferred, x.safe]), fixes);
    if (after !== null) assert.equal(applyEdits(text, found[0]!.fixes[0]!.edits), after);
    // The message is the text analysed whole's too, read from the table alone.
    assert.deepEqual(analyze(text).findings.filter((f) => f.code === 'unknown-policy-key').map((f) => f.message), [found[0]!.message]);
  });
}

// Lists meant for an owner's tools table, written outside it where that table is written already (in another section, or
// beside them), so no rename can make them its lists: Claude Code's settings pasted as `[agents.x.permissions]` (its `ask`
// left, having no Mars equivalent, as is any other key), dotted (`permissions.allow`) or inline (`permissions = { … }`).
// Their entries move into the lists there (listsMove.ts), from another section read from the whole text (beyondUnit.ts);
// never in fix-all, rules Mars ignored coming into force.
// [text, the fixes of its misplaced-tool-list finding: title, preferred, safe; the text after the first]
const LISTS_MOVED: Array<[text: string, fixes: Array<[string, boolean, boolean]>, after: string | null]> = [
  ['[agents.x.tools]\nallowed = ["read", "edit"]\n\n# settings.json\n[agents.x.permissions]\nallow = ["Bash(git *)", "Edit"] # git\ndeny = ["WebFetch"]\n\n[agents.y]\n',
    [['Move "Bash(git *)" into `allowed` and "WebFetch" into `disallowed` (`allowed` already holds "edit")', true, false]],
    '[agents.x.tools]\nallowed = ["read", "edit", "Bash(git *)"]\ndisallowed = ["WebFetch"]\n\n# settings.json\n# git\n\n[agents.y]\n'],
  ['[agents.x.permissions]\nallow = ["Read", "read", "grep"]\nask = ["Edit"]\n[agents.x.tools]\nallowed = ["grep"]\n',
    [['Move "Read" into `allowed` (`allowed` already holds "grep")', true, false]], '[agents.x.permissions]\nask = ["Edit"]\n[agents.x.tools]\nallowed = ["grep", "Read"]\n'],
  ['[agents.x]\ntools.allowed = ["read"]\n[agents.x.permissions]\nallow = ["edit"]\ndeny = ["edit"]\n',
    [['Move "edit" into `allowed` and "edit" into `disallowed` (a conflict: `disallowed` holds "edit")', false, false]], '[agents.x]\ntools.allowed = ["read", "edit"]\ntools.disallowed = ["edit"]\n'],
  ['[agents.x.tools]\nallowed = ["read"]\n[agents.x.permissions]\nallow = ["Read"]\n', [['Remove the table `[agents.x.permissions]`: `allowed` already holds "read"', true, false]], '[agents.x.tools]\nallowed = ["read"]\n'],
  ['[agents.x]\ndescription = "d"\npermissions.allow = ["Bash(git *)"]\n\n[agents.x.tools]\nallowed = ["read"]\n',
    [['Move the entries of `allow` into `tools.allowed`', true, false]], '[agents.x]\ndescription = "d"\n\n[agents.x.tools]\nallowed = ["read", "Bash(git *)"]\n'],
  // As a key's inline table (`permissions = { … }`), beside the tools table or with it in another section: the key goes
  // where it holds the lists alone; else each list goes alone, as it did (`ask` left).
  ['[agents.x]\npermissions = { allow = ["Read"], deny = ["WebFetch"] }\n[agents.x.tools]\nallowed = ["grep"]\n',
    [['Move "Read" into `allowed` and "WebFetch" into `disallowed`', true, false]], '[agents.x]\n[agents.x.tools]\nallowed = ["grep", "Read"]\ndisallowed = ["WebFetch"]\n'],
  ['[agents.x]\ntools.allowed = ["grep"]\npermissions = { allow = ["Read"], deny = ["web"] }\n',
    [['Move "Read" into `allowed` and "web" into `disallowed`', true, false]], '[agents.x]\ntools.allowed = ["grep", "Read"]\ntools.disallowed = ["web"]\n'],
  ['[agents.x]\ntools.allowed = ["grep"]\npermissions = { allow = ["Read"], ask = ["Edit"] }\n', [['Move the entries of `allow` into `tools.allowed`', true, false]],
    '[agents.x]\ntools.allowed = ["grep", "Read"]\npermissions = { ask = ["Edit"] }\n'],
  // With the tools table in another section, the lists go together, the inline table on one line written again without them.
  ['[agents.x]\npermissions = {"allow" = ["Bash(git *)", "Read"], "deny" = ["WebFetch"], "ask" = ["Edit"]} # settings\n\n[agents.x.tools]\nallowed = ["grep"]\n',
    [['Move "Bash(git *)", "Read" into `allowed` and "WebFetch" into `disallowed`', true, false]],
    '[agents.x]\npermissions = { "ask" = ["Edit"] } # settings\n\n[agents.x.tools]\nallowed = ["grep", "Bash(git *)", "Read"]\ndisallowed = ["WebFetch"]\n'],
  // Empty lists alone: their removal (Claude's `ask` kept), not safe, as no fix that reads other sections is.
  ['[agents.x.permissions]\nallow = []\nask = ["Edit"]\n[agents.x.tools]\nallowed = ["read"]\n', [['Remove `allow = []`: it holds nothing', true, false]], '[agents.x.permissions]\nask = ["Edit"]\n[agents.x.tools]\nallowed = ["read"]\n'],
  // A map-form rule among them (`bash = "deny"`, `webfetch = false`) goes into the list of its verdict, as Mars writes its
  // name, as from a tools table; names between commas in its key one entry each, a guess, not preferred. Where the lists
  // hold it already, it goes.
  ['[agents.x.tools]\nallowed = ["read"]\n[agents.x.permissions]\nallow = ["edit"]\nbash = "deny"\n',
    [['Move "edit" into `allowed` and "bash" into `disallowed`', true, false]], '[agents.x.tools]\nallowed = ["read", "edit"]\ndisallowed = ["bash"]\n'],
  ['[agents.x]\ntools.allowed = ["read"]\npermissions = { WebFetch = false, Read = "allow" }\n',
    [['Move "web_fetch" into `disallowed` (`allowed` already holds "read")', true, false]], '[agents.x]\ntools.allowed = ["read"]\ntools.disallowed = ["web_fetch"]\n'],
  ['[agents.x.tools]\nallowed = ["read"]\n[agents.x.permissions]\n"Read, Grep" = "allow"\n',
    [['Move "grep" into `allowed` (`allowed` already holds "read")', false, false]], '[agents.x.tools]\nallowed = ["read", "grep"]\n'],
  ['[agents.x.tools]\nallowed = ["read"]\n[agents.x.permissions]\nread = true\n', [['Remove the table `[agents.x.permissions]`: `allowed` already holds "read"', true, false]], '[agents.x.tools]\nallowed = ["read"]\n'],
  // A verdict one typo from `"allow"` or `"deny"` is read as the one meant, said in the title, as a tools table's rule says it.
  ['[agents.x.tools]\nallowed = ["read"]\n[agents.x.permissions]\nbash = "alow"\nedit = "deny"\n',
    [['Move "bash" into `allowed` and "edit" into `disallowed` (`"alow"` read as `"allow"`)', true, false]], '[agents.x.tools]\nallowed = ["read", "bash"]\ndisallowed = ["edit"]\n'],
  // So do OpenCode's rules by pattern among them, each as `tool(pattern)` into its verdict's list, as from a tools table.
  ['[agents.x.tools]\nallowed = ["read"]\n[agents.x.permissions]\nallow = ["edit"]\nbash = { "git *" = "allow", "rm *" = "deny" }\n',
    [['Move "edit", "bash(git *)" into `allowed` and "bash(rm *)" into `disallowed`', true, false]], '[agents.x.tools]\nallowed = ["read", "edit", "bash(git *)"]\ndisallowed = ["bash(rm *)"]\n'],
  ['[agents.x.tools]\nallowed = ["read"]\n[agents.x.permissions]\nbash."git *" = "allow"\n', [['Move "bash(git *)" into `allowed`', true, false]], '[agents.x.tools]\nallowed = ["read", "bash(git *)"]\n'],
  // A new list goes into a tools table written only inline after its last key, on its line; so does a list beside it,
  // whose rename to `tools.disallowed` would add to the inline table, and the lists of an inline table meant as `tools`.
  ['[agents.x]\ntools = { allowed = ["read"] }\n[agents.x.permissions]\ndeny = ["edit"]\n', [['Move "edit" into `disallowed`', true, false]],
    '[agents.x]\ntools = { allowed = ["read"], disallowed = ["edit"] }\n'],
  ['[agents.x]\ntools = {}\ndeny = ["edit"]\n', [['Move "edit" into `disallowed`', true, false]], '[agents.x]\ntools = { disallowed = ["edit"] }\n'],
  ['[agents.x]\ntools = { allowed = ["read"] }\npermissions = { allow = ["edit"], deny = ["bash"] }\n', [['Move "edit" into `allowed` and "bash" into `disallowed`', true, false]],
    '[agents.x]\ntools = { allowed = ["read", "edit"], disallowed = ["bash"] }\n'],
  // Not over lines (TOML 1.1), nor on a line a `mars-ignore` speaks of, which would silence the list written there.
  ['[agents.x]\ntools = { allowed = ["read"] } # mars-ignore: non-canonical\n[agents.x.permissions]\ndeny = ["edit"]\n', [], null],
  ['[agents.x]\ntools = {\n  allowed = ["read"], # r\n}\n[agents.x.permissions]\ndeny = ["edit"]\n', [], null],
  // So, read from the whole text, does a list beside the owner's table whose tools table is in another section.
  ['[agents.x]\ndeny = ["bash"]\nmodel = "m"\n[agents.x.tools]\nallowed = ["read"]\n', [['Move "bash" into `disallowed`', true, false]],
    '[agents.x]\nmodel = "m"\n[agents.x.tools]\nallowed = ["read"]\ndisallowed = ["bash"]\n'],
  // An inline table holding nothing but the list moved goes with it: no `permissions = { }` left behind.
  ['[agents.x.tools]\nallowed = ["read"]\n[agents.x]\npermissions = { allow = ["edit"] }\n', [['Move the entries of `allow` into `tools.allowed`', true, false]],
    '[agents.x.tools]\nallowed = ["read", "edit"]\n[agents.x]\n'],
  // A rule with no verdict Mars reads (`"ask"`) stays in its inline table of patterns, written again without the rest, as
  // one dotted or in a table of its own stays, and as in a tools table.
  ['[agents.x.tools]\nallowed = ["read"]\n[agents.x.permissions]\nallow = ["edit"]\nbash = { "git *" = "allow", "*" = "ask" }\n',
    [['Move "edit", "bash(git *)" into `allowed`', true, false]], '[agents.x.tools]\nallowed = ["read", "edit", "bash(git *)"]\n[agents.x.permissions]\nbash = { "*" = "ask" }\n'],
  ['[agents.x.tools]\nallowed = ["read"]\n[agents.x.permission.bash]\n"git *" = "allow"\n"*" = "ask"\n', [['Rename `permission` to `tools`', true, false]],
    '[agents.x.tools]\nallowed = ["read"]\n[agents.x.tools.bash]\n"git *" = "allow"\n"*" = "ask"\n'],
  // None where an entry is one Mars rejects (moved, it would stop the load), a rule's too, nor in an inline table within one.
  ['[agents.x.tools]\nallowed = ["read"]\n[agents.x.permissions]\nallow = ["bash()"]\n', [], null],
  ['[agents.x.tools]\nallowed = ["read"]\n[agents.x.permission]\nbash = { "git *" = "allow", "*" = "ask", "" = "deny" }\n', [], null],
  ['[agents.x]\ntools.allowed = ["read"]\npermission = { bash = { "git *" = "allow", "*" = "ask" } }\n', [], null],
  // A `mars-ignore` above its header speaks of it: the table stays (taken out, the comment would speak of what follows),
  // its list moved alone.
  ['[agents.x.tools]\nallowed = ["read"]\n# mars-ignore: unknown-tool\n[agents.x.permissions]\nallow = ["edit"]\n', [['Move the entries of `allow` into `tools.allowed`', true, false]],
    '[agents.x.tools]\nallowed = ["read", "edit"]\n# mars-ignore: unknown-tool\n[agents.x.permissions]\n'],
];
for (const [text, fixes, after] of LISTS_MOVED) {
  test(`lists meant for a tools table written elsewhere moved into it: ${JSON.stringify(text)}`, () => {
    const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'misplaced-tool-list');
    assert.equal(found.length, 1);
    assert.deepEqual(found[0]!.fixes.map((x) => [x.title, x.preferred, x.safe]), fixes);
    if (after !== null) assert.equal(applyEdits(text, found[0]!.fixes[0]!.edits), after);
    assert.deepEqual(documentFixAll(analyzeDocument(text)), []);
  });
}

// Over lines (TOML 1.1), leading commas: the rule moved from the `{` line would take the next line's comma, the next rule
// moved takes that line whole; the two removals meet, so there is no move (its edits overlapped). Trailing commas: moved.
test('a table of patterns over lines whose moved rules\' removals would meet is not moved', () => {
  const titles = (t: string) => documentFindings(analyzeDocument(t)).filter((f) => f.code === 'unknown-policy-key').flatMap((f) => f.fixes.map((x) => x.title));
  assert.deepEqual(titles('[agents.a.tools]\nbash = {\n  "a *" = "allow"\n  , "b *" = "allow"\n  , "*" = "ask"\n}\n'), ['Remove `bash`']);
  const text = '[agents.a.tools]\nbash = {\n  "a *" = "allow",\n  "b *" = "allow",\n  "*" = "ask"\n}\n';
  const move = documentFindings(analyzeDocument(text)).find((f) => f.code === 'unknown-policy-key')!.fixes[0]!;
  assert.equal(move.title, 'Move "bash(a *)", "bash(b *)" into `allowed`');
  assert.equal(applyEdits(text, move.edits), '[agents.a.tools]\nallowed = ["bash(a *)", "bash(b *)"]\nbash = {\n  "*" = "ask"\n}\n');
});

// Not where the list holds the key's rule past a syntax error on its line (`["read" "bash"]`, a guess): the key is no
// safe removal that says the list holds it (fix-all took it away); nor is a move a conflict for the other list holding
// it so. [text, the fixes of its unknown-policy-key finding: title, preferred, safe]
const GUESSED_HOLDERS: Array<[text: string, fixes: Array<[string, boolean, boolean]>]> = [
  ['[agents.a.tools]\nbash = "allow"\nallowed = ["read" "bash"]\n', [['Remove `bash`', false, false]]],
  ['[agents.a.tools]\ndisallowed = ["x" "bash"]\nallowed = ["read"]\nbash = "allow"\n', [['Move "bash" into `allowed`', true, false], ['Remove `bash`', false, false]]],
];
for (const [text, fixes] of GUESSED_HOLDERS) {
  test(`a list holding a key's rule past a syntax error holds it as a guess: ${JSON.stringify(text)}`, () => {
    const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'unknown-policy-key');
    assert.equal(found.length, 1);
    assert.deepEqual(found[0]!.fixes.map((x) => [x.title, x.preferred, x.safe]), fixes);
  });
}

// A table below a tools table (`[agents.a.tools.sub]`), opened by a header: Mars ignores it, and it can be removed, as
// a key Mars ignores can (never preferred, never in fix-all): its header's line and the lines of its own key/values,
// the comments among them too but a `mars-ignore-file` (it speaks of the whole file); the comments and blank lines
// after its last key/value stay, before the next header, of which they most likely speak. Not where the section holds
// a syntax error (what is the table's own is then a guess), nor for one table of an array of them (`[[…]]`): taken
// out, a header below it would add to the element before it.
// [text, the fixes of its unknown-policy-key finding: title, preferred, safe; the text after the removal]
const IGNORED_TABLE_REMOVALS: Array<[text: string, fixes: Array<[string, boolean, boolean]>, after: string | null]> = [
  ['[agents.a.tools]\nallowed = ["read"]\n\n[agents.a.tools.sub]\nx = 1\ny = "allow"\n', [['Remove the table `[agents.a.tools.sub]`', false, false]], '[agents.a.tools]\nallowed = ["read"]\n\n'],
  ['[skills.x.tools.sub]\n[agents.b]\nmodel = "m"\n', [['Remove the table `[skills.x.tools.sub]`', false, false]], '[agents.b]\nmodel = "m"\n'],
  ['[agents.a.tools.sub.deeper]\nx = [\n  1, # one\n  2,\n]\n', [['Remove the table `[agents.a.tools.sub.deeper]`', false, false]], ''],
  ['[agents.a.tools.sub]  # old\n# about x\nx = 1 # one\n\n# the reviewer\n[agents.r]\n', [['Remove the table `[agents.a.tools.sub]`', false, false]], '\n# the reviewer\n[agents.r]\n'],
  ['[agents.a.tools.sub]\r\n# mars-ignore-file: unknown-tool\r\nx = 1\r\n[agents.r]\r\n', [['Remove the table `[agents.a.tools.sub]`', false, false]], '# mars-ignore-file: unknown-tool\r\n[agents.r]\r\n'],
  ['[agents.a.tools.sub]\nx = 1', [['Remove the table `[agents.a.tools.sub]`', false, false]], ''],
  // The `mars-ignore` lines just above its header (the section before holds them) speak of it alone, and go with it;
  // a `mars-ignore-file` and other comments stay.
  ['[agents.a.tools]\nallowed = ["read"]\n# mars-ignore: unknown-tool\n[agents.a.tools.sub]\nx = 1\n', [['Remove the table `[agents.a.tools.sub]`', false, false]], '[agents.a.tools]\nallowed = ["read"]\n'],
  ['[agents.a.tools]\r\nallowed = ["read"]\r\n\r\n# old\r\n# mars-ignore: unknown-tool\r\n# mars-ignore-file: non-canonical\r\n\r\n# mars-ignore: legacy-prefix\r\n[agents.a.tools.sub]\r\nx = 1\r\n[agents.r]\r\n', [['Remove the table `[agents.a.tools.sub]`', false, false]], '[agents.a.tools]\r\nallowed = ["read"]\r\n\r\n# old\r\n# mars-ignore-file: non-canonical\r\n\r\n[agents.r]\r\n'],
  ['\ufeff# mars-ignore: unknown-tool\n[agents.a.tools.sub]\nx = 1\n', [['Remove the table `[agents.a.tools.sub]`', false, false]], '\ufeff'],
  ['[agents.a]\nprompt = """\n# mars-ignore: unknown-tool\n"""\n[agents.a.tools.sub]\nx = 1\n', [['Remove the table `[agents.a.tools.sub]`', false, false]], '[agents.a]\nprompt = """\n# mars-ignore: unknown-tool\n"""\n'],
  // Not where the section holds a syntax error.
  ['[agents.a.tools.sub]\nx = 1 y\n', [], null],
  ['[agents.a.tools.sub]\nx = """open\n', [], null],
  // One table of an array of them; so OpenCode's rules by pattern there are no table of patterns to move.
  ['[[agents.a.tools.sub]]\nx = 1\n', [], null],
  ['[[agents.a.tools.bash]]\n"git push" = "deny"\n', [], null],
  // Nor a table below the tool (`[….bash.sub]`), which names no pattern of `bash`.
  ['[agents.a.tools.bash.sub]\n"git push" = "deny"\n', [['Remove the table `[agents.a.tools.bash.sub]`', false, false]], ''],
];
for (const [text, fixes, after] of IGNORED_TABLE_REMOVALS) {
  test(`a table below a tools table can be removed: ${JSON.stringify(text)}`, () => {
    const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'unknown-policy-key');
    assert.equal(found.length, 1);
    assert.deepEqual(found[0]!.fixes.map((x) => [x.title, x.preferred, x.safe]), fixes);
    assert.equal(found[0]!.fixes[0] && applyEdits(text, found[0]!.fixes[0].edits), after ?? undefined);
    assert.deepEqual(documentFixAll(analyzeDocument(text)), []);
  });
}

// An empty entry (a `"` typed and its pair closed, left so) stops the load and can mean nothing: its
// quick fix removes it, preferred (its only fix), but not in fix-all, which makes a rejected entry
// mean the one thing it can, and an empty one means none. [the list, its fix's title, the list after it]
const EMPTY_ENTRIES: Array<[list: string, title: string, after: string]> = [
  ['allowed = ["read", ""]', 'Remove `""`', 'allowed = ["read"]'],
  ['allowed = ["", "read"]', 'Remove `""`', 'allowed = ["read"]'],
  ['disallowed = [\n  "bash",\n  "",\n]', 'Remove `""`', 'disallowed = [\n  "bash",\n]'],
  ['allowed = [" "]', 'Remove `" "`', 'allowed = []'],
];
for (const [list, title, after] of EMPTY_ENTRIES) {
  test(`an empty entry's fix removes it: ${JSON.stringify(list)}`, () => {
    const text = `[agents.a.tools]\n${list}\n`;
    const [f, ...rest] = documentFindings(analyzeDocument(text)).filter((x) => x.code === 'invalid-tool-name');
    assert.equal(rest.length, 0);
    assert.deepEqual(f!.fixes.map((x) => [x.title, x.preferred, x.safe]), [[title, true, false]]);
    assert.equal(applyEdits(text, f!.fixes[0]!.edits), `[agents.a.tools]\n${after}\n`);
    assert.deepEqual(documentFixAll(analyzeDocument(text)), []);
  });
}

test('the map form\'s note only for a key that reads as one: a name given a string or a boolean', () => {
  const message = (line: string) => documentFindings(analyzeDocument(`[agents.a.tools]\nallowed = ["read"]\n${line}\n`)).find((f) => f.code === 'unknown-policy-key')!.message;
  assert.match(message('bash = "ask"'), /lists \(the `tool = "allow"` map form belongs to agent profiles\)\.$/);
  // A boolean reads as one too (`tools: { bash: true }`), where no move is made of it: a list's name, a key two below a
  // tool's name (`web.y = false`, one below, is OpenCode's rule for the pattern `y`, moved as `web(y)`).
  for (const line of ['deny = true', 'Allowed = false', 'web.y.z = false']) assert.match(message(line), /lists \(the `tool = "allow"` map form belongs to agent profiles\)\.$/, line);
  for (const line of ['foo = 3', 'web = ["read"]', 'sub = { x = 1 }']) assert.match(message(line), /holds only `allowed` and `disallowed` lists\.$/, line);
});

// The map form's verdict read as `tools.mcp`'s is, in any case and between blanks: what was meant is
// not in doubt. `"ask"` names no list; none is moved (nor removed) by fix-all. Each key can be removed.
const MAP_FORM_VERDICTS: Array<[value: string, fixes: string[]]> = [
  ['"allow"', ['Move "write" into `allowed`', 'Remove `write`']],
  ['"Allow"', ['Move "write" into `allowed`', 'Remove `write`']],
  ['"DENY"', ['Move "write" into `disallowed`', 'Remove `write`']],
  ['" allow "', ['Move "write" into `allowed`', 'Remove `write`']],
  ['"\\tDeny"', ['Move "write" into `disallowed`', 'Remove `write`']],
  ['"ask"', ['Remove `write`']],
  ['"allowed"', ['Remove `write`']],
  // One typo from `"allow"` or `"deny"`: the one meant (the message says which it read).
  ['"alow"', ['Move "write" into `allowed`', 'Remove `write`']],
  ['"Denny"', ['Move "write" into `disallowed`', 'Remove `write`']],
  ['"dny"', ['Move "write" into `disallowed`', 'Remove `write`']],
  ['"as"', ['Remove `write`']],
  ['"allowd"', ['Move "write" into `allowed`', 'Remove `write`']],
  ['"alllowed"', ['Remove `write`']],
  // A boolean is OpenCode's verdict (`tools: { write: false }`): `true` allows, `false` denies.
  ['true', ['Move "write" into `allowed`', 'Remove `write`']],
  ['false', ['Move "write" into `disallowed`', 'Remove `write`']],
  // Not a string that reads as one, nor another scalar.
  ['"true"', ['Remove `write`']],
  ['1', ['Remove `write`']],
];
for (const [value, fixes] of MAP_FORM_VERDICTS) {
  test(`map-form verdict ${value}: its move`, () => {
    const text = `[agents.a.tools]\nallowed = ["read"]\nwrite = ${value}\n`;
    const [f, ...rest] = documentFindings(analyzeDocument(text));
    assert.equal(rest.length, 0);
    assert.deepEqual([f!.code, f!.fixes.map((x) => x.title)], ['unknown-policy-key', fixes]);
    assert.equal(f!.message.includes('Put "write" in'), fixes.length > 1, f!.message);
    assert.deepEqual(documentFixAll(analyzeDocument(text)), []);
  });
}

test('a list\'s name given a verdict (`deny = "allow"`, `Allowed = "deny"`) is no map-form rule for a tool of that name: nothing to move', () => {
  for (const line of ['deny = "allow"', 'Allowed = "deny"', 'allow = "allow"', 'blocked = "deny"', 'deny = true', 'Allowed = false']) {
    const text = `[agents.a.tools]\nallowed = ["read"]\n${line}\n`;
    const found = documentFindings(analyzeDocument(text));
    // It was read as `allowed = ["deny"]` to be, a tool named `deny`: a preferred move wrote it. It can be removed.
    assert.deepEqual(found.map((f) => [f.code, f.fixes.map((x) => x.title)]), [['unknown-policy-key', [`Remove \`${line.split(' ')[0]}\``]]], line);
    assert.doesNotMatch(found[0]!.message, /Put /, line);
  }
});

// `tools.mcp` given a verdict, a string or a boolean (`mcp = false`, as OpenCode writes a tool's), names no server:
// the removed key is said, with no move (what it meant is not clear) and nothing for fix-all. The
// verdict is read in any case, as a tool's is (`"Deny"` names no server `Deny`).
for (const value of ['"deny"', '"Deny"', 'true', 'false']) {
  test(`\`tools.mcp\` given the map form (${value}): no move`, () => {
    const text = `[agents.a.tools]\nallowed = ["read"]\nmcp = ${value}\n`;
    assert.deepEqual(documentFindings(analyzeDocument(text)).map((f) => [f.code, f.fixes.map((x) => x.title)]), [['invalid-tool-policy', []]]);
    assert.deepEqual(documentFixAll(analyzeDocument(text)), []);
  });
}

test('a suppression\'s word that begins one code only is taken for it, as a typo one edit away is', () => {
  const said = (comment: string) => documentFindings(analyzeDocument(`[agents.a.tools]\nallowed = ["read", "Read"] # mars-ignore: ${comment}\n`)).filter((f) => f.code === 'invalid-suppression').map((f) => f.message.replace(/.*\. /, ''));
  assert.deepEqual(said('duplicate'), ['Did you mean `duplicate-entry`?']);
  assert.deepEqual(said('duplicat-entry'), ['Did you mean `duplicate-entry`?']);
  assert.deepEqual(said('legacy'), ['Did you mean `legacy-prefix`?'], 'six letters are enough');
  assert.deepEqual(said('Duplicate'), ['Did you mean `duplicate-entry`?'], 'case aside');
  // A code in the plural, however far its letters (`entries`, `entry`).
  assert.deepEqual(said('duplicate-entries'), ['Did you mean `duplicate-entry`?']);
  assert.deepEqual(said('unknown-tools'), ['Did you mean `unknown-tool`?']);
  // Not a word that begins several, nor a short one, which reads as a reason written without its `--`.
  assert.deepEqual(said('unknown'), ['A reason goes after ` -- `.']);
  assert.deepEqual(said('dup'), ['A reason goes after ` -- `.']);
});

test('a code written in letters drawn as ASCII ones (a Cyrillic `о`) is said so, or it read as the code its did-you-mean offers', () => {
  const text = '[agents.a.tools]\nallowed = ["read", "Read"] # mars-ignore: unkn\u043ewn-tool\n';
  assert.deepEqual(documentFindings(analyzeDocument(text)).filter((f) => f.code === 'invalid-suppression').map((f) => f.message),
    ['`unkn\u043ewn-tool` is not a Mars TOML code, so this comment silences nothing by that name. It holds U+043E, which looks like `o` but is not an ASCII character. Did you mean `unknown-tool`?']);
});

// Words like no code in a mars-ignore: made its reason by a fix only when codes come before them and
// nothing after (with no code before, the comment would then silence every code; a code after would become reason too).
const PROSE_FIXES: Array<[comment: string, titles: string[]]> = [
  ['unknown-tool our own tool', ['Make `our own tool` the reason']],
  ['our own tool', []],
  ['our own tool, unknown-tool', []],
  // Between codes: made the reason, it would take the code after it with it.
  ['unknown-tool our own tool, non-canonical', []],
];
for (const [comment, titles] of PROSE_FIXES) {
  test(`the fix for words like no code in \`mars-ignore: ${comment}\``, () => {
    const text = `[agents.a.tools]\nallowed = ["foo"] # mars-ignore: ${comment}\n`;
    const prose = documentFindings(analyzeDocument(text)).find((f) => f.code === 'invalid-suppression' && f.message.startsWith('`our own tool`'));
    assert.ok(prose, text);
    assert.deepEqual(prose.fixes.map((x) => x.title), titles);
  });
}

// What words like no code are told: one word as one name, a run of them as several.
const PROSE_MESSAGES: Array<[comment: string, message: string]> = [
  ['unknown-tool xyz', '`xyz` is not a Mars TOML code, so this comment silences nothing by that name. A reason goes after ` -- `.'],
  // Another dash for the reason's (an em dash a word processor made of `--`): said as that, its fix writing `--`.
  ['unknown-tool \u2014 our own tool', '`\u2014` does not begin a reason, so this comment silences nothing by the words after it: a reason goes after ` -- `.'],
  ['unknown-tool - our own tool', '`-` does not begin a reason, so this comment silences nothing by the words after it: a reason goes after ` -- `.'],
  ['unknown-tool our own tool', '`our own tool` are not Mars TOML codes, so this comment silences nothing by those names. A reason goes after ` -- `.'],
];
test('another dash before a reason is made ` -- `', () => {
  const text = '[agents.a.tools]\nallowed = ["foo"] # mars-ignore: unknown-tool \u2014 our own tool\n';
  const [f] = documentFindings(analyzeDocument(text)).filter((x) => x.code === 'invalid-suppression');
  assert.deepEqual(f!.fixes.map((x) => [x.title, x.preferred, x.safe]), [['Change `\u2014` to `--`', true, false]]);
  const fixed = applyEdits(text, f!.fixes[0]!.edits);
  assert.equal(fixed, '[agents.a.tools]\nallowed = ["foo"] # mars-ignore: unknown-tool -- our own tool\n');
  assert.deepEqual(documentFindings(analyzeDocument(fixed)), []);
});
for (const [comment, message] of PROSE_MESSAGES) {
  test(`the message for words like no code in \`mars-ignore: ${comment}\``, () => {
    const text = `[agents.a.tools]\nallowed = ["foo"] # mars-ignore: ${comment}\n`;
    assert.deepEqual(documentFindings(analyzeDocument(text)).filter((f) => f.code === 'invalid-suppression').map((f) => f.message), [message]);
  });
}

test('"Make … the reason" writes ` -- ` before the words, and the comment then says nothing of them', () => {
  const text = '[agents.a.tools]\nallowed = ["foo"] # mars-ignore: unknown-tool our own tool\n';
  const prose = documentFindings(analyzeDocument(text)).find((f) => f.code === 'invalid-suppression');
  const fixed = applyEdits(text, prose!.fixes[0]!.edits);
  assert.equal(fixed, '[agents.a.tools]\nallowed = ["foo"] # mars-ignore: unknown-tool -- our own tool\n');
  assert.deepEqual(documentFindings(analyzeDocument(fixed)), []);
});

test('a mars-ignore without its colon: the fix writes it, and the comment then silences what it lists', () => {
  for (const [comment, fixed, write] of [
    ['# mars-ignore unknown-tool -- ours', '# mars-ignore: unknown-tool -- ours', '`mars-ignore: unknown-tool`'], // the blank before `--` is no part of the codes
    ['#mars-ignore-file\tall', '#mars-ignore-file:\tall', '`mars-ignore-file: all`'],
  ]) {
    const text = `[agents.a.tools]\nallowed = ["foo"] ${comment}\n`;
    const [finding] = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'invalid-suppression');
    assert.ok(finding, comment);
    assert.ok(finding.message.endsWith(`: write ${write}.`), finding.message);
    const fix = finding.fixes[0]!;
    assert.deepEqual([fix.safe, fix.preferred], [false, true], 'a guess at what the comment meant: not in fix-all');
    const after = applyEdits(text, fix.edits);
    assert.equal(after, `[agents.a.tools]\nallowed = ["foo"] ${fixed}\n`);
    assert.deepEqual(documentFindings(analyzeDocument(after)), []);
  }
});

test('a message quoting Mars\'s own long text of what it allows keeps that prose whole', () => {
  const message = documentFindings(analyzeDocument('[agents.a.tools]\nallowed = ["read"]\nMCP = "allow"\n')).find((f) => f.code === 'unknown-policy-key')!.message;
  assert.ok(message.endsWith(`(allowed: ${ERROR_ALLOWED.InvalidMcpRef}).`), message);
});

// An unknown name's message says what to write first, after the one sentence that says what is wrong,
// and what Mars does with the entry last: the Problems panel and a one-line view cut a long message
// at its end, where the "Did you mean" was, after some 100 characters of what Mars passes on.
// [the tools table, the message of its unknown-tool finding]
const UNKNOWN_TOOL_MESSAGES: Array<[table: string, message: string]> = [
  ['allowed = ["my_tool"]', 'Mars has no capability named `my_tool`; it passes the entry on as written, so only a harness with a tool of that name applies it.'],
  ['allowed = ["grpe"]', 'Mars has no capability named `grpe`. Did you mean `grep`? Mars passes the entry on as written, so only a harness with a tool of that name applies it.'],
  ['allowed = ["Bash: npm test"]', 'Mars has no capability named `Bash: npm test`. Did you mean `bash(npm test)`? Mars passes the entry on as `bash: npm test`, so only a harness with a tool of that name applies it.'],
  ['allowed = ["bash", "bassh"]', 'Mars has no capability named `bassh`. It looks like `bash`, which this list already holds, so this entry can go. Mars passes the entry on as written, so only a harness with a tool of that name applies it.'],
  ['allowed = ["bassh"]\ndisallowed = ["bash"]', 'Mars has no capability named `bassh`. Did you mean `bash`? `disallowed` holds `bash`, so `bash` here would be both allowed and disallowed. Mars passes the entry on as written, so only a harness with a tool of that name applies it.'],
  ['allowed = ["TAS\u212A"]', 'Mars has no capability named `TAS\u212A`. It holds U+212A, which looks like `K` but is not an ASCII character. Did you mean `task`? Mars passes the entry on as `tas\u212A`, so only a harness with a tool of that name applies it.'],
  ['allowed = ["\uff38\uff39"]', 'Mars has no capability named `\uff38\uff39`; it passes the entry on as written, so only a harness with a tool of that name applies it. It holds U+FF38, which looks like `X` but is not an ASCII character.'],
  // Cyrillic and Greek letters drawn as ASCII ones, which NFKC keeps (a Cyrillic layout left on): said too,
  // or the message read "no capability named `bаsh`. Did you mean `bash`?", and `rеаd`, two edits away, got no suggestion.
  ['allowed = ["b\u0430sh"]', 'Mars has no capability named `b\u0430sh`. It holds U+0430, which looks like `a` but is not an ASCII character. Did you mean `bash`? Mars passes the entry on as written, so only a harness with a tool of that name applies it.'],
  ['allowed = ["r\u0435\u0430d"]', 'Mars has no capability named `r\u0435\u0430d`. It holds U+0435, which looks like `e` but is not an ASCII character. Did you mean `read`? Mars passes the entry on as written, so only a harness with a tool of that name applies it.'],
  // The same with a pattern after a blank: the character named there too (it said nothing of it, nor `read(x)`).
  ['allowed = ["r\u0435ad x"]', 'Mars has no capability named `r\u0435ad x`. It holds U+0435, which looks like `e` but is not an ASCII character. Did you mean `read(x)`? Mars passes the entry on as written, so only a harness with a tool of that name applies it.'],
  ['allowed = ["\u03a4\u0391SK"]', 'Mars has no capability named `\u03a4\u0391SK`. It holds U+03A4, which looks like `T` but is not an ASCII character. Did you mean `task`? Mars passes the entry on as `\u03a4\u0391sk`, so only a harness with a tool of that name applies it.'],
  // Parentheses typed fullwidth (an East Asian keyboard layout): the entry they make in ASCII, as Mars writes it.
  ['allowed = ["Read\uff08src/**\uff09"]', 'Mars has no capability named `Read\uff08src/**\uff09`. It holds U+FF08, which looks like `(` but is not an ASCII character. Did you mean `read(src/**)`? Mars passes the entry on as `read\uff08src/**\uff09`, so only a harness with a tool of that name applies it.'],
  // Another harness's name for a capability, which no spelling is near: suggested, and whose it is said.
  ['allowed = ["MultiEdit"]', "Mars has no capability named `MultiEdit`. Did you mean `edit` (Claude's `MultiEdit`)? Mars passes the entry on as `multi_edit`, so only a harness with a tool of that name applies it."],
  ['allowed = ["readFile"]', "Mars has no capability named `readFile`. Did you mean `read` (Cursor's `read_file`)? Mars passes the entry on as `read_file`, so only a harness with a tool of that name applies it."],
  ['allowed = ["list"]', "Mars has no capability named `list`. Did you mean `ls` (OpenCode's `list`)? Mars passes the entry on as written, so only a harness with a tool of that name applies it."],
  ['allowed = ["edit", "multiedit"]', "Mars has no capability named `multiedit`. It looks like `edit` (OpenCode's `multiedit`), which this list already holds, so this entry can go. Mars passes the entry on as written, so only a harness with a tool of that name applies it."],
  ['allowed = ["codebase_search"]', 'Mars has no capability named `codebase_search`; it passes the entry on as written, so only a harness with a tool of that name applies it.'],
];
for (const [table, message] of UNKNOWN_TOOL_MESSAGES) {
  test(`an unknown name's message, what to write first: ${JSON.stringify(table)}`, () => {
    const text = `[agents.a.tools]\n${table}\n`;
    assert.deepEqual(documentFindings(analyzeDocument(text)).filter((f) => f.code === 'unknown-tool').map((f) => f.message), [message]);
    assert.deepEqual(analyze(text).findings.filter((f) => f.code === 'unknown-tool').map((f) => f.message), [message]);
  });
}

test('an MCP reference whose tool is left out after its `/` is offered as the server\'s, not in fix-all', () => {
  const text = '[agents.a.tools]\nallowed = ["mcp(github/)", "MCP( gh / )", "mcp(/x)"]\n';
  const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'invalid-tool-name');
  assert.deepEqual(found.map((f) => f.fixes.map((x) => [x.title, x.preferred, x.safe])), [[['Change to `mcp(github)`', true, false]], [['Change to `mcp(gh)`', true, false]], []]);
  assert.deepEqual(documentFixAll(analyzeDocument(text)), []);
});

test('a parenthesis typed fullwidth in an entry Mars rejects is the one meant: written in ASCII, not a `)` put after it', () => {
  const text = '[agents.a.tools]\nallowed = ["Bash(git log\uff09", "bash\uff08git status)"]\n';
  const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'invalid-tool-name' || f.code === 'unknown-tool');
  assert.deepEqual(found.map((f) => [f.code, f.fixes.map((x) => [x.title, x.preferred, x.safe])]), [
    ['invalid-tool-name', [['Change to `Bash(git log)`', true, true]]],
    ['unknown-tool', [['Change to `bash(git status)`', true, false]]],
  ]);
  // Fix-all writes the rejected one (its `Bash` respelt then), not the guess.
  assert.equal(applyEdits(text, documentFixAll(analyzeDocument(text))), '[agents.a.tools]\nallowed = ["bash(git log)", "bash\uff08git status)"]\n');
});

test('a name in characters that only look like ASCII says so, and gets the suggestion of the letters they look like', () => {
  const message = (entry: string) => documentFindings(analyzeDocument(`[agents.a.tools]\nallowed = [${JSON.stringify(entry)}]\n`)).find((f) => f.code === 'unknown-tool')!.message;
  assert.match(message('TAS\u212A'), /It holds U\+212A, which looks like `K` but is not an ASCII character\. Did you mean `task`\? Mars passes/);
  assert.match(message('\uff22\uff21\uff33\uff28(ls)'), /It holds U\+FF22, which looks like `B` but is not an ASCII character\. Did you mean `bash`\? Mars passes/);
  assert.doesNotMatch(message('r\u00e9ad'), /looks like/, 'é is a letter of its own, not a look-alike');
});

test('a scoped entry written without its parentheses gets the entry it most likely means: a guess, preferred, not in fix-all', () => {
  const CASES: Array<[entry: string, meant: string | null]> = [
    ['skill:init', 'skill(init)'],
    ['Bash: npm test', 'bash(npm test)'],
    ['bash git log', 'bash(git log)'],
    ['shell:ls', 'bash(ls)'], // an alias, written as Mars writes it
    ['read ./src/**', 'read(./src/**)'],
    // A path's `/` is the path's: an absolute path stays one, not made relative to the project.
    ['read /etc/passwd', 'read(/etc/passwd)'],
    ['Edit/src/**', 'edit(/src/**)'],
    ['write: /tmp/x', 'write(/tmp/x)'],
    ['bash/ls', 'bash(ls)'], // not a path: the `/` only parts the name from the pattern
    ['bash /usr/bin/ls -la', 'bash(/usr/bin/ls -la)'], // after a blank, a `/` is the pattern's whatever it scopes
    ['skill: /x', 'skill(/x)'],
    ['workflow:deploy', 'workflow(deploy)'], // a workflow by name, as a skill
    ['mcp:github', 'mcp(github)'],
    ['mcp/github/get_issue', 'mcp(github/get_issue)'],
    ['task list', 'task'], // task takes no pattern: the name it is nearest
    ['grep:', 'grep'], // nothing after the separator: the name alone
    ['mcp:a/b/c', null], // no reference Mars takes
    ['skill:init(x)', null], // a pattern written already: `skill(init)(x)` would be no name Mars takes
    // web_fetch scopes a host as `domain:host`: a bare host gets the prefix (as written, `docs.rs`
    // would be a URL glob, which no URL fetched matches); a URL glob or a pattern with it is kept.
    ['web_fetch:docs.rs', 'web_fetch(domain:docs.rs)'],
    ['web_fetch:localhost', 'web_fetch(domain:localhost)'], // a host of one label is a host too
    ['WebFetch: docs.rs', 'web_fetch(domain:docs.rs)'],
    ['webfetch docs.rs', 'web_fetch(domain:docs.rs)'],
    ['curl/api.github.com', 'web_fetch(domain:api.github.com)'],
    ['fetch *.docs.rs', 'web_fetch(domain:*.docs.rs)'],
    ['web_fetch:domain:docs.rs', 'web_fetch(domain:docs.rs)'],
    ['web_fetch https://docs.rs/*', 'web_fetch(https://docs.rs/*)'],
    ['web_fetch:docs.rs/*', 'web_fetch(docs.rs/*)'],
    ['web_fetch:*', 'web_fetch(*)'],
  ];
  for (const [entry, meant] of CASES) {
    const text = `[agents.a.tools]\nallowed = [${JSON.stringify(entry)}]\n`;
    const f = documentFindings(analyzeDocument(text)).find((x) => x.code === 'unknown-tool');
    assert.ok(f, entry);
    if (meant === null) {
      assert.doesNotMatch(f.message, /Did you mean/, entry);
      continue;
    }
    assert.ok(f.message.includes(`. Did you mean \`${meant}\`? Mars passes the entry on `), `${entry}: ${f.message}`);
    assert.deepEqual(f.fixes.map((x) => [x.title, x.preferred, x.safe]), [[`Change to \`${meant}\``, true, false]], entry);
    const after = applyEdits(text, f.fixes[0]!.edits);
    assert.equal(after, `[agents.a.tools]\nallowed = [${JSON.stringify(meant)}]\n`, entry);
    assert.deepEqual(documentFindings(analyzeDocument(after)), [], entry);
  }
});

// One rule for every fix that writes another value for an entry: where the entry's list already
// holds what the value means, the entry is removed instead (written, it would be a duplicate); where
// the other list of its policy does, the fix is still offered, but neither preferred nor in fix-all,
// and its title says so (written, it would be an allow/deny conflict). Its message says the same.
// [the tools table, code, the entry fixed, how its message ends, its fix: title, preferred, safe; the table after it]
const WHAT_A_FIX_LEADS_TO: Array<[table: string, code: Code, entry: string, says: string, fix: [string, boolean, boolean], after: string]> = [
  ['allowed = ["Bash: ls", "bash(ls)"]', 'unknown-tool', 'Bash: ls', 'It looks like `bash(ls)`, which this list already holds, so this entry can go.',
    ['Remove `Bash: ls`: the list already holds `bash(ls)`', true, false], 'allowed = ["bash(ls)"]'],
  ['allowed = ["bassh", "bash"]', 'unknown-tool', 'bassh', 'It looks like `bash`, which this list already holds, so this entry can go.',
    ['Remove `bassh`: the list already holds `bash`', true, false], 'allowed = ["bash"]'],
  ['allowed = ["bash", "bassh"]', 'unknown-tool', 'bassh', '`bassh`. It looks like `bash`, which this list already holds, so this entry can go. Mars passes the entry on as written, so only a harness with a tool of that name applies it.',
    ['Remove `bassh`: the list already holds `bash`', true, false], 'allowed = ["bash"]'],
  // Held by meaning, in another spelling: that entry's own finding stays, as it was.
  ['allowed = ["Bassh(git log:*)", "Shell(git log *)"]', 'unknown-tool', 'Bassh(git log:*)', 'It looks like `bash(git log *)`, which this list already holds, so this entry can go.',
    ['Remove `Bassh(git log:*)`: the list already holds `Shell(git log *)`', true, false], 'allowed = ["Shell(git log *)"]'],
  ['allowed = ["mcp__gh__x", "mcp(gh/x)"]', 'mcp-wire-token', 'mcp__gh__x', 'Claude-only MCP wire spelling of `mcp(gh/x)`, which this list already holds, so this entry can go.',
    ['Remove `mcp__gh__x`: the list already holds `mcp(gh/x)`', true, true], 'allowed = ["mcp(gh/x)"]'],
  // Held in two spellings: the title names the first.
  ['allowed = ["Grep", "grep", "grpe"]', 'unknown-tool', 'grpe', 'It looks like `grep`, which this list already holds, so this entry can go.',
    ['Remove `grpe`: the list already holds `Grep`', true, false], 'allowed = ["Grep", "grep"]'],
  // Mars's own text, which offers no value: it stays as it is.
  ['allowed = ["bash", "bash("]', 'invalid-tool-name', 'bash(', 'with a non-empty pattern',
    ['Remove `bash(`: the list already holds `bash`', true, true], 'allowed = ["bash"]'],
  // Held by the other list of the policy: written, a conflict; offered, but not preferred, nor in fix-all.
  ['allowed = ["bassh"]\ndisallowed = ["bash"]', 'unknown-tool', 'bassh', 'Did you mean `bash`? `disallowed` holds `bash`, so `bash` here would be both allowed and disallowed.',
    ['Change to `bash` (a conflict: `disallowed` holds `bash`)', false, false], 'allowed = ["bash"]\ndisallowed = ["bash"]'],
  ['allowed = ["Shell"]\ndisallowed = ["Bassh(git log:*)"]', 'unknown-tool', 'Bassh(git log:*)', 'Did you mean `bash`?',
    ['Change to `bash(git log *)`', true, false], 'allowed = ["Shell"]\ndisallowed = ["bash(git log *)"]'],
  // Another harness's name: its capability, the pattern kept as Mars writes it.
  ['disallowed = ["run_terminal_cmd(git log:*)"]', 'unknown-tool', 'run_terminal_cmd(git log:*)', "Did you mean `bash` (Cursor's `run_terminal_cmd`)?",
    ['Change to `bash(git log *)`', true, false], 'disallowed = ["bash(git log *)"]'],
  ['allowed = ["list_dir"]\ndisallowed = ["ls"]', 'unknown-tool', 'list_dir', "Did you mean `ls` (Cursor's `list_dir`)? `disallowed` holds `ls`, so `ls` here would be both allowed and disallowed.",
    ['Change to `ls` (a conflict: `disallowed` holds `ls`)', false, false], 'allowed = ["ls"]\ndisallowed = ["ls"]'],
  ['allowed = ["ExitPlanMode", "plan_mode"]', 'unknown-tool', 'ExitPlanMode', "It looks like `plan_mode` (Claude's `ExitPlanMode`), which this list already holds, so this entry can go.",
    ['Remove `ExitPlanMode`: the list already holds `plan_mode`', true, false], 'allowed = ["plan_mode"]'],
  ['allowed = ["Shell"]\ndisallowed = ["bassh"]', 'unknown-tool', 'bassh', 'Did you mean `bash`? `allowed` holds `Shell`, so `bash` here would be both allowed and disallowed.',
    ['Change to `bash` (a conflict: `allowed` holds `Shell`)', false, false], 'allowed = ["Shell"]\ndisallowed = ["bash"]'],
  ['allowed = ["mcp__gh__x"]\ndisallowed = ["mcp(gh/x)"]', 'mcp-wire-token', 'mcp__gh__x', 'write `mcp(gh/x)` so every harness applies it. `disallowed` holds `mcp(gh/x)`, so `mcp(gh/x)` here would be both allowed and disallowed.',
    ['Change to `mcp(gh/x)` (a conflict: `disallowed` holds `mcp(gh/x)`)', false, false], 'allowed = ["mcp(gh/x)"]\ndisallowed = ["mcp(gh/x)"]'],
  // The other list holds the entry as written too: the conflict is there already (allow-deny-conflict
  // says so), and the message says it is, not that the fix would make it.
  ['disallowed = ["mcp__gh__x"]\nallowed = ["mcp__gh__x", "mcp(gh/x)"]', 'mcp-wire-token', 'mcp__gh__x', 'write `mcp(gh/x)` so every harness applies it. `allowed` holds `mcp(gh/x)` as well as `mcp__gh__x`, so this entry is both allowed and disallowed, as written or as `mcp(gh/x)`.',
    ['Change to `mcp(gh/x)` (a conflict: `allowed` holds `mcp(gh/x)`)', false, false], 'disallowed = ["mcp(gh/x)"]\nallowed = ["mcp__gh__x", "mcp(gh/x)"]'],
  ['disallowed = ["bassh"]\nallowed = ["bassh", "bash"]', 'unknown-tool', 'bassh', 'Did you mean `bash`? `allowed` holds `bash` as well as `bassh`, so this entry is both allowed and disallowed, as written or as `bash`.',
    ['Change to `bash` (a conflict: `allowed` holds `bash`)', false, false], 'disallowed = ["bash"]\nallowed = ["bassh", "bash"]'],
  ['allowed = ["bash("]\ndisallowed = ["bash"]', 'invalid-tool-name', 'bash(', 'with a non-empty pattern',
    ['Change to `bash` (a conflict: `disallowed` holds `bash`)', false, false], 'allowed = ["bash"]\ndisallowed = ["bash"]'],
  // The other list holds it once fix-all fixed it (its entry's own safe fix writes what the value means): each fix
  // judged against the other list as written, fix-all wrote both and made the conflict. Now a conflict, said of both.
  ['allowed = ["bash("]\ndisallowed = ["bash()"]', 'invalid-tool-name', 'bash(', 'with a non-empty pattern',
    ['Change to `bash` (a conflict: `disallowed` holds `bash()`, fixed to `bash`)', false, false], 'allowed = ["bash"]\ndisallowed = ["bash()"]'],
  ['allowed = ["bash("]\ndisallowed = ["bash()"]', 'invalid-tool-name', 'bash()', 'with a non-empty pattern',
    ['Change to `bash` (a conflict: `allowed` holds `bash(`, fixed to `bash`)', false, false], 'allowed = ["bash("]\ndisallowed = ["bash"]'],
  ['allowed = ["mcp__gh__x"]\ndisallowed = ["mcp(gh/x"]', 'mcp-wire-token', 'mcp__gh__x',
    'write `mcp(gh/x)` so every harness applies it. `disallowed` holds `mcp(gh/x`, which its fix makes `mcp(gh/x)`, so `mcp(gh/x)` here would be both allowed and disallowed.',
    ['Change to `mcp(gh/x)` (a conflict: `disallowed` holds `mcp(gh/x`, fixed to `mcp(gh/x)`)', false, false], 'allowed = ["mcp(gh/x)"]\ndisallowed = ["mcp(gh/x"]'],
  ['allowed = ["mcp__gh__x"]\ndisallowed = ["mcp(gh/x"]', 'invalid-tool-name', 'mcp(gh/x', 'segments non-empty)',
    ['Change to `mcp(gh/x)` (a conflict: `allowed` holds `mcp__gh__x`, fixed to `mcp(gh/x)`)', false, false], 'allowed = ["mcp__gh__x"]\ndisallowed = ["mcp(gh/x)"]'],
  // Fixed in the other list by a fix that is no safe one (a did-you-mean): not what fix-all writes, no conflict.
  ['allowed = ["bash("]\ndisallowed = ["bassh"]', 'invalid-tool-name', 'bash(', 'with a non-empty pattern',
    ['Change to `bash`', true, true], 'allowed = ["bash"]\ndisallowed = ["bassh"]'],
  // Held by both lists: the conflict is there already, and removing the entry changes nothing.
  ['allowed = ["bash", "bassh"]\ndisallowed = ["bash"]', 'unknown-tool', 'bassh', 'It looks like `bash`, which this list already holds, so this entry can go.',
    ['Remove `bassh`: the list already holds `bash`', true, false], 'allowed = ["bash"]\ndisallowed = ["bash"]'],
  // Another owner's list is no conflict.
  ['allowed = ["bassh"]\n[agents.b.tools]\ndisallowed = ["bash"]', 'unknown-tool', 'bassh', 'Did you mean `bash`?',
    ['Change to `bash`', true, false], 'allowed = ["bash"]\n[agents.b.tools]\ndisallowed = ["bash"]'],
  // A spelling Mars rewrites means what the other entry means already: that is the duplicate's, or
  // the conflict's, own finding, which is there before the fix as after it.
  ['allowed = ["Bash", "bash"]', 'non-canonical', 'Bash', 'Mars spells `Bash` as `bash`.', ['Change to `bash`', true, true], 'allowed = ["bash", "bash"]'],
  ['allowed = ["Bash"]\ndisallowed = ["bash"]', 'non-canonical', 'Bash', 'Mars spells `Bash` as `bash`.', ['Change to `bash`', true, true], 'allowed = ["bash"]\ndisallowed = ["bash"]'],
  // A map-form rule moved into its list: the same rule (its removal, where the list holds it, is the duplicate's).
  // What a list holds is said as it spells it, not as the entry moved in is spelt.
  ['disallowed = ["Shell"]\nbash = "allow"', 'unknown-policy-key', 'bash', 'so this rule has no effect. `disallowed` holds "Shell", so in `allowed` it would be both allowed and disallowed.',
    ['Move "bash" into `allowed` (a conflict: `disallowed` holds "Shell")', false, false], 'disallowed = ["Shell"]\nallowed = ["bash"]'],
  ['disallowed = ["MCP( github )"]\nmcp = ["github"]', 'invalid-tool-policy', 'mcp', 'as `mcp(server)` or `mcp(server/tool)`.',
    ['Move "mcp(github)" into `allowed` (a conflict: `disallowed` holds "MCP( github )")', false, false], 'disallowed = ["MCP( github )"]\nallowed = ["mcp(github)"]'],
  // Held by the other list once fix-all fixed it (`bash()` -> `bash`): the move would make the conflict with it.
  ['disallowed = ["bash()"]\nbash = "allow"', 'unknown-policy-key', 'bash', 'so this rule has no effect. `disallowed` holds "bash()", fixed to "bash", so in `allowed` it would be both allowed and disallowed.',
    ['Move "bash" into `allowed` (a conflict: `disallowed` holds "bash()", fixed to "bash")', false, false], 'disallowed = ["bash()"]\nallowed = ["bash"]'],
  ['disallowed = ["mcp(github"]\nmcp = ["github"]', 'invalid-tool-policy', 'mcp', 'as `mcp(server)` or `mcp(server/tool)`.',
    ['Move "mcp(github)" into `allowed` (a conflict: `disallowed` holds "mcp(github", fixed to "mcp(github)")', false, false], 'disallowed = ["mcp(github"]\nallowed = ["mcp(github)"]'],
  ['disallowed = ["bash(git *"]\nbash = { "git *" = "allow" }', 'unknown-policy-key', 'bash', 'so this rule has no effect. `disallowed` holds "bash(git *", fixed to "bash(git *)", so in `allowed` it would be both allowed and disallowed.',
    ['Move "bash(git *)" into `allowed` (a conflict: `disallowed` holds "bash(git *", fixed to "bash(git *)")', false, false], 'disallowed = ["bash(git *"]\nallowed = ["bash(git *)"]'],
  ['allowed = ["read"]\ndisallowed = ["bash"]\nbash = "allow"', 'unknown-policy-key', 'bash', 'so this rule has no effect. `disallowed` holds "bash", so in `allowed` it would be both allowed and disallowed.',
    ['Move "bash" into `allowed` (a conflict: `disallowed` holds "bash")', false, false], 'allowed = ["read", "bash"]\ndisallowed = ["bash"]'],
  ['allowed = ["bash"]\ndisallowed = ["bash"]\nbash = "allow"', 'unknown-policy-key', 'bash', 'so this rule has no effect; `allowed` already holds "bash", so the key can go.',
    ['Remove `bash`: `allowed` already holds "bash"', true, true], 'allowed = ["bash"]\ndisallowed = ["bash"]'],
  // OpenCode's table of patterns below a tool (`bash = { "git *" = "allow" }`): each rule Mars reads moved as the entry
  // `tool(pattern)` (`"*"`: the tool), in its spelling; `"ask"`, which Mars has no equivalent of, and a rule whose entry Mars
  // rejects left in place. The same rules: what a list holds is not moved again, and a conflict is said and not preferred.
  ['bash = { "git *" = "allow", "rm *" = "deny", "*" = "ask" }', 'unknown-policy-key', 'bash',
    'so these rules have no effect. Put "bash(git *)" in `allowed` and "bash(rm *)" in `disallowed` instead. `"*" = "ask"` has no Mars equivalent and is left as it is.',
    ['Move "bash(git *)" into `allowed` and "bash(rm *)" into `disallowed`', true, false], 'allowed = ["bash(git *)"]\ndisallowed = ["bash(rm *)"]\nbash = { "*" = "ask" }'],
  ['edit = { "*.md" = true, "*" = false }', 'unknown-policy-key', 'edit', 'so these rules have no effect. Put "edit(*.md)" in `allowed` and "edit" in `disallowed` instead.',
    ['Move "edit(*.md)" into `allowed` and "edit" into `disallowed`', true, false], 'allowed = ["edit(*.md)"]\ndisallowed = ["edit"]'],
  ['Bash = { "git log:*" = "Deny" }', 'unknown-policy-key', 'Bash', 'so this rule has no effect. Put "bash(git log *)" in `disallowed` instead.',
    ['Move "bash(git log *)" into `disallowed`', true, false], 'disallowed = ["bash(git log *)"]'],
  ['bash = { "" = "allow", "git *" = "allow" }', 'unknown-policy-key', 'bash',
    'so these rules have no effect. Put "bash(git *)" in `allowed` instead. Mars would reject "bash()" as a tool name, so `"" = "allow"` is left too.',
    ['Move "bash(git *)" into `allowed`', true, false], 'allowed = ["bash(git *)"]\nbash = { "" = "allow" }'],
  ['allowed = ["Bash(git *)"]\nbash = { "git *" = "allow", "rm *" = "deny" }', 'unknown-policy-key', 'bash',
    'so these rules have no effect. Put "bash(rm *)" in `disallowed` instead (`allowed` already holds "Bash(git *)").',
    ['Move "bash(rm *)" into `disallowed` (`allowed` already holds "Bash(git *)")', true, false], 'allowed = ["Bash(git *)"]\ndisallowed = ["bash(rm *)"]'],
  ['allowed = ["read"]\nbash = { "git *" = "allow", "*" = "ask" }', 'unknown-policy-key', 'bash',
    'so these rules have no effect. Put "bash(git *)" in `allowed` instead. `"*" = "ask"` has no Mars equivalent and is left as it is.',
    ['Move "bash(git *)" into `allowed`', true, false], 'allowed = ["read", "bash(git *)"]\nbash = { "*" = "ask" }'],
  // Over lines, with a comment or none (TOML 1.1): the rule moved taken out alone, the comment and the rule left kept.
  ['allowed = ["read"]\nbash = { # from opencode\n  "git *" = "allow",\n  "*" = "ask"\n}', 'unknown-policy-key', 'bash',
    'so these rules have no effect. Put "bash(git *)" in `allowed` instead. `"*" = "ask"` has no Mars equivalent and is left as it is.',
    ['Move "bash(git *)" into `allowed`', true, false], 'allowed = ["read", "bash(git *)"]\nbash = { # from opencode\n  "*" = "ask"\n}'],
  ['allowed = ["read"]\nbash = {\n  "git *" = "allow",\n  "*" = "ask"\n}', 'unknown-policy-key', 'bash',
    'so these rules have no effect. Put "bash(git *)" in `allowed` instead. `"*" = "ask"` has no Mars equivalent and is left as it is.',
    ['Move "bash(git *)" into `allowed`', true, false], 'allowed = ["read", "bash(git *)"]\nbash = {\n  "*" = "ask"\n}'],
  // Held already: taking the rule out changes nothing Mars reads, so fix-all does it.
  ['allowed = ["bash(git *)"]\nbash = { "git *" = "allow", "*" = "ask" }', 'unknown-policy-key', 'bash',
    'so these rules have no effect; `allowed` already holds "bash(git *)", so `"git *" = "allow"` can go. `"*" = "ask"` has no Mars equivalent and is left as it is.',
    ['Remove `"git *" = "allow"`: `allowed` already holds "bash(git *)"', true, true], 'allowed = ["bash(git *)"]\nbash = { "*" = "ask" }'],
  ['disallowed = ["bash"]\nbash = { "*" = "allow", "git *" = "deny" }', 'unknown-policy-key', 'bash',
    'so these rules have no effect. `disallowed` holds "bash", so in `allowed` it would be both allowed and disallowed.',
    ['Move "bash" into `allowed` and "bash(git *)" into `disallowed` (a conflict: `disallowed` holds "bash")', false, false], 'disallowed = ["bash", "bash(git *)"]\nallowed = ["bash"]'],
  // A list under a misspelt key, renamed or moved into the list: the same rule.
  ['allowed = ["bash"]\ndeny = ["bash"]', 'unknown-policy-key', 'deny', 'Did you mean `disallowed`? `allowed` holds "bash", so in `disallowed` it would be both allowed and disallowed.',
    ['Rename to `disallowed` (a conflict: `allowed` holds "bash")', false, false], 'allowed = ["bash"]\ndisallowed = ["bash"]'],
  ['allowed = ["grep"]\ndisallowed = ["web"]\nDisallowed = ["grep", "read"]', 'unknown-policy-key', 'Disallowed', 'Did you mean `disallowed`? `allowed` holds "grep", so in `disallowed` it would be both allowed and disallowed.',
    ['Move the entries of `Disallowed` into `disallowed` (a conflict: `allowed` holds "grep")', false, false], 'allowed = ["grep"]\ndisallowed = ["web", "grep", "read"]'],
  // A string written for a list, made a list of what the other list holds: the same rule.
  ['allowed = "read"\ndisallowed = ["read"]', 'invalid-tool-policy', '"read"', '`disallowed` holds "read", so in `allowed` it would be both allowed and disallowed.',
    ['Change to `["read"]` (a conflict: `disallowed` holds "read")', false, false], 'allowed = ["read"]\ndisallowed = ["read"]'],
  // The other list written as a string of one name too, which fix-all makes a list in the same pass: it holds that
  // name (each judged against a string, which holds no entry, fix-all made both lists, or moved `tools.mcp` beside
  // the list made, and so the conflict). Not names between commas, which fix-all does not make a list.
  ['allowed = "read"\ndisallowed = "read"', 'invalid-tool-policy', '"read"', '`disallowed` holds "read", so in `allowed` it would be both allowed and disallowed.',
    ['Change to `["read"]` (a conflict: `disallowed` holds "read")', false, false], 'allowed = ["read"]\ndisallowed = "read"'],
  ['disallowed = "Read"\nallowed = "read"', 'invalid-tool-policy', '"read"', '`disallowed` holds "Read", so in `allowed` it would be both allowed and disallowed.',
    ['Change to `["read"]` (a conflict: `disallowed` holds "Read")', false, false], 'disallowed = "Read"\nallowed = ["read"]'],
  ['disallowed = "mcp(gh)"\nmcp = ["gh"]', 'invalid-tool-policy', 'mcp', 'as `mcp(server)` or `mcp(server/tool)`.',
    ['Move "mcp(gh)" into `allowed` (a conflict: `disallowed` holds "mcp(gh)")', false, false], 'disallowed = "mcp(gh)"\nallowed = ["mcp(gh)"]'],
  // One name with a stray comma is made that list by fix-all too (`["mcp(gh)"]`): it holds the name.
  ['disallowed = "mcp(gh),"\nmcp = ["gh"]', 'invalid-tool-policy', 'mcp', 'as `mcp(server)` or `mcp(server/tool)`.',
    ['Move "mcp(gh)" into `allowed` (a conflict: `disallowed` holds "mcp(gh),")', false, false], 'disallowed = "mcp(gh),"\nallowed = ["mcp(gh)"]'],
  ['allowed = "read"\ndisallowed = "Read, Edit"', 'invalid-tool-policy', '"read"', 'such as `allowed = ["read"]`.', ['Change to `["read"]`', true, true], 'allowed = ["read"]\ndisallowed = "Read, Edit"'],
  ['disallowed = "bash("\nallowed = "bash"', 'invalid-tool-policy', '"bash"', 'such as `allowed = ["bash"]`.', ['Change to `["bash"]`', true, true], 'disallowed = "bash("\nallowed = ["bash"]'],
  ['allowed = ["grep"]\ndeny = ["read"]', 'unknown-policy-key', 'deny', 'Did you mean `disallowed`?', ['Rename to `disallowed`', true, false], 'allowed = ["grep"]\ndisallowed = ["read"]'],
  // A string under a misspelt key, where the list goes: renamed in brackets, or moved into the list written.
  ['allowed = ["grep"]\ndeny = "read"', 'unknown-policy-key', 'deny', 'Did you mean `disallowed = ["read"]`?',
    ['Rename to `disallowed`, and change `"read"` to `["read"]`', true, false], 'allowed = ["grep"]\ndisallowed = ["read"]'],
  ['disallowed = ["web"]\nDeny = "read"', 'unknown-policy-key', 'Deny', 'Did you mean `disallowed = ["read"]`?', ['Move "read" into `disallowed`', true, false], 'disallowed = ["web", "read"]'],
  // Strings with commas between there (a syntax error): renamed as the list they make, which mends the error; a
  // trailing comma left out of it. Not in fix-all, as the rename of one string is not.
  ['allowed = ["edit"]\ndeny = "read", "grep"', 'unknown-policy-key', 'deny', 'Did you mean `disallowed = ["read", "grep"]`?',
    ['Rename to `disallowed`, and change `"read", "grep"` to `["read", "grep"]`', true, false], 'allowed = ["edit"]\ndisallowed = ["read", "grep"]'],
  ['allowed = ["edit"]\ndeny = "read", \'grep\', # c', 'unknown-policy-key', 'deny', 'Did you mean `disallowed = ["read", \'grep\']`?',
    ['Rename to `disallowed`, and change `"read", \'grep\',` to `["read", \'grep\']`', true, false], 'allowed = ["edit"]\ndisallowed = ["read", \'grep\'] # c'],
  ['allowed = ["grep"]\ndeny = "read", "grep"', 'unknown-policy-key', 'deny', 'Did you mean `disallowed = ["read", "grep"]`? `allowed` holds "grep", so in `disallowed` it would be both allowed and disallowed.',
    ['Rename to `disallowed`, and change `"read", "grep"` to `["read", "grep"]` (a conflict: `allowed` holds "grep")', false, false], 'allowed = ["grep"]\ndisallowed = ["read", "grep"]'],  // The tools table written again inside it, then a list (`tools.allowed`), or Claude Code's settings pasted in (their
  // JSON's `"permissions": { "allow": … }` written as TOML): the list meant, said of the whole key.
  // `tools = […]` in the tools table: Claude's agent `tools:`, the tools allowed, as beside the table.
  ['tools = ["read"]', 'unknown-policy-key', 'tools', 'Did you mean `allowed`?', ['Rename to `allowed`', true, false], 'allowed = ["read"]'],
  ['permissions.allow = ["read"]\npermissions.deny = ["web"]', 'unknown-policy-key', 'permissions.allow', 'Did you mean `allowed`?',
    ['Rename `permissions.allow` to `allowed`', true, false], 'allowed = ["read"]\npermissions.deny = ["web"]'],
  ['allowed = ["grep"]\npermissions.allow = ["read", "bash"]', 'unknown-policy-key', 'permissions.allow', 'Did you mean `allowed`?',
    ['Move the entries of `permissions.allow` into `allowed`', true, false], 'allowed = ["grep", "read", "bash"]'],
  ['allowed = ["web"]\ntools.deny = ["web"]', 'unknown-policy-key', 'tools.deny', 'Did you mean `disallowed`? `allowed` holds "web", so in `disallowed` it would be both allowed and disallowed.',
    ['Rename `tools.deny` to `disallowed` (a conflict: `allowed` holds "web")', false, false], 'allowed = ["web"]\ndisallowed = ["web"]'],
];
for (const [table, code, entry, says, fix, after] of WHAT_A_FIX_LEADS_TO) {
  test(`what a fix leads to: ${code} on ${entry} in ${table.replace(/\n/g, ' / ')}`, () => {
    const text = `[agents.a.tools]\n${table}\n`;
    const findings = documentFindings(analyzeDocument(text));
    const f = findings.find((x) => x.code === code && text.slice(x.span.start, x.span.end) === entry);
    assert.ok(f, `no ${code}`);
    // An unknown name's message says what Mars passes on last, after what the fix leads to.
    // So does a key Mars ignores why it does, after what to do with it.
    const said = code === 'unknown-tool' ? f.message.replace(/ Mars passes the entry on (as written|as `[^`]*`), so only a harness with a tool of that name applies it\.$/, '')
      : code === 'unknown-policy-key' ? f.message.replace(/ A tools table holds only `allowed` and `disallowed` lists\.$/, '') : f.message;
    assert.ok(said.endsWith(says) || f.message.endsWith(says), f.message);
    // A key Mars ignores can be removed besides (see IGNORED_KEY_REMOVALS).
    const removal = code === 'unknown-policy-key' ? [`Remove \`${entry}\``] : [];
    assert.deepEqual(f.fixes.map((x) => [x.title, x.preferred, x.safe]).filter(([t]) => !removal.includes(t as string)), [fix]);
    const fixed = applyEdits(text, f.fixes[0]!.edits);
    assert.equal(fixed, `[agents.a.tools]\n${after}\n`);
    // Nothing new but what the title says: the conflict it names. The entry's other findings (the
    // spelling Mars passes an unknown name on in) go with the entry the fix rewrites.
    const codes = (t: string) => documentFindings(analyzeDocument(t)).map((x) => x.code).filter((c) => c !== code).sort();
    // So does the syntax error a fix mends (`allowed = "read", "grep"` made a list).
    const mended = (x: Finding) => x.code === 'toml-syntax' && f.fixes[0]!.clearsSyntax === true && f.fixes[0]!.edits.some((e) => e.start <= x.span.start && x.span.start < e.end);
    const before = findings.filter((x) => x !== f && x.code !== code && !(x.span.start === f.span.start && x.span.end === f.span.end) && !mended(x)).map((x) => x.code);
    // A conflict with an entry once fix-all fixed it is made when that is fixed, not by this fix alone.
    // So is one with a list written as a string (`disallowed = "read"`), made when that is made a list.
    const made = fix[0].includes('a conflict') && !fix[0].includes(', fixed to ') && !/^(allowed|disallowed) = "/m.test(after);
    assert.deepEqual(codes(fixed), [...before, ...(made ? ['allow-deny-conflict'] : [])].sort());
    // Fix-all applies it only where it is safe.
    const all = applyEdits(text, documentFixAll(analyzeDocument(text)));
    if (fix[2]) assert.equal(all, `[agents.a.tools]\n${after.replace('"bash", "bash"', '"bash"')}\n`);
    else assert.notEqual(all, `[agents.a.tools]\n${after}\n`);
  });
}

// A conflict written (`mcp__gh__*` in both lists) is kept by fix-all rewriting both entries (`mcp(gh)`): it makes none,
// so the other list's entry, fixed, counts for no conflict there; one that holds the value only once fixed does.
for (const [table, after] of [
  ['allowed = ["mcp__gh__*"]\ndisallowed = ["mcp__gh__*"]', 'allowed = ["mcp(gh)"]\ndisallowed = ["mcp(gh)"]'],
  ['allowed = ["bash("]\ndisallowed = ["bash()"]', 'allowed = ["bash("]\ndisallowed = ["bash()"]'],
  ['allowed = ["mcp__gh__x"]\ndisallowed = ["mcp(gh/x"]', 'allowed = ["mcp__gh__x"]\ndisallowed = ["mcp(gh/x"]'],
  ['disallowed = ["mcp(gh"]\nmcp = ["gh"]', 'disallowed = ["mcp(gh)"]\nmcp = ["gh"]'],
  ['disallowed = ["bash()"]\nbash = "allow"', 'disallowed = ["bash"]\nbash = "allow"'],
] as const) {
  test(`fix-all makes no conflict of two fixes: ${table.replace(/\n/g, ' / ')}`, () => {
    const text = `[agents.a.tools]\n${table}\n`;
    assert.equal(applyEdits(text, documentFixAll(analyzeDocument(text))), `[agents.a.tools]\n${after}\n`);
  });
}

test('a list beside the tools table whose entries the other list holds: its message and fix say that, as `tools.disallowed`, it would make a conflict', () => {
  const text = '[agents.a]\ntools.allowed = ["read"]\ndisallowed = ["read", "grep"]\n';
  const f = documentFindings(analyzeDocument(text)).find((x) => x.code === 'misplaced-tool-list')!;
  assert.ok(f.message.endsWith('Did you mean `tools.disallowed`? `allowed` holds "read", so in `disallowed` it would be both allowed and disallowed.'), f.message);
  assert.deepEqual(f.fixes.map((x) => [x.title, x.preferred, x.safe]), [['Rename to `tools.disallowed` (a conflict: `allowed` holds "read")', false, false]]);
});

test('an entry read past a syntax error holds nothing a fix would remove an entry for: that reading is a guess', () => {
  // `"a"b"mcp(gh/x)"c"` pairs its quotes the wrong way: `"mcp(gh/x)"` reads as an entry, which the
  // string the user meant may not hold. Fix-all removed the wire token, the grant gone with it.
  const text = '[agents.a.tools]\nallowed = ["mcp__gh__x", "a"b"mcp(gh/x)"c"]\n';
  const da = analyzeDocument(text);
  const f = documentFindings(da).find((x) => x.code === 'mcp-wire-token');
  assert.deepEqual(f?.fixes.map((x) => x.title), ['Change to `mcp(gh/x)`']);
  assert.equal(applyEdits(text, documentFixAll(da)), '[agents.a.tools]\nallowed = ["mcp(gh/x)", "a"b"mcp(gh/x)"c"]\n');
  // Before the error, a held entry is read as Mars reads it.
  const before = '[agents.a.tools]\nallowed = ["mcp(gh/x)", "mcp__gh__x", "a"b"c"]\n';
  assert.equal(applyEdits(before, documentFixAll(analyzeDocument(before))), '[agents.a.tools]\nallowed = ["mcp(gh/x)", "a"b"c"]\n');
  // Past the error, where fix-all changes nothing, a quick fix asked for reads the lines below as written.
  const past = '[agents.a.tools]\nallowed = [\n  "a" "b",\n  "mcp(gh/x)",\n  "mcp__gh__x",\n]\n';
  const token = documentFindings(analyzeDocument(past)).find((x) => x.code === 'mcp-wire-token');
  assert.deepEqual(token?.fixes.map((x) => x.title), ['Remove `mcp__gh__x`: the list already holds `mcp(gh/x)`']);
});

// What a list already holds, where a syntax error is near: only what is read before an error that could
// change it. Before the section's first error, only what lies before it (fix-all applies those fixes);
// past it, not what lies past an error on its line (quotes pair the wrong way there), but the lines
// below it, which read as written. The model's message and fix, and the fix made again from a parse
// alone (`fixesFromParse`, a big section's lightbulb), say the same.
// [name, the text, the entry, how its message goes on, its fixes]
const HELD_NEAR_AN_ERROR: Array<[name: string, text: string, entry: string, says: string, fixes: string[]]> = [
  ['past the first error, not what follows a later error on its line', '[agents]\na.tools.allowed = ["read" "grep"]\nb.tools.allowed = ["grpe", "read" "grep"]\n',
    'grpe', 'Did you mean `grep`?', ['Change to `grep`']],
  ['the same list as the first error: the same', '[agents]\nb.tools.allowed = ["grpe", "read" "grep"]\n', 'grpe', 'Did you mean `grep`?', ['Change to `grep`']],
  ['past the first error, what comes before a later error on its line', '[agents]\na.tools.allowed = ["read" "grep"]\nb.tools.allowed = ["grep", "grpe", "read" "x"]\n',
    'grpe', 'It looks like `grep`, which this list already holds, so this entry can go.', ['Remove `grpe`: the list already holds `grep`']],
  ['past the first error, a line below a later error in a list over lines, read as written', '[agents]\na.tools.allowed = ["read" "grep"]\nb.tools.allowed = [\n  "grpe",\n  "read" "x",\n  "grep",\n]\n',
    'grpe', 'It looks like `grep`, which this list already holds, so this entry can go.', ['Remove `grpe`: the list already holds `grep`']],
  ['before the first error, nothing after it', '[agents.a.tools]\nallowed = [\n  "grpe",\n  "read" "x",\n  "grep",\n]\n', 'grpe', 'Did you mean `grep`?', ['Change to `grep`']],
  ['a wire token past the first error: not its spelling after a later error on its line', '[agents.a.tools]\nallowed = ["read" "x"]\ndisallowed = ["mcp__gh__x", "a" "mcp(gh/x)"]\n',
    'mcp__gh__x', 'write `mcp(gh/x)` so every harness applies it.', ['Change to `mcp(gh/x)`']],
  ['nor the other list of its policy, after the first error on its line', '[agents.a.tools]\nallowed = ["read" "grep"]\ndisallowed = ["grpe"]\n', 'grpe', 'Did you mean `grep`?', ['Change to `grep`']],
  // The other list's entry past the first error, which fix-all leaves as written (`bash()`, no meaning): no conflict to say.
  ['nor what the other list\'s entry past the first error is once fixed: fix-all does not fix it', '[agents.a.tools]\nallowed = ["bash("]\ndisallowed = [\n  "x" "y",\n  "bash()",\n]\n',
    'bash(', 'with a non-empty pattern', ['Change to `bash`']],
  // Claude's old `Task`: its second fix, `agent`, by the same rule.
  ['the second fix of Claude\'s old Task, past the first error', '[agents]\na.tools.allowed = ["read" "grep"]\nb.tools.allowed = ["agent", "Task", "read" "x"]\n',
    'Task', 'which Mars calls `agent`.', ['Change to `task`', 'Remove `Task`: the list already holds `agent`']],
  ['the second fix of Claude\'s old Task, before the first error', '[agents.a.tools]\nallowed = [\n  "Task",\n  "read" "x",\n  "agent",\n]\n',
    'Task', 'which Mars calls `agent`.', ['Change to `task`', 'Change to `agent`']],
];
for (const [name, text, entry, says, titles] of HELD_NEAR_AN_ERROR) {
  test(`what a list holds near a syntax error: ${name}`, () => {
    const analysis = analyze(text);
    const f = analysis.findings.find((x) => text.slice(x.span.start, x.span.end) === entry && x.fixes.length > 0);
    assert.ok(f, `no finding with a fix on ${entry}`);
    const said = f.message.replace(/ Mars passes the entry on (as written|as `[^`]*`), so only a harness with a tool of that name applies it\.$/, '');
    assert.ok(said.endsWith(says), f.message);
    assert.deepEqual(f.fixes.map((x) => x.title), titles);
    assert.deepEqual(fixesFromParse(parseToml(text), new VerdictMemo(), 'replacement', f.code, f.span, analysis), f.fixes);
  });
}

test('names are never moved onto a line a mars-ignore silences: where a table written inline leaves them no line of their own, no move', () => {
  const fixTitles = (text: string, code: string) => documentFindings(analyzeDocument(text)).filter((f) => f.code === code).flatMap((f) => f.fixes.map((x) => x.title));
  const misplaced = (comment: string) => `[agents.x]\ntools = { allowed = ["read"] }${comment}\nallowed = ["mytool"]\n`;
  assert.ok(fixTitles(misplaced(''), 'misplaced-tool-list').some((t) => t.startsWith('Move the entries')), 'moved when nothing silences the line');
  assert.deepEqual(fixTitles(misplaced('  # mars-ignore: unknown-tool'), 'misplaced-tool-list').filter((t) => t.startsWith('Move')), []);
  const mapForm = (comment: string) => `[agents.x]\n${comment}tools = { allowed = ["read", "MyTool"], Foo = "allow" }\n`;
  assert.ok(fixTitles(mapForm(''), 'unknown-policy-key').some((t) => t.startsWith('Move')), 'moved when nothing silences the line');
  assert.deepEqual(fixTitles(mapForm('# mars-ignore: unknown-tool\n'), 'unknown-policy-key').filter((t) => t.startsWith('Move')), []);
  // Fix-all's move of `tools.mcp` too: the entry it would make stays a finding to see, not one silenced.
  const mcp = '[agents.x]\n# mars-ignore: illegal-char\ntools = { allowed = ["read"], mcp = ["a,b"] }\n';
  assert.deepEqual(documentFixAll(analyzeDocument(mcp)), []);
  assert.notDeepEqual(documentFixAll(analyzeDocument(mcp.replace('# mars-ignore: illegal-char\n', ''))), [], 'moved when nothing silences the line');
});

// A respelling of a multi-line string writes its value up to the closing quotes. Where the line they close on holds a
// mars-ignore, which speaks of that line alone (not of the entry on the line above), the entry would join that line and
// come under the comment: `my_tool`'s unknown-tool was silenced. There the line break stays, after a line-ending
// backslash (TOML reads it as nothing); a literal string, which has none, is written as a basic one.
const RESPELT_OVER_LINES: Array<[before: string, after: string, underTheComment?: boolean]> = [
  ['allowed = ["""\nMyTool\n""", "foo"]  # mars-ignore: unknown-tool\n', 'allowed = ["""\nmy_tool\\\n""", "foo"]  # mars-ignore: unknown-tool\n'],
  ['allowed = ["""\r\n  MyTool\r\n  """]  # mars-ignore: unknown-tool\r\n', 'allowed = ["""\r\nmy_tool\\\r\n  """]  # mars-ignore: unknown-tool\r\n'],
  ["allowed = ['''\nMyTool\n''']  # mars-ignore: unknown-tool\n", 'allowed = ["""\nmy_tool\\\n"""]  # mars-ignore: unknown-tool\n'],
  // The value on the closing line, after a line-ending backslash: written there, the backslash and the line break before
  // it kept (nothing TOML reads), so it stays on the line the comment speaks of, and no line is joined. So too below a
  // mars-ignore above the line the string opens on, which speaks of that line and the strings opened on it (`bash(`).
  ['allowed = ["""\\\n  MyTool""", "foo"]  # mars-ignore: unknown-tool\n', 'allowed = ["""\\\n  my_tool""", "foo"]  # mars-ignore: unknown-tool\n', true],
  ['# mars-ignore: invalid-tool-name\nallowed = ["""\\\n  MyTool""", """\nbash(\n"""]\n', '# mars-ignore: invalid-tool-name\nallowed = ["""\\\n  my_tool""", """\nbash(\n"""]\n'],
  // No mars-ignore on the closing line: written up to the quotes, as before.
  ['allowed = ["""\nMyTool\n""", "foo"]  # note\n', 'allowed = ["""\nmy_tool""", "foo"]  # note\n'],
  // A `#` in a string between the quotes and the comment is no comment (seed 18887); nor is a string that reads as one.
  ['allowed = ["""\nMyTool\n""", "#foo"]  # mars-ignore: unknown-tool\n', 'allowed = ["""\nmy_tool\\\n""", "#foo"]  # mars-ignore: unknown-tool\n'],
  ["allowed = ['''\nMyTool\n''', '#x', \"a\\\"#\"]  # mars-ignore: unknown-tool\n", 'allowed = ["""\nmy_tool\\\n""", \'#x\', "a\\"#"]  # mars-ignore: unknown-tool\n'],
  ['allowed = ["""\nMyTool\n""", "# mars-ignore: unknown-tool"]\n', 'allowed = ["""\nmy_tool""", "# mars-ignore: unknown-tool"]\n'],
];
for (const [before, after, underTheComment = false] of RESPELT_OVER_LINES) {
  test(`a respelling over lines keeps the line its closing quotes are on apart where a mars-ignore speaks of it: ${JSON.stringify(before)}`, () => {
    const text = `[agents.a.tools]\n${before}`;
    const f = documentFindings(analyzeDocument(text)).find((x) => x.code === 'non-canonical')!;
    const fixed = applyEdits(text, f.fixes.find((x) => x.title === 'Change to `my_tool`')!.edits);
    assert.equal(fixed, `[agents.a.tools]\n${after}`);
    // What it wrote is still said of it, or, on the comment's line as written, still silenced by it.
    assert.equal(documentFindings(analyzeDocument(fixed)).some((x) => x.code === 'unknown-tool' && fixed.slice(x.span.start, x.span.end) === 'my_tool'), !underTheComment);
  });
}

// A literal string whose value is on its closing line already (`'''` ⏎ `MyTool'''  # mars-ignore`): as it is, joining no
// line to the comment's, which still speaks of it (written as a basic string, the value moved to the line above,
// out from under the comment: a silenced duplicate of it became one shown).
test('a respelling of a literal string over lines whose value is on the closing line keeps it there', () => {
  const text = "[agents.a.tools]\nallowed = ['''\nMyTool''', \"x\"]  # mars-ignore: unknown-tool\n";
  const f = documentFindings(analyzeDocument(text)).find((x) => x.code === 'non-canonical')!;
  const fixed = applyEdits(text, f.fixes.find((x) => x.title === 'Change to `my_tool`')!.edits);
  assert.equal(fixed, "[agents.a.tools]\nallowed = ['''\nmy_tool''', \"x\"]  # mars-ignore: unknown-tool\n");
  assert.ok(!documentFindings(analyzeDocument(fixed)).some((x) => x.code === 'unknown-tool'));
});

// A value that holds a line break (`"""Shell` ⏎ `x"""`) is respelt with it escaped (`shell\nx`): on the line its
// quotes open on. Where a mars-ignore ends the closing line, that line stays apart in the same way.
const RESPELT_BREAK: Array<[before: string, after: string]> = [
  ['allowed = ["""Shell\nx""", "foo"]  # mars-ignore: unknown-tool\n', 'allowed = ["""shell\\nx\\\n""", "foo"]  # mars-ignore: unknown-tool\n'],
  ["allowed = ['''Shell\r\n  x''']  # mars-ignore: unknown-tool\r\n", 'allowed = ["""shell\\n  x\\\r\n  """]  # mars-ignore: unknown-tool\r\n'],
  ['allowed = ["""Shell\nx""", "foo"]  # note\n', 'allowed = ["""shell\\nx""", "foo"]  # note\n'],
];
for (const [before, after] of RESPELT_BREAK) {
  test(`a respelling of a value holding a line break keeps the closing line apart where a mars-ignore speaks of it: ${JSON.stringify(before)}`, () => {
    const text = `[agents.a.tools]\n${before}`;
    const f = documentFindings(analyzeDocument(text)).find((x) => x.code === 'non-canonical')!;
    const fixed = applyEdits(text, f.fixes.find((x) => x.title.startsWith('Change to `shell'))!.edits);
    assert.equal(fixed, `[agents.a.tools]\n${after}`);
    // The same value (Mars reads a line break in a string as `\n`).
    assert.deepEqual(parse(fixed), parse(text.replace(/Shell/, 'shell').replace(/\r\n/g, '\n')));
  });
}

// The removal of an entry written over lines (a duplicate, `"""` ⏎ `read"""`) takes the line break before the line it
// ends on: where a mars-ignore ends that line, which speaks of it alone, the line would join the one the entry starts on
// and the comment come to speak of it too. There the line break stays (`keptApart`), with the blanks after it.
const REMOVED_OVER_LINES: Array<[before: string, after: string]> = [
  ['allowed = ["read", """\nread""", "bash"]  # mars-ignore: unknown-tool\n', 'allowed = ["read",\n"bash"]  # mars-ignore: unknown-tool\n'],
  ['allowed = [\r\n  "read", """\r\n  read""", "bash",  # mars-ignore: unknown-tool\r\n]\r\n', 'allowed = [\r\n  "read",\r\n  "bash",  # mars-ignore: unknown-tool\r\n]\r\n'],
  ['allowed = ["read", """\nread"""]  # mars-ignore: unknown-tool\n', 'allowed = ["read"\n]  # mars-ignore: unknown-tool\n'],
  // No mars-ignore on the line it ends on: the lines join, as before.
  ['allowed = ["read", """\nread""", "bash"]  # note\n', 'allowed = ["read", "bash"]  # note\n'],
  // A `#` in a string before the comment is no comment: it is still found.
  ['allowed = ["read", """\nread""", "#x"]  # mars-ignore: unknown-tool\n', 'allowed = ["read",\n"#x"]  # mars-ignore: unknown-tool\n'],
];
for (const [before, after] of REMOVED_OVER_LINES) {
  test(`the removal of a duplicate written over lines keeps the line it ends on apart where a mars-ignore speaks of it: ${JSON.stringify(before)}`, () => {
    const text = `[agents.a.tools]\n${before}`;
    const f = documentFindings(analyzeDocument(text)).find((x) => x.code === 'duplicate-entry')!;
    const fixed = applyEdits(text, f.fixes.find((x) => x.title.startsWith('Remove the duplicate'))!.edits);
    assert.equal(fixed, `[agents.a.tools]\n${after}`);
    assert.deepEqual(parse(fixed), parse(text.replace(/, """\r?\n *read"""/, '')));
  });
}

// Where it starts a line, taking the line break leaves no line joined to what is above it: nothing is kept apart, and
// no blank line is left.
test('the removal of a duplicate written over lines from the start of its line leaves no blank line', () => {
  const text = '[agents.a.tools]\nallowed = ["read",\n  """\nread""", "bash"]  # mars-ignore: unknown-tool\n';
  const f = documentFindings(analyzeDocument(text)).find((x) => x.code === 'duplicate-entry')!;
  const fixed = applyEdits(text, f.fixes.find((x) => x.title.startsWith('Remove the duplicate'))!.edits);
  assert.equal(fixed, '[agents.a.tools]\nallowed = ["read",\n  "bash"]  # mars-ignore: unknown-tool\n');
});

// The removal of an entry whose comma is on a later line of its own takes that line, and with it the mars-ignore lines
// above it, which spoke of it: left, they came to speak of the line after (the `]`).
test('the removal of an entry takes the mars-ignore lines above its comma line, which it takes', () => {
  const text = '[agents.a.tools]\ndisallowed = [\n  "bash"\n  ,\n  "read"\n  ,\n  "bash"\n  # mars-ignore: unknown-tool\n  # note\n  ,\n]\n';
  const f = documentFindings(analyzeDocument(text)).find((x) => x.code === 'duplicate-entry')!;
  const fixed = applyEdits(text, f.fixes.find((x) => x.title.startsWith('Remove the duplicate'))!.edits);
  assert.equal(fixed, '[agents.a.tools]\ndisallowed = [\n  "bash"\n  ,\n  "read"\n  ,\n  # note\n]\n');
});

// A key rewritten as the list its entries move into (`tools.mcp = ["""` ⏎ `gh/x` ⏎ `"""]` becomes `tools.allowed = […]`) took its
// lines onto its first: where a mars-ignore ends its last line, which speaks of it alone, the comment would come to speak
// of the whole list. There the line break before that line stays (`keptApart`), and the `]` on it.
const BECOME_LIST_OVER_LINES: Array<[before: string, after: string]> = [
  ['tools.mcp = ["""\ngh/x\n"""]  # mars-ignore: unknown-tool\n', 'tools.allowed = ["mcp(gh/x)"\n]  # mars-ignore: unknown-tool\n'],
  ['tools.mcp = [  # servers\r\n  "gh/x",\r\n  ]  # mars-ignore: unknown-tool\r\n', '# servers\r\ntools.allowed = ["mcp(gh/x)"\r\n  ]  # mars-ignore: unknown-tool\r\n'],
  // No mars-ignore on its last line: on one line, as before.
  ['tools.mcp = ["""\ngh/x\n"""]  # note\n', 'tools.allowed = ["mcp(gh/x)"]  # note\n'],
];
for (const [before, after] of BECOME_LIST_OVER_LINES) {
  test(`a key rewritten as a list keeps its last line apart where a mars-ignore speaks of it: ${JSON.stringify(before)}`, () => {
    const text = `[agents.a]\n${before}`;
    const f = documentFindings(analyzeDocument(text)).find((x) => x.code === 'invalid-tool-policy')!;
    const fixed = applyEdits(text, f.fixes.find((x) => x.title === 'Move "mcp(gh/x)" into `allowed`')!.edits);
    assert.equal(fixed, `[agents.a]\n${after}`);
    assert.deepEqual(parse(fixed), parse('[agents.a]\ntools.allowed = ["mcp(gh/x)"]\n'));
  });
}

// An entry's fix, as text: what it writes, and that what it writes means what Mars reads (and is clean).
const ENTRY_FIXES: Array<[entry: string, code: string, fixed: string | null]> = [
  ['Bassh(git log:*)', 'unknown-tool', 'bash(git log *)'],
  ['reed', 'unknown-tool', 'read'],
  ['bash(git log:*)', 'legacy-prefix', 'bash(git log *)'],
  ['bash(:*)', 'legacy-prefix', null], // reads as ` *`, which no spelling without `:*` keeps
  ['Shell(npm test)', 'non-canonical', 'bash(npm test)'],
  // Both spelling problems: either fix writes the entry as Mars does, clearing both.
  ['Shell(git log:*)', 'non-canonical', 'bash(git log *)'],
  ['Shell(git log:*)', 'legacy-prefix', 'bash(git log *)'],
  ['bash(git:*\u0085)', 'legacy-prefix', 'bash(git *)'],
  ['*()', 'invalid-tool-name', '*'],
  // Only the `)` is missing: the one thing it can mean, for an MCP grant too.
  ['bash(git log', 'invalid-tool-name', 'bash(git log)'],
  ['mcp(github', 'invalid-tool-name', 'mcp(github)'],
  ['mcp(github/create_issue ', 'invalid-tool-name', 'mcp(github/create_issue)'],
  ['mcp(a/b/c', 'invalid-tool-name', null], // `)` or not, three segments are no reference
  // Nothing after the `(`: the name alone, as for `bash()`; a bare `mcp` is no reference, so `mcp(` has none.
  ['bash(', 'invalid-tool-name', 'bash'],
  ['bash(  ', 'invalid-tool-name', 'bash'],
  ['*(', 'invalid-tool-name', '*'],
  ['mcp(', 'invalid-tool-name', null],
  ['mcp( ', 'invalid-tool-name', null],
  // A pattern with no name (Mars: empty) is no empty entry: what it names is not clear, so no fix removes it.
  ['(read)', 'invalid-tool-name', null],  // SPEC section 4's examples, each by its code: the obvious repairs, the canonical names (pattern kept),
  // and the portable spelling of Claude's wire tokens (SPEC 3: `mcp__server` and `mcp__server__*` mean
  // `mcp(server)`, `mcp__*` means `mcp(*/*)`, the first `__` after `mcp__` separating server from tool).
  ['bash()', 'invalid-tool-name', 'bash'],
  ['*(x)', 'invalid-tool-name', '*'],
  ['TodoWrite', 'non-canonical', 'task'],
  ['WebSearch(rust)', 'non-canonical', 'web_search(rust)'],
  ['mcp__server', 'mcp-wire-token', 'mcp(server)'],
  ['mcp__server__*', 'mcp-wire-token', 'mcp(server)'],
  ['mcp__*', 'mcp-wire-token', 'mcp(*/*)'],
  ['mcp__server__tool__x', 'mcp-wire-token', 'mcp(server/tool__x)'],
];
for (const [entry, code, fixed] of ENTRY_FIXES) {
  test(`entry fix: ${code} on ${entry}`, () => {
    const text = `[agents.a.tools]\nallowed = ["${entry}"]\n`;
    const f = documentFindings(analyzeDocument(text)).find((x) => x.code === code);
    assert.ok(f, `no ${code}`);
    const newTexts = f.fixes.flatMap((x) => x.edits.map((e) => e.newText));
    assert.deepEqual(newTexts, fixed === null ? [] : [fixed]);
    if (fixed !== null) assert.deepEqual(documentFindings(analyzeDocument(applyEdits(text, f.fixes[0]!.edits))).map((x) => x.code), []);
  });
}

// An unknown name Mars passes on in another spelling (SPEC 3, step 6: `CustomTool` -> `custom_tool`,
// trimmed) is non-canonical, as a known one is: said, and its fix (safe, in fix-all: Mars reads both
// the same) writes what Mars passes on. Its unknown-tool finding stays. None where no spelling means
// the same (`ExecCommand` passes on as `exec_command`, which reads as `bash`), nor for a wire token.
// Where unknown-tool has a did-you-mean (`Bash: npm test`: `bash(npm test)`?), that is the entry's
// preferred fix, and the respelling is offered beside it, not preferred (one preferred fix an entry).
const UNKNOWN_RESPELT: Array<[entry: string, message: string | null, fixed: string | null, preferred?: boolean]> = [
  ['CustomTool', 'Mars spells `CustomTool` as `custom_tool`.', 'custom_tool'],
  ['MY_TOOL', 'Mars spells `MY_TOOL` as `my_tool`.', 'my_tool'],
  ['FOO(bar)', 'Mars spells `FOO` as `foo`; it reads this entry as `foo(bar)`.', 'foo(bar)'],
  [' custom ', '` custom ` has spaces around it, which Mars trims: it reads `custom`.', 'custom'],
  ['custom( x )', 'Mars reads this entry as `custom(x)`; the extra white space is dropped.', 'custom(x)'],
  ['ExecCommand', null, null],
  ['MCP__Server__Tool', null, null],
  ['custom_tool', null, null],
  ['Bash: npm test', 'Mars spells `Bash: npm test` as `bash: npm test`.', 'bash: npm test', false],
  ['Reed', 'Mars spells `Reed` as `reed`.', 'reed', false],
  ['MultiEdit', 'Mars spells `MultiEdit` as `multi_edit`.', 'multi_edit', false], // beside Claude's `MultiEdit`: `edit`?
];
for (const [entry, message, fixed, preferred = true] of UNKNOWN_RESPELT) {
  test(`an unknown name Mars respells: ${JSON.stringify(entry)}`, () => {
    const text = `[agents.a.tools]\nallowed = [${JSON.stringify(entry)}]\n`;
    const found = documentFindings(analyzeDocument(text));
    const f = found.filter((x) => x.code === 'non-canonical');
    assert.deepEqual(f.map((x) => x.message), message === null ? [] : [message]);
    if (fixed === null) return;
    assert.deepEqual(f[0]!.fixes.map((x) => [x.edits.map((e) => e.newText), x.safe, x.preferred]), [[[fixed], true, preferred]]);
    assert.ok(found.some((x) => x.code === 'unknown-tool'), 'still an unknown tool');
    assert.equal(found.flatMap((x) => x.fixes).filter((x) => x.preferred).length, 1, 'one preferred fix for the entry');
    // Fixed, it means what it meant, and is what Mars passes on: only its unknown-tool finding is left.
    const after = applyEdits(text, f[0]!.fixes[0]!.edits);
    assert.deepEqual(documentFindings(analyzeDocument(after)).map((x) => x.code), ['unknown-tool']);
    assert.equal(applyEdits(text, documentFixAll(analyzeDocument(text))), after);
  });
}

// Claude's old `Task` launched sub-agents (now `Agent`); Mars reads it as `task`, the task list. The
// message says so, the respelling stays the preferred fix in fix-all (it keeps Mars's reading), and
// `agent`, what was likely meant, is offered beside it, neither preferred nor in fix-all, as any fix
// that writes another value (removed where the list holds it, titled a conflict where the other does).
// Only as Claude writes it: `task` and `TASK` say nothing of it.
// [tools table, the entry, its non-canonical message, its fixes: title, preferred, safe]
const CLAUDE_OLD_TASK_CASES: Array<[table: string, entry: string, message: string | null, fixes: Array<[string, boolean, boolean]>]> = [
  ['allowed = ["Task"]', 'Task', "Mars spells `Task` as `task`. Claude's old `Task` launched sub-agents, which Mars calls `agent`.",
    [['Change to `task`', true, true], ['Change to `agent`', false, false]]],
  ['disallowed = ["Task(reviewer)"]', 'Task(reviewer)', "Mars spells `Task` as `task`; it reads this entry as `task(reviewer)`. Claude's old `Task` launched sub-agents, which Mars calls `agent`.",
    [['Change to `task(reviewer)`', true, true], ['Change to `agent(reviewer)`', false, false]]],
  ['allowed = [" Task "]', ' Task ', "Mars spells `Task` as `task`. Claude's old `Task` launched sub-agents, which Mars calls `agent`. ` Task ` has spaces around it, which Mars trims.",
    [['Change to `task`', true, true], ['Change to `agent`', false, false]]],
  ['allowed = ["agent", "Task"]', 'Task', "Mars spells `Task` as `task`. Claude's old `Task` launched sub-agents, which Mars calls `agent`.",
    [['Change to `task`', true, true], ['Remove `Task`: the list already holds `agent`', false, false]]],
  ['allowed = ["Task"]\ndisallowed = ["agent"]', 'Task', "Mars spells `Task` as `task`. Claude's old `Task` launched sub-agents, which Mars calls `agent`.",
    [['Change to `task`', true, true], ['Change to `agent` (a conflict: `disallowed` holds `agent`)', false, false]]],
  ['allowed = ["TASK"]', 'TASK', 'Mars spells `TASK` as `task`.', [['Change to `task`', true, true]]],
  ['allowed = ["task"]', 'task', null, []],
];
for (const [table, entry, message, fixes] of CLAUDE_OLD_TASK_CASES) {
  test(`Claude's old Task: ${JSON.stringify(entry)} in ${table.replace(/\n/g, ' / ')}`, () => {
    const text = `[agents.a.tools]\n${table}\n`;
    const found = documentFindings(analyzeDocument(text)).filter((x) => x.code === 'non-canonical' && text.slice(x.span.start, x.span.end) === entry);
    assert.deepEqual(found.map((f) => f.message), message === null ? [] : [message]);
    assert.deepEqual(found.flatMap((f) => f.fixes.map((x) => [x.title, x.preferred, x.safe])), fixes);
    assert.deepEqual(analyze(text).findings.filter((f) => f.code === 'non-canonical' && f.message === message).length, message === null ? 0 : 1);
    if (message === null) return;
    // Fix-all keeps Mars's reading: the respelling, not `agent`.
    const all = applyEdits(text, documentFixAll(analyzeDocument(text)));
    assert.equal(all, applyEdits(text, found[0]!.fixes[0]!.edits));
  });
}

// An entry of names between commas, each one Mars takes (`Read, Grep`, Claude's `tools:` line pasted),
// was meant as entries of their own: a respelling of the whole keeps Mars's reading but buries that,
// so it is offered, neither preferred nor in fix-all. One Mars rejects between them is no such list.
const RESPELT_BETWEEN_COMMAS: Array<[entry: string, code: Code, fixed: string, sure: boolean]> = [
  ['Read, Grep, Bash', 'non-canonical', 'read, _grep, _bash', false],
  ['bash(a), grep(b:*)', 'legacy-prefix', 'bash(a), grep(b *)', false],
  ['mcp__gh__x, read', 'mcp-wire-token', 'mcp(gh/x, read)', false],
  ['Read, mcp', 'non-canonical', 'read, mcp', true],
  ['Bash(a, b)', 'non-canonical', 'bash(a, b)', true], // a comma in a pattern splits nothing
  ['Read; Grep', 'non-canonical', 'read; _grep', true],
];
for (const [entry, code, fixed, sure] of RESPELT_BETWEEN_COMMAS) {
  test(`a respelling of names between commas is in fix-all only where they are no list of names: ${entry}`, () => {
    const text = `[agents.a.tools]\nallowed = [${JSON.stringify(entry)}]\n`;
    const f = documentFindings(analyzeDocument(text)).find((x) => x.code === code);
    assert.ok(f, `no ${code}`);
    assert.deepEqual(f.fixes.map((x) => [x.edits.map((e) => e.newText), x.safe, x.preferred]), [[[fixed], sure, sure]]);
    assert.equal(f.mayHaveSafeFix, sure);
  });
}

test('an entry of MCP wire names between commas is told to be split first, not written as one reference', () => {
  const text = '[agents.a.tools]\nallowed = ["mcp__github__get_issue, mcp__github__list_issues"]\n';
  const f = documentFindings(analyzeDocument(text)).find((x) => x.code === 'mcp-wire-token')!;
  assert.equal(f.message, 'Claude-only MCP wire spelling, in an entry of names between commas: split it into one entry each, then write each as `mcp(server/tool)` so every harness applies it.');
});

// The commas of an entry whose pieces are each a name Mars takes (Claude's `tools: Read, Grep` pasted)
// were meant to split it: illegal-char's one fix, preferred, never in fix-all (it changes what Mars
// reads). Each name in the entry's quotes, escaped as it needs; what the list holds by meaning (not
// what it holds past a syntax error, a guess) left out. None where a piece is no name, for a control
// character, nor in a multi-line string. A map-form key of such names (`"Read, Grep" = "allow"`): the
// commas' fix is the key's move, one entry per tool as Mars spells it, the one fix of both problems
// (unknown-policy-key's, the same title and edits), never in fix-all either: a guess at meaning.
// [list, the fix: title and preferred (none: null), after]
const SPLIT_FIXES: Array<[list: string, fix: [string, boolean] | null, after: string | null]> = [
  ['allowed = ["Read, Grep, Bash"]', ['Split into one entry per tool', true], 'allowed = ["Read", "Grep", "Bash"]'],
  ["allowed = ['Read, Grep']", ['Split into one entry per tool', true], "allowed = ['Read', 'Grep']"],
  ['allowed = ["read,"]', ['Split into one entry per tool', true], 'allowed = ["read"]'],
  ['allowed = ["say \\"hi\\", re\\u0061d"]', ['Split into one entry per tool', true], 'allowed = ["say \\"hi\\"", "read"]'],
  ['allowed = ["bash(git:*), read"]', ['Split into one entry per tool', true], 'allowed = ["bash(git:*)", "read"]'],
  ['allowed = ["read", "Read, Grep"]', ['Split into one entry per tool', true], 'allowed = ["read", "Grep"]'],
  ['allowed = ["read, Read, grep"]', ['Split into one entry per tool', true], 'allowed = ["read", "grep"]'],
  ['allowed = ["read", "Read, read"]', ['Remove `Read, read`: the list already holds `read`', true], 'allowed = ["read"]'],
  ['allowed = ["read", "READ,"]', ['Remove `READ,`: the list already holds `read`', true], 'allowed = ["read"]'],
  ['allowed = ["Read, Bash"]\ndisallowed = ["bash"]', ['Split into one entry per tool (a conflict: `disallowed` holds `bash`)', false], 'allowed = ["Read", "Bash"]\ndisallowed = ["bash"]'],
  ['allowed = ["Read, Grep", "x" "read"]', ['Split into one entry per tool', true], 'allowed = ["Read", "Grep", "x" "read"]'],
  ['allowed = ["bash(git log, git status)"]', null, null],
  ['allowed = ["read, mcp"]', null, null],
  ['allowed = ["a\\u0007b"]', null, null],
  ['allowed = ["""Read, Grep"""]', null, null],
  ['"Read, Grep" = "allow"', ['Move "read", "grep" into `allowed`', true], 'allowed = ["read", "grep"]'],
  ["allowed = ['edit']\n'Read, Grep, read' = true", ['Move "read", "grep" into `allowed`', true], "allowed = ['edit', \"read\", \"grep\"]"],
  ['"bash(git:*), mcp__gh__x" = false', ['Move "bash(git *)", "mcp(gh/x)" into `disallowed`', true], 'disallowed = ["bash(git *)", "mcp(gh/x)"]'],
  ['"read," = "deny"', ['Move "read" into `disallowed`', true], 'disallowed = ["read"]'],
  ['allowed = ["read"]\n"READ, grep" = "allow"', ['Move "grep" into `allowed` (it already holds "read")', true], 'allowed = ["read", "grep"]'],
  ['allowed = ["read", "grep"]\n"Read, Grep" = "allow"', ['Remove `"Read, Grep"`: `allowed` already holds "read", "grep"', true], 'allowed = ["read", "grep"]'],
  ['disallowed = ["bash"]\n"Read, Bash" = "allow"', ['Move "read", "bash" into `allowed` (a conflict: `disallowed` holds "bash")', false], 'disallowed = ["bash"]\nallowed = ["read", "bash"]'],
  ['"Read, Grep" = "ask"', null, null],
  ['"read, mcp" = "allow"', null, null],
  ['"bash(a, b)" = "deny"', null, null],
];
for (const [list, fix, after] of SPLIT_FIXES) {
  test(`illegal-char's fix splits an entry of names between commas: ${list.replace(/\n/g, ' / ')}`, () => {
    const text = `[agents.a.tools]\n${list}\n`;
    const found = documentFindings(analyzeDocument(text));
    const f = found.find((x) => x.code === 'illegal-char');
    assert.ok(f, 'no illegal-char');
    assert.deepEqual(f.fixes.map((x) => [x.title, x.preferred, x.safe]), fix === null ? [] : [[...fix, false]]);
    assert.equal(f.mayHaveSafeFix, false);
    // A map-form key's own finding: no safe fix (its removal where the list holds the names is a guess too).
    assert.ok(!found.some((x) => x.code === 'unknown-policy-key' && (x.mayHaveSafeFix || x.fixes.some((y) => y.safe))), 'the key: nothing for fix-all');
    if (fix === null) return;
    const split = f.fixes[0]!.edits;
    assert.ok(!documentFixAll(analyzeDocument(text)).some((e) => split.some((x) => x.start === e.start && x.end === e.end && x.newText === e.newText)), 'fix-all never splits');
    // One preferred fix, as the code actions show it: one fix of two problems (a key's move, of its comma too) is one action.
    const preferred = new Set(found.filter((x) => x.code !== 'toml-syntax').flatMap((x) => x.fixes).filter((x) => x.preferred).map((x) => JSON.stringify([x.title, x.edits])));
    assert.equal(preferred.size, fix[1] ? 1 : 0, 'one preferred fix the entry');
    const others = found.filter((x) => x !== f && x.fixes.some((y) => y.title === fix[0]));
    for (const o of others) assert.deepEqual(o.fixes.find((y) => y.title === fix[0])!.edits, split, `${o.code}: the same fix, not another under its title`);
    const fixed = applyEdits(text, f.fixes[0]!.edits);
    assert.equal(fixed, `[agents.a.tools]\n${after}\n`);
    assert.ok(!documentFindings(analyzeDocument(fixed)).some((x) => x.code === 'illegal-char'), 'no comma left');
  });
}

// Held by the other list once fix-all fixed it (`bash()` -> `bash`, that entry's own preferred fix): the split, or the
// key's move, is titled a conflict and not preferred, as where the other list holds `bash` as written.
for (const [list, title] of [
  ['allowed = ["Read, Bash"]\ndisallowed = ["bash()"]', 'Split into one entry per tool (a conflict: `disallowed` holds `bash()`, fixed to `bash`)'],
  ['disallowed = ["bash("]\n"Read, Bash" = "allow"', 'Move "read", "bash" into `allowed` (a conflict: `disallowed` holds "bash(", fixed to "bash")'],
] as const) {
  test(`illegal-char's split where the other list holds a name once fixed: ${list.replace(/\n/g, ' / ')}`, () => {
    const f = documentFindings(analyzeDocument(`[agents.a.tools]\n${list}\n`)).find((x) => x.code === 'illegal-char');
    assert.deepEqual(f?.fixes.map((x) => [x.title, x.preferred, x.safe]), [[title, false, false]]);
  });
}

// A fix writes the characters of its value as the string's own quoting can hold them: a basic
// string's escapes as TOML writes them (`\t`, `\u007f`: a raw DEL is no TOML), a literal string's
// characters as they are, and a value a literal string cannot hold as a basic string.
const ESCAPED_FIXES: Array<[entry: string, newText: string, left: string[]]> = [
  ['"Shell(a\\tb)"', 'bash(a\\tb)', ['illegal-char']],
  ['"Shell(a\\u007fb)"', 'bash(a\\u007fb)', ['illegal-char']],
  ['"Shell(a\\u0001b)"', 'bash(a\\u0001b)', ['illegal-char']],
  ['"Shell(echo \\"\\\\x\\")"', 'bash(echo \\"\\\\x\\")', []],
  ["'Shell(a\tb)'", 'bash(a\tb)', ['illegal-char']],
  ["'Shell(type C:\\x)'", 'bash(type C:\\x)', []], // a literal string's backslash is one
  ['"""Shell(echo \'x\')"""', "bash(echo 'x')", []], // a basic string holds a `'`: its content is rewritten, its quotes kept
  ["'''Shell(echo 'x')'''", '"bash(echo \'x\')"', []], // a literal string holding a `'`: a basic string in its place
  ['"""\r\nShell"""', 'bash', []], // the CRLF a multi-line string opens with is no part of its value, and stays
];
for (const [entry, newText, left] of ESCAPED_FIXES) {
  test(`a fix's text escapes what its string needs: ${entry}`, () => {
    const text = `[agents.a.tools]\nallowed = [${entry}]\n`;
    const f = documentFindings(analyzeDocument(text)).find((x) => x.code === 'non-canonical');
    assert.ok(f, 'no non-canonical');
    assert.deepEqual(f.fixes[0]!.edits.map((e) => e.newText), [newText]);
    // What it writes loads, and reads as what Mars reads: only the character's own finding is left.
    assert.deepEqual(documentFindings(analyzeDocument(applyEdits(text, f.fixes[0]!.edits))).map((x) => x.code), left);
  });
}

test('an obvious repair is the preferred fix, but for `*`, which would grant every tool: an editor applies a lone preferred fix unasked', () => {
  const fixOf = (entry: string) => documentFindings(analyzeDocument(`[agents.a.tools]\nallowed = [${JSON.stringify(entry)}]\n`))[0]!.fixes[0]!;
  for (const entry of ['bash()', 'bash(']) assert.deepEqual([fixOf(entry).edits[0]!.newText, fixOf(entry).preferred, fixOf(entry).safe], ['bash', true, true], entry);
  for (const entry of ['*(x)', '*()', '*(']) assert.deepEqual([fixOf(entry).edits[0]!.newText, fixOf(entry).preferred, fixOf(entry).safe], ['*', false, false], entry);
});

// What a message or a fix title says of one line of a tools table: every spelling offered reads back
// as what the original means, and a capability is named by its head.
const SAYS: Array<[line: string, code: string, says: string[], never: string[]]> = [
  ['"bash(:*)" = "allow"', 'unknown-policy-key', ['Put "bash(:*)" in `allowed`', 'Move "bash(:*)" into `allowed`'], ['bash( *)']],
  ['allowed = ["Bassh(:*)"]', 'unknown-tool', ['Change to `bash(:*)`'], ['bash( *)']],
  ['allowed = ["Shell(:*)"]', 'non-canonical', ['write it `bash(:*)`', 'Change to `bash(:*)`'], ['bash( *)', 'Mars writes']],
  ['allowed = ["Bash(:*)"]', 'non-canonical', ['Mars spells `Bash` as `bash`; write it `bash(:*)`', 'Change to `bash(:*)`'], ['bash( *)', 'reads this entry as']],
  // `exec_command` is an alias of `bash`: the unknown `ExecCommand` is moved as written, not as Mars passes it on.
  ['ExecCommand = "deny"', 'unknown-policy-key', ['Put "ExecCommand" in `disallowed`', 'Move "ExecCommand" into `disallowed`'], ['exec_command']],
  ['"bassh(git:*)" = "allow"', 'unknown-policy-key', ['(Mars has no capability `bassh`: did you mean `bash`?)'], ['capability `bassh(']],
  // `mcp(…)` holds no pattern: a wire token with one has no portable spelling, and the message does not offer one.
  ['allowed = ["mcp__gh__x(y)"]', 'mcp-wire-token', ['with a pattern, which `mcp(server/tool)` cannot hold: only Claude applies this rule'], ['write it as']],
  ['allowed = ["mcp__gh__"]', 'mcp-wire-token', ['write it as `mcp(server/tool)`'], ['pattern']],
  // An entry written twice alike is named once.
  ['allowed = ["bash", "bash"]\ndisallowed = ["bash"]', 'allow-deny-conflict', ['Remove `bash` from `allowed`'], ['`bash` and `bash`']],
  // Three or more names read as a series, not `a` and `b` and `c`.
  ['allowed = ["bash", "Bash", "shell"]\ndisallowed = ["bash"]', 'allow-deny-conflict', ['Remove `bash`, `Bash` and `shell` from `allowed`', 'Remove `bash` from `disallowed`'], [' and `Bash` and ']],
];
for (const [line, code, says, never] of SAYS) {
  test(`${code} on ${line}: what it says`, () => {
    const text = `[agents.a.tools]\n${line}\n`;
    const f = documentFindings(analyzeDocument(text)).filter((x) => x.code === code);
    const words = f.flatMap((x) => [x.message, ...x.fixes.map((y) => y.title), ...x.fixes.flatMap((y) => y.edits.map((e) => e.newText))]);
    for (const w of says) assert.ok(words.some((x) => x.includes(w)), `no ${JSON.stringify(w)} in ${JSON.stringify(words)}`);
    for (const w of never) assert.ok(!words.some((x) => x.includes(w)), `${JSON.stringify(w)} in ${JSON.stringify(words)}`);
  });
}

test('`bash(:*)` written with an alias: one fix for the alias, none for the `:*` (no spelling without it keeps ` *`)', () => {
  const text = '[agents.a.tools]\nallowed = ["Shell(:*)"]\n';
  const found = documentFindings(analyzeDocument(text));
  assert.deepEqual(found.map((f) => [f.code, f.fixes.flatMap((x) => x.edits.map((e) => e.newText))]), [['non-canonical', ['bash(:*)']], ['legacy-prefix', []]]);
});

// A misspelt `tools` renamed in a dotted key makes that key a second definition where its section defines it already
// (found by quickFixes.test.ts, seed 3939): not offered then; beside other keys of the table, it is.
test('a misspelt `tools` is not renamed in a key its section defines already', () => {
  const renames = (t: string) => documentFindings(analyzeDocument(t)).flatMap((f) => f.fixes.map((x) => x.title)).filter((x) => x.startsWith('Rename'));
  assert.deepEqual(renames('[agents]\na.tools.mcp__gh = true\na.tols.mcp__gh = "allow"\n'), []);
  assert.deepEqual(renames('[agents]\na.tools.mcp__gh.x = true\na.tols.mcp__gh = "allow"\n'), []);
  assert.deepEqual(renames('[agents]\na.tools.allowed = []\na.tols.mcp__gh = "allow"\n'), ['Rename `tols` to `tools`']);
});

test('a fix does not write a list another section defines: a second definition would be a TOML error', () => {
  for (const key of ['mcp = ["github"]', 'bash = "allow"', 'Allowed = ["read"]']) {
    const ownSection = `[agents.x.tools]\n${key}\n`;
    const text = `${ownSection}\n[agents.x.tools.allowed]\nfoo = 1\n`;
    const onKey = (t: string) => documentFindings(analyzeDocument(t)).find((f) => f.span.start === ownSection.indexOf(key))!;
    // Alone, the key is moved (or renamed) into the list; with the other section, nothing is offered
    // but the removal of a key Mars ignores, which writes no list.
    const removal = /^mcp|^Allowed/.test(key) ? [] : ['Remove `bash`'];
    assert.deepEqual(onKey(ownSection).fixes.map((x) => x.title).filter((t) => !removal.includes(t)).length, 1, key);
    assert.deepEqual(onKey(text).fixes.map((x) => x.title), removal, key);
    assert.equal(applyEdits(text, documentFixAll(analyzeDocument(text))), text, key);
  }
  // Nor does the fix of a comma in a map-form key's name (illegal-char), the key's move split at it
  // (found by quickFixes.test.ts, seed 3131: it wrote `allowed = [...]` above `[….tools.allowed]`).
  const comma = '[agents.x.tools]\n"Read, Grep" = "allow"\n';
  const moves = (t: string) => documentFindings(analyzeDocument(t)).flatMap((f) => f.fixes.filter((x) => x.title.startsWith('Move')).map(() => f.code));
  assert.deepEqual(moves(comma), ['unknown-policy-key', 'illegal-char']);
  assert.deepEqual(moves(`${comma}\n[agents.x.tools.allowed]\nfoo = 1\n`), []);
});

test('fix-all takes no line of a string for a comment, and keeps a byte order mark', () => {
  const cases: Array<[string, string]> = [
    ['[agents.x]\ndescription = """\nSee the notes.\n# mars-ignore: tools below are ours"""\ntools.mcp = ["github"]\ntools.allowed = ["read"]\n',
      '[agents.x]\ndescription = """\nSee the notes.\n# mars-ignore: tools below are ours"""\ntools.allowed = ["read", "mcp(github)"]\n'],
    ['\ufeff# mars-ignore: unknown-tool\nagents.x.tools.mcp = ["github"]\nagents.x.tools.allowed = ["read"]\n', '\ufeffagents.x.tools.allowed = ["read", "mcp(github)"]\n'],
  ];
  for (const [text, expected] of cases) assert.equal(applyEdits(text, documentFixAll(analyzeDocument(text))), expected);
  // Three copies of a multi-line entry whose last line reads like a suppression comment.
  const three = `[agents.x.tools]\nallowed = [\n${'  """\n# mars-ignore: x""",\n'.repeat(3)}]\n`;
  const fixed = applyEdits(three, documentFixAll(analyzeDocument(three)));
  assert.equal(fixed, `[agents.x.tools]\nallowed = [\n${'  """\n# mars-ignore: x""",\n'}]\n`);
  assert.doesNotThrow(() => parse(fixed));
});

test('fix-all changes nothing past a syntax error in its section, where what the text means is a guess', () => {
  // A stray `"""` pairs every quote after it the wrong way: the `","` between two strings reads as an
  // entry, a duplicate, whose removal would join the strings. Nothing is said of its statement past
  // the error, and fix-all changes nothing there.
  const broken = '[agents.a.tools]\nallowed = [mcp"""]\ndisallowed = ["""\\\n   x""","""\\\n   y""","""\\\n   z"""]\n';
  assert.deepEqual(documentFindings(analyzeDocument(broken)).map((f) => f.code), ['toml-syntax']);
  assert.deepEqual(documentFixAll(analyzeDocument(broken)), []);
  // Nor does a fix of something before the error write past it (a move appending to the broken list;
  // a word that may be meant bare after an item, whose missing comma has no fix: `["read" edit]`'s would be made).
  for (const between of ['', 'y = 1 2\n']) {
    const moving = `[agents.a.tools]\nmcp = ["x"]\n${between}allowed = ["read" tru]\n`;
    assert.deepEqual(documentFixAll(analyzeDocument(moving)), [], moving);
  }
  // Before the error, and in the other sections, fixes are made; so is the syntax error's own.
  // (`mcp?`: a bare word of a character no name holds, which no fix quotes.)
  const text = '[agents.a.tools]\nallowed = ["Bash", "read", "read"]\ndisallowed = [mcp?, "Bash", "Bash"]\n[agents.b.tools]\nallowed = ["Read"]\n\ufeffx = 1\n';
  assert.equal(applyEdits(text, documentFixAll(analyzeDocument(text))),
    '[agents.a.tools]\nallowed = ["bash", "read"]\ndisallowed = [mcp?, "Bash", "Bash"]\n[agents.b.tools]\nallowed = ["read"]\nx = 1\n');
  // A bare name is quoted by its fix, then what was past the error is read and fixed, in the same fix-all.
  const named = text.replace('mcp?', 'mcp');
  assert.equal(applyEdits(named, documentFixAll(analyzeDocument(named))),
    '[agents.a.tools]\nallowed = ["bash", "read"]\ndisallowed = ["mcp", "bash"]\n[agents.b.tools]\nallowed = ["read"]\nx = 1\n');
});

test('a stray byte order mark is named (it is invisible), and deleted by its fix; the one a file starts with is no error, a second is; a run of them is one error', () => {
  const cases = [['a = 1\n\ufeffb = 2\n', 6, 1], ['\ufeff\ufeffa = 1\n', 1, 1], ['a = 1\n\ufeff[agents.x]\n', 6, 1], ['[t]\r\n\ufeff[[z]]\r\n', 5, 1],
    ['x = 1\n\ufeff\ufeff[agents.x]\n', 6, 2], ['\ufeff\ufeff\ufeff\ufeffa = 1\n', 1, 3], ['a = [1,\ufeff\ufeff 2]\n', 7, 2]] as const;
  for (const [text, at, n] of cases) {
    const found = documentFindings(analyzeDocument(text));
    assert.deepEqual(found.map((f) => [f.code, f.span.start, f.span.end]), [['toml-syntax', at, at + n]], JSON.stringify(text));
    assert.match(found[0]!.message, n === 1 ? /invisible byte order mark \(U\+FEFF\) here/ : new RegExp(`${n} invisible byte order marks \\(U\\+FEFF\\) here.*delete them`));
    assert.equal(applyEdits(text, documentFixAll(analyzeDocument(text))), text.slice(0, at) + text.slice(at + n));
  }
  assert.deepEqual(documentFindings(analyzeDocument('\ufeffa = 1\n')), []);
});

test('a multi-line string left open gets no fix, and fix-all changes nothing after it: to Mars the rest is its text', () => {
  const rest = '\n[agents.b.tools]\nallowed = ["read", "Bash"]\n';
  for (const open of ['"""Shell', "'''Shell", '"""read', '"""\nShell']) {
    for (const head of ['[agents.a.tools]\nallowed = ["read", ', '[agents.a.tools]\ndisallowed = ["read"]\nallowed = [', '[agents.a.tools]\nallowed = ["x"]\nmcp = [',
      '[agents.a.tools]\nallowed = ', '[agents.a.tools]\nallowed = ["read"]\nAllowed = ["bash", ']) {
      const text = `${head}${open}${rest}`;
      const a = analyzeDocument(text);
      const from = text.indexOf(open);
      const to = text.indexOf('[agents.b.tools]');
      const onOpen = documentFindings(a).filter((f) => f.span.start >= from && f.span.start < to);
      assert.ok(onOpen.length > 0, text);
      for (const f of documentFindings(a)) {
        for (const e of f.fixes.flatMap((x) => x.edits)) assert.ok(e.end <= from || e.start >= to, `${f.code} edits the open string in ${JSON.stringify(text)}`);
      }
      assert.deepEqual(documentFixAll(a), [], text);
      // The sections after it are still checked (the user may be typing the string), and fixed one at a time.
      assert.ok(documentFindings(a).some((f) => f.code === 'non-canonical' && f.span.start > to && f.fixes.length > 0), text);
    }
  }
});

test('a tools.mcp item already written as a grant is moved as it is', () => {
  const text = '[agents.a.tools]\nmcp = ["mcp(github)", "mcp__jira", "slack"]\n';
  const fix = firstFix(text);
  assert.equal(fix?.title, 'Move "mcp(github)", "mcp(jira)", "mcp(slack)" into `allowed`');
  assert.equal(fix?.safe, false);
  assert.equal(applyEdits(text, fix!.edits), '[agents.a.tools]\nallowed = ["mcp(github)", "mcp(jira)", "mcp(slack)"]\n');
});

/** The text after "Disable `code` for this line" on `line` of the text's first section; null when none is offered. */
function disabled(text: string, code: Code, line: number): string | null {
  const own = analyzeDocument(text).units[0]!.analysis;
  const edit = suppressEdit(own.doc, own.lines, own.suppressions, code, line);
  return edit && applyEdits(text, [edit]);
}

test('"Disable" on the first line of a file with a byte order mark goes after the mark', () => {
  const text = '\ufeffagents.a.tools.allowed = ["shell"] # c\n';
  const fixed = disabled(text, 'non-canonical', 0)!;
  assert.equal(fixed, '\ufeff# mars-ignore: non-canonical\nagents.a.tools.allowed = ["shell"] # c\n');
  assert.deepEqual(documentFindings(analyzeDocument(fixed)).map((f) => f.code), []);
});

test('"Disable" extends a mars-ignore whose codes end with a comma without writing a second one', () => {
  const fixed = disabled('[agents.a.tools]\nallowed = ["Bash"] # mars-ignore: legacy-prefix, -- ours\n', 'non-canonical', 1)!;
  assert.equal(fixed, '[agents.a.tools]\nallowed = ["Bash"] # mars-ignore: legacy-prefix, non-canonical -- ours\n');
  assert.deepEqual(documentFindings(analyzeDocument(fixed)), []);
  const apply = (text: string) => applyEdits(text, [suppressFileEdit(text, 'non-canonical')]);
  assert.equal(apply('# mars-ignore-file: unknown-tool,\n'), '# mars-ignore-file: unknown-tool, non-canonical\n');
});

test('"Disable" extends a mars-ignore before its `#` remark, which stays unread', () => {
  const fixed = disabled('[agents.a.tools]\nallowed = ["Bash", "foo"] # mars-ignore: unknown-tool # ours\n', 'non-canonical', 1)!;
  assert.equal(fixed, '[agents.a.tools]\nallowed = ["Bash", "foo"] # mars-ignore: unknown-tool, non-canonical # ours\n');
  assert.deepEqual(documentFindings(analyzeDocument(fixed)), []);
  const apply = (text: string) => applyEdits(text, [suppressFileEdit(text, 'non-canonical')]);
  assert.equal(apply('# mars-ignore-file: unknown-tool # note\n'), '# mars-ignore-file: unknown-tool, non-canonical # note\n');
});

test('"Disable" on a line that is a comment: none; on one starting with # inside a string: at its end', () => {
  assert.equal(disabled('[agents.a.tools]\n# mars-ignore: xyzzy\nallowed = ["read"]\n', 'invalid-suppression', 1), null);
  const fixed = disabled('[agents.a.tools]\nallowed = ["""\n#bash""", "x"]\n', 'unknown-tool', 2)!;
  assert.equal(fixed, '[agents.a.tools]\nallowed = ["""\n#bash""", "x"]  # mars-ignore: unknown-tool\n');
  assert.deepEqual(documentFindings(analyzeDocument(fixed)).map((f) => f.code), []);
});

test('"Disable for the entire file" from the text alone: after a BOM, extending a mars-ignore-file comment on the first line only', () => {
  const apply = (text: string, code: Code) => applyEdits(text, [suppressFileEdit(text, code)]);
  assert.equal(apply('\uFEFF  # mars-ignore-file: unknown-tool -- ours\r\n[a]\r\n', 'non-canonical'), '\uFEFF  # mars-ignore-file: unknown-tool, non-canonical -- ours\r\n[a]\r\n');
  assert.equal(apply('# mars-ignore-file\n', 'non-canonical'), '# mars-ignore-file: non-canonical\n');
  assert.equal(apply('# mars-ignore: unknown-tool\n[a]\n', 'non-canonical'), '# mars-ignore-file: non-canonical\n# mars-ignore: unknown-tool\n[a]\n');
  assert.equal(apply('\n# mars-ignore-file: unknown-tool\n', 'non-canonical'), '# mars-ignore-file: non-canonical\n\n# mars-ignore-file: unknown-tool\n');
  assert.equal(apply('', 'non-canonical'), '# mars-ignore-file: non-canonical\n');
  assert.equal(apply('[a]\r\nx = 1\r\n', 'non-canonical'), '# mars-ignore-file: non-canonical\r\n[a]\r\nx = 1\r\n'); // a CRLF file's line break
  assert.equal(apply('\uFEFF[a]\n', 'non-canonical'), '\uFEFF# mars-ignore-file: non-canonical\n[a]\n'); // the byte order mark stays first
});

test('"Disable" on a line starting at a string\'s opening quote, whose end holds a comment: on a line of its own above (the quote is not inside the string)', () => {
  const fixed = disabled('[agents.a.tools]\nallowed = [\n"Shell", # note\n]\n', 'non-canonical', 2);
  assert.equal(fixed, '[agents.a.tools]\nallowed = [\n# mars-ignore: non-canonical\n"Shell", # note\n]\n');
  assert.deepEqual(documentFindings(analyzeDocument(fixed!)).map((f) => f.code), []);
});

test('"Disable" on a line that ends inside a multi-line string goes on a line of its own above', () => {
  const fixed = disabled('[agents.a.tools]\nallowed = [\n  "Shell", """\nx"""]\n', 'non-canonical', 2)!;
  assert.equal(fixed, '[agents.a.tools]\nallowed = [\n  # mars-ignore: non-canonical\n  "Shell", """\nx"""]\n');
  assert.ok(!documentFindings(analyzeDocument(fixed)).some((f) => f.code === 'non-canonical'));
  // With the document's line break.
  assert.equal(disabled('[agents.a.tools]\r\nallowed = [\r\n  "Shell", """\r\nx"""]\r\n', 'non-canonical', 2), '[agents.a.tools]\r\nallowed = [\r\n  # mars-ignore: non-canonical\r\n  "Shell", """\r\nx"""]\r\n');
  // A line that starts inside a string has no place for it.
  assert.equal(disabled('[agents.a.tools]\nallowed = ["""\nShell\nx""", "Bash"]\n', 'non-canonical', 2), null);
});

test('"Disable" on a line whose end a comment cannot take (a string left open, a syntax error) goes on a line of its own above', () => {
  for (const [text, code] of [
    ['[agents.a.tools]\nallowed = ["Bash", "read]\n', 'non-canonical'],
    ["[agents.a.tools]\nallowed = ['Bash', 'read]\n", 'non-canonical'],
    ['[agents]\ntriage.tools = ["r\n', 'invalid-tool-policy'],
    ['[agents.a.tools]\nallowed = ["Read"] \\\n', 'non-canonical'],
  ] as const) {
    const da = analyzeDocument(text);
    const at = documentFindings(da).find((f) => f.code === code);
    assert.ok(at, `${code} in ${text}`);
    const fixed = disabled(text, code, da.lines.position(at.span.start).line);
    assert.ok(fixed, text);
    assert.match(fixed, new RegExp(`^# mars-ignore: ${code}\n`, 'm'), fixed);
    assert.ok(!documentFindings(analyzeDocument(fixed)).some((f) => f.code === code), fixed);
  }
});

test('nesting past smol-toml\'s own limit (1,000) is reported at Mars\'s, the 80th level', () => {
  const text = `a = ${nest(1001)}\n`;
  const found = documentFindings(analyzeDocument(text));
  assert.deepEqual(found.map((f) => [f.code, f.span.start]), [['toml-syntax', 'a = '.length + 79]]);
  assert.match(found[0]!.message, /nested 80 deep/);
});

test('"Disable" before a lone carriage return goes on a line of its own above: the comment would run on past it', () => {
  assert.equal(disabled('[agents.x.tools]\nbash = "allow"\rx = 1\n', 'unknown-policy-key', 1), '[agents.x.tools]\n# mars-ignore: unknown-policy-key\nbash = "allow"\rx = 1\n');
});

test('the related messages of a finding escape what they quote, as its message does', () => {
  const text = '[agents.a.tools]\nallowed = ["x\u202eyz"]\ndisallowed = ["x\u202eyz"]\n';
  const conflict = documentFindings(analyzeDocument(text)).find((f) => f.code === 'allow-deny-conflict')!;
  assert.deepEqual(conflict.related!.map((r) => r.message), ['`x\\u202Eyz` in `allowed`']);
});

test('control characters of an entry show in messages as escapes, never raw', () => {
  const text = '[agents.a.tools]\nallowed = ["edit\\u0001", """a\nb""", "x\u009b"]\n';
  const messages = documentFindings(analyzeDocument(text)).map((f) => f.message);
  assert.ok(messages.some((m) => m.includes('`edit\\u0001`')), messages.join('\n'));
  assert.ok(messages.some((m) => m.includes('`a\\u000Ab`')), messages.join('\n'));
  for (const m of messages) assert.doesNotMatch(m, /[\u0000-\u001f\u007f-\u009f]/);
});

test('a list under a misspelled key (`Allowed`, `deny`, `alow`): did you mean, renamed or moved into the list that exists', () => {
  const text = '[agents.a.tools]\nAllowed = ["read"]\ndeny = ["bash"]\n[agents.b.tools]\nallowed = ["read"]\nalow = ["grep"]\n';
  const found = documentFindings(analyzeDocument(text)).map((f) => [f.message.replace(/.*Did you mean /, '').replace(/ A tools table holds only `allowed` and `disallowed` lists\.$/, ''), f.fixes.map((x) => x.title).join()]);
  assert.deepEqual(found, [['`allowed`?', 'Rename to `allowed`'], ['`disallowed`?', 'Rename to `disallowed`'], ['`allowed`?', 'Move the entries of `alow` into `allowed`']]);
  let t = text;
  for (;;) {
    const f = documentFindings(analyzeDocument(t)).find((x) => x.fixes.length > 0);
    if (!f) break;
    t = applyEdits(t, f.fixes[0]!.edits);
  }
  assert.equal(t, '[agents.a.tools]\nallowed = ["read"]\ndisallowed = ["bash"]\n[agents.b.tools]\nallowed = ["read", "grep"]\n');
});

/** `text` with the first fix of each `misplaced-tool-list` finding applied in turn, each step TOML smol-toml reads. */
function everyMisplacedFix(text: string): string {
  let t = text;
  for (;;) {
    const f = documentFindings(analyzeDocument(t)).find((x) => x.code === 'misplaced-tool-list' && x.fixes.length > 0);
    if (!f) return t;
    t = applyEdits(t, f.fixes[0]!.edits);
    assert.doesNotThrow(() => parse(t), t);
  }
}

test('a tool list outside the tools table: renamed into it, or its entries moved into the list written; never a second spelling of the table', () => {
  const text = '[agents.a]\nallowed = ["read"]\n[agents.b]\ntools.allowed = ["read"]\ndeny = ["bash"]\nallowed = ["grep", "Read"]\n' +
    '[agents.c.tool]\nallowed = ["edit"]\ndisallowed = ["web"]\n[agents.d]\ntools = { allowed = ["x"] }\ndisallowed = ["bash"]\n' +
    '[agents.e]\ntool.allowed = ["read"]\n[agents.e.tools]\n[agents.f]\nallowed = ["bash()"]\n[agents.g]\nallowed = ["read", 1]\n' +
    '[agents]\nh = { tools.allowed = ["read"], deny = ["bash"] }\n[agents.i.permissions]\nallow = ["read"]\ndeny = ["bash"]\n';
  const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'misplaced-tool-list');
  assert.deepEqual(found.map((f) => [text.slice(f.span.start, f.span.end), f.fixes.map((x) => x.title).join()]), [
    ['allowed', 'Rename to `tools.allowed`'],
    ['deny', 'Rename to `tools.disallowed`'], // the dotted keys of the same tools table take one more
    ['allowed', 'Move the entries of `allowed` into `tools.allowed`'],
    ['tool', 'Rename `tool` to `tools`'], // a header's lists, renamed together
    ['disallowed', 'Move "bash" into `disallowed`'], // `tools.disallowed` would add to the inline table: written into it
    ['tool', 'Move "read" into `allowed`'], // `[agents.e.tools]` defines the table the rename would make: moved into it
    ['allowed', ''], // `bash()` would stop the load in the list
    ['allowed', ''], // so would `1`
    ['deny', 'Rename to `tools.disallowed`'], // so too in an owner's inline table
    ['permissions', 'Rename `permissions` to `tools`, `allow` to `allowed` and `deny` to `disallowed`'], // Claude Code's keys with it, one step
  ]);
  assert.ok(found.every((f) => f.fixes.every((x) => !x.safe)), 'each puts rules in force that were not');
  assert.deepEqual(documentFixAll(analyzeDocument(text)), []);
  const t = everyMisplacedFix(text);
  assert.equal(t, '[agents.a]\ntools.allowed = ["read"]\n[agents.b]\ntools.allowed = ["read", "grep"]\ntools.disallowed = ["bash"]\n' +
    '[agents.c.tools]\nallowed = ["edit"]\ndisallowed = ["web"]\n[agents.d]\ntools = { allowed = ["x"], disallowed = ["bash"] }\n' +
    '[agents.e]\n[agents.e.tools]\nallowed = ["read"]\n[agents.f]\nallowed = ["bash()"]\n[agents.g]\nallowed = ["read", 1]\n' +
    '[agents]\nh = { tools.allowed = ["read"], tools.disallowed = ["bash"] }\n[agents.i.tools]\nallowed = ["read"]\ndisallowed = ["bash"]\n');
  // A list whose entries the tools table already holds changes nothing: fix-all removes it.
  const held = '[agents.b]\ntools.allowed = ["read"]\nallowed = ["Read"]\n';
  assert.equal(applyEdits(held, documentFixAll(analyzeDocument(held))), '[agents.b]\ntools.allowed = ["read"]\n');
});

// `tools` written as a list beside a `disallowed` list meant for the tools table (Claude's agent `tools` and `disallowedTools`
// pasted): the rename of the second would define `tools` again, so it renames both, one step, as the first's own fix renames
// it (a string made a list too); a conflict said where both hold a name. Not beside an `allowed` list (two of them), nor
// where `tools` gets no fix of its own.
// [text, the misplaced list's fixes: title, preferred; the text after the first]
const TOOLS_LIST_BESIDE: Array<[text: string, fixes: Array<[string, boolean]>, after?: string]> = [
  ['[agents.r]\ntools = ["Read", "Grep"]\ndisallowedTools = ["Write"]\n', [['Rename `disallowedTools` to `tools.disallowed` and `tools` to `tools.allowed`', true]],
    '[agents.r]\ntools.allowed = ["Read", "Grep"]\ntools.disallowed = ["Write"]\n'],
  ['[agents.r]\ndisallowed-tools = ["Write", "grep"]  # no\ntools = ["Read", "Grep"]\n', [['Rename `disallowed-tools` to `tools.disallowed` and `tools` to `tools.allowed` (a conflict: `allowed` holds "Grep")', false]],
    '[agents.r]\ntools.disallowed = ["Write", "grep"]  # no\ntools.allowed = ["Read", "Grep"]\n'],
  ['[agents]\nr.tools = ["Read"]\nr.disallowedTools = ["Write"]\n', [['Rename `disallowedTools` to `tools.disallowed` and `tools` to `tools.allowed`', true]],
    '[agents]\nr.tools.allowed = ["Read"]\nr.tools.disallowed = ["Write"]\n'],
  ['[agents]\nr = { tools = ["Read"], disallowedTools = ["Write"] }\n', [['Rename `disallowedTools` to `tools.disallowed` and `tools` to `tools.allowed`', true]],
    '[agents]\nr = { tools.allowed = ["Read"], tools.disallowed = ["Write"] }\n'],
  ['[agents.r]\ntools = ["Read"]\nallowedTools = ["Write"]\n', []],
  ['[agents.r]\ntools = ["Read", 1]\ndisallowedTools = ["Write"]\n', []],
  // Strings where the lists go (`tools: Read, Grep` pasted as a string), each made the list its own fix makes.
  ['[agents.r]\ntools = "Read, Grep"\ndisallowedTools = "Write"\n',
    [['Rename `disallowedTools` to `tools.disallowed` and `tools` to `tools.allowed`, and change `"Read, Grep"` to `["Read", "Grep"]` and `"Write"` to `["Write"]`', true]],
    '[agents.r]\ntools.allowed = ["Read", "Grep"]\ntools.disallowed = ["Write"]\n'],
  ['[agents.r]\ntools = ["Read", "Grep"]\ndisallowedTools = "Write, Grep"\n',
    [['Rename `disallowedTools` to `tools.disallowed` and `tools` to `tools.allowed`, and change `"Write, Grep"` to `["Write", "Grep"]` (a conflict: `allowed` holds "Grep")', false]],
    '[agents.r]\ntools.allowed = ["Read", "Grep"]\ntools.disallowed = ["Write", "Grep"]\n'],
  ['[agents.r]\ntools = ["Read"]\ndisallowedTools = "Write", "Edit"\n',
    [['Rename `disallowedTools` to `tools.disallowed` and `tools` to `tools.allowed`, and change `"Write", "Edit"` to `["Write", "Edit"]`', true]],
    '[agents.r]\ntools.allowed = ["Read"]\ntools.disallowed = ["Write", "Edit"]\n'],
  // Nor where `tools` has no fix of its own (a name Mars rejects).
  ['[agents.r]\ntools = "bash("\ndisallowedTools = ["Write"]\n', []],
];

for (const [text, fixes, after] of TOOLS_LIST_BESIDE) {
  test(`\`tools\` as a list beside a \`disallowed\` list: ${JSON.stringify(text)}`, () => {
    const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'misplaced-tool-list');
    assert.equal(found.length, 1);
    assert.deepEqual(found[0]!.fixes.map((x) => [x.title, x.preferred]), fixes);
    assert.ok(found[0]!.fixes.every((x) => !x.safe), 'each puts rules in force that were not');
    if (after === undefined) return;
    const fixed = applyEdits(text, found[0]!.fixes[0]!.edits);
    assert.equal(fixed, after);
    // Both lists in force: no finding of their shape or place is left.
    assert.deepEqual(documentFindings(analyzeDocument(fixed)).filter((f) => f.code === 'misplaced-tool-list' || f.code === 'invalid-tool-policy' || f.code === 'toml-syntax'), []);
  });
}

// A string beside the tools table where a list goes (`allowed = "read"`): the list it was meant as,
// `tools.allowed = ["read"]`, said and made as for a list there (renamed, or moved into the list
// written), in brackets. [the text, the finding's message end, its fixes' titles, the text after the first]
const MISPLACED_STRINGS: Array<[text: string, says: string, titles: string[], after: string | null]> = [
  // `tools` itself as the list beside a misspelt owner's table, a string or a list: renamed with the owner, made a list.
  ['[agent.d]\ntools = "read"\n', 'not part of the policy of agent `d`.', ['Rename `agent` to `agents` and `tools` to `tools.allowed`, and change `"read"` to `["read"]`'], '[agents.d]\ntools.allowed = ["read"]\n'],
  ['[agent.d]\ntools = "read, grep" # from Claude\nmodel = "m"\n', 'not part of the policy of agent `d`.', ['Rename `agent` to `agents` and `tools` to `tools.allowed`, and change `"read, grep"` to `["read", "grep"]`'], '[agents.d]\ntools.allowed = ["read", "grep"] # from Claude\nmodel = "m"\n'],
  ['[agent.d]\ntools = [\n  "read", # a comment\n]\n', 'not part of the policy of agent `d`.', ['Rename `agent` to `agents` and `tools` to `tools.allowed`'], '[agents.d]\ntools.allowed = [\n  "read", # a comment\n]\n'],
  ['[agents.d]\nallowed = "read"\n', 'Did you mean `tools.allowed = ["read"]`?', ['Rename to `tools.allowed`, and change `"read"` to `["read"]`'], '[agents.d]\ntools.allowed = ["read"]\n'],
  ["[agents.d]\ndeny = 'web'\n", "Did you mean `tools.disallowed = ['web']`?", ["Rename to `tools.disallowed`, and change `'web'` to `['web']`"], "[agents.d]\ntools.disallowed = ['web']\n"],
  ['[agents]\nd = { allowed = "read" }\n', 'Did you mean `tools.allowed = ["read"]`?', ['Rename to `tools.allowed`, and change `"read"` to `["read"]`'], '[agents]\nd = { tools.allowed = ["read"] }\n'],
  // The list written already takes the name, as it takes a list's entries.
  ['[agents.d]\ntools.allowed = ["grep"]\nallowed = "read"\n', 'Did you mean `tools.allowed = ["read"]`?', ['Move "read" into `tools.allowed`'], '[agents.d]\ntools.allowed = ["grep", "read"]\n'],
  ['[agents.d]\ntools.allowed = ["read"]\nallowed = "Read"\n', 'Did you mean `tools.allowed = ["Read"]`?', ['Remove `allowed`: `tools.allowed` already holds its entries'], '[agents.d]\ntools.allowed = ["read"]\n'],
  // The other list holds it: the move is a conflict, said so.
  ['[agents.d]\ntools.disallowed = ["read"]\nallowed = "read"\n', '`disallowed` holds "read", so in `allowed` it would be both allowed and disallowed.',
    ['Rename to `tools.allowed`, and change `"read"` to `["read"]` (a conflict: `disallowed` holds "read")'], '[agents.d]\ntools.disallowed = ["read"]\ntools.allowed = ["read"]\n'],
  // A string left open (a syntax error): what it holds is a guess, so no fix, under a misspelt owner too.
  ['[agents.d]\nallowed = """read\n', 'Did you mean `tools.allowed`?', [], null],
  ['[agent.d]\ntools = """read\n', 'not part of the policy of agent `d`.', [], null],
  // What Mars would refuse in the list, or more than a name: warned of, not moved.
  ['[agents.d]\nallowed = "bash()"\n', 'Did you mean `tools.allowed = ["bash()"]`?', [], null],
  // Names between commas (a skill's `allowed-tools: Read, Grep` pasted): one entry each, as the shape's example says; one entry of
  // them all would be an entry Claude splits at its commas. Made, moved or removed so, as `allowed = "read, grep"` in the tools
  // table is; the removal too reads the commas as meant, a guess: never safe.
  ['[agents.d]\nallowed = "read, grep"\n', 'Did you mean `tools.allowed = ["read", "grep"]`?', ['Rename to `tools.allowed`, and change `"read, grep"` to `["read", "grep"]`'], '[agents.d]\ntools.allowed = ["read", "grep"]\n'],
  ["[skills.pdf]\nallowed-tools = 'Read, Grep, Bash(python:*),'\n", 'Did you mean `tools.allowed = ["Read", "Grep", "Bash(python:*)"]`?',
    ['Rename to `tools.allowed`, and change `\'Read, Grep, Bash(python:*),\'` to `["Read", "Grep", "Bash(python:*)"]`'], null],
  ['[agents.d]\ntools.allowed = ["grep"]\nallowed = "read, grep, bash"\n', 'Did you mean `tools.allowed = ["read", "grep", "bash"]`?', ['Move "read", "bash" into `tools.allowed`'], '[agents.d]\ntools.allowed = ["grep", "read", "bash"]\n'],
  ['[agents.d]\ntools.allowed = ["read", "grep"]\nallowed = "Read, Grep"\n', 'Did you mean `tools.allowed = ["Read", "Grep"]`?', ['Remove `allowed`: `tools.allowed` already holds its entries'], '[agents.d]\ntools.allowed = ["read", "grep"]\n'],
  ['[agents.d]\ntools.disallowed = ["bash"]\nallowed = "read, bash"\n', '`disallowed` holds "bash", so in `allowed` it would be both allowed and disallowed.',
    ['Rename to `tools.allowed`, and change `"read, bash"` to `["read", "bash"]` (a conflict: `disallowed` holds "bash")'], null],
  // A piece Mars rejects (`mcp`): no names between commas, but one name Mars takes, as written.
  ['[agents.d]\nallowed = "read, mcp"\n', 'Did you mean `tools.allowed = ["read, mcp"]`?', ['Rename to `tools.allowed`, and change `"read, mcp"` to `["read, mcp"]`'], null],
  // In a table meant as `tools`: the table renamed as the string is wrapped (the rename alone would put in force a string
  // Mars refuses where the list goes); moved into the list written beside it as from beside the table.
  ['[agents.a.tool]\nallowed = "read"\n', 'so `allowed` here is not part of its policy.', ['Rename `tool` to `tools`, and change `"read"` to `["read"]`'], '[agents.a.tools]\nallowed = ["read"]\n'],
  ['[agents]\na = { permissions = { disallowed = \'web, bash\' } }\n', 'so `disallowed` here is not part of its policy.', ['Rename `permissions` to `tools`, and change `\'web, bash\'` to `["web", "bash"]`'], '[agents]\na = { tools = { disallowed = ["web", "bash"] } }\n'],
  ['[agents.a]\ntools.allowed = ["grep"]\ntool.allowed = "read"\n', 'so `allowed` here is not part of its policy.', ['Move "read" into `tools.allowed`'], '[agents.a]\ntools.allowed = ["grep", "read"]\n'],
  ['[agents.a.tool]\nallowed = "bash()"\n', 'so `allowed` here is not part of its policy.', [], null],
  // Beside a list, or another string, in that table: the one rename, each string changed to its list with it.
  ['[agents.a.tool]\nallowed = ["read"]\ndisallowed = "web"\n', 'so `allowed` and `disallowed` here are not part of its policy.',
    ['Rename `tool` to `tools`, and change `"web"` to `["web"]`'], '[agents.a.tools]\nallowed = ["read"]\ndisallowed = ["web"]\n'],
  ['[agents.a.permission]\nallow = "read, grep"\ndeny = "web"\n', 'so `allow` and `deny` here are not part of its policy.',
    ['Rename `permission` to `tools`, `allow` to `allowed` and `deny` to `disallowed`, and change `"read, grep"` to `["read", "grep"]` and `"web"` to `["web"]`'],
    '[agents.a.tools]\nallowed = ["read", "grep"]\ndisallowed = ["web"]\n'],
  ['[agents]\na = { tool = { allowed = "read", disallowed = ["web"] } }\n', 'so `allowed` and `disallowed` here are not part of its policy.',
    ['Rename `tool` to `tools`, and change `"read"` to `["read"]`'], '[agents]\na = { tools = { allowed = ["read"], disallowed = ["web"] } }\n'],
  // Not where one string gets no change of its own: renamed, it would be refused where the list goes.
  ['[agents.a.tool]\nallowed = ["read"]\ndisallowed = "bash()"\n', 'so `allowed` and `disallowed` here are not part of its policy.', [], null],
  ['[agents.a.tool]\nallowed = ["read"]\ndisallowed = "web" "bash"\n', 'so `allowed` and `disallowed` here are not part of its policy.', [], null],
  // More after it on its line, a syntax error the rename would leave: not moved either.
  ['[agents]\nd = { allowed = "read" x }\n', 'Did you mean `tools.allowed = ["read"]`?', [], null],
  // More strings after it with commas between (a syntax error): said as the list that error's fix writes, none dropped,
  // and renamed as that list, which mends the error (a trailing comma left out of it, as of the list said); not where
  // one is names between commas or one Mars rejects, nor moved into a list written, which would leave the strings after
  // the key taken out. Strings with only blanks between (`"read" "grep"`) too: their commas missing, as in brackets.
  ['[agents.d]\nallowed = "read" "grep"\n', 'Did you mean `tools.allowed = ["read", "grep"]`?',
    ['Rename to `tools.allowed`, and change `"read" "grep"` to `["read", "grep"]`'], '[agents.d]\ntools.allowed = ["read", "grep"]\n'],
  ['[agents.d]\nallowed = "read", "grep"\n', 'Did you mean `tools.allowed = ["read", "grep"]`?',
    ['Rename to `tools.allowed`, and change `"read", "grep"` to `["read", "grep"]`'], '[agents.d]\ntools.allowed = ["read", "grep"]\n'],
  ['[agents.d]\nallowed = "read", "grep",  # c\n', 'Did you mean `tools.allowed = ["read", "grep"]`?',
    ['Rename to `tools.allowed`, and change `"read", "grep",` to `["read", "grep"]`'], '[agents.d]\ntools.allowed = ["read", "grep"]  # c\n'],
  ["[agents.d]\ndeny = 'web', \"bash\"\n", 'Did you mean `tools.disallowed = [\'web\', "bash"]`?',
    ['Rename to `tools.disallowed`, and change `\'web\', "bash"` to `[\'web\', "bash"]`'], "[agents.d]\ntools.disallowed = ['web', \"bash\"]\n"],
  ['[agents]\nd = { allowed = "read", "grep" }\n', 'Did you mean `tools.allowed = ["read", "grep"]`?',
    ['Rename to `tools.allowed`, and change `"read", "grep"` to `["read", "grep"]`'], '[agents]\nd = { tools.allowed = ["read", "grep"] }\n'],
  ['[agents.d]\ntools.disallowed = ["grep"]\nallowed = "read", "grep"\n', '`disallowed` holds "grep", so in `allowed` it would be both allowed and disallowed.',
    ['Rename to `tools.allowed`, and change `"read", "grep"` to `["read", "grep"]` (a conflict: `disallowed` holds "grep")'],
    '[agents.d]\ntools.disallowed = ["grep"]\ntools.allowed = ["read", "grep"]\n'],
  ['[agents.d]\nallowed = "Read, Edit", "grep"\n', 'Did you mean `tools.allowed = ["Read, Edit", "grep"]`?', [], null],
  ['[agents.d]\nallowed = "read", "bash()"\n', 'Did you mean `tools.allowed = ["read", "bash()"]`?', [], null],
  // Values after it that are no strings make no tool list: said as the string alone, as its own fix would write it.
  ['[agents.d]\nallowed = "read", 1\n', 'Did you mean `tools.allowed = ["read"]`?', [], null],
  // Their `]` typed and not their `[`: the list's, taken in.
  ['[agents.d]\nallowed = "read", "grep" ]\n', 'Did you mean `tools.allowed = ["read", "grep"]`?',
    ['Rename to `tools.allowed`, and change `"read", "grep" ]` to `["read", "grep"]`'], '[agents.d]\ntools.allowed = ["read", "grep"]\n'],
  // A `}` after them that no `{` before it on the line opened, a comma before it or not: closing nothing, taken in too.
  ['[agents.d]\nallowed = "read", "grep"}\n', 'Did you mean `tools.allowed = ["read", "grep"]`?',
    ['Rename to `tools.allowed`, and change `"read", "grep"}` to `["read", "grep"]`'], '[agents.d]\ntools.allowed = ["read", "grep"]\n'],
  ['[agents.d]\ntools.allowed = ["edit"]\nallowed = "read", "grep"\n', 'Did you mean `tools.allowed = ["read", "grep"]`?', [], null],
  // A header's table meant as `tools` is not renamed where its section is not read to its end (`unsafeRenames`).
  ['[agents.a.tool]\nallowed = "read", "grep"\n', 'so `allowed` here is not part of its policy.', [], null],
  // Not closed on its line (being typed): said closed, as its syntax error's fix closes it, not `["gr]`; left open over
  // lines, where its end is a guess, not said.
  ['[agents.d]\nallowed = "gr\n', 'Did you mean `tools.allowed = ["gr"]`?', [], null],
  ["[agents.d]\ndeny = 'web\n", 'Did you mean `tools.disallowed = ["web"]`?', [], null],
  ['[agents.d]\nallowed = """gr\n', 'Did you mean `tools.allowed`?', [], null],
  // A multi-line string closed: said as the entry it is, its value after TOML trims the line break after its quotes (not
  // `["""\u000Aread"""]`, a line break shown as an escape); one whose value holds a line break still, which no entry said on
  // one line shows, as the list alone. Its rename wraps it as written, a list TOML reads the same.
  // Its fix's title says it so too (not `"""\u000Aread"""` to `["""\u000Aread"""]`), what the fix writes as written.
  ['[agents.d]\nallowed = """\nread"""\n', 'Did you mean `tools.allowed = ["read"]`?', ['Rename to `tools.allowed`, and change its string to `["read"]`'], '[agents.d]\ntools.allowed = ["""\nread"""]\n'],
  ["[agents.d]\ndeny = '''\nweb'''\n", 'Did you mean `tools.disallowed = ["web"]`?', ['Rename to `tools.disallowed`, and change its string to `["web"]`'], "[agents.d]\ntools.disallowed = ['''\nweb''']\n"],
  ['[agents.d]\nallowed = """read"""\n', 'Did you mean `tools.allowed = ["read"]`?', ['Rename to `tools.allowed`, and change `"""read"""` to `["""read"""]`'], null],
  ['[agents.d]\nallowed = """\nread\n"""\n', 'Did you mean `tools.allowed`?', ['Rename to `tools.allowed`, and change its string to a list holding it'], null],
  ['[agents.a.tool]\nallowed = ["read"]\ndisallowed = """\nweb"""\n', 'so `allowed` and `disallowed` here are not part of its policy.',
    ['Rename `tool` to `tools`, and change the string of `disallowed` to `["web"]`'], '[agents.a.tools]\nallowed = ["read"]\ndisallowed = ["""\nweb"""]\n'],
];
for (const [text, says, titles, after] of MISPLACED_STRINGS) {
  test(`a string beside the tools table is a misplaced list: ${JSON.stringify(text)}`, () => {
    const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'misplaced-tool-list');
    assert.equal(found.length, 1);
    const f = found[0]!;
    assert.ok(f.message.endsWith(says), f.message);
    assert.deepEqual(f.fixes.map((x) => x.title), titles);
    // Each puts a rule in force that was not, but the removal of a name the list holds already (not of names
    // between commas: held only as their split reads them).
    assert.deepEqual(f.fixes.map((x) => x.safe), f.fixes.map((x) => x.title.startsWith('Remove') && !says.includes('", "')));
    // One that makes a conflict is offered, not preferred.
    assert.deepEqual(f.fixes.map((x) => x.preferred), titles.map((t) => !t.includes('(a conflict: ')));
    if (after !== null) {
      const fixed = applyEdits(text, f.fixes[0]!.edits);
      assert.equal(fixed, after);
      assert.deepEqual(documentFindings(analyzeDocument(fixed)).filter((x) => x.code !== 'allow-deny-conflict').map((x) => x.code), []);
    }
  });
}

test('tools = [...] is renamed tools.allowed only when it lists strings: a table or a number in it would stop the load in allowed too', () => {
  const text = '[agents.a]\ntools = ["read", "bash()"]\n[agents.b]\ntools = []\n[agents.c]\ntools = [{ allowed = ["Read"] }]\n[agents.d]\ntools = ["read", 1]\n';
  const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'invalid-tool-policy');
  assert.deepEqual(found.map((f) => [text.slice(f.span.start, f.span.end), f.fixes.map((x) => x.title).join()]), [
    ['["read", "bash()"]', 'Rename to `tools.allowed`'], // `bash()` has its own fix once in the list
    ['[]', 'Rename to `tools.allowed`'],
    ['[{ allowed = ["Read"] }]', ''], // `tools.allowed = [{ allowed = ["Read"] }]` holds a table
    ['["read", 1]', ''],
  ]);
});

// `tools = "read"`: one name where the tools table goes, meant as `tools.allowed = ["read"]`, as a string beside the tools
// table is; names between commas (Claude's agent `tools: Read, Grep`) as the list of them, as `allowed = "read, grep"` gets;
// not a name Mars rejects, or with more after it on its line. [text, fixes' titles, after the first]
const TOOLS_STRINGS: Array<[text: string, titles: string[], after: string | null]> = [
  ['[agents.a]\ntools = "read"  # c\n', ['Rename to `tools.allowed`, and change `"read"` to `["read"]`'], '[agents.a]\ntools.allowed = ["read"]  # c\n'],
  ["[agents]\nb = { tools = 'grep', description = \"d\" }\n", ["Rename to `tools.allowed`, and change `'grep'` to `['grep']`"], "[agents]\nb = { tools.allowed = ['grep'], description = \"d\" }\n"],
  ['skills.s.tools = "web"\n', ['Rename to `tools.allowed`, and change `"web"` to `["web"]`'], 'skills.s.tools.allowed = ["web"]\n'],
  ["[agents.a]\ntools = 'read, grep, bash(git log *),'\n", ['Rename to `tools.allowed`, and change `\'read, grep, bash(git log *),\'` to `["read", "grep", "bash(git log *)"]`'],
    '[agents.a]\ntools.allowed = ["read", "grep", "bash(git log *)"]\n'],
  ['[agents.a]\ntools = "read, mcp"\n', ['Rename to `tools.allowed`, and change `"read, mcp"` to `["read, mcp"]`'], null],
  // A multi-line string: its title says the list TOML reads, not its line break as an escape; the fix wraps it as written.
  ['[agents.a]\ntools = """\nread"""\n', ['Rename to `tools.allowed`, and change its string to `["read"]`'], '[agents.a]\ntools.allowed = ["""\nread"""]\n'],
  ['[agents.a]\ntools = "bash()"\n', [], null],
  ['[agents.a]\ntools = "read" "grep" x\n', [], null],
  // Strings with commas between them (`tools: Read, Grep` pasted as `tools = "Read", "Grep"`, a syntax error): all of them,
  // the list in brackets the syntax error says, as beside the tools table (a trailing comma left out, an inline table's
  // next key kept); not where one is a name Mars rejects or holds names between commas, nor with more after them.
  ['[agents.a]\ntools = "read", "grep"  # c\n', ['Rename to `tools.allowed`, and change `"read", "grep"` to `["read", "grep"]`'], '[agents.a]\ntools.allowed = ["read", "grep"]  # c\n'],
  ['[agents.a]\ntools = "read" "grep"\n', ['Rename to `tools.allowed`, and change `"read" "grep"` to `["read", "grep"]`'], '[agents.a]\ntools.allowed = ["read", "grep"]\n'],
  // Their `]` typed and not their `[`: the list's, taken in (it was left, an error still).
  ['[agents.a]\ntools = "read", "grep"]\n', ['Rename to `tools.allowed`, and change `"read", "grep"]` to `["read", "grep"]`'], '[agents.a]\ntools.allowed = ["read", "grep"]\n'],
  ["[agents.a]\ntools = 'read', \"grep\",\n", ['Rename to `tools.allowed`, and change `\'read\', "grep",` to `[\'read\', "grep"]`'], "[agents.a]\ntools.allowed = ['read', \"grep\"]\n"],
  ["[agents]\nb = { tools = 'read', 'grep', description = \"d\" }\n", ["Rename to `tools.allowed`, and change `'read', 'grep'` to `['read', 'grep']`"], "[agents]\nb = { tools.allowed = ['read', 'grep'], description = \"d\" }\n"],
  ['[agents.a]\ntools = "read", "bash()"\n', [], null],
  ['[agents.a]\ntools = "read, edit", "grep"\n', [], null],
  ['[agents.a]\ntools = "read", "grep" x\n', [], null],
  // A `}` with no inline table open before it on the line closes none: taken into the list too, a comma before it or not;
  // after one string, where no list is made, the rename would leave it an error.
  ['[agents.a]\ntools = "read", "grep"}\n', ['Rename to `tools.allowed`, and change `"read", "grep"}` to `["read", "grep"]`'], '[agents.a]\ntools.allowed = ["read", "grep"]\n'],
  ['[agents.a]\ntools = "read", "grep", }  # c\n', ['Rename to `tools.allowed`, and change `"read", "grep", }` to `["read", "grep"]`'], '[agents.a]\ntools.allowed = ["read", "grep"]  # c\n'],
  ['[agents.a]\ntools = "read"}\n', [], null],
  ['[agents.a]\ntools = "read", "grep", tru\n', [], null],
  ['[agents.a]\ntools = "read", 1\n', [], null],
  ['[agents]\nb = { tools = "read", "grep" x }\n', [], null],
  ['[agents.a]\ntools = "read", "grep" = 1\n', [], null],
  ["[agents.a]\ntools = 'read', 'grep''s'\n", [], null],
  ["[agents.a]\ntools = 'read', 'it''s', 'grep'\n", [], null],
];
for (const [text, titles, after] of TOOLS_STRINGS) {
  test(`a tool name written as the tools table: ${JSON.stringify(text)}`, () => {
    const f = documentFindings(analyzeDocument(text)).find((x) => x.code === 'invalid-tool-policy')!;
    assert.deepEqual(f.fixes.map((x) => [x.title, x.preferred, x.safe]), titles.map((t) => [t, true, false]));
    if (after === null) return;
    const fixed = applyEdits(text, f.fixes[0]!.edits);
    assert.equal(fixed, after);
    assert.deepEqual(documentFindings(analyzeDocument(fixed)).map((x) => x.code), []);
  });
}

test('a tool list under a table one typo from `agents`: renamed in a header naming one owner, when no other section writes that owner', () => {
  const text = 'agent.r.tools.allowed = ["read"]\nagents.q.tools.disallowed = ["bash"]\nagent.q.tools.disallowed = ["edit"]\n' +
    '[agent.x.tools]\nallowed = ["read"]\ndeny = ["web"]\n[Skills.y]\ntools = { allowed = ["edit"] }\n[agent.u.tools]\nallowed = ["read"]\n[agents.u]\ndescription = "x"\n';
  const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'misplaced-tool-list');
  assert.deepEqual(found.map((f) => [text.slice(f.span.start, f.span.end), f.fixes.map((x) => x.title).join()]), [
    ['agent', ''], // dotted: `agents.r` defined by dotted keys would clash with any `[agents]` header
    ['agent', 'Move the entries of `disallowed` into `tools.disallowed`'], // the list written beside it takes them
    ['agent', 'Rename `agent` to `agents` and `deny` to `disallowed`'], // both lists of the header's table, the misspelt key with it
    ['Skills', 'Rename `Skills` to `skills`'],
    ['agent', 'Rename `agent` to `agents`'], // `[agents.u.tools]` beside `[agents.u]` written elsewhere is a table below it
  ]);
  assert.match(found[2]!.message, /^`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `allowed` and `deny` here are not part of the policy of agent `x`\.$/);
  const t = everyMisplacedFix(text);
  assert.equal(t, 'agent.r.tools.allowed = ["read"]\nagents.q.tools.disallowed = ["bash", "edit"]\n' +
    '[agents.x.tools]\nallowed = ["read"]\ndisallowed = ["web"]\n[skills.y]\ntools = { allowed = ["edit"] }\n[agents.u.tools]\nallowed = ["read"]\n[agents.u]\ndescription = "x"\n');
});

// A header one typo from `agents` that names no owner (`[agent]`), the owners dotted below it: renaming it renames
// the table of each, so no rename, even of one; the message names the owner only where there is one. A misspelt
// `tools` holding several lists (`tool = { … }`) is said of all of them, with no conflict note for the first alone.
// Where the owner's tools table is written (beside them, `tools.disallowed`, or in another section), their rename would
// write it again: their entries move into it instead, together (listsMove.ts), a conflict they make titled so.
// [text, the finding's message, its fixes' titles]
const MISPLACED_GROUPS: Array<[text: string, message: string, titles: string[]]> = [
  ['[agent]\nx.tools.allowed = ["read"]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `allowed` here is not part of the policy of agent `x`.', []],
  ['[agent]\nx.tools.allowed = ["a"]\ny.tools.allowed = ["b"]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `allowed` here is not part of any agent\'s policy.', []],
  ['[agents.a]\ntools.disallowed = ["read"]\ntool = { allowed = ["read"], deny = ["x"] }\n', '`tool` is not `tools`: Mars reads the tool lists of agent `a` only from its `tools` table, so `allowed` and `deny` here are not part of its policy.',
    ['Move "read" into `allowed` and "x" into `disallowed` (a conflict: `disallowed` holds "read")']],
  // Claude Code's settings name their lists `permissions.allow` and `.deny`: pasted into an agent, they are read as meant for `tools`
  // (its `ask`, which Mars has no list for, is left as it is).
  // Their keys are renamed with the table (`allow` to `allowed`), each misspelt list Mars would read once renamed; not two keys
  // meant as one list (`allow` beside `allowed`, whose entries the second step moves), nor a key written there already.
  ['[agents.a.permissions]\nallow = ["Bash(npm test:*)"]\ndeny = ["WebFetch"]\nask = ["Edit"]\n', '`permissions` is not `tools`: Mars reads the tool lists of agent `a` only from its `tools` table, so `allow` and `deny` here are not part of its policy.', ['Rename `permissions` to `tools`, `allow` to `allowed` and `deny` to `disallowed`']],
  ['[skills.s]\npermissions = { allow = ["Read"] }\n', '`permissions` is not `tools`: Mars reads the tool lists of skill `s` only from its `tools` table, so `allow` here is not part of its policy.', ['Rename `permissions` to `tools` and `allow` to `allowed`']],
  ['[agents.a.permissions]\nallow = ["read"]\nallowed = ["grep"]\n', '`permissions` is not `tools`: Mars reads the tool lists of agent `a` only from its `tools` table, so `allow` and `allowed` here are not part of its policy.', ['Rename `permissions` to `tools`']],
  ['[agents.a.permissions]\nallow = ["read"]\nbash = "deny"\ndisallowed = ["web"]\n', '`permissions` is not `tools`: Mars reads the tool lists of agent `a` only from its `tools` table, so `allow`, `bash = "deny"` and `disallowed` here are not part of its policy.', ['Rename `permissions` to `tools` and `allow` to `allowed`']],
  ['[agents.a]\npermissions.deny = ["Read"]\n[agents.a.tools]\nallowed = []\n', '`permissions` is not `tools`: Mars reads the tool lists of agent `a` only from its `tools` table, so `deny` here is not part of its policy.', ['Move "Read" into `disallowed`']],
  // Lists renamed together into `tools` come into force together: an entry both hold (by meaning) is the conflict they make,
  // said of `disallowed` as `allow-deny-conflict` says it, in the message and the title, as a single rename's (not preferred);
  // none for lists beside the tools table (`[agent.a]`), still outside it once renamed.
  ['[agent.a.tools]\nallowed = ["read", "grep"]\ndeny = ["Read", "web"]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `allowed` and `deny` here are not part of the policy of agent `a`. `allowed` holds "read", so in `disallowed` it would be both allowed and disallowed.',
    ['Rename `agent` to `agents` and `deny` to `disallowed` (a conflict: `allowed` holds "read")']],
  ['[agents.a.permissions]\nallow = ["read", "edit"]\ndeny = ["edit", "read"]\n', '`permissions` is not `tools`: Mars reads the tool lists of agent `a` only from its `tools` table, so `allow` and `deny` here are not part of its policy. `allowed` holds "edit", "read", so in `disallowed` they would be both allowed and disallowed.',
    ['Rename `permissions` to `tools`, `allow` to `allowed` and `deny` to `disallowed` (a conflict: `allowed` holds "edit", "read")']],
  ['[agents.a.tool]\nallowed = ["read"]\ndisallowed = ["read"]\n', '`tool` is not `tools`: Mars reads the tool lists of agent `a` only from its `tools` table, so `allowed` and `disallowed` here are not part of its policy. `allowed` holds "read", so in `disallowed` it would be both allowed and disallowed.',
    ['Rename `tool` to `tools` (a conflict: `allowed` holds "read")']],
  // Not of a list whose key the rename leaves as written, two keys being meant as one list (`deny` beside `disallowed`).
  ['[agent.a.tools]\nallowed = ["read"]\ndeny = ["read"]\ndisallowed = ["grep"]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `allowed`, `deny` and `disallowed` here are not part of the policy of agent `a`.',
    ['Rename `agent` to `agents`']],
  ['[agent.a.tools]\nallowed = ["read"]\ndeny = ["web"]\ndisallowed = ["Read"]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `allowed`, `deny` and `disallowed` here are not part of the policy of agent `a`. `allowed` holds "read", so in `disallowed` it would be both allowed and disallowed.',
    ['Rename `agent` to `agents` (a conflict: `allowed` holds "read")']],
  // Nor of a string in a misspelt owner's tools table: its key is left as written, which renamed would put the string in
  // force where Mars refuses one (`disallowed = "read"`); Mars ignores `deny` there, which then gets its own fix.
  ['[agent.a.tools]\nallowed = ["read"]\ndeny = "read"\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `allowed` and `deny` here are not part of the policy of agent `a`.',
    ['Rename `agent` to `agents`']],
  ['[agent.a.tools]\ndeny = "web"\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `deny` here is not part of the policy of agent `a`.',
    ['Rename `agent` to `agents`']],
  // Named once, as `allowed` first spells it, however many spellings of it either list holds.
  ['[agents.a.tool]\nallowed = ["read", "Read"]\ndisallowed = ["Read", "read"]\n', '`tool` is not `tools`: Mars reads the tool lists of agent `a` only from its `tools` table, so `allowed` and `disallowed` here are not part of its policy. `allowed` holds "read", so in `disallowed` it would be both allowed and disallowed.',
    ['Rename `tool` to `tools` (a conflict: `allowed` holds "read")']],
  // A rule renamed with a list (`edit = "deny"`) is no list: its value is no tool name the lists could share.
  ['[agents.a.permissions]\nallow = ["deny"]\nedit = "deny"\n', '`permissions` is not `tools`: Mars reads the tool lists of agent `a` only from its `tools` table, so `allow` and `edit = "deny"` here are not part of its policy.',
    ['Rename `permissions` to `tools` and `allow` to `allowed`']],
  ['[agent.a]\nallowed = ["read"]\ndeny = ["read"]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `allowed` and `deny` here are not part of the policy of agent `a`.',
    ['Rename `agent` to `agents` and `deny` to `disallowed`']],
  // One typo from either name is read as it is, as one from `tools` is.
  ['[agents.a.permisions]\ndeny = ["WebFetch"]\n', '`permisions` is not `tools`: Mars reads the tool lists of agent `a` only from its `tools` table, so `deny` here is not part of its policy.', ['Rename `permisions` to `tools` and `deny` to `disallowed`']],
  ['[agents.c]\nPermision = { edit = "deny" }\n', '`Permision` is not `tools`: Mars reads the tool lists of agent `c` only from its `tools` table, so `edit = "deny"` here is not part of its policy.', ['Rename `Permision` to `tools`']],
  // OpenCode's agent config names its map of verdicts `permission`; it and map-form rules (`bash = "allow"`, OpenCode's
  // `write = false`) in a table meant as `tools` are said and renamed as a list there is, each rule named as written.
  ['[agents.a.permission]\nallow = ["read"]\n', '`permission` is not `tools`: Mars reads the tool lists of agent `a` only from its `tools` table, so `allow` here is not part of its policy.', ['Rename `permission` to `tools` and `allow` to `allowed`']],
  ['[agents.a.tool]\nbash = "allow"\n', '`tool` is not `tools`: Mars reads the tool lists of agent `a` only from its `tools` table, so `bash = "allow"` here is not part of its policy.', ['Rename `tool` to `tools`']],
  ['[agents.c.permission]\nedit = "deny"\nwebfetch = \'allow\'\nbash = "ask"\n', '`permission` is not `tools`: Mars reads the tool lists of agent `c` only from its `tools` table, so `edit = "deny"` and `webfetch = \'allow\'` here are not part of its policy.', ['Rename `permission` to `tools`']],
  ['[skills.s]\ntool = { bash = true, write = false }\n', '`tool` is not `tools`: Mars reads the tool lists of skill `s` only from its `tools` table, so `bash = true` and `write = false` here are not part of its policy.', ['Rename `tool` to `tools`']],
  ['[agents.a]\npermission.edit = "Deny"\n', '`permission` is not `tools`: Mars reads the tool lists of agent `a` only from its `tools` table, so `edit = "Deny"` here is not part of its policy.', ['Rename `permission` to `tools`']],
  // OpenCode's table of patterns below the tool (`bash = { "git *" = "allow" }`) is a rule there too, named as written; not one
  // of only `"ask"`.
  ['[agents.c.permission]\nbash = { "git log*" = "allow", "*" = "ask" }\nedit = { "*" = "ask" }\n', '`permission` is not `tools`: Mars reads the tool lists of agent `c` only from its `tools` table, so `bash = { "git log*" = "allow", "*" = "ask" }` here is not part of its policy.', ['Rename `permission` to `tools`']],
  ['[agents.c]\npermission = { bash = { "git push" = "deny" } }\n', '`permission` is not `tools`: Mars reads the tool lists of agent `c` only from its `tools` table, so `bash = { "git push" = "deny" }` here is not part of its policy.', ['Rename `permission` to `tools`']],
  // So is each rule of such a table written below the tool, dotted or in a table of its own (read whole, as in `tools`), named
  // by the dotted key it makes; the rename of a header renames its `permission`.
  ['[agents.c.permission.bash]\n"git push" = "deny"\n"git status" = \'allow\'\n"*" = "ask"\n', '`permission` is not `tools`: Mars reads the tool lists of agent `c` only from its `tools` table, so `bash."git push" = "deny"` and `bash."git status" = \'allow\'` here are not part of its policy.', ['Rename `permission` to `tools`']],
  ['[agents.c.permission]\nbash."git push" = "deny"\nedit = "allow"\n', '`permission` is not `tools`: Mars reads the tool lists of agent `c` only from its `tools` table, so `bash."git push" = "deny"` and `edit = "allow"` here are not part of its policy.', ['Rename `permission` to `tools`']],
  // A table of patterns over lines (TOML 1.1) named on one line, without its comment or line breaks.
  ['[agents.e.permission]\nbash = { # from opencode\n  "git *" = "allow",\n  "*" = "ask" }\n', '`permission` is not `tools`: Mars reads the tool lists of agent `e` only from its `tools` table, so `bash = { "git *" = "allow", "*" = "ask" }` here is not part of its policy.', ['Rename `permission` to `tools`']],
  // A one-line table of patterns is named as written (`{"git *" = "allow"}`), not as its key/values joined (`{ "git *" = "allow" }`),
  // which is only for one over lines.
  ['[agents.a.tool]\nbash = {"git *" = "allow"}\n', '`tool` is not `tools`: Mars reads the tool lists of agent `a` only from its `tools` table, so `bash = {"git *" = "allow"}` here is not part of its policy.', ['Rename `tool` to `tools`']],
  // A map-form rule's verdict is no tool name: the other list holding `"allow"` makes no conflict to note.
  ['[agents.a]\npermission.bash = "allow"\ntools.disallowed = ["allow", "bash"]\n', '`permission` is not `tools`: Mars reads the tool lists of agent `a` only from its `tools` table, so `bash = "allow"` here is not part of its policy.', ['Rename `permission` to `tools`']],
  ['[agents.c]\npermission = { bash."git *" = true }\n', '`permission` is not `tools`: Mars reads the tool lists of agent `c` only from its `tools` table, so `bash."git *" = true` here is not part of its policy.', ['Rename `permission` to `tools`']],
  ['[agents.a.tool]\nallowed = ["read"]\nbash = "deny"\n', '`tool` is not `tools`: Mars reads the tool lists of agent `a` only from its `tools` table, so `allowed` and `bash = "deny"` here are not part of its policy.', ['Rename `tool` to `tools`']],
  // No rename where it would put in force what stops Mars's load: the message says what, as no lightbulb will.
  ['[agents.a.tool]\nallowed = ["read"]\nmcp = ["gh"]\n', '`tool` is not `tools`: Mars reads the tool lists of agent `a` only from its `tools` table, so `allowed` here is not part of its policy. Not renamed for you: there, its `mcp` would stop Mars\'s load (`tools.mcp` was removed: name MCP servers in `allowed` as `mcp(server)` first).', []],
  ['[agents.a.tool]\nallowed = ["read", "mcp"]\n', '`tool` is not `tools`: Mars reads the tool lists of agent `a` only from its `tools` table, so `allowed` here is not part of its policy. Not renamed for you: there, `mcp` would stop Mars\'s load, as it is no tool name Mars accepts.', []],
  // Below `tools` itself, a map-form rule is said with the lists (renamed, it is a key Mars ignores there still, told so then with its
  // move), and the rename is the fix of both, as for the rule alone (`[agent.a.tools.bash]` too).
  ['[agent.a.tools]\nbash = "allow"\nallowed = ["read"]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `bash = "allow"` and `allowed` here are not part of the policy of agent `a`.', ['Rename `agent` to `agents`']],
  // A dotted pattern below a name that is no tool is no rule (`foo."git *"`), as in the tools table itself.
  ['[agent.a.tools]\nfoo."git *" = "allow"\nallowed = ["read"]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `allowed` here is not part of the policy of agent `a`.', ['Rename `agent` to `agents`']],
  ['[agent.a.tools]\nfoo."git *" = "alow"\nallowed = ["read"]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `allowed` here is not part of the policy of agent `a`.', ['Rename `agent` to `agents`']],
  ['[agent.a.tools.bash]\n"git *" = "allow"\n"rm *" = "deny"\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `bash."git *" = "allow"` and `bash."rm *" = "deny"` here are not part of the policy of agent `a`.', ['Rename `agent` to `agents`']],
  ['[agent.a.tool]\nbash = "allow"\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `bash = "allow"` here is not part of the policy of agent `a`.', ['Rename `agent` to `agents`']],
  // Under a misspelt owner, what an owner spelt right would be told of, each rule named as written: OpenCode's patterns in a table
  // meant as `tools`, dotted or in a table of their own, and a string beside the tools table, the rename alone (it stays outside
  // `tools`, told so then, with its fix); a string in `tools` itself gets none, as the rename would put it in force, refused.
  ['[agent.a.permission]\nbash."x *" = "allow"\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `bash."x *" = "allow"` here is not part of the policy of agent `a`.', ['Rename `agent` to `agents`']],
  // So is one dotted below the tool in its `tools` table itself, as one in a table of its own there is; renamed, it is a key
  // Mars ignores in `tools`, told so then with its move. Dotted from the root, or from `[agent]`, the owner is not renamed.
  ['[agent.a.tools]\nbash."x *" = "allow"\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `bash."x *" = "allow"` here is not part of the policy of agent `a`.', ['Rename `agent` to `agents`']],
  ['[agent.a]\ntools.bash."x *" = "deny"\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `bash."x *" = "deny"` here is not part of the policy of agent `a`.', ['Rename `agent` to `agents`']],
  ['agent.a.tools.bash."x *" = "allow"\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `bash."x *" = "allow"` here is not part of the policy of agent `a`.', []],
  // A verdict one typo from `"allow"` or `"deny"` in its `tools` too: renamed, the key is one Mars ignores there, said so then.
  ['[agent.a.tools]\nbash = "alow"\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `bash = "alow"` here is not part of the policy of agent `a`.', ['Rename `agent` to `agents`']],
  ['[agent.a.tools]\nbash."x *" = "alow"\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `bash."x *" = "alow"` here is not part of the policy of agent `a`.', ['Rename `agent` to `agents`']],
  ['[agent.a.tools]\nbash = "ask"\nedit = "Dny"\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `edit = "Dny"` here is not part of the policy of agent `a`.', ['Rename `agent` to `agents`']],
  // A rule keyed `tools` in `tools` itself is no `tools` written as the list: the rename alone, as for any other rule.
  ['[agent.a.tools]\ntools = "allow"\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `tools = "allow"` here is not part of the policy of agent `a`.', ['Rename `agent` to `agents`']],
  // So in a table meant as `tools` (`[agents.a.tool]`, `[agent.a.permission.bash]`), by key, dotted, inline or in a table of its own:
  // renamed, the rule is a key Mars ignores in `tools`, read so there too (`mapFormList`), with its move.
  ['[agents.a.tool]\nallowed = ["read"]\nbash = "alow"\n', '`tool` is not `tools`: Mars reads the tool lists of agent `a` only from its `tools` table, so `allowed` and `bash = "alow"` here are not part of its policy.', ['Rename `tool` to `tools`']],
  ['[agents.a.tool]\nallowed = ["read"]\nbash."git *" = "alow"\n', '`tool` is not `tools`: Mars reads the tool lists of agent `a` only from its `tools` table, so `allowed` and `bash."git *" = "alow"` here are not part of its policy.', ['Rename `tool` to `tools`']],
  ['[agents.a.tool]\nallowed = ["read"]\nbash = { "git *" = "alow" }\n', '`tool` is not `tools`: Mars reads the tool lists of agent `a` only from its `tools` table, so `allowed` and `bash = { "git *" = "alow" }` here are not part of its policy.', ['Rename `tool` to `tools`']],
  ['[agent.a.permission.bash]\n"x *" = "alow"\n"y *" = "allow"\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `bash."x *" = "alow"` and `bash."y *" = "allow"` here are not part of the policy of agent `a`.', ['Rename `agent` to `agents`']],
  ['[agent.a.tools.bash]\n"x *" = "alow"\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `bash."x *" = "alow"` here is not part of the policy of agent `a`.', ['Rename `agent` to `agents`']],
  ['[skill.s.tools.bash]\n"x *" = "deny"\n"y *" = "Dny"\n"*" = "ask"\n', '`skill` is not `skills`: Mars reads tool policies only under `agents` and `skills`, so `bash."x *" = "deny"` and `bash."y *" = "Dny"` here are not part of the policy of skill `s`.', ['Rename `skill` to `skills`']],
  ['[skill.s.permission.bash]\n"x *" = "allow"\n"y *" = "deny"\n"*" = "ask"\n', '`skill` is not `skills`: Mars reads tool policies only under `agents` and `skills`, so `bash."x *" = "allow"` and `bash."y *" = "deny"` here are not part of the policy of skill `s`.', ['Rename `skill` to `skills`']],
  ['[agent.a]\nallowed = "read"\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `allowed` here is not part of the policy of agent `a`.', ['Rename `agent` to `agents`']],
  ['[agent.a]\nallowed = "read"\ntools.disallowed = ["web"]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `allowed` and `disallowed` here are not part of the policy of agent `a`.', ['Rename `agent` to `agents`']],
  ['[agent.a.tools]\nallowed = "read"\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `allowed` here is not part of the policy of agent `a`. Not renamed for you: there, Mars would refuse it, as `allowed` of agent `a` must be a list of tool names, such as `allowed = ["read"]`.', []],
  // `tools` itself written as the list beside the owner's table, meant as its `allowed` (at the root too): said with the owner,
  // renamed `tools.allowed` with it, a string made a list: renamed alone, it would put in force a `tools` that is no table,
  // which stops the load (`invalid-tool-policy`). None where that is not sure: a syntax error in the section (`"read", "grep"`),
  // `allowed` written beside it too (two keys meant as one list), a name in it Mars rejects, a clash with another section.
  ['[agent.a]\ntools = ["read"]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `tools` here is not part of the policy of agent `a`.', ['Rename `agent` to `agents` and `tools` to `tools.allowed`']],
  ['[agent.a]\ntools = "read"\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `tools` here is not part of the policy of agent `a`.', ['Rename `agent` to `agents` and `tools` to `tools.allowed`, and change `"read"` to `["read"]`']],
  ['[agent.a]\ntools = "read, grep"\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `tools` here is not part of the policy of agent `a`.', ['Rename `agent` to `agents` and `tools` to `tools.allowed`, and change `"read, grep"` to `["read", "grep"]`']],
  ['[skill.s]\ntools = []\n', '`skill` is not `skills`: Mars reads tool policies only under `agents` and `skills`, so `tools` here is not part of the policy of skill `s`.', ['Rename `skill` to `skills` and `tools` to `tools.allowed`']],
  ['[agent.a]\ntools = ["read"]\ndisallowed = ["web"]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `tools` and `disallowed` here are not part of the policy of agent `a`.', ['Rename `agent` to `agents` and `tools` to `tools.allowed`']],
  ['[agent.a]\ntools = "read", "grep"\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `tools` here is not part of the policy of agent `a`.', []],
  ['[agent.a]\ntools = ["read"]\nallowed = ["web"]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `tools` and `allowed` here are not part of the policy of agent `a`.', []],
  ['[agent.a]\ntools = ["read", "bash()"]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `tools` here is not part of the policy of agent `a`. Not renamed for you: there, `bash()` would stop Mars\'s load, as it is no tool name Mars accepts.', []],
  ['[agent.a]\ntools = ["read", 1]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `tools` here is not part of the policy of agent `a`. Not renamed for you: there, Mars would refuse it, as `tools` of agent `a` must be a table with `allowed` and `disallowed` lists, not a list.', []],
  ['[agent.a]\ntools = ["read"]\n[agents.a.tools]\ndisallowed = ["web"]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `tools` here is not part of the policy of agent `a`.', []],
  // The rename writes `tools.allowed`, a dotted key: a table below `tools` in a header of its own is no clash with it (TOML 1.0).
  ['[agent.a]\ntools = ["read"]\n[agents.a.tools.bash]\n"git *" = "allow"\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `tools` here is not part of the policy of agent `a`.', ['Rename `agent` to `agents` and `tools` to `tools.allowed`']],
  ['[agent.a]\ntools = ["read"]\n[agents.a]\nmodel = "m"\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `tools` here is not part of the policy of agent `a`.', []],
  ['agent.a.tools = ["read"]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `tools` here is not part of the policy of agent `a`.', []],
  // Nor a verdict (`"allow"`), which names no tool; nor, for a list beside it, a `tools` that is no list of names (`1`), which
  // the owner's rename would put in force as it is, stopping the load.
  ['[agent.a]\ntools = "allow"\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `tools` here is not part of the policy of agent `a`. Not renamed for you: there, Mars would refuse it, as `tools` of agent `a` must be a table with `allowed` and `disallowed` lists, not a string.', []],
  ['[agent.a]\ntools = 1\ndisallowed = ["web"]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `disallowed` here is not part of the policy of agent `a`. Not renamed for you: there, Mars would refuse it, as `tools` of agent `a` must be a table with `allowed` and `disallowed` lists, not an integer.', []],
  // Not where the rename would make a second spelling of the tools table, as for a list: the rule moves into it instead.
  ['[agents.a]\ntool.bash = "allow"\n[agents.a.tools]\nallowed = []\n', '`tool` is not `tools`: Mars reads the tool lists of agent `a` only from its `tools` table, so `bash = "allow"` here is not part of its policy.', ['Move "bash" into `allowed`']],
  ['[agents.a]\ntools.allowed = ["read"]\ntool = { bash = "allow" }\n', '`tool` is not `tools`: Mars reads the tool lists of agent `a` only from its `tools` table, so `bash = "allow"` here is not part of its policy.', ['Move "bash" into `allowed`']],
  // A part renamed in a header writes that header renamed, dropped only where another section clashes with it as TOML reads
  // them: a table a header or dotted keys made above it is none (`[agents.d]`, `d.model`), nor a header below it
  // (`[agents.a.tools.sub]`), nor an array of tables written before it; a header or a key at its path, a value above it,
  // or an array of tables above it written after it, is one.
  ['[agents.d]\ndescription = "x"\n[agent.d.tools]\nallowed = ["read"]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `allowed` here is not part of the policy of agent `d`.', ['Rename `agent` to `agents`']],
  ['[agent.d]\nallowed = ["read"]\n[agents.d.tools]\ndisallowed = ["web"]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `allowed` here is not part of the policy of agent `d`.', ['Rename `agent` to `agents`']],
  ['[agents.a.tool]\nallowed = ["read"]\n[agents.a.tools.sub]\n', '`tool` is not `tools`: Mars reads the tool lists of agent `a` only from its `tools` table, so `allowed` here is not part of its policy.', ['Rename `tool` to `tools`']],
  // The header's keys are judged as the rename writes them: `disallowed`, which the table `[agents.a.tools.disallowed]` defines.
  ['[agents.a.permissions]\ndeny = ["web"]\n[agents.a.tools.disallowed]\nx = 1\n', '`permissions` is not `tools`: Mars reads the tool lists of agent `a` only from its `tools` table, so `deny` here is not part of its policy.', []],
  ['[agents.a.tool.bash]\n"git *" = "allow"\n[agents.a.tools.sub]\n', '`tool` is not `tools`: Mars reads the tool lists of agent `a` only from its `tools` table, so `bash."git *" = "allow"` here is not part of its policy.', ['Rename `tool` to `tools`']],
  ['[agents.c.permission.bash]\n"git push" = "deny"\n[agents.c.tools]\nallowed = []\n', '`permission` is not `tools`: Mars reads the tool lists of agent `c` only from its `tools` table, so `bash."git push" = "deny"` here is not part of its policy.', ['Rename `permission` to `tools`']],
  ['[agents.a.permissions]\nallow = ["read"]\n[agents.a.tools.sub]\n', '`permissions` is not `tools`: Mars reads the tool lists of agent `a` only from its `tools` table, so `allow` here is not part of its policy.', ['Rename `permissions` to `tools` and `allow` to `allowed`']],
  ['[[agents.d]]\nname = "d"\n[agent.d.tools]\nallowed = ["read"]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `allowed` here is not part of the policy of agent `d`.', ['Rename `agent` to `agents`']],
  ['[agent.d.tools]\nallowed = ["read"]\n[[agents.d]]\nname = "d"\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `allowed` here is not part of the policy of agent `d`.', []],
  ['[agent.d.tools]\nallowed = ["read"]\n[[agents]]\nname = "d"\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `allowed` here is not part of the policy of agent `d`.', []],
  ['[agents]\nd = "x"\n[agent.d.tools]\nallowed = ["read"]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `allowed` here is not part of the policy of agent `d`.', []],
  ['[agent.d.tools]\nallowed = ["read"]\n[agents]\nd.model = "m"\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `allowed` here is not part of the policy of agent `d`.', []],
  // Nor where dotted keys written after it pass a table above it (`d.x.y`): toml_edit (Mars) takes that, smol-toml does
  // not, so the file would be refused where another parser reads it.
  ['[agent.d.tools]\nallowed = ["read"]\n[agents]\nd.x.y = 1\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `allowed` here is not part of the policy of agent `d`.', []],
  ['[agents]\nd = { model = "m" }\n[agent.d.tools]\nallowed = ["read"]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `allowed` here is not part of the policy of agent `d`.', []],
  ['[agents.d.tools]\nx = 1\n[agent.d.tools]\nallowed = ["read"]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `allowed` here is not part of the policy of agent `d`.', []],
  ['[agents.a.permissions]\nallow = ["read"]\n[agents.a]\ntools.x = 1\n', '`permissions` is not `tools`: Mars reads the tool lists of agent `a` only from its `tools` table, so `allow` here is not part of its policy.', []],
  // The keys of a header renamed are written with it: a dotted key putting its value into a table a header made, before or
  // after it (`tools.allowed` beside `[agents.a.tools]`), or below which a header written before it made one on its way
  // (`[agents.a.tools.sub]`), or a key another section defines, is a clash; a header below it written after it is none.
  ['[agents.a.tools]\ndisallowed = ["web"]\n[agent.a]\ntools.allowed = ["read"]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `allowed` here is not part of the policy of agent `a`.', []],
  ['[agent.a]\ntools.allowed = ["read"]\n[agents.a.tools]\ndisallowed = ["web"]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `allowed` here is not part of the policy of agent `a`.', []],
  ['[agent.a]\ntools = { allowed = ["read"] }\n[agents.a.tools]\ndisallowed = ["web"]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `allowed` here is not part of the policy of agent `a`.', []],
  ['[agents.a.tools.sub]\nx = 1\n[agent.a]\ntools.allowed = ["read"]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `allowed` here is not part of the policy of agent `a`.', []],
  ['[agent.a]\ntools.allowed = ["read"]\n[agents.a.tools.sub]\nx = 1\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `allowed` here is not part of the policy of agent `a`.', ['Rename `agent` to `agents`']],
  ['[agent.a.tools]\nallowed = ["read"]\n[agents.a.tools.allowed]\nx = 1\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `allowed` here is not part of the policy of agent `a`.', []],
  // The keys of a section whose header is renamed are written under it too: a table a dotted key goes through, or one an
  // inline table is, clashes with that table's header elsewhere, and with a header below it written before the key.
  ['[agents.a.tools]\nallowed = ["read"]\n[agent.a]\ntools.disallowed = ["web"]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `disallowed` here is not part of the policy of agent `a`.', []],
  ['[agent.a]\ntools.disallowed = ["web"]\n[agents.a.tools]\nallowed = ["read"]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `disallowed` here is not part of the policy of agent `a`.', []],
  ['[agents.a.tools.sub]\n[agent.a]\ntools.disallowed = ["web"]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `disallowed` here is not part of the policy of agent `a`.', []],
  ['[agent.a]\ntools = { disallowed = ["web"] }\n[agents.a.tools.sub]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `disallowed` here is not part of the policy of agent `a`.', []],
  ['[agent.a]\ntools.disallowed = ["web"]\n[agents.a.tools.sub]\n', '`agent` is not `agents`: Mars reads tool policies only under `agents` and `skills`, so `disallowed` here is not part of the policy of agent `a`.', ['Rename `agent` to `agents`']],
  // Past five rules, the first five and how many more, as a tools table's patterns are said (20,000 made a message of 569,024 characters).
  [`[agents.c.permission.bash]\n${Array.from({ length: 6 }, (_, i) => `"p${i} *" = "allow"\n`).join('')}`,
    '`permission` is not `tools`: Mars reads the tool lists of agent `c` only from its `tools` table, so `bash."p0 *" = "allow"`, `bash."p1 *" = "allow"`, `bash."p2 *" = "allow"`, `bash."p3 *" = "allow"`, `bash."p4 *" = "allow"` and 1 more here are not part of its policy.', ['Rename `permission` to `tools`']],
  [`[agents.c.permission]\n${['edit', 'write', 'read', 'grep', 'glob'].map((t) => `${t} = "deny"\n`).join('')}`,
    '`permission` is not `tools`: Mars reads the tool lists of agent `c` only from its `tools` table, so `edit = "deny"`, `write = "deny"`, `read = "deny"`, `grep = "deny"` and `glob = "deny"` here are not part of its policy.', ['Rename `permission` to `tools`']],
];
for (const [text, message, titles] of MISPLACED_GROUPS) {
  test(`lists under one misspelt part: ${JSON.stringify(text)}`, async () => {
    const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'misplaced-tool-list');
    assert.deepEqual(found.map((f) => [f.message, f.fixes.map((x) => x.title)]), [[message, titles]]);
    // A rename that makes a conflict is offered, not preferred.
    assert.deepEqual(found[0]!.fixes.map((x) => x.preferred), titles.map((t) => !t.includes('(a conflict: ')));
    // Each fix of a text TOML 1.0 reads writes what it reads, as toml_edit (Mars's parser) and smol-toml do.
    for (const fix of (await tomlEditTakes(text)) ? found[0]!.fixes : []) {
      const fixed = applyEdits(text, fix.edits);
      assert.equal(await tomlEditTakes(fixed), true, fixed);
      assert.doesNotThrow(() => parse(fixed), fixed);
    }
  });
}

// A list of no agent or skill: said as Mars reads it, each rule as written; no owner to move it to, so no fix. [text, message]
const ROOT_LISTS: Array<[text: string, message: string]> = [
  ['[tools]\nallowed = ["read"]\n', 'Mars reads tool lists only in an agent\'s or a skill\'s `tools` table (`[agents.<name>.tools]`), not in a table `tools` at the root, so `allowed` here applies to no agent or skill.'],
  ['[permissions]\nallow = ["Bash(npm test:*)"]\ndeny = ["WebFetch"]\nask = ["Edit"]\ndefaultMode = "acceptEdits"\n',
    'Mars reads tool lists only in an agent\'s or a skill\'s `tools` table (`[agents.<name>.tools]`), not in a table `permissions` at the root, so `allow` and `deny` here apply to no agent or skill.'],
  ['[permission]\nedit = "deny"\nwebfetch = false\nbash = "ask"\ndebug = true\n',
    'Mars reads tool lists only in an agent\'s or a skill\'s `tools` table (`[agents.<name>.tools]`), not in a table `permission` at the root, so `edit = "deny"` and `webfetch = false` here apply to no agent or skill.'],
  ['tools = { allowed = ["read"], bash = "allow" }\n', 'Mars reads tool lists only in an agent\'s or a skill\'s `tools` table (`[agents.<name>.tools]`), not in a table `tools` at the root, so `allowed` and `bash = "allow"` here apply to no agent or skill.'],
  ['allowed = ["x"]\n', 'Mars reads tool lists only in an agent\'s or a skill\'s `tools` table (`[agents.<name>.tools]`), so `allowed` here applies to no agent or skill.'],
  ['disallowedTools = "Bash"\n[agents.a.tools]\nallowed = []\n', 'Mars reads tool lists only in an agent\'s or a skill\'s `tools` table (`[agents.<name>.tools]`), so `disallowedTools` here applies to no agent or skill.'],
  ['[permisions]\ndeny = ["bash"]\n', 'Mars reads tool lists only in an agent\'s or a skill\'s `tools` table (`[agents.<name>.tools]`), not in a table `permisions` at the root, so `deny` here applies to no agent or skill.'],
  ['tools = ["read", "grep"]\n', 'Mars reads tool lists only in an agent\'s or a skill\'s `tools` table (`[agents.<name>.tools]`), so `tools` here applies to no agent or skill.'],
  ['tools = "read"\n', 'Mars reads tool lists only in an agent\'s or a skill\'s `tools` table (`[agents.<name>.tools]`), so `tools` here applies to no agent or skill.'],
  // OpenCode's global `permission` with patterns below a tool: inline, dotted, or a table of its own as a converter writes it.
  ['[permission]\nbash = { "git *" = "allow", "*" = "ask" }\nedit = "deny"\n',
    'Mars reads tool lists only in an agent\'s or a skill\'s `tools` table (`[agents.<name>.tools]`), not in a table `permission` at the root, so `bash = { "git *" = "allow", "*" = "ask" }` and `edit = "deny"` here apply to no agent or skill.'],
  ['[permission.bash]\n"git push" = "deny"\n"*" = "ask"\n', 'Mars reads tool lists only in an agent\'s or a skill\'s `tools` table (`[agents.<name>.tools]`), not in a table `permission` at the root, so `bash."git push" = "deny"` here applies to no agent or skill.'],
  ['[permission]\nbash = {\n  "rm *" = "deny", # never\n}\n', 'Mars reads tool lists only in an agent\'s or a skill\'s `tools` table (`[agents.<name>.tools]`), not in a table `permission` at the root, so `bash = { "rm *" = "deny" }` here applies to no agent or skill.'],
  ['[tools]\nbash."npm test" = "allow"\n', 'Mars reads tool lists only in an agent\'s or a skill\'s `tools` table (`[agents.<name>.tools]`), not in a table `tools` at the root, so `bash."npm test" = "allow"` here applies to no agent or skill.'],
  // A string verdict is a rule under any name, one Mars does not know too; only a boolean needs a tool's name (`debug = true` is none).
  ['[tools]\nbassh = "deny"\n', 'Mars reads tool lists only in an agent\'s or a skill\'s `tools` table (`[agents.<name>.tools]`), not in a table `tools` at the root, so `bassh = "deny"` here applies to no agent or skill.'],
  // Past five rules, the first five and how many more.
  [`[permission.bash]\n${Array.from({ length: 7 }, (_, i) => `"p${i} *" = "allow"\n`).join('')}`, 'Mars reads tool lists only in an agent\'s or a skill\'s `tools` table (`[agents.<name>.tools]`), not in a table `permission` at the root, so `bash."p0 *" = "allow"`, `bash."p1 *" = "allow"`, `bash."p2 *" = "allow"`, `bash."p3 *" = "allow"`, `bash."p4 *" = "allow"` and 2 more here apply to no agent or skill.'],
];
for (const [text, message] of ROOT_LISTS) {
  test(`a tool list of no agent or skill: ${JSON.stringify(text)}`, () => {
    const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'misplaced-tool-list');
    assert.deepEqual(found.map((f) => [f.message, f.severity, f.fixes.map((x) => x.title)]), [[message, 'warning', []]]);
    assert.deepEqual(documentFixAll(analyzeDocument(text)), []);
  });
}

// In a table meant as `tools`, what is no verdict Mars could read is said nothing of: `"ask"`, a value neither a verdict
// nor a list, OpenCode's patterns in a table of its own below the tool with a key that is no rule (read whole, as in
// `tools`), a list's name with a verdict.
const NO_RULE_MEANT = [
  '[agents.c.permission]\nbash = "ask"\n',
  '[agents.c.permission]\nbash = { "*" = "ask" }\n',
  '[agents.c.permission.bash]\n"git push" = "ask"\n',
  '[agents.c.permission.bash]\n"git push" = "ask"\n"git status" = "allow"\nx = 3\n',
  '[agents.c.permission]\nbash."*" = "ask"\nbash."git *".x = "allow"\n',
  '[agents.c.tool]\nbash = 3\nedit = "true"\nread = "allowed"\n',
  '[agents.c.tool]\ndeny = "allow"\n',
  '[agents.c]\nbash = "allow"\n',
];
for (const text of NO_RULE_MEANT) {
  test(`no map-form rule meant for \`tools\`: ${JSON.stringify(text)}`, () => {
    assert.deepEqual(documentFindings(analyzeDocument(text)).filter((f) => f.code === 'misplaced-tool-list').map((f) => f.message), []);
  });
}

// Map-form rules in a table meant as `tools`: renamed (not in fix-all), then each rule moved into its list; `"ask"` names no
// list: left for the user, as in a tools table. OpenCode's tables of patterns too, each rule as `tool(pattern)`.
// [text, the text after the rename and every move, the findings left: code, fixes' titles]
const RULES_MEANT_MOVED: Array<[text: string, after: string, left: Array<[string, string[]]>]> = [
  ['[agents.c.permission]\nedit = "deny"\nwebfetch = "allow"\nwrite = true\nbash = "ask"\n', '[agents.c.tools]\ndisallowed = ["edit"]\nallowed = ["web_fetch", "write"]\nbash = "ask"\n',
    [['unknown-policy-key', ['Remove `bash`']]]],
  ['[agents.c.permission]\nedit = "deny"\nbash = { "git log*" = "allow", "rm *" = "deny", "*" = "ask" }\n',
    '[agents.c.tools]\ndisallowed = ["edit", "bash(rm *)"]\nallowed = ["bash(git log*)"]\nbash = { "*" = "ask" }\n', [['unknown-policy-key', ['Remove `bash`']]]],
  ['[agents.c.permission]\nbash."git *" = "allow"\nbash."rm *" = "deny"\n', '[agents.c.tools]\nallowed = ["bash(git *)"]\ndisallowed = ["bash(rm *)"]\n', []],
  ['[agents.c.permission.bash]\n"git *" = "allow"\n"rm *" = "deny"\n', '[agents.c.tools]\nallowed = ["bash(git *)"]\ndisallowed = ["bash(rm *)"]\n', []],
];
for (const [text, after, left] of RULES_MEANT_MOVED) {
  test(`map-form rules in a table meant as \`tools\`: renamed (not in fix-all), then each rule moved into its list: ${JSON.stringify(text)}`, () => {
    assert.deepEqual(documentFixAll(analyzeDocument(text)), []);
    const f = documentFindings(analyzeDocument(text)).find((x) => x.code === 'misplaced-tool-list')!;
    assert.deepEqual(f.fixes.map((x) => [x.title, x.preferred, x.safe]), [['Rename `permission` to `tools`', true, false]]);
    let t = applyEdits(text, f.fixes[0]!.edits);
    for (;;) {
      const move = documentFindings(analyzeDocument(t)).flatMap((x) => (x.code === 'unknown-policy-key' ? x.fixes : [])).find((x) => x.title.startsWith('Move'));
      if (!move) break;
      t = applyEdits(t, move.edits);
    }
    assert.equal(t, after);
    assert.deepEqual(documentFindings(analyzeDocument(t)).map((x) => [x.code, x.fixes.map((y) => y.title)]), left);
  });
}

test('no rename of a table that puts in force a key Mars rejects beside the list: `mcp`, a list that is none, an entry it refuses', () => {
  const unsafe = [
    '[agents.x.tool]\nallowed = ["read"]\nmcp = ["gh"]\n',
    '[agents.x.tool]\nbash = "allow"\nmcp = ["gh"]\n',
    '[agents.x.permission]\nedit = "deny"\nmcp = "allow"\n',
    '[agents.x.tool]\nallowed = ["read"]\ndisallowed = 3\n',
    '[agents.x.tool]\nallowed = ["read"]\ndisallowed = ["bash()"]\n',
    '[agents.x.tool]\nallowed = ["read"]\ndisallowed.y = ["web"]\n',
    '[agents.x]\ntool = { allowed = ["read"], mcp = "gh" }\n',
    '[agent.x.tools]\nallowed = ["read"]\nmcp = []\n',
    '[agets.x]\ntools.allowed = ["read"]\ntools.mcp = "gh"\n',
    '[agets.x]\ntools.allowed = ["read"]\ntools.disallowed = "bash()"\n',
    // A string beside a list under a misspelt owner: renamed, it would be refused where the list goes, no misplaced list of its own
    // to change it with the rename (one in a table meant as `tools` is: MISPLACED_STRINGS).
    '[agets.x]\ntools.allowed = ["read"]\ntools.disallowed = "web"\n',
    // What the header makes is refused (an array of tables), or not read to its end (a syntax error).
    '[[agents.x.tool]]\nallowed = ["read"]\n',
    '[[agent.x.tools]]\nallowed = ["read"]\n',
    '[[agent.x]]\ntools.allowed = ["read"]\n',
    '[agents.x.tool]\nallowed = ["read"]\n=\nmcp = ["gh"]\n',
  ];
  for (const text of unsafe) {
    const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'misplaced-tool-list');
    assert.ok(found.length > 0, text);
    assert.deepEqual(found.flatMap((f) => f.fixes.filter((x) => x.title.startsWith('Rename')).map((x) => x.title)), [], text);
  }
  // What Mars ignores or only warns of (another key, a misspelt list, renamed with it) does not hold the rename back.
  const safe = '[agents.x.tool]\nallowed = ["read"]\nmodel = "m"\nDeny = ["web"]\n';
  const f = documentFindings(analyzeDocument(safe)).find((x) => x.code === 'misplaced-tool-list')!;
  assert.deepEqual(f.fixes.map((x) => x.title), ['Rename `tool` to `tools` and `Deny` to `disallowed`']);
});

test('an alias whose pattern is only the legacy `:*`: the message names the spelling Mars reads the same, not the one it writes (`bash( *)` reads as `bash(*)`)', () => {
  const text = '[agents.a.tools]\nallowed = ["shell(:*)", "shell(git:*)"]\n';
  const messages = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'non-canonical').map((f) => f.message);
  assert.deepEqual(messages, ['`shell` is an alias of `bash`; write it `bash(:*)`.', '`shell` is an alias of `bash`; Mars writes `bash(git *)`.']);
});

test('which list a misspelled key meant: the nearer of the two, and no guess for other words', () => {
  const cases: Array<[string, string | null]> = [
    ['Allowed', 'allowed'], ['ALLOWED', 'allowed'], ['allow', 'allowed'], ['alow', 'allowed'], ['allowd', 'allowed'], ['allowed_tools', 'allowed'],
    ['deny', 'disallowed'], ['Disallowed', 'disallowed'], ['diallowed', 'disallowed'], ['dsallowed', 'disallowed'], ['isallowed', 'disallowed'],
    ['dissallowed', 'disallowed'], ['blocked', 'disallowed'], ['Allowed Tools', 'allowed'], ['deny-list', 'disallowed'], ['deny list', 'disallowed'],
    ['unallowed', null], ['unblocked', null], ['unlocked', null], ['deno', null], ['dent', null], ['mocked', null], ['docked', null],
    ['alleged', null], ['allayed', null], ['follow', null], ['read', null], ['bash', null], ['model', null],
  ];
  assert.deepEqual(cases.map(([name]) => [name, meantList(name)]), cases);
});

test('which table of owners a misspelt key meant: another casing, the singular, one edit away; no guess for other words', () => {
  const cases: Array<[string, string | null]> = [
    ['agent', 'agents'], ['Agents', 'agents'], ['AGENT', 'agents'], ['agnets', 'agents'], ['agentss', 'agents'], ['skill', 'skills'], ['Skills', 'skills'], ['skils', 'skills'],
    ['agents', null], ['skills', null], ['agency', null], ['agenda', null], ['age', null], ['kills', 'skills'], ['models', null], ['dependencies', null], ['settings', null],
  ];
  assert.deepEqual(cases.map(([name]) => [name, meantOwner(name)]), cases);
});

test('a move into an existing list skips what it already holds, by meaning', () => {
  const text = '[agents.a.tools]\nallowed = ["read"]\nAllowed = ["bash", "Read", "shell"]\n';
  const f = documentFindings(analyzeDocument(text)).find((x) => x.code === 'unknown-policy-key')!;
  assert.equal(applyEdits(text, f.fixes[0]!.edits), '[agents.a.tools]\nallowed = ["read", "bash"]\n');
});

test('a long entry is quoted by its start and end in messages and fix titles, never a half of a surrogate pair; its range covers it all', () => {
  // The cuts (50 characters from the start, 25 from the end) fall inside an emoji at either end.
  const long = `${'a'.repeat(49)}😀${'c'.repeat(5000)}😀${'b'.repeat(24)}`;
  const text = `[agents.a.tools]\nallowed = ["${long}", "${long}"]\n`;
  const found = documentFindings(analyzeDocument(text));
  const dup = found.find((f) => f.code === 'duplicate-entry')!;
  assert.equal(text.slice(dup.span.start, dup.span.end), long);
  assert.equal(dup.fixes[0]!.title, `Remove the duplicate \`${'a'.repeat(49)}…${'b'.repeat(24)}\``);
  const words = found.flatMap((f) => [f.message, ...f.fixes.map((x) => x.title), ...(f.related ?? []).map((r) => r.message)]);
  // An entry holding a backtick is shortened as a whole (its quote is made where it is put in the message).
  const tick = `bash(\`${'y'.repeat(5000)})`;
  const ticked = documentFindings(analyzeDocument(`[agents.a.tools]\nallowed = ["${tick}", "${tick}"]\n`)).find((f) => f.code === 'duplicate-entry')!;
  assert.equal(ticked.message, `\`bash(\`${'y'.repeat(44)}…${'y'.repeat(24)})\` is already in this list.`);
  // A cut never splits an escape written for an invisible character.
  const hidden = `${'y'.repeat(48)}\\u200b${'z'.repeat(40)}`;
  const escaped = documentFindings(analyzeDocument(`[agents.a.tools]\nallowed = ["${hidden}", "${hidden}"]\n`)).find((f) => f.code === 'duplicate-entry')!;
  assert.equal(escaped.message, `\`${'y'.repeat(48)}…${'z'.repeat(25)}\` is already in this list.`);
  // A key moved into a list is quoted as the TOML string it becomes, shortened too.
  const key = `[agents.a.tools]\n"bash(${'y'.repeat(5000)})" = "allow"\n`;
  const move = documentFindings(analyzeDocument(key)).find((f) => f.code === 'unknown-policy-key')!;
  assert.equal(move.fixes[0]!.title, `Move "bash(${'y'.repeat(44)}…${'y'.repeat(23)})" into \`allowed\``);
  for (const w of [...words, move.message]) {
    assert.ok(w.length < 400, w.slice(0, 120));
    assert.doesNotMatch(w, /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
  }
});

test('invisible characters in messages and fix titles show as escapes: line separators, zero widths, bidi controls', () => {
  const text = '[agents.a.tools]\nallowed = ["re\\nad", "re\\nad", "\\u200bread", "x\\u2028y", "a\\u202eb", "re\\u00ADad", "x\\u061C1", "t\\U000E0041", "Read\\u034F"]\n';
  const found = documentFindings(analyzeDocument(text));
  const words = found.flatMap((f) => [f.message, ...f.fixes.map((x) => x.title)]);
  assert.ok(words.some((w) => w.includes('Remove the duplicate `re\\u000Aad`')), words.join('\n'));
  assert.ok(words.some((w) => w.includes('`\\u200Bread`')), words.join('\n'));
  assert.ok(words.some((w) => w.includes('`re\\u00ADad`')) && words.some((w) => w.includes('`x\\u061C1`')) && words.some((w) => w.includes('`t\\U000E0041`')) &&
    words.some((w) => w.includes('`Read\\u034F`')), words.join('\n'));
  for (const w of words) assert.doesNotMatch(w, /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u{e0000}-\u{e007f}]/u, w);
});

// A mars-ignore written with `//` is no comment, so it silences nothing, as one without its colon silences nothing:
// what it names is shown, and fix-all fixes it in the same pass as it makes the `//` a `#` (rewriting, in other
// sections, what the comment would have silenced: Mars loads no file the comment is in either).
test('a mars-ignore written with `//` silences nothing until its `//` is made `#`', () => {
  const codes = (t: string) => documentFindings(analyzeDocument(t)).map((f) => `${f.code}@${t.slice(f.span.start, f.span.end)}`);
  const text = '// mars-ignore-file: legacy-prefix\n[skills.a.tools]\nallowed = ["bash(git:*)"]\n';
  assert.deepEqual(codes(text), ['toml-syntax@//', 'legacy-prefix@bash(git:*)']);
  assert.equal(applyEdits(text, documentFixAll(analyzeDocument(text))), '# mars-ignore-file: legacy-prefix\n[skills.a.tools]\nallowed = ["bash(git *)"]\n');
  assert.deepEqual(codes(text.replace('//', '#')), []);
  // Not on a line a mars-ignore above speaks of: made a comment, the mars-ignore would come to speak of the next line
  // (suppressProperties, property g).
  const spoken = '[agents]\n# mars-ignore: illegal-char\n// note\nb.tools.allowed = ["a,b"]\n';
  assert.deepEqual(documentFindings(analyzeDocument(spoken)).find((f) => f.code === 'toml-syntax')?.fixes, []);
  assert.deepEqual(documentFixAll(analyzeDocument(spoken)), []);
});

test('a suppression comment just above a table header speaks of the header, in the section before it', () => {
  const text = '[agents.a.tools]\nallowed = ["read"]\n# mars-ignore: unknown-policy-key\n\n[agents.a.tools.extra]\nx = 1\n# mars-ignore: invalid-tool-policy\n[agents.b.tools.mcp]\n[agents.c.tools.more]\n';
  assert.deepEqual(documentFindings(analyzeDocument(text)).map((f) => `${f.code}@${text.slice(f.span.start, f.span.end)}`), ['unknown-policy-key@more']);
  // Typed in and taken out again while the sections are reused: the same as a fresh analysis.
  const analyzer = new DocumentAnalyzer();
  const without = text.replace('# mars-ignore: unknown-policy-key\n', '');
  for (const t of [text, without, text]) {
    assert.deepEqual(documentFindings(analyzer.analyze(t)).map((f) => f.code), documentFindings(analyzeDocument(t)).map((f) => f.code));
  }
  assert.deepEqual(documentFindings(analyzeDocument(without)).map((f) => f.code), ['unknown-policy-key', 'unknown-policy-key']);
  // A stray byte order mark first on the header's line stays in the section before (its error is
  // said there), yet the comment still speaks of the header (seed 10405).
  const marked = '# mars-ignore: misplaced-tool-list\n\ufeff[agent.a.tools]\nallowed = ["read"]\n';
  assert.deepEqual(documentFindings(analyzeDocument(marked)).map((f) => f.code), ['toml-syntax']);
});

test('removing duplicates from lists laid out every way keeps valid TOML and every comment on a line of its own', () => {
  const random = rng(11);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  for (let round = 0; round < 400; round++) {
    const n = 2 + Math.floor(random() * 5);
    let body = '';
    let comments = 0;
    for (let i = 0; i < n; i++) {
      const item = JSON.stringify(pick(['read', 'grep', 'read', 'edit', 'read']));
      const leading = random() < 0.3;
      const commented = () => `,\n  # c${comments++}\n  `;
      if (i > 0) body += leading ? pick(['\n  , ', ', ']) : pick([() => ', ', () => ',\n  ', commented])();
      body += item;
    }
    const text = `[agents.a.tools]\nallowed = [\n  ${body}${pick(['', ',', '\n', ',\n'])}]\n`;
    const fixed = applyEdits(text, documentFixAll(analyzeDocument(text)));
    assert.doesNotThrow(() => parse(fixed), `${text}\n->\n${fixed}`);
    for (let c = 0; c < comments; c++) assert.ok(fixed.includes(`# c${c}\n`), `# c${c} lost:\n${text}\n->\n${fixed}`);
    assert.deepEqual(documentFixAll(analyzeDocument(fixed)), [], fixed);
    // The same text as the quick fixes, one at a time.
    let oneByOne = text;
    for (let d; (d = documentFindings(analyzeDocument(oneByOne)).find((f) => f.code === 'duplicate-entry')); ) oneByOne = applyEdits(oneByOne, d.fixes[0]!.edits);
    assert.equal(fixed, oneByOne, text);
  }
});

/**
 * Random files of lines of every kind: entries with and without safe fixes, duplicates, conflicts,
 * map-form keys, tools.mcp, wrong shapes, syntax errors, strings left open, suppressions.
 */
function* fixAllDocuments(seed: number, rounds: number): Generator<string> {
  const random = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const LINES = [
    '[agents.a.tools]', '[agents.b.tools]', '[skills.s]', '[agents.c]', 'tools.allowed = ["Shell", "read"]', 'tools = ["read"]',
    'allowed = ["Shell", "bash", "Read", "read"]', 'allowed = ["grpe", "CustomTool"]', 'disallowed = ["read", "bash(x:*)"]',
    'allowed = "read"', 'bash = "allow"', 'Allowed = ["edit"]', 'mcp = ["github"]', 'mcp = ["mcp(gh)"]', 'allowed = ["mcp__gh__x", "bash()"]',
    'disallowed = ["*(x)"]', 'x = = 1', 'description = """open', '"""', 'allowed = ["\\x62ash"]', 'allowed = [', '"Edit",', ']', '# mars-ignore: non-canonical',
  ];
  for (let round = 0; round < rounds; round++) yield `${Array.from({ length: 3 + Math.floor(random() * 10) }, () => pick(LINES)).join('\n')}\n`;
}

test('fix-all removes every map-form key whose rule the list already holds in one pass, however many (40, more than its 32 passes)', () => {
  // Their removals are kept in text order, each after the one before: none waits for another pass.
  const names = Array.from({ length: 40 }, (_, i) => `mcp__gh__t${i}`);
  const list = `allowed = [${names.map((n) => `"${n.replace(/^mcp__gh__(.*)$/, 'mcp(gh/$1)')}"`).join(', ')}]\n`;
  const text = `[agents.a.tools]\n${list}${names.map((n) => `${n} = "allow"\n`).join('')}`;
  assert.equal(applyEdits(text, documentFixAll(analyzeDocument(text))), `[agents.a.tools]\n${list}`);
});

test('fix-all gives the same edits and count whatever the sections keep: models, findings (the server), or what --fix keeps', () => {
  for (const text of fixAllDocuments(29, 300)) {
    const run = (da: ReturnType<typeof analyzeDocument>) => {
      const counter = { fixed: 0 };
      return { edits: documentFixAll(da, {}, undefined, counter), fixed: counter.fixed };
    };
    const expected = run(analyzeDocument(text));
    assert.deepEqual(run(new DocumentAnalyzer().analyze(text)), expected, text);
    const fixAll = analyzeDocument(text, 'fix-all');
    assert.deepEqual(run(fixAll), expected, text);
    // Where no section has a finding it may fix, the findings it keeps are the text's report (--fix writes nothing).
    const plain = (f: Finding) => ({ code: f.code, severity: f.severity, span: f.span, message: f.message, related: f.related });
    if (fixAll.units.every((u) => u.analysis.keepsFindings)) assert.deepEqual(documentFindings(fixAll).map(plain), documentFindings(analyzeDocument(text)).map(plain), text);
  }
});

test('fix-all is said to have something to do exactly when it has, and a finding said to have no safe fix has none', () => {
  const codes: Array<Code | undefined> = [undefined, ...(Object.keys(CODES) as Code[])];
  for (const text of fixAllDocuments(23, 300)) {
    const da = analyzeDocument(text);
    for (const f of documentFindings(da)) {
      if (!f.mayHaveSafeFix) assert.ok(!f.fixes.some((x) => x.safe), `${f.code} at ${f.span.start} said to have no safe fix:\n${text}`);
    }
    for (const code of codes) {
      const edits = documentFixAll(da, {}, code);
      assert.equal(countFixAll(da, {}, code, 1) > 0, edits.length > 0, `${code ?? 'every code'}:\n${text}`);
    }
  }
});

test('entries that are not strings, in lists across sections: fix-all may change a unit exactly when one of its visible findings may be fixed, and every way of keeping them reports the same', () => {
  // The shape of 200,000 such entries, on which --fix once took seconds making each finding as the
  // user sees it only to ask whether any had a safe fix; here small, with what hides or wraps them.
  const random = rng(31);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const ENTRIES = ['1', '2.5', 'true', '{ a = 1 }', '[1]', '1979-05-27', '"Shell"', '"read"', '"grpe"'];
  const LINES = ['# mars-ignore: invalid-tool-policy', '# mars-ignore: non-canonical, duplicate-entry', '# mars-ignore-file: non-canonical', 'x = = 1', 'mcp = ["github"]', 'bash = "allow"', '[agents.a.tools.allowed]'];
  const OVERRIDES: SeverityOverrides[] = [{}, { 'invalid-tool-policy': 'off' }, { 'invalid-tool-policy': 'warning', 'non-canonical': 'off' }, { 'non-canonical': 'off', 'duplicate-entry': 'off' }];
  const codes: Array<Code | undefined> = [undefined, 'invalid-tool-policy', 'non-canonical'];
  const plain = (f: Finding) => ({ code: f.code, severity: f.severity, span: f.span, message: f.message, related: f.related, fixes: f.fixes });
  const readable = (unreadableFrom: number, f: Finding) => f.span.start < unreadableFrom || f.code === 'toml-syntax';
  for (let round = 0; round < 150; round++) {
    let text = '';
    for (let s = 0; s < 1 + Math.floor(random() * 5); s++) {
      const strings = random() < 0.4;
      const entries = Array.from({ length: 1 + Math.floor(random() * 6) }, () => pick(strings ? ENTRIES : ENTRIES.slice(0, 6)));
      text += `${random() < 0.3 ? `${pick(LINES)}\n` : ''}[agents.a${s}.tools]\nallowed = [${entries.join(', ')}]\n${random() < 0.2 ? `${pick(LINES)}\n` : ''}`;
    }
    for (const overrides of OVERRIDES) {
      const models = analyzeDocument(text, 'models');
      const fixAll = analyzeDocument(text, 'fix-all');
      for (const da of [models, fixAll, analyzeDocument(text)]) {
        da.units.forEach((u, i) => {
          const outside = outsideOf(da, i);
          for (const only of codes) {
            const visible = visibleFindings(u.analysis, overrides, outside).filter((f) => only === undefined || f.code === only);
            const may = visible.some((f) => f.mayHaveSafeFix && readable(u.analysis.unreadableFrom, f));
            const label = `unit ${i}, ${only ?? 'every code'}, ${JSON.stringify(overrides)}:\n${text}`;
            assert.equal(fixAllMayChange(u.analysis, overrides, only, outside), may, label);
            // A unit that keeps no findings (--fix's, where one may have a safe fix) may always change.
            assert.equal(u.analysis.mayFix(overrides, only, outside), may || !u.analysis.keepsFindings, label);
          }
        });
      }
      // Where every unit kept its findings, they are --fix's report when it writes nothing.
      if (fixAll.units.every((u) => u.analysis.keepsFindings)) assert.deepEqual(documentFindings(fixAll, overrides).map(plain), documentFindings(models, overrides).map(plain), text);
      assert.deepEqual(documentFixAll(fixAll, overrides), documentFixAll(models, overrides), text);
    }
  }
});

test('a duplicate names the entry it repeats, and what both mean only when that entry is spelt otherwise', () => {
  const messages = (allowed: string) =>
    documentFindings(analyzeDocument(`[agents.a.tools]\nallowed = ${allowed}\n`)).filter((f) => f.code === 'duplicate-entry').map((f) => f.message);
  assert.deepEqual(messages('["bash", "bash"]'), ['`bash` is already in this list.']);
  assert.deepEqual(messages('["bash", "shell"]'), ['`shell` means the same as `bash`, already in this list.']);
  // Each duplicate of one entry in its own words, though they share the entry they repeat.
  assert.deepEqual(messages('["Shell", "shell", "terminal", "shell"]'), ['`shell` means the same as `Shell` (`bash`), already in this list.', '`terminal` means the same as `Shell` (`bash`), already in this list.', '`shell` means the same as `Shell` (`bash`), already in this list.']);
  assert.deepEqual(messages('["Shell", "terminal"]'), ['`terminal` means the same as `Shell` (`bash`), already in this list.']);
  // In the spelling Mars writes, not in what it means (`mcp(gh/*)`), and not again when one entry is so written.
  assert.deepEqual(messages('["MCP(gh)", "mcp(gh/*)"]'), ['`mcp(gh/*)` means the same as `MCP(gh)` (`mcp(gh)`), already in this list.']);
  assert.deepEqual(messages('["Mcp(gh/x)", "mcp(gh/x)"]'), ['`mcp(gh/x)` means the same as `Mcp(gh/x)`, already in this list.']);
  const conflict = documentFindings(analyzeDocument('[agents.a.tools]\nallowed = ["mcp(gh)"]\ndisallowed = ["MCP(gh)"]\n')).find((f) => f.code === 'allow-deny-conflict');
  assert.equal(conflict?.message, 'agent `a` both allows and disallows `mcp(gh)`; keep it in one list.');
  // Its related entry, the allowed one, in its own spelling.
  assert.deepEqual(conflict?.related?.map((r) => r.message), ['`mcp(gh)` in `allowed`']);
});

test('a list written as a table says which kind of table', () => {
  const message = (text: string) => documentFindings(analyzeDocument(text)).map((f) => f.message);
  assert.deepEqual(message('[agents.a.tools.allowed]\nx = 1\n'), ['`allowed` of agent `a` must be a list of tool names, not a table.']);
  assert.deepEqual(message('[[agents.a.tools.allowed]]\nx = 1\n'), ['`allowed` of agent `a` must be a list of tool names, not an array of tables (`[[…]]`).']);
  assert.deepEqual(message('[[skills.s.tools.disallowed.x]]\n'), ['`disallowed` of skill `s` must be a list of tool names, not a table.']);
});

// A header with a blank TOML does not read after it (U+2028, a no-break space) names its table all the same: `[[agents]]`
// below clashes with it, and `[agents.a.tools]` is agent a's, from the first, not the last element's of an array of
// tables until fix-all took the blank away (and then fixed findings nobody had been shown).
test('the tables below a header with a blank TOML does not read after it are read against it', () => {
  for (const blank of ['\u2028', '\u00a0']) {
    const text = `[agents.x]${blank}\n[[agents]]\n[agents.a.tools]\nallowed = ["Read"]\n`;
    assert.deepEqual(documentFindings(analyzeDocument(text)).map((f) => `${f.code} ${text.slice(f.span.start, f.span.end)}`),
      ['toml-syntax ' + blank, 'toml-syntax [[agents]]', 'invalid-tool-policy agents', 'non-canonical Read'], JSON.stringify(blank));
  }
});

// As the rest of the catalogue (but Mars's own words and the TOML parser's): a sentence, its code in backticks.
const POLICY_MESSAGES: Array<[text: string, message: string]> = [
  ['[[agents.a.tools]]\n', '`tools` of agent `a` must be a table, not an array of tables (`[[…]]`).'],
  ['[agents.a]\ntools = 1\n', '`tools` of agent `a` must be a table with `allowed` and `disallowed` lists, not an integer.'],
  ['[agents.a.tools]\ndisallowed = "read"\n', '`disallowed` of agent `a` must be a list of tool names, such as `disallowed = ["read"]`.'],
  // A string of names: the example is the list the fix writes of them, not `["read"]` beside `"grep"`.
  ['[agents.a.tools]\nallowed = "grep"\n', '`allowed` of agent `a` must be a list of tool names, such as `allowed = ["grep"]`.'],
  ['[agents.a.tools]\nallowed = "Read, grep"\n', '`allowed` of agent `a` must be a list of tool names, such as `allowed = ["Read", "grep"]`.'],
  ['[agents.a.tools]\nallowed = \'my"tool\'\n', '`allowed` of agent `a` must be a list of tool names, such as `allowed = ["my\\"tool"]`.'],
  // Not a name Mars takes, or no string: an example of one.
  ['[agents.a.tools]\nallowed = "bash("\n', '`allowed` of agent `a` must be a list of tool names, such as `allowed = ["read"]`.'],
  ['[agents.a.tools]\nallowed = 3\n', '`allowed` of agent `a` must be a list of tool names, such as `allowed = ["read"]`.'],
  ['[agents.a.tools]\nallowed = [1]\n', '`allowed` of agent `a` holds tool names in quotes; this entry is an integer.'],
  ['[agents.a.tools.mcp]\n', '`tools.mcp` was removed: name MCP servers in `allowed` (or `disallowed`) as `mcp(server)` or `mcp(server/tool)`.'],
  ['[agents.a.tools]\nmcp = ["gh"]\n', '`tools.mcp` was removed: name MCP servers in `allowed` (or `disallowed`) as `mcp(server)` or `mcp(server/tool)`.'],
  ['[[agents.a]]\n', 'agent `a` must be a table (`[agents.a]`), not an array of tables (`[[…]]`): Mars cannot load the file.'],
  ['agents = 1\n', '`agents` must be a table of agents by name (`[agents.<name>]`), not an integer: Mars cannot load the file.'],
];
for (const [text, message] of POLICY_MESSAGES) {
  test(`invalid-tool-policy message for ${JSON.stringify(text)}: a sentence, code in backticks`, () => {
    assert.deepEqual(documentFindings(analyzeDocument(text)).map((f) => `${f.code}: ${f.message}`), [`invalid-tool-policy: ${message}`]);
  });
}

// A string where a list goes, more values after it with commas between (`allowed = "read", "grep"`, a syntax error):
// the example of its message is the list its fix writes, the syntax error's (`["read", "grep"]`, not `["read"]`), where
// that is a list of names Mars takes; else an example of one. The fix writes all of them, not the first alone (which
// would leave `["read"], "grep", 1`, an error still); in fix-all where the list it makes loads, as for one string.
// [the tools table, the example, the table after the preferred fix, whether fix-all writes it]
const STRING_THEN_MORE: Array<[table: string, example: string, fixed: string, safe: boolean]> = [
  ['allowed = "read", "grep"', '`allowed = ["read", "grep"]`', 'allowed = ["read", "grep"]', true],
  // A trailing comma after them: left out of the list said and written, which means the same without it.
  ['allowed = "read", "grep",  # c', '`allowed = ["read", "grep"]`', 'allowed = ["read", "grep"]  # c', true],
  ['disallowed = "bash",\'agent\'  # why', '`disallowed = ["bash",\'agent\']`', 'disallowed = ["bash",\'agent\']  # why', true],
  ['allowed = "Read, edit", "grep"', '`allowed = ["Read, edit", "grep"]`', 'allowed = ["Read, edit", "grep"]', false],
  ['allowed = "grep", "bash("', '`allowed = ["read"]`', 'allowed = ["grep", "bash("]', false],
  ['allowed = "grep", "edit", 1', '`allowed = ["read"]`', 'allowed = ["grep", "edit", 1]', false],
  // What TOML does not read as a blank between them (itself an error, named by the syntax error): not in the list.
  ['allowed = "read",\u00a0"grep"', '`allowed = ["read", "grep"]`', 'allowed = ["read", "grep"]', true],
  ['allowed = "read"\u2003,\u200b"grep" # c', '`allowed = ["read" ,"grep"]`', 'allowed = ["read" ,"grep"] # c', true],
  // A comma missing between two strings among them: a list of all of them still (its commas say so), the comma put
  // in, as the fix of a list in brackets puts it in (`["grep" "edit"]`).
  ['allowed = "read", "grep" "edit"', '`allowed = ["read", "grep", "edit"]`', 'allowed = ["read", "grep", "edit"]', true],
  ['allowed = "read" "grep", \'edit\' # c', '`allowed = ["read", "grep", \'edit\']`', 'allowed = ["read", "grep", \'edit\'] # c', true],
  ['allowed = "read", "grep" "bash("', '`allowed = ["read"]`', 'allowed = ["read", "grep", "bash("]', false],
];
for (const [table, example, fixed, safe] of STRING_THEN_MORE) {
  test(`a string then more values where a list goes: the list they make, said and written: ${JSON.stringify(table)}`, () => {
    const text = `[agents.a.tools]\n${table}\n`;
    const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'invalid-tool-policy');
    assert.equal(found.length, 1);
    const list = table.slice(0, table.indexOf(' '));
    assert.equal(found[0]!.message, `\`${list}\` of agent \`a\` must be a list of tool names, such as ${example}.`);
    const preferred = found[0]!.fixes.find((x) => x.preferred);
    assert.equal(preferred && applyEdits(text, preferred.edits), `[agents.a.tools]\n${fixed}\n`);
    assert.equal(preferred?.safe, safe);
    assert.equal(applyEdits(text, documentFixAll(analyzeDocument(text))), safe ? `[agents.a.tools]\n${fixed}\n` : text);
  });
}

test('a string then more values where a list goes: the syntax error their list removes is counted fixed by fix-all, as the checker\'s hint and --fix say', () => {
  // [the text, how many findings fix-all fixes (each of these has the syntax error and the shape problem), and how many
  // problems --fix counts where more: a syntax error shown once these are fixed, fixed too]
  const cases: Array<[string, number, number?]> = [
    ['[agents.a.tools]\nallowed = "read", "grep"\n', 2],
    ['[agents.a.tools]\nallowed = "read",\u00a0"grep"\n', 2],
    ['[agents.a.tools]\nallowed = "read", "grep" "edit"\n', 2],
    ['[agents.a]\ntools = { allowed = "read", "grep", disallowed = ["Bash"] }\n', 2],
    // The table's trailing comma (TOML 1.1) is then an error of its own, which fix-all removes in a later pass.
    ['[agents.a]\ntools = { allowed = "read", "grep", }\n', 2, 3],
    // Their `]` typed and not their `[`: taken into the list (it was left, `["read", "grep"] ]`, an error still).
    ['[agents.a.tools]\nallowed = "read", "grep" ]\n', 2],
    ['[agents.a]\ntools = { allowed = "read", "grep"], disallowed = ["Bash"] }\n', 2],
    // A `}` that no `{` before it on the line opened closes nothing: taken in too, a comma before it or not.
    ['[agents.a.tools]\nallowed = "read", "grep" }\n', 2],
    ['[agents.a.tools]\nallowed = "read", "grep", }  # c\n', 2],
    // Not where the list made is not fixed unasked (a name Mars refuses), nor where no list is made.
    ['[agents.a.tools]\nallowed = "grep", "bash("\n', 0],
    ['[agents.a.tools]\nallowed = "read", tru\n', 0],
    // A bare name among them: in quotes in the list (`allowed: Read, Grep` pasted from Claude, its first fixed already).
    ['[agents.a.tools]\nallowed = "read", grep\n', 2],
  ];
  for (const [text, fixed, counted = fixed] of cases) {
    const da = analyzeDocument(text);
    assert.equal(documentFindings(da).length, 2, text);
    assert.equal(countFixAll(da, {}, undefined, Infinity), fixed, text);
    const counter = { fixed: 0 };
    const edits = documentFixAll(analyzeDocument(text), {}, undefined, counter);
    assert.equal(counter.fixed, counted, text);
    // Each counted is gone: none left where both are counted; the syntax error where one is.
    if (fixed > 0) assert.deepEqual(documentFindings(analyzeDocument(applyEdits(text, edits))).map((f) => f.code), fixed === 2 ? [] : ['toml-syntax'], text);
    // Fix-all of one code alone leaves the other's finding: the syntax error is not counted under its own code.
    assert.equal(countFixAll(da, {}, 'toml-syntax', Infinity), 0, text);
  }
});

test('a string then more values where a list goes, in an inline table: up to the brace that closes it or the table\'s next key, and no further', () => {
  // [text, the example, the text after the preferred fix, which fix-all writes too]
  const cases: Array<[string, string, string, string?]> = [
    ['[agents.a]\ntools = { allowed = "read", "grep" }\n', '`allowed = ["read", "grep"]`', '[agents.a]\ntools = { allowed = ["read", "grep"] }\n'],
    ['[agents.a]\ntools = { allowed = "read", "grep"}\n', '`allowed = ["read", "grep"]`', '[agents.a]\ntools = { allowed = ["read", "grep"]}\n'],
    // A comma missing between two strings among them: put in.
    ['[agents.a]\ntools = { allowed = "read", "grep" "edit" }\n', '`allowed = ["read", "grep", "edit"]`', '[agents.a]\ntools = { allowed = ["read", "grep", "edit"] }\n'],
    ['[agents.a]\ntools = { allowed = "read" "grep", "edit", disallowed = ["bash"] }\n', '`allowed = ["read", "grep", "edit"]`', '[agents.a]\ntools = { allowed = ["read", "grep", "edit"], disallowed = ["bash"] }\n'],
    // What follows the comma is a key/value of the table, not a value of a list.
    ['[agents.a]\ntools = { allowed = "read", disallowed = ["x"] }\n', '`allowed = ["read"]`', '[agents.a]\ntools = { allowed = ["read"], disallowed = ["x"] }\n'],
    ['[agents.a]\ntools = { allowed = "read", "grep", disallowed = ["bash"] }\n', '`allowed = ["read", "grep"]`', '[agents.a]\ntools = { allowed = ["read", "grep"], disallowed = ["bash"] }\n'],
    ['[agents.a]\ntools = { disallowed = "bash", "grep" ,allowed = ["read"] } # why\n', '`disallowed = ["bash", "grep"]`', '[agents.a]\ntools = { disallowed = ["bash", "grep"] ,allowed = ["read"] } # why\n'],
    ['[agents.a]\ntools = { allowed = "read", \'grep\', "tools".disallowed = [] }\n', '`allowed = ["read", \'grep\']`', '[agents.a]\ntools = { allowed = ["read", \'grep\'], "tools".disallowed = [] }\n'],
    // A trailing comma (TOML 1.1 in an inline table, which Mars's TOML 1.0 refuses): the table's, where fix-all then
    // removes it.
    ['[agents.a]\ntools = { allowed = "read", "grep", }\n', '`allowed = ["read", "grep"]`', '[agents.a]\ntools = { allowed = ["read", "grep"], }\n', '[agents.a]\ntools = { allowed = ["read", "grep"] }\n'],
    ['[agents.a]\ntools = { disallowed = "bash", "grep" ,}\n', '`disallowed = ["bash", "grep"]`', '[agents.a]\ntools = { disallowed = ["bash", "grep"] ,}\n', '[agents.a]\ntools = { disallowed = ["bash", "grep"] }\n'],
    // What TOML does not read as a blank before the next key (found by hand after the odd-blanks property test): still
    // that key, not a value; the character is then fixed by fix-all.
    ['[agents.a]\ntools = { allowed = "read", "grep",\u00a0disallowed = [] }\n', '`allowed = ["read", "grep"]`', '[agents.a]\ntools = { allowed = ["read", "grep"],\u00a0disallowed = [] }\n', '[agents.a]\ntools = { allowed = ["read", "grep"], disallowed = [] }\n'],
    ['[agents.a]\ntools = { allowed = "read",\u2028"grep",\ufeff disallowed = [] }\n', '`allowed = ["read", "grep"]`', '[agents.a]\ntools = { allowed = ["read", "grep"],\ufeff disallowed = [] }\n', '[agents.a]\ntools = { allowed = ["read", "grep"], disallowed = [] }\n'],
    ['[agents.a]\ntools = { allowed = "read",\u200bdisallowed = ["x"] }\n', '`allowed = ["read"]`', '[agents.a]\ntools = { allowed = ["read"],\u200bdisallowed = ["x"] }\n', '[agents.a]\ntools = { allowed = ["read"],disallowed = ["x"] }\n'],
  ];
  // Over lines (TOML 1.1, whose fix writes it on one line): the comma at the line's end is the table's.
  const overLines = '[agents.a]\ntools = {\n  allowed = "read", # why\n  disallowed = ["bash"],\n}\n';
  const wrap = documentFindings(analyzeDocument(overLines)).find((f) => f.code === 'invalid-tool-policy')!;
  assert.equal(applyEdits(overLines, wrap.fixes.find((x) => x.preferred)!.edits), overLines.replace('"read"', '["read"]'));
  // ... after more values too: `["read", "grep"],`, not `["read", "grep",]` and no comma before the next key.
  const twoOverLines = '[agents.a]\ntools = {\n  allowed = "read", "grep", # why\n  disallowed = ["bash"],\n}\n';
  const two = documentFindings(analyzeDocument(twoOverLines)).find((f) => f.code === 'invalid-tool-policy')!;
  // The example says the list the fix writes, the comma left to the table.
  assert.equal(two.message, '`allowed` of agent `a` must be a list of tool names, such as `allowed = ["read", "grep"]`.');
  assert.equal(applyEdits(twoOverLines, two.fixes.find((x) => x.preferred)!.edits), twoOverLines.replace('"read", "grep"', '["read", "grep"]'));
  for (const [text, example, fixed, fixedAll = fixed] of cases) {
    const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'invalid-tool-policy');
    const list = /`(\w+) =/.exec(example)![1];
    assert.deepEqual(found.map((f) => f.message), [`\`${list}\` of agent \`a\` must be a list of tool names, such as ${example}.`], text);
    const preferred = found[0]!.fixes.find((x) => x.preferred);
    assert.equal(preferred && applyEdits(text, preferred.edits), fixed, text);
    assert.equal(applyEdits(text, documentFixAll(analyzeDocument(text))), fixedAll, text);
  }
});

// An entry that is no string, what TOML does not read as a blank right after it (a no-break space, a zero-width
// space: a syntax error of its own, whose fix makes it a space or removes it): said and shown without it, as the
// entry it is once that is fixed. [the list, what the entry is said to be, the text it is shown on]
const ENTRY_THEN_UNREAD_BLANK: Array<[list: string, entry: string, shown: string]> = [
  ['["read", 1\u00a0]', 'an integer', '1'],
  ['["read", 1\u200b, "grep"]', 'an integer', '1'],
  ['["read", true\u3000\u00a0]', 'a boolean', 'true'],
  ['["read", 1.5\u2028]', 'a float', '1.5'],
];
for (const [list, entry, shown] of ENTRY_THEN_UNREAD_BLANK) {
  test(`an entry with what TOML does not read as a blank after it is said without it: ${JSON.stringify(list)}`, () => {
    const text = `[agents.a.tools]\nallowed = ${list}\n`;
    const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'invalid-tool-policy');
    assert.deepEqual(found.map((f) => [f.message, text.slice(f.span.start, f.span.end)]),
      [[`\`allowed\` of agent \`a\` holds tool names in quotes; this entry is ${entry}.`, shown]]);
  });
}

// A string where a list goes, more after it that reads as no list with it (a value not a value of TOML, a comma
// missing, a key/value missing its comma, a comma and nothing after): no fix, not one wrapping the string alone,
// which would leave the rest an error still (`["read"], grep`). [the text]
const STRING_THEN_NO_LIST: string[] = [
  '[agents.a.tools]\nallowed = "read", tru\n',
  // No comma among them, and more than strings: which were meant as the list's is a guess.
  '[agents.a.tools]\nallowed = "read" "grep" edit\n',
  // A comma missing where a string is not what follows: not a comma alone.
  '[agents.a.tools]\nallowed = "read", "grep" edit\n',
  '[agents.a.tools]\nallowed = "read", "grep" 1\n',
  '[agents.a.tools]\nallowed = "read",\n',
  '[agents.a.tools]\nallowed = "read, edit", tru # c\n',
  '[agents.a]\ntools = { allowed = "read", "grep" disallowed = [] }\n',
  '[agents.a]\ntools = { allowed = "read", "grep", x }\n',
];
for (const text of STRING_THEN_NO_LIST) {
  test(`a string then more where a list goes that makes no list with it: no half fix: ${JSON.stringify(text)}`, () => {
    const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'invalid-tool-policy');
    assert.equal(found.length, 1);
    assert.deepEqual(found[0]!.fixes, []);
    assert.equal(applyEdits(text, documentFixAll(analyzeDocument(text))), text);
  });
}

test('a key over lines inside an inline table is not moved: its comments would have no line to stay on, and a comment after it would come to speak of another line', () => {
  for (const text of [
    '[agents.y]\ntools = { allowed = ["Web"], mcp = [\n  # mars-ignore-file: non-canonical\n] }\n',
    '[agents.y]\ntools = { allowed = ["frobnicate"], mcp = [\n] } # mars-ignore: unknown-tool\n',
    '[agents.y]\ntools = { allowed = ["read"], mcp = [\n  "gh",\n] }\n',
  ]) {
    const da = analyzeDocument(text);
    const mcp = documentFindings(da).find((f) => f.code === 'invalid-tool-policy');
    assert.deepEqual(mcp?.fixes, [], text);
    assert.deepEqual(documentFixAll(da), [], text);
  }
  // Nor a list under a misspelt key, into the list written beside it, nor taken out where that list holds its entries.
  for (const text of [
    '[agents.y]\ntools = { disallowed = ["read"], deny = [\n  "bash",\n] }\n',
    '[agents.y]\ntools = { disallowed = ["read"], deny = [\n  "read", # kept from the old profile\n] }\n',
  ]) {
    const da = analyzeDocument(text);
    const deny = documentFindings(da).find((f) => f.code === 'unknown-policy-key');
    assert.deepEqual(deny?.fixes, [], text);
    assert.deepEqual(documentFixAll(da), [], text);
  }
});

test('a key taken out of an inline table over lines leaves the comment after its comma, on a line of its own', () => {
  for (const [key, title] of [['mcp = ["gh"]', 'Move "mcp(gh)" into `allowed`'], ['mcp = []', 'Remove `mcp = []`: it grants nothing'], ['bash = "allow"', 'Move "bash" into `allowed`']]) {
    const text = `[agents.a]\ntools = {\n  ${key}, # servers for issues\n  allowed = ["read"]\n}\n`;
    const fix = documentFindings(analyzeDocument(text)).flatMap((f) => f.fixes).find((x) => x.title === title);
    assert.ok(fix, `${title}: ${text}`);
    const moved = applyEdits(text, fix.edits);
    assert.match(moved, /^tools = \{\n  # servers for issues\n  allowed = \["read"(, "[^"]+")?\]\n\}$/m, moved);
  }
  // Fix-all cannot then write the table on one line: the comment would have no line to stay on.
  const text = '[agents.a]\ntools = {\n  mcp = ["gh"], # servers for issues\n  allowed = ["read"]\n}\n';
  assert.equal(applyEdits(text, documentFixAll(analyzeDocument(text))), '[agents.a]\ntools = {\n  # servers for issues\n  allowed = ["read", "mcp(gh)"]\n}\n');
});

test('a key whose rule the list already holds: its message and fix say the key goes, not that it moves', () => {
  const said = (text: string) => documentFindings(analyzeDocument(text)).filter((f) => f.code !== 'non-canonical').map((f) => [f.message.split(' A tools table')[0], f.fixes.map((x) => x.title)]);
  assert.deepEqual(said('[agents.f.tools]\nallowed = ["read"]\nRead = "allow"\n'), [
    ['Mars ignores `Read` here, so this rule has no effect; `allowed` already holds "read", so the key can go.', ['Remove `Read`: `allowed` already holds "read"']]]);
  assert.deepEqual(said('[agents.g.tools]\nallowed = ["mcp(github/*)"]\nmcp = ["github"]\n')[0]![1], ['Remove `mcp`: `allowed` already holds "mcp(github/*)"']);
  // One not there yet: a move.
  assert.deepEqual(said('[agents.f.tools]\nallowed = ["read"]\nedit = "allow"\n')[0]![1], ['Move "edit" into `allowed`', 'Remove `edit`']);
});

test('a map-form key in Claude\'s MCP wire spelling moves as the portable spelling', () => {
  const text = '[agents.f.tools]\nmcp__gh__x = "deny"\n';
  const f = documentFindings(analyzeDocument(text)).find((x) => x.code === 'unknown-policy-key')!;
  assert.match(f.message, /Put "mcp\(gh\/x\)" in `disallowed` instead/);
  assert.equal(applyEdits(text, f.fixes[0]!.edits), '[agents.f.tools]\ndisallowed = ["mcp(gh/x)"]\n');
});

test('an inline table over lines a mars-ignore speaks of is not written on one line: the comment would come to cover every entry', () => {
  for (const text of ['[agents.x]\ntools = {\n  allowed = ["Shell"],\n}  # mars-ignore\n', '[agents.x]\n# mars-ignore: non-canonical\ntools = {\n  allowed = ["Shell"],\n}\n']) {
    const da = analyzeDocument(text);
    assert.deepEqual(documentFindings(da).find((f) => f.code === 'toml-syntax')?.fixes, [], text);
    assert.match(applyEdits(text, documentFixAll(da)), /tools = \{\n/, text);
  }
  const free = '[agents.x]\ntools = {\n  allowed = ["Shell"],\n}\n';
  assert.equal(applyEdits(free, documentFixAll(analyzeDocument(free))), '[agents.x]\ntools = { allowed = ["bash"] }\n');
});

// A fix over lines a mars-ignore speaks of that keeps each line's text on its line is made: a comma put in after an
// item, a byte order mark taken out of the line below (fixAllMeaning seed 11112: fix-all made it, the error's own fix was refused).
test('a missing comma over lines a mars-ignore speaks of is inserted, each line\'s text kept on its line', () => {
  for (const text of ['x = [\n  # mars-ignore\n  "web"\n  \ufeff "web_search"\n]\n', 'x = [\n  "web"  # mars-ignore\n  "grep"\n]\n']) {
    const [f] = documentFindings(analyzeDocument(text)).filter((x) => x.code === 'toml-syntax');
    assert.equal(f!.fixes.length, 1, text);
    assert.equal(applyEdits(text, f!.fixes[0]!.edits), text.replace('"web"', '"web",').replace('\ufeff', ''));
  }
});

test('a key taken out of an inline table over lines takes the mars-ignore above it: it would come to speak of the next line', () => {
  const text = '[agents.a]\ntools = {\n  # mars-ignore: non-canonical\n  mcp = ["gh"],\n  allowed = ["Read"]\n}\n';
  const fixed = applyEdits(text, documentFindings(analyzeDocument(text)).find((f) => f.code === 'invalid-tool-policy')!.fixes[0]!.edits);
  assert.equal(fixed, '[agents.a]\ntools = {\n  allowed = ["Read", "mcp(gh)"]\n}\n');
  assert.ok(documentFindings(analyzeDocument(fixed)).some((f) => f.code === 'non-canonical'), fixed);
});

test('an entry with a spelling and a legacy prefix to fix: fix-all fixes only what is seen', () => {
  const fixed = (line: string, overrides: Record<string, 'off'> = {}, only?: 'legacy-prefix' | 'non-canonical') => {
    const text = `[agents.x.tools]\nallowed = ${line}\n`;
    return applyEdits(text, documentFixAll(analyzeDocument(text), overrides, only)).split('\n')[1];
  };
  assert.equal(fixed('["Shell(git:*)"]'), 'allowed = ["bash(git *)"]');
  assert.equal(fixed('["Shell(git:*)"]  # mars-ignore: non-canonical'), 'allowed = ["Shell(git *)"]  # mars-ignore: non-canonical');
  assert.equal(fixed('["Shell(git:*)"]', { 'non-canonical': 'off' }), 'allowed = ["Shell(git *)"]');
  assert.equal(fixed('["Shell(git:*)"]', { 'legacy-prefix': 'off' }), 'allowed = ["bash(git:*)"]');
  assert.equal(fixed('["Shell(git:*)"]', {}, 'legacy-prefix'), 'allowed = ["Shell(git *)"]');
  // The quick fix under one of them alone is that one's too.
  const text = '[agents.x.tools]\nallowed = ["Shell(git:*)"]  # mars-ignore: legacy-prefix\n';
  const seen = documentFindings(analyzeDocument(text));
  assert.deepEqual(seen.map((f) => f.code), ['non-canonical']);
  assert.equal(applyEdits(text, fixAmong(seen[0]!.fixes[0]!, seen[0]!, partnersSeen(seen)).edits).split('\n')[1], 'allowed = ["bash(git:*)"]  # mars-ignore: legacy-prefix');
});

test('a move names only what it adds, and wrapping a string in a list is in fix-all only when Mars takes the entry', () => {
  // The syntax error's own guess (the same list, `SYNTAX_LIST_GUESSES`) aside.
  const titles = (text: string) => documentFindings(analyzeDocument(text)).filter((f) => f.code !== 'toml-syntax').flatMap((f) => f.fixes.map((x) => `${x.title}${x.safe ? ' (safe)' : ''}`));
  assert.deepEqual(titles('[agents.x.tools]\nallowed = ["mcp(github)"]\nmcp = ["github", "gitlab"]\n'), ['Move "mcp(gitlab)" into `allowed` (it already holds "mcp(github)") (safe)']);
  assert.deepEqual(titles('[agents.x.tools]\nallowed = "read"\n'), ['Change to `["read"]` (safe)']);
  assert.deepEqual(titles('[agents.x.tools]\nallowed = "Shell("\n'), ['Change to `["Shell("]`']);
  // A multi-line string: said as the list TOML reads (not `["""\u000Aread"""]`), or, its value holding a line break, not said.
  assert.deepEqual(titles('[agents.x.tools]\nallowed = """\nread"""\n'), ['Change to `["read"]` (safe)']);
  assert.deepEqual(titles('[agents.x.tools]\nallowed = """\nread\n"""\n'), ['Change to a list holding it (safe)']);
  // Names between commas: a list of them, first, and not in fix-all (one entry holding the commas, or the names, is a guess).
  assert.deepEqual(titles('[agents.x.tools]\nallowed = "read, Edit,bash(git *)"\n'), ['Change to `["read", "Edit", "bash(git *)"]`', 'Change to `["read, Edit,bash(git *)"]`']);
  assert.deepEqual(titles('[agents.x.tools]\nallowed = "bash(git log, git diff)"\n'), ['Change to `["bash(git log, git diff)"]` (safe)']);
  // A comma inside a pattern's parentheses splits nothing.
  assert.deepEqual(titles('[agents.x.tools]\nallowed = "bash(git a, b), grep"\n'), ['Change to `["bash(git a, b)", "grep"]`', 'Change to `["bash(git a, b), grep"]`']);
  // A comma with no name after it holds nothing (`"read,,edit,"`): no empty entry is made of it. One name and such a
  // comma can only mean that name, so that list is safe.
  assert.deepEqual(titles('[agents.x.tools]\nallowed = "read,, Edit,"\n'), ['Change to `["read", "Edit"]`', 'Change to `["read,, Edit,"]`']);
  assert.deepEqual(titles("[agents.x.tools]\nallowed = 'read,'\n"), ['Change to `["read"]` (safe)', 'Change to `[\'read,\']`']);
  assert.deepEqual(titles('[agents.x.tools]\nallowed = ", ,"\n'), ['Change to `[", ,"]` (safe)']);
  // Values with commas between them and no brackets (a syntax error, whose message names the same list): all of them,
  // not the first alone, which left `["read"], "grep"`, an error still; in fix-all, as the list it makes loads.
  const text = '[agents.x.tools]\nallowed = "read", \'grep\' # c\n';
  const wrap = documentFindings(analyzeDocument(text)).find((f) => f.code === 'invalid-tool-policy')!;
  assert.deepEqual(wrap.fixes.map((x) => [x.title, x.preferred, x.safe]), [['Change to `["read", \'grep\']`', true, true]]);
  assert.equal(applyEdits(text, wrap.fixes[0]!.edits), '[agents.x.tools]\nallowed = ["read", \'grep\'] # c\n');
  // With a value that is no string too: all of them still, as the syntax error says (`["read"]` alone was in fix-all,
  // which wrote `["read"], 1`), not in fix-all (Mars then refuses the `1`).
  assert.deepEqual(titles('[agents.x.tools]\nallowed = "read", 1\n'), ['Change to `["read", 1]`']);
  // More values after it that make no list: no wrap of the string alone, which fix-all wrote (`["read"] "grep"`), an
  // error still with the values left outside the list. With commas among them, a comma missing between two strings is
  // put in: the list of all of them, in one edit (the wrap of `"read"` alone wrote `["read"], "grep" "edit"`).
  assert.deepEqual(titles('[agents.x.tools]\nallowed = "read", "grep" "edit"\n'), ['Change to `["read", "grep", "edit"]` (safe)']);
  // No comma written among them, only strings and blanks: the list of them, every comma put in, as in brackets.
  assert.deepEqual(titles('[agents.x.tools]\nallowed = "read" "grep"  "edit"\n'), ['Change to `["read", "grep",  "edit"]` (safe)']);
  assert.deepEqual(titles('[agents.x]\ntools = { allowed = "read", "grep" "edit" }\n'), ['Change to `["read", "grep", "edit"]` (safe)']);
  // Where the rest of its line is a comment, or the inline table's next key: in fix-all, as before.
  assert.deepEqual(titles('[agents.x]\ntools = { allowed = "read", disallowed = ["edit"] }  # c\n'), ['Change to `["read"]` (safe)']);
});

// Values with commas between them and no brackets (or in parentheses) are a syntax error whose message says the list they make: that list is
// its fix, anywhere (`model = "a", "b"`, under a misspelt owner, where no shape fix is), as a guess: neither preferred nor in
// fix-all, the values may have been meant otherwise. None where a quote may have been meant inside a string (`"a""b"`).
const SYNTAX_LIST_GUESSES: Array<[text: string, after: string | null]> = [
  ['model = "a", "b"\n', 'model = ["a", "b"]\n'],
  ['[agent.x]\ntools = "read", \'grep\' # c\n', '[agent.x]\ntools = ["read", \'grep\'] # c\n'],
  ['[agents.x]\nx = { y = 1, z = "a", "b" }\n', '[agents.x]\nx = { y = 1, z = ["a", "b"] }\n'],
  ['[agents.x]\ndescription = "a", "b" "c"\n', '[agents.x]\ndescription = ["a", "b", "c"]\n'],
  ['model = "a", "b""c"\n', null],
  // So for values in parentheses (a tuple as Python writes one), where nothing follows them on their line but a comment.
  ['[agents.x.tools]\nallowed = ("read", "grep")  # c\n', '[agents.x.tools]\nallowed = ["read", "grep"]  # c\n'],
  ['model = ("a")\n', 'model = ["a"]\n'],
  ['model = ("a") x\n', null],
  // Up to 80 characters of values: longer, no list is made of them.
  [`model = "${'a'.repeat(73)}", "b"\n`, `model = ["${'a'.repeat(73)}", "b"]\n`],
  [`model = "${'a'.repeat(74)}", "b"\n`, null],
];
for (const [text, after] of SYNTAX_LIST_GUESSES) {
  test(`values with commas and no brackets: the syntax error's list as a guess: ${JSON.stringify(text)}`, () => {
    const da = analyzeDocument(text);
    const syntax = documentFindings(da).filter((f) => f.code === 'toml-syntax');
    assert.equal(syntax.length, 1);
    assert.deepEqual(syntax[0]!.fixes.map((x) => [applyEdits(text, x.edits), x.preferred, x.safe]), after === null ? [] : [[after, false, false]]);
    assert.doesNotThrow(() => after !== null && parse(after));
    assert.ok(!applyEdits(text, documentFixAll(da)).includes(after ?? '\u0000'), 'not in fix-all');
  });
}

// Two strings with no blank between among them (`"grep""edit"`, SQL's `'it''s'`): one string with a quote in it may be
// meant, as in a list in brackets (`['it''s']`), so the list with the comma put in is a guess: offered, neither
// preferred nor in fix-all (which wrote `['read', 'it', 's']`, two entries of the one meant).
const DOUBLED_QUOTE: Array<[table: string, list: string]> = [
  ["allowed = 'read', 'it''s'", "['read', 'it', 's']"],
  ['allowed = "read","grep""edit"', '["read","grep", "edit"]'],
  ['allowed = "read" "grep", "a""b" # c', '["read", "grep", "a", "b"]'],
  // The doubled string first: the guess starts at its opening quote (it may be one string), where the
  // finding is, yet the fix writes the whole of it over as a list. It had no finding, so no fix.
  ["allowed = 'it''s', 'read'", "['it', 's', 'read']"],
  ['allowed = "grep""edit", "read" # c', '["grep", "edit", "read"]'],
  ["allowed = 'it''s''x', 'read'", "['it', 's', 'x', 'read']"],
];
for (const [table, list] of DOUBLED_QUOTE) {
  test(`a string then more values where a list goes, two strings with no blank between: the list a guess: ${JSON.stringify(table)}`, () => {
    const text = `[agents.a.tools]\n${table}\n`;
    const da = analyzeDocument(text);
    const found = documentFindings(da).filter((f) => f.code === 'invalid-tool-policy');
    assert.deepEqual(found.flatMap((f) => f.fixes.map((x) => [x.title, x.preferred, x.safe])), [[`Change to \`${list}\``, false, false]]);
    assert.equal(applyEdits(text, documentFixAll(da)), text);
    assert.equal(countFixAll(da, {}, undefined, Infinity), 0);
  });
}

// Either order says the same: the finding names the list the fix writes, the syntax error both readings.
test("a doubled quote first or last in values where a list goes: the same words", () => {
  const said = (values: string) => documentFindings(analyzeDocument(`[agents.a.tools]\nallowed = ${values}\n`)).map((f) => [f.code, f.message]);
  const advice = "If a `'` of `'it''s'` was meant inside the string, write the string between `\"` quotes (a `'` string cannot hold one)";
  assert.deepEqual(said("'it''s', 'read'"), [
    ['invalid-tool-policy', "`allowed` of agent `a` must be a list of tool names, such as `allowed = ['it', 's', 'read']`."],
    ['toml-syntax', `TOML syntax error: \`'it''s', 'read'\` is not a value TOML knows: write a list in brackets, with a comma after \`'it'\` (\`['it', 's', 'read']\`). ${advice}`],
  ]);
  assert.deepEqual(said("'read', 'it''s'"), [
    ['invalid-tool-policy', "`allowed` of agent `a` must be a list of tool names, such as `allowed = ['read', 'it', 's']`."],
    ['toml-syntax', `TOML syntax error: \`'read', 'it''s'\` is not a value TOML knows: write a list in brackets, with a comma after \`'it'\` (\`['read', 'it', 's']\`). ${advice}`],
  ]);
});

test('nothing is appended after a string left open, whose text it would become', () => {
  const text = '[agents.x.tools]\nallowed = ["a", "b\n]\nbash = "allow"\n';
  const key = documentFindings(analyzeDocument(text)).find((f) => f.code === 'unknown-policy-key')!;
  // Before: `Move "bash" into `allowed`` wrote `"b, "bash"`, one string.
  assert.deepEqual(key.fixes.map((f) => applyEdits(text, f.edits)).filter((t) => t.includes('"b, ')), []);
});

test('a key on the first line, after a byte order mark, goes with its line and the mars-ignore on it', () => {
  const text = '\uFEFFagents.x.tools.mcp = ["gh"]  # mars-ignore: unknown-policy-key\nagents.x.tools.other = 1\nagents.x.tools.allowed = []\n';
  const fixed = applyEdits(text, documentFixAll(analyzeDocument(text)));
  assert.equal(fixed, '\uFEFFagents.x.tools.other = 1\nagents.x.tools.allowed = ["mcp(gh)"]\n');
  assert.deepEqual(documentFindings(analyzeDocument(fixed)).map((f) => f.code), ['unknown-policy-key']);
});

test('a list under a misspelt key: no fix that brings an entry Mars rejects into force, and a removal says so', () => {
  const fixes = (text: string) => documentFindings(analyzeDocument(text)).filter((f) => f.code === 'unknown-policy-key').map((f) => f.fixes.map((x) => x.title));
  assert.deepEqual(fixes('[agents.x.tools]\ndeny = ["bash()"]\n'), [[]]);
  assert.deepEqual(fixes('[agents.x.tools]\ndisallowed = ["read"]\ndeny = ["edit", "bash()"]\n'), [[]]);
  // Nor one that is no string: `allowed = [1]` stops the load as `bash()` does.
  assert.deepEqual(fixes('[agents.x.tools]\nAllowed = ["read", 1]\n'), [[]]);
  // By meaning (`mcp(gh/*)` is `mcp(gh)`); the Claude-only `mcp__gh` holds it for Claude alone.
  assert.deepEqual(fixes('[agents.x.tools]\nallowed = ["mcp(gh/*)"]\nalow = ["mcp(gh)"]\n'), [['Remove `alow`: `allowed` already holds its entries']]);
  assert.deepEqual(fixes('[agents.x.tools]\nallowed = ["mcp__gh"]\nalow = ["mcp(gh)"]\n'), [['Move the entries of `alow` into `allowed`']]);
  assert.deepEqual(fixes('[agents.x.tools]\nallowed = ["read"]\nallow = ["Read"]\nAllowed = []\n'), [
    ['Remove `allow`: `allowed` already holds its entries'], ['Remove `Allowed = []`: it holds nothing']]);
});

test('a name moved into a one-line list a mars-ignore speaks of is not silenced by it', () => {
  for (const list of ['allowed = ["read"] # mars-ignore: unknown-tool', '# mars-ignore: unknown-tool\n\nallowed = ["read"]', 'allowed = [] # mars-ignore', '# mars-ignore\nallowed = []',
    'allowed = [\n  "read", "edit"] # mars-ignore', 'allowed = [\n  # mars-ignore: unknown-tool\n  "read", "edit"\n]']) {
    const text = `[agents.x.tools]\n${list}\nfrobnicate = "allow"\n`;
    const move = firstFix(text)!;
    assert.equal(move.title, 'Move "frobnicate" into `allowed`');
    const moved = applyEdits(text, move.edits);
    assert.doesNotThrow(() => parse(moved));
    const found = documentFindings(analyzeDocument(moved)).map((f) => `${f.code}@${moved.slice(f.span.start, f.span.end)}`);
    assert.deepEqual(found.filter((f) => f !== 'non-canonical@read'), ['unknown-tool@frobnicate'], moved);
  }
});

test('fix-all\'s edits for several passes never end inside a \\r\\n: an editor applies them as the checker does', () => {
  // `bash()` and `bash(` both become `bash`, then the duplicate goes: two passes, whose edits, made
  // one, ended between the `\r` and `\n` the removal takes, where no LSP position is, when they were
  // the one edit from the first text to the last. (Beside a `bash` already in the list, `bash()`
  // would be removed in the first pass.)
  const text = '[agents.a.tools]\nallowed = [\n  "read",\n  "bash()",\n  "bash(",\r\n]\n';
  const edits = documentFixAll(analyzeDocument(text));
  const byOffset = applyEdits(text, edits);
  assert.equal(byOffset, '[agents.a.tools]\nallowed = [\n  "read",\n  "bash",\n]\n');
  const doc = TextDocument.create('file:///m/mars.toml', 'toml', 1, text);
  const byPosition = TextDocument.applyEdits(doc, edits.map((e) => ({ range: { start: doc.positionAt(e.start), end: doc.positionAt(e.end) }, newText: e.newText })));
  assert.equal(byPosition, byOffset);
  for (const e of edits) for (const at of [e.start, e.end]) assert.ok(!/\r\n/.test(text.slice(at - 1, at + 1)), `a bound at ${at}`);
});

test('a mars-ignore on the first line, after the file\'s byte order mark, keeps moved names off the line it speaks of', () => {
  const body = '# mars-ignore\nagents.a.tools.allowed = ["read"]\nagents.a.tools.mcp = ["gh"]\n';
  const fixed = applyEdits(body, documentFixAll(analyzeDocument(body)));
  assert.equal(fixed, '# mars-ignore\nagents.a.tools.allowed = ["read",\n  "mcp(gh)"]\n');
  const withBom = `\uFEFF${body}`;
  assert.equal(applyEdits(withBom, documentFixAll(analyzeDocument(withBom))), `\uFEFF${fixed}`);
});

test('a value over lines is marked on its first line up to a comment there, which a Disable may have written', () => {
  const marked = (text: string) => documentFindings(analyzeDocument(text)).filter((f) => f.code === 'invalid-tool-policy').map((f) => text.slice(f.span.start, f.span.end));
  assert.deepEqual(marked('[agents.a.tools]\nallowed = ["Shell", [\n]]\n'), ['[']);
  assert.deepEqual(marked('[agents.a.tools]\nallowed = ["Shell", [  # mars-ignore: non-canonical\n]]\n'), ['[']);
  assert.deepEqual(marked('[agents.a]\ntools = [  # note\n  "read",\n]\n'), ['[']);
  assert.deepEqual(marked('[agents.a]\ntools = [ "read",  # note\n]\n'), ['[ "read",']);
  // A comment on a line above is none on its first line: to that line's end.
  assert.deepEqual(marked('[agents.a]\n# note\ntools = [\n  "read",\n]\n'), ['[']);
});

test('a name holding a quote is written in a move\'s title and message as the edit writes it', () => {
  const [f] = documentFindings(analyzeDocument('[agents.a.tools]\ndisallowed = []\n\'Shel"l\' = "deny"\n'));
  assert.match(f!.message, /Put "shel\\"l" in `disallowed`/);
  assert.deepEqual(f!.fixes.map((x) => x.title), ['Move "shel\\"l" into `disallowed`', 'Move "bash" into `disallowed`', 'Remove `\'Shel"l\'`']);
});

test('an unknown name says what Mars passes on: as written, or as Mars writes it (its case and separators changed), and the white space it trims', () => {
  const message = (entry: string) => documentFindings(analyzeDocument(`[agents.a.tools]\nallowed = [${JSON.stringify(entry)}]\n`)).find((f) => f.code === 'unknown-tool')!.message;
  const passes = (entry: string) => /it passes the entry on as ([^,]*),/.exec(message(entry))?.[1];
  assert.equal(passes('my_tool'), 'written');
  assert.equal(passes('My Tool'), '`my _tool`');
  // It said 'named `my_tool`; it passes it on as `my_tool`', which hid what differs: the blanks, which Mars trims.
  assert.equal(message('  my_tool  '), 'Mars has no capability named `my_tool`; `  my_tool  ` has spaces around it, which Mars trims: it passes the entry on as `my_tool`, so only a harness with a tool of that name applies it.');
});

// An entry with white space at its ends, which Mars trims (Rust's `trim`: U+0085 too): the message
// says so, and what Mars reads. [the entry, its code, the message, what follows the entry in `allowed = [`]
const TRIMMED_MESSAGES: Array<[entry: string, code: Code, message: string, rest?: string]> = [
  [' read ', 'non-canonical', '` read ` has spaces around it, which Mars trims: it reads `read`.'],
  ['read ', 'non-canonical', '`read ` has a space after it, which Mars trims: it reads `read`.'],
  ['  mcp(gh)', 'non-canonical', '`  mcp(gh)` has spaces before it, which Mars trims: it reads `mcp(gh)`.'],
  ['grep\u0085', 'non-canonical', '`grep\\u0085` has white space after it, which Mars trims: it reads `grep`.'],
  // Respelt as well: both said.
  [' Bash ', 'non-canonical', 'Mars spells `Bash` as `bash`. ` Bash ` has spaces around it, which Mars trims.'],
  [' shell', 'non-canonical', '`shell` is an alias of `bash`; Mars writes `bash`. ` shell` has a space before it, which Mars trims.'],
  ['Bash(git log *)\t', 'non-canonical', 'Mars spells `Bash` as `bash`; it reads this entry as `bash(git log *)`. `Bash(git log *)\\u0009` has white space after it, which Mars trims.'],
  // White space inside, which Mars drops too: said as before.
  ['mcp( gh )', 'non-canonical', 'Mars reads this entry as `mcp(gh)`; the extra white space is dropped.'],
  [' foo ', 'unknown-tool', 'Mars has no capability named `foo`; ` foo ` has spaces around it, which Mars trims: it passes the entry on as `foo`, so only a harness with a tool of that name applies it.'],
  ['my_tool\u0085', 'unknown-tool', 'Mars has no capability named `my_tool`; `my_tool\\u0085` has white space after it, which Mars trims: it passes the entry on as `my_tool`, so only a harness with a tool of that name applies it.'],
  [' Foo ', 'unknown-tool', 'Mars has no capability named `Foo`; ` Foo ` has spaces around it, which Mars trims: it passes the entry on as `foo`, so only a harness with a tool of that name applies it.'],
  ['ask-user ', 'unknown-tool', 'Mars has no capability named `ask-user`. Did you mean `ask_user`? `ask-user ` has a space after it, which Mars trims: it passes the entry on as `ask-user`, so only a harness with a tool of that name applies it.'],
  // A wire token and a legacy prefix, whose fixes trim it too: said as after a respelling.
  [' mcp__gh__x ', 'mcp-wire-token', 'Claude-only MCP wire spelling; write `mcp(gh/x)` so every harness applies it. ` mcp__gh__x ` has spaces around it, which Mars trims.'],
  ['mcp__ ', 'mcp-wire-token', 'Claude-only MCP wire spelling; write it as `mcp(server/tool)` so every harness applies it. `mcp__ ` has a space after it, which Mars trims.'],
  [' mcp__x(a)', 'mcp-wire-token', 'Claude-only MCP wire spelling with a pattern, which `mcp(server/tool)` cannot hold: only Claude applies this rule. ` mcp__x(a)` has a space before it, which Mars trims.'],
  // The list holds what it means: removed, and still said; a conflict, right after what to write.
  [' mcp__gh__x ', 'mcp-wire-token', 'Claude-only MCP wire spelling of `mcp(gh/x)`, which this list already holds, so this entry can go. ` mcp__gh__x ` has spaces around it, which Mars trims.', ', "mcp(gh/x)"]'],
  [' mcp__gh__x ', 'mcp-wire-token', 'Claude-only MCP wire spelling; write `mcp(gh/x)` so every harness applies it. `disallowed` holds `mcp(gh/x)`, so `mcp(gh/x)` here would be both allowed and disallowed. ` mcp__gh__x ` has spaces around it, which Mars trims.', ']\ndisallowed = ["mcp(gh/x)"]'],
  ['bash(git:*) ', 'legacy-prefix', 'Legacy `:*` prefix: Mars rewrites the pattern to `git *`, the only form it writes (OpenCode takes `:` literally). `bash(git:*) ` has a space after it, which Mars trims.'],
  ['\tShell(git:*)', 'legacy-prefix', 'Legacy `:*` prefix: Mars rewrites the pattern to `git *`, the only form it writes (OpenCode takes `:` literally). `\\u0009Shell(git:*)` has white space before it, which Mars trims.'],
  // An entry Mars rejects: its own message, verbatim, then the white space, which is not what it rejects.
  [' bash( ', 'invalid-tool-name', `invalid tool name \` bash( \`; allowed: ${ERROR_ALLOWED.UnbalancedPattern}. \` bash( \` has spaces around it, which Mars trims.`],
  ['mcp ', 'invalid-tool-name', `invalid tool name \`mcp \`; allowed: ${ERROR_ALLOWED.InvalidMcpRef}. \`mcp \` has a space after it, which Mars trims.`],
  ['*(x)\u0085', 'invalid-tool-name', `invalid tool name \`*(x)\\u0085\`; allowed: ${ERROR_ALLOWED.WildcardPattern}. \`*(x)\\u0085\` has white space after it, which Mars trims.`],
  [' (x)', 'invalid-tool-name', `invalid tool name \` (x)\`; allowed: ${ERROR_ALLOWED.Empty}. \` (x)\` has a space before it, which Mars trims.`],
  // Only white space: it is what is empty once trimmed, which Mars's message says.
  ['  ', 'invalid-tool-name', `invalid tool name \`"  "\`; allowed: ${ERROR_ALLOWED.Empty}`],
];
for (const [entry, code, message, rest = ']'] of TRIMMED_MESSAGES) {
  test(`an entry with white space Mars trims says so: ${JSON.stringify(entry)}${rest === ']' ? '' : ` beside ${JSON.stringify(rest)}`}`, () => {
    const text = `[agents.a.tools]\nallowed = [${JSON.stringify(entry)}${rest}\n`;
    assert.deepEqual(documentFindings(analyzeDocument(text)).filter((f) => f.code === code).map((f) => f.message), [message]);
  });
}

// A string where the other list goes is read as the list of it its fix writes: an entry's fix that would write what it
// holds is a conflict (not preferred, nor in fix-all), as the string's own fix says of the entry.
test('an entry\'s fix beside a string written where the other list goes: a conflict with what it holds', () => {
  const fixes = (text: string) => documentFindings(analyzeDocument(text)).map((f) => `${f.code}: ${f.fixes.map((x) => `${x.title}${x.preferred ? ' (preferred)' : ''}`).join(' | ')}`);
  assert.deepEqual(fixes('[agents.a.tools]\nallowed = ["mcp__gh"]\ndisallowed = "mcp(gh)"\n'), [
    'mcp-wire-token: Change to `mcp(gh)` (a conflict: `disallowed` holds `mcp(gh)`)',
    'invalid-tool-policy: Change to `["mcp(gh)"]` (a conflict: `allowed` holds "mcp__gh", fixed to "mcp(gh)")',
  ]);
  assert.deepEqual(fixes('[agents.a.tools]\nallowed = ["mcp__gh"]\ndisallowed = "mcp(linear)"\n'), [
    'mcp-wire-token: Change to `mcp(gh)` (preferred)',
    'invalid-tool-policy: Change to `["mcp(linear)"]` (preferred)',
  ]);
  const text = '[agents.a.tools]\nallowed = ["mcp__gh"]\ndisallowed = "mcp(gh)"\n';
  assert.equal(applyEdits(text, documentFixAll(analyzeDocument(text))), text);
});

test('an agent, skill or tools table written once as an array of tables ([[…]]) gets the fix that writes it as the table Mars reads', () => {
  const fixed = (text: string) => documentFindings(analyzeDocument(text)).filter((f) => f.code === 'invalid-tool-policy')
    .map((f) => f.fixes.map((x) => `${x.title}${x.safe ? ' (safe)' : ''} -> ${JSON.stringify(applyEdits(text, x.edits))}`));
  assert.deepEqual(fixed('[[agents.x]]\ndescription = "d"\ntools.allowed = ["read"]\n'),
    [['Write as the table `[agents.x]` -> "[agents.x]\\ndescription = \\"d\\"\\ntools.allowed = [\\"read\\"]\\n"']]);
  assert.deepEqual(fixed('[[ skills."my skill" ]] # s\n'), [['Write as the table `[skills."my skill"]` -> "[ skills.\\"my skill\\" ] # s\\n"']]);
  assert.deepEqual(fixed('[agents.a]\n[[agents.x.tools]]\nallowed = ["read"]\n'), [['Write as the table `[agents.x.tools]` -> "[agents.a]\\n[agents.x.tools]\\nallowed = [\\"read\\"]\\n"']]);
  // A table below it, written in another section, stays as it is: it is the table's, after as before.
  assert.deepEqual(fixed('[[agents.x]]\n[agents.x.tools]\nallowed = ["read"]\n'),
    [['Write as the table `[agents.x]` -> "[agents.x]\\n[agents.x.tools]\\nallowed = [\\"read\\"]\\n"']]);
  assert.deepEqual(fixed('[agents]\ny.description = "d"\n[[agents.x]]\n'), [['Write as the table `[agents.x]` -> "[agents]\\ny.description = \\"d\\"\\n[agents.x]\\n"']]);
  assert.deepEqual(fixed('[agents]\nx.description = "d"\n[[agents.x]]\n').flat(), []);
  // Not where another section defines the table too, nor for `[[agents]]`, a list of agents with no names; but by
  // the `name` of each (overlaysByName.test.ts).
  assert.deepEqual(fixed('[[agents.x]]\n[[agents.x]]\n'), [[], []]);
  assert.deepEqual(fixed('[[agents]]\ndescription = "x"\n'), [[]]);
  assert.deepEqual(fixed('[[agents]]\nname = "x"\n'), [['Write as the table `[agents.x]`, by its `name` -> "[agents.x]\\n"']]);
  // Once written, the file loads: nothing is left to report.
  const text = '[[agents.x]]\ntools.allowed = ["read"]\n';
  const f = documentFindings(analyzeDocument(text))[0]!;
  assert.deepEqual(documentFindings(analyzeDocument(applyEdits(text, f.fixes[0]!.edits))), []);
});

test('a header with text after it on its line is one being typed however many blanks come between: `[[agents]]   x` makes no array of tables', () => {
  const codes = (blanks: number) => documentFindings(analyzeDocument(`[[agents]]${' '.repeat(blanks)}x\n[agents.x.tools]\nallowed = ["Shell"]\n`)).map((f) => f.code);
  assert.deepEqual(codes(300), codes(10));
  assert.ok(codes(300).includes('non-canonical'), 'agent x\'s tools are still read as such');
});

// Each code's summary is what the editor's settings (package.json, from codes.ts) and hover on a
// code in a `mars-ignore` comment say the code is about: it names every kind of finding of its code,
// as the README's diagnostics table does. A text, its finding's code, and what the summary names of it.
const SUMMARY_NAMES: Array<[text: string, code: Code, named: RegExp]> = [
  ['[agents.a.tools]\nallowed = "read"\n', 'invalid-tool-policy', /tool list/],
  ['[agents.a.tools]\nallowed = [1]\n', 'invalid-tool-policy', /non-string entry/],
  ['[agents.a.tools]\nmcp = ["gh"]\n', 'invalid-tool-policy', /`tools\.mcp`/],
  ['[[agents.x]]\ntools.allowed = ["read"]\n', 'invalid-tool-policy', /an agent, a skill/],
  ['[[agents]]\nname = "x"\n', 'invalid-tool-policy', /`agents` or `skills` that is not a table/],
  ['[agents.x]\nallowed = ["read"]\n', 'misplaced-tool-list', /`allowed` beside it/],
  ['[agents.x]\nallowed = "read"\n', 'misplaced-tool-list', /a string where one goes/],
  ['[agents.x.Tools]\nallowed = ["read"]\n', 'misplaced-tool-list', /a typo from `tools`/],
  ['[skill.x.tools]\nallowed = ["read"]\n', 'misplaced-tool-list', /`agents` or `skills`/],
  ['[agents.x.permission]\nedit = "deny"\n', 'misplaced-tool-list', /a map-form rule/],
  ['# mars-ignore-file: dupe\n', 'invalid-suppression', /`mars-ignore-file`/],
  ['# mars-ignore unknown-tool\nx = 1\n', 'invalid-suppression', /without its colon/],
  ['[agents.a.tools]\nallowed = ["Shell"]\n', 'non-canonical', /to the canonical name/],
  ['[agents.a.tools]\nallowed = ["CustomTool"]\n', 'non-canonical', /a name Mars does not know/],
];

test("each code's summary names every kind of finding of its code", () => {
  for (const [text, code, named] of SUMMARY_NAMES) {
    assert.ok(documentFindings(analyzeDocument(text)).some((f) => f.code === code), `${code} on ${JSON.stringify(text)}`);
    assert.match(CODES[code].summary, named, code);
  }
});

// SPEC.md section 4's catalogue is the product's: each code it names, with the default severity it gives (its
// `TOML syntax` row is `toml-syntax`). The README's table is held to the codes above; this holds the codes to the spec.
test("SPEC.md's catalogue: each code it names exists, with the default severity it gives", () => {
  const spec = readFileSync(path.join(SHARED, 'SPEC.md'), 'utf8');
  const table = spec.slice(spec.indexOf('| code | default severity | when | quick fix |'));
  const rows = [...table.slice(0, table.indexOf('\n\n')).matchAll(/^\| (`[a-z-]+`|TOML syntax) \| ([a-z]+) \|/gm)]
    .map(([, code, severity]) => [code === 'TOML syntax' ? 'toml-syntax' : code!.slice(1, -1), severity] as const);
  assert.equal(rows.length, 11);
  for (const [code, severity] of rows) assert.equal(CODES[code as Code]?.severity, severity, code);
});

test("the README's diagnostics table lists the catalogue's codes, in its order, each with its default severity", () => {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const table = readme.slice(readme.indexOf('| code | default | when | fix |'));
  const rows = [...table.slice(0, table.indexOf('\n\n')).matchAll(/^\| `([a-z-]+)` \| ([a-z]+) \|/gm)].map(([, code, severity]) => `${code} ${severity}`);
  assert.deepEqual(rows, Object.entries(CODES).map(([code, { severity }]) => `${code} ${severity}`));
});

// The same analysis reads mars.toml and mars.local.toml, and does not know which: a message that named
// mars.toml was wrong in a mars.local.toml. Each says "a tools table", which reads as well in either.
test('a message about a tools table names no file: it reads the same in mars.local.toml', () => {
  const text = '[agents.a.tools]\nfoo = 1\nbash = "allow"\nbash = "ask"\n[agents.a.tools.sub]\nx = 1\n';
  const messages = documentFindings(analyzeDocument(text)).map((f) => f.message);
  assert.ok(messages.length >= 3, messages.join('\n'));
  for (const message of messages) assert.doesNotMatch(message, /mars\.toml/, message);
});

// Claude Code's third list, `ask` (its settings' `permissions.ask` pasted into a tools table): said as the list it is,
// which Mars has none of, on the whole key; removal its one fix, as for any key Mars ignores.
for (const [line, key] of [['ask = ["Edit"]', 'ask'], ['permissions.ask = ["Edit"]', 'permissions.ask'], ['"Ask" = []', 'Ask']] as const) {
  test(`Claude's \`ask\` list in a tools table: ${line}`, () => {
    const text = `[agents.a.tools]\n${line}\n`;
    const found = documentFindings(analyzeDocument(text)).filter((f) => f.code === 'unknown-policy-key');
    assert.equal(found.length, 1);
    assert.equal(text.slice(found[0]!.span.start, found[0]!.span.end), key);
    assert.match(found[0]!.message, new RegExp(`^Mars ignores \`${key.replace('.', '\\.')}\` here: Mars has no list of tools to ask about first, as Claude Code's \`ask\` is`));
    assert.deepEqual(found[0]!.fixes.map((x) => [x.title, x.preferred, x.safe]), [[`Remove \`${line.slice(0, line.indexOf(' ='))}\``, false, false]]);
  });
}
