import { createHash, randomInt } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { catcherSmtpSettings, createMailer } from '../../stack/mail/sender.ts';
import type { Mailer } from '../../stack/mail/types.ts';
import { linkIn, waitForMail } from '../support/mailbox.ts';
import { testPorts } from '../support/ports.ts';
import { adminSql, closeAdminSql, stack } from '../support/stack.ts';
import { password, startAuthInstance, supabaseClient, uniqueEmail, type AuthInstance } from './support.ts';

// Guessing the six-digit codes Auth mails (issue 30): each request from its own forged client
// address, through the gateway code, against an Auth instance with its own clock. A code dies
// after 5 wrong guesses and an account takes 9 a day, whatever the addresses; the right code
// is then refused exactly like a wrong one; the counts live in the database, so a new Auth
// process goes on where the last stopped. Also: token_verifications per address, and banned
// accounts.

afterAll(closeAdminSql);

let instance: AuthInstance | undefined;
let mailer: Mailer | undefined;
afterEach(async () => {
  await instance?.close();
  await mailer?.close();
  instance = undefined;
  mailer = undefined;
});

async function start(options: Parameters<typeof startAuthInstance>[0] = {}): Promise<AuthInstance> {
  mailer ??= createMailer(catcherSmtpSettings(testPorts.smtp));
  instance = await startAuthInstance({ mailer, ...options });
  return instance;
}

let addressCount = 0;
/** A different documentation-range address for every request. */
const nextAddress = () => {
  addressCount += 1;
  return `203.0.${113 + Math.floor(addressCount / 250) % 3}.${(addressCount % 250) + 1}`;
};

async function call(on: AuthInstance, path: string, init: RequestInit & { from?: string; token?: string } = {}): Promise<Response> {
  return fetch(`${on.url}/auth/v1${path}`, {
    ...init,
    redirect: 'manual',
    headers: {
      apikey: stack().anonKey,
      authorization: `Bearer ${init.token ?? stack().anonKey}`,
      'content-type': 'application/json',
      'x-forwarded-for': init.from ?? nextAddress(),
    },
  });
}

const guess = (on: AuthInstance, email: string, code: string, from?: string) =>
  call(on, '/verify', { method: 'POST', from, body: JSON.stringify({ type: 'recovery', email, token: code }) });

async function newAccount(label: string): Promise<{ email: string; id: string }> {
  const email = uniqueEmail(label).toLowerCase();
  const { data, error } = await supabaseClient({ key: stack().serviceRoleKey }).auth.admin.createUser({ email, password, email_confirm: true });
  expect(error).toBeNull();
  return { email, id: data.user!.id };
}

/** Asks for a recovery mail and reads its code and link from the mailbox (the `count`-th mail). */
async function recoveryMail(on: AuthInstance, email: string, count: number): Promise<{ code: string; link: string }> {
  expect((await call(on, '/recover', { method: 'POST', body: JSON.stringify({ email }) })).status).toBe(200);
  const mail = await waitForMail(email, count);
  return { code: mail.Text.match(/Code: (\d{6})/)![1], link: linkIn(mail, '/auth/v1/verify') };
}

/** A random six-digit code that is not `real`. */
const wrongCodeFor = (real: string): string => {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return code === real ? wrongCodeFor(real) : code;
};

async function counts(userId: string) {
  const [row] = await adminSql()`
    select (select count(*)::int from private.mailed_code_guesses where user_id = ${userId}) as account,
           (select wrong_guesses from private.mailed_codes where user_id = ${userId} and purpose = 'recovery') as code`;
  return row as { account: number; code: number | null };
}

