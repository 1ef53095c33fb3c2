/**
 * Display formats of spec §9. The one implementation is `./rules/formats` (checked against the
 * vectors the Rust domain also reads); this module keeps the import path screens already use.
 */
export {
  formatAge,
  formatCompactDate,
  formatCoverType,
  formatDate,
  formatDateTime,
  formatMoney,
  formatMoneyWithPence,
  formatPaymentPeriod,
  formatTime,
  formatWeeks,
  formatYears,
  toTitleCase,
} from './rules/formats';
export type { DateInput } from './rules/formats';
