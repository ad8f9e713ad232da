import { describe, expect, it } from 'vitest';
import type { DueFlashcard } from '../api/types';
import { afterRating, localDayEnd, pickNext, type SessionCard } from './session-queue';

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
