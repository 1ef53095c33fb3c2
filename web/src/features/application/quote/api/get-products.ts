import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { productKeys } from '@/lib/query-keys';

/** GET /api/v1/backendforfrontend/products: what this adviser may quote, with limits and the pricing basis. */
export function productsQueryOptions() {
  return queryOptions({
    queryKey: productKeys.offer,
    queryFn: async () => unwrap(await api.GET('/api/v1/backendforfrontend/products')),
    // The catalogue changes only with a release of the portal.
    staleTime: Infinity,
  });
}

export function useProducts() {
  return useQuery(productsQueryOptions());
}
