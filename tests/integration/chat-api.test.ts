import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chat, ChatListItem, ChatTurn, ChatWithMessages, PalabrotasChatTurn } from '../../supabase/functions/_shared/contract/chats.ts';
import { parseEvents } from '../support/sse.ts';
import { adminSql, api, closeAdminSql, createUser, type TestUser } from '../support/stack.ts';

// /api/chat against the real stack, which runs with no OPENAI_API_KEY: the offline tutor
// answers. Only the owner reads or writes a chat whatever ids are sent; the spec's replies;
// the reply as JSON and as a stream of server-sent events; the per-minute limit.

let learner: TestUser;
let other: TestUser;
let chambaId: string;

beforeAll(async () => {
  [learner, other] = await Promise.all([createUser(), createUser()]);
  [{ id: chambaId }] = await adminSql()<{ id: string }[]>`select id from public.entries where title = 'chamba'`;
});

afterAll(closeAdminSql);

async function newChat(user: TestUser, title?: string): Promise<Chat> {
  // palabrotas' reply: the chat itself.
  const reply = await api<Chat>('/chat/new', { body: { userId: user.id, ...(title === undefined ? {} : { title }) }, token: user.token });
  expect(reply.status).toBe(201);
  return reply.body;
}

/** POST /api/chat/send as JSON (palabrotas' {reply: text, chatId}), read as the stored turn (reply: the stored message). */
async function send(user: TestUser, chatId: string, message: string, extra: Record<string, unknown> = {}) {
  const reply = await api<PalabrotasChatTurn>('/chat/send', { body: { userId: user.id, chatId, message, ...extra }, token: user.token });
  if (reply.status !== 200) return { ...reply, body: reply.body as unknown as ChatTurn & { code?: string } };
  expect(reply.body.reply).toBe(reply.body.assistantMessage.content);
  expect(reply.body.chatId).toBe(chatId);
  const { reply: _text, assistantMessage, chatId: _chatId, ...rest } = reply.body;
  return { ...reply, body: { ...rest, reply: assistantMessage } as ChatTurn & { code?: string } };
}

const storedMessages = async (chatId: string) =>
  adminSql()<{ role: string; content: string; model: string | null; cited_entries: string[] }[]>`
    select role, content, model, cited_entries from public.chat_messages where chat_id = ${chatId} order by created_at, id`;

describe('guests', () => {
  it('are asked to log in on every chat route', async () => {
    const chat = await newChat(learner);
    const calls = [
      api('/chat/new', { body: {} }),
      api(`/chat/chats/${learner.id}`),
      api(`/chat/${chat._id}`),
      api(`/chat/${chat._id}`, { method: 'PUT', body: { title: 'x' } }),
      api(`/chat/${chat._id}`, { method: 'DELETE' }),
      api('/chat/send', { body: { chatId: chat._id, message: 'hola' } }),
      api('/chat/send', { body: { chatId: chat._id, message: 'hola' }, headers: { accept: 'text/event-stream' } }),
    ];
    for (const reply of await Promise.all(calls)) {
      expect(reply.status).toBe(401);
      expect(reply.body).toMatchObject({ success: false, code: 'chat_login_required', message: 'Please log in to use the chat feature' });
    }
    expect(await storedMessages(chat._id)).toEqual([]);
  });
});

