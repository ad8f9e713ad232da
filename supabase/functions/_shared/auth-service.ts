import { AuthAdminApi, AuthClient, isAuthApiError } from '@supabase/auth-js';
import { env } from './env.ts';
import { ApiError } from './errors.ts';

/**
 * Supabase Auth (GoTrue) as the api function talks to it: with auth-js (supabase-js's auth
 * client, without realtime), server-side, never keeping a session. The same code reaches
 * hosted Auth, `supabase start` and the local stack's stand-in.
 */
function settings(key: string | undefined, forwardedFor?: string): { url: string; headers: Record<string, string> } {
  const url = env('SUPABASE_URL');
  if (!url || !key) throw new ApiError(503, 'auth_unavailable', 'The sign-in service is not configured.');
  const headers: Record<string, string> = { apikey: key, Authorization: `Bearer ${key}` };
  // Auth rate-limits sign-ins per client address; pass the browser's on, not the function's.
  if (forwardedFor) headers['X-Forwarded-For'] = forwardedFor;
  return { url: `${url}/auth/v1`, headers };
}

export const publicAuth = (forwardedFor?: string) =>
  new AuthClient({
    ...settings(env('SUPABASE_ANON_KEY'), forwardedFor),
    persistSession: false,
    autoRefreshToken: false,
    detectSessionInUrl: false,
  });
export const adminAuth = () => new AuthAdminApi(settings(env('SUPABASE_SERVICE_ROLE_KEY')));

export function authorizeUrl(provider: 'google', redirectTo: string | undefined): string {
  const url = new URL(`${env('SUPABASE_URL')}/auth/v1/authorize`);
  url.searchParams.set('provider', provider);
  if (redirectTo) url.searchParams.set('redirect_to', redirectTo);
  return url.toString();
}

/** Auth's error codes, as the spec words them for the person at the keyboard. */
export function fromAuthError(error: unknown): ApiError {
  if (!isAuthApiError(error)) {
    return new ApiError(502, 'auth_unavailable', 'The sign-in service is unavailable. Please try again.', { authenticated: false });
  }
  const failure = (status: ConstructorParameters<typeof ApiError>[0], code: string, message: string, errors?: Record<string, string>) =>
    new ApiError(status, code, message, { authenticated: false, ...(errors ? { errors } : {}) });
  switch (error.code) {
    case 'invalid_credentials':
      return failure(401, 'invalid_credentials', 'Email or password is incorrect. Please try again');
    case 'user_already_exists':
    case 'email_exists':
      return failure(409, 'user_already_exists', 'An account with this email already exists.', {
        email: 'An account with this email already exists.',
      });
    case 'weak_password':
      return failure(400, 'weak_password', 'Password must be at least 8 characters long.', {
        password: 'Password must be at least 8 characters long.',
      });
    case 'over_request_rate_limit':
    case 'over_email_send_rate_limit':
      return failure(429, 'over_request_rate_limit', 'Too many attempts. Please wait a moment and try again.');
    case 'email_not_confirmed':
      return failure(403, 'email_not_confirmed', 'Please confirm your email address first.');
    case 'email_address_invalid':
    case 'validation_failed':
      return failure(400, 'invalid_input', error.message || 'The request is not valid.');
    case 'session_not_found':
    case 'bad_jwt':
    case 'no_authorization':
      return failure(401, 'invalid_token', 'Your session has expired. Please log in again.');
    default:
      return error.status >= 400 && error.status < 500
        ? failure(error.status as 400, error.code ?? 'auth_error', error.message)
        : failure(502, 'auth_unavailable', 'The sign-in service is unavailable. Please try again.');
  }
}
