import { describe, expect, it } from 'vitest';
import { enquiryFixture } from '@/test/fixtures';
import { isSectionEnabled, nextSection, sectionStatus, selectAfterFetch, withAnswers, type Enquiry, type Question, type Section } from './enquiry-model';

function question(tag: string, satisfied: boolean, errors: string[] = []): Question {
  return { tag, text: tag, questionType: 'OPTION_GROUP', isSatisfied: satisfied, validationErrors: errors, answer: satisfied ? 'Yes' : null, multiple: false };
}

function section(id: string, satisfied: boolean, questions: Question[]): Section {
  return { id, name: id, isSatisfied: satisfied, enquiryLines: [{ id, tags: [], isSatisfied: satisfied, questions }] };
}

function enquiry(sections: Section[], extra: Partial<Enquiry> = {}): Enquiry {
  return enquiryFixture({
    enquiryId: 'enquiry-a1', applicantId: 'a1', sections, allAnswers: [], availableConditions: [], exclusives: [],
    isOpen: true, isCloseable: false, isSatisfied: false, preCheck: true, version: 1, ...extra,
  });
}

describe('section status (§4)', () => {
  it('is complete when satisfied, needs attention with an error, in progress once answered, else not started', () => {
    expect(sectionStatus(section('a', true, [question('Q', true)]))).toBe('complete');
    expect(sectionStatus(section('a', false, [question('Q', true), question('R', false, ['Please enter a number'])]))).toBe('inComplete');
    expect(sectionStatus(section('a', false, [question('Q', true), question('R', false)]))).toBe('inProgress');
    expect(sectionStatus(section('a', false, [question('Q', false)]))).toBe('notStarted');
  });

  it('opens a later section only once every earlier one is complete, or once it is started', () => {
    const e = enquiry([section('a', false, [question('Q', true)]), section('b', false, [question('R', false)]), section('c', false, [question('S', true)])]);
    expect(isSectionEnabled(e, 0)).toBe(true);
    expect(isSectionEnabled(e, 1)).toBe(false);
    expect(isSectionEnabled(e, 2)).toBe(true);
    expect(isSectionEnabled(e, 3)).toBe(false);
  });
});

describe('selection (§4)', () => {
  it('shows the summary of a closed or closeable enquiry and the first section otherwise', () => {
    const open = enquiry([section('a', false, [])]);
    expect(selectAfterFetch(open)).toEqual({ kind: 'section', index: 0 });
    expect(selectAfterFetch({ ...open, isCloseable: true })).toEqual({ kind: 'summary' });
    expect(selectAfterFetch({ ...open, isOpen: false })).toEqual({ kind: 'summary' });
    expect(selectAfterFetch(enquiry([]))).toEqual({ kind: 'none' });
  });

  it('moves on to the next section still to do, or the summary once everything is answered', () => {
    const e = enquiry([section('a', true, []), section('b', true, []), section('c', false, [])]);
    expect(nextSection(e, 0)).toEqual({ kind: 'section', index: 2 });
    expect(nextSection({ ...e, isSatisfied: true }, 2)).toEqual({ kind: 'summary' });
  });
});

describe('answers', () => {
  it('applies answers at once, clearing an emptied one and the errors of an answered question', () => {
    const e = enquiry([section('a', false, [question('Q', false, ['Please choose']), question('R', true)])], { allAnswers: [{ tag: 'R', value: 'Yes' }] });
    const next = withAnswers(e, [{ tag: 'Q', value: 'No' }, { tag: 'R', value: '' }]);
    expect(next.allAnswers).toEqual([{ tag: 'Q', value: 'No' }]);
    const [q, r] = next.sections[0]?.enquiryLines[0]?.questions ?? [];
    expect(q?.answer).toBe('No');
    expect(q?.validationErrors).toEqual([]);
    expect(r?.answer).toBeNull();
  });
});
