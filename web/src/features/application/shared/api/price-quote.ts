import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { applicationKeys } from '@/lib/query-keys';

/**
 * GET /api/v1/backendforfrontend/application/{applicationId}/quotePrice: prices the quote and
 * answers the application with `quote` set. A 422 names each client or cover not ready to price.
 * A GET that changes state, so it is a mutation here, never a cached query.
 */
export function usePriceQuote(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrap(
        await api.GET('/api/v1/backendforfrontend/application/{applicationId}/quotePrice', {
          params: { path: { applicationId } },
        }),
      ),
    onSuccess: (application) => {
      queryClient.setQueryData(applicationKeys.detail(application.id), application);
      // The first price moves the application to the Quote stage, which the dashboard lists.
      void queryClient.invalidateQueries({ queryKey: applicationKeys.searches() });
    },
  });
}
