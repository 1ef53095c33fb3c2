// Fails when src/api/generated/schema.ts is not what openapi-typescript makes from ../openapi/openapi.json.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const committed = join(webDir, 'src/api/generated/schema.ts');
const tempDir = mkdtempSync(join(tmpdir(), 'check-api-'));
const fresh = join(tempDir, 'schema.ts');

try {
  const result = spawnSync(
    process.execPath,
    [join(webDir, 'node_modules/openapi-typescript/bin/cli.js'), '../openapi/openapi.json', '-o', fresh],
    { cwd: webDir, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (result.status !== 0) {
    console.error('check:api: openapi-typescript failed on ../openapi/openapi.json');
    process.exit(1);
  }
  if (readFileSync(fresh, 'utf8') !== readFileSync(committed, 'utf8')) {
    console.error(
      'check:api: src/api/generated/schema.ts is out of date with ../openapi/openapi.json.\n' +
        'Run `npm run gen:api` in web/ and commit the result.',
    );
    process.exit(1);
  }
  console.log('check:api: src/api/generated/schema.ts is up to date with ../openapi/openapi.json');
} finally {
  rmSync(tempDir, { recursive: true, force: true });
}
