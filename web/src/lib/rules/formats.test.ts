import { describe, expect, it } from 'vitest';
import { cases } from '@/test/vectors';
import {
  displayedColumns,
  formatAge,
  formatCompactDate,
  formatCoverType,
  formatDate,
  formatDateTime,
  formatMoney,
  formatMoneyWithPence,
  formatPaymentPeriod,
  formatTime,
  formatWeeks,
  formatYears,
  groupThousands,
  toTitleCase,
  type CoverTypeCode,
  type PaymentPeriodCode,
  type ProductCode,
} from './formats';

interface FormatCase {
  format: string;
  pounds?: number;
  value?: string | number;
  expected: string | string[];
  note: string;
}

function shown(c: FormatCase): string | readonly string[] {
  const value = c.value;
  const text = String(value);
  const number = Number(value);
  switch (c.format) {
    case 'money':
      return formatMoney(c.pounds);
    case 'moneyWithPence':
      return formatMoneyWithPence(c.pounds);
    case 'termYears':
      return formatYears(number);
    case 'toAge':
      return formatAge(number);
    case 'deferredPeriod':
      return formatWeeks(number);
    case 'paymentPeriod':
      return formatPaymentPeriod(text as PaymentPeriodCode);
    case 'coverType':
      return formatCoverType(text as CoverTypeCode);
    case 'titleCase':
      return toTitleCase(text);
    case 'date':
      return formatDate(text);
    case 'time':
      return formatTime(text);
    case 'dateTime':
      return formatDateTime(text);
    case 'compactDate':
      return formatCompactDate(text);
    case 'displayedColumns':
      return displayedColumns(text as ProductCode);
    default:
      throw new Error(`unknown format ${c.format}`);
  }
}

describe('format vectors shared with the Rust domain', () => {
  const all = cases<FormatCase>('formats');

  it('has dozens of cases', () => {
    expect(all.length).toBeGreaterThanOrEqual(60);
  });

  it.each(all.map((c) => [`${c.format}: ${c.note}`, c] as const))('%s', (_name, c) => {
    expect(shown(c)).toEqual(c.expected);
  });
});

describe('money', () => {
  it('never shows pence in whole-pound form, whatever the amount', () => {
    for (let pence = 0; pence < 100_000; pence += 7) {
      const text = formatMoney(pence / 100);
      expect(text).not.toContain('.');
      expect(text.replace(/[£,]/g, '')).toBe(String(Math.floor((pence + 50) / 100)));
    }
  });

  it('always shows two decimals in the premium form', () => {
    for (let pence = 0; pence < 100_000; pence += 13) {
      expect(formatMoneyWithPence(pence / 100)).toMatch(/^£[\d,]+\.\d{2}$/);
    }
  });

  it('groups thousands every three digits', () => {
    expect(groupThousands(0)).toBe('0');
    expect(groupThousands(999)).toBe('999');
    expect(groupThousands(1000)).toBe('1,000');
    expect(groupThousands(1234567)).toBe('1,234,567');
  });

  it('marks a negative amount with a minus', () => {
    expect(formatMoney(-1250)).toBe('-£1,250');
  });
});

describe('title case', () => {
  it('is idempotent on printable ASCII', () => {
    const samples = ['familyIncome', 'a-b c', 'ABC def', 'x1Y', 'mixed CASE-words', "o'neil"];
    for (const sample of samples) {
      expect(toTitleCase(toTitleCase(sample))).toBe(toTitleCase(sample));
    }
  });
});
