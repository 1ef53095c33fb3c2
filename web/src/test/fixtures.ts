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
    canUnlockQuoteEdit: false,
    canUpsellCover: false,
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
    adviserAtFirmLocationId: null,
    firmLocationName: null,
    firmName: 'Northfield Financial Planning',
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
        restrictedAbove: [{ fromAge: 60, amount: 1000000 }],
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
        restrictedAbove: [
          { fromAge: 50, amount: 500000 },
          { fromAge: 55, amount: 300000 },
        ],
      },
      {
        productType: 'ccic',
        label: 'Children’s Critical Illness',
        structures: ['level'],
        amount: { field: 'coverAmount', min: 5000, max: 50000 },
        deferredPeriods: [],
        paymentPeriods: [],
        riders: [],
        restrictedAbove: [],
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
        restrictedAbove: [],
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

type QiView = Schemas['QiView'];
type QiSummary = Schemas['QiSummary'];

/** A Qi question: an interview question as the sample interview asks it, unanswered. */
export function questionFixture(overrides: Partial<Schemas['Question']> = {}): Schemas['Question'] {
  return { tag: 'Q', text: 'Question', questionType: 'STRING', isSatisfied: false, validationErrors: [], multiple: false, ...overrides };
}

/**
 * Alan Turing's Qi enquiry, client details saved: the interview's client lines (height, tagged
 * QI_CLIENT), the line carried over from the client's details and a conditions section.
 */
export function qiViewFixture(overrides: Partial<QiView> = {}): QiView {
  return {
    id: 'qi-1',
    adviserId: 'adviser1',
    client: { title: 'Mr', firstName: 'Alan', lastName: 'Turing', gender: 'male', dateOfBirth: '1980-06-23', smoking: 'noneInFiveYears' },
    clientErrors: [],
    enquiry: enquiryFixture({
      enquiryId: 'enquiry-qi-1',
      applicantId: 'qi-client-1',
      tag: 'Qi',
      sections: [
        {
          id: 'about-you',
          name: 'About you',
          isSatisfied: false,
          enquiryLines: [
            { id: 'client-details', tags: ['CLIENT_DETAILS'], isSatisfied: true, questions: [questionFixture({ tag: 'BIRTHDATE', text: 'Date of birth', questionType: 'DATE', answer: '1980-06-23', isSatisfied: true })] },
            { id: 'height', tags: ['QI_CLIENT'], isSatisfied: false, questions: [questionFixture({ tag: 'HEIGHT', text: 'How tall is the client?', questionType: 'NUMBER' })] },
          ],
        },
        {
          id: 'health',
          name: 'Health',
          isSatisfied: false,
          enquiryLines: [
            {
              id: 'has-conditions',
              tags: ['QI'],
              isSatisfied: false,
              questions: [
                questionFixture({
                  tag: 'HAS_CONDITIONS',
                  text: 'Has the client any medical conditions?',
                  questionType: 'OPTION_GROUP',
                  options: [
                    { value: 'Yes', label: 'Yes' },
                    { value: 'No', label: 'No' },
                  ],
                }),
              ],
            },
          ],
        },
      ],
    }),
    steps: { clientDetailsComplete: true, conditionsComplete: false },
    indication: null,
    quote: null,
    applicationId: null,
    expired: false,
    createdAt: '2026-11-20T10:00:00Z',
    updatedAt: '2026-11-20T10:05:00Z',
    expiresAt: '2026-12-20T10:00:00Z',
    version: 3,
    ...overrides,
  };
}

/** Qi's indication for a client with high blood pressure: life loaded, critical illness for an underwriter. */
export function qiIndicationFixture(): NonNullable<QiView['indication']> {
  const why = { rule: 'BP-HIGH', decision: 'nonstandardterms' as const, reason: 'High blood pressure, treated: a loading of 50%', loading: 50, answers: [], table: 'Blood pressure', risks: ['life' as const] };
  return [
    { coverId: 'qi-life', productType: 'life', decision: 'nonstandardterms', displayed: 'nonStandardTerms', loading: 50, exclusions: [], evidence: [], summary: 'Life Protection: non-standard terms, the premium loaded by 50%.', explanations: [why] },
    { coverId: 'qi-ci', productType: 'ci', decision: 'referredtouw', displayed: 'underwritingRequired', loading: 0, exclusions: [], evidence: [], summary: 'Critical Illness: an underwriter would decide.', explanations: [] },
    { coverId: 'qi-aci', productType: 'aci', decision: 'declined', displayed: 'unableToOfferTerms', loading: 0, exclusions: [], evidence: [], summary: 'Combined Life and Critical Illness: no terms can be offered.', explanations: [] },
    { coverId: 'qi-ip', productType: 'ip', decision: 'standardterms', displayed: 'standardTerms', loading: 0, exclusions: [], evidence: [], summary: 'Income Protection: standard terms.', explanations: [] },
  ];
}

/** One of the adviser's Qi enquiries as the list shows it. */
export function qiSummaryFixture(overrides: Partial<QiSummary> = {}): QiSummary {
  return {
    id: 'qi-1',
    clientName: 'Alan Turing',
    dateOfBirth: '1980-06-23',
    outcomes: [
      { productType: 'life', outcome: 'Non-standard terms' },
      { productType: 'ip', outcome: 'Standard terms' },
    ],
    applicationId: null,
    createdAt: '2026-11-20T10:00:00Z',
    expiresAt: '2099-12-20T10:00:00Z',
    ...overrides,
  };
}

type IndicationComparison = Schemas['IndicationComparison'];

/** What Alan's application keeps of the Qi indication it was started from: life on standard terms at £23.45 a month, at 76 kg. */
export function carriedIndicationFixture(overrides: Partial<Schemas['CarriedIndication']> = {}): Schemas['CarriedIndication'] {
  return {
    qiId: 'qi-1',
    indicatedAt: '2026-11-20T10:05:00Z',
    answers: { HEIGHT: '180', WEIGHT: '76' },
    options: {},
    outcomes: [
      { coverId: 'qi-life', productType: 'life', decision: 'standardterms', displayed: 'standardTerms', loading: 0, exclusions: [], evidence: [], summary: 'Life Protection: standard terms.', explanations: [] },
    ],
    prices: [{ productType: 'life', premium: 23.45 }],
    ...overrides,
  };
}

/**
 * Alan's Qi indication beside his decision: life indicated on standard terms at £23.45 a month,
 * decided loaded by 50% at £35.18 once his weight went from 76 kg to 114 kg.
 */
export function indicationComparisonFixture(overrides: Partial<IndicationComparison> = {}): IndicationComparison {
  return {
    applicantId: 'applicant-1',
    qiId: 'qi-1',
    indicatedAt: '2026-11-20T10:05:00Z',
    covers: [
      {
        coverId: 'cover-1',
        productType: 'life',
        indicated: { outcome: 'Standard terms', loading: 0, exclusions: [], premium: 23.45 },
        decided: { outcome: 'Non-standard terms', loading: 50, exclusions: [], premium: 35.18 },
        differs: true,
      },
    ],
    changedAnswers: [{ tag: 'WEIGHT', question: 'Weight', atQi: '76 kg', inApplication: '114 kg', sentence: 'Weight: 76 kg at Qi, 114 kg in the application' }],
    ...overrides,
  };
}
