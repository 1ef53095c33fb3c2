import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { applicationKeys } from '@/lib/query-keys';
import type { ChildDetails } from '../../shared/children-model';

interface EditChildVariables {
  childId: string;
  /** Every field: the server replaces them all. */
  child: ChildDetails;
}

/** PUT /api/v1/application/{applicationId}/children/{childId}; answers the application (404 "Child not found"). */
export function useEditChild(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ childId, child }: EditChildVariables) =>
      unwrap(
        await api.PUT('/api/v1/application/{applicationId}/children/{childId}', {
          params: { path: { applicationId, childId } },
          body: child,
        }),
      ),
    onSuccess: (application) => {
      queryClient.setQueryData(applicationKeys.detail(application.id), application);
    },
  });
}
