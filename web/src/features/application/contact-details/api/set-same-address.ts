import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';

interface SetSameAddressVariables {
  applicantId: string;
  /** The other client whose address this client shares; null for their own address. */
  sameAddressApplicantId: string | null;
}

/** POST /api/v1/backendforfrontend/applicant/sameAddressApplicantId; answers the application with the link set or cleared. */
export function useSetSameAddress() {
  return useChange(async (body: SetSameAddressVariables) =>
    unwrap(await api.POST('/api/v1/backendforfrontend/applicant/sameAddressApplicantId', { body })),
  );
}
