import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { rootDir } from '../../stack/config.ts';
import type { PushPayload } from '../../supabase/functions/_shared/contract/push.ts';
import { startFakePush, type FakePush } from '../support/fake-push.ts';
import { api, closeAdminSql, createUser, stack } from '../support/stack.ts';

// deliverPush under real Deno: web-push builds the request with node:crypto (createECDH,
// the ES256 JWT) through Deno's Node compatibility, and fetch sends it.
const deno = path.join(rootDir, 'node_modules', '.bin', 'deno');
const run = promisify(execFile);

let fake: FakePush | undefined;
afterAll(async () => {
  await fake?.close();
  await closeAdminSql();
});

it('type-checks under deno check', async () => {
  const checked = run(deno, ['check', '--config', 'deno.json', '_shared/push/deliver.ts', '_shared/api/push.ts'], {
    cwd: path.join(rootDir, 'supabase', 'functions'),
    env: { ...process.env, NO_COLOR: '1' },
  });
  await expect(checked).resolves.toMatchObject({ stderr: expect.not.stringMatching(/error/i) });
}, 120_000);

it('delivers an encrypted, signed reminder that the push service decrypts, and removes a gone subscription', async () => {
  fake = await startFakePush();
  const learner = await createUser();
  const [kept, gone] = [fake.subscribe(stack().vapid.publicKey), fake.subscribe(stack().vapid.publicKey)];
  for (const browser of [kept, gone]) {
    expect((await api('/push/subscribe', { body: { endpoint: browser.endpoint, keys: browser.keys }, token: learner.token })).status).toBe(200);
  }
  fake.answer(gone.endpoint, 410);
  const payload: PushPayload = { title: 'Hora de repasar', body: '3 tarjetas te esperan.', url: '/flashcards', tag: 'reminder' };
  const { stdout } = await run(deno, ['run', '--allow-net', '--allow-env', '--allow-read', '--config', 'supabase/functions/deno.json', 'tests/deno/deliver-push-script.ts'], {
    cwd: rootDir,
    env: {
      ...process.env,
      NO_COLOR: '1',
      JERGA_PUSH_LOOPBACK_ENDPOINTS: '1',
      PUSH_TEST_DB_URL: Object.assign(new URL(stack().dbUrl), { username: 'authenticator' }).toString(),
      PUSH_TEST_USER_ID: learner.id,
      PUSH_TEST_PAYLOAD: JSON.stringify(payload),
      VAPID_PUBLIC_KEY: stack().vapid.publicKey,
      VAPID_PRIVATE_KEY: stack().vapid.privateKey,
      VAPID_SUBJECT: stack().vapid.subject,
    },
  });
  expect(JSON.parse(stdout.trim().split('\n').pop() ?? '')).toEqual({ sent: 1, removed: 1, failed: 0 });
  expect(fake.received.map((push) => [push.endpoint, JSON.parse(push.text)])).toEqual([[kept.endpoint, payload]]);
  expect(fake.refused).toEqual([]);
}, 120_000);
