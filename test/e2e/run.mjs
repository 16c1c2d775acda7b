#!/usr/bin/env node
// `npm run test:e2e`: the end-to-end suites (test/e2e/suite) inside a real VS Code, each in a window of
// its own: extension.test.ts on a copy of test/e2e/fixture, then noMarsFile.test.ts on a copy of
// test/e2e/fixture-cargo (a workspace with no Mars file).
//
//   node test/e2e/run.mjs                  offline: code-server 4.100.3 (VS Code 1.100.3) + headless Chromium (installed into
//                                          .vscode-offline/ on first use by install-code-server.sh)
//   node test/e2e/run.mjs --vsix X.vsix    the same against the packaged extension, installed from X.vsix
//   node test/e2e/run.mjs --electron       desktop VS Code through @vscode/test-electron: VSCODE_EXECUTABLE,
//                                          else the download @vscode/test-electron makes (needs the internet)
//   node test/e2e/run.mjs --web            the web extension (client/src/browser.ts, its server in a web worker)
//                                          in code-server's web worker extension host (with --vsix too)
// Options: --no-build (use dist/ as it is), --screenshot out.png (taken when the first suite finishes).
// Environment: VSCODE_OFFLINE (code-server folder), CHROMIUM, E2E_TIMEOUT_MS, E2E_VERBOSE=1.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { installVsix, runInCodeServer, TEST_USER_SETTINGS } from './code-server.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const EXTENSION_ID = 'mars-toml.mars-toml';
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const vsix = option('--vsix') && path.resolve(option('--vsix'));
const screenshot = option('--screenshot') && path.resolve(option('--screenshot'));
const electron = flag('--electron') || !!process.env.VSCODE_EXECUTABLE;
const web = flag('--web');
if (web && electron) throw new Error('--web runs on the offline route only (leave out --electron and VSCODE_EXECUTABLE)');
const started = Date.now();

