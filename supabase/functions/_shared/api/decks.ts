import { Hono } from 'hono';
import { z } from 'zod';
import { TAG_NAME_MAX_LENGTH } from '../contract/limits.ts';
import type { AddDeckReply } from '../contract/decks.ts';
import { ApiError } from '../errors.ts';
import type { ApiEnv } from './context.ts';
import { parseBody } from './validate.ts';

/** A deck's size when the body names none (the button's "20 cards"). */
export const DEFAULT_DECK_LIMIT = 20;

// Shapes only: which entries, what counts as held and the write limits live in public.add_deck.
const addDeckBody = z.object({
  country: z
    .string({ error: 'unknown_country' })
    .trim()
    .regex(/^([A-Za-z]{2})?$/, 'unknown_country')
    .nullish(),
  tag: z.string({ error: 'invalid_input' }).trim().max(TAG_NAME_MAX_LENGTH, 'tag_name_too_long').nullish(),
  limit: z.number({ error: 'deck_limit_invalid' }).int('deck_limit_invalid').min(1, 'deck_limit_invalid').max(100, 'deck_limit_invalid').nullish(),
});

export const decks = new Hono<ApiEnv>().post('/addDeck', async (c) => {
  // A guest is told to log in before anything about the body.
  if (!c.get('caller').userId) throw new ApiError(401, 'login_required');
  const body = await parseBody(c, addDeckBody);
  const country = body.country || null;
  const tag = body.tag || null;
  if (!country && !tag) throw new ApiError(400, 'deck_filter_required');
  const deck = await c.get('run')(
    async (tx) =>
      (await tx<{ deck: Omit<AddDeckReply, 'success'> }[]>`
        select public.add_deck(${country}::text, ${tag}::text, ${body.limit ?? DEFAULT_DECK_LIMIT}::integer) as deck`)[0].deck,
  );
  const reply: AddDeckReply = { success: true, added: deck.added, skipped: deck.skipped };
  return c.json(reply, deck.added > 0 ? 201 : 200);
});
