import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routePatterns } from '@/app/paths';
import type { Schemas } from '@/lib/api-client';
import { stubApplication } from '@/test/application-stub';
import { axeViolations, describeViolations } from '@/test/axe';
import { json, problem, type Route } from '@/test/fetch-stub';
import {
  applicantFixture,
  applicationFixture,
  carriedIndicationFixture,
  coverFixture,
  indicationComparisonFixture,
  quoteApplicantFixture,
  quoteCoverFixture,
  quoteFixture,
  secondApplicantFixture,
} from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { DecisionRoute } from './decision-route';

type Application = Schemas['Application'];

const ALANS_INDICATION = '/api/v1/application/1001/applicant/applicant-1/indication';
const ADAS_INDICATION = '/api/v1/application/1001/applicant/applicant-2/indication';
const HEADING = 'Indicated at Qi against the decision';
/** The page, its application and then each comparison: on a loaded machine, more than findBy's second. */
const FIRST_RENDER = { timeout: 5000 };

/**
 * Alan came from Qi (his application was started from his indication), Ada did not; the decision
 * is priced and current, so the page asks for nothing but the reads it shows.
 */
function decidedFromQi(): Application {
  return applicationFixture({
    status: 'DECISION',
    applicationStatus: 'Decision',
    isUnderwritingComplete: true,
    isDecisionValid: true,
    applicants: [
      applicantFixture({ covers: [coverFixture({ decision: 'nonstandardterms' })], indication: carriedIndicationFixture() }),
      secondApplicantFixture({ covers: [coverFixture({ id: 'cover-2', decision: 'standardterms' })] }),
    ],
    quote: quoteFixture(),
    decisionQuote: quoteFixture({
      id: 'quote-1-decision',
      premium: 52.76,
      quoteApplicants: [
        quoteApplicantFixture({ id: 'applicant-1', premium: 35.18, quoteCovers: [quoteCoverFixture({ coverId: 'cover-1', premium: 35.18, decision: 'nonstandardterms' })] }),
        quoteApplicantFixture({ id: 'applicant-2', premium: 17.58, quoteCovers: [quoteCoverFixture({ coverId: 'cover-2', premium: 17.58, decision: 'standardterms' })] }),
      ],
    }),
  });
}

function stub(application: Application, indication: Route['respond']) {
  return stubApplication(application, [
    { method: 'GET', path: ALANS_INDICATION, respond: indication },
    { method: 'GET', path: '/api/v1/decision/1001/alternatives', respond: () => json([]) },
    { method: 'GET', path: '/api/v1/backendforfrontend/underwritingupdates/1001', respond: () => json({ updates: [] }) },
  ]);
}

function render() {
  return renderRoute(<DecisionRoute />, { path: routePatterns.decision, url: '/application/1001/decision' });
}

