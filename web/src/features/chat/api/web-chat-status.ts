import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Schemas } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { chatKeys } from '@/lib/query-keys';

export type WebChatStatus = Schemas['WebChatStatus'];

/**
 * How often the launcher asks again: an agent arriving or leaving shows within seconds (issue
 * 50, decision OU2). Only a visible page asks (react-query does not poll a tab in the background).
 */
export const WEB_CHAT_POLL_MS = 5_000;

/** GET /api/v1/backendforfrontend/webchat/status: whether web chat can be used now, and why not. */
export const webChatStatusQueryOptions = queryOptions({
  queryKey: chatKeys.status(),
  queryFn: async () => unwrap(await api.GET('/api/v1/backendforfrontend/webchat/status')),
  refetchInterval: WEB_CHAT_POLL_MS,
  staleTime: WEB_CHAT_POLL_MS / 2,
  retry: false,
});

export function useWebChatStatus({ enabled }: { enabled: boolean }) {
  return useQuery({ ...webChatStatusQueryOptions, enabled });
}
