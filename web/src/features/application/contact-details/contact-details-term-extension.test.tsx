import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, problem } from '@/test/fetch-stub';
import { pricedApplication, renderContactDetails, stubContactDetails } from './contact-details-harness';

const QUESTIONS = '/api/v1/backendforfrontend/application/1001/triggerDeclarationOfHealthQuestions';
const COMPLETE = '/api/v1/backendforfrontend/application/1001/completeTermExtension';
const FAILED = '/api/v1/backendforfrontend/application/hasFailedTermExtension';

const questions = {
  applicantEnquiries: [
    {
      applicantId: 'applicant-1',
      options: ['yes', 'no'],
      questions: [
        { tag: 'DOH_NEW_SYMPTOMS', text: 'Any new symptoms?', reason: 'New symptoms since the quote' },
        { tag: 'DOH_TESTS_PENDING', text: 'Waiting for tests?', reason: 'Tests awaiting results' },
      ],
    },
  ],
};

function offered() {
  return pricedApplication({ validUntil: '2026-12-01', showExtend: true, isTermExtensible: true });
}

async function openQuestions() {
  const user = userEvent.setup();
  const card = await screen.findByRole('region', { name: 'Extend the quote’s terms' });
  expect(card).toHaveTextContent('This quote is valid until 01/12/2026. Its terms can be extended once, by 90 days to 01/03/2027');
  await user.click(within(card).getByRole('button', { name: 'Extend terms' }));
  await within(card).findByText('Client 1: declaration of health');
  return { user, card };
}

describe('term extension on the contact details page', () => {
  it('is not shown when the server does not offer it', async () => {
    stubContactDetails(pricedApplication());
    renderContactDetails();
    await screen.findByRole('region', { name: 'Client 1' });
    expect(screen.queryByRole('region', { name: 'Extend the quote’s terms' })).not.toBeInTheDocument();
  });

  it('asks every question, sends the answers and shows the new valid-until date', async () => {
    const extended = pricedApplication({ validUntil: '2027-03-01', extendedOnDate: '2026-11-22', declarationOfHealthStatus: 'passed' });
    const { requests } = stubContactDetails(offered(), [
      { method: 'GET', path: QUESTIONS, respond: () => json(questions) },
      { method: 'POST', path: COMPLETE, respond: () => json(extended) },
    ]);
    renderContactDetails();
    const { user, card } = await openQuestions();

    await user.click(within(card).getByRole('button', { name: 'Submit the declaration' }));
    expect(await within(card).findByText('Please answer every question for each client')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.click(within(within(card).getByRole('radiogroup', { name: 'Any new symptoms?' })).getByRole('radio', { name: 'No' }));
    await user.click(within(within(card).getByRole('radiogroup', { name: 'Waiting for tests?' })).getByRole('radio', { name: 'No' }));
    await user.click(within(card).getByRole('button', { name: 'Submit the declaration' }));

    expect(await screen.findByText('Terms extended: the quote is now valid until 01/03/2027')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST' && r.url.pathname === COMPLETE);
    expect(post?.body).toEqual({
      applicationId: 1001,
      applicants: [
        { applicantId: 'applicant-1', allAnswers: [{ tag: 'DOH_NEW_SYMPTOMS', value: 'no' }, { tag: 'DOH_TESTS_PENDING', value: 'no' }] },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Extend the quote’s terms' })).not.toBeInTheDocument());
  });

  it('shows “Terms can’t be extended” with the reasons when a change in health is disclosed', async () => {
    const refused = pricedApplication({
      validUntil: '2026-12-01',
      declarationOfHealthStatus: 'failed',
      termExtensionReasons: ['Client 1: Tests awaiting results'],
    });
    stubContactDetails(offered(), [
      { method: 'GET', path: QUESTIONS, respond: () => json(questions) },
      { method: 'POST', path: COMPLETE, respond: () => json(refused) },
    ]);
    renderContactDetails();
    const { user, card } = await openQuestions();
    await user.click(within(within(card).getByRole('radiogroup', { name: 'Any new symptoms?' })).getByRole('radio', { name: 'No' }));
    await user.click(within(within(card).getByRole('radiogroup', { name: 'Waiting for tests?' })).getByRole('radio', { name: 'Yes' }));
    await user.click(within(card).getByRole('button', { name: 'Submit the declaration' }));

    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('Terms can’t be extended');
    expect(alert).toHaveTextContent('Client 1: Tests awaiting results');
  });

  it('records a failed submission as an error and says so', async () => {
    const errored = { ...offered(), declarationOfHealthStatus: 'error' as const };
    const { requests } = stubContactDetails(offered(), [
      { method: 'GET', path: QUESTIONS, respond: () => json(questions) },
      { method: 'POST', path: COMPLETE, respond: () => problem(503, { title: 'Service Unavailable', detail: 'The change could not be confirmed in time' }) },
      { method: 'POST', path: FAILED, respond: () => json(errored) },
    ]);
    renderContactDetails();
    const { user, card } = await openQuestions();
    await user.click(within(within(card).getByRole('radiogroup', { name: 'Any new symptoms?' })).getByRole('radio', { name: 'No' }));
    await user.click(within(within(card).getByRole('radiogroup', { name: 'Waiting for tests?' })).getByRole('radio', { name: 'No' }));
    await user.click(within(card).getByRole('button', { name: 'Submit the declaration' }));

    expect(await within(card).findByText('The change could not be confirmed in time')).toBeInTheDocument();
    await waitFor(() => expect(requests.some((r) => r.url.pathname === FAILED)).toBe(true));
    expect(requests.find((r) => r.url.pathname === FAILED)?.body).toEqual({ id: 1001 });
  });
});
