import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';

/**
 * DELETE /api/v1/application/{applicationId}/applicant/{applicantId}; answers the application
 * with the other client moved into the first slot (§4) and the price withdrawn.
 */
export function useRemoveApplicant(applicationId: number) {
  return useChange(async (applicantId: string) =>
    unwrap(await api.DELETE('/api/v1/application/{applicationId}/applicant/{applicantId}', { params: { path: { applicationId, applicantId } } })),
  );
}
