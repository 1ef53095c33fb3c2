/**
 * Email addresses (spec §5, §9), the same rule as domain::contact::email: RFC 5322 dot-atom
 * within RFC 5321 limits and the portal's 100 characters; no quoted local parts, comments or
 * IP literals; ASCII only; the domain dotted, with labels of at most 63 letters, digits and
 * hyphens, and a top-level domain that is not all digits (docs/decisions.md K9-K12).
 * Also the confirmation rule, the two-applicant shared-account warning, and the §4/§5
 * contact-state rules.
 */
import { charCount, fail, trimSpaces, type Parsed } from './text';

export const EMAIL_MAX_CHARS = 100;
export const LOCAL_PART_MAX_CHARS = 64;
export const LABEL_MAX_CHARS = 63;

export const EMPTY_MESSAGE = 'Please enter an email address';
export const INVALID_MESSAGE = 'Invalid email';
export const TOO_LONG_MESSAGE = 'Email address must be 100 characters or fewer';
export const BLACKLIST_MESSAGE =
  'Unfortunately, we can’t accept this email address due to specific email providers blocking our emails. Please use an alternative email address to make sure this client will be able to receive future communications from us.';
/** domain::contact::DISPOSABLE_MESSAGE: the email service's answer for a temporary address (M4). */
export const DISPOSABLE_MESSAGE =
  "This is a temporary email address. Please use the client's own address, so they receive future communications from us.";
export const SHARED_EMAIL_WARNING = 'Both clients have the same email address, so they would share an account';
export const CONFIRM_EMPTY_MESSAGE = 'Please confirm the email address';
export const CONFIRM_MISMATCH_MESSAGE = 'Email addresses do not match';
export const FAILURE_BLACKLIST = 'FailureBlacklist';
export const FAILURE_DISPOSABLE = 'FailureDisposable';
/** The domain could not be checked just now; the address is accepted on its syntax (M3). */
export const UNCHECKED = 'Unchecked';
export const UNKNOWN_ERROR = 'Unknown error';

export type EmailError =
  | 'empty'
  | 'tooLong'
  | 'missingAt'
  | 'localPartTooLong'
  | 'invalidLocalPart'
  | 'invalidDomain'
  | 'labelTooLong'
  | 'numericTopLevelDomain';

const ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+$/;
const LABEL = /^[A-Za-z0-9-]+$/;

const invalid = (e: EmailError) => fail(e, INVALID_MESSAGE);

/** Reads an address as typed; the value keeps the local part and lower-cases the domain. */
export function parseEmailAddress(text: string): Parsed<string, EmailError> {
  const trimmed = trimSpaces(text);
  if (trimmed === '') return fail('empty', EMPTY_MESSAGE);
  if (charCount(trimmed) > EMAIL_MAX_CHARS) return fail('tooLong', TOO_LONG_MESSAGE);
  const at = trimmed.lastIndexOf('@');
  if (at < 0) return invalid('missingAt');
  const local = trimmed.slice(0, at);
  const domain = trimmed.slice(at + 1);
  if (charCount(local) > LOCAL_PART_MAX_CHARS) return invalid('localPartTooLong');
  if (!local.split('.').every((atom) => ATOM.test(atom))) return invalid('invalidLocalPart');
  const labels = domain.split('.');
  if (labels.length < 2) return invalid('invalidDomain');
  for (const label of labels) {
    if (!LABEL.test(label) || label.startsWith('-') || label.endsWith('-')) return invalid('invalidDomain');
    if (label.length > LABEL_MAX_CHARS) return invalid('labelTooLong');
  }
  const top = labels[labels.length - 1] ?? '';
  if (/^[0-9]+$/.test(top)) return invalid('numericTopLevelDomain');
  if (top.length < 2) return invalid('invalidDomain');
  return { ok: true, value: `${local}@${domain.toLowerCase()}` };
}

/** ASCII case-insensitive equality, as Rust's `eq_ignore_ascii_case`. */
function sameIgnoringAsciiCase(a: string, b: string): boolean {
  const lower = (s: string) => s.replace(/[A-Z]/g, (ch) => ch.toLowerCase());
  return lower(a) === lower(b);
}

/** Whether two parsed addresses reach the same mailbox as far as the portal can tell (K11). */
export function sameMailbox(a: string, b: string): boolean {
  return sameIgnoringAsciiCase(a, b);
}

/** The confirmation field must repeat the address, ignoring case and surrounding spaces; null when it does. */
export function checkConfirmation(email: string, confirmation: string): string | null {
  const [e, c] = [trimSpaces(email), trimSpaces(confirmation)];
  if (c === '' && e !== '') return CONFIRM_EMPTY_MESSAGE;
  return sameIgnoringAsciiCase(e, c) ? null : CONFIRM_MISMATCH_MESSAGE;
}

/** §5: two applicants with the same (parsed) address would share an account; a warning only. */
export function sharedEmailWarning(first: string | null, second: string | null): string | null {
  return first !== null && second !== null && sameMailbox(first, second) ? SHARED_EMAIL_WARNING : null;
}

/** What the email service answered (§7 validate/email), or the failed call's message. */
export type EmailCheckOutcome = { isValid: boolean; status?: string | null } | { failed: string };

/** The message for an address the service refused, by its status (domain::contact::email_refusal). */
function refusalMessage(status: string | null | undefined): string {
  if (status === FAILURE_BLACKLIST) return BLACKLIST_MESSAGE;
  if (status === FAILURE_DISPOSABLE) return DISPOSABLE_MESSAGE;
  return INVALID_MESSAGE;
}

/** §4: success with isValid true sets emailValid; otherwise emailValid is false and an error is set (K17, M4). */
export function emailCheckResult(outcome: EmailCheckOutcome): { emailValid: boolean; emailError: string | null } {
  let emailError: string | null;
  if ('failed' in outcome) emailError = trimSpaces(outcome.failed) === '' ? UNKNOWN_ERROR : outcome.failed;
  else if (outcome.isValid) emailError = null;
  else emailError = refusalMessage(outcome.status);
  return { emailValid: emailError === null, emailError };
}
