import { afterAll, describe, expect, it } from 'vitest';
import type { Entry } from '../../supabase/functions/_shared/contract/entries.ts';
import type { BrowsedFlashcard, Flashcard } from '../../supabase/functions/_shared/contract/flashcards.ts';
import { api, closeAdminSql, createUser, type TestUser } from '../support/stack.ts';

// The card browser's routes on the real stack: browse with filters and pages, suspend and
// resume (a suspended card leaves getDueFlashcards), reset; another learner and a guest refused.

const unique = () => Math.random().toString(36).slice(2, 9);

async function newCard(user: TestUser, country: string, word: string): Promise<Flashcard> {
  const author = await createUser();
  const entry = await api<{ data: Entry }>('/content/addContent', {
    body: { title: word, description: 'A word to browse.', country, author: 'Browser tests' },
    token: author.token,
  });
  expect(entry.status).toBe(201);
  const card = await api<{ data: Flashcard }>('/flashcard/addFlashcard', { body: { contentId: entry.body.data._id }, token: user.token });
  expect(card.status).toBe(201);
  return card.body.data;
}

afterAll(async () => {
  await closeAdminSql();
});

describe('card browser routes', () => {
  it('browses, pages, suspends, resumes and resets the caller’s own cards only', async () => {
    const learner = await createUser();
    const run = unique();
    const cards = [await newCard(learner, 'MX', `uno ${run}`), await newCard(learner, 'CU', `dos ${run}`), await newCard(learner, 'MX', `tres ${run}`)];
    const browse = (query: string, token: string | null = learner.token) =>
      api<{ data: BrowsedFlashcard[]; nextCursor: string | null; code?: string }>(`/flashcard/browse/${learner.id}${query}`, { token });

    const all = await browse('');
    expect(all.status).toBe(200);
    expect(all.body.data.map((card) => card._id)).toEqual([cards[2]._id, cards[1]._id, cards[0]._id]);
    const first = await browse('?limit=2');
    expect(first.body.data).toHaveLength(2);
    const next = await browse(`?limit=2&cursor=${first.body.nextCursor}`);
    expect(next.body.data.map((card) => card._id)).toEqual([cards[0]._id]);
    expect(next.body.nextCursor).toBeNull();
    expect((await browse('?country=cu')).body.data.map((card) => card._id)).toEqual([cards[1]._id]);
    expect((await browse(`?q=DOS%20${run}`)).body.data.map((card) => card._id)).toEqual([cards[1]._id]);
    expect((await browse('?state=asleep')).status).toBe(400);
    expect((await browse('?q=a%00b')).status).toBe(400);
    expect((await browse('?cursor=nonsense')).status).toBe(400);

    const suspended = await api<{ data: BrowsedFlashcard }>(`/flashcard/suspend/${cards[1]._id}`, { method: 'PUT', body: { suspended: true }, token: learner.token });
    expect(suspended.status).toBe(200);
    expect(suspended.body.data.suspended).toBe(true);
    const due = await api<{ data: Flashcard[] }>(`/flashcard/getDueFlashcards/${learner.id}?limit=100`, { token: learner.token });
    expect(due.body.data.map((card) => card._id)).not.toContain(cards[1]._id);
    expect((await browse('?state=suspended')).body.data.map((card) => card._id)).toEqual([cards[1]._id]);
    expect((await api(`/flashcard/suspend/${cards[1]._id}`, { method: 'PUT', body: { suspended: 'yes' }, token: learner.token })).status).toBe(400);
    const resumed = await api<{ data: BrowsedFlashcard }>(`/flashcard/suspend/${cards[1]._id}`, { method: 'PUT', body: { suspended: false }, token: learner.token });
    expect(resumed.body.data.suspended).toBe(false);

    const rated = await api(`/flashcard/updateFlashcardReview/${cards[0]._id}`, { method: 'PUT', body: { quality: 'Good' }, token: learner.token });
    expect(rated.status).toBe(200);
    const reset = await api<{ data: BrowsedFlashcard }>(`/flashcard/reset/${cards[0]._id}`, { method: 'PUT', token: learner.token });
    expect(reset.status).toBe(200);
    expect(reset.body.data).toMatchObject({ state: 'new', reps: 0, lastReview: null });

    const other = await createUser();
    expect((await browse('', other.token)).status).toBe(403);
    expect((await api(`/flashcard/suspend/${cards[0]._id}`, { method: 'PUT', body: { suspended: true }, token: other.token })).status).toBe(404);
    expect((await api(`/flashcard/reset/${cards[0]._id}`, { method: 'PUT', token: other.token })).status).toBe(404);
    expect((await browse('', null)).status).toBe(401);
    expect((await api(`/flashcard/suspend/${cards[0]._id}`, { method: 'PUT', body: { suspended: true }, token: null })).status).toBe(401);
  });
});
