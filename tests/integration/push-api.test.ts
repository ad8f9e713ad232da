import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushKeyReply, pushSubscribeReply, pushUnsubscribeReply, type PushPayload } from '../../supabase/functions/_shared/contract/push.ts';
import { deliverPush } from '../../supabase/functions/_shared/push/deliver.ts';
import { asService, closeServiceDb } from '../../supabase/functions/_shared/service-db.ts';
import { startFakePush, type FakePush, type FakeSubscription } from '../support/fake-push.ts';
import { adminSql, api, closeAdminSql, createUser, stack, type TestUser } from '../support/stack.ts';

// Web Push end to end (issue 32): subscribe through /api, deliver with deliverPush as the
// reminders tick will (the service role), and a push service that checks the VAPID JWT and
// decrypts the body with the browser's keys.

let fake: FakePush;
let learner: TestUser;

const payload: PushPayload = { title: 'Time for Spanish', body: '12 cards are due. Keep your 5-day streak!', url: '/flashcards', tag: 'reminder-2026-12-08' };
const asBrowser = (subscription: FakeSubscription) => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys });
const deliver = (userId: string) => deliverPush(asService, userId, payload, { vapid: stack().vapid });
const rowsOf = (userId: string) =>
  adminSql()<{ endpoint: string; last_success_at: Date | null }[]>`select endpoint, last_success_at from public.push_subscriptions where user_id = ${userId} order by renewed_at`;

beforeAll(async () => {
  // The reminders tick's database login, as the local stack gives it to the functions.
  process.env.SWEEP_DB_URL = Object.assign(new URL(stack().dbUrl), { username: 'authenticator' }).toString();
  // As the local stack tells its functions: its test push service on http://127.0.0.1 is allowed.
  process.env.JERGA_PUSH_LOOPBACK_ENDPOINTS = '1';
  fake = await startFakePush();
  learner = await createUser();
});

afterAll(async () => {
  await fake.close();
  await closeServiceDb();
  await closeAdminSql();
});

describe('push subscriptions through /api', () => {
  it('hands anyone the public key the functions sign with', async () => {
    const reply = await api('/push/key', { token: null });
    expect(reply.status).toBe(200);
    expect(pushKeyReply.parse(reply.body).data.publicKey).toBe(stack().vapid.publicKey);
  });

  it('subscribes a learner’s browser once, however often it is sent', async () => {
    const browser = fake.subscribe(stack().vapid.publicKey);
    const first = await api('/push/subscribe', { body: asBrowser(browser), token: learner.token });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(pushSubscribeReply.parse(first.body).data.endpoint).toBe(browser.endpoint);
    const again = await Promise.all([1, 2].map(() => api('/push/subscribe', { body: asBrowser(browser), token: learner.token })));
    expect(again.map((reply) => reply.status)).toEqual([200, 200]);
    expect((await rowsOf(learner.id)).map((row) => row.endpoint)).toEqual([browser.endpoint]);
  });

  it('keeps ten browsers per learner, even when twelve subscribe at once', async () => {
    const busy = await createUser();
    const browsers = Array.from({ length: 12 }, () => fake.subscribe(stack().vapid.publicKey));
    const replies = await Promise.all(browsers.map((browser) => api('/push/subscribe', { body: asBrowser(browser), token: busy.token })));
    expect(replies.map((reply) => reply.status)).toEqual(Array(12).fill(200));
    expect(await rowsOf(busy.id)).toHaveLength(10);
  });

  it('asks guests to log in', async () => {
    const browser = fake.subscribe(stack().vapid.publicKey);
    for (const [path, body] of [['/push/subscribe', asBrowser(browser)], ['/push/unsubscribe', { endpoint: browser.endpoint }]] as const) {
      const reply = await api(path, { body });
      expect(reply.status).toBe(401);
      expect(reply.body.code).toBe('login_required');
    }
  });

  it('refuses malformed subscriptions with 400 and the field', async () => {
    const good = asBrowser(fake.subscribe(stack().vapid.publicKey));
    // Every coordinate zero: base64url of the right length, but no point on P-256.
    const offCurve = `B${'A'.repeat(86)}`;
    const cases: [unknown, string, string][] = [
      [{ ...good, endpoint: 'ftp://push.example.com/x' }, 'endpoint', 'push_endpoint_invalid'],
      [{ ...good, endpoint: 'http://push.example.com/x' }, 'endpoint', 'push_endpoint_invalid'],
      [{ ...good, endpoint: 'https://10.0.0.1/x' }, 'endpoint', 'push_endpoint_invalid'],
      [{ ...good, endpoint: 'https://metadata.google.internal/x' }, 'endpoint', 'push_endpoint_invalid'],
      [{ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(1) } }, 'keys.p256dh', 'push_key_invalid'],
      [{ ...good, keys: { ...good.keys, p256dh: offCurve } }, 'keys.p256dh', 'push_key_invalid'],
      [{ ...good, keys: { ...good.keys, auth: 'not+base64url/at_all==' } }, 'keys.auth', 'push_key_invalid'],
      [{ endpoint: good.endpoint }, 'keys', 'push_key_invalid'],
    ];
    for (const [body, field, code] of cases) {
      const reply = await api('/push/subscribe', { body, token: learner.token });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.fieldCodes, JSON.stringify(body)).toMatchObject({ [field]: code });
    }
    expect((await api('/push/subscribe', { rawBody: '{"endpoint":', token: learner.token })).body.code).toBe('invalid_json');
  });

  it('unsubscribes only the caller’s own browser', async () => {
    const mine = fake.subscribe(stack().vapid.publicKey);
    const other = await createUser();
    expect((await api('/push/subscribe', { body: asBrowser(mine), token: other.token })).status).toBe(200);
    const stranger = await api('/push/unsubscribe', { body: { endpoint: mine.endpoint }, token: learner.token });
    // The learner's own browser from the first tests is still theirs.
    expect(pushUnsubscribeReply.parse(stranger.body).data).toEqual({ removed: false, remaining: 1 });
    expect(await rowsOf(other.id)).toHaveLength(1);
    const own = await api('/push/unsubscribe', { body: { endpoint: mine.endpoint }, token: other.token });
    expect(pushUnsubscribeReply.parse(own.body).data).toEqual({ removed: true, remaining: 0 });
    expect((await api('/push/unsubscribe', { body: { endpoint: mine.endpoint }, token: other.token })).body.data.removed).toBe(false);
    expect(await rowsOf(other.id)).toEqual([]);
  });
});

