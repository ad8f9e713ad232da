import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyCard, fsrs, type Card, type Grade } from 'ts-fsrs';
import { randomUUID } from 'node:crypto';
import type { User } from '../../supabase/functions/_shared/contract/accounts.ts';
import type { Entry } from '../../supabase/functions/_shared/contract/entries.ts';
import type { DailyProgress, Flashcard } from '../../supabase/functions/_shared/contract/flashcards.ts';
import type { StreakUpdate } from '../../supabase/functions/_shared/contract/streaks.ts';
import { adminSql, api, closeAdminSql, createUser, type TestUser } from '../support/stack.ts';

// Reviews that travel (issue 20) through /api on the real stack: a reviewId taken once,
// two devices syncing their offline reviews in either order ending in the same FSRS state,
// reviewedAt's window, the duration in the CSV, the streak day counted by the rating, and
// the daily limits obeyed by getDueFlashcards. Then the merge itself: random histories
// arriving shuffled at the review core end where ts-fsrs ends with them in time order.

const unique = () => Math.random().toString(36).slice(2, 9);
const DAY = 86_400_000;
const HOUR = 3_600_000;

interface Rated {
  success: boolean;
  data: Flashcard;
  streak: StreakUpdate;
  duplicate: boolean;
  /** A refusal's code and message. */
  code?: string;
  message?: string;
}

async function newEntry(): Promise<Entry> {
  // Entries from fresh authors: one account's writes are limited.
  const author = await createUser();
  const reply = await api<{ data: Entry }>('/content/addContent', {
    body: { title: `repaso ${unique()}`, description: 'A word to review.', country: 'CL', author: 'Review sync tests' },
    token: author.token,
  });
  expect(reply.status).toBe(201);
  return reply.body.data;
}

async function addCard(user: TestUser, entry?: Entry): Promise<Flashcard> {
  const reply = await api<{ data: Flashcard }>('/flashcard/addFlashcard', {
    body: { contentId: (entry ?? (await newEntry()))._id, userId: user.id },
    token: user.token,
  });
  expect(reply.status).toBe(201);
  return reply.body.data;
}

const rate = (user: TestUser, cardId: string, body: Record<string, unknown>) =>
  api<Rated>(`/flashcard/updateFlashcardReview/${cardId}`, { method: 'PUT', body, token: user.token });

/** What two devices must agree on: the card's scheduling state. */
const schedule = (card: Flashcard) => ({
  state: card.state,
  due: card.due,
  stability: card.stability,
  difficulty: card.difficulty,
  scheduledDays: card.scheduledDays,
  learningSteps: card.learningSteps,
  reps: card.reps,
  lapses: card.lapses,
  lastReview: card.lastReview,
});

afterAll(closeAdminSql);

