import { Hono, type Context } from 'hono';
import { stream } from 'hono/streaming';
import { z } from 'zod';
import type { Entry, EntryDetail, EntryListReply, Variant, WordOfTheDayReply } from '../contract/entries.ts';
import { ENTRY_AUTHOR_MAX_LENGTH, ENTRY_TEXT_MAX_LENGTH, RECORDINGS_BUCKET } from '../contract/limits.ts';
import { notFound } from '../errors.ts';
import type { Tx } from '../db.ts';
import { removeFiles } from '../storage-service.ts';
import type { ApiEnv } from './context.ts';
import { recordingFilesOfEntry } from './recordings.ts';
import { countParam, cursorParam, encodeCursor, idParam, pageOf, parseBody, parseQuery, uuid } from './validate.ts';

// Shapes only: the rules (lengths, known country, defaults, who may) live in the SQL
// functions add_entry/update_entry/delete_entry; these give the same codes without a trip.
const text = (required: 'title_required' | 'description_required', tooLong: 'title_too_long' | 'description_too_long') =>
  z.string({ error: required }).trim().min(1, required).max(ENTRY_TEXT_MAX_LENGTH, tooLong);
const optionalText = (tooLong: 'hint_too_long' | 'example_sentence_too_long' | 'description_es_too_long') =>
  z
    .string()
    .trim()
    .max(ENTRY_TEXT_MAX_LENGTH, tooLong)
    .nullish()
    .transform((value) => (value ? value : null));
