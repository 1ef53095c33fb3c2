import type { Schemas } from '@/lib/api-client';
import type { PageKey } from '@/lib/rules/journey';

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
    amraConsentGrantedOn: null,
    amraConsentExpiredOn: null,
    ...overrides,
  };
}

/** Ada Lovelace, the second client, before she has any cover. */
export function secondApplicantFixture(overrides: Partial<Applicant> = {}): Applicant {
  return applicantFixture({
    id: 'applicant-2',
    title: 'Ms',
    firstName: 'Ada',
    lastName: 'Lovelace',
    gender: 'female',
    dateOfBirth: '1985-12-10',
    age: 39,
    ...overrides,
  });
}

export function applicationFixture(overrides: Partial<Schemas['Application']> = {}): Schemas['Application'] {
  return {
    id: 1001,
    adviserId: 'adviser-1',
    status: 'CREATE_QUOTE',
    applicationStatus: 'Pre-quote',
    isQuoteEditable: true,
    priceReadiness: 'ready',
    applicants: [applicantFixture()],
    children: [],
    hasUnbornChildren: false,
    thirdPartyRef: null,
    isMortgageRelated: null,
    isAdvisedSale: null,
    initialCommissionSacrificePercentage: null,
    initialIndemnityPercentage: null,
    policyStartDate: null,
    policyStartDateOption: null,
    quoteAgeDate: null,
    version: 3,
    createdAt: '2025-03-01T09:00:00Z',
    updatedAt: '2025-03-02T10:30:00Z',
    isTermExtensible: false,
    showExtend: false,
    declarationOfHealthStatus: null,
    termExtensionReasons: [],
    applicantsEnquiries: [],
    underwritingUpdates: [],
    referral: referralFixture(),
    isUnderwritingComplete: false,
    decisionQuote: null,
    isDecisionValid: false,
    proceededAt: null,
    bankDetails: null,
    active: false,
    activatedAt: null,
    policies: [],
    activationProblems: [],
    isRestrictedCover: false,
    candidateBeneficiaries: [],
    bankCheck: { status: 'notChecked' },
    isBankCheckConfirmed: false,
    quote: null,
    isQuoteExpired: false,
    quoteExpiredOn: null,
    validUntil: null,
    extendedOnDate: null,
    isComplete: false,
    applyProblems: [],
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
    active: false,
    hasNewUnderwritingUpdate: false,
    ...overrides,
  };
}

type Cover = Schemas['Cover'];

export function coverFixture(overrides: Partial<Cover> = {}): Cover {
  return {
    id: 'cover-1',
    productType: 'life',
    coverType: 'level',
    coverAmount: 250000,
    monthlyBenefit: null,
    term: 25,
    toAge: null,
    deferredPeriod: null,
    paymentPeriod: null,
    riders: [],
    isPayoutPlannerUsed: false,
    benefitAllocations: [],
    errors: [],
    ref: null,
    decision: null,
    premium: null,
    ...overrides,
  };
}

export function quoteFixture(overrides: Partial<Schemas['Quote']> = {}): Schemas['Quote'] {
  return {
    id: 'quote-1',
    quoteCreatedDate: '2025-03-02',
    quoteAgeDate: '2025-03-02',
    premium: 23.45,
    quoteApplicants: [
      quoteApplicantFixture({ id: 'applicant-1', premium: 23.45, quoteCovers: [quoteCoverFixture({ coverId: 'cover-1', premium: 23.45 })] }),
    ],
    adviserAtFirmLocationId: null,
    initialIndemnityPercentage: null,
    initialCommissionSacrificePercentage: null,
    initialCommission: null,
    lifetimePremium: null,
    unloadedPremium: null,
    discount: null,
    ...overrides,
  };
}

type QuoteApplicant = Schemas['QuoteApplicant'];

/** A client's line of a quote. The server never sets `quoteDecisionModel`. */
export function quoteApplicantFixture(overrides: Partial<QuoteApplicant> = {}): QuoteApplicant {
  return {
    id: 'applicant-1',
    premium: 23.45,
    quoteCovers: [],
    quoteDecisionModel: null,
    ...overrides,
  };
}

