import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routePatterns } from '@/app/paths';
import type { Schemas } from '@/lib/api-client';
import { json, stubApi } from '@/test/fetch-stub';
import { adviserFixture, applicantFixture, applicationFixture, coverFixture, enquiryFixture, evidenceRequestFixture, quoteFixture, referralFixture, closedEnquiryFixture, secondApplicantFixture } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { UnderwritingRoute } from './underwriting-route';

const UPDATES = '/api/v1/backendforfrontend/underwritingupdates/1001';

/** Alan's cover referred for a GP report, which Ruth Ellis asked for and chased once. */
function withUnderwriter(): Schemas['Application'] {
  return applicationFixture({
    status: 'UNDERWRITING',
    applicationStatus: 'Underwriting',
    isUnderwritingComplete: true,
    quote: quoteFixture(),
    applicants: [applicantFixture({ covers: [coverFixture({ decision: 'additionalevidence' })] })],
    applicantsEnquiries: [
      closedEnquiryFixture(
        [
          {
            coverId: 'cover-1',
            productType: 'life',
            decision: 'additionalevidence',
            displayed: 'underwritingRequired',
            loading: 0,
            exclusions: [],
            evidence: ['GP report'],
            summary: 'Life Protection: underwriting required: the insurer needs GP report before it can offer terms.',
            explanations: [{ rule: 'ALCOHOL-51-70', decision: 'additionalevidence', reason: '60 units of alcohol a week (51 to 70): a GP report is needed', loading: 0, answers: [], table: 'Alcohol', risks: ['life'] }],
          },
        ],
        { rulebookVersion: 'sample' },
      ),
    ],
    referral: referralFixture({
      referredAt: '2026-11-24T10:20:00Z',
      claim: { underwriter: { id: 'underwriter1', name: 'Ruth Ellis' }, claimedAt: '2026-11-25T09:00:00Z' },
      evidence: [
        // The fixture's GP report, chased once.
        evidenceRequestFixture({
          expectedBy: '2026-12-31',
          chases: [{ chasedOn: '2026-12-24', at: '2026-12-24T00:00:00Z', expectedBy: '2026-12-31' }],
        }),
      ],
    }),
  });
}

describe('the underwriting page while the case is with an underwriter', () => {
  it('shows what was referred and why, the evidence with its dates, the updates read from the server, and offers Requote', async () => {
    const update = { date: '24/12/2026', time: '00:00', update: 'GP report from The Surgery chased on 24/12/2026, now expected by 31/12/2026.', postedAt: '2026-12-24T00:00:00Z', author: null };
    const { requests } = stubApi([
      { method: 'GET', path: '/api/v1/application/1001', respond: () => json(withUnderwriter()) },
      { method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json(adviserFixture()) },
      { method: 'GET', path: UPDATES, respond: () => json({ updates: [update] }) },
      {
        method: 'GET',
        path: /\/api\/v1\/underwriting\//,
        respond: () => json(enquiryFixture({ isOpen: false, isSatisfied: true, declarations: { acceptedPreUnderwriting: true, acceptedPostUnderwriting: true } })),
      },
    ]);
    renderRoute(<UnderwritingRoute />, { path: routePatterns.underwriting, url: '/application/1001/application' });

    const referral = await screen.findByRole('region', { name: 'With the underwriter' });
    expect(within(referral).getByText('Ruth Ellis, an underwriter, is working on this case. Their updates show below.')).toBeInTheDocument();
    expect(within(referral).getByText('60 units of alcohol a week (51 to 70): a GP report is needed')).toBeInTheDocument();
    expect(within(referral).getByText('Chased once, now expected by 31/12/2026')).toBeInTheDocument();
    expect(await within(referral).findByText(update.update)).toBeInTheDocument();
    expect(within(referral).getByRole('button', { name: 'Requote' })).toBeInTheDocument();
    expect(requests.filter((r) => r.url.pathname === UPDATES)).toHaveLength(1);
  });
});

/** Alan's interview answered and declared, ready to close. */
function closeableEnquiry(isOpen: boolean): Schemas['Enquiry'] {
  return enquiryFixture({
    isOpen,
    isCloseable: isOpen,
    isSatisfied: true,
    declarations: { acceptedPreUnderwriting: true, acceptedPostUnderwriting: true },
    sections: [{ id: 'lifestyle', name: 'Lifestyle', isSatisfied: true, enquiryLines: [] }],
  });
}

