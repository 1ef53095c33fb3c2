import { Modal } from 'antd';
import { useEffect, useRef } from 'react';
import { chatStrings as t } from '../strings';

/** The chat box's size (§2 "The chat box is 350 by 400"), in CSS pixels. */
export const CHAT_BOX_WIDTH = 350;
export const CHAT_BOX_HEIGHT = 400;

/**
 * The 350 × 400 chat box: a dialog at the foot of the window, focus moved into it and back to
 * the button on close, closed with Escape or its close button. The conversation with customer
 * care is the client-portal issue's (35); until it is connected the box says so plainly.
 */
export function ChatBox({ open, onClose }: { open: boolean; onClose: () => void }) {
  // Focus moves into the box as it opens (antd's own move waits for its opening animation).
  const start = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (open) start.current?.focus();
  }, [open]);
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
      <p ref={start} tabIndex={-1} className="chat-box__start">
        {t.notConnected}
      </p>
    </Modal>
  );
}
