import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { applicationKeys } from '@/lib/query-keys';
import type { Cover } from '../../shared/application-model';

interface RemoveCoverVariables {
  applicantId: string;
  /** A saved cover: only saved covers (with an id) can be removed. */
  cover: Pick<Cover, 'productType'> & { id: string };
}

/** DELETE /api/v1/actions/MutateCovers/remove: the cover is named by its id. */
export function useRemoveCover(applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ applicantId, cover }: RemoveCoverVariables) =>
      unwrap(
        await api.DELETE('/api/v1/actions/MutateCovers/remove', {
          body: { applicationId, applicantId, cover: { id: cover.id, productType: cover.productType } },
        }),
      ),
    onSuccess: (application) => {
      queryClient.setQueryData(applicationKeys.detail(application.id), application);
    },
  });
}
