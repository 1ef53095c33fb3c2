import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChangeTimeline, formatChangeTime } from './change-timeline';
import type { Schemas } from '@/lib/api-client';

const timeline: Schemas['CaseTimeline'] = {
  total: 3,
  entries: [
    {
      at: '2026-07-01T13:05:09Z',
      what: 'Bank details saved',
      update: 'save_bank_details',
      by: { name: 'Priya Shah', role: 'Adviser' },
      client: null,
      fields: ['bank details: account number, sort code'],
    },
    {
      at: '2026-01-15T09:30:00Z',
      what: 'Health questions answered',
      update: 'provide_answers',
      by: { name: 'Ben Carter', role: 'Acting for the adviser' },
      client: 'Ada Lovelace',
      fields: ['answers to 3 questions'],
    },
    { at: '2025-12-01T08:00:00Z', what: 'Applied for the policy', update: 'apply_for_policy', by: null, fields: [] },
  ],
};

/** The `index`th change listed. */
function change(index: number): HTMLElement {
  const items = within(within(screen.getByRole('region', { name: 'Changes' })).getByRole('list')).getAllByRole('listitem');
  const item = items[index];
  if (!item) throw new Error(`no change ${String(index)} of ${String(items.length)}`);
  return item;
}

function show(props: Partial<Parameters<typeof ChangeTimeline>[0]> = {}) {
  render(<ChangeTimeline headingId="changes" timeline={timeline} isPending={false} isError={false} onRetry={() => {}} {...props} />);
}

describe('a case’s change timeline', () => {
  it('lists each change under its heading with when (UK time), what, who and which details', () => {
    show();
    const list = within(screen.getByRole('region', { name: 'Changes' })).getByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    // Summer time: 13:05 UTC is 14:05 in London; winter: 09:30 UTC is 09:30.
    expect(within(change(0)).getByText('01/07/2026, 14:05:09')).toBeInTheDocument();
    expect(within(change(0)).getByText('Bank details saved')).toBeInTheDocument();
    expect(within(change(0)).getByText('Priya Shah (Adviser)')).toBeInTheDocument();
    expect(within(change(0)).getByText('bank details: account number, sort code')).toBeInTheDocument();
    expect(within(change(1)).getByText('15/01/2026, 09:30:00')).toBeInTheDocument();
    expect(within(change(1)).getByText('Ben Carter (Acting for the adviser)')).toBeInTheDocument();
    expect(within(change(1)).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(change(1)).getByText('answers to 3 questions')).toBeInTheDocument();
  });

  it('says in words when the caller was not recorded, and shows no empty list of details', () => {
    show();
    const oldest = change(2);
    expect(within(oldest).getByText('not recorded')).toBeInTheDocument();
    expect(within(oldest).queryByText('Changed:')).not.toBeInTheDocument();
  });

  it('says how many are shown when the case has more than the newest it lists', () => {
    show({ timeline: { ...timeline, total: 250 } });
    expect(screen.getByText('Showing the newest 3 of 250 changes.')).toBeInTheDocument();
  });

  it('offers to try again when the changes could not be read, and says when there are none', () => {
    const onRetry = vi.fn();
    const { unmount } = render(<ChangeTimeline headingId="c" timeline={undefined} isPending={false} isError onRetry={onRetry} />);
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(onRetry).toHaveBeenCalledOnce();
    unmount();
    show({ timeline: { total: 0, entries: [] } });
    expect(screen.getByText('No changes recorded yet.')).toBeInTheDocument();
  });

  it('writes a time it cannot read as it came', () => {
    expect(formatChangeTime('yesterday')).toBe('yesterday');
  });
});
