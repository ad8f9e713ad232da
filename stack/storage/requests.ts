import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { invalidRequest, StorageError } from './errors.ts';

/** The most a JSON request body may hold (a batch delete of 1000 long keys fits). */
const MAX_JSON_BYTES = 2 * 1024 * 1024;
/** Objects per batch request (remove, createSignedUrls), as Storage's MAX_OBJECTS_PER_REQUEST. */
export const MAX_OBJECTS_PER_REQUEST = 1000;
/** Rows per list page (Storage caps its search at 1500). */
export const MAX_LIST_LIMIT = 1000;

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });

/** A request body as a Node stream (async-iterable, and cancelled with it). */
export const streamOf = (body: ReadableStream<Uint8Array>): Readable => Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>);

/** Text for a `like` pattern, its wildcards and escape character taken literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A JSON request body read with a cap; empty is `{}` (as Storage's empty-body plugin). */
export async function readJson(request: Request): Promise<Record<string, unknown>> {
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
