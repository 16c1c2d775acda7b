// Bundles the extension client, the language server and the CLI into dist/ (one esbuild context each,
// as vscode-eslint does), or, with --tests, every test file into out/test/ for `node --test`.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const common = { bundle: true, platform: 'node', target: 'node20', format: 'cjs', sourcemap: true, logLevel: 'warning', absWorkingDir: root };

function testEntries(dir) {
  const out = [];
  for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...testEntries(rel));
    else if (e.name.endsWith('.test.ts')) out.push(rel);
  }
  return out;
}

if (process.argv.includes('--tests')) {
  fs.rmSync(path.join(root, 'out/test'), { recursive: true, force: true });
  // toml_edit built to WebAssembly (test/support/tomlEdit.ts) is loaded from node_modules, a fresh instance at a time.
  await esbuild.build({ ...common, entryPoints: testEntries('test').filter((f) => !f.startsWith(path.join('test', 'e2e'))), outdir: 'out/test', outbase: 'test', external: ['@rainbowatcher/toml-edit-js'] });
} else {
  const minify = process.argv.includes('--production');
  // The web extension's pair is built for the browser, where importing a Node module fails the build.
  const browser = { platform: 'browser', target: 'es2022' };
  const builds = [
    { entryPoints: ['server/src/node/start.ts'], outfile: 'dist/server.js', external: ['./server-main.js'] },
    { entryPoints: ['server/src/node/main.ts'], outfile: 'dist/server-main.js' },
    { entryPoints: ['server/src/cli/start.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' }, external: ['./cli-main.js'] },
    { entryPoints: ['server/src/cli/main.ts'], outfile: 'dist/cli-main.js' },
    { entryPoints: ['client/src/extension.ts'], outfile: 'dist/client.js', external: ['vscode'] },
    { ...browser, entryPoints: ['server/src/browser/main.ts'], outfile: 'dist/browser/server.js', format: 'iife' },
    { ...browser, entryPoints: ['client/src/browser.ts'], outfile: 'dist/browser/client.js', external: ['vscode'] },
  ];
  // A production build goes into the .vsix without its source maps: written beside it, not linked from it.
  await Promise.all(builds.map((b) => esbuild.build({ ...common, minify, ...(minify ? { sourcemap: 'external' } : {}), ...b })));
}
