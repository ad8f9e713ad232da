import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry } from '../../supabase/functions/_shared/contract/entries.ts';
import type { Flashcard } from '../../supabase/functions/_shared/contract/flashcards.ts';
import { adminSql, api, closeAdminSql, createUser, type TestUser } from '../support/stack.ts';

// /api/flashcard and the streak routes of /api/user against the real stack: only the owner
// touches their cards whatever ids are sent, the spec's replies, FSRS state moving on a
// rating, the CSV exports, and a streak counted once per day of reviews.

const unique = () => Math.random().toString(36).slice(2, 9);

let author: TestUser;
let learner: TestUser;
let other: TestUser;

/** An entry to make cards of, by `token`'s account (usually a new one: entries come from many authors, and one account's writes are limited). */
async function newEntry(token: string, fields: Partial<Entry> = {}): Promise<Entry> {
  const reply = await api<{ data: Entry }>('/content/addContent', {
    body: { title: `chévere ${unique()}`, description: 'Cool, great.', country: 'VE', author: 'Flashcard tests', ...fields },
    token,
  });
  expect(reply.status).toBe(201);
  return reply.body.data;
}

async function addCard(user: TestUser, entry: Entry): Promise<Flashcard> {
  const reply = await api<{ data: Flashcard }>('/flashcard/addFlashcard', { body: { contentId: entry._id, userId: user.id }, token: user.token });
  expect(reply.status).toBe(201);
  return reply.body.data;
}

beforeAll(async () => {
  [author, learner, other] = await Promise.all([createUser(), createUser(), createUser()]);
});

afterAll(closeAdminSql);

describe('POST /api/flashcard/addFlashcard', () => {
  it('adds an entry as a New card due now, with the entry’s fields', async () => {
    const entry = await newEntry((await createUser()).token, { hint: 'c_ _ _ _ e', exampleSentence: '¡Qué chévere!' });
    const reply = await api('/flashcard/addFlashcard', { body: { contentId: entry._id, userId: learner.id }, token: learner.token });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      success: true,
      message: 'Added to flashcards successfully!',
      data: {
        userId: learner.id,
        contentId: entry._id,
        state: 'new',
        reps: 0,
        lapses: 0,
        lastReview: null,
        content: { _id: entry._id, title: entry.title, description: entry.description, exampleSentence: '¡Qué chévere!', hint: 'c_ _ _ _ e', country: 'VE' },
      },
    });
    expect(Date.parse(reply.body.data.due)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('answers 409 with a message when the card already exists', async () => {
    const entry = await newEntry((await createUser()).token);
    await addCard(learner, entry);
    const again = await api('/flashcard/addFlashcard', { body: { contentId: entry._id }, token: learner.token });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: 'flashcard_exists', message: 'This entry is already in your flashcards.' });
    // Another learner's card for the same entry is theirs alone.
    await addCard(other, entry);
  });

  it('asks guests to log in and refuses to act in another learner’s name', async () => {
    const entry = await newEntry((await createUser()).token);
    const guest = await api('/flashcard/addFlashcard', { body: { contentId: entry._id } });
    expect(guest.status).toBe(401);
    expect(guest.body.code).toBe('login_required');
    const forOther = await api('/flashcard/addFlashcard', { body: { contentId: entry._id, userId: other.id }, token: learner.token });
    expect(forOther.status).toBe(403);
    expect(forOther.body.fieldCodes).toEqual({ userId: 'forbidden' });
    const sql = adminSql();
    expect(await sql`select 1 from public.flashcards where entry_id = ${entry._id}`).toHaveLength(0);
  });

  it('names a bad id and does not find hidden or missing entries', async () => {
    const badId = await api('/flashcard/addFlashcard', { body: { contentId: 'nope' }, token: learner.token });
    expect(badId.status).toBe(400);
    expect(badId.body.fieldCodes).toEqual({ contentId: 'invalid_id' });
    const hidden = await newEntry(author.token);
    await api('/content/updateContent', { method: 'PUT', body: { _id: hidden._id, show: false }, token: author.token });
    const onHidden = await api('/flashcard/addFlashcard', { body: { contentId: hidden._id }, token: learner.token });
    expect(onHidden.status).toBe(404);
    expect(onHidden.body.code).toBe('entry_not_found');
    const missing = await api('/flashcard/addFlashcard', { body: { contentId: '00000000-0000-4000-8000-000000000000' }, token: learner.token });
    expect(missing.status).toBe(404);
  });
});

