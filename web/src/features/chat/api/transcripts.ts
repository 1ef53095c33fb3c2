import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Schemas } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { chatKeys } from '@/lib/query-keys';

export type ChatTranscript = Schemas['ChatTranscript'];
export type ChatConversationList = Schemas['ChatConversationList'];

/** GET …/webchat/conversations: customer care's conversations of a UK day (today when null). */
export const conversationsQueryOptions = (day: string | null) =>
  queryOptions({
    queryKey: chatKeys.conversations(day),
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/backendforfrontend/webchat/conversations', { params: { query: day ? { day } : {} } })),
  });

export function useConversations(day: string | null) {
  return useQuery(conversationsQueryOptions(day));
}

/** GET …/webchat/conversations/{id}: a stored transcript. */
export const transcriptQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: chatKeys.transcript(conversationId),
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/backendforfrontend/webchat/conversations/{conversationId}', { params: { path: { conversationId } } })),
  });

export function useTranscript(conversationId: string | null) {
  return useQuery({ ...transcriptQueryOptions(conversationId ?? ''), enabled: conversationId !== null });
}
