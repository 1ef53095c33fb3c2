import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { routePatterns } from '@/app/paths';
import type { Schemas } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { json, problem, stubApi, type Route } from '@/test/fetch-stub';
import { adviserFixture, contactDetailsFixture, coverFixture, riderFixture } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { PolicyHolderRoute } from './policy-holder-route';

vi.mock('@/lib/save-file', () => ({ saveFile: vi.fn() }));

const DETAILS = '/api/v1/backendforfrontend/policydetails/applicant-1';

function details(overrides: Partial<Schemas['PolicyDetails']> = {}): Schemas['PolicyDetails'] {
  return {
    applicationId: 1001,
    adviserId: 'adviser-1',
    title: 'Mr',
    firstName: 'Alan',
    lastName: 'Turing',
    dateOfBirth: '1985-06-23',
    policy: {
      policyReference: 'PP0000100111',
      applicantId: 'applicant-1',
      holderName: 'Alan Turing',
      issuedAt: '2026-11-24T12:00:00Z',
      startsOn: '2026-12-01',
      cancellationEndsOn: '2026-12-24',
      cancellationWindowClosed: false,
      monthlyPremium: 58.18,
      status: 'awaitingStart',
      documents: [{ documentId: 'doc-schedule-1', fileName: 'Policy-schedule-PP0000100111.pdf', title: 'Policy schedule' }],
    },
    covers: [
      {
        cover: coverFixture({ riders: [riderFixture({ riderType: 'tpd', coverAmount: 100000 })] }),
        terms: 'Life Protection: non-standard terms: the premium is loaded by 50%.',
        loading: 50,
        exclusions: [],
        premium: 35.18,
        endsOn: '2051-12-01',
      },
      {
        cover: coverFixture({ id: 'cover-2', productType: 'ip', coverType: 'level', coverAmount: null, monthlyBenefit: 1500, term: null, toAge: 65 }),
        terms: 'Standard terms',
        loading: 0,
        exclusions: [],
        premium: 20,
        endsOn: '2050-06-23',
      },
    ],
    bankDetails: { name: 'Mr Alan Turing', accountNumber: '••••4958', sortCode: '08-99-99', collectionDay: 15, payerConfirmed: true },
    contactDetails: contactDetailsFixture({ address1: '1 Station Road', address2: 'Headingley', cityName: 'Leeds', postcode: 'LS1 4AP', phoneNumber: '01134960000', emailAddress: 'alan@example.com' }),
    jointPolicy: { policyHolderId: 'applicant-2', holderName: 'Ada Lovelace', policyReference: 'PP0000100129' },
    ...overrides,
  };
}

function stub(more: Route[]) {
  return stubApi([{ method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json(adviserFixture()) }, ...more]);
}

function render(url = '/policy-holder/applicant-1') {
  return renderRoute(<PolicyHolderRoute />, { path: routePatterns.policyHolder, url });
}

