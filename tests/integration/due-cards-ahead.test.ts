import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry } from '../../supabase/functions/_shared/contract/entries.ts';
import type { Flashcard } from '../../supabase/functions/_shared/contract/flashcards.ts';
import { adminSql, api, closeAdminSql, createUser, type TestUser } from '../support/stack.ts';

// The next day's due cards (issue 20, offline tomorrow) through /api on the real stack:
// GET /api/flashcard/getDueFlashcards/{userId}?limit=N&ahead=1 answers today's page as
// without `ahead`, plus `nextDay` {from, cards}: when the learner's next local day starts
// (their time zone) and the cards due before its end, each with its `due`. palabrotas' bare
// list (no `limit`) stays as it was; a bad `ahead` is a 400. `nextDay.spare`: the New and
// Review cards that come next in that day, as many as today's limits still let today take.

const unique = () => Math.random().toString(36).slice(2, 9);

interface DueReply {
  success: boolean;
  data: Flashcard[];
  total: number;
  nextDay?: { from: string; cards: Flashcard[]; spare?: (Flashcard & { preview: Record<string, { due: string }> })[] };
}

let learner: TestUser;
let other: TestUser;
const cards: Flashcard[] = [];
let tomorrowStart: Date;

async function newEntry(): Promise<Entry> {
  const author = await createUser();
  const reply = await api<{ data: Entry }>('/content/addContent', {
    body: { title: `mañana ${unique()}`, description: 'A word for tomorrow.', country: 'CL', author: 'Ahead tests' },
    token: author.token,
  });
  expect(reply.status).toBe(201);
  return reply.body.data;
}

beforeAll(async () => {
  learner = await createUser();
  other = await createUser();
  const sql = adminSql();
  await sql`update public.profiles set time_zone = 'Pacific/Auckland' where id = ${learner.id}`;
  for (let index = 0; index < 3; index++) {
    const reply = await api<{ data: Flashcard }>('/flashcard/addFlashcard', { body: { contentId: (await newEntry())._id }, token: learner.token });
    expect(reply.status).toBe(201);
    cards.push(reply.body.data);
  }
  tomorrowStart = (await sql`select private.local_day_end(${learner.id}, now()) as at`)[0].at as Date;
  // The first stays due now; the second becomes due an hour into the learner's next day, the
  // third two days after that.
  await sql`update public.flashcards set due = ${tomorrowStart}::timestamptz + interval '1 hour' where id = ${cards[1]._id}`;
  await sql`update public.flashcards set due = ${tomorrowStart}::timestamptz + interval '2 days' where id = ${cards[2]._id}`;
});

afterAll(async () => {
  await closeAdminSql();
});

const due = (user: TestUser, query: string) => api<DueReply>(`/flashcard/getDueFlashcards/${user.id}${query}`, { token: user.token });

describe('getDueFlashcards?ahead=1', () => {
  it('adds the next local day: when it starts and its cards, each with its due', async () => {
    const reply = await due(learner, '?limit=50&ahead=1');
    expect(reply.status).toBe(200);
    expect(reply.body.data.map((card) => card._id)).toEqual([cards[0]._id]);
    expect(reply.body.total).toBe(1);
    expect(new Date(reply.body.nextDay!.from).getTime()).toBe(tomorrowStart.getTime());
    expect(reply.body.nextDay!.cards.map((card) => card._id)).toEqual([cards[0]._id, cards[1]._id]);
    expect(new Date(reply.body.nextDay!.cards[1].due).getTime()).toBe(tomorrowStart.getTime() + 3_600_000);
  });

  it('is left out without ahead, and the seed\'s bare list stays a bare list', async () => {
    const page = await due(learner, '?limit=50');
    expect(page.status).toBe(200);
    expect(page.body).not.toHaveProperty('nextDay');
    const bare = await api<Flashcard[]>(`/flashcard/getDueFlashcards/${learner.id}?ahead=1`, { token: learner.token });
    expect(bare.status).toBe(200);
    expect(Array.isArray(bare.body)).toBe(true);
    expect(bare.body.map((card) => card._id)).toEqual([cards[0]._id]);
  });

  it('pages the next day with limit', async () => {
    const reply = await due(learner, '?limit=1&ahead=1');
    expect(reply.body.nextDay!.cards.map((card) => card._id)).toEqual([cards[0]._id]);
  });

  it('refuses a bad ahead with a 400, another learner\'s list with a 403, a guest with a 401', async () => {
    for (const bad of ['2', 'yes', '%00', '1%00']) {
      const reply = await due(learner, `?limit=10&ahead=${bad}`);
      expect(reply.status, bad).toBe(400);
    }
    expect((await due(other, '?limit=10&ahead=1')).status).toBe(200);
    expect((await api(`/flashcard/getDueFlashcards/${learner.id}?limit=10&ahead=1`, { token: other.token })).status).toBe(403);
    expect((await api(`/flashcard/getDueFlashcards/${learner.id}?limit=10&ahead=1`)).status).toBe(401);
  });

  it('gives another learner only their own next day', async () => {
    const reply = await due(other, '?limit=10&ahead=1');
    expect(reply.body.nextDay!.cards).toEqual([]);
    expect(reply.body.data).toEqual([]);
  });
});

describe('getDueFlashcards?ahead=1 nextDay.spare', () => {
  it('holds the New cards that come next in the next day, as many as today may still introduce, with their previews', async () => {
    const learnerWithLimit = await createUser();
    await adminSql()`update public.profiles set new_cards_per_day = 1 where id = ${learnerWithLimit.id}`;
    const added: Flashcard[] = [];
    for (let index = 0; index < 3; index++) {
      const reply = await api<{ data: Flashcard }>('/flashcard/addFlashcard', { body: { contentId: (await newEntry())._id }, token: learnerWithLimit.token });
      expect(reply.status).toBe(201);
      added.push(reply.body.data);
    }
    const reply = await due(learnerWithLimit, '?limit=50&ahead=1');
    expect(reply.status).toBe(200);
    // One New card a day: today one, the next day one, and one spare (what today may still take).
    expect(reply.body.data).toHaveLength(1);
    expect(reply.body.nextDay!.cards).toHaveLength(1);
    const spare = reply.body.nextDay!.spare!;
    expect(spare).toHaveLength(1);
    expect(spare[0]._id).not.toBe(reply.body.nextDay!.cards[0]._id);
    expect(added.map((card) => card._id)).toContain(spare[0]._id);
    expect(spare[0]).toMatchObject({ state: 'new', preview: { good: { due: expect.any(String) } } });
  });
});
