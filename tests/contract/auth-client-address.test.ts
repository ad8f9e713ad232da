import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isOneOf, keyDigests } from '../../stack/auth/requests.ts';
import { adminSql, closeAdminSql, stack } from '../support/stack.ts';
import { password, startAuthInstance, supabaseClient, uniqueEmail, type AuthInstance } from './support.ts';

afterAll(closeAdminSql);

// Documentation addresses (RFC 5737): one per "browser".
const A = '198.51.100.10';
const B = '198.51.100.20';

/** A password sign-in through the instance's gateway, with the headers a caller chose. */
async function signIn(instance: AuthInstance, email: string, secret: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${instance.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, password: secret }),
  });
  return { status: response.status, body: (await response.json()) as { code?: string; access_token?: string } };
}

/** What the api function sends: the secret key as apikey and bearer, and the browser's address. */
const asFunctionFor = (address: string) => ({
  apikey: stack().secretKey,
  authorization: `Bearer ${stack().secretKey}`,
  'sb-forwarded-for': address,
});

describe('whose sign-ins count together (the client address behind the gateway)', () => {
  let instance: AuthInstance;
  let email: string;
  afterEach(() => instance?.close());

  async function start(options: Parameters<typeof startAuthInstance>[0] = {}, gateway: Parameters<typeof startAuthInstance>[1] = {}) {
    instance = await startAuthInstance({ rateLimits: { signInSignUps: 5 }, ...options }, gateway);
    email = uniqueEmail('limited');
    // Created beside the limits, so every counted request below is one the test makes.
    const created = await supabaseClient({ key: stack().serviceRoleKey }).auth.admin.createUser({ email, password, email_confirm: true });
    expect(created.error).toBeNull();
  }

  it('GoTrue’s 30 per address: the 31st wrong password for A is refused, B still signs in', async () => {
    await start({ rateLimits: { signInSignUps: 30 } });
    for (let i = 0; i < 30; i++) {
      expect((await signIn(instance, email, `wrong ${i}`, asFunctionFor(A))).body.code).toBe('invalid_credentials');
    }
    const limited = await signIn(instance, email, 'wrong again', asFunctionFor(A));
    expect(limited).toMatchObject({ status: 429, body: { code: 'over_request_rate_limit' } });
    // Even the right password, from A, waits.
    expect((await signIn(instance, email, password, asFunctionFor(A))).status).toBe(429);
    const other = await signIn(instance, email, password, asFunctionFor(B));
    expect(other.status).toBe(200);
    // The function's own address (the gateway's peer) was never the one counted.
    expect((await signIn(instance, email, password)).status).toBe(200);
    // The session records the browser's address, as GoTrue does.
    const [session] = await adminSql()`select host(ip) as ip from auth.sessions
                                        where user_id = (select id from auth.users where email = ${email.toLowerCase()})
                                        order by created_at limit 1`;
    expect(session.ip).toBe(B);
  });

  it('takes the first address of Sb-Forwarded-For, in one spelling', async () => {
    await start();
    for (let i = 0; i < 3; i++) await signIn(instance, email, 'wrong', asFunctionFor(`${A}, ${B}`));
    for (let i = 0; i < 2; i++) await signIn(instance, email, 'wrong', asFunctionFor(`::ffff:${A}`));
    expect((await signIn(instance, email, 'wrong', asFunctionFor(A))).status).toBe(429);
    expect((await signIn(instance, email, 'wrong', asFunctionFor(B))).status).toBe(400);
  });

  it('ignores Sb-Forwarded-For without the exact secret key: those requests count on the caller’s own address', async () => {
    await start();
    const secret = stack().secretKey;
    const ignored: Record<string, string>[] = [
      { 'sb-forwarded-for': A },
      { apikey: stack().anonKey, authorization: `Bearer ${stack().anonKey}`, 'sb-forwarded-for': A },
      { apikey: stack().serviceRoleKey, authorization: `Bearer ${stack().serviceRoleKey}`, 'sb-forwarded-for': A },
      { apikey: stack().publishableKey, authorization: `Bearer ${stack().publishableKey}`, 'sb-forwarded-for': A },
      // The secret only as the bearer: hosted Auth looks at apikey.
      { apikey: stack().publishableKey, authorization: `Bearer ${secret}`, 'sb-forwarded-for': A },
      { apikey: secret.slice(3, -3), 'sb-forwarded-for': A },
      { apikey: secret.toUpperCase(), 'sb-forwarded-for': A },
    ];
    // Near misses that are still `sb_` keys are not keys at all: 401, and nothing counted.
    const refused: Record<string, string>[] = [
      { apikey: secret.slice(0, -1), 'sb-forwarded-for': A },
      { apikey: `${secret}x`, 'sb-forwarded-for': A },
      { apikey: 'sb_secret_', 'sb-forwarded-for': A },
      { apikey: secret.replace(/.$/, (last) => (last === 'z' ? 'y' : 'z')), 'sb-forwarded-for': A },
    ];
    for (const headers of refused) {
      const reply = await signIn(instance, email, 'wrong', headers);
      expect(reply, JSON.stringify(headers)).toMatchObject({ status: 401, body: { code: 'invalid_api_key' } });
    }
    const statuses = [];
    // A new address per try: the per-account guessing throttle (its own test) stays out of the way.
    for (const headers of ignored) statuses.push((await signIn(instance, uniqueEmail('ignored'), 'wrong', headers)).status);
    // Five allowed on the caller's (loopback) address, then that address is limited...
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    // ...while A's bucket never moved: five tries left there.
    for (let i = 0; i < 5; i++) expect((await signIn(instance, email, 'wrong', asFunctionFor(A))).status).toBe(400);
    expect((await signIn(instance, email, 'wrong', asFunctionFor(A))).status).toBe(429);
  });

  it('ignores Sb-Forwarded-For that is not an address, and all of it when forwarding is off', async () => {
    await start({ sbForwardedForEnabled: false });
    for (let i = 0; i < 5; i++) expect((await signIn(instance, email, 'wrong', asFunctionFor(`198.51.100.${i}`))).status).toBe(400);
    expect((await signIn(instance, email, 'wrong', asFunctionFor(B))).status).toBe(429);
    await instance.close();

    await start();
    for (const junk of ['not-an-address', '198.51.100.10:443', '', '2130706433']) {
      expect((await signIn(instance, email, 'wrong', asFunctionFor(junk))).status).toBe(400);
    }
    // Those four counted on the caller's own address.
    expect((await signIn(instance, email, 'wrong')).status).toBe(400);
    expect((await signIn(instance, email, 'wrong')).status).toBe(429);
  });

  it('counts X-Forwarded-For as the gateway reports it: a trusted proxy’s, never an untrusted client’s', async () => {
    await start();
    // This test is a loopback client, which the default gateway trusts as a proxy.
    for (let i = 0; i < 5; i++) await signIn(instance, email, 'wrong', { 'x-forwarded-for': A });
    expect((await signIn(instance, email, 'wrong', { 'x-forwarded-for': A })).status).toBe(429);
    expect((await signIn(instance, email, 'wrong', { 'x-forwarded-for': B })).status).toBe(400);
    await instance.close();

    await start({}, { trustedProxies: [] });
    // Untrusted: every made-up address is the same client.
    for (let i = 0; i < 5; i++) await signIn(instance, email, 'wrong', { 'x-forwarded-for': `198.51.100.${i}` });
    expect((await signIn(instance, email, 'wrong', { 'x-forwarded-for': B })).status).toBe(429);
  });
});

