#!/usr/bin/env node
// The README's screenshot, from a real VS Code: code-server + headless Chromium, the development build
// of the extension, the e2e fixture as the workspace. Opens mars.toml through Quick Open, waits for the
// squiggles, opens the Problems panel, hovers the error, and saves the page.
//   node test/e2e/screenshot.mjs [out.png]        (default docs/screenshot.png; run `npm run build` first)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchChromium, startCodeServer, TEST_USER_SETTINGS, workbenchUrl } from './code-server.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const out = path.resolve(process.argv[2] || path.join(ROOT, 'docs/screenshot.png'));
const offlineDir = path.resolve(process.env.VSCODE_OFFLINE || path.join(ROOT, '.vscode-offline'));
const t0 = Date.now();
const ts = () => `${((Date.now() - t0) / 1000).toFixed(1)}s`;

const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'mars-shot-'));
const folder = path.join(parent, 'my-agents');
fs.cpSync(path.join(ROOT, 'test/e2e/fixture'), folder, { recursive: true });
const server = await startCodeServer({ offlineDir, userSettings: { ...TEST_USER_SETTINGS, 'workbench.colorTheme': 'Default Dark Modern', 'editor.minimap.enabled': false } });
const browser = await launchChromium(offlineDir);
let rc = 1;
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 760 } });
  await page.goto(workbenchUrl(server.authority, folder, ROOT));
  await page.waitForSelector('.monaco-workbench .explorer-folders-view .monaco-list-row', { timeout: 60_000 });
  console.log(`[shot ${ts()}] workbench ready`);
  await page.keyboard.press('Control+P');
  await page.waitForSelector('.quick-input-widget input', { state: 'visible' });
  await page.keyboard.type('mars.toml');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'mars.toml' }).first().waitFor({ timeout: 20_000 });
  await page.keyboard.press('Enter');
  await page.waitForSelector('.tab.active[aria-label*="mars.toml"]', { timeout: 20_000 });
  await page.waitForSelector('.monaco-editor .squiggly-error', { timeout: 30_000 });
  console.log(`[shot ${ts()}] squiggles`);
  await page.keyboard.press('Control+Shift+M');
  await page.locator('.markers-panel .monaco-list-row', { hasText: 'invalid tool name' }).first().waitFor({ timeout: 15_000 });
  console.log(`[shot ${ts()}] Problems: ${(await page.locator('.markers-panel').innerText()).replace(/\s+/g, ' ').trim()}`);
  // Focus the editor again and hover the error so its message and the server's hover show.
  const squiggle = page.locator('.monaco-editor .squiggly-error').first();
  const box = await squiggle.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.locator('.monaco-hover:not(.hidden)').first().waitFor({ state: 'visible', timeout: 10_000 });
  await page.locator('.monaco-hover:not(.hidden)', { hasText: 'invalid tool name' }).first().waitFor({ timeout: 10_000 });
  fs.mkdirSync(path.dirname(out), { recursive: true });
  await page.screenshot({ path: out });
  console.log(`[shot ${ts()}] saved ${path.relative(process.cwd(), out)}`);
  rc = 0;
} catch (e) {
  console.error(`[shot ${ts()}] FAILED: ${e.message}`);
  await browser.contexts()[0]?.pages()[0]?.screenshot({ path: out.replace(/\.png$/, '.failed.png') }).catch(() => {});
} finally {
  await browser.close().catch(() => {});
  await server.stop();
  fs.rmSync(parent, { recursive: true, force: true });
}
process.exit(rc);
