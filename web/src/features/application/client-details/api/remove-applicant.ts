import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { applicationKeys } from '@/lib/query-keys';

/**
 * DELETE /api/v1/application/{applicationId}/applicant/{applicantId}; answers the application
 * with the other client moved into the first slot (§4) and the price withdrawn.
 */
export function useRemoveApplicant(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (applicantId: string) =>
      unwrap(
        await api.DELETE('/api/v1/application/{applicationId}/applicant/{applicantId}', {
          params: { path: { applicationId, applicantId } },
        }),
      ),
    onSuccess: (application) => {
      queryClient.setQueryData(applicationKeys.detail(application.id), application);
    },
  });
}
