import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';
import { applicationKeys } from '@/lib/query-keys';
import type { ApplicantInput } from '../../shared/applicant-form-model';

/** POST /api/v1/backendforfrontend/application/{applicationId}/AddApplicant; answers the updated application. */
export function useAddApplicant(applicationId: number) {
  return useChange(
    async (applicant: ApplicantInput) =>
      unwrap(
        await api.POST('/api/v1/backendforfrontend/application/{applicationId}/AddApplicant', {
          params: { path: { applicationId } },
          body: { applicationId, applicant },
        }),
      ),
    // The dashboard lists the clients' names.
    { invalidates: [applicationKeys.searches()] },
  );
}
