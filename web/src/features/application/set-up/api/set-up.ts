import { api } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';

/** POST /api/v1/application/{applicationId}/bankDetails */
export function useSaveBankDetails(applicationId: number) {
  return useChange(async (bankDetails: Schemas['BankDetailsForm']) =>
    unwrap(await api.POST('/api/v1/application/{applicationId}/bankDetails', { params: { path: { applicationId } }, body: { bankDetails } })),
  );
}

/** POST /api/v2/backendforfrontend/bankvalidation/{applicationId}: modulus, then Confirmation of Payee. */
export function useCheckBankDetails(applicationId: number) {
  return useChange(async () =>
    unwrap(await api.POST('/api/v2/backendforfrontend/bankvalidation/{applicationId}', { params: { path: { applicationId } } })),
  );
}

/** POST /api/v1/backendforfrontend/bankValidation/{applicationId}/override */
export function useOverrideBankCheck(applicationId: number) {
  return useChange(async () =>
    unwrap(await api.POST('/api/v1/backendforfrontend/bankValidation/{applicationId}/override', { params: { path: { applicationId } } })),
  );
}

/** POST /api/v1/backendforfrontend/bankValidation/{applicationId}/reset */
export function useResetBankCheck(applicationId: number) {
  return useChange(async () =>
    unwrap(await api.POST('/api/v1/backendforfrontend/bankValidation/{applicationId}/reset', { params: { path: { applicationId } } })),
  );
}

/** POST /api/v1/backendforfrontend/application/policyStartDate */
export function useSetPolicyStart() {
  return useChange(async (body: Schemas['PolicyStartRequest']) =>
    unwrap(await api.POST('/api/v1/backendforfrontend/application/policyStartDate', { body })),
  );
}
