import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { applicationKeys } from '@/lib/query-keys';

/**
 * POST /api/v1/backendforfrontend/application/quoteDate: the quote's new last valid day
 * (`yyyy-MM-dd`). 422 'This date is invalid' outside today to 30 days after the quote (90 with
 * overrideQuoteDate); 409 before the quote is priced.
 */
export function useSetQuoteDate(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (quoteValidUntilDate: string) =>
      unwrap(await api.POST('/api/v1/backendforfrontend/application/quoteDate', { body: { applicationId, quoteValidUntilDate } })),
    onSuccess: (application) => {
      queryClient.setQueryData(applicationKeys.detail(application.id), application);
    },
  });
}