function applied(enquiryOpen: boolean): Schemas['Application'] {
  return applicationFixture({
    status: 'APPLY',
    applicationStatus: 'Apply',
    quote: quoteFixture(),
    isUnderwritingComplete: !enquiryOpen,
    applicantsEnquiries: [
      { applicantId: 'applicant-1', enquiryId: 'enquiry-applicant-1', isOpen: enquiryOpen, startedAt: '2026-11-24T10:00:00Z', closedAt: null, outcome: null, underwrittenCovers: [] },
    ],
  });
}

describe('closing a client’s interview', () => {
  it('shows the enquiry closed at once, and every interview closed once the application has recorded it', async () => {
    // The application records the close a moment after the enquiry answers: it reads open once more.
    const reads = [applied(true), applied(true), applied(false)];
    const { requests } = stubApi([
      { method: 'GET', path: '/api/v1/application/1001', respond: () => json(reads.length > 1 ? reads.shift() : reads[0]) },
      { method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json(adviserFixture()) },
      { method: 'GET', path: '/api/v1/underwriting/applicant-1', respond: () => json(closeableEnquiry(true)) },
      { method: 'POST', path: '/api/v1/underwriting/applicant-1/close', respond: () => json(closeableEnquiry(false)) },
    ]);
    renderRoute(<UnderwritingRoute />, { path: routePatterns.underwriting, url: '/application/1001/application' });

    await userEvent.click(await screen.findByRole('button', { name: 'Close enquiry' }));

    expect(await screen.findByText('Enquiry closed')).toBeInTheDocument();
    expect(await screen.findByText('Every client’s interview is closed.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'GET' && r.url.pathname === '/api/v1/application/1001')).toHaveLength(3);
  });
});

describe('a client whose interview has not started', () => {
  it('offers to start it because the application lists no interview for them, without asking for one', async () => {
    const { requests } = stubApi([
      { method: 'GET', path: '/api/v1/application/1001', respond: () => json(applicationFixture({ status: 'APPLY', applicationStatus: 'Apply', quote: quoteFixture() })) },
      { method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json(adviserFixture()) },
    ]);
    renderRoute(<UnderwritingRoute />, { path: routePatterns.underwriting, url: '/application/1001/application' });

    expect(await screen.findByRole('button', { name: 'Start the interview' })).toBeInTheDocument();
    expect(requests.filter((r) => r.url.pathname.startsWith('/api/v1/underwriting/'))).toHaveLength(0);
  });

  it('shows the interview the start answered with at once, before the application lists it', async () => {
    stubApi([
      { method: 'GET', path: '/api/v1/application/1001', respond: () => json(applicationFixture({ status: 'APPLY', applicationStatus: 'Apply', quote: quoteFixture() })) },
      { method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json(adviserFixture()) },
      { method: 'POST', path: '/api/v1/underwriting/applicant-1/start', respond: () => json(answeredEnquiry(false)) },
    ]);
    renderRoute(<UnderwritingRoute />, { path: routePatterns.underwriting, url: '/application/1001/application' });

    await userEvent.click(await screen.findByRole('button', { name: 'Start the interview' }));

    expect(await screen.findByRole('navigation', { name: 'Sections' })).toBeInTheDocument();
  });
});

/** Alan's interview answered, read back in the summary; `declared` once he has declared it true. */
function answeredEnquiry(declared: boolean): Schemas['Enquiry'] {
  const question = (tag: string, text: string, answer: string | null, answerText: string | null): Schemas['Question'] => ({
    tag,
    text,
    questionType: 'STRING',
    isSatisfied: answer !== null,
    validationErrors: [],
    multiple: false,
    ...(answer === null ? {} : { answer }),
    ...(answerText === null ? {} : { answerText }),
  });
  return enquiryFixture({
    isOpen: true,
    isSatisfied: true,
    isCloseable: declared,
    declarations: { acceptedPreUnderwriting: true, acceptedPostUnderwriting: declared },
    sections: [
      {
        id: 'about',
        name: 'About you',
        isSatisfied: true,
        enquiryLines: [
          { id: 'birth', tags: [], isSatisfied: true, questions: [question('BIRTHDATE', 'Date of birth', '1986-03-14', '14/03/1986')] },
          {
            id: 'weight',
            tags: [],
            isSatisfied: true,
            questions: [question('WEIGHT_UNITS', 'Weight in', 'imperial', 'Stones and pounds'), question('WEIGHT', 'Weight', '12 4', '12 st 4 lb (78 kg)')],
          },
        ],
      },
      {
        id: 'occupation',
        name: 'Occupation and earnings',
        isSatisfied: true,
        enquiryLines: [
          {
            id: 'work',
            tags: [],
            isSatisfied: true,
            questions: [question('EARNINGS', 'Gross earnings a year (£)', '36000', '£36,000'), question('WAIST', 'Waist measurement', null, null)],
          },
        ],
      },
    ],
  });
}

/** The underwriting page with Alan's answered interview. */
function showSummary(declared: boolean): void {
  stubApi([
    { method: 'GET', path: '/api/v1/application/1001', respond: () => json(applied(true)) },
    { method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json(adviserFixture()) },
    { method: 'GET', path: '/api/v1/underwriting/applicant-1', respond: () => json(answeredEnquiry(declared)) },
  ]);
  renderRoute(<UnderwritingRoute />, { path: routePatterns.underwriting, url: '/application/1001/application' });
}

describe('the summary before the client declares their answers true', () => {
  it('reads every answer back as the server words it, and a section can be opened again to change it', async () => {
    showSummary(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Summary and declaration' }));

    const readBack = await screen.findByRole('region', { name: 'The answers given' });
    const answerOf = (question: string) => within(readBack).getByText(question).nextElementSibling?.textContent;
    expect(answerOf('Date of birth')).toBe('14/03/1986');
    expect(answerOf('Gross earnings a year (£)')).toBe('£36,000');
    expect(answerOf('Waist measurement')).toBe('Not answered');
    // The units are read back with the measurement, not as a question of their own.
    expect(answerOf('Weight')).toBe('12 st 4 lb (78 kg)');
    expect(within(readBack).queryByText('Weight in')).not.toBeInTheDocument();
    // Not yet declared: the box to tick is there, enabled.
    expect(screen.getByRole('checkbox', { name: /has read and accepts the post-underwriting declaration/ })).toBeEnabled();

    await userEvent.click(within(readBack).getByRole('button', { name: 'Change the answers in Occupation and earnings' }));
    expect(await screen.findByRole('heading', { name: 'Occupation and earnings', level: 2 })).toBeInTheDocument();
  });

  it('says plainly that the declaration is accepted, instead of a greyed-out ticked box', async () => {
    showSummary(true);

    expect(await screen.findByText(/has read and accepted the post-underwriting declaration/)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /post-underwriting declaration/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close enquiry' })).toBeEnabled();
  });
});

describe('the clients’ tabs', () => {
  it('say where each client’s interview stands, from the application', async () => {
    const application = applicationFixture({
      status: 'APPLY',
      applicationStatus: 'Interviews',
      quote: quoteFixture(),
      applicants: [applicantFixture(), secondApplicantFixture()],
      applicantsEnquiries: [
        { applicantId: 'applicant-1', enquiryId: 'enquiry-applicant-1', isOpen: false, startedAt: '2026-11-24T10:00:00Z', closedAt: '2026-11-24T10:30:00Z', outcome: null, underwrittenCovers: [] },
      ],
    });
    stubApi([
      { method: 'GET', path: '/api/v1/application/1001', respond: () => json(application) },
      { method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json(adviserFixture()) },
      { method: 'GET', path: '/api/v1/underwriting/applicant-1', respond: () => json(closeableEnquiry(false)) },
    ]);
    renderRoute(<UnderwritingRoute />, { path: routePatterns.underwriting, url: '/application/1001/application' });

    const tabs = await screen.findByRole('tablist', { name: 'Clients' });
    const names = within(tabs).getAllByRole('tab').map((tab) => tab.textContent);
    expect(names).toEqual(['Alan Turing · closed', 'Ada Lovelace · not started']);
  });
});
