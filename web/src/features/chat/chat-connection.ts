import { type ChatEvent, type ChatState, type ServerFrame, lastSeq, toCatchUp, toResend } from './chat-state';

/** Waits before each reconnection attempt: quick at first, then every 10 s at most. */
export const RECONNECT_DELAYS_MS = [500, 1000, 2000, 5000, 10_000] as const;

/** How long after a "too fast" or "could not save" refusal the pending messages are sent again. */
export const RETRY_PENDING_MS = 3000;

export type ClientFrame =
  | { type: 'send'; conversationId: string | null; clientId: string; text: string }
  | { type: 'typing'; conversationId: string | null; typing: boolean }
  | { type: 'read'; conversationId: string | null; seq: number }
  | { type: 'sync'; conversationId: string | null; after: number };

/** The parts of a WebSocket the connection uses (the browser's, or a test's stand-in). */
export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export interface ChatConnectionOptions {
  /** A single-use ticket for the socket (POST …/webchat/tickets). */
  getTicket: () => Promise<string>;
  openSocket: (url: string) => SocketLike;
  dispatch: (event: ChatEvent) => void;
  /** The state as it stands now, to know what to resend and ask for. */
  getState: () => ChatState;
  /** The page's origin, `http(s)://host`. */
  origin: string;
}

const OPEN = 1;

/**
 * Keeps one chat socket open: asks for a ticket, connects, and after any drop connects again
 * with growing pauses. Each time it connects it asks for what it missed (an adviser by `after`
 * on the address, an agent with a `sync` per conversation) and sends every pending message again.
 */
export class ChatConnection {
  private socket: SocketLike | null = null;
  private attempt = 0;
  private stopped = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: ChatConnectionOptions) {}

  start(): void {
    this.stopped = false;
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.close();
    this.socket = null;
  }

  /** Sends a frame now if connected; a message not sent now waits as pending for the next connection. */
  send(frame: ClientFrame): boolean {
    if (this.socket?.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const state = this.options.getState();
    let ticket: string;
    try {
      ticket = await this.options.getTicket();
    } catch {
      this.retry();
      return;
    }
    // Stopped while the ticket was on its way (the box closed).
    if (this.isStopped()) return;
    const after = state.side === 'careTeam' ? 0 : lastSeq(state, state.current);
    const base = this.options.origin.replace(/^http/, 'ws');
    const socket = this.options.openSocket(`${base}/api/v1/backendforfrontend/webchat/socket?ticket=${encodeURIComponent(ticket)}&after=${String(after)}`);
    this.socket = socket;
    socket.onmessage = (event) => {
      const frame = parseFrame(event.data);
      if (!frame) return;
      this.options.dispatch({ kind: 'frame', frame });
      if (frame.type === 'welcome') {
        this.attempt = 0;
        this.afterWelcome();
      } else if (frame.type === 'error' && (frame.code === 'tooFast' || frame.code === 'unavailable')) {
        this.timer = setTimeout(() => this.resendPending(), RETRY_PENDING_MS);
      }
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.retry();
    };
    socket.onerror = () => socket.close();
  }

  private isStopped(): boolean {
    return this.stopped;
  }

  private afterWelcome(): void {
    const state = this.options.getState();
    for (const frame of toCatchUp(state)) this.send(frame);
    this.resendPending();
  }

  private resendPending(): void {
    for (const frame of toResend(this.options.getState())) this.send(frame);
  }

  private retry(): void {
    if (this.stopped) return;
    this.options.dispatch({ kind: 'status', status: 'reconnecting' });
    const delay = RECONNECT_DELAYS_MS[Math.min(this.attempt, RECONNECT_DELAYS_MS.length - 1)];
    this.attempt += 1;
    this.timer = setTimeout(() => void this.connect(), delay);
  }
}

function parseFrame(data: unknown): ServerFrame | null {
  if (typeof data !== 'string') return null;
  try {
    return JSON.parse(data) as ServerFrame;
  } catch {
    return null;
  }
}
