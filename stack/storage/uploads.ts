import { randomUUID } from 'node:crypto';
import type postgres from 'postgres';
import { ownerOf, SERVICE, type StorageCaller } from './callers.ts';
import { findBucket, type StorageContext } from './context.ts';
import { become, Rollback } from './database.ts';
import { alreadyExists, entityTooLarge, fromDatabaseError, noContent } from './errors.ts';
import { multipartBoundary, parseMultipart } from './multipart.ts';
import { assertAllowedMimeType, cleanCacheControl, mustBeValidBucketName, mustBeValidKey, uploadMimeType } from './names.ts';
import { json, streamOf } from './requests.ts';
import type { StorageHandlers } from './routes.ts';
import { readFormUpload, userMetadataFrom, writeUpload, type ReceivedBody } from './upload-body.ts';

/**
 * Storage's permission check before a byte is stored: the row the upload would write,
 * inserted (or upserted) as the caller and rolled back, so RLS refuses early.
 */
export async function canUpload(ctx: StorageContext, caller: StorageCaller, bucketId: string, key: string, upsert: boolean, metadata: Record<string, unknown>, userMetadata: unknown) {
  try {
    await ctx.db.asCaller(caller, async (tx) => {
      await writeRow(tx, caller, { id: randomUUID(), bucketId, key, version: randomUUID(), metadata, userMetadata, upsert });
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
}

interface RowWrite {
  id: string;
  bucketId: string;
  key: string;
  version: string;
  metadata: Record<string, unknown>;
  userMetadata: unknown;
  upsert: boolean;
}

/** Inserts, or with `upsert` replaces, an object row as the transaction's current role. */
async function writeRow(tx: postgres.TransactionSql, caller: StorageCaller, row: RowWrite) {
  const { owner, owner_id } = ownerOf(caller);
  const userMetadata = row.userMetadata === undefined ? null : tx.json(row.userMetadata as postgres.JSONValue);
  try {
    if (row.upsert) {
      await tx`insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
               values (${row.id}, ${row.bucketId}, ${row.key}, ${owner}, ${owner_id}, ${tx.json(row.metadata as postgres.JSONValue)}, ${userMetadata}, ${row.version})
               on conflict (bucket_id, name) do update
                 set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
                     user_metadata = excluded.user_metadata, version = excluded.version, last_accessed_at = now()`;
    } else {
      await tx`insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
               values (${row.id}, ${row.bucketId}, ${row.key}, ${owner}, ${owner_id}, ${tx.json(row.metadata as postgres.JSONValue)}, ${userMetadata}, ${row.version})`;
    }
  } catch (error) {
    throw (error as { code?: string }).code === '23505' ? alreadyExists('KeyAlreadyExists') : error;
  }
}

/**
 * Points the object's row at a version whose file is already in place, as `caller` (RLS
 * decides); the version it replaced, if any, is returned for its file to be removed. On
 * any failure the new file is removed: a row never names a missing file.
 */
export async function commitVersion(ctx: StorageContext, caller: StorageCaller, row: Omit<RowWrite, 'id'>): Promise<{ id: string; replaced: string | null }> {
  try {
    return await ctx.db.asCaller(caller, async (tx) => {
      await become(tx, SERVICE);
      const [current] = await tx<{ id: string; version: string | null }[]>`
        select id, version from storage.objects where bucket_id = ${row.bucketId} and name = ${row.key} for update`;
      await become(tx, caller);
      const id = current?.id ?? randomUUID();
      await writeRow(tx, caller, { ...row, id });
      return { id, replaced: current && current.version !== row.version ? current.version : null };
    });
  } catch (error) {
    await ctx.store.remove([row.version]);
    throw error;
  }
}

export interface UploadTarget {
  bucketId: string;
  key: string;
  upsert: boolean;
}

/**
 * An upload as Storage takes it: a multipart form (fields cacheControl, metadata, then the
 * file) or the raw body with Content-Type, Cache-Control and x-metadata headers. Bucket
 * rules first (size by Content-Length, type, RLS), then the bytes stream to a file, cut
 * off past the limit, then the row as `caller`.
 */
export async function receiveUpload(ctx: StorageContext, request: Request, caller: StorageCaller, target: UploadTarget, rlsCaller = caller) {
  const { bucketId, key, upsert } = target;
  const bucket = await findBucket(ctx, bucketId);
  const limit = Math.min(bucket.file_size_limit ?? Number.POSITIVE_INFINITY, ctx.fileSizeLimit);
  if (!request.body) throw noContent();
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  const contentType = request.headers.get('content-type');
  const boundary = multipartBoundary(contentType);
  const permit = (mimetype: string, userMetadata: unknown) =>
    canUpload(ctx, rlsCaller, bucketId, key, upsert, { mimetype, contentLength: Number.isFinite(declared) ? declared : undefined }, userMetadata);
  let body: ReceivedBody;
  if (boundary) {
    body = await readFormUpload(ctx, parseMultipart(streamOf(request.body), boundary), { allowed: bucket.allowed_mime_types, limit, permit });
  } else {
    const mimetype = uploadMimeType(contentType);
    const cacheControl = cleanCacheControl(request.headers.get('cache-control'));
    const userMetadata = userMetadataFrom(request.headers.get('x-metadata'), true);
    assertAllowedMimeType(mimetype, bucket.allowed_mime_types);
    if (Number.isFinite(declared) && declared > limit) throw entityTooLarge().withConnectionClose();
    await permit(mimetype, userMetadata);
    body = { mimetype, cacheControl, userMetadata, written: await writeUpload(ctx, streamOf(request.body), limit) };
  }
  const { written, userMetadata } = body;
  const metadata = {
    eTag: written.eTag,
    size: written.size,
    mimetype: body.mimetype,
    cacheControl: body.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: written.size,
    httpStatusCode: 200,
  };
  // As Storage: an upload without user metadata has `{}`.
  const result = await commitVersion(ctx, rlsCaller, { bucketId, key, version: written.version, metadata, userMetadata: userMetadata ?? {}, upsert });
  await ctx.store.remove([result.replaced]);
  return { id: result.id, key: `${bucketId}/${key}` };
}

/** A refused upload's answer closes the connection: the rest of its body was never read. */
export async function refusingUnread<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const known = fromDatabaseError(error);
    throw known ? known.withConnectionClose() : error;
  }
}

async function upload(ctx: StorageContext, request: Request, bucketId: string, key: string, method: 'POST' | 'PUT'): Promise<Response> {
  return refusingUnread(async () => {
    const caller = await ctx.callerOf(request, false);
    mustBeValidBucketName(bucketId);
    mustBeValidKey(key);
    const upsert = method === 'PUT' || request.headers.get('x-upsert') === 'true';
    const { id, key: path } = await receiveUpload(ctx, request, caller, { bucketId, key, upsert });
    return json({ Id: id, Key: path });
  });
}

/** Uploads: POST creates (or with x-upsert replaces), PUT replaces. */
export function uploadRoutes(ctx: StorageContext): Pick<StorageHandlers, 'uploadPost' | 'uploadPut'> {
  return {
    uploadPost: (request, { bucket, key }) => upload(ctx, request, bucket, key, 'POST'),
    uploadPut: (request, { bucket, key }) => upload(ctx, request, bucket, key, 'PUT'),
  };
}
