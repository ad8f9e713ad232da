import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDeckReply } from '../../supabase/functions/_shared/contract/decks.ts';
import { dueReply } from '../../supabase/functions/_shared/contract/flashcards.ts';
import { adminSql, api, closeAdminSql, createUser, type TestUser } from '../support/stack.ts';

// Decks by country and tag (issue 35) through /api/flashcard/addDeck against the real stack:
// a guest is told to log in, bad bodies get their 400 codes and add nothing, a deck adds the
// best-voted shown entries not yet held (201, or 200 when nothing is left), two decks at once
// add different cards (no duplicate, no 500), the eleventh deck in a minute and a deck with
// no room left in the card writes are 429 with Retry-After, and the learner's new-cards-per-day
// still decides the session. Each test tags
// its own entries (a fresh tag), so the seed's entries never match.

let learner: TestUser;

/** `count` shown entries in `country` tagged with a new tag, best voted first; returns the tag and ids. */
async function taggedEntries(count: number, country = 'PE'): Promise<{ tag: string; ids: string[] }> {
  const sql = adminSql();
  const tag = `d${randomUUID().slice(0, 8)}`;
  const [{ id: tagId }] = await sql<{ id: string }[]>`insert into public.tags (name) values (${tag}) returning id`;
  const rows = await sql<{ id: string }[]>`
    insert into public.entries (title, description, country, author, upvotes)
    select ${tag} || ' ' || n, 'A word of a deck.', ${country}, 'Deck tests', 1000 - n from generate_series(1, ${count}::integer) as n
    returning id`;
  await sql`insert into public.entry_tags (entry_id, tag_id) select unnest(${rows.map((row) => row.id)}::uuid[]), ${tagId}`;
  const ranked = await sql<{ id: string }[]>`select id from public.entries where id = any (${rows.map((row) => row.id)}::uuid[]) order by vote_score desc`;
  return { tag, ids: ranked.map((row) => row.id) };
}

const addDeck = (user: TestUser | null, body: unknown) => api('/flashcard/addDeck', { body, token: user ? user.token : undefined });
const cardsOf = async (user: TestUser) =>
  (await adminSql()<{ entry_id: string; kind: string }[]>`select entry_id, kind from public.flashcards where user_id = ${user.id} order by created_at, entry_id`);

beforeAll(async () => {
  learner = await createUser({ name: 'Lena Deck' });
});

afterAll(closeAdminSql);

