import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';
import { applicationKeys } from '@/lib/query-keys';

/**
 * POST /api/v1/backendforfrontend/application/thirdPartyRef: the adviser's own reference (blank
 * clears it). 409 when the adviser's reference is hidden or read-only; 422 when too long.
 */
export function useSetThirdPartyRef(applicationId: number) {
  return useChange(
    async (thirdPartyRef: string | null) =>
      unwrap(await api.POST('/api/v1/backendforfrontend/application/thirdPartyRef', { body: { id: applicationId, thirdPartyRef } })),
    // The dashboard searches and lists by the adviser's own reference.
    { invalidates: [applicationKeys.searches()] },
  );
}
