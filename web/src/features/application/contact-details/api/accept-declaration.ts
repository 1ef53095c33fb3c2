import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { applicationKeys } from '@/lib/query-keys';

/**
 * POST /api/v1/application/{applicationId}/applicant/{applicantId}/acceptPreUnderwritingDeclaration;
 * answers the application with the client's declaration accepted (it cannot be withdrawn).
 */
export function useAcceptDeclaration(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (applicantId: string) =>
      unwrap(
        await api.POST('/api/v1/application/{applicationId}/applicant/{applicantId}/acceptPreUnderwritingDeclaration', {
          params: { path: { applicationId, applicantId } },
        }),
      ),
    onSuccess: (application) => {
      queryClient.setQueryData(applicationKeys.detail(application.id), application);
    },
  });
}
