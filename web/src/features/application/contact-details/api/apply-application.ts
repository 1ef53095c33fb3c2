import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { applicationKeys } from '@/lib/query-keys';

/**
 * POST /api/v1/backendforfrontend/application/ApplyApplication: applies for the policy. Answers
 * the application at the Apply stage with its quote locked, or 422 naming everything still
 * missing (`applicants[1].postcode`, `isMortgageRelated`, `quote`, …).
 */
export function useApplyApplication(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrap(await api.POST('/api/v1/backendforfrontend/application/ApplyApplication', { body: { applicationId } })),
    onSuccess: (application) => {
      queryClient.setQueryData(applicationKeys.detail(application.id), application);
      // The stage changes, which the dashboard lists.
      void queryClient.invalidateQueries({ queryKey: applicationKeys.searches() });
    },
  });
}
