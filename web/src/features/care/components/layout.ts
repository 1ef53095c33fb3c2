/** A label, its field and a button on one line, wrapping on a narrow screen (375 px). */
export const formRow = { display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', marginBottom: 16 } as const;
