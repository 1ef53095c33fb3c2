import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';

/**
 * POST /api/v1/application/{applicationId}/applicant/{applicantId}/acceptPreUnderwritingDeclaration;
 * answers the application with the client's declaration accepted (it cannot be withdrawn).
 */
export function useAcceptDeclaration(applicationId: number) {
  return useChange(async (applicantId: string) =>
    unwrap(
      await api.POST('/api/v1/application/{applicationId}/applicant/{applicantId}/acceptPreUnderwritingDeclaration', {
        params: { path: { applicationId, applicantId } },
      }),
    ),
  );
}
