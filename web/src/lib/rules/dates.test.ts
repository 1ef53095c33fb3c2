import { describe, expect, it } from 'vitest';
import { cases, vectors } from '@/test/vectors';
import { checkPolicyStart, checkValidUntil, parseIsoDate, parseUkDate } from './dates';

interface DateCase { input: string; format: 'iso' | 'uk'; expected: string | null; note: string }
interface ValidUntilCase { quoteCreated: string; today: string; overrideQuoteDate: boolean; validUntil: string; valid: boolean; note: string }
interface PolicyStartCase { today: string; policyStartDate: string; valid: boolean; note: string }

describe('date rules agree with the server (the "dates" topic of `domain/vectors.json`)', () => {
  it.each(cases<DateCase>('dates'))('parses $format "$input" ($note)', ({ input, format, expected }) => {
    expect(format === 'iso' ? parseIsoDate(input) : parseUkDate(input)).toBe(expected);
  });

  it.each(vectors<{ validUntil: ValidUntilCase[] }>('dates').validUntil)('valid-until: $note', (c) => {
    const message = checkValidUntil(c.validUntil, c.quoteCreated, c.today, c.overrideQuoteDate);
    expect(message === null).toBe(c.valid);
    if (message !== null) expect(message).toBe('This date is invalid');
  });

  it.each(vectors<{ policyStart: PolicyStartCase[] }>('dates').policyStart)('policy start: $note', (c) => {
    expect(checkPolicyStart(c.policyStartDate, c.today) === null).toBe(c.valid);
  });
});
