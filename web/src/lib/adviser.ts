import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Schemas } from './api-client';
import { unwrap } from './api-error';
import { adviserKeys } from './query-keys';

export type Adviser = Schemas['Adviser'];

/** GET /api/v1/backendforfrontend/adviser: the signed-in adviser and their settings. */
export const adviserQueryOptions = queryOptions({
  queryKey: adviserKeys.current,
  queryFn: async () => unwrap(await api.GET('/api/v1/backendforfrontend/adviser')),
  staleTime: 5 * 60_000,
});

export function useAdviser() {
  return useQuery(adviserQueryOptions);
}
