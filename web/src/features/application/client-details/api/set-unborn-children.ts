import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { applicationKeys } from '@/lib/query-keys';

/** POST /api/v1/application/{applicationId}/hasUnbornChildren; answers the application with the flag set. */
export function useSetUnbornChildren(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (hasUnbornChildren: boolean) =>
      unwrap(
        await api.POST('/api/v1/application/{applicationId}/hasUnbornChildren', {
          params: { path: { applicationId } },
          body: { hasUnbornChildren },
        }),
      ),
    onSuccess: (application) => {
      queryClient.setQueryData(applicationKeys.detail(application.id), application);
    },
  });
}
