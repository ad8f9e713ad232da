import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MADE_UP_ENTRY_ID, startFakeOpenAI, type FakeOpenAI } from '../../../../tests/support/fake-openai.ts';
import type { TutorConfig } from './config.ts';
import { modelReply, TutorAborted, TutorFailure } from './model.ts';

// The real `openai` client against the fake chat-completions server: streamed pieces in
// order, and every way the model can fail turned into a 502 or 504.

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

const config = (overrides: Partial<TutorConfig> = {}): TutorConfig => ({
  apiKey: 'sk-test',
  baseURL: fake.url,
  model: 'fake-tutor',
  timeoutMs: 2000,
  contextTokens: 3000,
  ...overrides,
});

const ask = (message: string, options: { config?: TutorConfig; signal?: AbortSignal } = {}) => {
  const deltas: string[] = [];
  const reply = modelReply({
    config: options.config ?? config(),
    messages: [
      { role: 'system', content: 'Entries: /content/11111111-1111-4111-8111-111111111111' },
      { role: 'user', content: message },
    ],
    signal: options.signal ?? new AbortController().signal,
    onDelta: (text) => void deltas.push(text),
  });
  return { reply, deltas };
};

describe('modelReply', () => {
  it('streams the reply in order and returns it whole', async () => {
    const { reply, deltas } = ask('¿Qué es chamba?');
    const text = await reply;
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(text);
    expect(text).toContain('[esta entrada](/content/11111111-1111-4111-8111-111111111111)');
    expect(text).toContain(MADE_UP_ENTRY_ID);
    const request = fake.requests.at(-1)!;
    expect(request.authorization).toBe('Bearer sk-test');
    expect(request.body).toMatchObject({ model: 'fake-tutor', stream: true });
  });

  it.each([
    ['500', 502],
    ['429', 502],
    ['401', 502],
  ])('turns an upstream %s into a %i, without retrying', async (code, status) => {
    const before = fake.requests.length;
    const failure = await ask(`hola [fake:${code}]`).reply.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TutorFailure);
    expect((failure as TutorFailure).status).toBe(status);
    expect(fake.requests.length).toBe(before + 1);
  });

  it('gives up with a 504 when the model says nothing, or stops mid-reply, for the timeout', async () => {
    const started = Date.now();
    const slow = await ask('hola [fake:slow]', { config: config({ timeoutMs: 300 }) }).reply.catch((error: unknown) => error);
    expect(slow).toMatchObject({ status: 504 });
    const { reply, deltas } = ask('hola [fake:stall]', { config: config({ timeoutMs: 300 }) });
    expect(await reply.catch((error: unknown) => error)).toMatchObject({ status: 504 });
    expect(deltas.length).toBe(2);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('treats an empty reply or an unreachable server as a 502', async () => {
    expect(await ask('hola [fake:empty]').reply.catch((error: unknown) => error)).toMatchObject({ status: 502 });
    const nobody = await ask('hola', { config: config({ baseURL: 'http://127.0.0.1:1/v1' }) }).reply.catch((error: unknown) => error);
    expect(nobody).toMatchObject({ status: 502 });
  });

  it('stops the model when the client goes away', async () => {
    const controller = new AbortController();
    const abortedBefore = fake.aborted;
    const { reply } = ask('hola [fake:stall]', { signal: controller.signal, config: config({ timeoutMs: 10_000 }) });
    setTimeout(() => controller.abort(), 200);
    expect(await reply.catch((error: unknown) => error)).toBeInstanceOf(TutorAborted);
    await expect.poll(() => fake.aborted).toBe(abortedBefore + 1);
  });
});
