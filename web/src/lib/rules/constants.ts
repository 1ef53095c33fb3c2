/**
 * Business constants and limits of spec §9, the dress-size scales and the idle-timeout rule:
 * the SPA's copy of `domain/src/constants.rs`, checked against the "constants" topic of `domain/vectors.json`.
 * The reading of §9's unexplained list "10, 23, 8, 100, 8, 30, 3, 60, 60" is
 * docs/decisions.md J18.
 */

export const AMRA_CONSENT_VALID_MONTHS = 12;
export const MEDICAL_REPORT_HELD_DAYS = 21;
export const INFORMATION_REQUEST_MONTHS_AFTER_COVER = 6;
export const CANCELLATION_REFUND_DAYS = 30;
export const GENETIC_TEST_DISCLOSURE_THRESHOLD_POUNDS = 500_000;
export const UNBORN_CHILD_COVER_MONTHS_BEFORE_BIRTH = 9;
export const SNACKBAR_MS = 6_000;
export const TERM_EXTENSIONS_ALLOWED = 1;
export const TERM_EXTENSION_DAYS = 90;
export const MAX_CHILD_AGE = 23;
export const MAX_BENEFICIARIES = 8;
export const NAME_MAX_CHARS = 100;
export const EMAIL_MAX_CHARS = 100;
export const ADDRESS_LINE_MAX_CHARS = 40;
export const ADDRESS_LINES = 3;
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 11;
export const PASSWORD_MIN_CHARS = 8;
export const PASSWORD_MAX_CHARS = 100;
export const ALLOCATION_TOTAL_PERCENT = 100;
export const MIN_AGE = 18;
export const MAX_AGE = 64;
export const MAX_APPLICANTS = 2;
export const DASHBOARD_PAGE_SIZE = 10;
export const QUOTE_VALIDITY_DAYS = 30;
export const POLICY_START_MAX_MONTHS = 3;
export const TOKEN_RENEWAL_SECONDS_BEFORE_EXPIRY = 60;
export const SECONDS_PER_MINUTE = 60;
export const DEFAULT_IDLE_TIMEOUT_SECONDS = 1_800;
/** §9 "checked every second". */
export const IDLE_CHECK_INTERVAL_MS = 1_000;
/** §9 "reset on mouse, click, scroll or key events". */
export const IDLE_ACTIVITY_EVENTS = ['mousemove', 'click', 'scroll', 'keydown'] as const;
/** Issue 34: warn a minute before signing out (EP6: half the timeout when that is shorter). */
export const IDLE_WARNING_SECONDS = 60;
/** Activity is noted at most once a second: a moving mouse fires dozens of events a second. */
export const IDLE_ACTIVITY_THROTTLE_MS = 1_000;

/** Genetic test results are disclosed for cover above £500,000, not at it (J20). */
export function geneticTestDisclosureRequired(pounds: number): boolean {
  return Math.round(pounds * 100) > GENETIC_TEST_DISCLOSURE_THRESHOLD_POUNDS * 100;
}

export type DressSizeScale = 'uk' | 'european' | 'us' | 'australia';

function evens(from: number, to: number): number[] {
  const sizes: number[] = [];
  for (let size = from; size <= to; size += 2) sizes.push(size);
  return sizes;
}

/** uk 4-26 by 2; european 32-54 by 2; us 1, 2, then 4-22 by 2; australia 4-26 by 2. */
export function dressSizes(scale: DressSizeScale): number[] {
  switch (scale) {
    case 'uk':
    case 'australia':
      return evens(4, 26);
    case 'european':
      return evens(32, 54);
    case 'us':
      return [1, ...evens(2, 22)];
  }
}

/**
 * Signs an adviser out after IDLE_TIMEOUT_SECONDS without activity. Pure: times (milliseconds)
 * are passed in; the caller wires the events and the once-a-second check.
 */
export class IdleTimer {
  private lastActivity: number;
  private readonly timeoutMs: number;
  private readonly warningMs: number;

  constructor(timeoutSeconds: number, now: number) {
    this.timeoutMs = timeoutSeconds * 1_000;
    this.warningMs = Math.min(IDLE_WARNING_SECONDS * 1_000, Math.floor(this.timeoutMs / 2));
    this.lastActivity = now;
  }

  /** Restarts the count; an earlier time (a clock set back) is ignored. */
  activity(now: number): void {
    this.lastActivity = Math.max(this.lastActivity, now);
  }

  /** True once a whole timeout has passed since the last activity (J21). */
  isExpired(now: number): boolean {
    return now - this.lastActivity >= this.timeoutMs;
  }

  /**
   * True in the last IDLE_WARNING_SECONDS before sign-out (the last half of a timeout shorter
   * than two minutes), when the adviser is asked whether they are still there (EP6).
   */
  isWarning(now: number): boolean {
    return !this.isExpired(now) && this.remaining(now) <= this.warningMs;
  }

  /** Milliseconds left before sign-out; zero once expired. */
  remaining(now: number): number {
    return Math.min(this.timeoutMs, Math.max(0, this.timeoutMs - (now - this.lastActivity)));
  }
}
