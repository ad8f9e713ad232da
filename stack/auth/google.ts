import { createHash } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import * as oidc from 'openid-client';
import { AuthError } from './errors.ts';
import type { GoogleChecks, GoogleProfile, OAuthState } from './oauth-types.ts';

/** Google's OpenID Connect issuer: discovery starts at its /.well-known/openid-configuration. */
export const GOOGLE_ISSUER = 'https://accounts.google.com';

/** GoTrue keeps an OAuth state for 5 minutes. */
const STATE_LIFETIME_SECONDS = 300;

/** Real Google sign-in: `[auth.external.google]` or GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET. */
export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  /** Another issuer than Google's (tests use a fake on 127.0.0.1). */
  issuerUrl?: string;
}

/** The provider step failed (bad code, wrong nonce, bad signature…): the browser goes back with an error. */
export class ProviderRefused extends Error {}

export interface GoogleSignIn {
  /** Google's authorization URL for this sign-in, with state, nonce and PKCE. */
  start(redirectUri: string, scopes: string[], state: OAuthState): Promise<string>;
  /** The state /authorize sealed, or null when it is not ours or has expired. */
  openState(state: string): Promise<OAuthState | null>;
  /** Trades the code at Google and validates the ID token (signature, issuer, audience, nonce). */
  finish(callbackUrl: URL, checks: GoogleChecks): Promise<{ profile: GoogleProfile; providerToken: string; providerRefreshToken?: string }>;
}

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Google sign-in through openid-client. Only an issuer on this machine (a test's fake) may
 * be plain HTTP; Google's is always HTTPS. The state is encrypted with a key derived from
 * the JWT secret, so the nonce and PKCE verifier inside it never show in the browser.
 */
export function googleSignIn(settings: GoogleSettings, jwtSecret: string, now: () => Date): GoogleSignIn {
  const issuer = new URL(settings.issuerUrl || GOOGLE_ISSUER);
  const local = issuer.protocol === 'http:' && loopbackHosts.has(issuer.hostname);
  if (issuer.protocol !== 'https:' && !local) {
    throw new Error(`GOOGLE_ISSUER_URL must be https:// (plain http only on 127.0.0.1 or localhost): ${issuer.href}`);
  }
  const sealKey = createHash('sha256').update(`jerga-oauth-state\0${jwtSecret}`).digest();
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () =>
    (discovered ??= oidc
      .discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
        execute: [
          // The ID token comes straight from the token endpoint, but check its signature anyway.
          oidc.enableNonRepudiationChecks,
          ...(local ? [oidc.allowInsecureRequests] : []),
        ],
      })
      .catch((error: unknown) => {
        discovered = undefined; // try again on the next sign-in
        console.error(`auth: Google discovery at ${issuer.href} failed:`, error);
        throw new AuthError(503, 'unexpected_failure', 'Google sign-in is unavailable right now');
      }));

  return {
    async start(redirectUri, scopes, state) {
      const config = await configuration();
      const checks: GoogleChecks = { nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier() };
      const iat = Math.floor(now().getTime() / 1000);
      const sealed = await new EncryptJWT({ ...state, google: checks } as unknown as Record<string, unknown>)
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setIssuedAt(iat)
        .setExpirationTime(iat + STATE_LIFETIME_SECONDS)
        .encrypt(sealKey);
      return oidc
        .buildAuthorizationUrl(config, {
          redirect_uri: redirectUri,
          response_type: 'code',
          scope: ['openid', ...scopes.filter((scope) => scope !== 'openid')].join(' '),
          state: sealed,
          nonce: checks.nonce,
          code_challenge: await oidc.calculatePKCECodeChallenge(checks.verifier),
          code_challenge_method: 'S256',
        })
        .toString();
    },

    async openState(state) {
      if (!state || state.length > 8192) return null;
      try {
        const { payload } = await jwtDecrypt(state, sealKey, { currentDate: now() });
        return payload as unknown as OAuthState;
      } catch {
        return null;
      }
    },

    async finish(callbackUrl, checks) {
      const config = await configuration();
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          expectedState: callbackUrl.searchParams.get('state') ?? '',
          expectedNonce: checks.nonce,
          pkceCodeVerifier: checks.verifier,
          idTokenExpected: true,
        });
      } catch (error) {
        throw new ProviderRefused(`Google sign-in failed: ${(error as Error).message}`);
      }
      const claims = tokens.claims();
      const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : '';
      if (!claims || !email) throw new ProviderRefused('Google did not share an email address');
      const name = typeof claims.name === 'string' ? claims.name.slice(0, 100) : email.split('@')[0];
      return {
        profile: {
          sub: claims.sub,
          email,
          name,
          picture: typeof claims.picture === 'string' ? claims.picture : '',
          // Google has sent it as the string "true" in the past.
          emailVerified: claims.email_verified === true || claims.email_verified === 'true',
          standIn: false,
          issuer: claims.iss,
        },
        providerToken: tokens.access_token,
        ...(tokens.refresh_token ? { providerRefreshToken: tokens.refresh_token } : {}),
      };
    },
  };
}
