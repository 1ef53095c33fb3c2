import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '@/test/fetch-stub';
import { renderApp, signInAs, testUserManager } from '@/test/app-harness';

const line = (applicationId: number, deletedAt: string, documentsRemoved = 2) => ({
  applicationId,
  deletedAt,
  reason: 'not taken up for 12 months',
  documentsRemoved,
  enquiriesRemoved: 1,
  workflowsRemoved: 3,
});

const page = (rows: unknown[], totalRecordCount = rows.length) => ({
  results: rows,
  currentPage: 1,
  totalPages: Math.max(1, Math.ceil(totalRecordCount / 10)),
  totalRecordCount,
});

const lines = [line(100023, '2026-11-27T02:00:00Z', 4), line(100007, '2026-11-20T02:00:00Z')];

describe('customer care’s Deletions page (issue 36)', () => {
  it('is in a customer care administrator’s menu and lists each deleted case by reference, when, why and how much went', async () => {
    stubApi([
      { method: 'GET', path: '/api/v1/care/applications', respond: () => json(page([])) },
      { method: 'GET', path: '/api/v1/care/audit/deletions', respond: () => json(page(lines, 12)) },
    ]);
    const userManager = testUserManager();
    await signInAs(userManager, ['ccaadmin']);
    renderApp(userManager, '/customer-care');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Deletions' }, { timeout: 5000 }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Deletions' })).toBeInTheDocument();
    expect(await screen.findByText('12 deletions')).toBeInTheDocument();
    const newest = screen.getByText('100023').closest('tr') as HTMLElement;
    expect(within(newest).getByText('not taken up for 12 months')).toBeInTheDocument();
    expect(within(newest).getByText('4')).toBeInTheDocument();
    expect(within(newest).getByText('3')).toBeInTheDocument();
    // The case is gone: its reference is not a link to it.
    expect(within(newest).queryByRole('link')).not.toBeInTheDocument();
    const rows = screen.getAllByRole('row');
    expect(rows.findIndex((r) => r.textContent.includes('100023'))).toBeLessThan(rows.findIndex((r) => r.textContent.includes('100007')));
    // 12 lines are two pages of 10: this is the first, and the next can be asked for.
    expect(screen.getByText('Page 1')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    expect(screen.getByText('12 deletions')).toBeInTheDocument();
  });

  it('narrows by UK day, refuses a range that ends before it starts without asking, and shows all again', async () => {
    const { requests } = stubApi([
      {
        method: 'GET',
        path: '/api/v1/care/audit/deletions',
        respond: (request) => json(page(request.url.searchParams.get('from') === '2026-11-21' ? [lines[0]] : lines)),
      },
    ]);
    const userManager = testUserManager();
    await signInAs(userManager, ['ccaadmin']);
    const { router } = renderApp(userManager, '/customer-care/deletions');
    const user = userEvent.setup();
    expect(await screen.findByText('2 deletions', undefined, { timeout: 5000 })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Deleted from'), '21/11/2026{Enter}');
    await user.type(screen.getByLabelText('Deleted to'), '20/11/2026{Enter}');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(screen.getByRole('alert')).toHaveTextContent('must not be before');
    expect(screen.getByLabelText('Deleted to')).toHaveAttribute('aria-invalid', 'true');
    const asked = requests.length;

    // Days typed in British order whatever the browser's language: 22/11 is 22 November.
    await user.clear(screen.getByLabelText('Deleted to'));
    await user.type(screen.getByLabelText('Deleted to'), '22/11/2026{Enter}');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('1 deletion')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?from=2026-11-21&to=2026-11-22');
    expect(requests.length).toBe(asked + 1);
    expect(requests.at(-1)?.url.searchParams.get('from')).toBe('2026-11-21');
    expect(requests.at(-1)?.url.searchParams.get('to')).toBe('2026-11-22');

    await user.click(screen.getByRole('button', { name: 'Show all' }));
    expect(await screen.findByText('2 deletions')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('is not in a customer care agent’s menu', async () => {
    stubApi([{ method: 'GET', path: '/api/v1/care/applications', respond: () => json(page([])) }]);
    const userManager = testUserManager();
    await signInAs(userManager, ['cca']);
    renderApp(userManager, '/customer-care');
    expect(await screen.findByRole('link', { name: 'Web chats' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Deletions' })).not.toBeInTheDocument();
  });
});
