import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '@/test/fetch-stub';
import { renderRoute } from '@/test/render';
import { MarketingAlert } from './marketing-alert';

const PATH = '/api/v1/backendforfrontend/marketingupdates';

function update(id: string, link: { text: string; url: string } | null = null) {
  return { id, title: `Title of ${id}`, message: `Message of ${id}`, link, startsOn: '2026-11-01', endsOn: '2026-12-31' };
}

/** The server's notices: the first not dismissed shows, as the API answers. */
function stubNotices(ids: string[], links: Record<string, { text: string; url: string }> = {}) {
  const dismissed = new Set<string>();
  return stubApi([
    { method: 'GET', path: PATH, respond: () => json({ alert: ids.filter((id) => !dismissed.has(id)).map((id) => update(id, links[id] ?? null))[0] ?? null }) },
    {
      method: 'POST',
      path: /\/marketingupdates\/[^/]+\/dismiss$/,
      respond: (request) => {
        dismissed.add(decodeURIComponent(request.url.pathname.split('/').at(-2) ?? ''));
        return new Response(null, { status: 204 });
      },
    },
  ]);
}

describe('the marketing alert on the dashboard (§3, §7)', () => {
  it('shows the current notice with its link opening a new tab', async () => {
    stubNotices(['autumn'], { autumn: { text: 'Read more', url: 'https://example.test/more' } });
    renderRoute(<MarketingAlert />, { path: '/dashboard', url: '/dashboard' });
    const region = await screen.findByRole('region', { name: 'News from us' });
    expect(within(region).getByText('Title of autumn')).toBeInTheDocument();
    expect(within(region).getByText(/Message of autumn/)).toBeInTheDocument();
    const link = within(region).getByRole('link', { name: 'Read more (opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'https://example.test/more');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('is dismissed on the server, and the next notice running takes its place', async () => {
    const { requests } = stubNotices(['newest', 'older']);
    const user = userEvent.setup();
    renderRoute(<MarketingAlert />, { path: '/dashboard', url: '/dashboard' });
    await screen.findByText('Title of newest');

    await user.click(screen.getByRole('button', { name: 'Dismiss: Title of newest' }));
    await waitFor(() => expect(screen.queryByText('Title of newest')).not.toBeInTheDocument());
    expect(requests.some((r) => r.method === 'POST' && r.url.pathname === `${PATH}/newest/dismiss`)).toBe(true);
    expect(await screen.findByText('Title of older')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Dismiss: Title of older' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'News from us' })).not.toBeInTheDocument());
  });

  it('shows nothing when there is no notice, or it cannot be read', async () => {
    const { requests } = stubNotices([]);
    renderRoute(<MarketingAlert />, { path: '/dashboard', url: '/dashboard' });
    await waitFor(() => expect(requests.length).toBe(1));
    expect(screen.queryByRole('region', { name: 'News from us' })).not.toBeInTheDocument();
  });
});
