import { describe, expect, it } from 'vitest';
import { fixedIndemnity, toCommissionFormValues, toCommissionInput } from './commission-form-model';

const standard = { isIndemCommissionAllowed: true, fixedIndemnityPercentage: null, configureHybridCommission: false };
const hybrid = { ...standard, configureHybridCommission: true };

describe('commission form', () => {
  it('starts from the application’s commission, or the adviser’s default (indemnity, no sacrifice)', () => {
    expect(toCommissionFormValues({}, standard)).toEqual({ style: 'indemnity', indemnity: null, sacrifice: 0 });
    expect(toCommissionFormValues({ initialIndemnityPercentage: 0, initialCommissionSacrificePercentage: 12.5 }, standard)).toEqual({
      style: 'nonIndemnity',
      indemnity: null,
      sacrifice: 12.5,
    });
    expect(toCommissionFormValues({ initialIndemnityPercentage: 40 }, hybrid)).toEqual({ style: 'hybrid', indemnity: 40, sacrifice: 0 });
  });

  it('falls back to a style the adviser may choose', () => {
    const notAllowed = { ...standard, isIndemCommissionAllowed: false };
    expect(toCommissionFormValues({ initialIndemnityPercentage: 100 }, notAllowed).style).toBe('nonIndemnity');
    expect(toCommissionFormValues({ initialIndemnityPercentage: 40 }, standard).style).toBe('indemnity');
  });

  it('sends 100, 0, the hybrid share, or the fixed share', () => {
    expect(toCommissionInput({ style: 'indemnity', sacrifice: 5 }, standard)).toEqual({ initialCommissionSacrificePercentage: 5, initialIndemnityPercentage: 100 });
    expect(toCommissionInput({ style: 'nonIndemnity', sacrifice: null }, standard)).toEqual({ initialCommissionSacrificePercentage: 0, initialIndemnityPercentage: 0 });
    expect(toCommissionInput({ style: 'hybrid', indemnity: 33.5, sacrifice: 0 }, hybrid)).toEqual({ initialCommissionSacrificePercentage: 0, initialIndemnityPercentage: 33.5 });
    expect(toCommissionInput({ style: 'indemnity', sacrifice: 0 }, { ...standard, fixedIndemnityPercentage: 50 })).toEqual({
      initialCommissionSacrificePercentage: 0,
      initialIndemnityPercentage: 50,
    });
  });

  it('knows a fixed share only when it is a percentage and indemnity is allowed (J13, J15)', () => {
    expect(fixedIndemnity({ ...standard, fixedIndemnityPercentage: 33.5 })).toBe(33.5);
    expect(fixedIndemnity({ ...standard, fixedIndemnityPercentage: 150 })).toBeNull();
    expect(fixedIndemnity({ ...standard, isIndemCommissionAllowed: false, fixedIndemnityPercentage: 50 })).toBeNull();
  });
});
