import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { applicationKeys } from '@/lib/query-keys';

type Application = Schemas['Application'];

function useApplicationChange<V>(change: (variables: V) => Promise<Application>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (application) => queryClient.setQueryData(applicationKeys.detail(application.id), application),
  });
}

/** POST /api/v1/application/{applicationId}/bankDetails */
export function useSaveBankDetails(applicationId: number) {
  return useApplicationChange(async (bankDetails: Schemas['BankDetailsForm']) =>
    unwrap(await api.POST('/api/v1/application/{applicationId}/bankDetails', { params: { path: { applicationId } }, body: { bankDetails } })),
  );
}

/** POST /api/v2/backendforfrontend/bankvalidation/{applicationId}: modulus, then Confirmation of Payee. */
export function useCheckBankDetails(applicationId: number) {
  return useApplicationChange(async () =>
    unwrap(await api.POST('/api/v2/backendforfrontend/bankvalidation/{applicationId}', { params: { path: { applicationId } } })),
  );
}

/** POST /api/v1/backendforfrontend/bankValidation/{applicationId}/override */
export function useOverrideBankCheck(applicationId: number) {
  return useApplicationChange(async () =>
    unwrap(await api.POST('/api/v1/backendforfrontend/bankValidation/{applicationId}/override', { params: { path: { applicationId } } })),
  );
}

/** POST /api/v1/backendforfrontend/bankValidation/{applicationId}/reset */
export function useResetBankCheck(applicationId: number) {
  return useApplicationChange(async () =>
    unwrap(await api.POST('/api/v1/backendforfrontend/bankValidation/{applicationId}/reset', { params: { path: { applicationId } } })),
  );
}
