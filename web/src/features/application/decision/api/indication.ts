import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isProblem, unwrap } from '@/lib/api-error';
import { applicationKeys } from '@/lib/query-keys';

/**
 * GET /api/v1/application/{applicationId}/applicant/{applicantId}/indication: a client's Qi
 * indication beside the decision, cover by cover, and the answers that changed since. Null when the
 * client did not come from Qi (the API answers not found: nothing to compare, not a failure). Keyed
 * by the application's version, so a change to the case (a requote, an alternative taken, the
 * decision priced) asks again.
 */
export function useIndicationComparison(applicationId: number, applicantId: string, version: number, enabled: boolean) {
  return useQuery({
    queryKey: applicationKeys.indication(applicationId, applicantId, version),
    queryFn: async () => {
      try {
        return unwrap(
          await api.GET('/api/v1/application/{applicationId}/applicant/{applicantId}/indication', {
            params: { path: { applicationId, applicantId } },
          }),
        );
      } catch (error) {
        if (isProblem(error, 'not-found')) return null;
        throw error;
      }
    },
    enabled,
  });
}
