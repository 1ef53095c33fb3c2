import type { Middleware } from 'openapi-fetch';

const PUBLIC_PATHS = new Set<string>(['/api/v1/backendforfrontend/config']);

export interface ApiAuthHooks {
  /** The current access token, if signed in. */
  getAccessToken(): Promise<string | undefined>;
  /** Called when the API answers 401: the token is missing, expired or revoked. */
  onUnauthorized(): void;
}

/** openapi-fetch middleware: `Authorization: Bearer <token>` on every protected call; 401 signs in again. */
export function createApiAuthMiddleware(hooks: ApiAuthHooks): Middleware {
  return {
    async onRequest({ request, schemaPath }) {
      if (PUBLIC_PATHS.has(schemaPath)) return request;
      const token = await hooks.getAccessToken();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
    onResponse({ response, schemaPath }) {
      if (response.status === 401 && !PUBLIC_PATHS.has(schemaPath)) hooks.onUnauthorized();
      return response;
    },
  };
}
