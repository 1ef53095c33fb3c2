import { describe, expect, it } from 'vitest';
import { cases } from '@/test/vectors';
import { groupPhoneNumber, parsePhoneNumber, toE164 } from './phone';

interface PhoneCase { input: string; valid: boolean; normalised?: string; grouped?: string; error?: string; message?: string }

describe('phone numbers agree with the server (the "phones" topic of `domain/vectors.json`)', () => {
  it.each(cases<PhoneCase>('phones'))('$input', (c) => {
    const parsed = parsePhoneNumber(c.input);
    if (c.valid) {
      expect(parsed).toEqual({ ok: true, value: c.normalised });
      expect(groupPhoneNumber(c.normalised ?? '')).toBe(c.grouped);
    } else {
      expect(parsed).toEqual({ ok: false, error: c.error, message: c.message });
    }
  });
});

describe('parsePhoneNumber', () => {
  it('is idempotent through the national, grouped and international forms', () => {
    for (const text of ['+44 (0)20 7946 0000', '0169772345', '0800 123456', '07624 123456']) {
      const first = parsePhoneNumber(text);
      if (!first.ok) throw new Error(text);
      for (const form of [first.value, groupPhoneNumber(first.value), toE164(first.value)]) {
        expect(parsePhoneNumber(form)).toEqual(first);
      }
    }
  });

  it('says how many digits a range needs', () => {
    expect(parsePhoneNumber('0740012345')).toMatchObject({ error: 'notElevenDigits' });
    expect(parsePhoneNumber('016977123')).toMatchObject({ error: 'notTenOrElevenDigits' });
  });
});
