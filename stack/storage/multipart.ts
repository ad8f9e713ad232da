import { invalidRequest } from './errors.ts';

/** What a multipart/form-data body is made of, in order, as it streams in. */
export type MultipartEvent =
  | { type: 'part'; name: string; filename: string | null; contentType: string | null }
  | { type: 'data'; chunk: Buffer }
  | { type: 'end' };

const MAX_HEADER_BYTES = 16 * 1024;
/** Parts a form may have (Storage's multipart limits: 10 fields and a file). */
const MAX_PARTS = 11;
/** What may come before the first boundary. */
const MAX_PREAMBLE_BYTES = 64 * 1024;
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** The boundary of a `multipart/form-data; boundary=…` Content-Type, or null. */
export function multipartBoundary(contentType: string | null | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*(;|$)/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : null;
}

/** A part header's parameter (`name="x"`, `filename=y`), unquoted. */
function parameter(header: string, name: string): string | null {
  const match = new RegExp(`;\\s*${name}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, 'i').exec(header);
  if (!match) return null;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2];
}

function parseHeaders(block: string): { name: string; filename: string | null; contentType: string | null } {
  let disposition = '';
  let contentType: string | null = null;
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'content-disposition') disposition = value;
    else if (key === 'content-type') contentType = value;
  }
  if (!/^form-data\b/i.test(disposition)) throw invalidRequest('Malformed multipart body');
  return { name: parameter(disposition, 'name') ?? '', filename: parameter(disposition, 'filename'), contentType };
}

/**
 * Parses a multipart/form-data body as it streams, never holding more than one chunk and
 * a delimiter's length: part headers (16 KB at most), then the part's bytes in pieces,
 * then its end. A body that breaks off or is malformed throws a 400.
 */
export async function* parseMultipart(body: AsyncIterable<Uint8Array>, boundary: string): AsyncGenerator<MultipartEvent> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first boundary has no CRLF before it: pretend it had.
  let buffer: Buffer = CRLF;
  let state: 'preamble' | 'after-delimiter' | 'headers' | 'body' | 'done' = 'preamble';
  let preamble = 0;
  let parts = 0;
  for await (const piece of body) {
    if (state === 'done') continue;
    buffer = buffer.length ? Buffer.concat([buffer, piece]) : Buffer.from(piece);
    for (;;) {
      if (state === 'preamble') {
        const at = buffer.indexOf(delimiter);
        if (at < 0) {
          preamble += piece.length;
          if (preamble > MAX_PREAMBLE_BYTES) throw invalidRequest('Malformed multipart body');
          buffer = buffer.subarray(Math.max(0, buffer.length - delimiter.length + 1));
          break;
        }
        buffer = buffer.subarray(at + delimiter.length);
        state = 'after-delimiter';
      }
      if (state === 'after-delimiter') {
        if (buffer.length < 2) break;
        if (buffer[0] === 0x2d && buffer[1] === 0x2d) {
          state = 'done';
          break;
        }
        if (buffer[0] !== 0x0d || buffer[1] !== 0x0a) throw invalidRequest('Malformed multipart body');
        buffer = buffer.subarray(2);
        state = 'headers';
      }
      if (state === 'headers') {
        const end = buffer.indexOf(HEADER_END);
        if (end < 0) {
          if (buffer.length > MAX_HEADER_BYTES) throw invalidRequest('Multipart part headers too large');
          break;
        }
        if (end > MAX_HEADER_BYTES) throw invalidRequest('Multipart part headers too large');
        parts += 1;
        if (parts > MAX_PARTS) throw invalidRequest('Too many parts in the multipart body');
        const headers = parseHeaders(buffer.subarray(0, end).toString('latin1'));
        buffer = buffer.subarray(end + HEADER_END.length);
        state = 'body';
        yield { type: 'part', ...headers };
      }
      if (state === 'body') {
        const at = buffer.indexOf(delimiter);
        if (at >= 0) {
          if (at > 0) yield { type: 'data', chunk: buffer.subarray(0, at) };
          yield { type: 'end' };
          buffer = buffer.subarray(at + delimiter.length);
          state = 'after-delimiter';
          continue;
        }
        // Keep what could be the start of a delimiter split across chunks.
        const safe = buffer.length - (delimiter.length - 1);
        if (safe > 0) {
          yield { type: 'data', chunk: buffer.subarray(0, safe) };
          buffer = buffer.subarray(safe);
        }
        break;
      }
      if (state === 'done') break;
    }
  }
  if (state !== 'done') throw invalidRequest('Malformed multipart body: it ended early');
}
