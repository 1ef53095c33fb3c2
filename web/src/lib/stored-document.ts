import { api } from './api-client';
import { downloadedFile } from './content-disposition';
import { useDownload } from './download';

/** A document stored when it was issued (a policy schedule, the decision), as the API lists it. */
export interface StoredDocumentRef {
  documentId: string;
  fileName: string;
}

/**
 * GET /api/v1/document/{documentId}/{fileName}: a stored document as a file, named as the
 * server's `content-disposition` names it (the listed name when it gives none). Fetched through
 * the API client so the adviser's token goes with it; started by a click and never cached, so a
 * mutation. The Complete page and the policy view both offer a policy's documents this way.
 */
export function useStoredDocument() {
  return useDownload(async ({ documentId, fileName }: StoredDocumentRef) => {
    const result = await api.GET('/api/v1/document/{documentId}/{fileName}', { params: { path: { documentId, fileName } }, parseAs: 'blob' });
    return downloadedFile(result, () => fileName);
  });
}
