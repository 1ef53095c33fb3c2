import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { saveFile } from '@/lib/save-file';
import { routePatterns } from '@/app/paths';
import type { Schemas } from '@/lib/api-client';
import { json, problem, type Route } from '@/test/fetch-stub';
import { applicantFixture, applicationFixture, coverFixture, quoteApplicantFixture, quoteCoverFixture, quoteFixture, closedEnquiryFixture } from '@/test/fixtures';
import { stubApplication } from '@/test/application-stub';
import { renderRoute } from '@/test/render';
import { DecisionRoute } from './decision-route';

type Application = Schemas['Application'];

const TRIGGER = '/api/v1/actions/TriggerDecisionQuote/1001';
const PROCEED = '/api/v1/decision/1001/proceed';
const REMOVE = '/api/v1/actions/removeApplicantAtDecision/1001';
const DOCUMENT = '/api/v1/application/1001/document/decision';
const REQUOTE = '/api/v1/decision/1001/requote';
const ALTERNATIVES = '/api/v1/decision/1001/alternatives';
const UPDATES = '/api/v1/backendforfrontend/underwritingupdates/1001';

vi.mock('@/lib/save-file', () => ({ saveFile: vi.fn() }));

/** Alan's life cover loaded by 50% for his build; the quote priced it at £23.45. */
function atDecision(overrides: Partial<Application> = {}): Application {
  return applicationFixture({
    status: 'DECISION',
    applicationStatus: 'Decision',
    isUnderwritingComplete: true,
    applicants: [applicantFixture({ covers: [coverFixture({ decision: 'nonstandardterms' })] })],
    quote: quoteFixture(),
    applicantsEnquiries: [
      closedEnquiryFixture([
        {
          coverId: 'cover-1',
          productType: 'life',
          decision: 'nonstandardterms',
          displayed: 'nonStandardTerms',
          loading: 50,
          exclusions: [],
          evidence: [],
          summary: 'Premium loaded by 50%',
          explanations: [
            {
              rule: 'BMI-35-40',
              decision: 'nonstandardterms',
              reason: 'Body mass index of 36 is in the 35 to 39.9 band',
              loading: 50,
              answers: [{ tag: 'WEIGHT', question: 'Weight', answer: '114 kg' }],
              table: 'Build (body mass index)',
              risks: ['life'],
            },
          ],
        },
      ]),
    ],
    ...overrides,
  });
}

function decided(application: Application): Application {
  return {
    ...application,
    isDecisionValid: true,
    decisionQuote: quoteFixture({
      id: 'quote-1-decision',
      premium: 35.18,
      unloadedPremium: 23.45,
      quoteApplicants: [
        quoteApplicantFixture({
          id: 'applicant-1',
          premium: 35.18,
          quoteCovers: [quoteCoverFixture({ coverId: 'cover-1', premium: 35.18, decision: 'nonstandardterms' })],
        }),
      ],
    }),
  };
}

/** Alan's loaded cover's outcome, as the fixture gives it. */
function loadedOutcome(application: Application): Schemas['CoverOutcome'] {
  const outcome = application.applicantsEnquiries[0]?.outcome?.covers[0];
  if (!outcome) throw new Error('the fixture has an outcome');
  return outcome;
}

function stub(application: Application, more: Route[] = []) {
  return stubApplication(application, [
    ...more,
    { method: 'GET', path: ALTERNATIVES, respond: () => json([]) },
    { method: 'GET', path: UPDATES, respond: () => json({ updates: application.underwritingUpdates }) },
  ]);
}

function render() {
  return renderRoute(<DecisionRoute />, { path: routePatterns.decision, url: '/application/1001/decision' });
}

