/**
 * How Qi's pages read an enquiry: its steps and when each opens, which of the interview's lines
 * each step asks, the client form's values and the cover the quote form sends.
 */
import type { Schemas } from '@/lib/api-client';
import type { FieldError } from '@/lib/api-error';
import type { QiClientInput, QiView } from './api/qi';

export const qiSteps = ['client-details', 'conditions', 'decision'] as const;
export type QiStep = (typeof qiSteps)[number];

export function isQiStep(value: string | undefined): value is QiStep {
  return qiSteps.some((step) => step === value);
}

/** Client details always; Conditions once the client is complete; the decision once the conditions are. */
export function isStepEnabled(view: QiView | undefined, step: QiStep): boolean {
  if (step === 'client-details') return true;
  if (!view) return false;
  return step === 'conditions' ? view.steps.clientDetailsComplete : view.steps.clientDetailsComplete && view.steps.conditionsComplete;
}

type Section = Schemas['EnquirySection'];
type EnquiryLine = Schemas['EnquiryLine'];

/** The interview's lines Client details asks (height, weight, cigarettes, occupation). */
export const CLIENT_LINE_TAG = 'QI_CLIENT';
/** The line the interview fills from the client's details (sex, date of birth, smoking): never asked again. */
const FROM_CLIENT_DETAILS = 'CLIENT_DETAILS';

export function clientLines(enquiry: Schemas['Enquiry']): EnquiryLine[] {
  return enquiry.sections.flatMap((section) => section.enquiryLines.filter((line) => line.tags.includes(CLIENT_LINE_TAG)));
}

/** Conditions asks the rest, by section; a section left with nothing to ask is not shown. */
export function conditionSections(enquiry: Schemas['Enquiry']): Section[] {
  return enquiry.sections
    .map((section) => ({
      ...section,
      enquiryLines: section.enquiryLines.filter((line) => !line.tags.includes(CLIENT_LINE_TAG) && !line.tags.includes(FROM_CLIENT_DETAILS)),
    }))
    .filter((section) => section.enquiryLines.length > 0);
}

export type Gender = Schemas['Gender'];
export type Smoking = Schemas['Smoking'];
export type Title = Schemas['Title'];

export const titles: readonly Title[] = ['Mr', 'Mrs', 'Miss', 'Ms', 'Mx', 'Dr'];
export const genders: readonly Gender[] = ['male', 'female'];
export const smokingAnswers: readonly Smoking[] = ['noneInFiveYears', 'noneInTwelveMonths', 'yes'];
export const NAME_MAX_LENGTH = 100;

export interface ClientFormValues {
  title?: Title | null;
  firstName?: string;
  lastName?: string;
  gender?: Gender | null;
  /** `YYYY-MM-DD`, or '' for none (as UkDateInput gives it). */
  dateOfBirth?: string;
  smoking?: Smoking | null;
}

export const clientFormFields = ['title', 'firstName', 'lastName', 'gender', 'dateOfBirth', 'smoking'] as const;
export type ClientFormField = (typeof clientFormFields)[number];

export function toClientFormValues(view: QiView | undefined): ClientFormValues {
  const client = view?.client;
  return {
    title: client?.title ?? null,
    firstName: client?.firstName ?? '',
    lastName: client?.lastName ?? '',
    gender: client?.gender ?? null,
    dateOfBirth: client?.dateOfBirth ?? '',
    smoking: client?.smoking ?? null,
  };
}

function blank<T>(value: T | '' | null | undefined): T | null {
  return value === undefined || value === null || value === '' ? null : value;
}

export function toClientInput(values: ClientFormValues): QiClientInput {
  return {
    title: blank(values.title),
    firstName: blank(values.firstName?.trim()),
    lastName: blank(values.lastName?.trim()),
    gender: blank(values.gender),
    dateOfBirth: blank(values.dateOfBirth),
    smoking: blank(values.smoking),
  };
}

/** Field errors (the enquiry's `clientErrors`, a refusal's `errors`) beside the field they name (its last part); the rest above the form. */
export function splitClientErrors(errors: readonly FieldError[]): { byField: { name: ClientFormField; errors: string[] }[]; other: string[] } {
  const byField = new Map<ClientFormField, string[]>();
  const other: string[] = [];
  for (const { field, message } of errors) {
    const last = field.split('.').at(-1) ?? '';
    const name = clientFormFields.find((candidate) => candidate === last);
    if (name === undefined) other.push(message);
    else byField.set(name, [...(byField.get(name) ?? []), message]);
  }
  return { byField: [...byField].map(([name, messages]) => ({ name, errors: messages })), other };
}

/** The products Qi indicates terms for (spec §2 "Qi"). */
export const qiProducts = ['life', 'ci', 'aci', 'ip'] as const satisfies readonly Schemas['ProductType'][];
export type QiProduct = (typeof qiProducts)[number];

export interface CoverFormValues {
  productType?: QiProduct;
  amount?: number | null;
  term?: number | null;
  coverType?: Schemas['CoverType'] | null;
  deferredPeriod?: Schemas['DeferredPeriod'] | null;
  paymentPeriod?: Schemas['PaymentPeriod'] | null;
}

/** Income protection pays a monthly benefit after a deferred period; the others a lump sum. */
export function paysMonthlyBenefit(productType: Schemas['ProductType']): boolean {
  return productType === 'ip';
}

/** The one cover the quote form sends, as the quote builder's CoverInput. */
export function toCoverInput(values: CoverFormValues, product: Schemas['OfferedProduct'] | undefined): Schemas['CoverInput'] {
  const productType = values.productType ?? 'life';
  const monthly = paysMonthlyBenefit(productType);
  const amount = blank(values.amount);
  return {
    productType,
    coverType: product && product.structures.length > 0 ? blank(values.coverType) : null,
    coverAmount: monthly ? null : amount,
    monthlyBenefit: monthly ? amount : null,
    term: blank(values.term),
    toAge: null,
    deferredPeriod: product && product.deferredPeriods.length > 0 ? blank(values.deferredPeriod) : null,
    paymentPeriod: product && product.paymentPeriods.length > 0 ? blank(values.paymentPeriod) : null,
    riders: [],
  };
}

/** Each priced cover with its premium: the client's covers as priced in `quote.quote`. */
export function pricedCovers(quote: NonNullable<QiView['quote']>): { cover: Schemas['Cover']; premium: number | null }[] {
  const priced = quote.quote.quoteApplicants[0]?.quoteCovers ?? [];
  return quote.covers.map((cover) => ({ cover, premium: priced.find((p) => p.coverId === cover.id)?.premium ?? cover.premium }));
}
