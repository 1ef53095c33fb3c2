import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Schemas } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';
import { downloadedFile } from '@/lib/content-disposition';
import { useDownload } from '@/lib/download';

export type ClientHome = Schemas['ClientHome'];
export type ClientPolicy = Schemas['ClientPolicy'];
export type ConfirmDetailsForm = Schemas['ConfirmDetailsForm'];

/** The client portal's queries, by prefix so confirming a case refreshes them all. */
export const portalKeys = {
  all: ['client-portal'] as const,
  home: () => [...portalKeys.all, 'me'] as const,
  policy: (reference: string) => [...portalKeys.all, 'policy', reference] as const,
};

/** GET /api/v1/portal/me: the signed-in client's cases, adviser, policies and things to do. */
export function clientHomeQueryOptions() {
  return queryOptions({
    queryKey: portalKeys.home(),
    queryFn: async () => unwrap(await api.GET('/api/v1/portal/me')),
  });
}

export function useClientHome() {
  return useQuery(clientHomeQueryOptions());
}

/** GET /api/v1/portal/policies/{policyReference}: one of the client's policies; 404 for anyone else's. */
export function useClientPolicy(policyReference: string) {
  return useQuery({
    queryKey: portalKeys.policy(policyReference),
    queryFn: async () => unwrap(await api.GET('/api/v1/portal/policies/{policyReference}', { params: { path: { policyReference } } })),
  });
}

/** POST /api/v1/portal/confirm-details: adds a case to the client's account. */
export function useConfirmDetails() {
  return useChange(async (form: ConfirmDetailsForm) => unwrap(await api.POST('/api/v1/portal/confirm-details', { body: form })), {
    cacheKey: null,
    invalidates: [portalKeys.all],
  });
}

/** GET /api/v1/portal/document/{documentId}/{fileName}: one of the client's documents, as a file. */
export function useClientDocument() {
  return useDownload(async ({ documentId, fileName }: { documentId: string; fileName: string }) => {
    const result = await api.GET('/api/v1/portal/document/{documentId}/{fileName}', { params: { path: { documentId, fileName } }, parseAs: 'blob' });
    return downloadedFile(result, () => fileName);
  });
}
