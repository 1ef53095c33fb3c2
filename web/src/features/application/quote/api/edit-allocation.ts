import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { applicationKeys } from '@/lib/query-keys';
import type { AllocationInput } from '../payout-model';

interface EditAllocationVariables {
  applicantId: string;
  coverId: string;
  allocationId: string;
  allocation: AllocationInput;
}

/** PUT …/cover/{coverId}/benefit-allocations/{allocationId}: changes a share of the cover's payout. */
export function useEditAllocation(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ applicantId, coverId, allocationId, allocation }: EditAllocationVariables) =>
      unwrap(
        await api.PUT('/api/v1/application/{applicationId}/applicant/{applicantId}/cover/{coverId}/benefit-allocations/{allocationId}', {
          params: { path: { applicationId, applicantId, coverId, allocationId } },
          body: allocation,
        }),
      ),
    onSuccess: (application) => {
      queryClient.setQueryData(applicationKeys.detail(application.id), application);
    },
  });
}