describe('deliverPush', () => {
  it('sends the exact payload, encrypted and signed, to each of the learner’s browsers', async () => {
    const someone = await createUser();
    const browsers = [fake.subscribe(stack().vapid.publicKey), fake.subscribe(stack().vapid.publicKey)];
    for (const browser of browsers) expect((await api('/push/subscribe', { body: asBrowser(browser), token: someone.token })).status).toBe(200);
    const before = fake.received.length;
    expect(await deliver(someone.id)).toEqual({ sent: 2, removed: 0, failed: 0 });
    const got = fake.received.slice(before);
    expect(got.map((push) => push.endpoint).sort()).toEqual(browsers.map((browser) => browser.endpoint).sort());
    for (const push of got) {
      expect(JSON.parse(push.text)).toEqual(payload);
      expect(push.claims).toMatchObject({ aud: fake.url, sub: stack().vapid.subject });
      expect(push.topic).toBe(payload.tag);
      expect(push.ttl).toBeGreaterThan(0);
    }
    expect(fake.refused).toEqual([]);
    expect((await rowsOf(someone.id)).every((row) => row.last_success_at instanceof Date)).toBe(true);
  });

  it('removes a subscription the push service says is gone (404, 410) and keeps one that failed', async () => {
    const someone = await createUser();
    const [kept, expired, unknown, broken] = [1, 2, 3, 4].map(() => fake.subscribe(stack().vapid.publicKey));
    for (const browser of [kept, expired, unknown, broken]) {
      expect((await api('/push/subscribe', { body: asBrowser(browser), token: someone.token })).status).toBe(200);
    }
    fake.answer(expired.endpoint, 410);
    fake.answer(unknown.endpoint, 404);
    fake.answer(broken.endpoint, 503);
    expect(await deliver(someone.id)).toEqual({ sent: 1, removed: 2, failed: 1 });
    expect((await rowsOf(someone.id)).map((row) => row.endpoint).sort()).toEqual([kept.endpoint, broken.endpoint].sort());
  });

  it('posts nothing to loopback beyond a local stack, whatever the row says', async () => {
    const someone = await createUser();
    const local = fake.subscribe(stack().vapid.publicKey);
    expect((await api('/push/subscribe', { body: asBrowser(local), token: someone.token })).status).toBe(200);
    const before = fake.received.length;
    delete process.env.JERGA_PUSH_LOOPBACK_ENDPOINTS;
    try {
      expect(await deliver(someone.id)).toEqual({ sent: 0, removed: 0, failed: 1 });
    } finally {
      process.env.JERGA_PUSH_LOOPBACK_ENDPOINTS = '1';
    }
    expect(fake.received.length).toBe(before);
    expect(await deliver(someone.id)).toEqual({ sent: 1, removed: 0, failed: 0 });
  });

  it('does nothing for a learner without subscriptions, and a wrong key is refused by the push service', async () => {
    const nobody = await createUser();
    expect(await deliver(nobody.id)).toEqual({ sent: 0, removed: 0, failed: 0 });
    const someone = await createUser();
    // The browser subscribed with another server's key: the push service refuses our JWT.
    const foreign = fake.subscribe(`B${stack().vapid.publicKey.slice(1, -4)}AAAA`);
    expect((await api('/push/subscribe', { body: asBrowser(foreign), token: someone.token })).status).toBe(200);
    const refusedBefore = fake.refused.length;
    expect(await deliver(someone.id)).toEqual({ sent: 0, removed: 0, failed: 1 });
    expect(fake.refused.slice(refusedBefore)).toEqual([expect.stringContaining('not the key the subscription was made with')]);
  });
});
