import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Hover, MarkupContent, Position } from 'vscode-languageserver';
import { analyze } from '../../server/src/analysis/analyze';
import { analyzeDocument, fixBeyond, placed, refusedOutside, syntaxErrorOutside, tablesBelowToolsOutside, unitAt } from '../../server/src/analysis/document';
import { hover } from '../../server/src/features/hover';
import { errorMessage } from '../../server/src/grammar/toolName';
import { ANY_MEANING, capabilityNamed, MCP_MEANING } from '../../server/src/grammar/vocabulary';

/** Hover at the `|` marker of `src`. */
function run(src: string): Hover | null {
  const offset = src.indexOf('|');
  assert.ok(offset >= 0, 'no | cursor marker');
  const text = src.slice(0, offset) + src.slice(offset + 1);
  const analysis = analyze(text);
  const position: Position = analysis.lines.position(offset);
  return hover(analysis, position);
}

/** Hover at the `|` marker of `src` as the server gives it: from the analysis of the section it is in, within the document's. */
function runInDocument(src: string): Hover | null {
  const offset = src.indexOf('|');
  assert.ok(offset >= 0, 'no | cursor marker');
  const text = src.slice(0, offset) + src.slice(offset + 1);
  const da = analyzeDocument(text);
  const unit = unitAt(da, offset);
  return hover(placed(da, unit), da.lines.position(offset), (owner) => refusedOutside(da, unit, owner), () => syntaxErrorOutside(da, unit),
    (owner) => tablesBelowToolsOutside(da, unit, owner), (code, span) => fixBeyond(da, unit, code, span));
}

type RangeTuple = readonly [number, number, number, number];

interface Case {
  readonly name: string;
  readonly doc: string;
  /** Null: no hover. */
  readonly range: RangeTuple | null;
  /** Texts the markdown must contain. */
  readonly has?: readonly string[];
  /** Texts it must not contain. */
  readonly lacks?: readonly string[];
  /** Hovered as the server does, in the analysis of its section alone (`runInDocument`), not of the whole text. */
  readonly inSection?: boolean;
}

const T = '[agents.reviewer.tools]\n';
/** What hover says wherever the file has a syntax error, which Mars cannot load it past. */
const UNLOADED = 'Mars cannot load the file until the syntax error is fixed, so none of its rules is in force.';
const meaning = (name: string) => capabilityNamed(name)!.meaning;

