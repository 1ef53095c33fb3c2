import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetSigningOutForTests } from '@/lib/auth/user-manager';
import { json, stubApi } from '@/test/fetch-stub';
import { adviserFixture } from '@/test/fixtures';
import { bootstrapConfigFixture, renderApp, signInAs, testUserManager } from '@/test/app-harness';
import { IdleWarning, useIdleTimer } from './idle-sign-out';

const TIMEOUT_SECONDS = 120;
const realSetTimeout = globalThis.setTimeout;

/** The idle timer and its warning, as the route guard uses them, with what phase it is in. */
function Harness() {
  const { phase, secondsLeft, staySignedIn } = useIdleTimer(TIMEOUT_SECONDS);
  return (
    <>
      <p data-testid="phase">{phase}</p>
      <button type="button">Something on the page</button>
      {phase === 'warning' && <IdleWarning secondsLeft={secondsLeft} onStay={staySignedIn} onSignOut={() => undefined} />}
    </>
  );
}

async function idleFor(seconds: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(seconds * 1_000);
  });
}

const phase = () => screen.getByTestId('phase').textContent;

describe('idle log-out (§1, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    forgetSigningOutForTests();
    vi.restoreAllMocks();
  });

  it('warns a minute before the limit, as an alert dialog that takes focus', async () => {
    render(<Harness />);
    await idleFor(TIMEOUT_SECONDS - 61);
    expect(phase()).toBe('active');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await idleFor(1);
    const dialog = screen.getByRole('alertdialog', { name: 'Are you still there?' });
    expect(dialog).toHaveAccessibleDescription(/we will sign you out in 1 minute/);
    expect(screen.getByRole('button', { name: 'Stay signed in' })).toHaveFocus();
    await idleFor(30);
    expect(dialog).toHaveAccessibleDescription(/we will sign you out in 30 seconds/);
    await idleFor(30);
    expect(phase()).toBe('expired');
  });

  it.each([
    ['a mouse movement', (target: Element) => fireEvent.mouseMove(target)],
    ['a click', (target: Element) => fireEvent.click(target)],
    ['a scroll', (target: Element) => fireEvent.scroll(target)],
    ['a key press', (target: Element) => fireEvent.keyDown(target, { key: 'a' })],
  ])('starts the count again on %s', async (_kind, act) => {
    render(<Harness />);
    await idleFor(50);
    act(screen.getByRole('button', { name: 'Something on the page' }));
    await idleFor(50);
    // 100 s since sign-in, 50 s since the activity: no warning yet.
    expect(phase()).toBe('active');
    await idleFor(10);
    expect(phase()).toBe('warning');
  });

  it('notes a burst of events once a second, and still counts from the last one noted', async () => {
    render(<Harness />);
    const page = screen.getByRole('button', { name: 'Something on the page' });
    await idleFor(10);
    for (let event = 0; event < 200; event += 1) fireEvent.mouseMove(page);
    await idleFor(0.5);
    fireEvent.mouseMove(page); // within the second: not noted
    await idleFor(TIMEOUT_SECONDS - 60 - 0.5);
    expect(phase()).toBe('warning');
  });

  it('keeps the warning up through a nudge of the mouse; Stay signed in starts the count again', async () => {
    render(<Harness />);
    await idleFor(TIMEOUT_SECONDS - 60);
    fireEvent.mouseMove(document.body);
    await idleFor(1);
    expect(phase()).toBe('warning');

    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await idleFor(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await idleFor(TIMEOUT_SECONDS - 62);
    expect(phase()).toBe('active');
  });

  it('counts activity in another tab of the portal', async () => {
    render(<Harness />);
    await idleFor(50);
    const otherTab = new BroadcastChannel('portal-idle-activity');
    otherTab.postMessage({ at: Date.now() });
    await act(async () => {
      // The message crosses the channel on the event loop, which the fake clock does not drive.
      await new Promise((resolve) => realSetTimeout(resolve, 50));
    });
    await idleFor(50);
    otherTab.close();
    expect(phase()).toBe('active');
    await idleFor(10);
    expect(phase()).toBe('warning');
  });

  it('keeps Tab inside the warning, and Escape stays signed in', async () => {
    render(<Harness />);
    await idleFor(TIMEOUT_SECONDS - 60);
    const stay = screen.getByRole('button', { name: 'Stay signed in' });
    const signOut = screen.getByRole('button', { name: 'Sign out now' });
    signOut.focus();
    fireEvent.keyDown(signOut, { key: 'Tab' });
    expect(stay).toHaveFocus();
    fireEvent.keyDown(stay, { key: 'Tab', shiftKey: true });
    expect(signOut).toHaveFocus();
    fireEvent.keyDown(signOut, { key: 'Escape' });
    await idleFor(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('signs out at the limit: the page goes, nothing is kept in memory, the landing page says why, and sign-in returns here', async () => {
    vi.useRealTimers();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi([
      { method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json(adviserFixture({ name: 'Ada Adviser' })) },
      { method: 'GET', path: '/api/v1/backendforfrontend/policy/search', respond: () => json({ policyDetails: [], currentPage: 1, totalPages: 1, totalRecordCount: 0 }) },
    ]);
    const userManager = testUserManager();
    await signInAs(userManager);
    const signoutRedirect = vi.spyOn(userManager, 'signoutRedirect').mockImplementation(async () => {
      await userManager.removeUser();
    });
    const { router, queryClient } = renderApp(userManager, '/dashboard/policyholders?page=1', {
      config: bootstrapConfigFixture({ idleTimeoutSeconds: TIMEOUT_SECONDS }),
    });
    expect(await screen.findByText('Ada Adviser', {}, { timeout: 5000 })).toBeInTheDocument();

    await idleFor(TIMEOUT_SECONDS);
    await waitFor(() => expect(signoutRedirect).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(screen.queryByText('Ada Adviser')).not.toBeInTheDocument();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);

    await act(async () => {
      await router.navigate('/login');
    });
    expect(await screen.findByText('You were signed out because you were inactive for 2 minutes')).toBeInTheDocument();
    const signinRedirect = vi.spyOn(userManager, 'signinRedirect').mockResolvedValue();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/dashboard/policyholders?page=1' } }), { timeout: 5000 });
  });
});
