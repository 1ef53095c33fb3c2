/**
 * The one HTTP client of the app: openapi-fetch typed by the generated schema.
 * Auth (bearer token, 401 handling) is added as middleware by `lib/auth/session.ts`.
 */
import createClient from 'openapi-fetch';
import type { components, paths as ApiPaths } from '@/api/generated/schema';

export type Schemas = components['schemas'];

export const api = createClient<ApiPaths>({
  baseUrl: window.location.origin,
  // Looked up on every call (not captured once) so tests can stub the network.
  fetch: (request: Request) => globalThis.fetch(request),
});
