import { render, screen, waitFor } from '@testing-library/react';
import { User, type UserManager } from 'oidc-client-ts';
import { AuthProvider } from 'react-oidc-context';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '@/test/fetch-stub';
import { AUTHORITY, testUserManager } from '@/test/app-harness';
import { adviserFixture } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render';
import { AppProviders } from './app-providers';
import { routes } from './routes';

function renderApp(userManager: UserManager, url: string) {
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

describe('route guard', () => {
  it('sends a user who is not signed in to sign in, remembering the route', async () => {
    const { requests } = stubApi([]);
    const userManager = testUserManager();
    const signinRedirect = vi.spyOn(userManager, 'signinRedirect').mockResolvedValue();

    renderApp(userManager, '/dashboard/policyholders?from=test');

    await waitFor(() => expect(signinRedirect).toHaveBeenCalledTimes(1));
    expect(signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/dashboard/policyholders?from=test' } });
    expect(screen.getByText('Signing you in…')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('shows the page to a signed-in user', async () => {
    stubApi([
      { method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json(adviserFixture()) },
      { method: 'GET', path: '/api/v1/backendforfrontend/policy/search', respond: () => json({ policyDetails: [], currentPage: 1, totalPages: 1, totalRecordCount: 0 }) },
    ]);
    const userManager = testUserManager();
    await userManager.storeUser(
      new User({
        access_token: 'token-1',
        token_type: 'Bearer',
        profile: { sub: 'adviser-1', iss: AUTHORITY, aud: 'adviser-portal', exp: 0, iat: 0 },
        expires_at: Math.floor(Date.now() / 1000) + 3600,
      }),
    );
    const signinRedirect = vi.spyOn(userManager, 'signinRedirect').mockResolvedValue();

    renderApp(userManager, '/dashboard/policyholders');

    // The dashboard's route loads lazily, which takes longer than findByText's second on a busy machine.
    expect(await screen.findByText('Policyholders will appear here once a policy is in force.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('Ada Adviser')).toBeInTheDocument();
    expect(signinRedirect).not.toHaveBeenCalled();
  });

  it('takes an underwriter to the workbench, from the home page and from an adviser’s dashboard', async () => {
    stubApi([
      { method: 'GET', path: '/api/v1/underwriter/cases', respond: () => json({ results: [], currentPage: 1, totalPages: 1, totalRecordCount: 0 }) },
    ]);
    const userManager = testUserManager();
    await userManager.storeUser(
      new User({
        access_token: 'token-1',
        token_type: 'Bearer',
        profile: { sub: 'underwriter1', iss: AUTHORITY, aud: 'adviser-portal', exp: 0, iat: 0, name: 'Ruth Ellis', roles: ['underwriter'] },
        expires_at: Math.floor(Date.now() / 1000) + 3600,
      }),
    );
    const router = renderApp(userManager, '/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Underwriting workbench' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/workbench');
    expect(screen.getByText('Ruth Ellis')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Workbench' })).toBeInTheDocument();
    await router.navigate('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/workbench'));
  });

  it('tells an adviser the workbench is for underwriters', async () => {
    const { requests } = stubApi([{ method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json(adviserFixture()) }]);
    const userManager = testUserManager();
    await userManager.storeUser(
      new User({
        access_token: 'token-1',
        token_type: 'Bearer',
        profile: { sub: 'adviser-1', iss: AUTHORITY, aud: 'adviser-portal', exp: 0, iat: 0 },
        expires_at: Math.floor(Date.now() / 1000) + 3600,
      }),
    );
    renderApp(userManager, '/workbench');
    expect(await screen.findByRole('heading', { name: 'The workbench is for underwriters' })).toBeInTheDocument();
    expect(requests.some((r) => r.url.pathname.startsWith('/api/v1/underwriter'))).toBe(false);
  });

  it('needs no sign-in for a page that does not exist', async () => {
    stubApi([]);
    const userManager = testUserManager();
    const signinRedirect = vi.spyOn(userManager, 'signinRedirect').mockResolvedValue();

    renderApp(userManager, '/no/such/page');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(signinRedirect).not.toHaveBeenCalled();
  });
});