describe('POST /api/chat/new', () => {
  it('starts a "New Chat" with no messages, or one with the given title (trimmed)', async () => {
    const reply = await api('/chat/new', { body: { userId: learner.id }, token: learner.token });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ _id: expect.any(String), userId: learner.id, title: 'New Chat', createdAt: expect.any(String), updatedAt: expect.any(String), messages: [] });
    expect((await newChat(learner, '  Viaje a México  ')).title).toBe('Viaje a México');
    expect((await newChat(learner, '   ')).title).toBe('New Chat');
    const [owner] = await adminSql()`select owner from public.chats where id = ${reply.body._id}`;
    expect(owner.owner).toBe(learner.id);
  });

  it('reuses the learner’s empty chat instead of piling up another “New Chat”', async () => {
    const user = await createUser();
    const first = await newChat(user);
    const again = await newChat(user, 'Otra vez');
    expect(again._id).toBe(first._id);
    expect(again.title).toBe('Otra vez');
    // Once it has messages, "New chat" starts another.
    expect((await send(user, first._id, 'hola')).status).toBe(200);
    const fresh = await newChat(user);
    expect(fresh._id).not.toBe(first._id);
    expect(fresh.title).toBe('New Chat');
    const [{ n }] = await adminSql()<{ n: number }[]>`select count(*)::int as n from public.chats where owner = ${user.id}`;
    expect(n).toBe(2);
    // Two clicks at once still make one chat.
    const [a, b] = await Promise.all([newChat(user), newChat(user)]);
    expect(a._id).toBe(fresh._id);
    expect(b._id).toBe(fresh._id);
    // Another learner's empty chat is never handed out.
    expect((await newChat(other))._id).not.toBe(fresh._id);
  });

  it('refuses another learner’s id, a title over 100 characters, bad JSON and NUL', async () => {
    const forOther = await api('/chat/new', { body: { userId: other.id }, token: learner.token });
    expect(forOther.status).toBe(403);
    expect(forOther.body.fieldCodes).toEqual({ userId: 'forbidden' });
    const long = await api('/chat/new', { body: { title: 'x'.repeat(101) }, token: learner.token });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: 'chat_title_too_long', fieldCodes: { title: 'chat_title_too_long' } });
    expect((await newChat(learner, 'y'.repeat(100))).title).toHaveLength(100);
    const badJson = await api('/chat/new', { rawBody: '{"title":', token: learner.token });
    expect(badJson.status).toBe(400);
    expect(badJson.body.code).toBe('invalid_json');
    const nul = await api('/chat/new', { body: { title: 'a\u0000b' }, token: learner.token });
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ code: 'invalid_text', fieldCodes: { title: 'invalid_text' } });
  });
});

describe('GET /api/chat/chats/:userId', () => {
  it('lists only the caller’s chats, newest activity first, a page at a time', async () => {
    const user = await createUser();
    // Five empty chats ("New chat" would reuse one, so they are stored directly), a second apart.
    const made = await adminSql()<Chat[]>`
      insert into public.chats (owner, title, created_at, updated_at)
      select ${user.id}, 'chat ' || i, now() - (10 - i) * interval '1 second', now() - (10 - i) * interval '1 second'
        from generate_series(0, 4) as i
      returning id as "_id", title`;
    made.sort((a, b) => a.title.localeCompare(b.title));
    await newChat(other, 'not yours');
    // A message moves a chat to the top.
    expect((await send(user, made[1]._id, 'hola')).status).toBe(200);

    const first = await api<{ data: ChatListItem[]; nextCursor: string | null }>(`/chat/chats/${user.id}?limit=2`, { token: user.token });
    expect(first.status).toBe(200);
    expect(first.body.data.map((chat) => chat.title)).toEqual(['chat 1', 'chat 4']);
    expect(first.body.data[0]).toMatchObject({ _id: made[1]._id, messageCount: 2, preview: expect.any(String) });
    expect(first.body.data[1]).toMatchObject({ messageCount: 0, preview: null });
    expect(first.body.nextCursor).toEqual(expect.any(String));

    const second = await api(`/chat/chats/${user.id}?limit=2&cursor=${first.body.nextCursor}`, { token: user.token });
    expect(second.body.data.map((chat: ChatListItem) => chat.title)).toEqual(['chat 3', 'chat 2']);
    const third = await api(`/chat/chats/${user.id}?limit=2&cursor=${second.body.nextCursor}`, { token: user.token });
    expect(third.body).toEqual({ success: true, data: [expect.objectContaining({ title: 'chat 0' })], nextCursor: null });

    const all = await api(`/chat/chats/${user.id}?limit=100`, { token: user.token });
    expect(all.body.data).toHaveLength(5);
    expect(all.body.nextCursor).toBeNull();
  });

  it('without paging parameters: the spec’s chats with their messages, as a bare list, newest activity first', async () => {
    const user = await createUser();
    const quiet = await newChat(user, 'quiet');
    const busy = await adminSql()<Chat[]>`insert into public.chats (owner, title) values (${user.id}, 'busy') returning id as "_id", title`;
    expect((await send(user, busy[0]._id, '¿Qué significa chamba?')).status).toBe(200);

    const list = await api<ChatWithMessages[]>(`/chat/chats/${user.id}`, { token: user.token });
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body.map((chat) => chat.title)).toEqual(['busy', 'quiet']);
    expect(list.body[0]).toMatchObject({ _id: busy[0]._id, userId: user.id, createdAt: expect.any(String), updatedAt: expect.any(String) });
    expect(list.body[0].messages.map((message) => [message.role, typeof message.content, typeof message.createdAt])).toEqual([
      ['user', 'string', 'string'],
      ['assistant', 'string', 'string'],
    ]);
    expect(list.body[0].messages[0].content).toBe('¿Qué significa chamba?');
    expect(list.body[1]).toMatchObject({ _id: quiet._id, messages: [] });

    expect((await api(`/chat/chats/${user.id}`, { token: other.token })).status).toBe(403);
    expect((await api(`/chat/chats/${user.id}`)).status).toBe(401);
  });

  it('refuses another learner’s list and bad paging', async () => {
    const forOther = await api(`/chat/chats/${other.id}`, { token: learner.token });
    expect(forOther.status).toBe(403);
    expect(forOther.body.code).toBe('forbidden');
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'cursor=nope']) {
      const bad = await api(`/chat/chats/${learner.id}?${query}`, { token: learner.token });
      expect(bad.status, query).toBe(400);
    }
    expect((await api(`/chat/chats/${learner.id}?cursor=nope`, { token: learner.token })).body.code).toBe('invalid_cursor');
  });
});

