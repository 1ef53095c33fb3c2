import { message } from 'antd';
import type { ArgsProps, MessageInstance, NoticeType, TypeOpen } from 'antd/es/message/interface';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';

const MessageContext = createContext<MessageInstance | null>(null);

/**
 * Short confirmations ("Client added") and the firm-location snackbar, themed like the rest of
 * the page. Only antd's message is loaded here: `App` would also bring modals and
 * notifications, which no page uses, into the first screen's download.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [api, holder] = message.useMessage();
  const pageMessages = useMemo(() => onePageMessage(api), [api]);
  return (
    <MessageContext.Provider value={pageMessages}>
      {holder}
      {children}
    </MessageContext.Provider>
  );
}

/** The key every page message shares, so a new one replaces the last and none stack up. */
export const PAGE_MESSAGE = 'page-message';

/**
 * The page's confirmations one at a time: `success`, `info`, `warning` and `error` all show in
 * one place, a new one replacing the last (two quick saves do not stack two toasts), and
 * `endPageMessage` takes it away when the adviser moves to another page. A message opened with
 * a key of its own (the firm-location snackbar) is left alone.
 */
function onePageMessage(api: MessageInstance): MessageInstance {
  const shown =
    (type: NoticeType): TypeOpen =>
    (content, duration, onClose) => {
      const args: ArgsProps =
        typeof content === 'object' && content !== null && 'content' in content
          ? { key: PAGE_MESSAGE, ...content, type }
          : { key: PAGE_MESSAGE, content, type, duration: typeof duration === 'number' ? duration : undefined };
      return api.open({ ...args, onClose: typeof duration === 'function' ? duration : onClose });
    };
  return { ...api, success: shown('success'), info: shown('info'), warning: shown('warning'), error: shown('error'), loading: shown('loading') };
}

/** The page's messages; inside a FeedbackProvider (AppProviders provides one). */
export function useMessage(): MessageInstance {
  const api = useContext(MessageContext);
  if (!api) throw new Error('useMessage needs a FeedbackProvider (see AppProviders)');
  return api;
}

/** Takes the page's message away (on a change of page: it belonged to the page left). */
export function useEndPageMessage(): () => void {
  const api = useMessage();
  return useCallback(() => {
    api.destroy(PAGE_MESSAGE);
  }, [api]);
}
