import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { close, createApiApp } from '../../supabase/functions/_shared/api/app.ts';
import type { Chat, ChatTurn, PalabrotasChatTurn } from '../../supabase/functions/_shared/contract/chats.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts';
import { adminSql, api, closeAdminSql, createUser, stack, type TestUser } from '../support/stack.ts';

// "How do you say X in <country>?" / "¿Cómo se dice X en <país>?": the tutor answers from
// X's concept group (entries linked as one meaning across countries), the country's form
// first and the others after, each cited — the offline tutor (the stack runs with no
// OPENAI_API_KEY) and a model (this worker's own /api app, the real `openai` client and the
// fake chat-completions server), which is given the group to ground its answer in.

// Starts with a letter pgTAP 36's own marks (36) never do, so its searches never find these.
const mark = `x${Math.random().toString(36).slice(2, 8)}`;
const ids: Record<string, string> = {};
let learner: TestUser;
let fake: FakeOpenAI;
let server: ServerType;
let base: string;

beforeAll(async () => {
  learner = await createUser();
  const sql = adminSql();
  for (const [key, title, country] of [
    ['sorbete', `sorbete${mark}`, 'AR'],
    ['pajita', `pajita${mark}`, 'ES'],
    ['popote', `popote${mark}`, 'MX'],
  ]) {
    const [row] = await sql<{ id: string }[]>`
      insert into public.entries (title, description, description_es, country, author, example_sentence)
      values (${title}, ${`A drinking straw${mark}.`}, ${`Tubito${mark} para sorber.`}, ${country}, 'Tutor tests', ${`Dame un ${title}.`})
      returning id`;
    ids[key] = row.id;
  }
  // The group, as the seed makes one: plain inserts.
  await sql`insert into public.variant_links (entry_a, entry_b) values (${ids.popote}, ${ids.pajita}), (${ids.pajita}, ${ids.sorbete})`;

  fake = await startFakeOpenAI();
  Object.assign(process.env, {
    API_DB_URL: Object.assign(new URL(stack().dbUrl), { username: 'authenticator' }).toString(),
    JWT_SECRET: stack().jwtSecret,
    SUPABASE_URL: stack().apiUrl,
    OPENAI_API_KEY: 'sk-fake-key',
    OPENAI_BASE_URL: fake.url,
    OPENAI_MODEL: 'fake-tutor',
    OPENAI_TIMEOUT_MS: '5000',
  });
  const app = createApiApp();
  server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await close();
  await fake?.close();
  await closeAdminSql();
});

const link = (key: string, title: string) => `**[${title}${mark}](/content/${ids[key]})**`;

async function newChat(): Promise<Chat> {
  const reply = await api<Chat>('/chat/new', { body: {}, token: learner.token });
  expect(reply.status).toBe(201);
  return reply.body;
}

/** Asks the offline tutor (the stack's /api). */
async function askOffline(message: string, language = 'en'): Promise<ChatTurn> {
  const chat = await newChat();
  const reply = await api<PalabrotasChatTurn>('/chat/send', { body: { chatId: chat._id, message, language }, token: learner.token });
  expect(reply.status).toBe(200);
  return storedTurn(reply.body);
}

