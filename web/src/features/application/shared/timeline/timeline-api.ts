import { useQuery } from '@tanstack/react-query';
import { api, type Schemas } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { applicationKeys } from '@/lib/query-keys';

export type CaseTimeline = Schemas['CaseTimeline'];
export type TimelineEntry = Schemas['TimelineEntry'];

/**
 * GET /api/v1/application/{applicationId}/timeline: the case's changes, newest first. Read only
 * when `enabled` (the list is shown), as it reads the case's whole workflow history; kept under
 * the application's key, so a change to the case reads it again.
 */
export function useApplicationTimeline(applicationId: number, enabled: boolean) {
  return useQuery({
    queryKey: applicationKeys.timeline(applicationId),
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/application/{applicationId}/timeline', { params: { path: { applicationId } } })),
    enabled,
  });
}
