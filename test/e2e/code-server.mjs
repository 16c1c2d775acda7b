// Runs a VS Code extension test module (extensionTestsPath, exporting run()) in a REAL VS Code with
// no download from Microsoft: code-server (VS Code's server with its Node extension host, plus the web
// workbench) from the npm registry, driven by Debian's headless Chromium through playwright-core. The
// workbench reads extensionDevelopmentPath / extensionTestsPath from the URL, calls run(), then
// window.codeAutomationExit(code): the same contract as @vscode/test-electron. Works offline.
// Install code-server with install-code-server.sh next to this file.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import util from 'node:util';
import { createRequire } from 'node:module';

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** What the web workbench itself logs while starting: left out unless verbose. */
const WORKBENCH_CHATTER = /^(Resolving connection token|Resolved connection token|Creating a socket|Ignoring fetching additional builtin|\[Service Worker\]|ChatSessionStore|Updating additional builtin)/;

/** The user settings of a test run: quiet, offline, deterministic. */
export const TEST_USER_SETTINGS = {
  'workbench.startupEditor': 'none',
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'workbench.enableExperiments': false,
  'extensions.ignoreRecommendations': true,
  'git.enabled': false, // the built-in git extension otherwise leaves /tmp/vscode-git-*.sock behind
  'editor.wordBasedSuggestions': 'off', // completion results come from the extension only
};

/**
 * Starts code-server on 127.0.0.1 with its own config, user data and XDG folders (or it writes a
 * config with a password into $HOME), and the test user settings.
 * @returns {Promise<{ authority: string, tmp: string, log: () => string, stop: () => Promise<void> }>}
 */
