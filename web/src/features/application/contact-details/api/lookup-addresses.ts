import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';

/**
 * GET /api/v1/backendforfrontend/address/lookup/{postcode}: the addresses at a postcode (each
 * `town` is the form's `cityName`), and whether they are sample data. 400 names `postcode` when
 * it is not a UK postcode; 503 when the address service cannot answer (enter the address by hand).
 * Started by a click, its answer belongs to the form being filled, so it is a mutation here.
 */
export function useLookupAddresses() {
  return useChange(
    async (postcode: string) => unwrap(await api.GET('/api/v1/backendforfrontend/address/lookup/{postcode}', { params: { path: { postcode } } })),
    { cacheKey: null },
  );
}
