/**
 * The upsell's bounds (§7 `upsellcover`, docs/decisions.md HB2): the amount may only go up, to the
 * product's maximum, and no further than the restricted-cover amount of the client's age band
 * (HB3), above which the cover could not be taken up here. The server checks all of it again.
 */
import type { Cover, CoverInput, OfferedProduct } from '../shared/application-model';

export interface UpsellBounds {
  field: 'coverAmount' | 'monthlyBenefit';
  /** The current amount: the new one must be more. */
  current: number;
  /** The lowest amount that is an increase: a pound more. */
  min: number;
  max: number;
  /** Set when the restricted-cover band, not the product, gives the maximum. */
  restrictedFromAge: number | null;
}

/** The bounds of an increase to `cover` for a client of `age`, or null when it cannot go up. */
export function upsellBounds(product: OfferedProduct, cover: Cover, age: number | null | undefined): UpsellBounds | null {
  // Family income has its own limits and no restricted bands; it is edited, not upsold.
  if (cover.coverType === 'familyIncome') return null;
  const field = product.amount.field;
  const current = field === 'monthlyBenefit' ? cover.monthlyBenefit : cover.coverAmount;
  if (typeof current !== 'number') return null;
  const band = typeof age === 'number' ? [...product.restrictedAbove].reverse().find((b) => age >= b.fromAge) : undefined;
  const restricted = band !== undefined && band.amount < product.amount.max;
  const max = restricted ? band.amount : product.amount.max;
  const min = Math.floor(current) + 1;
  if (min > max) return null;
  return { field, current, min, max, restrictedFromAge: restricted ? band.fromAge : null };
}

/** The body's cover for an upsell: the cover as it stands, with the new amount in its field. */
export function upsellInput(cover: Cover, bounds: UpsellBounds, amount: number): CoverInput {
  return {
    productType: cover.productType,
    coverType: cover.coverType,
    coverAmount: bounds.field === 'coverAmount' ? amount : cover.coverAmount,
    monthlyBenefit: bounds.field === 'monthlyBenefit' ? amount : cover.monthlyBenefit,
    term: cover.term,
    toAge: cover.toAge,
    deferredPeriod: cover.deferredPeriod,
    paymentPeriod: cover.paymentPeriod,
    riders: cover.riders.map((rider) => ({ riderType: rider.riderType, coverAmount: rider.coverAmount })),
  };
}
