import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';
import type { CoverInput } from '../../shared/application-model';

interface EditCoverVariables {
  applicantId: string;
  coverId: string;
  /** Every field the adviser chooses: the server replaces them all. */
  cover: CoverInput;
}

/** PATCH /api/v1/actions/MutateCovers/edit; answers the application, limits broken in the cover's `errors`. */
export function useEditCover(applicationId: number) {
  return useChange(async ({ applicantId, coverId, cover }: EditCoverVariables) =>
    unwrap(await api.PATCH('/api/v1/actions/MutateCovers/edit', { body: { applicationId, applicantId, cover: { ...cover, id: coverId } } })),
  );
}
