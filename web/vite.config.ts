import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The portal serves the built SPA under /v2 and the API same-origin under /api.
export default defineConfig({
  base: '/v2/',
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    // `npm run dev` against a portal running locally (PORTAL_URL, default port 8080).
    proxy: {
      '/api': process.env.PORTAL_URL ?? 'http://127.0.0.1:8080',
      '/dev-idp': process.env.PORTAL_URL ?? 'http://127.0.0.1:8080',
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // Each page is its own chunk (lazy routes) and shares antd's components with the pages that
    // use them; the manifest lets scripts/check-bundle-budget.mjs say what each route loads.
    manifest: true,
    rollupOptions: {
      output: {
        // React and the router change least often: one long-lived chunk, cached across releases.
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Both cores (vitest's default leaves one idle on a 2-core machine): 338 s became 235 s
    // (docs/performance.md "Each suite's time"). Files stay isolated: sharing one module graph
    // (`isolate: false`) broke tests that hold module state.
    maxWorkers: 2,
    minWorkers: 1,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    testTimeout: 20_000,
    restoreMocks: true,
    unstubGlobals: true,
    env: { TZ: 'Europe/London' },
  },
});
