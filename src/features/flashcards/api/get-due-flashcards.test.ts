import { describe, expect, it } from 'vitest';
import type { PendingReview, SyncedReview } from '@/features/review-queue/review-store';
import { offeredSession, queuedToday, sessionOf, unknownTo, type DueReply } from './get-due-flashcards';
import type { DueFlashcard } from './types';

const card = (id: string, due: string) => ({ _id: id, due }) as unknown as DueFlashcard;
const from = '2026-11-28T03:00:00.000Z';
const reply: DueReply = {
  data: [card('today', '2026-11-27T10:00:00.000Z')],
  total: 7,
  nextDay: { from, cards: [card('today', '2026-11-27T10:00:00.000Z'), card('tomorrow', '2026-11-28T08:00:00.000Z')] },
};

describe('sessionOf', () => {
  it('is today\'s page and count before the next day starts by the device clock', () => {
    expect(sessionOf(reply, Date.parse(from) - 1)).toEqual({ data: reply.data, total: 7, nextDay: false, spare: [] });
  });

  it('is the next day\'s cards once the device clock has reached its start (a list kept offline)', () => {
    expect(sessionOf(reply, Date.parse(from))).toEqual({ data: reply.nextDay!.cards, total: 2, nextDay: true, spare: [] });
  });

  it('is today\'s without a next day (a server or cached list from before ahead) or with a bad start', () => {
    expect(sessionOf({ data: reply.data, total: 7 }, Date.parse(from) + 1)).toEqual({ data: reply.data, total: 7, nextDay: false, spare: [] });
    expect(sessionOf({ ...reply, nextDay: { from: 'soon', cards: [] } }, Date.parse(from))).toEqual({ data: reply.data, total: 7, nextDay: false, spare: [] });
  });
});

