import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { routePatterns } from '@/app/paths';
import type { Schemas } from '@/lib/api-client';
import { json, problem, stubApi, type RecordedRequest } from '@/test/fetch-stub';
import { adviserFixture } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { DashboardRoute } from './dashboard-route';

const POLICY_SEARCH = '/api/v1/backendforfrontend/policy/search';
const ADVISER = '/api/v1/backendforfrontend/adviser';

type PolicySummary = Schemas['PolicySummary'];

function policy(overrides: Partial<PolicySummary> = {}): PolicySummary {
  return {
    policyHolderId: 'applicant-1',
    policyReference: 'PP0000100111',
    holderName: 'Alan Turing',
    productTypes: ['life'],
    applicationId: 1001,
    adviserId: 'adviser-1',
    adviserName: 'Ada Adviser',
    firmName: 'Northfield Financial Planning',
    status: 'inForce',
    policyStatus: 'In force',
    startsOn: '2026-11-24',
    monthlyPremium: 35.18,
    issuedAt: '2026-11-24T11:00:00Z',
    ...overrides,
  };
}

function page(policyDetails: PolicySummary[], totalRecordCount = policyDetails.length, currentPage = 1) {
  return { policyDetails, currentPage, totalPages: Math.max(1, Math.ceil(totalRecordCount / 10)), totalRecordCount };
}

function searches(requests: RecordedRequest[]) {
  return requests.filter((request) => request.url.pathname === POLICY_SEARCH);
}

function render() {
  return renderRoute(<DashboardRoute />, { path: routePatterns.dashboard, url: '/dashboard/policyholders' });
}

beforeEach(() => sessionStorage.clear());

