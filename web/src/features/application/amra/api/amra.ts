import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';
import { surgeryKeys } from '@/lib/query-keys';
import type { Schemas } from '@/lib/api-client';

/** POST /api/v1/backendforfrontend/applicant/isAmraConsentGranted */
export function useSetConsent() {
  return useChange(async (body: { applicantId: string; isAmraConsentGranted: boolean }) =>
    unwrap(await api.POST('/api/v1/backendforfrontend/applicant/isAmraConsentGranted', { body })),
  );
}

/** POST /api/v1/backendforfrontend/applicant/isViewMedicalReportsRequested */
export function useSetViewReports() {
  return useChange(async (body: { applicantId: string; isViewMedicalReportsRequested: boolean }) =>
    unwrap(await api.POST('/api/v1/backendforfrontend/applicant/isViewMedicalReportsRequested', { body })),
  );
}

/** PATCH /api/v1/backendforfrontend/applicant/examiner, with isExaminerDetailsValid as text. */
export function useSetExaminer() {
  return useChange(async (body: Schemas['ExaminerRequest']) =>
    unwrap(await api.PATCH('/api/v1/backendforfrontend/applicant/examiner', { body })),
  );
}

/** GET /api/v1/backendforfrontend/examiner/lookup?search=: the surgeries matching what was typed; nothing asked for an empty search. */
export function useSurgeries(search: string) {
  const typed = search.trim();
  return useQuery({
    queryKey: surgeryKeys.search(typed),
    queryFn: async () => unwrap(await api.GET('/api/v1/backendforfrontend/examiner/lookup', { params: { query: { search: typed } } })),
    enabled: typed !== '',
  });
}
