#!/usr/bin/env node
// The README's screenshots, from a real VS Code: code-server + headless Chromium, the development build
// of the extension, the e2e fixture as the workspace. Opens mars.toml through Quick Open, waits for the
// squiggles, opens the Problems panel, hovers the error, and saves the page (out.png). Then, in the same
// run: the quick-fix menu (Ctrl+.) on the `shell` entry (quickfix.png), and the completion list after
// typing `, "web` into the same tool list (completion.png), both next to out.png.
//   node test/e2e/screenshot.mjs [out.png]        (default docs/screenshot.png; run `npm run build` first)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchChromium, startCodeServer, TEST_USER_SETTINGS, workbenchUrl } from './code-server.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const out = path.resolve(process.argv[2] || path.join(ROOT, 'docs/screenshot.png'));
const quickfixOut = path.join(path.dirname(out), 'quickfix.png');
const completionOut = path.join(path.dirname(out), 'completion.png');
const offlineDir = path.resolve(process.env.VSCODE_OFFLINE || path.join(ROOT, '.vscode-offline'));
const t0 = Date.now();
const ts = () => `${((Date.now() - t0) / 1000).toFixed(1)}s`;

/** The editor area (tabs and text) down to just below the lowest of the given widgets. */
async function editorClip(page, ...widgets) {
  const ed = await page.locator('.part.editor').boundingBox();
  let bottom = ed.y + 290; // the fixture's first 14 lines
  for (const w of widgets) {
    const b = await w.boundingBox();
    if (b) bottom = Math.max(bottom, b.y + b.height + 16);
  }
  return { x: ed.x, y: ed.y, width: ed.width, height: Math.min(bottom, ed.y + ed.height) - ed.y };
}

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
  await page.waitForTimeout(250); // the hover fades in
  fs.mkdirSync(path.dirname(out), { recursive: true });
  await page.screenshot({ path: out });
  console.log(`[shot ${ts()}] saved ${path.relative(process.cwd(), out)}`);

  // The quick-fix menu: close the hover and the panel, put the cursor in `shell` (line 9) and press Ctrl+.
  await page.keyboard.press('Escape');
  await page.mouse.move(5, 400);
  await page.locator('.monaco-hover:not(.hidden)').first().waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => {});
  await page.keyboard.press('Control+J');
  await page.locator('.markers-panel').waitFor({ state: 'hidden', timeout: 5_000 });
  const shell = page.locator('.monaco-editor .view-line span', { hasText: /^shell$/ }).first();
  const sb = await shell.boundingBox();
  await page.mouse.click(sb.x + sb.width / 2, sb.y + sb.height / 2);
  await page.keyboard.press('Control+.');
  const menu = page.locator('.action-widget', { hasText: 'Change to' }).first();
  await menu.waitFor({ state: 'visible', timeout: 10_000 });
  await page.locator('.action-widget', { hasText: 'Disable' }).first().waitFor({ state: 'visible', timeout: 5_000 });
  await page.waitForTimeout(250);
  console.log(`[shot ${ts()}] quick fixes: ${(await menu.innerText()).replace(/\s+/g, ' ').trim()}`);
  await page.screenshot({ path: quickfixOut, clip: await editorClip(page, menu) });
  console.log(`[shot ${ts()}] saved ${path.relative(process.cwd(), quickfixOut)}`);

  // Completion: close the menu, go to the end of `"read"` on line 9 and type `, "web` (the `"` closes itself).
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden', timeout: 5_000 });
  const read = page.locator('.monaco-editor .view-line span', { hasText: /^read$/ }).first();
  const rb = await read.boundingBox();
  await page.mouse.click(rb.x + rb.width / 2, rb.y + rb.height / 2);
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft'); // before the closing `]`
  await page.keyboard.type(', "web', { delay: 40 });
  const suggest = page.locator('.suggest-widget.visible');
  try {
    await suggest.locator('.monaco-list-row', { hasText: 'web_search' }).first().waitFor({ timeout: 3_000 });
  } catch {
    await page.keyboard.press('Control+Space'); // quick suggestions did not open it: ask explicitly
    await suggest.locator('.monaco-list-row', { hasText: 'web_search' }).first().waitFor({ timeout: 10_000 });
  }
  await suggest.locator('.monaco-list-row', { hasText: 'web_fetch' }).first().waitFor({ timeout: 5_000 });
  // Focus `web_search` and open the side pane with its detail and documentation (Ctrl+Space toggles it).
  await page.keyboard.press('ArrowDown');
  await suggest.locator('.monaco-list-row.focused', { hasText: 'web_search' }).waitFor({ timeout: 5_000 });
  await page.keyboard.press('Control+Space');
  const details = page.locator('.suggest-details-container .suggest-details', { hasText: 'web_search' }).first();
  await details.waitFor({ state: 'visible', timeout: 5_000 });
  // The pane is as tall as the four-row list, a few pixels short of its text: drag its lower edge down
  // by what overflows, then move the mouse off it.
  const overflow = await details.evaluate((d) => { const b = d.querySelector('.body'); return b.scrollHeight - b.clientHeight; });
  if (overflow > 0) {
    const sash = await page.locator('.suggest-details-container .monaco-sash.orthogonal-edge-south').boundingBox();
    const [sx, sy] = [sash.x + sash.width / 2, sash.y + sash.height / 2];
    await page.mouse.move(sx, sy);
    await page.mouse.down();
    await page.mouse.move(sx, sy + overflow + 8, { steps: 4 });
    await page.mouse.up();
    await page.mouse.move(5, 400);
    await page.waitForFunction(() => { const b = document.querySelector('.suggest-details-container .body'); return b && b.scrollHeight <= b.clientHeight; }, null, { timeout: 5_000 });
  }
  await page.waitForTimeout(250);
  console.log(`[shot ${ts()}] suggestions: ${(await suggest.locator('.monaco-list').innerText()).replace(/\s+/g, ' ').trim()}`);
  await page.screenshot({ path: completionOut, clip: await editorClip(page, suggest, details) });
  console.log(`[shot ${ts()}] saved ${path.relative(process.cwd(), completionOut)}`);
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
