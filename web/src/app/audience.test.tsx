import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '@/test/fetch-stub';
import { renderApp, signInAs, testUserManager } from '@/test/app-harness';

/** Issue 50: each audience's error and not-found pages carry its own brand, help line and way home. */
describe('the pages that go wrong speak to their own audience', () => {
  it('gives a client whose portal cannot reach the API the client portal’s words and the clients’ help line', async () => {
    stubApi([
      { method: 'GET', path: '/api/v1/portal/me', respond: () => new Response('Bad gateway', { status: 502 }) },
      { method: 'GET', path: '/api/v1/portal/health-questions', respond: () => new Response('Bad gateway', { status: 502 }) },
    ]);
    const userManager = testUserManager();
    await signInAs(userManager, ['client']);
    renderApp(userManager, '/portal/home');

    const page = await screen.findByRole('region', { name: 'The client portal is unavailable' }, { timeout: 8000 });
    expect(within(page).getByRole('link', { name: '0808 157 0999' })).toBeInTheDocument();
    expect(within(page).queryByRole('link', { name: '0800 123 4567' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Protection Life Client Portal/ })).toBeInTheDocument();
    expect(screen.queryByText('Adviser Portal')).not.toBeInTheDocument();
  });

  it('sends a client at an address the portal does not have to their own home, under their own brand', async () => {
    stubApi([]);
    const userManager = testUserManager();
    await signInAs(userManager, ['client']);
    renderApp(userManager, '/portal/no-such-page');

    expect(await screen.findByRole('button', { name: 'Go to your home page' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go to the dashboard' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '0808 157 0999' })).toBeInTheDocument();
    expect(screen.queryByText('Adviser Portal')).not.toBeInTheDocument();
  });

  it('tells an underwriter and customer care which pages they are on, not the adviser portal', async () => {
    stubApi([{ method: 'GET', path: '/api/v1/care/applications', respond: () => json({ results: [], currentPage: 1, totalPages: 1, totalRecordCount: 0 }) }]);
    const userManager = testUserManager();
    await signInAs(userManager, ['cca']);
    renderApp(userManager, '/customer-care');

    expect(await screen.findByRole('link', { name: /Protection Life Customer Care/ }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Adviser Portal')).not.toBeInTheDocument();
  });
});
