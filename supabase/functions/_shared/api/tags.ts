import { Hono } from 'hono';
import { z } from 'zod';
import { ApiError, loginRequired, notFound, forbidden } from '../errors.ts';
import type { Tx } from '../db.ts';
import type { ApiEnv } from './context.ts';
import type { Tag } from './types.ts';
import { parseBody, uuid } from './validate.ts';

const addTagBody = z.object({
  name: z
    .string({ error: 'Please enter a name.' })
    .trim()
    .min(1, 'Please enter a name.')
    .max(20, 'A tag name is at most 20 characters.'),
});

const tagOnEntryBody = z.object({ contentId: uuid, tagId: uuid });

async function tagsOf(tx: Tx, entryId: string): Promise<Tag[]> {
  const rows = await tx<{ tag: Tag }[]>`
    select public.tag_json(t) as tag
      from public.entry_tags et join public.tags t on t.id = et.tag_id
     where et.entry_id = ${entryId}
     order by lower(t.name)`;
  return rows.map((row) => row.tag);
}

async function entryVisible(tx: Tx, entryId: string): Promise<boolean> {
  return (await tx`select 1 from public.entries where id = ${entryId}`).length > 0;
}

export const tags = new Hono<ApiEnv>()
  .get('/getTags', async (c) => {
    const data = await c.get('run')(async (tx) => {
      const rows = await tx<{ tag: Tag }[]>`
        select public.tag_json(t) as tag from public.tags t order by lower(t.name)`;
      return rows.map((row) => row.tag);
    });
    return c.json({ success: true, data });
  })
  .get('/getTagsForContent/:contentId', async (c) => {
    const id = uuid.safeParse(c.req.param('contentId'));
    if (!id.success) throw notFound();
    const data = await c.get('run')(async (tx) => {
      if (!(await entryVisible(tx, id.data))) throw notFound();
      return tagsOf(tx, id.data);
    });
    return c.json({ success: true, data });
  })
  .post('/addTag', async (c) => {
    const caller = c.get('caller');
    if (!caller.userId) throw loginRequired('Please log in to add a tag');
    const body = await parseBody(c, addTagBody);
    const tag = await c.get('run')(async (tx) => {
      const [existing] = await tx<{ tag: Tag }[]>`
        select public.tag_json(t) as tag from public.tags t where lower(t.name) = lower(${body.name})`;
      if (existing) {
        throw new ApiError(409, 'tag_exists', 'A tag with this name already exists.', { data: existing.tag });
      }
      const [row] = await tx<{ tag: Tag }[]>`
        insert into public.tags (name, owner) values (${body.name}, ${caller.userId})
        returning public.tag_json(tags) as tag`;
      return row.tag;
    });
    return c.json({ success: true, message: 'Added successfully', data: tag }, 201);
  })
  .post('/addTagToContent', async (c) => {
    const caller = c.get('caller');
    if (!caller.userId) throw loginRequired('Please log in to add a tag');
    const body = await parseBody(c, tagOnEntryBody);
    const data = await c.get('run')(async (tx) => {
      if (!(await entryVisible(tx, body.contentId))) throw notFound();
      if (!(await tx`select 1 from public.tags where id = ${body.tagId}`).length) throw notFound('Tag');
      await tx`insert into public.entry_tags (entry_id, tag_id, added_by)
               values (${body.contentId}, ${body.tagId}, ${caller.userId})
               on conflict (entry_id, tag_id) do nothing`;
      return tagsOf(tx, body.contentId);
    });
    return c.json({ success: true, data }, 201);
  })
  .delete('/removeTagFromContent/:contentId/:tagId', async (c) => {
    const caller = c.get('caller');
    if (!caller.userId) throw loginRequired('Please log in to remove a tag');
    const contentId = uuid.safeParse(c.req.param('contentId'));
    const tagId = uuid.safeParse(c.req.param('tagId'));
    if (!contentId.success || !tagId.success) throw notFound();
    const data = await c.get('run')(async (tx) => {
      const removed = await tx`delete from public.entry_tags
                                where entry_id = ${contentId.data} and tag_id = ${tagId.data} returning tag_id`;
      if (!removed.length) {
        const linked = await tx`select 1 from public.entry_tags
                                 where entry_id = ${contentId.data} and tag_id = ${tagId.data}`;
        throw linked.length ? forbidden() : notFound('Tag');
      }
      return tagsOf(tx, contentId.data);
    });
    return c.json({ success: true, data });
  });