type QuoteCover = Schemas['QuoteCover'];

/** A cover's line of a quote: no underwriting decision until the quote is priced on the decision's terms. */
export function quoteCoverFixture(overrides: Partial<QuoteCover> = {}): QuoteCover {
  return {
    coverId: 'cover-1',
    premium: 23.45,
    decision: null,
    riders: [],
    breakdown: [],
    ...overrides,
  };
}

type Rider = Schemas['Rider'];

/** A saved rider: the server gives it the id `{cover id}-{rider type}` and no errors. */
export function riderFixture(overrides: Partial<Rider> = {}, coverId = 'cover-1'): Rider {
  const riderType = overrides.riderType ?? 'tpd';
  return {
    id: `${coverId}-${riderType}`,
    riderType,
    coverAmount: null,
    errors: [],
    ...overrides,
  };
}

type ContactDetails = Schemas['ContactDetails'];

/** A client's saved contact details: every line the client has not given is null. */
export function contactDetailsFixture(overrides: Partial<ContactDetails> = {}): ContactDetails {
  return {
    address1: null,
    address2: null,
    address3: null,
    cityName: null,
    county: null,
    postcode: null,
    phoneNumber: null,
    emailAddress: null,
    ...overrides,
  };
}

const pageNames: Record<PageKey, string> = {
  planbuilder: 'Client details',
  planquote: 'Quote',
  plandetails: 'Contact details',
  underwriting: 'Underwriting',
  decision: 'Decision',
  setup: 'Set-up',
  amra: 'AMRA',
};

/** A journey page's status as the application's `sections` carry it, named as the server names it. */
export function sectionFixture(id: PageKey, isComplete: boolean): Schemas['Section'] {
  return { id, name: pageNames[id], isComplete };
}

/** The sample rulebook's limits (product/underwriting/interview.json), as an outcome records them. */
export const rulebookLimits: Schemas['Limits'] = { instantLoadingMax: 150, declineLoadingAbove: 300 };

type Enquiry = Schemas['Enquiry'];

/** A client's underwriting enquiry, open, on the sample interview (product/underwriting/interview.json). */
export function enquiryFixture(overrides: Partial<Enquiry> = {}): Enquiry {
  return {
    enquiryId: 'enquiry-applicant-1',
    applicantId: 'applicant-1',
    branch: 'adviser',
    tag: 'Full',
    locale: 'en-GB',
    sections: [],
    allAnswers: [],
    availableConditions: [],
    exclusives: [],
    isOpen: true,
    isCloseable: false,
    isSatisfied: false,
    preCheck: true,
    declarations: { acceptedPreUnderwriting: true, acceptedPostUnderwriting: false },
    version: 1,
    ...overrides,
  };
}

type ReferralState = Schemas['ReferralState'];

/** The underwriter's side of an application: never referred, nobody holding it, nothing asked for. */
export function referralFixture(overrides: Partial<ReferralState> = {}): ReferralState {
  return {
    referredAt: null,
    decidedAt: null,
    claim: null,
    claims: [],
    evidence: [],
    ...overrides,
  };
}

type EvidenceRequest = Schemas['EvidenceRequest'];

/** A GP report Ruth Ellis asked for, still to come: neither received nor withdrawn. */
export function evidenceRequestFixture(overrides: Partial<EvidenceRequest> = {}): EvidenceRequest {
  return {
    id: 'e1',
    applicantId: 'applicant-1',
    kind: 'gpReport',
    label: 'GP report',
    provider: 'The Surgery',
    medicalReport: true,
    chaseEveryDays: 7,
    requestedAt: '2026-11-25T09:05:00Z',
    requestedBy: { id: 'underwriter1', name: 'Ruth Ellis' },
    firstExpectedBy: '2026-12-23',
    expectedBy: '2026-12-23',
    status: 'requested',
    chases: [],
    received: null,
    withdrawnAt: null,
    withdrawnBecause: null,
    ...overrides,
  };
}

