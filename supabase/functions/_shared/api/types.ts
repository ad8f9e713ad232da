// The shapes /api replies with, in the spec's field names. The client imports these
// types; nothing here runs.

export interface Tag {
  _id: string;
  name: string;
  /** The tag's Spanish name; absent when none was given (show `name`). */
  nameEs?: string;
  owner?: string | null;
  /**
   * On an entry's tags (entry replies, the tag routes of one entry): whether the caller may
   * take this tag off it (they added it, own the entry, or are an admin). Absent elsewhere.
   */
  canRemove?: boolean;
}

/** The account that posted an entry, as anyone may see it. */
export interface Byline {
  _id: string;
  /** The learner's display name. */
  name: string;
}

export interface Entry {
  _id: string;
  title: string;
  description: string;
  /** The meaning in Spanish; null when only the English one was written. */
  descriptionEs: string | null;
  /** Two-letter country code, e.g. "AR". */
  country: string;
  hint: string | null;
  exampleSentence: string | null;
  author: string;
  /** User id of the author; null when a guest added it. */
  owner: string | null;
  /** The account that posted it (its public profile); null for a guest's entry or a deleted account's. */
  addedBy: Byline | null;
  /** True when the account that posted it was deleted (addedBy is then null). */
  ownerDeleted: boolean;
  show: boolean;
  /** upvotes - downvotes: the home grid's order. */
  voteCount: number;
  upvotes: number;
  downvotes: number;
  /** The caller's own vote on it: null when none (always for guests). */
  userVote: 'upvote' | 'downvote' | null;
  /** Whether the caller already has the entry as a flashcard (false for guests). */
  inFlashcards: boolean;
  commentCount: number;
  /** Countries where learners mark it offensive (the "rude in Spain" badge); empty when none. */
  rudeIn: string[];
  /** GET /api/content/getContentById only: how it lands per country (marked countries only). */
  usage?: EntryUsage;
  /** GET /api/content/getContentById only: the caller's own marks ({} for a guest). */
  myUsage?: MyUsage;
  createdAt: string;
  updatedAt: string;
  tags: Tag[];
  /** Only for its owner and admins, and only when set: held for moderators, or removed by them. */
  moderation?: Moderation;
}

/**
 * An entry of the same group (concept) as another: the same meaning, most often in another
 * country. What the entry page lists under "Elsewhere".
 */
export interface Variant {
  _id: string;
  title: string;
  country: string;
  /** The variant's vote score (upvotes - downvotes). */
  voteScore: number;
  /** Linked to this entry itself, rather than through another of the group. */
  direct: boolean;
  /** Whether the caller may remove the direct link (they made it, own either entry, or are an admin). */
  canUnlink: boolean;
}

/** GET /api/content/getContentById/:id: the entry with the rest of its variant group. */
export interface EntryDetail extends Entry {
  /** Shown entries only; countries by their best-voted form, then by code; best-voted first within one. */
  variants: Variant[];
}

/** POST /api/content/linkVariant (201 when linked now, 200 when already linked): the content's variants. */
export interface LinkVariantReply {
  success: true;
  created: boolean;
  data: Variant[];
}

/** DELETE /api/content/unlinkVariant/:contentId/:variantId: the content's variants afterwards. */
export interface UnlinkVariantReply {
  success: true;
  data: Variant[];
}

/** The 'variants' broadcast on entry:<id>: that entry's new list (canUnlink is each caller's own, so left out). */
export interface VariantsEvent {
  contentId: string;
  variants: Omit<Variant, 'canUnlink'>[];
}

/** Why a thing is hidden by moderation: held (three accounts reported it) or removed by an admin. */
export type Moderation = 'held' | 'removed';

/** A vote on a recording: up (+1) or down (-1). */
export type RecordingVote = 'up' | 'down';

/**
 * A learner's recording of an entry (GET /api/recording/getRecordings/:contentId, and what
 * POST /api/recording/addRecording registered), said by someone from `country`.
 */
