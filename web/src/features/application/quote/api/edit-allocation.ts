import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';
import type { AllocationInput } from '../payout-model';

interface EditAllocationVariables {
  applicantId: string;
  coverId: string;
  allocationId: string;
  allocation: AllocationInput;
}

/** PUT …/cover/{coverId}/benefit-allocations/{allocationId}: changes a share of the cover's payout. */
export function useEditAllocation(applicationId: number) {
  return useChange(async ({ applicantId, coverId, allocationId, allocation }: EditAllocationVariables) =>
    unwrap(
      await api.PUT('/api/v1/application/{applicationId}/applicant/{applicantId}/cover/{coverId}/benefit-allocations/{allocationId}', {
        params: { path: { applicationId, applicantId, coverId, allocationId } },
        body: allocation,
      }),
    ),
  );
}