describe('decision page: indicated at Qi against the decision (issue 33)', () => {
  it('shows, for the client who came from Qi only, each cover’s indicated and decided terms and price, and the answer that changed', async () => {
    const { requests } = stub(decidedFromQi(), () => json(indicationComparisonFixture()));
    render();

    const table = await screen.findByRole('table', { name: 'Alan Turing’s covers as indicated at Qi on 20/11/2026, and as decided' }, FIRST_RENDER);
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Cover', 'Indicated at Qi', 'Decision']);
    const life = within(table).getByRole('row', { name: /Life Protection/ });
    const [indicated, decided] = within(life).getAllByRole('cell');
    expect(indicated).toHaveTextContent(/^Standard terms£23\.45 a month, indicative$/);
    expect(decided).toHaveTextContent(/^Non-standard terms\+50% loading£35\.18 a month$/);

    const section = screen.getByRole('region', { name: HEADING });
    expect(within(section).getByRole('list', { name: 'What changed' })).toHaveTextContent('Weight: 76 kg at Qi, 114 kg in the application');

    // Only Alan's card has it, and only Alan's comparison is asked for.
    expect(screen.getAllByRole('region', { name: HEADING })).toHaveLength(1);
    expect(requests.some((r) => r.url.pathname === ADAS_INDICATION)).toBe(false);
    expect(requests.filter((r) => r.url.pathname === ALANS_INDICATION)).toHaveLength(1);
  });

  it('marks a cover changed only when it differs, and says when the decision is not priced yet and no answer changed', async () => {
    const comparison = indicationComparisonFixture({
      covers: [
        {
          coverId: 'cover-1',
          productType: 'life',
          indicated: { outcome: 'Standard terms', loading: 0, exclusions: [], premium: 23.45 },
          decided: { outcome: 'Non-standard terms', loading: 0, exclusions: ['back conditions'], premium: 23.45 },
          differs: true,
        },
        {
          coverId: 'cover-3',
          productType: 'ip',
          indicated: { outcome: 'Standard terms', loading: 0, exclusions: [], premium: 41.2 },
          decided: { outcome: 'Standard terms', loading: 0, exclusions: [], premium: 41.2 },
          differs: false,
        },
        {
          coverId: 'cover-4',
          productType: 'ci',
          indicated: { outcome: 'Underwriting required', loading: 0, exclusions: [], premium: null },
          decided: null,
          differs: false,
        },
      ],
      changedAnswers: [],
    });
    stub(decidedFromQi(), () => json(comparison));
    render();

    const table = await screen.findByRole('table', { name: /as indicated at Qi/ }, FIRST_RENDER);
    const life = within(table).getByRole('row', { name: /Life Protection/ });
    expect(within(life).getByText('Changed since the indication')).toBeInTheDocument();
    expect(within(life).getAllByRole('cell')[1]).toHaveTextContent(/^Non-standard termsExcludes back conditions£23\.45 a month$/);
    const income = within(table).getByRole('row', { name: /Income Protection/ });
    expect(within(income).getByText('£41.20 a month, indicative')).toBeInTheDocument();
    expect(within(income).queryByText('Changed since the indication')).not.toBeInTheDocument();
    const critical = within(table).getByRole('row', { name: /Critical Illness/ });
    expect(within(critical).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Underwriting requiredNot priced at Qi', 'The decision is not priced yet']);
    expect(screen.getAllByText('Changed since the indication')).toHaveLength(1);

    const section = screen.getByRole('region', { name: HEADING });
    expect(within(section).getByText('No answer changed since the indication')).toBeInTheDocument();
    expect(within(section).queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows nothing, and no error, when the API has no indication for the client', async () => {
    const { requests } = stub(decidedFromQi(), () =>
      problem(404, { type: 'urn:adviser-portal:problem:not-found', title: 'Not found', detail: 'The client did not come from Qi' }),
    );
    render();

    await waitFor(() => expect(requests.some((r) => r.url.pathname === ALANS_INDICATION)).toBe(true));
    // The rest of the page has come, so the comparison has had its answer.
    expect(await screen.findByRole('region', { name: 'Price on these terms' }, FIRST_RENDER)).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('.ant-skeleton')).toBeNull());
    expect(screen.queryByRole('region', { name: HEADING })).not.toBeInTheDocument();
    expect(screen.queryByText(/could not be set beside the decision/)).not.toBeInTheDocument();
    expect(screen.queryByText(/did not come from Qi/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when the comparison could not be fetched', async () => {
    stub(decidedFromQi(), () => problem(500, { title: 'Internal Server Error', detail: 'Something went wrong' }));
    render();
    expect(await screen.findByText('The indication could not be set beside the decision just now.', undefined, FIRST_RENDER)).toBeInTheDocument();
  });

  it('passes axe-core’s WCAG 2.2 A/AA rules', async () => {
    stub(decidedFromQi(), () => json(indicationComparisonFixture()));
    render();
    await screen.findByRole('table', { name: /as indicated at Qi/ }, FIRST_RENDER);
    expect(describeViolations(await axeViolations(document.body))).toEqual([]);
  });
});
