import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { downloadedFile, type DownloadedFile } from '@/lib/content-disposition';
import { useDownload } from '@/lib/download';
import { applicationStrings } from '../strings';

const t = applicationStrings.documents;

export type DocumentKind = 'quote' | 'keyFacts' | 'terms';

/** Downloads change nothing: the quote page does not wait for them before allowing changes. */
export const documentsMutationKey = ['documents'] as const;

/** The answer had no usable file name in its `content-disposition` header (§8). */
export class MissingFileNameError extends Error {
  constructor() {
    super(t.fileNameMissing);
    this.name = 'MissingFileNameError';
  }
}

/** A document link the portal cannot follow (not one of its stored documents). */
export class UnreadableDocumentLinkError extends Error {
  constructor() {
    super(t.notADocument);
    this.name = 'UnreadableDocumentLinkError';
  }
}

/** The file under the name the server gave it; §8: no name is an error, not a made-up one. */
function named(result: { data?: Blob; error?: unknown; response: Response }): DownloadedFile {
  return downloadedFile(result, () => {
    throw new MissingFileNameError();
  });
}

/** The parts of a stored document's address, `/api/v1/document/{documentId}/{fileName}`, or null. */
export function storedDocumentPath(uri: string, origin: string = window.location.origin): { documentId: string; fileName: string } | null {
  let url: URL;
  try {
    url = new URL(uri, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const match = /^\/api\/v1\/document\/([^/]+)\/([^/]+)$/.exec(url.pathname);
  if (!match) return null;
  try {
    return { documentId: decodeURIComponent(match[1] ?? ''), fileName: decodeURIComponent(match[2] ?? '') };
  } catch {
    return null;
  }
}

/** GET /api/v1/application/{applicationId}/document/quote: the quote PDF (409 until the quote is priced). */
async function quoteDocument(applicationId: number): Promise<DownloadedFile> {
  return named(
    await api.GET('/api/v1/application/{applicationId}/document/quote', {
      params: { path: { applicationId } },
      parseAs: 'blob',
    }),
  );
}

/** GET /api/v1/backendforfrontend/keyfacts/{applicationId} or …/termsandconditions/{applicationId}: where the document is. */
async function documentLink(applicationId: number, kind: 'keyFacts' | 'terms'): Promise<string> {
  const params = { path: { applicationId } };
  const link =
    kind === 'keyFacts'
      ? unwrap(await api.GET('/api/v1/backendforfrontend/keyfacts/{applicationId}', { params }))
      : unwrap(await api.GET('/api/v1/backendforfrontend/termsandconditions/{applicationId}', { params }));
  return link.uri;
}

/** GET /api/v1/document/{documentId}/{fileName}, through the API client so the bearer token goes with it. */
async function storedDocument(uri: string): Promise<DownloadedFile> {
  const path = storedDocumentPath(uri);
  if (!path) throw new UnreadableDocumentLinkError();
  return named(await api.GET('/api/v1/document/{documentId}/{fileName}', { params: { path }, parseAs: 'blob' }));
}

/**
 * Fetches one of the application's documents with the signed-in adviser's token (the quote page
 * offers all three; the Complete page the key facts and terms again, to hand over with the policy),
 * and saves it (`useDownload`).
 */
export function useDownloadDocument(applicationId: number) {
  return useDownload(
    async (kind: DocumentKind): Promise<DownloadedFile> =>
      kind === 'quote' ? quoteDocument(applicationId) : storedDocument(await documentLink(applicationId, kind)),
    documentsMutationKey,
  );
}
