import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';

/**
 * A client-visible failure: its status, a stable code the client can translate, and the
 * message (the spec's wording where the spec has one). Errors are values, thrown to the
 * app's error handler; a client error is never a 5xx.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Entry') => new ApiError(404, 'not_found', `${what} not found.`);
export const forbidden = () => new ApiError(403, 'forbidden', 'You do not have permission to do that.');
export const loginRequired = (message = 'Please log in to do that.') => new ApiError(401, 'login_required', message);

/** Postgres errors that mean the request, not the server, was wrong. */
function fromPostgres(error: { code?: string; message: string; constraint_name?: string }): ApiError | undefined {
  switch (error.code) {
    case '42501':
      return forbidden();
    case '23505':
      return new ApiError(409, 'conflict', 'That already exists.');
    case '23503':
      return new ApiError(400, 'invalid_reference', 'A referenced item does not exist.', { constraint: error.constraint_name });
    case '23514':
    case '23502':
    case '22001':
    case '22P02':
    case '22023':
      return new ApiError(400, 'invalid_input', 'The request is not valid.');
    default:
      return undefined;
  }
}

/** Turns a validation failure into one message per field, the first one as the headline. */
export function fromZod(error: ZodError): ApiError {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || 'body';
    errors[field] ??= issue.message;
  }
  const first = error.issues[0]?.message ?? 'The request is not valid.';
  return new ApiError(400, 'invalid_input', first, { errors });
}

export function errorResponse(error: unknown, c: Context): Response {
  const known =
    error instanceof ApiError
      ? error
      : error instanceof ZodError
        ? fromZod(error)
        : typeof error === 'object' && error !== null && 'code' in error
          ? fromPostgres(error as { code?: string; message: string })
          : undefined;
  if (known) {
    return c.json({ success: false, code: known.code, message: known.message, ...known.details }, known.status);
  }
  console.error('api: unexpected error', error);
  return c.json({ success: false, code: 'internal', message: 'Something went wrong. Please try again.' }, 500);
}
