import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routePatterns } from '@/app/paths';
import type { Schemas } from '@/lib/api-client';
import { json, stubApi } from '@/test/fetch-stub';
import { renderRoute } from '@/test/render';
import { WorkbenchRoute } from './workbench-route';

const LIST = '/api/v1/underwriter/cases';

function row(overrides: Partial<Schemas['WorkbenchCase']> = {}): Schemas['WorkbenchCase'] {
  return {
    id: 100001,
    clientNames: 'Alan Turing & Ada Turing',
    adviserId: 'adviser1',
    adviserName: 'Priya Shah',
    firmName: 'Northfield Financial Planning',
    referredAt: '2026-11-20T10:00:00Z',
    daysSinceReferral: 6,
    claimedBy: null,
    isMine: false,
    referred: [{ applicantId: 'a1', client: 'Alan Turing', coverId: 'c1', productType: 'life', decision: 'additionalevidence', rules: [{ rule: 'ALCOHOL-51-70', reason: '60 units a week' }] }],
    evidence: [],
    ...overrides,
  };
}

function page(results: Schemas['WorkbenchCase'][]) {
  return { results, currentPage: 1, totalPages: 1, totalRecordCount: results.length };
}

describe('underwriting workbench', () => {
  it('lists the referred cases with the rules that referred them, the evidence awaited and who holds each', async () => {
    const { requests } = stubApi([
      {
        method: 'GET',
        path: LIST,
        respond: ({ url }) =>
          json(
            url.searchParams.get('filter') === 'mine'
              ? page([row({ id: 100002, claimedBy: { id: 'underwriter1', name: 'Ruth Ellis' }, isMine: true })])
              : page([
                  row(),
                  row({
                    id: 100003,
                    daysSinceReferral: 1,
                    claimedBy: { id: 'underwriter2', name: 'Sam Okafor' },
                    evidence: [{ client: 'Ada Turing', evidence: 'GP report from The Surgery', status: 'requested', due: '2026-12-20', overdue: true }],
                  }),
                ]),
          ),
      },
    ]);
    renderRoute(<WorkbenchRoute />, { path: routePatterns.workbench, url: '/workbench' });

    const first = await screen.findByRole('row', { name: /100001/ });
    expect(within(first).getByText('Alan Turing: Life Protection')).toBeInTheDocument();
    expect(within(first).getByText('ALCOHOL-51-70')).toBeInTheDocument();
    expect(within(first).getByText('6 days')).toBeInTheDocument();
    expect(within(first).getByText('Unclaimed')).toBeInTheDocument();
    expect(within(first).getByText('Northfield Financial Planning')).toBeInTheDocument();
    const second = screen.getByRole('row', { name: /100003/ });
    expect(within(second).getByText(/GP report from The Surgery \(Ada Turing\), expected by 20\/12\/2026/)).toBeInTheDocument();
    expect(within(second).getByText('Overdue')).toBeInTheDocument();
    expect(within(second).getByText('Sam Okafor')).toBeInTheDocument();
    expect(screen.getByText('2 cases')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Mine' }));
    const mine = await screen.findByRole('row', { name: /100002/ });
    expect(within(mine).getByText('You')).toBeInTheDocument();
    expect(requests.at(-1)?.url.searchParams.get('filter')).toBe('mine');
    expect(requests[0]?.url.searchParams.has('filter')).toBe(false);
  });

  it('says when nothing matches', async () => {
    stubApi([{ method: 'GET', path: LIST, respond: () => json(page([])) }]);
    renderRoute(<WorkbenchRoute />, { path: routePatterns.workbench, url: '/workbench?filter=overdue' });
    expect(await screen.findByText('No referred case matches.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Evidence overdue' })).toHaveAttribute('aria-selected', 'true');
  });
});
