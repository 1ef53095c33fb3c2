import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';
import { applicationKeys } from '@/lib/query-keys';
import type { ApplicantInput } from '../../shared/applicant-form-model';

interface UpdateApplicantVariables {
  applicantId: string;
  /** Only the changed fields; null clears a field. */
  changes: ApplicantInput;
}

/** PATCH /api/v1/application/{applicationId}/applicant/{applicantId}; answers the updated application. */
export function useUpdateApplicant(applicationId: number) {
  return useChange(
    async ({ applicantId, changes }: UpdateApplicantVariables) =>
      unwrap(
        await api.PATCH('/api/v1/application/{applicationId}/applicant/{applicantId}', {
          params: { path: { applicationId, applicantId } },
          body: changes,
        }),
      ),
    // The dashboard lists the clients' names.
    { invalidates: [applicationKeys.searches()] },
  );
}
