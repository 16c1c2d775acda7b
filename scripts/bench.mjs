// `npm run bench`: prints speed and memory figures. Nothing here is asserted: machines are noisy,
// so compare the ratios measured in one run.
import * as esbuild from 'esbuild';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

// Bundle the pure analysis modules once, so the figures are for the same code the server runs.
await esbuild.build({
  entryPoints: { grammar: 'server/src/grammar/toolName.ts' },
  absWorkingDir: root, bundle: true, platform: 'node', format: 'cjs', outdir: 'out/bench', logLevel: 'warning',
});
const grammar = require(path.join(root, 'out/bench/grammar.js'));

console.log(`machine: ${os.cpus()[0]?.model ?? 'unknown cpu'} x${os.cpus().length}, node ${process.version}`);

function benchGrammar() {
  const base = ['bash', 'Bash(git log:*)', 'shell', 'WebSearch', 'mcp__github__create_issue', 'mcp(github/*)', 'read(./src/**)',
    'TodoWrite', 'custom_tool', 'CustomTool', '*', 'web_fetch(domain:docs.rs)', 'mcp(', 'bash()', '*(x)', ' Edit ', 'ExecCommand', 'ask_user'];
  // Distinct strings, as a real file gives, so no engine cache flatters the figure.
  const names = Array.from({ length: 200_000 }, (_, i) => base[i % base.length] + (i % 7 === 0 ? '' : ' '.repeat(i % 3)));
  let sink = 0;
  for (let i = 0; i < 200_000; i++) sink += grammar.parseToolName(names[i]).ok ? 1 : 0; // warm-up
  const rounds = 5;
  const t0 = process.hrtime.bigint();
  for (let r = 0; r < rounds; r++) for (const n of names) sink += grammar.parseToolName(n).ok ? 1 : 0;
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const perSecond = (names.length * rounds) / seconds;
  console.log(`grammar: ${(perSecond / 1e6).toFixed(2)} M names/s over a mixed input (target >= 2 M/s)${sink < 0 ? '!' : ''}`);
}

benchGrammar();
