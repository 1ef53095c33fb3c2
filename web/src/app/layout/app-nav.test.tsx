import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '@/test/fetch-stub';
import { adviserFixture } from '@/test/fixtures';
import { bootstrapConfigFixture, renderApp, signInAs, testUserManager } from '@/test/app-harness';

const adviserApis = [
  { method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json(adviserFixture()) },
  { method: 'GET', path: '/api/v1/backendforfrontend/application/search', respond: () => json({ results: [], currentPage: 1, totalPages: 1, totalRecordCount: 0 }) },
  { method: 'GET', path: '/api/v1/backendforfrontend/marketingupdates', respond: () => json({ alert: null }) },
  { method: 'GET', path: '/api/v1/backendforfrontend/webchat/status', respond: () => json({ ready: false, reason: 'noOneOnline', opensAt: null }) },
];

async function menuAt(url: string, { roles = [], config = bootstrapConfigFixture() }: { roles?: string[]; config?: ReturnType<typeof bootstrapConfigFixture> } = {}) {
  const userManager = testUserManager();
  await signInAs(userManager, roles);
  const rendered = renderApp(userManager, url, { config });
  const menu = await screen.findByRole('navigation', { name: 'Main navigation' });
  return { menu, ...rendered };
}

describe('the navigation menu (§2)', () => {
  it('gives an adviser Dashboard, Underwriting Qi and the two external links, each opening a new tab', async () => {
    stubApi(adviserApis);
    const { menu } = await menuAt('/dashboard');

    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(menu).getByRole('link', { name: 'Underwriting Qi' })).toHaveAttribute('href', '/underwriting-qi');
    const literature = within(menu).getByRole('link', { name: 'Literature (opens in a new tab)' });
    expect(literature).toHaveAttribute('href', 'https://example.test/literature');
    const promise = within(menu).getByRole('link', { name: 'Cover upgrade promise (opens in a new tab)' });
    expect(promise).toHaveAttribute('href', 'https://example.test/promise');
    for (const link of [literature, promise]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('links to the cover upgrade promise of the tenant the configuration names', async () => {
    stubApi(adviserApis);
    const production = bootstrapConfigFixture();
    production.links.coverUpgradePromise = 'https://www.example.com/advisers/cover-upgrade-promise';
    const { menu } = await menuAt('/dashboard', { config: production });
    expect(within(menu).getByRole('link', { name: /Cover upgrade promise/ })).toHaveAttribute('href', 'https://www.example.com/advisers/cover-upgrade-promise');
  });

  it('folds behind a Menu button that Escape closes, returning focus to it', async () => {
    stubApi(adviserApis);
    const user = userEvent.setup();
    const { menu } = await menuAt('/dashboard');
    const toggle = within(menu).getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('gives customer care their own page and none of the adviser’s items', async () => {
    const { requests } = stubApi(adviserApis);
    const { menu, router } = await menuAt('/', { roles: ['CCA'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer-care'));
    // An agent's pages (issue 35): their case search and the web chats.
    expect(within(menu).getAllByRole('link').map((link) => link.textContent)).toEqual(['Customer care', 'Web chats']);
    expect(requests.map((r) => r.url.pathname)).not.toContain('/api/v1/backendforfrontend/adviser');
  });

  it('gives a customer care administrator the advisers, firm locations and data reads', async () => {
    stubApi(adviserApis);
    const { menu, router } = await menuAt('/', { roles: ['ccaadmin'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer-care'));
    expect(within(menu).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Customer care',
      'Advisers',
      'Firm locations',
      'Data reads',
      'Deletions',
    ]);
  });
});
