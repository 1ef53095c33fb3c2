/**
 * Postal addresses (spec §3 Contact details, §5 Address), the same rules as
 * domain::contact::address: address1, town or city and postcode required; lines, town and
 * county at most 40 characters (exactly 40 allowed, K13); every applicant has an address or
 * shares the other applicant's, with errors named `applicants[i].field` (K14). Lookup results
 * call the town `town`; the form calls it `cityName`.
 */
import { parseEmailAddress } from './email';
import { parsePhoneNumber } from './phone';
import { parsePostcode } from './postcode';
import { charCount, given, hasControl, prefixed, type FieldError } from './text';

export const ADDRESS_LINE_MAX_CHARS = 40;
export const ADDRESS1_REQUIRED = 'Please enter the first line of the address';
export const CITY_REQUIRED = 'Please enter a town or city';
export const SAME_ADDRESS_SELF = 'A client cannot share an address with themselves';
export const SAME_ADDRESS_UNKNOWN = 'The other client is not on this application';
export const SAME_ADDRESS_NOTHING_TO_SHARE = 'The other client has no address to share';

/** Contact details as typed or looked up (§3 field names). */
export interface ContactDetailsForm {
  address1?: string | null;
  address2?: string | null;
  address3?: string | null;
  cityName?: string | null;
  county?: string | null;
  postcode?: string | null;
  phoneNumber?: string | null;
  emailAddress?: string | null;
}

type LineField = 'address1' | 'address2' | 'address3' | 'cityName' | 'county';

const LINES: readonly (readonly [LineField, string])[] = [
  ['address1', 'Address line 1'],
  ['address2', 'Address line 2'],
  ['address3', 'Address line 3'],
  ['cityName', 'Town or city'],
  ['county', 'County'],
];

/** The message for a line that is given but malformed, or null. */
function lineProblem(line: string, label: string): string | null {
  if (charCount(line) > ADDRESS_LINE_MAX_CHARS) return `${label} must be ${ADDRESS_LINE_MAX_CHARS} characters or fewer`;
  if (hasControl(line)) return `${label} cannot contain control characters`;
  return null;
}

/** What must be fixed before an address is complete, in form order; phone and email are not checked here. */
export function addressErrors(form: ContactDetailsForm): FieldError[] {
  const errors: FieldError[] = [];
  for (const [field, label] of LINES) {
    const line = given(form[field]);
    if (line === null) {
      if (field === 'address1') errors.push({ field, message: ADDRESS1_REQUIRED });
      if (field === 'cityName') errors.push({ field, message: CITY_REQUIRED });
      continue;
    }
    const problem = lineProblem(line, label);
    if (problem !== null) errors.push({ field, message: problem });
  }
  const postcode = parsePostcode(form.postcode ?? '');
  if (!postcode.ok) errors.push({ field: 'postcode', message: postcode.message });
  return errors;
}

/** §5: an applicant needs an address unless they share the other's, a phone number and an email (K15). */
export function checkApplicantContact(form: ContactDetailsForm, sharesAddress: boolean): FieldError[] {
  const errors = sharesAddress ? [] : addressErrors(form);
  const phone = parsePhoneNumber(form.phoneNumber ?? '');
  if (!phone.ok) errors.push({ field: 'phoneNumber', message: phone.message });
  const email = parseEmailAddress(form.emailAddress ?? '');
  if (!email.ok) errors.push({ field: 'emailAddress', message: email.message });
  return errors;
}

export interface ApplicantAddress {
  applicantId: string;
  contactDetails: ContactDetailsForm | null;
  sameAddressApplicantId: string | null;
}

/** §5: every applicant must have an address, or the same address as another applicant. */
export function checkApplicantsAddresses(applicants: readonly ApplicantAddress[]): FieldError[] {
  const ownErrors = (a: ApplicantAddress) => addressErrors(a.contactDetails ?? {});
  const errors: FieldError[] = [];
  applicants.forEach((applicant, i) => {
    const prefix = `applicants[${i}].`;
    const otherId = applicant.sameAddressApplicantId;
    if (otherId === null) {
      errors.push(...prefixed(prefix, ownErrors(applicant)));
      return;
    }
    const other = applicants.find((a) => a.applicantId === otherId);
    let problem: string | null = null;
    if (otherId === applicant.applicantId) problem = SAME_ADDRESS_SELF;
    else if (other === undefined) problem = SAME_ADDRESS_UNKNOWN;
    else if (other.sameAddressApplicantId !== null || ownErrors(other).length > 0) problem = SAME_ADDRESS_NOTHING_TO_SHARE;
    if (problem !== null) errors.push({ field: `${prefix}sameAddressApplicantId`, message: problem });
  });
  return errors;
}

/** An address-lookup result (§7 GET /backendforfrontend/address/{id}). */
export interface AddressLookupResult {
  id?: string | null;
  address1?: string | null;
  address2?: string | null;
  address3?: string | null;
  town?: string | null;
  county?: string | null;
  postcode?: string | null;
}

/** A looked-up address fills the form, `town` becoming `cityName`; it then passes the same rules. */
export function lookupToForm(found: AddressLookupResult): Required<ContactDetailsForm> {
  return {
    address1: found.address1 ?? null,
    address2: found.address2 ?? null,
    address3: found.address3 ?? null,
    cityName: found.town ?? null,
    county: found.county ?? null,
    postcode: found.postcode ?? null,
    phoneNumber: null,
    emailAddress: null,
  };
}
