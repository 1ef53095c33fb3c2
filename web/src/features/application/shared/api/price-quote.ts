import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';
import { applicationKeys } from '@/lib/query-keys';

/**
 * GET /api/v1/backendforfrontend/application/{applicationId}/quotePrice: prices the quote and
 * answers the application with `quote` set. A 422 names each client or cover not ready to price.
 * A GET that changes state, so it is a change here, never a cached query.
 */
export function usePriceQuote(applicationId: number) {
  return useChange(
    async () =>
      unwrap(await api.GET('/api/v1/backendforfrontend/application/{applicationId}/quotePrice', { params: { path: { applicationId } } })),
    // The first price moves the application to the Quote stage, which the dashboard lists.
    { invalidates: [applicationKeys.searches()] },
  );
}