describe('GET /api/flashcard/getFlashcards and getDueFlashcards', () => {
  it('lists only the caller’s own cards, and refuses other ids and guests', async () => {
    const reader = await createUser();
    const entry = await newEntry((await createUser()).token);
    const card = await addCard(reader, entry);
    await addCard(other, entry);

    const mine = await api<Flashcard[]>(`/flashcard/getFlashcards/${reader.id}`, { token: reader.token });
    expect(mine.status).toBe(200);
    expect(mine.body.map((item) => item._id)).toEqual([card._id]);

    const theirs = await api(`/flashcard/getFlashcards/${other.id}`, { token: reader.token });
    expect(theirs.status).toBe(403);
    expect(theirs.body.code).toBe('forbidden');
    const due = await api(`/flashcard/getDueFlashcards/${other.id}`, { token: reader.token });
    expect(due.status).toBe(403);
    const guest = await api(`/flashcard/getDueFlashcards/${reader.id}`);
    expect(guest.status).toBe(401);
    const notAnId = await api('/flashcard/getFlashcards/not-an-id', { token: reader.token });
    expect(notAnId.status).toBe(403);
  });

  it('sends the due cards a page at a time with the count of all due today', async () => {
    const pager = await createUser();
    for (let i = 0; i < 3; i++) await addCard(pager, await newEntry((await createUser()).token));
    const page = await api(`/flashcard/getDueFlashcards/${pager.id}?limit=2`, { token: pager.token });
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(2);
    expect(page.body.total).toBe(3);
    for (const limit of ['0', '201', 'x', '1e400']) {
      const reply = await api(`/flashcard/getDueFlashcards/${pager.id}?limit=${limit}`, { token: pager.token });
      expect(reply.status, limit).toBe(400);
    }
  });

  it('returns due cards with a preview of each rating, and drops a card once it is scheduled later', async () => {
    const reviewer = await createUser();
    const card = await addCard(reviewer, await newEntry((await createUser()).token));
    const due = await api<{ data: (Flashcard & { retrievability: number | null; preview: Record<string, { due: string; scheduledDays: number }> })[] }>(
      `/flashcard/getDueFlashcards/${reviewer.id}?limit=100`,
      { token: reviewer.token },
    );
    expect(due.status).toBe(200);
    expect(due.body.data).toHaveLength(1);
    expect(due.body).toMatchObject({ total: 1 });
    const [item] = due.body.data;
    expect(item).toMatchObject({ _id: card._id, content: { title: card.content.title } });
    expect(Object.keys(item.preview).sort()).toEqual(['again', 'easy', 'good', 'hard']);
    // A New card: Again and Hard stay in today's learning steps, Easy jumps days ahead.
    const wait = (rating: string) => Date.parse(item.preview[rating].due) - Date.now();
    expect(wait('again')).toBeLessThan(wait('hard'));
    expect(wait('good')).toBeLessThanOrEqual(wait('easy'));
    expect(item.preview.easy.scheduledDays).toBeGreaterThanOrEqual(1);

    const easy = await api(`/flashcard/updateFlashcardReview/${card._id}`, { method: 'PUT', body: { quality: 'Easy' }, token: reviewer.token });
    expect(easy.status).toBe(200);
    expect(easy.body.data).toMatchObject({ _id: card._id, state: 'review', reps: 1 });
    // The preview was computed a moment before the rating: the same interval from a later now.
    expect(Math.abs(Date.parse(easy.body.data.due) - Date.parse(item.preview.easy.due))).toBeLessThan(60_000);
    expect(easy.body.data.scheduledDays).toBe(item.preview.easy.scheduledDays);
    const after = await api<{ data: Flashcard[] }>(`/flashcard/getDueFlashcards/${reviewer.id}?limit=100`, { token: reviewer.token });
    expect(after.body.data).toEqual([]);
  });
});

