import { Hono } from 'hono';
import { z } from 'zod';
import { ApiError, forbidden, loginRequired, notFound } from '../errors.ts';
import type { Tx } from '../db.ts';
import type { ApiEnv } from './context.ts';
import type { Entry, EntryListReply } from './types.ts';
import { parseBody, parseQuery, uuid } from './validate.ts';

const optionalText = z
  .string()
  .trim()
  .max(1000, 'Must be at most 1000 characters.')
  .nullish()
  .transform((value) => (value ? value : null));

const entryFields = {
  title: z.string({ error: 'Please enter a title.' }).trim().min(1, 'Please enter a title.').max(1000, 'Title must be at most 1000 characters.'),
  description: z
    .string({ error: 'Please enter a description.' })
    .trim()
    .min(1, 'Please enter a description.')
    .max(1000, 'Description must be at most 1000 characters.'),
  country: z
    .string({ error: 'Please select a country.' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Please select a country.'),
  hint: optionalText,
  exampleSentence: optionalText,
  author: z.string().trim().max(100, 'Author must be at most 100 characters.').optional(),
};

const addEntryBody = z.object(entryFields);

const updateEntryBody = z
  .object({
    _id: uuid.optional(),
    id: uuid.optional(),
    title: entryFields.title.optional(),
    description: entryFields.description.optional(),
    country: entryFields.country.optional(),
    hint: optionalText.optional(),
    exampleSentence: optionalText.optional(),
    author: z.string().trim().min(1, 'Please enter an author.').max(100, 'Author must be at most 100 characters.').optional(),
    show: z.boolean().optional(),
  })
  .refine((body) => body._id ?? body.id, { message: 'An entry id is required.', path: ['_id'] });

const deleteEntryBody = z
  .object({ _id: uuid.optional(), id: uuid.optional() })
  .refine((body) => body._id ?? body.id, { message: 'An entry id is required.', path: ['_id'] });

const list = (message: string, item: z.ZodType<string, string>) =>
  z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').map((part) => part.trim()).filter(Boolean) : []))
    .pipe(z.array(item, { error: message }).max(50))
    .transform((values) => (values.length ? values : null));

const cursorSchema = z.tuple([z.number().int(), z.string().datetime({ offset: true }), z.string().uuid()]);

const listQuery = z.object({
  q: z.string().trim().max(200, 'The search text is too long.').optional(),
  countries: list('Unknown country.', z.string().toUpperCase().regex(/^[A-Z]{2}$/, 'Unknown country.')),
  tags: list('Unknown tag.', z.string().uuid('Unknown tag.')),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      try {
        return cursorSchema.parse(JSON.parse(atob(value.replace(/-/g, '+').replace(/_/g, '/'))));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'The page cursor is not valid.' });
        return z.NEVER;
      }
    }),
});

type ListQuery = z.infer<typeof listQuery>;
type Sort = 'votes' | 'newest';

