import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthClient } from '@supabase/auth-js';
import type { AuthReply, User } from '../../supabase/functions/_shared/contract/accounts.ts';
import type { Entry } from '../../supabase/functions/_shared/contract/entries.ts';
import { asCaller, closeDb } from '../../supabase/functions/_shared/db.ts';
import { callerFrom, guest } from '../../supabase/functions/_shared/auth.ts';
import { linkIn, waitForMail } from '../support/mailbox.ts';
import { adminSql, api, closeAdminSql, createUser, signAccessToken, stack } from '../support/stack.ts';

// The trust issue, against the running stack: sessions that end everywhere, limits per
// real client, bad input as 4xx, the function's database role and timeouts.

const newEmail = () => `trust-${randomUUID().slice(0, 8)}@test.jerga.local`;
const password = 'a-long-enough-secret-7';
const address = () => `198.19.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;

async function register(): Promise<{ email: string; token: string; user: User }> {
  const email = newEmail();
  const reply = await api<AuthReply>('/user/register', { body: { name: 'Tess Trust', email, password, confirmPassword: password } });
  expect(reply.status).toBe(201);
  return { email, token: reply.body.session!.access_token, user: reply.body.user! };
}

async function logIn(email: string, secret: string, from?: string) {
  return api<AuthReply & { code?: string; retryAfter?: number }>('/auth/login', {
    body: { email, password: secret },
    headers: from ? { 'x-forwarded-for': from } : {},
  });
}

const entryBody = { title: 'bacán', description: 'Great, cool.', country: 'CL', author: 'Tess' };

/** Every route that reads or writes a signed-in user's own data. */
async function privateRoutes(token: string, userId: string) {
  return {
    getUser: (await api('/auth/getUser', { token })).status,
    update: (await api('/user/update', { token, body: { name: 'Still Me' } })).status,
    addContent: (await api('/content/addContent', { token, body: entryBody })).status,
    ownList: (await api(`/content/getContents/${userId}`, { token })).status,
    addTag: (await api('/tag/addTag', { token, body: { name: `t${randomUUID().slice(0, 8)}` } })).status,
  };
}

const allRefused = { getUser: 401, update: 401, addContent: 401, ownList: 401, addTag: 401 };

// asCaller and callerFrom below run in this process, as the function does in the stack's.
beforeAll(() => {
  process.env.API_DB_URL = Object.assign(new URL(stack().dbUrl), { username: 'authenticator' }).toString();
  process.env.JWT_SECRET = stack().jwtSecret;
});

afterAll(async () => {
  await closeDb();
  await closeAdminSql();
});

describe('a session that ends in Auth ends in /api', () => {
  it('after /api/auth/logout the old token is refused everywhere, with a clear code', async () => {
    const { token, user } = await register();
    expect((await api('/auth/getUser', { token })).status).toBe(200);
    expect((await api('/auth/logout', { method: 'POST', token })).status).toBe(200);
    expect(await privateRoutes(token, user._id)).toEqual(allRefused);
    const reply = await api('/content/addContent', { token, body: entryBody });
    expect(reply.body).toMatchObject({ code: 'session_ended' });
  });

  it('after a global sign-out through Auth (auth-js), every session’s token is refused', async () => {
    const { email, token, user } = await register();
    const other = await logIn(email, password);
    const client = new AuthClient({
      url: `${stack().apiUrl}/auth/v1`,
      headers: { apikey: stack().anonKey },
      persistSession: false,
      autoRefreshToken: false,
    });
    await client.setSession({ access_token: other.body.session!.access_token, refresh_token: other.body.session!.refresh_token });
    expect((await client.signOut({ scope: 'global' })).error).toBeNull();
    expect(await privateRoutes(other.body.session!.access_token, user._id)).toEqual(allRefused);
    expect(await privateRoutes(token, user._id)).toEqual(allRefused);
  });

  it('a deleted user’s token gets 401, not 200 {"user": null}', async () => {
    const { token, user } = await register();
    await adminSql()`delete from auth.users where id = ${user._id}`;
    const reply = await api('/auth/getUser', { token });
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe('session_ended');
  });

  it('a well-signed token whose session never existed is refused', async () => {
    const user = await createUser();
    const token = await signAccessToken(user, 3600, randomUUID());
    expect((await api('/auth/getUser', { token })).status).toBe(401);
    expect((await api('/auth/getUser', { token: user.token })).status).toBe(200);
  });
});

describe('changing how one signs in', () => {
  it('needs the current password, refuses the same one again, and ends the other sessions', async () => {
    const { email, token } = await register();
    const elsewhere = (await logIn(email, password)).body.session!.access_token;

    const missing = await api('/user/update', { token, body: { password: 'brand-new-secret-8' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'current_password_required', fieldCodes: { currentPassword: 'current_password_required' } });

    const wrong = await api('/user/update', { token, body: { password: 'brand-new-secret-8', currentPassword: 'not-it-at-all' } });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({
      code: 'current_password_incorrect',
      fieldCodes: { currentPassword: 'current_password_incorrect' },
    });

    const same = await api('/user/update', { token, body: { password, currentPassword: password } });
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ code: 'same_password', fieldCodes: { password: 'same_password' } });

    const common = await api('/user/update', { token, body: { password: 'iloveyou1', currentPassword: password } });
    expect(common.body).toMatchObject({ code: 'password_too_common', message: 'This password is too common.' });

    const changed = await api('/user/update', { token, body: { password: 'brand-new-secret-8', currentPassword: password } });
    expect(changed.status).toBe(200);
    // This session goes on; the other one is over.
    expect((await api('/auth/getUser', { token })).status).toBe(200);
    expect((await api('/auth/getUser', { token: elsewhere })).status).toBe(401);
    expect((await logIn(email, 'brand-new-secret-8')).status).toBe(200);
  });

  it('needs the current password for an e-mail change too, and switches nothing until both mailed links are followed', async () => {
    const { email, token } = await register();
    const target = newEmail();
    expect((await api('/user/update', { token, body: { email: target } })).body.code).toBe('current_password_required');
    const changed = await api<{ user: User; pendingEmail?: string }>('/user/update', { token, body: { email: target, currentPassword: password } });
    expect(changed.status).toBe(200);
    // Claiming an address proves nothing: the account keeps its address until both are proven.
    expect(changed.body.user.email).toBe(email);
    expect(changed.body.pendingEmail).toBe(target);
    expect((await logIn(email, password)).status).toBe(200);
    expect((await logIn(target, password)).status).toBe(401);
    const follow = async (to: string) => {
      const response = await fetch(linkIn(await waitForMail(to), '/auth/v1/verify'), { redirect: 'manual' });
      expect(response.status).toBe(303);
    };
    await follow(target);
    expect((await logIn(target, password)).status).toBe(401);
    await follow(email);
    expect((await logIn(target, password)).status).toBe(200);
    expect((await logIn(email, password)).status).toBe(401);
  });
});

describe('limits that protect users, not attackers', () => {
  it('slows guessing on one account from one address without locking its owner out elsewhere', async () => {
    const { email } = await register();
    const attacker = address();
    const replies = [];
    for (let i = 0; i < 5; i++) replies.push(await logIn(email, `wrong-guess-${i}`, attacker));
    expect(replies.slice(0, 4).map((reply) => reply.status)).toEqual([401, 401, 401, 401]);
    expect(replies[4].status).toBe(429);
    expect(replies[4].body).toMatchObject({ code: 'login_throttled', authenticated: false, retryAfter: 1 });
    expect(replies[4].headers.get('retry-after')).toBe('1');
    // Even the right password waits its turn on that address...
    expect((await logIn(email, password, attacker)).body.code).toBe('login_throttled');
    // ...while the owner, elsewhere, signs in at once.
    expect((await logIn(email, password, address())).status).toBe(200);
  });

  it('thirty wrong passwords from one stranger do not lock other users out', async () => {
    const victim = await register();
    const stranger = address();
    for (let i = 0; i < 30; i++) await logIn(newEmail(), 'whatever-it-is', stranger);
    expect((await logIn(victim.email, password, address())).status).toBe(200);
  });

  it('cuts off a signed-in account’s comment burst with 429 and Retry-After, and spares everyone else', async () => {
    const { token } = await register();
    const entry = await api<{ data: Entry }>('/content/addContent', { token, body: { ...entryBody, title: `burst ${randomUUID().slice(0, 6)}` } });
    expect(entry.status).toBe(201);
    const contentId = entry.body.data._id;
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await api('/comment/addComment', { token, body: { contentId, text: `burst ${i}` } })).status);
    // A keen learner's 30 comments in an hour fit; 30 in a few seconds do not.
    expect(statuses.filter((status) => status === 201 || status === 200).length).toBeGreaterThanOrEqual(20);
    expect(statuses.at(-1)).toBe(429);
    const refused = await api('/comment/addComment', { token, body: { contentId, text: 'one more' } });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited', retryAfter: expect.any(Number) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const [{ n }] = await adminSql()`select count(*)::int as n from public.comments where entry_id = ${contentId}`;
    expect(n).toBe(statuses.filter((status) => status < 300).length);
    // Another learner comments at once.
    const other = await register();
    expect((await api('/comment/addComment', { token: other.token, body: { contentId, text: '¡Qué bacán!' } })).status).toBeLessThan(300);
  });

  it('limits a guest to 10 entries an hour from one address, with a clear 429', async () => {
    const from = address();
    const statuses = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await api('/content/addContent', { body: { ...entryBody, title: `guest ${i}` }, headers: { 'x-forwarded-for': from } })).status);
    }
    expect(statuses).toEqual(Array(10).fill(201));
    const refused = await api('/content/addContent', { body: entryBody, headers: { 'x-forwarded-for': from } });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'guest_rate_limited', retryAfter: expect.any(Number) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another guest, and a signed-in user on the same address, are not affected.
    expect((await api('/content/addContent', { body: entryBody, headers: { 'x-forwarded-for': address() } })).status).toBe(201);
    const { token } = await register();
    expect((await api('/content/addContent', { token, body: entryBody, headers: { 'x-forwarded-for': from } })).status).toBe(201);
  });

  it('caps bodies with 413 through the gateway, and nothing is written', async () => {
    const [{ n: before }] = await adminSql()`select count(*)::int as n from public.entries`;
    const reply = await api('/content/addContent', { body: { ...entryBody, description: 'd'.repeat(100 * 1024) } });
    expect(reply.status).toBe(413);
    expect(reply.body.code).toBe('payload_too_large');
    // The unread rest of the body ends the connection; the client is told not to reuse it.
    expect(reply.headers.get('connection')).toBe('close');
    const [{ n: after }] = await adminSql()`select count(*)::int as n from public.entries`;
    expect(after).toBe(before);
  });
});

describe('bad input is a 4xx, never a 500', () => {
  it.each([
    ['a NUL in a title', '/content/addContent', { ...entryBody, title: 'a\u0000b' }, 'title'],
    ['a lone surrogate in a description', '/content/addContent', { ...entryBody, description: 'x\ud800y' }, 'description'],
    ['a NUL in a sign-up name', '/user/register', { name: 'N\u0000', email: 'nul@test.jerga.local', password, confirmPassword: password }, 'name'],
    ['a lone surrogate in a password', '/auth/login', { email: 'x@test.jerga.local', password: '\udfff-password' }, 'password'],
    ['a NUL in a tag name', '/tag/addTag', { name: 'n\u0000' }, 'name'],
  ])('%s', async (_what, path, body, field) => {
    const reply = await api(path, { body });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'invalid_text', fieldCodes: { [field]: 'invalid_text' } });
  });

  it('30,000 nested brackets are a 400 on every kind of POST, and nothing is written', async () => {
    const { token } = await register();
    const deep = '['.repeat(30_000) + ']'.repeat(30_000);
    for (const path of ['/content/addContent', '/user/register', '/auth/login', '/comment/addComment', '/feedback/addFeedback']) {
      const array = await api(path, { token, rawBody: deep, headers: { 'content-type': 'application/json' } });
      expect(array.status, path).toBe(400);
      expect(array.body.code, path).toBe('json_too_deep');
      const nested = await api(path, { token, rawBody: `{"title":${deep}}`, headers: { 'content-type': 'application/json' } });
      expect(nested.status, path).toBe(400);
    }
    // A body just inside the cap is read and judged on its fields.
    const shallow = await api('/content/addContent', { token, body: { ...entryBody, title: JSON.parse('['.repeat(20) + ']'.repeat(20)) } });
    expect(shallow.status).toBe(400);
    expect(shallow.body.code).not.toBe('json_too_deep');
  });

  it('a cursor past 2^31 and a NUL in a query are 400', async () => {
    const cursor = Buffer.from(JSON.stringify([2 ** 31, '2026-01-01T00:00:00Z', randomUUID()])).toString('base64url');
    expect((await api(`/content/getContents?cursor=${cursor}`)).status).toBe(400);
    expect((await api('/content/getContents?q=%00')).status).toBe(400);
  });

  it('a common or over-long password is refused at registration, in the spec’s words', async () => {
    const common = await api('/user/register', { body: { name: 'C', email: newEmail(), password: 'password1', confirmPassword: 'password1' } });
    expect(common.status).toBe(400);
    expect(common.body).toMatchObject({ code: 'password_too_common', errors: { password: 'This password is too common.' } });
    const long = 'ñ'.repeat(40);
    const tooLong = await api('/user/register', { body: { name: 'L', email: newEmail(), password: long, confirmPassword: long } });
    expect(tooLong.body).toMatchObject({ code: 'password_too_long' });
  });
});

describe('the function’s database role', () => {
  it('logs in as authenticator, not as a superuser, and becomes the caller’s role', async () => {
    const [row] = await asCaller(guest, (tx) => tx`
      select session_user::text as login, current_user::text as role,
             (select rolsuper from pg_roles where rolname = session_user) as superuser`);
    expect(row).toEqual({ login: 'authenticator', role: 'anon', superuser: false });
  });

  it('runs each role under its own statement_timeout, and cuts off a slow guest query', async () => {
    const [anon] = await asCaller(guest, (tx) => tx`select current_setting('statement_timeout') as timeout`);
    expect(anon.timeout).toBe('3s');
    const { token } = await register();
    const [signedIn] = await asCaller(await callerFrom(`Bearer ${token}`), (tx) => tx`select current_setting('statement_timeout') as timeout`);
    expect(signedIn.timeout).toBe('8s');
    await expect(asCaller(guest, (tx) => tx`select pg_sleep(10)`)).rejects.toMatchObject({ code: '57014' });
  });
});

describe('reads stay public', () => {
  it('a guest still lists and reads entries', async () => {
    const list = await api<{ data: Entry[] }>('/content/getContentsSortedByVoteDesc?limit=3');
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(3);
  });
});
