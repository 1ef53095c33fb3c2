import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { applicationKeys } from '@/lib/query-keys';
import type { ApplicantInput } from '../../shared/applicant-form-model';

interface UpdateApplicantVariables {
  applicantId: string;
  /** Only the changed fields; null clears a field. */
  changes: ApplicantInput;
}

/** PATCH /api/v1/application/{applicationId}/applicant/{applicantId}; answers the updated application. */
export function useUpdateApplicant(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ applicantId, changes }: UpdateApplicantVariables) =>
      unwrap(
        await api.PATCH('/api/v1/application/{applicationId}/applicant/{applicantId}', {
          params: { path: { applicationId, applicantId } },
          body: changes,
        }),
      ),
    onSuccess: (application) => {
      queryClient.setQueryData(applicationKeys.detail(application.id), application);
      void queryClient.invalidateQueries({ queryKey: applicationKeys.searches() });
    },
  });
}
