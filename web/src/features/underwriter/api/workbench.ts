import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Schemas } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';
import { downloadedFile } from '@/lib/content-disposition';
import { useDownload } from '@/lib/download';
import { workbenchKeys, type WorkbenchFilter } from '@/lib/query-keys';

export type UnderwriterCase = Schemas['UnderwriterCase'];
export type WorkbenchCase = Schemas['WorkbenchCase'];

/** GET /api/v1/underwriter/cases: one page of the referred cases, oldest referral first. */
export function workbenchQueryOptions(filter: WorkbenchFilter, page: number) {
  return queryOptions({
    queryKey: workbenchKeys.list(filter, page),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/underwriter/cases', {
          params: { query: { ...(filter === 'all' ? {} : { filter }), page } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useWorkbench(filter: WorkbenchFilter, page: number) {
  return useQuery(workbenchQueryOptions(filter, page));
}

/** GET /api/v1/underwriter/cases/{applicationId}: the case as the underwriter reads it. */
export function useUnderwriterCase(applicationId: number) {
  return useQuery({
    queryKey: workbenchKeys.case(applicationId),
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/underwriter/cases/{applicationId}', { params: { path: { applicationId } } })),
  });
}

/**
 * Where a workbench command's answer goes: it answers with the case as the underwriter now reads
 * it, which replaces the cached case (the page reads its own write); the lists are fetched again
 * when next shown, since a claim, a request or a decision moves the case between them.
 */
function caseChange(applicationId: number) {
  return { cacheKey: workbenchKeys.case(applicationId), invalidates: [workbenchKeys.lists()] };
}

const path = (applicationId: number) => ({ params: { path: { applicationId } } });

/** POST .../claim: the case becomes the caller's, taken over from whoever held it. */
export function useClaim(applicationId: number) {
  return useChange(
    async () =>
      unwrap(await api.POST('/api/v1/underwriter/cases/{applicationId}/claim', path(applicationId))),
    caseChange(applicationId),
  );
}

/** POST .../release: back to the workbench, unclaimed. */
export function useRelease(applicationId: number) {
  return useChange(
    async () =>
      unwrap(await api.POST('/api/v1/underwriter/cases/{applicationId}/release', path(applicationId))),
    caseChange(applicationId),
  );
}

/** POST .../evidence: ask for evidence about a client. */
export function useRequestEvidence(applicationId: number) {
  return useChange(
    async (body: Schemas['EvidenceRequestBody']) =>
      unwrap(await api.POST('/api/v1/underwriter/cases/{applicationId}/evidence', { ...path(applicationId), body })),
    caseChange(applicationId),
  );
}

/** POST .../evidence/{evidenceId}/received: the evidence's document, as a PDF, in a form. */
export function useReceiveEvidence(applicationId: number) {
  return useChange(
    async ({ evidenceId, file }: { evidenceId: string; file: File }) => {
      const form = new FormData();
      form.append('document', file, file.name);
      return unwrap(
        await api.POST('/api/v1/underwriter/cases/{applicationId}/evidence/{evidenceId}/received', {
          params: { path: { applicationId, evidenceId } },
          // openapi-fetch sends FormData as it is, and the browser writes its boundary.
          body: form as unknown as Schemas['EvidenceUpload'],
        }),
      );
    },
    caseChange(applicationId),
  );
}

/** POST .../decision: the underwriter's terms on a referred cover. */
export function useDecide(applicationId: number) {
  return useChange(
    async (body: Schemas['DecisionRequest']) =>
      unwrap(await api.POST('/api/v1/underwriter/cases/{applicationId}/decision', { ...path(applicationId), body })),
    caseChange(applicationId),
  );
}

/** POST .../updates: an update for the adviser. */
export function usePostUpdate(applicationId: number) {
  return useChange(
    async (text: string) =>
      unwrap(await api.POST('/api/v1/underwriter/cases/{applicationId}/updates', { ...path(applicationId), body: { text } })),
    caseChange(applicationId),
  );
}

/** GET .../evidence/{evidenceId}/document: a received report; never cached, so a mutation. */
export function useEvidenceDocument(applicationId: number) {
  return useDownload(async ({ evidenceId, fileName }: { evidenceId: string; fileName: string }) => {
    const result = await api.GET('/api/v1/underwriter/cases/{applicationId}/evidence/{evidenceId}/document', { params: { path: { applicationId, evidenceId } }, parseAs: 'blob' });
    return downloadedFile(result, () => fileName);
  });
}

/** GET .../applicants/{applicantId}/answers: a client's interview answers as a PDF. */
export function useAnswersDocument(applicationId: number) {
  return useDownload(async (applicantId: string) => {
    const result = await api.GET('/api/v1/underwriter/cases/{applicationId}/applicants/{applicantId}/answers', { params: { path: { applicationId, applicantId } }, parseAs: 'blob' });
    return downloadedFile(result, () => 'answers.pdf');
  });
}
