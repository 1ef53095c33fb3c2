/* global document, window */
// Opens a page of the Temporal Web UI in Debian's Chromium, waits until `text` shows in the
// visible text of the page or one of its frames (Playwright's text locator did not find a
// workflow's current details), keeps a screenshot
// at `screenshot`, and prints the visible text of every frame. Used by the case handlers'
// test (api/tests/it/case_handlers.rs), which seeds the stuck cases this page should show, and the
// codec's (api/tests/it/codec_web_ui.rs).
//
// node web/e2e/web-ui-page.mjs URL SCREENSHOT TEXT
//
// With CODEC_ENDPOINT set, the page uses that remote codec with cross-origin credentials, as a
// case handler sets it in the UI's codec settings; with CODEC_TOKEN set too, the codec session
// is opened first with that access token, as the portal does at a case handler's sign-in (EN9).
// With CLICK set, the first element showing that text is clicked once the page has loaded.
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
  const { CODEC_ENDPOINT: endpoint, CODEC_TOKEN: token, CLICK: click } = process.env;
  if (endpoint) {
    if (token) {
      const session = await page.request.post(`${endpoint}/session`, { headers: { authorization: `Bearer ${token}` } });
      if (!session.ok()) throw new Error(`the codec session was refused: ${String(session.status())}`);
    }
    // The UI keeps its settings as JSON in local storage.
    await page.addInitScript((codec) => {
      if (window.location.protocol !== 'http:') return;
      localStorage.setItem('overrideRemoteCodecConfiguration', 'true');
      localStorage.setItem('endpoint', JSON.stringify(codec));
      localStorage.setItem('includeCredentials', 'true');
    }, endpoint);
  }
  await page.goto(url);
  if (click) await page.getByText(click).first().click({ timeout: 20_000 });
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
