import { env } from '@/lib/env';
import { RECORDINGS_BUCKET } from '@contract/limits';

/** Where the bucket lives: Supabase Storage on the app's Supabase (the page's own origin locally). */
export const storageUrl = new URL('storage/v1/', env.supabaseUrl.endsWith('/') ? env.supabaseUrl : `${env.supabaseUrl}/`).href;

/** An object path with each segment encoded (a name never escapes its folder as `..` or `%2F`). */
export const encodeObjectPath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/**
 * A recording's public URL, as storage-js's `getPublicUrl(path)` builds it: the bucket is
 * public, so anyone may listen without a token.
 */
export function recordingUrl(path: string): string {
  return new URL(`object/public/${RECORDINGS_BUCKET}/${encodeObjectPath(path)}`, storageUrl).href;
}
