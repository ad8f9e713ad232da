import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthReply, User } from '../../supabase/functions/_shared/contract/accounts.ts';
import { adminSql, api, closeAdminSql, createUser, stack, type TestUser } from '../support/stack.ts';

const newEmail = () => `acct-${randomUUID().slice(0, 8)}@test.jerga.local`;

async function register(overrides: Record<string, unknown> = {}) {
  const body = { name: 'Ramona Register', email: newEmail(), password: 'correct-horse-9', confirmPassword: 'correct-horse-9', ...overrides };
  const reply = await api<AuthReply>('/user/register', { body });
  return { reply, body };
}

afterAll(closeAdminSql);

describe('POST /api/user/register', () => {
  it('creates the account, signs it in and replies with the spec’s user', async () => {
    const { reply, body } = await register();
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ authenticated: true, message: 'Registration successful!' });
    expect(reply.body.user).toMatchObject({ name: 'Ramona Register', email: body.email, isAdmin: false, currentStreak: 0, longestStreak: 0, reminders: { email: false, push: false, time: '19:00' }, language: 'en', reminderOffered: false });
    expect(Object.keys(reply.body.user!).sort()).toEqual(
      ['_id', 'createdAt', 'currentStreak', 'email', 'isAdmin', 'language', 'lastLogin', 'longestStreak', 'maxReviewsPerDay', 'name', 'newCardsPerDay', 'notifications', 'reminderOffered', 'reminders', 'timeZone'].sort(),
    );
    expect(reply.body.session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    const me = await api<{ user: User }>('/auth/getUser', { token: reply.body.session!.access_token });
    expect(me.body.user._id).toBe(reply.body.user!._id);
  });

  it.each([
    [{ name: '' }, 'name', 'Please provide your name.'],
    [{ email: '' }, 'email', 'Please provide your email.'],
    [{ email: 'not-an-email' }, 'email', 'Please provide a valid email address.'],
    [{ password: '', confirmPassword: '' }, 'password', 'Password cannot be blank.'],
    [{ password: 'short', confirmPassword: 'short' }, 'password', 'Password must be at least 8 characters long.'],
    [{ confirmPassword: 'something-else' }, 'confirmPassword', 'Passwords do not match.'],
  ])('rejects %j with 400: %s', async (overrides, field, message) => {
    const { reply, body } = await register(overrides);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ authenticated: false, errors: { [field]: message } });
    if (typeof body.email === 'string' && body.email.includes('@')) {
      expect(await adminSql()`select 1 from auth.users where email = ${body.email}`).toHaveLength(0);
    }
  });

  it('refuses an e-mail that already has an account with 409', async () => {
    const { body } = await register();
    const { reply } = await register({ email: body.email.toUpperCase() });
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ authenticated: false, code: 'user_already_exists' });
  });
});

describe('POST /api/auth/login', () => {
  let account: { email: string; password: string };
  beforeAll(async () => {
    const { body } = await register({ name: 'Lola Login' });
    account = { email: body.email, password: body.password };
  });

  it('signs in and records the last login', async () => {
    const reply = await api<AuthReply>('/auth/login', { body: account });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ authenticated: true, message: 'Logged in successfully!', user: { name: 'Lola Login' } });
    expect(Date.now() - Date.parse(reply.body.user!.lastLogin!)).toBeLessThan(60_000);
    const [profile] = await adminSql()`select last_login from public.profiles where id = ${reply.body.user!._id}`;
    expect(profile.last_login).not.toBeNull();
  });

  it('answers wrong credentials with the spec’s message', async () => {
    for (const body of [{ ...account, password: 'wrong-password' }, { email: newEmail(), password: 'whatever-123' }]) {
      const reply = await api('/auth/login', { body });
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual(
        expect.objectContaining({ authenticated: false, code: 'invalid_credentials', message: 'Email or password is incorrect. Please try again' }),
      );
    }
  });

  it('validates the fields', async () => {
    const reply = await api('/auth/login', { body: { email: '', password: '' } });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      authenticated: false,
      errors: { email: 'Please provide your email.', password: 'Password cannot be blank.' },
    });
  });

  it('reads JSON sent without a content type', async () => {
    const reply = await api<AuthReply>('/auth/login', { rawBody: JSON.stringify(account), headers: { 'content-type': 'text/plain;charset=UTF-8' } });
    expect(reply.status).toBe(200);
  });
});

