export const chatKeys = {
  all: ['chats'] as const,
  /** A learner's chats, newest activity first. */
  list: (userId: string) => [...chatKeys.all, 'list', userId] as const,
  /** One chat's messages, a page at a time from the newest. */
  messages: (chatId: string) => [...chatKeys.all, 'messages', chatId] as const,
};
