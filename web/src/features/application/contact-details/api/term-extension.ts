import { api, type Schemas } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';

export type HealthQuestions = Schemas['DeclarationOfHealthQuestions'];
export type ApplicantDeclaration = Schemas['ApplicantDeclaration'];

/** GET …/application/{id}/triggerDeclarationOfHealthQuestions: the questions each client answers. */
export function useDeclarationOfHealthQuestions(applicationId: number) {
  return useChange(
    async () =>
      unwrap(await api.GET('/api/v1/backendforfrontend/application/{applicationId}/triggerDeclarationOfHealthQuestions', { params: { path: { applicationId } } })),
    { cacheKey: null },
  );
}

/** POST …/application/hasFailedTermExtension: records that the extension failed outright (§4: the status becomes Error). */
function useRecordFailedTermExtension(applicationId: number) {
  return useChange(async () =>
    unwrap(await api.POST('/api/v1/backendforfrontend/application/hasFailedTermExtension', { body: { id: applicationId } })),
  );
}

/**
 * POST …/application/{id}/completeTermExtension: records the declaration and answers the application,
 * extended (passed) or not (failed, with the reasons). A call that fails outright is recorded with
 * hasFailedTermExtension (§4: the status becomes Error) before the error reaches the page.
 */
export function useCompleteTermExtension(applicationId: number) {
  const recordFailure = useRecordFailedTermExtension(applicationId);
  return useChange(async (applicants: ApplicantDeclaration[]) => {
    try {
      return unwrap(
        await api.POST('/api/v1/backendforfrontend/application/{applicationId}/completeTermExtension', {
          params: { path: { applicationId } },
          body: { applicationId, applicants },
        }),
      );
    } catch (error) {
      // The page reports the extension's own failure, not whether recording it worked.
      await recordFailure.mutateAsync().catch(() => undefined);
      throw error;
    }
  });
}
