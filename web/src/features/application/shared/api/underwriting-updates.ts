import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { applicationKeys, underwritingUpdateKeys } from '@/lib/query-keys';

/**
 * GET /api/v1/backendforfrontend/underwritingupdates/{applicationId} (§7): the case's updates,
 * oldest first. Reading them marks them read, so the dashboard's "new update" goes once the
 * adviser has seen them; the dashboard's lists are fetched again when next shown.
 */
export function useUnderwritingUpdates(applicationId: number, version: number | undefined) {
  const client = useQueryClient();
  return useQuery({
    // The application's version: a change (a new update among them) reads them again.
    queryKey: underwritingUpdateKeys.version(applicationId, version),
    queryFn: async () => {
      const read = unwrap(
        await api.GET('/api/v1/backendforfrontend/underwritingupdates/{applicationId}', { params: { path: { applicationId } } }),
      );
      void client.invalidateQueries({ queryKey: applicationKeys.searches() });
      return read;
    },
    enabled: version !== undefined,
  });
}
