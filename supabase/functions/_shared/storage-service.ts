import { env } from './env.ts';

/**
 * Supabase Storage as the api function talks to it: with the service key, the one request
 * it needs (removing files), as supabase-js's storage client sends it —
 * `DELETE {SUPABASE_URL}/storage/v1/object/{bucket}` with `{ prefixes: [names] }` — so the
 * same code reaches hosted Storage, `supabase start` and the local stack's stand-in without
 * another dependency.
 */

/** How long a removal may take before the reply goes out without it. */
const REMOVE_TIMEOUT_MS = 5_000;

/**
 * Removes files from a bucket after their rows are gone. Never throws: if Storage is
 * unreachable or refuses, the file is left behind (an orphan nobody lists, harmless) and
 * the failure is logged; the caller's request has already succeeded.
 */
export async function removeFiles(bucket: string, names: string[]): Promise<boolean> {
  let removed = true;
  for (let start = 0; start < names.length; start += REMOVE_BATCH) {
    removed = (await removeBatch(bucket, names.slice(start, start + REMOVE_BATCH))) && removed;
  }
  return removed;
}

/** Names per request (Storage takes up to 1000; a deleted account may have many). */
const REMOVE_BATCH = 100;

async function removeBatch(bucket: string, names: string[]): Promise<boolean> {
  const url = env('SUPABASE_URL');
  const key = env('SUPABASE_SERVICE_ROLE_KEY');
  if (!url || !key) {
    console.error(`api: cannot remove ${bucket} files (SUPABASE_URL or SUPABASE_SERVICE_ROLE_KEY unset): ${names.join(', ')}`);
    return false;
  }
  try {
    const response = await fetch(`${url.replace(/\/+$/, '')}/storage/v1/object/${encodeURIComponent(bucket)}`, {
      method: 'DELETE',
      headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ prefixes: names }),
      signal: AbortSignal.timeout(REMOVE_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (!response.ok) {
      console.error(`api: Storage refused to remove ${bucket} files (${response.status}): ${names.join(', ')}`);
      return false;
    }
    return true;
  } catch (error) {
    console.error(`api: Storage unreachable, ${bucket} files left behind (${error instanceof Error ? error.message : String(error)}): ${names.join(', ')}`);
    return false;
  }
}

/** A file's public address in a public bucket, as storage-js's getPublicUrl builds it. */
export function publicUrl(bucket: string, name: string): string {
  const base = (env('SUPABASE_URL') ?? '').replace(/\/+$/, '');
  return `${base}/storage/v1/object/public/${encodeURIComponent(bucket)}/${name.split('/').map(encodeURIComponent).join('/')}`;
}
