// How the browser tests (browser.ts) and the case handlers' Web UI check (web-ui-page.mjs) start
// Debian's Chromium: test tools cannot download a browser here, and these flags keep it from reaching
// the network or needing a display.

/** The options for playwright-core's `launchPersistentContext`: a desktop window in UK English
 * and UK time. The binary is Debian's unless CHROMIUM_PATH names another. */
export const LAUNCH_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
  viewport: { width: 1366, height: 900 },
  locale: 'en-GB',
  timezoneId: 'Europe/London',
};
