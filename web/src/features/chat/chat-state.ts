import type { Schemas } from '@/lib/api-client';

/**
 * Web chat's state in the browser, for an adviser (one conversation: today's) and for an agent
 * at the chat desk (every conversation of the day), as a pure reducer so that what reconnecting
 * does is tested without a socket (decision WC2):
 * - a message typed is kept as *pending* with its own id until the portal sends it back stored
 *   and numbered (`seq`); pending messages are sent again after every reconnection, and the
 *   portal stores each id once, so nothing is lost and nothing repeated;
 * - messages are held by number, so one that arrives twice (a catch-up overlapping a live
 *   delivery) shows once, and after a reconnection the browser asks only for those after the
 *   last number it holds.
 */

export type ServerFrame = Schemas['ChatServerFrame'];
export type ChatMessage = Schemas['ChatMessageView'];
export type ConversationSummary = Schemas['ChatConversationSummary'];
export type ChatSide = Schemas['ChatSideName'];

export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting';

/** A message typed here and not yet seen back from the portal. */
export interface PendingMessage {
  clientId: string;
  /** The conversation an agent answers; an adviser's is always their own of today (null). */
  conversationId: string | null;
  text: string;
}

export interface Thread {
  /** Stored messages in number order, each once. */
  messages: ChatMessage[];
  /** Whether the other side is typing. */
  otherTyping: boolean;
  /** The last message the other side has read. */
  otherReadSeq: number;
}

export interface ChatState {
  side: ChatSide | null;
  status: ConnectionStatus;
  /** The adviser's conversation of today, once it exists. */
  current: string | null;
  conversations: Record<string, ConversationSummary>;
  threads: Record<string, Thread>;
  pending: PendingMessage[];
  /** The last refusal to show (a message too long, sent too fast, …). */
  notice: string | null;
}

export const initialChatState: ChatState = {
  side: null,
  status: 'connecting',
  current: null,
  conversations: {},
  threads: {},
  pending: [],
  notice: null,
};

export type ChatEvent =
  | { kind: 'frame'; frame: ServerFrame }
  | { kind: 'status'; status: ConnectionStatus }
  | { kind: 'queued'; message: PendingMessage }
  | { kind: 'dismissNotice' }
  | { kind: 'stopTyping'; conversationId: string };

const emptyThread: Thread = { messages: [], otherTyping: false, otherReadSeq: 0 };

/** Codes after which a refused message is kept and sent again (the portal could not take it yet). */
const RETRY_CODES = new Set(['tooFast', 'unavailable']);

/** Adds messages to their threads by number (each once) and drops the pending ones they answer. */
function withMessages(state: ChatState, messages: readonly ChatMessage[]): ChatState {
  if (messages.length === 0) return state;
  const threads = { ...state.threads };
  for (const message of messages) {
    const thread = threads[message.conversationId] ?? emptyThread;
    if (thread.messages.some((m) => m.seq === message.seq)) continue;
    const sorted = [...thread.messages, message].sort((a, b) => a.seq - b.seq);
    threads[message.conversationId] = { ...thread, messages: sorted, otherTyping: message.side === state.side ? thread.otherTyping : false };
  }
  const conversations = { ...state.conversations };
  for (const message of messages) {
    const summary = conversations[message.conversationId];
    if (!summary) continue;
    conversations[message.conversationId] = {
      ...summary,
      messageCount: Math.max(summary.messageCount, message.seq),
      lastMessageAt: message.sentAt > summary.lastMessageAt ? message.sentAt : summary.lastMessageAt,
      agentName: message.side === 'careTeam' ? message.senderName : summary.agentName,
    };
  }
  const stored = new Set(messages.map((m) => m.clientId));
  return { ...state, threads, conversations, pending: state.pending.filter((p) => !stored.has(p.clientId)) };
}

function withConversation(state: ChatState, conversation: ConversationSummary): ChatState {
  return { ...state, conversations: { ...state.conversations, [conversation.id]: conversation } };
}

function updateThread(state: ChatState, conversationId: string, change: (thread: Thread) => Thread): ChatState {
  const thread = state.threads[conversationId] ?? emptyThread;
  return { ...state, threads: { ...state.threads, [conversationId]: change(thread) } };
}

