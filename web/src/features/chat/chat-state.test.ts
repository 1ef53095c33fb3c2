import { describe, expect, it } from 'vitest';
import { type ChatMessage, type ChatState, type ServerFrame, chatReducer, deskOrder, initialChatState, lastSeq, toCatchUp, toResend } from './chat-state';

function message(seq: number, clientId: string, side: ChatMessage['side'] = 'adviser', conversationId = 'c1'): ChatMessage {
  return { conversationId, seq, clientId, side, senderName: side === 'adviser' ? 'Priya Shah' : 'Chloe Adams', text: `message ${String(seq)}`, sentAt: '2026-11-27T10:00:00Z' };
}

function frames(state: ChatState, ...list: ServerFrame[]): ChatState {
  return list.reduce((s, frame) => chatReducer(s, { kind: 'frame', frame }), state);
}

const adviserWelcome: ServerFrame = { type: 'welcome', side: 'adviser', name: 'Priya Shah', conversation: null, messages: [], conversations: [] };

function queued(state: ChatState, clientId: string, conversationId: string | null = null): ChatState {
  return chatReducer(state, { kind: 'queued', message: { clientId, conversationId, text: `text of ${clientId}` } });
}

describe('web chat state (decision WC2)', () => {
  it('keeps a typed message pending until the portal sends it back numbered, then shows it once', () => {
    let state = frames(initialChatState, adviserWelcome);
    state = queued(state, 'a');
    expect(state.pending.map((p) => p.clientId)).toEqual(['a']);
    state = frames(state, { type: 'message', message: message(1, 'a') });
    expect(state.pending).toEqual([]);
    expect(state.current).toBe('c1');
    // The same message again (a catch-up overlapping the live delivery) shows once.
    state = frames(state, { type: 'message', message: message(1, 'a') }, { type: 'messages', conversationId: 'c1', messages: [message(1, 'a')] });
    expect(state.threads.c1?.messages.map((m) => m.seq)).toEqual([1]);
  });

  it('after a drop, resends every pending message in the order typed and asks only for what it lacks', () => {
    let state = frames(initialChatState, adviserWelcome, { type: 'message', message: message(1, 'a') });
    state = chatReducer(state, { kind: 'status', status: 'reconnecting' });
    state = queued(queued(state, 'b'), 'c');
    expect(lastSeq(state, state.current)).toBe(1);
    expect(toResend(state)).toEqual([
      { type: 'send', conversationId: null, clientId: 'b', text: 'text of b' },
      { type: 'send', conversationId: null, clientId: 'c', text: 'text of c' },
    ]);
    // Back: the welcome brings b (stored before the drop) and an answer; only c is still pending.
    state = frames(state, {
      ...adviserWelcome,
      conversation: null,
      messages: [message(2, 'b'), message(3, 'x', 'careTeam')],
    });
    expect(state.status).toBe('open');
    expect(toResend(state).map((f) => f.clientId)).toEqual(['c']);
    // c sent again and acknowledged: nothing pending, each message once, in order.
    state = frames(state, { type: 'message', message: message(4, 'c') }, { type: 'message', message: message(4, 'c') });
    expect(state.pending).toEqual([]);
    expect(state.threads.c1?.messages.map((m) => m.clientId)).toEqual(['a', 'b', 'x', 'c']);
  });

  it('asks for a conversation from its start when it holds only a live message of it', () => {
    let state = frames(initialChatState, { type: 'welcome', side: 'careTeam', name: 'Chloe Adams', conversation: null, messages: [], conversations: [] });
    state = frames(state, { type: 'message', message: message(5, 'e', 'adviser', 'c2') });
    expect(lastSeq(state, 'c2')).toBe(0);
    expect(toCatchUp(state)).toEqual([{ type: 'sync', conversationId: 'c2', after: 0 }]);
    state = frames(state, { type: 'messages', conversationId: 'c2', messages: [1, 2, 3, 4, 5].map((n) => message(n, `m${String(n)}`, 'adviser', 'c2')) });
    expect(lastSeq(state, 'c2')).toBe(5);
    expect(state.threads.c2?.messages).toHaveLength(5);
  });

  it('keeps a message refused for speed to send again, and drops one refused for what it says', () => {
    let state = queued(queued(frames(initialChatState, adviserWelcome), 'fast'), 'empty');
    state = frames(state, { type: 'error', code: 'tooFast', message: 'You are sending messages too quickly', clientId: 'fast' });
    expect(state.pending.map((p) => p.clientId)).toEqual(['fast', 'empty']);
    expect(state.notice).toBe('You are sending messages too quickly');
    state = frames(state, { type: 'error', code: 'empty', message: 'Type a message before sending it', clientId: 'empty' });
    expect(state.pending.map((p) => p.clientId)).toEqual(['fast']);
  });

  it('shows the other side typing until their message comes, and their read mark', () => {
    let state = frames(initialChatState, adviserWelcome, { type: 'message', message: message(1, 'a') });
    state = frames(state, { type: 'typing', conversationId: 'c1', side: 'careTeam', typing: true });
    expect(state.threads.c1?.otherTyping).toBe(true);
    // Our own typing echoed back changes nothing.
    state = frames(state, { type: 'typing', conversationId: 'c1', side: 'adviser', typing: false });
    expect(state.threads.c1?.otherTyping).toBe(true);
    state = frames(state, { type: 'read', conversationId: 'c1', side: 'careTeam', seq: 1 }, { type: 'message', message: message(2, 'x', 'careTeam') });
    expect(state.threads.c1?.otherTyping).toBe(false);
    expect(state.threads.c1?.otherReadSeq).toBe(1);
  });

  it('lists the desk’s waiting conversations first, then the most recent', () => {
    const summary = (id: string, at: string, agentName: string | null) => ({
      id, adviserId: id, adviserName: id, day: '2026-11-27', applicationId: null, clientNames: null, startedAt: at, lastMessageAt: at, messageCount: 1, agentName, adviserReadSeq: 1, careReadSeq: agentName ? 1 : 0,
    });
    const state = frames(initialChatState, {
      type: 'welcome', side: 'careTeam', name: 'Chloe Adams', conversation: null, messages: [],
      conversations: [summary('answered-late', '2026-11-27T11:00:00Z', 'Chloe Adams'), summary('waiting-early', '2026-11-27T09:00:00Z', null), summary('waiting-late', '2026-11-27T10:00:00Z', null)],
    });
    expect(deskOrder(state).map((c) => c.id)).toEqual(['waiting-late', 'waiting-early', 'answered-late']);
    // Answered: it goes below the waiting one, with who answered.
    const answered = frames(state, { type: 'message', message: { ...message(2, 'r', 'careTeam', 'waiting-late'), sentAt: '2026-11-27T12:00:00Z' } });
    expect(deskOrder(answered).map((c) => c.id)).toEqual(['waiting-early', 'waiting-late', 'answered-late']);
    expect(answered.conversations['waiting-late']).toMatchObject({ agentName: 'Chloe Adams', messageCount: 2, lastMessageAt: '2026-11-27T12:00:00Z' });
  });
});
