import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';

interface RemoveAllocationVariables {
  applicantId: string;
  coverId: string;
  allocationId: string;
}

/** DELETE …/cover/{coverId}/benefit-allocations/{allocationId}: removes a share of the cover's payout. */
export function useRemoveAllocation(applicationId: number) {
  return useChange(async ({ applicantId, coverId, allocationId }: RemoveAllocationVariables) =>
    unwrap(
      await api.DELETE('/api/v1/application/{applicationId}/applicant/{applicantId}/cover/{coverId}/benefit-allocations/{allocationId}', {
        params: { path: { applicationId, applicantId, coverId, allocationId } },
      }),
    ),
  );
}