describe('offeredSession: the daily limits with the ratings still queued on the device', () => {
  const ZONE = 'Europe/Madrid';
  // Madrid's 27 November ends (and the 28th begins) at 23:00 UTC.
  const MIDNIGHT = '2026-11-27T23:00:00.000Z';
  const of = (id: string, state: DueFlashcard['state']) => ({ _id: id, state, due: '2026-11-27T09:00:00.000Z' }) as unknown as DueFlashcard;
  let seq = 0;
  const queued = (flashcardId: string, stateBefore: PendingReview['stateBefore'], reviewedAt: string): PendingReview => ({
    reviewId: `id-${++seq}`,
    userId: 'me',
    flashcardId,
    quality: 'Good',
    reviewedAt,
    durationMs: 1000,
    seq,
    stateBefore,
  });
  const today = { newCardsPerDay: 3, maxReviewsPerDay: 2, newCards: 1, reviews: 0 };
  const reply: DueReply = {
    data: [of('r1', 'review'), of('n1', 'new'), of('n2', 'new'), of('l1', 'learning')],
    total: 4,
    today,
    nextDay: { from: MIDNIGHT, cards: [of('r1', 'review'), of('r2', 'review'), of('n1', 'new'), of('n2', 'new'), of('n3', 'new'), of('l1', 'learning')] },
  };
  const ids = (session: { data: DueFlashcard[] }) => session.data.map((card) => card._id);
  const evening = Date.parse('2026-11-27T20:00:00Z');
  const nextMorning = Date.parse('2026-11-28T07:00:00Z');

  it('today, nothing queued: the list as the server chose it', () => {
    expect(offeredSession(reply, evening, [], ZONE)).toEqual({
      data: reply.data,
      total: 4,
      today: { introduced: 1, reviewed: 0, limits: { newCardsPerDay: 3, maxReviewsPerDay: 2 }, learningBeyond: 0 },
    });
    // The server's learning count beyond the page is the session's too (todayCounts).
    expect(offeredSession({ ...reply, total: 9, learning: 3 }, evening, [], ZONE).today.learningBeyond).toBe(2);
  });

  it('counts toward today’s done the server’s count and the ratings it does not know yet', () => {
    const session = offeredSession(reply, evening, [queued('n1', 'new', '2026-11-27T19:00:00Z'), queued('r1', 'review', '2026-11-27T19:05:00Z')], ZONE);
    expect(session.today).toMatchObject({ introduced: 2, reviewed: 1 });
  });

  it('today: a queued New card counts toward today with what the server counted', () => {
    // 3 a day, 1 counted by the server, 1 queued: one more New card today.
    const session = offeredSession(reply, evening, [queued('n1', 'new', '2026-11-27T19:00:00Z')], ZONE);
    expect(ids(session)).toEqual(['r1', 'n2', 'l1']);
    expect(session.total).toBe(3);
    const full = offeredSession(reply, evening, [queued('n1', 'new', '2026-11-27T19:00:00Z'), queued('x', 'new', '2026-11-27T19:30:00Z')], ZONE);
    expect(ids(full)).toEqual(['r1', 'l1']);
  });

  it('the next day, offline: the ratings queued yesterday count toward yesterday, not toward the new day', () => {
    const yesterday = [queued('n1', 'new', '2026-11-27T21:00:00Z'), queued('r1', 'review', '2026-11-27T21:05:00Z'), queued('t1', 'new', '2026-11-27T21:10:00Z')];
    // Their cards are done (the kept list does not know it); the new day's limits are whole.
    expect(ids(offeredSession(reply, nextMorning, yesterday, ZONE))).toEqual(['r2', 'n2', 'n3', 'l1']);
  });

  it('the next day, offline: the kept list offers no more than the limits allow once the ratings queued that day are counted', () => {
    // Rated after midnight from yesterday's list (cards the kept list does not hold): two New, one Review.
    const tonight = [queued('t1', 'new', '2026-11-27T23:10:00Z'), queued('t2', 'new', '2026-11-27T23:12:00Z'), queued('t3', 'review', '2026-11-27T23:15:00Z')];
    const session = offeredSession(reply, nextMorning, tonight, ZONE);
    // 3 New a day − 2 queued = 1; 2 reviews − 1 queued = 1; learning steps always.
    expect(ids(session)).toEqual(['r1', 'n1', 'l1']);
    expect(session.total).toBe(3);
    // The kept list's own cards rated that day count too, and leave the list.
    const more = [...tonight, queued('n1', 'new', '2026-11-28T06:00:00Z'), queued('r1', 'review', '2026-11-28T06:01:00Z')];
    expect(ids(offeredSession(reply, nextMorning, more, ZONE))).toEqual(['l1']);
  });

  it('the next day, offline: the spare cards take the places of the ones rated yesterday, within the new day\'s limits', () => {
    const withSpare: DueReply = { ...reply, nextDay: { ...reply.nextDay!, spare: [of('n4', 'new'), of('n5', 'new'), of('r3', 'review')] } };
    // Nothing rated since: the day's own cards (its limits full), no spare.
    expect(ids(offeredSession(withSpare, nextMorning, [], ZONE))).toEqual(['r1', 'r2', 'n1', 'n2', 'n3', 'l1']);
    // Yesterday's ratings took n1, n2 and r1: spares in their places (3 New, 2 Review a day).
    const yesterday = [queued('n1', 'new', '2026-11-27T21:00:00Z'), queued('n2', 'new', '2026-11-27T21:01:00Z'), queued('r1', 'review', '2026-11-27T21:02:00Z')];
    const session = offeredSession(withSpare, nextMorning, yesterday, ZONE);
    expect(ids(session)).toEqual(['r2', 'n3', 'l1', 'n4', 'n5', 'r3']);
    expect(session.total).toBe(6);
    // Ratings of the new day count: one New rated this morning leaves room for one spare fewer.
    const thisMorning = [...yesterday, queued('n3', 'new', '2026-11-28T06:00:00Z')];
    expect(ids(offeredSession(withSpare, nextMorning, thisMorning, ZONE))).toEqual(['r2', 'l1', 'n4', 'n5', 'r3']);
    // Before the next day begins, today's list: its own cards, never the next day's spare.
    expect(ids(offeredSession(withSpare, evening, [queued('n1', 'new', '2026-11-27T19:00:00Z')], ZONE))).toEqual(['r1', 'n2', 'l1']);
  });

  it('two days on, the ratings of the day before count toward that day only', () => {
    const dayBefore = [queued('t1', 'new', '2026-11-28T07:00:00Z'), queued('t2', 'new', '2026-11-28T07:01:00Z'), queued('t3', 'new', '2026-11-28T07:02:00Z')];
    expect(ids(offeredSession(reply, Date.parse('2026-11-29T08:00:00Z'), dayBefore, ZONE))).toEqual(['r1', 'r2', 'n1', 'n2', 'n3', 'l1']);
  });

  it('a card rated twice counts once; ratings of cards in their steps and old queued rows count toward no limit', () => {
    const pending = [
      queued('t1', 'new', '2026-11-28T06:00:00Z'),
      queued('t1', 'new', '2026-11-28T06:10:00Z'),
      queued('t2', 'learning', '2026-11-28T06:11:00Z'),
      queued('t3', undefined, '2026-11-28T06:12:00Z'),
    ];
    expect(queuedToday(pending, Date.parse(MIDNIGHT), Date.parse('2026-11-28T23:00:00Z'))).toEqual({ newCards: 1, reviews: 0 });
    expect(ids(offeredSession(reply, nextMorning, pending, ZONE))).toEqual(['r1', 'r2', 'n1', 'n2', 'l1']);
  });

  it('counts the cards beyond the page unless a limit cut the page short', () => {
    const paged = { ...reply, total: 10 };
    expect(offeredSession(paged, evening, [queued('r1', 'review', '2026-11-27T19:00:00Z')], ZONE).total).toBe(9);
    const cut = offeredSession(paged, evening, [queued('x', 'new', '2026-11-27T19:00:00Z'), queued('y', 'new', '2026-11-27T19:00:00Z')], ZONE);
    expect(ids(cut)).toEqual(['r1', 'l1']);
    expect(cut.total).toBe(2);
  });

  describe('ratings the server confirmed after the list was made (a kept list read offline)', () => {
    const synced = (flashcardId: string, stateBefore: PendingReview['stateBefore'], reviewedAt: string): SyncedReview => ({
      ...queued(flashcardId, stateBefore, reviewedAt),
      syncedAt: new Date(Date.parse(reviewedAt) + 1000).toISOString(),
    });
    // The list as the server made it at 18:00: r1 last reviewed three days before.
    const kept: DueReply = {
      ...reply,
      data: [{ ...of('r1', 'review'), lastReview: '2026-11-24T10:00:00.000Z' } as DueFlashcard, of('n1', 'new'), of('n2', 'new'), of('l1', 'learning')],
    };

    it('a card the list holds as it was before a confirmed rating is left out, the rating counted toward its day', () => {
      const later = [synced('r1', 'review', '2026-11-27T19:00:00Z'), synced('n1', 'new', '2026-11-27T19:01:00Z')];
      const session = offeredSession(kept, evening, later, ZONE);
      // n1 (New, never reviewed) and r1 (reviewed after its copy here) were rated since: 3 New − 1 counted − 1 = 1.
      expect(ids(session)).toEqual(['n2', 'l1']);
      expect(unknownTo(kept, kept.data, false, later)).toHaveLength(2);
    });

    it('a confirmed rating the list already knows (the card’s copy is as recent) is neither left out nor counted again', () => {
      const known = { ...kept, data: [{ ...of('r1', 'review'), lastReview: '2026-11-27T19:00:00.000Z' } as DueFlashcard, ...kept.data.slice(1)] };
      const ratings = [synced('r1', 'review', '2026-11-27T19:00:00Z'), synced('gone', 'new', '2026-11-27T19:02:00Z')];
      // A card not in today's list was rated before the list was made: the server counted it.
      expect(unknownTo(known, known.data, false, ratings)).toEqual([]);
      expect(ids(offeredSession(known, evening, ratings, ZONE))).toEqual(['r1', 'n1', 'n2', 'l1']);
    });

    it('the next day, every rating made since that day began is unknown to the kept list: counted, its card left out', () => {
      const tonight = [synced('t1', 'new', '2026-11-27T23:10:00Z'), synced('t2', 'new', '2026-11-27T23:11:00Z'), synced('n2', 'new', '2026-11-28T06:00:00Z')];
      // Yesterday's confirmed rating of a card not in the list: known, and yesterday's anyway.
      const yesterday = synced('t3', 'new', '2026-11-27T21:00:00Z');
      expect(ids(offeredSession(reply, nextMorning, [yesterday, ...tonight], ZONE))).toEqual(['r1', 'r2', 'l1']);
    });
  });

  it('without the limits (an older server or cached list) only leaves out the cards rated here', () => {
    const { today: _today, ...old } = reply;
    expect(offeredSession(old, evening, [queued('n1', 'new', '2026-11-27T19:00:00Z'), queued('x', 'new', '2026-11-27T19:00:00Z')], ZONE)).toEqual({
      data: [of('r1', 'review'), of('n2', 'new'), of('l1', 'learning')],
      total: 3,
      today: { introduced: 2, reviewed: 0, learningBeyond: 0 },
    });
  });
});
