import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';

/** DELETE /api/v1/application/{applicationId}/children/{childId}; answers the application without the child or their payout shares. */
export function useRemoveChild(applicationId: number) {
  return useChange(async (childId: string) =>
    unwrap(await api.DELETE('/api/v1/application/{applicationId}/children/{childId}', { params: { path: { applicationId, childId } } })),
  );
}
