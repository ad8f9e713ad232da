import { isDatabaseUnavailable } from '../auth/errors.ts';

/**
 * An error as Supabase Storage renders it: `{statusCode, code, error, message}` where
 * statusCode (a string) is the error's own status. Like Storage, the HTTP status is 400 for
 * every 4xx unless the error says otherwise (a 403 for a key without the needed role, 416
 * for a bad Range, 503 when the database is down); supabase-js reads statusCode from the body.
 */
export class StorageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly error: string,
    message: string,
    readonly httpStatus = statusCode >= 500 ? statusCode : 400,
    /** Close the connection after answering: the rest of the request body was not read. */
    readonly closeConnection = false,
    /** Seconds before trying again (a Retry-After header), for a limit that lifts by itself. */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }

  withHttpStatus(status: number): StorageError {
    return new StorageError(this.statusCode, this.code, this.error, this.message, status, this.closeConnection, this.retryAfter);
  }

  withConnectionClose(): StorageError {
    return new StorageError(this.statusCode, this.code, this.error, this.message, this.httpStatus, true, this.retryAfter);
  }
}

export const noSuchBucket = () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found');
export const noSuchKey = () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found');
export const invalidKey = (key: string) => new StorageError(400, 'InvalidKey', 'InvalidKey', `Invalid key: ${printable(key)}`);
export const invalidBucketName = () => new StorageError(400, 'InvalidBucketName', 'Invalid Input', 'Bucket name invalid');
export const accessDenied = (message = 'Access denied') => new StorageError(403, 'AccessDenied', 'Unauthorized', message);
export const rlsDenied = () => accessDenied('new row violates row-level security policy');
export const alreadyExists = (code = 'ResourceAlreadyExists') => new StorageError(409, code, 'Duplicate', 'The resource already exists');
export const bucketNotEmpty = () =>
  new StorageError(409, 'ResourceNotEmpty', 'ResourceNotEmpty', 'The bucket you tried to delete is not empty');
