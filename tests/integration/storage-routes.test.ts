import { describe, expect, it } from 'vitest';
import { errorReply } from '../../stack/storage/errors.ts';
import { storageApp, storageRoutes, type StorageHandlers } from '../../stack/storage/routes.ts';

// Storage's route table on Hono (stack/storage/routes.ts), with handlers that only say what
// they were given: the route tried first wins, the path is matched as it came (still
// percent-encoded) and each segment decoded once, HEAD reaches only the HEAD entries, and a
// template without *key takes a trailing slash. Storage's own behaviour behind each route
// is tested in storage.test.ts.

const echo = Object.fromEntries(
  storageRoutes.map((route) => [
    route.name,
    async (request: Request, target: { bucket: string; key: string }) =>
      new Response(null, { headers: { 'x-route': route.name, 'x-method': request.method, 'x-target': encodeURIComponent(JSON.stringify(target)) } }),
  ]),
) as StorageHandlers;
const app = storageApp(echo, errorReply);

async function route(method: string, path: string) {
  const reply = await app.fetch(new Request(`http://storage.test/storage/v1${path}`, { method }), { path });
  const target = reply.headers.get('x-target');
  return {
    status: reply.status,
    name: reply.headers.get('x-route'),
    method: reply.headers.get('x-method'),
    target: target ? (JSON.parse(decodeURIComponent(target)) as { bucket: string; key: string }) : null,
    body: method === 'HEAD' ? null : await reply.text(),
  };
}

describe('the storage routes', () => {
  it('try specific paths before /object/:bucket/*key', async () => {
    expect(await route('POST', '/object/sign/avatars')).toMatchObject({ name: 'createSignedUrls', target: { bucket: 'avatars', key: '' } });
    expect(await route('POST', '/object/sign/avatars/a/b.png')).toMatchObject({ name: 'createSignedUrl', target: { bucket: 'avatars', key: 'a/b.png' } });
    expect(await route('POST', '/object/avatars/sign/b.png')).toMatchObject({ name: 'uploadPost', target: { bucket: 'avatars', key: 'sign/b.png' } });
    expect(await route('GET', '/object/info/public/avatars/a.png')).toMatchObject({ name: 'infoPublic', target: { bucket: 'avatars', key: 'a.png' } });
    expect(await route('GET', '/object/info/avatars/a.png')).toMatchObject({ name: 'info', target: { bucket: 'avatars', key: 'a.png' } });
    expect(await route('GET', '/object/info/avatars')).toMatchObject({ name: 'download', target: { bucket: 'info', key: 'avatars' } });
    expect(await route('POST', '/object/move')).toMatchObject({ name: 'move' });
    expect(await route('DELETE', '/object/avatars')).toMatchObject({ name: 'remove', target: { bucket: 'avatars' } });
  });

  it('match the path as it came and decode each segment once', async () => {
    expect((await route('GET', '/object/b/a%2Fb%20c.png')).target).toEqual({ bucket: 'b', key: 'a/b c.png' });
    expect((await route('GET', '/object/b/100%2525.txt')).target).toEqual({ bucket: 'b', key: '100%25.txt' });
    expect((await route('GET', '/object/b/..%2F..%2Fother%2Fk')).target).toEqual({ bucket: 'b', key: '../../other/k' });
    expect((await route('GET', '/object/a%2Fb/k')).target).toEqual({ bucket: 'a/b', key: 'k' });
    // An escaped name of a route is a bucket, not the route.
    expect(await route('POST', '/object/%73ign/k')).toMatchObject({ name: 'uploadPost', target: { bucket: 'sign', key: 'k' } });
  });

  it('refuse a malformed escape in Storage’s words', async () => {
    const key = await route('GET', '/object/b/%E0%A4%A.png');
    expect(key.status).toBe(400);
    expect(JSON.parse(key.body!)).toEqual({ statusCode: '400', code: 'InvalidKey', error: 'InvalidKey', message: 'Invalid key: %E0%A4%A.png' });
    const bucket = await route('GET', '/object/%ZZ/k');
    expect(bucket.status).toBe(400);
    expect(JSON.parse(bucket.body!)).toMatchObject({ code: 'InvalidBucketName' });
  });

  it('take a trailing slash where the template has no *key, and answer 404 elsewhere', async () => {
    expect(await route('GET', '/bucket/')).toMatchObject({ name: 'listBuckets' });
    expect(await route('POST', '/bucket/b/empty/')).toMatchObject({ name: 'emptyBucket', target: { bucket: 'b' } });
    expect(await route('GET', '/object/b/k/')).toMatchObject({ name: 'download', target: { bucket: 'b', key: 'k/' } });
    const missing = await route('GET', '/object/b');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body!)).toEqual({ statusCode: '404', code: 'NotFound', error: 'Not Found', message: 'Route GET:/object/b not found' });
    expect((await route('PATCH', '/bucket/b')).status).toBe(404);
  });

  it('send HEAD to HEAD entries only, passing over GET-only routes', async () => {
    expect(await route('HEAD', '/object/public/b/k')).toMatchObject({ name: 'downloadPublic', method: 'HEAD' });
    expect(await route('GET', '/object/public/b/k')).toMatchObject({ name: 'downloadPublic', method: 'GET' });
    // GET-only: /object/info/... and /object/sign/... are for HEAD the general download route.
    expect(await route('HEAD', '/object/info/b/k')).toMatchObject({ name: 'download', method: 'HEAD', target: { bucket: 'info', key: 'b/k' } });
    expect(await route('HEAD', '/object/sign/b/k')).toMatchObject({ name: 'download', target: { bucket: 'sign', key: 'b/k' } });
    expect(await route('HEAD', '/bucket')).toMatchObject({ status: 404, name: null });
  });
});
