// An agent's front matter pasted into mars.toml under its table, as Claude's and OpenCode's agents write it in
// YAML: fix-all must write TOML that means what YAML reads (js-yaml, the YAML parser, is the reference), so
// the file loads and Mars's checks then judge what was meant. Seeded documents of what such front matter
// holds: `---` fences, text (`description: Reviews code, carefully`; in quotes, YAML's escapes and all, over lines too), names between commas (`tools: Read,
// Grep`), booleans and numbers, a list of names a line each (`- Read`), and a mapping of rules one or two
// levels deep (`tools:` then `  write: false`; `permission:` then `  bash:` then `    "git push": ask`), a list
// below a nested key, blocks of text (`description: |` then lines) and plain text going on over lines below its
// key, at the top and nested, and lists of mappings nested two deep (`hooks:` then `  PreToolUse:` then `    - matcher: …`).
// Replay with MARS_YAML_SEED=<n>; MARS_YAML_ROUNDS=<n> for more documents.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from 'js-yaml';
import { parse } from 'smol-toml';
import { analyzeDocument, documentFindings } from '../../server/src/analysis/document';
import { documentFixAll } from '../../server/src/analysis/documentFixAll';
import { applyEdits } from '../../server/src/analysis/edits';
import { failureReport, type Failure } from '../support/failures';
import { rng } from '../support/rng';

const SEED = Number(process.env.MARS_YAML_SEED ?? 20_261_207);
const ROUNDS = Number(process.env.MARS_YAML_ROUNDS ?? 400);

const TEXTS = ['reviewer', 'Reviews code, carefully', 'sonnet', 'claude-sonnet-4-5', 'subagent', 'Says "hi" \\ then', '1.2.3', 'a b  c', 'Read, Grep, Glob',
  'Bash(npm run test:*), Read', 'Écrit du code 😀', 'x#y', 'trailing:colon', '--stdio', '-x y', '?x'];
// Text in quotes with what TOML reads otherwise or not at all: YAML's escapes TOML lacks, a quote written twice.
const QUOTED = ['"a\\/b \\x41\\N\\_ \\e \\0\\a\\v \\L\\P \\  x\\ty \\U0001F600"', "'it''s'", '"C:\\\\temp \\"q\\""', "'a\\b'"];
const SCALARS = ['true', 'false', '0', '42', '-7', '1.5', '"quoted text"', "'single'", '[Read, Grep]', '[]', '{write: false, bash: ask}', ...QUOTED];
const NAMES = ['Read', 'Grep', 'Bash', 'Edit', 'WebFetch', 'mcp__gh__x', 'bash(git log *)', 'read', 'Task', '"Re\\x61d"', "'Gr''ep'", '"mcp\\/x"', '--stdio', 'a b  c'];
const KEYS = ['name', 'description', 'model', 'mode', 'color', 'temperature', 'notes', 'max-turns', 'allowed_tools'];
const RULE_KEYS = ['write', 'edit', 'bash', 'webfetch', '"git push"', 'git *', "'rm -rf *'", 'mcp__gh__*'];
// … and collections in brackets and braces (YAML's flow style), nested too.
const VERDICTS = ['true', 'false', 'ask', 'allow', 'deny', '"a\\x73k"', "'deny'", '"al\\/low"', '{"git push": ask, "*": allow}', '[Read, Grep]', '{}', '[]',
  '{write: false, bash: {"git *": allow}}', "['it''s', \"a\\/b\", 1.5]"];
const COMMENTS = ['', '', '  # why'];
// A block of text's header, and its lines: a quote, a backslash, what would be a comment, a key or a list's
// item outside it, `"""`, a line indented deeper (kept as it is, in a folded block too), empty lines.
const BLOCKS = ['|', '|-', '|+', '>', '>-', '>+'];
const BLOCK_LINES = ['Reviews code.', 'Says "why" \\ then', 'x: y # not a comment', '"""quoted"""', 'ends with a quote"', '  more indented', 'Écrit 😀', '- not a list', '# not a comment', "it's", ''];

/** Lines plain text goes on over below a key indented `indent`, each deeper (by two or four), an empty line at times. */
function goesOn(random: () => number, pick: <T>(xs: readonly T[]) => T, indent: string): string[] {
  return Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
    const line = pick(['and more, said', 'Read, Grep', '- not a list', '1.5', 'yes', 'Écrit 😀', '']);
    return line === '' ? '' : `${indent}${pick(['  ', '    '])}${line}${pick(['', '  '])}`;
  });
}

/**
 * A block of text below a key indented `indent`: its header, then lines two spaces deeper (the first not
 * deeper still, which would set the block's indent), and a comment indented less than them at times.
 */
function block(random: () => number, pick: <T>(xs: readonly T[]) => T, indent: string): string[] {
  let first = true;
  const lines = Array.from({ length: Math.floor(random() * 5) }, () => {
    const line = pick(BLOCK_LINES);
    if (line === '') return '';
    const written = `${indent}  ${first ? line.trimStart() : line}`;
    first = false;
    return written;
  });
  if (!first && random() < 0.2) lines.push(`${indent} # after the text`);
  return [`${pick(BLOCKS)}${pick(COMMENTS)}`, ...lines];
}

