import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/api-error';
import { useChange } from '@/lib/change';
import { downloadedFile } from '@/lib/content-disposition';
import { useDownload } from '@/lib/download';
import { applicationKeys } from '@/lib/query-keys';
import { api, type Schemas } from '@/lib/api-client';
import { qiKeys } from './keys';

export type QiView = Schemas['QiView'];
export type QiSummary = Schemas['QiSummary'];
export type QiClientInput = Schemas['QiClientRequest'];

/** A change answers with the enquiry: cached as it, and the list of enquiries read again. */
const asQiView = {
  cacheKey: (view: QiView) => qiKeys.detail(view.id),
  invalidates: [qiKeys.lists()],
};

/** GET /api/v1/qi: the adviser's enquiries, most recent first. */
export const qiListQueryOptions = queryOptions({
  queryKey: qiKeys.lists(),
  queryFn: async () => unwrap(await api.GET('/api/v1/qi')).results,
});

export function useQiList() {
  return useQuery(qiListQueryOptions);
}

/** GET /api/v1/qi/{qiId}; nothing is asked for an enquiry not yet created (`qiId` null). */
export function useQi(qiId: string | null) {
  return useQuery({
    queryKey: qiKeys.detail(qiId ?? ''),
    queryFn: async () => unwrap(await api.GET('/api/v1/qi/{qiId}', { params: { path: { qiId: qiId ?? '' } } })),
    enabled: qiId !== null,
  });
}

/** POST /api/v1/qi: the enquiry, created with its client's details (its first save). */
export function useCreateQi() {
  return useChange(
    async (client: QiClientInput) => unwrap(await api.POST('/api/v1/qi', { body: client })),
    asQiView,
  );
}

/** PUT /api/v1/qi/{qiId}/client. */
export function useUpdateQiClient(qiId: string) {
  return useChange(
    async (client: QiClientInput) => unwrap(await api.PUT('/api/v1/qi/{qiId}/client', { params: { path: { qiId } }, body: client })),
    asQiView,
  );
}

/** POST /api/v1/qi/{qiId}/answers: refused with a 422 naming each question by its tag. */
export function useQiAnswers(qiId: string) {
  return useChange(
    async (answers: Schemas['Answer'][]) =>
      unwrap(await api.POST('/api/v1/qi/{qiId}/answers', { params: { path: { qiId } }, body: { answers } })),
    asQiView,
  );
}

/** POST /api/v1/decision/qi/{qiId}/risk: runs the rules; the enquiry answers with its indication. */
export function useQiRisk(qiId: string) {
  return useChange(
    async () => unwrap(await api.POST('/api/v1/decision/qi/{qiId}/risk', { params: { path: { qiId } } })),
    asQiView,
  );
}

/** POST /api/v1/decision/qi/{qiId}/quote: the covers priced on the indicated terms. */
export function useQiQuote(qiId: string) {
  return useChange(
    async (covers: Schemas['CoverInput'][]) =>
      unwrap(await api.POST('/api/v1/decision/qi/{qiId}/quote', { params: { path: { qiId } }, body: { covers } })),
    asQiView,
  );
}

/** POST /api/v1/qi/{qiId}/application: a new application with the client and the priced cover. */
export function useStartApplicationFromQi(qiId: string) {
  return useChange(async () => unwrap(await api.POST('/api/v1/qi/{qiId}/application', { params: { path: { qiId } } })), {
    cacheKey: null,
    // The enquiry now links to its application, which joins the dashboard's In progress list.
    invalidates: [qiKeys.all, applicationKeys.searches()],
  });
}

/**
 * GET /api/v1/document/interview/{qiId}/{clientId}/quote: the indication as a PDF, named as the
 * server's `content-disposition` names it. Started by a click and never cached, so a mutation.
 */
export function useQiDocument(qiId: string, clientId: string, fileName: string) {
  return useDownload(async () => {
    const result = await api.GET('/api/v1/document/interview/{qiId}/{clientId}/quote', { params: { path: { qiId, clientId }, query: { fileName, alreadyExists: true } }, parseAs: 'blob' });
    return downloadedFile(result, () => fileName);
  });
}
