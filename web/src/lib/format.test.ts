import { describe, expect, it } from 'vitest';
import {
  formatAge,
  formatCompactDate,
  formatDate,
  formatDateTime,
  formatMoney,
  formatPaymentPeriod,
  formatTime,
  formatWeeks,
  formatYears,
  toTitleCase,
} from './format';

describe('formatMoney', () => {
  it('shows whole pounds with thousands separators', () => {
    expect(formatMoney(1250)).toBe('£1,250');
    expect(formatMoney(250000)).toBe('£250,000');
    expect(formatMoney(0)).toBe('£0');
  });

  it('rounds to whole pounds', () => {
    expect(formatMoney(1249.5)).toBe('£1,250');
    expect(formatMoney(12.49)).toBe('£12');
  });

  it('shows pence when asked', () => {
    expect(formatMoney(1250.5, { pence: true })).toBe('£1,250.50');
    expect(formatMoney(21.456, { pence: true })).toBe('£21.46');
  });

  it('is empty for a missing amount', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney(Number.NaN)).toBe('');
  });
});

describe('dates and times', () => {
  it('formats an API date as dd/MM/yyyy without shifting the day', () => {
    expect(formatDate('1980-06-23')).toBe('23/06/1980');
    expect(formatDate('2024-01-01')).toBe('01/01/2024');
  });

  it('formats timestamps in local time', () => {
    const local = new Date(2025, 2, 7, 9, 5);
    expect(formatDate(local)).toBe('07/03/2025');
    expect(formatTime(local)).toBe('09:05');
    expect(formatDateTime(local)).toBe('07/03/2025 09:05');
  });

  it('uses the 24-hour clock', () => {
    expect(formatTime(new Date(2025, 0, 1, 17, 30))).toBe('17:30');
  });

  it('formats a compact date', () => {
    expect(formatCompactDate('1980-06-23')).toBe('19800623');
  });

  it('is empty for a missing or invalid date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });
});

describe('terms, ages and periods', () => {
  it('formats years', () => {
    expect(formatYears(25)).toBe('25 years');
    expect(formatYears(1)).toBe('1 year');
  });

  it('formats an age', () => {
    expect(formatAge(42)).toBe('Age 42');
  });

  it('formats weeks', () => {
    expect(formatWeeks(13)).toBe('13 weeks');
    expect(formatWeeks(4)).toBe('4 weeks');
  });

  it('formats payment periods', () => {
    expect(formatPaymentPeriod('full')).toBe('Full-term');
    expect(formatPaymentPeriod('twoYear')).toBe('2-year');
  });

  it('title-cases cover types', () => {
    expect(toTitleCase('critical illness')).toBe('Critical Illness');
    expect(toTitleCase('LIFE')).toBe('Life');
  });
});
