import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { localGoogleSubject } from '../../stack/auth/users.ts';
import { adminSql, closeAdminSql, stack } from '../support/stack.ts';
import { openGooglePage, password, signInOnGooglePage, supabaseClient, uniqueEmail } from './support.ts';

afterAll(closeAdminSql);

const redirectTo = 'http://localhost:5173/auth/callback';

async function authorizeUrl(flowType: 'implicit' | 'pkce' = 'implicit'): Promise<string> {
  const { data } = await supabaseClient({ flowType }).auth.signInWithOAuth({
    provider: 'google',
    options: { redirectTo, skipBrowserRedirect: true },
  });
  return data.url!;
}

/** Everything the stand-in could have changed about an account. */
async function snapshot(userId: string) {
  const [user] = await adminSql()`
    select email, raw_app_meta_data, raw_user_meta_data, updated_at from auth.users where id = ${userId}`;
  const identities = await adminSql()`
    select provider, provider_id, identity_data, updated_at from auth.identities where user_id = ${userId} order by created_at, id`;
  const [{ count: sessions }] = await adminSql()`select count(*)::int as count from auth.sessions where user_id = ${userId}`;
  return { user, identities, sessions };
}

/** The browser came back refused: GoTrue-style error parameters and no session anywhere in the URL. */
function expectRefused(back: URL) {
  expect(back.searchParams.get('error')).toBe('access_denied');
  expect(back.searchParams.get('error_code')).toBe('email_exists');
  expect(back.searchParams.get('error_description')).toMatch(/stand-in/);
  const fragment = new URLSearchParams(back.hash.slice(1));
  expect(fragment.get('error_code')).toBe('email_exists');
  expect(fragment.has('access_token')).toBe(false);
  expect(back.searchParams.has('code')).toBe(false);
}

/** A user as an older version or real Google would have left it: its first identity given. */
async function insertAccount(email: string, firstIdentity: { provider: string; providerId: string; data: Record<string, unknown> }) {
  const id = randomUUID();
  const sql = adminSql();
  await sql`insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                                    raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
            values ('00000000-0000-0000-0000-000000000000', ${id}, 'authenticated', 'authenticated', ${email}, '',
                    now(), ${sql.json({ provider: firstIdentity.provider, providers: [firstIdentity.provider] })},
                    ${sql.json({ name: 'Existing' })}, now(), now())`;
  await sql`insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
            values (${firstIdentity.providerId}, ${id}, ${sql.json(firstIdentity.data as never)}, ${firstIdentity.provider},
                    now() - interval '1 day', now())`;
  return id;
}

