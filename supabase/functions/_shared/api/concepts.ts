import { Hono } from 'hono';
import { z } from 'zod';
import type { ConceptGroup } from '../contract/concepts.ts';
import type { ApiEnv } from './context.ts';
import { parseQuery } from './validate.ts';

// Shapes only: what matches, how groups rank and who sees which member live in the SQL
// function search_concepts.

/** A search, as the entry search takes it: trimmed, at most 200 characters; blank finds nothing. */
const searchQuery = z.object({ q: z.string().trim().max(200, 'search_too_long').optional() });

/** Groups a search answers with at most. */
export const MAX_CONCEPT_GROUPS = 20;

export const concepts = new Hono<ApiEnv>().get('/search', async (c) => {
  const { q } = parseQuery(c, searchQuery);
  if (!q) return c.json({ data: [] });
  const data = await c.get('run')(
    async (tx) =>
      (await tx<{ groups: ConceptGroup[] }[]>`select public.search_concepts(${q}, ${MAX_CONCEPT_GROUPS}::integer) as groups`)[0].groups,
  );
  return c.json({ data });
});