describe('PUT /api/flashcard/updateFlashcardReview with a reviewId', () => {
  it('takes the same review once: the second call succeeds, changes nothing and answers the card as it is', async () => {
    const learner = await createUser();
    const card = await addCard(learner);
    const reviewId = randomUUID();
    const first = await rate(learner, card._id, { quality: 'Good', reviewId, durationMs: 5400 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, duplicate: false, data: { _id: card._id, state: 'learning', reps: 1 } });

    const again = await rate(learner, card._id, { quality: 'Again', reviewId, durationMs: 100 });
    expect(again.status).toBe(200);
    expect(again.body.duplicate).toBe(true);
    expect(again.body.data).toEqual(first.body.data);

    const log = await api<string>(`/flashcard/exportReviews/${learner.id}`, { token: learner.token });
    const rows = log.body.trim().split('\n');
    expect(rows[0]).toBe('card_id,review_time,review_rating,review_state,review_duration');
    expect(rows.slice(1).map((row) => row.split(',')).map(([id, , rating, state, duration]) => [id, rating, state, duration])).toEqual([
      [card._id, '3', '0', '5400'],
    ]);
  });

  it('takes a review sent twice at once (two tabs flushing one queue) once', async () => {
    const learner = await createUser();
    const card = await addCard(learner);
    const review = { quality: 'Hard', reviewId: randomUUID(), reviewedAt: new Date(Date.now() - HOUR).toISOString(), durationMs: 700 };
    const replies = await Promise.all([rate(learner, card._id, review), rate(learner, card._id, review), rate(learner, card._id, review)]);
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200]);
    expect(replies.filter((reply) => !reply.body.duplicate)).toHaveLength(1);
    expect(new Set(replies.map((reply) => JSON.stringify(schedule(reply.body.data)))).size).toBe(1);
    const [{ n }] = await adminSql()<{ n: number }[]>`select count(*)::int as n from public.reviews where flashcard_id = ${card._id}`;
    expect(n).toBe(1);
  });

  it('keeps the reply the spec’s clients read: success and the card as data, for a rating without the new fields', async () => {
    const learner = await createUser();
    const card = await addCard(learner);
    const reply = await rate(learner, card._id, { quality: 'Easy' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true, data: { _id: card._id, state: 'review' } });
    // No duration measured: the CSV cell is empty.
    const log = await api<string>(`/flashcard/exportReviews/${learner.id}`, { token: learner.token });
    expect(log.body.trim().split('\n')[1].split(',')[4]).toBe('');
  });

  it('merges two devices’ offline reviews so either sync order ends in the same FSRS state', async () => {
    // Phone: Good 3 days ago and Hard 2 hours ago. Laptop: Again yesterday.
    const now = Date.now();
    const phone = [
      { quality: 'Good', reviewId: randomUUID(), reviewedAt: new Date(now - 3 * DAY).toISOString(), durationMs: 4000 },
      { quality: 'Hard', reviewId: randomUUID(), reviewedAt: new Date(now - 2 * HOUR).toISOString(), durationMs: 9000 },
    ];
    const laptop = [{ quality: 'Again', reviewId: randomUUID(), reviewedAt: new Date(now - DAY).toISOString(), durationMs: 12000 }];

    const phoneFirst = await createUser();
    const laptopFirst = await createUser();
    const entry = await newEntry();
    const a = await addCard(phoneFirst, entry);
    const b = await addCard(laptopFirst, entry);

    let lastA: Rated | undefined;
    for (const review of [...phone, ...laptop]) lastA = (await rate(phoneFirst, a._id, review)).body;
    let lastB: Rated | undefined;
    for (const review of [...laptop, ...phone]) lastB = (await rate(laptopFirst, b._id, review)).body;

    expect(schedule(lastB!.data)).toEqual(schedule(lastA!.data));
    // The newest review is the card's last, whichever came last.
    expect(Date.parse(lastA!.data.lastReview!)).toBe(Date.parse(phone[1].reviewedAt));
    expect(lastA!.data.reps).toBe(3);

    // A retry of everything (the queue resent after a lost reply) changes nothing.
    for (const review of [...laptop, ...phone]) {
      const retry = await rate(phoneFirst, a._id, review);
      expect(retry.body.duplicate).toBe(true);
      expect(schedule(retry.body.data)).toEqual(schedule(lastA!.data));
    }
    const cards = await api<Flashcard[]>(`/flashcard/getFlashcards/${phoneFirst.id}`, { token: phoneFirst.token });
    expect(schedule(cards.body.find((card) => card._id === a._id)!)).toEqual(schedule(lastA!.data));
  });

  it('refuses a reviewedAt more than 5 minutes ahead or 30 days back, a bad date, a bad id or duration: 400 with a code', async () => {
    const learner = await createUser();
    const card = await addCard(learner);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ reviewedAt: new Date(Date.now() + 10 * 60_000).toISOString() }, 'review_time_invalid'],
      [{ reviewedAt: new Date(Date.now() - 31 * DAY).toISOString() }, 'review_time_invalid'],
      [{ reviewedAt: 'yesterday' }, 'review_time_invalid'],
      [{ reviewedAt: '2026-13-45T00:00:00Z' }, 'review_time_invalid'],
      [{ reviewId: 'not-a-uuid' }, 'review_id_invalid'],
      [{ durationMs: 3_600_001 }, 'review_duration_invalid'],
      [{ durationMs: -1 }, 'review_duration_invalid'],
      [{ durationMs: 1.5 }, 'review_duration_invalid'],
    ];
    for (const [fields, code] of cases) {
      const reply = await rate(learner, card._id, { quality: 'Good', ...fields });
      expect(reply.status, JSON.stringify(fields)).toBe(400);
      expect(reply.body, JSON.stringify(fields)).toMatchObject({ success: false, code });
    }
    const ahead = await rate(learner, card._id, { quality: 'Good', reviewedAt: new Date(Date.now() + DAY).toISOString() });
    expect(ahead.body.message).toBe('A review must be dated within the last 30 days and not in the future.');
    // Nothing of it was taken.
    const cards = await api<Flashcard[]>(`/flashcard/getFlashcards/${learner.id}`, { token: learner.token });
    expect(cards.body[0]).toMatchObject({ state: 'new', reps: 0 });
  });

  it('refuses another learner’s review of a card (404) and a reviewId reused on another card (409)', async () => {
    const learner = await createUser();
    const other = await createUser();
    const [first, second] = [await addCard(learner), await addCard(learner)];
    const reviewId = randomUUID();
    expect((await rate(learner, first._id, { quality: 'Good', reviewId })).status).toBe(200);
    const reused = await rate(learner, second._id, { quality: 'Good', reviewId });
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe('review_id_reused');
    const foreign = await rate(other, first._id, { quality: 'Again', reviewId: randomUUID() });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('flashcard_not_found');
    const guest = await api(`/flashcard/updateFlashcardReview/${first._id}`, { method: 'PUT', body: { quality: 'Good', reviewId: randomUUID() } });
    expect(guest.status).toBe(401);
  });

  it('counts the streak day with the rating, and updateStreak still reports it once', async () => {
    const learner = await createUser();
    const card = await addCard(learner);
    const first = await rate(learner, card._id, { quality: 'Again', reviewId: randomUUID() });
    expect(first.body.streak).toMatchObject({ updated: true, streak: 1 });
    const second = await rate(learner, card._id, { quality: 'Good', reviewId: randomUUID() });
    expect(second.body.streak).toMatchObject({ updated: false, streak: 1 });
    const reported = await api(`/user/updateStreak/${learner.id}`, { method: 'PUT', token: learner.token });
    expect(reported.body).toMatchObject({ success: true, updated: true, streak: 1 });
    const again = await api(`/user/updateStreak/${learner.id}`, { method: 'PUT', token: learner.token });
    expect(again.body).toMatchObject({ success: true, updated: false, streak: 1 });
  });
});

