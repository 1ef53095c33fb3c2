import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';
import type { CoverInput } from '../../shared/application-model';

interface UpsellCoverVariables {
  applicantId: string;
  coverId: string;
  /** The cover as it is, with only the amount (or monthly benefit) raised. */
  cover: CoverInput;
}

/** PATCH /api/v1/actions/upsellcover: a larger amount on a locked quote; answers the application. */
export function useUpsellCover(applicationId: number) {
  return useChange(async ({ applicantId, coverId, cover }: UpsellCoverVariables) =>
    unwrap(await api.PATCH('/api/v1/actions/upsellcover', { body: { applicationId, applicantId, cover: { ...cover, id: coverId } } })),
  );
}
