/**
 * The applicant age rule shared with the server (domain::applicant): a client qualifies from
 * their 18th birthday until the day before their 65th, on the quote age date.
 */
import { ageOn } from './dates';

export const MIN_AGE = 18;
export const MAX_AGE = 64;
export const AGE_MESSAGE = 'To qualify, the client must be between 18 and 64.';
export const FUTURE_BIRTH_MESSAGE = 'Date of birth cannot be in the future';

/** The message for a date of birth on `ageDate`, or null when the client qualifies. */
export function checkApplicantAge(dateOfBirth: string, ageDate: string): string | null {
  if (dateOfBirth > ageDate) return FUTURE_BIRTH_MESSAGE;
  const age = ageOn(dateOfBirth, ageDate) ?? 0;
  return age >= MIN_AGE && age <= MAX_AGE ? null : AGE_MESSAGE;
}
