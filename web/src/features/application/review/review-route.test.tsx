import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routePatterns } from '@/app/paths';
import type { Schemas } from '@/lib/api-client';
import { json, problem } from '@/test/fetch-stub';
import { applicantFixture, applicationFixture, coverFixture, quoteApplicantFixture, quoteCoverFixture, quoteFixture, riderFixture, sectionFixture, closedEnquiryFixture, directDebitFixture } from '@/test/fixtures';
import { stubApplication } from '@/test/application-stub';
import { renderRoute } from '@/test/render';
import { ReviewRoute } from './review-route';

type Application = Schemas['Application'];

const ACTIVATE = '/api/v1/actions/activateApplication/1001';

const alan = applicantFixture({ covers: [coverFixture({ decision: 'nonstandardterms', riders: [riderFixture({ riderType: 'tpd', coverAmount: 100000 })] })] });
const ada = applicantFixture({
  id: 'applicant-2',
  title: 'Mrs',
  firstName: 'Ada',
  lastName: 'Turing',
  covers: [
    coverFixture({ id: 'cover-2', productType: 'ip', coverType: 'level', coverAmount: null, monthlyBenefit: 1500, term: null, toAge: 65, decision: 'standardterms' }),
    coverFixture({ id: 'cover-3', productType: 'ci', coverAmount: 50000, decision: 'declined' }),
  ],
});

function outcome(applicantId: string, coverId: string, loading: number, exclusions: string[] = []): Application['applicantsEnquiries'][number] {
  const nonStandard = loading > 0 || exclusions.length > 0;
  return closedEnquiryFixture(
    [
      {
        coverId,
        productType: 'life',
        decision: nonStandard ? 'nonstandardterms' : 'standardterms',
        displayed: nonStandard ? 'nonStandardTerms' : 'standardTerms',
        loading,
        exclusions,
        evidence: [],
        summary: '',
        explanations: [],
      },
    ],
    { applicantId },
  );
}

/** Alan's life cover loaded by 50% (£35.18), Ada's income protection on standard terms (£20.00) and her declined critical illness cover; a £3 policy fee each. */
function readyToActivate(overrides: Partial<Application> = {}): Application {
  return applicationFixture({
    status: 'DECISION',
    applicationStatus: 'Decision',
    isQuoteEditable: false,
    proceededAt: '2026-11-24T11:00:00Z',
    isDecisionValid: true,
    applicants: [alan, ada],
    applicantsEnquiries: [outcome('applicant-1', 'cover-1', 50), outcome('applicant-2', 'cover-2', 0)],
    decisionQuote: quoteFixture({
      id: 'quote-1-decision',
      premium: 61.18,
      quoteApplicants: [
        quoteApplicantFixture({ id: 'applicant-1', premium: 38.18, quoteCovers: [quoteCoverFixture({ coverId: 'cover-1', premium: 35.18, decision: 'nonstandardterms' })] }),
        quoteApplicantFixture({
          id: 'applicant-2',
          premium: 23,
          quoteCovers: [
            quoteCoverFixture({ coverId: 'cover-2', premium: 20, decision: 'standardterms' }),
            quoteCoverFixture({ coverId: 'cover-3', premium: 0, decision: 'declined' }),
          ],
        }),
      ],
    }),
    bankDetails: { name: 'Mr Alan Turing', accountNumber: '••••4958', sortCode: '08-99-99', collectionDay: 15, payerConfirmed: true },
    bankCheck: { status: 'manuallyVerified', result: 'NameNotChecked' },
    isBankCheckConfirmed: true,
    policyStartDateOption: 'future',
    policyStartDate: '2026-12-01',
    isAdvisedSale: true,
    sections: [sectionFixture('setup', true)],
    ...overrides,
  });
}