const CASES: Case[] = [
  { name: 'builtin', doc: `${T}allowed = ["re|ad"]`, range: [1, 12, 1, 16],
    has: ['**Capability** `read`', meaning('read'), '`cat`', '`view`', '`file_read`', 'In `allowed` of agent `reviewer`'],
    lacks: ['Canonical spelling'] },
  { name: 'alias', doc: `${T}disallowed = ["sh|ell"]`, range: [1, 15, 1, 20],
    has: ['**Capability** `bash`', meaning('bash'), '`shell` is an alias of `bash`; canonical spelling: `bash`.', 'In `disallowed`'],
    lacks: ['Canonical spelling', 'alias of `bash`.'] },
  { name: 'alias with a legacy prefix: one sentence', doc: `${T}allowed = ["Shell(git:|*)"]`, range: [1, 12, 1, 24],
    has: ["`Shell` is an alias of `bash`; canonical spelling: `bash(git *)` (`:*` is Claude's legacy prefix form)."], lacks: ['Canonical spelling'] },
  { name: 'harness casing', doc: `${T}allowed = ["|WebFetch"]`, range: [1, 12, 1, 20],
    has: ['**Capability** `web_fetch`', 'Canonical spelling: `web_fetch`'] },
  { name: 'pattern', doc: `${T}allowed = ["bash(git |log *)"]`, range: [1, 12, 1, 27],
    has: ['**Capability** `bash` · pattern `git log *`', 'command prefix'], lacks: ['Canonical spelling'] },
  { name: 'legacy pattern', doc: `${T}allowed = ["Bash(git log:*)|"]`, range: [1, 12, 1, 27],
    has: ['pattern `git log *`', 'Canonical spelling: `bash(git log *)`', 'legacy prefix'] },
  // A name with a pattern already is not said to want one: no scoped entry is suggested from its head.
  { name: 'unknown name with a blank in its head and a pattern: no scoped suggestion', doc: `${T}allowed = ["bash gi|t(x)"]`, range: [1, 12, 1, 23],
    has: ['**Unknown tool** `bash git` · pattern `x`'], lacks: ['A scoped entry is written', '`bash(git)`'] },
  // A backtick at the end only is padded off the code span's fence, or the fence would run into it.
  { name: 'an entry ending with a backtick', doc: `${T}allowed = ["a|\`"]`, range: [1, 12, 1, 14], has: ['**Unknown tool** `` a` ``'] },
  // A capability with no pattern of its own takes one all the same, passed on as written.
  { name: 'a pattern on a capability that scopes none', doc: `${T}allowed = ["task(fo|o)"]`, range: [1, 12, 1, 21],
    has: ['**Capability** `task` · pattern `foo`', 'Mars passes the pattern on as written.'], lacks: ['The pattern scopes'] },
  { name: 'path pattern keeps its colon', doc: `${T}disallowed = ["read(./secrets:|*)"]`, range: [1, 15, 1, 32],
    has: ['**Capability** `read` · pattern `./secrets:*`', 'a path or glob'] },
  { name: 'mcp server', doc: `${T}allowed = ["mcp(git|hub)"]`, range: [1, 12, 1, 23],
    has: ['**MCP** server `github` · tool `*`', 'every tool of the MCP server `github`', MCP_MEANING], lacks: ['Canonical spelling'] },
  { name: 'mcp server and tool', doc: `${T}allowed = ["MCP(github/create_issue)|"]`, range: [1, 12, 1, 36],
    has: ['server `github` · tool `create_issue`', 'Canonical spelling: `mcp(github/create_issue)`'], lacks: ['the tool `create_issue`'] },
  { name: 'mcp tool of every server', doc: `${T}allowed = ["mcp(*/sea|rch)"]`, range: [1, 12, 1, 25],
    has: ['**MCP** server `*` · tool `search`: the tool `search` of every MCP server.'] },
  { name: 'mcp wire token', doc: `${T}allowed = ["mcp__github__cre|ate_issue"]`, range: [1, 12, 1, 37],
    has: ['MCP wire token', 'only Claude', '`mcp(github/create_issue)`'] },
  { name: 'MCP wire token with a pattern: passed on as Mars trims it, and no portable spelling', doc: `${T}allowed = ["mcp__|x( a )"]`, range: [1, 12, 1, 23],
    has: ['passes it through as `mcp__x(a)`', '`mcp(server/tool)` holds no pattern'], lacks: ['verbatim', 'Write it as'] },
  { name: 'mcp wire token with a space Mars trims: not verbatim', doc: `${T}allowed = ["mcp__gh|__x "]`, range: [1, 12, 1, 23],
    has: ['passes it through as `mcp__gh__x`', '`mcp__gh__x ` has a space after it, which Mars trims.'], lacks: ['verbatim'] },
  { name: 'mcp wire token for a whole server', doc: `${T}allowed = ["|mcp__github"]`, range: [1, 12, 1, 23], has: ['`mcp(github)`'] },
  // A multi-line string's value starts past the line break after its opening quotes (TOML trims it),
  // and past a line-ending backslash and the blanks it joins over: the range starts there, where
  // the entry's diagnostic does, not at the end of the line of the quotes.
  { name: 'a multi-line string: from where its value starts', doc: `${T}allowed = ["""\nSh|ell"""]`, range: [2, 0, 2, 5], has: ['**Capability** `bash`'] },
  { name: 'a multi-line literal string after CRLF', doc: `${T}allowed = ['''\r\nre|ad''']`, range: [2, 0, 2, 4], has: ['**Capability** `read`'] },
  { name: 'a multi-line string after a line-ending backslash', doc: `${T}allowed = ["""\\\n  gr|ep"""]`, range: [2, 2, 2, 6], has: ['**Capability** `grep`'] },
  { name: 'a multi-line string whose value runs over lines: to its end', doc: `${T}allowed = ["""\nre|ad\nx"""]`, range: [2, 0, 3, 1] },
  { name: 'a multi-line string where a list goes, hovered as the entry it would be', doc: `${T}allowed = """\nre|ad"""`, range: [2, 0, 2, 4], has: ['Not an entry yet'] },
  // An entry of an agent written as an array of tables: Mars loads no policy of it, as the hover on its `tools` says.
  { name: 'an entry under an agent written as an array of tables', doc: '[[agents.x]]\ntools.allowed = ["re|ad"]', range: [1, 18, 1, 22],
    has: ['**Capability** `read`', 'Mars refuses to load the config, so its rule is not in force.', 'Agent `x` must be a table (`[agents.x]`), not an array of tables (`[[…]]`).', '_In `allowed` of agent `x`._'] },
  { name: 'an entry under a skill written as an array of tables, in an inline table', doc: '[[skills.s]]\ntools = { disallowed = ["mcp__gh|__x"] }', range: [1, 25, 1, 35],
    has: ['**MCP wire token**', 'Mars refuses to load the config, so its rule is not in force.', 'Skill `s` must be a table'] },
  { name: 'unknown with a suggestion', doc: `${T}allowed = ["wbfe|tch"]`, range: [1, 12, 1, 19],
    has: ['**Unknown tool** `wbfetch`', 'no capability of that name: it passes the entry on as written', 'Nearest canonical name: `web_fetch`', meaning('web_fetch')], lacks: ['named `wbfetch`'] },
  // Another harness's name for a capability: said as the diagnostic says it, whose name it is.
  { name: "unknown: another harness's name for a capability", doc: `${T}allowed = ["Multi|Edit"]`, range: [1, 12, 1, 21],
    has: ['**Unknown tool** `multi_edit`', "Did you mean `edit` (Claude's `MultiEdit`)?", meaning('edit')], lacks: ['Nearest canonical name'] },
  { name: "unknown: another harness's name with a pattern", doc: `${T}allowed = ["read_fi|le(src/**)"]`, range: [1, 12, 1, 29],
    has: ["Did you mean `read` (Cursor's `read_file`)?", meaning('read')] },
  { name: 'unknown: look-alikes of ASCII, read as the letters they look like', doc: `${T}allowed = ["\uff22\uff21|\uff33\uff28"]`, range: [1, 12, 1, 16],
    has: ['Nearest canonical name: `bash`', 'It holds U+FF22, which looks like `B` but is not an ASCII character.'] },
  // The character named, as in the diagnostic (the hover offered `read` for what reads as `read` and said nothing of why).
  { name: 'unknown: a Cyrillic letter in a scoped entry without its parentheses', doc: `${T}allowed = ["r\u0435ad |x"]`, range: [1, 12, 1, 18],
    has: ['It holds U+0435, which looks like `e` but is not an ASCII character.', 'A scoped entry is written `tool(pattern)`: did you mean `read(x)`?'] },
  { name: 'unknown: a scoped entry without its parentheses', doc: `${T}allowed = ["skill:in|it"]`, range: [1, 12, 1, 22],
    has: ['A scoped entry is written `tool(pattern)`: did you mean `skill(init)`?'], lacks: ['Nearest canonical name'] },
  { name: 'unknown: a host written without its parentheses gets the `domain:` web_fetch scopes it by', doc: `${T}allowed = ["WebFetch: do|cs.rs"]`, range: [1, 12, 1, 29],
    has: ['did you mean `web_fetch(domain:docs.rs)`?'] },
  { name: 'unknown, with spaces Mars trims: said, and not passed on as written', doc: `${T}allowed = [" my|_tool "]`, range: [1, 12, 1, 21],
    has: ['passes the entry on as `my_tool`', '`  my_tool  ` has spaces around it, which Mars trims.'], lacks: ['as written'] },
  // Claude's old `Task` launched sub-agents: said after the spelling Mars writes; not of Mars's own `task`.
  { name: "Claude's old Task", doc: `${T}allowed = ["Ta|sk(reviewer)"]`, range: [1, 12, 1, 26],
    has: ['**Capability** `task` · pattern `reviewer`', 'Canonical spelling: `task(reviewer)`.', "Claude's old `Task` launched sub-agents, which Mars calls `agent`."] },
  { name: 'the task list written as Mars writes it: nothing of Claude\'s old Task', doc: `${T}allowed = ["ta|sk"]`, range: [1, 12, 1, 16],
    has: ['**Capability** `task`'], lacks: ['sub-agents, which', 'Canonical spelling'] },
  { name: 'a capability with white space Mars trims (U+0085)', doc: `${T}allowed = ["re|ad\u0085"]`, range: [1, 12, 1, 17],
    has: ['**Capability** `read`', '`read\\u0085` has white space after it, which Mars trims.', 'Canonical spelling: `read`.'] },
  { name: 'unknown, rendered differently', doc: `${T}allowed = ["Custom|Tool"]`, range: [1, 12, 1, 22],
    has: ['**Unknown tool** `custom_tool`', 'no capability named `CustomTool`', 'as `custom_tool`'], lacks: ['Nearest'] },
  { name: 'invalid: empty pattern', doc: `${T}allowed = ["bash(|)"]`, range: [1, 12, 1, 18],
    has: ['**Invalid tool name**', 'parentheses are empty: write the name alone to allow the whole tool', 'Write `bash`'],
    // Mars's own message is the diagnostic's, shown above the hover: not repeated.
    lacks: [errorMessage('bash()', 'EmptyPattern'), 'Mars says'] },
  { name: 'invalid: empty pattern in disallowed', doc: `${T}disallowed = ["bash(|)"]`, range: [1, 15, 1, 21],
    has: ['write the name alone to deny the whole tool'], lacks: ['allow the whole tool'] },
  { name: 'map-form key with an empty pattern', doc: `${T}"bash(|)" = "deny"`, range: [1, 1, 1, 7],
    has: ['write the name alone to deny the whole tool'], lacks: ['allow the whole tool'] },
  { name: 'invalid: bare mcp', doc: `${T}allowed = ["m|cp"]`, range: [1, 12, 1, 15],
    has: ['**Invalid tool name**', '`mcp` always names an MCP server'], lacks: [errorMessage('mcp', 'InvalidMcpRef'), 'Mars says'] },
  // `mcp(github` is a server reference left open: the reason is the parenthesis, as for `bash(git`, not
  // that `mcp` names a server, which it does (the hover then says to write `mcp(github)`).
  { name: 'invalid: an MCP reference left open', doc: `${T}allowed = ["mcp(git|hub"]`, range: [1, 12, 1, 22],
    has: ['An MCP reference is written `mcp(server)` or `mcp(server/tool)`: the text after `mcp` must start with `(` and end with `)`.', 'Write `mcp(github)`'],
    lacks: ['always names an MCP server'] },
  { name: 'invalid: an MCP reference with text after its parenthesis', doc: `${T}allowed = ["mcp(github)x|"]`, range: [1, 12, 1, 24],
    has: ['the text after `mcp` must start with `(` and end with `)`'] },
  { name: 'invalid: an MCP reference left open with nothing in it: the rule in full', doc: `${T}allowed = ["mcp(|"]`, range: [1, 12, 1, 16],
    has: ['`mcp` always names an MCP server'] },
  // Parentheses closed, a reference Mars rejects for what is inside (two `/`): the rule in full, not the parentheses.
  { name: 'invalid: an MCP reference with two slashes, its parentheses closed', doc: `${T}allowed = ["mcp(a/b/|c)"]`, range: [1, 12, 1, 22],
    has: ['`mcp` always names an MCP server', 'at most one `/`'], lacks: ['must start with `(` and end with `)`'] },
  { name: 'invalid: * with a pattern', doc: `${T}allowed = ["*(x)|"]`, range: [1, 12, 1, 16],
    has: ['takes no pattern', 'Write `*` alone only to mean every tool'], lacks: [errorMessage('*(x)', 'WildcardPattern')] },
  { name: 'invalid: * with empty parentheses is not the whole of one tool', doc: `${T}allowed = ["*(|)"]`, range: [1, 12, 1, 15],
    has: ['`*` stands for every tool and takes no pattern', 'Write `*` alone only to mean every tool'], lacks: ['whole tool'] },
  { name: 'invalid: empty entry', doc: `${T}allowed = ["|"]`, range: [1, 12, 1, 12], has: ['The tool name is empty'], lacks: [errorMessage('', 'Empty')] },
  // Only white space: what is empty once trimmed, not a name with white space around it.
  { name: 'invalid: an entry of white space', doc: `${T}allowed = [" |\t"]`, range: [1, 12, 1, 14], has: ['The tool name is empty'], lacks: ['which Mars trims'] },
  { name: 'invalid: unbalanced', doc: `${T}allowed = ["bash(git|"]`, range: [1, 12, 1, 20],
    has: ['must start with `(` and end with `)`', 'Write `bash(git)`'] },
  { name: 'any capability', doc: `${T}disallowed = ["|*"]`, range: [1, 15, 1, 16], has: ['**Any capability**', ANY_MEANING] },
  { name: 'comma warning', doc: `${T}allowed = ["read,|write"]`, range: [1, 12, 1, 22], has: ['comma'] },
  // One sentence, counted over the whole entry (three commas in two places, a tab twice), not the diagnostics' words again.
  { name: 'a control character in two runs: counted over both', doc: `${T}allowed = ["bash(a|\\tb\\tc)"]`, range: [1, 12, 1, 25], has: ['Holds control character U+0009 (2 times), which can break a shell.'] },
  { name: 'two control characters: the first said', doc: `${T}allowed = ["bash(a|\\tb\\u0007c)"]`, range: [1, 12, 1, 29], has: ['Holds control character U+0009, which can break a shell.'] },
  { name: 'commas and control characters counted', doc: `${T}allowed = ["bash(a,|b,,c\\t\\td)"]`, range: [1, 12, 1, 29], has: ["Holds 3 commas, which split Claude's tool lists (`--allowed-tools`, `--disallowed-tools`), and control character U+0009 (2 times), which can break a shell."], lacks: ['as two', 'This entry contains'] },
  // A list written as a string: on its quote as on an entry's, what it would be as one.
  { name: 'on the quote', doc: `${T}allowed = |"read"`, range: [1, 11, 1, 15], has: ['As the entry `read` of `allowed`'] },
  { name: 'on the opening quote of an entry', doc: `${T}allowed = [|"read"]`, range: [1, 12, 1, 16] },
  // A string left open is not written yet (its diagnostics wait too): `"read]` would be described as a tool `read]`.
  { name: 'unterminated string', doc: `${T}allowed = ["read|`, range: null },
  // After `[[agents]]`, `[agents.x.tools]` is a table of the array's last element: no agent's tools.
  { name: 'after [[agents]], an entry', doc: `[[agents]]\n${T}allowed = ["sh|ell"]`, range: null },
  { name: 'after [[agents]], a list\'s key', doc: `[[agents]]\n${T}allo|wed = ["shell"]`, range: null },
  { name: 'after [[agents]], a map-form key', doc: `[[agents]]\n${T}sh|ell = "allow"`, range: null },
  { name: 'after [[skills]], a list as a value', doc: '[[skills]]\n[skills.s]\ntools = ["Re|ad"]', range: null },
  { name: 'a string left open before the ]', doc: `${T}allowed = ["re|ad]`, range: null },
  // A key typed into a list a `]` closes further on is no key of the table; below a list never closed, it is the next statement.
  { name: 'a key typed inside a list closed further on', doc: `${T}allowed = ["read", "grep"\n|x = 1]`, range: null },
  { name: 'a statement below a list left open, never closed', doc: `${T}allowed = ["read", "grep"\n|x = 1`, range: [2, 0, 2, 1], has: ['a key Mars ignores'] },
  // A key with no value is the syntax error's to report, as the diagnostics leave it: half typed, or no key at all (the
  // items on the lines below an inline table left open, `b = {`, read as keys).
  { name: 'an item below an inline table left open, read as a key with no value', doc: `${T}b = {\n"re|ad",\n"bash"`, range: null },
  { name: 'a key typed before its value', doc: `${T}ba|sh =`, range: null },
  { name: 'an entry of a list below a list left open', doc: `${T}allowed = ["read", "grep"\ndisallowed = ["a|gent"]`, range: [2, 15, 2, 20], has: ['**Capability** `agent`'] },
  { name: 'an entry on a line below a comma missing in a list over lines', doc: `${T}allowed = [\n  "read"\n  "edit",\n  "gr|ep",\n]`, range: [4, 3, 4, 7], has: ['**Capability** `grep`'] },
  { name: 'an entry on the line of a comma missing', doc: `${T}allowed = [\n  "read"\n  "ed|it",\n  "grep",\n]`, range: null },
  // Under a header with an escape of no meaning (`"a\qb"`), Mars reads no agent: the section is a guess.
  { name: 'an entry under a header with an unknown escape', doc: '[agents."a\\qb".tools]\nallowed = ["Re|ad"]', range: null },
  { name: 'tools of a header with an unknown escape', doc: '[agents."a\\qb".to|ols]\nallowed = ["Read"]', range: null },
  { name: 'an entry in the section after it', doc: '[agents."a\\qb".tools]\nallowed = ["Read"]\n[agents.b.tools]\nallowed = ["gr|ep"]', range: [3, 12, 3, 16], has: ['**Capability** `grep`'] },
  // Past an error Mars stops at, the parser's later problems leave the rest of their line a guess: `", "` reads as an entry there.
  { name: 'past a later error of the section, on its line', doc: `${T}allowed = ["read" "x"]\ndisallowed = ["b"c",| "d"]`, range: null },
  { name: 'past a later error of the section, before it on its line', doc: `${T}allowed = ["read" "x"]\ndisallowed = ["gr|ep", "b"c", "d"]`, range: [2, 15, 2, 19], has: ['**Capability** `grep`'] },
  { name: 'inline table spelling', doc: '[agents.coder]\ntools = { allowed = ["gr|ep"] }', range: [1, 22, 1, 26],
    has: ['**Capability** `grep`', 'agent `coder`'] },
  { name: 'skill policy, root dotted', doc: 'skills."deep research".tools.disallowed = ["a|gent"]', range: [0, 44, 0, 49],
    has: ['**Capability** `agent`', 'skill `deep research`'] },
  { name: 'map-form key', doc: `${T}ba|sh = "allow"`, range: [1, 0, 1, 4],
    has: ['**Capability** `bash`', 'Mars ignores it', 'put `bash` in `allowed`'] },
  { name: 'map-form key with its verdict in capitals', doc: `${T}ba|sh = "DENY"`, range: [1, 0, 1, 4],
    has: ['**Capability** `bash`', 'put `bash` in `disallowed`'] },
  { name: 'quoted map-form key', doc: `${T}"|*" = "deny"`, range: [1, 1, 1, 2], has: ['**Any capability**', 'put `*` in `disallowed`'] },
  // A boolean is OpenCode's verdict (`tools: { bash: true }`): the map form too, `true` allowing, `false` denying.
  { name: 'map-form key given true', doc: `${T}ba|sh = true`, range: [1, 0, 1, 4],
    has: ['**Capability** `bash`', '_Map-form key in the tools table of agent `reviewer`, which holds only `allowed` and `disallowed` lists: Mars ignores it; put `bash` in `allowed` instead._', 'As an entry of a list:'],
    lacks: ['Its fix'] },
  // A verdict one typo from `"allow"` or `"deny"`: read as the one meant, said so, as the diagnostic does.
  { name: 'map-form key given a verdict misspelt', doc: `${T}ba|sh = "alow"`, range: [1, 0, 1, 4],
    has: ['**Capability** `bash`', '_Map-form key in the tools table of agent `reviewer`, which holds only `allowed` and `disallowed` lists: Mars ignores it (`"alow"` read as `"allow"`); put `bash` in `allowed` instead._', 'As an entry of a list:'] },
  { name: 'table of patterns with a verdict misspelt', doc: `${T}ba|sh = { "git *" = "alow", "rm *" = "deny" }`, range: [1, 0, 1, 4],
    has: ['_Table of patterns in the tools table of agent `reviewer`, which holds only `allowed` and `disallowed` lists: Mars ignores it (`"alow"` read as `"allow"`); put `bash(git *)` in `allowed` and `bash(rm *)` in `disallowed` instead._'] },
  { name: 'pattern rule with its verdict misspelt', doc: `${T}bash = { "gi|t *" = "alow", "rm *" = "deny" }`, range: [1, 10, 1, 15],
    has: ['_Pattern rule of `bash` in the tools table of agent `reviewer`, which holds only `allowed` and `disallowed` lists: Mars ignores it (`"alow"` read as `"allow"`); put `bash(git *)` in `allowed` instead._'] },
  { name: 'pattern rule beside one with its verdict misspelt', doc: `${T}bash = { "git *" = "alow", "r|m *" = "deny" }`, range: [1, 28, 1, 32], has: ['Mars ignores it; put `bash(rm *)` in `disallowed`'] },
  // A verdict holding a backtick is markdown inline code whatever it holds, as everything hover quotes (`code`).
  { name: 'map-form key given a misspelt verdict holding a backtick', doc: `${T}ba|sh = "a\`llow"`, range: [1, 0, 1, 4],
    has: ['Mars ignores it (``"a`llow"`` read as `"allow"`); put `bash` in `allowed` instead._'] },
  { name: 'table of patterns and its rule with a misspelt verdict holding a backtick', doc: `${T}bash = { "gi|t *" = "d\`eny" }`, range: [1, 10, 1, 15],
    has: ['Mars ignores it (``"d`eny"`` read as `"deny"`); put `bash(git *)` in `disallowed` instead._'] },
  { name: 'map-form key given a verdict two typos off', doc: `${T}ba|sh = "alowd"`, range: [1, 0, 1, 4], has: ['a key Mars ignores'], lacks: ['read as', 'put `bash`'] },
  { name: 'map-form key given false', doc: `${T}wr|ite = false`, range: [1, 0, 1, 5], has: ['**Capability** `write`', 'put `write` in `disallowed`'] },
  { name: 'map-form key given a boolean, its list holding it', doc: `${T}disallowed = ["Write"]\nwr|ite = false`, range: [2, 0, 2, 5], has: ['so the key can go'], lacks: ['Its fix'] },
  // OpenCode's table of patterns below a tool: on the tool, the entries Mars reads once it is moved, and the rules left; on a
  // pattern, that rule as the entry it becomes (`"*"`: the tool), as a map-form key is said; `"ask"` has no Mars equivalent.
  { name: 'a table of patterns, on the tool', doc: `${T}ba|sh = { "git *" = "allow", "rm *" = "deny", "*" = "ask" }`, range: [1, 0, 1, 4],
    has: ["**`bash`**: OpenCode's rules by pattern for `bash`. Once moved, Mars reads `bash(git *)` in `allowed` and `bash(rm *)` in `disallowed`.",
      '_Table of patterns in the tools table of agent `reviewer`, which holds only `allowed` and `disallowed` lists: Mars ignores it; put `bash(git *)` in `allowed` and `bash(rm *)` in `disallowed` instead._',
      '`"*" = "ask"` has no Mars equivalent and is left as it is.'], lacks: ['Its fix', 'Map-form'] },
  // A long table's entries are named as its message names them: the first five, then how many more.
  { name: 'a table of 20,000 patterns, on the tool', doc: `${T}ba|sh = { ${Array.from({ length: 20_000 }, (_, i) => `"p${i} *" = "allow"`).join(', ')} }`, range: [1, 0, 1, 4],
    has: ["Once moved, Mars reads `bash(p0 *)`, `bash(p1 *)`, `bash(p2 *)`, `bash(p3 *)`, `bash(p4 *)` and 19995 more in `allowed`."], lacks: ['`bash(p5 *)`'] },
  { name: 'a table of patterns, on a pattern', doc: `${T}bash = { "gi|t *" = "allow", "rm *" = "deny", "*" = "ask" }`, range: [1, 10, 1, 15],
    has: ['**Capability** `bash` · pattern `git *`', '_Pattern rule of `bash` in the tools table of agent `reviewer`, which holds only `allowed` and `disallowed` lists: Mars ignores it; put `bash(git *)` in `allowed` instead._',
      'As the entry `bash(git *)` of a list:'], lacks: ['is below `bash`'] },
  { name: 'a table of patterns, on `*`: the tool', doc: `${T}edit = { "|*" = "deny", "*.md" = "allow" }`, range: [1, 10, 1, 11],
    has: ['**Capability** `edit`', 'put `edit` in `disallowed` instead', 'As the entry `edit` of a list:'] },
  { name: 'a table of patterns, on an `"ask"` rule', doc: `${T}bash = { "git *" = "allow", "|*" = "ask" }`, range: [1, 29, 1, 30],
    has: ['**`"*" = "ask"`**: Mars has no equivalent of this rule; its move leaves it as it is.'], lacks: ['Capability'] },
  { name: 'a table of patterns, on a rule its list holds', doc: `${T}allowed = ["Bash(git *)"]\nbash = { "gi|t *" = "allow" }`, range: [2, 10, 2, 15],
    has: ['`allowed` already holds `Bash(git *)`, so the rule can go'] },
  { name: 'a table of patterns, on a pattern Mars rejects', doc: `${T}bash = { "|" = "allow", "rm *" = "deny" }`, range: [1, 9, 1, 11],
    has: ['**Not a tool name Mars accepts**', 'its move leaves it as it is'] },
  { name: 'a table of patterns of its own, on the tool', doc: '[agents.reviewer.tools.ba|sh]\n"git push" = "deny"', range: [0, 23, 0, 27],
    has: ["**`bash`**: OpenCode's rules by pattern for `bash`. Once moved, Mars reads `bash(git push)` in `disallowed`."], lacks: ['a table Mars ignores'] },
  { name: 'a table of patterns of its own, its rules held by the tools table', doc: '[agents.reviewer.tools]\nallowed = ["bash(git *)"]\n[agents.reviewer.tools.ba|sh]\n"git *" = "allow"', range: [2, 23, 2, 27],
    has: ['`allowed` already holds `bash(git *)`, so the table can go'] },
  // In the server a section is analysed alone: the lists of another section are told it (`Policies.outsideLists`), above or below.
  { name: 'a table of patterns of its own, its rules held by the tools table, hovered in its section', doc: '[agents.reviewer.tools]\nallowed = ["bash(git *)"]\n[agents.reviewer.tools.ba|sh]\n"git *" = "allow"', range: [2, 23, 2, 27],
    has: ['`allowed` already holds `bash(git *)`, so the table can go'], lacks: ['put `'], inSection: true },
  { name: 'a table of patterns of its own, the tools table below it, on a pattern, hovered in its section', doc: '[agents.reviewer.tools.bash]\n"gi|t *" = "allow"\n"*" = "ask"\n[agents.reviewer.tools]\nallowed = ["Bash(git *)"]', range: [1, 1, 1, 6],
    has: ['`allowed` already holds `Bash(git *)`, so the rule can go'], lacks: ['put `'], inSection: true },
  { name: 'a table of patterns of its own, its rule held by the other list, hovered in its section', doc: '[agents.reviewer.tools]\ndisallowed = ["bash(git *)"]\n[agents.reviewer.tools.ba|sh]\n"git *" = "allow"', range: [2, 23, 2, 27],
    has: ['`disallowed` holds `bash(git *)`, so in `allowed` it would be both allowed and disallowed'], lacks: ['put `'], inSection: true },
  { name: 'a table of patterns of its own, on a pattern', doc: '[agents.reviewer.tools.bash]\n"git p|ush" = "deny"', range: [1, 1, 1, 9],
    has: ['**Capability** `bash` · pattern `git push`', 'put `bash(git push)` in `disallowed` instead'] },
  { name: 'a rule of patterns as a dotted key, on its pattern', doc: `${T}bash."npm |test" = "allow"`, range: [1, 6, 1, 14],
    has: ['**Capability** `bash` · pattern `npm test`', 'put `bash(npm test)` in `allowed` instead'], lacks: ['is below `bash`'] },
  // A pattern holding a comma or a control character (its key's `illegal-char`): said as on the entry its move writes,
  // in the words hover says an entry's in (`allowed = ["bash(a,b)"]`: "Holds a comma, …"), inline, dotted, in a table of its own.
  { name: 'a pattern holding a comma, on it: said as on the entry its move writes', doc: `${T}bash = { "a|,b" = "allow" }`, range: [1, 10, 1, 13],
    has: ['As the entry `bash(a,b)` of a list:', "Holds a comma, which splits Claude's tool lists (`--allowed-tools`, `--disallowed-tools`)."] },
  { name: 'a dotted pattern holding a control character, on it', doc: `${T}bash."gi|t\\u0007" = "deny"`, range: [1, 6, 1, 15],
    has: ['As the entry `bash(git\\u0007)` of a list:', 'Holds control character U+0007, which can break a shell.'] },
  { name: 'a pattern of a table of its own holding commas and a control character, on it', doc: '[agents.reviewer.tools.edit]\n"a,|b,c\\u0007" = "allow"', range: [1, 1, 1, 12],
    has: ["Holds 2 commas, which split Claude's tool lists (`--allowed-tools`, `--disallowed-tools`), and control character U+0007, which can break a shell."] },
  // White space Mars trims beside the pattern's `)` never reaches a harness: nothing said of it, as of the entry (and no `illegal-char`).
  { name: 'a pattern ending in a tab Mars trims, on it: no character said', doc: `${T}bash = { "gi|t\\t" = "allow" }`, range: [1, 10, 1, 15],
    has: ['As the entry `bash(git)` of a list:'], lacks: ['Holds', 'U+0009'] },
  // Only `"ask"`: no rule to move, a key Mars ignores.
  { name: 'a table of patterns of only `"ask"`', doc: `${T}ba|sh = { "*" = "ask" }`, range: [1, 0, 1, 4], has: ['**`bash`**: a key Mars ignores.', 'Its fix: remove `bash`.'], lacks: ['OpenCode'] },
  { name: 'a list\'s name given a boolean is not the map form', doc: `${T}de|ny = true`, range: [1, 0, 1, 4],
    has: ['**`deny`**: a key Mars ignores.'], lacks: ['Map-form', 'Unknown tool', 'put `'] },
  { name: '`tools.mcp` given a boolean: the removed key, no map form', doc: `${T}m|cp = false`, range: [1, 0, 1, 3],
    has: ['**`tools.mcp`** was removed.'], lacks: ['Map-form', 'put `'] },
  // A value of the removed key that names no server: no server, but what its key's hover says (it had no hover).
  { name: '`tools.mcp` given a boolean: no server on its value, the key removed', doc: `${T}mcp = tr|ue`, range: [1, 6, 1, 10],
    has: ['**`tools.mcp`** was removed.', 'Mars refuses it: grant MCP servers in `allowed` of agent `reviewer` as `mcp(server)` or `mcp(server/tool)`.'],
    lacks: ['**MCP**', 'As the entry', 'Map-form'] },
  { name: '`tools.mcp` given an integer, on its value', doc: `${T}mcp = |3`, range: [1, 6, 1, 7], has: ['**`tools.mcp`** was removed.'] },
  { name: '`tools.mcp` given a list, on an item no string', doc: `${T}mcp = ["gh", |1]`, range: [1, 6, 1, 15], has: ['**`tools.mcp`** was removed.'], lacks: ['As the entry'] },
  { name: '`tools.mcp` given a value under an agent written as an array of tables', doc: '[[agents.x]]\ntools.mcp = |3', range: [1, 12, 1, 13],
    has: ['**`tools.mcp`** was removed.', 'Mars refuses to load the config.', 'Agent `x` must be a table (`[agents.x]`)'] },
  { name: '`tools.mcp` given the map form in a section under an agent written as an array of tables, on its value', doc: '[[agents.x]]\n[agents.x.tools]\nmcp = "de|ny"', range: [2, 6, 2, 12],
    has: ['**`tools.mcp`** was removed.', 'Mars refuses to load the config.', 'Agent `x` must be a table (`[agents.x]`), not an array of tables (`[[…]]`).'] },
  // A string Mars reads as no entry for its value's shape: the entry its fix makes of it, and why it is none yet.
  { name: 'a string of `tools` written as a list', doc: '[agents.x]\ntools = ["read", "gr|ep"]', range: [1, 18, 1, 22],
    has: ['**Capability** `grep`', '_Not an entry yet: `tools` of agent `x` must be a table', 'As the entry `grep` of `allowed` of agent `x`:'] },
  // `tools` written as a string, which its fix renames `tools.allowed` and makes a list of: the entry of `allowed` it would be,
  // the name under the cursor of names between commas (Claude's agent `tools: Read, Grep` pasted).
  { name: '`tools` written as a string', doc: '[agents.x]\ntools = "re|ad"', range: [1, 9, 1, 13],
    has: ['**Capability** `read`', '_Not an entry yet: `tools` of agent `x` must be a table with `allowed` and `disallowed` lists, not a string._', 'As the entry `read` of `allowed` of agent `x`:'] },
  { name: '`tools` written as names between commas: the one under the cursor', doc: '[skills.s]\ntools = "Read, Gr|ep"', range: [1, 15, 1, 19],
    has: ['**Capability** `grep`', 'As the entry `Grep` of `allowed` of skill `s`:'] },
  { name: '`tools` written as names between commas, on a comma: nothing', doc: '[agents.x]\ntools = "Read|, Grep"', range: null },
  { name: '`allowed` written as a string', doc: `${T}allowed = "Re|ad"`, range: [1, 11, 1, 15],
    has: ['**Capability** `read`', 'must be a list of tool names, such as `allowed = ["Read"]`', 'As the entry `Read` of `allowed`', 'Canonical spelling: `read`'] },
  { name: '`disallowed` written as a string Mars would refuse', doc: `${T}disallowed = "ba|sh("`, range: [1, 14, 1, 19],
    has: ['**Invalid tool name**', '_Not an entry yet: `disallowed` of agent `reviewer` must be a list of tool names, such as `disallowed = ["read"]`._',
      'As the entry `bash(` of `disallowed` of agent `reviewer`:', 'Write `bash`.'] },
  // Names between commas in one string: the preferred fix makes a list of them, so the name under the cursor is the
  // entry it would be (a comma inside a pattern splits nothing); nothing on a comma or blank between them. A string whose
  // names the fix does not split (one Mars rejects) is one entry still.
  { name: '`allowed` written as a string of names between commas', doc: `${T}allowed = "read, ed|it"`, range: [1, 17, 1, 21],
    has: ['**Capability** `edit`', '_Not an entry yet: `allowed` of agent `reviewer` must be a list of tool names', 'As the entry `edit` of `allowed`'] },
  { name: 'the first of names between commas', doc: `${T}allowed = "Re|ad,edit"`, range: [1, 11, 1, 15], has: ['**Capability** `read`', 'As the entry `Read` of `allowed`'] },
  { name: 'names between commas, a comma inside a pattern', doc: `${T}allowed = "read, bash(git a,| b)"`, range: [1, 17, 1, 31],
    has: ['**Capability** `bash` · pattern `git a, b`', 'As the entry `bash(git a, b)` of `allowed`'] },
  { name: 'names between commas, escapes in them', doc: `${T}allowed = "read, \\u0067r|ep"`, range: [1, 17, 1, 26], has: ['**Capability** `grep`'] },
  { name: 'on a comma between names', doc: `${T}allowed = "read|, edit"`, range: null },
  // A blank between a name and its comma is no part of the name; a stray `)` closes no parenthesis, and the comma after it splits.
  { name: 'names between commas, a blank before the comma', doc: `${T}allowed = "Re|ad , edit"`, range: [1, 11, 1, 15], has: ['**Capability** `read`'] },
  { name: 'names between commas, on a blank before the comma: nothing', doc: `${T}allowed = "read| , edit"`, range: null },
  // White space as Mars has it: U+0085 before the comma is a blank (Rust trims it), no part of the name; U+FEFF is part of it.
  { name: 'names between commas, U+0085 before the comma', doc: `${T}allowed = "Re|ad\\u0085, edit"`, range: [1, 11, 1, 15], has: ['**Capability** `read`'] },
  { name: 'names between commas, U+FEFF before the comma', doc: `${T}allowed = "Re|ad\\ufeff, edit"`, range: [1, 11, 1, 21], has: ['**Unknown tool** `read\\uFEFF`'] },
  { name: 'names between commas, after a stray closing parenthesis', doc: `${T}allowed = "read), ed|it"`, range: [1, 18, 1, 22], has: ['**Capability** `edit`'] },
  { name: 'names between commas, on the opening quote: the first', doc: `${T}allowed = |"read, edit"`, range: [1, 11, 1, 15], has: ['**Capability** `read`'] },
  // Where the entry's hover is its title alone (a name Mars rejects, with no repair), the sentence before it ends there.
  { name: 'a string where a list goes, of a name Mars rejects with nothing more to say', doc: `${T}allowed = "(|x)"`, range: [1, 11, 1, 14],
    has: ['There is no tool name before `(`.', 'As the entry `(x)` of `allowed` of agent `reviewer`.'], lacks: ['`reviewer`:'] },
  // Followed by more values with commas between (a syntax error), the string is one entry of the list they make, as the fix writes it:
  // the names meant first, as on such an entry (`["Read, edit"]`), then the one tool Mars would read.
  { name: 'names between commas in a string then more values: one entry', doc: `${T}allowed = "Re|ad, edit", "grep"`, range: [1, 11, 1, 21],
    has: ['**Names between commas**: `read` and `edit`, written in one string, meant as one entry each.', '- `read`: Read files.', '_Not an entry yet: `allowed` of agent `reviewer` must be a list',
      'As written, as the entry `Read, edit` of `allowed` of agent `reviewer`, Mars would read it as one tool name:\n\n**Unknown tool** `read, edit`', UNLOADED] },
  { name: 'names between commas in a string of a list beside the tools table: one entry', doc: '[agents.x]\nallowed = ["Re|ad, edit"]', range: [1, 12, 1, 22],
    has: ['**Names between commas**: `read` and `edit`', '_Not an entry yet: Mars reads the tool lists of agent `x` only from its `tools` table._',
      'As written, as the entry `Read, edit` of `allowed` of agent `x`, Mars would read it as one tool name:\n\n**Unknown tool** `read, edit`'] },
  { name: 'names between commas, on the closing quote: the last', doc: `${T}allowed = "read, edit|"`, range: [1, 17, 1, 21], has: ['**Capability** `edit`'] },
  // An empty name between two commas, or after the last, makes no entry (the fix leaves it out, as completion does).
  { name: 'names between commas, an empty one before', doc: `${T}allowed = "read,,gr|ep,"`, range: [1, 17, 1, 21], has: ['**Capability** `grep`', 'As the entry `grep` of `allowed`'] },
  { name: 'names between commas, on an empty one', doc: `${T}allowed = "read,|,grep"`, range: null },
  // A comma or blank before the first name is no name, as one between names is not (the quote before them is the first name's).
  { name: 'names between commas, on a comma before the first: nothing', doc: `${T}allowed = "|,read, grep"`, range: null },
  { name: 'names between commas, on a blank before the first: nothing', doc: `${T}allowed = "| read, grep"`, range: null },
  { name: 'names between commas, on the opening quote before a comma: the first name', doc: `${T}allowed = |",read, grep"`, range: [1, 12, 1, 16], has: ['**Capability** `read`'] },
  { name: 'names between commas, on the closing quote after a comma: the last name', doc: `${T}allowed = "read, grep,|"`, range: [1, 17, 1, 21], has: ['**Capability** `grep`'] },
  { name: 'names between commas, one Mars rejects: one entry', doc: `${T}allowed = "read, ba|sh("`, range: [1, 11, 1, 22],
    has: ['**Invalid tool name**', 'As the entry `read, bash(` of `allowed`'] },
  // Names between commas in one entry of a list (Claude's `tools: Read, Grep` pasted): the names meant first, each with
  // its meaning, as the split writes them, then what Mars reads as written, one odd tool; a pattern's comma splits nothing.
  { name: 'an entry of names between commas: the names first, then the one tool Mars reads', doc: `${T}allowed = ["Re|ad, Grep"]`, range: [1, 12, 1, 22],
    has: [`**Names between commas**: \`read\` and \`grep\`, written in one string, meant as one entry each.\n\n- \`read\`: ${meaning('read')}\n- \`grep\`: ${meaning('grep')}\n\nAs written, Mars reads it as one tool name:\n\n**Unknown tool** \`read, _grep\``,
      '_In `allowed` of agent `reviewer`._'] },
  { name: 'an entry of names between commas, an MCP wire token and `*` among them', doc: `${T}disallowed = ["mcp__gh__x, bash(git:*), *|"]`, range: [1, 15, 1, 41],
    has: ['**Names between commas**: `mcp(gh/x)`, `bash(git *)` and `*`, written in one string, meant as one entry each.', `- \`mcp(gh/x)\`: The tool \`x\` of the MCP server \`gh\`.\n- \`bash(git *)\`: ${meaning('bash')}\n- \`*\`: ${ANY_MEANING}`,
      'As written, Mars reads it as one tool name:'] },
  { name: 'an entry of one name and a comma', doc: `${T}allowed = ["Re|ad,"]`, range: [1, 12, 1, 17],
    has: [`**Names between commas**: \`read\`, written with a comma.\n\n- \`read\`: ${meaning('read')}\n\nAs written, Mars reads it as one tool name:\n\n**Unknown tool** \`read,\``] },
  { name: 'a comma inside a pattern: one name, no names between commas', doc: `${T}allowed = ["bash(git a,| b)"]`, range: [1, 12, 1, 26],
    has: ['**Capability** `bash`'], lacks: ['Names between commas', 'As written'] },
  { name: 'a server of the removed `tools.mcp`', doc: `${T}mcp = ["git|hub"]`, range: [1, 8, 1, 14],
    has: ['**MCP** server `github` · tool `*`', '_Not an entry yet: `tools.mcp` was removed: name MCP servers in `allowed` (or `disallowed`) as `mcp(server)` or `mcp(server/tool)`._', 'As the entry `mcp(github)` of `allowed`'] },
  { name: 'a grant in the removed `tools.mcp`, moved as it is', doc: `${T}mcp = "mcp__gh|__x"`, range: [1, 7, 1, 17], has: ['As the entry `mcp(gh/x)` of `allowed`'] },
  { name: '`tools.mcp` given the map form: no server, the key removed', doc: `${T}mcp = "de|ny"`, range: [1, 6, 1, 12],
    has: ['**`tools.mcp`** was removed.'], lacks: ['**MCP**', 'As the entry', 'Map-form'] },
  // In a list, `"deny"` is no verdict but a server's name, as fix-all moves it.
  { name: 'a server of the removed `tools.mcp` spelt as a verdict', doc: `${T}mcp = ["de|ny"]`, range: [1, 8, 1, 12],
    has: ['**MCP** server `deny` · tool `*`', 'As the entry `mcp(deny)` of `allowed`'], lacks: ['**`tools.mcp`** was removed.'] },
  // Mars ignores the key, so the config loads: the hover says what the name would do as an entry.
  { name: 'map-form key Mars would reject as an entry', doc: `${T}"*(|x)" = "deny"`, range: [1, 1, 1, 5],
    has: ['**Not a tool name Mars accepts**', 'would stop the load', 'Mars ignores it'], lacks: ['refuses to load', 'put `'] },
  // Only `"allow"` or `"deny"` is the map form: any other key is ignored, with no move to make.
  { name: 'a key that is not the map form', doc: `${T}fo|o = 3`, range: [1, 0, 1, 3],
    has: ['**`foo`**: a key Mars ignores.', '_In the tools table of agent `reviewer`, which holds only `allowed` and `disallowed` lists._'],
    lacks: ['Map-form', 'Unknown tool', 'into `', 'put `', 'a tools table holds'] },
  // A key no fix moves, whose removal is offered (`removeKeyFix`): the hover says the fix, as the lightbulb does. Not where a
  // move is offered (what to do is the move), nor where the removal is not (its line holds more Mars cannot read).
  { name: 'a key Mars ignores: its fix removes it', doc: `${T}fo|o = 3`, range: [1, 0, 1, 3], has: ['**`foo`**: a key Mars ignores.', 'Its fix: remove `foo`.'] },
  { name: 'a map-form key with a verdict that names no list: its fix removes it', doc: `${T}ba|sh = "maybe"`, range: [1, 0, 1, 4], has: ['Its fix: remove `bash`.'] },
  { name: 'a map-form key asking: its fix removes it', doc: `${T}re|ad = "ask"`, range: [1, 0, 1, 4], has: ['Its fix: remove `read`.'] },
  { name: 'a map-form key Mars would reject as an entry: its fix removes it', doc: `${T}"*(|x)" = "deny"`, range: [1, 1, 1, 5], has: ['Mars ignores it', 'Its fix: remove `"*(x)"`.'] },
  // Not a verdict: no rule of OpenCode's patterns (`web.x = "allow"`, whose move is said below).
  { name: 'a dotted key below a tool name: its fix removes the key/value', doc: `${T}we|b.x = 1`, range: [1, 0, 1, 3], has: ['Its fix: remove `web.x`.'] },
  // A dotted key below a list's name makes the list a table, which Mars refuses: said on the list's
  // name, in plain words, its diagnostic there saying what is wrong (it had no hover). No fix is offered.
  { name: 'a dotted key below a list\'s name', doc: `${T}allo|wed.x = ["read"]`, range: [1, 0, 1, 7],
    has: ['**`allowed`** is not a list: Mars refuses to load the config.', 'A tool list is written in brackets, such as `allowed = ["read"]`: Tools the agent or skill may use.',
      '_Of agent `reviewer`._'],
    lacks: ['Its fix', 'looks meant', 'Mars reads', 'must be a list of tool names'] },
  { name: 'a dotted key below a list\'s name, after `tools.`', doc: '[agents.d]\ntools.disal|lowed.x.y = "web"', range: [1, 6, 1, 16],
    has: ['**`disallowed`** is not a list: Mars refuses to load the config.', 'such as `disallowed = ["read"]`'] },
  { name: 'a dotted key below a list\'s name in an inline table', doc: '[agents.d]\ntools = { allo|wed.x = ["read"] }', range: [1, 10, 1, 17],
    has: ['**`allowed`** is not a list'] },
  { name: 'a dotted key below a list\'s name under an agent written as an array of tables', doc: '[[agents.x]]\ntools.allo|wed.x = ["read"]', range: [1, 6, 1, 13],
    has: ['**`allowed`** is not a list: Mars refuses to load the config.', 'Agent `x` must be a table (`[agents.x]`), not an array of tables (`[[…]]`).'] },
  // A part below the list's name (`x` of `allowed.x`), whose diagnostic is on the whole key: the same, said of it (it had no hover).
  { name: 'the part below a list\'s name in a dotted key', doc: `${T}allowed.|x = ["read"]`, range: [1, 8, 1, 9],
    has: ['**`x`**, a key below `allowed`, makes it a table, not a list: Mars refuses to load the config.',
      'A tool list is written in brackets, such as `allowed = ["read"]`: Tools the agent or skill may use.', '_Of agent `reviewer`._'],
    lacks: ['Its fix', 'must be a list of tool names'] },
  { name: 'the last part below a list\'s name, after `tools.`', doc: '[agents.d]\ntools.disallowed.x.|y = "web"', range: [1, 19, 1, 20],
    has: ['**`y`**, a key below `disallowed`, makes it a table', 'such as `disallowed = ["read"]`'] },
  { name: 'the part below a list\'s name in an inline table', doc: '[agents.d]\ntools = { allowed.|x = ["read"] }', range: [1, 18, 1, 19], has: ['**`x`**, a key below `allowed`'] },
  { name: 'the part below a list\'s name, dotted from the agents table', doc: '[agents]\nx.tools.allowed.|y = ["read"]', range: [1, 16, 1, 17],
    has: ['**`y`**, a key below `allowed`', '_Of agent `x`._'] },
  { name: 'the part below a list\'s name under an agent written as an array of tables', doc: '[[agents.x]]\ntools.allowed.|x = ["read"]', range: [1, 14, 1, 15],
    has: ['**`x`**, a key below `allowed`', 'Agent `x` must be a table (`[agents.x]`), not an array of tables (`[[…]]`).'] },
  // Each part of a list's key written from the root: `tools` and the list as in a table; the owner's parts, as in a header, none.
  { name: 'the list\'s part of a key from the root', doc: 'agents.x.tools.all|owed = ["read"]', range: [0, 15, 0, 22],
    has: ['**`allowed`**: Tools the agent or skill may use.', 'Mars reads: `read`.', '_Of agent `x`._'] },
  { name: 'the list\'s part of a dotted key below the owner\'s table', doc: '[agents.x]\ntools.allo|wed = ["read"]', range: [1, 6, 1, 13],
    has: ['**`allowed`**: Tools the agent or skill may use.', 'Mars reads: `read`.', '_Of agent `x`._'] },
  { name: 'the owner\'s parts of a key from the root: as in a header', doc: 'ag|ents.x.tools.allowed = ["read"]', range: null },
  { name: 'the owner\'s name of a key from the root: as in a header', doc: 'agents.|x.tools.allowed = ["read"]', range: null },
  // A part below a key or table Mars ignores or refuses (`x` of `web.x`), whose diagnostic is on that key: said of the part (it had no hover).
  { name: 'the part below a key Mars ignores', doc: `${T}web.|x = 1`, range: [1, 4, 1, 5],
    has: ['**`x`** is below `web`, a key Mars ignores.', 'Its fix: remove `web.x`.', '_In the tools table of agent `reviewer`'], lacks: ['**`web`**', 'Capability'] },
  { name: 'the part below the removed mcp', doc: `${T}mcp.|x = 1`, range: [1, 4, 1, 5], has: ['**`tools.mcp`** was removed.', 'Mars refuses it: grant MCP servers in `allowed` of agent `reviewer`'] },
  { name: 'the part below the removed mcp, after `tools.`', doc: '[agents.a]\ntools.mcp.|x = 1', range: [1, 10, 1, 11], has: ['**`tools.mcp`** was removed.'] },
  { name: 'the part below a table Mars ignores by its header', doc: `${T}[agents.reviewer.tools.sub.|y]`, range: [1, 27, 1, 28],
    has: ['**`y`** is below `sub`, a table Mars ignores.', 'Its fix: remove the table `[agents.reviewer.tools.sub.y]`.'] },
  { name: 'a key Mars ignores in an inline table: its fix removes it', doc: '[agents.a]\ntools = { fo|o = 1, allowed = [] }', range: [1, 10, 1, 13], has: ['Its fix: remove `foo`.'] },
  { name: 'a map-form key a move takes: the move, no removal said', doc: `${T}ba|sh = "allow"`, range: [1, 0, 1, 4], has: ['put `bash` in `allowed`'], lacks: ['Its fix'] },
  // No move into a list that ends past a syntax error (its reading there is a guess): the removal the diagnostic offers is said.
  { name: 'a map-form key whose list ends past a syntax error: no move, its removal said', doc: `${T}ba|sh = "allow"\nallowed = ["write", "Réad" "read"]`, range: [1, 0, 1, 4],
    has: ['Its fix: remove `bash`.'] },
  { name: 'a map-form key whose list holds it: the key can go, said once', doc: `${T}allowed = ["bash"]\nba|sh = "allow"`, range: [2, 0, 2, 4], has: ['so the key can go'], lacks: ['Its fix'] },
  // A table opened below the tools table, whose diagnostic is on its name: said as a key Mars ignores is, with its removal.
  { name: 'a table Mars ignores in a tools table: its fix removes it', doc: `${T}allowed = ["read"]\n[agents.reviewer.tools.s|ub]\nx = 1`, range: [2, 23, 2, 26],
    has: ['**`sub`**: a table Mars ignores.', 'Its fix: remove the table `[agents.reviewer.tools.sub]`.', '_In the tools table of agent `reviewer`, which holds only `allowed` and `disallowed` lists._'] },
  // A header below `tools` naming a list or the removed `mcp` (`[agents.x.tools.allowed]`), which Mars
  // refuses: said on that name, as on a dotted key (it had no hover).
  { name: 'a list written as a table by its header', doc: '[agents.d.tools.allo|wed]\nx = ["read"]', range: [0, 16, 0, 23],
    has: ['**`allowed`** is not a list: Mars refuses to load the config.', 'such as `allowed = ["read"]`', '_Of agent `d`._'], lacks: ['Its fix', 'Mars ignores', 'must be a list of tool names'] },
  { name: 'a list written as an array of tables by its header', doc: '[[skills.s.tools.disal|lowed]]', range: [0, 17, 0, 27],
    has: ['**`disallowed`** is not a list: Mars refuses to load the config.', '_Of skill `s`._'], lacks: ['Its fix', 'array of tables'] },
  { name: 'a table below a list\'s name by its header', doc: '[agents.d.tools.allo|wed.x]', range: [0, 16, 0, 23],
    has: ['**`allowed`** is not a list'] },
  { name: 'a part below a list\'s name by its header', doc: '[agents.d.tools.allowed.|x]', range: [0, 24, 0, 25],
    has: ['**`x`**, a key below `allowed`, makes it a table, not a list: Mars refuses to load the config.', '_Of agent `d`._'] },
  // A key in a list written as a table, by its header or inline (`x` of `[agents.y.tools.allowed]\nx = 1`, of
  // `allowed = { x = 1 }`): what a part below the list's name says (it had no hover).
  { name: 'a key in the section of a list\'s header', doc: '[agents.y.tools.allowed]\n|x = 1', range: [1, 0, 1, 1],
    has: ['**`x`**, a key below `allowed`, makes it a table, not a list: Mars refuses to load the config.',
      'A tool list is written in brackets, such as `allowed = ["read"]`: Tools the agent or skill may use.', '_Of agent `y`._'], lacks: ['Its fix'] },
  { name: 'a dotted key\'s last part in the section of a list\'s header', doc: '[skills.s.tools.disallowed]\nx.|z = "read"', range: [1, 2, 1, 3],
    has: ['**`z`**, a key below `disallowed`, makes it a table', '_Of skill `s`._'] },
  { name: 'a key in a list written as an inline table', doc: '[agents.y.tools]\nallowed = { |x = 1 }', range: [1, 12, 1, 13],
    has: ['**`x`**, a key below `allowed`, makes it a table, not a list: Mars refuses to load the config.', '_Of agent `y`._'] },
  { name: 'a key in a list written as an inline table, nested', doc: '[agents.y]\ntools = { allowed = { x = { |z = 1 } } }', range: [1, 28, 1, 29],
    has: ['**`z`**, a key below `allowed`, makes it a table'] },
  { name: 'a key in a list written as an inline table, above a syntax error', doc: '[agents.y.tools]\nallowed = { |x = 1 }\nx = = 1', range: [1, 12, 1, 13],
    has: ['**`x`**, a key below `allowed`', UNLOADED] },
  { name: 'a key in a list written as an inline table under an agent written as an array of tables', doc: '[[agents.y]]\ntools.allowed = { |x = 1 }', range: [1, 18, 1, 19],
    has: ['**`x`**, a key below `allowed`', 'Agent `y` must be a table (`[agents.y]`), not an array of tables (`[[…]]`).'] },
  { name: 'a key in a list written as an inline table below a tools table written as an array of tables', doc: '[[agents.y.tools]]\nallowed = { |x = 1 }', range: [1, 12, 1, 13],
    has: ['**`x`**, a key below `allowed`', '`tools` of agent `y` must be a table, not an array of tables (`[[…]]`).'] },
  { name: 'the value of a key in a list written as an inline table: the list\'s value', doc: '[agents.y.tools]\nallowed = { x = |1 }', range: [1, 10, 1, 19],
    has: ['**`{ x = 1 }`** is not a list'] },
  // A key in a table inside a list nested in a list written as a table (`y` of `allowed = { x = [{ y = 1 }] }`, of
  // `[agents.a.tools.allowed]\nx = [{ y = 1 }]`, of `[[agents.a.tools.allowed.x]]\ny = 1`), and a value there by its header or
  // a dotted key (`[{ y = 1 }]` of `x = …`, on its first line): what the key holding it says (they had no hover, or the value's).
  { name: 'a key in a table in a list in a list written as an inline table', doc: '[agents.a.tools]\nallowed = { x = [{ |y = 1 }] }', range: [1, 19, 1, 20],
    has: ['**`y`**, a key below `allowed`, makes it a table, not a list: Mars refuses to load the config.', '_Of agent `a`._'], lacks: ['is not a list'] },
  { name: 'a key in a table in a list in a list written as an inline table, nested in `tools`', doc: '[skills.s]\ntools = { disallowed = { x = [[{ |y = 1 }]] } }', range: [1, 33, 1, 34],
    has: ['**`y`**, a key below `disallowed`, makes it a table', '_Of skill `s`._'] },
  { name: 'a key in a table in a list in the section of a list\'s header', doc: '[agents.a.tools.allowed]\nx = [{ |y = 1 }]', range: [1, 7, 1, 8],
    has: ['**`y`**, a key below `allowed`, makes it a table, not a list: Mars refuses to load the config.',
      'A tool list is written in brackets, such as `allowed = ["read"]`: Tools the agent or skill may use.', '_Of agent `a`._'] },
  { name: 'a key in the section of an array of tables below a list\'s name', doc: '[[agents.a.tools.allowed.x]]\n|y = 1', range: [1, 0, 1, 1],
    has: ['**`y`**, a key below `allowed`, makes it a table, not a list: Mars refuses to load the config.', '_Of agent `a`._'] },
  { name: 'a key in a table in a list below a list\'s dotted key', doc: '[agents.a.tools]\nallowed.x = [{ |y = 1 }]', range: [1, 15, 1, 16],
    has: ['**`y`**, a key below `allowed`, makes it a table'] },
  { name: 'the brackets of a value in the section of a list\'s header: its key\'s', doc: '[agents.a.tools.allowed]\nx = |[{ y = 1 }]', range: [1, 4, 1, 15],
    has: ['**`x`**, a key below `allowed`, makes it a table, not a list: Mars refuses to load the config.', '_Of agent `a`._'] },
  { name: 'the braces of a table in a list in the section of a list\'s header: the list\'s key\'s', doc: '[agents.a.tools.allowed]\nx = [|{ y = 1 }]', range: [1, 5, 1, 14],
    has: ['**`x`**, a key below `allowed`'] },
  { name: 'a table in a list on a line of its own in the section of a list\'s header', doc: '[agents.a.tools.allowed]\nx = [\n  |{ y = 1 },\n]', range: [2, 2, 2, 11],
    has: ['**`x`**, a key below `allowed`'] },
  { name: 'the braces of a value in the section of an array of tables below a list\'s name', doc: '[[agents.a.tools.allowed.x]]\ny = |{ z = 1 }', range: [1, 4, 1, 13],
    has: ['**`y`**, a key below `allowed`'] },
  { name: 'a value in the section of a list\'s header', doc: '[agents.a.tools.disallowed]\nx = |1', range: [1, 4, 1, 5],
    has: ['**`x`**, a key below `disallowed`, makes it a table'] },
  { name: 'the brackets of a value below a list\'s dotted key', doc: '[agents.a.tools]\nallowed.x = |[{ y = 1 }]', range: [1, 12, 1, 23],
    has: ['**`x`**, a key below `allowed`, makes it a table'] },
  { name: 'a key in a table in a list in the section of a list\'s header, another section with a syntax error', doc: '[agents.a.tools.allowed]\nx = [{ |y = 1 }]\n[agents.b]\nw = = 1', range: [1, 7, 1, 8],
    has: ['**`y`**, a key below `allowed`', UNLOADED] },
  { name: 'a key in a table in a list in the section of a list\'s header under an agent written as an array of tables', doc: '[[agents.a]]\n[agents.a.tools.allowed]\nx = [{ |y = 1 }]', range: [2, 7, 2, 8],
    has: ['**`y`**, a key below `allowed`', 'Agent `a` must be a table (`[agents.a]`), not an array of tables (`[[…]]`).'] },
  { name: 'a key in a table in a list in a list written as an inline table below a tools table written as an array of tables', doc: '[[agents.a.tools]]\nallowed = { x = [{ |y = 1 }] }', range: [1, 19, 1, 20],
    has: ['**`y`**, a key below `allowed`', '`tools` of agent `a` must be a table, not an array of tables (`[[…]]`).'] },
  { name: 'the brackets of a value below a list\'s dotted key below a tools table written as an array of tables', doc: '[[agents.a.tools]]\nallowed.x = |[{ y = 1 }]', range: [1, 12, 1, 23],
    has: ['**`x`**, a key below `allowed`', '`tools` of agent `a` must be a table, not an array of tables (`[[…]]`).'] },
  { name: 'the brackets in a list written as an inline table: the list\'s value', doc: '[agents.a.tools]\nallowed = { x = [|{ y = 1 }] }', range: [1, 10, 1, 29],
    has: ['**`{ x = [{ y = 1 }] }`** is not a list'] },
  { name: 'a part below the removed mcp by its header', doc: '[agents.d.tools.mcp.|x]', range: [0, 20, 0, 21],
    has: ['**`tools.mcp`** was removed.', 'Mars refuses it: grant MCP servers in `allowed` of agent `d`'] },
  // A key or a value in the removed `mcp` written as a table (`gh` of `[agents.a.tools.mcp]\ngh = "allow"`), or a value
  // below it by a dotted key (`"allow"` of `mcp.gh = "allow"`): what the key's hover says, Mars refusing `mcp` whatever it holds (they had no hover).
  { name: 'a key in the section of the removed mcp\'s header', doc: '[agents.a.tools.mcp]\n|gh = "allow"', range: [1, 0, 1, 2],
    has: ['**`tools.mcp`** was removed.', 'Mars refuses it: grant MCP servers in `allowed` of agent `a` as `mcp(server)` or `mcp(server/tool)`.'] },
  { name: 'a value in the section of the removed mcp\'s header', doc: '[agents.a.tools.mcp]\ngh = |"allow"', range: [1, 5, 1, 12],
    has: ['**`tools.mcp`** was removed.', 'Mars refuses it: grant MCP servers in `allowed` of agent `a` as `mcp(server)` or `mcp(server/tool)`.'] },
  { name: 'a key in the section of a header below the removed mcp', doc: '[agents.a.tools.mcp.x]\n|y = 1', range: [1, 0, 1, 1],
    has: ['**`tools.mcp`** was removed.'] },
  { name: 'a key in the section of the removed mcp written as an array of tables', doc: '[[agents.a.tools.mcp]]\n|gh = 1', range: [1, 0, 1, 2],
    has: ['**`tools.mcp`** was removed.'] },
  { name: 'a key in the section of the removed mcp\'s header under an agent written as an array of tables', doc: '[[agents.a]]\n[agents.a.tools.mcp]\n|gh = "allow"', range: [2, 0, 2, 2],
    has: ['**`tools.mcp`** was removed.', 'Mars refuses to load the config.', 'Agent `a` must be a table (`[agents.a]`), not an array of tables (`[[…]]`).'] },
  { name: 'a key in the section of the removed mcp\'s header, another section with a syntax error', doc: '[agents.a.tools.mcp]\n|gh = "allow"\n[agents.b]\nw = = 1', range: [1, 0, 1, 2],
    has: ['**`tools.mcp`** was removed.', UNLOADED] },
  { name: 'a value below the removed mcp by a dotted key', doc: '[agents.a.tools]\nmcp.gh = |"allow"', range: [1, 9, 1, 16],
    has: ['**`tools.mcp`** was removed.', 'Mars refuses it: grant MCP servers in `allowed` of agent `a` as `mcp(server)` or `mcp(server/tool)`.'], lacks: ['Not an entry yet'] },
  { name: 'a key in a value below the removed mcp by a dotted key', doc: '[agents.a.tools]\nmcp.gh = { |x = 1 }', range: [1, 11, 1, 12],
    has: ['**`tools.mcp`** was removed.'] },
  { name: 'a value below the removed mcp by a dotted key below a tools table written as an array of tables', doc: '[[agents.a.tools]]\nmcp.gh = |"allow"', range: [1, 9, 1, 16],
    has: ['**`tools.mcp`** was removed.', '`tools` of agent `a` must be a table, not an array of tables (`[[…]]`).'] },
  { name: 'the removed mcp written as a table by its header', doc: '[agents.d.tools.m|cp]\ngh = "allow"', range: [0, 16, 0, 19],
    has: ['**`tools.mcp`** was removed.', 'Mars refuses it: grant MCP servers in `allowed` of agent `d` as `mcp(server)` or `mcp(server/tool)`.'], lacks: ['is not a list'] },
  { name: 'a list written as a table by its header under an agent written as an array of tables', doc: '[[agents.x]]\n[agents.x.tools.allo|wed]', range: [1, 16, 1, 23],
    has: ['**`allowed`** is not a list: Mars refuses to load the config.', 'Agent `x` must be a table (`[agents.x]`), not an array of tables (`[[…]]`).'] },
  { name: 'the removed mcp written as a table by its header under an agent written as an array of tables', doc: '[[agents.x]]\n[agents.x.tools.m|cp]', range: [1, 16, 1, 19],
    has: ['**`tools.mcp`** was removed.', 'Mars refuses to load the config.', 'Agent `x` must be a table (`[agents.x]`)'] },
  { name: 'a table Mars ignores, its section holding a syntax error: no removal', doc: `[agents.a.tools.s|ub]\nx = 1 2`, range: [0, 16, 0, 19],
    has: ['**`sub`**: a table Mars ignores.'], lacks: ['Its fix'] },
  // A key in a table Mars ignores in a tools table (`x` of `[agents.a.tools.sub]\nx = 1`), or in the inline table of a key
  // it ignores (`x` of `web = { x = "allow" }`): what a part below its name says (`x` of `[….sub.x]`, of `web.x`); they had no hover.
  { name: 'a key in the section of a table Mars ignores in a tools table', doc: '[agents.a.tools.sub]\n|x = 1', range: [1, 0, 1, 1],
    has: ['**`x`** is below `sub`, a table Mars ignores.', 'Its fix: remove the table `[agents.a.tools.sub]`.',
      '_In the tools table of agent `a`, which holds only `allowed` and `disallowed` lists._'] },
  { name: 'a key in a table in a list in the section of a table Mars ignores', doc: '[agents.a.tools.sub]\ny = [{ |z = 1 }]', range: [1, 7, 1, 8],
    has: ['**`z`** is below `sub`, a table Mars ignores.'] },
  { name: 'a key in the section of a table Mars ignores written as an array of tables', doc: '[[agents.a.tools.sub]]\n|x = 1', range: [1, 0, 1, 1],
    has: ['**`x`** is below `sub`, a table Mars ignores.'] },
  { name: 'a key in the section of a table below one Mars ignores', doc: '[agents.a.tools.sub.y]\n|x = 1', range: [1, 0, 1, 1],
    has: ['**`x`** is below `sub`, a table Mars ignores.'] },
  { name: 'a key in the section of a table Mars ignores under an agent written as an array of tables', doc: '[[agents.a]]\n[agents.a.tools.sub]\n|x = 1', range: [2, 0, 2, 1],
    has: ['**`x`** is below `sub`, a table Mars ignores.', 'Mars refuses to load the config.', 'Agent `a` must be a table (`[agents.a]`), not an array of tables (`[[…]]`).'] },
  { name: 'a key in the section of a table Mars ignores, another section with a syntax error', doc: '[agents.a.tools.sub]\n|x = 1\n[agents.b]\nw = = 1', range: [1, 0, 1, 1],
    has: ['**`x`** is below `sub`', UNLOADED] },
  { name: 'a key in the inline table of a key Mars ignores', doc: `${T}web = { |x = 1 }`, range: [1, 8, 1, 9],
    has: ['**`x`** is below `web`, a key Mars ignores.', 'Its fix: remove `web`.', '_In the tools table of agent `reviewer`'], lacks: ['Map-form'] },
  { name: 'a key in the inline table of a key Mars ignores, a tool name', doc: `${T}permission = { |bash = "allow" }`, range: [1, 15, 1, 19],
    has: ['**`bash`** is below `permission`, a key Mars ignores.'], lacks: ['Map-form', 'Capability'] },
  { name: 'a key in the inline table of a key Mars ignores in an inline tools table', doc: '[agents.a]\ntools = { web = { x = { |y = 1 } } }', range: [1, 24, 1, 25],
    has: ['**`y`** is below `web`, a key Mars ignores.'] },
  { name: 'a key in the inline table of a key Mars ignores below a tools table written as an array of tables', doc: '[[agents.a.tools]]\nweb = { |x = 1 }', range: [1, 8, 1, 9],
    has: ['**`x`** is below `web`, a key Mars ignores.', '`tools` of agent `a` must be a table, not an array of tables (`[[…]]`).'], lacks: ['**`web`**:'] },
  { name: 'a key on a line with more Mars cannot read: no removal', doc: `${T}fo|o = 1 bar = 2`, range: [1, 0, 1, 3], has: ['a key Mars ignores'], lacks: ['Its fix'] },
  // An empty key is named as the string it is, as the diagnostics name it, not as an empty code span, and shown on its quotes.
  { name: 'an empty key in a tools table', doc: `${T}"|" = 3`, range: [1, 0, 1, 2],
    has: ['**`""`**: a key Mars ignores.'], lacks: ['` `'] },
  // A list's name given a verdict names no tool `deny`: nothing to put in a list.
  { name: 'a list\'s name given a verdict is not the map form', doc: `${T}de|ny = "allow"`, range: [1, 0, 1, 4],
    has: ['**`deny`**: a key Mars ignores.'], lacks: ['Map-form', 'Unknown tool', 'put `'] },
  { name: 'an unknown map-form key: Mars ignores it, and what it would be as an entry', doc: `${T}bas|sh = "allow"`, range: [1, 0, 1, 5],
    has: ['Mars ignores it', 'put `bassh` in `allowed`', 'As an entry of a list:'] },
  // The table is named once: "In the tools table of agent `x`: ... (a tools table holds ...)" said it twice.
  { name: 'a map-form key: where it is, and the table said once', doc: `${T}ba|sh = "allow"`, range: [1, 0, 1, 4],
    has: ['_Map-form key in the tools table of agent `reviewer`, which holds only `allowed` and `disallowed` lists: Mars ignores it; put `bash` in `allowed` instead._'],
    lacks: ['a tools table holds'] },
  // What the diagnostic says, not "put it in the list" where that list holds it already, or the other list does.
  { name: 'a map-form key whose list holds it already: the key can go', doc: `${T}allowed = ["Bash"]\nba|sh = "allow"`, range: [2, 0, 2, 4],
    has: ['Mars ignores it; `allowed` already holds `Bash`, so the key can go._'], lacks: ['put `'] },
  { name: 'a map-form key whose other list holds it: the move would make a conflict', doc: `${T}allowed = ["bash"]\nShe|ll = "deny"`, range: [2, 0, 2, 5],
    has: ['Mars ignores it; `allowed` holds `bash`, so in `disallowed` it would be both allowed and disallowed._'], lacks: ['put `'] },
  { name: 'map-form key: moved in the spelling Mars writes', doc: `${T}Todo|Write = "allow"`, range: [1, 0, 1, 9], has: ['put `task` in `allowed`'] },
  { name: 'map-form key in Claude\'s wire spelling: moved as the diagnostic says', doc: `${T}mcp__gh__|x = "allow"`, range: [1, 0, 1, 10], has: ['put `mcp(gh/x)` in `allowed`'] },
  // Names between commas (Claude's `tools: Read, Grep` pasted as a key): moved one entry per tool, as the diagnostic
  // says, not as one tool `read, _grep`; also where the whole is no name Mars takes.
  { name: 'a map-form key of names between commas: one entry per tool', doc: `${T}"Re|ad, Grep" = "allow"`, range: [1, 1, 1, 11],
    has: [`**Names between commas**: \`read\` and \`grep\`, written in one string, meant as one entry each.\n\n- \`read\`: ${meaning('read')}\n- \`grep\`: ${meaning('grep')}\n\n_Map-form key`,
      'Mars ignores it; put `read`, `grep` in `allowed` instead._\n\nAs written, as one entry of a list, Mars would read it as one tool name:\n\n**Unknown tool** `read, _grep`'], lacks: ['put `read, _grep`'] },
  { name: 'a map-form key of names between commas, its list holding them', doc: `${T}allowed = ["Read", "grep"]\n"Re|ad, Grep" = true`, range: [2, 1, 2, 11],
    has: ['Mars ignores it; `allowed` already holds `Read`, `grep`, so the key can go._'], lacks: ['put `'] },
  { name: 'a map-form key of names between commas, no one name Mars takes', doc: `${T}"ba|sh(git:*), read" = "deny"`, range: [1, 1, 1, 18],
    has: ['**Names between commas**: `bash(git *)` and `read`, written in one string', 'Mars ignores it; put `bash(git *)`, `read` in `disallowed` instead._\n\nAs written, as one entry of a list, Mars would read it as one tool name:\n\n**Not a tool name Mars accepts**'] },
  // A list under a misspelt key is what its diagnostic ("Did you mean `allowed`?") takes it for: a list.
  { name: 'a list under a misspelt key', doc: `${T}Allo|wed = ["read"]`, range: [1, 0, 1, 7],
    has: ['**`Allowed`**: a list Mars ignores', 'It looks meant for `allowed`: Tools the agent or skill may use', 'agent `reviewer`'],
    lacks: ['Unknown tool', 'Map-form', 'move `allowed`'] },
  // Claude Code's settings pasted in (`permissions.allow`): the list meant, said of the whole key, on either part.
  { name: 'a list under Claude\'s settings key, on its table part', doc: `${T}permis|sions.allow = ["read"]`, range: [1, 0, 1, 11],
    has: ['**`permissions.allow`**: a list Mars ignores', 'It looks meant for `allowed`'], lacks: ['Unknown tool'] },
  { name: 'a list under Claude\'s settings key, on its list part', doc: `${T}permissions.de|ny = ["bash"]`, range: [1, 12, 1, 16],
    has: ['**`permissions.deny`**: a list Mars ignores', 'It looks meant for `disallowed`'], lacks: ['Unknown tool'] },
  { name: 'a list under `tools` in the tools table (Claude\'s agent `tools:`)', doc: `${T}too|ls = ["read"]`, range: [1, 0, 1, 5],
    has: ['**`tools`**: a list Mars ignores', 'It looks meant for `allowed`'], lacks: ['Unknown tool'] },
  { name: 'a list under a mistyped key', doc: `${T}alo|wed = ["read"]`, range: [1, 0, 1, 6], has: ['It looks meant for `allowed`'], lacks: ['Unknown tool'] },
  { name: 'a list under another word for disallowed', doc: `${T}"de|ny" = ["bash"]`, range: [1, 1, 1, 5], has: ['It looks meant for `disallowed`'], lacks: ['Unknown tool'] },
  // A string there, where that list goes: what its diagnostic takes it for, in brackets.
  { name: 'a string under a misspelt key', doc: `${T}de|ny = "bash"`, range: [1, 0, 1, 4],
    has: ['**`deny`**: a string Mars ignores; its rule is not in force.', 'It looks meant for `disallowed = ["bash"]`: Tools denied'], lacks: ['a list Mars ignores', 'Its fix: remove'] },
  { name: 'names between commas under a misspelt key', doc: `${T}allowed-to|ols = "Read, Grep"`, range: [1, 0, 1, 13],
    has: ['It looks meant for `allowed = ["Read", "Grep"]`'] },
  { name: 'a verdict under a list\'s name is no list', doc: `${T}de|ny = "allow"`, range: [1, 0, 1, 4], has: ['**`deny`**: a key Mars ignores.'] },
  // A tool list outside the tools table: what its diagnostic takes it for, on the key at fault.
  { name: 'a tool list beside the tools table', doc: '[agents.coder]\nallo|wed = ["read"]', range: [1, 0, 1, 7],
    has: ['**`allowed`**: a list outside the tools table', 'none of its rules is in force', 'It looks meant for `tools.allowed`: Tools the agent or skill may use', '_Of agent `coder`._'], lacks: ['Capability'] },
  // A string where that list goes: what it looks meant for, in brackets, not "a list".
  { name: 'a tool name beside the tools table, as a string', doc: '[agents.coder]\nallo|wed = "read"', range: [1, 0, 1, 7],
    has: ['**`allowed`**: a string outside the tools table', 'its rule is not in force', 'It looks meant for `tools.allowed = ["read"]`: Tools the agent or skill may use', '_Of agent `coder`._'],
    lacks: ['a list outside'] },
  { name: 'names between commas beside the tools table, as a string', doc: '[skills.pdf]\nallowed-to|ols = "Read, Grep"', range: [1, 0, 1, 13],
    has: ['It looks meant for `tools.allowed = ["Read", "Grep"]`'] },
  // Strings after it with commas between (a syntax error): the list that error's fix writes, not the first string alone.
  { name: 'strings with commas between beside the tools table', doc: '[agents.coder]\nallo|wed = "read", "grep"', range: [1, 0, 1, 7],
    has: ['It looks meant for `tools.allowed = ["read", "grep"]`'] },
  { name: 'strings with commas between under a misspelt key', doc: `${T}de|ny = "read", "grep"`, range: [1, 0, 1, 4],
    has: ['It looks meant for `disallowed = ["read", "grep"]`'] },
  // A multi-line string: the entry it is, its first line break trimmed as TOML does (not `["""\u000Aread"""]`); the list
  // alone where its value holds a line break still.
  { name: 'a multi-line string beside the tools table', doc: '[agents.coder]\nallo|wed = """\nread"""', range: [1, 0, 1, 7],
    has: ['It looks meant for `tools.allowed = ["read"]`: Tools the agent or skill may use'], lacks: ['u000A'] },
  { name: 'a multi-line string holding a line break under a misspelt key', doc: `${T}de|ny = """\nre\nad"""`, range: [1, 0, 1, 4],
    has: ['It looks meant for `disallowed`: Tools denied to the agent or skill'], lacks: ['u000A'] },
  { name: 'a tool list in a table that misses `tools`', doc: '[skills.s.to|ol]\ndeny = ["bash"]', range: [0, 10, 0, 14],
    has: ['**`tool`** is not `tools`', 'It looks meant for `tools`, the table of the `allowed` and `disallowed` lists', '_Of skill `s`._'], lacks: ['tools.disallowed'] },
  { name: 'a table that misses `tools`, whose rename would put the removed `mcp` in force', doc: '[skills.s.to|ol]\ndeny = ["bash"]\nmcp = ["gh"]', range: [0, 10, 0, 14],
    has: ['**`tool`** is not `tools`', 'Not renamed for you: there, its `mcp` would stop Mars\'s load (`tools.mcp` was removed', '_Of skill `s`._'] },
  { name: 'Claude Code\'s `permissions` pasted into an agent', doc: '[agents.coder.permi|ssions]\nallow = ["Bash"]', range: [0, 14, 0, 25],
    has: ['**`permissions`** is not `tools`', 'It looks meant for `tools`', '_Of agent `coder`._'] },
  { name: 'a typo of Claude Code\'s `permissions` in an agent', doc: '[agents.coder.permi|sions]\nallow = ["Bash"]', range: [0, 14, 0, 24],
    has: ['**`permisions`** is not `tools`', 'It looks meant for `tools`', '_Of agent `coder`._'] },
  // OpenCode's `permission`, map-form rules in it: said as for a list there.
  { name: 'OpenCode\'s `permission` pasted into an agent', doc: '[agents.coder.permi|ssion]\nedit = "deny"', range: [0, 14, 0, 24],
    has: ['**`permission`** is not `tools`: Mars reads no tool list in it; none of its rules is in force.', 'It looks meant for `tools`, the table of the `allowed` and `disallowed` lists', '_Of agent `coder`._'] },
  { name: 'the key of a map-form rule in a table that misses `tools`: the part at fault\'s', doc: '[agents.a.tool]\nba|sh = "allow"', range: [1, 0, 1, 4],
    has: ['**`tool`** is not `tools`: Mars reads no tool list in it', '_Of agent `a`._'] },
  // OpenCode's patterns below the tool, in a table of its own or dotted: the same, on `permission` or on the tool.
  { name: 'OpenCode\'s `permission` over a table of patterns of its own', doc: '[agents.coder.permi|ssion.bash]\n"git push" = "deny"', range: [0, 14, 0, 24],
    has: ['**`permission`** is not `tools`: Mars reads no tool list in it; none of its rules is in force.', 'It looks meant for `tools`', '_Of agent `coder`._'] },
  { name: 'the tool of a dotted pattern rule in a table that misses `tools`', doc: '[agents.a.permission]\nba|sh."git push" = "deny"', range: [1, 0, 1, 4],
    has: ['**`permission`** is not `tools`: Mars reads no tool list in it', '_Of agent `a`._'] },
  { name: 'the tool of a table of patterns in a table that misses `tools`', doc: '[agents.a.permission]\nba|sh = { "git *" = "allow" }', range: [1, 0, 1, 4],
    has: ['**`permission`** is not `tools`: Mars reads no tool list in it', '_Of agent `a`._'], lacks: ['Capability'] },
  // On a pattern there, or in a root table meant as `tools`: the entry it stands for, as in a tools table, and why it is none
  // yet, as a string of a list there is said. They had no hover.
  { name: 'a pattern of a table of patterns in a table that misses `tools`', doc: '[agents.a.permission]\nbash = { "gi|t *" = "allow", "*" = "ask" }', range: [1, 10, 1, 15],
    has: ['**Capability** `bash` · pattern `git *`', '_Not an entry yet: `permission` is not `tools`: Mars reads no tool list in it._', 'As the entry `bash(git *)` of `allowed` of agent `a`:', 'command prefix'] },
  { name: 'a pattern of a table of patterns in a root `[permission]`', doc: '[permission]\nbash = { "gi|t *" = "allow" }', range: [1, 10, 1, 15],
    has: ['**Capability** `bash` · pattern `git *`', '_Not an entry yet: Mars reads no tool list in a table `permission` at the root: it applies to no agent or skill._', 'As the entry `bash(git *)` of `allowed`:'],
    lacks: ['of agent'] },
  { name: 'a dotted pattern rule in a table that misses `tools`', doc: '[agents.a.permission]\nbash."git p|ush" = "deny"', range: [1, 6, 1, 14],
    has: ['**Capability** `bash` · pattern `git push`', '_Not an entry yet: `permission` is not `tools`', 'As the entry `bash(git push)` of `disallowed` of agent `a`:'] },
  // Its verdict one typo from `"allow"` or `"deny"`: read as the one meant, as the finding reads it (it had no hover).
  { name: 'a dotted pattern rule in a table that misses `tools`, its verdict misspelt', doc: '[agents.a.permission]\nbash."gi|t *" = "alow"', range: [1, 6, 1, 11],
    has: ['_Not an entry yet: `permission` is not `tools`: Mars reads no tool list in it._', 'As the entry `bash(git *)` of `allowed` of agent `a`:'] },
  { name: 'a pattern of a table of patterns of its own at the root', doc: '[permission.edit]\n"|*" = "deny"', range: [1, 1, 1, 2],
    has: ['**Capability** `edit`', 'As the entry `edit` of `disallowed`:'] },
  { name: 'an `"ask"` rule of a table of patterns of its own in a table that misses `tools`', doc: '[agents.a.permission.bash]\n"git *" = "allow"\n"r|m *" = "ask"', range: [2, 1, 2, 5],
    has: ['**`"rm *" = "ask"`**: Mars has no equivalent of this rule.', '_`permission` is not `tools`: Mars reads no tool list in it._'], lacks: ['Capability', 'its move'] },
  { name: 'a pattern Mars rejects in a table that misses `tools`', doc: '[agents.a.permission]\nbash = { "|" = "deny", "git *" = "allow" }', range: [1, 9, 1, 11],
    has: ['**Not a tool name Mars accepts**', '_`permission` is not `tools`: Mars reads no tool list in it._'] },
  // A pattern holding a comma in a table meant as `tools` or under a misspelt owner: no `illegal-char` until the rename
  // brings it into `tools` (README, `misplaced-tool-list`), but its hover says the character as on the entry it stands for.
  { name: 'a pattern holding a comma in a table meant as `tools`', doc: '[agents.a.tool]\nbash = { "a|,b" = "allow" }', range: [1, 10, 1, 13],
    has: ['_Not an entry yet: `tool` is not `tools`: Mars reads no tool list in it._', "Holds a comma, which splits Claude's tool lists (`--allowed-tools`, `--disallowed-tools`)."] },
  { name: 'a pattern holding a control character in a table of its own under a misspelt owner', doc: '[agent.a.tools.bash]\n"gi|t\\u0007" = "deny"', range: [1, 1, 1, 10],
    has: ['_Not an entry yet: `agent` is not `agents`', 'Holds control character U+0007, which can break a shell.'] },
  // A list of no agent or skill, at the root or in a root table meant as `tools`: on the table's name or the list's key, its diagnostic's words.
  { name: 'Claude Code\'s `[permissions]` at the root', doc: '[permi|ssions]\nallow = ["Bash"]', range: [0, 1, 0, 12],
    has: ['not in a table `permissions` at the root, so `allow` here applies to no agent or skill. None of its rules is in force.', 'write them in its `tools` table: `[agents.<name>.tools]`'] },
  { name: 'the key of a list in a root table meant as `tools`', doc: '[tools]\nallowed = ["read"]\nde|ny = ["x"]', range: [2, 0, 2, 4],
    has: ['so `allowed` and `deny` here apply to no agent or skill'] },
  { name: 'a list at the root', doc: 'allo|wed = "read"', range: [0, 0, 0, 7], has: ['so `allowed` here applies to no agent or skill'], lacks: ['not in a table'] },
  { name: '`tools` written at the root as a list', doc: 'to|ols = ["read"]', range: [0, 0, 0, 5], has: ['so `tools` here applies to no agent or skill'], lacks: ['not in a table'] },
  { name: '`tools` written at the root as a verdict', doc: 'to|ols = "allow"', range: null },
  { name: 'a key of a root `[tools]` that is no list', doc: '[tools]\nvers|ion = 1', range: null },
  { name: 'a list of an agent that is no tool list', doc: '[agents.coder]\nski|lls = ["x"]', range: null },
  { name: 'a tool list under a table one typo from `agents`', doc: '[age|nt.coder.tools]\nallowed = ["read"]', range: [0, 1, 0, 6],
    has: ['**`agent`** is not `agents`: Mars reads no tool policy under it', 'It looks meant for `agents`', '_Of agent `coder`._'] },
  // A string in such a list, or in a list under a misspelt key (`Allowed = ["read"]`): the entry it would be, and why it is none
  // yet, as a string where a list goes; on the key of such a list whose fault is another part (`allowed` of `[agents.x.tool]`),
  // what the part at fault says. They had no hover.
  { name: 'a string in a tool list beside the tools table', doc: '[agents.coder]\nallowed = ["re|ad"]', range: [1, 12, 1, 16],
    has: ['**Capability** `read`', '_Not an entry yet: Mars reads the tool lists of agent `coder` only from its `tools` table._', 'As the entry `read` of `allowed` of agent `coder`:'] },
  { name: 'a string in a tool list in a table that misses `tools`', doc: '[skills.s.tool]\ndeny = ["ba|sh"]', range: [1, 9, 1, 13],
    has: ['**Capability** `bash`', '_Not an entry yet: `tool` is not `tools`: Mars reads no tool list in it._', 'As the entry `bash` of `disallowed` of skill `s`:'] },
  { name: 'a string in a tool list under a table one typo from `agents`', doc: '[agent.coder.tools]\nallowed = ["Shel|l"]', range: [1, 12, 1, 17],
    has: ['**Capability** `bash`', '_Not an entry yet: `agent` is not `agents`: Mars reads no tool policy under it._', 'As the entry `Shell` of `allowed` of agent `coder`:'] },
  { name: 'a string in a tool list under a misspelt key', doc: `${T}Allowed = ["re|ad"]`, range: [1, 12, 1, 16],
    has: ['**Capability** `read`', '_Not an entry yet: Mars ignores `Allowed` here; it looks meant for `allowed`._', 'As the entry `read` of `allowed` of agent `reviewer`:'] },
  { name: 'a string in a tool list under another word for disallowed', doc: `${T}deny = ["we|b"]`, range: [1, 9, 1, 12],
    has: ['As the entry `web` of `disallowed` of agent `reviewer`:'] },
  { name: 'a string in a tool list under a misspelt key below a tools table written as an array of tables', doc: '[[agents.a.tools]]\nAllowed = ["re|ad"]', range: [1, 12, 1, 16],
    has: ['**Capability** `read`', '_Not an entry yet: Mars ignores `Allowed` here; it looks meant for `allowed`._', '`tools` of agent `a` must be a table, not an array of tables (`[[…]]`).'] },
  // Where no agent or skill is named: the entry it would be, of no owner.
  { name: 'a string in a tool list of Claude Code\'s root `[permissions]`', doc: '[permissions]\nallow = ["Re|ad"]', range: [1, 10, 1, 14],
    has: ['**Capability** `read`', '_Not an entry yet: Mars reads no tool list in a table `permissions` at the root: it applies to no agent or skill._', 'As the entry `Read` of `allowed`:'], lacks: ['of agent'] },
  { name: 'a string in a tool list before any header', doc: 'deny = ["ba|sh"]', range: [0, 9, 0, 13],
    has: ['_Not an entry yet: Mars reads no tool list at the root: it applies to no agent or skill._', 'As the entry `bash` of `disallowed`:'] },
  { name: 'a string in `tools` written at the root as a list', doc: 'tools = ["mcp(g|h)"]', range: [0, 10, 0, 17],
    has: ['**MCP** server `gh`', 'As the entry `mcp(gh)` of `allowed`:'] },
  { name: 'a string in a list of a root table of other settings: nothing', doc: '[tools]\nversions = ["re|ad"]', range: null },
  // A string written where such a list goes: the entry the list its fix makes would hold, the name under the cursor of names
  // between commas, as a string where a list goes in a tools table is hovered; so `tools = "read"` at the root, read as
  // `allowed` as an agent's is. Not a verdict under a list's key (`deny = "allow"`), nor `tools = "allow"`, which Mars does not report.
  { name: 'a string where a tool list beside the tools table goes', doc: '[agents.x]\nallowed = "gr|ep"', range: [1, 11, 1, 15],
    has: ['**Capability** `grep`', '_Not an entry yet: Mars reads the tool lists of agent `x` only from its `tools` table._', 'As the entry `grep` of `allowed` of agent `x`:'] },
  { name: 'a string where a tool list goes in a table that misses `tools`', doc: '[agents.x.tool]\nallowed = "gr|ep"', range: [1, 11, 1, 15],
    has: ['_Not an entry yet: `tool` is not `tools`: Mars reads no tool list in it._', 'As the entry `grep` of `allowed` of agent `x`:'] },
  { name: 'names between commas where a tool list beside the tools table goes: the one under the cursor', doc: '[skills.pdf]\nallowed-tools = "Read, Gr|ep"', range: [1, 23, 1, 27],
    has: ['**Capability** `grep`', 'As the entry `Grep` of `allowed` of skill `pdf`:'] },
  { name: 'a string where a tool list goes under a misspelt key', doc: `${T}deny = "ba|sh"`, range: [1, 8, 1, 12],
    has: ['_Not an entry yet: Mars ignores `deny` here; it looks meant for `disallowed`._', 'As the entry `bash` of `disallowed` of agent `reviewer`:'] },
  { name: 'a string where a tool list of Claude Code\'s root `[permissions]` goes', doc: '[permissions]\ndeny = "Ba|sh"', range: [1, 8, 1, 12],
    has: ['_Not an entry yet: Mars reads no tool list in a table `permissions` at the root: it applies to no agent or skill._', 'As the entry `Bash` of `disallowed`:'], lacks: ['of agent'] },
  { name: '`tools` written at the root as a string', doc: 'tools = "Read, Gr|ep"', range: [0, 15, 0, 19],
    has: ['**Capability** `grep`', '_Not an entry yet: Mars reads no tool list at the root: it applies to no agent or skill._', 'As the entry `Grep` of `allowed`:'], lacks: ['of agent'] },
  { name: '`tools` written at the root as a verdict: nothing', doc: 'tools = "al|low"', range: null },
  { name: 'a verdict under a list\'s key in a tools table: nothing', doc: `${T}deny = "al|low"`, range: null },
  { name: 'a string in a tool list beside the tools table, another section with a syntax error', doc: '[agents.a]\nallowed = ["re|ad"]\n[agents.b]\nw = = 1', range: [1, 12, 1, 16],
    has: ['**Capability** `read`', UNLOADED] },
  { name: 'the key of a tool list in a table that misses `tools`: the part at fault\'s', doc: '[agents.a.tool]\nallo|wed = ["x"]', range: [1, 0, 1, 7],
    has: ['**`tool`** is not `tools`: Mars reads no tool list in it', '_Of agent `a`._'] },
  { name: 'the key of a string where a list goes in a table that misses `tools`: the part at fault\'s', doc: '[agents.a.tool]\nallo|wed = "read"', range: [1, 0, 1, 7],
    has: ['**`tool`** is not `tools`: Mars reads no tool list in it', 'It looks meant for `tools`, the table of the `allowed` and `disallowed` lists', '_Of agent `a`._'] },
  { name: 'the key of a tool list under a dotted key that misses `tools`', doc: '[agents.a]\ntool.allo|wed = ["x"]', range: [1, 5, 1, 12],
    has: ['**`tool`** is not `tools`'] },
  { name: 'the key of a tool list under a table one typo from `agents`', doc: '[agent.a.tools]\nallo|wed = ["read"]', range: [1, 0, 1, 7],
    has: ['**`agent`** is not `agents`: Mars reads no tool policy under it'] },
  // So for all else a misspelt owner holds that its finding says (a string beside the tools table or in it, a rule of patterns
  // in a table meant as `tools`): the owner is the part at fault, none of its rules in force.
  { name: 'the key of a string where a list goes beside the tools table, under a table one typo from `agents`', doc: '[agent.a]\nallo|wed = "read"', range: [1, 0, 1, 7],
    has: ['**`agent`** is not `agents`: Mars reads no tool policy under it; none of its rules is in force.', 'It looks meant for `agents`, the table of agents by name.', '_Of agent `a`._'] },
  { name: 'a string where a tool list goes in the tools table under a table one typo from `agents`', doc: '[agent.a.tools]\nallowed = "gr|ep"', range: [1, 11, 1, 15],
    has: ['**Capability** `grep`', '_Not an entry yet: `agent` is not `agents`: Mars reads no tool policy under it._', 'As the entry `grep` of `allowed` of agent `a`:'] },
  { name: 'a rule of patterns in a table of its own under a table one typo from `skills`', doc: '[skill.s.permission.bash]\n"x |*" = "allow"', range: [1, 1, 1, 4],
    has: ['**Capability** `bash` · pattern `x *`', '_Not an entry yet: `skill` is not `skills`: Mars reads no tool policy under it._', 'As the entry `bash(x *)` of `allowed` of skill `s`:'] },
  { name: 'a rule of patterns dotted below its tool under a table one typo from `agents`', doc: '[agent.a.permission]\nba|sh."x *" = "allow"', range: [1, 0, 1, 4],
    has: ['**`agent`** is not `agents`: Mars reads no tool policy under it'] },
  // Its verdict one typo from `"allow"` or `"deny"` in `tools` itself: read as the finding reads it, not as `"ask"`.
  { name: 'a rule of patterns dotted below its tool, its verdict misspelt, in the tools table under a table one typo from `agents`', doc: '[agent.a.tools]\nbash."x |*" = "alow"', range: [1, 6, 1, 9],
    has: ['**Capability** `bash` · pattern `x *`', '_Not an entry yet: `agent` is not `agents`: Mars reads no tool policy under it._', 'As the entry `bash(x *)` of `allowed` of agent `a`:'], lacks: ['no equivalent'] },
  { name: 'a rule of patterns dotted below its tool in `tools`, its verdict misspelt, beside the tools table under a table one typo from `agents`', doc: '[agent.a]\ntools.bash."x |*" = "Dny"', range: [1, 12, 1, 15],
    has: ['_Not an entry yet: `agent` is not `agents`: Mars reads no tool policy under it._', 'As the entry `bash(x *)` of `disallowed` of agent `a`:'], lacks: ['no equivalent'] },
  { name: 'a rule of patterns in a table of its own, its verdict misspelt, below the tools table under a table one typo from `agents`', doc: '[agent.a.tools.bash]\n"x |*" = "alow"', range: [1, 1, 1, 4],
    has: ['**Capability** `bash` · pattern `x *`', '_Not an entry yet: `agent` is not `agents`: Mars reads no tool policy under it._', 'As the entry `bash(x *)` of `allowed` of agent `a`:'] },
  // Every spelling offered reads back as what the entry means: `bash( *)` would read as `bash(*)`.
  { name: 'a pattern that is only the legacy suffix', doc: `${T}allowed = ["bash(:|*)"]`, range: [1, 12, 1, 20],
    has: ['**Capability** `bash`'], lacks: ['bash( *)', 'Canonical spelling'] },
  { name: 'an alias with a pattern that is only the legacy suffix', doc: `${T}allowed = ["Shell(:|*)"]`, range: [1, 12, 1, 21],
    has: ['`Shell` is an alias of `bash`; canonical spelling: `bash(:*)` (Claude\'s legacy `:*` kept: `bash( *)`, as Mars writes it, would read as another pattern)'] },
  { name: 'map-form key with a pattern that is only the legacy suffix', doc: `${T}"bash(:|*)" = "allow"`, range: [1, 1, 1, 9],
    has: ['put `bash(:*)` in `allowed`'], lacks: ['bash( *)'] },
  // Owner names and entries as the diagnostics show them: backticks, line breaks, invisible characters.
  { name: 'an agent name with a backtick', doc: '[agents."we`ird".tools]\nallowed = ["re|ad"]', range: [1, 12, 1, 16], has: ['of agent ``we`ird``.'] },
  { name: 'an agent name with a line break', doc: '[agents."a\\nb".tools]\nallowed = ["re|ad"]', range: [1, 12, 1, 16], has: ['_In `allowed` of agent `a\\u000Ab`._'] },
  // A code span strips one space from each end when both ends are spaces: the name is padded with one more.
  { name: 'an agent name with a space at both ends', doc: '[agents." x ".tools]\nallowed = ["re|ad"]', range: [1, 12, 1, 16], has: ['of agent `  x  `.'], lacks: ['agent ` x `'] },
  { name: 'an entry not yet one, with a space at both ends', doc: '[agents.x]\ntools = ["| x "]', range: [1, 10, 1, 13], has: ['As the entry `  x  ` of `allowed`'] },
  // The reason a string is no entry yet is the diagnostic's, its names quoted as the hover's code spans.
  { name: 'an entry not yet one, of an agent with a backtick in its name', doc: '[agents."a`b"]\ntools = ["gr|ep"]', range: [1, 10, 1, 14],
    has: ['_Not an entry yet: `tools` of agent ``a`b`` must be a table'], lacks: ['agent `a`b`'] },
  { name: 'a string for a list, of a skill with backticks in its name', doc: '[skills."``x".tools]\nallowed = "ed|it"', range: [1, 11, 1, 15],
    has: ['_Not an entry yet: `allowed` of skill ``` ``x ``` must be a list'] },
  { name: 'an agent with an empty name', doc: '[agents."".tools]\nallowed = ["re|ad"]', range: [1, 12, 1, 16], has: ['of agent `""`.'], lacks: ['agent ``'] },
  { name: 'an empty skill name on the key of a list', doc: '[skills."".tools]\nallo|wed = ["read"]', range: [1, 0, 1, 7], has: ['_Of skill `""`._'] },
  { name: 'a control character in an entry', doc: `${T}allowed = ["a\\u0007|b"]`, range: [1, 12, 1, 20],
    has: ['**Unknown tool** `a\\u0007b`', 'control character U+0007'] },
  { name: 'a right-to-left override in an entry', doc: `${T}allowed = ["x\u202E|y"]`, range: [1, 12, 1, 15], has: ['**Unknown tool** `x\\u202Ey`'] },
  { name: 'a right-to-left override on the key of its list', doc: `${T}allo|wed = ["x\u202Ey", "bash(\\u200B)"]`, range: [1, 0, 1, 7],
    has: ['Mars reads: `x\\u202Ey`, `bash(\\u200B)`.'] },
  { name: 'tools.mcp key', doc: `${T}m|cp = ["github"]`, range: [1, 0, 1, 3], has: ['**`tools.mcp`** was removed.', 'as `mcp(server)` or `mcp(server/tool)`.'] },
  { name: 'non-BMP text before the entry', doc: `${T}allowed = ["😀", "re|ad"]`, range: [1, 18, 1, 22] },
  // An item of a list that is no string, which Mars refuses: said on the item, in plain words, as on an
  // entry Mars refuses, its diagnostic there saying what it is (it had no hover, nor had a string inside it).
  { name: 'an item of a list that is no string', doc: `${T}allowed = ["read", |1]`, range: [1, 19, 1, 20],
    has: ['**`1`** is not a tool name: Mars refuses to load the config.', 'A tool list holds tool names, each in quotes (`"read"`).', '_In `allowed` of agent `reviewer`._'],
    lacks: ['Its fix', 'Capability', 'this entry is'] },
  { name: 'a list in a list, on a string inside it', doc: `${T}disallowed = [["x|"]]`, range: [1, 14, 1, 19],
    has: ['**`["x"]`** is not a tool name', '_In `disallowed` of agent `reviewer`._'], lacks: ['Unknown tool'] },
  // Over lines, on its first line only, where its diagnostic is (the hover's range holds the cursor).
  { name: 'a list in a list written over lines: its first line', doc: `${T}allowed = [\n  |[ # c\n    "x"\n  ],\n]`, range: [2, 2, 2, 3],
    has: ['**`[`** is not a tool name'] },
  { name: 'a list in a list written over lines: not below its first line', doc: `${T}allowed = [\n  [ # c\n    "|x"\n  ],\n]`, range: null },
  { name: 'an item that is no string under an agent written as an array of tables', doc: '[[agents.x]]\ntools.allowed = [tr|ue]', range: [1, 17, 1, 21],
    has: ['**`true`** is not a tool name: Mars refuses to load the config.', 'Agent `x` must be a table (`[agents.x]`), not an array of tables (`[[…]]`).'] },
  // the key of a list: the list as Mars reads it
  { name: 'the allowed key', doc: `${T}allo|wed = ["read", "Shell(git:*)", "cat", "bash()", "mcp__gh"]`, range: [1, 0, 1, 7],
    has: ['**`allowed`**: Tools the agent or skill may use', 'Mars reads: `read`, `bash(git *)`, `mcp__gh`.', 'refuses to load the config for `bash()`', 'agent `reviewer`'] },
  { name: 'the key of a list with rejected, blank and non-string items', doc: `${T}dis|allowed = ["bash()", "bash()", "  ", 1, "read"]`, range: [1, 0, 1, 10],
    has: ['Mars reads: `read`.', 'Mars refuses to load the config for `bash()`, `"  "`, `1`.'] },
  // Past a syntax error the reading is a guess: its entries are not said as read (nor items that are not strings), but counted apart.
  { name: 'the key of a list with a comma missing: the entries past the error are not read', doc: `${T}allo|wed = ["read" "bash", "grep", 1]`, range: [1, 0, 1, 7],
    has: ['Mars reads: `read`.', '3 items past the syntax error, which Mars cannot read.'], lacks: ['`bash`', '`grep`', '`1`'] },
  { name: 'the key of a list all past a syntax error', doc: `${T}allo|wed = [ = "read"]`, range: [1, 0, 1, 7],
    has: ['Mars reads no tool name here.', '1 item past the syntax error, which Mars cannot read.'], lacks: ['`read`'] },
  // A file with a syntax error does not load at all: above the error as below it, nothing is in force, whatever hover
  // says Mars reads there (it said the entries and lists as if the file loaded). Said once, after the title.
  { name: 'an entry above a syntax error in its section', doc: `${T}allowed = ["re|ad"]\nx = = 1`, range: [1, 12, 1, 16],
    has: [`**Capability** \`read\`\n\n${UNLOADED}\n\nRead files.`, '_In `allowed` of agent `reviewer`._'] },
  { name: 'an entry below a syntax error in its section', doc: `${T}x = = 1\nallowed = ["re|ad"]`, range: [2, 12, 2, 16], has: ['**Capability** `read`', UNLOADED] },
  // Names between commas: after the names, not between them and their heading; an entry, a string then more values (a syntax
  // error itself), a map-form key.
  { name: 'an entry of names between commas, a syntax error in another section', doc: '[agents.x.tools]\nallowed = ["Re|ad, edit"]\n[agents.b]\nw = = 1', range: [1, 12, 1, 22],
    has: [`**Names between commas**: \`read\` and \`edit\`, written in one string, meant as one entry each.\n\n- \`read\`: Read files.\n- \`edit\`: Edit existing files in place.\n\n${UNLOADED}\n\nAs written, Mars reads it as one tool name:`] },
  { name: 'names between commas in a string then more values, which Mars cannot load', doc: `${T}allowed = "Re|ad, edit", "grep"`, range: [1, 11, 1, 21],
    has: [`- \`edit\`: Edit existing files in place.\n\n${UNLOADED}\n\n_Not an entry yet: \`allowed\` of agent \`reviewer\` must be a list`] },
  { name: 'a map-form key of names between commas above a syntax error', doc: `${T}"Re|ad, Grep" = "allow"\nx = = 1`, range: [1, 1, 1, 11],
    has: [`- \`grep\`: Search file contents.\n\n${UNLOADED}\n\n_Map-form key in the tools table of agent \`reviewer\``] },
  { name: 'the key of a list above a syntax error', doc: `${T}allo|wed = ["read"]\nx = = 1`, range: [1, 0, 1, 7], has: ['Mars reads: `read`.', UNLOADED] },
  { name: 'the key of a list with a comma missing, which Mars cannot load', doc: `${T}allo|wed = ["read" "bash"]`, range: [1, 0, 1, 7],
    has: [UNLOADED, 'Mars reads: `read`.', '1 item past the syntax error, which Mars cannot read.'] },
  { name: 'tools above a syntax error', doc: '[agents.x.to|ols]\nallowed = ["read"]\nx = = 1', range: [0, 10, 0, 15], has: ['**`tools`**: the tool policy of agent `x`.', UNLOADED] },
  { name: 'a map-form key above a syntax error', doc: `${T}ba|sh = "allow"\nx = = 1`, range: [1, 0, 1, 4], has: ['put `bash` in `allowed`', UNLOADED] },
  { name: 'a string where a list goes above a syntax error', doc: `${T}allowed = "re|ad"\nx = = 1`, range: [1, 11, 1, 15], has: ['_Not an entry yet', UNLOADED] },
  { name: 'a key Mars ignores above a syntax error', doc: `${T}fo|o = 3\nx = = 1`, range: [1, 0, 1, 3], has: ['**`foo`**: a key Mars ignores.', UNLOADED] },
  { name: 'a list beside the tools table above a syntax error', doc: '[agents.x]\nallo|wed = ["read"]\nx = = 1', range: [1, 0, 1, 7], has: ['a list outside the tools table', UNLOADED] },
  { name: 'an entry under an agent written as an array of tables, above a syntax error', doc: '[[agents.x]]\ntools.allowed = ["re|ad"]\nx = = 1', range: [1, 18, 1, 22],
    has: [UNLOADED, 'Mars refuses to load the config, so its rule is not in force.', 'Agent `x` must be a table'] },
  // What a code of a suppression comment means is no reading of the file.
  { name: 'a code in a suppression comment of a file with a syntax error', doc: `${T}allowed = ["read"]  # mars-ignore: unknown-t|ool\nx = = 1`, range: [1, 35, 1, 47],
    has: ['**`unknown-tool`**'], lacks: ['cannot load'] },
  { name: 'an entry of a file that loads', doc: `${T}allowed = ["re|ad"]\nx = 1`, range: [1, 12, 1, 16], lacks: ['cannot load'] },
  { name: 'a dotted disallowed key', doc: '[agents.x]\ntools.dis|allowed = []', range: [1, 6, 1, 16], has: ['**`disallowed`**', 'Mars reads no tool name here.'] },
  { name: 'a quoted list key in an inline table', doc: '[skills.s]\ntools = { "al|lowed" = ["read"] }', range: [1, 11, 1, 18], has: ['Mars reads: `read`.', 'skill `s`'] },
  { name: 'a long list is cut short', doc: `${T}|allowed = [${Array.from({ length: 40 }, (_, i) => `"t${i}"`).join(', ')}]`, range: [1, 0, 1, 7],
    has: ['`t29` and 10 more.'], lacks: ['`t30`'] },
  // Thirty names are all shown: none is left to count.
  { name: 'a list of thirty names is shown whole', doc: `${T}|allowed = [${Array.from({ length: 30 }, (_, i) => `"t${i}"`).join(', ')}]`, range: [1, 0, 1, 7],
    has: ['`t28`, `t29`.'], lacks: ['more'] },
  // The key of a value of the wrong shape (its diagnostic is on the value): what the diagnostic says, and what its fix does.
  { name: '`tools` written as a list', doc: '[agents.a]\nto|ols = ["read"]', range: [1, 0, 1, 5],
    has: ['**`tools`** is not a table: Mars refuses to load the config.', '`tools` of agent `a` must be a table with `allowed` and `disallowed` lists, not a list.',
      'It looks meant for `tools.allowed`: Tools the agent or skill may use.', 'Its fix: rename to `tools.allowed`.'] },
  { name: '`tools` written as a list, dotted from the agents table', doc: '[agents]\nb.too|ls = ["read"]', range: [1, 2, 1, 7], has: ['**`tools`** is not a table', 'of agent `b`'] },
  { name: '`tools` written as a list of no names: no fix', doc: '[skills.s]\ntoo|ls = [1]', range: [1, 0, 1, 5],
    has: ['**`tools`** is not a table', '`tools` of skill `s` must be a table'], lacks: ['Its fix', 'looks meant'] },
  { name: '`tools` written as a string', doc: '[agents.a]\n|tools = "read"', range: [1, 0, 1, 5], has: ['**`tools`** is not a table', 'not a string', 'Its fix: rename to `tools.allowed`, and change `"read"` to `["read"]`.'] },
  { name: '`tools` written as names between commas', doc: '[agents.a]\n|tools = "read, grep"', range: [1, 0, 1, 5], has: ['**`tools`** is not a table', 'not a string', 'Its fix: rename to `tools.allowed`, and change `"read, grep"` to `["read", "grep"]`.'] },
  { name: '`allowed` written as a string', doc: `${T}allo|wed = "grep"`, range: [1, 0, 1, 7],
    has: ['**`allowed`** is not a list: Mars refuses to load the config.', '`allowed` of agent `reviewer` must be a list of tool names, such as `allowed = ["grep"]`.', 'Its fix: change to `["grep"]`.'] },
  // A string left open is the syntax error's to say (close it): no fix of the list writes the unclosed text in brackets.
  // Its message gives the usual example, as where no list can be made of the string (`"bash("`).
  ...([[`${T}allo|wed = "grep`, 'is not a list', 'such as `allowed = ["read"]`'], [`${T}allo|wed = 'grep`, 'is not a list', 'such as `allowed = ["read"]`'],
    [`${T}allo|wed = "grep, read`, 'is not a list', 'such as `allowed = ["read"]`'], ['[agents.a]\ntoo|ls = "grep', 'is not a table', 'not a string']] as const).map(([doc, says, example]): Case => {
    const key = doc.includes('too|ls') ? '`tools`' : '`allowed`';
    return { name: `${key} written as a string left open: no fix (${doc.slice(doc.indexOf('=') + 2)})`, doc, range: [1, 0, 1, key.length - 2],
      has: [`**${key}** ${says}`, example, UNLOADED], lacks: ['Its fix', '["grep]', "['grep]"] };
  }),
  { name: '`disallowed` written as a number: no fix', doc: `${T}disallo|wed = 1`, range: [1, 0, 1, 10], has: ['**`disallowed`** is not a list'], lacks: ['Its fix'] },
  // The value of the wrong shape (its diagnostic is on it, shown above the hover): not the diagnostic again, but
  // in plain words the shape Mars wants, and the fix the key's hover says (they had no hover but on a string).
  { name: '`tools` written as an integer, on its value', doc: '[agents.x]\ntools = |3', range: [1, 8, 1, 9],
    has: ['**`3`** is not a table: Mars refuses to load the config.', '`tools` is the table of the `allowed` and `disallowed` lists, such as `tools = { allowed = ["read"] }`.', '_Of agent `x`._'],
    lacks: ['must be a table', 'Its fix', 'cannot load the file'] },
  { name: '`tools` written as a string Mars would refuse, on its value', doc: '[skills.s]\ntools = "bash(|"', range: [1, 9, 1, 14],
    has: ['**Invalid tool name**', '_Not an entry yet: `tools` of skill `s` must be a table with `allowed` and `disallowed` lists, not a string._', 'As the entry `bash(` of `allowed` of skill `s`:'] },
  { name: '`tools` written as a list, on its brackets: the fix its key says', doc: '[agents.a]\ntools = ["read"|]', range: [1, 8, 1, 16],
    has: ['**`["read"]`** is not a table: Mars refuses to load the config.', 'It looks meant for `tools.allowed`: Tools the agent or skill may use.', 'Its fix: rename to `tools.allowed`.', '_Of agent `a`._'],
    lacks: ['must be a table'] },
  { name: '`tools` written as a list of no names, on an item', doc: '[agents.a]\ntools = [|1]', range: [1, 8, 1, 11],
    has: ['**`[1]`** is not a table'], lacks: ['Its fix', 'looks meant'] },
  { name: '`tools` written as a list over lines: on its first line', doc: '[agents.a]\ntools = |[ # rules\n  "read",\n]', range: [1, 8, 1, 9],
    has: ['**`[`** is not a table'] },
  { name: '`allowed` written as an integer, on its value', doc: `${T}allowed = |1`, range: [1, 10, 1, 11],
    has: ['**`1`** is not a list: Mars refuses to load the config.', 'A tool list is written in brackets, such as `allowed = ["read"]`: Tools the agent or skill may use.', '_Of agent `reviewer`._'],
    lacks: ['must be a list of tool names', 'Its fix'] },
  // Its quote doubled (`"web""read"` may be one string): the guess starts at the string, so no entry is hovered, but its
  // diagnostic is said over the guess, and the shape Mars wants with it (it had no hover: hoverProperties (g), seed 2).
  { name: '`disallowed` written as strings, a quote doubled, on the first', doc: `${T}disallowed = "web_f|etch""mcp__*", "web"`, range: [1, 13, 1, 24],
    has: ['**`"web_fetch"`** is not a list: Mars refuses to load the config.', 'Mars cannot load the file until the syntax error is fixed', 'such as `disallowed = ["read"]`: Tools denied to the agent or skill.',
      'Its fix: change to `["web_fetch", "mcp__*", "web"]`.'], lacks: ['**Capability**'] },
  { name: '`allowed` written as literal strings, a quote doubled, on the first', doc: `${T}allowed = 'i|t''s', 'read'`, range: [1, 10, 1, 14], has: ['**`\'it\'`** is not a list'] },
  { name: '`allowed` written as literal strings, a quote doubled, past the first: none (the guess)', doc: `${T}allowed = 'it''|s', 'read'`, range: null },
  { name: '`allowed` written as a table, on its value', doc: `${T}allowed = |{a = 1}`, range: [1, 10, 1, 17], has: ['**`{a = 1}`** is not a list'] },
  { name: '`disallowed` written as a boolean, on its value', doc: `${T}disallowed = tr|ue`, range: [1, 13, 1, 17],
    has: ['**`true`** is not a list', 'such as `disallowed = ["read"]`: Tools denied to the agent or skill.'] },
  { name: '`allowed` written as an integer in an inline table, on its value', doc: '[agents.a]\ntools = { allowed = |1 }', range: [1, 20, 1, 21], has: ['**`1`** is not a list'] },
  { name: 'a value of the wrong shape under an agent written as an array of tables', doc: '[[agents.x]]\ntools = |3', range: [1, 8, 1, 9],
    has: ['**`3`** is not a table: Mars refuses to load the config.', 'Agent `x` must be a table (`[agents.x]`), not an array of tables (`[[…]]`).', '_Of agent `x`._'] },
  { name: 'a value of the wrong shape above a syntax error', doc: `${T}allowed = |1\nx = = 1`, range: [1, 10, 1, 11], has: ['**`1`** is not a list', UNLOADED] },
  { name: 'a part below a list\'s name above a syntax error', doc: `${T}allowed.|x = ["read"]\nx = = 1`, range: [1, 8, 1, 9], has: ['**`x`**, a key below `allowed`', UNLOADED] },
  { name: 'the value of the removed mcp above a syntax error', doc: `${T}mcp = "de|ny"\nx = = 1`, range: [1, 6, 1, 12], has: ['**`tools.mcp`** was removed.', UNLOADED] },
  // `tools` itself, in each spelling: the owner's tool policy, what Mars does with it, and what it holds.
  { name: 'tools part of a dotted list key', doc: '[agents.x]\nto|ols.allowed = []', range: [1, 0, 1, 5],
    has: ['**`tools`**: the tool policy of agent `x`.', 'Mars lays its `allowed` and `disallowed` lists over the tool policy agent `x` comes with; it reads no other key here.',
      '`allowed`: no entry; `disallowed`: not written.'] },
  { name: 'tools part of a dotted key from the root', doc: 'agents.p.to|ols.allowed = ["read", "grep"]\nagents.p.tools.disallowed = ["web"]', range: [0, 9, 0, 14],
    has: ['**`tools`**: the tool policy of agent `p`.', '`allowed`: 2 entries; `disallowed`: 1 entry.'] },
  { name: 'tools with entries past a syntax error: not counted', doc: '[agents.x.to|ols]\nallowed = ["read" "bash", "grep"]', range: [0, 10, 0, 15],
    has: ['`allowed`: 1 entry and 2 past the syntax error; `disallowed`: not written.'] },
  // A key with no value is the syntax error's, no key Mars reads and ignores.
  { name: 'tools with a key written with no value: not counted', doc: '[agents.x.to|ols]\nallowed = ["read"]\nbash =\n', range: [0, 10, 0, 15],
    has: [UNLOADED, '`allowed`: 1 entry; `disallowed`: not written.'], lacks: ['1 other key'] },
  { name: 'tools part of a header, with a key Mars ignores', doc: '[skills."deep research".to|ols]\nallowed = ["read"]\nbash = "allow"', range: [0, 24, 0, 29],
    has: ['**`tools`**: the tool policy of skill `deep research`.', 'the tool policy skill `deep research` comes with', '`allowed`: 1 entry; `disallowed`: not written; 1 other key, which Mars ignores.'] },
  { name: 'tools part of a quoted header key', doc: '[agents.x."to|ols"]\ndisallowed = ["web", "edit"]', range: [0, 11, 0, 16],
    has: ['**`tools`**: the tool policy of agent `x`.', '`allowed`: not written; `disallowed`: 2 entries.'] },
  { name: 'tools written as an inline table', doc: '[agents]\nd = { to|ols = { allowed = ["read"], deny = ["web"], x.y = 1 } }', range: [1, 6, 1, 11],
    has: ['**`tools`**: the tool policy of agent `d`.', '`allowed`: 1 entry; `disallowed`: not written; 2 other keys, which Mars ignores.'] },
  // A table under `tools` is counted apart from a key: "2 other keys" held a table as a key.
  { name: 'tools with a table under it that Mars ignores', doc: '[agents.x.to|ols]\nallowed = ["read"]\n[agents.x.tools.sub]\na = 1', range: [0, 10, 0, 15],
    has: ['`allowed`: 1 entry; `disallowed`: not written; 1 table, which Mars ignores.'], lacks: ['1 other key'] },
  { name: 'tools with a key and tables that Mars ignores', doc: '[agents.x.to|ols]\nallowed = ["read"]\nbash = "allow"\n[agents.x.tools.sub]\n[agents.x.tools.other]', range: [0, 10, 0, 15],
    has: ['`allowed`: 1 entry; `disallowed`: not written; 1 other key and 2 tables, which Mars ignores.'] },
  // The server hovers a section's analysis alone: the tables, each a section of its own, are counted still.
  { name: 'tools with a key and tables that Mars ignores, as the server hovers it', doc: '[agents.x.to|ols]\nallowed = ["read"]\nbash = "allow"\n[agents.x.tools.sub]\n[agents.x.tools.other]\n[agents.y.tools.sub]', range: [0, 10, 0, 15],
    has: ['`allowed`: 1 entry; `disallowed`: not written; 1 other key and 2 tables, which Mars ignores.'], inSection: true },
  { name: 'tools with a table of patterns of its own, as the server hovers it', doc: '[agents.x.tools.bash]\n"git *" = "allow"\n[agents.x.to|ols]\nallowed = ["read"]', range: [2, 10, 2, 15],
    has: ['`allowed`: 1 entry; `disallowed`: not written; 1 table, which Mars ignores.'], inSection: true },
  { name: 'dotted tools, tables below it in sections of their own, as the server hovers it', doc: '[agents.x]\nto|ols.allowed = ["read"]\n[agents.x.tools.sub]\na = 1', range: [1, 0, 1, 5],
    has: ['`allowed`: 1 entry; `disallowed`: not written; 1 table, which Mars ignores.'], inSection: true },
  // `tools` of an agent written as an array of tables: Mars loads no policy of it, as its header's hover says.
  { name: 'tools under an agent written as an array of tables', doc: '[[agents.x]]\nto|ols.allowed = ["read"]', range: [1, 0, 1, 5],
    has: ['**`tools`**: the tool policy of agent `x`; Mars refuses to load the config, so none of its rules is in force.',
      'Agent `x` must be a table (`[agents.x]`), not an array of tables (`[[…]]`).', '`allowed`: 1 entry; `disallowed`: not written.'],
    lacks: ['lays its', 'cannot load the file'] },
  { name: 'a tools table under an agent written as an array of tables', doc: '[[skills.s]]\n[skills.s.to|ols]\ndisallowed = ["web"]', range: [1, 10, 1, 15],
    has: ['**`tools`**: the tool policy of skill `s`; Mars refuses to load the config', 'Skill `s` must be a table (`[skills.s]`)', '`allowed`: not written; `disallowed`: 1 entry.'] },
  // A list and its entries under an owner written as an array of tables: the file does not load, as
  // the hover on `tools` and on the header say (they said what the list reads, as if in force).
  { name: 'the key of a list under an agent written as an array of tables', doc: '[[agents.x]]\ntools.allo|wed = ["read"]', range: [1, 6, 1, 13],
    has: ['**`allowed`**: Tools the agent or skill may use.', 'Mars reads: `read`.', 'Mars refuses to load the config, so none of its rules is in force.',
      'Agent `x` must be a table (`[agents.x]`), not an array of tables (`[[…]]`).', '_Of agent `x`._'],
    lacks: ['cannot load the file'] },
  { name: 'the key of a list in a tools table under a skill written as an array of tables', doc: '[[skills.s]]\n[skills.s.tools]\ndisal|lowed = ["web"]', range: [2, 0, 2, 10],
    has: ['Mars refuses to load the config, so none of its rules is in force.', 'Skill `s` must be a table (`[skills.s]`)'] },
  { name: 'an entry under an agent written as an array of tables', doc: '[[agents.x]]\n[agents.x.tools]\nallowed = ["re|ad"]', range: [2, 12, 2, 16],
    has: ['**Capability** `read`', 'Mars refuses to load the config, so its rule is not in force.', 'Agent `x` must be a table (`[agents.x]`), not an array of tables (`[[…]]`).',
      '_In `allowed` of agent `x`._'],
    lacks: ['cannot load the file'] },
  { name: 'an entry of an inline tools table under an agent written as an array of tables', doc: '[[agents.x]]\ntools = { disallowed = ["bash(rm |*)"] }', range: [1, 25, 1, 35],
    has: ['Mars refuses to load the config, so its rule is not in force.', 'Agent `x` must be a table'] },
  // A map-form key, or a string where a list goes, under an agent written as an array of tables: the
  // file does not load either, said as on a list and its entries (it said only what to write instead).
  { name: 'a map-form key under an agent written as an array of tables', doc: '[[agents.x]]\ntools.ba|sh = "allow"', range: [1, 6, 1, 10],
    has: ['**Capability** `bash`', 'Mars ignores it; put `bash` in `allowed` instead._', 'Mars refuses to load the config.',
      'Agent `x` must be a table (`[agents.x]`), not an array of tables (`[[…]]`).'],
    lacks: ['cannot load the file', 'in force'] },
  { name: 'a map-form key Mars would reject, in a tools table under a skill written as an array of tables', doc: '[[skills.s]]\n[skills.s.tools]\n"*(|x)" = "deny"', range: [2, 1, 2, 5],
    has: ['**Not a tool name Mars accepts**', 'Mars refuses to load the config.', 'Skill `s` must be a table (`[skills.s]`)'] },
  { name: 'a string where a list goes under an agent written as an array of tables', doc: '[[agents.x]]\ntools.allowed = "re|ad"', range: [1, 17, 1, 21],
    has: ['**Capability** `read`', '_Not an entry yet: `allowed` of agent `x` must be a list of tool names', 'Mars refuses to load the config, so its rule is not in force.',
      'Agent `x` must be a table (`[agents.x]`), not an array of tables (`[[…]]`).', 'As the entry `read` of `allowed` of agent `x`:'],
    lacks: ['cannot load the file'] },
  // Its key, and the key of `tools` written as a list there: both reasons Mars refuses the config, its
  // shape's and the header's (it said only its shape's, where its entries said both).
  { name: 'the key of a string where a list goes under an agent written as an array of tables', doc: '[[agents.x]]\ntools.allo|wed = "read"', range: [1, 6, 1, 13],
    has: ['**`allowed`** is not a list: Mars refuses to load the config.', '`allowed` of agent `x` must be a list of tool names, such as `allowed = ["read"]`.',
      'Agent `x` must be a table (`[agents.x]`), not an array of tables (`[[…]]`).', 'Its fix: change to `["read"]`.'],
    lacks: ['cannot load the file'] },
  { name: 'the key of `tools` written as a list under a skill written as an array of tables', doc: '[[skills.s]]\nto|ols = ["read"]', range: [1, 0, 1, 5],
    has: ['**`tools`** is not a table: Mars refuses to load the config.', '`tools` of skill `s` must be a table with `allowed` and `disallowed` lists, not a list.',
      'Skill `s` must be a table (`[skills.s]`), not an array of tables (`[[…]]`).', 'Its fix: rename to `tools.allowed`.'] },
  { name: 'the key of a string where a list goes under an agent that loads', doc: '[agents.x]\ntools.allo|wed = "read"', range: [1, 6, 1, 13], lacks: ['array of tables'] },
  // Every other key and table Mars ignores there: the file does not load either, said in the same
  // words (they said only that Mars ignores it).
  { name: 'a plain key under an agent written as an array of tables', doc: '[[agents.x]]\ntools.fo|o = 3', range: [1, 6, 1, 9],
    has: ['**`foo`**: a key Mars ignores.', 'Mars refuses to load the config.', 'Agent `x` must be a table (`[agents.x]`), not an array of tables (`[[…]]`).'],
    lacks: ['cannot load the file', 'in force'] },
  { name: 'a plain key in a tools table under a skill written as an array of tables', doc: '[[skills.s]]\n[skills.s.tools]\nfo|o = 3', range: [2, 0, 2, 3],
    has: ['**`foo`**: a key Mars ignores.', 'Mars refuses to load the config.', 'Skill `s` must be a table (`[skills.s]`)'] },
  { name: 'a list under a misspelt key under an agent written as an array of tables', doc: '[[agents.x]]\n[agents.x.tools]\nAllo|wed = ["read"]', range: [2, 0, 2, 7],
    has: ['**`Allowed`**: a list Mars ignores; none of its rules is in force.', 'It looks meant for `allowed`', 'Mars refuses to load the config.',
      'Agent `x` must be a table (`[agents.x]`), not an array of tables (`[[…]]`).'],
    lacks: ['cannot load the file', 'config, so'] },
  { name: 'a list under a key one typo from a list under an agent written as an array of tables', doc: '[[agents.x]]\ntools.alow|ed = ["read"]', range: [1, 6, 1, 12],
    has: ['**`alowed`**: a list Mars ignores', 'Mars refuses to load the config.', 'Agent `x` must be a table'] },
  { name: 'the removed mcp key under an agent written as an array of tables', doc: '[[agents.x]]\ntools.m|cp = ["gh"]', range: [1, 6, 1, 9],
    has: ['**`tools.mcp`** was removed.', 'Mars refuses to load the config.', 'Agent `x` must be a table'] },
  { name: 'a table under tools under an agent written as an array of tables', doc: '[[agents.x]]\n[agents.x.tools.s|ub]\na = 1', range: [1, 16, 1, 19],
    has: ['**`sub`**: a table Mars ignores.', 'Mars refuses to load the config.', 'Agent `x` must be a table'] },
  { name: 'a list outside the tools table under an agent written as an array of tables', doc: '[[agents.x]]\nallo|wed = ["read"]', range: [1, 0, 1, 7],
    has: ['**`allowed`**: a list outside the tools table', 'Mars refuses to load the config.', 'Agent `x` must be a table'] },
  { name: 'a plain key under an agent that loads', doc: '[agents.x]\ntools.fo|o = 3', range: [1, 6, 1, 9], lacks: ['refuses to load'] },
  { name: 'a misspelt list under an agent that loads', doc: '[agents.x]\ntools.Allo|wed = ["read"]', range: [1, 6, 1, 13], lacks: ['refuses to load'] },
  { name: 'a map-form key under an agent that loads', doc: '[agents.x]\ntools.ba|sh = "allow"', range: [1, 6, 1, 10], lacks: ['refuses to load'] },
  // Under an agent written as a table, no refusal is said.
  { name: 'the key of a list under an agent that loads', doc: '[agents.x]\ntools.allo|wed = ["read"]', range: [1, 6, 1, 13], lacks: ['refuses to load'] },
  { name: 'an entry under an agent that loads', doc: '[agents.x]\ntools.allowed = ["re|ad"]', range: [1, 18, 1, 22], lacks: ['refuses to load'] },
  // An array of tables where a table goes: the diagnostic's reason, and its fix.
  { name: 'an agent written as an array of tables', doc: '[[agents.|d]]\ntools.allowed = ["read"]', range: [0, 2, 0, 10],
    has: ['**`[[agents.d]]`**: Mars refuses to load the config.', 'Agent `d` must be a table (`[agents.d]`), not an array of tables (`[[…]]`).', 'Its fix: write as the table `[agents.d]`.'],
    lacks: ['cannot load the file'] },
  { name: 'a tools table written as an array of tables', doc: '[[agents.d.to|ols]]\nallowed = ["read"]', range: [0, 2, 0, 16],
    has: ['**`[[agents.d.tools]]`**: Mars refuses to load the config.', '`tools` of agent `d` must be a table, not an array of tables (`[[…]]`).', 'Its fix: write as the table `[agents.d.tools]`.'],
    lacks: ['the tool policy of'] },
  // Below `[[agents.d.tools]]` Mars reads no list (the analysis skips the section): its key and entries
  // are not in force, as the header's hover says (they had no hover).
  { name: 'the key of a list in a tools table written as an array of tables', doc: '[[agents.d.tools]]\nallo|wed = ["read"]', range: [1, 0, 1, 7],
    has: ['**`allowed`**: Tools the agent or skill may use.', 'Mars refuses to load the config, so none of its rules is in force.',
      '`tools` of agent `d` must be a table, not an array of tables (`[[…]]`).', '_Of agent `d`._'],
    lacks: ['Mars reads:', 'cannot load the file'] },
  { name: 'an item that is no string in a tools table written as an array of tables', doc: '[[agents.d.tools]]\nallowed = ["read", |1]', range: [1, 19, 1, 20],
    has: ['**`1`** is not a tool name: Mars refuses to load the config.', 'A tool list holds tool names, each in quotes (`"read"`).',
      '`tools` of agent `d` must be a table, not an array of tables (`[[…]]`).', '_In `allowed` of agent `d`._'] },
  { name: 'an entry in a tools table written as an array of tables', doc: '[[skills.s.tools]]\ndisallowed = ["we|b", 1]', range: [1, 15, 1, 18],
    has: ['**Capability** `web`', 'Mars refuses to load the config, so its rule is not in force.', '`tools` of skill `s` must be a table, not an array of tables (`[[…]]`).',
      '_In `disallowed` of skill `s`._'] },
  // So on a map-form key, a list under a misspelt key and a string where a list goes there, read
  // from the section as written (they had no hover).
  { name: 'a map-form key in a tools table written as an array of tables', doc: '[[agents.d.tools]]\nba|sh = "allow"', range: [1, 0, 1, 4],
    has: ['**Capability** `bash`', '_Map-form key: Mars ignores it._', 'Mars refuses to load the config.', '`tools` of agent `d` must be a table, not an array of tables (`[[…]]`).', 'As an entry of a list:'],
    lacks: ['in force', 'cannot load the file'] },
  { name: 'a map-form key given a boolean in a tools table written as an array of tables', doc: '[[agents.d.tools]]\nwr|ite = false', range: [1, 0, 1, 5],
    has: ['**Capability** `write`', '_Map-form key: Mars ignores it._', 'Mars refuses to load the config.', '`tools` of agent `d` must be a table, not an array of tables (`[[…]]`).', 'As an entry of a list:'],
    lacks: ['Its fix'] },
  { name: 'an entry of names between commas in a tools table written as an array of tables', doc: '[[agents.d.tools]]\nallowed = ["Re|ad, Grep"]', range: [1, 12, 1, 22],
    has: ['**Names between commas**: `read` and `grep`, written in one string, meant as one entry each.', 'As written, Mars reads it as one tool name:\n\n**Unknown tool** `read, _grep`', '_In `allowed` of agent `d`._'] },
  { name: 'a map-form key of names between commas in a tools table written as an array of tables', doc: '[[agents.d.tools]]\n"Re|ad, Grep" = "allow"', range: [1, 1, 1, 11],
    has: [`**Names between commas**: \`read\` and \`grep\`, written in one string, meant as one entry each.\n\n- \`read\`: ${meaning('read')}\n- \`grep\`: ${meaning('grep')}\n\n_Map-form key: Mars ignores it._`,
      'As written, as one entry of a list, Mars would read it as one tool name:\n\n**Unknown tool** `read, _grep`'] },
  { name: 'a map-form key Mars would reject in a tools table written as an array of tables', doc: '[[skills.s.tools]]\n"*(|x)" = "deny"', range: [1, 1, 1, 5],
    has: ['**Not a tool name Mars accepts**', 'Mars refuses to load the config.', '`tools` of skill `s` must be a table'] },
  { name: 'a list under a misspelt key in a tools table written as an array of tables', doc: '[[agents.d.tools]]\nAllo|wed = ["read"]', range: [1, 0, 1, 7],
    has: ['**`Allowed`**: a list Mars ignores; none of its rules is in force.', 'It looks meant for `allowed`', 'Mars refuses to load the config.',
      '`tools` of agent `d` must be a table, not an array of tables (`[[…]]`).', '_Of agent `d`._'] },
  { name: 'a string under a misspelt key in a tools table written as an array of tables', doc: '[[agents.d.tools]]\nde|ny = "bash"', range: [1, 0, 1, 4],
    has: ['**`deny`**: a string Mars ignores; its rule is not in force.', 'It looks meant for `disallowed = ["bash"]`', 'Mars refuses to load the config.', '_Of agent `d`._'] },
  { name: 'a string where a list goes in a tools table written as an array of tables', doc: '[[agents.d.tools]]\nallowed = "re|ad"', range: [1, 11, 1, 15],
    has: ['**Capability** `read`', 'Mars refuses to load the config, so its rule is not in force.', '`tools` of agent `d` must be a table', '_In `allowed` of agent `d`._'] },
  { name: 'a value of the wrong shape in a tools table written as an array of tables', doc: '[[agents.d.tools]]\ndisallowed = |1', range: [1, 13, 1, 14],
    has: ['**`1`** is not a list: Mars refuses to load the config.', 'A tool list is written in brackets, such as `disallowed = ["read"]`',
      '`tools` of agent `d` must be a table, not an array of tables (`[[…]]`).', '_Of agent `d`._'], lacks: ['Its fix', 'so none of its rules'] },
  // Any other key, and the removed `mcp` in any shape (`"deny"` too), said as in a tools table, with the refusal (they had
  // no hover, or `mcp = "deny"` that of a map-form key). No fix is said: no diagnostic there offers one.
  { name: 'a key that names no list in a tools table written as an array of tables', doc: '[[agents.d.tools]]\nfo|o = ["read"]', range: [1, 0, 1, 3],
    has: ['**`foo`**: a key Mars ignores.', 'Mars refuses to load the config.', '`tools` of agent `d` must be a table, not an array of tables (`[[…]]`).', '_Of agent `d`._'],
    lacks: ['in force', 'Its fix'] },
  { name: 'a key whose value is no verdict in a tools table written as an array of tables', doc: '[[agents.d.tools]]\nba|sh = "maybe"', range: [1, 0, 1, 4],
    has: ['**`bash`**: a key Mars ignores.', 'Mars refuses to load the config.', '`tools` of agent `d` must be a table'], lacks: ['Capability', 'Map-form', 'Its fix'] },
  { name: 'a key whose value is no string in a tools table written as an array of tables', doc: '[[skills.s.tools]]\nba|sh = 3', range: [1, 0, 1, 4],
    has: ['**`bash`**: a key Mars ignores.', 'Mars refuses to load the config.', '`tools` of skill `s` must be a table'] },
  { name: 'a list\'s name given a verdict in a tools table written as an array of tables', doc: '[[agents.d.tools]]\nde|ny = "allow"', range: [1, 0, 1, 4],
    has: ['**`deny`**: a key Mars ignores.', 'Mars refuses to load the config.'], lacks: ['Capability', 'Map-form'] },
  { name: 'a list\'s name given a boolean in a tools table written as an array of tables', doc: '[[agents.d.tools]]\nAllo|wed = false', range: [1, 0, 1, 7],
    has: ['**`Allowed`**: a key Mars ignores.', 'Mars refuses to load the config.'], lacks: ['Capability', 'Map-form'] },
  { name: 'the removed mcp key given a boolean in a tools table written as an array of tables', doc: '[[agents.d.tools]]\nm|cp = true', range: [1, 0, 1, 3],
    has: ['**`tools.mcp`** was removed.', 'Mars refuses to load the config.'], lacks: ['Map-form', 'Not a tool name'] },
  { name: 'the removed mcp key in a tools table written as an array of tables', doc: '[[agents.d.tools]]\nm|cp = ["gh"]', range: [1, 0, 1, 3],
    has: ['**`tools.mcp`** was removed.', 'Mars refuses it: grant MCP servers in `allowed` of agent `d` as `mcp(server)` or `mcp(server/tool)`.', 'Mars refuses to load the config.',
      '`tools` of agent `d` must be a table, not an array of tables (`[[…]]`).'] },
  { name: 'the removed mcp key given the map form in a tools table written as an array of tables', doc: '[[agents.d.tools]]\nm|cp = "deny"', range: [1, 0, 1, 3],
    has: ['**`tools.mcp`** was removed.', 'Mars refuses to load the config.'], lacks: ['Map-form', 'Not a tool name'] },
  { name: 'a key with no value in a tools table written as an array of tables', doc: '[[agents.d.tools]]\nba|sh =', range: null },
  // A server of the removed `mcp` there: the entry it would be, as in a tools table, with the refusal (it had no hover).
  { name: 'a server of the removed mcp in a tools table written as an array of tables', doc: '[[agents.d.tools]]\nmcp = ["g|h"]', range: [1, 8, 1, 10],
    has: ['**MCP** server `gh` · tool `*`', '_Not an entry yet: `tools.mcp` was removed', 'Mars refuses to load the config, so its rule is not in force.',
      '`tools` of agent `d` must be a table, not an array of tables (`[[…]]`).', 'As the entry `mcp(gh)` of `allowed` of agent `d`'],
    lacks: ['cannot load the file'] },
  { name: 'a grant in the removed mcp in a tools table written as an array of tables', doc: '[[skills.s.tools]]\nmcp = "mcp__gh|__x"', range: [1, 7, 1, 17],
    has: ['As the entry `mcp(gh/x)` of `allowed` of skill `s`', '`tools` of skill `s` must be a table'] },
  { name: 'the removed mcp given the map form in a tools table written as an array of tables: no server, the refusal', doc: '[[agents.d.tools]]\nmcp = "de|ny"', range: [1, 6, 1, 12],
    has: ['**`tools.mcp`** was removed.', 'Mars refuses to load the config.', '`tools` of agent `d` must be a table, not an array of tables (`[[…]]`).'], lacks: ['**MCP**', 'As the entry', 'Map-form'] },
  { name: 'the removed mcp given an integer in a tools table written as an array of tables', doc: '[[agents.d.tools]]\nmcp = |3', range: [1, 6, 1, 7],
    has: ['**`tools.mcp`** was removed.', 'Mars refuses to load the config.'] },
  // Right under `[[agents.x]]` it is a list outside the tools table, whatever the header's shape.
  { name: 'a list right under an agent written as an array of tables: outside the tools table', doc: '[[agents.x]]\nallo|wed = ["read"]', range: [1, 0, 1, 7],
    has: ['**`allowed`**: a list outside the tools table; Mars does not read it as a tool list, and none of its rules is in force.'] },
  { name: 'an entry of a list right under an agent written as an array of tables: the entry it would be', doc: '[[agents.x]]\nallowed = ["re|ad"]', range: [1, 12, 1, 16],
    has: ['**Capability** `read`', '_Not an entry yet: Mars reads the tool lists of agent `x` only from its `tools` table._', 'Mars refuses to load the config, so its rule is not in force.',
      'Agent `x` must be a table (`[agents.x]`), not an array of tables (`[[…]]`).', 'As the entry `read` of `allowed` of agent `x`:'] },
  // A dotted key there, as in a tools table: below a list's name, a list written as a table; below any other
  // name, a key Mars ignores (a table, so no map form nor misspelt list); with the refusal (they had no hover).
  { name: 'a dotted key under a list\'s name in a tools table written as an array of tables', doc: '[[agents.d.tools]]\nallo|wed.x = ["read"]', range: [1, 0, 1, 7],
    has: ['**`allowed`** is not a list: Mars refuses to load the config.', 'A tool list is written in brackets, such as `allowed = ["read"]`',
      '`tools` of agent `d` must be a table, not an array of tables (`[[…]]`).', '_Of agent `d`._'],
    lacks: ['Its fix', 'Mars reads', 'cannot load the file'] },
  { name: 'a dotted key under a tool name in a tools table written as an array of tables', doc: '[[agents.d.tools]]\nwe|b.x = "allow"', range: [1, 0, 1, 3],
    has: ['**`web`**: a key Mars ignores.', 'Mars refuses to load the config.', '`tools` of agent `d` must be a table, not an array of tables (`[[…]]`).', '_Of agent `d`._'],
    lacks: ['Capability', 'Map-form', 'Its fix'] },
  { name: 'the part below a key Mars ignores in a tools table written as an array of tables', doc: '[[agents.d.tools]]\nweb.|x = "allow"', range: [1, 4, 1, 5],
    has: ['**`x`** is below `web`, a key Mars ignores.', 'Mars refuses to load the config.', '`tools` of agent `d` must be a table, not an array of tables (`[[…]]`).', '_Of agent `d`._'] },
  { name: 'the part below the removed mcp in a tools table written as an array of tables', doc: '[[agents.d.tools]]\nmcp.|x = ["gh"]', range: [1, 4, 1, 5],
    has: ['**`tools.mcp`** was removed.', 'Mars refuses to load the config.'] },
  { name: 'a dotted key under a misspelt list in a tools table written as an array of tables', doc: '[[agents.d.tools]]\nAllo|wed.x = ["read"]', range: [1, 0, 1, 7],
    has: ['**`Allowed`**: a key Mars ignores.', 'Mars refuses to load the config.'], lacks: ['looks meant'] },
  { name: 'a dotted key under the removed mcp in a tools table written as an array of tables', doc: '[[agents.d.tools]]\nm|cp.x = ["gh"]', range: [1, 0, 1, 3],
    has: ['**`tools.mcp`** was removed.', 'Mars refuses to load the config.'] },
  { name: 'the part after a dotted key\'s first in a tools table written as an array of tables', doc: '[[agents.d.tools]]\nallowed.|x = ["read"]', range: [1, 8, 1, 9],
    has: ['**`x`**, a key below `allowed`, makes it a table, not a list: Mars refuses to load the config.', '`tools` of agent `d` must be a table, not an array of tables (`[[…]]`).', '_Of agent `d`._'] },
  // `[[agents]]` by `name`: the fix of the whole document, as the server hovers it; none without a name.
  { name: '[[agents]] by name: the fix of the document', doc: '[[age|nts]]\nname = "x"\n[[agents]]\nname = "y"\n', range: [0, 2, 0, 8], inSection: true,
    has: ['**`[[agents]]`**: Mars refuses to load the config.', '`agents` must be a table of agents by name', 'Its fix: write each `[[agents]]` as the table of its `name`: `[agents.x]`, `[agents.y]`.'] },
  { name: '[[agents]] with no name: no fix', doc: '[[age|nts]]\ndescription = "x"', range: [0, 2, 0, 8], inSection: true,
    has: ['**`[[agents]]`**: Mars refuses to load the config.', '`agents` must be a table of agents by name'], lacks: ['Its fix'] },
  // The key of an agent, a skill, `agents` or `skills` written as a value that is no table, whose diagnostic is
  // on the value: why Mars refuses it, as on such a header (it had no hover). No fix is offered.
  { name: 'an agent written as a value that is no table, on its key', doc: '[agents]\nre|viewer = 3', range: [1, 0, 1, 8],
    has: ['**`reviewer`** is not a table: Mars refuses to load the config.', 'Agent `reviewer` must be a table (`[agents.reviewer]`), not an integer.'],
    lacks: ['Its fix', 'cannot load the file'] },
  { name: 'agents written as a value that is no table, on its key', doc: 'age|nts = "x"', range: [0, 0, 0, 6],
    has: ['**`agents`** is not a table: Mars refuses to load the config.', '`agents` must be a table of agents by name (`[agents.<name>]`), not a string.'] },
  { name: 'a skill written as a list of tables, dotted, on its key', doc: 'skills.s|s = [{ tools = {} }]', range: [0, 7, 0, 9],
    has: ['**`ss`** is not a table', 'Skill `ss` must be a table (`[skills.ss]`), not a list.'] },
  { name: 'an agent written as a value that is no table, on the part before its key', doc: 'age|nts.x = 3', range: null },
  // On its value, where its diagnostic is (shown above the hover): not the diagnostic again, but in plain words
  // the shape Mars wants, as on a value of the wrong shape where `tools` or a list goes (it had no hover).
  { name: 'an agent written as a value that is no table, on its value', doc: '[agents]\nreviewer = |3', range: [1, 11, 1, 12],
    has: ['**`3`** is not a table: Mars refuses to load the config.', 'An agent is written as a table of its own, such as `[agents.reviewer]`.', '_Of agent `reviewer`._'],
    lacks: ['must be a table', 'Its fix', 'cannot load the file'] },
  { name: 'agents written as a string, on its value', doc: 'agents = "|x"', range: [0, 9, 0, 12],
    has: ['**`"x"`** is not a table: Mars refuses to load the config.', '`agents` is the table of agents by name, such as `[agents.reviewer]`.'], lacks: ['must be a table', '_Of'] },
  { name: 'skills written as an integer, on its value', doc: 'skills = |1', range: [0, 9, 0, 10],
    has: ['**`1`** is not a table', '`skills` is the table of skills by name, such as `[skills.reviewer]`.'] },
  { name: 'agents written as a list, on its brackets', doc: 'agents = ["a"|]', range: [0, 9, 0, 14], has: ['**`["a"]`** is not a table', '`agents` is the table of agents by name'] },
  { name: 'agents written as a list, on an item', doc: 'agents = ["|a"]', range: [0, 9, 0, 14], has: ['**`["a"]`** is not a table'] },
  { name: 'a skill written as a list of tables, on its value', doc: 'skills.ss = [{ na|me = "x" }]', range: [0, 12, 0, 28],
    has: ['**`[{ name = "x" }]`** is not a table', 'A skill is written as a table of its own, such as `[skills.ss]`.', '_Of skill `ss`._'] },
  { name: 'an agent written as a value that is no table, on its value, above a syntax error', doc: '[agents]\nreviewer = |3\nx = = 1', range: [1, 11, 1, 12],
    has: ['**`3`** is not a table', UNLOADED, 'An agent is written as a table of its own'] },

  // not entries
  { name: 'description string', doc: '[agents.reviewer]\ndescription = "re|ad"', range: null },
  { name: 'dependency agents list', doc: '[dependencies.x]\nagents = ["re|ad"]', range: null },
  { name: 'white space in the list', doc: `${T}allowed = ["read", | "bash"]`, range: null },
  { name: 'map-form value', doc: `${T}bash = "al|low"`, range: null },
  { name: 'map-form value, a boolean', doc: `${T}bash = fal|se`, range: null },
  { name: 'header', doc: `[agents.rev|iewer.tools]\nallowed = ["read"]`, range: null },
  // The codes of a suppression comment: what each is, not its reason or a word that is no code.
  { name: 'a code in a suppression comment', doc: `${T}allowed = ["read"]  # mars-ignore: legacy-prefix, non-can|onical -- why`, range: [1, 50, 1, 63],
    has: ['**`non-canonical`** · information by default', 'An alias, casing or spacing'] },
  { name: 'misplaced-tool-list in a suppression comment: a string too', doc: '# mars-ignore: misplaced-tool|-list\n', range: [0, 15, 0, 34],
    has: ['**`misplaced-tool-list`** · warning by default', 'A tool list, or a string where one goes (`allowed = "read"`), outside the `tools` table'] },
  { name: 'all in a file-wide suppression comment', doc: '# mars-ignore-file: a|ll\n', range: [0, 20, 0, 23], has: ['**`all`**', 'Every code'] },
  { name: 'a word that is no code: the diagnostic speaks', doc: '# mars-ignore: unkn|own\n', range: null },
  { name: 'the reason of a suppression comment', doc: '# mars-ignore: unknown-tool -- unknown-t|ool\n', range: null },
];

