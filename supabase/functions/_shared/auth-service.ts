import { AuthAdminApi, AuthApiError, AuthClient, isAuthApiError, isAuthWeakPasswordError, type Session } from '@supabase/auth-js';
import { configuredKeys } from './auth.ts';
import { env } from './env.ts';
import { ApiError } from './errors.ts';

/**
 * Supabase Auth (GoTrue) as the api function talks to it: with auth-js (supabase-js's auth
 * client, without realtime), server-side, never keeping a session. The same code reaches
 * hosted Auth, `supabase start` and the local stack's stand-in.
 */
function settings(key: string | undefined, extraHeaders: Record<string, string> = {}): { url: string; headers: Record<string, string> } {
  const url = env('SUPABASE_URL');
  if (!url || !key) throw new ApiError(503, 'auth_unavailable');
  return { url: `${url}/auth/v1`, headers: { apikey: key, Authorization: `Bearer ${key}`, ...extraHeaders } };
}

/** The first secret key the edge runtime gives (SUPABASE_SECRET_KEYS, else SUPABASE_SECRET_KEY), if any. */
function secretKey(): string | undefined {
  const keys = [...configuredKeys('SUPABASE_SECRET_KEYS'), ...configuredKeys('SUPABASE_SECRET_KEY')];
  return keys.find((key) => key.startsWith('sb_secret_'));
}

/**
 * Sign-in and sign-up on the browser's behalf. Auth limits these per client address; with
 * a secret key it takes that address from `Sb-Forwarded-For` (hosted: once "IP address
 * forwarding" is enabled), so each browser gets its own limit instead of all of them
 * sharing the function's. Without a secret key the anon key is used and the address is
 * not forwarded (Auth would ignore it).
 */
export function publicAuth(clientAddress?: string | null) {
  const secret = secretKey();
  const forwarded = secret && clientAddress ? { 'Sb-Forwarded-For': clientAddress } : undefined;
  return new AuthClient({
    ...settings(secret ?? env('SUPABASE_ANON_KEY'), forwarded),
    persistSession: false,
    autoRefreshToken: false,
    detectSessionInUrl: false,
  });
}

/** A renewal's outcome: the new session, or Auth's refusal of the refresh token. */
export type Renewal = { session: Session } | { refused: true };

/**
 * One refresh-token grant (`POST /token?grant_type=refresh_token`), as auth-js sends it but
 * tried once with a 5-second limit: a request waits for this, so no backing off for 30 s as
 * auth-js's own refreshSession does while Auth is down. Auth's 4xx refusal is `refused`; its
 * rate limit is a 429 and anything else a 503.
 */
