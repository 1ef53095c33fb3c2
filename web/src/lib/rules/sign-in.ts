/**
 * The client portal's sign-in form (spec §5), the same rules as domain::sign_in: email
 * required, valid, at most 100 characters; password required, 8 to 100 characters, with an
 * ASCII upper-case letter, lower-case letter, digit and special character (OWASP's list of
 * ASCII punctuation, and the space; K24).
 */
import { parseEmailAddress } from './email';
import { charCount, englishList, type FieldError } from './text';

export const PASSWORD_MIN_CHARS = 8;
export const PASSWORD_MAX_CHARS = 100;
export const PASSWORD_REQUIRED = 'Please enter a password';
export const PASSWORD_TOO_LONG = 'Password must be 100 characters or fewer';
export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters';
export const SPECIAL_CHARACTERS = ' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

export interface SignInForm {
  email: string;
  password: string;
}

/** The password's problems; both the length and the missing classes when both apply. */
export function passwordProblems(password: string): string[] {
  const length = charCount(password);
  if (length === 0) return [PASSWORD_REQUIRED];
  if (length > PASSWORD_MAX_CHARS) return [PASSWORD_TOO_LONG];
  const problems: string[] = [];
  if (length < PASSWORD_MIN_CHARS) problems.push(PASSWORD_TOO_SHORT);
  const chars = Array.from(password);
  const missing = (
    [
      [/[A-Z]/, 'an upper-case letter'],
      [/[a-z]/, 'a lower-case letter'],
      [/[0-9]/, 'a number'],
    ] as const
  )
    .filter(([pattern]) => !pattern.test(password))
    .map(([, what]) => what as string);
  if (!chars.some((ch) => SPECIAL_CHARACTERS.includes(ch))) missing.push('a special character');
  if (missing.length > 0) problems.push(`Password must include ${englishList(missing)}`);
  return problems;
}

/** Every problem with the form, on the fields `email` and `password`. */
export function checkSignIn(form: SignInForm): FieldError[] {
  const errors: FieldError[] = [];
  const email = parseEmailAddress(form.email);
  if (!email.ok) errors.push({ field: 'email', message: email.message });
  for (const message of passwordProblems(form.password)) errors.push({ field: 'password', message });
  return errors;
}
