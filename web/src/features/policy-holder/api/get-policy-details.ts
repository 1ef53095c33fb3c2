import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { policyKeys } from '@/lib/query-keys';

/**
 * GET /api/v1/backendforfrontend/policydetails/{policyHolderId}: the policy with its Cover Summary,
 * the Direct Debit masked and its documents. 404 for a policy the caller may not see.
 */
export function policyDetailsQueryOptions(policyHolderId: string) {
  return queryOptions({
    queryKey: policyKeys.detail(policyHolderId),
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/backendforfrontend/policydetails/{policyHolderId}', { params: { path: { policyHolderId } } })),
  });
}

export function usePolicyDetails(policyHolderId: string) {
  return useQuery(policyDetailsQueryOptions(policyHolderId));
}
