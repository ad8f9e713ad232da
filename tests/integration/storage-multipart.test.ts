import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { multipartBoundary, parseMultipart, type MultipartEvent } from '../../stack/storage/multipart.ts';

// The Storage service's streaming multipart parser (stack/storage/multipart.ts): what it
// yields for a form however the bytes are cut into chunks, and what it refuses.

const boundary = '----jergaBoundary7MA4YWxk';

function form(parts: { headers: string; body: Buffer }[]): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) pieces.push(Buffer.from(`--${boundary}\r\n${part.headers}\r\n\r\n`), part.body, Buffer.from('\r\n'));
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(pieces);
}

async function* chunks(bytes: Buffer, size: number) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/** The parts of a parsed form: headers and their whole bodies. */
async function parse(bytes: Buffer, size: number) {
  const parts: { name: string; filename: string | null; contentType: string | null; body: Buffer }[] = [];
  for await (const event of parseMultipart(chunks(bytes, size), boundary) as AsyncGenerator<MultipartEvent>) {
    if (event.type === 'part') parts.push({ name: event.name, filename: event.filename, contentType: event.contentType, body: Buffer.alloc(0) });
    else if (event.type === 'data') parts[parts.length - 1].body = Buffer.concat([parts[parts.length - 1].body, event.chunk]);
  }
  return parts;
}

describe('the multipart parser', () => {
  // A body holding what looks like the start of a delimiter, and CRLFs.
  const file = Buffer.concat([randomBytes(5000), Buffer.from(`\r\n--${boundary.slice(0, 10)}\r\n--`), randomBytes(3000)]);
  const body = form([
    { headers: 'Content-Disposition: form-data; name="cacheControl"', body: Buffer.from('3600') },
    { headers: 'Content-Disposition: form-data; name=""; filename="blob"\r\nContent-Type: audio/webm;codecs=opus', body: file },
  ]);

  it.each([1, 2, 7, 64, 1000, 4096, body.length])('yields the same parts in chunks of %i bytes', async (size) => {
    const parts = await parse(body, size);
    expect(parts.map(({ name, filename, contentType }) => ({ name, filename, contentType }))).toEqual([
      { name: 'cacheControl', filename: null, contentType: null },
      { name: '', filename: 'blob', contentType: 'audio/webm;codecs=opus' },
    ]);
    expect(parts[0].body.toString()).toBe('3600');
    expect(parts[1].body.equals(file)).toBe(true);
  });

  it('reads the boundary from the Content-Type, quoted or not', () => {
    expect(multipartBoundary(`multipart/form-data; boundary=${boundary}`)).toBe(boundary);
    expect(multipartBoundary(`multipart/form-data; charset=utf-8; boundary="${boundary}"`)).toBe(boundary);
    expect(multipartBoundary('application/octet-stream')).toBeNull();
    expect(multipartBoundary('multipart/form-data')).toBeNull();
  });

  it('refuses a form that ends early, has too many parts, or oversized part headers', async () => {
    await expect(parse(body.subarray(0, body.length - 10), 100)).rejects.toThrow(/ended early/);
    const many = form(Array.from({ length: 12 }, (_, i) => ({ headers: `Content-Disposition: form-data; name="f${i}"`, body: Buffer.from('x') })));
    await expect(parse(many, 100)).rejects.toThrow(/Too many parts/);
    const huge = form([{ headers: `Content-Disposition: form-data; name="${'x'.repeat(20_000)}"`, body: Buffer.from('x') }]);
    await expect(parse(huge, 1000)).rejects.toThrow(/headers too large/);
    const noDisposition = form([{ headers: 'Content-Type: text/plain', body: Buffer.from('x') }]);
    await expect(parse(noDisposition, 1000)).rejects.toThrow(/Malformed/);
  });
});
