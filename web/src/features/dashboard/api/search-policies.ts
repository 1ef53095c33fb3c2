import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Schemas } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { policyKeys } from '@/lib/query-keys';
import { listQuery } from './search-query';

export type PolicyStatus = Schemas['PolicyStatus'];

export interface SearchPoliciesParams {
  searchTerm: string;
  statuses: PolicyStatus[];
  page: number;
  /** Only this adviser's policies (one the caller acts for); everyone's when absent. */
  adviserId?: string;
}

/** GET /api/v1/backendforfrontend/policy/search: one page (10) of policyholders, most recently issued first. */
export function searchPoliciesQueryOptions(params: SearchPoliciesParams) {
  return queryOptions({
    queryKey: policyKeys.search(params),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/backendforfrontend/policy/search', {
          params: { query: listQuery({ searchTerm: params.searchTerm, status: params.statuses, page: params.page, adviserId: params.adviserId }) },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useSearchPolicies(params: SearchPoliciesParams) {
  return useQuery(searchPoliciesQueryOptions(params));
}
