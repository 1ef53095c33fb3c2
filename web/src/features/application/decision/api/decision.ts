import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { downloadedFile } from '@/lib/content-disposition';
import { useDownload } from '@/lib/download';
import { useChange } from '@/lib/change';

/** POST /api/v1/actions/TriggerDecisionQuote/{applicationId}: prices each cover on its terms. */
export function useDecisionQuote(applicationId: number) {
  return useChange(async () =>
    unwrap(await api.POST('/api/v1/actions/TriggerDecisionQuote/{applicationId}', { params: { path: { applicationId } } })),
  );
}

/** POST /api/v1/decision/{applicationId}/proceed */
export function useProceed(applicationId: number) {
  return useChange(async () =>
    unwrap(await api.POST('/api/v1/decision/{applicationId}/proceed', { params: { path: { applicationId } } })),
  );
}

/** POST /api/v1/actions/removeApplicantAtDecision/{applicationId} */
export function useRemoveAtDecision(applicationId: number) {
  return useChange(async (applicantId: string) =>
    unwrap(
      await api.POST('/api/v1/actions/removeApplicantAtDecision/{applicationId}', {
        params: { path: { applicationId } },
        body: { applicantId },
      }),
    ),
  );
}

/** GET /api/v1/application/{applicationId}/document/decision: the decision PDF and its name. */
export function useDecisionDocument(applicationId: number) {
  return useDownload(async () => {
    const result = await api.GET('/api/v1/application/{applicationId}/document/decision', { params: { path: { applicationId } }, parseAs: 'blob' });
    return downloadedFile(result, () => `Decision-${String(applicationId)}.pdf`);
  });
}
