/**
 * The payout planner (§5): who a share of a cover's payout can go to, the shares' running
 * total, and the instant checks that mirror the server's (domain::application::commands
 * save_allocation and domain::beneficiaries): at most 8 shares, each above 0 %, never more than
 * 100 % in total, and exactly 100 % for the plan to be complete. The server stays the authority.
 */
import type { Schemas } from '@/lib/api-client';
import { toIsoDate, type Dayjs } from '@/lib/dayjs';
import { percentText, percentageHundredths } from '@/lib/rules/commission';
import { given } from '@/lib/rules/text';
import type { Application, ProductType } from '../shared/application-model';
import { childName } from '../shared/children-model';
import { applicationStrings } from '../shared/strings';
import { quoteStrings } from './strings';

const t = quoteStrings.payout;

export type BenefitAllocation = Schemas['BenefitAllocation'];
export type AllocationInput = Schemas['AllocationInput'];
export type PartyType = Schemas['PartyType'];
export type BeneficiaryDetails = Schemas['BeneficiaryDetails'];
export type CandidateBeneficiary = Schemas['CandidateBeneficiary'];

/** Most shares one cover's payout can be split into (§5, §9). */
export const MAX_SHARES = 8;
const HUNDRED = 10_000;
export const BENEFICIARY_NAME_MAX_LENGTH = 100;
export const RELATIONSHIP_MAX_LENGTH = 50;

/** Income protection pays the client, and children's cover pays for a child: neither has a payout to plan. */
export function offersPayoutPlanner(productType: ProductType): boolean {
  return productType !== 'ip' && productType !== 'ccic';
}

/** Someone who can receive a share. */
export interface Party {
  type: PartyType;
  referenceId: string;
  name: string;
}

export function partyKey(party: { type?: PartyType | null; referenceId?: string | null }): string {
  return `${party.type ?? ''}:${party.referenceId ?? ''}`;
}

function fullName(first: string | null | undefined, last: string | null | undefined): string {
  return [given(first), given(last)].filter((part) => part !== null).join(' ');
}

/**
 * Who a share of this client's cover can go to: the application's children, the other client
 * (never the client whose cover it is) and the candidate beneficiaries.
 */
export function payoutParties(application: Application, applicantId: string): Party[] {
  const children = application.children.map((child, index): Party => ({ type: 'child', referenceId: child.id, name: childName(child, index) }));
  const clients = application.applicants
    .map((applicant, index): Party => ({
      type: 'applicant',
      referenceId: applicant.id,
      name: fullName(applicant.firstName, applicant.lastName) || applicationStrings.clientTitle(index),
    }))
    .filter((party) => party.referenceId !== applicantId);
  const beneficiaries = application.candidateBeneficiaries.map((beneficiary): Party => ({
    type: 'beneficiary',
    referenceId: beneficiary.id,
    name: fullName(beneficiary.firstName, beneficiary.lastName),
  }));
  return [...children, ...clients, ...beneficiaries];
}

/** The shares' total in hundredths of a percent (100 % is 10,000), so 33.33 + 33.33 + 33.34 is exactly 100. */
export function totalHundredths(allocations: readonly Pick<BenefitAllocation, 'percent'>[]): number {
  return allocations.reduce((total, allocation) => total + Math.round((allocation.percent ?? 0) * 100), 0);
}

/** "50", "33.33": a percentage from hundredths, without trailing zeros. */
export function percentFromHundredths(hundredths: number): string {
  return hundredths < 0 ? `-${percentText(-hundredths)}` : percentText(hundredths);
}

export function formatPercent(percent: number | null | undefined): string {
  return `${percentFromHundredths(Math.round((percent ?? 0) * 100))}%`;
}

/** Another share may be added while the cover has fewer than 8. */
export function canAddShare(allocations: readonly BenefitAllocation[]): boolean {
  return allocations.length < MAX_SHARES;
}

/**
 * A share as typed, against the cover's other shares (all but `editingId`): above 0 %, at most two
 * decimal places, and the total never above 100 %. Null when the server would accept it.
 */
export function checkShare(allocations: readonly BenefitAllocation[], percent: number | null | undefined, editingId?: string | null): string | null {
  if (percent === null || percent === undefined || !Number.isFinite(percent) || percent <= 0) return t.shareRequired;
  if (editingId === undefined || editingId === null) {
    if (!canAddShare(allocations)) return t.tooMany;
  }
  if (percent > 100) return t.overTotal;
  const hundredths = percentageHundredths(percent);
  if (hundredths === null) return t.twoDecimals;
  if (hundredths === 0) return t.shareRequired;
  const others = allocations.filter((allocation) => editingId === undefined || editingId === null || allocation.id !== editingId);
  return totalHundredths(others) + hundredths > HUNDRED ? t.overTotal : null;
}

export interface PlanStatus {
  /** The total in hundredths of a percent. */
  total: number;
  complete: boolean;
  /** Why the plan is not complete yet (the server's message), or null. */
  problem: string | null;
}

/** §5: a plan in use needs at least one share and the shares totalling exactly 100 %. */
export function planStatus(allocations: readonly BenefitAllocation[]): PlanStatus {
  const total = totalHundredths(allocations);
  if (allocations.length === 0) return { total, complete: false, problem: t.noShares };
  if (total !== HUNDRED) return { total, complete: false, problem: t.mustTotal };
  return { total, complete: true, problem: null };
}

/** What is left to share out, in hundredths (never below 0). */
export function remainingHundredths(allocations: readonly BenefitAllocation[]): number {
  return Math.max(0, HUNDRED - totalHundredths(allocations));
}

export interface ShareFormValues {
  /** The party's key (`child:<id>`), see partyKey. */
  who?: string | null;
  percent?: number | null;
}

/** The body of a POST or PUT of a share. */
export function toAllocationInput(party: Pick<Party, 'type' | 'referenceId'>, percent: number): AllocationInput {
  return { referenceId: party.referenceId, percent, type: party.type };
}

export interface BeneficiaryFormValues {
  title?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  relationship?: string | null;
  dateOfBirth?: Dayjs | null;
}

/** Every field, empty ones as null. */
export function toBeneficiaryDetails(values: BeneficiaryFormValues): Required<BeneficiaryDetails> {
  return {
    title: given(values.title),
    firstName: given(values.firstName),
    lastName: given(values.lastName),
    relationship: given(values.relationship),
    dateOfBirth: values.dateOfBirth ? toIsoDate(values.dateOfBirth) : null,
  };
}

/** The beneficiary the server added: the one whose id was not there before. */
export function addedBeneficiary(before: readonly CandidateBeneficiary[], after: readonly CandidateBeneficiary[]): CandidateBeneficiary | undefined {
  const known = new Set(before.map((beneficiary) => beneficiary.id));
  return after.find((beneficiary) => !known.has(beneficiary.id));
}