export const invalidMimeType = (mimeType: string) =>
  new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${printable(mimeType)} is not supported`);
export const entityTooLarge = (entity = 'object') =>
  new StorageError(413, 'EntityTooLarge', 'Payload too large', `The ${entity} exceeded the maximum allowed size`);
export const invalidRange = () => new StorageError(416, 'InvalidRange', 'invalid_range', 'invalid range provided', 416);
export const invalidJwt = (message = 'Invalid JWT') => new StorageError(400, 'InvalidJWT', 'InvalidJWT', message);
export const invalidSignature = (message = 'Invalid signature') =>
  new StorageError(400, 'InvalidSignature', 'InvalidSignature', message);
export const expiredSignature = () => new StorageError(400, 'ExpiredToken', 'ExpiredToken', 'The provided token has expired.');
export const invalidRequest = (message: string) => new StorageError(400, 'InvalidRequest', 'InvalidRequest', message);
export const invalidParameter = (name: string, message = `Invalid Parameter ${name}`) =>
  new StorageError(400, 'InvalidParameter', 'InvalidParameter', message);
export const noContent = () => new StorageError(400, 'InvalidRequest', 'InvalidRequest', 'No content provided');
export const relatedNotFound = () => new StorageError(404, 'InvalidRequest', 'InvalidRequest', 'The related resource does not exist');
export const notFoundRoute = (method: string, path: string) =>
  new StorageError(404, 'NotFound', 'Not Found', `Route ${method}:${printable(path)} not found`, 404);
export const databaseUnavailable = () =>
  new StorageError(503, 'DatabaseUnavailable', 'DatabaseUnavailable', 'The storage database is unavailable; try again shortly');
export const databaseTimeout = () =>
  new StorageError(544, 'DatabaseTimeout', 'DatabaseTimeout', 'The connection to the database timed out', 544);
export const internalError = () => new StorageError(500, 'InternalError', 'Internal', 'Internal server error');

/** At most 200 printable ASCII characters of a client's string, for echoing in a message. */
function printable(value: string): string {
  return value.slice(0, 200).replace(/[^\x20-\x7e]/g, '?');
}

/** A JSON object a SQL function put in an error's `detail`, or {}. */
function detailOf(error: unknown): Record<string, unknown> {
  const detail = (error as { detail?: unknown } | null)?.detail;
  if (typeof detail !== 'string' || !detail.startsWith('{')) return {};
  try {
    const parsed: unknown = JSON.parse(detail);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The per-account limits of storage.objects' trigger (migration 20261203000100), raised as
 * 42501 with the code in `hint` (hosted Storage shows them as AccessDenied with the message):
 * here 429 with Retry-After and 413, in Storage's shape, as the issue asks.
 */
function accountLimitError(error: unknown): StorageError | null {
  const hint = (error as { hint?: unknown } | null)?.hint;
  const message = String((error as { message?: unknown }).message ?? '').slice(0, 200);
  if (hint === 'too_many_uploads') {
    const wait = Number(detailOf(error).retryAfter);
    const retryAfter = Number.isSafeInteger(wait) && wait > 0 ? wait : 60;
    return new StorageError(429, 'too_many_uploads', 'too_many_uploads', message, 429, false, retryAfter);
  }
  if (hint === 'quota_exceeded') return new StorageError(413, 'quota_exceeded', 'quota_exceeded', message, 413);
  return null;
}

/** Postgres refusing a value (bad encoding, out of range, too long, a check): the input's fault. */
const inputErrors = new Set(['22021', '22P05', '22003', '22P02', '22001', '23514', '22007', '22008', '22023']);

/**
 * The Storage error for a failure from Postgres, as Storage maps SQLSTATEs: RLS (42501) is
 * access denied, a unique violation a duplicate, a missing referenced row (a bucket) a 404.
 * An unreachable database is a 503; anything else unknown stays null (a 500 upstream).
 */
export function fromDatabaseError(error: unknown): StorageError | null {
  if (error instanceof StorageError) return error;
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  if (code === '42501') {
    const limited = accountLimitError(error);
    if (limited) return limited;
    const message = String((error as { message?: unknown }).message ?? '');
    return message.includes('row-level security') ? rlsDenied() : accessDenied(message.slice(0, 200) || 'Access denied');
  }
  if (code === '23505') return alreadyExists();
  if (code === '23503') return relatedNotFound();
  if (code === '57014') return databaseTimeout();
  if (code === '40001' || code === '40P01' || code === '55P03') {
    return new StorageError(409, 'TransactionError', 'TransactionError', 'The resource is busy; try again');
  }
  if (inputErrors.has(code)) return invalidRequest('Invalid input value');
  // A policy calling something that failed on purpose (private.assert_session's PT401 and
  // the request guards' PT<status>): the caller may not do this.
  if (/^PT4\d\d$/.test(code)) return accessDenied(String((error as { message?: unknown }).message ?? 'Access denied').slice(0, 200));
  return null;
}

export function errorResponse(error: StorageError, method = 'GET'): Response {
  const headers = new Headers({ 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  if (error.closeConnection) headers.set('Connection', 'close');
  if (error.retryAfter !== null) headers.set('Retry-After', String(error.retryAfter));
  const body =
    method === 'HEAD'
      ? null
      : JSON.stringify({ statusCode: String(error.statusCode), code: error.code, error: error.error, message: error.message });
  return new Response(body, { status: error.httpStatus, headers });
}

/** Any failure as Storage answers it: its own errors and Postgres's as they map, else a 500 (logged). */
export function errorReply(error: unknown, method: string): Response {
  if (error instanceof StorageError) return errorResponse(error, method);
  const known = fromDatabaseError(error);
  if (known) return errorResponse(known, method);
  console.error('Storage:', error);
  return errorResponse(internalError(), method);
}
