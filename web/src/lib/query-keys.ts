/**
 * Query keys: the one way a key is written (decision AW11). Each area has one factory object
 * under its `all` prefix, whose keys extend it, so a change can invalidate a whole area or one
 * branch of it by prefix (`applicationKeys.searches()`). A feature's own keys may live in its
 * `api/` folder; keys two features share live here. The lint rule refuses a key written inline.
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
  /** Reads under a case's detail key, so refreshing the case refreshes them. */
  timeline: (applicationId: number) => [...applicationKeys.detail(applicationId), 'timeline'] as const,
  indication: (applicationId: number, applicantId: string, version: number | undefined) =>
    [...applicationKeys.detail(applicationId), 'indication', applicantId, version] as const,
  alternatives: (applicationId: number, version: number | undefined) => [...applicationKeys.detail(applicationId), 'alternatives', version] as const,
};

/** The products the signed-in adviser may quote (their flags applied by the server). */
export const productKeys = {
  all: ['products'] as const,
  offer: ['products', 'offer'] as const,
};

export const adviserKeys = {
  all: ['adviser'] as const,
  current: ['adviser', 'current'] as const,
};

/** The email service's answers, by address (§7 validate/email). */
export const emailKeys = {
  all: ['email-check'] as const,
  check: (email: string) => [...emailKeys.all, email] as const,
};

export const configKeys = {
  all: ['config'] as const,
  bootstrap: ['config', 'bootstrap'] as const,
};

/** The surgeries found for what was typed (§7 examiner/lookup). */
export const surgeryKeys = {
  all: ['surgeries'] as const,
  search: (typed: string) => [...surgeryKeys.all, typed] as const,
};

/** The conditions or occupations a look-up found, by where it looked and what was typed. */
export const questionOptionKeys = {
  all: ['question-options'] as const,
  search: (source: string, branch: string, tag: string, answer: string, typed: string) =>
    [...questionOptionKeys.all, source, branch, tag, answer, typed] as const,
};

/** Web chat: whether it can be used now, and customer care's conversations and transcripts. */
export const chatKeys = {
  all: ['web-chat'] as const,
  status: () => [...chatKeys.all, 'status'] as const,
  conversations: (day: string | null) => [...chatKeys.all, 'conversations', day ?? 'today'] as const,
  transcript: (conversationId: string) => [...chatKeys.all, 'transcript', conversationId] as const,
};

/** The marketing notice the adviser sees on the dashboard today. */
export const marketingKeys = {
  all: ['marketing-updates'] as const,
  current: ['marketing-updates', 'current'] as const,
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
  version: (applicationId: number, version: number | undefined) => [...underwritingUpdateKeys.of(applicationId), version] as const,
};

/** The application's Direct Debit as the payer is told of it, by application version. */
export const directDebitKeys = {
  all: ['direct-debit'] as const,
  of: (applicationId: number, version: number) => [...directDebitKeys.all, applicationId, version] as const,
};
