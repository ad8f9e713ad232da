// The limits the client shows and the /api checks before a trip, stated once. Postgres holds
// each rule (a check constraint, a bucket's row, a function's test) and keeps enforcing it;
// tests/database/contract-limits.test.ts proves every number here equals the database's.
// Plain values, no zod: the client imports them at runtime without pulling in a schema.

/** A comment's text, trimmed (public.comments text check). */
export const COMMENT_MAX_LENGTH = 2000;

/** An entry's title, meanings, hint and example sentence, trimmed (public.entries checks). */
export const ENTRY_TEXT_MAX_LENGTH = 1000;
/** An entry's author name (public.entries author check). */
export const ENTRY_AUTHOR_MAX_LENGTH = 100;

/** A tag's name and its Spanish name (public.tags checks). */
export const TAG_NAME_MAX_LENGTH = 20;

/** A person's name: a profile's, a feedback sender's (public.profiles and public.feedback name checks). */
export const PERSON_NAME_MAX_LENGTH = 100;
/** A feedback message, trimmed (public.feedback message check). */
export const FEEDBACK_MESSAGE_MAX_LENGTH = 5000;

/** A report's note and a resolution's note (public.reports note check). */
export const REPORT_NOTE_MAX_LENGTH = 500;

/** A learner's message to the tutor, trimmed (private.tutor_message). */
export const CHAT_MESSAGE_MAX_LENGTH = 4000;
/** A chat's title, trimmed (public.chats title check). */
export const CHAT_TITLE_MAX_LENGTH = 100;

/** The longest a card may have been shown for one rating: an hour (public.reviews duration check). */
export const MAX_REVIEW_DURATION_MS = 3_600_000;

/** The review session's daily limits a learner may set (public.profiles checks). */
export const MAX_NEW_CARDS_PER_DAY = 999;
export const MAX_REVIEWS_PER_DAY = 9999;

/** The public bucket of learners' recordings: <userId>/<entryId>/<file>. */
export const RECORDINGS_BUCKET = 'recordings';
/** The recordings bucket's file size limit: 2 MB (storage.buckets). */
export const MAX_RECORDING_BYTES = 2 * 1024 * 1024;
/** The media types the recordings bucket takes (storage.buckets). */
export const RECORDING_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/mpeg', 'audio/wav'] as const;
/** A recording's length when its recorder says it (public.recordings duration check). */
export const MAX_RECORDING_DURATION_MS = 15_000;

/** The public bucket of learners' avatars: <userId>/<file>. */
export const AVATARS_BUCKET = 'avatars';
