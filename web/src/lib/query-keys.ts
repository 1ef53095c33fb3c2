/**
 * Hierarchical query keys shared by features, so one feature can update or invalidate
 * what another shows without importing it (e.g. `applicationKeys.searches()` by prefix).
 */
export interface ApplicationSearchParams {
  searchTerm: string;
  stages: readonly string[];
  page: number;
}

export const applicationKeys = {
  all: ['applications'] as const,
  searches: () => [...applicationKeys.all, 'search'] as const,
  search: (params: ApplicationSearchParams) => [...applicationKeys.searches(), params] as const,
  details: () => [...applicationKeys.all, 'detail'] as const,
  detail: (applicationId: number) => [...applicationKeys.details(), applicationId] as const,
};

/** The products the signed-in adviser may quote (their flags applied by the server). */
export const productKeys = {
  offer: ['products', 'offer'] as const,
};

export const adviserKeys = {
  current: ['adviser', 'current'] as const,
};

/** The email service's answers, by address (§7 validate/email). */
export const emailKeys = {
  check: (email: string) => ['email-check', email] as const,
};

export const configKeys = {
  bootstrap: ['config', 'bootstrap'] as const,
};

/** Each client's underwriting enquiry, by applicant id. */
export const enquiryKeys = {
  all: ['enquiries'] as const,
  detail: (applicantId: string) => [...enquiryKeys.all, applicantId] as const,
};

export interface PolicySearchParams {
  searchTerm: string;
  statuses: readonly string[];
  page: number;
}

/** The Policyholders tab's searches and each policy holder's policy (§2 `policy-holder/{id}`). */
export const policyKeys = {
  all: ['policies'] as const,
  searches: () => [...policyKeys.all, 'search'] as const,
  search: (params: PolicySearchParams) => [...policyKeys.searches(), params] as const,
  details: () => [...policyKeys.all, 'detail'] as const,
  detail: (policyHolderId: string) => [...policyKeys.details(), policyHolderId] as const,
};

export type WorkbenchFilter = 'all' | 'unclaimed' | 'mine' | 'evidence' | 'overdue';

/** The underwriters' workbench: its filtered pages, and each referred case as they read it. */
export const workbenchKeys = {
  all: ['workbench'] as const,
  lists: () => [...workbenchKeys.all, 'list'] as const,
  list: (filter: WorkbenchFilter, page: number) => [...workbenchKeys.lists(), { filter, page }] as const,
  cases: () => [...workbenchKeys.all, 'case'] as const,
  case: (applicationId: number) => [...workbenchKeys.cases(), applicationId] as const,
};

/** A case's underwriting updates as the adviser reads them (reading marks them read). */
export const underwritingUpdateKeys = {
  all: ['underwriting-updates'] as const,
  of: (applicationId: number) => [...underwritingUpdateKeys.all, applicationId] as const,
};

/** The application's Direct Debit as the payer is told of it, by application version. */
export const directDebitKeys = {
  of: (applicationId: number, version: number) => ['direct-debit', applicationId, version] as const,
};
