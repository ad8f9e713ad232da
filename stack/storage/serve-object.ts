import type { ObjectRow, StorageContext } from './context.ts';
import { errorResponse, invalidRange, type StorageError } from './errors.ts';

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

/** A stored metadata value that can go out in a header (rows written by SQL could hold anything). */
export const headerValue = (value: unknown): string | undefined =>
  typeof value === 'string' && /^[\x20-\x7e]{1,1000}$/.test(value) ? value : undefined;

/** The headers an object goes out with, as Storage sends them. */
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
export async function serveObject(ctx: StorageContext, request: Request, object: ObjectRow, extra: { expires?: number } = {}): Promise<Response> {
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
  const file = await ctx.store.open(object.version);
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
