import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';

// A stand-in for Google's OpenID Connect provider on 127.0.0.1, so real-Google sign-in is
// tested through openid-client: discovery, an authorization endpoint that consents at once
// for the person the test chose, a token endpoint that checks the client's credentials,
// the redirect URI and the PKCE verifier and answers an RS256 ID token with the nonce,
// the JWKS and userinfo. Codes are single-use, as Google's are.

export interface GooglePerson {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  picture?: string;
}

export interface FakeGoogle {
  /** The issuer URL (GOOGLE_ISSUER_URL). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who consents on the next authorization. */
  person: GooglePerson;
  /** Break the next ID tokens, for the tests of what must be refused. */
  tamper: { nonce?: string; otherKey?: boolean; audience?: string };
  /** Every authorization request's query, oldest first. */
  authorizations: URLSearchParams[];
  /** Token requests refused, with the reason. */
  refusals: string[];
  close(): Promise<void>;
}

interface PendingCode {
  person: GooglePerson;
  clientId: string;
  redirectUri: string;
  nonce: string | undefined;
  challenge: string | undefined;
}

const equal = (a: string, b: string) => {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
};

export async function startFakeGoogle(person: GooglePerson): Promise<FakeGoogle> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  const kid = randomBytes(8).toString('hex');
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, GooglePerson>();
  const app = new Hono();
  const server: Server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake: FakeGoogle = {
    issuer,
    clientId: `${randomBytes(6).toString('hex')}.apps.googleusercontent.com`,
    clientSecret: `GOCSPX-${randomBytes(12).toString('base64url')}`,
    person,
    tamper: {},
    authorizations: [],
    refusals: [],
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  app.get('/.well-known/openid-configuration', (c) =>
    c.json({
      issuer,
      authorization_endpoint: `${issuer}/o/oauth2/v2/auth`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/v1/userinfo`,
      jwks_uri: `${issuer}/oauth2/v3/certs`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'profile'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      code_challenge_methods_supported: ['plain', 'S256'],
      claims_supported: ['aud', 'email', 'email_verified', 'exp', 'iat', 'iss', 'name', 'picture', 'sub'],
    }),
  );

  app.get('/oauth2/v3/certs', (c) => c.json({ keys: [publicJwk] }));

  // Consents at once for `fake.person`, as if they had clicked their account.
  app.get('/o/oauth2/v2/auth', (c) => {
    const query = new URL(c.req.url).searchParams;
    fake.authorizations.push(query);
    const redirectUri = query.get('redirect_uri');
    if (query.get('client_id') !== fake.clientId || !redirectUri) return c.text('invalid_client', 400);
    if (query.get('response_type') !== 'code') return c.text('unsupported_response_type', 400);
    const code = `4/0A${randomBytes(24).toString('base64url')}`;
    codes.set(code, {
      person: { ...fake.person },
      clientId: fake.clientId,
      redirectUri,
      nonce: query.get('nonce') ?? undefined,
      challenge: query.get('code_challenge') ?? undefined,
    });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    if (query.get('state') !== null) back.searchParams.set('state', query.get('state')!);
    back.searchParams.set('scope', query.get('scope') ?? '');
    return c.redirect(back.toString(), 302);
  });

  app.post('/token', async (c) => {
    const form = await c.req.parseBody();
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : undefined);
    const refuse = (error: string, description: string) => {
      fake.refusals.push(description);
      return c.json({ error, error_description: description }, error === 'invalid_client' ? 401 : 400);
    };
    let clientId = field('client_id');
    let clientSecret = field('client_secret');
    const basic = /^Basic (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    if (basic) {
      const [id, secret] = Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent);
      clientId = id;
      clientSecret = secret;
    }
    if (!clientId || !clientSecret || !equal(clientId, fake.clientId) || !equal(clientSecret, fake.clientSecret)) {
      return refuse('invalid_client', 'The OAuth client was not found or its secret is wrong.');
    }
    if (field('grant_type') !== 'authorization_code') return refuse('unsupported_grant_type', 'Invalid grant_type');
    const code = field('code') ?? '';
    const pending = codes.get(code);
    // Single use: a replayed code finds nothing.
    codes.delete(code);
    if (!pending || pending.clientId !== clientId) return refuse('invalid_grant', 'Malformed auth code.');
    if (field('redirect_uri') !== pending.redirectUri) return refuse('redirect_uri_mismatch', 'Bad Request');
    if (pending.challenge) {
      const verifier = field('code_verifier') ?? '';
      if (!equal(createHash('sha256').update(verifier).digest('base64url'), pending.challenge)) {
        return refuse('invalid_grant', 'Invalid code verifier.');
      }
    }
    const accessToken = `ya29.fake-${randomBytes(24).toString('base64url')}`;
    accessTokens.set(accessToken, pending.person);
    const now = Math.floor(Date.now() / 1000);
    const key: CryptoKey = fake.tamper.otherKey ? other.privateKey : privateKey;
    const nonce = fake.tamper.nonce ?? pending.nonce;
    const idToken = await new SignJWT({
      azp: clientId,
      email: pending.person.email,
      email_verified: pending.person.email_verified,
      name: pending.person.name,
      picture: pending.person.picture ?? 'https://lh3.googleusercontent.com/a/fake',
      ...(nonce ? { nonce } : {}),
    })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(fake.tamper.audience ?? clientId)
      .setSubject(pending.person.sub)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(key);
    return c.json({
      access_token: accessToken,
      expires_in: 3599,
      refresh_token: `1//fake-${randomBytes(16).toString('base64url')}`,
      scope: 'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile',
      token_type: 'Bearer',
      id_token: idToken,
    });
  });

  app.get('/v1/userinfo', (c) => {
    const token = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    const found = token ? accessTokens.get(token) : undefined;
    if (!found) return c.json({ error: 'invalid_token' }, 401);
    return c.json({ sub: found.sub, email: found.email, email_verified: found.email_verified, name: found.name, picture: found.picture ?? '' });
  });

  return fake;
}