for (const c of CASES) {
  test(`hover: ${c.name}`, () => {
    const h = c.inSection ? runInDocument(c.doc) : run(c.doc);
    if (c.range === null) {
      assert.equal(h, null);
      return;
    }
    assert.ok(h, 'expected a hover');
    const contents = h.contents as MarkupContent;
    assert.equal(contents.kind, 'markdown');
    const r = h.range!;
    assert.deepEqual([r.start.line, r.start.character, r.end.line, r.end.character], c.range);
    for (const s of c.has ?? []) assert.ok(contents.value.includes(s), `missing ${JSON.stringify(s)} in:\n${contents.value}`);
    for (const s of c.lacks ?? []) assert.ok(!contents.value.includes(s), `unexpected ${JSON.stringify(s)} in:\n${contents.value}`);
    // What a reader cannot see is written as an escape, as in the diagnostics; so is a line break in a name.
    assert.doesNotMatch(contents.value, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/);
  });
}

// What Mars passes an unknown name on as, hover says in the diagnostic's words: it said "passes the
// entry to harnesses as `ba`" where the diagnostic said "passes it on as `ba`", two wordings of one fact.
test('hover: an unknown name says what Mars passes on in the words of its diagnostic', () => {
  for (const entry of ['Ba', 'ask-u', 'CustomTool', 'my_tool', ' my_tool ', 'grpe', 'Bash: npm test']) {
    const doc = `${T}allowed = [${JSON.stringify(entry)}]`;
    const said = analyze(doc).findings.find((f) => f.code === 'unknown-tool')!.message;
    const sentence = / passes the entry on (as written|as `[^`]*`), so only a harness with a tool of that name applies it\./.exec(said)?.[0];
    assert.ok(sentence, `${entry}: ${said}`);
    const h = run(`${T}allowed = ["|${entry.replace(/"/g, '\\"')}"]`);
    assert.ok((h!.contents as MarkupContent).value.includes(sentence), `${entry}: ${sentence} not in:\n${(h!.contents as MarkupContent).value}`);
  }
});

