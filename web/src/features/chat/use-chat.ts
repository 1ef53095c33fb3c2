import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/api-error';
import { ChatConnection } from './chat-connection';
import { type ChatEvent, type ChatState, chatReducer, initialChatState } from './chat-state';

/** How long the other side's "typing" shows without a fresh notice (a closed tab sends no "stopped"). */
export const TYPING_SHOWS_MS = 6000;
/** How often "I am typing" is sent again while typing continues. */
const TYPING_REPEAT_MS = 3000;

/**
 * The chat as a React hook: state from the pure reducer (kept in a ref as well, so the
 * connection always reads it as it is now), and the actions a chat box or the desk needs.
 * `applicationId` is the case an adviser has open, sent with the ticket.
 */
export function useChat({ applicationId }: { applicationId?: number | null } = {}) {
  const [state, setState] = useState<ChatState>(initialChatState);
  const stateRef = useRef<ChatState>(initialChatState);
  const connection = useRef<ChatConnection | null>(null);
  const lastTyping = useRef(0);
  // The case is read once, when the chat opens (decision WC3).
  const [caseId] = useState(applicationId ?? null);

  const dispatch = useCallback((event: ChatEvent) => {
    stateRef.current = chatReducer(stateRef.current, event);
    setState(stateRef.current);
  }, []);

  useEffect(() => {
    const chat = new ChatConnection({
      getTicket: async () => {
        const body = caseId ? { applicationId: caseId } : {};
        return unwrap(await api.POST('/api/v1/backendforfrontend/webchat/tickets', { body })).ticket;
      },
      openSocket: (url) => new WebSocket(url),
      dispatch,
      getState: () => stateRef.current,
      origin: window.location.origin,
    });
    connection.current = chat;
    chat.start();
    return () => {
      chat.stop();
      connection.current = null;
    };
  }, [dispatch, caseId]);

  /** Sends a message (now if connected, else when the connection is back). */
  const send = useCallback(
    (text: string, conversationId: string | null = null) => {
      const message = { clientId: crypto.randomUUID(), conversationId, text };
      dispatch({ kind: 'queued', message });
      connection.current?.send({ type: 'send', ...message });
      lastTyping.current = 0;
    },
    [dispatch],
  );

  /** Says typing started (repeated at most every few seconds) or stopped. */
  const typing = useCallback((isTyping: boolean, conversationId: string | null = null) => {
    const now = Date.now();
    if (isTyping && now - lastTyping.current < TYPING_REPEAT_MS) return;
    lastTyping.current = isTyping ? now : 0;
    connection.current?.send({ type: 'typing', conversationId, typing: isTyping });
  }, []);

  /** Marks every message up to `seq` read. */
  const read = useCallback((seq: number, conversationId: string | null = null) => {
    connection.current?.send({ type: 'read', conversationId, seq });
  }, []);

  /** Asks for a conversation's messages after `after` (an agent opening one). */
  const sync = useCallback((conversationId: string, after: number) => {
    connection.current?.send({ type: 'sync', conversationId, after });
  }, []);

  return { state, dispatch, send, typing, read, sync };
}
