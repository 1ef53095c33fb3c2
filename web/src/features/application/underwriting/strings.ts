/** Words of the Application (underwriting) page (spec §2 "Underwriting", §4, §8). */
/**
 * Where a client finds questions sent to them (issue 50): a client whose account already holds a
 * case with the same email and date of birth sees them at once; anyone else first adds the
 * application with the client portal's own words.
 */
function howToFind(reference: number): string {
  return `If this application is not in their account yet, they choose “Confirm your details” (or “Add another application or policy”) and enter their date of birth and the application reference ${String(reference)}. The questions then wait on their home page under “Things to do”. A client whose account already holds a case with this email and date of birth finds them there without that step.`;
}

export const underwritingStrings = {
  heading: 'Application (underwriting)',
  clientsLabel: 'Clients',
  /** A client's tab names where their interview stands, so a closed one shows at a glance. */
  clientTab: (client: string, state: 'notStarted' | 'open' | 'closed') =>
    `${client} · ${{ notStarted: 'not started', open: 'in progress', closed: 'closed' }[state]}`,
  notApplied: 'The interview starts once the application has been submitted on Contact details.',
  notStarted: (client: string) => `${client}’s medical and lifestyle interview has not started yet.`,
  startHelp: 'Their gender, date of birth and smoking answer come across from Client details.',
  start: 'Start the interview',
  startFailed: 'Sorry, the interview could not be started. Please try again.',
  preDeclarationAccepted: 'Pre-underwriting declaration accepted',
  preDeclarationMissing: 'Pre-underwriting declaration not accepted',
  summary: 'Summary and declaration',
  noSections: 'No sections found',
  saved: 'Saved',
  answerFailed: 'Sorry, that answer could not be saved. Please try again.',
  loadFailed: 'Sorry, the interview could not be loaded. Please reload the page.',
  clientDetailsNote: 'Carried over from Client details, where sex at birth is asked as “Gender”. To change these answers, change Client details.',
  stillToAnswer: (count: number) => (count === 1 ? '1 question still to answer' : `${String(count)} questions still to answer`),
  declaration: {
    heading: 'Post-underwriting declaration',
    text: 'The client confirms that the answers given are true and complete to the best of their knowledge, and understands that an answer that is wrong or left out could mean a claim is not paid.',
    accept: (client: string) => `${client} has read and accepts the post-underwriting declaration`,
    acceptedBy: (client: string) => `${client} has read and accepted the post-underwriting declaration`,
    failed: 'Sorry, the declaration could not be recorded. Please try again.',
  },
  close: 'Close enquiry',
  closeHelp: 'Closing runs the underwriting rules and gives the terms for each cover. Answers can’t be changed afterwards.',
  closeFailed: 'Sorry, the enquiry could not be closed. Please try again.',
  closed: 'Enquiry closed',
  otherClient: (client: string) => `Now complete ${client}’s interview.`,
  openOtherClient: (client: string) => `Go to ${client}`,
  allClosed: 'Every client’s interview is closed.',
  referral: {
    heading: 'With the underwriter',
    waitingForUnderwriter: 'A cover was referred to an underwriter. Nobody has picked the case up yet; their updates will show here.',
    withUnderwriter: (name: string) => `${name}, an underwriter, is working on this case. Their updates show below.`,
    referredOn: (date: string) => `Referred on ${date}.`,
    referredHeading: 'Referred',
    nothingReferred: 'Nothing referred for this client.',
    evidenceHeading: 'Evidence asked for',
    noEvidence: 'No evidence asked for.',
    from: 'from',
    statuses: { requested: 'Awaited', held: 'Held for the client', received: 'Received', withdrawn: 'No longer needed' },
    expectedBy: (date: string) => `Expected by ${date}`,
    chasedExpected: (count: number, date: string) => `${count === 1 ? 'Chased once' : `Chased ${String(count)} times`}, now expected by ${date}`,
    heldUntil: (date: string) => `Held until ${date}: the client asked to see the report first`,
    received: (date: string) => `Received on ${date}`,
  },
  continueToAmra: 'Continue to AMRA',
  readBackHelp: 'Read these answers back to the client before they declare them true. Change a section if anything is wrong.',
  readBackGiven: 'The answers the client declared true.',
  /** Issue 35: the health questions answered privately by the client in the client portal. */
  privately: {
    offerHeading: (client: string) => `Let ${client} answer privately`,
    why: 'Some clients find it hard to answer health questions aloud, in front of a partner or an adviser. You can send these questions to the client to answer on their own in the client portal instead. You will see which sections they have answered, but not their answers, until they submit them; then you carry on here as usual.',
    where: (client: string, email: string, reference: number) =>
      `The portal does not send an email. Tell ${client} to sign in to the client portal with ${email} (or register there with it). ${howToFind(reference)}`,
    noEmail: (client: string) => `No email address is recorded for ${client}. Add one on Contact details first: ${client} registers for the client portal with it.`,
    send: 'Send to the client to answer privately',
    sendFailed: 'Sorry, the questions could not be sent. Please try again.',
    withClientHeading: (client: string) => `With ${client} to answer privately`,
    sentTo: (email: string, date: string, by: string) => `Sent to the client portal account for ${email} on ${date} by ${by}.`,
    findIt: (client: string, reference: number) =>
      `No email is sent: let ${client} know. They sign in to the client portal (or register with that email). ${howToFind(reference)}`,
    hidden: (client: string) => `You will see ${client}’s answers once they submit them. Until then only they can see or change them.`,
    progressHeading: 'Progress',
    answered: 'Answered',
    toAnswer: 'To answer',
    takeBackHelp: (client: string) =>
      `Taking the questions back lets you answer them here with ${client}. Anything they have answered since the questions were sent is deleted without being shown to you.`,
    takeBack: 'Take back',
    takeBackFailed: 'Sorry, the questions could not be taken back. Please try again.',
    submitted: (client: string, date: string) =>
      `${client} answered these questions privately in the client portal and submitted them on ${date}. Check the answers, then close the enquiry as usual.`,
  },
} as const;
