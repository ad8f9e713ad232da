import { afterAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, decodeProtectedHeader } from 'jose';
import { createAuthApp } from '../../stack/auth/index.ts';
import { closeAdminSql, stack } from '../support/stack.ts';
import { authFetch, password, startAuthInstance, supabaseClient, uniqueEmail } from './support.ts';

afterAll(closeAdminSql);

describe('wire conventions', () => {
  it('sends GoTrue 2024-01-01 errors: {code, message} with legacy fields and exposed headers', async () => {
    const response = await authFetch('/token?grant_type=password', {
      method: 'POST',
      headers: { origin: 'http://localhost:5173' },
      body: JSON.stringify({ email: uniqueEmail('nobody'), password: 'whatever-it-is' }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(response.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    const exposed = response.headers.get('access-control-expose-headers')!.split(/,\s*/).map((h) => h.toLowerCase());
    expect(exposed).toEqual(expect.arrayContaining(['x-supabase-api-version', 'x-sb-error-code', 'x-total-count', 'link']));
    expect(await response.json()).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
  });

  it('answers the CORS preflight of /auth/v1/token, allowing x-supabase-api-version', async () => {
    const response = await fetch(`${stack().apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, apikey, content-type, x-client-info, x-supabase-api-version',
      },
    });
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('access-control-allow-headers')).toMatch(/x-supabase-api-version/);
    expect(response.headers.get('access-control-allow-methods')).toMatch(/POST/);
    expect(response.headers.get('access-control-expose-headers')).toMatch(/X-Supabase-Api-Version/);
  });

  it('fills error.code in supabase-js from the body because the version header is readable', async () => {
    const { error } = await supabaseClient().auth.signInWithPassword({ email: uniqueEmail('code'), password });
    expect(error).toMatchObject({ name: 'AuthApiError', status: 400, code: 'invalid_credentials' });
  });

  it('serves /settings, /health and an (HS256-only: empty) JWKS', async () => {
    const settings = await (await authFetch('/settings')).json();
    expect(settings).toMatchObject({ external: { email: true, google: true }, disable_signup: false, mailer_autoconfirm: true });
    const health = await authFetch('/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ name: 'GoTrue' });
    const jwks = await fetch(`${stack().apiUrl}/auth/v1/.well-known/jwks.json`);
    expect(await jwks.json()).toEqual({ keys: [] });
  });
});

describe('rate limits', () => {
  it('answers 429 over_request_rate_limit past the sign-in limit (app.request, tiny limits)', async () => {
    const app = createAuthApp({
      databaseUrl: stack().dbUrl,
      jwtSecret: stack().jwtSecret,
      externalUrl: 'http://127.0.0.1:1/auth/v1',
      rateLimits: { signInSignUps: 2, tokenRefresh: 1 },
    });
    try {
      const signIn = () =>
        app.request('/token?grant_type=password', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: uniqueEmail('limited'), password }),
        });
      expect((await signIn()).status).toBe(400);
      expect((await signIn()).status).toBe(400);
      const limited = await signIn();
      expect(limited.status).toBe(429);
      expect(limited.headers.get('x-sb-error-code')).toBe('over_request_rate_limit');
      expect(await limited.json()).toMatchObject({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
      // Refreshes are counted separately.
      const refresh = () =>
        app.request('/token?grant_type=refresh_token', { method: 'POST', body: JSON.stringify({ refresh_token: 'unknown-token-1' }) });
      expect((await refresh()).status).toBe(400);
      expect((await refresh()).status).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('counts the Google stand-in’s form and the provider’s return with sign-ins (they make accounts)', async () => {
    const app = createAuthApp({
      databaseUrl: stack().dbUrl,
      jwtSecret: stack().jwtSecret,
      externalUrl: 'http://127.0.0.1:1/auth/v1',
      rateLimits: { signInSignUps: 2 },
    });
    try {
      const form = () =>
        app.request('/local-google/authorize', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ state: 'unknown', redirect_uri: 'http://127.0.0.1:1/auth/v1/callback', action: 'cancel' }).toString(),
        });
      expect((await form()).status).toBe(302);
      // A return with a state nobody issued is refused, and counted: the second request of the window.
      expect((await app.request('/callback?state=unknown&error=access_denied')).status).toBe(400);
      const limited = await form();
      expect(limited.status).toBe(429);
      expect(await limited.json()).toMatchObject({ code: 'over_request_rate_limit' });
      expect((await app.request('/callback?state=unknown&error=access_denied')).status).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('reaches supabase-js as an AuthApiError with status 429', async () => {
    const instance = await startAuthInstance({ rateLimits: { signInSignUps: 1, tokenRefresh: 10 } });
    try {
      const supabase = supabaseClient({ url: instance.url });
      await supabase.auth.signUp({ email: uniqueEmail('first'), password });
      const { error } = await supabase.auth.signUp({ email: uniqueEmail('second'), password });
      expect(error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    } finally {
      await instance.close();
    }
  });
});

describe('ES256 signing (as current supabase start)', () => {
  it('signs user tokens ES256 with a kid, publishes the key and still verifies them', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), kid: 'local-es256-test' };
    const instance = await startAuthInstance({ es256PrivateJwk: jwk });
    try {
      const supabase = supabaseClient({ url: instance.url });
      const { data } = await supabase.auth.signUp({ email: uniqueEmail('es256'), password });
      expect(decodeProtectedHeader(data.session!.access_token)).toMatchObject({ alg: 'ES256', kid: 'local-es256-test' });
      const keys = await (await fetch(`${instance.url}/auth/v1/.well-known/jwks.json`)).json();
      expect(keys.keys).toEqual([expect.objectContaining({ kty: 'EC', crv: 'P-256', kid: 'local-es256-test', alg: 'ES256' })]);
      expect(keys.keys[0].d).toBeUndefined();
      expect((await supabase.auth.getUser()).error).toBeNull();
      const { data: claims, error } = await supabase.auth.getClaims();
      expect(error).toBeNull();
      expect(claims?.claims.sub).toBe(data.user!.id);
    } finally {
      await instance.close();
    }
  });
});
