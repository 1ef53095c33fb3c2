import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Schemas } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';
import { downloadedFile } from '@/lib/content-disposition';
import { useDownload } from '@/lib/download';

export type CareCase = Schemas['CareCase'];
export type CareAdviserDetails = Schemas['CareAdviserDetails'];
export type CareAdviserSummary = Schemas['CareAdviserSummary'];
export type CareDelegation = Schemas['CareDelegation'];
export type CareChange = Schemas['CareChange'];
export type CareFirm = Schemas['CareFirm'];
export type UxSettings = Schemas['UxSettings'];
export type Enquiry = Schemas['Enquiry'];
export type CareApplicationRow = Schemas['ApplicationSummary'];
export type CarePolicyRow = Schemas['PolicySummary'];
/** What customer care's home searches: applications (cases) or policies. */
export type CareSearchKind = 'applications' | 'policies';

/** Customer care's query keys: every care read under `['care']`, so a change can refresh them by prefix. */
export const careKeys = {
  all: ['care'] as const,
  cases: (term: string, page: number) => [...careKeys.all, 'cases', term, page] as const,
  policies: (term: string, page: number) => [...careKeys.all, 'policies', term, page] as const,
  case: (applicationId: number) => [...careKeys.all, 'case', applicationId] as const,
  advisers: (search: string, firmId: string) => [...careKeys.all, 'advisers', search, firmId] as const,
  adviser: (adviserId: string) => [...careKeys.all, 'adviser', adviserId] as const,
  history: (adviserId: string) => [...careKeys.all, 'history', adviserId] as const,
  firms: () => [...careKeys.all, 'firms'] as const,
  timeline: (applicationId: number) => [...careKeys.all, 'timeline', applicationId] as const,
  deletions: ({ from, to, page }: DeletionQuery) => [...careKeys.all, 'deletions', from, to, page] as const,
  dataReads: ({ applicationId, reader, page }: { applicationId?: number; reader: string; page: number }) =>
    [...careKeys.all, 'data-reads', applicationId ?? null, reader, page] as const,
};

/** The query of customer care's searches: the term when one is given, and the page. */
function searchQuery(term: string, page: number) {
  return { ...(term ? { searchTerm: term } : {}), page };
}

