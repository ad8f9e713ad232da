import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../stack/free-port.ts';
import { startStorage } from '../../stack/storage/index.ts';
import { transport } from '../support/realtime.ts';
import { adminSql, closeAdminSql, createUser, stack, type TestUser } from '../support/stack.ts';

// The local Storage service (stack/storage) through supabase-js's storage client, as the
// app and the edge function use it: buckets, objects, signed URLs, Range and caching, the
// bucket limits, RLS on storage.objects deciding for users and guests, and names that try
// to leave their bucket.

const run = randomUUID().slice(0, 8);
const privateBucket = `s-private-${run}`;
const publicBucket = `s-public-${run}`;
const limitedBucket = `s-limited-${run}`;
const otherBucket = `s-other-${run}`;
const buckets = [privateBucket, publicBucket, limitedBucket, otherBucket];

const clientFor = (key: string, token?: string): SupabaseClient =>
  createClient(stack().apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport },
    global: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
  });

const service = () => clientFor(stack().serviceRoleKey);
const guest = () => clientFor(stack().anonKey);
const storageUrl = (rest: string) => `${stack().apiUrl}/storage/v1${rest}`;

let alice: TestUser;
let bob: TestUser;

async function textOf(blob: Blob | null): Promise<string> {
  expect(blob).not.toBeNull();
  return Buffer.from(await blob!.arrayBuffer()).toString('utf8');
}

/** The file behind an object's current version, where the service keeps it. */
async function fileOf(bucket: string, name: string): Promise<string> {
  const [row] = await adminSql()`select version from storage.objects where bucket_id = ${bucket} and name = ${name}`;
  expect(row?.version).toMatch(/^[0-9a-f-]{36}$/);
  return path.join(stack().storageDir, 'objects', row.version.slice(0, 2), row.version);
}

beforeAll(async () => {
  [alice, bob] = await Promise.all([createUser({ name: 'Alice Storage' }), createUser({ name: 'Bob Storage' })]);
  const s = service().storage;
  expect((await s.createBucket(privateBucket, { public: false })).error).toBeNull();
  expect((await s.createBucket(publicBucket, { public: true })).error).toBeNull();
  expect((await s.createBucket(otherBucket, { public: false })).error).toBeNull();
  expect(
    (await s.createBucket(limitedBucket, { public: false, fileSizeLimit: 1024, allowedMimeTypes: ['audio/webm', 'audio/ogg', 'text/*'] })).error,
  ).toBeNull();
  // Policies as an app writes them for a bucket of per-user folders: anyone with a live
  // session (or a guest) reads, a signed-in user writes only under their own id.
  const sql = adminSql();
  for (const bucket of [privateBucket, limitedBucket]) {
    await sql.unsafe(`
      create policy "storage test ${bucket}: anyone reads" on storage.objects for select to anon, authenticated
        using (bucket_id = '${bucket}' and (select private.session_is_live()));
      create policy "storage test ${bucket}: users add to their folder" on storage.objects for insert to authenticated
        with check (bucket_id = '${bucket}' and (storage.foldername(name))[1] = (select auth.uid())::text and (select private.session_is_live()));
      create policy "storage test ${bucket}: users replace in their folder" on storage.objects for update to authenticated
        using (bucket_id = '${bucket}' and (storage.foldername(name))[1] = (select auth.uid())::text and (select private.session_is_live()))
        with check (bucket_id = '${bucket}' and (storage.foldername(name))[1] = (select auth.uid())::text);
      create policy "storage test ${bucket}: users remove from their folder" on storage.objects for delete to authenticated
        using (bucket_id = '${bucket}' and (storage.foldername(name))[1] = (select auth.uid())::text and (select private.session_is_live()));`);
  }
});

afterAll(async () => {
  const sql = adminSql();
  for (const bucket of [privateBucket, limitedBucket]) {
    for (const action of ['anyone reads', 'users add to their folder', 'users replace in their folder', 'users remove from their folder']) {
      await sql.unsafe(`drop policy if exists "storage test ${bucket}: ${action}" on storage.objects`);
    }
  }
  for (const bucket of buckets) {
    await service().storage.emptyBucket(bucket);
    await service().storage.deleteBucket(bucket);
  }
  await closeAdminSql();
});

