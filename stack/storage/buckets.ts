import type postgres from 'postgres';
import { ownerOf, SERVICE } from './callers.ts';
import { findBucket, type StorageContext } from './context.ts';
import { become } from './database.ts';
import { accessDenied, alreadyExists, bucketNotEmpty, invalidParameter, noContent, noSuchBucket, StorageError } from './errors.ts';
import { cleanText, mustBeValidBucketName, parseSize, validAllowedMimeTypes } from './names.ts';
import { escapeLike, json, MAX_LIST_LIMIT, MAX_OBJECTS_PER_REQUEST, readJson } from './requests.ts';
import type { StorageHandlers } from './routes.ts';

const bucketColumns = (tx: postgres.TransactionSql) =>
  tx`id, name, owner, public, created_at, updated_at, file_size_limit::float8 as file_size_limit, allowed_mime_types`;

async function listBuckets(ctx: StorageContext, request: Request): Promise<Response> {
  const caller = await ctx.callerOf(request, false);
  const query = new URL(request.url).searchParams;
  const number = (name: string, max: number) => {
    const text = query.get(name);
    if (text === null) return undefined;
    if (!/^\d{1,9}$/.test(text) || Number(text) > max) throw invalidParameter(name);
    return Number(text);
  };
  const limit = number('limit', MAX_LIST_LIMIT) ?? MAX_LIST_LIMIT;
  const offset = number('offset', 1_000_000_000) ?? 0;
  const sortColumn = query.get('sortColumn') ?? 'name';
  if (!['id', 'name', 'created_at', 'updated_at'].includes(sortColumn)) throw invalidParameter('sortColumn');
  const sortOrder = (query.get('sortOrder') ?? 'asc').toLowerCase();
  if (sortOrder !== 'asc' && sortOrder !== 'desc') throw invalidParameter('sortOrder');
  const search = cleanText(query.get('search') ?? '', 'search', 100);
  const rows = await ctx.db.asCaller(
    caller,
    (tx) => tx`select ${bucketColumns(tx)}, 'STANDARD' as type from storage.buckets
                where ${search ? tx`name ilike ${`%${escapeLike(search)}%`}` : tx`true`}
                order by ${tx(sortColumn)} ${sortOrder === 'asc' ? tx`asc` : tx`desc`}, id
                limit ${limit} offset ${offset}`,
  );
  return json(rows);
}

async function getBucket(ctx: StorageContext, request: Request, id: string): Promise<Response> {
  const caller = await ctx.callerOf(request, false);
  mustBeValidBucketName(id);
  const [row] = await ctx.db.asCaller(caller, (tx) => tx`select ${bucketColumns(tx)} from storage.buckets where id = ${id}`);
  if (!row) throw noSuchBucket();
  return json(row);
}

async function createBucket(ctx: StorageContext, request: Request): Promise<Response> {
  const caller = await ctx.callerOf(request, false);
  const body = await readJson(request);
  const name = mustBeValidBucketName(body.name);
  const id = body.id === undefined || body.id === null || body.id === '' ? name : mustBeValidBucketName(body.id);
  if (body.type !== undefined && body.type !== null && body.type !== 'STANDARD') {
    throw new StorageError(409, 'FeatureNotEnabled', 'FeatureNotEnabled', 'Only STANDARD buckets are served by the local stack');
  }
  if (body.public !== undefined && body.public !== null && typeof body.public !== 'boolean') throw invalidParameter('public');
  const fileSizeLimit = parseSize(body.file_size_limit, ctx.fileSizeLimit) ?? null;
  const allowed = validAllowedMimeTypes(body.allowed_mime_types) ?? null;
  const { owner, owner_id } = ownerOf(caller);
  await ctx.db.asCaller(caller, async (tx) => {
    try {
      await tx`insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
               values (${id}, ${name}, ${owner}, ${owner_id}, ${body.public === true}, ${fileSizeLimit}, ${allowed}::text[])`;
    } catch (error) {
      throw (error as { code?: string }).code === '23505' ? alreadyExists('BucketAlreadyExists') : error;
    }
  });
  return json({ name });
}

