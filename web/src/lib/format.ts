/**
 * Display formats of spec §9: money in pounds, dates dd/MM/yyyy, time HH:mm, terms and ages.
 * Every screen formats through these helpers so the whole portal reads the same.
 */
import { dayjs } from './dayjs';

const wholePounds = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

const poundsAndPence = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

type DateInput = string | Date | null | undefined;

function toDayjs(value: DateInput): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : null;
}

/** £1,250 (whole pounds). Pass `{ pence: true }` for £1,250.50. Empty for a missing amount. */
export function formatMoney(amount: number | null | undefined, options: { pence?: boolean } = {}): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '';
  return (options.pence ? poundsAndPence : wholePounds).format(amount);
}

/** 23/06/1980. Accepts an API date (`YYYY-MM-DD`) or an RFC 3339 timestamp (shown in local time). */
export function formatDate(value: DateInput): string {
  return toDayjs(value)?.format('DD/MM/YYYY') ?? '';
}

/** 14:05 (24-hour clock, local time). */
export function formatTime(value: DateInput): string {
  return toDayjs(value)?.format('HH:mm') ?? '';
}

/** 23/06/2025 14:05 */
export function formatDateTime(value: DateInput): string {
  return toDayjs(value)?.format('DD/MM/YYYY HH:mm') ?? '';
}

/** 19800623 (compact yyyyMMdd, e.g. in file names). */
export function formatCompactDate(value: DateInput): string {
  return toDayjs(value)?.format('YYYYMMDD') ?? '';
}

function plural(count: number, one: string, many: string): string {
  return `${String(count)} ${count === 1 ? one : many}`;
}

/** A term: '25 years' ('1 year'). */
export function formatYears(years: number): string {
  return plural(years, 'year', 'years');
}

/** An age, or a to-age term: 'Age 42'. */
export function formatAge(age: number): string {
  return `Age ${String(age)}`;
}

/** A deferred period: '13 weeks' ('1 week'). */
export function formatWeeks(weeks: number): string {
  return plural(weeks, 'week', 'weeks');
}

/** A payment period: 'Full-term' or '2-year'. */
export function formatPaymentPeriod(period: 'full' | 'twoYears' | number): string {
  if (period === 'full') return 'Full-term';
  if (period === 'twoYears') return '2-year';
  return `${String(period)}-year`;
}

/** Title case for cover types and similar labels: 'critical illness' -> 'Critical Illness'. */
export function toTitleCase(value: string): string {
  return value
    .toLowerCase()
    .split(/(\s+|-)/)
    .map((part) => (part.length > 0 ? part.charAt(0).toUpperCase() + part.slice(1) : part))
    .join('');
}
