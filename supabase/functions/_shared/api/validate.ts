import type { Context } from 'hono';
import { z } from 'zod';
import { PERSON_NAME_MAX_LENGTH } from '../contract/limits.ts';
import { ApiError, fromZod } from '../errors.ts';

export const uuid = z.string().uuid('invalid_id');

/**
 * A whole-number query parameter (a page size, a span of days) from 1 to `max`, `fallback`
 * when absent; anything else (text, 2.5, 0, 1e400) is invalid_input.
 */
export const countParam = (max: number, fallback: number) =>
  z.coerce.number({ error: 'invalid_input' }).int('invalid_input').min(1, 'invalid_input').max(max, 'invalid_input').default(fallback);

/** The keyset cursor of a list ordered by a time, then an id: [timestamp, id]. */
export const timeIdCursor = z.tuple([z.string().datetime({ offset: true }), uuid]);

/** An e-mail address as the forms send it: required, trimmed, lower-cased, well formed. */
export const email = z
  .string({ error: 'email_required' })
  .trim()
  .toLowerCase()
  .min(1, 'email_required')
  .pipe(z.email('email_invalid'));

/** A person's name (registration, profile, feedback): required, trimmed, at most 100 characters. */
export const personName = z.string({ error: 'name_required' }).trim().min(1, 'name_required').max(PERSON_NAME_MAX_LENGTH, 'name_too_long');

/**
 * Text Postgres cannot store (NUL) or that is not valid Unicode (a lone UTF-16 surrogate,
 * which JSON's \ud800 escapes can carry). Found at the edge so the reply names the field.
 */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const unstorableText = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** No /api body nests deeper than a few levels; a cap keeps the walk below (and zod) bounded. */
export const MAX_JSON_DEPTH = 32;

/**
 * The path (`a.b.0`) of the first key or string in `value` that Postgres could not take.
 * Iterative, depth-first in document order: 30,000 nested arrays cannot overflow the stack,
 * and deeper than MAX_JSON_DEPTH is refused as json_too_deep.
 */
function unstorableField(value: unknown): string | null {
  const pending: [item: unknown, path: string[]][] = [[value, []]];
  while (pending.length) {
    const [item, path] = pending.pop()!;
    if (typeof item === 'string') {
      if (unstorableText.test(item)) return path.join('.') || 'body';
      continue;
    }
    if (!item || typeof item !== 'object') continue;
    if (path.length >= MAX_JSON_DEPTH) throw new ApiError(400, 'json_too_deep', { details: { maxDepth: MAX_JSON_DEPTH } });
    const entries = Array.isArray(item) ? item.map((child, i) => [String(i), child] as const) : Object.entries(item);
    for (const [key] of entries) {
      if (!Array.isArray(item) && unstorableText.test(key)) return [...path, key.replace(unstorableText, '?')].join('.');
    }
    for (let i = entries.length - 1; i >= 0; i--) pending.push([entries[i][1], [...path, entries[i][0]]]);
  }
  return null;
}

function assertStorable(value: unknown): void {
  const field = unstorableField(value);
  if (field !== null) throw new ApiError(400, 'invalid_text', { field });
}

/**
 * Reads a JSON body whatever the Content-Type says: the spec's user update sends JSON
 * with no content-type header, and supabase-js sends strings as text/plain.
 */
export async function parseBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let raw: unknown;
  try {
    const text = await c.req.text();
    raw = text.trim() ? JSON.parse(text) : {};
  } catch {
    throw new ApiError(400, 'invalid_json');
  }
  assertStorable(raw);
  const parsed = await schema.safeParseAsync(raw);
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data;
}

export function parseQuery<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  const query = c.req.query();
  assertStorable(query);
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data;
}

/** A path parameter that must be a uuid; anything else is simply not found. */
export function idParam(c: Context, name: string, notFoundCode: ConstructorParameters<typeof ApiError>[1] = 'not_found'): string {
  const parsed = uuid.safeParse(c.req.param(name));
  if (!parsed.success) throw new ApiError(404, notFoundCode);
  return parsed.data;
}

/**
 * A page read with one row past `limit` (which says whether another page exists): the rows
 * to send, and the cursor of the next page or null.
 */
export function pageOf<T>(rows: T[], limit: number, cursorOf: (last: T) => string): { items: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { items: rows, nextCursor: null };
  const items = rows.slice(0, limit);
  return { items, nextCursor: cursorOf(items[items.length - 1]) };
}

/** A keyset cursor as the client carries it: the last row's sort key, base64url JSON. */
export function encodeCursor(key: readonly unknown[]): string {
  return btoa(JSON.stringify(key)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The `cursor` query parameter for keys shaped like `key`: null when absent, 400 invalid_cursor when not one of ours. */
export function cursorParam<T extends z.ZodType>(key: T) {
  return z
    .string()
    .optional()
    .transform((value, ctx): z.infer<T> | null => {
      if (!value) return null;
      const parsed = (() => {
        try {
          return key.safeParse(JSON.parse(atob(value.replace(/-/g, '+').replace(/_/g, '/'))));
        } catch {
          return undefined;
        }
      })();
      if (parsed?.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: 'invalid_cursor' });
      return z.NEVER;
    });
}
