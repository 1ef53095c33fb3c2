import { ChatDesk } from '../components/chat-desk';

/** /v2/customer-care/chats: customer care's chat desk (issue 35). */
export function ChatDeskRoute() {
  return <ChatDesk />;
}