/**
 * Text in quotes going on over lines below its key (`description: "Reviews code,` ⏎ `  carefully."`), two spaces in:
 * YAML's escapes, a `\\` ending a line (double quotes), a quote written twice (single), empty lines between.
 */
function quotedOver(random: () => number, pick: <T>(xs: readonly T[]) => T, key: string, indent = ''): string[] {
  const q = pick(['"', "'"]);
  const texts = q === '"' ? ['Reviews code,', 'says \\"why\\"', 'a\\/b \\x41', 'tab\\there', 'joined\\', ''] : ["it''s", 'a \\ backslash', ''];
  const middle = Array.from({ length: Math.floor(random() * 3) }, () => pick(texts)).map((t) => (t === '' ? '' : `${indent}  ${t}`));
  // Not an empty line right after a joined one, which YAML reads as its own case.
  const lines = [`${indent}${key}: ${q}${pick(texts.filter((t) => t !== ''))}`, ...middle].filter((l, i, all) => !(l === '' && all[i - 1]?.endsWith('\\')));
  return [...lines, `${indent}  ${pick(['the end.', 'done'])}${q}${pick(COMMENTS)}`];
}

// A list of mappings (Claude's agent `hooks:` ⏎ `  PreToolUse:` ⏎ `    - matcher: "Bash"` ⏎ `      hooks:` ⏎
// `        - type: command`; `mcpServers:` ⏎ `  - name: github`): its items' keys, and what they hold.
const ITEM_KEYS = ['matcher', 'type', 'command', 'name', 'timeout', '"quoted key"', 'env'];
const ITEM_VALUES = ['true', 'false', '42', '1.5', 'Bash', 'command', './check.sh', 'Bash(npm run test:*)', 'Écrit 😀', 'a b  c', '["-y", "@scope/server"]', '[]', '[1, ["a"]]',
  '{write: false, bash: ask}', ...QUOTED];

/** A list of mappings below a key indented `indent`: its items `- ` as deep or two deeper, `depth` levels of lists in them at most. */
function mappingList(random: () => number, pick: <T>(xs: readonly T[]) => T, indent: string, depth: number): string[] {
  const dash = `${indent}${pick(['', '  '])}`;
  const lines: string[] = [];
  for (let n = 1 + Math.floor(random() * 3); n > 0; n--) {
    const keys = [...new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(ITEM_KEYS)))];
    keys.forEach((key, i) => {
      const lead = i === 0 ? `${dash}- ` : `${dash}  `;
      const inner = `${dash}  `;
      const kind = random();
      if (depth > 0 && kind < 0.2) lines.push(`${lead}${key}:`, ...mappingList(random, pick, inner, depth - 1));
      else if (kind < 0.3) {
        const items = `${inner}${pick(['', '  '])}`;
        lines.push(`${lead}${key}:`, ...Array.from({ length: 1 + Math.floor(random() * 2) }, () => `${items}- ${pick(NAMES)}`));
      }
      else if (kind < 0.4) lines.push(`${lead}${key}:`, `${inner}  ${pick(RULE_KEYS)}: ${pick(VERDICTS)}`);
      else lines.push(`${lead}${key}: ${pick(ITEM_VALUES)}`);
      if (random() < 0.1) lines.push('');
    });
  }
  return lines;
}

/** A list's item in quotes going on over lines below its `-` (indented `indent`), as `quotedOver` writes a key's. */
function itemOver(random: () => number, pick: <T>(xs: readonly T[]) => T, indent: string): string[] {
  const [first, ...rest] = quotedOver(random, pick, 'k', indent);
  return [first!.replace(`${indent}k: `, `${indent}- `), ...rest];
}

