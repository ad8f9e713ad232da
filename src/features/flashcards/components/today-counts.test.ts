import { describe, expect, it } from 'vitest';
import { countRating, shownCounts, todayCounts, type CountedCard, type SessionCounts } from './today-counts';

const none = { left: 0, learning: 0 };
const cards = (...states: CountedCard['state'][]): CountedCard[] => states.map((state) => ({ state }));

describe('todayCounts: one definition of what is left today', () => {
  it.each([
    ['New and Review cards are left', cards('new', 'new', 'review'), { done: 0, left: 3, learning: 0 }],
    ['cards in a (re)learning step are learning, not left', cards('learning', 'relearning', 'new'), { done: 0, left: 1, learning: 2 }],
    ['a card back for another step today is learning, whatever its state', [{ state: 'new', returning: true }, { state: 'review', returning: true }] as CountedCard[], { done: 0, left: 0, learning: 2 }],
    ['nothing due: nothing left', [], { done: 0, left: 0, learning: 0 }],
  ])('%s', (_name, queue, expected) => {
    expect(todayCounts({ cards: queue, beyond: none, introduced: 0, reviewed: 0 })).toEqual(expected);
  });

  it('adds what the server counted beyond the page, left and learning apart', () => {
    expect(todayCounts({ cards: cards('new'), beyond: { left: 5, learning: 2 }, introduced: 1, reviewed: 3 })).toEqual({ done: 4, left: 6, learning: 2 });
  });

  it('leaves no more New and Review cards than what is left of the daily limits', () => {
    const queue = cards('new', 'new', 'new', 'review', 'review', 'learning');
    const limits = { newCardsPerDay: 4, maxReviewsPerDay: 10 };
    expect(todayCounts({ cards: queue, beyond: none, introduced: 2, reviewed: 9, limits })).toEqual({ done: 11, left: 3, learning: 1 });
    expect(todayCounts({ cards: queue, beyond: none, introduced: 7, reviewed: 12, limits })).toEqual({ done: 19, left: 0, learning: 1 });
    expect(todayCounts({ cards: queue, beyond: none, introduced: 0, reviewed: 0, limits: { newCardsPerDay: 0, maxReviewsPerDay: 0 } })).toEqual({ done: 0, left: 0, learning: 1 });
  });

  it('counts a rating toward done as the limits do: a New card introduced, a Review card reviewed, a step nothing', () => {
    expect(countRating({ state: 'new' })).toEqual({ introduced: 1, reviewed: 0 });
    expect(countRating({ state: 'review' })).toEqual({ introduced: 0, reviewed: 1 });
    expect(countRating({ state: 'learning' })).toEqual({ introduced: 0, reviewed: 0 });
    expect(countRating({ state: 'relearning' })).toEqual({ introduced: 0, reviewed: 0 });
    expect(countRating({ state: 'learning', returning: true })).toEqual({ introduced: 0, reviewed: 0 });
  });

  it('walks a session: each rating that takes a card out of today lowers left by one, a step moves it to learning, goal stays', () => {
    const limits = { newCardsPerDay: 20, maxReviewsPerDay: 200 };
    let queue: CountedCard[] = cards('new', 'new', 'review', 'review');
    let introduced = 0;
    let reviewed = 0;
    const seen: { done: number; left: number; learning: number; goal: number }[] = [];
    const rate = (index: number, after: CountedCard | null) => {
      const counted = countRating(queue[index]);
      introduced += counted.introduced;
      reviewed += counted.reviewed;
      queue = queue.filter((_card, at) => at !== index);
      if (after) queue.push(after);
      const counts = todayCounts({ cards: queue, beyond: none, introduced, reviewed, limits });
      seen.push({ ...counts, goal: counts.done + counts.left });
    };
    rate(0, { state: 'learning', returning: true }); // New, Good: its first learning step today
    rate(0, null); // New, Easy: out of today
    rate(0, null); // Review, Good: days away
    rate(0, { state: 'relearning', returning: true }); // Review, Again: relearns today
    rate(0, null); // the learning card, Good: graduates
    expect(seen).toEqual([
      { done: 1, left: 3, learning: 1, goal: 4 },
      { done: 2, left: 2, learning: 1, goal: 4 },
      { done: 3, left: 1, learning: 1, goal: 4 },
      { done: 4, left: 0, learning: 2, goal: 4 },
      { done: 4, left: 0, learning: 1, goal: 4 },
    ]);
  });
});

describe('shownCounts', () => {
  const server = { done: 1, left: 4, learning: 0 };
  const session = (open: boolean, at: number): SessionCounts => ({ userId: 'u', counts: { done: 2, left: 3, learning: 1 }, at, open });
  it('shows the open session’s counts; a closed one’s until the server’s are newer', () => {
    expect(shownCounts(session(true, 10), server, 20)).toEqual(session(true, 10).counts);
    expect(shownCounts(session(false, 30), server, 20)).toEqual(session(false, 30).counts);
    expect(shownCounts(session(false, 10), server, 20)).toEqual(server);
    expect(shownCounts(null, server, 20)).toEqual(server);
    expect(shownCounts(null, undefined, 0)).toBeUndefined();
  });
});
