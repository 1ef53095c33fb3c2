import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';

/**
 * POST /api/v1/backendforfrontend/application/quoteDate: the quote's new last valid day
 * (`yyyy-MM-dd`). 422 'This date is invalid' outside today to 30 days after the quote (90 with
 * overrideQuoteDate); 409 before the quote is priced.
 */
export function useSetQuoteDate(applicationId: number) {
  return useChange(async (quoteValidUntilDate: string) =>
    unwrap(await api.POST('/api/v1/backendforfrontend/application/quoteDate', { body: { applicationId, quoteValidUntilDate } })),
  );
}
