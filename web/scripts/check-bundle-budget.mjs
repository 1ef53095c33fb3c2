// The JavaScript each route of the SPA downloads, from Vite's manifest: the entry chunk and
// everything it imports, plus the route's own lazy chunk and what that imports (shared chunks
// counted once). Prints a table (raw, gzip and brotli bytes, as the portal serves them) and
// fails when the first screen, from the sign-in callback to the dashboard, is over budget.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** docs/architecture.md "Web app": the first screen's JavaScript over the wire, brotli. */
export const FIRST_SCREEN_BUDGET_BYTES = 250 * 1024;

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error('check-bundle-budget: dist/.vite/manifest.json is missing; run `vite build` first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** Routes as src/app/routes.tsx loads them: the page module of each. */
const ROUTES = [
  ['sign-in callback', 'src/features/auth/routes/auth-callback-route.tsx'],
  ['dashboard', 'src/features/dashboard/routes/dashboard-route.tsx'],
  ['client details', 'src/features/application/client-details/client-details-route.tsx'],
  ['quote', 'src/features/application/quote/quote-route.tsx'],
  ['contact details', 'src/features/application/contact-details/contact-details-route.tsx'],
  ['underwriting', 'src/features/application/underwriting/underwriting-route.tsx'],
  ['amra', 'src/features/application/amra/amra-route.tsx'],
  ['decision', 'src/features/application/decision/decision-route.tsx'],
  ['set-up', 'src/features/application/set-up/set-up-route.tsx'],
  ['review', 'src/features/application/review/review-route.tsx'],
  ['complete', 'src/features/application/complete/complete-route.tsx'],
  ['policy view', 'src/features/policy-holder/policy-holder-route.tsx'],
  ['workbench', 'src/features/underwriter/routes/workbench-route.tsx'],
  ['workbench case', 'src/features/underwriter/routes/case-route.tsx'],
  ['logout', 'src/features/auth/routes/logout-route.tsx'],
  ['not found', 'src/app/not-found-route.tsx'],
];
const FIRST_SCREEN = ['sign-in callback', 'dashboard'];

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);

/** The chunk files a module needs: itself and its static imports, transitively. */
function chunks(key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`check-bundle-budget: ${key} is not in the manifest (renamed? update ROUTES)`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunks(imported, into);
  return into;
}

const sizeCache = new Map();
/** Raw, gzip and brotli sizes of a file, reading the precompressed copies when present. */
function sizes(file) {
  if (sizeCache.has(file)) return sizeCache.get(file);
  const path = join(dist, file);
  const content = readFileSync(path);
  const measured = {
    raw: content.length,
    gzip: existsSync(`${path}.gz`) ? statSync(`${path}.gz`).size : gzipSync(content, { level: 9 }).length,
    brotli: existsSync(`${path}.br`)
      ? statSync(`${path}.br`).size
      : brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
  sizeCache.set(file, measured);
  return measured;
}

function total(files) {
  const sum = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const size = sizes(file);
    sum.raw += size.raw;
    sum.gzip += size.gzip;
    sum.brotli += size.brotli;
  }
  return sum;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const entry = chunks(entryKey);
const rows = ROUTES.map(([name, key]) => {
  const own = [...chunks(key)].filter((file) => !entry.has(file));
  return { name, own, withEntry: total([...entry, ...own]), ownSize: total(own) };
});

const firstScreenFiles = new Set(entry);
for (const name of FIRST_SCREEN) for (const file of rows.find((r) => r.name === name).own) firstScreenFiles.add(file);
const firstScreen = total(firstScreenFiles);

const table = [
  ['route', 'its own JS (br)', 'with the shell: raw', 'gzip', 'brotli', 'files'],
  ...rows.map((r) => [r.name, kb(r.ownSize.brotli), kb(r.withEntry.raw), kb(r.withEntry.gzip), kb(r.withEntry.brotli), String(r.own.length + entry.size)]),
  ['first screen (callback + dashboard)', '', kb(firstScreen.raw), kb(firstScreen.gzip), kb(firstScreen.brotli), String(firstScreenFiles.size)],
];
const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
console.log('JavaScript per route (the shell is the entry chunk and its imports, loaded by every route):');
for (const row of table) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));

if (firstScreen.brotli > FIRST_SCREEN_BUDGET_BYTES) {
  console.error(`\nThe first screen's JavaScript is ${kb(firstScreen.brotli)} over the wire, over its budget of ${kb(FIRST_SCREEN_BUDGET_BYTES)}.`);
  process.exit(1);
}
console.log(`\nFirst screen: ${kb(firstScreen.brotli)} of JavaScript over the wire (budget ${kb(FIRST_SCREEN_BUDGET_BYTES)}).`);
