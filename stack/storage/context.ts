import type { StackConfig } from '../config.ts';
import { SERVICE, type CallerOf, type StorageCaller } from './callers.ts';
import type { StorageDatabase } from './database.ts';
import { noSuchBucket, noSuchKey } from './errors.ts';
import type { FileStore } from './files.ts';
import type { PublicObjects } from './public-objects.ts';
import type { BucketRow, ObjectRow } from './rows.ts';

export type { BucketRow, ObjectRow } from './rows.ts';

export interface StorageOptions {
  config: Pick<StackConfig, 'jwtSecret' | 'anonKey' | 'serviceRoleKey' | 'publishableKeys' | 'secretKeys'>;
  /** A login that may become anon, authenticated and service_role (the api function's `authenticator`). */
  databaseUrl: string;
  /** Where object contents live (see FileStore). */
  storageDir: string;
  /** The most any upload may hold, in bytes, whatever its bucket allows. */
  fileSizeLimit: number;
}

/** What every route module of Storage shares: the database, the files, the keys and limits. */
export interface StorageContext {
  db: StorageDatabase;
  store: FileStore;
  /** Who is calling (see callers.ts). */
  callerOf: CallerOf;
  /** The JWT secret, as signed URLs are signed and checked with it (HS256). */
  secret: Uint8Array;
  /** The most any upload may hold, in bytes, whatever its bucket allows. */
  fileSizeLimit: number;
  /** Rows of public objects, kept for a moment (see PublicObjects). */
  publicObjects: PublicObjects;
}

export async function findBucket(ctx: StorageContext, id: string, caller = SERVICE): Promise<BucketRow> {
  const [row] = await ctx.db.read(
    caller,
    (tx) => tx<BucketRow[]>`select id, public, file_size_limit::float8 as file_size_limit, allowed_mime_types
                             from storage.buckets where id = ${id}`,
  );
  if (!row) throw noSuchBucket();
  return row;
}

export async function findObject(ctx: StorageContext, caller: StorageCaller, bucketId: string, key: string): Promise<ObjectRow> {
  const [row] = await ctx.db.read(
    caller,
    (tx) => tx<ObjectRow[]>`select id, name, bucket_id, version, metadata, user_metadata, created_at, updated_at
                              from storage.objects where bucket_id = ${bucketId} and name = ${key}`,
  );
  if (!row) throw noSuchKey();
  return row;
}