describe('PUT /api/flashcard/updateFlashcardReview', () => {
  it('accepts the four qualities by name or number and logs each rating', async () => {
    const reviewer = await createUser();
    const card = await addCard(reviewer, await newEntry((await createUser()).token));
    for (const quality of ['Again', 'hard', 3, 'EASY']) {
      const reply = await api(`/flashcard/updateFlashcardReview/${card._id}`, { method: 'PUT', body: { quality }, token: reviewer.token });
      expect(reply.status, String(quality)).toBe(200);
    }
    const sql = adminSql();
    const log = await sql<{ rating: number }[]>`select rating from public.reviews where flashcard_id = ${card._id} order by id`;
    expect(log.map((row) => row.rating)).toEqual([1, 2, 3, 4]);
  });

  it('refuses a bad quality with 400, never 500, and changes nothing', async () => {
    const reviewer = await createUser();
    const card = await addCard(reviewer, await newEntry((await createUser()).token));
    for (const body of [{ quality: 'Perfect' }, { quality: 0 }, { quality: 5 }, { quality: 2.5 }, { quality: null }, {}, { quality: '\u0000' }]) {
      const reply = await api(`/flashcard/updateFlashcardReview/${card._id}`, { method: 'PUT', body, token: reviewer.token });
      expect(reply.status, JSON.stringify(body)).toBe(400);
    }
    const huge = await api(`/flashcard/updateFlashcardReview/${card._id}`, { method: 'PUT', rawBody: '{"quality": 1e400}', token: reviewer.token });
    expect(huge.status).toBe(400);
    const named = await api(`/flashcard/updateFlashcardReview/${card._id}`, { method: 'PUT', body: { quality: 'Perfect' }, token: reviewer.token });
    expect(named.body).toMatchObject({ code: 'review_quality_invalid', fieldCodes: { quality: 'review_quality_invalid' } });
    const sql = adminSql();
    expect(await sql`select 1 from public.reviews where flashcard_id = ${card._id}`).toHaveLength(0);
  });

  it('does not let anyone else rate a learner’s card', async () => {
    const owner = await createUser();
    const card = await addCard(owner, await newEntry((await createUser()).token));
    const byOther = await api(`/flashcard/updateFlashcardReview/${card._id}`, { method: 'PUT', body: { quality: 'Good' }, token: other.token });
    expect(byOther.status).toBe(404);
    expect(byOther.body.code).toBe('flashcard_not_found');
    const byGuest = await api(`/flashcard/updateFlashcardReview/${card._id}`, { method: 'PUT', body: { quality: 'Good' } });
    expect(byGuest.status).toBe(401);
    const notAnId = await api('/flashcard/updateFlashcardReview/xyz', { method: 'PUT', body: { quality: 'Good' }, token: owner.token });
    expect(notAnId.status).toBe(404);
    const sql = adminSql();
    const [row] = await sql<{ reps: number }[]>`select reps from public.flashcards where id = ${card._id}`;
    expect(row.reps).toBe(0);
  });
});

describe('DELETE /api/flashcard/removeFlashcard', () => {
  it('removes the owner’s card and keeps the review log; others get 404', async () => {
    const owner = await createUser();
    const card = await addCard(owner, await newEntry((await createUser()).token));
    await api(`/flashcard/updateFlashcardReview/${card._id}`, { method: 'PUT', body: { quality: 'Good' }, token: owner.token });
    const byOther = await api(`/flashcard/removeFlashcard/${card._id}`, { method: 'DELETE', token: other.token });
    expect(byOther.status).toBe(404);
    const byGuest = await api(`/flashcard/removeFlashcard/${card._id}`, { method: 'DELETE' });
    expect(byGuest.status).toBe(401);
    const removed = await api(`/flashcard/removeFlashcard/${card._id}`, { method: 'DELETE', token: owner.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true, data: { _id: card._id } });
    const sql = adminSql();
    expect(await sql`select 1 from public.flashcards where id = ${card._id}`).toHaveLength(0);
    expect(await sql`select 1 from public.reviews where user_id = ${owner.id}`).toHaveLength(1);
  });
});

