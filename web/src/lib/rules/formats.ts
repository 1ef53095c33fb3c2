/**
 * Display formats of spec §9, the SPA's copy of `domain/src/formats.rs`: money in whole pounds
 * (pence only for monthly premiums), 'N years', 'Age N', 'N weeks', 'Full-term' / '2-year',
 * cover types title-cased, dates dd/MM/yyyy, times HH:mm, compact dates yyyyMMdd, and which
 * cover columns each product shows. Both copies are checked against
 * the "formats" topic of `domain/vectors.json`.
 */
import { dayjs, type Dayjs } from '../dayjs';

export type DateInput = string | Date | null | undefined;
export type PaymentPeriodCode = 'full' | 'twoYear';
export type CoverTypeCode = 'level' | 'increasing' | 'decreasing' | 'familyIncome';
export type ProductCode = 'life' | 'lifeessentials' | 'ci' | 'aci' | 'ccic' | 'ip';
export type CoverColumn = 'coverType' | 'coverAmount';

/** "1234567" -> "1,234,567" for a whole, non-negative number. */
export function groupThousands(value: number): string {
  const digits = String(value);
  let out = '';
  for (let i = 0; i < digits.length; i += 1) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits.charAt(i);
  }
  return out;
}

/**
 * £1,250: whole pounds, half a pound rounded up (as the server rounds whole pence). Pass
 * `{ pence: true }` for £1,250.50, the one form that shows pence (monthly premiums). Empty for
 * a missing amount.
 */
export function formatMoney(amount: number | null | undefined, options: { pence?: boolean } = {}): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '';
  const sign = amount < 0 ? '-' : '';
  const pence = Math.round(Math.abs(amount) * 100);
  if (options.pence) {
    return `${sign}£${groupThousands(Math.floor(pence / 100))}.${String(pence % 100).padStart(2, '0')}`;
  }
  return `${sign}£${groupThousands(Math.floor((pence + 50) / 100))}`;
}

/** £23.45: a monthly premium, to the penny. */
export function formatMoneyWithPence(amount: number | null | undefined): string {
  return formatMoney(amount, { pence: true });
}

function plural(count: number, one: string, many: string): string {
  return `${String(count)} ${count === 1 ? one : many}`;
}

/** A term: '25 years', and '1 year' for one (docs/decisions.md J1). */
export function formatYears(years: number): string {
  return plural(years, 'year', 'years');
}

/** An age, or a to-age term: 'Age 65'. */
export function formatAge(age: number): string {
  return `Age ${String(age)}`;
}

/** A deferred period: '13 weeks'. */
export function formatWeeks(weeks: number): string {
  return plural(weeks, 'week', 'weeks');
}

/** A payment period: 'Full-term' or '2-year'. */
export function formatPaymentPeriod(period: PaymentPeriodCode): string {
  return period === 'full' ? 'Full-term' : '2-year';
}

const SEPARATORS = new Set([' ', '\t', '\n', '\r', '-']);

/**
 * Title case: 'familyIncome' -> 'Family Income', 'critical illness' -> 'Critical Illness',
 * 'LIFE' -> 'Life'. A word starts at the beginning, after a space, tab, line break or hyphen,
 * and where an ASCII lower-case letter meets an upper-case one (a space is put in there).
 */
export function toTitleCase(value: string): string {
  let out = '';
  let startsWord = true;
  let previous = '';
  for (const c of value) {
    if (/^[a-z]$/.test(previous) && /^[A-Z]$/.test(c)) {
      out += ' ';
      startsWord = true;
    }
    out += startsWord ? c.toUpperCase() : c.toLowerCase();
    startsWord = SEPARATORS.has(c);
    previous = c;
  }
  return out;
}

/** 'Level', 'Increasing', 'Decreasing', 'Family Income'. */
export function formatCoverType(code: CoverTypeCode): string {
  return toTitleCase(code);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/** An API date (`YYYY-MM-DD`, strictly: 2023-02-29 is no date) or any timestamp dayjs reads. */
function toDayjs(value: DateInput): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = typeof value === 'string' && ISO_DATE.test(value) ? dayjs(value, 'YYYY-MM-DD', true) : dayjs(value);
  return parsed.isValid() ? parsed : null;
}

/** 23/06/1980. Accepts an API date or an RFC 3339 timestamp (shown in local time). */
export function formatDate(value: DateInput): string {
  return toDayjs(value)?.format('DD/MM/YYYY') ?? '';
}

/** 14:05 on the 24-hour clock, seconds dropped. Accepts `HH:mm[:ss]` or a timestamp. */
export function formatTime(value: DateInput): string {
  if (typeof value === 'string') {
    const time = ISO_TIME.exec(value);
    if (time) {
      const [, hours = '', minutes = '', seconds = '0'] = time;
      const ok = Number(hours) < 24 && Number(minutes) < 60 && Number(seconds) < 60;
      return ok ? `${hours}:${minutes}` : '';
    }
  }
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

/**
 * The cover values a product's row shows (§9 "ccic shows coverType; ip shows coverAmount");
 * every other product shows both (J3).
 */
export function displayedColumns(product: ProductCode): readonly CoverColumn[] {
  if (product === 'ccic') return ['coverType'];
  if (product === 'ip') return ['coverAmount'];
  return ['coverType', 'coverAmount'];
}