describe('decision page', () => {
  it('prices the decision when it is not current, and shows each cover’s price and the reasons behind it', async () => {
    const { requests } = stub(atDecision(), [{ method: 'POST', path: TRIGGER, respond: () => json(decided(atDecision())) }]);
    render();

    expect(await screen.findByRole('heading', { level: 1, name: 'Decision' })).toBeInTheDocument();
    const price = await screen.findByRole('region', { name: 'Price on these terms' });
    const alans = await within(price).findByRole('region', { name: 'Covers for Alan Turing' });
    const row = within(alans).getByRole('row', { name: /Life Protection/ });
    expect(within(row).getByText('£23.45')).toBeInTheDocument();
    expect(within(row).getByText('£35.18')).toBeInTheDocument();
    expect(within(price).getByText('Before loadings: £23.45 a month')).toBeInTheDocument();
    expect(screen.getByText(/Body mass index of 36 is in the 35 to 39.9 band/)).toBeInTheDocument();
    expect(await screen.findByText('No updates from underwriting yet.')).toBeInTheDocument();
    expect(requests.filter((r) => r.url.pathname === TRIGGER)).toHaveLength(1);
  });

  it('shows each client’s policy fee beside their covers, so the lines on the page add up to the total', async () => {
    const ada = applicantFixture({ id: 'applicant-2', firstName: 'Ada', covers: [coverFixture({ id: 'cover-2', coverAmount: 200000, decision: 'standardterms' })] });
    const two = atDecision({
      applicants: [applicantFixture({ covers: [coverFixture({ coverAmount: 200000, decision: 'nonstandardterms' })] }), ada],
      quote: quoteFixture({
        premium: 57.26,
        quoteApplicants: [
          quoteApplicantFixture({ id: 'applicant-1', premium: 39.68, quoteCovers: [quoteCoverFixture({ coverId: 'cover-1', premium: 36.68 })] }),
          quoteApplicantFixture({ id: 'applicant-2', premium: 17.58, quoteCovers: [quoteCoverFixture({ coverId: 'cover-2', premium: 14.58 })] }),
        ],
      }),
    });
    stub({
      ...two,
      isDecisionValid: true,
      decisionQuote: quoteFixture({
        id: 'quote-1-decision',
        premium: 75.6,
        unloadedPremium: 57.26,
        quoteApplicants: [
          quoteApplicantFixture({ id: 'applicant-1', premium: 58.02, quoteCovers: [quoteCoverFixture({ coverId: 'cover-1', premium: 55.02, decision: 'nonstandardterms' })] }),
          quoteApplicantFixture({ id: 'applicant-2', premium: 17.58, quoteCovers: [quoteCoverFixture({ coverId: 'cover-2', premium: 14.58, decision: 'standardterms' })] }),
        ],
      }),
    });
    render();

    const price = await screen.findByRole('region', { name: 'Price on these terms' });
    const alans = within(price).getByRole('region', { name: 'Covers for Alan Turing' });
    expect(within(alans).getByRole('row', { name: /Life Protection/ })).toHaveTextContent(/£36\.68.*£55\.02/);
    expect(within(alans).getByRole('row', { name: /Policy fee/ })).toHaveTextContent(/£3\.00.*£3\.00/);
    expect(within(alans).getByRole('row', { name: /Alan Turing a month/ })).toHaveTextContent(/£39\.68.*£58\.02/);
    const adas = within(price).getByRole('region', { name: 'Covers for Ada Turing' });
    expect(within(adas).getByRole('row', { name: /Policy fee/ })).toHaveTextContent('£3.00');
    expect(within(adas).getByRole('row', { name: /Ada Turing a month/ })).toHaveTextContent('£17.58');
    expect(within(price).getByText(/Total monthly premium/)).toHaveTextContent('Total monthly premium: £75.60');

    // Every line priced on these terms (its last column), covers and fees, adds up to the total.
    const lines = within(price)
      .getAllByRole('rowgroup')
      .filter((group) => group.tagName === 'TBODY')
      .flatMap((body) => within(body).getAllByRole('row'))
      .map((line) => Number(line.lastElementChild?.textContent.replace('£', '')));
    expect(lines).toHaveLength(4);
    expect(Math.round(lines.reduce((sum, amount) => sum + amount * 100, 0))).toBe(7560);
  });

  it('names each cover’s amount and term beside its outcome', async () => {
    stub(decided(atDecision()));
    render();
    const outcome = await screen.findByRole('region', { name: 'Outcome' });
    const tag = within(outcome).getByText('Non-standard terms');
    expect(tag.parentElement).toHaveTextContent(/^Life Protection · Level · £250,000 · 25 years Non-standard terms$/);
  });

  it('shows the underwriter’s terms and reason beside the rulebook’s referral, and the updates, read from the server', async () => {
    const base = decided(atDecision());
    const manual: Application = {
      ...base,
      underwritingUpdates: [
        { date: '25/11/2026', time: '09:15', update: 'GP report from The Surgery chased on 25/11/2026, now expected by 02/12/2026.', postedAt: '2026-11-25T09:15:00Z', author: null },
        { date: '26/11/2026', time: '11:00', update: 'Decision for Alan Turing: loaded by 50%.', postedAt: '2026-11-26T11:00:00Z', author: 'Ruth Ellis, underwriter' },
      ],
      applicantsEnquiries: base.applicantsEnquiries.map((enquiry) => ({
        ...enquiry,
        outcome: enquiry.outcome && {
          ...enquiry.outcome,
          covers: enquiry.outcome.covers.map((cover) => ({
            ...cover,
            summary: 'Life Protection: non-standard terms from the underwriter: the premium is loaded by 50%.',
            manual: {
              decision: 'loading',
              loading: 50,
              exclusion: null,
              postponeMonths: null,
              reason: 'Blood pressure controlled for five years',
              decidedBy: { id: 'underwriter1', name: 'Ruth Ellis' },
              decidedAt: '2026-11-26T11:00:00Z',
              referredAs: 'manualuw',
              referredSummary: 'Life Protection: underwriting required: an underwriter will review the answers and set the terms.',
            },
          })),
        },
      })),
    };
    const { requests } = stub(manual);
    render();

    expect(await screen.findByText('Life Protection: non-standard terms from the underwriter: the premium is loaded by 50%.')).toBeInTheDocument();
    expect(screen.getByText(/Reason: Blood pressure controlled for five years/)).toBeInTheDocument();
    expect(screen.getByText(/Decided by Ruth Ellis on 26\/11\/2026/)).toBeInTheDocument();
    expect(screen.getByText(/The rulebook referred it: Life Protection: underwriting required/)).toBeInTheDocument();
    const updates = screen.getByRole('region', { name: 'Underwriting updates' });
    expect(await within(updates).findByText('GP report from The Surgery chased on 25/11/2026, now expected by 02/12/2026.')).toBeInTheDocument();
    expect(within(updates).getByText('Ruth Ellis, underwriter')).toBeInTheDocument();
    expect(requests.filter((r) => r.url.pathname === UPDATES)).toHaveLength(1);
  });

  it('does not price again when the decision is current, and shows a declined cover as not offered', async () => {
    const current = decided(atDecision());
    const declined: Application = {
      ...current,
      decisionQuote: quoteFixture({
        premium: 0,
        quoteApplicants: [
          quoteApplicantFixture({ id: 'applicant-1', premium: 0, quoteCovers: [quoteCoverFixture({ coverId: 'cover-1', premium: 0, decision: 'declined' })] }),
        ],
      }),
    };
    const { requests } = stub(declined);
    render();
    const price = await screen.findByRole('region', { name: 'Price on these terms' });
    const life = await within(price).findByRole('row', { name: /Life Protection/ });
    // Its terms and its price both say so.
    expect(within(life).getAllByText('Not offered')).toHaveLength(2);
    expect(requests.some((r) => r.url.pathname === TRIGGER)).toBe(false);
  });

  it('proceeds, and says why when the server refuses', async () => {
    const current = decided(atDecision());
    let refuse = true;
    stub(current, [
      {
        method: 'POST',
        path: PROCEED,
        respond: () =>
          refuse
            ? problem(409, { title: 'Conflict', detail: 'A decision is still with the underwriter' })
            : json({ ...current, proceededAt: '2026-11-24T11:00:00Z' }),
      },
    ]);
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Proceed' }));
    expect(await screen.findByText('A decision is still with the underwriter')).toBeInTheDocument();
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(screen.getByText(/You have proceeded with this decision/)).toBeInTheDocument());
  });

  it('says the case is with an underwriter while a cover is referred', async () => {
    stub(atDecision({ status: 'UNDERWRITING', applicationStatus: 'Underwriting' }));
    render();
    expect(await screen.findByText(/A cover is with an underwriter/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Proceed' })).not.toBeInTheDocument();
  });

  it('offers to remove a client with no cover left, and prices the decision again for the other', async () => {
    const ada = applicantFixture({ id: 'applicant-2', firstName: 'Ada', lastName: 'Lovelace', covers: [coverFixture({ id: 'cover-2', decision: 'declined' })] });
    const two = decided(atDecision({ applicants: [applicantFixture({ covers: [coverFixture({ decision: 'nonstandardterms' })] }), ada] }));
    const { requests } = stub(two, [
      { method: 'POST', path: REMOVE, respond: () => json({ ...atDecision(), isDecisionValid: false }) },
      { method: 'POST', path: TRIGGER, respond: () => json(decided(atDecision())) },
    ]);
    const user = userEvent.setup();
    render();
    expect(await screen.findByText(/No cover can be offered to Ada Lovelace/)).toBeInTheDocument();
    expect(screen.queryByText(/No cover can be offered to Alan Turing/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Ada Lovelace from the application' }));
    await waitFor(() => expect(requests.some((r) => r.url.pathname === TRIGGER)).toBe(true));
    expect(requests.find((r) => r.url.pathname === REMOVE)?.body).toEqual({ applicantId: 'applicant-2' });
    await waitFor(() => expect(screen.queryByText(/No cover can be offered to Ada Lovelace/)).not.toBeInTheDocument());
  });

  it('requotes after the adviser confirms, and opens the quote reopened', async () => {
    const { requests } = stub(decided(atDecision()), [
      { method: 'POST', path: REQUOTE, respond: () => json(applicationFixture({ status: 'QUOTE', applicationStatus: 'Quote', isQuoteEditable: true })) },
    ]);
    const user = userEvent.setup();
    const { router } = render();
    await user.click(await screen.findByRole('button', { name: 'Requote' }));
    // Nothing is sent until the adviser confirms.
    expect(await screen.findByText('The decision will be removed and the quote reopened for changes. The covers are decided again when you apply.')).toBeInTheDocument();
    expect(requests.some((r) => r.url.pathname === REQUOTE)).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Yes, requote' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/1001/quote'));
    expect(requests.filter((r) => r.url.pathname === REQUOTE && r.method === 'POST')).toHaveLength(1);
  });

  it('says why when the server will not requote, and offers no requote once in force', async () => {
    stub(decided(atDecision()), [{ method: 'POST', path: REQUOTE, respond: () => problem(409, { title: 'Conflict', detail: 'There is no decision to requote yet' }) }]);
    const user = userEvent.setup();
    const { router, unmount } = render();
    await user.click(await screen.findByRole('button', { name: 'Requote' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, requote' }));
    expect(await screen.findByText('There is no decision to requote yet')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/application/1001/decision');
    unmount();

    stub(decided(atDecision({ active: true, proceededAt: '2026-11-24T11:00:00Z' })));
    render();
    expect(await screen.findByText(/You have proceeded with this decision/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Requote' })).not.toBeInTheDocument();
  });

  it('leads on to Set-up once the adviser has proceeded', async () => {
    stub(decided(atDecision({ proceededAt: '2026-11-24T11:00:00Z' })));
    const user = userEvent.setup();
    const { router } = render();
    const onward = await screen.findByRole('button', { name: 'Continue to Set-up' });
    // Requote stays possible until in force, but as a change of mind after the way on, not beside it.
    const requote = screen.getByRole('button', { name: 'Requote' });
    expect(requote).toHaveClass('ant-btn-link');
    expect(requote.closest('.ant-typography')).toHaveTextContent(/changed their mind about the cover/);
    expect(onward.compareDocumentPosition(requote) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(onward);
    expect(router.state.location.pathname).toBe('/application/1001/set-up');
  });

  it('downloads the decision document under the name the server gives it', async () => {
    const pdf = () =>
      new Response(new TextEncoder().encode('%PDF-1.4 decision'), {
        status: 200,
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="Decision-1001.pdf"' },
      });
    stub(decided(atDecision()), [{ method: 'GET', path: DOCUMENT, respond: pdf }]);
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Download the decision (PDF)' }));
    await waitFor(() => expect(vi.mocked(saveFile)).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveFile).mock.calls[0]?.[1]).toBe('Decision-1001.pdf');
  });

  it('offers what else could be offered for a loaded cover, priced, and takes it with a click', async () => {
    const current = decided(atDecision());
    const outcome = loadedOutcome(current);
    const offer: Schemas['Alternative'] = {
      id: 'cover-1.quoted-price',
      applicantId: 'applicant-1',
      coverId: 'cover-1',
      kind: 'quotedPriceLessCover',
      description: 'Keep the price quoted before underwriting (£23.45) with £66,000 of cover, on the same terms',
      cover: { ...coverFixture({ decision: 'nonstandardterms' }), coverAmount: 66000 },
      outcome,
      premium: 23.2,
      currentPremium: 35.18,
      totalPremium: 23.2,
      basedOnVersion: current.version,
    };
    const taken = { ...current, version: current.version + 1, decisionQuote: quoteFixture({ premium: 23.2 }) };
    const { requests } = stub(current, [
      { method: 'GET', path: ALTERNATIVES, respond: () => json([offer]) },
      { method: 'POST', path: `${ALTERNATIVES}/cover-1.quoted-price`, respond: () => json(taken) },
    ]);
    const user = userEvent.setup();
    render();
    const section = await screen.findByRole('region', { name: 'What else could be offered' });
    const row = within(section).getByRole('row', { name: /£66,000 of cover/ });
    expect(within(row).getByText('£35.18')).toBeInTheDocument();
    expect(within(row).getAllByText('£23.20')).toHaveLength(2);
    const take = within(row).getByRole('button', { name: /Alan Turing: Life Protection/ });
    // Its name opens with the words it shows, so saying "Take this" reaches it (WCAG 2.5.3, label in name).
    expect(take).toHaveTextContent('Take this');
    expect(take).toHaveAccessibleName(`Take this for Alan Turing: Life Protection: ${offer.description}`);
    await user.click(take);
    await waitFor(() => expect(requests.some((r) => r.url.pathname === `${ALTERNATIVES}/cover-1.quoted-price`)).toBe(true));
    const sent = requests.find((r) => r.url.pathname === `${ALTERNATIVES}/cover-1.quoted-price`);
    expect(sent?.body).toEqual({ basedOnVersion: current.version });
  });

  it('shows the server’s reason when an alternative can no longer be taken', async () => {
    const current = decided(atDecision());
    const offer: Schemas['Alternative'] = {
      id: 'cover-1.quoted-price',
      applicantId: 'applicant-1',
      coverId: 'cover-1',
      kind: 'quotedPriceLessCover',
      description: 'Keep the price quoted before underwriting (£23.45) with £66,000 of cover, on the same terms',
      cover: coverFixture({ decision: 'nonstandardterms' }),
      outcome: loadedOutcome(current),
      premium: 23.2,
      currentPremium: 35.18,
      totalPremium: 23.2,
      basedOnVersion: current.version,
    };
    stub(current, [
      { method: 'GET', path: ALTERNATIVES, respond: () => json([offer]) },
      {
        method: 'POST',
        path: `${ALTERNATIVES}/cover-1.quoted-price`,
        respond: () => problem(409, { title: 'Conflict', detail: 'The decision has changed since these alternatives were worked out; please look at them again' }),
      },
    ]);
    const user = userEvent.setup();
    render();
    const section = await screen.findByRole('region', { name: 'What else could be offered' });
    await user.click(within(section).getByRole('button', { name: /^Take this for/ }));
    expect(await screen.findByText(/The decision has changed since these alternatives were worked out/)).toBeInTheDocument();
  });
});