describe('session routes', () => {
  it('getUser and authStatus reflect the session, and logout ends it', async () => {
    const { reply } = await register();
    const token = reply.body.session!.access_token;
    expect((await api('/auth/getUser')).body).toEqual({ user: null });
    expect((await api('/auth/authStatus')).body).toEqual({ isAuthenticated: false, user: null });
    const status = await api<{ isAuthenticated: boolean; user: User }>('/auth/authStatus', { token });
    expect(status.body.isAuthenticated).toBe(true);
    expect(status.body.user.email).toBe(reply.body.user!.email);

    const out = await api('/auth/logout', { method: 'POST', token });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ success: true, message: 'Logged out successfully!' });
    // The token is still well-signed, but its session is over: every route refuses it.
    const after = await api('/auth/getUser', { token });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: 'session_ended', message: 'Your session has ended. Please log in again.' });
    expect((await api('/auth/authStatus', { token })).body).toEqual({ isAuthenticated: false, user: null });
    expect((await api('/auth/logout', { method: 'POST', token })).status).toBe(200);
  });

  it('redirects to the Auth service for Google sign-in', async () => {
    const response = await fetch(`${stack().apiUrl}/api/auth/google?redirectTo=${encodeURIComponent('http://localhost:5173/')}`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(`${stack().apiUrl}/auth/v1/authorize`);
    expect(location.searchParams.get('provider')).toBe('google');
    expect(location.searchParams.get('redirect_to')).toBe('http://localhost:5173/');
    expect((await fetch(`${stack().apiUrl}/api/auth/google?redirectTo=javascript:alert(1)`, { redirect: 'manual' })).status).toBe(400);
  });
});

