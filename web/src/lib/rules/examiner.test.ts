import { describe, expect, it } from 'vitest';
import { cases } from '@/test/vectors';
import { checkExaminer, isExaminerDetailsValid, surgeryMessage, type ExaminerForm } from './examiner';
import type { FieldError } from './text';

type ExaminerCase =
  | { kind: 'check'; form: ExaminerForm; errors: FieldError[]; surgeryMessage: string | null; note: string }
  | { kind: 'surgeryMessage'; errors: FieldError[]; message: string | null; note: string };

describe('examiner rules agree with the server (the "examiners" topic of `domain/vectors.json`)', () => {
  it.each(cases<ExaminerCase>('examiners'))('$kind: $note', (c) => {
    if (c.kind === 'check') {
      const errors = checkExaminer(c.form);
      expect(errors).toEqual(c.errors);
      expect(surgeryMessage(errors)).toBe(c.surgeryMessage);
    } else {
      expect(surgeryMessage(c.errors)).toBe(c.message);
    }
  });
});

describe('isExaminerDetailsValid', () => {
  it('is true only when no rule is broken', () => {
    const contactDetails = { address1: '1 River Lane', cityName: 'Leeds', postcode: 'LS1 4AP', phoneNumber: '0113 496 0000' };
    expect(isExaminerDetailsValid({ organisationName: 'Riverside Surgery', contactDetails })).toBe(true);
    expect(isExaminerDetailsValid({ contactDetails })).toBe(false);
  });
});
