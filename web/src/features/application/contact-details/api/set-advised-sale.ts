import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';

/**
 * POST /api/v1/backendforfrontend/application/isAdvisedSale; answers the application with the
 * answer recorded. 422 when an always-advised adviser answers no.
 */
export function useSetAdvisedSale(applicationId: number) {
  return useChange(async (isAdvisedSale: boolean) =>
    unwrap(await api.POST('/api/v1/backendforfrontend/application/isAdvisedSale', { body: { id: applicationId, isAdvisedSale } })),
  );
}
