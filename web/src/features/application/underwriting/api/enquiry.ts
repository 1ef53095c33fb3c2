import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';
import { applicationKeys, enquiryKeys } from '@/lib/query-keys';
import type { Application } from '../../shared/application-model';
import { withAnswers, type Answer, type Enquiry } from '@/components/interview/enquiry-model';

/**
 * GET /api/v1/underwriting/{applicantId}, once the application says the client's interview has
 * started (`started`); before that nothing is asked, so a 404 is never read as "not started".
 * The interview the start answered with is already in the cache.
 */
export function useEnquiry(applicantId: string, started: boolean) {
  return useQuery({
    queryKey: enquiryKeys.detail(applicantId),
    queryFn: async (): Promise<Enquiry> => unwrap(await api.GET('/api/v1/underwriting/{applicantId}', { params: { path: { applicantId } } })),
    enabled: started,
  });
}

/** POST /api/v1/underwriting/{applicantId}/start with ENQUIRY_TYPE Full. */
export function useStartEnquiry(applicationId: number, applicantId: string) {
  return useChange(
    async () =>
      unwrap(
        await api.POST('/api/v1/underwriting/{applicantId}/start', {
          params: { path: { applicantId } },
          body: { answers: [{ tag: 'ENQUIRY_TYPE', value: 'Full' }] },
        }),
      ),
    { cacheKey: enquiryKeys.detail(applicantId), invalidates: [applicationKeys.detail(applicationId)] },
  );
}

/**
 * POST /api/v1/actions/provideanswers/{applicantId}. The answers show at once (§4); the
 * response replaces sections, answers and flags unless a later post has been sent since (§4 "a
 * response is ignored if its answer is no longer the one last sent"); a refused post puts back
 * what the page showed before it (the refusal names each question).
 */
export function useAnswers(applicantId: string) {
  return useChange(
    async (answers: Answer[]) =>
      unwrap(await api.POST('/api/v1/actions/provideanswers/{applicantId}', { params: { path: { applicantId } }, body: { answers } })),
    { cacheKey: enquiryKeys.detail(applicantId), optimistic: withAnswers },
  );
}

/** POST /api/v1/actions/acceptuwdeclaration. */
export function useAcceptUwDeclaration(applicationId: number, applicantId: string) {
  return useChange(
    async () => unwrap(await api.POST('/api/v1/actions/acceptuwdeclaration', { body: { applicationId, applicantId } })),
    { cacheKey: enquiryKeys.detail(applicantId) },
  );
}

/**
 * POST /api/v1/underwriting/{applicantId}/close: the outcome per cover comes back with it. The
 * application records the outcome a moment later (the enquiry tells it), so the page reads it
 * again until it shows this client's enquiry closed.
 */
export function useCloseEnquiry(applicationId: number, applicantId: string) {
  return useChange(
    async () => unwrap(await api.POST('/api/v1/underwriting/{applicantId}/close', { params: { path: { applicantId } } })),
    {
      cacheKey: enquiryKeys.detail(applicantId),
      awaits: {
        queryKey: applicationKeys.detail(applicationId),
        until: (application: Application) => application.applicantsEnquiries.some((e) => e.applicantId === applicantId && !e.isOpen),
      },
    },
  );
}
