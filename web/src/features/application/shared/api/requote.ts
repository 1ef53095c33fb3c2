import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';
import { applicationKeys } from '@/lib/query-keys';

/**
 * POST /api/v1/decision/{applicationId}/requote: the decision removed and the case back at Quote,
 * editable. 409 before there is a decision, or once the policy is in force.
 */
export function useRequote(applicationId: number) {
  return useChange(
    async () => unwrap(await api.POST('/api/v1/decision/{applicationId}/requote', { params: { path: { applicationId } } })),
    // The case moves back to the Quote stage on the dashboard.
    { invalidates: [applicationKeys.searches()] },
  );
}
