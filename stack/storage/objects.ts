import { GUEST, SERVICE, type StorageCaller } from './callers.ts';
import { findObject, type ObjectRow, type StorageContext } from './context.ts';
import { become } from './database.ts';
import { accessDenied, invalidRequest, noSuchBucket, noSuchKey } from './errors.ts';
import { isValidKey, MAX_KEY_LENGTH, mustBeValidBucketName, mustBeValidKey } from './names.ts';
import { json, MAX_OBJECTS_PER_REQUEST, readJson } from './requests.ts';
import type { StorageHandlers } from './routes.ts';
import { headerValue, serveObject } from './serve-object.ts';

type Access = 'guest' | 'authenticated' | 'public';

/**
 * The object as `kind` asks for it (download, HEAD, info), for a caller already let
 * through to it. Like Storage: a guest only reaches public buckets (else "bucket not
 * found"); objects of public buckets are read as the service, of private ones as the caller.
 */
async function objectFor(ctx: StorageContext, caller: StorageCaller, bucketId: string, key: string, publicRoute: boolean): Promise<ObjectRow> {
  mustBeValidBucketName(bucketId);
  mustBeValidKey(key);
  const cached = ctx.publicObjects.get(bucketId, key);
  if (cached) return cached;
  const mark = ctx.publicObjects.mark();
  // One query for the bucket and, read as the service, its object: all a public bucket needs.
  const [found] = await ctx.db.read(
    SERVICE,
    (q) => q<({ public: boolean; object_id: string | null } & Omit<ObjectRow, 'id'>)[]>`
      select b.public, o.id as object_id, o.name, o.bucket_id, o.version, o.metadata, o.user_metadata, o.created_at, o.updated_at
        from storage.buckets b left join storage.objects o on o.bucket_id = b.id and o.name = ${key}
       where b.id = ${bucketId}`,
  );
  if (!found || ((publicRoute || !caller.authenticated) && !found.public)) throw noSuchBucket();
  if (!found.public) return findObject(ctx, caller, bucketId, key);
  if (!found.object_id) throw noSuchKey();
  const { public: _public, object_id, ...rest } = found;
  const object = { ...rest, id: object_id };
  ctx.publicObjects.keep(bucketId, key, object, mark);
  return object;
}

async function download(ctx: StorageContext, request: Request, bucketId: string, key: string, mode: Access): Promise<Response> {
  const caller = mode === 'public' ? GUEST : await ctx.callerOf(request, mode === 'guest');
  const object = await objectFor(ctx, caller, bucketId, key, mode === 'public');
  return serveObject(ctx, request, object);
}

async function info(ctx: StorageContext, request: Request, bucketId: string, key: string, mode: Access): Promise<Response> {
  const caller = mode === 'public' ? GUEST : await ctx.callerOf(request, mode === 'guest');
  const object = await objectFor(ctx, caller, bucketId, key, mode === 'public');
  const meta = object.metadata ?? {};
  const headers = new Headers({ 'Content-Type': 'application/json; charset=utf-8' });
  const eTag = headerValue(meta.eTag);
  const cacheControl = headerValue(meta.cacheControl);
  if (eTag) headers.set('ETag', eTag);
  if (cacheControl) headers.set('Cache-Control', cacheControl);
  return new Response(
    JSON.stringify({
      id: object.id,
      name: object.name,
      version: object.version,
      bucket_id: object.bucket_id,
      size: typeof meta.size === 'number' ? meta.size : null,
      content_type: typeof meta.mimetype === 'string' ? meta.mimetype : null,
      cache_control: typeof meta.cacheControl === 'string' ? meta.cacheControl : null,
      etag: typeof meta.eTag === 'string' ? meta.eTag : null,
      metadata: object.user_metadata,
      last_modified: object.updated_at,
      created_at: object.created_at,
    }),
    { status: 200, headers },
  );
}

async function remove(ctx: StorageContext, request: Request, bucketId: string): Promise<Response> {
  const caller = await ctx.callerOf(request, false);
  mustBeValidBucketName(bucketId);
  const body = await readJson(request);
  const prefixes = body.prefixes;
  if (!Array.isArray(prefixes) || prefixes.length < 1 || prefixes.some((p) => typeof p !== 'string' || p.length > MAX_KEY_LENGTH)) {
    throw invalidRequest("body/prefixes must be an array of at least one object name");
  }
  if (prefixes.length > MAX_OBJECTS_PER_REQUEST) {
    throw invalidRequest(`Bulk object requests are limited to ${MAX_OBJECTS_PER_REQUEST} objects per request.`);
  }
  const names = (prefixes as string[]).filter(isValidKey);
  const removed = await ctx.db.asCaller(
    caller,
    (tx) => tx`delete from storage.objects where bucket_id = ${bucketId} and name = any(${names}::text[])
               returning id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at`,
    true,
  );
  await ctx.store.remove(removed.map((row) => row.version as string | null));
  return json(removed);
}

async function removeOne(ctx: StorageContext, request: Request, bucketId: string, key: string): Promise<Response> {
  const caller = await ctx.callerOf(request, false);
  mustBeValidBucketName(bucketId);
  mustBeValidKey(key);
  const version = await ctx.db.asCaller(
    caller,
    async (tx) => {
      await become(tx, SERVICE);
      const [found] = await tx<{ version: string | null }[]>`
        select version from storage.objects where bucket_id = ${bucketId} and name = ${key} for update`;
      if (!found) throw noSuchKey();
      await become(tx, caller);
      const deleted = await tx`delete from storage.objects where bucket_id = ${bucketId} and name = ${key}`;
      if (deleted.count === 0) throw accessDenied('Access denied');
      return found.version;
    },
    true,
  );
  await ctx.store.remove([version]);
  return json({ message: 'Successfully deleted' });
}

/** Reading and removing objects: downloads (GET and HEAD), their info, single and batch removal. */
export function objectRoutes(
  ctx: StorageContext,
): Pick<StorageHandlers, 'downloadPublic' | 'downloadAuthenticated' | 'infoPublic' | 'infoAuthenticated' | 'info' | 'remove' | 'download' | 'removeOne'> {
  return {
    downloadPublic: (request, { bucket, key }) => download(ctx, request, bucket, key, 'public'),
    downloadAuthenticated: (request, { bucket, key }) => download(ctx, request, bucket, key, 'authenticated'),
    infoPublic: (request, { bucket, key }) => info(ctx, request, bucket, key, 'public'),
    infoAuthenticated: (request, { bucket, key }) => info(ctx, request, bucket, key, 'authenticated'),
    info: (request, { bucket, key }) => info(ctx, request, bucket, key, 'guest'),
    remove: (request, { bucket }) => remove(ctx, request, bucket),
    download: (request, { bucket, key }) => download(ctx, request, bucket, key, 'guest'),
    removeOne: (request, { bucket, key }) => removeOne(ctx, request, bucket, key),
  };
}