export interface Recording {
  _id: string;
  /** The entry it says. */
  contentId: string;
  /** The file's name in the `recordings` bucket: <userId>/<contentId>/<file>. */
  path: string;
  /**
   * The file's public address under the server's SUPABASE_URL. A browser builds its own from
   * `path` with supabase.storage.from('recordings').getPublicUrl(path).
   */
  url: string;
  /** Two-letter code of the country the speaker says it from. */
  country: string;
  /** The speaker's display name when they recorded it. */
  authorName: string;
  /** How long it lasts, when the recorder said (1..15000); null otherwise. */
  durationMs: number | null;
  /** Up votes minus down votes: the list's order (best first, then newest). */
  voteScore: number;
  /** The caller's own vote: null when none (always for guests). */
  userVote: RecordingVote | null;
  createdAt: string;
  /** Whether the caller may delete it (they recorded it, or they are an admin). */
  canDelete: boolean;
  /** Only for its speaker and admins, and only when set: held for moderators, or removed by them. */
  moderation?: Moderation;
}

/** POST /api/recording/addRecording: 201 with the new recording. */
export interface AddRecordingReply {
  success: true;
  data: Recording;
}

/** POST /api/recording/vote: the recording's new score and the caller's vote (null once taken back). */
export interface RecordingVoteReply {
  success: true;
  recordingId: string;
  contentId: string;
  voteScore: number;
  userVote: RecordingVote | null;
}

/** DELETE /api/recording/:id. */
export interface DeleteRecordingReply {
  success: true;
  message: string;
  _id: string;
  contentId: string;
}

/** Realtime event `recordings` on entry:<contentId>: the entry's recordings changed (read them again). */
export interface RecordingsEvent {
  contentId: string;
}

export interface EntryListReply {
  data: Entry[];
  /** Pass back as `cursor` for the next page; null on the last page or when unpaginated. */
  nextCursor: string | null;
}

/** What anyone may see of a learner (GET /api/user/getProfile/:userId). */
export interface PublicProfile {
  _id: string;
  name: string;
  /** When they joined. */
  createdAt: string;
  /** How many shown entries they posted. */
  entryCount: number;
}

