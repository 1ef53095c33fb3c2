import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { createContext, useContext, type ReactNode } from 'react';

const MessageContext = createContext<MessageInstance | null>(null);

/**
 * Short confirmations ("Client added") and the firm-location snackbar, themed like the rest of
 * the page. Only antd's message is loaded here: `App` would also bring modals and
 * notifications, which no page uses, into the first screen's download.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [api, holder] = message.useMessage();
  return (
    <MessageContext.Provider value={api}>
      {holder}
      {children}
    </MessageContext.Provider>
  );
}

/** The page's messages; inside a FeedbackProvider (AppProviders provides one). */
export function useMessage(): MessageInstance {
  const api = useContext(MessageContext);
  if (!api) throw new Error('useMessage needs a FeedbackProvider (see AppProviders)');
  return api;
}
