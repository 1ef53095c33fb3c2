export const dashboardStrings = {
  heading: 'Dashboard',
  welcome: (name: string) => `Welcome back, ${name}.`,
  tabs: {
    inProgress: 'In Progress',
    policyholders: 'Policyholders',
  },
  search: {
    label: 'Search by client name or reference',
    placeholder: 'Search by client name or reference',
  },
  stageFilter: {
    label: 'Filter by stage',
    placeholder: 'All stages',
  },
  createApplication: 'Create a new application',
  createFailed: 'The application could not be created. Please try again.',
  columns: {
    reference: 'Reference',
    clients: 'Clients',
    stage: 'Stage',
    lastUpdated: 'Last updated',
    yourRef: 'Your ref',
  },
  noClientsYet: 'No clients added yet',
  openApplication: (id: number) => `Open application ${String(id)}`,
  total: (count: number) => `${String(count)} ${count === 1 ? 'application' : 'applications'}`,
  emptyNoApplications: 'You have no applications in progress yet.',
  emptyNoMatches: 'No applications match your search.',
  loadFailed: 'Your applications could not be loaded. Please try again.',
  retry: 'Try again',
  policyholdersEmpty: 'Policyholders will appear here once a policy is in force.',
} as const;
