import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';
import { applicationKeys } from '@/lib/query-keys';
import type { Application, CoverInput } from '../../shared/application-model';

interface AddCoverVariables {
  applicantId: string;
  cover: CoverInput;
}

/** The application with the cover added (and priced, when it could be), and the new cover's id. */
export interface AddedCover {
  application: Application;
  coverId: string | null;
}

/**
 * POST /api/v1/actions/MutateCovers/add; answers the application, limits broken in the cover's
 * `errors`, and the new cover's id in the `Cover-Id` header.
 */
export function useAddCover(applicationId: number) {
  return useChange(
    async ({ applicantId, cover }: AddCoverVariables): Promise<AddedCover> => {
      const result = await api.POST('/api/v1/actions/MutateCovers/add', { body: { applicationId, applicantId, cover } });
      return { application: unwrap(result), coverId: result.response.headers.get('Cover-Id') };
    },
    { cacheKey: (added) => applicationKeys.detail(added.application.id), cached: (added) => added.application },
  );
}
