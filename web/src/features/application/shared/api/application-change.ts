import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Schemas } from '@/lib/api-client';
import { applicationKeys } from '@/lib/query-keys';

type Application = Schemas['Application'];

/**
 * A command that answers with the application: the answer replaces the cached application, so the
 * page reads its own write. `invalidates` names the lists the command changes too (the dashboard's
 * searches when the stage moves), to be fetched again when next shown.
 */
export function useApplicationChange<V = void>(change: (variables: V) => Promise<Application>, invalidates: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (application) => {
      queryClient.setQueryData(applicationKeys.detail(application.id), application);
      for (const queryKey of invalidates) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
