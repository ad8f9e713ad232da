import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetReviewSync, reviewSync } from '@/features/review-queue/reviews';
import { json, stubFetch } from '@/test/fetch';
import { ratedCard, reviewFlashcard } from './review-flashcard';
import type { DueFlashcard, Rating } from './types';

const USER = '00000000-0000-4000-8000-000000000001';

function due(state: DueFlashcard['state']): DueFlashcard {
  const at = (days: number) => new Date(Date.parse('2026-11-27T10:00:00Z') + days * 86_400_000).toISOString();
  return {
    _id: `card-${state}`,
    state,
    reps: 2,
    preview: { again: { due: at(0), scheduledDays: 0 }, hard: { due: at(1), scheduledDays: 1 }, good: { due: at(3), scheduledDays: 3 }, easy: { due: at(9), scheduledDays: 9 } },
  } as unknown as DueFlashcard;
}

afterEach(() => {
  resetReviewSync();
  vi.unstubAllGlobals();
});

describe('reviewFlashcard', () => {
  it('queues the rating with the card’s state before it, which the daily limits count while it waits', async () => {
    // The server out of reach: the ratings stay queued.
    stubFetch(() => json({ success: false, code: 'internal', message: 'Down.' }, 503));
    await reviewFlashcard(USER, { card: due('new'), quality: 'Good', shownAt: Date.now() - 1500 });
    await reviewFlashcard(USER, { card: due('review'), quality: 'Again', shownAt: Date.now() });
    const pending = await reviewSync().pendingOf(USER);
    expect(pending.map((review) => [review.flashcardId, review.stateBefore, review.quality])).toEqual([
      ['card-new', 'new', 'Good'],
      ['card-review', 'review', 'Again'],
    ]);
  });
});

describe('ratedCard', () => {
  it('leaves a New card New no more, a Review card rated Again relearning, a card in its steps where it was', () => {
    const state = (from: DueFlashcard['state'], quality: Rating) => ratedCard(due(from), quality, '2026-11-27T10:00:00Z').state;
    expect(state('new', 'Again')).toBe('learning');
    expect(state('new', 'Good')).toBe('learning');
    expect(state('new', 'Easy')).toBe('review');
    expect(state('review', 'Again')).toBe('relearning');
    expect(state('review', 'Good')).toBe('review');
    expect(state('learning', 'Good')).toBe('learning');
    expect(state('relearning', 'Again')).toBe('relearning');
    expect(ratedCard(due('review'), 'Good', '2026-11-27T10:00:00Z')).toMatchObject({ due: '2026-11-30T10:00:00.000Z', reps: 3, lastReview: '2026-11-27T10:00:00Z' });
  });
});
