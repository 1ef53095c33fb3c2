import { describe, expect, it } from 'vitest';
import { cases } from '@/test/vectors';
import {
  BLACKLIST_MESSAGE,
  checkConfirmation,
  DISPOSABLE_MESSAGE,
  emailCheckResult,
  parseEmailAddress,
  sharedEmailWarning,
  UNKNOWN_ERROR,
} from './email';

type EmailCase =
  | { kind: 'parse'; input: string; valid: boolean; normalised?: string; error?: string; message?: string; note?: string }
  | { kind: 'confirm'; email: string; confirmation: string; expected: string | null }
  | { kind: 'shared'; first: string | null; second: string | null; warning: string | null };

const parsedOrNull = (text: string | null) => {
  if (text === null) return null;
  const parsed = parseEmailAddress(text);
  if (!parsed.ok) throw new Error(text);
  return parsed.value;
};

describe('email rules agree with the server (the "emails" topic of `domain/vectors.json`)', () => {
  it.each(cases<EmailCase>('emails'))('$kind $input $email $first', (c) => {
    switch (c.kind) {
      case 'parse': {
        const parsed = parseEmailAddress(c.input);
        if (c.valid) expect(parsed).toEqual({ ok: true, value: c.normalised });
        else expect(parsed).toEqual({ ok: false, error: c.error, message: c.message });
        break;
      }
      case 'confirm':
        expect(checkConfirmation(c.email, c.confirmation)).toBe(c.expected);
        break;
      case 'shared':
        expect(sharedEmailWarning(parsedOrNull(c.first), parsedOrNull(c.second))).toBe(c.warning);
        break;
    }
  });
});

describe('the email service', () => {
  it('takes emailValid from the email service', () => {
    expect(emailCheckResult({ isValid: true })).toEqual({ emailValid: true, emailError: null });
    expect(emailCheckResult({ isValid: false, status: 'Failure' })).toEqual({ emailValid: false, emailError: 'Invalid email' });
    expect(emailCheckResult({ isValid: false, status: 'FailureBlacklist' }).emailError).toBe(BLACKLIST_MESSAGE);
    expect(emailCheckResult({ failed: 'Service unavailable' }).emailError).toBe('Service unavailable');
    // An unchecked domain is accepted: the address passes on its syntax (M3).
    expect(emailCheckResult({ isValid: true, status: 'Unchecked' })).toEqual({ emailValid: true, emailError: null });
    expect(emailCheckResult({ failed: '' }).emailError).toBe(UNKNOWN_ERROR);
  });

  it('refuses a temporary address with the server’s own message (domain::contact::DISPOSABLE_MESSAGE)', () => {
    expect(emailCheckResult({ isValid: false, status: 'FailureDisposable' })).toEqual({ emailValid: false, emailError: DISPOSABLE_MESSAGE });
    expect(DISPOSABLE_MESSAGE).toBe(
      "This is a temporary email address. Please use the client's own address, so they receive future communications from us.",
    );
    // Refusals the portal has no message of its own for read as 'Invalid email'.
    expect(emailCheckResult({ isValid: false, status: 'FailureNoMailServer' }).emailError).toBe('Invalid email');
  });
});
