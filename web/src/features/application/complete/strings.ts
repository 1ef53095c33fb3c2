/** Words of the Complete page (spec §2 Complete, §9 cancellation refund within 30 days). */
export const completeStrings = {
  heading: 'Complete',
  intro: 'Each client’s policy: its number, when it starts, its cover and the documents to give them.',
  notYet: 'The policy is not in force yet. Review the application and put it in force first.',
  toReview: 'Go to the review',
  policyNumber: 'Policy number',
  status: 'Status',
  inForce: 'In force',
  startsOn: (date: string) => `Starts on ${date}`,
  startDate: 'Start date',
  monthlyPremium: 'Monthly premium',
  covers: 'Cover',
  cover: (product: string, details: string) => (details ? `${product}: ${details}` : product),
  // The payout planner puts the cover in trust, which the adviser explains when handing over.
  trust: (product: string, client: string) =>
    `${product} uses the payout planner, which places it in trust for the beneficiaries chosen: explain the trust to ${client}.`,
  cancellation: 'Cancel with a full refund',
  cancelUntil: (date: string) => `Until ${date}`,
  cancellationEnded: (date: string) => `The cancellation period ended on ${date}`,
  documentsHeading: (client: string) => `Documents for ${client}`,
  download: (title: string) => `${title} (PDF)`,
  noDocuments: 'No documents have been issued with this policy.',
  downloadFailed: 'Sorry, the document could not be downloaded. Please try again.',
  viewPolicy: (client: string) => `View ${client}’s policy`,
  backToDashboard: 'Back to the dashboard',
  seePolicyholders: 'See the policyholders',
} as const;
