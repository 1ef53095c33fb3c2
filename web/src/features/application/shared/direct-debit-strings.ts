/** Words about the Direct Debit (AJ12): set-up, review and complete all say them the same way. */
export const directDebitStrings = {
  paysFor: (whose: string) => `This one Direct Debit pays for ${whose}.`,
  monthly: (amount: string) => `It collects ${amount} a month.`,
  first: (amount: string, date: string) => `First collection: ${amount} on ${date}`,
  months: (months: number) => `It takes ${String(months)} months’ premiums, for each month of cover begun by then; after that, one a month.`,
  notice: (days: number) =>
    `Your client is told the date and amount in the Direct Debit confirmation issued with the policies, at least ${String(days)} working days before the first collection.`,
} as const;
