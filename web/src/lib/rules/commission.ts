/**
 * Commission (spec §6 commission type, §3 commission adjustment, §9 styles): the SPA's copy of
 * `domain/src/commission.rs`, checked against the "commission" topic of `domain/vectors.json`. The indemnity
 * percentage is the share of commission paid up front, so it alone decides the style; what an
 * adviser may choose follows their flags (docs/decisions.md J12-J17).
 */

export type CommissionStyle = 'indemnity' | 'nonIndemnity' | 'hybrid';
export type CommissionType = CommissionStyle | 'none';

export const SACRIFICE_FIELD = 'initialCommissionSacrificePercentage';
export const INDEMNITY_FIELD = 'initialIndemnityPercentage';
export const SACRIFICE_INVALID = 'Commission sacrifice must be from 0% to 100%, to at most two decimal places';
export const INDEMNITY_INVALID = 'Indemnity must be from 0% to 100%, to at most two decimal places';
export const INDEMNITY_NOT_ALLOWED = 'Indemnity commission is not available to this adviser';
export const HYBRID_NOT_CONFIGURED = 'Choose 0% or 100% indemnity: hybrid commission is not set up for this adviser';

export const styleLabels: Record<CommissionStyle, string> = {
  indemnity: 'Indemnity',
  nonIndemnity: 'Non-indemnity',
  hybrid: 'Hybrid',
};

/** The adviser flags that shape commission (§6 uxSettings). */
export interface CommissionSettings {
  isIndemCommissionAllowed: boolean;
  fixedIndemnityPercentage?: number | null;
  configureHybridCommission: boolean;
}

export interface CommissionInput {
  initialCommissionSacrificePercentage?: number | null;
  initialIndemnityPercentage?: number | null;
}

export interface Commission {
  initialCommissionSacrificePercentage: number;
  initialIndemnityPercentage: number;
}

export interface FieldError {
  field: string;
  message: string;
}

export type CommissionCheck = { ok: true; commission: Commission; style: CommissionStyle } | { ok: false; errors: FieldError[] };

/** A percentage from 0 to 100 with at most two decimals, in hundredths; null otherwise. */
export function percentageHundredths(value: number): number | null {
  if (!Number.isFinite(value) || value < 0 || value > 100) return null;
  const hundredths = Math.round(value * 100);
  return Math.abs(value * 100 - hundredths) > 1e-6 ? null : hundredths;
}

/** All up front is indemnity, none is non-indemnity, anything strictly between is hybrid. */
export function styleOf(indemnityHundredths: number): CommissionStyle {
  if (indemnityHundredths === 10_000) return 'indemnity';
  if (indemnityHundredths === 0) return 'nonIndemnity';
  return 'hybrid';
}

/**
 * §6 commission type: 'none' if indemnity commission is not allowed or the percentage is
 * absent; otherwise indemnity at exactly 100, non-indemnity at 0, hybrid strictly between.
 */
export function commissionType(indemnityAllowed: boolean, fixedIndemnity: number | null | undefined): CommissionType {
  if (!indemnityAllowed || fixedIndemnity === null || fixedIndemnity === undefined) return 'none';
  const hundredths = percentageHundredths(fixedIndemnity);
  return hundredths === null ? 'none' : styleOf(hundredths);
}

/** "50", "33.5", "0.01": a percentage without trailing zeros. */
export function percentText(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  const fraction = hundredths % 100;
  if (fraction === 0) return String(whole);
  if (fraction % 10 === 0) return `${whole}.${fraction / 10}`;
  return `${whole}.${String(fraction).padStart(2, '0')}`;
}

export function fixedMessage(fixedHundredths: number): string {
  return `Indemnity is fixed at ${percentText(fixedHundredths)}% for this adviser`;
}

/** The adviser's rules: a fixed percentage that is not a percentage is ignored (J15). */
function rulesOf(settings: CommissionSettings): { allowed: boolean; fixed: number | null; hybrid: boolean } {
  const fixed = settings.fixedIndemnityPercentage;
  return {
    allowed: settings.isIndemCommissionAllowed,
    fixed: fixed === null || fixed === undefined ? null : percentageHundredths(fixed),
    hybrid: settings.configureHybridCommission,
  };
}

/** The styles the adviser may pick from, in the order the form offers them (J13). */
export function allowedStyles(settings: CommissionSettings): CommissionStyle[] {
  const rules = rulesOf(settings);
  if (!rules.allowed) return ['nonIndemnity'];
  if (rules.fixed !== null) return [styleOf(rules.fixed)];
  return rules.hybrid ? ['indemnity', 'nonIndemnity', 'hybrid'] : ['indemnity', 'nonIndemnity'];
}

/** The indemnity used when left out: none if not allowed, the fixed one, else all (J14). */
export function defaultIndemnity(settings: CommissionSettings): number {
  const rules = rulesOf(settings);
  if (!rules.allowed) return 0;
  return rules.fixed ?? 10_000;
}

function refusal(settings: CommissionSettings, indemnity: number): string | null {
  const rules = rulesOf(settings);
  if (!rules.allowed) return indemnity === 0 ? null : INDEMNITY_NOT_ALLOWED;
  if (rules.fixed !== null) return indemnity === rules.fixed ? null : fixedMessage(rules.fixed);
  return indemnity > 0 && indemnity < 10_000 && !rules.hybrid ? HYBRID_NOT_CONFIGURED : null;
}

/** Checks a commission adjustment, returning every broken rule at once. */
export function checkCommission(settings: CommissionSettings, input: CommissionInput): CommissionCheck {
  const errors: FieldError[] = [];
  const sacrificeValue = input.initialCommissionSacrificePercentage;
  const sacrifice = sacrificeValue === null || sacrificeValue === undefined ? 0 : percentageHundredths(sacrificeValue);
  if (sacrifice === null) errors.push({ field: SACRIFICE_FIELD, message: SACRIFICE_INVALID });
  const indemnityValue = input.initialIndemnityPercentage;
  const indemnity =
    indemnityValue === null || indemnityValue === undefined ? defaultIndemnity(settings) : percentageHundredths(indemnityValue);
  if (indemnity === null) {
    errors.push({ field: INDEMNITY_FIELD, message: INDEMNITY_INVALID });
  } else {
    const message = refusal(settings, indemnity);
    if (message !== null) errors.push({ field: INDEMNITY_FIELD, message });
  }
  if (sacrifice === null || indemnity === null || errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    commission: { initialCommissionSacrificePercentage: sacrifice / 100, initialIndemnityPercentage: indemnity / 100 },
    style: styleOf(indemnity),
  };
}
