import type { StorageContext } from './context.ts';
import { decodeCursor, encodeCursor, type ListV2Column, type ListV2Order } from './cursor.ts';
import { invalidParameter, invalidRequest } from './errors.ts';
import { cleanText, MAX_KEY_LENGTH, mustBeValidBucketName, wholeNumber } from './names.ts';
import { escapeLike, isObject, json, MAX_LIST_LIMIT, readJson } from './requests.ts';
import type { StorageHandlers } from './routes.ts';

/** A list-v2 entry: an object, or a folder (id null) when listing with a delimiter. */
interface ListV2Row {
  key?: string;
  id: string | null;
  name: string;
  metadata: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  last_accessed_at: Date | null;
}

async function list(ctx: StorageContext, request: Request, bucketId: string): Promise<Response> {
  const caller = await ctx.callerOf(request, false);
  mustBeValidBucketName(bucketId);
  const body = await readJson(request);
  if (body.prefix === undefined || body.prefix === null) throw invalidRequest("body must have required property 'prefix'");
  let prefix = cleanText(body.prefix, 'prefix', MAX_KEY_LENGTH).replace(/^\/+/, '');
  const search = cleanText(body.search ?? '', 'search', MAX_KEY_LENGTH);
  const limit = wholeNumber(body.limit, 'limit', 0, Number.MAX_SAFE_INTEGER, 100);
  const offset = wholeNumber(body.offset, 'offset', 0, 1_000_000_000, 0);
  const sortBy = isObject(body.sortBy) ? body.sortBy : {};
  const column = sortBy.column ?? 'name';
  if (typeof column !== 'string' || !['name', 'updated_at', 'created_at', 'last_accessed_at'].includes(column)) throw invalidParameter('sortBy.column');
  const order = typeof sortBy.order === 'string' ? sortBy.order.toLowerCase() : 'asc';
  if (order !== 'asc' && order !== 'desc') throw invalidParameter('sortBy.order');
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix = `${prefix}/`;
  const level = prefix.split('/').filter(Boolean).length + 1;
  const pattern = `${escapeLike((prefix + search).toLowerCase())}%`;
  const direction = order === 'asc' ? 'asc' : 'desc';
  const orderBy =
    column === 'name'
      ? `name collate "C" ${direction}`
      : `is_folder desc, case when is_folder then name end collate "C" ${direction}, ${column} ${direction}, name collate "C"`;
  const rows = await ctx.db.asCaller(caller, (tx) =>
    tx.unsafe(
      `with matched as (
         select name, id, updated_at, created_at, last_accessed_at, metadata, path_tokens
           from storage.objects
          where bucket_id = $1 and lower(name) like $2 escape '\\'
       )
       select name, id, updated_at, created_at, last_accessed_at, metadata from (
         select path_tokens[$3] as name, null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
                null::timestamptz as last_accessed_at, null::jsonb as metadata, true as is_folder
           from matched where array_length(path_tokens, 1) > $3 group by path_tokens[$3]
         union all
         select path_tokens[$3], id, updated_at, created_at, last_accessed_at, metadata, false
           from matched where array_length(path_tokens, 1) = $3
       ) entries
       order by ${orderBy}
       limit $4 offset $5`,
      [bucketId, pattern, level, Math.min(limit, MAX_LIST_LIMIT), offset],
    ),
  );
  return json(rows);
}

/**
 * list-v2: a page of a bucket's objects under a prefix, flat or (with_delimiter) grouped
 * into folders at the next '/', sorted by name or a timestamp, with a cursor that carries
 * the sort. Runs as the caller, so policies decide which objects exist for it; folders are
 * built from those objects only. Timestamps sort to the millisecond, as the cursor holds them.
 */