/** GET /api/user/getProfile/:userId: the learner and a page of their shown entries, newest first. */
export interface ProfileReply {
  user: PublicProfile;
  data: Entry[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

export interface ApiErrorBody {
  success: false;
  /** Stable code the client translates (supabase/functions/_shared/messages.ts). */
  code: string;
  /** The English message for `code`, for clients that do not know it. */
  message: string;
  /** Per-field English messages, when the error concerns fields (validation). */
  errors?: Record<string, string>;
  /** Per-field codes, the same fields as `errors`. */
  fieldCodes?: Record<string, string>;
  /** Seconds to wait, on 429 (also in the Retry-After header). */
  retryAfter?: number;
}

/** The spec's user, from the profile. */
export interface User {
  _id: string;
  name: string;
  email: string | null;
  isAdmin: boolean;
  createdAt: string;
  lastLogin: string | null;
  timeZone: string;
  currentStreak: number;
  longestStreak: number;
  /** Which notifications the learner receives (absent from older servers: all on). */
  notifications?: NotificationSettings;
  /** Where the learner says they live (a country code); absent when unsaid. */
  homeCountry?: string;
  /** Daily limits of the review session (absent from older servers: 20 and 200). */
  newCardsPerDay?: number;
  maxReviewsPerDay?: number;
}

export interface NotificationSettings {
  comments: boolean;
  replies: boolean;
  votes: boolean;
  moderation: boolean;
}

/** A user as the admins' list (GET /api/user/getUsers) and POST /api/admin/banUser reply with it. */
export interface ListedUser extends User {
  /** When a running ban ends (a hundred years ahead: for good); null when not banned. */
  bannedUntil: string | null;
}

/** A feedback message as POST /api/feedback/addFeedback returns it to its sender. */
export interface SentFeedback {
  _id: string;
  name: string;
  email: string;
  message: string;
  /** The sender's account; null for a guest. */
  userId: string | null;
  createdAt: string;
}

/** A feedback message as admins read it (GET /api/feedback/getFeedback, POST /api/admin/markFeedbackHandled). */
export interface Feedback extends SentFeedback {
  /** An admin marked it handled (and has not reopened it). */
  handled: boolean;
  handledAt: string | null;
  /** The admin who marked it; null while open, or once their account is gone (name null then). */
  handledBy: { _id: string; name: string | null } | null;
}

/** What the client hands to supabase-js `setSession` after /api login or register. */
export interface SessionTokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
  token_type: 'bearer';
}

export interface AuthReply {
  authenticated: boolean;
  user: User | null;
  message: string;
  session: SessionTokens | null;
}

/** FSRS card states as the /api names them. */
export type FlashcardState = 'new' | 'learning' | 'review' | 'relearning';

/** The entry a card is made from (exampleSentence and hint are '' when the entry has none). */
export interface FlashcardContent {
  _id: string;
  title: string;
  description: string;
  /** The meaning in Spanish, null when only the English one was written. */
  descriptionEs: string | null;
  exampleSentence: string;
  hint: string;
  country: string;
}

/** What a card asks: the word (basic), the word from its meaning and country (reverse), the
 * word missing from the example (cloze), one country's form of a meaning (variant). */
export type FlashcardKind = 'basic' | 'reverse' | 'cloze' | 'variant';

/** A variant card's back: the other forms of the entry's group (shown entries), by country. */
export interface FlashcardVariant {
  _id: string;
  title: string;
  country: string;
}

/** A card as public.flashcard_json shapes it. */
export interface Flashcard {
  _id: string;
  userId: string;
  contentId: string;
  kind: FlashcardKind;
  /**
   * The card's front in English: basic the word; reverse "<meaning> — <Country>"; cloze the
   * example with the word blanked as _____ (never the word); variant "<meaning> — in <Country>?".
   */
  prompt: string;
  createdAt: string;
  due: string;
  state: FlashcardState;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  lastReview: string | null;
  content: FlashcardContent;
}

/** Per rating, what the button would schedule (getDueFlashcards' `preview`). */
export interface RatingPreview {
  due: string;
  scheduledDays: number;
}

/** The seed's previewIntervals: whole days until due per button (0 = again today). */
export interface SeedPreviewIntervals {
  Again: number;
  Hard: number;
  Good: number;
  Easy: number;
}

/**
 * A card as the seed's controllers answer it (getFlashcards, getDueFlashcards,
 * updateFlashcardReview): the seed's fields over the /api's Flashcard.
 */
export interface SeedFlashcard extends Flashcard {
  /** The owner's id (the seed's `user`). */
  user: string;
  lastReviewed: string;
  /** = due. */
  nextReview: string;
  /** = scheduledDays. */
  interval: number;
  /** SM-2 ease read from the FSRS difficulty (2.5 for a new card). */
  ease: number;
  /** = reps. */
  reviewCount: number;
  updatedAt: string;
  /** getDueFlashcards (bare list) and updateFlashcardReview only. */
  previewIntervals?: SeedPreviewIntervals;
}

/** A comment as getCommentsByContentId answers it: the seed's `content` and `updatedAt` beside the /api's fields. */
export interface SeedComment {
  _id: string;
  content: string;
  contentId: string;
  text: string;
  owner: { _id: string | null; name: string };
  createdAt: string;
  updatedAt: string;
  parentId?: string;
}

/** A vote as getVotesByContentId answers it (public.entry_votes). */
export interface SeedVote {
  _id: string;
  content: string;
  user: { _id: string; name: string };
  voteType: 'upvote' | 'downvote';
  createdAt: string;
  updatedAt: string;
  contentId: string;
  userId: string;
}

/** A tutor chat as public.create_chat/rename_chat shape it. */
export interface Chat {
  _id: string;
  title: string;
  createdAt: string;
  /** Moves on with every message: the chat list is newest activity first. */
  updatedAt: string;
}

/** A chat in the list of a learner's chats. */
export interface ChatListItem extends Chat {
  messageCount: number;
  /** The last message's first 120 characters; null for an empty chat. */
  preview: string | null;
}

/** An entry a tutor reply cites (only those the learner can still see). */
export interface ChatCitation {
  _id: string;
  title: string;
  country: string;
  /** The learner already has this entry in their flashcards. */
  inFlashcards: boolean;
}

export interface ChatMessage {
  _id: string;
  role: 'user' | 'assistant';
  /** The learner's text, or the tutor's reply as markdown. */
  content: string;
  createdAt: string;
  /** Who wrote a reply: 'offline' (the built-in tutor) or the model's name; null for the learner's messages. */
  model: string | null;
  citations: ChatCitation[];
}

/** GET /api/chat/:chatId's `chat`: the chat with its newest messages, oldest first. */
export interface ChatWithMessages extends Chat {
  messages: ChatMessage[];
  /** The owner, in GET /api/chat/chats/:userId's list (the spec's and the seed's Chat). */
  userId?: string;
}

/** POST /api/chat/send as JSON (the seed's `{reply, chatId}`): the reply's text, and the stored messages. */
export interface SeedChatTurn {
  /** The tutor's reply as text (the seed's `reply`). */
  reply: string;
  chatId: string;
  userMessage: ChatMessage;
  /** The stored reply (what ChatTurn's `reply` is). */
  assistantMessage: ChatMessage;
  chat: Chat;
}

/** The data of POST /api/chat/send's stream's `done` event (Accept: text/event-stream). */
export interface ChatTurn {
  reply: ChatMessage;
  userMessage: ChatMessage;
  chat: Chat;
}

/** The events of POST /api/chat/send with `Accept: text/event-stream` (each `data:` is JSON). */
export type ChatStreamEvent =
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: ChatTurn }
  | { event: 'error'; data: { code: string; message: string } };

