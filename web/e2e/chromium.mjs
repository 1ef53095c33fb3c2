// How the browser tests and the case handlers' Web UI check (web-ui-page.mjs) start Debian's
// Chromium: test tools cannot download a browser here, and these flags keep it from reaching
// the network or needing a display.

/** The Chromium binary (Debian's, unless CHROMIUM_PATH names another). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The command-line flags, for playwright-core's `launchPersistentContext`. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
