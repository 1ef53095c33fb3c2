import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { applicationKeys } from '@/lib/query-keys';
import type { ChildDetails } from '../../shared/children-model';

/** POST /api/v1/application/{applicationId}/children; answers the application (the unborn-children flag cleared). */
export function useAddChild(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (child: ChildDetails) =>
      unwrap(
        await api.POST('/api/v1/application/{applicationId}/children', {
          params: { path: { applicationId } },
          body: child,
        }),
      ),
    onSuccess: (application) => {
      queryClient.setQueryData(applicationKeys.detail(application.id), application);
    },
  });
}
