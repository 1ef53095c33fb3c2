import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';
import { applicationKeys } from '@/lib/query-keys';

/** POST /api/v1/backendforfrontend/application/create: a new, empty application, for the adviser given (one the caller acts for) or the caller. */
export function useCreateApplication() {
  return useChange(
    async (adviserId: string | undefined) =>
      unwrap(await api.POST('/api/v1/backendforfrontend/application/create', { params: { query: adviserId ? { adviserId } : {} } })),
    // The new application joins the In progress list.
    { invalidates: [applicationKeys.searches()] },
  );
}