/** GET /api/v1/care/applications: any firm's applications, a page of 10. */
export function useCareCaseSearch(term: string, page: number) {
  return useQuery({
    queryKey: careKeys.cases(term, page),
    queryFn: async () => unwrap(await api.GET('/api/v1/care/applications', { params: { query: searchQuery(term, page) } })),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/care/policies: any firm's policies, a page of 10, most recently issued first. */
export function useCarePolicySearch(term: string, page: number) {
  return useQuery({
    queryKey: careKeys.policies(term, page),
    queryFn: async () => unwrap(await api.GET('/api/v1/care/policies', { params: { query: searchQuery(term, page) } })),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/care/applications/{applicationId}: the case, its adviser and documents. */
export function useCareCase(applicationId: number) {
  return useQuery({
    queryKey: careKeys.case(applicationId),
    queryFn: async () => unwrap(await api.GET('/api/v1/care/applications/{applicationId}', { params: { path: { applicationId } } })),
  });
}

/** POST .../health-answers: a client's answers; the server records the read, so never cached. */
export function useShowHealthAnswers(applicationId: number) {
  return useChange(
    async (applicantId: string) =>
      unwrap(await api.POST('/api/v1/care/applications/{applicationId}/applicants/{applicantId}/health-answers', { params: { path: { applicationId, applicantId } } })),
    { cacheKey: null },
  );
}

/** GET /api/v1/care/documents/{documentId}/{fileName}: a case's document. */
export function useCareDocument() {
  return useDownload(async ({ documentId, fileName }: { documentId: string; fileName: string }) => {
    const result = await api.GET('/api/v1/care/documents/{documentId}/{fileName}', { params: { path: { documentId, fileName } }, parseAs: 'blob' });
    return downloadedFile(result, () => fileName);
  });
}

/** GET /api/v1/care/advisers. */
export function useCareAdvisers(search: string, firmId: string) {
  return useQuery({
    queryKey: careKeys.advisers(search, firmId),
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/care/advisers', { params: { query: { ...(search ? { search } : {}), ...(firmId ? { firmId } : {}) } } })),
    placeholderData: keepPreviousData,
  });
}

export function useCareAdviser(adviserId: string) {
  return useQuery({
    queryKey: careKeys.adviser(adviserId),
    queryFn: async () => unwrap(await api.GET('/api/v1/care/advisers/{adviserId}', { params: { path: { adviserId } } })),
  });
}

export function useAdviserHistory(adviserId: string) {
  return useQuery({
    queryKey: careKeys.history(adviserId),
    queryFn: async () => unwrap(await api.GET('/api/v1/care/advisers/{adviserId}/history', { params: { path: { adviserId } } })),
  });
}

export function useCareFirms() {
  return useQuery({
    queryKey: careKeys.firms(),
    queryFn: async () => unwrap(await api.GET('/api/v1/care/firms')),
  });
}

/** A change by a customer care administrator: every care read is fetched again afterwards. */
function useCareChange<T, R>(change: (value: T) => Promise<R>) {
  return useChange(change, { cacheKey: null, invalidates: [careKeys.all] });
}

export function useSetFlags(adviserId: string) {
  return useCareChange(async (body: UxSettings) =>
    unwrap(await api.PUT('/api/v1/care/advisers/{adviserId}/flags', { params: { path: { adviserId } }, body })),
  );
}

export function useSetLocation(adviserId: string) {
  return useCareChange(async (firmLocationId: string | null) =>
    unwrap(await api.PUT('/api/v1/care/advisers/{adviserId}/location', { params: { path: { adviserId } }, body: { firmLocationId } })),
  );
}

export function useAddDelegation() {
  return useCareChange(async (body: Schemas['NewDelegationRequest']) => unwrap(await api.POST('/api/v1/care/delegations', { body })));
}

export function useEndDelegation() {
  return useCareChange(async (delegationId: string) =>
    unwrap(await api.POST('/api/v1/care/delegations/{delegationId}/end', { params: { path: { delegationId } } })),
  );
}

export function useAddLocation(firmId: string) {
  return useCareChange(async (name: string) =>
    unwrap(await api.POST('/api/v1/care/firms/{firmId}/locations', { params: { path: { firmId } }, body: { name } })),
  );
}

export function useRenameLocation() {
  return useCareChange(async ({ locationId, name }: { locationId: string; name: string }) =>
    unwrap(await api.PUT('/api/v1/care/locations/{locationId}', { params: { path: { locationId } }, body: { name } })),
  );
}

/** What the Deletions page asks for: UK days (`YYYY-MM-DD`, either may be blank) and the page. */
export interface DeletionQuery {
  from: string;
  to: string;
  page: number;
}

/** GET /api/v1/care/audit/deletions: a page of 10 deletion lines, newest first; not asked while `enabled` is false. */
export function useDeletions(query: DeletionQuery, enabled = true) {
  return useQuery({
    queryKey: careKeys.deletions(query),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/care/audit/deletions', {
          params: {
            query: {
              page: query.page,
              ...(query.from ? { from: query.from } : {}),
              ...(query.to ? { to: query.to } : {}),
            },
          },
        }),
      ),
  });
}

/** GET /api/v1/care/applications/{applicationId}/timeline, once `enabled`: under care's key. */
export function useCareTimeline(applicationId: number, enabled: boolean) {
  return useQuery({
    queryKey: careKeys.timeline(applicationId),
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/care/applications/{applicationId}/timeline', { params: { path: { applicationId } } })),
    enabled,
  });
}