test('hover: CRLF, BOM and a multi-line list', () => {
  const h = run('\ufeff[agents.x.tools]\r\nallowed = [\r\n  "read",\r\n  "sh|ell",\r\n]\r\n');
  assert.ok(h);
  assert.deepEqual(h.range, { start: { line: 3, character: 3 }, end: { line: 3, character: 8 } });
  assert.ok((h.contents as MarkupContent).value.includes('alias of `bash`'));
});

// An entry of megabytes (a pasted file): its name is shown shortened, not sent whole in every hover.
test('hover: a huge entry is shown shortened, in the hover and on its list key', () => {
  const pattern = `${'a'.repeat(300)}${'b'.repeat(1_000_000)}${'c'.repeat(150)}`;
  for (const [at, name] of [['bash(|', 'entry'], ['allo|wed = ["bash(', 'list key']] as const) {
    const doc = at === 'bash(|' ? `[agents.x.tools]\nallowed = ["bash(|${pattern})"]` : `[agents.x.tools]\nallo|wed = ["bash(${pattern})"]`;
    const h = run(doc);
    assert.ok(h, name);
    const value = (h.contents as MarkupContent).value;
    assert.ok(value.length < 2_000, `${name}: ${value.length} characters`);
    assert.match(value, /a{50,}b*…b*c{100,}/, name);
  }
});

