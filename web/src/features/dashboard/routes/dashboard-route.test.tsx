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
              summaryFixture({ id: 1002, clientNames: '', status: 'UNDERWRITING', applicationStatus: 'Underwriting', updatedAt: '2025-01-15T16:45:00Z' }),
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

    await user.click(screen.getByLabelText('Filter by stage'));
    await user.click(await screen.findByTitle('Quote'));
    await user.click(screen.getByTitle('Decision'));

    await waitFor(() => expect(searches(requests).at(-1)?.url.searchParams.getAll('status')).toEqual(['QUOTE', 'DECISION']));
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
    stubApi([{ method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json(adviserFixture()) }]);
    renderDashboard('/dashboard/policyholders');
    expect(await screen.findByText('Policyholders will appear here once a policy is in force.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Policyholders', selected: true })).toBeInTheDocument();
  });
});
