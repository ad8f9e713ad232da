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

/**
 * When the learner's local day containing `now` ends: the next midnight in `timeZone` (the
 * day the server's due list and streaks count in). An unknown zone counts in the browser's.
 */
export function localDayEnd(now: number, timeZone: string | undefined): number {
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    zone = undefined;
  }
  zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  const local = new Date(now + zoneOffset(now, zone));
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1);
  // Midnight's offset may differ from now's (a DST change today): correct once with it.
  let end = midnight - zoneOffset(midnight, zone);
  end = midnight - zoneOffset(end, zone);
  return end;
}