describe('the local Google stand-in vouches for no address', () => {
  it('refuses the address of a password account: no session, no identity, no metadata changed', async () => {
    const email = uniqueEmail('victim');
    const { data: signedUp } = await supabaseClient().auth.signUp({ email, password, options: { data: { name: 'Víctima' } } });
    const id = signedUp.user!.id;
    const before = await snapshot(id);
    expectRefused(await signInOnGooglePage(await authorizeUrl(), { email, name: 'Attacker' }));
    expectRefused(await signInOnGooglePage(await authorizeUrl('pkce'), { email, name: 'Attacker' }));
    expect(await snapshot(id)).toEqual(before);
  });

  it('refuses the seeded admin, whatever case and whitespace the address is typed in', async () => {
    const [admin] = await adminSql()`select id from auth.users where email = 'admin@jerga.local'`;
    const before = await snapshot(admin.id);
    for (const email of ['admin@jerga.local', '  ADMIN@Jerga.Local  ', 'Admin@jerga.LOCAL']) {
      expectRefused(await signInOnGooglePage(await authorizeUrl(), { email, name: 'Not the admin' }));
    }
    expect(await snapshot(admin.id)).toEqual(before);
  });

  it('refuses through the web origin too (its /auth/v1 proxy)', async () => {
    const email = uniqueEmail('web');
    const { data: signedUp } = await supabaseClient().auth.signUp({ email, password });
    const before = await snapshot(signedUp.user!.id);
    const page = await openGooglePage(`${stack().webUrl}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(redirectTo)}`);
    const submitted = await fetch(`${stack().webUrl}/auth/v1/local-google/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...page.hidden, email, name: 'Attacker', action: 'continue' }),
      redirect: 'manual',
    });
    expect(submitted.status).toBe(302);
    const callback = new URL(submitted.headers.get('location')!);
    // Refused on the page already: no code is ever handed out for the address.
    expect(callback.searchParams.has('code')).toBe(false);
    expect(callback.searchParams.get('error_code')).toBe('email_exists');
    const answered = await fetch(`${stack().webUrl}${callback.pathname}${callback.search}`, { redirect: 'manual' });
    expect(answered.status).toBe(302);
    expectRefused(new URL(answered.headers.get('location')!));
    expect(await snapshot(signedUp.user!.id)).toEqual(before);
  });

  it('refuses an address stored with other capitals, and accounts made by real Google', async () => {
    const stored = `Mixed-${randomUUID().slice(0, 8)}@Case.Jerga.Test`;
    const mixed = await insertAccount(stored, { provider: 'email', providerId: randomUUID(), data: { email: stored, email_verified: true } });
    const before = await snapshot(mixed);
    expectRefused(await signInOnGooglePage(await authorizeUrl(), { email: stored.toLowerCase(), name: 'X' }));
    expect(await snapshot(mixed)).toEqual(before);

    const googleEmail = uniqueEmail('real-google').toLowerCase();
    const real = await insertAccount(googleEmail, {
      provider: 'google',
      providerId: '1' + String(Date.now()).padStart(20, '0'),
      data: { iss: 'https://accounts.google.com', email: googleEmail, email_verified: true },
    });
    const realBefore = await snapshot(real);
    expectRefused(await signInOnGooglePage(await authorizeUrl(), { email: googleEmail, name: 'X' }));
    expect(await snapshot(real)).toEqual(realBefore);
  });

  it('refuses an account an older version linked wrongly (stand-in identity added to a password account)', async () => {
    const email = uniqueEmail('old-link').toLowerCase();
    const id = await insertAccount(email, { provider: 'email', providerId: randomUUID(), data: { email, email_verified: true } });
    await adminSql()`insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
                     values (${localGoogleSubject(email)}, ${id},
                             ${adminSql().json({ iss: 'https://accounts.google.com', email, email_verified: true })}, 'google', now(), now())`;
    const before = await snapshot(id);
    expectRefused(await signInOnGooglePage(await authorizeUrl(), { email, name: 'X' }));
    expect(await snapshot(id)).toEqual(before);
  });

  it('refuses at the callback too when the address got an account after the page handed out its code', async () => {
    const email = uniqueEmail('late');
    const page = await openGooglePage(await authorizeUrl());
    const submitted = await fetch(page.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...page.hidden, email, name: 'Late', action: 'continue' }),
      redirect: 'manual',
    });
    const callback = submitted.headers.get('location')!;
    expect(new URL(callback).searchParams.has('code')).toBe(true);
    const { data: signedUp } = await supabaseClient().auth.signUp({ email, password });
    const before = await snapshot(signedUp.user!.id);
    const answered = await fetch(callback, { redirect: 'manual' });
    expectRefused(new URL(answered.headers.get('location')!));
    expect(await snapshot(signedUp.user!.id)).toEqual(before);
  });

  it('two tabs signing one new address in at once reach the same new account', async () => {
    const email = uniqueEmail('twins');
    const codes = await Promise.all(
      [1, 2].map(async () => {
        const page = await openGooglePage(await authorizeUrl());
        const submitted = await fetch(page.action, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ ...page.hidden, email, name: 'Twin', action: 'continue' }),
          redirect: 'manual',
        });
        return submitted.headers.get('location')!;
      }),
    );
    const landed = await Promise.all(codes.map(async (callback) => new URL((await fetch(callback, { redirect: 'manual' })).headers.get('location')!)));
    const subs = landed.map((url) => decodeJwt(new URLSearchParams(url.hash.slice(1)).get('access_token')!).sub);
    expect(subs[0]).toBeTruthy();
    expect(subs[1]).toBe(subs[0]);
  });

  it('still signs in new addresses, unverified and marked as the stand-in, and again to the account it made', async () => {
    const email = uniqueEmail('fresh');
    const first = await signInOnGooglePage(await authorizeUrl(), { email: `  ${email.toUpperCase()} `, name: 'Nueva' });
    const claims = decodeJwt(new URLSearchParams(first.hash.slice(1)).get('access_token')!);
    expect(claims.email).toBe(email.toLowerCase());
    expect(claims.user_metadata).toMatchObject({ email_verified: false, local_stand_in: true });
    const [identity] = await adminSql()`select identity_data from auth.identities where user_id = ${claims.sub!}`;
    expect(identity.identity_data).toMatchObject({ email_verified: false, local_stand_in: true, iss: `${stack().apiUrl}/auth/v1/local-google` });

    const again = await signInOnGooglePage(await authorizeUrl(), { email, name: 'Nueva' });
    expect(decodeJwt(new URLSearchParams(again.hash.slice(1)).get('access_token')!).sub).toBe(claims.sub);

    // An older version's stand-in account (no marker, the derived subject) still signs in.
    const old = uniqueEmail('old-stand-in').toLowerCase();
    const oldId = await insertAccount(old, {
      provider: 'google',
      providerId: localGoogleSubject(old),
      data: { iss: 'https://accounts.google.com', email: old, email_verified: true },
    });
    const back = await signInOnGooglePage(await authorizeUrl(), { email: old, name: 'Old' });
    expect(decodeJwt(new URLSearchParams(back.hash.slice(1)).get('access_token')!).sub).toBe(oldId);
  });
});
