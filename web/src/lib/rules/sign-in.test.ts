import { describe, expect, it } from 'vitest';
import { cases } from '@/test/vectors';
import { checkSignIn, passwordProblems, type SignInForm } from './sign-in';
import type { FieldError } from './text';

interface SignInCase { form: SignInForm; errors: FieldError[]; note?: string }

describe('sign-in rules agree with the server (the "sign-in" topic of `domain/vectors.json`)', () => {
  it.each(cases<SignInCase>('sign-in'))('$form.password: $note', (c) => {
    expect(checkSignIn(c.form)).toEqual(c.errors);
  });
});

describe('passwordProblems', () => {
  it('counts characters, not UTF-16 units', () => {
    expect(passwordProblems('Aa1!😀😀')).toEqual(['Password must be at least 8 characters']);
    expect(passwordProblems('Aa1!😀😀😀😀')).toEqual([]);
  });
});