export async function renewSession(refreshToken: string, clientAddress?: string | null): Promise<Renewal> {
  const secret = secretKey();
  const forwarded = secret && clientAddress ? { 'Sb-Forwarded-For': clientAddress } : undefined;
  const { url, headers } = settings(secret ?? env('SUPABASE_ANON_KEY'), forwarded);
  let response: Response;
  try {
    response = await fetch(`${url}/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json;charset=UTF-8', 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify({ refresh_token: refreshToken }),
      signal: AbortSignal.timeout(5000),
    });
  } catch {
    throw new ApiError(503, 'auth_unavailable');
  }
  if (response.status === 429) {
    await response.body?.cancel();
    throw new ApiError(429, 'rate_limited');
  }
  if (response.status >= 400 && response.status < 500) {
    await response.body?.cancel();
    return { refused: true };
  }
  const session = (await response.json().catch(() => null)) as Session | null;
  if (!response.ok || !session || typeof session.access_token !== 'string' || typeof session.refresh_token !== 'string') {
    throw new ApiError(503, 'auth_unavailable');
  }
  session.expires_at ??= Math.floor(Date.now() / 1000) + (session.expires_in ?? 0);
  return { session };
}

/**
 * GoTrue's secure e-mail change, asked for as the signed-in user (`PUT /auth/v1/user` with
 * their own token): Auth mails a link to the new address and, with double_confirm_changes
 * (Supabase's default), one to the current address; nothing switches until they are
 * followed. Auth's refusals come back as its errors (fromAuthError maps them).
 */
export async function requestEmailChange(accessToken: string, email: string, redirectTo: string): Promise<void> {
  const { url } = settings(env('SUPABASE_ANON_KEY'));
  let response: Response;
  try {
    response = await fetch(`${url}/user?redirect_to=${encodeURIComponent(redirectTo)}`, {
      method: 'PUT',
      headers: {
        apikey: env('SUPABASE_ANON_KEY')!,
        Authorization: `Bearer ${accessToken}`,
        'Content-Type': 'application/json;charset=UTF-8',
        'X-Supabase-Api-Version': '2024-01-01',
      },
      body: JSON.stringify({ email }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new ApiError(503, 'auth_unavailable');
  }
  if (response.ok) return void (await response.body?.cancel());
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  throw fromAuthError(new AuthApiError(body.message ?? 'Auth refused the e-mail change', response.status, body.code));
}

/** Where auth-js keeps a PKCE verifier in `pkceAuth`'s storage. */
export const PKCE_STORAGE_KEY = 'sb-api-auth-token';
export const pkceVerifierKey = `${PKCE_STORAGE_KEY}-code-verifier`;

/**
 * auth-js in PKCE mode over `store`, for the Google sign-in the api function runs on the
 * browser's behalf (as @supabase/ssr does): signInWithOAuth leaves the verifier in `store`
 * under `pkceVerifierKey` (the cookie carries it across the trip to Google), and
 * exchangeCodeForSession reads it back from there.
 */
export function pkceAuth(store: Map<string, string>, clientAddress?: string | null) {
  const secret = secretKey();
  const forwarded = secret && clientAddress ? { 'Sb-Forwarded-For': clientAddress } : undefined;
  return new AuthClient({
    ...settings(secret ?? env('SUPABASE_ANON_KEY'), forwarded),
    flowType: 'pkce',
    storageKey: PKCE_STORAGE_KEY,
    storage: {
      getItem: (key) => store.get(key) ?? null,
      setItem: (key, value) => void store.set(key, value),
      removeItem: (key) => void store.delete(key),
    },
    persistSession: true,
    autoRefreshToken: false,
    detectSessionInUrl: false,
  });
}

export const adminAuth = () => new AuthAdminApi(settings(env('SUPABASE_SERVICE_ROLE_KEY')));

export function authorizeUrl(provider: 'google', redirectTo: string | undefined): string {
  const url = new URL(`${env('SUPABASE_URL')}/auth/v1/authorize`);
  url.searchParams.set('provider', provider);
  if (redirectTo) url.searchParams.set('redirect_to', redirectTo);
  return url.toString();
}

/** Auth's error codes as /api errors; failures on sign-in routes also say `authenticated: false`. */
export function fromAuthError(error: unknown): ApiError {
  const failure = (status: ConstructorParameters<typeof ApiError>[0], code: ConstructorParameters<typeof ApiError>[1], field?: string) =>
    new ApiError(status, code, { field, details: { authenticated: false } });
  // A weak password is its own error class, not an AuthApiError.
  if (isAuthWeakPasswordError(error)) return failure(400, 'password_too_short', 'password');
  if (!isAuthApiError(error)) return failure(503, 'auth_unavailable');
  switch (error.code) {
    case 'invalid_credentials':
      return failure(401, 'invalid_credentials');
    case 'user_already_exists':
    case 'email_exists':
      return failure(409, 'user_already_exists', 'email');
    case 'same_password':
      return failure(400, 'same_password', 'password');
    case 'over_request_rate_limit':
    case 'over_email_send_rate_limit':
      return failure(429, 'rate_limited');
    case 'email_not_confirmed':
      return failure(403, 'email_not_confirmed');
    case 'user_banned':
      return failure(403, 'user_banned');
    case 'email_address_invalid':
      return failure(400, 'email_invalid', 'email');
    case 'validation_failed':
    case 'bad_json':
      return failure(400, 'invalid_input');
    case 'request_too_large':
      return failure(413, 'payload_too_large');
    case 'invalid_api_key':
      // Our own key was refused: a misconfigured project, not the browser's mistake.
      return failure(503, 'auth_unavailable');
    case 'session_not_found':
    case 'bad_jwt':
    case 'no_authorization':
    case 'user_not_found':
      return failure(401, 'invalid_token');
    default:
      return error.status >= 400 && error.status < 500 ? failure(400, 'invalid_input') : failure(503, 'auth_unavailable');
  }
}