describe('CSV exports', () => {
  it('downloads the cards with formula-looking cells defused, and the review log in the optimizer’s columns', async () => {
    const exporter = await createUser();
    const risky = await newEntry((await createUser()).token, { title: `=HYPERLINK("http://evil.example") ${unique()}`, description: 'Comillas "dobles", comas y ñ' });
    const card = await addCard(exporter, risky);
    for (const quality of ['Again', 'Good']) {
      await api(`/flashcard/updateFlashcardReview/${card._id}`, { method: 'PUT', body: { quality }, token: exporter.token });
    }

    const cards = await api<string>(`/flashcard/exportFlashcards/${exporter.id}`, { token: exporter.token });
    expect(cards.status).toBe(200);
    expect(cards.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(cards.headers.get('content-disposition')).toBe('attachment; filename="jerga-flashcards.csv"');
    const lines = cards.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe('card_id,title,description,example_sentence,hint,country,state,due,stability,difficulty,scheduled_days,reps,lapses,last_review,created_at,kind');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${card._id},"'=HYPERLINK(""http://evil.example"")`);
    expect(lines[1]).toContain('"Comillas ""dobles"", comas y ñ"');

    const log = await api<string>(`/flashcard/exportReviews/${exporter.id}`, { token: exporter.token });
    expect(log.status).toBe(200);
    const rows = log.body.trim().split('\n');
    expect(rows[0]).toBe('card_id,review_time,review_rating,review_state,review_duration');
    expect(rows.slice(1).map((row) => row.split(',')).map(([id, , rating, state]) => [id, rating, state])).toEqual([
      [card._id, '1', '0'],
      [card._id, '3', '1'],
    ]);
    expect(Number(rows[1].split(',')[1])).toBeGreaterThan(Date.now() - 60_000);

    const others = await api(`/flashcard/exportReviews/${exporter.id}`, { token: other.token });
    expect(others.status).toBe(403);
  });
});

describe('streak routes', () => {
  it('count a day only after a review, once, and report current and longest', async () => {
    const streaker = await createUser();
    const before = await api(`/user/updateStreak/${streaker.id}`, { method: 'PUT', token: streaker.token });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ success: true, updated: false, streak: 0 });

    const card = await addCard(streaker, await newEntry((await createUser()).token));
    await api(`/flashcard/updateFlashcardReview/${card._id}`, { method: 'PUT', body: { quality: 'Good' }, token: streaker.token });
    const first = await api(`/user/updateStreak/${streaker.id}`, { method: 'PUT', token: streaker.token });
    expect(first.body).toMatchObject({ success: true, updated: true, streak: 1, longest: 1, freezesUsed: 0, freezeEarned: false });
    const second = await api(`/user/updateStreak/${streaker.id}`, { method: 'PUT', token: streaker.token });
    expect(second.body).toMatchObject({ updated: false, streak: 1 });

    const current = await api(`/user/getCurrentStreak/${streaker.id}`, { token: streaker.token });
    expect(current.body).toEqual({ success: true, streak: 1, freezes: 0 });
    const longest = await api(`/user/getLongestStreak/${streaker.id}`, { token: streaker.token });
    expect(longest.body).toEqual({ success: true, streak: 1 });
    const user = await api(`/auth/getUser`, { token: streaker.token });
    expect(user.body.user).toMatchObject({ currentStreak: 1, longestStreak: 1 });
  });

  it('lists review days in the learner’s zone and validates the range', async () => {
    const learnerInTokyo = await createUser();
    await api('/user/update', { body: { timeZone: 'Asia/Tokyo' }, token: learnerInTokyo.token });
    const card = await addCard(learnerInTokyo, await newEntry((await createUser()).token));
    await api(`/flashcard/updateFlashcardReview/${card._id}`, { method: 'PUT', body: { quality: 'Hard' }, token: learnerInTokyo.token });
    await api(`/flashcard/updateFlashcardReview/${card._id}`, { method: 'PUT', body: { quality: 'Good' }, token: learnerInTokyo.token });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
    const days = await api(`/user/getReviewDays/${learnerInTokyo.id}`, { token: learnerInTokyo.token });
    expect(days.status).toBe(200);
    expect(days.body).toEqual({ success: true, timeZone: 'Asia/Tokyo', days: [{ date: today, reviews: 2 }] });
    for (const range of ['0', '367', 'abc', '1e400', '-1']) {
      const reply = await api(`/user/getReviewDays/${learnerInTokyo.id}?days=${range}`, { token: learnerInTokyo.token });
      expect(reply.status, range).toBe(400);
    }
  });

  it('refuse other learners’ ids and guests', async () => {
    for (const path of [`/user/getCurrentStreak/${learner.id}`, `/user/getLongestStreak/${learner.id}`, `/user/getReviewDays/${learner.id}`]) {
      expect((await api(path, { token: other.token })).status, path).toBe(403);
      expect((await api(path)).status, path).toBe(401);
    }
    const update = await api(`/user/updateStreak/${learner.id}`, { method: 'PUT', token: other.token });
    expect(update.status).toBe(403);
  });
});
