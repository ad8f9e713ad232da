// The palabrotas client's reply shapes (github.com/dikuw/palabrotas, server/controllers/*.js),
// built from the /api's own JSON: that client reads these fields, so the replies it asks for
// carry them under its names (declared in ../contract). Shapes only: nothing here decides anything.
import type { Chat, ChatMessage, PalabrotasChat } from '../contract/chats.ts';
import type { Comment, PalabrotasComment } from '../contract/comments.ts';
import type { Flashcard, PalabrotasFlashcard, PalabrotasPreviewIntervals, RatingPreviews } from '../contract/flashcards.ts';

/** palabrotas' Comment: `content` (the entry's id) and `updatedAt` beside the /api's fields. */
export function palabrotasComment(comment: Comment): PalabrotasComment {
  return { ...comment, content: comment.contentId, updatedAt: comment.createdAt };
}

/** palabrotas' `previewIntervals`: per button, the whole days until the card would be due (0: again today). */
export function previewIntervalsOf(preview: RatingPreviews | null | undefined): PalabrotasPreviewIntervals | null {
  if (!preview) return null;
  return {
    Again: preview.again.scheduledDays,
    Hard: preview.hard.scheduledDays,
    Good: preview.good.scheduledDays,
    Easy: preview.easy.scheduledDays,
  };
}

/**
 * palabrotas' SM-2 ease (1.3 and up, 2.5 for a new card), read from the FSRS difficulty
 * (1 easiest .. 10 hardest): its client shows neither, but reads the field.
 */
function easeOf(card: Flashcard): number {
  if (card.state === 'new' || !card.difficulty) return 2.5;
  const ease = 3 - ((Math.min(Math.max(card.difficulty, 1), 10) - 1) * 1.7) / 9;
  return Math.round(Math.max(1.3, ease) * 100) / 100;
}

/**
 * palabrotas' Flashcard (user, content populated, lastReviewed, nextReview, interval, ease,
 * reviewCount, createdAt, updatedAt) over the /api's card (or a session's card), whose fields
 * stay beside them; `previewIntervals` when the card's button previews are known.
 */
export function palabrotasFlashcard<Card extends Flashcard & { preview?: RatingPreviews | null }>(card: Card): Card & PalabrotasFlashcard {
  const reviewed = card.lastReview ?? card.createdAt;
  const shaped: Card & PalabrotasFlashcard = {
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
  if (intervals) shaped.previewIntervals = intervals;
  return shaped;
}

/** palabrotas' Chat: the chat itself with its owner and messages. */
export function palabrotasChat(chat: Chat, userId: string, messages: ChatMessage[]): PalabrotasChat {
  return { ...chat, userId, messages };
}
