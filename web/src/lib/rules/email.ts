/**
 * Email addresses (spec §5, §9), the same rule as domain::contact::email: RFC 5322 dot-atom
 * within RFC 5321 limits and the portal's 100 characters as typed; no quoted local parts,
 * comments or IP literals; an ASCII local part; the domain dotted, with labels of at most 63
 * letters, digits and hyphens, and a top-level domain that is not all digits (docs/decisions.md
 * K9-K12). A domain typed in Unicode is checked in its punycode form, by the browser's own
 * UTS 46 (the URL parser), and kept as typed (FC2).
 * Also the confirmation rule, the two-applicant shared-account warning, and the §4/§5
 * contact-state rules.
 */
import { charCount, fail, trimSpaces, type Parsed } from './text';

export const EMAIL_MAX_CHARS = 100;
export const LOCAL_PART_MAX_CHARS = 64;
export const LABEL_MAX_CHARS = 63;
/** Longest domain in its punycode form (RFC 1035). */
export const DOMAIN_MAX_CHARS = 253;

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
  const ascii = asciiDomain(domain);
  if (ascii === null) return invalid('invalidDomain');
  const labels = ascii.split('.');
  if (labels.length < 2) return invalid('invalidDomain');
  for (const label of labels) {
    if (!LABEL.test(label) || label.startsWith('-') || label.endsWith('-')) return invalid('invalidDomain');
    if (label.length > LABEL_MAX_CHARS) return invalid('labelTooLong');
  }
  const top = labels[labels.length - 1] ?? '';
  if (/^[0-9]+$/.test(top)) return invalid('numericTopLevelDomain');
  if (top.length < 2) return invalid('invalidDomain');
  if (ascii.length > DOMAIN_MAX_CHARS) return invalid('invalidDomain');
  // An xn-- label typed in ASCII must be real punycode, as one typed in Unicode is.
  if (isAscii(domain) && labels.some((l) => l.startsWith('xn--')) && labels.some((l) => toAsciiLabel(l) === null)) {
    return invalid('invalidDomain');
  }
  return { ok: true, value: `${local}@${domain.toLowerCase()}` };
}

/** Every UTF-16 unit below 0x80 (a surrogate is not, so no code point is missed). */
const isAscii = (text: string) => Array.from({ length: text.length }, (_, i) => text.charCodeAt(i)).every((c) => c < 0x80);

/** UTS 46 ToASCII of one label, by the URL parser (one label, so no IPv4 reading); null when it refuses. */
function toAsciiLabel(label: string): string | null {
  try {
    return new URL(`http://${label}/`).hostname;
  } catch {
    return null;
  }
}

/**
 * A domain as typed in its punycode form, lower case; null when UTS 46 refuses it. As the
 * server (domain::contact::email::domain_to_ascii, CheckHyphens first and last, STD3): the
 * ideographic full stops separate labels, a label may not start or end with a hyphen, and ASCII
 * other than letters, digits and hyphens is refused before the URL parser could read it as a
 * port, path or escape. ASCII is only lower-cased, so its faults keep their own codes.
 */
function asciiDomain(domain: string): string | null {
  if (isAscii(domain)) return domain.toLowerCase();
  const labels = domain.replace(/[\u3002\uff0e\uff61]/g, '.').split('.');
  const encoded: string[] = [];
  for (const label of labels) {
    const mapped = label.normalize('NFKC');
    if (mapped.startsWith('-') || mapped.endsWith('-') || /[!-,/:-@[-`{-~\s]/.test(label)) return null;
    if (label === '') {
      encoded.push('');
      continue;
    }
    const ascii = toAsciiLabel(label);
    if (ascii === null) return null;
    encoded.push(ascii);
  }
  return encoded.join('.');
}

/** The domain of a parsed address in its punycode form, as DNS and the email service know it. */
export function emailAsciiDomain(address: string): string {
  const domain = address.slice(address.lastIndexOf('@') + 1);
  return asciiDomain(domain) ?? domain;
}

/** ASCII case-insensitive equality, as Rust's `eq_ignore_ascii_case`. */
function sameIgnoringAsciiCase(a: string, b: string): boolean {
  const lower = (s: string) => s.replace(/[A-Z]/g, (ch) => ch.toLowerCase());
  return lower(a) === lower(b);
}

/**
 * Whether two parsed addresses reach the same mailbox as far as the portal can tell: the local
 * parts ignoring ASCII case (K11), the domains in punycode (FC2).
 */
export function sameMailbox(a: string, b: string): boolean {
  const local = (s: string) => s.slice(0, s.lastIndexOf('@'));
  return sameIgnoringAsciiCase(local(a), local(b)) && emailAsciiDomain(a) === emailAsciiDomain(b);
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
