import { entityTooLarge, invalidBucketName, invalidKey, invalidMimeType, invalidParameter, invalidRequest } from './errors.ts';

/**
 * The characters Supabase Storage accepts in an object key and a bucket name (S3's safe
 * set): ASCII letters, digits and `_/!.*'() &$=@;:+,?-`. No `%`, backslash, NUL, control
 * character or non-ASCII letter: what is refused here is refused on hosted Supabase too.
 */
const KEY_CHARACTERS = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]+$/;
const BUCKET_CHARACTERS = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]+$/;
/** S3's key limit, in bytes (all ASCII here, so characters). */
export const MAX_KEY_LENGTH = 1024;

/**
 * An object key as Storage accepts it, and stricter: no empty, `.` or `..` segment and no
 * leading or trailing slash, so a key names one place inside its bucket whatever reads it.
 * (Files are stored under their version id, never under the key: see files.ts.)
 */
export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || !KEY_CHARACTERS.test(key)) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

export function mustBeValidKey(key: unknown): string {
  if (typeof key !== 'string' || !isValidKey(key)) throw invalidKey(typeof key === 'string' ? key : '');
  return key;
}

/** Storage's bucket name rule (1-100 safe characters, no slash, no surrounding spaces), and not `.` or `..`. */
export function isValidBucketName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 100 &&
    BUCKET_CHARACTERS.test(name) &&
    name.trim() === name &&
    name !== '.' &&
    name !== '..'
  );
}

export function mustBeValidBucketName(name: unknown): string {
  if (typeof name !== 'string' || !isValidBucketName(name)) throw invalidBucketName();
  return name;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A string from a request body that Postgres and headers can take: no control characters or lone surrogates. */
export function cleanText(value: unknown, name: string, maxLength: number): string {
  if (typeof value !== 'string') throw invalidParameter(name);
  if (value.length > maxLength || CONTROL.test(value) || LONE_SURROGATE.test(value)) throw invalidParameter(name);
  return value;
}

/** An optional whole number in [min, max]; `fallback` when absent. */
export function wholeNumber(value: unknown, name: string, min: number, max: number, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) throw invalidParameter(name);
  return value;
}

const MIME_TYPE = /^[A-Za-z0-9!#$&^_.+-]{1,127}\/[A-Za-z0-9!#$&^_.+-]{1,127}$/;
const MIME_TYPE_WITH_PARAMETERS = /^[\x20-\x7e]{1,255}$/;

/**
 * The media type an upload declares, as Storage takes it: multipart parts give type/subtype
 * (busboy drops parameters), a plain body its Content-Type header as sent. Anything that
 * could not go back out in a Content-Type header is refused.
 */
export function uploadMimeType(value: string | null | undefined): string {
  const mimeType = (value ?? '').trim() || 'application/octet-stream';
  if (!MIME_TYPE_WITH_PARAMETERS.test(mimeType)) throw invalidMimeType(mimeType);
  return mimeType;
}

/**
 * Storage's check of a type against a bucket's allowed_mime_types: the type and subtype
 * must equal an allowed one's, or the allowed subtype is `*` (`audio/*`). Parameters are
 * part of the subtype here, as in Storage: `audio/webm;codecs=opus` is not `audio/webm`.
 */
export function assertAllowedMimeType(mimeType: string, allowed: readonly string[] | null): void {
  if (!allowed || allowed.length === 0) return;
  const [type, subtype, ...rest] = mimeType.split('/');
  if (subtype === undefined || rest.length > 0) throw invalidMimeType(mimeType);
  for (const entry of allowed) {
    const [allowedType, allowedSubtype] = entry.split('/');
    if (allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype)) return;
  }
  throw invalidMimeType(mimeType);
}

/** A bucket's allowed_mime_types as given when creating or updating it (Storage's pattern). */
export function validAllowedMimeTypes(value: unknown): string[] | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (!Array.isArray(value) || value.length > 100) throw invalidParameter('allowed_mime_types');
  const types = value.filter((entry) => entry !== '' && entry !== null);
  for (const type of types) {
    if (typeof type !== 'string' || type.length > 255) throw invalidMimeType(String(type));
    const [bare, ...parameters] = type.split(';');
    const wildcard = /^[A-Za-z0-9!#$&^_.+-]{1,127}\/\*$/.test(bare) || bare === '*';
    if (!(MIME_TYPE.test(bare) || wildcard) || parameters.some((p) => !/^\s*charset=[A-Za-z0-9-]+$/.test(p))) {
      throw invalidMimeType(type);
    }
  }
  return types as string[];
}

/** Storage's sizes: a byte count, or a string such as `2MB`, `1.5GB`, `300KB`, `10B` (decimal units). */
export function parseSize(value: unknown, globalLimit: number): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  let bytes: number;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) throw invalidParameter('file_size_limit');
    bytes = value;
  } else if (typeof value === 'string') {
    const match = /^([0-9]{1,15}(?:\.[0-9]{1,6})?)(gb|mb|kb|b)$/i.exec(value.trim());
    if (!match) throw invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
    const units: Record<string, number> = { GB: 1e9, MB: 1e6, KB: 1e3, B: 1 };
    bytes = Math.round(Number(match[1]) * units[match[2].toUpperCase()]);
  } else {
    throw invalidParameter('file_size_limit');
  }
  if (bytes > globalLimit) throw entityTooLarge();
  return bytes;
}

/** A Cache-Control value that can go back out in a header (printable ASCII, 200 characters at most). */
export function cleanCacheControl(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  if (!text) return 'no-cache';
  if (!/^[\x20-\x7e]{1,200}$/.test(text)) throw invalidRequest('Invalid Cache-Control');
  return text;
}
