/**
 * The child form's values and how they map to the API (ChildDetails), and which server errors
 * belong beside which field.
 */
import type { Schemas } from '@/lib/api-client';
import type { FieldError } from '@/lib/api-error';
import { parseIsoDate, toIsoDate, type Dayjs } from '@/lib/dayjs';
import { ageOn } from '@/lib/rules/dates';
import { given } from '@/lib/rules/text';
import { splitFormErrors, type SplitFormErrors } from './form-errors';
import { applicationStrings } from './strings';

export type Child = Schemas['Child'];
export type ChildDetails = Schemas['ChildDetails'];

export const childTitles: readonly string[] = ['Master', 'Miss', 'Mr', 'Ms', 'Mx'];
export const CHILD_NAME_MAX_LENGTH = 100;

export interface ChildFormValues {
  title?: string | null;
  firstName?: string | null;
  surname?: string | null;
  dateOfBirth?: Dayjs | null;
}

export const childFormFields = ['title', 'firstName', 'surname', 'dateOfBirth'] as const;
export type ChildFormField = (typeof childFormFields)[number];

export function toChildFormValues(child: Child): ChildFormValues {
  return {
    title: child.title ?? null,
    firstName: child.firstName ?? null,
    surname: child.surname ?? null,
    dateOfBirth: parseIsoDate(child.dateOfBirth),
  };
}

/** The body of a POST or PUT: every field, empty ones as null (a PUT replaces them all). */
export function toChildDetails(values: ChildFormValues): Required<ChildDetails> {
  return {
    title: given(values.title),
    firstName: given(values.firstName),
    surname: given(values.surname),
    dateOfBirth: values.dateOfBirth ? toIsoDate(values.dateOfBirth) : null,
  };
}

/** "Grace Turing", or "Child 1" until the child has a name. */
export function childName(child: Pick<Child, 'firstName' | 'surname'>, index: number): string {
  const name = [child.firstName, child.surname].map((part) => given(part)).filter((part) => part !== null).join(' ');
  return name === '' ? applicationStrings.childTitle(index) : name;
}

/** The child's age in completed years on `today` (ISO), or null without a date of birth. */
export function childAge(child: Pick<Child, 'dateOfBirth'>, today: string): number | null {
  return child.dateOfBirth ? ageOn(child.dateOfBirth, today) : null;
}

/** Server field errors naming a field of the form (`dateOfBirth`, `children[0].surname`) go beside it; the rest above. */
export function splitChildErrors(errors: readonly FieldError[]): SplitFormErrors<ChildFormField> {
  return splitFormErrors(errors, childFormFields);
}
