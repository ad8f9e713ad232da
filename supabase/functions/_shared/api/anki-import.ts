import { Hono, type Context } from 'hono';
import { MAX_ANKI_PACKAGE_BYTES } from '../anki/format.ts';
import { MAX_ANKI_IMPORT_BODY_BYTES, readLimited } from '../anki/import-body.ts';
import { readAnkiPackage } from '../anki/import.ts';
import type { AnkiImportReply } from '../contract/decks.ts';
import { ApiError, errorResponse } from '../errors.ts';
import type { ApiEnv } from './context.ts';

// Shapes only: which reviews are new, the replay and the limits live in the SQL functions
// start_anki_import and import_anki_reviews; this reads the package (anki/import.ts).

/** public.import_anki_reviews's reply. */
interface Merged {
  added: number;
  present: number;
  skipped: number;
  cards: number;
}

/** import_anki_reviews's statement timeout (the role's is 8 s). */
const IMPORT_TIMEOUT = '60s';

const isMultipart = (type: string | undefined) => /^multipart\/form-data\s*;/i.test(type ?? '');

/** The package out of a multipart body: its `file` field. */
async function fileOfForm(body: Uint8Array, contentType: string): Promise<Uint8Array> {
  let form: FormData;
  try {
    form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new ApiError(400, 'anki_package_invalid');
  }
  const file = form.get('file');
  if (file === null || typeof file === 'string') throw new ApiError(400, 'anki_package_invalid', { field: 'file' });
  if (file.size > MAX_ANKI_PACKAGE_BYTES) throw new ApiError(413, 'anki_package_too_large', { details: { maxBytes: MAX_ANKI_PACKAGE_BYTES } });
  return new Uint8Array(await file.arrayBuffer());
}

/** The error reply for a request whose body was not read to its end: its connection cannot carry another. */
function closing(error: unknown, c: Context<ApiEnv>): Response {
  const response = errorResponse(error, c);
  response.headers.set('connection', 'close');
  return response;
}

/**
 * `POST /api/flashcard/importAnki`: the .apkg as the raw body (application/octet-stream,
 * application/zip or application/apkg) or as the `file` field of a multipart form. Guests
 * 401; over 50 MB 413 (on Content-Length, else as soon as the bytes read say so); not a
 * package 400; no note of the caller's collection 422; over the import limits 429.
 */
export const ankiImport = new Hono<ApiEnv>().post('/importAnki', async (c) => {
  let bodyRead = false;
  try {
    if (!c.get('caller').userId) throw new ApiError(401, 'login_required');
    const contentType = c.req.header('content-type') ?? '';
    const limit = isMultipart(contentType) ? MAX_ANKI_IMPORT_BODY_BYTES : MAX_ANKI_PACKAGE_BYTES;
    const tooLarge = new ApiError(413, 'anki_package_too_large', { details: { maxBytes: MAX_ANKI_PACKAGE_BYTES } });
    if (Number(c.req.header('content-length') ?? 0) > limit) throw tooLarge;
    // Counted before the body is read, so a refused package counts as a read too.
    const key = await c.get('run')(async (tx) => (await tx<{ key: string }[]>`select public.start_anki_import() as key`)[0].key);
    const body = await readLimited(c.req.raw.body, limit);
    if (body === null) throw tooLarge;
    bodyRead = true;
    const zip = isMultipart(contentType) ? await fileOfForm(body, contentType) : body;
    const found = await readAnkiPackage(zip, key);
    const merged = await c.get('run')(async (tx) => {
      // A year of Anki history (20,000 reviews over 2,000 cards) replays in about 5 s on a quiet
      // machine, near the role's 8 s: this one call, limited to 10 an hour, gets a minute.
      await tx`select set_config('statement_timeout', ${IMPORT_TIMEOUT}, true)`;
      return (await tx<{ merged: Merged }[]>`select public.import_anki_reviews(${key}, ${tx.json(found.reviews as never)}) as merged`)[0].merged;
    });
    const reply: AnkiImportReply = {
      success: true,
      added: merged.added,
      present: merged.present,
      skipped: merged.skipped + found.skipped,
      unknownNotes: found.unknownNotes,
      cards: merged.cards,
    };
    return c.json(reply);
  } catch (error) {
    if (bodyRead) throw error;
    return closing(error, c);
  }
});
