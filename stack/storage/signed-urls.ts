import { jwtVerify, SignJWT } from 'jose';
import { SERVICE, type StorageCaller } from './callers.ts';
import { findBucket, findObject, type StorageContext } from './context.ts';
import { expiredSignature, invalidJwt, invalidParameter, invalidRequest, invalidSignature, noSuchKey } from './errors.ts';
import { MAX_KEY_LENGTH, mustBeValidBucketName, mustBeValidKey } from './names.ts';
import { json, MAX_OBJECTS_PER_REQUEST, readJson } from './requests.ts';
import type { StorageHandlers } from './routes.ts';
import { serveObject } from './serve-object.ts';
import { canUpload, receiveUpload, refusingUnread } from './uploads.ts';

/** Signed upload URLs last two hours, as Storage's default. */
const UPLOAD_URL_SECONDS = 2 * 3600;
/** Signed download URLs may last up to ten years. */
const MAX_SIGNED_URL_SECONDS = 10 * 365 * 24 * 3600;

async function sign(ctx: StorageContext, claims: Record<string, unknown>, seconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(now).setExpirationTime(now + seconds).sign(ctx.secret);
}

/** A signed URL's token checked: signature, expiry, scope and the object it was made for. */
async function verifySigned(ctx: StorageContext, token: string | null, bucketId: string, key: string, scope: 'download' | 'upload') {
  if (!token) throw invalidRequest("querystring must have required property 'token'");
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, ctx.secret, { algorithms: ['HS256'] }));
  } catch (error) {
    throw invalidJwt(error instanceof Error ? error.message.slice(0, 200) : 'Invalid JWT');
  }
  if (payload.scope !== scope) throw invalidSignature(`Token is not scoped for ${scope}`);
  if (payload.url !== `${bucketId}/${key}`) throw invalidSignature();
  if (typeof payload.exp !== 'number' || payload.exp * 1000 < Date.now()) throw expiredSignature();
  return payload;
}

const expiresInOf = (value: unknown) => {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1 || value > MAX_SIGNED_URL_SECONDS) {
    throw invalidParameter('expiresIn', 'expiresIn must be a whole number of seconds from 1 to ten years');
  }
  return value;
};

async function createSignedUrl(ctx: StorageContext, request: Request, bucketId: string, key: string): Promise<Response> {
  const caller = await ctx.callerOf(request, false);
  mustBeValidBucketName(bucketId);
  mustBeValidKey(key);
  const body = await readJson(request);
  const expiresIn = expiresInOf(body.expiresIn);
  const [found] = await ctx.db.asCaller(caller, (tx) => tx`select 1 from storage.objects where bucket_id = ${bucketId} and name = ${key}`);
  if (!found) throw noSuchKey();
  const token = await sign(ctx, { url: `${bucketId}/${key}`, scope: 'download' }, expiresIn);
  return json({ signedURL: `/object/sign/${bucketId}/${key}?token=${token}` });
}

async function createSignedUrls(ctx: StorageContext, request: Request, bucketId: string): Promise<Response> {
  const caller = await ctx.callerOf(request, false);
  mustBeValidBucketName(bucketId);
  const body = await readJson(request);
  const expiresIn = expiresInOf(body.expiresIn);
  const paths = body.paths;
  if (!Array.isArray(paths) || paths.length < 1 || paths.length > MAX_OBJECTS_PER_REQUEST || paths.some((p) => typeof p !== 'string' || p.length > MAX_KEY_LENGTH)) {
    throw invalidParameter('paths', `paths must hold 1 to ${MAX_OBJECTS_PER_REQUEST} object names`);
  }
  const valid = (paths as string[]).filter((path) => {
    try {
      mustBeValidKey(path);
      return true;
    } catch {
      return false;
    }
  });
  const found = valid.length
    ? await ctx.db.asCaller(caller, (tx) => tx<{ name: string }[]>`select name from storage.objects where bucket_id = ${bucketId} and name = any(${valid}::text[])`)
    : [];
  const names = new Set(found.map((row) => row.name));
  const results = await Promise.all(
    (paths as string[]).map(async (path) =>
      names.has(path)
        ? { error: null, path, signedURL: `/object/sign/${bucketId}/${path}?token=${await sign(ctx, { url: `${bucketId}/${path}`, scope: 'download' }, expiresIn)}` }
        : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
    ),
  );
  return json(results);
}

async function createSignedUploadUrl(ctx: StorageContext, request: Request, bucketId: string, key: string): Promise<Response> {
  const caller = await ctx.callerOf(request, false);
  mustBeValidBucketName(bucketId);
  mustBeValidKey(key);
  await findBucket(ctx, bucketId);
  const upsert = request.headers.get('x-upsert') === 'true';
  await canUpload(ctx, caller, bucketId, key, upsert, {}, undefined);
  const token = await sign(ctx, { owner: caller.sub ?? undefined, url: `${bucketId}/${key}`, upsert, scope: 'upload' }, UPLOAD_URL_SECONDS);
  return json({ url: `/object/upload/sign/${bucketId}/${key}?token=${token}`, token });
}

async function uploadToSignedUrl(ctx: StorageContext, request: Request, bucketId: string, key: string): Promise<Response> {
  return refusingUnread(() => uploadSigned(ctx, request, bucketId, key));
}

async function uploadSigned(ctx: StorageContext, request: Request, bucketId: string, key: string): Promise<Response> {
  mustBeValidBucketName(bucketId);
  mustBeValidKey(key);
  const payload = await verifySigned(ctx, new URL(request.url).searchParams.get('token'), bucketId, key, 'upload');
  const owner = typeof payload.owner === 'string' ? payload.owner : null;
  // The token holder uploads as the service, in the name of whoever signed the URL.
  const asSigner: StorageCaller = { ...SERVICE, sub: owner };
  const { key: path } = await receiveUpload(ctx, request, asSigner, { bucketId, key, upsert: payload.upsert === true });
  return json({ Key: path });
}

async function signedDownload(ctx: StorageContext, request: Request, bucketId: string, key: string): Promise<Response> {
  mustBeValidBucketName(bucketId);
  mustBeValidKey(key);
  const payload = await verifySigned(ctx, new URL(request.url).searchParams.get('token'), bucketId, key, 'download');
  const object = await findObject(ctx, SERVICE, bucketId, key);
  return serveObject(ctx, request, object, { expires: payload.exp as number });
}

/** Signed URLs: made by a caller the object's policies let through, used by whoever holds one. */
export function signedUrlRoutes(
  ctx: StorageContext,
): Pick<StorageHandlers, 'createSignedUrls' | 'createSignedUrl' | 'signedDownload' | 'createSignedUploadUrl' | 'uploadToSignedUrl'> {
  return {
    createSignedUrls: (request, { bucket }) => createSignedUrls(ctx, request, bucket),
    createSignedUrl: (request, { bucket, key }) => createSignedUrl(ctx, request, bucket, key),
    signedDownload: (request, { bucket, key }) => signedDownload(ctx, request, bucket, key),
    createSignedUploadUrl: (request, { bucket, key }) => createSignedUploadUrl(ctx, request, bucket, key),
    uploadToSignedUrl: (request, { bucket, key }) => uploadToSignedUrl(ctx, request, bucket, key),
  };
}
