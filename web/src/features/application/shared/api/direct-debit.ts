import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { directDebitKeys } from '@/lib/query-keys';

/**
 * GET /api/v1/application/{applicationId}/directDebit: whose policies the Direct Debit pays for,
 * its first collection and the Guarantee (AJ12). Keyed by the application's version, so a saved
 * start date or new bank details read it again.
 */
export function useDirectDebit(applicationId: number, version: number | undefined) {
  return useQuery({
    queryKey: directDebitKeys.of(applicationId, version ?? -1),
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/application/{applicationId}/directDebit', { params: { path: { applicationId } } })),
    enabled: version !== undefined,
  });
}
