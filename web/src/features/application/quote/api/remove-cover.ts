import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';
import type { Cover } from '../../shared/application-model';

interface RemoveCoverVariables {
  applicantId: string;
  /** A saved cover: only saved covers (with an id) can be removed. */
  cover: Pick<Cover, 'productType'> & { id: string };
}

/** DELETE /api/v1/actions/MutateCovers/remove: the cover is named by its id. */
export function useRemoveCover(applicationId: number) {
  return useChange(async ({ applicantId, cover }: RemoveCoverVariables) =>
    unwrap(
      await api.DELETE('/api/v1/actions/MutateCovers/remove', {
        body: { applicationId, applicantId, cover: { id: cover.id, productType: cover.productType } },
      }),
    ),
  );
}
