import { describe, expect, it } from 'vitest';
import { coverFixture } from '@/test/fixtures';
import { coverAmountText, coverLengthText, coverStructureText } from './cover-text';
import { ordinal } from './ordinal';

describe('a cover in words', () => {
  it('shows what each product shows (§9): children’s cover no amount, income protection no structure', () => {
    expect(coverStructureText(coverFixture())).toBe('Level');
    expect(coverAmountText(coverFixture())).toBe('£250,000');
    expect(coverLengthText(coverFixture())).toBe('25 years');
    expect(coverAmountText(coverFixture({ productType: 'ccic', coverAmount: 25000 }))).toBeNull();
    const ip = coverFixture({ productType: 'ip', coverType: 'increasing', coverAmount: null, monthlyBenefit: 1500, term: null, toAge: 65 });
    expect(coverStructureText(ip)).toBeNull();
    expect(coverAmountText(ip)).toBe('£1,500 a month');
    expect(coverLengthText(ip)).toBe('Age 65');
  });

  it('names collection days as people say them', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 28, 31].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '28th', '31st']);
  });
});
