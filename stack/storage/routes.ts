/**
 * The paths Storage answers, as templates (`:bucket` is one segment, `*key` the rest of the
 * path), in the order they are tried: a specific path (`/object/sign/...`) before the
 * general `/object/:bucket/*key`. The service binds each name to its handler; the door
 * inventory (SECURITY.md) lists these same templates.
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

/** What a matched path holds: the bucket and key as they came (still percent-encoded). */
export interface RouteMatch {
  bucket: string;
  key: string;
}

/**
 * A template as a regular expression: `:bucket` one segment, `*key` the rest (at least one
 * character); a template without `*key` also takes a trailing slash, as Storage's router.
 */
function compile(template: string): RegExp {
  const body = template
    .split('/')
    .map((segment) => (segment === ':bucket' ? '(?<bucket>[^/]+)' : segment === '*key' ? '(?<key>.+)' : segment))
    .join('/');
  return new RegExp(template.endsWith('*key') ? `^${body}$` : `^${body}/?$`);
}

const compiled = storageRoutes.map((route) => ({ ...route, pattern: compile(route.path) }));

/** The first route that answers `method` and `path`, with what the path holds. */
export function matchStorageRoute(method: string, path: string): { name: StorageRouteName; match: RouteMatch } | null {
  for (const route of compiled) {
    if (route.method !== method) continue;
    const found = route.pattern.exec(path);
    if (found) return { name: route.name, match: { bucket: found.groups?.bucket ?? '', key: found.groups?.key ?? '' } };
  }
  return null;
}
