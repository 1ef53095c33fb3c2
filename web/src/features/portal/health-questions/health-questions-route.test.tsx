import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routePatterns } from '@/app/paths';
import type { Schemas } from '@/lib/api-client';
import { json, problem, stubApi } from '@/test/fetch-stub';
import { enquiryFixture } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { HealthQuestionsRoute } from './health-questions-route';

const PATH = '/api/v1/portal/health-questions/applicant-1';

function alcohol(answer: string | null): Schemas['Question'] {
  return {
    tag: 'ALCOHOL_UNITS',
    text: 'Units of alcohol a week',
    questionType: 'INTEGER',
    isSatisfied: answer !== null,
    validationErrors: [],
    multiple: false,
    ...(answer === null ? {} : { answer, answerText: answer }),
  };
}

/** Alan's interview as he sees it in the portal: `answer` to the one question, `declared` once accepted. */
function interview(answer: string | null, declared = false, submitted = false): Schemas['Enquiry'] {
  const satisfied = answer !== null;
  return enquiryFixture({
    isSatisfied: satisfied,
    isCloseable: satisfied && declared,
    allAnswers: answer === null ? [] : [{ tag: 'ALCOHOL_UNITS', value: answer }],
    declarations: { acceptedPreUnderwriting: true, acceptedPostUnderwriting: declared },
    sections: [{ id: 'lifestyle', name: 'Lifestyle', isSatisfied: satisfied, enquiryLines: [{ id: 'alcohol', tags: [], isSatisfied: satisfied, questions: [alcohol(answer)] }] }],
    clientAnswering: {
      email: 'alan@example.com',
      sentAt: '2026-11-24T10:00:00Z',
      sentBy: 'Alex Adviser',
      isWithClient: !submitted,
      ...(submitted ? { submittedAt: '2026-11-25T09:00:00Z' } : {}),
      sections: [{ id: 'lifestyle', name: 'Lifestyle', isAnswered: satisfied }],
    },
  });
}

function page() {
  renderRoute(<HealthQuestionsRoute />, { path: routePatterns.clientHealthQuestions, url: '/portal/health-questions/applicant-1' });
}

describe('a client answering their health questions privately', () => {
  it('answers with the interview’s own fields, accepts the declaration and submits', async () => {
    let latest = interview(null);
    const answer = (next: Schemas['Enquiry']) => () => {
      latest = next;
      return json(next);
    };
    const { requests } = stubApi([
      { method: 'GET', path: PATH, respond: () => json(latest) },
      { method: 'POST', path: PATH, respond: answer(interview('4')) },
      { method: 'POST', path: `${PATH}/declaration`, respond: answer(interview('4', true)) },
      { method: 'POST', path: `${PATH}/submit`, respond: answer(interview('4', true, true)) },
    ]);
    page();
    expect(await screen.findByText(/Alex Adviser, your adviser, has asked you/)).toBeInTheDocument();

    const field = screen.getByRole('textbox', { name: /Units of alcohol a week/ });
    await userEvent.type(field, '4');
    await userEvent.tab();
    const next = screen.getByRole('button', { name: 'Continue' });
    await waitFor(() => expect(next).toBeEnabled());
    await userEvent.click(next);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'I have read and accept the declaration' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Submit my answers' }));

    expect(await screen.findByText(/You submitted your answers on 25\/11\/2026/)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST' && r.url.pathname === PATH)?.body).toEqual({ answers: [{ tag: 'ALCOHOL_UNITS', value: '4' }] });
    expect(requests.some((r) => r.url.pathname === `${PATH}/submit`)).toBe(true);
  });

  it('keeps the keyboard’s place: the declaration’s box gives focus to the statement that it is accepted, and Submit is the next Tab', async () => {
    let latest = interview('4');
    stubApi([
      { method: 'GET', path: PATH, respond: () => json(latest) },
      {
        method: 'POST',
        path: `${PATH}/declaration`,
        respond: () => {
          latest = interview('4', true);
          return json(latest);
        },
      },
    ]);
    page();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Check and submit' }));
    const box = await screen.findByRole('checkbox', { name: 'I have read and accept the declaration' });
    box.focus();
    await user.keyboard(' ');

    const statement = await screen.findByText('You have read and accepted the declaration.');
    await waitFor(() => expect(statement).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('button', { name: 'Submit my answers' })).toHaveFocus();
  });

  it('says plainly when the questions are not theirs or were taken back', async () => {
    stubApi([{ method: 'GET', path: PATH, respond: () => problem(404, { type: 'urn:adviser-portal:problem:not-found', title: 'Not found', detail: 'Health questions not found' }) }]);
    page();
    expect(await screen.findByText(/These questions are not available to you/)).toBeInTheDocument();
  });
});
