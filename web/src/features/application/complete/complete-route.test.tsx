import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { routePatterns } from '@/app/paths';
import type { Schemas } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { json, problem } from '@/test/fetch-stub';
import { applicantFixture, applicationFixture, coverFixture } from '@/test/fixtures';
import { stubApplication } from '@/test/application-stub';
import { renderRoute } from '@/test/render';
import { CompleteRoute } from './complete-route';

vi.mock('@/lib/save-file', () => ({ saveFile: vi.fn() }));

type Application = Schemas['Application'];
type Policy = Schemas['Policy'];


function policy(overrides: Partial<Policy> = {}): Policy {
  return {
    policyReference: 'PP0000100111',
    applicantId: 'applicant-1',
    holderName: 'Alan Turing',
    issuedAt: '2026-11-24T12:00:00Z',
    startsOn: '2026-11-24',
    cancellationEndsOn: '2026-12-24',
    cancellationWindowClosed: false,
    monthlyPremium: 35.18,
    status: 'inForce',
    documents: [
      { documentId: 'doc-schedule-1', fileName: 'Policy-schedule-PP0000100111.pdf', title: 'Policy schedule' },
      { documentId: 'doc-decision', fileName: 'Decision-1001.pdf', title: 'Decision' },
    ],
    ...overrides,
  };
}

function inForce(overrides: Partial<Application> = {}): Application {
  return applicationFixture({
    status: 'WENT_ON_RISK',
    applicationStatus: 'Went on risk',
    isQuoteEditable: false,
    proceededAt: '2026-11-24T11:00:00Z',
    active: true,
    activatedAt: '2026-11-24T12:00:00Z',
    applicants: [
      applicantFixture({ covers: [coverFixture({ decision: 'nonstandardterms', isPayoutPlannerUsed: true })] }),
      applicantFixture({
        id: 'applicant-2',
        firstName: 'Ada',
        covers: [
          coverFixture({ id: 'cover-2', productType: 'ip', coverType: 'level', coverAmount: null, monthlyBenefit: 1500, term: null, toAge: 65, decision: 'standardterms' }),
          coverFixture({ id: 'cover-3', productType: 'ci', coverAmount: 50000, decision: 'declined' }),
        ],
      }),
    ],
    policies: [
      policy(),
      policy({
        policyReference: 'PP0000100129',
        applicantId: 'applicant-2',
        holderName: 'Ada Turing',
        status: 'awaitingStart',
        startsOn: '2026-12-01',
        monthlyPremium: 20,
        cancellationWindowClosed: true,
        documents: [{ documentId: 'doc-schedule-2', fileName: 'Policy-schedule-PP0000100129.pdf', title: 'Policy schedule' }],
      }),
    ],
    ...overrides,
  });
}

function render() {
  return renderRoute(<CompleteRoute />, { path: routePatterns.complete, url: '/application/1001/complete' });
}

