import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';
import type { ChildDetails } from '../../shared/children-model';

/** POST /api/v1/application/{applicationId}/children; answers the application (the unborn-children flag cleared). */
export function useAddChild(applicationId: number) {
  return useChange(async (child: ChildDetails) =>
    unwrap(await api.POST('/api/v1/application/{applicationId}/children', { params: { path: { applicationId } }, body: child })),
  );
}