describe('the opaque API keys (sb_publishable_…, sb_secret_…)', () => {
  let instance: AuthInstance;
  beforeAll(async () => {
    instance = await startAuthInstance();
  });
  afterAll(() => instance.close());

  const client = (key: string) => supabaseClient({ url: instance.url, key });

  it('takes the secret key as the service role for the admin API, the publishable key as anon', async () => {
    const { data, error } = await client(stack().secretKey).auth.admin.listUsers({ page: 1, perPage: 1 });
    expect(error).toBeNull();
    expect(data.users).toHaveLength(1);
    const anon = await client(stack().publishableKey).auth.admin.listUsers();
    expect(anon.error).toMatchObject({ status: 403, code: 'not_admin' });
    const signedUp = await client(stack().publishableKey).auth.signUp({ email: uniqueEmail('publishable'), password });
    expect(signedUp.error).toBeNull();
    expect(signedUp.data.session?.access_token).toBeTruthy();
  });

  it('refuses any other sb_ string with 401, and treats a key as a role without a user on /user', async () => {
    for (const key of [`${stack().secretKey}0`, stack().secretKey.slice(0, -1), 'sb_publishable_nope', 'sb_']) {
      const { error } = await client(key).auth.admin.listUsers();
      expect(error, key).toMatchObject({ status: 401, code: 'invalid_api_key' });
    }
    const response = await fetch(`${instance.url}/auth/v1/user`, {
      headers: { apikey: stack().secretKey, authorization: `Bearer ${stack().secretKey}` },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'bad_jwt' });
  });

  it('compares keys whole (isOneOf): not a prefix, suffix or other case', () => {
    const digests = keyDigests(['sb_secret_abc123', 'sb_secret_other']);
    expect(isOneOf('sb_secret_abc123', digests)).toBe(true);
    expect(isOneOf('sb_secret_other', digests)).toBe(true);
    for (const miss of ['sb_secret_abc12', 'sb_secret_abc1234', 'SB_SECRET_ABC123', '', ' sb_secret_abc123', null, undefined]) {
      expect(isOneOf(miss, digests), String(miss)).toBe(false);
    }
    expect(isOneOf('anything', keyDigests([]))).toBe(false);
  });
});

describe('the local stack', () => {
  it('passes the opaque keys to its Auth service: the secret key lists users', async () => {
    const admin = supabaseClient({ key: stack().secretKey });
    const { error } = await admin.auth.admin.listUsers({ page: 1, perPage: 1 });
    expect(error).toBeNull();
  });
});
