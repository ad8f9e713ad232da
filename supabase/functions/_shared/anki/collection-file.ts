import { Unzip, UnzipInflate, unzipSync } from 'fflate';
import { Decompress } from 'fzstd';
import { ApiError } from '../errors.ts';
import { COLLECTION_FILES } from './format.ts';
import { concat } from './import-body.ts';

/**
 * The collection file out of an Anki package (a zip), and nothing else: the largest collection
 * read (inflated, and after zstd for `collection.anki21b`). A package declaring more, or whose
 * bytes turn out to be more than declared, is refused before it is held in memory: a zip bomb
 * costs at most this much.
 */
export const MAX_COLLECTION_BYTES = 128 * 1024 * 1024;

const invalid = () => new ApiError(400, 'anki_package_invalid');
const tooLarge = () => new ApiError(413, 'anki_package_too_large');

/** A thrown ApiError as it is; anything a decoder threw means the bytes are not what they claim. */
function asPackageError(error: unknown): ApiError {
  return error instanceof ApiError ? error : invalid();
}

/**
 * Which collection file to read and its declared size, from the zip's central directory alone
 * (nothing is inflated): the first of COLLECTION_FILES present, so the real `collection.anki21b`
 * of an Anki 2.1.50+ export wins over the dummy `collection.anki2` beside it.
 */
function chooseCollection(zip: Uint8Array): { name: string; declared: number } {
  const listed = new Map<string, number>();
  try {
    unzipSync(zip, {
      filter: (file) => {
        listed.set(file.name, file.originalSize);
        return false;
      },
    });
  } catch {
    throw invalid();
  }
  const name = COLLECTION_FILES.find((candidate) => listed.has(candidate));
  if (!name) throw invalid();
  const declared = listed.get(name) ?? 0;
  if (declared > MAX_COLLECTION_BYTES) throw tooLarge();
  return { name, declared };
}

/** One entry's bytes, inflated as they stream and counted: never more than it declared. */
function inflateEntry(zip: Uint8Array, name: string, declared: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let started = false;
  let finished = false;
  const unzipper = new Unzip((file) => {
    if (file.name !== name || started) return;
    started = true;
    file.ondata = (error, chunk, final) => {
      if (error) throw invalid();
      total += chunk.length;
      if (total > MAX_COLLECTION_BYTES) throw tooLarge();
      if (total > declared) throw invalid();
      chunks.push(chunk);
      if (final) finished = true;
    };
    file.start();
  });
  unzipper.register(UnzipInflate);
  try {
    unzipper.push(zip, true);
  } catch (error) {
    throw asPackageError(error);
  }
  if (!finished || total !== declared) throw invalid();
  return concat(chunks, total);
}

/**
 * The window a zstd frame asks the decoder to hold (RFC 8878 3.1.1.1), read before decoding:
 * the decoder allocates it up front, so a forged header could ask for gigabytes.
 */
function zstdWindow(data: Uint8Array): number {
  if (data.length < 6 || data[0] !== 0x28 || data[1] !== 0xb5 || data[2] !== 0x2f || data[3] !== 0xfd) throw invalid();
  const descriptor = data[4];
  const singleSegment = (descriptor >> 5) & 1;
  if (!singleSegment) {
    const exponent = 10 + (data[5] >> 3);
    const base = 2 ** exponent;
    return base + (base / 8) * (data[5] & 7);
  }
  // A single segment: the window is the content size (1, 2, 4 or 8 bytes after the dictionary id).
  const dictionaryBytes = [0, 1, 2, 4][descriptor & 3];
  const sizeBytes = [1, 2, 4, 8][descriptor >> 6];
  let size = 0;
  for (let i = sizeBytes - 1; i >= 0; i--) size = size * 256 + (data[5 + dictionaryBytes + i] ?? 0);
  return sizeBytes === 2 ? size + 256 : size;
}

/** `collection.anki21b`'s SQLite bytes out of their zstd frame, counted as they come. */
function unzstd(data: Uint8Array): Uint8Array {
  if (zstdWindow(data) > MAX_COLLECTION_BYTES) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const stream = new Decompress((chunk) => {
    total += chunk.length;
    if (total > MAX_COLLECTION_BYTES) throw tooLarge();
    chunks.push(chunk);
  });
  try {
    stream.push(data, true);
  } catch (error) {
    throw asPackageError(error);
  }
  return concat(chunks, total);
}

/**
 * The SQLite file of a package's collection. 400 anki_package_invalid: not a zip, no
 * collection, an entry that lies about its size or does not decode; 413
 * anki_package_too_large: a collection over MAX_COLLECTION_BYTES.
 */
export function collectionFile(zip: Uint8Array): Uint8Array {
  const { name, declared } = chooseCollection(zip);
  const bytes = inflateEntry(zip, name, declared);
  return name === 'collection.anki21b' ? unzstd(bytes) : bytes;
}
