/**
 * Reads the shared test vectors (domain/vectors.json): inputs and expected outcomes that the Rust
 * domain tests and these vitest tests both check, so the SPA's instant checks agree with the
 * server's rules.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const vectorsFile = resolve(dirname(fileURLToPath(import.meta.url)), '../../../domain/vectors.json');

let file: { topics: Record<string, unknown> } | undefined;

// The caller states the shape of its topic; the file is data, checked by the tests.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export function vectors<T = unknown>(topic: string): T {
  file ??= JSON.parse(readFileSync(vectorsFile, 'utf8')) as { topics: Record<string, unknown> };
  const found = file.topics[topic];
  if (found === undefined) throw new Error(`no topic "${topic}" in domain/vectors.json`);
  return found as T;
}

export function cases<T = Record<string, unknown>>(topic: string): T[] {
  return vectors<{ cases: T[] }>(topic).cases;
}
