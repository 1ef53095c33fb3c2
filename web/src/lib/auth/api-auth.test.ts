import createClient from 'openapi-fetch';
import { describe, expect, it, vi } from 'vitest';
import type { paths } from '@/api/generated/schema';
import { json, problem, stubApi } from '@/test/fetch-stub';
import { adviserFixture } from '@/test/fixtures';
import { createApiAuthMiddleware } from './api-auth';
import { returnToFrom } from './user-manager';

function clientWithAuth(token: string | undefined) {
  const client = createClient<paths>({ baseUrl: 'http://localhost:3000', fetch: (request: Request) => globalThis.fetch(request) });
  const onUnauthorized = vi.fn();
  client.use(createApiAuthMiddleware({ getAccessToken: () => Promise.resolve(token), onUnauthorized }));
  return { client, onUnauthorized };
}

describe('API auth middleware', () => {
  it('sends the access token as a bearer token', async () => {
    const { requests } = stubApi([{ method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json(adviserFixture()) }]);
    const { client, onUnauthorized } = clientWithAuth('abc.def.ghi');

    const { data } = await client.GET('/api/v1/backendforfrontend/adviser');

    expect(data?.name).toBe('Ada Adviser');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer abc.def.ghi');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('signs in again when the API answers 401', async () => {
    stubApi([{ method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => problem(401, { title: 'Unauthorized' }) }]);
    const { client, onUnauthorized } = clientWithAuth(undefined);

    const { error, response } = await client.GET('/api/v1/backendforfrontend/adviser');

    expect(response.status).toBe(401);
    expect(error).toMatchObject({ title: 'Unauthorized' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not send a token to the public bootstrap configuration', async () => {
    const { requests } = stubApi([{ method: 'GET', path: '/api/v1/backendforfrontend/config', respond: () => json({}) }]);
    const { client } = clientWithAuth('abc');
    await client.GET('/api/v1/backendforfrontend/config');
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
  });
});

describe('returnToFrom', () => {
  it('returns to the remembered route inside the app only, else home (portal-redirect, each role to its own)', () => {
    expect(returnToFrom({ state: { returnTo: '/application/7/client-details' } })).toBe('/application/7/client-details');
    expect(returnToFrom({ state: { returnTo: '//evil.example' } })).toBe('/portal-redirect');
    expect(returnToFrom({ state: { returnTo: 'https://evil.example' } })).toBe('/portal-redirect');
    expect(returnToFrom({ state: { returnTo: '/\\evil.example' } })).toBe('/portal-redirect');
    expect(returnToFrom({ state: undefined })).toBe('/portal-redirect');
    expect(returnToFrom(undefined)).toBe('/portal-redirect');
  });
});
