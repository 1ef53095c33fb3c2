import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '@/test/fetch-stub';
import { renderApp, signInAs, testUserManager } from '@/test/app-harness';
import { applicationFixture } from '@/test/fixtures';

const CASE = '/api/v1/care/applications/100001';
const TIMELINE = '/api/v1/care/applications/100001/timeline';

const careCase = {
  application: applicationFixture({ id: 100001, adviserId: 'adviser1', applicationStatus: 'Set-up', applicants: [] }),
  adviser: { id: 'adviser1', name: 'Priya Shah', email: 'adviser1@example.com', firmName: 'Northfield Financial Planning', firmLocationName: 'Leeds' },
  documents: [],
};

const timeline = {
  total: 1,
  entries: [
    {
      at: '2026-11-27T10:00:00Z',
      what: 'Bank details saved',
      update: 'save_bank_details',
      by: { name: 'Priya Shah', role: 'Adviser' },
      client: null,
      fields: ['bank details: account number, sort code'],
    },
  ],
};

describe('a case’s changes as customer care reads them', () => {
  it('reads the changes from the case’s history only when the agent asks for them', async () => {
    const { requests } = stubApi([
      { method: 'GET', path: CASE, respond: () => json(careCase) },
      { method: 'GET', path: TIMELINE, respond: () => json(timeline) },
    ]);
    const userManager = testUserManager();
    await signInAs(userManager, ['cca']);
    renderApp(userManager, '/customer-care/cases/100001');

    const changes = await screen.findByRole('region', { name: 'Changes' }, { timeout: 5000 });
    expect(requests.some((r) => r.url.pathname === TIMELINE)).toBe(false);

    await userEvent.setup().click(within(changes).getByRole('button', { name: 'Show the changes' }));
    await screen.findByText('Bank details saved');
    const list = within(await screen.findByRole('region', { name: 'Changes' })).getByRole('list');
    expect(within(list).getByText('Bank details saved')).toBeInTheDocument();
    expect(within(list).getByText('Priya Shah (Adviser)')).toBeInTheDocument();
    expect(within(list).getByText('bank details: account number, sort code')).toBeInTheDocument();
    await waitFor(() => expect(requests.filter((r) => r.url.pathname === TIMELINE)).toHaveLength(1));
  });
});
