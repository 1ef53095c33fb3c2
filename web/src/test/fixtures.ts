import type { Schemas } from '@/lib/api-client';

export function adviserFixture(overrides: Partial<Schemas['Adviser']> = {}): Schemas['Adviser'] {
  return {
    id: 'adviser-1',
    name: 'Ada Adviser',
    email: 'adviser1@example.com',
    roles: [],
    firmId: 'firm-1',
    firmName: 'Northfield Financial Planning',
    adviserAtFirmLocationId: null,
    firmLocationName: null,
    actsFor: [],
    uxSettings: {
      configureHybridCommission: false,
      displayPayoutPlanner: true,
      isYourRefReadOnly: false,
      hideYourRef: false,
      displayNewQuoteButton: true,
      isAlwaysAdvised: false,
      isIndemCommissionAllowed: true,
      overrideQuoteDate: false,
      hideLifeEssentials: false,
      hideLifeProtection: false,
      fixedIndemnityPercentage: null,
    },
    ...overrides,
  };
}

type Applicant = Schemas['Application']['applicants'][number];

export function applicantFixture(overrides: Partial<Applicant> = {}): Applicant {
  return {
    id: 'applicant-1',
    title: 'Mr',
    firstName: 'Alan',
    lastName: 'Turing',
    gender: 'male',
    dateOfBirth: '1980-06-23',
    age: 45,
    smoking: 'noneInFiveYears',
    covers: [],
    sameAddressApplicantId: null,
    isAcceptedPreUnderwritingDeclaration: false,
    isAmraConsentGranted: null,
    isViewMedicalReportsRequested: null,
    ...overrides,
  };
}

export function applicationFixture(overrides: Partial<Schemas['Application']> = {}): Schemas['Application'] {
  return {
    id: 1001,
    adviserId: 'adviser-1',
    status: 'CREATE_QUOTE',
    applicationStatus: 'Pre-quote',
    isQuoteEditable: true,
    applicants: [applicantFixture()],
    children: [],
    hasUnbornChildren: false,
    thirdPartyRef: null,
    quoteAgeDate: null,
    version: 3,
    createdAt: '2025-03-01T09:00:00Z',
    updatedAt: '2025-03-02T10:30:00Z',
    isTermExtensible: false,
    active: false,
    isRestrictedCover: false,
    candidateBeneficiaries: [],
    bankCheck: { status: 'notChecked' },
    isBankCheckConfirmed: false,
    quote: null,
    isQuoteExpired: false,
    quoteExpiredOn: null,
    isComplete: false,
    sections: [],
    tabsComplete: false,
    ...overrides,
  };
}

export function summaryFixture(overrides: Partial<Schemas['ApplicationSummary']> = {}): Schemas['ApplicationSummary'] {
  return {
    id: 1001,
    adviserId: 'adviser-1',
    adviserName: 'Ada Adviser',
    status: 'CREATE_QUOTE',
    applicationStatus: 'Pre-quote',
    clientNames: 'Alan Turing',
    thirdPartyRef: null,
    createdAt: '2025-03-01T09:00:00Z',
    updatedAt: '2025-03-02T10:30:00Z',
    ...overrides,
  };
}
