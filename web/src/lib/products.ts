import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { unwrap } from './api-error';
import { productKeys } from './query-keys';

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
