import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserManager } from 'oidc-client-ts';
import { forgetSigningOutForTests } from '@/lib/auth/user-manager';
import { json, stubApi } from '@/test/fetch-stub';
import { bootstrapConfigFixture, renderApp, signInAs, testUserManager } from '@/test/app-harness';

const IDLE_SECONDS = 120;

/** The client's home, with nothing on it but their name. */
function stubClientHome() {
  stubApi([
    { method: 'GET', path: '/api/v1/portal/me', respond: () => json({ name: 'Alan Turing', email: 'alan@example.com', thingsToDo: [], cases: [] }) },
    { method: 'GET', path: '/api/v1/portal/health-questions', respond: () => json({ interviews: [] }) },
  ]);
}

/** A signed-in client whose identity provider "signs out" by forgetting them, as the real one does before it hands back. */
async function signedInClient() {
  const userManager = testUserManager();
  await signInAs(userManager, ['client']);
  const signoutRedirect = vi.spyOn(userManager, 'signoutRedirect').mockImplementation(async () => {
    await userManager.removeUser();
  });
  return { userManager, signoutRedirect };
}

/** The page the identity provider was asked to hand back to after signing out. */
function landingOf(signoutRedirect: { mock: { calls: Parameters<UserManager['signoutRedirect']>[] } }): string {
  return new URL(signoutRedirect.mock.calls[0]?.[0]?.post_logout_redirect_uri ?? 'http://unset').pathname;
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  forgetSigningOutForTests();
  vi.restoreAllMocks();
});

describe('the client portal’s landing page after signing out (issue 35)', () => {
  it('says nothing about signing out to someone who has not', async () => {
    stubApi([]);
    renderApp(testUserManager(), '/portal');
    expect(await screen.findByRole('button', { name: 'Login' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText('You have signed out')).not.toBeInTheDocument();
  });

  it('tells a client who signed out that they have, and Login takes them home again', async () => {
    stubClientHome();
    const user = userEvent.setup();
    const { userManager, signoutRedirect } = await signedInClient();
    const { router } = renderApp(userManager, '/portal/home');
    await screen.findByRole('heading', { level: 1, name: 'Hello, Alan Turing' }, { timeout: 5000 });

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(signoutRedirect).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(landingOf(signoutRedirect)).toBe('/v2/portal');

    // The identity provider hands back to the client portal's landing page.
    forgetSigningOutForTests();
    await act(async () => {
      await router.navigate('/portal');
    });
    expect(await screen.findByRole('status', {}, { timeout: 5000 })).toHaveTextContent('You have signed out');
    const signinRedirect = vi.spyOn(userManager, 'signinRedirect').mockResolvedValue();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/portal/home' } }), { timeout: 5000 });
  });

  it('tells a client signed out for being idle why, on their own landing page, and Login returns to the page they were on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi([
      { method: 'GET', path: '/api/v1/portal/me', respond: () => json({ name: 'Alan Turing', email: 'alan@example.com', thingsToDo: [], cases: [] }) },
      { method: 'GET', path: '/api/v1/portal/health-questions', respond: () => json({ interviews: [] }) },
    ]);
    const { userManager, signoutRedirect } = await signedInClient();
    const { router } = renderApp(userManager, '/portal/confirm-details', { config: bootstrapConfigFixture({ idleTimeoutSeconds: IDLE_SECONDS }) });
    await screen.findByRole('heading', { level: 1, name: 'Confirm your details' }, { timeout: 5000 });

    await act(async () => {
      await vi.advanceTimersByTimeAsync(IDLE_SECONDS * 1_000);
    });
    await waitFor(() => expect(signoutRedirect).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(landingOf(signoutRedirect)).toBe('/v2/portal');

    forgetSigningOutForTests();
    await act(async () => {
      await router.navigate('/portal');
    });
    expect(await screen.findByRole('status', {}, { timeout: 5000 })).toHaveTextContent('You were signed out because you were inactive for 2 minutes');
    const signinRedirect = vi.spyOn(userManager, 'signinRedirect').mockResolvedValue();
    await userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) }).click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/portal/confirm-details' } }), { timeout: 5000 });
  });
});
