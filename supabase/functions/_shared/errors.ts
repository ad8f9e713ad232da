import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { isMessageCode, messages, type MessageCode } from './messages.ts';

/**
 * A client-visible failure: its status, a stable code the client translates, the English
 * message for that code, the field it concerns, and extra reply fields. Errors are values,
 * thrown to the app's error handler; a client error is never a 5xx.
 */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: MessageCode;
  /** Per-field codes (the /api's field names): a validation failure may name several. */
  readonly fields: Record<string, MessageCode>;
  readonly details: Record<string, unknown>;

  constructor(
    status: ContentfulStatusCode,
    code: MessageCode,
    options: { field?: string; fields?: Record<string, MessageCode>; details?: Record<string, unknown> } = {},
  ) {
    super(messages[code]);
    this.status = status;
    this.code = code;
    this.fields = options.fields ?? (options.field ? { [options.field]: code } : {});
    this.details = options.details ?? {};
  }
}

export const notFound = (code: MessageCode = 'not_found') => new ApiError(404, code);

interface PostgresFailure {
  code?: string;
  hint?: string;
  column_name?: string;
  detail?: string;
}

const connectionFailures = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
]);

/** The extra reply fields a SQL function put in `detail` as a JSON object. */
function detailsOf(detail: string | undefined): Record<string, unknown> {
  if (!detail?.startsWith('{')) return {};
  try {
    const parsed: unknown = JSON.parse(detail);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The one place Postgres's answers become HTTP: our functions' PT<status> errors with
 * their code (hint), field (column) and extra fields (detail); input errors as 400;
 * permission as 401/403; an unreachable or overloaded database as 503.
 */
export function fromPostgres(error: PostgresFailure, signedIn: boolean): ApiError | undefined {
  const code = error.code ?? '';
  const raised = /^PT([45]\d\d)$/.exec(code);
  if (raised) {
    const status = Number(raised[1]) as ContentfulStatusCode;
    const known = isMessageCode(error.hint) ? error.hint : status >= 500 ? 'internal' : 'invalid_input';
    return new ApiError(status, known, { field: error.column_name, details: detailsOf(error.detail) });
  }
  if (connectionFailures.has(code) || /^(08|53|57P0)/.test(code)) return new ApiError(503, 'database_unavailable');
  switch (code) {
    case '42501':
      // Permission denied: signing in may help a guest; a signed-in user is simply refused.
      return signedIn ? new ApiError(403, 'forbidden') : new ApiError(401, 'login_required');
    case '23505':
      return new ApiError(409, 'conflict');
    case '23503':
      return new ApiError(400, 'invalid_reference');
    case '22021':
    case '22P05':
      return new ApiError(400, 'invalid_text');
    case '22003':
      return new ApiError(400, 'number_out_of_range');
    case '57014':
      return new ApiError(503, 'timeout');
    case '40001':
    case '40P01':
      return new ApiError(503, 'busy');
  }
  if (code.startsWith('22') || code === '23514' || code === '23502') return new ApiError(400, 'invalid_input');
  return undefined;
}

/** A validation failure: every field's code, the first one as the headline. */
export function fromZod(error: ZodError): ApiError {
  const fields: Record<string, MessageCode> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || 'body';
    fields[field] ??= isMessageCode(issue.message) ? issue.message : 'invalid_input';
  }
  const first = Object.values(fields)[0] ?? 'invalid_input';
  return new ApiError(400, first, { fields });
}

/** The reply for any thrown value: the spec's shape, `code` always present. */
export function errorResponse(error: unknown, c: Context): Response {
  const signedIn = Boolean((c.get('caller') as { userId?: string | null } | undefined)?.userId);
  const known =
    error instanceof ApiError
      ? error
      : error instanceof ZodError
        ? fromZod(error)
        : typeof error === 'object' && error !== null && 'code' in error
          ? fromPostgres(error as PostgresFailure, signedIn)
          : undefined;
  if (!known) {
    console.error('api: unexpected error', error);
    return c.json({ success: false, code: 'internal', message: messages.internal }, 500);
  }
  // An outage is one line in the log, not a stack trace per request.
  if (known.status >= 500) console.error(`api: ${known.code}: ${error instanceof Error ? error.message : String(error)}`);
  const retryAfter = known.details.retryAfter;
  if (typeof retryAfter === 'number') c.header('Retry-After', String(retryAfter));
  else if (known.status === 503) c.header('Retry-After', '5');
  const fieldNames = Object.keys(known.fields);
  return c.json(
    {
      ...known.details,
      success: false,
      code: known.code,
      message: known.message,
      ...(fieldNames.length
        ? {
            errors: Object.fromEntries(fieldNames.map((field) => [field, messages[known.fields[field]]])),
            fieldCodes: known.fields,
          }
        : {}),
    },
    known.status,
  );
}
