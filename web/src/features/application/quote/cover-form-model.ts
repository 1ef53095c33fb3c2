/**
 * The quote builder's cover form and how it maps to the API: form values <-> CoverInput (every
 * field, empty ones as null), the instant checks that mirror the server's catalogue limits
 * (domain::catalogue::check_cover; the server stays the authority), which server errors belong
 * beside which field, and when the quote is ready to price.
 */
import { formatMoney, formatYears } from '@/lib/format';
import { quoteStrings as t } from './strings';
import { type Application, type Applicant, type Cover, type CoverInput, type ProductOffer, type OfferedProduct, type RiderRules, type ProductType, type CoverType, type RiderType, type DeferredPeriod, type PaymentPeriod, type AmountLimit } from '../shared/application-model';

/** A cover lasts a term in years or runs to an age, never both. */
export type LengthBy = 'term' | 'toAge';

export interface RiderFormValues {
  selected?: boolean;
  coverAmount?: number | null;
}

export interface CoverFormValues {
  productType?: ProductType | null;
  coverType?: CoverType | null;
  /** The cover amount, or the monthly benefit for a product that pays one. */
  amount?: number | null;
  lengthBy?: LengthBy;
  term?: number | null;
  toAge?: number | null;
  deferredPeriod?: DeferredPeriod | null;
  paymentPeriod?: PaymentPeriod | null;
  riders?: Partial<Record<RiderType, RiderFormValues>>;
}

/** An empty answer, however the control gives it ('' from a text box, undefined, null), is null. */
export function blankToNull<T>(value: T | '' | null | undefined): T | null {
  return value === undefined || value === null || value === '' ? null : value;
}

/** Children's cover has no term (§5 completeness); every other product takes a term or a to-age. */
export function takesLength(productType: ProductType): boolean {
  return productType !== 'ccic';
}

export function paysMonthlyBenefit(product: OfferedProduct): boolean {
  return product.amount.field === 'monthlyBenefit';
}

export function amountLabel(product: OfferedProduct): string {
  return paysMonthlyBenefit(product) ? t.form.monthlyBenefit : t.form.coverAmount;
}

/** Family income cover has its own amount limits where the product sets them. */
export function amountLimit(product: OfferedProduct, coverType: CoverType | null | undefined): AmountLimit {
  return coverType === 'familyIncome' && product.familyIncomeAmount ? product.familyIncomeAmount : product.amount;
}

/** The riders this product offers, with their rules. */
export function ridersFor(offer: ProductOffer, product: OfferedProduct): RiderRules[] {
  return product.riders.flatMap((type) =>
    offer.riders.filter((rider) => rider.riderType === type && rider.attachesTo.includes(product.productType)),
  );
}

export function selectedRiders(values: CoverFormValues, riders: readonly RiderRules[]): RiderType[] {
  return riders.filter((rider) => values.riders?.[rider.riderType]?.selected === true).map((rider) => rider.riderType);
}

/** The body's cover: every field the adviser chooses, null where empty or not for this product. */
export function toCoverInput(values: CoverFormValues, product: OfferedProduct, riders: readonly RiderRules[]): CoverInput {
  const amount = blankToNull(values.amount);
  const monthly = paysMonthlyBenefit(product);
  const length = takesLength(product.productType);
  const lengthBy = values.lengthBy ?? 'term';
  return {
    productType: product.productType,
    coverType: blankToNull(values.coverType),
    coverAmount: monthly ? null : amount,
    monthlyBenefit: monthly ? amount : null,
    term: length && lengthBy === 'term' ? blankToNull(values.term) : null,
    toAge: length && lengthBy === 'toAge' ? blankToNull(values.toAge) : null,
    deferredPeriod: product.deferredPeriods.length > 0 ? blankToNull(values.deferredPeriod) : null,
    paymentPeriod: product.paymentPeriods.length > 0 ? blankToNull(values.paymentPeriod) : null,
    riders: selectedRiders(values, riders).map((riderType) => ({
      riderType,
      coverAmount: blankToNull(values.riders?.[riderType]?.coverAmount),
    })),
  };
}

/** A saved cover as the form shows it for editing. */
export function toFormValues(cover: Cover): CoverFormValues {
  const riders: Partial<Record<RiderType, RiderFormValues>> = {};
  for (const rider of cover.riders) riders[rider.riderType] = { selected: true, coverAmount: rider.coverAmount ?? null };
  const byAge = cover.toAge !== null && cover.term === null;
  return {
    productType: cover.productType,
    coverType: cover.coverType ?? null,
    amount: cover.coverAmount ?? cover.monthlyBenefit ?? null,
    lengthBy: byAge ? 'toAge' : 'term',
    term: cover.term ?? null,
    toAge: cover.toAge ?? null,
    deferredPeriod: cover.deferredPeriod ?? null,
    paymentPeriod: cover.paymentPeriod ?? null,
    riders,
  };
}

export function limitHelp(limit: AmountLimit): string {
  return t.form.amountHelp(formatMoney(limit.min), formatMoney(limit.max));
}

/** The server's amount message ("Cover amount must be between £5,000 and £10,000,000"), or null. */
export function checkAmount(product: OfferedProduct, coverType: CoverType | null | undefined, amount: number): string | null {
  const limit = amountLimit(product, coverType);
  if (amount >= limit.min && amount <= limit.max) return null;
  return t.form.amountLimit(amountLabel(product), formatMoney(limit.min), formatMoney(limit.max));
}

