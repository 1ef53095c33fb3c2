/**
 * The whole app (the real route tree, guard, layouts and providers) in a memory router, with a
 * test UserManager, for tests of sign-in, sign-out and the error pages.
 */
import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { InMemoryWebStorage, User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { AuthProvider } from 'react-oidc-context';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/app-providers';
import { routes } from '@/app/routes';
import { BootstrapConfigContext, type BootstrapConfig } from '@/lib/config';
import { createTestQueryClient } from './render';

export const AUTHORITY = 'https://idp.example.test';

export function testUserManager(): UserManager {
  const store = new WebStorageStateStore({ store: new InMemoryWebStorage() });
  return new UserManager({
    authority: AUTHORITY,
    client_id: 'adviser-portal',
    redirect_uri: 'http://localhost:3000/v2/auth/callback',
    scope: 'openid profile',
    userStore: store,
    stateStore: store,
    automaticSilentRenew: false,
    metadata: {
      issuer: AUTHORITY,
      authorization_endpoint: `${AUTHORITY}/authorize`,
      token_endpoint: `${AUTHORITY}/token`,
      end_session_endpoint: `${AUTHORITY}/logout`,
      jwks_uri: `${AUTHORITY}/jwks`,
    },
  });
}

/** Stores a signed-in adviser (or, with `roles`, another kind of user) in the user manager. */
export async function signInAs(userManager: UserManager, roles: string[] = []): Promise<void> {
  await userManager.storeUser(
    new User({
      access_token: 'token-1',
      token_type: 'Bearer',
      profile: { sub: 'adviser-1', iss: AUTHORITY, aud: 'adviser-portal', exp: 0, iat: 0, roles },
      expires_at: Math.floor(Date.now() / 1000) + 3600,
    }),
  );
}

export function bootstrapConfigFixture(overrides: Partial<BootstrapConfig> = {}): BootstrapConfig {
  return {
    environment: 'development',
    rootFolder: '/v2',
    identity: { authority: AUTHORITY, clientId: 'adviser-portal', scope: 'openid profile', audience: 'adviser-portal' },
    idleTimeoutSeconds: 1_800,
    links: {
      literature: 'https://example.test/literature',
      coverUpgradePromise: 'https://example.test/promise',
      linkedIn: 'https://example.test/linkedin',
      privacyPolicy: 'https://example.test/privacy',
      clientWelcome: 'https://example.test/welcome.pdf',
    },
    help: { telephone: '0800 123 4567', email: 'help@example.test' },
    clientHelp: { telephone: '0808 157 0999', email: 'client.help@example.test' },
    legal: { copyrightHolder: 'Protection Life', regulation: 'Sample regulation text.' },
    ...overrides,
  };
}

export function renderApp(
  userManager: UserManager,
  url: string,
  { config = bootstrapConfigFixture(), queryClient = createTestQueryClient() }: { config?: BootstrapConfig; queryClient?: QueryClient } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <BootstrapConfigContext.Provider value={config}>
        <AuthProvider userManager={userManager}>
          <RouterProvider router={router} />
        </AuthProvider>
      </BootstrapConfigContext.Provider>
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}
