/**
 * A cover as the pages that list what a client bought show it (the review, the policy view):
 * the product's name and the cover's structure, amount and length in §9's formats.
 */
import type { Schemas } from './api-client';
import { formatAge, formatCoverType, formatMoney, formatYears } from './format';
import { displayedColumns } from './rules/formats';

type Cover = Schemas['Cover'];

/** The products' names (§3 product types). */
export const productLabels: Record<Schemas['ProductType'], string> = {
  life: 'Life Protection',
  lifeessentials: 'Life Essentials',
  ci: 'Critical Illness',
  aci: 'Combined Life and Critical Illness',
  ccic: 'Children’s Critical Illness',
  ip: 'Income Protection',
};

/** The riders' names. */
export const riderLabels: Record<Schemas['RiderType'], string> = {
  tpd: 'Total Permanent Disability',
  ccic: 'Children’s Critical Illness',
};

/** 'Level', or null for a product that shows no structure. */
export function coverStructureText(cover: Cover): string | null {
  return displayedColumns(cover.productType).includes('coverType') && cover.coverType ? formatCoverType(cover.coverType) : null;
}

/** '£250,000', or '£1,500 a month' for a monthly benefit; null for a product that shows no amount. */
export function coverAmountText(cover: Cover): string | null {
  if (!displayedColumns(cover.productType).includes('coverAmount')) return null;
  if (typeof cover.monthlyBenefit === 'number') return `${formatMoney(cover.monthlyBenefit)} a month`;
  return typeof cover.coverAmount === 'number' ? formatMoney(cover.coverAmount) : null;
}

/** '25 years' for a term, 'Age 65' for cover to an age. */
export function coverLengthText(cover: Cover): string | null {
  if (typeof cover.term === 'number') return formatYears(cover.term);
  if (typeof cover.toAge === 'number') return formatAge(cover.toAge);
  return null;
}

/**
 * 'Level · £250,000 · 25 years · With Total Permanent Disability of £100,000': everything the
 * client chose about a cover, as one line beside its product's name (the decision's outcomes, the
 * review, the Complete page), so each page says it the same way.
 */
export function coverDetailsText(cover: Cover): string {
  const riders = cover.riders.map((rider) => {
    const amount = formatMoney(rider.coverAmount);
    return `With ${riderLabels[rider.riderType]}${amount ? ` of ${amount}` : ''}`;
  });
  return [coverStructureText(cover), coverAmountText(cover), coverLengthText(cover), ...riders].filter((part) => part !== null).join(' · ');
}
