import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routePatterns } from '@/app/paths';
import { axeViolations, describeViolations } from '@/test/axe';
import { json, stubApi } from '@/test/fetch-stub';
import { qiSummaryFixture } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { QiListRoute } from './routes/qi-list-route';

describe('the Underwriting Qi page', () => {
  it('explains Qi and lists the adviser’s enquiries with their terms and application', async () => {
    stubApi([
      {
        method: 'GET',
        path: '/api/v1/qi',
        respond: () => json({ results: [qiSummaryFixture(), qiSummaryFixture({ id: 'qi-2', clientName: 'Ada Lovelace', outcomes: [], applicationId: 100042 })] }),
      },
    ]);
    renderRoute(<QiListRoute />, { path: routePatterns.qi, url: '/underwriting-qi' });

    expect(screen.getByRole('heading', { level: 1, name: 'Underwriting Qi' })).toBeInTheDocument();
    expect(screen.getByText(/It is not an offer; it stays valid for 30 days/)).toBeInTheDocument();
    const alan = await screen.findByRole('link', { name: 'Open the indication for Alan Turing' });
    expect(alan).toHaveAttribute('href', '/underwriting-qi/qi-1/decision');
    const row = alan.closest('tr') as HTMLElement;
    expect(within(row).getByText('23/06/1980')).toBeInTheDocument();
    expect(within(row).getByText('Life Protection: Non-standard terms')).toBeInTheDocument();
    expect(within(row).getByText('20/11/2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Application 100042' })).toHaveAttribute('href', '/application/100042/client-details');
    expect(describeViolations(await axeViolations(document.body))).toEqual([]);
  });

  it('says when there are none, and starts a new enquiry', async () => {
    stubApi([{ method: 'GET', path: '/api/v1/qi', respond: () => json({ results: [] }) }]);
    const user = userEvent.setup();
    const { router } = renderRoute(<QiListRoute />, { path: routePatterns.qi, url: '/underwriting-qi' });

    expect(await screen.findByText('You have not asked Qi about a client yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ask Qi for a new client' }));
    expect(router.state.location.pathname).toBe('/underwriting-qi/new/client-details');
  });
});
