import { Alert, Button, Tag } from 'antd';
import { useCallback, useEffect, useId, useState } from 'react';
import { PageHeading } from '@/components/page-heading';
import { UkDateInput } from '@/components/uk-date-input';
import { useRoles } from '@/lib/auth/roles';
import { useConversations, useTranscript } from '../api/transcripts';
import { type ChatState, type ConversationSummary, deskOrder, isWaiting, lastSeq } from '../chat-state';
import { chatStrings as t } from '../strings';
import { useChat } from '../use-chat';
import { ChatThread } from './chat-thread';

/**
 * Customer care's chat desk (`/customer-care/chats`): an agent (`cca`) is online while it is
 * open, sees today's conversations (those waiting for an answer first) with the adviser and the
 * case they were on, and answers them; anyone in customer care reads earlier transcripts. An
 * administrator (`ccaadmin`) only reads (decision WC6).
 */
export function ChatDesk() {
  const answers = useRoles().includes('cca');
  return (
    <>
      <PageHeading>{t.deskTitle}</PageHeading>
      {answers ? <LiveDesk /> : <p>{t.supervisorOnly}</p>}
      <EarlierTranscripts today={!answers} />
    </>
  );
}

function LiveDesk() {
  const chat = useChat();
  const { state, dispatch, sync } = chat;
  const [selected, setSelected] = useState<string | null>(null);
  const conversations = deskOrder(state);
  const open = selected ? state.conversations[selected] : undefined;

  // Opening a conversation asks for what is not held yet (its start, when only live messages are).
  const held = selected ? lastSeq(state, selected) : 0;
  const status = state.status;
  useEffect(() => {
    if (selected && status === 'open') sync(selected, held);
    // Once per choice and per connection: what arrives later comes live.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected, status, sync]);

  const { read } = chat;
  const onRead = useCallback((seq: number) => selected && read(seq, selected), [read, selected]);
  const onStopTyping = useCallback(() => selected && dispatch({ kind: 'stopTyping', conversationId: selected }), [dispatch, selected]);

  return (
    <>
      <p>{t.deskIntro}</p>
      <p role="status">{state.status === 'open' ? <Tag color="green">{t.deskOnline}</Tag> : state.status === 'reconnecting' ? t.reconnecting : t.deskOffline}</p>
      <div className="chat-desk">
        <section aria-labelledby="chat-desk-list">
          <h2 id="chat-desk-list">{t.deskConversations}</h2>
          {conversations.length === 0 ? (
            <p>{t.deskNone}</p>
          ) : (
            <ul className="chat-desk__list">
              {conversations.map((c) => (
                <li key={c.id}>
                  <ConversationButton conversation={c} state={state} selected={c.id === selected} onSelect={() => setSelected(c.id)} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-label={open ? t.transcriptOf(open.adviserName, open.day) : t.conversationLabel} className="chat-desk__thread">
          {open ? (
            <>
              <h2>{open.adviserName}</h2>
              <p>{open.applicationId ? t.onCase(open.applicationId, open.clientNames) : t.noCase}</p>
              <ChatThread
                mySide="careTeam"
                thread={state.threads[open.id]}
                pending={state.pending.filter((p) => p.conversationId === open.id)}
                status={state.status}
                notice={state.notice}
                onSend={(text) => chat.send(text, open.id)}
                onTyping={(typing) => chat.typing(typing, open.id)}
                onRead={onRead}
                onDismissNotice={() => dispatch({ kind: 'dismissNotice' })}
                onStopTyping={onStopTyping}
              />
            </>
          ) : (
            <p>{t.chooseConversation}</p>
          )}
        </section>
      </div>
    </>
  );
}

function ConversationButton({ conversation: c, state, selected, onSelect }: { conversation: ConversationSummary; state: ChatState; selected: boolean; onSelect: () => void }) {
  const count = Math.max(c.messageCount, lastSeq(state, c.id));
  return (
    <Button className="chat-desk__item" type={selected ? 'primary' : 'default'} aria-pressed={selected} onClick={onSelect}>
      <strong>{c.adviserName}</strong>
      <span>{c.applicationId ? t.onCase(c.applicationId, c.clientNames) : t.noCase}</span>
      <span>
        {t.messages(count)} · {isWaiting(state, c) ? t.waiting : c.agentName ? t.answeredBy(c.agentName) : t.waiting}
      </span>
    </Button>
  );
}

/** Today's date in the UK (`YYYY-MM-DD`): conversations are kept per UK day. */
function ukToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
}

function EarlierTranscripts({ today }: { today: boolean }) {
  const [day, setDay] = useState(ukToday());
  const [shown, setShown] = useState<string | null>(today ? ukToday() : null);
  const [reading, setReading] = useState<string | null>(null);
  const dayId = useId();
  const list = useConversations(shown);
  return (
    <section className="chat-desk__earlier" aria-labelledby="chat-desk-earlier">
      <h2 id="chat-desk-earlier">{t.earlier}</h2>
      <form
        className="chat-desk__day"
        onSubmit={(event) => {
          event.preventDefault();
          if (!day) return;
          setShown(day);
          setReading(null);
        }}
      >
        <label htmlFor={dayId}>{t.earlierDay}</label>
        {/* DD/MM/YYYY whatever the browser's language, as every date in the portal; no day after today. */}
        <UkDateInput id={dayId} value={day} range="past" onChange={setDay} aria-describedby={`${dayId}-help`} />
        <Button htmlType="submit">{t.earlierShow}</Button>
        <span id={`${dayId}-help`} className="chat-desk__day-help">
          {t.earlierDayHelp}
        </span>
      </form>
      {list.isError && <Alert type="error" message={t.couldNotLoad} />}
      {shown && list.data && (list.data.conversations.length === 0 ? (
        <p>{t.earlierNone}</p>
      ) : (
        <ul className="chat-desk__list">
          {list.data.conversations.map((c) => (
            <li key={c.id}>
              <Button className="chat-desk__item" aria-pressed={c.id === reading} onClick={() => setReading(c.id)}>
                <strong>{c.adviserName}</strong>
                <span>{c.applicationId ? t.onCase(c.applicationId, c.clientNames) : t.noCase}</span>
                <span>{t.messages(c.messageCount)}</span>
              </Button>
            </li>
          ))}
        </ul>
      ))}
      {reading && <Transcript conversationId={reading} />}
    </section>
  );
}

function Transcript({ conversationId }: { conversationId: string }) {
  const transcript = useTranscript(conversationId);
  if (!transcript.data) return transcript.isError ? <Alert type="error" message={t.couldNotLoad} /> : null;
  const { conversation, messages } = transcript.data;
  return (
    <section aria-label={t.transcriptOf(conversation.adviserName, conversation.day)} className="chat-desk__thread">
      <h3>{t.transcriptOf(conversation.adviserName, conversation.day)}</h3>
      <ChatThread
        mySide="careTeam"
        thread={{ messages, otherTyping: false, otherReadSeq: conversation.adviserReadSeq }}
        pending={[]}
        status="open"
        notice={null}
        onSend={null}
        onTyping={noop}
        onRead={noop}
        onDismissNotice={noop}
        onStopTyping={noop}
      />
    </section>
  );
}

function noop() {}
