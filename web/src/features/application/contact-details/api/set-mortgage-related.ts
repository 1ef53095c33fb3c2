import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';

/** POST /api/v1/backendforfrontend/application/isMortgageRelated; answers the application with the answer recorded. */
export function useSetMortgageRelated(applicationId: number) {
  return useChange(async (isMortgageRelated: boolean) =>
    unwrap(await api.POST('/api/v1/backendforfrontend/application/isMortgageRelated', { body: { id: applicationId, isMortgageRelated } })),
  );
}