// `[[agents.x]]` and `[agents.x.tools]` below it are sections of their own (units, analysed apart):
// the table of the one is the element of the array the other opens, which Mars refuses.
test('hover: an entry and its tools in a section of their own below an agent written as an array of tables', () => {
  for (const [src, says] of [
    ['[[agents.x]]\nmodel = "m"\n\n[agents.x.tools]\nallowed = ["re|ad"]\n', 'Mars refuses to load the config, so its rule is not in force.\n\nAgent `x` must be a table (`[agents.x]`), not an array of tables (`[[…]]`).'],
    ['[[skills."deep research"]]\n[skills."deep research".to|ols]\ndisallowed = ["web"]\n', '**`tools`**: the tool policy of skill `deep research`; Mars refuses to load the config, so none of its rules is in force.'],
    ['[[agents.x]]\nmodel = "m"\n\n[agents.x.tools]\nfo|o = 3\n', '**`foo`**: a key Mars ignores.\n\nMars refuses to load the config.\n\nAgent `x` must be a table (`[agents.x]`)'],
    ['[[agents.x]]\nmodel = "m"\n\n[agents.x.tools]\nalo|wed = ["read"]\n', 'Mars refuses to load the config.\n\nAgent `x` must be a table (`[agents.x]`)'],
    ['[[agents.x]]\nmodel = "m"\n\n[agents.x.tools]\nallo|wed = "read"\n', 'must be a list of tool names, such as `allowed = ["read"]`.\n\nAgent `x` must be a table (`[agents.x]`)'],
  ] as const) {
    const offset = src.indexOf('|');
    const text = src.slice(0, offset) + src.slice(offset + 1);
    const da = analyzeDocument(text);
    const unit = unitAt(da, offset);
    assert.ok(da.units.length > 1 && unit !== da.units[0], src);
    const h = hover(placed(da, unit), da.lines.position(offset), (owner) => refusedOutside(da, unit, owner));
    assert.ok(h && (h.contents as MarkupContent).value.includes(says), `${src}: ${h && (h.contents as MarkupContent).value}`);
  }
  // Another agent's array of tables refuses the file, but not this agent's table: not said on it.
  const text = '[[agents.y]]\n[agents.x.tools]\nallowed = ["read"]\n';
  const da = analyzeDocument(text);
  const unit = unitAt(da, text.indexOf('read'));
  const h = hover(placed(da, unit), da.lines.position(text.indexOf('read')), (owner) => refusedOutside(da, unit, owner));
  assert.ok(h && !(h.contents as MarkupContent).value.includes('refuses'));
});

