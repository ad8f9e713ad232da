import { afterAll, describe, expect, it } from 'vitest';
import { AuthWeakPasswordError } from '@supabase/supabase-js';
import { createAuthApp } from '../../stack/auth/index.ts';
import { adminSql, closeAdminSql, stack } from '../support/stack.ts';
import { authFetch, password, serviceClient, supabaseClient, uniqueEmail } from './support.ts';

afterAll(closeAdminSql);

const NUL = '\u0000';
const LONE = '\uD800';

async function reply(response: Response) {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const post = (path: string, body: unknown, token?: string) =>
  authFetch(path, { method: 'POST', body: JSON.stringify(body), token }).then(reply);

const admin = (path: string, init: RequestInit = {}) => authFetch(path, { ...init, token: stack().serviceRoleKey }).then(reply);

describe('text Postgres cannot store is a 400 naming the field, never a 500', () => {
  it.each([
    ['/signup', { email: `a${NUL}b@example.com`, password }, 'email'],
    ['/signup', { email: uniqueEmail('nul'), password: `pass${NUL}word1` }, 'password'],
    ['/signup', { email: uniqueEmail('nul'), password, data: { name: `Ana${NUL}` } }, 'data.name'],
    ['/signup', { email: uniqueEmail('lone'), password, data: { name: `Ana${LONE}` } }, 'data.name'],
    ['/signup', { email: uniqueEmail('lone'), password, data: { tags: ['ok', `x\uDC00y`] } }, 'data.tags[1]'],
    ['/signup', { email: uniqueEmail('deep'), password, data: { a: { b: { c: `${NUL}` } } } }, 'data.a.b.c'],
    ['/signup', { email: uniqueEmail('key'), password, data: { [`na${NUL}me`]: 'x' } }, 'A key in data'],
    ['/token?grant_type=password', { email: uniqueEmail('nul'), password: `${LONE}${LONE}` }, 'password'],
    ['/token?grant_type=password', { email: `${LONE}@example.com`, password }, 'email'],
    ['/token?grant_type=refresh_token', { refresh_token: `abc${NUL}` }, 'refresh_token'],
    ['/token?grant_type=pkce', { auth_code: `${NUL}`, code_verifier: 'v'.repeat(64) }, 'auth_code'],
  ])('%s %j', async (path, body, field) => {
    const { status, body: error } = await post(path, body);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'validation_failed', error_code: 'validation_failed' });
    expect(String(error.message)).toContain(field);
  });

  it('through supabase-js: signUp and updateUser metadata', async () => {
    const supabase = supabaseClient();
    const refused = await supabase.auth.signUp({ email: uniqueEmail('meta'), password, options: { data: { name: `A${NUL}` } } });
    expect(refused.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(refused.error!.message).toMatch(/data\.name/);
    await supabase.auth.signUp({ email: uniqueEmail('meta'), password });
    const update = await supabase.auth.updateUser({ data: { city: `Lima${LONE}` } });
    expect(update.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(update.error!.message).toMatch(/data\.city/);
    const created = await serviceClient().auth.admin.createUser({ email: uniqueEmail('adm'), user_metadata: { bio: `${NUL}` } });
    expect(created.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(created.error!.message).toMatch(/user_metadata\.bio/);
  });

  it('maps Postgres input errors (here a NUL in a query string) to 400 validation_failed', async () => {
    const listed = await admin(`/admin/users?filter=${encodeURIComponent(`a${NUL}`)}`);
    expect(listed).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    const challenge = `${'c'.repeat(42)}${NUL}`;
    const authorize = await fetch(
      `${stack().apiUrl}/auth/v1/authorize?provider=google&code_challenge=${encodeURIComponent(challenge)}&code_challenge_method=s256`,
      { redirect: 'manual' },
    );
    expect(authorize.status).toBe(400);
    expect(await authorize.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('refuses JSON nested beyond reason with 400, not a stack overflow', async () => {
    const deep = `{"email":"x@example.com","password":"p","data":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const response = await authFetch('/signup', { method: 'POST', body: deep });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation_failed' });
  });
});

describe('password length', () => {
  const emoji = '\u{1F642}'; // one code point, two UTF-16 units, four bytes

  it('counts the minimum in characters (code points), not UTF-16 units', async () => {
    const short = await supabaseClient().auth.signUp({ email: uniqueEmail('emoji'), password: emoji.repeat(7) });
    expect(short.error).toBeInstanceOf(AuthWeakPasswordError);
    const created = await serviceClient().auth.admin.createUser({ email: uniqueEmail('emoji'), password: emoji.repeat(7) });
    expect(created.error).toMatchObject({ status: 422, code: 'weak_password' });
    const email = uniqueEmail('emoji');
    expect((await supabaseClient().auth.signUp({ email, password: emoji.repeat(8) })).error).toBeNull();
    expect((await supabaseClient().auth.signInWithPassword({ email, password: emoji.repeat(8) })).error).toBeNull();
  });

  it('allows at most 72 bytes (bcrypt’s limit), and says bytes', async () => {
    const accented = 'é'.repeat(37); // 37 characters, 74 bytes
    for (const tooLong of [accented, 'a'.repeat(73)]) {
      const { error } = await supabaseClient().auth.signUp({ email: uniqueEmail('long'), password: tooLong });
      expect(error).toMatchObject({ status: 422, code: 'validation_failed' });
      expect(error!.message).toMatch(/72 bytes/);
      const created = await serviceClient().auth.admin.createUser({ email: uniqueEmail('long'), password: tooLong });
      expect(created.error).toMatchObject({ status: 422, code: 'validation_failed' });
    }
    const supabase = supabaseClient();
    await supabase.auth.signUp({ email: uniqueEmail('long'), password });
    expect((await supabase.auth.updateUser({ password: accented })).error).toMatchObject({ code: 'validation_failed' });
  });

  it('never signs in with more than 72 bytes, even when the first 72 are the password', async () => {
    const exact = 'p'.repeat(72);
    const email = uniqueEmail('exact72');
    expect((await supabaseClient().auth.signUp({ email, password: exact })).error).toBeNull();
    expect((await supabaseClient().auth.signInWithPassword({ email, password: exact })).error).toBeNull();
    const longer = await supabaseClient().auth.signInWithPassword({ email, password: `${exact}-and-more` });
    expect(longer.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
  });
});

describe('numbers out of range', () => {
  it.each(['page=2147483648', 'per_page=2147483648', 'page=99999999999999999999', 'per_page=1e3', 'page=-1', 'page=0'])(
    'admin list ?%s is 400',
    async (query) => {
      const listed = await admin(`/admin/users?${query}`);
      expect(listed).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    },
  );

  it('takes the largest page there is', async () => {
    const listed = await admin('/admin/users?page=2147483647&per_page=1000');
    expect(listed.status).toBe(200);
    expect(listed.body.users).toEqual([]);
  });

  it('refuses a ban longer than a timestamp can hold', async () => {
    const { data } = await serviceClient().auth.admin.createUser({ email: uniqueEmail('ban'), password });
    const { error } = await serviceClient().auth.admin.updateUserById(data.user!.id, { ban_duration: '99999999999999999h' });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    const [row] = await adminSql()`select banned_until from auth.users where id = ${data.user!.id}`;
    expect(row.banned_until).toBeNull();
  });
});

describe('request bodies over 1 MB', () => {
  const big = 'x'.repeat(1024 * 1024 + 1);

  it('are 413 request_too_large, in GoTrue’s shape', async () => {
    const { error } = await supabaseClient().auth.signUp({ email: uniqueEmail('big'), password, options: { data: { big } } });
    expect(error).toMatchObject({ status: 413, code: 'request_too_large' });
    const response = await authFetch('/token?grant_type=password', { method: 'POST', body: JSON.stringify({ email: 'a@b.co', password: big }) });
    expect(response.status).toBe(413);
    expect(response.headers.get('x-sb-error-code')).toBe('request_too_large');
    // The unread rest of the body makes the connection unusable: the client must not reuse it.
    expect(response.headers.get('connection')).toBe('close');
    const body = await response.json();
    expect(body).toMatchObject({ code: 'request_too_large', error_code: 'request_too_large' });
    expect(body.message).toMatch(/too large.*1 MB/);
  });

  it('also when sent in chunks without a Content-Length', async () => {
    // app.request: over a socket, the client would see the server hang up on its upload.
    const app = createAuthApp({ databaseUrl: stack().dbUrl, jwtSecret: stack().jwtSecret, externalUrl: 'http://127.0.0.1:1/auth/v1' });
    try {
      const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ < 20) controller.enqueue(chunk);
          else controller.close();
        },
      });
      const response = await app.request('/signup', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ code: 'request_too_large' });
      expect(sent).toBeLessThan(20);
    } finally {
      await app.close();
    }
  });

  it('leaves a body just under the limit alone', async () => {
    const fits = 'x'.repeat(1000 * 1000);
    const { error } = await supabaseClient().auth.signUp({ email: uniqueEmail('fits'), password, options: { data: { fits } } });
    expect(error).toBeNull();
  });
});
