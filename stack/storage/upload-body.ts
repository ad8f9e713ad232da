import type { Readable } from 'node:stream';
import type { StorageContext } from './context.ts';
import { entityTooLarge, invalidParameter, invalidRequest, noContent, StorageError } from './errors.ts';
import type { WrittenFile } from './files.ts';
import type { MultipartEvent } from './multipart.ts';
import { assertAllowedMimeType, cleanCacheControl, uploadMimeType } from './names.ts';

/** Storage's cap on user metadata (x-metadata, the multipart `metadata` field). */
const MAX_USER_METADATA_BYTES = 1024 * 1024;

/** What an upload's body says about the object, and the new version its bytes went to. */
export interface ReceivedBody {
  mimetype: string;
  cacheControl: string;
  userMetadata: unknown;
  written: WrittenFile;
}

/** What a form upload is checked against before its file's bytes are stored. */
export interface FormRules {
  /** The bucket's allowed_mime_types. */
  allowed: string[] | null;
  /** The most the file may hold, in bytes. */
  limit: number;
  /** The permission check (RLS) for what the fields say. */
  permit(mimetype: string, userMetadata: unknown): Promise<void>;
}

export function userMetadataFrom(text: string | null | undefined, base64: boolean): unknown {
  if (!text) return undefined;
  if (Buffer.byteLength(text) > MAX_USER_METADATA_BYTES * (base64 ? 1.34 : 1)) throw entityTooLarge('user_metadata');
  try {
    const parsed: unknown = JSON.parse(base64 ? Buffer.from(text, 'base64').toString('utf8') : text);
    // What Postgres's jsonb cannot hold (a NUL, a lone surrogate) is refused, not a 500.
    const again = JSON.stringify(parsed);
    if (/\\u0000/.test(again) || /\\ud[89a-f][0-9a-f]{2}/i.test(again)) throw invalidParameter('metadata');
    return parsed;
  } catch (error) {
    if (error instanceof StorageError) throw error;
    return undefined;
  }
}

/**
 * Streams an upload's bytes to a new version. The client breaking off mid-body is its own
 * doing (400, as Storage's "request stream closed"), not a server error; a file system
 * failure (it names a syscall) stays one.
 */
export async function writeUpload(ctx: StorageContext, body: AsyncIterable<Uint8Array> | Readable, limit: number): Promise<WrittenFile> {
  try {
    return await ctx.store.write(body, limit);
  } catch (error) {
    if (error instanceof StorageError || (error as { syscall?: unknown }).syscall) throw error;
    throw invalidRequest('Request stream closed before upload could complete').withConnectionClose();
  }
}

/**
 * A multipart upload as Storage takes it: fields (cacheControl, metadata, contentType), then
 * the file, checked against `rules` before its bytes stream to a new version.
 */
export async function readFormUpload(ctx: StorageContext, events: AsyncGenerator<MultipartEvent>, rules: FormRules): Promise<ReceivedBody> {
  const next = async (): Promise<MultipartEvent> => {
    let step: IteratorResult<MultipartEvent>;
    try {
      step = await events.next();
    } catch (error) {
      if (error instanceof StorageError) throw error;
      throw invalidRequest('Request stream closed before upload could complete').withConnectionClose();
    }
    if (step.done) throw noContent();
    return step.value;
  };
  const fields: Record<string, string> = {};
  let fieldBytes = 0;
  let mimetype: string;
  let cacheControl: string;
  let userMetadata: unknown;
  let written: WrittenFile | undefined;
  for (;;) {
    const part = await next();
    if (part.type !== 'part') continue;
    if (part.filename === null) {
      const chunks: Buffer[] = [];
      for (let event = await next(); event.type !== 'end'; event = await next()) {
        if (event.type !== 'data') throw invalidRequest('Malformed multipart body');
        fieldBytes += event.chunk.length;
        if (fieldBytes > MAX_USER_METADATA_BYTES) throw entityTooLarge('user_metadata').withConnectionClose();
        chunks.push(Buffer.from(event.chunk));
      }
      if (!(part.name in fields)) fields[part.name] = Buffer.concat(chunks).toString('utf8');
      continue;
    }
    // The file: Storage takes the first one, with the fields sent before it.
    const partType = (part.contentType ?? '').split(';')[0].trim().toLowerCase();
    mimetype = uploadMimeType(fields.contentType || partType);
    cacheControl = cleanCacheControl(fields.cacheControl ? `max-age=${fields.cacheControl}` : 'no-cache');
    userMetadata = userMetadataFrom(fields.metadata ?? fields.userMetadata, false);
    try {
      assertAllowedMimeType(mimetype, rules.allowed);
      await rules.permit(mimetype, userMetadata);
    } catch (error) {
      // Refused before its bytes: the rest of a small body is read first (up to 1 MB, for
      // up to 2 s), or closing the connection on unread bytes resets it and the client
      // sees a failed request instead of the answer.
      await drainParts(events);
      throw error;
    }
    const fileBytes = async function* () {
      for (let event = await next(); event.type !== 'end'; event = await next()) {
        if (event.type === 'data') yield event.chunk;
        else throw invalidRequest('Malformed multipart body');
      }
    };
    written = await writeUpload(ctx, fileBytes(), rules.limit);
    break;
  }
  // Whatever follows the file (the closing boundary) is read, within reason.
  let rest = 0;
  try {
    for (let step = await events.next(); !step.done; step = await events.next()) {
      if (step.value.type === 'data') rest += step.value.chunk.length;
      if (rest > 64 * 1024) break;
    }
  } catch (error) {
    if (written) await ctx.store.remove([written.version]);
    throw error;
  }
  if (!written) throw noContent();
  return { mimetype: mimetype!, cacheControl: cacheControl!, userMetadata, written };
}

/** Reads and drops what is left of a multipart body, up to `maxBytes` and `maxMs`. */
async function drainParts(events: AsyncIterator<MultipartEvent>, maxBytes = 1 << 20, maxMs = 2000): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, maxMs);
  });
  const read = (async () => {
    let bytes = 0;
    for (;;) {
      const step = await events.next();
      if (step.done) return;
      if (step.value.type === 'data' && (bytes += step.value.chunk.length) > maxBytes) return;
    }
  })().catch(() => undefined); // a broken body: nothing more to read
  await Promise.race([read, late]);
  clearTimeout(timer);
}
