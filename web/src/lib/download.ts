import type { QueryKey } from '@tanstack/react-query';
import { useChange } from './change';
import type { DownloadedFile } from './content-disposition';
import { saveFile } from './save-file';

/**
 * The one way a page downloads a file from the API (issue 51): `fetchFile` fetches it with the
 * signed-in user's token (through the API client, `parseAs: 'blob'`, named by `downloadedFile`),
 * and the file is saved under the name it came with. A GET, but started by a click and never
 * cached, so a change that caches nothing (`useChange`): `isPending` and `variables` say which button is busy, `isError` that it
 * failed (the file is not saved then).
 */
export function useDownload<Args = void>(fetchFile: (args: Args) => Promise<DownloadedFile>, mutationKey?: QueryKey) {
  return useChange(
    async (args: Args) => {
      const file = await fetchFile(args);
      saveFile(file.blob, file.fileName);
      return file;
    },
    { cacheKey: null, mutationKey },
  );
}
