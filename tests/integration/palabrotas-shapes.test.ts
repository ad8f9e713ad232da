import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry } from '../../supabase/functions/_shared/contract/entries.ts';
import { UNPAGED_MAX_ENTRIES } from '../../supabase/functions/_shared/api/content.ts';
import { adminSql, api, closeAdminSql, createUser, stack, testClientAddress, type TestUser } from '../support/stack.ts';

// The replies the palabrotas client reads (github.com/dikuw/palabrotas, client/src/store/*.js),
// asked for the way it asks: its paths, its payloads (userId in bodies, quality by name,
// keepInQueue), no paging parameters. Each answer is checked against what palabrotas'
// controllers (server/controllers/*.js) send. Signed in by bearer token here.

const unique = () => Math.random().toString(36).slice(2, 9);
const isoTime = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
const id = expect.stringMatching(/^[0-9a-f-]{36}$/);

let author: TestUser;
let learner: TestUser;
let entry: Entry;

beforeAll(async () => {
  [author, learner] = await Promise.all([createUser({ name: 'Autora' }), createUser({ name: 'Lola' })]);
  const added = await api<{ data: Entry }>('/content/addContent', {
    body: { title: `bacán ${unique()}`, description: 'Great, cool.', country: 'CL', author: 'Autora', hint: 'b _ _ _ n', exampleSentence: '¡Qué bacán!' },
    token: author.token,
  });
  expect(added.status).toBe(201);
  entry = added.body.data;
});

afterAll(closeAdminSql);

describe('comments (store/comment.js)', () => {
  it('addComment answers {success, data: the comment}; getCommentsByContentId the comments themselves, newest first, owner populated', async () => {
    const first = await api('/comment/addComment', { body: { contentId: entry._id, userId: learner.id, text: 'Muy bacán.' }, token: learner.token });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ success: true, data: { _id: id, content: entry._id, text: 'Muy bacán.', owner: { _id: learner.id, name: 'Lola' } } });
    const second = await api('/comment/addComment', { body: { contentId: entry._id, userId: author.id, text: 'Gracias.' }, token: author.token });
    expect(second.status).toBe(201);

    // A guest reads them too (the palabrotas client fetches them before anyone signs in).
    const list = await api(`/comment/getCommentsByContentId/${entry._id}`);
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body).toEqual([
      expect.objectContaining({ _id: second.body.data._id, content: entry._id, text: 'Gracias.', owner: { _id: author.id, name: 'Autora' }, createdAt: isoTime, updatedAt: isoTime }),
      expect.objectContaining({ _id: first.body.data._id, content: entry._id, text: 'Muy bacán.', owner: { _id: learner.id, name: 'Lola' }, createdAt: isoTime, updatedAt: isoTime }),
    ]);
  });

  it('refuses a signed-out comment with 401 {success: false, message}, as palabrotas’ server refuses', async () => {
    const refused = await api('/comment/addComment', { body: { contentId: entry._id, userId: learner.id, text: 'Hola' } });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ success: false, message: 'Please log in to comment.' });
  });
});

describe('votes (store/vote.js)', () => {
  it('addVote answers {success, message, data}; getVotesByContentId the votes themselves, user populated with its name', async () => {
    const cast = await api('/vote/addVote', { body: { contentId: entry._id, userId: learner.id, voteType: 'upvote' }, token: learner.token });
    expect(cast.status).toBe(201);
    expect(cast.body).toMatchObject({ success: true, message: expect.any(String), data: expect.any(Object) });
    const list = await api(`/vote/getVotesByContentId/${entry._id}`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({ _id: id, content: entry._id, user: { _id: learner.id, name: 'Lola' }, voteType: 'upvote', createdAt: isoTime, updatedAt: isoTime }),
    ]);
  });

  it('a signed-out vote is refused with 401 and a message the card shows (result.message)', async () => {
    const refused = await api('/vote/addVote', { body: { contentId: entry._id, voteType: 'upvote' } });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ success: false, message: 'Please log in to vote' });
  });
});

