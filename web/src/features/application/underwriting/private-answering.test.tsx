import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routePatterns } from '@/app/paths';
import type { Schemas } from '@/lib/api-client';
import { json, stubApi } from '@/test/fetch-stub';
import { adviserFixture, applicantFixture, applicationFixture, contactDetailsFixture, enquiryFixture, quoteFixture } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { UnderwritingRoute } from './underwriting-route';

const application = applicationFixture({
  status: 'APPLY',
  applicationStatus: 'Apply',
  quote: quoteFixture(),
  applicants: [applicantFixture({ contactDetails: contactDetailsFixture({ emailAddress: 'alan@example.com' }) })],
  applicantsEnquiries: [
    { applicantId: 'applicant-1', enquiryId: 'enquiry-applicant-1', isOpen: true, startedAt: '2026-11-24T10:00:00Z', closedAt: null, outcome: null, underwrittenCovers: [] },
  ],
});

const question: Schemas['Question'] = { tag: 'ALCOHOL_UNITS', text: 'Units of alcohol a week', questionType: 'INTEGER', isSatisfied: false, validationErrors: [], multiple: false };

/** Alan's open interview, with the adviser. */
const open = enquiryFixture({
  sections: [
    { id: 'lifestyle', name: 'Lifestyle', isSatisfied: false, enquiryLines: [{ id: 'alcohol', tags: [], isSatisfied: false, questions: [question] }] },
  ],
});

/** The same interview while Alan answers it privately: progress only, as the API sends it. */
const withClient = enquiryFixture({
  sections: [
    { id: 'about-you', name: 'About you', isSatisfied: true, enquiryLines: [] },
    { id: 'lifestyle', name: 'Lifestyle', isSatisfied: false, enquiryLines: [] },
  ],
  clientAnswering: {
    email: 'alan@example.com',
    sentAt: '2026-11-24T10:00:00Z',
    sentBy: 'Alex Adviser',
    isWithClient: true,
    sections: [
      { id: 'about-you', name: 'About you', isAnswered: true },
      { id: 'lifestyle', name: 'Lifestyle', isAnswered: false },
    ],
  },
});

function page(enquiry: Schemas['Enquiry']) {
  const stub = stubApi([
    { method: 'GET', path: '/api/v1/application/1001', respond: () => json(application) },
    { method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json(adviserFixture()) },
    { method: 'GET', path: '/api/v1/underwriting/applicant-1', respond: () => json(enquiry) },
    { method: 'POST', path: '/api/v1/portal/apply/1001', respond: () => json(withClient) },
    { method: 'POST', path: '/api/v1/portal/apply/1001/takeBack', respond: () => json(open) },
  ]);
  renderRoute(<UnderwritingRoute />, { path: routePatterns.underwriting, url: '/application/1001/application' });
  return stub;
}

describe('sending a client their health questions to answer privately', () => {
  it('says where the client finds them, sends them, then shows only which sections are answered', async () => {
    const { requests } = page(open);
    const where = await screen.findByText(/sign in to the client portal with alan@example.com/);
    expect(where).toHaveTextContent('“Confirm your details” (or “Add another application or policy”) and enter their date of birth and the application reference 1001');

    await userEvent.click(screen.getByRole('button', { name: 'Send to the client to answer privately' }));

    expect(await screen.findByRole('heading', { name: 'With Alan Turing to answer privately' })).toBeInTheDocument();
    expect(screen.getByText(/No email is sent: let Alan Turing know/)).toHaveTextContent('the application reference 1001');
    const sent = requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/v1/portal/apply/1001');
    expect(sent?.body).toEqual({ applicantId: 'applicant-1' });
    const progress = screen.getByRole('list', { name: 'Progress' });
    expect(within(progress).getByText('About you').nextElementSibling?.textContent).toBe('Answered');
    expect(within(progress).getByText('Lifestyle').nextElementSibling?.textContent).toBe('To answer');
    expect(screen.queryByRole('navigation', { name: 'Sections' })).not.toBeInTheDocument();
    expect(screen.queryByText('Units of alcohol a week')).not.toBeInTheDocument();
  });

  it('takes them back, and the adviser has the interview again', async () => {
    page(withClient);
    await userEvent.click(await screen.findByRole('button', { name: 'Take back' }));

    expect(await screen.findByRole('navigation', { name: 'Sections' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send to the client to answer privately' })).toBeEnabled();
  });
});
