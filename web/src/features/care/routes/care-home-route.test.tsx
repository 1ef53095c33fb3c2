import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, problem, stubApi } from '@/test/fetch-stub';
import { renderApp, signInAs, testUserManager } from '@/test/app-harness';

const results = (rows: unknown[]) => ({ results: rows, currentPage: 1, totalPages: 1, totalRecordCount: rows.length });

const turing = {
  id: 100001,
  adviserId: 'adviser1',
  adviserName: 'Priya Shah',
  firmLocationName: 'Leeds',
  firmName: 'Northfield Financial Planning',
  status: 'QUOTE',
  applicationStatus: 'Quote',
  clientNames: 'Alan Turing',
  createdAt: '2026-11-27T09:00:00Z',
  updatedAt: '2026-11-27T09:00:00Z',
  active: false,
  hasNewUnderwritingUpdate: false,
};

const policies = (rows: unknown[], totalRecordCount = rows.length) => ({
  policyDetails: rows,
  currentPage: 1,
  totalPages: Math.ceil(totalRecordCount / 10),
  totalRecordCount,
});

const turingPolicy = (n: number) => ({
  policyHolderId: `holder${String(n)}`,
  policyReference: `LP${String(9000 + n)}`,
  holderName: 'Alan Turing',
  productTypes: ['lifeProtection'],
  applicationId: 100001 + n,
  adviserId: 'adviser1',
  adviserName: 'Priya Shah',
  firmName: 'Harbour Protection Ltd',
  status: 'inForce',
  policyStatus: 'In force',
  startsOn: '2026-12-01',
  monthlyPremium: { amount: 12.5, currency: 'GBP' },
  issuedAt: '2026-11-27T09:00:00Z',
});

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
    expect(within(link.closest('tr') as HTMLElement).getByText('Northfield Financial Planning')).toBeInTheDocument();
    expect(requests.every((r) => r.url.pathname.startsWith('/api/v1/care/'))).toBe(true);
  });

  it('searches any firm’s policies with the same term, pages them, and opens a policy’s case', async () => {
    const { requests } = stubApi([
      { method: 'GET', path: '/api/v1/care/applications', respond: () => json(results([])) },
      {
        method: 'GET',
        path: '/api/v1/care/policies',
        respond: (request) => {
          if (request.url.searchParams.get('searchTerm') !== 'turing') return json(policies([]));
          const page = Number(request.url.searchParams.get('page'));
          return json({ ...policies([turingPolicy(page)], 11), currentPage: page });
        },
      },
    ]);
    const userManager = testUserManager();
    await signInAs(userManager, ['cca']);
    const { router } = renderApp(userManager, '/customer-care');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Client name or reference', {}, { timeout: 5000 }), 'turing');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(/^No applications match. Applications at every stage are searched, in force included; a policy number is found under Policies./)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Policies' }));
    expect(screen.getByRole('tab', { name: 'Policies' })).toHaveAttribute('aria-selected', 'true');
    const link = await screen.findByRole('link', { name: 'LP9001' });
    expect(link).toHaveAttribute('href', '/customer-care/cases/100002');
    const row = within(link.closest('tr') as HTMLElement);
    expect(row.getByText('Alan Turing')).toBeInTheDocument();
    expect(row.getByText('Priya Shah')).toBeInTheDocument();
    expect(row.getByText('In force')).toBeInTheDocument();
    expect(row.getByText('Harbour Protection Ltd')).toBeInTheDocument();
    expect(screen.getByText('11 policies')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: 'LP9002' })).toHaveAttribute('href', '/customer-care/cases/100003');
    expect(requests.filter((r) => r.url.pathname === '/api/v1/care/policies').map((r) => r.url.searchParams.get('page'))).toEqual(['1', '2']);

    await user.click(screen.getByRole('link', { name: 'LP9002' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer-care/cases/100003'));
  });

  it('says so when the policy search fails or finds nothing', async () => {
    stubApi([
      { method: 'GET', path: '/api/v1/care/applications', respond: () => json(results([])) },
      {
        method: 'GET',
        path: '/api/v1/care/policies',
        respond: (request) =>
          request.url.searchParams.get('searchTerm') === 'broken'
            ? problem(500, { type: 'internal', title: 'Something went wrong' })
            : json(policies([])),
      },
    ]);
    const userManager = testUserManager();
    await signInAs(userManager, ['ccaadmin']);
    renderApp(userManager, '/customer-care');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Policies' }, { timeout: 5000 }));
    expect(await screen.findByText(/^No policies match. Only policies put in force are here; a case not yet in force is found under Applications./)).toBeInTheDocument();
    // Nothing to page through.
    expect(screen.queryByRole('navigation', { name: /^Pages of/ })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Client name or reference'), 'broken');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This could not be loaded. Please try again.');
  });

  it('shows administrators their pages in the menu and agents the web chats', async () => {
    stubApi([{ method: 'GET', path: '/api/v1/care/applications', respond: () => json(results([])) }]);
    const userManager = testUserManager();
    await signInAs(userManager, ['ccaadmin']);
    renderApp(userManager, '/customer-care');
    const nav = await screen.findByRole('navigation', { name: /main/i }, { timeout: 5000 });
    expect(within(nav).getByRole('link', { name: 'Advisers' })).toHaveAttribute('href', '/customer-care/advisers');
    expect(within(nav).getByRole('link', { name: 'Data reads' })).toHaveAttribute('href', '/customer-care/data-reads');
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
