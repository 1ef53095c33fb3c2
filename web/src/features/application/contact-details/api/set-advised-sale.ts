import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { applicationKeys } from '@/lib/query-keys';

/**
 * POST /api/v1/backendforfrontend/application/isAdvisedSale; answers the application with the
 * answer recorded. 422 when an always-advised adviser answers no.
 */
export function useSetAdvisedSale(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (isAdvisedSale: boolean) =>
      unwrap(await api.POST('/api/v1/backendforfrontend/application/isAdvisedSale', { body: { id: applicationId, isAdvisedSale } })),
    onSuccess: (application) => {
      queryClient.setQueryData(applicationKeys.detail(application.id), application);
    },
  });
}