describe('daily limits', () => {
  it('are set through /api/user/update within their ranges and returned with the user', async () => {
    const learner = await createUser();
    const me = await api<{ user: User }>('/auth/getUser', { token: learner.token });
    expect(me.body.user).toMatchObject({ newCardsPerDay: 20, maxReviewsPerDay: 200 });
    for (const [body, code] of [
      [{ newCardsPerDay: 1000 }, 'new_cards_per_day_invalid'],
      [{ newCardsPerDay: -1 }, 'new_cards_per_day_invalid'],
      [{ newCardsPerDay: 2.5 }, 'new_cards_per_day_invalid'],
      [{ newCardsPerDay: '5' }, 'new_cards_per_day_invalid'],
      [{ maxReviewsPerDay: 10000 }, 'max_reviews_per_day_invalid'],
    ] as const) {
      const reply = await api('/user/update', { body, token: learner.token });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.code, JSON.stringify(body)).toBe(code);
    }
    const set = await api<{ user: User }>('/user/update', { body: { newCardsPerDay: 0, maxReviewsPerDay: 9999 }, token: learner.token });
    expect(set.status).toBe(200);
    expect(set.body.user).toMatchObject({ newCardsPerDay: 0, maxReviewsPerDay: 9999 });
    const guest = await api('/user/update', { body: { newCardsPerDay: 5 } });
    expect(guest.status).toBe(401);
  });

  it('are obeyed by getDueFlashcards: new cards introduced and reviews done today count', async () => {
    const learner = await createUser();
    expect((await api('/user/update', { body: { newCardsPerDay: 2, maxReviewsPerDay: 1 }, token: learner.token })).status).toBe(200);
    const cards: Flashcard[] = [];
    for (let i = 0; i < 7; i++) cards.push(await addCard(learner));
    // Three cards made Review cards long ago (Easy, 20 days back: due again by now), so
    // today's counts do not include them.
    for (const card of cards.slice(0, 3)) {
      const reply = await rate(learner, card._id, { quality: 'Easy', reviewId: randomUUID(), reviewedAt: new Date(Date.now() - 20 * DAY).toISOString() });
      expect(reply.body.data.state).toBe('review');
    }
    const due = async () => {
      const reply = await api<{ data: Flashcard[]; total: number; today: DailyProgress }>(`/flashcard/getDueFlashcards/${learner.id}?limit=100`, { token: learner.token });
      expect(reply.status).toBe(200);
      const states = reply.body.data.map((card) => card.state);
      return { reply: reply.body, news: states.filter((s) => s === 'new').length, reviews: states.filter((s) => s === 'review').length };
    };

    const before = await due();
    expect(before).toMatchObject({ news: 2, reviews: 1 });
    expect(before.reply.total).toBe(3);
    expect(before.reply.today).toEqual({ newCardsPerDay: 2, maxReviewsPerDay: 1, newCards: 0, reviews: 0 });

    // One new card introduced, one review done: one new card left, no review.
    const newOne = before.reply.data.find((card) => card.state === 'new')!;
    const reviewOne = before.reply.data.find((card) => card.state === 'review')!;
    await rate(learner, newOne._id, { quality: 'Good', reviewId: randomUUID() });
    await rate(learner, reviewOne._id, { quality: 'Good', reviewId: randomUUID() });
    const after = await due();
    expect(after).toMatchObject({ news: 1, reviews: 0 });
    expect(after.reply.today).toMatchObject({ newCards: 1, reviews: 1 });
    // The card just introduced is in its learning steps: due again within the day unless the
    // day ends first, and never held back by a limit.
    const learning = after.reply.data.filter((card) => card.state === 'learning');
    expect(learning.every((card) => card._id === newOne._id)).toBe(true);

    // Raising a limit lets more through the same day.
    await api('/user/update', { body: { maxReviewsPerDay: 10 }, token: learner.token });
    expect((await due()).reviews).toBe(2);
  });
});

