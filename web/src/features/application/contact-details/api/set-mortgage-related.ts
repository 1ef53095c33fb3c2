import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { applicationKeys } from '@/lib/query-keys';

/** POST /api/v1/backendforfrontend/application/isMortgageRelated; answers the application with the answer recorded. */
export function useSetMortgageRelated(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (isMortgageRelated: boolean) =>
      unwrap(await api.POST('/api/v1/backendforfrontend/application/isMortgageRelated', { body: { id: applicationId, isMortgageRelated } })),
    onSuccess: (application) => {
      queryClient.setQueryData(applicationKeys.detail(application.id), application);
    },
  });
}
