/**
 * Direct Debit bank details (spec §3, §9), the same rules as domain::bank_details: a six-digit
 * sort code shown as 12-34-56, an eight-digit account number (6/7 digits padded by the adviser,
 * 9/10 digits need the bank's 8-digit form), the account holder's name and a collection day
 * from 1 to 28 (docs/decisions.md K20-K23). Modulus checking is a later issue.
 */
import { charCount, fail, hasControl, isSpace, trimSpaces, type FieldError, type Parsed } from './text';

export const ACCOUNT_NAME_MAX_CHARS = 100;
export const FIRST_COLLECTION_DAY = 1;
export const LAST_COLLECTION_DAY = 28;

export const SORT_CODE_MESSAGES = {
  empty: 'Please enter a sort code',
  invalid: 'Sort code must be 6 digits, for example 12-34-56',
} as const;

export const ACCOUNT_NUMBER_MESSAGES = {
  empty: 'Please enter an account number',
  tooShortPad: 'Account number must be 8 digits. For a 6 or 7 digit account number, add zeros at the start',
  tooLongAskBank: 'Account number must be 8 digits. Ask the bank for the 8 digit number to use for Direct Debits',
  invalid: 'Account number must be 8 digits',
} as const;

export const NAME_MESSAGES = {
  required: "Please enter the account holder's name",
  tooLong: "Account holder's name must be 100 characters or fewer",
  letters: "Account holder's name must contain letters",
  control: "Account holder's name cannot contain control characters",
} as const;

export const COLLECTION_DAY_MESSAGES = {
  required: 'Please choose a collection day',
  range: 'Collection day must be from 1 to 28',
} as const;

/** Digits of text in which spaces and hyphens are ignored; null if anything else is there. */
function digitsOf(text: string): string | null {
  const kept = Array.from(text).filter((ch) => !isSpace(ch) && ch !== '-').join('');
  return /^[0-9]*$/.test(kept) ? kept : null;
}

export function parseSortCode(text: string): Parsed<string, keyof typeof SORT_CODE_MESSAGES> {
  const digits = digitsOf(text);
  if (digits === '' || (digits === null && trimSpaces(text) === '')) return fail('empty', SORT_CODE_MESSAGES.empty);
  return digits?.length === 6 ? { ok: true, value: digits } : fail('invalid', SORT_CODE_MESSAGES.invalid);
}

/** Six digits as printed on cards and statements: `12-34-56`. */
export function formatSortCode(digits: string): string {
  return `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4, 6)}`;
}

export function parseAccountNumber(text: string): Parsed<string, keyof typeof ACCOUNT_NUMBER_MESSAGES> {
  const digits = digitsOf(text);
  if (digits === '') return fail('empty', ACCOUNT_NUMBER_MESSAGES.empty);
  if (digits === null) return fail('invalid', ACCOUNT_NUMBER_MESSAGES.invalid);
  switch (digits.length) {
    case 8:
      return { ok: true, value: digits };
    case 6:
    case 7:
      return fail('tooShortPad', ACCOUNT_NUMBER_MESSAGES.tooShortPad);
    case 9:
    case 10:
      return fail('tooLongAskBank', ACCOUNT_NUMBER_MESSAGES.tooLongAskBank);
    default:
      return fail('invalid', ACCOUNT_NUMBER_MESSAGES.invalid);
  }
}

export function parseAccountName(text: string): Parsed<string, keyof typeof NAME_MESSAGES> {
  const name = trimSpaces(text);
  if (name === '') return fail('required', NAME_MESSAGES.required);
  if (charCount(name) > ACCOUNT_NAME_MAX_CHARS) return fail('tooLong', NAME_MESSAGES.tooLong);
  if (hasControl(name)) return fail('control', NAME_MESSAGES.control);
  if (!/\p{Alphabetic}/u.test(name)) return fail('letters', NAME_MESSAGES.letters);
  return { ok: true, value: name };
}

export function parseCollectionDay(day: number | null | undefined): Parsed<number, keyof typeof COLLECTION_DAY_MESSAGES> {
  if (day === null || day === undefined) return fail('required', COLLECTION_DAY_MESSAGES.required);
  const inRange = Number.isInteger(day) && day >= FIRST_COLLECTION_DAY && day <= LAST_COLLECTION_DAY;
  return inRange ? { ok: true, value: day } : fail('range', COLLECTION_DAY_MESSAGES.range);
}

/** The collection days offered, 1 to 28. */
export const COLLECTION_DAYS: readonly number[] = Array.from(
  { length: LAST_COLLECTION_DAY - FIRST_COLLECTION_DAY + 1 },
  (_, i) => FIRST_COLLECTION_DAY + i,
);

export interface BankDetailsForm {
  name?: string | null;
  accountNumber?: string | null;
  sortCode?: string | null;
  collectionDay?: number | null;
  /** The payer holds the account and alone can authorise debits from it (AJ12). */
  payerConfirmed?: boolean | null;
}

export interface BankDetails {
  name: string;
  accountNumber: string;
  sortCode: string;
  collectionDay: number;
  payerConfirmed: true;
}

const PAYER_NOT_CONFIRMED =
  'Please confirm with your client that they hold this account and are the only person needed to authorise Direct Debits from it. An account that needs two signatures cannot pay by Direct Debit set up here';

/** Every field is required; each broken rule is reported at once. */
export function checkBankDetails(form: BankDetailsForm): { details: BankDetails | null; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const name = parseAccountName(form.name ?? '');
  const accountNumber = parseAccountNumber(form.accountNumber ?? '');
  const sortCode = parseSortCode(form.sortCode ?? '');
  const collectionDay = parseCollectionDay(form.collectionDay);
  if (!name.ok) errors.push({ field: 'name', message: name.message });
  if (!accountNumber.ok) errors.push({ field: 'accountNumber', message: accountNumber.message });
  if (!sortCode.ok) errors.push({ field: 'sortCode', message: sortCode.message });
  if (!collectionDay.ok) errors.push({ field: 'collectionDay', message: collectionDay.message });
  const payerConfirmed = form.payerConfirmed === true;
  if (!payerConfirmed) errors.push({ field: 'payerConfirmed', message: PAYER_NOT_CONFIRMED });
  if (name.ok && accountNumber.ok && sortCode.ok && collectionDay.ok && payerConfirmed) {
    const details = {
      name: name.value,
      accountNumber: accountNumber.value,
      sortCode: sortCode.value,
      collectionDay: collectionDay.value,
      payerConfirmed: true as const,
    };
    return { details, errors };
  }
  return { details: null, errors };
}
