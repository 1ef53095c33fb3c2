import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';

/** POST /api/v1/application/{applicationId}/hasUnbornChildren; answers the application with the flag set. */
export function useSetUnbornChildren(applicationId: number) {
  return useChange(async (hasUnbornChildren: boolean) =>
    unwrap(await api.POST('/api/v1/application/{applicationId}/hasUnbornChildren', { params: { path: { applicationId } }, body: { hasUnbornChildren } })),
  );
}
