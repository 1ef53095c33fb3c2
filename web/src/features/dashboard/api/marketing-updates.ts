import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Schemas } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';

export type MarketingUpdate = Schemas['MarketingUpdate'];

const marketingKeys = {
  current: ['marketing-updates', 'current'] as const,
};

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (alertId: string) => {
      unwrap(await api.POST('/api/v1/backendforfrontend/marketingupdates/{alertId}/dismiss', { params: { path: { alertId } } }));
    },
    onMutate: (alertId) => {
      // Gone from the screen at once; the read after the server's answer brings the next one.
      queryClient.setQueryData(marketingUpdatesQueryOptions.queryKey, (data) => (data?.alert?.id === alertId ? { alert: null } : data));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketingKeys.current }),
  });
}
