import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';
import type { ChildDetails } from '../../shared/children-model';

interface EditChildVariables {
  childId: string;
  /** Every field: the server replaces them all. */
  child: ChildDetails;
}

/** PUT /api/v1/application/{applicationId}/children/{childId}; answers the application (404 "Child not found"). */
export function useEditChild(applicationId: number) {
  return useChange(async ({ childId, child }: EditChildVariables) =>
    unwrap(await api.PUT('/api/v1/application/{applicationId}/children/{childId}', { params: { path: { applicationId, childId } }, body: child })),
  );
}