/** Asks the model (this worker's /api with a key). */
async function askModel(message: string): Promise<ChatTurn> {
  const chat = await newChat();
  const response = await fetch(`${base}/chat/send`, {
    method: 'POST',
    headers: { authorization: `Bearer ${learner.token}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ chatId: chat._id, message }),
  });
  expect(response.status).toBe(200);
  return storedTurn((await response.json()) as PalabrotasChatTurn);
}

/** The JSON reply (palabrotas' {reply: text, chatId}) as the stored turn: reply is the stored message. */
function storedTurn(body: PalabrotasChatTurn): ChatTurn {
  expect(body.reply).toBe(body.assistantMessage.content);
  return { reply: body.assistantMessage, userMessage: body.userMessage, chat: body.chat };
}

const cited = (turn: ChatTurn) => turn.reply.citations.map((citation) => citation._id);

describe('the offline tutor', () => {
  it('answers "How do you say X in <country>?" with that country’s form first, then the others, each cited', async () => {
    const turn = await askOffline(`How do you say straw${mark} in Argentina?`);
    const parts = turn.reply.content.split('\n\n');
    expect(parts[0]).toMatch(/^_The AI tutor is offline right now/);
    expect(parts[1]).toBe(`In Argentina, *straw${mark}* is ${link('sorbete', 'sorbete')}.`);
    expect(turn.reply.content).toContain(`Elsewhere:\n\n- ${link('pajita', 'pajita')} (Spain): A drinking straw${mark}.\n- ${link('popote', 'popote')} (Mexico)`);
    expect(cited(turn)).toEqual([ids.sorbete, ids.pajita, ids.popote]);
  });

  it('answers "¿Cómo se dice X en <país>?" in Spanish, by another country’s word, without accents', async () => {
    const turn = await askOffline(`como se dice popote${mark} en espana`, 'es');
    expect(turn.reply.content).toContain(`En España, *popote${mark}* se dice ${link('pajita', 'pajita')}.`);
    expect(turn.reply.content).toContain(`En otros países:\n\n- ${link('sorbete', 'sorbete')} (Argentina)`);
    expect(cited(turn)).toEqual([ids.pajita, ids.sorbete, ids.popote]);
  });

  it('says so when the group has no word from that country, and gives the others', async () => {
    const turn = await askOffline(`¿Cómo se dice pajita${mark} en Chile?`, 'es');
    expect(turn.reply.content).toContain(`La comunidad de Jerga todavía no ha enlazado una palabra de Chile para *pajita${mark}*.`);
    expect(cited(turn)).toEqual([ids.sorbete, ids.pajita, ids.popote]);
  });

  it('is honest when no group has the word, then answers as usual', async () => {
    const turn = await askOffline(`How do you say zzqx${mark} in Chile?`);
    const parts = turn.reply.content.split('\n\n');
    expect(parts[1]).toBe(`Jerga has no group of words across countries for *zzqx${mark}* yet, so I can't tell you how it is said in Chile. Here is what else I found.`);
    // Then the usual answer (whatever the seed offers for "Chile"), nothing from the straw group.
    expect(parts.length).toBeGreaterThan(2);
    expect(turn.reply.content).not.toContain('Elsewhere:');
    expect(cited(turn).filter((id) => Object.values(ids).includes(id))).toEqual([]);
  });

  it('answers any other question as before', async () => {
    const turn = await askOffline(`What does popote${mark} mean?`);
    expect(turn.reply.content).not.toContain('Elsewhere:');
    expect(turn.reply.content).toContain(`Here is what Jerga's community says about **popote${mark}**:`);
  });
});

describe('with a model', () => {
  it('grounds the model in the group, the country’s form first, and cites what it links', async () => {
    const turn = await askModel(`How do you say straw${mark} in Mexico?`);
    const system = fake.requests.at(-1)!.body.messages[0].content;
    expect(system).toContain(`The learner asks how to say "straw${mark}" in Mexico (MX).`);
    expect(system).toContain('Answer with the form used in Mexico (MX) first, then how the other countries say it.');
    const popote = system.indexOf(`- popote${mark} (MX) — link: /content/${ids.popote}`);
    expect(popote).toBeGreaterThan(0);
    expect(system.indexOf(`- sorbete${mark} (AR) — link: /content/${ids.sorbete}`)).toBeGreaterThan(popote);
    expect(system.indexOf(`- pajita${mark} (ES) — link: /content/${ids.pajita}`)).toBeGreaterThan(popote);
    // The fake cites the first link of the prompt: the Mexican form.
    expect(turn.reply.model).toBe('fake-tutor');
    expect(cited(turn)).toEqual([ids.popote]);
  });

  it('tells the model plainly when no group has the word', async () => {
    await askModel(`¿Cómo se dice zzqx${mark} en Perú?`);
    const system = fake.requests.at(-1)!.body.messages[0].content;
    expect(system).toContain(`The learner asks how to say "zzqx${mark}" in Peru (PE). Jerga's community has no group of words across countries for it yet: say so honestly`);
  });
});