describe('Policyholders tab', () => {
  it('lists each policy with its number, holder, start, premium, status and adviser, and opens the policy view', async () => {
    stubApi([
      { method: 'GET', path: ADVISER, respond: () => json(adviserFixture()) },
      {
        method: 'GET',
        path: POLICY_SEARCH,
        respond: () =>
          json(
            page([
              policy(),
              policy({ policyHolderId: 'applicant-2', policyReference: 'PP0000100129', holderName: 'Ada Turing', productTypes: ['life', 'ci'], status: 'awaitingStart', policyStatus: 'Starts on its start date', startsOn: '2026-12-01', monthlyPremium: 20 }),
            ]),
          ),
      },
    ]);
    const user = userEvent.setup();
    const { router } = render();

    const table = await screen.findByRole('table');
    const alan = (await within(table).findByText('Alan Turing')).closest('tr');
    if (!alan) throw new Error('no row');
    expect(within(alan).getByRole('link', { name: 'Open policy PP0000100111' })).toHaveAttribute('href', '/policy-holder/applicant-1');
    expect(within(alan).getByText('24/11/2026')).toBeInTheDocument();
    expect(within(alan).getByText('£35.18')).toBeInTheDocument();
    expect(within(alan).getByText('In force')).toBeInTheDocument();
    expect(within(alan).getByText('Ada Adviser')).toBeInTheDocument();
    const ada = within(table).getByText('Ada Turing').closest('tr');
    if (!ada) throw new Error('no row');
    expect(within(ada).getByText('Starts later')).toBeInTheDocument();
    expect(within(ada).getByText('01/12/2026')).toBeInTheDocument();
    expect(within(ada).getByText('£20.00')).toBeInTheDocument();
    expect(screen.getByText('2 policyholders')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Product' })).toBeInTheDocument();

    await user.click(within(ada).getByText('Ada Turing'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/policy-holder/applicant-2'));
  });

  it('names each policyholder without a title and says what cover their policy holds', async () => {
    stubApi([
      { method: 'GET', path: ADVISER, respond: () => json(adviserFixture()) },
      {
        method: 'GET',
        path: POLICY_SEARCH,
        respond: () =>
          json(
            page([
              policy(),
              policy({ policyHolderId: 'applicant-2', policyReference: 'PP0000100129', holderName: 'Ada Lovelace', productTypes: ['life', 'ci'] }),
              policy({ policyHolderId: 'applicant-3', policyReference: 'PP0000100137', holderName: 'Grace Hopper', productTypes: [] }),
            ]),
          ),
      },
    ]);
    render();

    const table = await screen.findByRole('table');
    await within(table).findByText('Grace Hopper');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    const cellsOf = (reference: string) => {
      const row = within(table).getByRole('link', { name: `Open policy ${reference}` }).closest('tr');
      if (!row) throw new Error(`no row for ${reference}`);
      const cells = within(row).getAllByRole('cell').map((cell) => cell.textContent);
      return { name: cells[headers.indexOf('Policyholder')], product: cells[headers.indexOf('Product')] };
    };
    expect(cellsOf('PP0000100111')).toEqual({ name: 'Alan Turing', product: 'Life Protection' });
    expect(cellsOf('PP0000100129')).toEqual({ name: 'Ada Lovelace', product: 'Life Protection, Critical Illness' });
    expect(cellsOf('PP0000100137')).toEqual({ name: 'Grace Hopper', product: '–' });
  });

  it('sends the search term once typing pauses, the statuses chosen, and the page asked for', async () => {
    const { requests } = stubApi([
      { method: 'GET', path: ADVISER, respond: () => json(adviserFixture()) },
      {
        method: 'GET',
        path: POLICY_SEARCH,
        respond: (request) => {
          const current = Number(request.url.searchParams.get('page'));
          return json(page([policy({ holderName: `Client on page ${String(current)}` })], 12, current));
        },
      },
    ]);
    const user = userEvent.setup();
    render();
    await screen.findByText('Client on page 1');
    expect(searches(requests)[0]?.url.searchParams.has('searchTerm')).toBe(false);
    expect(searches(requests)[0]?.url.searchParams.has('status')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Client on page 2')).toBeInTheDocument();
    expect(screen.getByText('Page 2')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search by policyholder, policy number or application' }), 'Turing');
    await waitFor(() => expect(searches(requests).at(-1)?.url.searchParams.get('searchTerm')).toBe('Turing'));
    // A new search starts again at page 1.
    expect(searches(requests).at(-1)?.url.searchParams.get('page')).toBe('1');

    const filter = screen.getByRole('group', { name: 'Filter by status' });
    await user.click(within(filter).getByRole('checkbox', { name: 'Starts later' }));
    await waitFor(() => expect(searches(requests).at(-1)?.url.searchParams.getAll('status')).toEqual(['awaitingStart']));
    await user.click(within(filter).getByRole('checkbox', { name: 'In force' }));
    await waitFor(() => expect(searches(requests).at(-1)?.url.searchParams.getAll('status')).toEqual(['inForce', 'awaitingStart']));
  });

  it('lists only the policies of the adviser an assistant acts for', async () => {
    const { requests } = stubApi([
      { method: 'GET', path: ADVISER, respond: () => json(adviserFixture({ id: 'assistant1', name: 'Sam Assistant', actsFor: [{ id: 'adviser1', name: 'Ada Adviser' }] })) },
      { method: 'GET', path: POLICY_SEARCH, respond: () => json(page([policy()])) },
    ]);
    const user = userEvent.setup();
    render();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Acting for' }), 'Ada Adviser');
    await waitFor(() => expect(searches(requests).at(-1)?.url.searchParams.get('adviserId')).toBe('adviser1'));
    expect(searches(requests)[0]?.url.searchParams.has('adviserId')).toBe(false);
  });

  it('says when nothing matches, and when the list could not be loaded', async () => {
    let fail = false;
    stubApi([
      { method: 'GET', path: ADVISER, respond: () => json(adviserFixture()) },
      { method: 'GET', path: POLICY_SEARCH, respond: () => (fail ? problem(500, { title: 'Internal Server Error' }) : json(page([]))) },
    ]);
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('Policyholders will appear here once a policy is in force.')).toBeInTheDocument();
    fail = true;
    await user.type(screen.getByRole('searchbox', { name: /Search by policyholder/ }), 'Nobody');
    expect(await screen.findByText('Your policyholders could not be loaded. Please try again.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No policyholders match your search.')).toBeInTheDocument();
  });
});
