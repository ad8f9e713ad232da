import { describe, expect, it } from 'vitest';
import type { Flashcard } from '../contract/flashcards.ts';
import { palabrotasChat, palabrotasComment, palabrotasFlashcard, previewIntervalsOf } from './palabrotas-shapes.ts';

// The palabrotas client's reply shapes built from the /api's own JSON (no database): its
// fields beside ours, nothing of ours renamed.

const card: Flashcard = {
  _id: 'c1',
  userId: 'u1',
  contentId: 'e1',
  kind: 'basic',
  prompt: 'chamba',
  createdAt: '2026-11-20T10:00:00.000Z',
  due: '2026-11-25T10:00:00.000Z',
  state: 'review',
  stability: 12.3,
  difficulty: 5.5,
  scheduledDays: 5,
  learningSteps: 0,
  reps: 3,
  lapses: 0,
  lastReview: '2026-11-20T10:00:00.000Z',
  recording: null,
  content: { _id: 'e1', title: 'chamba', description: 'Work.', descriptionEs: null, exampleSentence: '', hint: '', country: 'MX' },
};

const preview = (days: [number, number, number, number]) => ({
  again: { due: '2026-11-20T10:10:00.000Z', scheduledDays: days[0] },
  hard: { due: '2026-11-21T10:00:00.000Z', scheduledDays: days[1] },
  good: { due: '2026-11-23T10:00:00.000Z', scheduledDays: days[2] },
  easy: { due: '2026-11-30T10:00:00.000Z', scheduledDays: days[3] },
});

describe('palabrotasFlashcard', () => {
  it('adds palabrotas’ fields from ours and keeps ours', () => {
    const shaped = palabrotasFlashcard(card);
    expect(shaped).toMatchObject({ ...card, user: 'u1', lastReviewed: card.lastReview, nextReview: card.due, interval: 5, reviewCount: 3, updatedAt: card.lastReview });
    expect(shaped.ease).toBeGreaterThanOrEqual(1.3);
    expect(shaped.ease).toBeLessThanOrEqual(3);
    expect(shaped).not.toHaveProperty('previewIntervals');
  });

  it('gives a new card palabrotas’ starting ease, and its creation for lastReviewed', () => {
    expect(palabrotasFlashcard({ ...card, state: 'new', difficulty: 0, lastReview: null, reps: 0 })).toMatchObject({ ease: 2.5, lastReviewed: card.createdAt, reviewCount: 0 });
  });

  it('a harder card has a lower ease, never under 1.3', () => {
    const easy = palabrotasFlashcard({ ...card, difficulty: 1 }).ease;
    const hard = palabrotasFlashcard({ ...card, difficulty: 10 }).ease;
    expect(easy).toBeGreaterThan(hard);
    expect(hard).toBeGreaterThanOrEqual(1.3);
  });

  it('reads previewIntervals from the button previews, in whole days per button name', () => {
    expect(palabrotasFlashcard({ ...card, preview: preview([0, 1, 3, 10]) }).previewIntervals).toEqual({ Again: 0, Hard: 1, Good: 3, Easy: 10 });
    expect(previewIntervalsOf(null)).toBeNull();
  });
});

describe('palabrotasComment and palabrotasChat', () => {
  it('a comment gets palabrotas’ content and updatedAt', () => {
    const comment = { _id: 'k1', contentId: 'e1', text: 'Hola', owner: { _id: 'u1', name: 'Lola' }, createdAt: '2026-11-20T10:00:00.000Z' };
    expect(palabrotasComment(comment)).toEqual({ ...comment, content: 'e1', updatedAt: comment.createdAt });
  });

  it('a chat is itself, with its owner and messages', () => {
    const chat = { _id: 'h1', title: 'New Chat', createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z' };
    expect(palabrotasChat(chat, 'u1', [])).toEqual({ ...chat, userId: 'u1', messages: [] });
  });
});
