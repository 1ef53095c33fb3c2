/**
 * Reads the shared test vectors (domain/vectors): inputs and expected outcomes that the Rust
 * domain tests and these vitest tests both check, so the SPA's instant checks agree with the
 * server's rules.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const vectorsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../domain/vectors');

// The caller states the shape of its vectors file; the file is data, checked by the tests.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export function vectors<T = unknown>(topic: string): T {
  return JSON.parse(readFileSync(resolve(vectorsDir, `${topic}.json`), 'utf8')) as T;
}

export function cases<T = Record<string, unknown>>(topic: string): T[] {
  return vectors<{ cases: T[] }>(topic).cases;
}
