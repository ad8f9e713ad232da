import { Hono } from 'hono';
import { z } from 'zod';
import type { ConceptGroup, ConceptGroupReply } from '../contract/concepts.ts';
import { notFound } from '../errors.ts';
import type { ApiEnv } from './context.ts';
import { idParam, parseQuery } from './validate.ts';

// Shapes only: what matches, how groups rank and who sees which member live in the SQL
// functions search_concepts and concept_group.

/** A search, as the entry search takes it: trimmed, at most 200 characters; blank finds nothing. */
const searchQuery = z.object({ q: z.string().trim().max(200, 'search_too_long').optional() });

/** Groups a search answers with at most. */
export const MAX_CONCEPT_GROUPS = 20;

export const concepts = new Hono<ApiEnv>()
  .get('/search', async (c) => {
    const { q } = parseQuery(c, searchQuery);
    if (!q) return c.json({ data: [] });
    const data = await c.get('run')(
      async (tx) =>
        (await tx<{ groups: ConceptGroup[] }[]>`select public.search_concepts(${q}, ${MAX_CONCEPT_GROUPS}::integer) as groups`)[0].groups,
    );
    return c.json({ data });
  })
  // One group (the /compare/:groupId page): a malformed id names no group, so it is not found too.
  .get('/:groupId', async (c) => {
    const groupId = idParam(c, 'groupId', 'concept_not_found');
    const data = await c.get('run')(
      async (tx) => (await tx<{ group: ConceptGroupReply['data'] | null }[]>`select public.concept_group(${groupId}::uuid) as group`)[0].group,
    );
    if (!data) throw notFound('concept_not_found');
    return c.json({ data });
  });
