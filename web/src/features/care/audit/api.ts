import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Schemas } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { careKeys } from '../api/care';

export type DataRead = Schemas['DataReadView'];

/** What the Data reads page asks for: a case reference, a reader, and the page. */
export interface DataReadQuery {
  applicationId: number | undefined;
  reader: string;
  page: number;
}


/** GET /api/v1/care/audit/reads: a page of 10 recorded reads, newest first; not asked while `enabled` is false. */
export function useDataReads(query: DataReadQuery, enabled = true) {
  return useQuery({
    queryKey: careKeys.dataReads(query),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const reader = query.reader.trim();
      return unwrap(
        await api.GET('/api/v1/care/audit/reads', {
          params: {
            query: {
              page: query.page,
              ...(reader ? { reader } : {}),
              ...(query.applicationId === undefined ? {} : { applicationId: query.applicationId }),
            },
          },
        }),
      );
    },
  });
}