describe('POST /api/user/update', () => {
  it('updates the name and time zone, with JSON and no content type', async () => {
    const { reply } = await register();
    const token = reply.body.session!.access_token;
    const updated = await api<{ user: User }>('/user/update', {
      token,
      rawBody: JSON.stringify({ name: 'Renamed Person', timeZone: 'America/Mexico_City' }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body.user).toMatchObject({ name: 'Renamed Person', timeZone: 'America/Mexico_City' });
    const bad = await api('/user/update', { token, body: { timeZone: 'Mars/Olympus' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.timeZone).toBe('Unknown time zone.');
    expect((await api('/user/update', { token, body: {} })).status).toBe(400);
    expect((await api('/user/update', { body: { name: 'Guest' } })).status).toBe(401);
  });

  it('changes the password through Auth, given the current one', async () => {
    const { reply, body } = await register();
    const token = reply.body.session!.access_token;
    expect((await api('/user/update', { token, body: { password: 'short', currentPassword: body.password } })).status).toBe(400);
    const changed = await api('/user/update', { token, body: { password: 'a-new-password-42', currentPassword: body.password } });
    expect(changed.status).toBe(200);
    expect((await api('/auth/login', { body: { email: body.email, password: body.password } })).status).toBe(401);
    expect((await api('/auth/login', { body: { email: body.email, password: 'a-new-password-42' } })).status).toBe(200);
  });
});

describe('admin routes', () => {
  let admin: TestUser;
  let member: TestUser;
  beforeAll(async () => {
    [admin, member] = await Promise.all([createUser({ admin: true, name: 'Alba Admin' }), createUser({ name: 'Mia Member' })]);
  });

  it('lists users for admins only', async () => {
    expect((await api('/user/getUsers')).status).toBe(401);
    const refused = await api('/user/getUsers', { token: member.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("You don't have permission to view this page");
    const listed = await api<{ users: User[] }>('/user/getUsers', { token: admin.token });
    expect(listed.status).toBe(200);
    const mia = listed.body.users.find((u) => u._id === member.id);
    expect(mia).toMatchObject({ name: 'Mia Member', email: member.email, isAdmin: false });
    expect(listed.body.users.find((u) => u.email === 'admin@jerga.local')).toMatchObject({ isAdmin: true });
  });

  it('pages users with a cursor only when there is a next page', async () => {
    const profileIds = async () => new Set((await adminSql()`select id from public.profiles`).map((row) => row.id as string));
    const before = await profileIds();
    const n = before.size;
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    // The page edges, for the failure message.
    const edges: string[] = [];
    do {
      const page: { body: { users: User[]; nextCursor: string | null } } = await api(`/user/getUsers?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { token: admin.token });
      for (const listed of page.body.users) seen.add(listed._id);
      edges.push(page.body.users.map((listed) => `${listed.createdAt} ${listed._id}`).join(' | '));
      cursor = page.body.nextCursor;
      pages += 1;
      if (cursor) expect(page.body.users).toHaveLength(2);
    } while (cursor && pages < 10_000);
    // Every account that existed throughout is listed exactly once across the pages (another
    // suite's account created or deleted meanwhile may or may not be).
    const after = await profileIds();
    const throughout = [...before].filter((id) => after.has(id));
    const missed = throughout.filter((id) => !seen.has(id));
    const missedRows = missed.length
      ? await adminSql()`select id, created_at::text as created_at from public.profiles where id = any(${missed})`
      : [];
    expect(missed, `missed ${JSON.stringify(missedRows)}; pages:\n${edges.join('\n')}`).toEqual([]);
    // A page exactly as long as what is left says there is nothing more.
    const all = await api<{ users: User[]; nextCursor: string | null }>(`/user/getUsers?limit=${Math.min(n, 999)}`, { token: admin.token });
    if (n <= 999) expect(all.body.nextCursor).toBeNull();
    expect((await api('/user/getUsers?limit=1000', { token: admin.token })).status).toBe(400);
  });

  it('keeps a cursor to the microsecond: accounts made in the same millisecond are all paged', async () => {
    // Postgres keeps microseconds; a cursor cut to milliseconds skipped rows (CI saw it twice).
    const [older, newer] = await Promise.all([createUser(), createUser()]);
    const sql = adminSql();
    try {
      await sql`update public.profiles set created_at = case id when ${newer.id}::uuid then '1970-01-01T00:00:00.000500Z'::timestamptz
                                                               else '1970-01-01T00:00:00.000200Z'::timestamptz end
                 where id in (${newer.id}, ${older.id})`;
      const cursorOf = (key: unknown[]) => Buffer.from(JSON.stringify(key)).toString('base64url');
      // After a made-up row at .000900: both are older, though all three share one millisecond.
      const start = cursorOf(['1970-01-01T00:00:00.0009+00:00', 'ffffffff-ffff-4fff-bfff-ffffffffffff']);
      const first = await api<{ users: User[]; nextCursor: string | null }>(`/user/getUsers?limit=1&cursor=${start}`, { token: admin.token });
      expect(first.body.users.map((listed) => listed._id)).toEqual([newer.id]);
      expect(first.body.users[0].createdAt).toBe('1970-01-01T00:00:00.0005+00:00');
      const second = await api<{ users: User[]; nextCursor: string | null }>(`/user/getUsers?limit=1&cursor=${first.body.nextCursor}`, { token: admin.token });
      expect(second.body.users.map((listed) => listed._id)).toEqual([older.id]);
      const both = await api<{ users: User[] }>(`/user/getUsers?limit=2&cursor=${start}`, { token: admin.token });
      expect(both.body.users.map((listed) => listed._id)).toEqual([newer.id, older.id]);
    } finally {
      await sql`delete from auth.users where id in (${newer.id}, ${older.id})`;
    }
  });

  it('grants and revokes admin rights; members cannot', async () => {
    expect((await api('/user/setAdmin', { method: 'PUT', token: member.token, body: { userId: member.id, isAdmin: true } })).status).toBe(403);
    const granted = await api<{ user: User }>('/user/setAdmin', { method: 'PUT', token: admin.token, body: { userId: member.id, isAdmin: true } });
    expect(granted.status).toBe(200);
    expect(granted.body.user.isAdmin).toBe(true);
    expect((await api('/user/getUsers', { token: member.token })).status).toBe(200);
    const revoked = await api<{ user: User }>('/user/setAdmin', { method: 'PUT', token: admin.token, body: { userId: member.id, isAdmin: false } });
    expect(revoked.body.user.isAdmin).toBe(false);
    expect((await api('/user/setAdmin', { method: 'PUT', token: admin.token, body: { userId: randomUUID(), isAdmin: true } })).status).toBe(404);
    expect((await api('/user/setAdmin', { method: 'PUT', token: admin.token, body: { userId: 'x', isAdmin: true } })).status).toBe(400);
  });

  it('never lets the only admin remove their own rights', async () => {
    const sql = adminSql();
    // Make `admin` the only admin inside this test, then restore the others.
    const others = await sql`update public.profiles set is_admin = false where is_admin and id <> ${admin.id} returning id`;
    try {
      const reply = await api('/user/setAdmin', { method: 'PUT', token: admin.token, body: { userId: admin.id, isAdmin: false } });
      expect(reply.status).toBe(409);
      expect(reply.body).toMatchObject({ code: 'last_admin', message: 'You cannot remove your own admin rights while you are the only admin.' });
      const [row] = await sql`select is_admin from public.profiles where id = ${admin.id}`;
      expect(row.is_admin).toBe(true);
    } finally {
      if (others.length) await sql`update public.profiles set is_admin = true where id in ${sql(others.map((o) => o.id))}`;
    }
  });

  it('signs the seeded admin in with the README’s credentials', async () => {
    const reply = await api<AuthReply>('/auth/login', { body: { email: 'admin@jerga.local', password: 'jerga-admin-2026' } });
    expect(reply.status).toBe(200);
    expect(reply.body.user).toMatchObject({ name: 'Jerga Admin', isAdmin: true });
  });
});
