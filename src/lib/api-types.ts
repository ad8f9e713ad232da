// The /api's reply and live event shapes are declared once, as zod schemas in the function's
// shared code (supabase/functions/_shared/contract); the client imports only their types
// (no zod at runtime), here and through `@contract/*`.
export type * from '@contract/accounts';
export type * from '@contract/chats';
export type * from '@contract/comments';
export type * from '@contract/common';
export type * from '@contract/concepts';
export type * from '@contract/entries';
export type * from '@contract/feedback';
export type * from '@contract/flashcards';
export type * from '@contract/live-events';
export type * from '@contract/moderation';
export type * from '@contract/notifications';
export type * from '@contract/palabrotas';
export type * from '@contract/recordings';
export type * from '@contract/streaks';
export type * from '@contract/tags';
export type * from '@contract/usage';
export type * from '@contract/votes';
