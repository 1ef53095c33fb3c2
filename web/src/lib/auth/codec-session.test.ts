import { User, UserManager } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/fetch-stub';
import { getUserManager } from './session';
import { endCodecSession } from './codec-session';

const identity = { authority: 'http://127.0.0.1:9/dev-idp', clientId: 'codec-session-test', scope: 'openid profile', audience: 'portal-api' };

function user(roles: string[]): User {
  return new User({
    access_token: `token-${roles.join('-') || 'adviser'}`,
    token_type: 'Bearer',
    profile: { sub: 'someone', iss: identity.authority, aud: 'portal-api', exp: 0, iat: 0, roles },
    expires_at: Math.floor(Date.now() / 1000) + 3600,
  });
}

/** Signs `signedIn` in as the provider's callback does: stored, then announced. */
async function load(userManager: UserManager, signedIn: User) {
  await userManager.storeUser(signedIn);
  await userManager.events.load(signedIn);
}

afterEach(() => vi.unstubAllGlobals());

describe('the Temporal Web UI’s codec session (EN9)', () => {
  it('is opened with each token a case handler is issued, and for no one else', async () => {
    const { requests } = stubApi([{ method: 'POST', path: '/codec/session', respond: () => new Response(null, { status: 204 }) }]);
    const userManager = getUserManager(identity);

    await load(userManager, user([]));
    await load(userManager, user(['cca']));
    await vi.waitFor(() => expect(requests).toHaveLength(0));

    await load(userManager, user(['underwriter']));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer token-underwriter');
  });

  it('is ended when a case handler signs out', async () => {
    const { requests } = stubApi([{ method: 'DELETE', path: '/codec/session', respond: () => new Response(null, { status: 204 }) }]);
    await endCodecSession({ roles: ['cca'] });
    expect(requests).toHaveLength(0);
    await endCodecSession({ roles: ['underwriter'] });
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual(['DELETE /codec/session']);
  });
});
