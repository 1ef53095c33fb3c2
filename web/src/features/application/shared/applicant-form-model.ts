/**
 * The applicant form's values and how they map to the API: form values <-> ApplicantInput,
 * the changed fields for a PATCH, and which server errors belong beside which field.
 */
import type { Schemas } from '@/lib/api-client';
import type { FieldError } from '@/lib/api-error';
import { parseIsoDate, toIsoDate, type Dayjs } from '@/lib/dayjs';
import { splitFormErrors, type SplitFormErrors } from './form-errors';

/** An applicant as the application shows it (with the computed age). */
export type Applicant = Schemas['Application']['applicants'][number];
export type ApplicantInput = Schemas['ApplicantInput'];
export type Title = NonNullable<Applicant['title']>;
export type Gender = NonNullable<Applicant['gender']>;
export type Smoking = NonNullable<Applicant['smoking']>;

export const titles: readonly Title[] = ['Mr', 'Mrs', 'Miss', 'Ms', 'Mx', 'Dr'];
export const genders: readonly Gender[] = ['male', 'female'];
export const smokingAnswers: readonly Smoking[] = ['noneInFiveYears', 'noneInTwelveMonths', 'yes'];

export const NAME_MAX_LENGTH = 100;

export interface ApplicantFormValues {
  title?: Title | null;
  firstName?: string | null;
  lastName?: string | null;
  gender?: Gender | null;
  dateOfBirth?: Dayjs | null;
  smoking?: Smoking | null;
}

export const applicantFormFields = ['title', 'firstName', 'lastName', 'gender', 'dateOfBirth', 'smoking'] as const;
export type ApplicantFormField = (typeof applicantFormFields)[number];

export function toFormValues(applicant: Applicant): ApplicantFormValues {
  return {
    title: applicant.title,
    firstName: applicant.firstName,
    lastName: applicant.lastName,
    gender: applicant.gender,
    dateOfBirth: parseIsoDate(applicant.dateOfBirth),
    smoking: applicant.smoking,
  };
}

function cleanName(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** Every field, with null for an empty one. */
export function toApplicantInput(values: ApplicantFormValues): Required<ApplicantInput> {
  return {
    title: values.title ?? null,
    firstName: cleanName(values.firstName),
    lastName: cleanName(values.lastName),
    gender: values.gender ?? null,
    dateOfBirth: values.dateOfBirth ? toIsoDate(values.dateOfBirth) : null,
    smoking: values.smoking ?? null,
  };
}

/** For adding: only the fields that were filled in. */
export function filledFields(values: ApplicantFormValues): ApplicantInput {
  const { title, firstName, lastName, gender, dateOfBirth, smoking } = toApplicantInput(values);
  return {
    ...(title !== null && { title }),
    ...(firstName !== null && { firstName }),
    ...(lastName !== null && { lastName }),
    ...(gender !== null && { gender }),
    ...(dateOfBirth !== null && { dateOfBirth }),
    ...(smoking !== null && { smoking }),
  };
}

/** For a PATCH: only the fields that differ from the applicant as the server has it (null clears). */
export function changedFields(applicant: Applicant, values: ApplicantFormValues): ApplicantInput {
  const before = toApplicantInput(toFormValues(applicant));
  const after = toApplicantInput(values);
  return {
    ...(before.title !== after.title && { title: after.title }),
    ...(before.firstName !== after.firstName && { firstName: after.firstName }),
    ...(before.lastName !== after.lastName && { lastName: after.lastName }),
    ...(before.gender !== after.gender && { gender: after.gender }),
    ...(before.dateOfBirth !== after.dateOfBirth && { dateOfBirth: after.dateOfBirth }),
    ...(before.smoking !== after.smoking && { smoking: after.smoking }),
  };
}

/** Server field errors: those naming a form field (`dateOfBirth`, `applicants[1].dateOfBirth`) go beside it; the rest (e.g. `applicants`) above the form. */
export function splitFieldErrors(errors: readonly FieldError[]): SplitFormErrors<ApplicantFormField> {
  return splitFormErrors(errors, applicantFormFields);
}
