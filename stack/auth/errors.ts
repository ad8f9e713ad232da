import type { Context } from 'hono';
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
  const retryAfter: Record<string, string> = typeof error.extra.retryAfter === 'number' ? { 'retry-after': String(error.extra.retryAfter) } : {};
  return new Response(JSON.stringify(body), {
    status: error.status,
    headers: {
      'content-type': 'application/json',
      [API_VERSION_HEADER]: API_VERSION,
      'x-sb-error-code': error.code,
      ...retryAfter,
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
export const invalidApiKey = () => new AuthError(401, 'invalid_api_key', 'Invalid API key');
export const requestTooLarge = (limit: string) =>
  new AuthError(413, 'request_too_large', `Request body is too large: the limit is ${limit}`);
export const rateLimited = (retryAfter: number) =>
  new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached', { retryAfter });
export const userBanned = (status: 400 | 403 = 403) => new AuthError(status, 'user_banned', 'User is banned');
export const weakPassword = (minimum: number) =>
  new AuthError(422, 'weak_password', `Password should be at least ${minimum} characters.`, {
    weak_password: { reasons: ['length'] },
  });

/** Postgres refusing a value (bad encoding, out of range, too long, a check): the input's fault. */
const inputErrors = new Set(['22021', '22P05', '22003', '22P02', '22001', '23514', '22007', '22008']);

/**
 * The database cannot be reached or went away: the client library's connection errors,
 * SQLSTATE class 08 (connection exception) and 57P01-03 (shutdown, crash, still starting).
 */
const connectionErrors = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  '57P01',
  '57P02',
  '57P03',
]);

function codesOf(error: unknown): string[] {
  if (!error || typeof error !== 'object') return [];
  const code = (error as { code?: unknown }).code;
  const own = typeof code === 'string' ? [code] : [];
  // Node reports a failed connect to every address of a host as one AggregateError.
  const inner = error instanceof AggregateError ? error.errors.flatMap(codesOf) : [];
  return [...own, ...inner];
}

/** True when `error` says the database cannot be reached or went away (not a query's fault). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return codesOf(error).some((code) => connectionErrors.has(code) || /^08[0-9A-Z]{3}$/.test(code));
}

/**
 * The GoTrue error for a database failure, or null when it is not one we can name: bad
 * input is a 400 (never a 500 the client would retry), an unreachable database a 503
 * (which auth-js does retry, rightly, for an outage).
 */
export function fromDatabaseError(error: unknown): AuthError | null {
  const codes = codesOf(error);
  if (isDatabaseUnavailable(error)) {
    return new AuthError(503, 'service_unavailable', 'The authentication database is unavailable; try again shortly');
  }
  const input = codes.find((code) => inputErrors.has(code));
  if (input) {
    const column = (error as { column_name?: unknown }).column_name;
    return validationFailed(typeof column === 'string' && column ? `Invalid value for ${column}` : 'Invalid input value');
  }
  return null;
}

/**
 * The service's onError: an AuthError as itself, a duplicate user or a database failure as
 * GoTrue names them, anything else a logged 500 unexpected_failure.
 */
export function errorReply(error: Error, c: Context): Response {
  if (error instanceof AuthError) return errorResponse(error);
  const code = (error as { code?: string }).code;
  if (code === '23505') return errorResponse(new AuthError(422, 'user_already_exists', 'User already registered'));
  const mapped = fromDatabaseError(error);
  if (mapped) {
    if (mapped.status >= 500) console.error(`auth: ${c.req.method} ${c.req.path}: database unavailable (${String(code)})`);
    return errorResponse(mapped);
  }
  console.error(`auth: ${c.req.method} ${c.req.path} failed:`, error);
  return errorResponse(new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'));
}