async function listV2(ctx: StorageContext, request: Request, bucketId: string): Promise<Response> {
  const caller = await ctx.callerOf(request, false);
  mustBeValidBucketName(bucketId);
  const body = await readJson(request);
  const prefix = cleanText(body.prefix ?? '', 'prefix', MAX_KEY_LENGTH);
  const limit = Math.min(wholeNumber(body.limit, 'limit', 1, Number.MAX_SAFE_INTEGER, MAX_LIST_LIMIT), MAX_LIST_LIMIT);
  const delimited = body.with_delimiter ?? false;
  if (typeof delimited !== 'boolean') throw invalidParameter('with_delimiter');
  let column: ListV2Column = 'name';
  let order: ListV2Order = 'asc';
  if (body.sortBy !== undefined && body.sortBy !== null) {
    if (!isObject(body.sortBy)) throw invalidParameter('sortBy');
    const { column: askedColumn, order: askedOrder } = body.sortBy;
    if (askedColumn !== 'name' && askedColumn !== 'created_at' && askedColumn !== 'updated_at') throw invalidParameter('sortBy.column');
    column = askedColumn;
    if (askedOrder !== undefined && askedOrder !== null) {
      if (askedOrder !== 'asc' && askedOrder !== 'desc') throw invalidParameter('sortBy.order');
      order = askedOrder;
    }
  }
  // A cursor carries the sort it was made with, and that sort wins (as in Storage).
  const cursor = body.cursor === undefined || body.cursor === null || body.cursor === '' ? null : decodeCursor(body.cursor);
  if (cursor) ({ column, order } = cursor);

  const direction = order === 'asc' ? 'asc' : 'desc';
  const past = order === 'asc' ? '>' : '<';
  const sortTime = column === 'name' ? null : `coalesce(date_trunc('milliseconds', ${column === 'created_at' ? 'created_at' : 'updated_at'}), 'epoch'::timestamptz)`;
  const orderBy = sortTime ? `${sortTime} ${direction}, name collate "C" ${direction}` : `name collate "C" ${direction}`;
  const after = !cursor
    ? 'true'
    : sortTime
      ? `row(${sortTime}, name collate "C") ${past} row(coalesce($5::timestamptz, 'epoch'::timestamptz), $4::text collate "C")`
      : `name collate "C" ${past} $4::text collate "C"`;
  const matched = `select name, id, metadata, updated_at, created_at, last_accessed_at
                     from storage.objects
                    where bucket_id = $1 and name collate "C" like $3 escape '\\'`;
  // Every parameter is typed here, whichever of them this query reads.
  const typed = `args as (select $2::text, $4::text, $5::timestamptz, $6::int, $7::int)`;
  const text = delimited
    ? `with ${typed}, matched as (
         select *, case when strpos(substr(name, char_length($2) + 1), '/') > 0
                        then left(name, char_length($2) + strpos(substr(name, char_length($2) + 1), '/')) end as folder
           from (${matched}) o
       ), entries as (
         select folder as name, null::uuid as id, null::jsonb as metadata, min(created_at) as updated_at,
                min(created_at) as created_at, null::timestamptz as last_accessed_at
           from matched where folder is not null group by folder
         union all
         select name, id, metadata, updated_at, created_at, last_accessed_at from matched where folder is null
       )
       select split_part(name, '/', $7) as key, name, id, metadata, updated_at, created_at, last_accessed_at
         from entries where ${after} order by ${orderBy} limit $6`
    : `with ${typed}
       select id, name, metadata, updated_at, created_at, last_accessed_at
         from (${matched}) o where ${after} order by ${orderBy} limit $6`;
  const rows = await ctx.db.read(caller, (q) =>
    q.unsafe<ListV2Row[]>(text, [
      bucketId,
      prefix,
      `${escapeLike(prefix)}%`,
      cursor?.after ?? '',
      cursor?.afterTime ?? null,
      limit + 1,
      prefix.split('/').length,
    ]),
  );
  const hasNext = rows.length > limit;
  const page = rows.slice(0, limit);
  const folders: { key?: string; name: string }[] = [];
  const objects: Omit<ListV2Row, 'key'>[] = [];
  for (const row of page) {
    if (row.id === null) folders.push({ key: row.key, name: row.name });
    else objects.push(row);
  }
  const last = page.at(-1);
  const lastTime = last && column !== 'name' ? last[column] : null;
  return json({
    hasNext,
    folders,
    objects,
    ...(hasNext && last
      ? {
          nextCursor: encodeCursor({ after: last.name, order, column, afterTime: lastTime ? new Date(lastTime).toISOString() : null }),
          nextCursorKey: last.name,
        }
      : {}),
  });
}

/** Listing a bucket: one folder level (list), or a page with a cursor (list-v2). */
export function listingRoutes(ctx: StorageContext): Pick<StorageHandlers, 'list' | 'listV2'> {
  return {
    list: (request, { bucket }) => list(ctx, request, bucket),
    listV2: (request, { bucket }) => listV2(ctx, request, bucket),
  };
}
