import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '@/test/fetch-stub';
import { renderApp, signInAs, testUserManager } from '@/test/app-harness';

const results = (rows: unknown[]) => ({ results: rows, currentPage: 1, totalPages: 1, totalRecordCount: rows.length });

const turing = {
  id: 100001,
  adviserId: 'adviser1',
  adviserName: 'Priya Shah',
  firmLocationName: 'Leeds',
  status: 'QUOTE',
  applicationStatus: 'Quote',
  clientNames: 'Alan Turing',
  createdAt: '2026-11-27T09:00:00Z',
  updatedAt: '2026-11-27T09:00:00Z',
  active: false,
  hasNewUnderwritingUpdate: false,
};

describe('customer care’s home (§6 cca, ccaadmin)', () => {
  it.each([
    ['cca', /You are signed in as customer care/],
    ['CcaAdmin', /You are signed in as a customer care administrator/],
  ])('is where a %s user lands, searches any firm’s cases, and makes no adviser call', async (role, roleText) => {
    const { requests } = stubApi([
      {
        method: 'GET',
        path: '/api/v1/care/applications',
        respond: (request) => json(results(request.url.searchParams.get('searchTerm') === 'turing' ? [turing] : [])),
      },
    ]);
    const userManager = testUserManager();
    await signInAs(userManager, [role]);
    const { router } = renderApp(userManager, '/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Customer care' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/customer-care');
    expect(screen.getByText(roleText)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Client name or reference'), 'turing');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const link = await screen.findByRole('link', { name: '100001' });
    expect(link).toHaveAttribute('href', '/customer-care/cases/100001');
    expect(within(link.closest('tr') as HTMLElement).getByText('Priya Shah')).toBeInTheDocument();
    expect(requests.every((r) => r.url.pathname.startsWith('/api/v1/care/'))).toBe(true);
  });

  it('shows administrators their pages in the menu and agents the web chats', async () => {
    stubApi([{ method: 'GET', path: '/api/v1/care/applications', respond: () => json(results([])) }]);
    const userManager = testUserManager();
    await signInAs(userManager, ['ccaadmin']);
    renderApp(userManager, '/customer-care');
    const nav = await screen.findByRole('navigation', { name: /main/i }, { timeout: 5000 });
    expect(within(nav).getByRole('link', { name: 'Advisers' })).toHaveAttribute('href', '/customer-care/advisers');
    expect(within(nav).getByRole('link', { name: 'Health-answer reads' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Web chats' })).not.toBeInTheDocument();
  });

  it('gives an agent the web chats and none of the administrators’ pages', async () => {
    stubApi([{ method: 'GET', path: '/api/v1/care/applications', respond: () => json(results([])) }]);
    const userManager = testUserManager();
    await signInAs(userManager, ['cca']);
    renderApp(userManager, '/customer-care');
    const nav = await screen.findByRole('navigation', { name: /main/i }, { timeout: 5000 });
    expect(within(nav).getByRole('link', { name: 'Web chats' })).toHaveAttribute('href', '/customer-care/chats');
    expect(within(nav).queryByRole('link', { name: 'Advisers' })).not.toBeInTheDocument();
  });

  it('sends customer care from an adviser’s page to their own', async () => {
    stubApi([{ method: 'GET', path: '/api/v1/care/applications', respond: () => json(results([])) }]);
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
