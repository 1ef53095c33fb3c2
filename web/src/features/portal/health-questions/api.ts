import { useQuery } from '@tanstack/react-query';
import { api, type Schemas } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';
import type { OptionsLookup } from '@/lib/question-options';
import { withAnswers, type Answer, type Enquiry } from '@/components/interview/enquiry-model';
import { portalKeys } from '../api/portal-api';

export type WaitingInterview = Schemas['WaitingInterview'];

/** Under the portal's prefix, so confirming a case refreshes them; an answer refreshes the list, not the interview it answered. */
const keys = {
  list: () => [...portalKeys.all, 'health-questions'] as const,
  detail: (applicantId: string) => [...portalKeys.all, 'health-questions-of', applicantId] as const,
};

/** GET /api/v1/portal/health-questions: the interviews advisers have sent the signed-in client. */
export function useWaitingInterviews() {
  return useQuery({
    queryKey: keys.list(),
    queryFn: async () => unwrap(await api.GET('/api/v1/portal/health-questions')),
  });
}

/** GET /api/v1/portal/health-questions/{applicantId}: the client's own interview; 404 for anyone else's. */
export function useClientInterview(applicantId: string) {
  return useQuery({
    queryKey: keys.detail(applicantId),
    queryFn: async (): Promise<Enquiry> =>
      unwrap(await api.GET('/api/v1/portal/health-questions/{applicantId}', { params: { path: { applicantId } } })),
  });
}

/** POST /api/v1/portal/health-questions/{applicantId}: the same answers, shown at once, as the adviser's interview. */
export function useClientAnswers(applicantId: string) {
  return useChange(
    async (answers: Answer[]) =>
      unwrap(await api.POST('/api/v1/portal/health-questions/{applicantId}', { params: { path: { applicantId } }, body: { answers } })),
    { cacheKey: keys.detail(applicantId), optimistic: withAnswers, invalidates: [keys.list()] },
  );
}

/** POST …/declaration: the client accepts the declaration. */
export function useClientDeclaration(applicantId: string) {
  return useChange(
    async () => unwrap(await api.POST('/api/v1/portal/health-questions/{applicantId}/declaration', { params: { path: { applicantId } } })),
    { cacheKey: keys.detail(applicantId) },
  );
}

/** POST …/submit: the answers go to the adviser. */
export function useClientSubmit(applicantId: string) {
  return useChange(
    async () => unwrap(await api.POST('/api/v1/portal/health-questions/{applicantId}/submit', { params: { path: { applicantId } } })),
    { cacheKey: keys.detail(applicantId), invalidates: [keys.list(), portalKeys.home()] },
  );
}

/** The conditions and occupations look-up for clients (the same search as the adviser's). */
export const clientLookup: OptionsLookup = {
  source: 'client',
  search: async (branch, tag, answer, stem) =>
    unwrap(
      await api.GET('/api/v1/portal/health-questions/lookup/{branch}/{tag}/{answer}', { params: { path: { branch, tag, answer }, query: { stem } } }),
    ),
};