// A syntax error in another section keeps the file from loading as much as one in the section hovered:
// the server tells hover of it (syntaxErrorOutside), as of a refusal there.
test('hover: a syntax error in another section, above or below', () => {
  const hoverIn = (src: string) => {
    const offset = src.indexOf('|');
    const text = src.slice(0, offset) + src.slice(offset + 1);
    const da = analyzeDocument(text);
    const unit = unitAt(da, offset);
    const h = hover(placed(da, unit), da.lines.position(offset), (owner) => refusedOutside(da, unit, owner), () => syntaxErrorOutside(da, unit));
    return { value: h && (h.contents as MarkupContent).value, units: da.units.length };
  };
  for (const src of [
    '[agents.x.tools]\nallowed = ["re|ad"]\n[skills.y\n',
    '[agents.x.tools]\nallo|wed = ["read"]\n[skills.y\n',
    '[agents.x.to|ols]\nallowed = ["read"]\n[skills.y\n',
    '[agents.x.tools]\nba|sh = "allow"\n[skills.y\n',
    '[skills.y\n[agents.x.tools]\nallowed = ["re|ad"]\n',
    '[skills.y\n[agents.x.tools]\nallo|wed = ["read"]\n',
    '[skills.y\n[agents.x.to|ols]\nallowed = ["read"]\n',
    '[mcp]\nx = = 1\n[agents.x.tools]\nallowed = ["re|ad"]\n',
    // A table defined twice, which only the checks across sections see.
    '[agents.x.tools]\nallowed = ["re|ad"]\n[agents.x.tools]\ndisallowed = ["web"]\n',
  ]) {
    const { value, units } = hoverIn(src);
    assert.ok(units > 1, src);
    assert.ok(value?.includes(UNLOADED), `${src}: ${value}`);
  }
  const { value } = hoverIn('[skills.y]\n[agents.x.tools]\nallowed = ["re|ad"]\n');
  assert.ok(value && !value.includes('cannot load'), value ?? 'no hover');
});