describe('guessing a mailed code', () => {
  it('runs the attack for three seconds from many addresses: 5 wrong guesses kill the code, 9 the account’s day, and the right code is then refused like a wrong one', async () => {
    const on = await start();
    const victim = await newAccount('victim');
    const first = await recoveryMail(on, victim.email, 1);

    const statuses = new Map<string, number>();
    let sent = 0;
    const until = Date.now() + 3000;
    while (Date.now() < until) {
      // Twenty guesses at once, each from its own address: the cap must hold under concurrency.
      const replies = await Promise.all(Array.from({ length: 20 }, () => guess(on, victim.email, wrongCodeFor(first.code))));
      for (const reply of replies) {
        const body = (await reply.json()) as { code: string };
        const key = `${reply.status} ${body.code}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      }
      sent += replies.length;
    }
    console.log(`attack on one code: ${sent} guesses from ${sent} addresses in 3 s; answers ${JSON.stringify(Object.fromEntries(statuses))}; counted ${JSON.stringify(await counts(victim.id))}`);
    expect(sent).toBeGreaterThan(20);
    expect([...statuses.keys()]).toEqual(['403 otp_expired']);
    expect(await counts(victim.id)).toEqual({ account: 5, code: 5 });

    // The right code, from yet another address: refused, with the very answer a wrong code gets.
    const right = await guess(on, victim.email, first.code);
    const wrong = await guess(on, victim.email, wrongCodeFor(first.code));
    expect(right.status).toBe(403);
    expect(await right.json()).toEqual(await wrong.json());

    // A fresh mail (a minute later) gives the code 5 guesses, but the account only 4 more today.
    on.advance(61);
    const second = await recoveryMail(on, victim.email, 2);
    const more = await Promise.all(Array.from({ length: 30 }, () => guess(on, victim.email, wrongCodeFor(second.code))));
    expect(more.map((reply) => reply.status)).toEqual(Array(30).fill(403));
    expect(await counts(victim.id)).toEqual({ account: 9, code: 4 });
    expect((await guess(on, victim.email, second.code)).status).toBe(403);
    console.log(`after a second mail: ${30} more guesses, counted ${JSON.stringify(await counts(victim.id))}; the right code refused`);

    // Guessing never kills the link: the owner, reading the mail, gets in.
    const followed = await fetch(second.link.replace(stack().apiUrl, on.url), { redirect: 'manual' });
    expect(followed.status).toBe(303);
    const fragment = new URLSearchParams(new URL(followed.headers.get('location')!).hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('access_token')).toBeTruthy();

    // A day after the guesses the account may use a code again.
    on.advance(24 * 3600);
    const third = await recoveryMail(on, victim.email, 3);
    const used = await guess(on, victim.email, third.code);
    expect(used.status).toBe(200);
    expect(await used.json()).toMatchObject({ access_token: expect.any(String), user: { email: victim.email } });
  });

  it('keeps counting across a restart of Auth: the counts are rows, not memory', async () => {
    const victim = await newAccount('restart');
    let on = await start();
    const { code } = await recoveryMail(on, victim.email, 1);
    for (let i = 0; i < 3; i++) expect((await guess(on, victim.email, wrongCodeFor(code))).status).toBe(403);
    await on.close();
    instance = undefined;
    on = await start();
    expect(await counts(victim.id)).toEqual({ account: 3, code: 3 });
    for (let i = 0; i < 2; i++) expect((await guess(on, victim.email, wrongCodeFor(code))).status).toBe(403);
    const right = await guess(on, victim.email, code);
    expect(right.status).toBe(403);
    expect(await right.json()).toMatchObject({ code: 'otp_expired' });
  });

  it('mails a link whose token is its own: GoTrue’s sha224(email + code) opens nothing', async () => {
    const on = await start();
    const victim = await newAccount('link');
    const { code, link } = await recoveryMail(on, victim.email, 1);
    const token = new URL(link).searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token).not.toContain(code);
    const derived = createHash('sha224').update(victim.email + code).digest('hex');
    const posted = await call(on, '/verify', { method: 'POST', body: JSON.stringify({ type: 'recovery', token_hash: derived }) });
    expect(posted.status).toBe(403);
    const followed = await call(on, `/verify?type=recovery&token=${derived}`);
    expect(new URL(followed.headers.get('location')!).searchParams.get('error_code')).toBe('otp_expired');
    // supabase-js's verifyOtp({token_hash}) takes the link's token.
    const viaClient = await supabaseClient({ url: on.url }).auth.verifyOtp({ token_hash: token, type: 'recovery' });
    expect(viaClient.error).toBeNull();
    expect(viaClient.data.session?.access_token).toBeTruthy();
  });
});

describe('token_verifications: checks of codes and links per client address', () => {
  it('refuses the 31st check from one address in five minutes with 429 and Retry-After; another address goes on', async () => {
    const on = await start({ rateLimits: { tokenVerifications: 30 } });
    const A = '198.51.100.31';
    const email = uniqueEmail('nobody').toLowerCase();
    for (let i = 0; i < 15; i++) expect((await guess(on, email, '000000', A)).status).toBe(403);
    for (let i = 0; i < 15; i++) expect((await call(on, '/verify?type=recovery&token=nothing', { from: A })).status).toBe(303);
    const limited = await guess(on, email, '000000', A);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: 'over_request_rate_limit' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // A browser following a link is sent back to the app with the reason, not left on JSON.
    const linkLimited = await call(on, `/verify?type=recovery&token=nothing&redirect_to=${encodeURIComponent('http://localhost:5173/reset-password')}`, { from: A });
    expect(linkLimited.status).toBe(303);
    const location = new URL(linkLimited.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:5173/reset-password');
    expect(location.searchParams.get('error_code')).toBe('over_request_rate_limit');
    expect(Number(linkLimited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await guess(on, email, '000000', '198.51.100.32')).status).toBe(403);
    // Five minutes later, A may check again.
    on.advance(301);
    expect((await guess(on, email, '000000', A)).status).toBe(403);
  });
});

describe('a banned account', () => {
  it('gets no session from a mailed link or code (403 user_banned) and can change nothing in Auth', async () => {
    const on = await start();
    const banned = await newAccount('banned');
    const { code, link } = await recoveryMail(on, banned.email, 1);
    const signedIn = await supabaseClient({ url: on.url }).auth.signInWithPassword({ email: banned.email, password });
    const token = signedIn.data.session!.access_token;
    // Banned as a moderator's ban leaves the row; the session is left too, to show every door checks.
    await adminSql()`update auth.users set banned_until = now() + interval '1 day' where id = ${banned.id}`;

    const posted = await guess(on, banned.email, code);
    expect(posted.status).toBe(403);
    expect(await posted.json()).toMatchObject({ code: 'user_banned' });
    const followed = await fetch(link.replace(stack().apiUrl, on.url), { redirect: 'manual' });
    const back = new URL(followed.headers.get('location')!);
    expect(back.searchParams.get('error_code')).toBe('user_banned');
    expect(new URLSearchParams(back.hash.slice(1)).get('access_token')).toBeNull();

    for (const [path, method, body] of [
      ['/user', 'PUT', { data: { name: 'still here' } }],
      ['/user', 'PUT', { password: 'a brand new password', current_password: password }],
      ['/reauthenticate', 'GET', undefined],
      ['/logout', 'POST', undefined],
    ] as const) {
      const reply = await call(on, path, { method, token, body: body && JSON.stringify(body) });
      expect(reply.status, `${method} ${path}`).toBe(403);
      expect(await reply.json()).toMatchObject({ code: 'user_banned' });
    }
    const [row] = await adminSql()`select raw_user_meta_data ->> 'name' as name,
                                          (select count(*)::int from auth.sessions where user_id = ${banned.id}) as sessions
                                     from auth.users where id = ${banned.id}`;
    expect(row).toEqual({ name: null, sessions: 1 });
    expect((await supabaseClient({ url: on.url }).auth.signInWithPassword({ email: banned.email, password })).error?.code).toBe('user_banned');
  });
});
