/** Words of the set-up page (spec §2 Set-up, §3 Bank details, §8 bank validation messages). */
export const setUpStrings = {
  heading: 'Set-up',
  intro: 'The Direct Debit for the premium: the account it is paid from and the day of the month it is collected.',
  notOpen: 'Set-up opens once you proceed from the decision.',
  bankHeading: 'Bank details',
  fields: {
    name: 'Account holder’s name',
    sortCode: 'Sort code',
    accountNumber: 'Account number',
    collectionDay: 'Collection day',
  },
  collectionDayOption: (day: number) => `${String(day)}${day === 1 || day === 21 ? 'st' : day === 2 || day === 22 ? 'nd' : day === 3 || day === 23 ? 'rd' : 'th'} of the month`,
  save: 'Save bank details',
  saved: (accountNumber: string, sortCode: string) => `Saved: account ${accountNumber}, sort code ${sortCode}.`,
  change: 'Change bank details',
  check: 'Check bank details',
  checking: 'Checking with the bank…',
  override: 'I have checked these details with my client',
  reset: 'Clear the check',
  confirmed: 'The bank details are confirmed.',
  overridden: 'Confirmed by you after checking with your client.',
  failed: 'Sorry, that could not be done. Please try again.',
} as const;