test('hover: backticks in an entry do not break the markdown', () => {
  const h = run('[agents.x.tools]\nallowed = ["foo`b|ar"]');
  assert.ok(h);
  assert.ok((h.contents as MarkupContent).value.includes('``foo`bar``'));
});

// A fix's title quotes between single backticks, which a quoted text holding a backtick breaks as
// Markdown (`[":(_a`,"]` closed at its inner backtick): there the title is shown as written.
test('hover: a fix quoting text with a backtick leaves no code span open', () => {
  for (const [src, says] of [
    ['[agents.x.tools]\nallo|wed = ":(_a`,"\n', 'Its fix: change to \\`\\[":(\\_a\\`,"\\]\\`.'],
    ['[agents.x.tools]\n"__|(`" = "allow"\n', 'Its fix: remove \\`"\\_\\_(\\`"\\`.'],
    ['[agents.x.tools]\n[agents.x.tools."a`|b"]\n', 'Its fix: remove the table \\`\\[agents.x.tools."a\\`b"\\]\\`.'],
  ] as const) {
    const h = run(src);
    assert.ok(h, src);
    const value = (h.contents as MarkupContent).value;
    assert.ok(value.includes(says), `${src}: ${value}`);
    // Each run of backticks (not escaped) closed by the next run as long, in its paragraph.
    for (const paragraph of value.split('\n\n')) {
      const runs = [...paragraph.replace(/\\`/g, '').matchAll(/`+/g)].map((m) => m[0].length);
      while (runs.length > 0) {
        const close = runs.indexOf(runs.shift()!);
        assert.ok(close >= 0, paragraph);
        runs.splice(0, close + 1);
      }
    }
  }
  // Without a backtick in the text, the title's quotes are code spans.
  assert.ok((run('[agents.x.tools]\nallo|wed = "read"\n')!.contents as MarkupContent).value.includes('Its fix: change to `["read"]`.'));
});

