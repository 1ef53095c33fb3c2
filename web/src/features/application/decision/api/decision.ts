import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { applicationKeys } from '@/lib/query-keys';

/** POST /api/v1/actions/TriggerDecisionQuote/{applicationId}: prices each cover on its terms. */
export function useDecisionQuote(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrap(await api.POST('/api/v1/actions/TriggerDecisionQuote/{applicationId}', { params: { path: { applicationId } } })),
    onSuccess: (application) => queryClient.setQueryData(applicationKeys.detail(application.id), application),
  });
}

/** POST /api/v1/decision/{applicationId}/proceed */
export function useProceed(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrap(await api.POST('/api/v1/decision/{applicationId}/proceed', { params: { path: { applicationId } } })),
    onSuccess: (application) => queryClient.setQueryData(applicationKeys.detail(application.id), application),
  });
}
