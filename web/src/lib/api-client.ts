/**
 * The one HTTP client of the app: openapi-fetch typed by the generated schema.
 * Auth (bearer token, 401 handling) is added as middleware by `lib/auth/session.ts`. Every
 * command carries an `Idempotency-Key` and is re-sent once with it after a 503 or a network
 * failure: see `idempotent-fetch.ts`.
 */
import createClient from 'openapi-fetch';
import type { components, paths as ApiPaths } from '@/api/generated/schema';
import { idempotentFetch } from './idempotent-fetch';

export type Schemas = components['schemas'];

export const api = createClient<ApiPaths>({
  baseUrl: window.location.origin,
  // Looked up on every call (not captured once) so tests can stub the network.
  fetch: idempotentFetch((request: Request) => globalThis.fetch(request)),
});
