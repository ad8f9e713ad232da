// The chat feature's public surface: the /chat screen, imported by its route alone (its own chunk).
export { chatKeys } from './api/chat-keys';
export type { Chat, ChatListItem, ChatMessage } from './api/types';
export { ChatScreen } from './components/chat-screen';
