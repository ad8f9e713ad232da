// The /api reply shapes are owned by the edge function; the client only imports them.
export type { ApiErrorBody, AuthReply, Byline, Entry, EntryDetail, EntryListReply, LinkVariantReply, UnlinkVariantReply, Variant, VariantsEvent, Feedback, Flashcard, FlashcardContent, FlashcardState, ListedUser, Moderation, NotificationSettings, ProfileReply, PublicProfile, SentFeedback, SessionTokens, StreakUpdate, Tag, User, CountryUsage, EntryUsage, MyUsage, UsageCounts, UsageEvent, UsageKind, UsageReply } from '../../supabase/functions/_shared/api/types';
export type { Chat, ChatCitation, ChatListItem, ChatMessage, ChatStreamEvent, ChatTurn, ChatWithMessages, SeedChatTurn } from '../../supabase/functions/_shared/api/types';
export type { FlashcardKind, FlashcardVariant, SeedComment, SeedFlashcard, SeedPreviewIntervals, SeedVote } from '../../supabase/functions/_shared/api/types';
export type { ConceptEntry, ConceptGroup, ConceptSearchReply } from '../../supabase/functions/_shared/api/types';
export type { AddRecordingReply, DeleteRecordingReply, Recording, RecordingsEvent, RecordingVote, RecordingVoteReply } from '../../supabase/functions/_shared/api/types';
