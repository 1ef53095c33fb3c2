import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useApplicationChange } from '@/lib/application-change';
import type { CoverInput } from '../../shared/application-model';

interface AddCoverVariables {
  applicantId: string;
  cover: CoverInput;
}

/** POST /api/v1/actions/MutateCovers/add; answers the application, limits broken in the cover's `errors`. */
export function useAddCover(applicationId: number) {
  return useApplicationChange(async ({ applicantId, cover }: AddCoverVariables) =>
    unwrap(await api.POST('/api/v1/actions/MutateCovers/add', { body: { applicationId, applicantId, cover } })),
  );
}
