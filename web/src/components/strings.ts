/** Words of the shared components that are not any one feature's. en-GB. */
export const componentStrings = {
  /** Read by screen readers after a link that opens a new tab (WCAG 3.2.5 advisory G201). */
  opensInNewTab: '(opens in a new tab)',
  /** The notice on the page a user lands on after signing out (`SignedOutNotice`, EP3). */
  signedOut: {
    title: 'You have signed out',
    idle: (duration: string) => `You were signed out because you were inactive for ${duration}`,
    detail: 'Sign in again to carry on where you left off.',
  },
  /** A client's covers with their terms and premiums (`ClientCovers`). */
  covers: {
    coversOf: (client: string) => `Covers for ${client}`,
    columns: { cover: 'Cover', details: 'Details', terms: 'Terms', premium: 'Monthly premium', quoted: 'Quoted', onTerms: 'On these terms' },
    terms: {
      standard: 'Standard terms',
      nonStandard: 'Non-standard terms',
      loading: (percent: number) => `premium loaded by ${String(percent)}%`,
      exclusions: (what: string) => `excludes ${what}`,
    },
    notOffered: 'Not offered',
    policyFee: 'Policy fee',
    policyFeeHelp: 'A monthly charge for each policy',
    clientTotal: (client: string) => `${client} a month`,
  },
} as const;
