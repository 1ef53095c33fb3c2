import { MessageOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { formatChatOpening } from '../chat-opening';
import { useWebChatStatus } from '../api/web-chat-status';
import { chatStrings as t } from '../strings';

/** The box and antd's Modal download only when a chat is opened, not with the first screen. */
const ChatBox = lazy(async () => ({ default: (await import('./chat-box')).ChatBox }));

/**
 * The footer's web chat button (§2): disabled until the chat service says it is ready, with
 * the reason beside it (not only in a tooltip, which a disabled button cannot show to keyboard
 * users); when ready it opens the chat box. Asks again every minute.
 */
export function WebChatLauncher() {
  const [open, setOpen] = useState(false);
  const status = useWebChatStatus({ enabled: true });
  const reasonId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    // Back where the adviser was: the box is gone, so focus would otherwise fall to the page's top.
    button.current?.focus();
  };
  const ready = status.data?.ready === true;
  const reason = status.isPending
    ? t.checking
    : status.isError
      ? t.couldNotCheck
      : ready
        ? t.ready
        : reasonText(status.data);

  return (
    <span className="web-chat">
      <Button ref={button} icon={<MessageOutlined aria-hidden="true" />} disabled={!ready} aria-describedby={reasonId} onClick={() => setOpen(true)}>
        {t.open}
      </Button>
      <span id={reasonId} className="web-chat__reason" aria-live="polite">
        {reason}
      </span>
      {open && (
        <Suspense fallback={null}>
          <ChatBox open onClose={close} />
        </Suspense>
      )}
    </span>
  );
}

function reasonText(status: ReturnType<typeof useWebChatStatus>['data']): string {
  if (status?.reason === 'outsideHours') {
    return status.opensAt ? formatChatOpening(status.opensAt, new Date()) : t.closedNoOpening;
  }
  return t.noOneOnline;
}
