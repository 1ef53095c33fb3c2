/** Words of the web chat launcher and its chat box (§2 "Footer"). en-GB. */
export const chatStrings = {
  open: 'Web chat',
  checking: 'Checking whether web chat is open…',
  notProvided: 'Web chat is not available yet',
  closedNoOpening: 'Web chat is closed',
  opensAt: (time: string, day: string) => `Web chat opens at ${time} on ${day}`,
  opensToday: (time: string) => `Web chat opens at ${time} today`,
  couldNotCheck: 'We couldn’t check whether web chat is open',
  ready: 'Chat to our customer care team',
  boxTitle: 'Web chat',
  close: 'Close web chat',
  /** What the box says until the chat itself (issue 35) is connected: nothing pretends to talk. */
  notConnected:
    'Customer care is answering, but this portal cannot carry a conversation yet: the chat itself is being built. Please call or email us, using the contacts at the foot of the page.',
} as const;
