import type { DueFlashcard, Flashcard } from '../api/types';

/**
 * The review session's queue. Cards in their (re)learning steps, and cards rated in this
 * session that are due again before the learner's day ends, wait until they are due (FSRS's
 * minutes-long steps, as Anki and SuperMemo keep them in the session); New and Review cards
 * due today are ready at once. What comes next: the learning card due longest ago, else the
 * first ready card in the order the server sent them, else the wait for the earliest due
 * one, else nothing today.
 */
export interface SessionCard extends DueFlashcard {
  /** Rated in this session and back for another step: its previews need asking again. */
  returning?: boolean;
}

export type NextCard = { kind: 'card'; id: string } | { kind: 'wait'; until: number } | { kind: 'done' };

function waitsForDue(card: SessionCard): boolean {
  return card.returning === true || card.state === 'learning' || card.state === 'relearning';
}

export function pickNext(queue: readonly SessionCard[], now: number): NextCard {
  let learning: SessionCard | undefined;
  let ready: SessionCard | undefined;
  let until = Infinity;
  for (const card of queue) {
    const due = Date.parse(card.due);
    if (!waitsForDue(card)) ready ??= card;
    else if (due <= now) {
      if (!learning || due < Date.parse(learning.due)) learning = card;
    } else until = Math.min(until, due);
  }
  const next = learning ?? ready;
  if (next) return { kind: 'card', id: next._id };
  return Number.isFinite(until) ? { kind: 'wait', until } : { kind: 'done' };
}

/** The queue after a rating: the card comes back when due if that is before `dayEnd`, else it is done for today. */
export function afterRating(queue: readonly SessionCard[], updated: Flashcard, dayEnd: number): SessionCard[] {
  const rated = queue.find((card) => card._id === updated._id);
  const rest = queue.filter((card) => card._id !== updated._id);
  if (!rated || !(Date.parse(updated.due) < dayEnd)) return rest;
  return [...rest, { ...rated, ...updated, preview: rated.preview, returning: true }];
}

/**
 * A new list's session (the learner's new day, or the list asked again) keeps the cards the
 * old session was holding for another step: the server's copy of a card wins, but a card whose
 * rating is still queued on the device is not in the server's list (offline) and would be lost.
 */
export function carryOver(fresh: readonly DueFlashcard[], old: readonly SessionCard[]): SessionCard[] {
  const ids = new Set(fresh.map((card) => card._id));
  return [...fresh, ...old.filter((card) => card.returning && !ids.has(card._id))];
}

/** The UTC offset (ms) of `timeZone` at the instant `at`. */
function zoneOffset(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const wall = Date.UTC(value('year'), value('month') - 1, value('day'), value('hour'), value('minute'), value('second'));
  return wall - Math.floor(at / 1000) * 1000;
}

/** `timeZone` if the browser knows it, else the browser's own zone. */
function knownZone(timeZone: string | undefined): string {
  if (timeZone) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
      return timeZone;
    } catch {
      // an unknown zone: the browser's
    }
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The instant of the local midnight `days` days after the start of the local day containing `now`. */
function localMidnight(now: number, zone: string, days: number): number {
  const local = new Date(now + zoneOffset(now, zone));
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days);
  // Midnight's offset may differ from now's (a DST change today): correct once with it.
  const first = midnight - zoneOffset(midnight, zone);
  return midnight - zoneOffset(first, zone);
}

/**
 * When the learner's local day containing `now` ends: the next midnight in `timeZone` (the
 * day the server's due list and streaks count in). An unknown zone counts in the browser's.
 */
export function localDayEnd(now: number, timeZone: string | undefined): number {
  return localMidnight(now, knownZone(timeZone), 1);
}

/** When the learner's local day containing `now` began (its midnight in `timeZone`). */
export function localDayStart(now: number, timeZone: string | undefined): number {
  return localMidnight(now, knownZone(timeZone), 0);
}

/**
 * What an open session does about the learner's day, checked as the clock moves on: `stay`
 * while the day its due list was fetched for (ending at `dayEnd`) lasts; once the next day has
 * begun, `refetch` the due list (the new day's cards and limits, the streak and today's
 * progress), unless a card is on screen: then `after-card`, the learner finishes that card
 * first and the list is asked for when it is rated (a card being reviewed is never swapped).
 */
export type DayRollover = 'stay' | 'refetch' | 'after-card';

export function dayRollover(dayEnd: number, now: number, cardOnScreen: boolean): DayRollover {
  if (!(now >= dayEnd)) return 'stay';
  return cardOnScreen ? 'after-card' : 'refetch';
}
