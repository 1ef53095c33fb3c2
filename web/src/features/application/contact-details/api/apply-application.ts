import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';
import { applicationKeys } from '@/lib/query-keys';

/**
 * POST /api/v1/backendforfrontend/application/ApplyApplication: applies for the policy. Answers
 * the application at the Apply stage with its quote locked, or 422 naming everything still
 * missing (`applicants[1].postcode`, `isMortgageRelated`, `quote`, …).
 */
export function useApplyApplication(applicationId: number) {
  return useChange(
    async () => unwrap(await api.POST('/api/v1/backendforfrontend/application/ApplyApplication', { body: { applicationId } })),
    // The stage changes, which the dashboard lists.
    { invalidates: [applicationKeys.searches()] },
  );
}
