import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { applicationKeys } from '@/lib/query-keys';
import type { CoverInput } from '../../shared/application-model';

interface AddCoverVariables {
  applicantId: string;
  cover: CoverInput;
}

/** POST /api/v1/actions/MutateCovers/add; answers the application, limits broken in the cover's `errors`. */
export function useAddCover(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ applicantId, cover }: AddCoverVariables) =>
      unwrap(await api.POST('/api/v1/actions/MutateCovers/add', { body: { applicationId, applicantId, cover } })),
    onSuccess: (application) => {
      queryClient.setQueryData(applicationKeys.detail(application.id), application);
    },
  });
}
