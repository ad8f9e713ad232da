import { bucketRoutes } from './buckets.ts';
import { callerResolver } from './callers.ts';
import type { StorageContext, StorageOptions } from './context.ts';
import { copyMoveRoutes } from './copy-move.ts';
import { StorageDatabase } from './database.ts';
import { errorReply } from './errors.ts';
import { FileStore } from './files.ts';
import { listingRoutes } from './listing.ts';
import { objectRoutes } from './objects.ts';
import { PublicObjects } from './public-objects.ts';
import { storageApp } from './routes.ts';
import { signedUrlRoutes } from './signed-urls.ts';
import { uploadRoutes } from './uploads.ts';

export type { StorageCaller } from './callers.ts';
export type { StorageOptions } from './context.ts';

export interface StorageService {
  /** Answers a request under /storage/v1; `path` is the rest, e.g. `/object/public/b/k`. */
  fetch(request: Request, path: string): Promise<Response>;
  renewPool(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The local stand-in for Supabase Storage: the route modules (buckets, listing, copy-move,
 * signed URLs, objects, uploads) on one Hono app built from the route table (routes.ts),
 * over a shared context: the database as each caller, the files, the keys.
 */
export async function startStorage(options: StorageOptions): Promise<StorageService> {
  const store = new FileStore(options.storageDir);
  await store.prepare();
  const ctx: StorageContext = {
    db: new StorageDatabase(options.databaseUrl),
    store,
    callerOf: callerResolver(options.config),
    secret: new TextEncoder().encode(options.config.jwtSecret),
    fileSizeLimit: options.fileSizeLimit,
    publicObjects: new PublicObjects(),
  };
  const app = storageApp(
    {
      ...bucketRoutes(ctx),
      ...listingRoutes(ctx),
      ...copyMoveRoutes(ctx),
      ...signedUrlRoutes(ctx),
      ...objectRoutes(ctx),
      ...uploadRoutes(ctx),
    },
    errorReply,
  );
  return {
    async fetch(request, path) {
      // Any request but GET and HEAD may write: the public objects kept are dropped around it.
      const writes = request.method !== 'GET' && request.method !== 'HEAD';
      if (writes) ctx.publicObjects.writeBegan();
      try {
        return await app.fetch(request, { path });
      } catch (error) {
        return errorReply(error, request.method);
      } finally {
        if (writes) ctx.publicObjects.writeEnded();
      }
    },
    renewPool: () => ctx.db.renew(),
    close: () => ctx.db.close(),
  };
}
