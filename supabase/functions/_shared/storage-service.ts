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
 * unreachable or refuses, the failure is logged and the file stays until the storage sweep
 * (the `sweep` function) removes it; the caller's request has already succeeded.
 */
export async function removeFiles(bucket: string, names: string[]): Promise<boolean> {
  let removed = true;
  for (let start = 0; start < names.length; start += REMOVE_BATCH) {
    removed = (await removeBatch(bucket, names.slice(start, start + REMOVE_BATCH))) !== null && removed;
  }
  return removed;
}

/** A file as the removal queue names it (private.storage_removals). */
export interface StoredFile {
  bucket_id: string;
  name: string;
}

/**
 * Removes files of any buckets, a bucket's at a time, as removeFiles does. `removed` counts
 * the objects Storage says it deleted; `failed` the files of requests that did not go
 * through (they stay queued for the sweep). After one failed request the rest is not tried
 * (Storage is down or refusing: no point in waiting for each timeout). Never throws.
 */
export async function removeStoredFiles(files: readonly StoredFile[]): Promise<{ removed: number; failed: number }> {
  const byBucket = new Map<string, string[]>();
  for (const file of files) byBucket.set(file.bucket_id, [...(byBucket.get(file.bucket_id) ?? []), file.name]);
  let removed = 0;
  let failed = 0;
  for (const [bucket, names] of byBucket) {
    for (let start = 0; start < names.length; start += REMOVE_BATCH) {
      const batch = names.slice(start, start + REMOVE_BATCH);
      const count = failed > 0 ? null : await removeBatch(bucket, batch);
      if (count === null) failed += batch.length;
      else removed += count;
    }
  }
  return { removed, failed };
}

/** Names per request (Storage takes up to 1000; a deleted account may have many). */
const REMOVE_BATCH = 100;

/** One removal request: how many objects Storage removed, or null when it refused or could not be reached. */
async function removeBatch(bucket: string, names: string[]): Promise<number | null> {
  const url = env('SUPABASE_URL');
  const key = env('SUPABASE_SERVICE_ROLE_KEY');
  if (!url || !key) {
    console.error(`api: cannot remove ${bucket} files (SUPABASE_URL or SUPABASE_SERVICE_ROLE_KEY unset): ${names.join(', ')}`);
    return null;
  }
  try {
    const response = await fetch(`${url.replace(/\/+$/, '')}/storage/v1/object/${encodeURIComponent(bucket)}`, {
      method: 'DELETE',
      headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ prefixes: names }),
      signal: AbortSignal.timeout(REMOVE_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      console.error(`api: Storage refused to remove ${bucket} files (${response.status}): ${names.join(', ')}`);
      return null;
    }
    // Storage answers with the objects it removed.
    const removed: unknown = await response.json().catch(() => null);
    return Array.isArray(removed) ? removed.length : 0;
  } catch (error) {
    console.error(`api: Storage unreachable, ${bucket} files left behind (${error instanceof Error ? error.message : String(error)}): ${names.join(', ')}`);
    return null;
  }
}

/** A file's public address in a public bucket, as storage-js's getPublicUrl builds it. */
export function publicUrl(bucket: string, name: string): string {
  const base = (env('SUPABASE_URL') ?? '').replace(/\/+$/, '');
  return `${base}/storage/v1/object/public/${encodeURIComponent(bucket)}/${name.split('/').map(encodeURIComponent).join('/')}`;
}