async function updateBucket(ctx: StorageContext, request: Request, id: string): Promise<Response> {
  const caller = await ctx.callerOf(request, false);
  mustBeValidBucketName(id);
  const body = await readJson(request);
  if (body.public !== undefined && body.public !== null && typeof body.public !== 'boolean') throw invalidParameter('public');
  const isPublic = typeof body.public === 'boolean' ? body.public : null;
  const fileSizeLimit = parseSize(body.file_size_limit, ctx.fileSizeLimit);
  const allowed = validAllowedMimeTypes(body.allowed_mime_types);
  if (isPublic === null && fileSizeLimit === undefined && allowed === undefined) throw noContent();
  const updated = await ctx.db.asCaller(
    caller,
    (tx) => tx`update storage.buckets
                  set public = coalesce(${isPublic}, public),
                      file_size_limit = case when ${fileSizeLimit !== undefined} then ${fileSizeLimit ?? null}::bigint else file_size_limit end,
                      allowed_mime_types = case when ${allowed !== undefined} then ${allowed ?? null}::text[] else allowed_mime_types end,
                      updated_at = now()
                where id = ${id}`,
  );
  if (updated.count === 0) throw noSuchBucket();
  return json({ message: 'Successfully updated' });
}

async function emptyBucket(ctx: StorageContext, request: Request, id: string): Promise<Response> {
  const caller = await ctx.callerOf(request, false);
  if (caller.role !== 'service_role') throw accessDenied('Access denied: Invalid role').withHttpStatus(403);
  mustBeValidBucketName(id);
  await findBucket(ctx, id);
  for (;;) {
    const removed = await ctx.db.asCaller(
      SERVICE,
      (tx) => tx<{ version: string | null }[]>`
        delete from storage.objects
         where id in (select id from storage.objects where bucket_id = ${id} limit ${MAX_OBJECTS_PER_REQUEST})
        returning version`,
      true,
    );
    await ctx.store.remove(removed.map((row) => row.version));
    if (removed.length < MAX_OBJECTS_PER_REQUEST) break;
  }
  // Storage's words (it queues the work); here the bucket is already empty when this answers.
  return json({ message: 'Empty bucket has been queued. Completion may take up to an hour.' });
}

async function deleteBucket(ctx: StorageContext, request: Request, id: string): Promise<Response> {
  const caller = await ctx.callerOf(request, false);
  mustBeValidBucketName(id);
  await ctx.db.asCaller(
    SERVICE,
    async (tx) => {
      const [bucket] = await tx`select id from storage.buckets where id = ${id} for update`;
      if (!bucket) throw noSuchBucket();
      const [object] = await tx`select 1 from storage.objects where bucket_id = ${id} limit 1`;
      if (object) throw bucketNotEmpty();
      await become(tx, caller);
      const deleted = await tx`delete from storage.buckets where id = ${id}`;
      if (deleted.count === 0) throw noSuchBucket();
    },
    true,
  );
  return json({ message: 'Successfully deleted' });
}

/** The bucket routes (Storage's /bucket API). */
export function bucketRoutes(
  ctx: StorageContext,
): Pick<StorageHandlers, 'listBuckets' | 'createBucket' | 'emptyBucket' | 'getBucket' | 'updateBucket' | 'deleteBucket'> {
  return {
    listBuckets: (request) => listBuckets(ctx, request),
    createBucket: (request) => createBucket(ctx, request),
    emptyBucket: (request, { bucket }) => emptyBucket(ctx, request, bucket),
    getBucket: (request, { bucket }) => getBucket(ctx, request, bucket),
    updateBucket: (request, { bucket }) => updateBucket(ctx, request, bucket),
    deleteBucket: (request, { bucket }) => deleteBucket(ctx, request, bucket),
  };
}