function encodeCursor(entry: Entry): string {
  return btoa(JSON.stringify([entry.voteCount, entry.createdAt, entry._id]))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** One page (or, without `limit`, all) of entries matching the filters. */
async function listEntries(tx: Tx, query: ListQuery, sort: Sort, ownerId: string | null = null): Promise<EntryListReply> {
  const [afterScore, afterCreatedAt, afterId] = query.cursor ?? [null, null, null];
  const pageSize = query.limit ? query.limit + 1 : null;
  const rows = await tx<{ entry: Entry }[]>`
    select entry from public.list_entries(
      search => ${query.q ?? null},
      countries => ${query.countries}::text[],
      tag_ids => ${query.tags}::uuid[],
      owner_id => ${ownerId}::uuid,
      sort => ${sort},
      page_size => ${pageSize}::integer,
      after_score => ${afterScore}::integer,
      after_created_at => ${afterCreatedAt}::timestamptz,
      after_id => ${afterId}::uuid
    ) as entry`;
  const data = rows.map((row) => row.entry);
  if (query.limit && data.length > query.limit) {
    data.length = query.limit;
    return { data, nextCursor: encodeCursor(data[data.length - 1]) };
  }
  return { data, nextCursor: null };
}

async function findEntry(tx: Tx, id: string): Promise<Entry | undefined> {
  const [row] = await tx<{ entry: Entry }[]>`
    select public.entry_json(e) as entry from public.entries e where e.id = ${id}`;
  return row?.entry;
}

/** A well-formed code that is not one of the 21 countries gets the form's own message. */
async function assertCountry(tx: Tx, code: string): Promise<void> {
  if ((await tx`select 1 from public.countries where code = ${code}`).length) return;
  throw new ApiError(400, 'invalid_input', 'Please select a country.', { errors: { country: 'Please select a country.' } });
}

/** After a write touched no row: 404 if the caller cannot see the entry, 403 if they can. */
async function refusal(tx: Tx, id: string): Promise<ApiError> {
  return (await findEntry(tx, id)) ? forbidden() : notFound();
}

export const content = new Hono<ApiEnv>()
  .post('/addContent', async (c) => {
    const body = await parseBody(c, addEntryBody);
    const caller = c.get('caller');
    const entry = await c.get('run')(async (tx) => {
      const [profile] = caller.userId
        ? await tx<{ name: string }[]>`select name from public.profiles where id = ${caller.userId}`
        : [];
      const author = body.author || profile?.name || 'Anonymous';
      await assertCountry(tx, body.country);
      const [row] = await tx<{ entry: Entry }[]>`
        insert into public.entries (title, description, country, hint, example_sentence, author, owner)
        values (${body.title}, ${body.description}, ${body.country}, ${body.hint}, ${body.exampleSentence},
                ${author}, ${caller.userId})
        returning public.entry_json(entries) as entry`;
      return row.entry;
    });
    return c.json({ success: true, message: 'Added successfully', data: entry }, 201);
  })
  .put('/updateContent', async (c) => {
    const body = await parseBody(c, updateEntryBody);
    const caller = c.get('caller');
    if (!caller.userId) throw loginRequired('Please log in to edit an entry.');
    const id = (body._id ?? body.id) as string;
    const patch: Record<string, unknown> = {};
    if (body.title !== undefined) patch.title = body.title;
    if (body.description !== undefined) patch.description = body.description;
    if (body.country !== undefined) patch.country = body.country;
    if (body.hint !== undefined) patch.hint = body.hint;
    if (body.exampleSentence !== undefined) patch.example_sentence = body.exampleSentence;
    if (body.author !== undefined) patch.author = body.author;
    if (body.show !== undefined) patch.show = body.show;
    const entry = await c.get('run')(async (tx) => {
      if (body.country !== undefined) await assertCountry(tx, body.country);
      if (Object.keys(patch).length === 0) {
        const current = await findEntry(tx, id);
        if (!current) throw notFound();
        return current;
      }
      const [row] = await tx<{ entry: Entry }[]>`
        update public.entries set ${tx(patch)} where id = ${id}
        returning public.entry_json(entries) as entry`;
      if (!row) throw await refusal(tx, id);
      return row.entry;
    });
    return c.json(entry);
  })
  .put('/deleteContent', async (c) => {
    const body = await parseBody(c, deleteEntryBody);
    const caller = c.get('caller');
    if (!caller.userId) throw loginRequired('Please log in to delete an entry.');
    const id = (body._id ?? body.id) as string;
    await c.get('run')(async (tx) => {
      const deleted = await tx`delete from public.entries where id = ${id} returning id`;
      if (!deleted.length) throw await refusal(tx, id);
    });
    return c.json({ success: true, message: 'Deleted successfully', _id: id });
  })
  .get('/getContents', async (c) => {
    const query = parseQuery(c, listQuery);
    return c.json(await c.get('run')((tx) => listEntries(tx, query, 'newest')));
  })
  .get('/getContentsSortedByVoteDesc', async (c) => {
    const query = parseQuery(c, listQuery);
    return c.json(await c.get('run')((tx) => listEntries(tx, query, 'votes')));
  })
  .get('/getContentById/:id', async (c) => {
    const id = uuid.safeParse(c.req.param('id'));
    if (!id.success) throw notFound();
    const entry = await c.get('run')((tx) => findEntry(tx, id.data));
    if (!entry) throw notFound();
    return c.json(entry);
  })
  .get('/getContents/:userId', async (c) => {
    const userId = uuid.safeParse(c.req.param('userId'));
    if (!userId.success) throw notFound('User');
    const query = parseQuery(c, listQuery);
    return c.json(await c.get('run')((tx) => listEntries(tx, query, 'newest', userId.data)));
  });
