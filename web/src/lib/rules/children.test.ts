import { describe, expect, it } from 'vitest';
import { CHILD_NOT_BORN, CHILD_TOO_OLD, checkChildDateOfBirth } from './children';

describe('a child’s date of birth (domain::children)', () => {
  it('accepts a child born today but not one born tomorrow', () => {
    expect(checkChildDateOfBirth('2026-11-22', '2026-11-22')).toBeNull();
    expect(checkChildDateOfBirth('2026-11-23', '2026-11-22')).toBe(CHILD_NOT_BORN);
  });

  it('covers a child until the day before their 23rd birthday', () => {
    expect(checkChildDateOfBirth('2003-11-23', '2026-11-22')).toBeNull();
    expect(checkChildDateOfBirth('2003-11-22', '2026-11-22')).toBe(CHILD_TOO_OLD);
    expect(checkChildDateOfBirth('1990-01-01', '2026-11-22')).toBe(CHILD_TOO_OLD);
  });

  it('takes a 29 February birthday on 1 March in a common year', () => {
    expect(checkChildDateOfBirth('2004-02-29', '2027-02-28')).toBeNull();
    expect(checkChildDateOfBirth('2004-02-29', '2027-03-01')).toBe(CHILD_TOO_OLD);
  });
});
