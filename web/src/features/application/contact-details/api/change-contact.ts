import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';
import type { ContactChange } from '../contact-form-model';

interface ChangeContactVariables {
  applicantId: string;
  /** Only the changed fields; null clears a field. */
  changes: ContactChange;
}

/**
 * PATCH /api/v1/backendforfrontend/applicant/contact; answers the application. A 422 names the
 * bare fields at fault (`postcode`, `emailAddress`: the server asks the email service on save).
 */
export function useChangeContact() {
  return useChange(async ({ applicantId, changes }: ChangeContactVariables) =>
    unwrap(await api.PATCH('/api/v1/backendforfrontend/applicant/contact', { body: { applicantId, ...changes } })),
  );
}
