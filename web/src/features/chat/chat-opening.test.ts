import { describe, expect, it } from 'vitest';
import { formatChatOpening } from './chat-opening';

describe('when web chat opens, in words', () => {
  it('names the day and date, or says today when it is today in the UK', () => {
    expect(formatChatOpening('2026-11-30T08:00:00', new Date('2026-11-28T12:00:00Z'))).toBe('Web chat opens at 08:00 on Monday 30 November');
    expect(formatChatOpening('2026-11-30T08:00:00', new Date('2026-11-30T06:00:00Z'))).toBe('Web chat opens at 08:00 today');
    // 23:30 UTC on 29 June is 00:30 on 30 June in the UK (BST).
    expect(formatChatOpening('2026-06-30T08:00:00', new Date('2026-06-29T23:30:00Z'))).toBe('Web chat opens at 08:00 today');
  });
});