/** The shipped sample catalogue (product/catalogue.json) as `backendforfrontend/products` offers it. */
export function productOfferFixture(overrides: Partial<Schemas['ProductOffer']> = {}): Schemas['ProductOffer'] {
  return {
    about: 'SAMPLE product catalogue for development and testing.',
    pricingBasis: 'Sample rates (ELT15 basis)',
    products: [
      {
        productType: 'life',
        label: 'Life Protection',
        hiddenByFlag: 'hideLifeProtection',
        structures: ['level', 'increasing', 'decreasing', 'familyIncome'],
        amount: { field: 'coverAmount', min: 5000, max: 10000000 },
        familyIncomeAmount: { field: 'coverAmount', min: 1000, max: 500000 },
        term: { minYears: 1, maxYears: 50 },
        expiryAge: { min: 19, max: 90 },
        deferredPeriods: [],
        paymentPeriods: [],
        riders: ['tpd'],
      },
      {
        productType: 'ci',
        label: 'Critical Illness',
        structures: ['level', 'increasing', 'decreasing'],
        amount: { field: 'coverAmount', min: 5000, max: 2000000 },
        term: { minYears: 2, maxYears: 50 },
        expiryAge: { min: 20, max: 75 },
        deferredPeriods: [],
        paymentPeriods: [],
        riders: ['ccic'],
      },
      {
        productType: 'ccic',
        label: 'Children’s Critical Illness',
        structures: ['level'],
        amount: { field: 'coverAmount', min: 5000, max: 50000 },
        deferredPeriods: [],
        paymentPeriods: [],
        riders: [],
      },
      {
        productType: 'ip',
        label: 'Income Protection',
        structures: ['level', 'increasing'],
        amount: { field: 'monthlyBenefit', min: 300, max: 20000 },
        term: { minYears: 5, maxYears: 47 },
        expiryAge: { min: 55, max: 70 },
        deferredPeriods: [4, 8, 13, 26, 52],
        paymentPeriods: ['full', 'twoYear'],
        riders: [],
      },
    ],
    riders: [
      {
        riderType: 'tpd',
        label: 'Total Permanent Disability',
        attachesTo: ['life', 'aci'],
        amount: { field: 'coverAmount', min: 5000, max: 1000000 },
        notMoreThanParent: true,
        expiryAge: { min: 19, max: 70 },
      },
      {
        riderType: 'ccic',
        label: 'Children’s Critical Illness',
        attachesTo: ['ci', 'aci'],
        amount: { field: 'coverAmount', min: 5000, max: 25000 },
        notMoreThanParent: true,
      },
    ],
    ...overrides,
  };
}

type EnquirySummary = Schemas['EnquirySummary'];
type CoverOutcome = NonNullable<EnquirySummary['outcome']>['covers'][number];

/** A client's enquiry as the application lists it once closed: each cover's outcome as given. */
export function closedEnquiryFixture(covers: CoverOutcome[], { applicantId = 'applicant-1', rulebookVersion = 'sample-2026.11.1' } = {}): EnquirySummary {
  return {
    applicantId,
    enquiryId: `enquiry-${applicantId}`,
    isOpen: false,
    startedAt: '2026-11-24T10:00:00Z',
    closedAt: '2026-11-24T10:20:00Z',
    underwrittenCovers: [],
    outcome: { rulebookVersion, decidedAt: '2026-11-24T10:20:00Z', covers, limits: rulebookLimits },
  };
}

/** The Direct Debit as the server tells it (AJ12): both clients' policies, first collected on 15 December. */
export function directDebitFixture(overrides: Partial<Schemas['DirectDebitView']> = {}): Schemas['DirectDebitView'] {
  return {
    organisation: 'Protection Life',
    advanceNoticeWorkingDays: 10,
    paysFor: ['Alan Turing', 'Ada Turing'],
    monthlyAmount: 75.6,
    firstCollection: { date: '2026-12-15', months: 1, amount: 75.6, noticeOn: '2026-11-26' },
    firstCollectionUnknown: null,
    guarantee: {
      heading: 'The Direct Debit Guarantee',
      paragraphs: [
        'This Guarantee is offered by all banks and building societies that accept instructions to pay Direct Debits.',
        'If there are any changes to the amount, date or frequency of your Direct Debit Protection Life will notify you 10 working days in advance of your account being debited or as otherwise agreed.',
      ],
    },
    ...overrides,
  };
}
