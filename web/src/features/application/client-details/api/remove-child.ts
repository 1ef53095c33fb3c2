import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { applicationKeys } from '@/lib/query-keys';

/** DELETE /api/v1/application/{applicationId}/children/{childId}; answers the application without the child or their payout shares. */
export function useRemoveChild(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (childId: string) =>
      unwrap(
        await api.DELETE('/api/v1/application/{applicationId}/children/{childId}', {
          params: { path: { applicationId, childId } },
        }),
      ),
    onSuccess: (application) => {
      queryClient.setQueryData(applicationKeys.detail(application.id), application);
    },
  });
}
