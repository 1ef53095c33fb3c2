import { defineConfig } from 'vitest/config';

/**
 * Browser tests: playwright-core drives Debian's chromium against the real stack (Temporal dev
 * server + portal serving web/dist), which e2e/global-setup.ts starts and stops.
 */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
    env: { TZ: 'Europe/London' },
  },
});
