import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { applicationKeys } from '@/lib/query-keys';

/** POST /api/v1/backendforfrontend/application/create: a new, empty application, for the adviser given (one the caller acts for) or the caller. */
export function useCreateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (adviserId: string | undefined) =>
      unwrap(
        await api.POST('/api/v1/backendforfrontend/application/create', {
          params: { query: adviserId ? { adviserId } : {} },
        }),
      ),
    onSuccess: (application) => {
      queryClient.setQueryData(applicationKeys.detail(application.id), application);
      void queryClient.invalidateQueries({ queryKey: applicationKeys.searches() });
    },
  });
}
