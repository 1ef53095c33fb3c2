import { describe, expect, it } from 'vitest';
import { cases } from '@/test/vectors';
import {
  checkBankDetails,
  COLLECTION_DAYS,
  formatSortCode,
  parseAccountName,
  parseAccountNumber,
  parseCollectionDay,
  parseSortCode,
  type BankDetails,
  type BankDetailsForm,
} from './bank-details';
import type { FieldError } from './text';

type BankCase =
  | { kind: 'sortCode'; input: string; valid: boolean; digits?: string; display?: string; message?: string }
  | { kind: 'accountNumber'; input: string; valid: boolean; digits?: string; message?: string }
  | { kind: 'name'; input: string; valid: boolean; normalised?: string; message?: string }
  | { kind: 'collectionDay'; input: number | null; valid: boolean; day?: number; message?: string }
  | { kind: 'form'; form: BankDetailsForm; errors: FieldError[]; details?: BankDetails };

function expectParsed<T>(parsed: { ok: true; value: T } | { ok: false; message: string }, valid: boolean, value: T | undefined, message: string | undefined) {
  if (valid) expect(parsed).toEqual({ ok: true, value });
  else expect(parsed).toMatchObject({ ok: false, message });
}

describe('bank details agree with the server (the "bank-details" topic of `domain/vectors.json`)', () => {
  it.each(cases<BankCase>('bank-details'))('$kind $input', (c) => {
    switch (c.kind) {
      case 'sortCode': {
        const parsed = parseSortCode(c.input);
        expectParsed(parsed, c.valid, c.digits, c.message);
        if (parsed.ok) expect(formatSortCode(parsed.value)).toBe(c.display);
        break;
      }
      case 'accountNumber':
        expectParsed(parseAccountNumber(c.input), c.valid, c.digits, c.message);
        break;
      case 'name':
        expectParsed(parseAccountName(c.input), c.valid, c.normalised, c.message);
        break;
      case 'collectionDay':
        expectParsed(parseCollectionDay(c.input), c.valid, c.day, c.message);
        break;
      case 'form': {
        const { details, errors } = checkBankDetails(c.form);
        expect(errors).toEqual(c.errors);
        expect(details).toEqual(c.details ?? null);
        break;
      }
    }
  });
});

describe('bank details', () => {
  it('offers the 1st to the 28th as collection days', () => {
    expect(COLLECTION_DAYS).toHaveLength(28);
    expect(COLLECTION_DAYS[0]).toBe(1);
    expect(COLLECTION_DAYS[27]).toBe(28);
  });

  it('refuses a fractional collection day', () => {
    expect(parseCollectionDay(1.5).ok).toBe(false);
  });

  it('re-parses a displayed sort code to the same digits', () => {
    expect(parseSortCode(formatSortCode('089999'))).toEqual({ ok: true, value: '089999' });
  });
});