function inForce(application: Application): Application {
  return {
    ...application,
    active: true,
    activatedAt: '2026-11-24T12:00:00Z',
    policies: [
      {
        policyReference: 'PP0000100111',
        applicantId: 'applicant-1',
        holderName: 'Alan Turing',
        issuedAt: '2026-11-24T12:00:00Z',
        startsOn: '2026-12-01',
        cancellationEndsOn: '2026-12-24',
        cancellationWindowClosed: false,
        monthlyPremium: 35.18,
        status: 'awaitingStart',
        documents: [],
      },
    ],
  };
}

function render() {
  return renderRoute(<ReviewRoute />, { path: routePatterns.review, url: '/application/1001/review' });
}

/** Opens the confirmation step from the page's button (found once: a spent loading icon stays in its name in jsdom). */
async function openConfirmation(user: ReturnType<typeof userEvent.setup>, button: HTMLElement | string = 'Put policies in force') {
  await user.click(typeof button === 'string' ? await screen.findByRole('button', { name: button }) : button);
  return screen.findByRole('dialog', { name: /in force\?$/ });
}

/**
 * The step's closing animation ended. jsdom runs no CSS animation, so antd's never ends by itself:
 * once it is under way, end it as the browser would (with the event names rc-motion finds in jsdom).
 */
async function closed(dialog: HTMLElement) {
  await waitFor(() => expect(!dialog.isConnected || dialog.classList.contains('ant-zoom-leave-active')).toBe(true));
  for (const name of ['animationend', 'webkitAnimationEnd', 'transitionend']) dialog.dispatchEvent(new Event(name));
}