describe('flashcards (store/flashcard.js, components/flashcards)', () => {
  it('add, the cards and today’s as bare lists in palabrotas’ fields, a review answered with the card and its previewIntervals', async () => {
    const reviewer = await createUser();
    const added = await api('/flashcard/addFlashcard', { body: { userId: reviewer.id, contentId: entry._id }, token: reviewer.token });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ message: expect.any(String), data: { _id: id } });
    const again = await api('/flashcard/addFlashcard', { body: { userId: reviewer.id, contentId: entry._id }, token: reviewer.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toEqual(expect.any(String));

    const all = await api(`/flashcard/getFlashcards/${reviewer.id}`, { token: reviewer.token });
    expect(all.status).toBe(200);
    expect(all.body).toEqual([
      expect.objectContaining({
        _id: added.body.data._id,
        user: reviewer.id,
        content: expect.objectContaining({ _id: entry._id, title: entry.title, description: 'Great, cool.', hint: 'b _ _ _ n', exampleSentence: '¡Qué bacán!', country: 'CL' }),
        lastReviewed: isoTime,
        nextReview: isoTime,
        interval: 0,
        ease: 2.5,
        reviewCount: 0,
        createdAt: isoTime,
        updatedAt: isoTime,
      }),
    ]);

    const due = await api(`/flashcard/getDueFlashcards/${reviewer.id}`, { token: reviewer.token });
    expect(due.status).toBe(200);
    expect(due.body).toHaveLength(1);
    const [card] = due.body;
    expect(card).toMatchObject({ _id: added.body.data._id, content: { _id: entry._id, title: entry.title }, reviewCount: 0 });
    expect(Object.keys(card.previewIntervals).sort()).toEqual(['Again', 'Easy', 'Good', 'Hard']);
    for (const days of Object.values(card.previewIntervals)) expect(Number.isInteger(days)).toBe(true);
    // A new card: Again (and Hard) come back today; Easy waits days.
    expect(card.previewIntervals.Again).toBe(0);
    expect(card.previewIntervals.Easy).toBeGreaterThanOrEqual(1);

    // Palabrotas' Flashcard component sends Again with keepInQueue and merges the reply into the queued card.
    const reviewed = await api(`/flashcard/updateFlashcardReview/${card._id}`, { method: 'PUT', body: { quality: 'Again', keepInQueue: true }, token: reviewer.token });
    expect(reviewed.status).toBe(200);
    expect(reviewed.body).toMatchObject({
      _id: card._id,
      user: reviewer.id,
      content: { _id: entry._id, title: entry.title },
      lastReviewed: isoTime,
      nextReview: isoTime,
      interval: expect.any(Number),
      ease: expect.any(Number),
      reviewCount: 1,
      previewIntervals: { Again: expect.any(Number), Hard: expect.any(Number), Good: expect.any(Number), Easy: expect.any(Number) },
    });
    // Beside palabrotas' fields, the app's: the card as the /api shapes it, the streak day, duplicate.
    expect(reviewed.body).toMatchObject({ success: true, data: { _id: card._id, reps: 1 }, streak: { streak: 1 }, duplicate: false });

    // The app's review sync fields are still taken on the same route.
    const reviewId = crypto.randomUUID();
    const synced = await api(`/flashcard/updateFlashcardReview/${card._id}`, { method: 'PUT', body: { quality: 'Good', reviewId, durationMs: 1200 }, token: reviewer.token });
    expect(synced.status).toBe(200);
    expect(synced.body).toMatchObject({ reviewCount: 2, duplicate: false });
    const twice = await api(`/flashcard/updateFlashcardReview/${card._id}`, { method: 'PUT', body: { quality: 'Good', reviewId }, token: reviewer.token });
    expect(twice.body).toMatchObject({ reviewCount: 2, duplicate: true, previewIntervals: expect.any(Object) });

    // The app's page: with limit, {data, total, today}.
    const page = await api(`/flashcard/getDueFlashcards/${reviewer.id}?limit=10`, { token: reviewer.token });
    expect(page.body).toMatchObject({ success: true, data: expect.any(Array), total: expect.any(Number), today: expect.any(Object) });
  });

  it('signed out: refused with 401 and a message (no card list the page could mistake for cards)', async () => {
    const add = await api('/flashcard/addFlashcard', { body: { contentId: entry._id } });
    expect(add.status).toBe(401);
    expect(add.body).toMatchObject({ success: false, message: expect.any(String) });
    const list = await api(`/flashcard/getFlashcards/${learner.id}`);
    expect(list.status).toBe(401);
    expect(Array.isArray(list.body)).toBe(false);
    expect(list.body).toMatchObject({ success: false, message: expect.any(String) });
  });
});

