import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '@/test/fetch-stub';
import { adviserFixture } from '@/test/fixtures';
import { forgetSigningOutForTests } from '@/lib/auth/user-manager';
import { renderApp, signInAs, testUserManager } from '@/test/app-harness';

/** Switches that make a page, or the signed-in shell itself, throw as it renders. */
const crash = vi.hoisted(() => ({ page: false, layout: false }));

vi.mock('@/features/policy-holder/policy-holder-route', async (original) => {
  const real = await original<typeof import('@/features/policy-holder/policy-holder-route')>();
  return {
    PolicyHolderRoute: () => {
      if (crash.page) throw new TypeError("Cannot read properties of undefined (reading 'covers')");
      return <real.PolicyHolderRoute />;
    },
  };
});

vi.mock('./layout/app-layout', async (original) => {
  const real = await original<typeof import('./layout/app-layout')>();
  return {
    AppLayout: () => {
      if (crash.layout) throw new Error('the shell failed');
      return <real.AppLayout />;
    },
  };
});

const apis = [{ method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json(adviserFixture()) }];

describe('the error page (§2, §8)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    crash.page = false;
    crash.layout = false;
    forgetSigningOutForTests();
    vi.restoreAllMocks();
  });

  it('replaces a page that throws with the generic error, the help contacts and Sign out, inside the shell', async () => {
    stubApi(apis);
    crash.page = true;
    const userManager = testUserManager();
    await signInAs(userManager);
    renderApp(userManager, '/policy-holder/P-1001?tab=documents');

    const heading = await screen.findByRole('heading', { level: 1, name: 'Sorry, something’s gone wrong' }, { timeout: 5000 });
    const page = screen.getByRole('region', { name: 'Sorry, something’s gone wrong' });
    expect(within(page).getByText('Please try again.')).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: '0800 123 4567' })).toHaveAttribute('href', 'tel:08001234567');
    expect(within(page).getByRole('link', { name: 'help@example.test' })).toHaveAttribute('href', 'mailto:help@example.test');
    expect(within(page).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    await waitFor(() => expect(heading).toHaveFocus(), { timeout: 5000 });
    // The shell is still there: the adviser keeps the menu.
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    // Not React Router's default screen.
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
  });

  it('signs out, and the next sign-in returns to the same address, path and query', async () => {
    stubApi(apis);
    crash.page = true;
    const user = userEvent.setup();
    const userManager = testUserManager();
    await signInAs(userManager);
    const signoutRedirect = vi.spyOn(userManager, 'signoutRedirect').mockImplementation(async () => {
      await userManager.removeUser();
    });
    const { router } = renderApp(userManager, '/policy-holder/P-1001?tab=documents');

    const page = await screen.findByRole('region', { name: 'Sorry, something’s gone wrong' }, { timeout: 5000 });
    await user.click(within(page).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(signoutRedirect).toHaveBeenCalledTimes(1), { timeout: 5000 });

    // The identity provider hands back to the login landing page.
    crash.page = false;
    await router.navigate('/login');
    expect(await screen.findByText('You have signed out')).toBeInTheDocument();
    const signinRedirect = vi.spyOn(userManager, 'signinRedirect').mockResolvedValue();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/policy-holder/P-1001?tab=documents' } }), { timeout: 5000 });
  });

  it('shows on a shell of its own when the signed-in shell itself throws', async () => {
    stubApi(apis);
    crash.layout = true;
    const userManager = testUserManager();
    await signInAs(userManager);
    renderApp(userManager, '/dashboard');

    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Sorry, something’s gone wrong' })).toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('shows when a page’s code cannot be downloaded', async () => {
    stubApi(apis);
    vi.doMock('@/features/qi/routes/qi-list-route', () => {
      throw new TypeError('Failed to fetch dynamically imported module: /v2/assets/qi-list-route.js');
    });
    const userManager = testUserManager();
    await signInAs(userManager);
    renderApp(userManager, '/underwriting-qi');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sorry, something’s gone wrong' }, { timeout: 5000 })).toBeInTheDocument();
    vi.doUnmock('@/features/qi/routes/qi-list-route');
  });
});
