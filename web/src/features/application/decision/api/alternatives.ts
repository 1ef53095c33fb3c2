import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { applicationKeys } from '@/lib/query-keys';
import { useChange } from '@/lib/change';

/**
 * GET /api/v1/decision/{applicationId}/alternatives: what else the insurer could offer where a
 * cover is loaded or excluded, priced. Keyed by the application's version, so a change to the case
 * asks again.
 */
export function useAlternatives(applicationId: number, version: number, enabled: boolean) {
  return useQuery({
    queryKey: applicationKeys.alternatives(applicationId, version),
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/decision/{applicationId}/alternatives', { params: { path: { applicationId } } })),
    enabled,
  });
}

/** POST /api/v1/decision/{applicationId}/alternatives/{alternativeId}: take it; the decision is priced again. */
export function useTakeAlternative(applicationId: number) {
  return useChange(async ({ alternativeId, basedOnVersion }: { alternativeId: string; basedOnVersion: number }) =>
    unwrap(
      await api.POST('/api/v1/decision/{applicationId}/alternatives/{alternativeId}', {
        params: { path: { applicationId, alternativeId } },
        body: { basedOnVersion },
      }),
    ),
  );
}