test('hover: every entry of every tools-table spelling in one file', () => {
  const text = [
    'agents.planner.tools.allowed = ["read", "grep"]',
    '[agents]',
    'tester.tools.allowed = ["bash"]',
    'x = { tools = { disallowed = ["web", "*"] } }',
    '[agents.reviewer.tools]',
    'allowed = ["bash(git log:*)", "read"]',
    'disallowed = ["agent"]',
    '[agents.coder]',
    'tools.allowed = ["edit"]',
    '[agents.other]',
    'tools = { disallowed = ["web"], allowed = ["mcp(github)"] }',
    '[skills."deep research".tools]',
    'disallowed = [',
    '  "agent",   # no sub-agents',
    '  "shell",',
    ']',
  ].join('\n');
  const analysis = analyze(text);
  assert.equal(analysis.entries.length, 13);
  for (const p of analysis.entries) {
    for (const offset of [p.entry.string.span.start, p.entry.string.content.end]) {
      const h = hover(analysis, analysis.lines.position(offset));
      assert.ok(h, `no hover on ${p.raw}`);
      assert.deepEqual(h.range!.start, analysis.lines.position(p.entry.string.content.start), p.raw);
    }
  }
});

test('hover never throws and stays on the cursor line in broken documents', () => {
  for (const text of [
    '[agents.x.tools]\nallowed = ["sh\ndisallowed = [\n  "read", # c\n  ba\n[agents.y]\ntools = { allowed = ["a", ',
    '\ufeff[agents.x.tools]\r\nallowed = [\'re\', """bash\n""", "mcp(", 1, [["x"]]]\r\n"q = "allow"\r\nbash = \r\n',
    '\u0000\u0001[[[{{{"""\'\'\'\\\n= = ]]]',
  ]) {
    const analysis = analyze(text);
    for (let offset = 0; offset <= text.length; offset++) {
      const position = analysis.lines.position(offset);
      const h = hover(analysis, position);
      if (h) assert.ok(h.range!.start.line <= position.line && position.line <= h.range!.end.line);
    }
  }
});
