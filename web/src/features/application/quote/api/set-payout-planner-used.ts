import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';

interface SetPayoutPlannerUsedVariables {
  applicantId: string;
  coverId: string;
  isPayoutPlannerUsed: boolean;
}

/**
 * POST /api/v1/backendforfrontend/cover/isPayoutPlannerUsed; answers the application. Turning
 * the planner off keeps the cover's shares, so turning it on again brings them back.
 */
export function useSetPayoutPlannerUsed() {
  return useChange(async (body: SetPayoutPlannerUsedVariables) =>
    unwrap(await api.POST('/api/v1/backendforfrontend/cover/isPayoutPlannerUsed', { body })),
  );
}
