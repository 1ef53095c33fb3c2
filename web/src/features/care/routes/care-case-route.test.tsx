import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '@/test/fetch-stub';
import { renderApp, signInAs, testUserManager } from '@/test/app-harness';
import { applicantFixture, applicationFixture, coverFixture, quoteApplicantFixture, quoteCoverFixture, quoteFixture } from '@/test/fixtures';

const CASE = '/api/v1/care/applications/100001';
const ANSWERS = '/api/v1/care/applications/100001/applicants/a1/health-answers';

const careCase = {
  application: applicationFixture({
    id: 100001,
    adviserId: 'adviser1',
    applicationStatus: 'Interviews',
    applicants: [applicantFixture({ id: 'a1', dateOfBirth: '1985-06-23' })],
  }),
  adviser: { id: 'adviser1', name: 'Priya Shah', email: 'adviser1@example.com', firmName: 'Northfield Financial Planning', firmLocationName: 'Leeds' },
  documents: [{ id: 'd1', kind: 'keyfacts', fileName: 'keyfacts.pdf', applicationVersion: 3, createdAt: '2026-11-27T09:00:00Z', uri: '/api/v1/care/documents/d1/keyfacts.pdf' }],
};

const enquiry = {
  sections: [
    {
      id: 's1',
      name: 'Lifestyle',
      enquiryLines: [{ id: 'l1', questions: [{ tag: 'ALCOHOL', text: 'Units of alcohol a week', answer: '4', answerText: '4 units' }] }],
    },
  ],
};

/** Alan's case in force: his life cover on the decision's terms, £27.26 and the £3 policy fee. */
const inForce = {
  ...careCase,
  application: applicationFixture({
    id: 100001,
    adviserId: 'adviser1',
    status: 'WENT_ON_RISK',
    applicationStatus: 'Went on risk',
    applicants: [applicantFixture({ id: 'a1', covers: [coverFixture({ id: 'c1', coverAmount: 150000, term: 20 })] })],
    quote: quoteFixture({ premium: 25.1, quoteApplicants: [quoteApplicantFixture({ id: 'a1', premium: 25.1, quoteCovers: [quoteCoverFixture({ coverId: 'c1', premium: 22.1 })] })] }),
    decisionQuote: quoteFixture({ premium: 30.26, quoteApplicants: [quoteApplicantFixture({ id: 'a1', premium: 30.26, quoteCovers: [quoteCoverFixture({ coverId: 'c1', premium: 27.26 })] })] }),
    policies: [
      {
        policyReference: 'PP0010000115',
        applicantId: 'a1',
        holderName: 'Alan Turing',
        issuedAt: '2026-11-20T10:00:00Z',
        startsOn: '2026-11-21',
        cancellationEndsOn: '2026-12-21',
        cancellationWindowClosed: false,
        monthlyPremium: 30.26,
        status: 'inForce',
        documents: [],
      },
    ],
  }),
};

