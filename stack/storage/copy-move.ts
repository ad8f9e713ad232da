import { ownerOf } from './callers.ts';
import { findBucket, findObject, type StorageContext } from './context.ts';
import { entityTooLarge, noSuchKey } from './errors.ts';
import { assertAllowedMimeType, cleanCacheControl, mustBeValidBucketName, mustBeValidKey, uploadMimeType } from './names.ts';
import { isObject, json, readJson } from './requests.ts';
import type { StorageHandlers } from './routes.ts';
import { userMetadataFrom } from './upload-body.ts';
import { canUpload, commitVersion } from './uploads.ts';

/** Source and destination of a move or copy, validated; the destination bucket must take the object. */
async function transferOf(body: Record<string, unknown>) {
  const bucketId = mustBeValidBucketName(body.bucketId);
  const sourceKey = mustBeValidKey(body.sourceKey);
  const destinationKey = mustBeValidKey(body.destinationKey);
  const destinationBucket =
    body.destinationBucket === undefined || body.destinationBucket === null ? bucketId : mustBeValidBucketName(body.destinationBucket);
  return { bucketId, sourceKey, destinationKey, destinationBucket };
}

/** A move or copy may not carry into a bucket what an upload to it could not (size, type). */
async function assertBucketTakes(ctx: StorageContext, bucketId: string, metadata: Record<string, unknown> | null) {
  const bucket = await findBucket(ctx, bucketId);
  const size = typeof metadata?.size === 'number' ? metadata.size : 0;
  if (size > Math.min(bucket.file_size_limit ?? Number.POSITIVE_INFINITY, ctx.fileSizeLimit)) throw entityTooLarge();
  assertAllowedMimeType(typeof metadata?.mimetype === 'string' ? metadata.mimetype : 'application/octet-stream', bucket.allowed_mime_types);
}

async function move(ctx: StorageContext, request: Request): Promise<Response> {
  const caller = await ctx.callerOf(request, false);
  const { bucketId, sourceKey, destinationKey, destinationBucket } = await transferOf(await readJson(request));
  const source = await findObject(ctx, caller, bucketId, sourceKey);
  if (destinationBucket !== bucketId) await assertBucketTakes(ctx, destinationBucket, source.metadata);
  const { owner, owner_id } = ownerOf(caller);
  const moved = await ctx.db.asCaller(
    caller,
    (tx) => tx`update storage.objects
                  set bucket_id = ${destinationBucket}, name = ${destinationKey}, owner = ${owner}, owner_id = ${owner_id}, last_accessed_at = now()
                where bucket_id = ${bucketId} and name = ${sourceKey}`,
  );
  if (moved.count === 0) throw noSuchKey();
  return json({ message: 'Successfully moved', Id: source.id, Key: destinationKey });
}

async function copy(ctx: StorageContext, request: Request): Promise<Response> {
  const caller = await ctx.callerOf(request, false);
  const body = await readJson(request);
  const { bucketId, sourceKey, destinationKey, destinationBucket } = await transferOf(body);
  const upsert = request.headers.get('x-upsert') === 'true';
  const source = await findObject(ctx, caller, bucketId, sourceKey);
  if (!source.version) throw noSuchKey();
  const metadata: Record<string, unknown> = { ...(source.metadata ?? {}) };
  if (body.copyMetadata === false && isObject(body.metadata)) {
    if (typeof body.metadata.cacheControl === 'string') metadata.cacheControl = cleanCacheControl(body.metadata.cacheControl);
    if (typeof body.metadata.mimetype === 'string') metadata.mimetype = uploadMimeType(body.metadata.mimetype);
  }
  await assertBucketTakes(ctx, destinationBucket, metadata);
  const userMetadata = body.copyMetadata === false ? userMetadataFrom(request.headers.get('x-metadata'), true) : (source.user_metadata ?? undefined);
  await canUpload(ctx, caller, destinationBucket, destinationKey, upsert, metadata, userMetadata);
  const version = await ctx.store.copy(source.version);
  metadata.lastModified = new Date().toISOString();
  const result = await commitVersion(ctx, caller, { bucketId: destinationBucket, key: destinationKey, version, metadata, userMetadata, upsert });
  await ctx.store.remove([result.replaced]);
  return json({
    Id: result.id,
    Key: `${destinationBucket}/${destinationKey}`,
    id: result.id,
    name: destinationKey,
    bucket_id: destinationBucket,
    version,
    metadata,
    user_metadata: userMetadata ?? null,
    ...ownerOf(caller),
  });
}

/** Moving and copying objects, within a bucket or to another. */
export function copyMoveRoutes(ctx: StorageContext): Pick<StorageHandlers, 'move' | 'copy'> {
  return {
    move: (request) => move(ctx, request),
    copy: (request) => copy(ctx, request),
  };
}
