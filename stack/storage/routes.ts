import { Hono } from 'hono';
import { errorResponse, invalidBucketName, invalidKey, notFoundRoute } from './errors.ts';

/**
 * The paths Storage answers, as templates (`:bucket` is one segment, `*key` the rest of the
 * path), in the order they are tried: a specific path (`/object/sign/...`) before the
 * general `/object/:bucket/*key`. The Hono app is built from this list (storageApp), each
 * name bound to its handler; the door inventory (SECURITY.md) lists these same templates.
 */
export const storageRoutes = [
  { method: 'GET', path: '/bucket', name: 'listBuckets' },
  { method: 'POST', path: '/bucket', name: 'createBucket' },
  { method: 'POST', path: '/bucket/:bucket/empty', name: 'emptyBucket' },
  { method: 'GET', path: '/bucket/:bucket', name: 'getBucket' },
  { method: 'PUT', path: '/bucket/:bucket', name: 'updateBucket' },
  { method: 'DELETE', path: '/bucket/:bucket', name: 'deleteBucket' },
  { method: 'POST', path: '/object/list/:bucket', name: 'list' },
  { method: 'POST', path: '/object/list-v2/:bucket', name: 'listV2' },
  { method: 'POST', path: '/object/move', name: 'move' },
  { method: 'POST', path: '/object/copy', name: 'copy' },
  { method: 'POST', path: '/object/sign/:bucket', name: 'createSignedUrls' },
  { method: 'POST', path: '/object/sign/:bucket/*key', name: 'createSignedUrl' },
  { method: 'GET', path: '/object/sign/:bucket/*key', name: 'signedDownload' },
  { method: 'POST', path: '/object/upload/sign/:bucket/*key', name: 'createSignedUploadUrl' },
  { method: 'PUT', path: '/object/upload/sign/:bucket/*key', name: 'uploadToSignedUrl' },
  { method: 'GET', path: '/object/public/:bucket/*key', name: 'downloadPublic' },
  { method: 'HEAD', path: '/object/public/:bucket/*key', name: 'downloadPublic' },
  { method: 'GET', path: '/object/authenticated/:bucket/*key', name: 'downloadAuthenticated' },
  { method: 'HEAD', path: '/object/authenticated/:bucket/*key', name: 'downloadAuthenticated' },
  { method: 'GET', path: '/object/info/public/:bucket/*key', name: 'infoPublic' },
  { method: 'GET', path: '/object/info/authenticated/:bucket/*key', name: 'infoAuthenticated' },
  { method: 'GET', path: '/object/info/:bucket/*key', name: 'info' },
  { method: 'DELETE', path: '/object/:bucket', name: 'remove' },
  { method: 'GET', path: '/object/:bucket/*key', name: 'download' },
  { method: 'HEAD', path: '/object/:bucket/*key', name: 'download' },
  { method: 'POST', path: '/object/:bucket/*key', name: 'uploadPost' },
  { method: 'PUT', path: '/object/:bucket/*key', name: 'uploadPut' },
  { method: 'DELETE', path: '/object/:bucket/*key', name: 'removeOne' },
] as const;

export type StorageRouteName = (typeof storageRoutes)[number]['name'];

/** What a matched path holds: the bucket and the key, each percent-decoded once. */
export interface RouteTarget {
  bucket: string;
  key: string;
}

export type RouteHandler = (request: Request, target: RouteTarget) => Promise<Response>;

/** A handler for every route name: what the route modules (buckets.ts, objects.ts, ...) give. */
export type StorageHandlers = Record<StorageRouteName, RouteHandler>;

/** What the app gets with each request: the path after /storage/v1, still percent-encoded. */
export interface StorageBindings {
  path: string;
}

/** A path segment or the rest of a path, percent-decoded once (as Storage's router does). */
function decoded(raw: string, what: 'bucket' | 'key'): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw what === 'bucket' ? invalidBucketName() : invalidKey(raw);
  }
}

/**
 * Storage's routes on Hono, in the table's order. Storage matches the raw path and decodes
 * each segment once, refusing a malformed escape (decoded); Hono decodes the path, and its
 * parameters leniently. So the app sees the path with every `%` written `%25`: segments stay
 * as they came, and Hono's one decoding of a parameter gives back its raw text.
 * Hono routes a HEAD request as GET (a HEAD route never matches), so a HEAD entry is
 * registered on GET and each entry answers its own method only, passing others on; a
 * template without `*key` also takes a trailing slash, as Storage's router.
 */
export function storageApp(handlers: StorageHandlers, onError: (error: unknown, method: string) => Response): Hono<{ Bindings: StorageBindings }> {
  const app = new Hono<{ Bindings: StorageBindings }>({
    getPath: (_request, options) => (options?.env as StorageBindings).path.replaceAll('%', '%25'),
  });
  for (const route of storageRoutes) {
    const handler = handlers[route.name];
    const paths = route.path.endsWith('*key') ? [route.path.replace('*key', ':key{.+}')] : [route.path, `${route.path}/`];
    app.on(route.method === 'HEAD' ? 'GET' : route.method, paths, async (c, next) => {
      if (c.req.method !== route.method) return next();
      const bucket = decoded(c.req.param('bucket') ?? '', 'bucket');
      const key = decoded(c.req.param('key') ?? '', 'key');
      return handler(c.req.raw, { bucket, key });
    });
  }
  app.notFound((c) => errorResponse(notFoundRoute(c.req.method, c.env.path), c.req.method));
  app.onError((error, c) => onError(error, c.req.method));
  return app;
}
