/* global document */
// Opens a page of the Temporal Web UI in Debian's Chromium, waits until `text` shows in the
// visible text of the page or one of its frames (Playwright's text locator did not find a
// workflow's current details), keeps a screenshot
// at `screenshot`, and prints the visible text of every frame. Used by the case handlers'
// test (api/tests/case_handlers.rs), which seeds the stuck cases this page should show.
//
// node web/e2e/web-ui-page.mjs URL SCREENSHOT TEXT
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { LAUNCH_OPTIONS } from './chromium.mjs';

const [url, screenshot, text] = process.argv.slice(2);
if (!url || !screenshot || !text) {
  console.error('usage: node web-ui-page.mjs URL SCREENSHOT TEXT');
  process.exit(2);
}
const profile = mkdtempSync(join(tmpdir(), 'chromium-web-ui-'));
const context = await chromium.launchPersistentContext(profile, LAUNCH_OPTIONS);
try {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(url);
  const visibleText = async () => {
    const texts = await Promise.all(
      page.frames().map((frame) => frame.evaluate(() => document.body?.innerText ?? '').catch(() => '')),
    );
    return texts.join('\n');
  };
  const deadline = Date.now() + 20_000;
  let shown = await visibleText();
  while (!shown.includes(text) && Date.now() < deadline) {
    await page.waitForTimeout(200);
    shown = await visibleText();
  }
  await page.screenshot({ path: screenshot, fullPage: true });
  if (!shown.includes(text)) {
    console.error(`"${text}" did not show on ${url} within 20 s (screenshot ${screenshot})`);
    process.exitCode = 1;
  } else {
    console.log(shown);
  }
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
