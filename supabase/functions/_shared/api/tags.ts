import { Hono } from 'hono';
import { z } from 'zod';
import { TAG_NAME_MAX_LENGTH } from '../contract/limits.ts';
import type { Tag } from '../contract/tags.ts';
import { requireOwnId, type ApiEnv } from './context.ts';
import { countParam, idParam, pageOf, parseBody, parseQuery, uuid } from './validate.ts';

// Shapes only: the rules live in the SQL functions add_tag/set_tag_name_es/tag_entry/untag_entry.
/** A tag's Spanish name: optional, trimmed, at most 20 characters; blank or null is none. */
const nameEs = z
  .string()
  .trim()
  .max(TAG_NAME_MAX_LENGTH, 'tag_name_es_too_long')
  .nullish()
  .transform((value) => (value ? value : null));

const addTagBody = z.object({
  name: z.string({ error: 'tag_name_required' }).trim().min(1, 'tag_name_required').max(TAG_NAME_MAX_LENGTH, 'tag_name_too_long'),
  nameEs,
  // The spec's client names the owner; it must be the caller.
  owner: uuid.optional(),
});

// The Spanish name is the one thing about a tag that changes after it is made: the key is
// required (null or blank clears it).
const updateTagBody = z.object({
  nameEs: z
    .string({ error: (issue) => (issue.input === undefined ? 'nothing_to_update' : 'invalid_input') })
    .trim()
    .max(TAG_NAME_MAX_LENGTH, 'tag_name_es_too_long')
    .nullable()
    .transform((value) => (value ? value : null)),
});

const tagOnEntryBody = z.object({ contentId: uuid, tagId: uuid, userId: uuid.optional() });

/** Every tag fits one reply up to this many; past it, `limit` and `after` page by name. */
export const MAX_TAGS = 1000;

const tagsQuery = z.object({
  limit: countParam(MAX_TAGS, MAX_TAGS),
  after: z.string().max(TAG_NAME_MAX_LENGTH, 'invalid_cursor').optional(),
});

export const tags = new Hono<ApiEnv>()
  .get('/getTags', async (c) => {
    const query = parseQuery(c, tagsQuery);
    const tags = await c.get('run')(async (tx) => {
      const rows = await tx<{ tag: Tag }[]>`
        select public.tag_json(t) as tag from public.tags t
         where ${query.after ?? null}::text is null or lower(t.name) > lower(${query.after ?? null}::text)
         order by lower(t.name) limit ${query.limit + 1}`;
      return rows.map((row) => row.tag);
    });
    // The next page starts after the last name: pass `nextCursor` as `after`.
    const { items, nextCursor } = pageOf(tags, query.limit, (last) => last.name);
    return c.json({ success: true, data: items, nextCursor });
  })
  .get('/getTagsForContent/:contentId', async (c) => {
    const id = idParam(c, 'contentId', 'entry_not_found');
    const data = await c.get('run')(async (tx) => (await tx<{ tags: Tag[] }[]>`select public.tags_of_entry(${id}) as tags`)[0].tags);
    return c.json({ success: true, data });
  })
  .post('/addTag', async (c) => {
    const body = await parseBody(c, addTagBody);
    requireOwnId(c.get('caller'), body.owner, 'owner');
    const tag = await c.get('run')(async (tx) => (await tx<{ tag: Tag }[]>`select public.add_tag(${body.name}, ${body.nameEs}) as tag`)[0].tag);
    return c.json({ success: true, message: 'Added successfully', data: tag }, 201);
  })
  // Sets or clears a tag's Spanish name: its creator or an admin.
  .put('/updateTag/:id', async (c) => {
    const id = idParam(c, 'id', 'tag_not_found');
    const body = await parseBody(c, updateTagBody);
    const tag = await c.get('run')(
      async (tx) => (await tx<{ tag: Tag }[]>`select public.set_tag_name_es(${id}, ${body.nameEs}) as tag`)[0].tag,
    );
    return c.json({ success: true, message: 'Updated successfully', data: tag });
  })
  .post('/addTagToContent', async (c) => {
    const body = await parseBody(c, tagOnEntryBody);
    requireOwnId(c.get('caller'), body.userId, 'userId');
    const data = await c.get('run')(
      async (tx) => (await tx<{ tags: Tag[] }[]>`select public.tag_entry(${body.contentId}, ${body.tagId}) as tags`)[0].tags,
    );
    return c.json({ success: true, data }, 201);
  })
  .delete('/removeTagFromContent/:contentId/:tagId', async (c) => {
    const contentId = idParam(c, 'contentId', 'tag_not_found');
    const tagId = idParam(c, 'tagId', 'tag_not_found');
    const data = await c.get('run')(
      async (tx) => (await tx<{ tags: Tag[] }[]>`select public.untag_entry(${contentId}, ${tagId}) as tags`)[0].tags,
    );
    return c.json({ success: true, data });
  });
