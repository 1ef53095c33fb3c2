import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '@/test/fetch-stub';
import { renderApp, signInAs, testUserManager } from '@/test/app-harness';

describe('customer care’s page (§6 cca, ccaadmin)', () => {
  it.each([
    ['cca', 'You are signed in as customer care.'],
    ['CcaAdmin', 'You are signed in as a customer care administrator.'],
  ])('is where a %s user lands, says what they can do, and makes no adviser call', async (role, roleText) => {
    const { requests } = stubApi([{ method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json({}, 403) }]);
    const userManager = testUserManager();
    await signInAs(userManager, [role]);
    const { router } = renderApp(userManager, '/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Customer care' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/customer-care');
    expect(screen.getByText(roleText)).toBeInTheDocument();
    expect(screen.getByText(/Temporal Web UI/)).toBeInTheDocument();
    const today = screen.getByRole('region', { name: 'What you can do here today' });
    expect(within(today).getByRole('link', { name: '0800 123 4567' })).toHaveAttribute('href', 'tel:08001234567');
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('sends customer care from an adviser’s page to their own', async () => {
    stubApi([]);
    const userManager = testUserManager();
    await signInAs(userManager, ['cca']);
    const { router } = renderApp(userManager, '/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer-care'));
  });

  it('sends an adviser who finds the page to their dashboard', async () => {
    stubApi([]);
    const userManager = testUserManager();
    await signInAs(userManager);
    const { router } = renderApp(userManager, '/customer-care');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
