import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { countTokens } from 'gpt-tokenizer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { close, createApiApp } from '../../supabase/functions/_shared/api/app.ts';
import type { Chat, ChatTurn, PalabrotasChatTurn } from '../../supabase/functions/_shared/contract/chats.ts';
import { defaultReplyPieces, MADE_UP_ENTRY_ID, startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts';
import { readEvents } from '../support/sse.ts';
import { adminSql, closeAdminSql, createUser, stack, type TestUser } from '../support/stack.ts';

// The tutor with a model configured: this worker runs its own /api app (the stack's runs
// with no key) against the test database, with the real `openai` client talking to a fake
// chat-completions server. What the model is sent, the streamed reply stored whole, and
// every failure answered with "Failed to send message" and nothing stored.

let fake: FakeOpenAI;
let server: ServerType;
let base: string;
let learner: TestUser;
let chambaId: string;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  Object.assign(process.env, {
    API_DB_URL: Object.assign(new URL(stack().dbUrl), { username: 'authenticator' }).toString(),
    JWT_SECRET: stack().jwtSecret,
    SUPABASE_URL: stack().apiUrl,
    OPENAI_API_KEY: 'sk-fake-key',
    OPENAI_BASE_URL: fake.url,
    OPENAI_MODEL: 'fake-tutor',
  });
  const app = createApiApp();
  server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  learner = await createUser();
  [{ id: chambaId }] = await adminSql()<{ id: string }[]>`select id from public.entries where title = 'chamba'`;
});

beforeEach(() => {
  process.env.OPENAI_TIMEOUT_MS = '5000';
  delete process.env.TUTOR_CONTEXT_TOKENS;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await close();
  await fake?.close();
  await closeAdminSql();
});

const call = (path: string, init: { body?: unknown; accept?: string; user?: TestUser; signal?: AbortSignal } = {}) =>
  fetch(`${base}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${(init.user ?? learner).token}`,
      'content-type': 'application/json',
      accept: init.accept ?? 'application/json',
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  });

async function newChat(user = learner): Promise<Chat> {
  const reply = await call('/chat/new', { body: {}, user });
  expect(reply.status).toBe(201);
  return (await reply.json()) as Chat;
}

const send = (chatId: string, message: string, accept?: string, user = learner) => call('/chat/send', { body: { chatId, message }, accept, user });

const storedCount = async (chatId: string) => (await adminSql()`select count(*)::int as n from public.chat_messages where chat_id = ${chatId}`)[0].n as number;