/** PUT /api/user/updateStreak's reply (public.update_streak). */
/** Today's review session against the learner's daily limits (GET getDueFlashcards' `today`). */
export interface DailyProgress {
  newCardsPerDay: number;
  maxReviewsPerDay: number;
  /** New cards introduced and Review cards reviewed so far in the learner's local day. */
  newCards: number;
  reviews: number;
}

export interface StreakUpdate {
  updated: boolean;
  streak: number;
  longest: number;
  freezes: number;
  freezesUsed: number;
  freezeEarned: boolean;
}

/** How a word lands in a country, as one learner marks it. */
export type UsageKind = 'used' | 'understood' | 'unknown' | 'offensive';

export type UsageCounts = Record<UsageKind, number>;

/** One country's tallies; `locals` counts the marks of learners whose home country it is. */
export interface CountryUsage extends UsageCounts {
  locals: UsageCounts;
}

/** An entry's tallies by country code ("MX"): marked countries only. */
export type EntryUsage = Record<string, CountryUsage>;

/** The caller's own marks by country code. */
export type MyUsage = Record<string, UsageKind>;

/** PUT /api/content/setUsage's reply, and (without success, myUsage) the entry:<id> 'usage' event. */
export interface UsageReply {
  success: true;
  contentId: string;
  usage: EntryUsage;
  rudeIn: string[];
  myUsage: MyUsage;
}

/** The live 'usage' event on entry:<id>: every learner's new tallies. */
export type UsageEvent = Pick<UsageReply, 'contentId' | 'usage' | 'rudeIn'>;
/** One member of a concept group as the concept search shows it. */
export interface ConceptEntry {
  _id: string;
  title: string;
  /** Two-letter country code. */
  country: string;
  /** The meaning in English. */
  description: string;
  /** The meaning in Spanish; null when only the English one was written. */
  descriptionEs: string | null;
}

/** A concept: entries linked as one meaning in their countries, the ones the caller can see, by country. */
export interface ConceptGroup {
  entries: ConceptEntry[];
}

/** GET /api/concept/search?q= — the matching groups, best first (at most 20). */
export interface ConceptSearchReply {
  data: ConceptGroup[];
}
