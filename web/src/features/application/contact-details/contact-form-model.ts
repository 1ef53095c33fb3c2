/**
 * The contact-details form and how it maps to the API: saved details <-> form values (the phone
 * grouped as written in the UK), the changed fields for a PATCH (compared in the server's
 * normalised forms, so retyping a number with other spacing is no change), a looked-up address
 * into the form, and the problems an application's 422 names (`applicants[1].postcode`) placed
 * with the client and field they concern.
 */
import type { Schemas } from '@/lib/api-client';
import type { FieldError } from '@/lib/api-error';
import type { AddressLookupResult } from '@/lib/rules/address';
import { lookupToForm } from '@/lib/rules/address';
import { parseEmailAddress } from '@/lib/rules/email';
import { groupPhoneNumber, parsePhoneNumber } from '@/lib/rules/phone';
import { parsePostcode } from '@/lib/rules/postcode';
import { given } from '@/lib/rules/text';
import { applicationStrings } from '../shared/strings';
import { contactDetailsStrings } from './strings';

export type ContactDetails = Schemas['ContactDetails'];
export type AddressLookup = Schemas['AddressLookup'];
/** The body of the contact PATCH without the client: only the fields being set, null clears. */
export type ContactChange = Omit<Schemas['ContactChangeRequest'], 'applicantId'>;

export const addressFields = ['address1', 'address2', 'address3', 'cityName', 'county', 'postcode'] as const;
export type AddressField = (typeof addressFields)[number];
export const contactFields = [...addressFields, 'phoneNumber', 'emailAddress'] as const;
export type ContactField = (typeof contactFields)[number];

export type ContactFormValues = Partial<Record<ContactField | 'confirmEmailAddress', string | null>>;

/** The saved details as the form shows them; a saved email counts as confirmed. */
export function toContactFormValues(details: ContactDetails | null | undefined): ContactFormValues {
  const phone = details?.phoneNumber;
  return {
    address1: details?.address1 ?? null,
    address2: details?.address2 ?? null,
    address3: details?.address3 ?? null,
    cityName: details?.cityName ?? null,
    county: details?.county ?? null,
    postcode: details?.postcode ?? null,
    phoneNumber: phone ? groupPhoneNumber(phone) : null,
    emailAddress: details?.emailAddress ?? null,
    confirmEmailAddress: details?.emailAddress ?? null,
  };
}

/** Whether any line of an address is filled in. */
export function hasAddress(values: ContactFormValues | ContactDetails | null | undefined): boolean {
  return addressFields.some((field) => given(values?.[field]) !== null);
}

/** A field's value in the form the server stores it; a value the rules refuse is kept as typed (trimmed). */
export function normalisedValue(field: ContactField, value: string | null | undefined): string | null {
  const text = given(value);
  if (text === null) return null;
  let parsed: { ok: true; value: string } | { ok: false } = { ok: true, value: text };
  if (field === 'postcode') parsed = parsePostcode(text);
  else if (field === 'phoneNumber') parsed = parsePhoneNumber(text);
  else if (field === 'emailAddress') parsed = parseEmailAddress(text);
  return parsed.ok ? parsed.value : text;
}

/**
 * For the PATCH: the fields whose value differs from the saved one (null clears). The address is
 * left out while the client shares the other client's.
 */
export function contactChanges(saved: ContactDetails | null | undefined, values: ContactFormValues, includeAddress: boolean): ContactChange {
  const fields: readonly ContactField[] = includeAddress ? contactFields : ['phoneNumber', 'emailAddress'];
  const changes: ContactChange = {};
  for (const field of fields) {
    const before = normalisedValue(field, saved?.[field]);
    const after = normalisedValue(field, values[field]);
    if (before !== after) changes[field] = after;
  }
  return changes;
}

/** A looked-up address as the form's address fields (`town` becomes `cityName`). */
export function addressFromLookup(found: AddressLookupResult): Pick<ContactFormValues, AddressField> {
  const { address1, address2, address3, cityName, county, postcode } = lookupToForm(found);
  return { address1, address2, address3, cityName, county, postcode };
}

/** One line of an address result in the list: "1 River Lane, Leeds". */
export function addressLabel(found: AddressLookupResult): string {
  return [found.address1, found.address2, found.address3, found.town].filter((part) => given(part) !== null).join(', ');
}

/** What a 422 field names: `applicants[1].postcode` is client index 1's `postcode`; `isMortgageRelated` no client's. */
export interface ProblemTarget {
  client: number | null;
  field: string;
}

export function problemTarget(field: string): ProblemTarget {
  const match = /^applicants\[(\d+)\]\.?(.*)$/.exec(field);
  if (!match) return { client: null, field };
  return { client: Number(match[1]), field: match[2] ?? '' };
}

export interface ApplyProblem extends ProblemTarget {
  message: string;
  /** As listed to the adviser: "Client 2: postcode – Please enter a postcode". */
  text: string;
}

const fieldNames = contactDetailsStrings.apply.fieldNames;

/** Every problem an Apply 422 names, each with its client and field, in the server's order. */
export function applyProblems(errors: readonly FieldError[]): ApplyProblem[] {
  return errors.map(({ field, message }) => {
    const target = problemTarget(field);
    if (target.client === null) return { ...target, message, text: message };
    const who = applicationStrings.clientTitle(target.client);
    const name = fieldNames[target.field] ?? target.field;
    const text = name === '' ? `${who}: ${message}` : contactDetailsStrings.apply.problem(who, name, message);
    return { ...target, message, text };
  });
}

/** The antd form of a client's contact details; its fields' ids are `<form>_<field>`. */
export function contactFormName(applicantId: string): string {
  return `contact-${applicantId}`;
}

export const DECLARATION_FIELD = 'isAcceptedPreUnderwritingDeclaration';
const SAME_ADDRESS_FIELD = 'sameAddressApplicantId';
const saleQuestionFields: readonly string[] = ['isMortgageRelated', 'isAdvisedSale'];

/** The ids of the fields on this page that a problem can name, given to each field where it is drawn. */
export const problemFieldIds = {
  declaration: (client: number) => `declaration-${String(client + 1)}`,
  sameAddress: (applicantId: string) => `${contactFormName(applicantId)}-same-address`,
  saleQuestion: (field: string) => `sale-question-${field}`,
};

/**
 * The id of the field on this page that puts a problem right (`applicants[1].postcode` is Client
 * 2's postcode box), or null when the problem names none here (the quote, or a heading such as
 * "Complete the contact details").
 */
export function problemFieldId(problem: ProblemTarget, applicantIds: readonly string[]): string | null {
  if (problem.client === null) return saleQuestionFields.includes(problem.field) ? problemFieldIds.saleQuestion(problem.field) : null;
  const applicantId = applicantIds[problem.client];
  if (applicantId === undefined) return null;
  if (problem.field === DECLARATION_FIELD) return problemFieldIds.declaration(problem.client);
  if (problem.field === SAME_ADDRESS_FIELD) return problemFieldIds.sameAddress(applicantId);
  if ((contactFields as readonly string[]).includes(problem.field)) return `${contactFormName(applicantId)}_${problem.field}`;
  return null;
}

/** One client's problems, named by the bare field (`postcode`), to mark on their form. */
export function clientProblems(problems: readonly ApplyProblem[], index: number): FieldError[] {
  return problems.filter((problem) => problem.client === index).map(({ field, message }) => ({ field, message }));
}

/** The problems that name no client (`isMortgageRelated`, `quote`), by field. */
export function applicationProblem(problems: readonly ApplyProblem[], field: string): string | undefined {
  return problems.find((problem) => problem.client === null && problem.field === field)?.message;
}