describe('the offline tutor asked to correct a sentence', () => {
  it('says plainly that it cannot, in the app’s language, citing no entries', async () => {
    const user = await createUser();
    const spanish = await send(user, (await newChat(user))._id, 'Corrige mi frase: Ayer tuve mucha chamba en la oficina', { language: 'es' });
    expect(spanish.status).toBe(200);
    expect(spanish.body.reply.content).toContain('Ahora no puedo corregir frases: para eso hace falta el modelo de lenguaje del tutor con IA');
    expect(spanish.body.reply.citations).toEqual([]);
    const english = await send(user, (await newChat(user))._id, 'Please correct my sentence: tengo chamba mucho', { language: 'en' });
    expect(english.body.reply.content).toContain("I can't correct sentences right now: that needs the AI tutor's language model");
    expect(english.body.reply.content).not.toContain('/content/');
  });
});

describe('GET /api/chat/:chatId', () => {
  it('returns the chat with its messages oldest first, older ones a page at a time', async () => {
    const user = await createUser();
    const chat = await newChat(user);
    for (const message of ['uno', 'dos', 'tres']) expect((await send(user, chat._id, message)).status).toBe(200);

    const newest = await api<{ chat: ChatWithMessages; hasOlder: boolean; olderCursor: string | null }>(`/chat/${chat._id}?limit=4`, { token: user.token });
    expect(newest.status).toBe(200);
    // The first message titled the "New Chat".
    expect(newest.body).toMatchObject({ success: true, chat: { _id: chat._id, title: 'uno' }, hasOlder: true });
    expect(newest.body.chat.messages.map((message) => [message.role, message.role === 'user' ? message.content : message.model])).toEqual([
      ['user', 'dos'],
      ['assistant', 'offline'],
      ['user', 'tres'],
      ['assistant', 'offline'],
    ]);
    const older = await api(`/chat/${chat._id}?limit=4&before=${newest.body.olderCursor}`, { token: user.token });
    expect(older.body.chat.messages.map((message: { content: string }) => message.content).slice(0, 1)).toEqual(['uno']);
    expect(older.body.chat.messages).toHaveLength(2);
    expect(older.body).toMatchObject({ hasOlder: false, olderCursor: null });

    const whole = await api(`/chat/${chat._id}`, { token: user.token });
    expect(whole.body.chat.messages).toHaveLength(6);
    expect(whole.body.hasOlder).toBe(false);
  });

  it('does not find another learner’s chat, a missing one or a bad id', async () => {
    const chat = await newChat(other);
    for (const id of [chat._id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const reply = await api(`/chat/${id}`, { token: learner.token });
      expect(reply.status).toBe(404);
      expect(reply.body.code).toBe('chat_not_found');
    }
    const bad = await api(`/chat/${chat._id}?limit=201`, { token: other.token });
    expect(bad.status).toBe(400);
  });
});

describe('PUT /api/chat/:chatId', () => {
  it('renames the owner’s chat and refuses a blank or long title', async () => {
    const chat = await newChat(learner);
    const renamed = await api(`/chat/${chat._id}`, { method: 'PUT', body: { title: '  Slang de Chile ' }, token: learner.token });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ _id: chat._id, userId: learner.id, title: 'Slang de Chile', createdAt: chat.createdAt, updatedAt: expect.any(String), messages: [] });
    for (const [body, code] of [
      [{ title: '  ' }, 'chat_title_required'],
      [{}, 'chat_title_required'],
      [{ title: 'x'.repeat(101) }, 'chat_title_too_long'],
    ] as const) {
      const bad = await api(`/chat/${chat._id}`, { method: 'PUT', body, token: learner.token });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code, fieldCodes: { title: code } });
    }
  });

  it('does not find another learner’s chat', async () => {
    const chat = await newChat(other, 'mine');
    const reply = await api(`/chat/${chat._id}`, { method: 'PUT', body: { title: 'stolen' }, token: learner.token });
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe('chat_not_found');
    const [row] = await adminSql()`select title from public.chats where id = ${chat._id}`;
    expect(row.title).toBe('mine');
  });
});

