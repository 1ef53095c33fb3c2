import { describe, expect, it } from 'vitest';
import { applicantFixture, applicationFixture } from '@/test/fixtures';
import {
  canAddShare,
  checkShare,
  formatPercent,
  offersPayoutPlanner,
  payoutParties,
  planStatus,
  remainingHundredths,
  toBeneficiaryDetails,
  totalHundredths,
  type BenefitAllocation,
} from './payout-model';

const OVER = 'The shares would add up to more than 100%';
const MUST = 'The shares must add up to 100%';
const ZERO = 'Enter a share greater than 0%';
const TOO_MANY = 'A payout can be shared between at most 8 beneficiaries';

function share(id: string, percent: number): BenefitAllocation {
  return { id, beneficiary: `Person ${id}`, percent, referenceId: id, type: 'beneficiary', applicantId: 'applicant-1', coverId: 'cover-1' };
}

describe('payout planner rules (as the server checks them)', () => {
  it('is offered on every cover but income protection and children’s cover', () => {
    expect(['life', 'lifeessentials', 'ci', 'aci'].every((product) => offersPayoutPlanner(product as 'life'))).toBe(true);
    expect(offersPayoutPlanner('ip')).toBe(false);
    expect(offersPayoutPlanner('ccic')).toBe(false);
  });

  it('totals shares in hundredths, so thirds that add up to 100 are exactly 100', () => {
    const thirds = [share('a', 33.33), share('b', 33.33), share('c', 33.34)];
    expect(totalHundredths(thirds)).toBe(10_000);
    expect(planStatus(thirds)).toEqual({ total: 10_000, complete: true, problem: null });
    expect(remainingHundredths([share('a', 60)])).toBe(4000);
    expect(formatPercent(33.3)).toBe('33.3%');
    expect(formatPercent(12.5)).toBe('12.5%');
    expect(formatPercent(40)).toBe('40%');
  });

  it('needs at least one share, and exactly 100% (99.99% is not enough)', () => {
    expect(planStatus([])).toMatchObject({ complete: false, problem: 'Add at least one beneficiary to use the payout planner' });
    expect(planStatus([share('a', 50), share('b', 49.99)])).toMatchObject({ total: 9999, complete: false, problem: MUST });
    expect(planStatus([share('a', 100)])).toMatchObject({ complete: true });
  });

  it('refuses a share of 0% or less, or with more than two decimal places', () => {
    expect(checkShare([], 0)).toBe(ZERO);
    expect(checkShare([], -5)).toBe(ZERO);
    expect(checkShare([], null)).toBe(ZERO);
    expect(checkShare([], 0.001)).toBe('Enter a share with at most 2 decimal places');
    expect(checkShare([], 0.01)).toBeNull();
  });

  it('never lets the shares add up to more than 100%, counting an edited share once', () => {
    const shares = [share('a', 60), share('b', 30)];
    expect(checkShare(shares, 10)).toBeNull();
    expect(checkShare(shares, 10.01)).toBe(OVER);
    expect(checkShare([], 100.5)).toBe(OVER);
    expect(checkShare(shares, 70, 'b')).toBe(OVER);
    expect(checkShare(shares, 40, 'b')).toBeNull();
  });

  it('allows at most 8 shares', () => {
    const eight = Array.from({ length: 8 }, (_, index) => share(String(index), 12.5));
    const seven = eight.slice(1);
    expect(canAddShare(seven)).toBe(true);
    expect(checkShare(seven, 12.5)).toBeNull();
    expect(canAddShare(eight)).toBe(false);
    expect(checkShare(eight, 1)).toBe(TOO_MANY);
    expect(checkShare(eight, 12.5, '0')).toBeNull();
  });
});

describe('who can receive a share', () => {
  it('offers the children, the other client (never the cover’s own client) and the candidate beneficiaries', () => {
    const application = applicationFixture({
      applicants: [applicantFixture(), applicantFixture({ id: 'applicant-2', firstName: 'Ada', lastName: 'Lovelace' })],
      children: [{ id: 'child-1', title: null, firstName: 'Grace', surname: 'Turing', dateOfBirth: '2016-03-01' }],
      candidateBeneficiaries: [{ id: 'b-1', firstName: 'Charles', lastName: 'Babbage', relationship: 'Friend', title: null, dateOfBirth: null }],
    });
    expect(payoutParties(application, 'applicant-1')).toEqual([
      { type: 'child', referenceId: 'child-1', name: 'Grace Turing' },
      { type: 'applicant', referenceId: 'applicant-2', name: 'Ada Lovelace' },
      { type: 'beneficiary', referenceId: 'b-1', name: 'Charles Babbage' },
    ]);
    expect(payoutParties(application, 'applicant-2').map((party) => party.name)).toEqual(['Grace Turing', 'Alan Turing', 'Charles Babbage']);
  });

  it('sends a new beneficiary’s details trimmed, empty ones as null', () => {
    expect(toBeneficiaryDetails({ firstName: ' Charles ', lastName: 'Babbage', relationship: '  ' })).toEqual({
      title: null,
      firstName: 'Charles',
      lastName: 'Babbage',
      relationship: null,
      dateOfBirth: null,
    });
  });
});
