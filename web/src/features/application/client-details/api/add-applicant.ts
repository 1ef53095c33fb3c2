import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useApplicationChange } from '@/lib/application-change';
import { applicationKeys } from '@/lib/query-keys';
import type { ApplicantInput } from '../../shared/applicant-form-model';

/** POST /api/v1/backendforfrontend/application/{applicationId}/AddApplicant; answers the updated application. */
export function useAddApplicant(applicationId: number) {
  return useApplicationChange(
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
