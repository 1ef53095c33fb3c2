import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { applicationKeys } from '@/lib/query-keys';

interface SetSameAddressVariables {
  applicantId: string;
  /** The other client whose address this client shares; null for their own address. */
  sameAddressApplicantId: string | null;
}

/** POST /api/v1/backendforfrontend/applicant/sameAddressApplicantId; answers the application with the link set or cleared. */
export function useSetSameAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SetSameAddressVariables) =>
      unwrap(await api.POST('/api/v1/backendforfrontend/applicant/sameAddressApplicantId', { body })),
    onSuccess: (application) => {
      queryClient.setQueryData(applicationKeys.detail(application.id), application);
    },
  });
}
