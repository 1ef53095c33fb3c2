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
