import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routePatterns } from '@/app/paths';
import { json, stubApi } from '@/test/fetch-stub';
import { adviserFixture, summaryFixture } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { DashboardRoute } from './dashboard-route';

const SEARCH_PATH = '/api/v1/backendforfrontend/application/search';

describe('dashboard rows and the firm location (HB4)', () => {
  it('names the office each case was created at, by name, by id where it has no name, and nothing without one', async () => {
    const results = [
      summaryFixture({ id: 1001, clientNames: 'Alan Turing', adviserAtFirmLocationId: 'northfield-york', firmLocationName: 'York' }),
      summaryFixture({ id: 1002, clientNames: 'Ada Lovelace', adviserAtFirmLocationId: 'closed-office', firmLocationName: null }),
      summaryFixture({ id: 1003, clientNames: 'Grace Hopper' }),
    ];
    stubApi([
      { method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json(adviserFixture()) },
      { method: 'GET', path: SEARCH_PATH, respond: () => json({ results, currentPage: 1, totalPages: 1, totalRecordCount: 3 }) },
    ]);
    renderRoute(<DashboardRoute />, { path: routePatterns.dashboard, url: '/dashboard' });

    const table = await screen.findByRole('table');
    const row = (name: string) => {
      const found = within(table).getByText(name).closest('tr');
      if (!found) throw new Error(`no row for ${name}`);
      return found;
    };
    await within(table).findByText('Alan Turing');
    expect(row('Alan Turing')).toHaveTextContent('Office: York');
    expect(row('Ada Lovelace')).toHaveTextContent('Office: closed-office');
    expect(row('Grace Hopper')).not.toHaveTextContent('Office');
  });
});
