import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';
import type { Commission } from '@/lib/rules/commission';

/**
 * POST /api/v1/backendforfrontend/application/commission; answers the application with the
 * commission changed and the price withdrawn, so the quote must be priced again. A 422 names
 * the percentage at fault, or the style the adviser's flags do not allow.
 */
export function useSetCommission(applicationId: number) {
  return useChange(async (commission: Commission) =>
    unwrap(await api.POST('/api/v1/backendforfrontend/application/commission', { body: { id: applicationId, ...commission } })),
  );
}
