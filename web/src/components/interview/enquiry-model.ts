/**
 * The interview as the page reads it (spec §3 "Underwriting enquiry", §4): section status,
 * which sections are open, what is selected after a fetch, answers applied optimistically (the
 * change hook keeps only the latest post's response). The server decides what is asked and what is valid; these
 * rules only say how the page shows it, mirroring `domain::underwriting`.
 */
import type { Schemas } from '@/lib/api-client';

export type Enquiry = Schemas['Enquiry'];
export type Section = Schemas['EnquirySection'];
export type Question = Schemas['Question'];
export type Answer = Schemas['Answer'];
export type SectionStatus = 'notStarted' | 'inProgress' | 'inComplete' | 'complete';

function questionsOf(section: Section): Question[] {
  return section.enquiryLines.flatMap((line) => line.questions);
}

/** §4: complete if satisfied; needs attention when an answer has errors; in progress once answered. */
export function sectionStatus(section: Section): SectionStatus {
  if (section.isSatisfied) return 'complete';
  const questions = questionsOf(section);
  if (questions.some((q) => q.validationErrors.length > 0)) return 'inComplete';
  if (questions.some((q) => q.isSatisfied)) return 'inProgress';
  return 'notStarted';
}

/** §4 "Later sections start disabled": open once every earlier section is complete, or once started. */
export function isSectionEnabled(enquiry: Enquiry, index: number): boolean {
  const section = enquiry.sections[index];
  if (!section) return false;
  return sectionStatus(section) !== 'notStarted' || enquiry.sections.slice(0, index).every((s) => sectionStatus(s) === 'complete');
}

export type Selection = { kind: 'section'; index: number } | { kind: 'summary' } | { kind: 'none' };

/** §4: after a fetch the summary when closed or closeable, otherwise the first section. */
export function selectAfterFetch(enquiry: Enquiry): Selection {
  if (enquiry.sections.length === 0) return { kind: 'none' };
  if (!enquiry.isOpen || enquiry.isCloseable) return { kind: 'summary' };
  return { kind: 'section', index: 0 };
}

/** The first section still to do, for "continue" after a section is completed. */
export function nextSection(enquiry: Enquiry, from: number): Selection {
  const sections = enquiry.sections;
  for (let index = from + 1; index < sections.length; index += 1) {
    const section = sections[index];
    if (section && sectionStatus(section) !== 'complete') return { kind: 'section', index };
  }
  return enquiry.isSatisfied ? { kind: 'summary' } : { kind: 'section', index: from };
}

/** §4 "Each answer post sets the answers optimistically": the enquiry with `answers` applied at once. */
export function withAnswers(enquiry: Enquiry, answers: readonly Answer[]): Enquiry {
  const byTag = new Map(answers.map((a) => [a.tag, a.value]));
  const allAnswers = enquiry.allAnswers.filter((a) => !byTag.has(a.tag));
  for (const [tag, value] of byTag) if (value.trim() !== '') allAnswers.push({ tag, value });
  return {
    ...enquiry,
    allAnswers,
    sections: enquiry.sections.map((section) => ({
      ...section,
      enquiryLines: section.enquiryLines.map((line) => ({
        ...line,
        questions: line.questions.map((q) => {
          const value = byTag.get(q.tag);
          return value === undefined ? q : { ...q, answer: value.trim() === '' ? null : value, validationErrors: [] };
        }),
      })),
    })),
  };
}

