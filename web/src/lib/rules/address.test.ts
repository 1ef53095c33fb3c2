import { describe, expect, it } from 'vitest';
import { cases } from '@/test/vectors';
import {
  addressErrors,
  checkApplicantContact,
  checkApplicantsAddresses,
  lookupToForm,
  type AddressLookupResult,
  type ApplicantAddress,
  type ContactDetailsForm,
} from './address';
import type { FieldError } from './text';

type AddressCase =
  | { kind: 'address'; form: ContactDetailsForm; errors: FieldError[]; note?: string }
  | { kind: 'applicants'; applicants: ApplicantAddress[]; errors: FieldError[]; note?: string }
  | { kind: 'lookup'; result: AddressLookupResult; form: ContactDetailsForm; errors: FieldError[]; note?: string };

describe('addresses agree with the server (the "addresses" topic of `domain/vectors.json`)', () => {
  it.each(cases<AddressCase>('addresses'))('$kind: $note', (c) => {
    switch (c.kind) {
      case 'address':
        expect(addressErrors(c.form)).toEqual(c.errors);
        break;
      case 'applicants':
        expect(checkApplicantsAddresses(c.applicants)).toEqual(c.errors);
        break;
      case 'lookup': {
        const form = lookupToForm(c.result);
        expect(form).toEqual(c.form);
        expect(addressErrors(form)).toEqual(c.errors);
        break;
      }
    }
  });
});

describe('checkApplicantContact', () => {
  it('needs address, phone and email, but no address when sharing', () => {
    expect(checkApplicantContact({}, false).map((e) => e.field)).toEqual([
      'address1', 'cityName', 'postcode', 'phoneNumber', 'emailAddress',
    ]);
    expect(checkApplicantContact({}, true).map((e) => e.field)).toEqual(['phoneNumber', 'emailAddress']);
    expect(checkApplicantContact({ phoneNumber: '01632 960000', emailAddress: 'jane@example.com' }, true)).toEqual([]);
  });
});