describe('the prompt', () => {
  it('sends the tutor’s instructions, the found entries with their links, and the message; cites only given entries', async () => {
    const chat = await newChat();
    const before = fake.requests.length;
    const reply = await send(chat._id, '¿Qué significa chamba?');
    expect(reply.status).toBe(200);
    const answered = (await reply.json()) as PalabrotasChatTurn;
    // As JSON, palabrotas' reply: the text; the stored message beside it.
    expect(answered.reply).toBe(answered.assistantMessage.content);
    const turn: ChatTurn = { reply: answered.assistantMessage, userMessage: answered.userMessage, chat: answered.chat };
    expect(fake.requests.length).toBe(before + 1);
    const { body, authorization } = fake.requests.at(-1)!;
    expect(authorization).toBe('Bearer sk-fake-key');
    expect(body).toMatchObject({ model: 'fake-tutor', stream: true });
    const [system, ...rest] = body.messages;
    expect(system.role).toBe('system');
    expect(system.content).toMatch(/patient/);
    expect(system.content).toMatch(/correct them gently/);
    expect(system.content).toContain(`chamba (MX) — link: /content/${chambaId}`);
    expect(system.content).toContain('Por fin conseguí chamba en una agencia de diseño.');
    expect(rest).toEqual([{ role: 'user', content: '¿Qué significa chamba?' }]);

    const expected = defaultReplyPieces(system.content).join('');
    expect(turn.reply).toMatchObject({ role: 'assistant', model: 'fake-tutor', content: expected.trim() });
    expect(turn.reply.content).toContain(MADE_UP_ENTRY_ID);
    // The entry the prompt listed first is cited; the made-up link is not.
    expect(turn.reply.citations.map((citation) => citation._id)).toEqual([chambaId]);
    expect(await storedCount(chat._id)).toBe(2);
  });

  it('sends the newest earlier messages that fit the token budget, oldest first', async () => {
    const chat = await newChat();
    const sql = adminSql();
    const history = Array.from({ length: 30 }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      content: `mensaje ${i}: ${'palabra '.repeat(30)}`,
    }));
    for (const [i, message] of history.entries()) {
      await sql`insert into public.chat_messages (chat_id, owner, role, content, model, created_at)
                values (${chat._id}, ${learner.id}, ${message.role}, ${message.content},
                        ${message.role === 'assistant' ? 'fake-tutor' : null}, now() - make_interval(mins => ${60 - i}))`;
    }
    process.env.TUTOR_CONTEXT_TOKENS = '300';
    expect((await send(chat._id, 'sigue')).status).toBe(200);
    const sent = fake.requests.at(-1)!.body.messages;
    const earlier = sent.slice(1, -1);
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'sigue' });
    expect(earlier.length).toBeGreaterThan(0);
    expect(earlier.length).toBeLessThan(history.length);
    // The newest ones, in order, without gaps.
    expect(earlier).toEqual(history.slice(-earlier.length));
    const tokens = (messages: { content: string }[]) => messages.reduce((sum, message) => sum + countTokens(message.content) + 4, 0);
    expect(tokens(earlier)).toBeLessThanOrEqual(300);
    expect(tokens(history.slice(-earlier.length - 1))).toBeGreaterThan(300);

    // With the default budget (3000 tokens) far more of them go.
    delete process.env.TUTOR_CONTEXT_TOKENS;
    expect((await send(chat._id, 'otra')).status).toBe(200);
    expect(fake.requests.at(-1)!.body.messages.length - 2).toBeGreaterThan(earlier.length);
  });
});

describe('streaming', () => {
  it('passes the model’s pieces on in order as delta events, then done with the stored reply', async () => {
    const chat = await newChat();
    const response = await send(chat._id, 'what does chamba mean', 'text/event-stream');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    const events = await readEvents(response);
    const system = fake.requests.at(-1)!.body.messages[0].content;
    const deltas = events.filter((event) => event.event === 'delta').map((event) => event.data.text as string);
    expect(deltas).toEqual(defaultReplyPieces(system));
    expect(events.at(-1)!.event).toBe('done');
    const done = events.at(-1)!.data as ChatTurn;
    expect(done.reply.content).toBe(deltas.join('').trim());
    expect(done.reply.citations.map((citation) => citation._id)).toEqual([chambaId]);
    expect(done.userMessage.content).toBe('what does chamba mean');
    const [stored] = await adminSql()`select content, model from public.chat_messages where chat_id = ${chat._id} and role = 'assistant'`;
    expect(stored).toEqual({ content: done.reply.content, model: 'fake-tutor' });
  });
});

