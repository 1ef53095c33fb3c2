import { describe, expect, it } from 'vitest';
import { dayjs } from '@/lib/dayjs';
import { applicantFixture } from '@/test/fixtures';
import { changedFields, filledFields, splitFieldErrors, toFormValues } from './applicant-form-model';

describe('applicant form model', () => {
  it('sends only the fields that changed, with null to clear one', () => {
    const applicant = applicantFixture();
    const values = { ...toFormValues(applicant), lastName: '  Turing-Smith ', smoking: null, dateOfBirth: dayjs('1980-06-24') };
    expect(changedFields(applicant, values)).toEqual({ lastName: 'Turing-Smith', smoking: null, dateOfBirth: '1980-06-24' });
  });

  it('sends nothing when nothing changed', () => {
    const applicant = applicantFixture();
    expect(changedFields(applicant, toFormValues(applicant))).toEqual({});
  });

  it('adds only the fields that were filled in', () => {
    expect(filledFields({ firstName: ' ', lastName: 'Hopper', gender: 'female', dateOfBirth: dayjs('1985-12-09') })).toEqual({
      lastName: 'Hopper',
      gender: 'female',
      dateOfBirth: '1985-12-09',
    });
  });

  it('puts server errors beside the field they name, and the rest above the form', () => {
    expect(
      splitFieldErrors([
        { field: 'dateOfBirth', message: 'Too young' },
        { field: 'applicants[1].firstName', message: 'Too long' },
        { field: 'applicants', message: 'At most 2' },
        { field: 'dateOfBirth', message: 'Not a date' },
      ]),
    ).toEqual({
      byField: [
        { name: 'dateOfBirth', errors: ['Too young', 'Not a date'] },
        { name: 'firstName', errors: ['Too long'] },
      ],
      other: ['At most 2'],
    });
  });
});