describe('chat (store/chat.js)', () => {
  it('new and PUT answer the chat itself, send {reply: text, chatId}, the list the chats with their messages', async () => {
    const talker = await createUser();
    const created = await api('/chat/new', { body: { userId: talker.id, title: 'New Chat' }, token: talker.token });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ _id: id, userId: talker.id, title: 'New Chat', messages: [], createdAt: isoTime, updatedAt: isoTime });

    const sent = await api('/chat/send', { body: { userId: talker.id, chatId: created.body._id, message: '¿Qué significa chamba?' }, token: talker.token });
    expect(sent.status).toBe(200);
    expect(typeof sent.body.reply).toBe('string');
    expect(sent.body.reply.length).toBeGreaterThan(0);
    expect(sent.body.chatId).toBe(created.body._id);

    const chats = await api(`/chat/chats/${talker.id}`, { token: talker.token });
    expect(chats.status).toBe(200);
    expect(chats.body).toEqual([
      expect.objectContaining({
        _id: created.body._id,
        userId: talker.id,
        title: expect.any(String),
        createdAt: isoTime,
        updatedAt: isoTime,
        messages: [
          expect.objectContaining({ _id: id, role: 'user', content: '¿Qué significa chamba?', createdAt: isoTime }),
          expect.objectContaining({ _id: id, role: 'assistant', content: sent.body.reply, createdAt: isoTime }),
        ],
      }),
    ]);

    const renamed = await api(`/chat/${created.body._id}`, { method: 'PUT', body: { title: 'Chamba' }, token: talker.token });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ _id: created.body._id, userId: talker.id, title: 'Chamba', messages: chats.body[0].messages });

    // The app's sidebar page is asked for with limit: {data, nextCursor}.
    const page = await api(`/chat/chats/${talker.id}?limit=10`, { token: talker.token });
    expect(page.body).toMatchObject({ data: [expect.objectContaining({ _id: created.body._id, messageCount: 2 })], nextCursor: null });
  });

  it('signed out: 401, which the store turns into its own error (res.ok is false)', async () => {
    for (const [path, body] of [['/chat/new', { title: 'New Chat' }], ['/chat/send', { chatId: crypto.randomUUID(), message: 'hola' }]] as const) {
      const refused = await api(path, { body });
      expect(refused.status, path).toBe(401);
      expect(refused.body, path).toMatchObject({ success: false, message: 'Please log in to use the chat feature' });
    }
  });
});

describe('entries (store/content.js)', () => {
  it('getContents and getContentsSortedByVoteDesc without paging: every entry in data, the new one among them', async () => {
    for (const path of ['/content/getContents', '/content/getContentsSortedByVoteDesc']) {
      const reply = await api(path);
      expect(reply.status, path).toBe(200);
      expect(reply.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(reply.body.data.length, path).toBeGreaterThan(100);
      expect(reply.body.data.some((item: Entry) => item._id === entry._id), path).toBe(true);
      expect(reply.body.data.every((item: Entry) => item.show === true), path).toBe(true);
    }
    // The Account page's list of one learner's entries (store.getContentsByUserId reads data).
    const mine = await api(`/content/getContents/${author.id}`, { token: author.token });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ data: [expect.objectContaining({ _id: entry._id, owner: author.id })], nextCursor: null });
  });

  it('beyond the cap, the first UNPAGED_MAX_ENTRIES with the cursor of the rest, which limit and cursor then page', async () => {
    // Entries of this test only (a marker in their titles), dated long ago and unvoted so
    // that they sort last everywhere, and removed again.
    const marker = `tope${unique()}`;
    const extra = 30;
    await adminSql()`
      insert into public.entries (title, description, country, author, created_at, updated_at)
      select ${marker} || ' ' || i, 'Capped list.', 'PE', 'Palabrotas shapes', timestamptz '2001-01-01' + i * interval '1 second', timestamptz '2001-01-01'
        from generate_series(1, ${UNPAGED_MAX_ENTRIES + extra}) as i`;
    try {
      for (const path of ['/content/getContents', '/content/getContentsSortedByVoteDesc']) {
        const all = await api(`${path}?q=${marker}`);
        expect(all.status, path).toBe(200);
        expect(all.body.data, path).toHaveLength(UNPAGED_MAX_ENTRIES);
        expect(new Set(all.body.data.map((item: Entry) => item._id)).size, path).toBe(UNPAGED_MAX_ENTRIES);
        expect(all.body.nextCursor, path).toEqual(expect.any(String));
        const rest = await api(`${path}?q=${marker}&limit=100&cursor=${all.body.nextCursor}`);
        expect(rest.body.data, path).toHaveLength(extra);
        expect(rest.body.nextCursor, path).toBeNull();
        const seen = new Set([...all.body.data, ...rest.body.data].map((item: Entry) => item._id));
        expect(seen.size, path).toBe(UNPAGED_MAX_ENTRIES + extra);
      }
    } finally {
      await adminSql()`delete from public.entries where title like ${marker + ' %'}`;
    }
  }, 60_000);
});

