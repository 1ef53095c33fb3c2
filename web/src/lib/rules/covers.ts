/**
 * Cover rules shared with the server (domain::cover, domain::beneficiaries): which fields a
 * cover still needs, the payout planner's allocations, cover order, and engine field names.
 */

export type ProductType = 'life' | 'lifeessentials' | 'ci' | 'aci' | 'ccic' | 'ip';
export type CoverType = 'level' | 'increasing' | 'decreasing' | 'familyIncome';

export interface CoverLike {
  id?: string | null;
  productType: ProductType;
  coverType?: CoverType | null;
  coverAmount?: number | null;
  monthlyBenefit?: number | null;
  term?: number | null;
  toAge?: number | null;
  deferredPeriod?: number | null;
  paymentPeriod?: string | null;
  isPayoutPlannerUsed?: boolean;
  benefitAllocations?: { percent?: number | null }[];
  errors?: unknown[];
  riders?: { errors?: unknown[] }[];
}

export const PRODUCT_ORDER: readonly ProductType[] = ['life', 'lifeessentials', 'ci', 'aci', 'ccic', 'ip'];
export const COVER_TYPE_ORDER: readonly CoverType[] = ['level', 'increasing', 'decreasing', 'familyIncome'];
export const MAX_BENEFICIARIES = 8;
export const TOO_MANY_BENEFICIARIES = 'A payout can be shared between at most 8 beneficiaries';
export const NO_ALLOCATIONS = 'Add at least one beneficiary to use the payout planner';
export const NOT_ONE_HUNDRED = 'The shares must add up to 100%';
export const SHARE_REQUIRED = 'Enter a share greater than 0%';

const present = (value: unknown): boolean => value !== null && value !== undefined;

/** Required fields still missing (§5 "Cover completeness"; income protection also needs its periods). */
export function missingFields(cover: CoverLike): string[] {
  const missing: string[] = [];
  if (!present(cover.coverType)) missing.push('coverType');
  if (cover.productType === 'ccic') {
    if (!present(cover.coverAmount)) missing.push('coverAmount');
    return missing;
  }
  if (!present(cover.coverAmount) && !present(cover.monthlyBenefit)) {
    missing.push(cover.productType === 'ip' ? 'monthlyBenefit' : 'coverAmount');
  }
  if (!present(cover.term) && !present(cover.toAge)) missing.push('term');
  if (cover.productType === 'ip') {
    if (!present(cover.deferredPeriod)) missing.push('deferredPeriod');
    if (!present(cover.paymentPeriod)) missing.push('paymentPeriod');
  }
  return missing;
}

/** Shares in hundredths of a percent, so 33.33 + 33.33 + 33.34 is exactly 100. */
function hundredths(percent: number): number {
  return Math.round(percent * 100);
}

/** §5 payout planner: at least one share, at most 8, each above 0 %, totalling exactly 100 %. */
export function checkAllocations(allocations: { percent?: number | null }[]): string[] {
  if (allocations.length === 0) return [NO_ALLOCATIONS];
  const messages: string[] = [];
  if (allocations.length > MAX_BENEFICIARIES) messages.push(TOO_MANY_BENEFICIARIES);
  for (const allocation of allocations) {
    if (!present(allocation.percent) || allocation.percent === 0) messages.push(SHARE_REQUIRED);
  }
  const total = allocations.reduce((sum, a) => sum + (present(a.percent) ? hundredths(a.percent ?? 0) : 0), 0);
  if (total !== 10_000) messages.push(NOT_ONE_HUNDRED);
  return messages;
}

/** §4 completeness of one cover: saved, error-free (riders too), filled in, a valid payout plan. */
export function isCoverComplete(cover: CoverLike): boolean {
  return (
    present(cover.id) &&
    (cover.errors ?? []).length === 0 &&
    (cover.riders ?? []).every((r) => (r.errors ?? []).length === 0) &&
    missingFields(cover).length === 0 &&
    (!cover.isPayoutPlannerUsed || checkAllocations(cover.benefitAllocations ?? []).length === 0)
  );
}

/** §9 cover order: product type, cover type (none last), then amount largest first. */
export function compareCovers(a: CoverLike, b: CoverLike): number {
  const product = PRODUCT_ORDER.indexOf(a.productType) - PRODUCT_ORDER.indexOf(b.productType);
  if (product !== 0) return product;
  const rank = (c: CoverLike) => (c.coverType ? COVER_TYPE_ORDER.indexOf(c.coverType) : COVER_TYPE_ORDER.length);
  const type = rank(a) - rank(b);
  if (type !== 0) return type;
  const amount = (c: CoverLike) => c.coverAmount ?? c.monthlyBenefit ?? -1;
  return amount(b) - amount(a);
}

const COVER_FIELDS = [
  'productType',
  'coverType',
  'coverAmount',
  'monthlyBenefit',
  'term',
  'toAge',
  'deferredPeriod',
  'paymentPeriod',
  'benefitAllocations',
] as const;

/** Maps an engine's field name ("CoverAmount", "covers[1].monthly_benefit") to the form field. */
export function mapEngineField(field: string): string | null {
  const last = (field.split(/[./]/).pop() ?? field).split('[')[0] ?? '';
  const squashed = last.replace(/[_-]/g, '').toLowerCase();
  return COVER_FIELDS.find((f) => f.toLowerCase() === squashed) ?? null;
}
