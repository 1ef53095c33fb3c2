import { describe, expect, it } from 'vitest';
import { cases } from '@/test/vectors';
import { checkApplicantAge } from './age';
import { ageOn } from './dates';

interface AgeCase { dateOfBirth: string; ageDate: string; age: number | null; message: string | null; note: string }

describe('the age rule agrees with the server (the "ages" topic of `domain/vectors.json`)', () => {
  it.each(cases<AgeCase>('ages'))('$note', ({ dateOfBirth, ageDate, age, message }) => {
    expect(ageOn(dateOfBirth, ageDate)).toBe(age);
    expect(checkApplicantAge(dateOfBirth, ageDate)).toBe(message);
  });
});
