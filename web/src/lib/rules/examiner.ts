/**
 * The client's doctor or medical examiner (spec §3, §5), the same rules as
 * domain::contact::examiner: a doctor's forename and surname, or the surgery's name; the
 * address and phone rules; an optional email, checked and confirmed; and the message listing
 * the surgery fields at fault as 'surgery <field>', phoneNumber shown as 'number' (K18, K19).
 */
import { addressErrors, type ContactDetailsForm } from './address';
import { checkConfirmation, parseEmailAddress } from './email';
import { parsePhoneNumber } from './phone';
import { charCount, englishList, given, hasControl, prefixed, type FieldError } from './text';

export const EXAMINER_NAME_MAX_CHARS = 100;
export const NAME_OR_ORGANISATION = "Please enter the doctor's forename and surname, or the surgery name";
export const SURNAME_OR_ORGANISATION = "Please enter the doctor's surname, or the surgery name";
export const FORENAME_OR_ORGANISATION = "Please enter the doctor's forename, or the surgery name";

export interface ExaminerForm {
  title?: string | null;
  forename?: string | null;
  surname?: string | null;
  organisationName?: string | null;
  contactDetails?: ContactDetailsForm | null;
  confirmEmailAddress?: string | null;
}

const NAMES = [
  ['title', 'Title'],
  ['forename', 'Forename'],
  ['surname', 'Surname'],
  ['organisationName', 'Surgery name'],
] as const;

/** The examiner's fields in form order, which is also the order of the surgery message. */
const FIELD_ORDER = [
  'title', 'forename', 'surname', 'organisationName', 'address1', 'address2', 'address3', 'cityName', 'county',
  'postcode', 'phoneNumber', 'emailAddress', 'confirmEmailAddress',
] as const;

/** Every §5 rule for a surgery or examiner, fields named by JSON path (`contactDetails.postcode`). */
export function checkExaminer(form: ExaminerForm): FieldError[] {
  const errors: FieldError[] = [];
  for (const [field, label] of NAMES) {
    const name = given(form[field]);
    if (name === null) continue;
    if (charCount(name) > EXAMINER_NAME_MAX_CHARS) {
      errors.push({ field, message: `${label} must be ${EXAMINER_NAME_MAX_CHARS} characters or fewer` });
    } else if (hasControl(name)) {
      errors.push({ field, message: `${label} cannot contain control characters` });
    }
  }
  const forename = given(form.forename) !== null;
  const surname = given(form.surname) !== null;
  if (given(form.organisationName) === null && !(forename && surname)) {
    if (forename) errors.push({ field: 'surname', message: SURNAME_OR_ORGANISATION });
    else if (surname) errors.push({ field: 'forename', message: FORENAME_OR_ORGANISATION });
    else errors.push({ field: 'organisationName', message: NAME_OR_ORGANISATION });
  }
  const contact = form.contactDetails ?? {};
  const contactErrors = addressErrors(contact);
  const phone = parsePhoneNumber(contact.phoneNumber ?? '');
  if (!phone.ok) contactErrors.push({ field: 'phoneNumber', message: phone.message });
  const typedEmail = given(contact.emailAddress);
  if (typedEmail !== null) {
    const email = parseEmailAddress(typedEmail);
    if (!email.ok) contactErrors.push({ field: 'emailAddress', message: email.message });
  }
  errors.push(...prefixed('contactDetails.', contactErrors));
  const mismatch = checkConfirmation(contact.emailAddress ?? '', form.confirmEmailAddress ?? '');
  if (mismatch !== null) errors.push({ field: 'confirmEmailAddress', message: mismatch });
  return errors;
}

/** Whether the examiner details are complete (§4 AMRA readiness; sent as isExaminerDetailsValid). */
export function isExaminerDetailsValid(form: ExaminerForm): boolean {
  return checkExaminer(form).length === 0;
}

/**
 * §5: 'Please check surgery organisationName, surgery postcode and surgery number' — the
 * fields whose error is non-empty, in form order, each once; null when nothing is at fault.
 */
export function surgeryMessage(errors: readonly FieldError[]): string | null {
  const atFault = (name: string) =>
    errors.some((e) => e.message !== '' && e.field.split('.').slice(-1)[0] === name);
  const items = FIELD_ORDER.filter(atFault).map((name) => `surgery ${name === 'phoneNumber' ? 'number' : name}`);
  return items.length === 0 ? null : `Please check ${englishList(items)}`;
}