describe('a case as customer care reads it', () => {
  it('shows what a caller asks about: the policy number, its status and start, each cover and the premium with its fee', async () => {
    stubApi([{ method: 'GET', path: CASE, respond: () => json(inForce) }]);
    const userManager = testUserManager();
    await signInAs(userManager, ['cca']);
    renderApp(userManager, '/customer-care/cases/100001');

    const cover = await screen.findByRole('region', { name: 'Cover and premium' }, { timeout: 5000 });
    const policies = within(cover).getByRole('list', { name: 'Policies' });
    expect(policies).toHaveTextContent('PP0010000115 · Alan Turing · £30.26 a month · starts 21/11/2026');
    expect(within(policies).getByText('In force')).toBeInTheDocument();
    const covers = within(cover).getByRole('region', { name: 'Covers for Alan Turing' });
    const rows = within(covers).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Cover', 'Details', 'Terms', 'Monthly premium'],
      ['Life Protection', 'Level · £150,000 · 20 years', 'Standard terms', '£27.26'],
      ['Policy fee', 'A monthly charge for each policy', '£3.00'],
      ['Alan Turing a month', '£30.26'],
    ]);
    expect(cover).toHaveTextContent('Total a month on the decision’s terms: £30.26');
  });

  it('before a decision, shows the premium as quoted and says so', async () => {
    const quoted = { ...inForce, application: { ...inForce.application, status: 'QUOTE', decisionQuote: null, policies: [] } };
    stubApi([{ method: 'GET', path: CASE, respond: () => json(quoted) }]);
    const userManager = testUserManager();
    await signInAs(userManager, ['cca']);
    renderApp(userManager, '/customer-care/cases/100001');

    const cover = await screen.findByRole('region', { name: 'Cover and premium' }, { timeout: 5000 });
    expect(within(cover).queryByRole('list', { name: 'Policies' })).not.toBeInTheDocument();
    expect(cover).toHaveTextContent('Total a month as quoted (no decision yet): £25.10');
  });

  it('shows the adviser, firm and documents, and the health answers only when asked, saying the read is recorded', async () => {
    const { requests } = stubApi([
      { method: 'GET', path: CASE, respond: () => json(careCase) },
      { method: 'POST', path: ANSWERS, respond: () => json(enquiry) },
    ]);
    const userManager = testUserManager();
    await signInAs(userManager, ['cca']);
    renderApp(userManager, '/customer-care/cases/100001');

    expect(await screen.findByRole('heading', { level: 1, name: 'Application 100001' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Northfield Financial Planning')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download keyfacts.pdf' })).toBeInTheDocument();
    expect(screen.getByText(/Each time you show a client’s answers it is recorded/)).toBeInTheDocument();
    expect(screen.queryByText('Units of alcohol a week')).not.toBeInTheDocument();
    expect(requests.some((r) => r.url.pathname === ANSWERS)).toBe(false);
    // An agent is not offered the administrators' list of reads.
    expect(screen.queryByRole('link', { name: /who has read/ })).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Show health answers for Alan Turing' }));
    const answers = await screen.findByRole('region', { name: 'Health answers of Alan Turing' });
    expect(within(answers).getByText('Units of alcohol a week')).toBeInTheDocument();
    expect(within(answers).getByText('4 units')).toBeInTheDocument();
    await waitFor(() => expect(requests.filter((r) => r.url.pathname === ANSWERS && r.method === 'POST')).toHaveLength(1));
  });

  it('links an administrator to the Data reads list of this case, where the reads are listed', async () => {
    const { requests } = stubApi([
      { method: 'GET', path: CASE, respond: () => json(careCase) },
      {
        method: 'GET',
        path: '/api/v1/care/audit/reads',
        respond: () =>
          json({
            results: [
              {
                id: 'r1',
                readAt: '2026-11-27T09:05:00Z',
                readerSubject: 'cca1',
                readerName: 'Chloe Adams',
                readerRole: 'cca',
                applicationId: 100001,
                applicantId: 'a1',
                qiId: null,
                data: 'health-answers',
                address: '127.0.0.1',
              },
            ],
            currentPage: 1,
            totalPages: 1,
            totalRecordCount: 1,
          }),
      },
    ]);
    const userManager = testUserManager();
    await signInAs(userManager, ['ccaadmin']);
    const { router } = renderApp(userManager, '/customer-care/cases/100001');

    const link = await screen.findByRole('link', { name: /who has read this case’s health answers/ }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', '/customer-care/data-reads?applicationId=100001');
    await userEvent.setup().click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Data reads' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?applicationId=100001');
    const row = (await screen.findByText('Chloe Adams')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Health answers')).toBeInTheDocument();
    expect(within(row).getByText('Customer care')).toBeInTheDocument();
    expect(requests.find((r) => r.url.pathname === '/api/v1/care/audit/reads')?.url.searchParams.get('applicationId')).toBe('100001');
  });
});
