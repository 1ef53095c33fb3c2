import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';
import type { AllocationInput } from '../payout-model';

interface AddAllocationVariables {
  applicantId: string;
  coverId: string;
  allocation: AllocationInput;
}

/** POST …/applicant/{applicantId}/cover/{coverId}/benefit-allocations: a share of the cover's payout. */
export function useAddAllocation(applicationId: number) {
  return useChange(async ({ applicantId, coverId, allocation }: AddAllocationVariables) =>
    unwrap(
      await api.POST('/api/v1/application/{applicationId}/applicant/{applicantId}/cover/{coverId}/benefit-allocations', {
        params: { path: { applicationId, applicantId, coverId } },
        body: allocation,
      }),
    ),
  );
}
