/**
 * The commission adjustment form (§3, §6, J12-J17) and how it maps to the API: the style the
 * application's indemnity share makes, and the percentages to send for the style chosen. The
 * rules themselves are `lib/rules/commission` (the server's CommissionRules).
 */
import {
  allowedStyles,
  defaultIndemnity,
  percentageHundredths,
  styleOf,
  type CommissionInput,
  type CommissionSettings,
  type CommissionStyle,
} from '@/lib/rules/commission';

export interface CommissionFormValues {
  style?: CommissionStyle;
  /** Only for hybrid: the share paid up front. */
  indemnity?: number | null;
  sacrifice?: number | null;
}

interface SavedCommission {
  initialCommissionSacrificePercentage?: number | null;
  initialIndemnityPercentage?: number | null;
}

/**
 * The adviser's fixed indemnity percentage, when their firm fixed one that is a percentage (J15)
 * and indemnity is allowed at all (J13: "not allowed" wins).
 */
export function fixedIndemnity(settings: CommissionSettings): number | null {
  const fixed = settings.fixedIndemnityPercentage;
  if (!settings.isIndemCommissionAllowed || fixed === null || fixed === undefined) return null;
  return percentageHundredths(fixed) === null ? null : fixed;
}

/**
 * The form as the application has it: its indemnity share, or the adviser's default (J14),
 * decides the style; a style the adviser may not choose falls back to the first they may.
 */
export function toCommissionFormValues(saved: SavedCommission, settings: CommissionSettings): CommissionFormValues {
  const allowed = allowedStyles(settings);
  const indemnity = saved.initialIndemnityPercentage ?? defaultIndemnity(settings) / 100;
  const hundredths = percentageHundredths(indemnity);
  const style = hundredths === null ? undefined : styleOf(hundredths);
  const chosen = style !== undefined && allowed.includes(style) ? style : allowed[0];
  return {
    style: chosen,
    indemnity: chosen === 'hybrid' ? indemnity : null,
    sacrifice: saved.initialCommissionSacrificePercentage ?? 0,
  };
}

/** The percentages to send: indemnity is 100, 0, the hybrid share typed, or the fixed one. */
export function toCommissionInput(values: CommissionFormValues, settings: CommissionSettings): CommissionInput {
  const fixed = fixedIndemnity(settings);
  let indemnity: number | null;
  if (fixed !== null) indemnity = fixed;
  else if (values.style === 'indemnity') indemnity = 100;
  else if (values.style === 'nonIndemnity') indemnity = 0;
  else indemnity = values.indemnity ?? null;
  return {
    initialCommissionSacrificePercentage: values.sacrifice ?? 0,
    initialIndemnityPercentage: indemnity,
  };
}