describe('Complete page', () => {
  it('shows each client’s policy number, status, premium and the date until which they may cancel for a full refund', async () => {
    stubApplication(inForce());
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Complete' })).toBeInTheDocument();

    const alan = await screen.findByRole('region', { name: 'Alan Turing' });
    expect(within(alan).getByText('PP0000100111')).toBeInTheDocument();
    expect(within(alan).getByText('In force')).toBeInTheDocument();
    expect(within(alan).getByText('£35.18')).toBeInTheDocument();
    expect(within(alan).getByText('Until 24/12/2026')).toBeInTheDocument();
    expect(within(alan).getByRole('link', { name: 'View Alan Turing’s policy' })).toHaveAttribute('href', '/policy-holder/applicant-1');

    const ada = screen.getByRole('region', { name: 'Ada Turing' });
    expect(within(ada).getByText('PP0000100129')).toBeInTheDocument();
    expect(within(ada).getByText('Starts on 01/12/2026')).toBeInTheDocument();
    expect(within(ada).getByText('The cancellation period ended on 24/12/2026')).toBeInTheDocument();
  });

  it('shows each policy’s start date and its covers with their amount and term, and the trust a payout plan sets up', async () => {
    stubApplication(inForce());
    render();
    const alan = await screen.findByRole('region', { name: 'Alan Turing' });
    expect(within(alan).getByText('Start date').nextElementSibling).toHaveTextContent('24/11/2026');
    expect(within(alan).getByText('Cover').nextElementSibling).toHaveTextContent('Life Protection: Level · £250,000 · 25 years');
    expect(
      within(alan).getByText('Life Protection uses the payout planner, which places it in trust for the beneficiaries chosen: explain the trust to Alan Turing.'),
    ).toBeInTheDocument();

    const ada = screen.getByRole('region', { name: 'Ada Turing' });
    expect(within(ada).getByText('Start date').nextElementSibling).toHaveTextContent('01/12/2026');
    // Her declined critical illness cover is in no policy.
    expect(within(ada).getByText('Cover').nextElementSibling).toHaveTextContent(/^Income Protection: £1,500 a month · Age 65$/);
    expect(within(ada).queryByText(/payout planner/)).not.toBeInTheDocument();
  });

  it('offers the key facts and the terms and conditions with each policy’s documents, fetched from the links the server gives', async () => {
    const keyFacts = '/api/v1/document/kf/KeyFacts-1001.pdf';
    const terms = '/api/v1/document/tc/Terms-1001.pdf';
    const pdf = (name: string) => () =>
      new Response(new TextEncoder().encode('%PDF-1.4'), {
        status: 200,
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${name}"` },
      });
    const { requests } = stubApplication(inForce(), [
      { method: 'GET', path: '/api/v1/backendforfrontend/keyfacts/1001', respond: () => json({ uri: keyFacts }) },
      { method: 'GET', path: '/api/v1/backendforfrontend/termsandconditions/1001', respond: () => json({ uri: terms }) },
      { method: 'GET', path: keyFacts, respond: pdf('Key facts 1001.pdf') },
      { method: 'GET', path: terms, respond: pdf('Terms and conditions 1001.pdf') },
    ]);
    const user = userEvent.setup();
    render();
    const ada = await screen.findByRole('region', { name: 'Ada Turing' });
    expect(within(ada).getByRole('button', { name: 'Policy schedule (PDF)' })).toBeInTheDocument();

    await user.click(within(ada).getByRole('button', { name: 'Key facts (PDF)' }));
    await waitFor(() => expect(vi.mocked(saveFile)).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveFile).mock.calls[0]?.[1]).toBe('Key facts 1001.pdf');

    await user.click(within(ada).getByRole('button', { name: 'Terms and conditions (PDF)' }));
    await waitFor(() => expect(vi.mocked(saveFile)).toHaveBeenCalledTimes(2));
    expect(vi.mocked(saveFile).mock.calls[1]?.[1]).toBe('Terms and conditions 1001.pdf');
    expect(requests.map((r) => r.url.pathname)).toEqual(expect.arrayContaining([keyFacts, terms]));
  });

  it('leads on to the policyholders or back to the dashboard', async () => {
    stubApplication(inForce());
    const user = userEvent.setup();
    const { router } = render();
    expect(await screen.findByRole('button', { name: 'Back to the dashboard' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'See the policyholders' }));
    expect(router.state.location.pathname).toBe('/dashboard/policyholders');
  });

  it('downloads a document under the name the server gives it', async () => {
    const { requests } = stubApplication(inForce(), [
      {
        method: 'GET',
        path: /^\/api\/v1\/document\//,
        respond: () =>
          new Response(new TextEncoder().encode('%PDF-1.4 schedule'), {
            status: 200,
            headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="Alan-Turing-schedule.pdf"' },
          }),
      },
    ]);
    const user = userEvent.setup();
    render();
    const alan = await screen.findByRole('region', { name: 'Alan Turing' });
    await user.click(within(alan).getByRole('button', { name: 'Policy schedule (PDF)' }));
    await waitFor(() => expect(vi.mocked(saveFile)).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveFile).mock.calls[0]?.[1]).toBe('Alan-Turing-schedule.pdf');
    expect(requests.at(-1)?.url.pathname).toBe('/api/v1/document/doc-schedule-1/Policy-schedule-PP0000100111.pdf');
  });

  it('says so when a document cannot be downloaded', async () => {
    stubApplication(inForce(), [{ method: 'GET', path: /^\/api\/v1\/document\//, respond: () => problem(404, { title: 'Not Found' }) }]);
    const user = userEvent.setup();
    render();
    const ada = await screen.findByRole('region', { name: 'Ada Turing' });
    await user.click(within(ada).getByRole('button', { name: 'Policy schedule (PDF)' }));
    expect(await within(ada).findByText('Sorry, the document could not be downloaded. Please try again.')).toBeInTheDocument();
  });

  it('sends the adviser to the review while the policy is not in force', async () => {
    stubApplication(applicationFixture({ status: 'DECISION', applicationStatus: 'Decision', proceededAt: '2026-11-24T11:00:00Z' }));
    render();
    expect(await screen.findByText('The policy is not in force yet. Review the application and put it in force first.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the review' })).toHaveAttribute('href', '/application/1001/review');
  });
});
