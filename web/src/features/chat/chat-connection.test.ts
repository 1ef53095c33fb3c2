import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatConnection, type SocketLike } from './chat-connection';
import { type ChatEvent, type ChatState, type ServerFrame, chatReducer, initialChatState } from './chat-state';

/** A socket the test drives: it records what the connection sends and plays the portal's frames. */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close'));
  }
  receive(frame: ServerFrame) {
    this.readyState = 1;
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
}

function setUp() {
  let state: ChatState = initialChatState;
  const sockets: FakeSocket[] = [];
  const dispatch = (event: ChatEvent) => {
    state = chatReducer(state, event);
  };
  let tickets = 0;
  const connection = new ChatConnection({
    getTicket: () => Promise.resolve(`ticket-${String(++tickets)}`),
    openSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    dispatch,
    getState: () => state,
    origin: 'https://portal.example',
  });
  const send = (clientId: string, text: string) => {
    dispatch({ kind: 'queued', message: { clientId, conversationId: null, text } });
    connection.send({ type: 'send', conversationId: null, clientId, text });
  };
  return { connection, sockets, send, state: () => state };
}

const message = (seq: number, clientId: string, side: 'adviser' | 'careTeam' = 'adviser') => ({
  conversationId: 'c1', seq, clientId, side, senderName: 'Priya Shah', text: clientId, sentAt: '2026-11-27T10:00:00Z',
});

const welcome = (messages: ReturnType<typeof message>[]): ServerFrame => ({
  type: 'welcome', side: 'adviser', name: 'Priya Shah', conversation: null, messages, conversations: [],
});

afterEach(() => vi.useRealTimers());

describe('the chat connection', () => {
  it('reconnects after a drop with a new ticket, asks for what came after, and resends what was not acknowledged', async () => {
    vi.useFakeTimers();
    const { connection, sockets, send, state } = setUp();
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets[0]?.url).toBe('wss://portal.example/api/v1/backendforfrontend/webchat/socket?ticket=ticket-1&after=0');
    sockets[0]?.receive(welcome([]));
    send('a', 'first');
    sockets[0]?.receive({ type: 'message', message: message(1, 'a') });
    send('b', 'second');
    // The connection drops before b comes back; c is typed while it is down.
    sockets[0]?.close();
    expect(state().status).toBe('reconnecting');
    send('c', 'typed while dropped');
    expect(sockets[0]?.sent).toHaveLength(2);

    await vi.advanceTimersByTimeAsync(500);
    const second = sockets[1];
    expect(second?.url).toBe('wss://portal.example/api/v1/backendforfrontend/webchat/socket?ticket=ticket-2&after=1');
    // The portal had stored b before the drop: the welcome brings it.
    second?.receive(welcome([message(2, 'b')]));
    expect(second?.sent).toEqual([{ type: 'send', conversationId: null, clientId: 'c', text: 'typed while dropped' }]);
    second?.receive({ type: 'message', message: message(3, 'c') });
    expect(state().pending).toEqual([]);
    expect(state().threads.c1?.messages.map((m) => m.text)).toEqual(['a', 'b', 'c']);
    connection.stop();
  });

  it('waits longer after each failed attempt, up to ten seconds', async () => {
    vi.useFakeTimers();
    const { connection, sockets } = setUp();
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    for (const wait of [500, 1000, 2000, 5000, 10_000, 10_000]) {
      const before = sockets.length;
      sockets.at(-1)?.close();
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(sockets.length).toBe(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(sockets.length).toBe(before + 1);
    }
    connection.stop();
  });

  it('sends a message refused as too fast again a few seconds later', async () => {
    vi.useFakeTimers();
    const { connection, sockets, send } = setUp();
    connection.start();
    await vi.advanceTimersByTimeAsync(0);
    const socket = sockets[0];
    socket?.receive(welcome([]));
    send('f', 'fast');
    socket?.receive({ type: 'error', code: 'tooFast', message: 'Too quickly', clientId: 'f' });
    await vi.advanceTimersByTimeAsync(3000);
    expect(socket?.sent).toEqual([
      { type: 'send', conversationId: null, clientId: 'f', text: 'fast' },
      { type: 'send', conversationId: null, clientId: 'f', text: 'fast' },
    ]);
    connection.stop();
  });
});