describe('policy view', () => {
  it('shows the client, the policy, its Cover Summary and the Direct Debit masked', async () => {
    stub([{ method: 'GET', path: DETAILS, respond: () => json(details()) }]);
    render();

    // The name as the Policyholders list gives it: no title.
    expect(await screen.findByRole('heading', { level: 1, name: 'Alan Turing' })).toBeInTheDocument();
    expect(screen.getAllByText('PP0000100111').length).toBeGreaterThan(0);
    expect(screen.getByText('Starts on 01/12/2026')).toBeInTheDocument();
    expect(screen.getByText('Status').nextElementSibling).toHaveTextContent('Starts later');
    expect(screen.getByText('Start date').nextElementSibling).toHaveTextContent('01/12/2026');
    expect(screen.getByText('Monthly premium', { selector: 'dt' }).nextElementSibling).toHaveTextContent('£58.18');
    expect(screen.getByText('Until 24/12/2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Application 1001' })).toHaveAttribute('href', '/application/1001/complete');

    const summary = screen.getByRole('region', { name: 'Cover Summary' });
    const life = within(summary).getByRole('row', { name: /Life Protection/ });
    expect(within(life).getByText('Level')).toBeInTheDocument();
    expect(within(life).getByText('£250,000')).toBeInTheDocument();
    expect(within(life).getByText('25 years')).toBeInTheDocument();
    expect(within(life).getByText(/Total Permanent Disability £100,000/)).toBeInTheDocument();
    expect(within(life).getByText('Life Protection: non-standard terms: the premium is loaded by 50%.')).toBeInTheDocument();
    expect(within(life).getByText('£35.18')).toBeInTheDocument();
    expect(within(summary).getByRole('columnheader', { name: 'Ends on' })).toBeInTheDocument();
    expect(within(life).getByText('01/12/2051')).toBeInTheDocument();
    const ip = within(summary).getByRole('row', { name: /Income Protection/ });
    expect(within(ip).getByText('£1,500 a month')).toBeInTheDocument();
    expect(within(ip).getByText('Age 65')).toBeInTheDocument();
    expect(within(ip).getByText('£20.00')).toBeInTheDocument();
    expect(within(ip).getByText('23/06/2050')).toBeInTheDocument();
    expect(within(summary).getByRole('row', { name: /Policy fee/ })).toHaveTextContent('£3.00');
    expect(within(summary).getByRole('row', { name: /Total a month/ })).toHaveTextContent('£58.18');

    expect(screen.getByText('••••4958')).toBeInTheDocument();
    expect(screen.getByText('The 15th of each month')).toBeInTheDocument();
  });

  it('gives the policyholder’s address and contact details, and opens the joint client’s policy', async () => {
    stub([
      { method: 'GET', path: DETAILS, respond: () => json(details()) },
      {
        method: 'GET',
        path: '/api/v1/backendforfrontend/policydetails/applicant-2',
        respond: () =>
          json(
            details({
              firstName: 'Ada',
              lastName: 'Lovelace',
              policy: { ...details().policy, applicantId: 'applicant-2', holderName: 'Ada Lovelace', policyReference: 'PP0000100129' },
              jointPolicy: { policyHolderId: 'applicant-1', holderName: 'Alan Turing', policyReference: 'PP0000100111' },
            }),
          ),
      },
    ]);
    const user = userEvent.setup();
    const { router } = render();

    const contact = await screen.findByRole('heading', { level: 2, name: 'Contact details' });
    const card = contact.closest('.ant-card');
    if (!(card instanceof HTMLElement)) throw new Error('no contact card');
    const address = within(card).getByText('Address').nextElementSibling;
    expect([...(address?.children ?? [])].map((line) => line.textContent)).toEqual(['1 Station Road', 'Headingley', 'Leeds', 'LS1 4AP']);
    expect(within(card).getByText('Phone').nextElementSibling).toHaveTextContent('0113 496 0000');
    expect(within(card).getByText('Email').nextElementSibling).toHaveTextContent('alan@example.com');

    await user.click(screen.getByRole('link', { name: 'Ada Lovelace’s policy, PP0000100129' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/policy-holder/applicant-2'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alan Turing’s policy, PP0000100111' })).toHaveAttribute('href', '/policy-holder/applicant-1');
  });

  it('says so when no contact details are recorded, and links to no joint policy for a client alone', async () => {
    stub([{ method: 'GET', path: DETAILS, respond: () => json(details({ contactDetails: null, jointPolicy: null })) }]);
    render();
    expect(await screen.findByText('No contact details are recorded.')).toBeInTheDocument();
    expect(screen.queryByText('Joint application')).not.toBeInTheDocument();
  });

  it('downloads the policy’s documents under the names the server gives them', async () => {
    const { requests } = stub([
      { method: 'GET', path: DETAILS, respond: () => json(details()) },
      {
        method: 'GET',
        path: /^\/api\/v1\/document\//,
        respond: () =>
          new Response(new TextEncoder().encode('%PDF-1.4'), {
            status: 200,
            headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="Schedule-PP0000100111.pdf"' },
          }),
      },
    ]);
    const user = userEvent.setup();
    render();
    const documents = await screen.findByRole('region', { name: 'Documents' });
    await user.click(within(documents).getByRole('button', { name: 'Policy schedule (PDF)' }));
    await waitFor(() => expect(vi.mocked(saveFile)).toHaveBeenCalled());
    expect(vi.mocked(saveFile).mock.calls.at(-1)?.[1]).toBe('Schedule-PP0000100111.pdf');
    expect(requests.at(-1)?.url.pathname).toBe('/api/v1/document/doc-schedule-1/Policy-schedule-PP0000100111.pdf');
  });

  it('shows a clear not-found panel for a policy the adviser may not see', async () => {
    stub([{ method: 'GET', path: /^\/api\/v1\/backendforfrontend\/policydetails\//, respond: () => problem(404, { title: 'Not Found', detail: 'Policy not found' }) }]);
    const user = userEvent.setup();
    const { router } = render('/policy-holder/someone-else');
    expect(await screen.findByRole('heading', { level: 1, name: 'Policy not found' })).toBeInTheDocument();
    expect(screen.getByText('There is no such policy, or it is not one you can see.')).toBeInTheDocument();
    expect(screen.queryByText('Cover Summary')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Policyholders' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/policyholders'));
  });

  it('offers to try again when the policy could not be loaded', async () => {
    let fail = true;
    stub([{ method: 'GET', path: DETAILS, respond: () => (fail ? problem(500, { title: 'Internal Server Error' }) : json(details())) }]);
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('The policy could not be loaded. Please try again.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Cover Summary' })).toBeInTheDocument();
  });
});
