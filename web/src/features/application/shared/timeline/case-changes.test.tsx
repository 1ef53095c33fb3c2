import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '@/test/fetch-stub';
import { renderRoute } from '@/test/render';
import { CaseChanges } from './case-changes';

const TIMELINE = '/api/v1/application/100001/timeline';

describe('the Changes button of an adviser’s case', () => {
  it('reads the case’s changes only when opened, and lists them in a panel', async () => {
    const { requests } = stubApi([
      {
        method: 'GET',
        path: TIMELINE,
        respond: () =>
          json({
            total: 1,
            entries: [
              { at: '2026-11-27T10:00:00Z', what: 'Child added', update: 'add_child', by: { name: 'Ben Carter', role: 'Acting for the adviser' }, client: null, fields: ['first name'] },
            ],
          }),
      },
    ]);
    renderRoute(<CaseChanges applicationId={100001} />, { path: '/', url: '/' });
    const button = screen.getByRole('button', { name: 'Changes to this case: who changed what' });
    expect(requests.some((r) => r.url.pathname === TIMELINE)).toBe(false);

    await userEvent.setup().click(button);
    const changes = await screen.findByRole('region', { name: 'Changes' });
    expect(await within(changes).findByText('Child added')).toBeInTheDocument();
    expect(within(changes).getByText('Ben Carter (Acting for the adviser)')).toBeInTheDocument();
    await waitFor(() => expect(requests.filter((r) => r.url.pathname === TIMELINE)).toHaveLength(1));
  });

  it('lets the keyboard reach the list, so a long one can be scrolled without a mouse', async () => {
    stubApi([
      {
        method: 'GET',
        path: TIMELINE,
        respond: () =>
          json({
            total: 1,
            entries: [{ at: '2026-11-27T10:00:00Z', what: 'Cover added', update: 'add_cover', by: { name: 'Priya Shah', role: 'Adviser' }, client: 'Ada Byron', fields: ['term'] }],
          }),
      },
    ]);
    renderRoute(<CaseChanges applicationId={100001} />, { path: '/', url: '/' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Changes to this case: who changed what' }));
    const changes = await screen.findByRole('region', { name: 'Changes' });
    await within(changes).findByText('Cover added');
    // The entries are text only: the area they scroll in is what Tab reaches, past the panel's close button.
    let presses = 0;
    while (!document.activeElement?.contains(changes) && presses < 6) {
      await user.tab();
      presses += 1;
    }
    expect(document.activeElement?.contains(changes), 'Tab never reached the list').toBe(true);
    expect(document.activeElement).not.toBe(document.body);
  });
});
