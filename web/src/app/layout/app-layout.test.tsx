import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InMemoryWebStorage, User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { AuthProvider } from 'react-oidc-context';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '@/test/fetch-stub';
import { adviserFixture } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render';
import { AppProviders } from '../app-providers';
import { routes } from '../routes';

const AUTHORITY = 'https://idp.example.test';

/** The whole app, signed in as an adviser, at `url`. */
async function renderSignedIn(url: string) {
  const store = new WebStorageStateStore({ store: new InMemoryWebStorage() });
  const userManager = new UserManager({
    authority: AUTHORITY,
    client_id: 'adviser-portal',
    redirect_uri: 'http://localhost:3000/v2/auth/callback',
    userStore: store,
    stateStore: store,
    automaticSilentRenew: false,
    metadata: { issuer: AUTHORITY, authorization_endpoint: `${AUTHORITY}/authorize`, token_endpoint: `${AUTHORITY}/token`, jwks_uri: `${AUTHORITY}/jwks` },
  });
  await userManager.storeUser(
    new User({
      access_token: 'token-1',
      token_type: 'Bearer',
      profile: { sub: 'adviser-1', iss: AUTHORITY, aud: 'adviser-portal', exp: 0, iat: 0 },
      expires_at: Math.floor(Date.now() / 1000) + 3600,
    }),
  );
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <AuthProvider userManager={userManager}>
        <RouterProvider router={router} />
      </AuthProvider>
    </AppProviders>,
  );
  return router;
}

const apis = [
  { method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json(adviserFixture()) },
  { method: 'GET', path: '/api/v1/backendforfrontend/application/search', respond: () => json({ results: [], currentPage: 1, totalPages: 1, totalRecordCount: 0 }) },
  { method: 'GET', path: '/api/v1/qi', respond: () => json({ results: [] }) },
];

describe('the way to Underwriting Qi', () => {
  it('is a link in an adviser’s menu', async () => {
    stubApi(apis);
    const user = userEvent.setup();
    const router = await renderSignedIn('/dashboard');

    const menu = await screen.findByRole('navigation', { name: 'Main navigation' });
    await user.click(within(menu).getByRole('link', { name: 'Underwriting Qi' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/underwriting-qi'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Underwriting Qi' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('is the dashboard’s Ask Qi panel', async () => {
    stubApi(apis);
    const user = userEvent.setup();
    const router = await renderSignedIn('/dashboard');

    const panel = await screen.findByRole('region', { name: 'Underwriting Qi' }, { timeout: 5000 });
    expect(within(panel).getByText('Find out the terms a client would be offered before you recommend a product.')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Ask Qi' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/underwriting-qi'));
  });
});
