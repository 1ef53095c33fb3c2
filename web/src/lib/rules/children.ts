/**
 * The children rule shared with the server (domain::children): a child is covered from birth
 * until the day before their 23rd birthday, on today's date in the UK.
 */
import { ageOn } from './dates';

export const CHILD_AGE_LIMIT = 23;
export const CHILD_NOT_BORN = "A child's date of birth cannot be in the future";
export const CHILD_TOO_OLD = "Children's cover is for children up to age 23";

/** The server's message for a child's date of birth on `today` (both ISO dates), or null when it qualifies. */
export function checkChildDateOfBirth(dateOfBirth: string, today: string): string | null {
  if (dateOfBirth > today) return CHILD_NOT_BORN;
  const age = ageOn(dateOfBirth, today) ?? 0;
  return age < CHILD_AGE_LIMIT ? null : CHILD_TOO_OLD;
}