describe('the merge, against ts-fsrs', () => {
  const scheduler = fsrs({ enable_fuzz: false });
  const STATES = ['new', 'learning', 'review', 'relearning'];

  /** mulberry32, so a failing history can be replayed from its seed. */
  function prng(seed: number): () => number {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  let learner: TestUser;
  let entryIds: string[] = [];
  beforeAll(async () => {
    learner = await createUser({ name: 'Merge check' });
    // Hidden entries: only this learner's cards point at them.
    entryIds = (
      await adminSql()<{ id: string }[]>`
        insert into public.entries (title, description, country, author, owner, show)
        select 'mezcla ' || i, 'merge card ' || i, 'MX', 'merge', ${learner.id}, false from generate_series(1, 40) as i
        returning id`
    ).map((row) => row.id);
  });
  afterAll(async () => {
    await adminSql()`delete from public.entries where id = any(${entryIds}::uuid[])`;
    await adminSql()`delete from auth.users where id = ${learner.id}`;
  });

  it('replays reviews that arrive in any order into the state ts-fsrs reaches in time order', async () => {
    const sql = adminSql();
    for (const [i, entryId] of entryIds.entries()) {
      const random = prng(20261001 + i);
      const start = Date.UTC(2025, 0, 1) + Math.floor(random() * 300 * DAY);
      const reviews: Array<{ at: Date; rating: Grade }> = [];
      let at = start;
      const count = 2 + Math.floor(random() * 10);
      for (let k = 0; k < count; k++) {
        at += Math.floor(random() * [10 * 60_000, 12 * HOUR, 5 * DAY, 40 * DAY][Math.floor(random() * 4)]);
        reviews.push({ at: new Date(at), rating: (1 + Math.floor(random() * 4)) as Grade });
      }
      // The arrival order: shuffled (Fisher–Yates with the history's own numbers).
      const arrival = [...reviews];
      for (let k = arrival.length - 1; k > 0; k--) {
        const j = Math.floor(random() * (k + 1));
        [arrival[k], arrival[j]] = [arrival[j], arrival[k]];
      }
      const [{ id: cardId }] = await sql<{ id: string }[]>`
        insert into public.flashcards (user_id, entry_id, created_at, due) values (${learner.id}, ${entryId}, ${new Date(start)}, ${new Date(start)}) returning id`;
      let got: Flashcard | undefined;
      for (const review of arrival) {
        [{ card: got }] = await sql<{ card: Flashcard }[]>`
          select private.record_review_at(${cardId}, ${review.rating}::smallint, ${review.at}, ${randomUUID()}::uuid) -> 'card' as card`;
      }
      let reference: Card = createEmptyCard(new Date(start));
      for (const review of reviews) reference = scheduler.next(reference, review.at, review.rating).card;
      const where = `history ${i} (seed ${20261001 + i}), arrival ${arrival.map((r) => reviews.indexOf(r)).join(',')}`;
      expect(
        { state: got!.state, reps: got!.reps, lapses: got!.lapses, scheduledDays: got!.scheduledDays, learningSteps: got!.learningSteps, due: Date.parse(got!.due), last: Date.parse(got!.lastReview!) },
        where,
      ).toEqual({
        state: STATES[reference.state],
        reps: reference.reps,
        lapses: reference.lapses,
        scheduledDays: reference.scheduled_days,
        learningSteps: reference.learning_steps,
        due: reference.due.getTime(),
        last: reference.last_review!.getTime(),
      });
      expect(Math.abs(got!.stability - reference.stability), where).toBeLessThanOrEqual(1e-6);
      expect(Math.abs(got!.difficulty - reference.difficulty), where).toBeLessThanOrEqual(1e-6);
      // The log reads as if the reviews had come in order: each row's state before is the
      // previous row's state after.
      const log = await sql<{ before: number; after: number }[]>`
        select state_before as before, state_after as after from public.reviews where flashcard_id = ${cardId} order by reviewed_at, id`;
      expect(log.slice(1).map((row) => row.before), where).toEqual(log.slice(0, -1).map((row) => row.after));
    }
  });
});
