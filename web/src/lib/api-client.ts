/**
 * The one HTTP client of the app: openapi-fetch typed by the generated schema.
 * Auth (bearer token, 401 handling) is added as middleware by `lib/auth/session.ts`. Every
 * command carries an `Idempotency-Key` and is re-sent once with it after a 503 or a network
 * failure: see `idempotent-fetch.ts`.
 */
import createClient from 'openapi-fetch';
import type { components, paths as ApiPaths } from '@/api/generated/schema';
import { idempotentFetch } from './idempotent-fetch';
import { NetworkError } from './service-unavailable';

export type Schemas = components['schemas'];

export const api = createClient<ApiPaths>({
  baseUrl: window.location.origin,
  // Looked up on every call (not captured once) so tests can stub the network.
  // A fetch that fails on the network becomes a NetworkError (a cancellation stays itself), so the
  // service-error page can tell "the API is down" from a bug in a page's code.
  fetch: idempotentFetch((request: Request) =>
    globalThis.fetch(request).catch((error: unknown) => {
      if (request.signal.aborted) throw error;
      throw new NetworkError(error);
    }),
  ),
});
