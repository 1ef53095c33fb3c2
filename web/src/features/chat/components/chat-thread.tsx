import { Alert, Button, Input } from 'antd';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { ChatMessage, ChatSide, ConnectionStatus, PendingMessage, Thread } from '../chat-state';
import { chatStrings as t } from '../strings';
import { TYPING_SHOWS_MS } from '../use-chat';
import '../chat.css';

const MAX_MESSAGE_CHARS = 2000;

const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });

export interface ChatThreadProps {
  /** Whose view this is: their own messages show as "You". */
  mySide: ChatSide;
  thread: Thread | undefined;
  pending: readonly PendingMessage[];
  status: ConnectionStatus;
  notice: string | null;
  /** Null when the conversation can be read but not answered. */
  onSend: ((text: string) => void) | null;
  onTyping: (typing: boolean) => void;
  onRead: (seq: number) => void;
  onDismissNotice: () => void;
  onStopTyping: () => void;
  /** Shown above the first message. */
  intro?: string;
}

/**
 * One conversation: its messages in order with who sent each and when, the state of the
 * reader's own (sending, sent, read), the other side typing, and the box to write in. Enter
 * sends, Shift+Enter starts a new line. Whatever arrives is read out politely (`role="log"`).
 */
export function ChatThread({ mySide, thread, pending, status, notice, onSend, onTyping, onRead, onDismissNotice, onStopTyping, intro }: ChatThreadProps) {
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const end = useRef<HTMLDivElement>(null);
  const messages = thread?.messages ?? [];
  const lastFromOther = messages.filter((m) => m.side !== mySide).at(-1)?.seq ?? 0;
  const markedRead = useRef(0);

  useEffect(() => {
    if (status === 'open' && lastFromOther > markedRead.current) {
      markedRead.current = lastFromOther;
      onRead(lastFromOther);
    }
  }, [lastFromOther, status, onRead]);

  useEffect(() => {
    const log = end.current?.parentElement;
    // The newest message in view (scrolling the log itself, not the page).
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length, pending.length]);

  const otherTyping = thread?.otherTyping === true;
  useEffect(() => {
    if (!otherTyping) return;
    const timer = setTimeout(onStopTyping, TYPING_SHOWS_MS);
    return () => clearTimeout(timer);
  }, [otherTyping, thread, onStopTyping]);

  const submit = () => {
    const text = draft.trim();
    if (!text || !onSend) return;
    onSend(text);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };
  const otherName = mySide === 'adviser' ? t.careTeam : t.adviser;

  return (
    <div className="chat-thread">
      {status === 'reconnecting' && <Alert type="warning" showIcon message={t.reconnecting} className="chat-thread__status" />}
      {status === 'connecting' && <p className="chat-thread__status">{t.connecting}</p>}
      <div role="log" aria-live="polite" aria-label={t.conversationLabel} className="chat-thread__log" tabIndex={0}>
        {intro && <p className="chat-thread__intro">{intro}</p>}
        <ol className="chat-thread__messages">
          {messages.map((message) => (
            <MessageItem key={message.seq} message={message} mine={message.side === mySide} readByOther={(thread?.otherReadSeq ?? 0) >= message.seq} />
          ))}
          {pending.map((message) => (
            <li key={message.clientId} className="chat-message chat-message--mine" data-state="sending">
              <span className="chat-message__from">{t.you}</span>
              <span className="chat-message__text">{message.text}</span>
              <span className="chat-message__state">{t.sending}</span>
            </li>
          ))}
        </ol>
        {otherTyping && <p className="chat-thread__typing">{t.otherTyping(otherName)}</p>}
        <div ref={end} />
      </div>
      {notice && <Alert type="error" showIcon message={notice} closable={{ 'aria-label': t.dismiss }} onClose={onDismissNotice} className="chat-thread__notice" />}
      {onSend ? (
        <div className="chat-thread__compose">
          <label htmlFor={inputId} className="chat-thread__label">
            {t.messageLabel}
          </label>
          <Input.TextArea
            id={inputId}
            value={draft}
            // Fixed rows: antd's autoSize measures with a style attribute, which the CSP refuses (SEC1).
            rows={2}
            maxLength={MAX_MESSAGE_CHARS}
            placeholder={t.messagePlaceholder}
            onChange={(event) => {
              setDraft(event.target.value);
              onTyping(event.target.value.trim() !== '');
            }}
            onBlur={() => onTyping(false)}
            onKeyDown={onKeyDown}
          />
          <Button type="primary" onClick={submit} disabled={draft.trim() === ''}>
            {t.send}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function MessageItem({ message, mine, readByOther }: { message: ChatMessage; mine: boolean; readByOther: boolean }) {
  const time = timeFormat.format(new Date(message.sentAt));
  const from = mine ? t.you : message.side === 'careTeam' ? `${t.careTeam} (${message.senderName})` : message.senderName;
  return (
    <li className={mine ? 'chat-message chat-message--mine' : 'chat-message'} data-seq={message.seq} data-state={mine ? (readByOther ? 'read' : 'sent') : undefined}>
      <span className="chat-message__from">{t.from(from, time)}</span>
      <span className="chat-message__text">{message.text}</span>
      {mine && <span className="chat-message__state">{readByOther ? t.read : t.sent}</span>}
    </li>
  );
}
