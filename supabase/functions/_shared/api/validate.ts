import type { Context } from 'hono';
import { z } from 'zod';
import { ApiError, fromZod } from '../errors.ts';

export const uuid = z.string().uuid('Not a valid id.');

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
    throw new ApiError(400, 'invalid_json', 'The request body must be JSON.');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data;
}

export function parseQuery<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data;
}
