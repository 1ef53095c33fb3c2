import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import type { ApplicationStage } from '@/lib/application-stage';
import { applicationKeys } from '@/lib/query-keys';
import { listQuery } from './search-query';

export interface SearchApplicationsParams {
  searchTerm: string;
  stages: ApplicationStage[];
  page: number;
  /** Only this adviser's applications (one the caller acts for); everyone's when absent. */
  adviserId?: string;
}

/** GET /api/v1/backendforfrontend/application/search: one page (10) of the adviser's applications. */
export function searchApplicationsQueryOptions(params: SearchApplicationsParams) {
  return queryOptions({
    queryKey: applicationKeys.search(params),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/backendforfrontend/application/search', {
          params: { query: listQuery({ searchTerm: params.searchTerm, status: params.stages, page: params.page, adviserId: params.adviserId }) },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useSearchApplications(params: SearchApplicationsParams) {
  return useQuery(searchApplicationsQueryOptions(params));
}
