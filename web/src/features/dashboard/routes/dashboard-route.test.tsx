import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routePatterns } from '@/app/paths';
import { json, stubApi, type RecordedRequest } from '@/test/fetch-stub';
import { adviserFixture, applicationFixture, summaryFixture } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { DashboardRoute } from './dashboard-route';

const SEARCH_PATH = '/api/v1/backendforfrontend/application/search';

function searchResults(results = [summaryFixture()], totalRecordCount = results.length) {
  return { results, currentPage: 1, totalPages: Math.max(1, Math.ceil(totalRecordCount / 10)), totalRecordCount };
}

function searches(requests: RecordedRequest[]) {
  return requests.filter((request) => request.url.pathname === SEARCH_PATH);
}

function renderDashboard(url = '/dashboard') {
  return renderRoute(<DashboardRoute />, { path: routePatterns.dashboard, url });
}

describe('dashboard', () => {
  it('lists the adviser’s applications from the search', async () => {
    stubApi([
      { method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json(adviserFixture()) },
      {
        method: 'GET',
        path: SEARCH_PATH,
        respond: () =>
          json(
            searchResults([
              summaryFixture(),
              summaryFixture({ id: 1002, clientNames: '', status: 'UNDERWRITING', applicationStatus: 'Underwriting', updatedAt: '2025-01-15T16:45:00Z', hasNewUnderwritingUpdate: true }),
            ]),
          ),
      },
    ]);
    renderDashboard();

    const table = await screen.findByRole('table');
    const turingRow = (await within(table).findByText('Alan Turing')).closest('tr');
    if (!turingRow) throw new Error('no row');
    expect(within(turingRow).getByRole('link', { name: 'Open application 1001' })).toHaveTextContent('1001');
    expect(within(turingRow).getByText('Pre-quote')).toBeInTheDocument();
    expect(within(turingRow).getByText('02/03/2025 10:30')).toBeInTheDocument();
    expect(within(table).getByText('Underwriting')).toBeInTheDocument();
    expect(within(table).getByText('15/01/2025 16:45')).toBeInTheDocument();
    expect(within(table).getByText('No clients added yet')).toBeInTheDocument();
    const referredRow = within(table).getByRole('row', { name: /1002/ });
    expect(within(referredRow).getByText('New underwriting update')).toBeInTheDocument();
    expect(within(turingRow).queryByText('New underwriting update')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'In Progress', selected: true })).toBeInTheDocument();
  });

  it('sends the search term once typing pauses, starting again at page 1', async () => {
    const { requests } = stubApi([
      { method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json(adviserFixture()) },
      {
        method: 'GET',
        path: SEARCH_PATH,
        respond: (request) =>
          json(request.url.searchParams.get('searchTerm') === 'Turing' ? searchResults() : searchResults([summaryFixture({ id: 7, clientNames: 'Someone Else' })])),
      },
    ]);
    const user = userEvent.setup();
    renderDashboard();

    await screen.findByText('Someone Else');
    expect(searches(requests)[0]?.url.searchParams.has('searchTerm')).toBe(false);
    expect(searches(requests)[0]?.url.searchParams.get('page')).toBe('1');

    await user.type(screen.getByRole('searchbox', { name: 'Search by client name or reference' }), 'Turing');

    expect(await screen.findByText('Alan Turing')).toBeInTheDocument();
    const terms = searches(requests).map((request) => request.url.searchParams.get('searchTerm'));
    expect(terms).toEqual([null, 'Turing']);
    expect(searches(requests).at(-1)?.url.searchParams.get('page')).toBe('1');
  });

  it('filters by stage with a repeated status parameter', async () => {
    const { requests } = stubApi([
      { method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json(adviserFixture()) },
      { method: 'GET', path: SEARCH_PATH, respond: () => json(searchResults()) },
    ]);
    const user = userEvent.setup();
    renderDashboard();
    await screen.findByText('Alan Turing');

    const filter = screen.getByRole('group', { name: 'Filter by stage' });
    await user.click(within(filter).getByRole('checkbox', { name: 'Decision' }));
    await user.click(within(filter).getByRole('checkbox', { name: 'Quote' }));

    // In journey order, whatever the order they were ticked in.
    await waitFor(() => expect(searches(requests).at(-1)?.url.searchParams.getAll('status')).toEqual(['QUOTE', 'DECISION']));
  });

  it('opens each application on the page of its stage', async () => {
    stubApi([
      { method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json(adviserFixture()) },
      {
        method: 'GET',
        path: SEARCH_PATH,
        respond: () =>
          json(
            searchResults([
              summaryFixture({ id: 1001, status: 'CREATE_QUOTE' }),
              summaryFixture({ id: 1002, status: 'QUOTE', clientNames: 'Ada Lovelace' }),
              summaryFixture({ id: 1003, status: 'APPLY', clientNames: 'Grace Hopper' }),
              summaryFixture({ id: 1004, status: 'DECISION', clientNames: 'Mary Somerville' }),
              summaryFixture({ id: 1005, status: 'WENT_ON_RISK', clientNames: 'Dorothy Hodgkin' }),
            ]),
          ),
      },
    ]);
    const user = userEvent.setup();
    const { router } = renderDashboard();

    expect(await screen.findByRole('link', { name: 'Open application 1001' })).toHaveAttribute('href', '/application/1001/client-details');
    expect(screen.getByRole('link', { name: 'Open application 1002' })).toHaveAttribute('href', '/application/1002/quote');
    expect(screen.getByRole('link', { name: 'Open application 1003' })).toHaveAttribute('href', '/application/1003/application');
    expect(screen.getByRole('link', { name: 'Open application 1004' })).toHaveAttribute('href', '/application/1004/decision');
    // A case on risk opens on Complete, with its policies.
    expect(screen.getByRole('link', { name: 'Open application 1005' })).toHaveAttribute('href', '/application/1005/complete');
    await user.click(screen.getByText('Ada Lovelace'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/1002/quote'));
  });

  it('lets an assistant choose the adviser they act for, for the list and for a new application', async () => {
    sessionStorage.clear();
    const { requests } = stubApi([
      {
        method: 'GET',
        path: '/api/v1/backendforfrontend/adviser',
        respond: () => json(adviserFixture({ id: 'assistant1', name: 'Sam Assistant', actsFor: [{ id: 'adviser1', name: 'Ada Adviser' }] })),
      },
      { method: 'GET', path: SEARCH_PATH, respond: () => json(searchResults()) },
      { method: 'POST', path: '/api/v1/backendforfrontend/application/create', respond: () => json(applicationFixture({ id: 2003, applicants: [] }), 201) },
    ]);
    const user = userEvent.setup();
    const { router } = renderDashboard();

    const actingFor = await screen.findByRole('combobox', { name: 'Acting for' });
    expect(searches(requests)[0]?.url.searchParams.has('adviserId')).toBe(false);
    await user.selectOptions(actingFor, 'Ada Adviser');
    await waitFor(() => expect(searches(requests).at(-1)?.url.searchParams.get('adviserId')).toBe('adviser1'));

    await user.click(screen.getByRole('button', { name: /Create a new application/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/2003/client-details'));
    const create = requests.find((request) => request.method === 'POST');
    expect(create?.url.searchParams.get('adviserId')).toBe('adviser1');
    expect(sessionStorage.getItem('portal.dashboard.actingFor')).toBe('adviser1');
  });

  it('offers no adviser choice to an adviser who acts for no one', async () => {
    stubApi([
      { method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json(adviserFixture()) },
      { method: 'GET', path: SEARCH_PATH, respond: () => json(searchResults()) },
    ]);
    renderDashboard();
    await screen.findByText('Alan Turing');
    expect(screen.queryByRole('combobox', { name: 'Acting for' })).not.toBeInTheDocument();
  });

  it('moves between the tabs with the arrow keys', async () => {
    stubApi([
      { method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json(adviserFixture()) },
      { method: 'GET', path: SEARCH_PATH, respond: () => json(searchResults()) },
    ]);
    const user = userEvent.setup();
    const { router } = renderDashboard();
    const inProgress = await screen.findByRole('tab', { name: 'In Progress', selected: true });
    inProgress.focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/policyholders'));
    expect(screen.getByRole('tab', { name: 'Policyholders', selected: true })).toHaveFocus();
  });

  it('creates an application and opens its client details', async () => {
    stubApi([
      { method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json(adviserFixture()) },
      { method: 'GET', path: SEARCH_PATH, respond: () => json(searchResults()) },
      { method: 'POST', path: '/api/v1/backendforfrontend/application/create', respond: () => json(applicationFixture({ id: 2002, applicants: [] }), 201) },
    ]);
    const user = userEvent.setup();
    const { router } = renderDashboard();

    await user.click(await screen.findByRole('button', { name: /Create a new application/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/2002/client-details'));
  });

  it('hides "Create a new application" when the adviser may not start one', async () => {
    const adviser = adviserFixture();
    stubApi([
      { method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json({ ...adviser, uxSettings: { ...adviser.uxSettings, displayNewQuoteButton: false } }) },
      { method: 'GET', path: SEARCH_PATH, respond: () => json(searchResults()) },
    ]);
    renderDashboard();
    await screen.findByText('Welcome back, Ada Adviser.');
    expect(screen.queryByRole('button', { name: /Create a new application/ })).not.toBeInTheDocument();
  });

  it('shows an empty Policyholders tab', async () => {
    stubApi([
      { method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json(adviserFixture()) },
      { method: 'GET', path: '/api/v1/backendforfrontend/policy/search', respond: () => json({ policyDetails: [], currentPage: 1, totalPages: 1, totalRecordCount: 0 }) },
    ]);
    renderDashboard('/dashboard/policyholders');
    expect(await screen.findByText('Policyholders will appear here once a policy is in force.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Policyholders', selected: true })).toBeInTheDocument();
  });
});