describe('buckets', () => {
  it('are created, read, listed, updated and deleted with the service key, in Storage shapes', async () => {
    const s = service().storage;
    const id = `s-bucket-${run}`;
    expect(await s.createBucket(id, { public: false, fileSizeLimit: '2MB', allowedMimeTypes: ['audio/webm'] })).toEqual({
      data: { name: id },
      error: null,
    });
    const { data: bucket, error } = await s.getBucket(id);
    expect(error).toBeNull();
    expect(bucket).toMatchObject({ id, name: id, public: false, file_size_limit: 2_000_000, allowed_mime_types: ['audio/webm'], owner: null });
    expect(new Date(bucket!.created_at).getTime()).toBeGreaterThan(0);
    const listed = await s.listBuckets({ search: id });
    expect(listed.data?.map((b) => b.id)).toEqual([id]);
    expect(await s.updateBucket(id, { public: true, fileSizeLimit: 4096, allowedMimeTypes: null })).toEqual({
      data: { message: 'Successfully updated' },
      error: null,
    });
    expect((await s.getBucket(id)).data).toMatchObject({ public: true, file_size_limit: 4096, allowed_mime_types: null });

    const duplicate = await s.createBucket(id, { public: false });
    expect(duplicate.error).toMatchObject({ statusCode: '409', status: 400, message: 'The resource already exists' });

    expect((await s.from(id).upload('x.txt', 'x', { contentType: 'text/plain' })).error).toBeNull();
    const notEmpty = await s.deleteBucket(id);
    expect(notEmpty.error).toMatchObject({ statusCode: '409', message: 'The bucket you tried to delete is not empty' });
    expect((await s.emptyBucket(id)).error).toBeNull();
    expect((await s.from(id).list()).data).toEqual([]);
    expect(await s.deleteBucket(id)).toEqual({ data: { message: 'Successfully deleted' }, error: null });
    expect((await s.getBucket(id)).error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });

  it('are refused to guests and users without a policy, as RLS on storage.buckets decides', async () => {
    const id = `s-refused-${run}`;
    for (const client of [guest(), clientFor(stack().anonKey, alice.token)]) {
      const created = await client.storage.createBucket(id, { public: true });
      expect(created.error).toMatchObject({ statusCode: '403', status: 400, message: 'new row violates row-level security policy' });
      expect((await client.storage.getBucket(privateBucket)).error).toMatchObject({ statusCode: '404' });
      expect((await client.storage.listBuckets()).data?.map((b) => b.id)).not.toContain(privateBucket);
      expect((await client.storage.emptyBucket(privateBucket)).error).toMatchObject({ statusCode: '403', status: 403 });
      expect((await client.storage.deleteBucket(privateBucket)).error).not.toBeNull();
    }
    expect((await service().storage.getBucket(privateBucket)).error).toBeNull();
  });

  it('refuse bad names, sizes and media types', async () => {
    const s = service().storage;
    for (const name of ['a/b', ' lead', 'trail ', '..', 'ñandú', 'x'.repeat(101)]) {
      expect((await s.createBucket(name, { public: false })).error, name).toMatchObject({ statusCode: '400' });
    }
    expect((await s.createBucket(`s-huge-${run}`, { public: false, fileSizeLimit: '5GB' })).error).toMatchObject({ statusCode: '413' });
    expect((await s.createBucket(`s-type-${run}`, { public: false, allowedMimeTypes: ['not a type'] })).error).toMatchObject({ statusCode: '415' });
  });
});

describe('objects with the service key', () => {
  it('upload (raw body and multipart), download, info and exists, with the content type and cache control given', async () => {
    const bucket = service().storage.from(privateBucket);
    const raw = await bucket.upload('docs/raw.txt', Buffer.from('hola che'), { contentType: 'text/plain', cacheControl: '120' });
    expect(raw).toEqual({ data: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), path: 'docs/raw.txt', fullPath: `${privateBucket}/docs/raw.txt` }, error: null });
    const form = await bucket.upload('docs/form.webm', new Blob([randomBytes(300)], { type: 'audio/webm' }), { metadata: { take: 2 } });
    expect(form.error).toBeNull();

    expect(await textOf((await bucket.download('docs/raw.txt')).data)).toBe('hola che');
    const response = await fetch(storageUrl(`/object/authenticated/${privateBucket}/docs/raw.txt`), {
      headers: { Authorization: `Bearer ${stack().serviceRoleKey}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(response.headers.get('cache-control')).toBe('max-age=120');
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(response.headers.get('content-length')).toBe('8');
    expect(await response.text()).toBe('hola che');

    const { data: info } = await bucket.info('docs/form.webm');
    expect(info).toMatchObject({ name: 'docs/form.webm', bucketId: privateBucket, size: 300, contentType: 'audio/webm', cacheControl: 'max-age=3600', metadata: { take: 2 } });
    expect(await bucket.exists('docs/form.webm')).toEqual({ data: true, error: null });
    expect((await bucket.exists('docs/nothing.webm')).data).toBe(false);

    const [row] = await adminSql()`select metadata, owner, path_tokens from storage.objects where bucket_id = ${privateBucket} and name = 'docs/raw.txt'`;
    expect(row.metadata).toMatchObject({ size: 8, mimetype: 'text/plain', cacheControl: 'max-age=120', contentLength: 8, httpStatusCode: 200 });
    expect(row.metadata.eTag).toBe(response.headers.get('etag'));
    expect(new Date(row.metadata.lastModified).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(row.owner).toBeNull();
    expect(row.path_tokens).toEqual(['docs', 'raw.txt']);
  });

  it('refuses to overwrite unless upserting, and replaces the file (the old one is removed) when it does', async () => {
    const bucket = service().storage.from(privateBucket);
    expect((await bucket.upload('again.txt', 'one', { contentType: 'text/plain' })).error).toBeNull();
    const firstFile = await fileOf(privateBucket, 'again.txt');
    const duplicate = await bucket.upload('again.txt', 'two', { contentType: 'text/plain' });
    expect(duplicate.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    expect((await bucket.upload('again.txt', 'three', { contentType: 'text/plain', upsert: true })).error).toBeNull();
    expect(await textOf((await bucket.download('again.txt')).data)).toBe('three');
    expect((await bucket.update('again.txt', 'four', { contentType: 'text/plain' })).error).toBeNull();
    expect(await textOf((await bucket.download('again.txt')).data)).toBe('four');
    expect(existsSync(firstFile)).toBe(false);
    expect(existsSync(await fileOf(privateBucket, 'again.txt'))).toBe(true);
  });

  it('lists one folder level with prefix, limit, offset, sort and search', async () => {
    const bucket = service().storage.from(otherBucket);
    for (const name of ['list/b.txt', 'list/a.txt', 'list/c.txt', 'list/sub/d.txt', 'list/sub/e.txt', 'top.txt']) {
      expect((await bucket.upload(name, name, { contentType: 'text/plain' })).error).toBeNull();
    }
    const { data: all } = await bucket.list('list');
    expect(all?.map((entry) => entry.name)).toEqual(['a.txt', 'b.txt', 'c.txt', 'sub']);
    expect(all?.find((entry) => entry.name === 'sub')).toMatchObject({ id: null, metadata: null });
    expect(all?.find((entry) => entry.name === 'a.txt')).toMatchObject({ id: expect.any(String), metadata: { size: 10, mimetype: 'text/plain' } });
    expect((await bucket.list('list', { limit: 2, offset: 1 })).data?.map((e) => e.name)).toEqual(['b.txt', 'c.txt']);
    expect((await bucket.list('list', { sortBy: { column: 'name', order: 'desc' } })).data?.map((e) => e.name)).toEqual(['sub', 'c.txt', 'b.txt', 'a.txt']);
    expect((await bucket.list('list', { search: 'b' })).data?.map((e) => e.name)).toEqual(['b.txt']);
    expect((await bucket.list('list/sub/')).data?.map((e) => e.name)).toEqual(['d.txt', 'e.txt']);
    expect((await bucket.list()).data?.map((e) => e.name)).toEqual(['list', 'top.txt']);
    const sorted = await bucket.list('list', { sortBy: { column: 'created_at', order: 'asc' } });
    expect(sorted.data?.map((e) => e.name)).toEqual(['sub', 'b.txt', 'a.txt', 'c.txt']);
    const huge = await bucket.list('list', { limit: 1_000_000 });
    expect(huge.data).toHaveLength(4);
  });

  it('moves and copies within and across buckets, and removes in batches', async () => {
    const bucket = service().storage.from(otherBucket);
    expect((await bucket.upload('mv/source.txt', 'movable', { contentType: 'text/plain' })).error).toBeNull();
    expect(await bucket.move('mv/source.txt', 'mv/moved.txt')).toMatchObject({ data: { message: 'Successfully moved' }, error: null });
    expect((await bucket.exists('mv/source.txt')).data).toBe(false);
    expect(await textOf((await bucket.download('mv/moved.txt')).data)).toBe('movable');
    expect(await bucket.copy('mv/moved.txt', 'mv/copy.txt')).toEqual({ data: { path: `${otherBucket}/mv/copy.txt` }, error: null });
    expect(await bucket.copy('mv/moved.txt', 'mv/elsewhere.txt', { destinationBucket: privateBucket })).toEqual({
      data: { path: `${privateBucket}/mv/elsewhere.txt` },
      error: null,
    });
    expect(await textOf((await service().storage.from(privateBucket).download('mv/elsewhere.txt')).data)).toBe('movable');
    expect(await bucket.move('mv/copy.txt', 'mv/across.txt', { destinationBucket: privateBucket })).toMatchObject({ error: null });
    expect(await textOf((await service().storage.from(privateBucket).download('mv/across.txt')).data)).toBe('movable');
    expect((await bucket.move('mv/nothing.txt', 'mv/x.txt')).error).toMatchObject({ statusCode: '404' });
    expect((await bucket.copy('mv/moved.txt', 'list/a.txt')).error).toMatchObject({ statusCode: '409' });
    // Into a bucket whose rules the object breaks (type): refused like an upload would be.
    expect((await bucket.copy('mv/moved.txt', 'x.txt', { destinationBucket: limitedBucket })).error).toBeNull();
    expect((await bucket.upload('mv/image.png', randomBytes(10), { contentType: 'image/png' })).error).toBeNull();
    expect((await bucket.copy('mv/image.png', 'x.png', { destinationBucket: limitedBucket })).error).toMatchObject({ statusCode: '415' });

    const file = await fileOf(otherBucket, 'mv/moved.txt');
    const removed = await bucket.remove(['mv/moved.txt', 'mv/image.png', 'mv/never.txt']);
    expect(removed.error).toBeNull();
    expect(removed.data?.map((entry) => entry.name).sort()).toEqual(['mv/image.png', 'mv/moved.txt']);
    expect(existsSync(file)).toBe(false);
    expect((await bucket.exists('mv/moved.txt')).data).toBe(false);
    const tooMany = await bucket.remove(Array.from({ length: 1001 }, (_, i) => `n${i}`));
    expect(tooMany.error).toMatchObject({ statusCode: '400' });
  });
});

describe('downloads', () => {
  const content = Buffer.from('0123456789abcdefghij');

  beforeAll(async () => {
    expect((await service().storage.from(publicBucket).upload('clip.bin', content, { contentType: 'application/octet-stream' })).error).toBeNull();
  });

  it('serve a public bucket to anyone at its public URL, and never a private one', async () => {
    const { data } = guest().storage.from(publicBucket).getPublicUrl('clip.bin');
    expect(data.publicUrl).toBe(storageUrl(`/object/public/${publicBucket}/clip.bin`));
    const response = await fetch(data.publicUrl);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(content);
    expect((await guest().storage.from(publicBucket).download('clip.bin')).error).toBeNull();

    expect((await service().storage.from(privateBucket).upload('secret.txt', 'psst', { contentType: 'text/plain' })).error).toBeNull();
    const hidden = await fetch(storageUrl(`/object/public/${privateBucket}/secret.txt`));
    expect(hidden.status).toBe(400);
    expect(await hidden.json()).toMatchObject({ statusCode: '404', error: 'Bucket not found' });
    const noToken = await fetch(storageUrl(`/object/${privateBucket}/secret.txt`));
    expect(await noToken.json()).toMatchObject({ statusCode: '404', error: 'Bucket not found' });
    const missing = await fetch(storageUrl(`/object/public/${publicBucket}/nothing.bin`));
    expect(await missing.json()).toMatchObject({ statusCode: '404', message: 'Object not found' });
  });

  it('give the info of a public object to anyone, and of others only as the policies let the caller read', async () => {
    const open = await fetch(storageUrl(`/object/info/public/${publicBucket}/clip.bin`));
    expect(open.status).toBe(200);
    expect(await open.json()).toMatchObject({ name: 'clip.bin', bucket_id: publicBucket, size: content.length });
    const notPublic = await fetch(storageUrl(`/object/info/public/${privateBucket}/secret.txt`));
    expect(await notPublic.json()).toMatchObject({ statusCode: '404', error: 'Bucket not found' });

    const asAlice = { apikey: stack().anonKey, Authorization: `Bearer ${alice.token}` };
    const readable = await fetch(storageUrl(`/object/info/authenticated/${privateBucket}/secret.txt`), { headers: asAlice });
    expect(readable.status).toBe(200);
    expect(await readable.json()).toMatchObject({ name: 'secret.txt', bucket_id: privateBucket });
    // A bucket with no policy for users: the object is not there for them.
    expect((await service().storage.from(otherBucket).upload('hidden.txt', 'no', { contentType: 'text/plain' })).error).toBeNull();
    const hidden = await fetch(storageUrl(`/object/info/authenticated/${otherBucket}/hidden.txt`), { headers: asAlice });
    expect(hidden.status).toBe(400);
    expect(await hidden.json()).toMatchObject({ statusCode: '404' });
    const noKey = await fetch(storageUrl(`/object/info/authenticated/${privateBucket}/secret.txt`));
    expect(noKey.status).toBeGreaterThanOrEqual(400);
    expect(noKey.status).toBeLessThan(500);
  });

  it('answer a Range with 206 and Content-Range, and refuse one outside the file with 416', async () => {
    const url = storageUrl(`/object/public/${publicBucket}/clip.bin`);
    const part = await fetch(url, { headers: { Range: 'bytes=2-5' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 2-5/${content.length}`);
    expect(part.headers.get('content-length')).toBe('4');
    expect(part.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await part.arrayBuffer()).toString()).toBe('2345');
    const tail = await fetch(url, { headers: { Range: 'bytes=-3' } });
    expect(tail.status).toBe(206);
    expect(await tail.text()).toBe('hij');
    const open = await fetch(url, { headers: { Range: 'bytes=18-' } });
    expect(await open.text()).toBe('ij');
    const outside = await fetch(url, { headers: { Range: 'bytes=50-60' } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${content.length}`);
    expect(await outside.json()).toMatchObject({ statusCode: '416' });
  });

  it('answer a matching If-None-Match with 304, and HEAD with headers alone', async () => {
    const url = storageUrl(`/object/public/${publicBucket}/clip.bin`);
    const first = await fetch(url);
    const eTag = first.headers.get('etag')!;
    await first.arrayBuffer();
    const again = await fetch(url, { headers: { 'If-None-Match': eTag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(eTag);
    expect((await fetch(url, { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(content.length));
    expect(await head.text()).toBe('');
    const download = await fetch(`${url}?download=clip%20copy.bin`);
    expect(download.headers.get('content-disposition')).toBe("attachment; filename=clip%20copy.bin; filename*=UTF-8''clip%20copy.bin");
  });

  it('serve HTML as plain text, never as a page of the API origin', async () => {
    expect((await service().storage.from(publicBucket).upload('page.html', '<script>alert(1)</script>', { contentType: 'text/html' })).error).toBeNull();
    const response = await fetch(storageUrl(`/object/public/${publicBucket}/page.html`));
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('signed URLs', () => {
  beforeAll(async () => {
    expect((await service().storage.from(privateBucket).upload('signed/a.txt', 'signed content', { contentType: 'text/plain' })).error).toBeNull();
  });

  it('let anyone holding one download the object until it expires', async () => {
    const { data, error } = await service().storage.from(privateBucket).createSignedUrl('signed/a.txt', 60);
    expect(error).toBeNull();
    expect(data!.signedUrl).toMatch(new RegExp(`^${storageUrl(`/object/sign/${privateBucket}/signed/a.txt`)}\\?token=`));
    const response = await fetch(data!.signedUrl);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('signed content');
    expect(response.headers.get('expires')).not.toBeNull();

    const many = await service().storage.from(privateBucket).createSignedUrls(['signed/a.txt', 'signed/none.txt'], 60);
    expect(many.data?.[0]).toMatchObject({ path: 'signed/a.txt', error: null, signedUrl: expect.stringContaining('token=') });
    expect(many.data?.[1]).toMatchObject({ path: 'signed/none.txt', signedUrl: null, error: 'Either the object does not exist or you do not have access to it' });
    expect(await (await fetch(many.data![0].signedUrl!)).text()).toBe('signed content');
  });

  it('refuse a tampered, expired or misdirected token with 400, as Storage does', async () => {
    const { data } = await service().storage.from(privateBucket).createSignedUrl('signed/a.txt', 60);
    const url = new URL(data!.signedUrl);
    const token = url.searchParams.get('token')!;
    const tampered = new URL(url);
    tampered.searchParams.set('token', `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`);
    const bad = await fetch(tampered);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ statusCode: '400', error: 'InvalidJWT' });

    const secret = new TextEncoder().encode(stack().jwtSecret);
    const past = Math.floor(Date.now() / 1000) - 120;
    const expired = await new SignJWT({ url: `${privateBucket}/signed/a.txt`, scope: 'download' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(past - 60)
      .setExpirationTime(past)
      .sign(secret);
    const late = await fetch(storageUrl(`/object/sign/${privateBucket}/signed/a.txt?token=${expired}`));
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ statusCode: '400', error: 'InvalidJWT', message: '"exp" claim timestamp check failed' });

    const elsewhere = await fetch(storageUrl(`/object/sign/${privateBucket}/secret.txt?token=${token}`));
    expect(await elsewhere.json()).toMatchObject({ statusCode: '400', error: 'InvalidSignature' });
    // A user's access token is no signed URL, and a signed URL's token no access token.
    const accessToken = await fetch(storageUrl(`/object/sign/${privateBucket}/signed/a.txt?token=${alice.token}`));
    expect(await accessToken.json()).toMatchObject({ statusCode: '400' });
    const asBearer = await fetch(storageUrl(`/object/authenticated/${privateBucket}/signed/a.txt`), { headers: { Authorization: `Bearer ${token}` } });
    expect(await asBearer.json()).toMatchObject({ statusCode: '403' });
    expect((await service().storage.from(privateBucket).createSignedUrl('signed/none.txt', 60)).error).toMatchObject({ statusCode: '404' });
    expect((await service().storage.from(privateBucket).createSignedUrl('signed/a.txt', 0)).error).toMatchObject({ statusCode: '400' });
  });

  it('let a signed upload URL store one object, in the name of who signed it', async () => {
    const user = clientFor(stack().anonKey, alice.token).storage.from(privateBucket);
    const { data, error } = await user.createSignedUploadUrl(`${alice.id}/signed-upload.txt`);
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: `${alice.id}/signed-upload.txt`, token: expect.any(String) });
    const uploaded = await guest().storage.from(privateBucket).uploadToSignedUrl(`${alice.id}/signed-upload.txt`, data!.token, Buffer.from('via token'), {
      contentType: 'text/plain',
    });
    expect(uploaded).toEqual({ data: { path: `${alice.id}/signed-upload.txt`, fullPath: `${privateBucket}/${alice.id}/signed-upload.txt` }, error: null });
    const [row] = await adminSql()`select owner from storage.objects where bucket_id = ${privateBucket} and name = ${`${alice.id}/signed-upload.txt`}`;
    expect(row.owner).toBe(alice.id);
    const other = await guest().storage.from(privateBucket).uploadToSignedUrl(`${alice.id}/other.txt`, data!.token, Buffer.from('no'), { contentType: 'text/plain' });
    expect(other.error).toMatchObject({ statusCode: '400', message: 'Invalid signature' });
    // Signing needs the right to upload there in the first place.
    expect((await user.createSignedUploadUrl(`${bob.id}/x.txt`)).error).toMatchObject({ statusCode: '403' });
  });
});

describe('limits', () => {
  it('refuse a file over the bucket limit (413) or of a type the bucket does not take (415), storing nothing', async () => {
    const bucket = service().storage.from(limitedBucket);
    expect((await bucket.upload('big.ogg', randomBytes(2000), { contentType: 'audio/ogg' })).error).toMatchObject({ statusCode: '413', status: 400 });
    expect((await bucket.upload('big.ogg', new Blob([randomBytes(2000)], { type: 'audio/ogg' }))).error).toMatchObject({ statusCode: '413' });
    expect((await bucket.upload('pic.png', randomBytes(10), { contentType: 'image/png' })).error).toMatchObject({ statusCode: '415', message: 'mime type image/png is not supported' });
    expect((await bucket.upload('pic.png', new Blob([randomBytes(10)], { type: 'image/png' }))).error).toMatchObject({ statusCode: '415' });
    // Storage compares type/subtype whole: parameters on a raw body's type count.
    expect((await bucket.upload('take.webm', randomBytes(10), { contentType: 'audio/webm;codecs=opus' })).error).toMatchObject({ statusCode: '415' });
    expect((await bucket.upload('take.webm', new Blob([randomBytes(10)], { type: 'audio/webm;codecs=opus' }))).error).toBeNull();
    expect((await bucket.upload('ok.ogg', randomBytes(1024), { contentType: 'audio/ogg' })).error).toBeNull();
    // A wildcard takes any subtype of its type.
    expect((await bucket.upload('list.csv', 'a,b', { contentType: 'text/csv' })).error).toBeNull();
    expect((await bucket.list()).data?.map((e) => e.name)).toEqual(['list.csv', 'ok.ogg', 'take.webm', 'x.txt']);
  });

  it('cut off a streamed upload with no length once it passes the limit, leaving no file behind', async () => {
    const chunks = Array.from({ length: 8 }, () => randomBytes(512));
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks.shift();
        if (chunk) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const { error } = await service().storage.from(limitedBucket).upload('stream.ogg', body, { contentType: 'audio/ogg', duplex: 'half' });
    expect(error).toMatchObject({ statusCode: '413' });
    expect(await adminSql()`select 1 from storage.objects where bucket_id = ${limitedBucket} and name = 'stream.ogg'`).toHaveLength(0);
    expect(readdirSync(path.join(stack().storageDir, 'tmp'))).toEqual([]);
  });

  it('leaves nothing behind when the client breaks off an upload', async () => {
    const url = new URL(storageUrl(`/object/${otherBucket}/broken.bin`));
    await new Promise<void>((resolve) => {
      const request = httpRequest(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${stack().serviceRoleKey}`, 'Content-Type': 'application/octet-stream', 'Content-Length': '100000' },
      });
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      request.write(randomBytes(20_000), () => setTimeout(() => request.destroy(), 100));
    });
    await expect.poll(() => readdirSync(path.join(stack().storageDir, 'tmp'))).toEqual([]);
    expect(await adminSql()`select 1 from storage.objects where bucket_id = ${otherBucket} and name = 'broken.bin'`).toHaveLength(0);
  });

  it('reads a multipart upload as it streams, whole across chunk boundaries, and refuses a form of too many parts', async () => {
    const bytes = randomBytes(700_000);
    const bucket = service().storage.from(otherBucket);
    expect((await bucket.upload('multi/big.bin', new Blob([bytes], { type: 'application/octet-stream' }))).error).toBeNull();
    expect(Buffer.from(await (await bucket.download('multi/big.bin')).data!.arrayBuffer()).equals(bytes)).toBe(true);

    const form = new FormData();
    for (let i = 0; i < 12; i += 1) form.append(`field${i}`, 'x');
    form.append('', new Blob(['late file'], { type: 'text/plain' }), 'late.txt');
    const refused = await fetch(storageUrl(`/object/${otherBucket}/multi/late.txt`), {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack().serviceRoleKey}` },
      body: form,
    });
    expect(await refused.json()).toMatchObject({ statusCode: '400', message: 'Too many parts in the multipart body' });
    expect((await bucket.exists('multi/late.txt')).data).toBe(false);
  });

  it('refuses an oversized JSON body', async () => {
    const response = await fetch(storageUrl(`/object/list/${otherBucket}`), {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack().serviceRoleKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ prefix: '', search: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ statusCode: '413' });
  });
});

describe('names', () => {
  const attempts = [
    '..%2Fescape.txt',
    '%2e%2e/escape.txt',
    'a/%2e%2e/%2e%2e/escape.txt',
    '%252e%252e/escape.txt',
    'a%5C..%5Cescape.txt',
    'nul%00.txt',
    '%2Fetc/passwd',
    'a//b.txt',
    'folder/',
    '.',
    '%C3%B1.txt',
  ];

  /** A request sent as written (fetch would resolve `..` and `.` itself before sending). */
  const rawUpload = (rawPath: string) =>
    new Promise<{ status: number; body: { statusCode?: string } }>((resolve, reject) => {
      const url = new URL(stack().apiUrl);
      const request = httpRequest(
        { host: url.hostname, port: url.port, method: 'POST', path: `/storage/v1/object/${otherBucket}/${rawPath}`, headers: { Authorization: `Bearer ${stack().serviceRoleKey}`, 'Content-Type': 'text/plain' } },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as { statusCode?: string } }));
        },
      );
      request.on('error', reject);
      request.end('escape');
    });

  it.each(attempts)('refuses %s as an object name, storing nothing', async (name) => {
    const { status, body } = await rawUpload(name);
    // 400 for a name refused; 404 when `..` left no bucket and key to upload to at all.
    expect([400, 404]).toContain(status);
    expect(body.statusCode).toBe(String(status));
    expect(await adminSql()`select bucket_id, name from storage.objects where name like '%escape%' or name like '%passwd%'`).toEqual([]);
  });

  it('keeps supabase-js names with spaces and safe punctuation', async () => {
    const bucket = service().storage.from(otherBucket);
    const name = "folder one/it's (final) copy+1.txt";
    expect((await bucket.upload(name, 'kept', { contentType: 'text/plain' })).error).toBeNull();
    expect(await textOf((await bucket.download(name)).data)).toBe('kept');
    expect((await bucket.list('folder one')).data?.map((e) => e.name)).toEqual(["it's (final) copy+1.txt"]);
  });
});

describe('RLS on storage.objects', () => {
  it('lets a signed-in user write only in their own folder, owning what they upload', async () => {
    const asAlice = clientFor(stack().anonKey, alice.token).storage.from(privateBucket);
    const own = await asAlice.upload(`${alice.id}/note.txt`, 'mine', { contentType: 'text/plain' });
    expect(own.error).toBeNull();
    const [row] = await adminSql()`select owner, owner_id from storage.objects where bucket_id = ${privateBucket} and name = ${`${alice.id}/note.txt`}`;
    expect(row).toEqual({ owner: alice.id, owner_id: alice.id });
    const foreign = await asAlice.upload(`${bob.id}/note.txt`, 'not mine', { contentType: 'text/plain' });
    expect(foreign.error).toMatchObject({ statusCode: '403', status: 400, message: 'new row violates row-level security policy' });
    expect((await asAlice.upload('loose.txt', 'x', { contentType: 'text/plain' })).error).toMatchObject({ statusCode: '403' });
    expect(await textOf((await asAlice.download(`${alice.id}/note.txt`)).data)).toBe('mine');
    expect((await asAlice.list(alice.id)).data?.map((e) => e.name)).toContain('note.txt');
    expect((await asAlice.upload(`${alice.id}/note.txt`, 'mine again', { contentType: 'text/plain', upsert: true })).error).toBeNull();
    expect((await asAlice.move(`${alice.id}/note.txt`, `${bob.id}/stolen.txt`)).error).not.toBeNull();
  });

  it("lets another user read but neither replace nor remove someone else's object", async () => {
    expect((await clientFor(stack().anonKey, alice.token).storage.from(privateBucket).upload(`${alice.id}/keep.txt`, 'keep', { contentType: 'text/plain' })).error).toBeNull();
    const asBob = clientFor(stack().anonKey, bob.token).storage.from(privateBucket);
    expect(await textOf((await asBob.download(`${alice.id}/keep.txt`)).data)).toBe('keep');
    expect((await asBob.upload(`${alice.id}/keep.txt`, 'mine now', { contentType: 'text/plain', upsert: true })).error).toMatchObject({ statusCode: '403' });
    expect(await asBob.remove([`${alice.id}/keep.txt`])).toEqual({ data: [], error: null });
    const single = await fetch(storageUrl(`/object/${privateBucket}/${alice.id}/keep.txt`), { method: 'DELETE', headers: { Authorization: `Bearer ${bob.token}` } });
    expect(await single.json()).toMatchObject({ statusCode: '403' });
    expect(await textOf((await service().storage.from(privateBucket).download(`${alice.id}/keep.txt`)).data)).toBe('keep');
    const mine = await clientFor(stack().anonKey, alice.token).storage.from(privateBucket).remove([`${alice.id}/keep.txt`]);
    expect(mine.data?.map((e) => e.name)).toEqual([`${alice.id}/keep.txt`]);
  });

  it('lets guests read where a policy says so and write nowhere', async () => {
    expect((await service().storage.from(privateBucket).upload(`${alice.id}/guest-read.txt`, 'for all', { contentType: 'text/plain' })).error).toBeNull();
    const asGuest = guest().storage.from(privateBucket);
    expect(await textOf((await asGuest.download(`${alice.id}/guest-read.txt`)).data)).toBe('for all');
    expect((await asGuest.upload(`${alice.id}/guest.txt`, 'x', { contentType: 'text/plain' })).error).toMatchObject({ statusCode: '403' });
    // No policy lets anyone but the service read otherBucket.
    expect((await guest().storage.from(otherBucket).download('top.txt')).error).toMatchObject({ statusCode: '404' });
    expect((await guest().storage.from(otherBucket).list()).data).toEqual([]);
    // No token at all on a route that needs one: Storage's 403 in a 400.
    const bare = await fetch(storageUrl(`/object/${privateBucket}/x.txt`), { method: 'POST', body: 'x' });
    expect(bare.status).toBe(400);
    expect(await bare.json()).toMatchObject({ statusCode: '403' });
  });

  it("refuses a signed-out session's token everywhere the policies check the session", async () => {
    const carol = await createUser({ name: 'Carol Storage' });
    const asCarol = clientFor(stack().anonKey, carol.token).storage.from(privateBucket);
    expect((await asCarol.upload(`${carol.id}/before.txt`, 'before', { contentType: 'text/plain' })).error).toBeNull();
    await adminSql()`delete from auth.sessions where id = ${carol.sessionId}`;
    expect((await asCarol.upload(`${carol.id}/after.txt`, 'after', { contentType: 'text/plain' })).error).toMatchObject({ statusCode: '403' });
    expect((await asCarol.download(`${carol.id}/before.txt`)).error).toMatchObject({ statusCode: '404' });
    expect((await asCarol.list(carol.id)).data).toEqual([]);
    expect(await asCarol.remove([`${carol.id}/before.txt`])).toEqual({ data: [], error: null });
    expect((await asCarol.createSignedUrl(`${carol.id}/before.txt`, 60)).error).toMatchObject({ statusCode: '404' });
  });

  it('refuses a forged token and an unknown apikey', async () => {
    const forged = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret'));
    const response = await fetch(storageUrl('/bucket'), { headers: { Authorization: `Bearer ${forged}` } });
    expect(await response.json()).toMatchObject({ statusCode: '403', message: 'signature verification failed' });
    const unknownKey = await fetch(storageUrl('/bucket'), { headers: { apikey: 'sb_secret_not_ours_at_all_12345' } });
    expect(unknownKey.status).toBe(401);
    // The opaque secret key stands for the service role, as an apikey or a bearer.
    const secretKey = await fetch(storageUrl(`/bucket/${privateBucket}`), { headers: { apikey: stack().secretKey } });
    expect(await secretKey.json()).toMatchObject({ id: privateBucket });
  });
});

describe('when Postgres cannot be reached', () => {
  it("answers 503 in Storage's shape, for reads and uploads alike, and keeps running", async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'jerga-storage-down-'));
    const { jwtSecret, anonKey, serviceRoleKey, publishableKey, secretKey } = stack();
    const storage = await startStorage({
      config: { jwtSecret, anonKey, serviceRoleKey, publishableKeys: [publishableKey], secretKeys: [secretKey] },
      databaseUrl: `postgresql://authenticator:postgres@127.0.0.1:${await freePort()}/postgres`,
      storageDir: folder,
      fileSizeLimit: 1024 * 1024,
    });
    try {
      const headers = { authorization: `Bearer ${serviceRoleKey}` };
      for (const [route, init] of [
        ['/bucket', { headers }],
        ['/object/public/b/k.txt', {}],
        ['/object/list-v2/b', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{"with_delimiter":true}' }],
        ['/object/b/k.txt', { method: 'POST', headers: { ...headers, 'content-type': 'text/plain' }, body: 'hello' }],
      ] as const) {
        const reply = await storage.fetch(new Request(`http://storage.test/storage/v1${route}`, init), route);
        expect(reply.status, route).toBe(503);
        expect(await reply.json()).toMatchObject({ statusCode: '503', error: 'DatabaseUnavailable' });
      }
      expect(existsSync(path.join(folder, 'objects'))).toBe(false);
    } finally {
      await storage.close();
      await fs.rm(folder, { recursive: true, force: true });
    }
  });
});
