import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routePatterns } from '@/app/paths';
import type { Schemas } from '@/lib/api-client';
import { json, problem, stubApi } from '@/test/fetch-stub';
import { renderRoute } from '@/test/render';
import { ClientHomeRoute } from './routes/client-home-route';
import { ConfirmDetailsRoute } from './routes/confirm-details-route';

const NO_MATCH = 'We could not match these details to a case for your email address.';

function home(overrides: Partial<Schemas['ClientHome']> = {}): Schemas['ClientHome'] {
  return {
    name: 'Alan Turing',
    email: 'alan@example.com',
    thingsToDo: [],
    cases: [
      {
        applicationId: 100001,
        clientNames: ['Alan Turing'],
        stage: 'UNDERWRITING',
        progress: 'Our underwriters are looking at your application.',
        adviser: { name: 'Priya Shah', firmName: 'Northfield Financial Planning', email: 'adviser1@example.com' },
        policies: [],
      },
    ],
    ...overrides,
  };
}

function stubHome(body: Schemas['ClientHome']) {
  return stubApi([
    { method: 'GET', path: '/api/v1/portal/me', respond: () => json(body) },
    { method: 'GET', path: '/api/v1/portal/health-questions', respond: () => json({ interviews: [] }) },
  ]);
}

describe('the client’s home', () => {
  it('shows each case’s progress in plain words and the adviser to contact', async () => {
    stubHome(home());
    renderRoute(<ClientHomeRoute />, { path: routePatterns.clientHome, url: '/portal/home' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Alan Turing' })).toBeInTheDocument();
    expect(screen.getByText('Our underwriters are looking at your application.')).toBeInTheDocument();
    expect(screen.getByText(/Priya Shah, Northfield Financial Planning/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Email adviser1@example.com' })).toHaveAttribute('href', 'mailto:adviser1@example.com');
    expect(screen.getByText('No policy yet: it appears here when your adviser puts it in force.')).toBeInTheDocument();
    expect(screen.getByText('Nothing is waiting for you.')).toBeInTheDocument();
  });

  it('links each thing to do to its page', async () => {
    stubHome(
      home({
        cases: [],
        thingsToDo: [{ kind: 'confirmDetails', title: 'Confirm your details', description: 'So we can show you your policy.', applicationId: null, applicantId: null }],
      }),
    );
    const { router } = renderRoute(<ClientHomeRoute />, { path: routePatterns.clientHome, url: '/portal/home' });

    await userEvent.click(await screen.findByRole('link', { name: 'Confirm your details' }));
    expect(router.state.location.pathname).toBe('/portal/confirm-details');
    expect(screen.getByText('Navigated elsewhere')).toBeInTheDocument();
  });

  it('lists health questions waiting for the client and opens them', async () => {
    stubHome(
      home({
        thingsToDo: [
          {
            kind: 'answerHealthQuestions',
            title: 'Answer your health questions',
            description: 'Priya Shah sent you the health and lifestyle questions for application 100002 on 28 November 2026.',
            applicationId: 100002,
            applicantId: 'AP-2',
          },
        ],
      }),
    );
    const { router } = renderRoute(<ClientHomeRoute />, { path: routePatterns.clientHome, url: '/portal/home' });

    expect(await screen.findByText(/for application 100002 on 28 November 2026/)).toBeInTheDocument();
    expect(screen.queryByText('Nothing is waiting for you.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Answer your health questions' }));
    expect(router.state.location.pathname).toBe('/portal/health-questions/AP-2');
  });
});

describe('confirming details', () => {
  it('sends the date of birth and reference, and shows the server’s one refusal without singling out a field', async () => {
    const { requests } = stubApi([
      {
        method: 'POST',
        path: '/api/v1/portal/confirm-details',
        respond: () => problem(422, { type: 'urn:adviser-portal:problem:invalid', title: 'Unprocessable Entity', detail: NO_MATCH }),
      },
    ]);
    renderRoute(<ConfirmDetailsRoute />, { path: routePatterns.clientConfirm, url: '/portal/confirm-details' });

    await userEvent.type(screen.getByLabelText('Date of birth'), '23/06/1985{Enter}');
    await userEvent.type(screen.getByLabelText('Policy number or application reference'), 'PP0010000115');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(NO_MATCH);
    expect(requests.at(-1)?.body).toEqual({ dateOfBirth: '1985-06-23', reference: 'PP0010000115' });
    expect(screen.getByLabelText('Date of birth')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('puts a field’s problem under that field', async () => {
    stubApi([
      {
        method: 'POST',
        path: '/api/v1/portal/confirm-details',
        respond: () =>
          problem(422, {
            type: 'urn:adviser-portal:problem:invalid',
            title: 'Unprocessable Entity',
            detail: 'Please enter your date of birth',
            errors: [{ field: 'dateOfBirth', message: 'Please enter your date of birth' }],
          }),
      },
    ]);
    renderRoute(<ConfirmDetailsRoute />, { path: routePatterns.clientConfirm, url: '/portal/confirm-details' });

    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Please enter your date of birth')).toBeInTheDocument();
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when the case is added and goes home from there', async () => {
    stubApi([
      {
        method: 'POST',
        path: '/api/v1/portal/confirm-details',
        respond: () => json({ outcome: 'linked', message: 'Thank you: your details match, and your case is now in your account.', applicationId: 100001 }, 201),
      },
    ]);
    const { router } = renderRoute(<ConfirmDetailsRoute />, { path: routePatterns.clientConfirm, url: '/portal/confirm-details' });

    await userEvent.type(screen.getByLabelText('Date of birth'), '23/06/1985{Enter}');
    await userEvent.type(screen.getByLabelText('Policy number or application reference'), '100001');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { name: /your case is now in your account/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to my home' }));
    expect(router.state.location.pathname).toBe('/portal/home');
  });
});
