// Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of dist/, at the highest
// levels, once at build time: the portal serves them as they are (Content-Encoding br or gzip)
// instead of compressing each response. Run after `vite build`. Not dist/index.html: the portal
// writes it per response with that response's style nonce (api/src/spa.rs).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');
const INDEX = join(dist, 'index.html');
const TEXT = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
for (const path of files(dist)) {
  if (!TEXT.has(extname(path)) || path.includes('/.vite/') || path === INDEX) continue;
  const content = readFileSync(path);
  writeFileSync(`${path}.br`, brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  }));
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  count += 1;
}
console.log(`compress-dist: wrote .br and .gz beside ${count} files in dist/`);
