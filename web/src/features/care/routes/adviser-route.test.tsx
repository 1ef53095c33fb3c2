import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, problem, stubApi, type RecordedRequest } from '@/test/fetch-stub';
import { renderApp, signInAs, testUserManager } from '@/test/app-harness';

const flags = {
  configureHybridCommission: false,
  displayPayoutPlanner: true,
  isYourRefReadOnly: false,
  hideYourRef: false,
  displayNewQuoteButton: true,
  isAlwaysAdvised: false,
  isIndemCommissionAllowed: true,
  overrideQuoteDate: false,
  hideLifeEssentials: false,
  hideLifeProtection: false,
  fixedIndemnityPercentage: null,
};

const priya = {
  id: 'adviser1',
  name: 'Priya Shah',
  email: 'adviser1@example.com',
  firmId: 'northfield',
  firmName: 'Northfield Financial Planning',
  firmLocationId: 'northfield-leeds',
  firmLocationName: 'Leeds',
};

const details = (uxSettings = flags) => ({
  adviser: priya,
  uxSettings,
  delegations: [
    {
      id: 'd1',
      delegateId: 'assistant1',
      delegateName: 'Ben Carter',
      principalId: 'adviser1',
      principalName: 'Priya Shah',
      from: '2026-11-01',
      until: null,
      endedOn: null,
      activeToday: true,
      canEnd: true,
    },
  ],
});

function routes(sent: RecordedRequest[]) {
  let current = details();
  return [
    { method: 'GET', path: '/api/v1/care/advisers/adviser1', respond: () => json(current) },
    {
      method: 'GET',
      path: '/api/v1/care/advisers/adviser1/history',
      respond: () =>
        json({
          changes: current.uxSettings.hideLifeEssentials
            ? [
                {
                  id: 'c1',
                  changedAt: '2026-11-27T09:30:00Z',
                  actorSubject: 'ccaadmin1',
                  actorName: 'Omar Haddad',
                  adviserId: 'adviser1',
                  kind: 'flags',
                  before: flags,
                  after: current.uxSettings,
                },
              ]
            : [],
        }),
    },
    {
      method: 'GET',
      path: '/api/v1/care/firms',
      respond: () => json({ firms: [{ id: 'northfield', name: 'Northfield Financial Planning', locations: [{ id: 'northfield-leeds', name: 'Leeds' }] }] }),
    },
    { method: 'GET', path: '/api/v1/care/advisers', respond: () => json({ advisers: [priya, { ...priya, id: 'assistant1', name: 'Ben Carter' }] }) },
    {
      method: 'PUT',
      path: '/api/v1/care/advisers/adviser1/flags',
      respond: (request: RecordedRequest) => {
        sent.push(request);
        current = details(request.body as typeof flags);
        return json(current);
      },
    },
    {
      method: 'POST',
      path: '/api/v1/care/delegations',
      respond: (request: RecordedRequest) => {
        sent.push(request);
        return problem(422, {
          type: 'urn:adviser-portal:problem:invalid',
          title: 'Unprocessable Entity',
          detail: 'x',
          errors: [{ field: 'from', message: 'This person may already act for the adviser on some of these dates' }],
        });
      },
    },
  ];
}

async function open() {
  const sent: RecordedRequest[] = [];
  stubApi(routes(sent));
  const userManager = testUserManager();
  await signInAs(userManager, ['ccaadmin']);
  renderApp(userManager, '/customer-care/advisers/adviser1');
  expect(await screen.findByRole('heading', { level: 1, name: 'Priya Shah' }, { timeout: 5000 })).toBeInTheDocument();
  return sent;
}

describe('an adviser as a customer care administrator manages them', () => {
  it('saves all eleven flags, and the history then names the change and who made it', async () => {
    const sent = await open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Hide Life Essentials' }));
    await user.click(screen.getByRole('button', { name: 'Save flags' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ ...flags, hideLifeEssentials: true });
    const history = screen.getByRole('region', { name: 'History' });
    expect(await within(history).findByText('Omar Haddad')).toBeInTheDocument();
    expect(within(history).getByText('Hide Life Essentials: false')).toBeInTheDocument();
    expect(within(history).getByText('Hide Life Essentials: true')).toBeInTheDocument();
  });

  it('lists who may act for the adviser and shows the server’s reason for refusing a delegation', async () => {
    const sent = await open();
    const delegations = screen.getByRole('region', { name: 'Delegations' });
    expect(within(delegations).getByText('Ben Carter')).toBeInTheDocument();
    expect(within(delegations).getByText('In force today')).toBeInTheDocument();
    expect(within(delegations).getByRole('button', { name: 'End Ben Carter acting for Priya Shah' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(delegations).getByRole('button', { name: 'Add delegation' }));
    expect(await within(delegations).findByText('This person may already act for the adviser on some of these dates')).toBeInTheDocument();
    expect(sent[0]?.body).toMatchObject({ principalId: 'adviser1', until: null });
  });
});
