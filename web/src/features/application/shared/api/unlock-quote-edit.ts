import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';
import { applicationKeys } from '@/lib/query-keys';

/**
 * POST /api/v1/backendforfrontend/application/unlockquoteedit/{applicationId}: an applied case
 * back at Quote, editable. 409 once underwriting has moved it past Apply.
 */
export function useUnlockQuoteEdit(applicationId: number) {
  return useChange(
    async () =>
      unwrap(
        await api.POST('/api/v1/backendforfrontend/application/unlockquoteedit/{applicationId}', { params: { path: { applicationId } } }),
      ),
    // The case moves back to the Quote stage on the dashboard.
    { invalidates: [applicationKeys.searches()] },
  );
}
