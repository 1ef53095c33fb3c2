import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';
import type { BeneficiaryDetails } from '../payout-model';

/** POST /api/v1/application/{applicationId}/candidateBeneficiaries; answers the application with `candidateBeneficiaries`. */
export function useAddBeneficiary(applicationId: number) {
  return useChange(async (beneficiary: BeneficiaryDetails) =>
    unwrap(await api.POST('/api/v1/application/{applicationId}/candidateBeneficiaries', { params: { path: { applicationId } }, body: beneficiary })),
  );
}