/** Puts the policies in force: the page's button, then Confirm in the step it opens. */
async function putInForce(user: ReturnType<typeof userEvent.setup>, button?: HTMLElement) {
  const dialog = await openConfirmation(user, button);
  await user.click(within(dialog).getByRole('button', { name: 'Put policies in force' }));
  await closed(dialog);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('review page', () => {
  it('lists each client’s covers on the decision’s terms with their premiums, the start date, the Direct Debit and the advice', async () => {
    stubApplication(readyToActivate());
    render();

    expect(await screen.findByRole('heading', { level: 1, name: 'Review' })).toBeInTheDocument();
    const alansCovers = await screen.findByRole('region', { name: 'Covers for Alan Turing' });
    const life = within(alansCovers).getByRole('row', { name: /Life Protection/ });
    expect(within(life).getByText('Level · £250,000 · 25 years · With Total Permanent Disability of £100,000')).toBeInTheDocument();
    expect(within(life).getByText('Non-standard terms: premium loaded by 50%')).toBeInTheDocument();
    expect(within(life).getByText('£35.18')).toBeInTheDocument();

    const adasCovers = screen.getByRole('region', { name: 'Covers for Ada Turing' });
    const ip = within(adasCovers).getByRole('row', { name: /Income Protection/ });
    expect(within(ip).getByText('£1,500 a month · Age 65')).toBeInTheDocument();
    expect(within(ip).getByText('Standard terms')).toBeInTheDocument();
    expect(within(ip).getByText('£20.00')).toBeInTheDocument();
    const declined = within(adasCovers).getByRole('row', { name: /Critical Illness/ });
    expect(within(declined).getAllByText('Not offered')).toHaveLength(2);
    expect(within(alansCovers).getByRole('row', { name: /Policy fee/ })).toHaveTextContent('£3.00');
    expect(within(alansCovers).getByRole('row', { name: /Alan Turing a month/ })).toHaveTextContent('£38.18');
    expect(within(adasCovers).getByRole('row', { name: /Ada Turing a month/ })).toHaveTextContent('£23.00');

    expect(screen.getByText(/Total a month/)).toHaveTextContent('Total a month: £61.18');
    expect(screen.getByText('On 01/12/2026')).toBeInTheDocument();
    expect(screen.getByText('••••4958')).toBeInTheDocument();
    expect(screen.getByText('08-99-99')).toBeInTheDocument();
    expect(screen.getByText('The 15th of each month')).toBeInTheDocument();
    expect(screen.getByText('Is this an advised sale?').nextElementSibling).toHaveTextContent('Yes');
    expect(screen.getByRole('button', { name: 'Put policies in force' })).toBeEnabled();
  });

  it('says a policy starting now starts today, the day the adviser puts it in force', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T10:00:00Z'));
    stubApplication(readyToActivate({ policyStartDateOption: 'now', policyStartDate: null }));
    render();
    const start = await screen.findByRole('heading', { level: 2, name: 'Start date' });
    expect(start.closest('.ant-card')).toHaveTextContent('Today, 26/11/2026, when you put the policies in force');
  });

  it('offers to put one policy in force when only one client has cover offered', async () => {
    const adaDeclined = { ...ada, covers: (ada.covers ?? []).map((cover) => ({ ...cover, decision: 'declined' as const })) };
    const ready = readyToActivate({ applicants: [alan, adaDeclined] });
    const decision = ready.decisionQuote;
    if (!decision) throw new Error('priced');
    const { requests } = stubApplication({
      ...ready,
      decisionQuote: {
        ...decision,
        premium: 38.18,
        quoteApplicants: decision.quoteApplicants.map((client) =>
          client.id === 'applicant-2'
            ? { ...client, premium: 0, quoteCovers: client.quoteCovers.map((cover) => ({ ...cover, premium: 0, decision: 'declined' as const })) }
            : client,
        ),
      },
    });
    const user = userEvent.setup();
    render();
    const dialog = await openConfirmation(user, 'Put policy in force');
    expect(dialog).toHaveAccessibleName('Put the policy in force?');
    expect(within(dialog).getByText('Alan Turing’s policy, £38.18 a month')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Ada Turing’s policy/)).not.toBeInTheDocument();
    expect(within(dialog).getByText('£38.18 a month from the account ••••4958, collected on the 15th of each month')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Put policies in force' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.url.pathname === ACTIVATE)).toBe(false);
  });

  it('names the policies, their start and the Direct Debit before anything is issued, and Cancel issues nothing', async () => {
    const { requests } = stubApplication(readyToActivate(), [
      {
        method: 'GET',
        path: '/api/v1/application/1001/directDebit',
        respond: () => json(directDebitFixture({ monthlyAmount: 61.18, firstCollection: { date: '2026-12-15', months: 1, amount: 61.18, noticeOn: '2026-11-26' } })),
      },
    ]);
    const user = userEvent.setup();
    render();
    const dialog = await openConfirmation(user);
    expect(dialog).toHaveAccessibleName('Put 2 policies in force?');
    const facts = within(dialog);
    expect(facts.getByText('Policies issued').nextElementSibling).toHaveTextContent('Alan Turing’s policy, £38.18 a monthAda Turing’s policy, £23.00 a month');
    expect(facts.getByText('Start date').nextElementSibling).toHaveTextContent('On 01/12/2026');
    expect(facts.getByText('Direct Debit').nextElementSibling).toHaveTextContent('£61.18 a month from the account ••••4958, collected on the 15th of each month');
    expect(facts.getByText('Documents').nextElementSibling).toHaveTextContent(/the Direct Debit confirmation/);
    expect(await facts.findByText('First collection: £61.18 on 15/12/2026')).toBeInTheDocument();
    expect(facts.getByText(/pays for Alan Turing’s and Ada Turing’s policies/)).toBeInTheDocument();

    await user.click(facts.getByRole('button', { name: 'Cancel' }));
    await closed(dialog);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.some((r) => r.url.pathname === ACTIVATE)).toBe(false);
    expect(screen.getByRole('button', { name: 'Put policies in force' })).toBeEnabled();
  });

  it('names what stops the policy going in force, each linked to the page that fixes it, and keeps the button disabled', async () => {
    const { requests } = stubApplication(
      readyToActivate({
        activationProblems: [
          { field: 'bankCheck', message: 'Please check the bank details, and confirm them with your client if the check could not' },
          { field: 'decision', message: 'The decision has changed since it was priced: please price it again on the decision page' },
        ],
        sections: [sectionFixture('setup', false)],
      }),
    );
    render();

    const problems = await screen.findByRole('alert');
    expect(within(problems).getByText('Before the policy can be put in force')).toBeInTheDocument();
    const bank = within(problems).getByText(/Please check the bank details/).closest('li');
    if (!bank) throw new Error('no item');
    expect(within(bank).getByRole('link', { name: 'Go to set-up' })).toHaveAttribute('href', '/application/1001/set-up');
    const decision = within(problems).getByText(/The decision has changed/).closest('li');
    if (!decision) throw new Error('no item');
    expect(within(decision).getByRole('link', { name: 'Go to the decision' })).toHaveAttribute('href', '/application/1001/decision');
    expect(screen.getByRole('button', { name: 'Put policies in force' })).toBeDisabled();
    expect(requests.some((r) => r.url.pathname === ACTIVATE)).toBe(false);
  });

  it('puts the policies in force once the adviser confirms, and opens the Complete page', async () => {
    const ready = readyToActivate();
    const { requests } = stubApplication(ready, [{ method: 'POST', path: ACTIVATE, respond: () => json(inForce(ready)) }]);
    const user = userEvent.setup();
    const { router } = render();
    await putInForce(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/1001/complete'));
    expect(requests.filter((r) => r.url.pathname === ACTIVATE && r.method === 'POST')).toHaveLength(1);
  });

  it('shows the server’s refusal: the fields it names with their pages, its words, or the default apology', async () => {
    let answer = () =>
      problem(422, {
        title: 'Unprocessable Entity',
        detail: 'The application can’t be put in force yet',
        errors: [{ field: 'policyStartDate', message: 'The start date 01/12/2026 has passed: please choose the start date again' }],
      });
    stubApplication(readyToActivate(), [{ method: 'POST', path: ACTIVATE, respond: () => answer() }]);
    const user = userEvent.setup();
    const { router } = render();
    const button = await screen.findByRole('button', { name: 'Put policies in force' });
    await putInForce(user, button);
    const refusal = await screen.findByRole('alert');
    expect(within(refusal).getByText('The policy was not put in force')).toBeInTheDocument();
    // The refusal takes focus where it appears, so a screen reader reads it at once.
    const title = () => screen.getByRole('heading', { level: 2, name: 'The policy was not put in force' });
    await waitFor(() => expect(title()).toHaveFocus());
    expect(within(refusal).getByText(/The start date 01\/12\/2026 has passed/)).toBeInTheDocument();
    expect(within(refusal).getByRole('link', { name: 'Go to set-up' })).toHaveAttribute('href', '/application/1001/set-up');

    answer = () => problem(409, { title: 'Conflict', detail: 'Set-up is not open: proceed from the decision first' });
    await putInForce(user, button);
    expect(await screen.findByText('Set-up is not open: proceed from the decision first')).toBeInTheDocument();
    await waitFor(() => expect(title()).toHaveFocus());

    answer = () => new Response('', { status: 502 });
    await putInForce(user, button);
    expect(await screen.findByText('I’m sorry, there has been an error.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/application/1001/review');
  });

  it('says once in force that it is, and links to Complete instead of offering the button', async () => {
    // A later start date: in force, with its policies issued, while the stage stays Decision until that day.
    stubApplication(inForce(readyToActivate()));
    render();
    expect(await screen.findByText('The policy is in force.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the policies' })).toHaveAttribute('href', '/application/1001/complete');
    const journey = screen.getByRole('navigation', { name: 'Application journey' });
    expect(within(journey).getByRole('link', { name: 'Complete' })).toHaveAttribute('href', '/application/1001/complete');
    expect(screen.getByRole('region', { name: 'Covers for Alan Turing' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Put polic/ })).not.toBeInTheDocument();
  });

  it('stays closed until the adviser proceeds from the decision', async () => {
    stubApplication(readyToActivate({ proceededAt: null }));
    render();
    expect(await screen.findByText('Review opens once you proceed from the decision and finish set-up.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Put polic/ })).not.toBeInTheDocument();
  });
});