function sh(cmd, cmdArgs, opts = {}) {
  const r = spawnSync(cmd, cmdArgs, { stdio: 'inherit', cwd: ROOT, ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${cmdArgs.join(' ')} failed (${r.status ?? r.signal})`);
}

/** Each suite: the bundle's name, the test module index.ts / web.ts load (E2E_SUITE), its workspace. */
const SUITES = [
  { name: 'index', suite: 'extension', fixture: 'test/e2e/fixture' },
  { name: 'no-mars', suite: 'noMarsFile', fixture: 'test/e2e/fixture-cargo' },
];

// 1. The extension (unless a VSIX is under test) and the suites.
if (!vsix && !flag('--no-build')) sh(process.execPath, ['scripts/build.mjs']);
const runs = await Promise.all(SUITES.map(async ({ name, suite, fixture }) => {
  const testsPath = path.join(ROOT, web ? 'out/e2e/web' : 'out/e2e/suite', `${name}.js`);
  // Which test module the entry loads; on the code-server route the runner drives the UI when a test asks.
  const define = { 'process.env.E2E_SUITE': JSON.stringify(suite), 'process.env.E2E_UI': JSON.stringify(electron ? '' : 'code-server') };
  await esbuild.build(web
    ? {
      // For the web worker extension host: no Node modules there, mocha's browser build bundled in.
      entryPoints: [path.join(ROOT, 'test/e2e/suite/web.ts')], outfile: testsPath, bundle: true, platform: 'browser',
      target: 'es2022', format: 'cjs', sourcemap: 'inline', external: ['vscode'], logLevel: 'warning',
      alias: { 'node:assert/strict': path.join(ROOT, 'test/e2e/suite/assert.ts') },
      // mocha.js is an ES module whose UMD header writes `module.exports` when it sees a `module`:
      // here that would be this bundle's, so it is hidden and mocha sets its global instead.
      define: { ...define, 'process.env.E2E_HOST': '"web"', module: 'undefined', exports: 'undefined' },
    }
    : {
      entryPoints: [path.join(ROOT, 'test/e2e/suite/index.ts')], outfile: testsPath, bundle: true, platform: 'node',
      target: 'node20', format: 'cjs', sourcemap: 'inline', external: ['vscode', 'mocha'], logLevel: 'warning', define,
    });
  // 2. A workspace the tests may edit: a copy of the fixture.
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'mars-e2e-ws-'));
  fs.cpSync(path.join(ROOT, fixture), folder, { recursive: true });
  return { testsPath, folder };
}));

/** The suites' results, summed. */
let result;
const timings = [];
const onLine = (line) => {
  const m = /^E2E_RESULT (\{.*\})$/.exec(line.trim());
  if (m) {
    const r = JSON.parse(m[1]);
    result = { passes: (result?.passes ?? 0) + r.passes, failures: (result?.failures ?? 0) + r.failures, pending: (result?.pending ?? 0) + r.pending };
  } else {
    if (line.startsWith('[timing]')) timings.push(line);
    console.log(line);
  }
};

let code;
try {
  if (electron) {
    // 3a. Desktop VS Code.
    if (vsix) throw new Error('--vsix runs on the offline route only (leave out --electron and VSCODE_EXECUTABLE)');
    const { runTests } = await import('@vscode/test-electron');
    const userData = fs.mkdtempSync(path.join(os.tmpdir(), 'mars-e2e-user-'));
    fs.mkdirSync(path.join(userData, 'User'), { recursive: true });
    fs.writeFileSync(path.join(userData, 'User/settings.json'), JSON.stringify(TEST_USER_SETTINGS, null, 2));
    try {
      code = 0;
      for (const { testsPath, folder } of runs) {
        code ||= await runTests({
          vscodeExecutablePath: process.env.VSCODE_EXECUTABLE || undefined,
          extensionDevelopmentPath: ROOT,
          extensionTestsPath: testsPath,
          launchArgs: [folder, '--disable-extensions', '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes', `--user-data-dir=${userData}`],
        }).then(() => 0, (e) => {
          console.error(e);
          return 1;
        });
      }
    } finally {
      fs.rmSync(userData, { recursive: true, force: true });
    }
  } else {
    // 3b. code-server + headless Chromium, offline once installed.
    const offlineDir = path.resolve(process.env.VSCODE_OFFLINE || path.join(ROOT, '.vscode-offline'));
    if (!fs.existsSync(path.join(offlineDir, 'node_modules/code-server/out/node/entry.js'))) {
      console.log(`[e2e] installing code-server into ${offlineDir} (once)`);
      sh('bash', [path.join(ROOT, 'test/e2e/install-code-server.sh'), offlineDir]);
    }
    let extensionsDir;
    if (vsix) {
      extensionsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mars-e2e-ext-'));
      await installVsix(offlineDir, vsix, extensionsDir);
      const installed = fs.readdirSync(extensionsDir).filter((f) => !f.endsWith('.json'));
      console.log(`[e2e] testing the installed ${path.basename(vsix)}: ${installed.join(', ')}`);
      if (web) {
        // VS Code runs the tests in the host of the extension whose folder holds them.
        for (const run of runs) {
          const inExtension = path.join(extensionsDir, installed.find((f) => f.startsWith(`${EXTENSION_ID}-`)), 'out/e2e/web', path.basename(run.testsPath));
          fs.mkdirSync(path.dirname(inExtension), { recursive: true });
          fs.copyFileSync(run.testsPath, inExtension);
          run.testsPath = inExtension;
        }
      }
    }
    // The web extension runs in the web worker extension host when its kind says so; the tests run
    // where it runs, as they sit in its folder.
    const userSettings = web ? { ...TEST_USER_SETTINGS, 'remote.extensionKind': { [EXTENSION_ID]: ['web'] } } : TEST_USER_SETTINGS;
    try {
      code = await runInCodeServer({
        offlineDir, extensionDevelopmentPath: vsix ? null : ROOT, runs, extensionsDir, screenshot, userSettings,
        timeoutMs: +(process.env.E2E_TIMEOUT_MS || 180_000), verbose: !!process.env.E2E_VERBOSE, log: onLine,
      });
    } finally {
      if (extensionsDir) fs.rmSync(extensionsDir, { recursive: true, force: true });
    }
  }
} finally {
  for (const { folder } of runs) fs.rmSync(folder, { recursive: true, force: true });
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
for (const t of timings) console.log(t);
if (result) {
  const host = electron ? '(desktop)' : `1.100.3 (code-server${web ? ', web worker extension host' : ''})`;
  console.log(`[e2e] ${vsix ? path.basename(vsix) : 'development build'} in VS Code ${host}, ${seconds} s in all`);
  console.log(`${result.passes} passed, ${result.failures} failed${result.pending ? `, ${result.pending} skipped` : ''}`);
} else if (!electron) {
  console.log(`[e2e] the suite reported no result (exit code ${code})`);
}
process.exit(code === 0 && (electron || (result && result.failures === 0)) ? 0 : code || 1);
