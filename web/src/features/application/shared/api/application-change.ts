import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@/lib/api-client';
import { applicationKeys } from '@/lib/query-keys';

type Application = Schemas['Application'];

/** A command that answers with the application: the answer replaces the cached application, so the page reads its own write. */
export function useApplicationChange<V = void>(change: (variables: V) => Promise<Application>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (application) => queryClient.setQueryData(applicationKeys.detail(application.id), application),
  });
}
