import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transport } from '../support/realtime.ts';
import { stack } from '../support/stack.ts';

// Storage from the browser's origin: the production web server (stack/web.ts) and Vite's
// dev server relay /storage/v1 to the gateway streaming both ways, so an upload past the
// JSON body cap goes through, a Range reply stays a 206, and the page may play audio from
// its own origin and from blob: URLs.

const bucketId = `s-proxy-${randomUUID().slice(0, 8)}`;
const big = randomBytes(3 * 1024 * 1024 + 17);
const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

const serviceAt = (origin: string) =>
  createClient(origin, stack().serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport } }).storage;

beforeAll(async () => {
  const storage = serviceAt(stack().apiUrl);
  expect((await storage.createBucket(bucketId, { public: true, fileSizeLimit: 8 * 1024 * 1024 })).error).toBeNull();
});

afterAll(async () => {
  const storage = serviceAt(stack().apiUrl);
  await storage.emptyBucket(bucketId);
  await storage.deleteBucket(bucketId);
});

describe.each([
  ['the production web server', () => stack().webUrl],
  ['the dev server', () => stack().devUrl],
])('Storage through %s', (name, origin) => {
  const file = `${name.replace(/\W+/g, '-')}/big.bin`;

  it('takes an upload larger than any JSON body, streamed, and gives it back whole', async () => {
    const storage = serviceAt(origin()).from(bucketId);
    const uploaded = await storage.upload(file, big, { contentType: 'application/octet-stream' });
    expect(uploaded.error).toBeNull();
    const { data } = await storage.download(file);
    expect(md5(new Uint8Array(await data!.arrayBuffer()))).toBe(md5(big));
  });

  it('passes a Range through as a 206 with its Content-Range, and HEAD and 304 as they are', async () => {
    const url = serviceAt(origin()).from(bucketId).getPublicUrl(file).data.publicUrl;
    expect(url.startsWith(origin())).toBe(true);
    const part = await fetch(url, { headers: { Range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${big.length}`);
    expect(part.headers.get('content-length')).toBe('1000');
    expect(Buffer.from(await part.arrayBuffer())).toEqual(big.subarray(1000, 2000));
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(big.length));
    const again = await fetch(url, { headers: { 'If-None-Match': head.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it("still refuses, while streaming, an upload past the bucket's limit", async () => {
    const storage = serviceAt(origin()).from(bucketId);
    const chunks = Array.from({ length: 10 }, () => randomBytes(1024 * 1024));
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks.shift();
        if (chunk) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const { error } = await storage.upload(`${file}.too-big`, body, { contentType: 'application/octet-stream', duplex: 'half' });
    expect(error).toMatchObject({ statusCode: '413' });
    expect((await storage.exists(`${file}.too-big`)).data).toBe(false);
  });
});

describe('the web page', () => {
  it('may play media from its own origin and from blob: URLs, and nothing else', async () => {
    const response = await fetch(`${stack().webUrl}/`);
    const policy = response.headers.get('content-security-policy') ?? '';
    const media = policy.split(';').map((part) => part.trim().split(/\s+/)).find(([directive]) => directive === 'media-src');
    expect(media?.slice(1).sort()).toEqual(["'self'", 'blob:']);
  });
});