describe('when the model fails', () => {
  it.each(['500', '429', '401'])('answers an upstream %s with 502 tutor_unavailable and stores nothing', async (status) => {
    const chat = await newChat();
    const reply = await send(chat._id, `hola [fake:${status}]`);
    expect(reply.status).toBe(502);
    expect(await reply.json()).toEqual({ success: false, code: 'tutor_unavailable', message: 'Failed to send message' });
    expect(await storedCount(chat._id)).toBe(0);
  });

  it('sends an error event on a stream and stores nothing', async () => {
    const chat = await newChat();
    const response = await send(chat._id, 'hola [fake:500]', 'text/event-stream');
    expect(response.status).toBe(200);
    expect(await readEvents(response)).toEqual([{ event: 'error', data: { code: 'tutor_unavailable', message: 'Failed to send message' } }]);
    expect(await storedCount(chat._id)).toBe(0);
  });

  it('answers 504 when the model says nothing within OPENAI_TIMEOUT_MS', async () => {
    process.env.OPENAI_TIMEOUT_MS = '400';
    const chat = await newChat();
    const started = Date.now();
    const reply = await send(chat._id, 'hola [fake:slow]');
    expect(reply.status).toBe(504);
    expect((await reply.json()).code).toBe('tutor_unavailable');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await storedCount(chat._id)).toBe(0);
  });

  it('ends a stream that stalls mid-reply with an error event after the timeout, storing nothing', async () => {
    process.env.OPENAI_TIMEOUT_MS = '400';
    const chat = await newChat();
    const response = await send(chat._id, 'hola [fake:stall]', 'text/event-stream');
    const events = await readEvents(response);
    expect(events.map((event) => event.event)).toEqual(['delta', 'delta', 'error']);
    expect(events[2].data).toEqual({ code: 'tutor_unavailable', message: 'Failed to send message' });
    expect(await storedCount(chat._id)).toBe(0);
  });

  it('stops the model when the learner goes away mid-reply, storing nothing', async () => {
    process.env.OPENAI_TIMEOUT_MS = '20000';
    const chat = await newChat();
    const abortedBefore = fake.aborted;
    const controller = new AbortController();
    const response = await call('/chat/send', { body: { chatId: chat._id, message: 'hola [fake:stall]' }, accept: 'text/event-stream', signal: controller.signal });
    const reading = readEvents(response, (event) => {
      if (event.event === 'delta') controller.abort();
    }).catch(() => 'aborted');
    expect(await reading).toBe('aborted');
    await expect.poll(() => fake.aborted).toBe(abortedBefore + 1);
    expect(await storedCount(chat._id)).toBe(0);
  });

  it('says chat_not_found on a stream whose chat is deleted mid-reply, storing nothing', async () => {
    const chat = await newChat();
    const response = await send(chat._id, 'what does chamba mean [fake:pause]', 'text/event-stream');
    let deleted: Promise<Response> | undefined;
    const events = await readEvents(response, (event) => {
      if (event.event === 'delta') deleted ??= fetch(`${base}/chat/${chat._id}`, { method: 'DELETE', headers: { authorization: `Bearer ${learner.token}` } });
    });
    expect((await deleted!).status).toBe(200);
    expect(events.at(-1)).toEqual({ event: 'error', data: { code: 'chat_not_found', message: 'Chat not found.' } });
    expect(events.filter((event) => event.event === 'delta').length).toBeGreaterThan(1);
    expect(await storedCount(chat._id)).toBe(0);
  });

  it('answers 404 chat_not_found when the chat is deleted before a JSON reply is stored', async () => {
    const chat = await newChat();
    const replying = send(chat._id, 'what does chamba mean [fake:pause]');
    await expect.poll(() => fake.requests.some((request) => request.body.messages.at(-1)?.content.endsWith('[fake:pause]'))).toBe(true);
    const deleted = await fetch(`${base}/chat/${chat._id}`, { method: 'DELETE', headers: { authorization: `Bearer ${learner.token}` } });
    expect(deleted.status).toBe(200);
    const reply = await replying;
    expect(reply.status).toBe(404);
    expect((await reply.json()).code).toBe('chat_not_found');
    expect(await storedCount(chat._id)).toBe(0);
  });

  it('still counts a failed turn against the learner’s limits', async () => {
    const user = await createUser();
    const chat = await newChat(user);
    expect((await send(chat._id, 'hola [fake:500]', undefined, user)).status).toBe(502);
    const hits = await adminSql()`select bucket, hits from private.rate_limits where client = ${user.id} and bucket like 'tutor%' order by bucket`;
    expect(hits).toEqual([
      { bucket: 'tutor', hits: 1 },
      { bucket: 'tutor_day', hits: 1 },
    ]);
  });
});
