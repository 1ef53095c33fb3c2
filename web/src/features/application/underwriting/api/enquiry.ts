import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { api } from '@/lib/api-client';
import { isApiError, unwrap } from '@/lib/api-error';
import { applicationKeys, enquiryKeys } from '@/lib/query-keys';
import { AnswerSequence, withAnswers, type Answer, type Enquiry } from '../enquiry-model';

/** GET /api/v1/underwriting/{applicantId}; `null` while the client's interview has not started. */
export function useEnquiry(applicantId: string) {
  return useQuery({
    queryKey: enquiryKeys.detail(applicantId),
    queryFn: async (): Promise<Enquiry | null> => {
      try {
        return unwrap(await api.GET('/api/v1/underwriting/{applicantId}', { params: { path: { applicantId } } }));
      } catch (error) {
        if (isApiError(error) && error.status === 404 && error.message === 'Enquiry not found') return null;
        throw error;
      }
    },
  });
}

/** POST /api/v1/underwriting/{applicantId}/start with ENQUIRY_TYPE Full. */
export function useStartEnquiry(applicationId: number, applicantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/api/v1/underwriting/{applicantId}/start', {
          params: { path: { applicantId } },
          body: { answers: [{ tag: 'ENQUIRY_TYPE', value: 'Full' }] },
        }),
      ),
    onSuccess: (enquiry) => {
      queryClient.setQueryData(enquiryKeys.detail(applicantId), enquiry);
      void queryClient.invalidateQueries({ queryKey: applicationKeys.detail(applicationId) });
    },
  });
}

/**
 * POST /api/v1/actions/provideanswers/{applicantId}. The answers show at once (§4); the
 * response replaces sections, answers and flags unless a later post has been sent since; a
 * refused post puts back what the page showed before it (the refusal names each question).
 */
export function useAnswers(applicantId: string) {
  const queryClient = useQueryClient();
  const sequence = useRef(new AnswerSequence());
  const key = enquiryKeys.detail(applicantId);
  const mutation = useMutation({
    mutationFn: async ({ answers }: { answers: Answer[]; sequence: number }) =>
      unwrap(await api.POST('/api/v1/actions/provideanswers/{applicantId}', { params: { path: { applicantId } }, body: { answers } })),
    onMutate: ({ answers }) => {
      const before = queryClient.getQueryData<Enquiry | null>(key);
      if (before) queryClient.setQueryData(key, withAnswers(before, answers));
      return { before };
    },
    onSuccess: (enquiry, variables) => {
      if (sequence.current.isLatest(variables.sequence)) queryClient.setQueryData(key, enquiry);
    },
    onError: (_error, variables, context) => {
      if (sequence.current.isLatest(variables.sequence) && context?.before) queryClient.setQueryData(key, context.before);
    },
  });
  return {
    send: (answers: Answer[]) => mutation.mutateAsync({ answers, sequence: sequence.current.next() }),
    isPending: mutation.isPending,
  };
}

/** POST /api/v1/actions/acceptuwdeclaration. */
export function useAcceptUwDeclaration(applicationId: number, applicantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrap(await api.POST('/api/v1/actions/acceptuwdeclaration', { body: { applicationId, applicantId } })),
    onSuccess: (enquiry) => queryClient.setQueryData(enquiryKeys.detail(applicantId), enquiry),
  });
}

/** POST /api/v1/underwriting/{applicantId}/close: the outcome per cover comes back with it. */
export function useCloseEnquiry(applicationId: number, applicantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrap(await api.POST('/api/v1/underwriting/{applicantId}/close', { params: { path: { applicantId } } })),
    onSuccess: (enquiry) => {
      queryClient.setQueryData(enquiryKeys.detail(applicantId), enquiry);
      // The application records the outcome a moment later (the enquiry tells it).
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: applicationKeys.detail(applicationId) }), 500);
    },
  });
}

/** GET /api/v1/underwriting/lookupQuestionOption/{branch}/{tag}/{answer}?stem= */
export async function lookupOptions(branch: string, tag: string, chosen: readonly string[], stem: string) {
  const answer = chosen.length > 0 ? chosen.join('|') : '-';
  return unwrap(
    await api.GET('/api/v1/underwriting/lookupQuestionOption/{branch}/{tag}/{answer}', {
      params: { path: { branch, tag, answer }, query: { stem } },
    }),
  );
}