function onFrame(state: ChatState, frame: ServerFrame): ChatState {
  switch (frame.type) {
    case 'welcome': {
      let next: ChatState = { ...state, side: frame.side, status: 'open' };
      for (const conversation of frame.conversations) next = withConversation(next, conversation);
      if (frame.conversation) {
        next = withConversation({ ...next, current: frame.conversation.id }, frame.conversation);
        next = updateThread(next, frame.conversation.id, (t) => ({
          ...t,
          otherReadSeq: Math.max(t.otherReadSeq, frame.side === 'adviser' ? frame.conversation?.careReadSeq ?? 0 : frame.conversation?.adviserReadSeq ?? 0),
        }));
      }
      return withMessages(next, frame.messages);
    }
    case 'message': {
      const next = state.side === 'adviser' && state.current === null ? { ...state, current: frame.message.conversationId } : state;
      return withMessages(next, [frame.message]);
    }
    case 'messages':
      return withMessages(state, frame.messages);
    case 'conversation':
      return withConversation(state, frame.conversation);
    case 'typing':
      if (frame.side === state.side) return state;
      return updateThread(state, frame.conversationId, (t) => ({ ...t, otherTyping: frame.typing }));
    case 'read': {
      const next = updateThread(state, frame.conversationId, (t) =>
        frame.side === state.side ? t : { ...t, otherReadSeq: Math.max(t.otherReadSeq, frame.seq) },
      );
      const summary = next.conversations[frame.conversationId];
      if (!summary) return next;
      const key = frame.side === 'adviser' ? 'adviserReadSeq' : 'careReadSeq';
      return withConversation(next, { ...summary, [key]: Math.max(summary[key], frame.seq) });
    }
    case 'error': {
      const keep = frame.clientId === null || RETRY_CODES.has(frame.code);
      const pending = keep ? state.pending : state.pending.filter((p) => p.clientId !== frame.clientId);
      return { ...state, pending, notice: frame.message };
    }
  }
}

export function chatReducer(state: ChatState, event: ChatEvent): ChatState {
  switch (event.kind) {
    case 'frame':
      return onFrame(state, event.frame);
    case 'status':
      return { ...state, status: event.status };
    case 'queued':
      return { ...state, pending: [...state.pending, event.message], notice: null };
    case 'dismissNotice':
      return { ...state, notice: null };
    case 'stopTyping':
      return updateThread(state, event.conversationId, (t) => ({ ...t, otherTyping: false }));
  }
}

/**
 * The number of the last message held with every one before it (0 for none): what to ask for
 * after. A thread that began with a live message (an agent who had not opened the conversation
 * yet) asks for everything from the start.
 */
export function lastSeq(state: ChatState, conversationId: string | null): number {
  if (conversationId === null) return 0;
  const messages = state.threads[conversationId]?.messages ?? [];
  let held = 0;
  for (const message of messages) {
    if (message.seq !== held + 1) break;
    held = message.seq;
  }
  return held;
}

/** What to send again after reconnecting: every pending message, in the order it was typed. */
export function toResend(state: ChatState): { type: 'send'; conversationId: string | null; clientId: string; text: string }[] {
  return state.pending.map((p) => ({ type: 'send', conversationId: p.conversationId, clientId: p.clientId, text: p.text }));
}

/** What an agent asks for after reconnecting: each conversation they hold, after its last message. */
export function toCatchUp(state: ChatState): { type: 'sync'; conversationId: string; after: number }[] {
  if (state.side !== 'careTeam') return [];
  return Object.keys(state.threads).map((id) => ({ type: 'sync', conversationId: id, after: lastSeq(state, id) }));
}

/** The conversations at the desk, those waiting for an answer first, then the most recent. */
export function deskOrder(state: ChatState): ConversationSummary[] {
  return Object.values(state.conversations).sort((a, b) => {
    const waiting = Number(isWaiting(state, b)) - Number(isWaiting(state, a));
    return waiting !== 0 ? waiting : b.lastMessageAt.localeCompare(a.lastMessageAt);
  });
}

/** Whether the adviser's last message has no answer yet. */
export function isWaiting(state: ChatState, conversation: ConversationSummary): boolean {
  const last = state.threads[conversation.id]?.messages.at(-1);
  if (last) return last.side === 'adviser';
  return conversation.agentName === null || conversation.careReadSeq < conversation.messageCount;
}
