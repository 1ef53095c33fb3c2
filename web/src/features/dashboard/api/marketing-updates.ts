import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Schemas } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';
import { marketingKeys } from '@/lib/query-keys';

export type MarketingUpdate = Schemas['MarketingUpdate'];
type MarketingUpdates = Schemas['MarketingUpdates'];


/** GET /api/v1/backendforfrontend/marketingupdates: the notice to show the adviser today, or none. */
export const marketingUpdatesQueryOptions = queryOptions({
  queryKey: marketingKeys.current,
  queryFn: async () => unwrap(await api.GET('/api/v1/backendforfrontend/marketingupdates')),
  staleTime: 5 * 60_000,
  // A notice is not worth an error on the dashboard: when it cannot be read, none shows.
  retry: false,
});

export function useMarketingUpdate() {
  return useQuery(marketingUpdatesQueryOptions);
}

/**
 * POST …/marketingupdates/{alertId}/dismiss: the server remembers it for this adviser on every
 * device; the answer to the next read is the next notice running, if any.
 */
export function useDismissMarketingUpdate() {
  return useChange(
    async (alertId: string): Promise<MarketingUpdates> => {
      unwrap(await api.POST('/api/v1/backendforfrontend/marketingupdates/{alertId}/dismiss', { params: { path: { alertId } } }));
      return { alert: null };
    },
    {
      cacheKey: marketingKeys.current,
      // Gone from the screen at once; the read after the server's answer brings the next one.
      optimistic: (shown, alertId) => (shown.alert?.id === alertId ? { alert: null } : shown),
      invalidates: [marketingKeys.current],
    },
  );
}