describe('DELETE /api/chat/:chatId', () => {
  it('deletes the owner’s chat and its messages; another learner’s is not found', async () => {
    const chat = await newChat(learner);
    expect((await send(learner, chat._id, 'hola')).status).toBe(200);
    const theirs = await newChat(other);
    const refused = await api(`/chat/${theirs._id}`, { method: 'DELETE', token: learner.token });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('chat_not_found');
    expect(await adminSql()`select 1 from public.chats where id = ${theirs._id}`).toHaveLength(1);

    const removed = await api(`/chat/${chat._id}`, { method: 'DELETE', token: learner.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true, data: { _id: chat._id } });
    expect(await storedMessages(chat._id)).toEqual([]);
    expect((await api(`/chat/${chat._id}`, { token: learner.token })).status).toBe(404);
    expect((await api(`/chat/${chat._id}`, { method: 'DELETE', token: learner.token })).status).toBe(404);
  });
});

describe('POST /api/chat/send: validation', () => {
  it('names what is wrong with a message and stores nothing', async () => {
    const chat = await newChat(learner);
    const cases: [Record<string, unknown> | string, number, string, Record<string, string>?][] = [
      [{ chatId: chat._id, message: '   \n ' }, 400, 'chat_message_required', { message: 'chat_message_required' }],
      [{ chatId: chat._id }, 400, 'chat_message_required', { message: 'chat_message_required' }],
      [{ chatId: chat._id, message: 'x'.repeat(4001) }, 400, 'chat_message_too_long', { message: 'chat_message_too_long' }],
      [{ chatId: chat._id, message: 'ho\u0000la' }, 400, 'invalid_text', { message: 'invalid_text' }],
      [{ chatId: chat._id, message: 'lone \ud800' }, 400, 'invalid_text', { message: 'invalid_text' }],
      [{ chatId: 'nope', message: 'hola' }, 400, 'invalid_id', { chatId: 'invalid_id' }],
      [{ message: 'hola' }, 400, 'invalid_id', { chatId: 'invalid_id' }],
      ['{"chatId": ', 400, 'invalid_json'],
      [{ chatId: chat._id, message: 'hola', userId: other.id }, 403, 'forbidden', { userId: 'forbidden' }],
      [{ chatId: '00000000-0000-4000-8000-000000000000', message: 'hola' }, 404, 'chat_not_found'],
    ];
    for (const [body, status, code, fieldCodes] of cases) {
      for (const accept of ['application/json', 'text/event-stream']) {
        const reply = await api('/chat/send', {
          ...(typeof body === 'string' ? { rawBody: body } : { body }),
          token: learner.token,
          headers: { accept },
        });
        expect(reply.status, `${code} (${accept})`).toBe(status);
        expect(reply.headers.get('content-type')).toMatch(/application\/json/);
        expect(reply.body).toMatchObject({ success: false, code, ...(fieldCodes ? { fieldCodes } : {}) });
      }
    }
    // 4000 characters are fine.
    expect((await send(learner, chat._id, 'y'.repeat(4000))).status).toBe(200);
    expect(await storedMessages(chat._id)).toHaveLength(2);
  });

  it('does not let a learner write in another learner’s chat', async () => {
    const theirs = await newChat(other);
    const reply = await send(learner, theirs._id, 'hola');
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ code: 'chat_not_found', message: 'Chat not found.' });
    expect(await storedMessages(theirs._id)).toEqual([]);
  });
});