export async function startCodeServer({ offlineDir, extensionsDir, userSettings = TEST_USER_SETTINGS }) {
  const codeServer = path.join(offlineDir, 'node_modules/code-server/out/node/entry.js');
  if (!fs.existsSync(codeServer)) throw new Error(`no code-server in ${offlineDir}: run test/e2e/install-code-server.sh`);
  const port = await freePort();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mars-e2e-'));
  fs.writeFileSync(path.join(tmp, 'config.yaml'), 'auth: none\n');
  fs.mkdirSync(path.join(tmp, 'data/User'), { recursive: true });
  fs.writeFileSync(path.join(tmp, 'data/User/settings.json'), JSON.stringify(userSettings, null, 2));
  const server = spawn(process.execPath, [codeServer,
    '--config', path.join(tmp, 'config.yaml'), '--auth', 'none', '--bind-addr', `127.0.0.1:${port}`,
    '--user-data-dir', path.join(tmp, 'data'), '--extensions-dir', extensionsDir ?? path.join(tmp, 'extensions'),
    '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust',
    '--disable-getting-started-override', '--ignore-last-opened', '--disable-proxy'],
  { env: { ...process.env, XDG_CONFIG_HOME: tmp, XDG_DATA_HOME: tmp, EXTENSIONS_GALLERY: '{}' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let serverLog = '';
  const stop = async () => {
    // code-server runs in its own process group: stop the whole group (a file watcher outlives it otherwise).
    const alive = () => { try { process.kill(-server.pid, 0); return true; } catch { return false; } };
    try { process.kill(-server.pid, 'SIGTERM'); } catch {}
    for (let i = 0; i < 50 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
    if (alive()) try { process.kill(-server.pid, 'SIGKILL'); } catch {}
    if (!process.env.KEEP_TMP) fs.rmSync(tmp, { recursive: true, force: true });
  };
  try {
    await new Promise((resolve, reject) => {
      const onData = (d) => {
        serverLog += d;
        if (/HTTP server listening/.test(serverLog)) resolve();
      };
      server.stdout.on('data', onData);
      server.stderr.on('data', onData);
      server.on('exit', (c) => reject(new Error(`code-server exited early (${c}):\n${serverLog}`)));
    });
  } catch (e) {
    await stop();
    throw e;
  }
  return { authority: `127.0.0.1:${port}`, tmp, log: () => serverLog, stop };
}

/** Debian's Chromium, headless, as root. */
export function launchChromium(offlineDir) {
  const { chromium } = createRequire(path.join(offlineDir, 'package.json'))('playwright-core');
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** The workbench URL that opens `folder` with an extension under development (and optionally a test module). */
export function workbenchUrl(authority, folder, extensionDevelopmentPath, testsPath) {
  const remote = (p) => `vscode-remote://${authority}${p}`;
  const payload = [['extensionDevelopmentPath', remote(extensionDevelopmentPath)]];
  if (testsPath) payload.push(['extensionTestsPath', remote(testsPath)]);
  return `http://${authority}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

/**
 * The titles of the commands the command palette lists for `query` (what their `when` clauses leave
 * in), then closes it. Commands are filtered in one pass, so the first row shown means all are there;
 * similar commands may come later and are not read.
 */
export async function paletteTitles(page, query) {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 10_000 });
  await input.fill(`>${query}`);
  const rows = page.locator('.quick-input-list .monaco-list-row');
  await rows.first().waitFor({ timeout: 10_000 });
  const titles = await rows.locator('.label-name').allInnerTexts();
  await page.keyboard.press('Escape');
  await input.waitFor({ state: 'hidden', timeout: 10_000 });
  return titles.map((t) => t.trim());
}

/**
 * Answers a test's request for the UI (an `E2E_UI {...}` line, see test/e2e/suite/support.ts): the
 * answer goes to `.e2e-ui/<id>.json` in the workspace, which the test reads.
 */
async function answerUi(page, folder, request) {
  let answer;
  try {
    answer = { titles: await paletteTitles(page, request.palette) };
  } catch (e) {
    answer = { error: e.message };
  }
  fs.mkdirSync(path.join(folder, '.e2e-ui'), { recursive: true });
  // Written whole, then renamed into place: the test polls for the file, and once read one half written (empty).
  const file = path.join(folder, '.e2e-ui', `${request.id}.json`);
  fs.writeFileSync(`${file}.part`, JSON.stringify(answer));
  fs.renameSync(`${file}.part`, file);
}

/**
 * Runs test modules in code-server, opened in headless Chromium, one after another, each in a window
 * of its own on its own workspace folder (one server and browser for all), and resolves with the
 * first exit code other than 0 the workbench reports (124 on timeout), else 0.
 * @param {object} o
 * @param {string} o.offlineDir folder made by install-code-server.sh
 * @param {string | null} o.extensionDevelopmentPath the extension folder, or null to test the extensions in o.extensionsDir
 * @param {{ testsPath: string, folder: string }[]} o.runs each test module (absolute) and the workspace folder to open for it
 * @param {string} [o.extensionsDir] extensions installed before the run (a VSIX)
 * @param {string} [o.screenshot] PNG taken when the tests of the first run finish
 * @param {number} [o.timeoutMs] for each run
 * @param {(line: string) => void} [o.log] extension-host console output, line by line
 * @param {boolean} [o.verbose] also print the browser console
 */
export async function runInCodeServer(o) {
  const log = o.log ?? ((line) => console.log(line));
  const t0 = Date.now();
  const ts = () => `${((Date.now() - t0) / 1000).toFixed(1)}s`;
  const server = await startCodeServer(o);
  log(`[e2e ${ts()}] code-server up on ${server.authority}`);
  let browser;
  let exitCode = 0;
  try {
    browser = await launchChromium(o.offlineDir);
    // VS Code runs extensionTestsPath only in extension-development mode: give it an empty dev extension when testing a VSIX.
    let devPath = o.extensionDevelopmentPath;
    if (!devPath) {
      devPath = path.join(server.tmp, 'dummy-ext');
      fs.mkdirSync(devPath);
      fs.writeFileSync(path.join(devPath, 'package.json'), '{"name":"e2e-dummy","publisher":"e2e","version":"0.0.0","engines":{"vscode":"*"}}');
    }
    for (const [i, run] of o.runs.entries()) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      if (o.verbose) page.on('console', (m) => log(`[page:${m.type()}] ${m.text()}`));
      page.on('pageerror', (e) => log(`[pageerror] ${e.message}`));
      let finish;
      const done = new Promise((r) => (finish = r));
      // The workbench calls these (when defined) while running extension tests, as @vscode/test-web does.
      await page.exposeFunction('codeAutomationLog', (type, args) => {
        const text = util.format(...args);
        if (!o.verbose && WORKBENCH_CHATTER.test(text)) return;
        const ui = /^E2E_UI (\{.*\})$/.exec(text.trim());
        if (ui) return void answerUi(page, run.folder, JSON.parse(ui[1])).catch((e) => log(`[e2e] could not answer ${ui[1]}: ${e.message}`));
        for (const line of text.split('\n')) log(type === 'error' ? `[stderr] ${line}` : line);
      });
      await page.exposeFunction('codeAutomationExit', (code) => finish(code));
      await page.goto(workbenchUrl(server.authority, run.folder, devPath, run.testsPath));
      log(`[e2e ${ts()}] workbench opened on ${run.folder}`);
      const timeoutMs = o.timeoutMs ?? 180_000;
      let timer;
      const result = await Promise.race([done, new Promise((r) => (timer = setTimeout(() => r('timeout'), timeoutMs)))]);
      clearTimeout(timer);
      if (o.screenshot && i === 0) await page.screenshot({ path: o.screenshot }).catch(() => {});
      if (result === 'timeout') {
        log(`[e2e ${ts()}] TIMEOUT after ${timeoutMs} ms\n--- code-server log ---\n${server.log()}`);
        exitCode ||= 124;
      } else {
        exitCode ||= result;
        log(`[e2e ${ts()}] the extension tests finished with exit code ${result}`);
      }
      await page.close().catch(() => {});
    }
  } finally {
    try { await browser?.close(); } catch {}
    await server.stop();
  }
  return exitCode;
}

/** Installs a VSIX into an extensions folder with code-server's own CLI. */
export async function installVsix(offlineDir, vsix, extensionsDir) {
  const codeServer = path.join(offlineDir, 'node_modules/code-server/out/node/entry.js');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mars-vsix-'));
  try {
    await new Promise((resolve, reject) => {
      const p = spawn(process.execPath, [codeServer, '--extensions-dir', extensionsDir, '--user-data-dir', path.join(tmp, 'data'), '--install-extension', vsix],
        { env: { ...process.env, XDG_CONFIG_HOME: tmp, XDG_DATA_HOME: tmp, EXTENSIONS_GALLERY: '{}' }, stdio: 'inherit' });
      p.on('exit', (c) => (c === 0 ? resolve() : reject(new Error(`installing ${vsix} failed (${c})`))));
    });
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
