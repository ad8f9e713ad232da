// The /api reply shapes are owned by the edge function; the client only imports them.
export type { ApiErrorBody, AuthReply, Byline, Entry, EntryListReply, Flashcard, FlashcardContent, FlashcardState, Moderation, NotificationSettings, ProfileReply, PublicProfile, SessionTokens, StreakUpdate, Tag, User } from '../../supabase/functions/_shared/api/types';
export type { Chat, ChatCitation, ChatListItem, ChatMessage, ChatStreamEvent, ChatTurn, ChatWithMessages } from '../../supabase/functions/_shared/api/types';
