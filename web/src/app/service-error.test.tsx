import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, problem, stubApi } from '@/test/fetch-stub';
import { adviserFixture } from '@/test/fixtures';
import { renderApp, signInAs, testUserManager } from '@/test/app-harness';
import { NetworkError, isServiceUnavailable } from '@/lib/service-unavailable';
import { ApiError } from '@/lib/api-error';

const ADVISER = '/api/v1/backendforfrontend/adviser';
const SEARCH = '/api/v1/backendforfrontend/policy/search';
const POLICY_NOT_FOUND = 'Policy not found';
const EMPTY = { policyDetails: [], currentPage: 1, totalPages: 1, totalRecordCount: 0 };

describe('what counts as the API being down', () => {
  it('is a network failure or a gateway’s 502, 503 or 504; never a 4xx or a 500 the API explained', () => {
    expect(isServiceUnavailable(new NetworkError(new TypeError('Failed to fetch')))).toBe(true);
    for (const status of [502, 503, 504]) expect(isServiceUnavailable(new ApiError(status, undefined))).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 412, 422, 500]) expect(isServiceUnavailable(new ApiError(status, undefined))).toBe(false);
    // A bug in a page's code is not the service being down.
    expect(isServiceUnavailable(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
  });
});

describe('the service-error page (§2)', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('takes over when a page’s data cannot be fetched because the API is down, and Try again goes back', async () => {
    let down = true;
    stubApi([
      { method: 'GET', path: ADVISER, respond: () => json(adviserFixture()) },
      { method: 'GET', path: SEARCH, respond: () => (down ? new Response('Bad gateway', { status: 502 }) : json(EMPTY)) },
    ]);
    const user = userEvent.setup();
    const userManager = testUserManager();
    await signInAs(userManager);
    const { router } = renderApp(userManager, '/dashboard/policyholders?page=2');

    expect(await screen.findByRole('heading', { level: 1, name: 'The adviser portal is unavailable' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/service-error');
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe('/dashboard/policyholders?page=2');
    const page = screen.getByRole('region', { name: 'The adviser portal is unavailable' });
    expect(within(page).getByText(/Nothing you have saved is lost/)).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: '0800 123 4567' })).toBeInTheDocument();

    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/dashboard/policyholders?page=2'), { timeout: 5000 });
    expect(await screen.findByText('Policyholders will appear here once a policy is in force.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('takes over when the network fails', async () => {
    stubApi([{ method: 'GET', path: ADVISER, respond: () => json(adviserFixture()) }]);
    const fetchStub = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (new URL(request.url).pathname === SEARCH) throw new TypeError('Failed to fetch');
      return fetchStub(input, init);
    });
    const userManager = testUserManager();
    await signInAs(userManager);
    const { router } = renderApp(userManager, '/dashboard/policyholders');

    expect(await screen.findByRole('heading', { level: 1, name: 'The adviser portal is unavailable' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/service-error');
  });

  it('leaves an ordinary refusal to the page, which shows it in place', async () => {
    stubApi([
      { method: 'GET', path: ADVISER, respond: () => json(adviserFixture()) },
      { method: 'GET', path: '/api/v1/backendforfrontend/policydetails/P-404', respond: () => problem(404, { title: 'Policy not found' }) },
    ]);
    const userManager = testUserManager();
    await signInAs(userManager);
    const { router } = renderApp(userManager, '/policy-holder/P-404');

    expect(await screen.findByRole('heading', { level: 1, name: POLICY_NOT_FOUND }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/policy-holder/P-404');
    expect(screen.queryByRole('heading', { name: 'The adviser portal is unavailable' })).not.toBeInTheDocument();
  });

  it('is open without sign-in: it must show when sign-in itself cannot be reached', async () => {
    stubApi([]);
    const userManager = testUserManager();
    const signinRedirect = vi.spyOn(userManager, 'signinRedirect').mockResolvedValue();
    renderApp(userManager, '/service-error?returnTo=%2Fdashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'The adviser portal is unavailable' })).toBeInTheDocument();
    expect(signinRedirect).not.toHaveBeenCalled();
  });

  it('goes home, not to another site, when the address to go back to is not the portal’s', async () => {
    stubApi([{ method: 'GET', path: ADVISER, respond: () => json(adviserFixture()) }, { method: 'GET', path: SEARCH, respond: () => json(EMPTY) }]);
    const user = userEvent.setup();
    const userManager = testUserManager();
    await signInAs(userManager);
    const { router } = renderApp(userManager, '/service-error?returnTo=https%3A%2F%2Fevil.example%2F');
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 5000 });
  });
});
