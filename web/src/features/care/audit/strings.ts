/** Every word of customer care's Data reads page (issue 36), en-GB. */
export const dataReadStrings = {
  heading: 'Data reads',
  intro:
    'Every time anyone was shown a client’s health answers, bank details or a stored document, or a case handler decrypted a case’s Temporal payloads: who, when, from where, and what. Newest first.',
  filterLabel: 'Case reference',
  readerLabel: 'Read by',
  filter: 'Filter',
  notAReference: 'A case reference is a whole number, such as 100001.',
  clear: 'Show all',
  when: 'When',
  who: 'Read by',
  role: 'Role',
  case: 'Case',
  data: 'Data',
  address: 'Address',
  unknown: 'Not known',
  qi: (id: string) => `Qi ${id}`,
  none: 'No reads match.',
  total: (n: number) => (n === 1 ? '1 read' : `${String(n)} reads`),
  caption: 'Data reads, newest first',
  roles: {
    adviser: 'Adviser',
    client: 'Client',
    underwriter: 'Underwriter',
    cca: 'Customer care',
    ccaadmin: 'Customer care administrator',
  } as Record<string, string>,
  data_: {
    'health-answers': 'Health answers',
    'bank-details': 'Bank details',
    'temporal-payloads': 'Temporal payloads (Web UI)',
  } as Record<string, string>,
  documents: {
    quote: 'Quote',
    keyfacts: 'Key facts',
    terms: 'Terms and conditions',
    decision: 'Decision',
    'direct-debit': 'Direct Debit confirmation',
    schedule: 'Policy schedule',
    applicationanswers: 'Interview answers',
    evidence: 'Medical evidence',
    indication: 'Qi indication',
  } as Record<string, string>,
  document: (name: string) => `Document: ${name}`,
} as const;

/** What a recorded `data` code says to a person: `document:evidence` is "Document: Medical evidence". */
export function dataLabel(code: string): string {
  const kind = code.startsWith('document:') ? code.slice('document:'.length) : undefined;
  if (kind !== undefined) return dataReadStrings.document(dataReadStrings.documents[kind] ?? kind);
  return dataReadStrings.data_[code] ?? code;
}

/** A recorded role in words; an unknown one as recorded. */
export function roleLabel(role: string): string {
  return dataReadStrings.roles[role] ?? role;
}

/** A case reference as typed: a positive whole number (at most 15 digits, exact in JavaScript), or nothing; `null` when it cannot be one. */
export function caseReference(typed: string): number | undefined | null {
  const text = typed.trim();
  if (text === '') return undefined;
  return /^\d{1,15}$/.test(text) && Number(text) > 0 ? Number(text) : null;
}
