/**
 * Calendar rules shared with the server (domain::dates, domain::quote): strict date parsing
 * (year 1900–2099, month 1–12, an invalid date is no date), ages in completed years with 29
 * February birthdays on 1 March in common years, the quote valid-until bounds and the policy
 * start window. Dates are ISO strings (YYYY-MM-DD), so no time zone can shift them.
 */

export const MIN_YEAR = 1900;
export const MAX_YEAR = 2099;
export const INVALID_DATE = 'This date is invalid';
export const QUOTE_VALIDITY_DAYS = 30;
export const OVERRIDE_QUOTE_VALIDITY_DAYS = 90;
export const POLICY_START_MAX_MONTHS = 3;

interface Ymd {
  year: number;
  month: number;
  day: number;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

function valid({ year, month, day }: Ymd): boolean {
  return year >= MIN_YEAR && year <= MAX_YEAR && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function toIso({ year, month, day }: Ymd): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function fromIso(iso: string): Ymd {
  const [year = 0, month = 0, day = 0] = iso.split('-').map(Number);
  return { year, month, day };
}

/** Parses YYYY-MM-DD; anything else, or an impossible date, is null. */
export function parseIsoDate(text: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const ymd = fromIso(text);
  return valid(ymd) ? toIso(ymd) : null;
}

/** Parses dd/MM/yyyy as typed (one-digit day and month allowed); returns ISO or null. */
export function parseUkDate(text: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const ymd = { day: Number(match[1]), month: Number(match[2]), year: Number(match[3]) };
  return valid(ymd) ? toIso(ymd) : null;
}

function birthdayIn(born: Ymd, year: number): Ymd {
  return born.month === 2 && born.day === 29 && !isLeapYear(year) ? { year, month: 3, day: 1 } : { ...born, year };
}

/** Age in completed years on `on` (both ISO dates); null before birth. */
export function ageOn(bornIso: string, onIso: string): number | null {
  if (onIso < bornIso) return null;
  const born = fromIso(bornIso);
  const on = fromIso(onIso);
  const birthday = toIso(birthdayIn(born, on.year));
  return on.year - born.year - (onIso >= birthday ? 0 : 1);
}

function addDays(iso: string, days: number): string {
  const { year, month, day } = fromIso(iso);
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return date.toISOString().slice(0, 10);
}

function addMonths(iso: string, months: number): string {
  const { year, month, day } = fromIso(iso);
  const total = year * 12 + (month - 1) + months;
  const y = Math.floor(total / 12);
  const m = (total % 12) + 1;
  return toIso({ year: y, month: m, day: Math.min(day, daysInMonth(y, m)) });
}

/** §5: valid-until runs from today to 30 days after the quote (90 with the override flag). */
export function validUntilBounds(quoteCreated: string, today: string, mayOverride: boolean): [string, string] {
  return [today, addDays(quoteCreated, mayOverride ? OVERRIDE_QUOTE_VALIDITY_DAYS : QUOTE_VALIDITY_DAYS)];
}

export function checkValidUntil(validUntil: string, quoteCreated: string, today: string, mayOverride: boolean): string | null {
  const [earliest, latest] = validUntilBounds(quoteCreated, today, mayOverride);
  return validUntil < earliest || validUntil > latest ? INVALID_DATE : null;
}

export function latestPolicyStart(today: string): string {
  return addMonths(today, POLICY_START_MAX_MONTHS);
}

function ukFormat(iso: string): string {
  const { year, month, day } = fromIso(iso);
  return `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${String(year)}`;
}

/** §5: the policy starts between today and three months ahead. */
export function checkPolicyStart(start: string, today: string): string | null {
  const latest = latestPolicyStart(today);
  return start < today || start > latest
    ? `The policy start date must be between ${ukFormat(today)} and ${ukFormat(latest)}`
    : null;
}

/** Today's date in the United Kingdom as YYYY-MM-DD, whatever the browser's time zone. */
export function ukToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
