/**
 * The first screen as a browser downloads it: from the sign-in page to the dashboard, every
 * script comes compressed and all of them together stay within the 250 KB budget over the wire
 * (docs/architecture.md "Web app"). Bytes are what Chromium's network layer received, headers
 * included, not what the files weigh on disk; the browser keeps its normal cache.
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot, visible, type Browser } from './browser';
import { signInAtDevIdp } from './steps';

const baseUrl = inject('baseUrl');
const FIRST_SCREEN_BUDGET_BYTES = 250 * 1024;

interface Script {
  url: string;
  encoding: string;
  transferred: number;
}

let browser: Browser;

beforeEach(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await browser.close();
});

describe('the first screen', () => {
  it('downloads its JavaScript compressed and within budget, from sign-in to the dashboard', async () => {
    const { page, context } = browser;
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const scripts = new Map<string, Script>();
    cdp.on('Network.responseReceived', (event) => {
      if (event.type !== 'Script') return;
      const headers = Object.fromEntries(Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), value]));
      scripts.set(event.requestId, { url: event.response.url, encoding: headers['content-encoding'] ?? 'none', transferred: 0 });
    });
    cdp.on('Network.loadingFinished', (event) => {
      const script = scripts.get(event.requestId);
      if (script) script.transferred = event.encodedDataLength;
    });

    await page.goto(`${baseUrl}/v2/`);
    await signInAtDevIdp(page);
    await page.waitForURL(/\/v2\/dashboard$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
    await visible(page.getByRole('table'));
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'first-screen-dashboard');

    // The shell loads before the adviser is sent to sign in; coming back the browser has it
    // cached (hashed assets are immutable), and a cached script costs no bytes on the wire.
    const loaded = [...scripts.values()];
    const total = loaded.reduce((sum, script) => sum + script.transferred, 0);
    console.log(
      `first screen: ${String(loaded.length)} scripts, ${(total / 1024).toFixed(1)} KB over the wire\n` +
        loaded.map((s) => `  ${s.encoding.padEnd(5)} ${(s.transferred / 1024).toFixed(1).padStart(7)} KB  ${new URL(s.url).pathname}`).join('\n'),
    );
    expect(loaded.length).toBeGreaterThan(0);
    for (const script of loaded) expect(['br', 'gzip'], script.url).toContain(script.encoding);
    // Something real was measured: the shell alone is tens of kilobytes.
    expect(total).toBeGreaterThan(50 * 1024);
    expect(total).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET_BYTES);
  });
});
