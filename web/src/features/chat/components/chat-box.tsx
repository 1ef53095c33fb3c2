import { Modal } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useChat } from '../use-chat';
import { chatStrings as t } from '../strings';
import { ChatThread } from './chat-thread';

/** The chat box's size (§2 "The chat box is 350 by 400"), in CSS pixels. */
export const CHAT_BOX_WIDTH = 350;
export const CHAT_BOX_HEIGHT = 400;

/** The application open in the page, if any: customer care see which case the adviser is on. */
export function applicationInPath(pathname: string): number | null {
  const match = /\/application\/(\d+)(\/|$)/.exec(pathname);
  return match ? Number(match[1]) : null;
}

/**
 * The 350 × 400 chat box: a dialog at the foot of the window, focus moved into it and back to
 * the button on close, closed with Escape or its close button. Inside, the adviser's
 * conversation of today with customer care (decisions SH8, WC1–WC6).
 */
export function ChatBox({ open, onClose }: { open: boolean; onClose: () => void }) {
  // The case open when the chat was opened (the address, so the box needs no router around it).
  const [applicationId] = useState(() => applicationInPath(window.location.pathname));
  const chat = useChat({ applicationId });
  const { state, dispatch } = chat;
  const current = state.current;
  // Focus moves into the box as it opens (antd's own move waits for its opening animation).
  const start = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) start.current?.focus();
  }, [open]);
  const { read } = chat;
  const onRead = useCallback((seq: number) => read(seq), [read]);
  const onStopTyping = useCallback(() => {
    if (current) dispatch({ kind: 'stopTyping', conversationId: current });
  }, [current, dispatch]);
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t.boxTitle}
      footer={null}
      width={CHAT_BOX_WIDTH}
      mask={false}
      keyboard
      destroyOnHidden
      closable={{ 'aria-label': t.close }}
      // Escape closes it wherever focus is inside (antd's own key handler sits on a wrapper that
      // a box without a mask does not always reach).
      modalRender={(node) => (
        <div
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              onClose();
            }
          }}
        >
          {node}
        </div>
      )}
      wrapClassName="chat-box__wrap"
      className="chat-box"
      styles={{ content: { height: CHAT_BOX_HEIGHT, display: 'flex', flexDirection: 'column' }, body: { flex: 1, overflowY: 'auto' } }}
    >
      <div ref={start} tabIndex={-1} className="chat-box__start">
        <ChatThread
          mySide="adviser"
          thread={current ? state.threads[current] : undefined}
          pending={state.pending}
          status={state.status}
          notice={state.notice}
          onSend={(text) => chat.send(text)}
          onTyping={(typing) => chat.typing(typing)}
          onRead={onRead}
          onDismissNotice={() => dispatch({ kind: 'dismissNotice' })}
          onStopTyping={onStopTyping}
          intro={t.start}
        />
      </div>
    </Modal>
  );
}
