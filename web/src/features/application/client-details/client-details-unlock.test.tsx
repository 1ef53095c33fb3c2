import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routePatterns } from '@/app/paths';
import { json, stubApi } from '@/test/fetch-stub';
import { applicantFixture, applicationFixture, coverFixture } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { ClientDetailsRoute } from './client-details-route';

const LOCKED = 'Client details can’t be changed at this stage of the application.';
const UNLOCK = '/api/v1/backendforfrontend/application/unlockquoteedit/1001';

const applied = (overrides = {}) =>
  applicationFixture({ status: 'APPLY', isQuoteEditable: false, canUnlockQuoteEdit: true, applicants: [applicantFixture({ covers: [coverFixture()] })], ...overrides });

describe('locked client details (HB1)', () => {
  it('offers Unlock quote editing where the server allows it, and the clients can then be changed', async () => {
    stubApi([
      { method: 'GET', path: '/api/v1/application/1001', respond: () => json(applied()) },
      { method: 'POST', path: UNLOCK, respond: () => json(applied({ status: 'QUOTE', isQuoteEditable: true, canUnlockQuoteEdit: false })) },
    ]);
    const user = userEvent.setup();
    renderRoute(<ClientDetailsRoute />, { path: routePatterns.clientDetails, url: '/application/1001/client-details' });

    expect(await screen.findByText(LOCKED)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unlock quote editing' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, unlock' }));
    await waitFor(() => expect(screen.queryByText(LOCKED)).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Unlock quote editing' })).not.toBeInTheDocument();
  });

  it('is not offered once underwriting has moved the case on', async () => {
    stubApi([{ method: 'GET', path: '/api/v1/application/1001', respond: () => json(applied({ status: 'DECISION', canUnlockQuoteEdit: false })) }]);
    renderRoute(<ClientDetailsRoute />, { path: routePatterns.clientDetails, url: '/application/1001/client-details' });
    expect(await screen.findByText(LOCKED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unlock quote editing' })).not.toBeInTheDocument();
  });
});
