import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { jwtVerify, SignJWT } from 'jose';
import postgres from 'postgres';
import type { StackConfig } from '../config.ts';
import { tokenVerifier } from '../tokens.ts';
import {
  accessDenied,
  alreadyExists,
  bucketNotEmpty,
  entityTooLarge,
  errorReply,
  errorResponse,
  expiredSignature,
  fromDatabaseError,
  invalidJwt,
  invalidParameter,
  invalidRange,
  invalidRequest,
  invalidSignature,
  noContent,
  noSuchBucket,
  noSuchKey,
  StorageError,
} from './errors.ts';
import { decodeCursor, encodeCursor, type ListV2Column, type ListV2Order } from './cursor.ts';
import { FileStore, type WrittenFile } from './files.ts';
import { storageApp, type StorageHandlers } from './routes.ts';
import { multipartBoundary, parseMultipart, type MultipartEvent } from './multipart.ts';
import {
  assertAllowedMimeType,
  cleanCacheControl,
  cleanText,
  isValidKey,
  MAX_KEY_LENGTH,
  mustBeValidBucketName,
  mustBeValidKey,
  parseSize,
  uploadMimeType,
  validAllowedMimeTypes,
  wholeNumber,
} from './names.ts';

/** The most a JSON request body may hold (a batch delete of 1000 long keys fits). */
const MAX_JSON_BYTES = 2 * 1024 * 1024;
/** Storage's cap on user metadata (x-metadata, the multipart `metadata` field). */
const MAX_USER_METADATA_BYTES = 1024 * 1024;
/** Objects per batch request (remove, createSignedUrls), as Storage's MAX_OBJECTS_PER_REQUEST. */
const MAX_OBJECTS_PER_REQUEST = 1000;
/** Rows per list page (Storage caps its search at 1500). */
const MAX_LIST_LIMIT = 1000;
/** Signed upload URLs last two hours, as Storage's default. */
const UPLOAD_URL_SECONDS = 2 * 3600;
/** Signed download URLs may last up to ten years. */
const MAX_SIGNED_URL_SECONDS = 10 * 365 * 24 * 3600;

type Role = 'anon' | 'authenticated' | 'service_role';

/** Who is calling: the role queries run as, and the claims RLS policies read. */
export interface StorageCaller {
  role: Role;
  claims: Record<string, unknown>;
  /** The token's `sub`: the owner of what this caller uploads. */
  sub: string | null;
  /** False when no valid token came (the routes that let a guest through). */
  authenticated: boolean;
}

const SERVICE: StorageCaller = { role: 'service_role', claims: { role: 'service_role' }, sub: null, authenticated: true };
const GUEST: StorageCaller = { role: 'anon', claims: { role: 'anon' }, sub: null, authenticated: false };

interface BucketRow {
  id: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  version: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
}

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

export interface StorageOptions {
  config: Pick<StackConfig, 'jwtSecret' | 'anonKey' | 'serviceRoleKey' | 'publishableKeys' | 'secretKeys'>;
  /** A login that may become anon, authenticated and service_role (the api function's `authenticator`). */
  databaseUrl: string;
  /** Where object contents live (see FileStore). */
  storageDir: string;
  /** The most any upload may hold, in bytes, whatever its bucket allows. */
  fileSizeLimit: number;
}

export interface StorageService {
  /** Answers a request under /storage/v1; `path` is the rest, e.g. `/object/public/b/k`. */
  fetch(request: Request, path: string): Promise<Response>;
  renewPool(): Promise<void>;
  close(): Promise<void>;
}

class Rollback extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });

/** A request body as a Node stream (async-iterable, and cancelled with it). */
const streamOf = (body: ReadableStream<Uint8Array>): Readable => Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A JSON request body read with a cap; empty is `{}` (as Storage's empty-body plugin). */
async function readJson(request: Request): Promise<Record<string, unknown>> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_JSON_BYTES) throw new StorageError(413, 'EntityTooLarge', 'Payload too large', 'Request body is too large', 413, true);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    for await (const chunk of streamOf(request.body) as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_JSON_BYTES) throw new StorageError(413, 'EntityTooLarge', 'Payload too large', 'Request body is too large', 413, true);
      chunks.push(chunk);
    }
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalidRequest('Body is not valid JSON');
  }
  if (!isObject(body)) throw invalidRequest('body must be object');
  return body;
}

/** Storage's Range check: one `bytes=a-b`, `a-` or `-n` range inside the file, else 416. */
function parseRange(header: string, size: number): { start: number; end: number } {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || size <= 0 || (!match[1] && !match[2])) throw invalidRange();
  if (!match[1]) {
    const suffix = Number(match[2]);
    if (!Number.isSafeInteger(suffix) || suffix <= 0) throw invalidRange();
    return { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : size - 1;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start || start >= size) throw invalidRange();
  return { start, end: Math.min(end, size - 1) };
}

