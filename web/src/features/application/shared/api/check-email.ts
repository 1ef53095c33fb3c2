import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { emailKeys } from '@/lib/query-keys';

/**
 * GET /api/v2/backendforfrontend/validate/email?email=: whether the email service accepts the
 * address (`isValid`, `status`, and a `message` to show). Answers are kept for a while, so the
 * form checking the field again on save does not ask again.
 */
export function emailCheckQueryOptions(email: string) {
  return queryOptions({
    queryKey: emailKeys.check(email),
    queryFn: async () => unwrap(await api.GET('/api/v2/backendforfrontend/validate/email', { params: { query: { email } } })),
    staleTime: 10 * 60_000,
  });
}

/** Checks an address (the form's validator calls it when the field is left). */
export function useCheckEmail() {
  const queryClient = useQueryClient();
  return useCallback((email: string) => queryClient.query(emailCheckQueryOptions(email)), [queryClient]);
}
