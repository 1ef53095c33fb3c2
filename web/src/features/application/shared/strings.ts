/**
 * Words more than one page of the application shows: the page frame and journey, a client's or
 * child's name before they have one, underwriting outcomes, updates and requote. Each page's own
 * words live with the page (`../<page>/strings.ts`).
 */
export const applicationStrings = {
  applicationReference: (id: number) => `Application ${String(id)}`,
  breadcrumbDashboard: 'Dashboard',
  journeyLabel: 'Application journey',
  steps: {
    clientDetails: 'Client details',
    quote: 'Quote',
    contactDetails: 'Contact details',
    application: 'Application (underwriting)',
    amra: 'AMRA',
    decision: 'Decision',
    setup: 'Set-up',
    review: 'Review',
    complete: 'Complete',
  },
  stepNotYetAvailable: 'Available in a later release',
  stepComplete: 'complete',
  stepLocked: 'locked',
  clientTitle: (index: number) => `Client ${String(index + 1)}`,
  childTitle: (index: number) => `Child ${String(index + 1)}`,
  notFoundTitle: 'Application not found',
  notFoundDescription: 'It may not exist, or you may not have access to it.',
  loadFailedTitle: 'Sorry, something’s gone wrong',
  loadFailedDescription: 'The application could not be loaded. Please try again.',
  retry: 'Try again',
  backToDashboard: 'Back to the dashboard',
  lastUpdated: (when: string) => `Last updated ${when}`,
  /** Each cover's underwriting outcome and its explanation (the underwriting and decision pages). */
  outcome: {
    heading: 'Outcome',
    rulebook: (version: string) => `Decided by rulebook ${version}`,
    /** Issue 50: an outcome an underwriter decided is not the rulebook's. */
    referredByRulebook: (version: string) => `Referred by rulebook ${version}; decided by an underwriter, as shown above`,
    because: 'Why',
    underwriter: 'From the underwriter',
    underwriterReason: 'Reason',
    decidedBy: (name: string, date: string) => `Decided by ${name} on ${date}`,
    referredBy: 'The rulebook referred it',
  },
  displayed: {
    standardTerms: 'Standard terms',
    nonStandardTerms: 'Non-standard terms',
    underwritingRequired: 'Underwriting required',
    unableToOfferTerms: 'Unable to offer terms',
  },
  /** The application's own documents (the quote and Complete pages). */
  documents: {
    keyFacts: 'Key facts',
    terms: 'Terms and conditions',
    fileNameMissing: 'Error retrieving filename from headers',
    notADocument: 'The document’s address could not be read.',
  },
  /** §2 "Underwriting updates": on the underwriting page while with an underwriter, and at the decision. */
  underwritingUpdates: {
    heading: 'Underwriting updates',
    none: 'No updates from underwriting yet.',
    failed: 'The underwriting updates could not be loaded.',
  },
  /** §4 "Quote editing can be unlocked" (HB1): on the quote and client details once applied for. */
  unlock: {
    unlock: 'Unlock quote editing',
    confirmTitle: 'Unlock the quote for changes?',
    confirmDescription:
      'The application goes back to the Quote stage. Any change to the clients or covers withdraws the price, so price the quote again, then apply again.',
    confirm: 'Yes, unlock',
    keep: 'Keep it locked',
    unlocked: 'The quote can be changed again',
    failed: 'I’m sorry, there has been an error.',
  },
  /** §4 Requote: at the decision, and while the case is with an underwriter. */
  requote: {
    requote: 'Requote',
    confirmTitle: 'Requote this application?',
    confirmDescription: 'The decision will be removed and the quote reopened for changes. The covers are decided again when you apply.',
    confirmWithUnderwriter: 'The case leaves the underwriter and the quote reopens for changes. Evidence still awaited is no longer asked for; a referred client is underwritten again when you apply.',
    confirm: 'Yes, requote',
    keep: 'Keep it as it is',
    afterProceed: 'Has your client changed their mind about the cover? A requote takes the case back to the quote before it goes in force.',
    failed: 'I’m sorry, there has been an error.',
  },
} as const;
