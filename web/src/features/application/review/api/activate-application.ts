import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { applicationKeys, policyKeys } from '@/lib/query-keys';
import { useChange } from '@/lib/change';

/**
 * POST /api/v1/actions/activateApplication/{applicationId}: puts the policy in force, a policy per
 * client with cover. 422 names what stops it (`bankDetails`, `bankCheck`, `policyStartDateOption`,
 * `policyStartDate`, `decision`); 409 before set-up is open. Doing it twice issues nothing new.
 */
export function useActivateApplication(applicationId: number) {
  return useChange(
    async () => unwrap(await api.POST('/api/v1/actions/activateApplication/{applicationId}', { params: { path: { applicationId } } })),
    // The stage may move to Went on Risk, and the policies join the Policyholders tab.
    { invalidates: [applicationKeys.searches(), policyKeys.searches()] },
  );
}
