import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { applicationKeys } from '@/lib/query-keys';

/** GET /api/v1/application/{applicationId} */
export function applicationQueryOptions(applicationId: number) {
  return queryOptions({
    queryKey: applicationKeys.detail(applicationId),
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/application/{applicationId}', { params: { path: { applicationId } } })),
  });
}

export function useApplication(applicationId: number) {
  return useQuery(applicationQueryOptions(applicationId));
}
