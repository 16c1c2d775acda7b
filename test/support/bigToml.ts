// A big `[agents]` table for tests of big sections: hundreds of agents, each over a few statements,
// with what interacts inside one agent (aliases, duplicates, allowed against disallowed, a rule to
// move, suppression comments). Deterministic for a seed.
import { rng } from './rng';

/** An `[agents]` table of `n` agents. */
export function agentsTable(n: number, seed = 1): string {
  const r = rng(seed);
  const lines = ['[agents]  # every agent of the team'];
  for (let i = 0; i < n; i++) {
    const name = i % 9 === 0 ? `"agent ${i}"` : `agent-${i}`;
    if (i % 7 === 0) lines.push('', `# mars-ignore: non-canonical -- reviewed`);
    lines.push(`${name}.description = "Agent ${i}: bash, Read"`);
    lines.push(`${name}.tools.allowed = ["Read", "shell", ${r() < 0.5 ? '"bash(git log:*)"' : '"mcp__gh__x"'}, "cat"]`);
    if (i % 3 === 0) lines.push(`${name}.tools.disallowed = [\n  "read",\n  "web_fetch",\n]`);
    if (i % 5 === 0) lines.push(`${name}.tools.bash = "allow"`);
    if (i % 11 === 0) lines.push(`${name}.model = 'gpt' # mars-ignore: unknown-tool`);
  }
  return `${lines.join('\n')}\n`;
}
