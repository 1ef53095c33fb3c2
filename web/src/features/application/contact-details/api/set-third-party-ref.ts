import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { applicationKeys } from '@/lib/query-keys';

/**
 * POST /api/v1/backendforfrontend/application/thirdPartyRef: the adviser's own reference (blank
 * clears it). 409 when the adviser's reference is hidden or read-only; 422 when too long.
 */
export function useSetThirdPartyRef(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (thirdPartyRef: string | null) =>
      unwrap(await api.POST('/api/v1/backendforfrontend/application/thirdPartyRef', { body: { id: applicationId, thirdPartyRef } })),
    onSuccess: (application) => {
      queryClient.setQueryData(applicationKeys.detail(application.id), application);
      // The dashboard searches and lists by the adviser's own reference.
      void queryClient.invalidateQueries({ queryKey: applicationKeys.searches() });
    },
  });
}
