import { describe, expect, it } from 'vitest';
import { cases } from '@/test/vectors';
import {
  allowedStyles,
  checkCommission,
  commissionType,
  percentageHundredths,
  styleOf,
  type CommissionInput,
  type CommissionSettings,
} from './commission';

interface CommissionCase {
  kind: 'type' | 'style' | 'check';
  note: string;
  isIndemCommissionAllowed?: boolean;
  percentage?: number | null;
  settings?: CommissionSettings;
  input?: CommissionInput;
  allowedStyles?: string[];
  expected: unknown;
}

function actual(c: CommissionCase): unknown {
  switch (c.kind) {
    case 'type':
      return commissionType(c.isIndemCommissionAllowed ?? false, c.percentage);
    case 'style':
      return styleOf(percentageHundredths(c.percentage ?? Number.NaN) ?? Number.NaN);
    case 'check': {
      const settings = c.settings ?? { isIndemCommissionAllowed: true, configureHybridCommission: false };
      expect(allowedStyles(settings)).toEqual(c.allowedStyles);
      const result = checkCommission(settings, c.input ?? {});
      return result.ok ? { commission: result.commission, style: result.style } : { errors: result.errors };
    }
  }
}

describe('commission vectors shared with the Rust domain', () => {
  const all = cases<CommissionCase>('commission');

  it('has dozens of cases', () => {
    expect(all.length).toBeGreaterThanOrEqual(40);
  });

  it.each(all.map((c) => [`${c.kind}: ${c.note}`, c] as const))('%s', (_name, c) => {
    expect(actual(c)).toEqual(c.expected);
  });
});

describe('commission type', () => {
  it('follows the percentage alone once indemnity is allowed, at every hundredth', () => {
    for (let hundredths = 0; hundredths <= 10_000; hundredths += 1) {
      const expected = hundredths === 0 ? 'nonIndemnity' : hundredths === 10_000 ? 'indemnity' : 'hybrid';
      expect(commissionType(true, hundredths / 100)).toBe(expected);
      expect(commissionType(false, hundredths / 100)).toBe('none');
    }
  });
});
