import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The API version GoTrue answers with; auth-js reads `code` from the body only when it sees it. */
export const API_VERSION = '2024-01-01';
export const API_VERSION_HEADER = 'X-Supabase-Api-Version';

/**
 * A GoTrue error: an HTTP status, a machine-readable `error_code` and the message auth-js
 * shows. Client mistakes are always 4xx so the client never retries or keeps a dead session.
 */
export class AuthError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly extra: Record<string, unknown>;

  constructor(status: ContentfulStatusCode, code: string, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

/**
 * GoTrue's 2024-01-01 error body `{code, message}`, plus the legacy `error_code` and `msg`
 * so a client that cannot read the version header still gets the code.
 */
export function errorResponse(error: AuthError): Response {
  const body = { code: error.code, message: error.message, error_code: error.code, msg: error.message, ...error.extra };
  return new Response(JSON.stringify(body), {
    status: error.status,
    headers: {
      'content-type': 'application/json',
      [API_VERSION_HEADER]: API_VERSION,
      'x-sb-error-code': error.code,
    },
  });
}

export const badJson = () => new AuthError(400, 'bad_json', 'Could not parse request body as JSON');
export const validationFailed = (message: string) => new AuthError(400, 'validation_failed', message);
export const invalidCredentials = () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
export const noAuthorization = () => new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
export const badJwt = (detail: string) =>
  new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`);
export const sessionNotFound = () =>
  new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
export const notAdmin = () => new AuthError(403, 'not_admin', 'User not allowed');
export const userNotFound = () => new AuthError(404, 'user_not_found', 'User not found');
export const rateLimited = () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
export const weakPassword = (minimum: number) =>
  new AuthError(422, 'weak_password', `Password should be at least ${minimum} characters.`, {
    weak_password: { reasons: ['length'] },
  });
