import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dayjs } from '@/lib/dayjs';
import { json, stubApi } from '@/test/fetch-stub';
import { renderRoute } from '@/test/render';
import { ChatDesk } from './chat-desk';

const CONVERSATIONS = '/api/v1/backendforfrontend/webchat/conversations';

function conversation(day: string) {
  return {
    id: `c-${day}`,
    day,
    adviserName: 'Priya Shah',
    agentName: 'Carol Care',
    applicationId: 100001,
    clientNames: 'Alan Turing',
    messageCount: 3,
    adviserReadSeq: 3,
  };
}

/** The desk as an administrator sees it (they read transcripts; no live socket is opened). */
function renderDesk() {
  const { requests } = stubApi([
    {
      method: 'GET',
      path: CONVERSATIONS,
      respond: (request) => json({ conversations: [conversation(request.url.searchParams.get('day') ?? 'today')] }),
    },
  ]);
  renderRoute(<ChatDesk />, { path: '/customer-care/chats', url: '/customer-care/chats' });
  const daysAsked = () => requests.filter((r) => r.url.pathname === CONVERSATIONS).map((r) => r.url.searchParams.get('day'));
  return { daysAsked };
}

describe('choosing the day of earlier transcripts', () => {
  it('shows the day in British order, reads a typed day as dd/mm/yyyy, and lists that day’s conversations', async () => {
    const { daysAsked } = renderDesk();
    const day = screen.getByRole('textbox', { name: 'Day' });
    expect(day).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    expect(day).toHaveValue(dayjs().format('DD/MM/YYYY'));
    expect(day).toHaveAccessibleDescription(/For example, 23\/06\/2026/);

    const user = userEvent.setup();
    await user.clear(day);
    // 2 January, not 1 February: typed in British order whatever the browser's language.
    await user.type(day, '02/01/2026{Enter}');
    expect(day).toHaveValue('02/01/2026');
    await user.tab();
    await user.keyboard('{Enter}');

    const earlier = screen.getByRole('region', { name: 'Earlier transcripts' });
    expect(await within(earlier).findByRole('button', { name: /Priya Shah/ })).toBeInTheDocument();
    expect(daysAsked()).toContain('2026-01-02');
  });

  it('will not take a day after today', async () => {
    const { daysAsked } = renderDesk();
    const day = screen.getByRole('textbox', { name: 'Day' });
    const today = dayjs().format('DD/MM/YYYY');
    const tomorrow = dayjs().add(1, 'day');

    const user = userEvent.setup();
    await user.clear(day);
    await user.type(day, `${tomorrow.format('DD/MM/YYYY')}{Enter}`);
    await user.tab();
    // The calendar greys tomorrow out, and the typed day is not taken: the field goes back to today.
    await waitFor(() => expect(day).toHaveValue(today));
    await user.keyboard('{Enter}');
    expect(daysAsked()).not.toContain(tomorrow.format('YYYY-MM-DD'));
  });
});
