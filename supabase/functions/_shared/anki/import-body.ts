import { MAX_ANKI_PACKAGE_BYTES } from './format.ts';

/** The one /api route whose body may be larger than the app's 64 KB: the package itself. */
export const ANKI_IMPORT_PATH = '/api/flashcard/importAnki';

/** A multipart body's framing (boundaries, part headers, a small field or two) beyond the file. */
export const MULTIPART_ALLOWANCE_BYTES = 64 * 1024;

/** The most importAnki reads of a body: a 50 MB package, in multipart framing at most. */
export const MAX_ANKI_IMPORT_BODY_BYTES = MAX_ANKI_PACKAGE_BYTES + MULTIPART_ALLOWANCE_BYTES;

/**
 * The body's bytes, read as they arrive and counted: null as soon as there are more than
 * `limit` (the rest is never read).
 */
export async function readLimited(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return concat(chunks, total);
}

/** The chunks as one array of `total` bytes (the only chunk itself when there is one). */
export function concat(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const whole = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.length;
  }
  return whole;
}
