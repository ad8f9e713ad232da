// The seed project's reply shapes (github.com/dikuw/palabrotas, server/controllers/*.js),
// built from the /api's own JSON: the seed's client reads these fields, so the replies it
// asks for carry them under the seed's names. Shapes only: nothing here decides anything.
import type { ChatMessage, ChatWithMessages, Flashcard, RatingPreview, SeedComment, SeedFlashcard, SeedPreviewIntervals } from './types.ts';

/** A comment as the /api shapes it (public.comment_json). */
export interface ApiComment {
  _id: string;
  contentId: string;
  text: string;
  owner: { _id: string | null; name: string };
  createdAt: string;
  parentId?: string;
}

/** The seed's Comment: `content` (the entry's id) and `updatedAt` beside the /api's fields. */
export function seedComment(comment: ApiComment): SeedComment {
  return { ...comment, content: comment.contentId, updatedAt: comment.createdAt };
}

type Previews = Record<'again' | 'hard' | 'good' | 'easy', RatingPreview>;

/** The seed's `previewIntervals`: per button, the whole days until the card would be due (0: again today). */
export function previewIntervalsOf(preview: Previews | null | undefined): SeedPreviewIntervals | null {
  if (!preview) return null;
  return {
    Again: preview.again.scheduledDays,
    Hard: preview.hard.scheduledDays,
    Good: preview.good.scheduledDays,
    Easy: preview.easy.scheduledDays,
  };
}

/**
 * The seed's SM-2 ease (1.3 and up, 2.5 for a new card), read from the FSRS difficulty
 * (1 easiest .. 10 hardest): the seed's client shows neither, but reads the field.
 */
function easeOf(card: Flashcard): number {
  if (card.state === 'new' || !card.difficulty) return 2.5;
  const ease = 3 - ((Math.min(Math.max(card.difficulty, 1), 10) - 1) * 1.7) / 9;
  return Math.round(Math.max(1.3, ease) * 100) / 100;
}

/**
 * The seed's Flashcard (user, content populated, lastReviewed, nextReview, interval, ease,
 * reviewCount, createdAt, updatedAt) over the /api's card, whose fields stay beside them;
 * `previewIntervals` when the card's button previews are known.
 */
export function seedFlashcard(card: Flashcard & { preview?: Previews | null }): SeedFlashcard {
  const reviewed = card.lastReview ?? card.createdAt;
  const seeded: SeedFlashcard = {
    ...card,
    user: card.userId,
    lastReviewed: reviewed,
    nextReview: card.due,
    interval: card.scheduledDays,
    ease: easeOf(card),
    reviewCount: card.reps,
    updatedAt: reviewed,
  };
  const intervals = previewIntervalsOf(card.preview);
  if (intervals) seeded.previewIntervals = intervals;
  return seeded;
}

/** The seed's Chat: the chat itself with its owner and messages. */
export function seedChat(chat: Omit<ChatWithMessages, 'messages' | 'userId'>, userId: string, messages: ChatMessage[]): ChatWithMessages {
  return { ...chat, userId, messages };
}