function frontMatter(random: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const keys = new Set<string>();
  const lines: string[] = [];
  for (let n = 1 + Math.floor(random() * 6); n > 0; n--) {
    const kind = Math.floor(random() * 7);
    const key = kind === 3 || kind === 4 ? pick(['tools', 'permission', 'rules']) : kind === 6 ? pick(['hooks', 'mcpServers']) : pick(KEYS);
    if (keys.has(key)) continue;
    keys.add(key);
    if (kind === 0 && random() < 0.15) lines.push(...quotedOver(random, pick, key));
    else if (kind === 0) {
      const comment = pick(COMMENTS);
      lines.push(`${key}: ${pick(TEXTS)}${comment}`);
      if (comment === '' && random() < 0.3) lines.push(...goesOn(random, pick, ''));
    }
    else if (kind === 1) lines.push(`${key}: ${pick(SCALARS)}${pick(COMMENTS)}`);
    else if (kind === 2) lines.push(`${key}:${pick(COMMENTS)}`, ...Array.from({ length: 1 + Math.floor(random() * 3) }, () => (random() < 0.1 ? itemOver(random, pick, '  ') : [`  - ${pick(NAMES)}`])).flat());
    else if (kind === 5) {
      const [header, ...below] = block(random, pick, '');
      lines.push(`${key}: ${header}`, ...below);
    } else if (kind === 6) {
      // A list of mappings, right below the key or below each of its keys (an event's name).
      lines.push(`${key}:${pick(COMMENTS)}`);
      if (random() < 0.4) lines.push(...mappingList(random, pick, '', 1));
      else for (const event of new Set(Array.from({ length: 1 + Math.floor(random() * 2) }, () => pick(['PreToolUse', 'PostToolUse', 'Stop'])))) lines.push(`  ${event}:`, ...mappingList(random, pick, '  ', 1));
    } else {
      // A mapping of rules: a rule a line, or a tool's patterns one level below it (rule keys once each, as YAML wants).
      lines.push(`${key}:${pick(COMMENTS)}`);
      const rules = new Set<string>();
      for (let k = 1 + Math.floor(random() * 3); k > 0; k--) {
        const rule = pick(RULE_KEYS);
        if (rules.has(rule)) continue;
        rules.add(rule);
        const below = random();
        if (kind === 4 && below < 0.15) {
          const [header, ...text] = block(random, pick, '  ');
          lines.push(`  ${rule}: ${header}`, ...text);
        } else if (kind === 4 && below < 0.3) {
          // A list below the key, its items deeper or as deep (YAML takes both).
          const items = pick(['    ', '  ']);
          lines.push(`  ${rule}:${pick(COMMENTS)}`, ...Array.from({ length: 1 + Math.floor(random() * 3) }, () => (random() < 0.1 ? itemOver(random, pick, items) : [`${items}- ${pick(NAMES)}${pick(COMMENTS)}`])).flat());
        } else if (kind === 4 && below < 0.6) {
          lines.push(`  ${rule}:`);
          const patterns = new Set(Array.from({ length: 1 + Math.floor(random() * 2) }, () => pick(RULE_KEYS.filter((r) => r !== rule))));
          for (const p of patterns) lines.push(`    ${p}: ${pick(VERDICTS)}`);
        } else if (kind === 4 && below < 0.7) lines.push(...quotedOver(random, pick, rule, '  ')); // text in quotes over lines, nested
        else {
          const [verdict, comment] = [pick(VERDICTS), pick(COMMENTS)];
          lines.push(`  ${rule}: ${verdict}${comment}`);
          // Plain text goes on over lines; text in quotes closed on its line does not.
          if (comment === '' && !/^["'[{]/.test(verdict) && random() < 0.15) lines.push(...goesOn(random, pick, '  '));
        }
        if (random() < 0.15) lines.push(pick(['', '  # a note']));
      }
    }
  }
  return lines.join('\n');
}

test('front matter pasted as YAML: fix-all writes TOML that means what YAML reads', () => {
  const random = rng(SEED);
  const failures: Failure[] = [];
  let written = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const yaml = frontMatter(random);
    const fenced = random() < 0.5;
    const newLine = random() < 0.2 ? '\r\n' : '\n';
    const text = `[agents.x]\n${fenced ? '---\n' : ''}${yaml}\n${fenced ? '---\n' : ''}`.replace(/\n/g, newLine);
    const meant = load(`${yaml}\n`) as Record<string, unknown>; // with the line break it has in `text`, which a `|+` block keeps
    const fixed = applyEdits(text, documentFixAll(analyzeDocument(text)));
    const show = `--- input\n${text}\n--- fix-all\n${fixed}`;
    let read: Record<string, unknown>;
    try {
      read = (parse(fixed) as { agents: Record<string, Record<string, unknown>> }).agents.x!;
    } catch (e) {
      failures.push({ property: 'the fixed text reads as TOML', text, detail: `${show}\n--- ${String(e)}` });
      continue;
    }
    written++;
    // TOML's values in JSON's shape, as YAML's are (smol-toml reads integers as numbers, as js-yaml does).
    if (!sameDeep(read, meant)) {
      failures.push({ property: 'it means what YAML reads', text, detail: `${show}\n--- YAML reads ${JSON.stringify(meant)}\n--- TOML reads ${JSON.stringify(read)}` });
      continue;
    }
    const syntax = documentFindings(analyzeDocument(fixed)).filter((f) => f.code === 'toml-syntax');
    if (syntax.length > 0) failures.push({ property: 'no syntax error is left', text, detail: `${show}\n--- ${syntax[0]!.message}` });
  }
  console.log(`# seed ${SEED}: ${ROUNDS} documents, ${written} read, ${failures.length} failures`);
  assert.equal(failures.length, 0, failureReport(failures));
});

/** Whether two values read from JSON-shaped data are the same, keys in any order. */
function sameDeep(a: unknown, b: unknown): boolean {
  // smol-toml keeps a CR LF in a multi-line string, which toml_edit (Mars's reader) and YAML read as a line feed.
  if (typeof a === 'string') return a.replace(/\r\n/g, '\n') === b;
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const [ka, kb] = [Object.keys(a), Object.keys(b)];
  return ka.length === kb.length && ka.every((k) => sameDeep((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
