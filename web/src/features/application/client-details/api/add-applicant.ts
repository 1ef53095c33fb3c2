import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { applicationKeys } from '@/lib/query-keys';
import type { ApplicantInput } from '../../shared/applicant-form-model';

/** POST /api/v1/backendforfrontend/application/{applicationId}/AddApplicant; answers the updated application. */
export function useAddApplicant(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (applicant: ApplicantInput) =>
      unwrap(
        await api.POST('/api/v1/backendforfrontend/application/{applicationId}/AddApplicant', {
          params: { path: { applicationId } },
          body: { applicationId, applicant },
        }),
      ),
    onSuccess: (application) => {
      queryClient.setQueryData(applicationKeys.detail(application.id), application);
      void queryClient.invalidateQueries({ queryKey: applicationKeys.searches() });
    },
  });
}
