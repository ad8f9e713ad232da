import { z } from 'zod';

// The building blocks of every reply schema. The schemas describe what /api sends today, for
// the types (inferred here, imported by the function and, as types only, by the client) and
// for the tests that parse real replies; nothing parses with them at runtime. Objects are
// strict, so a field the server sends that a schema does not name fails those tests.

/** A row's id as Postgres prints a uuid (any version: a vote's is an md5 cast to uuid). */
export const id = z.guid();

/** A time as Postgres's JSON prints a timestamptz (or as JavaScript's toISOString). */
export const time = z.iso.datetime({ offset: true });

/** A two-letter country code ("MX"). */
export const countryCode = z.string().regex(/^[A-Z]{2}$/);

/** Why a thing is hidden by moderation: held (three accounts reported it) or removed by an admin. */
export const moderation = z.enum(['held', 'removed']);
export type Moderation = z.infer<typeof moderation>;

/** The `success: true` most replies open with. */
export const success = z.literal(true);

/** A keyset cursor to pass back for the next page; null on the last page. */
export const nextCursor = z.string().nullable();

/**
 * A refusal: what every non-2xx JSON reply of /api is. Open: some refusals add fields of
 * their own beside these (`authenticated: false`, `maxBytes`, `maxDepth`).
 */
export const apiErrorBody = z.looseObject({
  success: z.literal(false),
  /** Stable code the client translates (supabase/functions/_shared/messages.ts). */
  code: z.string(),
  /** The English message for `code`, for clients that do not know it. */
  message: z.string(),
  /** Per-field English messages, when the error concerns fields (validation). */
  errors: z.record(z.string(), z.string()).optional(),
  /** Per-field codes, the same fields as `errors`. */
  fieldCodes: z.record(z.string(), z.string()).optional(),
  /** Seconds to wait, on 429 (also in the Retry-After header). */
  retryAfter: z.number().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;