describe('POST /api/flashcard/addDeck', () => {
  it('tells a guest to log in (401) and adds nothing', async () => {
    const { tag } = await taggedEntries(2);
    const reply = await addDeck(null, { tag });
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ success: false, code: 'login_required' });
    expect(await adminSql()`select 1 from public.flashcards f join public.entry_tags et on et.entry_id = f.entry_id
                            join public.tags t on t.id = et.tag_id where t.name = ${tag}`).toHaveLength(0);
  });

  it('answers bad bodies with their 400 codes and adds nothing', async () => {
    const user = await createUser({ name: 'Vale Validation' });
    const cases: [unknown, string][] = [
      [{}, 'deck_filter_required'],
      [{ country: '', tag: '  ' }, 'deck_filter_required'],
      [{ country: 'PE', limit: 0 }, 'deck_limit_invalid'],
      [{ country: 'PE', limit: 101 }, 'deck_limit_invalid'],
      [{ country: 'PE', limit: 2.5 }, 'deck_limit_invalid'],
      [{ country: 'PE', limit: '20' }, 'deck_limit_invalid'],
      [{ country: 'ZZ' }, 'unknown_country'],
      [{ country: 'Colombia' }, 'unknown_country'],
      [{ country: 7 }, 'unknown_country'],
      [{ tag: 'x'.repeat(21) }, 'tag_name_too_long'],
    ];
    for (const [body, code] of cases) {
      const reply = await addDeck(user, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body, JSON.stringify(body)).toMatchObject({ success: false, code });
    }
    const broken = await api('/flashcard/addDeck', { rawBody: '{"country":', token: user.token, headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ code: 'invalid_json' });
    expect(await cardsOf(user)).toEqual([]);
  });

  it('adds the best-voted entries not yet held as basic cards (201), and 200 once none are left', async () => {
    const { tag, ids } = await taggedEntries(5);
    await adminSql()`insert into public.flashcards (user_id, entry_id, kind) values (${learner.id}, ${ids[1]}, 'basic')`;
    const first = await addDeck(learner, { tag: tag.toUpperCase(), limit: 3 });
    expect(first.status).toBe(201);
    expect(addDeckReply.parse(first.body)).toEqual({ success: true, added: 3, skipped: 1 });
    const held = (await cardsOf(learner)).filter((card) => ids.includes(card.entry_id));
    expect(held.map((card) => card.entry_id).sort()).toEqual([ids[0], ids[1], ids[2], ids[3]].sort());
    expect(held.every((card) => card.kind === 'basic')).toBe(true);

    const rest = await addDeck(learner, { tag, limit: 3 });
    expect(rest.status).toBe(201);
    expect(rest.body).toEqual({ success: true, added: 1, skipped: 4 });
    const none = await addDeck(learner, { tag, country: 'pe' });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ success: true, added: 0, skipped: 5 });
    const elsewhere = await addDeck(learner, { tag, country: 'CO' });
    expect(elsewhere.body).toEqual({ success: true, added: 0, skipped: 0 });
  });

  it('adds 20 when the body names no limit', async () => {
    const user = await createUser({ name: 'Tito Twenty' });
    const { tag, ids } = await taggedEntries(25);
    const reply = await addDeck(user, { tag });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ success: true, added: 20, skipped: 0 });
    expect((await cardsOf(user)).map((card) => card.entry_id).sort()).toEqual(ids.slice(0, 20).sort());
  });

  it('takes two decks of one learner at once one after the other: different cards, no duplicate, no 500', async () => {
    const user = await createUser({ name: 'Tina Two Tabs' });
    const { tag, ids } = await taggedEntries(30);
    const replies = await Promise.all([addDeck(user, { tag, limit: 20 }), addDeck(user, { tag, limit: 20 })]);
    expect(replies.map((reply) => reply.status)).toEqual([201, 201]);
    const bodies = replies.map((reply) => addDeckReply.parse(reply.body)).sort((a, b) => a.added - b.added);
    // Whichever came second saw the first's 20 as held and took the 10 left.
    expect(bodies).toEqual([
      { success: true, added: 10, skipped: 20 },
      { success: true, added: 20, skipped: 0 },
    ]);
    const cards = await cardsOf(user);
    expect(cards).toHaveLength(30);
    expect(new Set(cards.map((card) => card.entry_id)).size).toBe(30);
    expect(cards.map((card) => card.entry_id).sort()).toEqual([...ids].sort());
  });

  it('refuses the eleventh deck in a minute with 429 and Retry-After, even one that adds nothing', async () => {
    const user = await createUser({ name: 'Lupe Loop' });
    const empty = `e${randomUUID().slice(0, 8)}`;
    for (let deck = 1; deck <= 10; deck += 1) {
      const reply = await addDeck(user, { tag: empty });
      expect(reply.status, `deck ${deck}`).toBe(200);
    }
    const refused = await addDeck(user, { tag: empty });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, code: 'rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses a deck its card writes have no room for with 429 and Retry-After, adding nothing', async () => {
    const user = await createUser({ name: 'Cora Cards' });
    const [hundred, thirty] = await Promise.all([taggedEntries(100), taggedEntries(30)]);
    expect((await addDeck(user, { tag: hundred.tag, limit: 100 })).body).toEqual({ success: true, added: 100, skipped: 0 });
    // 20 of the minute's 120 card writes are left: a deck of 30 does not fit.
    const refused = await addDeck(user, { tag: thirty.tag, limit: 30 });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, code: 'rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await cardsOf(user)).toHaveLength(100);
  });

  it('leaves the daily new-card limit in charge: 20 new cards at 5 a day make a session of 5', async () => {
    const user = await createUser({ name: 'Fina Five' });
    const { tag } = await taggedEntries(20);
    expect((await api('/user/update', { body: { newCardsPerDay: 5 }, token: user.token })).status).toBe(200);
    expect((await addDeck(user, { tag })).body).toEqual({ success: true, added: 20, skipped: 0 });
    const due = await api(`/flashcard/getDueFlashcards/${user.id}?limit=100`, { token: user.token });
    expect(due.status).toBe(200);
    const session = dueReply.parse(due.body);
    expect(session.data).toHaveLength(5);
    expect(session.total).toBe(5);
    expect(session.data.every((card) => card.state === 'new')).toBe(true);
  });
});