const country = z
  .string({ error: 'country_required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'country_required');

const addEntryBody = z.object({
  title: text('title_required', 'title_too_long'),
  description: text('description_required', 'description_too_long'),
  // The meaning in Spanish, optional beside the spec's `description`; blank is none.
  descriptionEs: optionalText('description_es_too_long'),
  country,
  hint: optionalText('hint_too_long'),
  exampleSentence: optionalText('example_sentence_too_long'),
  author: z.string().trim().max(ENTRY_AUTHOR_MAX_LENGTH, 'author_too_long').nullish(),
});

const entryId = z
  .object({ _id: uuid.optional(), id: uuid.optional() })
  .refine((body) => body._id ?? body.id, { message: 'id_required', path: ['_id'] });

const updateEntryBody = z.intersection(
  entryId,
  z.object({
    title: text('title_required', 'title_too_long').optional(),
    description: text('description_required', 'description_too_long').optional(),
    // Absent keeps it; null or blank clears it.
    descriptionEs: optionalText('description_es_too_long').optional(),
    country: country.optional(),
    hint: optionalText('hint_too_long').optional(),
    exampleSentence: optionalText('example_sentence_too_long').optional(),
    author: z.string().trim().min(1, 'author_required').max(ENTRY_AUTHOR_MAX_LENGTH, 'author_too_long').optional(),
    show: z.boolean().optional(),
  }),
);

const list = (code: 'unknown_country' | 'unknown_tag', item: z.ZodType<string, string>) =>
  z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').map((part) => part.trim()).filter(Boolean) : []))
    .pipe(z.array(item, { error: code }).max(50, code))
    .transform((values) => (values.length ? values : null));

/** Keyset cursor: [score, createdAt, id]; the score is a Postgres integer. */
const cursorSchema = z.tuple([
  z.number().int().min(-2147483648).max(2147483647),
  z.string().datetime({ offset: true }),
  z.string().uuid(),
]);

/** Pages hold at most 100 entries; a call without `limit` gets the first 100 and a cursor. */
export const MAX_PAGE_SIZE = 100;

const listQuery = z.object({
  q: z.string().trim().max(200, 'search_too_long').optional(),
  countries: list('unknown_country', z.string().toUpperCase().regex(/^[A-Z]{2}$/, 'unknown_country')),
  tags: list('unknown_tag', z.string().uuid('unknown_tag')),
  limit: countParam(MAX_PAGE_SIZE, MAX_PAGE_SIZE),
  cursor: cursorParam(cursorSchema),
});

type ListQuery = z.infer<typeof listQuery>;
type Sort = 'votes' | 'newest';

/** getContents' order: newest first (as always, palabrotas' order) or `sort=votes`; `sort=new` says newest outright. */
const sortQuery = z.object({
  sort: z
    .enum(['new', 'votes'], { error: 'invalid_input' })
    .optional()
    .transform((sort): Sort => (sort === 'votes' ? 'votes' : 'newest')),
});

/** A calendar day, YYYY-MM-DD (a real one: 2026-02-30 is refused); today in UTC when absent. */
const dayQuery = z.object({
  date: z.iso
    .date({ error: 'invalid_input' })
    .optional()
    .transform((date) => date ?? new Date().toISOString().slice(0, 10)),
});

/**
 * getContents (also of one owner) and getContentsSortedByVoteDesc without `limit` and `cursor` (the palabrotas client,
 * which never pages): every entry up to this many, streamed as one JSON reply, with the
 * `nextCursor` of the rest when there are more (then pass `limit` and `cursor`).
 */
export const UNPAGED_MAX_ENTRIES = 2000;

/** The title and country of an entry about to be added. */
const sameTitleQuery = z.object({ title: text('title_required', 'title_too_long'), country });

/** One page of entries matching the filters, and the cursor of the next. */
async function listEntries(tx: Tx, query: ListQuery, sort: Sort, ownerId: string | null = null): Promise<EntryListReply> {
  const [afterScore, afterCreatedAt, afterId] = query.cursor ?? [null, null, null];
  const rows = await tx<{ entry: Entry }[]>`
    select entry from public.list_entries(
      search => ${query.q ?? null},
      countries => ${query.countries}::text[],
      tag_ids => ${query.tags}::uuid[],
      owner_id => ${ownerId}::uuid,
      sort => ${sort},
      page_size => ${query.limit + 1}::integer,
      after_score => ${afterScore}::integer,
      after_created_at => ${afterCreatedAt}::timestamptz,
      after_id => ${afterId}::uuid
    ) as entry`;
  const { items, nextCursor } = pageOf(
    rows.map((row) => row.entry),
    query.limit,
    (last) => encodeCursor([last.voteCount, last.createdAt, last._id]),
  );
  return { data: items, nextCursor };
}

/**
 * `{data, nextCursor}` of every matching entry up to UNPAGED_MAX_ENTRIES: the first page
 * read before anything is sent (so a refusal or an outage is still a status), the rest
 * streamed page by page (keyset, each its own statement) as they are read.
 */
async function allEntries(c: Context<ApiEnv>, query: ListQuery, sort: Sort, ownerId: string | null = null): Promise<Response> {
  const run = c.get('run');
  let page = await run((tx) => listEntries(tx, { ...query, limit: MAX_PAGE_SIZE, cursor: null }, sort, ownerId));
  if (!page.nextCursor) return c.json(page);
  c.header('Content-Type', 'application/json; charset=UTF-8');
  c.header('Cache-Control', 'no-store');
  return stream(
    c,
    async (out) => {
      let sent = 0;
      await out.write('{"data":[');
      for (;;) {
        await out.write(page.data.map((entry) => JSON.stringify(entry)).join(',').replace(/^(?=.)/, sent ? ',' : ''));
        sent += page.data.length;
        const last = page.data[page.data.length - 1];
        if (!page.nextCursor || !last || sent >= UNPAGED_MAX_ENTRIES) break;
        const cursor: ListQuery['cursor'] = [last.voteCount, last.createdAt, last._id];
        const limit = Math.min(MAX_PAGE_SIZE, UNPAGED_MAX_ENTRIES - sent);
        page = await run((tx) => listEntries(tx, { ...query, limit, cursor }, sort, ownerId));
      }
      await out.write(`],"nextCursor":${JSON.stringify(page.nextCursor)}}`);
    },
    async (error) => {
      // Headers are gone: the reply is cut short (not valid JSON), never passed off as whole.
      console.error('api: entry list stream failed', error);
    },
  );
}

/** Without `limit` or `cursor`: the unpaged list (palabrotas'); with either, one page. */
const unpaged = (c: Context<ApiEnv>) => c.req.query('limit') === undefined && c.req.query('cursor') === undefined;

/** The entry page's one query: the entry, the rest of its variant group, how it lands per country (usage) and the caller's own marks. */
async function findEntry(tx: Tx, id: string): Promise<EntryDetail | undefined> {
  const [row] = await tx<{ entry: EntryDetail }[]>`
    select public.entry_json(e)
           || jsonb_build_object('variants', public.entry_variants(e.id), 'usage', public.entry_usage(e.id), 'myUsage', public.my_usage(e.id)) as entry
      from public.entries e where e.id = ${id}`;
  return row?.entry;
}

/** Two entries said to mean the same thing; who may, and self-links, are the SQL's to decide. */
const variantBody = z.object({ contentId: uuid, variantId: uuid });

export const content = new Hono<ApiEnv>()
  .post('/addContent', async (c) => {
    const body = await parseBody(c, addEntryBody);
    const entry = await c.get('run')(async (tx) => {
      const [row] = await tx<{ entry: Entry }[]>`
        select public.add_entry(
          title => ${body.title}, description => ${body.description}, country => ${body.country},
          hint => ${body.hint}, example_sentence => ${body.exampleSentence}, author => ${body.author ?? null},
          description_es => ${body.descriptionEs}
        ) as entry`;
      return row.entry;
    });
    return c.json({ success: true, message: 'Added successfully', data: entry }, 201);
  })
  .put('/updateContent', async (c) => {
    const { _id, id, ...changes } = await parseBody(c, updateEntryBody);
    const entry = await c.get('run')(async (tx) => {
      const [row] = await tx<{ entry: Entry }[]>`
        select public.update_entry(${(_id ?? id)!}::uuid, ${tx.json(changes)}) as entry`;
      return row.entry;
    });
    return c.json(entry);
  })
  .put('/deleteContent', async (c) => {
    const body = await parseBody(c, entryId);
    const id = (body._id ?? body.id)!;
    const files = await c.get('run')(async (tx) => {
      const names = await recordingFilesOfEntry(tx, id);
      await tx`select public.delete_entry(${id}::uuid)`;
      return names;
    });
    // The entry's recordings went with it; their files follow.
    await removeFiles(RECORDINGS_BUCKET, files);
    return c.json({ success: true, message: 'Deleted successfully', _id: id });
  })
  .get('/getContents', async (c) => {
    const query = parseQuery(c, listQuery);
    const { sort } = parseQuery(c, sortQuery);
    if (unpaged(c)) return allEntries(c, query, sort);
    return c.json(await c.get('run')((tx) => listEntries(tx, query, sort)));
  })
  // The day's word: chosen by the SQL on the first request for the day, the same for everyone.
  .get('/wordOfTheDay', async (c) => {
    const { date } = parseQuery(c, dayQuery);
    const data = await c.get('run')(
      async (tx) => (await tx<{ entry: Entry | null }[]>`select public.word_of_the_day_entry(${date}::date) as entry`)[0].entry,
    );
    return c.json({ date, data } satisfies WordOfTheDayReply);
  })
  .get('/getContentsSortedByVoteDesc', async (c) => {
    const query = parseQuery(c, listQuery);
    if (unpaged(c)) return allEntries(c, query, 'votes');
    return c.json(await c.get('run')((tx) => listEntries(tx, query, 'votes')));
  })
  .get('/getContentById/:id', async (c) => {
    const id = idParam(c, 'id', 'entry_not_found');
    const entry = await c.get('run')((tx) => findEntry(tx, id));
    if (!entry) throw notFound('entry_not_found');
    return c.json(entry);
  })
  // Entries the caller can see with this title (ignoring case, accents and punctuation) in
  // this country, best-voted first, at most five: the add form shows them before a duplicate.
  .get('/findSameTitle', async (c) => {
    const query = parseQuery(c, sameTitleQuery);
    const data = await c.get('run')(
      async (tx) =>
        (await tx<{ entries: Entry[] }[]>`select public.same_title_entries(${query.title}, ${query.country}) as entries`)[0]
          .entries,
    );
    return c.json({ data });
  })
  // Says two entries mean the same thing in their countries (signed-in; again changes nothing):
  // 201 with the content's variants when linked now, 200 when they were linked already.
  .post('/linkVariant', async (c) => {
    const body = await parseBody(c, variantBody);
    const linked = await c.get('run')(
      async (tx) =>
        (await tx<{ linked: { created: boolean; variants: Variant[] } }[]>`
          select public.link_variant(${body.contentId}, ${body.variantId}) as linked`)[0].linked,
    );
    return c.json({ success: true, created: linked.created, data: linked.variants }, linked.created ? 201 : 200);
  })
  // Whoever linked them, either entry's owner or an admin; the content's variants afterwards.
  .delete('/unlinkVariant/:contentId/:variantId', async (c) => {
    const contentId = idParam(c, 'contentId', 'variant_link_not_found');
    const variantId = idParam(c, 'variantId', 'variant_link_not_found');
    const data = await c.get('run')(
      async (tx) => (await tx<{ variants: Variant[] }[]>`select public.unlink_variant(${contentId}, ${variantId}) as variants`)[0].variants,
    );
    return c.json({ success: true, data });
  })
  .get('/getContents/:userId', async (c) => {
    const userId = idParam(c, 'userId', 'user_not_found');
    const query = parseQuery(c, listQuery);
    // palabrotas' Account page asks without paging: all of them, as getContents.
    if (unpaged(c)) return allEntries(c, query, 'newest', userId);
    return c.json(await c.get('run')((tx) => listEntries(tx, query, 'newest', userId)));
  });
