import { describe, expect, it } from 'vitest';
import { coverFixture, riderFixture } from '@/test/fixtures';
import { coverAmountText, coverDetailsText, coverLengthText, coverStructureText } from './cover-text';
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

  it('puts a cover’s structure, amount, length and riders on one line', () => {
    expect(coverDetailsText(coverFixture())).toBe('Level · £250,000 · 25 years');
    expect(coverDetailsText(coverFixture({ riders: [riderFixture({ riderType: 'tpd', coverAmount: 100000 })] }))).toBe(
      'Level · £250,000 · 25 years · With Total Permanent Disability of £100,000',
    );
    const ip = coverFixture({ productType: 'ip', coverType: 'level', coverAmount: null, monthlyBenefit: 1500, term: null, toAge: 65 });
    expect(coverDetailsText(ip)).toBe('£1,500 a month · Age 65');
  });

  it('names collection days as people say them', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 28, 31].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '28th', '31st']);
  });
});