/** Whether an If-None-Match header names this ETag (`*`, lists and weak tags included). */
function etagMatches(header: string | null, eTag: string | undefined): boolean {
  if (!header || !eTag) return false;
  const bare = eTag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const candidate = tag.trim().replace(/^W\//, '');
    return candidate === '*' || candidate === bare;
  });
}

/** The message jose gives for a token refused for `reason` (Storage shows jose's). */
function joseMessage(reason: string, token: string): string {
  if (/expired/i.test(reason)) return '"exp" claim timestamp check failed';
  if (!/^[\w-]+\.[\w-]+\.[\w-]*$/.test(token)) return 'Invalid Compact JWS';
  if (/required|Unknown role/.test(reason)) return reason.replace(/^InvalidJWTToken: /, '');
  return 'signature verification failed';
}

export async function startStorage(options: StorageOptions): Promise<StorageService> {
  const verify = tokenVerifier(options.config);
  const secret = new TextEncoder().encode(options.config.jwtSecret);
  const store = new FileStore(options.storageDir);
  await store.prepare();
  const connect = (role?: Role) =>
    postgres(options.databaseUrl, {
      max: 10,
      idle_timeout: 30,
      // An unreachable database answers 503 in seconds rather than holding uploads for 30.
      connect_timeout: 5,
      onnotice: () => {},
      // The service's own reads (buckets, public objects) run on connections that are
      // service_role from the start: one round trip, no transaction.
      connection: { application_name: 'jerga-storage', ...(role ? { role, statement_timeout: 8000 } : {}) },
    });
  let sql = connect();
  let serviceSql = connect('service_role');

  /** A read as `caller`: straight on the service's connections for the service, else in a transaction as the caller. */
  async function read<T>(caller: StorageCaller, work: (q: postgres.Sql | postgres.TransactionSql) => Promise<T>): Promise<T> {
    if (caller !== SERVICE) return as(caller, work);
    try {
      return await work(serviceSql);
    } catch (error) {
      throw fromDatabaseError(error) ?? error;
    }
  }

  /**
   * Runs `work` in one transaction as `caller`: its role and its claims (request.jwt.claims,
   * what auth.uid() and private.session_is_live() read), so RLS decides. service_role
   * bypasses RLS. `deletes` lets DELETE through storage.protect_delete, as the Storage API does.
   */
  async function as<T>(caller: StorageCaller, work: (tx: postgres.TransactionSql) => Promise<T>, deletes = false): Promise<T> {
    try {
      return (await sql.begin(async (tx) => {
        await tx`select set_config('role', ${caller.role}, true),
                        set_config('request.jwt.claims', ${JSON.stringify(caller.claims)}, true),
                        set_config('storage.allow_delete_query', ${deletes ? 'true' : 'false'}, true),
                        set_config('statement_timeout', '8s', true)`;
        return work(tx);
      })) as T;
    } catch (error) {
      if (error instanceof Rollback) throw error;
      throw fromDatabaseError(error) ?? error;
    }
  }

  /**
   * Objects of public buckets by bucket and name, kept for a moment: a burst of public
   * downloads then costs no query each. Writes through the service (any request but GET and
   * HEAD) clear it, and a read caches only if no write began or ran meanwhile; a change
   * made straight in SQL shows within PUBLIC_CACHE_MS.
   */
  const PUBLIC_CACHE_MS = 2000;
  const publicObjects = new Map<string, { object: ObjectRow; until: number }>();
  let writeGeneration = 0;
  let writesRunning = 0;

  /** Within a transaction, act as another caller from here on. */
  const become = (tx: postgres.TransactionSql, caller: StorageCaller) =>
    tx`select set_config('role', ${caller.role}, true), set_config('request.jwt.claims', ${JSON.stringify(caller.claims)}, true)`;

  // ---- who is calling ----

  /**
   * The caller behind a request: its bearer token, else its apikey (the sb_ keys stand for
   * the role keys). An apikey that is not one of ours is refused (as the gateway does); a
   * missing or bad bearer is refused as Storage refuses it, unless `guestAllowed`.
   */
  async function callerOf(request: Request, guestAllowed: boolean): Promise<StorageCaller> {
    const apikey = request.headers.get('apikey');
    if (apikey) {
      const check = await verify(apikey);
      if (!check.ok) throw accessDenied('Invalid API key').withHttpStatus(401);
    }
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1];
    const token = bearer ?? apikey;
    // Storage's messages are jose's (what its JWT check throws).
    if (!token) {
      if (guestAllowed) return GUEST;
      throw accessDenied('Invalid Compact JWS');
    }
    const check = await verify(token);
    if (!check.ok) {
      if (guestAllowed) return GUEST;
      throw accessDenied(joseMessage(check.reason, token));
    }
    const claims = check.caller.claims as Record<string, unknown>;
    const sub = typeof claims.sub === 'string' && claims.sub ? claims.sub : null;
    return { role: check.caller.role as Role, claims, sub, authenticated: true };
  }

  const ownerOf = (caller: StorageCaller) => ({
    owner: caller.sub && /^[0-9a-f-]{36}$/i.test(caller.sub) ? caller.sub : null,
    owner_id: caller.sub,
  });

  // ---- buckets ----

  async function findBucket(id: string, caller = SERVICE): Promise<BucketRow> {
    const [row] = await read(
      caller,
      (tx) => tx<BucketRow[]>`select id, public, file_size_limit::float8 as file_size_limit, allowed_mime_types
                               from storage.buckets where id = ${id}`,
    );
    if (!row) throw noSuchBucket();
    return row;
  }

  const bucketColumns = (tx: postgres.TransactionSql) =>
    tx`id, name, owner, public, created_at, updated_at, file_size_limit::float8 as file_size_limit, allowed_mime_types`;

  async function listBuckets(request: Request): Promise<Response> {
    const caller = await callerOf(request, false);
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
    const rows = await as(
      caller,
      (tx) => tx`select ${bucketColumns(tx)}, 'STANDARD' as type from storage.buckets
                  where ${search ? tx`name ilike ${`%${escapeLike(search)}%`}` : tx`true`}
                  order by ${tx(sortColumn)} ${sortOrder === 'asc' ? tx`asc` : tx`desc`}, id
                  limit ${limit} offset ${offset}`,
    );
    return json(rows);
  }

  async function getBucket(request: Request, id: string): Promise<Response> {
    const caller = await callerOf(request, false);
    mustBeValidBucketName(id);
    const [row] = await as(caller, (tx) => tx`select ${bucketColumns(tx)} from storage.buckets where id = ${id}`);
    if (!row) throw noSuchBucket();
    return json(row);
  }

  async function createBucket(request: Request): Promise<Response> {
    const caller = await callerOf(request, false);
    const body = await readJson(request);
    const name = mustBeValidBucketName(body.name);
    const id = body.id === undefined || body.id === null || body.id === '' ? name : mustBeValidBucketName(body.id);
    if (body.type !== undefined && body.type !== null && body.type !== 'STANDARD') {
      throw new StorageError(409, 'FeatureNotEnabled', 'FeatureNotEnabled', 'Only STANDARD buckets are served by the local stack');
    }
    if (body.public !== undefined && body.public !== null && typeof body.public !== 'boolean') throw invalidParameter('public');
    const fileSizeLimit = parseSize(body.file_size_limit, options.fileSizeLimit) ?? null;
    const allowed = validAllowedMimeTypes(body.allowed_mime_types) ?? null;
    const { owner, owner_id } = ownerOf(caller);
    await as(caller, async (tx) => {
      try {
        await tx`insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
                 values (${id}, ${name}, ${owner}, ${owner_id}, ${body.public === true}, ${fileSizeLimit}, ${allowed}::text[])`;
      } catch (error) {
        throw (error as { code?: string }).code === '23505' ? alreadyExists('BucketAlreadyExists') : error;
      }
    });
    return json({ name });
  }

  async function updateBucket(request: Request, id: string): Promise<Response> {
    const caller = await callerOf(request, false);
    mustBeValidBucketName(id);
    const body = await readJson(request);
    if (body.public !== undefined && body.public !== null && typeof body.public !== 'boolean') throw invalidParameter('public');
    const isPublic = typeof body.public === 'boolean' ? body.public : null;
    const fileSizeLimit = parseSize(body.file_size_limit, options.fileSizeLimit);
    const allowed = validAllowedMimeTypes(body.allowed_mime_types);
    if (isPublic === null && fileSizeLimit === undefined && allowed === undefined) throw noContent();
    const updated = await as(
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

  async function emptyBucket(request: Request, id: string): Promise<Response> {
    const caller = await callerOf(request, false);
    if (caller.role !== 'service_role') throw accessDenied('Access denied: Invalid role').withHttpStatus(403);
    mustBeValidBucketName(id);
    await findBucket(id);
    for (;;) {
      const removed = await as(
        SERVICE,
        (tx) => tx<{ version: string | null }[]>`
          delete from storage.objects
           where id in (select id from storage.objects where bucket_id = ${id} limit ${MAX_OBJECTS_PER_REQUEST})
          returning version`,
        true,
      );
      await store.remove(removed.map((row) => row.version));
      if (removed.length < MAX_OBJECTS_PER_REQUEST) break;
    }
    // Storage's words (it queues the work); here the bucket is already empty when this answers.
    return json({ message: 'Empty bucket has been queued. Completion may take up to an hour.' });
  }

  async function deleteBucket(request: Request, id: string): Promise<Response> {
    const caller = await callerOf(request, false);
    mustBeValidBucketName(id);
    await as(
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

  // ---- uploads ----

  /**
   * Storage's permission check before a byte is stored: the row the upload would write,
   * inserted (or upserted) as the caller and rolled back, so RLS refuses early.
   */
  async function canUpload(caller: StorageCaller, bucketId: string, key: string, upsert: boolean, metadata: Record<string, unknown>, userMetadata: unknown) {
    try {
      await as(caller, async (tx) => {
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
  async function commitVersion(caller: StorageCaller, row: Omit<RowWrite, 'id'>): Promise<{ id: string; replaced: string | null }> {
    try {
      return await as(caller, async (tx) => {
        await become(tx, SERVICE);
        const [current] = await tx<{ id: string; version: string | null }[]>`
          select id, version from storage.objects where bucket_id = ${row.bucketId} and name = ${row.key} for update`;
        await become(tx, caller);
        const id = current?.id ?? randomUUID();
        await writeRow(tx, caller, { ...row, id });
        return { id, replaced: current && current.version !== row.version ? current.version : null };
      });
    } catch (error) {
      await store.remove([row.version]);
      throw error;
    }
  }

  function userMetadataFrom(text: string | null | undefined, base64: boolean): unknown {
    if (!text) return undefined;
    if (Buffer.byteLength(text) > MAX_USER_METADATA_BYTES * (base64 ? 1.34 : 1)) throw entityTooLarge('user_metadata');
    try {
      const parsed: unknown = JSON.parse(base64 ? Buffer.from(text, 'base64').toString('utf8') : text);
      // What Postgres's jsonb cannot hold (a NUL, a lone surrogate) is refused, not a 500.
      const again = JSON.stringify(parsed);
      if (/\\u0000/.test(again) || /\\ud[89a-f][0-9a-f]{2}/i.test(again)) throw invalidParameter('metadata');
      return parsed;
    } catch (error) {
      if (error instanceof StorageError) throw error;
      return undefined;
    }
  }

  /**
   * Streams an upload's bytes to a new version. The client breaking off mid-body is its own
   * doing (400, as Storage's "request stream closed"), not a server error; a file system
   * failure (it names a syscall) stays one.
   */
  async function writeUpload(body: AsyncIterable<Uint8Array> | Readable, limit: number): Promise<WrittenFile> {
    try {
      return await store.write(body, limit);
    } catch (error) {
      if (error instanceof StorageError || (error as { syscall?: unknown }).syscall) throw error;
      throw invalidRequest('Request stream closed before upload could complete').withConnectionClose();
    }
  }

  interface UploadTarget {
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
  async function receiveUpload(request: Request, caller: StorageCaller, target: UploadTarget, rlsCaller = caller) {
    const { bucketId, key, upsert } = target;
    const bucket = await findBucket(bucketId);
    const limit = Math.min(bucket.file_size_limit ?? Number.POSITIVE_INFINITY, options.fileSizeLimit);
    if (!request.body) throw noContent();
    const declared = Number(request.headers.get('content-length') ?? Number.NaN);
    const contentType = request.headers.get('content-type');
    const boundary = multipartBoundary(contentType);
    let mimetype: string;
    let cacheControl: string;
    let userMetadata: unknown;
    let written: WrittenFile | undefined;
    if (boundary) {
      const events = parseMultipart(streamOf(request.body), boundary);
      const next = async (): Promise<MultipartEvent> => {
        let step: IteratorResult<MultipartEvent>;
        try {
          step = await events.next();
        } catch (error) {
          if (error instanceof StorageError) throw error;
          throw invalidRequest('Request stream closed before upload could complete').withConnectionClose();
        }
        if (step.done) throw noContent();
        return step.value;
      };
      const fields: Record<string, string> = {};
      let fieldBytes = 0;
      for (;;) {
        const part = await next();
        if (part.type !== 'part') continue;
        if (part.filename === null) {
          const chunks: Buffer[] = [];
          for (let event = await next(); event.type !== 'end'; event = await next()) {
            if (event.type !== 'data') throw invalidRequest('Malformed multipart body');
            fieldBytes += event.chunk.length;
            if (fieldBytes > MAX_USER_METADATA_BYTES) throw entityTooLarge('user_metadata').withConnectionClose();
            chunks.push(Buffer.from(event.chunk));
          }
          if (!(part.name in fields)) fields[part.name] = Buffer.concat(chunks).toString('utf8');
          continue;
        }
        // The file: Storage takes the first one, with the fields sent before it.
        const partType = (part.contentType ?? '').split(';')[0].trim().toLowerCase();
        mimetype = uploadMimeType(fields.contentType || partType);
        cacheControl = cleanCacheControl(fields.cacheControl ? `max-age=${fields.cacheControl}` : 'no-cache');
        userMetadata = userMetadataFrom(fields.metadata ?? fields.userMetadata, false);
        try {
          assertAllowedMimeType(mimetype, bucket.allowed_mime_types);
          await canUpload(rlsCaller, bucketId, key, upsert, { mimetype, contentLength: Number.isFinite(declared) ? declared : undefined }, userMetadata);
        } catch (error) {
          // Refused before its bytes: the rest of a small body is read first (up to 1 MB, for
          // up to 2 s), or closing the connection on unread bytes resets it and the client
          // sees a failed request instead of the answer.
          await drainParts(events);
          throw error;
        }
        const fileBytes = async function* () {
          for (let event = await next(); event.type !== 'end'; event = await next()) {
            if (event.type === 'data') yield event.chunk;
            else throw invalidRequest('Malformed multipart body');
          }
        };
        written = await writeUpload(fileBytes(), limit);
        break;
      }
      // Whatever follows the file (the closing boundary) is read, within reason.
      let rest = 0;
      try {
        for (let step = await events.next(); !step.done; step = await events.next()) {
          if (step.value.type === 'data') rest += step.value.chunk.length;
          if (rest > 64 * 1024) break;
        }
      } catch (error) {
        if (written) await store.remove([written.version]);
        throw error;
      }
    } else {
      mimetype = uploadMimeType(contentType);
      cacheControl = cleanCacheControl(request.headers.get('cache-control'));
      userMetadata = userMetadataFrom(request.headers.get('x-metadata'), true);
      assertAllowedMimeType(mimetype, bucket.allowed_mime_types);
      if (Number.isFinite(declared) && declared > limit) throw entityTooLarge().withConnectionClose();
      await canUpload(rlsCaller, bucketId, key, upsert, { mimetype, contentLength: Number.isFinite(declared) ? declared : undefined }, userMetadata);
      written = await writeUpload(streamOf(request.body), limit);
    }
    if (!written) throw noContent();
    const metadata = {
      eTag: written.eTag,
      size: written.size,
      mimetype: mimetype!,
      cacheControl: cacheControl!,
      lastModified: new Date().toISOString(),
      contentLength: written.size,
      httpStatusCode: 200,
    };
    // As Storage: an upload without user metadata has `{}`.
    const result = await commitVersion(rlsCaller, { bucketId, key, version: written.version, metadata, userMetadata: userMetadata ?? {}, upsert });
    await store.remove([result.replaced]);
    return { id: result.id, key: `${bucketId}/${key}` };
  }

  /** Reads and drops what is left of a multipart body, up to `maxBytes` and `maxMs`. */
  async function drainParts(events: AsyncIterator<MultipartEvent>, maxBytes = 1 << 20, maxMs = 2000): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, maxMs);
    });
    const read = (async () => {
      let bytes = 0;
      for (;;) {
        const step = await events.next();
        if (step.done) return;
        if (step.value.type === 'data' && (bytes += step.value.chunk.length) > maxBytes) return;
      }
    })().catch(() => undefined); // a broken body: nothing more to read
    await Promise.race([read, late]);
    clearTimeout(timer);
  }

  /** A refused upload's answer closes the connection: the rest of its body was never read. */
  async function refusingUnread<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const known = fromDatabaseError(error);
      throw known ? known.withConnectionClose() : error;
    }
  }

  async function upload(request: Request, bucketId: string, key: string, method: 'POST' | 'PUT'): Promise<Response> {
    return refusingUnread(async () => {
      const caller = await callerOf(request, false);
      mustBeValidBucketName(bucketId);
      mustBeValidKey(key);
      const upsert = method === 'PUT' || request.headers.get('x-upsert') === 'true';
      const { id, key: path } = await receiveUpload(request, caller, { bucketId, key, upsert });
      return json({ Id: id, Key: path });
    });
  }

  // ---- signed URLs ----

  async function sign(claims: Record<string, unknown>, seconds: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(now).setExpirationTime(now + seconds).sign(secret);
  }

  /** A signed URL's token checked: signature, expiry, scope and the object it was made for. */
  async function verifySigned(token: string | null, bucketId: string, key: string, scope: 'download' | 'upload') {
    if (!token) throw invalidRequest("querystring must have required property 'token'");
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] }));
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

  async function createSignedUrl(request: Request, bucketId: string, key: string): Promise<Response> {
    const caller = await callerOf(request, false);
    mustBeValidBucketName(bucketId);
    mustBeValidKey(key);
    const body = await readJson(request);
    const expiresIn = expiresInOf(body.expiresIn);
    const [found] = await as(caller, (tx) => tx`select 1 from storage.objects where bucket_id = ${bucketId} and name = ${key}`);
    if (!found) throw noSuchKey();
    const token = await sign({ url: `${bucketId}/${key}`, scope: 'download' }, expiresIn);
    return json({ signedURL: `/object/sign/${bucketId}/${key}?token=${token}` });
  }

  async function createSignedUrls(request: Request, bucketId: string): Promise<Response> {
    const caller = await callerOf(request, false);
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
      ? await as(caller, (tx) => tx<{ name: string }[]>`select name from storage.objects where bucket_id = ${bucketId} and name = any(${valid}::text[])`)
      : [];
    const names = new Set(found.map((row) => row.name));
    const results = await Promise.all(
      (paths as string[]).map(async (path) =>
        names.has(path)
          ? { error: null, path, signedURL: `/object/sign/${bucketId}/${path}?token=${await sign({ url: `${bucketId}/${path}`, scope: 'download' }, expiresIn)}` }
          : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
      ),
    );
    return json(results);
  }

  async function createSignedUploadUrl(request: Request, bucketId: string, key: string): Promise<Response> {
    const caller = await callerOf(request, false);
    mustBeValidBucketName(bucketId);
    mustBeValidKey(key);
    await findBucket(bucketId);
    const upsert = request.headers.get('x-upsert') === 'true';
    await canUpload(caller, bucketId, key, upsert, {}, undefined);
    const token = await sign({ owner: caller.sub ?? undefined, url: `${bucketId}/${key}`, upsert, scope: 'upload' }, UPLOAD_URL_SECONDS);
    return json({ url: `/object/upload/sign/${bucketId}/${key}?token=${token}`, token });
  }

  async function uploadToSignedUrl(request: Request, bucketId: string, key: string): Promise<Response> {
    return refusingUnread(() => uploadSigned(request, bucketId, key));
  }

  async function uploadSigned(request: Request, bucketId: string, key: string): Promise<Response> {
    mustBeValidBucketName(bucketId);
    mustBeValidKey(key);
    const payload = await verifySigned(new URL(request.url).searchParams.get('token'), bucketId, key, 'upload');
    const owner = typeof payload.owner === 'string' ? payload.owner : null;
    // The token holder uploads as the service, in the name of whoever signed the URL.
    const asSigner: StorageCaller = { ...SERVICE, sub: owner };
    const { key: path } = await receiveUpload(request, asSigner, { bucketId, key, upsert: payload.upsert === true });
    return json({ Key: path });
  }

  // ---- reading objects ----

  async function findObject(caller: StorageCaller, bucketId: string, key: string): Promise<ObjectRow> {
    const [row] = await read(
      caller,
      (tx) => tx<ObjectRow[]>`select id, name, bucket_id, version, metadata, user_metadata, created_at, updated_at
                                from storage.objects where bucket_id = ${bucketId} and name = ${key}`,
    );
    if (!row) throw noSuchKey();
    return row;
  }

  /**
   * The object as `kind` asks for it (download, HEAD, info), for a caller already let
   * through to it. Like Storage: a guest only reaches public buckets (else "bucket not
   * found"); objects of public buckets are read as the service, of private ones as the caller.
   */
  async function objectFor(caller: StorageCaller, bucketId: string, key: string, publicRoute: boolean): Promise<ObjectRow> {
    mustBeValidBucketName(bucketId);
    mustBeValidKey(key);
    const cacheKey = `${bucketId}\u0000${key}`;
    const cached = publicObjects.get(cacheKey);
    if (cached && cached.until > Date.now()) return cached.object;
    const generation = writeGeneration;
    // One query for the bucket and, read as the service, its object: all a public bucket needs.
    const [found] = await read(
      SERVICE,
      (q) => q<({ public: boolean; object_id: string | null } & Omit<ObjectRow, 'id'>)[]>`
        select b.public, o.id as object_id, o.name, o.bucket_id, o.version, o.metadata, o.user_metadata, o.created_at, o.updated_at
          from storage.buckets b left join storage.objects o on o.bucket_id = b.id and o.name = ${key}
         where b.id = ${bucketId}`,
    );
    if (!found || ((publicRoute || !caller.authenticated) && !found.public)) throw noSuchBucket();
    if (!found.public) return findObject(caller, bucketId, key);
    if (!found.object_id) throw noSuchKey();
    const { public: _public, object_id, ...rest } = found;
    const object = { ...rest, id: object_id };
    if (generation === writeGeneration && writesRunning === 0) {
      if (publicObjects.size >= 10_000) publicObjects.clear();
      publicObjects.set(cacheKey, { object, until: Date.now() + PUBLIC_CACHE_MS });
    }
    return object;
  }

  /** A stored metadata value that can go out in a header (rows written by SQL could hold anything). */
  const headerValue = (value: unknown): string | undefined =>
    typeof value === 'string' && /^[\x20-\x7e]{1,1000}$/.test(value) ? value : undefined;

  function assetHeaders(object: ObjectRow, extra: { expires?: number; download?: string | null }) {
    const meta = object.metadata ?? {};
    const headers = new Headers();
    const mimetype = headerValue(meta.mimetype) ?? 'application/octet-stream';
    // As Storage: HTML is never served as HTML from the API's origin.
    headers.set('Content-Type', mimetype.includes('text/html') ? 'text/plain' : mimetype);
    headers.set('Accept-Ranges', 'bytes');
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('X-Robots-Tag', 'none');
    const eTag = headerValue(meta.eTag);
    if (eTag) headers.set('ETag', eTag);
    const lastModified = new Date(typeof meta.lastModified === 'string' ? meta.lastModified : object.updated_at);
    if (!Number.isNaN(lastModified.getTime())) headers.set('Last-Modified', lastModified.toUTCString());
    const cacheControl = headerValue(meta.cacheControl);
    if (extra.expires) headers.set('Expires', new Date(extra.expires * 1000).toUTCString());
    else if (cacheControl) headers.set('Cache-Control', cacheControl);
    if (extra.download !== undefined && extra.download !== null) {
      const name = encodeURIComponent(extra.download);
      headers.set('Content-Disposition', extra.download === '' ? 'attachment;' : `attachment; filename=${name}; filename*=UTF-8''${name}`);
    }
    return headers;
  }

  /**
   * Serves an object's bytes: 304 on a matching If-None-Match, 206 for a Range, HEAD from the
   * row's metadata alone; the file is opened once, and only when bytes are sent.
   */
  async function serve(request: Request, object: ObjectRow, extra: { expires?: number } = {}): Promise<Response> {
    const query = new URL(request.url).searchParams;
    const headers = assetHeaders(object, { ...extra, download: query.get('download') });
    const missing = () =>
      // The row names a file that is gone: Storage's answer for a missing asset.
      new Response(JSON.stringify({ statusCode: '404', code: 'NoSuchKey', error: 'Not found', message: 'The resource was not found' }), {
        status: 400,
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
      });
    if (!object.version) return missing();
    const eTag = headers.get('ETag') ?? undefined;
    const since = request.headers.get('if-modified-since');
    const lastModified = headers.get('Last-Modified');
    const notModified =
      etagMatches(request.headers.get('if-none-match'), eTag) ||
      (!request.headers.has('if-none-match') && since && lastModified && new Date(lastModified) <= new Date(since));
    if (notModified) {
      for (const name of ['Content-Type', 'Content-Disposition', 'Accept-Ranges']) headers.delete(name);
      return new Response(null, { status: 304, headers });
    }
    const recorded = object.metadata?.size;
    if (request.method === 'HEAD' && typeof recorded === 'number') {
      headers.set('Content-Length', String(recorded));
      return new Response(null, { status: 200, headers });
    }
    const file = await store.open(object.version);
    if (!file) return missing();
    let handedOver = false;
    try {
      const size = file.size;
      const range = request.headers.get('range');
      if (range && request.method !== 'HEAD') {
        let bounds: { start: number; end: number };
        try {
          bounds = parseRange(range, size);
        } catch (error) {
          const refusal = errorResponse(error as StorageError);
          refusal.headers.set('Content-Range', `bytes */${size}`);
          return refusal;
        }
        headers.set('Content-Range', `bytes ${bounds.start}-${bounds.end}/${size}`);
        headers.set('Content-Length', String(bounds.end - bounds.start + 1));
        handedOver = true;
        return new Response(file.stream(bounds.start, bounds.end), { status: 206, headers });
      }
      headers.set('Content-Length', String(size));
      if (request.method === 'HEAD' || size === 0) return new Response(null, { status: 200, headers });
      handedOver = true;
      return new Response(file.stream(0, size - 1), { status: 200, headers });
    } finally {
      if (!handedOver) await file.close();
    }
  }

  async function download(request: Request, bucketId: string, key: string, mode: 'guest' | 'authenticated' | 'public'): Promise<Response> {
    const caller = mode === 'public' ? GUEST : await callerOf(request, mode === 'guest');
    const object = await objectFor(caller, bucketId, key, mode === 'public');
    return serve(request, object);
  }

  async function signedDownload(request: Request, bucketId: string, key: string): Promise<Response> {
    mustBeValidBucketName(bucketId);
    mustBeValidKey(key);
    const payload = await verifySigned(new URL(request.url).searchParams.get('token'), bucketId, key, 'download');
    const object = await findObject(SERVICE, bucketId, key);
    return serve(request, object, { expires: payload.exp as number });
  }

  async function info(request: Request, bucketId: string, key: string, mode: 'guest' | 'authenticated' | 'public'): Promise<Response> {
    const caller = mode === 'public' ? GUEST : await callerOf(request, mode === 'guest');
    const object = await objectFor(caller, bucketId, key, mode === 'public');
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

  async function list(request: Request, bucketId: string): Promise<Response> {
    const caller = await callerOf(request, false);
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
    const rows = await as(caller, (tx) =>
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
  async function listV2(request: Request, bucketId: string): Promise<Response> {
    const caller = await callerOf(request, false);
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
    const rows = await read(caller, (q) =>
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

  // ---- changing objects ----

  async function remove(request: Request, bucketId: string): Promise<Response> {
    const caller = await callerOf(request, false);
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
    const removed = await as(
      caller,
      (tx) => tx`delete from storage.objects where bucket_id = ${bucketId} and name = any(${names}::text[])
                 returning id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at`,
      true,
    );
    await store.remove(removed.map((row) => row.version as string | null));
    return json(removed);
  }

  async function removeOne(request: Request, bucketId: string, key: string): Promise<Response> {
    const caller = await callerOf(request, false);
    mustBeValidBucketName(bucketId);
    mustBeValidKey(key);
    const version = await as(
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
    await store.remove([version]);
    return json({ message: 'Successfully deleted' });
  }

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
  async function assertBucketTakes(bucketId: string, metadata: Record<string, unknown> | null) {
    const bucket = await findBucket(bucketId);
    const size = typeof metadata?.size === 'number' ? metadata.size : 0;
    if (size > Math.min(bucket.file_size_limit ?? Number.POSITIVE_INFINITY, options.fileSizeLimit)) throw entityTooLarge();
    assertAllowedMimeType(typeof metadata?.mimetype === 'string' ? metadata.mimetype : 'application/octet-stream', bucket.allowed_mime_types);
  }

  async function move(request: Request): Promise<Response> {
    const caller = await callerOf(request, false);
    const { bucketId, sourceKey, destinationKey, destinationBucket } = await transferOf(await readJson(request));
    const source = await findObject(caller, bucketId, sourceKey);
    if (destinationBucket !== bucketId) await assertBucketTakes(destinationBucket, source.metadata);
    const { owner, owner_id } = ownerOf(caller);
    const moved = await as(
      caller,
      (tx) => tx`update storage.objects
                    set bucket_id = ${destinationBucket}, name = ${destinationKey}, owner = ${owner}, owner_id = ${owner_id}, last_accessed_at = now()
                  where bucket_id = ${bucketId} and name = ${sourceKey}`,
    );
    if (moved.count === 0) throw noSuchKey();
    return json({ message: 'Successfully moved', Id: source.id, Key: destinationKey });
  }

  async function copy(request: Request): Promise<Response> {
    const caller = await callerOf(request, false);
    const body = await readJson(request);
    const { bucketId, sourceKey, destinationKey, destinationBucket } = await transferOf(body);
    const upsert = request.headers.get('x-upsert') === 'true';
    const source = await findObject(caller, bucketId, sourceKey);
    if (!source.version) throw noSuchKey();
    const metadata: Record<string, unknown> = { ...(source.metadata ?? {}) };
    if (body.copyMetadata === false && isObject(body.metadata)) {
      if (typeof body.metadata.cacheControl === 'string') metadata.cacheControl = cleanCacheControl(body.metadata.cacheControl);
      if (typeof body.metadata.mimetype === 'string') metadata.mimetype = uploadMimeType(body.metadata.mimetype);
    }
    await assertBucketTakes(destinationBucket, metadata);
    const userMetadata = body.copyMetadata === false ? userMetadataFrom(request.headers.get('x-metadata'), true) : (source.user_metadata ?? undefined);
    await canUpload(caller, destinationBucket, destinationKey, upsert, metadata, userMetadata);
    const version = await store.copy(source.version);
    metadata.lastModified = new Date().toISOString();
    const result = await commitVersion(caller, { bucketId: destinationBucket, key: destinationKey, version, metadata, userMetadata, upsert });
    await store.remove([result.replaced]);
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

  // ---- routing ----

  const handlers: StorageHandlers = {
    listBuckets: (r) => listBuckets(r),
    createBucket: (r) => createBucket(r),
    emptyBucket: (r, t) => emptyBucket(r, t.bucket),
    getBucket: (r, t) => getBucket(r, t.bucket),
    updateBucket: (r, t) => updateBucket(r, t.bucket),
    deleteBucket: (r, t) => deleteBucket(r, t.bucket),
    list: (r, t) => list(r, t.bucket),
    listV2: (r, t) => listV2(r, t.bucket),
    move: (r) => move(r),
    copy: (r) => copy(r),
    createSignedUrls: (r, t) => createSignedUrls(r, t.bucket),
    createSignedUrl: (r, t) => createSignedUrl(r, t.bucket, t.key),
    signedDownload: (r, t) => signedDownload(r, t.bucket, t.key),
    createSignedUploadUrl: (r, t) => createSignedUploadUrl(r, t.bucket, t.key),
    uploadToSignedUrl: (r, t) => uploadToSignedUrl(r, t.bucket, t.key),
    downloadPublic: (r, t) => download(r, t.bucket, t.key, 'public'),
    downloadAuthenticated: (r, t) => download(r, t.bucket, t.key, 'authenticated'),
    infoPublic: (r, t) => info(r, t.bucket, t.key, 'public'),
    infoAuthenticated: (r, t) => info(r, t.bucket, t.key, 'authenticated'),
    info: (r, t) => info(r, t.bucket, t.key, 'guest'),
    remove: (r, t) => remove(r, t.bucket),
    download: (r, t) => download(r, t.bucket, t.key, 'guest'),
    uploadPost: (r, t) => upload(r, t.bucket, t.key, 'POST'),
    uploadPut: (r, t) => upload(r, t.bucket, t.key, 'PUT'),
    removeOne: (r, t) => removeOne(r, t.bucket, t.key),
  };
  const app = storageApp(handlers, errorReply);

  async function handle(request: Request, path: string): Promise<Response> {
    const writes = request.method !== 'GET' && request.method !== 'HEAD';
    if (writes) {
      writesRunning += 1;
      writeGeneration += 1;
      publicObjects.clear();
    }
    try {
      return await app.fetch(request, { path });
    } catch (error) {
      return errorReply(error, request.method);
    } finally {
      if (writes) {
        writesRunning -= 1;
        writeGeneration += 1;
        publicObjects.clear();
      }
    }
  }

  return {
    fetch: handle,
    async renewPool() {
      const old = [sql, serviceSql];
      sql = connect();
      serviceSql = connect('service_role');
      await Promise.all(old.map((pool) => pool.end({ timeout: 5 })));
    },
    async close() {
      await Promise.all([sql, serviceSql].map((pool) => pool.end({ timeout: 5 })));
    },
  };
}
