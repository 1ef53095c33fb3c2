import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_AUTOMATIC_SIGN_INS, mayStartAutomaticSignIn, SIGN_IN_GUARD_WINDOW_MS } from '@/lib/auth/sign-in-guard';
import { forgetSigningOutForTests } from '@/lib/auth/user-manager';
import { json, stubApi } from '@/test/fetch-stub';
import { adviserFixture } from '@/test/fixtures';
import { renderApp, signInAs, testUserManager } from '@/test/app-harness';

/** A user manager whose stored session cannot be read: react-oidc-context reports a sign-in error. */
function failingUserManager() {
  const userManager = testUserManager();
  vi.spyOn(userManager, 'getUser').mockRejectedValue(new Error('the session could not be read'));
  return userManager;
}

describe('sign-in failures redirect to login (§6)', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    forgetSigningOutForTests();
    vi.restoreAllMocks();
  });

  it('starts the sign-in again, coming back to the same address, instead of a "Sign in again" panel', async () => {
    stubApi([]);
    const userManager = failingUserManager();
    const signinRedirect = vi.spyOn(userManager, 'signinRedirect').mockResolvedValue();
    renderApp(userManager, '/application/123/quote?applicant=2');

    await waitFor(() => expect(signinRedirect).toHaveBeenCalled(), { timeout: 5000 });
    expect(signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/application/123/quote?applicant=2' } });
    expect(signinRedirect).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: /sign in again/i })).not.toBeInTheDocument();
  });

  it('gives up after repeated failures and shows "Invalid login details" with Try again (no loop)', async () => {
    stubApi([]);
    for (let attempt = 0; attempt < MAX_AUTOMATIC_SIGN_INS; attempt += 1) expect(mayStartAutomaticSignIn()).toBe(true);
    const user = userEvent.setup();
    const userManager = failingUserManager();
    const signinRedirect = vi.spyOn(userManager, 'signinRedirect').mockResolvedValue();
    const { router } = renderApp(userManager, '/application/123/quote');

    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid login details' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/error');
    expect(signinRedirect).not.toHaveBeenCalled();

    // Try again is the user's own choice: it signs in, back to where they were going.
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/application/123/quote' } }), { timeout: 5000 });
  });

  it('shows the portal error when the identity provider sends back an error, never straight back to it', async () => {
    stubApi([]);
    const userManager = testUserManager();
    const signinRedirect = vi.spyOn(userManager, 'signinRedirect').mockResolvedValue();
    // The provider's answer is read from the browser's address.
    window.history.replaceState(null, '', '/auth/callback?error=access_denied&state=unknown-state');
    const { router } = renderApp(userManager, '/auth/callback?error=access_denied&state=unknown-state');
    window.history.replaceState(null, '', '/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid login details' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/error');
    expect(signinRedirect).not.toHaveBeenCalled();
  });

  it('counts automatic sign-ins in a window, and allows them again once it has passed', () => {
    const start = 1_000_000;
    expect(mayStartAutomaticSignIn(start)).toBe(true);
    expect(mayStartAutomaticSignIn(start + 1_000)).toBe(true);
    expect(mayStartAutomaticSignIn(start + 2_000)).toBe(false);
    expect(mayStartAutomaticSignIn(start + SIGN_IN_GUARD_WINDOW_MS + 1_001)).toBe(true);
  });
});

describe('/launch (§2): an entry from outside the portal', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  const apis = [
    { method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json(adviserFixture()) },
    { method: 'GET', path: '/api/v1/backendforfrontend/application/search', respond: () => json({ results: [], currentPage: 1, totalPages: 1, totalRecordCount: 0 }) },
  ];

  it('signs in first, then goes to the portal page it names', async () => {
    stubApi(apis);
    const userManager = testUserManager();
    const signinRedirect = vi.spyOn(userManager, 'signinRedirect').mockResolvedValue();
    renderApp(userManager, '/launch?returnTo=%2Fapplication%2F123%2Fquote');
    await waitFor(() => expect(signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/launch?returnTo=%2Fapplication%2F123%2Fquote' } }), { timeout: 5000 });
  });

  it('goes to the page it names once signed in, and remembers whom an assistant acts for', async () => {
    stubApi(apis);
    const userManager = testUserManager();
    await signInAs(userManager);
    const { router } = renderApp(userManager, '/launch?returnTo=%2Fdashboard%3Fpage%3D2&adviserId=adviser1');
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/dashboard?page=2'), { timeout: 5000 });
    expect(sessionStorage.getItem('portal.dashboard.actingFor')).toBe('adviser1');
  });

  it.each(['//evil.com', 'https://evil.com', '/\\evil.com', 'javascript:alert(1)'])('never leaves the portal for %s', async (target) => {
    stubApi(apis);
    const userManager = testUserManager();
    await signInAs(userManager);
    const { router } = renderApp(userManager, `/launch?returnTo=${encodeURIComponent(target)}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 5000 });
  });
});

describe('portal-redirect (§2)', () => {
  it('sends an underwriter to the workbench and an adviser to the dashboard', async () => {
    stubApi([{ method: 'GET', path: '/api/v1/underwriter/cases', respond: () => json({ results: [], currentPage: 1, totalPages: 1, totalRecordCount: 0 }) }]);
    const underwriter = testUserManager();
    await signInAs(underwriter, ['underwriter']);
    const { router, unmount } = renderApp(underwriter, '/portal-redirect');
    await waitFor(() => expect(router.state.location.pathname).toBe('/workbench'), { timeout: 5000 });
    unmount();

    stubApi([{ method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json(adviserFixture()) }]);
    const adviser = testUserManager();
    await signInAs(adviser);
    const second = renderApp(adviser, '/portal-redirect');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/dashboard'), { timeout: 5000 });
  });
});
