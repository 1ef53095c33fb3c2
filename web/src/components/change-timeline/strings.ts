/** The words of a case's change timeline, for the adviser's case and customer care's. */
export const timelineStrings = {
  heading: 'Changes',
  open: 'Changes',
  openLabel: 'Changes to this case: who changed what',
  show: 'Show the changes',
  intro: 'Who changed what on this case, newest first. Values are not shown: only which details changed.',
  loading: 'Loading the changes…',
  failed: 'The changes could not be loaded. Please try again.',
  retry: 'Try again',
  none: 'No changes recorded yet.',
  who: 'By',
  notRecorded: 'not recorded',
  client: 'Client',
  changed: 'Changed',
  byPerson: (name: string, role: string) => `${name} (${role})`,
  more: (shown: number, total: number) => `Showing the newest ${shown} of ${total} changes.`,
} as const;
