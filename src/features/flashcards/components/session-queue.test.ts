import { describe, expect, it } from 'vitest';
import type { DueFlashcard } from '../api/types';
import { afterRating, carryOver, dayRollover, localDayEnd, localDayStart, pickNext, type SessionCard } from './session-queue';

const at = (iso: string) => Date.parse(iso);

function card(id: string, state: DueFlashcard['state'], due: string, returning = false): SessionCard {
  return { _id: id, state, due, returning } as SessionCard;
}

describe('localDayEnd', () => {
  it('is the next local midnight in the learner’s zone', () => {
    expect(localDayEnd(at('2026-11-27T11:00:00Z'), 'Europe/Madrid')).toBe(at('2026-11-27T23:00:00Z'));
    expect(localDayEnd(at('2026-11-27T23:30:00Z'), 'Europe/Madrid')).toBe(at('2026-11-28T23:00:00Z'));
    expect(localDayEnd(at('2026-11-27T03:00:00Z'), 'America/Mexico_City')).toBe(at('2026-11-27T06:00:00Z'));
    expect(localDayEnd(at('2026-11-27T12:00:00Z'), 'UTC')).toBe(at('2026-11-28T00:00:00Z'));
  });

  it('counts a day with a clock change in the zone’s own hours', () => {
    // Madrid leaves summer time on 25 October 2026: that day ends at 23:00 UTC, the one before at 22:00.
    expect(localDayEnd(at('2026-10-25T10:00:00Z'), 'Europe/Madrid')).toBe(at('2026-10-25T23:00:00Z'));
    expect(localDayEnd(at('2026-10-24T10:00:00Z'), 'Europe/Madrid')).toBe(at('2026-10-24T22:00:00Z'));
  });

  it('counts in the browser’s zone when the learner’s is unknown', () => {
    const now = at('2026-11-27T11:00:00Z');
    expect(localDayEnd(now, 'Not/A_Zone')).toBe(localDayEnd(now, Intl.DateTimeFormat().resolvedOptions().timeZone));
  });
});

describe('pickNext', () => {
  const now = at('2026-11-27T11:00:00Z');
  it('shows a learning card due now first, then ready cards in order, then waits for the earliest step', () => {
    const queue = [card('r1', 'review', '2026-11-26T10:00:00Z'), card('l1', 'learning', '2026-11-27T10:59:00Z'), card('l2', 'relearning', '2026-11-27T11:05:00Z')];
    expect(pickNext(queue, now)).toEqual({ kind: 'card', id: 'l1' });
    expect(pickNext(queue.slice(0, 1).concat(queue.slice(2)), now)).toEqual({ kind: 'card', id: 'r1' });
    expect(pickNext(queue.slice(2), now)).toEqual({ kind: 'wait', until: at('2026-11-27T11:05:00Z') });
    expect(pickNext([], now)).toEqual({ kind: 'done' });
  });

  it('a New or Review card due later today is ready now; one rated this session waits for its due time', () => {
    expect(pickNext([card('n', 'new', '2026-11-27T20:00:00Z')], now)).toEqual({ kind: 'card', id: 'n' });
    expect(pickNext([card('n', 'review', '2026-11-27T11:01:00Z', true)], now)).toEqual({ kind: 'wait', until: at('2026-11-27T11:01:00Z') });
  });
});

describe('afterRating', () => {
  const dayEnd = at('2026-11-27T23:00:00Z');
  const queue = [card('a', 'new', '2026-11-27T09:00:00Z'), card('b', 'review', '2026-11-26T09:00:00Z')];
  it('puts a card due again today at the end, marked as returning; otherwise takes it out', () => {
    const back = afterRating(queue, { ...queue[0], state: 'learning', due: '2026-11-27T11:10:00Z' }, dayEnd);
    expect(back.map((item) => [item._id, item.state, Boolean(item.returning)])).toEqual([
      ['b', 'review', false],
      ['a', 'learning', true],
    ]);
    expect(afterRating(queue, { ...queue[0], state: 'review', due: '2026-11-30T09:00:00Z' }, dayEnd).map((item) => item._id)).toEqual(['b']);
    expect(afterRating(queue, { ...queue[0], state: 'learning', due: '2026-11-27T23:00:00Z' }, dayEnd).map((item) => item._id)).toEqual(['b']);
  });
});

describe('localDayStart', () => {
  it('is the local midnight that began the learner’s day, clock changes included', () => {
    expect(localDayStart(at('2026-11-27T11:00:00Z'), 'Europe/Madrid')).toBe(at('2026-11-26T23:00:00Z'));
    expect(localDayStart(at('2026-11-27T23:30:00Z'), 'Europe/Madrid')).toBe(at('2026-11-27T23:00:00Z'));
    expect(localDayStart(at('2026-11-27T03:00:00Z'), 'America/Mexico_City')).toBe(at('2026-11-26T06:00:00Z'));
    // Madrid's 25 October 2026 has 25 hours: it began at 22:00 UTC the day before.
    expect(localDayStart(at('2026-10-25T22:30:00Z'), 'Europe/Madrid')).toBe(at('2026-10-24T22:00:00Z'));
    expect(localDayStart(at('2026-10-25T23:30:00Z'), 'Europe/Madrid')).toBe(at('2026-10-25T23:00:00Z'));
  });
});

describe('dayRollover', () => {
  // The day the list was fetched in, in Madrid: it ends at 23:00 UTC.
  const dayEnd = localDayEnd(at('2026-11-27T20:00:00Z'), 'Europe/Madrid');

  it('stays with the list while the learner’s day lasts, card on screen or not', () => {
    expect(dayRollover(dayEnd, at('2026-11-27T22:59:59Z'), false)).toBe('stay');
    expect(dayRollover(dayEnd, at('2026-11-27T22:59:59Z'), true)).toBe('stay');
  });

  it('asks for the new day’s list once the day has changed, at once when no card is on screen', () => {
    expect(dayRollover(dayEnd, at('2026-11-27T23:00:00Z'), false)).toBe('refetch');
    expect(dayRollover(dayEnd, at('2026-11-29T08:00:00Z'), false)).toBe('refetch');
  });

  it('lets the learner finish the card on screen first', () => {
    expect(dayRollover(dayEnd, at('2026-11-27T23:00:00Z'), true)).toBe('after-card');
  });

  it('counts the day in the learner’s zone, not UTC’s', () => {
    const mexico = localDayEnd(at('2026-11-27T20:00:00Z'), 'America/Mexico_City');
    expect(dayRollover(mexico, at('2026-11-28T00:30:00Z'), false)).toBe('stay');
    expect(dayRollover(mexico, at('2026-11-28T06:00:00Z'), false)).toBe('refetch');
  });
});

describe('carryOver', () => {
  it('keeps the cards held for another step that the new list lacks, the new list’s copy first', () => {
    const fresh = [card('a', 'review', '2026-11-27T10:00:00Z'), card('b', 'learning', '2026-11-27T23:05:00Z')];
    const old = [
      card('b', 'new', '2026-11-27T23:05:00Z', true),
      card('c', 'new', '2026-11-27T23:08:00Z', true),
      card('d', 'review', '2026-11-27T09:00:00Z'),
    ];
    const merged = carryOver(fresh, old);
    expect(merged.map((item) => item._id)).toEqual(['a', 'b', 'c']);
    expect(merged[1].state).toBe('learning');
  });
});
