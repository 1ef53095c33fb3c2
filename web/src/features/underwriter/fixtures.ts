import type { Schemas } from '@/lib/api-client';
import { applicantFixture, applicationFixture, coverFixture, enquiryFixture, quoteFixture, referralFixture, closedEnquiryFixture } from '@/test/fixtures';

/** Alan's life cover referred for his blood pressure; Ruth Ellis holds the case when `mine`. */
export function referredCase(overrides: Partial<Schemas['UnderwriterCase']> = {}, application: Partial<Schemas['Application']> = {}): Schemas['UnderwriterCase'] {
  return {
    application: applicationFixture({
      status: 'UNDERWRITING',
      applicationStatus: 'Underwriting',
      isUnderwritingComplete: true,
      quote: quoteFixture(),
      applicants: [applicantFixture({ covers: [coverFixture({ decision: 'manualuw' })], isAmraConsentGranted: true, amraConsentGrantedOn: '2026-11-20', isViewMedicalReportsRequested: false })],
      applicantsEnquiries: [
        closedEnquiryFixture([
          {
            coverId: 'cover-1',
            productType: 'life',
            decision: 'manualuw',
            displayed: 'underwritingRequired',
            loading: 0,
            exclusions: [],
            evidence: [],
            summary: 'Life Protection: underwriting required.',
            explanations: [
              { rule: 'HYPERTENSION-UNCONTROLLED', decision: 'manualuw', reason: 'Blood pressure not controlled: an underwriter must review', loading: 0, answers: [{ tag: 'BP', question: 'Is it controlled?', answer: 'No' }], table: 'Medical conditions', risks: ['life'] },
            ],
          },
        ]),
      ],
      referral: referralFixture({ referredAt: '2026-11-24T10:20:00Z' }),
      ...application,
    }),
    adviser: { id: 'adviser1', name: 'Priya Shah', email: 'adviser1@example.com', firmName: 'Northfield Financial Planning' },
    enquiries: [
      enquiryFixture({
        enquiryId: 'enquiry-applicant-1',
        applicantId: 'applicant-1',
        isOpen: false,
        isCloseable: false,
        isSatisfied: true,
        preCheck: true,
        declarations: { acceptedPreUnderwriting: true, acceptedPostUnderwriting: true },
        allAnswers: [
          { tag: 'ALCOHOL_UNITS', value: '8' },
          { tag: 'DRUGS', value: 'No' },
        ],
        sections: [
          {
            id: 'about',
            name: 'About you',
            isSatisfied: true,
            enquiryLines: [
              { id: 'l1', tags: [], isSatisfied: true, questions: [{ tag: 'ALCOHOL_UNITS', text: 'Units of alcohol a week', questionType: 'INTEGER', isSatisfied: true, validationErrors: [], answer: '8', multiple: false }] },
              { id: 'l2', tags: [], isSatisfied: true, questions: [{ tag: 'DRUGS', text: 'Any drugs?', questionType: 'OPTION_GROUP', isSatisfied: true, validationErrors: [], answer: 'No', options: [{ value: 'No', label: 'No, never' }, { value: 'Yes', label: 'Yes' }], multiple: false }] },
            ],
          },
        ],
      }),
    ],
    referred: [{ applicantId: 'applicant-1', client: 'Alan Turing', coverId: 'cover-1', productType: 'life', decision: 'manualuw', rules: [{ rule: 'HYPERTENSION-UNCONTROLLED', reason: 'Blood pressure not controlled' }] }],
    isMine: false,
    evidenceKinds: [
      { kind: 'gpReport', label: 'GP report', provider: null, expectedWithinDays: 28, chaseEveryDays: 7, medicalReport: true },
      { kind: 'bloodTests', label: 'Blood tests', provider: 'the nurse screening service', expectedWithinDays: 14, chaseEveryDays: 5, medicalReport: false },
    ],
    limits: { instantLoadingMax: 150, declineLoadingAbove: 300 },
    maxPostponeMonths: 24,
    ...overrides,
  };
}

export function claimedBy(data: Schemas['UnderwriterCase'], name = 'Ruth Ellis', mine = true): Schemas['UnderwriterCase'] {
  return {
    ...data,
    isMine: mine,
    application: {
      ...data.application,
      referral: { ...data.application.referral, claim: { underwriter: { id: mine ? 'underwriter1' : 'underwriter2', name }, claimedAt: '2026-11-25T09:00:00Z' } },
    },
  };
}
