import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { applicationKeys } from '@/lib/query-keys';
import type { BeneficiaryDetails } from '../payout-model';

/** POST /api/v1/application/{applicationId}/candidateBeneficiaries; answers the application with `candidateBeneficiaries`. */
export function useAddBeneficiary(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (beneficiary: BeneficiaryDetails) =>
      unwrap(
        await api.POST('/api/v1/application/{applicationId}/candidateBeneficiaries', {
          params: { path: { applicationId } },
          body: beneficiary,
        }),
      ),
    onSuccess: (application) => {
      queryClient.setQueryData(applicationKeys.detail(application.id), application);
    },
  });
}
