import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';
import { enquiryKeys } from '@/lib/query-keys';

/**
 * POST /api/v1/portal/apply/{applicationId} (issue 35): the client's interview goes to them to
 * answer privately in the client portal; the answer is the enquiry as the adviser now sees it
 * (progress per section, no answers).
 */
export function useSendToClient(applicationId: number, applicantId: string) {
  return useChange(
    async () =>
      unwrap(await api.POST('/api/v1/portal/apply/{applicationId}', { params: { path: { applicationId } }, body: { applicantId } })),
    { cacheKey: enquiryKeys.detail(applicantId) },
  );
}

/** POST /api/v1/portal/apply/{applicationId}/takeBack: back with the adviser, the client's unsent answers discarded. */
export function useTakeBack(applicationId: number, applicantId: string) {
  return useChange(
    async () =>
      unwrap(await api.POST('/api/v1/portal/apply/{applicationId}/takeBack', { params: { path: { applicationId } }, body: { applicantId } })),
    { cacheKey: enquiryKeys.detail(applicantId) },
  );
}