describe('POST /api/chat/send: the offline tutor', () => {
  it('answers as JSON from the entries, says once that it is offline, and stores both messages', async () => {
    const chat = await newChat(learner);
    const first = await send(learner, chat._id, '  ¿Qué significa chamba?  ');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      userMessage: { role: 'user', content: '¿Qué significa chamba?', model: null, citations: [] },
      reply: { role: 'assistant', model: 'offline' },
      chat: { _id: chat._id },
    });
    const reply = first.body.reply;
    expect(reply.content).toMatch(/^_The AI tutor is offline right now/);
    expect(reply.content).toContain(`**[chamba](/content/${chambaId})** · Mexico`);
    expect(reply.content).toContain('Por fin conseguí chamba en una agencia de diseño.');
    expect(reply.content).toContain('You might also like:');
    expect(reply.citations[0]).toEqual({ _id: chambaId, title: 'chamba', country: 'MX', inFlashcards: false });
    expect(Date.parse(reply.createdAt)).toBeGreaterThanOrEqual(Date.parse(first.body.userMessage.createdAt));
    expect(Date.parse(first.body.chat.updatedAt)).toBeGreaterThan(Date.parse(chat.updatedAt));

    const second = await send(learner, chat._id, 'what does chamba mean', { language: 'en' });
    expect(second.body.reply.content).not.toMatch(/offline/i);
    expect(second.body.reply.content).toContain(`/content/${chambaId}`);

    const stored = await storedMessages(chat._id);
    expect(stored.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(stored[1]).toMatchObject({ content: reply.content, model: 'offline' });
    expect(stored[1].cited_entries[0]).toBe(chambaId);
  });

  it('answers in Spanish when asked to, guesses a misspelt word, and is honest when nothing matches', async () => {
    const chat = await newChat(learner);
    const spanish = await send(learner, chat._id, '¿Qué significa chamba?', { language: 'es' });
    expect(spanish.body.reply.content).toMatch(/^_El tutor con IA no está disponible ahora/);
    expect(spanish.body.reply.content).toContain(`**[chamba](/content/${chambaId})** · México`);
    const typo = await send(learner, chat._id, '¿qué significa chamva?', { language: 'es' });
    expect(typo.body.reply.content).toMatch(/^¿Quisiste decir \*\*chamba\*\*/);
    expect(typo.body.reply.citations[0]._id).toBe(chambaId);
    const nothing = await send(learner, chat._id, 'qwxzv jkvbq', { language: 'es' });
    expect(nothing.body.reply.content).toMatch(/^No encontré ninguna entrada en Jerga que coincida con «qwxzv jkvbq»/);
    // The community's favourites instead, each linked and cited.
    expect(nothing.body.reply.citations.length).toBeGreaterThan(0);
  });

  it('streams the reply as delta events, then done with what was stored', async () => {
    const chat = await newChat(learner);
    const reply = await api<string>('/chat/send', {
      body: { chatId: chat._id, message: '¿Qué significa chamba?' },
      token: learner.token,
      headers: { accept: 'text/event-stream' },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(reply.headers.get('cache-control')).toBe('no-cache, no-transform');
    const events = parseEvents(reply.body);
    const deltas = events.filter((event) => event.event === 'delta');
    expect(deltas.length).toBeGreaterThan(5);
    expect(events.map((event) => event.event)).toEqual([...deltas.map(() => 'delta'), 'done']);
    const done = events.at(-1)!.data as ChatTurn;
    expect(deltas.map((event) => event.data.text).join('')).toBe(done.reply.content);
    expect(done.reply.content).toContain(`[chamba](/content/${chambaId})`);
    expect(done.reply.citations[0]._id).toBe(chambaId);
    expect(done.userMessage.content).toBe('¿Qué significa chamba?');
    const stored = await storedMessages(chat._id);
    expect(stored.map((message) => message.content)).toEqual(['¿Qué significa chamba?', done.reply.content]);
  });
});

describe('POST /api/chat/send: the per-minute limit', () => {
  it('answers 429 tutor_rate_limited after 20 messages in a minute, before any streaming', async () => {
    const user = await createUser();
    const chat = await newChat(user);
    for (let i = 0; i < 20; i++) expect((await send(user, chat._id, `hola ${i}`)).status, `message ${i}`).toBe(200);
    const limited = await send(user, chat._id, 'one more');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, code: 'tutor_rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const streamed = await api('/chat/send', { body: { chatId: chat._id, message: 'and another' }, token: user.token, headers: { accept: 'text/event-stream' } });
    expect(streamed.status).toBe(429);
    expect(streamed.body.code).toBe('tutor_rate_limited');
    expect(await storedMessages(chat._id)).toHaveLength(40);
    // Another learner is not held back.
    const fresh = await createUser();
    expect((await send(fresh, (await newChat(fresh))._id, 'hola')).status).toBe(200);
  });
});
