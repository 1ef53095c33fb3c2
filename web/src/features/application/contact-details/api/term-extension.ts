import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Schemas } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { applicationKeys } from '@/lib/query-keys';

export type HealthQuestions = Schemas['DeclarationOfHealthQuestions'];
export type ApplicantDeclaration = Schemas['ApplicantDeclaration'];

/** GET …/application/{id}/triggerDeclarationOfHealthQuestions: the questions each client answers. */
export function useDeclarationOfHealthQuestions(applicationId: number) {
  return useMutation({
    mutationFn: async () =>
      unwrap(
        await api.GET('/api/v1/backendforfrontend/application/{applicationId}/triggerDeclarationOfHealthQuestions', {
          params: { path: { applicationId } },
        }),
      ),
  });
}

/**
 * POST …/application/{id}/completeTermExtension: records the declaration and answers the application,
 * extended (passed) or not (failed, with the reasons). A call that fails outright is recorded with
 * hasFailedTermExtension (§4: the status becomes Error) before the error reaches the page.
 */
export function useCompleteTermExtension(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (applicants: ApplicantDeclaration[]) => {
      try {
        return unwrap(
          await api.POST('/api/v1/backendforfrontend/application/{applicationId}/completeTermExtension', {
            params: { path: { applicationId } },
            body: { applicationId, applicants },
          }),
        );
      } catch (error) {
        const failed = await api.POST('/api/v1/backendforfrontend/application/hasFailedTermExtension', { body: { id: applicationId } });
        if (failed.data) queryClient.setQueryData(applicationKeys.detail(failed.data.id), failed.data);
        throw error;
      }
    },
    onSuccess: (application) => {
      queryClient.setQueryData(applicationKeys.detail(application.id), application);
    },
  });
}