/** The cover's length in whole years for a client of `age`: its term, or to-age less age. */
export function lengthInYears(lengthBy: LengthBy, value: number | null | undefined, age: number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (lengthBy === 'term') return value;
  return age === null || age === undefined ? null : value - age;
}

/** The term or to-age against the product's limits and the client's age, as the server checks it. */
export function checkLength(product: OfferedProduct, age: number | null | undefined, lengthBy: LengthBy, value: number): string | null {
  const term = product.term;
  const ages = product.expiryAge;
  if (!term || !ages) return null;
  if (lengthBy === 'term' && (value < term.minYears || value > term.maxYears)) return t.form.termLimit(term.minYears, term.maxYears);
  if (age === null || age === undefined) return null;
  if (lengthBy === 'toAge' && value <= age) return t.form.toAgeAfterCurrentAge(age);
  const years = lengthBy === 'term' ? value : value - age;
  const end = age + years;
  if (end > ages.max) return t.form.endsTooLate(product.label, ages.max, end);
  if (end < ages.min) return t.form.endsTooEarly(product.label, ages.min);
  if (years < term.minYears) return t.form.tooShort(formatYears(term.minYears));
  return null;
}

/** A rider's amount: its own limits, then not more than its parent cover's amount. */
export function checkRiderAmount(rider: RiderRules, amount: number, parentAmount: number | null | undefined): string | null {
  if (amount < rider.amount.min || amount > rider.amount.max) {
    return t.form.riderAmountLimit(rider.label, formatMoney(rider.amount.min), formatMoney(rider.amount.max));
  }
  if (rider.notMoreThanParent && parentAmount !== null && parentAmount !== undefined && amount > parentAmount) {
    return t.form.riderMoreThanParent(rider.label);
  }
  return null;
}

/** Some riders are offered only on cover that ends by a certain age. */
export function checkRiderAge(rider: RiderRules, age: number | null | undefined, years: number | null): string | null {
  if (!rider.expiryAge || age === null || age === undefined || years === null) return null;
  return age + years > rider.expiryAge.max ? t.form.riderEndsTooLate(rider.label, rider.expiryAge.max) : null;
}

/** §4: children's cover is added only beside another cover of the client's, and only once. */
export function childrenCoverProblem(applicant: Applicant): string | null {
  const covers = applicant.covers ?? [];
  if (covers.length === 0) return t.form.childrenCoverNeedsAdultCover;
  if (covers.some((cover) => cover.productType === 'ccic')) return t.form.oneChildrenCover;
  return null;
}

/** A field of the form: a name, or a rider's path. */
export type CoverFormName =
  | 'productType'
  | 'coverType'
  | 'amount'
  | 'term'
  | 'toAge'
  | 'deferredPeriod'
  | 'paymentPeriod'
  | ['riders', RiderType, 'coverAmount' | 'selected'];

const SIMPLE_FIELDS: Readonly<Record<string, CoverFormName>> = {
  productType: 'productType',
  coverType: 'coverType',
  coverAmount: 'amount',
  monthlyBenefit: 'amount',
  term: 'term',
  toAge: 'toAge',
  deferredPeriod: 'deferredPeriod',
  paymentPeriod: 'paymentPeriod',
};

/**
 * The form field a server error names: `coverAmount`, `cover.term`, `applicants[0].covers[1].toAge`,
 * or a rider's `riders.coverAmount` (beside the rider when only one is chosen, as the field cannot say which).
 */
export function formNameOf(field: string | null | undefined, riders: readonly RiderType[]): CoverFormName | undefined {
  if (!field) return undefined;
  const path = field.replace(/^applicants\[\d+\]\.covers\[\d+\]\./, '').replace(/^cover\./, '');
  const simple = SIMPLE_FIELDS[path];
  if (simple) return simple;
  const rider = /^riders(?:\[\d+\])?\.(coverAmount|riderType)$/.exec(path);
  const only = riders.length === 1 ? riders[0] : undefined;
  if (!rider || only === undefined) return undefined;
  return ['riders', only, rider[1] === 'coverAmount' ? 'coverAmount' : 'selected'];
}

export interface SplitCoverErrors {
  byField: { name: CoverFormName; errors: string[] }[];
  other: string[];
}

/** Errors naming a field of the form go beside it; the rest above the form. */
export function splitCoverErrors(errors: readonly { field?: string | null; message: string }[], riders: readonly RiderType[]): SplitCoverErrors {
  const byKey = new Map<string, { name: CoverFormName; errors: string[] }>();
  const other: string[] = [];
  for (const error of errors) {
    const name = formNameOf(error.field, riders);
    if (!name) {
      other.push(error.message);
      continue;
    }
    const key = JSON.stringify(name);
    const entry = byKey.get(key) ?? { name, errors: [] };
    entry.errors.push(error.message);
    byKey.set(key, entry);
  }
  return { byField: [...byKey.values()], other };
}

/** Premiums a month from the priced quote, by applicant id and by cover id. */
export function quotePremiums(application: Application): { byApplicant: Map<string, number>; byCover: Map<string, number> } {
  const byApplicant = new Map<string, number>();
  const byCover = new Map<string, number>();
  for (const quoted of application.quote?.quoteApplicants ?? []) {
    byApplicant.set(quoted.id, quoted.premium);
    for (const cover of quoted.quoteCovers) byCover.set(cover.coverId, cover.premium);
  }
  return { byApplicant, byCover };
}