/** The palabrotas client in a browser: no Authorization header, the session cookie it was given, its own origin. */
class PalabrotasBrowser {
  private cookies = new Map<string, string>();

  // Replies are whatever JSON each route sends; the tests read them their own way.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async call(path: string, options: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: any }> {
    const headers: Record<string, string> = { 'x-forwarded-for': testClientAddress, origin: stack().apiUrl };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${stack().apiUrl}/api${path}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('=')).trim();
      if (attributes.some((attribute) => attribute.trim().toLowerCase() === 'max-age=0')) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(pair.indexOf('=') + 1).trim());
    }
    return { status: response.status, body: await response.json() };
  }
}

describe('the same replies to the palabrotas client signed in by its cookie', () => {
  it('register, comment, vote, add a card, review it, chat: each answered in palabrotas’ shape', async () => {
    const browser = new PalabrotasBrowser();
    const email = `galleta-${unique()}@example.com`;
    const registered = await browser.call('/user/register', { body: { name: 'Galleta', email, password: 'galleta-clave-8', confirmPassword: 'galleta-clave-8' } });
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({ authenticated: true, user: { name: 'Galleta' } });
    const userId: string = registered.body.user._id;

    const comment = await browser.call('/comment/addComment', { body: { contentId: entry._id, userId, text: 'Con galleta.' } });
    expect(comment.status).toBe(201);
    const comments = await browser.call(`/comment/getCommentsByContentId/${entry._id}`);
    expect(comments.body[0]).toMatchObject({ _id: comment.body.data._id, owner: { _id: userId, name: 'Galleta' }, content: entry._id });

    expect((await browser.call('/vote/addVote', { body: { contentId: entry._id, userId, voteType: 'downvote' } })).body).toMatchObject({ success: true });
    const votes = await browser.call(`/vote/getVotesByContentId/${entry._id}`);
    expect(votes.body).toContainEqual(expect.objectContaining({ user: { _id: userId, name: 'Galleta' }, voteType: 'downvote' }));

    expect((await browser.call('/flashcard/addFlashcard', { body: { userId, contentId: entry._id } })).status).toBe(201);
    const cards = await browser.call(`/flashcard/getFlashcards/${userId}`);
    expect(cards.body).toEqual([expect.objectContaining({ user: userId, content: expect.objectContaining({ _id: entry._id }) })]);
    const due = await browser.call(`/flashcard/getDueFlashcards/${userId}`);
    expect(due.body).toEqual([expect.objectContaining({ previewIntervals: expect.objectContaining({ Good: expect.any(Number) }) })]);
    const reviewed = await browser.call(`/flashcard/updateFlashcardReview/${due.body[0]._id}`, { method: 'PUT', body: { quality: 'Easy', keepInQueue: false } });
    expect(reviewed.body).toMatchObject({ _id: due.body[0]._id, reviewCount: 1, previewIntervals: expect.any(Object) });

    const chat = await browser.call('/chat/new', { body: { userId, title: 'New Chat' } });
    expect(chat.body).toMatchObject({ userId, title: 'New Chat', messages: [] });
    const sent = await browser.call('/chat/send', { body: { userId, chatId: chat.body._id, message: 'hola' } });
    expect(typeof sent.body.reply).toBe('string');
    const chats = await browser.call(`/chat/chats/${userId}`);
    expect(chats.body).toEqual([expect.objectContaining({ _id: chat.body._id, messages: [expect.objectContaining({ role: 'user' }), expect.objectContaining({ role: 'assistant' })] })]);
  });
});
